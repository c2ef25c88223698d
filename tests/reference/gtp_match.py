#!/usr/bin/env python3
"""Play two GTP engines against each other and report the score with a 95 % CI.

The harness measures boardwright's engine (`boardwright gtp …`) against an
external GTP program such as MoHex 2.0 at equal time per move. It is the
referee: engines only ever see `play`/`genmove`, every move is checked by
`boardwright play --json` before the other engine hears of it, and on a Hex
rhombus an independent connection check in this script must agree with it at
every ply (a disagreement stops the match). Python 3 standard library only.

    python3 tests/reference/gtp_match.py --size 9 --time 1 --games 20 \\
        --engine "target/release/boardwright gtp --rules hex --size {size} --time {time} --seed {seed}" \\
        --opponent "/work/mohex/bin/mohex --quiet --use-logfile=0" \\
        --opponent-setup "param_mohex max_time {time}; param_mohex extend_unstable_search 0" \\
        --opponent-setup "param_mohex fillin_map_bits 13; param_game allow_swap 0" \\
        --openings all-1ply --out matches/hex9-mohex

Each game starts both programs afresh (so a crash costs one game, not the
match), sends `boardsize N` and `clear_board`, then the setup commands. Colours
alternate: the engine under test moves first in games 1, 3, 5, … With
`--openings`, games come in pairs that start from the same opening moves
(played for both sides as in Benzene's tournament scripts), one with each
colour assignment, so a lopsided opening cancels out within the pair.

Forfeits (logged, scored as a loss): an illegal or unreadable move, an error
answer to `genmove` or to `play` of a legal move, a crash, or no answer within
`--timeout` seconds. `resign` is a loss too. Games longer than `--max-plies`
are draws.

With `--swap` (Hex on an n×n board) the second player may swap. The programs
speak HexGui's and Benzene's convention, which boardwright's `gtp` speaks too:
`swap-pieces` keeps Black's stone where it is and exchanges the colours, so
White moves again, and later moves name the cells as seen after the exchange.
The script translates for the referee (boardwright's own convention mirrors the
stone and keeps the colours) and keeps the seats: a game is won by the program,
whichever colour it ends with.

Output folder: `game-NNN.sgf` (Hex: HexGui's `FF[4]GM[11]SZ[n]`, `B` is the
first player), `results.tsv` (one line per game, written as it ends),
`match.log`, `summary.txt` and `summary.json`, and each engine's standard
error in `engine.stderr` / `opponent.stderr`. `results.tsv` lists every
game's moves (as the programs played them) and the seconds each `genmove`
took; its `engine_as` and `winner` name the colour each program started with.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import queue
import shlex
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

REPO = Path(__file__).resolve().parents[2]
DEFAULT_REFEREE = REPO / "target" / "release" / "boardwright"
COLOURS = ("b", "w")  # GTP colour of player 0 (moves first) and player 1
SGF_COLOURS = ("B", "W")


class MatchError(Exception):
    """A problem that stops the whole match (bad options, broken setup, referee disagreement)."""


# ---------------------------------------------------------------- statistics


def wilson(k: float, n: float, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson score interval (95 % by default) for `k` successes out of `n` (draws count ½)."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2.0 * n)) / denom
    half = z * math.sqrt(p * (1.0 - p) / n + z * z / (4.0 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


# ---------------------------------------------------------------- GTP parsing


def parse_response(lines: list[str]) -> tuple[bool, str]:
    """One GTP response (its lines without the closing empty line) → (success, text).

    `= text` / `=12 text` is a success, `? reason` a failure; the text of a
    multi-line response keeps its later lines. Lines before the first `=`/`?`
    (stray output) are ignored.
    """
    for i, line in enumerate(lines):
        if line[:1] in ("=", "?"):
            head = line[1:]
            digits = len(head) - len(head.lstrip("0123456789"))
            head = head[digits:].strip()
            rest = [s.rstrip() for s in lines[i + 1 :]]
            text = "\n".join([head] + rest) if rest else head
            return (line[0] == "=", text.strip())
    raise ValueError("no '=' or '?' line in the response: " + repr(lines))


def parse_move(text: str) -> Optional[str]:
    """The move in a `genmove` answer, lower case; `None` when it is not one word."""
    words = text.split()
    if len(words) != 1:
        return None
    return words[0].lower()


def substitute(template: str, values: dict[str, str]) -> str:
    """Replace `{size}`, `{time}`, `{seed}` (only these) in a command template."""
    for k, v in values.items():
        template = template.replace("{" + k + "}", v)
    return template


def split_setup(items: list[str]) -> list[str]:
    """Setup options → GTP commands: each option may hold several, separated by ';'."""
    out = []
    for item in items:
        out.extend(c.strip() for c in item.split(";") if c.strip())
    return out


# ---------------------------------------------------------------- openings


def splitmix64(state: int) -> tuple[int, int]:
    """One step of SplitMix64: (new state, output). Stable across Python versions."""
    state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return state, z ^ (z >> 31)


def seeded_shuffle(items: list, seed: int) -> list:
    """Fisher–Yates with SplitMix64: the same order for the same seed everywhere."""
    out = list(items)
    state = seed & 0xFFFFFFFFFFFFFFFF
    for i in range(len(out) - 1, 0, -1):
        state, r = splitmix64(state)
        j = r % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def parse_openings(text: str, source: str) -> list[list[str]]:
    """An openings file: one opening per line, moves separated by spaces; `#` comments."""
    openings = []
    for n, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        moves = [m.lower() for m in line.replace(",", " ").split()]
        openings.append(moves)
    if not openings:
        raise MatchError(f"{source}: no openings in the file")
    return openings


def game_plan(
    games: int, openings: Optional[list[list[str]]]
) -> list[tuple[int, list[str]]]:
    """Per game: (player index of the engine under test, opening moves).

    The engine moves first in games 1, 3, 5, …; with openings, games 2k−1 and
    2k share opening k (cycling through the list when there are more games).
    """
    plan = []
    for g in range(games):
        seat = g % 2
        opening = openings[(g // 2) % len(openings)] if openings else []
        plan.append((seat, list(opening)))
    return plan


# ---------------------------------------------------------------- Hex check


def hex_connected(size: int, stones: dict[str, int], player: int) -> bool:
    """Whether `player` (0: joins rows 1 and n; 1: joins columns a and last) is connected.

    `stones` maps `a1`-style cells (letter = column, a1 top-left) to players.
    Neighbours of (col, row): (c±1, r), (c, r±1), (c+1, r−1), (c−1, r+1), as in
    Benzene's HexPoint.hpp direction table and boardwright's hex preset.
    """
    owned = set()
    for cell, p in stones.items():
        if p == player:
            owned.add(cell_coords(cell, size))
    if player == 0:
        frontier = [(c, r) for (c, r) in owned if r == 0]
        done = lambda c, r: r == size - 1  # noqa: E731
    else:
        frontier = [(c, r) for (c, r) in owned if c == 0]
        done = lambda c, r: c == size - 1  # noqa: E731
    seen = set(frontier)
    while frontier:
        c, r = frontier.pop()
        if done(c, r):
            return True
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
            nb = (c + dc, r + dr)
            if nb in owned and nb not in seen:
                seen.add(nb)
                frontier.append(nb)
    return False


def cell_coords(cell: str, size: int) -> tuple[int, int]:
    """`c7` → (2, 6); ValueError for anything that is not a cell of the n×n board."""
    if len(cell) < 2 or not cell[0].isalpha() or not cell[1:].isdigit():
        raise ValueError(f"'{cell}' is not a cell")
    c = ord(cell[0].lower()) - ord("a")
    r = int(cell[1:]) - 1
    if not (0 <= c < size and 0 <= r < size):
        raise ValueError(f"'{cell}' is off the {size}×{size} board")
    return (c, r)


def mirror_cell(cell: str, size: int) -> str:
    """`c7` → `g3`: (col, row) → (row, col), the reflection of Hex's swap."""
    c, r = cell_coords(cell, size)
    return f"{chr(ord('a') + r)}{c + 1}"


def hex_winner(size: int, moves: list[str]) -> Optional[int]:
    """The first player to connect when `moves` are played alternately from the
    empty board (player 0 first), or None; raises ValueError on a bad or repeated cell.

    A second move `swap` is boardwright's swap: player 0's stone is replaced by
    one of player 1 on the mirrored cell, and player 0 moves next.
    """
    stones: dict[str, int] = {}
    for i, m in enumerate(moves):
        if m == "swap" and i == 1:
            first = moves[0]
            del stones[first]
            stones[mirror_cell(first, size)] = 1
            continue
        cell_coords(m, size)
        if m in stones:
            raise ValueError(f"'{m}' is played twice")
        stones[m] = i % 2
        if hex_connected(size, stones, i % 2):
            return i % 2
    return None


# ---------------------------------------------------------------- SGF


def sgf_escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace("]", "\\]")


def hex_sgf(
    size: int,
    moves: list[str],
    names: tuple[str, str],
    winner: Optional[int],
    how: str,
    comment: str,
) -> str:
    """A Hex game in HexGui's SGF: `FF[4]GM[11]SZ[n]`, `B` = first player, cells `a1`.

    `how` is `connection`, `resign`, `forfeit` or `draw`; the result is
    `RE[B+]`, `RE[B+Resign]`, `RE[B+Forfeit]` (SGF FF[4] result values).
    `moves` are as the programs played them (HexGui's convention): after
    `swap-pieces` the colours are exchanged, so White moves again, and
    `winner` is the winner's colour at the end (0 Black, 1 White).
    """
    s = (
        f"(;FF[4]GM[11]AP[boardwright gtp_match.py]SZ[{size}]"
        f"PB[{sgf_escape(names[0])}]PW[{sgf_escape(names[1])}]"
    )
    if winner is not None:
        suffix = {"resign": "Resign", "forfeit": "Forfeit"}.get(how, "")
        s += f"RE[{SGF_COLOURS[winner]}+{suffix}]"
    elif how == "draw":
        s += "RE[0]"
    if comment:
        s += f"GC[{sgf_escape(comment)}]"
    swapped = False
    for i, m in enumerate(moves):
        s += f";{SGF_COLOURS[(i + swapped) % 2]}[{m}]"
        swapped = swapped or m == "swap-pieces"
    return s + ")\n"


# ---------------------------------------------------------------- engines


class EngineFailure(Exception):
    """The engine crashed or did not answer in time (the game is forfeited)."""


class GtpEngine:
    """A GTP program on pipes; a reader thread lets every command have a timeout."""

    def __init__(self, label: str, command: str, stderr_path: Path):
        self.label = label
        self.command = command
        self._stderr = open(stderr_path, "ab")
        try:
            self.proc = subprocess.Popen(
                shlex.split(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                text=True,
                bufsize=1,
            )
        except OSError as e:
            self._stderr.close()
            raise MatchError(f"{label}: cannot start '{command}': {e}") from e
        self.broken = False
        self._lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(line.rstrip("\r\n"))
        self._lines.put(None)

    def send(self, command: str, timeout: float) -> tuple[bool, str, float]:
        """Send one command; (success, text, seconds until the answer was complete)."""
        start = time.monotonic()
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(command + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            self.broken = True
            raise EngineFailure(f"crashed (cannot write '{command}': {e})") from e
        lines: list[str] = []
        started = False
        while True:
            left = timeout - (time.monotonic() - start)
            try:
                line = self._lines.get(timeout=max(left, 0.0))
            except queue.Empty:
                self.broken = True
                raise EngineFailure(
                    f"no answer to '{command}' within {timeout:g} s"
                ) from None
            if line is None:
                self.broken = True
                code = self.proc.wait()
                raise EngineFailure(f"crashed (exit code {code}) during '{command}'")
            if not started:
                if line[:1] in ("=", "?"):
                    started = True
                    lines.append(line)
                continue
            if line.strip() == "":
                break
            lines.append(line)
        ok, text = parse_response(lines)
        return ok, text, time.monotonic() - start

    def close(self) -> None:
        """`quit`, then kill if it lingers (at once if it failed); never raises."""
        if self.proc.poll() is None and not self.broken:
            try:
                self.send("quit", 5.0)
            except (EngineFailure, ValueError):
                pass
        try:
            self.proc.wait(timeout=0 if self.broken else 5.0)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                if stream:
                    stream.close()
            except OSError:
                pass
        self._stderr.close()


# ---------------------------------------------------------------- referee


class Referee:
    """The rules, from `boardwright play --json`: legality and outcome of a move list."""

    def __init__(self, binary: str, game_args: list[str]):
        self.binary = binary
        self.game_args = game_args

    def state(self, moves: list[str]) -> tuple[Optional[dict], str]:
        """(position as JSON, "") after `moves`, or (None, reason) if one is illegal."""
        cmd = [self.binary, "play", *self.game_args, "--moves", " ".join(moves), "--json"]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise MatchError(f"referee '{self.binary}' failed: {e}") from e
        if r.returncode == 0:
            return json.loads(r.stdout), ""
        if r.returncode == 2:
            return None, r.stderr.strip().removeprefix("boardwright: ")
        raise MatchError(
            f"referee failed (exit code {r.returncode}): {r.stderr.strip() or r.stdout.strip()}"
        )


# ---------------------------------------------------------------- one game


@dataclass
class GameResult:
    index: int
    engine_seat: int
    opening: list[str]
    # As the programs played them (HexGui's convention after a swap).
    moves: list[str]
    winner: Optional[int]  # player index (the colour it started with), None = draw
    how: str  # connection, resign, forfeit, draw
    detail: str
    times: dict[str, list[float]] = field(default_factory=dict)
    # Seconds of every genmove in order (the moves after the opening).
    seconds: list[float] = field(default_factory=list)
    names: tuple[str, str] = ("", "")
    # Whether the second player swapped (colours on the wire exchanged after it).
    swapped: bool = False

    def engine_score(self) -> float:
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == self.engine_seat else 0.0


@dataclass
class Config:
    rules: str
    size: Optional[int]
    board: Optional[str]
    time: float
    timeout: float
    max_plies: int
    commands: dict[str, str]  # label → command template
    setup: dict[str, list[str]]  # label → setup command templates
    referee: Referee
    seed: int
    out: Path


def start_engine(cfg: Config, label: str, values: dict[str, str]) -> tuple[GtpEngine, str]:
    """Start and set up one engine for a game; (engine, "name version")."""
    eng = GtpEngine(label, substitute(cfg.commands[label], values), cfg.out / f"{label}.stderr")
    try:
        name = version = ""
        ok, text, _ = eng.send("name", 30.0)
        if ok:
            name = text
        ok, text, _ = eng.send("version", 30.0)
        if ok:
            version = text
        setup = []
        if cfg.size is not None:
            setup.append(f"boardsize {cfg.size}")
        setup.append("clear_board")
        setup += [substitute(c, values) for c in cfg.setup[label]]
        for c in setup:
            ok, text, _ = eng.send(c, 60.0)
            if not ok:
                raise MatchError(f"{label} ({eng.command}) refused '{c}': {text}")
    except EngineFailure as e:
        eng.close()
        raise MatchError(f"{label} ({eng.command}) failed during setup: {e}") from e
    except MatchError:
        eng.close()
        raise
    return eng, f"{name} {version}".strip() or label


def play_game(cfg: Config, index: int, engine_seat: int, opening: list[str]) -> GameResult:
    seed = cfg.seed + index
    values = {"size": str(cfg.size or ""), "time": f"{cfg.time:g}", "seed": str(seed)}
    labels = ("engine", "opponent")
    seat_label = {engine_seat: "engine", 1 - engine_seat: "opponent"}
    engines: dict[str, GtpEngine] = {}
    names: dict[str, str] = {}
    try:
        for label in labels:
            engines[label], names[label] = start_engine(cfg, label, values)
        result = GameResult(
            index=index,
            engine_seat=engine_seat,
            opening=opening,
            moves=[],
            winner=None,
            how="draw",
            detail="",
            times={label: [] for label in labels},
            names=(names[seat_label[0]], names[seat_label[1]]),
        )
        check_hex = cfg.rules == "hex" and cfg.size is not None and cfg.board is None
        # `moves` in boardwright's convention, for the referee; `wire` as the
        # programs say them. With the swap rule they differ after a swap:
        # HexGui and Benzene keep Black's stone and exchange the colours (White
        # moves again), boardwright mirrors the stone into the second player's
        # and lets the first move. Seats (player indices) never change.
        moves: list[str] = []
        wire: list[str] = []

        def colour(p: int) -> str:
            """The GTP colour of player `p` now."""
            return COLOURS[p ^ int(result.swapped)]

        def referee_move(mv: str) -> str:
            if mv in ("swap", "swap-pieces", "swap-sides"):
                return "swap"
            if result.swapped and cfg.size is not None:
                try:
                    return mirror_cell(mv, cfg.size)
                except ValueError:
                    return mv  # the referee refuses it with its reason
            return mv

        def wire_move(mv: str) -> str:
            return "swap-pieces" if mv in ("swap", "swap-sides") else mv

        def record(mv: str) -> None:
            moves.append(referee_move(mv))
            wire.append(wire_move(mv))
            if moves[-1] == "swap":
                result.swapped = True

        def finish(winner: Optional[int], how: str, detail: str) -> GameResult:
            result.moves = wire
            result.winner, result.how, result.detail = winner, how, detail
            return result

        def referee_after(mv: str) -> tuple[Optional[dict], str]:
            state, why = cfg.referee.state(moves + [mv])
            if state is not None and check_hex:
                own = hex_winner(cfg.size, moves + [mv])
                ref = (state.get("outcome") or {}).get("winner")
                ended = state.get("outcome") is not None
                if (not ended and own is not None) or (ended and own != ref):
                    raise MatchError(
                        f"game {index}: the referee ({ref}) and this script's Hex check "
                        f"({own}) disagree after {' '.join(moves + [mv])}"
                    )
            return state, why

        state, why = cfg.referee.state([])
        if state is None:
            raise MatchError(f"referee refuses the empty game: {why}")
        # Opening moves: played for both sides, as a referee would set up the board.
        for mv in opening:
            p = state["to_move"]
            state, why = referee_after(referee_move(mv))
            if state is None:
                raise MatchError(f"opening {' '.join(opening)}: {why}")
            for label in labels:
                try:
                    ok, text, _ = engines[label].send(f"play {colour(p)} {wire_move(mv)}", 60.0)
                except EngineFailure as e:
                    return finish(1 - seat_of(label, engine_seat), "forfeit", f"{label} {e}")
                if not ok:
                    return finish(
                        1 - seat_of(label, engine_seat),
                        "forfeit",
                        f"{label} refused the opening move {colour(p)} {mv}: {text}",
                    )
            record(mv)
            if state["outcome"] is not None:
                raise MatchError(f"opening {' '.join(opening)} ends the game")
        while True:
            if state["outcome"] is not None:
                w = state["outcome"]["winner"]
                return finish(w, "connection" if w is not None else "draw", state["outcome"]["reason"])
            if len(moves) >= cfg.max_plies:
                return finish(None, "draw", f"{cfg.max_plies} plies without a result")
            p = state["to_move"]
            label = seat_label[p]
            other = seat_label[1 - p]
            try:
                ok, text, secs = engines[label].send(f"genmove {colour(p)}", cfg.timeout)
            except EngineFailure as e:
                return finish(1 - p, "forfeit", f"{label} {e}")
            result.times[label].append(secs)
            result.seconds.append(secs)
            if not ok:
                return finish(1 - p, "forfeit", f"{label} answered genmove with '? {text}'")
            mv = parse_move(text)
            if mv is None:
                return finish(1 - p, "forfeit", f"{label} answered genmove with '{text}'")
            if mv == "resign":
                return finish(1 - p, "resign", f"{label} resigned")
            state_after, why = referee_after(referee_move(mv))
            if state_after is None:
                return finish(1 - p, "forfeit", f"{label} played an illegal move '{mv}': {why}")
            said = f"{colour(p)} {wire_move(mv)}"
            try:
                ok, text, _ = engines[other].send(f"play {said}", 60.0)
            except EngineFailure as e:
                record(mv)
                return finish(p, "forfeit", f"{other} {e}")
            record(mv)
            if not ok:
                return finish(p, "forfeit", f"{other} refused the legal move {said}: {text}")
            state = state_after
    finally:
        for e in engines.values():
            e.close()


def seat_of(label: str, engine_seat: int) -> int:
    return engine_seat if label == "engine" else 1 - engine_seat


# ---------------------------------------------------------------- summary


def summarise(results: list[GameResult], cfg: Config, header: list[str]) -> tuple[str, dict]:
    seats = [("first player (B)", 0), ("second player (W)", 1)]
    rows = []
    data: dict = {"header": header, "seats": {}}

    def score_row(title: str, games: list[GameResult]) -> None:
        n = len(games)
        w = sum(1 for g in games if g.engine_score() == 1.0)
        l = sum(1 for g in games if g.engine_score() == 0.0)
        d = n - w - l
        k = w + d / 2
        lo, hi = wilson(k, n)
        pct = 100.0 * k / n if n else 0.0
        rows.append(
            f"engine as {title:<18} {n:>4} games: {w:>4} wins {l:>4} losses {d:>3} draws"
            f"  score {pct:5.1f}%  95% CI {100 * lo:5.1f}–{100 * hi:5.1f}%"
        )
        data["seats"][title] = {
            "games": n, "wins": w, "losses": l, "draws": d,
            "score": k / n if n else 0.0, "ci95": [lo, hi],
        }

    for title, seat in seats:
        score_row(title, [g for g in results if g.engine_seat == seat])
    score_row("either", results)
    lines = list(header) + rows
    for label in ("engine", "opponent"):
        ts = [t for g in results for t in g.times.get(label, [])]
        forfeits = [g for g in results if g.how == "forfeit" and g.detail.startswith(label)]
        resigns = [g for g in results if g.how == "resign" and g.detail.startswith(label)]
        mean = sum(ts) / len(ts) if ts else 0.0
        over = sum(1 for t in ts if t > 1.5 * cfg.time)
        lines.append(
            f"{label:<8}: {len(ts)} moves, {mean:.2f} s/move on average, longest {max(ts, default=0):.2f} s,"
            f" {over} over 1.5×{cfg.time:g} s; {len(resigns)} resignations, {len(forfeits)} forfeits"
        )
        for g in forfeits:
            lines.append(f"  forfeit in game {g.index}: {g.detail}")
        data[label] = {
            "moves": len(ts), "mean_seconds": mean, "max_seconds": max(ts, default=0.0),
            "moves_over_1_5x_time": over,
            "resignations": len(resigns), "forfeits": [g.detail for g in forfeits],
        }
    plies = [len(g.moves) for g in results]
    distinct = len({(g.engine_seat, tuple(g.moves)) for g in results})
    mean_plies = sum(plies) / len(plies) if plies else 0.0
    lines.append(
        f"mean game length {mean_plies:.1f} plies; distinct games {distinct} of {len(results)}"
        " (same moves and same colours count once)"
    )
    data.update(games=len(results), mean_plies=mean_plies, distinct_games=distinct)
    return "\n".join(lines) + "\n", data


# ---------------------------------------------------------------- main


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        description="Play boardwright's GTP engine against another GTP engine and report the score "
        "with a 95%% Wilson confidence interval. In commands and setup, {size}, {time} and {seed} "
        "(the game's seed: --seed + game number) are replaced.",
    )
    p.add_argument("--engine", required=True, help="command of the engine under test")
    p.add_argument("--opponent", required=True, help="command of the opponent engine")
    p.add_argument("--engine-setup", action="append", default=[], metavar="CMDS",
                   help="GTP commands sent to the engine before each game ('a; b'; repeatable)")
    p.add_argument("--opponent-setup", action="append", default=[], metavar="CMDS",
                   help="GTP commands sent to the opponent before each game")
    p.add_argument("--rules", default="hex", help="game for the referee (default hex)")
    p.add_argument("--size", type=int, help="board side length (sent as 'boardsize N')")
    p.add_argument("--board", help="board file for the referee instead of --size")
    p.add_argument("--time", type=float, required=True, help="seconds per move, for {time}")
    p.add_argument("--games", type=int, default=20, help="number of games (default 20)")
    p.add_argument("--openings", default="none",
                   help="none (default), all-1ply (every legal first move) or a file with one "
                   "opening per line; each opening is played twice, once with each colour")
    p.add_argument("--seed", type=int, default=1,
                   help="orders the openings and gives each game's {seed} (default 1)")
    p.add_argument("--timeout", type=float,
                   help="seconds a genmove may take before it is a forfeit (default 3×time + 10)")
    p.add_argument("--max-plies", type=int, default=1000, help="longer games are draws")
    p.add_argument("--swap", action="store_true",
                   help="Hex with the swap rule: the referee allows it and the programs speak "
                   "HexGui's convention (swap-pieces keeps the stone, White moves again); turn "
                   "the rule on in each program too (boardwright gtp --swap, MoHex "
                   "'param_game allow_swap 1')")
    p.add_argument("--referee", default=str(DEFAULT_REFEREE),
                   help="boardwright binary that checks moves (default target/release/boardwright)")
    p.add_argument("--out", help="output folder (default gtp-match-DATE-TIME)")
    return p


def load_openings(spec: str, referee: Referee, seed: int) -> Optional[list[list[str]]]:
    if spec == "none":
        return None
    if spec == "all-1ply":
        state, why = referee.state([])
        if state is None:
            raise MatchError(f"referee refuses the empty game: {why}")
        openings = [[m] for m in state["legal"]]
    else:
        path = Path(spec)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as e:
            raise MatchError(f"--openings: cannot read {path}: {e}") from e
        openings = parse_openings(text, str(path))
        for o in openings:
            state, why = referee.state(o)
            if state is None:
                raise MatchError(f"{path}: opening '{' '.join(o)}': {why}")
            if state["outcome"] is not None:
                raise MatchError(f"{path}: opening '{' '.join(o)}' ends the game")
    return seeded_shuffle(openings, seed)


def run(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    if not (args.time > 0 and math.isfinite(args.time)):
        raise MatchError(f"--time must be a positive number of seconds, not {args.time}")
    if args.games < 1:
        raise MatchError("--games must be at least 1")
    if args.size is not None and args.board is not None:
        raise MatchError("--size and --board exclude each other")
    timeout = args.timeout if args.timeout is not None else 3 * args.time + 10
    game_args = ["--rules", args.rules]
    if args.size is not None:
        game_args += ["--size", str(args.size)]
    if args.board is not None:
        game_args += ["--board", args.board]
    if args.swap:
        if args.rules != "hex" or args.size is None:
            raise MatchError("--swap is for Hex with --size (HexGui's swap convention)")
        game_args.append("--swap")
    if not Path(args.referee).is_file():
        raise MatchError(f"referee binary {args.referee} not found (build it: cargo build --release)")
    referee = Referee(args.referee, game_args)
    out = Path(args.out or time.strftime("gtp-match-%Y%m%d-%H%M%S"))
    if (out / "results.tsv").exists():
        raise MatchError(f"{out} already holds a match (results.tsv); choose another --out")
    out.mkdir(parents=True, exist_ok=True)
    openings = load_openings(args.openings, referee, args.seed)
    log_file = open(out / "match.log", "a", encoding="utf-8")

    def log(msg: str) -> None:
        line = time.strftime("%H:%M:%S ") + msg
        print(line, file=sys.stderr, flush=True)
        log_file.write(line + "\n")
        log_file.flush()

    cfg = Config(
        rules=args.rules, size=args.size, board=args.board, time=args.time, timeout=timeout,
        max_plies=args.max_plies,
        commands={"engine": args.engine, "opponent": args.opponent},
        setup={"engine": split_setup(args.engine_setup), "opponent": split_setup(args.opponent_setup)},
        referee=referee, seed=args.seed, out=out,
    )
    board_text = f"{args.size}×{args.size}" if args.size else (args.board or "standard board")
    header = [
        f"{args.rules} on {board_text}{', swap rule' if args.swap else ''}, {args.time:g} s/move,"
        f" {args.games} games, openings: "
        f"{args.openings}{'' if openings is None else f' ({len(openings)}, seed {args.seed})'}",
        f"engine:   {args.engine}" + "".join(f" [{c}]" for c in cfg.setup["engine"]),
        f"opponent: {args.opponent}" + "".join(f" [{c}]" for c in cfg.setup["opponent"]),
    ]
    for h in header:
        log(h)
    results: list[GameResult] = []
    tsv = open(out / "results.tsv", "w", encoding="utf-8")
    tsv.write("game\tengine_as\topening\twinner\tengine_score\thow\tplies\tengine_s_per_move"
              "\tengine_max_s\topponent_s_per_move\topponent_max_s\tdetail\tmoves\tseconds\n")
    interrupted = False
    error: Optional[MatchError] = None
    try:
        for i, (seat, opening) in enumerate(game_plan(args.games, openings), 1):
            g = play_game(cfg, i, seat, opening)
            results.append(g)
            mean = lambda xs: sum(xs) / len(xs) if xs else 0.0  # noqa: E731
            winner = "draw" if g.winner is None else COLOURS[g.winner].upper()
            tsv.write(
                f"{i}\t{COLOURS[seat].upper()}\t{' '.join(opening)}\t{winner}\t{g.engine_score():g}"
                f"\t{g.how}\t{len(g.moves)}"
                f"\t{mean(g.times['engine']):.3f}\t{max(g.times['engine'], default=0):.3f}"
                f"\t{mean(g.times['opponent']):.3f}\t{max(g.times['opponent'], default=0):.3f}"
                f"\t{g.detail}\t{' '.join(g.moves)}\t{' '.join(f'{t:.2f}' for t in g.seconds)}\n"
            )
            tsv.flush()
            if args.rules == "hex" and args.size is not None:
                comment = (f"gtp_match.py game {i}, {args.time:g} s/move, opening "
                           f"{' '.join(opening) or 'none'}: {g.how}, {g.detail}")
                # The winner's colour at the end, as HexGui writes it.
                colour = None if g.winner is None else g.winner ^ int(g.swapped)
                sgf = hex_sgf(args.size, g.moves, g.names, colour, g.how, comment)
                (out / f"game-{i:03}.sgf").write_text(sgf, encoding="utf-8")
            done = sum(r.engine_score() for r in results)
            log(f"game {i}: engine as {COLOURS[seat].upper()}, opening {' '.join(opening) or '-'}: "
                f"{'engine' if g.engine_score() == 1 else 'opponent' if g.engine_score() == 0 else 'nobody'}"
                f" won ({g.how}: {g.detail}) after {len(g.moves)} plies;"
                f" engine {done:g}/{len(results)}")
    except KeyboardInterrupt:
        interrupted = True
        log(f"interrupted after {len(results)} finished games")
    except MatchError as e:
        error = e
        log(f"stopped after {len(results)} finished games: {e}")
    finally:
        tsv.close()
    text, data = summarise(results, cfg, header)
    (out / "summary.txt").write_text(text, encoding="utf-8")
    (out / "summary.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(text, end="")
    log_file.close()
    if error is not None:
        raise error
    return 130 if interrupted else 0


def main() -> int:
    try:
        return run(sys.argv[1:])
    except MatchError as e:
        print(f"gtp_match: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
