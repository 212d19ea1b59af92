"""EWC, every rule of ``ewc.txt``: setup, the five phases, Training Points, the d6 combat,
Reactions and Armor in response windows, Icon effects, Allies, and the last Hero standing.

Where the rulebook is silent or unclear, the ruling taken is in ``docs/rulings/ewc.md`` and
the reason text says "(ruling)".
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations
from typing import Any

from ...engine import (
    Action,
    DeckList,
    Event,
    Events,
    Game,
    GameState,
    Move,
    Phase,
    Prompt,
    SeatValue,
    Visibility,
    Window,
    ZoneSpec,
    act,
    close_window,
    counted,
    draw_cards,
    end_game,
    enter_phase,
    next_phase,
    open_window,
    settle,
)
from ...system.paths import cards_dir
from . import cards as schema
from .cards import EwcCard
from .state import ATTACKER_WINDOWS, STAGES, WINDOW_STAGES, Combat, EwcData

GAME = "EWC"
STALEMATE_ROUNDS = 10  # ruling 6: whole rounds with every deck empty and nothing changing

# Zones, per seat.
HERO, FIELD, ALLIES, BEHIND, HAND, DECK, DISCARD = (
    "hero",
    "field",
    "allies",
    "behind",
    "hand",
    "deck",
    "discard",
)

ZONES = {
    HERO: ZoneSpec(HERO, "Hero"),
    FIELD: ZoneSpec(FIELD, "In play"),
    ALLIES: ZoneSpec(ALLIES, "Allies"),
    BEHIND: ZoneSpec(BEHIND, "Behind the Hero"),
    HAND: ZoneSpec(HAND, "Hand", Visibility.OWNER),
    DECK: ZoneSpec(DECK, "Deck", Visibility.HIDDEN),
    DISCARD: ZoneSpec(DISCARD, "Discard pile"),
}

ICON = 6  # the die face that shows the Icon; it counts as 6

# The rules a refusal names, in the rulebook's words; one that rests on a ruling of
# docs/rulings/ewc.md says "(ruling)".
R_NO_PLAY_IN_COMBAT = (
    "EWC, Combat Phase: once this phase begins, you can no longer put cards into play"
)
R_PLAY_IN_TRAINING = (
    "EWC, Training Phase: in this phase you will be putting cards from your hand into play"
)
R_COST = "EWC, Playing Cards: to put a card into play you must pay its cost with TP"
R_TP_NOT_HERO = (
    "EWC, Training Points: you may activate any cards you have in play, except for "
    "your Hero or Allies, to gain TP"
)
R_TP_PHASE = (
    "EWC, Training Points (ruling): cards are activated for TP in the Training Phase, "
    "where TP pay for the cards you put into play"
)
R_TP_ONCE = "EWC, Training Points: each card you choose to activate only grants you 1 TP"
R_TURNED_FOR_TP = (
    "EWC, Training Points: a card activated for TP cannot use the abilities "
    "printed on it while it is activated"
)
R_TURNED = (
    "EWC, Ready Phase: a card turned 90 degrees is able to be activated again once it "
    "readies in your Ready Phase"
)
R_ATTACK_IN_COMBAT = (
    "EWC, Combat Phase (ruling): attacks are made in the Combat Phase, not in the Training Phase"
)
R_ACTIONS_OWN_TURN = (
    "EWC, Combat Phase: Action cards and Weapons can only be activated on your turn"
)
R_ACTIVATE_IN_COMBAT = (
    "EWC, Combat Phase (ruling): cards are activated for their effects in "
    'the Combat Phase ("in this phase your Hero is allowed to activate '
    'cards for their printed effects")'
)
R_TARGETS = (
    "EWC, Combat Phase: you may choose to attack any of your opponent's Heroes or Allies in play"
)
R_BASE_ATTACK_ONCE = (
    "EWC, Combat Phase (ruling): a Hero's Base Attack, and each Ally's "
    "attack, is made once per turn"
)
R_WEAPONS_ATTACK = "EWC, Combat Phase: Weapons are cards that create Attacks"
R_PIERCING = (
    "EWC, Combat Phase: Piercing attacks do not allow you to use Armor cards during this attack"
)
R_ARMOR_WHEN = "EWC, Combat Phase: Armor is used either before or after you make a Defense roll"
R_REACTION_WHEN = "EWC, Combat Phase: Reaction cards will tell you when they can be activated"
R_ALLY_ALIVE = (
    "EWC, Allies: while the Ally is in play, the card that created it cannot ready "
    "for as long as the Ally is alive"
)
R_ALLY_IN_PLAY = (
    "EWC, Allies: the Ally token card is removed from behind your Hero and put beside them"
)
R_SETUP_ONCE = (
    "EWC, Setup: you may choose to replace any of the 2 cards you drew; you can "
    "only do this once and only at the setup"
)


def face_value(face: int | None) -> int:
    """The Icon face counts as 6; the other faces as their pips."""
    return 0 if face is None else face


def face_text(face: int) -> str:
    return "the Icon (6)" if face == ICON else str(face)


# -- small queries -------------------------------------------------------------------------


def data(state: GameState) -> EwcData:
    return state.data


def hero(state: GameState, seat: int) -> Any:
    return state.cards[state.data.heroes[seat]]


def life(state: GameState, card_id: int) -> int:
    """Life left on a Hero or Ally."""
    inst = state.cards[card_id]
    return inst.card.life - inst.damage


def modifier(state: GameState, seat: int, stat: str) -> int:
    """The sum of a seat's Hero ability modifiers for ``stat``."""
    return state.cards[state.data.heroes[seat]].card.modifiers.get(stat, 0)


def alive_seats(state: GameState) -> list[int]:
    out = state.data.out
    return [s for s in range(state.seats) if not out[s]]


def characters(state: GameState, seat: int) -> Iterator[int]:
    """A seat's Hero and Allies in play (what can attack and be attacked)."""
    yield state.data.heroes[seat]
    yield from state.zones[(seat, ALLIES)]


def is_character_in_play(state: GameState, card_id: int) -> bool:
    inst = state.cards[card_id]
    return inst.zone[1] in (HERO, ALLIES)


def holds_ally(state: GameState, card_id: int) -> bool:
    return card_id in state.data.creators.values()


def name(state: GameState, card_id: int) -> str:
    return state.cards[card_id].card.name


# -- setup -------------------------------------------------------------------------------------


def _setup_enter(state: GameState, events: Events) -> None:
    state.active = 0


def _after_keep(state: GameState, events: Events) -> None:
    d = data(state)
    for seat in state.seats_from(state.active):
        if not d.kept[seat]:
            state.active = seat
            return
    next_phase(state, events)


def _gen_keep(state: GameState, seat: int) -> Iterator[Action]:
    yield Action("keep", seat)


def _check_keep(state: GameState, action: Action) -> str | None:
    return R_SETUP_ONCE if data(state).kept[action.seat] else None


def _exec_keep(state: GameState, action: Action, events: Events) -> None:
    data(state).kept[action.seat] = True
    events.append(
        Event("info", f"{state.seat_names[action.seat]} keeps their hand", seat=action.seat)
    )
    _after_keep(state, events)


def _gen_replace(state: GameState, seat: int) -> Iterator[Action]:
    hand = state.zones[(seat, HAND)]
    for n in range(1, len(hand) + 1):
        for chosen in combinations(hand, n):
            yield act(state, "replace", seat, chosen)


def _check_replace(state: GameState, action: Action) -> str | None:
    if data(state).kept[action.seat]:
        return R_SETUP_ONCE
    if not action.cards:
        return "EWC, Setup: name the cards to put at the bottom of your deck (or keep)"
    if len(set(action.cards)) != len(action.cards):
        return "EWC, Setup: each card is put at the bottom once"
    for cid in action.cards:
        if state.cards[cid].zone != (action.seat, HAND):
            return f"EWC, Setup: {name(state, cid)} is not in your hand"
    return None


def _exec_replace(state: GameState, action: Action, events: Events) -> None:
    seat = action.seat
    for cid in action.cards:
        state.move(cid, (seat, DECK))
    n = len(action.cards)
    names = ", ".join(name(state, c) for c in action.cards)
    who = state.seat_names[seat]
    events.append(
        Event(
            "move",
            f"{who} puts {names} at the bottom of their deck",
            seat=seat,
            cards=action.cards,
            value=((seat, HAND), (seat, DECK)),
            secret=f"{who} puts {n} card{'s' * (n > 1)} at the bottom of their deck",
            seen_by=frozenset({seat}),
        )
    )
    draw(state, seat, n, events)
    data(state).kept[seat] = True
    _after_keep(state, events)


# -- first player and hero abilities -----------------------------------------------------------


def _initiative_enter(state: GameState, events: Events) -> None:
    contenders = list(range(state.seats))
    while True:
        totals = {}
        for seat in contenders:
            face = state.rng.randint(1, 6)
            speed = hero(state, seat).card.speed
            totals[seat] = face_value(face) + speed
            events.append(
                Event(
                    "roll",
                    f"{state.seat_names[seat]} rolls {face_text(face)} + SPD {speed} = "
                    f"{totals[seat]}",
                    seat=seat,
                    value=("initiative", face, totals[seat]),
                )
            )
        best = max(totals.values())
        leaders = [s for s, t in totals.items() if t == best]
        if len(leaders) == 1:
            break
        events.append(
            Event(
                "info",
                "Tie for first player: "
                + " and ".join(state.seat_names[s] for s in leaders)
                + " roll again",
            )
        )
        contenders = leaders
    first = leaders[0]
    d = data(state)
    d.first = first
    state.active = first
    state.turn = 1
    events.append(Event("info", f"{state.seat_names[first]} goes first", seat=first))
    # "This ability takes effect after Setup is complete and first player is decided."
    for seat in state.seats_from(first):
        card = hero(state, seat).card
        for e in card.ability:
            if e.do == "draw":
                events.append(
                    Event(
                        "info",
                        f"{card.name}'s ability: draw {e.count}",
                        seat=seat,
                        cards=(d.heroes[seat],),
                    )
                )
                draw(state, seat, e.count, events)


# -- the five phases -------------------------------------------------------------------------


def _ready_enter(state: GameState, events: Events) -> None:
    seat = state.active
    d = data(state)
    readied = []
    for cid in state.zones[(seat, FIELD)]:
        inst = state.cards[cid]
        if inst.turned and not holds_ally(state, cid):
            inst.turned = False
            readied.append(cid)
    d.for_tp -= set(readied)
    if readied:
        events.append(
            Event(
                "ready",
                f"{state.seat_names[seat]} readies " + ", ".join(name(state, c) for c in readied),
                seat=seat,
                cards=tuple(readied),
            )
        )


def _draw_enter(state: GameState, events: Events) -> None:
    draw(state, state.active, 1, events)


def _training_enter(state: GameState, events: Events) -> None:
    # "Your Hero provides you with one TP for free"
    data(state).tp[state.active] = 1
    events.append(
        Event(
            "tp",
            f"{state.seat_names[state.active]} has 1 TP from their Hero",
            seat=state.active,
            value=(1,),
        )
    )


def _pass_enter(state: GameState, events: Events) -> None:
    d = data(state)
    seat = state.active
    d.tp[seat] = 0  # "TP cannot be stored for later turns"
    d.next_bonus[seat] = 0
    d.attacked.clear()
    if _stalemate(state):
        end_game(
            state,
            (),
            events,
            f"by stalemate: every deck is empty and {STALEMATE_ROUNDS} "
            "whole rounds went by with no card played or lost and no Hero brought lower "
            "(ruling)",
        )
        return
    following = [s for s in state.seats_from(seat) if s != seat and not d.out[s]]
    if following:
        state.active = following[0]
        state.turn += 1


def _stalemate(state: GameState) -> bool:
    """Ruling 6: every deck empty, and STALEMATE_ROUNDS whole rounds in which no card left a
    hand, no card came into or left play, and no Hero's Life went below the lowest it had
    been since the decks ran out. Called as each turn ends."""
    d = data(state)
    z = state.zones
    seats = range(state.seats)
    if any(z[(s, DECK)] for s in seats):
        d.low, d.quiet = None, 0  # a card put back into a deck starts the count afresh
        return False
    lives = tuple(life(state, d.heroes[s]) for s in seats)
    mark = (
        tuple(d.out),
        tuple(len(z[(s, HAND)]) for s in seats),
        tuple(len(z[(s, FIELD)]) for s in seats),
        tuple(len(z[(s, ALLIES)]) for s in seats),
    )
    if d.low is None or mark != d.mark or any(a < b for a, b in zip(lives, d.low, strict=True)):
        d.low = lives if d.low is None else tuple(map(min, lives, d.low))
        d.mark = mark
        d.quiet = 0
        return False
    d.quiet += 1
    return d.quiet >= STALEMATE_ROUNDS * len(alive_seats(state))


PHASES = {
    "setup": Phase(
        "setup",
        "Setup",
        frozenset({"keep", "replace"}),
        enter=_setup_enter,
        next="initiative",
        in_turn=False,
    ),
    "initiative": Phase(
        "initiative",
        "First player",
        auto=True,
        enter=_initiative_enter,
        next="ready",
        in_turn=False,
    ),
    "ready": Phase("ready", "Ready Phase", auto=True, enter=_ready_enter, next="draw"),
    "draw": Phase("draw", "Draw Phase", auto=True, enter=_draw_enter, next="training"),
    "training": Phase(
        "training",
        "Training Phase",
        frozenset({"tp", "play", "end"}),
        enter=_training_enter,
        next="combat",
        forbids={"attack": R_ATTACK_IN_COMBAT, "use": R_ACTIVATE_IN_COMBAT},
    ),
    "combat": Phase(
        "combat",
        "Combat Phase",
        frozenset({"attack", "use", "end"}),
        next="pass",
        forbids={"play": R_NO_PLAY_IN_COMBAT, "tp": R_TP_PHASE},
    ),
    "pass": Phase("pass", "Pass Turn Phase", auto=True, enter=_pass_enter, next="ready"),
}
TURN_PHASES = ("ready", "draw", "training", "combat", "pass")


# -- drawing, damage, Allies ----------------------------------------------------------------


def draw(state: GameState, seat: int, count: int, events: Events) -> None:
    if draw_cards(state, seat, count, events, DECK, HAND) < count:
        events.append(
            Event("info", f"{state.seat_names[seat]} has no cards left to draw", seat=seat)
        )


def deal_damage(state: GameState, target: int, amount: int, events: Events, why: str = "") -> None:
    if amount <= 0:
        return
    inst = state.cards[target]
    inst.damage += amount
    left = max(0, inst.card.life - inst.damage)
    events.append(
        Event(
            "damage",
            f"{inst.card.name} takes {amount} damage{why} ({left} Life left)",
            seat=inst.owner,
            cards=(target,),
            value=(amount, left),
        )
    )
    if inst.damage < inst.card.life:
        return
    if inst.zone[1] == HERO:
        data(state).out[inst.owner] = True
        events.append(
            Event(
                "out",
                f"{inst.card.name} is at 0 Life and out of the game",
                seat=inst.owner,
                cards=(target,),
            )
        )
    else:
        destroy_ally(state, target, events)


def destroy_ally(state: GameState, ally: int, events: Events) -> None:
    """ "Place it behind your Hero card again and you may ready the card that put it into
    play during your next Ready Phase." Excess damage does not carry over."""
    inst = state.cards[ally]
    inst.damage = 0
    state.move(ally, (inst.owner, BEHIND))
    data(state).creators.pop(ally, None)
    events.append(
        Event(
            "move",
            f"{inst.card.name} is destroyed and goes back behind the Hero",
            seat=inst.owner,
            cards=(ally,),
            value=((inst.owner, ALLIES), (inst.owner, BEHIND)),
        )
    )


def heal(state: GameState, seat: int, amount: int, events: Events) -> None:
    h = hero(state, seat)
    healed = min(amount, h.damage)
    h.damage -= healed
    events.append(
        Event(
            "heal",
            f"{h.card.name} heals {healed} ({life(state, h.id)} Life)",
            seat=seat,
            cards=(h.id,),
            value=(healed,),
        )
    )


def discard_random(state: GameState, seat: int, count: int, events: Events) -> None:
    hand = state.zones[(seat, HAND)]
    for _ in range(count):
        if not hand:
            return
        cid = hand[state.rng.randint(0, len(hand) - 1)]
        state.move(cid, (seat, DISCARD))
        events.append(
            Event(
                "move",
                f"{state.seat_names[seat]} discards {name(state, cid)} at random",
                seat=seat,
                cards=(cid,),
                value=((seat, HAND), (seat, DISCARD)),
            )
        )


def create_ally(state: GameState, seat: int, ally_name: str, creator: int, events: Events) -> None:
    for cid in state.zones[(seat, BEHIND)]:
        if name(state, cid) == ally_name:
            state.move(cid, (seat, ALLIES))
            data(state).creators[cid] = creator
            events.append(
                Event(
                    "move",
                    f"{ally_name} enters play beside the Hero",
                    seat=seat,
                    cards=(cid,),
                    value=((seat, BEHIND), (seat, ALLIES)),
                )
            )
            return


def ally_behind(state: GameState, seat: int, ally_name: str) -> bool:
    return any(name(state, c) == ally_name for c in state.zones[(seat, BEHIND)])


def turn_card(state: GameState, card_id: int, events: Events, why: str) -> None:
    inst = state.cards[card_id]
    inst.turned = True
    events.append(
        Event("turn", f"{inst.card.name} is turned {why}", seat=inst.owner, cards=(card_id,))
    )


# -- Training: TP and playing cards ----------------------------------------------------------


def _gen_tp(state: GameState, seat: int) -> Iterator[Action]:
    cards = state.cards
    for cid in state.zones[(seat, FIELD)]:
        if not cards[cid].turned:
            yield act(state, "tp", seat, (cid,))


def _check_tp(state: GameState, action: Action) -> str | None:
    if len(action.cards) != 1 or action.targets:
        return "EWC: activate one card at a time for TP"
    inst = state.cards[action.cards[0]]
    if inst.zone in ((action.seat, HERO), (action.seat, ALLIES)):
        return R_TP_NOT_HERO
    if inst.zone != (action.seat, FIELD):
        return f"EWC, Training Points: {inst.card.name} is not a card you have in play"
    if inst.turned:
        if inst.id in data(state).for_tp:
            return R_TP_ONCE
        return R_ALLY_ALIVE if holds_ally(state, inst.id) else R_TURNED
    return None


def _exec_tp(state: GameState, action: Action, events: Events) -> None:
    seat = action.seat
    cid = action.cards[0]
    d = data(state)
    state.cards[cid].turned = True
    d.for_tp.add(cid)
    d.tp[seat] += 1
    events.append(
        Event(
            "turn",
            f"{state.seat_names[seat]} activates {name(state, cid)} for 1 TP ({d.tp[seat]} TP)",
            seat=seat,
            cards=(cid,),
            value=("tp", d.tp[seat]),
        )
    )


def _gen_play(state: GameState, seat: int) -> Iterator[Action]:
    tp = data(state).tp[seat]
    cards = state.cards
    for cid in state.zones[(seat, HAND)]:
        inst = cards[cid]
        if inst.known and inst.card.cost <= tp:
            yield act(state, "play", seat, (cid,))


def _check_play(state: GameState, action: Action) -> str | None:
    if len(action.cards) != 1 or action.targets:
        return "EWC: put one card into play at a time"
    inst = state.cards[action.cards[0]]
    if inst.zone != (action.seat, HAND):
        return f"EWC, Playing Cards: {inst.card.name} is not in your hand"
    tp = data(state).tp[action.seat]
    if inst.card.cost > tp:
        return f"{R_COST} ({inst.card.name} costs {inst.card.cost} TP, you have {tp})"
    return None


def _exec_play(state: GameState, action: Action, events: Events) -> None:
    seat = action.seat
    cid = action.cards[0]
    card = state.cards[cid].card
    d = data(state)
    d.tp[seat] -= card.cost
    state.move(cid, (seat, FIELD))
    events.append(
        Event(
            "move",
            f"{state.seat_names[seat]} puts {card.name} into play for "
            f"{card.cost} TP ({d.tp[seat]} TP left)",
            seat=seat,
            cards=(cid,),
            value=((seat, HAND), (seat, FIELD)),
        )
    )


# -- Combat: attacks ---------------------------------------------------------------------------


def attack_strength(state: GameState, seat: int, source: int) -> tuple[int, bool] | None:
    """(Strength, Piercing) of the attack ``source`` would make, or None if it makes none."""
    inst = state.cards[source]
    card = inst.card
    bonus = data(state).next_bonus[seat]
    if card.type == "hero":
        return card.strength + bonus, False
    if card.type == "ally":
        return card.strength + modifier(state, seat, "ally_strength") + bonus, False
    atk = card.attack
    if atk is None:
        return None
    extra = modifier(state, seat, "weapon_strength") if card.type == "weapon" else 0
    return atk.strength + extra + bonus, atk.piercing


def _targets(state: GameState, seat: int) -> Iterator[int]:
    out = data(state).out
    for other in range(state.seats):
        if other != seat and not out[other]:
            yield from characters(state, other)


def _sources(state: GameState, seat: int) -> Iterator[int]:
    yield from characters(state, seat)
    yield from state.zones[(seat, FIELD)]


def _gen_attack(state: GameState, seat: int) -> Iterator[Action]:
    targets = list(_targets(state, seat))
    attacked = data(state).attacked
    cards = state.cards
    for source in _sources(state, seat):
        inst = cards[source]
        if (
            inst.turned
            or source in attacked
            or not inst.known
            or attack_strength(state, seat, source) is None
        ):
            continue
        for target in targets:
            yield act(state, "attack", seat, (source,), (target,))


def _usable(state: GameState, seat: int, cid: int) -> str | None:
    """Why a card this seat has in play cannot be activated now (None: it can)."""
    inst = state.cards[cid]
    if inst.zone != (seat, FIELD):
        return f"EWC: {inst.card.name} is not a card you have in play"
    if inst.turned:
        if cid in data(state).for_tp:
            return R_TURNED_FOR_TP
        if holds_ally(state, cid):
            return R_ALLY_ALIVE
        return R_TURNED
    return None


def _check_attack(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if len(action.cards) != 1 or len(action.targets) != 1:
        return "EWC: an attack is made with one card against one Hero or Ally"
    source, target = action.cards[0], action.targets[0]
    inst = state.cards[source]
    if inst.zone in ((seat, HERO), (seat, ALLIES)):
        if source in data(state).attacked:
            return R_BASE_ATTACK_ONCE
    else:
        reason = _usable(state, seat, source)
        if reason:
            return reason
        if attack_strength(state, seat, source) is None:
            return f"EWC, Combat Phase: {inst.card.name} does not create an attack"
    tgt = state.cards[target]
    if not is_character_in_play(state, target) or tgt.owner == seat or data(state).out[tgt.owner]:
        return R_TARGETS
    return None


def _exec_attack(state: GameState, action: Action, events: Events) -> None:
    seat = action.seat
    d = data(state)
    source, target = action.cards[0], action.targets[0]
    src = state.cards[source]
    strength, piercing = attack_strength(state, seat, source)  # type: ignore[misc]
    d.next_bonus[seat] = 0
    if src.card.type in ("hero", "ally"):
        d.attacked.add(source)
        attacker = source
    else:
        src.turned = True
        attacker = d.heroes[seat]
        events.append(
            Event(
                "turn",
                f"{state.seat_names[seat]} activates {src.card.name}",
                seat=seat,
                cards=(source,),
                value=("use",),
            )
        )
    tgt = state.cards[target]
    d.combat = Combat(seat, tgt.owner, source, attacker, target, strength, piercing)
    with_ = "" if src.card.type in ("hero", "ally") else f" with {src.card.name}"
    kind = "a Piercing attack" if piercing else "an attack"
    events.append(
        Event(
            "attack",
            f"{state.cards[attacker].card.name} makes {kind}{with_} on {tgt.card.name} "
            f"(Strength {strength})",
            seat=seat,
            cards=(source, target),
            value=(attacker, strength, piercing),
        )
    )
    run_combat(state, events)


def run_combat(state: GameState, events: Events) -> None:
    """Carry the attack forward to its next response window, or to its end."""
    d = data(state)
    c = d.combat
    while c is not None:
        stage = STAGES[c.stage]
        if stage in WINDOW_STAGES:
            seat = window_seat(c, stage)
            if any(True for _ in _responses(state, seat)):
                open_window(state, seat, stage, events)
                return
        elif stage == "attack_roll":
            c.attack_die = _roll(state, c, "attack", events)
        elif stage == "defense_roll":
            c.defense_die = _roll(state, c, "defense", events)
        else:
            _resolve(state, c, events)
            d.combat = None
            if d.out[state.active] and len(alive_seats(state)) > 1:
                # The active Hero fell during its own turn (multiplayer): the turn passes.
                enter_phase(state, "pass", events)
            return
        c.stage += 1


def window_seat(c: Combat, stage: str) -> int | None:
    """Who is asked in the response window of ``stage``: the attacking seat before and after
    its Attack roll, the seat attacked in the others (None: ``stage`` is no window)."""
    if stage in ATTACKER_WINDOWS:
        return c.seat
    return c.defender if stage in WINDOW_STAGES else None


def _defense_value(state: GameState, c: Combat) -> int:
    return state.cards[c.target].card.defense


def totals(state: GameState, c: Combat) -> tuple[int, int]:
    atk = face_value(c.attack_die) + c.strength + c.attack_mod
    dfn = face_value(c.defense_die) + _defense_value(state, c) + c.defense_mod
    return atk, dfn


def _roll(state: GameState, c: Combat, which: str, events: Events, again: bool = False) -> int:
    face = state.rng.randint(1, 6)
    if which == "attack":
        seat, who, base = c.seat, state.cards[c.attacker].card.name, c.strength + c.attack_mod
        total = face_value(face) + base
        label = "Attack"
    else:
        seat, who = c.defender, state.cards[c.target].card.name
        base = _defense_value(state, c) + c.defense_mod
        total = face_value(face) + base
        label = "Defense"
    events.append(
        Event(
            "roll",
            f"{who} {'rolls again' if again else 'rolls'}: {face_text(face)} + {base} = "
            f"{label} total {total}",
            seat=seat,
            cards=(c.source if which == "attack" else c.target,),
            value=(which, face, total),
        )
    )
    return face


def _resolve(state: GameState, c: Combat, events: Events) -> None:
    d = data(state)
    atk, dfn = totals(state, c)
    hit = atk >= dfn
    attack_icon = c.attack_die == ICON
    defense_icon = c.defense_die == ICON
    source = state.cards[c.source].card
    # The cards each side activated during this attack (their Icon effects, ruling 14).
    used = {
        seat: [state.cards[u].card for u in c.used if state.cards[u].owner == seat]
        for seat in (c.seat, c.defender)
    }

    prevent = c.prevent
    if defense_icon:
        prevent += sum(
            e.amount for card in used[c.defender] for e in card.icon if e.do == "prevent"
        )
    if hit:
        bonus = sum(e.amount for e in source.on_hit if e.do == "bonus_damage")
        if attack_icon:
            bonus += sum(e.amount for e in source.icon if e.do == "bonus_damage")
        if c.attacker == d.heroes[c.seat]:
            bonus += modifier(state, c.seat, "hit_damage")
        raw = atk - dfn + bonus
        dealt = max(0, raw - prevent)
        # What the target takes, after prevention, with the totals beside it; then how the
        # difference became that ("7 vs 5", "+1 damage", "1 prevented").
        extra = []
        if bonus:
            extra.append(f"+{bonus} damage")
        if prevent and raw:
            extra.append(f"{min(prevent, raw)} prevented")
        detail = f": {', '.join(extra)}" if extra else ""
        events.append(
            Event(
                "outcome",
                f"Hit for {dealt} ({atk} vs {dfn}){detail}",
                seat=c.seat,
                cards=(c.source, c.target),
                value=("hit", atk, dfn, dealt),
            )
        )
        deal_damage(state, c.target, dealt, events)
        for e in source.on_hit:
            if e.do != "bonus_damage":
                _rider(state, c, c.seat, e, events)
    else:
        events.append(
            Event(
                "outcome",
                f"Dodged ({atk} vs {dfn})",
                seat=c.seat,
                cards=(c.source, c.target),
                value=("dodged", atk, dfn, 0),
            )
        )
    # Then each side's own effects, the attacker's first: its Icon effects, its Reactions
    # waiting on 'if', its Reactions' Icon effects. A Hero that this attack has put out of
    # the game no longer acts (ruling 18).
    for seat, icon in ((c.seat, attack_icon), (c.defender, defense_icon)):
        if d.out[seat]:
            continue
        if icon and seat == c.seat:
            for e in source.icon:
                if e.do != "bonus_damage":
                    _rider(state, c, seat, e, events, icon=source.name)
        for cid, index in c.pending:
            inst = state.cards[cid]
            if inst.owner == seat and (inst.card.effects[index].when == "hit") == hit:
                _rider(state, c, seat, inst.card.effects[index], events, by=inst.card.name)
        if icon:
            for card in used[seat]:
                for e in card.icon:
                    if e.do not in ("prevent", "bonus_damage"):
                        _rider(state, c, seat, e, events, icon=card.name)
    if source.one_shot and state.cards[c.source].zone == (c.seat, FIELD):
        state.move(c.source, (c.seat, DISCARD))
        events.append(
            Event(
                "move",
                f"{source.name} goes to the discard pile",
                seat=c.seat,
                cards=(c.source,),
                value=((c.seat, FIELD), (c.seat, DISCARD)),
            )
        )


def _rider(
    state: GameState, c: Combat, seat: int, e: Any, events: Events, icon: str = "", by: str = ""
) -> None:
    """An effect riding on an attack: on hit, on the Icon, or a Reaction's 'if'."""
    if icon:
        events.append(Event("icon", f"Icon! {icon}'s Icon effect", seat=seat))
    why = f" ({by})" if by else ""
    if e.do == "damage":
        who = c.attacker if e.to == "attacker" else c.target
        if is_character_in_play(state, who) and not data(state).out[state.cards[who].owner]:
            deal_damage(state, who, e.amount, events, why)
    elif e.do == "draw":
        draw(state, seat, e.count, events)
    elif e.do == "heal":
        heal(state, seat, e.amount, events)
    elif e.do == "discard":
        discard_random(state, c.defender, e.count, events)


# -- activating cards: Actions on your turn, Reactions and Armor in an attack's windows ------


def _responses(state: GameState, seat: int) -> Iterator[int]:
    """The cards ``seat`` may activate in the open (or opening) response window."""
    c = data(state).combat
    if c is None:
        return
    stage = STAGES[c.stage]
    if seat != window_seat(c, stage):
        return
    for cid in state.zones[(seat, FIELD)]:
        inst = state.cards[cid]
        if not inst.turned and inst.known and _response_problem(c, stage, inst.card) is None:
            yield cid


def _response_problem(c: Combat, stage: str, card: EwcCard) -> str | None:
    if card.type == "reaction":
        if card.timing != stage:
            return f"{R_REACTION_WHEN}: {card.name}, {schema.TIMING_WORDS[card.timing]}"
        return None
    if card.type == "armor":
        if c.piercing:
            return R_PIERCING
        if stage not in ("before_defense", "after_defense"):
            return R_ARMOR_WHEN
        return None
    return R_ACTIONS_OWN_TURN


def _use_targets(state: GameState, seat: int, card: EwcCard) -> list[int] | None:
    """The targets a card's effect needs (None: it takes no target)."""
    for e in card.effects:
        if e.do == "turn_card":
            # "Turn a ready card an opponent has in play": a turned card is no target.
            return [
                cid
                for other in range(state.seats)
                if other != seat and not data(state).out[other]
                for cid in state.zones[(other, FIELD)]
                if not state.cards[cid].turned
            ]
        if (e.do == "damage" and e.to == "target") or (e.do == "discard" and e.to == "target"):
            return list(_targets(state, seat))
    return None


def _gen_use(state: GameState, seat: int) -> Iterator[Action]:
    if state.prompts:
        for cid in _responses(state, seat):
            yield act(state, "use", seat, (cid,))
        return
    for cid in state.zones[(seat, FIELD)]:
        inst = state.cards[cid]
        if inst.turned or not inst.known or inst.card.type != "action" or inst.card.attack:
            continue
        if any(
            e.do == "create_ally" and not ally_behind(state, seat, e.ally)
            for e in inst.card.effects
        ):
            continue
        targets = _use_targets(state, seat, inst.card)
        if targets is None:
            yield act(state, "use", seat, (cid,))
        else:
            for t in targets:
                yield act(state, "use", seat, (cid,), (t,))


def _check_use(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if len(action.cards) != 1:
        return "EWC: activate one card at a time"
    cid = action.cards[0]
    inst = state.cards[cid]
    if inst.zone in ((seat, HERO), (seat, ALLIES)):
        return (
            f"EWC, Combat Phase: when your Hero or Ally makes an Attack, you do not need to "
            f"activate them (attack with {inst.card.name})"
        )
    reason = _usable(state, seat, cid)
    if reason:
        return reason
    card = inst.card
    prompt = state.top_prompt
    if prompt is not None:  # a response window of an attack: Reactions and Armor
        c = data(state).combat
        if action.targets:
            return f"EWC: {card.name} takes no target"
        return _response_problem(c, STAGES[c.stage], card)
    # No attack is under way: Reactions wait for the moment they name, Armor for an attack
    # on your Hero or Ally.
    if card.type == "reaction":
        return f"{R_REACTION_WHEN}: {card.name}, {schema.TIMING_WORDS[card.timing]}"
    if card.type == "armor":
        return R_ARMOR_WHEN
    if card.type == "weapon" or card.attack is not None:
        return f"{R_WEAPONS_ATTACK}: attack with {card.name}"
    targets = _use_targets(state, seat, card)
    if targets is None:
        if action.targets:
            return f"EWC: {card.name} takes no target"
    elif len(action.targets) != 1 or action.targets[0] not in targets:
        return _target_reason(state, card)
    for e in card.effects:
        if e.do == "create_ally" and not ally_behind(state, seat, e.ally):
            return f"{R_ALLY_IN_PLAY} ({e.ally} is not behind your Hero)"
    return None


def _target_reason(state: GameState, card: EwcCard) -> str:
    if any(e.do == "turn_card" for e in card.effects):
        return (
            f"EWC: {card.name} turns a ready card an opponent has in play (not a Hero or "
            "Ally): name one"
        )
    return (
        f"EWC, Combat Phase (ruling): {card.name} needs a target: one of your opponent's "
        "Heroes or Allies in play"
    )


def _exec_use(state: GameState, action: Action, events: Events) -> None:
    seat = action.seat
    cid = action.cards[0]
    inst = state.cards[cid]
    card = inst.card
    inst.turned = True
    who = state.seat_names[seat]
    events.append(
        Event("turn", f"{who} activates {card.name}", seat=seat, cards=(cid,), value=("use",))
    )
    d = data(state)
    c = d.combat
    if state.prompts and c is not None:
        c.used = (*c.used, cid)
        for index, e in enumerate(card.effects):
            if e.when is not None:
                c.pending = (*c.pending, (cid, index))
            else:
                _combat_effect(state, c, seat, e, events, card.name)
        extra = modifier(state, seat, "armor_prevent") if card.type == "armor" else 0
        if extra:
            c.prevent += extra
            events.append(
                Event(
                    "info",
                    f"{hero(state, seat).card.name}'s ability: {card.name} prevents {extra} more",
                    seat=seat,
                )
            )
        if not any(True for _ in _responses(state, seat)):
            close_window(state)
            c.stage += 1
            run_combat(state, events)
        return
    target = action.targets[0] if action.targets else None
    for e in card.effects:
        if e.do == "damage":
            deal_damage(state, target, e.amount, events, f" ({card.name})")  # type: ignore[arg-type]
        elif e.do == "draw":
            draw(state, seat, e.count, events)
        elif e.do == "heal":
            heal(state, seat, e.amount, events)
        elif e.do == "create_ally":
            create_ally(state, seat, e.ally, cid, events)
        elif e.do == "next_attack":
            d.next_bonus[seat] += e.amount
            events.append(
                Event("info", f"{who}'s next attack this turn gets +{e.amount} Strength", seat=seat)
            )
        elif e.do == "turn_card":
            turn_card(state, target, events, f"by {card.name}")  # type: ignore[arg-type]
        elif e.do == "discard":
            discard_random(state, state.cards[target].owner, e.count, events)  # type: ignore[index]
    if card.one_shot and inst.zone == (seat, FIELD):
        state.move(cid, (seat, DISCARD))
        events.append(
            Event(
                "move",
                f"{card.name} goes to the discard pile",
                seat=seat,
                cards=(cid,),
                value=((seat, FIELD), (seat, DISCARD)),
            )
        )


def _combat_effect(state: GameState, c: Combat, seat: int, e: Any, events: Events, by: str) -> None:
    """The effect of a Reaction or Armor ``seat`` activated, working on the attack at once."""
    if e.do == "roll_bonus":
        if e.roll == "attack":
            c.attack_mod += e.amount
        else:
            c.defense_mod += e.amount
        events.append(
            Event("info", f"{by}: {e.amount:+d} to the {e.roll.capitalize()} total", seat=seat)
        )
    elif e.do == "prevent":
        c.prevent += e.amount
        events.append(Event("info", f"{by}: prevent {e.amount} damage", seat=seat))
    elif e.do == "reroll":
        if e.roll == "attack":
            c.attack_die = _roll(state, c, "attack", events, again=True)
        else:
            c.defense_die = _roll(state, c, "defense", events, again=True)
    else:
        _rider(state, c, seat, e, events, by=by)


def _on_pass(state: GameState, prompt: Prompt, events: Events) -> None:
    c = data(state).combat
    if c is not None:
        c.stage += 1
        run_combat(state, events)


WINDOWS = {
    "attacked": Window(
        "attacked",
        "Your Hero or Ally is attacked: activate a Reaction, or pass",
        frozenset({"use"}),
        on_pass=_on_pass,
    ),
    "before_attack": Window(
        "before_attack",
        "Before your Attack roll: activate a Reaction, or pass",
        frozenset({"use"}),
        on_pass=_on_pass,
    ),
    "after_attack": Window(
        "after_attack",
        "After your Attack roll: activate a Reaction, or pass",
        frozenset({"use"}),
        on_pass=_on_pass,
    ),
    "before_defense": Window(
        "before_defense",
        "Before your Defense roll: activate Reactions or Armor, or pass",
        frozenset({"use"}),
        on_pass=_on_pass,
    ),
    "after_defense": Window(
        "after_defense",
        "After your Defense roll: activate Reactions or Armor, or pass",
        frozenset({"use"}),
        on_pass=_on_pass,
    ),
}


MOVES = {
    "keep": Move(
        "keep",
        _gen_keep,
        _check_keep,
        _exec_keep,
        wrong_phase="EWC, Setup: hands are kept or replaced only at the setup",
    ),
    "replace": Move(
        "replace", _gen_replace, _check_replace, _exec_replace, wrong_phase=R_SETUP_ONCE
    ),
    "tp": Move("tp", _gen_tp, _check_tp, _exec_tp, wrong_phase=R_TP_PHASE, exact=True),
    "play": Move(
        "play", _gen_play, _check_play, _exec_play, wrong_phase=R_PLAY_IN_TRAINING, exact=True
    ),
    "attack": Move(
        "attack",
        _gen_attack,
        _check_attack,
        _exec_attack,
        wrong_phase=R_ATTACK_IN_COMBAT,
        exact=True,
    ),
    "use": Move(
        "use", _gen_use, _check_use, _exec_use, wrong_phase=R_ACTIVATE_IN_COMBAT, exact=True
    ),
}


def _put_life(state: GameState, seat: int, value: int) -> None:
    h = hero(state, seat)
    if not 1 <= value <= h.card.life:
        raise ValueError(f"{h.card.name}'s Life is 1 to {h.card.life}, not {value}")
    h.damage = h.card.life - value


def _put_tp(state: GameState, seat: int, value: int) -> None:
    if value < 0:
        raise ValueError(f"Training Points cannot be negative ({value})")
    data(state).tp[seat] = value


_SEAT_VALUES = {
    "life": SeatValue(
        "the Hero's Life left (0 when it has fallen)",
        lambda st, seat: max(0, life(st, data(st).heroes[seat])),
        _put_life,
    ),
    "tp": SeatValue("Training Points in the pool", lambda st, seat: data(st).tp[seat], _put_tp),
}


class Ewc(Game):
    id = "ewc"
    name = GAME
    tagline = "Heroes, Training Points from turned cards, a d6 on every attack"
    min_seats = 2
    max_seats = 4
    zones = ZONES
    phases = PHASES
    windows = WINDOWS
    moves = MOVES
    card_model = EwcCard
    schema = schema  # its check_set and deck_problems: the set and deck rules
    turn_phases = TURN_PHASES

    def cards_path(self):
        return cards_dir(self.id)

    def seat_values(self) -> Mapping[str, SeatValue]:
        return _SEAT_VALUES

    def scenario_ready(self, state: GameState) -> None:
        """The Hero is the card in the Hero zone. In the setup, the seats before the active
        one have kept or replaced their hands; at the first-player roll, every seat has;
        after it, setup is over and the first player known."""
        d = data(state)
        if state.phase == "setup":
            d.kept = [seat < state.active for seat in range(state.seats)]
            d.first = None
        elif state.phase == "initiative":
            d.kept = [True] * state.seats
            d.first = None
        else:
            d.kept = [True] * state.seats
            if d.first is None:
                d.first = state.active
        for seat in range(state.seats):
            ids = state.zones[(seat, HERO)]
            if ids:
                d.heroes[seat] = ids[0]
            heroes = [cid for cid in ids if state.cards[cid].card.type == "hero"]
            if len(ids) != 1 or not heroes:
                raise ValueError(
                    f"seats[{seat}].zones.hero: a player's Hero zone holds "
                    f"exactly one Hero (P{seat + 1}'s holds {len(ids)} "
                    f"card{'s' * (len(ids) != 1)}, {len(heroes)} of them "
                    "Heroes)"
                )

    def new_game(
        self, decks: Sequence[DeckList], seed: int, events: Events | None = None
    ) -> GameState:
        self.check_decks(decks)
        cards = self.card_set().cards
        events = events if events is not None else []
        state = GameState(self, len(decks), seed)
        d = state.data = EwcData(len(decks))
        for seat, deck in enumerate(decks):
            names = deck.names()
            hero_name = next(n for n in names if cards[n].type == "hero")
            h = state.create(cards[hero_name], seat, (seat, HERO))
            d.heroes[seat] = h.id
            # "Place them on the table, forming a triangle with the Hero on top"
            for s in cards[hero_name].starting:
                state.create(cards[s], seat, (seat, FIELD))
            for n in names:
                card = cards[n]
                if card.type == "ally":
                    state.create(card, seat, (seat, BEHIND))
                elif card.type != "hero":
                    state.create(card, seat, (seat, DECK))
            state.shuffle((seat, DECK))
            events.append(
                Event(
                    "info",
                    f"{state.seat_names[seat]} plays {hero_name} with "
                    f"{' and '.join(cards[hero_name].starting)}",
                    seat=seat,
                    cards=(h.id,),
                )
            )
            draw(state, seat, 2, events)
        enter_phase(state, "setup", events)
        settle(state, events)
        return state

    def concede(self, state: GameState, seat: int, events: Events) -> None:
        """The conceding Hero is out: with two players the other wins; with more, play goes
        on without it (its attack, or the attack on it, is called off)."""
        d = data(state)
        d.out[seat] = True
        if d.combat is not None and seat in (d.combat.seat, d.combat.defender):
            d.combat = None
            state.prompts = ()
        alive = alive_seats(state)
        if len(alive) == 1:
            end_game(state, (alive[0],), events, "by concession")
        elif state.active == seat:
            enter_phase(state, "pass", events)

    def deck_summary(self, deck: DeckList) -> str:
        """Its Hero, and how many cards it holds."""
        cards = self.card_set().cards
        hero = next((n for n in deck.cards if n in cards and cards[n].type == "hero"), "")
        return f"{hero} · {counted(sum(deck.cards.values()), 'card')}"

    def out(self, state: GameState) -> frozenset[int]:
        """The Heroes at 0 Life, out of the game."""
        return frozenset(s for s in range(state.seats) if state.data.out[s])

    def winner(self, state: GameState) -> tuple[int, ...] | None:
        alive = alive_seats(state)
        if len(alive) == 1:
            return (alive[0],)
        if not alive:
            return ()
        return None

    def ending(self, state: GameState) -> str:
        """The Hero left standing among three or four; with two, the Hero (or both) whose
        Life reached 0 (a concession that ends the game says so itself)."""
        alive = alive_seats(state)
        if state.seats > 2:
            return (
                f"{hero(state, alive[0]).card.name} is the last Hero standing"
                if alive
                else "no Hero is left standing"
            )
        fallen = [hero(state, s).card.name for s in range(state.seats) if s not in alive]
        return (
            f"{' and '.join(fallen)}'s Life reached 0"
            if len(fallen) == 1
            else f"{' and '.join(fallen)} reached 0 Life together"
        )

    def invariants(self, state: GameState) -> list[str]:
        d = data(state)
        out = []
        for seat in range(state.seats):
            h = hero(state, seat)
            field = state.zones[(seat, FIELD)]
            if not 0 <= d.tp[seat] <= 1 + len(field):
                out.append(f"seat {seat + 1} has {d.tp[seat]} TP with {len(field)} cards in play")
            if d.tp[seat] and seat != state.active:
                out.append(f"seat {seat + 1} holds {d.tp[seat]} TP outside its turn")
            if d.next_bonus[seat] < 0:
                out.append(f"seat {seat + 1} has a negative next-attack bonus")
            if h.damage < 0:
                out.append(f"{h.card.name} has negative damage")
            if h.damage >= h.card.life and not d.out[seat]:
                out.append(f"{h.card.name} is at 0 Life but still in the game")
            if h.zone != (seat, HERO):
                out.append(f"{h.card.name} left the Hero's place")
            for cid in state.zones[(seat, ALLIES)]:
                a = state.cards[cid]
                if not 0 <= a.damage < a.card.life:
                    out.append(f"{a.card.name} is in play with {a.damage} damage")
                creator = d.creators.get(cid)
                if creator is None or not state.cards[creator].turned:
                    out.append(f"{a.card.name} is in play without its creator held turned")
            for cid in state.zones[(seat, BEHIND)]:
                if state.cards[cid].damage:
                    out.append(f"{state.cards[cid].card.name} waits behind the Hero damaged")
            for zone in (FIELD, HAND, DECK, DISCARD):
                for cid in state.zones[(seat, zone)]:
                    if state.cards[cid].card.is_character:
                        out.append(f"{state.cards[cid].card.name} is in {zone}")
        for ally in d.creators:
            if state.cards[ally].zone[1] != ALLIES:
                out.append(f"creator record for {state.cards[ally].card.name}, not in play")
        if bool(state.prompts) != (d.combat is not None) and not state.over:
            out.append(f"windows {state.prompts} open with combat {d.combat}")
        if not state.over and d.out[state.active] and state.phase in TURN_PHASES:
            out.append(f"seat {state.active + 1} is out but has the turn")
        return out
