"""`tabletop explain arcmage "Card"`: how a card's text was read, sentence by sentence, said
back in words a player can check against the printed card."""

from __future__ import annotations

from tabletop.cli import main
from tabletop.games.arcmage.explain import explain_card
from tabletop.games.arcmage.reader import explain

from .test_grammar import from_text


def test_each_sentence_says_which_reader_took_it_or_that_it_is_played_by_hand():
    read, unread = explain(
        "Deal two damage to each opposing creature. Players skip their next draw.",
        "event",
        "Test Storm",
    )
    assert (read.reader, read.kept, unread.reader, unread.kept) == ("plain", True, "", False)
    assert read.words == "Deal two damage to each opposing creature."


def test_a_reading_the_card_cannot_use_is_shown_as_played_by_hand():
    # A city's text outside its Levels does nothing in the rules: read, but not kept.
    (reading,) = explain("Deal one damage to target creature.", "city", "Test Keep")
    assert reading.reader == "plain" and not reading.kept


def test_a_citys_level_is_said_with_each_of_its_sentences():
    text = "Level 2: Creatures you control get +1/+1. Level 4: Draw a card."
    two, four = explain(text, "city", "Test Keep")
    assert (two.level, four.level) == (2, 4)


def test_the_explanation_says_what_the_rules_will_do_in_words():
    card = from_text(
        "Test Volley",
        "event",
        "Deal one damage to each opposing creature and draw a card.",
    )
    said = " ".join(explain_card(card).split())  # as it wraps
    assert "deal 1 damage to opposing creatures; draw 1 card" in said
    assert "Every sentence is enforced." in said


def test_explain_names_the_card_of_the_games_own_set_as_written_as_data(capsys):
    assert main(["explain", "arcmage", "Muster Crier"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # as it wraps
    assert out.startswith("Muster Crier: Red Banner creature (Orc), cost 2, 1/1")
    assert "written as data: when it comes into play" in out
    assert "put 1 Ashen Grunt token into the army" in out


def test_explain_of_a_card_that_does_not_exist_suggests_the_nearest(capsys):
    assert main(["explain", "arcmage", "Muster Cryer"]) == 2
    err = capsys.readouterr().err
    assert (
        err.strip()
        == "tabletop explain: no card called 'Muster Cryer' (did you mean 'Muster Crier'?)"
    )


def test_explain_reads_a_card_from_the_database_files_given(real, arcmage_data, capsys):
    files = [str(arcmage_data / "cards.json"), str(arcmage_data / "decks.json")]
    assert main(["explain", "arcmage", "Orc Warleader", *files]) == 0
    out = " ".join(capsys.readouterr().out.split())  # as it wraps
    assert '"Orcs you control get +1/+0."' in out
    assert "read by passive: while it is in play: creatures you control (Orc only) get +1/+0" in out
