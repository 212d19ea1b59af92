"""War of the Arcane's evaluation (``evaluate.py``): what a face-down enemy card is likely
to be, what attacking one is worth, and a Unit that leaves a Token when destroyed."""

from __future__ import annotations

import random

import pytest

from tabletop.bots import greedy_bot, score
from tabletop.engine import Match, legal_actions, pick_decks, to_act, view
from tabletop.engine.knowledge import Dealer
from tabletop.games.wota import GAME, rules
from tabletop.games.wota import evaluate as ev

from .helpers import put, start, stone


def attack(v, attacker: int, target: int):
    return next(
        a
        for a in legal_actions(v)
        if a.kind == "attack" and a.cards == (attacker,) and a.targets == (target,)
    )


def gain(state, attacker: int, target: int) -> float:
    """What Player 1's attack adds to its evaluation, as the greedy bot scores it."""
    v = view(state, 0)
    return score(v, attack(v, attacker, target), 0, samples=1) - ev.evaluate(v, 0)


def spend(state, seat: int, kind: str) -> None:
    """Every card of ``kind`` of ``seat`` not on the battlefield goes to its graveyard: seen."""
    for zone in (rules.DECK, rules.HAND):
        for cid in list(state.zones[(seat, zone)]):
            if state.cards[cid].card.type == kind:
                state.move(cid, (seat, rules.GRAVE))


def test_attacking_a_face_down_card_is_worth_more_once_every_enemy_trap_is_seen():
    state = start(p2="iron_vanguard")
    ogre = put(state, 0, "Ogre Brute", "c3")
    hidden = put(state, 1, "Footman", "c4", down=True)
    traps_unseen = gain(state, ogre, hidden)
    spend(state, 1, "trap")
    assert gain(state, ogre, hidden) > traps_unseen + 1.0


def test_attacking_a_face_down_card_is_worth_more_the_likelier_it_is_the_stone():
    state = start(p2="iron_vanguard")
    ogre = put(state, 0, "Ogre Brute", "c3")
    hidden = put(state, 1, "Footman", "c4", down=True)
    one_in_two = gain(state, ogre, hidden)  # the Stone on c5 or this card
    for sq in ("a4", "a5", "e5"):
        put(state, 1, "Footman", sq, down=True)
    assert one_in_two > gain(state, ogre, hidden) + 3.0  # one in five


def test_a_wounded_unit_does_not_attack_a_card_that_is_likely_a_trap():
    # The enemy Stone is known, so the face-down card is a Trap or a Unit: a Trap (every
    # one of this deck's deals damage) would destroy the Ogre with 1 Health left.
    state = start(p2="iron_vanguard")
    ogre = put(state, 0, "Ogre Brute", "c3")
    state.cards[ogre].damage = 5
    hidden = put(state, 1, "Footman", "c4", down=True)
    state.cards[stone(state, 1)].face_down = False
    v = view(state, 0)
    assert gain(state, ogre, hidden) < 0
    assert greedy_bot()(v) != attack(v, ogre, hidden)


def test_what_attacking_a_face_down_card_is_worth_does_not_depend_on_what_it_is():
    values = []
    for card in ("Ogre Brute", "Spike Pit", "Assassin"):
        state = start(p2="iron_vanguard")
        ogre = put(state, 0, "Ogre Brute", "c3")
        hidden = put(state, 1, card, "c4", down=True)
        values.append((ev.evaluate(view(state, 0), 0), gain(state, ogre, hidden)))
    assert values[1] == pytest.approx(values[0]) and values[2] == pytest.approx(values[0])


def test_the_hidden_enemy_stone_counts_at_full_health_so_revealing_it_changes_nothing():
    state = start()
    hidden = ev.evaluate(view(state, 0), 0)
    state.cards[stone(state, 1)].face_down = False
    assert ev.evaluate(view(state, 0), 0) == pytest.approx(hidden)


def test_a_unit_that_summons_a_token_when_destroyed_is_worth_part_of_that_token():
    state = start()
    put(state, 0, "Golemancer", "b2")
    with_golem = ev.evaluate(view(state, 0), 0)
    for cid in list(state.zones[(0, rules.ASIDE)]):
        if state.cards[cid].card.name == "Stone Golem":
            state.move(cid, (0, rules.GRAVE))
    golem = state.game.card_set().cards["Stone Golem"]
    worth = ev._worth(golem, golem.attack, golem.health, 0.0)
    assert with_golem - ev.evaluate(view(state, 0), 0) == pytest.approx(ev.TOKEN_LEFT * worth)


def test_a_golemancer_does_not_throw_itself_at_a_unit_that_destroys_it():
    state = start()
    golemancer = put(state, 0, "Golemancer", "c3")  # 1/3
    ogre = put(state, 1, "Ogre Brute", "c4")  # 4/6, face up
    v = view(state, 0)
    assert gain(state, golemancer, ogre) < 0
    assert greedy_bot()(v) != attack(v, golemancer, ogre)


def test_units_head_for_the_enemy_back_rank_while_its_stone_is_still_in_a_hand():
    """At the setup, in a possible world a bot deals, the enemy Stone is known to be in its
    owner's hand: the evaluation still draws Units toward the enemy's back rank."""
    match = Match(GAME, pick_decks(GAME, 2, 3), 3)
    seat = to_act(match.state)
    world = Dealer(match.view(seat)).deal(random.Random(1))
    assert world.cards[world.data.stones[1 - seat]].zone[1] == rules.HAND
    places = {
        a.words[0]: a for a in legal_actions(world) if a.kind == "place" and a.words[-1] == "up"
    }
    unit = next(iter(places.values())).cards
    near, far = ("a2", "a1") if seat == 0 else ("a4", "a5")
    near_a = next(a for sq, a in places.items() if sq == near and a.cards == unit)
    far_a = next(a for sq, a in places.items() if sq == far and a.cards == unit)
    assert score(world, near_a, seat, 1) > score(world, far_a, seat, 1)
