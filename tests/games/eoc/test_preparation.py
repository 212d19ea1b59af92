"""EoC, the Preparation Phase: summon one Essence, move essences while every cost stays
paid, create creatures (at most 3, exhausted when created), play non-Trap spells in 3 spell
slots, costs overpaid but never underpaid, Gray pays any type."""

from tabletop.engine import legal_actions
from tabletop.games.eoc.rules import (
    R_ATTACH_TO,
    R_BACK_TO_POOL,
    R_FROM_HAND,
    R_FROM_POOL,
    R_ITEM,
    R_MOVE_ESSENCE,
    R_NO_TRAP_NOW,
    R_ONE_ESSENCE,
    R_SLOTS,
    R_STAY_PAID,
    R_SUMMON,
    R_TARGET,
    R_THREE,
    R_UNDERPAID,
)

from .helpers import (
    CREATURES,
    GRAVE,
    HAND,
    POOL,
    SPELLS,
    creature,
    do,
    essences,
    next_turn,
    pool,
    refused,
    rules,
    spell,
    start,
    to_attack,
    to_hand,
    where,
)


def test_up_to_one_essence_is_summoned_from_hand_to_the_pool_per_turn():
    state = start()
    a, b = to_hand(state, 0, "Ember Shard", "Spark Cell")
    do(state, 'summon "Ember Shard"')
    assert where(state, a) == POOL
    assert refused(state, 'summon "Spark Cell"') == R_ONE_ESSENCE
    assert not any(x.kind == "summon" for x in legal_actions(state))
    next_turn(state)
    next_turn(state)
    do(state, 'summon "Spark Cell"')  # a new turn, a new Essence
    assert where(state, b) == POOL


def test_only_an_essence_card_in_your_hand_is_summoned():
    state = start()
    to_hand(state, 0, "Cinder Newt")
    assert refused(state, 'summon "Cinder Newt"') == R_SUMMON


def test_a_creature_is_created_from_hand_with_essences_from_the_pool_attached_to_it():
    state = start()
    newt = to_hand(state, 0, "Cinder Newt")[0]
    (shard,) = pool(state, 0, "Ember Shard")
    do(state, 'create "Cinder Newt", "Ember Shard"')
    assert where(state, newt) == CREATURES and essences(state, newt) == ["Ember Shard"]
    assert state.cards[shard].attached_to == newt and state.zones[(0, POOL)] == []


def test_a_creature_is_created_from_your_hand_only():
    state = start()
    pool(state, 0, "Ember Shard")
    assert (
        refused(state, 'create "Cinder Newt" in "P1 deck", "Ember Shard"')
        == f"{R_FROM_HAND}: create a Creature Card from your hand"
    )


def test_creation_costs_may_be_overpaid():
    state = start()
    newt = to_hand(state, 0, "Cinder Newt")[0]
    pool(state, 0, "Heart of the Pyre")
    do(state, 'create "Cinder Newt", "Heart of the Pyre"')  # 2 Fire for a cost of 1
    assert essences(state, newt) == ["Heart of the Pyre"]


def test_creation_costs_are_never_underpaid():
    state = start()
    to_hand(state, 0, "Magmaw Hound")  # 3 Fire
    pool(state, 0, "Ember Shard", "Smouldering Coal", "Spark Cell")
    reason = refused(state, 'create "Magmaw Hound", "Ember Shard", "Smouldering Coal"')
    assert reason == f"{R_UNDERPAID}: it needs 3 Fire"
    # Energy is not Fire: three essences, still underpaid.
    assert refused(
        state, 'create "Magmaw Hound", "Ember Shard", "Smouldering Coal", "Spark Cell"'
    ).startswith(R_UNDERPAID)


def test_the_essences_paying_come_from_your_essence_pool():
    state = start()
    to_hand(state, 0, "Cinder Newt", "Ember Shard")
    assert refused(state, 'create "Cinder Newt", "Ember Shard" in "P1 hand"') == R_FROM_POOL
    creature(state, 0, "Ashback Salamander", paid_with=["Heart of the Pyre", "Smouldering Coal"])
    # An essence attached to another creature does not pay either.
    assert refused(state, 'create "Cinder Newt", "Smouldering Coal"') == R_FROM_POOL


def test_gray_essence_pays_a_cost_of_any_type():
    state = start()
    newt = to_hand(state, 0, "Cinder Newt")[0]  # 1 Fire
    pool(state, 0, "Gray Mist")
    do(state, 'create "Cinder Newt", "Gray Mist"')
    assert essences(state, newt) == ["Gray Mist"]


def test_a_gray_cost_is_paid_by_essence_of_any_type():
    state = start()
    auto = to_hand(state, 0, "Wandering Automaton")[0]  # 3 Gray
    pool(state, 0, "Ember Shard", "Tide Pearl", "Spark Cell")
    do(state, 'create "Wandering Automaton", "Ember Shard", "Tide Pearl", "Spark Cell"')
    assert where(state, auto) == CREATURES


def test_gray_essence_does_not_pay_twice():
    state = start()
    to_hand(state, 0, "Emberwing Drake")  # 2 Fire + 1 Gray
    pool(state, 0, "Gray Mist", "Ember Shard")
    assert refused(state, 'create "Emberwing Drake", "Gray Mist", "Ember Shard"').startswith(
        R_UNDERPAID
    )
    pool(state, 0, "Tide Pearl")
    do(state, 'create "Emberwing Drake", "Gray Mist", "Ember Shard", "Tide Pearl"')


def test_no_more_than_3_creatures_are_active_on_the_field():
    state = start()
    for name in ("Cinder Newt", "Static Sprite", "Gravecrawler"):
        creature(state, 0, name)
    to_hand(state, 0, "Reedfin Scout")
    pool(state, 0, "Tide Pearl")
    assert refused(state, 'create "Reedfin Scout", "Tide Pearl"') == R_THREE
    assert not any(a.kind == "create" for a in legal_actions(state))


def test_a_new_creature_is_exhausted_and_cannot_attack_or_use_its_ability_that_turn():
    state = start()
    to_hand(state, 0, "Emberwing Drake")
    pool(state, 0, "Heart of the Pyre", "Gray Mist", "Ember Shard")
    do(state, 'create "Emberwing Drake", "Heart of the Pyre", "Gray Mist"')
    drake = state.zones[(0, CREATURES)][0]
    assert state.cards[drake].turned
    creature(state, 1, "Reedfin Scout")
    to_attack(state)
    assert refused(state, 'attack "Emberwing Drake" -> "Reedfin Scout"') == rules.R_EXHAUSTED
    assert (
        refused(state, 'use "Emberwing Drake", "Ember Shard" -> "Reedfin Scout"')
        == rules.R_EXHAUSTED
    )
    next_turn(state)
    assert not state.cards[drake].turned, "no longer exhausted after the Clean-up"


def test_an_exhausted_creatures_effect_still_applies():
    state = start()
    creature(state, 0, "Pyreclaw Drake", exhausted=True)  # your other creatures +1 ATK
    newt = creature(state, 0, "Cinder Newt")
    assert rules.attack_of(state, newt) == 3


def test_an_essence_moves_from_the_pool_to_a_card_between_cards_and_back():
    state = start()
    newt = creature(state, 0, "Cinder Newt")
    sprite = creature(state, 0, "Static Sprite")
    (coal,) = pool(state, 0, "Smouldering Coal")
    do(state, 'attach "Smouldering Coal" -> "Cinder Newt"')
    assert state.cards[coal].attached_to == newt
    do(state, 'attach "Smouldering Coal" -> "Static Sprite"')
    assert state.cards[coal].attached_to == sprite and where(state, coal) == CREATURES
    do(state, 'attach "Smouldering Coal" pool')
    assert where(state, coal) == POOL and state.cards[coal].attached_to is None


def test_an_essence_cannot_move_if_it_would_leave_a_cost_unpaid():
    state = start()
    creature(state, 0, "Cinder Newt")
    creature(state, 0, "Static Sprite")
    reason = refused(state, 'attach "Ember Shard" pool')
    assert reason == f"{R_STAY_PAID}: Cinder Newt needs 1 Fire and would be left underpaid"
    assert refused(state, 'attach "Ember Shard" -> "Static Sprite"').startswith(R_STAY_PAID)


def test_an_overpaying_essence_may_leave_while_the_rest_still_pays():
    state = start()
    newt = creature(state, 0, "Cinder Newt", paid_with=["Ember Shard", "Gray Mist"])
    do(state, 'attach "Ember Shard" pool')
    assert essences(state, newt) == ["Gray Mist"]


def test_an_essence_is_not_moved_to_the_card_it_is_attached_to_already():
    """Not the rule "may not be attached to more than one Creature or Spell Card at a time"
    (nothing would be attached to two cards): a move takes an essence somewhere else."""
    state = start()
    creature(state, 0, "Cinder Newt", paid_with=["Ember Shard", "Gray Mist"])
    assert (
        refused(state, 'attach "Gray Mist" -> "Cinder Newt"')
        == "EoC, Preparation Phase: Essence Cards may be moved freely during this phase to attach "
        "to Creature and Spell Cards or move between active cards: Gray Mist is attached to "
        "Cinder Newt already"
    )
    assert R_MOVE_ESSENCE in refused(state, 'attach "Gray Mist" -> "Cinder Newt"')


def test_essences_attach_to_your_own_active_cards_only():
    state = start()
    creature(state, 1, "Reedfin Scout")
    pool(state, 0, "Ember Shard")
    assert refused(state, 'attach "Ember Shard" -> "Reedfin Scout"') == R_ATTACH_TO
    assert (
        refused(state, 'attach "Ember Shard" pool')
        == f"{R_BACK_TO_POOL}: Ember Shard is in the Essence Pool already"
    )


def test_essences_move_only_in_the_preparation_phase():
    state = start()
    creature(state, 0, "Cinder Newt")
    pool(state, 0, "Ember Shard")
    to_attack(state)
    assert "essences are moved during" in refused(state, 'attach "Ember Shard" -> "Cinder Newt"')


def test_a_spell_is_played_with_essences_from_the_pool_into_a_spell_slot():
    state = start()
    banner = to_hand(state, 0, "Banner of the Blazing Host")[0]
    pool(state, 0, "Ember Shard", "Smouldering Coal")
    newt = creature(state, 0, "Cinder Newt")
    do(state, 'cast "Banner of the Blazing Host", "Ember Shard", "Smouldering Coal"')
    assert where(state, banner) == SPELLS and len(essences(state, banner)) == 2
    assert rules.attack_of(state, newt) == 3  # your creatures +1 ATK


def test_a_spell_needs_a_free_spell_slot_of_the_three():
    state = start()
    for name in ("Banner of the Blazing Host", "Hallowed Ground", "Choking Miasma"):
        spell(state, 0, name)
    to_hand(state, 0, "Tide Vision")
    pool(state, 0, "Deepwater Pearl")
    assert refused(state, 'cast "Tide Vision", "Deepwater Pearl"') == R_SLOTS


def test_an_item_takes_a_spell_slot_too():
    state = start()
    newt = creature(state, 0, "Cinder Newt")
    spell(state, 0, "Emberforged Blade", on=newt)
    spell(state, 0, "Banner of the Blazing Host")
    spell(state, 0, "Hallowed Ground")
    to_hand(state, 0, "Flame Lance")
    pool(state, 0, "Ember Shard")
    creature(state, 1, "Reedfin Scout")
    assert refused(state, 'cast "Flame Lance", "Ember Shard" -> "Reedfin Scout"') == R_SLOTS


def test_trap_spells_may_not_be_played_in_the_preparation_phase():
    state = start()
    to_hand(state, 0, "Blazing Riposte")
    pool(state, 0, "Heart of the Pyre")
    assert refused(state, 'cast "Blazing Riposte", "Heart of the Pyre"') == R_NO_TRAP_NOW
    assert refused(state, 'trap "Blazing Riposte", "Heart of the Pyre"') == R_NO_TRAP_NOW


def test_an_item_is_attached_to_one_of_your_active_creatures():
    state = start()
    newt = creature(state, 0, "Cinder Newt")
    creature(state, 1, "Reedfin Scout")
    blade = to_hand(state, 0, "Emberforged Blade")[0]
    pool(state, 0, "Heart of the Pyre")
    assert (
        refused(state, 'cast "Emberforged Blade", "Heart of the Pyre" -> "Reedfin Scout"') == R_ITEM
    )
    assert refused(state, 'cast "Emberforged Blade", "Heart of the Pyre"') == R_ITEM
    do(state, 'cast "Emberforged Blade", "Heart of the Pyre" -> "Cinder Newt"')
    assert state.cards[blade].attached_to == newt and where(state, blade) == SPELLS
    assert rules.attack_of(state, newt) == 4


def test_a_spell_is_played_on_the_creature_it_names():
    state = start()
    newt = creature(state, 0, "Cinder Newt")
    scout = creature(state, 1, "Reedfin Scout")  # 1/2
    to_hand(state, 0, "Flame Lance", "Tide Vision")
    pool(state, 0, "Ember Shard", "Deepwater Pearl")
    assert (
        refused(state, 'cast "Flame Lance", "Ember Shard" -> "Cinder Newt"')
        == f"{rules.R_TARGET}: Flame Lance is played on an enemy creature"
    )
    assert (
        refused(state, 'cast "Tide Vision", "Deepwater Pearl" -> "Cinder Newt"')
        == f"{R_TARGET}: Tide Vision is played on no creature"
    )
    do(state, 'cast "Flame Lance", "Ember Shard" -> "Reedfin Scout"')
    assert state.cards[scout].damage == 2 and where(state, newt) == CREATURES


def test_spells_are_played_from_your_hand():
    state = start()
    creature(state, 0, "Cinder Newt")
    pool(state, 0, "Spark Cell")
    assert (
        refused(state, 'cast "Battle Surge" in "P1 deck", "Spark Cell" -> "Cinder Newt"')
        == f"{R_FROM_HAND}: play a Spell Card from your hand"
    )


def test_effect_instant_and_item_spells_are_not_played_in_the_attack_phase():
    state = start()
    to_hand(state, 0, "Tide Vision")
    pool(state, 0, "Deepwater Pearl")
    creature(state, 0, "Cinder Newt")  # something to do in the Attack Phase
    to_attack(state)
    assert refused(state, 'cast "Tide Vision", "Deepwater Pearl"') == rules.R_TRAP_ONLY


def test_a_spell_played_resolves_at_once():
    state = start()
    to_hand(state, 0, "Tide Vision")  # draw 2
    pool(state, 0, "Deepwater Pearl")
    do(state, 'cast "Tide Vision", "Deepwater Pearl"')
    assert len(state.zones[(0, HAND)]) == 2


def test_the_generated_create_pays_with_the_cheapest_essences():
    state = start()
    to_hand(state, 0, "Cinder Newt", "Ashback Salamander")
    heart, shard, _ = pool(state, 0, "Heart of the Pyre", "Ember Shard", "Gray Mist")
    creates = {
        state.cards[a.cards[0]].card.name: set(a.cards[1:])
        for a in legal_actions(state)
        if a.kind == "create"
    }
    assert creates["Cinder Newt"] == {shard}  # not the 2-value Heart, not the Gray wildcard
    assert creates["Ashback Salamander"] == {heart}


def test_creatures_are_created_in_the_preparation_phase_only():
    state = start()
    to_hand(state, 0, "Cinder Newt")
    pool(state, 0, "Ember Shard")
    to_attack(state)
    assert "creatures are created in the Preparation Phase" in refused(
        state, 'create "Cinder Newt", "Ember Shard"'
    )
    assert "summoned in the Preparation Phase" in refused(state, 'summon "Ember Shard"')


def test_ability_essences_go_to_the_graveyard():
    state = start()
    creature(state, 0, "Emberwing Drake")
    creature(state, 1, "Copper Sentinel")
    (shard,) = pool(state, 0, "Smouldering Coal")
    to_attack(state)
    do(state, 'use "Emberwing Drake", "Smouldering Coal" -> "Copper Sentinel"')
    assert where(state, shard) == GRAVE
