"""The real decks' and the extract's cards that hear what happens while a Level holds
(Swanport, Lobotomized Library, Big Brother), that restrict some cards (Fear of the Dark,
Outmaneuvered), Witchdoctor's rabies, and cards discarded and indestructible: each grammar part
on sentences no real card prints, each card pinned by the rule its text makes (rulings 64-79).
Split from ``test_real_cities.py``; the cards come from ``../shared/arcmage`` (the ``real``
fixture), and no card text is copied into the project."""

from __future__ import annotations

import pytest

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.reader import parse
from tabletop.games.arcmage.rules.lifecycle import sacrifice

from ..answers import refused
from .helpers import (
    GAME,
    GOBLIN,
    P1,
    P2,
    at,
    city,
    creature,
    declines,
    do,
    first_city,
    legal,
    marked,
    name,
    options,
    play_phase,
    put,
    resources,
    start,
    where,
)
from .test_grammar import from_text
from .test_real_cities import VETERAN, _fortress, devote

# -- what a city hears while a Level holds, and a later Play phase ---------------------------------


@pytest.mark.parametrize(
    "text, when, may, each",
    [
        (
            "Level 4: When you successfully play an enchantment card, you may draw a card.",
            "enters",
            True,
            False,
        ),
        (
            "Level 2: Whenever you play a magic card, each player may draw a card.",
            "cast",
            True,
            True,
        ),
        ("Level 3: Each time you play a creature card, draw two cards.", "cast", False, False),
    ],
)
def test_a_city_hears_the_cards_its_player_plays_while_its_level_holds(text, when, may, each):
    (a,) = parse(text, "city", "Test Port", "gaian").abilities
    assert (a.when, a.whose, a.may, a.each) == (when, "you", may, each)
    assert a.level == int(text[6])


def test_a_citys_level_0_heard_until_a_level_waits_for_the_next_play_phase():
    (a,) = parse(
        "Level 0: Unless you reach level three, if you play a magic card each player may draw "
        "a card at the start of your play phase.",
        "city",
        "Test Port",
        "gaian",
    ).abilities
    assert (a.when, a.level, a.condition, a.delay, a.each) == ("cast", 0, "below:3", "play", True)
    assert parse(
        "Unless you reach level 3, if you play a magic card draw a card at the start of your "
        "play phase.",
        "creature",
        "T",
        "gaian",
    ).unenforced


SPELL = from_text("Test Charm", "magic", "Draw a card.", cost=1, loyalty=1)
CHARM = from_text("Test Bauble", "enchantment", "Enchanted creature gets +1/+1.", cost=1, loyalty=1)


def _swanport(real, level: int):
    state = at(start(), "tactics")
    port = put(state, P1, real["Swanport"], "city2")
    devotees = [put(state, P1, VETERAN, port) for _ in range(level // 2)]
    if devotees:
        devote(state, port, *devotees)
    at(state, "play1")
    resources(state, P1, "red_banner", 2)
    return state, port


def test_swanport_below_level_4_lets_each_player_draw_at_your_next_play_phase(real):
    assert real["Swanport"].unenforced == ""
    state, port = _swanport(real, 0)
    soldier = put(state, P1, GOBLIN)
    do(state, f"P1: play #{put(state, P1, CHARM, rules.HAND)} -> #{soldier}")
    declines(state)
    assert not state.prompts and state.data.delayed  # nothing yet: it waits
    do(state, f"P1: play #{put(state, P1, SPELL, rules.HAND)}")  # no enchantment: nothing
    declines(state)
    assert len(state.data.delayed) == 1
    hands = [len(state.zones[(s, rules.HAND)]) for s in (P1, P2)]
    while state.phase != "play2":
        do(state, "P1: end")
    for seat in (P1, P2):  # each player, from Swanport's, is asked for their own
        assert (state.top_prompt.name, state.top_prompt.seat) == ("choose", seat)
        do(state, f"P{seat + 1}: target #{port} yes")
    assert [len(state.zones[(s, rules.HAND)]) for s in (P1, P2)] == [hands[0] + 1, hands[1] + 1]


def test_swanport_at_level_4_lets_only_you_draw_once_the_enchantment_is_in_play(real):
    state, port = _swanport(real, 4)
    soldier = put(state, P1, GOBLIN)
    hand = len(state.zones[(P1, rules.HAND)])
    do(state, f"P1: play #{put(state, P1, CHARM, rules.HAND)} -> #{soldier}")
    declines(state)
    assert (state.top_prompt.name, state.top_prompt.seat) == ("choose", P1)
    do(state, f"P1: target #{port} yes")
    assert len(state.zones[(P1, rules.HAND)]) == hand + 1
    assert not state.data.delayed and not state.prompts


def test_a_creature_that_must_attack_is_not_made_to_pay_for_it(real):
    state, _ = _fortress(real, 2)
    spear = put(state, P1, real["Spearman"])  # every unmarked Soldier must attack
    put(state, P1, real["Footsoldier"])
    assert not options(state, "attack")  # their attack would cost 4: none to pay with
    assert legal(state, "P1: end")
    resources(state, P1, "red_banner", 4)
    assert legal(state, "P1: end")  # with them: it may, but need not
    assert legal(state, f"P1: attack #{spear} -> #{rules.cities(state, P2)[0]}")


# -- a card drawn, heard ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, whose, to",
    [
        (
            "Each time an opponent draws a card, deal 2 damage to one of that opponent's cities.",
            "opponent",
            "about_owner",
        ),
        ("Whenever a player draws a card, that player discards a card.", "any", "about_owner"),
        (
            "Whenever you draw a card, deal one damage to each opposing creature.",
            "you",
            "enemy_creatures",
        ),
    ],
)
def test_a_card_drawn_is_heard_with_who_drew_it(text, whose, to):
    (a,) = parse(text, "enchantment", "Test Eye", "dark_legion").abilities
    (e,) = a.effects
    assert (a.when, a.whose, e.to) == ("drawn", whose, to)
    assert parse(text, "magic", "T", "dark_legion").unenforced


BIG = creature("Test Abbot", 1, 1, cost=4, loyalty=4)


def test_lobotomized_library_level_7_burns_an_opponent_for_each_card_they_draw(real):
    assert real["Lobotomized Library"].unenforced == ""
    state = at(start(), "tactics")
    library_ = put(state, P1, real["Lobotomized Library"], "city2")
    devote(state, library_, put(state, P1, BIG, library_), put(state, P1, BIG, library_))
    declines(state)
    theirs = first_city(state, P2)
    assert state.cards[theirs].damage == 0  # its own player's draw (Level 5) hurts nobody
    at(state, "play1")
    resources(state, P1, "red_banner", 1)
    gift = from_text("Test Gift", "magic", "Each opponent draws two cards.", cost=1)
    do(state, f"P1: play #{put(state, P1, gift, rules.HAND)}")
    declines(state)
    assert state.cards[theirs].damage == 4  # two cards drawn, 2 damage each


# -- an attack on a city, heard ----------------------------------------------------------------


def test_an_attack_on_a_city_where_a_card_lives_is_read_as_a_condition_of_the_trigger():
    (a,) = parse(
        "Whenever I attack a city where Old Tom is, deal one damage to that city.",
        "creature",
        "Test Raider",
        "red_banner",
    ).abilities
    assert (a.when, a.condition, a.effects[0].to) == ("attack", "there:Old Tom", "about")
    assert parse(
        "When I die where Old Tom is, draw a card.", "creature", "T", "red_banner"
    ).unenforced


def test_big_brother_hits_a_city_little_brother_lives_in_for_two_more(real):
    assert real["Big Brother"].unenforced == ""
    for brother_there in (True, False):
        state = at(start(), "attack")
        big = put(state, P1, real["Big Brother"])
        theirs = first_city(state, P2)
        if brother_there:
            put(state, P1, real["Little Brother"], theirs)  # an infiltrator in their city
        do(state, f"P1: attack #{big} -> #{theirs}")
        declines(state)
        assert state.cards[theirs].damage == (2 if brother_there else 0)


# -- restrictions against some cards ----------------------------------------------------------


@pytest.mark.parametrize(
    "sentence, forbids",
    [
        (
            "Enchanted creature cannot attack Gaian cities, nor can it defend against Gaian "
            "creatures.",
            [("attack", "gaian city"), ("block", "gaian")],
        ),
        ("Enchanted creature can't block Orc creatures.", [("block", "orc")]),
        ("Enchanted creature cannot attack Empire cities.", [("attack", "empire city")]),
    ],
)
def test_a_cannot_against_some_cards_is_read_with_their_kinds(sentence, forbids):
    got = parse(sentence, "enchantment", "Test Dread", "dark_legion")
    effects = [e for a in got.abilities if a.when == "static" for e in a.effects]
    assert [(e.do, e.keyword, e.against) for e in effects] == [
        ("forbid", k, against) for k, against in forbids
    ]


def test_fear_of_the_dark_keeps_its_creature_from_dark_legion_cities_and_attackers(real):
    fear = real["Fear of the Dark"]
    assert fear.unenforced == ""
    state = at(start(), "attack")
    brave = put(state, P1, GOBLIN)
    dread = state.create(fear, P2, state.cards[brave].zone).id  # P2's, on P1's creature
    state.cards[dread].attached_to = brave
    dark = city(state, P2, real["Lobotomized Library"])  # a Dark Legion city
    light = first_city(state, P2)
    why = refused(state, f"P1: attack #{brave} -> #{dark}")
    assert "cannot attack Lobotomized Library" in why
    assert {a.targets for a in options(state, "attack")} == {(light,)}
    do(state, f"P1: attack #{brave} -> #{light}")
    declines(state)
    # and as a defender: it cannot defend against a Dark Legion attacker
    state2 = at(start(), "attack")
    shade = put(state2, P1, GOBLIN.model_copy(update={"faction": "dark_legion", "name": "T Shade"}))
    guard = put(state2, P2, GOBLIN)
    charm = state2.create(fear, P2, state2.cards[guard].zone).id
    state2.cards[charm].attached_to = guard
    do(state2, f"P1: attack #{shade} -> #{first_city(state2, P2)}")
    declines(state2)
    assert "cannot defend against T Shade" in refused(state2, f"P2: block #{guard} -> #{shade}")


def test_a_copy_of_a_card_with_another_faction_is_of_that_faction():
    assert "red_banner" in GOBLIN.kinds  # worked out once, on the card
    copy = GOBLIN.model_copy(update={"faction": "dark_legion"})
    assert "dark_legion" in copy.kinds and "red_banner" not in copy.kinds


def test_an_army_kept_from_defending_a_city_is_read_as_a_city_target():
    for text in (
        "Until end of turn, target army cannot defend target city.",
        "Target player's army can't defend target city this turn.",
    ):
        (a,) = parse(text, "event", "Test Feint", "red_banner").abilities
        (e,) = a.effects
        assert (a.target, e.do, e.keyword) == ("city", "forbid", "army_defense")
    assert parse("Target army cannot defend target creature.", "event", "T", "gaian").unenforced


def test_outmaneuvered_keeps_the_army_from_defending_the_city_this_turn(real):
    assert real["Outmaneuvered"].unenforced == ""
    for played in (False, True):
        state = at(start(), "attack")
        raider = put(state, P1, GOBLIN)
        guard = put(state, P2, GOBLIN)
        target = first_city(state, P2)
        if played:
            resources(state, P1, "red_banner", 4)
            do(state, f"P1: play #{put(state, P1, real['Outmaneuvered'], rules.HAND)} -> #{target}")
            declines(state)
        do(state, f"P1: attack #{raider} -> #{target}")
        declines(state)
        assert legal(state, f"P2: block #{guard} -> #{raider}") is not played


# -- rabies ---------------------------------------------------------------------------------------


def test_a_counter_given_to_a_creature_in_your_army_is_read_as_a_target_there():
    (a,) = parse(
        "When I come into play, I give a creature in your army two plague counters.",
        "creature",
        "Test Carrier",
        "dark_legion",
    ).abilities
    (e,) = a.effects
    assert (a.target, a.target_if, e.do, e.keyword, e.amount) == (
        "own_creature",
        "in_army",
        "counter",
        "plague",
        2,
    )


def test_witchdoctor_gives_a_creature_of_your_army_rabies_as_it_devotes(real):
    doctor_card = real["Witchdoctor"]
    assert doctor_card.unenforced == ""
    state = at(start(), "tactics")
    home = first_city(state, P1)
    doctor = put(state, P1, doctor_card, home)  # loyalty 2
    soldier, resident = put(state, P1, GOBLIN), put(state, P1, GOBLIN, home)
    devote(state, home, doctor)
    assert (state.top_prompt.name, state.top_prompt.seat) == ("target", P1)
    assert not legal(state, f"P1: target #{doctor} -> #{resident}")  # not in the army
    do(state, f"P1: target #{doctor} -> #{soldier}")
    assert state.cards[soldier].counters.get("rabies") == 1


def test_a_creature_with_rabies_must_attack_spreads_it_and_is_sacrificed_at_the_turn_end():
    state = at(start(), "attack")
    rabid, calm = put(state, P1, GOBLIN), put(state, P1, GOBLIN)
    state.cards[rabid].counters["rabies"] = 1
    bitten = put(state, P2, creature("Test Guard", 1, 5))
    target = first_city(state, P2)
    assert "must attack" in refused(state, "P1: end")
    assert "must attack" in refused(state, f"P1: attack #{calm} -> #{target}")
    do(state, f"P1: attack #{rabid} -> #{target}")
    declines(state)
    do(state, f"P2: block #{bitten} -> #{rabid}")
    do(state, "P2: pass")
    declines(state)
    assert state.cards[bitten].counters.get("rabies") == 1  # damaged by it: rabid too
    while state.active == P1 and not state.over:
        if state.top_prompt is not None:
            do(state, f"P{state.top_prompt.seat + 1}: pass")
        else:
            do(state, "P1: end")
    assert where(state, rabid) == rules.REMOVED and where(state, calm) == rules.ARMY
    assert where(state, bitten) == rules.ARMY  # P2's: sacrificed at the end of P2's turn


# -- a card discarded, heard; indestructible ------------------------------------------------------


@pytest.mark.parametrize(
    "text, whose, effect",
    [
        (
            "When an opponent discards a card, he/she chooses one of his/her cities. That city "
            "gets 1 damage.",
            "opponent",
            ("damage", "about_owner", 1),
        ),
        (
            "Whenever a player discards a card, they choose one of their cities. That city "
            "takes two damage.",
            "any",
            ("damage", "about_owner", 2),
        ),
        ("Each time you discard a card, draw a card.", "you", ("draw", "self", 1)),
    ],
)
def test_a_card_discarded_is_heard_with_whose_it_was(text, whose, effect):
    (a,) = parse(text, "enchantment", "Test Ghoul", "dark_legion").abilities
    (e,) = a.effects
    assert (a.when, a.whose, (e.do, e.to, e.amount)) == ("discarded", whose, effect)


SHADE = creature("Test Shade", 2, 2, subtypes=("Shadow",), keywords={"indestructible": 0})


def test_an_indestructible_creature_survives_damage_and_destruction_but_not_a_sacrifice():
    (a,) = parse("Shadow creatures you control are indestructible.", "enchantment", "T").abilities
    assert (a.effects[0].do, a.effects[0].keyword) == ("grant", "indestructible")
    state = play_phase()
    shade = put(state, P1, SHADE)
    rules.damage(state, shade, 5, [])
    assert rules.in_play(state, shade)
    resources(state, P2, "red_banner", 2)
    doom = from_text("Test Doom", "event", "Destroy target creature.", cost=1)
    at(state, "play1", seat=P2)
    do(state, f"P2: play #{put(state, P2, doom, rules.HAND)} -> #{shade}")
    declines(state)
    assert rules.in_play(state, shade)
    sacrifice(state, shade, [])
    assert where(state, shade) == rules.REMOVED


def test_shadows_twilight_burns_an_opponent_who_discards_and_shields_your_shadows(real):
    twilight = real["Shadow's Twilight"]
    assert twilight.unenforced == ""
    state = at(start(), "tactics")
    town = put(state, P1, twilight, "city2")
    devote(state, town, put(state, P1, BIG, town), put(state, P1, VETERAN, town))  # 6
    theirs = first_city(state, P2)
    put(state, P2, GOBLIN, rules.HAND)
    at(state, "play1")
    resources(state, P1, "red_banner", 2)
    purge = from_text("Test Purge", "magic", "Each opponent discards a card.", cost=1)
    do(state, f"P1: play #{put(state, P1, purge, rules.HAND)}")
    declines(state)
    assert state.cards[theirs].damage == 1
    shadow = put(state, P1, creature("Test Wraith", 1, 1, subtypes=("Shadow",)))
    assert rules.has(state, shadow, "indestructible")  # Level 5
    rules.damage(state, shadow, 3, [])
    assert rules.in_play(state, shadow)


# -- a creature moved by a card -----------------------------------------------------------------


@pytest.mark.parametrize(
    "text, into",
    [
        ("Move target creature to a city of its controller.", "city"),
        ("Move target opposing creature without marking it.", ""),
        ("Mark target creature. Move that creature to a city or army of its owner.", ""),
    ],
)
def test_a_creature_moved_by_a_card_is_read_with_where_it_may_go(text, into):
    (a,) = parse(text, "event", "Test Shove", "dark_legion").abilities
    moved = [e for e in a.effects if e.do == "relocate"]
    assert [(e.to, e.into) for e in moved] == [("target", into)]
    assert parse("Move target city to a city of its controller.", "event", "T").unenforced


def test_qualaris_moves_a_creature_to_a_city_of_its_controller_of_its_players_choice(real):
    qualaris = real["Qualaris"]
    assert qualaris.unenforced == ""
    state = at(start(), "tactics")
    town = put(state, P1, qualaris, "city2")
    theirs, other = first_city(state, P2), city(state, P2, "Rootcradle")
    foe = put(state, P2, GOBLIN)
    devote(state, town, *[put(state, P1, VETERAN, town) for _ in range(3)])  # 6
    do(state, f"P1: target #{town} -> #{foe}")
    assert (state.top_prompt.name, state.top_prompt.seat) == ("owe", P1)
    takes = {a.cards for a in options(state, "take")}
    assert takes == {(theirs,), (other,)}  # their cities: not the army, not P1's
    do(state, f"P1: take #{other}")
    assert rules.home(state, foe) == other and not marked(state, foe)
    assert other not in state.data.moved  # no city's move of the turn


def test_abduction_marks_a_creature_and_moves_it_even_to_its_army(real):
    abduction = real["Abduction"]
    assert abduction.unenforced == ""
    state = at(start(), "play1")
    resources(state, P1, "dark_legion", 3)
    theirs = first_city(state, P2)
    foe = put(state, P2, GOBLIN, theirs)  # a resident: the army is a choice too
    do(state, f"P1: play #{put(state, P1, abduction, rules.HAND)} -> #{foe}")
    declines(state)
    # their only other place is the army: moved there unasked, marked as the card says
    assert state.cards[foe].zone == (P2, rules.ARMY) and marked(state, foe)
    other = city(state, P2, "Rootcradle")
    resources(state, P1, "dark_legion", 3)
    do(state, f"P1: play #{put(state, P1, abduction, rules.HAND)} -> #{foe}")
    declines(state)
    assert {a.cards for a in options(state, "take")} == {(theirs,), (other,)}  # not the army
    spec = GAME.table()
    said = {spec.action_label(state, a) for a in options(state, "take")}
    assert said == {"Move Test Goblin to Rootcradle", f"Move Test Goblin to {name(state, theirs)}"}
    assert spec.window_title(state, P1, "") == "Abduction: choose where Test Goblin goes — Choose…"
    do(state, f"P1: take #{other}")
    assert rules.home(state, foe) == other
    resources(state, P1, "dark_legion", 3)  # from a city: its army is a choice too
    do(state, f"P1: play #{put(state, P1, abduction, rules.HAND)} -> #{foe}")
    declines(state)
    said = {spec.action_label(state, a) for a in options(state, "take")}
    assert said == {"Move Test Goblin to its army", f"Move Test Goblin to {name(state, theirs)}"}


def test_an_enchantment_never_moves_the_creature_it_would_be_played_on():
    got = parse("Move target creature without marking it.", "enchantment", "Test Portal")
    assert not got.abilities and got.unenforced == "Move target creature without marking it."


def test_a_sentence_that_amends_nothing_is_left_to_the_players_once():
    text = "Draw a card. That creature is not marked for moving."
    got = parse(text, "event", "Test Shuffle")
    assert got.unenforced == "That creature is not marked for moving."
    assert [e.do for a in got.abilities for e in a.effects] == ["draw"]


def test_an_activated_ability_goes_on_in_the_sentences_after_it():
    (a,) = parse(
        "M, Each city you control loses 2 defense points. Draw a card.", "enchantment", "T"
    ).abilities
    assert (a.when, [(e.do, e.to, e.amount) for e in a.effects]) == (
        "mark",
        [("damage", "your_cities", 2), ("draw", "self", 1)],
    )


def test_dark_portal_is_marked_to_hurt_your_cities_and_move_a_creature_unmarked(real):
    portal_card = real["Dark Portal"]
    assert portal_card.unenforced == ""
    state = at(start(), "play1")
    portal = put(state, P1, portal_card)  # a global Enchantment, in the army area
    home, second = first_city(state, P1), city(state, P1, "Briarmoor")
    walker = put(state, P1, GOBLIN, home)
    do(state, f"P1: use #{portal} -> #{walker}")
    declines(state)
    assert marked(state, portal)
    assert state.cards[home].damage == state.cards[second].damage == 1
    assert {a.cards for a in options(state, "take")} == {(second,), (walker,)}  # or the army
    do(state, f"P1: take #{second}")
    assert rules.home(state, walker) == second and not marked(state, walker)
