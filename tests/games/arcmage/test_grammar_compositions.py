"""ARC-mage's card-text grammar: what were sentences of one card each, now read as parts
that compose with the rest. Groups by a choice of kinds and cities by faction, cards put
into play from the hand or the graveyard (and "remove it from the game at the start of
your next turn"), what follows "and" said of the same group, "for every", a discount and
"must attack" as passives, an ability's name before its words, a trigger said after what
the card does (with "If ..."), and an effect on the creatures blocking the card. The
sentences are on no shipped or imported card."""

from __future__ import annotations

import pytest

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.explain import say_effect
from tabletop.games.arcmage.reader import parse, reach, read_phrase, read_static
from tabletop.games.arcmage.rules.combat import compelled

from .helpers import (
    P1,
    P2,
    attack_phase,
    creature,
    do,
    first_city,
    hand,
    play_phase,
    put,
    refused,
    resources,
    strength,
    to_hand,
    where,
)
from .test_grammar import from_text
from .test_players import played


def kin(kind: str, attack: int = 2, defense: int = 2, cost: int = 1, **kw):
    return creature(f"Test {kind}", attack, defense, subtypes=(kind,), cost=cost, **kw)


ELF, ORC, WOLF = kin("Elf"), kin("Orc"), kin("Wolf")


def abilities(text: str, kind: str = "creature"):
    got = parse(text, kind, "Test Card", "red_banner")
    assert got.unenforced == "", got.unenforced
    return [a.model_dump(exclude_defaults=True) for a in got.abilities]


# -- groups: a choice of kinds, cities by faction --------------------------------------------


@pytest.mark.parametrize(
    "words, to, kinds",
    [
        ("each elf or orc creature", "all_creatures", "elf|orc"),
        ("all Wolf or Bear creatures you control", "your_creatures", "wolf|bear"),
        ("each Undead or Dark Legion creature", "all_creatures", "undead|dark_legion"),
        ("each Red Banner city", "all_cities", "red_banner"),
        ("all Dark Legion cities", "all_cities", "dark_legion"),
        ("Gaian cities you control", "your_cities", "gaian"),
        ("each city", "all_cities", ""),
    ],
)
def test_a_group_of_a_choice_of_kinds_or_of_a_factions_cities_is_read(words, to, kinds):
    r = reach(words)
    assert r is not None, words
    assert (r.to, r.subtype) == (to, kinds)


@pytest.mark.parametrize("words", ["each Foo city", "opposing Gaian cities", "each elf or city"])
def test_a_city_of_no_faction_or_of_an_opponent_is_no_group(words):
    assert reach(words) is None


def test_each_creature_of_either_kind_is_boosted_and_no_other():
    state = play_phase()
    elf, orc, wolf = put(state, P1, ELF), put(state, P2, ORC), put(state, P1, WOLF)
    rally = from_text(
        "Test Rally", "event", "Each Elf or Orc creature gets +1/+1 until end of turn."
    )
    played(state, rally)
    assert [rules.attack_of(state, c) for c in (elf, orc, wolf)] == [3, 3, 2]


def test_each_city_of_the_faction_named_gains_defense_and_no_other():
    state = play_phase()
    mine, theirs = first_city(state, P1), first_city(state, P2)
    f1, f2 = state.cards[mine].card.faction, state.cards[theirs].card.faction
    assert f1 != f2, "the test needs cities of two factions"
    name = rules.FACTION_NAMES[f1]
    was = strength(state, mine), strength(state, theirs)
    walls = from_text("Test Walls", "event", f"Each {name} city gains 2 defense points.")
    played(state, walls)
    assert (strength(state, mine), strength(state, theirs)) == (was[0] + 2, was[1])


# -- cards put from a zone -------------------------------------------------------------------


@pytest.mark.parametrize(
    "phrase, target, kinds, into",
    [
        ("put an Orc from your hand into your army", "hand_card", "orc", "army"),
        ("put a Wolf from your hand in a city you control", "hand_card", "wolf", "city"),
        ("put a creature from your graveyard into your army", "grave_card", "creature", "army"),
        ("put an Elf from your graveyard into play as one of my residents", "grave_card", "elf",
         "home"),
    ],
)  # fmt: skip
def test_a_card_put_from_the_hand_or_graveyard_is_read(phrase, target, kinds, into):
    got = read_phrase(phrase)
    assert got is not None, phrase
    assert (got.target, got.subtype, [e.into for e in got.effects]) == (target, kinds, [into])


@pytest.mark.parametrize(
    "phrase",
    ["put a city from your hand into your army", "put an Orc from your deck into your army"],
)
def test_a_card_that_cannot_be_put_into_play_so_is_not_read(phrase):
    assert read_phrase(phrase) is None


def test_an_orc_put_from_the_hand_comes_into_the_army_and_no_other_card_may_be():
    state = play_phase()
    orc, wolf = to_hand(state, P1, ORC), to_hand(state, P1, WOLF)
    call = played(
        state, from_text("Test Call", "magic", "Put an Orc from your hand into your army.")
    )
    assert state.top_prompt.name == "target"
    assert refused(state, f"P1: target #{call} -> #{wolf}")
    do(state, f"P1: target #{call} -> #{orc}")
    assert state.cards[orc].zone == (P1, rules.ARMY)
    assert wolf in hand(state, P1)


def test_you_may_and_remove_it_from_the_game_amend_a_card_raised_from_the_graveyard():
    text = (
        "You may put a creature from your graveyard into your army. Remove it from the game "
        "at the beginning of your next turn."
    )
    (got,) = abilities(text, "magic")
    assert got["may"] is True and got["target"] == "grave_card"
    assert [e["fleeting"] for e in got["effects"]] == [True]


def test_remove_it_from_the_game_after_nothing_put_into_play_is_left_to_the_players():
    got = parse(
        "Draw a card. Remove it from the game at the start of your next turn.",
        "magic",
        "Test",
        "red_banner",
    )
    assert got.unenforced == "Remove it from the game at the start of your next turn."


def test_a_creature_raised_for_a_turn_leaves_the_game_as_its_players_next_turn_starts():
    state = play_phase()
    wolf = put(state, P1, WOLF, rules.GRAVE)
    rite = from_text(
        "Test Rite",
        "event",
        "You may put a creature from your graveyard into your army. Remove it from the game "
        "at the start of your next turn.",
    )
    card = played(state, rite)
    do(state, f"P1: target #{card} -> #{wolf}")
    assert state.cards[wolf].zone == (P1, rules.ARMY)
    assert state.cards[wolf].counters.get("fleeting") == 1


# -- what follows "and", said of the same group; "for every" ---------------------------------


@pytest.mark.parametrize(
    "phrase, kinds",
    [
        ("all Orcs you control get +1/+1 and gain flying until end of turn", "Orc"),
        ("each creature you control gets +2/+0 and has first strike until end of turn", ""),
        ("your Wolves get +1/+0 and have overrun until end of turn", "Wolf"),
    ],
)
def test_what_follows_and_without_a_subject_is_said_of_the_same_group(phrase, kinds):
    got = read_phrase(phrase)
    assert got is not None, phrase
    assert [(e.do, e.to, e.subtype) for e in got.effects] == [
        ("boost", "your_creatures", kinds),
        ("grant", "your_creatures", kinds),
    ]


def test_what_follows_and_is_left_unread_when_it_reads_of_the_group_as_nothing():
    assert read_phrase("all Orcs you control get +1/+1 and gain courage until end of turn") is None


def test_each_orc_you_control_is_boosted_and_gains_the_keyword():
    state = play_phase()
    orc, wolf = put(state, P1, ORC), put(state, P1, WOLF)
    roar = from_text(
        "Test Roar", "event", "All Orcs you control get +1/+1 and gain flying until end of turn."
    )
    played(state, roar)
    assert rules.attack_of(state, orc) == 3 and rules.attack_of(state, wolf) == 2
    assert rules.has(state, orc, "flying") and not rules.has(state, wolf, "flying")


def test_a_resource_card_is_sacrificed_for_every_creature_you_control():
    state = play_phase()
    put(state, P1, ORC), put(state, P1, WOLF), put(state, P2, ELF)
    res = resources(state, P1, "red_banner", 4)
    toll = from_text(
        "Test Toll", "event", "Sacrifice a resource card for every creature you control."
    )
    played(state, toll)
    assert sum(where(state, c) == rules.REMOVED for c in res) == 2  # two of P1's creatures


# -- passives: a discount, "must attack" ------------------------------------------------------


@pytest.mark.parametrize(
    "sentence, kinds, n",
    [
        ("Your Orcs cost 2 less to play.", "Orc", 2),
        ("Wolves in your hand cost one less.", "Wolf", 1),
        ("Your creatures cost 1 resource less to play.", "creature", 1),
    ],
)
def test_a_discount_on_the_players_cards_of_a_kind_is_read(sentence, kinds, n):
    (e,) = read_static(sentence)
    assert (e.do, e.to, e.subtype, e.amount) == ("discount", "your_cards", kinds, n)


def test_a_discount_on_an_opponents_cards_is_not_read():
    assert read_static("Opposing Orcs cost 1 less to play.") is None


def test_a_discount_lowers_the_cost_of_the_kind_named_only():
    state = play_phase()
    shrine = from_text("Test Shrine", "creature", "Your Orcs cost 1 less to play.", attack=0,
                       defense=3)  # fmt: skip
    src = put(state, P1, shrine)
    orc, wolf = to_hand(state, P1, kin("Orc", cost=3)), to_hand(state, P1, kin("Wolf", cost=3))
    assert rules.cost_of(state, orc) == 2 and rules.cost_of(state, wolf) == 3
    assert src in state.cards


@pytest.mark.parametrize(
    "sentence, to, kinds",
    [
        ("Orcs you control must attack each turn if able.", "your_creatures", "Orc"),
        ("All unmarked Wolves in your army must attack during your combat phase.", "your_army",
         "Wolf"),
        ("I must attack if able.", "self", ""),
    ],
)  # fmt: skip
def test_must_attack_is_read_of_the_players_own_creatures(sentence, to, kinds):
    (e,) = read_static(sentence)
    assert (e.do, e.to, e.subtype) == ("compel", to, kinds)


def test_must_attack_is_not_read_of_an_opponents_creatures():
    assert read_static("Opposing creatures must attack.") is None


def test_a_creature_that_must_attack_is_made_to_and_the_others_are_not():
    state = attack_phase()
    brute = from_text("Test Brute", "creature", "I must attack if able.", attack=2, defense=2)
    cid, wolf = put(state, P1, brute), put(state, P1, WOLF)
    assert compelled(state, P1) == (cid,)
    assert wolf not in compelled(state, P1)


# -- an ability's name; a trigger said after what the card does ------------------------------


def test_an_abilitys_name_before_its_words_is_read_past():
    got = abilities("War Drums 2 - When I attack, all other attacking creatures get +2/+0.")
    assert got == [
        {
            "when": "attack",
            "effects": ({"do": "boost", "to": "attackers", "attack": 2, "having": "other"},),
        }
    ]


def test_an_abilitys_name_is_kept_with_words_no_part_reads():
    got = parse("Odd Rite - Sing a song of sixpence.", "creature", "Test", "red_banner")
    assert got.unenforced == "Odd Rite - Sing a song of sixpence."


@pytest.mark.parametrize(
    "text, when, condition",
    [
        ("I get +1/+1 when attacking.", "attack", ""),
        ("I get +0/+2 when blocking creatures without first strike.", "block",
         "vs_lacks:first_strike"),
        ("If I have attacked this turn, draw a card during your discard phase.", "discard",
         "attacked"),
        ("Put me in the graveyard in your discard phase.", "discard", ""),
    ],
)  # fmt: skip
def test_a_trigger_said_after_what_the_card_does_is_read(text, when, condition):
    (got,) = abilities(text)
    assert (got["when"], got.get("condition", "")) == (when, condition)


@pytest.mark.parametrize(
    "text",
    [
        "I get +1/+1 when attacking creatures without flying.",  # "without" asks of a blocker
        "If I have attacked this turn, deal 1 damage to target creature during your discard "
        "phase.",  # no one to choose the target then
    ],
)
def test_a_trigger_after_that_cannot_hold_is_left_to_the_players(text):
    assert parse(text, "creature", "Test", "red_banner").unenforced == text


def test_a_creature_that_attacked_is_buried_in_its_discard_phase_and_one_that_did_not_stays():
    text = "If I have attacked this turn, put me in the graveyard during your discard phase."
    sword = from_text("Test Sellsword", "creature", text, attack=2, defense=2)
    (a,) = sword.abilities
    assert (a.when, a.condition) == ("discard", "attacked")


# -- the creatures blocking the card ---------------------------------------------------------


def test_an_effect_on_the_creatures_blocking_a_creature_is_heard_when_it_is_blocked():
    (got,) = abilities("Each creature blocking me gets -2/-0 until end of turn.")
    assert got["when"] == "blocked"
    assert got["effects"] == ({"do": "boost", "to": "blockers", "attack": -2},)


# -- a muster, a second combat, a keyword lost -----------------------------------------------


def test_creatures_mustered_into_the_army_are_marked_for_moving_unless_the_text_says_not():
    marked = abilities("Move all unmarked Wolves from your cities into your army.", "magic")
    unmarked = abilities(
        "Move all unmarked Wolves from your cities into your army. They are not marked for moving.",
        "magic",
    )
    assert [e.get("marked") for e in marked[0]["effects"]] == [True]
    assert [e.get("marked") for e in unmarked[0]["effects"]] == [None]  # the default: False


@pytest.mark.parametrize("text_after", ["", " The Wolves are not marked for moving."])
def test_a_muster_moves_the_unmarked_creatures_of_its_kind_from_the_cities(text_after):
    state = play_phase()
    home = first_city(state, P1)
    wolf, orc = put(state, P1, WOLF, home), put(state, P1, ORC, home)
    tired = put(state, P1, WOLF, home, marked=True)
    call = from_text(
        "Test Howl",
        "magic",
        "Move all unmarked Wolves from your cities into your army." + text_after,
    )
    played(state, call)
    assert where(state, wolf) == rules.ARMY
    assert state.cards[wolf].turned == (not text_after)
    assert rules.home(state, orc) == home and rules.home(state, tired) == home


@pytest.mark.parametrize(
    "text",
    [
        "Have an additional combat phase this turn.",
        "After your combat phase, have another combat phase.",
        "Unmark all creatures in your army and have an extra combat phase.",
    ],
)
def test_a_further_combat_phase_is_read_in_other_words(text):
    (got,) = abilities(text, "event")
    assert [e["do"] for e in got["effects"]] == ["extra_combat"]


@pytest.mark.parametrize(
    "phrase, to, k",
    [
        ("target creature loses flying until end of turn", "target", "flying"),
        ("each creature you control loses peaceful this turn", "your_creatures", "peaceful"),
        ("all Wolves with peaceful can attack this turn as though they didn't have peaceful",
         "all_creatures", "peaceful"),
    ],
)  # fmt: skip
def test_a_keyword_lost_for_the_turn_is_read(phrase, to, k):
    got = read_phrase(phrase)
    assert got is not None, phrase
    assert [(e.do, e.to, e.keyword) for e in got.effects] == [("lose", to, k)]


def test_a_creature_that_loses_flying_can_be_blocked_by_one_without_it():
    state = play_phase()
    bird = put(state, P2, kin("Bird", keywords={"flying": 1}))
    clip = from_text("Test Clip", "event", "Target creature loses flying until end of turn.")
    played(state, clip, f"-> #{bird}")
    assert not rules.has(state, bird, "flying")


# -- a count of the cards in the same city or army -------------------------------------------


@pytest.mark.parametrize(
    "sentence, spec",
    [
        ("For each other Orc in the same city or army, I get +1/+0.", "other_here:orc"),
        ("I get +0/+1 for each Wolf card in my city.", "here:wolf"),
        ("For every other Red Banner card in the same city, I get +1/+1.", "other_here:red_banner"),
    ],
)
def test_a_count_of_the_cards_where_the_card_is_is_read_before_or_after(sentence, spec):
    (e,) = read_static(sentence)
    assert (e.do, e.to, e.count) == ("boost", "self", spec)


def test_a_count_of_the_other_cards_where_the_card_is_counts_only_those_there():
    state = play_phase()
    home = first_city(state, P1)
    chief = from_text(
        "Test Chief",
        "creature",
        "For each other Orc in the same city or army, I get +1/+0.",
        attack=1,
        defense=1,
    )
    cid = put(state, P1, chief, home)
    put(state, P1, ORC, home), put(state, P1, ORC, home), put(state, P1, ORC)
    assert rules.attack_of(state, cid) == 3  # two Orcs here, not the one in the army


# -- said in words ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence, kind, said",
    [
        ("Move all unmarked Wolves from your cities into your army.", "magic",
         "every unmarked Wolf in your cities moves into your army (marked for moving)"),
        ("Have another combat phase.", "event",
         "after this combat phase, your army unmarks and has a second combat phase"),
        ("Your Orcs cost 2 less to play.", "creature", "your Orc cards cost 2 less to play"),
        ("Orcs you control must attack.", "creature",
         "creatures you control (Orc only) must attack in each combat phase if able"),
        ("For each other Orc in the same city or army, I get +1/+0.", "creature",
         "this card gets +1/+0 for each other orc in the same city or army"),
        ("Each Elf or Orc creature gets +1/+1 until end of turn.", "event",
         "all creatures (Elf or Orc only) get +1/+1"),
    ],
)  # fmt: skip
def test_each_composed_reading_is_said_in_words(sentence, kind, said):
    (a,) = parse(sentence, kind, "Test", "red_banner").abilities
    assert [say_effect(e, static=a.when == "static") for e in a.effects] == [said]
