//! The game clock in records: settings, the reading after every move (main
//! line and variations), where the game was left and a loss on time survive a
//! RON record and a Hex SGF file (SGF's TM, OT, BL/WL and RE[…+Time]); records
//! without a clock still load; bad clock data is refused with a clear error.

use boardwright::game::record::{ReplayError, save_record, save_sgf};
use boardwright::game::{ClockSettings, DynGame, Ending, NodeId, new_game, replay};
use boardwright::io::record::GameRecord;
use boardwright::io::sgf::read_sgf;
use boardwright::presets;
use boardwright::rules::GameOptions;
use std::sync::Arc;
use std::time::Duration;

const S: Duration = Duration::from_secs(1);

fn hex(swap: bool) -> Box<dyn DynGame> {
    let options = GameOptions {
        swap,
        ..GameOptions::default()
    };
    new_game(
        boardwright::game::RulesKind::Hex,
        Arc::new(presets::hex(5)),
        &options,
    )
    .unwrap()
}

/// Play `moves`, each after `secs` seconds of thinking.
fn play(g: &mut dyn DynGame, moves: &[(&str, u64)]) {
    for &(m, secs) in moves {
        assert_eq!(g.run_clock(Duration::from_secs(secs)), None);
        g.play_str(m).unwrap();
    }
}

/// Every node's clock reading, by the moves that lead there.
fn readings(g: &dyn DynGame) -> Vec<(Vec<String>, Option<[Duration; 2]>)> {
    let tree = g.tree();
    let clock = g.clock().expect("a clock");
    let mut out: Vec<_> = tree
        .nodes
        .iter()
        .enumerate()
        .filter(|(_, t)| !t.deleted)
        .map(|(i, _)| {
            let mut path = Vec::new();
            let mut at = NodeId(i as u32);
            while let Some(t) = tree.node(at) {
                if t.parent.is_none() {
                    break;
                }
                path.push(t.notation.clone());
                at = t.parent.unwrap();
            }
            path.reverse();
            (path, clock.reading_at(NodeId(i as u32)))
        })
        .collect();
    out.sort();
    out
}

/// A game with a clock, a variation and a loss on time on the main line.
fn timed_game(swap: bool) -> Box<dyn DynGame> {
    let mut g = hex(swap);
    g.set_clock(Some(ClockSettings::minutes(5, 3)));
    let second = if swap { "swap" } else { "b2" };
    play(g.as_mut(), &[("c3", 10), (second, 20), ("d2", 5)]);
    // Back one move and a variation there.
    assert!(g.undo());
    play(g.as_mut(), &[("a4", 7), ("e1", 2)]);
    // Back to the main line's end, where the first player's flag falls.
    let main_end = g.tree().nodes[0].children[0];
    let main = g.tree().continuation(main_end);
    g.goto_node(*main.last().unwrap()).unwrap();
    assert_eq!(g.ply(), 3);
    assert_eq!(g.run_clock(400 * S), Some(1), "Blue's flag falls");
    g
}

#[test]
fn clock_readings_and_a_loss_on_time_survive_a_ron_record() {
    let g = timed_game(false);
    assert_eq!(g.ending(), Some(Ending::Timeout { loser: 1 }));
    let text = save_record(g.as_ref());
    assert!(text.contains("main_ms: 300000"), "{text}");
    assert!(text.contains("timeout: Some(1)"), "{text}");
    let back = replay(&GameRecord::from_ron(&text).unwrap(), None).unwrap();
    assert_eq!(back.ending(), Some(Ending::Timeout { loser: 1 }));
    assert_eq!(back.outcome().unwrap().reason, "Blue ran out of time");
    assert_eq!(back.outcome().unwrap().winner, Some(0));
    assert_eq!(readings(back.as_ref()), readings(g.as_ref()));
    assert_eq!(
        back.clock().unwrap().live().reading(),
        g.clock().unwrap().live().reading(),
        "the live reading where the game was left"
    );
    assert_eq!(
        back.clock().unwrap().settings(),
        ClockSettings::minutes(5, 3)
    );
    // The readings: Red thought 10 s and got 3, Blue 20 and 3, Red 5 and 3.
    let r = g.clock().unwrap();
    let line = g.tree().line.clone();
    assert_eq!(r.reading_at(line[1]), Some([293 * S, 300 * S]));
    assert_eq!(r.reading_at(line[2]), Some([293 * S, 283 * S]));
    assert_eq!(r.reading_at(line[3]), Some([291 * S, 283 * S]));
}

#[test]
fn a_record_without_a_clock_loads_without_one_and_a_clock_without_time_is_refused() {
    let mut g = hex(false);
    play(g.as_mut(), &[("c3", 0)]);
    let text = save_record(g.as_ref());
    assert!(!text.contains("clock"), "no clock, no field: {text}");
    let back = replay(&GameRecord::from_ron(&text).unwrap(), None).unwrap();
    assert!(back.clock().is_none());
    let bad = text.replacen(
        "moves:",
        "clock: Some((main_ms: 0, increment_ms: 0)),\n    moves:",
        1,
    );
    let rec = GameRecord::from_ron(&bad).unwrap();
    assert_eq!(
        replay(&rec, None).err(),
        Some(ReplayError::ClockWithoutTime)
    );
}

#[test]
fn clock_readings_and_a_loss_on_time_survive_hex_sgf() {
    for swap in [false, true] {
        let g = timed_game(swap);
        let text = save_sgf(g.as_ref()).unwrap();
        assert!(text.contains("TM[300]OT[Fischer +3s]"), "{text}");
        assert!(text.contains(";B[c3]BL[293]"), "{text}");
        // Red won on time: Black's stones, or after HexGui's swap White's.
        let re = if swap { "RE[W+Time]" } else { "RE[B+Time]" };
        assert!(text.contains(re), "{text}");
        let back = replay(&read_sgf(&text).unwrap(), None).unwrap();
        assert_eq!(back.ending(), Some(Ending::Timeout { loser: 1 }), "{text}");
        assert_eq!(
            back.clock().unwrap().settings(),
            ClockSettings::minutes(5, 3)
        );
        assert_eq!(readings(back.as_ref()), readings(g.as_ref()), "{text}");
        // Written again, the same text.
        assert_eq!(save_sgf(back.as_ref()).unwrap(), text);
    }
}

#[test]
fn sgf_time_properties_that_cannot_be_read_are_refused_or_noted() {
    let bad = "(;FF[4]GM[11]SZ[5]TM[soon];B[c3])";
    let e = read_sgf(bad).unwrap_err().to_string();
    assert!(e.contains("TM[soon]"), "{e}");
    let bad = "(;FF[4]GM[11]SZ[5]TM[60];B[c3]BL[x])";
    let e = read_sgf(bad).unwrap_err().to_string();
    assert!(e.contains("BL[x]"), "{e}");
    let byo = "(;FF[4]GM[11]SZ[5]TM[60]OT[5x30 byo-yomi];B[c3]BL[55])";
    let r = read_sgf(byo).unwrap();
    assert_eq!(r.clock.as_ref().unwrap().increment_ms, 0);
    assert!(
        r.notes.iter().any(|n| n.contains("OT[5x30 byo-yomi]")),
        "{:?}",
        r.notes
    );
    assert_eq!(r.clock.unwrap().times, [(55_000, 60_000)]);
    let no_tm = "(;FF[4]GM[11]SZ[5];B[c3]BL[55])";
    let r = read_sgf(no_tm).unwrap();
    assert!(r.clock.is_none());
    assert!(r.notes.iter().any(|n| n.contains("TM")), "{:?}", r.notes);
}
