"""Modal text: a choice between effects, however the card writes it — "Choose one: A; or
B", "Choose one - A, or B", "Either A, or B", "A or B", and "either A, or vice versa" (the
same effects with their two reaches swapped: "either target creature gets -1/-1 and I
get +1/+1, or vice versa"). :func:`read_choice` gives the phrases to choose between, each
read by the grammar (``effects.read_phrase``) with its words, or None; the sentence tables
make each one an ability of its own (a Magic's or an Event's mode, or one of a creature's activated
abilities with the same cost).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .effects import Phrase, read_phrase
from .parts import mark, part, rollback

_OPENING = re.compile(r"(?:choose one\s*(?:[:—–-]|of the following:?)\s*|either\s+)")
# The other way round: the effects of the first choice with their two reaches swapped.
_VICE_VERSA = frozenset({"vice versa", "the other way round", "the other way around"})
_SWAPPED = {"target": "self", "self": "target"}


def _clean(phrase: str) -> str:
    return " ".join(phrase.strip().strip(",;").split())


def vice_versa(got: Phrase) -> Phrase | None:
    """The phrase with its target and the card itself swapped ("target creature gets -1/-1
    and I get +1/+1" -> "I get -1/-1 and target creature gets +1/+1"), None when it does
    not reach both."""
    reached = {e.to for e in got.effects}
    if reached != {"target", "self"}:
        return None
    return got._replace(effects=[e.model_copy(update={"to": _SWAPPED[e.to]}) for e in got.effects])


Choice = tuple[str, Phrase]


@part("choice", lambda got: f"{len(got)} ways")
def read_choice(
    text: str, read: Callable[[str], Phrase | None] = read_phrase
) -> list[Choice] | None:
    """The phrases a modal ``text`` offers (at least two), each as (its words, what
    ``read`` reads in them), or None when ``text`` is no choice every part of which the
    grammar reads. An "or" inside a phrase ("target creature or city") is not where it
    splits; "vice versa" is the words of the first, swapped."""
    words = _clean(text.lower())
    opened = _OPENING.match(words)
    if opened:
        words = words[opened.end() :]
    if ";" in words and (opened or re.search(r";\s*or\b", words)):  # "A; or B; or C"
        parts = [re.sub(r"^or\s+", "", _clean(p)) for p in words.split(";")]
        got = [(p, read(p)) for p in parts]
        if len(got) < 2 or any(g is None for _, g in got):
            return None
        return [(p, g) for p, g in got if g is not None]
    if read(words) is not None:  # one phrase ("either discards a card or sacrifices ...")
        return None
    for m in re.finditer(r",? or ", words):
        left, right = _clean(words[: m.start()]), _clean(words[m.end() :])
        at = mark()
        first = read(left)
        if first is None:
            rollback(at)
            continue
        if right in _VICE_VERSA:
            other, right = vice_versa(first), left
        else:
            other = read(right)
            if other is None:  # "A, or B, or C"
                rest = read_choice(right, read)
                if rest is not None:
                    return [(left, first), *rest]
        if other is not None:
            return [(left, first), (right, other)]
        rollback(at)
    return None
