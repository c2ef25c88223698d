#!/usr/bin/env python3
"""A tiny Hex GTP engine for testing gtp_match.py: it plays the first empty cell
(a1, b1, c1, …, a2, …) and misbehaves on request.

    fake_gtp_engine.py [MODE] [N]

MODE (default `normal`) applies from the engine's N-th genmove on (default 1):
`illegal` plays an occupied cell, `crash` exits, `hang` never answers,
`error` answers `? …`, `resign` resigns, `garbage` answers two words,
`refuse-play` refuses the opponent's moves, `refuse-setup` refuses `boardsize`,
`swap` answers `swap-pieces` when asked for the second move of the game.
"""

import sys
import time


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else "normal"
    start = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    size = 11
    stones: dict[str, str] = {}
    genmoves = 0

    def cells():
        for r in range(1, size + 1):
            for c in range(size):
                yield f"{chr(ord('a') + c)}{r}"

    def answer(ok: bool, text: str = "") -> None:
        sys.stdout.write(("= " if ok else "? ") + text + "\n\n")
        sys.stdout.flush()

    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd, args = words[0], words[1:]
        if cmd == "quit":
            answer(True)
            return
        if cmd == "name":
            answer(True, "fake")
        elif cmd == "version":
            answer(True, "1")
        elif cmd == "boardsize":
            if mode == "refuse-setup":
                answer(False, "no boardsize today")
                continue
            size = int(args[0])
            stones.clear()
            answer(True)
        elif cmd == "clear_board":
            stones.clear()
            answer(True)
        elif cmd == "play":
            if mode == "refuse-play":
                answer(False, "I do not like that move")
                continue
            stones[args[1].lower()] = args[0].lower()
            answer(True)
        elif cmd == "genmove":
            genmoves += 1
            active = genmoves >= start
            if active and mode == "crash":
                sys.exit(3)
            if active and mode == "hang":
                time.sleep(3600)
            if active and mode == "error":
                answer(False, "cannot think")
                continue
            if active and mode == "resign":
                answer(True, "resign")
                continue
            if active and mode == "garbage":
                answer(True, "two words")
                continue
            if active and mode == "swap" and len(stones) == 1:
                answer(True, "swap-pieces")
                continue
            if active and mode == "illegal" and stones:
                answer(True, next(iter(stones)))
                continue
            move = next(c for c in cells() if c not in stones)
            stones[move] = args[0].lower()
            answer(True, move)
        else:
            answer(False, f"unknown command '{cmd}'")


if __name__ == "__main__":
    main()
