//! The human text of footholds answers, drawn from their values.

use crate::games::footholds::answer::{
    player_name as name, Analyze, Answer, Line, Loss, Partial, Show, Solve, Stuck,
};
use crate::games::footholds::rules::{Cell, Position};
use crate::games::grid::show_cell;

/// The lines of one answer.
pub(crate) fn lines(answer: &Answer) -> Vec<String> {
    match answer {
        Answer::Solve(s) => solve(s),
        Answer::Line(l) => line(l),
        Answer::Analyze(a) => analyze(a),
        Answer::Stuck(s) => stuck(s),
        Answer::Show(s) => show(s),
        Answer::Partial(p) => partial(p),
    }
}

fn solve(s: &Solve) -> Vec<String> {
    let total = s.total();
    let verdict = if s.played == 0 {
        format!(
            "{} wins after {} in all",
            name(s.winner),
            plural(s.moves, "move")
        )
    } else {
        format!(
            "{} wins after {} ({total} in all)",
            name(s.winner),
            plural(s.moves, "more move")
        )
    };
    vec![verdict, format!("answer {total}")]
}

fn line(l: &Line) -> Vec<String> {
    let mut out = Vec::new();
    if l.boards {
        out.push("start:".to_string());
        out.extend(draw(&l.start).into_iter().map(|r| format!("  {r}")));
    }
    for (i, m) in l.moves.iter().enumerate() {
        out.push(format!(
            "{:>3}. {} {} {} → {}",
            i + 1,
            name(m.player),
            m.heading.map_or("to", |h| h.name()),
            show_cell(m.from, l.origin),
            show_cell(m.to, l.origin)
        ));
        if l.boards {
            out.extend(draw(&m.after).into_iter().map(|r| format!("     {r}")));
        }
    }
    out.push(format!(
        "{} cannot move: {}. {} wins after {}.",
        name(l.loser),
        why(l.loss),
        name(l.winner()),
        plural(l.moves.len() as u64, "move")
    ));
    out
}

fn analyze(a: &Analyze) -> Vec<String> {
    let mut out = vec![format!(
        "{} to move from {}:",
        name(a.mover),
        show_cell(a.from, a.origin)
    )];
    for (i, c) in a.moves.iter().enumerate() {
        out.push(format!(
            "  {} {:<10} {}  {} in {}",
            if i == 0 { "*" } else { " " },
            c.heading.map_or("to", |h| h.name()),
            show_cell(c.to, a.origin),
            if c.wins { "wins" } else { "loses" },
            c.moves
        ));
    }
    out
}

fn stuck(s: &Stuck) -> Vec<String> {
    vec![format!(
        "{} to move has lost: {}",
        name(s.loser),
        why(s.loss)
    )]
}

fn show(s: &Show) -> Vec<String> {
    let p = &s.position;
    let mut out = draw(p);
    out.push(format!(
        "{} to move; A at {}, B at {}",
        name(p.to_move),
        show_cell(p.a, s.origin),
        show_cell(p.b, s.origin)
    ));
    out
}

fn partial(p: &Partial) -> Vec<String> {
    let mut out = draw_cells(p.rows, p.cols, &p.cells, p.a, p.b);
    let missing: Vec<&str> = p.missing().into_iter().map(name).collect();
    out.push(format!(
        "not placed yet: {} (place with `piece {} at (row, col)`)",
        missing.join(" and "),
        missing.first().copied().unwrap_or("A")
    ));
    out
}

/// Why the side to move has lost, in words.
fn why(loss: Loss) -> &'static str {
    match loss {
        Loss::Vanished => "the foothold under it has vanished",
        Loss::Blocked => "it has no foothold to step to",
    }
}

/// "1 move", "5 moves".
fn plural(n: impl Into<u128>, word: &str) -> String {
    crate::games::count(n, word)
}

/// A position as `show` draws it.
fn draw(p: &Position) -> Vec<String> {
    draw_cells(p.rows, p.cols, &p.cells, Some(p.a), Some(p.b))
}

/// A board as `show` draws it: `o` foothold, `.` hole, `A`/`B` the players
/// (where placed), `*` both on one cell; one line per row.
fn draw_cells(
    rows: usize,
    cols: usize,
    cells: &[bool],
    a: Option<Cell>,
    b: Option<Cell>,
) -> Vec<String> {
    (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| {
                    let here = Some((r, c));
                    match (a == here, b == here) {
                        (true, true) => "*",
                        (true, false) => "A",
                        (false, true) => "B",
                        _ if cells.get(r * cols + c) == Some(&true) => "o",
                        _ => ".",
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}
