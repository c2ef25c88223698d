//! `boardwright gtp`: the engine over the Go Text Protocol (version 2) on
//! standard input and output, with the same move notation as `play`, so that
//! Hex GUIs such as HexGui and scripts can play against it.
//!
//! Every command gets exactly one response: `= result` or `? reason`, followed
//! by an empty line, with the command's numeric id echoed when it had one. An
//! unknown command, a malformed line or an illegal move is an error response
//! and the session carries on.

use super::CliFailure;
use super::play::GameArgs;
use crate::engine::{EngineError, SearchConfig, SearchLimits};
use crate::game::registry::DefaultBoardError;
use crate::game::{DynEngine, DynGame, EngineParams, MoveError, RulesKind, SearchHandle, new_game};
use crate::rules::{IllegalMove, Player, UnsuitableBoard};
use clap::Args;
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::time::Duration;

/// Speak GTP v2 on stdin/stdout.
#[derive(Debug, Args)]
pub struct GtpArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Worker threads for the search (1–64).
    #[arg(long, default_value_t = 1, value_parser = super::count_in(1, super::MAX_THREADS))]
    pub threads: usize,
    /// Seconds per move for genmove unless time_settings/time_left say
    /// otherwise (0.01–3600).
    #[arg(long, default_value_t = 1.0, value_parser = super::seconds_in(0.01, super::MAX_SECONDS))]
    pub time: f64,
    /// Seed of the engine's random numbers.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Tuning parameters of the engine, e.g. "explore=0.3,rave=1,bridge=1"
    /// (as `selfplay --params`).
    #[arg(long, default_value = "")]
    pub params: String,
    /// Resign when the search's win estimate for the player to move falls
    /// below this (0–1; a proven loss counts as 0): `genmove` answers
    /// `resign`. 0, the default, never resigns.
    #[arg(long, default_value_t = 0.0, value_parser = super::fraction)]
    pub resign: f64,
    /// Think on the opponent's time (pondering): after `genmove` the engine
    /// goes on searching the position, with the opponent to move, until the
    /// next command arrives, and keeps that tree for its next move.
    #[arg(long)]
    pub ponder: bool,
}

/// Longest a ponder search runs unasked (the tree recycles itself when full;
/// this only keeps a forgotten session from searching forever).
const PONDER_LIMIT: Duration = Duration::from_secs(3600);

const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "clear_board",
    "play",
    "genmove",
    "undo",
    "showboard",
    "time_settings",
    "time_left",
    "quit",
];

/// Why a command failed: the text of the `?` response.
#[derive(Debug, thiserror::Error)]
pub enum GtpError {
    #[error("unknown command '{0}'")]
    UnknownCommand(String),
    /// A command without the arguments it needs: how to call it.
    #[error("{0}")]
    Usage(&'static str),
    #[error("boardsize needs a number, not '{0}'")]
    NotASize(String),
    #[error("only square boards are supported, not {0}×{1}")]
    NotSquare(u32, u32),
    #[error("the board was loaded from a file ({0} faces); its size cannot change")]
    FixedBoard(usize),
    #[error(transparent)]
    Board(#[from] DefaultBoardError),
    #[error(transparent)]
    Unsuitable(#[from] UnsuitableBoard),
    #[error("unknown colour '{given}' (use {first}/{second} or black/white)")]
    Colour {
        given: String,
        first: String,
        second: String,
    },
    #[error("the game is over: {0}")]
    GameOver(String),
    #[error("it is {to_move}'s turn, not {player}'s")]
    NotYourTurn {
        to_move: &'static str,
        player: &'static str,
    },
    #[error("cannot undo: no move has been played")]
    NothingToUndo,
    #[error("illegal move '{mv}': {reason}")]
    Illegal { mv: String, reason: IllegalMove },
    #[error("{0}")]
    Resign(IllegalMove),
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error("the engine chose an illegal move '{mv}': {reason}")]
    EngineMove { mv: String, reason: MoveError },
    #[error("'{0}' is not a number of seconds")]
    NotSeconds(String),
    #[error("'{0}' is not a number of stones")]
    NotStones(String),
    #[error("byo-yomi time needs a number of stones")]
    ByoYomiStones,
}

/// Time control from `time_settings`: main time, then `byo_time` seconds for
/// every `byo_stones` moves (`byo_stones == 0`: no byo-yomi).
#[derive(Clone, Copy, Debug)]
struct TimeControl {
    main: f64,
    byo_time: f64,
    byo_stones: u32,
}

/// A GTP session: the game, the engine and the clocks.
pub struct Session {
    kind: RulesKind,
    /// Loaded from `--board`: the size cannot change.
    fixed_board: bool,
    game: Box<dyn DynGame>,
    engine: DynEngine,
    move_time: Duration,
    /// [`GtpArgs::resign`].
    resign_below: f32,
    time_control: Option<TimeControl>,
    /// Per player: (seconds left, stones left in the byo-yomi period; 0 = main time).
    time_left: [Option<(f64, u32)>; 2],
    quit: bool,
    /// [`GtpArgs::ponder`].
    ponder: bool,
    /// The search running on the opponent's time, stopped by the next command.
    pondering: Option<SearchHandle>,
}

impl Session {
    /// A session for `args` (the game is made at once, so a bad board fails early).
    pub fn new(args: &GtpArgs) -> Result<Session, CliFailure> {
        let game = args.game.make_game()?;
        let params = EngineParams::parse(&args.params, args.game.rules)
            .map_err(|e| CliFailure::usage(format!("--params: {e}")))?;
        Ok(Session {
            kind: args.game.rules,
            fixed_board: args.game.board.is_some(),
            game,
            engine: DynEngine::with_params(
                SearchConfig {
                    threads: args.threads,
                    seed: args.seed,
                },
                params,
            ),
            move_time: Duration::from_secs_f64(args.time),
            resign_below: args.resign as f32,
            time_control: None,
            time_left: [None, None],
            quit: false,
            ponder: args.ponder,
            pondering: None,
        })
    }

    /// The game being played.
    pub fn game(&self) -> &dyn DynGame {
        self.game.as_ref()
    }

    /// Whether `quit` was received.
    pub fn finished(&self) -> bool {
        self.quit
    }

    /// Stop the search on the opponent's time, if one runs, and wait for it,
    /// so that its tree is kept for the engine's next move.
    fn stop_pondering(&mut self) {
        if let Some(h) = self.pondering.take() {
            h.stop();
            if let Ok(r) = h.wait() {
                eprintln!(
                    "pondered: {} simulations, best reply {} ({:.1} %)",
                    r.simulations,
                    r.best_move,
                    100.0 * r.win_rate
                );
            }
        }
    }

    /// Handle one input line; `None` for lines that are empty or comments.
    /// A command stops the search on the opponent's time first.
    pub fn handle_line(&mut self, line: &str) -> Option<String> {
        // Control characters other than tab and line ends are removed; tabs are spaces.
        let clean: String = line
            .chars()
            .filter(|c| !c.is_control() || *c == '\t')
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let clean = match clean.find('#') {
            Some(i) => &clean[..i],
            None => &clean[..],
        };
        let mut words = clean.split_whitespace().peekable();
        let first = words.peek()?;
        self.stop_pondering();
        let id = first.parse::<u64>().ok();
        if id.is_some() {
            words.next();
        }
        let id_text = id.map(|i| i.to_string()).unwrap_or_default();
        let Some(cmd) = words.next() else {
            return Some(format!("?{id_text} missing command\n\n"));
        };
        let args: Vec<&str> = words.collect();
        match self.command(&cmd.to_ascii_lowercase(), &args) {
            Ok(text) if text.is_empty() => Some(format!("={id_text}\n\n")),
            Ok(text) => Some(format!("={id_text} {text}\n\n")),
            Err(e) => Some(format!(
                "?{id_text} {}\n\n",
                e.to_string().replace('\n', " ")
            )),
        }
    }

    fn command(&mut self, cmd: &str, args: &[&str]) -> Result<String, GtpError> {
        match cmd {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("boardwright".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => {
                let c = args
                    .first()
                    .ok_or(GtpError::Usage("known_command needs a command name"))?;
                Ok(COMMANDS
                    .contains(&c.to_ascii_lowercase().as_str())
                    .to_string())
            }
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => self.boardsize(args),
            "clear_board" => {
                self.reset(self.game.board().as_ref().clone())?;
                Ok(String::new())
            }
            "play" => self.play(args),
            "genmove" => self.genmove(args),
            "undo" => {
                if self.game.undo() {
                    Ok(String::new())
                } else {
                    Err(GtpError::NothingToUndo)
                }
            }
            "showboard" => Ok(format!("\n{}", self.board_text().trim_end())),
            "time_settings" => self.time_settings(args),
            "time_left" => self.time_left(args),
            _ => Err(GtpError::UnknownCommand(cmd.to_string())),
        }
    }

    fn reset(&mut self, board: crate::board::Board) -> Result<(), GtpError> {
        let g = new_game(self.kind, Arc::new(board), &self.game.options().clone())?;
        self.game = g;
        self.engine.clear();
        self.time_left = [None, None];
        Ok(())
    }

    fn boardsize(&mut self, args: &[&str]) -> Result<String, GtpError> {
        let parse = |s: &str| {
            s.parse::<u32>()
                .map_err(|_| GtpError::NotASize(s.to_string()))
        };
        let n = parse(
            args.first()
                .ok_or(GtpError::Usage("boardsize needs a size"))?,
        )?;
        if let Some(m) = args.get(1) {
            let m = parse(m)?;
            if m != n {
                return Err(GtpError::NotSquare(n, m));
            }
        }
        if self.fixed_board {
            return Err(GtpError::FixedBoard(self.game.board().face_count()));
        }
        let board = self.kind.entry().default_board.build(Some(n))?;
        self.reset(board)?;
        Ok(String::new())
    }

    /// The player a colour word stands for, and whether moves in that colour
    /// are HexGui's mirror image of boardwright's (see [`Session::mirrored`]).
    fn side(&self, s: &str) -> Result<(Player, bool), GtpError> {
        let p = self.color(s)?;
        let colour_word = matches!(
            s.to_ascii_lowercase().as_str(),
            "b" | "black" | "w" | "white"
        );
        if colour_word && self.mirrored() {
            Ok((1 - p, true))
        } else {
            Ok((p, false))
        }
    }

    /// Whether a Hex swap has been played: from then on HexGui's colours are
    /// exchanged and its points mirrored with respect to boardwright's. HexGui
    /// (and Benzene) keep Black's stone where it is on `swap-pieces` and let
    /// White move again; boardwright mirrors the stone into Blue's and lets Red
    /// move — the same game in a mirror. So after the swap `black`/`white`
    /// moves are translated: `play w h4` is Red's `d8`, and `genmove w` answers
    /// in HexGui's points. Side names (`red`/`blue`) are never translated.
    fn mirrored(&self) -> bool {
        self.kind == RulesKind::Hex && self.game.history().iter().any(|m| m == "swap")
    }

    /// A colour word: the player names, black/white, b/w, x/o.
    fn color(&self, s: &str) -> Result<Player, GtpError> {
        let s = s.to_ascii_lowercase();
        let names = self.game.player_names();
        for (p, name) in names.iter().enumerate() {
            if s == name.to_ascii_lowercase() {
                return Ok(p as Player);
            }
        }
        match s.as_str() {
            "b" | "black" | "x" => Ok(0),
            "w" | "white" | "o" => Ok(1),
            _ => Err(GtpError::Colour {
                given: s,
                first: names[0].to_ascii_lowercase(),
                second: names[1].to_ascii_lowercase(),
            }),
        }
    }

    fn check_turn(&self, p: Player) -> Result<(), GtpError> {
        if let Some(o) = self.game.outcome() {
            return Err(GtpError::GameOver(o.reason));
        }
        match self.game.to_move() {
            Some(q) if q == p => Ok(()),
            Some(q) => Err(GtpError::NotYourTurn {
                to_move: self.game.player_names()[q as usize],
                player: self.game.player_names()[p as usize],
            }),
            None => Err(GtpError::GameOver("no one is to move".into())),
        }
    }

    fn play(&mut self, args: &[&str]) -> Result<String, GtpError> {
        let [color, mv] = args else {
            return Err(GtpError::Usage(
                "play needs a colour and a move, e.g. 'play black a1'",
            ));
        };
        let (p, mirror) = self.side(color)?;
        let mv = match mv.to_ascii_lowercase().as_str() {
            // HexGui's names of the swap move.
            "swap-pieces" | "swap-sides" => "swap".to_string(),
            "resign" => "resign".to_string(),
            other if mirror => {
                mirror_label(self.game.board(), other).ok_or_else(|| GtpError::Illegal {
                    mv: other.to_string(),
                    reason: IllegalMove::new("no such cell on this board"),
                })?
            }
            other => other.to_string(),
        };
        if mv == "resign" {
            self.check_turn(p)?;
            self.game.resign(p).map_err(GtpError::Resign)?;
            return Ok(String::new());
        }
        self.check_turn(p)?;
        self.game
            .play_str(&mv)
            .map_err(|reason| GtpError::Illegal { mv, reason })?;
        Ok(String::new())
    }

    /// Time for the next move of `p`: from the clock when the controller sent
    /// one, else `--time`.
    fn budget(&self, p: Player) -> Duration {
        let Some((left, stones)) = self.time_left[p as usize] else {
            return self.move_time;
        };
        let margin = 0.9; // leave room for communication
        let secs = if stones > 0 {
            left / stones as f64
        } else {
            let moves_left = (self.game.legal_moves().len() as f64 / 2.0).clamp(10.0, 60.0);
            let byo = self
                .time_control
                .filter(|t| t.byo_stones > 0)
                .map_or(0.0, |t| t.byo_time / t.byo_stones as f64);
            left / moves_left + byo
        };
        Duration::from_secs_f64((secs * margin).clamp(0.01, 3600.0))
    }

    fn genmove(&mut self, args: &[&str]) -> Result<String, GtpError> {
        let [color] = args else {
            return Err(GtpError::Usage(
                "genmove needs a colour, e.g. 'genmove white'",
            ));
        };
        let (p, mirror) = self.side(color)?;
        self.check_turn(p)?;
        let limits = SearchLimits::time(self.budget(p));
        let started = std::time::Instant::now();
        let r = self.engine.start(self.game.as_ref(), limits)?.wait()?;
        // What the search did, for the log a GTP controller keeps of stderr.
        eprintln!(
            "genmove {}: {} simulations in {:.2} s (+ {} kept), win rate {:.1} %{}, tree {} nodes, deepest ply {}, recycled {} times, paused {} ms",
            r.best_move,
            r.simulations,
            started.elapsed().as_secs_f64(),
            r.tree.reused,
            100.0 * r.win_rate,
            if r.proven { " (proven)" } else { "" },
            r.tree.nodes,
            r.tree.max_depth,
            r.tree.recycles,
            r.tree.paused_ms,
        );
        if r.win_rate < self.resign_below {
            self.game.resign(p).map_err(GtpError::Resign)?;
            return Ok("resign".to_string());
        }
        let played = self
            .game
            .play(r.best)
            .map_err(|reason| GtpError::EngineMove {
                mv: r.best_move,
                reason,
            })?;
        if self.ponder && self.game.outcome().is_none() {
            let limits = SearchLimits::time(PONDER_LIMIT);
            // A search that cannot start (no legal move) is simply not run.
            self.pondering = self.engine.start(self.game.as_ref(), limits).ok();
        }
        if mirror && played != "swap" {
            return Ok(mirror_label(self.game.board(), &played).unwrap_or(played));
        }
        Ok(played)
    }

    fn time_settings(&mut self, args: &[&str]) -> Result<String, GtpError> {
        let [main, byo, stones] = args else {
            return Err(GtpError::Usage(
                "time_settings needs main time, byo-yomi time and byo-yomi stones",
            ));
        };
        let tc = TimeControl {
            main: seconds(main)?,
            byo_time: seconds(byo)?,
            byo_stones: stones_count(stones)?,
        };
        if tc.main == 0.0 && tc.byo_time > 0.0 && tc.byo_stones == 0 {
            return Err(GtpError::ByoYomiStones);
        }
        self.time_control = Some(tc);
        let start = if tc.main > 0.0 {
            Some((tc.main, 0))
        } else if tc.byo_stones > 0 {
            Some((tc.byo_time, tc.byo_stones))
        } else {
            None // no time limit
        };
        self.time_left = [start, start];
        Ok(String::new())
    }

    fn time_left(&mut self, args: &[&str]) -> Result<String, GtpError> {
        let [color, time, stones] = args else {
            return Err(GtpError::Usage(
                "time_left needs a colour, seconds and stones",
            ));
        };
        let p = self.color(color)?;
        let t = seconds(time)?;
        let s = stones_count(stones)?;
        self.time_left[p as usize] = Some((t, s));
        Ok(String::new())
    }

    fn board_text(&self) -> String {
        let g = self.game.as_ref();
        let names = g.player_names();
        let mut s = g.render_text();
        s.push_str(&format!("X = {}, O = {}\n", names[0], names[1]));
        match g.outcome() {
            Some(o) => s.push_str(&format!("Game over: {}\n", o.reason)),
            None => {
                if let Some(p) = g.to_move() {
                    s.push_str(&format!("{} to move\n", names[p as usize]));
                }
            }
        }
        s
    }
}

/// A number of seconds (finite, ≥ 0).
fn seconds(s: &str) -> Result<f64, GtpError> {
    s.parse::<f64>()
        .ok()
        .filter(|x| x.is_finite() && *x >= 0.0)
        .ok_or_else(|| GtpError::NotSeconds(s.to_string()))
}

/// The label of the face mirrored (col, row) → (row, col), as Hex's swap
/// mirrors; `None` when `label` is no face or its mirror image is none.
fn mirror_label(board: &crate::board::Board, label: &str) -> Option<String> {
    let c = board.coord(board.face_by_label(label)?)?;
    board
        .mesh()
        .face_ids()
        .find(|&f| {
            board
                .coord(f)
                .is_some_and(|d| d.col == c.row && d.row == c.col)
        })
        .map(|f| board.label(f).to_string())
}

/// Longest command line read, in bytes; longer lines are answered with an
/// error and skipped without being stored.
pub const MAX_LINE_BYTES: u64 = 64 * 1024;

/// A number of stones.
fn stones_count(s: &str) -> Result<u32, GtpError> {
    s.parse::<u32>()
        .map_err(|_| GtpError::NotStones(s.to_string()))
}

/// Run a session over any reader and writer (tests use buffers).
pub fn serve(
    session: &mut Session,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<(), CliFailure> {
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        let read_err =
            |e: std::io::Error| CliFailure::new(format!("cannot read standard input: {e}"));
        let n = std::io::Read::take(&mut *input, MAX_LINE_BYTES + 1)
            .read_until(b'\n', &mut bytes)
            .map_err(read_err)?;
        if n == 0 {
            return Ok(());
        }
        if bytes.len() as u64 > MAX_LINE_BYTES && bytes.last() != Some(&b'\n') {
            // Skip the rest of the line without keeping it.
            loop {
                let buf = input.fill_buf().map_err(read_err)?;
                if buf.is_empty() {
                    break;
                }
                match buf.iter().position(|&c| c == b'\n') {
                    Some(k) => {
                        input.consume(k + 1);
                        break;
                    }
                    None => {
                        let len = buf.len();
                        input.consume(len);
                    }
                }
            }
            let resp = format!(
                "? the command line is longer than {MAX_LINE_BYTES} bytes and was skipped\n\n"
            );
            match output
                .write_all(resp.as_bytes())
                .and_then(|()| output.flush())
            {
                Ok(()) => continue,
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return Ok(()),
                Err(e) => return Err(CliFailure::new(format!("cannot write: {e}"))),
            }
        }
        // Bytes that are not UTF-8 become U+FFFD: such a line is an unknown command.
        let line = String::from_utf8_lossy(&bytes);
        if let Some(resp) = session.handle_line(&line) {
            match output
                .write_all(resp.as_bytes())
                .and_then(|()| output.flush())
            {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return Ok(()),
                Err(e) => return Err(CliFailure::new(format!("cannot write: {e}"))),
            }
        }
        if session.finished() {
            return Ok(());
        }
    }
}

pub fn run(args: GtpArgs) -> Result<(), CliFailure> {
    let mut session = Session::new(&args)?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut output = stdout.lock();
    serve(&mut session, &mut input, &mut output)
}
