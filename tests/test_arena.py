"""``tabletop arena``: two bots, seat-swapped pairs, wins with Wilson intervals, times."""

import json

import pytest

from tabletop.bots import BOTS, random_bot
from tabletop.cli import main
from tabletop.engine import to_act
from tabletop.games import get
from tabletop.verbs import arena


def without_times(result: dict) -> dict:
    """An arena's results less what the clock decides."""
    out = {k: v for k, v in result.items() if k not in ("seconds", "jobs", "workers")}
    out["results"] = {}
    for name, r in result["results"].items():
        r = {k: v for k, v in r.items() if k not in ("decision_ms", "worst_turn_ms")}
        r["decisions"] = {k: t["n"] for k, t in result["results"][name]["decision_ms"].items()}
        out["results"][name] = r
    return out


# Newcombe (1998), "Two-sided confidence intervals for the single proportion", table I
# (the score method without continuity correction), and the usual textbook cases.
@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (5, 10, 0.2366, 0.7634),
        (10, 10, 0.7225, 1.0),
    ],
)
def test_the_wilson_interval_matches_published_values(wins, games, low, high):
    lo, hi = arena.wilson(wins, games)
    assert lo == pytest.approx(low, abs=5e-5) and hi == pytest.approx(high, abs=5e-5)


def test_the_wilson_interval_of_no_games_is_everything():
    assert arena.wilson(0, 0) == (0.0, 1.0)


def test_the_two_games_of_a_pair_share_seed_and_decks_with_the_bots_swapped(monkeypatch):
    sat: dict[str, set[int]] = {"first": set(), "second": set()}

    def spy(label):
        def factory(seed):
            inner = random_bot(seed)

            def decide(view):
                if view.active == to_act(view):  # its own turn, not an answer
                    sat[label].add(to_act(view))
                return inner(view)

            return decide

        return factory

    monkeypatch.setitem(BOTS, "first", spy("first"))
    monkeypatch.setitem(BOTS, "second", spy("second"))
    game = get("ewc")
    a = arena.play(game, ["first", "second"], 0, seed=5)
    assert sat == {"first": {0}, "second": {1}}
    sat["first"].clear()
    sat["second"].clear()
    b = arena.play(game, ["first", "second"], 1, seed=5)
    assert sat == {"first": {1}, "second": {0}}
    assert a.seed == b.seed == 5 and a.decks == b.decks
    assert (a.seats, b.seats) == ([0, 1], [1, 0])
    c = arena.play(game, ["first", "second"], 2, seed=5)
    assert c.seed == 6 and c.seats == [0, 1]


def test_a_seeded_run_repeats_its_results():
    game = get("wota")
    first = arena.run(game, ["random", "random"], 4, seed=11).as_dict()
    again = arena.run(game, ["random", "random"], 4, seed=11).as_dict()
    assert without_times(first) == without_times(again)
    assert first["bots"] == ["random#1", "random#2"]
    other = arena.run(game, ["random", "random"], 4, seed=12).as_dict()
    assert without_times(other) != without_times(first)


def test_a_run_is_its_halves_put_together_game_by_game():
    """The 2 games from seed S + 1 are games 2 and 3 of the run from S: two shorter runs
    make one longer run, and the report lists each game to put them together."""
    game = get("wota")
    whole = arena.run(game, ["random", "greedy"], 4, seed=11, cap=30).as_dict()
    first = arena.run(game, ["random", "greedy"], 2, seed=11, cap=30).as_dict()
    second = arena.run(game, ["random", "greedy"], 2, seed=12, cap=30).as_dict()
    assert whole["played"] == first["played"] + second["played"]
    assert [g["seed"] for g in whole["played"]] == [11, 11, 12, 12]
    for name, r in whole["results"].items():
        mine = [g for g in whole["played"] if name in g["seats"]]
        assert r["wins"] == sum(name in g["winners"] for g in mine)
        by_deck = r["by_deck"]
        assert sum(d["games"] for d in by_deck.values()) == len(mine) == 4
        assert sum(d["wins"] for d in by_deck.values()) == r["wins"]
        assert set(by_deck) == {g["decks"][g["seats"].index(name)] for g in mine}


def test_processes_play_the_same_games_as_one():
    game = get("ewc")
    alone = arena.run(game, ["greedy", "random"], 3, seed=2).as_dict()
    shared = arena.run(game, ["greedy", "random"], 3, seed=2, jobs=2).as_dict()
    assert shared["jobs"] == 2
    assert without_times(shared) == without_times(alone)


def test_the_searching_level_can_think_in_worker_processes_as_at_the_table(capsys, monkeypatch):
    asked = []

    class Counted(arena.HostedBot):
        def __call__(self, view):
            asked.append(self.seat)
            return super().__call__(view)

    monkeypatch.setattr(arena, "HostedBot", Counted)
    assert (
        main(
            [
                "arena",
                "--game",
                "wota",
                "--bots",
                "hard,normal",
                "--games",
                "2",
                "--seed",
                "5",
                "--cap",
                "2",
                "--workers",
                "2",
                "--json",
            ]
        )
        == 0
    )
    result = json.loads(capsys.readouterr().out)
    assert result["workers"] == 2 and result["jobs"] == 1
    assert sorted(set(asked)) == [0, 1]  # Hard, from either seat, was asked in its workers
    hard = result["results"]["hard"]
    assert hard["decision_ms"]["choices"]["n"] > 0
    assert hard["wins"] + result["results"]["normal"]["wins"] + result["draws"] == 2


def test_worker_processes_for_the_search_are_refused_beside_several_jobs():
    with pytest.raises(ValueError, match="--workers"):
        arena.run(get("wota"), ["hard", "normal"], 2, seed=1, jobs=2, workers=2)


def test_every_bot_call_is_timed_and_split_into_choices_and_forced():
    p = arena.play(get("ewc"), ["random", "random"], 0, seed=3)
    calls = sum(len(c) for c in p.choices) + sum(len(f) for f in p.forced)
    assert calls >= p.actions  # every action came from a bot call (answers: more calls)
    assert all(p.choices) and all(t >= 0 for c in p.choices for t in c)
    assert all(w > 0 for w in p.worst_turn)


def test_the_cli_prints_a_table(capsys):
    assert (
        main(["arena", "--game", "ewc", "--bots", "random,greedy", "--games", "2", "--seed", "1"])
        == 0
    )
    out = capsys.readouterr().out
    assert out.startswith("arena ewc: random v greedy, 2 games (1 pairs, seats swapped)")
    for words in (
        "95% interval",
        "as seat 1",
        "as seat 2",
        "hit the turn cap",
        "longest",
        "greedy choices",
        "random forced",
        "worst turn",
    ):
        assert words in out, words


def test_the_cli_prints_one_json_object(capsys):
    assert (
        main(
            [
                "arena",
                "--game",
                "wota",
                "--bots",
                "random,greedy",
                "--games",
                "2",
                "--seed",
                "4",
                "--json",
                "--cap",
                "30",
            ]
        )
        == 0
    )
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 2 and result["turn_cap"] == 30
    assert set(result["results"]) == {"random", "greedy"}
    for r in result["results"].values():
        assert r["wins"] == sum(s["wins"] for s in r["per_seat"].values())
        assert [s["games"] for s in r["per_seat"].values()] == [1, 1]
        lo, hi = r["interval_95"]
        assert 0 <= lo <= r["win_rate"] <= hi <= 1
        assert r["decision_ms"]["choices"]["median"] is not None
    wins = sum(r["wins"] for r in result["results"].values())
    assert wins + result["draws"] == 2
    assert result["longest_game"]["turns"] <= 31


def test_the_cli_names_the_registered_bots_when_one_is_unknown(capsys):
    assert main(["arena", "--game", "ewc", "--bots", "greedy,nobody", "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert "nobody" in err and all(name in err for name in BOTS)
