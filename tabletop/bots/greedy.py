"""The greedy player (Normal) and what every bot shares: the ``Bot`` type, scoring an
action by trying it on a copy of the view, settling the windows it opens, and answering
at any time where a game allows it (see the package's docstring)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..engine import (
    PASS,
    RESPOND,
    Action,
    GameState,
    Rng,
    apply,
    check,
    legal_actions,
    responses,
    to_act,
    view,
)

Bot = Callable[[GameState], Action]
REFINE = 3  # the moves the Normal player looks at again, answering in windows itself
Judge = Callable[[GameState, int], float]  # how good a position is for a seat


def _sig(state: GameState, cid: int, unknown: frozenset[int]) -> tuple:
    if cid in unknown:  # a card the searching seat cannot see: the same in every world
        return (cid,)
    inst = state.cards.get(cid)
    if inst is None:
        return (cid,)
    return (
        inst.card.name,
        inst.zone,
        inst.turned,
        inst.face_down,
        inst.damage,
        tuple(sorted(inst.counters.items())) if inst.counters else (),
        inst.attached_to,
    )


def meaning(state: GameState, action: Action, unknown: frozenset[int] = frozenset()) -> tuple:
    """What ``action`` does, the same in every dealt world: its kind, seat and words, and
    each of its cards by name and place instead of by id, except the cards in ``unknown``
    (dealt cards, when the searching seat moves: it cannot tell them apart by name)."""
    return (
        action.kind,
        action.seat,
        tuple(_sig(state, c, unknown) for c in action.cards),
        tuple(_sig(state, c, unknown) for c in action.targets),
        action.words,
    )


def alike(
    state: GameState, actions: Sequence[Action], unknown: frozenset[int] = frozenset()
) -> list[list[int]]:
    """The indexes of ``actions`` grouped by what they mean (:func:`meaning`): copies of a
    card used alike fall in one group. Groups in the order of their first move."""
    groups: dict[tuple, list[int]] = {}
    for i, action in enumerate(actions):
        groups.setdefault(meaning(state, action, unknown), []).append(i)
    return list(groups.values())


def random_bot(seed: int = 0) -> Bot:
    rng = random.Random(seed)

    def decide(view: GameState) -> Action:
        return rng.choice(legal_actions(view))

    return decide


def settle_windows(
    state: GameState,
    seat: int | None = None,
    depth: int = 0,
    samples: int = 1,
    limit: int = 200,
    judge: Judge | None = None,
) -> None:
    """Let every open window close, so an attack is scored after it lands.

    Other seats pass (or, where they may not, take their first legal action). With
    ``depth`` > 0, ``seat`` decides its own windows greedily, looking that many windows
    further, so "pass now" is scored knowing it may still answer after the next roll."""
    for _ in range(limit):
        if state.over or not state.prompts:
            return
        actions = legal_actions(state)
        if depth > 0 and to_act(state) == seat and len(actions) > 1:
            # Copies of a card used alike are weighed once (three Chainmail in play make one
            # answer, not three, in each of the windows that follow one another).
            choice = max(
                (actions[same[0]] for same in alike(state, actions)),
                key=lambda a: score(state, a, seat, 1, depth - 1, judge),
            )
        else:
            choice = next((a for a in actions if a.kind == PASS), actions[0])
        apply(state, choice, trusted=True)


def score(
    view: GameState,
    action: Action,
    seat: int,
    samples: int,
    depth: int = 1,
    judge: Judge | None = None,
) -> float:
    """The mean evaluation for ``seat`` after ``action`` (one of ``legal_actions(view)``)
    and the windows it opens, by ``judge`` (the game's ``evaluate`` unless told
    otherwise)."""
    evaluate = judge or view.game.evaluate
    total = 0.0
    n = 0
    for k in range(samples):
        s = view.clone()
        s.rng = Rng(view.turn * 7_919 + k * 104_729 + seat)
        apply(s, action, trusted=True)
        settle_windows(s, seat, depth, samples, judge=judge)
        total += evaluate(s, seat)
        n += 1
        if s.rng.draws == 0:  # nothing random happened: one sample says it all
            break
    return total / n


def greedy_scores(
    view: GameState,
    actions: Sequence[Action],
    seat: int,
    samples: int = 4,
    judge: Judge | None = None,
) -> list[float]:
    """How the Normal player scores each of ``actions`` (``legal_actions(view)``): its
    outcome once the windows it opens have closed, by ``judge`` (the game's ``evaluate``
    unless told otherwise), averaged over ``samples`` rolls of the dice.

    Every move is scored with the others passing in the windows it opens (moves that mean
    the same, :func:`meaning`, once); then, in a game whose ``window_lookahead`` asks for
    it, the best REFINE are scored again with the seat choosing its own answers in those
    windows too. The look-ahead is bounded so: its cost no longer grows with the number of
    moves times the answers in each window."""
    # Moves that mean the same (two copies of a card in hand, or in play and used alike)
    # are scored once and share the score.
    groups = alike(view, actions)
    values = [0.0] * len(actions)
    for same in groups:
        value = score(view, actions[same[0]], seat, samples, 0, judge)
        for i in same:
            values[i] = value
    depth = view.game.window_lookahead
    if depth > 0 and len(groups) > 1:
        groups.sort(key=lambda same: -values[same[0]])  # stable: the first of the best first
        for same in groups[:REFINE]:
            value = score(view, actions[same[0]], seat, samples, depth, judge)
            for i in same:
                values[i] = value
    return values


def greedy_bot(seed: int = 0, samples: int = 4, judge: Judge | None = None) -> Bot:
    """One move ahead: the legal action whose outcome ``judge`` (the game's ``evaluate``
    unless told otherwise) scores best (the first of the best, in the order of
    ``legal_actions``)."""

    def decide(view: GameState) -> Action:
        actions = legal_actions(view)
        if len(actions) == 1:
            return actions[0]
        seat = to_act(view)
        assert seat is not None
        values = greedy_scores(view, actions, seat, samples, judge)
        return actions[max(range(len(actions)), key=values.__getitem__)]

    return decide


def wants_to_respond(bot: Bot, view: GameState, seat: int) -> bool:
    """Whether ``bot``, sitting at ``seat`` (not to act), would interrupt now: on a copy of
    its view it answers, and asks itself what it would do then; a pass means no. A bot
    that thinks long (``hard``) is asked through its ``quick`` stand-in, since this is
    asked after every move of the others."""
    bot = getattr(bot, "quick", bot)
    action = Action(RESPOND, seat)
    if check(view, action) is not None:
        return False
    imagined = view.clone()
    apply(imagined, action)
    return bot(imagined).kind != PASS


def responder(state: GameState, bots: Sequence[Bot | None], acted: int) -> int | None:
    """After seat ``acted`` took an action: the first other seat, clockwise, whose bot would
    interrupt now (seats without a bot, None, are not asked), or None. Only seats the rules
    let step in now are asked (most moments let nobody: nothing is copied then)."""
    may = {a.seat for a in responses(state)}
    for seat in state.seats_from(acted):
        bot = bots[seat]
        if (
            seat in may
            and seat != acted
            and bot is not None
            and wants_to_respond(bot, view(state, seat), seat)
        ):
            return seat
    return None
