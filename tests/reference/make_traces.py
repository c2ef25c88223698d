#!/usr/bin/env python3
"""Record random games played by OpenSpiel as traces for boardwright's tests.

OpenSpiel (https://github.com/google-deepmind/open_spiel) is an independent
implementation of Hex, TwixT and Lines of Action. This script plays uniformly
random games in it and writes, for every ply, the move played and the full set
of legal moves, both in boardwright's notation, and each game's result. The
Rust test `tests/reference.rs` replays the traces through boardwright's rules
and asserts the same legal moves at every ply and the same result, so the
tests need no Python. Regenerate (the output is deterministic for a given
OpenSpiel version):

    python3 -m venv venv && venv/bin/pip install open_spiel==2.0.2
    venv/bin/python tests/reference/make_traces.py

Trace format (one gzip-compressed text file per game, `traces/<game>.trace.gz`;
read them with `zcat`): `#` lines are comments. A game starts with `game <name> size=<n> swap=<0|1>`. Then one line
per ply, `<move>|<added>|<removed>`: the legal moves at that ply are those two
plies earlier (none before the first two plies) plus `<added>` minus
`<removed>` (space-separated lists; the player to move is the same two plies
earlier, so the lists are short), and `<move>` is the move played. TwixT ply
lines have a fourth field, the links the move formed (`a1-b3`, end points in
label order, read from OpenSpiel's observation tensor), and after a swap a
fifth, the links the swap removed. The game
ends with `end <0|1|draw>`: the winner (0 moves first) or a draw; OpenSpiel
has no legal moves there.

Notation and conventions, read from OpenSpiel's source (open_spiel/games/):

* Hex (`hex/hex.cc`): cell = row * n + col, row 0 at the top; player 0
  (Black, boardwright's Red) joins the first and last row, player 1 the first
  and last column; cell (r, c) touches (r-1, c), (r-1, c+1), (r, c-1),
  (r, c+1), (r+1, c-1), (r+1, c) — boardwright's rhombus with `a1` top-left,
  letters columns, numbers rows. Swap (`swap=1`): Black's stone at (r, c)
  becomes White's at (c, r), like boardwright's `swap`.
* TwixT (`twixt/twixtboard.cc`): action = x * n + y with x the column and y
  the row counted from the bottom; label = column letter + (n - y), `a1`
  top-left as in boardwright. Red (player 0) owns the top and bottom rows,
  Blue the left and right columns, corners are not holes. OpenSpiel always
  plays with the swap rule: Blue swaps by choosing Red's first hole again,
  written `swap` here. Its swap turns Red's peg (x, y) into Blue's (y, n-1-x),
  a quarter turn, where boardwright mirrors (col, row) -> (row, col); the two
  differ by a left-right reflection of the board, so after a swap this script
  writes every hole reflected (column c -> n-1-c) and the games stay the same
  game. Board sizes 5 to 24 (OpenSpiel's range).
* Lines of Action (`lines_of_action/lines_of_action.cc`): row 0 is rank 1,
  Black (player 0) starts on b1-g1 and b8-g8 and moves first; notation `b1-b3`,
  `c1xa3` as in boardwright. `max_game_length` is set far beyond any game
  here so that OpenSpiel's move limit (a draw at 1000 plies by default) never
  ends a game. OpenSpiel draws when the *board* repeats, whichever player is
  to move; boardwright (like the rules it cites) only when the same player is
  to move. The Rust test handles that difference explicitly.
"""

import gzip
import io
import os
import random
import subprocess
import sys

import pyspiel

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "traces")


def letters(i):
    """Column letters as boardwright writes them: a..z, then aa, ab, ..."""
    s = ""
    i += 1
    while i > 0:
        i, r = divmod(i - 1, 26)
        s = chr(ord("a") + r) + s
    return s


def hex_move(n, swap, action):
    if swap and action == n * n:
        return "swap"
    row, col = divmod(action, n)
    return f"{letters(col)}{row + 1}"


# TwixT link directions as OpenSpiel's observation tensor stores them, each
# link once from its western end: NNE, ENE, ESE, SSE as (dx, dy), y up.
EAST = [(1, 2), (2, 1), (2, -1), (1, -2)]


class Twixt:
    def __init__(self, n):
        self.n = n
        self.first = None  # Red's first action
        self.reflected = False
        self.pegs = {}  # (x, y) -> player, in OpenSpiel's coordinates

    def label(self, x, y):
        if self.reflected:
            x = self.n - 1 - x
        return f"{letters(x)}{self.n - y}"

    def move(self, ply, action):
        if ply == 1 and action == self.first:
            return "swap"
        return self.label(*divmod(action, self.n))

    def played(self, ply, action):
        x, y = divmod(action, self.n)
        if ply == 0:
            self.first = action
        if ply == 1 and action == self.first:
            self.reflected = True
            # OpenSpiel's swap: Red's peg (x, y) becomes Blue's (y, n-1-x).
            self.pegs = {(y, self.n - 1 - x): 1}
        else:
            self.pegs[(x, y)] = ply % 2

    def links(self, state):
        """The links on the board, read from OpenSpiel's observation tensor
        (`twixt.cc`, ObservationTensor): planes 1-4 (Red) and 7-10 (Blue) mark
        each peg's links towards the east, at the peg's tensor position."""
        n, w = self.n, self.n - 2
        t = state.observation_tensor(0)
        out = set()
        for (x, y), p in self.pegs.items():
            i, j = (n - y - 1, x - 1) if p == 0 else (n - x - 1, n - y - 2)
            for d, (dx, dy) in enumerate(EAST):
                if t[((6 * p + 1 + d) * n + i) * w + j]:
                    a, b = self.label(x, y), self.label(x + dx, y + dy)
                    out.add(f"{min(a, b)}-{max(a, b)}")
        return out


def delta(old, new):
    added = sorted(new - old)
    removed = sorted(old - new)
    return " ".join(added), " ".join(removed)


def record(out, state, namer, rng, bias=None):
    """Play one random game from `state`; write its ply lines and end line."""
    back = [set(), set()]
    links = set()
    ply = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        legal = {namer.move(ply, a): a for a in actions}
        if len(legal) != len(actions):
            sys.exit(f"two actions with the same name at ply {ply}")
        names = set(legal)
        added, removed = delta(back[ply % 2], names)
        back[ply % 2] = names
        choice = bias(ply, legal, rng) if bias else None
        if choice is None:
            choice = rng.choice(sorted(legal))
        namer.played(ply, legal[choice])
        state.apply_action(legal[choice])
        line = f"{choice}|{added}|{removed}"
        if hasattr(namer, "links"):
            now = namer.links(state)
            line += "|" + " ".join(sorted(now - links))
            if choice == "swap":
                line += "|" + " ".join(sorted(links - now))
            elif not links <= now:
                sys.exit(f"a link disappeared at ply {ply}")
            links = now
        out.write(line + "\n")
        ply += 1
    if state.legal_actions():
        sys.exit("a terminal state with legal actions")
    r = state.returns()
    out.write("end " + ("0" if r[0] > 0 else "1" if r[1] > 0 else "draw") + "\n")


class Plain:
    def __init__(self, fn):
        self.fn = fn

    def move(self, ply, action):
        return self.fn(action)

    def played(self, ply, action):
        pass


class Trace:
    """A trace file written deterministically (gzip without a time stamp)."""

    def __init__(self, name):
        self.path = os.path.join(OUT, name + ".trace.gz")
        self.text = io.StringIO()

    def __enter__(self):
        return self.text

    def __exit__(self, *exc):
        if exc[0] is None:
            with open(self.path, "wb") as raw:
                with gzip.GzipFile(filename="", mode="wb", compresslevel=9,
                                   fileobj=raw, mtime=0) as z:
                    z.write(self.text.getvalue().encode())
        return False


def header(out, what, count):
    out.write(f"# OpenSpiel {pyspiel.__version__} {what}: {count} random games\n")
    out.write("# written by tests/reference/make_traces.py; format in its docstring\n")


def make_hex(rng):
    configs = [(n, s) for n in (2, 3, 4, 5, 6, 7, 8, 9, 11, 13) for s in (False, True)]
    per = 12
    with Trace("hex") as out:
        header(out, "hex", per * len(configs))
        for n, swap in configs:
            game = pyspiel.load_game("hex", {"board_size": n, "swap": swap})
            for _ in range(per):
                out.write(f"game hex size={n} swap={int(swap)}\n")
                # Swap often enough to matter: half the time when offered.
                def bias(ply, legal, rng):
                    if "swap" in legal and rng.random() < 0.5:
                        return "swap"
                    return None
                record(out, game.new_initial_state(),
                       Plain(lambda a, n=n, s=swap: hex_move(n, s, a)), rng, bias)


TWIXT_SIZES = range(5, 25)
TWIXT_GAMES_PER_SIZE = 11


def twixt_games(n, out):
    """The TwixT games on an n×n board. OpenSpiel keeps TwixT state in statics:
    the crossing table (rebuilt by every new state, so each game starts from a
    fresh one) and the observation tensor's shape (fixed by the first board
    size a process uses), so each size runs in a process of its own."""
    rng = random.Random(1200 + n)
    game = pyspiel.load_game("twixt", {"board_size": n, "ansi_color_output": False})
    for _ in range(TWIXT_GAMES_PER_SIZE):
        out.write(f"game twixt size={n} swap=1\n")

        def bias(ply, legal, rng):
            if "swap" in legal and rng.random() < 0.5:
                return "swap"
            return None

        record(out, game.new_initial_state(), Twixt(n), rng, bias)


def make_twixt():
    with Trace("twixt") as out:
        header(out, "twixt", TWIXT_GAMES_PER_SIZE * len(TWIXT_SIZES))
        for n in TWIXT_SIZES:
            child = subprocess.run(
                [sys.executable, os.path.abspath(__file__), "--twixt-size", str(n)],
                check=True, capture_output=True, text=True)
            out.write(child.stdout)


def make_loa(rng):
    games = 200
    game = pyspiel.load_game("lines_of_action", {"max_game_length": 1000000})
    with Trace("loa") as out:
        header(out, "lines_of_action (max_game_length=1000000)", games)
        for _ in range(games):
            out.write("game loa size=8 swap=0\n")
            record(out, game.new_initial_state(),
                   Plain(lambda a, g=game: g.action_to_string(0, a)), rng)


def main():
    if sys.argv[1:2] == ["--twixt-size"]:
        twixt_games(int(sys.argv[2]), sys.stdout)
        return
    os.makedirs(OUT, exist_ok=True)
    make_hex(random.Random(11))
    make_twixt()
    make_loa(random.Random(13))


if __name__ == "__main__":
    main()
