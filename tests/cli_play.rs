//! `boardwright play` and `boardwright perft` from the command line.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardwright"))
        .args(args)
        .output()
        .expect("run boardwright")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn json_gives_the_final_position() {
    let o = run(&[
        "play",
        "--rules",
        "hex",
        "--size",
        "3",
        "--moves",
        "a1 b1 a2 b2",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "{\"ply\":4,\"to_move\":0,\"legal\":[\"a3\",\"b3\",\"c1\",\"c2\",\"c3\"],\"outcome\":null}\n"
    );
    let o = run(&[
        "play",
        "--rules",
        "hex",
        "--size",
        "3",
        "--moves",
        "a1,b1,a2,b2,a3",
        "--json",
    ]);
    assert_eq!(
        stdout(&o),
        "{\"ply\":5,\"to_move\":null,\"legal\":[],\"outcome\":{\"winner\":0,\"reason\":\"Red connected top and bottom\"}}\n"
    );
}

#[test]
fn trace_gives_every_position() {
    let o = run(&[
        "play",
        "--rules",
        "boco",
        "--size",
        "2",
        "--moves",
        "a1 b1 a2 b2",
        "--trace",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(
        lines[0],
        "{\"ply\":0,\"to_move\":0,\"legal\":[\"a1\",\"a2\",\"b1\",\"b2\"],\"outcome\":null}"
    );
    assert_eq!(
        lines[1],
        "{\"ply\":1,\"to_move\":1,\"legal\":[\"a2\",\"b1\"],\"outcome\":null}"
    );
    assert_eq!(
        lines[4],
        "{\"ply\":4,\"to_move\":null,\"legal\":[],\"outcome\":{\"winner\":null,\"reason\":\"the board is full and nobody was encircled\"}}"
    );
}

#[test]
fn illegal_moves_exit_with_code_2_and_one_line() {
    let o = run(&["play", "--rules", "boco", "--size", "8", "--moves", "c3 a1"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "boardwright: ply 2: move 'a1' refused: a1 is not adjacent to a played face\n"
    );
    let o = run(&["play", "--rules", "hex", "--moves", "f6 zz99", "--json"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "boardwright: ply 2: move 'zz99' refused: 'zz99' is not a face of this board\n"
    );
    assert_eq!(stdout(&o), "", "no JSON for a failed script");
    // With --trace the positions before the bad move are printed.
    let o = run(&[
        "play", "--rules", "hex", "--size", "3", "--moves", "a1 a1", "--trace",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o).lines().count(), 2);
    assert!(stderr(&o).contains("ply 2: move 'a1' refused: a1 is occupied"));
}

#[test]
fn plain_output_shows_board_turn_and_moves() {
    let o = run(&[
        "play", "--rules", "hex", "--size", "3", "--swap", "--moves", "b1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("1 . X ."), "{out}");
    assert!(out.contains("Blue to move"), "{out}");
    assert!(
        out.contains("9 legal moves: a1 a2 a3 b2 b3 c1 c2 c3 swap"),
        "{out}"
    );
}

#[test]
fn option_errors_are_clear() {
    let o = run(&["play", "--rules", "boco", "--swap"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("BOCO has no swap rule"),
        "{}",
        stderr(&o)
    );
    // A size out of range is an argument error: 2, as README says.
    let o = run(&["play", "--rules", "hex", "--size", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("hex size 0 is out of range"),
        "{}",
        stderr(&o)
    );
    let o = run(&["play", "--rules", "chess"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("unknown rules 'chess'"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn perft_counts_each_depth() {
    let o = run(&["perft", "--rules", "hex", "--size", "3", "--depth", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "depth 1: 9\ndepth 2: 72\ndepth 3: 504\n");
    // BOCO on 2×2: the first move anywhere, then one of its two neighbours, then
    // either remaining face (each touches a played one), then the last.
    let o = run(&["perft", "--rules", "boco", "--size", "2", "--depth", "4"]);
    assert_eq!(
        stdout(&o),
        "depth 1: 4\ndepth 2: 8\ndepth 3: 16\ndepth 4: 16\n"
    );
    let o = run(&["perft", "--rules", "hex", "--depth", "0"]);
    assert_eq!(o.status.code(), Some(2), "a usage error, not a panic");
    assert!(
        stderr(&o).contains("out of range (1 to 12)"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn loa_repetition_draws_and_the_tournament_rule_is_an_option() {
    let line = "e1-e3 h3-f5 e8-g6 f5-h3 g6-e8";
    let o = run(&["play", "--rules", "loa", "--moves", line, "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "{\"ply\":5,\"to_move\":null,\"legal\":[],\"outcome\":{\"winner\":null,\"reason\":\"draw by repetition: the position after ply 1 occurred again with the same player to move\"}}\n"
    );
    let o = run(&[
        "play",
        "--rules",
        "loa",
        "--repetition",
        "third",
        "--moves",
        line,
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("\"outcome\":null"), "{}", stdout(&o));
    let o = run(&["play", "--rules", "loa", "--repetition", "fourth"]);
    assert_eq!(o.status.code(), Some(2), "clap's usage error");
    assert!(
        stderr(&o).contains("unknown repetition rule 'fourth' (expected second or third)"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn y_and_havannah_play_on_their_tiled_default_boards() {
    // Y on a triangle of side 4: a1-b1-c1-d1 touches all three sides.
    let o = run(&[
        "play",
        "--rules",
        "y",
        "--size",
        "4",
        "--moves",
        "a1 a2 b1 b2 c1 a3 d1",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "{\"ply\":7,\"to_move\":null,\"legal\":[],\"outcome\":{\"winner\":0,\"reason\":\"Black joined all three sides (bottom, left and right)\"}}\n"
    );
    // Havannah on a hexagon of side 4: d1 and g1 are corners.
    let o = run(&[
        "play",
        "--rules",
        "havannah",
        "--size",
        "4",
        "--moves",
        "d1 b5 e1 b6 f1 c6 g1",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("\"reason\":\"Black made a bridge\""),
        "{}",
        stdout(&o)
    );
    // The default Havannah board is the base-8 hexagon: 3·8·7 + 1 cells.
    let o = run(&["play", "--rules", "havannah", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let legal = stdout(&o).matches(',').count();
    assert!(legal >= 169, "{}", stdout(&o));
    let o = run(&["play", "--rules", "havannah", "--size", "99"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("size 99 is out of range (2 to 20)"),
        "{}",
        stderr(&o)
    );
}
