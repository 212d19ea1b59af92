"""C.O.E's setup, the Camp Phase, scenarios and the Rest Phase (coe.txt; rulings 2-4, 7, 9,
11, 19-20, 23, 25-26 and 30 of docs/rulings/coe.md)."""

from tabletop.engine import legal_actions
from tabletop.games.coe.cards import CoeCard

from .helpers import (
    ARCHIVE,
    CARDS,
    DECK,
    GAME,
    HAND,
    RESOURCES,
    SCENARIOS,
    camp,
    do,
    new_game,
    refused,
    rules,
    scenario,
    to_hand,
)

L1, L1B, L2, L3 = "Fog on the Harbor", "Market Day", "Storm Season", "Fall of the Ember Spire"


def test_setup_leader_party_shuffle_handicap_then_five_cards():
    state = new_game(kind=None)
    for seat, party in ((0, 0), (1, 3)):  # Kaelith alone; Aldric and three others
        assert len(state.zones[(seat, rules.LEADER)]) == 1
        assert len(state.zones[(seat, rules.PARTY)]) == party
        assert len(state.zones[(seat, HAND)]) == rules.OPENING_HAND
    assert state.phase == "setup" and state.top_prompt.name == "handicap"


def test_the_handicap_is_three_two_one_or_no_cards_by_party_size():
    assert rules.HANDICAP == {1: 3, 2: 2, 3: 1, 4: 0}
    for p1, p2, expected in (
        ("lone_archmage", "gullwing_raiders", (3, 2)),
        ("tidecrown_shieldwall", "lone_archmage", (0, 3)),
    ):
        state = new_game(p1=p1, p2=p2, kind=None)
        assert tuple(len(state.zones[(s, RESOURCES)]) for s in (0, 1)) == expected


def test_handicap_cards_lie_face_up_and_their_owner_names_each_type():
    state = new_game(kind=None)
    first = state.zones[(0, RESOURCES)][0]
    assert not state.cards[first].face_down
    assert {a.words[0] for a in legal_actions(state)} == {"mana", "shells", "enchanted"}
    assert "Player 1 names" in do(state, f'name "{rules.name(state, first)}" shells')[0].text
    assert rules.resource_kind(state, first) == "shells"
    assert (
        refused(state, f'name "{rules.name(state, first)}" mana')
        == "C.O.E: name the type of one of your handicap resources"
    )
    assert state.top_prompt.seat == 0  # two more to name before the game goes on


def test_the_coin_heads_player_1_starts_tails_player_2():
    firsts = set()
    for seed in range(1, 12):
        state = new_game(seed)
        coin = state.data.first
        assert state.active == coin and state.phase == "camp" and state.turn == 1
        firsts.add(coin)
    assert firsts == {0, 1}


def test_the_first_player_draws_in_its_first_camp_phase():
    state = new_game()
    assert len(state.zones[(state.active, HAND)]) == rules.OPENING_HAND + 1
    assert len(state.zones[(1 - state.active, HAND)]) == rules.OPENING_HAND


def test_an_empty_deck_draws_nothing_and_does_not_lose():
    state = camp()
    for cid in list(state.zones[(1, DECK)]):
        state.move(cid, (1, ARCHIVE))
    do(state, "end")
    do(state, "end")
    events = do(state, "end")
    assert state.active == 1 and state.phase == "camp" and not state.over
    assert "Player 2's deck is empty: no card is drawn" in [e.text for e in events]


def test_the_reset_readies_your_resources_and_characters():
    state = camp()
    theirs = state.zones[(1, rules.LEADER)][0]
    mine = state.zones[(0, RESOURCES)][0]
    state.cards[mine].turned = state.cards[theirs].turned = True
    do(state, "end")
    do(state, "end")
    do(state, "end")  # Player 2's Camp Phase: its cards are readied, not Player 1's
    assert not state.cards[theirs].turned and state.cards[mine].turned


def test_only_one_resource_is_built_per_turn():
    state = camp()
    a, b = to_hand(state, 0, "Flare Dart", "Mending Rain")
    do(state, 'build "Flare Dart" mana')
    assert rules.resource_kind(state, a) == "mana" and state.cards[a].zone == (0, RESOURCES)
    assert refused(state, 'build "Mending Rain" shells') == rules.R_ONE_BUILD
    assert state.cards[b].zone == (0, HAND)


def test_any_card_even_a_scenario_may_be_built_as_a_resource():
    state = camp()
    (fog,) = to_hand(state, 0, L1)
    do(state, f'build "{L1}"#{fog} enchanted')
    assert rules.resources(state, 0)[-1] == rules.Resource(
        fog, "enchanted", state.cards[fog].card.value
    )


def test_camp_steps_go_in_order_and_never_back():
    state = camp()
    to_hand(state, 0, L1, "Flare Dart")
    do(state, f'scenario "{L1}"')
    assert refused(state, 'build "Flare Dart" mana').startswith(rules.R_STEP_ORDER)


def test_scenario_level_counts_your_scenarios_or_the_highest_escalation():
    state = camp()
    assert rules.scenario_level(state, 0) == 0
    scenario(state, 0, L1)
    assert rules.scenario_level(state, 0) == 1
    scenario(state, 0, L1B)
    assert rules.scenario_level(state, 0) == 2
    scenario(state, 1, L3)  # the opponent's count for the opponent only
    assert rules.scenario_level(state, 0) == 2 and rules.scenario_level(state, 1) == 3


def test_a_level_3_scenario_needs_two_level_1s_or_a_level_2():
    state = camp()
    to_hand(state, 0, L3, L2)
    assert "needs two level 1 scenarios" in refused(state, f'scenario "{L3}"')
    assert "needs a scenario of yours in play" in refused(state, f'scenario "{L2}"')
    scenario(state, 0, L1)
    do(state, f'scenario "{L2}"')
    do(state, f'scenario "{L3}"')
    assert rules.scenario_level(state, 0) == 3


def test_any_number_of_scenarios_are_played_in_camp_step_four():
    state = camp()
    to_hand(state, 0, L1, L1B)
    do(state, f'scenario "{L1}"')
    do(state, f'scenario "{L1B}"')
    assert len(rules.scenarios_of(state, 0)) == 2


def test_a_full_zone_blocks_a_player_who_controls_none_of_it():
    state = camp()
    for _ in range(rules.SLOTS):
        scenario(state, 1, L1)
    to_hand(state, 0, L1B)
    assert "none is yours: you are blocked" in refused(state, f'scenario "{L1B}"')
    assert not [a for a in legal_actions(state) if a.kind == "scenario"]


def test_a_scenario_replaces_one_of_yours_only_when_the_zone_is_full():
    state = camp()
    mine = scenario(state, 0, L1)
    to_hand(state, 0, L1B)
    assert (
        refused(state, f'scenario "{L1B}" -> "{L1}"#{mine}')
        == f"{rules.R_REPLACE} (there is an open slot)"
    )
    for _ in range(rules.SLOTS - 1):
        scenario(state, 1, L1)
    assert "you may replace one of yours" in refused(state, f'scenario "{L1B}"')
    do(state, f'scenario "{L1B}" -> "{L1}"#{mine}')
    assert state.cards[mine].zone == (0, ARCHIVE)
    assert len(state.zones[(None, SCENARIOS)]) == rules.SLOTS


def test_a_replacement_counts_the_replaced_scenario_for_the_level():
    state = camp()
    mine = scenario(state, 0, L1)
    for _ in range(rules.SLOTS - 1):
        scenario(state, 1, L1)
    to_hand(state, 0, L2)
    do(state, f'scenario "{L2}" -> "{L1}"#{mine}')  # level 1 (with the one it replaces)
    assert rules.scenario_level(state, 0) == 2


def test_no_scenario_is_played_in_the_preparation_phase():
    state = camp()
    to_hand(state, 0, L1)
    do(state, "end")
    assert state.phase == "prep"
    assert refused(state, f'scenario "{L1}"') == rules.R_SCENARIO_WHEN


def test_one_scenario_is_established_in_the_rest_phase():
    state = camp()
    to_hand(state, 0, L1, L1B)
    do(state, "end")
    do(state, "end")
    assert state.phase == "rest"
    do(state, f'scenario "{L1}"')
    assert refused(state, f'scenario "{L1B}"') == rules.R_REST_ONE
    do(state, "end")
    assert state.active == 1 and state.phase == "camp" and state.turn == 2


def test_a_scenarios_effect_happens_once_when_it_is_played():
    state = camp()
    hand = len(state.zones[(0, HAND)])
    to_hand(state, 0, L1)  # Fog on the Harbor: draw a card
    do(state, f'scenario "{L1}"')
    assert len(state.zones[(0, HAND)]) == hand + 1  # took one, played it, drew one


def test_a_second_scenario_of_a_name_does_not_repeat_its_effect():
    state = camp()
    scenario(state, 0, L1)
    hand = len(state.zones[(0, HAND)])
    to_hand(state, 0, L1)
    events = do(state, f'scenario "{L1}"')
    assert len(state.zones[(0, HAND)]) == hand
    assert any("ruling 22" in e.text for e in events)
    # The other player's of the same name works for them.
    state.active = 1
    state.data.step = 3
    hand = len(state.zones[(1, HAND)])
    to_hand(state, 1, L1)
    do(state, f'P2: scenario "{L1}"')
    assert len(state.zones[(1, HAND)]) == hand + 1


def test_a_scenario_card_costs_nothing_and_has_no_checks():
    """Ruling 7: a scenario has no cost and no Affiliation, Class or Race check; only its
    level (ruling 19)."""
    state = camp()
    for cid in list(state.zones[(0, RESOURCES)]):
        state.move(cid, (0, ARCHIVE))  # nothing to pay with
    (fog,) = to_hand(state, 0, L1)
    assert GAME.card_cost(state.cards[fog].card) is None
    do(state, f'scenario "{L1}"#{fog}')
    assert state.cards[fog].zone == (None, SCENARIOS)


def test_no_attack_can_be_made_in_the_rest_phase():
    state = camp()
    do(state, "end")  # to the Preparation Phase
    do(state, "end")  # the turn is declared over: the Rest Phase
    assert state.phase == "rest"
    kaelith, aldric = (state.zones[(s, rules.LEADER)][0] for s in (0, 1))
    text = f'attack "{rules.name(state, kaelith)}" -> "{rules.name(state, aldric)}"'
    assert refused(state, text) == rules.R_REST_ATTACK
    assert not [a for a in legal_actions(state) if a.kind == "attack"]


def test_rest_phase_triggers_happen_as_the_rest_phase_begins():
    """Ruling 30: "Effects that are triggered specifically at the rest phase happen here",
    first thing, before a scenario is established. (No shipped card has one: a Tidecrown
    Squire that heals 1 at the Rest Phase stands in.)"""
    state = camp()
    card = CoeCard.model_validate(
        {
            **CARDS["Tidecrown Squire"].model_dump(by_alias=True),
            "name": "Vesper Watch",
            "triggers": [
                {"when": "rest_phase", "effects": [{"do": "heal", "amount": 1, "to": "self"}]}
            ],
        }
    )
    watch = state.create(card, 0, (0, rules.CHARACTERS)).id
    state.cards[watch].damage = 1
    to_hand(state, 0, L1)
    do(state, "end")  # to the Preparation Phase
    events = do(state, "end")  # to the Rest Phase
    texts = [e.text for e in events]
    assert texts.index("Vesper Watch: Rest Phase") > texts.index("Player 1: Rest Phase")
    assert state.cards[watch].damage == 0 and state.phase == "rest"
    do(state, f'scenario "{L1}"')  # then a scenario may be established
