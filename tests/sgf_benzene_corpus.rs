//! Opt-in count over Benzene's regression SGF files (`regression/sgf/` of
//! Benzene's source: 375 files HexGui and twogtp wrote): how many open, how
//! many of those replay to their recorded `RE`, and the refusals grouped by
//! reason. Run it with
//! `BENZENE_SGF=/path/to/benzene/regression/sgf cargo test --test sgf_benzene_corpus -- --ignored --nocapture`.

use boardwright::game::record::replay;
use boardwright::io::sgf::read_sgf;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            sgf_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "sgf") {
            out.push(p);
        }
    }
}

/// The kind of a refusal: its message up to the first quoted or numbered detail.
fn reason_kind(message: &str) -> String {
    message
        .split(|c: char| c == '\'' || c == '[' || c.is_ascii_digit())
        .next()
        .unwrap_or(message)
        .trim()
        .to_string()
}

#[test]
#[ignore = "needs Benzene's regression SGF files: set BENZENE_SGF"]
fn benzene_regression_sgf_files_open() {
    let dir = std::env::var("BENZENE_SGF")
        .unwrap_or_else(|_| "/work/benzene-src/regression/sgf".to_string());
    let mut files = Vec::new();
    sgf_files(Path::new(&dir), &mut files);
    assert!(!files.is_empty(), "no SGF files under {dir}");
    let (mut opened, mut with_result, mut setups, mut variations, mut noted) = (0, 0, 0, 0, 0);
    let mut refused: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let name = f.strip_prefix(&dir).unwrap_or(f).display().to_string();
        let result = read_sgf(&text)
            .map_err(|e| e.to_string())
            .and_then(|r| replay(&r, None).map(|_| r).map_err(|e| e.to_string()));
        match result {
            Ok(r) => {
                opened += 1;
                with_result += usize::from(r.result.is_some());
                setups += usize::from(r.setup.is_some());
                variations += usize::from(!r.variations.is_empty());
                noted += usize::from(!r.notes.is_empty());
                for n in &r.notes {
                    println!("note, {name}: {n}");
                }
            }
            Err(e) => refused
                .entry(reason_kind(&e))
                .or_default()
                .push(format!("{name}: {e}")),
        }
    }
    println!(
        "{} files: {opened} open ({with_result} replay to their recorded result (RE or resign), {setups} from a set-up position, {variations} with variations, {noted} with notes)",
        files.len()
    );
    for (kind, list) in &refused {
        println!("refused, {} file(s): {kind}", list.len());
        for l in list.iter().take(3) {
            println!("    {l}");
        }
    }
    assert_eq!(opened, files.len(), "some files were refused");
}
