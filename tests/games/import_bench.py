"""Timing an import of a large synthetic arcmage.org database, and the start-up load of it.

    PYTHONPATH=. python -m tests.games.import_bench 10000 [--distinct] [--runs 3] [--profile]

Each run imports ``cards.json`` and ``decks.json`` of N cards (the real extract replicated,
see ``arcmage_library.synthetic``) into a fresh data folder, then loads the card set as a
start does; prints the medians (docs/benchmarks.md, "Importing")."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("cards", type=int)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--distinct", action="store_true", help="no two card texts alike")
    parser.add_argument("--profile", help="write a cProfile of the first import here")
    parser.add_argument("--timeout", type=float, default=0, help="give up after (s)")
    args = parser.parse_args(argv)

    os.environ["TABLETOP_HOME"] = tempfile.mkdtemp(prefix="bench-home-")
    from tabletop.engine import Game
    from tabletop.games.arcmage import library

    from .arcmage_library import GAME, real_base, synthetic

    if args.timeout:
        import signal

        def give_up(*_):
            print(f"no answer in {args.timeout:.0f} s", flush=True)
            os._exit(3)

        signal.signal(signal.SIGALRM, give_up)
        signal.alarm(int(args.timeout))
    work = Path(tempfile.mkdtemp(prefix="bench-db-"))
    cards, decks = synthetic(args.cards, *real_base(), distinct_texts=args.distinct)
    files = [work / "cards.json", work / "decks.json"]
    files[0].write_text(json.dumps(cards))
    files[1].write_text(json.dumps(decks))
    sizes = ", ".join(f"{p.name} {p.stat().st_size / 2**20:.1f} MB" for p in files)
    print(f"{args.cards} cards, {len(decks)} decks ({sizes})", flush=True)
    imports, loads = [], []
    for run in range(args.runs):
        where = Path(tempfile.mkdtemp(prefix="bench-store-"))
        GAME._card_set = None
        start = time.perf_counter()
        if args.profile and run == 0:
            import cProfile

            cProfile.runctx("library.import_files(GAME, files, where)", globals(),
                            {"library": library, "GAME": GAME, "files": files,
                             "where": where}, args.profile)
        else:
            library.import_files(GAME, files, where)
        imports.append(time.perf_counter() - start)
        shipped = Game.card_set(GAME)
        start = time.perf_counter()
        got = library.with_imports(shipped, where)
        loads.append(time.perf_counter() - start)
        print(f"run {run + 1}: import {imports[-1]:.2f} s, load {loads[-1]:.2f} s "
              f"({len(got.cards)} cards, {len(got.decks)} decks)", flush=True)
    print(f"median: import {statistics.median(imports):.2f} s, "
          f"load {statistics.median(loads):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
