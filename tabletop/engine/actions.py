"""Actions: what a seat asks the engine to do, as small frozen values with a text form.

The text form reads like a line of a rulebook example and parses back::

    play "Iron Sword"
    attack "Iron Sword" -> "Rival Hero"
    replace "Fireball", "Chainmail"
    place "Knight" -> c2 down          (words after the cards are the action's choices)
    P2: pass                           (an optional seat prefix; P1 is seat 0)
    place "Knight" in "P1 hand" c2 up  (the copy in that zone: "P1 hand", "P2 deck", "c3")

``str(action)`` gives that readable form. ``action.exact()`` adds each card's instance id
(``"Iron Sword"#12``) so that a record names the very card even when two copies share a
name; the parser accepts both, and a card's name followed by ``in "ZONE"`` for the copy in
that zone. Names are resolved against a state, because only a state knows which card is
called what.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from .state import GameState, ZoneKey


class Action(NamedTuple):
    """Frozen and cheap to make (bots make thousands a second). Two actions are the same
    when their kind, seat and ids are: ``labels`` (the cards' names, for the text form) do
    not count, since a view may name a card the real state names otherwise."""

    kind: str
    seat: int
    cards: tuple[int, ...] = ()  # the cards acting (instance ids)
    targets: tuple[int, ...] = ()  # the cards acted upon
    words: tuple[str, ...] = ()  # choices that are not cards: a square, "down", a faction
    # The cards' names for the text form: a tuple, or the card table of the state the
    # action was made in, read only when the text is wanted (most actions a bot weighs are
    # never printed, so their names are never looked up).
    labels: tuple[str, ...] | Mapping[int, Any] = ()

    def key(self) -> tuple:
        return self[:5]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self[:5] == other[:5]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self[:5])

    def __repr__(self) -> str:
        return f"Action({self.exact()!r})"

    def names(self) -> tuple[str | None, ...]:
        """The names of the action's cards, then its targets (None where unknown)."""
        labels = self.labels
        ids = (*self.cards, *self.targets)
        if isinstance(labels, Mapping):
            return tuple(labels[c].card.name if c in labels else None for c in ids)
        return tuple(labels[i] if i < len(labels) else None for i in range(len(ids)))

    def _refs(self, ids: tuple[int, ...], offset: int, exact: bool) -> str:
        out = []
        names = self.names()
        for i, cid in enumerate(ids):
            label = names[offset + i]
            if label is None:
                out.append(f"#{cid}")
            elif exact:
                out.append(f"{quote(label)}#{cid}")
            else:
                out.append(quote(label))
        return ", ".join(out)

    def _text(self, exact: bool) -> str:
        parts = [self.kind]
        if self.cards:
            parts.append(self._refs(self.cards, 0, exact))
        if self.targets:
            parts.append("->")
            parts.append(self._refs(self.targets, len(self.cards), exact))
        parts.extend(self.words)
        return " ".join(parts)

    def __str__(self) -> str:
        return self._text(exact=False)

    def exact(self) -> str:
        """The text form with instance ids, for records: parses back to this very action."""
        return f"P{self.seat + 1}: {self._text(exact=True)}"


def quote(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def make(
    state: GameState,
    kind: str,
    seat: int,
    cards: tuple[int, ...] = (),
    targets: tuple[int, ...] = (),
    words: tuple[str, ...] = (),
) -> Action:
    """Build an action whose text names its cards as they are called in ``state`` (read
    when the text is wanted; ``named`` fixes them at once)."""
    return _new(Action, (kind, seat, cards, targets, words, state.cards))


def named(state: GameState, action: Action) -> Action:
    """The action with its cards' names as ``state`` calls them now, fixed."""
    insts = state.cards
    labels = tuple(
        insts[c].card.name if c in insts else f"#{c}" for c in (*action.cards, *action.targets)
    )
    return action._replace(labels=labels)


_new = tuple.__new__  # skips NamedTuple's generated __new__: make() is on the bots' hot path


class ActionSyntaxError(ValueError):
    pass


_TOKEN = re.compile(
    r"""\s*(?:
        (?P<quoted>"(?:[^"\\]|\\.)*")(?:\#(?P<qid>\d+))? |
        \#(?P<id>\d+) |
        (?P<arrow>->) |
        (?P<comma>,) |
        (?P<word>[^\s,"#]+)
    )""",
    re.VERBOSE,
)
_SEAT = re.compile(r"\s*[Pp](\d+)\s*:\s*")


@dataclass(slots=True)
class Ref:
    name: str | None
    id: int | None
    zone: str | None = None  # 'in "P1 hand"': the copy in that zone


_SEAT_REF = re.compile(r"^[Pp]([1-9]\d*)$")


def zone_key(state: GameState, ref: str) -> ZoneKey:
    """The zone a text names: a seat's zone as ``"P1 hand"``, a shared one by its name
    (``"c3"``). Raises :class:`ActionSyntaxError` when ``state`` has no such zone."""
    ref = ref.strip()
    seat, _, zname = ref.partition(" ")
    m = _SEAT_REF.match(seat)
    key: ZoneKey = (int(m.group(1)) - 1, zname.strip()) if m and zname else (None, ref)
    if key not in state.zones:
        raise ActionSyntaxError(
            f"no zone {ref!r} (a seat's zone is written 'P1 hand', a shared one by its name)"
        )
    return key


def zone_name(key: ZoneKey) -> str:
    """A zone as texts name it: ``"P1 hand"``, or a shared zone's own name."""
    return key[1] if key[0] is None else f"P{key[0] + 1} {key[1]}"


def _unquote(token: str) -> str:
    return re.sub(r"\\(.)", r"\1", token[1:-1])


def tokenize(text: str) -> tuple[int | None, str, list[Ref], list[Ref], list[str]]:
    seat = None
    m = _SEAT.match(text)
    pos = 0
    if m:
        seat = int(m.group(1)) - 1
        pos = m.end()
    kind: str | None = None
    cards: list[Ref] = []
    targets: list[Ref] = []
    words: list[str] = []
    side = cards
    expect_ref = False
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise ActionSyntaxError(f"cannot read {text[pos:]!r} in action {text!r}")
        pos = m.end()
        if kind is None:
            if not m.group("word"):
                raise ActionSyntaxError(f"an action starts with its kind, not {m.group(0)!r}")
            kind = m.group("word")
            continue
        if m.group("quoted") is not None or m.group("id") is not None:
            if words:
                raise ActionSyntaxError(f"card names come before choices in {text!r}")
            if m.group("quoted") is not None:
                name = _unquote(m.group("quoted"))
                cid = m.group("qid")
            else:
                name, cid = None, m.group("id")
            side.append(Ref(name, int(cid) if cid else None))
            expect_ref = False
        elif m.group("arrow"):
            if side is targets:
                raise ActionSyntaxError(f"more than one '->' in {text!r}")
            side = targets
            expect_ref = False
        elif m.group("comma"):
            if not side:
                raise ActionSyntaxError(f"a ',' with no card before it in {text!r}")
            expect_ref = True
        else:
            word = m.group("word")
            if word.lower() == "in" and side and not words and not expect_ref:
                # '"Knight" in "P1 hand"': the copy of the card just named in that zone
                z = _TOKEN.match(text, pos)
                if z and z.group("quoted") is not None and z.group("qid") is None:
                    if side[-1].zone is not None:
                        raise ActionSyntaxError(f"a card with two zones in {text!r}")
                    side[-1].zone = _unquote(z.group("quoted"))
                    pos = z.end()
                    continue
            words.append(word)
    if kind is None:
        raise ActionSyntaxError("an empty action")
    if expect_ref:
        raise ActionSyntaxError(f"a ',' with no card after it in {text!r}")
    return seat, kind, cards, targets, words
