"""ARC-mage: the four steps of combat (announcing attackers and the target, assigning
defenders, resolving each battle, clearing the battleground)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.cards import ArcCard

from .helpers import (
    GOBLIN,
    OGRE,
    P1,
    P2,
    PIKE,
    at,
    attack,
    attack_phase,
    city,
    creature,
    do,
    end_phase,
    first_city,
    marked,
    options,
    passes,
    put,
    refused,
    resources,
    start,
    strength,
    to_hand,
    where,
)

# -- I. announcing attackers and the target --------------------------------------------------


def test_attackers_are_unmarked_creatures_of_the_army():
    state = attack_phase()
    put(state, P1, "Cinder Runt")  # an attacker is ready: this is the Attack phase
    resident = put(state, P1, "Cinder Runt", first_city(state, P1))
    tired = put(state, P1, "Cinder Runt", marked=True)
    target = first_city(state, P2)
    assert refused(state, f"P1: attack #{resident} -> #{target}").startswith(rules.R_ATTACK_ARMY)
    assert refused(state, f"P1: attack #{tired} -> #{target}").startswith(rules.R_MARKED)


def test_a_player_cannot_attack_their_own_city():
    state = attack_phase()
    runt = put(state, P1, "Cinder Runt")
    assert refused(state, f"P1: attack #{runt} -> #{first_city(state, P1)}") == rules.R_ATTACK_CITY


def test_an_attack_has_one_target_city():
    state = attack_phase()
    runt = put(state, P1, "Cinder Runt")
    a, b = first_city(state, P2), city(state, P2, "Rootcradle")
    assert refused(state, f"P1: attack #{runt} -> #{a}, #{b}").startswith(
        "ARC-mage: attack with creatures of your army on one city"
    )


def test_attacks_are_made_in_the_attack_phase():
    state = at(start(), "play1")
    runt = put(state, P1, "Cinder Runt")
    assert refused(state, f"P1: attack #{runt} -> #{first_city(state, P2)}") == (
        "ARC-mage, Combat: attacks are made only during your Attack phase"
    )
    end_phase(state)
    assert state.phase == "attack"


def test_attackers_are_marked_after_the_answers_to_the_attack():
    state = attack_phase()
    runt = put(state, P1, "Cinder Runt")
    tender = put(state, P2, "Grove Tender")
    to_hand(state, P2, "Barkskin Ward")
    resources(state, P2, "gaian", 1)
    do(state, f"P1: attack #{runt} -> #{first_city(state, P2)}")
    assert state.top_prompt.name == "respond" and state.top_prompt.seat == P2
    assert not marked(state, runt)
    do(state, "P2: pass")
    assert marked(state, runt)
    assert state.top_prompt.name == "block"
    assert tender in {a.cards[0] for a in options(state, "block")}


def test_an_attacker_killed_before_it_is_marked_does_not_attack():
    state = attack_phase()
    goblin = put(state, P1, GOBLIN)
    theirs = first_city(state, P2)
    burst = to_hand(state, P2, "Cinderburst")  # 2 damage to target opposing creature
    resources(state, P2, "red_banner", 2)
    do(state, f"P1: attack #{goblin} -> #{theirs}")
    do(state, f"P2: play #{burst} -> #{goblin}")
    passes(state)
    assert where(state, goblin) == rules.GRAVE
    assert strength(state, theirs) == 10 and state.phase == "play2"


def test_only_one_attack_is_allowed():
    state = attack_phase()
    a = put(state, P1, "Cinder Runt")
    b = put(state, P1, "Ashfang Skirmisher")
    theirs = first_city(state, P2)
    attack(state, [a], theirs)
    assert state.phase == "play2"  # the Attack phase is over
    assert not marked(state, b)
    assert refused(state, f"P1: attack #{b} -> #{theirs}").startswith("ARC-mage, Combat")
    at(state, "attack")
    assert refused(state, f"P1: attack #{b} -> #{theirs}") == rules.R_ATTACK_ONCE


def test_the_attack_phase_may_pass_without_an_attack():
    state = attack_phase()
    runt = put(state, P1, "Cinder Runt")
    end_phase(state)
    assert state.phase == "play2" and not marked(state, runt)


# -- II. assigning defenders ------------------------------------------------------------------


def test_defenders_are_the_unmarked_army_and_the_attacked_citys_residents():
    state = attack_phase()
    theirs = first_city(state, P2)
    other = city(state, P2, "Rootcradle")
    runt = put(state, P1, "Cinder Runt")
    soldier = put(state, P2, "Court Envoy")
    tired = put(state, P2, "Court Envoy", marked=True)
    resident = put(state, P2, "Grove Tender", theirs)
    tired_resident = put(state, P2, "Grove Tender", theirs, marked=True)
    elsewhere = put(state, P2, "Canopy Bowyer", other)
    do(state, f"P1: attack #{runt} -> #{theirs}")
    assert {a.cards[0] for a in options(state, "block")} == {soldier, resident}
    for b in (tired, tired_resident, elsewhere):
        assert refused(state, f"P2: block #{b} -> #{runt}") in (rules.R_BLOCK,)


def test_only_the_attacked_player_defends():
    state = attack_phase()
    runt = put(state, P1, "Cinder Runt")
    mine = put(state, P1, "Court Envoy", first_city(state, P1))
    do(state, f"P1: attack #{runt} -> #{first_city(state, P2)}")
    assert state.top_prompt.seat == P2
    assert refused(state, f"P1: block #{mine} -> #{runt}").startswith("ARC-mage: waiting for")


def test_a_defender_defends_against_one_attacker_only():
    state = attack_phase()
    a, b = put(state, P1, "Cinder Runt"), put(state, P1, "Cinder Runt")
    wall = put(state, P2, "Bramble Warden")
    do(state, f"P1: attack #{a}, #{b} -> #{first_city(state, P2)}")
    do(state, f"P2: block #{wall} -> #{a}")
    assert refused(state, f"P2: block #{wall} -> #{b}") == rules.R_BLOCK_ONE


def test_the_defender_may_decline_to_defend():
    state = attack_phase()
    theirs = first_city(state, P2)
    runt = put(state, P1, "Ashfang Skirmisher")
    tender = put(state, P2, "Grove Tender", theirs)
    attack(state, [runt], theirs)
    assert strength(state, theirs) == 10 - 2 and where(state, tender) == "city1"


def test_events_may_be_played_while_defenders_are_assigned():
    state = attack_phase()
    theirs = first_city(state, P2)
    goblin = put(state, P1, GOBLIN)
    tender = put(state, P2, "Grove Tender")  # 1/1
    ward = to_hand(state, P2, "Barkskin Ward")  # +0/+3
    resources(state, P2, "gaian", 1)
    do(state, f"P1: attack #{goblin} -> #{theirs}")
    do(state, "P2: pass")  # no answer to the attack itself
    assert state.top_prompt.name == "block"
    do(state, f"P2: play #{ward} -> #{tender}")
    passes_until_block(state)
    do(state, f"P2: block #{tender} -> #{goblin}")
    do(state, "P2: pass")
    assert where(state, tender) == rules.ARMY and state.cards[goblin].damage == 1


def passes_until_block(state):
    while state.top_prompt is not None and state.top_prompt.name != "block":
        do(state, f"P{state.top_prompt.seat + 1}: pass")


# -- III. resolving combat --------------------------------------------------------------------


def test_unblocked_attacker_damages_the_city():
    state = attack_phase()
    theirs = first_city(state, P2)
    ogre = put(state, P1, OGRE)
    events = attack(state, [ogre], theirs)
    assert strength(state, theirs) == 10 - 4
    assert "Test Ogre deals 4 to Briarmoor" in [e.text for e in events]


def test_blocked_attackers_excess_never_reaches_the_city():
    state = attack_phase()
    theirs = first_city(state, P2)
    ogre = put(state, P1, OGRE)
    tender = put(state, P2, "Grove Tender")  # 1/1
    attack(state, [ogre], theirs, {tender: ogre})
    assert where(state, tender) == rules.GRAVE
    assert strength(state, theirs) == 10


def test_a_blocked_attacker_deals_no_city_damage_when_its_defender_dies_first():
    state = attack_phase()
    theirs = first_city(state, P2)
    ogre = put(state, P1, OGRE)
    tender = put(state, P2, "Canopy Bowyer")  # 1/2
    burst = to_hand(state, P1, "Cinderburst")  # 2 damage to target opposing creature
    resources(state, P1, "red_banner", 2)
    do(state, f"P1: attack #{ogre} -> #{theirs}")
    do(state, "P1: pass")  # no answer to the attack itself
    do(state, f"P2: block #{tender} -> #{ogre}")
    do(state, "P2: pass")
    # the defenders are assigned; the attacker's side answers before the battle
    assert state.top_prompt.name == "respond" and state.top_prompt.seat == P1
    do(state, f"P1: play #{burst} -> #{tender}")
    passes(state)
    assert where(state, tender) == rules.GRAVE
    assert strength(state, theirs) == 10


def test_the_attacker_takes_the_sum_of_its_defenders_atk():
    state = attack_phase()
    ogre = put(state, P1, OGRE)  # 4/5
    a, b = put(state, P2, PIKE), put(state, P2, PIKE)  # 2/3 each
    do(state, f"P1: attack #{ogre} -> #{first_city(state, P2)}")
    do(state, f"P2: block #{a} -> #{ogre}")
    do(state, f"P2: block #{b} -> #{ogre}")
    do(state, "P2: pass")
    do(state, f"P1: split #{ogre} -> #{a}, #{b} 3 1")
    assert state.cards[ogre].damage == 4 and where(state, ogre) == rules.ARMY
    assert where(state, a) == rules.GRAVE and state.cards[b].damage == 1


def test_damage_equal_to_def_kills_the_attacker():
    state = attack_phase()
    ogre = put(state, P1, OGRE)  # DEF 5
    a = put(state, P2, PIKE)
    b = put(state, P2, creature("Test Archer", 3, 1))
    do(state, f"P1: attack #{ogre} -> #{first_city(state, P2)}")
    do(state, f"P2: block #{a} -> #{ogre}")
    do(state, f"P2: block #{b} -> #{ogre}")
    do(state, "P2: pass")
    do(state, f"P1: split #{ogre} -> #{a}, #{b} 3 1")
    assert where(state, ogre) == rules.GRAVE


def test_damage_in_a_battle_is_simultaneous():
    state = attack_phase()
    a = put(state, P1, GOBLIN)
    b = put(state, P2, GOBLIN)
    attack(state, [a], first_city(state, P2), {b: a})
    assert where(state, a) == rules.GRAVE and where(state, b) == rules.GRAVE


def test_damage_below_def_does_not_kill():
    state = attack_phase()
    a = put(state, P1, GOBLIN)  # 2/2
    b = put(state, P2, PIKE)  # 2/3
    attack(state, [a], first_city(state, P2), {b: a})
    assert where(state, b) == rules.ARMY and state.cards[b].damage == 2


def test_the_attacking_player_divides_the_damage_among_the_defenders():
    state = attack_phase()
    ogre = put(state, P1, OGRE)
    a, b = put(state, P2, GOBLIN), put(state, P2, GOBLIN)
    do(state, f"P1: attack #{ogre} -> #{first_city(state, P2)}")
    do(state, f"P2: block #{a} -> #{ogre}")
    do(state, f"P2: block #{b} -> #{ogre}")
    do(state, "P2: pass")
    assert state.top_prompt.name == "split" and state.top_prompt.seat == P1
    assert refused(state, f"P1: split #{ogre} -> #{a}, #{b} 3 0").startswith(rules.R_SPLIT)
    assert refused(state, f"P1: split #{ogre} -> #{a} 4").startswith(rules.R_SPLIT)
    do(state, f"P1: split #{ogre} -> #{a}, #{b} 4 0")
    assert where(state, a) == rules.GRAVE and state.cards[b].damage == 0


def test_battles_are_resolved_in_the_order_the_attackers_were_announced():
    state = attack_phase()
    first, second = put(state, P1, "Cinder Runt"), put(state, P1, "Ashfang Skirmisher")
    events = attack(state, [second, first], first_city(state, P2))
    strikes = [e.cards[0] for e in events if e.kind == "strike"]
    assert strikes == [second, first]


def test_the_second_play_phase_follows_the_attack():
    state = attack_phase()
    runt = put(state, P1, "Cinder Runt")
    attack(state, [runt], first_city(state, P2))
    assert state.phase == "play2" and state.active == P1


# -- IV. clearing the battleground -----------------------------------------------------------


def test_dead_creatures_go_to_their_owners_graveyards_with_their_attachments():
    hex_ = ArcCard(
        name="Ember Hex",
        type="enchantment",
        faction="red_banner",
        cost=0,
        abilities=[
            {
                "when": "play",
                "target": "enemy_creature",
                "effects": [{"do": "unmark", "to": "target"}],
            },
            {"when": "static", "effects": [{"do": "boost", "to": "target", "defense": -1}]},
        ],
    )
    state = at(start(), "play1")
    goblin = put(state, P1, GOBLIN)
    blocker = put(state, P2, PIKE)  # 2/3, 2/2 with the hex
    h = to_hand(state, P1, hex_)
    do(state, f"P1: play #{h} -> #{blocker}")
    end_phase(state)
    attack(state, [goblin], first_city(state, P2), {blocker: goblin})
    assert state.cards[blocker].zone == (P2, rules.GRAVE)
    assert state.cards[h].zone == (P1, rules.GRAVE)
    assert state.cards[goblin].zone == (P1, rules.GRAVE)


def test_damage_to_a_creature_wears_off_at_the_end_of_the_turn():
    state = attack_phase()
    a = put(state, P1, GOBLIN)
    b = put(state, P2, PIKE)
    attack(state, [a], first_city(state, P2), {b: a})
    assert state.cards[b].damage == 2
    end_phase(state)
    assert state.active == P2 and state.cards[b].damage == 0


# -- a property of the damage split ----------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(atk=st.integers(1, 9), defs=st.lists(st.integers(1, 6), min_size=2, max_size=4))
def test_every_damage_split_offered_adds_up_to_the_attackers_atk(atk, defs):
    state = attack_phase()
    a = put(state, P1, creature("Test Brute", atk, 20))
    blockers = [put(state, P2, creature(f"Test Wall {i}", 0, d)) for i, d in enumerate(defs)]
    do(state, f"P1: attack #{a} -> #{first_city(state, P2)}")
    for b in blockers:
        do(state, f"P2: block #{b} -> #{a}")
    do(state, "P2: pass")
    offered = options(state, "split")
    assert offered
    for split in offered:
        assert sorted(split.targets) == sorted(blockers)
        shares = [int(w) for w in split.words]
        assert all(n >= 0 for n in shares) and sum(shares) == atk
