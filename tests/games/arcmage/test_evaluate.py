"""ARC-mage: how the evaluation judges positions (issue 17), each valuation on a small
position built with the scenario helpers, read from the seat's own view."""

from tabletop.bots import greedy_bot
from tabletop.engine import abilities as ab
from tabletop.engine import view
from tabletop.games.arcmage import rules
from tabletop.games.arcmage.cards import ArcCard
from tabletop.games.arcmage.evaluate import evaluate

from .helpers import (
    GOBLIN,
    OGRE,
    P1,
    P2,
    PIKE,
    at,
    creature,
    first_city,
    put,
    resources,
    start,
    to_hand,
)

FLYER = creature("Test Wyvern", 4, 4, keywords={"flying": 0})
ARCHER = creature("Test Archer", 2, 3, keywords={"ranged": 0})
SPELL = ArcCard(name="Test Spell", type="magic", faction="red_banner", cost=2)


def score(state, seat=P1):
    return evaluate(view(state, seat), seat)


def position(phase="play2", **kw):
    """P1's turn (Cinderhold, 8) against P2 (Briarmoor, 10), hands empty."""
    return start(**kw), phase


def test_an_unmarked_defender_is_worth_the_attack_it_stops():
    scores = []
    for marked in (False, True):
        state, phase = position()
        put(state, P2, OGRE)  # P2's army attacks next turn
        put(state, P1, PIKE, marked=marked)
        scores.append(score(at(state, phase)))
    assert scores[0] > scores[1] + 1.0


def test_a_flyer_is_stopped_only_by_a_flying_or_ranged_defender():
    scores = []
    for guard in (ARCHER, PIKE):  # same size: 2/3
        state, phase = position()
        put(state, P2, FLYER)
        put(state, P1, guard)
        scores.append(score(at(state, phase)))
    assert scores[0] > scores[1] + 1.0


def test_an_attack_that_could_take_the_last_city_threatens_the_game():
    scores = []
    for ogres in (1, 2):  # 4 or 8 ATK against Cinderhold's 8
        state, phase = position()
        for _ in range(ogres):
            put(state, P2, OGRE)
        scores.append(score(at(state, phase)))
    # the second Ogre is worth 1 + 3.6 + 3 + 1.6 to P2 and 4 more damage: the rest is the game
    assert scores[0] - scores[1] > 10 + 9.2 + 2


def test_the_greedy_keeps_a_defender_home_when_its_last_city_is_open():
    state = start()
    rules.cities(state, P1)
    state.cards[first_city(state, P1)].damage = 4  # Cinderhold has 4 left
    put(state, P2, GOBLIN)
    put(state, P2, GOBLIN)  # 4 ATK: Cinderhold falls unless one is blocked
    pikes = [put(state, P1, PIKE), put(state, P1, PIKE)]
    at(state, "attack")
    action = greedy_bot(1)(view(state, P1))
    assert not (action.kind == "attack" and set(action.cards) == set(pikes))


def test_a_creature_card_in_hand_is_worth_its_size():
    scores = []
    for card in (OGRE, SPELL):
        state, phase = position()
        resources(state, P1, "red_banner", 3)
        to_hand(state, P1, card)
        scores.append(score(at(state, phase)))
    assert scores[0] > scores[1] + 1.0


def test_the_first_cards_in_hand_are_worth_most():
    def with_cards(n):
        state, phase = position()
        for _ in range(n):
            to_hand(state, P1, SPELL)
        return score(at(state, phase))

    assert with_cards(1) - with_cards(0) > with_cards(6) - with_cards(5) + 0.3


def test_a_resource_is_worth_more_while_few():
    def with_resources(n):
        state, phase = position("play1")
        resources(state, P1, "red_banner", n)
        return score(at(state, phase))

    first = with_resources(1) - with_resources(0)
    fifth = with_resources(5) - with_resources(4)
    seventh = with_resources(7) - with_resources(6)
    assert first > fifth + 0.3 > seventh + 0.6


def test_a_dear_card_in_hand_wants_the_resources_to_pay_for_it():
    def sixth(card):
        out = []
        for n in (5, 6):
            state, phase = position("play1")
            resources(state, P1, "red_banner", n)
            to_hand(state, P1, card)
            out.append(score(at(state, phase)))
        return out[1] - out[0]

    dear = ArcCard(name="Test Dragon", type="magic", faction="red_banner", cost=6)
    assert sixth(dear) > sixth(SPELL) + 0.5


def test_resources_left_unmarked_at_the_end_of_the_turn_with_a_card_to_pay_are_waste():
    def spent(phase, marked):
        state = start()
        resources(state, P1, "red_banner", 3, marked=marked)
        to_hand(state, P1, SPELL)
        return score(at(state, phase))

    assert spent("play2", 3) > spent("play2", 0) + 0.5
    assert spent("play1", 3) == spent("play1", 0)  # while it may still pay, nothing is lost


def test_making_resources_counts_the_cards_they_cost_the_hand():
    state = start()
    resources(state, P1, "red_banner", 1)  # short of resources, but Draw 0 would empty the hand
    for _ in range(2):
        to_hand(state, P1, GOBLIN)
    at(state, "draw")
    action = greedy_bot(1)(view(state, P1))
    assert action.kind == "draw" and action.words != ("0",)


def test_an_until_end_of_turn_boost_is_not_counted():
    scores = []
    for boost in (0, 3):
        state, phase = position()
        cid = put(state, P1, GOBLIN)
        if boost:  # until end of turn, as an effect gives it
            ab.add(state, ab.Modifier(cid, "atk", boost, cid))
            ab.add(state, ab.Modifier(cid, "def", boost, cid))
            assert rules.stats(state, cid) == (2 + boost, 2 + boost)
        scores.append(score(at(state, phase)))
    assert scores[0] == scores[1]
