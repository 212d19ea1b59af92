"""How good an EWC position is for one seat, for the greedy bot.

Life dominates; then what each side has in play (cards by cost, ready Weapons and Armor
worth more, Allies by their Life and STR); then cards in hand; during the seat's own
Training Phase, unspent TP is worth what it can still buy. Opponents are averaged so the
scale does not depend on the number of seats. Reads only what the seat's view shows.
"""

from __future__ import annotations

from ...engine import GameState
from .cards import ATTACKER_TIMINGS
from .rules import ALLIES, FIELD, HAND, characters, data, hero, modifier

LIFE = 3.0
IN_HAND = 0.8
IN_PLAY = 2.0  # a card in play works every turn: worth more than one turn of readiness
IN_PLAY_PER_COST = 0.6
READY_COMBAT = 1.0  # a ready Weapon, Armor, Reaction or attack Action: usable this round
READY_OTHER = 0.3
TP_WORTH = 1.1


def side_value(state: GameState, seat: int) -> float:
    d = data(state)
    if d.out[seat]:
        return -100.0
    cards = state.cards
    h = hero(state, seat)
    value = LIFE * max(0, h.card.life - h.damage)
    ally_str = modifier(state, seat, "ally_strength")
    for cid in state.zones[(seat, ALLIES)]:
        a = cards[cid]
        value += 2.0 + 0.8 * (a.card.life - a.damage) + a.card.strength + ally_str
    for cid in state.zones[(seat, FIELD)]:
        inst = cards[cid]
        card = inst.card
        value += IN_PLAY + IN_PLAY_PER_COST * card.cost
        if not inst.turned:
            if card.timing in ATTACKER_TIMINGS:
                # A Reaction for your own Attack rolls helps only the attacks still to come
                # this turn; once they are made it readies again before your next ones.
                combat = attacks_left(state, seat)
            else:
                combat = card.type != "action" or card.attack is not None
            value += READY_COMBAT if combat else READY_OTHER
    value += IN_HAND * len(state.zones[(seat, HAND)])
    return value


def attacks_left(state: GameState, seat: int) -> bool:
    """Whether ``seat`` may still make an attack in the turn under way."""
    if state.active != seat or state.phase not in ("training", "combat"):
        return False
    cards = state.cards
    attacked = data(state).attacked
    return (any(cid not in attacked for cid in characters(state, seat))
            or any(not cards[cid].turned and cards[cid].card.attack is not None
                   for cid in state.zones[(seat, FIELD)]))


def tp_value(state: GameState, seat: int) -> float:
    """Unspent TP in the seat's own Training Phase, worth what it can still buy: up to the
    dearest card in hand that the TP plus the cards still ready to turn could pay for."""
    if state.phase != "training" or state.active != seat:
        return 0.0
    cards = state.cards
    tp = data(state).tp[seat]
    reach = tp + sum(1 for c in state.zones[(seat, FIELD)] if not cards[c].turned)
    costs = [cards[c].card.cost for c in state.zones[(seat, HAND)] if cards[c].known]
    affordable = [c for c in costs if c <= reach]
    if not affordable:
        return 0.0
    return TP_WORTH * min(tp, max(affordable))


def evaluate(state: GameState, seat: int) -> float:
    if state.over:
        return 1e6 if seat in state.winners else -1e6
    others = [s for s in range(state.seats) if s != seat]
    mine = side_value(state, seat) + tp_value(state, seat)
    theirs = sum(side_value(state, s) for s in others) / len(others)
    return mine - theirs
