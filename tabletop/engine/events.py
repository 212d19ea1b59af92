"""Events: what happened, for the UI to animate and the log to print, in words.

An event may carry a secret: a draw is "Player 1 draws Iron Sword" for Player 1 and
"Player 1 draws a card" for everyone else. ``text_for(seat)`` picks the right words;
``seat=None`` means an onlooker who may see everything (a replay with both hands open).
"""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    kind: str  # "move", "turn", "ready", "roll", "damage", "phase", "prompt", "win", "info"...
    text: str
    seat: int | None = None  # whose event it is, if anyone's
    cards: tuple[int, ...] = ()
    value: tuple = ()  # kind-specific: die faces, (from zone, to zone), amounts
    secret: str | None = None  # the words for seats not in ``seen_by``
    seen_by: frozenset[int] | None = None  # None: every seat may read ``text``

    def visible_to(self, seat: int | None) -> bool:
        return self.seen_by is None or seat is None or seat in self.seen_by

    def text_for(self, seat: int | None) -> str:
        if self.visible_to(seat):
            return self.text
        return self.secret if self.secret is not None else self.text
