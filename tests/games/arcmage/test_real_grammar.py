"""Real arcmage.org cards that the card-text grammar reads whole, each pinned by the rule its
text makes. The cards come from ``../shared/arcmage`` (the ``real`` fixture); without it
these tests are skipped, and no card text is copied into the project."""

from __future__ import annotations

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.rules.keywords import immune

from .helpers import (
    GOBLIN,
    P1,
    P2,
    at,
    attack,
    city,
    creature,
    declines,
    do,
    first_city,
    legal,
    options,
    play_phase,
    put,
    resources,
    start,
)
from .test_grammar import from_text


def orc(name: str):
    """A plain 2/2 Orc (made afresh: a copy of a card keeps the types it had worked out)."""
    return creature(name, 2, 2, subtypes=("Orc",))


def test_orc_warleader_gives_the_orcs_you_control_itself_included_plus_one_attack(real):
    warleader = real["Orc Warleader"]
    assert warleader.unenforced == ""
    state = play_phase()
    lord = put(state, P1, warleader)  # 3/3
    ours, theirs, plain = (
        put(state, P1, orc("Test Orc")),
        put(state, P2, orc("Test Orc")),
        put(state, P1, GOBLIN),
    )
    assert rules.stats(state, lord) == (4, 3)
    assert rules.stats(state, ours) == (3, 2)
    assert rules.stats(state, theirs) == rules.stats(state, plain) == (2, 2)


def test_second_sons_army_camp_boosts_your_army_at_level_3_and_gives_it_overrun_at_5(real):
    camp_card = real["Second Sons' Army Camp"]
    assert camp_card.unenforced == ""
    state = play_phase()
    camp = put(state, P1, camp_card, "city2")
    soldier, resident, enemy = (
        put(state, P1, GOBLIN),
        put(state, P1, GOBLIN, camp),
        put(state, P2, GOBLIN),
    )
    state.data.devotion[camp] = 2
    assert rules.stats(state, soldier) == (2, 2)
    state.data.devotion[camp] = 3
    assert rules.stats(state, soldier) == (4, 4)
    assert rules.stats(state, resident) == rules.stats(state, enemy) == (2, 2)  # not in the army
    assert not rules.has(state, soldier, "overrun")
    state.data.devotion[camp] = 5
    assert rules.has(state, soldier, "overrun") and not rules.has(state, resident, "overrun")


# -- a player as target or object (ruling 46: the player chooses how they pay) -----------------


def _on_play(state, seat, which, words=""):
    """``seat`` plays a real card from its hand with ``words`` (its target, its X); every
    answer round passes."""
    cid = put(state, seat, which, rules.HAND)
    do(state, f"P{seat + 1}: play #{cid} {words}".rstrip())
    declines(state)
    return cid


def test_nightgaunt_coming_into_play_makes_target_player_discard_or_sacrifice(real):
    nightgaunt = real["Nightgaunt"]
    assert nightgaunt.unenforced == ""
    state = play_phase()
    resources(state, P1, "dark_legion", 2)
    card = put(state, P2, GOBLIN, rules.HAND)
    pile = resources(state, P2, "gaian", 1)
    _on_play(state, P1, nightgaunt, f"-> #{first_city(state, P1)}")
    assert state.top_prompt.name == "target"
    do(state, f"P1: target #{rules.creatures(state, P1)[0]} player=2")
    assert (state.top_prompt.seat, state.top_prompt.name) == (P2, "owe")
    do(state, "P2: sacrifice gaian")
    assert state.cards[pile[0]].zone == (P2, rules.REMOVED)
    assert state.cards[card].zone == (P2, rules.HAND)


def test_gigantic_spider_dying_makes_target_player_discard_or_sacrifice(real):
    spider_card = real["Gigantic Spider"]
    assert spider_card.unenforced == ""
    state = play_phase()
    spider = put(state, P2, spider_card)
    card = put(state, P1, GOBLIN, rules.HAND)
    doom = from_text("Test Doom", "event", "Destroy target creature.")
    _on_play(state, P1, doom, f"-> #{spider}")
    assert (state.top_prompt.seat, state.top_prompt.name) == (P2, "target")
    do(state, f"P2: target #{spider} player=1")
    # P1 holds one card and has no resource cards: it discards it, unasked
    assert state.cards[card].zone == (P1, rules.GRAVE)


def test_benevolent_baron_leaving_play_makes_each_player_discard_a_card(real):
    baron_card = real["Benevolent Baron"]
    assert baron_card.unenforced == ""
    state = play_phase()
    baron = put(state, P2, baron_card)
    mine, theirs = put(state, P1, GOBLIN, rules.HAND), put(state, P2, GOBLIN, rules.HAND)
    recall = from_text("Test Recall", "event", "Return target creature to its owner's hand.")
    _on_play(state, P1, recall, f"-> #{baron}")
    # in turn order from the Baron's controller: P2 holds the Baron (back in its hand)
    # and another card, and chooses; P1 holds one, and discards it unasked
    assert (state.top_prompt.seat, state.top_prompt.name) == (P2, "owe")
    assert state.cards[mine].zone == (P1, rules.HAND)
    do(state, f"P2: discard #{baron}")
    assert state.cards[theirs].zone == (P2, rules.HAND)
    assert state.cards[mine].zone == (P1, rules.GRAVE)


def test_rotten_deal_lets_target_player_mix_discards_and_sacrifices(real):
    deal = real["Rotten Deal"]
    assert deal.unenforced == ""
    state = play_phase()
    resources(state, P1, "dark_legion", 3)
    kept, lost_ = put(state, P2, GOBLIN, rules.HAND), put(state, P2, GOBLIN, rules.HAND)
    put(state, P2, GOBLIN, rules.HAND)
    pile = resources(state, P2, "gaian", 3)
    _on_play(state, P1, deal, "player=2")
    do(state, f"P2: discard #{lost_}")
    do(state, "P2: sacrifice gaian")
    assert not state.prompts
    assert state.cards[lost_].zone == (P2, rules.GRAVE)
    assert state.cards[kept].zone == (P2, rules.HAND)
    assert sum(state.cards[c].zone == (P2, rules.REMOVED) for c in pile) == 1


def test_fireblaze_deals_x_less_two_to_a_creature_or_a_player(real):
    fireblaze = real["Fireblaze"]
    assert fireblaze.unenforced == "" and fireblaze.cost_x
    state = play_phase()
    resources(state, P1, "red_banner", 12)
    ogre = put(state, P2, creature("Test Ogre", 4, 5))
    _on_play(state, P1, fireblaze, f"-> #{ogre} x=5")
    assert state.cards[ogre].damage == 3
    _on_play(state, P1, fireblaze, "player=2 x=4")
    assert state.cards[first_city(state, P2)].damage == 2


def test_two_bridges_level_2_mills_the_top_card_of_target_players_deck(real):
    bridges_card = real["Two Bridges"]
    assert bridges_card.unenforced == ""
    state = at(start(), "tactics")
    bridges = city(state, P1, bridges_card)
    devotee = put(state, P1, creature("Test Devotee", 1, 1, loyalty=2, cost=2), bridges)
    top = state.zones[(P2, rules.DECK)][0]
    do(state, f"P1: devote #{bridges}, #{devotee}")
    assert state.top_prompt.name == "target"
    do(state, f"P1: target #{bridges} player=2")
    assert state.cards[top].zone == (P2, rules.GRAVE)


# -- counters a text names, and counters as a cost ------------------------------------------------


def test_firespitter_comes_with_two_fire_counters_and_spends_one_for_each_damage(real):
    spitter_card = real["Firespitter"]
    assert spitter_card.unenforced == ""
    state = play_phase()
    resources(state, P1, "red_banner", 2)
    spitter = _on_play(state, P1, spitter_card, f"-> #{first_city(state, P1)}")
    assert rules.named_counters(state.cards[spitter]) == {"fire": 2}
    victim = put(state, P2, GOBLIN)
    for turn, aim in enumerate((f"-> #{victim}", "player=2")):
        state.cards[spitter].turned = False
        do(state, f"P1: use #{spitter} {aim}")
        assert state.cards[spitter].counters.get("fire", 0) == 1 - turn
    assert state.cards[victim].damage == 1 and state.cards[first_city(state, P2)].damage == 1
    state.cards[spitter].turned = False
    assert options(state, "use") == []  # no fire counter left to remove


def test_shadow_in_the_dark_shrinks_itself_to_destroy_a_creature_in_its_city(real):
    shadow_card = real["Shadow in the Dark"]
    assert shadow_card.unenforced == ""
    state = play_phase()
    city = first_city(state, P2)
    shadow = put(state, P1, shadow_card, city)  # infiltrated into the opponent's city
    near, far = put(state, P2, GOBLIN, city), put(state, P2, GOBLIN)
    assert {a.targets for a in options(state, "use")} == {(near,)}
    do(state, f"P1: use #{shadow} -> #{near}")
    assert state.cards[near].zone == (P2, rules.GRAVE) and state.cards[far].zone[1] == rules.ARMY
    assert rules.stats(state, shadow) == (0, 1)  # 1/2 with a -1/-1 counter


# -- searches --------------------------------------------------------------------------------------


def test_return_of_the_drakes_searches_a_drake_into_a_city_of_its_players_choice(real):
    drakes = real["Return of the Drakes"]
    assert drakes.unenforced == ""
    state = play_phase()
    resources(state, P1, "red_banner", 5)
    drake = put(state, P1, real["Firespitter"], rules.DECK)
    card = _on_play(state, P1, drakes)
    city = first_city(state, P1)
    do(state, f"P1: target #{card} -> #{drake}, #{city}")
    assert rules.home(state, drake) == city


def test_out_of_nowhere_searches_a_dark_legion_card_into_the_hand_unseen(real):
    nowhere = real["Out of Nowhere"]
    assert nowhere.unenforced == ""
    state = play_phase()
    resources(state, P1, "dark_legion", 2)
    wanted = put(state, P1, real["Nightgaunt"], rules.DECK)
    card = _on_play(state, P1, nowhere)
    events = do(state, f"P1: target #{card} -> #{wanted}")
    assert state.cards[wanted].zone == (P1, rules.HAND)
    seen = [e for e in events if e.kind == "ability"]
    assert seen and all(e.secret and "Nightgaunt" not in e.secret for e in seen)  # ruling 40


# -- creatures sacrificed --------------------------------------------------------------------------


def test_addax_herder_brings_two_marked_addax_and_takes_one_with_it_when_it_leaves(real):
    herder_card = real["Addax Herder"]
    assert herder_card.unenforced == ""
    state = play_phase()
    resources(state, P1, "red_banner", 3)
    addax = [put(state, P1, real["Addax 1/1"], rules.TOKENS) for _ in range(2)]
    herder = _on_play(state, P1, herder_card, f"-> #{first_city(state, P1)}")
    do(state, f"P1: target #{herder} army")
    assert all(state.cards[a].zone == (P1, rules.ARMY) and state.cards[a].turned for a in addax)
    recall = from_text("Test Recall", "event", "Return target creature to its owner's hand.")
    _on_play(state, P1, recall, f"-> #{herder}")
    # two Addax left (the Herder, an Addax itself, is gone): its controller chooses one
    assert (state.top_prompt.seat, state.top_prompt.name) == (P1, "owe")
    do(state, f"P1: sacrifice #{addax[1]}")
    assert state.cards[addax[1]].zone[1] in (rules.REMOVED, rules.TOKENS)
    assert state.cards[addax[0]].zone == (P1, rules.ARMY)


def test_sun_singer_sacrifice_costs_two_addax_or_three_red_banner_creatures(real):
    singer = real["Sun Singer Sacrifice"]
    assert singer.unenforced == ""
    state = at(start(), "attack", P2)
    resources(state, P1, "red_banner", 2)
    attacker = put(state, P2, GOBLIN)
    mine = [put(state, P1, creature(f"Test Banner {i}", 1, 1)) for i in range(3)]
    do(state, f"P2: attack #{attacker} -> #{first_city(state, P1)}")
    card = put(state, P1, singer, rules.HAND)
    assert not legal(state, f"P1: play #{card} -> #{attacker} mode=1")  # no Addax
    do(state, f"P1: play #{card} -> #{attacker} mode=2")  # three Red Banner creatures
    assert all(state.cards[c].zone == (P1, rules.REMOVED) for c in mine)  # all three, unasked
    declines(state)
    assert state.cards[attacker].zone == (P2, rules.GRAVE)


# -- activated abilities without marking --------------------------------------------------------


def test_kalenz_discards_enchantments_to_grow_and_returns_one_when_it_dies(real):
    kalenz_card = real["Kalenz"]
    assert kalenz_card.unenforced == ""
    state = play_phase()
    kalenz = put(state, P1, kalenz_card)
    scent = [put(state, P1, real["Scent of Home"], rules.HAND) for _ in range(2)]
    do(state, f"P1: use #{kalenz}, #{scent[0]}")
    do(state, f"P1: use #{kalenz}, #{scent[1]}")  # unmarked: again, as long as it pays
    assert rules.stats(state, kalenz) == (3, 3) and not state.cards[kalenz].turned
    doom = from_text("Test Doom", "event", "Destroy target creature.")
    _on_play(state, P1, doom, f"-> #{kalenz}")
    (offered,) = [a.targets[0] for a in options(state, "target")]  # copies: one offered
    do(state, f"P1: target #{kalenz} -> #{offered}")
    assert offered in scent and state.cards[offered].zone == (P1, rules.HAND)


def test_firebreather_played_as_sudden_burns_out_at_the_end_of_the_turn(real):
    breather = real["Firebreather"]
    assert breather.unenforced == ""
    state = play_phase()
    resources(state, P1, "red_banner", 3)
    card = _on_play(state, P1, breather, "army")
    assert state.cards[card].zone == (P1, rules.ARMY)
    while state.active == P1:
        do(state, "P1: end")
        declines(state)
    assert state.cards[card].zone == (P1, rules.GRAVE)


def test_elvish_shaman_limits_every_next_draw_when_its_player_plays_an_enchantment(real):
    shaman_card = real["Elvish Shaman"]
    assert shaman_card.unenforced == ""
    state = play_phase()
    put(state, P1, shaman_card)
    resources(state, P1, "gaian", 3)
    goblin = put(state, P2, GOBLIN)
    charm = from_text("Test Charm", "enchantment", "Enchanted creature gets +1/+1.")
    _on_play(state, P1, charm, f"-> #{goblin}")
    assert {s: cap[0] for s, cap in state.data.caps.items()} == {P1: 1, P2: 1}


def test_kaleh_lets_its_player_draw_a_card_once_in_their_play_phase(real):
    kaleh_card = real["Kaleh, son of Garak"]
    assert kaleh_card.unenforced == ""
    state = play_phase()
    kaleh = put(state, P1, kaleh_card)
    before = len(state.zones[(P1, rules.HAND)])
    do(state, f"P1: use #{kaleh}")
    assert len(state.zones[(P1, rules.HAND)]) == before + 1
    assert not legal(state, f"P1: use #{kaleh}")
    state.phase = "attack"
    assert not legal(state, f"P1: use #{kaleh}")  # nor outside a Play phase


def test_rope_trap_takes_every_ability_and_keeps_the_creature_from_moving_or_attacking(real):
    trap = real["Rope Trap"]
    assert trap.unenforced == ""
    state = play_phase()
    resources(state, P1, "gaian", 2)
    flyer = put(state, P2, creature("Test Wyvern", 3, 3, keywords={"flying": 0}))
    _on_play(state, P1, trap, f"-> #{flyer}")
    assert not rules.has(state, flyer, "flying")
    assert rules.forbidden(state, flyer, "attack") and rules.forbidden(state, flyer, "move")


def test_serenity_makes_every_creature_a_0_2_without_abilities_until_end_of_turn(real):
    serenity = real["Serenity"]
    assert serenity.unenforced == ""
    state = play_phase()
    resources(state, P1, "gaian", 3)
    mine, theirs = (
        put(state, P1, GOBLIN),
        put(state, P2, creature("Test Wyvern", 4, 4, keywords={"flying": 0})),
    )
    _on_play(state, P1, serenity)
    assert rules.stats(state, mine) == rules.stats(state, theirs) == (0, 2)
    assert not rules.has(state, theirs, "flying")


def test_sunburst_puts_fire_counters_on_one_target_and_damage_on_another(real):
    sunburst = real["Sunburst"]
    assert sunburst.unenforced == ""
    state = play_phase()
    resources(state, P1, "red_banner", 2)
    city = first_city(state, P2)
    _on_play(state, P1, sunburst, f"-> #{city} player=2")
    assert rules.named_counters(state.cards[city]) == {"fire": 2}
    assert state.cards[city].damage == 1  # P2's only city takes the player's damage


def test_centaurs_staff_returns_its_dying_creature_to_the_hand_and_itself_under_the_deck(real):
    staff = real["Centaur's Staff"]
    assert staff.unenforced == ""
    state = play_phase()
    resources(state, P1, "gaian", 3)
    mine = put(state, P1, creature("Test Centaur", 3, 3))
    card = _on_play(state, P1, staff, f"-> #{mine}")
    doom = from_text("Test Doom", "event", "Destroy target creature.")
    _on_play(state, P1, doom, f"-> #{mine}")  # its own player destroys it, for the test
    assert state.cards[mine].zone == (P1, rules.HAND)
    assert state.zones[(P1, rules.DECK)][-1] == card


def test_burn_the_bodies_removes_x_creatures_of_a_graveyard_and_deals_x_damage(real):
    burn = real["Burn the Bodies"]
    assert burn.unenforced == ""
    state = play_phase()
    dead = [put(state, P2, c, rules.GRAVE) for c in (GOBLIN, orc("Test Orc"), orc("Test Imp"))]
    victim = put(state, P2, creature("Test Giant", 1, 5))
    resources(state, P1, "red_banner", 4)
    _on_play(state, P1, burn, f"-> #{victim} player=2 x=2")
    assert state.top_prompt.name == "owe"  # three creatures, two to remove: P1 chooses
    do(state, f"P1: take #{dead[0]}")
    do(state, f"P1: take #{dead[2]}")
    assert [state.cards[c].zone[1] for c in dead] == [rules.REMOVED, rules.GRAVE, rules.REMOVED]
    assert state.cards[victim].damage == 2


def test_short_fuse_gathers_fire_from_red_banner_spells_and_burns_each_opponent(real):
    fuse_card = real["Short Fuse"]
    assert fuse_card.unenforced == ""
    state = play_phase()
    fuse = put(state, P1, fuse_card)
    goblin = put(state, P2, creature("Test Giant", 1, 9))
    spark = from_text("Test Spark", "event", "Deal 1 damage to target creature.")
    for _ in range(2):
        _on_play(state, P1, spark, f"-> #{goblin}")
    assert state.cards[fuse].counters.get("fire") == 2
    assert not legal(state, f"P1: use #{fuse}")  # three are needed
    _on_play(state, P1, spark, f"-> #{goblin}")
    city = first_city(state, P2)
    do(state, f"P1: use #{fuse}")
    assert state.cards[fuse].zone == (P1, rules.REMOVED)
    assert state.cards[city].damage == 2


def test_cutpurse_imp_steals_a_resource_card_and_gives_it_back_as_it_leaves_play(real):
    imp_card = real["Cutpurse Imp"]
    assert imp_card.unenforced == ""
    state = play_phase()
    (gaian,) = resources(state, P2, "gaian", 1)
    resources(state, P1, "red_banner", 3)
    imp = _on_play(state, P1, imp_card, f"-> #{first_city(state, P1)}")
    do(state, f"P1: target #{imp} player=2")
    assert state.cards[gaian].zone == (P1, rules.RES["gaian"])
    events: list = []
    rules.kill(state, imp, events)
    rules.advance(state, events)
    assert state.cards[gaian].zone == (P2, rules.RES["gaian"])


def test_scent_of_home_makes_its_creature_homesick(real):
    scent = real["Scent of Home"]
    assert scent.unenforced == ""
    state = play_phase()
    roamer = put(state, P1, creature("Test Roamer", 2, 2, loyalty=1))  # in the army
    resources(state, P1, "gaian", 1)
    _on_play(state, P1, scent, f"-> #{roamer}")
    assert rules.has(state, roamer, "homesick")
    state.active = P1
    rules.enter_phase(state, "unmark", [])
    assert state.cards[roamer].zone == (P1, rules.GRAVE)  # its one loyalty mark lost


def test_wildfire_burns_a_player_for_each_resource_card_unless_they_sacrifice_them(real):
    wildfire = real["Wildfire"]
    assert wildfire.unenforced == ""
    state = play_phase()
    resources(state, P1, "red_banner", 5)
    resources(state, P2, "gaian", 3)
    city_ = first_city(state, P2)
    _on_play(state, P1, wildfire, "player=2")
    do(state, "P2: sacrifice gaian")
    do(state, f"P2: suffer #{city_}")
    assert state.cards[city_].damage == 2
    assert len(state.zones[(P2, rules.RES["gaian"])]) == 2


def test_burn_the_city_burns_the_creatures_of_its_city_each_tactics_phase_and_dies_down(real):
    burn_card = real["Burn the City"]
    assert burn_card.unenforced == ""
    state = start(P1)
    city = first_city(state, P2)
    victim = put(state, P2, creature("Test Giant", 1, 9), city)
    resources(state, P1, "red_banner", 3)
    at(state, "play1", P1)
    burn = _on_play(state, P1, burn_card, f"-> #{city}")
    assert state.cards[burn].counters.get("fire") == 2
    at(state, "draw", P1)
    state.data.drawn = 0
    do(state, "P1: end")
    assert state.phase == "tactics" and state.cards[victim].damage == 2
    do(state, "P1: end")
    assert state.cards[burn].counters.get("fire") == 1


def test_firecraver_swallows_red_banner_spell_damage_as_fire_and_breathes_it_out(real):
    craver_card = real["Firecraver"]
    assert craver_card.unenforced == ""
    state = play_phase()
    craver = put(state, P1, craver_card)
    victim = put(state, P2, creature("Test Giant", 1, 9))
    spark = from_text("Test Spark", "event", "Deal 3 damage to target creature.")
    do(state, f"P1: use #{craver} 1")
    _on_play(state, P1, spark, f"-> #{victim}")
    assert state.cards[victim].damage == 0
    assert state.cards[craver].counters.get("fire") == 3
    state.cards[craver].turned = False
    do(state, f"P1: use #{craver} -> #{victim} 2")
    assert state.cards[victim].damage == 6  # two for each of three counters
    assert "fire" not in state.cards[craver].counters


def test_elvish_enchantress_pays_a_counter_and_a_loyalty_marker_to_search_an_enchantment(real):
    enchantress_card = real["Elvish Enchantress"]
    assert enchantress_card.unenforced == ""
    state = play_phase()
    enchantress = put(state, P1, enchantress_card)
    aura = from_text("Test Aura", "enchantment", "Enchanted creature gets +1/+0.")
    wanted = put(state, P1, aura, rules.DECK)
    _on_play(state, P1, aura, f"-> #{enchantress}")
    do(state, f"P1: target #{enchantress} -> #{wanted}")
    assert state.cards[wanted].zone == (P1, rules.HAND)
    assert state.cards[enchantress].counters.get("loyalty") == 1
    assert rules.loyalty_marks(state, enchantress) == 4  # three printed, one marker


def test_recycling_resources_shows_the_resources_and_trades_places_with_an_enchantment(real):
    recycling = real["Recycling Resources"]
    assert recycling.unenforced == ""
    state = play_phase()
    resources(state, P1, "gaian", 2)
    aura = put(
        state,
        P1,
        from_text("Test Aura", "enchantment", "Enchanted creature gets +1/+0."),
        rules.RES["red_banner"],
    )
    state.cards[aura].face_down = True
    card = _on_play(state, P1, recycling)
    assert state.cards[aura].zone == (P1, rules.HAND)
    assert state.cards[card].zone == (P1, rules.RES["red_banner"])
    assert state.cards[card].face_down


def test_tunnel_network_gives_its_residents_travel_and_creatures_in_hand_sudden(real):
    tunnel_card = real["Tunnel Network"]
    assert tunnel_card.unenforced == ""
    state = play_phase()
    tunnel = put(state, P1, tunnel_card, "city2")
    resident = put(state, P1, GOBLIN, tunnel)
    in_hand = put(state, P1, GOBLIN, rules.HAND)
    resources(state, P1, "red_banner", 1)
    state.data.devotion[tunnel] = 4
    assert rules.has(state, resident, "travel")
    assert not legal(state, f"P1: play #{in_hand} army")
    state.data.devotion[tunnel] = 7
    assert legal(state, f"P1: play #{in_hand} army")


def test_orc_drummer_drums_only_from_the_army(real):
    drummer_card = real["Orc Drummer"]
    assert drummer_card.unenforced == ""
    state = play_phase()
    city = first_city(state, P1)
    drummer = put(state, P1, drummer_card, city)
    orc_ = put(state, P1, orc("Test Orc"))
    assert not legal(state, f"P1: use #{drummer}")  # in a city
    state.move(drummer, (P1, rules.ARMY))
    do(state, f"P1: use #{drummer}")
    assert rules.stats(state, orc_) == (3, 2)
    assert rules.stats(state, drummer) == (2, 1)  # an orc in the army too


def test_prince_of_thieves_looks_at_a_deck_and_mills_it_for_two(real):
    prince_card = real["Prince of Thieves"]
    assert prince_card.unenforced == ""
    state = play_phase()
    prince = put(state, P1, prince_card)
    top = state.zones[(P2, rules.DECK)][0]
    events = do(state, f"P1: use #{prince} player=2 1")
    assert any(top in e.reveals and e.seen_by == frozenset({P1}) for e in events)
    resources(state, P1, "house_of_nobles", 2)
    do(state, f"P1: use #{prince} player=2 2")
    assert state.cards[top].zone == (P2, rules.GRAVE)


def test_shatis_makes_the_owner_of_the_city_it_damages_discard_or_sacrifice(real):
    shatis_card = real["Shatis"]
    assert shatis_card.unenforced == ""
    state = at(start(), "attack")
    shatis = put(state, P1, shatis_card)
    card = put(state, P2, GOBLIN, rules.HAND)
    resources(state, P2, "gaian", 1)
    attack(state, [shatis], first_city(state, P2))
    assert state.top_prompt is not None and state.top_prompt.seat == P2  # discard or sacrifice
    do(state, "P2: sacrifice gaian")
    assert state.cards[card].zone == (P2, rules.HAND)


def test_esteemed_duelist_comes_with_an_attack_counter_for_each_damage_the_target_dealt(real):
    duelist_card = real["Esteemed Duelist"]
    assert duelist_card.unenforced == ""
    state = play_phase()
    foe = put(state, P2, GOBLIN)
    state.cards[foe].counters["dealt_last"] = 2
    resources(state, P1, "house_of_nobles", 2)
    duelist = _on_play(state, P1, duelist_card, f"-> #{first_city(state, P1)}")
    do(state, f"P1: target #{duelist} -> #{foe}")
    assert rules.stats(state, duelist) == (3, 1)


def test_fearless_assault_makes_every_creature_deadly_but_to_the_undead(real):
    assault = real["Fearless Assault"]
    assert assault.unenforced == ""
    state = play_phase()
    mine = put(state, P1, GOBLIN)
    undead = put(state, P2, creature("Test Ghoul", 1, 4, subtypes=("Undead",)))
    resources(state, P1, "dark_legion", 3)
    _on_play(state, P1, assault)
    assert rules.has(state, mine, "deadly") and rules.has(state, undead, "deadly")
    assert immune(state, undead, "deadly") and not immune(state, mine, "deadly")


def test_little_brother_hurts_the_city_it_lives_in_as_that_citys_tactics_phase_begins(real):
    brother_card = real["Little Brother"]
    assert brother_card.unenforced == ""
    state = start(P1)
    city = first_city(state, P2)
    put(state, P1, brother_card, city)
    at(state, "draw", P2)
    state.data.drawn = 0
    do(state, "P2: end")
    assert state.cards[city].damage == 1


def test_touch_of_genius_stops_a_players_draws_this_turn_or_makes_them_draw_three(real):
    touch = real["Touch of Genius"]
    assert touch.unenforced == ""
    state = play_phase()
    resources(state, P1, "house_of_nobles", 3)
    before = len(state.zones[(P2, rules.HAND)])
    _on_play(state, P1, touch, "player=2 mode=2")
    assert len(state.zones[(P2, rules.HAND)]) == before + 3
    resources(state, P1, "house_of_nobles", 3)
    _on_play(state, P1, touch, "player=2 mode=1")
    assert P2 in state.data.no_draw


def test_binding_contract_marks_the_creatures_beside_its_creature_when_it_is_marked(real):
    contract = real["Binding Contract"]
    assert contract.unenforced == ""
    state = play_phase()
    bound, beside = put(state, P2, GOBLIN), put(state, P2, GOBLIN)
    resources(state, P1, "house_of_nobles", 2)
    _on_play(state, P1, contract, f"-> #{bound}")
    events: list = []
    rules.mark(state, bound, events)
    rules.advance(state, events)
    assert state.cards[beside].turned


def test_crumbling_defenses_trades_dark_legion_creatures_for_an_opponents_cards(real):
    crumbling = real["Crumbling Defenses"]
    assert crumbling.unenforced == ""
    state = play_phase()
    legion = [
        put(state, P1, creature("Test Ghoul", 1, 1, faction="dark_legion", cost=1))
        for _ in range(2)
    ]
    cards = [put(state, P2, GOBLIN, rules.HAND) for _ in range(2)]
    resources(state, P1, "dark_legion", 4)
    _on_play(state, P1, crumbling, "player=2")
    assert {state.cards[c].zone for c in legion} == {(P1, rules.REMOVED)}
    assert {state.cards[c].zone for c in cards} == {(P2, rules.GRAVE)}  # two: both go


def test_jevyans_advice_costs_a_city_and_clears_the_table(real):
    advice = real["Jevyan's Advice"]
    assert advice.unenforced == ""
    state = play_phase()
    only_city = first_city(state, P1)
    spare = city(state, P1, "Briarmoor")
    mine, theirs = put(state, P1, GOBLIN, only_city), put(state, P2, GOBLIN)
    resources(state, P1, "dark_legion", 4)
    _on_play(state, P1, advice)
    do(state, f"P1: sacrifice #{spare}")
    assert state.cards[spare].zone == (P1, rules.REMOVED)
    assert {state.cards[c].zone[1] for c in (mine, theirs)} == {rules.GRAVE}


def test_imp_union_leader_strengthens_the_imps_with_two_others_by_whose_turn_it_is(real):
    leader_card = real["Imp Union Leader"]
    assert leader_card.unenforced == ""
    state = play_phase()
    leader = put(state, P1, leader_card)  # 2/2
    imps = [put(state, P1, creature("Test Imp", 1, 1, subtypes=("Imp",))) for _ in range(2)]
    assert rules.stats(state, leader) == (4, 2) and rules.stats(state, imps[0]) == (3, 1)
    state.active = P2
    assert rules.stats(state, leader) == (2, 4)


def test_esteemed_councilor_may_pay_to_draw_as_it_devotes_and_devotes_double(real):
    councilor_card = real["Esteemed Councilor"]
    assert councilor_card.unenforced == ""
    state = play_phase()
    city = first_city(state, P1)
    councilor = put(state, P1, councilor_card, city)  # loyalty 2
    resources(state, P1, "house_of_nobles", 2)
    hand = len(state.zones[(P1, rules.HAND)])
    state.active, state.phase = P1, "tactics"
    do(state, f"P1: devote #{city} #{councilor}")
    declines(state)
    do(state, f"P1: target #{councilor} yes")
    assert len(state.zones[(P1, rules.HAND)]) == hand + 1
    assert state.data.devotion[city] == 4


def test_lake_of_fire_burns_its_attackers_and_feeds_its_players_fire(real):
    lake_card = real["Lake of Fire"]
    assert lake_card.unenforced == ""
    state = at(start(), "attack")
    lake = put(state, P2, lake_card, "city2")
    state.data.devotion[lake] = 4
    frail = put(state, P1, creature("Test Frail", 1, 1))
    do(state, f"P1: attack #{frail} -> #{lake}")  # it dies as it attacks: no one to defend
    assert state.cards[frail].zone == (P1, rules.GRAVE) and state.cards[lake].damage == 0
    fuse = put(state, P2, real["Short Fuse"])
    at(state, "play1", P2)
    spark = from_text("Test Spark", "event", "Deal 1 damage to target creature.")
    _on_play(state, P2, spark, f"-> #{put(state, P1, GOBLIN)}")
    assert state.cards[fuse].counters["fire"] == 2  # one, and an additional one


def test_orc_scout_makes_the_owner_of_the_city_it_enters_reveal_a_card_at_random(real):
    scout_card = real["Orc Scout"]
    assert scout_card.unenforced == ""
    state = play_phase()
    scout = put(state, P1, scout_card)
    card = put(state, P2, GOBLIN, rules.HAND)
    for c in list(state.zones[(P2, rules.HAND)]):
        if c != card:
            state.move(c, (P2, rules.DECK))
    events = do(state, f"P1: move #{scout} -> #{first_city(state, P2)}")
    assert any(e.reveals == (card,) for e in events)
