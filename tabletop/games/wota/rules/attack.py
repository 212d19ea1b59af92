"""The Main Phase's fourth action, Attack, step by step (the rulebook's 4, Turn Structure,
Main Phase, 4, a to e): declaring it (Shocked, Petrified and Dazed: 5, Status Effects),
revealing the defender (a Trap springs), First-Blood and its coin (6, Card Keyword
Effects), the abilities on attacking and on being attacked, combat damage and the
retaliation (none from a Burned defender), post-combat abilities, and the Aftermath's move
into the defender's space. Who is asked to answer with a Spell (``may_answer``) is here,
since an attack asks first; the Spells themselves are in ``spells``."""

from __future__ import annotations

from collections.abc import Iterator

from ....engine import Action, Event, Events, GameState, Prompt, act, close_window, open_window
from .effects import damage, destroy, resolve, reveal, reveal_ability
from .placing import _named, held, step
from .state import (
    BESIDE,
    BESIDE_SET,
    HAND,
    R_AP,
    R_ATTACKER,
    R_FACE_UP,
    R_ORTHOGONAL,
    R_PETRIFIED,
    R_SHOCKED,
    Attack,
    W,
    attack_of,
    data,
    has,
    name,
    occupant,
    on_board,
    square_of,
)

# -- attacks -------------------------------------------------------------------------------


def _gen_attack(state: GameState, seat: int) -> Iterator[Action]:
    if data(state).ap <= 0:
        return
    where, cards = data(state).where, state.cards
    enemies = {sq: cid for cid, sq in where.items() if cards[cid].owner != seat}
    if not enemies:
        return
    for cid, sq in where.items():
        inst = cards[cid]
        if (
            inst.owner != seat
            or inst.face_down
            or not inst.card.is_unit
            or (inst.counters and (has(inst, "shocked") or has(inst, "petrified")))
        ):
            continue
        for n in BESIDE[sq]:
            other = enemies.get(n)
            if other is not None:
                yield act(state, "attack", seat, (cid,), (other,))


def _check_attack(state: GameState, action: Action) -> str | None:
    if len(action.cards) != 1 or len(action.targets) != 1 or action.words:
        return f'{W}: an attack is one Unit against one card (attack "Unit" -> "Card")'
    cid, target = action.cards[0], action.targets[0]
    inst = state.cards[cid]
    sq = square_of(state, cid)
    if sq is None or inst.owner != action.seat:
        return R_ATTACKER
    if inst.face_down or not inst.card.is_unit:
        return R_FACE_UP
    if has(inst, "petrified"):
        return R_PETRIFIED
    if has(inst, "shocked"):
        return R_SHOCKED
    tsq = square_of(state, target)
    if tsq is None or state.cards[target].owner == action.seat or tsq not in BESIDE_SET[sq]:
        return R_ORTHOGONAL
    return R_AP if data(state).ap <= 0 else None


def _exec_attack(state: GameState, action: Action, events: Events) -> None:
    d = data(state)
    a, t = action.cards[0], action.targets[0]
    d.ap -= 1
    d.attack = Attack(action.seat, a, t, square_of(state, t))
    events.append(
        Event(
            "attack",
            f"{name(state, a)} attacks {_named(state, t)} on {square_of(state, t)}",
            seat=action.seat,
            cards=(a, t),
        )
    )
    if has(state.cards[a], "dazed"):
        events.append(Event("info", f"{name(state, a)} is Dazed", seat=action.seat))
        damage(state, a, 1, events, by=a)
    if not on_board(state, a):
        d.attack = None  # its Dazed damage destroyed the attacker: the attack is over
        return
    reveal_defender(state, events)
    # Then, before step b, the defender's owner may answer with a Spell.
    defender = state.cards[t].owner
    if (
        not state.over
        and d.attack is not None
        and on_board(state, a)
        and may_answer(state, defender)
    ):
        open_window(state, defender, "respond_attack", events)
    else:
        fight(state, events)


def _strike(state: GameState, by: int, at: int, events: Events) -> None:
    if on_board(state, by) and on_board(state, at):
        amount = attack_of(state.cards[by])
        if amount:
            events.append(
                Event(
                    "strike",
                    f"{name(state, by)} deals {amount} to {name(state, at)}",
                    seat=state.cards[by].owner,
                    cards=(by, at),
                    value=(amount,),
                )
            )
            damage(state, at, amount, events, by=by, combat=True)


def reveal_defender(state: GameState, events: Events) -> None:
    """Step a of the attack: a face-down defender is revealed; a Trap springs (and the attack
    ends there); an attacking First-Blood Unit deals its combat damage to a face-down
    defender (ruling 11); then the defender's reveal ability resolves."""
    d = data(state)
    atk = d.attack
    a, t = atk.attacker, atk.defender
    defender = state.cards[t]
    was_down = defender.face_down
    if was_down:
        reveal(state, t, events, " as it is attacked")
    if defender.card.type == "trap":
        events.append(
            Event(
                "ability", f"{name(state, defender.id)} springs!", seat=defender.owner, cards=(t,)
            )
        )
        resolve(state, defender.card.effects, t, events)
        if on_board(state, t):
            destroy(state, t, events)  # a sprung Trap is spent (ruling)
        d.attack = None
        return
    atk.first = _first_striker(state, a, t, events)
    if was_down and atk.first == a and state.cards[a].card.first_blood:
        _strike(state, a, t, events)  # First-Blood: even before the reveal resolves
        atk.struck = True
    if was_down and on_board(state, t):
        reveal_ability(state, t, events)
    atk.stage = "answer"
    atk.standing = on_board(state, t)


def continue_attack(state: GameState, events: Events) -> None:
    """The attack goes on after the defender's owner has answered with Spells (or passed):
    unless a Spell took the attacker, or a defender that stood after step a, off the
    battlefield — then the attack is over."""
    d = data(state)
    atk = d.attack
    if atk is None:
        return
    if not on_board(state, atk.attacker) or (atk.standing and not on_board(state, atk.defender)):
        d.attack = None
        return
    fight(state, events)


def fight(state: GameState, events: Events) -> None:
    """Steps b to e of the attack, once the defender is revealed and its owner has
    answered."""
    d = data(state)
    atk = d.attack
    if atk is None:
        return  # a Trap sprang: there is no combat
    a, t = atk.attacker, atk.defender
    # b. Abilities: the attacker's on-attack, then the defender's on-attacked.
    for cid, trigger in ((a, "attack"), (t, "attacked")):
        effects = state.cards[cid].card.triggers.get(trigger)
        if effects and on_board(state, cid) and not state.over:
            events.append(
                Event(
                    "ability",
                    f"{name(state, cid)}: when it "
                    f"{'attacks' if trigger == 'attack' else 'is attacked'}",
                    seat=state.cards[cid].owner,
                    cards=(cid,),
                )
            )
            resolve(state, effects, cid, events)
    # c. Combat damage; a surviving defender retaliates (a Burned one cannot defend).
    if not state.over:
        burned = has(state.cards[t], "burned") if on_board(state, t) else True
        if atk.first == a:
            if not atk.struck:
                _strike(state, a, t, events)
            if not burned:
                _strike(state, t, a, events)
        else:
            if not burned:
                _strike(state, t, a, events)
            _strike(state, a, t, events)
    # d. Post-combat abilities.
    for cid in (a, t):
        effects = state.cards[cid].card.triggers.get("post_combat")
        if effects and on_board(state, cid) and not state.over:
            events.append(
                Event(
                    "ability",
                    f"{name(state, cid)}: after combat",
                    seat=state.cards[cid].owner,
                    cards=(cid,),
                )
            )
            resolve(state, effects, cid, events)
    # e. Aftermath: the attacker may move into the space or stay.
    attacker = state.cards[a]
    if (
        not state.over
        and on_board(state, a)
        and not on_board(state, t)
        and held(attacker) is None
        and occupant(state, atk.square) is None
    ):
        atk.stage = "advance"
        open_window(state, attacker.owner, "advance", events, data=(atk.square,))
    else:
        d.attack = None


def _first_striker(state: GameState, a: int, t: int, events: Events) -> int:
    """First-Blood strikes first; the attacker otherwise; a coin when both have it."""
    a_fb = state.cards[a].card.first_blood
    t_fb = state.cards[t].card.first_blood
    if a_fb and t_fb:
        face = state.rng.randint(0, 1)
        first = a if face == 0 else t
        events.append(
            Event(
                "coin",
                f"Both have First-Blood: the coin shows "
                f"{'heads' if face == 0 else 'tails'}, {name(state, first)} "
                "strikes first",
                seat=state.cards[first].owner,
                value=("first_blood", face),
            )
        )
        return first
    return t if t_fb else a


def _gen_advance(state: GameState, seat: int) -> Iterator[Action]:
    atk = data(state).attack
    if atk is not None and atk.stage == "advance":
        yield act(state, "advance", seat, (atk.attacker,), (), (state.top_prompt.data[0],))


def _check_advance(state: GameState, action: Action) -> str | None:
    atk = data(state).attack
    prompt = state.top_prompt
    if (
        atk is None
        or prompt is None
        or prompt.name != "advance"
        or action.cards != (atk.attacker,)
        or action.words != (prompt.data[0],)
    ):
        return f"{W}, Aftermath: the attacker may move into the space of the card it destroyed"
    return None


def _exec_advance(state: GameState, action: Action, events: Events) -> None:
    close_window(state)
    d = data(state)
    cid = action.cards[0]
    d.attack = None
    step(state, cid, action.words[0], f"{name(state, cid)} moves into {action.words[0]}", events)


def _stay(state: GameState, prompt: Prompt, events: Events) -> None:
    data(state).attack = None


def may_answer(state: GameState, seat: int) -> bool:
    """Whether ``seat`` is asked to answer an attack on its card or an enemy Spell: whenever
    it has not yet cast its Spell this player turn and holds a card, which both players can
    see (ruling 15). Asking only a player who holds a Spell it could cast would tell the
    other that it does."""
    return not data(state).cast[seat] and bool(state.zones[(seat, HAND)])
