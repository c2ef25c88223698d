//! `boardwright generate` end to end (through the library's CLI entry point).

use boardwright::cli::generate::{GenerateArgs, generate};
use boardwright::cli::{Cli, run};
use clap::Parser;

fn cli(args: &[&str]) -> Result<(), String> {
    let mut all = vec!["boardwright"];
    all.extend_from_slice(args);
    let parsed = Cli::try_parse_from(all).map_err(|e| e.to_string())?;
    run(parsed).map(|_| ()).map_err(|f| f.message)
}

#[test]
fn writes_board_and_svg() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("b.ron");
    let svg = dir.path().join("b.svg");
    cli(&[
        "generate",
        "--size",
        "10x8",
        "--players",
        "4",
        "--seed",
        "7",
        "--required",
        "4,2",
        "--fill",
        "0.5",
        "-o",
        out.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
        "--report",
    ])
    .unwrap();
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("P1 fixed 4"), "{text}");
    // The board's SVG, as `convert` writes it: regions in their players' colours.
    let svg = std::fs::read_to_string(&svg).unwrap();
    assert!(svg.starts_with("<?xml") && svg.contains("<svg") && svg.contains("<polygon"));
    assert!(svg.contains("fill=\"#c0392b\""), "P1's fixed regions");
    assert!(svg.contains(">P1 fixed 4"), "labels");
}

#[test]
fn paper_layout_and_json_report() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("p.ron");
    let args = [
        "generate",
        "--layout",
        "paper",
        "--players",
        "5",
        "--seed",
        "3",
        "--required",
        "6",
        "-o",
        out.to_str().unwrap(),
        "--json",
    ];
    cli(&args).unwrap();
    // The report as the CLI prints it.
    let parsed = Cli::try_parse_from(std::iter::once("boardwright").chain(args)).unwrap();
    let Some(boardwright::cli::Command::Generate(a)) = parsed.command else {
        panic!("not generate")
    };
    let g = generate(&a).unwrap();
    let json: serde_json::Value = serde_json::from_str(&g.report.to_json()).unwrap();
    assert_eq!(json["identical_fixed_sizes"], true);
    assert_eq!(json["players"].as_array().unwrap().len(), 5);
    let _: &GenerateArgs = &a;
}

#[test]
fn impossible_request_fails_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.ron");
    let o = out.to_str().unwrap();
    let e = cli(&["generate", "--players", "9", "--seed", "1", "-o", o]).unwrap_err();
    assert!(e.contains("1 to 8 players"), "{e}");
    let e = cli(&[
        "generate",
        "--size",
        "6x6",
        "--players",
        "2",
        "--seed",
        "1",
        "--fill",
        "1",
        "-o",
        o,
    ])
    .unwrap_err();
    assert!(e.contains("no room for gardens"), "{e}");
    let e = cli(&[
        "generate",
        "--layout",
        "paper",
        "--size",
        "8x4",
        "--players",
        "2",
        "--seed",
        "1",
        "-o",
        o,
    ])
    .unwrap_err();
    assert!(e.contains("paper"), "{e}");
    assert!(
        cli(&[
            "generate",
            "--size",
            "0x3",
            "--players",
            "2",
            "--seed",
            "1",
            "-o",
            o
        ])
        .is_err()
    );
    assert!(!out.exists());
    // An existing file is left untouched when generation fails.
    std::fs::write(&out, "keep me").unwrap();
    let _ = cli(&["generate", "--players", "9", "--seed", "1", "-o", o]);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "keep me");
}

#[test]
fn base_file_round_trip() {
    // A generated board can itself be the base of a new generation (any polygon board).
    let dir = tempfile::tempdir().unwrap();
    let first = dir.path().join("first.ron");
    let second = dir.path().join("second.ron");
    cli(&[
        "generate",
        "--size",
        "12x12",
        "--players",
        "1",
        "--seed",
        "2",
        "--fill",
        "0.3",
        "-o",
        first.to_str().unwrap(),
    ])
    .unwrap();
    cli(&[
        "generate",
        "--base",
        first.to_str().unwrap(),
        "--players",
        "2",
        "--seed",
        "5",
        "--fill",
        "0.4",
        "--min-size",
        "1",
        "--max-size",
        "3",
        "-o",
        second.to_str().unwrap(),
    ])
    .unwrap();
    assert!(std::fs::read_to_string(&second).unwrap().contains("P2 "));
}
