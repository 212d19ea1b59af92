"""How good an EWC position is for one seat, for the greedy bot.

Life dominates; then what each side has in play (cards by cost, Allies by their Life and
STR); then cards in hand; during the seat's own Training Phase, unspent TP is worth what it
can still buy. A card that makes an attack (a Weapon, an attack Action) is worth, while it is
ready and its seat still has attacks to make this turn, the damage it can expect to deal:
turning a Longspear for one TP gives up about two and a half Life of damage, turning a
Venom Dagger far less. Ready Armor and Reactions are worth a little more than other ready
cards. Opponents are averaged so the scale does not depend on the number of seats. Reads
only what the seat's view shows.
"""

from __future__ import annotations

from ...engine import GameState
from .cards import ATTACKER_TIMINGS
from .rules import ALLIES, FIELD, HAND, attack_strength, characters, data, hero, modifier

LIFE = 3.0
IN_HAND = 0.8
IN_PLAY = 2.0  # a card in play works every turn: worth more than one turn of readiness
IN_PLAY_PER_COST = 0.6
READY_COMBAT = 1.0  # a ready Weapon, Armor, Reaction or attack Action: usable this round
READY_OTHER = 0.3
TP_WORTH = 1.1


def _expected_hits() -> dict[int, float]:
    """The damage an attack can expect, by its Strength less the defender's DEF: both roll a
    d6 (the Icon counts 6), and a higher attack total hits for the difference."""
    out = {}
    for edge in range(-12, 25):
        hits = [max(0, edge + a - d) for a in range(1, 7) for d in range(1, 7)]
        out[edge] = sum(hits) / 36
    return out


EXPECTED_HIT = _expected_hits()


def expected_hit(strength: int, defense: int) -> float:
    edge = max(-12, min(24, strength - defense))
    return EXPECTED_HIT[edge]


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
    attacking = attacks_left(state, seat)
    guard: int | None = None
    for cid in state.zones[(seat, FIELD)]:
        inst = cards[cid]
        card = inst.card
        value += IN_PLAY + IN_PLAY_PER_COST * card.cost
        if inst.turned:
            continue
        if card.attack is not None:
            # An attack still to make this turn is worth the damage it can expect; once the
            # turn's attacks are over the card readies again before the next ones.
            if attacking:
                if guard is None:
                    guard = weakest_guard(state, seat)
                strength = attack_strength(state, seat, cid)
                if strength is not None:
                    value += LIFE * expected_hit(strength[0], guard)
            else:
                value += READY_OTHER
            continue
        # A Reaction for your own Attack rolls helps only the attacks still to come this
        # turn; once they are made it readies again before your next ones.
        combat = attacking if card.timing in ATTACKER_TIMINGS else card.type != "action"
        value += READY_COMBAT if combat else READY_OTHER
    value += IN_HAND * len(state.zones[(seat, HAND)])
    return value


def weakest_guard(state: GameState, seat: int) -> int:
    """The lowest DEF among the Heroes of the seat's opponents still in the game."""
    out = data(state).out
    defs = [hero(state, s).card.defense for s in range(state.seats) if s != seat and not out[s]]
    return min(defs, default=0)


def attacks_left(state: GameState, seat: int) -> bool:
    """Whether ``seat`` may still make an attack in the turn under way."""
    if state.active != seat or state.phase not in ("training", "combat"):
        return False
    cards = state.cards
    attacked = data(state).attacked
    return any(cid not in attacked for cid in characters(state, seat)) or any(
        not cards[cid].turned and cards[cid].card.attack is not None
        for cid in state.zones[(seat, FIELD)]
    )


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
