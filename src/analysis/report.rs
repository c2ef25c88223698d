//! The balance lab's report: what the games and the opening map measured,
//! the statistics over them, and the report as text.

use crate::rules::{Outcome, Player};
use serde::Serialize;
use std::fmt::Write as _;

/// Where in a game decisiveness looks at the engine's estimate: after 10 %,
/// 25 % and 50 % of the game's plies.
pub const DECISIVE_AT: [f64; 3] = [0.10, 0.25, 0.50];

/// How a game ended, from its outcome.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndKind {
    /// A chain joined sides (Hex, TwixT, Y).
    Connection,
    /// Havannah: a chain around at least one cell.
    Ring,
    /// Havannah: a chain joining two corners.
    Bridge,
    /// Havannah: a chain joining three sides.
    Fork,
    /// Havannah: the winning move made two or three of those at once.
    Several,
    /// A group was encircled (BOCO).
    Encirclement,
    /// All of a player's pieces form one group (Lines of Action).
    Group,
    /// The player to move had no legal move.
    NoLegalMove,
    /// A position occurred again (draw).
    Repetition,
    /// Full board, or nobody can still win: a draw.
    Exhausted,
    /// Longer than the analysis's ply limit (counted as a draw).
    CutShort,
}

impl EndKind {
    pub const ALL: [EndKind; 11] = [
        EndKind::Connection,
        EndKind::Ring,
        EndKind::Bridge,
        EndKind::Fork,
        EndKind::Several,
        EndKind::Encirclement,
        EndKind::Group,
        EndKind::NoLegalMove,
        EndKind::Repetition,
        EndKind::Exhausted,
        EndKind::CutShort,
    ];

    /// The way a game ended, from its outcome's reason (`None`: cut short).
    /// The rules state each way in one sentence pattern; the tests below
    /// keep this in step with every game's reasons.
    pub fn of(outcome: Option<&Outcome>) -> EndKind {
        let Some(o) = outcome else {
            return EndKind::CutShort;
        };
        let r = o.reason.as_str();
        if r.starts_with("draw by repetition") {
            EndKind::Repetition
        } else if r.contains("board is full") || r.contains("neither player can still") {
            EndKind::Exhausted
        } else if r.contains("encircled") {
            EndKind::Encirclement
        } else if r.contains("pieces are all connected") {
            EndKind::Group
        } else if r.contains("no legal move")
            || r.contains("has no face next to")
            || r.contains("no hole left")
        {
            EndKind::NoLegalMove
        } else if o.winner.is_none() {
            EndKind::Exhausted
        } else if r.contains(" made a ") {
            // Havannah: "White made a ring", "… a ring and a bridge".
            let shapes = [
                (" a ring", EndKind::Ring),
                (" a bridge", EndKind::Bridge),
                (" a fork", EndKind::Fork),
            ];
            let mut made = shapes.iter().filter(|(s, _)| r.contains(s));
            match (made.next(), made.next()) {
                (Some(&(_, k)), None) => k,
                (Some(_), Some(_)) => EndKind::Several,
                (None, _) => EndKind::Connection,
            }
        } else {
            EndKind::Connection
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            EndKind::Connection => "connection",
            EndKind::Ring => "ring",
            EndKind::Bridge => "bridge",
            EndKind::Fork => "fork",
            EndKind::Several => "two or three shapes at once",
            EndKind::Encirclement => "encirclement",
            EndKind::Group => "group",
            EndKind::NoLegalMove => "no legal move",
            EndKind::Repetition => "repetition",
            EndKind::Exhausted => "board exhausted (draw)",
            EndKind::CutShort => "cut short (draw)",
        }
    }
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameSummary {
    /// The game's number (its seed derives from it).
    pub index: u32,
    pub winner: Option<Player>,
    pub plies: usize,
    pub end: EndKind,
    /// Whether the engine's estimate after 10/25/50 % of the game named the
    /// winner (`None`: a draw).
    pub predicted: [Option<bool>; 3],
}

/// The first player's score: 1 for a win, ½ for a draw.
pub fn first_score(winner: Option<Player>) -> f64 {
    match winner {
        Some(0) => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// Wilson score interval (95 %) for `k` successes out of `n`.
pub fn wilson(k: f64, n: f64) -> [f64; 2] {
    if n <= 0.0 {
        return [0.0, 1.0];
    }
    let z = 1.959_963_984_540_054f64;
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// The first player's results.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Score {
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// (wins + draws/2) / games.
    pub score: f64,
    /// Wilson 95 % interval of the score.
    pub ci95: [f64; 2],
}

impl Score {
    pub fn of(games: &[GameSummary]) -> Score {
        let mut s = Score::default();
        for g in games {
            s.games += 1;
            match g.winner {
                Some(0) => s.wins += 1,
                Some(_) => s.losses += 1,
                None => s.draws += 1,
            }
        }
        let k = s.wins as f64 + s.draws as f64 / 2.0;
        s.score = if s.games > 0 { k / s.games as f64 } else { 0.5 };
        s.ci95 = wilson(k, s.games as f64);
        s
    }

    /// "first player scores 71 % ± 5 %: the first player is strongly
    /// favoured" ("86 % (95 % interval 49–97 %)" when the interval is lopsided;
    /// the word for the margin holds over the whole interval, or
    /// the least it allows is said: "favoured, clearly or more"); when the
    /// interval includes 50 %, "no significant advantage" only if it is
    /// narrow enough to rule out a strong one.
    pub fn verdict(&self) -> String {
        if self.games == 0 {
            return "no games played".into();
        }
        let pct = self.score * 100.0;
        let half = (self.ci95[1] - self.ci95[0]) * 50.0;
        let (lo, hi) = (self.ci95[0], self.ci95[1]);
        let words = if self.draws == self.games {
            // No win to count either way: the interval (draws as half wins)
            // would call 12 draws of 12 "too few games to tell".
            "every game was drawn".to_string()
        } else if lo <= 0.5 && hi >= 0.5 {
            if half >= TOO_WIDE * 100.0 || (self.score - 0.5).abs() >= TOO_WIDE {
                // A few games: 6 of 7 is no evidence of balance.
                "too few games to tell (more games narrow the interval)".to_string()
            } else {
                "no significant advantage (balanced within the interval)".to_string()
            }
        } else {
            // The margin the games show (the score's distance from 50 %),
            // and the least the interval allows: 4 wins of 4 (51–100 %) show
            // that the first player is favoured, not by how much.
            let (who, edge, least) = if self.score > 0.5 {
                ("first", self.score - 0.5, lo - 0.5)
            } else {
                ("second", 0.5 - self.score, 0.5 - hi)
            };
            let how = |edge: f64| {
                if edge >= 0.4 {
                    "decisively"
                } else if edge >= 0.15 {
                    "strongly"
                } else if edge >= 0.05 {
                    "clearly"
                } else {
                    "slightly"
                }
            };
            if how(edge) == how(least) {
                format!("the {who} player is {} favoured", how(edge))
            } else {
                format!(
                    "the {who} player is favoured, {} or more (more games narrow the interval)",
                    how(least)
                )
            }
        };
        let draws = if self.draws > 0 {
            format!(
                ", {:.0} % draws",
                self.draws as f64 * 100.0 / self.games as f64
            )
        } else {
            String::new()
        };
        // "± 9 %" when the interval is about even around the score; else its
        // ends (6 of 6 is 100 % with an interval of 61–100 %, not ± 20 %).
        let (below, above) = (self.score - lo, hi - self.score);
        let spread = if (below - above).abs() * 100.0 <= 2.0 {
            format!("± {half:.0} %")
        } else {
            format!("(95 % interval {:.0}–{:.0} %)", lo * 100.0, hi * 100.0)
        };
        format!("first player scores {pct:.0} % {spread}{draws}: {words}")
    }
}

/// What the decisiveness table says when no game had a winner.
pub const NO_WINNER: &str = "Decisiveness: no game had a winner to foresee";

/// An interval that includes 50 % says nothing of balance when its half
/// width, or the score's distance from 50 %, is this much (about 40 games
/// at an even score).
const TOO_WIDE: f64 = 0.15;

/// Mean, median and quartiles of game length in plies.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct LengthStats {
    pub mean: f64,
    pub min: usize,
    pub q1: f64,
    pub median: f64,
    pub q3: f64,
    pub max: usize,
}

/// The `q` quantile (0..1) of sorted values, linearly interpolated.
fn quantile(sorted: &[usize], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let x = q * (sorted.len() - 1) as f64;
    let (i, f) = (x.floor() as usize, x.fract());
    let a = sorted[i] as f64;
    let b = sorted[(i + 1).min(sorted.len() - 1)] as f64;
    a + (b - a) * f
}

impl LengthStats {
    pub fn of(games: &[GameSummary]) -> LengthStats {
        let mut l: Vec<usize> = games.iter().map(|g| g.plies).collect();
        l.sort_unstable();
        if l.is_empty() {
            return LengthStats::default();
        }
        LengthStats {
            mean: l.iter().sum::<usize>() as f64 / l.len() as f64,
            min: l[0],
            q1: quantile(&l, 0.25),
            median: quantile(&l, 0.5),
            q3: quantile(&l, 0.75),
            max: l[l.len() - 1],
        }
    }
}

/// How often the engine's estimate at a point of the game named the winner.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Decisiveness {
    /// Share of the game's plies, 0..1.
    pub at: f64,
    /// Decided games (draws do not count).
    pub games: u32,
    pub predicted: u32,
    /// predicted / games.
    pub share: f64,
}

/// The first player's win rate after one first move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OpeningStat {
    /// The move in the game's notation.
    pub notation: String,
    /// The face it places on (index into the board's faces).
    pub face: Option<usize>,
    /// The first player's win rate after the move, 0..1.
    pub first_win_rate: f64,
    /// 95 % interval (Wilson over the samples; a point when proven).
    pub ci95: [f64; 2],
    /// Simulations of the search, or self-play games.
    pub samples: u64,
    /// The engine's solver proved the position.
    pub proven: bool,
}

impl OpeningStat {
    /// With the swap rule, whether the second player should swap this opening:
    /// the first player's win rate after it is above one half.
    pub fn swap(&self) -> bool {
        self.first_win_rate > 0.5
    }
}

/// The first player's win rate after every legal first move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OpeningMap {
    /// How each move was judged.
    pub method: String,
    /// Number of legal first moves.
    pub planned: u32,
    /// The openings judged, in the rules' move order.
    pub openings: Vec<OpeningStat>,
}

impl OpeningMap {
    /// The openings, best for the first player first (ties in move order).
    pub fn ranked(&self) -> Vec<&OpeningStat> {
        let mut v: Vec<&OpeningStat> = self.openings.iter().collect();
        v.sort_by(|a, b| b.first_win_rate.total_cmp(&a.first_win_rate));
        v
    }
    /// The opening of a face.
    pub fn at_face(&self, face: usize) -> Option<&OpeningStat> {
        self.openings.iter().find(|o| o.face == Some(face))
    }
}

/// What was analysed and how.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Header {
    pub rules: String,
    pub board: String,
    pub players: [String; 2],
    pub swap: bool,
    pub budget: String,
    /// Simulation budget: the report depends on the seed alone.
    pub deterministic: bool,
    pub seed: u64,
    pub threads: usize,
    pub games_planned: u32,
    /// Cancelled: only the games and openings finished before are counted.
    pub partial: bool,
}

/// The balance lab's findings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    #[serde(flatten)]
    pub header: Header,
    pub first_player: Score,
    pub verdict: String,
    pub lengths: LengthStats,
    /// Games per way of ending, in [`EndKind::ALL`] order, only those that occurred.
    pub endings: Vec<(EndKind, u32)>,
    pub decisiveness: Vec<Decisiveness>,
    pub openings: Option<OpeningMap>,
    /// Every game, in index order.
    pub games: Vec<GameSummary>,
}

impl Report {
    /// The decisiveness rows with games to judge (a won game): none when
    /// every game was drawn.
    pub fn foreseen(&self) -> impl Iterator<Item = &Decisiveness> {
        self.decisiveness.iter().filter(|d| d.games > 0)
    }

    pub fn new(header: Header, games: Vec<GameSummary>, openings: Option<OpeningMap>) -> Report {
        let first_player = Score::of(&games);
        let endings = EndKind::ALL
            .iter()
            .map(|&k| (k, games.iter().filter(|g| g.end == k).count() as u32))
            .filter(|e| e.1 > 0)
            .collect();
        let decisiveness = DECISIVE_AT
            .iter()
            .enumerate()
            .map(|(i, &at)| {
                let decided: Vec<bool> = games.iter().filter_map(|g| g.predicted[i]).collect();
                let predicted = decided.iter().filter(|&&b| b).count() as u32;
                Decisiveness {
                    at,
                    games: decided.len() as u32,
                    predicted,
                    share: if decided.is_empty() {
                        0.0
                    } else {
                        predicted as f64 / decided.len() as f64
                    },
                }
            })
            .collect();
        Report {
            verdict: first_player.verdict(),
            lengths: LengthStats::of(&games),
            first_player,
            endings,
            decisiveness,
            openings,
            games,
            header,
        }
    }

    /// The report as readable text (the command line's table, "Copy report").
    pub fn to_text(&self) -> String {
        let h = &self.header;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{} on {}{}: {}, seed {}, {} thread(s){}",
            h.rules,
            if h.board.is_empty() {
                "a custom board"
            } else {
                &h.board
            },
            if h.swap { " with swap" } else { "" },
            h.budget,
            h.seed,
            h.threads,
            if h.partial {
                " — PARTIAL (cancelled)"
            } else {
                ""
            }
        );
        let f = &self.first_player;
        if f.games > 0 {
            let _ = writeln!(
                s,
                "games: {} of {}; {} (first) won {}, {} won {}, draws {}",
                f.games, h.games_planned, h.players[0], f.wins, h.players[1], f.losses, f.draws
            );
            let _ = writeln!(
                s,
                "first-player score {:.1} %, 95 % CI {:.1}–{:.1} %",
                f.score * 100.0,
                f.ci95[0] * 100.0,
                f.ci95[1] * 100.0
            );
            let _ = writeln!(s, "verdict: {}", self.verdict);
            let l = &self.lengths;
            let _ = writeln!(
                s,
                "length (plies): mean {:.1}, median {:.1}, quartiles {:.1}–{:.1}, range {}–{}",
                l.mean, l.median, l.q1, l.q3, l.min, l.max
            );
            let _ = writeln!(s, "how games ended:");
            for (k, n) in &self.endings {
                let _ = writeln!(
                    s,
                    "  {:<24} {:>5}  {:5.1} %",
                    k.name(),
                    n,
                    *n as f64 * 100.0 / f.games as f64
                );
            }
            if self.foreseen().next().is_none() {
                let _ = writeln!(s, "{}", NO_WINNER.to_lowercase());
            } else {
                let _ = writeln!(s, "decisiveness (engine's estimate named the winner):");
            }
            for d in self.foreseen() {
                let _ = writeln!(
                    s,
                    "  after {:>2.0} % of the game: {:5.1} % of {} decided games",
                    d.at * 100.0,
                    d.share * 100.0,
                    d.games
                );
            }
        } else if h.games_planned > 0 {
            let _ = writeln!(s, "games: none finished of {}", h.games_planned);
        }
        if let Some(m) = &self.openings {
            let _ = writeln!(
                s,
                "opening map ({} of {} first moves; {}), best for {} first:",
                m.openings.len(),
                m.planned,
                m.method,
                h.players[0]
            );
            let _ = writeln!(
                s,
                "  {:<8} {:>7}  {:>15}  {:>10}{}",
                "move",
                "win %",
                "95 % CI",
                "samples",
                if h.swap { "  swap?" } else { "" }
            );
            for o in m.ranked() {
                let ci = if o.proven {
                    "proven".to_string()
                } else {
                    format!("{:.1}–{:.1}", o.ci95[0] * 100.0, o.ci95[1] * 100.0)
                };
                let _ = writeln!(
                    s,
                    "  {:<8} {:>7.1}  {:>15}  {:>10}{}",
                    o.notation,
                    o.first_win_rate * 100.0,
                    ci,
                    o.samples,
                    if h.swap {
                        if o.swap() { "  swap" } else { "  keep" }
                    } else {
                        ""
                    }
                );
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Evidence;

    fn outcome(winner: Option<Player>, reason: &str) -> Outcome {
        Outcome {
            winner,
            reason: reason.into(),
            evidence: Evidence::default(),
        }
    }

    #[test]
    fn every_games_reasons_are_classified() {
        let cases = [
            (Some(0), "Red connected top and bottom", EndKind::Connection),
            (
                Some(1),
                "Blue joined the left and right columns",
                EndKind::Connection,
            ),
            (Some(0), "Black made a ring", EndKind::Ring),
            (Some(1), "White made a bridge", EndKind::Bridge),
            (Some(0), "Black made a fork", EndKind::Fork),
            (Some(0), "Black made a ring and a fork", EndKind::Several),
            (
                Some(1),
                "White made a ring, a bridge and a fork",
                EndKind::Several,
            ),
            (
                None,
                "the board is full and nobody made a ring, bridge or fork",
                EndKind::Exhausted,
            ),
            (
                Some(1),
                "White joined all three sides (1, 2, 3)",
                EndKind::Connection,
            ),
            (
                Some(0),
                "Black encircled a group of 3",
                EndKind::Encirclement,
            ),
            (Some(0), "Black's pieces are all connected", EndKind::Group),
            (
                Some(1),
                "Black has no legal move and loses",
                EndKind::NoLegalMove,
            ),
            (
                None,
                "Red has no hole left to place a peg in: draw",
                EndKind::NoLegalMove,
            ),
            (
                None,
                "draw by repetition: the position after ply 3 occurred again with the same player to move",
                EndKind::Repetition,
            ),
            (
                None,
                "the board is full and nobody was encircled",
                EndKind::Exhausted,
            ),
            (
                None,
                "neither player can still connect his border rows: draw",
                EndKind::Exhausted,
            ),
        ];
        for (w, r, k) in cases {
            assert_eq!(EndKind::of(Some(&outcome(w, r))), k, "{r}");
        }
        assert_eq!(EndKind::of(None), EndKind::CutShort);
    }

    #[test]
    fn verdict_names_the_favoured_player_and_the_margin() {
        let games: Vec<GameSummary> = (0..100)
            .map(|i| GameSummary {
                index: i,
                winner: Some(if i < 71 { 0 } else { 1 }),
                plies: 10,
                end: EndKind::Connection,
                predicted: [None; 3],
            })
            .collect();
        let s = Score::of(&games);
        assert_eq!((s.wins, s.losses), (71, 29));
        let v = s.verdict();
        assert!(v.starts_with("first player scores 71 % ± 9 %"), "{v}");
        assert!(
            v.ends_with(
                "the first player is favoured, clearly or more (more games narrow the interval)"
            ),
            "{v}"
        );
        // 4 wins of 4 (51–100 %) say who is favoured, not by how much.
        let v = Score::of(&games[..4]).verdict();
        assert!(
            v.starts_with("first player scores 100 % (95 % interval 51–100 %)"),
            "{v}"
        );
        assert!(
            v.ends_with(
                "the first player is favoured, slightly or more (more games narrow the interval)"
            ),
            "{v}"
        );
        // 300 games at 71 %: strongly, by the whole interval (65.6–75.9 %).
        let many: Vec<GameSummary> = (0..300).map(|i| games[i % 100].clone()).collect();
        let v = Score::of(&many).verdict();
        assert!(v.ends_with("the first player is strongly favoured"), "{v}");
        // And the second player the same way: 29 of 100.
        let mirrored: Vec<GameSummary> = many
            .iter()
            .map(|g| GameSummary {
                winner: g.winner.map(|w| 1 - w),
                ..g.clone()
            })
            .collect();
        let v = Score::of(&mirrored).verdict();
        assert!(v.ends_with("the second player is strongly favoured"), "{v}");
        // 29 of 58: balanced within ± 13 %.
        let even = Score::of(&games[42..]);
        assert!(even.verdict().contains("no significant advantage"));
        // 6 wins of 7: the interval includes 50 %, but it says nothing.
        let few = Score::of(&games[65..72]);
        assert_eq!((few.wins, few.losses), (6, 1));
        let v = few.verdict();
        assert_eq!(
            v,
            "first player scores 86 % (95 % interval 49–97 %): too few games to tell (more games narrow the interval)"
        );
        // Every game drawn: said, not "too few games".
        let drawn: Vec<GameSummary> = (0..12)
            .map(|i| GameSummary {
                winner: None,
                ..games[i].clone()
            })
            .collect();
        let v = Score::of(&drawn).verdict();
        assert!(v.ends_with("100 % draws: every game was drawn"), "{v}");
        // 15 of 30, an even score with a wide interval: still too few.
        let thirty: Vec<GameSummary> = games[56..86].to_vec();
        let v = Score::of(&thirty).verdict();
        assert!(v.contains("too few games to tell"), "{v}");
    }

    #[test]
    fn quartiles_interpolate() {
        let games: Vec<GameSummary> = [10, 20, 30, 40, 50]
            .iter()
            .enumerate()
            .map(|(i, &p)| GameSummary {
                index: i as u32,
                winner: None,
                plies: p,
                end: EndKind::Exhausted,
                predicted: [None; 3],
            })
            .collect();
        let l = LengthStats::of(&games);
        assert_eq!((l.q1, l.median, l.q3, l.mean), (20.0, 30.0, 40.0, 30.0));
    }
}
