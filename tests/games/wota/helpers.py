"""Building exact War of the Arcane positions for rule tests.

``start()`` runs the real setup (each Stone placed on its back rank's middle, c1 and c5),
forces the coin so Player 1 goes first, and returns the game in Player 1's Main Phase with
3 action points. ``put`` sets a named card on a square (taken from its owner's deck, hand
or set-aside Tokens when there, else a new copy).
"""

from __future__ import annotations

from tabletop.engine import GameState, apply, parse
from tabletop.games import get
from tabletop.games.wota import rules

from ..answers import pass_the_unanswerable
from ..answers import refused as refused  # for the tests, with the game's helpers

GAME = get("wota")
DECKS = GAME.card_set().decks
P1_STONE, P2_STONE = "c1", "c5"


def new_game(seed: int = 1, p1: str = "iron_vanguard", p2: str = "hexweavers") -> GameState:
    return GAME.new_game([DECKS[p1], DECKS[p2]], seed)


def stone(state: GameState, seat: int) -> int:
    return state.data.stones[seat]


def start(seed: int = 1, first: int = 0, spells: bool = False, **decks) -> GameState:
    """Unless ``spells``, both hands' Spells go to the decks' bottoms, so no Spell window
    opens unless a test gives a Spell."""
    state = new_game(seed, **decks)
    do(state, f"place #{stone(state, 0)} {P1_STONE} down")
    do(state, "ready")
    do(state, f"place #{stone(state, 1)} {P2_STONE} down")
    state.rng.force(first)  # the coin: 0 is heads, Player 1 first
    do(state, "ready")
    assert state.phase == "main" and state.active == first
    if not spells:
        for seat in (0, 1):
            for cid in list(state.zones[(seat, rules.HAND)]):
                if state.cards[cid].card.type == "spell":
                    state.move(cid, (seat, rules.DECK))
    return state


def put(state: GameState, seat: int, card: str, sq: str, down: bool = False) -> int:
    for zone in (rules.DECK, rules.HAND, rules.ASIDE):
        for cid in state.zones[(seat, zone)]:
            if state.cards[cid].card.name == card:
                rules.put(state, cid, sq)
                state.cards[cid].face_down = down
                return cid
    inst = state.create(GAME.card_set().cards[card], seat, (seat, rules.HAND))
    rules.put(state, inst.id, sq)
    inst.face_down = down
    return inst.id


def to_hand(state: GameState, seat: int, card: str) -> int:
    for cid in state.zones[(seat, rules.DECK)]:
        if state.cards[cid].card.name == card:
            state.move(cid, (seat, rules.HAND))
            return cid
    return state.create(GAME.card_set().cards[card], seat, (seat, rules.HAND)).id


def do(state: GameState, text: str):
    """Take an action, then pass for a player asked to answer (an attack on its card, an
    enemy Spell) who could only pass: ruling 15 asks whoever holds a card, and the tests of
    that ruling look at those questions with ``step``."""
    events = apply(state, parse(state, text))
    return events + pass_the_unanswerable(state, ("respond_attack", "respond_spell"))


def step(state: GameState, text: str):
    """One action, and nothing more."""
    return apply(state, parse(state, text))


def passes(state: GameState) -> list:
    events = []
    while state.prompts:
        events += do(state, "pass")
    return events


def hp(state: GameState, cid: int) -> int:
    """The Health a card on the battlefield has left. A card that has left the battlefield
    has no damage on it any more, so asking for one fails the test."""
    assert rules.on_board(state, cid), f"{state.cards[cid]} is not on the battlefield"
    inst = state.cards[cid]
    return rules.health_of(inst) - inst.damage


def where(state: GameState, cid: int) -> str:
    return state.cards[cid].zone[1]


def kinds(events) -> list[str]:
    return [e.kind for e in events]
