"""War of the Arcane's state and plain queries on it (the rulebook's 2, Game Components, and
3, Game Setup, Step 1, Prepare the Battlefield): the 5×5 battlefield and its squares, the
zones and numbers of the game, the rules as the refusals quote them, card facts (where a
card lies, its Attack and Health, its statuses, whose it is), the game's own state
(``WotaData``, ``Attack``) and the stand-in for a face-down enemy card (``UNKNOWN``)."""

from __future__ import annotations

from typing import Any

from ....engine import GameState, Visibility, ZoneSpec, card_name
from .. import cards as schema
from ..cards import WotaCard

GAME = "War of the Arcane"
FILES = "abcde"
SQUARES = tuple(f"{f}{r}" for r in range(1, 6) for f in FILES)
SQUARE_SET = frozenset(SQUARES)
COORD = {sq: (FILES.index(sq[0]), int(sq[1]) - 1) for sq in SQUARES}
AT = {v: k for k, v in COORD.items()}
HAND, DECK, GRAVE, ASIDE, STACK = "hand", "deck", "graveyard", "aside", "stack"
AP_PER_TURN = 3
SETUP_PLACES = 5
OPENING_HAND = 9
NO_DRAW_DAMAGE = 3

ZONES: dict[str, ZoneSpec] = {sq: ZoneSpec(sq, sq.upper(), shared=True) for sq in SQUARES}
ZONES.update(
    {
        HAND: ZoneSpec(HAND, "Hand", Visibility.OWNER),
        DECK: ZoneSpec(DECK, "Deck", Visibility.HIDDEN),
        GRAVE: ZoneSpec(GRAVE, "Graveyard"),
        ASIDE: ZoneSpec(ASIDE, "Tokens set aside"),
        STACK: ZoneSpec(STACK, "Spells being cast", shared=True),
    }
)

W = "War of the Arcane"
R_AP = f"{W}, Main Phase: you have 3 action points to spend, one per action; none are left"
R_TERRITORY = (
    f"{W}, Place a Card: place a Unit or Trap card from your hand onto your side of the battlefield"
)
R_FACE_DOWN = f"{W}, Setup: Traps and Mystic Stones must always be placed face down"
R_SPELLS_STAY = (
    f"{W}, Setup: Spells must stay in your hand (they are not placed on the battlefield)"
)
R_SETUP_FIVE = (
    f"{W}, Setup: place up to 5 cards from your hand (along with your Mystic "
    "Stone) onto your side of the grid"
)
R_STONE_FIRST = (
    f"{W}, Setup (ruling): place your Mystic Stone on your side of the grid before you finish"
)
R_OCCUPIED = f"{W} (ruling): a space holds one card; a card cannot move or be placed onto another"
R_ADJACENT = (
    f"{W}, Move a Card: move a card to an adjacent space; movement is omni-directional "
    "(any direction 1 space)"
)
R_YOURS = f"{W} (ruling): a player moves and flips only its own cards on the battlefield"
R_FROZEN = f"{W}, Frozen: cannot move until the controlling player's next End Phase"
R_PETRIFIED = f"{W}, Petrified: cannot move or attack, until healed"
R_SHOCKED = f"{W}, Shocked: cannot attack until the controlling player's next End Phase"
R_FACE_UP = f"{W}, Attack: use a face-up Unit card to attack"
R_ORTHOGONAL = (
    f"{W}, Attack: attack an orthogonally (up, down, left, right) adjacent opponent's card"
)
R_FLIP = f"{W}, Flip a Card: flip a face-down Unit card face up"
R_SPELL_ONCE = f"{W}, Cast a Spell: Spells can be used once per player turn"
R_COUNTER = (
    f"{W}, Cast a Spell (ruling): a counter spell is played in response to an enemy "
    "spell that is not itself a counter"
)
R_FROM_HAND = f"{W}, Place a Card: place a Unit or Trap card from your hand"
R_STONE_AT_SETUP = f"{R_FROM_HAND} (the Mystic Stone is placed at setup)"
R_ATTACKER = f"{W}, Attack: use a face-up Unit card to attack an opponent's card"
R_TARGET = f"{W} (ruling): a Spell is cast on a card on the battlefield, as it says"
R_SPELL_WHEN = (
    f"{W} (ruling): Spells are cast in your Main Phase; in your opponent's, when you "
    "are asked (an attack on your card, an enemy Spell) or when you step in"
)
R_STEP_IN = (
    f"{W} (ruling): you step in with a Spell in your opponent's Main Phase, when nobody "
    "is being asked anything"
)


# -- the board ------------------------------------------------------------------------


def territory(seat: int) -> range:
    """The ranks (0-based) of a seat's territory."""
    return range(0, 2) if seat == 0 else range(3, 5)


def own_squares(seat: int) -> list[str]:
    return [AT[(c, r)] for r in territory(seat) for c in range(5)]


def _neighbours(sq: str, diagonal: bool) -> tuple[str, ...]:
    c, r = COORD[sq]
    return tuple(
        AT[(c + dc, r + dr)]
        for dc in (-1, 0, 1)
        for dr in (-1, 0, 1)
        if (dc or dr) and (diagonal or not (dc and dr)) and (c + dc, r + dr) in AT
    )


AROUND = {sq: _neighbours(sq, True) for sq in SQUARES}  # the 8 spaces around (moves)
BESIDE = {sq: _neighbours(sq, False) for sq in SQUARES}  # up, down, left, right (attacks)
KEY = {sq: (None, sq) for sq in SQUARES}  # each square's zone key, made once
AROUND_SET = {sq: frozenset(n) for sq, n in AROUND.items()}
BESIDE_SET = {sq: frozenset(n) for sq, n in BESIDE.items()}


def neighbours(sq: str, diagonal: bool) -> tuple[str, ...]:
    return AROUND[sq] if diagonal else BESIDE[sq]


def square_of(state: GameState, cid: int) -> str | None:
    return state.data.where.get(cid)


def occupant(state: GameState, sq: str) -> int | None:
    ids = state.zones[KEY[sq]]
    return ids[0] if ids else None


def board(state: GameState) -> list[tuple[str, Any]]:
    """(square, card) for every card on the battlefield, in the order they arrived."""
    cards = state.cards
    return [(sq, cards[cid]) for cid, sq in state.data.where.items()]


def put(state: GameState, cid: int, sq: str, keep: bool = False) -> None:
    """Bring a card onto (or along) the battlefield."""
    state.move(cid, KEY[sq], keep=keep)
    state.data.where[cid] = sq


def take(state: GameState, cid: int, to: tuple) -> None:
    """Take a card off the battlefield."""
    state.move(cid, to)
    state.data.where.pop(cid, None)


def on_board(state: GameState, cid: int) -> bool:
    return cid in state.data.where


def attack_of(inst: Any) -> int:
    return max(0, inst.card.attack + inst.counters.get("atk", 0))


def health_of(inst: Any) -> int:
    return inst.card.health + inst.counters.get("hp", 0)


def has(inst: Any, status: str) -> bool:
    return inst.counters.get(status, 0) > 0


# A card's name in the log and the refusals (with its owner's, in a mirror match).
name = card_name


def who(state: GameState, seat: int) -> str:
    return state.seat_names[seat]


# -- the game's own state -----------------------------------------------------------------


class Attack:
    __slots__ = ("attacker", "defender", "first", "seat", "square", "stage", "standing", "struck")

    def __init__(self, seat: int, attacker: int, defender: int, square: str):
        self.seat = seat
        self.attacker = attacker
        self.defender = defender
        self.square = square  # the defender's space
        # "declared"; "answer" once the defender is revealed (step a), while its owner may
        # answer with a Spell; then "advance" while the attacker may move in (step e).
        self.stage = "declared"
        self.first = -1  # the card that deals combat damage first
        self.struck = False  # a First-Blood attacker has dealt its combat damage at step a
        self.standing = True  # the defender was still on the battlefield after step a

    def copy(self) -> Attack:
        a = Attack(self.seat, self.attacker, self.defender, self.square)
        a.stage, a.first, a.struck, a.standing = self.stage, self.first, self.struck, self.standing
        return a

    def snapshot(self) -> tuple:
        return (
            self.seat,
            self.attacker,
            self.defender,
            self.square,
            self.stage,
            self.first,
            self.struck,
            self.standing,
        )


class WotaData:
    __slots__ = ("ap", "attack", "cast", "first", "placed", "ready", "stack", "stones", "where")

    def __init__(self, seats: int):
        self.ap = 0
        # Card id -> square, for every card on the battlefield: an index of the square
        # zones, kept by put() and take() (the invariants check it), so that the moves a
        # seat has are found without scanning all 25 spaces.
        self.where: dict[int, str] = {}
        self.stones = [0] * seats
        self.cast = [False] * seats  # a Spell cast this player turn
        self.placed = [0] * seats  # cards placed at setup (the Stone aside)
        self.ready = [False] * seats
        self.stack: list[tuple[int, int, int]] = []  # (spell, caster, target or -1)
        self.attack: Attack | None = None
        self.first: int | None = None

    def copy(self) -> WotaData:
        d = WotaData.__new__(WotaData)
        d.ap = self.ap
        d.where = self.where.copy()
        d.stones = self.stones.copy()
        d.cast = self.cast.copy()
        d.placed = self.placed.copy()
        d.ready = self.ready.copy()
        d.stack = self.stack.copy()
        d.attack = self.attack.copy() if self.attack is not None else None
        d.first = self.first
        return d

    def snapshot(self) -> tuple:
        return (
            self.ap,
            tuple(sorted(self.where.items())),
            tuple(self.stones),
            tuple(self.cast),
            tuple(self.placed),
            tuple(self.ready),
            tuple(self.stack),
            self.attack.snapshot() if self.attack else None,
            self.first,
        )


def data(state: GameState) -> WotaData:
    return state.data


# What a player knows of a face-down enemy card: that something is there. In a view it
# stands in for the hidden card, so a bot can look ahead at attacking or targeting it.
# It settles nothing itself: it strikes no one back and does not fall, and when attacked
# it marks itself (+1 Health), so the evaluation can tell an attack on it from an effect
# that only flipped it, and value either at what the card is likely to be
# (``evaluate.py``).
UNKNOWN = WotaCard(
    name="Hidden card",
    type="unit",
    attack=0,
    health=40,
    abilities=(
        schema.Ability(when="attacked", effects=(schema.Buff(do="buff", health=1, to="self"),)),
    ),
    text="A face-down card: a Unit, a Trap or the Mystic Stone.",
)
