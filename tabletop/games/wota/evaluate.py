"""How good a War of the Arcane position is for one seat, for the greedy bot.

The Mystic Stones dominate; then each side's cards on the battlefield (Attack and Health
left, statuses as handicaps, a Unit that leaves a Token when destroyed worth part of that
Token, Units closer to the enemy Stone a little better), then cards in hand; unspent
action points in the seat's own Main Phase are worth a little, so the bot uses them when
it can. Reads only the seat's view.

A face-down enemy card (the view's stand-in ``UNKNOWN``) is valued at what it is likely to
be, from what the seat can know: every legal deck holds 30 Units, 5 Traps and one Stone;
the enemy's Traps and Units already seen face up (graveyard, battlefield) are not among the
face-down ones; while the enemy Stone is hidden it is one of them. Units may be placed face
up and Traps may not, so a face-down card is a Trap more often than the counts alone say
(``TRAP_ODDS``). The stand-in settles nothing in a look-ahead (it neither strikes back nor
falls): an attack on it, or an effect that flips it, is worth here its expected outcome
over a Trap springing, the Stone being struck and the Units it may be.
"""

from __future__ import annotations

from ...engine import HIDDEN, GameState
from .cards import COMPOSITION
from .rules import ASIDE, BESIDE, COORD, GRAVE, HAND, UNKNOWN, attack_of, data, health_of

STONE = 6.0  # per point of the Stone's health
TRAP = 2.0  # a Trap on the battlefield
WIN = 1e6
STATUS = {
    "petrified": 2.0,
    "frozen": 0.7,
    "shocked": 0.7,
    "burned": 0.5,
    "dazed": 0.4,
    "poisoned": 1.0,
    "bleeding": 0.6,
}
# Count for count, a face-down card that is not the Stone is this many times likelier a
# Trap than a Unit: Traps must be placed face down, Units mostly are not. Measured over
# greedy-vs-greedy games, 75 % of face-down non-Stone cards were Traps where the counts
# alone said 20 %; 10 says 71 % (a player who hides more Units is met half-way).
TRAP_ODDS = 10.0
# Of the Units it may be, those with a reason to be face down (a "placed face down" or
# "when revealed" ability) count this many times.
HIDE_REASON = 3.0
TOKEN_LEFT = 0.8  # the share of its Token's value a Unit that summons one when destroyed has


def _worth(card, atk: int, hp_left: int, statuses: float) -> float:
    """A Unit's value (position and a Token left aside not counted)."""
    return (
        1.0
        + atk * 1.2
        + hp_left * 0.8
        + 0.8 * bool(card.abilities)
        + 0.5 * card.first_blood
        - statuses
    )


def _penalty(counters: dict) -> float:
    return sum(w for s, w in STATUS.items() if counters.get(s)) if counters else 0.0


class _Pool:
    """What the shipped decks say a face-down card may be, worked out once per card set."""

    def __init__(self, card_set) -> None:
        cards = card_set.cards
        decks = [d for n, d in sorted(card_set.decks.items()) if n not in card_set.imported]
        self.decks = [dict(d.cards) for d in decks]
        self.cards = cards
        stones = [cards[n].health for d in decks for n in d.cards if cards[n].type == "stone"]
        self.stone = max(stones) if stones else 12
        self.tokens = {
            n: _worth(c, c.attack, c.health, 0.0) for n, c in cards.items() if c.type == "token"
        }
        # name -> (Attack, Health, First-Blood, value, effects on an attacker when revealed,
        # when attacked, Token summoned when destroyed, Token summoned when revealed), as a
        # face-down card would have them (its "placed face down" buffs taken).
        self.units: dict[str, tuple] = {}
        for n, c in cards.items():
            if c.type != "unit":
                continue
            atk, hp = c.attack, c.health
            for e in c.triggers.get("placed_down", ()):
                if e.do == "buff":
                    atk, hp = atk + e.attack, hp + e.health
            reveal = tuple(e for e in c.triggers.get("reveal", ()) if e.to == "adjacent_enemies")
            attacked = tuple(e for e in c.triggers.get("attacked", ()) if e.to == "attacker")
            dies = next(
                (e.token for e in c.triggers.get("destroyed", ()) if e.do == "summon"), None
            )
            wisp = next((e.token for e in c.triggers.get("reveal", ()) if e.do == "summon"), None)
            self.units[n] = (
                atk,
                hp,
                c.first_blood,
                _worth(c, atk, hp, 0.0),
                reveal,
                attacked,
                dies,
                wisp,
            )
        self.traps = {n: c.effects for n, c in cards.items() if c.type == "trap"}
        self.hide = {
            n: HIDE_REASON if ("placed_down" in c.triggers or "reveal" in c.triggers) else 1.0
            for n, c in cards.items()
        }
        weights = self.weights({}, "unit")
        total = sum(weights.values()) or 1.0
        self.unit_value = (
            sum(
                w * (self.units[n][3] + TOKEN_LEFT * self.tokens.get(self.units[n][6] or "", 0.0))
                for n, w in weights.items()
            )
            / total
        )

    def weights(self, seen: dict[str, int], kind: str) -> dict[str, float]:
        """How likely each card of ``kind`` is, among the shipped decks that hold every card
        seen so far (all of them if none does), less the copies seen."""
        fit = [d for d in self.decks if all(d.get(n, 0) >= k for n, k in seen.items())]
        out: dict[str, float] = {}
        for d in fit or self.decks:
            for n, k in d.items():
                if self.cards[n].type == kind and k > seen.get(n, 0):
                    out[n] = out.get(n, 0.0) + (k - seen.get(n, 0)) * (
                        self.hide[n] if kind == "unit" else 1.0
                    )
        return out


_POOLS: dict[int, _Pool] = {}


def _pool(state: GameState) -> _Pool:
    card_set = state.game.card_set()
    pool = _POOLS.get(id(card_set))
    if pool is None or pool.cards is not card_set.cards:
        pool = _POOLS[id(card_set)] = _Pool(card_set)
    return pool


def _token_left(state: GameState, inst) -> float:
    """The value of the Token a Unit summons when destroyed, if one is still set aside."""
    effects = inst.card.triggers.get("destroyed")
    if not effects:
        return 0.0
    pool = _pool(state)
    for e in effects:
        if e.do == "summon":
            for cid in state.zones[(inst.owner, ASIDE)]:
                if state.cards[cid].card.name == e.token:
                    return TOKEN_LEFT * pool.tokens.get(e.token, 0.0)
    return 0.0


def _after(state: GameState, inst, damage: int, statuses: tuple = ()) -> float:
    """A Unit's value once it has taken ``damage`` more and ``statuses``: the Token it
    summons when destroyed if that destroys it."""
    left = health_of(inst) - inst.damage - damage
    if left <= 0:
        effects = inst.card.triggers.get("destroyed", ())
        token = next((e.token for e in effects if e.do == "summon"), None)
        has = token is not None and any(
            state.cards[c].card.name == token for c in state.zones[(inst.owner, ASIDE)]
        )
        return _pool(state).tokens.get(token, 0.0) if has else 0.0
    counters = dict(inst.counters)
    for s in statuses:
        counters[s] = 1
    return _worth(inst.card, attack_of(inst), left, _penalty(counters)) + _token_left(state, inst)


def _hits(effects) -> tuple[int, tuple]:
    damage = sum(e.amount for e in effects if e.do == "damage")
    return damage, tuple(e.status for e in effects if e.do == "status")


def _versus_unit(state: GameState, att, u: tuple, dealt: int) -> float:
    """Attacker ``att`` (dealing ``dealt``) against a face-down Unit of stats ``u``: the
    attacker's value after, less the defender's (both read as by this seat)."""
    atk_u, hp_u, fb_u, value_u, reveal, attacked, dies, wisp = u
    pool = _pool(state)
    token_u = pool.tokens.get(dies or "", 0.0)
    enemy = pool.tokens.get(wisp or "", 0.0)  # a Wisp its reveal summons
    hurt, statuses = _hits(reveal)
    more, more_s = _hits(attacked)
    fb_a = att.card.first_blood
    left_a = health_of(att) - att.damage

    def fight(attacker_first: bool) -> float:
        taken = 0
        if attacker_first and fb_a and dealt >= hp_u:  # struck down before it is revealed
            return _after(state, att, 0) - token_u
        taken += hurt + more
        if taken >= left_a:
            return _after(state, att, taken) - value_u - enemy
        if attacker_first:
            if dealt >= hp_u:
                return _after(state, att, taken, statuses + more_s) - token_u - enemy
            taken += atk_u
            return (
                _after(state, att, taken, statuses + more_s) - value_u * (1 - dealt / hp_u) - enemy
            )
        taken += atk_u
        if taken >= left_a:
            return _after(state, att, taken) - value_u - enemy
        if dealt >= hp_u:
            return _after(state, att, taken, statuses + more_s) - token_u - enemy
        return _after(state, att, taken, statuses + more_s) - value_u * (1 - dealt / hp_u) - enemy

    if fb_u and fb_a:
        return 0.5 * (fight(True) + fight(False))
    return fight(not fb_u)


def _struck(
    state: GameState, seat: int, cid: int, p_stone: float, p_trap: float, seen: dict[str, int]
) -> float:
    """The expected worth (to ``seat``) of a stand-in flipped in a look-ahead: attacked (it
    marked itself) or reached by an effect; it and its attacker are not counted
    elsewhere."""
    d = data(state)
    pool = _pool(state)
    inst = state.cards[cid]
    dealt = inst.damage
    p_unit = max(0.0, 1.0 - p_stone - p_trap)
    attacker = None
    if inst.counters.get("hp"):
        near = [
            state.cards[c]
            for c in (_occupant(state, n) for n in BESIDE[d.where[cid]])
            if c is not None
        ]
        near = [i for i in near if i.owner == seat and not i.face_down and i.card.is_unit]
        attacker = next((i for i in near if attack_of(i) == dealt), near[0] if near else None)
    if attacker is None:  # an effect flipped it: a Trap is destroyed, a Unit or Stone hit
        value = p_stone * STONE * dealt
        units = pool.weights(seen, "unit")
        total = sum(units.values())
        if total and p_unit:
            lose = (
                sum(
                    w * pool.units[n][3] * max(0.0, 1 - dealt / pool.units[n][1])
                    for n, w in units.items()
                )
                / total
            )
            value -= p_unit * (lose + _penalty(inst.counters) * 0.5)
        return value
    now = _after(state, attacker, 0)
    value = 0.0
    if p_stone:
        value += p_stone * (WIN if dealt >= pool.stone else STONE * dealt + now)
    if p_trap:
        traps = pool.weights(seen, "trap")
        total = sum(traps.values())
        if total:
            for n, w in traps.items():
                damage, statuses = _hits(pool.traps[n])
                summoned = sum(
                    pool.tokens.get(e.token, 0.0) for e in pool.traps[n] if e.do == "summon"
                )
                value += p_trap * w / total * (_after(state, attacker, damage, statuses) - summoned)
        else:
            value += p_trap * now
    if p_unit:
        units = pool.weights(seen, "unit")
        total = sum(units.values())
        if total:
            for n, w in units.items():
                value += p_unit * w / total * _versus_unit(state, attacker, pool.units[n], dealt)
        else:
            value += p_unit * now
    return value - now  # its place on the battlefield stays counted


def _occupant(state: GameState, sq: str) -> int | None:
    ids = state.zones[(None, sq)]
    return ids[0] if ids else None


def _score_unit(state: GameState, inst, seat: int, target) -> float:
    card = inst.card
    value = 1.0 + attack_of(inst) * 1.2 + (health_of(inst) - inst.damage) * 0.8
    value += 0.5 * card.first_blood
    if card.abilities:
        value += 0.8
        if "destroyed" in card.triggers:
            value += _token_left(state, inst)
    if inst.counters:
        value -= _penalty(inst.counters)
    if inst.owner == seat and target is not None and not inst.face_down:
        c, r = COORD[state.data.where[inst.id]]
        value += 0.25 * (4 - max(abs(c - target[0]), abs(r - target[1])))
    return value


def evaluate(state: GameState, seat: int) -> float:
    if state.over:
        return WIN if seat in state.winners else -WIN
    d = data(state)
    cards = state.cards
    score = 0.0
    enemy = 1 - seat
    enemy_stone = d.stones[enemy]
    # Where the enemy Stone is, if this seat knows and it is on the battlefield (not
    # still in its owner's hand at the setup); else its back rank's middle.
    back = (2, 4 if seat == 0 else 0)
    target = COORD.get(cards[enemy_stone].zone[1], back) if enemy_stone >= 0 else back
    for s in (0, 1):
        sign = 1.0 if s == seat else -1.0
        score += sign * 0.6 * len(state.zones[(s, HAND)])
        if d.stones[s] < 0:
            continue  # a face-down enemy Stone: counted below, at its full Health
        stone = cards[d.stones[s]]
        if stone.zone[1] == GRAVE:
            return -WIN * sign
        score += sign * STONE * (health_of(stone) - stone.damage)
    hidden = 0
    struck: list[int] = []
    seen_traps = seen_units = 0
    for cid in d.where:
        inst = cards[cid]
        card = inst.card
        mine = inst.owner == seat
        if card is UNKNOWN or card is HIDDEN:
            if inst.face_down or card is HIDDEN:
                hidden += 1
            else:
                struck.append(cid)
            continue
        kind = card.type
        if kind == "stone":
            continue
        if kind == "trap":
            score += TRAP if mine else -TRAP
            seen_traps += not mine and not inst.face_down
            continue
        if not mine and not inst.face_down and kind == "unit":
            seen_units += 1
        value = _score_unit(state, inst, seat, target)
        score += value if mine else -value
    if hidden or struck:
        pool = _pool(state)
        stone_hidden = enemy_stone < 0
        if stone_hidden:
            score -= STONE * pool.stone
        seen: dict[str, int] = {}
        if struck:
            for cid in d.where:
                inst = cards[cid]
                if (
                    inst.owner == enemy
                    and inst.known
                    and inst.card is not UNKNOWN
                    and inst.card.type != "token"
                ):
                    seen[inst.card.name] = seen.get(inst.card.name, 0) + 1
        for cid in state.zones[(enemy, GRAVE)]:
            card = cards[cid].card
            seen_traps += card.type == "trap"
            seen_units += card.type == "unit"
            if struck:
                seen[card.name] = seen.get(card.name, 0) + 1
        face_down = hidden + len(struck)
        p_stone = stone_hidden / face_down
        traps = max(0, COMPOSITION["trap"] - seen_traps)
        units = max(0, COMPOSITION["unit"] - seen_units)
        others = face_down - stone_hidden
        p_trap = 0.0
        if others > 0 and traps:
            p_trap = min(traps * TRAP_ODDS / (traps * TRAP_ODDS + units), traps / others)
            p_trap *= others / face_down
        p_unit = 1.0 - p_stone - p_trap
        score -= hidden * (p_trap * TRAP + p_unit * pool.unit_value)
        for cid in struck:
            score += _struck(state, seat, cid, p_stone, p_trap, seen)
    if state.phase == "main" and state.active == seat:
        score += 0.3 * d.ap
    return score
