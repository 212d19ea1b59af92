"""ARC-mage: deck building, setting up, the turn's phases, Draw & Resource, Discard, and
how a player is defeated."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.engine import DeckList, apply, legal_actions, view
from tabletop.engine.state import HIDDEN
from tabletop.games.arcmage import rules
from tabletop.games.arcmage.cards import ArcCard

from .helpers import (
    CARDS,
    DECKS,
    GAME,
    P1,
    P2,
    P3,
    at,
    city,
    do,
    end_phase,
    first_city,
    hand,
    legal,
    new_game,
    passes,
    put,
    refused,
    resources,
    seed_for,
    start,
    start_seats,
    to_hand,
    where,
)

EMBERFANG = dict(DECKS["emberfang_raiders"].cards)


def deck(**changes: int) -> DeckList:
    cards = dict(EMBERFANG)
    for key, n in changes.items():
        name = key.replace("_", " ")
        if n:
            cards[name] = n
        else:
            cards.pop(name, None)
    return DeckList(name="Test deck", cards=cards)


# -- deck building --------------------------------------------------------------------------------


def test_the_starter_decks_are_legal():
    for d in DECKS.values():
        assert d.size() == 45
        assert GAME.validate_deck(d) == []


def test_a_deck_has_exactly_45_cards():
    short = deck(Old_Scarhide=1)  # 44
    assert GAME.validate_deck(short) == [
        "ARC-mage, Deck Building: every deck must contain exactly 45 cards (this one has 44, "
        "tokens aside)"
    ]
    long = deck(Court_Envoy=1)  # 46
    assert any("exactly 45" in p for p in GAME.validate_deck(long))


def test_a_deck_needs_at_least_3_city_cards():
    # two cities instead of four, made up to 45 by two more cards
    two = deck(Cinderhold=1, Gravesmoke_Hollow=0, Court_Envoy=2)
    assert GAME.validate_deck(two) == [
        "ARC-mage, Deck Building: at least 3 of the 45 cards must be city cards (this one has 2)"
    ]
    three = deck(Cinderhold=1, Court_Envoy=1)
    assert GAME.validate_deck(three) == []


def test_a_deck_has_at_most_3_copies_of_a_name():
    four = deck(Cinder_Runt=4, Old_Scarhide=1)
    assert GAME.validate_deck(four) == [
        "ARC-mage, Deck Building: a deck may only have up to 3 copies of a card (4 of "
        "'Cinder Runt')"
    ]


def test_tokens_are_outside_the_45():
    with_tokens = deck(Ashen_Grunt=3)
    assert with_tokens.size() == 48
    assert GAME.validate_deck(with_tokens) == []
    state = GAME.new_game([with_tokens, DECKS["thornwood_circle"]], 1)
    tokens = state.zones[(P1, rules.TOKENS)]
    assert [state.cards[c].card.name for c in tokens] == ["Ashen Grunt"] * 3
    in_deck = [state.cards[c].card.name for c in state.zones[(P1, rules.DECK)]]
    assert "Ashen Grunt" not in in_deck


def test_a_game_refuses_an_illegal_deck():
    with pytest.raises(ValueError, match="exactly 45"):
        GAME.new_game([deck(Old_Scarhide=1), DECKS["thornwood_circle"]], 1)


# -- setting up ----------------------------------------------------------------------------------


def test_the_cities_are_set_aside_face_down_before_the_deal():
    state = new_game(1)
    for seat in (P1, P2):
        aside = state.zones[(seat, rules.UNBUILT)]
        assert len(aside) == 4 and all(state.cards[c].card.type == "city" for c in aside)
        for zone in (rules.DECK, rules.HAND):
            assert all(state.cards[c].card.type != "city" for c in state.zones[(seat, zone)])
    # face down: the other player does not see them
    seen = view(state, P2)
    assert all(seen.cards[c].card is HIDDEN for c in seen.zones[(P1, rules.UNBUILT)])
    assert all(seen.cards[c].card is not HIDDEN for c in seen.zones[(P2, rules.UNBUILT)])


def test_every_city_of_the_deck_is_set_aside_however_many_it_holds():
    five = deck(Cinderhold=3, Cinder_Runt=2)  # five cities
    assert GAME.validate_deck(five) == []
    for d, n in ((five, 5), (DECKS["emberfang_raiders"], 4)):
        state = GAME.new_game([d, DECKS["thornwood_circle"]], 1)
        aside = [state.cards[c].card.type for c in state.zones[(P1, rules.UNBUILT)]]
        assert aside == ["city"] * n
        held = state.zones[(P1, rules.DECK)] + state.zones[(P1, rules.HAND)]
        assert all(state.cards[c].card.type != "city" for c in held)


def test_each_player_draws_7_cards_from_a_shuffled_deck():
    state = new_game(1)
    for seat in (P1, P2):
        assert len(hand(state, seat)) == 7
        assert len(state.zones[(seat, rules.DECK)]) == 45 - 4 - 7
    listed = [n for n in DECKS["emberfang_raiders"].names() if CARDS[n].type != "city"]
    orders = set()
    for seed in (1, 2, 3):
        s = new_game(seed)
        orders.add(
            tuple(
                s.cards[c].card.name for c in s.zones[(P1, rules.HAND)] + s.zones[(P1, rules.DECK)]
            )
        )
    assert len(orders) == 3 and tuple(listed) not in orders


def test_the_first_player_founds_a_city_then_the_next_in_turn_order():
    for first in (P1, P2):
        state = new_game(seed_for(first))
        other = 1 - first
        assert state.phase == "found" and state.active == first
        theirs = state.zones[(other, rules.UNBUILT)][0]
        assert refused(state, f"P{other + 1}: found #{theirs}") == (
            f"ARC-mage: it is Player {first + 1}'s turn to act"
        )
        mine = state.zones[(first, rules.UNBUILT)][0]
        do(state, f"P{first + 1}: found #{mine}")
        assert where(state, mine) == "city1"
        assert state.phase == "found" and state.active == other
        do(state, f"P{other + 1}: found #{theirs}")
        # then the first player's first turn is up
        assert state.phase == "draw" and state.active == first and state.turn == 1
        assert [len(rules.cities(state, s)) for s in (P1, P2)] == [1, 1]
        assert len(state.zones[(first, rules.UNBUILT)]) == 3


def test_the_first_city_is_picked_from_the_players_own_unbuilt_cities():
    state = new_game(seed_for(P1))
    theirs = state.zones[(P2, rules.UNBUILT)][0]
    assert refused(state, f"P1: found #{theirs}") == (
        "ARC-mage, Playing the game: the player looks at their stack of city cards and picks one"
    )


# -- the turn ------------------------------------------------------------------------------------


def phases(events) -> list[str]:
    return [e.value[0] for e in events if e.kind == "phase"]


def test_the_phases_come_in_the_rulebooks_order():
    state = start()
    home = first_city(state, P1)
    put(state, P1, "Ashfang Skirmisher", home)  # a resident to devote: a Tactics phase
    put(state, P1, "Cinder Runt")  # an army: an Attack phase
    for _ in range(8):  # more than 7 cards at the end: a Discard phase
        to_hand(state, P1, "Court Envoy")
    events = do(state, "P1: draw 2")
    for _ in range(5):
        events += end_phase(state)
    assert state.phase == "discard"
    while len(hand(state, P1)) > 7:
        events += do(state, f"P1: discard #{hand(state, P1)[0]}")
    events += end_phase(state)
    assert phases(events) == [
        "tactics",
        "play1",
        "attack",
        "play2",
        "discard",
        "end",
        "unmark",
        "draw",
    ]
    assert state.active == P2 and state.turn == 2


def test_a_phase_is_not_entered_again_once_passed():
    state = at(start(), "discard")
    runt = to_hand(state, P1, "Cinder Runt")
    resources(state, P1, "red_banner", 2)
    # "You can't, for example, enter a Play phase once you have finished the Discard phase"
    assert refused(state, f"P1: play #{runt} -> #{first_city(state, P1)}") == rules.R_PLAY_WHEN
    events = end_phase(state)
    assert not {"play1", "attack", "play2"} & set(phases(events))
    assert (state.active, state.phase) == (P2, "draw")


def test_the_play_and_attack_phases_may_be_skipped():
    state = at(start(), "play1")
    put(state, P1, "Cinder Runt")
    end_phase(state)
    assert state.phase == "attack"
    end_phase(state)
    assert state.phase == "play2"
    end_phase(state)
    assert state.active == P2 and state.phase == "draw"


def test_the_unmark_phase_unmarks_all_the_active_players_cards():
    state = at(start(), "play2", seat=P2)
    home = first_city(state, P1)
    runt = put(state, P1, "Cinder Runt", marked=True)
    resident = put(state, P1, "Court Envoy", home, marked=True)
    res = resources(state, P1, "red_banner", 2, marked=2)
    theirs = put(state, P2, "Grove Tender", marked=True)
    their_res = resources(state, P2, "gaian", 1, marked=1)
    end_phase(state)
    assert state.active == P1 and state.phase == "draw"
    assert not any(state.cards[c].turned for c in (runt, resident, *res))
    # the other player's cards unmark in their own Unmark phase only
    assert state.cards[theirs].turned and state.cards[their_res[0]].turned


def test_the_turn_passes_to_the_next_player():
    state = at(start(), "play2")
    end_phase(state)
    assert (state.active, state.phase, state.turn) == (P2, "draw", 2)
    at(state, "play2")
    end_phase(state)
    assert (state.active, state.phase, state.turn) == (P1, "draw", 3)


# -- Draw & Resource --------------------------------------------------------------------------


def test_draw_2_cards_and_play_no_resource():
    state = start()
    top = state.zones[(P1, rules.DECK)][:2]
    do(state, "P1: draw 2")
    assert hand(state, P1) == top
    assert refused(state, f"P1: resource #{top[0]} red_banner") == rules.R_RESOURCE


def test_draw_1_card_and_optionally_play_1_resource():
    state = start()
    to_hand(state, P1, "Court Envoy")
    do(state, "P1: draw 1")
    assert len(hand(state, P1)) == 2
    first, second = hand(state, P1)
    do(state, f"P1: resource #{first} red_banner")
    assert refused(state, f"P1: resource #{second} red_banner") == rules.R_RESOURCE
    optional = start()
    do(optional, "P1: draw 1")
    end_phase(optional)  # no resource played: allowed
    assert optional.phase == "play1"


def test_draw_0_cards_and_play_2_resources():
    state = start()
    a, b, c = (to_hand(state, P1, "Court Envoy") for _ in range(3))
    deck_before = list(state.zones[(P1, rules.DECK)])
    do(state, "P1: draw 0")
    assert state.zones[(P1, rules.DECK)] == deck_before
    do(state, f"P1: resource #{a} red_banner")
    assert refused(state, "P1: end") == rules.R_DRAW_ZERO  # both resource cards are played
    do(state, f"P1: resource #{b} dark_legion")
    assert refused(state, f"P1: resource #{c} red_banner") == rules.R_RESOURCE
    end_phase(state)
    assert state.phase == "play1"


def test_draw_0_is_not_available_without_2_cards_to_play():
    state = start()
    to_hand(state, P1, "Court Envoy")
    assert refused(state, "P1: draw 0") == rules.R_DRAW_ZERO


def test_a_player_with_no_cards_in_hand_must_draw():
    state = start()
    assert hand(state, P1) == []
    assert refused(state, "P1: draw 0") == rules.R_DRAW_EMPTY_HAND
    do(state, "P1: draw 1")


def test_the_cards_are_drawn_before_the_resources_are_played():
    state = start()
    envoy = to_hand(state, P1, "Court Envoy")
    assert refused(state, f"P1: resource #{envoy} red_banner").startswith(rules.R_RESOURCE)


def test_one_course_a_turn_and_it_must_be_chosen():
    state = start()
    assert refused(state, "P1: end").startswith(rules.R_DRAW)
    do(state, "P1: draw 1")
    assert refused(state, "P1: draw 1").startswith(rules.R_DRAW)


# -- Discard ---------------------------------------------------------------------------------


def test_a_hand_over_7_is_discarded_down_to_7():
    state = at(start(), "discard")
    for _ in range(9):
        to_hand(state, P1, "Court Envoy")
    assert refused(state, "P1: end") == rules.R_HAND_LIMIT
    gone = hand(state, P1)[0]
    do(state, f"P1: discard #{gone}")
    assert where(state, gone) == rules.GRAVE
    do(state, f"P1: discard #{hand(state, P1)[0]}")
    assert len(hand(state, P1)) == 7
    assert refused(state, f"P1: discard #{hand(state, P1)[0]}") == rules.R_DISCARD
    end_phase(state)
    assert state.active == P2


def test_no_card_is_discarded_from_a_hand_of_fewer_than_8():
    state = at(start(), "discard")
    for _ in range(7):
        to_hand(state, P1, "Court Envoy")
    assert refused(state, f"P1: discard #{hand(state, P1)[0]}") == rules.R_DISCARD


def test_the_discard_phase_is_skipped_with_7_cards_or_fewer():
    state = at(start(), "play2")
    for _ in range(7):
        to_hand(state, P1, "Court Envoy")
    events = end_phase(state)
    assert "discard" not in phases(events) and state.active == P2


# -- defeat ------------------------------------------------------------------------------------


def test_a_player_whose_cities_are_all_destroyed_is_defeated():
    state = at(start(), "play1")
    theirs = first_city(state, P2)
    state.cards[theirs].damage = 7  # Briarmoor: 3 of 10 left
    torch = to_hand(state, P1, "Torch the Walls")
    resources(state, P1, "red_banner", 3)
    do(state, f"P1: play #{torch} -> #{theirs}")
    assert where(state, theirs) == rules.GRAVE
    assert state.over and state.winners == (P1,)


def test_a_player_with_a_city_left_is_not_defeated():
    state = at(start(), "play1")
    theirs = first_city(state, P2)
    city(state, P2, "Rootcradle")
    state.cards[theirs].damage = 7
    torch = to_hand(state, P1, "Torch the Walls")
    resources(state, P1, "red_banner", 3)
    do(state, f"P1: play #{torch} -> #{theirs}")
    assert where(state, theirs) == rules.GRAVE and not state.over


def test_a_player_forced_to_draw_from_an_empty_deck_is_defeated():
    state = start()
    for cid in list(state.zones[(P1, rules.DECK)]):
        state.move(cid, (P1, rules.GRAVE))
    do(state, "P1: draw 1")
    assert state.over and state.winners == (P2,)


def test_an_empty_deck_defeats_nobody_who_need_not_draw():
    state = start()
    for cid in list(state.zones[(P1, rules.DECK)]):
        state.move(cid, (P1, rules.GRAVE))
    a, b = to_hand(state, P1, "Court Envoy"), to_hand(state, P1, "Court Envoy")
    do(state, "P1: draw 0")
    do(state, f"P1: resource #{a} red_banner")
    do(state, f"P1: resource #{b} red_banner")
    end_phase(state)
    assert not state.over


def test_players_defeated_at_the_same_time_tie():
    # One card that razes the opponent's last city and then makes its player draw from an
    # empty deck: both players are defeated at once.
    gambit = ArcCard(
        name="Last Gambit",
        type="magic",
        faction="red_banner",
        cost=0,
        abilities=[
            {
                "when": "play",
                "target": "enemy_city",
                "effects": [
                    {"do": "damage", "to": "target", "amount": 20},
                    {"do": "draw", "amount": 1},
                ],
            }
        ],
    )
    state = at(start(), "play1")
    for cid in list(state.zones[(P1, rules.DECK)]):
        state.move(cid, (P1, rules.GRAVE))
    g = to_hand(state, P1, gambit)
    do(state, f"P1: play #{g} -> #{first_city(state, P2)}")
    assert rules.cities(state, P2) == [] and state.data.decked[P1]
    assert state.over and state.winners == ()


# -- a defeated player in a game of three --------------------------------------------------------

# An enchantment of one player's on another's creature: +1/+0 while attached.
BLESSING = ArcCard(
    name="Test Blessing",
    type="enchantment",
    faction="gaian",
    cost=0,
    abilities=[
        {"when": "play", "target": "creature"},
        {"when": "static", "effects": [{"do": "boost", "to": "target", "attack": 1}]},
    ],
)
# An Event that razes a city.
SAPPERS = ArcCard(
    name="Sappers' Charge",
    type="event",
    faction="red_banner",
    cost=0,
    abilities=[
        {
            "when": "play",
            "target": "enemy_city",
            "effects": [{"do": "damage", "to": "target", "amount": 20}],
        }
    ],
)


def attach(state, enchantment: int, to: int) -> None:
    state.move(enchantment, state.cards[to].zone)
    state.cards[enchantment].attached_to = to


def test_a_player_defeated_in_a_game_of_three_leaves_the_game_with_their_cards():
    state = at(start_seats(3), "play1")
    theirs = first_city(state, P2)
    mine = put(state, P1, "Cinder Runt")
    soldier = put(state, P2, "Grove Tender")
    spy = put(state, P2, "Soot Saboteur", first_city(state, P1))  # living in my city
    blessing = put(state, P2, BLESSING)
    attach(state, blessing, mine)
    curse = put(state, P1, BLESSING)
    attach(state, curse, soldier)
    guest = put(state, P3, "Soot Saboteur", theirs)  # Player 3's, living in their city
    assert rules.attack_of(state, mine) == 2
    do(state, f"P1: play #{to_hand(state, P1, SAPPERS)} -> #{theirs}")
    assert not state.over and state.data.out == [False, True, False]
    assert where(state, theirs) == rules.GRAVE  # destroyed
    for cid in (soldier, spy, blessing):
        assert state.cards[cid].zone == (P2, rules.REMOVED)
    assert where(state, curse) == rules.GRAVE  # mine, on their creature: to my graveyard
    assert rules.attack_of(state, mine) == 1  # their blessing is gone
    assert state.cards[guest].zone == (P3, rules.ARMY)


def test_a_defeated_player_is_not_asked_to_answer_and_does_not_take_a_turn():
    state = at(start_seats(3), "play1")
    theirs = first_city(state, P2)
    guest = put(state, P3, "Soot Saboteur", theirs)  # Player 3's, living in their city
    to_hand(state, P2, "Barkskin Ward")  # an Event they could play...
    resources(state, P2, "gaian", 1)
    put(state, P2, "Grove Tender")
    state.data.decked[P2] = True  # ...but they had to draw from an empty deck
    runt = to_hand(state, P1, "Cinder Runt")
    resources(state, P1, "red_banner", 1)
    do(state, f"P1: play #{runt} -> #{first_city(state, P1)}")
    assert not state.prompts and rules.in_play(state, runt)
    assert state.data.out[P2] and where(state, theirs) == rules.REMOVED
    assert state.cards[guest].zone == (P3, rules.ARMY)
    assert refused(state, "P2: respond") == rules.R_DEFEATED  # nor steps in
    assert legal(state, "P3: respond")
    end_phase(state)
    end_phase(state)
    assert state.active == P3
    at(state, "play2")
    end_phase(state)
    assert state.active == P1


def test_a_player_defeated_in_their_own_turn_ends_it():
    state = at(start_seats(3), "draw", seat=P2)
    soldier = put(state, P2, "Grove Tender")
    for cid in list(state.zones[(P2, rules.DECK)]):
        state.move(cid, (P2, rules.GRAVE))
    turn = state.turn
    do(state, "P2: draw 1")
    assert not state.over and state.data.out[P2]
    assert (state.active, state.phase, state.turn) == (P3, "draw", turn + 1)
    assert where(state, soldier) == rules.REMOVED


def test_a_defeated_players_card_on_the_stack_does_not_resolve():
    state = at(start_seats(3), "play1")
    runt = put(state, P1, "Cinder Runt")
    tender = put(state, P2, "Grove Tender")
    howl = to_hand(state, P1, "Blood Howl")
    sappers = to_hand(state, P1, SAPPERS)
    resources(state, P1, "red_banner", 1)
    ward = to_hand(state, P2, "Barkskin Ward")
    resources(state, P2, "gaian", 1)
    do(state, f"P1: play #{howl} -> #{runt}")
    do(state, f"P2: play #{ward} -> #{tender}")
    assert state.top_prompt.seat == P1  # Player 3 holds no Event
    do(state, f"P1: play #{sappers} -> #{first_city(state, P2)}")
    passes(state)
    assert state.data.out[P2]
    assert state.cards[ward].zone == (P2, rules.REMOVED)  # never resolved
    assert rules.attack_of(state, runt) == 3  # the Blood Howl under it did
    assert where(state, howl) == rules.GRAVE


def test_a_player_conceding_a_game_of_three_leaves_it_and_the_others_play_on():
    state = at(start_seats(3), "play1")
    theirs = put(state, P3, "Cinder Runt")
    do(state, "P3: concede")
    assert not state.over and state.data.out[P3]
    assert where(state, theirs) == rules.REMOVED and rules.cities(state, P3) == []
    assert state.active == P1 and state.phase == "play1"
    do(state, "P2: concede")
    assert state.over and state.winners == (P1,)


def test_a_player_conceding_while_assigning_defenders_is_asked_nothing_more():
    state = at(start_seats(3), "attack")
    runt = put(state, P1, "Cinder Runt")
    put(state, P2, "Grove Tender")
    do(state, f"P1: attack #{runt} -> #{first_city(state, P2)}")
    assert state.top_prompt.name == "block" and state.top_prompt.seat == P2
    do(state, "P2: concede")
    assert not state.prompts and state.data.combat is None
    assert (state.active, state.phase) == (P1, "play2")


# -- every card is always somewhere, once -----------------------------------------------------


def zones_hold_every_card_once(state) -> list[str]:
    out = []
    seen: dict[int, tuple] = {}
    for key, ids in state.zones.items():
        for cid in ids:
            if cid in seen:
                out.append(f"#{cid} is in {seen[cid]} and {key}")
            seen[cid] = key
            if state.cards[cid].zone != key:
                out.append(f"#{cid} thinks it is in {state.cards[cid].zone}, not {key}")
    missing = set(state.cards) - set(seen)
    if missing:
        out.append(f"cards in no zone: {sorted(missing)}")
    return out


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), choices=st.integers(0, 10_000))
def test_every_card_stays_in_exactly_one_zone_through_random_play(seed, choices):
    state = new_game(seed)
    total = len(state.cards)
    pick = random.Random(choices)
    for _ in range(250):
        if state.over:
            break
        actions = legal_actions(state, verify=True)
        assert actions, f"no legal action in {state}"
        apply(state, pick.choice(actions))
        assert zones_hold_every_card_once(state) == []
        assert GAME.invariants(state) == []
    # nothing but tokens ever comes into a game that has begun
    assert all(state.cards[c].card.token for c in state.cards if c > total)
