"""ARC-mage's card-text grammar, restrictions and prevention: a "cannot" on its subject (a
target, the card, the creature an Enchantment is on, a group, a city) for a while or as a
passive, "cannot beats can" (the rulebook's "No, not, can't etc. always outweigh can"), and
one shield for all prevention (to or by a card, all or N points, combat only, against some
dealers). The sentences here are written for these tests, on no real card."""

from __future__ import annotations

import pytest

from tabletop.engine import view
from tabletop.games.arcmage import rules
from tabletop.games.arcmage.evaluate import evaluate
from tabletop.games.arcmage.explain import say_effect
from tabletop.games.arcmage.reader import missing, parse, read_phrase, read_static

from .helpers import (
    GOBLIN,
    P1,
    P2,
    at,
    attack,
    city,
    creature,
    do,
    end_phase,
    first_city,
    legal,
    marked,
    options,
    play_phase,
    put,
    refused,
    resources,
    start,
)
from .test_grammar import from_text
from .test_players import played

FLIER = creature("Test Kite", 2, 2, keywords={"flying": 1})
ARCHER = creature("Test Archer", 1, 3, keywords={"ranged": 1})
GOBBO = creature("Test Gobbo", 1, 4, subtypes=("Goblin",))
WALL = creature("Test Wall", 0, 9)


def forbid(sentence: str, static: bool) -> list[tuple]:
    got = read_static(sentence) if static else read_phrase(sentence).effects
    assert got, sentence
    return [(e.do, e.to, e.keyword, e.subtype, e.against, e.unless, e.until) for e in got]


def to_the_next_turn_of(state, seat: int) -> None:
    """End turns until ``seat``'s next turn is in its Draw & Resource phase (its Unmark
    phase done); the cards drawn on the way go back under the decks."""
    turn = state.turn
    for _ in range(60):
        if state.turn > turn and state.active == seat and state.phase == "draw":
            return
        if state.prompts:
            do(state, f"P{state.top_prompt.seat + 1}: pass")
        elif state.phase == "draw" and state.data.drawn is None:
            do(state, f"P{state.active + 1}: draw 2")
            for cid in list(state.zones[(state.active, rules.HAND)]):
                state.move(cid, (state.active, rules.DECK))
        else:
            end_phase(state)
    raise AssertionError("the turn did not come")


# -- reading ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("I can not block.", ("forbid", "self", "block", "", "", "", "")),
        ("I may not defend.", ("forbid", "self", "block", "", "", "", "")),
        ("Your Orcs cannot block.", ("forbid", "your_creatures", "block", "Orc", "", "", "")),
        (
            "Creatures your opponents control without ranged can't defend.",
            ("forbid", "enemy_creatures", "block", "!ranged", "", "", ""),
        ),
        (
            "I can't be defended against by Red Banner creatures.",
            ("forbid", "self", "be_blocked", "", "red_banner creature", "", ""),
        ),
        (
            "I can only be blocked by Elves or creatures with flying.",
            ("forbid", "self", "be_blocked", "", "", "elf|creature +flying", ""),
        ),
        (
            "I do not unmark during my controller's unmark phase.",
            ("forbid", "self", "unmark", "", "", "", ""),
        ),
        (
            "All movement into or out of my city is forbidden.",
            ("forbid", "home", "movement", "", "", "", ""),
        ),
    ],
)
def test_a_passive_restriction_is_a_cannot_on_its_subject(sentence, expected):
    assert forbid(sentence, static=True) == [expected]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "target creature can not defend until end of turn",
            [("forbid", "target", "block", "", "", "", "")],
        ),
        (
            "until end of turn, two target opposing creatures cannot block",
            [("forbid", "target", "block", "", "", "", "")],
        ),
        (
            "each Wolf can't attack or block until your next turn",
            [
                ("forbid", "all_creatures", "attack", "Wolf", "", "", "next_turn"),
                ("forbid", "all_creatures", "block", "Wolf", "", "", "next_turn"),
            ],
        ),
        (
            "no creature can move to or from target city until the end of the turn",
            [("forbid", "target", "movement", "", "", "", "")],
        ),
    ],
)
def test_a_one_off_restriction_says_how_long_it_lasts(sentence, expected):
    assert forbid(sentence, static=False) == expected


def test_a_one_off_cannot_that_says_no_duration_or_a_passive_that_says_one_is_not_read():
    assert read_phrase("target creature cannot block") is None
    assert read_static("I cannot block this turn") is None
    assert parse("Target creature can't defend.", "event", "T", "").unenforced != ""


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        (
            "prevent all damage that would be dealt to target creature until end of turn",
            ("to", 0, False, "", ""),
        ),
        (
            "prevent the next two damage that would be dealt to me this turn",
            ("to", 2, False, "", ""),
        ),
        ("prevent 4 damage to target creature", ("to", 4, False, "", "")),
        ("prevent all damage done by target opposing creature this turn", ("by", 0, False, "", "")),
        (
            "prevent all combat damage that would be dealt to your Trees until your next turn",
            ("to", 0, True, "", "next_turn"),
        ),
    ],
)
def test_a_prevention_is_read_as_a_shield_of_its_side_its_points_and_its_damage(phrase, expected):
    (e,) = read_phrase(phrase).effects
    assert e.do == "prevent"
    assert (e.dealt, e.amount, e.combat, e.against, e.until) == expected


def test_a_passive_prevention_names_the_dealers_it_holds_against():
    (e,) = read_static("Prevent all damage dealt to me by Goblins without flying")
    assert (e.do, e.to, e.dealt, e.against) == ("prevent", "self", "to", "goblin !flying")
    assert read_static("Prevent the next 2 damage dealt to me") is None  # a passive is whole


# -- cannot block, cannot be blocked ----------------------------------------------------------


def test_a_creature_that_cannot_block_is_no_defender_whatever_grants_it():
    state = at(start(), "attack")
    shy = put(
        state,
        P2,
        from_text(
            "Test Shy Archer",
            "creature",
            "Ranged. I can't defend.",
            attack=1,
            defense=3,
        ),
    )
    kite = put(state, P1, FLIER)
    do(state, f"P1: attack #{kite} -> #{first_city(state, P2)}")
    # ranged says it can defend against a flier; its "can't" outweighs it
    assert not any(a.cards[0] == shy for a in options(state, "block"))
    assert refused(state, f"P2: block #{shy} -> #{kite}") == (
        f"{rules.R_CANNOT}: a card says Test Shy Archer cannot defend"
    )


def test_an_enchantment_forbids_the_creature_it_is_on_to_block():
    fear = from_text("Test Fear", "enchantment", "Enchanted creature can not block.")
    state = at(start(), "attack")
    bearer, free = put(state, P2, WALL), put(state, P2, WALL)
    e = put(state, P2, fear)
    state.cards[e].attached_to = bearer
    runt = put(state, P1, GOBLIN)
    do(state, f"P1: attack #{runt} -> #{first_city(state, P2)}")
    assert {a.cards[0] for a in options(state, "block")} == {free}


def test_target_creature_cannot_block_this_turn_and_can_the_next():
    scare = from_text("Test Scare", "event", "Target creature can't defend this turn.")
    state = play_phase(P2)
    resources(state, P2, "red_banner", 1)
    wall = put(state, P1, WALL)
    played(state, scare, f"-> #{wall}", seat=P2)
    runt = put(state, P2, GOBLIN)
    at(state, "attack")
    do(state, f"P2: attack #{runt} -> #{first_city(state, P1)}")
    assert not legal(state, f"P1: block #{wall} -> #{runt}")
    to_the_next_turn_of(state, P1)
    assert not rules.forbidden(state, wall, "block")


def test_until_your_next_turn_holds_through_the_opponents_turn_and_ends_as_yours_begins():
    chain = from_text("Test Chains", "event", "Target creature cannot attack until your next turn.")
    state = play_phase(P1)
    brute = put(state, P2, GOBLIN)
    played(state, chain, f"-> #{brute}")
    to_the_next_turn_of(state, P2)
    at(state, "attack")
    assert refused(state, f"P2: attack #{brute} -> #{first_city(state, P1)}") == (
        f"{rules.R_CANNOT}: a card says Test Goblin cannot attack"
    )
    to_the_next_turn_of(state, P1)
    assert not rules.forbidden(state, brute, "attack")


def test_a_group_with_a_keyword_cannot_block_and_the_others_can():
    dread = from_text(
        "Test Dread",
        "creature",
        "Opposing creatures with flying cannot block.",
        attack=1,
        defense=1,
    )
    state = at(start(), "attack")
    put(state, P1, dread)
    kite, archer = put(state, P2, FLIER), put(state, P2, ARCHER)
    runt = put(state, P1, GOBLIN)
    do(state, f"P1: attack #{runt} -> #{first_city(state, P2)}")
    assert {a.cards[0] for a in options(state, "block")} == {archer}
    assert not legal(state, f"P2: block #{kite} -> #{runt}")


def test_a_creature_that_cannot_be_blocked_by_goblins_is_blocked_by_others():
    sly = from_text("Test Sly", "creature", "I can't be blocked by Goblins.", attack=2, defense=2)
    state = at(start(), "attack")
    me = put(state, P1, sly)
    gobbo, wall = put(state, P2, GOBBO), put(state, P2, WALL)
    do(state, f"P1: attack #{me} -> #{first_city(state, P2)}")
    assert refused(state, f"P2: block #{gobbo} -> #{me}") == (
        f"{rules.R_CANNOT}: Test Sly says Test Gobbo cannot defend against Test Sly"
    )
    assert legal(state, f"P2: block #{wall} -> #{me}")


def test_a_creature_only_blocked_by_creatures_with_ranged_is_blocked_by_those_alone():
    elusive = from_text(
        "Test Elusive",
        "creature",
        "I can only be blocked by creatures with ranged.",
        attack=2,
        defense=2,
    )
    state = at(start(), "attack")
    me = put(state, P1, elusive)
    archer, wall = put(state, P2, ARCHER), put(state, P2, WALL)
    do(state, f"P1: attack #{me} -> #{first_city(state, P2)}")
    assert {a.cards[0] for a in options(state, "block")} == {archer}
    assert "only a creature with ranged can defend" in refused(state, f"P2: block #{wall} -> #{me}")


# -- unmarking --------------------------------------------------------------------------------


def test_a_creature_that_does_not_unmark_in_your_unmark_phase_stays_marked():
    sloth = from_text(
        "Test Sloth", "creature", "I don't unmark during your unmark phase.", attack=3, defense=3
    )
    state = play_phase(P1)
    me, other = put(state, P1, sloth, marked=True), put(state, P1, GOBLIN, marked=True)
    to_the_next_turn_of(state, P1)
    assert marked(state, me) and not marked(state, other)


def test_target_creature_skips_its_controllers_next_unmark_phase_only():
    frost = from_text(
        "Test Frost",
        "event",
        "Target creature does not unmark during its controller's next unmark phase.",
    )
    state = play_phase(P1)
    brute = put(state, P2, GOBLIN, marked=True)
    played(state, frost, f"-> #{brute}")
    to_the_next_turn_of(state, P2)
    assert marked(state, brute)
    to_the_next_turn_of(state, P2)
    assert not marked(state, brute)


# -- movement ---------------------------------------------------------------------------------


def test_no_creature_moves_into_or_out_of_a_city_closed_this_turn():
    gate = from_text(
        "Test Gate", "event", "Creatures cannot move into or out of target city this turn."
    )
    state = play_phase(P1)
    home = first_city(state, P1)
    inside, outside = put(state, P1, GOBLIN, home), put(state, P1, GOBLIN)
    played(state, gate, f"-> #{home}")
    assert refused(state, f"P1: move #{outside} -> #{home}") == (
        f"{rules.R_CANNOT}: Test Gate forbids all movement into or out of Cinderhold"
    )
    assert not legal(state, f"P1: move #{inside} army")
    assert not options(state, "move")
    to_the_next_turn_of(state, P1)
    at(state, "play1")
    assert legal(state, f"P1: move #{outside} -> #{home}")


def test_a_siege_enchantment_closes_the_city_while_your_army_outnumbers_its_players():
    siege = from_text(
        "Test Siege",
        "enchantment",
        "All movement into or out of enchanted city is forbidden while your army has more "
        "creatures than that city's controller's army.",
    )
    assert siege.abilities[0].target == "city"
    state = play_phase(P2)
    theirs = first_city(state, P1)
    played(state, siege, f"-> #{theirs}", seat=P2)
    (e,) = [
        c for c in state.zones[state.cards[theirs].zone] if state.cards[c].card.name == "Test Siege"
    ]
    assert state.cards[e].attached_to == theirs
    put(state, P2, GOBLIN)
    put(state, P2, GOBLIN)
    walker = put(state, P1, GOBLIN)
    state.active = P1
    assert not legal(state, f"P1: move #{walker} -> #{theirs}")  # 2 against 1
    put(state, P1, GOBLIN)  # 2 against 2: asked again as the move is tried
    assert legal(state, f"P1: move #{walker} -> #{theirs}")


# -- prevention -------------------------------------------------------------------------------


def zap(state, target: int, n: int = 2, seat: int = P1) -> None:
    played(
        state,
        from_text("Test Zap", "event", f"Deal {n} damage to target creature or city."),
        f"-> #{target}",
        seat=seat,
    )


def test_all_damage_to_a_shielded_creature_is_prevented_this_turn_only():
    ward = from_text(
        "Test Ward", "event", "Prevent all damage that would be dealt to target creature this turn."
    )
    state = play_phase(P1)
    wall = put(state, P2, WALL)
    played(state, ward, f"-> #{wall}")
    zap(state, wall, 5)
    assert state.cards[wall].damage == 0
    to_the_next_turn_of(state, P2)
    at(state, "play1")
    zap(state, wall, 5, seat=P2)
    assert state.cards[wall].damage == 5


def test_a_shield_of_n_points_spends_them_and_lets_the_rest_through():
    ward = from_text(
        "Test Buckler",
        "event",
        "Prevent the next three damage that would be dealt to target creature this turn.",
    )
    state = play_phase(P1)
    wall = put(state, P2, WALL)
    played(state, ward, f"-> #{wall}")
    zap(state, wall, 2)
    assert state.cards[wall].damage == 0
    zap(state, wall, 2)
    assert state.cards[wall].damage == 1  # one point was left of the three
    zap(state, wall, 2)
    assert state.cards[wall].damage == 3


def test_damage_dealt_by_a_shielded_creature_is_prevented_in_combat():
    calm = from_text("Test Calm", "event", "Prevent all damage dealt by target creature this turn.")
    state = play_phase(P1)
    ogre = put(state, P1, creature("Test Brute", 4, 4))
    wall = put(state, P2, creature("Test Post", 1, 9))
    played(state, calm, f"-> #{ogre}")
    at(state, "attack")
    attack(state, [ogre], first_city(state, P2), {wall: ogre})
    assert state.cards[wall].damage == 0 and state.cards[ogre].damage == 1


def test_a_combat_shield_on_a_group_lets_the_damage_of_effects_through():
    truce = from_text(
        "Test Truce",
        "event",
        "Prevent all combat damage that would be dealt to creatures you control this turn.",
    )
    state = play_phase(P2)
    resources(state, P2, "red_banner", 1)
    wall = put(state, P2, creature("Test Post", 1, 6))
    played(state, truce, seat=P2)
    zap(state, wall, 2, seat=P2)
    assert state.cards[wall].damage == 2  # an effect's damage
    state.active = P1
    runt = put(state, P1, creature("Test Brute", 3, 3))
    at(state, "attack")
    attack(state, [runt], first_city(state, P2), {wall: runt})
    assert state.cards[wall].damage == 2 and state.cards[runt].damage == 1


def test_points_of_damage_to_a_city_are_prevented():
    brace = from_text("Test Brace", "event", "Prevent two damage to target city.")
    state = play_phase(P1)
    theirs = first_city(state, P2)
    played(state, brace, f"-> #{theirs}")
    zap(state, theirs, 3)
    assert state.cards[theirs].damage == 1


def test_a_passive_shield_holds_against_the_dealers_it_names_alone():
    moth = from_text(
        "Test Moth",
        "creature",
        "Ranged. Prevent all damage dealt to me by creatures without flying.",
        attack=1,
        defense=5,
    )
    state = at(start(), "attack")
    me = put(state, P2, moth)
    runt, kite = put(state, P1, GOBLIN), put(state, P1, FLIER)
    attack(state, [runt], first_city(state, P2), {me: runt})
    assert state.cards[me].damage == 0
    state.cards[me].turned = False
    at(state, "attack")
    state.data.attacked = frozenset()
    attack(state, [kite], first_city(state, P2), {me: kite})
    assert state.cards[me].damage == 2


# -- said in words ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("phrase", "said"),
    [
        (
            "target creature cannot block until your next turn",
            "the target cannot defend until your next turn",
        ),
        (
            "prevent the next 3 damage that would be dealt to target creature this turn",
            "prevent the next 3 damage dealt to the target until end of turn",
        ),
        (
            "prevent all combat damage dealt by creatures you control until end of turn",
            "prevent all combat damage dealt by creatures you control until end of turn",
        ),
    ],
)
def test_each_restriction_and_shield_is_said_with_its_duration(phrase, said):
    (e,) = read_phrase(phrase).effects
    assert say_effect(e) == said


def test_a_sentence_the_grammar_reads_is_not_named_as_a_missing_restriction():
    assert "a rule-changing passive or restriction" not in missing(
        "Target creature cannot block this turn. Players skip their draw."
    )
    assert missing("I cannot be the target of spells.") == [
        "a rule-changing passive or restriction"
    ]


def test_a_creature_that_cannot_block_is_no_guard_in_the_bots_evaluation():
    shy = from_text("Test Shy Pike", "creature", "I cannot block.", attack=2, defense=3)
    scores = []
    for guard in (creature("Test Pike", 2, 3), shy):  # same size
        state = start()
        put(state, P2, creature("Test Ogre", 4, 5))  # P2's army attacks next turn
        put(state, P1, guard)
        scores.append(evaluate(view(at(state, "play2"), P1), P1))
    assert scores[0] > scores[1] + 1.0


def test_a_closed_city_keeps_its_residents_from_the_moves_of_effects_too():
    gate = from_text(
        "Test Gate", "event", "Creatures cannot move into or out of target city this turn."
    )
    shove = from_text(
        "Test Shove", "event", "Move target creature to another city of its controller."
    )
    call = from_text(
        "Test Call",
        "event",
        "Move all unmarked Goblins from your cities into your army. The Goblins are not "
        "marked for moving.",
    )
    state = play_phase(P1)
    home = first_city(state, P1)
    city(state, P1, "Rootcradle")
    pushed, called = put(state, P1, GOBLIN, home), put(state, P1, GOBBO, home)
    played(state, gate, f"-> #{home}")
    played(state, shove, f"-> #{pushed}")
    played(state, call)
    assert rules.home(state, pushed) == home and rules.home(state, called) == home


def test_the_real_besieged_city_is_played_on_a_city_it_closes_while_the_army_outnumbers(real):
    siege = real["Besieged City"]
    assert siege.unenforced == "" and siege.abilities[0].target == "city"
    state = play_phase(P1)
    resources(state, P1, siege.faction, siege.cost or 0)
    theirs = first_city(state, P2)
    played(state, siege, f"-> #{theirs}")
    walker = put(state, P2, GOBLIN)
    put(state, P1, GOBLIN)
    put(state, P1, GOBLIN)  # two in P1's army against one
    state.active = P2
    assert "Besieged City forbids all movement" in refused(
        state, f"P2: move #{walker} -> #{theirs}"
    )
    put(state, P2, GOBLIN)
    assert legal(state, f"P2: move #{walker} -> #{theirs}")
