"""EoC, the Vanquisher (ruling 11): attacked only while its owner has no active creature
(unless a card says otherwise, and a "cannot" beats that "can"), counter-attacking, defeated
like a creature, Stage 1 then Stage 2, and the game lost when both are defeated."""

from tabletop.engine import abilities as ab
from tabletop.engine import legal_actions
from tabletop.games.eoc.rules import (
    R_CANNOT,
    R_CREATURE_ABILITY_WHEN,
    R_ONCE,
    R_VANQUISHER_GUARDED,
    R_VANQUISHER_NO_ATTACK,
)

from .helpers import (
    GRAVE,
    creature,
    damage,
    do,
    next_turn,
    pool,
    refused,
    rules,
    start,
    texts,
    to_attack,
    vq,
)

IGNARA, MORROW = "Ignara, the Cinder Queen", "Morrow, the Gray Pilgrim"


def test_the_vanquisher_is_guarded_while_its_owner_has_an_active_creature():
    state = start()
    creature(state, 0, "Magmaw Hound")
    creature(state, 1, "Mossling")
    to_attack(state)
    assert refused(state, f'attack "Magmaw Hound" -> "{MORROW}"') == R_VANQUISHER_GUARDED
    assert all(
        state.cards[a.targets[0]].card.type != "vanquisher"
        for a in legal_actions(state)
        if a.kind == "attack"
    )


def test_with_no_enemy_creature_active_the_vanquisher_is_attacked_and_counter_attacks():
    state = start()
    hound = creature(state, 0, "Magmaw Hound")  # 4/3
    to_attack(state)
    events = do(state, f'attack "Magmaw Hound" -> "{MORROW}"')  # Stage 1: 2/6
    assert damage(state, vq(state, 1)) == 4 and state.data.stage[1] == 1
    assert damage(state, hound) == 2
    assert f"{MORROW} counter-attacks Magmaw Hound" in texts(events)


def test_a_destroyed_creature_no_longer_guards_the_vanquisher():
    state = start()
    creature(state, 0, "Magmaw Hound")
    creature(state, 0, "Ashback Salamander")
    creature(state, 1, "Mossling")  # 1/2
    to_attack(state)
    do(state, 'attack "Magmaw Hound" -> "Mossling"')
    do(state, f'attack "Ashback Salamander" -> "{MORROW}"')
    assert damage(state, vq(state, 1)) == 3


def test_your_vanquisher_cannot_attack():
    state = start()
    creature(state, 1, "Mossling")
    creature(state, 0, "Cinder Newt")
    to_attack(state)
    assert refused(state, f'attack "{IGNARA}" -> "Mossling"') == R_VANQUISHER_NO_ATTACK
    assert (
        refused(state, f'attack "Cinder Newt", "{IGNARA}" -> "Mossling"') == R_VANQUISHER_NO_ATTACK
    )


def test_damage_greater_than_stage_1_defence_turns_it_to_a_fresh_stage_2():
    state = start()
    creature(state, 0, "Magmaw Hound")  # 4
    creature(state, 0, "Ashback Salamander")  # 3
    to_attack(state)
    v = vq(state, 1)
    do(state, f'attack "Magmaw Hound", "Ashback Salamander" -> "{MORROW}"')
    events = do(state, f'P2: counter "{MORROW}" -> "Ashback Salamander"')
    assert state.data.stage[1] == 2 and damage(state, v) == 0
    assert rules.defense_of(state, v) == 8 and rules.attack_of(state, v) == 3
    assert not state.over
    assert "Stage 1 is defeated: it turns to Stage 2" in texts(events)


def test_damage_equal_to_the_vanquishers_defence_does_not_defeat_it():
    state = start()
    creature(state, 0, "Magmaw Hound")  # 4
    creature(state, 0, "Cinder Newt")  # 2
    to_attack(state)
    do(state, f'attack "Magmaw Hound", "Cinder Newt" -> "{MORROW}"')
    do(state, f'P2: counter "{MORROW}" -> "Magmaw Hound"')
    assert state.data.stage[1] == 1 and damage(state, vq(state, 1)) == 6


def test_the_vanquisher_is_healed_in_the_clean_up():
    state = start()
    creature(state, 0, "Magmaw Hound")
    to_attack(state)
    do(state, f'attack "Magmaw Hound" -> "{MORROW}"')
    next_turn(state)
    assert damage(state, vq(state, 1)) == 0 and state.data.stage[1] == 1


def test_a_defeated_stage_2_loses_the_game():
    state = start()
    state.data.stage[1] = 2  # Morrow, Stage 2: 3/8; enemy creatures -1 ATK
    rules.changed(state)
    for name in ("Magmaw Hound", "Pyreclaw Drake", "Ashback Salamander"):
        creature(state, 0, name)  # 4 + 1, 4, 3 + 1, less 1 each: 11
    to_attack(state)
    events = do(
        state, f'attack "Magmaw Hound", "Pyreclaw Drake", "Ashback Salamander" -> "{MORROW}"'
    )
    events += do(state, f'P2: counter "{MORROW}" -> "Magmaw Hound"')
    assert state.over and state.winners == (0,)
    assert "defeated in both stages" in texts(events)


def test_a_vanquisher_ability_is_used_in_the_attack_phase_once_per_turn():
    state = start()
    newt = creature(state, 0, "Cinder Newt")  # Ignara, Kindle (1 Fire): your creatures +1 ATK
    pool(state, 0, "Ember Shard", "Smouldering Coal")
    assert refused(state, f'use "{IGNARA}", "Ember Shard"') == R_CREATURE_ABILITY_WHEN
    to_attack(state)
    do(state, f'use "{IGNARA}", "Ember Shard"')
    assert rules.attack_of(state, newt) == 3
    assert refused(state, f'use "{IGNARA}", "Smouldering Coal"') == R_ONCE
    assert state.cards[state.zones[(0, GRAVE)][0]].card.name == "Ember Shard"
    next_turn(state)
    assert rules.attack_of(state, newt) == 2, "for the turn only"


def test_stage_2_has_its_own_effect():
    state = start()
    newt = creature(state, 0, "Cinder Newt")
    state.data.stage[0] = 2  # Ignara, Stage 2: your creatures have +1 ATK
    rules.changed(state)
    assert rules.attack_of(state, newt) == 3


def test_a_creature_that_can_attack_the_vanquisher_does_so_past_its_guards():
    state = start()
    creature(state, 0, "Skybolt Kestrel")  # can attack the enemy Vanquisher
    creature(state, 0, "Cinder Newt")
    creature(state, 1, "Mossling")
    to_attack(state)
    assert (
        refused(state, f'attack "Skybolt Kestrel", "Cinder Newt" -> "{MORROW}"')
        == R_VANQUISHER_GUARDED
    ), "every attacker of the group must be able to"
    do(state, f'attack "Skybolt Kestrel" -> "{MORROW}"')
    assert damage(state, vq(state, 1)) == 2


def test_a_cannot_beats_a_can_facing_a_guard():
    state = start(p2="tidal_sanctum")
    creature(state, 0, "Skybolt Kestrel")
    creature(state, 1, "Halo Warden")  # enemy creatures cannot attack the Vanquisher
    to_attack(state)
    assert (
        refused(state, 'attack "Skybolt Kestrel" -> "Thalassa, Warden of the Deep"')
        == R_VANQUISHER_GUARDED
    )


def test_a_cannot_beats_a_can_with_no_guard():
    state = start()
    kestrel = creature(state, 0, "Skybolt Kestrel")
    creature(state, 0, "Cinder Newt")  # a creature that may attack: the phase is played
    ab.add(state, ab.Modifier(kestrel, "attack_vanquisher", ab.CANNOT, kestrel))
    to_attack(state)
    assert (
        refused(state, f'attack "Skybolt Kestrel" -> "{MORROW}"')
        == f"{R_CANNOT}: it cannot attack the Vanquisher"
    )


def test_the_vanquisher_counter_attacks_one_of_a_group_chosen_by_its_owner():
    state = start()
    newt = creature(state, 0, "Cinder Newt")
    sprite = creature(state, 0, "Static Sprite")
    to_attack(state)
    do(state, f'attack "Cinder Newt", "Static Sprite" -> "{MORROW}"')
    assert state.top_prompt.name == "counter" and state.top_prompt.seat == 1
    do(state, f'P2: counter "{MORROW}" -> "Static Sprite"')
    assert damage(state, sprite) == 2 and damage(state, newt) == 0
    assert damage(state, vq(state, 1)) == 4, "no weakness against a Vanquisher"
