"""Actions: what a seat asks the engine to do, as small frozen values with a text form.

The text form reads like a line of a rulebook example and parses back::

    play "Iron Sword"
    attack "Iron Sword" -> "Rival Hero"
    replace "Fireball", "Chainmail"
    place "Knight" -> c2 down          (words after the cards are the action's choices)
    P2: pass                           (an optional seat prefix; P1 is seat 0)

``str(action)`` gives that readable form. ``action.exact()`` adds each card's instance id
(``"Iron Sword"#12``) so that a record names the very card even when two copies share a
name; the parser accepts both. Names are resolved against a state, because only a state
knows which card is called what.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from .state import GameState


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
                out.append(f"{_quote(label)}#{cid}")
            else:
                out.append(_quote(label))
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


def _quote(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def make(state: GameState, kind: str, seat: int, cards: tuple[int, ...] = (),
         targets: tuple[int, ...] = (), words: tuple[str, ...] = ()) -> Action:
    """Build an action whose text names its cards as they are called in ``state`` (read
    when the text is wanted; ``named`` fixes them at once)."""
    return _new(Action, (kind, seat, cards, targets, words, state.cards))


def named(state: GameState, action: Action) -> Action:
    """The action with its cards' names as ``state`` calls them now, fixed."""
    insts = state.cards
    labels = tuple(insts[c].card.name if c in insts else f"#{c}"
                   for c in (*action.cards, *action.targets))
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
class _Ref:
    name: str | None
    id: int | None


def _tokenize(text: str) -> tuple[int | None, str, list[_Ref], list[_Ref], list[str]]:
    seat = None
    m = _SEAT.match(text)
    pos = 0
    if m:
        seat = int(m.group(1)) - 1
        pos = m.end()
    kind: str | None = None
    cards: list[_Ref] = []
    targets: list[_Ref] = []
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
                raw = m.group("quoted")[1:-1]
                name = re.sub(r"\\(.)", r"\1", raw)
                cid = m.group("qid")
            else:
                name, cid = None, m.group("id")
            side.append(_Ref(name, int(cid) if cid else None))
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
            words.append(m.group("word"))
    if kind is None:
        raise ActionSyntaxError("an empty action")
    if expect_ref:
        raise ActionSyntaxError(f"a ',' with no card after it in {text!r}")
    return seat, kind, cards, targets, words


def parse(state: GameState, text: str, seat: int | None = None) -> Action:
    """Read an action's text form against ``state``.

    The seat is, in order: the text's ``Pn:`` prefix, the ``seat`` argument, the seat to
    act now. A card named without its id is looked up among the cards visible in ``state``;
    when several share the name, a legal action with that text is preferred (copies of one
    card in one zone are interchangeable), otherwise the first in table order."""
    from .core import legal_actions, to_act

    tseat, kind, crefs, trefs, words = _tokenize(text)
    if tseat is None:
        tseat = seat if seat is not None else to_act(state)
    if tseat is None or not 0 <= tseat < state.seats:
        raise ActionSyntaxError(f"no seat {tseat} in a {state.seats}-seat game: {text!r}")

    if all(r.id is not None for r in (*crefs, *trefs)):
        cards = tuple(_resolve_id(state, r) for r in crefs)
        targets = tuple(_resolve_id(state, r) for r in trefs)
        return make(state, kind, tseat, cards, targets, tuple(words))

    wanted = _text_of(kind, crefs, trefs, words)
    for action in legal_actions(state):
        if action.seat == tseat and action.kind == kind and str(action) == wanted and all(
            r.id is None or r.id == cid
            for r, cid in zip((*crefs, *trefs), (*action.cards, *action.targets), strict=True)
        ):
            return action
    cards = tuple(_resolve_name(state, r, tseat, prefer_own=True) for r in crefs)
    targets = tuple(_resolve_name(state, r, tseat, prefer_own=False) for r in trefs)
    return make(state, kind, tseat, cards, targets, tuple(words))


def _text_of(kind: str, crefs: list[_Ref], trefs: list[_Ref], words: list[str]) -> str:
    def refs(rs: list[_Ref]) -> str:
        return ", ".join(_quote(r.name) if r.name is not None else f"#{r.id}" for r in rs)

    parts = [kind]
    if crefs:
        parts.append(refs(crefs))
    if trefs:
        parts += ["->", refs(trefs)]
    return " ".join(parts + words)


def _resolve_id(state: GameState, ref: _Ref) -> int:
    inst = state.cards.get(ref.id)  # type: ignore[arg-type]
    if inst is None:
        raise ActionSyntaxError(f"there is no card #{ref.id} in this game")
    if ref.name is not None and inst.known and inst.card.name != ref.name:
        raise ActionSyntaxError(f"card #{ref.id} is {inst.card.name!r}, not {ref.name!r}")
    return inst.id


def _resolve_name(state: GameState, ref: _Ref, seat: int, prefer_own: bool) -> int:
    if ref.id is not None:
        return _resolve_id(state, ref)
    matches = [
        inst for ids in state.zones.values() for cid in ids
        if (inst := state.cards[cid]).known and inst.card.name == ref.name
    ]
    if not matches:
        raise ActionSyntaxError(f"no card called {ref.name!r} is in sight")
    if prefer_own:
        own = [m for m in matches if m.owner == seat]
        matches = own or matches
    else:
        other = [m for m in matches if m.owner != seat]
        matches = other or matches
    return matches[0].id
