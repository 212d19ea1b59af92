"""``tabletop explain`` says how each sentence was read part by part: the parts of the grammar
that read it (a trigger, a cost, a choice, each effect, its reach, its amount), in the order of
the sentence's words, and none of what a reading tried and gave up."""

from __future__ import annotations

import pytest

from tabletop.games.arcmage.cards import ArcCard
from tabletop.games.arcmage.explain import explain_card, say_parts
from tabletop.games.arcmage.reader import explain, parse


def _parts(text: str, kind: str) -> list[list[tuple[str, str]]]:
    return [[(p.kind, p.words) for p in r.parts] for r in explain(text, kind)]


def test_a_triggered_sentence_is_read_by_its_trigger_effect_reach_and_amount():
    (parts,) = _parts("When I die, deal two damage to target creature.", "creature")
    assert sorted(parts) == sorted(
        [
            ("trigger", "die"),
            ("effect", "deal two damage to target creature"),
            ("reach", "target creature"),
            ("amount", "two"),
        ]
    )


def test_a_paid_sentence_is_read_by_its_cost_and_its_effect():
    (parts,) = _parts(
        "M, Discard a card from your hand: I get +1/+1 until end of turn.", "creature"
    )
    kinds = [k for k, _ in parts]
    assert kinds[0] == "cost" and "effect" in kinds and ("reach", "i") in parts


def test_a_choice_names_each_way_once_and_nothing_it_tried_and_gave_up():
    (parts,) = _parts("Counter target spell or destroy target enchantment.", "event")
    assert parts == [
        ("choice", "Counter target spell or destroy target enchantment"),
        ("effect", "counter target spell"),
        ("effect", "destroy target enchantment"),
        ("reach", "target enchantment"),
    ]


def test_a_sentence_read_by_no_part_has_no_parts():
    (reading,) = explain("Juggle three torches.", "event")
    assert reading.reader == "" and reading.parts == ()


@pytest.mark.parametrize(
    "text",
    [
        "Draw a card and deal 1 damage to target creature.",
        "Target creature gets +2/+2 until end of turn. That creature gains the type Giant.",
    ],
)
def test_every_part_noted_read_words_of_its_sentence(text):
    for reading in explain(text, "event"):
        for p in reading.parts:
            assert p.words.lower() in reading.words.lower(), (p, reading.words)


def test_explain_shows_the_parts_in_the_order_of_the_words():
    text = "When I die, deal two damage to target creature."
    card = ArcCard(
        name="Test Pyre",
        type="creature",
        faction="red_banner",
        cost=1,
        attack=1,
        defense=1,
        text=text,
        abilities=parse(text, "creature").abilities,
    )
    shown = " ".join(explain_card(card).split())  # the lines as one
    line = shown[shown.index("parts: ") :]
    assert line.index('trigger "die"') < line.index('effect "deal two') < line.index('amount "two"')
    (reading,) = explain(card.text, "creature")
    assert say_parts(reading.words, reading.parts).startswith('trigger "die"')
