//! Which diagnostic a statement with two faults reports: the order of a
//! game's state checks and name checks, kept as it is when statements are
//! lowered to typed commands before a game applies them.

/// The first diagnostic of checking `stmts` in a scenario of `game`: its
/// code, message, labelled texts and help.
fn first(game: &str, stmts: &str) -> String {
    let src = format!("scenario \"s\" {{\n  game {game}\n{stmts}}}\n");
    let (file, parse) = crate::syntax::parse(&src);
    assert!(parse.is_empty(), "{parse:?}");
    let ds = crate::check::check(file).err().expect("an error");
    let d = &ds[0];
    let labels: Vec<(&str, &str)> = d
        .labels
        .iter()
        .map(|(s, l)| (&src[s.start()..s.end()], l.as_str()))
        .collect();
    format!(
        "{:?}: {} {labels:?} help: {}",
        d.code,
        d.message,
        d.help.as_deref().unwrap_or("")
    )
}

const GRID: &str = "  board {\n    1 1\n    1 1\n  }\n";

#[test]
fn footholds_an_unknown_player_is_reported_after_the_missing_board() {
    assert_eq!(
        first("footholds", "  play C up\n"),
        "QueryMissing: `play` needs a board [(\"play C up\", \"nothing before this declares a board\")] help: declare `board { … }` (or `input \"\"\"…\"\"\"`) before asking"
    );
    let full = format!("{GRID}  piece A at (0, 0)\n  piece B at (1, 1)\n  play C to (0, 1)\n");
    assert_eq!(
        first("footholds", &full),
        "PieceName: footholds has no player `C` [(\"C\", \"not a player\")] help: the footholds players are A and B"
    );
}

#[test]
fn footholds_an_unknown_piece_off_the_board_is_named_in_the_bounds_error() {
    let src = format!("{GRID}  piece C at (99, 99)\n");
    assert_eq!(
        first("footholds", &src),
        "PieceOffBoard: player C is off the board [(\"(99, 99)\", \"not on a 2×2 board\")] help: rows count 0..1 and columns 0..1 here (rule origin 0)"
    );
    assert_eq!(
        first("footholds", "  piece C at (0, 0)\n"),
        "BoardMissing: a piece is placed before the board [(\"(0, 0)\", \"no board yet\")] help: declare `board { … }` before the pieces"
    );
    assert!(first("footholds", "  piece C at (-1, 0)\n")
        .starts_with("PieceOffBoard: player C is off the board"));
    assert!(first("footholds", &format!("{GRID}  piece C at (0, 0)\n"))
        .starts_with("PieceName: footholds has no piece `C`"));
    assert!(first("footholds", "  piece C at (-1, 0) facing up\n").starts_with("PieceFacing:"));
}

#[test]
fn yut_a_piece_number_is_checked_after_the_dice_and_the_rolls_left() {
    assert!(first("yut", "  board yut\n  play piece 9\n")
        .starts_with("QueryMissing: `play` needs dice"));
    assert!(first("yut", "  dice 1\n  play piece 9\n")
        .starts_with("QueryMissing: `play` needs a board"));
    assert!(first(
        "yut",
        "  board yut\n  dice uniform 1..5 x 3\n  play piece 9\n"
    )
    .starts_with("PlayIllegal: with random dice the next roll is not known"));
    assert!(first(
        "yut",
        "  board yut\n  dice 1\n  play piece 1\n  play piece 9\n"
    )
    .starts_with("PlayIllegal: no rolls are left"));
    assert_eq!(
        first("yut", "  board yut\n  dice 1\n  play piece 9\n"),
        "PieceName: there is no piece 9 [(\"9\", \"pieces are 1..4\")] help: set the number of pieces with `rule pieces N`"
    );
}

#[test]
fn stacking_a_piece_name_is_checked_after_the_board_and_before_its_facing() {
    assert!(first("stacking", "  piece A at (0, 0)\n").starts_with("BoardMissing:"));
    assert!(first("stacking", &format!("{GRID}  piece A at (9, 9)\n"))
        .starts_with("PieceName: stacking pieces are numbered, not `A`"));
    assert!(first(
        "stacking",
        &format!("{GRID}  piece 0 at (0, 0) facing up\n")
    )
    .starts_with("PieceName: stacking pieces are numbered, not `0`"));
    assert!(first("stacking", &format!("{GRID}  piece 1 at (9, 9)\n"))
        .starts_with("PieceFacing: piece 1 does not say where it faces"));
    assert!(first(
        "stacking",
        &format!("{GRID}  piece 1 at (9, 9) facing up\n")
    )
    .starts_with("PieceOffBoard: piece 1 is off the board"));
}
