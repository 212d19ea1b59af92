"""ARC-mage's combat: which creatures may and must attack, which may defend, the steps of
combat (first strike, then the rest), the battle between an attacker and its defenders
(lethal damage, how it is split, overrun to the city), and the end of the attack."""

from __future__ import annotations

from collections.abc import Sequence

from ....engine import Event, Events, GameState, enter_phase, open_window
from ....engine import abilities as ab
from ..abilities import RABIES
from . import teams
from .damage import damage
from .gamedata import Combat
from .keywords import (
    _passives,
    _reaches,
    attack_of,
    attack_tax,
    blocking_forbidden_by,
    defense_of,
    forbidden,
    forbidden_against,
    has,
    immune,
    statics,
)
from .lifecycle import check_deaths, mark, unmark
from .stack import start_round
from .state import ARMY, card_of, cities, data, in_play, is_creature, name, residents, who
from .triggers import queue, queue_when

# -- combat --------------------------------------------------------------------------------------


def may_attack(state: GameState, cid: int) -> bool:
    """Neither Peaceful nor forbidden to attack by a "cannot"."""
    return not has(state, cid, "peaceful") and not forbidden(state, cid, "attack")


def _attackers(state: GameState, seat: int) -> list[int]:
    cards = state.cards
    army = [
        c
        for c in state.zones[(seat, ARMY)]
        if is_creature(cards[c]) and not cards[c].turned and may_attack(state, c)
    ]
    return army + [c for c in sortie(state, seat) if not cards[c].turned and may_attack(state, c)]


def sortie(state: GameState, seat: int) -> list[int]:
    """The seat's residents of its own cities that a card lets attack from there ("My
    residents may attack during combat": the keyword sortie)."""
    if "sortie" not in _passives(state)[6]:  # no passive in play speaks of it
        return []
    cards = state.cards
    return [
        r
        for city in cities(state, seat)
        for r in residents(state, city)
        if cards[r].owner == seat and has(state, r, "sortie")
    ]


def may_attack_from(state: GameState, cid: int, seat: int) -> bool:
    """Whether the creature attacks for ``seat`` from where it is: its army, or one of the
    seat's cities with sortie."""
    inst = state.cards[cid]
    if inst.zone == (seat, ARMY):
        return True
    return inst.owner == seat and cid in sortie(state, seat)


def _enemy_cities(state: GameState, seat: int) -> list[int]:
    """The cities the seat may attack: its opponents' (a team-mate's are not)."""
    return [c for s in teams.opponents(state, seat) for c in cities(state, s)]


def militia_again(state: GameState, seat: int) -> bool:
    """Whether the seat may declare a second attack this Attack phase: Aminduna's overlord,
    whose army has Militia, on a second city (ruling 82)."""
    d = data(state)
    return teams.is_overlord(state, seat) and len(d.militia) == 1 and d.combat is None


def compelled(state: GameState, seat: int) -> tuple[int, ...]:
    """The seat's unmarked army creatures a card says must attack ("All unmarked Soldiers
    in your army must attack during your combat phase"), and those with rabies ("must
    attack each turn if able", ruling 76); not one whose attack would cost its player
    (nobody is made to pay to attack, ruling 67)."""
    musts = [(src, e) for src, e, _ in statics(state, "compel") if state.cards[src].owner == seat]
    cards = state.cards
    return tuple(
        c
        for c in _attackers(state, seat)
        if (
            cards[c].counters.get(RABIES)
            or any(_reaches(state, src, e.to, e.subtype, c, None, e.having) for src, e in musts)
        )
        and not attack_tax(state, (c,))[0]
    )


def _can_block(state: GameState, blocker: int, attacker: int) -> bool:
    if state.lasting and (
        forbidden(state, blocker, "block") or forbidden(state, attacker, "be_blocked")
    ):
        return False  # "Target creature cannot block this turn"
    if has(state, attacker, "flying") and not (
        has(state, blocker, "flying") or has(state, blocker, "ranged")
    ):
        return False
    if forbidden_against(state, blocker, "block", attacker):
        return False
    if not state.lasting and forbidden(state, blocker, "block"):
        return False  # "I cannot block.", "Enchanted creature can't defend."
    return blocking_forbidden_by(state, attacker, blocker) is None


def _defenders(state: GameState, c: Combat) -> list[int]:
    """The creatures that may defend the attacked city: its owner's army (and, in a team
    format, every team-mate's: "creatures from all team players' armies may defend"), its
    owner's residents of it, and of another city that lets them help."""
    owner = state.cards[c.city].owner
    cards = state.cards
    pool = [
        x
        for s in (owner, *teams.mates(state, owner))
        for x in state.zones[(s, ARMY)]
        if is_creature(cards[x])
    ]
    if state.lasting and not ab.permitted(state, c.city, "army_defense"):
        pool = []  # "target army cannot defend target city" (ruling 75)
    pool += [r for r in residents(state, c.city) if cards[r].owner == owner]
    for city in cities(state, owner):  # "can help defend another city you control"
        if city != c.city and state.lasting and ab.permitted(state, city, "aid", False):
            pool += [r for r in residents(state, city) if cards[r].owner == owner]
    return [x for x in pool if not cards[x].turned]


def _attack_triggers(state: GameState, attacker: int, c: Combat) -> None:
    """An attacker's "When I attack" abilities, about the city it attacks; one "where
    Little Brother is" only if a creature of that name lives there."""
    for i, a in enumerate(card_of(state, attacker).abilities):
        if a.when != "attack":
            continue
        if a.condition.startswith("there:") and not any(
            state.cards[r].card.name == a.condition[6:] for r in residents(state, c.city)
        ):
            continue
        queue(state, attacker, i, c.seat, c.city if a.target == "none" else -1)


def step_combat(state: GameState, events: Events) -> bool:
    """Take combat one step on; False when a seat must decide now."""
    d = data(state)
    c = d.combat
    cards = state.cards
    if c.stage == "declared":
        # I. After the events: mark the declared attackers still able to attack (alive,
        # unmarked, and not made unable to attack meanwhile).
        alive = []
        for a in c.attackers:
            inst = cards[a]
            if may_attack_from(state, a, c.seat) and not inst.turned and may_attack(state, a):
                alive.append(a)
                if not has(state, a, "veteran"):
                    mark(state, a, events, " (attacking)")
        c.attackers = tuple(alive)
        d.attacked = d.attacked | set(alive)
        d.fought = d.fought | set(alive)
        if not alive or not in_play(state, c.city):
            events.append(Event("info", "The attack is over before it began", seat=c.seat))
            d.combat = None
            if state.phase == "attack":
                enter_phase(state, "play2", events)
            return True
        for a in alive:
            _attack_triggers(state, a, c)
        c.stage = "block"
        return True
    if c.stage == "block":
        c.stage = "blocking"
        if not in_play(state, c.city):
            c.stage = "battle"
            return True
        owner = state.cards[c.city].owner
        open_window(state, owner, "block", events)
        return False
    if c.stage == "blocked":
        c.stage = "battle"
        for b, a in c.blocks.items():  # "when blocking creatures without flying"
            for i, ab in enumerate(card_of(state, b).abilities):
                if (
                    ab.when == "block"
                    and in_play(state, b)
                    and in_play(state, a)
                    and not has(state, a, ab.condition.partition(":")[2])
                ):
                    queue(state, b, i, state.cards[b].owner)
        for a in c.attackers:  # "creatures defending against me get -1/-1"
            if c.blockers(a) and in_play(state, a):
                queue_when(state, a, "blocked", c.seat)
        start_round(state, c.seat)
        return True
    if c.stage == "battle":
        while c.index < len(c.attackers):
            a = c.attackers[c.index]
            if not in_play(state, a):
                c.index += 1
                continue
            blockers = [b for b in c.blockers(a) if in_play(state, b)]
            if (
                len(blockers) > 1
                and a not in c.splits
                and attack_of(state, a) > 0
                and not has(state, a, "overrun")
            ):
                open_window(state, c.seat, "split", events, data=(a,))
                return False
            battle(state, a, blockers, events)
            c.index += 1
            if state.over:
                return False
            if d.pending:
                return True  # a death to prevent, a "whenever I deal damage" first
        d.combat = None
        events.append(Event("info", "Combat is over", seat=c.seat))
        if state.phase == "attack":
            _after_combat(state, events)
        return True
    return True


def _after_combat(state: GameState, events: Events) -> None:
    """Only one attack is allowed — unless a card gives a second combat phase ("unmark all
    creatures in your army and have a second combat phase")."""
    d = data(state)
    if d.extra_combats:
        d.extra_combats -= 1
        seat = state.active
        for cid in state.zones[(seat, ARMY)]:
            if is_creature(state.cards[cid]):
                unmark(state, cid, events)
        d.attacked = frozenset()
        events.append(
            Event(
                "phase", f"{who(state, seat)}: a second combat phase", seat=seat, value=("attack",)
            )
        )
        if _attackers(state, seat) and _enemy_cities(state, seat):
            return
    if militia_again(state, state.active) and _attackers(state, state.active):
        others = [c for c in _enemy_cities(state, state.active) if c not in d.militia]
        if others:  # the overlord's Militia: a second city may be attacked now
            return
    enter_phase(state, "play2", events)


def lethal(state: GameState, by: int, cid: int) -> int:
    """Damage ``by`` needs to deal to kill ``cid``."""
    if has(state, cid, "sanctuary"):
        return 0
    left = defense_of(state, cid) - state.cards[cid].damage
    return 1 if has(state, by, "deadly") and not immune(state, cid, "deadly") else max(1, left)


def split_of(state: GameState, a: int, blockers: list[int]) -> dict[int, int]:
    """How attacker ``a`` divides its ATK: as chosen, or all on a lone blocker; with
    overrun, lethal damage to each blocker in order and the surplus to the city."""
    c = data(state).combat
    atk = attack_of(state, a)
    chosen = c.splits.get(a) if c is not None else None
    if chosen:
        return {b: n for b, n in chosen if b in blockers}
    if len(blockers) == 1 and not has(state, a, "overrun"):
        return {blockers[0]: atk}
    out: dict[int, int] = {}
    left = atk
    for b in blockers:
        n = min(left, lethal(state, a, b))
        out[b] = n
        left -= n
    if left and blockers and not has(state, a, "overrun"):
        out[blockers[-1]] += left
    return out


def battle(state: GameState, a: int, blockers: list[int], events: Events) -> None:
    """One attacker against its defenders, damage simultaneous within each strike: first
    strikers first (a creature killed by them does not strike back), then the rest."""
    c = data(state).combat
    city = c.city
    if not blockers:
        atk = attack_of(state, a)
        if a in c.blocked and not has(state, a, "overrun"):
            # "the amount of unblocked damage is not carried over to the city (even when
            # the defender dies)"
            events.append(
                Event(
                    "info",
                    f"{name(state, a)} was blocked: no damage reaches {name(state, city)}",
                    seat=c.seat,
                    cards=(a, city),
                )
            )
            return
        if atk and in_play(state, city):
            events.append(
                Event(
                    "strike",
                    f"{name(state, a)} deals {atk} to {name(state, city)}",
                    seat=c.seat,
                    cards=(a, city),
                    value=(atk,),
                )
            )
            damage(state, city, atk, events, source=a)
        return
    split = split_of(state, a, blockers)
    surplus = attack_of(state, a) - sum(split.values()) if has(state, a, "overrun") else 0
    fighters = [a, *blockers]
    first = [f for f in fighters if has(state, f, "first_strike")]
    rounds = (
        [first, [f for f in fighters if f not in first]]
        if first and len(first) < len(fighters)
        else [fighters]
    )
    for strikers in rounds:
        hits: list[tuple[int, int, int]] = []
        for f in strikers:
            if not in_play(state, f) or state.cards[f].damage >= defense_of(state, f):
                continue
            if f == a:
                for b, n in split.items():
                    hits.append((a, b, n))
            else:
                hits.append((f, a, attack_of(state, f)))
        # simultaneous: work out the damage, then see who died
        for by, at, n in hits:
            if n > 0 and in_play(state, at):
                events.append(
                    Event(
                        "strike",
                        f"{name(state, by)} deals {n} to {name(state, at)}",
                        seat=state.cards[by].owner,
                        cards=(by, at),
                        value=(n,),
                    )
                )
                damage(state, at, n, events, source=by, now=False)
        check_deaths(state, events)  # the fighters, and a bodyguard that took their damage
    if surplus > 0 and in_play(state, city):
        events.append(
            Event(
                "strike",
                f"{name(state, a)} overruns: {surplus} to {name(state, city)}",
                seat=c.seat,
                cards=(a, city),
                value=(surplus,),
            )
        )
        damage(state, city, surplus, events, source=a)


def splits(state: GameState, a: int, blockers: Sequence[int]) -> list[tuple[int, ...]]:
    """Sensible ways to divide ``a``'s ATK among ``blockers``: for each order, lethal damage
    to each in turn, the rest on the last; deduplicated."""
    from itertools import islice, permutations

    atk = attack_of(state, a)
    need = [lethal(state, a, b) for b in blockers]
    seen: list[tuple[int, ...]] = []
    for order in islice(permutations(range(len(blockers))), 120):
        left = atk
        amounts = [0] * len(blockers)
        for i in order:
            n = min(left, need[i])
            amounts[i] = n
            left -= n
        amounts[order[-1]] += left
        t = tuple(amounts)
        if t not in seen:
            seen.append(t)
        if len(seen) >= 12:
            break
    return seen
