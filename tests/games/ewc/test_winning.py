"""EWC: a Hero at 0 Life is out; the last Hero standing wins; 2 to 4 players."""

import pytest

from tabletop.engine import legal_actions

from .helpers import (
    BRANN,
    KAEL,
    LYRA,
    VESH,
    attack,
    do,
    give,
    life,
    new_game,
    refused,
    roll,
    start,
    to_combat,
)


def test_a_hero_at_zero_life_is_out_and_the_last_hero_standing_wins():
    state = start(KAEL, LYRA)
    state.cards[state.data.heroes[1]].damage = 13  # 5 Life left
    to_combat(state)
    events = attack(state, f'attack "{KAEL}" -> "{LYRA}"', 6, 1)  # 9 against 4: 5 damage
    assert life(state, 1) == 0
    assert state.data.out[1]
    assert state.over and state.winners == (0,)
    assert events[-1].kind == "win" and events[-1].text == "Player 1 wins the game."
    assert legal_actions(state) == []
    assert refused(state, "P2: end") == "EWC: the game is over"


def test_damage_that_leaves_life_above_zero_does_not_end_the_game():
    state = start(KAEL, LYRA)
    state.cards[state.data.heroes[1]].damage = 10
    to_combat(state)
    attack(state, f'attack "{KAEL}" -> "{LYRA}"', 6, 1)  # 5 damage: 3 Life left
    assert not state.over and life(state, 1) == 3


def test_a_hero_can_fall_to_a_reaction_on_its_own_turn():
    state = start(LYRA, KAEL)
    give(state, 1, "Riposte")
    state.cards[state.data.heroes[0]].damage = 17  # 1 Life left
    to_combat(state)
    roll(state, 1, 6)
    do(state, f'attack "{LYRA}" -> "{KAEL}"')
    do(state, "pass")
    do(state, 'use "Riposte"')
    while state.prompts:
        do(state, "pass")
    assert state.over and state.winners == (1,)


def test_in_a_three_player_game_a_hero_falling_on_its_own_turn_passes_the_turn():
    state = start(LYRA, KAEL, BRANN)
    give(state, 1, "Riposte")  # if the attack is dodged, 2 damage to the attacker
    state.cards[state.data.heroes[0]].damage = 16  # Lyra: 2 Life
    to_combat(state)
    roll(state, 1, 6)  # 3 against 8: dodged
    do(state, f'attack "{LYRA}" -> "{KAEL}"')
    do(state, "pass")  # Kael keeps his Squire's Shield
    do(state, 'use "Riposte"')
    while state.prompts:
        do(state, "pass")
    assert state.data.out[0] and not state.over
    assert state.active == 1 and state.phase == "training"


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_two_to_four_players_can_play(seats):
    heroes = [KAEL, LYRA, BRANN, VESH][:seats]
    state = new_game(*heroes)
    assert state.seats == seats


def test_five_players_are_refused():
    with pytest.raises(ValueError, match="2 to 4 players"):
        new_game(KAEL, LYRA, BRANN, VESH, KAEL)


def test_in_a_three_player_game_an_eliminated_seat_is_skipped_and_play_goes_on():
    state = start(KAEL, LYRA, BRANN)
    state.cards[state.data.heroes[1]].damage = 17  # Lyra: 1 Life
    to_combat(state)
    attack(state, f'attack "{KAEL}" -> "{LYRA}"', 6, 1)
    assert state.data.out[1] and not state.over
    assert refused(state, f'attack "Ember Brand" -> "{LYRA}"').startswith("EWC, Combat Phase: you")
    do(state, "end")
    assert state.active == 2  # Lyra's seat is skipped
    to_combat(state)
    do(state, "end")
    assert state.active == 0


def test_in_a_three_player_game_the_last_hero_standing_wins():
    state = start(KAEL, LYRA, BRANN)
    state.data.out[1] = True
    state.cards[state.data.heroes[2]].damage = 21
    to_combat(state)
    attack(state, f'attack "{KAEL}" -> "{BRANN}"', 6, 1)
    assert state.over and state.winners == (0,)


def test_a_player_may_concede_at_any_moment_and_the_other_wins():
    state = start(KAEL, LYRA)
    to_combat(state)
    roll(state, 5, 1)
    do(state, f'attack "{KAEL}" -> "{LYRA}"')  # Lyra's window is open
    events = do(state, "P1: concede")
    assert events[0].text == "Player 1 concedes"
    assert state.over and state.winners == (1,)


def test_concede_is_never_offered_as_a_legal_action():
    state = start(KAEL, LYRA)
    assert all(a.kind != "concede" for a in legal_actions(state))


def test_in_a_three_player_game_a_concession_takes_one_seat_out():
    state = start(KAEL, LYRA, BRANN)
    do(state, "P1: concede")
    assert not state.over and state.data.out[0] and state.active == 1


def test_a_hero_put_out_by_an_attack_does_not_strike_back():
    state = start(LYRA, KAEL)
    give(state, 0, "Great Axe")  # Strength 5, Icon: +2 damage
    give(state, 1, "Spiked Pauldrons")  # prevent 1; Icon: 2 damage to the attacker
    state.cards[state.data.heroes[0]].damage = 16  # Lyra: 2 Life
    state.cards[state.data.heroes[1]].damage = 16  # Kael: 4 Life
    to_combat(state)
    roll(state, 6, 6)  # 11 against 8: 3, +2 Icon, 1 prevented: Kael takes 4 and falls
    do(state, f'attack "Great Axe" -> "{KAEL}"')
    do(state, 'use "Spiked Pauldrons"')
    while state.prompts:
        do(state, "pass")
    assert state.data.out[1] and not state.data.out[0]
    assert state.over and state.winners == (0,)  # not a draw: Kael's Icon never struck
