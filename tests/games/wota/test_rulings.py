"""War of the Arcane rulings (docs/rulings/wota.md) not pinned elsewhere."""

from tabletop.games.wota import rules

from .helpers import do, hp, new_game, put, start, stone, to_hand, where


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


def test_no_window_is_offered_to_a_player_without_a_spell_it_could_cast():
    state = start()  # no Spells in either hand
    footman = put(state, 0, "Footman", "c3")
    ogre = put(state, 1, "Ogre Brute", "c4")
    do(state, f"attack #{footman} -> #{ogre}")
    assert not state.prompts


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
