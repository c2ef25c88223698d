//! The fairness report: per player figures and the largest difference between players.

use super::{Generator, Layout, RegionInfo, RegionKind};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// One player's share of the board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerFigures {
    /// 1-based player number.
    pub player: u8,
    /// Faces and area of the player's section.
    pub section_faces: u32,
    pub section_area: f64,
    pub fixed_count: u32,
    pub fixed_faces: u32,
    pub fixed_area: f64,
    pub garden_count: u32,
    pub garden_faces: u32,
    pub garden_area: f64,
    /// Fixed region sizes, largest first (the multiset that must match between players).
    pub fixed_sizes: Vec<u32>,
    /// Garden sizes, largest first.
    pub garden_sizes: Vec<u32>,
    /// Size → (fixed regions, gardens) of that size.
    pub histogram: BTreeMap<u32, (u32, u32)>,
}

/// Largest difference between any two players for each figure.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Spread {
    pub section_faces: u32,
    pub section_area: f64,
    pub fixed_count: u32,
    pub fixed_faces: u32,
    pub fixed_area: f64,
    pub garden_count: u32,
    pub garden_faces: u32,
    pub garden_area: f64,
    /// Per size: the largest difference in the number of fixed regions / gardens.
    pub histogram: BTreeMap<u32, (u32, u32)>,
}

/// Fairness of one generated board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FairnessReport {
    pub seed: u64,
    pub attempts: u32,
    pub layout: String,
    pub base_faces: u32,
    /// Requested fill fraction and the fixed-region faces it became.
    pub fill_requested: f64,
    pub fixed_faces_total: u32,
    pub fill_actual: f64,
    pub required: Vec<u32>,
    pub players: Vec<PlayerFigures>,
    pub spread: Spread,
    /// Whether every player has exactly the same multiset of fixed region sizes.
    pub identical_fixed_sizes: bool,
    /// Whether every player has at least one fixed region and one garden.
    pub everyone_has_both: bool,
    /// Notes on how the request was interpreted (rounding of the budget, …).
    pub notes: Vec<String>,
}

fn spread_u(v: impl Iterator<Item = u32> + Clone) -> u32 {
    v.clone().max().unwrap_or(0) - v.min().unwrap_or(0)
}
fn spread_f(v: impl Iterator<Item = f64> + Clone) -> f64 {
    let max = v.clone().fold(f64::NEG_INFINITY, f64::max);
    let min = v.fold(f64::INFINITY, f64::min);
    if max.is_finite() { max - min } else { 0.0 }
}

impl FairnessReport {
    pub(super) fn new(gtr: &Generator, regions: &[RegionInfo], seed: u64, attempts: u32) -> Self {
        let np = gtr.config.players as usize;
        let mut players: Vec<PlayerFigures> = (0..np)
            .map(|p| {
                let faces = &gtr.sections.faces[p];
                PlayerFigures {
                    player: p as u8 + 1,
                    section_faces: faces.len() as u32,
                    section_area: faces.iter().map(|&f| gtr.topo.area[f as usize]).sum(),
                    fixed_count: 0,
                    fixed_faces: 0,
                    fixed_area: 0.0,
                    garden_count: 0,
                    garden_faces: 0,
                    garden_area: 0.0,
                    fixed_sizes: Vec::new(),
                    garden_sizes: Vec::new(),
                    histogram: BTreeMap::new(),
                }
            })
            .collect();
        for r in regions {
            let pf = &mut players[r.player as usize];
            let s = r.size();
            let h = pf.histogram.entry(s).or_insert((0, 0));
            match r.kind {
                RegionKind::Fixed => {
                    pf.fixed_count += 1;
                    pf.fixed_faces += s;
                    pf.fixed_area += r.area;
                    pf.fixed_sizes.push(s);
                    h.0 += 1;
                }
                RegionKind::Garden => {
                    pf.garden_count += 1;
                    pf.garden_faces += s;
                    pf.garden_area += r.area;
                    pf.garden_sizes.push(s);
                    h.1 += 1;
                }
            }
        }
        for pf in &mut players {
            pf.fixed_sizes.sort_unstable_by(|a, b| b.cmp(a));
            pf.garden_sizes.sort_unstable_by(|a, b| b.cmp(a));
        }
        let sizes: std::collections::BTreeSet<u32> = players
            .iter()
            .flat_map(|p| p.histogram.keys().copied())
            .collect();
        let ps = &players;
        let histogram = sizes
            .into_iter()
            .map(|s| {
                let get = |p: &PlayerFigures| p.histogram.get(&s).copied().unwrap_or((0, 0));
                (
                    s,
                    (
                        spread_u(ps.iter().map(move |p| get(p).0)),
                        spread_u(ps.iter().map(move |p| get(p).1)),
                    ),
                )
            })
            .collect();
        let spread = Spread {
            section_faces: spread_u(ps.iter().map(|p| p.section_faces)),
            section_area: spread_f(ps.iter().map(|p| p.section_area)),
            fixed_count: spread_u(ps.iter().map(|p| p.fixed_count)),
            fixed_faces: spread_u(ps.iter().map(|p| p.fixed_faces)),
            fixed_area: spread_f(ps.iter().map(|p| p.fixed_area)),
            garden_count: spread_u(ps.iter().map(|p| p.garden_count)),
            garden_faces: spread_u(ps.iter().map(|p| p.garden_faces)),
            garden_area: spread_f(ps.iter().map(|p| p.garden_area)),
            histogram,
        };
        let identical_fixed_sizes = ps.windows(2).all(|w| w[0].fixed_sizes == w[1].fixed_sizes);
        let everyone_has_both = ps.iter().all(|p| p.fixed_count > 0 && p.garden_count > 0);
        let base_faces = gtr.topo.face_count() as u32;
        let fixed_faces_total: u32 = ps.iter().map(|p| p.fixed_faces).sum();
        let plan = &gtr.config.plan;
        let mut notes = Vec::new();
        match gtr.config.layout {
            Layout::Paper => notes.push(format!(
                "paper layout: every player gets {} fixed faces (fill × faces rounded to a multiple \
                 of {} players) so all players get the same region sizes",
                gtr.common, np
            )),
            Layout::Auto(_) => {
                if gtr.budget.iter().any(|&b| b != gtr.common) {
                    notes.push(format!(
                        "the fixed budget {} is not a multiple of {np} players: the largest \
                         sections get one more fixed face",
                        fixed_faces_total
                    ));
                }
            }
        }
        if !plan.required.is_empty() {
            notes.push("every player gets one region of each required size".into());
        }
        FairnessReport {
            seed,
            attempts,
            layout: gtr.sections.description.clone(),
            base_faces,
            fill_requested: plan.fill,
            fixed_faces_total,
            fill_actual: fixed_faces_total as f64 / base_faces.max(1) as f64,
            required: plan.required.clone(),
            players,
            spread,
            identical_fixed_sizes,
            everyone_has_both,
            notes,
        }
    }

    /// Pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }

    /// A plain-text table.
    pub fn to_table(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "Fairness report (seed {}, {} attempt(s))",
            self.seed, self.attempts
        );
        let _ = writeln!(s, "Layout: {}", self.layout);
        let _ = writeln!(
            s,
            "Fixed faces: {} of {} ({:.1} %; requested {:.1} %)",
            self.fixed_faces_total,
            self.base_faces,
            100.0 * self.fill_actual,
            100.0 * self.fill_requested
        );
        if !self.required.is_empty() {
            let r: Vec<String> = self.required.iter().map(u32::to_string).collect();
            let _ = writeln!(s, "Required sizes per player: {}", r.join(", "));
        }
        let header = [
            "player",
            "section",
            "fixed",
            "fixed faces",
            "fixed area",
            "gardens",
            "garden faces",
            "garden area",
            "fixed sizes",
            "garden sizes",
        ];
        let mut rows: Vec<Vec<String>> = vec![header.iter().map(|h| h.to_string()).collect()];
        let join = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
        for p in &self.players {
            rows.push(vec![
                format!("P{}", p.player),
                p.section_faces.to_string(),
                p.fixed_count.to_string(),
                p.fixed_faces.to_string(),
                format!("{:.2}", p.fixed_area),
                p.garden_count.to_string(),
                p.garden_faces.to_string(),
                format!("{:.2}", p.garden_area),
                join(&p.fixed_sizes),
                join(&p.garden_sizes),
            ]);
        }
        let d = &self.spread;
        rows.push(vec![
            "max diff".into(),
            d.section_faces.to_string(),
            d.fixed_count.to_string(),
            d.fixed_faces.to_string(),
            format!("{:.2}", d.fixed_area),
            d.garden_count.to_string(),
            d.garden_faces.to_string(),
            format!("{:.2}", d.garden_area),
            if self.identical_fixed_sizes {
                "identical".into()
            } else {
                "differ".into()
            },
            String::new(),
        ]);
        write_table(&mut s, &rows);
        // Size histogram.
        let sizes: Vec<u32> = d.histogram.keys().copied().collect();
        let mut rows: Vec<Vec<String>> = Vec::new();
        let mut h = vec!["size (fixed/garden)".to_string()];
        h.extend(sizes.iter().map(|s| s.to_string()));
        rows.push(h);
        for p in &self.players {
            let mut r = vec![format!("P{}", p.player)];
            for sz in &sizes {
                let (a, b) = p.histogram.get(sz).copied().unwrap_or((0, 0));
                r.push(format!("{a}/{b}"));
            }
            rows.push(r);
        }
        let mut r = vec!["max diff".to_string()];
        for sz in &sizes {
            let (a, b) = d.histogram[sz];
            r.push(format!("{a}/{b}"));
        }
        rows.push(r);
        let _ = writeln!(s);
        write_table(&mut s, &rows);
        let _ = writeln!(
            s,
            "\nEvery player has a fixed region and a garden: {}",
            if self.everyone_has_both { "yes" } else { "NO" }
        );
        let _ = writeln!(
            s,
            "Identical fixed region sizes for every player: {}",
            if self.identical_fixed_sizes {
                "yes"
            } else {
                "no"
            }
        );
        for n in &self.notes {
            let _ = writeln!(s, "Note: {n}");
        }
        s
    }
}

fn write_table(s: &mut String, rows: &[Vec<String>]) {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let width: Vec<usize> = (0..cols)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|x| x.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for (i, r) in rows.iter().enumerate() {
        let line: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(c, x)| format!("{x:<w$}", w = width[c]))
            .collect();
        let _ = writeln!(s, "{}", line.join("  ").trim_end());
        if i == 0 {
            let total: usize = width.iter().sum::<usize>() + 2 * cols.saturating_sub(1);
            let _ = writeln!(s, "{}", "-".repeat(total));
        }
    }
}

impl std::fmt::Display for FairnessReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_table())
    }
}
