"""ARC-mage: resource cards, paying by marking, loyalty, produced resources, and when and
where each card type is played."""

import pytest

from tabletop.engine import view
from tabletop.engine.state import HIDDEN
from tabletop.games.arcmage import rules
from tabletop.games.arcmage.cards import ArcCard

from .helpers import (
    P1,
    P2,
    at,
    do,
    end_phase,
    first_city,
    hand,
    marked,
    options,
    passes,
    play_phase,
    put,
    refused,
    resources,
    start,
    strength,
    to_hand,
    where,
)


def unmarked(state, ids) -> int:
    return sum(not state.cards[c].turned for c in ids)


# -- resource cards --------------------------------------------------------------------------


def test_a_resource_card_is_for_any_faction_of_the_players_choice():
    state = start()
    runt = to_hand(state, P1, "Cinder Runt")  # a Red Banner card
    envoy = to_hand(state, P1, "Court Envoy")
    do(state, "P1: draw 0")
    do(state, f"P1: resource #{runt} dark_legion")
    do(state, f"P1: resource #{envoy} gaian")  # not even a faction of the deck
    assert state.cards[runt].zone == (P1, rules.RES["dark_legion"])
    assert state.cards[envoy].zone == (P1, rules.RES["gaian"])


def test_a_resource_card_lies_face_down_grouped_with_its_faction():
    state = start()
    a, b = to_hand(state, P1, "Cinder Runt"), to_hand(state, P1, "Barrow Stalker")
    do(state, "P1: draw 0")
    do(state, f"P1: resource #{a} red_banner")
    do(state, f"P1: resource #{b} red_banner")
    pile = state.zones[(P1, rules.RES["red_banner"])]
    assert pile == [a, b]
    assert all(state.cards[c].face_down and not state.cards[c].turned for c in pile)
    seen = view(state, P2)
    assert all(seen.cards[c].card is HIDDEN for c in pile)


def test_paying_a_cost_marks_that_many_resource_cards():
    state = play_phase()
    res = resources(state, P1, "red_banner", 3)
    skirmisher = to_hand(state, P1, "Ashfang Skirmisher")  # cost 2
    do(state, f"P1: play #{skirmisher} -> #{first_city(state, P1)}")
    assert unmarked(state, res) == 1


def test_marked_resource_cards_cannot_pay_again():
    state = play_phase()
    resources(state, P1, "red_banner", 3, marked=2)
    skirmisher = to_hand(state, P1, "Ashfang Skirmisher")  # cost 2
    reason = refused(state, f"P1: play #{skirmisher} -> #{first_city(state, P1)}")
    assert reason.startswith(rules.R_COST) and reason.endswith("it costs 2 and you have 1")


def test_the_loyalty_is_paid_with_the_cards_own_faction():
    state = play_phase()
    resources(state, P1, "gaian", 4)
    skirmisher = to_hand(state, P1, "Ashfang Skirmisher")  # cost 2, 1 Red Banner loyalty
    reason = refused(state, f"P1: play #{skirmisher} -> #{first_city(state, P1)}")
    assert reason.startswith(rules.R_LOYALTY)


def test_the_rest_of_the_cost_is_paid_with_any_faction():
    state = play_phase()
    red = resources(state, P1, "red_banner", 1)
    green = resources(state, P1, "gaian", 1)
    skirmisher = to_hand(state, P1, "Ashfang Skirmisher")
    do(state, f"P1: play #{skirmisher} -> #{first_city(state, P1)}")
    assert marked(state, red[0]) and marked(state, green[0])


def test_the_loyalty_is_taken_from_the_own_faction_before_the_rest():
    state = play_phase()
    red = resources(state, P1, "red_banner", 2)
    green = resources(state, P1, "gaian", 2)
    rider = to_hand(state, P1, "Cinderboar Rider")  # cost 4, 2 Red Banner loyalty
    do(state, f"P1: play #{rider} -> #{first_city(state, P1)}")
    assert unmarked(state, red + green) == 0


def test_produced_resources_pay_like_resource_cards():
    state = play_phase()
    druid = put(state, P1, "Rootkeeper Druid")
    do(state, f"P1: use #{druid}")  # M, produce 1 Gaian resource
    assert marked(state, druid) and state.data.pool[P1] == {"gaian": 1}
    ward = to_hand(state, P1, "Heartwood Grove")  # cost 3, 2 Gaian
    resources(state, P1, "gaian", 2)
    do(state, f"P1: play #{ward}")
    assert state.data.pool[P1] == {} and where(state, ward) == rules.ARMY


def test_produced_resources_expire_at_the_end_of_the_turn():
    state = play_phase()
    druid = put(state, P1, "Rootkeeper Druid")
    do(state, f"P1: use #{druid}")
    assert rules.available(state, P1) == {"gaian": 1}
    end_phase(state)  # to play2
    assert rules.available(state, P1) == {"gaian": 1}  # for the current turn
    end_phase(state)
    assert state.active == P2 and rules.available(state, P1) == {}


def test_spent_resources_are_not_refunded_when_the_card_does_not_resolve():
    state = play_phase()
    target = put(state, P2, "Grove Tender")
    res = resources(state, P1, "dark_legion", 4)
    gravecall = to_hand(state, P1, "Gravecall")  # destroy target opposing creature
    recall = to_hand(state, P2, "Recall to Court")  # return target creature to hand
    resources(state, P2, "house_of_nobles", 3)
    do(state, f"P1: play #{gravecall} -> #{target}")
    assert state.top_prompt.name == "respond" and state.top_prompt.seat == P2
    do(state, f"P2: play #{recall} -> #{target}")
    passes(state)
    assert where(state, target) == rules.HAND
    assert where(state, gravecall) == rules.GRAVE  # its target is gone: it does not resolve
    assert unmarked(state, res) == 0


def test_an_x_cost_is_paid_with_x_more_resources():
    surge = ArcCard(
        name="Ember Surge",
        type="magic",
        faction="red_banner",
        cost=1,
        cost_x=True,
        text="Draw X cards... (here: draw 1)",
        abilities=[{"when": "play", "effects": [{"do": "draw", "amount": 1}]}],
    )
    state = play_phase()
    res = resources(state, P1, "red_banner", 5)
    s = to_hand(state, P1, surge)
    assert refused(state, f"P1: play #{s}").startswith("ARC-mage, Variable Resource Costs")
    assert refused(state, f"P1: play #{s} x=5").startswith(rules.R_COST)  # 1 + 5 > 5
    do(state, f"P1: play #{s} x=3")
    assert unmarked(state, res) == 1


def test_x_is_said_when_the_card_is_played_and_is_at_least_1():
    """ "The meaning of X is always defined in the card text": here, X counters."""
    sprout = ArcCard(
        name="Test Sprouting",
        type="magic",
        faction="gaian",
        cost=1,
        cost_x=True,
        abilities=[
            {
                "when": "play",
                "target": "creature",
                "effects": [{"do": "counter", "to": "target", "keyword": "sprout", "per": "x"}],
            }
        ],
    )
    state = play_phase()
    res = resources(state, P1, "gaian", 4)
    runt = put(state, P1, "Cinder Runt")
    s = to_hand(state, P1, sprout)
    reason = rules.R_X.format(card="Test Sprouting")
    assert refused(state, f"P1: play #{s} -> #{runt}") == reason  # X not said
    assert refused(state, f"P1: play #{s} -> #{runt} x=0") == reason
    offered = sorted(a.words for a in options(state, "play") if a.cards == (s,))
    assert offered == [("x=1",), ("x=2",), ("x=3",)]  # 1 + X of the 4 resources
    do(state, f"P1: play #{s} -> #{runt} x=2")
    assert state.cards[runt].counters.get("sprout") == 2  # the text's X is the X said
    assert unmarked(state, res) == 4 - (1 + 2)


# -- when each type is played ----------------------------------------------------------------


def test_magic_is_played_only_in_the_players_own_play_phases():
    state = at(start(), "draw")
    torch = to_hand(state, P1, "Torch the Walls")
    resources(state, P1, "red_banner", 3)
    target = first_city(state, P2)
    assert refused(state, f"P1: play #{torch} -> #{target}") == rules.R_MAGIC_WHEN
    at(state, "attack")
    assert refused(state, f"P1: play #{torch} -> #{target}") == rules.R_MAGIC_WHEN
    at(state, "play2")
    do(state, f"P1: play #{torch} -> #{target}")
    assert where(state, torch) == rules.GRAVE  # once played, into the graveyard
    assert strength(state, target) == 10 - 3


def test_magic_cannot_be_played_in_the_opponents_turn():
    state = play_phase()
    runt = to_hand(state, P1, "Cinder Runt")
    resources(state, P1, "red_banner", 1)
    rite = to_hand(state, P2, "Wildgrowth Rite")  # Magic
    to_hand(state, P2, "Barkskin Ward")  # an Event, so P2 may answer...
    put(state, P2, "Grove Tender")  # ...on a creature in play
    resources(state, P2, "gaian", 2)
    do(state, f"P1: play #{runt} -> #{first_city(state, P1)}")
    assert state.top_prompt.seat == P2
    assert refused(state, f"P2: play #{rite}") == rules.R_EVENT_ONLY


def test_an_enchantment_is_played_only_in_the_players_own_play_phases():
    state = at(start(), "attack")
    banner = to_hand(state, P1, "Warbanner of Embers")
    resources(state, P1, "red_banner", 4)
    assert refused(state, f"P1: play #{banner}") == rules.R_ENCH_WHEN
    at(state, "play1")
    do(state, f"P1: play #{banner}")


def test_a_global_enchantment_lies_in_the_army_and_stays_in_play():
    state = play_phase()
    banner = to_hand(state, P1, "Warbanner of Embers")  # Orcs get +1/+0 and overrun
    resources(state, P1, "red_banner", 4)
    runt = put(state, P1, "Cinder Runt")
    do(state, f"P1: play #{banner}")
    assert where(state, banner) == rules.ARMY
    assert rules.attack_of(state, runt) == 2 and rules.has(state, runt, "overrun")
    end_phase(state)
    end_phase(state)
    at(state, "play2", seat=P2)
    end_phase(state)
    assert where(state, banner) == rules.ARMY and rules.attack_of(state, runt) == 2


def test_an_enchantment_is_attached_to_its_target():
    curse = ArcCard(
        name="Rusting Curse",
        type="enchantment",
        faction="red_banner",
        cost=1,
        abilities=[
            {
                "when": "play",
                "target": "enemy_creature",
                "effects": [{"do": "unmark", "to": "target"}],
            },
            {"when": "static", "effects": [{"do": "boost", "to": "target", "attack": -1}]},
        ],
    )
    state = play_phase()
    resources(state, P1, "red_banner", 1)
    bowyer = put(state, P2, "Canopy Bowyer", first_city(state, P2))
    c = to_hand(state, P1, curse)
    do(state, f"P1: play #{c} -> #{bowyer}")
    assert state.cards[c].attached_to == bowyer
    assert state.cards[c].zone == state.cards[bowyer].zone
    assert rules.attack_of(state, bowyer) == 0


def test_an_event_may_be_played_at_any_time():
    state = at(start(), "draw")
    runt = put(state, P1, "Cinder Runt")
    howl = to_hand(state, P1, "Blood Howl")
    resources(state, P1, "red_banner", 1)
    do(state, f"P1: play #{howl} -> #{runt}")  # even in the Draw & Resource phase
    assert rules.attack_of(state, runt) == 3
    assert where(state, howl) == rules.GRAVE  # discarded once used


def test_an_event_may_be_played_in_your_own_discard_phase():
    state = at(start(), "discard")
    for _ in range(8):
        to_hand(state, P1, "Court Envoy")
    runt = put(state, P1, "Cinder Runt")
    druid = put(state, P1, "Rootkeeper Druid")  # M, produce 1 Gaian resource
    ward = to_hand(state, P1, "Barkskin Ward")  # cost 1 (Gaian): +0/+3
    do(state, f"P1: use #{druid}")  # a resource to pay with, made in the Discard phase too
    do(state, f"P1: play #{ward} -> #{runt}")
    assert where(state, ward) == rules.GRAVE and rules.defense_of(state, runt) == 1 + 3
    assert state.phase == "discard" and len(hand(state, P1)) == 8
    do(state, f"P1: discard #{hand(state, P1)[0]}")
    end_phase(state)
    assert state.active == P2


@pytest.mark.parametrize(
    "card, reason",
    [
        ("Cinder Runt", rules.R_PLAY_WHEN),
        ("Torch the Walls", rules.R_MAGIC_WHEN),
        ("Warbanner of Embers", rules.R_ENCH_WHEN),
    ],
)
def test_in_the_discard_phase_other_cards_are_refused_by_their_own_rule(card, reason):
    state = at(start(), "discard")
    c = to_hand(state, P1, card)
    resources(state, P1, "red_banner", 4)
    target = {
        "Cinder Runt": f" -> #{first_city(state, P1)}",
        "Torch the Walls": f" -> #{first_city(state, P2)}",
    }.get(card, "")
    assert refused(state, f"P1: play #{c}{target}") == reason


def test_an_event_may_be_played_in_the_opponents_turn():
    state = play_phase()
    runt = to_hand(state, P1, "Cinder Runt")
    resources(state, P1, "red_banner", 1)
    tender = put(state, P2, "Grove Tender")
    ward = to_hand(state, P2, "Barkskin Ward")
    resources(state, P2, "gaian", 1)
    do(state, f"P1: play #{runt} -> #{first_city(state, P1)}")
    do(state, f"P2: play #{ward} -> #{tender}")
    passes(state)
    assert rules.defense_of(state, tender) == 4
    assert where(state, ward) == rules.GRAVE and where(state, runt) == "city1"


def test_creatures_come_into_play_into_a_city_the_player_controls():
    state = play_phase()
    resources(state, P1, "red_banner", 4)
    runt = to_hand(state, P1, "Cinder Runt")
    assert refused(state, f"P1: play #{runt} -> #{first_city(state, P2)}") == rules.R_INTO_CITY
    assert refused(state, f"P1: play #{runt} army") == rules.R_INTO_CITY
    do(state, f"P1: play #{runt} -> #{first_city(state, P1)}")
    assert state.cards[runt].zone == (P1, "city1")
    assert rules.home(state, runt) == first_city(state, P1)
    assert not marked(state, runt)  # cards come into play unmarked


def test_creatures_are_played_in_the_players_own_play_phases():
    state = at(start(), "draw")
    resources(state, P1, "red_banner", 1)
    runt = to_hand(state, P1, "Cinder Runt")
    assert refused(state, f"P1: play #{runt} -> #{first_city(state, P1)}") == rules.R_PLAY_WHEN


def test_a_city_is_not_played_from_the_hand():
    state = play_phase()
    forge = to_hand(state, P1, "Ashpit Forge")
    assert refused(state, f"P1: play #{forge}").startswith(rules.R_BUILD)


def test_a_card_is_played_only_from_the_players_hand():
    state = play_phase()
    resources(state, P1, "red_banner", 1)
    runt = put(state, P1, "Cinder Runt", rules.GRAVE)
    assert "not in your hand" in refused(state, f"P1: play #{runt} -> #{first_city(state, P1)}")
    theirs = to_hand(state, P2, "Cinder Runt")
    assert "not in your hand" in refused(state, f"P1: play #{theirs} -> #{first_city(state, P1)}")
    assert hand(state, P1) == []


def test_a_resource_reads_an_empire_resource_not_a_the_empire_resource():
    from tabletop.engine import parse
    from tabletop.games.arcmage.table import TABLE

    state = start()
    envoy = to_hand(state, P1, "Court Envoy")
    do(state, "P1: draw 1")
    action = parse(state, f"P1: resource #{envoy} empire")
    assert TABLE.action_label(state, action) == "Make Court Envoy an Empire resource"
    made = [e for e in do(state, f"P1: resource #{envoy} empire") if e.kind == "move"][-1]
    assert made.text == "Player 1 makes Court Envoy an Empire resource"
    assert made.secret == "Player 1 makes a card an Empire resource"  # what Player 2 reads
