//! Engine → Stage 22's measurements of the board read as two circuits
//! (commit b9c0a36 only): how often the priors with the circuit's current
//! name MoHex's move, and how often the circuit's verdict names the winner
//! of MoHex's self-play games. Run with `cargo test --release --test
//! scratch_flow -- --nocapture`; the figures are printed, not asserted.

use boardwright::presets;
use boardwright::rules::Rules;
use boardwright::rules::hex::{Circuit, Hex, HexMove, HexSettings, Verdict};
use boardwright::rules::search::Searchable;
use std::sync::Arc;

fn games(dir: &str) -> Vec<(u32, boardwright::io::record::GameRecord)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            let record = boardwright::io::sgf::read_sgf(&text).unwrap();
            let boardwright::io::record::BoardSource::Preset {
                size: Some(size), ..
            } = record.board
            else {
                panic!()
            };
            (size, record)
        })
        .collect()
}

#[test]
fn flow_experiment() {
    let settings = HexSettings {
        waste: 0.2,
        patterns: 0.1,
        near: true,
        ..Default::default()
    };
    let ws = [0.0f32, 0.7, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0];
    let lws = [0.1f32, 0.15, 0.2, 0.3, 0.5, 1.0, 2.0];
    let mut hits = vec![0u32; ws.len()];
    let mut lhits = vec![0u32; lws.len()];
    let mut flow_only = 0u32;
    let splits = [
        (1.0f32, 1.0f32),
        (1.5, 0.5),
        (0.5, 1.5),
        (1.2, 0.8),
        (0.8, 1.2),
        (2.0, 0.0),
        (0.0, 2.0),
    ];
    let mut shits = vec![0u32; splits.len()];
    let mut seen = 0u32;
    let mut circuit = Circuit::default();
    let mut flow = [Vec::new(), Vec::new()];
    let t0 = std::time::Instant::now();
    let mut solves = 0u32;
    for (size, record) in games("tests/data/sgf/mohex-matches") {
        let h = Hex::new(Arc::new(presets::hex(size)), false).unwrap();
        let aux = h.aux(&settings, &h.start());
        let mohex = usize::from(record.players[1].starts_with("MoHex"));
        let mut pos = h.start();
        let mut moves = Vec::new();
        let mut rated = Vec::new();
        for (ply, m) in record.moves.iter().enumerate() {
            let mv = h.parse_move(&pos, m).unwrap();
            if ply % 2 == mohex && ply > 0 && matches!(h.verdict(&pos), Verdict::Open) {
                h.legal_moves(&pos, &mut moves);
                rated.clear();
                h.priors(&aux, &pos, None, &moves, &mut rated);
                h.circuit_flows(&pos, &mut circuit, &mut flow);
                solves += 1;
                let f: Vec<f32> = moves
                    .iter()
                    .map(|m| match m {
                        HexMove::Place(x) => flow[0][x.index()] + flow[1][x.index()],
                        _ => 0.0,
                    })
                    .collect();
                seen += 1;
                let best = |score: &dyn Fn(usize) -> f32| {
                    (0..moves.len())
                        .max_by(|&a, &b| score(a).total_cmp(&score(b)))
                        .unwrap()
                };
                for (k, &w) in ws.iter().enumerate() {
                    hits[k] += u32::from(moves[best(&|i| rated[i] + w * f[i])] == mv);
                }
                for (k, &w) in lws.iter().enumerate() {
                    hits_l(
                        &mut lhits[k],
                        moves[best(&|i| rated[i] + w * (f[i] + 0.01).ln())] == mv,
                    );
                }
                flow_only += u32::from(moves[best(&|i| f[i])] == mv);
                let me = pos_to_move(&h, &pos);
                let fm: Vec<f32> = moves
                    .iter()
                    .map(|m| match m {
                        HexMove::Place(x) => flow[me][x.index()],
                        _ => 0.0,
                    })
                    .collect();
                let fo: Vec<f32> = moves
                    .iter()
                    .map(|m| match m {
                        HexMove::Place(x) => flow[1 - me][x.index()],
                        _ => 0.0,
                    })
                    .collect();
                for (k, &(a, b)) in splits.iter().enumerate() {
                    shits[k] += u32::from(moves[best(&|i| rated[i] + a * fm[i] + b * fo[i])] == mv);
                }
            }
            h.apply(&mut pos, mv);
        }
    }
    eprintln!("splits {:?}", splits.iter().zip(&shits).collect::<Vec<_>>());
    eprintln!(
        "{seen} positions; flow alone {flow_only}; linear {:?}; log {:?}; {:.1} us per solve pair",
        ws.iter().zip(&hits).collect::<Vec<_>>(),
        lws.iter().zip(&lhits).collect::<Vec<_>>(),
        t0.elapsed().as_secs_f64() * 1e6 / solves as f64
    );
}
fn hits_l(x: &mut u32, b: bool) {
    *x += u32::from(b);
}

fn pos_to_move(h: &Hex, pos: &boardwright::rules::hex::HexPosition) -> usize {
    h.to_move(pos) as usize
}

#[test]
fn value_experiment() {
    use rand::SeedableRng;
    let settings = HexSettings {
        waste: 0.2,
        patterns: 0.1,
        near: true,
        bridge: true,
        ..Default::default()
    };
    let mut circuit = Circuit::default();
    let mut flow = [Vec::new(), Vec::new()];
    let plies = [6usize, 12, 18, 24, 30, 36, 42];
    let mut n = vec![0u32; plies.len()];
    let mut res_ok = vec![0u32; plies.len()];
    let mut po_ok = vec![0u32; plies.len()];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let (mut t_res, mut t_po) = (0f64, 0f64);
    for (size, record) in games("tests/data/sgf/mohex-selfplay") {
        if size != 11 {
            continue;
        }
        let h = Hex::new(Arc::new(presets::hex(size)), false).unwrap();
        let aux = h.aux(&settings, &h.start());
        let mut pos = h.start();
        let mut snaps = Vec::new();
        for (ply, m) in record.moves.iter().enumerate() {
            if plies.contains(&ply) {
                snaps.push((ply, pos.clone()));
            }
            let mv = h.parse_move(&pos, m).unwrap();
            h.apply(&mut pos, mv);
        }
        let Some(w) = h.outcome(&pos).and_then(|o| o.winner) else {
            continue;
        };
        for (ply, p) in snaps {
            if !matches!(h.verdict(&p), Verdict::Open) {
                continue;
            }
            let k = plies.iter().position(|&x| x == ply).unwrap();
            n[k] += 1;
            let t = std::time::Instant::now();
            let g = h.circuit_flows(&p, &mut circuit, &mut flow);
            t_res += t.elapsed().as_secs_f64();
            let red_better = g[0] > g[1];
            res_ok[k] += u32::from(red_better == (w == 0));
            let t = std::time::Instant::now();
            let mut sum = 0.0;
            for _ in 0..200 {
                let mut q = p.clone();
                let mut mv = Vec::new();
                let mut by = Vec::new();
                sum += h.simulate(&aux, &mut q, &mut rng, &mut mv, &mut by);
            }
            t_po += t.elapsed().as_secs_f64();
            po_ok[k] += u32::from((sum / 200.0 > 0.5) == (w == 0));
        }
    }
    eprintln!(
        "plies {plies:?}\nn {n:?}\nresistance {res_ok:?}\nplayouts200 {po_ok:?}\ntime res {t_res:.3}s playouts {t_po:.3}s"
    );
}
