"""C.O.E's Scenario Pardon, the CC limit, Agile and obstructed positions, and Promote
(coe.txt, "Scenario Pardon", "Equipment & Infinite Cards"; coe-keywords.md, Agile and
Promote; rulings 24, 35, 57 and 58 of docs/rulings/coe.md). Player 1 is Kaelith alone (CC 3);
Player 2 is Aldric (CC 2) with Seraphine, Borin and Grask in the party area."""

import pytest
from pydantic import ValidationError

from tabletop.engine import legal_actions
from tabletop.games.coe.cards import CoeCard, Triggered

from .helpers import (
    ARCHIVE,
    CARDS,
    DECK,
    HAND,
    RESOURCES,
    camp,
    do,
    prep,
    refused,
    resource,
    rules,
    take,
    to_hand,
)

KAELITH, ALDRIC = "Kaelith Emberveil, Archmage", "Aldric Brinehart, Lord-Marshal"
BORIN = "Borin Deepanchor, Shieldwright"


def fresh_resources(state, seat, *cards):
    """``seat``'s resources are exactly ``cards`` ((name, type) pairs)."""
    for cid in list(state.zones[(seat, RESOURCES)]):
        state.move(cid, (seat, ARCHIVE))
    return [resource(state, seat, n, kind) for n, kind in cards]


def cid_of(state, name):
    return next(c for c, inst in state.cards.items() if inst.card.name == name)


def in_play(state, seat, name, on=None):
    """``seat``'s card ``name`` in its arsenal zone (equipment on the champion ``on``)."""
    cid = take(state, seat, name, rules.ARSENAL)
    if on is not None:
        state.cards[cid].attached_to = cid_of(state, on)
    return cid


def offered(state, kind):
    return [a for a in legal_actions(state, verify=True) if a.kind == kind]


# -- Scenario Pardon (ruling 24) ------------------------------------------------------------


def test_pardon_pays_three_reveals_a_level_1_scenario_and_shuffles():
    state = camp()
    gossip, draught = fresh_resources(
        state,
        0,
        ("Harbor Gossip", "shells"),  # worth 2
        ("Healing Draught", "mana"),
    )
    assert (
        refused(state, 'pardon "Healing Draught"')
        == "C.O.E: the cost is 3 resources of any type; these resources are worth 1"
    )
    assert [a.cards for a in legal_actions(state, verify=True) if a.kind == "pardon"] == [
        (gossip, draught)
    ]  # any types together
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
    assert (
        refused(state, f'P2: scenario "{rules.name(state, found)}"#{found}')
        == rules.R_SCENARIO_WHEN
    )


def test_pardon_is_once_a_turn_and_only_in_your_own_camp_phase():
    state = camp()
    fresh_resources(
        state,
        0,
        ("Harbor Gossip", "shells"),
        ("Healing Draught", "mana"),
        ("Snare Net", "shells"),
        ("Flare Dart", "mana"),
        ("Ember Sigil", "mana"),
    )
    assert refused(state, 'P2: pardon "Harbor Gossip"').startswith("C.O.E: it is Player 1")
    do(state, 'pardon "Harbor Gossip", "Healing Draught"')
    assert refused(state, 'pardon "Snare Net", "Flare Dart", "Ember Sigil"') == rules.R_PARDON_ONCE
    assert not [a for a in legal_actions(state, verify=True) if a.kind == "pardon"]
    do(state, "end")
    assert (
        refused(state, 'pardon "Snare Net", "Flare Dart", "Ember Sigil"')
        == f"{rules.R_PARDON} (ruling 24)"
    )
    # Not offered, and refused, when the deck holds no level 1 scenario.
    state = camp()
    fresh_resources(state, 0, ("Harbor Gossip", "shells"), ("Healing Draught", "mana"))
    for cid in list(state.zones[(0, DECK)]):
        if state.cards[cid].card.type == "scenario" and state.cards[cid].card.level == 1:
            state.move(cid, (0, ARCHIVE))
    assert not [a for a in legal_actions(state, verify=True) if a.kind == "pardon"]
    assert "no level 1 scenario is left in your deck" in refused(
        state, 'pardon "Harbor Gossip", "Healing Draught"'
    )
    # Nor when the seat cannot pay 3.
    state = camp()
    fresh_resources(state, 0, ("Harbor Gossip", "shells"))
    assert not [a for a in legal_actions(state, verify=True) if a.kind == "pardon"]


# -- the CC limit (ruling 35) ---------------------------------------------------------------


def test_a_champion_prints_a_cc_of_1_to_3_and_only_champions_do():
    assert {CARDS[KAELITH].cc, CARDS[ALDRIC].cc} == {3, 2}
    assert {c.cc for c in CARDS.values() if c.type == "champion"} == {1, 2, 3}
    champion = CARDS[ALDRIC].model_dump(by_alias=True, exclude={"cc"})
    with pytest.raises(ValidationError, match="a champion has a CC"):
        CoeCard.model_validate(champion)
    spell = CARDS["Flare Dart"].model_dump(by_alias=True)
    with pytest.raises(ValidationError, match="only champions have a CC"):
        CoeCard.model_validate({**spell, "cc": 1})


def test_a_lasting_card_over_the_cc_limit_cannot_be_played():
    state = prep()  # Kaelith alone: CC 3
    assert rules.cc_limit(state, 0) == 3
    assert rules.cc_limit(state, 1) == 2  # Aldric; the champions in the party area count not
    in_play(state, 0, "Ember Sigil")  # infinite
    in_play(state, 0, "Emberwood Staff", on=KAELITH)  # equipment
    down = in_play(state, 0, "Phantom Blade")
    state.cards[down].face_down = True  # a face-down conjure counts not
    for n in ("Healing Draught", "Snare Net", "Flare Dart", "Mending Rain", "Battle Hymn"):
        resource(state, 0, n, "mana")
    sigil, staff = to_hand(state, 0, "Ember Sigil", "Emberwood Staff")
    assert len(rules.cc_counted(state, 0)) == 2
    do(state, f'play "Ember Sigil"#{sigil}, "Healing Draught", "Snare Net", "Flare Dart"')
    assert len(rules.cc_counted(state, 0)) == 3
    assert (
        refused(
            state, f'play "Emberwood Staff"#{staff}, "Mending Rain", "Battle Hymn" -> "{KAELITH}"'
        )
        == f"{rules.R_CC}: your CC limit is 3 and 3 of your cards in play count toward it"
    )
    assert not [a for a in offered(state, "play") if a.cards[0] == staff]
    to_hand(state, 0, "Ember Adept")  # an acolyte counts not
    assert [a for a in offered(state, "play") if state.cards[a.cards[0]].card.name == "Ember Adept"]


def test_when_a_champion_leaves_its_player_archives_down_to_the_cc_limit():
    state = prep()
    borin = take(state, 1, BORIN, rules.SUPPORT)
    assert rules.cc_limit(state, 1) == 4  # Aldric 2 and Borin 2
    lance = in_play(state, 1, "Tidesteel Lance", on=ALDRIC)
    beacons = [in_play(state, 1, "Lighthouse Beacon") for _ in range(2)]
    warplate = in_play(state, 1, "Veteran's Warplate", on=ALDRIC)
    state.cards[borin].damage = 15
    resource(state, 0, "Healing Draught", "mana")
    to_hand(state, 0, "Flare Dart")
    do(state, f'play "Flare Dart", "Healing Draught" -> "{BORIN}"')  # Player 1 acts...
    assert state.cards[borin].zone == (1, ARCHIVE)
    assert state.top_prompt.name == "cc" and state.top_prompt.seat == 1  # ...Player 2 is over
    assert refused(state, "P1: end").startswith("C.O.E: waiting for Player 2")
    assert {a.cards[0] for a in offered(state, "archive")} == {lance, *beacons, warplate}
    assert refused(state, "P2: pass").endswith("it cannot be passed")
    do(state, f'P2: archive "Lighthouse Beacon"#{beacons[0]}')
    assert state.top_prompt.name == "cc"  # 3 cards, CC 2: one more
    do(state, f'P2: archive "Veteran\'s Warplate"#{warplate}')
    assert state.top_prompt is None and state.phase == "prep"
    assert {state.cards[c].zone for c in (beacons[0], warplate)} == {(1, ARCHIVE)}
    assert rules.cc_counted(state, 1) == [lance, beacons[1]]


# -- Agile and obstructed positions (ruling 57) ---------------------------------------------


def test_only_an_agile_acolyte_may_be_played_on_an_obstructed_position():
    state = camp(first=1, p1="gullwing_raiders", p2="lone_archmage")
    to_hand(state, 1, "Fog on the Harbor")
    events = do(state, 'P2: scenario "Fog on the Harbor"')  # obstructs one of Player 1's
    assert rules.obstructed(state, 0) == 1 and rules.obstructed(state, 1) == 0
    assert any("obstructs one of Player 1's open positions" in e.text for e in events)
    for _ in range(rules.POSITIONS - 1):
        take(state, 0, "Dockside Lookout", rules.CHARACTERS)
    for _ in range(3):
        do(state, "P2: end")  # to Player 1's Camp Phase: the round has not ended
    assert state.active == 0 and state.phase == "camp" and rules.obstructed(state, 0) == 1
    assert refused(
        state, 'tactic "Nyx Quillfeather, Syndicate Knife" battlefield'
    ) == rules.R_TACTIC.format(
        "B. ... to the Battlefield: Agile: may be played on an obstructed position; every "
        "open position of yours is obstructed (ruling 57)"
    )
    do(state, "end")
    fresh_resources(state, 0, ("Harbor Gossip", "shells"), ("Snare Net", "shells"))
    to_hand(state, 0, "Gullwing Cutthroat", "Rooftop Runner")
    assert refused(state, 'play "Gullwing Cutthroat", "Snare Net"') == rules.R_OBSTRUCTED
    assert not [
        a
        for a in offered(state, "play")
        if state.cards[a.cards[0]].card.name == "Gullwing Cutthroat"
    ]
    do(state, 'play "Rooftop Runner", "Harbor Gossip"')  # Agile
    assert cid_of(state, "Rooftop Runner") in state.zones[(0, rules.CHARACTERS)]
    assert len(state.zones[(0, rules.CHARACTERS)]) == rules.POSITIONS
    assert rules.obstructed(state, 0) == 0


def test_an_obstruction_lasts_until_its_players_next_turn_begins():
    state = camp(first=1, p1="gullwing_raiders", p2="lone_archmage")
    to_hand(state, 1, "Fog on the Harbor")
    do(state, 'P2: scenario "Fog on the Harbor"')
    for _ in range(rules.POSITIONS - 1):
        take(state, 0, "Dockside Lookout", rules.CHARACTERS)
    for _ in range(6):
        do(state, "end")
    assert state.active == 1 and state.phase == "camp"
    assert rules.obstructed(state, 0) == 0
    take(state, 0, "Gullwing Cutthroat", rules.HAND)
    assert rules.position_problem(state, 0, CARDS["Gullwing Cutthroat"]) is None


# -- Promote (ruling 58) --------------------------------------------------------------------

WARPLATE = "Veteran's Warplate"  # Equipment, 4 Shells; Promote: a Knight acolyte


def test_promote_archives_the_acolyte_named_to_play_the_card_for_free():
    state = prep(first=1)  # Aldric's side, no resources
    squire = take(state, 1, "Tidecrown Squire", rules.CHARACTERS)  # a Knight
    state.cards[squire].turned = True  # rested or not
    state.cards[squire].card = CARDS["Tidecrown Squire"].model_copy(
        update={
            "triggers": (
                Triggered.model_validate({"when": "battlefall", "effects": [{"do": "draw"}]}),
            )
        }
    )
    shrine = take(state, 1, "Shrine Acolyte", rules.CHARACTERS)  # a Cleric
    warplate = to_hand(state, 1, WARPLATE)[0]
    play = f'P2: play "{WARPLATE}", "Shrine Acolyte" -> "{ALDRIC}"'
    assert refused(state, play) == f"{rules.R_PROMOTE}: {WARPLATE} promotes a Knight acolyte"
    assert [a.cards for a in offered(state, "play") if a.cards[0] == warplate] == [
        (warplate, squire)
    ]
    hand = len(state.zones[(1, HAND)])
    events = do(state, play.replace("Shrine Acolyte", "Tidecrown Squire"))
    assert state.cards[squire].zone == (1, ARCHIVE)
    assert state.cards[warplate].attached_to == cid_of(state, ALDRIC)
    assert len(state.zones[(1, HAND)]) == hand  # the Warplate left, Battlefall drew one
    assert any("promoting Tidecrown Squire" in e.text for e in events)
    assert state.cards[shrine].zone == (1, rules.CHARACTERS)
    # With the resources to pay, both ways are offered.
    state = prep(first=1)
    squire = take(state, 1, "Tidecrown Squire", rules.CHARACTERS)
    shells = [resource(state, 1, "Harbor Gossip", "shells") for _ in range(2)]
    warplate = to_hand(state, 1, WARPLATE)[0]
    assert {a.cards for a in offered(state, "play") if a.cards[0] == warplate} == {
        (warplate, *shells),
        (warplate, squire),
    }


def test_a_promoted_card_still_passes_the_other_checks():
    state = prep(first=1)
    take(state, 1, "Tidecrown Squire", rules.CHARACTERS)
    to_hand(state, 1, WARPLATE)
    beacons = [in_play(state, 1, "Lighthouse Beacon") for _ in range(2)]  # Aldric's CC 2
    assert (
        refused(state, f'P2: play "{WARPLATE}", "Tidecrown Squire" -> "{ALDRIC}"')
        == f"{rules.R_CC}: your CC limit is 2 and 2 of your cards in play count toward it"
    )
    for cid in beacons:
        state.move(cid, (1, ARCHIVE))
    assert (
        refused(state, f'P2: play "{WARPLATE}", "Tidecrown Squire" -> "Tidecrown Squire"')
        == rules.R_EQUIP
    )
    state.phase = "rest"  # not a Cast card: played in the Preparation Phase only
    assert (
        refused(state, f'P2: play "{WARPLATE}", "Tidecrown Squire" -> "{ALDRIC}"')
        == rules.R_PLAY_WHEN
    )
