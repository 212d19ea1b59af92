"""EoC (the Vanquisher game), every rule of ``eoc.txt``: essences attached to the cards
they pay for, three creature and three spell slots, group attacks with a counter-attack,
traps in two windows, and the two-stage Vanquisher.

Zones per seat: ``deck``, ``hand``, ``graveyard``, ``banished``, ``pool`` (the Essence
Pool), ``creatures``, ``spells`` and ``vanquisher``. An essence paying for a card lies in
that card's zone, attached to it (``attached_to``); an Item lies in a spell slot, attached
to its creature. Exhausted cards are turned. A destroyed creature is marked (the
``destroyed`` counter) and leaves for the Graveyard in the Clean-up Phase, as the rulebook
orders; from the moment it is destroyed it is no longer active.

Always-on effects, effects for the turn, once-per-turn abilities and triggers run on the
engine's ability machinery (``engine.abilities``). Rulings on what the rulebook leaves open
are in ``docs/rulings/eoc.md``; a refusal resting on one says "(ruling)".

The rules are in this package's modules, by the rulebook's sections; each imports only the
modules listed before it, and this one imports them all:

- ``state``: The Playing Field (the zones), the refusals' texts, card facts (a seat's
  creatures and spells, the Vanquisher and its stage, what is attached to a card), the
  game's own state (``EocData``, ``Attack``), the field ``changed``, a card drawn;
- ``essence``: Essence Types and Creation Costs: what essences provide, whether they pay a
  cost, the cheapest essences of the pool that do; essences attached and returned;
- ``damage``: ATK/DEF with every modifier, weakness, damage, destruction, a Vanquisher's
  stage defeated, leaving the field;
- ``effects``: what the cards' effects do, and to whom;
- ``setup``: Start the Game: the opening hands, the redraws, the coin;
- ``preparation``: the Preparation Phase: summoning an Essence, moving essences, creating
  a creature;
- ``spells``: Spell Cards played (Effect, Instant and Item spells, and Traps when an attack
  asks for them);
- ``abilities``: creature, spell and Vanquisher abilities;
- ``attacks``: the Attack Phase: the attack, the Trap windows, the counter-attack and the
  damage;
- ``turn``: It's Your Turn!!: the three phases (the draw, the Attack Phase passing by
  itself, the Clean-up), and the tables of phases, windows and moves.

This module is the game table: the ``Eoc`` class (kept here, so that its module names the
game's package, where ``Game.table`` and the importers look) with the Win Condition
(``winner``, ``ending``), and the names others use from the rules, re-exported."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ....engine import DeckList, Event, Events, Game, GameState, SeatValue, enter_phase, settle
from ....engine import abilities as ab
from ....engine.abilities import CAN, CANNOT, Happening, Listener, Modifier
from ....engine.game import lasting_mark, seat_flag
from ....system.paths import cards_dir
from .. import cards as schema
from ..cards import TRIGGER_HAPPENINGS, EocCard, Triggered
from .abilities import ability_of
from .attacks import _gen_attack, may_attack
from .damage import attack_of, defense_of, on_card, used
from .effects import resolve, targets_of
from .essence import attach, cheapest, essence_pool, paid, pays, supply
from .preparation import _overpaid, overpaid
from .setup import playable
from .state import (
    BANISHED,
    CREATURES,
    DECK,
    GAME,
    GRAVE,
    HAND,
    IN_PLAY,
    MAX_CREATURES,
    MAX_REDRAWS,
    MAX_SPELLS,
    OPENING_HAND,
    POOL,
    R_ABILITY_COST,
    R_ABILITY_POOL,
    R_ATTACH_TO,
    R_BACK_TO_POOL,
    R_BETWEEN_ATTACKS,
    R_CANNOT,
    R_COUNTER_CHOICE,
    R_CREATURE_ABILITY_WHEN,
    R_DESTROYED,
    R_ESSENCE_ONCE,
    R_EXHAUSTED,
    R_FROM_HAND,
    R_FROM_POOL,
    R_GROUP,
    R_ITEM,
    R_ITEM_ACTS,
    R_MOVE_ESSENCE,
    R_NO_TRAP_NOW,
    R_ONCE,
    R_ONE_ESSENCE,
    R_REDRAW,
    R_SLOTS,
    R_SPELL_ABILITY_WHEN,
    R_STAY_PAID,
    R_SUMMON,
    R_TARGET,
    R_TARGET_CREATURE,
    R_THREE,
    R_TRAP_ONLY,
    R_TRAP_WINDOW,
    R_UNDERPAID,
    R_VANQUISHER_GUARDED,
    R_VANQUISHER_NO_ATTACK,
    SPELLS,
    VANQUISHER,
    ZONES,
    Attack,
    EocData,
    Pool,
    _index,
    active,
    actives,
    changed,
    creatures,
    data,
    draw,
    essences_on,
    field_index,
    name,
    spells_in_play,
    stage_of,
    vanquisher,
    who,
)
from .turn import MOVES, PHASES, TURN_PHASES, WINDOWS, idle_attack

__all__ = [
    "BANISHED",
    "CREATURES",
    "DECK",
    "GRAVE",
    "HAND",
    "IN_PLAY",
    "MAX_CREATURES",
    "MAX_REDRAWS",
    "MAX_SPELLS",
    "MOVES",
    "OPENING_HAND",
    "PHASES",
    "POOL",
    "R_ABILITY_COST",
    "R_ABILITY_POOL",
    "R_ATTACH_TO",
    "R_BACK_TO_POOL",
    "R_BETWEEN_ATTACKS",
    "R_CANNOT",
    "R_COUNTER_CHOICE",
    "R_CREATURE_ABILITY_WHEN",
    "R_DESTROYED",
    "R_ESSENCE_ONCE",
    "R_EXHAUSTED",
    "R_FROM_HAND",
    "R_FROM_POOL",
    "R_GROUP",
    "R_ITEM",
    "R_ITEM_ACTS",
    "R_MOVE_ESSENCE",
    "R_NO_TRAP_NOW",
    "R_ONCE",
    "R_ONE_ESSENCE",
    "R_REDRAW",
    "R_SLOTS",
    "R_SPELL_ABILITY_WHEN",
    "R_STAY_PAID",
    "R_SUMMON",
    "R_TARGET",
    "R_TARGET_CREATURE",
    "R_THREE",
    "R_TRAP_ONLY",
    "R_TRAP_WINDOW",
    "R_UNDERPAID",
    "R_VANQUISHER_GUARDED",
    "R_VANQUISHER_NO_ATTACK",
    "SPELLS",
    "TURN_PHASES",
    "VANQUISHER",
    "WINDOWS",
    "ZONES",
    "Eoc",
    "_gen_attack",
    "ability_of",
    "actives",
    "attach",
    "attack_of",
    "changed",
    "cheapest",
    "creatures",
    "data",
    "defense_of",
    "essence_pool",
    "essences_on",
    "idle_attack",
    "may_attack",
    "on_card",
    "paid",
    "pays",
    "playable",
    "spells_in_play",
    "supply",
    "used",
    "vanquisher",
]


# -- the game -------------------------------------------------------------------------------


def _put_stage(state: GameState, seat: int, value: int) -> None:
    if value not in (1, 2):
        raise ValueError(f"a Vanquisher is in Stage 1 or Stage 2, not {value}")
    data(state).stage[seat] = value
    changed(state)


_SEAT_VALUES = {
    "stage": SeatValue(
        "the Vanquisher's stage (1 or 2)", lambda st, seat: data(st).stage[seat], _put_stage
    ),
    "summoned": seat_flag("summoned", "an Essence summoned this turn (1) or not (0)"),
}
_TURN_MARKS = {  # what a scenario may place of a turn (docs/scenarios.md)
    "used": lasting_mark("used", "its ability used this turn", 1),
    "atk": lasting_mark("atk", "ATK given until the end of the turn"),
    "def": lasting_mark("def", "DEF given until the end of the turn"),
}


class Eoc(Game):
    id = "eoc"
    name = GAME
    tagline = "Essences attached to what they pay for, group attacks, a two-stage Vanquisher"
    min_seats = 2
    max_seats = 2
    zones = ZONES
    phases = PHASES
    windows = WINDOWS
    moves = MOVES
    card_model = EocCard

    def wire_types(self) -> tuple[type, ...]:
        """What a view of this game holds besides the engine's (``Game.wire_types``)."""
        return (EocData, Attack, Pool, Triggered)

    schema = schema  # its check_set and deck_problems: the set and deck rules
    turn_phases = TURN_PHASES

    def cards_path(self):
        return cards_dir(self.id)

    def seat_values(self) -> Mapping[str, SeatValue]:
        return _SEAT_VALUES

    def turn_marks(self):
        return _TURN_MARKS

    def new_game(
        self, decks: Sequence[DeckList], seed: int, events: Events | None = None
    ) -> GameState:
        self.check_decks(decks)
        cards = self.card_set().cards
        events = events if events is not None else []
        state = GameState(self, 2, seed)
        state.data = EocData(2)
        for seat, deck in enumerate(decks):
            for n in deck.names():
                card = cards[n]
                zone = VANQUISHER if card.type == "vanquisher" else DECK
                state.create(card, seat, (seat, zone))
            events.append(
                Event(
                    "info",
                    f"{who(state, seat)} plays "
                    f"{name(state, vanquisher(state, seat))} on the field "
                    "in Stage 1",
                    seat=seat,
                )
            )
            state.shuffle((seat, DECK))
            draw(state, seat, OPENING_HAND, events)
        enter_phase(state, "deal", events)
        settle(state, events)
        return state

    def card_cost(self, card: Any) -> int | None:
        """A creature's or spell's creation cost, every essence counted (an Essence card's
        ``cost`` is what it provides, not a cost)."""
        return sum(card.cost.values()) if card.type in ("creature", "spell") else None

    def card_facts(self, card: Any) -> tuple[tuple[str, str], ...]:
        """Its type, its Essence Type (a creature's element, what an Essence provides) and
        its cost."""
        facts = [("Type", card.type.capitalize())]
        kinds = [card.element] if card.element else []
        if card.type == "essence":
            kinds = list(card.cost)
        if kinds:
            facts.append(("Essence", ", ".join(str(k).capitalize() for k in kinds)))
        cost = self.card_cost(card)
        if cost is not None:
            facts.append(("Cost", str(cost)))
        return tuple(facts)

    def deck_summary(self, deck: DeckList) -> str:
        """Its Vanquisher and the essence types its Essence cards provide."""
        cards = self.card_set().cards
        known = [cards[n] for n in deck.cards if n in cards]
        lead = next((c.name for c in known if c.type == "vanquisher"), "")
        kinds = {c.essence: 0 for c in known if c.type == "essence"}
        for c in known:
            if c.type == "essence":
                kinds[c.essence] += deck.cards[c.name]
        types = [str(k).capitalize() for k in sorted(kinds, key=lambda k: -kinds[k])]
        return f"{lead} · {', '.join(types)}" if types else lead

    def winner(self, state: GameState) -> tuple[int, ...] | None:
        lost = data(state).lost
        if not any(lost):
            return None
        return tuple(s for s in range(state.seats) if not lost[s])

    def ending(self, state: GameState) -> str:
        return " and ".join(why for why in data(state).lost if why)

    # -- abilities on the engine's machinery ------------------------------------------------
    def listeners(self, state: GameState, trigger: str) -> Sequence[Listener]:
        """The active seat's first. Worked out for every trigger at once, again only when
        a creature with a triggered ability has come, gone or been destroyed."""
        by_seat = self._listening(state).get(trigger)
        if by_seat is None:
            return ()
        first = state.active
        return by_seat[first] + by_seat[1 - first]

    def _listening(self, state: GameState) -> dict[str, tuple[tuple[Listener, ...], ...]]:
        """``_listeners`` as last worked out, again if a creature with a triggered ability
        has come, gone or been destroyed since (``changed`` counts them in ``heard``)."""
        d = state.data
        if d.listen[0] != d.heard:
            d.listen = (d.heard, self._listeners(state))
        return d.listen[1]

    def _listeners(self, state: GameState) -> dict[str, tuple[tuple[Listener, ...], ...]]:
        """By trigger and seat, the triggered abilities of the creatures on the field; a
        destroyed creature hears only its own destruction."""
        out: dict[str, tuple[list[Listener], ...]] = {}
        cards = state.cards
        hearing = field_index(state)[3]
        for seat in range(state.seats):
            for cid in hearing[seat]:
                inst = cards[cid]
                destroyed = inst.counters.get("destroyed")
                for trig in inst.card.triggers:
                    trigger = TRIGGER_HAPPENINGS[trig.when]
                    if destroyed and trigger != ab.DESTROYED:
                        continue
                    # A creature's own happenings; the start of its owner's turn.
                    about = ab.OWN_TURN if trig.when == "turn_starts" else ab.SELF
                    out.setdefault(trigger, ([], []))[seat].append(
                        Listener(cid, trigger, about, trig)
                    )
        return {t: tuple(tuple(mine) for mine in found) for t, found in out.items()}

    def react(
        self, state: GameState, listener: Listener, happening: Happening, events: Events
    ) -> None:
        trig = listener.payload
        if trig.when == "turn_starts" and happening.phase != "prep":
            return
        events.append(
            Event(
                "ability",
                f"{name(state, listener.card)}: {trig.when.replace('_', ' ')}",
                seat=state.cards[listener.card].owner,
                cards=(listener.card,),
            )
        )
        resolve(state, trig.effects, listener.card, events)

    def continuous(self, state: GameState) -> Sequence[Modifier]:
        """Computed from the cards in play, again whenever the field has ``changed``."""
        d = state.data
        if d.cont[0] != d.field:
            found = tuple(self._continuous(state))
            by: dict[int, list[Modifier]] = {}
            for m in found:
                by.setdefault(m.target, []).append(m)
            d.cont = (d.field, found, by)
        return d.cont[1]

    def continuous_on(self, state: GameState, card: int) -> Sequence[Modifier]:
        d = state.data
        if d.cont[0] != d.field:
            self.continuous(state)
        return d.cont[2].get(card, ())

    def _continuous(self, state: GameState) -> list[Modifier]:
        out: list[Modifier] = []
        cards = state.cards
        lending = field_index(state)[4]
        for seat in range(state.seats):
            sources: list[tuple[int, Sequence[Any]]] = []
            for cid in lending[seat]:
                card = cards[cid].card
                if card.kind != "item" or (
                    cards[cid].attached_to is not None and active(state, cards[cid].attached_to)
                ):
                    sources.append((cid, card.effect))
            stage = stage_of(state, seat)
            if stage.effect:
                sources.append((vanquisher(state, seat), stage.effect))
            for cid, effects in sources:
                for e in effects:
                    for t in targets_of(state, e.to, cid, None):
                        if e.do == "boost":
                            if e.atk:
                                out.append(Modifier(t, "atk", e.atk, cid, ab.WHILE_IN_PLAY))
                            if e.defense:
                                out.append(Modifier(t, "def", e.defense, cid, ab.WHILE_IN_PLAY))
                        else:
                            out.append(
                                Modifier(
                                    t,
                                    e.what,
                                    CANNOT if e.do == "cannot" else CAN,
                                    cid,
                                    ab.WHILE_IN_PLAY,
                                )
                            )
        return out

    def in_play(self, state: GameState, card: int) -> bool:
        inst = state.cards[card]
        if inst.card.type == "creature":
            return active(state, card)
        return inst.zone[1] in IN_PLAY

    # -- scenarios, views, checks ------------------------------------------------------------
    def scenario_ready(self, state: GameState) -> None:
        """The first player is the active one once the coin has been flipped; turn 1 is the
        game's starting turn (no card is drawn)."""
        d = data(state)
        changed(state)
        d.attack = None
        d.opening = state.turn <= 1
        if state.phase in ("deal", "coin"):
            d.first = None
        elif d.first is None:
            d.first = state.active

    def invariants(self, state: GameState) -> list[str]:
        out = []
        cards = state.cards
        for seat in range(state.seats):
            who_ = f"seat {seat + 1}"
            if len(creatures(state, seat)) > MAX_CREATURES:
                out.append(f"{who_} has {len(creatures(state, seat))} creatures")
            if len(spells_in_play(state, seat)) > MAX_SPELLS:
                out.append(f"{who_} has {len(spells_in_play(state, seat))} spells on the field")
            if len(state.zones[(seat, VANQUISHER)]) != 1:
                out.append(f"{who_} has {len(state.zones[(seat, VANQUISHER)])} Vanquishers")
            for zone in (CREATURES, SPELLS):
                for cid in state.zones[(seat, zone)]:
                    inst = cards[cid]
                    kind = inst.card.type
                    if kind == "essence":
                        host = inst.attached_to
                        if host is None or cards[host].zone != inst.zone:
                            out.append(f"{name(state, inst.id)} lies in {zone} on no card there")
                    elif kind == "creature" and zone == CREATURES:
                        if inst.attached_to is not None:
                            out.append(f"{name(state, inst.id)} is attached to a card")
                        if not paid(state, cid):
                            out.append(f"{name(state, inst.id)}'s creation cost is underpaid")
                    elif kind == "spell" and zone == SPELLS:
                        if not paid(state, cid):
                            out.append(f"{name(state, inst.id)}'s creation cost is underpaid")
                        if inst.card.kind == "item" and (
                            inst.attached_to is None
                            or cards[inst.attached_to].zone != (seat, CREATURES)
                        ):
                            out.append(
                                f"the Item {name(state, inst.id)} is on no creature of its own"
                            )
                    else:
                        out.append(f"{name(state, inst.id)} ({kind}) lies in {zone}")
            for cid in state.zones[(seat, POOL)]:
                if cards[cid].card.type != "essence" or cards[cid].attached_to is not None:
                    out.append(f"{cards[cid].card.name} in the Essence Pool")
            if data(state).stage[seat] not in (1, 2):
                out.append(f"{who_}'s Vanquisher is in stage {data(state).stage[seat]}")
        if (
            tuple(self._continuous(state)) != tuple(self.continuous(state))
            or _index(state) != field_index(state)
            or any(_overpaid(state, s) != overpaid(state, s) for s in range(state.seats))
            or self._listeners(state) != self._listening(state)
        ):
            out.append("the field changed without being marked changed")
        for inst in cards.values():
            if (
                inst.card.type == "essence"
                and inst.attached_to is not None
                and inst.zone[1] not in (CREATURES, SPELLS)
            ):
                out.append(f"{name(state, inst.id)} is attached outside the field")
        return out

    def turn_cap(self) -> int:
        return 200
