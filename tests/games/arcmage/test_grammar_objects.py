"""ARC-mage's card-text grammar, the parts about what an effect is done to and how a card
offers a choice: spells and Enchantments as targets ("counter target spell", "destroy
target enchantment"), a creature gaining a type, modal text ("Choose one: A; or B",
"Either A, or B", "... or vice versa"), what follows a choice, "That creature ...", and a
draw each player may decline. Each on sentences written for these tests, on no card, and
cards read from them played through the rules."""

from __future__ import annotations

import pytest

from tabletop.engine import apply, legal_actions, view
from tabletop.engine import parse as parse_action
from tabletop.games.arcmage import rules
from tabletop.games.arcmage.explain import say_ability
from tabletop.games.arcmage.reader import missing, parse, read_phrase
from tabletop.games.arcmage.reader.choices import read_choice

from .helpers import (
    GOBLIN,
    OGRE,
    P1,
    P2,
    at,
    do,
    first_city,
    hand,
    legal,
    passes,
    put,
    resources,
    start,
    to_hand,
)
from .test_grammar import from_text


def _play(text: str, kind: str = "event") -> list[tuple]:
    """The abilities a text reads into, as (when, target, subtype, [(do, to, keyword)])."""
    got = parse(text, kind, "Test", "red_banner")
    assert got.unenforced == "", got.unenforced
    return [
        (a.when, a.target, a.subtype, [(e.do, e.to, e.keyword) for e in a.effects])
        for a in got.abilities
    ]


# -- spells as targets ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "kinds"),
    [
        ("Counter target spell.", ""),
        ("Counter target card.", ""),
        ("Counter target event.", "event"),
        ("Counter target magic card.", "magic"),
        ("Counter target creature spell.", "creature"),
        ("Counter target Dark Legion event card.", "dark_legion event"),
    ],
)
def test_counter_target_spell_is_read_with_the_kinds_of_spell_it_may_counter(sentence, kinds):
    assert _play(sentence) == [("play", "spell", kinds, [("cancel", "target", "")])]


def test_a_counter_of_a_kind_no_spell_can_be_is_not_read():
    assert read_phrase("counter target city") is None
    assert read_phrase("counter target flying") is None


def _burn_and_counter(counter_text: str):
    """P1 plays an Event that deals 3 damage to P2's Ogre; P2 holds a counter read from
    ``counter_text``. The state, the Ogre, P1's Event and P2's counter."""
    state = at(start(), "play1")
    ogre = put(state, P2, OGRE)
    burn = to_hand(state, P1, from_text("Test Burn", "event", "Deal 3 damage to target creature."))
    counter = to_hand(state, P2, from_text("Test Denial", "event", counter_text))
    apply(state, parse_action(state, f"P1: play #{burn} -> #{ogre}"))
    return state, ogre, burn, counter


def test_a_countered_spell_goes_to_its_owners_graveyard_without_resolving():
    state, ogre, burn, counter = _burn_and_counter("Counter target spell.")
    assert state.top_prompt.name == "respond" and state.top_prompt.seat == P2
    do(state, f"P2: play #{counter} -> #{burn}")
    passes(state)
    assert state.cards[burn].zone == (P1, rules.GRAVE)
    assert state.cards[counter].zone == (P2, rules.GRAVE)
    assert state.cards[ogre].damage == 0  # the burn never resolved
    assert rules.data(state).stack == []


def test_the_log_says_a_spell_was_countered_and_by_what():
    state, _, burn, counter = _burn_and_counter("Counter target spell.")
    events = do(state, f"P2: play #{counter} -> #{burn}") + passes(state)
    said = [e.text_for(P1) for e in events if e.shown_to(P1)]
    assert any(t.startswith("Test Burn is countered (Test Denial") for t in said), said


def test_a_counter_of_one_kind_cannot_target_a_spell_of_another():
    state, _, burn, counter = _burn_and_counter("Counter target creature spell.")
    assert not legal(state, f"P2: play #{counter} -> #{burn}")
    assert not [
        a for a in legal_actions(state, verify=True) if a.kind == "play" and counter in a.cards
    ]


def test_a_spell_that_has_resolved_can_no_longer_be_countered():
    state, ogre, burn, counter = _burn_and_counter("Counter target spell.")
    passes(state)  # the burn resolves
    assert state.cards[ogre].damage == 3
    assert not legal(state, f"P2: play #{counter} -> #{burn}")


# -- Enchantments as targets -----------------------------------------------------------------


def _enchanted():
    state = at(start(), "play1")
    goblin = put(state, P2, GOBLIN)
    aura = from_text(
        "Test Aura", "enchantment", "Enchant target creature. Enchanted creature gets +1/+1."
    )
    on = put(state, P2, aura)
    state.cards[on].attached_to = goblin
    return state, goblin, on


@pytest.mark.parametrize(
    ("sentence", "zone"),
    [
        ("Destroy target enchantment.", rules.GRAVE),
        ("Return target enchantment to its owner's hand.", rules.HAND),
    ],
)
def test_an_enchantment_is_a_target_destroyed_or_returned_to_its_owners_hand(sentence, zone):
    state, goblin, on = _enchanted()
    assert rules.stats(state, goblin) == (3, 3)
    card = to_hand(state, P1, from_text("Test Erase", "event", sentence))
    assert not legal(state, f"P1: play #{card} -> #{goblin}")  # a creature is no enchantment
    do(state, f"P1: play #{card} -> #{on}")
    passes(state)
    assert state.cards[on].zone == (P2, zone)
    assert rules.stats(state, goblin) == (2, 2)


# -- a type gained ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Target creature gains the type Zombie.",
        'Target creature has the "Zombie" type next to its other types.',
        "Target creature becomes a Zombie in addition to its other types.",
        "Target creature gains the creature type Zombies.",
    ],
)
def test_a_creature_gaining_a_type_is_read_however_it_is_written(sentence):
    assert _play(sentence) == [("play", "creature", "", [("add_type", "target", "Zombie")])]


@pytest.mark.parametrize("word", ["flying", "creature", "gaian", "other"])
def test_a_type_that_is_a_keyword_a_card_type_or_a_faction_is_not_read_as_one(word):
    assert read_phrase(f"target creature gains the type {word}") is None


def test_a_creature_gaining_a_type_is_of_that_type_until_it_leaves_play():
    state = at(start(), "play1")
    goblin = put(state, P2, GOBLIN)
    rite = to_hand(
        state, P1, from_text("Test Rite", "event", "Target creature gains the type Zombie.")
    )
    put(state, P1, from_text("Test Lord", "creature", "Zombies get +1/+0.", attack=1, defense=1))
    assert rules.stats(state, goblin) == (2, 2)
    do(state, f"P1: play #{rite} -> #{goblin}")
    passes(state)
    assert rules.is_type(state.cards[goblin].card, "Zombie")
    assert rules.stats(state, goblin) == (3, 2)  # the Lord's passive reaches it now
    bounce = to_hand(
        state, P1, from_text("Test Recall", "event", "Return target creature to its owner's hand.")
    )
    do(state, f"P1: play #{bounce} -> #{goblin}")
    passes(state)
    assert state.cards[goblin].zone == (P2, rules.HAND)
    assert not rules.is_type(state.cards[goblin].card, "Zombie")


# -- modal text ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Choose one: deal 2 damage to target creature; or draw two cards.",
        "Choose one - Deal 2 damage to target creature, or draw two cards.",
        "Choose one of the following: deal two damage to target creature; draw 2 cards.",
        "Either deal 2 damage to target creature, or draw two cards.",
        "Deal 2 damage to target creature or draw two cards.",
    ],
)
def test_a_choice_is_read_however_the_card_writes_it(sentence):
    assert _play(sentence) == [
        ("play", "creature", "", [("damage", "target", "")]),
        ("play", "none", "", [("draw", "self", "")]),
    ]


def test_a_choice_of_three_is_three_ways_to_play_the_card():
    got = _play(
        "Choose one: draw a card; or deal 1 damage to target creature; or mark target creature."
    )
    assert [a[3][0][0] for a in got] == ["draw", "damage", "mark"]


def test_a_choice_one_of_whose_parts_the_grammar_cannot_read_is_not_read():
    assert read_choice("either deal 2 damage to target creature, or juggle") is None
    assert parse("Either draw a card, or juggle.", "event", "T", "").unenforced != ""


def test_an_or_inside_a_target_is_not_where_a_choice_splits():
    assert read_choice("deal 2 damage to target creature or city") is None
    assert _play("Deal 2 damage to target creature or city.") == [
        ("play", "creature_or_city", "", [("damage", "target", "")])
    ]


def test_vice_versa_is_the_first_choice_with_the_target_and_the_card_swapped():
    text = (
        "M, either target creature gets -2/-0 until end of turn and I get +2/+0 until end of "
        "turn, or vice versa."
    )
    got = parse(text, "creature", "Test Trickster", "red_banner")
    assert got.unenforced == ""
    first, second = got.abilities
    assert [(e.to, e.attack) for e in first.effects] == [("target", -2), ("self", 2)]
    assert [(e.to, e.attack) for e in second.effects] == [("self", -2), ("target", 2)]
    assert first.when == second.when == "mark" and first.target == second.target == "creature"


def test_vice_versa_needs_a_target_and_the_card_to_swap():
    assert read_choice("draw a card, or vice versa") is None


def test_a_creature_with_a_choice_of_abilities_uses_the_one_its_player_picks():
    state = at(start(), "play1")
    text = (
        "M, either target creature gets -1/-1 until end of turn and I get +1/+1 until end of "
        "turn, or vice versa."
    )
    trickster = put(state, P1, from_text("Test Trickster", "creature", text, attack=2, defense=2))
    ogre = put(state, P2, OGRE)
    uses = [
        a for a in legal_actions(state, verify=True) if a.kind == "use" and a.targets == (ogre,)
    ]
    second = next(a for a in uses if "2" in a.words)
    apply(state, second)
    passes(state)
    assert rules.stats(state, trickster) == (1, 1)
    assert rules.stats(state, ogre) == (5, 6)


def test_what_follows_a_choice_happens_whichever_is_chosen():
    got = _play("Destroy target enchantment or deal 2 damage to target creature. You draw a card.")
    assert got == [
        ("play", "enchantment", "", [("destroy", "target", ""), ("draw", "self", "")]),
        ("play", "creature", "", [("damage", "target", ""), ("draw", "self", "")]),
    ]


def test_a_choice_is_said_back_as_one_ability_for_each_way():
    got = parse("Either draw two cards, or counter target event.", "event", "T", "")
    said = [say_ability(dict(a)) for a in got.abilities]
    assert "draw 2 cards" in said[0]
    assert "target spell (event)" in said[1] and "counter the target" in said[1]


# -- "That creature ..." ---------------------------------------------------------------------


def test_that_creature_is_the_target_of_the_sentence_before():
    got = _play("Target creature gets +2/+0 until end of turn. That creature gains the type Giant.")
    assert got == [
        ("play", "creature", "", [("boost", "target", ""), ("add_type", "target", "Giant")])
    ]


def test_that_creature_with_nothing_targeted_before_is_not_read():
    assert parse("That creature gains the type Giant.", "event", "T", "").unenforced != ""
    assert parse(
        "Draw a card. That creature gets +1/+1 until end of turn.", "event", "T", ""
    ).unenforced


# -- a draw each player may decline ----------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "who"),
    [
        ("Each opponent may draw a card.", "each_opponent"),
        ("Each player may draw two cards.", "each_player"),
        ("Target player may draw a card.", "target"),
    ],
)
def test_a_draw_a_player_may_decline_is_read_as_offered(sentence, who):
    (ability,) = parse(sentence, "event", "T", "").abilities
    (effect,) = ability.effects
    assert (effect.do, effect.to, effect.may) == ("draw", who, True)


def _offer(state):
    gift = to_hand(state, P1, from_text("Test Gift", "event", "Each opponent may draw two cards."))
    do(state, f"P1: play #{gift}")
    while state.top_prompt.name == "respond":
        do(state, f"P{state.top_prompt.seat + 1}: pass")
    return gift


def test_each_opponent_is_offered_the_draw_and_may_take_it():
    state = at(start(), "play1")
    before, mine = len(hand(state, P2)), len(hand(state, P1))
    _offer(state)
    assert (state.top_prompt.name, state.top_prompt.seat) == ("offer", P2)
    do(state, "P2: accept")
    assert len(hand(state, P2)) == before + 2
    assert len(hand(state, P1)) == mine  # the player of the card is not offered it
    assert state.top_prompt is None or state.top_prompt.name != "offer"


def test_the_table_offers_the_draw_as_a_button_saying_what_and_from_which_card():
    state = at(start(), "play1")
    before = len(hand(state, P2))
    _offer(state)
    buttons = state.game.table().buttons(view(state, P2), P2)
    (take,) = [b for b in buttons if b.action is not None and b.action.kind == "accept"]
    assert take.label == "Draw 2 cards (Test Gift)"
    assert state.game.table().buttons(view(state, P1), P1) == []  # not offered to its player
    apply(state, take.action)
    assert len(hand(state, P2)) == before + 2


def test_an_offered_draw_may_be_declined():
    state = at(start(), "play1")
    before = len(hand(state, P2))
    _offer(state)
    do(state, "P2: pass")
    assert len(hand(state, P2)) == before
    assert state.top_prompt is None or state.top_prompt.name != "offer"


def test_accept_is_refused_when_nothing_is_offered():
    state = at(start(), "play1")
    assert not legal(state, "P1: accept")


# -- players as subjects and objects ----------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "effect"),
    [
        ("Target player sacrifices a creature.", ("sacrifice_card", "target", 1, "")),
        ("Each opponent sacrifices two Goblins.", ("sacrifice_card", "each_opponent", 2, "goblin")),
        (
            "Each player sacrifices an Orc creature.",
            ("sacrifice_card", "each_player", 1, "orc creature"),
        ),
        ("Each opponent sacrifices a resource card.", ("sacrifice", "each_opponent", 1, "")),
        ("Sacrifice two resource cards.", ("sacrifice", "self", 2, "")),
        ("Target opponent sacrifices three resource cards.", ("sacrifice", "target", 3, "")),
        ("Target player loses 2 defense points on a city.", ("damage", "target", 2, "")),
        (
            "Each opponent loses one defense point on one of his cities.",
            ("damage", "each_opponent", 1, ""),
        ),
        (
            "Target player puts the top three cards of his deck into his graveyard.",
            ("mill", "target", 3, ""),
        ),
        (
            "Target opponent reveals two cards at random from her hand.",
            ("reveal_random", "target", 2, ""),
        ),
    ],
)
def test_a_player_is_the_subject_of_what_they_do_and_lose(sentence, effect):
    (ability,) = parse(sentence, "event", "T", "").abilities
    (e,) = ability.effects
    assert (e.do, e.to, e.amount, e.subtype) == effect


def test_you_lose_defense_points_only_on_a_city_you_name():
    assert read_phrase("you lose 2 defense points on a city") is None
    assert read_phrase("target creature loses 2 defense points") is None


def test_each_opponent_sacrifices_a_creature_of_their_choice():
    state = at(start(), "play1")
    a, b = put(state, P2, GOBLIN), put(state, P2, OGRE)
    mine = put(state, P1, GOBLIN)
    cull = to_hand(
        state, P1, from_text("Test Cull", "event", "Each opponent sacrifices a creature.")
    )
    do(state, f"P1: play #{cull}")
    while state.top_prompt.name == "respond":
        do(state, f"P{state.top_prompt.seat + 1}: pass")
    assert (state.top_prompt.name, state.top_prompt.seat) == ("owe", P2)  # two to choose from
    do(state, f"P2: sacrifice #{b}")
    assert rules.in_play(state, a) and not rules.in_play(state, b)
    assert rules.in_play(state, mine)  # the card's player sacrifices nothing


def test_each_opponent_sacrifices_a_resource_card():
    state = at(start(), "play1")
    resources(state, P2, "gaian", 2)
    toll = to_hand(
        state, P1, from_text("Test Toll", "event", "Each opponent sacrifices a resource card.")
    )
    before, mine = rules.resource_count(state, P2), rules.resource_count(state, P1)
    do(state, f"P1: play #{toll}")
    passes(state)
    assert rules.resource_count(state, P2) == before - 1
    assert rules.resource_count(state, P1) == mine


def test_a_player_who_loses_defense_points_loses_them_in_a_city_of_their_choice():
    state = at(start(), "play1")
    city = first_city(state, P2)
    before = rules.strength(state, city)
    quake = to_hand(
        state,
        P1,
        from_text("Test Quake", "event", "Target player loses 2 defense points on a city."),
    )
    do(state, f"P1: play #{quake} player=2")
    passes(state)
    assert rules.strength(state, city) == before - 2


# -- graveyards searched, tokens put where the sentence says ------------------------------------


@pytest.mark.parametrize(
    ("sentence", "into"),
    [
        ("Search your graveyard for a creature card and put it into your hand.", "hand"),
        ("You may search your graveyard for an Orc and put it into your army.", "army"),
        ("Search your graveyard for a Gaian card and return it into your hand.", "hand"),
    ],
)
def test_a_graveyard_is_searched_as_a_deck_is_without_a_shuffle(sentence, into):
    (ability,) = parse(sentence, "event", "T", "").abilities
    assert ability.target == "grave_card"
    assert [(e.do, e.into) for e in ability.effects] == [("put", into)]


def test_a_graveyard_is_never_shuffled():
    text = "Search your graveyard for a creature card and put it into your hand. Shuffle your deck."
    assert parse(text, "event", "T", "").unenforced != ""


def test_a_card_searched_out_of_the_graveyard_comes_to_the_hand_in_sight_of_all():
    state = at(start(), "play1")
    dead = put(state, P1, GOBLIN, rules.GRAVE)
    put(state, P1, OGRE, rules.GRAVE)
    dig = to_hand(
        state,
        P1,
        from_text(
            "Test Dig",
            "event",
            "Search your graveyard for a creature card and put it into your hand.",
        ),
    )
    do(state, f"P1: play #{dig}")
    while state.top_prompt.name == "respond":
        do(state, f"P{state.top_prompt.seat + 1}: pass")
    events = do(state, f"P1: target #{dig} -> #{dead}")
    assert state.cards[dead].zone == (P1, rules.HAND)
    assert any("Test Goblin" in e.text_for(P2) for e in events if e.shown_to(P2))


@pytest.mark.parametrize(
    ("sentence", "target"),
    [
        ("Put a 1/1 Soldier token into play in target city you control.", "own_city"),
        ("Put two 1/1 Soldier tokens into target city you control.", "own_city"),
        ("Put a 1/1 Soldier token into target city you control or your army.", "own_city_or_army"),
        ("Put two 1/1 Soldier tokens into play under your control.", "none"),
    ],
)
def test_tokens_go_where_the_sentence_puts_them(sentence, target):
    (ability,) = parse(sentence, "event", "T", "").abilities
    assert ability.target == target
    assert ability.effects[0].do == "token"


def test_tokens_put_into_target_city_you_control_live_there():
    state = at(start(), "play1")
    city = first_city(state, P1)
    text = "Put two 1/1 Soldier tokens into target city you control."
    muster = to_hand(state, P1, from_text("Test Muster", "event", text))
    (soldier,) = parse(text, "event", "Test Muster", "red_banner").tokens
    for _ in range(2):  # the deck's tokens, set aside
        state.create(soldier, P1, (P1, rules.TOKENS))
    assert not legal(state, f"P1: play #{muster} -> #{first_city(state, P2)}")
    before = len(state.zones[state.cards[city].zone])
    do(state, f"P1: play #{muster} -> #{city}")
    passes(state)
    assert len(state.zones[state.cards[city].zone]) == before + 2


# -- more targets for X more ----------------------------------------------------------------

_MORE = "You may pay an additional x resources to mark x additional creatures."


@pytest.mark.parametrize(
    "text",
    [
        "Mark target creature. " + _MORE,
        "Unmark target creature. You may pay x more resources to unmark x other creatures.",
        "Destroy target enchantment. You may pay an extra x resources to destroy x more "
        "enchantments.",
    ],
)
def test_x_more_paid_for_x_more_targets_is_read_onto_the_card_before(text):
    (ability,) = parse(text, "magic", "T", "").abilities
    assert ability.more_per_x and ability.targets == 1


def test_x_more_targets_of_another_kind_or_verb_than_the_first_is_not_read():
    text = "Mark target creature. " + _MORE.replace("to mark", "to unmark")
    assert parse(text, "magic", "T", "").unenforced != ""
    text = "Draw a card. " + _MORE
    assert parse(text, "magic", "T", "").unenforced != ""


def _seize(state):
    text = "Mark target creature. " + _MORE
    return to_hand(state, P1, from_text("Test Seize", "magic", text, cost=1))


def test_each_x_paid_marks_one_more_creature_and_costs_one_more():
    state = at(start(), "play1")
    foes = [put(state, P2, GOBLIN) for _ in range(3)]
    resources(state, P1, "red_banner", 3)
    seize = _seize(state)
    assert not legal(state, f"P1: play #{seize} -> #{foes[0]}, #{foes[1]}")  # one, unless X=1
    assert not legal(state, f"P1: play #{seize} -> #{foes[0]} x=1")  # X=1: two targets
    assert not legal(state, f"P1: play #{seize} -> #{foes[0]}, #{foes[1]}, #{foes[2]} x=3")
    do(state, f"P1: play #{seize} -> #{foes[0]}, #{foes[1]} x=1")
    passes(state)
    assert [state.cards[f].turned for f in foes] == [True, True, False]
    assert rules.available(state, P1) == {"red_banner": 1}  # 1 + X=1 paid of 3


def test_without_x_the_card_marks_one_creature_at_its_cost():
    state = at(start(), "play1")
    foes = [put(state, P2, GOBLIN) for _ in range(2)]
    resources(state, P1, "red_banner", 1)
    seize = _seize(state)
    plays = [a for a in legal_actions(state, verify=True) if a.kind == "play" and seize in a.cards]
    assert plays and all(len(a.targets) == 1 and not a.words for a in plays)  # X=1 unaffordable
    do(state, f"P1: play #{seize} -> #{foes[1]}")
    passes(state)
    assert [state.cards[f].turned for f in foes] == [False, True]


def test_carpe_diem_marks_a_creature_and_one_more_for_each_x(real):
    carpe = real["Carpe Diem"]
    assert carpe.unenforced == "" and carpe.abilities[0].more_per_x


# -- a stat change no sentence gives a duration ---------------------------------------------


@pytest.mark.parametrize(
    "sentence", ["Target creature gets -1/-1.", "Target creature gets -1/-1 until end of turn."]
)
def test_a_stat_change_with_no_duration_lasts_until_end_of_turn(sentence):
    (ability,) = parse(sentence, "event", "T", "").abilities
    (e,) = ability.effects
    assert (e.do, e.attack, e.defense, e.lasting) == ("boost", -1, -1, False)


# -- the extract's cards -----------------------------------------------------------------------


def test_erode_counters_a_spell_or_destroys_an_enchantment_and_offers_each_opponent_a_card(real):
    erode = real["Erode"]
    assert erode.unenforced == ""
    erode = erode.model_copy(update={"cost": 0})  # (its cost is not what this test is about)
    state, ogre, burn, _ = _burn_and_counter("Counter target spell.")
    answer = to_hand(state, P2, erode)
    do(state, f"P2: play #{answer} -> #{burn} mode=1")
    while state.top_prompt is not None and state.top_prompt.name == "respond":
        do(state, f"P{state.top_prompt.seat + 1}: pass")
    assert state.cards[burn].zone == (P1, rules.GRAVE) and state.cards[ogre].damage == 0
    assert (state.top_prompt.name, state.top_prompt.seat) == ("offer", P1)  # P2's opponent
    drawn = len(hand(state, P1))
    do(state, "P1: accept")
    assert len(hand(state, P1)) == drawn + 1


def test_forgiving_vampire_pays_a_citys_defense_to_drain_a_creature_or_the_other_way(real):
    vampire = real["Forgiving Vampire"]
    assert vampire.unenforced == ""
    state = at(start(), "play1")
    me = put(state, P1, vampire)  # 2/2
    ogre = put(state, P2, OGRE)  # 4/5
    city = first_city(state, P1)
    before = rules.strength(state, city)
    uses = [
        a for a in legal_actions(state, verify=True) if a.kind == "use" and a.targets == (ogre,)
    ]
    drain = next(a for a in uses if "1" in a.words)
    apply(state, drain)
    passes(state)
    assert rules.stats(state, ogre) == (3, 4) and rules.stats(state, me) == (3, 3)
    assert rules.strength(state, city) == before - 1
    uses = [
        a for a in legal_actions(state, verify=True) if a.kind == "use" and a.targets == (ogre,)
    ]
    give = next(a for a in uses if "2" in a.words)
    apply(state, give)
    passes(state)
    assert rules.stats(state, ogre) == (4, 5) and rules.stats(state, me) == (2, 2)
    assert rules.strength(state, city) == before - 2


@pytest.mark.parametrize(
    ("sentence", "lacks"),
    [
        ('Target creature gains: "M, draw a card."', "an ability given in quotes"),
        (
            "Whenever a Goblin you control would die, you may return it to your hand instead.",
            "a replacement",
        ),
        ("Put target creature from any graveyard into your army.", "another player's graveyard"),
        ("While I am in your graveyard, Goblins you control get +1/+0.", "in the graveyard"),
        ("Opponents can only have three cards in hand.", "a limit on what players"),
    ],
)
def test_coverage_names_what_the_engine_lacks_for_a_sentence_alone(sentence, lacks):
    assert parse(sentence, "event", "T", "").unenforced != ""
    (said,) = missing(sentence)
    assert lacks in said


# -- what follows "and" is said of the same creature -----------------------------------------


@pytest.mark.parametrize(
    ("phrase", "effects"),
    [
        (
            "target creature is peaceful and can not attack this turn",
            [("grant", "peaceful"), ("forbid", "attack")],
        ),
        (
            "target creature gets +2/+0 until end of turn and can't block this turn",
            [("boost", ""), ("forbid", "block")],
        ),
        ("target opposing creature is deadly and gains flying until end of turn", None),
        (
            "target opposing creature becomes deadly and doesn't unmark during its controller's "
            "next unmark phase",
            [("grant", "deadly"), ("freeze", "")],
        ),
    ],
)
def test_what_follows_and_without_a_subject_is_said_of_the_same_creature(phrase, effects):
    got = read_phrase(phrase)
    if effects is None:  # "gains flying" has its own subject missing too: read as one
        assert got is not None and all(e.to == "target" for e in got.effects)
        return
    assert got is not None and [(e.do, e.keyword) for e in got.effects] == effects
    assert all(e.to == "target" for e in got.effects)


def test_a_keyword_a_creature_is_for_the_turn_is_read_only_for_a_keyword():
    assert read_phrase("target creature is tall") is None
    (e,) = read_phrase("target creature is peaceful").effects
    assert (e.do, e.keyword) == ("grant", "peaceful")


def test_a_choice_standing_alone_on_a_creature_is_not_read_as_ways_to_play_it():
    # a creature's modes would all happen as it comes into play: left to the players
    assert parse(
        "Choose one: draw a card; or deal 1 damage to target creature.", "creature", "T", ""
    ).unenforced
