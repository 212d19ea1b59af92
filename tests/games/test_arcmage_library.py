"""Importing the arcmage.org database into the player's data folder (``tabletop import``),
playing its decks beside the starter set, and the coverage report (``tabletop coverage``)."""

import json
import logging
import os
import re
import shutil
import time

import pytest

from tabletop import cli
from tabletop.cli import main
from tabletop.games.arcmage import library

from .arcmage_library import (
    HOSTILE,
    card,
    deck,
    hostile,
    real_data,
    small_base,
    snapshot,
    synthetic,
    wire,
    write,
)

DECK_NAMES = ["Ablaze", "Brothers in Arms", "Dunefolk", "Enchanted World", "Gaian love for life"]


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
    assert f"{bad}: cut off near the end (character {len(bad.read_text()):,})" in err
    assert snapshot(store) == earlier
    assert [d.name for d in imported_decks(game).values()] == ["First"]


def test_a_file_of_another_shape_imports_nothing(game, store, earlier, tmp_path, capsys):
    other = write(tmp_path / "other.json", {"cards": ["not", "this"]})
    assert f"{other}: neither an arcmage.org card list" in _refused([other], capsys)
    missing = write(tmp_path / "cards.json", {"items": [{"name": "Nameless type", "type": {}}]})
    assert f"{missing}: items[0] ('Nameless type'): type.name: missing" in _refused(
        [missing], capsys
    )
    assert snapshot(store) == earlier


def test_a_deck_with_a_card_that_cannot_be_read_imports_nothing(
    game, store, earlier, tmp_path, capsys
):
    odd = card("Clockwork Golem", "Artifact")
    path = write(
        tmp_path / "decks.json", [deck("Odd", creatures=11, extra=[{"quantity": 3, "card": odd}])]
    )
    err = _refused([path], capsys)
    assert (
        f"{path}: deck 'Odd': deckCards[14].card: 'Clockwork Golem': unknown card type "
        "'Artifact'" in err
    )
    assert f"{path}: deck 'Odd': card 'Clockwork Golem' is not a card that could be read" in err
    assert snapshot(store) == earlier


def test_a_deck_of_44_cards_imports_nothing(game, store, earlier, tmp_path, capsys):
    short = deck("Short")
    short["deckCards"][-1]["quantity"] = 2
    path = write(tmp_path / "decks.json", [deck("Fine", prefix="Other "), short])
    err = _refused([path], capsys)
    assert (
        f"{path}: deck 'Short': ARC-mage, Deck Building: every deck must contain exactly "
        "45 cards (this one has 44, tokens aside)" in err
    )
    assert "'Fine'" not in err
    assert snapshot(store) == earlier
    assert "imported-fine" not in game.card_set().decks


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_database_file_that_is_not_plain_json_text_is_refused_in_one_sentence_naming_it(
    game, store, earlier, tmp_path, capsys, kind
):
    """Read through the one file reader: deep nesting (which json.loads itself cannot
    parse), a file over the limit, binary data, another encoding, a pipe, a number no card
    has. ``tabletop import`` and ``tabletop coverage`` each say so in one line."""
    bad = hostile(tmp_path / "cards.json", kind)
    said = [
        line
        for line in _refused([bad], capsys).splitlines()
        if not re.match(r"tabletop import: +\d+% ", line)
    ]  # (a large file's progress)
    assert len(said) == 2  # the problem, and "nothing was imported"
    problem = said[0]
    assert problem.startswith(f"{bad}: ") and HOSTILE[kind] in problem
    assert snapshot(store) == earlier
    assert main(["coverage", "arcmage", str(bad)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.splitlines() == [problem]


def test_a_card_record_with_a_field_no_card_has_is_refused_naming_the_field(
    game, store, earlier, tmp_path, capsys
):
    long = write(tmp_path / "cards.json", {"items": [card("Fine"), card("Wordy", text="x" * 5000)]})
    err = _refused([long], capsys)
    assert (
        f"{long}: items[1] ('Wordy'): ruleText: String should have at most 4000 characters" in err
    )
    assert snapshot(store) == earlier


def test_a_refusal_lists_its_first_problems_and_counts_the_rest(game, store, tmp_path, capsys):
    many = write(
        tmp_path / "cards.json", {"items": [{"name": f"N{i}", "type": {}} for i in range(500)]}
    )
    lines = _refused([many], capsys).splitlines()
    assert lines[0] == f"{many}: items[0] ('N0'): type.name: missing (this field is required)"
    assert f"{many}: and 450 more items that cannot be read" in lines
    assert len(lines) < 60
    assert snapshot(store) == {}


@pytest.mark.parametrize("kind", ["deep", "nested", "binary", "number"])
def test_a_stored_file_that_is_not_plain_json_text_is_left_out_with_a_note(
    game, store, kind, caplog
):
    store.mkdir(parents=True)
    hostile(store / "cards.json", kind)
    with caplog.at_level(logging.WARNING, logger="tabletop"):
        card_set = game.card_set()
    assert sorted(card_set.decks) == ["emberfang_raiders", "thornwood_circle"]
    (note,) = card_set.notes
    assert note.startswith(f"Imported ARC-mage cards left out: {store / 'cards.json'}: ")
    assert HOSTILE[kind] in note and "\n" not in note
    assert main(["validate", "--game", "arcmage"]) == 0


def test_a_stored_file_linked_out_of_the_data_folder_is_not_read(game, store, tmp_path):
    elsewhere = write(tmp_path / "decks.json", [deck("Elsewhere")])
    store.mkdir(parents=True)
    os.symlink(elsewhere, store / "decks.json")
    (note,) = game.card_set().notes
    assert f"{store / 'decks.json'}: a link to {elsewhere}, outside {store}; not read" in note
    assert "imported-elsewhere" not in game.card_set().decks


# -- large databases ----------------------------------------------------------------------------
def _import_seconds(game, tmp_path, n: int) -> float:
    cards, decks = synthetic(n, *small_base())
    files = [write(tmp_path / f"cards-{n}.json", cards), write(tmp_path / f"decks-{n}.json", decks)]
    where = tmp_path / f"store-{n}"
    start = time.perf_counter()
    library.import_files(game, files, where)
    seconds = time.perf_counter() - start
    assert len(json.loads((where / "cards.json").read_text())["items"]) == n
    return seconds


def test_importing_grows_in_proportion_to_the_cards_not_faster(game, tmp_path):
    """2,000 then 8,000 cards (and a deck for every 15): four times the cards may take
    four times as long, not sixteen (a pass over every pair of records would)."""
    _import_seconds(game, tmp_path, 100)  # modules loaded, parser warm
    # The best of two runs each: one slow run on a busy machine is no quadratic pass.
    small = min(_import_seconds(game, tmp_path, 2000) for _ in range(2))
    large = min(_import_seconds(game, tmp_path, 8000) for _ in range(2))
    assert large / small < 8, (small, large)


def test_an_import_reports_rising_progress_ending_at_one(game, store, tmp_path):
    cards, decks = synthetic(600, *small_base())
    files = [write(tmp_path / "cards.json", cards), write(tmp_path / "decks.json", decks)]
    heard: list[tuple[float, str]] = []
    library.import_files(game, files, progress=lambda f, words: heard.append((f, words)))
    fractions = [f for f, _ in heard]
    assert fractions == sorted(set(fractions)) and fractions[0] >= 0.0
    assert fractions[-1] == 1.0 and fractions.count(1.0) == 1
    said = [words for _, words in heard]
    records = 600 + sum(len(d["deckCards"]) for d in decks)  # the decks' own copies too
    for phase in (
        "Reading cards.json",
        "Reading decks.json",
        "Converting cards 0/",
        f"Converting cards {records:,}/{records:,}",
        "Checking decks",
        "Saving",
        "Imported",
    ):
        assert any(w.startswith(phase) for w in said), phase
    assert 20 <= len(heard) <= 400  # about once a percent, not once a card
    # The same files again: nothing is new, nothing is converted or written.
    heard.clear()
    again = library.import_files(game, files, progress=lambda f, w: heard.append((f, w)))
    assert again.unchanged and heard[-1] == (1.0, "Nothing new")
    assert not any(w.startswith("Converting") for _, w in heard)
    # A new deck over what is stored now: the earlier imports are read and converted too.
    heard.clear()
    more = write(tmp_path / "more.json", [deck("Second", prefix="New ")])
    library.import_files(game, [more], progress=lambda f, words: heard.append((f, words)))
    assert any(w.startswith("Converting the earlier imports") for _, w in heard)
    assert heard[-1] == (1.0, "Imported")


def test_a_refused_import_never_reports_that_it_is_done(game, store, tmp_path):
    short = deck("Short")
    short["deckCards"][0]["quantity"] = 2
    heard: list[float] = []
    with pytest.raises(library.ImportRefused):
        library.import_files(
            game,
            [write(tmp_path / "decks.json", [short])],
            progress=lambda f, words: heard.append(f),
        )
    assert heard and max(heard) < 1.0
    assert snapshot(store) == {}


def test_a_large_import_prints_its_progress_on_stderr(game, store, tmp_path, capsys, monkeypatch):
    cards, decks = synthetic(300, *small_base())
    files = [write(tmp_path / "cards.json", cards), write(tmp_path / "decks.json", decks)]
    assert main(["import", "arcmage", *map(str, files)]) == 0
    assert capsys.readouterr().err == ""  # a small import says nothing but its result
    shutil.rmtree(store)  # (the same files again would change nothing)
    monkeypatch.setattr(cli, "LARGE_IMPORT", 1000)
    assert main(["import", "arcmage", *map(str, files)]) == 0
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert lines[0].startswith("tabletop import:   0% Reading cards.json")
    assert any("Converting cards" in line for line in lines)
    assert lines[-1] == "tabletop import: 100% Imported"
    assert captured.out.startswith("Imported 300 cards and 20 decks")


# -- merging, names, the store ------------------------------------------------------------------
def test_a_card_imported_again_replaces_the_earlier_one_with_its_guid_or_name(
    game, store, tmp_path, capsys
):
    first = write(
        tmp_path / "a.json", {"items": [card("Old Name", guid="g1"), card("Moss", guid="g2")]}
    )
    assert main(["import", "arcmage", str(first)]) == 0
    again = write(
        tmp_path / "b.json",
        {
            "items": [
                card("New Name", guid="g1", attack="5"),
                card("Moss", guid="other", attack="4"),
                card("Fern"),
            ]
        },
    )
    assert main(["import", "arcmage", str(again)]) == 0
    items = json.loads((store / "cards.json").read_text())["items"]
    assert [(c["name"], c["attack"]) for c in items] == [
        ("New Name", "5"),
        ("Moss", "4"),
        ("Fern", "2"),
    ]
    cards = game.card_set().cards
    assert "Old Name" not in cards and cards["New Name"].attack == 5


def test_an_imported_card_named_like_a_starter_card_is_kept_apart(game, store, tmp_path, capsys):
    shipped = library.shipped_set(game).cards
    starter = next(n for n, c in shipped.items() if c.type == "creature" and not c.token)
    theirs = deck(
        "Namesakes",
        creatures=11,
        extra=[{"quantity": 3, "card": card(starter, attack="9", defense="9", cost="6")}],
    )
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
    (store / "decks.json").write_text('[{"name": "Trunc')
    with caplog.at_level(logging.WARNING, logger="tabletop"):
        card_set = game.card_set()
    assert sorted(card_set.decks) == ["emberfang_raiders", "thornwood_circle"]
    assert len(card_set.notes) == 1
    assert (
        f"Imported ARC-mage decks left out: {store / 'decks.json'}: cut off near the "
        "end" in card_set.notes[0]
    )
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
DECK_LINE = re.compile(
    r"^(?P<name>.+): (?P<ok>\d+) of (?P<all>\d+) cards? fully enforced "
    r"\((?P<names_ok>\d+) of (?P<names>\d+) names?\)$"
)


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
    # and each says what the reader or the rules lack for it
    assert out.count("\n      missing: ") == out.count("\n  - ") - out.count(": cannot be read:")
    ok = sum(v[0] for v in reported.values())
    total = sum(v[1] for v in reported.values())
    assert re.search(
        rf"^All 5 decks: {ok} of {total} cards fully enforced \(\d+ of \d+ names\)$",
        out,
        re.MULTILINE,
    )
    m = re.search(r"^All cards in the files: (\d+) of 145 cards fully enforced$", out, re.MULTILINE)
    assert m and int(m[1]) <= 145
    assert snapshot(store) == {}  # nothing is stored


def test_coverage_names_the_cards_and_the_text_not_enforced(game, tmp_path, capsys):
    odd = "Whistle a tune backwards and the moon turns green."
    cards = write(
        tmp_path / "cards.json",
        {
            "items": [
                card("Plain Elf"),
                card("Odd Elf", text=odd),
                card("Gear", "Artifact"),
                card("Lone Wolf", text=odd),
            ]
        },
    )
    decks = write(
        tmp_path / "decks.json",
        [
            {
                "name": "Pair",
                "deckCards": [
                    {"quantity": 3, "card": card("Plain Elf")},
                    {"quantity": 2, "card": card("Odd Elf", text=odd)},
                ],
            }
        ],
    )
    assert main(["coverage", "arcmage", str(cards), str(decks)]) == 0
    out = capsys.readouterr().out
    assert "Pair: 3 of 5 cards fully enforced (1 of 2 names)" in out
    assert f"  - Odd Elf (x2): {odd}\n      missing: a phrase the reader does not know yet" in out
    assert "All 1 deck: 3 of 5 cards fully enforced (1 of 2 names)" in out
    assert "All cards in the files: 1 of 4 cards fully enforced" in out
    assert "  - Gear: cannot be read: 'Gear': unknown card type 'Artifact'" in out
    assert f"  - Lone Wolf: {odd}" in out
    assert out.count("Odd Elf") == 1  # listed under its deck, not again


def test_coverage_of_a_file_that_cannot_be_read_says_so(tmp_path, capsys):
    bad = tmp_path / "cards.json"
    bad.write_text("{")
    assert main(["coverage", "arcmage", str(bad)]) == 1
    assert f"{bad}: cut off near the end (character 1)" in capsys.readouterr().err


def test_a_card_lists_record_is_played_before_a_decks_own_copy(game, tmp_path, capsys):
    listed = write(tmp_path / "cards.json", {"items": [card("Creature 0", attack="7")]})
    decks = write(tmp_path / "decks.json", [deck("Copies")])  # its Creature 0 is a 2/2
    assert main(["import", "arcmage", str(decks), str(listed)]) == 0
    assert game.card_set().cards["Creature 0"].attack == 7
