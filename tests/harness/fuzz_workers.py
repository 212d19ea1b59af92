"""Stand-ins for the fuzz's worker process (:func:`tabletop.verbs.fuzz._worker`), for the tests of
``--jobs``: top-level and light to import, as a spawned process imports them afresh."""

import os
import time

from tabletop.verbs.fuzz import Break, Played, take


def planted(game_id, seed, games, deadline, pool, drawn, counter, stop, out, seats, leak_every):
    """Seeds 13 and 16 break; 13 takes longer, so the break at 16 is found first."""
    try:
        while not stop.is_set():
            i = take(counter, games, deadline)
            if i is None:
                break
            s = seed + i
            broken = None
            if s in (13, 16):
                if s == 13:
                    time.sleep(0.5)
                broken = Break(game_id, s, 7, f"planted at {s}", ["P1: end"], ["a", "b"])
            out.put(("game", Played(s, ["a", "b"], actions=10, broken=broken).to_json()))
            if broken is not None:
                stop.set()
    finally:
        out.put(("done", ""))


def dying(game_id, seed, games, deadline, pool, drawn, counter, stop, out, seats, leak_every):
    os._exit(3)
