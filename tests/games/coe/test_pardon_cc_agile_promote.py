"""C.O.E's Scenario Pardon, the CC limit, Agile and obstructed positions, and Promote
(coe.txt, "Scenario Pardon", "Equipment & Infinite Cards"; coe-keywords.md, Agile and
Promote; rulings 24, 35, 57 and 58 of docs/coe-spec.md). Player 1 is Kaelith alone (CC 3);
Player 2 is Aldric (CC 2) with Seraphine, Borin and Grask in the party area."""

from tabletop.engine import legal_actions

from .helpers import (
    ARCHIVE,
    DECK,
    HAND,
    RESOURCES,
    camp,
    do,
    refused,
    resource,
    rules,
    to_hand,
)


def fresh_resources(state, seat, *cards):
    """``seat``'s resources are exactly ``cards`` ((name, type) pairs)."""
    for cid in list(state.zones[(seat, RESOURCES)]):
        state.move(cid, (seat, ARCHIVE))
    return [resource(state, seat, n, kind) for n, kind in cards]



# -- Scenario Pardon (ruling 24) ------------------------------------------------------------

def test_pardon_pays_three_reveals_a_level_1_scenario_and_shuffles():
    state = camp()
    gossip, draught = fresh_resources(state, 0, ("Harbor Gossip", "shells"),  # worth 2
                                      ("Healing Draught", "mana"))
    assert refused(state, 'pardon "Healing Draught"') == \
        "C.O.E: the cost is 3 resources of any type; these resources are worth 1"
    assert [a.cards for a in legal_actions(state, verify=True) if a.kind == "pardon"] == \
        [(gossip, draught)]  # any types together
    found = rules.pardon_find(state, 0)
    card = state.cards[found].card
    assert card.type == "scenario" and card.level == 1
    before = [state.cards[c].card.name for c in state.zones[(0, DECK)] if c != found]
    events = do(state, 'pardon "Harbor Gossip", "Healing Draught"')
    assert state.cards[found].zone == (0, HAND)
    assert state.cards[gossip].turned and state.cards[draught].turned
    shown = [e for e in events if found in e.reveals]
    assert shown and all(e.visible_to(1) and card.name in e.text_for(1) for e in shown)
    after = [state.cards[c].card.name for c in state.zones[(0, DECK)]]
    assert sorted(after) == sorted(before) and after != before  # shuffled


def test_the_pardoned_scenario_may_be_played_until_the_camp_phase_ends():
    state = camp(first=1)  # Tidecrown: a party tactic takes the Camp Phase to step 5
    fresh_resources(state, 1, ("Harbor Gossip", "shells"), ("Healing Draught", "mana"))
    other = to_hand(state, 1, "Market Day")[0]
    do(state, 'P2: tactic "Seraphine Vael, Tide Cleric" support')
    assert refused(state, f'P2: scenario "Market Day"#{other}').startswith(rules.R_STEP_ORDER)
    do(state, 'P2: pardon "Harbor Gossip", "Healing Draught"')
    found = state.data.found
    do(state, f'P2: scenario "{rules.name(state, found)}"#{found}')  # after step 5
    assert state.cards[found].zone == (None, rules.SCENARIOS)
    # Out of the step order: playing it at step 3 leaves the build open.
    state = camp(first=1)
    fresh_resources(state, 1, ("Harbor Gossip", "shells"), ("Healing Draught", "mana"))
    do(state, 'P2: pardon "Harbor Gossip", "Healing Draught"')
    found = state.data.found
    do(state, f'P2: scenario "{rules.name(state, found)}"#{found}')
    assert any(a.kind == "build" for a in legal_actions(state, verify=True))
    # Once the Preparation Phase begins it stays in hand.
    state = camp(first=1)
    fresh_resources(state, 1, ("Harbor Gossip", "shells"), ("Healing Draught", "mana"))
    do(state, 'P2: pardon "Harbor Gossip", "Healing Draught"')
    found = state.data.found
    do(state, 'P2: tactic "Seraphine Vael, Tide Cleric" support')
    do(state, "P2: end")
    assert refused(state, f'P2: scenario "{rules.name(state, found)}"#{found}') == \
        rules.R_SCENARIO_WHEN


def test_pardon_is_once_a_turn_and_only_in_your_own_camp_phase():
    state = camp()
    fresh_resources(state, 0, ("Harbor Gossip", "shells"), ("Healing Draught", "mana"),
                    ("Snare Net", "shells"), ("Flare Dart", "mana"), ("Ember Sigil", "mana"))
    assert refused(state, 'P2: pardon "Harbor Gossip"').startswith("C.O.E: it is Player 1")
    do(state, 'pardon "Harbor Gossip", "Healing Draught"')
    assert refused(state, 'pardon "Snare Net", "Flare Dart", "Ember Sigil"') == \
        rules.R_PARDON_ONCE
    assert not [a for a in legal_actions(state, verify=True) if a.kind == "pardon"]
    do(state, "end")
    assert refused(state, 'pardon "Snare Net", "Flare Dart", "Ember Sigil"') == \
        f"{rules.R_PARDON} (ruling 24)"
    # Not offered, and refused, when the deck holds no level 1 scenario.
    state = camp()
    fresh_resources(state, 0, ("Harbor Gossip", "shells"), ("Healing Draught", "mana"))
    for cid in list(state.zones[(0, DECK)]):
        if state.cards[cid].card.type == "scenario" and state.cards[cid].card.level == 1:
            state.move(cid, (0, ARCHIVE))
    assert not [a for a in legal_actions(state, verify=True) if a.kind == "pardon"]
    assert "no level 1 scenario is left in your deck" in \
        refused(state, 'pardon "Harbor Gossip", "Healing Draught"')
    # Nor when the seat cannot pay 3.
    state = camp()
    fresh_resources(state, 0, ("Harbor Gossip", "shells"))
    assert not [a for a in legal_actions(state, verify=True) if a.kind == "pardon"]
