//! The judge's native input format (BOJ 17837 / 17780): `N K`, then N rows
//! of N colours (0 white, 1 red, 2 blue), then K lines `row col dir`
//! (1-based; dir 1 right, 2 left, 3 up, 4 down).

use super::rules::{Colour, Dir, Mover, Setup};

/// Parse judge input into a [`Setup`] with the given stack rule and mover
/// (the judges use stack 4). Errors say what was expected, in words.
/// The result is also checked with [`Setup::validate`].
pub fn parse_judge_input(text: &str, stack: usize, mover: Mover) -> Result<Setup, String> {
    let mut tokens = text.split_whitespace();
    let mut next = |what: &str| -> Result<u64, String> {
        let tok = tokens
            .next()
            .ok_or_else(|| format!("the input ended where {what} was expected"))?;
        tok.parse::<u64>()
            .map_err(|_| format!("expected {what} (a number), found `{tok}`"))
    };
    let n = next("the board size N")?;
    let k = next("the number of pieces K")?;
    if n == 0 || n > 2048 {
        return Err(format!("the board size N must be 1..=2048, got {n}"));
    }
    let n = n as usize;
    if k > 1 << 20 {
        return Err(format!("K = {k} pieces is too many"));
    }
    let mut colours = Vec::with_capacity(n * n);
    for r in 0..n {
        for c in 0..n {
            let v = next(&format!("the colour of row {} column {}", r + 1, c + 1))?;
            colours.push(
                Colour::from_judge(v)
                    .ok_or_else(|| format!("a colour must be 0, 1 or 2, got {v}"))?,
            );
        }
    }
    let mut pieces = Vec::with_capacity(k as usize);
    for i in 1..=k {
        let r = next(&format!("the row of piece {i}"))?;
        let c = next(&format!("the column of piece {i}"))?;
        let d = next(&format!("the direction of piece {i}"))?;
        if r == 0 || c == 0 || r > n as u64 || c > n as u64 {
            return Err(format!("piece {i} at ({r}, {c}) is off the {n}×{n} board"));
        }
        let d = Dir::from_judge(d)
            .ok_or_else(|| format!("the direction of piece {i} must be 1..=4, got {d}"))?;
        pieces.push(((r as usize - 1, c as usize - 1), d));
    }
    if let Some(tok) = tokens.next() {
        return Err(format!("unexpected `{tok}` after the last piece"));
    }
    let setup = Setup {
        rows: n,
        cols: n,
        colours,
        pieces,
        stack,
        mover,
    };
    setup.validate().map_err(|e| e.to_string())?;
    Ok(setup)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_rejects() {
        let s = parse_judge_input(
            "4 1\n0 0 0 0\n0 1 0 0\n0 0 2 0\n0 0 0 0\n2 3 4\n",
            4,
            Mover::Any,
        )
        .unwrap();
        assert_eq!(s.colours[5], Colour::Red);
        assert_eq!(s.colours[10], Colour::Blue);
        assert_eq!(s.pieces, vec![((1, 2), Dir::Down)]);
        assert!(parse_judge_input("4 1\n0 0 0", 4, Mover::Any).is_err());
        assert!(parse_judge_input("1 1\n3\n1 1 1", 4, Mover::Any).is_err());
        assert!(parse_judge_input("1 1\n0\n1 1 5", 4, Mover::Any).is_err());
        assert!(parse_judge_input("2 2\n0 0 0 0\n1 1 1\n1 1 2", 4, Mover::Any).is_err());
        assert!(parse_judge_input("99999999999999999999 1", 4, Mover::Any).is_err());
    }
}
