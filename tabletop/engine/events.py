"""Events: what happened, for the UI to animate and the log to print, in words.

An event may carry a secret: a draw is "Player 1 draws Iron Sword" for Player 1 and
"Player 1 draws a card" for everyone else. ``text_for(seat)`` picks the right words;
``seat=None`` means an onlooker who may see everything (a replay with both hands open). An
empty secret hides the event altogether from the seats outside ``seen_by`` (``shown_to``).
An event that *reveals* cards ("Player 2 reveals Footsoldier") lists them in ``reveals``:
every seat that reads its full text has seen which cards they are, wherever they go next
(the hidden-information checks count them as shown, not as leaked).

An event that names a card not every seat may see (the source of an effect that has gone
back to its owner's hand) is built from :class:`Words`: the name for the seats that may see
the card, other words for the rest (:func:`tabletop.engine.core.naming` makes them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

# English nouns whose plural no rule below makes.
IRREGULAR = {"hero": "heroes", "Hero": "Heroes"}


def counted(n: int, noun: str) -> str:
    """A number and its noun, agreeing: "1 unit", "12 units", "2 armies", "2 heroes"."""
    if n == 1:
        return f"1 {noun}"
    if noun in IRREGULAR:
        return f"{n} {IRREGULAR[noun]}"
    if noun.endswith("y") and noun[-2:-1] not in tuple("aeiou"):
        return f"{n} {noun[:-1]}ies"
    return f"{n} {noun}{'es' if noun.endswith(('s', 'x', 'ch', 'sh')) else 's'}"


@dataclass(frozen=True, slots=True)
class Words:
    """Words that name cards some seats may not see: ``text`` for the seats in ``seen_by``
    (None: every seat), ``secret`` for the others. Words join with ``+`` (to each other and
    to plain strings); the seats that read the whole text are then those that may read
    every part, and the others read every part in its words for the seats that may not (an
    event has two texts, not one for each seat). An f-string cannot hold them
    (that would give every seat the names): join them, and make the event with
    :meth:`Event.told`."""

    text: str
    secret: str | None = None
    seen_by: frozenset[int] | None = None

    def hidden(self) -> str:
        """The words for a seat that may not read ``text``."""
        return self.text if self.secret is None else self.secret

    def for_seat(self, seat: int | None) -> str:
        """The words ``seat`` reads (``None``: an onlooker who sees everything)."""
        if self.seen_by is None or seat is None or seat in self.seen_by:
            return self.text
        return self.hidden()

    def __add__(self, other: str | Words) -> Words:
        other = other if isinstance(other, Words) else Words(other)
        if self.seen_by is None and other.seen_by is None:
            return Words(self.text + other.text)
        if self.seen_by is None or other.seen_by is None:
            seen_by = self.seen_by if other.seen_by is None else other.seen_by
        else:
            seen_by = self.seen_by & other.seen_by
        return Words(self.text + other.text, self.hidden() + other.hidden(), seen_by)

    def __radd__(self, other: str) -> Words:
        return Words(other) + self

    def __format__(self, spec: str) -> str:
        raise TypeError("Words name cards some seats may not see: join them with +")


def said(words: str | Words) -> dict[str, Any]:
    """An event's ``text``, ``secret`` and ``seen_by`` from ``words``."""
    if isinstance(words, Words):
        return {"text": words.text, "secret": words.secret, "seen_by": words.seen_by}
    return {"text": words}


class Event(NamedTuple):
    kind: str  # "move", "turn", "ready", "roll", "damage", "phase", "prompt", "win", "info"...
    text: str
    seat: int | None = None  # whose event it is, if anyone's
    cards: tuple[int, ...] = ()
    value: tuple = ()  # kind-specific: die faces, (from zone, to zone), amounts
    secret: str | None = None  # the words for seats not in ``seen_by``
    seen_by: frozenset[int] | None = None  # None: every seat may read ``text``
    reveals: tuple[int, ...] = ()  # cards this event shows to those who read ``text``

    @classmethod
    def told(cls, kind: str, words: str | Words, **fields: Any) -> Event:
        """An event whose words may name cards some seats may not see (:class:`Words`)."""
        return cls(kind, **said(words), **fields)

    def visible_to(self, seat: int | None) -> bool:
        return self.seen_by is None or seat is None or seat in self.seen_by

    def shown_to(self, seat: int | None) -> bool:
        """Whether ``seat`` learns of this event at all: an event whose secret is empty is,
        for the seats outside ``seen_by``, something that never happened (a face-down card's
        own ability, say): not logged, not animated."""
        return self.visible_to(seat) or self.secret != ""

    def text_for(self, seat: int | None) -> str:
        if self.visible_to(seat):
            return self.text
        return self.secret if self.secret is not None else self.text
