"""Building exact ARC-mage positions for rule tests.

``start()`` runs the real setup (cities set aside, decks shuffled, seven cards drawn, the
coin, the first cities founded in turn order) with a seed whose coin lets the chosen seat go
first, and returns the game in that seat's Draw & Resource phase of turn 1. Unless
``hands``, both opening hands go back under the decks, so no answer window opens unless a
test gives an Event and the resources to pay for it.

``at()`` jumps to a phase of the active seat's turn (as a scenario file does); ``put``,
``city``, ``resources`` and ``to_hand`` place cards. Cards are named in actions by their id
(``#12``), never by name alone: a deck holds copies of the same names.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tabletop.engine import GameState, apply, check, legal_actions, parse
from tabletop.games import get
from tabletop.games.arcmage import rules
from tabletop.games.arcmage.cards import ArcCard

from ..answers import pass_the_unanswerable
from ..answers import refused as refused  # for the tests, with the game's helpers

GAME = get("arcmage")
CARDS = GAME.card_set().cards
DECKS = GAME.card_set().decks
P1, P2 = 0, 1
FIRST_CITY = {P1: "Cinderhold", P2: "Briarmoor"}  # defense 8 and 10
# What lies face down in a resource pile: its face never matters.
FILLER = ArcCard(name="Resource Card", type="magic", cost=0)


def new_game(
    seed: int = 1, p1: str = "emberfang_raiders", p2: str = "thornwood_circle"
) -> GameState:
    return GAME.new_game([DECKS[p1], DECKS[p2]], seed)


@cache
def seed_for(first: int) -> int:
    """A seed whose coin sends ``first`` first (the coin is tossed inside ``new_game``)."""
    for seed in range(200):
        if new_game(seed).data.first == first:
            return seed
    raise AssertionError(f"no seed lets seat {first} go first")


def start(
    first: int = P1,
    hands: bool = False,
    p1_city: str = FIRST_CITY[P1],
    p2_city: str = FIRST_CITY[P2],
) -> GameState:
    state = new_game(seed_for(first))
    names = {P1: p1_city, P2: p2_city}
    for seat in state.seats_from(first):
        cid = next(c for c in state.zones[(seat, rules.UNBUILT)] if name(state, c) == names[seat])
        do(state, f"P{seat + 1}: found #{cid}")
    assert state.phase == "draw" and state.active == first and state.turn == 1
    if not hands:
        for seat in (P1, P2):
            for cid in list(state.zones[(seat, rules.HAND)]):
                state.move(cid, (seat, rules.DECK))
    return state


P3 = 2
DECK_OF_SEAT = ("emberfang_raiders", "thornwood_circle")


@cache
def _seed_for_seats(seats: int, first: int) -> int:
    decks = [DECKS[DECK_OF_SEAT[s % 2]] for s in range(seats)]
    for seed in range(200):
        if GAME.new_game(decks, seed).data.first == first:
            return seed
    raise AssertionError(f"no seed lets seat {first} of {seats} go first")


def start_seats(seats: int, first: int = P1) -> GameState:
    """As ``start``, with ``seats`` players (Emberfang Raiders and Thornwood Circle by turns,
    first cities Cinderhold and Briarmoor), every hand back under its deck."""
    decks = [DECKS[DECK_OF_SEAT[s % 2]] for s in range(seats)]
    state = GAME.new_game(decks, _seed_for_seats(seats, first))
    for seat in state.seats_from(first):
        want = FIRST_CITY[seat % 2]
        cid = next(c for c in state.zones[(seat, rules.UNBUILT)] if name(state, c) == want)
        do(state, f"P{seat + 1}: found #{cid}")
    assert state.phase == "draw" and state.active == first and state.turn == 1
    for seat in range(seats):
        for cid in list(state.zones[(seat, rules.HAND)]):
            state.move(cid, (seat, rules.DECK))
    return state


def attack_phase(**kw: Any) -> GameState:
    """A started game (see ``start``) in the first player's Attack phase."""
    return at(start(**kw), "attack")


def at(state: GameState, phase: str, seat: int | None = None, drawn: int = 2) -> GameState:
    """Jump to ``phase`` of ``seat``'s turn (default: the active seat), its Draw & Resource
    course already chosen (``drawn`` cards) when the phase comes after it."""
    if seat is not None:
        state.active = seat
    state.phase = phase
    d = state.data
    d.drawn = None if phase in ("unmark", "draw") else drawn
    d.resources_left = 0
    GAME.scenario_ready(state)
    return state


def play_phase(first: int = P1, **kw: Any) -> GameState:
    """A started game in ``first``'s first Play phase."""
    return at(start(first, **kw), "play1")


# -- cards ------------------------------------------------------------------------------------


def name(state: GameState, cid: int) -> str:
    return state.cards[cid].card.name


def card(which: str | ArcCard) -> ArcCard:
    return CARDS[which] if isinstance(which, str) else which


def first_city(state: GameState, seat: int) -> int:
    return rules.cities(state, seat)[0]


def put(
    state: GameState,
    seat: int,
    which: str | ArcCard,
    where: str | int = rules.ARMY,
    *,
    marked: bool = False,
    damage: int = 0,
) -> int:
    """A new copy of a card (a name of the starter set, or an ``ArcCard``) for ``seat``:
    ``where`` is a zone name (``army``, ``hand``, ``graveyard``...) or a city's id, to make
    it a resident of that city."""
    zone = state.cards[where].zone if isinstance(where, int) else (seat, where)
    inst = state.create(card(which), seat, zone)
    inst.turned = marked
    inst.damage = damage
    return inst.id


def to_hand(state: GameState, seat: int, which: str | ArcCard) -> int:
    return put(state, seat, which, rules.HAND)


def city(state: GameState, seat: int, which: str | ArcCard, damage: int = 0) -> int:
    """Build a city into the seat's first free kingdom row."""
    row = rules.free_row(state, seat)
    assert row is not None, "no free kingdom row"
    inst = state.create(card(which), seat, (seat, row))
    inst.damage = damage
    return inst.id


def resources(state: GameState, seat: int, faction: str, n: int, marked: int = 0) -> list[int]:
    """``n`` face-down resource cards of ``faction`` for the seat, ``marked`` of them
    marked."""
    out = []
    for i in range(n):
        inst = state.create(FILLER, seat, (seat, rules.RES[faction]))
        inst.face_down = True
        inst.turned = i < marked
        out.append(inst.id)
    return out


def creature(name_: str, attack: int, defense: int, **kw: Any) -> ArcCard:
    """An ad hoc creature for keyword tests."""
    kw.setdefault("cost", 1)
    kw.setdefault("faction", "red_banner")
    return ArcCard(name=name_, type="creature", attack=attack, defense=defense, **kw)


# Plain creatures for combat tests: no text, no keywords.
GOBLIN = creature("Test Goblin", 2, 2)
PIKE = creature("Test Pikeman", 2, 3)
OGRE = creature("Test Ogre", 4, 5)


# -- acting -----------------------------------------------------------------------------------


def do(state: GameState, text: str) -> list:
    """Take an action, then pass for whoever an answer round asks and could only pass (ruling
    9 asks everyone who holds a card; the rulings tests look at those questions)."""
    events = apply(state, parse(state, text))
    events += pass_the_unanswerable(state, ("respond",))
    assert GAME.invariants(state) == []
    return events


def legal(state: GameState, text: str) -> bool:
    return check(state, parse(state, text)) is None


def declines(state: GameState) -> None:
    """Every seat declines to answer with an Event (a question a trigger asks stays open)."""
    while state.prompts and state.top_prompt.name == "respond":
        do(state, f"P{state.top_prompt.seat + 1}: pass")


def passes(state: GameState) -> list:
    events = []
    while state.prompts:
        events += do(state, f"P{state.top_prompt.seat + 1}: pass")
    return events


def attack(
    state: GameState, attackers: list[int], target: int, blocks: dict[int, int] | None = None
) -> list:
    """Player to act attacks ``target`` with ``attackers``; the defender assigns ``blocks``
    (defender -> attacker) and passes."""
    seat = state.active
    events = do(
        state, f"P{seat + 1}: attack " + ", ".join(f"#{a}" for a in attackers) + f" -> #{target}"
    )
    defender = state.cards[target].owner
    assert state.top_prompt is not None and state.top_prompt.name == "block"
    for b, a in (blocks or {}).items():
        events += do(state, f"P{defender + 1}: block #{b} -> #{a}")
    events += do(state, f"P{defender + 1}: pass")
    return events


def end_phase(state: GameState) -> list:
    return do(state, f"P{state.active + 1}: end")


def where(state: GameState, cid: int) -> str:
    return state.cards[cid].zone[1]


def owner_zone(state: GameState, cid: int) -> tuple:
    return state.cards[cid].zone


def marked(state: GameState, cid: int) -> bool:
    return state.cards[cid].turned


def strength(state: GameState, city_id: int) -> int:
    return rules.strength(state, city_id)


def hand(state: GameState, seat: int) -> list[int]:
    return state.zones[(seat, rules.HAND)]


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def texts(events, kind: str | None = None) -> list[str]:
    return [e.text for e in events if kind is None or e.kind == kind]


def options(state: GameState, kind: str) -> list:
    return [a for a in legal_actions(state, verify=True) if a.kind == kind]
