//! The engine's command-line faces: `gtp` over a pipe to the built binary,
//! `selfplay` and `bench`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_boardwright"))
}

/// A GTP session with the built binary over pipes.
struct Gtp {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    stderr: BufReader<ChildStderr>,
    /// What was read of standard error so far.
    log: String,
}

impl Gtp {
    fn start(args: &[&str]) -> Gtp {
        let mut child = bin()
            .arg("gtp")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start boardwright gtp");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let stderr = BufReader::new(child.stderr.take().unwrap());
        Gtp {
            child,
            stdin,
            stdout,
            stderr,
            log: String::new(),
        }
    }

    /// Read standard error up to the first line starting with `prefix`
    /// (already written: the engine logs before it answers); that line.
    fn log_line(&mut self, prefix: &str) -> String {
        loop {
            let mut l = String::new();
            let n = self.stderr.read_line(&mut l).unwrap();
            assert!(n > 0, "no line '{prefix}…' in\n{}", self.log);
            self.log.push_str(&l);
            if l.starts_with(prefix) {
                return l;
            }
        }
    }

    /// Send one line, read one response (up to the empty line): (ok, text).
    fn send(&mut self, line: &str) -> (bool, String) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
        let mut text = String::new();
        loop {
            let mut l = String::new();
            let n = self.stdout.read_line(&mut l).unwrap();
            assert!(n > 0, "gtp closed the pipe after '{line}'");
            if l == "\n" && !text.is_empty() {
                break;
            }
            text.push_str(&l);
        }
        let ok = text.starts_with('=');
        assert!(ok || text.starts_with('?'), "not a GTP response: {text:?}");
        (ok, text.trim_end().to_string())
    }

    fn ok(&mut self, line: &str) -> String {
        let (ok, text) = self.send(line);
        assert!(ok, "'{line}' failed: {text}");
        text.trim_start_matches('=')
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim()
            .to_string()
    }

    fn err(&mut self, line: &str) -> String {
        let (ok, text) = self.send(line);
        assert!(!ok, "'{line}' should fail: {text}");
        text
    }

    /// End the session; what it wrote on standard error.
    fn quit(mut self) -> String {
        assert_eq!(self.ok("quit"), "");
        std::io::Read::read_to_string(&mut self.stderr, &mut self.log).unwrap();
        let status = self.child.wait().unwrap();
        assert!(status.success());
        self.log
    }
}

#[test]
fn gtp_plays_a_full_hex_game_against_itself() {
    let mut g = Gtp::start(&["--rules", "hex", "--size", "5", "--time", "0.02"]);
    assert_eq!(g.ok("protocol_version"), "2");
    assert_eq!(g.ok("name"), "boardwright");
    assert_eq!(g.ok("known_command genmove"), "true");
    assert_eq!(g.ok("known_command fly"), "false");
    assert!(g.ok("list_commands").lines().any(|l| l == "time_left"));
    g.ok("boardsize 5 5");
    g.ok("clear_board");
    g.ok("play black c3");
    let mut colour = ["white", "black"].iter().cycle();
    let mut moves = vec!["c3".to_string()];
    loop {
        let c = colour.next().unwrap();
        let (ok, text) = g.send(&format!("genmove {c}"));
        if !ok {
            assert!(text.contains("game is over"), "{text}");
            break;
        }
        let mv = text.trim_start_matches('=').trim().to_string();
        assert!(!moves.contains(&mv), "{mv} played twice");
        moves.push(mv);
        assert!(moves.len() <= 25, "more moves than cells");
    }
    let board = g.ok("showboard");
    assert!(board.contains("Game over"), "{board}");
    // A Hex game on 5×5 needs at least 9 stones (5 of the winner's).
    assert!(moves.len() >= 9);
    // Each genmove logs what its search did on standard error, as GTP
    // engines do for the controller's log.
    let log = g.quit();
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines.len(), moves.len() - 1, "{log}");
    for (line, mv) in lines.iter().zip(&moves[1..]) {
        assert!(line.starts_with(&format!("genmove {mv}: ")), "{line}");
        let sims: u64 = line
            .split_whitespace()
            .nth(2)
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no simulation count in {line}"));
        assert!(sims > 0 || line.contains("(proven)"), "{line}");
        assert!(
            line.contains("win rate") && line.contains("paused"),
            "{line}"
        );
    }
}

#[test]
fn gtp_errors_keep_the_session_alive() {
    let mut g = Gtp::start(&["--rules", "hex", "--size", "5", "--time", "0.02"]);
    assert!(g.err("fly away").contains("unknown command"));
    assert!(g.err("play black").contains("needs a colour and a move"));
    assert!(g.err("play purple a1").contains("unknown colour"));
    assert!(g.err("play black z9").starts_with('?'));
    g.ok("play black a1");
    assert!(g.err("play white a1").contains("illegal move"));
    assert!(g.err("play black b2").contains("turn"));
    assert!(g.err("boardsize x").contains("number"));
    assert!(g.err("time_settings 1 2").contains("time_settings needs"));
    // Ids are echoed on success and failure.
    let (ok, t) = g.send("7 name");
    assert!(ok && t.starts_with("=7 boardwright"), "{t}");
    let (ok, t) = g.send("8 nonsense");
    assert!(!ok && t.starts_with("?8 "), "{t}");
    // Comments and empty lines get no response; the next command still works.
    writeln!(g.stdin, "# a comment\n").unwrap();
    g.ok("undo");
    assert!(g.err("undo").contains("cannot undo"));
    g.ok("time_settings 10 0 0");
    g.ok("time_left white 1 0");
    let mv = g.ok("genmove black");
    assert!(!mv.is_empty());
    g.quit();
}

/// Red's column c1–c4 on 5×5 Hex: c4 reaches the bottom row through b5 or
/// c5, so Blue, to move, has lost.
fn hex5_lost_for_white(g: &mut Gtp) {
    g.ok("boardsize 5 5");
    for mv in ["b c1", "w a1", "b c2", "w a2", "b c3", "w a3", "b c4"] {
        g.ok(&format!("play {mv}"));
    }
}

#[test]
fn gtp_resigns_a_lost_position_only_when_asked_to() {
    let mut g = Gtp::start(&[
        "--rules", "hex", "--size", "5", "--time", "0.1", "--resign", "0.05",
    ]);
    hex5_lost_for_white(&mut g);
    assert_eq!(g.ok("genmove white"), "resign");
    let board = g.ok("showboard");
    assert!(board.contains("Game over: Blue resigned"), "{board}");
    assert!(g.err("genmove black").contains("game is over"));
    // Undo takes the resignation back, and the session plays on.
    g.ok("undo");
    assert!(!g.ok("showboard").contains("Game over"));
    g.quit();

    // Without --resign the engine plays the lost position out.
    let mut g = Gtp::start(&["--rules", "hex", "--size", "5", "--time", "0.1"]);
    hex5_lost_for_white(&mut g);
    let mv = g.ok("genmove white");
    assert!(mv != "resign" && !mv.is_empty(), "{mv}");
    g.quit();

    // A winning side never resigns, whatever the threshold.
    let mut g = Gtp::start(&[
        "--rules", "hex", "--size", "5", "--time", "0.1", "--resign", "0.5",
    ]);
    hex5_lost_for_white(&mut g);
    g.ok("play white d1");
    assert_ne!(g.ok("genmove black"), "resign");
    g.quit();
}

#[test]
fn gtp_speaks_every_game() {
    for (rules, first) in [
        ("twixt", "black"),
        ("loa", "black"),
        ("boco", "black"),
        ("y", "black"),
        ("havannah", "black"),
    ] {
        let mut g = Gtp::start(&["--rules", rules, "--time", "0.05"]);
        let mv = g.ok(&format!("genmove {first}"));
        assert!(!mv.is_empty(), "{rules}");
        let board = g.ok("showboard");
        assert!(board.contains("to move"), "{rules}: {board}");
        g.ok("undo");
        g.quit();
    }
}

#[test]
fn selfplay_reports_per_seat_scores() {
    let out = bin()
        .args([
            "selfplay", "--rules", "hex", "--size", "4", "--games", "2", "--sims", "50", "--vs",
            "random", "--json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let seats = v["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    assert_eq!(seats[0]["seat"], "Red");
    assert_eq!(seats[0]["games"], 1);
    assert_eq!(seats[1]["games"], 1);
    assert_eq!(v["total"]["games"], 2);
    assert!(v["total"]["ci95"][0].as_f64().unwrap() <= v["total"]["score"].as_f64().unwrap());
    // The engine's searches are counted; a random player has none.
    let search = &v["engine_search"];
    assert!(search["moves"].as_u64().unwrap() > 0, "{v}");
    let per_move = search["simulations_per_move"].as_f64().unwrap();
    assert!(per_move > 0.0 && per_move <= 50.0, "{v}");
    assert!(v.get("opponent_search").is_none(), "{v}");
}

/// `selfplay` tells what each side's budget bought: every move of the game is
/// one side's search, and with a budget of simulations no search runs more.
#[test]
fn selfplay_counts_each_sides_searches() {
    let v = selfplay_json(&[
        "--rules",
        "hex",
        "--size",
        "5",
        "--games",
        "2",
        "--sims",
        "300",
        "--threads",
        "2",
        "--json",
    ]);
    let (me, other) = (&v["engine_search"], &v["opponent_search"]);
    let moves = me["moves"].as_u64().unwrap() + other["moves"].as_u64().unwrap();
    let plies = v["mean_plies"].as_f64().unwrap() * 2.0;
    assert_eq!(moves as f64, plies, "{v}");
    for side in [me, other] {
        let per_move = side["simulations_per_move"].as_f64().unwrap();
        assert!(per_move > 0.0 && per_move <= 300.0, "{v}");
        assert!(side["seconds"].as_f64().unwrap() > 0.0, "{v}");
        assert!(
            side["simulations_per_second"].as_f64().unwrap() > 0.0,
            "{v}"
        );
    }
    let out = bin()
        .args([
            "selfplay", "--rules", "hex", "--size", "4", "--games", "2", "--sims", "100",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    for side in ["engine: ", "opponent: "] {
        let line = text
            .lines()
            .find(|l| l.starts_with(side))
            .unwrap_or_default();
        assert!(line.contains(" simulations/move, "), "{text}");
        assert!(line.contains(" simulations/s ("), "{text}");
    }
}

#[test]
fn bench_prints_simulations_per_second() {
    let out = bin()
        .args([
            "bench",
            "--rules",
            "hex",
            "--size",
            "7",
            "--seconds",
            "0.2",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["simulations"].as_u64().unwrap() > 100);
    assert!(v["simulations_per_second"].as_f64().unwrap() > 500.0);
    // The tree's shape: every root move allocated, some nodes expanded, and
    // the search reached beyond the root's children.
    let tree = &v["tree"];
    assert!(tree["nodes"].as_u64().unwrap() > 49, "{tree}");
    assert!(tree["expanded"].as_u64().unwrap() >= 1, "{tree}");
    assert!(tree["max_depth"].as_u64().unwrap() >= 2, "{tree}");
}

#[test]
fn bench_and_gtp_take_tuning_parameters() {
    let out = bin()
        .args([
            "bench",
            "--rules",
            "hex",
            "--size",
            "7",
            "--seconds",
            "0.2",
            "--params",
            "explore=0.3,fpu=1,rave=1,bridge=1",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("expanded, deepest visited ply"), "{text}");
    // A name the game does not know is refused with the list of known ones.
    let out = bin()
        .args(["gtp", "--rules", "hex", "--params", "cut=3"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unknown parameter 'cut'") && err.contains("bridge"),
        "{err}"
    );
    let mut g = Gtp::start(&[
        "--rules",
        "hex",
        "--size",
        "5",
        "--time",
        "0.1",
        "--params",
        "rave=1,bridge=1",
    ]);
    let mv = g.ok("genmove black");
    let reply = if mv == "c3" { "c2" } else { "c3" };
    g.ok(&format!("play white {reply}"));
    g.quit();
}

/// `params` lists what `--params` takes for a game, with the values the
/// game plays with; the commands refuse a value out of range with its range.
#[test]
fn params_lists_each_games_parameters_and_their_values() {
    let run = |args: &[&str]| {
        let out = bin().arg("params").args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let hex = run(&["--rules", "hex"]);
    let row = |text: &str, name: &str| {
        text.lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("no {name} row in\n{text}"))
            .split_whitespace()
            .take(2)
            .collect::<Vec<_>>()
            .join(" ")
    };
    // Hex's measured defaults, not the generic ones.
    assert_eq!(row(&hex, "explore"), "explore 0");
    assert_eq!(row(&hex, "prior"), "prior 20");
    assert_eq!(row(&hex, "swap_prior"), "swap_prior 0.9");
    assert!(hex.contains("a number from 0 to 1"), "{hex}");
    assert!(!hex.contains("do nothing"), "{hex}");
    let loa = run(&["--rules", "loa"]);
    assert_eq!(row(&loa, "cut"), "cut 1");
    assert_eq!(row(&loa, "explore"), "explore 0.6");
    assert!(
        loa.contains("do nothing in Lines of Action:")
            && loa.contains("pie (Lines of Action has no swap rule)"),
        "{loa}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&run(&["--rules", "twixt", "--json"])).unwrap();
    let names: Vec<&str> = json["params"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "explore",
            "expand",
            "nodes",
            "fpu",
            "recycle",
            "rave",
            "rave_init",
            "rave_final",
            "pie",
            "local"
        ]
    );
    assert_eq!(json["params"][5]["value"], 1.0, "TwixT searches with RAVE");
    assert_eq!(json["not_used"][0]["name"], "prior");

    let out = bin()
        .args([
            "selfplay", "--rules", "hex", "--size", "5", "--games", "2", "--sims", "50",
        ])
        .args(["--params", "swap_prior=1.5"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "boardwright: --params: swap_prior=1.5 is out of range: swap_prior takes a number from 0 to 1"
    );
}

/// `gtp --ponder` searches on the opponent's time: after its `genmove` it goes
/// on until the next command, and its next `genmove` starts from that tree.
/// `selfplay --ponder` does the same while the opponent engine thinks.
#[test]
fn the_engine_thinks_on_the_opponents_time_when_asked_to() {
    // A short move of its own, then a second of the opponent's time.
    let mut g = Gtp::start(&[
        "--rules", "hex", "--size", "7", "--time", "0.05", "--ponder",
    ]);
    g.ok("genmove black");
    std::thread::sleep(std::time::Duration::from_secs(1));
    // Any command stops the thinking; the log names the reply it rated best.
    g.ok("name");
    let line = g.log_line("pondered: ");
    let words: Vec<&str> = line.split_whitespace().collect();
    let pondered: u64 = words[1].parse().unwrap();
    let reply = words[5];
    assert!(pondered > 5000, "{line}");
    // The opponent plays that reply: the next genmove starts from the tree
    // the thinking grew under it (its own 0.05 s search gave it far less).
    g.ok(&format!("play white {reply}"));
    g.ok("genmove black");
    // The first genmove's line was read with the pondered one.
    let line = g.log_line("genmove ");
    let kept: u64 = line
        .split("(+ ")
        .nth(1)
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no kept count in {line}"));
    assert!(
        kept * 10 >= pondered,
        "{kept} kept of {pondered} pondered, {reply} the reply"
    );
    g.quit();
    // Without --ponder nothing runs between commands.
    let mut g = Gtp::start(&["--rules", "hex", "--size", "7", "--time", "0.1"]);
    g.ok("genmove black");
    assert!(!g.quit().contains("pondered"));

    let v = selfplay_json(&[
        "--rules", "hex", "--size", "7", "--games", "2", "--time", "0.05", "--ponder", "--json",
    ]);
    assert!(
        v["engine"].as_str().unwrap().ends_with(", pondering"),
        "{v}"
    );
    assert!(v["engine_search"]["pondered"].as_u64().unwrap() > 0, "{v}");
    assert_eq!(v["opponent_search"]["pondered"], 0, "{v}");
    let err = selfplay_error(&[
        "--rules", "hex", "--size", "5", "--ponder", "--vs", "random",
    ]);
    assert!(err.contains("--ponder needs an opponent engine"), "{err}");
}

#[test]
fn bad_engine_options_fail_cleanly() {
    for args in [
        vec!["bench", "--rules", "hex", "--seconds", "-1"],
        vec!["selfplay", "--rules", "hex", "--games", "0"],
        vec!["gtp", "--rules", "hex", "--threads", "0"],
        vec!["gtp", "--rules", "hex", "--resign", "1.5"],
        vec!["gtp", "--rules", "hex", "--resign", "nan"],
    ] {
        let out = bin().args(&args).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with("boardwright: ") && !err.contains("panicked"),
            "{err}"
        );
    }
}

#[test]
fn selfplay_plays_y_and_havannah_from_the_registry() {
    for (rules, seat) in [("y", "Black"), ("havannah", "Black")] {
        let out = bin()
            .args([
                "selfplay", "--rules", rules, "--size", "4", "--games", "2", "--sims", "30",
                "--vs", "random", "--json",
            ])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{rules}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["seats"][0]["seat"], seat);
        assert_eq!(v["total"]["games"], 2);
    }
}

fn selfplay_json(args: &[&str]) -> serde_json::Value {
    let out = bin().arg("selfplay").args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn selfplay_error(args: &[&str]) -> String {
    let out = bin().arg("selfplay").args(args).output().unwrap();
    assert!(!out.status.success(), "{args:?} should fail");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        err.starts_with("boardwright: ") && !err.contains("panicked"),
        "{err}"
    );
    err
}

/// With openings, games 2k−1 and 2k start from the same opening with the
/// seats swapped: a won opening (the centre of Hex 3×3, a first-player win
/// the solver proves) is won by whoever holds Red, so the pair is split and
/// the engine scores exactly half, though as Red it wins every game.
#[test]
fn selfplay_openings_give_each_opening_to_both_seats() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let file = dir.join("centre.txt");
    std::fs::write(&file, "# the centre wins\nb2\n").unwrap();
    let v = selfplay_json(&[
        "--rules",
        "hex",
        "--size",
        "3",
        "--games",
        "4",
        "--sims",
        "200",
        "--openings",
        file.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(v["seats"][0]["wins"], 2, "{v}");
    assert_eq!(v["seats"][1]["losses"], 2, "{v}");
    assert_eq!(v["total"]["score"], 0.5);
    assert_eq!(v["openings"]["count"], 1);
    assert_eq!(v["openings"]["split"], 2);
    assert_eq!(v["openings"]["both_won"], 0);

    // Every first move of Hex 4×4, each played with both seats.
    let v = selfplay_json(&[
        "--rules",
        "hex",
        "--size",
        "4",
        "--games",
        "6",
        "--sims",
        "50",
        "--openings",
        "all-1ply",
        "--json",
    ]);
    assert_eq!(v["openings"]["count"], 16);
    let o = &v["openings"];
    let pairs = o["both_won"].as_u64().unwrap()
        + o["split"].as_u64().unwrap()
        + o["both_lost"].as_u64().unwrap();
    assert_eq!(pairs, 3);

    // Bad openings files are refused with the line and the reason.
    let bad = dir.join("bad.txt");
    for (text, expected) in [
        ("c3\nb2 zz\n", "line 2: move 'zz' refused"),
        (
            "a1 b1 a2 b2 a3\n",
            "line 1: opening 'a1 b1 a2 b2 a3' ends the game",
        ),
        ("# only a comment\n", "no openings in the file"),
    ] {
        std::fs::write(&bad, text).unwrap();
        let err = selfplay_error(&[
            "--rules",
            "hex",
            "--size",
            "3",
            "--openings",
            bad.to_str().unwrap(),
        ]);
        assert!(err.contains(expected), "{text:?}: {err}");
    }
    let err = selfplay_error(&[
        "--rules",
        "hex",
        "--openings",
        dir.join("missing.txt").to_str().unwrap(),
    ]);
    assert!(err.contains("cannot read"), "{err}");
}

/// Games run several at a time, but each game's seeds depend on its number
/// only: with a simulation budget the summary is the same for any `--jobs`,
/// but for the time the searches took.
#[test]
fn selfplay_jobs_do_not_change_the_games() {
    let run = |jobs: &str| {
        selfplay_json(&[
            "--rules",
            "hex",
            "--size",
            "5",
            "--games",
            "8",
            "--sims",
            "150",
            "--openings",
            "all-1ply",
            "--jobs",
            jobs,
            "--json",
        ])
    };
    // The games and the simulations they ran, without the time they took.
    let games = |mut v: serde_json::Value| {
        for side in ["engine_search", "opponent_search"] {
            let tally = v[side].as_object_mut().unwrap();
            for timed in ["seconds", "seconds_per_move", "simulations_per_second"] {
                tally.remove(timed).unwrap();
            }
        }
        v
    };
    let one = games(run("1"));
    assert_eq!(one, games(run("2")));
    assert_eq!(one, games(run("3")));
}

#[test]
fn gtp_starts_from_the_start_pieces_of_a_board_file_and_after_clear_board() {
    let board = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/obj/blender-27x.obj"
    );
    let mut g = Gtp::start(&["--rules", "hex", "--board", board, "--time", "0.02"]);
    for _ in 0..2 {
        let shown = g.ok("showboard");
        for line in ["c1 X", "b3 O", "c4 X"] {
            assert!(shown.contains(line), "{line} in {shown}");
        }
        let (ok, text) = g.send("play black c1");
        assert!(!ok && text.contains("occupied"), "{text}");
        g.ok("play black d1");
        g.ok("clear_board");
    }
}
