"""How good a War of the Arcane position is for one seat, for the greedy bot.

The Mystic Stones dominate; then each side's cards on the battlefield (Attack and Health
left, face-down cards at a guess, statuses as handicaps, Units closer to the enemy Stone a
little better), then cards in hand; unspent action points in the seat's own Main Phase are
worth a little, so the bot uses them when it can. Reads only the seat's view.
"""

from __future__ import annotations

from ...engine import GameState
from .rules import COORD, GRAVE, HAND, SQUARES, attack_of, data, health_of, occupant

STONE = 6.0  # per point of the Stone's health
HIDDEN_CARD = 3.0
STATUS = {"petrified": 2.0, "frozen": 0.7, "shocked": 0.7, "burned": 0.5, "dazed": 0.4,
          "poisoned": 1.0, "bleeding": 0.6}


def evaluate(state: GameState, seat: int) -> float:
    if state.over:
        return 1e6 if seat in state.winners else -1e6
    d = data(state)
    score = 0.0
    enemy_stone = d.stones[1 - seat]
    # Where the enemy Stone is, if this seat knows; else its back rank's middle.
    target = (COORD.get(state.cards[enemy_stone].zone[1]) if enemy_stone >= 0
              else (2, 4 if seat == 0 else 0))
    for s in (0, 1):
        sign = 1.0 if s == seat else -1.0
        score += sign * 0.6 * len(state.zones[(s, HAND)])
        if d.stones[s] < 0:
            continue  # a face-down enemy Stone: its Health is not known
        stone = state.cards[d.stones[s]]
        if stone.zone[1] == GRAVE:
            return -1e6 * sign
        score += sign * STONE * (health_of(stone) - stone.damage)
    for sq in SQUARES:
        cid = occupant(state, sq)
        if cid is None:
            continue
        inst = state.cards[cid]
        sign = 1.0 if inst.owner == seat else -1.0
        if not inst.known:
            score += sign * HIDDEN_CARD
            continue
        card = inst.card
        if card.type == "stone":
            continue
        if card.type == "trap":
            score += sign * 2.0
            continue
        value = 1.0 + attack_of(inst) * 1.2 + (health_of(inst) - inst.damage) * 0.8
        value += 0.8 * bool(card.abilities) + 0.5 * card.first_blood
        value -= sum(w for s, w in STATUS.items() if inst.counters.get(s))
        if inst.owner == seat and target is not None and not inst.face_down:
            c, r = COORD[sq]
            value += 0.25 * (4 - max(abs(c - target[0]), abs(r - target[1])))
        score += sign * value
    if state.phase == "main" and state.active == seat:
        score += 0.3 * d.ap
    return score
