"""EoC, the Attack Phase: attacks alone or as a group, weakness, the counter-attack, the two
Trap windows in their order (defender's Traps, counter-attack, attacker's Traps), and the
damage of both sides dealt together (ruling 9)."""

from tabletop.engine import legal_actions
from tabletop.games.eoc.rules import (
    R_CANNOT,
    R_COUNTER_CHOICE,
    R_EXHAUSTED,
    R_GROUP,
    R_TARGET_CREATURE,
    R_TRAP_ONLY,
    R_TRAP_WINDOW,
)

from .helpers import (
    CREATURES,
    GRAVE,
    HAND,
    SPELLS,
    creature,
    damage,
    do,
    passes_only,
    pool,
    refused,
    rules,
    spell,
    start,
    step,
    texts,
    to_attack,
    to_hand,
    where,
)


def destroyed(state, cid) -> bool:
    return bool(state.cards[cid].counters.get("destroyed"))


def test_a_creature_is_destroyed_when_the_damage_is_greater_than_its_defence():
    state = start()
    hound = creature(state, 0, "Magmaw Hound")  # 4/3
    boar = creature(state, 1, "Thornhide Boar")  # 3/2
    to_attack(state)
    do(state, 'attack "Magmaw Hound" -> "Thornhide Boar"')
    assert destroyed(state, boar)
    assert damage(state, hound) == 3 and not destroyed(state, hound), "3 against 3 survives"


def test_damage_equal_to_the_defence_does_not_destroy():
    state = start()
    salamander = creature(state, 0, "Ashback Salamander")  # 3/2, fire
    sentinel = creature(state, 1, "Elder Oakguard")  # 2/5: but weak to fire
    wraith = creature(state, 1, "Hollow Wraith")  # 2/2, dark (weak to energy)
    to_attack(state)
    do(state, 'attack "Ashback Salamander" -> "Hollow Wraith"')
    assert destroyed(state, wraith), "3 > 2"
    assert damage(state, salamander) == 2 and not destroyed(state, salamander), "2 = 2"
    assert damage(state, sentinel) == 0


def test_the_attack_and_the_counter_attack_are_dealt_together():
    state = start()
    newt = creature(state, 0, "Cinder Newt")  # 2/1
    crawler = creature(state, 1, "Gravecrawler")  # 2/1
    to_attack(state)
    do(state, 'attack "Cinder Newt" -> "Gravecrawler"')
    assert destroyed(state, newt) and destroyed(state, crawler)


def test_an_attacking_creature_becomes_exhausted():
    state = start()
    hound = creature(state, 0, "Magmaw Hound")
    creature(state, 1, "Elder Oakguard")
    to_attack(state)
    step(state, 'attack "Magmaw Hound" -> "Elder Oakguard"')
    assert state.cards[hound].turned
    assert refused(state, 'attack "Magmaw Hound" -> "Elder Oakguard"') == R_EXHAUSTED


def test_the_counter_attack_adds_weakness_too():
    state = start(p2="tidal_sanctum")
    salamander = creature(state, 0, "Ashback Salamander")  # 3/2, fire, weak to aqua
    creature(state, 1, "Tidepool Toad")  # 2/3 (+1 Thalassa), aqua
    to_attack(state)
    events = do(state, 'attack "Ashback Salamander" -> "Tidepool Toad"')
    assert damage(state, salamander) == 3 and destroyed(state, salamander)
    assert "(+1 weakness)" in texts(events)


def test_a_group_attack_combines_damage_with_one_weakness_per_attacker_the_target_is_weak_to():
    state = start()
    creature(state, 0, "Cinder Newt")  # 2, fire
    creature(state, 0, "Ashback Salamander")  # 3, fire
    creature(state, 0, "Static Sprite")  # 2, energy
    colossus = creature(state, 1, "Worldroot Colossus")  # 4/6 +1 own: 7; nature, no weakness
    oak = creature(state, 1, "Elder Oakguard")  # 2/5 +1: 6; nature, weak to fire
    to_attack(state)
    events = do(
        state, 'attack "Cinder Newt", "Ashback Salamander", "Static Sprite" -> "Elder Oakguard"'
    )
    assert not any(e.kind == "damage" for e in events), "the damage waits for the counter"
    do(state, 'P2: counter "Elder Oakguard" -> "Static Sprite"')
    assert damage(state, oak) == 2 + 3 + 2 + 2, "two Fire attackers: +2"
    assert destroyed(state, oak) and damage(state, colossus) == 0


def test_against_a_group_the_defender_chooses_which_attacker_to_counter_attack():
    state = start()
    newt = creature(state, 0, "Cinder Newt")
    sprite = creature(state, 0, "Static Sprite")
    other = creature(state, 0, "Gravecrawler")
    oak = creature(state, 1, "Elder Oakguard")  # 2/5
    to_attack(state)
    do(state, 'attack "Cinder Newt", "Static Sprite" -> "Elder Oakguard"')
    assert state.top_prompt.name == "counter" and state.top_prompt.seat == 1
    assert {a.targets for a in legal_actions(state, verify=True)} == {(newt,), (sprite,)}
    assert "cannot be passed" in refused(state, "P2: pass")
    assert refused(state, f"P2: counter #{oak} -> #{other}") == R_COUNTER_CHOICE
    do(state, 'P2: counter "Elder Oakguard" -> "Static Sprite"')
    assert destroyed(state, sprite) and not destroyed(state, newt)
    assert damage(state, oak) == 2 + 2 + 1, "the Newt is Fire: +1"
    assert not destroyed(state, oak), "5 against 5"


def test_exhausted_creatures_still_counter_attack():
    state = start()
    newt = creature(state, 0, "Cinder Newt")
    creature(state, 1, "Gravecrawler", exhausted=True)
    to_attack(state)
    do(state, 'attack "Cinder Newt" -> "Gravecrawler"')
    assert destroyed(state, newt)


def test_creatures_attack_an_opponent_creature():
    state = start()
    creature(state, 0, "Cinder Newt")
    creature(state, 0, "Static Sprite")
    to_attack(state)
    assert refused(state, 'attack "Cinder Newt" -> "Static Sprite"') == R_TARGET_CREATURE


def test_a_creature_joins_a_group_once():
    state = start()
    newt = creature(state, 0, "Cinder Newt")
    crawler = creature(state, 1, "Gravecrawler")
    to_attack(state)
    assert refused(state, f"attack #{newt}, #{newt} -> #{crawler}") == R_GROUP


def test_attacks_are_made_in_the_attack_phase():
    state = start()
    creature(state, 0, "Cinder Newt")
    creature(state, 1, "Gravecrawler")
    assert "attacks are made in the Attack Phase" in refused(
        state, 'attack "Cinder Newt" -> "Gravecrawler"'
    )


def test_a_creature_that_cannot_attack_does_not():
    state = start(p1="tidal_sanctum")
    wall = creature(state, 0, "Coral Bulwark")  # cannot attack
    creature(state, 0, "Tidepool Toad")
    creature(state, 1, "Gravecrawler")
    to_attack(state)
    assert (
        refused(state, 'attack "Coral Bulwark" -> "Gravecrawler"')
        == f"{R_CANNOT}: Coral Bulwark cannot attack"
    )
    assert not [a for a in legal_actions(state) if a.kind == "attack" and wall in a.cards]


def test_a_destroyed_creature_is_out_at_once_it_cannot_be_attacked_or_attack():
    state = start()
    creature(state, 0, "Magmaw Hound")
    creature(state, 0, "Cinder Newt")
    boar = creature(state, 1, "Thornhide Boar")
    to_attack(state)
    do(state, 'attack "Magmaw Hound" -> "Thornhide Boar"')
    assert destroyed(state, boar) and where(state, boar) == CREATURES  # until the Clean-up
    assert (
        refused(state, 'attack "Cinder Newt" -> "Thornhide Boar"')
        == "EoC (ruling): a destroyed creature is out at once: Thornhide Boar cannot be attacked"
    )


def test_a_creature_destroyed_before_the_damage_neither_deals_nor_takes_it():
    state = start()
    spark = creature(state, 0, "Sparkcinder Elemental")  # attacks: 1 damage to the defender
    crawler = creature(state, 1, "Gravecrawler", damage=1)  # 2/1, hurt earlier this turn
    to_attack(state)
    events = do(state, 'attack "Sparkcinder Elemental" -> "Gravecrawler"')
    assert destroyed(state, crawler) and damage(state, crawler) == 2
    assert damage(state, spark) == 0 and "counter-attacks" not in texts(events)


def test_a_destroyed_creatures_effect_stops_at_once():
    state = start()
    drake = creature(state, 0, "Pyreclaw Drake")  # your other creatures +1 ATK
    newt = creature(state, 0, "Cinder Newt")
    creature(state, 1, "Elder Oakguard")  # 2/5
    creature(state, 1, "Bonewalker")  # 3/2
    state.cards[drake].damage = 2
    to_attack(state)
    assert rules.attack_of(state, newt) == 3
    do(state, 'attack "Pyreclaw Drake" -> "Bonewalker"')  # 3 back: destroyed
    assert destroyed(state, drake)
    assert rules.attack_of(state, newt) == 2


# -- the Trap windows --------------------------------------------------------------------------


def traps_position(p2_hand=("Bramble Snare", "Mossling"), p1_hand=("Blazing Riposte",)):
    state = start()
    creature(state, 0, "Ashback Salamander")  # 3/2
    creature(state, 1, "Elder Oakguard")  # 2/5
    to_hand(state, 0, *p1_hand)
    to_hand(state, 1, *p2_hand)
    pool(state, 0, "Heart of the Pyre")
    pool(state, 1, "Verdant Seed")
    to_attack(state)
    return state


def test_the_defenders_traps_then_the_counter_attack_then_the_attackers_traps():
    state = traps_position()
    events = step(state, 'attack "Ashback Salamander" -> "Elder Oakguard"')
    assert state.top_prompt.name == "defender_traps" and state.top_prompt.seat == 1
    assert "counter-attacks" not in texts(events)
    events = step(state, 'P2: trap "Bramble Snare", "Verdant Seed"')  # 1 damage to the attacker
    assert state.top_prompt.name == "defender_traps", "it may play more while it holds cards"
    events = step(state, "P2: pass")
    assert "Elder Oakguard counter-attacks Ashback Salamander" in texts(events)
    assert state.top_prompt.name == "attacker_traps" and state.top_prompt.seat == 0
    assert damage(state, state.zones[(1, CREATURES)][0]) == 0, "no damage dealt yet"
    events = step(state, 'P1: trap "Blazing Riposte", "Heart of the Pyre"')  # 2 to the defender
    # Player 1's hand is empty now: the window closes and the damage is dealt, together.
    assert not state.prompts
    oak = next(
        c for c in state.zones[(1, CREATURES)] if state.cards[c].card.name == "Elder Oakguard"
    )
    salamander = next(
        c for c in state.zones[(0, CREATURES)] if state.cards[c].card.name == "Ashback Salamander"
    )
    assert damage(state, oak) == 2 + 3 + 1  # Riposte, the attack, +1 weakness: destroyed
    assert destroyed(state, oak)
    assert damage(state, salamander) == 1 + 2 and destroyed(state, salamander)


def test_a_trap_window_opens_for_a_seat_holding_any_card_with_a_free_spell_slot():
    state = traps_position(p2_hand=("Mossling",), p1_hand=("Cinder Newt",))
    step(state, 'attack "Ashback Salamander" -> "Elder Oakguard"')
    assert state.top_prompt.name == "defender_traps" and passes_only(state)
    step(state, "P2: pass")
    assert state.top_prompt.name == "attacker_traps" and passes_only(state)


def test_no_trap_window_without_a_card_in_hand_or_a_free_spell_slot():
    state = traps_position(p2_hand=(), p1_hand=("Cinder Newt",))
    for name in ("Choking Miasma", "Thornwall Grove", "Seasonal Bloom"):
        spell(state, 0, name)  # Player 1's three slots are full
    events = step(state, 'attack "Ashback Salamander" -> "Elder Oakguard"')
    assert not state.prompts and "counter-attacks" in texts(events)


def test_a_trap_raising_defence_saves_the_defender():
    state = start(p2="tidal_sanctum")
    creature(state, 0, "Ashback Salamander")  # 3
    scout = creature(state, 1, "Reedfin Scout")  # 1/2, +1 Thalassa: 3
    to_hand(state, 1, "Tidal Barrier")
    pool(state, 1, "Tide Pearl")
    to_attack(state)
    step(state, 'attack "Ashback Salamander" -> "Reedfin Scout"')
    do(state, 'P2: trap "Tidal Barrier", "Tide Pearl"')  # +2 DEF: 5
    assert not destroyed(state, scout) and damage(state, scout) == 3


def test_a_trap_answers_its_own_window():
    state = traps_position(p2_hand=("Sidestep Spark", "Flame Lance", "Mossling"))
    pool(state, 1, "Spark Cell", "Ember Shard")
    step(state, 'attack "Ashback Salamander" -> "Elder Oakguard"')
    assert refused(state, 'P2: trap "Sidestep Spark", "Spark Cell"') == R_TRAP_WINDOW.format(
        "Sidestep Spark is played when your attacking creature is counter-attacked"
    )
    assert (
        refused(state, 'P2: trap "Flame Lance", "Ember Shard" -> "Ashback Salamander"')
        == R_TRAP_ONLY
    )
    assert (
        refused(state, 'P1: trap "Blazing Riposte", "Heart of the Pyre"')
        == "EoC: Traps answer an attack, when you are asked"
    )


def test_the_attackers_traps_wait_for_the_window():
    state = traps_position()
    assert (
        refused(state, 'trap "Blazing Riposte", "Heart of the Pyre"')
        == "EoC, Attack Phase: your Traps answer the opponent's counter-attack, when you are asked"
    )


def test_the_attackers_trap_window_opens_only_when_it_is_counter_attacked():
    state = start()
    creature(state, 0, "Worldroot Colossus")  # Entangle (1 Nature): cannot counter-attack
    creature(state, 0, "Cinder Newt")
    crawler = creature(state, 1, "Gravecrawler")
    to_hand(state, 0, "Blazing Riposte")
    pool(state, 0, "Verdant Seed")
    to_attack(state)
    do(state, 'use "Worldroot Colossus", "Verdant Seed" -> "Gravecrawler"')
    events = step(state, 'attack "Cinder Newt" -> "Gravecrawler"')
    assert not state.prompts and "counter-attacks" not in texts(events)
    assert destroyed(state, crawler)


def test_a_cancelled_attack_deals_no_damage_and_has_no_counter_attack():
    state = start(p2="tidal_sanctum")
    newt = creature(state, 0, "Cinder Newt")
    crawler = creature(state, 1, "Reedfin Scout")
    ward = to_hand(state, 1, "Mirror Ward", "Tide Pearl")[0]
    pool(state, 1, "Sunlit Relic")
    to_attack(state)
    step(state, 'attack "Cinder Newt" -> "Reedfin Scout"')
    events = step(state, 'P2: trap "Mirror Ward", "Sunlit Relic"')
    assert "The attack is cancelled: no damage is dealt" in texts(events)
    assert not state.prompts and damage(state, newt) == 0 and damage(state, crawler) == 0
    assert "counter-attacks" not in texts(events)
    assert state.cards[newt].turned, "the attacker stays exhausted"
    assert where(state, ward) == SPELLS  # until the Clean-up


def test_a_trap_destroying_the_attacker_stops_the_attack():
    state = start(p2="tidal_sanctum")
    newt = creature(state, 0, "Magmaw Hound")
    scout = creature(state, 1, "Reedfin Scout")
    to_hand(state, 1, "Smiting Radiance", "Tide Pearl")
    pool(state, 1, "Sunlit Relic", "Halo Mote", "Gray Mist")
    to_attack(state)
    step(state, 'attack "Magmaw Hound" -> "Reedfin Scout"')
    events = do(state, 'P2: trap "Smiting Radiance", "Sunlit Relic", "Halo Mote", "Gray Mist"')
    assert destroyed(state, newt) and damage(state, scout) == 0
    assert "counter-attacks" not in texts(events)


def test_a_trap_forbidding_the_counter_attack_stops_it():
    state = start()
    salamander = creature(state, 0, "Ashback Salamander")  # 3/2
    creature(state, 1, "Bonewalker")  # 3/2
    to_hand(state, 0, "Stunning Arc")
    pool(state, 0, "Storm Core")
    to_attack(state)
    step(state, 'attack "Ashback Salamander" -> "Bonewalker"')
    do(state, 'trap "Stunning Arc", "Storm Core"')
    assert damage(state, salamander) == 0 and not destroyed(state, salamander)


def test_instants_and_traps_go_to_the_graveyard_in_the_clean_up_of_their_turn():
    state = start(p2="tidal_sanctum")
    creature(state, 0, "Cinder Newt")
    creature(state, 1, "Reedfin Scout")
    barrier = to_hand(state, 1, "Tidal Barrier", "Tide Pearl")[0]
    pool(state, 1, "Brine Shell")
    to_attack(state)
    step(state, 'attack "Cinder Newt" -> "Reedfin Scout"')
    do(state, 'P2: trap "Tidal Barrier", "Brine Shell"')  # it holds no Trap more: passes
    assert where(state, barrier) == SPELLS
    do(state, "end")
    assert where(state, barrier) == GRAVE
    assert len(state.zones[(1, HAND)]) == 2  # Tide Pearl, and Player 2's draw


def test_the_outcome_of_an_attack_names_its_weakness_bonus_and_what_became_of_the_target():
    state = start()
    creature(state, 0, "Cinder Newt")  # Fire, 2 ATK
    creature(state, 1, "Mossling")  # weak to Fire, 2 DEF
    to_attack(state)
    events = do(state, 'attack "Cinder Newt" -> "Mossling"')
    outcome = next(e for e in events if e.kind == "outcome")
    assert outcome.text == "3 (+1 weakness) against 2 DEF: Mossling destroyed"
    assert outcome.value == ("hit", 3, 2)
