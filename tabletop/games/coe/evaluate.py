"""How good a C.O.E position is for a seat, for the greedy bot: the champions of the party
still in the game and the HP they have left, the characters on the field at their current
DMG and DEF, resources built, the scenario level, equipment and infinite cards in play and
cards in hand, each side's against the other's."""

from __future__ import annotations

from ...bots import side_by_side
from ...engine import GameState
from . import rules


def side(state: GameState, seat: int) -> float:
    cards = state.cards
    party = rules.party_left(state, seat)
    if not party:
        return -1000.0
    score = 0.0
    for cid in party:
        inst = cards[cid]
        # A champion is a life: losing the last loses the game; its HP left matters too.
        score += 40 + 3.0 * (inst.card.hp - inst.damage)
    for cid in rules.characters(state, seat):
        inst = cards[cid]
        dmg, dfn = rules.stat(state, cid, "dmg"), rules.stat(state, cid, "def")
        score += 3 + 1.4 * dmg + 1.1 * dfn + (0.6 if not inst.turned else 0.0)
        if inst.card.type == "acolyte":
            score += 0.8 * (inst.card.hp - inst.damage)
    mine = rules.resources(state, seat)
    score += 2.2 * sum(r.value for r in mine) + 0.4 * sum(not r.rested for r in mine)
    score += 4.0 * rules.scenario_level(state, seat)
    score += 1.5 * sum(1 for c in state.zones[(seat, rules.ARSENAL)]
                       if cards[c].face_down or cards[c].card.stays)
    score += 0.9 * len(state.zones[(seat, rules.HAND)])
    deck = len(state.zones[(seat, rules.DECK)])
    if deck < 3:
        score -= (3 - deck) * 2
    return score


def evaluate(state: GameState, seat: int) -> float:
    return side_by_side(state, seat, side)
