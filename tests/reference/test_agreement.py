#!/usr/bin/env python3
"""Tests of agreement.py: collecting positions from game records, labelling them
with an oracle and scoring an engine, with fake_gtp_engine.py as the oracle and
boardwright's GTP engine as the engine scored (no MoHex needed).

    python3 -m unittest discover -s tests/reference -p 'test_*.py'
"""

import json
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from test_gtp_match import FAKE, boardwright  # noqa: E402

SCRIPT = HERE / "agreement.py"


def game(pb: str, pw: str, moves: list[str], size: int = 5, extra: str = "") -> str:
    body = "".join(f";{'BW'[i % 2]}[{m}]" for i, m in enumerate(moves))
    return f"(;FF[4]GM[11]SZ[{size}]PB[{pb}]PW[{pw}]{extra}{body})\n"


class Agreement(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = Path(self.tmp.name)

    def tearDown(self):
        self.tmp.cleanup()

    def run_script(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300
        )

    def write_games(self) -> list[str]:
        files = {
            # boardwright is Black (moves at plies 1, 3, 5, 7) …
            "g1.sgf": game("boardwright 0.1.0", "MoHex 2.0", ["c3", "b3", "c2", "d2", "a1", "e5", "b1", "a5"]),
            # … and White here (plies 2, 4, 6).
            "g2.sgf": game("MoHex 2.0", "boardwright 0.1.0", ["a1", "c3", "e5", "d4", "b2", "a2"]),
        }
        for name, text in files.items():
            (self.dir / name).write_text(text)
        return [str(self.dir / n) for n in sorted(files)]

    def test_collect_takes_the_named_programs_moves_in_the_plies_asked(self):
        out = self.dir / "p.json"
        r = self.run_script("collect", *self.write_games(), "--player", "boardwright",
                            "--plies", "3-6", "--count", "100", "--out", str(out))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("4 of 4 positions", r.stdout)
        positions = json.loads(out.read_text())
        got = sorted((p["source"].split("/")[-1], p["colour"], p["played"], len(p["moves"])) for p in positions)
        self.assertEqual(got, [("g1.sgf:3", "b", "c2", 2), ("g1.sgf:5", "b", "a1", 4),
                               ("g2.sgf:4", "w", "d4", 3), ("g2.sgf:6", "w", "a2", 5)])
        p = next(p for p in positions if p["source"].endswith("g2.sgf:6"))
        self.assertEqual(p["moves"], ["b a1", "w c3", "b e5", "w d4", "b b2"])
        self.assertEqual(p["size"], 5)
        # The same seed keeps the same positions in the same order; --count keeps the first.
        again = self.dir / "q.json"
        self.run_script("collect", *self.write_games(), "--player", "boardwright",
                        "--plies", "3-6", "--count", "2", "--out", str(again))
        self.assertEqual(json.loads(again.read_text()), positions[:2])

    def test_collect_reads_the_main_line_only(self):
        # HexGui writes variations after the main line's first child, and
        # comments may hold anything, escaped brackets included.
        text = ("(;FF[4]GM[11]SZ[5]PB[boardwright]PW[HexGui]C[try ;B[e5\\] here]"
                ";B[c3];W[b4](;B[d2]C[main];W[a1](;B[e1])(;B[e2]))(;B[a5];W[a4]))")
        (self.dir / "v.sgf").write_text(text)
        out = self.dir / "p.json"
        r = self.run_script("collect", str(self.dir / "v.sgf"), "--player", "boardwright",
                            "--plies", "1-9", "--out", str(out))
        self.assertEqual(r.returncode, 0, r.stderr)
        got = sorted((p["played"], tuple(p["moves"])) for p in json.loads(out.read_text()))
        self.assertEqual(got, [("c3", ()), ("d2", ("b c3", "w b4")),
                               ("e1", ("b c3", "w b4", "b d2", "w a1"))])

    def test_collect_says_when_a_game_stops_at_a_swap(self):
        # twogtp's record of a game with the swap rule (as in tests/data/sgf).
        (self.dir / "s.sgf").write_text(
            "(\n;GM[11]SZ[4]PB[alice]PW[bob]\n;B[b2]\n;W[swap-pieces]\n;W[a1]\n;B[b1]\n;W[resign]\n)")
        out = self.dir / "p.json"
        r = self.run_script("collect", str(self.dir / "s.sgf"), "--player", "alice",
                            "--plies", "1-9", "--out", str(out))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("1 of the games stop at a swap", r.stdout)
        self.assertEqual([p["played"] for p in json.loads(out.read_text())], ["b2"])

    def test_collect_refuses_what_it_cannot_read_and_writes_nothing(self):
        out = self.dir / "p.json"
        cases = {
            "set-up position": (game("boardwright", "x", ["a1"], extra="AB[c3]"), "set-up position"),
            "player absent": (game("Alice", "Bob", ["a1", "b2"]), "'boardwright' must name exactly one"),
            "both players": (game("boardwright a", "boardwright b", ["a1", "b2"]), "must name exactly one"),
            "no size": ("(;FF[4]GM[11]PB[boardwright]PW[x];B[a1])", "no board size"),
            "Little Golem": ("(;FF[4]EV[hex.ch.1.1.1]PB[boardwright]PW[bob]SZ[13];W[mf];B[swap])",
                             "move 1 'mf' is not a cell such as c3"),
            "unclosed": ("(;FF[4]SZ[5]PB[boardwright]PW[x];B[a1", "not closed"),
            "not SGF": ("hello", "not an SGF game record"),
        }
        for name, (text, message) in cases.items():
            f = self.dir / "bad.sgf"
            f.write_text(text)
            r = self.run_script("collect", str(f), "--player", "boardwright", "--out", str(out))
            self.assertEqual(r.returncode, 2, name)
            self.assertIn(message, r.stderr, name)
            self.assertFalse(out.exists(), name)
        (self.dir / "big.sgf").write_text(game("boardwright", "x", ["a1", "b2", "c3", "d4"], size=7))
        r = self.run_script("collect", *self.write_games(), str(self.dir / "big.sgf"),
                            "--player", "boardwright", "--out", str(out))
        self.assertEqual(r.returncode, 2)
        self.assertIn("several board sizes", r.stderr)
        r = self.run_script("collect", *self.write_games(), "--player", "boardwright",
                            "--plies", "7", "--out", str(out))
        self.assertIn("expected FIRST-LAST", r.stderr)

    def test_label_then_score(self):
        out = self.dir / "p.json"
        self.run_script("collect", *self.write_games(), "--player", "boardwright",
                        "--plies", "1-8", "--out", str(out))
        # Scoring needs the oracle's moves first.
        fake = f"{sys.executable} {FAKE}"
        r = self.run_script("score", str(out), "--engine", fake)
        self.assertEqual(r.returncode, 2)
        self.assertIn("not labelled yet", r.stderr)
        # The fake engine plays the first empty cell (a1, b1, …): that is the oracle.
        r = self.run_script("label", str(out), "--oracle", fake, "--setup", "name; version")
        self.assertEqual(r.returncode, 0, r.stderr)
        positions = json.loads(out.read_text())
        self.assertEqual(len(positions), 7)
        for p in positions:
            taken = {m.split()[1] for m in p["moves"]}
            first_empty = next(f"{c}{r}" for r in range(1, 6) for c in "abcde" if f"{c}{r}" not in taken)
            self.assertEqual(p["oracle"], first_empty, p["source"])
        same = sum(p["oracle"] == p["played"] for p in positions)
        self.assertIn(f"the oracle plays the game's move in {same}", r.stdout)
        # The oracle agrees with itself everywhere.
        r = self.run_script("score", str(out), "--engine", fake)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("agrees with the oracle on 7 of 7 positions (100.0 %", r.stdout)
        # boardwright's engine answers every position with a legal move.
        r = self.run_script("score", str(out), "--engine",
                            f"{boardwright()} gtp --rules hex --size {{size}} --time 0.05")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertRegex(r.stdout, r"agrees with the oracle on [0-7] of 7 positions .*95 % CI")

    def test_a_failing_engine_stops_with_a_message_and_the_file_is_kept(self):
        out = self.dir / "p.json"
        self.run_script("collect", *self.write_games(), "--player", "boardwright",
                        "--plies", "1-8", "--out", str(out))
        before = out.read_text()
        for mode, message in (("crash", "crashed"), ("garbage", "no move for position 1"),
                              ("refuse-play", "refused")):
            r = self.run_script("label", str(out), "--oracle", f"{sys.executable} {FAKE} {mode}")
            self.assertEqual(r.returncode, 2, mode)
            self.assertIn(message, r.stderr, mode)
            self.assertEqual(out.read_text(), before, mode)
        (self.dir / "junk.json").write_text("[1, 2]")
        r = self.run_script("label", str(self.dir / "junk.json"), "--oracle", "x")
        self.assertIn("not a positions file", r.stderr)


if __name__ == "__main__":
    unittest.main()
