"""The seeded generator: reproducible, unbiased enough, cheap to copy, forceable."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.engine import Rng


@given(st.integers(min_value=0, max_value=2**40))
def test_a_seed_gives_the_same_sequence(seed):
    a, b = Rng(seed), Rng(seed)
    assert [a.randint(1, 6) for _ in range(20)] == [b.randint(1, 6) for _ in range(20)]


@given(st.integers(min_value=0, max_value=2**40), st.integers(1, 50))
def test_results_stay_in_range(seed, n):
    rng = Rng(seed)
    assert all(1 <= rng.randint(1, n) <= n for _ in range(50))


def test_a_copy_continues_the_same_sequence_independently():
    a = Rng(9)
    a.randint(1, 6)
    b = a.copy()
    assert [a.randint(1, 6) for _ in range(10)] == [b.randint(1, 6) for _ in range(10)]


def test_the_sequence_is_fixed_across_versions():
    # A replay made today must replay tomorrow: pin the first results of seed 1.
    rng = Rng(1)
    assert [rng.randint(1, 6) for _ in range(12)] == [2, 5, 4, 3, 5, 1, 5, 6, 1, 6, 1, 3]


def test_a_die_is_fair_over_many_rolls():
    rng = Rng(2024)
    counts = Counter(rng.randint(1, 6) for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(9_400 < c < 10_600 for c in counts.values())


def test_forced_results_come_first_and_leave_the_sequence_alone():
    a, b = Rng(5), Rng(5)
    a.force(6, 1)
    assert [a.randint(1, 6), a.randint(1, 6)] == [6, 1]
    assert a.randint(1, 6) == b.randint(1, 6)


def test_a_forced_result_out_of_range_is_an_error():
    rng = Rng(1)
    rng.force(7)
    with pytest.raises(ValueError, match=r"outside 1\.\.6"):
        rng.randint(1, 6)


def test_shuffle_ignores_forced_results_and_keeps_every_item():
    rng = Rng(3)
    rng.force(2)
    items = list(range(30))
    rng.shuffle(items)
    assert sorted(items) == list(range(30)) and items != list(range(30))
    assert rng.forced == (2,)
