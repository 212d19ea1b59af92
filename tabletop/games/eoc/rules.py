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
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import combinations
from typing import Any, NamedTuple

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
    SeatValue,
    Visibility,
    Window,
    ZoneSpec,
    act,
    close_window,
    draw_cards,
    enter_phase,
    open_window,
    settle,
)
from ...engine import abilities as ab
from ...engine.abilities import CAN, CANNOT, Happening, Listener, Modifier
from ...system.paths import cards_dir
from . import cards as schema
from .cards import ELEMENTS, ESSENCE_NAMES, GRAY, TRIGGER_HAPPENINGS, EocCard

GAME = "EoC"
E = GAME
DECK, HAND, GRAVE, BANISHED = "deck", "hand", "graveyard", "banished"
POOL, CREATURES, SPELLS, VANQUISHER = "pool", "creatures", "spells", "vanquisher"
MAX_CREATURES = 3
MAX_SPELLS = 3
OPENING_HAND = 7
MAX_REDRAWS = 2

ZONES = {
    DECK: ZoneSpec(DECK, "Deck", Visibility.HIDDEN),
    HAND: ZoneSpec(HAND, "Hand", Visibility.OWNER),
    GRAVE: ZoneSpec(GRAVE, "Graveyard"),
    BANISHED: ZoneSpec(BANISHED, "Banished"),
    POOL: ZoneSpec(POOL, "Essence Pool"),
    CREATURES: ZoneSpec(CREATURES, "Creatures"),
    SPELLS: ZoneSpec(SPELLS, "Spells"),
    VANQUISHER: ZoneSpec(VANQUISHER, "Vanquisher"),
}
IN_PLAY = frozenset({CREATURES, SPELLS, VANQUISHER})

P, A_ = "Preparation Phase", "Attack Phase"
R_ONE_ESSENCE = (
    f"{E}, {P}: up to 1 Essence Card may be moved from your hand to your essence pool per turn"
)
R_SUMMON = f"{E}, {P}: Essence Cards are moved from your hand to your essence pool"
R_THREE = f"{E}, {P}: each player may have no more than 3 creatures active on the field at any time"
R_SLOTS = f"{E} (ruling): a player has 3 spell slots; a spell needs a free one"
R_UNDERPAID = f"{E}: creation costs may be overpaid, but never underpaid"
R_FROM_POOL = (
    f"{E}: the creation cost is satisfied by attaching Essence Cards from your Essence Pool"
)
R_ABILITY_POOL = (
    f"{E}: ability costs are paid by sending the Ability Cost from the Essence "
    "Pool to the Graveyard"
)
R_STAY_PAID = (
    f"{E}, {P}: Essence Cards may be moved freely during this phase ... so long as the "
    "creation cost always remains satisfied for all Creatures and Spell Cards"
)
R_ONE_HOST = (
    f"{E}, {P}: Essence Cards may not be attached to more than one Creature or Spell Card at a time"
)
R_ATTACH_TO = f"{E}, {P}: essences attach to your active Creature and Spell Cards"
R_NO_TRAP_NOW = f'{E}, {P}: "Trap" Spell Cards may not be played during this phase'
R_TRAP_ONLY = (
    f'{E}, {A_}: "Effect", "Instant" or "Item" Spell Cards may not be played during this phase'
)
R_TRAP_WINDOW = f"{E}, {A_}: a Trap answers an attack: {{}}"
R_FROM_HAND = f"{E}: cards are played from your hand"
R_EXHAUSTED = f"{E}, {A_}: only non-exhausted creatures may attack or activate their ability"
R_ONCE = f"{E}: abilities may be activated once per turn"
R_CREATURE_ABILITY_WHEN = f"{E}, {A_}: your creatures activate their abilities in your Attack Phase"
R_SPELL_ABILITY_WHEN = f"{E}, {P}: spell abilities are activated in your Preparation Phase"
R_TARGET_CREATURE = f"{E}, {A_}: creatures attack an opponent creature"
R_VANQUISHER_GUARDED = (
    f"{E}, {A_}: choose an opponent creature (or Vanquisher if no enemy "
    "creatures are active) to attack"
)
R_VANQUISHER_NO_ATTACK = (
    f"{E}, {A_}: your Vanquisher cannot attack creatures or the enemy Vanquisher directly"
)
R_GROUP = f"{E}, {A_}: creatures may attack as a group to target a single enemy creature"
R_ITEM = f"{E}: an Item is attached to one of your active creatures"
R_TARGET = f"{E}: choose the card it names"
R_COUNTER_CHOICE = (
    f"{E}, {A_}: if attacked by a group, the opponent may choose which attacker to counter-attack"
)
R_CANNOT = f"{E}: a card's effect forbids it"
R_REDRAW = (
    f"{E}, Start the Game: if you do not have a playable creature in your hand (1 creature "
    "and the essence to create it), reveal it, shuffle it back and draw 7 new cards"
)


# -- small helpers -----------------------------------------------------------------------------


def data(state: GameState) -> EocData:
    return state.data


def who(state: GameState, seat: int) -> str:
    return state.seat_names[seat]


def name(state: GameState, cid: int) -> str:
    return state.cards[cid].card.name


def active(state: GameState, cid: int) -> bool:
    """A creature on the field that has not been destroyed."""
    inst = state.cards[cid]
    return (
        inst.zone[1] == CREATURES
        and inst.card.type == "creature"
        and not inst.counters.get("destroyed")
    )


def creatures(state: GameState, seat: int) -> list[int]:
    """The seat's creatures on the field (destroyed ones awaiting the Clean-up too)."""
    d = state.data
    return (d.index[1] if d.index[0] == d.field else field_index(state))[0][seat]


def actives(state: GameState, seat: int) -> list[int]:
    """The seat's creatures on the field that are not destroyed."""
    d = state.data
    return (d.index[1] if d.index[0] == d.field else field_index(state))[1][seat]


def spells_in_play(state: GameState, seat: int) -> list[int]:
    d = state.data
    return (d.index[1] if d.index[0] == d.field else field_index(state))[2][seat]


def field_index(state: GameState) -> tuple:
    """Per seat: its creatures on the field, those not destroyed, its spells on the field,
    its creatures with triggered abilities, its active creatures and spells with always-on
    effects, its creatures and its spells with abilities; worked out again only when the field has
    ``changed`` (callers never change them). A tool or a test that sets cards on the field
    by hand says so with ``changed``."""
    d = data(state)
    if d.index[0] != d.field:
        d.index = (d.field, _index(state))
    return d.index[1]


def _index(state: GameState) -> tuple:
    cards = state.cards
    zones = state.zones
    everyone, standing, spells, hearing, lending, able = [], [], [], [], [], []
    for s in range(state.seats):
        mine: list[int] = []
        up: list[int] = []
        hear: list[int] = []
        lend: list[int] = []
        can: tuple[list[int], list[int]] = ([], [])  # creatures, spells with an ability
        for c in zones[(s, CREATURES)]:
            inst = cards[c]
            card = inst.card
            if card.type == "creature":
                mine.append(c)
                if card.hears:
                    hear.append(c)
                if card.ability is not None:
                    can[0].append(c)
                if not inst.counters.get("destroyed"):
                    up.append(c)
                    if card.effect:
                        lend.append(c)
        cast = []
        for c in zones[(s, SPELLS)]:
            card = cards[c].card
            if card.type == "spell":
                cast.append(c)
                if card.effect:
                    lend.append(c)
                if card.ability is not None:
                    can[1].append(c)
        everyone.append(mine)
        standing.append(up)
        spells.append(cast)
        hearing.append(hear)
        lending.append(lend)
        able.append(can)
    return everyone, standing, spells, hearing, lending, able


def vanquisher(state: GameState, seat: int) -> int:
    return state.zones[(seat, VANQUISHER)][0]


def stage_of(state: GameState, seat: int) -> schema.Stage:
    card = state.cards[vanquisher(state, seat)].card
    return card.stages[data(state).stage[seat] - 1]


def essences_on(state: GameState, host: int) -> list[int]:
    inst = state.cards[host]
    cards = state.cards
    return [
        c
        for c in state.zones[inst.zone]
        if cards[c].attached_to == host and cards[c].card.type == "essence"
    ]


def items_on(state: GameState, host: int) -> list[int]:
    cards = state.cards
    owner = cards[host].owner
    return [
        c
        for c in state.zones[(owner, SPELLS)]
        if cards[c].attached_to == host and cards[c].card.type == "spell"
    ]


# -- essence arithmetic ------------------------------------------------------------------------


def supply(cards: Iterable[Any]) -> dict[str, int]:
    """What these Essence cards provide, by type."""
    out: dict[str, int] = {}
    for card in cards:
        kind, n = card.provides
        out[kind] = out.get(kind, 0) + n
    return out


def pays(cost: Mapping[str, int], provided: Mapping[str, int]) -> bool:
    """Whether essence of these types satisfies ``cost``: each element's part by essence of
    that element or Gray, the cost's ``gray`` part by anything left."""
    short = need = 0
    for kind, n in cost.items():
        need += n
        if kind != GRAY:
            have = provided.get(kind, 0)
            if n > have:
                short += n - have
    if short > provided.get(GRAY, 0):
        return False
    return sum(provided.values()) >= need


def cost_text(cost: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {ESSENCE_NAMES[k]}" for k, n in cost.items()) or "nothing"


Essence = tuple[str, int]  # what one Essence card provides: its type and value
_CHEAPEST: dict[tuple, tuple[Essence, ...] | None] = {}


class Pool(NamedTuple):
    """What a set of essences offers: their ids in order, what each provides, the total by
    type, and the mix (what they provide, sorted: the same mixes come back all game)."""

    ids: tuple[int, ...]
    provides: tuple[Essence, ...]
    supply: dict[str, int]
    mix: tuple[Essence, ...]


def pool_of(state: GameState, ids: Sequence[int]) -> Pool:
    cards = state.cards
    provides = tuple(cards[c].card.provides for c in ids)
    return Pool(tuple(ids), provides, _supply(provides), tuple(sorted(provides)))


def essence_pool(state: GameState, seat: int) -> Pool:
    """The seat's Essence Pool, worked out again only when its cards have changed."""
    ids = tuple(state.zones[(seat, POOL)])
    d = data(state)
    found = d.pools[seat]
    if found is None or found.ids != ids:
        found = d.pools[seat] = pool_of(state, ids)
    return found


def cheapest(
    state: GameState, cost: Mapping[str, int], pool: Sequence[int] | Pool
) -> tuple[int, ...] | None:
    """The essences of ``pool`` that pay ``cost`` with the least left over (and, among
    those, the fewest cards, keeping Gray for last); None when the pool cannot pay. Of
    essences alike (one type, one value), the longest in the pool pays first. Worked out
    once for each cost and mix of essences."""
    if not isinstance(pool, Pool):
        pool = pool_of(state, pool)
    if not pays(cost, pool.supply):
        return None
    key = (tuple(cost.items()), pool.mix)
    found = _CHEAPEST.get(key, False)
    if found is False:
        if len(_CHEAPEST) > 100_000:
            _CHEAPEST.clear()
        found = _CHEAPEST[key] = _cheapest(cost, pool.mix)
    if found is None:
        return None
    have: list[Essence | None] = list(pool.provides)
    out = []
    for want in found:
        i = have.index(want)
        out.append(pool.ids[i])
        have[i] = None
    return tuple(out)


def _cheapest(cost: Mapping[str, int], pool: Sequence[Essence]) -> tuple[Essence, ...] | None:
    """``cheapest`` on what the essences provide (``pool`` sorted)."""
    if not cost:
        return ()
    if not pays(cost, _supply(pool)):
        return None
    chosen: list[Essence] = []
    left = sorted(pool, key=lambda e: (e[0] == GRAY, e[1], e[0]))
    need = dict(cost)
    # Each element's part from that element's essences, the best fitting first.
    for kind in ELEMENTS:
        n = need.get(kind, 0)
        while n > 0:
            mine = [e for e in left if e[0] == kind]
            if not mine:
                break
            exact = [e for e in mine if e[1] == n]
            pick = exact[0] if exact else (mine[-1] if n > 1 else mine[0])
            chosen.append(pick)
            left.remove(pick)
            n -= pick[1]
        need[kind] = max(0, n)
    # What is short, from Gray; then the cost's gray part from what the cost needs least.
    rest = sum(need.values())
    useful = [e for e in left if e[0] == GRAY]
    others = [e for e in left if e[0] != GRAY]
    short = sum(need.get(k, 0) for k in ELEMENTS)
    for e in [*(useful if short else ()), *others, *useful]:
        if rest <= 0:
            break
        if e in left:
            left.remove(e)
        else:
            continue  # taken already (an essence listed twice above)
        kind, value = e
        if kind != GRAY and need.get(GRAY, 0) <= 0:
            left.append(e)
            continue
        chosen.append(e)
        if kind == GRAY:
            for k in ELEMENTS:
                take = min(need.get(k, 0), value)
                need[k] = need.get(k, 0) - take
                value -= take
        need[GRAY] = max(0, need.get(GRAY, 0) - value)
        rest = sum(need.values())
    if pays(cost, _supply(chosen)):
        return tuple(chosen)
    # The greedy choice missed (an odd mix of values): the smallest set that pays.
    for size in range(1, len(pool) + 1):
        for combo in combinations(pool, size):
            if pays(cost, _supply(combo)):
                return combo
    return None


def _supply(essences: Iterable[Essence]) -> dict[str, int]:
    out: dict[str, int] = {}
    for kind, n in essences:
        out[kind] = out.get(kind, 0) + n
    return out


def paid(state: GameState, host: int, without: int | None = None) -> bool:
    """Whether the essences on ``host`` (less ``without``) satisfy its creation cost."""
    cards = state.cards
    return pays(
        cards[host].card.cost,
        supply(cards[c].card for c in essences_on(state, host) if c != without),
    )


# -- the game's own state ----------------------------------------------------------------------


class Attack:
    """One attack of the Attack Phase, from its declaration to its damage."""

    __slots__ = ("attackers", "cancelled", "countered", "seat", "stage", "target")

    def __init__(self, seat: int, attackers: tuple[int, ...], target: int):
        self.seat = seat
        self.attackers = attackers
        self.target = target
        # "defender" while the defender may play Traps; "counter" while it chooses whom to
        # counter-attack; "attacker" while the attacker may play Traps.
        self.stage = "defender"
        self.countered: int | None = None
        self.cancelled = False

    def copy(self) -> Attack:
        a = Attack(self.seat, self.attackers, self.target)
        a.stage, a.countered, a.cancelled = self.stage, self.countered, self.cancelled
        return a

    def snapshot(self) -> tuple:
        return (self.seat, self.attackers, self.target, self.stage, self.countered, self.cancelled)


class EocData:
    __slots__ = (
        "attack",
        "cont",
        "field",
        "first",
        "heard",
        "idle",
        "index",
        "listen",
        "lost",
        "opening",
        "paid",
        "pools",
        "redraws",
        "slack",
        "stage",
        "summoned",
    )

    def __init__(self, seats: int):
        self.stage = [1] * seats
        self.summoned = [False] * seats  # an Essence summoned this turn
        self.redraws = [0] * seats
        self.lost = [""] * seats  # why each seat lost ("": it has not)
        self.first: int | None = None
        self.opening = True  # the starting turn of the game (no card is drawn)
        self.attack: Attack | None = None
        # Counts changes to what the always-on effects depend on (the cards on the field,
        # destroyed creatures, the stages: see ``changed``); ``cont`` and ``index`` hold
        # what was worked out at one count (caches, not part of the snapshot).
        self.field = 0
        self.idle: bool | None = None  # between the Preparation Phase's next and its exit
        self.cont: tuple[int, tuple[Modifier, ...], dict] = (-1, (), {})  # Eoc.continuous
        self.index: tuple[int, tuple] = (-1, ())  # see field_index
        # Counts changes to the creatures with triggered abilities on the field (a part
        # of ``field``); Eoc.listeners: (heard, {trigger: each seat's listeners}).
        self.heard = 0
        self.listen: tuple[int, dict[str, tuple[tuple[Listener, ...], ...]]] = (-1, {})
        # Counts essences attached to cards or returned to the pool, and cards they pay
        # for destroyed; ``slack`` holds what was worked out at one count (see overpaid).
        self.paid = 0
        self.slack: tuple[int, dict[int, tuple]] = (-1, {})
        self.pools: list[Pool | None] = [None] * seats  # see essence_pool

    def copy(self) -> EocData:
        d = EocData.__new__(EocData)
        d.stage = self.stage.copy()
        d.summoned = self.summoned.copy()
        d.redraws = self.redraws.copy()
        d.lost = self.lost.copy()
        d.first = self.first
        d.opening = self.opening
        d.attack = self.attack.copy() if self.attack is not None else None
        d.field = self.field
        d.heard = self.heard
        d.idle = self.idle
        d.cont = self.cont
        d.index = self.index
        d.listen = self.listen
        d.paid = self.paid
        d.slack = self.slack
        d.pools = self.pools.copy()
        return d

    def snapshot(self) -> tuple:
        return (
            tuple(self.stage),
            tuple(self.summoned),
            tuple(self.redraws),
            tuple(self.lost),
            self.first,
            self.opening,
            self.attack.snapshot() if self.attack is not None else None,
        )


# -- values: printed, plus every modifier in force ---------------------------------------------


def on_card(state: GameState, cid: int) -> Sequence[Modifier]:
    """Every modifier in force on ``cid``, gathered once for the questions asked of it."""
    if state.lasting:
        return ab.modifiers(state, cid)
    d = state.data  # most of the time, only always-on effects: straight from their cache
    if d.cont[0] != d.field:
        state.game.continuous(state)
    return d.cont[2].get(cid, ())


def attack_of(state: GameState, cid: int, given: Sequence[Modifier] | None = None) -> int:
    inst = state.cards[cid]
    card = inst.card
    base = stage_of(state, inst.owner).attack if card.type == "vanquisher" else card.attack
    mods = on_card(state, cid) if given is None else given
    return max(0, ab.total(state, cid, "atk", base, mods)) if mods else base


def defense_of(state: GameState, cid: int, given: Sequence[Modifier] | None = None) -> int:
    inst = state.cards[cid]
    card = inst.card
    base = stage_of(state, inst.owner).defense if card.type == "vanquisher" else card.defense
    mods = on_card(state, cid) if given is None else given
    return max(0, ab.total(state, cid, "def", base, mods)) if mods else base


def may(state: GameState, cid: int, what: str, default: bool = True) -> bool:
    mods = on_card(state, cid)
    return ab.permitted(state, cid, what, default, mods) if mods else default


def weak_to(state: GameState, defender: int, attacker: int) -> bool:
    d, a = state.cards[defender].card, state.cards[attacker].card
    return d.weakness is not None and a.element == d.weakness


def used(state: GameState, cid: int) -> bool:
    """Whether ``cid``'s ability was used this turn (a modifier for the turn records it)."""
    return any(m.target == cid and m.stat == "used" for m in state.lasting)


# -- what happens to cards ---------------------------------------------------------------------


def changed(state: GameState, cid: int | None = None) -> None:
    """The field changed in what always-on effects depend on: a creature or spell came or
    went, a creature was destroyed, a stage was defeated. Naming the card that came, went
    or was destroyed keeps the listeners when it has no triggered ability. (``Eoc.invariants``
    checks that nothing changes them unannounced.)"""
    d = data(state)
    d.field += 1
    if cid is None:
        d.heard += 1
        d.paid += 1
    elif state.cards[cid].card.hears:
        d.heard += 1


def draw(state: GameState, seat: int, count: int, events: Events) -> int:
    return draw_cards(state, seat, count, events, DECK, HAND)


def to_pool(state: GameState, cid: int) -> None:
    inst = state.cards[cid]
    state.move(cid, (inst.owner, POOL))
    data(state).paid += 1


def attach(state: GameState, essence: int, host: int) -> None:
    state.move(essence, state.cards[host].zone)
    state.cards[essence].attached_to = host
    data(state).paid += 1


def leave_play(state: GameState, cid: int, to: str, events: Events, why: str) -> None:
    """A creature or spell leaves the field: its essences return to the Essence Pool (ruling
    3), its Items go to the Graveyard (or are banished with it)."""
    inst = state.cards[cid]
    shifts = lends(state, cid)
    for item in items_on(state, cid):
        leave_play(
            state, item, BANISHED if to == BANISHED else GRAVE, events, f"follows {inst.card.name}"
        )
    for e in essences_on(state, cid):
        to_pool(state, e)
    src = inst.zone
    state.move(cid, (inst.owner, to))
    changed(state, cid)
    where = "is banished" if to == BANISHED else "goes to the Graveyard"
    events.append(
        Event(
            "move",
            f"{inst.card.name} {where}" + (f" ({why})" if why else ""),
            seat=inst.owner,
            cards=(cid,),
            value=(src, (inst.owner, to)),
        )
    )
    ab.emit(state, events, ab.LEAVES, cid, inst.owner)
    if shifts:
        overwhelmed(state, events)


def destroy(state: GameState, cid: int, events: Events, how: str = "") -> None:
    """A creature is destroyed: no longer active; it goes to the Graveyard in the Clean-up."""
    inst = state.cards[cid]
    if inst.card.type == "vanquisher":
        defeat_stage(state, inst.owner, events)
        return
    if not active(state, cid):
        return
    inst.counters["destroyed"] = 1
    changed(state, cid)
    data(state).paid += 1  # its essences pay for nothing active now (see overpaid)
    events.append(
        Event("destroyed", f"{inst.card.name} is destroyed{how}", seat=inst.owner, cards=(cid,))
    )
    ab.emit(state, events, ab.DESTROYED, cid, inst.owner)
    if lends(state, cid):
        overwhelmed(state, events)


def lends(state: GameState, cid: int) -> bool:
    """Whether ``cid`` (or an Item on it) has an always-on effect: its coming or going may
    change other cards' defence."""
    cards = state.cards
    return bool(cards[cid].card.effect) or any(cards[i].card.effect for i in items_on(state, cid))


def overwhelmed(state: GameState, events: Events) -> None:
    """A creature whose damage now exceeds its defence (an always-on effect lending it
    defence is gone, or one taking defence away has come) is destroyed (ruling 7)."""
    for s in range(state.seats):
        for cid in actives(state, s):
            damage = state.cards[cid].damage
            if damage and damage > defense_of(state, cid):
                destroy(state, cid, events, ": its damage exceeds its defence")


def defeat_stage(state: GameState, seat: int, events: Events) -> None:
    d = data(state)
    vid = vanquisher(state, seat)
    inst = state.cards[vid]
    changed(state)
    if d.stage[seat] == 1:
        d.stage[seat] = 2
        inst.damage = 0
        state.lasting = tuple(m for m in state.lasting if m.target != vid)
        events.append(
            Event(
                "flip",
                f"{inst.card.name}'s Stage 1 is defeated: it turns to Stage 2",
                seat=seat,
                cards=(vid,),
                value=("stage", 2),
            )
        )
        overwhelmed(state, events)  # Stage 2's effect is not Stage 1's
    else:
        d.lost[seat] = f"{inst.card.name} was defeated in both stages"
        events.append(
            Event(
                "destroyed", f"{inst.card.name} is defeated in both stages", seat=seat, cards=(vid,)
            )
        )


def hurt(
    state: GameState, cid: int, amount: int, events: Events, by: str = "", source: int | None = None
) -> None:
    """Damage marked on a creature or the Vanquisher; more damage than its defence
    destroys it (a Vanquisher's stage is defeated)."""
    inst = state.cards[cid]
    if amount <= 0 or not (active(state, cid) or inst.card.type == "vanquisher"):
        return
    inst.damage += amount
    limit = defense_of(state, cid)
    events.append(
        Event(
            "damage",
            f"{inst.card.name} takes {amount} damage{by} ({inst.damage} against {limit} defence)",
            seat=inst.owner,
            cards=(cid,),
            value=(amount, inst.damage, limit),
        )
    )
    answered = source is not None and ab.emit(
        state, events, ab.DEALS_DAMAGE, source, state.cards[source].owner, cid, amount
    )
    answered = ab.emit(state, events, ab.TAKES_DAMAGE, cid, inst.owner, source, amount) or answered
    if inst.damage > (defense_of(state, cid) if answered else limit):
        destroy(state, cid, events)


def targets_of(state: GameState, to: str, source: int, target: int | None) -> list[int]:
    inst = state.cards[source]
    owner = inst.owner
    if to == "self":
        if inst.card.kind == "item":
            host = inst.attached_to
            return [host] if host is not None and active(state, host) else []
        return [source] if active(state, source) else []
    if to == "target":
        return (
            [target]
            if target is not None
            and (active(state, target) or state.cards[target].card.type == "vanquisher")
            else []
        )
    if to == "own":
        return actives(state, owner)
    if to == "allies":
        return [c for c in actives(state, owner) if c != source]
    if to == "enemies":
        return [c for s in range(state.seats) if s != owner for c in actives(state, s)]
    attack = data(state).attack
    if attack is None:
        return []
    if to == "attacker":
        return [c for c in attack.attackers if active(state, c)]
    if to == "defender":
        return (
            [attack.target]
            if active(state, attack.target) or state.cards[attack.target].card.type == "vanquisher"
            else []
        )
    if to == "countered":
        c = attack.countered
        return [c] if c is not None and active(state, c) else []
    return []


def _until(effect: Any) -> str:
    """How long a played effect lasts: the turn, or while its source stays in play."""
    return ab.WHILE_IN_PLAY if effect.until == "static" else ab.TURN


def resolve(
    state: GameState, effects: Sequence[Any], source: int, events: Events, target: int | None = None
) -> None:
    """Resolve the effects of ``source`` in order (a spell played, an ability, a trigger)."""
    owner = state.cards[source].owner
    src = state.cards[source].card.name
    for e in effects:
        if state.over or any(data(state).lost):
            return
        kind = e.do
        if kind == "draw":
            draw(state, owner, e.count, events)
            continue
        if kind == "restore":
            grave = [
                c for c in state.zones[(owner, GRAVE)] if state.cards[c].card.type == "essence"
            ][-e.count :]
            for c in grave:
                to_pool(state, c)
                events.append(
                    Event(
                        "move",
                        f"{name(state, c)} returns to the Essence Pool ({src})",
                        seat=owner,
                        cards=(c,),
                        value=((owner, GRAVE), (owner, POOL)),
                    )
                )
            continue
        if kind == "cancel":
            attack = data(state).attack
            if attack is not None and not attack.cancelled:
                attack.cancelled = True
                events.append(Event("info", f"{src} cancels the attack", seat=owner))
            continue
        for t in targets_of(state, e.to, source, target):
            inst = state.cards[t]
            tn = inst.card.name
            if kind == "boost":
                for stat, amount in (("atk", e.atk), ("def", e.defense)):
                    if amount:
                        ab.add(state, Modifier(t, stat, amount, source, _until(e)))
                how = " while it stays in play" if e.until == "static" else " this turn"
                events.append(
                    Event(
                        "buff",
                        f"{tn} gets {e.atk:+d}/{e.defense:+d}{how} ({src})",
                        seat=inst.owner,
                        cards=(t,),
                        value=(e.atk, e.defense),
                    )
                )
                if inst.damage > defense_of(state, t):
                    destroy(state, t, events)
            elif kind == "damage":
                hurt(state, t, e.amount, events, f" from {src}", source)
            elif kind == "destroy":
                destroy(state, t, events, f" by {src}")
            elif kind == "banish":
                if inst.card.type == "creature" and inst.zone[1] == CREATURES:
                    leave_play(state, t, BANISHED, events, src)
            elif kind == "heal":
                if inst.damage:
                    inst.damage = 0
                    events.append(
                        Event("heal", f"{tn} is healed ({src})", seat=inst.owner, cards=(t,))
                    )
            elif kind == "exhaust":
                if not inst.turned:
                    inst.turned = True
                    events.append(
                        Event(
                            "turn",
                            f"{tn} is exhausted ({src})",
                            seat=inst.owner,
                            cards=(t,),
                            value=(True,),
                        )
                    )
            elif kind == "ready":
                if inst.turned:
                    inst.turned = False
                    events.append(
                        Event(
                            "turn",
                            f"{tn} is readied ({src})",
                            seat=inst.owner,
                            cards=(t,),
                            value=(False,),
                        )
                    )
            elif kind in ("cannot", "can"):
                ab.add(
                    state,
                    Modifier(t, e.what, CANNOT if kind == "cannot" else CAN, source, _until(e)),
                )
                words = {
                    "attack": "attack",
                    "be_attacked": "be attacked",
                    "use_abilities": "use abilities",
                    "counter_attack": "counter-attack",
                    "attack_vanquisher": "attack the Vanquisher directly",
                }[e.what]
                events.append(
                    Event(
                        "status",
                        f"{tn} {kind} {words} ({src})",
                        seat=inst.owner,
                        cards=(t,),
                        value=(kind, e.what),
                    )
                )


# -- setup: hands, redraws, the coin -------------------------------------------------------


def playable(state: GameState, seat: int) -> bool:
    """ "A playable creature in your hand (1 creature and the essence to create it)": a
    creature whose creation cost the Essence cards in the same hand pay."""
    cards = [state.cards[c].card for c in state.zones[(seat, HAND)]]
    provided = supply(c for c in cards if c.type == "essence")
    return any(pays(c.cost, provided) for c in cards if c.type == "creature")


def _ask_redraws(state: GameState, events: Events) -> None:
    """Every seat whose hand has no playable creature reveals it and is asked to redraw,
    Player 1 first (windows stack: the last opened is answered first)."""
    d = data(state)
    for seat in reversed(range(state.seats)):
        if d.redraws[seat] < MAX_REDRAWS and not playable(state, seat):
            _reveal_unplayable(state, seat, events)


def _reveal_unplayable(state: GameState, seat: int, events: Events) -> None:
    """ "Reveal your hand to your opponent": as soon as the hand is known to have no
    playable creature (that it has none is what the revealing shows)."""
    hand = tuple(state.zones[(seat, HAND)])
    names = ", ".join(name(state, c) for c in hand)
    events.append(
        Event(
            "reveal",
            f"{who(state, seat)} has no playable creature and reveals their hand: {names}",
            seat=seat,
            cards=hand,
            reveals=hand,
        )
    )
    open_window(state, seat, "redraw", events)


def _deal_enter(state: GameState, events: Events) -> None:
    _ask_redraws(state, events)


def _gen_redraw(state: GameState, seat: int) -> Iterator[Action]:
    yield Action("redraw", seat)


def _check_redraw(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if data(state).redraws[seat] >= MAX_REDRAWS:
        return f"{E}, Start the Game: this can be repeated up to 2 times: the 3rd hand is final"
    if playable(state, seat):
        return f"{R_REDRAW} (this hand has one)"
    return None


def _exec_redraw(state: GameState, action: Action, events: Events) -> None:
    seat = action.seat
    d = data(state)
    close_window(state)
    hand = list(state.zones[(seat, HAND)])
    for c in hand:
        state.move(c, (seat, DECK))
    state.shuffle((seat, DECK))
    d.redraws[seat] += 1
    draw(state, seat, OPENING_HAND, events)
    n = d.redraws[seat]
    final = " (the third hand is final)" if n == MAX_REDRAWS else ""
    events.append(
        Event(
            "info", f"{who(state, seat)} shuffles it back and draws 7 new cards{final}", seat=seat
        )
    )
    if n < MAX_REDRAWS and not playable(state, seat):
        _reveal_unplayable(state, seat, events)


def _coin_enter(state: GameState, events: Events) -> None:
    """ "Flip a coin to decide who goes first": heads, Player 1."""
    face = state.rng.randint(0, 1)
    first = face
    data(state).first = first
    state.active = first
    state.turn = 1
    events.append(
        Event(
            "coin",
            f"The coin shows {'heads' if face == 0 else 'tails'}: {who(state, first)} goes first",
            seat=first,
            value=("first", face),
        )
    )


# -- the turn ------------------------------------------------------------------------------


def _prep_enter(state: GameState, events: Events) -> None:
    d = data(state)
    seat = state.active
    d.summoned[seat] = False
    if d.opening:
        events.append(
            Event(
                "info",
                f"{who(state, seat)} draws no card on the starting turn of the game",
                seat=seat,
            )
        )
    elif not draw(state, seat, 1, events):
        d.lost[seat] = f"{who(state, seat)}'s deck ran out: they could not draw"
        events.append(
            Event(
                "info",
                f"{who(state, seat)}'s deck is depleted: they cannot draw a card and lose the game",
                seat=seat,
            )
        )
        return
    ab.emit(state, events, ab.PHASE_STARTS, None, seat, phase="prep")


def _cleanup_enter(state: GameState, events: Events) -> None:
    """Destroyed creatures go to the Graveyard with their Items (their essences return to
    the pool, ruling 3); Instants and Traps played this turn go too (ruling 5); every
    creature left is fully healed and readied; effects for the turn end."""
    d = data(state)
    d.attack = None
    seat = state.active
    for s in state.seats_from(seat):
        for cid in creatures(state, s):
            if state.cards[cid].counters.get("destroyed"):
                leave_play(state, cid, GRAVE, events, "destroyed")
        for cid in spells_in_play(state, s):
            inst = state.cards[cid]
            if inst.card.kind in ("instant", "trap"):
                leave_play(state, cid, GRAVE, events, "its turn is over")
            elif inst.card.kind == "item" and (
                inst.attached_to is None or not active(state, inst.attached_to)
            ):
                leave_play(state, cid, GRAVE, events, "its creature is gone")
    healed = []
    for s in range(state.seats):
        for cid in [*creatures(state, s), vanquisher(state, s)]:
            inst = state.cards[cid]
            if inst.damage or inst.turned:
                healed.append(cid)
            inst.damage = 0
            inst.turned = False
    if healed:
        events.append(
            Event(
                "ready",
                "Every creature on the field is fully healed and no longer exhausted",
                seat=seat,
                cards=tuple(healed),
            )
        )
    ab.end_of_turn(state, seat)
    d.opening = False
    state.active = (seat + 1) % state.seats
    state.turn += 1


def idle_attack(state: GameState) -> bool:
    """Whether the active seat would have nothing to do in its Attack Phase: no creature
    that may attack and no ability it may use (its creatures all exhausted, say)."""
    seat = state.active
    return not may_attack(state, seat) and next(iter(_uses(state, seat, "attack")), None) is None


def _after_prep(state: GameState) -> str:
    """The Attack Phase, unless there is nothing to do in it: then it passes by itself
    (ruling 23). (The answer is kept for the phase's exit, which follows at once.)"""
    idle = data(state).idle = idle_attack(state)
    return "cleanup" if idle else "attack"


def _prep_exit(state: GameState, events: Events) -> None:
    d = data(state)
    idle = d.idle if d.idle is not None else idle_attack(state)
    d.idle = None
    if idle:
        events.append(
            Event(
                "info",
                f"{who(state, state.active)} has no creature ready to "
                "attack and no ability to use: the Attack Phase passes",
                seat=state.active,
            )
        )


def _attack_enter(state: GameState, events: Events) -> None:
    ab.emit(state, events, ab.PHASE_STARTS, None, state.active, phase="attack")


PHASES = {
    "deal": Phase(
        "deal", "Opening hands", auto=True, enter=_deal_enter, next="coin", in_turn=False
    ),
    "coin": Phase("coin", "First player", auto=True, enter=_coin_enter, next="prep", in_turn=False),
    "prep": Phase(
        "prep",
        "Preparation Phase",
        frozenset({"summon", "attach", "create", "cast", "use", "end"}),
        enter=_prep_enter,
        exit=_prep_exit,
        next=_after_prep,
        forbids={
            "attack": f"{E}, {P}: attacks are made in the Attack Phase",
            "trap": R_NO_TRAP_NOW,
        },
    ),
    "attack": Phase(
        "attack",
        "Attack Phase",
        frozenset({"use", "attack", "end"}),
        enter=_attack_enter,
        next="cleanup",
        forbids={
            "summon": f"{E}: an Essence is summoned in the {P}",
            "attach": f"{E}: essences are moved during the {P}",
            "create": f"{E}: creatures are created in the {P}",
            "cast": R_TRAP_ONLY,
            "trap": f"{E}, {A_}: your Traps answer the opponent's "
            "counter-attack, when you are asked",
        },
    ),
    "cleanup": Phase("cleanup", "Clean-up Phase", auto=True, enter=_cleanup_enter, next="prep"),
}
TURN_PHASES = ("prep", "attack", "cleanup")


# -- the Preparation Phase ---------------------------------------------------------------------


def _gen_summon(state: GameState, seat: int) -> Iterator[Action]:
    if data(state).summoned[seat]:
        return
    seen = set()
    cards = state.cards
    for cid in state.zones[(seat, HAND)]:
        inst = cards[cid]
        card = inst.card
        if card.type == "essence" and inst.known and card.name not in seen:
            seen.add(card.name)
            yield act(state, "summon", seat, (cid,))


def _check_summon(state: GameState, action: Action) -> str | None:
    if len(action.cards) != 1 or action.targets or action.words:
        return f'{E}: summon one Essence card (summon "Essence")'
    inst = state.cards[action.cards[0]]
    if inst.zone != (action.seat, HAND) or inst.card.type != "essence":
        return R_SUMMON
    if data(state).summoned[action.seat]:
        return R_ONE_ESSENCE
    return None


def _exec_summon(state: GameState, action: Action, events: Events) -> None:
    seat, cid = action.seat, action.cards[0]
    data(state).summoned[seat] = True
    state.move(cid, (seat, POOL))
    events.append(
        Event(
            "move",
            f"{who(state, seat)} summons {name(state, cid)} to the Essence Pool",
            seat=seat,
            cards=(cid,),
            value=((seat, HAND), (seat, POOL)),
        )
    )


def hosts(state: GameState, seat: int) -> list[int]:
    """The seat's cards that essences may be attached to: its active creatures and its
    spells on the field."""
    return actives(state, seat) + spells_in_play(state, seat)


def _gen_attach(state: GameState, seat: int) -> Iterator[Action]:
    """The essence moves offered: giving back to the pool an essence a card does not need,
    and attaching an essence of a type from the pool where it frees a Gray one (which could
    then pay anything else). Attaching more than a card needs, or any other exchange, or a
    move straight from card to card, is legal too: the table does it when a player drags
    so, but it is not offered again as a move of its own (nothing it opens is not opened by
    these). Essences of one name in one place are one move."""
    mine = overpaid(state, seat)
    if not mine:
        return
    cards = state.cards
    typed: dict[str, int] | None = None
    for h, spare, have, gray in mine:
        for cid in spare:
            yield act(state, "attach", seat, (cid,), (), ("pool",))
        if gray is None:
            continue
        if typed is None:
            typed = {}
            for cid in state.zones[(seat, POOL)]:
                card = cards[cid].card
                if card.essence != GRAY:
                    typed.setdefault(card.name, cid)
        cost = cards[h].card.cost
        for pid in typed.values():
            p = cards[pid].card
            more = dict(have)
            more[p.essence] = more.get(p.essence, 0) + p.value
            if _frees(cost, more, gray):
                yield act(state, "attach", seat, (pid,), (h,))


Overpaid = tuple[int, tuple[int, ...], dict[str, int], Any]


def overpaid(state: GameState, seat: int) -> tuple[Overpaid, ...]:
    """The seat's active cards paid with more essence than they cost, or with a Gray
    essence, the only cards an essence move is offered from; each with the essences on it
    that may go back to the pool (one of each name), what those on it provide, and its Gray
    essence if it has one. Worked out again only when an essence has been attached or
    returned, or a card destroyed."""
    d = data(state)
    if d.slack[0] != d.paid:
        d.slack = (d.paid, {})
    found = d.slack[1].get(seat)
    if found is None:
        found = d.slack[1][seat] = _overpaid(state, seat)
    return found


def _overpaid(state: GameState, seat: int) -> tuple[Overpaid, ...]:
    cards = state.cards
    mine = []
    for zone in (CREATURES, SPELLS):
        ids = state.zones[(seat, zone)]
        given: dict[int, int] = {}
        grays: set[int] = set()
        for cid in ids:
            inst = cards[cid]
            h = inst.attached_to
            if h is not None:
                card = inst.card
                if card.type == "essence":
                    given[h] = given.get(h, 0) + card.value
                    if card.essence == GRAY:
                        grays.add(h)
        for h, total in given.items():
            # Paid exactly with no Gray on it (most cards): nothing to give back or free.
            if (total <= cards[h].card.value and h not in grays) or (
                zone == CREATURES and not active(state, h)
            ):
                continue
            on = [c for c in ids if cards[c].attached_to == h and cards[c].card.type == "essence"]
            cost = cards[h].card.cost
            have = supply(cards[c].card for c in on)
            spare = []
            seen = set()
            gray = None
            for cid in on:
                card = cards[cid].card
                if card.essence == GRAY:
                    gray = card
                if card.name not in seen:
                    seen.add(card.name)
                    if _frees(cost, have, card):
                        spare.append(cid)
            mine.append((h, tuple(spare), have, gray))
    return tuple(mine)


def _frees(cost: Mapping[str, int], provided: Mapping[str, int], essence: Any) -> bool:
    """Whether ``cost`` stays paid by ``provided`` less ``essence``."""
    less = dict(provided)
    less[essence.essence] -= essence.value
    return pays(cost, less)


def _check_attach(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if (
        len(action.cards) != 1
        or len(action.targets) + len(action.words) != 1
        or (action.words and action.words != ("pool",))
    ):
        return (
            f'{E}: move one essence onto one card, or back to the pool (attach "Essence" -> "Card")'
        )
    cid = action.cards[0]
    inst = state.cards[cid]
    if (
        inst.owner != seat
        or inst.card.type != "essence"
        or inst.zone[1] not in (POOL, CREATURES, SPELLS)
    ):
        return f"{E}, {P}: once active in the Essence Pool, Essence Cards may be moved"
    if action.targets:
        host = action.targets[0]
        if host not in hosts(state, seat):
            return R_ATTACH_TO
        if inst.attached_to == host:
            return f"{R_ONE_HOST} (it is on {name(state, host)} already)"
    elif inst.zone[1] == POOL:
        return f"{E}: {inst.card.name} is in the Essence Pool already"
    old = inst.attached_to
    if old is not None and not paid(state, old, without=cid):
        return (
            f"{R_STAY_PAID}: {name(state, old)} needs {cost_text(state.cards[old].card.cost)}"
            f" and would be left underpaid"
        )
    return None


def _exec_attach(state: GameState, action: Action, events: Events) -> None:
    seat, cid = action.seat, action.cards[0]
    inst = state.cards[cid]
    src = inst.zone
    old = inst.attached_to
    frm = f" from {name(state, old)}" if old is not None else ""
    if action.targets:
        host = action.targets[0]
        attach(state, cid, host)
        text = f"{who(state, seat)} attaches {inst.card.name}{frm} to {name(state, host)}"
    else:
        to_pool(state, cid)
        text = f"{who(state, seat)} returns {inst.card.name}{frm} to the Essence Pool"
    events.append(Event("move", text, seat=seat, cards=(cid,), value=(src, inst.zone)))


def _pay_problem(
    state: GameState, seat: int, cost: Mapping[str, int], essences: Sequence[int], rule: str
) -> str | None:
    cards = state.cards
    if len(set(essences)) != len(essences) or any(
        cards[e].zone != (seat, POOL) or cards[e].card.type != "essence" for e in essences
    ):
        return rule
    if not pays(cost, supply(cards[e].card for e in essences)):
        return f"{R_UNDERPAID}: it needs {cost_text(cost)}"
    return None


def _gen_create(state: GameState, seat: int) -> Iterator[Action]:
    if len(creatures(state, seat)) >= MAX_CREATURES:
        return
    pool = state.zones[(seat, POOL)]
    if not pool:
        return
    cards = state.cards
    # One of each creature in hand (a hidden card is no creature the seat knows of).
    held = {}
    for c in reversed(state.zones[(seat, HAND)]):
        card = cards[c].card
        if card.type == "creature":
            held[card.name] = c
    if not held:
        return
    have = essence_pool(state, seat)
    for cid in reversed(held.values()):
        cost = cards[cid].card.cost
        if not pays(cost, have.supply):
            continue
        pay = cheapest(state, cost, have)
        if pay is not None:
            yield act(state, "create", seat, (cid, *pay))


def _check_create(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if not action.cards or action.targets or action.words:
        return (
            f'{E}: create one creature with the essences that pay it (create "Creature", '
            '"Essence"...)'
        )
    inst = state.cards[action.cards[0]]
    if inst.zone != (seat, HAND) or inst.card.type != "creature":
        return f"{R_FROM_HAND}: create a Creature Card from your hand"
    if len(creatures(state, seat)) >= MAX_CREATURES:
        return R_THREE
    return _pay_problem(state, seat, inst.card.cost, action.cards[1:], R_FROM_POOL)


def _exec_create(state: GameState, action: Action, events: Events) -> None:
    seat, cid = action.seat, action.cards[0]
    inst = state.cards[cid]
    state.move(cid, (seat, CREATURES))
    changed(state, cid)
    inst.turned = True  # "exhausted when they are first created"
    for e in action.cards[1:]:
        attach(state, e, cid)
    paid_with = ", ".join(name(state, e) for e in action.cards[1:])
    events.append(
        Event(
            "move",
            f"{who(state, seat)} creates {inst.card.name} (paid with "
            f"{paid_with}); it is exhausted this turn",
            seat=seat,
            cards=action.cards,
            value=((seat, HAND), (seat, CREATURES)),
        )
    )
    ab.emit(state, events, ab.ENTERS, cid, seat)
    if lends(state, cid):
        overwhelmed(state, events)


def spell_targets(state: GameState, seat: int, card: EocCard) -> list[int] | None:
    """The creatures a spell (or an ability, by its ``target``) may be played on; None when
    it takes none."""
    return _chosen(state, seat, card.target)


def _chosen(state: GameState, seat: int, side: str) -> list[int] | None:
    if side == "none":
        return None
    out = []
    for s in range(state.seats):
        if side == "any" or (s == seat) == (side == "ally"):
            out.extend(actives(state, s))
    return out


def _spell_problem(state: GameState, action: Action, trap: bool) -> str | None:
    seat = action.seat
    if not action.cards or len(action.targets) > 1 or action.words:
        return (
            f'{E}: play one spell with the essences that pay it (cast "Spell", '
            '"Essence"... [-> "Creature"])'
        )
    inst = state.cards[action.cards[0]]
    card = inst.card
    if inst.zone != (seat, HAND) or card.type != "spell":
        return f"{R_FROM_HAND}: play a Spell Card from your hand"
    if (card.kind == "trap") != trap:
        return R_NO_TRAP_NOW if card.kind == "trap" else R_TRAP_ONLY
    if len(spells_in_play(state, seat)) >= MAX_SPELLS:
        return R_SLOTS
    targets = spell_targets(state, seat, card)
    if targets is None:
        if action.targets:
            return f"{R_TARGET}: {card.name} is played on no creature"
    elif len(action.targets) != 1 or action.targets[0] not in targets:
        side = {"enemy": "an enemy creature", "ally": "one of your creatures", "any": "a creature"}[
            card.target
        ]
        return R_ITEM if card.kind == "item" else f"{R_TARGET}: {card.name} is played on {side}"
    return _pay_problem(state, seat, card.cost, action.cards[1:], R_FROM_POOL)


def _gen_spells(state: GameState, seat: int, trap: bool) -> Iterator[Action]:
    if len(spells_in_play(state, seat)) >= MAX_SPELLS:
        return
    pool = state.zones[(seat, POOL)]
    if not pool:
        return
    cards = state.cards
    play = f"trap:{_trap_window(state)}" if trap else "cast"
    # One of each spell in hand that may be played now.
    held = {}
    for c in reversed(state.zones[(seat, HAND)]):
        card = cards[c].card
        if card.type == "spell" and card.play == play:  # (a hidden card is no spell)
            held[card.name] = c
    if not held:
        return
    have = essence_pool(state, seat)
    for cid in reversed(held.values()):
        card = cards[cid].card
        if not pays(card.cost, have.supply):
            continue
        pay = cheapest(state, card.cost, have)
        if pay is None:
            continue
        targets = spell_targets(state, seat, card)
        for t in targets if targets is not None else [None]:
            yield act(
                state, "trap" if trap else "cast", seat, (cid, *pay), (t,) if t is not None else ()
            )


def _gen_cast(state: GameState, seat: int) -> Iterator[Action]:
    return _gen_spells(state, seat, trap=False)


def _check_cast(state: GameState, action: Action) -> str | None:
    return _spell_problem(state, action, trap=False)


def _play_spell(state: GameState, action: Action, events: Events) -> None:
    seat, cid = action.seat, action.cards[0]
    inst = state.cards[cid]
    card = inst.card
    target = action.targets[0] if action.targets else None
    state.move(cid, (seat, SPELLS))
    for e in action.cards[1:]:
        attach(state, e, cid)
    if card.kind == "item" and target is not None:
        inst.attached_to = target
    changed(state, cid)
    kind = card.kind.capitalize() if card.kind else "spell"
    on = f" on {name(state, target)}" if target is not None else ""
    paid_with = ", ".join(name(state, e) for e in action.cards[1:])
    events.append(
        Event(
            "cast",
            f"{who(state, seat)} plays the {kind} {card.name}{on} (paid with {paid_with})",
            seat=seat,
            cards=(cid, *((target,) if target else ())),
            value=((seat, HAND), (seat, SPELLS)),
        )
    )
    ab.emit(state, events, ab.PLAYED, cid, seat)
    resolve(state, card.effects, cid, events, target)
    if lends(state, cid):
        overwhelmed(state, events)


def _exec_cast(state: GameState, action: Action, events: Events) -> None:
    _play_spell(state, action, events)


# -- abilities -------------------------------------------------------------------------------


def ability_of(state: GameState, cid: int) -> schema.Ability | None:
    inst = state.cards[cid]
    if inst.card.type == "vanquisher":
        return stage_of(state, inst.owner).ability
    return inst.card.ability


def _ability_problem(state: GameState, seat: int, cid: int, phase: str | None = None) -> str | None:
    """Why ``cid``'s ability may not be used now (or in ``phase``), before its cost and
    target."""
    phase = phase or state.phase
    inst = state.cards[cid]
    card = inst.card
    if inst.owner != seat or inst.zone[1] not in IN_PLAY or ability_of(state, cid) is None:
        return f"{E}: use an ability of one of your cards on the field"
    if card.type == "spell":
        if phase != "prep":
            return R_SPELL_ABILITY_WHEN
        if card.kind == "item" and (
            inst.attached_to is None or not active(state, inst.attached_to)
        ):
            return f"{E}: an Item acts while its creature is active"
    else:
        if phase != "attack":
            return R_CREATURE_ABILITY_WHEN
        if card.type == "creature":
            if not active(state, cid):
                return f"{E}: a destroyed creature is no longer active"
            if inst.turned:
                return R_EXHAUSTED
    if not may(state, cid, "use_abilities"):
        return R_CANNOT
    if used(state, cid):
        return R_ONCE
    return None


def _gen_use(state: GameState, seat: int) -> Iterator[Action]:
    return _uses(state, seat, state.phase)


def _uses(state: GameState, seat: int, phase: str) -> Iterator[Action]:
    """The abilities ``seat`` may use in ``phase``."""
    if data(state).attack is not None:
        return
    have = None
    creatures_, spells = field_index(state)[5][seat]
    places = spells if phase == "prep" else [*creatures_, vanquisher(state, seat)]
    for cid in places:
        ability = ability_of(state, cid)
        if ability is None:
            continue
        if have is None:
            have = essence_pool(state, seat)
        if not pays(ability.cost, have.supply) or _ability_problem(state, seat, cid, phase):
            continue
        pay = cheapest(state, ability.cost, have)
        if pay is None:
            continue
        targets = _chosen(state, seat, ability.target)
        for t in targets if targets is not None else [None]:
            yield act(state, "use", seat, (cid, *pay), (t,) if t is not None else ())


def _check_use(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if not action.cards or len(action.targets) > 1 or action.words:
        return (
            f'{E}: use one card\'s ability, with the essences that pay it (use "Card", '
            '"Essence"... [-> "Creature"])'
        )
    cid = action.cards[0]
    problem = _ability_problem(state, seat, cid)
    if problem:
        return problem
    if data(state).attack is not None:
        return f"{E}, {A_}: abilities are used between attacks"
    ability = ability_of(state, cid)
    targets = _chosen(state, seat, ability.target)
    if targets is None:
        if action.targets:
            return f"{R_TARGET}: {ability.name} takes no target"
    elif len(action.targets) != 1 or action.targets[0] not in targets:
        return (
            f"{R_TARGET}: {ability.name} is used on "
            + {"enemy": "an enemy creature", "ally": "one of your creatures", "any": "a creature"}[
                ability.target
            ]
        )
    return _pay_problem(state, seat, ability.cost, action.cards[1:], R_ABILITY_POOL)


def _exec_use(state: GameState, action: Action, events: Events) -> None:
    seat, cid = action.seat, action.cards[0]
    ability = ability_of(state, cid)
    target = action.targets[0] if action.targets else None
    for e in action.cards[1:]:
        state.move(e, (seat, GRAVE))
    ab.add(state, Modifier(cid, "used", 1, cid, ab.TURN))
    on = f" on {name(state, target)}" if target is not None else ""
    spent = ", ".join(name(state, e) for e in action.cards[1:])
    events.append(
        Event(
            "ability",
            f"{name(state, cid)} uses {ability.name}{on}"
            + (f" ({spent} to the Graveyard)" if spent else ""),
            seat=seat,
            cards=(cid, *((target,) if target is not None else ())),
        )
    )
    resolve(state, ability.effects, cid, events, target)


# -- attacks --------------------------------------------------------------------------------


def _attack_problem(
    state: GameState, seat: int, attackers: Sequence[int], target: int
) -> str | None:
    cards = state.cards
    for a in attackers:
        inst = cards[a]
        if inst.card.type == "vanquisher" and inst.owner == seat:
            return R_VANQUISHER_NO_ATTACK
        if inst.owner != seat or not active(state, a):
            return f"{E}, {A_}: any active non-exhausted creature of yours may attack"
        if inst.turned:
            return R_EXHAUSTED
        if not may(state, a, "attack"):
            return f"{R_CANNOT}: {inst.card.name} cannot attack"
    t = cards[target]
    if t.owner == seat:
        return R_TARGET_CREATURE
    if t.card.type == "vanquisher":
        if actives(state, t.owner) and not all(
            may(state, a, "attack_vanquisher", default=False) for a in attackers
        ):
            return R_VANQUISHER_GUARDED
        if not all(may(state, a, "attack_vanquisher", default=True) for a in attackers):
            return f"{R_CANNOT}: it cannot attack the Vanquisher"
        return None
    if not active(state, target):
        return R_TARGET_CREATURE
    if not may(state, target, "be_attacked"):
        return f"{R_CANNOT}: {t.card.name} cannot be attacked"
    return None


def _gen_attack(state: GameState, seat: int) -> Iterator[Action]:
    """Every group of ready creatures against every enemy they may attack. (The checks of
    ``_attack_problem``, each card's asked once.)"""
    if data(state).attack is not None:
        return
    cards = state.cards
    ready: list[int] = []
    past: set[int] = set()  # may attack the Vanquisher past its guards
    barred: set[int] = set()  # may not attack the Vanquisher at all
    for c in actives(state, seat):
        if cards[c].turned:
            continue
        mods = on_card(state, c)
        if mods:
            if not ab.permitted(state, c, "attack", True, mods):
                continue
            if ab.permitted(state, c, "attack_vanquisher", False, mods):
                past.add(c)
            elif not ab.permitted(state, c, "attack_vanquisher", True, mods):
                barred.add(c)
        ready.append(c)
    if not ready:
        return
    for s in range(state.seats):
        if s == seat:
            continue
        guards = actives(state, s)
        foes = [c for c in guards if may(state, c, "be_attacked")]
        vq = vanquisher(state, s)
        for size in range(1, len(ready) + 1):
            for group in combinations(ready, size):
                for t in foes:
                    yield act(state, "attack", seat, group, (t,))
                if not barred.intersection(group) and (not guards or past.issuperset(group)):
                    yield act(state, "attack", seat, group, (vq,))


def may_attack(state: GameState, seat: int) -> bool:
    """Whether ``_gen_attack`` offers any attack, without listing them: a ready creature
    and a creature it may attack, or a ready creature that may attack the Vanquisher by
    itself (a group may only if each of its members may)."""
    if data(state).attack is not None:
        return False
    cards = state.cards
    ready = []
    for c in actives(state, seat):
        if cards[c].turned:
            continue
        mods = on_card(state, c)
        if not mods or ab.permitted(state, c, "attack", True, mods):
            ready.append((c, mods))
    if not ready:
        return False
    for s in range(state.seats):
        if s == seat:
            continue
        guards = actives(state, s)
        if any(may(state, g, "be_attacked") for g in guards):
            return True
        for c, mods in ready:
            if not mods:
                if not guards:
                    return True
            elif ab.permitted(state, c, "attack_vanquisher", False, mods) or (
                not guards and ab.permitted(state, c, "attack_vanquisher", True, mods)
            ):
                return True
    return False


def _check_attack(state: GameState, action: Action) -> str | None:
    if not action.cards or len(action.targets) != 1 or action.words:
        return f'{E}: attack with one or more creatures one target (attack "A", "B" -> "Target")'
    if len(set(action.cards)) != len(action.cards):
        return R_GROUP
    if data(state).attack is not None:
        return f"{E}, {A_}: one attack at a time"
    return _attack_problem(state, action.seat, action.cards, action.targets[0])


def _exec_attack(state: GameState, action: Action, events: Events) -> None:
    seat = action.seat
    attackers, target = action.cards, action.targets[0]
    d = data(state)
    d.attack = Attack(seat, attackers, target)
    for a in attackers:
        state.cards[a].turned = True
    names = " and ".join(name(state, a) for a in attackers)
    group = " together" if len(attackers) > 1 else ""
    events.append(
        Event(
            "attack",
            f"{names} attack{'s' if len(attackers) == 1 else ''} {name(state, target)}{group}",
            seat=seat,
            cards=(*attackers, target),
        )
    )
    for a in attackers:
        ab.emit(state, events, ab.ATTACKS, a, seat, target)
    ab.emit(state, events, ab.ATTACKED, target, state.cards[target].owner, attackers[0])
    _defender_window(state, events)


def _may_trap(state: GameState, seat: int) -> bool:
    """Whether ``seat`` is asked for Traps: whenever it holds a card and has a free spell
    slot, which both players can see (ruling 6). Asking only a player holding a Trap it
    could pay would tell the other that it does."""
    return bool(state.zones[(seat, HAND)]) and len(spells_in_play(state, seat)) < MAX_SPELLS


_TRAP_WINDOWS = {"defender_traps": "attacked", "attacker_traps": "counter_attacked"}


def _trap_window(state: GameState) -> str | None:
    prompt = state.top_prompt
    return None if prompt is None else _TRAP_WINDOWS.get(prompt.name)


def _over(state: GameState) -> bool:
    return state.over or any(data(state).lost)


def _defender_window(state: GameState, events: Events) -> None:
    attack = data(state).attack
    defender = state.cards[attack.target].owner
    if not _over(state) and not attack.cancelled and _may_trap(state, defender):
        attack.stage = "defender"
        open_window(state, defender, "defender_traps", events)
    else:
        _counter_step(state, events)


def _can_counter(state: GameState, attack: Attack) -> bool:
    t = attack.target
    return (active(state, t) or state.cards[t].card.type == "vanquisher") and may(
        state, t, "counter_attack"
    )


def _counter_step(state: GameState, events: Events) -> None:
    """ "Once attacked, the enemy creature counter-attacks your attacking creature" —
    mandatory and automatic; against a group its controller chooses."""
    d = data(state)
    attack = d.attack
    if _over(state) or attack.cancelled:
        _resolve_attack(state, events)
        return
    alive = [a for a in attack.attackers if active(state, a)]
    if not alive or not _can_counter(state, attack):
        _resolve_attack(state, events)
        return
    if len(alive) == 1:
        _countered(state, alive[0], events)
    else:
        attack.stage = "counter"
        open_window(state, state.cards[attack.target].owner, "counter", events)


def _countered(state: GameState, cid: int, events: Events) -> None:
    attack = data(state).attack
    attack.countered = cid
    events.append(
        Event(
            "info",
            f"{name(state, attack.target)} counter-attacks {name(state, cid)}",
            seat=state.cards[attack.target].owner,
            cards=(attack.target, cid),
        )
    )
    if _may_trap(state, attack.seat):
        attack.stage = "attacker"
        open_window(state, attack.seat, "attacker_traps", events)
    else:
        _resolve_attack(state, events)


def _gen_counter(state: GameState, seat: int) -> Iterator[Action]:
    attack = data(state).attack
    if attack is None:
        return
    for a in attack.attackers:
        if active(state, a):
            yield act(state, "counter", seat, (attack.target,), (a,))


def _check_counter(state: GameState, action: Action) -> str | None:
    attack = data(state).attack
    if attack is None or attack.stage != "counter":
        return f"{E}, {A_}: a counter-attack answers an attack"
    if (
        action.cards != (attack.target,)
        or len(action.targets) != 1
        or action.targets[0] not in attack.attackers
        or not active(state, action.targets[0])
    ):
        return R_COUNTER_CHOICE
    return None


def _exec_counter(state: GameState, action: Action, events: Events) -> None:
    close_window(state)
    _countered(state, action.targets[0], events)


def _gen_trap(state: GameState, seat: int) -> Iterator[Action]:
    return _gen_spells(state, seat, trap=True)


def _check_trap(state: GameState, action: Action) -> str | None:
    problem = _spell_problem(state, action, trap=True)
    if problem:
        return problem
    card = state.cards[action.cards[0]].card
    window = _trap_window(state)
    if card.trap != window:
        when = (
            "when your creature or Vanquisher is attacked"
            if card.trap == "attacked"
            else "when your attacking creature is counter-attacked"
        )
        return R_TRAP_WINDOW.format(f"{card.name} is played {when}")
    return None


def _exec_trap(state: GameState, action: Action, events: Events) -> None:
    """A Trap resolves at once; its player may play more in the same window."""
    _play_spell(state, action, events)
    attack = data(state).attack
    if (
        _over(state)
        or attack.cancelled
        or not _may_trap(state, action.seat)
        or (
            attack.stage == "defender"
            and not (
                active(state, attack.target) or state.cards[attack.target].card.type == "vanquisher"
            )
        )
    ):
        close_window(state)
        if attack.stage == "defender":
            _counter_step(state, events)
        else:
            _resolve_attack(state, events)


def _on_pass_defender(state: GameState, prompt: Prompt, events: Events) -> None:
    _counter_step(state, events)


def _on_pass_attacker(state: GameState, prompt: Prompt, events: Events) -> None:
    _resolve_attack(state, events)


def _resolve_attack(state: GameState, events: Events) -> None:
    """The attack's damage and the counter-attack's, at once: each total is the attack
    values with every modifier, +1 per attacker of the Essence Type the defender is weak
    to; a card is destroyed when the damage it has taken exceeds its defence."""
    d = data(state)
    attack = d.attack
    d.attack = None
    if attack is None or _over(state):
        return
    if attack.cancelled:
        events.append(
            Event("info", "The attack is cancelled: no damage is dealt", seat=attack.seat)
        )
        return
    target = attack.target
    tinst = state.cards[target]
    hitters = [a for a in attack.attackers if active(state, a)]
    target_up = active(state, target) or tinst.card.type == "vanquisher"
    hit = 0
    weak = 0
    for a in hitters:
        hit += attack_of(state, a)
        if tinst.card.type == "creature" and weak_to(state, target, a):
            weak += 1
    back = None
    if (
        attack.countered is not None
        and active(state, attack.countered)
        and target_up
        and may(state, target, "counter_attack")
    ):
        c = attack.countered
        back = attack_of(state, target) + (1 if weak_to(state, c, target) else 0)
    if hitters and target_up:
        extra = f" (+{weak} weakness)" if weak else ""
        dfn = defense_of(state, target)
        falls = tinst.damage + hit + weak > dfn
        fate = (
            ("destroyed" if tinst.card.type == "creature" else "its stage is defeated")
            if falls
            else "holds"
        )
        before = f", {tinst.damage} damage already" if tinst.damage else ""
        events.append(
            Event(
                "outcome",
                f"{hit + weak}{extra} against {dfn} DEF{before}: {tinst.card.name} {fate}",
                seat=attack.seat,
                cards=(hitters[0], target),
                value=("hit" if falls else "held", hit + weak, dfn),
            )
        )
        hurt(
            state,
            target,
            hit + weak,
            events,
            f" from the attack{extra}",
            hitters[0] if len(hitters) == 1 else None,
        )
    if back is not None:
        c = attack.countered
        extra = " (+1 weakness)" if weak_to(state, c, target) else ""
        hurt(state, c, back, events, f" from the counter-attack{extra}", target)


WINDOWS = {
    "redraw": Window(
        "redraw",
        "No playable creature in your hand: reveal it and draw 7 new cards",
        frozenset({"redraw"}),
        can_pass=False,
    ),
    "defender_traps": Window(
        "defender_traps",
        "You are attacked: play Trap spells, or pass",
        frozenset({"trap"}),
        on_pass=_on_pass_defender,
    ),
    "counter": Window(
        "counter", "Choose which attacker to counter-attack", frozenset({"counter"}), can_pass=False
    ),
    "attacker_traps": Window(
        "attacker_traps",
        "Your creature is counter-attacked: play Trap spells, or pass",
        frozenset({"trap"}),
        on_pass=_on_pass_attacker,
    ),
}

MOVES = {
    "redraw": Move(
        "redraw",
        _gen_redraw,
        _check_redraw,
        _exec_redraw,
        exact=True,
        wrong_phase=f"{E}: hands are redrawn before the game starts",
    ),
    "summon": Move(
        "summon",
        _gen_summon,
        _check_summon,
        _exec_summon,
        exact=True,
        wrong_phase=f"{E}: an Essence is summoned in your {P}",
    ),
    "attach": Move(
        "attach",
        _gen_attach,
        _check_attach,
        _exec_attach,
        exact=True,
        wrong_phase=f"{E}: essences are moved during your {P}",
    ),
    "create": Move(
        "create",
        _gen_create,
        _check_create,
        _exec_create,
        exact=True,
        wrong_phase=f"{E}: creatures are created in your {P}",
    ),
    "cast": Move(
        "cast",
        _gen_cast,
        _check_cast,
        _exec_cast,
        exact=True,
        wrong_phase=f"{E}: Effect, Instant and Item spells are played in your {P}",
    ),
    "use": Move(
        "use",
        _gen_use,
        _check_use,
        _exec_use,
        exact=True,
        wrong_phase=f"{E}: abilities are used in your own turn",
    ),
    "attack": Move(
        "attack",
        _gen_attack,
        _check_attack,
        _exec_attack,
        exact=True,
        wrong_phase=f"{E}: attacks are made in your {A_}",
    ),
    "counter": Move(
        "counter",
        _gen_counter,
        _check_counter,
        _exec_counter,
        exact=True,
        wrong_phase=R_COUNTER_CHOICE,
    ),
    "trap": Move(
        "trap",
        _gen_trap,
        _check_trap,
        _exec_trap,
        exact=True,
        wrong_phase=f"{E}: Traps answer an attack, when you are asked",
        out_of_turn=f"{E}: Traps answer an attack, when you are asked",
    ),
}


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
    schema = schema  # its check_set and deck_problems: the set and deck rules
    turn_phases = TURN_PHASES

    def cards_path(self):
        return cards_dir(self.id)

    def seat_values(self) -> Mapping[str, SeatValue]:
        return _SEAT_VALUES

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
                    f"{state.cards[vanquisher(state, seat)].card.name} on the field "
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
        d = state.data
        if d.listen[0] != d.heard:
            d.listen = (d.heard, self._listeners(state))
        by_seat = d.listen[1].get(trigger)
        if by_seat is None:
            return ()
        first = state.active
        return by_seat[first] + by_seat[1 - first]

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
                            out.append(f"{inst.card.name} lies in {zone} on no card there")
                    elif kind == "creature" and zone == CREATURES:
                        if inst.attached_to is not None:
                            out.append(f"{inst.card.name} is attached to a card")
                        if not paid(state, cid):
                            out.append(f"{inst.card.name}'s creation cost is underpaid")
                    elif kind == "spell" and zone == SPELLS:
                        if not paid(state, cid):
                            out.append(f"{inst.card.name}'s creation cost is underpaid")
                        if inst.card.kind == "item" and (
                            inst.attached_to is None
                            or cards[inst.attached_to].zone != (seat, CREATURES)
                        ):
                            out.append(f"the Item {inst.card.name} is on no creature of its own")
                    else:
                        out.append(f"{inst.card.name} ({kind}) lies in {zone}")
            for cid in state.zones[(seat, POOL)]:
                if cards[cid].card.type != "essence" or cards[cid].attached_to is not None:
                    out.append(f"{cards[cid].card.name} in the Essence Pool")
            if data(state).stage[seat] not in (1, 2):
                out.append(f"{who_}'s Vanquisher is in stage {data(state).stage[seat]}")
        if (
            tuple(self._continuous(state)) != tuple(self.continuous(state))
            or _index(state) != field_index(state)
            or any(_overpaid(state, s) != overpaid(state, s) for s in range(state.seats))
            or (
                self.listeners(state, ab.ENTERS) is not None
                and self._listeners(state) != state.data.listen[1]
            )
        ):
            out.append("the field changed without being marked changed")
        for inst in cards.values():
            if (
                inst.card.type == "essence"
                and inst.attached_to is not None
                and inst.zone[1] not in (CREATURES, SPELLS)
            ):
                out.append(f"{inst.card.name} is attached outside the field")
        return out

    def turn_cap(self) -> int:
        return 200
