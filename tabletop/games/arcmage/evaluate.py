"""How good an ARC-mage position is for one seat, for the greedy bot and the search's playouts.

Cities dominate (each city, and each point of its strength: losing them all loses the
game; an unbuilt city counts for most of a built one, so building one is worth a skipped
turn only once resources and cards matter less); then creatures in play by ATK and DEF,
those in the army a little more (they attack); then resource cards, cards in hand and the
deck left (an empty deck loses). Reads only the seat's view. What the greedy games showed
it was missing (issue 17; the counts are in docs/benchmarks.md):

* **The next attacks.** A creature that attacked stays marked until its controller's next
  Unmark, so it cannot defend in the other players' turns. Each seat's next attack (the
  active seat's with what is still unmarked until it has attacked; the others' with their
  whole army, which unmarks first) threatens each other seat's weakest point as it stands:
  the attackers, each stopped by one unmarked defender (the army's, or
  the attacked city's residents; a flyer only by a flyer or a ranged one; a blocked attacker
  deals the city nothing), the rest hitting the city. An open city is a liability
  (``EXPOSED`` of the damage and of the city lost, and the game if it is the last city
  built: unbuilt cities do not keep a player in the game); an unmarked defender is worth the
  damage it would stop.
* **Cards in hand** have option value: the first few most (having any choice), and a
  creature by its size, so a real creature made a resource (or a hand emptied to Draw 0)
  costs what the card could have become. Hidden cards count as an average card.
* **Resources** are worth more while few: each up to what the hand's dearest card needs,
  less beyond. A resource left unmarked at the end of its owner's turn, while the hand holds
  a card it could have paid for, bought nothing (``IDLE``).
* **Restrictions**: a creature a card forbids to attack or to defend ("I cannot block")
  neither threatens nor guards.
* **Until end of turn** boosts are not counted: they are gone by the next turn (what they
  change in a combat shows in the combat's outcome).
"""

from __future__ import annotations

from ...engine import HIDDEN, GameState
from ...engine import abilities as ab
from .rules import (
    ARMY,
    CITY_SET,
    DECK,
    FACTIONS,
    HAND,
    RES,
    UNBUILT,
    cities,
    creatures,
    data,
    forbidden,
    profile,
    strength,
    teams,
)

CITY = 6.0
STRENGTH = 1.0  # each point of a city's strength left
UNBUILT_SHARE = 0.85
FIRST_RESOURCES = 3  # the first resource cards are worth most: nothing is paid without them
FIRST_RESOURCE = 2.2
RESOURCE = 1.5  # each further resource card up to what the hand needs
RESOURCES_WANTED = 5  # what a hand whose dearest card is cheaper (or unseen) needs
LATE_RESOURCE = 0.4  # each resource card beyond
CARD_IN_HAND = 0.6  # each card in hand
FIRST_CARDS = 3  # the first cards in hand are worth more: they are the choice
FIRST_CARD = 0.6
CREATURE_IN_HAND = 0.15  # per point of a creature card's ATK + DEF
HIDDEN_CARD = 0.45  # what an unseen card adds (an average creature's size)
LOYALTY_SHORT = 0.4  # per loyalty mark the cards in hand need and the resources lack
EXPOSED = 0.5  # of what the next attack could take from the seat
LAST_CITY = 20.0  # what an attack that could take the last city built threatens besides
IDLE = 0.3  # per resource left unmarked at the end of its owner's turn with a card to pay

_BEFORE_ATTACK = frozenset({"unmark", "draw", "tactics", "play1", "attack"})
_TURN_OVER = frozenset({"play2", "discard"})


def _short(state: GameState, seat: int, need: dict[str, int]) -> int:
    """Loyalty the cards in hand ask of each faction beyond its resource cards."""
    return sum(max(0, n - len(state.zones[(seat, RES[f])])) for f, n in need.items())


def _hand(state: GameState, seat: int) -> tuple[float, int, dict[str, int], int]:
    """(the cards' worth beyond the flat CARD_IN_HAND, the dearest cost, the loyalty each
    faction asks, the cheapest cost but of an event) of the seat's hand as its view shows it."""
    worth = 0.0
    dearest = 0
    cheapest = 99
    need: dict[str, int] = {}
    cards = state.cards
    for cid in state.zones[(seat, HAND)]:
        card = cards[cid].card
        if card is HIDDEN:
            worth += HIDDEN_CARD
            continue
        if card.type == "creature":
            worth += CREATURE_IN_HAND * ((card.attack or 0) + (card.defense or 0))
        cost = card.cost or 0
        if cost > dearest:
            dearest = cost
        if cost < cheapest and card.type != "event":  # an event may wait for its moment
            cheapest = cost
        faction = card.faction
        if faction in RES and card.loyalty > need.get(faction, 0):
            need[faction] = card.loyalty
    return worth, dearest, need, cheapest


def _exposure(
    attacks: list[tuple[int, bool]],
    army: list[bool],
    homes: dict[int, list[bool]],
    city_left: list[tuple[int, int]],
) -> float:
    """What an attack could take from the defender: for its weakest city, the damage the
    attackers left unblocked deal it (and the city, if that is all its strength).

    ``attacks``: (ATK, flying) of each ready attacker, strongest first; ``army``: whether each
    unmarked defender of the army may block a flyer; ``homes``: the same for each city's
    unmarked residents; ``city_left``: (city, strength left)."""
    worst = 0.0
    for city, left in city_left:
        flyers_stoppers = sum(army) + sum(homes.get(city, ()))
        others = len(army) + len(homes.get(city, ())) - flyers_stoppers
        through = 0
        for atk, flying in attacks:  # each defender stops the strongest attacker it can
            if flying:
                if flyers_stoppers:
                    flyers_stoppers -= 1
                    continue
            elif others:
                others -= 1
                continue
            elif flyers_stoppers:
                flyers_stoppers -= 1
                continue
            through += atk
        if not through:
            continue
        loss = STRENGTH * min(through, max(0, left))
        if through >= left:  # the city falls; with it the game, if it is the last
            loss += CITY + (LAST_CITY if len(city_left) == 1 else 0.0)
        if loss > worst:
            worst = loss
    return worst


def evaluate(state: GameState, seat: int) -> float:
    if state.over:
        return 1e6 if seat in state.winners else -1e6
    d = data(state)
    seats = state.seats
    cards = state.cards
    active = state.active
    # the active seat attacks this turn only with what is unmarked; the others' armies
    # unmark before they attack
    unmarked_only = state.phase in _BEFORE_ATTACK and not d.attacked and d.combat is None
    raids: list[list[tuple[int, bool]]] = []
    guards: list[tuple[list[bool], dict[int, list[bool]]]] = []
    sides: list[float] = []
    city_lists: list[list[int]] = []
    for s in range(seats):
        own = 0.0
        built = cities(state, s)
        city_lists.append(built)
        for c in built:
            own += CITY + STRENGTH * max(0, strength(state, c))
        for c in state.zones[(s, UNBUILT)]:  # a city in reserve is worth most of one built
            card = cards[c].card
            if card is not HIDDEN:
                own += UNBUILT_SHARE * (CITY + STRENGTH * (card.defense or 0))
            else:
                own += UNBUILT_SHARE * (CITY + STRENGTH * 8)
        army_guard: list[bool] = []
        homes: dict[int, list[bool]] = {}
        attacks: list[tuple[int, bool]] = []
        fresh = s != active or not unmarked_only
        for c in creatures(state, s):
            inst = cards[c]
            atk, dfn, kws = profile(state, c)
            if state.lasting:  # until end of turn: gone by the next
                for m in ab.modifiers(state, c):
                    if m.until == ab.TURN:
                        if m.stat == "atk":
                            atk = max(0, atk - m.amount)
                        elif m.stat == "def":
                            dfn -= m.amount
            zone = inst.zone
            army = zone[1] == ARMY
            own += 1.0 + 0.9 * atk + 0.6 * dfn + (0.4 * atk if army else 0.0)
            if (
                army
                and (fresh or not inst.turned)
                and "peaceful" not in kws
                and not forbidden(state, c, "attack")
            ):
                attacks.append((atk, "flying" in kws))
            if not inst.turned and not forbidden(state, c, "block"):  # "I cannot block"
                stops_flyer = "flying" in kws or "ranged" in kws
                if army:
                    army_guard.append(stops_flyer)
                elif zone[1] in CITY_SET and zone[0] == s:
                    ids = state.zones[zone]
                    homes.setdefault(ids[0], []).append(stops_flyer)
        guards.append((army_guard, homes))
        attacks.sort(reverse=True)
        raids.append(attacks)
        res = 0
        free = 0
        for f in FACTIONS:
            pile = state.zones[(s, RES[f])]
            res += len(pile)
            if s == active and state.phase in _TURN_OVER:
                free += sum(1 for r in pile if not cards[r].turned)
        hand = len(state.zones[(s, HAND)])
        worth, dearest, need, cheapest = _hand(state, s)
        if s == active and state.phase == "draw" and d.resources_left and hand:
            coming = min(d.resources_left, hand)  # resource cards still to be made, of
            res += coming * 0.9  # cards that leave the hand
            hand -= coming
        wanted = max(RESOURCES_WANTED, dearest)
        own += (
            FIRST_RESOURCE * min(res, FIRST_RESOURCES)
            + RESOURCE * max(0.0, min(res, wanted) - FIRST_RESOURCES)
            + LATE_RESOURCE * max(0.0, res - wanted)
        )
        own += CARD_IN_HAND * min(hand, 7) + FIRST_CARD * min(hand, FIRST_CARDS) + worth
        own -= LOYALTY_SHORT * _short(state, s, need)
        if free and cheapest <= free:
            own -= IDLE * free
        deck = len(state.zones[(s, DECK)])
        if deck < 4:
            own -= (4 - deck) * 3.0
        if d.decked[s]:
            own -= 500.0
        sides.append(own)
    # In a team format, a team-mate is on this seat's side: its cities are not attacked by
    # the team, and its side counts with this one's.
    foes = [teams.opponents(state, s) for s in range(seats)]
    for s in range(seats):
        if d.out[s] or not city_lists[s]:
            continue
        army_guard, homes = guards[s]
        city_left = [(c, strength(state, c)) for c in city_lists[s]]
        share = EXPOSED / max(1, len(foes[s]))  # each foe's attack may fall on this one
        for r in foes[s]:
            if raids[r] and not d.out[r]:
                sides[s] -= share * _exposure(raids[r], army_guard, homes, city_left)
    score = 0.0
    mine = [s for s in range(seats) if s not in foes[seat]]
    for s in range(seats):
        score += sides[s] / len(mine) if s in mine else -sides[s] / max(1, len(foes[seat]))
    return score
