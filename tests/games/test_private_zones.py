"""Every game held to a statement of what its rulebook makes private (``private_zones.py``),
written apart from the game's own zone declarations: the zones no other seat may identify
(hands, decks, face-down cards, the unbuilt cities), each with the sentence that makes it
so, and the zones the rulebook shows to all.

Seeded random games of each game, at its fewest seats and at three and four where it takes
them, look at every seat's view after every action: a card the statement keeps from a seat
must be ``HIDDEN`` there (or a stand-in naming no real card), and its name must be nowhere
else in the view, unless the seat read an event that revealed it or saw it in the open.
The last tests break a game on purpose (a copy of it, with a private zone declared public)
and show that these checks, and the possible-worlds check of ``hidden_checks.py`` given the
statement, then fail.
"""

from __future__ import annotations

import copy
import dataclasses
import re
from functools import cache

import pytest

from tabletop.cli import main
from tabletop.engine import Game, Visibility, ZoneSpec
from tabletop.games import registry

from .arcmage_library import real_data, wire
from .hidden_checks import play_checking_leaks
from .private_zones import (
    ARRIVED,
    NAMED,
    STATEMENTS,
    Finding,
    Source,
    Who,
    play_watching,
    private_to,
    statement,
    unclassified,
)

GAMES = sorted(registry())

MAX_ACTIONS = 600


def tables(game: Game) -> list[tuple[int, int]]:
    """The (seats, seed) of the games played: two at the game's fewest seats, one at three
    and at four where it takes them."""
    seats = sorted({game.min_seats, *(n for n in (3, 4) if game.min_seats <= n <= game.max_seats)})
    return [(seats[0], 1), (seats[0], 2)] + [(n, 3) for n in seats[1:]]


@cache
def watched(game_id: str) -> tuple[int, tuple[Finding, ...]]:
    """Every table of one game played under watch (once per test process)."""
    game = registry()[game_id]
    played, found = 0, []
    for seats, seed in tables(game):
        n, more = play_watching(game, seed, seats, MAX_ACTIONS)
        played += n
        found += more
    return played, tuple(found)


def assert_none(game_id: str, *rules: str) -> None:
    played, found = watched(game_id)
    assert played > 100, f"{game_id}: only {played} actions played"
    bad = [f.text for f in found if f.rule in rules]
    assert not bad, f"{len(bad)} times:\n" + "\n".join(bad[:6])


# -- the statement itself ------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_every_zone_a_game_declares_is_classified_by_its_rulebook(game_id):
    game = registry()[game_id]
    missing = unclassified(game)
    assert not missing, (
        f"{game_id} declares zones the statement of what its rulebook makes private does not "
        f"classify: {missing} (add each to tests/games/private_zones.py, with its sentence)"
    )
    extra = sorted(set(statement(game).zones) - set(game.zones))
    assert not extra, f"the statement classifies zones {game_id} does not have: {extra}"


EXPECTED = {
    Who.PUBLIC: Visibility.PUBLIC,  # a face-down card there hidden by its face-down flag
    Who.HELD: Visibility.OWNER,
    Who.SECRET: Visibility.HIDDEN,
    Who.FACE_DOWN: Visibility.PUBLIC,  # every card there lying face down
}


@pytest.mark.parametrize("game_id", GAMES)
def test_each_zone_is_declared_as_its_rulebook_says(game_id):
    game = registry()[game_id]
    zones = statement(game).zones
    wrong = [
        f"{name}: declared {spec.visibility.name}, but the rulebook makes it "
        f"{zones[name].who.name} ({zones[name].source})"
        for name, spec in game.zones.items()
        if name in zones and spec.visibility is not EXPECTED[zones[name].who]
    ]
    assert not wrong, "\n".join(wrong)


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("*", "")).strip()


def _written(source: Source) -> str | None:
    """The text a source points at: its rulebook, or the one ruling it names (None: a
    rulebook outside this checkout, ``../shared/rules``)."""
    path = source.path()
    if not path.exists():
        assert source.ruling is None, f"{path} is missing"
        return None
    text = path.read_text()
    if source.ruling is not None:
        found = re.search(rf"^\*\*{source.ruling}\. .*?(?=^\*\*\d+\. |^## |\Z)", text, re.M | re.S)
        return found.group(0) if found else ""
    return text


def test_every_sentence_the_statement_cites_is_written_where_it_says():
    missing = []
    for game_id, stated in STATEMENTS.items():
        for source in stated.sources():
            text = _written(source)
            if text is not None and _plain(source.quote) not in _plain(text):
                missing.append(f"{game_id}: not in {source.where}: {source.quote!r}")
    assert not missing, "\n".join(missing)


# -- every view, against it ------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_no_seat_may_identify_another_seats_hand(game_id):
    """Hands, and ARC-mage's unbuilt cities (a stack its player alone looks at)."""
    assert_none(game_id, Who.HELD.name)


@pytest.mark.parametrize("game_id", GAMES)
def test_no_seat_may_identify_a_card_in_a_deck(game_id):
    """Another seat's deck, and its own: a search shows its searcher the cards it may take."""
    assert_none(game_id, Who.SECRET.name)


@pytest.mark.parametrize("game_id", GAMES)
def test_no_seat_may_identify_a_card_another_seat_laid_face_down(game_id):
    """War of the Arcane's face-down cards, C.O.E's Conjures set, ARC-mage's resource cards
    (every one face down, a stolen one too: its owner alone knows it)."""
    assert_none(game_id, Who.FACE_DOWN.name, Who.PUBLIC.name)


@pytest.mark.parametrize("game_id", GAMES)
def test_no_view_names_a_card_its_seat_may_not_identify(game_id):
    """Not in the game's data, the prompts, the effects waiting or the lasting modifiers."""
    assert_none(game_id, NAMED)


@pytest.mark.parametrize("game_id", GAMES)
def test_cards_the_rules_lay_face_down_arrive_face_down(game_id):
    """War of the Arcane's Traps and Mystic Stone; C.O.E's Conjures."""
    assert_none(game_id, ARRIVED)


def test_no_seat_may_identify_what_the_real_arcmage_decks_keep_private(monkeypatch):
    """The arcmage.org decks (when this machine has the extract) search decks, reveal
    cards from hands and resources, and steal resource cards: every view, against the
    statement, at two seats and at four."""
    data = real_data()
    game = wire(monkeypatch)
    assert main(["import", "arcmage", str(data / "cards.json"), str(data / "decks.json")]) == 0
    real = [d for key, d in sorted(game.card_set().decks.items()) if key.startswith("imported-")]
    assert len(real) >= 4
    for seats, seed in ((2, 1), (4, 2)):
        decks = [real[(seed + s) % len(real)] for s in range(seats)]
        played, found = play_watching(game, seed, seats, max_actions=500, decks=decks)
        assert played > 100
        assert not found, "\n".join(f.text for f in found[:6])


# -- the checks fail a game that shows what its rulebook keeps private ---------------------------


def declared(game: Game, zone: str, visibility: Visibility = Visibility.PUBLIC) -> Game:
    """A copy of ``game`` with ``zone`` declared ``visibility`` (the game itself untouched)."""
    broken = copy.copy(game)
    broken.zones = {
        **game.zones,
        zone: dataclasses.replace(game.zones[zone], visibility=visibility),
    }
    return broken


PRIVATE_ZONES = [
    (g, name)
    for g in GAMES
    for name, zone in statement(registry()[g]).zones.items()
    if zone.who in (Who.HELD, Who.SECRET)
]


@pytest.mark.parametrize(("game_id", "zone"), PRIVATE_ZONES)
def test_a_private_zone_declared_public_fails_the_view_check(game_id, zone):
    game = registry()[game_id]
    broken = declared(game, zone)
    _, found = play_watching(broken, 1, game.min_seats, max_actions=30)
    caught = [f for f in found if f" {zone} (" in f.text]
    assert caught, f"{game_id} with its {zone} declared public passed the view check"
    assert game.zones[zone].visibility is not Visibility.PUBLIC  # the copy alone was broken


@pytest.mark.parametrize(("game_id", "zone"), PRIVATE_ZONES)
def test_a_private_zone_declared_public_fails_the_possible_worlds_check(game_id, zone):
    game = registry()[game_id]
    with pytest.raises(AssertionError, match="can tell hidden cards apart"):
        play_checking_leaks(declared(game, zone), 1, max_actions=30)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_zone_nobody_classified_is_named(game_id):
    game = registry()[game_id]
    broken = copy.copy(game)
    broken.zones = {**game.zones, "stash": ZoneSpec("stash", "A stash")}
    assert unclassified(broken) == ["stash"]
    first = sorted(d for d in game.card_set().decks if d not in game.card_set().imported)[0]
    state = broken.new_game([game.card_set().decks[first]] * game.min_seats, 1)
    with pytest.raises(AssertionError, match="zone 'stash' is classified nowhere"):
        private_to(state, 0)
