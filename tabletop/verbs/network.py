"""``tabletop host`` and ``tabletop join``: a networked game with no window, for tests, for
bots, and for a host that only referees."""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Sequence

from ..engine import Game, pick_decks
from ..net.client import JoinRefused, NoSuchDeck, join
from ..net.host import REMOTE, Host
from ..net.remote import read_address
from ..net.wire import WireClosed

OPEN = "open"  # in --decks: the player joining that seat brings its own deck


def run_host(
    game: Game,
    seats: Sequence[str],
    port: int,
    bind: str,
    code: str | None,
    games: int,
    seed: int,
    decks: Sequence[str] | None,
    hand_over: str | None = None,
    after: float = 60.0,
) -> int:
    named = [d for d in decks or () if d != OPEN]
    drawn = pick_decks(game, len(seats), seed, named or None)
    # "open": that seat's player brings its own deck
    chosen = [None if decks and decks[s % len(decks)] == OPEN else d for s, d in enumerate(drawn)]
    host = Host(
        game,
        seats,
        chosen,
        seed,
        code=code,
        games=games,
        bot_seed=seed,
        log=lambda line: print(line, flush=True),
    )
    results = asyncio.run(host.serve(bind, port, hand_over, after))
    summary = {
        "game": game.id,
        "seats": list(seats),
        "games": [
            {"seed": r.seed, "winners": list(r.winners), "turns": r.turns, "capped": r.capped}
            for r in results
        ],
        "actions": host.actions,
        "bytes_sent": host.bytes,
    }
    print(json.dumps(summary), flush=True)
    return 0


def run_join(
    where: str, code: str, bot: str, seat: int | None, seed: int, deck: str | None = None
) -> int:
    host, port = read_address(where)  # (a port must be said)
    try:
        played = asyncio.run(join(host, port, code, bot, bot_seed=seed, seat=seat, deck=deck))
    except JoinRefused as e:
        print(f"tabletop join: the host refused: {e.reason}", file=sys.stderr)
        return 1
    except NoSuchDeck as e:
        print(f"tabletop join: {e}", file=sys.stderr)
        return 2
    except WireClosed as e:
        print(f"tabletop join: the connection to the host ended: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"tabletop join: cannot reach {where}: {e.strerror or e}", file=sys.stderr)
        return 1
    print(
        json.dumps(
            {
                "seat": played.seat,
                "results": [list(r) for r in played.results],
                "refused": played.refusals,
                "bytes_received": played.received,
                "bye": played.bye,
            }
        ),
        flush=True,
    )
    return 0


__all__ = ["REMOTE", "run_host", "run_join"]
