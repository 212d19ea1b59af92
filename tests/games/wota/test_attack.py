"""War of the Arcane: the attack sequence, steps a to e, Traps and First-Blood."""

from tabletop.engine import legal_actions
from tabletop.games.wota import rules

from .helpers import do, hp, kinds, passes, put, refused, start, step, to_hand, where


def test_an_attack_is_made_by_a_face_up_unit_for_1_ap():
    state = start()
    a = put(state, 0, "Footman", "c3", down=True)
    sentinel = put(state, 1, "Iron Sentinel", "c4")
    assert refused(state, f"attack #{a} -> #{sentinel}") == rules.R_FACE_UP
    do(state, f"flip #{a}")
    assert state.data.ap == 2
    do(state, f"attack #{a} -> #{sentinel}")
    assert state.data.ap == 1 and hp(state, sentinel) == 5


def test_a_player_attacks_only_with_its_own_units():
    state = start()
    put(state, 0, "Footman", "c3")
    enemy = put(state, 1, "Footman", "c4")
    assert refused(state, f'attack #{enemy} -> "Footman"') == rules.R_ATTACKER


def test_only_an_orthogonally_adjacent_enemy_card_can_be_attacked():
    state = start()
    a = put(state, 0, "Footman", "c3")
    diagonal = put(state, 1, "Footman", "d4")
    assert refused(state, f"attack #{a} -> #{diagonal}") == rules.R_ORTHOGONAL
    ogre = put(state, 1, "Ogre Brute", "c4")
    targets = {x.targets for x in legal_actions(state) if x.kind == "attack"}
    assert targets == {(ogre,)}


def test_a_face_down_defender_is_revealed_and_its_reveal_ability_resolves_first():
    state = start()
    footman = put(state, 0, "Footman", "c3")  # 2/3
    knight = put(state, 1, "Lightning Knight", "c4", down=True)  # 2/3: 1 to adjacent enemies
    events = do(state, f"attack #{footman} -> #{knight}")
    assert kinds(events)[:4] == ["attack", "flip", "ability", "damage"]
    assert not state.cards[knight].face_down
    # Lightning Strike 1, then 2 dealt, then 2 back: the Footman falls, the Knight has 1 left.
    assert hp(state, knight) == 1
    assert where(state, footman) == rules.GRAVE


def test_the_attackers_ability_resolves_before_the_defenders():
    state = start()
    adder = put(state, 0, "Venom Adder", "c3")  # when it attacks: the defender is Poisoned
    thorn = put(state, 1, "Thornback", "c4")  # when attacked: 1 damage to the attacker
    events = do(state, f"attack #{adder} -> #{thorn}")
    abilities = [e.text for e in events if e.kind == "ability"]
    assert abilities == ["Venom Adder: when it attacks", "Thornback: when it is attacked"]
    assert state.cards[thorn].counters.get("poisoned") == 3


def test_the_attacker_deals_its_attack_to_the_defenders_health():
    state = start()
    ogre = put(state, 0, "Ogre Brute", "c3")  # 4/6
    sentinel = put(state, 1, "Iron Sentinel", "c4")  # 0/7
    do(state, f"attack #{ogre} -> #{sentinel}")
    assert hp(state, sentinel) == 3 and hp(state, ogre) == 6


def test_a_surviving_defender_retaliates_with_its_attack():
    state = start()
    footman = put(state, 0, "Footman", "c3")  # 2/3
    ogre = put(state, 1, "Ogre Brute", "c4")  # 4/6
    do(state, f"attack #{footman} -> #{ogre}")
    assert hp(state, ogre) == 4
    assert where(state, footman) == rules.GRAVE


def test_a_destroyed_defender_does_not_retaliate():
    state = start()
    ogre = put(state, 0, "Ogre Brute", "c3")
    footman = put(state, 1, "Footman", "c4")
    do(state, f"attack #{ogre} -> #{footman}")
    assert where(state, footman) == rules.GRAVE and hp(state, ogre) == 6


def test_post_combat_abilities_resolve_after_the_damage():
    state = start()
    warrior = put(state, 0, "Flame Warrior", "c3")  # after combat: 1 to each adjacent enemy
    sentinel = put(state, 1, "Iron Sentinel", "c4")
    left = put(state, 1, "Footman", "b3")
    events = do(state, f"attack #{warrior} -> #{sentinel}")
    order = kinds(events)
    assert order.index("strike") < order.index("ability")
    assert hp(state, sentinel) == 7 - 3 - 1 and hp(state, left) == 2


def test_an_ability_on_a_face_down_card_flips_it_and_a_survivor_resolves_its_ability():
    state = start()
    warrior = put(state, 0, "Flame Warrior", "c3")  # 3/2
    sentinel = put(state, 1, "Iron Sentinel", "c4")
    knight = put(state, 1, "Lightning Knight", "b3", down=True)
    do(state, f"attack #{warrior} -> #{sentinel}")
    assert not state.cards[knight].face_down and hp(state, knight) == 2
    assert hp(state, warrior) == 1  # the Knight's Lightning Strike, resolved once it survived


def test_a_face_down_card_destroyed_by_an_ability_does_not_resolve_its_ability():
    state = start()
    warrior = put(state, 0, "Flame Warrior", "c3")
    sentinel = put(state, 1, "Iron Sentinel", "c4")
    adept = put(state, 1, "Summoner Adept", "b3", down=True)  # 1/2, when revealed: a Wisp
    state.cards[adept].damage = 1
    do(state, f"attack #{warrior} -> #{sentinel}")
    assert where(state, adept) == rules.GRAVE
    wisps = [c for c in state.zones[(1, rules.ASIDE)] if state.cards[c].card.name == "Spirit Wisp"]
    assert len(wisps) == 3  # none was summoned


def test_an_ability_that_resolves_on_destruction_does():
    state = start()
    ogre = put(state, 0, "Ogre Brute", "c3")
    golemancer = put(state, 1, "Golemancer", "c4")  # when destroyed: a Stone Golem
    events = do(state, f"attack #{ogre} -> #{golemancer}")
    summoned = next(e for e in events if e.kind == "move" and "summoned" in e.text)
    assert summoned.text == "Stone Golem is summoned to c4"
    assert state.cards[summoned.cards[0]].owner == 1


def test_after_destroying_the_defender_the_attacker_may_move_into_its_space():
    state = start()
    ogre = put(state, 0, "Ogre Brute", "c3")
    put(state, 1, "Footman", "c4")
    do(state, f'attack #{ogre} -> "Footman"')
    assert state.top_prompt.name == "advance" and state.top_prompt.seat == 0
    assert refused(state, f"advance #{ogre} d3").startswith(f"{rules.W}, Aftermath")
    do(state, f"advance #{ogre} c4")
    assert where(state, ogre) == "c4" and state.data.ap == 2


def test_after_destroying_the_defender_the_attacker_may_stay():
    state = start()
    ogre = put(state, 0, "Ogre Brute", "c3")
    put(state, 1, "Footman", "c4")
    do(state, f'attack #{ogre} -> "Footman"')
    do(state, "pass")
    assert where(state, ogre) == "c3" and not state.prompts


def test_a_trap_springs_when_attacked_and_is_spent():
    state = start()
    footman = put(state, 0, "Footman", "c3")
    pit = put(state, 1, "Spike Pit", "c4", down=True)  # 3 damage to the attacker
    events = do(state, f"attack #{footman} -> #{pit}")
    assert "Spike Pit springs!" in [e.text for e in events]
    assert where(state, footman) == rules.GRAVE and where(state, pit) == rules.GRAVE
    drummer = put(state, 0, "War Drummer", "d3")  # 2/2, after combat: +1 Attack
    ambush = put(state, 1, "Ambush", "d4", down=True)  # 1 damage to the attacker, a Wisp
    do(state, f"attack #{drummer} -> #{ambush}")
    assert where(state, ambush) == rules.GRAVE and hp(state, drummer) == 1
    assert rules.attack_of(state.cards[drummer]) == 2  # no combat, so no after-combat
    assert not state.prompts  # nothing to move into: a Trap is no defender to destroy


def test_first_blood_strikes_before_a_face_down_defender_is_resolved():
    state = start()
    lancer = put(state, 0, "Vanguard Lancer", "c3")  # 3/2 First-Blood
    knight = put(state, 1, "Lightning Knight", "c4", down=True)  # 2/3, Lightning Strike
    do(state, f"attack #{lancer} -> #{knight}")
    assert where(state, knight) == rules.GRAVE
    assert hp(state, lancer) == 2  # the Knight fell before its Lightning Strike


def test_a_first_blood_defender_strikes_first():
    state = start()
    footman = put(state, 0, "Footman", "c3")  # 2/3
    assassin = put(state, 1, "Assassin", "c4")  # 3/1 First-Blood
    do(state, f"attack #{footman} -> #{assassin}")
    assert where(state, footman) == rules.GRAVE
    assert hp(state, assassin) == 1


def test_when_both_have_first_blood_a_coin_decides():
    for face, survivor in ((0, "attacker"), (1, "defender")):
        state = start()
        lancer = put(state, 0, "Vanguard Lancer", "c3")  # 3/2
        assassin = put(state, 1, "Assassin", "c4")  # 3/1
        state.rng.force(face)
        events = do(state, f"attack #{lancer} -> #{assassin}")
        coin = next(e for e in events if e.kind == "coin")
        assert coin.value == ("first_blood", face)
        alive = lancer if survivor == "attacker" else assassin
        fallen = assassin if survivor == "attacker" else lancer
        assert where(state, fallen) == rules.GRAVE and where(state, alive) != rules.GRAVE


# -- a. the reveal comes before the defender's answer ------------------------------------


def test_a_face_down_defender_is_revealed_before_its_owner_may_answer_with_a_spell():
    state = start()
    footman = put(state, 0, "Footman", "c3")
    ogre = put(state, 1, "Ogre Brute", "c4", down=True)
    to_hand(state, 1, "Fire Bolt")
    events = do(state, f"attack #{footman} -> #{ogre}")
    assert kinds(events) == ["attack", "flip", "prompt"]
    assert state.top_prompt.name == "respond_attack" and state.top_prompt.seat == 1
    assert not state.cards[ogre].face_down
    passes(state)
    assert hp(state, ogre) == 4 and where(state, footman) == rules.GRAVE


def test_the_defenders_reveal_ability_resolves_before_its_owner_may_answer():
    state = start()
    ogre = put(state, 0, "Ogre Brute", "c3")  # 4/6
    knight = put(state, 1, "Lightning Knight", "c4", down=True)  # when revealed: 1 damage
    to_hand(state, 1, "Fire Bolt")
    events = do(state, f"attack #{ogre} -> #{knight}")
    assert kinds(events) == ["attack", "flip", "ability", "damage", "prompt"]
    assert hp(state, ogre) == 5  # Lightning Strike, before any Spell could be cast
    passes(state)
    assert where(state, knight) == rules.GRAVE


def test_a_sprung_trap_ends_the_attack_before_its_owner_is_asked_to_answer():
    state = start()
    ogre = put(state, 0, "Ogre Brute", "c3")  # 4/6
    pit = put(state, 1, "Spike Pit", "c4", down=True)  # 3 damage to the attacker
    to_hand(state, 1, "Fire Bolt")
    events = step(state, f"attack #{ogre} -> #{pit}")
    assert "Spike Pit springs!" in [e.text for e in events]
    assert "prompt" not in kinds(events)  # no combat is left to answer
    assert where(state, pit) == rules.GRAVE and hp(state, ogre) == 3
    assert not state.prompts and where(state, ogre) == "c3" and state.active == 0


def test_a_first_blood_attacker_strikes_a_face_down_defender_before_its_owner_may_answer():
    state = start()
    lancer = put(state, 0, "Vanguard Lancer", "c3")  # 3/2 First-Blood
    ogre = put(state, 1, "Ogre Brute", "c4", down=True)  # 4/6
    to_hand(state, 1, "Stoneskin")
    events = do(state, f"attack #{lancer} -> #{ogre}")
    assert kinds(events) == ["attack", "flip", "strike", "damage", "prompt"]
    assert hp(state, ogre) == 3
    passes(state)
    # Its combat damage is dealt once: the Ogre strikes back and the Lancer falls.
    assert hp(state, ogre) == 3 and where(state, lancer) == rules.GRAVE


def test_a_defender_destroyed_by_first_blood_at_the_reveal_can_still_be_moved_into():
    state = start()
    lancer = put(state, 0, "Vanguard Lancer", "c3")  # 3/2 First-Blood
    knight = put(state, 1, "Lightning Knight", "c4", down=True)  # 2/3
    to_hand(state, 1, "Fire Bolt")
    do(state, f"attack #{lancer} -> #{knight}")
    assert where(state, knight) == rules.GRAVE
    assert state.top_prompt.name == "respond_attack"  # the attack is still going on
    do(state, "pass")
    assert state.top_prompt.name == "advance" and state.top_prompt.seat == 0
    do(state, f"advance #{lancer} c4")
    assert where(state, lancer) == "c4" and hp(state, lancer) == 2


def test_an_attacker_destroyed_by_the_defenders_answer_ends_the_attack():
    state = start()
    lancer = put(state, 0, "Vanguard Lancer", "c3")  # 3/2
    cleric = put(state, 1, "Battle Cleric", "c4")  # after combat: heal 2 on adjacent allies
    ally = put(state, 1, "Ogre Brute", "d4")
    state.cards[ally].damage = 2
    bolt = to_hand(state, 1, "Fire Bolt")
    do(state, f"attack #{lancer} -> #{cleric}")
    do(state, f"cast #{bolt} -> #{lancer}")
    assert where(state, lancer) == rules.GRAVE
    assert hp(state, cleric) == 3 and hp(state, ally) == 4  # no combat, no after-combat heal
    assert not state.prompts and state.data.attack is None


def test_a_defender_destroyed_by_a_spell_before_combat_is_not_moved_into():
    state = start()
    ogre = put(state, 0, "Ogre Brute", "c3")
    footman = put(state, 1, "Footman", "c4")
    state.cards[footman].damage = 2  # 1 Health left
    stoneskin = to_hand(state, 1, "Stoneskin")
    bolt = to_hand(state, 0, "Fire Bolt")
    do(state, f"attack #{ogre} -> #{footman}")
    do(state, f"cast #{stoneskin} -> #{footman}")  # Player 2 answers the attack
    assert state.top_prompt.name == "respond_spell" and state.top_prompt.seat == 0
    do(state, f"cast #{bolt} -> #{footman}")  # Player 1 chains: resolves first, 2 damage
    assert where(state, footman) == rules.GRAVE
    assert not state.prompts and where(state, ogre) == "c3" and hp(state, ogre) == 6
