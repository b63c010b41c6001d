//! The human text of stacking answers, and the board drawing they use: one
//! line per row, each cell its colour (`w`, `r`, `b`) then its stack
//! bottom to top (`:1>,2^`), padded to the widest cell.

use crate::games::grid::show_cell;
use crate::games::stacking::answer::{Board, Line, Position, Show, Solved, Stack};
use crate::games::stacking::rules::{Colour, Dir};
use crate::games::stacking::solve::Outcome;
use crate::games::stacking::Answer;

/// The lines of one answer.
pub(crate) fn lines(answer: &Answer) -> Vec<String> {
    match answer {
        Answer::Solve(s) => solved(s),
        Answer::Line(l) => line(l),
        Answer::Show(s) => show(s),
        Answer::Empty(e) => {
            let mut out = draw(&e.board, &[]);
            out.push("no pieces yet (place them with `piece 1 at (r, c) facing right`)".into());
            out
        }
    }
}

fn solved(s: &Solved) -> Vec<String> {
    vec![
        outcome(&s.outcome, s.stack),
        format!("answer {}", s.outcome.answer()),
    ]
}

fn line(l: &Line) -> Vec<String> {
    let mut out = vec![format!("turn {} (start):", l.start.turn)];
    out.extend(indented(&l.board, &l.start));
    for p in &l.turns {
        let done = if p.ends_here() {
            " (a stack is complete)"
        } else {
            ""
        };
        out.push(format!("turn {}{done}:", p.turn));
        out.extend(indented(&l.board, p));
    }
    if let Some(bound) = l.cut {
        out.push(format!(
            "… the trace stops after {bound} turns (write `line N` for more)"
        ));
    }
    out.push(outcome(&l.outcome, l.stack));
    out
}

fn show(s: &Show) -> Vec<String> {
    let p = &s.position;
    let mut out = draw(&s.board, &p.stacks);
    out.push(match p.ended_on {
        Some(t) => format!("after turn {}: the game ended during turn {t}", p.turn),
        None => format!(
            "after turn {} (turn {} is next)",
            p.turn,
            p.turn.saturating_add(1)
        ),
    });
    out.extend(p.pieces().iter().map(|q| {
        format!(
            "  piece {} at {} facing {}",
            q.number,
            show_cell(q.cell, s.board.origin),
            dir_name(q.dir)
        )
    }));
    out
}

/// How the game goes on, in a sentence.
fn outcome(o: &Outcome, stack: usize) -> String {
    match *o {
        Outcome::Ended { turn } => format!("a stack reaches {stack} during turn {turn}"),
        Outcome::Cycle { start, period } => format!(
            "the game never ends: the position at the start of turn {start} recurs every {period} turn{}",
            if period == 1 { "" } else { "s" }
        ),
        Outcome::LimitReached { limit } => {
            format!("no stack reaches {stack} within the limit of {limit} turns")
        }
        Outcome::Unproven { limit, turn } => format!(
            "no stack reaches {stack} within the limit of {limit} turns; whether the game ever \
             ends is not proven (no end and no repeat found by turn {turn}, when the budget ran out)"
        ),
    }
}

/// A position's drawing, indented for a `line`.
fn indented(board: &Board, p: &Position) -> Vec<String> {
    draw(board, &p.stacks)
        .into_iter()
        .map(|l| format!("  {l}"))
        .collect()
}

/// The board with its stacks (row-major, as in a [`Position`]), one line
/// per row, every cell padded to the widest one.
pub(crate) fn draw(board: &Board, stacks: &[Stack]) -> Vec<String> {
    let width = stacks.iter().map(Stack::label_chars).max().unwrap_or(1);
    let mut stacks = stacks.iter().peekable();
    (0..board.rows)
        .map(|r| {
            let mut line = String::with_capacity(board.cols * (width + 1));
            for c in 0..board.cols {
                let start = line.len();
                line.push(colour_char(board.colour((r, c))));
                if let Some(stack) = stacks.next_if(|s| s.cell == (r, c)) {
                    for (i, p) in stack.pieces.iter().enumerate() {
                        line.push(if i == 0 { ':' } else { ',' });
                        line.push_str(&p.number.to_string());
                        line.push(arrow(p.dir));
                    }
                }
                let pad = width + 1 - (line.len() - start);
                line.extend(std::iter::repeat_n(' ', pad));
            }
            line.truncate(line.trim_end().len());
            line
        })
        .collect()
}

fn arrow(d: Dir) -> char {
    match d {
        Dir::Right => '>',
        Dir::Left => '<',
        Dir::Up => '^',
        Dir::Down => 'v',
    }
}

fn dir_name(d: Dir) -> &'static str {
    match d {
        Dir::Right => "right",
        Dir::Left => "left",
        Dir::Up => "up",
        Dir::Down => "down",
    }
}

fn colour_char(c: Colour) -> char {
    match c {
        Colour::White => 'w',
        Colour::Red => 'r',
        Colour::Blue => 'b',
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stacking::answer::Piece;

    #[test]
    fn cells_are_padded_to_the_widest_label() {
        let board = Board {
            rows: 2,
            cols: 2,
            colours: vec![Colour::White, Colour::Red, Colour::Blue, Colour::White],
            origin: 0,
        };
        let stack = Stack {
            cell: (0, 1),
            pieces: vec![
                Piece {
                    number: 10,
                    dir: Dir::Up,
                },
                Piece {
                    number: 2,
                    dir: Dir::Left,
                },
            ],
        };
        let width = stack.label_chars();
        let drawn = draw(&board, std::slice::from_ref(&stack));
        assert_eq!(drawn, ["w        r:10^,2<", "b        w"]);
        // The session sizes the text with `label_chars`: it is the drawn width.
        assert_eq!(drawn[0].len(), 2 * (width + 1) - 1);
    }
}
