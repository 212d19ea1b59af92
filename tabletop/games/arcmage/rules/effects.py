"""What ARC-mage card texts do: paying an ability's cost, the groups its effects reach, and
the effects resolved (damage, draw, boosts, moves, steals, counters...). Who an ability may
aim at is in ``targets``; the few effects the grammar does not compose, in ``specials``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....engine import Event, Events, GameState, naming
from ....engine import abilities as ab
from ....engine.abilities import CAN, CANNOT, Modifier
from ..abilities import FORBIDS
from ..vocabulary import kinds_words
from .damage import add_counters, damage, dealer, shield, spared
from .keywords import IMMUNE, KEYWORD, _reaches, amount_of, is_type, strength
from .lifecycle import (
    check_deaths,
    counter_spell,
    destroy_city,
    disguise,
    kill,
    leave_play,
    mark,
    sacrifice,
    unmark,
)
from .paying import _price, pay, produce
from .specials import _resolve_special, _save, make_tokens, owe, sacrifice_resources
from .state import (
    DECK,
    GRAVE,
    HAND,
    OFFER,
    REMOVED,
    SACRIFICE,
    all_creatures,
    because,
    card_of,
    cities,
    creatures,
    data,
    enchantments,
    exile_kind,
    home,
    in_play,
    is_city,
    is_creature,
    name,
    playing,
    relocate_kind,
    resource_count,
    steal_kind,
    swap_kind,
    who,
)
from .triggers import origin
from .zones import discard, draw, give_back, mill, relocate, show_resources

# -- effects ---------------------------------------------------------------------------------------


def _pay_ability(
    state: GameState, seat: int, source: int, ability: Any, paid: Sequence[int], events: Events
) -> None:
    """Pay an ability's costs besides marking its card: the cards its player chose
    (``paid``) are discarded, sacrificed, lose defense (ruling 91: damage from no card, as
    ruling 79) or are marked."""
    for c in paid:
        why = f" (for {name(state, source)})"
        if ability.cost_discard:
            discard(state, seat, c, events, why)
        elif ability.cost_sacrifice:
            sacrifice(state, c, events, why)
        elif ability.cost_defense:
            events.append(
                Event(
                    "info",
                    f"{name(state, c)} loses {ability.cost_defense} defense{why}",
                    seat=seat,
                    cards=(c,),
                )
            )
            damage(state, c, ability.cost_defense, events)
            check_deaths(state, events)
        else:
            mark(state, c, events, why)
    if ability.cost_resources:
        sacrifice_resources(state, seat, ability.cost_resources, events)
    price = _price(state, ability) + ability.cost_power
    if price:
        pay(state, seat, price, 0, "none", events)
    inst = state.cards[source]
    if ability.cost_counters:
        inst.counters[ability.cost_counter] -= ability.cost_counters
        left = inst.counters[ability.cost_counter]
        if not left:
            del inst.counters[ability.cost_counter]
        events.append(
            Event(
                "info",
                f"{name(state, inst.id)}: {ability.cost_counters} {ability.cost_counter} "
                f"counter{'s' * (ability.cost_counters > 1)} removed ({left} left)",
                seat=seat,
                cards=(source,),
            )
        )
    if ability.cost_shrink:
        n = ability.cost_shrink
        inst.counters["atk"] = inst.counters.get("atk", 0) - n
        inst.counters["def"] = inst.counters.get("def", 0) - n
        events.append(
            Event(
                "buff",
                f"{name(state, inst.id)} gets {-n:+d}/{-n:+d} as counters (to pay)",
                seat=seat,
                cards=(source,),
                value=(-n, -n),
            )
        )
    if ability.cost_put:
        put = add_counters(state, source, ability.cost_put, 1)
        events.append(
            Event(
                "info",
                f"{name(state, inst.id)} gets {put} {ability.cost_put} "
                f"counter{'s' * (put > 1)} (to pay)",
                seat=seat,
                cards=(source,),
            )
        )
    if ability.cost_self and in_play(state, source):
        leave_play(
            state, source, REMOVED, events, f"{who(state, seat)} sacrifices {name(state, source)}"
        )


def _group(
    state: GameState,
    source: int,
    e: Any,
    targets: Sequence[int],
    seat: int,
    paid: Sequence[int] = (),
) -> list[int]:
    """The cards an effect reaches."""
    who_ = e.to
    if who_ == "target":
        return [t for t in targets if in_play(state, t)]
    if who_ == "self":
        return [source] if in_play(state, source) else []
    if who_ == "paid":
        return [c for c in (source, *paid) if in_play(state, c)]
    if who_ == "home":
        h = home(state, source)  # a city is its own
        return [h] if h is not None else []
    if who_ in ("your_cities", "all_cities"):  # of the kinds named ("each Gaian city")
        seats = [seat] if who_ == "your_cities" else range(state.seats)
        return [
            c
            for s in seats
            for c in cities(state, s)
            if not e.subtype or is_type(card_of(state, c), e.subtype)
        ]
    if who_ == "other_cities":
        return [c for c in cities(state, seat) if c not in targets]
    if who_ == "all_enchantments":
        return enchantments(state)
    # the creatures: the one selector a passive effect uses too (``keywords._reaches``)
    anchor = source if is_city(state.cards[source]) else None
    return [
        cid
        for cid in all_creatures(state)
        if _reaches(state, source, who_, e.subtype, cid, anchor, e.having)
    ]


def _until(state: GameState, e: Any, seat: int) -> tuple[str, str]:
    """How long a one-off forbid or shield lasts, and its words: until end of turn, or
    until its player's next turn begins (ruling 95)."""
    if e.until == "next_turn":
        return ab.NEXT_TURN, f"until {who(state, seat)}'s next turn"
    return ab.TURN, "this turn"


def _players(state: GameState, seat: int, who_: str, player: int | None = None) -> list[int]:
    """The players an effect on players reaches: the player the ability targets
    (``target``, when it targets one: ``player``), ``seat`` (the card's controller), or
    each player (``each_player``) or each opponent (``each_opponent``) still playing, in
    turn order from ``seat``."""
    if who_ == "target" and player is not None:
        return [player] if player in playing(state) else []
    if who_ not in ("each_player", "each_opponent"):
        return [seat]
    order = [(seat + k) % state.seats for k in range(state.seats)]
    alive = playing(state)
    return [s for s in order if s in alive and (who_ == "each_player" or s != seat)]


def _holds(e: Any, state: GameState, seat: int) -> bool:
    """An effect's ``only_if``: "control:Flower" — the seat controls one."""
    if e.only_if.startswith("control:"):
        return any(is_type(card_of(state, c), e.only_if[8:]) for c in creatures(state, seat))
    return True


def resolve_effects(
    state: GameState,
    source: int,
    effects: Sequence[Any],
    seat: int,
    target: int | Sequence[int] | None,
    events: Events,
    x: int = 0,
    paid: Sequence[int] = (),
    player: int | None = None,
) -> None:
    """Resolve effects of ``source`` for ``seat`` (its controller), in order, on the
    ability's targets (one card, several, or none, or the seat of the ``player`` it
    targets) and, for "paid", the cards marked to pay for it."""
    if target is None:
        targets: tuple[int, ...] = ()
    elif isinstance(target, int):
        targets = (target,) if target >= 0 else ()
    else:
        targets = tuple(target)
    sacrificed = 0  # by a ``sacrifice_all`` of these effects, for ``per`` "sacrificed"
    for e in effects:
        if state.over:
            return
        if not _holds(e, state, seat):
            continue
        if e.per == "sacrificed":
            if not sacrificed:
                continue
            e = e.model_copy(update={"amount": e.amount * sacrificed, "per": ""})
        if e.count or e.per == "x":  # an amount the text defines, worked out as it resolves
            n = amount_of(state, source, e, x)
            if e.do == "boost":
                e = e.model_copy(update={"attack": e.attack * n, "defense": e.defense * n})
            else:
                e = e.model_copy(update={"amount": n, "per": "", "minus": 0})
            if not n:
                continue
            e = e.model_copy(update={"count": ""})
        if e.do == "sacrifice_all":
            for t in _group(state, source, e, targets, seat, paid):
                if in_play(state, t) and is_creature(state.cards[t]):
                    sacrifice(state, t, events, because(state, source))
                    sacrificed += 1
            continue
        if e.to == "about":  # "that city": the card the trigger is about
            if not targets:
                continue
            e = e.model_copy(update={"to": "target"})
        to, aim = e.to, player  # the players an effect on players reaches (``_players``)
        if to == "about_owner":  # "that city's owner": of the card the trigger is about
            if not targets:
                continue
            to, aim = "target", state.cards[targets[0]].owner
        if e.do == "look":  # the card's player alone sees the cards
            for s in _players(state, seat, to, aim):
                top = tuple(state.zones[(s, DECK)][: e.amount])  # the top card first
                whose = "their own" if s == seat else f"{who(state, s)}'s"
                said = ", ".join(name(state, c) for c in top) or "nothing"
                n = f"top {len(top)} cards" if len(top) > 1 else "top card"
                events.append(
                    Event(
                        "info",
                        f"{who(state, seat)} looks at the {n} of {whose} deck: {said}",
                        seat=seat,
                        cards=(source,),
                        secret=f"{who(state, seat)} looks at the {n} of {whose} deck",
                        seen_by=frozenset({seat}),
                        reveals=top,
                    )
                )
            continue
        if e.do == "reveal_random":  # chosen by the table's dice, seen by everyone
            for s in _players(state, seat, to, aim):
                hand = list(state.zones[(s, HAND)])
                shown = []
                for _ in range(min(e.amount, len(hand))):
                    shown.append(hand.pop(state.rng.randint(0, len(hand) - 1)))
                said = ", ".join(name(state, c) for c in shown) or "no card (an empty hand)"
                events.append(
                    Event.told(
                        "info",
                        f"{who(state, s)} reveals {said} at random" + because(state, source),
                        seat=s,
                        cards=(source,),
                        reveals=tuple(shown),
                    )
                )
            continue
        if e.do == "no_draw":
            d = data(state)
            for s in _players(state, seat, to, aim):
                d.no_draw = d.no_draw | {s}
                events.append(
                    Event.told(
                        "info",
                        f"{who(state, s)} can't draw cards this turn" + because(state, source),
                        seat=s,
                        cards=(source,),
                    )
                )
            continue
        if e.do == "draw" and e.may:  # each player reached chooses (ruling 101)
            for s in _players(state, seat, to, aim):
                owe(state, s, f"{OFFER}draw", e.amount, source)
            continue
        if e.do in ("draw", "mill"):
            for s in _players(state, seat, to, aim):
                (draw if e.do == "draw" else mill)(state, s, e.amount, events)
            continue
        if e.do == "discard":
            for s in _players(state, seat, to, aim):
                owe(state, s, "either" if e.or_sacrifice else "discard", e.amount, source)
            continue
        if e.do == "exile":  # the card's controller chooses which (ruling 53)
            n = e.amount
            for s in _players(state, seat, to, aim):
                owe(state, seat, exile_kind(s, e.subtype), n, source)
            continue
        if e.do == "steal":  # the thief chooses the piles (ruling 55)
            for s in _players(state, seat, to, aim):
                if s != seat:
                    owe(state, seat, steal_kind(s), e.amount, source)
            continue
        if e.do == "show_resources":
            show_resources(state, seat, source, events)
            continue
        if e.do == "swap":  # the player chooses which, once the card has resolved (ruling 61)
            owe(state, seat, swap_kind(seat, e.subtype), 1, source)
            continue
        if e.do == "give_back":
            give_back(state, source, events)
            continue
        if e.do == "prevent" and not e.dealt:  # a shield for the rest of the turn (ruling 59)
            shield(state, source, source, e)
            events.append(
                Event.told(
                    "info",
                    naming(state, source) + f": all damage {kinds_words(e.subtype)} cards "
                    "deal this turn is prevented",
                    seat=seat,
                    cards=(source,),
                )
            )
            continue
        if e.do == "draw_limit":  # one-off: their next Draw & Resource phase
            caps = data(state).caps
            for s in _players(state, seat, to, aim):
                cap = caps.get(s)
                if cap is None or e.amount < cap[0]:
                    caps[s] = (e.amount, source)
                cards_ = f"{e.amount} card{'s' * (e.amount > 1)}"
                events.append(
                    Event.told(
                        "info",
                        f"{who(state, s)} can only draw {cards_} in their next Draw & "
                        "Resource phase" + because(state, source),
                        seat=s,
                        cards=(source,),
                    )
                )
            continue
        if e.do == "sacrifice_card":  # each player reached chooses which (ruling 46)
            for s in _players(state, seat, to, aim):
                owe(state, s, SACRIFICE + e.subtype, e.amount, source)
            continue
        if e.do == "sacrifice" and to != "self":  # "each opponent sacrifices a resource card"
            for s in _players(state, seat, to, aim):
                _resolve_special(state, source, e, s, targets, events)
            continue
        n = e.amount
        if e.per == "counters":  # "for each fire counter on me"
            n *= state.cards[source].counters.get(e.keyword, 0)
        if e.do == "damage" and (
            to in ("each_player", "each_opponent") or (to == "target" and aim is not None)
        ):
            for s in _players(state, seat, to, aim):
                each = n * resource_count(state, s) if e.per == "resources" else n
                if each:
                    owe(
                        state, s, "damage_or_resource" if e.or_sacrifice else "damage", each, source
                    )
            continue
        if e.do == "produce":
            produce(state, seat, e.faction, e.amount, events)
            continue
        if e.do == "token":
            if e.to in ("your_cities", "other_cities"):  # into each (other) city you control
                here = home(state, source)  # a city is its own
                for city in cities(state, seat):
                    if e.to == "your_cities" or city != here:
                        make_tokens(state, city, seat, e.card, e.amount, events, True, e.marked)
            elif e.to == "target" and targets:  # into the target city
                make_tokens(state, targets[0], seat, e.card, e.amount, events, True, e.marked)
            else:  # the army ("target city or army": the army chosen), or the card's city
                make_tokens(state, source, seat, e.card, e.amount, events, e.to == "home", e.marked)
            continue
        if e.do == "cancel":  # the spell does not resolve (ruling 99)
            for t in targets:
                counter_spell(state, t, events, because(state, source))
            continue
        if e.do in ("put", "reveal", "muster", "sacrifice", "extra_combat", "vengeance"):
            _resolve_special(state, source, e, seat, targets, events)
            continue
        for t in _group(state, source, e, targets, seat, paid):
            if not in_play(state, t):
                continue
            inst = state.cards[t]
            if e.do == "damage":
                if n:
                    damage(state, t, n, events, dealer(state, source), by=source)
            elif e.do == "boost":
                times = 1
                if e.per == "dealt":  # for each damage the target dealt the previous turn
                    aimed = targets[0] if targets else None
                    times = state.cards[aimed].counters.get("dealt_last", 0) if aimed else 0
                    if not times:
                        continue
                a, d_ = e.attack * times, e.defense * times
                if e.lasting:  # counters, for good
                    if a:
                        inst.counters["atk"] = inst.counters.get("atk", 0) + a
                    if d_:
                        inst.counters["def"] = inst.counters.get("def", 0) + d_
                else:
                    if e.attack:
                        ab.add(state, Modifier(t, "atk", e.attack, source))
                    if e.defense:
                        ab.add(state, Modifier(t, "def", e.defense, source))
                how = " as counters" if e.lasting else " until end of turn"
                events.append(
                    Event(
                        "buff",
                        f"{name(state, inst.id)} gets {a:+d}/{d_:+d}{how}",
                        seat=inst.owner,
                        cards=(t,),
                        value=(a, d_),
                    )
                )
            elif e.do == "set_stats":
                if is_creature(inst):
                    ab.add(state, Modifier(t, "set_atk", e.attack, source))
                    ab.add(state, Modifier(t, "set_def", e.defense, source))
                    events.append(
                        Event(
                            "buff",
                            f"{name(state, inst.id)} is {e.attack}/{e.defense} until end of turn",
                            seat=inst.owner,
                            cards=(t,),
                        )
                    )
            elif e.do == "fortify":
                if is_city(inst):
                    inst.counters["def"] = inst.counters.get("def", 0) + e.amount
                    events.append(
                        Event(
                            "buff",
                            f"{name(state, inst.id)} gains {e.amount} defense "
                            f"({strength(state, t)})",
                            seat=inst.owner,
                            cards=(t,),
                            value=(0, e.amount),
                        )
                    )
            elif e.do == "destroy" and e.at_end:
                if is_creature(inst):
                    inst.counters["doomed"] = 1
                    events.append(
                        Event(
                            "info",
                            f"{name(state, inst.id)} goes to the graveyard at the end of the turn",
                            seat=inst.owner,
                            cards=(t,),
                        )
                    )
            elif e.do == "relocate" and e.into == "home":  # along with the card (ruling 94)
                there = home(state, source)  # its city, or its army (None)
                to = there if there is not None else t
                if is_creature(inst) and in_play(state, source) and origin(state, t) != to:
                    relocate(state, t, to, source, events)
            elif e.do == "relocate":  # its player chooses where (ruling 78)
                if is_creature(inst):
                    owe(state, seat, relocate_kind(t, e.into != "city"), 1, source)
            elif e.do == "destroy":
                if is_creature(inst):
                    if not spared(state, t, events):
                        kill(state, t, events)
                elif inst.card.type == "enchantment":
                    leave_play(state, t, GRAVE, events, f"{name(state, inst.id)} is destroyed")
            elif e.do == "add_type":  # until it leaves play (ruling 100)
                if is_creature(inst) and not is_type(inst.card, e.keyword):
                    card = inst.card
                    disguise(
                        state, t, card.model_copy(update={"subtypes": (*card.subtypes, e.keyword)})
                    )
                    events.append(
                        Event.told(
                            "buff",
                            f"{name(state, t)} is also of the type {e.keyword}"
                            + because(state, source),
                            seat=inst.owner,
                            cards=(t,),
                        )
                    )
            elif e.do == "bounce":
                if is_creature(inst) or inst.card.type == "enchantment":
                    whose = who(state, inst.owner)
                    top = e.into == "top"
                    leave_play(
                        state,
                        t,
                        DECK if top else HAND,
                        events,
                        f"{name(state, inst.id)} returns to the top of {whose}'s deck"
                        if top
                        else f"{name(state, inst.id)} returns to {whose}'s hand",
                        top=top,
                    )
            elif e.do == "unmark":
                unmark(state, t, events)
            elif e.do == "mark":
                # the root that marks its own creature as it arrives adds no counter
                mark(
                    state,
                    t,
                    events,
                    grow=inst.attached_to != source and state.cards[source].attached_to != t,
                )
            elif e.do == "grant":
                until = ab.UNTIL_TURNED if e.until == "marked" else ab.TURN
                ab.add(state, Modifier(t, KEYWORD + e.keyword, CAN, source, until))
                events.append(
                    Event(
                        "buff",
                        f"{name(state, inst.id)} has {e.keyword.replace('_', ' ')} "
                        + ("until it is marked" if e.until == "marked" else "until end of turn"),
                        seat=inst.owner,
                        cards=(t,),
                    )
                )
            elif e.do == "forbid":
                until, till = _until(state, e, seat)
                ab.add(state, Modifier(t, e.keyword, CANNOT, source, until, seat=seat))
                events.append(
                    Event(
                        "buff",
                        f"{name(state, inst.id)} {FORBIDS[e.keyword]} {till}",
                        seat=inst.owner,
                        cards=(t,),
                    )
                )
            elif e.do == "prevent":  # a shield on each card reached (ruling 96)
                until, till = _until(state, e, seat)
                shield(state, t, source, e, until, seat)
                points = f"the next {e.amount}" if e.amount else "all"
                combat = " combat" if e.combat else ""
                side = "to" if e.dealt == "to" else "by"
                events.append(
                    Event(
                        "buff",
                        f"{points}{combat} damage dealt {side} {name(state, inst.id)} "
                        f"is prevented {till}",
                        seat=inst.owner,
                        cards=(t,),
                    )
                )
            elif e.do == "immune":
                ab.add(state, Modifier(t, IMMUNE + e.keyword, CAN, source))
                events.append(
                    Event(
                        "buff",
                        f"{name(state, inst.id)} is immune to "
                        f"{e.keyword.replace('_', ' ')} this turn",
                        seat=inst.owner,
                        cards=(t,),
                    )
                )
            elif e.do == "lose":
                ab.add(state, Modifier(t, KEYWORD + e.keyword, CANNOT, source))
                events.append(
                    Event(
                        "buff",
                        f"{name(state, inst.id)} acts as though it had no "
                        f"{e.keyword.replace('_', ' ')} this turn",
                        seat=inst.owner,
                        cards=(t,),
                    )
                )
            elif e.do == "freeze":
                inst.counters["frozen"] = max(inst.counters.get("frozen", 0), e.amount)
                events.append(
                    Event(
                        "info",
                        f"{name(state, inst.id)} does not unmark in its "
                        f"controller's next {e.amount} unmark phase"
                        f"{'s' if e.amount > 1 else ''}",
                        seat=inst.owner,
                        cards=(t,),
                    )
                )
            elif e.do == "uncounter":
                had = inst.counters.get(e.keyword, 0)
                if had:
                    left = max(0, had - e.amount) if e.amount else 0  # 0: all of them
                    if left:
                        inst.counters[e.keyword] = left
                    else:
                        del inst.counters[e.keyword]
                    events.append(
                        Event(
                            "info",
                            f"{name(state, inst.id)}: {had - left} {e.keyword} "
                            f"counter{'s' * (had - left > 1)} removed ({left} left)",
                            seat=inst.owner,
                            cards=(t,),
                        )
                    )
            elif e.do == "counter":
                n = add_counters(state, t, e.keyword, e.amount)
                if n:
                    events.append(
                        Event(
                            "info",
                            f"{name(state, inst.id)} gets {n} {e.keyword} "
                            f"counter{'s' if n > 1 else ''}",
                            seat=inst.owner,
                            cards=(t,),
                        )
                    )
            elif e.do == "raze":
                if is_city(inst):
                    events.append(
                        Event.told(
                            "info",
                            naming(state, source) + f" destroys {name(state, inst.id)}",
                            seat=inst.owner,
                            cards=(t,),
                        )
                    )
                    destroy_city(state, t, events)
            elif e.do == "aid":
                if is_city(inst):
                    ab.add(state, Modifier(t, "aid", CAN, source))
                    events.append(
                        Event(
                            "info",
                            f"The residents of {name(state, inst.id)} may help "
                            "defend another city this turn",
                            seat=inst.owner,
                            cards=(t,),
                        )
                    )
            elif e.do == "save":
                _save(state, t, events)
            elif e.do == "ivy" and is_creature(inst) and not inst.counters.get("ivy"):
                inst.counters["ivy"] = 1
                events.append(
                    Event(
                        "info",
                        f'{name(state, inst.id)}: "I do not unmark unless '
                        'my controller puts a -1/-1 counter on me"',
                        seat=inst.owner,
                        cards=(t,),
                    )
                )
    check_deaths(state, events)
