"""EWC Allies: created beside the Hero, their creator held turned, attacked like a Hero,
destroyed back behind the Hero."""

from tabletop.games.ewc.rules import R_ALLY_ALIVE, R_ALLY_IN_PLAY

from .helpers import (
    ALLIES,
    BEHIND,
    KAEL,
    LYRA,
    MIRA,
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


def wolf_out(state):
    to_combat(state)
    do(state, 'use "Wolf Call"')
    return cid(state, 0, "Grey Wolf")


def test_creating_an_ally_moves_its_token_from_behind_the_hero_to_beside_it():
    state = start(MIRA, LYRA)
    wolf = wolf_out(state)
    assert state.cards[wolf].zone == (0, ALLIES)
    assert "Grey Wolf" not in names(state, 0, BEHIND)


def test_the_creator_cannot_ready_while_its_ally_is_alive():
    state = start(MIRA, LYRA)
    wolf_out(state)
    call = cid(state, 0, "Wolf Call")
    do(state, "end")  # Player 2's turn
    to_combat(state)
    do(state, "end")  # Player 1's Ready Phase
    assert state.active == 0
    assert state.cards[call].turned
    to_combat(state)
    assert refused(state, 'use "Wolf Call"') == R_ALLY_ALIVE


def test_an_ally_is_attacked_like_a_hero_with_its_own_def():
    state = start(LYRA, MIRA)
    wolf = give(state, 1, "Grey Wolf", ALLIES)  # DEF 2, LIFE 4
    to_combat(state)
    events = attack(state, f'attack "{LYRA}" -> "Grey Wolf"', 4, 3)  # 6 against 5
    assert next(e for e in events if e.kind == "outcome").value == ("hit", 6, 5, 1)
    assert state.cards[wolf].damage == 1
    assert life(state, 1) == 20


def test_excess_damage_to_an_ally_does_not_carry_over_to_the_hero():
    state = start(KAEL, MIRA)
    wolf = give(state, 1, "Grey Wolf", ALLIES)
    to_combat(state)
    attack(state, 'attack "Kael, the Ember Knight" -> "Grey Wolf"', 6, 1)  # 9 against 3: 6
    assert state.cards[wolf].zone == (1, BEHIND)
    assert state.cards[wolf].damage == 0
    assert life(state, 1) == 20


def test_a_destroyed_ally_goes_behind_the_hero_and_its_creator_readies_next_ready_phase():
    state = start(MIRA, KAEL)
    wolf = wolf_out(state)
    call = cid(state, 0, "Wolf Call")
    do(state, "end")  # Kael's turn
    to_combat(state)
    attack(state, 'attack "Kael, the Ember Knight" -> "Grey Wolf"', 6, 1)
    assert state.cards[wolf].zone == (0, BEHIND)
    assert state.cards[call].turned  # it readies in Mira's Ready Phase, not before
    do(state, "end")
    assert state.active == 0 and not state.cards[call].turned
    to_combat(state)
    do(state, 'use "Wolf Call"')
    assert state.cards[wolf].zone == (0, ALLIES)


def test_an_ally_attacks_without_being_activated_and_can_attack_the_turn_it_arrives():
    state = start(MIRA, LYRA)
    wolf = wolf_out(state)
    events = attack(state, f'attack "Grey Wolf" -> "{LYRA}"', 5, 1)  # STR 2 + 1 (Mira): 8 vs 4
    assert next(e for e in events if e.kind == "attack").value[1] == 3
    assert not state.cards[wolf].turned
    assert life(state, 1) == 18 - 4


def test_an_ally_attacks_once_per_turn():
    state = start(MIRA, LYRA)
    wolf_out(state)
    attack(state, f'attack "Grey Wolf" -> "{LYRA}"', 1, 6)
    assert "once per turn" in refused(state, f'attack "Grey Wolf" -> "{LYRA}"')


def test_the_hero_and_its_ally_attack_separately():
    state = start(MIRA, LYRA)
    wolf_out(state)
    attack(state, f'attack "{MIRA}" -> "{LYRA}"', 6, 1)  # 7 against 4: 3
    attack(state, f'attack "Grey Wolf" -> "{LYRA}"', 6, 1)  # 9 against 4: 5
    assert life(state, 1) == 18 - 8


def test_an_ally_already_in_play_cannot_be_created_again():
    state = start(MIRA, LYRA)
    give(state, 0, "Call the Wolf")
    wolf_out(state)
    assert refused(state, 'use "Call the Wolf"').startswith(R_ALLY_IN_PLAY)


def test_armor_protects_an_attacked_ally_too():
    state = start(LYRA, MIRA)
    wolf = give(state, 1, "Grey Wolf", ALLIES)  # DEF 2, LIFE 4
    give(state, 1, "Chainmail")
    to_combat(state)
    roll(state, 6, 1)  # 8 against 3: hit for 5, 2 prevented
    do(state, f'attack "{LYRA}" -> "Grey Wolf"')
    do(state, 'use "Chainmail"')
    while state.prompts:
        do(state, "pass")
    assert state.cards[wolf].zone == (1, ALLIES)
    assert state.cards[wolf].damage == 3


def test_give_takes_the_token_from_behind_the_hero():
    state = start(LYRA, MIRA)
    wolf = give(state, 1, "Grey Wolf", ALLIES)
    assert [i for i in state.cards if state.cards[i].card.name == "Grey Wolf"] == [wolf]
