"""ARC-mage: founding cities by skipping a turn, city damage and destruction, devotion in the
Tactics phase, and movement between the army and the cities."""

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.cards import ArcCard

from .helpers import (
    P1,
    P2,
    at,
    city,
    do,
    end_phase,
    first_city,
    hand,
    marked,
    name,
    passes,
    play_phase,
    put,
    refused,
    resources,
    start,
    strength,
    texts,
    to_hand,
    where,
)

# An Event that razes a city, for a city destroyed in its owner's own turn.
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


def unbuilt(state, seat, name):
    return next(c for c in state.zones[(seat, rules.UNBUILT)] if state.cards[c].card.name == name)


# -- founding a city -------------------------------------------------------------------------


def test_a_city_is_built_by_skipping_the_whole_turn():
    state = start()
    forge = unbuilt(state, P1, "Ashpit Forge")
    deck = len(state.zones[(P1, rules.DECK)])
    events = do(state, f"P1: build #{forge}")
    assert state.cards[forge].zone == (P1, "city2")
    assert rules.cities(state, P1) == [first_city(state, P1), forge]
    assert not marked(state, forge)
    # nothing drawn, no Play or Attack phase: the turn is over
    assert len(state.zones[(P1, rules.DECK)]) == deck and hand(state, P1) == []
    assert not {"play1", "attack", "play2"} & {e.value[0] for e in events if e.kind == "phase"}
    assert state.active == P2 and state.phase == "draw"


def test_a_city_is_not_built_once_the_turn_has_begun():
    state = start()
    forge = unbuilt(state, P1, "Ashpit Forge")
    do(state, "P1: draw 1")
    assert refused(state, f"P1: build #{forge}").startswith(rules.R_BUILD)
    at(state, "play1")
    assert refused(state, f"P1: build #{forge}").startswith(rules.R_BUILD)


def test_only_an_unbuilt_city_of_the_player_is_built():
    state = start()
    theirs = unbuilt(state, P2, "Rootcradle")
    assert refused(state, f"P1: build #{theirs}").startswith(rules.R_BUILD)


# -- city damage and destruction -------------------------------------------------------------


def torch(state, target):
    t = to_hand(state, P1, "Torch the Walls")  # 3 damage to target opposing city
    resources(state, P1, "red_banner", 3)
    return do(state, f"P1: play #{t} -> #{target}")


def test_damage_to_a_city_is_permanent():
    state = play_phase()
    theirs = first_city(state, P2)
    torch(state, theirs)
    assert strength(state, theirs) == 10 - 3
    end_phase(state)
    end_phase(state)
    assert state.active == P2
    at(state, "play2")
    end_phase(state)
    assert strength(state, theirs) == 7


def test_a_city_reduced_to_0_or_beyond_goes_to_its_owners_graveyard():
    state = play_phase()
    city(state, P2, "Rootcradle")
    theirs = first_city(state, P2)
    state.cards[theirs].damage = 8  # 2 left; Torch the Walls deals 3
    torch(state, theirs)
    assert state.cards[theirs].zone == (P2, rules.GRAVE)
    assert state.zones[(P2, "city1")] == []


def test_a_destroyed_citys_unmarked_residents_must_move_and_marked_ones_return_to_hand():
    state = play_phase()
    theirs = first_city(state, P2)
    other = city(state, P2, "Rootcradle")
    tender = put(state, P2, "Grove Tender", theirs)
    bowyer = put(state, P2, "Canopy Bowyer", theirs, marked=True)
    state.cards[theirs].damage = 8
    torch(state, theirs)
    assert where(state, bowyer) == rules.HAND
    assert state.top_prompt.name == "evacuate" and state.top_prompt.seat == P2
    assert refused(state, "P2: pass").endswith("it cannot be passed")
    do(state, f"P2: move #{tender} -> #{other}")
    assert rules.home(state, tender) == other
    assert state.prompts == () and state.active == P1 and state.phase == "play1"


def test_a_destroyed_citys_residents_may_move_to_the_army():
    state = play_phase()
    theirs = first_city(state, P2)
    city(state, P2, "Rootcradle")
    tender = put(state, P2, "Grove Tender", theirs)
    state.cards[theirs].damage = 8
    torch(state, theirs)
    do(state, f"P2: move #{tender} army")
    assert state.cards[tender].zone == (P2, rules.ARMY)


def test_cards_attached_to_a_destroyed_city_go_to_their_owners_graveyards():
    ward = ArcCard(
        name="City Ward",
        type="enchantment",
        faction="gaian",
        cost=0,
        abilities=[
            {
                "when": "play",
                "target": "city",
                "effects": [{"do": "fortify", "to": "target", "amount": 1}],
            }
        ],
    )
    state = play_phase()
    theirs = first_city(state, P2)
    city(state, P2, "Rootcradle")
    mine = put(state, P1, ward, theirs)
    own = put(state, P2, ward, theirs)
    for e in (mine, own):
        state.cards[e].attached_to = theirs
    state.cards[theirs].damage = 8
    torch(state, theirs)
    assert state.cards[mine].zone == (P1, rules.GRAVE)
    assert state.cards[own].zone == (P2, rules.GRAVE)


def test_moving_out_of_a_destroyed_city_ignores_the_once_per_city_limit():
    state = play_phase()
    home = first_city(state, P1)
    forge = city(state, P1, "Ashpit Forge")
    resident = put(state, P1, "Court Envoy", home)
    walker = put(state, P1, "Cinder Runt")
    do(state, f"P1: move #{walker} -> #{forge}")  # the Forge has had its move this turn
    runt = to_hand(state, P1, "Cinder Runt")
    resources(state, P1, "red_banner", 1)
    to_hand(state, P2, SAPPERS)
    do(state, f"P1: play #{runt} -> #{forge}")
    do(state, f"P2: play #{hand(state, P2)[0]} -> #{home}")
    assert where(state, home) == rules.GRAVE
    assert state.top_prompt.name == "evacuate" and state.top_prompt.seat == P1
    do(state, f"P1: move #{resident} -> #{forge}")
    assert rules.home(state, resident) == forge
    passes(state)
    assert rules.home(state, runt) == forge


def test_a_destroyed_citys_effects_fade_at_once():
    state = at(start(), "tactics", seat=P2)
    theirs = first_city(state, P2)
    moot = city(state, P2, "Elderbough Moot")  # Level 2: your army gets +0/+1
    warden = put(state, P2, "Bramble Warden", moot)  # loyalty 2
    guard = put(state, P2, "Grove Tender")
    do(state, f"P2: devote #{moot}, #{warden}")
    assert rules.defense_of(state, guard) == 2
    at(state, "play1", seat=P1)
    state.cards[moot].damage = 6  # 2 of 8 left
    torch(state, moot)
    assert where(state, moot) == rules.GRAVE and theirs in rules.cities(state, P2)
    assert rules.defense_of(state, guard) == 1


# -- devotion ------------------------------------------------------------------------------------


def test_devoted_residents_are_marked_and_their_loyalty_adds_up():
    state = at(start(), "tactics")
    home = first_city(state, P1)  # Cinderhold, Level 2: your army gets +1/+0
    skirmisher = put(state, P1, "Ashfang Skirmisher", home)  # loyalty 1
    berserker = put(state, P1, "Hotblood Berserker", home)  # loyalty 2
    idle = put(state, P1, "Cinder Runt", home)
    soldier = put(state, P1, "Cinder Runt")
    do(state, f"P1: devote #{home}, #{skirmisher}, #{berserker}")
    assert marked(state, skirmisher) and marked(state, berserker) and not marked(state, idle)
    assert state.data.devotion[home] == 3
    assert rules.attack_of(state, soldier) == 2


def test_devotion_below_a_level_triggers_nothing():
    state = at(start(), "tactics")
    home = first_city(state, P1)
    skirmisher = put(state, P1, "Ashfang Skirmisher", home)  # loyalty 1 of Level 2
    soldier = put(state, P1, "Cinder Runt")
    do(state, f"P1: devote #{home}, #{skirmisher}")
    assert state.data.devotion[home] == 1
    assert rules.attack_of(state, soldier) == 1


def test_each_level_reached_triggers_lowest_first():
    state = at(start(p1_city="Gravesmoke Hollow"), "tactics")
    home = first_city(state, P1)  # Level 2: 1 damage to target creature; Level 4: draw
    a = put(state, P1, "Hotblood Berserker", home)  # loyalty 2
    b = put(state, P1, "Soot Saboteur", home)  # loyalty 2
    victim = put(state, P2, "Grove Tender")
    do(state, f"P1: devote #{home}, #{a}, #{b}")
    # Level 2 asks for its target before Level 4 has drawn
    assert state.top_prompt.name == "target" and hand(state, P1) == []
    do(state, f"P1: target #{home} -> #{victim}")
    assert where(state, victim) == rules.GRAVE
    assert len(hand(state, P1)) == 1


def test_levels_resolve_in_order_from_the_lowest():
    state = at(start(p1_city="Ashpit Forge"), "tactics")
    home = first_city(state, P1)  # Level 1: produce 1 red; Level 3: an Ashen Grunt token
    a = put(state, P1, "Hotblood Berserker", home)
    b = put(state, P1, "Cinder Runt", home)
    events = do(state, f"P1: devote #{home}, #{a}, #{b}")
    levels = [t for t in texts(events, "ability") if t.startswith("Ashpit Forge")]
    assert levels == ["Ashpit Forge: Level 1", "Ashpit Forge: Level 3"]
    assert state.data.pool[P1] == {"red_banner": 1}
    grunts = [c for c in rules.creatures(state, P1) if name(state, c) == "Ashen Grunt"]
    assert len(grunts) == 1


def test_a_level_putting_a_token_into_the_army_puts_it_into_the_army():
    state = at(start(p1_city="Ashpit Forge"), "tactics")
    home = first_city(state, P1)  # Level 3: put an Ashen Grunt token into your army
    a = put(state, P1, "Hotblood Berserker", home)
    b = put(state, P1, "Cinder Runt", home)
    do(state, f"P1: devote #{home}, #{a}, #{b}")
    grunts = [c for c in rules.creatures(state, P1) if name(state, c) == "Ashen Grunt"]
    assert [where(state, g) for g in grunts] == [rules.ARMY]


def test_devotion_is_shown_in_the_tactics_phase():
    state = at(start(), "play1")
    home = first_city(state, P1)
    r = put(state, P1, "Ashfang Skirmisher", home)
    assert refused(state, f"P1: devote #{home}, #{r}").startswith(rules.R_DEVOTE)


def test_the_tactics_phase_follows_draw_and_resource_when_a_resident_can_devote():
    state = start()
    put(state, P1, "Ashfang Skirmisher", first_city(state, P1))
    do(state, "P1: draw 1")
    end_phase(state)
    assert state.phase == "tactics"


def test_a_marked_resident_cannot_show_devotion():
    state = at(start(), "tactics")
    home = first_city(state, P1)
    r = put(state, P1, "Ashfang Skirmisher", home, marked=True)
    put(state, P1, "Cinder Runt", home)
    assert refused(state, f"P1: devote #{home}, #{r}").startswith(rules.R_MARKED)


def test_only_the_citys_own_residents_show_devotion_to_it():
    state = at(start(), "tactics")
    home = first_city(state, P1)
    forge = city(state, P1, "Ashpit Forge")
    put(state, P1, "Cinder Runt", home)
    soldier = put(state, P1, "Ashfang Skirmisher")
    elsewhere = put(state, P1, "Hotblood Berserker", forge)
    assert refused(state, f"P1: devote #{home}, #{soldier}").startswith(rules.R_DEVOTE)
    assert refused(state, f"P1: devote #{home}, #{elsewhere}").startswith(rules.R_DEVOTE)
    theirs = first_city(state, P2)
    their_resident = put(state, P2, "Grove Tender", theirs)
    assert refused(state, f"P1: devote #{theirs}, #{their_resident}").startswith(rules.R_DEVOTE)


def test_a_citys_devotion_is_declared_once_a_tactics_phase():
    state = at(start(), "tactics")
    home = first_city(state, P1)
    a = put(state, P1, "Ashfang Skirmisher", home)
    b = put(state, P1, "Cinder Runt", home)
    do(state, f"P1: devote #{home}, #{a}")
    assert refused(state, f"P1: devote #{home}, #{b}") == rules.R_DEVOTE_ONCE


def test_players_may_react_before_the_devoted_residents_are_marked():
    state = at(start(), "tactics")
    home = first_city(state, P1)
    skirmisher = put(state, P1, "Ashfang Skirmisher", home)  # loyalty 1
    berserker = put(state, P1, "Hotblood Berserker", home)  # loyalty 2, DEF 2
    soldier = put(state, P1, "Cinder Runt")
    burst = to_hand(state, P2, "Cinderburst")  # 2 damage to target opposing creature
    resources(state, P2, "red_banner", 2)
    do(state, f"P1: devote #{home}, #{skirmisher}, #{berserker}")
    assert state.top_prompt.name == "respond" and state.top_prompt.seat == P2
    assert not marked(state, skirmisher) and home not in state.data.devotion
    do(state, f"P2: play #{burst} -> #{berserker}")
    passes(state)
    assert where(state, berserker) == rules.GRAVE
    assert marked(state, skirmisher)
    assert state.data.devotion[home] == 1  # Level 2 is not reached
    assert rules.attack_of(state, soldier) == 1


def test_devotion_lasts_until_its_owners_next_unmark_phase():
    state = at(start(), "tactics")
    home = first_city(state, P1)
    r = put(state, P1, "Hotblood Berserker", home)
    soldier = put(state, P1, "Cinder Runt")
    do(state, f"P1: devote #{home}, #{r}")
    assert rules.attack_of(state, soldier) == 2
    at(state, "play2")
    end_phase(state)
    assert state.active == P2 and rules.attack_of(state, soldier) == 2
    at(state, "play2")
    end_phase(state)
    assert state.active == P1 and state.phase == "draw"
    assert home not in state.data.devotion and rules.attack_of(state, soldier) == 1
    assert not marked(state, r)


# -- movement ------------------------------------------------------------------------------------


def test_a_creature_moves_from_the_army_to_a_city_and_is_marked():
    state = play_phase()
    home = first_city(state, P1)
    runt = put(state, P1, "Cinder Runt")
    do(state, f"P1: move #{runt} -> #{home}")
    assert rules.home(state, runt) == home and marked(state, runt)


def test_a_creature_moves_from_a_city_to_the_army():
    state = play_phase()
    runt = put(state, P1, "Cinder Runt", first_city(state, P1))
    do(state, f"P1: move #{runt} army")
    assert state.cards[runt].zone == (P1, rules.ARMY) and marked(state, runt)


def test_a_creature_moves_from_a_city_to_another_city():
    state = play_phase()
    forge = city(state, P1, "Ashpit Forge")
    runt = put(state, P1, "Cinder Runt", first_city(state, P1))
    do(state, f"P1: move #{runt} -> #{forge}")
    assert rules.home(state, runt) == forge and marked(state, runt)


def test_a_creature_does_not_move_where_it_already_is():
    state = play_phase()
    home = first_city(state, P1)
    soldier = put(state, P1, "Cinder Runt")
    resident = put(state, P1, "Cinder Runt", home)
    assert refused(state, f"P1: move #{soldier} army").startswith(rules.R_MOVE)
    assert refused(state, f"P1: move #{resident} -> #{home}").startswith(rules.R_MOVE)


def test_only_unmarked_creatures_move():
    state = play_phase()
    runt = put(state, P1, "Cinder Runt", marked=True)
    assert refused(state, f"P1: move #{runt} -> #{first_city(state, P1)}").startswith(
        rules.R_MARKED
    )


def test_a_city_is_involved_in_one_move_a_turn():
    state = play_phase()
    home = first_city(state, P1)
    forge = city(state, P1, "Ashpit Forge")
    moot = city(state, P1, "Gravesmoke Hollow")
    a = put(state, P1, "Cinder Runt", home)
    b = put(state, P1, "Cinder Runt", home)
    c = put(state, P1, "Cinder Runt")
    d = put(state, P1, "Cinder Runt", forge)
    do(state, f"P1: move #{a} army")  # the origin: home has had its move
    assert refused(state, f"P1: move #{b} army").startswith(rules.R_MOVE_ONCE)
    assert refused(state, f"P1: move #{c} -> #{home}").startswith(rules.R_MOVE_ONCE)
    assert refused(state, f"P1: move #{d} -> #{home}").startswith(rules.R_MOVE_ONCE)
    do(state, f"P1: move #{c} -> #{forge}")  # the destination: the forge's move
    assert refused(state, f"P1: move #{d} -> #{moot}").startswith(rules.R_MOVE_ONCE)
    assert rules.home(state, b) == home


def test_the_once_per_city_limit_starts_again_each_turn():
    state = play_phase()
    home = first_city(state, P1)
    a = put(state, P1, "Cinder Runt", home)
    b = put(state, P1, "Cinder Runt", home)
    do(state, f"P1: move #{a} army")
    assert refused(state, f"P1: move #{b} army").startswith(rules.R_MOVE_ONCE)
    end_phase(state)
    end_phase(state)  # Player 2's turn
    at(state, "play2")
    end_phase(state)
    at(state, "play1")
    do(state, f"P1: move #{b} army")


def test_a_player_moves_only_their_own_creatures():
    state = play_phase()
    theirs = put(state, P2, "Grove Tender")
    assert refused(state, f"P1: move #{theirs} -> #{first_city(state, P1)}") == rules.R_MOVE_OWN


def test_a_creature_moves_only_among_its_players_army_and_cities():
    state = play_phase()
    runt = put(state, P1, "Cinder Runt")
    assert refused(state, f"P1: move #{runt} -> #{first_city(state, P2)}") == rules.R_MOVE_OWN


def test_creatures_move_in_the_play_phases():
    state = at(start(), "draw")
    runt = put(state, P1, "Cinder Runt")
    home = first_city(state, P1)
    assert refused(state, f"P1: move #{runt} -> #{home}").startswith(rules.R_MOVE)
    at(state, "attack")
    assert refused(state, f"P1: move #{runt} -> #{home}").startswith(rules.R_MOVE)
    at(state, "play2")
    do(state, f"P1: move #{runt} -> #{home}")
