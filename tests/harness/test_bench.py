"""The bench: every figure is there, and missed targets are named."""

from tabletop.bench import TARGETS, misses, run
from tabletop.games import get


def test_a_quick_bench_measures_everything():
    result = run([get("ewc")], quick=True)
    assert result["startup_ms"] > 0
    r = result["games"]["ewc"]
    for kind in ("still", "drag", "rotate"):
        assert r["frame_ms"][kind]["median"] > 0
    assert r["frame_ms"]["drag"]["dragging"]
    assert 0 <= r["idle_cpu"] < 1
    assert r["games_per_s"] > 0 and r["actions_per_s"] > 0
    assert set(r["bot_ms"]) == {"random", "greedy"}
    assert r["peak_rss_mb"] > 10


def test_missed_targets_are_named():
    ok = {"frame_ms": {"still": {"median": 1.0}}, "idle_cpu": 0.01, "games_per_s": 150,
          "bot_ms": {"greedy": {"worst": 20}}}
    slow = {"frame_ms": {"still": {"median": 9.0}}, "idle_cpu": 0.2, "games_per_s": 50,
            "bot_ms": {"greedy": {"worst": 3000}}}
    assert misses({"games": {"x": ok}}) == []
    assert misses({"games": {"x": slow}}) == [
        "x: frame median 9.0 ms > 4 ms", "x: idle CPU 20.0% > 3%", "x: 50 random games/s < 100",
        "x: greedy bot took 3000 ms > 1 s"]
    assert TARGETS["frame_ms"] == 4.0
