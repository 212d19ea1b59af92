"""EoC rulings (docs/rulings/eoc.md) not pinned elsewhere, and every refusal sentence of the
rules pinned by some test."""

import re
from pathlib import Path

from tabletop.games.eoc import cards as schema
from tabletop.games.eoc.rules import (
    R_ABILITY_POOL,
    R_CANNOT,
    R_ONCE,
    R_SPELL_ABILITY_WHEN,
)

from .helpers import (
    BANISHED,
    CREATURES,
    DECK,
    GRAVE,
    HAND,
    POOL,
    SPELLS,
    creature,
    damage,
    do,
    essences,
    next_turn,
    pool,
    refused,
    rules,
    spell,
    start,
    texts,
    to_attack,
    to_hand,
    where,
)


def names(state, seat, zone):
    return sorted(state.cards[c].card.name for c in state.zones[(seat, zone)])


def test_ruling_1_no_card_is_banned():
    assert not schema.BANNED


def test_ruling_3_a_destroyed_creatures_essences_return_to_the_pool_in_the_clean_up():
    state = start()
    hound = creature(state, 0, "Magmaw Hound")
    boar = creature(state, 1, "Thornhide Boar", paid_with=["Heartwood Acorn"])
    to_attack(state)
    do(state, 'attack "Magmaw Hound" -> "Thornhide Boar"')
    assert where(state, boar) == CREATURES and essences(state, boar) == ["Heartwood Acorn"]
    next_turn(state)
    assert where(state, boar) == GRAVE
    assert names(state, 1, POOL) == ["Heartwood Acorn"]
    assert where(state, hound) == CREATURES


def test_ruling_3_a_banished_creature_leaves_at_once_its_essences_to_the_pool():
    state = start(p1="tidal_sanctum")
    creature(state, 0, "Magmaw Hound")  # a Fire creature in a Divine deck: any will do
    scout = creature(state, 1, "Mossling")
    to_hand(state, 0, "Banishing Light")
    pool(state, 0, "Sunlit Relic", "Halo Mote", "Gray Mist")
    do(state, 'cast "Banishing Light", "Sunlit Relic", "Halo Mote", "Gray Mist" -> "Mossling"')
    assert where(state, scout) == BANISHED, "banished, not sent to the Graveyard"
    assert names(state, 1, POOL) == ["Verdant Seed"]
    assert names(state, 1, GRAVE) == []


def test_ruling_3_the_essences_of_a_spell_that_leaves_return_to_the_pool():
    state = start()
    creature(state, 1, "Thornhide Boar")
    to_hand(state, 0, "Flame Lance")
    pool(state, 0, "Ember Shard")
    do(state, 'cast "Flame Lance", "Ember Shard" -> "Thornhide Boar"')
    next_turn(state)
    assert names(state, 0, POOL) == ["Ember Shard"]


def test_ruling_3_an_items_essences_return_to_the_pool_when_its_creature_is_destroyed():
    state = start()
    newt = creature(state, 0, "Cinder Newt")
    spell(state, 0, "Emberforged Blade", on=newt, paid_with=["Heart of the Pyre"])
    creature(state, 1, "Elder Oakguard")  # 2/5: the Newt (4 ATK with the Blade) dies
    to_attack(state)
    do(state, 'attack "Cinder Newt" -> "Elder Oakguard"')
    next_turn(state)
    assert names(state, 0, POOL) == ["Ember Shard", "Heart of the Pyre"]


def test_ruling_5_an_item_follows_its_creature_to_the_graveyard():
    state = start()
    newt = creature(state, 0, "Cinder Newt")
    blade = spell(state, 0, "Emberforged Blade", on=newt)
    creature(state, 1, "Elder Oakguard")
    to_attack(state)
    do(state, 'attack "Cinder Newt" -> "Elder Oakguard"')
    assert where(state, blade) == SPELLS, "until the Clean-up"
    assert rules.attack_of(state, newt) == 2, "an Item acts while its creature is active"
    next_turn(state)
    assert where(state, newt) == GRAVE and where(state, blade) == GRAVE


def test_ruling_5_an_item_is_banished_with_its_creature():
    state = start(p2="tidal_sanctum")
    newt = creature(state, 0, "Cinder Newt")
    blade = spell(state, 0, "Emberforged Blade", on=newt)
    to_hand(state, 1, "Banishing Light")
    pool(state, 1, "Sunlit Relic", "Halo Mote", "Gray Mist")
    next_turn(state)
    do(
        state,
        'P2: cast "Banishing Light", "Sunlit Relic", "Halo Mote", "Gray Mist" -> "Cinder Newt"',
    )
    assert where(state, newt) == BANISHED and where(state, blade) == BANISHED


def test_ruling_5_instants_go_in_the_clean_up_effects_stay():
    state = start()
    creature(state, 1, "Thornhide Boar")
    lance = to_hand(state, 0, "Flame Lance")[0]
    banner = spell(state, 0, "Banner of the Blazing Host")
    pool(state, 0, "Ember Shard")
    do(state, 'cast "Flame Lance", "Ember Shard" -> "Thornhide Boar"')
    assert where(state, lance) == SPELLS
    next_turn(state)
    assert where(state, lance) == GRAVE and where(state, banner) == SPELLS
    next_turn(state)
    assert where(state, banner) == SPELLS


def test_ruling_7_damage_adds_up_through_the_turn_and_the_clean_up_heals_it():
    state = start()
    creature(state, 0, "Cinder Newt")
    creature(state, 0, "Static Sprite")
    oak = creature(state, 1, "Copper Sentinel")  # 2/3
    to_attack(state)
    do(state, 'attack "Cinder Newt" -> "Copper Sentinel"')
    assert damage(state, oak) == 2 and not state.cards[oak].counters
    do(state, 'attack "Static Sprite" -> "Copper Sentinel"')
    assert state.cards[oak].counters.get("destroyed"), "2 + 2 > 3"


def test_ruling_7_a_creature_that_survives_is_fully_healed_and_readied_in_the_clean_up():
    state = start()
    hound = creature(state, 0, "Magmaw Hound")
    oak = creature(state, 1, "Elder Oakguard")
    to_attack(state)
    do(state, 'attack "Magmaw Hound" -> "Elder Oakguard"')
    assert damage(state, oak) == 4 + 1 and damage(state, hound) == 2  # 5 = 5: it survives
    events = next_turn(state)
    assert damage(state, oak) == 0 and damage(state, hound) == 0
    assert not state.cards[hound].turned
    assert "fully healed and no longer exhausted" in texts(events)


def test_ruling_7_a_creature_whose_defence_drops_below_its_damage_is_destroyed():
    state = start()
    # 3/3, +1 DEF from the Broodmother: 4, and 4 damage taken this turn: it survives.
    stag = creature(state, 1, "Bramblehorn Stag", damage=4)
    creature(state, 1, "Broodmother of the Hollow Log")  # 3/4: your other creatures +1 DEF
    creature(state, 0, "Pyreclaw Drake")  # 4, and your other creatures +1 ATK
    creature(state, 0, "Ashback Salamander")  # 3 + 1
    to_attack(state)
    do(state, 'attack "Pyreclaw Drake", "Ashback Salamander" -> "Broodmother of the Hollow Log"')
    do(state, 'P2: counter "Broodmother of the Hollow Log" -> "Pyreclaw Drake"')
    assert rules.defense_of(state, stag) == 3
    assert state.cards[stag].counters.get("destroyed"), "4 damage against 3 defence"


def test_ruling_7_an_effect_that_comes_into_play_lowering_defence_destroys_at_once():
    # No shipped card lowers defence while in play: an Effect spell made for the test.
    blight = schema.EocCard(
        name="Withering Blight",
        type="spell",
        kind="effect",
        cost={"fire": 1},
        text="Enemy creatures have -2 DEF.",
        effect=({"do": "boost", "def": -2, "to": "enemies", "until": "static"},),
    )
    state = start()
    boar = creature(state, 1, "Thornhide Boar", damage=1)  # 3/2: it stands with 1 damage
    state.create(blight, 0, (0, HAND))
    pool(state, 0, "Ember Shard")
    said = texts(do(state, 'cast "Withering Blight", "Ember Shard"'))
    assert state.cards[boar].counters.get("destroyed"), "1 damage against 0 defence"
    assert "Thornhide Boar is destroyed: its damage exceeds its defence" in said


def test_ruling_20_a_destroyed_creature_keeps_its_slot_until_the_clean_up():
    state = start()
    creature(state, 0, "Cinder Newt")
    creature(state, 0, "Static Sprite")
    crawler = creature(state, 0, "Gravecrawler", damage=1)
    creature(state, 1, "Rotwing Moth", damage=1)  # destroyed: 1 damage to each enemy creature
    to_hand(state, 0, "Flame Lance", "Ashback Salamander")
    pool(state, 0, "Ember Shard", "Heart of the Pyre")
    events = do(state, 'cast "Flame Lance", "Ember Shard" -> "Rotwing Moth"')
    assert "Rotwing Moth: destroyed" in texts(events)
    assert state.cards[crawler].counters.get("destroyed")  # 1 + 1 > 1; the others survive
    assert len(rules.actives(state, 0)) == 2 and len(rules.creatures(state, 0)) == 3
    assert refused(state, 'create "Ashback Salamander", "Heart of the Pyre"') == rules.R_THREE


def test_ruling_12_an_ability_is_used_once_per_turn_and_does_not_exhaust():
    state = start()
    drake = creature(state, 0, "Emberwing Drake")  # Ember Spit (1 Fire): 1 damage
    sentinel = creature(state, 1, "Copper Sentinel")
    pool(state, 0, "Ember Shard", "Smouldering Coal")
    to_attack(state)
    do(state, 'use "Emberwing Drake", "Ember Shard" -> "Copper Sentinel"')
    assert damage(state, sentinel) == 1 and not state.cards[drake].turned
    assert (
        refused(state, 'use "Emberwing Drake", "Smouldering Coal" -> "Copper Sentinel"') == R_ONCE
    )
    do(state, 'attack "Emberwing Drake" -> "Copper Sentinel"')  # it may still attack
    assert state.cards[sentinel].counters.get("destroyed")
    next_turn(state)
    next_turn(state)
    to_attack(state)
    assert not rules.used(state, drake), "a new turn: it may be used again"


def test_ruling_12_spell_abilities_are_used_in_the_preparation_phase():
    state = start(p1="dusk_pilgrims")
    spell(state, 0, "Thornwall Grove")  # Bramble Lash (2 Nature): 1 damage to each enemy
    crawler = creature(state, 1, "Ashback Salamander")
    pool(state, 0, "Heartwood Acorn", "Verdant Seed", "Mossy Stone")
    do(state, 'use "Thornwall Grove", "Heartwood Acorn"')
    assert damage(state, crawler) == 1
    assert refused(state, 'use "Thornwall Grove", "Verdant Seed", "Mossy Stone"') == R_ONCE
    to_attack(state)
    assert (
        refused(state, 'use "Thornwall Grove", "Verdant Seed", "Mossy Stone"')
        == R_SPELL_ABILITY_WHEN
    )


def test_ruling_12_an_items_ability_acts_while_its_creature_is_active():
    state = start(p1="voltaic_dread")
    sprite = creature(state, 0, "Static Sprite")
    creature(state, 1, "Mossling")
    spell(state, 0, "Stormcoil Gauntlet", on=sprite)  # Discharge (1 Energy): 1 damage
    pool(state, 0, "Spark Cell")
    state.cards[sprite].counters["destroyed"] = 1
    rules.changed(state)
    assert (
        refused(state, 'use "Stormcoil Gauntlet", "Spark Cell" -> "Mossling"')
        == "EoC (ruling): an Item's ability works only while its creature is active"
    )
    del state.cards[sprite].counters["destroyed"]
    rules.changed(state)
    do(state, 'use "Stormcoil Gauntlet", "Spark Cell" -> "Mossling"')


def test_ruling_12_a_card_forbidding_abilities_stops_them():
    state = start(p2="voltaic_dread")
    creature(state, 0, "Emberwing Drake")
    spell(state, 1, "Null Field")  # enemy creatures cannot use abilities
    creature(state, 1, "Gravecrawler")
    pool(state, 0, "Ember Shard")
    to_attack(state)
    assert (
        refused(state, 'use "Emberwing Drake", "Ember Shard" -> "Gravecrawler"')
        == f"{R_CANNOT}: Emberwing Drake cannot use abilities"
    )


def test_ruling_13_an_effects_draw_from_an_empty_deck_draws_what_is_left():
    state = start(p2="tidal_sanctum")
    for cid in list(state.zones[(1, DECK)])[1:]:
        state.move(cid, (1, GRAVE))
    to_hand(state, 1, "Tide Vision")
    pool(state, 1, "Deepwater Pearl")
    next_turn(state)  # Player 2 draws its last card
    assert state.zones[(1, DECK)] == [] and not state.over
    do(state, 'P2: cast "Tide Vision", "Deepwater Pearl"')  # draw 2, from nothing
    assert not state.over and len(state.zones[(1, HAND)]) == 1


def test_ruling_14_ability_costs_are_paid_from_the_pool_only():
    state = start()
    creature(
        state,
        0,
        "Emberwing Drake",
        paid_with=["Ember Shard", "Smouldering Coal", "Heart of the Pyre"],
    )
    creature(state, 1, "Gravecrawler")
    to_attack(state)
    # The Heart overpays the Drake, but it is attached, not in the pool.
    assert (
        refused(state, 'use "Emberwing Drake", "Heart of the Pyre" -> "Gravecrawler"')
        == R_ABILITY_POOL
    )


def test_ruling_19_essences_move_only_in_your_own_preparation_phase():
    state = start()
    creature(state, 1, "Mossling")
    pool(state, 1, "Gray Mist")
    assert "Player 1's turn" in refused(state, 'P2: attach "Gray Mist" -> "Mossling"')


def test_ruling_21_an_ability_reaches_only_the_creatures_it_names():
    state = start()
    creature(state, 0, "Emberwing Drake")
    creature(state, 1, "Gravecrawler")
    pool(state, 0, "Ember Shard")
    to_attack(state)
    assert (
        refused(state, 'use "Emberwing Drake", "Ember Shard" -> "Emberwing Drake"')
        == f"{rules.R_TARGET}: Ember Spit is used on an enemy creature"
    )


# -- every refusal of the rules is pinned ------------------------------------------------------


def test_every_refusal_sentence_of_the_rules_is_asserted_by_some_test():
    constants = [n for n in dir(rules) if re.fullmatch(r"R_[A-Z_]+", n)]
    here = Path(__file__).parent
    tests = "".join(p.read_text() for p in here.glob("test_*.py"))
    missing = [
        n
        for n in constants
        if not re.search(rf"\b{n}\b", tests.replace("def test_every_refusal_sentence", ""))
    ]
    assert constants and missing == []


def test_ruling_23_an_attack_phase_with_nothing_to_do_passes_by_itself():
    state = start()
    creature(state, 1, "Mossling")
    events = do(state, "P1: end")
    assert state.active == 1 and state.phase == "prep"
    said = texts(events)
    assert "Player 1 has no creature ready to attack and no ability to use" in said
    assert "Player 1: Attack Phase" not in said and "Player 1: Clean-up Phase" in said


def test_ruling_23_an_exhausted_creature_leaves_nothing_to_do_but_a_ready_one_does():
    state = start()
    newt = creature(state, 0, "Cinder Newt")
    state.cards[newt].turned = True  # exhausted (created this turn, say)
    assert rules.idle_attack(state)
    state.cards[newt].turned = False
    assert not rules.idle_attack(state)
    do(state, "P1: end")
    assert state.phase == "attack" and state.active == 0


def test_ruling_23_the_phase_passes_exactly_when_no_attack_would_be_offered():
    """``may_attack`` answers without listing the attacks: under every mix of permissions
    on an attacker and on a guard, it says what the attack generator offers."""
    from itertools import product

    from tabletop.engine import abilities as ab

    rulings = [None, ab.CAN, ab.CANNOT]
    seen = set()
    for attack, past, guarded, attackable, exhausted in product(
        [None, ab.CANNOT], rulings, [False, True], [None, ab.CANNOT], [False, True]
    ):
        state = start()
        newt = creature(state, 0, "Cinder Newt")
        state.cards[newt].turned = exhausted
        if guarded:
            guard = creature(state, 1, "Mossling")
            if attackable is not None:
                ab.add(state, ab.Modifier(guard, "be_attacked", attackable, guard))
        for stat, amount in (("attack", attack), ("attack_vanquisher", past)):
            if amount is not None:
                ab.add(state, ab.Modifier(newt, stat, amount, newt))
        offered = list(rules._gen_attack(state, 0))
        assert rules.may_attack(state, 0) == bool(offered), (
            attack,
            past,
            guarded,
            attackable,
            exhausted,
        )
        seen.add(bool(offered))
    assert seen == {True, False}


# -- rulings 25-27: weakness, an attack below 0, a group against the Vanquisher ------------------


def test_weakness_adds_one_to_a_creatures_attack_not_to_an_effects_damage():
    """Ruling 25: an ability or a trigger of a Fire creature deals the damage it prints to a
    Fire-weak creature; the +1 is the attack's (and the counter-attack's, ruling 10)."""
    state = start()
    creature(state, 0, "Emberwing Drake")  # 3/2 Fire; Ember Spit (1 Fire): 1 damage
    oak = creature(state, 1, "Elder Oakguard")  # 2/5, weak to Fire
    pool(state, 0, "Ember Shard")
    to_attack(state)
    do(state, 'use "Emberwing Drake", "Ember Shard" -> "Elder Oakguard"')
    assert damage(state, oak) == 1, "Ember Spit deals 1: no weakness on an ability's damage"
    events = do(state, 'attack "Emberwing Drake" -> "Elder Oakguard"')
    assert damage(state, oak) == 1 + 3 + 1, "the attack: 3 ATK +1 weakness"
    assert "(+1 weakness)" in texts(events)
    assert not state.cards[oak].counters.get("destroyed"), "5 against 5 DEF holds"

    state = start()
    creature(state, 0, "Sparkcinder Elemental")  # 2/2 Fire; attacks: 1 damage to the defender
    oak = creature(state, 1, "Elder Oakguard")
    to_attack(state)
    events = do(state, 'attack "Sparkcinder Elemental" -> "Elder Oakguard"')
    assert "Elder Oakguard takes 1 damage from Sparkcinder Elemental" in texts(events)
    assert damage(state, oak) == 1 + 2 + 1, "the trigger's 1, then the attack's 2 +1 weakness"


def test_an_attack_lowered_below_0_deals_0_and_weakness_adds_1_to_that():
    """Ruling 26: a creature's ATK counts as 0 at least, for itself alone (in a group it
    takes nothing from the others' attack); weakness then adds its +1."""
    from tabletop.engine import abilities as ab

    def newt_at_minus_1(state):
        newt = creature(state, 0, "Cinder Newt")  # 2/1 Fire
        ab.add(state, ab.Modifier(newt, "atk", -3, newt))  # 2 - 3 = -1, for the turn
        return newt

    state = start()
    newt = newt_at_minus_1(state)
    moss = creature(state, 1, "Mossling")  # 1/2, weak to Fire
    assert rules.attack_of(state, newt) == 0
    to_attack(state)
    events = do(state, 'attack "Cinder Newt" -> "Mossling"')
    assert damage(state, moss) == 1, "0 ATK +1 weakness, not -1 + 1"
    assert "1 (+1 weakness) against 2 DEF: Mossling holds" in texts(events)

    state = start()
    newt_at_minus_1(state)
    creature(state, 0, "Ashback Salamander")  # 3/2 Fire
    sentinel = creature(state, 1, "Copper Sentinel")  # 2/3, weak to Nature
    to_attack(state)
    do(state, 'attack "Cinder Newt", "Ashback Salamander" -> "Copper Sentinel"')
    do(state, 'P2: counter "Copper Sentinel" -> "Ashback Salamander"')
    assert damage(state, sentinel) == 0 + 3, "the Newt's -1 takes nothing from the Salamander"


def test_a_group_may_attack_the_vanquisher_with_its_combined_attack():
    """Ruling 27: with no enemy creature active, creatures attack the Vanquisher as a group,
    as they would a creature: their attack combined, one counter-attack, chosen."""
    from tabletop.engine import check, legal_actions, parse

    state = start()
    newt = creature(state, 0, "Cinder Newt")  # 2
    sprite = creature(state, 0, "Static Sprite")  # 2
    v = rules.vanquisher(state, 1)  # Morrow, Stage 1: 2/6
    to_attack(state)
    groups = {a.cards for a in legal_actions(state) if a.kind == "attack" and a.targets == (v,)}
    assert (newt, sprite) in groups, "offered"
    group = 'attack "Cinder Newt", "Static Sprite" -> "Morrow, the Gray Pilgrim"'
    assert check(state, parse(state, group)) is None, "and allowed"
    do(state, group)
    assert state.top_prompt.name == "counter"
    do(state, 'P2: counter "Morrow, the Gray Pilgrim" -> "Cinder Newt"')
    assert damage(state, v) == 4 and damage(state, newt) == 2 and damage(state, sprite) == 0
