"""The real decks' cities whose text reaches past one-off Levels (Guincho, Ghazw, Flying
Fortress, Prometheus' Shrine, Oasis of Reflections, Enchanted Forest, Swanport), and the
extract's cards that need the same parts (Lobotomized Library, Shadow's Twilight, Qualaris,
Big Brother, Fear of the Dark, Outmaneuvered, Witchdoctor, Abduction, Dark Portal): each
grammar part on sentences no real card prints, each card pinned by the rule its text makes
(rulings 64-79). The cards come from ``../shared/arcmage`` (the ``real`` fixture); without
it those tests are skipped, and no card text is copied into the project."""

from __future__ import annotations

import pytest

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.explain import explain_card
from tabletop.games.arcmage.reader import parse, read_phrase

from ..answers import refused
from .helpers import (
    GOBLIN,
    P1,
    P2,
    at,
    creature,
    declines,
    do,
    first_city,
    marked,
    options,
    put,
    resources,
    start,
    strength,
    where,
)
from .test_grammar import from_text

VETERAN = creature("Test Devotee", 1, 1, cost=2, loyalty=2)  # two loyalty marks: a Level 2 alone


def devote(state, city_id, *residents):
    do(state, f"P1: devote #{city_id}, " + ", ".join(f"#{r}" for r in residents))


# -- tokens, and creatures sacrificed by kind ---------------------------------------------------


@pytest.mark.parametrize(
    "phrase, to, kinds",
    [
        ("sacrifice red banner token cards", "your_creatures", "red_banner token"),
        ("sacrifice tokens", "your_creatures", "token"),
        ("sacrifice all orc tokens in your army", "your_army", "orc token"),
        ("sacrifice gaian token creatures you control", "your_creatures", "gaian token"),
    ],
)
def test_tokens_sacrificed_by_kind_are_read_as_every_such_token_of_the_player(phrase, to, kinds):
    (e,) = read_phrase(phrase).effects
    assert (e.do, e.to, e.subtype) == ("sacrifice_all", to, kinds)


@pytest.mark.parametrize(
    "phrase, do_, amount",
    [
        ("target city gains three defense points for each sacrificed creature", "fortify", 3),
        ("deal 1 damage to target creature for each sacrificed wolf", "damage", 1),
        ("draw a card for each sacrificed token", "draw", 1),
    ],
)
def test_an_effect_for_each_sacrificed_card_is_counted_by_the_sacrifice(phrase, do_, amount):
    got = read_phrase(phrase)
    (e,) = got.effects
    assert (e.do, e.amount, e.per) == (do_, amount, "sacrificed")
    assert read_phrase("gain 2 life for each sacrificed creature") is None


def test_a_token_takes_the_faction_of_the_card_that_makes_it():
    text = "When I come into play, put a 1/1 Goblin token into your army."
    (token,) = parse(text, "creature", "Test Herald", "dark_legion").tokens
    assert token.faction == "dark_legion" and "token" in token.kinds
    assert "token" not in GOBLIN.kinds
    (heard,) = parse(
        "Whenever another token comes into play, draw a card.", "creature", "T"
    ).abilities
    assert (heard.when, heard.subtype) == ("enters", "token")


def test_guincho_sacrifices_your_red_banner_tokens_for_two_defense_each(real):
    guincho_card = real["Guincho"]
    assert guincho_card.unenforced == ""
    tauroch = real["Tauroch 2/1"]
    assert tauroch.faction == "red_banner" and tauroch.token
    state = at(start(), "tactics")
    guincho = put(state, P1, guincho_card, "city2")
    devotee = put(state, P1, VETERAN, guincho)
    mine = [put(state, P1, tauroch), put(state, P1, tauroch, guincho)]
    theirs = put(state, P2, tauroch)
    other = put(state, P1, real["Addax 1/1"].model_copy(update={"faction": "gaian"}))
    kept = put(state, P1, GOBLIN)  # Red Banner, but no token
    before = strength(state, guincho)
    devote(state, guincho, devotee)
    do(state, f"P1: target #{guincho} -> #{guincho}")
    assert [where(state, t) for t in mine] == [rules.REMOVED] * 2
    assert strength(state, guincho) == before + 4
    for alive in (theirs, other, kept):
        assert where(state, alive) == rules.ARMY


# -- a city's Level 0, and residents that attack ------------------------------------------------


@pytest.mark.parametrize(
    "text, kinds",
    [
        ("Level 0: Your Elves cannot attack unless you reach level 3.", ("forbid", "below:3")),
        (
            "Level 0: Creatures you control get -1/-0 unless the city reaches level two.",
            ("boost", "below:2"),
        ),
        ("Level 0: All your creatures get +0/+1.", ("boost", "")),
        ("Level 0: Draw a card.", None),  # a one-off: no Level 0 triggers
    ],
)
def test_a_level_0_is_a_passive_of_the_city_that_may_last_until_a_level_is_reached(text, kinds):
    got = parse(text, "city", "Test Town", "gaian")
    if kinds is None:
        assert got.unenforced and not got.abilities
        return
    (a,) = got.abilities
    (e,) = a.effects
    assert (a.when, a.level, e.do, e.only_if) == ("level", 0, *kinds)


@pytest.mark.parametrize(
    "sentence, keyword",
    [
        ("My residents may attack during combat.", "sortie"),
        ("Each creature in this city can attack.", "sortie"),
        ("My residents are not marked when attacking.", "veteran"),
        ("Each creature in my city has veteran and is not marked for attacking.", "veteran"),
    ],
)
def test_what_a_citys_residents_are_given_reaches_the_residents(sentence, keyword):
    (a,) = parse(f"Level 3: {sentence}", "city", "Test Town", "gaian").abilities
    (e,) = a.effects
    assert (e.do, e.to, e.keyword) == ("grant", "residents", keyword)
    assert parse("Level 3: Your soldiers may attack.", "city", "T", "gaian").unenforced


def test_ghazw_keeps_your_creatures_home_until_level_2_then_sends_its_residents_out(real):
    ghazw_card = real["Ghazw"]
    assert ghazw_card.unenforced == ""
    said = " ".join(explain_card(ghazw_card).split())
    assert '"Level 0: All your creatures' in said
    assert "until the city's devotion reaches Level 2" in said
    state = at(start(), "tactics")
    ghazw = put(state, P1, ghazw_card, "city2")
    devotee = put(state, P1, VETERAN, ghazw)
    resident, soldier = put(state, P1, GOBLIN, ghazw), put(state, P1, GOBLIN)
    target = rules.cities(state, P2)[0]
    # Level 0: no attack at all while the devotion is short of Level 2
    at(state, "attack")
    assert refused(state, f"P1: attack #{soldier} -> #{target}").startswith(rules.R_CANNOT)
    assert not options(state, "attack")
    at(state, "tactics")
    devote(state, ghazw, devotee)
    at(state, "attack")
    attackers = {a.cards for a in options(state, "attack")}
    assert (soldier, resident) in attackers or (resident, soldier) in attackers
    do(state, f"P1: attack #{resident} -> #{target}")
    assert rules.home(state, resident) == ghazw and marked(state, resident)


def test_ghazw_level_4_residents_attack_without_being_marked(real):
    state = at(start(), "tactics")
    ghazw = put(state, P1, real["Ghazw"], "city2")
    devotees = [put(state, P1, VETERAN, ghazw), put(state, P1, VETERAN, ghazw)]
    resident = put(state, P1, GOBLIN, ghazw)
    devote(state, ghazw, *devotees)
    assert rules.has(state, resident, "veteran") and rules.has(state, resident, "sortie")
    at(state, "attack")
    do(state, f"P1: attack #{resident} -> #{rules.cities(state, P2)[0]}")
    assert not marked(state, resident) and rules.home(state, resident) == ghazw


# -- a city's price on attacks, and its closed gates ----------------------------------------------


@pytest.mark.parametrize(
    "sentence, lacking, amount",
    [
        (
            "Creatures without flying cannot attack unless their controller pays two resources "
            "for each attacking creature.",
            "flying",
            2,
        ),
        ("Opposing Orcs cannot attack unless their controller pays 1 for each.", "", 1),
        (
            "All creatures without ranged can't attack unless its controller pays three for it.",
            "ranged",
            3,
        ),
    ],
)
def test_a_price_on_attacking_is_read_with_the_keyword_that_spares_it(sentence, lacking, amount):
    (a,) = parse(f"Level 3: {sentence}", "city", "Test Keep", "gaian").abilities
    (e,) = a.effects
    assert (e.do, e.keyword, e.amount) == ("attack_tax", lacking, amount)
    assert parse(
        "Level 3: Creatures without wings cannot attack unless their controller pays 2 for each.",
        "city",
        "T",
        "gaian",
    ).unenforced


def _fortress(real, level: int):
    """P2's Flying Fortress, devoted to ``level``, in P1's Attack phase."""
    state = at(start(), "tactics", seat=P2)
    fortress = put(state, P2, real["Flying Fortress"], "city2")
    devotees = [put(state, P2, VETERAN, fortress) for _ in range(level // 2)]
    if devotees:
        do(state, f"P2: devote #{fortress}, " + ", ".join(f"#{d}" for d in devotees))
    return at(state, "attack", seat=P1), fortress


HAWK = creature("Test Hawk", 1, 1, keywords={"flying": 1})


def test_flying_fortress_makes_creatures_without_flying_pay_two_each_to_attack(real):
    assert real["Flying Fortress"].unenforced == ""
    state, _ = _fortress(real, 2)
    target = rules.cities(state, P2)[0]
    a, b, hawk = put(state, P1, GOBLIN), put(state, P1, GOBLIN), put(state, P1, HAWK)
    pile = resources(state, P1, "red_banner", 3)
    assert "Flying Fortress asks 4 resources" in refused(
        state, f"P1: attack #{a}, #{b} -> #{target}"
    )
    groups = {x.cards for x in options(state, "attack") if x.targets == (target,)}
    assert (a,) in groups and (hawk,) in groups and (a, b, hawk) not in groups
    do(state, f"P1: attack #{a}, #{hawk} -> #{target}")
    assert [state.cards[r].turned for r in pile].count(True) == 2
    assert set(state.data.combat.attackers) == {a, hawk}


def test_flying_fortress_asks_nothing_before_its_level_2(real):
    state, _ = _fortress(real, 0)
    target = rules.cities(state, P2)[0]
    a = put(state, P1, GOBLIN)
    do(state, f"P1: attack #{a} -> #{target}")
    assert state.data.combat.attackers == (a,)


def test_flying_fortress_level_4_shuts_out_infiltrators(real):
    state, fortress = _fortress(real, 4)
    at(state, "play1", seat=P1)
    spy = put(state, P1, creature("Test Spy", 1, 1, keywords={"infiltrate": 1}))
    other = rules.cities(state, P2)[0]
    assert "cannot become its residents" in refused(state, f"P1: move #{spy} -> #{fortress}")
    moves = {x.targets for x in options(state, "move") if x.cards == (spy,)}
    assert (fortress,) not in moves and (other,) in moves
    do(state, f"P1: move #{spy} -> #{other}")
    assert rules.home(state, spy) == other


# -- devotion from the graveyard, and damage doubled ----------------------------------------------


@pytest.mark.parametrize(
    "text, kinds",
    [
        (
            "You may remove Gaian cards from your graveyard from the game. The removed cards' "
            "loyalty marks add to my devotion. Level 3: Draw a card.",
            "gaian",
        ),
        (
            "You may remove Elf cards from your graveyard from the game. The cards' loyalty "
            "marks add to my city level. Level 3: Draw a card.",
            "elf",
        ),
        (
            "Level 2: You may remove Gaian cards from your graveyard from the game. The cards' "
            "loyalty marks add to my devotion.",
            None,
        ),
    ],
)
def test_a_city_may_take_loyalty_from_the_graveyard_by_its_own_rule(text, kinds):
    got = parse(text, "city", "Test Shrine", "gaian")
    rules_of = [e for a in got.abilities if a.when == "static" for e in a.effects]
    if kinds is None:
        assert got.unenforced and not rules_of
        return
    assert [(e.do, e.subtype) for e in rules_of] == [("devote_grave", kinds)]
    assert not got.unenforced
    assert parse(text, "creature", "Test Priest", "gaian").unenforced


def test_all_damage_of_a_kind_doubled_is_a_passive_of_its_player():
    (a,) = parse(
        "Level 2: All damage dealt by Gaian magic cards is doubled.", "city", "T", "gaian"
    ).abilities
    (e,) = a.effects
    assert (e.do, e.subtype) == ("double_damage", "gaian magic")


EMBER = creature("Test Ember", 1, 1, cost=3, loyalty=3)  # Red Banner


def test_prometheus_shrine_takes_red_banner_loyalty_from_the_graveyard_and_doubles_spells(real):
    shrine_card = real["Prometheus' Shrine"]
    assert shrine_card.unenforced == ""
    state = at(start(), "tactics")
    shrine = put(state, P1, shrine_card, "city2")
    devotee = put(state, P1, VETERAN, shrine)  # loyalty 2
    embers = [put(state, P1, EMBER, rules.GRAVE), put(state, P1, EMBER, rules.GRAVE)]
    gaian = put(state, P1, EMBER.model_copy(update={"faction": "gaian"}), rules.GRAVE)
    assert "takes no Test Ember" in refused(state, f"P1: devote #{shrine}, #{devotee}, #{gaian}")
    devote(state, shrine, devotee, *embers)
    assert state.data.devotion[shrine] == 2 + 3 + 3
    assert [where(state, e) for e in embers] == [rules.REMOVED] * 2
    assert where(state, gaian) == rules.GRAVE
    # Level 6: a Red Banner event's 2 damage is 4
    at(state, "play2")
    resources(state, P1, "red_banner", 2)
    bolt = put(
        state, P1, from_text("Test Bolt", "event", "Deal 2 damage to target creature."), rules.HAND
    )
    ogre = put(state, P2, creature("Test Brute", 1, 6))
    do(state, f"P1: play #{bolt} -> #{ogre}")
    declines(state)
    assert state.cards[ogre].damage == 4


def test_a_graveyard_to_offer_is_a_devotion_to_declare(real):
    state = at(start(), "tactics")
    shrine = put(state, P1, real["Prometheus' Shrine"], "city2")
    ember = put(state, P1, EMBER, rules.GRAVE)
    devotes = {a.cards for a in options(state, "devote") if a.cards[0] == shrine}
    assert devotes == {(shrine, ember)}
    devote(state, shrine, ember)
    assert state.data.devotion[shrine] == 3


# -- sand copies ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence, to",
    [
        ("When a token is cast into me, put an exact sand copy token here as well.", "home"),
        (
            "Whenever a token comes into play into your army, put an exact sand copy there.",
            "your_army",
        ),
        ("When a creature is cast into me, put an exact sand copy token here as well.", None),
        (
            "When a token is put into your army, put an exact sand copy token there as well.",
            "your_army",
        ),
    ],
)
def test_a_city_copying_the_tokens_cast_into_it_is_a_passive_of_its_level(sentence, to):
    got = parse(f"Level 2: {sentence}", "city", "Test Oasis", "red_banner")
    if to is None:
        assert got.unenforced
        return
    (a,) = got.abilities
    assert (a.when, a.level, a.effects[0].do, a.effects[0].to) == ("level", 2, "sand_copy", to)
    assert parse(sentence, "creature", "Test Mirror", "red_banner").unenforced


def _oasis(real, level: int):
    state = at(start(), "tactics")
    oasis = put(state, P1, real["Oasis of Reflections"], "city2")
    devote(state, oasis, *[put(state, P1, VETERAN, oasis) for _ in range(level // 2)])
    at(state, "play1")
    resources(state, P1, "red_banner", 4)
    return state, oasis


def _cast(state, text):
    card = from_text("Test Call", "magic", text)
    for token in parse(text, "magic", "Test Call", "red_banner").tokens * 2:
        put(state, P1, token, rules.TOKENS)
    do(state, f"P1: play #{put(state, P1, card, rules.HAND)}")
    declines(state)


def data_copies(state):
    return state.data.copies


def _goblins(state, zone):
    cards = state.cards
    return [c for c in state.zones[zone] if cards[c].card.name == "Goblin 1/1"]


def test_oasis_of_reflections_copies_the_tokens_cast_into_it_and_not_into_the_army(real):
    assert real["Oasis of Reflections"].unenforced == ""
    state, oasis = _oasis(real, 2)
    _cast(state, "Put a 1/1 Goblin token into each city you control.")
    home = state.cards[oasis].zone
    original, copy = _goblins(state, home)
    assert "Sand Copy" in state.cards[copy].card.subtypes
    assert "Sand Copy" not in state.cards[original].card.subtypes
    (elsewhere,) = _goblins(state, state.cards[first_city(state, P1)].zone)  # no copy there
    _cast(state, "Put a 1/1 Goblin token into your army.")
    assert len(_goblins(state, (P1, rules.ARMY))) == 1  # Level 4 not reached
    # the copy is destroyed with the original
    rules.kill(state, original, [])
    assert not rules.in_play(state, copy) and rules.in_play(state, elsewhere)


def test_oasis_of_reflections_level_4_copies_the_tokens_put_into_the_army(real):
    state, _ = _oasis(real, 4)
    _cast(state, "Put a 1/1 Goblin token into your army.")
    original, copy = _goblins(state, (P1, rules.ARMY))
    assert "Sand Copy" in state.cards[copy].card.subtypes and not marked(state, copy)
    assert data_copies(state) == {copy: original}


# -- a card played as a creature ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, kinds, kw",
    [
        (
            "You may play an enchantment as if it were an X/X creature, where X is the casting "
            "cost. That creature has homesick.",
            "enchantment",
            "homesick",
        ),
        (
            "You may play a Gaian magic card as if it were an X/X creature, where X is its cost.",
            "gaian magic",
            "",
        ),
        (
            "You may play a creature as if it were an X/X creature, where X is its cost.",
            None,
            None,
        ),
    ],
)
def test_playing_cards_as_creatures_is_a_passive_of_a_level(text, kinds, kw):
    got = parse(f"Level 2: {text}", "city", "Test Grove", "gaian")
    if kinds is None:
        assert got.unenforced
        return
    (a,) = got.abilities
    (e,) = a.effects
    assert (a.level, e.do, e.subtype, e.keyword) == (2, "as_creature", kinds, kw)


WARD = from_text("Test Ward", "enchantment", "Enchanted creature gets +1/+1.", cost=3, loyalty=1)


def test_enchanted_forest_lets_an_enchantment_be_played_as_a_homesick_creature(real):
    assert real["Enchanted Forest"].unenforced == ""
    state = at(start(), "tactics")
    forest = put(state, P1, real["Enchanted Forest"], "city2")
    devote(state, forest, put(state, P1, VETERAN, forest))
    at(state, "play1")
    resources(state, P1, "red_banner", 3)
    ward = put(state, P1, WARD, rules.HAND)
    home = first_city(state, P1)
    assert (ward,) in {a.cards for a in options(state, "play") if "creature" in a.words}
    events = do(state, f"P1: play #{ward} -> #{home} creature")
    declines(state)
    assert "plays Test Ward as a 3/3 creature into" in " ".join(e.text for e in events)
    assert rules.home(state, ward) == home and rules.stats(state, ward) == (3, 3)
    assert rules.has(state, ward, "homesick")
    rules.kill(state, ward, [])
    assert where(state, ward) == rules.GRAVE
    assert state.cards[ward].card is WARD  # an Enchantment again in the graveyard


def test_an_enchantment_is_played_as_a_creature_only_while_a_card_lets_it(real):
    state = at(start(), "play1")
    resources(state, P1, "red_banner", 3)
    ward = put(state, P1, WARD, rules.HAND)
    why = refused(state, f"P1: play #{ward} -> #{first_city(state, P1)} creature")
    assert "played as a creature only when a card of yours says so" in why
    assert not [a for a in options(state, "play") if "creature" in a.words]
