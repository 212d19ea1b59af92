"""ARC-mage by hand: a card whose text Tabletop does not enforce is resolved by its player with
manual actions (mark, unmark, damage, a city's strength, moving a card between the player's
own zones, drawing), each logged "By hand:", kept consistent by the rules' own helpers, never
offered to the bots, and replayed from the record like any action."""

import random

from tabletop.engine import GameRecord, Match, legal_actions, parse, pick_decks, to_act, view
from tabletop.engine.invariants import zone_problems
from tabletop.games.arcmage import manual, rules
from tabletop.games.arcmage.cards import ArcCard

from .helpers import (
    DECKS,
    GAME,
    GOBLIN,
    P1,
    P2,
    PIKE,
    at,
    city,
    do,
    end_phase,
    first_city,
    hand,
    marked,
    play_phase,
    put,
    refused,
    resources,
    start,
    strength,
    to_hand,
    where,
)

FATIGUED = ArcCard(
    name="Test Sluggard",
    type="creature",
    faction="red_banner",
    cost=1,
    attack=1,
    defense=1,
    keywords={"fatigue": 0},
)
CURSE = ArcCard(
    name="Test Curse",
    type="enchantment",
    faction="red_banner",
    cost=0,
    abilities=[
        {"when": "play", "target": "creature", "effects": [{"do": "unmark", "to": "target"}]}
    ],
)


def by_hand(events) -> list[str]:
    """The lines of a manual action that say it was done by hand: exactly one."""
    lines = [e.text for e in events if e.text.startswith("By hand:")]
    assert len(lines) == 1, lines
    return lines


# -- marking -------------------------------------------------------------------------------------


def test_a_manual_mark_is_logged_by_hand():
    state = play_phase()
    goblin = put(state, P1, GOBLIN)
    assert by_hand(do(state, f"P1: manual #{goblin} mark")) == [
        "By hand: Player 1 marks Test Goblin"
    ]
    assert marked(state, goblin)
    assert by_hand(do(state, f"P1: manual #{goblin} unmark")) == [
        "By hand: Player 1 unmarks Test Goblin"
    ]
    assert not marked(state, goblin)


def test_only_cards_in_play_and_resource_cards_are_marked_by_hand():
    state = play_phase()
    goblin = put(state, P1, GOBLIN, marked=True)
    card = to_hand(state, P1, GOBLIN)
    assert "marked already" in refused(state, f"P1: manual #{goblin} mark")
    assert "only cards in play" in refused(state, f"P1: manual #{card} mark")
    res = resources(state, P1, "gaian", 1)[0]
    events = do(state, f"P1: manual #{res} mark")
    assert marked(state, res)
    # the resource card lies face down: the other seat reads only that one was marked
    assert events[0].text_for(P2) == "By hand: Player 1 marks a Gaian resource card"


# -- damage and strength -------------------------------------------------------------------------


def test_manual_damage_to_lethal_kills_the_creature():
    state = play_phase()
    pike = put(state, P1, PIKE)  # 2/3
    do(state, f"P1: manual #{pike} damage +1")
    do(state, f"P1: manual #{pike} damage +1")
    assert state.cards[pike].damage == 2 and where(state, pike) == rules.ARMY
    events = do(state, f"P1: manual #{pike} damage +1")
    assert by_hand(events) == ["By hand: Player 1 gives Test Pikeman 1 damage (0 DEF left)"]
    assert where(state, pike) == rules.GRAVE
    assert "Test Pikeman dies" in [e.text for e in events]


def test_damage_taken_off_by_hand_needs_damage_to_take_off():
    state = play_phase()
    pike = put(state, P1, PIKE, damage=1)
    do(state, f"P1: manual #{pike} damage -1")
    assert state.cards[pike].damage == 0
    assert "no damage" in refused(state, f"P1: manual #{pike} damage -1")
    own_city = first_city(state, P1)
    assert "strength" in refused(state, f"P1: manual #{own_city} damage +1")


def test_a_city_brought_to_zero_strength_by_hand_is_destroyed():
    state = play_phase()
    home = first_city(state, P1)
    forge = city(state, P1, "Ashpit Forge")
    stays = put(state, P1, GOBLIN, home)
    tired = put(state, P1, PIKE, home, marked=True)
    state.cards[home].damage = strength(state, home) - 1
    events = do(state, f"P1: manual #{home} strength -1")
    assert by_hand(events) == ["By hand: Player 1 lowers Cinderhold's defense strength to 0"]
    assert where(state, home) == rules.GRAVE
    # as after any damage: the marked resident goes home to hand, the unmarked one evacuates
    assert where(state, tired) == rules.HAND
    assert state.top_prompt.name == "evacuate"
    do(state, f"P1: move #{stays} -> #{forge}")
    assert rules.home(state, stays) == forge and state.phase == "play1"


def test_the_last_city_brought_down_by_hand_loses_the_game():
    state = play_phase()
    home = first_city(state, P1)
    state.cards[home].damage = strength(state, home) - 1
    do(state, f"P1: manual #{home} strength -1")
    assert state.over and state.winners == (P2,)


def test_a_city_strength_raised_by_hand_repairs_damage_first_then_fortifies():
    state = play_phase()
    home = first_city(state, P1)
    full = strength(state, home)
    state.cards[home].damage = 1
    events = do(state, f"P1: manual #{home} strength +1")
    assert by_hand(events) == [f"By hand: Player 1 raises Cinderhold's defense strength to {full}"]
    assert state.cards[home].damage == 0
    do(state, f"P1: manual #{home} strength +1")
    assert strength(state, home) == full + 1 and state.cards[home].counters == {"def": 1}


# -- moving cards --------------------------------------------------------------------------------


def test_a_creature_put_into_a_city_by_hand_comes_into_play_as_any_creature():
    state = play_phase()
    home = first_city(state, P1)
    card = to_hand(state, P1, FATIGUED)
    events = do(state, f"P1: manual #{card} to {state.cards[home].zone[1]}")
    assert by_hand(events) == ["By hand: Player 1 puts Test Sluggard into Cinderhold"]
    assert rules.home(state, card) == home
    assert marked(state, card)  # fatigue, as when played


def test_a_creature_moved_within_play_by_hand_keeps_its_damage_and_mark():
    state = play_phase()
    home = first_city(state, P1)
    pike = put(state, P1, PIKE, home, marked=True, damage=1)
    do(state, f"P1: manual #{pike} to army")
    inst = state.cards[pike]
    assert inst.zone == (P1, rules.ARMY) and inst.turned and inst.damage == 1
    assert "no city of yours" in refused(state, f"P1: manual #{pike} to city4")


def test_a_creature_leaving_play_by_hand_takes_its_enchantments_to_the_graveyard():
    state = play_phase()
    goblin = put(state, P1, GOBLIN)
    curse = put(state, P1, CURSE)
    state.cards[curse].attached_to = goblin
    events = do(state, f"P1: manual #{goblin} to hand")
    assert by_hand(events) == ["By hand: Player 1 puts Test Goblin into their hand"]
    assert where(state, goblin) == rules.HAND and where(state, curse) == rules.GRAVE


def test_a_token_leaving_play_by_hand_ceases_to_exist():
    state = play_phase()
    grunt = put(state, P1, "Ashen Grunt")
    assert "ceases to exist" in refused(state, f"P1: manual #{grunt} to hand")
    do(state, f"P1: manual #{grunt} to removed")
    assert where(state, grunt) == rules.REMOVED


def test_cards_go_between_hand_graveyard_deck_and_resources_by_hand():
    state = play_phase()
    card = to_hand(state, P1, GOBLIN)
    events = do(state, f"P1: manual #{card} to res_red_banner")
    inst = state.cards[card]
    assert inst.zone == (P1, rules.RES["red_banner"]) and inst.face_down
    assert events[0].text_for(P2) == (
        "By hand: Player 1 puts a card from their hand among their Red Banner resources"
    )
    do(state, f"P1: manual #{card} to graveyard")
    assert where(state, card) == rules.GRAVE and not state.cards[card].face_down
    do(state, f"P1: manual #{card} to deck top")
    assert state.zones[(P1, rules.DECK)][0] == card
    assert "drawn" in refused(state, f"P1: manual #{card} to hand")
    do(state, "P1: manual draw")
    assert card in hand(state, P1)
    do(state, f"P1: manual #{card} to deck bottom")
    assert state.zones[(P1, rules.DECK)][-1] == card


def test_a_city_is_built_or_destroyed_by_hand():
    state = play_phase()
    forge = next(
        c for c in state.zones[(P1, rules.UNBUILT)] if state.cards[c].card.name == "Ashpit Forge"
    )
    assert "empty row" in refused(state, f"P1: manual #{forge} to city1")
    events = do(state, f"P1: manual #{forge} to city2")
    assert by_hand(events) == ["By hand: Player 1 builds Ashpit Forge"]
    assert rules.cities(state, P1)[-1] == forge
    assert "only for the graveyard" in refused(state, f"P1: manual #{forge} to hand")
    events = do(state, f"P1: manual #{forge} to graveyard")
    assert by_hand(events) == ["By hand: Player 1 destroys Ashpit Forge"]
    assert where(state, forge) == rules.GRAVE


def test_drawing_by_hand_draws_the_top_card_and_not_from_an_empty_deck():
    state = play_phase()
    top = state.zones[(P1, rules.DECK)][0]
    events = do(state, "P1: manual draw")
    assert top in hand(state, P1)
    assert events[0].text_for(P1).startswith("By hand: Player 1 draws ")
    assert events[0].text_for(P2) == "By hand: Player 1 draws a card"
    for cid in list(state.zones[(P1, rules.DECK)]):
        state.move(cid, (P1, rules.GRAVE))
    assert "deck is empty" in refused(state, "P1: manual draw")


# -- who, and when -------------------------------------------------------------------------------


def test_another_seats_cards_change_by_hand_only_in_play_or_among_its_resources():
    """A card's text may damage, mark or destroy another player's card in play, lower its
    city's strength or destroy its resource card; its hand and deck stay its own."""
    state = play_phase()
    theirs = put(state, P2, GOBLIN)
    their_city = first_city(state, P2)
    their_resource = resources(state, P2, "red_banner", 1)[0]
    in_hand = to_hand(state, P2, PIKE)
    assert by_hand(do(state, f"P1: manual #{theirs} damage +1")) == [
        "By hand: Player 1 gives Test Goblin 1 damage (1 DEF left)"
    ]
    do(state, f"P1: manual #{theirs} damage +1")
    assert state.cards[theirs].zone == (P2, rules.GRAVE)  # lethal damage kills it
    before = strength(state, their_city)
    do(state, f"P1: manual #{their_city} strength -1")
    assert strength(state, their_city) == before - 1
    events = do(state, f"P1: manual #{their_resource} mark")
    assert events[0].text_for(P1) == (
        "By hand: Player 1 marks a Red Banner resource card of Player 2"
    )  # which card: its owner's to know
    assert state.cards[their_resource].card.name in events[0].text_for(P2)
    do(state, f"P1: manual #{their_resource} to graveyard")
    assert state.cards[their_resource].zone == (P2, rules.GRAVE)
    assert not state.cards[their_resource].face_down  # a card again, in the open
    assert refused(state, f"P1: manual #{in_hand} to graveyard") == manual.R_OWN
    deck_card = state.zones[(P2, rules.DECK)][0]
    assert refused(state, f"P1: manual #{deck_card} to hand") == manual.R_OWN
    other = put(state, P2, GOBLIN)
    assert refused(state, f"P1: manual #{other} to res_red_banner") == manual.R_THEIRS
    # nor act by hand when it is not their turn to act
    assert "turn to act" in refused(state, f"P2: manual #{other} mark")


def test_a_manual_action_must_say_what_to_do():
    state = play_phase()
    goblin = put(state, P1, GOBLIN)
    for text in (
        f"P1: manual #{goblin}",
        f"P1: manual #{goblin} fly",
        f"P1: manual #{goblin} damage +2",
        f"P1: manual #{goblin} to deck",
        f"P1: manual #{goblin} to nowhere",
        "P1: manual",
    ):
        assert refused(state, text) == manual.USAGE


def test_a_creature_in_combat_leaves_play_by_hand_but_does_not_move():
    state = at(start(), "play1")
    goblin = put(state, P1, GOBLIN)
    blocker = put(state, P2, PIKE)
    end_phase(state)
    do(state, f"P1: attack #{goblin} -> #{first_city(state, P2)}")
    do(state, f"P2: block #{blocker} -> #{goblin}")
    their_city = state.cards[first_city(state, P2)].zone[1]
    assert "in combat" in refused(state, f"P2: manual #{blocker} to {their_city}")
    do(state, f"P2: manual #{blocker} to hand")
    assert state.data.combat.blocks == {}


def test_while_a_forced_choice_is_open_cards_are_only_marked_or_drawn_by_hand():
    state = play_phase()
    home = first_city(state, P1)
    city(state, P1, "Ashpit Forge")
    goblin = put(state, P1, GOBLIN, home)
    state.cards[home].damage = strength(state, home) - 1
    do(state, f"P1: manual #{home} strength -1")
    assert state.top_prompt.name == "evacuate"
    assert "first answer" in refused(state, f"P1: manual #{goblin} to hand")
    assert "first answer" in refused(state, f"P1: manual #{goblin} damage +1")
    do(state, f"P1: manual #{goblin} mark")
    do(state, "P1: manual draw")


def test_bots_are_never_offered_manual_actions():
    state = play_phase()
    put(state, P1, GOBLIN)
    to_hand(state, P1, GOBLIN)
    assert list(GAME.moves["manual"].generate(state, P1)) == []
    rng = random.Random(5)
    for _ in range(150):
        if state.over:
            break
        actions = legal_actions(state, verify=True)
        assert all(a.kind != "manual" for a in actions)
        do(state, rng.choice(actions).exact())


def test_manual_actions_replay_from_the_record():
    match = Match(GAME, [DECKS["emberfang_raiders"], DECKS["thornwood_circle"]], 7)
    state = match.state

    def act(text: str) -> None:
        match.apply(parse(state, text))
        assert GAME.invariants(state) == []

    first = state.data.first
    for seat in state.seats_from(first):
        act(f"P{seat + 1}: found #{state.zones[(seat, rules.UNBUILT)][0]}")
    me = f"P{first + 1}"
    act(f"{me}: manual draw")
    act(f"{me}: draw 2")
    cards = list(state.zones[(first, rules.HAND)])
    beast = next(c for c in cards if state.cards[c].card.type == "creature")
    other = next(c for c in cards if c != beast)
    act(f"{me}: manual #{beast} to city1")
    act(f"{me}: manual #{beast} damage +1")
    act(f"{me}: manual #{beast} to army")
    act(f"{me}: manual #{beast} mark")
    act(f"{me}: manual #{other} to res_{state.data.factions[first][0]}")
    act(f"{me}: manual #{rules.cities(state, first)[0]} strength -1")
    act(f"{me}: manual #{beast} to deck top")
    assert any(" manual " in a and " to deck top" in a for a in match.record.actions)
    record = GameRecord.model_validate_json(match.record.model_dump_json())
    assert record.replay(GAME).snapshot() == state.snapshot()


def test_random_corrections_by_hand_keep_the_game_whole_and_replayable():
    """Seeded random games where a third of the moves are whatever the table offers by hand
    for a random card of the seat to act: every step valid, the record replays exactly."""
    for seed in range(4):
        rng = random.Random(seed)
        match = Match(GAME, pick_decks(GAME, 2, seed), seed)
        state = match.state
        for _ in range(250):
            if state.over:
                break
            seat = to_act(state)
            offered: list = []
            if rng.random() < 0.35:
                seen = view(state, seat)
                own = [c for c in state.cards if state.cards[c].owner == seat]
                for cid in rng.sample(own, min(6, len(own))):
                    offered = manual.offers(seen, seat, cid)
                    if offered:
                        break
            action = rng.choice(offered or legal_actions(state))
            match.apply(parse(state, action.exact()))
            assert zone_problems(state) + GAME.invariants(state) == [], match.record.actions[-1]
        assert match.record.replay(GAME).snapshot() == state.snapshot()
