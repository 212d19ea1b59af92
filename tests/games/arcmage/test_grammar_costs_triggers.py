"""ARC-mage's card-text grammar: costs other than marking before the colon (creatures,
resource cards or the card itself sacrificed, cards discarded, a city losing defense), and
triggers on other happenings (a turn starting or ending, another card dying or leaving
play, the card blocked, blocking or moved). Each on sentences written for these tests, on
no card, composed with effect phrases the grammar reads, and played through the rules."""

from __future__ import annotations

import pytest

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.explain import say_ability
from tabletop.games.arcmage.reader import explain, missing, parse, read_cost
from tabletop.games.arcmage.table import TABLE

from .helpers import (
    GOBLIN,
    OGRE,
    P1,
    P2,
    at,
    attack,
    city,
    creature,
    do,
    first_city,
    hand,
    legal,
    marked,
    options,
    play_phase,
    put,
    refused,
    resources,
    start,
    strength,
    to_hand,
)
from .test_grammar import from_text

ORC = creature("Test Orc", 1, 1, subtypes=("Orc",))
GOB = creature("Test Gob", 1, 1, subtypes=("Goblin",))


def made(text: str, kind: str = "creature", **stats) -> object:
    stats.setdefault("attack", 1)
    stats.setdefault("defense", 1)
    return from_text("Test Maker", kind, text, **stats)


def said(card) -> str:
    """A card's abilities in words, as ``tabletop explain`` says them."""
    return " | ".join(say_ability({**dict(a), "effects": a.effects}) for a in card.abilities)


# -- costs other than marking ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "when", "fields"),
    [
        ("Sacrifice a creature: Draw two cards.", "use", {"cost_sacrifice": "1:creature"}),
        ("Sacrifice an Orc: I get +1/+1 until end of turn.", "use", {"cost_sacrifice": "1:orc"}),
        (
            "Sacrifice two Goblins you control: deal three damage to target creature.",
            "use",
            {"cost_sacrifice": "2:goblin"},
        ),
        (
            "M, Sacrifice a resource card: Target creature gets +2/+2 until end of turn.",
            "mark",
            {"cost_resources": 1},
        ),
        ("M, sacrifice three Elves: draw a card.", "mark", {"cost_sacrifice": "3:elf"}),
        ("Discard a card: I gain flying until end of turn.", "use", {"cost_discard": "card"}),
        (
            "Discard two cards: unmark me.",
            "use",
            {"cost_discard": "card", "cost_discards": 2},
        ),
        ("Lose 1 defense point on a city: draw a card.", "use", {"cost_defense": 1}),
        (
            "M, Your city loses two defense points: I get +3/+0 until end of turn.",
            "mark",
            {"cost_defense": 2},
        ),
        ("Sacrifice me: deal 2 damage to target creature.", "use", {"cost_self": True}),
    ],
)
def test_a_cost_before_the_colon_is_read_with_any_effect_with_or_without_the_mark(
    text, when, fields
):
    got = parse(text, "creature", "T")
    assert got.unenforced == ""
    (a,) = got.abilities
    assert a.when == when
    assert {k: getattr(a, k) for k in fields} == fields


def test_forgiving_vampires_cost_is_a_city_of_its_players_losing_a_defense_point():
    # The cost part of "Lose 1 defense point on a city: either target creature gets -1/-1
    # and I get +1/+1, or vice versa." (its choice of effects is another part's).
    assert read_cost("Lose 1 defense point on a city") == {"cost_defense": 1}
    assert read_cost("lose three defense points on one of your cities") == {"cost_defense": 3}


def test_words_that_name_no_creature_are_no_sacrifice_cost():
    assert read_cost("Sacrifice a forest") is None  # no creature type is written small
    assert read_cost("Sacrifice a city") is None
    assert parse("Sacrifice two enchantments: draw a card.", "creature", "T").unenforced


def test_a_sacrifice_cost_is_paid_before_the_effect_resolves():
    tinker = made("Sacrifice a Goblin: Draw two cards.")
    state = play_phase()
    user = put(state, P1, tinker)
    gob = put(state, P1, GOB)
    (use,) = options(state, "use")
    assert use.cards == (user, gob)
    assert TABLE.action_label(state, use) == "Use Test Maker (sacrifice Test Gob): its ability"
    do(state, f"P1: use #{user}, #{gob}")
    assert state.cards[gob].zone == (P1, rules.REMOVED)
    assert len(hand(state, P1)) == 2
    assert not marked(state, user)  # paid by the sacrifice alone


def test_a_creature_sacrificed_to_pay_is_of_the_kind_named_and_never_the_card_itself():
    # ruling 90
    tinker = made("Sacrifice an Orc: I get +2/+2 until end of turn.", subtypes=("Orc",))
    state = play_phase()
    user = put(state, P1, tinker)
    plain = put(state, P1, GOBLIN)
    assert not legal(state, f"P1: use #{user}, #{plain}")  # not an Orc
    assert not legal(state, f"P1: use #{user}, #{user}")  # not itself
    why = refused(state, f"P1: use #{user}")
    assert "(ruling 90): sacrifice 1 Orc you control other than Test Maker" in why
    assert "(you have 0)" in why
    orc = put(state, P1, ORC)
    do(state, f"P1: use #{user}, #{orc}")
    assert rules.stats(state, user) == (3, 3)


def test_two_creatures_sacrificed_to_pay_are_two_different_ones_of_the_kind():
    warlock = made("Sacrifice two Goblins you control: deal three damage to target creature.")
    state = play_phase()
    user = put(state, P1, warlock)
    one, two = put(state, P1, GOB), put(state, P1, GOB)
    foe = put(state, P2, OGRE)
    assert not legal(state, f"P1: use #{user}, #{one} -> #{foe}")  # one Goblin of two
    assert not legal(state, f"P1: use #{user}, #{one}, #{one} -> #{foe}")
    do(state, f"P1: use #{user}, #{one}, #{two} -> #{foe}")
    assert {state.cards[c].zone for c in (one, two)} == {(P1, rules.REMOVED)}
    assert state.cards[foe].damage == 3


def test_a_resource_card_sacrificed_pays_a_marked_ability():
    squire = made("M, Sacrifice a resource card: Target creature gets +2/+2 until end of turn.")
    state = play_phase()
    user = put(state, P1, squire)
    assert "sacrifice 1 resource cards (you have 0)" in refused(
        state, f"P1: use #{user} -> #{user}"
    )
    resources(state, P1, "red_banner", 2)
    do(state, f"P1: use #{user} -> #{user}")
    assert rules.resource_count(state, P1) == 1
    assert marked(state, user) and rules.stats(state, user) == (3, 3)


def test_discarding_pays_with_as_many_cards_as_the_cost_says():
    sprite = made("Discard two cards: I gain flying until end of turn.")
    state = play_phase()
    user = put(state, P1, sprite)
    first = to_hand(state, P1, GOBLIN)
    assert "discard 2 cards from your hand" in refused(state, f"P1: use #{user}, #{first}")
    second = to_hand(state, P1, ORC)
    assert not legal(state, f"P1: use #{user}, #{first}")  # one card of two
    do(state, f"P1: use #{user}, #{first}, #{second}")
    assert {state.cards[c].zone for c in (first, second)} == {(P1, rules.GRAVE)}
    assert rules.has(state, user, "flying")


def test_a_city_of_the_players_choice_loses_the_defense_that_pays():
    # ruling 91
    keeper = made("Lose 1 defense point on a city: draw a card.")
    state = play_phase()
    user = put(state, P1, keeper)
    home, other = first_city(state, P1), city(state, P1, "Cinderhold")
    foe = first_city(state, P2)
    before = strength(state, other)
    assert [a.cards for a in options(state, "use")] == [(user, home), (user, other)]
    assert not legal(state, f"P1: use #{user}, #{foe}")  # a city of its player's
    assert "(ruling 91)" in refused(state, f"P1: use #{user}")
    do(state, f"P1: use #{user}, #{other}")
    assert strength(state, other) == before - 1 and strength(state, home) == before
    assert len(hand(state, P1)) == 1


def test_sacrificing_the_card_itself_pays_for_its_ability():
    bomb = made("Sacrifice me: deal 2 damage to target creature.")
    state = play_phase()
    user = put(state, P1, bomb)
    foe = put(state, P2, OGRE)
    do(state, f"P1: use #{user} -> #{foe}")
    assert state.cards[user].zone == (P1, rules.REMOVED)
    assert state.cards[foe].damage == 2


def test_each_cost_is_said_in_words():
    words = said(
        made(
            "Sacrifice two Goblins you control: draw a card. Discard two cards: unmark me. "
            "M, Sacrifice a resource card: draw a card. Lose 1 defense point on a city: draw a "
            "card."
        )
    )
    assert "by sacrificing 2 Goblins you control (other than it): draw 1 card" in words
    assert "by discarding 2 cards from your hand: unmark this card" in words
    assert "by marking it and sacrificing 1 resource card: draw 1 card" in words
    assert "by a city you control losing 1 defense (you choose): draw 1 card" in words


def test_a_readable_cost_or_trigger_is_not_what_an_unread_sentence_lacks():
    assert missing("Sacrifice a Goblin: sing a song of sixpence.") == [
        "a phrase the reader does not know yet"
    ]
    assert missing("When another creature dies, sing a song.") == [
        "a phrase the reader does not know yet"
    ]
    assert missing("At the end of each turn, sing a song.") == [
        "a phrase the reader does not know yet"
    ]
    assert missing("Sacrifice a forest: draw a card.") == [
        "sacrifice or discard as a cost or an effect"
    ]


# -- triggers on other happenings -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "phase", "edge", "whose"),
    [
        ("At the start of your turn, draw a card.", "unmark", "start", ""),
        ("At the beginning of your turn draw two cards.", "unmark", "start", ""),
        (
            "At the end of your turn, I deal one damage to each opposing creature.",
            "discard",
            "end",
            "",
        ),
        ("At the end of each turn, unmark me.", "discard", "end", "any"),
        ("At the start of each opponent's turn, draw a card.", "unmark", "start", "opponent"),
    ],
)
def test_a_turn_starting_or_ending_is_its_first_phase_starting_or_its_last_ending(
    text, phase, edge, whose
):
    got = parse(text, "creature", "T")
    assert got.unenforced == ""
    (a,) = got.abilities
    assert (a.when, a.phase, a.edge, a.whose) == ("phase", phase, edge, whose)


def turn_over(state) -> None:
    """P1's turn ends (from its Discard phase) and P2's starts, up to its Draw & Resource
    phase."""
    at(state, "discard", P1)
    do(state, "P1: end")
    assert state.active == P2 and state.phase == "draw"


def test_a_trigger_at_the_end_of_your_turn_and_the_start_of_the_next_players():
    # ruling 93
    closer = made("At the end of your turn, draw a card.")
    opener = made("At the start of your turn, draw two cards.")
    state = start(P1)
    put(state, P1, closer)
    put(state, P2, opener)
    put(state, P2, closer)  # not its turn that ends
    put(state, P1, opener)  # not its turn that starts
    turn_over(state)
    assert (len(hand(state, P1)), len(hand(state, P2))) == (1, 2)


def test_each_turn_is_every_players_and_each_opponents_turn_not_your_own():
    # ruling 93
    watcher = made("At the end of each turn, draw a card.")
    rival = made("At the end of each opponent's turn, draw two cards.")
    state = start(P1)
    put(state, P2, watcher)
    put(state, P1, rival)  # P1's own turn ends: not an opponent's
    put(state, P2, rival)
    turn_over(state)
    assert (len(hand(state, P1)), len(hand(state, P2))) == (0, 3)


def test_another_creature_you_control_dying_is_heard():
    mourner = made("Whenever another creature you control dies, draw a card.")
    state = play_phase()
    put(state, P1, mourner)
    mine, theirs = put(state, P1, GOBLIN), put(state, P2, GOBLIN)
    doom = from_text("Test Doom", "event", "Destroy target creature.")
    for victim in (mine, theirs):
        at(state, "play1", P1)
        cid = to_hand(state, P1, doom)
        do(state, f"P1: play #{cid} -> #{victim}")
    assert len(hand(state, P1)) == 1  # for its own creature only


def test_an_opposing_creature_dying_is_heard_and_not_your_own():
    ghoul = made("Whenever an opposing creature dies, put a +1/+1 counter on me.")
    state = play_phase()
    me = put(state, P1, ghoul)
    mine, theirs = put(state, P1, GOBLIN), put(state, P2, GOBLIN)
    rules.kill(state, mine, [])
    rules.advance(state, [])
    assert rules.stats(state, me) == (1, 1)
    rules.kill(state, theirs, [])
    rules.advance(state, [])
    assert rules.stats(state, me) == (2, 2)


def test_a_card_of_the_kind_leaving_play_is_heard_whatever_takes_it_away():
    chief = made("Whenever a Goblin you control leaves play, draw a card.")
    state = play_phase()
    put(state, P1, chief)
    gob, plain = put(state, P1, GOB), put(state, P1, GOBLIN)
    back = from_text("Test Recall", "event", "Return target creature to its owner's hand.")
    for victim in (gob, plain):
        at(state, "play1", P1)
        do(state, f"P1: play #{to_hand(state, P1, back)} -> #{victim}")
    assert len(hand(state, P1)) == 3  # the two creatures, and one card drawn for the Goblin


def test_a_card_does_not_hear_its_own_death_as_anothers():
    # ruling 92
    martyr = made("When a Goblin you control dies, draw a card.", subtypes=("Goblin",))
    state = play_phase()
    me = put(state, P1, martyr)
    rules.kill(state, me, [])
    rules.advance(state, [])
    assert hand(state, P1) == []


def test_whenever_i_am_blocked_the_trigger_happens_as_defenders_are_assigned():
    brute = made("Whenever I am blocked, I get +2/+0 until end of turn.", attack=2, defense=4)
    state = at(start(), "attack")
    me = put(state, P1, brute)
    guard = put(state, P2, creature("Test Wall", 0, 3))
    attack(state, [me], first_city(state, P2), {guard: me})
    assert state.cards[guard].zone == (P2, rules.GRAVE)  # 4 damage to a 0/3


def test_when_i_block_the_trigger_happens_as_i_am_assigned_to_defend():
    wall = made("When I block, I get +0/+3 until end of turn.", attack=0, defense=2)
    state = at(start(), "attack")
    me = put(state, P2, wall)
    brute = put(state, P1, creature("Test Brute", 3, 3))
    attack(state, [brute], first_city(state, P2), {me: brute})
    assert state.cards[me].zone[1] != rules.GRAVE and state.cards[me].damage == 3


@pytest.mark.parametrize("words", ["When I am moved", "Whenever I move", "When I'm moved"])
def test_being_moved_by_its_player_or_by_a_card_sets_the_trigger_off(words):
    rover = made(f"{words}, draw a card.")
    state = play_phase()
    me = put(state, P1, rover)
    do(state, f"P1: move #{me} -> #{first_city(state, P1)}")
    assert len(hand(state, P1)) == 1
    state.cards[me].turned = False
    shove = from_text("Test Shove", "event", "Move target creature without marking it.")
    do(state, f"P1: play #{to_hand(state, P1, shove)} -> #{me}")
    assert len(hand(state, P1)) == 2  # moved to its army, the one place left


def make_barge():
    """A creature that carries another along; its last sentence is Travel's reminder."""
    return made(
        "Whenever I move, you may move target creature along. That creature is not marked "
        "for moving. I am not marked for moving."
    )


def test_a_creature_moved_along_comes_from_where_the_card_was_to_where_it_went():
    # ruling 94
    state = play_phase()
    there, elsewhere = first_city(state, P1), city(state, P1, "Cinderhold")
    barge = put(state, P1, make_barge(), there)
    mate, stranger = put(state, P1, GOBLIN, there), put(state, P1, GOBLIN)  # in the army
    do(state, f"P1: move #{barge} -> #{elsewhere}")
    assert state.top_prompt.name == "choose"
    assert [a.targets for a in options(state, "target")] == [(mate,)]
    do(state, f"P1: target #{barge} -> #{mate}")
    assert rules.home(state, mate) == elsewhere
    assert not marked(state, mate) and not marked(state, barge)
    assert rules.home(state, stranger) is None


def test_a_creature_may_be_left_behind_when_the_card_moves():
    state = play_phase()
    there = first_city(state, P1)
    barge = put(state, P1, make_barge())
    mate = put(state, P1, GOBLIN)
    do(state, f"P1: move #{barge} -> #{there}")
    do(state, "P1: pass")
    assert rules.home(state, barge) == there and rules.home(state, mate) is None


def test_a_keywords_reminder_said_alone_gives_the_card_the_keyword():
    got = parse("I'm not marked for moving. I am not marked for attacking.", "creature", "T")
    assert got.unenforced == "" and set(got.keywords) == {"travel", "veteran"}


def test_merchant_ship_is_fully_enforced_and_carries_a_creature_along(real):
    ship = real["Merchant Ship"]
    assert ship.unenforced == "" and "travel" in ship.keywords
    state = play_phase()
    there, elsewhere = first_city(state, P1), city(state, P1, "Cinderhold")
    me = put(state, P1, ship, there)
    mate = put(state, P1, GOBLIN, there)
    do(state, f"P1: move #{me} -> #{elsewhere}")
    do(state, f"P1: target #{me} -> #{mate}")
    assert rules.home(state, mate) == elsewhere and not marked(state, mate)


def test_each_new_trigger_is_said_in_words():
    words = said(
        made(
            "At the start of your turn, draw a card. At the end of each opponent's turn, draw "
            "a card. Whenever another creature you control dies, draw a card. Whenever a "
            "Goblin leaves play, draw a card. Whenever I am blocked, draw a card. When I am "
            "moved, draw a card."
        )
    )
    for part in (
        "at the start of your turn: draw 1 card",
        "at the end of each opponent's turn: draw 1 card",
        "whenever another creature you control dies: draw 1 card",
        "whenever another goblin leaves play: draw 1 card",
        "when it is blocked: draw 1 card",
        "when it is moved: draw 1 card",
    ):
        assert part in words
    (reading,) = explain("Whenever I move, you may move target creature along.", "creature")
    assert "move the target along to where this card now is" in say_ability(reading.abilities[0])
