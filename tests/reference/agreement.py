#!/usr/bin/env python3
"""Screen engine settings in minutes: how often a GTP engine plays the move an
oracle (a stronger program with more time) plays, on positions from real games.

A match of 100 games at 1 s/move takes close to two hours on Hex 11×11; this
asks each position once, so 160 positions take under three minutes a setting.
A setting that agrees with the oracle clearly less often is dropped before any
match; one that agrees more is then measured by a match (`gtp_match.py`). The
positions are the ones a program had to move in, taken from game records
(`gtp_match.py`'s SGF, or any HexGui/Benzene SGF of a plain game).

    # positions where boardwright moved, plies 3–24, 160 of them
    python3 tests/reference/agreement.py collect matches/hex11-mohex/*.sgf \\
        --player boardwright --plies 3-24 --count 160 --out positions.json
    # the oracle's move in each (MoHex 2.0 at 5 s)
    python3 tests/reference/agreement.py label positions.json \\
        --oracle "/work/mohex/bin/mohex --quiet --use-logfile=0" \\
        --setup "param_mohex max_time 5; param_mohex extend_unstable_search 0" \\
        --setup "param_mohex fillin_map_bits 13; param_game allow_swap 0"
    # how often a setting agrees
    python3 tests/reference/agreement.py score positions.json \\
        --engine "target/release/boardwright gtp --rules hex --size {size} --time 1 --params bias=2"

`label` writes each position's `oracle` move into the file (in place, a
temporary file renamed over it, so an interrupted run loses nothing). `score`
prints the agreement with a 95 % Wilson interval, and how often the engine
plays the move of the game the position came from. Each engine is started
once; every position is sent as `boardsize`, `clear_board` and `play` of its
moves, then `genmove`. Python 3 standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gtp_match import (  # noqa: E402
    EngineFailure,
    GtpEngine,
    MatchError,
    parse_move,
    split_setup,
    substitute,
    wilson,
)

CELL = re.compile(r"[a-z][0-9]+")
STOPS = ("swap", "swap-pieces", "swap-sides", "pass")


def main_line(text: str, path: str) -> list[dict[str, list[str]]]:
    """The nodes of the first game's main line (the first variation at every
    branch), each as property → values; escapes in values are resolved."""
    nodes: list[dict[str, list[str]]] = []
    # The main line is every node before the first ')': variations come
    # after the first child, which is nested in full.
    started, name, i = False, "", 0
    while i < len(text):
        c = text[i]
        if c == "[":
            j, value = i + 1, []
            while j < len(text) and text[j] != "]":
                if text[j] == "\\" and j + 1 < len(text):
                    j += 1
                value.append(text[j])
                j += 1
            if j >= len(text):
                raise MatchError(f"{path}: a property value is not closed")
            if nodes and name:
                nodes[-1].setdefault(name, []).append("".join(value))
            i = j + 1
            continue
        if c == "(":
            started = True
        elif c == ")":
            break
        elif c == ";" and started:
            nodes.append({})
            name = ""
        elif c.isalpha() and c.isupper():
            name = name + c if text[i - 1].isupper() else c
        i += 1
    if not nodes:
        raise MatchError(f"{path}: not an SGF game record")
    return nodes


def positions_of(path: str, text: str, player: str, lo: int, hi: int) -> tuple[list[dict], bool]:
    """The positions of one game record where `player` (a prefix of PB or PW)
    moved, and whether the game stopped early (a swap or a pass, after which
    the positions are left out)."""
    nodes = main_line(text, path)
    root = nodes[0]
    if any(k in node for node in nodes for k in ("AB", "AW", "AE")):
        raise MatchError(f"{path}: starts from a set-up position; only whole games are read")
    size = root.get("SZ", [""])[0]
    if not size.isdigit():
        raise MatchError(f"{path}: no board size (SZ[n])")
    names = {c: root.get("P" + c, [""])[0] for c in "BW"}
    mine = [c for c in "BW" if names[c].startswith(player)]
    if len(mine) != 1:
        raise MatchError(
            f"{path}: '{player}' must name exactly one of the players "
            f"(PB[{names['B']}], PW[{names['W']}])"
        )
    moves = [(c, node[c][0].strip().lower()) for node in nodes for c in "BW" if c in node]
    out, stopped = [], False
    for i, (colour, cell) in enumerate(moves):
        if cell == "resign":
            break
        if cell in STOPS:
            stopped = True
            break
        if not CELL.fullmatch(cell):
            raise MatchError(
                f"{path}: move {i + 1} '{cell}' is not a cell such as c3 "
                "(Little Golem's two-letter cells are not read)"
            )
        if colour == mine[0] and lo <= i + 1 <= hi:
            out.append(
                {
                    "source": f"{Path(path).parent.name}/{Path(path).name}:{i + 1}",
                    "size": int(size),
                    "moves": [f"{c.lower()} {m}" for c, m in moves[:i]],
                    "colour": colour.lower(),
                    "played": cell,
                }
            )
    return out, stopped


def collect(args) -> int:
    lo, _, hi = args.plies.partition("-")
    if not (lo.isdigit() and hi.isdigit() and 1 <= int(lo) <= int(hi)):
        raise MatchError(f"--plies '{args.plies}': expected FIRST-LAST, such as 3-24")
    found, stopped = [], 0
    for path in sorted(args.games):
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise MatchError(f"{path}: cannot read: {e}") from e
        positions, early = positions_of(path, text, args.player, int(lo), int(hi))
        found += positions
        stopped += early
    sizes = {p["size"] for p in found}
    if len(sizes) > 1:
        raise MatchError(f"the games have several board sizes ({sorted(sizes)}); collect one at a time")
    if not found:
        raise MatchError("no position found (check --player and --plies)")
    random.Random(args.seed).shuffle(found)
    chosen = found[: args.count]
    write(Path(args.out), chosen)
    print(f"{len(chosen)} of {len(found)} positions written to {args.out}")
    if stopped:
        print(f"{stopped} of the games stop at a swap or a pass: the positions after it are left out")
    return 0


def write(path: Path, positions: list[dict]) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(positions, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def load(path: str) -> list[dict]:
    try:
        positions = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise MatchError(f"{path}: cannot read the positions: {e}") from e
    keys = {"size", "moves", "colour", "played"}
    if not isinstance(positions, list) or not positions or not all(
        isinstance(p, dict) and keys <= p.keys() for p in positions
    ):
        raise MatchError(f"{path}: not a positions file written by 'agreement.py collect'")
    if len({p["size"] for p in positions}) != 1:
        raise MatchError(f"{path}: positions of several board sizes")
    return positions


def moves_of(label: str, command: str, setup: list[str], positions: list[dict], timeout: float) -> list[str]:
    """The engine's move in each position (lower case, as `parse_move` reads it)."""
    size = str(positions[0]["size"])
    engine = GtpEngine(label, substitute(command, {"size": size}), Path(os.devnull))
    out = []
    try:
        for i, p in enumerate(positions):
            commands = [f"boardsize {size}", "clear_board"]
            if i == 0:
                commands += [substitute(c, {"size": size}) for c in setup]
            commands += ["play " + m for m in p["moves"]]
            for c in commands:
                ok, text, _ = engine.send(c, timeout)
                if not ok:
                    raise MatchError(f"{label}: '{c}' refused: {text} (position {i + 1})")
            ok, text, _ = engine.send(f"genmove {p['colour']}", timeout)
            move = parse_move(text) if ok else None
            if move is None:
                raise MatchError(f"{label}: no move for position {i + 1} ('{text}')")
            out.append(move.lower())
    except EngineFailure as e:
        raise MatchError(f"{label}: {e}") from e
    finally:
        engine.close()
    return out


def label(args) -> int:
    positions = load(args.positions)
    moves = moves_of("oracle", args.oracle, split_setup(args.setup), positions, args.timeout)
    for p, m in zip(positions, moves):
        p["oracle"] = m
    write(Path(args.positions), positions)
    same = sum(m == p["played"] for p, m in zip(positions, moves))
    print(f"{len(positions)} positions labelled; the oracle plays the game's move in {same}")
    return 0


def score(args) -> int:
    positions = load(args.positions)
    if not all("oracle" in p for p in positions):
        raise MatchError(f"{args.positions}: not labelled yet (run 'agreement.py label' first)")
    moves = moves_of("engine", args.engine, split_setup(args.setup), positions, args.timeout)
    n = len(positions)
    agree = sum(m == p["oracle"] for p, m in zip(positions, moves))
    same = sum(m == p["played"] for p, m in zip(positions, moves))
    lo, hi = wilson(agree, n)
    print(
        f"agrees with the oracle on {agree} of {n} positions ({100 * agree / n:.1f} %, "
        f"95 % CI {100 * lo:.1f}–{100 * hi:.1f} %); plays the game's move on {same}"
    )
    return 0


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect", help="positions where a program moved, from SGF game records")
    c.add_argument("games", nargs="+", help="SGF files")
    c.add_argument("--player", required=True, help="the program, as the start of PB[…] or PW[…]")
    c.add_argument("--plies", default="3-24", help="which of its moves, by ply (default 3-24)")
    c.add_argument("--count", type=int, default=160, help="positions to keep (default 160)")
    c.add_argument("--seed", type=int, default=1, help="which ones (default 1)")
    c.add_argument("--out", required=True, help="the positions file to write")
    for name, role in (("label", "oracle"), ("score", "engine")):
        s = sub.add_parser(name, help=f"ask the {role} for its move in each position")
        s.add_argument("positions", help="a file written by 'collect'")
        s.add_argument(f"--{role}", required=True, help="its command line ({size} is replaced)")
        s.add_argument("--setup", action="append", default=[], help="GTP commands sent once, ';'-separated")
        s.add_argument("--timeout", type=float, default=120.0, help="seconds for one answer (default 120)")
    return ap


def main() -> int:
    args = build_parser().parse_args()
    try:
        return {"collect": collect, "label": label, "score": score}[args.command](args)
    except MatchError as e:
        print(f"agreement.py: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
