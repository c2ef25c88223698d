//! Games chosen at run time: [`RulesKind`], board suitability, and the
//! object-safe [`DynGame`] with string moves used by the GUI and the CLI.

use super::game::GameState;
use super::record::{BoardSource, GameRecord, RecordResult};
use super::{IllegalMove, Outcome, Player, Rules, UnsuitableBoard, boco, hex, loa, twixt};
use crate::board::Board;
use crate::mesh::FaceId;
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// The games boardwright knows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RulesKind {
    Hex,
    Twixt,
    Loa,
    Boco,
}

impl RulesKind {
    pub const ALL: [RulesKind; 4] = [
        RulesKind::Hex,
        RulesKind::Twixt,
        RulesKind::Loa,
        RulesKind::Boco,
    ];
    /// Short name: `hex`, `twixt`, `loa`, `boco`.
    pub fn name(self) -> &'static str {
        match self {
            RulesKind::Hex => "hex",
            RulesKind::Twixt => "twixt",
            RulesKind::Loa => "loa",
            RulesKind::Boco => "boco",
        }
    }
    /// Display name: `Hex`, `TwixT`, `Lines of Action`, `BOCO`.
    pub fn title(self) -> &'static str {
        match self {
            RulesKind::Hex => "Hex",
            RulesKind::Twixt => "TwixT",
            RulesKind::Loa => "Lines of Action",
            RulesKind::Boco => "BOCO",
        }
    }
    /// Whether the game has an optional swap (pie) rule.
    pub fn has_swap(self) -> bool {
        matches!(self, RulesKind::Hex | RulesKind::Twixt)
    }
}

impl fmt::Display for RulesKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for RulesKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "hex" => Ok(RulesKind::Hex),
            "twixt" => Ok(RulesKind::Twixt),
            "loa" | "lines-of-action" | "lines_of_action" => Ok(RulesKind::Loa),
            "boco" => Ok(RulesKind::Boco),
            other => Err(format!(
                "unknown rules '{other}' (expected hex, twixt, loa or boco)"
            )),
        }
    }
}

/// Game options chosen before the first move.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct GameOptions {
    /// Swap (pie) rule for Hex and TwixT; ignored by the other games.
    pub swap: bool,
}

/// Whether `kind` can be played on `board` (with the swap rule off); the error
/// is a sentence for the user (the GUI shows it as the tooltip of a disabled choice).
pub fn suitability(kind: RulesKind, board: &Board) -> Result<(), UnsuitableBoard> {
    suitability_with(kind, board, &GameOptions::default())
}

/// Like [`suitability`], with options (e.g. the swap rule needs a mirror-symmetric Hex board).
pub fn suitability_with(
    kind: RulesKind,
    board: &Board,
    options: &GameOptions,
) -> Result<(), UnsuitableBoard> {
    match kind {
        RulesKind::Hex => hex::suitability(board, options.swap),
        RulesKind::Boco => boco::suitability(board),
        RulesKind::Twixt => twixt::Twixt::new(Arc::new(board.clone()), options.swap).map(|_| ()),
        RulesKind::Loa => loa::Loa::new(Arc::new(board.clone())).map(|_| ()),
    }
}

/// Start a new game of `kind` on `board`.
pub fn new_game(
    kind: RulesKind,
    board: Arc<Board>,
    options: &GameOptions,
) -> Result<Box<dyn DynGame>, UnsuitableBoard> {
    Ok(match kind {
        RulesKind::Hex => Box::new(Game::new(
            kind,
            options.clone(),
            hex::Hex::new(board.clone(), options.swap)?,
            board,
        )),
        RulesKind::Boco => Box::new(Game::new(
            kind,
            GameOptions { swap: false },
            boco::Boco::new(board.clone())?,
            board,
        )),
        RulesKind::Twixt => Box::new(Game::new(
            kind,
            options.clone(),
            twixt::Twixt::new(board.clone(), options.swap)?,
            board,
        )),
        RulesKind::Loa => Box::new(Game::new(
            kind,
            GameOptions { swap: false },
            loa::Loa::new(board.clone())?,
            board,
        )),
    })
}

/// What a click on the board means (see [`DynGame::move_for_click`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Click {
    /// Play this move (notation).
    Play(String),
    /// Select this piece (movement games); highlight [`DynGame::moves_from`].
    Select(FaceId),
    /// Clear the selection.
    Deselect,
}

/// A read-only view of the position after some ply.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionView {
    pub ply: usize,
    /// `None` once the game is over.
    pub to_move: Option<Player>,
    /// The piece on each face, indexed by `FaceId`.
    pub pieces: Vec<Option<Player>>,
    pub links: Vec<(FaceId, FaceId, Player)>,
    pub outcome: Option<Outcome>,
    /// The move that led here, in notation.
    pub last_move: Option<String>,
}

/// A game of any kind, with moves as strings. Object-safe.
pub trait DynGame: Send + Sync {
    fn kind(&self) -> RulesKind;
    fn options(&self) -> &GameOptions;
    fn board(&self) -> &Arc<Board>;
    /// Side names from the rules, e.g. ["Red", "Blue"].
    fn player_names(&self) -> [&'static str; 2];
    /// Names of the people playing (default: the side names).
    fn players(&self) -> &[String; 2];
    fn set_players(&mut self, players: [String; 2]);
    /// Where the board came from, for game records; `None` (the default): the
    /// record embeds the board.
    fn board_source(&self) -> Option<&BoardSource>;
    fn set_board_source(&mut self, source: Option<BoardSource>);

    /// Current ply (number of moves played).
    fn ply(&self) -> usize;
    /// Number of recorded moves, including those that can be redone.
    fn recorded_len(&self) -> usize;
    /// The player to move, `None` once the game is over.
    fn to_move(&self) -> Option<Player>;
    /// Every legal move in notation, sorted; empty once the game is over.
    fn legal_moves(&self) -> Vec<String>;
    /// Faces where a click does something now: empty faces a piece may be placed
    /// on, or pieces that can move (movement games). Sorted.
    fn legal_targets(&self) -> Vec<FaceId>;
    /// Destinations of the piece on `from` (movement games), sorted.
    fn moves_from(&self, from: FaceId) -> Vec<FaceId>;
    /// Interpret a click on `clicked` with `selected` the currently selected
    /// piece; an error is the reason the click does nothing, for the status line.
    fn move_for_click(&self, selected: Option<FaceId>, clicked: FaceId) -> Result<Click, String>;
    /// Whether a move in notation is legal now, and if not why.
    fn check_str(&self, text: &str) -> Result<(), IllegalMove>;
    /// Play a move in notation; on error nothing changes.
    fn play_str(&mut self, text: &str) -> Result<(), IllegalMove>;
    fn piece_at(&self, f: FaceId) -> Option<Player>;
    fn links(&self) -> Vec<(FaceId, FaceId, Player)>;
    /// Winner or draw, the reason and the evidence to highlight.
    fn outcome(&self) -> Option<Outcome>;
    /// Moves played up to the current ply, in notation.
    fn history(&self) -> Vec<String>;
    /// All recorded moves (including the redo list), in notation.
    fn recorded_history(&self) -> Vec<String>;
    fn undo(&mut self) -> bool;
    fn redo(&mut self) -> bool;
    fn goto(&mut self, ply: usize) -> Result<(), IllegalMove>;
    /// The position after `ply` recorded moves (does not move the cursor).
    fn preview(&self, ply: usize) -> Option<PositionView>;
    /// `player` resigns now.
    fn resign(&mut self, player: Player) -> Result<(), IllegalMove>;
    /// Who resigned, if the game ended by resignation at the current ply.
    fn resigned(&self) -> Option<Player>;
    /// The game as a record: moves up to the current ply and the result.
    fn to_record(&self) -> GameRecord;
    /// The position as text (for the CLI).
    fn render_text(&self) -> String;
    fn clone_box(&self) -> Box<dyn DynGame>;
    /// Perft from the start position: the number of leaves after `depth` plies.
    fn perft_from_start(&self, depth: u32) -> u64;
    /// A search of the current position for the engine (see [`crate::engine::DynEngine`]).
    fn engine_job(&self) -> Box<dyn crate::engine::Job>;
}

impl fmt::Debug for dyn DynGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DynGame")
            .field("kind", &self.kind())
            .field("options", self.options())
            .field("ply", &self.ply())
            .field("history", &self.history())
            .field("outcome", &self.outcome())
            .finish()
    }
}

impl Clone for Box<dyn DynGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

#[derive(Clone, Debug)]
struct MoveEntry {
    text: String,
    from: Option<FaceId>,
    to: Option<FaceId>,
}

/// [`DynGame`] over a [`GameState`].
#[derive(Clone)]
struct Game<R: Rules> {
    kind: RulesKind,
    options: GameOptions,
    board: Arc<Board>,
    source: Option<BoardSource>,
    players: [String; 2],
    state: GameState<R>,
    face_by_name: Arc<FxHashMap<String, FaceId>>,
    /// Legal moves at the current ply with the faces they act on, sorted by text.
    entries: Vec<MoveEntry>,
}

impl<R: Rules> Game<R> {
    fn new(kind: RulesKind, options: GameOptions, rules: R, board: Arc<Board>) -> Self {
        let names = rules.player_names();
        let mut face_by_name = FxHashMap::default();
        for f in board.mesh.face_ids() {
            face_by_name.insert(board.face_name(f).to_ascii_lowercase(), f);
        }
        let mut g = Game {
            kind,
            options,
            board,
            source: None,
            players: [names[0].to_string(), names[1].to_string()],
            state: GameState::new(rules),
            face_by_name: Arc::new(face_by_name),
            entries: Vec::new(),
        };
        g.refresh();
        g
    }

    /// Recompute the move index after any change of the cursor.
    fn refresh(&mut self) {
        let rules = self.state.rules();
        let pos = self.state.position();
        let moves = self.state.legal_moves();
        let mut entries: Vec<MoveEntry> = Vec::with_capacity(moves.len());
        if moves.is_empty() {
            self.entries = entries;
            return;
        }
        let mover = rules.to_move(pos);
        // Movement games: the moves of each own piece.
        let mut source: FxHashMap<R::Move, FaceId> = FxHashMap::default();
        let mut buf = Vec::new();
        for f in self.board.mesh.face_ids() {
            if rules.piece_at(pos, f) == Some(mover) {
                rules.moves_from(pos, f, &mut buf);
                for &m in &buf {
                    source.insert(m, f);
                }
            }
        }
        let nf = self.board.face_count();
        for m in moves {
            let text = rules.format_move(pos, m);
            let from = source.get(&m).copied();
            let to = if let Some(s) = from {
                // The face that became the mover's, other than the source.
                let mut after = pos.clone();
                rules.apply(&mut after, m);
                (0..nf).map(FaceId::from_index).find(|&t| {
                    t != s
                        && rules.piece_at(&after, t) == Some(mover)
                        && rules.piece_at(pos, t) != Some(mover)
                })
            } else if let Some(&f) = self
                .face_by_name
                .get(&text.to_ascii_lowercase())
                .filter(|&&f| rules.piece_at(pos, f).is_none())
            {
                Some(f)
            } else {
                // A placement in some other notation: exactly one face changed, to the mover.
                let mut after = pos.clone();
                rules.apply(&mut after, m);
                let changed: Vec<FaceId> = (0..nf)
                    .map(FaceId::from_index)
                    .filter(|&t| rules.piece_at(&after, t) != rules.piece_at(pos, t))
                    .take(2)
                    .collect();
                match changed.as_slice() {
                    [t] if rules.piece_at(pos, *t).is_none()
                        && rules.piece_at(&after, *t) == Some(mover) =>
                    {
                        Some(*t)
                    }
                    _ => None,
                }
            };
            entries.push(MoveEntry { text, from, to });
        }
        entries.sort_by(|a, b| a.text.cmp(&b.text));
        self.entries = entries;
    }

    fn name(&self, f: FaceId) -> String {
        self.board.face_name(f)
    }

    fn view(&self, ply: usize) -> Option<PositionView> {
        let pos = self.state.position_at(ply)?;
        let rules = self.state.rules();
        let outcome = self.state.outcome_at(ply);
        Some(PositionView {
            ply,
            to_move: outcome.is_none().then(|| rules.to_move(pos)),
            pieces: self
                .board
                .mesh
                .face_ids()
                .map(|f| rules.piece_at(pos, f))
                .collect(),
            links: rules.links(pos),
            outcome,
            last_move: ply
                .checked_sub(1)
                .and_then(|k| self.state.recorded_history().get(k).cloned()),
        })
    }
}

impl<R: crate::engine::Searchable> DynGame for Game<R> {
    fn kind(&self) -> RulesKind {
        self.kind
    }
    fn options(&self) -> &GameOptions {
        &self.options
    }
    fn board(&self) -> &Arc<Board> {
        &self.board
    }
    fn player_names(&self) -> [&'static str; 2] {
        self.state.rules().player_names()
    }
    fn players(&self) -> &[String; 2] {
        &self.players
    }
    fn set_players(&mut self, players: [String; 2]) {
        self.players = players;
    }
    fn board_source(&self) -> Option<&BoardSource> {
        self.source.as_ref()
    }
    fn set_board_source(&mut self, source: Option<BoardSource>) {
        self.source = source;
    }
    fn ply(&self) -> usize {
        self.state.ply()
    }
    fn recorded_len(&self) -> usize {
        self.state.recorded_len()
    }
    fn to_move(&self) -> Option<Player> {
        self.state.to_move()
    }
    fn legal_moves(&self) -> Vec<String> {
        self.entries.iter().map(|e| e.text.clone()).collect()
    }
    fn legal_targets(&self) -> Vec<FaceId> {
        let mut v: Vec<FaceId> = self
            .entries
            .iter()
            .filter_map(|e| e.from.or(e.to))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }
    fn moves_from(&self, from: FaceId) -> Vec<FaceId> {
        let mut v: Vec<FaceId> = self
            .entries
            .iter()
            .filter(|e| e.from == Some(from))
            .filter_map(|e| e.to)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }
    fn move_for_click(&self, selected: Option<FaceId>, clicked: FaceId) -> Result<Click, String> {
        if clicked.index() >= self.board.face_count() {
            return Err(format!("there is no face {clicked}"));
        }
        if let Some(o) = self.state.outcome() {
            return Err(format!("the game is over: {}", o.reason));
        }
        if let Some(s) = selected {
            if let Some(e) = self
                .entries
                .iter()
                .find(|e| e.from == Some(s) && e.to == Some(clicked))
            {
                return Ok(Click::Play(e.text.clone()));
            }
            if s == clicked {
                return Ok(Click::Deselect);
            }
        }
        if self.entries.iter().any(|e| e.from == Some(clicked)) {
            return Ok(Click::Select(clicked));
        }
        if let Some(e) = self
            .entries
            .iter()
            .find(|e| e.from.is_none() && e.to == Some(clicked))
        {
            return Ok(Click::Play(e.text.clone()));
        }
        let rules = self.state.rules();
        let pos = self.state.position();
        let movement = self.entries.iter().any(|e| e.from.is_some());
        if movement {
            let mover = rules.to_move(pos);
            return Err(match selected {
                Some(s) if rules.piece_at(pos, s) == Some(mover) => format!(
                    "the piece on {} cannot move to {}",
                    self.name(s),
                    self.name(clicked)
                ),
                _ if rules.piece_at(pos, clicked) == Some(mover) => {
                    format!("the piece on {} has no legal move", self.name(clicked))
                }
                _ => format!(
                    "select one of {}'s pieces first",
                    self.player_names()[mover as usize]
                ),
            });
        }
        let name = self.name(clicked);
        match rules.parse_move(pos, &name) {
            Ok(m) => match rules.check(pos, m) {
                Err(e) => Err(e.reason),
                Ok(()) => Err(format!("{name} cannot be played now")),
            },
            Err(e) => Err(e.reason),
        }
    }
    fn check_str(&self, text: &str) -> Result<(), IllegalMove> {
        let m = self.state.rules().parse_move(self.state.position(), text)?;
        self.state.check(m)
    }
    fn play_str(&mut self, text: &str) -> Result<(), IllegalMove> {
        self.state.play_str(text)?;
        self.refresh();
        Ok(())
    }
    fn piece_at(&self, f: FaceId) -> Option<Player> {
        if f.index() >= self.board.face_count() {
            return None;
        }
        self.state.rules().piece_at(self.state.position(), f)
    }
    fn links(&self) -> Vec<(FaceId, FaceId, Player)> {
        self.state.rules().links(self.state.position())
    }
    fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }
    fn history(&self) -> Vec<String> {
        self.state.history().to_vec()
    }
    fn recorded_history(&self) -> Vec<String> {
        self.state.recorded_history().to_vec()
    }
    fn undo(&mut self) -> bool {
        let r = self.state.undo();
        self.refresh();
        r
    }
    fn redo(&mut self) -> bool {
        let r = self.state.redo();
        self.refresh();
        r
    }
    fn goto(&mut self, ply: usize) -> Result<(), IllegalMove> {
        self.state.goto(ply)?;
        self.refresh();
        Ok(())
    }
    fn preview(&self, ply: usize) -> Option<PositionView> {
        self.view(ply)
    }
    fn resign(&mut self, player: Player) -> Result<(), IllegalMove> {
        self.state.resign(player)?;
        self.refresh();
        Ok(())
    }
    fn resigned(&self) -> Option<Player> {
        self.state.resigned()
    }
    fn to_record(&self) -> GameRecord {
        let board = match &self.source {
            Some(s) => s.clone(),
            None => BoardSource::Embedded(Box::new(super::record::EmbeddedBoard::from_board(
                &self.board,
            ))),
        };
        GameRecord {
            format_version: super::record::FORMAT_VERSION,
            rules: self.kind,
            options: self.options.clone(),
            board,
            players: self.players.clone(),
            moves: self.history(),
            result: self.outcome().map(|o| RecordResult {
                winner: o.winner,
                reason: o.reason,
                resigned: self.resigned(),
            }),
        }
    }
    fn render_text(&self) -> String {
        render_text(&self.board, |f| self.piece_at(f))
    }
    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    fn perft_from_start(&self, depth: u32) -> u64 {
        let rules = self.state.rules();
        super::perft::perft(rules, &rules.start(), depth)
    }
    fn engine_job(&self) -> Box<dyn crate::engine::Job> {
        let faces = self
            .entries
            .iter()
            .map(|e| (e.text.clone(), e.from.into_iter().chain(e.to).collect()))
            .collect();
        Box::new(crate::engine::TypedJob {
            rules: self.state.rules().clone(),
            pos: self.state.position().clone(),
            board_key: (Arc::as_ptr(&self.board) as usize).wrapping_mul(2)
                + self.options.swap as usize,
            faces,
        })
    }
}

/// Draw the pieces as text: `X` player 0, `O` player 1, `.` empty, `#` blocked.
/// Boards whose faces all carry grid coordinates are drawn row by row (top row
/// first, rows indented as they are shifted on the board, e.g. the Hex rhombus);
/// other boards are listed face by face.
pub fn render_text(board: &Board, piece: impl Fn(FaceId) -> Option<Player>) -> String {
    use std::fmt::Write;
    let glyph = |f: FaceId| match piece(f) {
        Some(0) => 'X',
        Some(_) => 'O',
        None if board.faces.kind[f.index()] == crate::board::FaceKind::Blocked => '#',
        None => '.',
    };
    let n = board.face_count();
    let mut out = String::new();
    let coords: Option<Vec<_>> = board.faces.coord.iter().copied().collect();
    let Some(coords) = coords.filter(|c| !c.is_empty()) else {
        for f in board.mesh.face_ids() {
            let _ = writeln!(out, "{} {}", board.face_name(f), glyph(f));
        }
        return out;
    };
    let (min_c, max_c) = coords.iter().fold((i32::MAX, i32::MIN), |(a, b), c| {
        (a.min(c.col), b.max(c.col))
    });
    if (max_c - min_c) as i64 > 200 {
        for f in board.mesh.face_ids() {
            let _ = writeln!(out, "{} {}", board.face_name(f), glyph(f));
        }
        return out;
    }
    let mut rows: std::collections::BTreeMap<i32, Vec<usize>> = Default::default();
    for (i, c) in coords.iter().enumerate() {
        rows.entry(c.row).or_default().push(i);
    }
    // Display order and shift from the geometry: top row first.
    let cell_w = {
        let mut w: Vec<f64> = (0..n)
            .map(|i| board.mesh.face_bbox(FaceId::from_index(i)).width())
            .collect();
        w.sort_by(f64::total_cmp);
        w[w.len() / 2].max(1e-9)
    };
    let mut info: Vec<(f64, i32, f64)> = rows
        .iter()
        .map(|(&r, faces)| {
            let y = faces
                .iter()
                .map(|&i| board.mesh.face_centroid(FaceId::from_index(i)).y)
                .sum::<f64>()
                / faces.len() as f64;
            // x of the (virtual) column-min_c cell in this row.
            let x0 = faces
                .iter()
                .map(|&i| {
                    board.mesh.face_centroid(FaceId::from_index(i)).x
                        - (coords[i].col - min_c) as f64 * cell_w
                })
                .sum::<f64>()
                / faces.len() as f64;
            (y, r, x0)
        })
        .collect();
    info.sort_by(|a, b| b.0.total_cmp(&a.0));
    let min_x0 = info.iter().map(|i| i.2).fold(f64::INFINITY, f64::min);
    let label_w = info
        .iter()
        .map(|i| (i.1 + 1).to_string().len())
        .max()
        .unwrap_or(1);
    let mut header = " ".repeat(label_w + 1);
    for c in min_c..=max_c {
        header.push_str(&crate::board::column_letters(c.max(0) as u32));
        header.push(' ');
    }
    let _ = writeln!(out, "{}", header.trim_end());
    for (_, r, x0) in info {
        let indent = (((x0 - min_x0) / (cell_w / 2.0)).round() as usize).min(400);
        let mut line = format!("{:>label_w$} {}", r + 1, " ".repeat(indent));
        let mut cells = vec![' '; (max_c - min_c + 1) as usize];
        for &i in &rows[&r] {
            cells[(coords[i].col - min_c) as usize] = glyph(FaceId::from_index(i));
        }
        for ch in cells {
            line.push(ch);
            line.push(' ');
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}
