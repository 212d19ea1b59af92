"""Timing an import of a large synthetic arcmage.org database, and the start-up load of it.

    PYTHONPATH=. python -m tests.games.import_bench 10000 [--distinct] [--runs 3] [--profile]

Each run imports ``cards.json`` and ``decks.json`` of N cards (the real extract replicated,
see ``arcmage_library.synthetic``) into a fresh data folder, then loads the card set as a
start does; prints wall and CPU seconds, and their medians (docs/benchmarks.md,
"Importing"): on a shared machine the CPU seconds vary less."""

from __future__ import annotations

import argparse
import json
import os
import shutil
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
    scratch = Path(tempfile.mkdtemp(prefix="import-bench-"))  # gigabytes at 100,000 cards
    try:
        return _run(args, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _run(args: argparse.Namespace, scratch: Path) -> int:
    os.environ["TABLETOP_HOME"] = str(scratch / "home")
    from tabletop.engine import Game
    from tabletop.games.arcmage import library

    from .arcmage_library import GAME, real_base, synthetic

    if args.timeout:
        import signal

        def give_up(*_):
            print(f"no answer in {args.timeout:.0f} s", flush=True)
            shutil.rmtree(scratch, ignore_errors=True)
            os._exit(3)

        signal.signal(signal.SIGALRM, give_up)
        signal.alarm(int(args.timeout))
    work = scratch / "db"
    work.mkdir()
    cards, decks = synthetic(args.cards, *real_base(), distinct_texts=args.distinct)
    files = [work / "cards.json", work / "decks.json"]
    files[0].write_text(json.dumps(cards))
    files[1].write_text(json.dumps(decks))
    sizes = ", ".join(f"{p.name} {p.stat().st_size / 2**20:.1f} MB" for p in files)
    print(f"{args.cards} cards, {len(decks)} decks ({sizes})", flush=True)
    imports, loads, cpu_imports, cpu_loads = [], [], [], []
    for run in range(args.runs):
        where = scratch / f"store-{run}"
        GAME._card_set = None
        start, cpu = time.perf_counter(), time.process_time()
        if args.profile and run == 0:
            import cProfile

            cProfile.runctx(
                "library.import_files(GAME, files, where)",
                globals(),
                {"library": library, "GAME": GAME, "files": files, "where": where},
                args.profile,
            )
        else:
            library.import_files(GAME, files, where)
        imports.append(time.perf_counter() - start)
        cpu_imports.append(time.process_time() - cpu)
        shipped = Game.card_set(GAME)
        start, cpu = time.perf_counter(), time.process_time()
        got = library.with_imports(shipped, where)
        loads.append(time.perf_counter() - start)
        cpu_loads.append(time.process_time() - cpu)
        print(
            f"run {run + 1}: import {imports[-1]:.2f} s ({cpu_imports[-1]:.2f} s of CPU), "
            f"load {loads[-1]:.2f} s ({cpu_loads[-1]:.2f} s of CPU) "
            f"({len(got.cards)} cards, {len(got.decks)} decks)",
            flush=True,
        )
        shutil.rmtree(where, ignore_errors=True)
    print(
        f"median: import {statistics.median(imports):.2f} s "
        f"({statistics.median(cpu_imports):.2f} s of CPU), "
        f"load {statistics.median(loads):.2f} s ({statistics.median(cpu_loads):.2f} s of CPU)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
