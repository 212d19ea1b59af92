"""Events: what happened, for the UI to animate and the log to print, in words.

An event may carry a secret: a draw is "Player 1 draws Iron Sword" for Player 1 and
"Player 1 draws a card" for everyone else. ``text_for(seat)`` picks the right words;
``seat=None`` means an onlooker who may see everything (a replay with both hands open). An
empty secret hides the event altogether from the seats outside ``seen_by`` (``shown_to``).
An event that *reveals* cards ("Player 2 reveals Footsoldier") lists them in ``reveals``:
every seat that reads its full text has seen which cards they are, wherever they go next
(the hidden-information checks count them as shown, not as leaked).
"""

from __future__ import annotations

from typing import NamedTuple


def counted(n: int, noun: str) -> str:
    """A number and its noun, agreeing: "1 unit", "12 units", "2 armies"."""
    if n == 1:
        return f"1 {noun}"
    if noun.endswith("y") and noun[-2:-1] not in tuple("aeiou"):
        return f"{n} {noun[:-1]}ies"
    return f"{n} {noun}{'es' if noun.endswith(('s', 'x', 'ch', 'sh')) else 's'}"


class Event(NamedTuple):
    kind: str  # "move", "turn", "ready", "roll", "damage", "phase", "prompt", "win", "info"...
    text: str
    seat: int | None = None  # whose event it is, if anyone's
    cards: tuple[int, ...] = ()
    value: tuple = ()  # kind-specific: die faces, (from zone, to zone), amounts
    secret: str | None = None  # the words for seats not in ``seen_by``
    seen_by: frozenset[int] | None = None  # None: every seat may read ``text``
    reveals: tuple[int, ...] = ()  # cards this event shows to those who read ``text``

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
