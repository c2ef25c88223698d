#!/usr/bin/env python3
"""Tests of gtp_match.py: its parsing and statistics, and whole matches between
boardwright's GTP engine and fake_gtp_engine.py (no MoHex needed).

    python3 -m unittest discover -s tests/reference -p 'test_*.py'

The match tests need a boardwright binary: $BOARDWRIGHT, else
target/release/boardwright or target/debug/boardwright (`cargo test` runs
these tests through tests/gtp_match_harness.rs with its own binary).
"""

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import gtp_match as gm  # noqa: E402

REPO = HERE.parents[1]
FAKE = HERE / "fake_gtp_engine.py"


def boardwright() -> str:
    env = os.environ.get("BOARDWRIGHT")
    if env:
        return env
    for profile in ("release", "debug"):
        p = REPO / "target" / profile / "boardwright"
        if p.is_file():
            return str(p)
    raise unittest.SkipTest("no boardwright binary (set BOARDWRIGHT or cargo build)")


class Parsing(unittest.TestCase):
    def test_success_and_failure_responses(self):
        self.assertEqual(gm.parse_response(["= e5"]), (True, "e5"))
        self.assertEqual(gm.parse_response(["=12 e5"]), (True, "e5"))
        self.assertEqual(gm.parse_response(["="]), (True, ""))
        self.assertEqual(gm.parse_response(["? illegal move: b a1 (occupied)"]),
                         (False, "illegal move: b a1 (occupied)"))

    def test_multi_line_response_keeps_its_lines_and_skips_stray_output(self):
        ok, text = gm.parse_response(["warming up", "= ", "  a b", "1 . ."])
        self.assertTrue(ok)
        self.assertEqual(text, "a b\n1 . .")
        with self.assertRaises(ValueError):
            gm.parse_response(["no marker here"])

    def test_moves(self):
        self.assertEqual(gm.parse_move("E5"), "e5")
        self.assertEqual(gm.parse_move("resign"), "resign")
        self.assertIsNone(gm.parse_move("e5 e6"))
        self.assertIsNone(gm.parse_move(""))

    def test_placeholders_and_setup_lists(self):
        self.assertEqual(
            gm.substitute("x --size {size} --time {time} {seed} {other}",
                          {"size": "9", "time": "0.5", "seed": "3"}),
            "x --size 9 --time 0.5 3 {other}")
        self.assertEqual(gm.split_setup(["a 1; b 2", " c ", ";"]), ["a 1", "b 2", "c"])

    def test_openings_file(self):
        text = "# 1-ply\na1\n\nb2 c3  # two plies\nD4,e5\n"
        self.assertEqual(gm.parse_openings(text, "f"), [["a1"], ["b2", "c3"], ["d4", "e5"]])
        with self.assertRaises(gm.MatchError):
            gm.parse_openings("# nothing\n", "f")


class Statistics(unittest.TestCase):
    def test_wilson_interval(self):
        lo, hi = gm.wilson(0, 20)
        self.assertEqual(lo, 0.0)
        self.assertAlmostEqual(hi, 0.1611, places=4)
        lo, hi = gm.wilson(10, 20)
        self.assertAlmostEqual(lo, 0.2993, places=4)
        self.assertAlmostEqual(hi, 0.7007, places=4)
        self.assertEqual(gm.wilson(0, 0), (0.0, 1.0))

    def test_seeded_shuffle_is_a_fixed_permutation(self):
        items = list(range(50))
        a = gm.seeded_shuffle(items, 7)
        self.assertEqual(sorted(a), items)
        self.assertEqual(a, gm.seeded_shuffle(items, 7))
        self.assertNotEqual(a, gm.seeded_shuffle(items, 8))
        # SplitMix64's published first output for seed 0.
        self.assertEqual(gm.splitmix64(0)[1], 0xE220A8397B1DCDAF)

    def test_plan_alternates_colours_and_pairs_openings(self):
        plan = gm.game_plan(5, [["a1"], ["b2"]])
        self.assertEqual([s for s, _ in plan], [0, 1, 0, 1, 0])
        self.assertEqual([o for _, o in plan], [["a1"], ["a1"], ["b2"], ["b2"], ["a1"]])
        self.assertEqual(gm.game_plan(2, None), [(0, []), (1, [])])


class HexCheck(unittest.TestCase):
    def test_geometry_follows_benzene_and_boardwright(self):
        # a1 top-left, letters are columns; b2 touches a3 and c1 but not a1 or c3.
        self.assertTrue(gm.hex_connected(3, {"c1": 0, "b2": 0, "a3": 0}, 0))
        self.assertFalse(gm.hex_connected(3, {"a1": 0, "b2": 0, "c3": 0}, 0))
        # Player 1 joins the left and right columns.
        self.assertTrue(gm.hex_connected(3, {"a3": 1, "b2": 1, "c1": 1}, 1))
        self.assertFalse(gm.hex_connected(3, {"a1": 1, "a2": 1, "a3": 1}, 1))

    def test_winner_is_the_first_to_connect(self):
        self.assertEqual(gm.hex_winner(3, "a1 b1 a2 b2 a3".split()), 0)
        self.assertIsNone(gm.hex_winner(3, "a1 b1 a2 b2".split()))
        with self.assertRaises(ValueError):
            gm.hex_winner(3, ["a1", "a1"])
        with self.assertRaises(ValueError):
            gm.hex_winner(3, ["d1"])

    def test_agrees_with_boardwrights_rules_on_random_games(self):
        self.check_random_games(swap=False, seed=5, games=25)

    def check_random_games(self, swap: bool, seed: int, games: int):
        """Random 5×5 games, with a swap after the first stone when `swap`: the
        referee and hex_winner agree on the winner, and the game ends with its
        last move."""
        referee = gm.Referee(
            boardwright(), ["--rules", "hex", "--size", "5"] + (["--swap"] if swap else []))
        rng = random.Random(seed)
        cells = [f"{c}{r}" for c in "abcde" for r in range(1, 6)]
        for _ in range(games):
            rng.shuffle(cells)
            moves = [cells[0], "swap"] if swap else []
            taken = {gm.mirror_cell(cells[0], 5)} if swap else set()
            for m in cells[1:] if swap else cells:
                if m in taken:
                    continue
                moves.append(m)
                if gm.hex_winner(5, moves) is not None:
                    break
            state, why = referee.state(moves)
            self.assertIsNotNone(state, why)
            self.assertEqual(state["outcome"]["winner"], gm.hex_winner(5, moves), moves)
            state, _ = referee.state(moves[:-1])
            self.assertIsNone(state["outcome"], moves[:-1])

    def test_agrees_with_boardwrights_swap(self):
        # boardwright's swap: the first stone becomes the second player's, mirrored.
        self.assertEqual(gm.mirror_cell("c7", 9), "g3")
        self.assertEqual(gm.mirror_cell("a1", 9), "a1")
        self.check_random_games(swap=True, seed=6, games=15)

    def test_sgf_in_hexgui_convention(self):
        s = gm.hex_sgf(3, ["a1", "b1", "a2"], ("P]1", "P2"), 1, "forfeit", "x")
        self.assertEqual(
            s, "(;FF[4]GM[11]AP[boardwright gtp_match.py]SZ[3]PB[P\\]1]PW[P2]RE[W+Forfeit]"
               "GC[x];B[a1];W[b1];B[a2])\n")
        self.assertIn("RE[B+]", gm.hex_sgf(3, [], ("a", "b"), 0, "connection", ""))
        self.assertIn("RE[W+Resign]", gm.hex_sgf(3, [], ("a", "b"), 1, "resign", ""))
        # After swap-pieces White moves again (HexGui, twogtp).
        s = gm.hex_sgf(3, ["b2", "swap-pieces", "a1", "c1"], ("a", "b"), None, "draw", "")
        self.assertIn(";B[b2];W[swap-pieces];W[a1];B[c1])", s)


class Matches(unittest.TestCase):
    """Whole matches through the command line, as a user runs them."""

    def run_match(self, *args, opponent="normal", size=4, games=2, time_=0.02, out=None,
                  engine=None):
        exe = boardwright()
        if out is None:
            # Removed when the test ends, whatever happens.
            out = tempfile.mkdtemp(prefix="gtp-match-test-")
            self.addCleanup(shutil.rmtree, out, ignore_errors=True)
        cmd = [
            sys.executable, str(HERE / "gtp_match.py"), "--referee", exe,
            "--size", str(size), "--time", str(time_), "--games", str(games), "--out", out,
            "--engine",
            engine or f"{exe} gtp --rules hex --size {{size}} --time {{time}} --seed {{seed}}",
            "--opponent", f"{sys.executable} {FAKE} {opponent}", *args,
        ]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        return r, Path(out)

    def results(self, out: Path):
        lines = (out / "results.tsv").read_text().splitlines()
        head = lines[0].split("\t")
        return [dict(zip(head, row.split("\t"))) for row in lines[1:]]

    def test_a_clean_match_writes_every_record(self):
        r, out = self.run_match(games=3)
        self.assertEqual(r.returncode, 0, r.stderr)
        rows = self.results(out)
        self.assertEqual([x["engine_as"] for x in rows], ["B", "W", "B"])
        for i, row in enumerate(rows, 1):
            self.assertEqual(row["how"], "connection")
            moves = row["moves"].split()
            winner = gm.hex_winner(4, moves)
            self.assertEqual(row["winner"], "BW"[winner])
            # The last move decides the game, nothing is played after it.
            self.assertIsNone(gm.hex_winner(4, moves[:-1]))
            # One time per genmove, each within the timeout.
            seconds = [float(t) for t in row["seconds"].split()]
            self.assertEqual(len(seconds), len(moves))
            self.assertTrue(all(0 <= t < 10.06 for t in seconds), seconds)
            sgf = (out / f"game-{i:03}.sgf").read_text()
            self.assertTrue(sgf.startswith("(;FF[4]GM[11]"), sgf)
            self.assertIn("SZ[4]", sgf)
            self.assertIn(f"RE[{'BW'[winner]}+]", sgf)
            self.assertIn(";".join(f"{'BW'[k % 2]}[{m}]" for k, m in enumerate(moves)), sgf)
        summary = json.loads((out / "summary.json").read_text())
        self.assertEqual(summary["games"], 3)
        total = summary["seats"]["either"]
        self.assertEqual(total["wins"] + total["losses"] + total["draws"], 3)
        self.assertIn("engine as either", r.stdout)
        self.assertIn("95% CI", r.stdout)

    def assert_forfeit(self, mode, words, *args):
        r, out = self.run_match(*args, opponent=mode, games=2)
        self.assertEqual(r.returncode, 0, r.stderr)
        rows = self.results(out)
        for row in rows:
            self.assertEqual(row["engine_score"], "1", row)
            self.assertIn(row["how"], ("forfeit", "resign"), row)
            self.assertIn(words, row["detail"], row)
        return r, rows

    def test_illegal_move_is_a_forfeit(self):
        r, _ = self.assert_forfeit("illegal", "played an illegal move")
        self.assertIn("2 forfeits", r.stdout)

    def test_crash_is_a_forfeit_and_the_next_game_starts_afresh(self):
        self.assert_forfeit("crash", "crashed")

    def test_silence_is_a_forfeit_after_the_timeout(self):
        self.assert_forfeit("hang", "no answer", "--timeout", "1")

    def test_error_answer_and_garbage_are_forfeits(self):
        self.assert_forfeit("error", "answered genmove with '? cannot think'")
        self.assert_forfeit("garbage", "answered genmove with 'two words'")

    def test_resignation_loses(self):
        _, rows = self.assert_forfeit("resign", "resigned")
        self.assertEqual({row["how"] for row in rows}, {"resign"})

    def test_refusing_a_legal_move_is_a_forfeit(self):
        self.assert_forfeit("refuse-play", "refused the legal move")

    def test_openings_are_shared_by_a_pair_with_colours_swapped(self):
        r, out = self.run_match("--openings", "all-1ply", "--seed", "3", size=3, games=4)
        self.assertEqual(r.returncode, 0, r.stderr)
        rows = self.results(out)
        self.assertEqual([x["engine_as"] for x in rows], ["B", "W", "B", "W"])
        self.assertEqual(rows[0]["opening"], rows[1]["opening"])
        self.assertEqual(rows[2]["opening"], rows[3]["opening"])
        self.assertNotEqual(rows[0]["opening"], rows[2]["opening"])
        for row in rows:
            self.assertEqual(row["moves"].split()[0], row["opening"])
            self.assertEqual(len(row["seconds"].split()), len(row["moves"].split()) - 1)

    def test_swap_rule_in_hexguis_convention(self):
        # The fake swaps boardwright's first move (game 1); boardwright, with the
        # rule on, may swap the fake's a1 (game 2). Either way the referee, this
        # script's own check and the SGF must agree on who won.
        exe = boardwright()
        r, out = self.run_match(
            "--swap", opponent="swap", games=2,
            engine=f"{exe} gtp --rules hex --size {{size}} --time {{time}} --seed {{seed}} --swap",
        )
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("swap rule", r.stdout)
        rows = self.results(out)
        self.assertEqual(rows[0]["moves"].split()[1], "swap-pieces")
        for i, row in enumerate(rows, 1):
            self.assertEqual(row["how"], "connection", row)
            wire = row["moves"].split()
            swapped = len(wire) > 1 and wire[1] == "swap-pieces"
            # Back to boardwright's convention: later cells mirrored.
            own = wire[:1] + (["swap"] + [gm.mirror_cell(m, 4) for m in wire[2:]]
                              if swapped else wire[1:])
            seat = gm.hex_winner(4, own)
            self.assertEqual(row["winner"], "BW"[seat], row)
            sgf = (out / f"game-{i:03}.sgf").read_text()
            self.assertIn(f"RE[{'BW'[seat ^ swapped]}+]", sgf)
            if swapped:
                self.assertIn(f";W[swap-pieces];W[{wire[2]}]", sgf)
        # Only with --size: the convention is the rhombus's.
        r = subprocess.run(
            [sys.executable, str(HERE / "gtp_match.py"), "--referee", exe, "--swap",
             "--rules", "twixt", "--time", "1", "--engine", "x", "--opponent", "y"],
            capture_output=True, text=True, timeout=60)
        self.assertEqual(r.returncode, 1)
        self.assertIn("--swap is for Hex with --size", r.stderr)

    def test_refused_setup_stops_the_match_with_a_message(self):
        r, _ = self.run_match(opponent="refuse-setup")
        self.assertEqual(r.returncode, 1)
        self.assertIn("refused 'boardsize 4': no boardsize today", r.stderr)

    def test_an_earlier_match_is_never_overwritten(self):
        r, out = self.run_match(games=1)
        self.assertEqual(r.returncode, 0, r.stderr)
        before = (out / "results.tsv").read_text()
        r, _ = self.run_match(games=1, out=str(out))
        self.assertEqual(r.returncode, 1)
        self.assertIn("already holds a match", r.stderr)
        self.assertEqual((out / "results.tsv").read_text(), before)


if __name__ == "__main__":
    unittest.main()
