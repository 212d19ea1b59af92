"""The real Gaian deck's cards from Nightingale to Spirit Tree, each pinned by the rule its
text makes; the first half of the deck is in ``test_real_gaian.py``. The cards come from
``../shared/arcmage`` (the ``real`` fixture); without it the tests are skipped."""

from __future__ import annotations

from tabletop.games.arcmage import rules

from .helpers import (
    GOBLIN,
    OGRE,
    P1,
    P2,
    at,
    attack,
    do,
    end_phase,
    first_city,
    marked,
    play_phase,
    put,
    refused,
    resources,
    start,
    strength,
    texts,
    to_hand,
)
from .test_real_gaian import (
    ambush_hits,
    devote,
    level,
    next_turn,
    until_block,
    zone,
)

# -- Nightingale -------------------------------------------------------------------------------


def test_nightingale_marked_for_devotion_marks_target_creature_for_its_next_unmark(real):
    state = start()
    home = first_city(state, P1)
    bird = put(state, P1, real["Nightingale"], home)
    ogre = put(state, P2, OGRE)
    devote(state, home, [bird])
    assert marked(state, bird)
    assert state.top_prompt.name == "target" and state.top_prompt.seat == P1
    assert "cannot be passed" in refused(state, "P1: pass")
    do(state, f"P1: target #{bird} -> #{ogre}")
    assert marked(state, ogre) and state.cards[ogre].counters.get("frozen") == 1
    next_turn(state)  # Player 2's next Unmark phase
    assert state.active == P2 and marked(state, ogre)
    assert "frozen" not in state.cards[ogre].counters
    next_turn(state)
    next_turn(state)  # the one after: it unmarks
    assert state.active == P2 and not marked(state, ogre)


# -- Nourished Flower --------------------------------------------------------------------------


def test_nourished_flower_gains_a_lasting_counter_each_time_you_play_a_gaian_card(real):
    state = play_phase()
    home = first_city(state, P1)
    flower = put(state, P1, real["Nourished Flower"], home)
    kolibri = to_hand(state, P1, real["Kolibri"])
    goblin = to_hand(state, P1, GOBLIN)  # Red Banner
    resources(state, P1, "gaian", 1)
    resources(state, P1, "red_banner", 1)
    events = do(state, f"P1: play #{kolibri} -> #{home}")
    assert rules.stats(state, flower) == (2, 2)
    grew = texts(events).index("Nourished Flower gets +1/+1 as counters")
    assert grew < texts(events).index("Kolibri resolves")  # as the card is played
    do(state, f"P1: play #{goblin} -> #{home}")
    assert rules.stats(state, flower) == (2, 2)  # not a Gaian card
    next_turn(state)
    assert rules.stats(state, flower) == (2, 2)


def test_nourished_flower_does_not_grow_when_another_player_plays_a_gaian_card(real):
    state = play_phase(first=P2)
    flower = put(state, P1, real["Nourished Flower"])
    kolibri = to_hand(state, P2, real["Kolibri"])
    resources(state, P2, "gaian", 1)
    do(state, f"P2: play #{kolibri} -> #{first_city(state, P2)}")
    assert rules.home(state, kolibri) == first_city(state, P2)
    assert rules.stats(state, flower) == (1, 1)


# -- Poison Ivy --------------------------------------------------------------------------------


def test_a_creature_poison_ivy_damages_unmarks_only_by_taking_a_minus_one_counter(real):
    state = at(start(), "attack", seat=P2)
    mine = first_city(state, P1)
    ivy = put(state, P1, real["Poison Ivy"])
    ogre = put(state, P2, OGRE)
    goblin = put(state, P2, GOBLIN)
    attack(state, [ogre, goblin], mine, {ivy: ogre})
    assert zone(state, ivy) == rules.GRAVE
    assert state.cards[ogre].counters.get("ivy") == 1
    assert "ivy" not in state.cards[goblin].counters  # not damaged by the Ivy
    assert strength(state, mine) == 8 - 2
    next_turn(state)
    next_turn(state)  # Player 2's next Unmark phase
    assert state.active == P2
    assert marked(state, ogre) and not marked(state, goblin)
    assert refused(state, f"P2: release #{goblin}")
    do(state, f"P2: release #{ogre}")
    assert not marked(state, ogre) and rules.stats(state, ogre) == (3, 4)


# -- Sanctuary ---------------------------------------------------------------------------------


def test_sanctuary_level_3_gives_its_residents_sanctuary(real):
    state = play_phase()
    sanctuary = put(state, P1, real["Sanctuary"], "city2")
    resident = put(state, P1, GOBLIN, sanctuary)
    elsewhere = put(state, P1, GOBLIN, first_city(state, P1))
    army = put(state, P1, GOBLIN)
    level(state, sanctuary, 2)
    assert not rules.has(state, resident, "sanctuary")
    level(state, sanctuary, 3)
    assert rules.has(state, resident, "sanctuary")
    assert not rules.has(state, elsewhere, "sanctuary")
    assert not rules.has(state, army, "sanctuary")
    events = ambush_hits(state, real, resident)
    assert "Test Goblin has sanctuary and is not damaged" in texts(events)
    assert state.cards[resident].damage == 0
    ambush_hits(state, real, elsewhere)
    assert state.cards[elsewhere].damage == 1


def test_sanctuary_level_5_gives_all_residents_of_your_cities_sanctuary(real):
    state = play_phase()
    sanctuary = put(state, P1, real["Sanctuary"], "city2")
    resident = put(state, P1, GOBLIN, sanctuary)
    elsewhere = put(state, P1, GOBLIN, first_city(state, P1))
    army = put(state, P1, GOBLIN)
    theirs = put(state, P2, GOBLIN, first_city(state, P2))
    level(state, sanctuary, 4)
    assert not rules.has(state, elsewhere, "sanctuary")
    level(state, sanctuary, 5)
    assert rules.has(state, resident, "sanctuary") and rules.has(state, elsewhere, "sanctuary")
    assert not rules.has(state, army, "sanctuary")
    assert not rules.has(state, theirs, "sanctuary")


def test_sanctuary_level_5_reaches_the_residents_in_your_cities_and_no_others(real):
    state = play_phase()
    sanctuary = put(state, P1, real["Sanctuary"], "city2")
    # an infiltrator of yours lives in the other player's city: not in your cities
    mine_abroad = put(state, P1, GOBLIN, first_city(state, P2))
    # the other player's infiltrator lives in your city: a resident in your cities
    theirs_here = put(state, P2, GOBLIN, first_city(state, P1))
    level(state, sanctuary, 5)
    assert {
        "mine in their city": rules.has(state, mine_abroad, "sanctuary"),
        "theirs in my city": rules.has(state, theirs_here, "sanctuary"),
    } == {"mine in their city": False, "theirs in my city": True}


def test_sanctuary_level_7_gives_the_creatures_of_your_army_sanctuary(real):
    state = play_phase()
    sanctuary = put(state, P1, real["Sanctuary"], "city2")
    army = put(state, P1, GOBLIN)
    theirs = put(state, P2, GOBLIN)
    level(state, sanctuary, 6)
    assert not rules.has(state, army, "sanctuary")
    level(state, sanctuary, 7)
    assert rules.has(state, army, "sanctuary")
    assert not rules.has(state, theirs, "sanctuary")
    ambush_hits(state, real, army)  # the Ambush is in the army too
    assert state.cards[army].damage == 0


# -- Sequoia Saplings --------------------------------------------------------------------------


def test_sequoia_saplings_gets_plus_zero_plus_one_for_each_other_gaian_card_beside_it(real):
    state = play_phase()
    home = first_city(state, P1)  # Cinderhold: Red Banner
    sapling = put(state, P1, real["Sequoia Saplings"], home)
    assert rules.stats(state, sapling) == (0, 1)
    put(state, P1, GOBLIN, home)  # not Gaian
    assert rules.stats(state, sapling) == (0, 1)
    put(state, P1, real["Kolibri"], home)
    put(state, P1, real["Botanist"], home)
    assert rules.stats(state, sapling) == (0, 3)
    put(state, P1, real["Kolibri"])  # in the army, not beside it
    assert rules.stats(state, sapling) == (0, 3)

    tree = put(state, P1, real["Spirit Tree"], "city2")  # a Gaian city counts
    in_tree = put(state, P1, real["Sequoia Saplings"], tree)
    assert rules.stats(state, in_tree) == (0, 2)
    in_army = put(state, P1, real["Sequoia Saplings"])  # with the army's Kolibri
    assert rules.stats(state, in_army) == (0, 2)


def test_sequoia_saplings_has_ranged_once_its_defense_reaches_5(real):
    state = at(start(), "attack", seat=P2)
    tree = put(state, P1, real["Spirit Tree"], "city2")
    sapling = put(state, P1, real["Sequoia Saplings"], tree)
    put(state, P1, real["Botanist"], tree)
    put(state, P1, real["Botanist"], tree)
    griffin = put(state, P2, real["Majestic Griffin"])
    assert rules.stats(state, sapling) == (0, 4)
    assert not rules.has(state, sapling, "ranged")
    do(state, f"P2: attack #{griffin} -> #{tree}")
    until_block(state)
    assert refused(state, f"P1: block #{sapling} -> #{griffin}") == rules.R_FLYING
    put(state, P1, real["Botanist"], tree)
    assert rules.stats(state, sapling) == (0, 5) and rules.has(state, sapling, "ranged")
    do(state, f"P1: block #{sapling} -> #{griffin}")
    do(state, "P1: pass")
    assert state.cards[sapling].damage == 4 and rules.home(state, sapling) == tree
    assert strength(state, tree) == 6


def minus_one_counter(state, cid):
    """The -1/-1 counter a creature takes to unmark after Poison Ivy damaged it."""
    c = state.cards[cid].counters
    c["atk"] = c.get("atk", 0) - 1
    c["def"] = c.get("def", 0) - 1


def test_sequoia_saplings_dies_when_the_neighbour_holding_its_defense_up_dies_in_battle(real):
    # Ruling 39: the Botanist beside it dies in the battle; without its +0/+1 the Sapling,
    # at -1/-1 for defending against the Ambush, has DEF 0 and dies too, undamaged.
    state = at(start(), "attack", seat=P2)
    home = first_city(state, P1)
    sapling = put(state, P1, real["Sequoia Saplings"], home)
    botanist = put(state, P1, real["Botanist"], home)  # Gaian, 1/2
    ambush = put(state, P2, real["Elvish Ambush"])
    assert rules.stats(state, sapling) == (0, 2)
    do(state, f"P2: attack #{ambush} -> #{home}")
    until_block(state)
    do(state, f"P1: block #{sapling} -> #{ambush}")
    do(state, f"P1: block #{botanist} -> #{ambush}")
    do(state, "P1: pass")
    assert rules.stats(state, sapling) == (0, 1) and rules.stats(state, botanist) == (0, 1)
    events = do(state, f"P2: split #{ambush} -> #{sapling}, #{botanist} 0 1")
    assert zone(state, botanist) == rules.GRAVE
    assert zone(state, sapling) == rules.GRAVE and state.cards[sapling].damage == 0
    assert texts(events).index("Botanist dies") < texts(events).index("Sequoia Saplings dies")


def test_sequoia_saplings_dies_when_its_neighbours_death_is_not_prevented(real):
    # Ruling 39: the Ivy beside it dies once its controller declines the Botanist's save;
    # the Sapling, at DEF 0 without it, is dying in turn (a Tree: it may be saved too).
    state = play_phase()
    home = first_city(state, P1)
    botanist = put(state, P1, real["Botanist"])
    sapling = put(state, P1, real["Sequoia Saplings"], home)
    ivy = put(state, P1, real["Poison Ivy"], home)  # a Gaian 1/1 Flower
    minus_one_counter(state, sapling)
    resources(state, P1, "gaian", 2)
    assert rules.stats(state, sapling) == (0, 1)
    ambush_hits(state, real, ivy)
    assert state.top_prompt.name == "choose" and state.cards[ivy].counters.get("dying")
    do(state, "P1: pass")
    assert zone(state, ivy) == rules.GRAVE
    assert state.top_prompt.name == "choose" and state.cards[sapling].counters.get("dying")
    do(state, "P1: pass")
    assert zone(state, sapling) == rules.GRAVE and not marked(state, botanist)


def test_sequoia_saplings_dies_as_its_neighbour_moves_out_of_their_destroyed_city(real):
    # Ruling 39: the Spirit Tree falls; the Sapling (a -1/-1 counter, +0/+1 for the Kolibri)
    # waits to move out while the Kolibri leaves first, and has DEF 0.
    state = play_phase()
    tree = put(state, P1, real["Spirit Tree"], "city2")
    state.cards[tree].damage = 5  # 1 defense left
    sapling = put(state, P1, real["Sequoia Saplings"], tree)
    kolibri = put(state, P1, real["Kolibri"], tree)
    minus_one_counter(state, sapling)
    assert rules.stats(state, sapling) == (0, 2)  # the Kolibri and the Gaian city
    ambush_hits(state, real, tree)
    assert state.top_prompt.name == "evacuate" and state.data.evac == (sapling, kolibri)
    do(state, f"P1: move #{kolibri} army")
    assert zone(state, sapling) == rules.GRAVE
    assert not state.prompts and state.data.evac == ()


# -- Spirit Tree -------------------------------------------------------------------------------


def test_spirit_tree_level_3_puts_a_creature_from_your_graveyard_into_your_army_for_a_turn(real):
    state = start()
    tree = put(state, P1, real["Spirit Tree"], "city2")
    residents = [
        put(state, P1, real["Nourished Flower"], tree),
        put(state, P1, real["Kolibri"], tree),
    ]  # loyalty 2 + 1
    griffin = put(state, P1, real["Majestic Griffin"], rules.GRAVE)
    spring = put(state, P1, real["Early Spring"], rules.GRAVE)  # not a creature
    their_dead = put(state, P2, OGRE, rules.GRAVE)  # not yours
    devote(state, tree, residents)
    assert state.top_prompt.name == "choose" and state.top_prompt.seat == P1
    assert refused(state, f"P1: target #{tree} -> #{spring}").startswith(rules.R_TARGET)
    assert refused(state, f"P1: target #{tree} -> #{their_dead}").startswith(rules.R_TARGET)
    do(state, f"P1: target #{tree} -> #{griffin}")
    assert state.cards[griffin].zone == (P1, rules.ARMY) and not marked(state, griffin)
    next_turn(state)
    assert state.cards[griffin].zone == (P1, rules.ARMY)  # through the other's turn
    next_turn(state)  # the start of Player 1's next turn
    assert state.cards[griffin].zone == (P1, rules.REMOVED)


def test_a_sapling_the_spirit_trees_creature_held_up_may_be_saved_as_that_creature_leaves(real):
    # Ruling 39: the Griffin leaves the game at the start of Player 1's next turn; the army's
    # Sapling, carrying a -1/-1 counter, is left with DEF 0 and is dying in that Unmark phase.
    state = start()
    tree = put(state, P1, real["Spirit Tree"], "city2")
    residents = [
        put(state, P1, real["Nourished Flower"], tree),
        put(state, P1, real["Kolibri"], tree),
    ]  # loyalty 2 + 1
    botanist = put(state, P1, real["Botanist"], first_city(state, P1))
    griffin = put(state, P1, real["Majestic Griffin"], rules.GRAVE)
    sapling = put(state, P1, real["Sequoia Saplings"])
    resources(state, P1, "gaian", 2)
    devote(state, tree, residents)
    do(state, f"P1: target #{tree} -> #{griffin}")
    minus_one_counter(state, sapling)
    assert rules.stats(state, sapling) == (0, 1)  # the Griffin beside it in the army
    next_turn(state)
    while state.active != P1:
        assert not state.prompts
        if state.phase == "draw" and state.data.drawn is None:
            do(state, "P2: draw 2")
        end_phase(state)
    assert zone(state, griffin) == rules.REMOVED
    assert state.phase == "unmark" and state.top_prompt.name == "choose"
    assert state.cards[sapling].counters.get("dying")
    do(state, "P1: pass")
    assert zone(state, sapling) == rules.GRAVE and not marked(state, botanist)
    assert state.phase == "draw" and state.active == P1


def test_spirit_tree_level_3_may_leave_the_graveyard_alone(real):
    state = start()
    tree = put(state, P1, real["Spirit Tree"], "city2")
    residents = [
        put(state, P1, real["Nourished Flower"], tree),
        put(state, P1, real["Kolibri"], tree),
    ]
    griffin = put(state, P1, real["Majestic Griffin"], rules.GRAVE)
    devote(state, tree, residents)
    do(state, "P1: pass")
    assert not state.prompts
    assert zone(state, griffin) == rules.GRAVE
    assert state.zones[(P1, rules.ARMY)] == []


def test_spirit_tree_level_7_puts_a_creature_from_your_graveyard_in_play_as_its_resident(real):
    state = start()
    tree = put(state, P1, real["Spirit Tree"], "city2")
    residents = [
        put(state, P1, real["Majestic Griffin"], tree),
        put(state, P1, real["Nourished Flower"], tree),
        put(state, P1, real["Poison Ivy"], tree),
    ]  # loyalty 3 + 2 + 2
    archer = put(state, P1, real["Elvish Archer"], rules.GRAVE)
    devote(state, tree, residents)
    assert state.data.devotion[tree] == 7
    do(state, "P1: pass")  # Level 3: not into the army
    assert state.top_prompt.name == "choose"
    do(state, f"P1: target #{tree} -> #{archer}")
    assert rules.home(state, archer) == tree and not marked(state, archer)
    assert strength(state, tree) == 6 + 2  # the Archer came into play in it
    next_turn(state)
    next_turn(state)
    assert rules.home(state, archer) == tree  # it stays
