"""War of the Arcane, every rule of ``wota.txt``: the 5×5 battlefield, face-down cards,
3 action points, the attack sequence, Traps, Spells on a stack with counters, status
effects, First-Blood and the Mystic Stone.

Squares are named like a chessboard: files ``a``–``e`` left to right as Player 1 sees
them, ranks ``1``–``5`` from Player 1's side. Ranks 1–2 are Player 1's territory, rank 3
the neutral line, ranks 4–5 Player 2's. Rulings are in ``docs/rulings/wota.md``; a refusal
resting on one says "(ruling)".

The rules are in this package's modules, by the rulebook's sections; each imports only the
modules listed before it, and this one imports them all:

- ``state``: the battlefield and its squares, the zones, the refusals' texts, card facts
  (where a card lies, its Attack, Health and statuses), the game's own state (``WotaData``,
  ``Attack``) and the stand-in for a face-down enemy card (2, Game Components; 3, Game
  Setup, Step 1);
- ``effects``: what happens to cards (drawing, revealing, destruction, damage, healing,
  statuses set, Tokens summoned) and what card texts do (5, Status Effects; the
  abilities of 4, Attack, a and d);
- ``turn``: the setup's last steps (a player done placing, the coin) and the Draw, Main
  and End Phases, statuses running their course at the End Phase (3, Game Setup, Steps 4
  and 5; 4, Turn Structure);
- ``placing``: the Main Phase's Place a Card (at setup too), Move a Card and Flip a Card
  (4, Main Phase, 1 to 3);
- ``attack``: the attack, steps a to e, First-Blood, and who is asked to answer it with a
  Spell (4, Main Phase, 4; 6, Card Keyword Effects);
- ``spells``: casting a Spell, counters, the stack and the answers to an attack or a Spell
  (4, Main Phase, 5);
- ``phases``: the tables of phases, windows and moves.

This module is the game table: the ``Wota`` class (kept here, so that its module names the
game's package, where ``Game.table`` and the importers look) with the setup's Steps 2 and 3
(the decks, the opening hands: ``new_game``), what each seat's view hides, the seat values
a scenario sets, and Winning the Game (7: ``winner``, ``ending``); and the names others use
from the rules, re-exported."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ....engine import (
    HIDDEN,
    DeckList,
    Events,
    Game,
    GameState,
    SeatValue,
    act,
    counted,
    enter_phase,
    settle,
)
from ....engine.game import seat_flag
from ....system.paths import cards_dir
from .. import cards as schema
from ..cards import WotaCard
from .attack import may_answer
from .effects import damage, destroy, draw, heal, resolve, reveal, set_status
from .phases import MOVES, PHASES, TURN_PHASES, WINDOWS
from .spells import resolve_stack, spell_targets
from .state import (
    AP_PER_TURN,
    AROUND,
    ASIDE,
    BESIDE,
    COORD,
    DECK,
    FILES,
    GAME,
    GRAVE,
    HAND,
    KEY,
    OPENING_HAND,
    R_ADJACENT,
    R_AP,
    R_ATTACKER,
    R_COUNTER,
    R_FACE_DOWN,
    R_FACE_UP,
    R_FLIP,
    R_FROM_HAND,
    R_FROZEN,
    R_OCCUPIED,
    R_ORTHOGONAL,
    R_PETRIFIED,
    R_SETUP_FIVE,
    R_SHOCKED,
    R_SPELL_ONCE,
    R_SPELL_WHEN,
    R_SPELLS_STAY,
    R_STEP_IN,
    R_STONE_AT_SETUP,
    R_STONE_FIRST,
    R_TARGET,
    R_TERRITORY,
    R_YOURS,
    SETUP_PLACES,
    SQUARE_SET,
    SQUARES,
    STACK,
    UNKNOWN,
    ZONES,
    Attack,
    W,
    WotaData,
    attack_of,
    board,
    data,
    has,
    health_of,
    name,
    occupant,
    on_board,
    own_squares,
    put,
    square_of,
    take,
    territory,
    who,
)

__all__ = [
    "AP_PER_TURN",
    "AROUND",
    "ASIDE",
    "BESIDE",
    "COORD",
    "DECK",
    "FILES",
    "GAME",
    "GRAVE",
    "HAND",
    "KEY",
    "MOVES",
    "OPENING_HAND",
    "PHASES",
    "R_ADJACENT",
    "R_AP",
    "R_ATTACKER",
    "R_COUNTER",
    "R_FACE_DOWN",
    "R_FACE_UP",
    "R_FLIP",
    "R_FROM_HAND",
    "R_FROZEN",
    "R_OCCUPIED",
    "R_ORTHOGONAL",
    "R_PETRIFIED",
    "R_SETUP_FIVE",
    "R_SHOCKED",
    "R_SPELLS_STAY",
    "R_SPELL_ONCE",
    "R_SPELL_WHEN",
    "R_STEP_IN",
    "R_STONE_AT_SETUP",
    "R_STONE_FIRST",
    "R_TARGET",
    "R_TERRITORY",
    "R_YOURS",
    "SETUP_PLACES",
    "SQUARES",
    "SQUARE_SET",
    "STACK",
    "TURN_PHASES",
    "UNKNOWN",
    "WINDOWS",
    "ZONES",
    "Attack",
    "W",
    "Wota",
    "WotaData",
    "act",
    "attack_of",
    "board",
    "damage",
    "data",
    "destroy",
    "draw",
    "has",
    "heal",
    "health_of",
    "may_answer",
    "name",
    "occupant",
    "on_board",
    "own_squares",
    "put",
    "resolve",
    "resolve_stack",
    "reveal",
    "set_status",
    "spell_targets",
    "square_of",
    "take",
    "territory",
    "who",
]


def _stone(state: GameState, seat: int) -> Any:
    cid = data(state).stones[seat]
    if cid < 0:
        raise ValueError(f"{who(state, seat)} has no Mystic Stone")
    return state.cards[cid]


def _put_stone(state: GameState, seat: int, value: int) -> None:
    stone = _stone(state, seat)
    if not 1 <= value <= health_of(stone):
        raise ValueError(f"the Stone's Health is 1 to {health_of(stone)}, not {value}")
    stone.damage = health_of(stone) - value


def _put_ap(state: GameState, seat: int, value: int) -> None:
    if seat != state.active:
        raise ValueError("only the active player has action points")
    if not 0 <= value <= AP_PER_TURN:
        raise ValueError(f"action points are 0 to {AP_PER_TURN}, not {value}")
    data(state).ap = value


_SEAT_VALUES = {
    "stone": SeatValue(
        "the Mystic Stone's Health left",
        lambda st, seat: health_of(_stone(st, seat)) - _stone(st, seat).damage,
        _put_stone,
    ),
    "ap": SeatValue(
        "action points left (the active player's)",
        lambda st, seat: data(st).ap if seat == st.active else 0,
        _put_ap,
    ),
    "cast": seat_flag("cast", "a Spell cast this player turn (1) or not (0)"),
}


class Wota(Game):
    id = "wota"
    name = GAME
    tagline = "A 5×5 battlefield, face-down cards, 3 action points, the Mystic Stone"
    min_seats = 2
    max_seats = 2
    zones = ZONES
    phases = PHASES
    windows = WINDOWS
    moves = MOVES
    card_model = WotaCard

    def wire_types(self) -> tuple[type, ...]:
        """What a view of this game holds besides the engine's (``Game.wire_types``)."""
        return (WotaData, Attack)

    schema = schema  # its check_set and deck_problems: the set and deck rules
    turn_phases = TURN_PHASES
    respond_window = "interrupt"
    signed_counters = frozenset({"atk", "hp"})  # buffs, which may lower

    def cards_path(self):
        return cards_dir(self.id)

    def seat_values(self) -> Mapping[str, SeatValue]:
        return _SEAT_VALUES

    def scenario_ready(self, state: GameState) -> None:
        """The battlefield index and each seat's Stone follow the cards. In the setup, the
        seats before the active one have placed their cards, and the cards a seat has on
        the battlefield (its Stone aside) are those it placed; at the coin flip, both seats
        have; after it, setup is over and the first player known."""
        d = data(state)
        if state.phase in ("setup", "coin"):
            d.ready = [seat < state.active or state.phase == "coin" for seat in range(state.seats)]
            d.first = None
            d.placed = [
                sum(
                    1
                    for sq in SQUARES
                    for cid in state.zones[KEY[sq]]
                    if state.cards[cid].owner == seat and state.cards[cid].card.type != "stone"
                )
                for seat in range(state.seats)
            ]
        else:
            d.ready = [True] * state.seats
            if d.first is None:
                d.first = state.active
        d.where = {cid: sq for sq in SQUARES for cid in state.zones[KEY[sq]]}
        for seat in range(state.seats):
            stones = [
                i.id for i in state.cards.values() if i.owner == seat and i.card.type == "stone"
            ]
            d.stones[seat] = stones[0] if stones else -1

    def new_game(
        self, decks: Sequence[DeckList], seed: int, events: Events | None = None
    ) -> GameState:
        self.check_decks(decks)
        cards = self.card_set().cards
        events = events if events is not None else []
        state = GameState(self, 2, seed)
        d = state.data = WotaData(2)
        for seat, deck in enumerate(decks):
            for n in deck.names():
                card = cards[n]
                if card.type == "token":
                    state.create(card, seat, (seat, ASIDE))
                else:
                    state.create(card, seat, (seat, DECK))
            # "Set aside the Mystic Stone and Token Cards, then shuffle the deck thoroughly."
            # The Stone is shuffled in and taken out again, so that its id, which the other
            # player sees on the face-down card, is any of the deck's.
            state.shuffle((seat, DECK))
            stone = next(
                c for c in state.zones[(seat, DECK)] if state.cards[c].card.type == "stone"
            )
            state.move(stone, (seat, HAND))
            d.stones[seat] = stone
            draw(state, seat, OPENING_HAND, events)
        enter_phase(state, "setup", events)
        settle(state, events)
        return state

    def deal_group(self, state: GameState, seat: int, inst: Any) -> Any:
        """A Stone in hand (at setup) is known to be there; a face-down Stone on the
        battlefield could be any of its owner's face-down cards."""
        if inst.card.type == "stone" and not on_board(state, inst.id):
            return None
        if state.phase == "setup" and not on_board(state, inst.id):
            return (inst.owner, inst.zone[1])  # the Stone is in a hand until placed
        return super().deal_group(state, seat, inst)

    def could_be(self, state: GameState, seat: int, inst: Any, card: Any) -> bool:
        """Only Units, Traps and the Stone lie face down on the battlefield; the Stone is
        off it only in its owner's hand, before the setup places it."""
        if on_board(state, inst.id):
            return card.type in ("unit", "trap", "stone")
        return card.type != "stone" or (state.phase == "setup" and inst.zone[1] == HAND)

    def stand_in(self, card: Any) -> bool:
        return card is UNKNOWN

    def redealt(self, state: GameState) -> None:
        d = data(state)
        for inst in state.cards.values():
            if inst.card.type == "stone":
                d.stones[inst.owner] = inst.id

    def respond_problem(self, state: GameState, seat: int) -> str | None:
        """The player who is not acting may cast its Spell "at any time during ... your
        opponent's" turn: in its Main Phase, whenever nobody is being asked anything, once
        per player turn (ruling 15)."""
        if state.phase != "main" or state.prompts:
            return R_STEP_IN
        if data(state).cast[seat]:
            return R_SPELL_ONCE
        return None

    def view_data(self, state: GameState, seat: int) -> None:
        """Face-down enemy cards become stand-ins; which one is the Stone is forgotten, and
        so is how many of the other player's setup cards were not the Stone."""
        d = data(state)
        for sq in SQUARES:
            cid = occupant(state, sq)
            if cid is not None and state.cards[cid].card is HIDDEN:
                state.cards[cid].card = UNKNOWN
        other = 1 - seat
        stone = state.cards.get(d.stones[other])  # None: already forgotten (a view's view)
        if stone is None or not stone.known or stone.card is UNKNOWN:
            d.stones[other] = -1
        d.placed[other] = 0

    def deck_summary(self, deck: DeckList) -> str:
        """The Units it holds most of, and its Traps (every deck holds a Mystic Stone, and
        the shipped decks as many Units and Spells as each other)."""
        cards = self.card_set().cards
        units = [n for n in deck.cards if n in cards and cards[n].type == "unit"]
        units.sort(key=lambda n: -deck.cards[n])  # stable: the deck's own order among equals
        traps = sum(
            n for name, n in deck.cards.items() if name in cards and cards[name].type == "trap"
        )
        more = len(units) - 3
        return (
            ", ".join(units[:3])
            + (f" and {more} more" if more > 0 else "")
            + f" · {counted(traps, 'Trap')}"
        )

    @staticmethod
    def _stones_lost(state: GameState) -> list[int]:
        """The seats whose Mystic Stone is in their graveyard."""
        d = data(state)
        return [
            s for s in range(2) if d.stones[s] >= 0 and state.cards[d.stones[s]].zone[1] == GRAVE
        ]

    def winner(self, state: GameState) -> tuple[int, ...] | None:
        lost = self._stones_lost(state)
        if not lost:
            return None
        return () if len(lost) == 2 else (1 - lost[0],)

    def ending(self, state: GameState) -> str:
        lost = self._stones_lost(state)
        if len(lost) == 2:
            return "both Mystic Stones were destroyed"
        return f"{state.seat_names[lost[0]]}'s Mystic Stone was destroyed" if lost else ""

    def invariants(self, state: GameState) -> list[str]:
        d = data(state)
        out = []
        if not 0 <= d.ap <= AP_PER_TURN:
            out.append(f"{d.ap} action points")
        for sq in SQUARES:
            ids = state.zones[(None, sq)]
            if len(ids) > 1:
                out.append(f"{sq} holds {len(ids)} cards")
            for cid in ids:
                inst = state.cards[cid]
                alive = inst.card.type in ("trap",) or inst.damage < health_of(inst)
                if inst.damage < 0 or not alive:
                    out.append(f"{name(state, inst.id)} on {sq} has {inst.damage} damage")
                if inst.card.type == "spell":
                    out.append(f"a Spell is on {sq}")
                if not inst.card.is_unit and any(s in inst.counters for s in schema.STATUS_RULES):
                    out.append(
                        f"{name(state, inst.id)} on {sq} has a status (only Units have them)"
                    )
                if (
                    inst.card.type in ("trap", "stone")
                    and not inst.face_down
                    and state.phase == "setup"
                ):
                    out.append(f"{name(state, inst.id)} placed face up")
        for seat in range(2):
            if d.placed[seat] > SETUP_PLACES:
                out.append(f"seat {seat + 1} placed {d.placed[seat]} cards at setup")
            for cid in state.zones[(seat, ASIDE)]:
                if state.cards[cid].card.type != "token":
                    out.append(f"{name(state, cid)} is set aside")
        placed = {cid: sq for sq in SQUARES for cid in state.zones[KEY[sq]]}
        if placed != d.where:
            out.append(f"the battlefield index {d.where} is not the board {placed}")
        if state.zones[(None, STACK)] and not state.prompts and not state.over:
            out.append("Spells left on the stack")
        return out

    def turn_cap(self) -> int:
        return 200
