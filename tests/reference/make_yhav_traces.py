#!/usr/bin/env python3
"""Record random games of Y and Havannah played by OpenSpiel as traces for
boardwright's tests.

OpenSpiel (https://github.com/google-deepmind/open_spiel) is an independent
implementation of Y and Havannah. This script plays uniformly random games in
it and writes, for every ply, the move played and the full set of legal moves,
both in boardwright's notation, and each game's result. The Rust test
`tests/reference_yhav.rs` replays the traces through boardwright's rules on
the boards its tiling code makes (hexagons in a triangle, hexagons in a
hexagon) and asserts the same legal moves at every ply and the same result,
so the tests need no Python. Regenerate (deterministic for a given OpenSpiel
version; recorded with open_spiel 2.0.2):

    python3 -m venv venv && venv/bin/pip install open_spiel==2.0.2
    venv/bin/python tests/reference/make_yhav_traces.py

Trace format (one text file per game, `traces/<name>.trace`): `#` lines are
comments. A game starts with `game <name> size=<n> swap=<0|1>`. Then one line
per ply, `<move>|<added>|<removed>`: the legal moves at that ply are those two
plies earlier (none before the first two plies) plus `<added>` minus
`<removed>` (space-separated lists), and `<move>` is the move played. The game
ends with `end <0|1|draw>`: the winner (0 moves first) or a draw; OpenSpiel
has no legal moves there.

Conventions, read from OpenSpiel's source (open_spiel/games/):

* Y (`y/y.cc`): action = x + y * n for the cell (x, y), x + y < n; neighbours
  (x, y-1), (x+1, y-1), (x+1, y), (x, y+1), (x-1, y+1), (x-1, y); the sides
  are x = 0, y = 0 and x + y = n - 1; a group touching all three wins. No
  swap rule. boardwright's hexagonal tiling in a triangle of size n has the
  cell at lattice point (i, j), i, j >= 0, i + j < n, with grid coordinate
  (col, row) = (i, j), the same neighbours, and label column letter + row
  number, so the cell (x, y) is boardwright's `<letter x><y + 1>`.
* Havannah (`havannah/havannah.cc`): base m + 1 = `board_size`, action =
  x + y * (2m + 1) for (x, y) in [0, 2m]^2 with |x - y| <= m; neighbours
  (x-1, y-1), (x, y-1), (x+1, y), (x+1, y+1), (x, y+1), (x-1, y). Corners and
  edges are the six corner cells and the other cells of the six sides; a
  group wins with two corners, three edges, or a ring (its ring search
  follows stones without sharp turns; see `tests/reference_yhav.rs` on why
  that is the standard ring). Swap (`swap=1`): the second player may choose
  the first player's cell again, which becomes theirs; written `swap` here.
  boardwright's hexagon of size m + 1 has the cell at lattice point (i, j),
  |i|, |j|, |i + j| <= m, with grid coordinate (i + m, j + m); its
  neighbours are (i +- 1, j), (i, j +- 1), (i + 1, j - 1), (i - 1, j + 1).
  (x, y) -> (i, j) = (x - m, m - y) maps one neighbourhood onto the other,
  so the cell (x, y) is boardwright's `<letter x><2m - y + 1>`.
"""

import os
import random

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


def y_label(n, action):
    y, x = divmod(action, n)
    return f"{letters(x)}{y + 1}"


def havannah_label(base, action):
    d = 2 * base - 1
    y, x = divmod(action, d)
    return f"{letters(x)}{d - y}"


def record(out, game_name, params, size, swap, label, rng):
    game = pyspiel.load_game(game_name, params)
    state = game.new_initial_state()
    out.append(f"game {game_name} size={size} swap={int(swap)}")
    back = [set(), set()]
    ply = 0
    first = None
    while not state.is_terminal():
        actions = state.legal_actions()
        names = set()
        for a in actions:
            names.add("swap" if ply == 1 and a == first else label(a))
        a = rng.choice(actions)
        mv = "swap" if ply == 1 and a == first else label(a)
        if ply == 0:
            first = a
        prev = back[ply % 2]
        added = sorted(names - prev)
        removed = sorted(prev - names)
        out.append(f"{mv}|{' '.join(added)}|{' '.join(removed)}")
        back[ply % 2] = names
        state.apply_action(a)
        ply += 1
    r = state.returns()
    end = "0" if r[0] > 0 else "1" if r[1] > 0 else "draw"
    out.append(f"end {end}")


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = random.Random(20261123)
    header = "# Random OpenSpiel games, written by tests/reference/make_yhav_traces.py"
    y = [header]
    for g in range(200):
        n = [4, 7, 11, 19][g % 4]
        record(y, "y", {"board_size": n}, n, False, lambda a, n=n: y_label(n, a), rng)
    with open(os.path.join(OUT, "y.trace"), "w") as f:
        f.write("\n".join(y) + "\n")
    for base in (4, 8):
        h = [header]
        for g in range(200):
            swap = g % 2 == 1
            record(
                h,
                "havannah",
                {"board_size": base, "swap": swap},
                base,
                swap,
                lambda a, b=base: havannah_label(b, a),
                rng,
            )
        with open(os.path.join(OUT, f"havannah{base}.trace"), "w") as f:
            f.write("\n".join(h) + "\n")


if __name__ == "__main__":
    main()
