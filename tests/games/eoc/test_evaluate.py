"""EoC: how the evaluation judges positions, each valuation on a real position built with the
scenario helpers (Cinder Storm's Ignara against Dusk Pilgrims' Morrow: 2 ATK, 6 DEF in Stage
1), read from the seat's own view."""

from tabletop.bots import greedy_bot
from tabletop.engine import abilities as ab
from tabletop.engine import legal_actions, view
from tabletop.games.eoc.evaluate import evaluate

from .helpers import (
    BANISHED,
    DECK,
    HAND,
    creature,
    do,
    next_turn,
    pool,
    rules,
    start,
    to_attack,
    to_hand,
    vq,
)

P1, P2 = 0, 1


def score(state, seat=P1):
    return evaluate(view(state, seat), seat)


def test_a_stage_defeated_is_worth_more_than_a_field_of_creatures():
    state = start()
    before = score(state)
    for name in ("Magmaw Hound", "Bramblehorn Stag", "Wandering Automaton"):
        creature(state, P1, name, exhausted=True)
    with_field = score(state)
    state.data.stage[P1] = 2
    rules.changed(state)
    assert score(state) < before < with_field


def test_the_vanquishers_damage_heals_in_the_clean_up_and_is_worth_nothing_by_itself():
    state = start()
    creature(state, P1, "Magmaw Hound", exhausted=True)  # nothing left to attack with
    before = score(state)
    state.cards[vq(state, P2)].damage = 5
    assert score(state) == before


def test_damage_counts_while_the_active_seat_can_still_defeat_the_stage_this_turn():
    state = start()
    creature(state, P1, "Ashback Salamander")  # 3 ATK, ready
    before = score(state)
    state.cards[vq(state, P2)].damage = 4  # 4 + 3 > 6: the stage falls to the next attack
    assert score(state) > before + 15


def test_a_vanquisher_left_without_a_guard_against_a_lethal_attack_is_at_stake():
    """The enemy's Hound and Boar (7 ATK) defeat Stage 1 (6 DEF) next turn unless a guard
    holds them: the Elder Oakguard (2/5) takes both to destroy."""
    scores = []
    for guard in (False, True):
        state = start()
        creature(state, P2, "Magmaw Hound")
        creature(state, P2, "Thornhide Boar")
        if guard:
            creature(state, P1, "Elder Oakguard")
        scores.append(score(state))
    oakguard = 3 + 1.2 * 2 + 5  # what the creature is worth by itself
    assert scores[1] - scores[0] > oakguard + 15


def test_a_creature_still_to_be_created_this_turn_counts_as_a_guard():
    scores = []
    for paid in (False, True):
        state = start()
        creature(state, P2, "Magmaw Hound")
        creature(state, P2, "Thornhide Boar")
        to_hand(state, P1, "Elder Oakguard")
        pool(state, P1, "Verdant Seed", "Verdant Seed", *(("Verdant Seed",) if paid else ()))
        scores.append(score(state))
    assert scores[1] - scores[0] > 15  # far more than one essence more in the pool


def test_a_creature_the_enemy_can_destroy_next_turn_without_losing_its_attacker_is_at_risk():
    """Cinder Newt and Static Sprite are both 2/1; the enemy's Reedfin Scout (1/2, Aqua)
    destroys the Newt, weak to Aqua, and survives its counter-attack."""
    scores = {}
    for mine in ("Cinder Newt", "Static Sprite"):
        state = start()
        creature(state, P1, mine, exhausted=True)
        creature(state, P2, "Reedfin Scout")
        scores[mine] = score(state)
    assert scores["Static Sprite"] - scores["Cinder Newt"] > 2.5


def test_a_boost_for_the_turn_is_not_counted_in_what_a_creature_is_worth():
    state = start()
    newt = creature(state, P1, "Cinder Newt")
    before = score(state)
    ab.add(state, ab.Modifier(newt, "atk", 2, newt, ab.TURN))  # Battle Surge's
    assert rules.attack_of(state, newt) == 4
    assert score(state) == before


def test_an_essence_summoned_to_the_pool_is_worth_more_than_in_the_hand():
    state = start()
    to_hand(state, P1, "Ember Shard")
    before = score(state)
    do(state, 'P1: summon "Ember Shard"')
    assert score(state) > before


def test_a_card_drawn_beyond_the_turns_draw_costs_the_deck_out_race_once_decks_run_low():
    state = start()
    for seat in (P1, P2):
        for cid in state.zones[(seat, DECK)][6:]:
            state.move(cid, (seat, BANISHED))
    before = score(state)
    state.move(state.zones[(P1, DECK)][0], (P1, HAND))  # as Wayfinding draws
    assert score(state) < before - 10


def test_ending_a_turn_weighs_the_same_before_and_after_the_other_seat_draws():
    state = start()
    before = score(state)
    next_turn(state)  # Player 2 draws a card
    assert state.active == P2 and len(state.zones[(P2, HAND)]) == 1
    assert abs(score(state) - before) < 0.5


def test_the_greedy_does_not_attack_a_vanquisher_it_cannot_defeat():
    state = start()
    creature(state, P1, "Magmaw Hound")  # 4 ATK against 6 DEF: survives the counter-attack
    to_attack(state)
    actions = legal_actions(state)
    assert [a.kind for a in actions] == ["attack", "end"]
    assert greedy_bot(1)(view(state, P1)).kind == "end"
