"""ARC-mage rulings (docs/rulings/arcmage.md), each pinned by a test."""

import pytest

from tabletop.engine import RESPOND, Action, apply, check, legal_actions, parse, responses, view
from tabletop.games.arcmage import rules

from .helpers import CARDS, DECKS, GAME, do, refused


def founded(seed: int = 1):
    """Both first cities founded; the first player, returned too, in Draw & Resource."""
    state = GAME.new_game([DECKS["emberfang_raiders"], DECKS["thornwood_circle"]], seed)
    first = state.data.first
    for seat in (first, 1 - first):
        do(state, f"P{seat + 1}: found #{state.zones[(seat, rules.UNBUILT)][0]}")
    for seat in (0, 1):  # empty hands: nobody is asked to answer unless a test gives cards
        empty_hand(state, seat)
    assert state.phase == "draw" and state.active == first
    return state, first


def step(state, text: str) -> None:
    """One action, and nothing more (``do`` passes the questions one can only pass)."""
    apply(state, parse(state, text))


def empty_hand(state, seat: int) -> None:
    for cid in list(state.zones[(seat, rules.HAND)]):
        state.move(cid, (seat, rules.DECK))


def give(state, seat: int, name: str, zone: str, **flags) -> int:
    inst = state.create(CARDS[name], seat, (seat, zone))
    for k, v in flags.items():
        setattr(inst, k, v)
    return inst.id


def resources(state, seat: int, faction: str, n: int) -> list[int]:
    return [give(state, seat, "Cinder Runt", rules.RES[faction], face_down=True) for _ in range(n)]


def p(seat: int) -> str:
    return f"P{seat + 1}"


def end_turn(state, seat: int) -> None:
    """End the seat's turn, discarding down to 7 on the way."""
    if state.data.drawn is None and state.phase == "draw":
        do(state, f"{p(seat)}: draw 2")
    while state.active == seat and not state.over:
        if state.phase == "discard" and len(state.zones[(seat, rules.HAND)]) > rules.HAND_LIMIT:
            do(state, f"{p(seat)}: discard #{state.zones[(seat, rules.HAND)][0]}")
        else:
            do(state, f"{p(seat)}: end")


def to_phase(state, seat: int, phase: str) -> None:
    if state.data.drawn is None:
        do(state, f"{p(seat)}: draw 2")
        empty_hand(state, seat)  # the test gives the cards it plays
    while state.phase != phase:
        do(state, f"{p(seat)}: end")


def test_tabletop_pays_loyalty_from_the_cards_faction_and_the_rest_from_the_fullest_others():
    state, me = founded()
    red = resources(state, me, "red_banner", 3)
    dark = resources(state, me, "dark_legion", 2)
    gaian = resources(state, me, "gaian", 1)
    to_phase(state, me, "play1")
    rider = give(state, me, "Cinderboar Rider", rules.HAND)  # cost 4, loyalty 2 (Red Banner)
    city = rules.cities(state, me)[0]
    do(state, f"{p(me)}: play #{rider} -> #{city}")
    marked = {
        f: sum(state.cards[c].turned for c in ids)
        for f, ids in (("red", red), ("dark", dark), ("gaian", gaian))
    }
    # the loyalty in Red Banner; then one at a time from the fullest other pile, so that
    # as many factions as possible stay open: Dark Legion (2 left), then a tie, taken
    # in the factions' order (Gaian first)
    assert marked == {"red": 2, "dark": 1, "gaian": 1}


def test_building_a_city_is_chosen_before_drawing_and_skips_the_rest_of_the_turn():
    state, me = founded()
    second = state.zones[(me, rules.UNBUILT)][0]
    hand = len(state.zones[(me, rules.HAND)])
    do(state, f"{p(me)}: build #{second}")
    assert rules.home(state, second) == second
    assert len(state.zones[(me, rules.HAND)]) == hand  # nothing drawn
    assert state.active != me and state.phase == "draw"
    state2, me2 = founded()
    do(state2, f"{p(me2)}: draw 1")
    assert "build instead of drawing" in refused(
        state2, f"{p(me2)}: build #{state2.zones[(me2, rules.UNBUILT)][0]}"
    )


def test_a_kingdom_holds_at_most_six_cities():
    state, me = founded()
    for _ in range(rules.MAX_CITIES - 1):
        city = give(state, me, "Cinderhold", rules.UNBUILT)
        rules.build_city(state, me, city, [])
    extra = state.zones[(me, rules.UNBUILT)][0]
    assert "at most 6 cities" in refused(state, f"{p(me)}: build #{extra}")


def test_every_player_holding_a_card_is_asked_to_answer_whatever_it_holds():
    state, me = founded()
    foe = 1 - me
    resources(state, me, "red_banner", 4)
    to_phase(state, me, "play1")
    runt = give(state, me, "Cinder Runt", rules.HAND)
    step(state, f"{p(me)}: play #{runt} -> #{rules.cities(state, me)[0]}")
    assert not state.prompts and rules.in_play(state, runt)  # empty hands: nobody is asked
    give(state, foe, "Grove Tender", rules.HAND)  # a creature: no answer in it
    runt2 = give(state, me, "Cinder Runt", rules.HAND)
    keep = give(state, me, "Grove Tender", rules.HAND)
    step(state, f"{p(me)}: play #{runt2} -> #{rules.cities(state, me)[0]}")
    # Asked all the same: asking only a player with an Event would tell the other it has one.
    assert state.top_prompt.seat == foe and state.top_prompt.name == "respond"
    assert state.cards[runt2].zone == (None, rules.STACK)
    assert [a.kind for a in legal_actions(state)] == ["pass"]
    step(state, f"{p(foe)}: pass")
    assert state.top_prompt.seat == me  # then the player who played it, who holds a card
    step(state, f"{p(me)}: pass")
    assert rules.in_play(state, runt2) and not state.prompts
    state.move(keep, (me, rules.DECK))
    howl = give(state, foe, "Blood Howl", rules.HAND)
    resources(state, foe, "red_banner", 3)
    runt3 = give(state, me, "Cinder Runt", rules.HAND)
    step(state, f"{p(me)}: play #{runt3} -> #{rules.cities(state, me)[0]}")
    assert state.top_prompt.seat == foe
    assert any(a.kind == "play" and a.cards == (howl,) for a in legal_actions(state))
    step(state, f"{p(foe)}: pass")
    assert rules.in_play(state, runt3) and not state.prompts  # its player's hand is empty


def test_a_player_who_is_not_acting_may_step_in_with_an_event_at_any_time():
    state, me = founded()
    foe = 1 - me
    resources(state, foe, "red_banner", 3)
    victim = give(state, me, "Cinder Runt", rules.ARMY)
    howl = give(state, foe, "Cinderburst", rules.HAND)  # an Event: 2 damage to a creature
    to_phase(state, me, "play1")
    assert responses(state) == [Action(RESPOND, foe)]  # offered whatever the foe holds
    step(state, f"{p(foe)}: respond")
    assert state.top_prompt.seat == foe and state.top_prompt.name == "interrupt"
    assert any(a.kind == "play" and a.cards == (howl,) for a in legal_actions(state))
    step(state, f"{p(foe)}: play #{howl} -> #{victim}")
    assert state.cards[victim].zone == (me, rules.GRAVE)  # nobody else held a card
    assert state.phase == "play1" and state.active == me and not state.prompts
    step(state, f"{p(foe)}: respond")  # and it may step in without an answer, and pass
    step(state, f"{p(foe)}: pass")
    assert state.phase == "play1" and not state.prompts and state.active == me


def test_nobody_steps_in_while_a_player_is_being_asked():
    state, me = founded()
    foe = 1 - me
    resources(state, me, "red_banner", 3)
    to_phase(state, me, "play1")
    give(state, foe, "Grove Tender", rules.HAND)
    runt = give(state, me, "Cinder Runt", rules.HAND)
    step(state, f"{p(me)}: play #{runt} -> #{rules.cities(state, me)[0]}")
    assert state.top_prompt.seat == foe  # asked in the round
    assert responses(state) == []
    assert check(state, parse(state, f"{p(me)}: respond")) == rules.R_ANSWER_WHEN
    assert check(state, parse(state, f"{p(foe)}: respond")).endswith("act, or pass")


def test_a_card_whose_target_is_gone_does_not_resolve_and_its_cost_stays_spent():
    state, me = founded()
    foe = 1 - me
    resources(state, me, "red_banner", 3)
    resources(state, foe, "red_banner", 3)
    victim = give(state, foe, "Grove Tender", rules.ARMY)
    to_phase(state, me, "play1")
    torch = give(state, me, "Cinderburst", rules.HAND)  # an Event: deal 2 to a creature
    answer = give(state, foe, "Blood Howl", rules.HAND)
    do(state, f"{p(me)}: play #{torch} -> #{victim}")
    assert state.top_prompt.seat == foe
    state.move(victim, (foe, rules.GRAVE))  # gone before the Event resolves
    do(state, f"{p(foe)}: pass")
    assert state.cards[torch].zone == (me, rules.GRAVE)
    assert sum(state.cards[c].turned for c in state.zones[(me, rules.RES["red_banner"])]) == 2
    assert state.cards[answer].zone == (foe, rules.HAND)


def test_activated_abilities_resolve_at_once_and_only_producing_ones_outside_play_phases():
    state, me = founded(seed=2)
    druid = give(state, me, "Rootkeeper Druid", rules.ARMY)  # M, produce 1 Gaian resource
    saboteur = give(state, me, "Soot Saboteur", rules.ARMY)  # M, 1 damage to its city
    assert check(state, parse(state, f"{p(me)}: use #{druid}")) is None  # in Draw & Resource
    assert "Play phases" in refused(state, f"{p(me)}: use #{saboteur}")
    do(state, f"{p(me)}: use #{druid}")
    assert state.data.pool[me] == {"gaian": 1} and state.cards[druid].turned
    end_turn(state, me)
    assert state.data.pool[me] == {}  # produced resources expire at the end of the turn


def test_a_citys_devotion_is_declared_once_per_tactics_phase_and_fades_at_the_next_unmark():
    state, me = founded()
    city = rules.cities(state, me)[0]
    row = state.cards[city].zone[1]
    a = give(state, me, "Cinder Runt", row)
    b = give(state, me, "Cinder Runt", row)
    to_phase(state, me, "tactics")
    assert state.phase == "tactics"
    do(state, f"{p(me)}: devote #{city}, #{a}")
    assert state.data.devotion[city] == CARDS["Cinder Runt"].loyalty
    assert "once per Tactics phase" in refused(state, f"{p(me)}: devote #{city}, #{b}")
    end_turn(state, me)
    assert city in state.data.devotion  # holds through the other player's turn
    end_turn(state, state.active)
    assert city not in state.data.devotion and not state.cards[a].turned


def test_level_boosts_on_groups_hold_while_the_devotion_lasts():
    state, me = founded()
    spare = next(z for z in rules.CITIES if not state.zones[(me, z)])
    hold = give(state, me, "Cinderhold", spare)  # Level 2: creatures in your army +1/+0
    soldier = give(state, me, "Cinder Runt", rules.ARMY)
    monk = give(state, me, "Barrow Stalker", spare)
    fan = give(state, me, "Cinder Runt", spare)
    base = rules.attack_of(state, soldier)
    to_phase(state, me, "tactics")
    do(state, f"{p(me)}: devote #{hold}, #{monk}, #{fan}")
    assert state.data.devotion[hold] >= 2
    assert rules.attack_of(state, soldier) == base + 1


def test_a_creature_whose_defense_a_fading_level_held_up_dies_at_the_unmark():
    # Ruling 39: Elderbough Moot's Level 2 (creatures in your army get +0/+1) fades at the
    # next Unmark phase; a 1/1 carrying a -1/-1 counter is left with DEF 0 and dies there.
    state, me = founded()
    spare = next(z for z in rules.CITIES if not state.zones[(me, z)])
    moot = give(state, me, "Elderbough Moot", spare)
    runt = give(state, me, "Cinder Runt", rules.ARMY)  # 1/1
    state.cards[runt].counters.update({"atk": -1, "def": -1})  # a -1/-1 counter
    state.data.devotion[moot] = 2
    assert rules.stats(state, runt) == (0, 1)
    end_turn(state, me)
    assert rules.in_play(state, runt)  # the devotion holds through the other's turn
    end_turn(state, state.active)
    assert state.active == me and moot not in state.data.devotion
    assert state.cards[runt].zone == (me, rules.GRAVE)


def test_overrun_takes_no_damage_split_and_sends_the_surplus_to_the_city():
    state, me = founded()
    foe = 1 - me
    rider = give(state, me, "Cinderboar Rider", rules.ARMY)  # 3/3 overrun (+1/+0 attackers)
    a = give(state, foe, "Briar Sapling", rules.ARMY)  # 0/2
    city = rules.cities(state, foe)[0]
    to_phase(state, me, "attack")
    do(state, f"{p(me)}: attack #{rider} -> #{city}")
    do(state, f"{p(foe)}: block #{a} -> #{rider}")
    before = rules.strength(state, city)
    atk = rules.attack_of(state, rider)
    do(state, f"{p(foe)}: pass")
    assert not state.prompts
    assert state.cards[a].zone == (foe, rules.REMOVED)  # a token ceases to exist
    assert rules.strength(state, city) == before - (atk - 2)


def test_the_splits_offered_are_lethal_in_order_but_any_exact_split_is_accepted():
    state, me = founded()
    foe = 1 - me
    roc = give(state, me, "Ashwing Wyvern", rules.ARMY)  # 4/4 flying
    x = give(state, foe, "Skyglade Roc", rules.ARMY)  # 4/4 flying
    y = give(state, foe, "Canopy Bowyer", rules.ARMY)  # ranged
    city = rules.cities(state, foe)[0]
    to_phase(state, me, "attack")
    do(state, f"{p(me)}: attack #{roc} -> #{city}")
    do(state, f"{p(foe)}: block #{x} -> #{roc}")
    do(state, f"{p(foe)}: block #{y} -> #{roc}")
    do(state, f"{p(foe)}: pass")
    assert state.top_prompt.name == "split" and state.top_prompt.seat == me
    offered = [a for a in legal_actions(state) if a.kind == "split"]
    assert offered and all(sum(map(int, a.words)) == 4 for a in offered)
    assert "add up to" in refused(state, f"{p(me)}: split #{roc} -> #{x}, #{y} 3 2")
    # The table's menu offers every way to divide the 4 damage, not only the lethal ones.
    button = next(
        b for b in state.game.table().buttons(view(state, me), me) if b.label == "Divide damage…"
    )
    shares = sorted(tuple(map(int, a.words)) for a in button.options)
    assert shares == [(n, 4 - n) for n in range(5)]
    assert all(check(state, a) is None for a in button.options)
    do(state, f"{p(me)}: split #{roc} -> #{x}, #{y} 3 1")
    assert state.cards[x].zone == (foe, rules.ARMY)  # 3 damage on a 4/4: it lives


def test_the_attack_phase_is_passed_over_when_no_creature_could_attack():
    state, me = founded()
    do(state, f"{p(me)}: draw 2")
    while state.phase not in ("play1",):
        do(state, f"{p(me)}: end")
    do(state, f"{p(me)}: end")
    assert state.phase == "play2"


def test_after_draw_zero_an_emptied_hand_excuses_the_second_resource():
    state, me = founded()
    hand = state.zones[(me, rules.HAND)]
    give(state, me, "Cinder Runt", rules.HAND)
    give(state, me, "Grove Tender", rules.HAND)
    do(state, f"{p(me)}: draw 0")
    do(state, f"{p(me)}: resource #{hand[0]} red_banner")
    assert "play 2 resource cards" in refused(state, f"{p(me)}: end")
    state.move(hand[0], (me, rules.GRAVE))  # as if an Event had been played meanwhile
    do(state, f"{p(me)}: end")
    assert state.phase != "draw"


def test_infiltrators_sit_in_an_opponents_city_but_do_not_defend_it():
    state, me = founded()
    foe = 1 - me
    spy = give(state, me, "Soot Saboteur", rules.ARMY)  # infiltrate
    city = rules.cities(state, foe)[0]
    to_phase(state, me, "play1")
    do(state, f"{p(me)}: move #{spy} -> #{city}")
    assert rules.home(state, spy) == city and state.cards[spy].owner == me
    assert spy not in rules._defenders(state, rules.Combat(foe, (), city))


def test_a_bodyguard_guards_one_creature_for_the_turn():
    state, me = founded()
    warden = give(state, me, "Bramble Warden", rules.ARMY)  # bodyguard 2
    a = give(state, me, "Grove Tender", rules.ARMY)
    b = give(state, me, "Canopy Bowyer", rules.ARMY)
    to_phase(state, me, "play1")
    do(state, f"{p(me)}: guard #{warden} -> #{a}")
    assert "one creature a turn" in refused(state, f"{p(me)}: guard #{warden} -> #{b}")
    rules.damage(state, a, 2, [])
    assert state.cards[a].damage == 0 and state.cards[warden].damage == 2


def test_residents_leaving_a_destroyed_city_are_not_marked_and_marked_ones_go_home():
    state, me = founded()
    foe = 1 - me
    second = state.zones[(foe, rules.UNBUILT)][0]
    rules.build_city(state, foe, second, [])
    city = rules.cities(state, foe)[0]
    row = state.cards[city].zone[1]
    ready = give(state, foe, "Grove Tender", row)
    tired = give(state, foe, "Canopy Bowyer", row, turned=True)
    events: list = []
    rules.damage(state, city, 99, events)
    rules.advance(state, events)
    assert state.cards[city].zone == (foe, rules.GRAVE)
    assert state.cards[tired].zone == (foe, rules.HAND)
    assert state.top_prompt.name == "evacuate" and state.top_prompt.seat == foe
    assert "cannot be passed" in refused(state, f"{p(foe)}: pass")
    do(state, f"{p(foe)}: move #{ready} -> #{second}")
    assert rules.home(state, ready) == second and not state.cards[ready].turned
    assert second not in state.data.moved and not state.prompts


def test_first_strikers_deal_their_damage_before_the_others_strike_back():
    state, me = founded()
    foe = 1 - me
    skirmisher = give(state, me, "Ashfang Skirmisher", rules.ARMY)  # 2/1 first strike
    tender = give(state, foe, "Grove Tender", rules.ARMY)  # 1/1
    to_phase(state, me, "attack")
    do(state, f"{p(me)}: attack #{skirmisher} -> #{rules.cities(state, foe)[0]}")
    do(state, f"{p(foe)}: block #{tender} -> #{skirmisher}")
    do(state, f"{p(foe)}: pass")
    assert state.cards[tender].zone == (foe, rules.GRAVE)
    assert state.cards[skirmisher].zone == (me, rules.ARMY)
    assert state.cards[skirmisher].damage == 0


@pytest.mark.parametrize(
    "reason",
    [
        rules.R_DEVOTE_ONCE,
        rules.R_ABILITY,
        rules.R_RELEASE,
        rules.R_MUST_ATTACK,
        rules.R_FLYING,
        rules.R_X,
        rules.R_GUARD_WHEN,
        rules.R_SALVAGE_WHEN,
    ],
)
def test_a_refusal_resting_on_a_ruling_says_so(reason):
    assert "(ruling)" in reason
