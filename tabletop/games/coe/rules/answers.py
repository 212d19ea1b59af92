"""Answers and speed (coe.txt, "Card Speeds"; the keywords Counter, Conjure, Contravene and
Cast: Battle; rulings 49, 51-54): the answer window after a card played, a Conjure activated,
an attack or a champion's Swift activated, the round of answers until both seats pass in a
row, everything waiting resolved in speed order, the keywords a Contravene may name, and
activating a face-down Conjure."""

from __future__ import annotations

from collections.abc import Iterator

from ....engine import Action, Event, Events, GameState, Prompt, act, close_window, open_window
from ....engine import abilities as ab
from .battle import _after_answers
from .effects import _resolve_card, resolve
from .keywords import BATTLE_KEYWORDS, CHARACTER_KEYWORDS, TRIGGERED, forget_always, has, permits
from .requirements import CONDITIONS, R_CONDITION, condition_met, target_problem, targets_for
from .resources import camp_draw_and_reset
from .state import ARSENAL, HAND, C, Chain, data, name, who

R_ANSWER_ONLY = (
    f"{C}: {{}} cards are activated from the hand in response to an opponent's "
    "action (in an answer window, ruling 51)"
)
R_ANSWERS = (
    f"{C}: in answer to an action only Counter, Contravene and Cast: Battle cards are "
    "played, and face-down Conjures activated (ruling 51)"
)
R_CONJURE_SET = (
    f"{C}: Conjure: played face down first, and may be activated on the turn it "
    "is played (set it in your Preparation Phase, ruling 52)"
)
R_COUNTER_WHOSE = f"{C}: Counter: activated in response to an opponent's action (ruling 53)"
R_COUNTER_TRIGGER = f"{C}: this Counter answers only {{}} (ruling 53)"
R_COUNTER_CONJURE = (
    f"{C}: Conjure effects resolve first: a Conjure turned up is beyond a "
    "Counter's reach (ruling 53)"
)
R_COUNTER_SWIFT = (
    f"{C}: Counter: activated from the hand in response to an opponent's action (a play, "
    "an attack); a Swift is neither: a Contravene may name it (ruling 53)"
)
R_CONTRAVENE_WHEN = (
    f"{C}: Contravene may be activated at the moment either player states they are "
    "activating their universal effect (in an answer window, ruling 54)"
)
R_CONTRAVENE = (
    f"{C}: Contravene: negates one keyword effect, chosen on activation: name a "
    "keyword of a card or character of the action answered (ruling 54)"
)
R_REVEAL = (
    f"{C}: a face-down Conjure of yours is activated in an answer window or in your "
    "Preparation Phase (ruling 52)"
)
CONJURE_SPEED, COUNTER_SPEED, CHARACTER_SPEED, ARSENAL_SPEED = 1, 2, 3, 4  # coe.txt, Card Speeds
LAST_FIRST = (CONJURE_SPEED, COUNTER_SPEED, ARSENAL_SPEED)
ANSWERS = {"play": "play", "battle": "attack"}  # a chain's kind: what a Counter names


def _answering(state: GameState) -> bool:
    prompt = state.top_prompt
    return prompt is not None and prompt.name == "answer"


def may_answer(state: GameState, seat: int) -> bool:
    """Whether an answer window opens for ``seat``: it holds a card, or has a face-down
    Conjure set; both seats see these, whatever the cards are (ruling 51)."""
    return bool(state.zones[(seat, HAND)]) or any(
        state.cards[c].face_down for c in state.zones[(seat, ARSENAL)]
    )


def _open_chain(
    state: GameState,
    events: Events,
    kind: str,
    actor: int,
    subject: int | None,
    then: str | None = None,
) -> None:
    """After a play or a Swift activated, the other seat is asked (the play, or stating
    the Swift, is its player's pass); after an attack's boosts, the defender's player first,
    then the attacker's."""
    if kind == "battle":
        battle = data(state).battle
        chain = Chain(kind, actor, subject, state.cards[battle.target].owner, 0)
    else:
        chain = Chain(kind, actor, subject, 1 - actor, 1, then)
    data(state).chain = chain
    _ask(state, events)


def swift(state: GameState, cid: int, events: Events, then: str | None = None) -> bool:
    """A champion played to the field (or a party leader at its first Camp Phase) activates
    its Swift: it is stated and waits at character speed while the other seat may answer,
    a Contravene naming it among the answers (rulings 6 and 54); it resolves once both seats
    have passed, unless contravened. ``then``: what follows once it has resolved. Returns
    whether a Swift was stated (False: the champion has none, or it is negated)."""
    inst = state.cards[cid]
    whens = [
        i
        for i, trig in enumerate(inst.card.triggers)
        if trig.when == "swift" and permits(state, cid, "swift")
    ]
    if not whens or state.over:
        return False
    for i in whens:
        ab.pend(state, CHARACTER_SPEED, cid, inst.owner, f"swift:{i}")
    events.append(
        Event(
            "ability",
            f"{who(state, inst.owner)} activates {name(state, inst.id)}'s Swift",
            seat=inst.owner,
            cards=(cid,),
        )
    )
    _open_chain(state, events, "swift", inst.owner, cid, then)
    return True


def _ask(state: GameState, events: Events) -> None:
    chain = data(state).chain
    while chain.passes < 2:
        if may_answer(state, chain.asked):
            open_window(state, chain.asked, "answer", events)
            return
        chain.passes += 1
        chain.asked = 1 - chain.asked
    _close_chain(state, events)


def _add_answer(state: GameState, cid: int, events: Events) -> None:
    """``cid`` was played (or turned up) in answer: the other seat is asked in turn."""
    chain = data(state).chain
    chain.answers = (*chain.answers, cid)
    chain.passes = 0
    chain.asked = 1 - chain.asked
    _ask(state, events)


def _on_pass_answer(state: GameState, prompt: Prompt, events: Events) -> None:
    chain = data(state).chain
    chain.passes += 1
    chain.asked = 1 - chain.asked
    _ask(state, events)


def _close_chain(state: GameState, events: Events) -> None:
    """Both seats passed: everything waiting resolves in speed order, then the battle goes
    on to its damage (or, after a leader's first Swift, the Camp Phase to its draw)."""
    d = data(state)
    chain, d.chain = d.chain, None
    _resolve_pending(state, events)
    if chain.kind == "battle" and d.battle is not None:
        _after_answers(state, events)
    if chain.then == "camp" and not state.over:
        camp_draw_and_reset(state, events)  # after a leader's first Swift (ruling 6)


def _resolve_pending(state: GameState, events: Events) -> None:
    """Everything waiting, in speed order (ruling 49): Conjures, last first; Counters and
    Contravenes, last first; character effects, first first; other arsenal cards, last
    first. One whose card has gone does nothing."""
    while (p := ab.next_pending(state, last_first=LAST_FIRST)) is not None:
        if state.over:
            continue
        if p.key.startswith("card"):
            _resolve_card(state, p, events)
            continue
        if p.card is None or not state.game.in_play(state, p.card):
            continue
        when, i = p.key.split(":")
        trig = state.cards[p.card].card.triggers[int(i)]
        events.append(
            Event(
                "ability",
                f"{name(state, p.card)}: {when.replace('_', ' ').title()}",
                seat=p.seat,
                cards=(p.card,),
            )
        )
        resolve(state, trig.effects, p.card, p.seat, events, p.target)


def keywords_of(state: GameState, cid: int) -> list[str]:
    """The keyword effects a Contravene may name on a card or character: its keywords
    (printed or granted), its Swift, Rally Call and Fortify, and Counter or Contravene on an
    answer (not Conjure: a Conjure resolves before any Contravene could)."""
    card = state.cards[cid].card
    out = []
    if card.character:
        out += [k for k in (*CHARACTER_KEYWORDS, *BATTLE_KEYWORDS) if has(state, cid, k)]
        out += [
            t.when
            for t in card.triggers
            if t.when in TRIGGERED and t.when not in out and permits(state, cid, t.when)
        ]
    for word in ("counter", "contravene"):
        if getattr(card, word):
            out.append(word)
    return out


def contravenable(state: GameState) -> list[tuple[int, str]]:
    """The (card, keyword) pairs a Contravene may name now: those of the action answered
    (of a Swift activated, that Swift) and of the answers to it (ruling 54)."""
    chain = data(state).chain
    if chain is None:
        return []
    cards: list[int] = []
    named: list[tuple[int, str]] = []
    if chain.kind == "battle":
        battle = data(state).battle
        cards += [battle.attacker, battle.target]
    elif chain.kind == "swift":
        if "swift" in keywords_of(state, chain.subject):
            named.append((chain.subject, "swift"))
    elif chain.subject is not None and not state.cards[chain.subject].face_down:
        cards.append(chain.subject)
    cards += [c for c in chain.answers if not state.cards[c].face_down]
    return named + [(c, k) for c in cards for k in keywords_of(state, c)]


def _gen_reveal(state: GameState, seat: int) -> Iterator[Action]:
    if not _answering(state) and (state.phase != "prep" or data(state).battle is not None):
        return
    for cid in state.zones[(seat, ARSENAL)]:
        inst = state.cards[cid]
        if (
            not inst.face_down
            or not inst.known
            or not condition_met(state, seat, inst.card.condition)
        ):
            continue
        targets = targets_for(state, seat, inst.card.target)
        for t in targets if targets is not None else [None]:
            yield act(state, "reveal", seat, (cid,), (t,) if t is not None else ())


def _check_reveal(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if len(action.cards) != 1 or len(action.targets) > 1 or action.words:
        return f'{C}: activate one face-down Conjure of yours (reveal "Card" [-> "Target"])'
    inst = state.cards[action.cards[0]]
    if inst.zone != (seat, ARSENAL) or not inst.face_down:
        return R_REVEAL
    if not _answering(state) and (state.phase != "prep" or data(state).battle is not None):
        return R_REVEAL
    card = inst.card
    if not condition_met(state, seat, card.condition):
        return R_CONDITION.format(f"only if {CONDITIONS[card.condition]}")
    return target_problem(state, seat, card.target, action.targets, card.name)


def _exec_reveal(state: GameState, action: Action, events: Events) -> None:
    """The Conjure is turned face up and waits to resolve first (Conjure speed)."""
    seat, cid = action.seat, action.cards[0]
    answering = _answering(state)
    if answering:
        close_window(state)
    inst = state.cards[cid]
    inst.face_down = False
    forget_always(state)
    target = action.targets[0] if action.targets else None
    on = f" on {name(state, target)}" if target is not None else ""
    events.append(
        Event(
            "cast",
            f"{who(state, seat)} activates the Conjure {name(state, inst.id)}{on}",
            seat=seat,
            cards=(cid, *((target,) if target is not None else ())),
            reveals=(cid,),
        )
    )
    ab.pend(state, CONJURE_SPEED, cid, seat, "card", target)
    if answering:
        _add_answer(state, cid, events)
    else:
        _open_chain(state, events, "play", seat, cid)
