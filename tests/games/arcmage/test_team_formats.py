"""The rulebook's "Team Play Formats": the One, Two, Three Headed Giant format (teams with
alternating turns, team-mates defending each other, the endgame's last round) and the
Aminduna format (the evil overlord against a team). One test for each rule of the section,
and rulings 80 to 84."""

from __future__ import annotations

from functools import cache

import pytest

from tabletop.engine import apply, legal_actions
from tabletop.engine.core import decide, settle
from tabletop.games import get
from tabletop.games.arcmage import rules
from tabletop.games.arcmage.rules import teams

from .helpers import DECKS, FIRST_CITY, P1, P2, P3, creature, do, end_phase, name, put, refused

P4 = 3
GIANT = get("arcmage_giant")
AMINDUNA = get("arcmage_aminduna")
GOBLIN = creature("Test Goblin", 2, 2)


def decks(seats: int):
    return [DECKS[("emberfang_raiders", "thornwood_circle")[s % 2]] for s in range(seats)]


@cache
def _seed(game_id: str, seats: int, first: int) -> int:
    game = get(game_id)
    for seed in range(100):
        if game.new_game(decks(seats), seed).data.first == first:
            return seed
    raise AssertionError(f"no seed lets seat {first} go first")


def team_game(game, seats: int, first: int = P1):
    """A team game past its founding (each seat founds its first city; Aminduna's overlord
    two), its first turn's Draw & Resource phase, every hand back under its deck."""
    state = game.new_game(decks(seats), _seed(game.id, seats, first))
    while state.phase == "found":
        seat = state.active
        unbuilt = state.zones[(seat, rules.UNBUILT)]
        want = FIRST_CITY[seat % 2]
        cid = next((c for c in unbuilt if name(state, c) == want), unbuilt[0])
        do(state, f"P{seat + 1}: found #{cid}")
    for seat in range(seats):
        for cid in list(state.zones[(seat, rules.HAND)]):
            state.move(cid, (seat, rules.DECK))
    return state


def next_turn(state) -> None:
    """The active seat ends every phase left of its turn."""
    turn = state.turn
    while state.turn == turn and not state.over:
        acts = legal_actions(state)
        if state.top_prompt is not None:
            do(state, f"P{state.top_prompt.seat + 1}: pass")
        elif any(a.kind == "end" for a in acts):
            end_phase(state)
        else:  # the Draw & Resource course, or discarding down to the hand limit, first
            apply(state, next(a for a in acts if a.kind in ("draw", "discard")))


def turns(state, n: int) -> list[int]:
    """The seats whose turns come, ``n`` of them, from the active one's."""
    out = []
    for _ in range(n):
        out.append(state.active)
        next_turn(state)
    return out


def destroy(state, seat: int) -> None:
    """Every city of the seat falls (as damage to each would make it), and the game goes
    on as after any action: the player leaves it, the game is decided or the turn ends."""
    events: list = []
    for c in rules.cities(state, seat):
        rules.destroy_city(state, c, events)
    rules.retire(state, events)
    decide(state, events)
    rules.advance(state, events)
    settle(state, events)


# -- the One, Two, Three Headed Giant ---------------------------------------------------------


def test_the_giants_teams_take_alternating_turns_in_the_rulebooks_order_for_2_vs_1():
    """ "As a result the players turn order would be A1, B1, A2, B1, A1, B1, A2, B1"."""
    state = team_game(GIANT, 3)
    assert state.data.teams == (0, 1, 0)  # Team A: Players 1 and 3; Team B: Player 2
    assert turns(state, 8) == [P1, P2, P3, P2, P1, P2, P3, P2]


def test_the_giants_order_for_2_vs_2_is_a1_b1_a2_b2():
    state = team_game(GIANT, 4)
    assert turns(state, 8) == [P1, P2, P3, P4, P1, P2, P3, P4]


def test_the_team_with_the_most_players_starts():
    """ "The team with the most players start": 2 vs 1, Team A, whatever the seed."""
    for seed in range(6):
        events = []
        state = GIANT.new_game(decks(3), seed, events)
        assert state.data.first == P1
        assert any("Team A has the most players" in e.text for e in events)


def test_between_equal_teams_the_coin_chooses_which_starts():
    """Ruling 81: 2 vs 2 has no larger team; the coin chooses, and the order starts there."""
    firsts = {GIANT.new_game(decks(4), seed).data.first for seed in range(20)}
    assert firsts == {P1, P2}
    state = team_game(GIANT, 4, first=P2)
    assert turns(state, 4) == [P2, P1, P4, P3]


def test_creatures_from_all_team_players_armies_may_defend():
    """ "While defending in combat, creatures from all team players' armies may defend
    against attacking creatures": Player 2 attacks Player 1; Player 3's army defends."""
    state = team_game(GIANT, 3, first=P1)
    next_turn(state)  # Player 2's turn
    state = rules_at(state, "attack")
    raider = put(state, P2, GOBLIN)
    guard = put(state, P3, GOBLIN)
    target = rules.cities(state, P1)[0]
    do(state, f"P2: attack #{raider} -> #{target}")
    assert state.top_prompt.seat == P1  # the attacked player gives the team's orders
    do(state, f"P1: block #{guard} -> #{raider}")
    assert state.data.combat.blocks == {guard: raider}


def test_a_team_mates_city_is_not_attacked():
    state = rules_at(team_game(GIANT, 3), "attack")
    raider = put(state, P1, GOBLIN)
    mate = rules.cities(state, P3)[0]
    assert "a team-mate's city is not attacked" in refused(
        state, f"P1: attack #{raider} -> #{mate}"
    )
    assert all(a.targets[0] != mate for a in legal_actions(state) if a.kind == "attack")


def test_a_player_out_starts_the_endgame_and_their_team_loses_when_their_turn_comes_again():
    """ "When a player loses all of their cities ... it triggers the start of their endgame
    (the last round, up until this player's would be next turn) ... else they lose"
    (ruling 80): Player 1 falls in their own turn; Players 2, 3 and 4 play the last round;
    Team B still stands when Player 1's turn would come, and wins."""
    state = team_game(GIANT, 4)
    destroy(state, P1)
    assert state.data.endgame == (P1, 1) and not state.over
    assert turns(state, 3) == [P2, P3, P4] and state.over
    assert state.winners == (P2, P4)
    assert "Player 1 was out, and the last round ended with Team B still standing" in (
        GIANT.ending(state)
    )


def test_the_team_that_destroys_all_opponents_cities_in_the_last_round_wins():
    """ "If the rest of the team manages to destroy all opponents' cities in the last round
    they win": Player 3 destroys Team B in the round after Player 1 fell; Team A wins,
    Player 1 with it."""
    state = team_game(GIANT, 4)
    destroy(state, P1)
    next_turn(state)  # Player 2
    assert state.active == P3 and not state.over
    destroy(state, P2)
    destroy(state, P4)
    assert state.over and state.winners == (P1, P3)


def test_a_team_with_every_player_out_loses_at_once():
    state = team_game(GIANT, 3)
    destroy(state, P2)  # Team B is Player 2 alone
    assert state.over and state.winners == (P1, P3)
    assert GIANT.ending(state) == "every city of Team B (Player 2) fell"


# -- Aminduna ----------------------------------------------------------------------------------


def test_the_evil_overlord_always_goes_first():
    for seed in range(6):
        assert AMINDUNA.new_game(decks(3), seed).data.first == teams.OVERLORD


def test_the_overlord_puts_two_cities_into_play_the_team_players_one_each():
    state = team_game(AMINDUNA, 4)
    assert [len(rules.cities(state, s)) for s in range(4)] == [2, 1, 1, 1]


def test_the_overlord_may_draw_one_more_card_at_the_end_of_its_turn():
    state = rules_at(team_game(AMINDUNA, 3), "discard")
    before = len(state.zones[(P1, rules.HAND)])
    do(state, "P1: overdraw")
    assert len(state.zones[(P1, rules.HAND)]) == before + 1
    assert "once a turn" in refused(state, "P1: overdraw")
    next_turn(state)
    state = rules_at(state, "discard")
    assert state.active == P2 and "only the evil overlord" in refused(state, "P2: overdraw")


def test_the_overlords_militia_attacks_two_cities_in_one_attack_phase():
    """ "All creatures of the overlord's army have 'Militia' and thus the overlord's army
    can attack two cities at once during the combat phase" (ruling 82)."""
    state = rules_at(team_game(AMINDUNA, 3), "attack")
    first, second = put(state, P1, GOBLIN), put(state, P1, GOBLIN)
    one, other = rules.cities(state, P2)[0], rules.cities(state, P3)[0]
    do(state, f"P1: attack #{first} -> #{one}")
    do(state, "P2: pass")
    assert state.phase == "attack" and state.active == P1
    assert "attacked already this turn" in refused(state, f"P1: attack #{second} -> #{one}")
    do(state, f"P1: attack #{second} -> #{other}")
    do(state, "P3: pass")
    assert state.phase == "play2"
    assert strength_lost(state, one) == 2 and strength_lost(state, other) == 2


def test_a_team_players_attack_is_one_only():
    state = rules_at(team_game(AMINDUNA, 3), "attack", seat=P2)
    first, second = put(state, P2, GOBLIN), put(state, P2, GOBLIN)
    do(state, f"P2: attack #{first} -> #{rules.cities(state, P1)[0]}")
    do(state, "P1: pass")
    assert state.phase == "play2"
    assert not any(a.kind == "attack" and second in a.cards for a in legal_actions(state))


def test_aminduna_team_players_defend_each_other():
    state = rules_at(team_game(AMINDUNA, 3), "attack")
    raider, guard = put(state, P1, GOBLIN), put(state, P3, GOBLIN)
    do(state, f"P1: attack #{raider} -> #{rules.cities(state, P2)[0]}")
    do(state, f"P2: block #{guard} -> #{raider}")
    assert state.data.combat.blocks == {guard: raider}


def test_a_team_player_building_a_city_makes_every_team_player_skip_their_next_turn():
    """ "Building a city causes all team players to skip their (next) turn": Player 2
    builds; Player 3's turn and Player 2's next are skipped; the overlord's are not."""
    state = team_game(AMINDUNA, 3)
    next_turn(state)  # the overlord's first turn
    assert state.active == P2 and state.phase == "draw"
    unbuilt = state.zones[(P2, rules.UNBUILT)][0]
    events = do(state, f"P2: build #{unbuilt}")
    assert any("Every team player skips their next turn" in e.text for e in events)
    assert state.active == P1  # Player 3's turn skipped
    next_turn(state)
    assert state.active == P3  # Player 2's next skipped too
    next_turn(state)
    assert state.active == P1


def test_if_the_evil_overlord_is_defeated_all_team_players_win_even_those_destroyed():
    state = team_game(AMINDUNA, 4)
    destroy(state, P2)
    assert not state.over and state.data.out[P2]
    destroy(state, P1)
    assert state.over and state.winners == (P2, P3, P4)
    assert AMINDUNA.ending(state) == "the evil overlord, Player 1, is defeated"


def test_if_every_team_player_is_defeated_the_overlord_wins():
    state = team_game(AMINDUNA, 3)
    destroy(state, P2)
    destroy(state, P3)
    assert state.over and state.winners == (P1,)


# -- both ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["arcmage_giant", "arcmage_aminduna"])
@pytest.mark.parametrize("seats", [3, 4])
def test_team_games_play_to_an_end_with_every_generator_agreeing_with_its_check(game_id, seats):
    import random

    game = get(game_id)
    for seed in range(3):
        state = game.new_game(decks(seats), seed)
        rng = random.Random(seed)
        while not state.over and state.turn <= game.turn_cap():
            apply(state, rng.choice(legal_actions(state, verify=True)))
        assert state.over
        winners = set(state.winners)
        assert winners and all(teams.allied(state, a, b) for a in winners for b in winners)


def rules_at(state, phase: str, seat: int | None = None):
    """Jump to ``phase`` of the seat's turn (the active one's), its course chosen."""
    if seat is not None:
        state.active = seat
        state.data.at = state.data.order.index(seat)
    state.phase = phase
    d = state.data
    d.drawn = None if phase in ("unmark", "draw") else 2
    d.resources_left = 0
    return state


def strength_lost(state, city_id: int) -> int:
    return state.cards[city_id].damage


def test_the_computer_counts_a_team_mates_side_with_its_own():
    """The bots' judgement of a position: a team-mate's creature is good for the seat (in a
    game of three on their own, another player's is bad)."""
    from tabletop.games.arcmage.evaluate import evaluate

    from .helpers import start_seats

    for state, sign in ((team_game(GIANT, 3), 1), (start_seats(3), -1)):
        before = evaluate(state, P1)
        put(state, P3, GOBLIN)
        assert sign * (evaluate(state, P1) - before) > 0
