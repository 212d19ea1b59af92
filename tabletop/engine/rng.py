"""The one seeded random generator a game state holds.

SplitMix64 in pure Python: the whole generator is one integer, so copying a state for a
bot's look-ahead costs nothing, and a seed gives the same shuffles, dice and coins on every
Python version and platform (``random.Random`` promises neither).

Tests and scenario files can force the next results of ``randint`` (dice faces, coin flips)
with :meth:`Rng.force`; forced values are consumed first, in order, and never touch the
generator's own sequence.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("draws", "forced", "state")

    def __init__(self, seed: int = 0, *, state: int | None = None, forced: tuple[int, ...] = ()):
        self.state = (seed * _GOLDEN + 0x632BE59BD9B4E019) & _MASK if state is None else state
        self.forced = forced
        self.draws = 0  # how many results this generator has handed out (forced ones too)

    def copy(self) -> Rng:
        rng = Rng(state=self.state, forced=self.forced)
        rng.draws = self.draws
        return rng

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and self.state == other.state and self.forced == other.forced

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x}, forced={self.forced})"

    def _next(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def _below(self, n: int) -> int:
        """Uniform in [0, n) without modulo bias."""
        limit = (_MASK + 1) - ((_MASK + 1) % n)
        while True:
            x = self._next()
            if x < limit:
                return x % n

    def force(self, *values: int) -> None:
        """Make the next ``randint`` calls return these values, in order."""
        self.forced = self.forced + tuple(int(v) for v in values)

    def randint(self, lo: int, hi: int) -> int:
        """A result in [lo, hi], both ends included: a die is ``randint(1, 6)``."""
        self.draws += 1
        if self.forced:
            value, self.forced = self.forced[0], self.forced[1:]
            if not lo <= value <= hi:
                raise ValueError(f"forced random result {value} is outside {lo}..{hi}")
            return value
        return lo + self._below(hi - lo + 1)

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place. Never consumes forced values."""
        self.draws += 1
        for i in range(len(items) - 1, 0, -1):
            j = self._below(i + 1)
            items[i], items[j] = items[j], items[i]
