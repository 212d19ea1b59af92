"""The sentence tables' common parts: the decorator that adds a whole-sentence pattern to
a table, the fields an ability takes from a phrase read (its aim), a one-off phrase read
with the tokens it makes, and the mark of a sentence that amends the one before it.

A sentence pattern gives a list of abilities (as keyword dicts, ``when`` filled in by the
context when the pattern leaves it out) and, for a token it defines, the token's card.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from . import parts
from .choices import read_choice
from .effects import Phrase, read_phrase, tokens_in


def read_effects(phrase: str, ctx: dict[str, Any] | None = None) -> Phrase | None:
    """A one-off phrase read by the grammar (``effects.read_phrase``); the tokens it makes
    join the card's (``ctx``), of the card's faction (ruling 64)."""
    got = read_phrase(phrase)
    if got is not None and ctx is not None:
        known = {t.name for t in ctx["tokens"]}
        ctx["tokens"] += [
            t.model_copy(update={"faction": ctx["faction"]})
            for t in tokens_in(phrase)
            if t.name not in known
        ]
    return got


def read_options(text: str, ctx: dict[str, Any]) -> list[Phrase] | None:
    """The phrases of a modal text (``choices.read_choice``), the tokens they make joining
    the card's (as ``read_effects``)."""
    got = read_choice(text)
    if got is not None:
        at = parts.mark()
        for words, _ in got:
            read_effects(words, ctx)
        parts.rollback(at)  # read again for its tokens only: the trace has the reading
    return got and [phrase for _, phrase in got]


# "you may pay 2 to <effects>", "you may <effects>": what its player may do, or not
_MAY_PAY = re.compile(r"you may pay (\d+) (?:resources? )?to (.+)", re.IGNORECASE)
_MAY = re.compile(r"you may (.+)", re.IGNORECASE)


def offered(words: str) -> tuple[str, dict[str, Any]]:
    """The words of an effect its player may do or not ("you may put a creature from your
    graveyard in your army", "you may pay 1 to draw a card"), and the fields of the
    ability that say so (``may``, ``cost_power``); the words as they are, and no fields,
    for an effect that must happen."""
    m = _MAY_PAY.fullmatch(words)
    if m:
        return m[2], {"may": True, "cost_power": int(m[1])}
    m = _MAY.fullmatch(words)
    return (m[1], {"may": True}) if m else (words, {})


# -- sentences -----------------------------------------------------------------------------------
#
# A sentence pattern gives a list of abilities (as keyword dicts, ``when`` filled in by the
# context when the pattern leaves it out) and, for a token it defines, the token's card.

# The reader of the whole text tries the tables in turn (``card._SENTENCES``): the sentences
# of triggers, of abilities paid for, then of effects and passives, each in its order.
Table = list[tuple[re.Pattern[str], Callable[..., Any]]]


def table(sentences: Table):
    """The decorator that adds a sentence pattern and the function reading it to
    ``sentences`` (``@sentence(pattern)``)."""

    def sentence(pattern: str):
        def register(fn):
            sentences.append((re.compile(pattern + r"\s*", re.IGNORECASE), fn))
            return fn

        return register

    return sentence


def _aim(got: Phrase) -> dict[str, Any]:
    """The fields of an ability that say what a phrase read aims at."""
    out: dict[str, Any] = {"target": got.target or "none"}
    if got.count > 1:
        out["targets"] = got.count
    if got.target_if:
        out["target_if"] = got.target_if
    if got.subtype:
        out["subtype"] = got.subtype
    return out


# A sentence that changes how the one before it works ("That player can prevent each
# inflicted damage by sacrificing a resource card."), not an ability of its own.
AMEND = "_amend"
