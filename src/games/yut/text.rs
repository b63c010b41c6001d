//! The human text of yut answers.

mod picture;

use crate::games::count;
use crate::games::decimal::decimal;
use crate::games::yut::answer::{
    Analyze, Line, Position, RandomRolls, RollsLeft, Show, Solve, SolveRandom, Square,
};
use crate::games::yut::Answer;
use num_rational::BigRational;

/// The lines of one answer.
pub(crate) fn lines(answer: &Answer) -> Vec<String> {
    match answer {
        Answer::Show(s) => show(s),
        Answer::Solve(s) => solve(s),
        Answer::SolveRandom(s) => solve_random(s),
        Answer::Line(l) => line(l),
        Answer::LineRandom(r) => line_random(r),
        Answer::Analyze(a) => analyze(a),
        Answer::AnalyzeRandom(r) => analyze_random(r),
        Answer::NoRollsLeft(_) => vec!["no rolls left".to_string()],
    }
}

/// A square as the text names it: `20`, `start`, or `b22(22)` when its
/// name is not its score.
pub(crate) fn square(sq: &Square) -> String {
    let name = sq.name.as_str();
    if name == sq.score.to_string() || name == "start" || name == "finish" {
        name.to_string()
    } else {
        format!("{name}({})", sq.score)
    }
}

/// `piece N: SQUARE` for every piece.
fn pieces(at: &[Square]) -> Vec<String> {
    at.iter()
        .enumerate()
        .map(|(i, sq)| format!("piece {}: {}", i + 1, square(sq)))
        .collect()
}

/// The board with the pieces at `at`: a picture on the built-in board,
/// else one line per piece.
fn board(position: &Position, at: &[Square]) -> Vec<String> {
    if position.is_standard() {
        let ids: Vec<_> = at.iter().map(|s| s.id).collect();
        picture::standard(&position.track, &ids)
    } else {
        pieces(at)
    }
}

fn show(s: &Show) -> Vec<String> {
    let mut out = Vec::new();
    if s.position.is_standard() {
        out = picture::standard(&s.position.track, &s.position.squares());
    }
    out.extend(pieces(&s.position.pieces));
    let left = match &s.rolls {
        None => "no dice yet".to_string(),
        Some(RollsLeft::Fixed { rolls }) => format!(
            "rolls left: {}",
            rolls
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        ),
        Some(RollsLeft::Uniform { lo, hi, left }) => {
            format!("rolls left: {left} of a {lo}..{hi} die")
        }
    };
    out.push(format!("scored {}; {left}", s.scored));
    out
}

fn solve(s: &Solve) -> Vec<String> {
    let total = s.total();
    let mut out = vec![format!("best total score {total}")];
    if s.used > 0 {
        out.push(format!(
            "{} scored so far + {} from the remaining {}",
            s.scored,
            s.best,
            count(s.rolls.len() as u64, "roll")
        ));
    }
    out.push(format!("answer {total}"));
    out
}

fn solve_random(s: &SolveRandom) -> Vec<String> {
    let (lo, hi, left) = die(&s.dice);
    vec![
        format!("best expected score {}", decimal(&s.expected, 6)),
        format!(
            "exactly {} ({} of a fair {lo}..{hi} die, each seen before the move)",
            fraction(&s.expected),
            count(left, "roll")
        ),
    ]
}

fn line(l: &Line) -> Vec<String> {
    let mut out = Vec::new();
    for s in &l.steps {
        out.push(format!(
            "{:>3}. roll {}: piece {} {} → {}  +{} = {}",
            s.number,
            s.roll,
            s.piece + 1,
            square(&s.from),
            square(&s.to),
            s.score,
            s.total
        ));
        if l.boards {
            // `line boards`: the position after each move, as `show` draws it.
            let after = board(&l.position, &s.after);
            out.extend(after.into_iter().map(|b| format!("     {b}")));
        }
    }
    match l.skipped {
        0 => {}
        1 => out.push("every piece is home: the last roll is skipped".to_string()),
        n => out.push(format!(
            "every piece is home: the last {n} rolls are skipped"
        )),
    }
    out.push(format!("total {}", l.total()));
    out
}

fn analyze(a: &Analyze) -> Vec<String> {
    let best = a.best();
    let mut out = vec![format!("next roll {}:", a.roll)];
    for (i, (c, from)) in a.pieces.iter().zip(&a.position.pieces).enumerate() {
        let from = square(from);
        out.push(match (c.total, &c.to) {
            (Some(total), Some(to)) => format!(
                "  {} piece {}: {from} → {}, best total {total}",
                if Some(total) == best { "*" } else { " " },
                i + 1,
                square(to),
            ),
            _ => format!("    piece {}: {from}, cannot move", i + 1),
        });
    }
    out
}

/// The heading of a random-dice table.
fn random_heading(r: &RandomRolls) -> String {
    let (_, _, left) = die(&r.dice);
    format!(
        "random dice: the best move for each value of the next roll ({} left)",
        count(left, "roll")
    )
}

/// `roll 3` or `rolls 5..9`.
fn roll_values(first: u64, last: u64) -> String {
    if first == last {
        format!("roll {first}")
    } else {
        format!("rolls {first}..{last}")
    }
}

fn line_random(r: &RandomRolls) -> Vec<String> {
    let mut out = vec![random_heading(r)];
    for class in &r.classes {
        let rolls = roll_values(class.first, class.last);
        let best = class.best.and_then(|i| Some((i, class.pieces.get(i)?)));
        out.push(match best {
            Some((i, c)) => format!(
                "  {rolls}: piece {} → {}, expected total {}",
                i + 1,
                c.to.as_ref().map(square).unwrap_or_default(),
                c.expected.as_ref().map(ratio).unwrap_or_default()
            ),
            None => format!("  {rolls}: no piece can move"),
        });
    }
    out
}

fn analyze_random(r: &RandomRolls) -> Vec<String> {
    let mut out = vec![random_heading(r)];
    for class in &r.classes {
        out.push(format!("  {}:", roll_values(class.first, class.last)));
        for (i, c) in class.pieces.iter().enumerate() {
            let mark = if class.best == Some(i) { "*" } else { " " };
            out.push(match &c.expected {
                Some(v) => format!("    {mark} piece {}: expected total {}", i + 1, ratio(v)),
                None => format!("      piece {}: cannot move", i + 1),
            });
        }
    }
    out
}

/// The die's faces and the rolls left.
fn die(dice: &RollsLeft) -> (u64, u64, u64) {
    match dice {
        RollsLeft::Uniform { lo, hi, left } => (*lo, *hi, *left),
        RollsLeft::Fixed { rolls } => (0, 0, rolls.len() as u64),
    }
}

/// `12.5 = 25/2`.
fn ratio(r: &BigRational) -> String {
    format!("{} = {}", decimal(r, 6), fraction(r))
}

/// The exact fraction, or its size when it is too long to read
/// (JSON output always carries it whole).
fn fraction(r: &BigRational) -> String {
    let text = r.to_string();
    if text.len() <= 80 {
        text
    } else {
        format!(
            "a fraction of {} / {} digits",
            r.numer().to_string().len(),
            r.denom().to_string().len()
        )
    }
}
