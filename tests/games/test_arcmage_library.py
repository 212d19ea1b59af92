"""Importing the arcmage.org database into the player's data folder (``tabletop import``),
playing its decks beside the starter set, and the coverage report (``tabletop coverage``)."""

import json
import logging
import re

import pytest

from tabletop.cli import main
from tabletop.games.arcmage import library

from .arcmage_library import card, deck, real_data, snapshot, wire, write

DECK_NAMES = ["Ablaze", "Brothers in Arms", "Dunefolk", "Enchanted World",
              "Gaian love for life"]


@pytest.fixture
def game(monkeypatch):
    return wire(monkeypatch)


@pytest.fixture
def store():
    return library.folder()


def imported_decks(game):
    return {i: d for i, d in game.card_set().decks.items() if i.startswith("imported-")}


# -- importing the real files -------------------------------------------------------------------
def test_importing_the_real_files_puts_their_five_decks_in_deck_selection(game, store, capsys):
    data = real_data()
    assert main(["import", "arcmage", str(data / "cards.json"), str(data / "decks.json")]) == 0
    out = capsys.readouterr().out
    assert "Imported 145 cards and 5 decks (Ablaze, Brothers in Arms, Dunefolk" in out
    assert str(store) in out
    assert sorted(store.iterdir()) == [store / "cards.json", store / "decks.json"]
    # The original records are what is kept.
    kept = json.loads((store / "decks.json").read_text())
    assert [d["name"] for d in kept] == DECK_NAMES and "artwork" in kept[0]["deckCards"][0]["card"]
    decks = imported_decks(game)
    assert sorted(d.name for d in decks.values()) == DECK_NAMES
    assert "imported-brothers-in-arms" in decks
    assert {"emberfang_raiders", "thornwood_circle"} <= set(game.card_set().decks)
    for d in decks.values():
        assert game.validate_deck(d) == [], d.name
    state = game.new_game([decks["imported-ablaze"], decks["imported-dunefolk"]], seed=1)
    assert not state.over


def test_importing_the_same_files_again_changes_nothing(game, store, capsys):
    data = real_data()
    files = [str(data / "decks.json"), str(data / "cards.json")]
    assert main(["import", "arcmage", *files]) == 0
    first = snapshot(store)
    ids = list(imported_decks(game))
    assert main(["import", "arcmage", *files]) == 0
    assert snapshot(store) == first
    assert list(imported_decks(game)) == ids and len(ids) == 5


# -- what is refused ----------------------------------------------------------------------------
def _refused(files, capsys) -> str:
    assert main(["import", "arcmage", *map(str, files)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "nothing was imported" in captured.err
    return captured.err


@pytest.fixture
def earlier(game, store, tmp_path, capsys):
    """An earlier, good import: what a refused one must leave as it was."""
    assert main(["import", "arcmage", str(write(tmp_path / "first.json", [deck("First")]))]) == 0
    capsys.readouterr()
    return snapshot(store)


def test_a_file_that_is_not_json_imports_nothing(game, store, earlier, tmp_path, capsys):
    good = write(tmp_path / "decks.json", [deck("Second", prefix="New ")])
    bad = tmp_path / "cards.json"
    bad.write_text('{"items": [{"name": "Half a file", "type": {"name": "Cr')
    err = _refused([good, bad], capsys)
    assert f"{bad}: not valid JSON" in err
    assert snapshot(store) == earlier
    assert [d.name for d in imported_decks(game).values()] == ["First"]


def test_a_file_of_another_shape_imports_nothing(game, store, earlier, tmp_path, capsys):
    other = write(tmp_path / "other.json", {"cards": ["not", "this"]})
    assert f"{other}: neither an arcmage.org card list" in _refused([other], capsys)
    missing = write(tmp_path / "cards.json", {"items": [{"name": "Nameless type", "type": {}}]})
    assert f"{missing}: items[0] ('Nameless type'): type.name: missing" in _refused(
        [missing], capsys)
    assert snapshot(store) == earlier


def test_a_deck_with_a_card_that_cannot_be_read_imports_nothing(game, store, earlier, tmp_path,
                                                                 capsys):
    odd = card("Clockwork Golem", "Artifact")
    path = write(tmp_path / "decks.json", [deck("Odd", creatures=11, extra=[
        {"quantity": 3, "card": odd}])])
    err = _refused([path], capsys)
    assert f"{path}: deck 'Odd': deckCards[14].card: 'Clockwork Golem': unknown card type " \
        "'Artifact'" in err
    assert f"{path}: deck 'Odd': card 'Clockwork Golem' is not a card that could be read" in err
    assert snapshot(store) == earlier


def test_a_deck_of_44_cards_imports_nothing(game, store, earlier, tmp_path, capsys):
    short = deck("Short")
    short["deckCards"][-1]["quantity"] = 2
    path = write(tmp_path / "decks.json", [deck("Fine", prefix="Other "), short])
    err = _refused([path], capsys)
    assert f"{path}: deck 'Short': ARC-mage, Deck Building: every deck must contain exactly " \
        "45 cards (this one has 44, tokens aside)" in err
    assert "'Fine'" not in err
    assert snapshot(store) == earlier
    assert "imported-fine" not in game.card_set().decks


# -- merging, names, the store ------------------------------------------------------------------
def test_a_card_imported_again_replaces_the_earlier_one_with_its_guid_or_name(game, store,
                                                                              tmp_path, capsys):
    first = write(tmp_path / "a.json", {"items": [card("Old Name", guid="g1"),
                                                  card("Moss", guid="g2")]})
    assert main(["import", "arcmage", str(first)]) == 0
    again = write(tmp_path / "b.json", {"items": [card("New Name", guid="g1", attack="5"),
                                                  card("Moss", guid="other", attack="4"),
                                                  card("Fern")]})
    assert main(["import", "arcmage", str(again)]) == 0
    items = json.loads((store / "cards.json").read_text())["items"]
    assert [(c["name"], c["attack"]) for c in items] == [("New Name", "5"), ("Moss", "4"),
                                                         ("Fern", "2")]
    cards = game.card_set().cards
    assert "Old Name" not in cards and cards["New Name"].attack == 5


def test_an_imported_card_named_like_a_starter_card_is_kept_apart(game, store, tmp_path, capsys):
    shipped = library.shipped_set(game).cards
    starter = next(n for n, c in shipped.items() if c.type == "creature" and not c.token)
    theirs = deck("Namesakes", creatures=11, extra=[
        {"quantity": 3, "card": card(starter, attack="9", defense="9", cost="6")}])
    assert main(["import", "arcmage", str(write(tmp_path / "decks.json", [theirs]))]) == 0
    assert f"{starter!r} is kept as '{starter} (arcmage.org)'" in capsys.readouterr().out
    cards = game.card_set().cards
    assert cards[starter] == shipped[starter]  # the starter card is untouched
    assert cards[f"{starter} (arcmage.org)"].attack == 9
    namesakes = game.card_set().decks["imported-namesakes"]
    assert namesakes.cards[f"{starter} (arcmage.org)"] == 3 and starter not in namesakes.cards
    assert game.validate_deck(namesakes) == []
    for d in library.shipped_set(game).decks.values():
        assert game.validate_deck(d) == []


def test_decks_with_the_same_name_get_distinct_ids(game, tmp_path, capsys):
    one, two = deck("Twins"), deck("twins!", prefix="Other ")
    two["guid"] = "another"
    assert main(["import", "arcmage", str(write(tmp_path / "d.json", [one, two]))]) == 0
    assert sorted(imported_decks(game)) == ["imported-twins", "imported-twins-2"]


def test_a_corrupt_stored_file_leaves_the_starter_set_playing(game, store, caplog):
    store.mkdir(parents=True)
    (store / "decks.json").write_text("[{\"name\": \"Trunc")
    with caplog.at_level(logging.WARNING, logger="tabletop"):
        card_set = game.card_set()
    assert sorted(card_set.decks) == ["emberfang_raiders", "thornwood_circle"]
    assert len(card_set.notes) == 1
    assert f"Imported ARC-mage decks left out: {store / 'decks.json'}: not valid JSON" in \
        card_set.notes[0]
    assert card_set.notes[0] in caplog.text
    assert main(["validate", "--game", "arcmage"]) == 0


def test_importing_over_a_corrupt_stored_file_sets_it_aside(game, store, tmp_path, capsys):
    store.mkdir(parents=True)
    (store / "decks.json").write_text("not json")
    assert main(["import", "arcmage", str(write(tmp_path / "d.json", [deck("Fresh")]))]) == 0
    assert "set aside as decks.json.bad" in capsys.readouterr().out
    assert (store / "decks.json.bad").read_text() == "not json"
    assert game.card_set().notes == ()
    assert "imported-fresh" in game.card_set().decks


# -- coverage -----------------------------------------------------------------------------------
DECK_LINE = re.compile(r"^(?P<name>.+): (?P<ok>\d+) of (?P<all>\d+) cards? fully enforced "
                       r"\((?P<names_ok>\d+) of (?P<names>\d+) names?\)$")


def _decks_reported(out: str) -> dict[str, tuple[int, int, int, int, int]]:
    """deck -> (cards enforced, cards, names enforced, names, names listed as not)."""
    found, current = {}, None
    for line in out.splitlines():
        m = DECK_LINE.match(line)
        if m and not line.startswith("All "):
            current = m["name"]
            found[current] = [int(m["ok"]), int(m["all"]), int(m["names_ok"]), int(m["names"]), 0]
        elif current and line.startswith("  - "):
            found[current][4] += 1
        elif not line.startswith("      "):
            current = None
    return {k: tuple(v) for k, v in found.items()}


def test_coverage_reports_each_real_deck_and_the_totals(game, store, capsys):
    data = real_data()
    assert main(["coverage", "arcmage", str(data / "cards.json"), str(data / "decks.json")]) == 0
    out = capsys.readouterr().out
    assert all(len(line) <= 100 for line in out.splitlines())
    reported = _decks_reported(out)
    decks = {d["name"]: d for d in json.loads((data / "decks.json").read_text())}
    assert sorted(reported) == sorted(decks) == DECK_NAMES
    for name, (ok, total, names_ok, names, listed) in reported.items():
        assert total == sum(dc["quantity"] for dc in decks[name]["deckCards"])
        assert names == len({dc["card"]["name"] for dc in decks[name]["deckCards"]})
        assert 0 <= ok <= total and 0 <= names_ok <= names
        assert listed == names - names_ok  # each card not enforced is named
    ok = sum(v[0] for v in reported.values())
    total = sum(v[1] for v in reported.values())
    assert re.search(rf"^All 5 decks: {ok} of {total} cards fully enforced \(\d+ of \d+ names\)$",
                     out, re.MULTILINE)
    m = re.search(r"^All cards in the files: (\d+) of 145 cards fully enforced$", out, re.MULTILINE)
    assert m and int(m[1]) <= 145
    assert snapshot(store) == {}  # nothing is stored


def test_coverage_names_the_cards_and_the_text_not_enforced(game, tmp_path, capsys):
    odd = "Whistle a tune backwards and the moon turns green."
    cards = write(tmp_path / "cards.json", {"items": [
        card("Plain Elf"), card("Odd Elf", text=odd), card("Gear", "Artifact"),
        card("Lone Wolf", text=odd)]})
    decks = write(tmp_path / "decks.json", [{"name": "Pair", "deckCards": [
        {"quantity": 3, "card": card("Plain Elf")}, {"quantity": 2, "card": card("Odd Elf",
                                                                                  text=odd)}]}])
    assert main(["coverage", "arcmage", str(cards), str(decks)]) == 0
    out = capsys.readouterr().out
    assert "Pair: 3 of 5 cards fully enforced (1 of 2 names)" in out
    assert f"  - Odd Elf (x2): {odd}" in out
    assert "All 1 deck: 3 of 5 cards fully enforced (1 of 2 names)" in out
    assert "All cards in the files: 1 of 4 cards fully enforced" in out
    assert "  - Gear: cannot be read: 'Gear': unknown card type 'Artifact'" in out
    assert f"  - Lone Wolf: {odd}" in out
    assert out.count("Odd Elf") == 1  # listed under its deck, not again


def test_coverage_of_a_file_that_cannot_be_read_says_so(tmp_path, capsys):
    bad = tmp_path / "cards.json"
    bad.write_text("{")
    assert main(["coverage", "arcmage", str(bad)]) == 1
    assert f"{bad}: not valid JSON" in capsys.readouterr().err


def test_a_card_lists_record_is_played_before_a_decks_own_copy(game, tmp_path, capsys):
    listed = write(tmp_path / "cards.json", {"items": [card("Creature 0", attack="7")]})
    decks = write(tmp_path / "decks.json", [deck("Copies")])  # its Creature 0 is a 2/2
    assert main(["import", "arcmage", str(decks), str(listed)]) == 0
    assert game.card_set().cards["Creature 0"].attack == 7
