//! `boardwright gtp`: the engine over the Go Text Protocol (version 2) on
//! standard input and output, with the same move notation as `play`, so that
//! Hex GUIs such as HexGui and scripts can play against it.
//!
//! Every command gets exactly one response: `= result` or `? reason`, followed
//! by an empty line, with the command's numeric id echoed when it had one. An
//! unknown command, a malformed line or an illegal move is an error response
//! and the session carries on.

use super::CliFailure;
use super::play::{GameArgs, default_board};
use crate::engine::{DynEngine, SearchConfig, SearchLimits};
use crate::rules::Player;
use crate::rules::dynamic::{DynGame, GameOptions, RulesKind, new_game};
use clap::Args;
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::time::Duration;

/// Speak GTP v2 on stdin/stdout.
#[derive(Debug, Args)]
pub struct GtpArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Worker threads for the search.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Seconds per move for genmove unless time_settings/time_left say otherwise.
    #[arg(long, default_value_t = 1.0)]
    pub time: f64,
    /// Seed of the engine's random numbers.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

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
    swap: bool,
    /// Loaded from `--board`: the size cannot change.
    fixed_board: bool,
    game: Box<dyn DynGame>,
    engine: DynEngine,
    move_time: Duration,
    time_control: Option<TimeControl>,
    /// Per player: (seconds left, stones left in the byo-yomi period; 0 = main time).
    time_left: [Option<(f64, u32)>; 2],
    quit: bool,
}

impl Session {
    /// A session for `args` (the game is made at once, so a bad board fails early).
    pub fn new(args: &GtpArgs) -> Result<Session, CliFailure> {
        if !(args.time.is_finite() && args.time > 0.0) {
            return Err(CliFailure::new(format!(
                "--time must be a positive number of seconds, not {}",
                args.time
            )));
        }
        if args.threads == 0 || args.threads > 64 {
            return Err(CliFailure::new("--threads must be between 1 and 64"));
        }
        let game = args.game.make_game()?;
        Ok(Session {
            kind: args.game.rules,
            swap: args.game.swap,
            fixed_board: args.game.board.is_some(),
            game,
            engine: DynEngine::new(SearchConfig {
                threads: args.threads,
                seed: args.seed,
            }),
            move_time: Duration::from_secs_f64(args.time),
            time_control: None,
            time_left: [None, None],
            quit: false,
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

    /// Handle one input line; `None` for lines that are empty or comments.
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
            Err(e) => Some(format!("?{id_text} {}\n\n", e.replace('\n', " "))),
        }
    }

    fn command(&mut self, cmd: &str, args: &[&str]) -> Result<String, String> {
        match cmd {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("boardwright".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => {
                let c = args.first().ok_or("known_command needs a command name")?;
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
                    Err("cannot undo: no move has been played".into())
                }
            }
            "showboard" => Ok(format!("\n{}", self.board_text().trim_end())),
            "time_settings" => self.time_settings(args),
            "time_left" => self.time_left(args),
            _ => Err(format!("unknown command '{cmd}'")),
        }
    }

    fn reset(&mut self, board: crate::board::Board) -> Result<(), String> {
        let g = new_game(self.kind, Arc::new(board), &GameOptions { swap: self.swap })
            .map_err(|e| e.0)?;
        self.game = g;
        self.engine.clear();
        self.time_left = [None, None];
        Ok(())
    }

    fn boardsize(&mut self, args: &[&str]) -> Result<String, String> {
        let parse = |s: &str| {
            s.parse::<u32>()
                .map_err(|_| format!("boardsize needs a number, not '{s}'"))
        };
        let n = parse(args.first().ok_or("boardsize needs a size")?)?;
        if let Some(m) = args.get(1) {
            let m = parse(m)?;
            if m != n {
                return Err(format!("only square boards are supported, not {n}×{m}"));
            }
        }
        if self.fixed_board {
            let faces = self.game.board().face_count();
            return Err(format!(
                "the board was loaded from a file ({faces} faces); its size cannot change"
            ));
        }
        if self.kind == RulesKind::Loa && n != 8 {
            return Err("Lines of Action is played on 8×8 only".into());
        }
        let board = default_board(self.kind, Some(n)).map_err(|e| e.message)?;
        self.reset(board)?;
        Ok(String::new())
    }

    /// A colour word: the player names, black/white, b/w, x/o.
    fn color(&self, s: &str) -> Result<Player, String> {
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
            _ => Err(format!(
                "unknown colour '{s}' (use {}/{} or black/white)",
                names[0].to_ascii_lowercase(),
                names[1].to_ascii_lowercase()
            )),
        }
    }

    fn check_turn(&self, p: Player) -> Result<(), String> {
        if let Some(o) = self.game.outcome() {
            return Err(format!("the game is over: {}", o.reason));
        }
        match self.game.to_move() {
            Some(q) if q == p => Ok(()),
            Some(q) => Err(format!(
                "it is {}'s turn, not {}'s",
                self.game.player_names()[q as usize],
                self.game.player_names()[p as usize]
            )),
            None => Err("the game is over".into()),
        }
    }

    fn play(&mut self, args: &[&str]) -> Result<String, String> {
        let [color, mv] = args else {
            return Err("play needs a colour and a move, e.g. 'play black a1'".into());
        };
        let p = self.color(color)?;
        let mv = match mv.to_ascii_lowercase().as_str() {
            // HexGui's names of the swap move.
            "swap-pieces" | "swap-sides" => "swap".to_string(),
            other => other.to_string(),
        };
        if mv == "resign" {
            self.check_turn(p)?;
            self.game.resign(p).map_err(|e| e.reason)?;
            return Ok(String::new());
        }
        self.check_turn(p)?;
        self.game
            .play_str(&mv)
            .map_err(|e| format!("illegal move '{mv}': {}", e.reason))?;
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

    fn genmove(&mut self, args: &[&str]) -> Result<String, String> {
        let [color] = args else {
            return Err("genmove needs a colour, e.g. 'genmove white'".into());
        };
        let p = self.color(color)?;
        self.check_turn(p)?;
        let limits = SearchLimits::time(self.budget(p));
        let r = self
            .engine
            .start(self.game.as_ref(), limits)
            .map_err(|e| e.to_string())?
            .wait()
            .map_err(|e| e.to_string())?;
        self.game.play_str(&r.best_move).map_err(|e| {
            format!(
                "the engine chose an illegal move '{}': {}",
                r.best_move, e.reason
            )
        })?;
        Ok(r.best_move)
    }

    fn time_settings(&mut self, args: &[&str]) -> Result<String, String> {
        let [main, byo, stones] = args else {
            return Err("time_settings needs main time, byo-yomi time and byo-yomi stones".into());
        };
        let num = |s: &str| {
            s.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0)
                .ok_or_else(|| format!("'{s}' is not a number of seconds"))
        };
        let tc = TimeControl {
            main: num(main)?,
            byo_time: num(byo)?,
            byo_stones: stones
                .parse::<u32>()
                .map_err(|_| format!("'{stones}' is not a number of stones"))?,
        };
        if tc.main == 0.0 && tc.byo_time > 0.0 && tc.byo_stones == 0 {
            return Err("byo-yomi time needs a number of stones".into());
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

    fn time_left(&mut self, args: &[&str]) -> Result<String, String> {
        let [color, time, stones] = args else {
            return Err("time_left needs a colour, seconds and stones".into());
        };
        let p = self.color(color)?;
        let t = time
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite() && *x >= 0.0)
            .ok_or_else(|| format!("'{time}' is not a number of seconds"))?;
        let s = stones
            .parse::<u32>()
            .map_err(|_| format!("'{stones}' is not a number of stones"))?;
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

/// Run a session over any reader and writer (tests use buffers).
pub fn serve(
    session: &mut Session,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<(), CliFailure> {
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        let n = input
            .read_until(b'\n', &mut bytes)
            .map_err(|e| CliFailure::new(format!("cannot read standard input: {e}")))?;
        if n == 0 {
            return Ok(());
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
