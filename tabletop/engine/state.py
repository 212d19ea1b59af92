"""A game in progress: seats, zones, card instances, the phase, the active seat, the generator.

Everything here is plain slotted classes, because bots copy states thousands of times a
second. Card *definitions* are shared, immutable objects (pydantic models loaded from the
card files); only the per-game *instances* are copied.

A zone is an ordered list of card instance ids, keyed by ``(seat, name)``; a zone shared by
all seats uses ``seat=None``. Index 0 is the top of a pile. Every card instance is in exactly
one zone, and remembers which (``CardInstance.zone``), so moving a card never searches.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Protocol

from .rng import Rng

if TYPE_CHECKING:
    from .game import Game

ZoneKey = tuple[int | None, str]


class CardDef(Protocol):
    """What the engine needs of a card definition; each game's schema adds the rest."""

    name: str
    type: str
    text: str


class _HiddenCard:
    """Stands in for a card the viewing seat may not see (another hand, a deck, face down)."""

    __slots__ = ()
    name = "Hidden card"
    type = "hidden"
    text = ""
    hidden = True

    def __repr__(self) -> str:
        return "HIDDEN"


HIDDEN: Any = _HiddenCard()


class Visibility(Enum):
    PUBLIC = "public"  # everyone sees the cards (face-down ones only by their owner)
    OWNER = "owner"  # only the zone's seat sees the cards (a hand)
    HIDDEN = "hidden"  # nobody sees the cards or their order (a deck)


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    name: str
    title: str
    visibility: Visibility = Visibility.PUBLIC
    shared: bool = False  # one zone for the table rather than one per seat
    # A zone of cards in play: a move into or out of one counts in ``GameState.board``,
    # which a game's caches of what is in play (passive effects, who controls what) key on.
    board: bool = False


class CardInstance:
    """One physical card in one game: a definition plus its state on the table."""

    __slots__ = (
        "attached_to",
        "card",
        "counters",
        "damage",
        "face_down",
        "id",
        "owner",
        "turned",
        "zone",
    )

    def __init__(self, id: int, card: Any, owner: int, zone: ZoneKey):
        self.id = id
        self.card = card
        self.owner = owner
        self.zone = zone
        self.turned = False  # turned 90° (each game's rest / mark / exhaust / activate)
        self.face_down = False
        self.damage = 0
        self.counters: dict[str, int] = {}
        self.attached_to: int | None = None

    def copy(self) -> CardInstance:
        c = CardInstance.__new__(CardInstance)
        c.id = self.id
        c.card = self.card
        c.owner = self.owner
        c.zone = self.zone
        c.turned = self.turned
        c.face_down = self.face_down
        c.damage = self.damage
        c.counters = self.counters.copy() if self.counters else {}
        c.attached_to = self.attached_to
        return c

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def known(self) -> bool:
        return self.card is not HIDDEN

    def snapshot(self) -> tuple:
        """Everything about this instance, as a comparable value."""
        return (
            self.id,
            self.card.name,
            self.owner,
            self.zone,
            self.turned,
            self.face_down,
            self.damage,
            tuple(sorted(self.counters.items())),
            self.attached_to,
        )

    def __repr__(self) -> str:
        flags = "".join(f for f, on in (("T", self.turned), ("D", self.face_down)) if on)
        return f"<{self.card.name}#{self.id} {self.zone} {flags}{'-' * bool(flags)}{self.damage}>"


@dataclass(frozen=True, slots=True)
class Prompt:
    """An open decision for one seat: a response window or a choice the rules ask for.

    ``name`` selects the game's :class:`~tabletop.engine.game.Window`; ``data`` is whatever
    the game needs to resume afterwards (plain values only)."""

    seat: int
    name: str
    data: tuple = ()


class GameState:
    __slots__ = (
        "active",
        "board",
        "cards",
        "data",
        "game",
        "journal",
        "knows",
        "lasting",
        "moved",
        "names",
        "next_id",
        "offered",
        "over",
        "pending",
        "phase",
        "prompts",
        "rng",
        "seat_names",
        "seats",
        "turn",
        "winners",
        "zones",
    )

    def __init__(self, game: Game, seats: int, seed: int):
        self.game = game
        self.seats = seats
        self.seat_names = tuple(f"Player {i + 1}" for i in range(seats))
        self.cards: dict[int, CardInstance] = {}
        self.zones: dict[ZoneKey, list[int]] = {}
        for spec in game.zones.values():
            if spec.shared:
                self.zones[(None, spec.name)] = []
            else:
                for seat in range(seats):
                    self.zones[(seat, spec.name)] = []
        self.phase = ""
        self.active = 0
        self.turn = 0
        self.rng = Rng(seed)
        self.prompts: tuple[Prompt, ...] = ()
        self.data: Any = None
        # Modifiers that last (until the end of the turn, while attached...): see
        # ``engine.abilities``. A tuple, so a copy of the state shares it until it changes.
        self.lasting: tuple = ()
        # Effects waiting to resolve, by speed (``engine.abilities.Pending``).
        self.pending: tuple = ()
        self.over = False
        self.winners: tuple[int, ...] = ()
        self.next_id = 1
        # How many times a card was created or changed zones: a game's cache of what
        # depends on where cards lie may key on it (it is not part of the snapshot).
        self.moved = 0
        # The cards of each name, as ``moved`` last found them (``core.card_name``).
        self.names: tuple[int, dict[str, list[int]]] | None = None
        # How many times a card entered, left or moved between zones of cards in play
        # (``ZoneSpec.board``): what depends only on the cards in play and where they lie
        # may key on it, and outlast a draw.
        self.board = 0
        # A view only: what its seat knows of the cards it cannot see now (its deck list,
        # cards it saw that have since been hidden): see ``engine.knowledge``.
        self.knows: Any = None
        # A real game only: the cards that went into a zone nobody sees (and so may have
        # traded identities in a shuffle) since the last look, for ``engine.knowledge``'s
        # memory. None: nobody is keeping track (every copy starts with None).
        self.journal: set[int] | None = None
        # The actions ``legal_actions`` offered last, while no action has been carried out
        # and no card has moved since: (``moved`` then, the actions). ``apply`` does not
        # check one of those again.
        self.offered: tuple[int, tuple] | None = None

    # -- copying -----------------------------------------------------------------------
    def clone(self) -> GameState:
        s = GameState.__new__(GameState)
        s.game = self.game
        s.seats = self.seats
        s.seat_names = self.seat_names
        s.cards = {cid: inst.copy() for cid, inst in self.cards.items()}
        s.zones = {key: ids.copy() for key, ids in self.zones.items()}
        s.phase = self.phase
        s.active = self.active
        s.turn = self.turn
        s.rng = self.rng.copy()
        s.prompts = self.prompts
        s.data = self.data.copy() if self.data is not None else None
        s.lasting = self.lasting
        s.pending = self.pending
        s.over = self.over
        s.winners = self.winners
        s.next_id = self.next_id
        s.moved = self.moved
        s.names = self.names  # rebuilt, not changed, when cards move: shared safely
        s.board = self.board
        s.knows = self.knows
        s.journal = None
        s.offered = None
        return s

    def snapshot(self) -> tuple:
        """The whole state as one comparable value (for replays and refusal checks)."""
        return (
            self.seats,
            self.phase,
            self.active,
            self.turn,
            self.rng.state,
            self.rng.forced,
            self.prompts,
            self.over,
            self.winners,
            tuple(
                sorted(
                    (k[0] if k[0] is not None else -1, k[1], tuple(v))
                    for k, v in self.zones.items()
                )
            ),
            tuple(inst.snapshot() for _, inst in sorted(self.cards.items())),
            self.data.snapshot() if self.data is not None else None,
            self.lasting,
            self.pending,
        )

    # -- cards and zones ------------------------------------------------------------------
    def create(self, card: Any, owner: int, zone: ZoneKey, *, top: bool = False) -> CardInstance:
        inst = CardInstance(self.next_id, card, owner, zone)
        self.next_id += 1
        self.moved += 1
        if self.game.zones[zone[1]].board:
            self.board += 1
        self.cards[inst.id] = inst
        if top:
            self.zones[zone].insert(0, inst.id)
        else:
            self.zones[zone].append(inst.id)
        return inst

    def zone(self, seat: int | None, name: str) -> list[int]:
        return self.zones[(seat, name)]

    def instances(self, seat: int | None, name: str) -> Iterator[CardInstance]:
        cards = self.cards
        return (cards[cid] for cid in self.zones[(seat, name)])

    def move(
        self,
        card_id: int,
        to: ZoneKey,
        *,
        top: bool = False,
        index: int | None = None,
        keep: bool = False,
    ) -> ZoneKey:
        """Move a card to another zone (the bottom unless ``top`` or ``index``). Returns
        the zone it left.

        A card that changes zones arrives fresh, as in every card game: upright, face up,
        undamaged, with no counters, no lasting modifiers and attached to nothing.
        ``keep=True`` keeps its state, for a card that only changes place on the board (a
        step on a grid)."""
        inst = self.cards[card_id]
        self.moved += 1
        if not keep:
            inst.turned = inst.face_down = False
            inst.damage = 0
            if inst.counters:
                inst.counters = {}
            inst.attached_to = None
            if self.lasting:
                self.lasting = tuple(m for m in self.lasting if m.target != card_id)
        src = inst.zone
        specs = self.game.zones
        spec = specs[to[1]]
        if spec.board or specs[src[1]].board:
            self.board += 1
        if self.journal is not None and spec.visibility is Visibility.HIDDEN:
            self.journal.add(card_id)
        self.zones[src].remove(card_id)
        dest = self.zones[to]
        if top:
            dest.insert(0, card_id)
        elif index is not None:
            dest.insert(index, card_id)
        else:
            dest.append(card_id)
        inst.zone = to
        return src

    def shuffle(self, key: ZoneKey) -> None:
        """Shuffle a zone. The cards' contents are shuffled among the zone's instance ids,
        so an id someone saw before the shuffle tells them nothing afterwards."""
        ids = self.zones[key]
        if self.journal is not None:
            self.journal.update(ids)
        insts = [self.cards[cid] for cid in ids]
        self.rng.shuffle(insts)
        for cid, inst in zip(ids, insts, strict=True):
            inst.id = cid
            self.cards[cid] = inst

    def attachments(self, card_id: int) -> list[int]:
        return [c.id for c in self.cards.values() if c.attached_to == card_id]

    def seats_from(self, seat: int) -> Iterable[int]:
        """Every seat once, clockwise, starting with ``seat``."""
        return ((seat + i) % self.seats for i in range(self.seats))

    @property
    def top_prompt(self) -> Prompt | None:
        return self.prompts[-1] if self.prompts else None

    def __repr__(self) -> str:
        return (
            f"<GameState {self.game.id} turn={self.turn} phase={self.phase} "
            f"active={self.active} prompts={self.prompts} over={self.over}>"
        )
