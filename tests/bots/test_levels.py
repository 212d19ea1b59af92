"""The three levels a player chooses among (Easy, Normal, Hard), in every game, and the
Hard level's search: its own view only, its time budget, its worker processes."""

import random
import time

import pytest

from tabletop.bots import BOTS, LEVELS, greedy_bot, make, random_bot, wants_to_respond
from tabletop.bots.easy import easy_bot
from tabletop.bots.host import BotHost
from tabletop.bots.search import Ismcts, SearchBot, TurnClock, choose, combine, play_on
from tabletop.engine import Match, check, legal_actions, pick_decks, to_act, view
from tabletop.engine.invariants import redeal
from tabletop.engine.knowledge import Dealer
from tabletop.games import get, registry

GAMES = sorted(registry())


def _quick(bot):
    """A Hard bot held to a few hundredths of a second a decision, for tests."""
    if isinstance(bot, SearchBot):
        bot.time = TurnClock(0.15, 0.03, 0.01)
    return bot


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_plays_at_every_level(game_id, level):
    """A level plays legal moves from its own view (with what its seat remembers) for the
    first turns of a game of each game, against a random player."""
    game = registry()[game_id]
    seats = game.min_seats  # three for a team format
    match = Match(game, pick_decks(game, seats, 3), 3, remember=True)
    bots = [_quick(make(level, 1)), *(random_bot(2 + i) for i in range(seats - 1))]
    state = match.state
    decided = 0
    while not state.over and state.turn <= 4 and decided < 400:
        seat = to_act(state)
        action = bots[seat](match.view(seat))
        assert check(state, action) is None, action
        match.apply(action)
        decided += seat == 0
    assert decided > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_the_tree_search_hard_was_measured_against_plays_every_game(game_id):
    game = registry()[game_id]
    match = Match(game, pick_decks(game, game.min_seats, 4), 4, remember=True)
    bot = Ismcts(1, iterations=12)
    state = match.state
    decided = 0
    while not state.over and state.turn <= 3 and decided < 60:
        seat = to_act(state)
        action = bot(match.view(seat)) if seat == 0 else legal_actions(state)[0]
        assert check(state, action) is None, action
        match.apply(action)
        decided += seat == 0
    assert decided > 0


def test_the_levels_are_easy_normal_and_hard_and_random_is_not_one():
    assert list(LEVELS.values()) == ["Easy", "Normal", "Hard"]
    assert "random" in BOTS and "random" not in LEVELS
    assert all(name in BOTS for name in LEVELS)


def _mid_game(game, seed, actions=60):
    match = Match(game, pick_decks(game, game.min_seats, seed), seed, remember=True)
    rng = random.Random(seed)
    for _ in range(actions):
        if len(legal_actions(match.state)) > 3 and match.state.turn > 2:
            break
        match.apply(rng.choice(legal_actions(match.state)))
    return match


def test_easy_overlooks_or_misjudges_moves_the_normal_level_takes():
    game = get("wota")
    differ = same = 0
    for seed in range(1, 13):
        match = _mid_game(game, seed)
        seat = to_act(match.state)
        v = match.view(seat)
        if len(legal_actions(v)) < 4:
            continue
        if easy_bot(seed)(v) == greedy_bot(seed)(v):
            same += 1
        else:
            differ += 1
    assert differ >= 3 and same >= 1, (differ, same)


def test_normal_looks_inside_answer_windows_only_for_its_best_few_moves(monkeypatch):
    # Its look-ahead in windows is bounded: every move is scored with the answers passing,
    # and only the best REFINE again with the seat answering, so a decision's cost grows
    # with the moves plus REFINE windows, not with moves times answers.
    import tabletop.bots.greedy as bots

    real = bots.score
    looked: list[int] = []

    def counted(view, action, seat, samples=4, depth=0, judge=None):
        looked.append(depth)
        return real(view, action, seat, samples, depth, judge)

    monkeypatch.setattr(bots, "score", counted)
    game = get("ewc")
    checked = 0
    for seed in range(1, 9):
        match = _mid_game(game, seed)
        seat = to_act(match.state)
        v = match.view(seat)
        actions = legal_actions(v)
        if len(actions) <= bots.REFINE + 1:
            continue
        looked.clear()
        bots.greedy_scores(v, actions, seat)
        distinct = len({bots.meaning(v, a) for a in actions})
        assert looked.count(0) == distinct
        assert looked.count(game.window_lookahead) == min(bots.REFINE, distinct)
        checked += 1
    assert checked >= 3


def test_normal_weighs_copies_of_a_card_used_alike_once_when_it_looks_ahead(monkeypatch):
    import tabletop.bots.greedy as bots
    from tests.games.ewc.helpers import FIELD, KAEL, LYRA, give, start

    state = start(KAEL, LYRA)
    for _ in range(3):
        give(state, 0, "Chainmail", FIELD)
    v = view(state, 0)
    actions = legal_actions(v)
    chainmail = [
        i
        for i, a in enumerate(actions)
        if a.kind == "tp" and v.cards[a.cards[0]].name == "Chainmail"
    ]
    assert len(chainmail) == 3
    real = bots.score
    looked: list = []

    def counted(view, action, seat, samples=4, depth=0, judge=None):
        looked.append((depth, bots.meaning(view, action)))
        return real(view, action, seat, samples, depth, judge)

    monkeypatch.setattr(bots, "score", counted)
    values = bots.greedy_scores(v, actions, 0)
    assert looked and len(looked) == len(set(looked))  # no move scored again as a copy
    assert len({values[i] for i in chainmail}) == 1  # the copies score alike


def test_normal_answering_in_a_window_weighs_copies_of_a_card_in_play_once(monkeypatch):
    import tabletop.bots.greedy as bots
    from tests.games.ewc.helpers import FIELD, KAEL, LYRA, do, give, roll, start, to_combat

    state = start(KAEL, LYRA)
    for _ in range(3):
        give(state, 1, "Chainmail", FIELD)
    to_combat(state)
    roll(state, 5, 1)
    do(state, f'attack "{KAEL}" -> "{LYRA}"')
    while to_act(state) != 1:  # the attacker's own windows first
        do(state, "pass")
    v = view(state, 1)
    chainmail = [
        a for a in legal_actions(v) if a.kind == "use" and v.cards[a.cards[0]].name == "Chainmail"
    ]
    assert len(chainmail) == 3
    real = bots.score
    weighed: dict[tuple, list] = {}

    def counted(view, action, seat, samples=4, depth=0, judge=None):
        weighed.setdefault(view.snapshot(), []).append(bots.meaning(view, action))
        return real(view, action, seat, samples, depth, judge)

    monkeypatch.setattr(bots, "score", counted)
    bots.settle_windows(v.clone(), 1, depth=1)
    assert weighed  # it chose its answers itself
    for moves in weighed.values():  # each window's answers, each weighed once
        assert len(moves) == len(set(moves))


def test_hard_decides_the_same_in_two_games_that_differ_only_behind_its_back():
    game = get("wota")
    match = _mid_game(game, 4)
    state = match.state
    seat = to_act(state)
    knows = match.memory.knowledge(seat)
    other = redeal(state, seat, random.Random(3), keep=frozenset(knows.cards))
    choices = []
    for truth in (state, other):
        bot = SearchBot(7, rounds=6)
        choices.append(bot(view(truth, seat, knows)))
    assert choices[0] == choices[1]


def test_hard_keeps_to_its_time_for_a_turn():
    game = get("ewc")
    match = _mid_game(game, 5)
    bot = SearchBot(1, turn_budget=0.4, decision_cap=0.2)
    state = match.state
    me = state.active
    turn = state.turn
    spent = 0.0
    while not state.over and state.turn == turn:
        seat = to_act(state)
        if seat == me:
            start = time.perf_counter()
            action = bot(match.view(seat))
            spent += time.perf_counter() - start
        else:
            action = legal_actions(state)[0]
        match.apply(action)
    assert spent < 0.4 * 1.5 + 0.1, spent


def test_a_search_whose_time_runs_out_inside_a_playout_stops_and_counts_no_half_round():
    game = get("ewc")
    match = _mid_game(game, 5)
    v = match.view(to_act(match.state))
    ticks = [0.0]

    def clock():  # every look at the clock: 20 ms gone
        ticks[0] += 0.02
        return ticks[0]

    bot = SearchBot(1, turn_budget=4.0, decision_cap=0.5, clock=clock)  # 0.5 s to decide
    bot.playout_cost[game.id] = 0.001  # it believes a round of ten playouts fits easily
    assert bot(v) in legal_actions(v)
    assert bot.rounds_done == 0
    assert all(row[2] == 0 for row in bot.stats)  # the unfinished round was not counted
    assert bot.playout_cost[game.id] > 0.001  # and a playout's cost was learnt from it


def test_a_playout_told_to_stop_stops_unfinished():
    game = get("wota")
    match = _mid_game(game, 2)
    seat = to_act(match.state)
    world = Dealer(match.view(seat)).deal(random.Random(1))
    steps = iter(range(3))
    assert not play_on(
        world, seat, match.state.turn, random.Random(2), stop=lambda: next(steps, None) is None
    )
    assert not world.over and world.turn == match.state.turn


def test_asking_hard_whether_it_would_interrupt_does_not_start_a_search():
    game = get("wota")
    match = _mid_game(game, 6)
    bot = SearchBot(1, rounds=10_000)  # a search would take many seconds
    start = time.perf_counter()
    for seat in range(2):
        wants_to_respond(bot, match.view(seat), seat)
    assert time.perf_counter() - start < 1.0
    assert bot.stats == []


@pytest.mark.parametrize("game_id", GAMES)
def test_a_playout_ends_as_the_searching_seats_next_turn_begins(game_id):
    game = registry()[game_id]
    match = _mid_game(game, 2)
    seat = to_act(match.state)
    since = match.state.turn
    world = Dealer(match.view(seat)).deal(random.Random(1))
    play_on(world, seat, since, random.Random(2))
    assert world.over or (world.active == seat and world.turn > since)
    if not world.over:
        first = world.turn
        play_on(world, seat, since, random.Random(3), turns=2)
        assert world.over or (world.active == seat and world.turn > first)


def test_hard_plays_the_normal_players_move_when_it_has_no_time_to_play_moves_out():
    game = get("arcmage")
    for seed in (3, 4, 5):
        match = _mid_game(game, seed)
        v = match.view(to_act(match.state))
        assert SearchBot(seed, rounds=0)(v) == greedy_bot(seed)(v)


def test_hard_plays_the_move_that_plays_out_best_if_it_beats_the_normal_players_by_a_margin():
    # (move, the Normal player's score, rounds, sum and sum of squares of the differences
    # from the Normal player's move, round by round)
    normal = ("end", 5.0, 8, 0.0, 0.0)
    slight = ("pass", 4.5, 8, 0.08, 0.01)  # +0.01 a round: less than SMALL
    close = ("attack", 4.0, 8, 0.4, 0.92)  # +0.05 a round, noisy: no standard errors asked
    clear = ("play", 3.0, 8, 1.6, 0.33)  # +0.2 a round
    assert choose([normal, slight]) == "end"
    assert choose([normal, slight, close]) == "attack"
    assert choose([normal, close, clear]) == "play"
    assert choose([normal, ("play", 3.0, 2, 0.4, 0.08)]) == "end"  # two rounds prove nothing


def test_searches_run_apart_are_combined_by_adding_their_rounds():
    normal = ("end", 5.0, 4, 0.0, 0.0)
    a = [normal, ("play", 3.0, 2, 0.2, 0.03)]  # +0.1 a round, but two rounds alone
    assert choose(a) == "end"
    assert combine([a, a]) == "play"  # four rounds of the same say more than two
    hopeful = [normal, ("play", 3.0, 4, 0.4, 0.05)]  # +0.1 a round here,
    doubtful = [normal, ("play", 3.0, 4, -0.4, 0.05)]  # -0.1 a round there
    assert choose(hopeful) == "play"
    assert combine([hopeful, doubtful]) == "end"


def test_a_turns_budget_counts_what_the_table_waited_not_only_the_thinking():
    game = get("wota")
    match = _mid_game(game, 3)
    seat = match.state.active
    v = match.view(seat)
    clock = TurnClock(turn=2.0, cap=1.0, answer=0.3)
    assert clock.budget(v, seat) == pytest.approx(2.0 / 8)  # a fresh turn, 8 decisions
    clock.at_least(v, seat, 1.9)  # the table waited 1.9 s of the 2 s already
    assert clock.budget(v, seat) == pytest.approx(0.1 / 8)
    clock.at_least(v, seat, 0.5)  # less than the clock knows: changes nothing
    assert clock.budget(v, seat) == pytest.approx(0.1 / 8)
    other = match.view(1 - seat)
    clock.at_least(other, 1 - seat, 5.0)  # not its turn: its answers have their own time
    assert clock.budget(other, 1 - seat) == pytest.approx(0.3)


def test_a_decision_whose_share_of_the_turn_cannot_buy_a_verdict_takes_one_from_its_rest():
    game = get("wota")
    match = _mid_game(game, 3)
    seat = to_act(match.state)
    v = match.view(seat)
    assert match.state.active == seat and len(legal_actions(v)) > 1
    bot = SearchBot(1, turn_budget=2.0, decision_cap=1.0, clock=lambda: 0.0)
    bot.time.per_turn[game.id] = 20.0  # a share of 0.1 s a decision
    bot.playout_cost[game.id] = 0.05  # three rounds of two moves take 0.3 s
    bot.prior_cost[game.id] = 0.01
    deadlines = []
    bot.search = lambda view, seat, actions, deadline: deadlines.append(deadline) or actions[0]
    bot(v)
    assert deadlines[-1] == pytest.approx(0.01 + 2.4 * 3 * 0.05)  # what a verdict needs
    bot.time.at_least(v, seat, 1.9)  # 0.1 s of the turn left: no more than that
    bot(v)
    assert deadlines[-1] == pytest.approx(0.1)
    bot.playout_cost[game.id] = 0.001  # a share buys a verdict: the share it is
    bot.time.at_least(v, seat, 0.0)
    bot.time.spent = 0.0
    bot(v)
    assert deadlines[-1] == pytest.approx(2.0 / 18)


def test_the_host_tells_its_workers_how_long_the_table_has_waited_in_this_turn():
    game = get("wota")
    match = _mid_game(game, 4)
    host = BotHost(game, match.record.decks, 4, {0: "hard", 1: "hard"}, workers=1)
    try:
        host.sync(match.record.actions)
        seat, turn = to_act(match.state), match.state.turn
        assert seat == match.state.active
        waited = []
        for _ in range(2):
            start = time.perf_counter()
            host.ask(seat, turn)
            action = None
            while action is None:
                action = host.answer(match.state, wait=0.05)
            waited.append(time.perf_counter() - start)
        assert host.waited[seat][0] == turn
        assert host.waited[seat][1] == pytest.approx(sum(waited), abs=0.05)
    finally:
        host.close()


def test_a_worker_whose_table_went_while_it_thought_stops_quietly():
    game = get("wota")
    match = _mid_game(game, 4)
    host = BotHost(game, match.record.decks, 4, {0: "hard", 1: "hard"}, workers=1)
    host.sync(match.record.actions)
    host.ready()
    host.ask(to_act(match.state), match.state.turn)
    for pipe in host.pipes:  # the table closes without a word, mid-thought
        pipe.close()
    for proc in host.procs:
        proc.join(timeout=30)
    assert [p.exitcode for p in host.procs] == [0]  # no traceback on the player's terminal


def test_a_hard_bot_thinks_in_worker_processes_and_follows_the_game_there():
    game = get("wota")
    match = Match(game, pick_decks(game, 2, 8), 8, undo=True)
    host = BotHost(game, match.record.decks, 8, {0: "normal", 1: "hard"}, workers=2)
    try:
        rng = random.Random(8)
        for _ in range(12):
            match.apply(rng.choice(legal_actions(match.state)))
        for _ in range(3):
            seat = to_act(match.state)
            host.sync(match.record.actions)
            host.ask(seat)
            deadline = time.monotonic() + 60
            action = None
            while action is None and time.monotonic() < deadline:
                action = host.answer(match.state, wait=0.05)
            assert action is not None and check(match.state, action) is None
            match.apply(action)
        if match.why_not_undo(match.state.active) is None:
            match.undo()  # the workers start again from the shorter record
            host.sync(match.record.actions)
            host.ask(to_act(match.state))
            action = None
            while action is None:
                action = host.answer(match.state, wait=0.05)
            assert check(match.state, action) is None
    finally:
        host.close()
    assert all(not p.is_alive() for p in host.procs)


def test_ctrl_c_leaves_the_hard_levels_worker_processes_quiet(tmp_path):
    """Ctrl-C in a terminal interrupts every process of the program: the worker processes
    of the Hard level leave it to the program, which stops them, and print nothing."""
    import os
    import signal
    import subprocess
    import sys

    code = (
        "import time\n"
        "from tabletop.bots.host import BotHost\n"
        "from tabletop.engine import pick_decks\n"
        "from tabletop.games import get\n"
        "game = get('ewc')\n"
        "host = BotHost(game, pick_decks(game, 2, 1), 1, {1: 'hard'})\n"
        "print('ready', flush=True)\n"
        "try:\n"
        "    time.sleep(60)\n"
        "except KeyboardInterrupt:\n"
        "    host.close()\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        env=os.environ | {"TABLETOP_HOME": str(tmp_path)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    assert proc.stdout.readline().strip() == "ready"
    time.sleep(1)  # the workers are waiting for their first question
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0 and "Traceback" not in err, err
