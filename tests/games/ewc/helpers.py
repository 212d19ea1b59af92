"""Building exact EWC positions for rule tests.

``start()`` starts a real game between two ready-made decks, keeps both hands and forces
the first-player roll, so seat 0 (Player 1) is in its Training Phase. ``give`` then moves a
named card into a zone (taking it from its owner's deck or hand when it is there), and
``roll`` forces the next die faces. Actions are written in their text form.
"""

from __future__ import annotations

from tabletop.engine import GameState, apply, parse
from tabletop.games import get
from tabletop.games.ewc import rules
from tabletop.games.ewc.rules import ALLIES, BEHIND, DECK, FIELD, HAND, HERO

from ..answers import refused as refused  # for the tests, with the game's helpers

GAME = get("ewc")
DECKS = GAME.card_set().decks
KAEL, LYRA, BRANN, MIRA, VESH = (
    "Kael, the Ember Knight",
    "Lyra Swiftwind",
    "Brann Stoneward",
    "Mira of the Wilds",
    "Vesh the Hexblade",
)
DECK_OF = {
    KAEL: "ember_vanguard",
    LYRA: "windrunner",
    BRANN: "stonewall",
    MIRA: "wild_pack",
    VESH: "hexblade",
}


def new_game(*heroes: str, seed: int = 1) -> GameState:
    return GAME.new_game([DECKS[DECK_OF[h]] for h in heroes], seed)


def keep_all(state: GameState) -> None:
    while state.phase == "setup":
        do(state, "keep")


def start(p1: str = KAEL, p2: str = LYRA, *more: str, first: int = 0, seed: int = 1) -> GameState:
    state = new_game(p1, p2, *more, seed=seed)
    # Highest die + SPD goes first: give the chosen seat the Icon and the others a 1.
    faces = [6 if s == first else 1 for s in range(state.seats)]
    speeds = [rules.hero(state, s).card.speed for s in range(state.seats)]
    assert max(f + sp for f, sp in zip(faces, speeds, strict=True)) == faces[first] + speeds[first]
    state.rng.force(*faces)
    keep_all(state)
    assert state.active == first and state.phase == "training", state
    return state


def cid(state: GameState, seat: int, card: str, zone: str | None = None) -> int:
    """The id of ``seat``'s card called ``card`` (in ``zone`` if given)."""
    for inst in state.cards.values():
        if inst.owner == seat and inst.card.name == card and (zone is None or inst.zone[1] == zone):
            return inst.id
    raise LookupError(f"seat {seat} has no {card!r}" + (f" in {zone}" if zone else ""))


def give(state: GameState, seat: int, card: str, zone: str = FIELD, *, top: bool = False) -> int:
    """Put ``seat``'s ``card`` into ``zone``: from its deck or hand if there, else a new copy."""
    for source in (DECK, HAND, "discard", BEHIND):
        if source == zone:
            continue
        for i in state.zones[(seat, source)]:
            if state.cards[i].card.name == card:
                state.move(i, (seat, zone), top=top)
                return i
    inst = state.create(GAME.card_set().cards[card], seat, (seat, zone), top=top)
    return inst.id


def do(state: GameState, text: str):
    """Apply an action written in its text form; returns the events."""
    return apply(state, parse(state, text))


def roll(state: GameState, *faces: int) -> None:
    state.rng.force(*faces)


def life(state: GameState, seat: int) -> int:
    return rules.life(state, state.data.heroes[seat])


def texts(events) -> str:
    return "\n".join(e.text for e in events)


def to_combat(state: GameState) -> None:
    do(state, "end")
    assert state.phase == "combat"


def next_turn(state: GameState) -> None:
    """End the active seat's turn (from Training or Combat), passing any windows."""
    while state.phase in ("training", "combat") and not state.prompts:
        seat = state.active
        do(state, "end")
        if state.active != seat:
            return


__all__ = [
    "ALLIES",
    "BEHIND",
    "BRANN",
    "DECK",
    "FIELD",
    "HAND",
    "HERO",
    "KAEL",
    "LYRA",
    "MIRA",
    "VESH",
    "attack",
    "cid",
    "do",
    "give",
    "life",
    "names",
    "new_game",
    "next_turn",
    "refused",
    "roll",
    "start",
    "texts",
    "to_combat",
]


def attack(state: GameState, text: str, attack_face: int, defense_face: int) -> list:
    """Make an attack with forced dice; every response window opened is passed."""
    roll(state, attack_face, defense_face)
    events = list(do(state, text))
    while state.prompts:
        events += do(state, "pass")
    return events


def names(state: GameState, seat: int, zone: str) -> list[str]:
    return [state.cards[i].card.name for i in state.zones[(seat, zone)]]
