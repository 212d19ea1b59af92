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
        raise ActionSyntaxError(f"no zone {ref!r} (a seat's zone is written 'P1 hand', a "
                                "shared one by its name)")
    return key


def zone_name(key: ZoneKey) -> str:
    """A zone as texts name it: ``"P1 hand"``, or a shared zone's own name."""
    return key[1] if key[0] is None else f"P{key[0] + 1} {key[1]}"


def _unquote(token: str) -> str:
    return re.sub(r"\\(.)", r"\1", token[1:-1])


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
                name = _unquote(m.group("quoted"))
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


def parse(state: GameState, text: str, seat: int | None = None) -> Action:
    """Read an action's text form against ``state``.

    The seat is, in order: the text's ``Pn:`` prefix, the ``seat`` argument, the seat to
    act now. A card named without its id is looked up among the cards visible in ``state``
    (only in the zone its ``in "ZONE"`` names, if it names one); when several share the
    name, a legal action with that text is preferred (copies of one card in one zone are
    interchangeable), otherwise a copy of the acting seat's own (for the acting cards; of
    another seat's, for the targets) that the seat can see, then the first in table order."""
    from .core import legal_actions, to_act

    tseat, kind, crefs, trefs, words = _tokenize(text)
    if tseat is None:
        tseat = seat if seat is not None else to_act(state)
    if tseat is None or not 0 <= tseat < state.seats:
        raise ActionSyntaxError(f"no seat {tseat} in a {state.seats}-seat game: {text!r}")
    refs = (*crefs, *trefs)
    zones = {i: zone_key(state, r.zone) for i, r in enumerate(refs) if r.zone is not None}

    if all(r.id is not None for r in refs):
        cards = tuple(_resolve_id(state, r, zones.get(i)) for i, r in enumerate(crefs))
        targets = tuple(_resolve_id(state, r, zones.get(len(crefs) + i))
                        for i, r in enumerate(trefs))
        return make(state, kind, tseat, cards, targets, tuple(words))

    wanted = _text_of(kind, crefs, trefs, words)
    for action in legal_actions(state):
        if action.seat == tseat and action.kind == kind and str(action) == wanted and all(
            (r.id is None or r.id == cid) and (i not in zones or state.cards[cid].zone == zones[i])
            for i, (r, cid) in enumerate(zip(refs, (*action.cards, *action.targets),
                                             strict=True))
        ):
            return action
    cards = tuple(_resolve_name(state, r, tseat, True, zones.get(i))
                  for i, r in enumerate(crefs))
    targets = tuple(_resolve_name(state, r, tseat, False, zones.get(len(crefs) + i))
                    for i, r in enumerate(trefs))
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


def _resolve_id(state: GameState, ref: _Ref, zone: ZoneKey | None = None) -> int:
    inst = state.cards.get(ref.id)  # type: ignore[arg-type]
    if inst is None:
        raise ActionSyntaxError(f"there is no card #{ref.id} in this game")
    if ref.name is not None and inst.known and inst.card.name != ref.name:
        raise ActionSyntaxError(f"card #{ref.id} is {inst.card.name!r}, not {ref.name!r}")
    if zone is not None and inst.zone != zone:
        raise ActionSyntaxError(f"card #{ref.id} is in {zone_name(inst.zone)}, not in "
                                f"{zone_name(zone)}")
    return inst.id


def _resolve_name(state: GameState, ref: _Ref, seat: int, prefer_own: bool,
                  zone: ZoneKey | None = None) -> int:
    from .core import can_see

    if ref.id is not None:
        return _resolve_id(state, ref, zone)
    keys = [zone] if zone is not None else list(state.zones)
    matches = [
        inst for key in keys for cid in state.zones[key]
        if (inst := state.cards[cid]).known and inst.card.name == ref.name
    ]
    if not matches:
        where = f"in {zone_name(zone)}" if zone is not None else "in sight"
        raise ActionSyntaxError(f"no card called {ref.name!r} is {where}")
    # The seat's own copies (another seat's, for a target), those it can see first: a copy
    # in a deck is named only when no other will do.
    matches.sort(key=lambda m: ((m.owner == seat) != prefer_own,
                                not can_see(state, seat, m.id)))
    return matches[0].id
