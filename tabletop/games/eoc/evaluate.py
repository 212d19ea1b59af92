"""How good an EoC position is for a seat, for the greedy bot: the Vanquisher's stages
and defence left, the creatures on the field at their current values, essence in play,
cards in hand and spells on the field, each side's against the other's."""

from __future__ import annotations

from ...bots import side_by_side
from ...engine import GameState
from . import rules


def side(state: GameState, seat: int) -> float:
    d = rules.data(state)
    if d.lost[seat]:
        return -1000.0
    score = 0.0
    vid = rules.vanquisher(state, seat)
    vq = state.cards[vid]
    limit = max(1, rules.defense_of(state, vid))
    score += (2 - d.stage[seat]) * 30 + 12 * (1 - min(vq.damage, limit) / limit)
    for cid in rules.actives(state, seat):
        inst = state.cards[cid]
        atk, dfn = rules.attack_of(state, cid), rules.defense_of(state, cid)
        health = max(0, dfn - inst.damage)
        score += 3 + 1.2 * atk + health + (0.5 if not inst.turned else 0.0)
    attached = sum(1 for c in state.cards.values() if c.owner == seat and
                   c.card.type == "essence" and c.attached_to is not None)
    # Essence in the pool is worth a little more than essence overpaying a card: it can
    # still pay for anything (and the bot does not shuffle essences to and fro).
    score += 1.5 * attached + 1.6 * len(state.zones[(seat, rules.POOL)])
    score += 0.8 * len(state.zones[(seat, rules.HAND)])
    score += 1.5 * len(rules.spells_in_play(state, seat))
    deck = len(state.zones[(seat, rules.DECK)])
    if deck < 3:
        score -= (3 - deck) * 5
    return score


def evaluate(state: GameState, seat: int) -> float:
    return side_by_side(state, seat, side)
