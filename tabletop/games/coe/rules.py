"""C.O.E, the rules of ``coe.txt`` and ``coe-keywords.md``, with the rulings of
``docs/rulings/coe.md`` (numbered as in the first draft, ``docs/coe-spec.md``).

Setup (the party, the shuffle, the resource handicap with each card's type named by its owner,
an opening hand of 5, the coin); the Camp Phase (draw, reset, building one resource, scenarios
by level into the shared Scenario Zone, Scenario Pardon, one party tactic); the Preparation
Phase (arsenal cards paid by resting whole resource cards, skills, attacks with boosters); a
Battle Phase per attack; the Rest Phase (its triggers, one scenario established). A card
played or an attack made may be answered (Counter, Contravene, Cast: Battle, a face-down
Conjure), and what waits resolves in the rulebook's speed order; the CC limit, obstructed
positions and Promote.

Zones per seat: ``deck``, ``hand``, ``archive``, ``resources`` (each card built as Mana,
Shells or Enchanted: its ``counters`` hold the type; rested cards are turned), ``party`` (the
party area), ``leader`` (the Party Leader position), ``support``, ``characters`` (the 6
character positions), ``arsenal`` (equipment, infinite cards, conjures) and ``played`` (a card
played from the hand, waiting while it may be answered). Shared: the
``scenarios`` zone of 6 slots; a scenario there is controlled by its owner.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any, get_args

from ...engine import (
    Action,
    DeckList,
    Event,
    Events,
    Game,
    GameState,
    Move,
    Phase,
    Prompt,
    Visibility,
    Window,
    ZoneSpec,
    act,
    close_window,
    counted,
    draw_cards,
    end_game,
    enter_phase,
    open_window,
    settle,
)
from ...engine import abilities as ab
from ...engine.abilities import Modifier
from ...system.paths import cards_dir
from . import cards as schema
from . import payment
from .cards import ARSENAL as ARSENAL_TYPES
from .cards import CoeCard
from .payment import KIND_NAMES, KINDS, Resource

GAME = "C.O.E"
C = GAME
DECK, HAND, ARCHIVE, RESOURCES = "deck", "hand", "archive", "resources"
PARTY, LEADER, SUPPORT, CHARACTERS, ARSENAL = "party", "leader", "support", "characters", "arsenal"
PLAYED = "played"  # a card played from hand, face up, until it resolves (or is negated)
SCENARIOS = "scenarios"
CHARACTER_KEYWORDS = get_args(schema.CharacterKeyword)
BATTLE_KEYWORDS = get_args(schema.BattleKeyword)
OPENING_HAND = 5  # ruling 3
HANDICAP = {1: 3, 2: 2, 3: 1, 4: 0}
SLOTS = 6
POSITIONS = 6
IN_PLAY = frozenset({"leader", "support", "characters", "arsenal", "scenarios"})

ZONES = {
    DECK: ZoneSpec(DECK, "Deck", Visibility.HIDDEN),
    HAND: ZoneSpec(HAND, "Hand", Visibility.OWNER),
    ARCHIVE: ZoneSpec(ARCHIVE, "Archive"),
    RESOURCES: ZoneSpec(RESOURCES, "Resources"),
    PARTY: ZoneSpec(PARTY, "Party"),
    LEADER: ZoneSpec(LEADER, "Party Leader"),
    SUPPORT: ZoneSpec(SUPPORT, "Support"),
    CHARACTERS: ZoneSpec(CHARACTERS, "Characters"),
    ARSENAL: ZoneSpec(ARSENAL, "Arsenal"),
    PLAYED: ZoneSpec(PLAYED, "Being played"),
    SCENARIOS: ZoneSpec(SCENARIOS, "Scenario Zone", shared=True),
}

CAMP, PREP, REST = "Camp Phase", "Preparation Phase", "Rest Phase"
R_ONE_BUILD = (
    f"{C}, {CAMP}: Build Resources (Optional) - Player may choose to play a card "
    "from their hand into the resource area (one a turn, ruling 9)"
)
R_STEP_ORDER = f"{C}, {CAMP}: must be completed in the following order (ruling 25)"
R_BUILD_WHEN = (
    f"{C}: Resources are played during the Camp Phase of a players turn (The beginning Phase)"
)
R_TYPE = f"{C}: Players can choose to build Mana, Shells (world currency) or Enchanted resources"
R_FROM_HAND = f"{C}: cards are played from your hand"
R_SCENARIO_LEVEL = (
    f"{C}: Scenario cards must be played in numerical order based on the "
    "escalation number (ruling 19): {}"
)
R_SLOT = f"{C}: A Max of 6 Scenario cards can be played into open scenario slots by either player"
R_REPLACE = (
    f"{C}: Players can choose to replace a scenario card that they control If all of "
    "the scenario slots are full"
)
R_REST_ONE = (
    f"{C}, {REST}: Establishing Scenarios - players may play a scenario card from "
    "their hand (one, ruling 30)"
)
R_SCENARIO_WHEN = (
    f"{C}: scenarios are played in the Camp Phase's step 4 and the Rest Phase (ruling 20)"
)


# -- small helpers -----------------------------------------------------------------------------


def data(state: GameState) -> CoeData:
    return state.data


def who(state: GameState, seat: int) -> str:
    return state.seat_names[seat]


def name(state: GameState, cid: int) -> str:
    return state.cards[cid].card.name


def resource_kind(state: GameState, cid: int) -> str | None:
    """The type a resource card was built as (None while its owner has yet to name it)."""
    counters = state.cards[cid].counters
    for k in KINDS:
        if counters.get(k):
            return k
    return None


def resources(state: GameState, seat: int) -> list[Resource]:
    """The seat's resources, in the order built, for paying (``payment``)."""
    out = []
    cards = state.cards
    for cid in state.zones[(seat, RESOURCES)]:
        inst = cards[cid]
        counters = inst.counters
        for kind in KINDS:
            if counters.get(kind):
                out.append(Resource(cid, kind, inst.card.value, inst.turned))
                break
    return out


def scenarios_of(state: GameState, seat: int) -> list[int]:
    """The scenarios ``seat`` controls in the shared Scenario Zone."""
    return [c for c in state.zones[(None, SCENARIOS)] if state.cards[c].owner == seat]


def scenario_level(state: GameState, seat: int, without: int | None = None) -> int:
    """The seat's scenario level: how many scenarios it controls, or the highest escalation
    among them if that is higher (ruling 19); ``without`` leaves one out."""
    mine = [c for c in scenarios_of(state, seat) if c != without]
    return max([len(mine), *(state.cards[c].card.level for c in mine)], default=0)


def level_problem(state: GameState, seat: int, card: CoeCard) -> str | None:
    """Why a scenario of this escalation may not be played now (None: it may). A scenario
    it would replace still counts (the new card is laid on it, ruling 23)."""
    level = scenario_level(state, seat)
    if card.level - 1 <= level:
        return None
    needs = {
        2: "a level 2 scenario needs a scenario of yours in play",
        3: "a level 3 scenario needs two level 1 scenarios of yours in play, or a level 2",
    }
    return R_SCENARIO_LEVEL.format(needs[card.level])


# -- the game's own state ----------------------------------------------------------------------


class CoeData:
    __slots__ = (
        "always",
        "battle",
        "built",
        "chain",
        "established",
        "first",
        "found",
        "mark",
        "obstructed",
        "pardoned",
        "quiet",
        "step",
        "swifted",
        "tactic",
    )

    def __init__(self, seats: int):
        self.mark: tuple | None = None  # what had happened when the last turn ended
        self.quiet = 0  # turns in a row with empty decks and nothing done (ruling 63)
        self.always: tuple | None = None  # the continuous modifiers, cached (always_on)
        self.first: int | None = None
        self.built = False  # a resource built this turn
        self.established = False  # a scenario played in this Rest Phase
        self.step = 0  # the Camp Phase's step reached (3 build, 4 scenarios, 5 tactics)
        self.tactic = False  # a party tactic used this turn
        self.pardoned = False  # Scenario Pardon invoked this turn (ruling 24)
        self.found: int | None = None  # the scenario it found, playable out of step order
        self.battle: Battle | None = None
        self.chain: Chain | None = None  # the answers to an action, until it resolves
        self.swifted = [False] * seats  # the leader's Swift of the first Camp Phase
        # Obstructed character positions (ruling 57), one (seat obstructed, seat whose card
        # obstructed it) a position, until the latter's next turn begins.
        self.obstructed: tuple[tuple[int, int], ...] = ()

    def copy(self) -> CoeData:
        d = CoeData.__new__(CoeData)
        d.first, d.built, d.established, d.step, d.tactic = (
            self.first,
            self.built,
            self.established,
            self.step,
            self.tactic,
        )
        d.pardoned, d.found, d.obstructed = self.pardoned, self.found, self.obstructed
        d.mark, d.quiet = self.mark, self.quiet
        d.battle = self.battle.copy() if self.battle is not None else None
        d.chain = self.chain.copy() if self.chain is not None else None
        d.swifted = self.swifted.copy()
        d.always = self.always  # (key, by target): rebuilt when its key no longer matches
        return d

    def snapshot(self) -> tuple:
        return (
            self.first,
            self.built,
            self.established,
            self.step,
            self.tactic,
            self.pardoned,
            self.found,
            self.obstructed,
            self.mark,
            self.quiet,
            self.battle.snapshot() if self.battle is not None else None,
            self.chain.snapshot() if self.chain is not None else None,
            tuple(self.swifted),
        )


# -- setup ------------------------------------------------------------------------------------


def _setup_enter(state: GameState, events: Events) -> None:
    """Ruling 3: the handicap cards go from the top of each deck to the resource area, face
    up, and each owner names their types; then the opening hands."""
    for seat in range(state.seats):
        n = HANDICAP[1 + len(state.zones[(seat, PARTY)])]
        pile = state.zones[(seat, DECK)]
        placed = []
        for _ in range(min(n, len(pile))):
            cid = pile[0]
            state.move(cid, (seat, RESOURCES))
            placed.append(cid)
        if placed:
            names = ", ".join(name(state, c) for c in placed)
            events.append(
                Event(
                    "move",
                    f"{who(state, seat)}'s party of "
                    f"{1 + len(state.zones[(seat, PARTY)])} takes a handicap of "
                    f"{len(placed)} resource{'s' if len(placed) > 1 else ''}: "
                    f"{names}",
                    seat=seat,
                    cards=tuple(placed),
                    value=((seat, DECK), (seat, RESOURCES)),
                    reveals=tuple(placed),
                )
            )
        draw_cards(state, seat, OPENING_HAND, events, DECK, HAND)
    _ask_types(state, events)


def _untyped(state: GameState, seat: int) -> list[int]:
    return [c for c in state.zones[(seat, RESOURCES)] if resource_kind(state, c) is None]


def _ask_types(state: GameState, events: Events) -> None:
    for seat in range(state.seats):
        if _untyped(state, seat):
            open_window(state, seat, "handicap", events)
            return


def _gen_name(state: GameState, seat: int) -> Iterator[Action]:
    waiting = _untyped(state, seat)
    if waiting:
        for kind in KINDS:
            yield act(state, "name", seat, (waiting[0],), (), (kind,))


def _check_name(state: GameState, action: Action) -> str | None:
    if len(action.cards) != 1 or action.targets or len(action.words) != 1:
        return f'{C}: name the type of one handicap resource (name "Card" mana)'
    if action.words[0] not in KINDS:
        return R_TYPE
    if action.cards[0] not in _untyped(state, action.seat):
        return f"{C}: name the type of one of your handicap resources"
    return None


def _exec_name(state: GameState, action: Action, events: Events) -> None:
    seat, cid, kind = action.seat, action.cards[0], action.words[0]
    state.cards[cid].counters[kind] = 1
    events.append(
        Event(
            "info",
            f"{who(state, seat)} names {name(state, cid)} "
            f"{KIND_NAMES[kind]} (worth {state.cards[cid].card.value})",
            seat=seat,
            cards=(cid,),
            value=("resource", kind),
        )
    )
    if not _untyped(state, seat):
        close_window(state)
        _ask_types(state, events)


def _coin_enter(state: GameState, events: Events) -> None:
    """Ruling 2: heads, Player 1 starts; tails, Player 2."""
    face = state.rng.randint(0, 1)
    data(state).first = face
    state.active = face
    state.turn = 1
    events.append(
        Event(
            "coin",
            f"The coin shows {'heads' if face == 0 else 'tails'}: {who(state, face)} goes first",
            seat=face,
            value=("first", face),
        )
    )
    # Ruling 5: the first player's leader counts as played at the start of its first turn;
    # the second player's "was already considered to be in play before their turn began".
    for leader in state.zones[(face, LEADER)]:
        played(state, leader)


# -- the Camp Phase ---------------------------------------------------------------------------


def _camp_enter(state: GameState, events: Events) -> None:
    """Steps 1 and 2 happen by themselves: the draw (an empty deck draws nothing, ruling 26)
    and the reset of the seat's resources and characters (ruling 11)."""
    d = data(state)
    seat = state.active
    d.built = d.established = d.tactic = d.pardoned = False
    d.found = None
    d.step = 3
    if any(by == seat for _, by in d.obstructed):
        # Ruling 27: "for one round" ends as the obstructing player's next turn begins.
        d.obstructed = tuple(o for o in d.obstructed if o[1] != seat)
        events.append(
            Event(
                "info",
                f"The positions {who(state, seat)}'s cards obstructed are open again",
                seat=seat,
            )
        )
    if state.turn <= 2 and not d.swifted[seat]:
        # Ruling 6: a party leader's Swift happens first thing in its first Camp Phase.
        d.swifted[seat] = True
        for leader in state.zones[(seat, LEADER)]:
            _fire(state, leader, "swift", events)
    if not draw_cards(state, seat, 1, events, DECK, HAND):
        events.append(
            Event("info", f"{who(state, seat)}'s deck is empty: no card is drawn", seat=seat)
        )
    readied = []
    for zone in (RESOURCES, LEADER, SUPPORT, CHARACTERS, ARSENAL):
        for cid in state.zones[(seat, zone)]:
            inst = state.cards[cid]
            if inst.turned:
                inst.turned = False
                readied.append(cid)
    if readied:
        events.append(
            Event(
                "ready",
                f"{who(state, seat)} resets their resources and characters",
                seat=seat,
                cards=tuple(readied),
            )
        )
    _cc_check(state, events)  # a Swift may have archived a champion (ruling 35)


def _gen_build(state: GameState, seat: int) -> Iterator[Action]:
    if data(state).built or data(state).step > 3:
        return
    seen = set()
    for cid in state.zones[(seat, HAND)]:
        inst = state.cards[cid]
        if inst.known and inst.card.name not in seen:
            seen.add(inst.card.name)
            for kind in KINDS:
                yield act(state, "build", seat, (cid,), (), (kind,))


def _check_build(state: GameState, action: Action) -> str | None:
    if len(action.cards) != 1 or action.targets or len(action.words) != 1:
        return f'{C}: build one card from your hand as a resource (build "Card" mana)'
    if action.words[0] not in KINDS:
        return R_TYPE
    d = data(state)
    if d.built:
        return R_ONE_BUILD
    if d.step > 3:
        return R_STEP_ORDER + ": Build Resources is step 3"
    if state.cards[action.cards[0]].zone != (action.seat, HAND):
        return R_FROM_HAND
    return None


def _exec_build(state: GameState, action: Action, events: Events) -> None:
    seat, cid, kind = action.seat, action.cards[0], action.words[0]
    d = data(state)
    d.built = True
    state.move(cid, (seat, RESOURCES))
    state.cards[cid].counters[kind] = 1
    value = state.cards[cid].card.value
    events.append(
        Event(
            "move",
            f"{who(state, seat)} builds {name(state, cid)} as {KIND_NAMES[kind]} (worth {value})",
            seat=seat,
            cards=(cid,),
            value=((seat, HAND), (seat, RESOURCES)),
            reveals=(cid,),
        )
    )


# -- scenarios --------------------------------------------------------------------------------


def _gen_scenario(state: GameState, seat: int) -> Iterator[Action]:
    if state.phase not in ("camp", "rest"):
        return
    zone = state.zones[(None, SCENARIOS)]
    full = len(zone) >= SLOTS
    mine = scenarios_of(state, seat)
    if full and not mine:
        return
    seen = set()
    for cid in state.zones[(seat, HAND)]:
        inst = state.cards[cid]
        card = inst.card
        if card.type != "scenario" or (card.name in seen and cid != data(state).found):
            continue
        seen.add(card.name)
        if _scenario_when(state, cid) is not None or level_problem(state, seat, card) is not None:
            continue
        if not full:
            yield act(state, "scenario", seat, (cid,))
        else:
            for old in mine:
                yield act(state, "scenario", seat, (cid,), (old,))


def _scenario_when(state: GameState, cid: int) -> str | None:
    """Why the scenario ``cid`` may not be played now: in the Camp Phase, up to step 4, or
    at any moment if Scenario Pardon found it this turn (ruling 24)."""
    d = data(state)
    if state.phase == "camp":
        return (
            R_STEP_ORDER + ": Play Scenario Cards is step 4"
            if d.step > 4 and cid != d.found
            else None
        )
    if state.phase == "rest":
        return R_REST_ONE if d.established else None
    return R_SCENARIO_WHEN


def _check_scenario(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if len(action.cards) != 1 or len(action.targets) > 1 or action.words:
        return (
            f'{C}: play one scenario into an open slot (scenario "Card"), or onto one of '
            'yours when the zone is full (scenario "Card" -> "Yours")'
        )
    inst = state.cards[action.cards[0]]
    if inst.zone != (seat, HAND) or inst.card.type != "scenario":
        return f"{R_FROM_HAND}: play a scenario card from your hand"
    when = _scenario_when(state, action.cards[0])
    if when is not None:
        return when
    full = len(state.zones[(None, SCENARIOS)]) >= SLOTS
    if action.targets:
        old = action.targets[0]
        if state.cards[old].zone != (None, SCENARIOS) or state.cards[old].owner != seat:
            return f"{R_REPLACE}: replace a scenario you control"
        if not full:
            return f"{R_REPLACE} (there is an open slot)"
    elif full:
        return (
            f"{R_SLOT} (every slot is full: you may replace one of yours)"
            if scenarios_of(state, seat)
            else f"{R_SLOT} (every slot is full and none is yours: you are blocked, ruling 23)"
        )
    return level_problem(state, seat, inst.card)


def _exec_scenario(state: GameState, action: Action, events: Events) -> None:
    seat, cid = action.seat, action.cards[0]
    d = data(state)
    if state.phase != "camp":
        d.established = True
    elif cid == d.found:
        d.found = None  # out of the step order (ruling 24): the step reached stays
    else:
        d.step = 4
    replaced = ""
    if action.targets:
        old = action.targets[0]
        state.move(old, (state.cards[old].owner, ARCHIVE))
        replaced = f", replacing {name(state, old)} (archived)"
    card = state.cards[cid].card
    twin = any(state.cards[c].card.name == card.name for c in scenarios_of(state, seat))
    state.move(cid, (None, SCENARIOS))
    events.append(
        Event(
            "move",
            f"{who(state, seat)} plays the level {card.level} scenario "
            f"{card.name}{replaced}: scenario level {scenario_level(state, seat)}",
            seat=seat,
            cards=(cid,),
            value=((seat, HAND), (None, SCENARIOS)),
            reveals=(cid,),
        )
    )
    if card.effects and twin:
        events.append(
            Event(
                "info",
                f"{card.name}'s effect does not happen again: one of "
                "that name is already yours in play (ruling 22)",
                seat=seat,
                cards=(cid,),
            )
        )
    elif card.effects:
        resolve(state, card.effects, cid, seat, events)


# -- Scenario Pardon (ruling 24) -------------------------------------------------------------

PARDON_COST = 3
R_PARDON = (
    f"{C}, Scenario Pardon: At any time, A player may pay 3 resources during their camp "
    "phase to search their deck for a level 1 scenario"
)
R_PARDON_ONCE = f"{C}, Scenario Pardon: once a turn (ruling 24)"


def pardon_find(state: GameState, seat: int) -> int | None:
    """The level 1 scenario a Pardon of ``seat``'s takes: the first in its deck's order
    (ruling 24); None if the deck holds none. The seat's own search: only its generator and
    its own check ask."""
    cards = state.cards
    for c in state.zones[(seat, DECK)]:
        card = cards[c].card
        if card.type == "scenario" and card.level == 1:
            return c
    return None


def _gen_pardon(state: GameState, seat: int) -> Iterator[Action]:
    if data(state).pardoned:
        return
    mine = resources(state, seat)
    if not payment.can_pay(mine, payment.ANY, PARDON_COST) or pardon_find(state, seat) is None:
        return
    pay = payment.choose(mine, payment.ANY, PARDON_COST)
    if pay is not None:
        yield act(state, "pardon", seat, tuple(r.card for r in pay))


def _check_pardon(state: GameState, action: Action) -> str | None:
    if not action.cards or action.targets or action.words:
        return f'{C}: invoke Scenario Pardon with the resources that pay 3 (pardon "Resource"...)'
    if data(state).pardoned:
        return R_PARDON_ONCE
    if pardon_find(state, action.seat) is None:
        return f"{R_PARDON}: no level 1 scenario is left in your deck (ruling 24)"
    return payment.problem(
        resources(state, action.seat), list(action.cards), payment.ANY, PARDON_COST
    )


def _exec_pardon(state: GameState, action: Action, events: Events) -> None:
    """The resources are rested; the first level 1 scenario of the deck is shown to both and
    taken to the hand; the deck is shuffled."""
    seat = action.seat
    d = data(state)
    d.pardoned = True
    for r in action.cards:
        state.cards[r].turned = True
    cid = pardon_find(state, seat)
    d.found = cid
    state.move(cid, (seat, HAND))
    spent = ", ".join(name(state, r) for r in action.cards)
    events.append(
        Event(
            "move",
            f"{who(state, seat)} invokes Scenario Pardon (resting {spent}) "
            f"and shows {name(state, cid)} from their deck; it may be played at any "
            "moment of this Camp Phase",
            seat=seat,
            cards=(cid,),
            value=((seat, DECK), (seat, HAND)),
            reveals=(cid,),
        )
    )
    state.shuffle((seat, DECK))
    events.append(Event("info", f"{who(state, seat)} shuffles their deck", seat=seat))


# -- party tactics ---------------------------------------------------------------------------

TACTICS = ("support", "battlefield", "leader")
R_ONE_TACTIC = (
    f"{C}, {CAMP}: Players may perform only one of these actions per turn during camp phase"
)
R_TACTIC = f"{C}, Party Tactics: {{}}"


def _archived(state: GameState) -> list[int]:
    """The seats whose every champion is archived."""
    return [s for s in range(state.seats) if not party_left(state, s)]


def party_left(state: GameState, seat: int) -> list[int]:
    """The seat's champions not archived: in the party area or on the field."""
    z = state.zones
    return [
        c
        for zone in (PARTY, LEADER, CHARACTERS, SUPPORT)
        for c in z[(seat, zone)]
        if state.cards[c].card.type == "champion"
    ]


def played(state: GameState, cid: int) -> None:
    """A character comes to the field this turn (it may not attack this turn without First
    Strike, ruling 29)."""
    state.cards[cid].counters["entered"] = state.turn


def _tactic_problem(state: GameState, seat: int, champion: int, where: str) -> str | None:
    inst = state.cards[champion]
    z = state.zones
    src = inst.zone
    leader_empty = not z[(seat, LEADER)]
    if inst.owner != seat or inst.card.type != "champion" or src[0] != seat:
        return R_TACTIC.format("choose a champion of your party")
    if where == "support":
        if src[1] != PARTY:
            return R_TACTIC.format(
                "A. Play a Champion from their party area to their open support position"
            )
        if z[(seat, SUPPORT)]:
            return R_TACTIC.format("A. ... to their open support position (it is taken)")
    elif where == "battlefield":
        if src[1] != PARTY:
            return R_TACTIC.format("B. Play a Champion from their Party area to the Battlefield")
        problem = position_problem(state, seat, inst.card)
        if problem:
            return R_TACTIC.format(f"B. ... to the Battlefield: {problem}")
    elif src[1] not in (CHARACTERS, SUPPORT) and not (leader_empty and src[1] == PARTY):
        return R_TACTIC.format(
            "C. Swap a champion in their party Leader Area, with another "
            "Champion on the field that they control"
        )
    if (
        leader_empty
        and where != "leader"
        and any(
            state.cards[c].card.type == "champion"
            for c in (*z[(seat, PARTY)], *z[(seat, CHARACTERS)], *z[(seat, SUPPORT)])
        )
    ):
        return R_TACTIC.format(
            "the Party Leader position is empty: this turn's tactic fills it (ruling 32)"
        )
    return None


def _gen_tactic(state: GameState, seat: int) -> Iterator[Action]:
    d = data(state)
    if d.tactic or d.step > 5:
        return
    z = state.zones
    for cid in (*z[(seat, PARTY)], *z[(seat, CHARACTERS)], *z[(seat, SUPPORT)]):
        for where in TACTICS:
            if _tactic_problem(state, seat, cid, where) is None:
                yield act(state, "tactic", seat, (cid,), (), (where,))


def _check_tactic(state: GameState, action: Action) -> str | None:
    if (
        len(action.cards) != 1
        or action.targets
        or len(action.words) != 1
        or action.words[0] not in TACTICS
    ):
        return (
            f"{C}: one party tactic: a champion to support, to the battlefield or to the "
            'leader position (tactic "Champion" support|battlefield|leader)'
        )
    d = data(state)
    if d.tactic:
        return R_ONE_TACTIC
    if d.step > 5:
        return R_STEP_ORDER + ": Party Tactics is step 5"
    return _tactic_problem(state, action.seat, action.cards[0], action.words[0])


def _exec_tactic(state: GameState, action: Action, events: Events) -> None:
    seat, cid, where = action.seat, action.cards[0], action.words[0]
    d = data(state)
    d.tactic = True
    d.step = 5
    src = state.cards[cid].zone
    if where in ("support", "battlefield"):
        if where == "support":
            state.move(cid, (seat, SUPPORT))
        else:
            take_position(state, cid, events)
        played(state, cid)
        text = (
            f"{who(state, seat)} plays {name(state, cid)} from the party area to "
            f"{'the support position' if where == 'support' else 'the battlefield'}"
        )
    elif not state.zones[(seat, LEADER)]:
        state.move(cid, (seat, LEADER), keep=src[1] != PARTY)
        if src[1] == PARTY:
            played(state, cid)
        text = f"{who(state, seat)}'s {name(state, cid)} takes the empty Party Leader position"
    else:
        leader = state.zones[(seat, LEADER)][0]
        at = state.zones[src].index(cid)
        state.move(leader, src, index=at, keep=True)
        state.move(cid, (seat, LEADER), keep=True)
        text = (
            f"{who(state, seat)} swaps {name(state, cid)} into the Party Leader position "
            f"with {name(state, leader)}"
        )
    events.append(Event("move", text, seat=seat, cards=(cid,), value=(src, state.cards[cid].zone)))
    if src[1] == PARTY:
        _fire(state, cid, "swift", events)  # played to the field (a swap is not, ruling 6)


# -- playing arsenal cards -------------------------------------------------------------------

R_AFFILIATION = (
    f"{C}, Affiliation Check: You must have at least one Champion Character on the "
    "field with an affiliation that matches the Arsenal Card's affiliation ({})"
)
R_CLASS = (
    f"{C}, Class Check: You must have at least one Active Character on the field with a "
    "class that matches the Arsenal Card's class ({})"
)
R_RACE = (
    f"{C}, Race Check: You must have at least one Active Character on the field with the "
    "race that matches the Arsenal Card's race requirement ({})"
)
R_CONDITION = (
    f"{C}: when a card effect has some printed condition before the effects text, "
    "the card may not be played ({})"
)
R_POSITION = f"{C}: Acolytes can be played in any of the 6 acolyte positions on the field"
R_EQUIP = f"{C}: Equipment cards may only target Champion cards"
R_TARGET = f"{C}: choose the character it names"
R_CAST = f"{C}, Cast: may be played or activated only in the named phase ({{}})"
R_NOT_YET = f"{C}: {{}} are not played this way"
R_PLAY_WHEN = f"{C}, {PREP}: Play Arsenal Cards from their hand"
CONDITIONS = {
    "an_enemy_is_rested": "an enemy character is rested",
    "an_ally_is_damaged": "a character of yours is damaged",
    "you_control_a_scenario": "you control a scenario",
    "a_spell_is_in_your_archive": "a Spell card is in your archive",
    "your_leader_is_damaged": "your party leader is damaged",
}
CAST_PHASES = frozenset({"camp", "prep", "rest"})  # the phases cards are played in


R_OBSTRUCTED = (
    f"{C}: Agile: may be played on an obstructed position; every open position of "
    "yours is obstructed (ruling 57)"
)


def obstructed(state: GameState, seat: int) -> int:
    """How many of the seat's open character positions a card obstructs (ruling 57)."""
    return sum(1 for s, _ in data(state).obstructed if s == seat)


def position_problem(state: GameState, seat: int, card: CoeCard) -> str | None:
    """Why a character may not take one of the seat's 6 positions now: none is open, or
    every open one is obstructed and it is not Agile (ruling 57)."""
    taken = len(state.zones[(seat, CHARACTERS)])
    if taken >= POSITIONS:
        return f"{R_POSITION} (every position is taken)"
    if taken + obstructed(state, seat) >= POSITIONS and "agile" not in card.keywords:
        return R_OBSTRUCTED
    return None


def take_position(state: GameState, cid: int, events: Events) -> None:
    """The character takes an open position: an unobstructed one if any is, else (Agile) an
    obstructed one, whose obstruction it then fills (ruling 57)."""
    inst = state.cards[cid]
    seat = inst.owner
    d = data(state)
    if len(state.zones[(seat, CHARACTERS)]) + obstructed(state, seat) >= POSITIONS:
        at = next(i for i, (s, _) in enumerate(d.obstructed) if s == seat)
        d.obstructed = d.obstructed[:at] + d.obstructed[at + 1 :]
        events.append(
            Event(
                "info",
                f"{inst.card.name} is Agile: it takes an obstructed position",
                seat=seat,
                cards=(cid,),
            )
        )
    state.move(cid, (seat, CHARACTERS), keep=True)


def _obstruct(state: GameState, seat: int, source: int, events: Events) -> None:
    """One open, unobstructed position of each enemy's is obstructed until ``seat``'s next
    turn begins (ruling 57)."""
    d = data(state)
    for enemy in range(state.seats):
        if enemy == seat:
            continue
        if len(state.zones[(enemy, CHARACTERS)]) + obstructed(state, enemy) >= POSITIONS:
            events.append(
                Event(
                    "info",
                    f"{name(state, source)}: {who(state, enemy)} has no open position to obstruct",
                    seat=seat,
                    cards=(source,),
                )
            )
            continue
        d.obstructed = (*d.obstructed, (enemy, seat))
        events.append(
            Event(
                "info",
                f"{name(state, source)} obstructs one of "
                f"{who(state, enemy)}'s open positions for one round "
                f"({obstructed(state, enemy)} obstructed: only an Agile acolyte "
                "may be played there)",
                seat=seat,
                cards=(source,),
                value=("obstructed", enemy, obstructed(state, enemy)),
            )
        )


def characters(state: GameState, seat: int) -> list[int]:
    """The seat's champions and acolytes on the field: the leader, the character positions,
    the support position."""
    z = state.zones
    return [*z[(seat, LEADER)], *z[(seat, CHARACTERS)], *z[(seat, SUPPORT)]]


def _checks_problem(state: GameState, seat: int, card: CoeCard) -> str | None:
    """Ruling 16: affiliation by a champion of yours on the field, class and race by any
    character of yours on the field; one match of a list is enough."""
    mine = [state.cards[c].card for c in characters(state, seat)]
    needs = card.requires
    if needs.affiliations and not any(
        set(needs.affiliations) & set(c.affiliations) for c in mine if c.type == "champion"
    ):
        return R_AFFILIATION.format(" or ".join(needs.affiliations))
    if needs.classes and not any(set(needs.classes) & set(c.classes) for c in mine):
        return R_CLASS.format(" or ".join(needs.classes))
    if needs.races and not any(set(needs.races) & set(c.races) for c in mine):
        return R_RACE.format(" or ".join(needs.races))
    return None


def condition_met(state: GameState, seat: int, condition: str | None) -> bool:
    if condition is None:
        return True
    cards = state.cards
    if condition == "an_enemy_is_rested":
        return any(
            cards[c].turned for s in range(state.seats) if s != seat for c in characters(state, s)
        )
    if condition == "an_ally_is_damaged":
        return any(cards[c].damage for c in characters(state, seat))
    if condition == "you_control_a_scenario":
        return bool(scenarios_of(state, seat))
    if condition == "a_spell_is_in_your_archive":
        return any(cards[c].card.type == "spell" for c in state.zones[(seat, ARCHIVE)])
    if condition == "your_leader_is_damaged":
        return any(cards[c].damage for c in state.zones[(seat, LEADER)])
    raise ValueError(f"no condition {condition!r}")


def targets_for(
    state: GameState, seat: int, side: str, champions_only: bool = False
) -> list[int] | None:
    """The characters a card or skill played by ``seat`` may choose (None: it chooses none):
    an enemy's Alert character cannot be chosen (ruling 61)."""
    if side == "none":
        return None
    out = []
    for s in range(state.seats):
        if side != "any" and (s == seat) != (side == "ally"):
            continue
        for c in characters(state, s):
            card = state.cards[c].card
            if champions_only and card.type != "champion":
                continue
            if s != seat and has(state, c, "alert"):
                continue
            out.append(c)
    return out


def has(state: GameState, cid: int, keyword: str, mods: Sequence[Modifier] | None = None) -> bool:
    """Whether a character has a keyword: printed, or granted by an effect in force, and not
    negated (a Contravene's "cannot" wins). ``mods``: its modifiers, already gathered."""
    return ab.permitted(
        state,
        cid,
        keyword,
        keyword in state.cards[cid].card.keywords,
        ab.modifiers(state, cid) if mods is None else mods,
    )


def _answering(state: GameState) -> bool:
    prompt = state.top_prompt
    return prompt is not None and prompt.name == "answer"


def _when_problem(state: GameState, card: CoeCard) -> str | None:
    """Why the card may not be played now, outside an answer window."""
    if card.counter or card.contravene:
        return R_ANSWER_ONLY.format("Counter" if card.counter else "Contravene")
    if card.cast is not None and card.cast != state.phase:
        return R_CAST.format(f"Cast: {card.cast.capitalize()}")
    if card.cast is None and state.phase != "prep":
        return R_PLAY_WHEN
    return None


def _answer_problem(state: GameState, seat: int, card: CoeCard) -> str | None:
    """Why the card may not be played in the open answer window (ruling 51)."""
    chain = data(state).chain
    if card.conjure:
        return R_CONJURE_SET
    if card.counter:
        if seat == chain.actor:
            return R_COUNTER_WHOSE
        if card.counter != "any" and card.counter != ANSWERS[chain.kind]:
            return R_COUNTER_TRIGGER.format(
                "an attack" if card.counter == "attack" else "a card played"
            )
        subject = state.cards[chain.subject] if chain.subject is not None else None
        if subject is not None and not subject.face_down and subject.card.conjure:
            return R_COUNTER_CONJURE
        return None
    if card.contravene:
        return None
    if card.cast == "battle":
        return None if chain.kind == "battle" else R_CAST.format("Cast: Battle")
    return R_ANSWERS


def _play_problem(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if not action.cards or len(action.targets) > 1 or len(action.words) > 1:
        return (
            f"{C}: play one card from your hand with the resources that pay it (play "
            '"Card", "Resource"... [-> "Target"]; a Contravene names a keyword)'
        )
    inst = state.cards[action.cards[0]]
    card = inst.card
    if inst.zone != (seat, HAND) or not card.arsenal:
        return f"{R_FROM_HAND}: play an arsenal card from your hand"
    problem = (
        _answer_problem(state, seat, card) if _answering(state) else _when_problem(state, card)
    )
    if problem:
        return problem
    if card.type == "acolyte":
        problem = position_problem(state, seat, card)
        if problem:
            return problem
    problem = _checks_problem(state, seat, card) or _cc_problem(state, seat, card)
    if problem:
        return problem
    if not condition_met(state, seat, card.condition):
        return R_CONDITION.format(f"only if {CONDITIONS[card.condition]}")
    if card.contravene:
        if (
            len(action.targets) != 1
            or len(action.words) != 1
            or (action.targets[0], action.words[0]) not in contravenable(state)
        ):
            return R_CONTRAVENE
    elif action.words:
        return f"{C}: only a Contravene names a keyword"
    else:
        targets = (
            None
            if card.conjure
            else targets_for(state, seat, card.target, champions_only=card.type == "equipment")
        )
        if targets is None:
            if action.targets:
                return f"{R_TARGET}: {card.name} chooses no character" + (
                    " when it is set (it chooses when activated)" if card.conjure else ""
                )
        elif len(action.targets) != 1 or action.targets[0] not in targets:
            return R_EQUIP if card.type == "equipment" else R_TARGET
    promoted = _promoter(state, action)
    if promoted is not None:
        return _promote_problem(state, seat, card, promoted)
    return payment.problem(
        resources(state, seat), list(action.cards[1:]), card.resource or "mana", card.cost
    )


R_PROMOTE = (
    f"{C}: Promote: archive Acolytes that meet the stated requirement to play a card "
    "for free (one acolyte of yours on the battlefield, ruling 58)"
)


def _meets(card: CoeCard, needs: schema.Requires) -> bool:
    """Whether a card meets every list of a requirement (one match of each is enough)."""
    return all(
        not wanted or set(wanted) & set(have)
        for wanted, have in (
            (needs.affiliations, card.affiliations),
            (needs.classes, card.classes),
            (needs.races, card.races),
        )
    )


def promotable(state: GameState, seat: int, card: CoeCard) -> list[int]:
    """The seat's acolytes on the battlefield, rested or not, that may be archived to play
    ``card`` by its Promote (ruling 58)."""
    if card.promote is None:
        return []
    cards = state.cards
    return [
        c
        for c in state.zones[(seat, CHARACTERS)]
        if cards[c].card.type == "acolyte" and _meets(cards[c].card, card.promote)
    ]


def _promoter(state: GameState, action: Action) -> int | None:
    """The acolyte a play names in place of resources (a Promote), if it names one."""
    paid = action.cards[1:]
    if (
        len(paid) != 1
        or state.cards[paid[0]].zone[1] == RESOURCES
        or state.cards[action.cards[0]].card.promote is None
    ):
        return None
    return paid[0]


def _promote_problem(state: GameState, seat: int, card: CoeCard, acolyte: int) -> str | None:
    if acolyte in promotable(state, seat, card):
        return None
    needs = card.promote
    wanted = " and ".join(
        " or ".join(w) for w in (needs.affiliations, needs.classes, needs.races) if w
    )
    return f"{R_PROMOTE}: {card.name} promotes a {wanted} acolyte"


def _gen_play(state: GameState, seat: int) -> Iterator[Action]:
    answering = _answering(state)
    if not answering and state.phase not in CAST_PHASES:
        return
    cards = state.cards
    mine = None
    seen = set()
    chosen: dict[tuple[str, int], Any] = {}  # the payment for a cost, asked once
    for cid in state.zones[(seat, HAND)]:
        inst = cards[cid]
        card = inst.card
        if not inst.known or not card.arsenal or card.name in seen:
            continue
        seen.add(card.name)
        if _answer_problem(state, seat, card) if answering else _when_problem(state, card):
            continue
        if card.type == "acolyte" and position_problem(state, seat, card):
            continue
        if (
            _checks_problem(state, seat, card)
            or _cc_problem(state, seat, card)
            or not condition_met(state, seat, card.condition)
        ):
            continue
        mine = mine if mine is not None else resources(state, seat)
        cost = (card.resource or "mana", card.cost)
        if cost not in chosen:
            chosen[cost] = payment.choose(mine, *cost)
        pay = chosen[cost]
        ways = [(cid, *(r.card for r in pay))] if pay is not None else []
        ways += [(cid, a) for a in promotable(state, seat, card)]  # ruling 58
        for paid in ways:
            if card.contravene:
                for target, keyword in contravenable(state):
                    yield act(state, "play", seat, paid, (target,), (keyword,))
                continue
            targets = (
                None
                if card.conjure
                else targets_for(state, seat, card.target, champions_only=card.type == "equipment")
            )
            for t in targets if targets is not None else [None]:
                yield act(state, "play", seat, paid, (t,) if t is not None else ())


def _exec_play(state: GameState, action: Action, events: Events) -> None:
    """The card is paid for and shown (a Conjure is set face down), and waits while the
    other seat may answer it (ruling 51); it resolves when the answers are done."""
    seat, cid = action.seat, action.cards[0]
    inst = state.cards[cid]
    card = inst.card
    target = action.targets[0] if action.targets else None
    answering = _answering(state)
    if answering:
        close_window(state)
    promoted = _promoter(state, action)
    if promoted is not None:
        # Ruling 58: the acolyte is archived instead of paying; its Battlefall resolves now.
        paid = f" (promoting {name(state, promoted)})"
        archive(state, promoted, events, f" to promote {card.name}")
    else:
        for r in action.cards[1:]:
            state.cards[r].turned = True
        spent = ", ".join(name(state, r) for r in action.cards[1:])
        paid = f" (resting {spent})" if spent else ""
    if card.conjure:
        state.move(cid, (seat, ARSENAL))
        inst.face_down = True
        events.append(
            Event(
                "move",
                f"{who(state, seat)} sets {card.name} face down{paid}",
                seat=seat,
                cards=(cid,),
                value=((seat, HAND), (seat, ARSENAL)),
                secret=f"{who(state, seat)} sets a card face down{paid}",
                seen_by=frozenset({seat}),
            )
        )
        _open_chain(state, events, "play", seat, cid)
        return
    state.move(cid, (seat, PLAYED))
    chain = data(state).chain
    if card.counter:
        target = chain.answered(state)
    on = f" on {name(state, target)}" if target is not None else ""
    if card.contravene:
        on = f" against {name(state, target)}'s {_keyword(action.words[0])}"
    events.append(
        Event(
            "cast",
            f"{who(state, seat)} plays {card.name}{on}{paid}",
            seat=seat,
            cards=(cid, *((target,) if target is not None else ())),
            value=((seat, HAND), (seat, PLAYED)),
            reveals=(cid,),
        )
    )
    speed = COUNTER_SPEED if card.counter or card.contravene else ARSENAL_SPEED
    key = f"card:{action.words[0]}" if card.contravene else "card"
    ab.pend(state, speed, cid, seat, key, target)
    if answering:
        _add_answer(state, cid, events)
    else:
        _open_chain(state, events, "play", seat, cid)


def _resolve_card(state: GameState, p: ab.Pending, events: Events) -> None:
    """A played card's turn to resolve: it takes its place or does what it says, then is
    archived unless it stays (an acolyte, equipment, an infinite card)."""
    cid, seat, target = p.card, p.seat, p.target
    inst = state.cards[cid]
    card = inst.card
    if inst.zone not in ((seat, PLAYED), (seat, ARSENAL)) or inst.face_down:
        return  # negated or gone meanwhile
    if card.type == "acolyte":
        if position_problem(state, seat, card):
            _archive_card(state, cid, events, ": no position it may take is open")
            return
        take_position(state, cid, events)
        played(state, cid)
        events.append(
            Event(
                "move",
                f"{card.name} takes an acolyte position",
                seat=seat,
                cards=(cid,),
                value=((seat, PLAYED), (seat, CHARACTERS)),
            )
        )
        _fire(state, cid, "swift", events)
        return
    if card.type == "equipment":
        if target not in characters(state, seat):
            _archive_card(state, cid, events, ": its champion has left the field")
            return
        state.move(cid, (seat, ARSENAL), keep=True)
        inst.attached_to = target
        events.append(
            Event(
                "move",
                f"{card.name} is equipped to {name(state, target)}",
                seat=seat,
                cards=(cid, target),
                value=((seat, PLAYED), (seat, ARSENAL)),
            )
        )
        return
    if card.stays and inst.zone != (seat, ARSENAL):
        state.move(cid, (seat, ARSENAL), keep=True)
    if p.key.startswith("card:"):
        _contravene(state, target, p.key[5:], cid, events)
    else:
        resolve(state, card.effects, cid, seat, events, target)
    if not card.stays and inst.zone in ((seat, PLAYED), (seat, ARSENAL)):
        _archive_card(state, cid, events, " once resolved")


def _archive_card(state: GameState, cid: int, events: Events, why: str) -> None:
    inst = state.cards[cid]
    src = inst.zone
    state.move(cid, (inst.owner, ARCHIVE))
    events.append(
        Event(
            "move",
            f"{inst.card.name} is archived{why}",
            seat=inst.owner,
            cards=(cid,),
            value=(src, (inst.owner, ARCHIVE)),
            reveals=(cid,),
        )
    )


# -- the CC limit (ruling 35) ------------------------------------------------------------------

R_CC = (
    f"{C}: Players must choose to archive arsenal cards that are over the CC limit of the "
    "champions on their side of the field (ruling 35)"
)


def cc_limit(state: GameState, seat: int) -> int:
    """The total CC of the seat's champions on the field (not those in the party area)."""
    cards = state.cards
    return sum(
        cards[c].card.cc or 0 for c in characters(state, seat) if cards[c].card.type == "champion"
    )


def cc_counted(state: GameState, seat: int) -> list[int]:
    """The seat's cards the limit counts: its equipment and infinite cards in play (not
    acolytes, face-down conjures, or cards still being played)."""
    cards = state.cards
    return [
        c
        for c in state.zones[(seat, ARSENAL)]
        if not cards[c].face_down and _cc_counts(cards[c].card)
    ]


def _cc_counts(card: CoeCard) -> bool:
    return card.type == "equipment" or card.infinite


def _cc_problem(state: GameState, seat: int, card: CoeCard) -> str | None:
    """A card that would stay in play past the seat's CC limit cannot be played."""
    if not _cc_counts(card) or card.conjure:
        return None
    limit, count = cc_limit(state, seat), len(cc_counted(state, seat))
    if count + 1 <= limit:
        return None
    return f"{R_CC}: your CC limit is {limit} and {count} of your cards in play count toward it"


def over_cc(state: GameState, seat: int) -> bool:
    counted = cc_counted(state, seat)
    return bool(counted) and len(counted) > cc_limit(state, seat)


def _cc_check(state: GameState, events: Events) -> None:
    """Once an action has settled: a seat over its CC limit (a champion of its left the
    field) chooses at once which of its cards to archive, until within it (ruling 35)."""
    asked = {p.seat for p in state.prompts if p.name == "cc"}
    over = [s for s in range(state.seats) if s not in asked and over_cc(state, s)]
    if not over or state.over or state.game.winner(state) is not None:
        return  # (nobody is over; or the game is won: it ends as the action settles)
    for seat in over:
        open_window(state, seat, "cc", events)


def _settles(execute: Any) -> Any:
    """An action's execution, then the CC limit's check (ruling 35)."""

    def run(state: GameState, action: Action, events: Events) -> None:
        execute(state, action, events)
        _cc_check(state, events)

    return run


def _settles_pass(on_pass: Any) -> Any:
    def run(state: GameState, prompt: Prompt, events: Events) -> None:
        on_pass(state, prompt, events)
        _cc_check(state, events)

    return run


def _gen_shed(state: GameState, seat: int) -> Iterator[Action]:
    if over_cc(state, seat):
        for cid in cc_counted(state, seat):
            yield act(state, "archive", seat, (cid,))


def _check_shed(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if len(action.cards) != 1 or action.targets or action.words:
        return f'{C}: archive one of your cards over the CC limit (archive "Card")'
    if action.cards[0] not in cc_counted(state, seat):
        return f"{R_CC}: choose one of your equipment or infinite cards in play"
    if not over_cc(state, seat):
        return f"{R_CC}: you are within your CC limit"
    return None


def _exec_shed(state: GameState, action: Action, events: Events) -> None:
    seat, cid = action.seat, action.cards[0]
    _archive_card(
        state,
        cid,
        events,
        f": {who(state, seat)} is over the CC limit of {cc_limit(state, seat)} (ruling 35)",
    )
    if not over_cc(state, seat):
        close_window(state)


# -- answers: Counter, Conjure, Contravene, Cast: Battle (rulings 49, 51-54) ------------------

R_ANSWER_ONLY = (
    f"{C}: {{}} cards are activated from the hand in response to an opponent's "
    "action (in an answer window, ruling 51)"
)
R_ANSWERS = (
    f"{C}: in answer to an action only Counter, Contravene and Cast: Battle cards are "
    "played, and face-down Conjures activated (ruling 51)"
)
R_CONJURE_SET = (
    f"{C}: Conjure: played face down first, and may be activated on the turn it "
    "is played (set it in your Preparation Phase, ruling 52)"
)
R_COUNTER_WHOSE = f"{C}: Counter: activated in response to an opponent's action (ruling 53)"
R_COUNTER_TRIGGER = f"{C}: this Counter answers only {{}} (ruling 53)"
R_COUNTER_CONJURE = (
    f"{C}: Conjure effects resolve first: a Conjure turned up is beyond a "
    "Counter's reach (ruling 53)"
)
R_CONTRAVENE = (
    f"{C}: Contravene: negates one keyword effect, chosen on activation: name a "
    "keyword of a card or character of the action answered (ruling 54)"
)
R_REVEAL = (
    f"{C}: a face-down Conjure of yours is activated in an answer window or in your "
    "Preparation Phase (ruling 52)"
)
CONJURE_SPEED, COUNTER_SPEED, CHARACTER_SPEED, ARSENAL_SPEED = 1, 2, 3, 4  # coe.txt, Card Speeds
LAST_FIRST = (CONJURE_SPEED, COUNTER_SPEED, ARSENAL_SPEED)
ANSWERS = {"play": "play", "battle": "attack"}  # a chain's kind: what a Counter names
TRIGGERED = ("swift", "rally_call", "fortify")  # the keyword effects a Contravene may stop


class Chain:
    """An action that may be answered (a card played, a Conjure activated, an attack) and
    the answers to it, until both seats pass in a row (ruling 51)."""

    __slots__ = ("actor", "answers", "asked", "kind", "passes", "subject")

    def __init__(self, kind: str, actor: int, subject: int | None, asked: int, passes: int):
        self.kind = kind  # "play" or "battle"
        self.actor = actor
        self.subject = subject  # the card played (None for an attack)
        self.asked = asked
        self.passes = passes
        self.answers: tuple[int, ...] = ()

    def copy(self) -> Chain:
        c = Chain(self.kind, self.actor, self.subject, self.asked, self.passes)
        c.answers = self.answers
        return c

    def snapshot(self) -> tuple:
        return (self.kind, self.actor, self.subject, self.asked, self.passes, self.answers)

    def answered(self, state: GameState) -> int | None:
        """What a Counter answers: the card played, or the attacker."""
        if self.kind == "battle":
            battle = data(state).battle
            return battle.attacker if battle is not None else None
        return self.subject


def may_answer(state: GameState, seat: int) -> bool:
    """Whether an answer window opens for ``seat``: it holds a card, or has a face-down
    Conjure set; both seats see these, whatever the cards are (ruling 51)."""
    return bool(state.zones[(seat, HAND)]) or any(
        state.cards[c].face_down for c in state.zones[(seat, ARSENAL)]
    )


def _open_chain(
    state: GameState, events: Events, kind: str, actor: int, subject: int | None
) -> None:
    """After a play, the other seat is asked (the play is its player's pass); after an
    attack's boosts, the defender's player first, then the attacker's."""
    if kind == "play":
        chain = Chain(kind, actor, subject, 1 - actor, 1)
    else:
        battle = data(state).battle
        chain = Chain(kind, actor, subject, state.cards[battle.target].owner, 0)
    data(state).chain = chain
    _ask(state, events)


def _ask(state: GameState, events: Events) -> None:
    chain = data(state).chain
    while chain.passes < 2:
        if may_answer(state, chain.asked):
            open_window(state, chain.asked, "answer", events)
            return
        chain.passes += 1
        chain.asked = 1 - chain.asked
    _close_chain(state, events)


def _add_answer(state: GameState, cid: int, events: Events) -> None:
    """``cid`` was played (or turned up) in answer: the other seat is asked in turn."""
    chain = data(state).chain
    chain.answers = (*chain.answers, cid)
    chain.passes = 0
    chain.asked = 1 - chain.asked
    _ask(state, events)


def _on_pass_answer(state: GameState, prompt: Prompt, events: Events) -> None:
    chain = data(state).chain
    chain.passes += 1
    chain.asked = 1 - chain.asked
    _ask(state, events)


def _close_chain(state: GameState, events: Events) -> None:
    """Both seats passed: everything waiting resolves in speed order, then the battle goes
    on to its damage."""
    d = data(state)
    chain, d.chain = d.chain, None
    _resolve_pending(state, events)
    if chain.kind == "battle" and d.battle is not None:
        _after_answers(state, events)


def _keyword(word: str) -> str:
    return word.replace("_", " ").title()


def keywords_of(state: GameState, cid: int) -> list[str]:
    """The keyword effects a Contravene may name on a card or character: its keywords
    (printed or granted), its Swift, Rally Call and Fortify, and Counter or Contravene on an
    answer (not Conjure: a Conjure resolves before any Contravene could)."""
    card = state.cards[cid].card
    out = []
    if card.character:
        out += [k for k in (*CHARACTER_KEYWORDS, *BATTLE_KEYWORDS) if has(state, cid, k)]
        out += [
            t.when
            for t in card.triggers
            if t.when in TRIGGERED and t.when not in out and permits(state, cid, t.when)
        ]
    for word in ("counter", "contravene"):
        if getattr(card, word):
            out.append(word)
    return out


def contravenable(state: GameState) -> list[tuple[int, str]]:
    """The (card, keyword) pairs a Contravene may name now: those of the action answered
    and of the answers to it (ruling 54)."""
    chain = data(state).chain
    if chain is None:
        return []
    cards: list[int] = []
    if chain.kind == "battle":
        battle = data(state).battle
        cards += [battle.attacker, battle.target]
    elif chain.subject is not None and not state.cards[chain.subject].face_down:
        cards.append(chain.subject)
    cards += [c for c in chain.answers if not state.cards[c].face_down]
    return [(c, k) for c in cards for k in keywords_of(state, c)]


def _contravene(
    state: GameState, cid: int | None, keyword: str, source: int, events: Events
) -> None:
    """The named keyword's effect is negated: an answer does nothing; a trigger does not
    happen; a keyword is lost for the rest of the turn."""
    if cid is None:
        return
    inst = state.cards[cid]
    if keyword in ("counter", "contravene"):
        if ab.cancel_pending(state, cid) and inst.zone[1] in (PLAYED, ARSENAL):
            events.append(
                Event(
                    "info",
                    f"{name(state, source)} negates {inst.card.name}",
                    seat=state.cards[source].owner,
                    cards=(cid,),
                )
            )
            _archive_card(state, cid, events, " (negated)")
        return
    if keyword in TRIGGERED:
        state.pending = tuple(
            p for p in state.pending if not (p.card == cid and p.key.startswith(keyword))
        )
    ab.add(state, Modifier(cid, keyword, ab.CANNOT, source, ab.TURN))
    events.append(
        Event(
            "info",
            f"{name(state, source)} negates {inst.card.name}'s {_keyword(keyword)}",
            seat=state.cards[source].owner,
            cards=(cid,),
        )
    )


def _negate(state: GameState, answered: int | None, source: int, events: Events) -> None:
    """A Counter's "does nothing": the attack it answers deals no damage and its Rally Call
    and Fortify do not happen; the card it answers is archived without effect."""
    battle = data(state).battle
    owner = state.cards[source].owner
    if answered is None:
        return
    if battle is not None and answered == battle.attacker:
        battle.negated = True
        state.pending = tuple(
            p for p in state.pending if p.card not in (battle.attacker, battle.target)
        )
        events.append(
            Event(
                "info",
                f"{name(state, source)}: the attack does nothing",
                seat=owner,
                cards=(answered,),
            )
        )
        return
    inst = state.cards[answered]
    if inst.zone[1] == PLAYED or (inst.zone[1] == ARSENAL and inst.face_down):
        ab.cancel_pending(state, answered)
        events.append(
            Event(
                "info",
                f"{name(state, source)}: {inst.card.name} does nothing",
                seat=owner,
                cards=(answered,),
            )
        )
        _archive_card(state, answered, events, " (negated)")


def _gen_reveal(state: GameState, seat: int) -> Iterator[Action]:
    if not _answering(state) and (state.phase != "prep" or data(state).battle is not None):
        return
    for cid in state.zones[(seat, ARSENAL)]:
        inst = state.cards[cid]
        if (
            not inst.face_down
            or not inst.known
            or not condition_met(state, seat, inst.card.condition)
        ):
            continue
        targets = targets_for(state, seat, inst.card.target)
        for t in targets if targets is not None else [None]:
            yield act(state, "reveal", seat, (cid,), (t,) if t is not None else ())


def _check_reveal(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if len(action.cards) != 1 or len(action.targets) > 1 or action.words:
        return f'{C}: activate one face-down Conjure of yours (reveal "Card" [-> "Target"])'
    inst = state.cards[action.cards[0]]
    if inst.zone != (seat, ARSENAL) or not inst.face_down:
        return R_REVEAL
    if not _answering(state) and (state.phase != "prep" or data(state).battle is not None):
        return R_REVEAL
    card = inst.card
    if not condition_met(state, seat, card.condition):
        return R_CONDITION.format(f"only if {CONDITIONS[card.condition]}")
    targets = targets_for(state, seat, card.target)
    if targets is None:
        return f"{R_TARGET}: {card.name} chooses no character" if action.targets else None
    if len(action.targets) != 1 or action.targets[0] not in targets:
        return R_TARGET
    return None


def _exec_reveal(state: GameState, action: Action, events: Events) -> None:
    """The Conjure is turned face up and waits to resolve first (Conjure speed)."""
    seat, cid = action.seat, action.cards[0]
    answering = _answering(state)
    if answering:
        close_window(state)
    inst = state.cards[cid]
    inst.face_down = False
    forget_always(state)
    target = action.targets[0] if action.targets else None
    on = f" on {name(state, target)}" if target is not None else ""
    events.append(
        Event(
            "cast",
            f"{who(state, seat)} activates the Conjure {inst.card.name}{on}",
            seat=seat,
            cards=(cid, *((target,) if target is not None else ())),
            reveals=(cid,),
        )
    )
    ab.pend(state, CONJURE_SPEED, cid, seat, "card", target)
    if answering:
        _add_answer(state, cid, events)
    else:
        _open_chain(state, events, "play", seat, cid)


# -- skills -------------------------------------------------------------------------------------

R_SKILL_LEVEL = (
    f"{C}: Champions have skills that can be activated if the player's scenario "
    "level meets the skills required Scenario level ({})"
)
R_SKILL_REST = (
    f"{C}: “Rest” - refers to a character that may not go into battle or activate its effects"
)
R_SUPPORT_ONLY = (
    f"{C}: Character skills with the Support Keyword can only be activated from the support area"
)
R_ALWAYS = f"{C}: Passive: always active (it is not activated)"
R_SKILL_ONCE = f"{C}: each skill is activated once a turn (ruling 28)"
R_SKILL_WHEN = (
    f"{C}, {PREP}: Characters may activate their effects (a Cast: skill in its phase, ruling 28)"
)


def _skill_used(state: GameState, cid: int, i: int) -> bool:
    key = f"used:{i}"
    return any(m.target == cid and m.stat == key for m in state.lasting)


def _skill_problem(
    state: GameState, seat: int, cid: int, i: int, on_field: bool = False
) -> str | None:
    """Why the skill may not be activated now (before its payment and target; ``on_field``:
    the character is known to be one of the seat's on the field)."""
    inst = state.cards[cid]
    card = inst.card
    if (
        inst.owner != seat
        or not 0 <= i < len(card.skills)
        or not (on_field or cid in characters(state, seat))
    ):
        return f"{C}: activate a skill of one of your characters on the field"
    skill = card.skills[i]
    if skill.mode in ("passive", "innate"):
        return R_ALWAYS
    if (skill.cast or "prep") != state.phase:
        return R_CAST.format(f"Cast: {skill.cast.capitalize()}") if skill.cast else R_SKILL_WHEN
    if (skill.mode == "support") != (inst.zone[1] == SUPPORT):
        return (
            R_SUPPORT_ONLY
            if skill.mode == "support"
            else f"{C}: from the support position only Support skills are activated (ruling 15)"
        )
    if skill.level > scenario_level(state, seat):
        return R_SKILL_LEVEL.format(f"level {skill.level}")
    if inst.turned:
        return R_SKILL_REST
    if not permits(state, cid, "use_skills"):
        return f"{C}: a card's effect forbids it to activate its skills"
    if _skill_used(state, cid, i):
        return R_SKILL_ONCE
    if not condition_met(state, seat, skill.condition):
        return R_CONDITION.format(f"only if {CONDITIONS[skill.condition]}")
    return None


def _skill_index(action: Action) -> int:
    try:
        return int(action.words[0]) - 1
    except (IndexError, ValueError):
        return -1


def _gen_skill(state: GameState, seat: int) -> Iterator[Action]:
    if data(state).battle is not None:
        return
    mine = None
    for cid in characters(state, seat):
        if state.cards[cid].turned:
            continue  # a rested character activates nothing (R_SKILL_REST)
        for i, skill in enumerate(state.cards[cid].card.skills):
            if (
                skill.mode in ("passive", "innate")
                or _skill_problem(state, seat, cid, i, on_field=True) is not None
            ):
                continue
            paid: tuple[int, ...] = ()
            if skill.pay is not None:
                mine = mine if mine is not None else resources(state, seat)
                pay = payment.choose(mine, skill.pay.resource, skill.pay.amount, named=True)
                if pay is None:
                    continue
                paid = tuple(r.card for r in pay)
            targets = targets_for(state, seat, skill.target)
            for t in targets if targets is not None else [None]:
                yield act(
                    state, "skill", seat, (cid, *paid), (t,) if t is not None else (), (str(i + 1),)
                )


def _check_skill(state: GameState, action: Action) -> str | None:
    seat = action.seat
    i = _skill_index(action)
    if not action.cards or len(action.words) != 1 or i < 0 or len(action.targets) > 1:
        return (
            f'{C}: activate a character\'s skill by its number (skill "Character" 1 [-> "Target"])'
        )
    cid = action.cards[0]
    problem = _skill_problem(state, seat, cid, i)
    if problem:
        return problem
    skill = state.cards[cid].card.skills[i]
    targets = targets_for(state, seat, skill.target)
    if targets is None:
        if action.targets:
            return f"{R_TARGET}: {skill.name} chooses no character"
    elif len(action.targets) != 1 or action.targets[0] not in targets:
        return R_TARGET
    if skill.pay is None:
        return "C.O.E: this skill has no Pay cost" if action.cards[1:] else None
    return payment.problem(
        resources(state, seat),
        list(action.cards[1:]),
        skill.pay.resource,
        skill.pay.amount,
        named=True,
    )


def _exec_skill(state: GameState, action: Action, events: Events) -> None:
    seat, cid = action.seat, action.cards[0]
    i = _skill_index(action)
    inst = state.cards[cid]
    skill = inst.card.skills[i]
    target = action.targets[0] if action.targets else None
    for r in action.cards[1:]:
        state.cards[r].turned = True
    # Ruling 28: a skill without a keyword, or a Support skill without Pay, rests its character.
    if skill.pay is None:
        inst.turned = True
    ab.add(state, Modifier(cid, f"used:{i}", 1, cid, ab.TURN))
    on = f" on {name(state, target)}" if target is not None else ""
    spent = ", ".join(name(state, r) for r in action.cards[1:])
    events.append(
        Event(
            "ability",
            f"{inst.card.name} activates {skill.name}{on}"
            + (f" (paying with {spent})" if spent else " (resting)"),
            seat=seat,
            cards=(cid, *((target,) if target is not None else ())),
        )
    )
    resolve(state, skill.effects, cid, seat, events, target)


def _fire(state: GameState, cid: int, when: str, events: Events) -> None:
    """A character's triggered effects that resolve at once (Swift, Battlefall, the Rest
    Phase's)."""
    inst = state.cards[cid]
    for trig in inst.card.triggers:
        if trig.when == when and not state.over and permits(state, cid, when):
            events.append(
                Event(
                    "ability",
                    f"{inst.card.name}: {when.replace('_', ' ').title()}",
                    seat=inst.owner,
                    cards=(cid,),
                )
            )
            resolve(state, trig.effects, cid, inst.owner, events)


# -- effects -----------------------------------------------------------------------------------


def reached(state: GameState, to: str, source: int, seat: int, target: int | None) -> list[int]:
    """The characters an effect reaches (see the schema's ``to``)."""
    if to == "self":
        inst = state.cards[source]
        host = inst.attached_to if inst.card.type == "equipment" else source
        return [host] if host is not None and host in characters(state, inst.owner) else []
    if to == "target":
        return (
            [target]
            if target is not None
            and any(target in characters(state, s) for s in range(state.seats))
            else []
        )
    if to == "own":
        return characters(state, seat)
    if to == "allies":
        return [c for c in characters(state, seat) if c != source]
    if to == "enemies":
        return [c for s in range(state.seats) if s != seat for c in characters(state, s)]
    if to == "leader":
        return list(state.zones[(seat, LEADER)])
    battle = data(state).battle
    if battle is None:
        return []
    who_ = battle.attacker if to == "attacker" else battle.target
    return [who_] if any(who_ in characters(state, s) for s in range(state.seats)) else []


def _until(until: str, seat: int) -> dict:
    """A played effect's duration as a modifier's: one round (until its controller's next
    turn begins, ruling 27), the turn, or while its source is in play."""
    if until == "round":
        return {"until": ab.TURNS, "turns": 1, "seat": 1 - seat}
    if until == "static":
        return {"until": ab.WHILE_IN_PLAY}
    return {"until": ab.TURN}  # "battle" ones are also taken away when the battle ends


def _add(state: GameState, modifier: Modifier, until: str) -> None:
    ab.add(state, modifier)
    battle = data(state).battle
    if until == "battle" and battle is not None:
        battle.lasting = (*battle.lasting, modifier)


def resolve(
    state: GameState,
    effects: Sequence[Any],
    source: int,
    seat: int,
    events: Events,
    target: int | None = None,
) -> None:
    """As much of each effect as can resolve (coe.txt, "Resolving Effects")."""
    for e in effects:
        if state.over:
            return
        if e.do == "negate":
            _negate(state, target, source, events)
            continue
        if e.do == "draw":
            draw_cards(state, seat, e.count, events, DECK, HAND)
            continue
        if e.do == "obstruct":
            _obstruct(state, seat, source, events)
            continue
        for t in reached(state, e.to, source, seat, target):
            inst = state.cards[t]
            if e.do == "damage":
                hurt(state, t, e.amount, events, f" from {name(state, source)}")
            elif e.do == "heal":
                healed = min(e.amount, inst.damage)
                inst.damage -= healed
                events.append(
                    Event("heal", f"{inst.card.name} heals {healed}", seat=inst.owner, cards=(t,))
                )
            elif e.do == "boost":
                kw = _until(e.until, seat)
                times = aura_blight(state, seat) if e.per == "spell_in_archive" else 1
                for stat, n in (("dmg", e.dmg), ("def", e.defense)):
                    if n and times:
                        _add(state, Modifier(t, stat, n * times, source, **kw), e.until)
                events.append(
                    Event("info", f"{inst.card.name} gets {_signed(e)}", seat=seat, cards=(t,))
                )
            elif e.do in ("rest", "unrest"):
                inst.turned = e.do == "rest"
                events.append(
                    Event(
                        "turn" if inst.turned else "ready",
                        f"{inst.card.name} is {'rested' if inst.turned else 'readied'}",
                        seat=inst.owner,
                        cards=(t,),
                    )
                )
            elif e.do == "stagger":
                stagger(state, t, events)
            elif e.do == "archive":
                archive(state, t, events, f" by {name(state, source)}")
            elif e.do == "grant":
                _add(
                    state, Modifier(t, e.keyword, ab.CAN, source, **_until(e.until, seat)), e.until
                )
                events.append(
                    Event(
                        "info",
                        f"{inst.card.name} gains {e.keyword.replace('_', ' ').title()}",
                        seat=seat,
                        cards=(t,),
                    )
                )
            elif e.do == "cannot":
                _add(
                    state, Modifier(t, e.what, ab.CANNOT, source, **_until(e.until, seat)), e.until
                )
                events.append(
                    Event(
                        "info",
                        f"{inst.card.name} cannot {e.what.replace('_', ' ')}",
                        seat=seat,
                        cards=(t,),
                    )
                )


def aura_blight(state: GameState, seat: int) -> int:
    """Aura Blight's count: the Spell cards in the seat's archive (when the effect resolves,
    for a played one; at every moment, for an always-on one)."""
    cards = state.cards
    return sum(cards[c].card.type == "spell" for c in state.zones[(seat, ARCHIVE)])


def _signed(e: Any) -> str:
    parts = [f"{n:+d} {stat}" for stat, n in (("DMG", e.dmg), ("DEF", e.defense)) if n]
    return " and ".join(parts)


def stagger(state: GameState, cid: int, events: Events) -> None:
    """Its DEF counts as 0 until the end of the turn (ruling 45)."""
    ab.add(state, Modifier(cid, "staggered", 1, cid, ab.TURN))
    events.append(
        Event("info", f"{name(state, cid)} is staggered", seat=state.cards[cid].owner, cards=(cid,))
    )


def hurt(state: GameState, cid: int, amount: int, events: Events, how: str = "") -> None:
    """Damage stays on a character until healed; at its HP it is archived (ruling 41)."""
    inst = state.cards[cid]
    if amount <= 0:
        return
    inst.damage += amount
    hp = inst.card.hp
    events.append(
        Event(
            "damage",
            f"{inst.card.name} takes {amount} damage{how} ({inst.damage} of {hp} HP)",
            seat=inst.owner,
            cards=(cid,),
            value=(amount, inst.damage, hp),
        )
    )
    if inst.damage >= hp:
        archive(state, cid, events, " (defeated)")


def archive(state: GameState, cid: int, events: Events, how: str = "") -> None:
    """A card leaves the field for its owner's archive; a champion's equipment follows it
    (ruling 34)."""
    inst = state.cards[cid]
    owner = inst.owner
    for item in [c for c in state.zones[(owner, ARSENAL)] if state.cards[c].attached_to == cid]:
        state.move(item, (owner, ARCHIVE))
        events.append(
            Event(
                "move",
                f"{name(state, item)} is archived with {inst.card.name}",
                seat=owner,
                cards=(item,),
            )
        )
    src = inst.zone
    state.move(cid, (owner, ARCHIVE))
    events.append(
        Event(
            "move",
            f"{inst.card.name} is archived{how}",
            seat=owner,
            cards=(cid,),
            value=(src, (owner, ARCHIVE)),
        )
    )
    if inst.card.character and src[1] in (LEADER, CHARACTERS, SUPPORT):
        _fire(state, cid, "battlefall", events)  # at once, before any other effect


def always_on(state: GameState) -> dict[int, list[Modifier]]:
    """The continuous modifiers by the card they are on, computed again only when a card
    has moved since (the fields, the Scenario Zone, the archives for Aura Blight: the
    state's count of cards moved), or when the cache was dropped (a face-down card turned
    up in place: ``forget_always``). Equipment is attached as it moves."""
    d = data(state)
    key = state.moved
    if d.always is not None and d.always[0] == key:
        return d.always[1]
    by_target: dict[int, list[Modifier]] = {}
    for m in state.game.continuous(state):
        by_target.setdefault(m.target, []).append(m)
    d.always = (key, by_target)
    return by_target


def forget_always(state: GameState) -> None:
    """Something the always-on effects depend on changed without a card moving."""
    data(state).always = None


# -- the turn ---------------------------------------------------------------------------------


def _rest_enter(state: GameState, events: Events) -> None:
    """Effects that trigger at the Rest Phase happen first (ruling 30)."""
    data(state).established = False
    for cid in characters(state, state.active):
        _fire(state, cid, "rest_phase", events)
    _cc_check(state, events)  # a trigger may have archived a champion (ruling 35)


def _rest_exit(state: GameState, events: Events) -> None:
    """The turn ends: effects for the turn (stagger) end, and those for one round of the
    seat's opponent count down (ruling 27)."""
    ab.end_of_turn(state, state.active)
    if _stalemate(state):
        end_game(
            state,
            (),
            events,
            "by stalemate: both decks are empty and a whole round "
            "went by with no card played, no damage and no card archived (ruling 63)",
        )
        return
    state.active = (state.active + 1) % state.seats
    state.turn += 1


def _stalemate(state: GameState) -> bool:
    """Ruling 63: both decks empty, and a whole round in which no card left a hand, no
    damage was dealt (or healed) and no card was archived."""
    d = data(state)
    z = state.zones
    now = (
        tuple(len(z[(s, HAND)]) for s in range(state.seats)),
        tuple(len(z[(s, ARCHIVE)]) for s in range(state.seats)),
        tuple(state.cards[c].damage for s in range(state.seats) for c in characters(state, s)),
    )
    empty = not any(z[(s, DECK)] for s in range(state.seats))
    d.quiet = d.quiet + 1 if empty and now == d.mark else 0
    d.mark = now
    return d.quiet >= state.seats


# -- battles ------------------------------------------------------------------------------------

A_ = "Battle Phase"
R_ATTACKER = f"{C}, {A_}: an attacker is an unrested character on the battlefield (ruling 38)"
R_NEW = (
    f"{C}: Champions and Acolytes may not attack on the turn they are played to the field "
    "unless they have the (First Strike) Keyword"
)
R_ATTACK_TARGET = f"{C}, {A_}: You may target any active character to attack, including your own"
R_SUPPORT = f"{C}: Transgress: may attack Support characters (ruling 15)"
R_STEALTH = f"{C}: Stealth: cannot be chosen as the target of an attack while it is active"
R_EVADE = f"{C}: Evade: can only be attacked by characters with Range"
R_BOOSTER = (
    f"{C}: Boosting: players choose any number of their Active Allied characters (ruling 43)"
)
R_NO_STAT = f"{C}: Acolytes without the stat required for boosting may not be used for boosting"


class Battle:
    """One attack, from its declaration to its damage."""

    __slots__ = (
        "attack_boost",
        "attack_lent",
        "attacker",
        "countered",
        "defense_boost",
        "defense_lent",
        "lasting",
        "negated",
        "seat",
        "target",
    )

    def __init__(self, seat: int, attacker: int, target: int, boosters: tuple[int, ...]):
        self.seat = seat
        self.attacker = attacker
        self.target = target
        self.attack_boost = boosters
        self.defense_boost: tuple[int, ...] = ()
        # What the boosters lent, as they were when they boosted (before their stagger).
        self.attack_lent = 0
        self.defense_lent = 0
        self.countered = False
        self.negated = False  # a Counter made it do nothing
        self.lasting: tuple[Modifier, ...] = ()  # modifiers "for this battle"

    def copy(self) -> Battle:
        b = Battle(self.seat, self.attacker, self.target, self.attack_boost)
        b.defense_boost, b.countered, b.lasting, b.negated = (
            self.defense_boost,
            self.countered,
            self.lasting,
            self.negated,
        )
        b.attack_lent, b.defense_lent = self.attack_lent, self.defense_lent
        return b

    def snapshot(self) -> tuple:
        return (
            self.seat,
            self.attacker,
            self.target,
            self.attack_boost,
            self.defense_boost,
            self.countered,
            self.lasting,
            self.attack_lent,
            self.defense_lent,
            self.negated,
        )


def battlefield(state: GameState, seat: int) -> list[int]:
    """The seat's characters on the battlefield: the leader and the 6 positions (ruling 12)."""
    return [*state.zones[(seat, LEADER)], *state.zones[(seat, CHARACTERS)]]


def permits(state: GameState, cid: int, what: str) -> bool:
    return ab.permitted(state, cid, what, True, ab.modifiers(state, cid))


def stat(state: GameState, cid: int, which: str) -> int:
    """A character's DMG or DEF with every modifier (a staggered DEF counts as 0, ruling 45;
    an acolyte lacking the stat has 0)."""
    inst = state.cards[cid]
    mods = ab.modifiers(state, cid)
    if which == "def" and any(m.stat == "staggered" for m in mods):
        return 0
    base = inst.card.dmg if which == "dmg" else inst.card.defense
    return max(0, ab.total(state, cid, which, base or 0, mods))


def _attacker_problem(state: GameState, seat: int, cid: int) -> str | None:
    inst = state.cards[cid]
    if inst.owner != seat or cid not in battlefield(state, seat) or inst.turned:
        return R_ATTACKER
    mods = ab.modifiers(state, cid)
    if inst.counters.get("entered") == state.turn and not has(state, cid, "first_strike", mods):
        return R_NEW
    if not ab.permitted(state, cid, "attack", True, mods):
        return f"{C}: a card's effect forbids it to attack"
    return None


def _target_problem(
    state: GameState, attacker: int, target: int, on_field: bool = False
) -> str | None:
    """Why ``attacker`` may not attack ``target`` (``on_field``: the target is known to be
    a character on the field)."""
    inst = state.cards[target]
    if target == attacker or not (on_field or target in characters(state, inst.owner)):
        return R_ATTACK_TARGET
    if inst.zone[1] == SUPPORT and not has(state, attacker, "transgress"):
        return R_SUPPORT
    mods = ab.modifiers(state, target)
    if not inst.turned and has(state, target, "stealth", mods):
        return R_STEALTH
    if has(state, target, "evade", mods) and not has(state, attacker, "range"):
        return R_EVADE
    if not ab.permitted(state, target, "be_attacked", True, mods):
        return f"{C}: a card's effect forbids it to be attacked"
    return None


def _booster_problem(
    state: GameState, seat: int, cid: int, which: str, busy: Sequence[int]
) -> str | None:
    inst = state.cards[cid]
    if inst.owner != seat or cid not in battlefield(state, seat) or inst.turned or cid in busy:
        return R_BOOSTER
    if (inst.card.dmg if which == "dmg" else inst.card.defense) is None:
        return R_NO_STAT
    if not permits(state, cid, "boost"):
        return f"{C}: a card's effect forbids it to boost"
    return None


def boosters(state: GameState, seat: int, which: str, busy: Sequence[int]) -> list[int]:
    return [
        c for c in battlefield(state, seat) if _booster_problem(state, seat, c, which, busy) is None
    ]


def _gen_attack(state: GameState, seat: int) -> Iterator[Action]:
    """Every attacker against every target, alone or boosted by all the allies that may
    (the table lets a player pick some of them: any subset is legal)."""
    if data(state).battle is not None:
        return
    everyone = [c for s in range(state.seats) for c in characters(state, s)]
    for a in battlefield(state, seat):
        if _attacker_problem(state, seat, a) is not None:
            continue
        able = None
        for t in everyone:
            if _target_problem(state, a, t, on_field=True) is not None:
                continue
            yield act(state, "attack", seat, (a,), (t,))
            able = boosters(state, seat, "dmg", (a,)) if able is None else able
            helpers = tuple(h for h in able if h != t)
            if helpers:
                yield act(state, "attack", seat, (a, *helpers), (t,))


def _check_attack(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if (
        not action.cards
        or len(action.targets) != 1
        or action.words
        or len(set(action.cards)) != len(action.cards)
    ):
        return (
            f'{C}: attack with one character, boosted by any allies (attack "Attacker" '
            '[, "Booster"...] -> "Target")'
        )
    if data(state).battle is not None:
        return f"{C}: one attack at a time"
    attacker, target = action.cards[0], action.targets[0]
    problem = _attacker_problem(state, seat, attacker) or _target_problem(state, attacker, target)
    if problem:
        return problem
    for b in action.cards[1:]:
        problem = _booster_problem(state, seat, b, "dmg", (attacker, target))
        if problem:
            return problem
    return None


def _exec_attack(state: GameState, action: Action, events: Events) -> None:
    seat = action.seat
    attacker, helpers, target = action.cards[0], action.cards[1:], action.targets[0]
    d = data(state)
    d.battle = Battle(seat, attacker, target, tuple(helpers))
    enter_phase(state, "battle", events)
    state.cards[attacker].turned = True
    with_ = f", boosted by {', '.join(name(state, b) for b in helpers)}" if helpers else ""
    events.append(
        Event(
            "attack",
            f"{name(state, attacker)} attacks {name(state, target)}{with_}",
            seat=seat,
            cards=(attacker, target),
        )
    )
    data(state).battle.attack_lent = sum(stat(state, b, "dmg") for b in helpers)
    _boost(state, helpers, events)
    _trigger(state, attacker, "rally_call")
    _trigger(state, target, "fortify")
    defender = state.cards[target].owner
    if _may_be_boosted(state, target) and boosters(
        state, defender, "def", (attacker, target, *helpers)
    ):
        open_window(state, defender, "defend", events)
    else:
        _open_chain(state, events, "battle", seat, None)


def _boost(state: GameState, helpers: Sequence[int], events: Events) -> None:
    """Boosters are rested and staggered (coe.txt, Boosting)."""
    for b in helpers:
        state.cards[b].turned = True
        stagger(state, b, events)


def _trigger(state: GameState, cid: int, when: str) -> None:
    card = state.cards[cid].card
    for i, trig in enumerate(card.triggers):
        if trig.when == when:
            ab.pend(state, CHARACTER_SPEED, cid, state.cards[cid].owner, f"{when}:{i}")


def _resolve_pending(state: GameState, events: Events) -> None:
    """Everything waiting, in speed order (ruling 49): Conjures, last first; Counters and
    Contravenes, last first; character effects, first first; other arsenal cards, last
    first. One whose card has gone does nothing."""
    while (p := ab.next_pending(state, last_first=LAST_FIRST)) is not None:
        if state.over:
            continue
        if p.key.startswith("card"):
            _resolve_card(state, p, events)
            continue
        if p.card is None or not state.game.in_play(state, p.card):
            continue
        when, i = p.key.split(":")
        trig = state.cards[p.card].card.triggers[int(i)]
        events.append(
            Event(
                "ability",
                f"{name(state, p.card)}: {when.replace('_', ' ').title()}",
                seat=p.seat,
                cards=(p.card,),
            )
        )
        resolve(state, trig.effects, p.card, p.seat, events, p.target)


R_SUPPORT_BOOST = f"{C}: Support characters cannot be boosted or be used to boost other characters"


def _may_be_boosted(state: GameState, cid: int) -> bool:
    """A character in the Support position is never boosted (ruling 15)."""
    return state.cards[cid].zone[1] != SUPPORT


def _gen_defend(state: GameState, seat: int) -> Iterator[Action]:
    battle = data(state).battle
    if battle is None or not _may_be_boosted(state, battle.target):
        return
    helpers = boosters(state, seat, "def", (battle.attacker, battle.target, *battle.attack_boost))
    if helpers:
        yield act(state, "defend", seat, tuple(helpers))
        for h in helpers if len(helpers) > 1 else ():
            yield act(state, "defend", seat, (h,))


def _check_defend(state: GameState, action: Action) -> str | None:
    battle = data(state).battle
    if battle is None:
        return f"{C}: defense boosting answers an attack"
    if (
        not action.cards
        or action.targets
        or action.words
        or len(set(action.cards)) != len(action.cards)
    ):
        return f'{C}: defend with any number of allies (defend "Booster"...), or pass'
    if not _may_be_boosted(state, battle.target):
        return R_SUPPORT_BOOST
    busy = (battle.attacker, battle.target, *battle.attack_boost)
    for b in action.cards:
        problem = _booster_problem(state, action.seat, b, "def", busy)
        if problem:
            return problem
    return None


def _exec_defend(state: GameState, action: Action, events: Events) -> None:
    battle = data(state).battle
    close_window(state)
    battle.defense_boost = action.cards
    battle.defense_lent = sum(stat(state, b, "def") for b in action.cards)
    events.append(
        Event(
            "info",
            f"{', '.join(name(state, b) for b in action.cards)} "
            f"boost{'s' if len(action.cards) == 1 else ''} "
            f"{name(state, battle.target)}'s defence",
            seat=action.seat,
            cards=action.cards,
        )
    )
    _boost(state, action.cards, events)
    _open_chain(state, events, "battle", battle.seat, None)


def _on_pass_defend(state: GameState, prompt: Prompt, events: Events) -> None:
    _open_chain(state, events, "battle", data(state).battle.seat, None)


def _after_answers(state: GameState, events: Events) -> None:
    """The answers and Rally Call and Fortify have resolved (ruling 40); then the defender
    may counter-attack: if it is unrested and the attacker lacks Range (ruling 42)."""
    battle = data(state).battle
    if state.over:
        return
    if battle.negated:
        _end_battle(state, events, "the attack was negated")
        return
    if not _still_on(state, battle):
        _end_battle(state, events, "the attacker or the defender has left the battlefield")
        return
    t = battle.target
    if (
        not state.cards[t].turned
        and not has(state, battle.attacker, "range")
        and permits(state, t, "counter_attack")
    ):
        open_window(state, state.cards[t].owner, "counter_attack", events)
    else:
        _damage(state, events)


def _still_on(state: GameState, battle: Battle) -> bool:
    return all(
        any(c in characters(state, s) for s in range(state.seats))
        for c in (battle.attacker, battle.target)
    )


def _gen_counter(state: GameState, seat: int) -> Iterator[Action]:
    battle = data(state).battle
    if battle is not None:
        yield act(state, "counter", seat, (battle.target,), (battle.attacker,))


def _check_counter(state: GameState, action: Action) -> str | None:
    battle = data(state).battle
    if (
        battle is None
        or action.cards != (battle.target,)
        or action.targets != (battle.attacker,)
        or action.words
    ):
        return f"{C}: the defending character may counter attack the attacker"
    return None


def _exec_counter(state: GameState, action: Action, events: Events) -> None:
    close_window(state)
    data(state).battle.countered = True
    _damage(state, events)


def _on_pass_counter(state: GameState, prompt: Prompt, events: Events) -> None:
    _damage(state, events)


def _same_class(state: GameState, cid: int, helpers: Sequence[int]) -> bool:
    mine = set(state.cards[cid].card.classes)
    return any(mine & set(state.cards[h].card.classes) for h in helpers)


def _blow(
    state: GameState, by: int, to: int, dmg: int, unblockable: bool, piercing: bool
) -> tuple[int, str]:
    """Damage dealt by ``by`` to ``to`` (ruling 41, 46, 47): DMG less DEF (none against
    Unblockable), doubled by Critical, then +1 by Piercing against a staggered defender."""
    defence = 0 if unblockable else stat(state, to, "def")
    if not unblockable and to == data(state).battle.target:
        defence += data(state).battle.defense_lent
    amount = max(0, dmg - defence)
    notes = []
    if unblockable:
        notes.append("unblockable")
    if has(state, by, "critical") and amount:
        amount *= 2
        notes.append("critical")
    if piercing and any(m.stat == "staggered" for m in ab.modifiers(state, to)):
        amount += 1
        notes.append("piercing")
    words = f" ({', '.join(notes)})" if notes else ""
    return amount, f"{dmg} DMG against {defence} DEF{words}"


def _damage(state: GameState, events: Events) -> None:
    battle = data(state).battle
    a, t = battle.attacker, battle.target
    dmg = stat(state, a, "dmg") + battle.attack_lent
    blocked = _same_class(state, t, battle.defense_boost)
    unblockable = has(state, a, "unblockable") and not blocked
    piercing = has(state, a, "piercing") or _same_class(state, a, battle.attack_boost)
    hit, how = _blow(state, a, t, dmg, unblockable, piercing)
    back = None
    if battle.countered:
        back = _blow(state, t, a, stat(state, t, "dmg"), False, has(state, t, "piercing"))
    events.append(
        Event(
            "outcome",
            f"{how}: {name(state, t)} takes {hit}"
            + (
                f"; the counter-attack: {back[1]}, {name(state, a)} takes {back[0]}" if back else ""
            ),
            seat=battle.seat,
            cards=(a, t),
            value=("hit", hit, back[0] if back else None),
        )
    )
    # Both at once: the damage is marked first, then whoever reached its HP is archived.
    _mark(state, t, hit)
    if back is not None:
        _mark(state, a, back[0])
    for c in (t, a):
        inst = state.cards[c]
        if inst.zone[1] in (LEADER, CHARACTERS, SUPPORT) and inst.damage >= inst.card.hp:
            archive(state, c, events, " (defeated)")
    _end_battle(state, events)


def _mark(state: GameState, cid: int, amount: int) -> None:
    if amount > 0:
        state.cards[cid].damage += amount


def _end_battle(state: GameState, events: Events, why: str = "") -> None:
    """The Battle Phase ends; the Preparation Phase resumes (ruling 48)."""
    d = data(state)
    battle = d.battle
    d.battle = None
    if battle is not None and battle.lasting:
        state.lasting = tuple(m for m in state.lasting if m not in battle.lasting)
    if why:
        events.append(Event("info", f"No damage is dealt: {why}", seat=state.active))
    if not state.over:
        enter_phase(state, "prep", events)


PHASES = {
    "setup": Phase("setup", "Setup", auto=True, enter=_setup_enter, next="coin", in_turn=False),
    "coin": Phase("coin", "First player", auto=True, enter=_coin_enter, next="camp", in_turn=False),
    "camp": Phase(
        "camp",
        CAMP,
        frozenset({"build", "scenario", "pardon", "tactic", "play", "skill", "end"}),
        enter=_camp_enter,
        next="prep",
    ),
    "prep": Phase(
        "prep",
        PREP,
        frozenset({"play", "reveal", "skill", "attack", "end"}),
        next="rest",
        forbids={"build": R_BUILD_WHEN, "scenario": R_SCENARIO_WHEN},
    ),
    "rest": Phase(
        "rest",
        REST,
        frozenset({"scenario", "play", "skill", "end"}),
        enter=_rest_enter,
        exit=_rest_exit,
        next="camp",
        forbids={"build": R_BUILD_WHEN},
    ),
}
PHASES["battle"] = Phase(
    "battle", A_, frozenset(), next="prep", forbids={"attack": f"{C}: one attack at a time"}
)
TURN_PHASES = ("camp", "prep", "battle", "rest")

WINDOWS = {
    "defend": Window(
        "defend",
        "Your character is attacked: boost its defence with allies, or pass",
        frozenset({"defend"}),
        on_pass=_on_pass_defend,
    ),
    "counter_attack": Window(
        "counter_attack",
        "Counter-attack the attacker, or pass",
        frozenset({"counter"}),
        on_pass=_on_pass_counter,
    ),
    "answer": Window(
        "answer",
        "Answer (a Counter, Contravene or Cast: Battle card, or a face-down Conjure), or pass",
        frozenset({"play", "reveal"}),
        on_pass=_on_pass_answer,
    ),
    "handicap": Window(
        "handicap",
        "Name the type of each handicap resource: Mana, Shells or Enchanted",
        frozenset({"name"}),
        can_pass=False,
    ),
    "cc": Window(
        "cc",
        "Your cards in play are over the CC limit of your champions: archive one",
        frozenset({"archive"}),
        can_pass=False,
    ),
}

MOVES = {
    "name": Move("name", _gen_name, _check_name, _exec_name, exact=True),
    "build": Move(
        "build", _gen_build, _check_build, _exec_build, exact=True, wrong_phase=R_BUILD_WHEN
    ),
    "scenario": Move(
        "scenario",
        _gen_scenario,
        _check_scenario,
        _exec_scenario,
        exact=True,
        wrong_phase=R_SCENARIO_WHEN,
    ),
    "attack": Move(
        "attack",
        _gen_attack,
        _check_attack,
        _exec_attack,
        exact=True,
        wrong_phase=f"{C}, {PREP}: Character(s) may initiate an attack",
    ),
    "defend": Move("defend", _gen_defend, _check_defend, _exec_defend, exact=True),
    "counter": Move("counter", _gen_counter, _check_counter, _exec_counter, exact=True),
    "skill": Move(
        "skill", _gen_skill, _check_skill, _exec_skill, exact=True, wrong_phase=R_SKILL_WHEN
    ),
    "play": Move("play", _gen_play, _play_problem, _exec_play, exact=True, wrong_phase=R_PLAY_WHEN),
    "reveal": Move(
        "reveal", _gen_reveal, _check_reveal, _exec_reveal, exact=True, wrong_phase=R_REVEAL
    ),
    "pardon": Move(
        "pardon",
        _gen_pardon,
        _check_pardon,
        _exec_pardon,
        exact=True,
        wrong_phase=f"{R_PARDON} (ruling 24)",
    ),
    "tactic": Move(
        "tactic",
        _gen_tactic,
        _check_tactic,
        _exec_tactic,
        exact=True,
        wrong_phase=f"{C}, {CAMP}: Party Tactics - Play a support character or "
        "swapping champions (step 5)",
    ),
    "archive": Move(
        "archive",
        _gen_shed,
        _check_shed,
        _exec_shed,
        exact=True,
        wrong_phase=f"{R_CC}: only when over it",
    ),
}
# Every action, and every pass, ends with the CC limit's check (ruling 35).
MOVES = {kind: replace(move, execute=_settles(move.execute)) for kind, move in MOVES.items()}
WINDOWS = {
    name: replace(w, on_pass=_settles_pass(w.on_pass)) if w.on_pass else w
    for name, w in WINDOWS.items()
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
    schema = schema  # its check_set and deck_problems: the set and deck rules
    turn_phases = TURN_PHASES

    def cards_path(self):
        return cards_dir(self.id)

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
        for name, n in deck.cards.items():
            kind = cards[name].type if name in cards else None
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
                    out.append(f"{inst.card.name} is equipped to no champion of its player's")
                elif not inst.face_down and not inst.card.stays and data(state).chain is None:
                    out.append(f"{inst.card.name} stays in the arsenal zone after resolving")
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
