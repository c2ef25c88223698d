//! The GTP match harness (`tests/reference/gtp_match.py`, which plays
//! boardwright against external GTP engines such as MoHex) is Python; its own
//! tests run here against this build's `boardwright` binary, so a change to the
//! GTP or `play --json` output that breaks the harness fails `cargo test`.

use std::process::Command;

#[test]
fn gtp_match_harness_passes_its_tests() {
    let out = Command::new("python3")
        .args([
            "-m",
            "unittest",
            "discover",
            "-s",
            "tests/reference",
            "-p",
            "test_*.py",
        ])
        .env("BOARDWRIGHT", env!("CARGO_BIN_EXE_boardwright"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("python3 runs the harness tests (Debian: apt-get install python3)");
    let report = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "harness tests failed:\n{report}");
    assert!(
        !report.contains("skipped"),
        "harness tests were skipped:\n{report}"
    );
}
