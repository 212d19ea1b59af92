"""Paying a cost by resting whole resource cards (coe.txt, "Playing Resources" and
"Card Requirements")."""

from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from tabletop.games.coe.payment import (
    ENCHANTED,
    MANA,
    SHELLS,
    Resource,
    can_pay,
    choose,
    lost,
    problem,
)


def res(*specs: tuple[str, int], rested: tuple[int, ...] = ()) -> list[Resource]:
    return [Resource(i + 1, kind, value, i + 1 in rested) for i, (kind, value) in enumerate(specs)]


def test_a_two_worth_resource_paying_a_one_cost_card_loses_the_surplus():
    two = res((MANA, 2))
    chosen = choose(two, MANA, 1)
    assert chosen == tuple(two) and lost(chosen, 1) == 1


def test_a_five_cost_card_paid_partly_with_a_two_worth_resource_needs_three_more():
    pool = res((MANA, 2), (MANA, 1), (MANA, 1), (MANA, 1))
    assert [r.card for r in choose(pool, MANA, 5)] == [1, 2, 3, 4]
    assert not can_pay(pool[:3], MANA, 5)
    assert (
        problem(pool, [1, 2, 3], MANA, 5)
        == "C.O.E: the cost is 5 Mana; these resources are worth 4"
    )


def test_resources_spent_must_match_the_cards_resource_type():
    pool = res((SHELLS, 3))
    assert choose(pool, MANA, 1) is None
    assert "must match the card's resource type" in problem(pool, [1], MANA, 1)


def test_enchanted_counts_as_shells_or_mana():
    pool = res((ENCHANTED, 2))
    assert choose(pool, MANA, 2) == tuple(pool) and choose(pool, SHELLS, 1) == tuple(pool)
    assert problem(pool, [1], SHELLS, 2) is None


def test_a_pay_effect_naming_a_resource_cannot_be_paid_with_enchanted():
    pool = res((ENCHANTED, 2), (MANA, 1))
    assert choose(pool, MANA, 2, named=True) is None
    assert [r.card for r in choose(pool, MANA, 1, named=True)] == [2]
    assert "cannot be paid with Enchanted" in problem(pool, [1], MANA, 1, named=True)


def test_a_resource_rests_once_per_turn():
    pool = res((MANA, 1), (MANA, 1), rested=(1,))
    assert [r.card for r in choose(pool, MANA, 1)] == [2]
    assert not can_pay(pool, MANA, 2)
    assert "rested once per turn" in problem(pool, [1], MANA, 1)


def test_a_payment_rests_only_the_resources_the_cost_needs():
    pool = res((MANA, 2), (MANA, 1))
    assert (
        problem(pool, [1, 2], MANA, 2)
        == "C.O.E: rest only the resources the cost needs (ruling 10)"
    )
    assert problem(pool, [1], MANA, 2) is None


def test_the_chosen_payment_keeps_enchanted_for_later_when_it_can():
    pool = res((ENCHANTED, 1), (MANA, 1))
    assert [r.card for r in choose(pool, MANA, 1)] == [2]


resources = st.lists(
    st.tuples(st.sampled_from([MANA, SHELLS, ENCHANTED]), st.integers(0, 3), st.booleans()),
    max_size=7,
)


@given(resources, st.sampled_from([MANA, SHELLS]), st.integers(0, 8), st.booleans())
def test_the_chosen_payment_pays_loses_the_least_and_its_own_check_accepts_it(
    specs, kind, amount, named
):
    pool = [Resource(i + 1, k, v, r) for i, (k, v, r) in enumerate(specs)]
    chosen = choose(pool, kind, amount, named)
    payers = [
        set(c)
        for n in range(len(pool) + 1)
        for c in combinations(pool, n)
        if sum(r.value for r in c) >= amount
        and problem(pool, [r.card for r in c], kind, amount, named) is None
    ]
    if amount <= 0:
        assert chosen == ()
        return
    assert (chosen is None) == (not payers) == (not can_pay(pool, kind, amount, named))
    if chosen is not None:
        assert problem(pool, [r.card for r in chosen], kind, amount, named) is None
        assert lost(chosen, amount) == min(lost(p, amount) for p in payers)
