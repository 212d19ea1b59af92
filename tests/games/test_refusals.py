"""Every refusal of every game, as players meet it (``tabletop refusals``): each names the
game and a rule, shows none of the program's insides, and the list a person reads through,
``docs/refusals.md``, is the one the games say today."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from tabletop.games import registry
from tabletop.verbs.refusals import as_markdown, harvest

DOC = Path(__file__).parents[2] / "docs" / "refusals.md"
GAMES = tuple(registry())

# What a sentence for a player never holds: Python's words and brackets, an object's
# address, an id, a blank, doubled spaces, a space before a stop. (The square brackets and
# bars of an action's text form, in the line saying how an action is written, are allowed.)
INSIDES = re.compile(
    r"\bNone\b|\bTrue\b|\bFalse\b|\{|\}|<\w+ object|0x[0-9a-f]{4,}|\bcid\b|\bseat \d"
    r"|\s{2,}|\s[,;:]|\s\.(?!\.\.)|^\s|\s$|\(\s*\)|''|\"\""
)
SYNTAX = re.compile(r" ?\((?:\w+ )?\w+ \"[^()]*\)$")  # the text form, closing a line


@cache
def refusals(game_id: str):
    return harvest(registry()[game_id])


@pytest.mark.parametrize("game_id", GAMES)
def test_every_refusal_names_its_game_and_a_rule(game_id):
    """No refusal is the core's fallback ("you cannot <kind> now"): each says a rule."""
    game = registry()[game_id]
    found = refusals(game_id).met.values()
    assert len(found) >= 30  # the harvest reaches the rules, not only the turn order
    for entry in found:
        assert entry.example.startswith(game.name.split(":")[0]), entry.example
        assert not re.search(r": you cannot \w+ now$", entry.example), entry.example


@pytest.mark.parametrize("game_id", GAMES)
def test_no_refusal_shows_the_programs_insides(game_id):
    for entry in refusals(game_id).met.values():
        text = SYNTAX.sub("", entry.example)
        assert not INSIDES.search(text), (entry.example, entry.action)


def test_the_refusal_list_is_the_one_the_games_say():
    """``docs/refusals.md`` is read through when a refusal changes: it must be current."""
    now = as_markdown([refusals(g) for g in GAMES])
    assert DOC.read_text(encoding="utf-8") == now, (
        "docs/refusals.md is out of date: run `tabletop refusals > docs/refusals.md` and "
        "read what changed"
    )


def test_the_insides_check_sees_what_it_looks_for():
    for bad in ("x: None", "the {card}", "at <Card object", "a  b", "a , b", "cid 4"):
        assert INSIDES.search(SYNTAX.sub("", bad)), bad
    line = 'ARC-mage: play one card (play "Card" [-> "Target"] [army] [x=N])'
    assert not INSIDES.search(SYNTAX.sub("", line))
