"""EWC combat: d6 + Strength against d6 + DEF, hits, dodges, the Icon, Weapons and Actions on
your turn, Reactions and Armor in an attack's response windows (the defender's and the
attacker's), Piercing."""

from tabletop.games.ewc.rules import (
    R_ACTIONS_OWN_TURN,
    R_ARMOR_WHEN,
    R_BASE_ATTACK_ONCE,
    R_PIERCING,
    R_REACTION_WHEN,
    R_TARGETS,
    R_TURNED,
)

from .helpers import (
    ALLIES,
    BRANN,
    FIELD,
    HAND,
    KAEL,
    LYRA,
    MIRA,
    VESH,
    attack,
    cid,
    do,
    give,
    life,
    names,
    refused,
    roll,
    start,
    to_combat,
)


def outcome(events):
    return next(e for e in events if e.kind == "outcome")


# -- hits and dodges ------------------------------------------------------------------------


def test_greater_attack_total_hits_for_the_difference():
    state = start(KAEL, LYRA)  # Kael STR 3; Lyra DEF 3, LIFE 18
    to_combat(state)
    events = attack(state, f'attack "{KAEL}" -> "{LYRA}"', 5, 2)  # 8 against 5
    assert outcome(events).value == ("hit", 8, 5, 3)
    assert outcome(events).text == "Hit for 3 (8 vs 5)"
    assert life(state, 1) == 15


def test_equal_totals_hit_for_zero_damage():
    state = start(KAEL, LYRA)
    to_combat(state)
    events = attack(state, f'attack "{KAEL}" -> "{LYRA}"', 3, 3)  # 6 against 6
    assert outcome(events).value == ("hit", 6, 6, 0)
    assert outcome(events).text.startswith("Hit for 0")
    assert life(state, 1) == 18


def test_lower_attack_total_is_dodged_and_deals_no_damage():
    state = start(KAEL, LYRA)
    to_combat(state)
    events = attack(state, f'attack "{KAEL}" -> "{LYRA}"', 1, 4)  # 4 against 7
    assert outcome(events).value == ("dodged", 4, 7, 0)
    assert outcome(events).text == "Dodged (4 vs 7)"
    assert life(state, 1) == 18


def test_a_hit_for_zero_still_triggers_on_hit_effects():
    state = start(KAEL, LYRA)
    give(state, 0, "Venom Dagger")  # Strength 1, +1 from Kael; on hit: +1 damage
    give(state, 0, "Duelist's Rapier")  # Strength 2, +1 from Kael; on hit: draw 1
    to_combat(state)
    attack(state, 'attack "Venom Dagger" -> "Lyra Swiftwind"', 4, 3)  # 6 against 6
    assert life(state, 1) == 17
    hand = len(state.zones[(0, HAND)])
    attack(state, 'attack "Duelist\'s Rapier" -> "Lyra Swiftwind"', 3, 3)  # 6 against 6
    assert len(state.zones[(0, HAND)]) == hand + 1


def test_a_dodged_attack_triggers_no_on_hit_effect():
    state = start(KAEL, LYRA)
    give(state, 0, "Venom Dagger")  # on hit: +1 damage
    give(state, 0, "Duelist's Rapier")  # on hit: draw 1
    to_combat(state)
    hand = len(state.zones[(0, HAND)])
    events = attack(state, 'attack "Venom Dagger" -> "Lyra Swiftwind"', 1, 3)  # 3 against 6
    assert outcome(events).value == ("dodged", 3, 6, 0)
    events = attack(state, 'attack "Duelist\'s Rapier" -> "Lyra Swiftwind"', 2, 3)  # 5 vs 6
    assert outcome(events).value == ("dodged", 5, 6, 0)
    assert life(state, 1) == 18
    assert len(state.zones[(0, HAND)]) == hand


# -- the Hero's Base Attack and cards that make attacks --------------------------------------


def test_hero_base_attack_uses_printed_str_and_leaves_the_hero_ready():
    state = start(BRANN, LYRA)  # Brann STR 2
    to_combat(state)
    events = attack(state, f'attack "{BRANN}" -> "{LYRA}"', 4, 1)
    assert next(e for e in events if e.kind == "attack").value[1] == 2
    assert not state.cards[state.data.heroes[0]].turned


def test_hero_base_attack_is_made_once_per_turn():
    state = start(BRANN, LYRA)
    to_combat(state)
    attack(state, f'attack "{BRANN}" -> "{LYRA}"', 4, 1)
    assert refused(state, f'attack "{BRANN}" -> "{LYRA}"') == R_BASE_ATTACK_ONCE


def test_a_hero_is_not_activated_for_an_effect_it_attacks_without_being_activated():
    state = start(KAEL, LYRA)
    to_combat(state)
    reason = refused(state, f'use "{KAEL}"')
    assert reason == (
        "EWC, Combat Phase: when your Hero or Ally makes an Attack, you do not "
        f"need to activate them (attack with {KAEL})"
    )


def test_weapon_attack_activates_the_weapon_and_uses_its_own_strength():
    state = start(BRANN, LYRA)
    to_combat(state)
    events = attack(state, f'attack "Warhammer" -> "{LYRA}"', 4, 1)  # 6 against 4
    assert next(e for e in events if e.kind == "attack").value[1] == 2
    assert state.cards[cid(state, 0, "Warhammer")].turned
    assert life(state, 1) == 16


def test_each_attack_making_card_makes_its_own_separate_attack():
    state = start(BRANN, LYRA)
    to_combat(state)
    attack(state, f'attack "{BRANN}" -> "{LYRA}"', 4, 1)  # 6 against 4
    attack(state, f'attack "Warhammer" -> "{LYRA}"', 4, 1)  # 6 against 4
    assert life(state, 1) == 14


def test_an_activated_weapon_cannot_attack_again_this_turn():
    state = start(BRANN, LYRA)
    to_combat(state)
    attack(state, f'attack "Warhammer" -> "{LYRA}"', 4, 1)
    assert refused(state, f'attack "Warhammer" -> "{LYRA}"') == R_TURNED


def test_attacks_target_only_opponents_heroes_or_allies():
    state = start(BRANN, LYRA)
    to_combat(state)
    assert refused(state, f'attack "{BRANN}" -> "{BRANN}"') == R_TARGETS
    assert refused(state, f'attack "{BRANN}" -> "Twin Daggers"') == R_TARGETS


def test_an_action_that_makes_an_attack_is_used_to_attack():
    state = start(BRANN, LYRA)
    give(state, 0, "Quick Strike")
    to_combat(state)
    reason = refused(state, 'use "Quick Strike"')
    assert reason.startswith("EWC, Combat Phase: Weapons are cards that create Attacks")
    attack(state, f'attack "Quick Strike" -> "{LYRA}"', 4, 1)  # 6 against 4
    assert life(state, 1) == 16


# -- the Icon -------------------------------------------------------------------------------


def test_the_icon_face_counts_as_six():
    # The battle die shows the Icon on its sixth face. It gives Warhammer its Icon effect (+2
    # damage) and counts as exactly 6: 6 + 2 = 8 against Lyra's 5 + 3 = 8 is a hit for 0 (as
    # a 5 it would be dodged, as a 7 a hit for 1).
    state = start(BRANN, LYRA)
    to_combat(state)
    events = attack(state, f'attack "Warhammer" -> "{LYRA}"', 6, 5)
    attack_roll = next(e for e in events if e.kind == "roll")
    assert attack_roll.text == "Brann Stoneward rolls: the Icon (6) + 2 = Attack total 8"
    assert outcome(events).value == ("hit", 8, 8, 2)
    assert life(state, 1) == 18 - 2
    # The defender's Icon counts as 6 too: Kael's Longspear, 4 + 4 + 1 = 9, against 6 + 3.
    state = start(KAEL, LYRA)
    give(state, 0, "Longspear")
    to_combat(state)
    events = attack(state, f'attack "Longspear" -> "{LYRA}"', 4, 6)
    assert outcome(events).value == ("hit", 9, 9, 0)


def test_icon_gives_the_activated_cards_icon_effect():
    state = start(BRANN, LYRA)
    to_combat(state)
    attack(state, f'attack "Warhammer" -> "{LYRA}"', 6, 1)  # 8 against 4, Icon: +2 damage
    assert life(state, 1) == 18 - 6


def test_no_icon_no_icon_effect():
    state = start(BRANN, LYRA)
    to_combat(state)
    attack(state, f'attack "Warhammer" -> "{LYRA}"', 5, 1)  # 7 against 4
    assert life(state, 1) == 18 - 3


def test_defense_icon_gives_the_defenders_armor_its_icon_effect():
    state = start(LYRA, KAEL)
    give(state, 0, "Great Axe")  # Strength 5, Icon: +2 damage
    give(state, 1, "Oak Buckler")  # prevent 1, Icon: prevent 1 more
    to_combat(state)
    roll(state, 6, 6)  # 11 against 8: hit for 3, +2 Icon damage
    do(state, f'attack "Great Axe" -> "{KAEL}"')
    do(state, 'use "Oak Buckler"')  # before the Defense roll
    while state.prompts:
        do(state, "pass")
    assert life(state, 1) == 20 - (3 + 2 - 2)


def test_icon_effects_happen_whether_or_not_the_attack_hits():
    state = start(VESH, KAEL)  # Hex Blade: Strength 2, Icon: your Hero heals 2
    state.cards[state.data.heroes[0]].damage = 5
    to_combat(state)
    events = attack(state, f'attack "Hex Blade" -> "{KAEL}"', 6, 6)  # 8 against 8
    assert outcome(events).value == ("hit", 8, 8, 1)  # a hit for 0, +1 from Vesh
    assert life(state, 0) == 18 - 5 + 2

    state = start(VESH, KAEL)
    state.cards[state.data.heroes[0]].damage = 5
    give(state, 1, "Parry")  # before your Defense roll: +2
    to_combat(state)
    roll(state, 6, 6)  # 8 against 6 + 2 + 2 = 10
    do(state, f'attack "Hex Blade" -> "{KAEL}"')
    events = do(state, 'use "Parry"')
    while state.prompts:  # Kael keeps his Squire's Shield
        events += do(state, "pass")
    assert outcome(events).value == ("dodged", 8, 10, 0)
    assert life(state, 0) == 18 - 5 + 2


# -- Reactions and Armor ----------------------------------------------------------------------


def test_armor_can_be_activated_before_the_defense_roll():
    state = start(LYRA, KAEL)  # Kael has Squire's Shield: prevent 1
    to_combat(state)
    roll(state, 5, 1)  # 7 against 3
    do(state, f'attack "{LYRA}" -> "{KAEL}"')
    assert state.top_prompt.name == "before_defense" and state.top_prompt.seat == 1
    events = do(state, 'use "Squire\'s Shield"')
    kinds = [e.kind for e in events]
    assert kinds.index("turn") < kinds.index("roll")  # activated, then the Defense roll
    assert life(state, 1) == 20 - 3


def test_armor_can_be_activated_after_seeing_the_defense_roll():
    state = start(LYRA, KAEL)
    to_combat(state)
    roll(state, 5, 1)
    do(state, f'attack "{LYRA}" -> "{KAEL}"')
    events = do(state, "pass")
    assert [e.kind for e in events if e.kind == "roll"] == ["roll"]
    assert state.top_prompt.name == "after_defense"
    do(state, 'use "Squire\'s Shield"')
    assert life(state, 1) == 20 - 3


def test_armor_is_not_activated_before_the_attack_roll():
    state = start(LYRA, KAEL)
    give(state, 1, "Sidestep")  # a Reaction "when attacked": opens that window
    to_combat(state)
    roll(state, 5, 1)
    do(state, f'attack "{LYRA}" -> "{KAEL}"')
    assert state.top_prompt.name == "attacked"
    assert refused(state, 'P2: use "Squire\'s Shield"') == R_ARMOR_WHEN


def test_piercing_attacks_allow_no_armor():
    state = start(LYRA, KAEL)
    give(state, 0, "Stormcaller Staff")  # Piercing, Strength 4
    give(state, 1, "Parry")  # a Reaction before the Defense roll keeps the window open
    to_combat(state)
    roll(state, 5, 1)  # 9 against 3
    do(state, f'attack "Stormcaller Staff" -> "{KAEL}"')
    assert state.top_prompt.name == "before_defense"
    assert refused(state, 'P2: use "Squire\'s Shield"') == R_PIERCING
    do(state, "pass")
    assert life(state, 1) == 20 - 6


def test_piercing_attack_opens_no_window_when_only_armor_could_answer():
    state = start(LYRA, KAEL)
    give(state, 0, "Stormcaller Staff")
    to_combat(state)
    roll(state, 5, 1)
    do(state, f'attack "Stormcaller Staff" -> "{KAEL}"')
    assert not state.prompts
    assert life(state, 1) == 20 - 6


def test_piercing_attacks_still_allow_reactions():
    state = start(LYRA, KAEL)
    give(state, 0, "Stormcaller Staff")
    give(state, 1, "Brace for Impact")  # when attacked: prevent 1, even a Piercing attack
    to_combat(state)
    roll(state, 5, 1)
    do(state, f'attack "Stormcaller Staff" -> "{KAEL}"')
    do(state, 'use "Brace for Impact"')
    assert life(state, 1) == 20 - 5


def test_reactions_and_armor_wait_for_the_moment_of_an_attack_they_name():
    state = start(KAEL, LYRA)
    give(state, 0, "Parry")  # before your Defense roll
    give(state, 0, "Steady Aim")  # before your Attack roll
    to_combat(state)
    reason = refused(state, 'use "Parry"')  # no attack is under way
    assert reason == f"{R_REACTION_WHEN}: Parry, before your Defense roll"
    reason = refused(state, 'use "Steady Aim"')
    assert reason == f"{R_REACTION_WHEN}: Steady Aim, before your Attack roll"
    assert refused(state, 'use "Squire\'s Shield"') == R_ARMOR_WHEN
    roll(state, 4)
    do(state, f'attack "{KAEL}" -> "{LYRA}"')
    assert state.top_prompt.name == "before_attack" and state.top_prompt.seat == 0
    # Kael attacks: his Parry and his Armor are for attacks on him.
    assert refused(state, 'use "Parry"') == f"{R_REACTION_WHEN}: Parry, before your Defense roll"
    assert refused(state, 'use "Squire\'s Shield"') == R_ARMOR_WHEN


def test_actions_and_weapons_are_not_activated_on_other_players_turns():
    state = start(LYRA, KAEL)
    give(state, 1, "Scout Ahead")
    to_combat(state)
    roll(state, 5, 1)
    do(state, f'attack "{LYRA}" -> "{KAEL}"')
    assert refused(state, 'P2: use "Ember Brand"') == R_ACTIONS_OWN_TURN
    assert refused(state, 'P2: use "Scout Ahead"') == R_ACTIONS_OWN_TURN


def test_reactions_are_activated_only_when_the_card_says():
    state = start(LYRA, KAEL)
    give(state, 1, "Parry")  # before your Defense roll
    give(state, 1, "Lucky Charm")  # after your Defense roll
    to_combat(state)
    roll(state, 5, 1)
    do(state, f'attack "{LYRA}" -> "{KAEL}"')
    assert state.top_prompt.name == "before_defense"
    do(state, "pass")
    assert state.top_prompt.name == "after_defense"
    reason = refused(state, 'P2: use "Parry"')
    assert reason.startswith(R_REACTION_WHEN)
    assert "before your Defense roll" in reason


def test_a_reaction_adds_to_the_defense_total():
    state = start(KAEL, LYRA)  # Lyra's Evasive Roll: +2 before her Defense roll
    to_combat(state)
    roll(state, 5, 3)  # 8 against 6, then +2: 8 against 8
    do(state, f'attack "{KAEL}" -> "{LYRA}"')
    events = do(state, 'use "Evasive Roll"')
    assert outcome(events).value == ("hit", 8, 8, 0)


def test_the_defender_may_pass_a_response_window():
    state = start(KAEL, LYRA)
    to_combat(state)
    roll(state, 5, 3)
    do(state, f'attack "{KAEL}" -> "{LYRA}"')
    events = do(state, "pass")
    assert events[0].text == "Player 2 passes"
    assert outcome(events).value == ("hit", 8, 6, 2)
    assert not state.cards[cid(state, 1, "Evasive Roll")].turned


def test_riposte_deals_damage_only_when_the_attack_is_dodged():
    state = start(LYRA, KAEL)
    give(state, 1, "Riposte")
    to_combat(state)
    roll(state, 1, 6)  # 3 against 8: dodged
    do(state, f'attack "{LYRA}" -> "{KAEL}"')
    do(state, "pass")  # before the Defense roll (Squire's Shield could be used)
    do(state, 'use "Riposte"')
    while state.prompts:
        do(state, "pass")
    assert life(state, 0) == 18 - 2

    state = start(LYRA, KAEL)
    give(state, 1, "Riposte")
    to_combat(state)
    roll(state, 6, 1)  # 8 against 3: a hit
    do(state, f'attack "{LYRA}" -> "{KAEL}"')
    do(state, "pass")
    do(state, 'use "Riposte"')
    while state.prompts:
        do(state, "pass")
    assert life(state, 0) == 18


def test_a_reroll_replaces_the_defense_die():
    state = start(LYRA, KAEL)
    give(state, 1, "Lucky Charm")
    to_combat(state)
    roll(state, 5, 1, 6)  # 7 against 3, then the Defense die again: 6, so 7 against 8
    do(state, f'attack "{LYRA}" -> "{KAEL}"')
    do(state, "pass")
    events = do(state, 'use "Lucky Charm"')
    while state.prompts:
        events += do(state, "pass")
    assert outcome(events).value == ("dodged", 7, 8, 0)


def test_bad_omen_makes_the_attacker_roll_again():
    state = start(LYRA, KAEL)
    give(state, 1, "Bad Omen")
    to_combat(state)
    roll(state, 6, 1, 1)  # 8, then the Attack die again: 1, so 3 against 3
    do(state, f'attack "{LYRA}" -> "{KAEL}"')
    events = do(state, 'use "Bad Omen"')
    while state.prompts:
        events += do(state, "pass")
    assert outcome(events).value == ("hit", 3, 3, 0)


def test_armor_prevents_damage():
    state = start(LYRA, KAEL)
    give(state, 1, "Chainmail")
    to_combat(state)
    roll(state, 6, 1)  # 8 against 3
    do(state, f'attack "{LYRA}" -> "{KAEL}"')
    do(state, 'use "Chainmail"')
    while state.prompts:
        do(state, "pass")
    assert life(state, 1) == 20 - 3


def test_direct_damage_is_not_an_attack_and_armor_cannot_prevent_it():
    state = start(LYRA, KAEL)
    give(state, 0, "Lightning Bolt")
    to_combat(state)
    do(state, f'use "Lightning Bolt" -> "{KAEL}"')
    assert not state.prompts
    assert life(state, 1) == 18
    assert "Lightning Bolt" in names(state, 0, "discard")


# -- Reactions of the attacker: before and after its own Attack roll -----------------------------


def prompt(state):
    return state.top_prompt.name, state.top_prompt.seat


def test_a_reaction_before_your_attack_roll_is_activated_in_your_own_window():
    state = start(KAEL, LYRA)  # Kael STR 3; Lyra DEF 3, with Evasive Roll before her Defense
    give(state, 0, "Steady Aim")  # before your Attack roll: +1 to your Attack total
    to_combat(state)
    events = do(state, f'attack "{KAEL}" -> "{LYRA}"')
    assert prompt(state) == ("before_attack", 0)
    assert not [e for e in events if e.kind == "roll"]  # the die is not rolled yet
    roll(state, 4, 2)
    events = do(state, 'use "Steady Aim"')
    assert state.cards[cid(state, 0, "Steady Aim")].turned
    attack_roll = next(e for e in events if e.kind == "roll")
    assert attack_roll.value == ("attack", 4, 4 + 3 + 1)
    assert prompt(state) == ("before_defense", 1)
    events = do(state, "pass")  # Lyra keeps her Evasive Roll: 2 + 3 = 5
    assert outcome(events).value == ("hit", 8, 5, 3)
    assert life(state, 1) == 18 - 3


def test_the_attacker_readies_its_roll_after_the_defender_answers_the_attack():
    state = start(KAEL, LYRA)
    give(state, 0, "Steady Aim")
    give(state, 1, "Sidestep")  # when attacked: -2 to the Attack total
    to_combat(state)
    do(state, f'attack "{KAEL}" -> "{LYRA}"')
    assert prompt(state) == ("attacked", 1)
    do(state, 'use "Sidestep"')
    assert prompt(state) == ("before_attack", 0)
    roll(state, 5, 1)
    events = do(state, "pass")  # Kael keeps his Steady Aim: 5 + 3 - 2 = 6
    assert events[0].text == "Player 1 passes"
    assert not state.cards[cid(state, 0, "Steady Aim")].turned
    assert next(e for e in events if e.kind == "roll").value == ("attack", 5, 6)


def test_a_reaction_after_your_attack_roll_may_roll_the_attack_die_again():
    state = start(KAEL, LYRA)
    give(state, 0, "Second Chance")  # after your Attack roll: roll your Attack die again
    to_combat(state)
    roll(state, 1, 5, 2)  # 1 + 3 = 4; again: 5 + 3 = 8; Defense 2 + 3 = 5
    events = do(state, f'attack "{KAEL}" -> "{LYRA}"')
    assert [e.value for e in events if e.kind == "roll"] == [("attack", 1, 4)]
    assert prompt(state) == ("after_attack", 0)  # Kael sees his roll before Lyra is asked
    events = do(state, 'use "Second Chance"')
    assert [e.value for e in events if e.kind == "roll"] == [("attack", 5, 8)]
    assert prompt(state) == ("before_defense", 1)
    events = do(state, "pass")
    assert outcome(events).value == ("hit", 8, 5, 3)


def test_the_attackers_window_opens_only_with_a_ready_reaction_for_that_moment():
    state = start(KAEL, LYRA)
    give(state, 0, "Steady Aim")
    give(state, 0, "Parry")  # a Reaction for when Kael is attacked: no window in his attack
    do(state, 'tp "Steady Aim"')  # turned for TP: it cannot be activated this turn
    to_combat(state)
    roll(state, 4)
    events = do(state, f'attack "{KAEL}" -> "{LYRA}"')
    assert [e.value for e in events if e.kind == "roll"] == [("attack", 4, 7)]
    assert prompt(state) == ("before_defense", 1)  # Lyra's Evasive Roll


def test_a_reaction_of_the_attacker_waiting_on_a_hit_resolves_at_the_end_of_the_attack():
    state = start(KAEL, LYRA)
    give(state, 0, "Press the Advantage")  # after your Attack roll: if it hits, draw 1
    to_combat(state)
    hand = len(state.zones[(0, HAND)])
    roll(state, 5, 1)  # 8 against 4: a hit
    do(state, f'attack "{KAEL}" -> "{LYRA}"')
    do(state, 'use "Press the Advantage"')
    assert len(state.zones[(0, HAND)]) == hand  # it waits for the attack's end
    do(state, "pass")
    assert len(state.zones[(0, HAND)]) == hand + 1

    state = start(KAEL, LYRA)
    give(state, 0, "Press the Advantage")
    to_combat(state)
    hand = len(state.zones[(0, HAND)])
    roll(state, 5, 6)  # 8 against 9: dodged
    do(state, f'attack "{KAEL}" -> "{LYRA}"')
    do(state, 'use "Press the Advantage"')
    do(state, "pass")
    assert not state.prompts and len(state.zones[(0, HAND)]) == hand


def test_the_attack_icon_gives_the_attackers_reactions_their_icon_effect():
    for attack_face, defense_face, drawn in ((6, 1, 1), (5, 1, 0), (5, 6, 0)):
        state = start(KAEL, LYRA)
        give(state, 0, "Steady Aim")  # Icon: draw 1 card
        to_combat(state)
        hand = len(state.zones[(0, HAND)])
        do(state, f'attack "{KAEL}" -> "{LYRA}"')
        roll(state, attack_face, defense_face)
        do(state, 'use "Steady Aim"')
        do(state, "pass")
        assert not state.prompts
        assert len(state.zones[(0, HAND)]) == hand + drawn, (attack_face, defense_face)


def test_an_allys_attack_opens_the_attackers_windows_too():
    state = start(MIRA, LYRA)
    wolf = give(state, 0, "Grey Wolf", ALLIES)  # STR 2, +1 from Mira
    state.data.creators[wolf] = cid(state, 0, "Wolf Call")
    state.cards[cid(state, 0, "Wolf Call")].turned = True
    give(state, 0, "Steady Aim")
    to_combat(state)
    do(state, f'attack "Grey Wolf" -> "{LYRA}"')
    assert prompt(state) == ("before_attack", 0)
    roll(state, 4)
    events = do(state, 'use "Steady Aim"')
    assert next(e for e in events if e.kind == "roll").value == ("attack", 4, 4 + 2 + 1 + 1)


def test_a_reaction_of_the_attacker_is_not_activated_when_you_are_attacked():
    state = start(KAEL, LYRA)
    give(state, 1, "Steady Aim")
    give(state, 1, "Second Chance")
    to_combat(state)
    roll(state, 4)
    do(state, f'attack "{KAEL}" -> "{LYRA}"')
    assert prompt(state) == ("before_defense", 1)  # no window of Lyra's before then
    reason = refused(state, 'P2: use "Steady Aim"')
    assert reason == f"{R_REACTION_WHEN}: Steady Aim, before your Attack roll"


# -- Hero abilities -----------------------------------------------------------------------------


def test_kael_makes_his_weapons_attacks_one_stronger():
    state = start(KAEL, LYRA)
    to_combat(state)
    events = attack(state, f'attack "Ember Brand" -> "{LYRA}"', 1, 6)
    assert next(e for e in events if e.kind == "attack").value[1] == 3


def test_brann_makes_each_armor_prevent_one_more():
    state = start(LYRA, BRANN)
    give(state, 1, "Chainmail")
    to_combat(state)
    roll(state, 6, 1)  # 8 against 5
    do(state, f'attack "{LYRA}" -> "{BRANN}"')
    do(state, 'use "Chainmail"')
    while state.prompts:
        do(state, "pass")
    assert life(state, 1) == 22 - 0


def test_vesh_hits_for_one_on_a_hit_for_zero():
    state = start(VESH, LYRA)  # Vesh STR 3 against Lyra DEF 3
    to_combat(state)
    attack(state, f'attack "{VESH}" -> "{LYRA}"', 3, 3)
    assert life(state, 1) == 17


# -- Actions ---------------------------------------------------------------------------------


def test_battle_cry_strengthens_only_the_next_attack():
    state = start(KAEL, LYRA)
    give(state, 0, "Battle Cry")
    to_combat(state)
    do(state, 'use "Battle Cry"')
    first = attack(state, f'attack "{KAEL}" -> "{LYRA}"', 1, 6)
    second = attack(state, f'attack "Ember Brand" -> "{LYRA}"', 1, 6)
    assert next(e for e in first if e.kind == "attack").value[1] == 5
    assert next(e for e in second if e.kind == "attack").value[1] == 3


def test_one_shot_cards_go_to_the_discard_pile_after_their_attack():
    state = start(KAEL, LYRA)
    fireball = give(state, 0, "Fireball")
    to_combat(state)
    attack(state, f'attack "Fireball" -> "{LYRA}"', 1, 6)
    assert state.cards[fireball].zone == (0, "discard")


def test_sabotage_turns_a_ready_card_an_opponent_has_in_play():
    state = start(KAEL, LYRA)
    give(state, 0, "Sabotage")
    to_combat(state)
    assert "not a Hero or Ally" in refused(state, f'use "Sabotage" -> "{LYRA}"')
    do(state, 'use "Sabotage" -> "Evasive Roll"')
    assert state.cards[cid(state, 1, "Evasive Roll")].turned


def test_a_card_naming_a_target_picks_one_of_an_opponents_heroes_or_allies():
    state = start(KAEL, LYRA)
    give(state, 0, "Lightning Bolt")  # deal 2 damage to target Hero or Ally
    to_combat(state)
    reason = refused(state, f'use "Lightning Bolt" -> "{KAEL}"')
    assert reason == (
        "EWC, Combat Phase (ruling): Lightning Bolt needs a target: one of your "
        "opponent's Heroes or Allies in play"
    )
    assert refused(state, 'use "Lightning Bolt"') == reason
    do(state, f'use "Lightning Bolt" -> "{LYRA}"')
    assert life(state, 1) == 18 - 2 and life(state, 0) == 20


def test_second_wind_heals_up_to_printed_life():
    state = start(KAEL, LYRA)
    give(state, 0, "Second Wind")
    state.cards[state.data.heroes[0]].damage = 2
    to_combat(state)
    do(state, 'use "Second Wind"')
    assert life(state, 0) == 20


def test_flail_icon_makes_the_defending_player_discard_at_random():
    state = start(KAEL, LYRA)
    give(state, 0, "Flail of Ruin")
    to_combat(state)
    hand = len(state.zones[(1, HAND)])
    roll(state, 6, 6, 1)  # both Icons; then the random discard picks index 0
    do(state, f'attack "Flail of Ruin" -> "{LYRA}"')
    while state.prompts:
        do(state, "pass")
    assert len(state.zones[(1, HAND)]) == hand - 1
    assert len(state.zones[(1, "discard")]) == 1


def test_pickpocket_makes_the_target_player_discard():
    state = start(KAEL, LYRA)
    give(state, 0, "Pickpocket")
    to_combat(state)
    hand = len(state.zones[(1, HAND)])
    do(state, f'use "Pickpocket" -> "{LYRA}"')
    assert len(state.zones[(1, HAND)]) == hand - 1


def test_scout_ahead_draws_a_card():
    state = start(KAEL, LYRA)
    give(state, 0, "Scout Ahead")
    to_combat(state)
    hand = len(state.zones[(0, HAND)])
    do(state, 'use "Scout Ahead"')
    assert len(state.zones[(0, HAND)]) == hand + 1
    assert state.cards[cid(state, 0, "Scout Ahead")].turned
    assert cid(state, 0, "Scout Ahead") in state.zones[(0, FIELD)]


def test_a_hit_reports_the_damage_taken_after_prevention_beside_the_totals():
    state = start(LYRA, KAEL)
    give(state, 0, "Great Axe")  # Strength 5, Icon: +2 damage
    give(state, 1, "Oak Buckler")  # prevent 1, Icon: prevent 1 more
    to_combat(state)
    roll(state, 6, 6)  # 11 against 8: a difference of 3, +2 Icon damage, 2 prevented
    events = do(state, f'attack "Great Axe" -> "{KAEL}"')
    events += do(state, 'use "Oak Buckler"')
    while state.prompts:
        events += do(state, "pass")
    assert outcome(events).text == "Hit for 3 (11 vs 8): +2 damage, 2 prevented"
    assert life(state, 1) == 20 - 3  # what the words say was taken
