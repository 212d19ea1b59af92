"""Building exact EoC positions for rule tests.

``start()`` starts a real game between two ready-made decks (Cinder Storm and Dusk Pilgrims,
whose Vanquishers change no value in Stage 1; hands redrawn as the rules ask),
makes ``first`` the seat whose starting turn it is, in its Preparation Phase, and (unless
``hands``) puts both hands back at the bottom of the decks, so no Trap window opens unless
a test gives a card. Then ``creature``, ``spell``, ``pool`` and ``to_hand`` set cards where a
test wants them, taking them from their owner's deck when there (else a new copy), with
Essence cards attached to pay their creation costs. Actions are written in their text form.
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.engine import PASS, GameState, apply, legal_actions, parse
from tabletop.games import get
from tabletop.games.eoc import rules
from tabletop.games.eoc.rules import (
    BANISHED,
    CREATURES,
    DECK,
    GRAVE,
    HAND,
    POOL,
    SPELLS,
    VANQUISHER,
)

from ..answers import pass_the_unanswerable
from ..answers import refused as refused  # for the tests, with the game's helpers

GAME = get("eoc")
CARDS = GAME.card_set().cards
DECKS = GAME.card_set().decks
# One plain 1-value Essence card of each type, to pay costs with.
ONE = {
    "fire": "Ember Shard",
    "nature": "Verdant Seed",
    "aqua": "Tide Pearl",
    "energy": "Spark Cell",
    "divine": "Halo Mote",
    "dark": "Shade Drop",
    "gray": "Gray Mist",
}
TRAP_WINDOWS = ("defender_traps", "attacker_traps")

__all__ = [
    "BANISHED",
    "CARDS",
    "CREATURES",
    "DECK",
    "DECKS",
    "GAME",
    "GRAVE",
    "HAND",
    "ONE",
    "POOL",
    "SPELLS",
    "VANQUISHER",
    "creature",
    "damage",
    "do",
    "essences",
    "kinds",
    "new_game",
    "next_turn",
    "passes_only",
    "pool",
    "refused",
    "rules",
    "spell",
    "start",
    "step",
    "take",
    "texts",
    "to_attack",
    "to_hand",
    "vq",
    "where",
]


def new_game(seed: int = 1, p1: str = "cinder_storm", p2: str = "dusk_pilgrims") -> GameState:
    return GAME.new_game([DECKS[p1], DECKS[p2]], seed)


def start(seed: int = 1, first: int = 0, hands: bool = False, **decks: str) -> GameState:
    """The starting turn of the game: ``first``'s Preparation Phase, turn 1 (no card drawn)."""
    state = new_game(seed, **decks)
    while state.prompts and state.top_prompt.name == "redraw":
        do(state, f"P{state.top_prompt.seat + 1}: redraw")
    assert state.phase == "prep" and state.turn == 1
    state.active = first
    state.data.first = first
    if not hands:
        for seat in (0, 1):
            for cid in list(state.zones[(seat, HAND)]):
                state.move(cid, (seat, DECK))
    return state


def take(state: GameState, seat: int, name: str, zone: str) -> int:
    """``seat``'s card ``name`` moved into its ``zone``: from its deck, hand, pool or
    graveyard when there, else a new copy."""
    for source in (DECK, HAND, GRAVE, POOL):
        if source == zone:
            continue
        for cid in state.zones[(seat, source)]:
            if state.cards[cid].card.name == name:
                state.move(cid, (seat, zone))
                return cid
    return state.create(CARDS[name], seat, (seat, zone)).id


def to_hand(state: GameState, seat: int, *names: str) -> list[int]:
    return [take(state, seat, n, HAND) for n in names]


def pool(state: GameState, seat: int, *names: str) -> list[int]:
    """Essence cards into ``seat``'s Essence Pool."""
    return [take(state, seat, n, POOL) for n in names]


def _pay(state: GameState, seat: int, host: int, names: Iterable[str] | None) -> None:
    card = state.cards[host].card
    if names is None:
        names = [ONE[kind] for kind, n in card.cost.items() for _ in range(n)]
    for n in names:
        e = take(state, seat, n, state.cards[host].zone[1])
        state.cards[e].attached_to = host


def creature(
    state: GameState,
    seat: int,
    name: str,
    *,
    exhausted: bool = False,
    paid_with: Iterable[str] | None = None,
    damage: int = 0,
) -> int:
    """A creature on ``seat``'s field, its creation cost paid by attached Essence cards
    (1-value ones of its cost's types, or ``paid_with``)."""
    cid = take(state, seat, name, CREATURES)
    assert state.cards[cid].card.type == "creature", name
    _pay(state, seat, cid, paid_with)
    state.cards[cid].turned = exhausted
    state.cards[cid].damage = damage
    rules.changed(state)  # set by hand: the rules' caches of the field are told
    return cid


def spell(
    state: GameState,
    seat: int,
    name: str,
    on: int | None = None,
    paid_with: Iterable[str] | None = None,
) -> int:
    """A spell on ``seat``'s field, paid; an Item is attached to the creature ``on``."""
    cid = take(state, seat, name, SPELLS)
    assert state.cards[cid].card.type == "spell", name
    _pay(state, seat, cid, paid_with)
    if on is not None:
        state.cards[cid].attached_to = on
    rules.changed(state)
    return cid


def vq(state: GameState, seat: int) -> int:
    return rules.vanquisher(state, seat)


def essences(state: GameState, host: int) -> list[str]:
    return sorted(state.cards[e].card.name for e in rules.essences_on(state, host))


def where(state: GameState, cid: int) -> str:
    return state.cards[cid].zone[1]


def damage(state: GameState, cid: int) -> int:
    return state.cards[cid].damage


def do(state: GameState, text: str) -> list:
    """Take an action, then pass for a player asked for Traps who could only pass (ruling 6
    asks whoever holds a card and has a free spell slot; the tests of that ruling look at
    the windows with ``step``)."""
    events = apply(state, parse(state, text))
    return events + pass_the_unanswerable(state, TRAP_WINDOWS)


def step(state: GameState, text: str) -> list:
    """One action, and nothing more."""
    return apply(state, parse(state, text))


def to_attack(state: GameState) -> None:
    do(state, f"P{state.active + 1}: end")
    assert state.phase == "attack"


def next_turn(state: GameState) -> list:
    """End the active seat's turn (from its Preparation or Attack Phase)."""
    seat = state.active
    events = []
    while state.active == seat and not state.over:
        assert not state.prompts, state.prompts
        events += do(state, f"P{seat + 1}: end")
    return events


def kinds(state: GameState) -> set[str]:
    return {a.kind for a in legal_actions(state)}


def passes_only(state: GameState) -> bool:
    return [a.kind for a in legal_actions(state)] == [PASS]


def texts(events) -> str:
    return "\n".join(e.text for e in events)
