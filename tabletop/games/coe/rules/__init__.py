"""C.O.E, the rules of ``coe.txt`` and ``coe-keywords.md``, with the rulings of
``docs/rulings/coe.md`` (numbered as in the first draft, ``docs/coe-spec.md``).

Setup (the party, the shuffle, the resource handicap with each card's type named by its owner,
an opening hand of 5, the coin); the Camp Phase (draw, reset, building one resource, scenarios
by level into the shared Scenario Zone, Scenario Pardon, one party tactic); the Preparation
Phase (arsenal cards paid by resting whole resource cards, skills, attacks with boosters); a
Battle Phase per attack; the Rest Phase (its triggers, one scenario established). A card
played, an attack made or a champion's Swift activated may be answered (Counter, Contravene,
Cast: Battle, a face-down Conjure), and what waits resolves in the rulebook's speed order;
the CC limit, obstructed positions and Promote.

Zones per seat: ``deck``, ``hand``, ``archive``, ``resources`` (each card built as Mana,
Shells or Enchanted: its ``counters`` hold the type; rested cards are turned), ``party`` (the
party area), ``leader`` (the Party Leader position), ``support``, ``characters`` (the 6
character positions), ``arsenal`` (equipment, infinite cards, conjures) and ``played`` (a card
played from the hand, waiting while it may be answered). Shared: the
``scenarios`` zone of 6 slots; a scenario there is controlled by its owner.

The rules are in this package's modules, by the rulebook's sections; each imports only the
modules listed before it (none calls a later one), and this one comes after them all:

- ``state``: the zones, the refusals' texts several sections give, the game's own state
  (``CoeData``, ``Chain``, ``Battle``) and card facts (a seat's characters, what is left of
  its party, a character played this turn) ("General Game Terms");
- ``keywords``: whether a character has a keyword, what effects permit it, its DMG and DEF,
  Stagger, the always-on effects, and the character positions with Obstruct and Agile
  (``coe-keywords.md``);
- ``resources``: resource types, a seat's resources for paying, the handicap's types named,
  the Camp Phase's draw and reset, building a resource ("Playing Resources");
- ``effects``: effects resolved, damage, archiving, the triggers that resolve at once,
  negation, and a played card's turn to resolve ("Resolving Effects", "Archiving Cards",
  "Equipment & Infinite Cards");
- ``scenarios``: the Scenario Zone, scenario levels, playing and replacing scenarios, Scenario
  Pardon ("Scenario System");
- ``requirements``: the Affiliation, Class and Race checks, conditions, targets, Promote
  ("Playing cards": "Card Requirements", "Targeting Cards");
- ``skills``: activating skills ("Using Skills");
- ``battle``: the counter-attack, the damage and the battle's end ("Battle Phase", once the
  answers are done: the answers' end leads here, so it comes before them);
- ``answers``: answer windows, the round of answers, the speed order, Contravene's keywords,
  face-down Conjures activated, a champion's Swift stated to be answered ("Card Speeds";
  Counter, Conjure, Contravene, Cast: Battle, Swift);
- ``party``: the party tactics and the CC limit ("Movement and Party Tactics"; after the
  answers: a champion played by a tactic activates its Swift, which may be answered);
- ``attacks``: attacking and boosting ("Battle Phase" step 1, "Boosting");
- ``playing``: playing arsenal cards ("Playing cards", the Preparation Phase's step 1);
- ``phases``: setup, the coin, the Camp and Rest Phases' own steps, the turn's end and the
  stalemate, and the tables of phases, windows and moves ("Phases").

This module is the game table: the ``Coe`` class (kept here, so that its module names the
game's package, where ``Game.table`` and the importers look; its ``winner`` and ``ending``
are "How to Win"), and the names others use from the rules, re-exported.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....engine import DeckList, Event, Events, Game, GameState, counted, enter_phase, settle
from ....engine import abilities as ab
from ....engine.abilities import Modifier
from ....engine.game import lasting_mark, seat_flag
from ....system.paths import cards_dir
from .. import cards as schema
from ..cards import ARSENAL as ARSENAL_TYPES
from ..cards import CoeCard
from ..payment import KINDS, Resource
from .answers import (
    R_ANSWER_ONLY,
    R_ANSWERS,
    R_CONJURE_SET,
    R_CONTRAVENE,
    R_CONTRAVENE_WHEN,
    R_COUNTER_CONJURE,
    R_COUNTER_SWIFT,
    R_COUNTER_TRIGGER,
    R_COUNTER_WHOSE,
    R_REVEAL,
    contravenable,
    keywords_of,
    may_answer,
    swift,
)
from .attacks import (
    R_ATTACK_ITSELF,
    R_ATTACK_TARGET,
    R_ATTACKER,
    R_BOOST_OTHER,
    R_BOOSTER,
    R_EVADE,
    R_NEW,
    R_NO_STAT,
    R_ONE_ATTACK,
    R_STEALTH,
    R_SUPPORT,
    R_SUPPORT_BOOST,
    boosters,
)
from .effects import archive, aura_blight, hurt, reached, resolve
from .keywords import (
    R_OBSTRUCTED,
    R_POSITION,
    always_on,
    forget_always,
    has,
    obstructed,
    permits,
    position_problem,
    stagger,
    stat,
    take_position,
)
from .party import (
    R_CC,
    R_ONE_TACTIC,
    R_TACTIC,
    TACTICS,
    cc_counted,
    cc_limit,
    over_cc,
)
from .phases import MOVES, PHASES, R_REST_ATTACK, TURN_PHASES, WINDOWS
from .requirements import (
    CONDITIONS,
    R_AFFILIATION,
    R_ALERT,
    R_CAST,
    R_CLASS,
    R_CONDITION,
    R_EQUIP,
    R_EQUIP_YOURS,
    R_PLAY_WHEN,
    R_PROMOTE,
    R_RACE,
    R_SKILL_CONDITION,
    R_TARGET,
    condition_met,
    promotable,
    target_problem,
    targets_for,
)
from .resources import R_BUILD_WHEN, R_ONE_BUILD, R_TYPE, _untyped, resource_kind, resources
from .scenarios import (
    PARDON_COST,
    R_PARDON,
    R_PARDON_ONCE,
    R_REPLACE,
    R_REST_ONE,
    R_SCENARIO_LEVEL,
    R_SCENARIO_WHEN,
    R_SLOT,
    level_problem,
    pardon_find,
    scenario_level,
    scenarios_of,
)
from .skills import (
    R_ALWAYS,
    R_SKILL_LEVEL,
    R_SKILL_ONCE,
    R_SKILL_REST,
    R_SKILL_WHEN,
    R_SUPPORT_ONLY,
)
from .state import (
    ARCHIVE,
    ARSENAL,
    CHARACTERS,
    DECK,
    GAME,
    HAND,
    HANDICAP,
    IN_PLAY,
    LEADER,
    OPENING_HAND,
    PARTY,
    PLAYED,
    POSITIONS,
    R_FROM_HAND,
    R_STEP_ORDER,
    RESOURCES,
    SCENARIOS,
    SLOTS,
    SUPPORT,
    ZONES,
    Battle,
    Chain,
    CoeData,
    _archived,
    battlefield,
    characters,
    data,
    name,
    party_left,
    played,
    who,
)

__all__ = [
    "ARCHIVE",
    "ARSENAL",
    "CHARACTERS",
    "CONDITIONS",
    "DECK",
    "GAME",
    "HAND",
    "HANDICAP",
    "IN_PLAY",
    "LEADER",
    "MOVES",
    "OPENING_HAND",
    "PARDON_COST",
    "PARTY",
    "PHASES",
    "PLAYED",
    "POSITIONS",
    "RESOURCES",
    "R_AFFILIATION",
    "R_ALERT",
    "R_ALWAYS",
    "R_ANSWERS",
    "R_ANSWER_ONLY",
    "R_ATTACKER",
    "R_ATTACK_ITSELF",
    "R_ATTACK_TARGET",
    "R_BOOSTER",
    "R_BOOST_OTHER",
    "R_BUILD_WHEN",
    "R_CAST",
    "R_CC",
    "R_CLASS",
    "R_CONDITION",
    "R_CONJURE_SET",
    "R_CONTRAVENE",
    "R_CONTRAVENE_WHEN",
    "R_COUNTER_CONJURE",
    "R_COUNTER_SWIFT",
    "R_COUNTER_TRIGGER",
    "R_COUNTER_WHOSE",
    "R_EQUIP",
    "R_EQUIP_YOURS",
    "R_EVADE",
    "R_FROM_HAND",
    "R_NEW",
    "R_NO_STAT",
    "R_OBSTRUCTED",
    "R_ONE_ATTACK",
    "R_ONE_BUILD",
    "R_ONE_TACTIC",
    "R_PARDON",
    "R_PARDON_ONCE",
    "R_PLAY_WHEN",
    "R_POSITION",
    "R_PROMOTE",
    "R_RACE",
    "R_REPLACE",
    "R_REST_ATTACK",
    "R_REST_ONE",
    "R_REVEAL",
    "R_SCENARIO_LEVEL",
    "R_SCENARIO_WHEN",
    "R_SKILL_CONDITION",
    "R_SKILL_LEVEL",
    "R_SKILL_ONCE",
    "R_SKILL_REST",
    "R_SKILL_WHEN",
    "R_SLOT",
    "R_STEALTH",
    "R_STEP_ORDER",
    "R_SUPPORT",
    "R_SUPPORT_BOOST",
    "R_SUPPORT_ONLY",
    "R_TACTIC",
    "R_TARGET",
    "R_TYPE",
    "SCENARIOS",
    "SLOTS",
    "SUPPORT",
    "TACTICS",
    "TURN_PHASES",
    "WINDOWS",
    "ZONES",
    "Battle",
    "Chain",
    "Coe",
    "CoeData",
    "Resource",
    "_untyped",
    "always_on",
    "archive",
    "aura_blight",
    "battlefield",
    "boosters",
    "cc_counted",
    "cc_limit",
    "characters",
    "condition_met",
    "contravenable",
    "data",
    "forget_always",
    "has",
    "hurt",
    "keywords_of",
    "level_problem",
    "may_answer",
    "name",
    "obstructed",
    "over_cc",
    "pardon_find",
    "party_left",
    "permits",
    "played",
    "position_problem",
    "promotable",
    "reached",
    "resolve",
    "resource_kind",
    "resources",
    "scenario_level",
    "scenarios_of",
    "stagger",
    "stat",
    "swift",
    "take_position",
    "target_problem",
    "targets_for",
    "who",
]


def _no_skill(i: int):
    def refuse(state: GameState, cid: int) -> str | None:
        card = state.cards[cid].card
        return None if i < len(getattr(card, "skills", ())) else f"{card.name} has no skill {i + 1}"

    return refuse


# What a scenario may place of a turn (docs/scenarios.md).
_SEAT_VALUES = {
    "built": seat_flag("built", "a resource built this turn (1) or not (0)"),
    "tactic": seat_flag("tactic", "a party tactic used this turn (1) or not (0)"),
}
_TURN_MARKS = {
    **{
        f"skill_{i + 1}": lasting_mark(
            f"used:{i}", f"its skill {i + 1} activated this turn", 1, _no_skill(i)
        )
        for i in range(4)
    },
    "dmg": lasting_mark("dmg", "DMG given until the end of the turn"),
    "def": lasting_mark("def", "DEF given until the end of the turn"),
    "staggered": lasting_mark("staggered", "staggered this turn (its DEF counts as 0)", 1),
}


class Coe(Game):
    """C.O.E, as ``coe.txt`` and ``coe-keywords.md`` say, with the rulings of
    ``docs/rulings/coe.md``."""

    id = "coe"
    name = GAME
    tagline = "A party of champions, shared scenario levels, boosting in battle"
    min_seats = 2
    max_seats = 2
    zones = ZONES
    phases = PHASES
    windows = WINDOWS
    moves = MOVES
    card_model = CoeCard

    def wire_types(self) -> tuple[type, ...]:
        """What a view of this game holds besides the engine's (``Game.wire_types``)."""
        return (CoeData, Chain, Battle)

    schema = schema  # its check_set and deck_problems: the set and deck rules
    turn_phases = TURN_PHASES

    def cards_path(self):
        return cards_dir(self.id)

    def seat_values(self):
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
        state.data = CoeData(2)
        for seat, deck in enumerate(decks):
            party = schema.party(deck, cards)
            for n in deck.names():
                card = cards[n]
                zone = DECK if card.type != "champion" else LEADER if n == party[0] else PARTY
                state.create(card, seat, (seat, zone))
            leader = state.zones[(seat, LEADER)][0]
            rest = ", ".join(name(state, c) for c in state.zones[(seat, PARTY)])
            events.append(
                Event(
                    "info",
                    f"{who(state, seat)}'s party leader "
                    f"{name(state, leader)} takes the field"
                    + (f"; {rest} wait in the party area" if rest else ""),
                    seat=seat,
                )
            )
            state.shuffle((seat, DECK))
        enter_phase(state, "setup", events)
        settle(state, events)
        return state

    def card_cost(self, card: Any) -> int | None:
        """An arsenal card's cost (a champion's, an acolyte's or a scenario's is none)."""
        return card.cost if card.type in ARSENAL_TYPES else None

    def card_facts(self, card: Any) -> tuple[tuple[str, str], ...]:
        """Its type, its affiliations (a character's) and its cost."""
        facts = [("Type", card.type.capitalize())]
        if card.affiliations:
            facts.append(("Affiliation", ", ".join(card.affiliations)))
        cost = self.card_cost(card)
        if cost is not None:
            facts.append(("Cost", str(cost)))
        return tuple(facts)

    def deck_summary(self, deck: DeckList) -> str:
        """Its party, the size of its arsenal and its scenarios."""
        cards = self.card_set().cards
        party = arsenal = scenarios = 0
        for card_name, n in deck.cards.items():
            kind = cards[card_name].type if card_name in cards else None
            party += n if kind == "champion" else 0
            arsenal += n if kind in ARSENAL_TYPES else 0
            scenarios += n if kind == "scenario" else 0
        return (
            f"{counted(party, 'champion')} · a {arsenal}-card arsenal, "
            f"{counted(scenarios, 'scenario')}"
        )

    def winner(self, state: GameState) -> tuple[int, ...] | None:
        """Archiving every champion of the opponent's party wins; both at once is a draw
        (ruling 62)."""
        out = _archived(state)
        if not out:
            return None
        return tuple(s for s in range(state.seats) if s not in out)

    def ending(self, state: GameState) -> str:
        out = _archived(state)
        if len(out) > 1:
            return "both parties were archived at once"
        return f"every champion of {state.seat_names[out[0]]}'s party was archived" if out else ""

    def in_play(self, state: GameState, card: int) -> bool:
        zone = state.cards[card].zone
        return zone[1] in IN_PLAY

    def continuous_on(self, state: GameState, card: int) -> Sequence[Modifier]:
        return always_on(state).get(card, ())

    def continuous(self, state: GameState) -> Sequence[Modifier]:
        """Always-on effects: equipment on its champion, infinite cards, a scenario's (one
        of a name per controller, ruling 22), and Passive skills at their scenario level
        and Innate ones at any (ruling 60)."""
        out: list[Modifier] = []
        cards = state.cards
        for seat in range(state.seats):
            sources: list[tuple[int, Sequence[Any]]] = []
            for cid in state.zones[(seat, ARSENAL)]:
                inst = cards[cid]
                if (
                    not inst.face_down
                    and inst.card.effect
                    and (inst.card.type != "equipment" or inst.attached_to is not None)
                ):
                    sources.append((cid, inst.card.effect))
            names = set()
            for cid in scenarios_of(state, seat):
                card = cards[cid].card
                if card.effect and card.name not in names:
                    names.add(card.name)
                    sources.append((cid, card.effect))
            level = scenario_level(state, seat)
            for cid in characters(state, seat):
                for skill in cards[cid].card.skills:
                    if skill.mode == "innate" or (skill.mode == "passive" and skill.level <= level):
                        sources.append((cid, skill.effects))
            for cid, effects in sources:
                for e in effects:
                    times = aura_blight(state, seat) if getattr(e, "per", None) else 1
                    for t in reached(state, e.to, cid, seat, None):
                        if e.do == "boost":
                            for stat_, n in (("dmg", e.dmg), ("def", e.defense)):
                                if n and times:
                                    out.append(Modifier(t, stat_, n * times, cid, ab.WHILE_IN_PLAY))
                        elif e.do == "grant":
                            out.append(Modifier(t, e.keyword, ab.CAN, cid, ab.WHILE_IN_PLAY))
                        elif e.do == "cannot":
                            out.append(Modifier(t, e.what, ab.CANNOT, cid, ab.WHILE_IN_PLAY))
        return out

    def scenario_ready(self, state: GameState) -> None:
        """A position starts inside its phase: in the Camp Phase after the draw and the reset
        (step 3), with each leader's first-turn Swift done; before the coin nobody starts."""
        d = data(state)
        d.battle = d.chain = d.always = None
        state.pending = ()
        d.built = d.established = d.tactic = False
        d.step = 3
        before = state.phase in ("setup", "coin")
        d.first = None if before else (d.first if d.first is not None else state.active)
        d.swifted = [not before] * state.seats

    def invariants(self, state: GameState) -> list[str]:
        out = []
        cards = state.cards
        z = state.zones
        if len(z[(None, SCENARIOS)]) > SLOTS:
            out.append(f"{len(z[(None, SCENARIOS)])} scenarios in the Scenario Zone")
        for seat in range(state.seats):
            who_ = f"seat {seat + 1}"
            for zone, most in ((CHARACTERS, POSITIONS), (LEADER, 1), (SUPPORT, 1)):
                if len(z[(seat, zone)]) > most:
                    out.append(f"{who_} has {len(z[(seat, zone)])} cards in {zone}")
            if state.phase not in ("setup",):
                for cid in z[(seat, RESOURCES)]:
                    kinds = [k for k in KINDS if cards[cid].counters.get(k)]
                    if len(kinds) != 1:
                        out.append(f"{cards[cid].card.name} is a resource of {len(kinds)} types")
            for cid in z[(seat, ARSENAL)]:
                inst = cards[cid]
                if (
                    inst.card.type == "equipment"
                    and not inst.face_down
                    and (
                        inst.attached_to not in characters(state, seat)
                        or cards[inst.attached_to].card.type != "champion"
                    )
                ):
                    out.append(f"{name(state, inst.id)} is equipped to no champion of its player's")
                elif not inst.face_down and not inst.card.stays and data(state).chain is None:
                    out.append(f"{name(state, inst.id)} stays in the arsenal zone after resolving")
            if z[(seat, PLAYED)] and data(state).chain is None:
                out.append(f"{who_} has cards waiting to resolve with nothing to answer")
        if state.pending and data(state).chain is None and data(state).battle is None:
            out.append("effects wait with nothing to answer them")
        fresh: dict[int, list[Modifier]] = {}
        for m in self.continuous(state):
            fresh.setdefault(m.target, []).append(m)
        if always_on(state) != fresh:
            out.append("the always-on effects changed without their key changing")
        return out

    def turn_cap(self) -> int:
        return 200
