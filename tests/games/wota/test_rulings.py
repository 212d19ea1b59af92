"""War of the Arcane rulings (docs/rulings/wota.md) not pinned elsewhere."""

from tabletop.engine import PASS, RESPOND, Action, Prompt, legal_actions, responses, view
from tabletop.games.wota import rules

from .helpers import do, hp, new_game, put, refused, start, step, stone, to_hand, where


def test_a_unit_may_attack_again_while_action_points_last():
    state = start()
    ogre = put(state, 0, "Ogre Brute", "c3")
    a = put(state, 1, "Iron Sentinel", "c4")
    do(state, f"attack #{ogre} -> #{a}")
    assert hp(state, a) == 3
    do(state, f"attack #{ogre} -> #{a}")  # the same Unit again: 4 more
    assert where(state, a) == rules.GRAVE
    assert state.data.ap == 1


def test_scry_reveals_a_face_down_trap_without_destroying_it():
    state = start()
    scry = to_hand(state, 0, "Scry")
    pit = put(state, 1, "Spike Pit", "c4", down=True)
    do(state, f"cast #{scry} -> #{pit}")
    assert not state.cards[pit].face_down and where(state, pit) == "c4"


def test_a_friendly_effect_does_not_flip_your_own_face_down_card():
    state = start()
    cleric = put(state, 0, "Battle Cleric", "c3")  # after combat: heal 2 on adjacent allies
    ally = put(state, 0, "Ogre Brute", "b3", down=True)
    state.cards[ally].damage = 3
    target = put(state, 1, "Iron Sentinel", "c4")
    do(state, f"attack #{cleric} -> #{target}")
    assert state.cards[ally].face_down and hp(state, ally) == 5


def test_a_destroyed_token_returns_to_the_set_aside_tokens():
    state = start()
    ogre = put(state, 0, "Ogre Brute", "c3")
    wisp = put(state, 1, "Spirit Wisp", "c4")  # 1/1 First-Blood
    before = len(state.zones[(1, rules.ASIDE)])
    do(state, f"attack #{ogre} -> #{wisp}")
    assert where(state, wisp) == rules.ASIDE
    assert len(state.zones[(1, rules.ASIDE)]) == before + 1


def test_no_token_is_summoned_when_none_is_left_or_there_is_no_space():
    state = start()
    for cid in list(state.zones[(1, rules.ASIDE)]):
        if state.cards[cid].card.name == "Stone Golem":
            state.move(cid, (1, rules.GRAVE))
    ogre = put(state, 0, "Ogre Brute", "c3")
    golemancer = put(state, 1, "Golemancer", "c4")
    events = do(state, f"attack #{ogre} -> #{golemancer}")
    assert "No Stone Golem can be summoned" in [e.text for e in events]
    do(state, "pass")
    # Golems are left now, but Player 2's territory is full: none is summoned either.
    state = start()
    ogre = put(state, 0, "Ogre Brute", "c2")
    golemancer = put(state, 1, "Golemancer", "c3")  # on the neutral line
    for sq in rules.own_squares(1):
        if rules.occupant(state, sq) is None:
            put(state, 1, "Iron Sentinel", sq)
    events = do(state, f"attack #{ogre} -> #{golemancer}")
    assert "No Stone Golem can be summoned" in [e.text for e in events]
    assert not any(state.cards[c].card.name == "Stone Golem" for c in state.data.where)


def test_the_first_player_draws_on_the_first_turn_too():
    state = new_game()
    do(state, f"place #{stone(state, 0)} c1 down")
    do(state, "ready")
    do(state, f"place #{stone(state, 1)} c5 down")
    state.rng.force(0)
    events = do(state, "ready")
    assert any(e.kind == "move" and e.seat == 0 and "draws" in e.text for e in events)
    assert len(state.zones[(0, rules.HAND)]) == 10


def test_the_defender_is_asked_whatever_it_holds_while_it_has_a_card_and_no_spell_cast():
    state = start()  # no Spells in either hand
    footman = put(state, 0, "Ogre Brute", "c3")
    ogre = put(state, 1, "Ogre Brute", "c4")
    step(state, f"attack #{footman} -> #{ogre}")
    # Asked all the same: asking only a player with a Spell would tell the other it has one.
    assert state.top_prompt == Prompt(1, "respond_attack")
    assert [a.kind for a in legal_actions(state)] == [PASS]
    step(state, "P2: pass")
    for cid in list(state.zones[(1, rules.HAND)]):
        state.move(cid, (1, rules.DECK))
    state.cards[footman].damage = state.cards[ogre].damage = 0
    step(state, f"attack #{footman} -> #{ogre}")
    assert not state.prompts  # an empty hand, which both players see: nobody is asked
    state.cards[footman].damage = state.cards[ogre].damage = 0
    bolt = to_hand(state, 1, "Fire Bolt")
    state.data.cast[1] = True  # its Spell of this player turn is spent, as both players saw
    step(state, f"attack #{footman} -> #{ogre}")
    assert not state.prompts and state.cards[bolt].zone == (1, rules.HAND)


def test_the_player_not_acting_may_step_in_with_a_spell_in_the_opponents_main_phase():
    state = start()
    footman = put(state, 0, "Footman", "c3")  # 2/3
    state.cards[footman].damage = 1
    bolt = to_hand(state, 1, "Fire Bolt")  # 2 damage to an enemy card
    assert responses(state) == [Action(RESPOND, 1)]
    step(state, "P2: respond")
    assert state.top_prompt == Prompt(1, "interrupt")
    do(state, f"P2: cast #{bolt} -> #{footman}")  # Player 1, with no Spell, passes
    assert where(state, footman) == rules.GRAVE
    assert state.phase == "main" and state.active == 0 and not state.prompts
    assert refused(state, "P2: respond") == rules.R_SPELL_ONCE  # once per player turn
    assert state.data.ap == 3  # stepping in costs the acting player nothing


def test_nobody_steps_in_while_a_player_is_asked_or_outside_the_main_phase():
    state = start()
    footman = put(state, 0, "Footman", "c3")
    ogre = put(state, 1, "Ogre Brute", "c4")
    to_hand(state, 0, "Fire Bolt")
    step(state, f"attack #{footman} -> #{ogre}")
    assert state.top_prompt.seat == 1
    assert refused(state, "P1: respond") == rules.R_STEP_IN
    step(state, "P2: pass")
    state.phase = "end"
    assert refused(state, "P2: respond") == rules.R_STEP_IN


def test_statuses_hold_only_on_units():
    state = start()
    ice = to_hand(state, 0, "Ice Shackles")
    enemy_stone = stone(state, 1)
    put(state, 0, "Footman", "c4")  # the Stone on c5 is a card on the battlefield
    do(state, f"cast #{ice} -> #{enemy_stone}")
    assert not state.cards[enemy_stone].counters.get("frozen")


def test_adjacent_in_an_ability_means_orthogonally_adjacent_while_a_move_goes_diagonally_too():
    state = start()
    knight = put(state, 0, "Lightning Knight", "c3", down=True)  # 1 damage to adjacent enemies
    beside = [put(state, 1, "Footman", sq) for sq in ("c4", "b3")]
    diagonal = [put(state, 1, "Footman", sq) for sq in ("d4", "b4")]
    do(state, f"flip #{knight}")
    assert [hp(state, c) for c in beside] == [2, 2]
    assert [hp(state, c) for c in diagonal] == [3, 3]
    do(state, f"move #{knight} d2")  # an adjacent space, diagonally
    assert where(state, knight) == "d2"


def test_a_face_down_placement_buff_is_told_to_its_owner_alone():
    state = start()
    bearer = to_hand(state, 0, "Shield Bearer")  # placed face down: +0/+2
    events = do(state, f"place #{bearer} b2 down")
    mine = [e.text_for(0) for e in events if e.shown_to(0)]
    theirs = [e.text_for(1) for e in events if e.shown_to(1)]
    assert "Shield Bearer gets +0/+2" in mine
    assert theirs == ["Player 1 places a card face down on b2"]
    assert state.cards[bearer].counters == {"hp": 2}
    seen = view(state, 1).cards[bearer]
    assert seen.counters == {} and seen.card.name == "Hidden card"
    badges = state.game.table().badges(view(state, 1), seen)
    assert not any("2" in words for _, words, *_ in badges)


def test_the_stone_that_cannot_be_drawn_for_takes_its_damage_unseen():
    state = start()
    own = stone(state, 0)
    for cid in list(state.zones[(1, rules.DECK)]):
        state.move(cid, (1, rules.GRAVE))
    events = do(state, "end")  # Player 2 cannot draw
    assert state.cards[stone(state, 1)].damage == 3
    theirs = [e for e in events if e.shown_to(0)]
    assert not any(stone(state, 1) in e.cards for e in theirs)  # which card: not shown
    assert not any("Health left" in e.text_for(0) for e in theirs)
    assert any(e.text_for(0) == "A face-down card of Player 2 takes 3 damage" for e in theirs)
    assert view(state, 0).cards[stone(state, 1)].damage == 0
    assert view(state, 1).cards[stone(state, 1)].damage == 3  # its owner knows
    assert own != stone(state, 1)


def test_a_changed_unit_wears_its_change_as_cards_print_it():
    from tabletop.games.wota.table import TABLE

    state = start()
    unit = put(state, 0, "Footman", "b1")
    marks, faces = [], []
    for attack, health in ((1, 2), (0, 2), (-1, 0)):
        inst = state.cards[unit]
        inst.counters.update(atk=attack, hp=health)
        marks += [line for line in TABLE.card_state(state, inst) if line.startswith("Buffs")]
        faces.append(TABLE.live_stats(state, inst))
    assert marks == ["Buffs +1/+2", "Buffs +0/+2", "Buffs -1/+0"]  # never "++1/+2" or "+/+2"
    footman = state.cards[unit].card
    assert faces[0] == (("ATK", str(footman.attack + 1), 1), ("HP", str(footman.health + 2), 1))
