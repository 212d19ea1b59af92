"""War of the Arcane: Draw, Main with 3 action points, End; place, move, flip."""

from tabletop.engine import legal_actions
from tabletop.games.wota import rules

from .helpers import do, put, refused, start, stone, to_hand, where


def test_the_draw_phase_draws_one_card():
    state = start()
    hand = list(state.zones[(1, rules.HAND)])
    top = state.zones[(1, rules.DECK)][0]
    do(state, "end")
    assert state.active == 1 and state.phase == "main"
    assert state.zones[(1, rules.HAND)] == [*hand, top]


def test_a_player_who_cannot_draw_has_the_stone_take_3_damage_each_turn():
    state = start()
    for cid in list(state.zones[(1, rules.DECK)]):
        state.move(cid, (1, rules.GRAVE))
    events = do(state, "end")
    assert state.cards[stone(state, 1)].damage == 3
    assert state.cards[stone(state, 1)].face_down  # not an enemy's effect: it is not revealed
    assert any("cannot draw" in e.text for e in events)
    do(state, "end")
    do(state, "end")
    assert state.cards[stone(state, 1)].damage == 6


def test_the_main_phase_has_3_action_points_one_per_action():
    state = start()
    assert state.data.ap == 3
    a = put(state, 0, "Footman", "a2")
    do(state, f"move #{a} a3")
    do(state, f"move #{a} b3")
    do(state, f"move #{a} c3")
    assert state.data.ap == 0
    assert refused(state, f"move #{a} d3") == rules.R_AP
    do(state, "end")
    do(state, "end")
    assert state.data.ap == 3  # they do not carry over, and come back each turn


def test_placing_a_unit_or_trap_costs_1_ap_on_your_territory_face_up_or_down():
    state = start()
    unit, trap = to_hand(state, 0, "Footman"), to_hand(state, 0, "Spike Pit")
    do(state, f"place #{unit} b2 down")
    do(state, f"place #{trap} d2 down")
    assert state.data.ap == 1
    assert state.cards[unit].face_down and where(state, unit) == "b2"
    assert refused(state, f"place #{to_hand(state, 0, 'Berserker')} c3 up") == rules.R_TERRITORY


def test_a_card_moves_one_space_in_any_of_8_directions_even_into_enemy_territory():
    state = start()
    a = put(state, 0, "Footman", "c3")
    moves = sorted(x.words[0] for x in legal_actions(state) if x.kind == "move" and x.cards == (a,))
    assert moves == ["b2", "b3", "b4", "c2", "c4", "d2", "d3", "d4"]
    do(state, f"move #{a} d4")
    assert where(state, a) == "d4"


def test_a_card_cannot_move_two_spaces():
    state = start()
    a = put(state, 0, "Footman", "c2")
    assert refused(state, f"move #{a} c4") == rules.R_ADJACENT


def test_a_card_cannot_move_onto_another_card_even_a_face_down_one():
    state = start()
    a = put(state, 0, "Footman", "c3")
    put(state, 1, "Spike Pit", "c4", down=True)
    assert refused(state, f"move #{a} c4") == rules.R_OCCUPIED


def test_a_face_down_unit_moves_face_down():
    state = start()
    a = put(state, 0, "Footman", "b2", down=True)
    do(state, f"move #{a} b3")
    assert state.cards[a].face_down and where(state, a) == "b3"


def test_any_face_down_card_may_move_a_trap_and_the_stone_too():
    state = start()
    trap = put(state, 0, "Spike Pit", "a2", down=True)
    own_stone = stone(state, 0)
    moves = {x.cards[0] for x in legal_actions(state) if x.kind == "move"}
    assert {trap, own_stone} <= moves
    do(state, f"move #{trap} a3")
    do(state, f"move #{own_stone} b2")
    assert where(state, trap) == "a3" and where(state, own_stone) == "b2"
    assert state.cards[trap].face_down and state.cards[own_stone].face_down
    assert state.data.ap == 1


def test_a_face_up_mystic_stone_may_move():
    state = start()
    own_stone = stone(state, 0)
    state.cards[own_stone].face_down = False  # revealed, as an attack on it would
    do(state, f"move #{own_stone} d2")
    assert where(state, own_stone) == "d2" and not state.cards[own_stone].face_down


def test_a_player_moves_only_its_own_cards():
    state = start()
    enemy = put(state, 1, "Footman", "c4", down=True)
    assert refused(state, f"move #{enemy} c3") == rules.R_YOURS


def test_flipping_a_face_down_unit_reveals_it_and_resolves_its_reveal_ability():
    state = start()
    caller = put(state, 0, "Storm Caller", "c3", down=True)
    enemy = put(state, 1, "Footman", "c4")
    events = do(state, f"flip #{caller}")
    assert not state.cards[caller].face_down
    assert state.cards[enemy].counters.get("shocked")
    assert state.data.ap == 2
    assert [e.kind for e in events][:2] == ["flip", "ability"]


def test_only_a_face_down_unit_can_be_flipped():
    state = start()
    trap = put(state, 0, "Spike Pit", "a2", down=True)
    up = put(state, 0, "Footman", "b2")
    assert refused(state, f"flip #{trap}") == rules.R_FLIP
    assert refused(state, f"flip #{up}") == rules.R_FLIP


def test_a_player_flips_only_its_own_cards():
    state = start()
    enemy = put(state, 1, "Footman", "c4", down=True)
    assert refused(state, f"flip #{enemy}") == rules.R_YOURS


def test_statuses_that_last_until_the_end_phase_end_at_the_controllers_end_phase():
    state = start()
    a = put(state, 0, "Footman", "b2")
    state.cards[a].counters["frozen"] = 1
    assert refused(state, f"move #{a} b3") == rules.R_FROZEN
    enemy = put(state, 1, "Footman", "b4")
    state.cards[enemy].counters["frozen"] = 1
    do(state, "end")  # Player 1's End Phase
    assert "frozen" not in state.cards[a].counters
    assert state.cards[enemy].counters.get("frozen")  # its controller's End Phase is later
