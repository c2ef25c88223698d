//! `boardwright params --rules R`: the engine parameters a game takes
//! (`--params name=value,…` of `gtp`, `selfplay` and `bench`), the values
//! it plays with, the values each accepts and what each does; and the
//! search's parameters that do nothing in that game, with the reason.

use super::play::parse_kind;
use super::{CliFailure, print_out};
use crate::game::RulesKind;
use clap::Args;
use std::fmt::Write as _;

#[derive(Debug, Args)]
pub struct ParamsArgs {
    /// The game: hex, twixt, loa, boco, y or havannah.
    #[arg(long, value_parser = parse_kind)]
    pub rules: RulesKind,
    /// Print the table as JSON (name, value, values, about, own).
    #[arg(long)]
    pub json: bool,
}

/// A parameter's value as it was set: every parameter is stored as an `f32`
/// or a whole number, so this prints `0.3`, not `0.30000001192092896`.
fn shown(v: f64) -> String {
    format!("{}", v as f32)
}

pub fn run(args: ParamsArgs) -> Result<(), CliFailure> {
    let kind = args.rules;
    let rows = (kind.entry().param_table)();
    let (rows, unused): (Vec<_>, Vec<_>) = rows.into_iter().partition(|r| r.unused.is_none());
    let unused: Vec<(&str, String)> = unused
        .into_iter()
        .map(|r| (r.spec.name, r.unused.unwrap_or_default()))
        .collect();
    if args.json {
        let list: Vec<serde_json::Value> = rows
            .iter()
            .map(|r| {
                serde_json::json!({
                    "name": r.spec.name,
                    "value": r.value,
                    "values": r.spec.range.describe(),
                    "about": r.spec.about,
                    "own": r.own,
                })
            })
            .collect();
        let not_used: Vec<serde_json::Value> = unused
            .iter()
            .map(|(name, why)| serde_json::json!({ "name": name, "why": why }))
            .collect();
        let doc = serde_json::json!({
            "rules": kind.name(),
            "params": list,
            "not_used": not_used,
        });
        let text = serde_json::to_string_pretty(&doc)
            .map_err(|e| CliFailure::new(format!("cannot write JSON: {e}")))?;
        return print_out(&(text + "\n"));
    }
    let title = kind.title();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{title}: the engine's parameters (gtp, selfplay, bench: --params name=value,…) and the values {title} plays with"
    );
    let name_w = rows.iter().map(|r| r.spec.name.len()).max().unwrap_or(4);
    let values: Vec<String> = rows.iter().map(|r| r.spec.range.describe()).collect();
    let value_w = rows
        .iter()
        .map(|r| shown(r.value).chars().count())
        .max()
        .unwrap_or(5)
        .max(5);
    let values_w = values.iter().map(|v| v.chars().count()).max().unwrap_or(6);
    for own in [false, true] {
        let group: Vec<usize> = (0..rows.len()).filter(|&i| rows[i].own == own).collect();
        if group.is_empty() {
            continue;
        }
        let _ = writeln!(
            out,
            "\n{}",
            if own {
                format!("{title}'s own settings")
            } else {
                "the search".to_string()
            }
        );
        for i in group {
            let r = &rows[i];
            let v = shown(r.value);
            let _ = writeln!(
                out,
                "  {:<name_w$}  {v:>value_w$}  {}{}  {}",
                r.spec.name,
                values[i],
                " ".repeat(values_w - values[i].chars().count()),
                r.spec.about,
            );
        }
    }
    if !unused.is_empty() {
        let _ = writeln!(out, "\ndo nothing in {title}:");
        let mut reasons: Vec<&str> = Vec::new();
        for (_, why) in &unused {
            if !reasons.contains(&why.as_str()) {
                reasons.push(why);
            }
        }
        for why in reasons {
            let names: Vec<&str> = unused
                .iter()
                .filter(|(_, w)| w == why)
                .map(|(n, _)| *n)
                .collect();
            let _ = writeln!(out, "  {} ({why})", names.join(", "));
        }
    }
    print_out(&out)
}
