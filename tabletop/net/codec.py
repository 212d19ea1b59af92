"""A seat's view of a game as plain JSON values, and back: what crosses the wire to a
joined player.

The host encodes only ``engine.view(state, seat)``, the copy of the game in which every
card the seat may not see is ``HIDDEN`` (and the events as that seat's log reads them), so
what a client receives is, by construction, what a player at that seat is shown at one
screen. The client decodes it into a :class:`~tabletop.engine.GameState` its table and its
bots work on as they work on a local view.

The encoding is structural and closed: plain values (None, booleans, numbers, strings),
lists, tuples, sets, dicts, and objects of an allow-list of classes only — the engine's own
(``CardInstance``, ``Prompt``, ``Modifier``...) and those each game names
(:meth:`~tabletop.engine.Game.wire_types`). A card is sent by its name, looked up in the
client's card set (the handshake checks both sides hold the same cards), or, for a card
made in play (a token, a card changed by an effect), as its fields, validated by the game's
card model. Decoding makes objects of the listed classes only and sets only the attributes
they declare; it never imports, evaluates or calls anything a message names.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import math
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ValidationError

from ..engine import HIDDEN, Event, Game, GameState, Rng
from ..engine import abilities as ab
from ..engine.state import CardInstance, Prompt, Visibility


class WireError(ValueError):
    """A message that is not a well-formed encoding of a view (a broken or hostile host)."""


# The engine's own classes a view holds.
_ENGINE: tuple[type, ...] = (
    CardInstance,
    Prompt,
    Visibility,
    ab.Modifier,
    ab.Pending,
    ab.Listener,
)
# GameState's attributes a view carries (the rest are a real game's, or caches rebuilt on
# the client: ``names``, ``journal``, ``offered``, ``knows``).
_STATE = (
    "seats",
    "seat_names",
    "cards",
    "zones",
    "phase",
    "active",
    "turn",
    "prompts",
    "data",
    "lasting",
    "pending",
    "over",
    "winners",
    "next_id",
    "moved",
    "board",
)


_CARD = (
    "id",
    "card",
    "owner",
    "zone",
    "turned",
    "face_down",
    "damage",
    "counters",
    "attached_to",
)


_PLAIN = frozenset({type(None), bool, int, str})  # sent as they are (an enum is not one)


def _key(cls: type) -> str:
    return f"{cls.__module__.removeprefix('tabletop.')}.{cls.__qualname__}"


@functools.cache
def _attributes(cls: type) -> tuple[str, ...]:
    """The attributes an object of ``cls`` declares (its slots, or its dataclass fields)."""
    if dataclasses.is_dataclass(cls):
        return tuple(f.name for f in dataclasses.fields(cls))
    names: list[str] = []
    for c in cls.__mro__:
        slots = c.__dict__.get("__slots__", ())
        names += [slots] if isinstance(slots, str) else list(slots)
    return tuple(n for n in names if not n.startswith("__"))


class Codec:
    """Encodes and decodes the views of one game (its card set, its classes)."""

    def __init__(self, game: Game):
        self.game = game
        self.cards = game.card_set().cards
        classes = (*_ENGINE, *game.wire_types(), game.card_model)
        self.classes: dict[str, type] = {_key(c): c for c in classes}
        self.keys = {c: k for k, c in self.classes.items()}

    # -- encoding -------------------------------------------------------------------------

    def view(self, v: GameState) -> dict[str, Any]:
        """A view (``engine.view``) as JSON values."""
        out = {name: self.encode(getattr(v, name)) for name in _STATE}
        out["rng"] = [v.rng.state, list(v.rng.forced), v.rng.draws]
        return out

    def events(self, events: Iterable[Event], seat: int) -> list[list[Any]]:
        """The events ``seat`` is shown, as its log reads them: the words it may read, and
        nothing of the words it may not (``Event.text_for``)."""
        return [
            [e.kind, e.text_for(seat), e.seat, list(e.cards), self.encode(e.value)]
            for e in events
            if e.shown_to(seat)
        ]

    def encode(self, x: Any) -> Any:
        t = type(x)
        if t in _PLAIN:  # most of a view: its numbers and words, as they are
            return x
        encode = self.encode
        if t is tuple:
            return {"t": [v if type(v) in _PLAIN else encode(v) for v in x]}
        if t is CardInstance:  # a card in its zone: a row of its attributes
            return {
                "i": [
                    x.id,
                    encode(x.card),
                    x.owner,
                    encode(x.zone),
                    x.turned,
                    x.face_down,
                    x.damage,
                    encode(x.counters),
                    x.attached_to,
                ]
            }
        if t is list:
            return {"l": [v if type(v) in _PLAIN else encode(v) for v in x]}
        if x is HIDDEN:
            return {"h": 0}
        if t is float:
            if not math.isfinite(x):
                raise WireError(f"a number that cannot be sent: {x}")
            return x
        if t in (set, frozenset):  # in an order of their own: none a world could change
            items = sorted((self.encode(v) for v in x), key=repr)
            return {"s" if t is set else "f": items}
        if t is dict:
            return {"d": [[self.encode(k), self.encode(v)] for k, v in x.items()]}
        key = self.keys.get(t)
        if key is None:
            raise WireError(f"{_key(t)} is not a class a view may send")
        if isinstance(x, enum.Enum):
            return {"e": [key, self.encode(x.value)]}
        if isinstance(x, BaseModel):
            name = getattr(x, "name", None)
            known = self.cards.get(name)
            if t is self.game.card_model and (known is x or known == x):
                return {"c": name}  # a card of the set: its name
            return {"m": [key, x.model_dump(mode="json")]}
        if isinstance(x, tuple):  # a NamedTuple
            return {"n": [key, [self.encode(v) for v in x]]}
        # A cache the game keeps of what it worked out (``WIRE_RESET``) goes as a new game's
        # would be: it holds what was worked out on the real game, and when.
        reset = getattr(t, "WIRE_RESET", {})
        fields = {
            a: self.encode(reset[a](x) if a in reset else getattr(x, a))
            for a in _attributes(t)
            if hasattr(x, a)
        }
        return {"o": [key, fields]}

    # -- decoding -------------------------------------------------------------------------

    def decode_view(self, data: Any) -> GameState:
        """The view a message carries, as a :class:`GameState` of this game."""
        if not isinstance(data, dict) or set(data) != {*_STATE, "rng"}:
            raise WireError("a view names other fields than a view has")
        v = GameState.__new__(GameState)
        v.game = self.game
        for name in _STATE:
            setattr(v, name, self.decode(data[name]))
        rng = data["rng"]
        if not (
            isinstance(rng, list)
            and len(rng) == 3
            and all(isinstance(n, int) for n in (rng[0], rng[2]))
            and isinstance(rng[1], list)
            and all(isinstance(n, int) for n in rng[1])
        ):
            raise WireError("a view's random numbers are not numbers")
        v.rng = Rng(state=rng[0], forced=tuple(rng[1]))
        v.rng.draws = rng[2]
        v.names = v.journal = v.offered = v.knows = None
        self._check(v)
        return v

    def decode_events(self, data: Any) -> list[Event]:
        if not isinstance(data, list):
            raise WireError("events are not a list")
        out = []
        for e in data:
            if not (isinstance(e, list) and len(e) == 5):
                raise WireError("an event is not five values")
            kind, text, seat, cards, value = e
            if not (
                isinstance(kind, str)
                and isinstance(text, str)
                and (seat is None or isinstance(seat, int))
                and isinstance(cards, list)
                and all(isinstance(c, int) for c in cards)
            ):
                raise WireError("an event's values are not of their kinds")
            value = self.decode(value)
            if not isinstance(value, tuple):
                raise WireError("an event's value is not a tuple")
            out.append(Event(kind, text, seat, tuple(cards), value))
        return out

    def decode(self, x: Any) -> Any:
        if type(x) in _PLAIN or type(x) is float:
            return x
        if not (isinstance(x, dict) and len(x) == 1):
            raise WireError("a value is neither plain nor tagged")
        ((tag, body),) = x.items()
        if tag == "h":
            return HIDDEN
        if tag in ("l", "t", "s", "f"):
            if not isinstance(body, list):
                raise WireError(f"a {tag!r} value is not a list")
            items = [self.decode(v) for v in body]
            try:
                return {"l": list, "t": tuple, "s": set, "f": frozenset}[tag](items)
            except TypeError:
                raise WireError("a set holds a value that cannot be in a set") from None
        if tag == "d":
            if not isinstance(body, list) or not all(
                isinstance(p, list) and len(p) == 2 for p in body
            ):
                raise WireError("a dict is not a list of pairs")
            try:
                return {self.decode(k): self.decode(v) for k, v in body}
            except TypeError:
                raise WireError("a dict's key cannot be a key") from None
        if tag == "i":
            if not (isinstance(body, list) and len(body) == len(_CARD)):
                raise WireError("a card in play is not a row of its attributes")
            inst = object.__new__(CardInstance)
            for name, value in zip(_CARD, body, strict=True):
                setattr(inst, name, self.decode(value))
            return inst
        if tag == "c":
            card = self.cards.get(body) if isinstance(body, str) else None
            if card is None:
                raise WireError(f"no card {body!r} in this game's cards")
            return card
        if not (isinstance(body, list) and len(body) == 2 and isinstance(body[0], str)):
            raise WireError(f"a {tag!r} value is not [class, fields]")
        cls = self.classes.get(body[0])
        if cls is None:
            raise WireError(f"{body[0]!r} is not a class a view may hold")
        fields = body[1]
        if tag == "e":
            if not issubclass(cls, enum.Enum):
                raise WireError(f"{body[0]!r} is not a list of values")
            try:
                return cls(self.decode(fields))
            except ValueError:
                raise WireError(f"{fields!r} is not a {body[0]}") from None
        if tag == "m":
            if not issubclass(cls, BaseModel):
                raise WireError(f"{body[0]!r} is not a model")
            try:
                return cls.model_validate(fields)
            except ValidationError as e:
                raise WireError(f"a {body[0]} that is not valid: {e.errors()[0]['msg']}") from None
        if tag == "n":
            if not (
                issubclass(cls, tuple) and hasattr(cls, "_fields") and isinstance(fields, list)
            ):
                raise WireError(f"{body[0]!r} is not a named tuple")
            if len(fields) != len(cls._fields):
                raise WireError(f"a {body[0]} of {len(fields)} values")
            return tuple.__new__(cls, [self.decode(v) for v in fields])
        if tag == "o":
            names = _attributes(cls)
            if not isinstance(fields, dict) or not set(fields) <= set(names):
                raise WireError(f"a {body[0]} with attributes it does not have")
            obj = object.__new__(cls)
            for name, value in fields.items():
                object.__setattr__(obj, name, self.decode(value))
            return obj
        raise WireError(f"no value is tagged {tag!r}")

    def _check(self, v: GameState) -> None:
        """What a view must hold for the table and the bots to read it: its cards where its
        zones say, each card once."""
        if not (isinstance(v.seats, int) and 1 <= v.seats <= 8):
            raise WireError("a view of no number of seats")
        if not isinstance(v.cards, dict) or not isinstance(v.zones, dict):
            raise WireError("a view's cards or zones are not tables")
        placed = [cid for ids in v.zones.values() if isinstance(ids, list) for cid in ids]
        if len(placed) != len(set(placed)) or set(placed) != set(v.cards):
            raise WireError("a view's zones do not hold each of its cards once")
        for cid, inst in v.cards.items():
            if not isinstance(inst, CardInstance) or inst.id != cid:
                raise WireError(f"card #{cid} of a view is not a card")
            if inst.zone not in v.zones or cid not in v.zones[inst.zone]:
                raise WireError(f"card #{cid} is not in the zone it says")
