"""C.O.E's party tactics (coe.txt, "Party Tactics"; rulings 29, 31 and 32 of
docs/rulings/coe.md). Player 2 plays the party of four: Aldric leads; Seraphine, Borin and
Grask wait in the party area."""

from tabletop.engine import legal_actions

from .helpers import camp, do, refused, rules, to_hand

ALDRIC, SERAPHINE = "Aldric Brinehart, Lord-Marshal", "Seraphine Vael, Tide Cleric"
BORIN, GRASK = "Borin Deepanchor, Shieldwright", "Grask Ironhide, Vanguard"


def party_turn():
    """Player 2's first Camp Phase (Player 2 plays the party of four)."""
    return camp(first=1)


def champion(state, name):
    return next(c for c, inst in state.cards.items() if inst.card.name == name)


def test_a_champion_goes_from_the_party_area_to_support_or_to_the_battlefield():
    state = party_turn()
    do(state, f'P2: tactic "{SERAPHINE}" support')
    assert state.zones[(1, rules.SUPPORT)] == [champion(state, SERAPHINE)]
    state = party_turn()
    do(state, f'P2: tactic "{BORIN}" battlefield')
    borin = champion(state, BORIN)
    assert state.zones[(1, rules.CHARACTERS)] == [borin]
    assert state.cards[borin].counters["entered"] == state.turn  # played this turn


def test_one_party_tactic_per_turn():
    state = party_turn()
    do(state, f'P2: tactic "{SERAPHINE}" support')
    assert refused(state, f'P2: tactic "{BORIN}" battlefield') == rules.R_ONE_TACTIC
    assert not [a for a in legal_actions(state) if a.kind == "tactic"]


def test_the_support_position_holds_one_champion():
    state = party_turn()
    state.move(champion(state, SERAPHINE), (1, rules.SUPPORT))
    assert "it is taken" in refused(state, f'P2: tactic "{BORIN}" support')


def test_a_champion_on_the_field_never_returns_to_the_party_area_or_goes_to_support():
    state = party_turn()
    borin = champion(state, BORIN)
    state.move(borin, (1, rules.CHARACTERS))
    assert "from their party area to their open support" in refused(
        state, f'P2: tactic "{BORIN}" support'
    )
    assert {a.words for a in legal_actions(state) if a.cards == (borin,)} == {("leader",)}


def test_the_leader_swaps_with_a_champion_on_the_battlefield_or_in_support():
    for zone in (rules.CHARACTERS, rules.SUPPORT):
        state = party_turn()
        aldric, borin = champion(state, ALDRIC), champion(state, BORIN)
        state.move(borin, (1, zone))
        do(state, f'P2: tactic "{BORIN}" leader')
        assert state.zones[(1, rules.LEADER)] == [borin]
        assert state.zones[(1, zone)] == [aldric]


def test_a_swapped_champion_keeps_its_damage_rest_and_place():
    state = party_turn()
    aldric, borin, grask = (champion(state, n) for n in (ALDRIC, BORIN, GRASK))
    state.move(borin, (1, rules.CHARACTERS))
    state.move(grask, (1, rules.CHARACTERS))
    state.cards[borin].damage, state.cards[borin].turned = 3, True
    state.cards[aldric].damage = 1
    do(state, f'P2: tactic "{BORIN}" leader')
    assert state.zones[(1, rules.CHARACTERS)] == [aldric, grask]  # Aldric in Borin's place
    assert (state.cards[borin].damage, state.cards[borin].turned) == (3, True)
    assert state.cards[aldric].damage == 1
    assert "entered" not in state.cards[borin].counters  # swapped, not played


def test_only_the_leader_swaps_a_champion_in_the_party_area_cannot():
    state = party_turn()
    assert "Swap a champion in their party Leader Area" in refused(
        state, f'P2: tactic "{BORIN}" leader'
    )


def test_an_empty_leader_position_must_be_filled_by_the_party_tactic():
    state = party_turn()
    state.move(champion(state, ALDRIC), (1, rules.ARCHIVE))
    assert "this turn's tactic fills it" in refused(state, f'P2: tactic "{BORIN}" support')
    assert {a.words for a in legal_actions(state) if a.kind == "tactic"} == {("leader",)}
    do(state, f'P2: tactic "{GRASK}" leader')
    grask = champion(state, GRASK)
    assert state.zones[(1, rules.LEADER)] == [grask]
    assert state.cards[grask].counters["entered"] == state.turn  # played from the party


def test_tactics_are_the_camp_phases_fifth_step():
    state = party_turn()
    to_hand(state, 1, "Fog on the Harbor")
    do(state, f'P2: tactic "{SERAPHINE}" support')
    assert refused(state, 'P2: scenario "Fog on the Harbor"').startswith(rules.R_STEP_ORDER)
