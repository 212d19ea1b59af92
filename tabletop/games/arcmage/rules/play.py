"""ARC-mage's playing of cards and use of abilities: when a card may be played and on what,
paying for it and putting it on the stack; using a card's ability, and the targets and
choices an ability asks for."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations
from typing import Any

from ....engine import (
    HIDDEN,
    Action,
    Event,
    Events,
    GameState,
    Prompt,
    Words,
    act,
    close_window,
    naming,
)
from ....engine import abilities as ab
from .. import abilities as schema
from ..cards import ArcCard
from ..vocabulary import kinds_words
from .effects import _pay_ability, resolve_effects
from .flow import _die_unless_saved, _finish_picks, advance, happens
from .keywords import count, is_type, silenced, statics
from .lifecycle import disguise, mark, sacrificeable, unique_clash
from .paying import (
    _can_pay_ability,
    _cost_cards,
    available,
    can_pay,
    cost_count,
    cost_of,
    pay,
    pays_x,
)
from .specials import owe
from .stack import _ability_words, _once, start_round
from .state import (
    ARMY,
    DECK,
    HAND,
    PLAY_ZONES,
    R_ABILITY,
    R_BUILD,
    R_ENCH_WHEN,
    R_EVENT_ONLY,
    R_INTO_CITY,
    R_MAGIC_WHEN,
    R_MARKED,
    R_PLAY_WHEN,
    R_TARGET,
    R_UNIQUE,
    R_X,
    SACRIFICE,
    STACK,
    A,
    _keys,
    _remembered,
    card_of,
    cities,
    creatures,
    data,
    in_play,
    name,
    who,
)
from .targets import (
    PLAYER,
    _looks_in_secret,
    _mode,
    _x_words,
    aim_names,
    aims,
    play_abilities,
    player_of,
    slots,
    target_options,
    target_ways,
)

# -- playing cards -----------------------------------------------------------------------------


def widened(ability: Any, x: int | None) -> Any:
    """The ability with the X more targets its player pays for (ruling 103), or itself."""
    if ability is None or not ability.more_per_x or not x:
        return ability
    return ability.model_copy(update={"targets": ability.targets + x})


def _play_targets(
    state: GameState, seat: int, cid: int, x: int = 0
) -> list[tuple[tuple[int, ...], tuple[str, ...]]]:
    """(targets, words) for each way of playing a card (with that X), costs aside."""
    card = card_of(state, cid)
    if card.type == "creature":
        out: list[tuple[tuple[int, ...], tuple[str, ...]]] = [
            ((c,), ()) for c in cities(state, seat)
        ]
        if sudden(state, seat, cid):
            out.append(((), ("army",)))
        return out
    modes = play_abilities(card)
    out = []
    for i, ability in enumerate(modes):
        words = (f"mode={i + 1}",) if len(modes) > 1 else ()
        for targets, said in _aims(state, seat, widened(ability, x)):
            out.append((targets, words + said))
    return out or [((), ())]


def _aims(
    state: GameState, seat: int, ability: Any, x: int | None = None
) -> list[tuple[tuple[int, ...], tuple[str, ...]]]:
    """The ways to aim an ability, as (targets, words): no target, one card or player
    (``effects.aims``), or ``targets`` distinct cards (as many as there are, when fewer)."""
    if ability.target == "none" or ability.target in schema.PICKS:
        return [((), ())]  # a card picked from the deck or a zone: as it resolves
    if ability.target2 != "none":  # two targets: each way to aim the one with the other's
        one, two = slots(ability)
        firsts, seconds = aims(state, seat, one, x=x), aims(state, seat, two, x=x)
        return [(t1 + t2, w1 + w2) for t1, w1 in firsts for t2, w2 in seconds]
    if ability.targets == 1:
        return aims(state, seat, ability, x=x)
    options = target_options(state, seat, ability, x)
    if not options:
        return []
    return [(c, ()) for c in combinations(options, min(ability.targets, len(options)))]


def sudden(state: GameState, seat: int, cid: int) -> bool:
    """Whether a creature in the seat's hand may be played straight into the army: Sudden,
    or given it by a card in play ("Birds in your hand ... have sudden")."""
    card = card_of(state, cid)
    if "sudden" in card.keywords:
        return True
    for source, e, _anchor in statics(state, "grant"):
        if (
            e.to == "your_cards"
            and e.keyword == "sudden"
            and state.cards[source].owner == seat
            and is_type(card, e.subtype)
        ):
            return True
    return False


def _play_when(state: GameState, seat: int, card: ArcCard) -> str | None:
    """Why the seat may not play a card of this type now."""
    if card.type == "city":
        return f"{R_BUILD} (cities are built, not played)"
    own_play = (
        state.active == seat
        and state.phase in ("play1", "play2")
        and not state.prompts
        and not data(state).stack
    )
    if card.type == "event":
        return None
    if state.prompts or data(state).stack:
        return R_EVENT_ONLY
    if own_play:
        return None
    return {"magic": R_MAGIC_WHEN, "enchantment": R_ENCH_WHEN}.get(card.type, R_PLAY_WHEN)


AS_CREATURE = "creature"  # the word of a card played as a creature (ruling 70)


def as_creature(state: GameState, seat: int, card: ArcCard) -> ArcCard | None:
    """The creature a card of the seat's may be played as, if a passive of its lets it
    ("You may play an enchantment as if it were an X/X creature, where X is the casting
    cost. That creature has homesick."): X/X, X its printed cost, with the keyword given."""
    if card is HIDDEN or card.type == "creature" or card.cost_x or card.cost is None:
        return None
    for source, e, _ in statics(state, "as_creature"):
        if state.cards[source].owner == seat and is_type(card, e.subtype):
            return ArcCard(
                name=card.name,
                type="creature",
                faction=card.faction,
                cost=card.cost,
                loyalty=card.loyalty,
                attack=card.cost,
                defense=card.cost,
                keywords={e.keyword: 0} if e.keyword else {},
                source=card.source,
            )
    return None


def _gen_as_creatures(state: GameState, seat: int) -> Iterator[Action]:
    """A card of the hand played as a creature into each of the seat's cities."""
    for cid in state.zones[(seat, HAND)]:
        if as_creature(state, seat, state.cards[cid].card) is None:
            continue
        for city in cities(state, seat):
            a = act(state, "play", seat, (cid,), (city,), (AS_CREATURE,))
            if _check_play(state, a) is None:
                yield a


def _gen_play(state: GameState, seat: int) -> Iterator[Action]:
    cards = state.cards
    have: dict[str, int] = {}
    total = -1  # what the seat can spend, counted once a card may be played now
    when: dict[str, str | None] = {}  # ``_play_when`` of each card type, asked once
    for cid in state.zones[(seat, HAND)]:
        card = cards[cid].card
        if card is HIDDEN:
            continue
        why = when.get(card.type, "")
        if why == "":
            why = when[card.type] = _play_when(state, seat, card)
        if why is not None:
            continue
        if total < 0:
            have = available(state, seat)
            total = sum(have.values())
        cost = cost_of(state, cid)
        if cost > total or have.get(card.faction, 0) < min(card.loyalty, cost):
            continue
        if card.type == "creature" and not card.cost_x:
            # what ``_check_play`` asks of a creature beyond the card itself (its type, its
            # cost, the phase) holds for every city of the seat's and, with Sudden, the army
            if not unique_clash(state, cid):
                for targets, words in _play_targets(state, seat, cid):
                    yield act(state, "play", seat, (cid,), targets, words)
            continue
        xs: Iterable[tuple[str, ...]] = ((),)
        if pays_x(card):  # X from 1 (ruling 38; X more targets: none or more); up to 5
            room = total - cost_of(state, cid)
            xs = [() for _ in range(not card.cost_x)]
            xs += [(f"x={x}",) for x in range(1, min(room, 5) + 1)]
        memo: dict = {}  # the ways to aim each ability, worked out once for the card
        ways: dict[int, list] = {}  # the ways to play it, by the X more targets it pays for
        for xw in xs:
            more = int(xw[0][2:]) if xw and not card.cost_x else 0
            if more not in ways:
                ways[more] = _play_targets(state, seat, cid, more)
            for targets, words in ways[more]:
                a = act(state, "play", seat, (cid,), targets, words + xw)
                if _check_play(state, a, have, memo) is None:
                    yield a
    if statics(state, "as_creature"):
        yield from _gen_as_creatures(state, seat)


def _check_play(
    state: GameState,
    action: Action,
    have: dict[str, int] | None = None,
    memo: dict | None = None,
) -> str | None:
    """Why the action may not be played, or None. ``have`` (what ``available`` gives) and
    ``memo`` (the ways to aim, by ability and X) spare a generator working them out again
    for each way of playing one card."""
    seat = action.seat
    if len(action.cards) != 1 or len(action.targets) > 5:
        return f'{A}: play one card (play "Card" [-> "Target"] [army] [x=N])'
    cid = action.cards[0]
    inst = state.cards[cid]
    card = inst.card
    if inst.zone != (seat, HAND):
        return f"{A}, Playing a card: {card.name} is not in your hand"
    if AS_CREATURE in action.words:
        form = as_creature(state, seat, card)
        if form is None:
            return f"{A}: {card.name} is played as a creature only when a card of yours says so"
        card = form
    why = _play_when(state, seat, card)
    if why:
        return why
    x = _x_words(action.words)
    if x is None or (card.cost_x and x < 1) or (x and not pays_x(card)):
        if card.cost_x:
            return R_X.format(card=card.name)
        return f"{A}, Variable Resource Costs: {card.name} has no X in its cost"
    counted = next(
        (e.count for a in play_abilities(card) for e in a.effects if e.per == "x" and e.count), ""
    )
    if card.cost_x and counted and x != count(state, cid, counted, cid):  # ruling 87
        return (
            f"{A}, Variable Resource Costs: the meaning of X is defined in the card text: "
            f"{card.name}'s X is {count(state, cid, counted, cid)} now"
        )
    target = action.targets[0] if action.targets else None
    words = tuple(w for w in action.words if not w.startswith("x=") and w != AS_CREATURE)
    if card.type == "creature":
        if len(action.targets) > 1:
            return R_INTO_CITY
        if words == ("army",):
            if not sudden(state, seat, cid):
                return R_INTO_CITY
            if target is not None:
                return f"{A}: a creature goes into the army or a city, not both"
        elif words:
            return f'{A}: play "Creature" -> "City" (or army, with Sudden)'
        elif target is None or target not in cities(state, seat):
            return R_INTO_CITY
        if unique_clash(state, cid):
            return R_UNIQUE
    else:
        ability = _mode(card, words)
        if ability is None and (play_abilities(card) or words):
            if len(play_abilities(card)) > 1:
                return f'{A}: {card.name} says "choose one": say which (mode=N)'
            return f"{A}: only a creature is played into the army"
        kind = ability.target if ability is not None else "none"
        aimed = (action.targets, tuple(w for w in words if w.startswith(PLAYER)))
        if kind == "none" or kind in schema.PICKS:
            if target is not None or aimed[1]:
                return f"{A}: {card.name} takes no target"
        elif aimed not in _ways(state, seat, ability, x, memo):
            many = f"{ability.targets} different " if ability.targets > 1 else ""
            return f"{R_TARGET}: {many}{schema.target_words(kind, ability.target_if)}"
        if ability is not None and ability.cost_sacrifice:
            n, kinds = _sacrifice_cost(ability)
            owned = len(sacrificeable(state, seat, kinds))
            if owned < n:
                return (
                    f"{A}: {card.name} is played by sacrificing {n} "
                    f"{kinds_words(kinds)} you control (you have {owned})"
                )
    return can_pay(state, seat, cost_of(state, cid, x), card.loyalty, card.faction, have)


def _ways(
    state: GameState, seat: int, ability: Any, x: int | None, memo: dict | None
) -> frozenset | list:
    """``_aims`` of the ability with that X, kept in ``memo`` (by ability and X) if given."""
    if memo is None:
        return _aims(state, seat, widened(ability, x), x)
    key = (id(ability), x)
    got = memo.get(key)
    if got is None:
        got = memo[key] = frozenset(_aims(state, seat, widened(ability, x), x))
    return got


def _sacrifice_cost(ability: Any) -> tuple[int, str]:
    """(how many, of which kinds) an ability's ``cost_sacrifice`` sacrifices."""
    n, kinds = ability.cost_sacrifice.split(":", 1)
    return int(n), kinds


def _exec_play(state: GameState, action: Action, events: Events) -> None:
    seat = action.seat
    d = data(state)
    cid = action.cards[0]
    played_as = ""
    if AS_CREATURE in action.words:  # it is that creature until it leaves play (ruling 70)
        form = as_creature(state, seat, card_of(state, cid))
        if form is not None:
            disguise(state, cid, form)
            played_as = f" as a {form.attack}/{form.defense} creature"
    card = card_of(state, cid)
    if state.prompts:
        prompt = close_window(state)
        if prompt.name == "block" and d.combat is not None:
            # an Event while assigning defenders: the assignment goes on once it resolved
            d.combat.stage = "block"
    x = _x_words(action.words) or 0
    pay(state, seat, cost_of(state, cid, x), card.loyalty, card.faction, events)
    targets = action.targets
    state.move(cid, (None, STACK))
    d.stack.append((cid, seat, targets, action.words))
    on = ""
    aimed = (
        [name(state, t) for t in targets]
        if card.type == "creature"
        else aim_names(state, cid, targets, action.words)
    )
    if aimed:
        on = f" into {', '.join(aimed)}" if card.type == "creature" else f" on {', '.join(aimed)}"
    elif action.words[:1] == ("army",):
        on = " into the army"
    events.append(
        Event(
            "play",
            f"{who(state, seat)} plays {card.name}{played_as}{on}",
            seat=seat,
            cards=(cid, *targets),
            value=((seat, HAND), (None, STACK)),
        )
    )
    ability = _mode(card, action.words) if card.type != "creature" else None
    if ability is not None and ability.cost_sacrifice:  # chosen now, before any answer
        n, kinds = _sacrifice_cost(ability)
        owe(state, seat, SACRIFICE + kinds, n, cid)
    ab.emit(state, events, ab.PLAYED, cid, seat)  # "every time you play a Gaian card"
    # "All players (including the originating player) have the opportunity to play an
    # Event card in response": the others in turn order, the player who played it last.
    start_round(state, (seat + 1) % state.seats)
    advance(state, events)


# -- abilities ------------------------------------------------------------------------------------


def _only_produces(ability: Any) -> bool:
    return all(e.do == "produce" for e in ability.effects)


def users(state: GameState, seat: int) -> list[int]:
    """The seat's cards in play that have activated abilities: creatures, then
    Enchantments ("you may sacrifice me to ...")."""
    known = _remembered(state, ("users", seat))
    if known is not None:
        return known
    cards = state.cards
    out = [c for c in creatures(state, seat) if cards[c].card.activated]
    for key in _keys(state.seats, PLAY_ZONES):
        for c in state.zones[key]:
            inst = cards[c]
            if inst.owner == seat and inst.card.type == "enchantment" and inst.card.activated:
                out.append(c)
    data(state).known[("users", seat)] = out  # read only
    return out


def _gen_use(state: GameState, seat: int) -> Iterator[Action]:
    cards = state.cards
    own_play = (
        state.active == seat
        and state.phase in ("play1", "play2")
        and not state.prompts
        and not data(state).stack
    )
    for cid in users(state, seat):
        inst = cards[cid]
        uses = inst.card.activated
        for i, a in enumerate(uses):
            if (inst.turned and a.when == "mark") or not (own_play or _only_produces(a)):
                continue  # refused whatever pays for it or whatever it aims at
            words = (str(i + 1),) if len(uses) > 1 else ()
            payers: Iterable[tuple[int, ...]] = [()]
            if a.cost_discard:  # cards of a kind: which copies make no difference
                seen: dict[tuple[str, ...], tuple[int, ...]] = {}
                for paid in combinations(_cost_cards(state, seat, cid, a), a.cost_discards):
                    seen.setdefault(tuple(sorted(cards[c].card.name for c in paid)), paid)
                payers = list(seen.values())
            elif a.cost_mark or a.cost_sacrifice or a.cost_defense:
                payers = combinations(_cost_cards(state, seat, cid, a), cost_count(a))
            ways = [((), ())] if a.target == "none" else aims(state, seat, a, source=cid)
            memo = {(id(a), None): frozenset(ways)}
            for paid in payers:
                for t, said in ways:
                    act_ = act(state, "use", seat, (cid, *paid), t, words + said)
                    if _check_use(state, act_, memo) is None:
                        yield act_


def _ability_of(state: GameState, action: Action) -> tuple[int, Any] | None:
    marks = [
        (i, a)
        for i, a in enumerate(card_of(state, action.cards[0]).abilities)
        if a.when in ("mark", "use")
    ]
    which = [w for w in action.words if not w.startswith(PLAYER)]
    if not marks or len(which) > 1:
        return None
    if not which:
        return marks[0]
    try:
        return marks[int(which[0]) - 1]
    except (ValueError, IndexError):
        return None


def _used(i: int) -> str:
    """The permission an ability used once each turn takes away as it is used."""
    return f"use:{i}"


def _check_use(state: GameState, action: Action, memo: dict | None = None) -> str | None:
    """Why the ability may not be used, or None (``memo``: the ways to aim it, known
    already to a generator)."""
    said = [w for w in action.words if not w.startswith(PLAYER)]
    if not action.cards or len(action.targets) > 1 or len(said) > 1:
        return f'{A}: use one creature\'s ability (use "Creature" [-> "Target"])'
    cid = action.cards[0]
    inst = state.cards[cid]
    if (
        not in_play(state, cid)
        or inst.owner != action.seat
        or inst.card.type not in ("creature", "enchantment")
    ):
        return f"{A}, Activated: only the controller of a card may activate its abilities"
    found = _ability_of(state, action)
    if found is None:
        return f"{A}: {name(state, inst.id)} has no such activated ability"
    _, ability = found
    if inst.turned and ability.when == "mark":
        return f"{R_MARKED}: {name(state, inst.id)} is marked"
    if silenced(state, cid):
        return f"{A}: a card in play says {name(state, inst.id)} has lost all its abilities"
    if ability.condition == "in_army" and inst.zone != (inst.owner, ARMY):
        return f"{A}: {name(state, inst.id)}'s ability is used only while it is in your army"
    if ability.condition.startswith("counters:"):
        _, counter, n = ability.condition.split(":")
        if inst.counters.get(counter, 0) < int(n):
            return (
                f"{A}: {name(state, inst.id)} is used when it has {n} or more {counter} counters "
                f"(it has {inst.counters.get(counter, 0)})"
            )
    if ability.once and not ab.permitted(state, cid, _used(found[0]), default=True):
        return f"{A} (ruling 49): {name(state, inst.id)}'s ability is used once each turn"
    own_play = (
        state.active == action.seat
        and state.phase in ("play1", "play2")
        and not state.prompts
        and not data(state).stack
    )
    if not own_play and not _only_produces(ability):
        return R_ABILITY
    paid = action.cards[1:]
    if (
        len(paid) != cost_count(ability)
        or len(set(paid)) != len(paid)
        or not set(paid) <= set(_cost_cards(state, action.seat, cid, ability))
    ):
        why = _can_pay_ability(state, action.seat, cid, ability)
        if why:  # what it costs cannot be paid at all: say which cost is missing
            return why
        if ability.cost_discard:
            kinds = kinds_words(ability.cost_discard)
            return (
                f"{A}: {name(state, inst.id)}'s ability is paid by discarding "
                f"{ability.cost_discards} {kinds}"
            )
        if ability.cost_sacrifice:
            n, kinds = ability.cost_sacrifice.split(":", 1)
            return (
                f"{A} (ruling 90): {name(state, inst.id)}'s ability is paid by sacrificing "
                f"{n} {kinds_words(kinds)} you control other than it"
            )
        if ability.cost_defense:
            return (
                f"{A} (ruling 91): {name(state, inst.id)}'s ability is paid by one city you "
                f"control losing {ability.cost_defense} defense"
            )
        if ability.cost_mark:
            return (
                f"{A}: {name(state, inst.id)}'s ability marks {ability.cost_mark} unmarked "
                f"{ability.cost_subtype or 'creature'}s you control"
            )
        return f'{A}: use one creature\'s ability (use "Creature" [-> "Target"])'
    why = _can_pay_ability(state, action.seat, cid, ability)
    if why:
        return why
    aimed = (action.targets, tuple(w for w in action.words if w.startswith(PLAYER)))
    if ability.target == "none":
        return f"{A}: that ability takes no target" if aimed != ((), ()) else None
    known = memo.get((id(ability), None)) if memo else None
    if known is None:
        known = aims(state, action.seat, ability, source=action.cards[0])
    if aimed not in known:
        return f"{R_TARGET}: {schema.target_words(ability.target, ability.target_if)}"
    return None


def _exec_use(state: GameState, action: Action, events: Events) -> None:
    cid = action.cards[0]
    i, ability = _ability_of(state, action)
    if ability.when == "mark":
        mark(state, cid, events)
    if ability.once:  # used for this turn
        ab.add(state, ab.Modifier(cid, _used(i), ab.CANNOT, cid))
    paid = action.cards[1:]
    target = action.targets[0] if action.targets else None
    player = player_of(state, action.words)
    on = f" on {name(state, target)}" if target is not None else ""
    if player is not None:
        on = f" on {who(state, player)}"
    events.append(
        Event(
            "ability",
            f"{who(state, action.seat)} uses {name(state, cid)}{on}",
            seat=action.seat,
            cards=(cid,) + ((target,) if target is not None else ()),
        )
    )
    _pay_ability(state, action.seat, cid, ability, paid, events)
    resolve_effects(
        state, cid, ability.effects, action.seat, target, events, paid=paid, player=player
    )
    advance(state, events)


def _asked(state: GameState) -> tuple[int, Any] | None:
    prompt = state.top_prompt
    if prompt is None or prompt.name not in ("target", "choose"):
        return None
    source, idx = prompt.data
    return source, card_of(state, source).abilities[idx]


def _target_pass_refused(state: GameState, prompt: Prompt) -> str | None:
    """A target that must be chosen is not passed, but a pick from the seat's own hand or
    deck is asked whether they hold a card it may take or not, and passed when they do not
    (ruling 41): the window is the same, and only the seat asked learns which."""
    source, ability = _asked(state) or (0, None)
    if ability is not None and _looks_in_secret(state, prompt.seat, source, ability):
        if not target_ways(state, prompt.seat, source, ability):
            return None
        where = "hand" if ability.target == "hand_card" else "deck"
        return f"{A}: your {where} holds a card {name(state, source)} must take (ruling)"
    return f"{A}: Choose the target of the ability: this must be answered; it cannot be passed"


def _gen_target(state: GameState, seat: int) -> Iterator[Action]:
    asked = _asked(state)
    if asked is None:
        return
    source, ability = asked
    if ability.when == "save":
        about = data(state).pending[0][3]
        yield act(state, "target", seat, (source,), (about,))
        return
    if ability.target == "none":  # a trigger its player may pay for: yes
        yield act(state, "target", seat, (source,), (), (YES,))
        return
    for t, words in target_ways(state, seat, source, ability):
        yield act(state, "target", seat, (source,), t, words)


# The word of a "target" action that says yes to a trigger its player may pay for.
YES = "yes"


def _check_target(state: GameState, action: Action) -> str | None:
    asked = _asked(state)
    if asked is None or action.cards != (asked[0],) or not (action.targets or action.words):
        return f"{A}: choose the target of the ability being resolved"
    source, ability = asked
    if ability.target == "none":
        if action.targets or action.words != (YES,):
            return f'{A}: say yes to use {name(state, source)}\'s ability (target "Card" yes)'
        return None
    if ability.when == "save":
        if action.targets != (data(state).pending[0][3],) or action.words:
            return f"{A}: {name(state, source)} can only save the creature that is dying"
        return None
    if (action.targets, action.words) not in target_ways(state, action.seat, source, ability):
        if action.words or not action.targets:
            return f"{R_TARGET}: {schema.target_words(ability.target, ability.target_if)}"
        into = next((e.into for e in ability.effects if e.do == "put"), "")
        if into in ("army", "home", "city") and unique_clash(state, action.targets[0]):
            return R_UNIQUE
        return f"{R_TARGET}: {schema.target_words(ability.target, ability.target_if)}"
    return None


def _exec_target(state: GameState, action: Action, events: Events) -> None:
    d = data(state)
    close_window(state)
    d.shown = ()
    source, idx, seat, about = d.pending[0]
    ability = card_of(state, source).abilities[idx]
    t = action.targets
    if ability.repeat:
        d.picked = (*d.picked, t[0])
        events.append(
            Event(
                "info",
                f"{who(state, seat)} reveals {name(state, t[0])} ({len(d.picked)})",
                seat=seat,
                cards=(source, t[0]),
                reveals=(t[0],),
            )
        )
        advance(state, events)
        return
    d.pending.pop(0)
    if ability.when == "save":
        _pay_ability(state, seat, source, ability, (), events)
        mark(state, source, events)
        events.append(
            Event(
                "ability",
                f"{name(state, source)}: prevents {name(state, about)} from dying",
                seat=seat,
                cards=(source, about),
            )
        )
        resolve_effects(state, source, ability.effects, seat, about, events)
        for p in [
            p
            for p in d.pending
            if p[3] == about and card_of(state, p[0]).abilities[p[1]].when == "save"
        ]:
            d.pending.remove(p)  # the others need not save it any more
        advance(state, events)
        return
    if ability.target == "none":  # a trigger its player pays for: paid, it happens
        _pay_ability(state, seat, source, ability, (), events)
        happens(state, source, ability, seat, about, events)
        advance(state, events)
        return
    if ability.pay_per or ability.cost_shrink or ability.cost_put:  # paid as it is used
        _pay_ability(state, seat, source, ability, (), events)
    words = naming(state, source) + f": {_ability_words(ability)}"
    if action.words:  # a player ("player=N"), or the army ("army")
        player = player_of(state, action.words)
        what = who(state, player) if player is not None else "the army"
        events.append(Event.told("ability", words + f", {what}", seat=seat, cards=(source,)))
        resolve_effects(state, source, _once(ability), seat, None, events, player=player)
        advance(state, events)
        return
    # a card searched out of the deck into the hand is not revealed (Mentor): the others
    # learn that a card was taken, not which
    unseen = state.cards[t[0]].zone == (seat, DECK) and any(
        e.do == "put" and e.into == "hand" for e in ability.effects
    )
    picked = name(state, t[0])
    if unseen:
        picked = Words(picked, "a card from the deck", frozenset({seat}))
    events.append(
        Event.told("ability", words + ", " + picked, seat=seat, cards=(source, *t), reveals=(t[0],))
    )
    resolve_effects(state, source, _once(ability), seat, t, events)
    advance(state, events)


def _on_pass_choose(state: GameState, prompt: Prompt, events: Events) -> None:
    """A "may" declined: a search not made (or ended), a death not prevented."""
    d = data(state)
    d.shown = ()
    source, idx, seat, about = d.pending.pop(0)
    ability = card_of(state, source).abilities[idx]
    if ability.repeat and d.picked:
        _finish_picks(state, seat, events)
    elif ability.target == "deck_card":
        state.shuffle((seat, DECK))  # searched, even if nothing was taken
    if ability.when == "save":
        _die_unless_saved(state, about, events)
    advance(state, events)
