"""EoC's refusals name the rule they rest on: the rulebook's sentence (quoted or
paraphrased), or "(ruling)" and the ruling's words where ``docs/rulings/eoc.md`` decides.
Each test here is the case of a refusal that once named another rule, or none."""

from tabletop.engine import Action
from tabletop.games.eoc.rules import (
    R_ABILITY_COST,
    R_BACK_TO_POOL,
    R_BETWEEN_ATTACKS,
    R_DESTROYED,
    R_ESSENCE_ONCE,
    R_ITEM_ACTS,
    R_MOVE_ESSENCE,
    R_SPELL_ABILITY_WHEN,
    R_TARGET,
    R_UNDERPAID,
)
from tabletop.games.eoc.rules.state import Attack

from .helpers import (
    GAME,
    creature,
    pool,
    refused,
    rules,
    spell,
    start,
    to_attack,
    to_hand,
)


def test_an_essence_moved_onto_the_card_it_is_on_is_refused_as_no_move():
    state = start()
    creature(state, 0, "Cinder Newt", paid_with=["Ember Shard", "Gray Mist"])
    reason = refused(state, 'attach "Gray Mist" -> "Cinder Newt"')
    assert reason == f"{R_MOVE_ESSENCE}: Gray Mist is attached to Cinder Newt already"
    assert "more than one" not in reason


def test_an_essence_in_the_pool_is_not_returned_to_it():
    state = start()
    pool(state, 0, "Ember Shard")
    assert refused(state, 'attach "Ember Shard" pool') == (
        "EoC, Preparation Phase (ruling): an Essence Card attached to a card may be moved back "
        "to the Essence Pool: Ember Shard is in the Essence Pool already"
    )
    assert R_BACK_TO_POOL.startswith("EoC, Preparation Phase (ruling)")


def test_an_underpaid_ability_cost_is_refused_by_the_ability_costs_rule():
    state = start()
    creature(state, 0, "Emberwing Drake")  # Ember Spit (1 Fire)
    creature(state, 1, "Gravecrawler")
    pool(state, 0, "Spark Cell")
    to_attack(state)
    reason = refused(state, 'use "Emberwing Drake", "Spark Cell" -> "Gravecrawler"')
    assert reason == (
        "EoC: the Ability Cost must be paid every time this ability is used: it needs 1 Fire"
    )
    assert reason.startswith(R_ABILITY_COST) and not reason.startswith(R_UNDERPAID)


def test_a_creation_cost_underpaid_still_says_never_underpaid():
    state = start()
    to_hand(state, 0, "Magmaw Hound")  # 3 Fire
    pool(state, 0, "Spark Cell")
    assert refused(state, 'create "Magmaw Hound", "Spark Cell"') == (
        "EoC: creation costs may be overpaid, but never underpaid: it needs 3 Fire"
    )


def test_an_essence_named_twice_pays_once():
    state = start()
    to_hand(state, 0, "Magmaw Hound")  # 3 Fire
    (heart,) = pool(state, 0, "Heart of the Pyre")  # 2 Fire
    reason = refused(state, f'create "Magmaw Hound", #{heart}, #{heart}')
    assert reason == (
        "EoC: an Essence Card provides the Essence its values show, once: "
        "Heart of the Pyre is named twice"
    )
    assert reason.startswith(R_ESSENCE_ONCE)


def test_a_spell_ability_outside_the_preparation_phase_rests_on_ruling_12():
    state = start(p1="dusk_pilgrims")
    spell(state, 0, "Thornwall Grove")  # Bramble Lash (2 Nature)
    creature(state, 1, "Ashback Salamander")
    pool(state, 0, "Verdant Seed", "Mossy Stone")
    to_attack(state)
    reason = refused(state, 'use "Thornwall Grove", "Verdant Seed", "Mossy Stone"')
    assert reason == R_SPELL_ABILITY_WHEN
    assert reason == (
        "EoC, Preparation Phase (ruling): spell abilities are activated in your Preparation Phase"
    )


def test_an_items_ability_without_its_creature_rests_on_ruling_12():
    state = start(p1="voltaic_dread")
    sprite = creature(state, 0, "Static Sprite")
    creature(state, 1, "Mossling")
    spell(state, 0, "Stormcoil Gauntlet", on=sprite)  # Discharge (1 Energy)
    pool(state, 0, "Spark Cell")
    state.cards[sprite].counters["destroyed"] = 1
    rules.changed(state)
    reason = refused(state, 'use "Stormcoil Gauntlet", "Spark Cell" -> "Mossling"')
    assert (
        reason
        == R_ITEM_ACTS
        == ("EoC (ruling): an Item's ability works only while its creature is active")
    )


def test_a_destroyed_creatures_ability_rests_on_ruling_8():
    state = start()
    drake = creature(state, 0, "Emberwing Drake")
    creature(state, 1, "Gravecrawler")
    pool(state, 0, "Ember Shard")
    creature(state, 0, "Cinder Newt")  # ready: the Attack Phase is played
    to_attack(state)
    state.cards[drake].counters["destroyed"] = 1
    rules.changed(state)
    assert refused(state, 'use "Emberwing Drake", "Ember Shard" -> "Gravecrawler"') == (
        "EoC (ruling): a destroyed creature is out at once: Emberwing Drake cannot use its ability"
    )


def test_attacking_a_destroyed_creature_rests_on_ruling_8():
    state = start()
    creature(state, 0, "Cinder Newt")
    boar = creature(state, 1, "Thornhide Boar")
    to_attack(state)
    state.cards[boar].counters["destroyed"] = 1
    rules.changed(state)
    reason = refused(state, 'attack "Cinder Newt" -> "Thornhide Boar"')
    assert reason == f"{R_DESTROYED}: Thornhide Boar cannot be attacked"
    assert R_DESTROYED == "EoC (ruling): a destroyed creature is out at once"


def test_an_ability_in_the_middle_of_an_attack_rests_on_ruling_12():
    """Out of reach of a player (the attack's windows are answered first), but the rule's
    own check says which ruling it keeps."""
    state = start()
    drake = creature(state, 0, "Emberwing Drake")
    newt = creature(state, 0, "Cinder Newt")
    crawler = creature(state, 1, "Gravecrawler")
    (shard,) = pool(state, 0, "Ember Shard")
    to_attack(state)
    state.data.attack = Attack(0, (newt,), crawler)  # the Newt's attack, under way
    use = Action("use", 0, (drake, shard), (crawler,))
    assert (
        GAME.moves["use"].check(state, use)
        == R_BETWEEN_ATTACKS
        == ("EoC, Attack Phase (ruling): abilities are used between attacks")
    )


def test_a_target_outside_what_the_card_names_rests_on_ruling_21():
    state = start()
    creature(state, 0, "Emberwing Drake")
    creature(state, 1, "Gravecrawler")
    pool(state, 0, "Ember Shard")
    to_attack(state)
    reason = refused(state, 'use "Emberwing Drake", "Ember Shard" -> "Emberwing Drake"')
    assert reason == (
        "EoC (ruling): a spell or ability is played on an active creature of the side its card "
        "names: Ember Spit is used on an enemy creature"
    )
    assert reason.startswith(R_TARGET)


def test_a_card_forbidding_abilities_is_named_with_what_it_forbids():
    state = start(p2="voltaic_dread")
    creature(state, 0, "Emberwing Drake")
    spell(state, 1, "Null Field")  # enemy creatures cannot use abilities
    creature(state, 1, "Gravecrawler")
    pool(state, 0, "Ember Shard")
    to_attack(state)
    assert refused(state, 'use "Emberwing Drake", "Ember Shard" -> "Gravecrawler"') == (
        "EoC: a card's effect forbids it: Emberwing Drake cannot use abilities"
    )
