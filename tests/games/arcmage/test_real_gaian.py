"""The real deck "Gaian love for life" (Gaian): every card's text, as the parser reads it
from the arcmage.org extract and the engine enforces it, one test per rule the text makes.

The cards come from ``../shared/arcmage`` (the ``real`` fixture); without it these tests
are skipped, and no card text is copied into the project.
"""

from __future__ import annotations

import pytest

from tabletop.games.arcmage import rules

from .helpers import (
    GOBLIN,
    OGRE,
    P1,
    P2,
    PIKE,
    at,
    attack,
    attack_phase,
    declines,
    do,
    end_phase,
    first_city,
    hand,
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

DECK = "Gaian love for life"


# -- positions ---------------------------------------------------------------------------------


def zone(state, cid):
    return state.cards[cid].zone[1]


def removed(state, seat=P1):
    return state.zones[(seat, rules.REMOVED)]


def gaian_pile(state, seat=P1):
    return state.zones[(seat, rules.RES["gaian"])]


def level(state, city, n):
    """A city's holding Levels, as if devotion ``n`` had been shown this turn."""
    state.data.devotion[city] = n


def until_block(state):
    while state.top_prompt is not None and state.top_prompt.name != "block":
        do(state, f"P{state.top_prompt.seat + 1}: pass")
    assert state.top_prompt is not None


def devote(state, city, residents):
    at(state, "tactics")
    do(state, f"P1: devote #{city}, " + ", ".join(f"#{r}" for r in residents))
    declines(state)


def next_turn(state):
    """End phases until the next seat's Draw & Resource phase (its Unmark phase done). A
    seat whose Draw & Resource phase is passed through draws 2, and those cards go back
    under its deck (no Event in hand can open an answer window)."""
    seat = state.active
    for _ in range(30):
        if state.active != seat and state.phase == "draw":
            return
        assert not state.prompts, state.top_prompt
        if state.phase == "draw" and state.data.drawn is None:
            me = state.active
            before = set(hand(state, me))
            do(state, f"P{me + 1}: draw 2")
            for cid in [c for c in hand(state, me) if c not in before]:
                state.move(cid, (me, rules.DECK))
        end_phase(state)
    raise AssertionError("the turn did not pass")


def ambush_hits(state, real, victim):
    """Player 1's own Elvish Ambush deals 1 damage to ``victim``."""
    ambush = put(state, P1, real["Elvish Ambush"])
    return do(state, f"P1: use #{ambush} -> #{victim}")


# -- the deck ----------------------------------------------------------------------------------


def test_every_card_of_gaian_love_for_life_is_fully_enforced(real, arcmage_data):
    from tabletop.games.arcmage.database import read_decks

    deck = next(d for d in read_decks(arcmage_data / "decks.json") if d.name == DECK)
    names = [dc.card.name.strip() for dc in deck.deck_cards]
    assert len(names) == 17
    assert {n: real[n].unenforced for n in names} == {n: "" for n in names}


# -- Botanist ----------------------------------------------------------------------------------


def test_botanist_saves_a_dying_flower_by_sacrificing_two_resource_cards_and_marks_it(real):
    state = play_phase()
    botanist = put(state, P1, real["Botanist"])
    ivy = put(state, P1, real["Poison Ivy"])  # a 1/1 Flower
    res = resources(state, P1, "gaian", 3, marked=1)
    ambush_hits(state, real, ivy)
    assert state.top_prompt.name == "choose" and state.top_prompt.seat == P1
    assert zone(state, ivy) == rules.ARMY and state.cards[ivy].counters.get("dying") == 1
    events = do(state, f"P1: target #{botanist} -> #{ivy}")
    assert "Botanist: prevents Poison Ivy from dying" in texts(events)
    assert zone(state, ivy) == rules.ARMY and state.cards[ivy].damage == 0
    assert "dying" not in state.cards[ivy].counters
    assert marked(state, ivy) and marked(state, botanist)
    assert removed(state) == res[:2]  # the marked one first
    assert gaian_pile(state) == res[2:] and not marked(state, res[2])


def test_botanist_saves_a_dying_tree(real):
    state = play_phase()
    botanist = put(state, P1, real["Botanist"])
    sapling = put(state, P1, real["Sequoia Saplings"], first_city(state, P1))  # 0/1 Tree
    resources(state, P1, "gaian", 2)
    ambush_hits(state, real, sapling)
    do(state, f"P1: target #{botanist} -> #{sapling}")
    assert rules.home(state, sapling) == first_city(state, P1)
    assert state.cards[sapling].damage == 0 and marked(state, sapling)
    assert len(removed(state)) == 2 and gaian_pile(state) == []


def test_botanist_lets_the_flower_die_when_its_controller_passes(real):
    state = play_phase()
    botanist = put(state, P1, real["Botanist"])
    ivy = put(state, P1, real["Poison Ivy"])
    res = resources(state, P1, "gaian", 2)
    ambush_hits(state, real, ivy)
    do(state, "P1: pass")
    assert zone(state, ivy) == rules.GRAVE and "dying" not in state.cards[ivy].counters
    assert not marked(state, botanist)
    assert gaian_pile(state) == res and removed(state) == []


def test_botanist_cannot_save_a_creature_that_is_not_a_tree_or_flower(real):
    state = play_phase()
    put(state, P1, real["Botanist"])
    kolibri = put(state, P1, real["Kolibri"])  # a 0/1 Bird
    resources(state, P1, "gaian", 2)
    ambush_hits(state, real, kolibri)
    assert not state.prompts and zone(state, kolibri) == rules.GRAVE
    assert removed(state) == []


def test_botanist_cannot_save_when_marked_or_short_of_two_resource_cards(real):
    state = play_phase()
    put(state, P1, real["Botanist"], marked=True)
    ivy = put(state, P1, real["Poison Ivy"])
    resources(state, P1, "gaian", 2)
    ambush_hits(state, real, ivy)
    assert not state.prompts and zone(state, ivy) == rules.GRAVE

    state = play_phase()
    botanist = put(state, P1, real["Botanist"])
    ivy = put(state, P1, real["Poison Ivy"])
    resources(state, P1, "gaian", 1)
    ambush_hits(state, real, ivy)
    assert not state.prompts and zone(state, ivy) == rules.GRAVE
    assert not marked(state, botanist) and removed(state) == []


@pytest.mark.parametrize("card", ["Botanist", "Nourished Flower", "Poison Ivy", "Sequoia Saplings"])
def test_peaceful_gaian_creatures_cannot_attack(real, card):
    state = attack_phase()
    theirs = first_city(state, P2)
    peaceful = put(state, P1, real[card])
    goblin = put(state, P1, GOBLIN)
    assert rules.has(state, peaceful, "peaceful")
    assert refused(state, f"P1: attack #{peaceful} -> #{theirs}") == f"{rules.R_PEACEFUL}: {card}"
    assert (
        refused(state, f"P1: attack #{goblin}, #{peaceful} -> #{theirs}")
        == f"{rules.R_PEACEFUL}: {card}"
    )
    attack(state, [goblin], theirs)
    assert strength(state, theirs) == 10 - 2


# -- Call to Aid -------------------------------------------------------------------------------


def test_call_to_aid_lets_your_citys_residents_defend_another_city_this_turn(real):
    state = attack_phase()
    briarmoor = first_city(state, P2)
    farmland = put(state, P2, real["Farmland"], "city2")
    guard = put(state, P2, PIKE, farmland)
    ogre = put(state, P1, OGRE)
    aid = to_hand(state, P2, real["Call to Aid"])
    resources(state, P2, "gaian", 3)
    do(state, f"P1: attack #{ogre} -> #{briarmoor}")
    until_block(state)
    assert refused(state, f"P2: block #{guard} -> #{ogre}") == rules.R_BLOCK
    # "target city you control"
    assert refused(state, f"P2: play #{aid} -> #{first_city(state, P1)}").startswith(rules.R_TARGET)
    do(state, f"P2: play #{aid} -> #{farmland}")
    until_block(state)
    do(state, f"P2: block #{guard} -> #{ogre}")
    do(state, "P2: pass")
    assert zone(state, guard) == rules.GRAVE and state.cards[ogre].damage == 2
    assert strength(state, briarmoor) == 10  # blocked: nothing reaches the city
    # until end of turn only: on Player 1's next attack the residents stay home
    next_turn(state)
    next_turn(state)
    at(state, "attack")
    guard2 = put(state, P2, PIKE, farmland)
    do(state, f"P1: attack #{ogre} -> #{briarmoor}")
    until_block(state)
    assert refused(state, f"P2: block #{guard2} -> #{ogre}") == rules.R_BLOCK


# -- Early Spring ------------------------------------------------------------------------------


def test_early_spring_gives_each_tree_or_flower_plus_two_plus_two_until_end_of_turn(real):
    state = play_phase()
    ivy = put(state, P1, real["Poison Ivy"])  # Flower 1/1
    sapling = put(state, P1, real["Sequoia Saplings"], first_city(state, P1))  # Tree 0/1
    crop = put(state, P2, real["Crop"])  # another player's Flower 0/1
    kolibri = put(state, P1, real["Kolibri"])  # a Bird 0/1
    spring = to_hand(state, P1, real["Early Spring"])
    resources(state, P1, "gaian", 4)
    do(state, f"P1: play #{spring}")
    assert zone(state, spring) == rules.GRAVE
    assert rules.stats(state, ivy) == (3, 3)
    assert rules.stats(state, sapling) == (2, 3)
    assert rules.stats(state, crop) == (2, 3)
    assert rules.stats(state, kolibri) == (0, 1)
    next_turn(state)
    assert rules.stats(state, ivy) == (1, 1)
    assert rules.stats(state, sapling) == (0, 1)
    assert rules.stats(state, crop) == (0, 1)


def test_early_spring_gives_each_gaian_city_two_defense(real):
    state = play_phase()
    cinderhold, briarmoor = first_city(state, P1), first_city(state, P2)  # Red Banner, Gaian
    tree = put(state, P1, real["Spirit Tree"], "city2")  # Gaian, 6
    spring = to_hand(state, P1, real["Early Spring"])
    resources(state, P1, "gaian", 4)
    do(state, f"P1: play #{spring}")
    assert strength(state, briarmoor) == 10 + 2  # any player's Gaian city
    assert strength(state, tree) == 6 + 2
    assert strength(state, cinderhold) == 8
    next_turn(state)  # "gains" defense points: they stay
    assert strength(state, briarmoor) == 12 and strength(state, tree) == 8


# -- Elvish Ambush -----------------------------------------------------------------------------


def test_creatures_defending_against_elvish_ambush_get_minus_one_minus_one(real):
    state = attack_phase()
    theirs = first_city(state, P2)
    ambush = put(state, P1, real["Elvish Ambush"])  # 1/1
    pike = put(state, P2, PIKE)  # 2/3
    goblin = put(state, P2, GOBLIN)  # does not defend
    events = attack(state, [ambush], theirs, {pike: ambush})
    assert "Test Pikeman gets -1/-1 until end of turn" in texts(events)
    assert rules.stats(state, pike) == (1, 2) and state.cards[pike].damage == 1
    assert zone(state, pike) == rules.ARMY
    assert zone(state, ambush) == rules.GRAVE  # the weakened Pikeman still deals 1
    assert rules.stats(state, goblin) == (2, 2)
    assert strength(state, theirs) == 10
    next_turn(state)
    assert rules.stats(state, pike) == (2, 3)


def test_elvish_ambush_marks_to_deal_one_damage_to_target_creature_or_city(real):
    state = play_phase()
    theirs = first_city(state, P2)
    a1 = put(state, P1, real["Elvish Ambush"])
    a2 = put(state, P1, real["Elvish Ambush"])
    goblin = put(state, P2, GOBLIN)
    do(state, f"P1: use #{a1} -> #{theirs}")
    assert strength(state, theirs) == 10 - 1 and marked(state, a1)
    do(state, f"P1: use #{a2} -> #{goblin}")
    assert state.cards[goblin].damage == 1 and zone(state, goblin) == rules.ARMY
    assert marked(state, a2)
    assert refused(state, f"P1: use #{a1} -> #{goblin}").startswith(rules.R_MARKED)
    assert state.cards[goblin].damage == 1


# -- Elvish Archer -----------------------------------------------------------------------------


def test_elvish_archer_coming_into_play_gives_its_city_two_defense(real):
    state = play_phase()
    home = first_city(state, P1)
    tree = put(state, P1, real["Spirit Tree"], "city2")
    archer = to_hand(state, P1, real["Elvish Archer"])
    resources(state, P1, "gaian", 3)
    do(state, f"P1: play #{archer} -> #{home}")
    assert rules.home(state, archer) == home
    assert strength(state, home) == 8 + 2
    assert strength(state, tree) == 6 and strength(state, first_city(state, P2)) == 10


def test_elvish_archer_gives_every_elf_in_play_ranged(real):
    state = attack_phase()
    theirs = first_city(state, P2)
    archer = put(state, P1, real["Elvish Archer"])
    ambush = put(state, P1, real["Elvish Ambush"])  # an Elf
    their_elf = put(state, P2, real["Botanist"])  # an Elf of the other player
    kolibri = put(state, P1, real["Kolibri"])  # a Bird
    assert rules.has(state, archer, "ranged")
    assert rules.has(state, ambush, "ranged") and rules.has(state, their_elf, "ranged")
    assert not rules.has(state, kolibri, "ranged")
    attack(state, [kolibri], theirs, {their_elf: kolibri})  # an Elf defends against a flyer
    assert zone(state, kolibri) == rules.GRAVE and strength(state, theirs) == 10
    state.move(archer, (P1, rules.GRAVE))
    assert not rules.has(state, ambush, "ranged")
    assert not rules.has(state, their_elf, "ranged")


# -- Falconer ----------------------------------------------------------------------------------


def test_falconer_saves_a_dying_bird_by_sacrificing_two_resource_cards(real):
    state = play_phase()
    falconer = put(state, P1, real["Falconer"])
    kolibri = put(state, P1, real["Kolibri"])
    res = resources(state, P1, "gaian", 2)
    ambush_hits(state, real, kolibri)
    assert state.top_prompt.name == "choose" and state.top_prompt.seat == P1
    events = do(state, f"P1: target #{falconer} -> #{kolibri}")
    assert "Falconer: prevents Kolibri from dying" in texts(events)
    assert zone(state, kolibri) == rules.ARMY and state.cards[kolibri].damage == 0
    assert marked(state, kolibri) and marked(state, falconer)
    assert removed(state) == res and gaian_pile(state) == []


def test_falconer_cannot_save_a_creature_that_is_not_a_bird(real):
    state = play_phase()
    falconer = put(state, P1, real["Falconer"])
    ivy = put(state, P1, real["Poison Ivy"])  # a Flower
    res = resources(state, P1, "gaian", 2)
    ambush_hits(state, real, ivy)
    assert not state.prompts and zone(state, ivy) == rules.GRAVE
    assert not marked(state, falconer) and gaian_pile(state) == res


def test_falconer_gives_the_birds_in_your_hand_sudden(real):
    state = play_phase()
    kolibri = to_hand(state, P1, real["Kolibri"])
    botanist = to_hand(state, P1, real["Botanist"])
    resources(state, P1, "gaian", 3)
    assert refused(state, f"P1: play #{kolibri} army") == rules.R_INTO_CITY
    put(state, P2, real["Falconer"])  # the other player's Falconer: not your Birds
    assert refused(state, f"P1: play #{kolibri} army") == rules.R_INTO_CITY
    put(state, P1, real["Falconer"])
    do(state, f"P1: play #{kolibri} army")
    assert state.cards[kolibri].zone == (P1, rules.ARMY)
    assert refused(state, f"P1: play #{botanist} army") == rules.R_INTO_CITY  # not a Bird


# -- Farmland ----------------------------------------------------------------------------------


def test_farmland_level_2_puts_a_crop_token_into_play_as_its_resident(real):
    state = start()
    farm = put(state, P1, real["Farmland"], "city2")
    flower = put(state, P1, real["Nourished Flower"], farm)  # loyalty 2
    crop = put(state, P1, real["Crop"], rules.TOKENS)
    devote(state, farm, [flower])
    assert state.data.devotion[farm] == 2
    assert rules.home(state, crop) == farm and not marked(state, crop)
    assert rules.stats(state, crop) == (0, 1)
    assert rules.is_type(state.cards[crop].card, "Flower")

    state = start()  # devotion 1: no crop
    farm = put(state, P1, real["Farmland"], "city2")
    kolibri = put(state, P1, real["Kolibri"], farm)  # loyalty 1
    crop = put(state, P1, real["Crop"], rules.TOKENS)
    devote(state, farm, [kolibri])
    assert state.data.devotion[farm] == 1 and zone(state, crop) == rules.TOKENS
    assert rules.residents(state, farm) == [kolibri]


def test_crop_token_sacrifices_itself_to_produce_one_gaian_and_counts_as_a_flower(real):
    state = play_phase()
    crop = put(state, P1, real["Crop"], first_city(state, P1))
    kolibri = put(state, P1, real["Kolibri"])
    do(state, f"P1: use #{kolibri}")  # you control a Flower: the crop
    assert state.data.pool[P1] == {"gaian": 2}
    events = do(state, f"P1: use #{crop}")
    assert state.data.pool[P1] == {"gaian": 3}
    assert state.cards[crop].zone == (P1, rules.REMOVED)
    assert any("produces 1 Gaian resource" in t for t in texts(events))


def test_farmland_level_4_gives_your_flowers_and_trees_plus_one_plus_three(real):
    state = play_phase()
    farm = put(state, P1, real["Farmland"], "city2")
    flower = put(state, P1, real["Nourished Flower"])  # 1/1 Flower
    sapling = put(state, P1, real["Sequoia Saplings"], first_city(state, P1))  # 0/1 Tree
    kolibri = put(state, P1, real["Kolibri"], first_city(state, P1))
    theirs = put(state, P2, real["Poison Ivy"])  # not yours
    assert rules.stats(state, sapling) == (0, 2)  # the Kolibri beside it
    level(state, farm, 3)
    assert rules.stats(state, flower) == (1, 1)
    level(state, farm, 4)
    assert rules.stats(state, flower) == (2, 4)
    assert rules.stats(state, sapling) == (1, 5)
    assert rules.stats(state, kolibri) == (0, 1)
    assert rules.stats(state, theirs) == (1, 1)
    next_turn(state)
    next_turn(state)  # Player 1's Unmark phase: the devotion has faded
    assert rules.stats(state, flower) == (1, 1)


def test_a_resident_killed_by_its_farmland_falling_is_not_asked_to_move_out(real):
    # Ruling 39: Farmland destroyed takes its Level 4 with it; the Flower that survived the
    # Goblin at 2/4 dies (2 damage, DEF 1) and is not among the residents to move.
    state = at(start(), "attack", seat=P2)
    farm = put(state, P1, real["Farmland"], "city2")
    state.cards[farm].damage = 4  # 3 defense left
    flower = put(state, P1, real["Nourished Flower"], farm)
    level(state, farm, 4)
    assert rules.stats(state, flower) == (2, 4)
    goblin = put(state, P2, GOBLIN)
    ogre = put(state, P2, OGRE)
    events = attack(state, [goblin, ogre], farm, {flower: goblin})
    assert "Farmland is destroyed" in texts(events) and "Nourished Flower dies" in texts(events)
    assert zone(state, flower) == rules.GRAVE
    assert not state.prompts and state.phase == "play2" and state.data.evac == ()


# -- Grassroots --------------------------------------------------------------------------------


def rooted_kolibri(state, real, x=2):
    """Player 1 plays Grassroots with X = ``x`` on Player 2's Kolibri."""
    kolibri = put(state, P2, real["Kolibri"])
    grass = to_hand(state, P1, real["Grassroots"])
    resources(state, P1, "gaian", x)
    events = do(state, f"P1: play #{grass} -> #{kolibri} x={x}")
    return kolibri, grass, events


def test_grassroots_puts_x_grassroot_counters_on_target_creature_and_marks_it(real):
    state = play_phase()
    grass = to_hand(state, P1, real["Grassroots"])
    ogre = put(state, P2, OGRE)
    res = resources(state, P1, "gaian", 2)
    assert "costs X" in refused(state, f"P1: play #{grass} -> #{ogre}")
    events = do(state, f"P1: play #{grass} -> #{ogre} x=2")
    assert "Test Ogre gets 2 grassroot counters" in texts(events)
    assert state.cards[ogre].counters.get("grassroot") == 2  # its own marking adds none
    assert marked(state, ogre)
    assert state.cards[grass].attached_to == ogre
    assert state.cards[grass].zone == state.cards[ogre].zone
    assert all(marked(state, r) for r in res)  # X = 2 paid


def test_grassroots_creature_unmarks_only_if_its_controller_pays_one_per_counter(real):
    state = play_phase()
    kolibri, _, _ = rooted_kolibri(state, real, x=2)
    next_turn(state)  # Player 2's Unmark phase passed
    assert state.active == P2 and marked(state, kolibri)
    res = resources(state, P2, "gaian", 1)
    assert refused(state, f"P2: release #{kolibri}").startswith(rules.R_COST)
    res += resources(state, P2, "gaian", 1)
    do(state, f"P2: release #{kolibri}")
    assert not marked(state, kolibri)
    assert all(marked(state, r) for r in res)
    assert state.cards[kolibri].counters.get("grassroot") == 2


def test_grassroots_creature_gains_a_counter_each_time_it_is_marked(real):
    state = play_phase()
    kolibri, _, _ = rooted_kolibri(state, real, x=1)
    assert state.cards[kolibri].counters.get("grassroot") == 1
    next_turn(state)
    resources(state, P2, "gaian", 2)
    do(state, f"P2: release #{kolibri}")
    events = do(state, f"P2: use #{kolibri}")
    assert marked(state, kolibri)
    assert state.cards[kolibri].counters.get("grassroot") == 2
    assert "Kolibri gains a grassroot counter (2)" in texts(events)
    next_turn(state)
    next_turn(state)
    assert state.active == P2 and marked(state, kolibri)  # held again: the price is now 2
    do(state, f"P2: release #{kolibri}")
    assert not marked(state, kolibri)
    assert all(marked(state, r) for r in gaian_pile(state, P2))


# -- Kolibri -----------------------------------------------------------------------------------


def test_kolibri_produces_one_gaian_resource_without_a_flower(real):
    state = play_phase()
    kolibri = put(state, P1, real["Kolibri"])
    put(state, P2, real["Poison Ivy"])  # the other player's Flower does not count
    events = do(state, f"P1: use #{kolibri}")
    assert state.data.pool[P1] == {"gaian": 1} and marked(state, kolibri)
    assert any("produces 1 Gaian resource" in t for t in texts(events))
    assert refused(state, f"P1: use #{kolibri}").startswith(rules.R_MARKED)


def test_kolibri_produces_two_gaian_resources_when_you_control_a_flower(real):
    state = start()
    put(state, P1, real["Nourished Flower"], first_city(state, P1))
    kolibri = put(state, P1, real["Kolibri"])
    at(state, "tactics")  # it only produces: usable outside the Play phases
    do(state, f"P1: use #{kolibri}")
    assert state.data.pool[P1] == {"gaian": 2} and marked(state, kolibri)


# -- fliers: Kolibri, Majestic Griffin, Nightingale --------------------------------------------


@pytest.mark.parametrize("card", ["Kolibri", "Majestic Griffin", "Nightingale"])
def test_gaian_flyers_are_defended_only_by_flying_or_ranged_creatures(real, card):
    state = attack_phase()
    theirs = first_city(state, P2)
    flyer = put(state, P1, real[card])
    goblin = put(state, P2, GOBLIN)
    archer = put(state, P2, real["Elvish Archer"])  # ranged
    assert rules.has(state, flyer, "flying")
    do(state, f"P1: attack #{flyer} -> #{theirs}")
    until_block(state)
    assert refused(state, f"P2: block #{goblin} -> #{flyer}") == rules.R_FLYING
    do(state, f"P2: block #{archer} -> #{flyer}")
    do(state, "P2: pass")
    assert strength(state, theirs) == 10


def test_majestic_griffin_is_not_marked_for_attacking(real):
    state = attack_phase()
    theirs = first_city(state, P2)
    griffin = put(state, P1, real["Majestic Griffin"])
    goblin = put(state, P1, GOBLIN)
    attack(state, [griffin, goblin], theirs)
    assert not marked(state, griffin) and marked(state, goblin)
    assert strength(state, theirs) == 10 - 4 - 2


# -- Nature's Outrage --------------------------------------------------------------------------


def test_natures_outrage_lets_peaceful_trees_and_flowers_attack_this_turn(real):
    state = play_phase()
    theirs = first_city(state, P2)
    flower = put(state, P1, real["Nourished Flower"])
    sapling = put(state, P1, real["Sequoia Saplings"])
    botanist = put(state, P1, real["Botanist"])  # peaceful, an Elf
    outrage = to_hand(state, P1, real["Nature's Outrage"])
    resources(state, P1, "gaian", 6)
    do(state, f"P1: play #{outrage}")
    assert zone(state, outrage) == rules.GRAVE
    assert not rules.has(state, flower, "peaceful")
    assert not rules.has(state, sapling, "peaceful")
    assert rules.has(state, botanist, "peaceful")
    assert rules.stats(state, flower) == (2, 2)  # a Gaian card was played
    end_phase(state)
    assert state.phase == "attack"
    assert (
        refused(state, f"P1: attack #{flower}, #{botanist} -> #{theirs}")
        == f"{rules.R_PEACEFUL}: Botanist"
    )
    attack(state, [flower, sapling], theirs)
    assert marked(state, flower) and marked(state, sapling)
    assert strength(state, theirs) == 10 - 2
    next_turn(state)
    assert rules.has(state, flower, "peaceful") and rules.has(state, sapling, "peaceful")


# -- Botanic Block (of "Enchanted World") against Nature's Outrage -------------------------------


@pytest.mark.parametrize("first", ["Botanic Block", "Nature's Outrage"])
def test_botanic_blocks_can_not_attack_outweighs_natures_outrage_in_either_order(real, first):
    """ "Target creature is peaceful and can not attack this turn": Nature's Outrage lets it
    attack as though it had no peaceful, but the "can not attack" stands ("No, not, can't
    etc. always outweigh can")."""
    state = play_phase()
    theirs = first_city(state, P2)
    flower = put(state, P1, real["Nourished Flower"])
    sapling = put(state, P1, real["Sequoia Saplings"])
    block = to_hand(state, P1, real["Botanic Block"])
    outrage = to_hand(state, P1, real["Nature's Outrage"])
    resources(state, P1, "gaian", 7)
    plays = {
        "Botanic Block": f"P1: play #{block} -> #{flower}",
        "Nature's Outrage": f"P1: play #{outrage}",
    }
    for card in sorted(plays, key=lambda c: c != first):
        do(state, plays[card])
        declines(state)
    assert zone(state, block) == zone(state, outrage) == rules.GRAVE
    assert not rules.has(state, flower, "peaceful")  # as though it had none
    end_phase(state)
    assert state.phase == "attack"
    assert (
        refused(state, f"P1: attack #{flower} -> #{theirs}")
        == f"{rules.R_CANNOT}: a card says Nourished Flower cannot attack"
    )
    attack(state, [sapling], theirs)  # the Outrage's other Tree attacks
    assert marked(state, sapling) and not marked(state, flower)


def test_botanic_block_answering_an_attack_keeps_the_creature_out_of_it(real):
    state = play_phase()
    theirs = first_city(state, P2)
    flower = put(state, P1, real["Nourished Flower"])
    goblin = put(state, P1, GOBLIN)
    outrage = to_hand(state, P1, real["Nature's Outrage"])
    resources(state, P1, "gaian", 6)
    block = to_hand(state, P2, real["Botanic Block"])
    resources(state, P2, "gaian", 1)
    do(state, f"P1: play #{outrage}")
    declines(state)
    end_phase(state)
    do(state, f"P1: attack #{flower}, #{goblin} -> #{theirs}")
    assert state.top_prompt.seat == P2
    do(state, f"P2: play #{block} -> #{flower}")
    until_block(state)
    assert state.data.combat.attackers == (goblin,)
    assert not marked(state, flower) and marked(state, goblin)
    do(state, "P2: pass")
    assert strength(state, theirs) == 10 - 2  # the Goblin's 2, not the Flower's
