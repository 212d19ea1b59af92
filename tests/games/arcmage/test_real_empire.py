"""The real deck "Brothers in Arms" (The Empire): every card's text, as the parser reads it
from the arcmage.org extract and the engine enforces it, one test per rule the text makes.

The cards come from ``../shared/arcmage`` (the ``real`` fixture); without it these tests
are skipped, and no card text is copied into the project.
"""

from __future__ import annotations

from tabletop.games.arcmage import rules

from .helpers import (
    GOBLIN,
    OGRE,
    P1,
    P2,
    PIKE,
    at,
    attack,
    declines,
    do,
    end_phase,
    first_city,
    play_phase,
    put,
    refused,
    resources,
    start,
    to_hand,
    where,
)


def cost_ready(state, n=10):
    """Resources enough for any card of the deck."""
    resources(state, P1, "empire", n)


def level(state, city, n):
    """A city's holding Levels, as if devotion ``n`` had been shown this turn."""
    state.data.devotion[city] = n


def devote(state, city, residents):
    at(state, "tactics")
    do(state, f"P1: devote #{city}, " + ", ".join(f"#{r}" for r in residents))
    declines(state)


def test_every_card_of_brothers_in_arms_is_fully_enforced(real, arcmage_data):
    from tabletop.games.arcmage.database import read_decks

    deck = next(d for d in read_decks(arcmage_data / "decks.json") if d.name == "Brothers in Arms")
    assert {dc.card.name: real[dc.card.name].unenforced for dc in deck.deck_cards} == {
        dc.card.name: "" for dc in deck.deck_cards
    }


# -- cities ----------------------------------------------------------------------------------


def test_armory_level_2_gives_your_soldiers_plus_one_and_level_4_first_strike(real):
    state = play_phase()
    armory = put(state, P1, real["Armory"], "city2")
    soldier = put(state, P1, real["Footsoldier"])
    other = put(state, P1, GOBLIN)
    enemy = put(state, P2, real["Footsoldier"])
    level(state, armory, 2)
    assert rules.stats(state, soldier) == (2, 2)
    assert rules.stats(state, other) == (2, 2)  # not a Soldier: unchanged
    assert rules.stats(state, enemy) == (1, 1)  # not yours
    assert not rules.has(state, soldier, "first_strike")
    level(state, armory, 4)
    assert rules.has(state, soldier, "first_strike") and not rules.has(state, other, "first_strike")


def test_barracks_level_3_makes_your_soldiers_cost_one_less(real):
    state = play_phase()
    barracks = put(state, P1, real["Barracks"], "city2")
    mentor = to_hand(state, P1, real["Mentor"])
    ram = to_hand(state, P1, real["Battering Ram"])
    assert rules.cost_of(state, mentor) == 3
    level(state, barracks, 3)
    assert rules.cost_of(state, mentor) == 2
    assert rules.cost_of(state, ram) == 3  # an Event, not a Soldier


def test_barracks_level_5_puts_a_soldier_from_your_hand_into_your_army(real):
    state = start()
    barracks = put(state, P1, real["Barracks"], "city2")
    r1 = put(state, P1, real["Squad Leader"], barracks)  # loyalty 3
    r2 = put(state, P1, real["Mentor"], barracks)  # loyalty 2
    soldier = to_hand(state, P1, real["Spearman"])
    to_hand(state, P1, GOBLIN)
    devote(state, barracks, [r1, r2])
    assert state.data.devotion[barracks] == 5
    assert state.top_prompt.name == "target"  # not a "may": a Soldier must be put
    assert refused(state, "P1: pass")
    goblin = next(c for c in state.zones[(P1, rules.HAND)] if c != soldier)
    assert refused(state, f"P1: target #{barracks} -> #{goblin}")
    do(state, f"P1: target #{barracks} -> #{soldier}")
    assert where(state, soldier) == rules.ARMY and not state.cards[soldier].turned


def test_borgs_keep_level_1_sacrifices_a_resource_card_for_every_creature(real):
    state = start()
    keep = put(state, P1, real["Borg's Keep"], "city2")
    r = put(state, P1, real["Footsoldier"], keep)
    put(state, P1, GOBLIN)
    piles = resources(state, P1, "empire", 4)
    devote(state, keep, [r])
    assert state.data.devotion[keep] == 1
    gone = [c for c in piles if where(state, c) == rules.REMOVED]
    assert len(gone) == 2  # two creatures: the resident and the goblin


def test_borgs_keep_level_3_gives_a_second_combat_phase_with_the_army_unmarked(real):
    state = start()
    keep = put(state, P1, real["Borg's Keep"], "city2")
    r = put(state, P1, real["Squad Leader"], keep)  # loyalty 3
    raider = put(state, P1, GOBLIN)
    devote(state, keep, [r])
    assert state.data.extra_combats == 1
    at(state, "attack")
    target = first_city(state, P2)
    attack(state, [raider], target)
    assert state.phase == "attack" and not state.cards[raider].turned
    attack(state, [raider], target)
    assert state.phase == "play2"
    assert rules.strength(state, target) == 10 - 2 - 2
    assert refused(state, f"P1: attack #{raider} -> #{target}")


def test_borgs_keep_second_combat_comes_even_when_the_first_is_skipped(real):
    state = start()
    keep = put(state, P1, real["Borg's Keep"], "city2")
    r = put(state, P1, real["Squad Leader"], keep)  # loyalty 3
    raider = put(state, P1, GOBLIN, marked=True)
    put(state, P1, PIKE)
    devote(state, keep, [r])
    assert state.data.extra_combats == 1
    at(state, "attack")
    end_phase(state)  # no attack in the first combat phase
    assert state.phase == "attack" and not state.cards[raider].turned
    end_phase(state)
    assert state.phase == "play2"


# -- creatures -------------------------------------------------------------------------------


def test_bearer_dealing_damage_to_a_city_may_put_a_soldier_from_hand_into_your_city(real):
    state = at(start(), "attack")
    bearer = put(state, P1, real["Bearer"])
    soldier = to_hand(state, P1, real["Spearman"])
    attack(state, [bearer], first_city(state, P2))
    assert state.top_prompt.name == "choose"
    home = first_city(state, P1)
    do(state, f"P1: target #{bearer} -> #{soldier}, #{home}")
    assert rules.home(state, soldier) == home


def test_bearer_may_keep_its_soldier_in_hand(real):
    state = at(start(), "attack")
    bearer = put(state, P1, real["Bearer"])
    soldier = to_hand(state, P1, real["Spearman"])
    attack(state, [bearer], first_city(state, P2))
    do(state, "P1: pass")
    assert where(state, soldier) == rules.HAND and state.phase == "play2"


def test_bearer_has_first_strike(real):
    state = start()
    assert rules.has(state, put(state, P1, real["Bearer"]), "first_strike")


def test_conscript_puts_the_soldiers_chosen_on_top_of_the_shuffled_deck_in_order(real):
    state = play_phase()
    cost_ready(state)
    deck = state.zones[(P1, rules.DECK)]
    first = put(state, P1, real["Mentor"], rules.DECK)
    second = put(state, P1, real["Spearman"], rules.DECK)
    put(state, P1, real["Footsoldier"], rules.DECK)  # left where the shuffle puts it
    conscript = to_hand(state, P1, real["Conscript"])
    do(state, f"P1: play #{conscript} -> #{first_city(state, P1)}")
    assert state.top_prompt.name == "choose"
    do(state, f"P1: target #{conscript} -> #{second}")
    do(state, f"P1: target #{conscript} -> #{first}")
    do(state, "P1: pass")
    assert not state.prompts
    top = [state.cards[c].card.name for c in deck[:2]]
    assert top == ["Spearman", "Mentor"]


def test_conscripts_search_shows_the_searcher_only_the_soldiers(real):
    from tabletop.engine import HIDDEN, view

    state = play_phase()
    cost_ready(state)
    soldier = put(state, P1, real["Mentor"], rules.DECK)
    conscript = to_hand(state, P1, real["Conscript"])
    do(state, f"P1: play #{conscript} -> #{first_city(state, P1)}")
    mine = view(state, P1)
    theirs = view(state, P2)
    assert mine.cards[soldier].card.name == "Mentor"
    assert theirs.cards[soldier].card.name != "Mentor"
    others = [c for c in state.zones[(P1, rules.DECK)] if c != soldier]
    assert others and all(mine.cards[c].card is HIDDEN for c in others)
    do(state, f"P1: target #{conscript} -> #{soldier}")
    assert view(state, P1).cards[soldier].card is HIDDEN  # back in the deck, unseen


def test_footsoldier_may_pay_one_per_footsoldier_in_play_to_fetch_another(real):
    state = play_phase()
    resources(state, P1, "empire", 4)
    in_deck = put(state, P1, real["Footsoldier"], rules.DECK)
    put(state, P1, real["Footsoldier"])  # one already in play
    fs = to_hand(state, P1, real["Footsoldier"])
    do(state, f"P1: play #{fs} -> #{first_city(state, P1)}")  # pays 1
    assert state.top_prompt.name == "choose"
    assert rules.available(state, P1) == {"empire": 3}
    do(state, f"P1: target #{fs} -> #{in_deck}")
    assert rules.available(state, P1) == {"empire": 1}  # paid 2: two were in play
    army = [state.cards[c].card.name for c in state.zones[(P1, rules.ARMY)]]
    assert army.count("Footsoldier") == 2
    # the one fetched comes into play too, and could fetch again if two more were paid
    assert not state.prompts


def test_footsoldier_cannot_fetch_without_the_resources(real):
    state = play_phase()
    resources(state, P1, "empire", 1)
    put(state, P1, real["Footsoldier"], rules.DECK)
    fs = to_hand(state, P1, real["Footsoldier"])
    do(state, f"P1: play #{fs} -> #{first_city(state, P1)}")
    assert not state.prompts  # nothing left to pay 1 with


def test_mentor_may_search_a_soldier_into_your_hand(real):
    state = play_phase()
    cost_ready(state)
    soldier = put(state, P1, real["Spearman"], rules.DECK)
    mentor = to_hand(state, P1, real["Mentor"])
    do(state, f"P1: play #{mentor} -> #{first_city(state, P1)}")
    non_soldier = next(
        c for c in state.zones[(P1, rules.DECK)] if "Soldier" not in state.cards[c].card.subtypes
    )
    assert refused(state, f"P1: target #{mentor} -> #{non_soldier}")
    do(state, f"P1: target #{mentor} -> #{soldier}")
    names = [state.cards[c].card.name for c in state.zones[(P1, rules.HAND)]]
    assert "Spearman" in names


def test_mentors_search_does_not_name_the_soldier_to_the_other_player(real):
    # "search your deck for a soldier and put it in your hand": not revealed
    state = play_phase()
    cost_ready(state)
    soldier = put(state, P1, real["Spearman"], rules.DECK)
    mentor = to_hand(state, P1, real["Mentor"])
    do(state, f"P1: play #{mentor} -> #{first_city(state, P1)}")
    events = do(state, f"P1: target #{mentor} -> #{soldier}")
    mine = [e.text_for(P1) for e in events if e.shown_to(P1)]
    theirs = [e.text_for(P2) for e in events if e.shown_to(P2)]
    assert "Player 1 puts Spearman into their hand" in mine
    assert "Player 1 puts a card from their deck into their hand" in theirs
    assert "Mentor: comes into play, a card from the deck" in theirs
    assert not any("Spearman" in t for t in theirs)


def test_mercenary_that_attacked_goes_to_the_graveyard_in_the_discard_phase(real):
    state = at(start(), "attack")
    merc = put(state, P1, real["Mercenary"])
    stay = put(state, P1, real["Mercenary"])
    attack(state, [merc], first_city(state, P2))
    end_phase(state)  # play2 -> the discard phase
    assert where(state, merc) == rules.GRAVE
    assert where(state, stay) == rules.ARMY


def test_mercenary_is_sudden_and_strikes_first(real):
    state = play_phase()
    cost_ready(state)
    merc = to_hand(state, P1, real["Mercenary"])
    do(state, f"P1: play #{merc} army")
    assert where(state, merc) == rules.ARMY
    assert rules.has(state, merc, "first_strike")


def test_mounted_eagle_gets_plus_two_one_blocking_a_creature_without_flying(real):
    state = at(start(first=P2), "attack")
    eagle = put(state, P1, real["Mounted Eagle"])
    raider = put(state, P2, OGRE)  # 4/5
    attack(state, [raider], first_city(state, P1), {eagle: raider})
    # 2/3 +2/+1 = 4/4 against the 4/5 ogre: the ogre takes 4, the eagle dies to 4
    assert state.cards[raider].damage == 4
    assert where(state, eagle) == rules.GRAVE


def test_mounted_eagle_gets_nothing_blocking_a_flyer(real):
    state = at(start(first=P2), "attack")
    eagle = put(state, P1, real["Mounted Eagle"])
    flyer = put(state, P2, real["Mounted Eagle"])
    attack(state, [flyer], first_city(state, P1), {eagle: flyer})
    assert state.cards[flyer].damage == 2


def test_revenge_gives_creatures_played_this_turn_the_damage_its_target_dealt_last_turn(real):
    state = at(start(first=P2), "attack")
    raider = put(state, P2, OGRE)
    attack(state, [raider], first_city(state, P1))  # 4 to the city
    end_phase(state)
    while state.active != P1 or state.phase != "draw":
        end_phase(state) if not state.prompts else do(state, "P2: pass")
    at(state, "play1", drawn=2)
    cost_ready(state)
    revenge = to_hand(state, P1, real["Revenge"])
    fresh = to_hand(state, P1, real["Spearman"])
    do(state, f"P1: play #{revenge} -> #{raider}")
    do(state, f"P1: play #{fresh} -> #{first_city(state, P1)}")
    assert rules.stats(state, fresh) == (1 + 4, 1)


def test_revenge_salvage_5_returns_it_from_the_graveyard(real):
    state = play_phase()
    gone = put(state, P1, real["Revenge"], rules.GRAVE)
    resources(state, P1, "gaian", 4)
    assert refused(state, f"P1: salvage #{gone}").startswith(rules.R_COST)
    resources(state, P1, "gaian", 1)
    at(state, "attack")
    assert refused(state, f"P1: salvage #{gone}") == rules.R_SALVAGE_WHEN
    at(state, "play2")
    do(state, f"P1: salvage #{gone}")
    assert where(state, gone) == rules.HAND
    assert rules.available(state, P1) == {}


def test_seat_of_the_throne_fortifies_its_city_and_destroys_your_other_cities(real):
    state = play_phase()
    cost_ready(state)
    keep = first_city(state, P1)
    other = put(state, P1, real["Armory"], "city2")
    seat = to_hand(state, P1, real["Seat of the Throne"])
    assert refused(state, f"P1: play #{seat} -> #{first_city(state, P2)}")
    do(state, f"P1: play #{seat} -> #{keep}")
    assert rules.strength(state, keep) == 8 + 3
    assert where(state, other) == rules.GRAVE
    assert state.cards[seat].attached_to == keep


def test_seat_of_the_throne_city_sustains_only_one_damage_each_turn(real):
    state = play_phase()
    cost_ready(state)
    keep = first_city(state, P1)
    seat = to_hand(state, P1, real["Seat of the Throne"])
    do(state, f"P1: play #{seat} -> #{keep}")
    events: list = []
    rules.damage(state, keep, 5, events)
    rules.damage(state, keep, 2, events)
    assert rules.strength(state, keep) == 11 - 1
    rules._end_enter(state, [])  # a new turn
    rules.damage(state, keep, 3, events)
    assert rules.strength(state, keep) == 11 - 2


def test_spearman_makes_every_unmarked_soldier_in_your_army_attack(real):
    state = at(start(), "attack")
    spear = put(state, P1, real["Spearman"])
    soldier = put(state, P1, real["Footsoldier"])
    free = put(state, P1, GOBLIN)
    target = first_city(state, P2)
    assert "must attack" in refused(state, "P1: end")
    assert "must attack" in refused(state, f"P1: attack #{spear} -> #{target}")
    do(state, f"P1: attack #{spear}, #{soldier} -> #{target}")  # the goblin may stay
    assert free not in state.data.combat.attackers


def test_spearman_battle_scream_gives_the_other_attackers_plus_one(real):
    state = at(start(), "attack")
    spear = put(state, P1, real["Spearman"])
    other = put(state, P1, GOBLIN)
    target = first_city(state, P2)
    attack(state, [spear, other], target)
    assert rules.strength(state, target) == 10 - 1 - 3


def test_squad_leader_reveals_four_and_keeps_the_soldiers(real):
    state = play_phase()
    cost_ready(state)
    deck = state.zones[(P1, rules.DECK)]
    for c in list(deck):
        state.move(c, (P1, rules.GRAVE))
    a = put(state, P1, real["Mentor"], rules.DECK)
    b = put(state, P1, GOBLIN, rules.DECK)
    c = put(state, P1, real["Spearman"], rules.DECK)
    d = put(state, P1, real["Revenge"], rules.DECK)
    e = put(state, P1, real["Footsoldier"], rules.DECK)  # fifth: not revealed
    leader = to_hand(state, P1, real["Squad Leader"])
    do(state, f"P1: play #{leader} -> #{first_city(state, P1)}")
    assert where(state, a) == where(state, c) == rules.HAND
    assert deck == [e, b, d]


def test_trebuchet_marks_two_soldiers_deals_five_and_they_skip_two_unmarks(real):
    state = play_phase()
    treb = put(state, P1, real["Trebuchet"])
    s1 = put(state, P1, real["Footsoldier"])
    s2 = put(state, P1, real["Footsoldier"])
    put(state, P1, GOBLIN)
    victim = put(state, P2, OGRE)
    assert refused(state, f"P1: use #{treb} -> #{victim}")  # the two Soldiers are the cost
    do(state, f"P1: use #{treb}, #{s1}, #{s2} -> #{victim}")
    assert where(state, victim) == rules.GRAVE
    for c in (treb, s1, s2):
        assert state.cards[c].turned and state.cards[c].counters["frozen"] == 2
    events: list = []
    state.active = P1
    rules._unmark_enter(state, events)
    rules._unmark_enter(state, events)
    assert all(state.cards[c].turned for c in (treb, s1, s2))
    rules._unmark_enter(state, events)
    assert not any(state.cards[c].turned for c in (treb, s1, s2))


# -- magic and events -----------------------------------------------------------------------


def test_assemble_the_army_moves_unmarked_soldiers_from_your_cities_unmarked(real):
    state = play_phase()
    cost_ready(state)
    home = first_city(state, P1)
    free = put(state, P1, real["Footsoldier"], home)
    tired = put(state, P1, real["Spearman"], home, marked=True)
    elf = put(state, P1, GOBLIN, home)
    card = to_hand(state, P1, real["Assemble the Army"])
    do(state, f"P1: play #{card}")
    assert where(state, free) == rules.ARMY and not state.cards[free].turned
    assert rules.home(state, tired) == home and rules.home(state, elf) == home
    # the move does not use the city's one move of the turn
    do(state, f"P1: move #{elf} army")


def test_battering_ram_gives_your_soldiers_plus_two_and_overrun_until_end_of_turn(real):
    state = play_phase()
    cost_ready(state)
    soldier = put(state, P1, real["Footsoldier"])
    other = put(state, P1, GOBLIN)
    ram = to_hand(state, P1, real["Battering Ram"])
    do(state, f"P1: play #{ram}")
    assert rules.stats(state, soldier) == (3, 1) and rules.has(state, soldier, "overrun")
    assert rules.stats(state, other) == (2, 2) and not rules.has(state, other, "overrun")
    rules._end_enter(state, [])
    assert rules.stats(state, soldier) == (1, 1) and not rules.has(state, soldier, "overrun")


def test_dimensional_pocket_chooses_one_of_its_three_modes(real):
    state = play_phase()
    cost_ready(state)
    city = first_city(state, P2)
    a, b, c = (put(state, P2, GOBLIN) for _ in range(3))
    big = put(state, P2, OGRE)
    p1 = to_hand(state, P1, real["Dimensional Pocket"])
    assert "choose one" in refused(state, f"P1: play #{p1} -> #{city}")
    do(state, f"P1: play #{p1} -> #{city} mode=1")
    assert rules.strength(state, city) == 10 - 1
    p2 = to_hand(state, P1, real["Dimensional Pocket"])
    assert refused(state, f"P1: play #{p2} -> #{a}, #{a}, #{b} mode=3")  # distinct
    do(state, f"P1: play #{p2} -> #{a}, #{b}, #{big} mode=3")
    assert [state.cards[x].damage for x in (a, b, big)] == [1, 1, 1]
    p3 = to_hand(state, P1, real["Dimensional Pocket"])
    assert refused(state, f"P1: play #{p3} -> #{a}, #{c} mode=2")  # one target
    do(state, f"P1: play #{p3} -> #{c} mode=2")
    assert where(state, c) == rules.GRAVE


# -- texts written the same way on other real cards --------------------------------------------


def test_an_enchantment_on_a_creature_gives_it_its_boost_and_keyword_while_attached(real):
    state = play_phase()
    resources(state, P1, "red_banner", 3)
    bearer = put(state, P1, GOBLIN)
    armor = to_hand(state, P1, real["Taur's Armor"])
    do(state, f"P1: play #{armor} -> #{bearer}")
    assert rules.stats(state, bearer) == (2 + 3, 2 + 1) and rules.has(state, bearer, "overrun")
    rules.kill(state, bearer, [])
    assert where(state, armor) == rules.GRAVE  # it goes with the creature


def test_an_event_saying_deal_this_or_deal_that_is_a_choice(real):
    state = play_phase()
    resources(state, P1, "red_banner", 6)
    shock = to_hand(state, P1, real["Deadly Shock"])
    city = first_city(state, P2)
    victim = put(state, P2, PIKE)
    assert refused(state, f"P1: play #{shock} -> #{city} mode=1")  # 3 to a creature
    do(state, f"P1: play #{shock} -> #{city} mode=2")
    assert rules.strength(state, city) == 10 - 2
    shock = to_hand(state, P1, real["Deadly Shock"])
    do(state, f"P1: play #{shock} -> #{victim} mode=1")
    assert where(state, victim) == rules.GRAVE


def test_sacrifice_me_to_produce_takes_the_card_out_of_the_game(real):
    state = play_phase()
    tracker = put(state, P1, real["Addax Tracker"])
    do(state, f"P1: use #{tracker}")
    assert where(state, tracker) == rules.REMOVED
    assert rules.available(state, P1) == {"red_banner": 1}


def test_a_search_that_finds_nothing_is_still_made_and_passed_in_the_open(real):
    # ruling 41: whether the deck holds a soldier must not show on the table
    state = play_phase()
    cost_ready(state)
    deck = state.zones[(P1, rules.DECK)]
    assert not any(rules.is_type(state.cards[c].card, "soldier") for c in deck)
    mentor = to_hand(state, P1, real["Mentor"])
    do(state, f"P1: play #{mentor} -> #{first_city(state, P1)}")
    assert state.top_prompt is not None and state.top_prompt.seat == P1
    shuffles = state.rng.draws
    do(state, "P1: pass")
    assert state.rng.draws > shuffles  # searched: the deck is shuffled, as after a find


def test_conscripts_search_and_reveal_tell_no_one_more_than_the_rules_show(real):
    # ruling 41: the cards shown to the searcher, those revealed to all, and the order they
    # go back in are what the table shows; nothing else about the deck can be told apart
    import random

    from tabletop.engine import parse
    from tabletop.engine.invariants import observation_leaks

    state = play_phase()
    cost_ready(state)
    first = put(state, P1, real["Mentor"], rules.DECK)
    second = put(state, P1, real["Spearman"], rules.DECK)
    put(state, P1, real["Footsoldier"], rules.DECK)
    conscript = to_hand(state, P1, real["Conscript"])
    rng = random.Random(5)
    for text in (
        f"P1: play #{conscript} -> #{first_city(state, P1)}",
        f"P1: target #{conscript} -> #{second}",
        f"P1: target #{conscript} -> #{first}",
        "P1: pass",
    ):
        assert observation_leaks(state, parse(state, text), rng, worlds=6) == [], text
        do(state, text)
