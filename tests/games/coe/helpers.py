"""Building exact C.O.E positions for rule tests.

``new_game`` starts a real game between two ready-made decks, naming every handicap
resource Enchanted unless told otherwise; ``camp`` brings it to the first player's Camp
Phase. ``to_hand`` and ``scenario`` set cards where a test wants them, taking them from
their owner's deck when there (else a new copy). Actions are written in their text form.
"""

from __future__ import annotations

from tabletop.engine import PASS, Action, GameState, apply, parse
from tabletop.games.coe import GAME, rules
from tabletop.games.coe.rules import ARCHIVE, DECK, HAND, RESOURCES, SCENARIOS

from ..answers import refused as refused  # for the tests, with the game's helpers

CARDS = GAME.card_set().cards
DECKS = GAME.card_set().decks

__all__ = [
    "ARCHIVE",
    "CARDS",
    "DECK",
    "DECKS",
    "GAME",
    "HAND",
    "RESOURCES",
    "SCENARIOS",
    "camp",
    "do",
    "new_game",
    "prep",
    "refused",
    "resource",
    "rules",
    "scenario",
    "take",
    "to_hand",
]


def new_game(
    seed: int = 1,
    p1: str = "lone_archmage",
    p2: str = "tidecrown_shieldwall",
    kind: str | None = "enchanted",
) -> GameState:
    state = GAME.new_game([DECKS[p1], DECKS[p2]], seed)
    while kind is not None and state.top_prompt is not None and state.top_prompt.name == "handicap":
        seat = state.top_prompt.seat
        cid = rules._untyped(state, seat)[0]
        do(state, f'P{seat + 1}: name "{rules.name(state, cid)}"#{cid} {kind}')
    return state


def camp(seed: int = 1, first: int = 0, **decks: str) -> GameState:
    """The game's first turn: ``first``'s Camp Phase, after its draw and reset."""
    state = new_game(seed, **decks)
    assert state.phase == "camp" and state.turn == 1
    if state.active != first:
        state.active = first
        state.data.first = first
    return state


def take(state: GameState, seat: int, name: str, zone: str) -> int:
    for source in (DECK, HAND, ARCHIVE):
        if source == zone:
            continue
        for cid in state.zones[(seat, source)]:
            if state.cards[cid].card.name == name:
                state.move(cid, (seat, zone))
                return cid
    return state.create(CARDS[name], seat, (seat, zone)).id


def to_hand(state: GameState, seat: int, *names: str) -> list[int]:
    return [take(state, seat, n, HAND) for n in names]


def resource(state: GameState, seat: int, name: str, kind: str = "enchanted") -> int:
    """``seat``'s card ``name`` built as a resource of ``kind``."""
    cid = take(state, seat, name, RESOURCES)
    state.cards[cid].counters[kind] = 1
    return cid


def prep(seed: int = 1, first: int = 0, **decks: str) -> GameState:
    """The first turn's Preparation Phase, for ``first``, with no resource to pay with."""
    state = camp(seed, first, **decks)
    for seat in (0, 1):
        for cid in list(state.zones[(seat, RESOURCES)]):
            state.move(cid, (seat, ARCHIVE))
    do(state, f"P{first + 1}: end")
    assert state.phase == "prep"
    return state


def scenario(state: GameState, seat: int, name: str) -> int:
    """``seat``'s scenario ``name`` in the shared Scenario Zone."""
    cid = take(state, seat, name, HAND)
    state.move(cid, (None, SCENARIOS))
    return cid


def do(state: GameState, text: str, *, wait: bool = False) -> list:
    """Apply the action; then, unless ``wait``, pass every answer window it opens (it
    resolves unanswered)."""
    events = apply(state, parse(state, text))
    while not wait and state.top_prompt is not None and state.top_prompt.name == "answer":
        events += apply(state, Action(PASS, state.top_prompt.seat))
    return events
