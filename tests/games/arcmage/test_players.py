"""A player as a card's target or object: "deal 2 damage to target player", "each opponent
discards a card", "target player discards a card or sacrifices a resource card". The
player chooses how they pay (ruling 46): the city that takes the damage, the cards they
discard, a resource card sacrificed instead. The sentences here are on no real card."""

from __future__ import annotations

import pytest

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.reader import parse, read_phrase

from .helpers import (
    GOBLIN,
    P1,
    P2,
    P3,
    at,
    attack,
    attack_phase,
    city,
    creature,
    declines,
    do,
    first_city,
    hand,
    legal,
    options,
    play_phase,
    put,
    resources,
    start_seats,
    strength,
    to_hand,
)
from .test_grammar import from_text

BOLT = from_text("Test Bolt", "event", "Deal 3 damage to target player.")
SPARK = from_text("Test Spark", "event", "Deal two damage to target creature or player.")
TAUNT = from_text("Test Taunt", "event", "Deal 1 damage to target opponent.")
QUAKE = from_text("Test Quake", "event", "Deal 2 damage to each opponent.")
PURGE = from_text("Test Purge", "event", "Target opponent discards two cards.")
TOLL = from_text(
    "Test Toll", "event", "Target player discards one card or sacrifices a resource card."
)
FAMINE = from_text("Test Famine", "event", "Each player discards a card.")


def played(state, event, words: str = "", seat: int = P1) -> int:
    """``seat`` plays ``event`` (with ``words``: its target, its X); answers are declined.
    The card's id."""
    card = to_hand(state, seat, event)
    do(state, f"P{seat + 1}: play #{card} {words}".rstrip())
    declines(state)
    return card


def owe_prompt(state):
    prompt = state.top_prompt
    return (prompt.seat, prompt.name) if prompt is not None else None


# -- the grammar ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "phrase, target, effect",
    [
        ("deal 4 damage to target player", "player", ("damage", "target", 4, False)),
        ("deal one damage to target opponent", "opponent", ("damage", "target", 1, False)),
        (
            "deal 2 damage to target player or creature",
            "creature_or_player",
            ("damage", "target", 2, False),
        ),
        ("deal 1 damage to target creature, city or player", "any", ("damage", "target", 1, False)),
        ("deal three damage to all opponents", "", ("damage", "each_opponent", 3, False)),
        ("target opponent discards three cards", "opponent", ("discard", "target", 3, False)),
        ("every player discards a card", "", ("discard", "each_player", 1, False)),
        ("discard two cards", "", ("discard", "self", 2, False)),
        (
            "each opponent discards a card or sacrifices a resource card",
            "",
            ("discard", "each_opponent", 1, True),
        ),
        (
            "target opponent discards two cards, or sacrifices two resource cards, or "
            "discards a card and sacrifices a resource card",
            "opponent",
            ("discard", "target", 2, True),
        ),
        ("target opponent must draw two cards", "opponent", ("draw", "target", 2, False)),
        (
            "each opponent puts the top two cards of their deck into their graveyard",
            "",
            ("mill", "each_opponent", 2, False),
        ),
    ],
)
def test_a_player_as_target_or_object_is_read_from_the_words(phrase, target, effect):
    got = read_phrase(phrase)
    assert got is not None
    e = got.effects[0]
    assert got.target == target
    assert (e.do, e.to, e.amount, e.or_sacrifice) == effect


@pytest.mark.parametrize(
    "phrase",
    [
        "destroy target player",  # nothing a player can be
        "target player gets +1/+1 until end of turn",
        "return each opponent to its owner's hand",
        "target player discards two cards or sacrifices two resource cards",  # no mix
        "target player discards a card or draws a card",
    ],
)
def test_what_cannot_be_done_to_a_player_is_not_read(phrase):
    assert read_phrase(phrase) is None


def test_x_less_a_number_is_read_as_an_amount_of_x():
    got = read_phrase("deal X - 1 damage to target creature")
    assert (got.effects[0].per, got.effects[0].minus) == ("x", 1)
    assert read_phrase("deal X+1 damage to target creature") is None


def test_two_sentences_each_with_a_target_are_one_ability_with_two_targets():
    got = parse("Deal 1 damage to target creature. Target opponent discards a card.", "event", "T")
    assert got.unenforced == ""
    (a,) = got.abilities
    assert (a.target, a.target2) == ("creature", "opponent")
    assert [e.to for e in a.effects] == ["target", "target2"]


def test_two_player_targets_are_named_in_the_order_of_the_text():
    card = from_text(
        "Test Swap", "event", "Target player discards a card. Target opponent draws a card."
    )
    (a,) = card.abilities
    assert (a.target, a.target2) == ("player", "opponent")
    state = play_phase()
    mine = to_hand(state, P1, GOBLIN)
    theirs = len(hand(state, P2))
    swap = to_hand(state, P1, card)
    assert not legal(state, f"P1: play #{swap} player=2 player=1")  # P1 is no opponent
    do(state, f"P1: play #{swap} player=1 player=2")
    declines(state)
    assert state.cards[mine].zone == (P1, rules.GRAVE)
    assert len(hand(state, P2)) == theirs + 1


def test_two_targets_each_a_card_or_a_player_are_left_to_the_players():
    """The players said could not be handed to the two: never a choice of one."""
    got = parse(
        "Deal 1 damage to target creature or player. Deal 2 damage to target creature or player.",
        "event",
        "T",
    )
    assert got.unenforced != ""
    assert [a for a in got.abilities if a.when == "play"] == []


# -- damage to a player -----------------------------------------------------------------------


def test_damage_to_a_target_player_is_taken_in_the_city_that_player_chooses():
    state = play_phase()
    mine, second = first_city(state, P2), city(state, P2, "Briarmoor")
    played(state, BOLT, "player=2")
    assert owe_prompt(state) == (P2, "owe")
    assert not legal(state, f"P1: suffer #{second}")  # not the attacker's to choose
    assert not legal(state, f"P2: suffer #{first_city(state, P1)}")  # a city of theirs
    before = strength(state, mine)
    do(state, f"P2: suffer #{second}")
    assert state.cards[second].damage == 3 and strength(state, mine) == before
    assert not state.prompts


def test_a_player_with_one_city_takes_the_damage_there_unasked():
    state = play_phase()
    only = first_city(state, P2)
    played(state, BOLT, "player=2")
    assert state.cards[only].damage == 3 and not state.prompts


def test_a_card_that_targets_a_creature_or_player_may_be_aimed_at_either():
    state = play_phase()
    goblin = put(state, P2, GOBLIN)
    card = to_hand(state, P1, SPARK)
    assert legal(state, f"P1: play #{card} -> #{goblin}")
    assert legal(state, f"P1: play #{card} player=2")
    assert not legal(state, f"P1: play #{card} -> #{first_city(state, P2)}")  # a city: no
    bolt = to_hand(state, P1, BOLT)
    assert not legal(state, f"P1: play #{bolt} -> #{goblin}")
    assert not legal(state, f"P1: play #{bolt} player=3")  # no third seat
    do(state, f"P1: play #{card} player=2")
    declines(state)
    assert state.cards[first_city(state, P2)].damage == 2
    assert state.cards[goblin].damage == 0


def test_target_opponent_is_never_the_player_who_plays_it():
    state = play_phase()
    card = to_hand(state, P1, TAUNT)
    assert not legal(state, f"P1: play #{card} player=1")
    assert legal(state, f"P1: play #{card} player=2")


def test_damage_to_each_opponent_asks_each_in_turn_order():
    state = at(start_seats(3), "play1")
    for seat in (P2, P3):
        city(state, seat, "Briarmoor" if seat == P3 else "Cinderhold")
    played(state, QUAKE)
    assert owe_prompt(state) == (P2, "owe")
    do(state, f"P2: suffer #{rules.cities(state, P2)[1]}")
    assert owe_prompt(state) == (P3, "owe")
    do(state, f"P3: suffer #{rules.cities(state, P3)[0]}")
    assert state.cards[rules.cities(state, P2)[1]].damage == 2
    assert state.cards[rules.cities(state, P3)[0]].damage == 2
    assert all(state.cards[c].damage == 0 for c in rules.cities(state, P1))


# -- discarding and sacrificing ----------------------------------------------------------------


def test_target_player_discards_the_cards_of_their_choice():
    state = play_phase()
    kept, first, second = (to_hand(state, P2, GOBLIN) for _ in range(3))
    played(state, PURGE, "player=2")
    assert owe_prompt(state) == (P2, "owe")
    assert not legal(state, f"P1: discard #{first}")
    do(state, f"P2: discard #{first}")
    assert owe_prompt(state) == (P2, "owe")  # one more to go
    do(state, f"P2: discard #{second}")
    assert hand(state, P2) == [kept] and not state.prompts
    assert {state.cards[c].zone for c in (first, second)} == {(P2, rules.GRAVE)}


def test_a_player_who_holds_no_more_cards_than_they_must_discard_discards_them_unasked():
    state = play_phase()
    only = to_hand(state, P2, GOBLIN)
    played(state, PURGE, "player=2")
    assert state.cards[only].zone == (P2, rules.GRAVE) and not state.prompts


def test_a_resource_card_may_be_sacrificed_instead_of_a_discard_when_the_card_says_so():
    state = play_phase()
    card = to_hand(state, P2, GOBLIN)
    pile = resources(state, P2, "gaian", 2)
    played(state, TOLL, "player=2")
    assert {a.kind for a in options(state, "sacrifice")} == {"sacrifice"}
    do(state, "P2: sacrifice gaian")
    assert state.cards[card].zone == (P2, rules.HAND)
    assert sum(state.cards[c].zone == (P2, rules.REMOVED) for c in pile) == 1
    assert not state.prompts


def test_a_resource_card_is_not_sacrificed_instead_of_a_plain_discard():
    state = play_phase()
    for _ in range(3):
        to_hand(state, P2, GOBLIN)
    resources(state, P2, "gaian", 2)
    played(state, PURGE, "player=2")
    assert owe_prompt(state) == (P2, "owe")
    assert options(state, "sacrifice") == []
    assert not legal(state, "P2: sacrifice gaian")


def test_each_player_discards_the_player_who_played_it_first():
    state = play_phase()
    for seat in (P1, P2):
        to_hand(state, seat, GOBLIN)
        to_hand(state, seat, GOBLIN)
    played(state, FAMINE)
    assert owe_prompt(state) == (P1, "owe")
    do(state, f"P1: discard #{hand(state, P1)[0]}")
    assert owe_prompt(state) == (P2, "owe")
    do(state, f"P2: discard #{hand(state, P2)[0]}")
    assert len(hand(state, P1)) == len(hand(state, P2)) == 1


def test_a_player_with_nothing_to_give_up_is_not_asked():
    state = play_phase()
    played(state, TOLL, "player=2")
    assert not state.prompts


# -- X less a number --------------------------------------------------------------------------


def test_x_less_a_number_deals_that_much_and_nothing_below_zero():
    scorch = from_text("Test Scorch", "magic", "Deal X - 1 damage to target creature.")
    scorch = scorch.model_copy(update={"cost_x": True})
    state = play_phase()
    resources(state, P1, "red_banner", 8)
    big, small = put(state, P2, GOBLIN), put(state, P2, GOBLIN)
    played(state, scorch, f"-> #{big} x=2")
    assert state.cards[big].damage == 1
    played(state, scorch, f"-> #{small} x=1")
    assert state.cards[small].damage == 0


def test_a_player_with_only_resource_cards_of_one_faction_sacrifices_one_unasked():
    state = play_phase()
    pile = resources(state, P2, "gaian", 2)
    played(state, TOLL, "player=2")
    assert not state.prompts
    assert sum(state.cards[c].zone == (P2, rules.REMOVED) for c in pile) == 1


def test_a_player_with_resource_cards_of_two_factions_chooses_which_to_sacrifice():
    state = play_phase()
    resources(state, P2, "gaian", 1)
    resources(state, P2, "empire", 1)
    played(state, TOLL, "player=2")
    assert owe_prompt(state) == (P2, "owe")
    assert {a.words for a in options(state, "sacrifice")} == {("gaian",), ("empire",)}


# -- a limit on the next draw -------------------------------------------------------------------


def test_a_limit_on_the_next_draw_phase_holds_for_that_phase_only():
    hush = from_text(
        "Test Hush",
        "event",
        "Each player, including you, can only draw one card during their next draw phase.",
    )
    state = play_phase()
    played(state, hush)
    assert rules.data(state).caps.keys() == {P1, P2}
    while state.active == P1:  # P1's turn ends; P2 draws next
        do(state, "P1: end")
        declines(state)
    while state.phase != "draw":
        do(state, "P2: end")
        declines(state)
    assert not legal(state, "P2: draw 2")
    do(state, "P2: draw 1")
    assert P2 not in rules.data(state).caps and P1 in rules.data(state).caps


# -- two targets --------------------------------------------------------------------------------


def test_a_card_with_two_targets_is_aimed_at_both_and_does_to_each_what_it_says():
    hex_ = from_text(
        "Test Hex", "event", "Deal 2 damage to target creature. Target opponent discards a card."
    )
    state = play_phase()
    goblin = put(state, P2, GOBLIN)
    cards = [to_hand(state, P2, GOBLIN) for _ in range(2)]
    card = to_hand(state, P1, hex_)
    assert not legal(state, f"P1: play #{card} -> #{goblin}")  # the opponent too
    assert not legal(state, f"P1: play #{card} player=2")  # and the creature
    assert legal(state, f"P1: play #{card} -> #{goblin} player=2")
    do(state, f"P1: play #{card} -> #{goblin} player=2")
    declines(state)
    assert state.cards[goblin].zone == (P2, rules.GRAVE)
    assert owe_prompt(state) == (P2, "owe")
    do(state, f"P2: discard #{cards[0]}")
    assert state.cards[cards[0]].zone == (P2, rules.GRAVE)


# -- damage for each resource card, each point prevented by sacrificing one (ruling 57) -------

BLAZE = from_text(
    "Test Blaze",
    "event",
    "Deal one damage to target player for each resource card he/she owns. That player can "
    "prevent each inflicted damage by sacrificing a resource card.",
)


def test_damage_for_each_resource_card_is_read_for_players_only():
    got = read_phrase("deal 2 damage to each opponent for each resource card they have")
    (e,) = got.effects
    assert (e.do, e.to, e.amount, e.per) == ("damage", "each_opponent", 2, "resources")
    assert (
        read_phrase("deal 1 damage to target creature for each resource card he/she owns") is None
    )


def test_a_sentence_that_lets_players_prevent_damage_amends_the_damage_before_it():
    (a,) = BLAZE.abilities
    (e,) = a.effects
    assert (e.do, e.per, e.or_sacrifice) == ("damage", "resources", True)
    alone = parse(
        "Draw a card. That player can prevent each inflicted damage by sacrificing a resource "
        "card.",
        "event",
        "T",
    )
    assert alone.unenforced != ""  # nothing to amend: left to the players


def test_each_point_of_damage_may_be_prevented_by_sacrificing_a_resource_card():
    state = play_phase()
    gaian = resources(state, P2, "gaian", 2)
    red = resources(state, P2, "red_banner", 1)
    city_ = first_city(state, P2)
    played(state, BLAZE, "player=2")
    assert owe_prompt(state) == (P2, "owe")  # three damage: one per resource card
    do(state, "P2: sacrifice gaian")
    assert owe_prompt(state) == (P2, "owe")  # two to go
    do(state, f"P2: suffer #{city_}")
    assert state.cards[city_].damage == 2
    assert [state.cards[c].zone[1] for c in gaian + red].count(rules.REMOVED) == 1
    assert not state.prompts


def test_a_player_without_resource_cards_takes_no_damage_for_them():
    state = play_phase()
    city_ = first_city(state, P2)
    played(state, BLAZE, "player=2")
    assert state.cards[city_].damage == 0 and not state.prompts


def test_resource_cards_prevent_every_point_if_the_player_sacrifices_them_all():
    state = play_phase()
    pile = resources(state, P2, "gaian", 2)
    city_ = first_city(state, P2)
    played(state, BLAZE, "player=2")
    do(state, "P2: sacrifice gaian")
    do(state, "P2: sacrifice gaian")
    assert state.cards[city_].damage == 0 and not state.prompts
    assert {state.cards[c].zone[1] for c in pile} == {rules.REMOVED}


# -- looking at the top of a deck ---------------------------------------------------------------

SPY = from_text(
    "Test Spy",
    "creature",
    "M, look at the top two cards of target player's deck.",
    attack=1,
    defense=1,
)


def test_looking_at_a_deck_is_read_for_players_only():
    got = read_phrase("look at the top card of target opponent's deck")
    assert (got.target, got.effects[0].do, got.effects[0].amount) == ("opponent", "look", 1)
    assert read_phrase("look at the top card of target creature's deck") is None


def test_only_the_player_who_looks_sees_the_cards():
    state = play_phase()
    spy = put(state, P1, SPY)
    top = state.zones[(P2, rules.DECK)][:2]
    names = [state.cards[c].card.name for c in top]
    events = do(state, f"P1: use #{spy} player=2")
    (look,) = [e for e in events if "looks at" in e.text]
    assert look.text_for(P1).endswith(": " + ", ".join(names))
    assert look.text_for(P2) == "Player 1 looks at the top 2 cards of Player 2's deck"
    assert not any(n in look.text_for(P2) for n in names)
    assert set(look.reveals) == set(top)
    assert state.zones[(P2, rules.DECK)][:2] == top  # the deck is as it was


# -- the owner of the card a trigger is about ---------------------------------------------------

RAIDER = from_text(
    "Test Raider",
    "creature",
    "When I damage a city, that city's owner discards a card.",
    attack=2,
    defense=2,
)


def test_the_owner_of_a_damaged_city_is_read_as_the_player_a_trigger_reaches():
    (a,) = RAIDER.abilities
    assert (a.when, a.target, a.effects[0].to) == ("hit_city", "none", "about_owner")
    assert read_phrase("that city's owner draws a card").effects[0].to == "about_owner"


def test_the_owner_of_the_city_a_creature_damages_discards():
    state = attack_phase()
    raider = put(state, P1, RAIDER)
    mine = to_hand(state, P1, GOBLIN)
    theirs = to_hand(state, P2, GOBLIN)
    attack(state, [raider], first_city(state, P2))
    assert state.cards[theirs].zone == (P2, rules.GRAVE)
    assert state.cards[mine].zone == (P1, rules.HAND)


# -- a player who can't draw cards this turn ----------------------------------------------------

HUSH = from_text("Test Hush", "event", "Target opponent can't draw cards this turn.")
STUDY = from_text("Test Study", "event", "Each player draws a card.")


def test_a_player_who_cant_draw_this_turn_draws_nothing_until_it_ends():
    assert read_phrase("each opponent cannot draw any cards this turn").effects[0].do == "no_draw"
    state = play_phase()
    played(state, HUSH, "player=2")
    mine, theirs = len(hand(state, P1)), len(hand(state, P2))
    played(state, STUDY)
    assert (len(hand(state, P1)), len(hand(state, P2))) == (mine + 1, theirs)
    at(state, "end", P1)
    rules.enter_phase(state, "end", [])  # the turn ends
    at(state, "play1", P2)
    played(state, STUDY, seat=P2)
    assert len(hand(state, P2)) == theirs + 1


# -- creatures sacrificed, and what they count --------------------------------------------------

PURGE_ORCS = from_text(
    "Test Cull",
    "event",
    "Sacrifice all Orc creatures in your army. For each sacrificed creature, target opponent "
    "discards a card.",
)


def test_all_creatures_of_a_group_are_sacrificed_and_counted_for_what_follows():
    (a,) = PURGE_ORCS.abilities
    assert [(e.do, e.to, e.subtype, e.per) for e in a.effects] == [
        ("sacrifice_all", "your_army", "orc creature", ""),
        ("discard", "target", "", "sacrificed"),
    ]
    state = play_phase()
    orcs = [put(state, P1, creature("Test Orc", 1, 1, subtypes=("Orc",))) for _ in range(2)]
    kept = put(state, P1, GOBLIN)
    theirs = put(state, P2, creature("Test Orc", 1, 1, subtypes=("Orc",)))
    cards = [to_hand(state, P2, GOBLIN) for _ in range(3)]
    played(state, PURGE_ORCS, "player=2")
    assert {state.cards[c].zone for c in orcs} == {(P1, rules.REMOVED)}
    assert rules.in_play(state, kept) and rules.in_play(state, theirs)
    assert owe_prompt(state) == (P2, "owe")  # two cards: one for each orc
    do(state, f"P2: discard #{cards[0]}")
    do(state, f"P2: discard #{cards[1]}")
    assert not state.prompts and state.cards[cards[2]].zone == (P2, rules.HAND)


def test_nothing_sacrificed_counts_nothing():
    state = play_phase()
    card = to_hand(state, P2, GOBLIN)
    played(state, PURGE_ORCS, "player=2")
    assert state.cards[card].zone == (P2, rules.HAND) and not state.prompts


RUIN = from_text(
    "Test Ruin",
    "event",
    "Sacrifice a city you control; destroy all creatures and enchantments.",
)


def test_a_city_sacrificed_and_every_creature_and_enchantment_destroyed():
    (a,) = RUIN.abilities
    assert [(e.do, e.to, e.subtype) for e in a.effects] == [
        ("sacrifice_card", "self", "city"),
        ("destroy", "all_creatures", ""),
        ("destroy", "all_enchantments", ""),
    ]
    state = play_phase()
    first, second = rules.cities(state, P1)[0], city(state, P1, "Briarmoor")
    goblin, foe = put(state, P1, GOBLIN, second), put(state, P2, GOBLIN)
    aura = put(state, P2, from_text("Test Aura", "enchantment", "Enchanted creature gets +1/+0."))
    played(state, RUIN)
    assert owe_prompt(state) == (P1, "owe")  # which city: P1 chooses
    do(state, f"P1: sacrifice #{second}")
    assert state.cards[second].zone == (P1, rules.REMOVED)
    assert state.cards[first].zone[1] != rules.REMOVED
    assert {state.cards[c].zone[1] for c in (goblin, foe, aura)} == {rules.GRAVE}


# -- a card of a hand revealed at random, as a creature enters a city ---------------------------

PROWLER = from_text(
    "Test Prowler",
    "creature",
    "Infiltrate. When I enter a city, that city's owner reveals one card at random from their "
    "hand.",
    attack=1,
    defense=1,
    cost=1,
)


def test_a_creature_entering_a_city_makes_its_owner_reveal_a_card_at_random():
    (a,) = PROWLER.abilities
    assert (a.when, a.effects[0].do, a.effects[0].to) == (
        "enter_city",
        "reveal_random",
        "about_owner",
    )
    state = play_phase()
    prowler = put(state, P1, PROWLER)
    cards = [to_hand(state, P2, GOBLIN) for _ in range(3)]
    events = do(state, f"P1: move #{prowler} -> #{first_city(state, P2)}")
    (shown,) = [e for e in events if "at random" in e.text]
    assert len(shown.reveals) == 1 and shown.reveals[0] in cards
    assert shown.shown_to(P1) and shown.seen_by is None  # everyone sees it
    assert state.cards[shown.reveals[0]].zone == (P2, rules.HAND)  # revealed, not discarded


def test_moving_into_the_army_reveals_nothing():
    state = play_phase()
    prowler = put(state, P1, PROWLER, first_city(state, P1))
    to_hand(state, P2, GOBLIN)
    events = do(state, f"P1: move #{prowler} army")
    assert not any("at random" in e.text for e in events)
