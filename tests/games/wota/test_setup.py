"""War of the Arcane: the battlefield, the decks, setup and the first player."""

import pytest

from tabletop.engine import DeckList
from tabletop.games.wota import rules
from tabletop.games.wota.cards import COMPOSITION

from .helpers import DECKS, GAME, P1_STONE, P2_STONE, do, new_game, refused, start, stone, to_hand


def test_the_battlefield_is_5_by_5_with_two_territories_and_a_neutral_line():
    assert len(rules.SQUARES) == 25
    assert [sq for sq in rules.own_squares(0)] == [f"{f}{r}" for r in (1, 2) for f in "abcde"]
    assert [sq for sq in rules.own_squares(1)] == [f"{f}{r}" for r in (4, 5) for f in "abcde"]
    neutral = [
        sq
        for sq in rules.SQUARES
        if rules.COORD[sq][1] not in (*rules.territory(0), *rules.territory(1))
    ]
    assert neutral == ["a3", "b3", "c3", "d3", "e3"]


def test_a_deck_is_30_units_12_spells_5_traps_6_tokens_and_a_stone():
    assert COMPOSITION == {"unit": 30, "spell": 12, "trap": 5, "token": 6, "stone": 1}
    for deck in DECKS.values():
        assert GAME.validate_deck(deck) == []


@pytest.mark.parametrize(
    "change, problem",
    [
        ({"Footman": 2}, "exactly 30 Units"),
        ({"Fire Bolt": 3}, "exactly 12 Spells"),
        ({"Ambush": 0}, "exactly 5 Traps"),
        ({"Spirit Wisp": 2}, "exactly 6 Tokens"),
        ({"Mystic Stone": 0}, "exactly 1 Mystic Stone"),
        ({"Footman": 4, "Berserker": 2}, "at most 3 copies"),
    ],
)
def test_illegal_decks_are_refused_when_chosen(change, problem):
    cards = dict(DECKS["iron_vanguard"].cards)
    cards.update(change)
    deck = DeckList(name="x", cards={k: v for k, v in cards.items() if v})
    assert any(problem in p for p in GAME.validate_deck(deck))
    with pytest.raises(ValueError, match="not legal"):
        GAME.new_game([deck, DECKS["hexweavers"]], 1)


def test_the_stone_and_tokens_are_set_aside_and_the_rest_shuffled():
    state = new_game()
    for seat in (0, 1):
        assert {state.cards[c].card.type for c in state.zones[(seat, rules.ASIDE)]} == {"token"}
        assert len(state.zones[(seat, rules.ASIDE)]) == 6
        assert len(state.zones[(seat, rules.DECK)]) == 47 - 9
    a, b = new_game(1), new_game(2)
    assert [a.cards[c].card.name for c in a.zones[(0, rules.DECK)]] != [
        b.cards[c].card.name for c in b.zones[(0, rules.DECK)]
    ]


def test_the_opening_hand_is_nine_cards_plus_the_stone():
    state = new_game()
    for seat in (0, 1):
        hand = state.zones[(seat, rules.HAND)]
        assert len(hand) == 10 and stone(state, seat) in hand


def test_setup_places_up_to_five_cards_plus_the_stone():
    state = new_game()
    units = [c for c in state.zones[(0, rules.HAND)] if state.cards[c].card.type == "unit"]
    while len(units) < 6:
        units.append(to_hand(state, 0, "Footman"))
    do(state, f"place #{stone(state, 0)} c1 down")
    for cid, sq in zip(units[:5], ("a1", "b1", "d1", "e1", "a2"), strict=True):
        do(state, f"place #{cid} {sq} up")
    assert refused(state, f"place #{units[5]} b2 up") == rules.R_SETUP_FIVE


def test_traps_and_the_stone_are_always_placed_face_down():
    state = new_game()
    trap = to_hand(state, 0, "Spike Pit")
    assert refused(state, f"place #{stone(state, 0)} c1 up") == rules.R_FACE_DOWN
    assert refused(state, f"place #{trap} a1 up") == rules.R_FACE_DOWN
    do(state, f"place #{trap} a1 down")
    assert state.cards[trap].face_down


def test_spells_stay_in_hand():
    state = new_game()
    spell = to_hand(state, 0, "Fire Bolt")
    assert refused(state, f"place #{spell} a1 up") == rules.R_SPELLS_STAY


def test_cards_are_placed_on_your_own_territory():
    state = new_game()
    unit = to_hand(state, 0, "Footman")
    assert refused(state, f"place #{unit} a3 up") == rules.R_TERRITORY
    assert refused(state, f"place #{unit} a4 up") == rules.R_TERRITORY


def test_setup_ends_only_with_the_stone_on_the_battlefield():
    state = new_game()
    assert refused(state, "ready") == rules.R_STONE_FIRST
    do(state, f"place #{stone(state, 0)} {P1_STONE} down")
    do(state, "ready")
    assert state.active == 1 and state.phase == "setup"


def test_some_units_gain_a_buff_when_placed_face_up_and_some_face_down():
    state = new_game()
    berserker = to_hand(state, 0, "Berserker")
    bearer = to_hand(state, 0, "Shield Bearer")
    do(state, f"place #{berserker} a1 up")
    do(state, f"place #{bearer} b1 down")
    assert rules.attack_of(state.cards[berserker]) == 4
    assert rules.health_of(state.cards[bearer]) == 6


@pytest.mark.parametrize("face, first", [(0, 0), (1, 1)])
def test_a_coin_flip_decides_the_first_player(face, first):
    state = new_game()
    do(state, f"place #{stone(state, 0)} {P1_STONE} down")
    do(state, "ready")
    do(state, f"place #{stone(state, 1)} {P2_STONE} down")
    state.rng.force(face)
    events = do(state, "ready")
    coin = next(e for e in events if e.kind == "coin")
    assert coin.value == ("first", face)
    assert state.data.first == first and state.active == first and state.phase == "main"


def test_there_is_no_hand_size_limit():
    state = start()
    for seat in (0, 1):
        for _ in range(15):
            to_hand(state, seat, "Footman")
    hands = [len(state.zones[(seat, rules.HAND)]) for seat in (0, 1)]
    assert min(hands) >= 20
    for _ in range(4):  # two End Phases of each player, with a card drawn each turn
        do(state, "end")
    assert [len(state.zones[(seat, rules.HAND)]) for seat in (0, 1)] == [hands[0] + 2, hands[1] + 2]
    assert not state.zones[(0, rules.GRAVE)] and not state.zones[(1, rules.GRAVE)]
