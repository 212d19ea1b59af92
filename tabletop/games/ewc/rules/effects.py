"""What happens to cards: drawing, damage (a Hero at 0 Life is out of the game; an Ally
destroyed goes back behind its Hero: the rulebook's Allies), healing, discarding at random,
an Ally created (it enters play beside the Hero) and a card turned by an effect."""

from __future__ import annotations

from ....engine import Event, Events, GameState, draw_cards
from .state import ALLIES, BEHIND, DECK, DISCARD, HAND, HERO, data, hero, life, name

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
            f"{name(state, inst.id)} takes {amount} damage{why} ({left} Life left)",
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
                f"{name(state, inst.id)} is at 0 Life and out of the game",
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
            f"{name(state, inst.id)} is destroyed and goes back behind the Hero",
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
            f"{name(state, h.id)} heals {healed} ({life(state, h.id)} Life)",
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
        if state.cards[cid].card.name == ally_name:
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
    return any(state.cards[c].card.name == ally_name for c in state.zones[(seat, BEHIND)])


def turn_card(state: GameState, card_id: int, events: Events, why: str) -> None:
    inst = state.cards[card_id]
    inst.turned = True
    events.append(
        Event("turn", f"{name(state, inst.id)} is turned {why}", seat=inst.owner, cards=(card_id,))
    )
