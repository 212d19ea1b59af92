"""EoC's essences and costs (Interpreting the Cards: Essence, Creation Cost; the
Preparation Phase's "Creation Costs may be overpaid, but never underpaid"): what Essence
cards provide, whether they pay a cost (each element's part by its own essence or Gray, the
wildcard), the cheapest essences of a pool that do, whether a card on the field stays paid,
an essence attached to a card or returned to the Essence Pool, and why essences offered for
a cost do not pay it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations
from typing import Any

from ....engine import GameState
from ..cards import ELEMENTS, ESSENCE_NAMES, GRAY
from .state import POOL, R_ESSENCE_ONCE, R_UNDERPAID, Essence, Pool, data, essences_on

# -- essence arithmetic ------------------------------------------------------------------------


def supply(cards: Iterable[Any]) -> dict[str, int]:
    """What these Essence cards provide, by type."""
    out: dict[str, int] = {}
    for card in cards:
        kind, n = card.provides
        out[kind] = out.get(kind, 0) + n
    return out


def pays(cost: Mapping[str, int], provided: Mapping[str, int]) -> bool:
    """Whether essence of these types satisfies ``cost``: each element's part by essence of
    that element or Gray, the cost's ``gray`` part by anything left."""
    short = need = 0
    for kind, n in cost.items():
        need += n
        if kind != GRAY:
            have = provided.get(kind, 0)
            if n > have:
                short += n - have
    if short > provided.get(GRAY, 0):
        return False
    return sum(provided.values()) >= need


def cost_text(cost: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {ESSENCE_NAMES[k]}" for k, n in cost.items()) or "nothing"


_CHEAPEST: dict[tuple, tuple[Essence, ...] | None] = {}


def pool_of(state: GameState, ids: Sequence[int]) -> Pool:
    cards = state.cards
    provides = tuple(cards[c].card.provides for c in ids)
    return Pool(tuple(ids), provides, _supply(provides), tuple(sorted(provides)))


def essence_pool(state: GameState, seat: int) -> Pool:
    """The seat's Essence Pool, worked out again only when its cards have changed."""
    ids = tuple(state.zones[(seat, POOL)])
    d = data(state)
    found = d.pools[seat]
    if found is None or found.ids != ids:
        found = d.pools[seat] = pool_of(state, ids)
    return found


def cheapest(
    state: GameState, cost: Mapping[str, int], pool: Sequence[int] | Pool
) -> tuple[int, ...] | None:
    """The essences of ``pool`` that pay ``cost`` with the least left over (and, among
    those, the fewest cards, keeping Gray for last); None when the pool cannot pay. Of
    essences alike (one type, one value), the longest in the pool pays first. Worked out
    once for each cost and mix of essences."""
    if not isinstance(pool, Pool):
        pool = pool_of(state, pool)
    if not pays(cost, pool.supply):
        return None
    key = (tuple(cost.items()), pool.mix)
    found = _CHEAPEST.get(key, False)
    if found is False:
        if len(_CHEAPEST) > 100_000:
            _CHEAPEST.clear()
        found = _CHEAPEST[key] = _cheapest(cost, pool.mix)
    if found is None:
        return None
    have: list[Essence | None] = list(pool.provides)
    out = []
    for want in found:
        i = have.index(want)
        out.append(pool.ids[i])
        have[i] = None
    return tuple(out)


def _cheapest(cost: Mapping[str, int], pool: Sequence[Essence]) -> tuple[Essence, ...] | None:
    """``cheapest`` on what the essences provide (``pool`` sorted)."""
    if not cost:
        return ()
    if not pays(cost, _supply(pool)):
        return None
    chosen: list[Essence] = []
    left = sorted(pool, key=lambda e: (e[0] == GRAY, e[1], e[0]))
    need = dict(cost)
    # Each element's part from that element's essences, the best fitting first.
    for kind in ELEMENTS:
        n = need.get(kind, 0)
        while n > 0:
            mine = [e for e in left if e[0] == kind]
            if not mine:
                break
            exact = [e for e in mine if e[1] == n]
            pick = exact[0] if exact else (mine[-1] if n > 1 else mine[0])
            chosen.append(pick)
            left.remove(pick)
            n -= pick[1]
        need[kind] = max(0, n)
    # What is short, from Gray; then the cost's gray part from what the cost needs least.
    rest = sum(need.values())
    useful = [e for e in left if e[0] == GRAY]
    others = [e for e in left if e[0] != GRAY]
    short = sum(need.get(k, 0) for k in ELEMENTS)
    for e in [*(useful if short else ()), *others, *useful]:
        if rest <= 0:
            break
        if e in left:
            left.remove(e)
        else:
            continue  # taken already (an essence listed twice above)
        kind, value = e
        if kind != GRAY and need.get(GRAY, 0) <= 0:
            left.append(e)
            continue
        chosen.append(e)
        if kind == GRAY:
            for k in ELEMENTS:
                take = min(need.get(k, 0), value)
                need[k] = need.get(k, 0) - take
                value -= take
        need[GRAY] = max(0, need.get(GRAY, 0) - value)
        rest = sum(need.values())
    if pays(cost, _supply(chosen)):
        return tuple(chosen)
    # The greedy choice missed (an odd mix of values): the smallest set that pays.
    for size in range(1, len(pool) + 1):
        for combo in combinations(pool, size):
            if pays(cost, _supply(combo)):
                return combo
    return None


def _supply(essences: Iterable[Essence]) -> dict[str, int]:
    out: dict[str, int] = {}
    for kind, n in essences:
        out[kind] = out.get(kind, 0) + n
    return out


def paid(state: GameState, host: int, without: int | None = None) -> bool:
    """Whether the essences on ``host`` (less ``without``) satisfy its creation cost."""
    cards = state.cards
    return pays(
        cards[host].card.cost,
        supply(cards[c].card for c in essences_on(state, host) if c != without),
    )


# -- essences attached and returned to the pool ------------------------------------------------


def to_pool(state: GameState, cid: int) -> None:
    inst = state.cards[cid]
    state.move(cid, (inst.owner, POOL))
    data(state).paid += 1


def attach(state: GameState, essence: int, host: int) -> None:
    state.move(essence, state.cards[host].zone)
    state.cards[essence].attached_to = host
    data(state).paid += 1


# -- a cost paid from the Essence Pool ---------------------------------------------------------


def _pay_problem(
    state: GameState,
    seat: int,
    cost: Mapping[str, int],
    essences: Sequence[int],
    rule: str,
    short: str = R_UNDERPAID,
) -> str | None:
    """Why these essences do not pay ``cost``: one not in the seat's Essence Pool (``rule``
    says where a cost is paid from), one named twice, or too little (``short``: the
    creation cost's rule, or the ability cost's)."""
    cards = state.cards
    if any(cards[e].zone != (seat, POOL) or cards[e].card.type != "essence" for e in essences):
        return rule
    if len(set(essences)) != len(essences):
        twice = next(e for e in essences if essences.count(e) > 1)
        return f"{R_ESSENCE_ONCE}: {cards[twice].card.name} is named twice"
    if not pays(cost, supply(cards[e].card for e in essences)):
        return f"{short}: it needs {cost_text(cost)}"
    return None
