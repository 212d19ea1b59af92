"""How good an ARC-mage position is for one seat, for the greedy bot.

Cities dominate (each city, and each point of its strength: losing them all loses the
game; an unbuilt city counts for most of a built one, so building one is worth a skipped
turn only once resources and cards matter less); then creatures in play by ATK and DEF,
those in the army a little more (they attack); then resource cards (they pay for
everything), cards in hand and the deck left (an empty deck loses). Reads only the seat's view.
"""

from __future__ import annotations

from ...engine import HIDDEN, GameState
from .rules import DECK, FACTIONS, HAND, RES, UNBUILT, cities, creatures, data, stats, strength


def _short(state: GameState, seat: int) -> int:
    """Loyalty the cards in hand ask of each faction beyond its resource cards."""
    need: dict[str, int] = {}
    for cid in state.zones[(seat, HAND)]:
        card = state.cards[cid].card
        if card is HIDDEN or card.type == "city":
            continue
        faction = card.faction
        if faction in RES:
            need[faction] = max(need.get(faction, 0), card.loyalty)
    return sum(max(0, n - len(state.zones[(seat, RES[f])])) for f, n in need.items())

CITY = 6.0
STRENGTH = 1.0  # each point of a city's strength left
UNBUILT_SHARE = 0.85
RESOURCE = 1.6  # each of the first RESOURCES_WANTED resource cards
RESOURCES_WANTED = 6
LATE_RESOURCE = 0.5
CARD_IN_HAND = 0.9
LOYALTY_SHORT = 0.4  # per loyalty mark the cards in hand need and the resources lack


def evaluate(state: GameState, seat: int) -> float:
    if state.over:
        return 1e6 if seat in state.winners else -1e6
    d = data(state)
    score = 0.0
    for s in range(state.seats):
        sign = 1.0 if s == seat else -1.0 / max(1, state.seats - 1)
        own = 0.0
        for c in cities(state, s):
            own += CITY + STRENGTH * max(0, strength(state, c))
        for c in state.zones[(s, UNBUILT)]:  # a city in reserve is worth most of one built
            card = state.cards[c].card
            if card is not HIDDEN:
                own += UNBUILT_SHARE * (CITY + STRENGTH * (card.defense or 0))
            else:
                own += UNBUILT_SHARE * (CITY + STRENGTH * 8)
        for c in creatures(state, s):
            atk, dfn = stats(state, c)
            army = state.cards[c].zone[1] == "army"
            own += 1.0 + 0.9 * atk + 0.6 * dfn + (0.4 * atk if army else 0.0)
        res = sum(len(state.zones[(s, RES[f])]) for f in FACTIONS)
        hand = len(state.zones[(s, HAND)])
        if s == state.active and state.phase == "draw" and d.resources_left and hand:
            res += min(d.resources_left, hand) * 0.9  # resource cards still to be made
        own += RESOURCE * min(res, RESOURCES_WANTED) + \
            LATE_RESOURCE * max(0.0, res - RESOURCES_WANTED)
        own += CARD_IN_HAND * min(hand, 7)
        if s == seat:
            own -= LOYALTY_SHORT * _short(state, s)
        deck = len(state.zones[(s, DECK)])
        if deck < 4:
            own -= (4 - deck) * 3.0
        if d.decked[s]:
            own -= 500.0
        score += sign * own
    return score
