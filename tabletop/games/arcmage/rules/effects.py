"""What ARC-mage card texts do: the legal targets and choices of an ability, paying its
cost, the groups its effects reach, the effects resolved (damage, draw, boosts, moves,
tokens...) and the special effects of a few cards; and which of a played card's abilities
was chosen, and its X."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....engine import HIDDEN, Event, Events, GameState, naming
from ....engine import abilities as ab
from ....engine.abilities import CAN, CANNOT, Modifier
from .. import cards as schema
from ..cards import FORBIDS, ArcCard, a_faction
from .keywords import IMMUNE, KEYWORD, _reaches, has, is_type, statics, strength
from .lifecycle import (
    add_counters,
    check_deaths,
    damage,
    dealer,
    destroy_city,
    discard,
    draw,
    give_back,
    kill,
    leave_play,
    mark,
    mill,
    move_with,
    place,
    queue_when,
    sacrifice,
    shield,
    show_resources,
    spared,
    unique_clash,
    unmark,
)
from .paying import _can_pay_ability, _price, pay, produce
from .state import (
    ARMY,
    DECK,
    FACTIONS,
    GRAVE,
    HAND,
    PLAY_ZONES,
    REMOVED,
    RES,
    SACRIFICE,
    TOKENS,
    _keys,
    all_creatures,
    because,
    card_of,
    cities,
    creatures,
    data,
    exile_kind,
    home,
    in_play,
    is_city,
    is_creature,
    name,
    playing,
    relocate_kind,
    residents,
    resource_count,
    steal_kind,
    swap_kind,
    who,
)

# -- effects ---------------------------------------------------------------------------------------


def target_options(
    state: GameState, seat: int, ability: Any, x: int | None = None, source: int | None = None
) -> list[int]:
    """The cards an ability of ``seat`` may target: of its kind, and creatures as its
    ``target_if`` asks (with ``x`` None, any X: "cost<=x" is checked once X is known;
    "here": in the city of ``source``, the card whose ability it is)."""
    kind = ability.target
    if kind == "none":
        return []
    out: list[int] = []
    only = ability.target_if
    if kind in schema.CREATURE_TARGETS:
        for cid in all_creatures(state):
            owner = state.cards[cid].owner
            if kind == "enemy_creature" and owner == seat:
                continue
            if kind == "own_creature" and owner != seat:
                continue
            if only and not _fits(state, cid, only, x, source):
                continue
            out.append(cid)
    if kind == "own_city_or_army":  # the army is said in the words ("army")
        return list(cities(state, seat))
    if kind == "card":  # any card in play: creature, city or enchantment
        cards = state.cards
        return [
            c
            for key in _keys(state.seats, PLAY_ZONES)
            for c in state.zones[key]
            if cards[c].card is not HIDDEN
            and cards[c].card.type in ("creature", "city", "enchantment")
        ]
    if kind in schema.CITY_TARGETS:
        for s in range(state.seats):
            if (kind == "enemy_city" and s == seat) or (kind == "own_city" and s != seat):
                continue
            out.extend(cities(state, s))
    return out


def player_options(state: GameState, seat: int, ability: Any) -> list[int]:
    """The players an ability of ``seat`` may target: those still playing ("target
    opponent": but the seat)."""
    if ability.target not in schema.PLAYER_TARGETS:
        return []
    return [s for s in playing(state) if not (ability.target == "opponent" and s == seat)]


PLAYER = "player="


def player_word(seat: int) -> str:
    """How an action says the player it targets: "player=2" for the second seat."""
    return f"{PLAYER}{seat + 1}"


def player_of(state: GameState, words: Sequence[str]) -> int | None:
    """The player an action's words target (``player_word``): its seat, None when they
    name none, -1 when they name no seat of this game or more than one."""
    said = [w for w in words if w.startswith(PLAYER)]
    if not said:
        return None
    n = said[0][len(PLAYER) :]
    if len(said) > 1 or not n.isdigit() or not 1 <= int(n) <= state.seats:
        return -1
    return int(n) - 1


def players_of(state: GameState, words: Sequence[str]) -> list[int]:
    """Every player an action's words target (``player_word``), in order: an ability with
    two targets may name two (-1 for a word that names no seat of this game)."""
    out = []
    for w in words:
        if w.startswith(PLAYER):
            n = w[len(PLAYER) :]
            out.append(int(n) - 1 if n.isdigit() and 1 <= int(n) <= state.seats else -1)
    return out


def aimed_parts(
    state: GameState, ability: Any, targets: Sequence[int], words: Sequence[str]
) -> list[tuple[Any, tuple[int, ...], int | None]]:
    """An ability's targets as (the ability of one target, its card, its player) for each
    of its targets (two for ``target2``, ``slots``): the cards and the players said are
    handed out in the text's order, a target that may be a card or a player taking a
    player when more are said than the targets that are only players need."""
    parts = slots(ability) if ability.target2 != "none" else (ability,)
    cards_ = list(targets)
    players = players_of(state, words)
    out: list[tuple[Any, tuple[int, ...], int | None]] = []
    for i, part in enumerate(parts):
        later = sum(p.target in schema.ONLY_PLAYERS for p in parts[i + 1 :])
        kind = part.target
        if kind in schema.ONLY_PLAYERS or (kind in schema.PLAYER_TARGETS and len(players) > later):
            out.append((part, (), players.pop(0) if players else -1))
        elif part.targets > 1 and len(parts) == 1:
            out.append((part, tuple(cards_), None))
        else:
            out.append((part, (cards_.pop(0),) if cards_ else (), None))
    return out


def aim_names(
    state: GameState, cid: int, targets: Sequence[int], words: Sequence[str]
) -> list[str]:
    """What a Magic, an Event or an Enchantment ``cid`` is played on, in the order of its
    text: cards by name, players by seat name ("Bob's graveyard" for a graveyard)."""
    card = state.cards[cid].card
    ability = _mode(card, tuple(words)) if card is not HIDDEN else None
    if ability is None:
        return [name(state, t) for t in targets]
    out = []
    for part, aimed, player in aimed_parts(state, ability, targets, words):
        if player is not None and player >= 0:
            out.append(
                f"{who(state, player)}'s graveyard"
                if part.target == "graveyard"
                else who(state, player)
            )
        out += [name(state, t) for t in aimed]
    return out


def aims(
    state: GameState, seat: int, ability: Any, source: int | None = None, x: int | None = None
) -> list[tuple[tuple[int, ...], tuple[str, ...]]]:
    """The ways to aim a one-target ability, as (targets, words): each card it may target,
    then each player ("player=N"), or the army ("army", for "target city or army")."""
    out: list[tuple[tuple[int, ...], tuple[str, ...]]] = [
        ((t,), ()) for t in target_options(state, seat, ability, x, source)
    ]
    out += [((), (player_word(s),)) for s in player_options(state, seat, ability)]
    if ability.target == "own_city_or_army":
        out.append(((), ("army",)))
    return out


def slots(ability: Any) -> tuple[Any, Any]:
    """An ability with two targets (``target2``) as two with one each, in the order of its
    text: the first with the effects before the first that reaches ``target2``, the second
    with those from it on (which reach ``target`` there)."""
    split = next(
        (i for i, e in enumerate(ability.effects) if e.to == "target2"), len(ability.effects)
    )
    second = tuple(
        e.model_copy(update={"to": "target"}) if e.to == "target2" else e
        for e in ability.effects[split:]
    )
    return (
        ability.model_copy(update={"target2": "none", "effects": ability.effects[:split]}),
        ability.model_copy(
            update={
                "target": ability.target2,
                "target2": "none",
                "target_if": "",
                "effects": second,
            }
        ),
    )


def _fits(state: GameState, cid: int, only: str, x: int | None, source: int | None) -> bool:
    """Whether creature ``cid`` is what a target must be (``Ability.target_if``)."""
    inst = state.cards[cid]
    if only == "here":
        here = home(state, source) if source is not None else None
        return here is not None and home(state, cid) == here and cid != source
    if only == "unmarked":
        return not inst.turned
    if only == "marked":
        return inst.turned
    if only == "attacking":
        c = data(state).combat
        return c is not None and cid in c.attackers
    if only == "in_army":
        return inst.zone[1] == ARMY
    if only == "cost<=x":
        return x is None or (inst.card.cost or 0) <= x
    if only[0] == "!":
        return not has(state, cid, only[1:])
    return has(state, cid, only)


def _looks_in_secret(state: GameState, seat: int, source: int, ability: Any) -> bool:
    """Whether a triggered ability picks from the seat's deck or hand, and could be used
    but for what those hide: paid for, a hand to look in, a city to put a card into (all
    public). Such a pick is always offered, found or not (ruling 41)."""
    if ability.target not in ("deck_card", "hand_card"):
        return False
    if ability.target == "hand_card" and not state.zones[(seat, HAND)]:
        return False
    if ability.pay_per and _can_pay_ability(state, seat, source, ability) is not None:
        return False
    into = next((e.into for e in ability.effects if e.do == "put"), "")
    return into != "city" or bool(cities(state, seat))


def choices(state: GameState, seat: int, source: int, ability: Any) -> list[tuple[int, ...]]:
    """The targets a triggered ability of ``seat`` may be given now: one card, or for a
    card picked from the hand into "a city you control", (card, city)."""
    kind = ability.target
    if kind in schema.PICKS:
        zone = {"hand_card": HAND, "deck_card": DECK, "grave_card": GRAVE}[kind]
        d = data(state)
        if ability.pay_per and _can_pay_ability(state, seat, source, ability) is not None:
            return []
        cards = state.cards
        picks = [
            c
            for c in state.zones[(seat, zone)]
            if c not in d.picked
            and (not ability.subtype or is_type(cards[c].card, ability.subtype))
            and (not ability.name or cards[c].card.name == ability.name)
        ]
        seen: set[str] = set()  # copies of one card: which of them makes no difference
        picks = [
            c for c in picks if not (cards[c].card.name in seen or seen.add(cards[c].card.name))
        ]
        into = next((e.into for e in ability.effects if e.do == "put"), "")
        if into in ("army", "home", "city"):  # into play: not a second of a Unique unit
            picks = [c for c in picks if not unique_clash(state, c)]
        if into == "city":
            return [(c, city) for c in picks for city in cities(state, seat)]
        if into in ("army", "home", "city") and zone != HAND:
            picks = [c for c in picks if cards[c].card.type == "creature"]
        return [(c,) for c in picks]
    return [(t,) for t in target_options(state, seat, ability, source=source)]


def target_ways(
    state: GameState, seat: int, source: int, ability: Any
) -> list[tuple[tuple[int, ...], tuple[str, ...]]]:
    """The ways a triggered ability of ``seat`` may be aimed now, as (targets, words): a
    card picked (``choices``), or a card, a player or the army (``aims``)."""
    if ability.target in schema.PICKS:
        return [(t, ()) for t in choices(state, seat, source, ability)]
    return aims(state, seat, ability, source=source)


def _pay_ability(
    state: GameState, seat: int, source: int, ability: Any, paid: Sequence[int], events: Events
) -> None:
    """Pay an ability's costs besides marking its card."""
    for c in paid:
        if ability.cost_discard:
            discard(state, seat, c, events, f" (for {name(state, source)})")
        else:
            mark(state, c, events, f" (for {name(state, source)})")
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
                f"{inst.card.name}: {ability.cost_counters} {ability.cost_counter} "
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
                f"{inst.card.name} gets {-n:+d}/{-n:+d} as counters (to pay)",
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
                f"{inst.card.name} gets {put} {ability.cost_put} counter{'s' * (put > 1)} (to pay)",
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
    if who_ == "your_cities":
        return cities(state, seat)
    if who_ == "other_cities":
        return [c for c in cities(state, seat) if c not in targets]
    if who_ == "all_enchantments":
        cards = state.cards
        return [
            c
            for key in _keys(state.seats, PLAY_ZONES)
            for c in state.zones[key]
            if cards[c].card is not HIDDEN and cards[c].card.type == "enchantment"
        ]
    if who_ == "all_cities":
        return [
            c
            for s in range(state.seats)
            for c in cities(state, s)
            if not e.faction or card_of(state, c).faction == e.faction
        ]
    # the creatures: the one selector a passive effect uses too (``keywords._reaches``)
    anchor = source if is_city(state.cards[source]) else None
    return [
        cid for cid in all_creatures(state) if _reaches(state, source, who_, e.subtype, cid, anchor)
    ]


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
        if e.do in ("draw", "mill"):
            for s in _players(state, seat, to, aim):
                (draw if e.do == "draw" else mill)(state, s, e.amount, events)
            continue
        if e.do == "discard":
            for s in _players(state, seat, to, aim):
                owe(state, s, "either" if e.or_sacrifice else "discard", e.amount, source)
            continue
        if e.do == "exile":  # the card's controller chooses which (ruling 53)
            n = x if e.per == "x" else e.amount
            for s in _players(state, seat, to, aim) if n else ():
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
        if e.do == "prevent":  # a shield for the rest of the turn (ruling 59)
            shield(state, source, e.subtype, e.keyword)
            events.append(
                Event.told(
                    "info",
                    naming(state, source) + f": all damage {schema.kinds_words(e.subtype)} cards "
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
        if e.do == "sacrifice_card":
            owe(state, seat, SACRIFICE + e.subtype, e.amount, source)
            continue
        n = max(0, x - e.minus) if e.per == "x" and e.do == "damage" else e.amount
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
                        f"{inst.card.name} gets {a:+d}/{d_:+d}{how}",
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
                            f"{inst.card.name} is {e.attack}/{e.defense} until end of turn",
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
                            f"{inst.card.name} gains {e.amount} defense ({strength(state, t)})",
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
                            f"{inst.card.name} goes to the graveyard at the end of the turn",
                            seat=inst.owner,
                            cards=(t,),
                        )
                    )
            elif e.do == "relocate":  # its player chooses where (ruling 78)
                if is_creature(inst):
                    owe(state, seat, relocate_kind(t, e.into != "city"), 1, source)
            elif e.do == "destroy":
                if is_creature(inst):
                    if not spared(state, t, events):
                        kill(state, t, events)
                elif inst.card.type == "enchantment":
                    leave_play(state, t, GRAVE, events, f"{inst.card.name} is destroyed")
            elif e.do == "bounce":
                if is_creature(inst):
                    whose = who(state, inst.owner)
                    top = e.into == "top"
                    leave_play(
                        state,
                        t,
                        DECK if top else HAND,
                        events,
                        f"{inst.card.name} returns to the top of {whose}'s deck"
                        if top
                        else f"{inst.card.name} returns to {whose}'s hand",
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
                        f"{inst.card.name} has {e.keyword.replace('_', ' ')} "
                        + ("until it is marked" if e.until == "marked" else "until end of turn"),
                        seat=inst.owner,
                        cards=(t,),
                    )
                )
            elif e.do == "forbid":
                ab.add(state, Modifier(t, e.keyword, CANNOT, source))
                events.append(
                    Event(
                        "buff",
                        f"{inst.card.name} {FORBIDS[e.keyword]} this turn",
                        seat=inst.owner,
                        cards=(t,),
                    )
                )
            elif e.do == "immune":
                ab.add(state, Modifier(t, IMMUNE + e.keyword, CAN, source))
                events.append(
                    Event(
                        "buff",
                        f"{inst.card.name} is immune to {e.keyword.replace('_', ' ')} this turn",
                        seat=inst.owner,
                        cards=(t,),
                    )
                )
            elif e.do == "lose":
                ab.add(state, Modifier(t, KEYWORD + e.keyword, CANNOT, source))
                events.append(
                    Event(
                        "buff",
                        f"{inst.card.name} acts as though it had no "
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
                        f"{inst.card.name} does not unmark in its "
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
                            f"{inst.card.name}: {had - left} {e.keyword} "
                            f"counter{'s' * (had - left > 1)} removed ({left} left)",
                            seat=inst.owner,
                            cards=(t,),
                        )
                    )
            elif e.do == "counter":
                n = add_counters(state, t, e.keyword, x if e.per == "x" else e.amount)
                if n:
                    events.append(
                        Event(
                            "info",
                            f"{inst.card.name} gets {n} {e.keyword} counter{'s' if n > 1 else ''}",
                            seat=inst.owner,
                            cards=(t,),
                        )
                    )
            elif e.do == "raze":
                if is_city(inst):
                    events.append(
                        Event.told(
                            "info",
                            naming(state, source) + f" destroys {inst.card.name}",
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
                            f"The residents of {inst.card.name} may help "
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
                        f'{inst.card.name}: "I do not unmark unless '
                        'my controller puts a -1/-1 counter on me"',
                        seat=inst.owner,
                        cards=(t,),
                    )
                )
    check_deaths(state, events)


def owe(state: GameState, seat: int, kind: str, n: int, source: int) -> None:
    """A player must take ``n`` damage in a city of their choice, or discard ``n`` cards
    of their choice, or (``either``) for each, discard a card or sacrifice a resource card,
    or (``sacrifice:<kinds>``) sacrifice ``n`` creatures of those kinds (``ArcData.owed``;
    ``flow.advance`` asks them, ruling 46)."""
    d = data(state)
    d.owed = (*d.owed, (seat, kind, n, source))


def _save(state: GameState, cid: int, events: Events) -> None:
    """A dying creature is prevented from dying: its damage is removed, and it is marked."""
    inst = state.cards[cid]
    inst.counters.pop("dying", None)
    inst.damage = 0
    events.append(
        Event("info", f"{inst.card.name} is saved from dying", seat=inst.owner, cards=(cid,))
    )
    mark(state, cid, events, " (saved)")


def sacrifice_resources(
    state: GameState, seat: int, n: int, events: Events, faction: str | None = None
) -> int:
    """Sacrifice ``n`` of the seat's resource cards (ruling: Tabletop picks them — marked
    ones first, each from the fullest pile — or from the pile of ``faction`` the player
    chose); how many there were to sacrifice."""
    done = 0
    cards = state.cards
    while done < n:
        piles = [
            (
                sum(1 for c in state.zones[(seat, RES[f])] if cards[c].turned),
                len(state.zones[(seat, RES[f])]),
                f,
            )
            for f in FACTIONS
            if state.zones[(seat, RES[f])] and faction in (None, f)
        ]
        if not piles:
            break
        _, _, f = max(piles, key=lambda p: (p[0] > 0, p[1], -FACTIONS.index(p[2])))
        pile = state.zones[(seat, RES[f])]
        cid = next((c for c in pile if cards[c].turned), pile[0])
        gone = (cards[cid].owner, REMOVED)  # a stolen one: out of its owner's game
        state.move(cid, gone)
        done += 1
        events.append(
            Event(
                "move",
                f"{who(state, seat)} sacrifices {a_faction(f)} resource card",
                seat=seat,
                cards=(cid,),
                value=((seat, RES[f]), gone),
            )
        )
    return done


def _resolve_special(
    state: GameState, source: int, e: Any, seat: int, targets: tuple[int, ...], events: Events
) -> None:
    """The effects that move cards out of sight or change the turn itself."""
    d = data(state)
    cards = state.cards
    if e.do == "put":
        if not targets:
            return
        cid = targets[0]
        inst = cards[cid]
        src = inst.zone
        if src[0] != seat or src[1] not in (HAND, DECK, GRAVE):
            return
        if e.into == "hand":
            state.move(cid, (seat, HAND))
            unseen = src[1] == DECK  # searched out, not revealed: the others see a card
            events.append(
                Event(
                    "move",
                    f"{who(state, seat)} puts {inst.card.name} into their hand",
                    seat=seat,
                    cards=(cid,),
                    value=(src, (seat, HAND)),
                    secret=f"{who(state, seat)} puts a card from their deck into their hand"
                    if unseen
                    else None,
                    seen_by=frozenset({seat}) if unseen else None,
                )
            )
        else:
            if e.into == "army":
                zone: tuple = (seat, ARMY)
            else:
                city = (
                    (source if is_city(cards[source]) else home(state, source))
                    if e.into == "home"
                    else (targets[1] if len(targets) > 1 else None)
                )
                if city is None or not in_play(state, city):
                    return
                zone = cards[city].zone
            where = "the army" if zone[1] == ARMY else name(state, state.zones[zone][0])
            if place(state, cid, zone, events, f"{inst.card.name} comes into play in {where}"):
                if e.fleeting:
                    inst.counters["fleeting"] = 1
                    events.append(
                        Event(
                            "info",
                            f"{inst.card.name} leaves the game at the "
                            f"start of {who(state, seat)}'s next turn",
                            seat=seat,
                            cards=(cid,),
                        )
                    )
                queue_when(state, cid, "play", seat)
        if src[1] == DECK:
            state.shuffle((seat, DECK))
            events.append(Event("info", f"{who(state, seat)} shuffles their deck", seat=seat))
    elif e.do == "reveal":
        deck = state.zones[(seat, DECK)]
        top = list(deck[: e.amount])
        for cid in top:
            card = cards[cid].card
            if is_type(card, e.subtype):
                state.move(cid, (seat, HAND))
                events.append(
                    Event(
                        "move",
                        f"{who(state, seat)} reveals {card.name} and puts it into their hand",
                        seat=seat,
                        cards=(cid,),
                        value=((seat, DECK), (seat, HAND)),
                        reveals=(cid,),
                    )
                )
            else:
                state.move(cid, (seat, DECK))
                events.append(
                    Event(
                        "info",
                        f"{who(state, seat)} reveals {card.name} and puts "
                        "it on the bottom of their deck",
                        seat=seat,
                        cards=(cid,),
                        reveals=(cid,),
                    )
                )
    elif e.do == "muster":
        for city in cities(state, seat):
            for cid in residents(state, city):
                inst = cards[cid]
                if inst.owner == seat and not inst.turned and is_type(inst.card, e.subtype):
                    said = f"{inst.card.name} moves into the army"
                    move_with(state, cid, (seat, ARMY), events, said)
    elif e.do == "sacrifice":
        n = len(creatures(state, seat)) if e.per == "creatures" else e.amount
        if n:
            sacrifice_resources(state, seat, n, events)
    elif e.do == "extra_combat":
        d.extra_combats += 1
        events.append(
            Event(
                "info", f"{who(state, seat)} will have a second combat phase this turn", seat=seat
            )
        )
    elif e.do == "vengeance" and targets and in_play(state, targets[0]):
        n = cards[targets[0]].counters.get("dealt_last", 0)
        d.vengeance[seat] = d.vengeance.get(seat, 0) + n
        events.append(
            Event(
                "info",
                f"Creatures {who(state, seat)} plays this turn come "
                f"with {n} +1/+0 counter{'s' if n != 1 else ''} (blood "
                "vengeance)",
                seat=seat,
                cards=(targets[0],),
            )
        )


def make_tokens(
    state: GameState,
    source: int,
    seat: int,
    token: str,
    n: int,
    events: Events,
    resident: bool = False,
    marked: bool = False,
) -> None:
    """Tokens come from the seat's set-aside tokens of that name, else are made new; into
    the army, or (``resident``) into the source's city, the army when it has none;
    ``marked``: they come in marked."""
    h = home(state, source)  # a city is its own
    if not resident or h is None or not in_play(state, h):
        h = None
    zone = state.cards[h].zone if h is not None else (seat, ARMY)
    for _ in range(n):
        aside = next((c for c in state.zones[(seat, TOKENS)] if name(state, c) == token), None)
        if aside is None:
            card = (
                state.game.card_set().cards.get(token) if hasattr(state.game, "card_set") else None
            )
            if card is None:
                return
            aside = state.create(card, seat, (seat, TOKENS)).id
        where = "army" if zone[1] == ARMY else f"{name(state, h)}" if h is not None else ""
        if not place(state, aside, zone, events, f"A {token} token comes into play in {where}"):
            return
        if marked:
            mark(state, aside, events, " (it comes into play marked)")
        sand_copies(state, aside, events)


SAND_COPY = "Sand Copy"


def sand_copies(state: GameState, token: int, events: Events) -> None:
    """The exact copies of a token just put into play that its player's cities make ("When
    a token is cast into me, put an exact sand copy token here as well"): of the type Sand
    Copy besides its own, marked as it is, and destroyed with it (ruling 69). A copy makes
    none."""
    d = data(state)
    if token in d.copies:
        return
    inst = state.cards[token]
    for source, e, _ in statics(state, "sand_copy"):
        if state.cards[source].owner != inst.owner:
            continue
        if inst.zone != (state.cards[source].zone if e.to == "home" else (inst.owner, ARMY)):
            continue
        card = inst.card
        copy = ArcCard.model_validate(
            {**card.model_dump(), "subtypes": (*card.subtypes, SAND_COPY)}
        )
        made = state.create(copy, inst.owner, (inst.owner, TOKENS)).id
        why = f"{name(state, source)}: a sand copy of {card.name} comes into play beside it"
        if not place(state, made, inst.zone, events, why):
            state.move(made, (inst.owner, REMOVED))
            continue
        d.copies[made] = token
        if inst.turned:
            mark(state, made, events, " (as the token it copies)")


# -- the ability a played card chose, and its X ---------------------------------------------------


def play_abilities(card: ArcCard) -> tuple[Any, ...]:
    """A card's "play" abilities: one, or the modes of a "Choose one"."""
    return card.abilities_when("play")


def _mode(card: ArcCard, words: tuple[str, ...]) -> Any | None:
    """The play ability chosen (``mode=N`` for a "Choose one"), or None if the words do not
    name one."""
    modes = play_abilities(card)
    chosen = [w for w in words if w.startswith("mode=")]
    if len(modes) <= 1:
        return (modes[0] if modes else None) if not chosen else None
    if len(chosen) != 1:
        return None
    try:
        i = int(chosen[0][5:])
    except ValueError:
        return None
    return modes[i - 1] if 1 <= i <= len(modes) else None


def _x_words(words: tuple[str, ...]) -> int | None:
    """X, as the player says it playing a card that costs X ("x=N"; ruling 38: 1 or more),
    0 when not said, None when not a number. The cost is X plus the printed number
    (``cost_of``), and the card's text reads the same X (``resolve_effects``)."""
    for w in words:
        if w.startswith("x="):
            try:
                return int(w[2:])
            except ValueError:
                return None
    return 0
