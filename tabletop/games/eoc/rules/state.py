"""EoC's state and plain queries on it, and The Playing Field: the zones (Banished,
Graveyard, the Essence Pool, three creature and three spell slots, the Vanquisher, the
Deck) and the numbers of the game (Game Preparation, Start the Game), the rules as the
refusals quote them, card facts (a seat's creatures, active or destroyed, and spells on the
field, its Vanquisher and the stage it is in, what is attached to a card), the game's own
state (``EocData``, ``Attack``, the ``Pool`` of essences it keeps per seat); and the two
plain changes the rest build on: ``changed`` (the field changed: what is worked out from it
is worked out again) and ``draw``."""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from ....engine import Events, GameState, Visibility, ZoneSpec, card_name, draw_cards
from ....engine.abilities import Listener, Modifier
from .. import cards as schema

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
R_MOVE_ESSENCE = (
    f"{E}, {P}: Essence Cards may be moved freely during this phase to attach to Creature and "
    "Spell Cards or move between active cards"
)
R_BACK_TO_POOL = (
    f"{E}, {P} (ruling): an Essence Card attached to a card may be moved back to the Essence Pool"
)
R_ESSENCE_ONCE = f"{E}: an Essence Card provides the Essence its values show, once"
R_ABILITY_COST = f"{E}: the Ability Cost must be paid every time this ability is used"
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
R_SPELL_ABILITY_WHEN = f"{E}, {P} (ruling): spell abilities are activated in your Preparation Phase"
R_ITEM_ACTS = f"{E} (ruling): an Item's ability works only while its creature is active"
R_BETWEEN_ATTACKS = f"{E}, {A_} (ruling): abilities are used between attacks"
R_DESTROYED = f"{E} (ruling): a destroyed creature is out at once"
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
R_TARGET = (
    f"{E} (ruling): a spell or ability is played on an active creature of the side its card names"
)
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


# A card's name in the log and the refusals (with its owner's, in a mirror match).
name = card_name


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


# -- the game's own state ----------------------------------------------------------------------


Essence = tuple[str, int]  # what one Essence card provides: its type and value


class Pool(NamedTuple):
    """What a set of essences offers: their ids in order, what each provides, the total by
    type, and the mix (what they provide, sorted: the same mixes come back all game)."""

    ids: tuple[int, ...]
    provides: tuple[Essence, ...]
    supply: dict[str, int]
    mix: tuple[Essence, ...]


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
    # Caches a view sent to another computer carries empty (``tabletop.net.codec``).
    WIRE_RESET: ClassVar[dict] = {
        "cont": lambda d: (-1, (), {}),
        "index": lambda d: (-1, ()),
        "listen": lambda d: (-1, {}),
        "slack": lambda d: (-1, {}),
        "pools": lambda d: [None] * len(d.pools),
    }

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


# -- the field changed; a card drawn -----------------------------------------------------------


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
