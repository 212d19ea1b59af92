"""ARC-mage: the fourteen keywords, each as its reminder text says (``cards.KEYWORDS``)."""

import pytest

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.abilities import Effect
from tabletop.games.arcmage.cards import ArcCard
from tabletop.games.arcmage.reader import read_static
from tabletop.games.arcmage.rules.combat import lethal
from tabletop.games.arcmage.rules.effects import resolve_effects
from tabletop.games.arcmage.vocabulary import KEYWORDS

from .helpers import (
    GOBLIN,
    OGRE,
    P1,
    P2,
    PIKE,
    at,
    attack,
    attack_phase,
    creature,
    declines,
    do,
    end_phase,
    first_city,
    legal,
    marked,
    options,
    passes,
    put,
    refused,
    resources,
    start,
    strength,
    texts,
    to_hand,
    where,
)
from .test_grammar import from_text


def test_every_keyword_has_its_reminder_text():
    # the issue's fourteen, Salvage and Homesick, which the real decks use too, and Sortie,
    # which a city's text gives its residents (ruling 66), and Indestructible, which a city's
    # text names and no rule defines (ruling 77)
    assert sorted(KEYWORDS) == sorted(
        [
            "flying",
            "ranged",
            "first_strike",
            "sudden",
            "infiltrate",
            "fatigue",
            "peaceful",
            "overrun",
            "veteran",
            "travel",
            "bodyguard",
            "unique",
            "deadly",
            "sanctuary",
            "salvage",
            "homesick",
            "sortie",
            "indestructible",
        ]
    )


# -- Flying and Ranged ------------------------------------------------------------------------


def test_flying_attacker_can_only_be_blocked_by_flying_or_ranged():
    state = attack_phase()
    wyvern = put(state, P1, "Ashwing Wyvern")
    tender = put(state, P2, "Grove Tender")
    bowyer = put(state, P2, "Canopy Bowyer")  # ranged
    roc = put(state, P2, "Skyglade Roc")  # flying
    do(state, f"P1: attack #{wyvern} -> #{first_city(state, P2)}")
    assert refused(state, f"P2: block #{tender} -> #{wyvern}") == rules.R_FLYING
    assert {a.cards[0] for a in options(state, "block")} == {bowyer, roc}


def test_ranged_creature_can_block_a_flyer():
    state = attack_phase()
    theirs = first_city(state, P2)
    wyvern = put(state, P1, "Ashwing Wyvern")  # 4/4
    bowyer = put(state, P2, "Canopy Bowyer")  # 1/2, ranged
    attack(state, [wyvern], theirs, {bowyer: wyvern})
    assert where(state, bowyer) == rules.GRAVE and state.cards[wyvern].damage == 1
    assert strength(state, theirs) == 10


def test_a_flying_creature_can_block_a_flyer():
    state = attack_phase()
    wyvern = put(state, P1, "Ashwing Wyvern")
    roc = put(state, P2, "Skyglade Roc")
    attack(state, [wyvern], first_city(state, P2), {roc: wyvern})
    assert where(state, roc) == rules.GRAVE and where(state, wyvern) == rules.GRAVE


def test_a_flyer_may_be_blocked_by_flyers_only_when_it_attacks_not_when_it_blocks():
    state = attack_phase()
    goblin = put(state, P1, GOBLIN)
    roc = put(state, P2, "Skyglade Roc")  # flying can defend against anyone
    attack(state, [goblin], first_city(state, P2), {roc: goblin})
    assert where(state, goblin) == rules.GRAVE


# -- First Strike ----------------------------------------------------------------------------


def test_first_strike_kills_before_the_blocker_strikes_back():
    state = attack_phase()
    skirmisher = put(state, P1, "Ashfang Skirmisher")  # 2/1, first strike
    goblin = put(state, P2, GOBLIN)  # 2/2
    attack(state, [skirmisher], first_city(state, P2), {goblin: skirmisher})
    assert where(state, goblin) == rules.GRAVE
    assert where(state, skirmisher) == rules.ARMY and state.cards[skirmisher].damage == 0


def test_a_creature_surviving_first_strike_strikes_back():
    state = attack_phase()
    skirmisher = put(state, P1, "Ashfang Skirmisher")  # 2/1
    pike = put(state, P2, PIKE)  # 2/3
    attack(state, [skirmisher], first_city(state, P2), {pike: skirmisher})
    assert where(state, skirmisher) == rules.GRAVE and state.cards[pike].damage == 2


def test_a_first_striking_defender_deals_its_damage_first():
    state = attack_phase()
    goblin = put(state, P1, GOBLIN)  # 2/2
    guard = put(state, P2, creature("Test Duelist", 2, 1, keywords={"first_strike": 0}))
    attack(state, [goblin], first_city(state, P2), {guard: goblin})
    assert where(state, goblin) == rules.GRAVE and where(state, guard) == rules.ARMY


# -- Deadly and Sanctuary ----------------------------------------------------------------------


def test_deadly_damage_kills_any_creature():
    state = attack_phase()
    stalker = put(state, P1, "Barrow Stalker")  # 1/1, deadly
    ogre = put(state, P2, OGRE)  # 4/5
    attack(state, [stalker], first_city(state, P2), {ogre: stalker})
    assert where(state, ogre) == rules.GRAVE and where(state, stalker) == rules.GRAVE


def test_a_deadly_defender_dying_in_the_same_strike_still_kills():
    state = attack_phase()
    ogre = put(state, P1, OGRE)  # 4/5
    stalker = put(state, P2, "Barrow Stalker")  # 1/1, deadly
    attack(state, [ogre], first_city(state, P2), {stalker: ogre})
    # "Damage to the attacker and its assigned defender(s) is resolved simultaneously"
    assert where(state, stalker) == rules.GRAVE and where(state, ogre) == rules.GRAVE


def test_a_creature_immune_to_deadly_takes_only_the_damage_dealt():
    ward = from_text("Test Ward", "event", "All Ogre creatures are immune to deadly this turn.")
    got = ward.abilities[0].effects[0]
    assert (got.do, got.to, got.subtype, got.keyword) == (
        "immune",
        "all_creatures",
        "ogre creature",
        "deadly",
    )
    state = attack_phase()
    stalker = put(state, P1, "Barrow Stalker")  # 1/1, deadly
    ogre = put(state, P2, creature("Test Ogre", 4, 5, subtypes=("Ogre",)))
    goblin = put(state, P2, GOBLIN)
    do(state, f"P1: play #{to_hand(state, P1, ward)}")
    declines(state)
    assert lethal(state, stalker, ogre) == 5 and lethal(state, stalker, goblin) == 1
    attack(state, [stalker], first_city(state, P2), {ogre: stalker})
    assert where(state, ogre) == rules.ARMY and state.cards[ogre].damage == 1


def test_sanctuary_creature_takes_no_damage():
    state = attack_phase()
    ogre = put(state, P1, OGRE)
    elder = put(state, P2, "The Hollow Elder")  # 3/6, sanctuary
    attack(state, [ogre], first_city(state, P2), {elder: ogre})
    assert where(state, elder) == rules.ARMY and state.cards[elder].damage == 0
    assert state.cards[ogre].damage == 3


def test_sanctuary_creature_takes_no_damage_from_a_card():
    state = at(start(), "play1")
    elder = put(state, P2, "The Hollow Elder")
    burst = to_hand(state, P1, "Cinderburst")  # 2 damage to target opposing creature
    resources(state, P1, "red_banner", 2)
    do(state, f"P1: play #{burst} -> #{elder}")
    assert state.cards[elder].damage == 0


def test_sanctuary_holds_against_deadly():
    state = attack_phase()
    stalker = put(state, P1, "Barrow Stalker")
    elder = put(state, P2, "The Hollow Elder")
    attack(state, [stalker], first_city(state, P2), {elder: stalker})
    assert where(state, elder) == rules.ARMY


# -- Bodyguard -----------------------------------------------------------------------------------


def test_bodyguard_takes_damage_for_the_guarded_creature():
    state = attack_phase()
    goblin = put(state, P1, GOBLIN)  # 2/2
    tender = put(state, P2, "Grove Tender")  # 1/1
    warden = put(state, P2, "Bramble Warden")  # 1/4, bodyguard 2
    do(state, f"P1: attack #{goblin} -> #{first_city(state, P2)}")
    do(state, f"P2: guard #{warden} -> #{tender}")
    do(state, f"P2: block #{tender} -> #{goblin}")
    do(state, "P2: pass")
    assert where(state, tender) == rules.ARMY and state.cards[tender].damage == 0
    assert state.cards[warden].damage == 2


def test_a_bodyguard_takes_no_more_than_its_number():
    state = attack_phase()
    ogre = put(state, P1, OGRE)  # 4/5
    pike = put(state, P2, PIKE)  # 2/3
    warden = put(state, P2, "Bramble Warden")  # bodyguard 2
    do(state, f"P1: attack #{ogre} -> #{first_city(state, P2)}")
    do(state, f"P2: guard #{warden} -> #{pike}")
    do(state, f"P2: block #{pike} -> #{ogre}")
    do(state, "P2: pass")
    assert state.cards[warden].damage == 2 and state.cards[pike].damage == 2
    assert where(state, pike) == rules.ARMY


# A deadly creature whose ability deals damage too: the same damage by a card and in combat.
VIPER = creature(
    "Test Viper",
    1,
    3,
    keywords={"deadly": 0},
    abilities=[
        {
            "when": "mark",
            "target": "creature",
            "effects": [{"do": "damage", "to": "target", "amount": 1}],
        }
    ],
)
SHIELD = creature("Test Shieldbearer", 0, 3, keywords={"bodyguard": 2, "sanctuary": 0})


def viper_hits_a_guarded_tender(how: str, guard_card):
    """Player 1's Viper deals its 1 damage to Player 2's Grove Tender, which ``guard_card``
    guards this turn: in combat (the Tender defending) or by the Viper's ability."""
    state = at(start(), "attack" if how == "combat" else "play1")
    viper = put(state, P1, VIPER)
    tender = put(state, P2, "Grove Tender")  # 1/1
    guard = put(state, P2, guard_card)
    state.data.guards[guard] = tender  # as Player 2 declared it this turn
    if how == "combat":
        attack(state, [viper], first_city(state, P2), {tender: viper})
    else:
        do(state, f"P1: use #{viper} -> #{tender}")
    return state, viper, tender, guard


@pytest.mark.parametrize("how", ["combat", "ability"])
def test_deadly_damage_moved_onto_a_bodyguard_kills_it_however_it_is_dealt(how):
    state, viper, tender, warden = viper_hits_a_guarded_tender(how, "Bramble Warden")  # 1/4
    assert where(state, warden) == rules.GRAVE  # deadly: 1 damage kills its 4 DEF
    assert where(state, tender) == rules.ARMY and state.cards[tender].damage == 0
    assert state.cards[viper].counters.get("dealt") == 1  # dealt by the Viper all the same


@pytest.mark.parametrize("how", ["combat", "ability"])
def test_a_bodyguard_that_cannot_be_damaged_takes_no_damage_for_another(how):
    state, _, tender, shield = viper_hits_a_guarded_tender(how, SHIELD)
    assert where(state, shield) == rules.ARMY and state.cards[shield].damage == 0
    assert where(state, tender) == rules.GRAVE  # the damage stayed with it


def test_a_bodyguard_guards_only_a_creature_its_player_controls():
    state = at(start(), "play1", seat=P2)
    warden = put(state, P2, "Bramble Warden")
    theirs = put(state, P1, GOBLIN)
    assert refused(state, f"P2: guard #{warden} -> #{theirs}").startswith(rules.R_GUARD)
    assert refused(state, f"P2: guard #{warden} -> #{warden}").startswith(rules.R_GUARD)
    tender = put(state, P2, "Grove Tender")
    plain = put(state, P2, "Grove Tender")
    assert refused(state, f"P2: guard #{plain} -> #{tender}").startswith(rules.R_GUARD)
    do(state, f"P2: guard #{warden} -> #{tender}")


# -- Unique ------------------------------------------------------------------------------------


def test_unique_creature_cannot_be_played_twice():
    state = at(start(), "play1")
    put(state, P1, "Old Scarhide")
    again = to_hand(state, P1, "Old Scarhide")
    resources(state, P1, "red_banner", 6)
    assert refused(state, f"P1: play #{again} -> #{first_city(state, P1)}") == rules.R_UNIQUE


# "When I come into play, you may put a creature from your graveyard into your army."
DIGGER = creature(
    "Test Gravedigger",
    1,
    1,
    abilities=[
        {
            "when": "play",
            "target": "grave_card",
            "subtype": "creature",
            "may": True,
            "effects": [{"do": "put", "into": "army"}],
        }
    ],
)


def test_unique_holds_when_an_effect_puts_a_creature_into_play():
    state = at(start(), "play1")
    put(state, P1, "Old Scarhide")
    dead = put(state, P1, "Old Scarhide", rules.GRAVE)
    other = put(state, P1, GOBLIN, rules.GRAVE)
    digger = to_hand(state, P1, DIGGER)
    resources(state, P1, "red_banner", 1)
    do(state, f"P1: play #{digger} -> #{first_city(state, P1)}")
    assert state.top_prompt.name == "choose"
    assert {a.targets for a in options(state, "target")} == {(other,)}
    assert refused(state, f"P1: target #{digger} -> #{dead}") == rules.R_UNIQUE
    do(state, f"P1: target #{digger} -> #{other}")
    assert where(state, other) == rules.ARMY and where(state, dead) == rules.GRAVE


def test_a_unique_creature_resolving_beside_one_of_its_name_does_not_come_into_play():
    state = at(start(), "play1")
    scarhide = to_hand(state, P1, "Old Scarhide")
    resources(state, P1, "red_banner", 6)
    to_hand(state, P2, "Barkskin Ward")  # an Event, so Player 2 is asked to answer
    put(state, P2, "Grove Tender")
    resources(state, P2, "gaian", 1)
    do(state, f"P1: play #{scarhide} -> #{first_city(state, P1)}")
    assert state.top_prompt.seat == P2  # Old Scarhide waits on the stack...
    first = put(state, P1, "Old Scarhide")  # ...while another comes into play
    events = passes(state)
    assert where(state, scarhide) == rules.GRAVE and rules.in_play(state, first)
    assert "Old Scarhide does not resolve" in texts(events)


def test_a_unique_token_is_not_made_beside_one_of_its_name():
    chief = creature("Test Warchief", 2, 2, token=True, keywords={"unique": 0})
    state = at(start(), "play1")
    home = first_city(state, P1)
    first = put(state, P1, chief)
    aside = put(state, P1, chief, rules.TOKENS)
    rules.make_tokens(state, home, P1, "Test Warchief", 1, [])
    assert where(state, aside) == rules.TOKENS and rules.in_play(state, first)


def test_unique_holds_for_a_creature_put_into_play_by_hand():
    state = at(start(), "play1")
    put(state, P1, "Old Scarhide")
    again = to_hand(state, P1, "Old Scarhide")
    assert refused(state, f"P1: manual #{again} to army") == rules.R_UNIQUE


def test_unique_limits_each_player_to_one():
    state = at(start(), "play1")
    put(state, P2, "Old Scarhide")
    mine = to_hand(state, P1, "Old Scarhide")
    resources(state, P1, "red_banner", 6)
    assert legal(state, f"P1: play #{mine} -> #{first_city(state, P1)}")


# -- Fatigue, Veteran, Travel, Sudden --------------------------------------------------------


def test_fatigue_creature_comes_into_play_marked():
    state = at(start(), "play1")
    treant = to_hand(state, P1, "Slumbering Treant")  # fatigue
    resources(state, P1, "gaian", 4)
    do(state, f"P1: play #{treant} -> #{first_city(state, P1)}")
    assert rules.home(state, treant) == first_city(state, P1) and marked(state, treant)


def test_veteran_is_not_marked_for_attacking():
    state = attack_phase()
    scarhide = put(state, P1, "Old Scarhide")  # veteran
    runt = put(state, P1, "Cinder Runt")
    attack(state, [scarhide, runt], first_city(state, P2))
    assert not marked(state, scarhide) and marked(state, runt)


def test_travel_is_not_marked_for_moving():
    state = at(start(), "play1")
    bowyer = put(state, P1, "Canopy Bowyer")  # travel
    do(state, f"P1: move #{bowyer} -> #{first_city(state, P1)}")
    assert rules.home(state, bowyer) == first_city(state, P1) and not marked(state, bowyer)


def test_sudden_creature_may_be_played_into_the_army():
    state = at(start(), "play1")
    berserker = to_hand(state, P1, "Hotblood Berserker")  # sudden
    resources(state, P1, "red_banner", 3)
    do(state, f"P1: play #{berserker} army")
    assert state.cards[berserker].zone == (P1, rules.ARMY) and not marked(state, berserker)


def test_a_creature_without_sudden_is_not_played_into_the_army():
    state = at(start(), "play1")
    runt = to_hand(state, P1, "Cinder Runt")
    resources(state, P1, "red_banner", 1)
    assert refused(state, f"P1: play #{runt} army") == rules.R_INTO_CITY


# -- Infiltrate -----------------------------------------------------------------------------


def test_infiltrate_moves_into_an_opponents_city():
    state = at(start(), "play1")
    theirs = first_city(state, P2)
    saboteur = put(state, P1, "Soot Saboteur")  # infiltrate; M: 1 damage to its city
    runt = put(state, P1, "Cinder Runt")
    assert refused(state, f"P1: move #{runt} -> #{theirs}") == rules.R_MOVE_OWN
    do(state, f"P1: move #{saboteur} -> #{theirs}")
    assert rules.home(state, saboteur) == theirs and state.cards[saboteur].owner == P1
    inside = put(state, P1, "Soot Saboteur", theirs)  # one that got in earlier
    do(state, f"P1: use #{inside}")
    assert strength(state, theirs) == 10 - 1


# -- Peaceful -----------------------------------------------------------------------------------


def test_peaceful_creature_cannot_attack():
    state = attack_phase()
    put(state, P1, "Cinder Runt")
    warden = put(state, P1, "Bramble Warden")  # peaceful
    assert refused(state, f"P1: attack #{warden} -> #{first_city(state, P2)}").startswith(
        rules.R_PEACEFUL
    )


HALT = ArcCard(
    name="Test Halt",
    type="event",
    faction="red_banner",
    cost=0,
    abilities=[
        {
            "when": "play",
            "target": "creature",
            "effects": [{"do": "forbid", "to": "target", "keyword": "attack"}],
        }
    ],
)
ROUSE = ArcCard(
    name="Test Rouse",
    type="event",
    faction="red_banner",
    cost=0,
    abilities=[
        {"when": "play", "effects": [{"do": "lose", "to": "all_creatures", "keyword": "peaceful"}]}
    ],
)
CHAINS = ArcCard(
    name="Test Chains",
    type="enchantment",
    faction="red_banner",
    cost=0,
    abilities=[
        {"when": "play", "target": "creature"},
        {"when": "static", "effects": [{"do": "forbid", "to": "target", "keyword": "attack"}]},
    ],
)


@pytest.mark.parametrize("order", ["halt first", "rouse first"])
def test_a_cannot_attack_outweighs_a_card_letting_peaceful_creatures_attack(order):
    state = at(start(), "play1")
    theirs = first_city(state, P2)
    warden = put(state, P1, "Bramble Warden")  # peaceful
    halt, rouse = to_hand(state, P1, HALT), to_hand(state, P1, ROUSE)
    plays = [f"P1: play #{halt} -> #{warden}", f"P1: play #{rouse}"]
    for text in plays if order == "halt first" else reversed(plays):
        do(state, text)
        passes(state)
    assert not rules.has(state, warden, "peaceful")  # as though it had none...
    put(state, P1, GOBLIN)
    at(state, "attack")
    assert (
        refused(state, f"P1: attack #{warden} -> #{theirs}")
        == f"{rules.R_CANNOT}: a card says Bramble Warden cannot attack"
    )  # ...but it cannot
    assert warden not in {c for a in options(state, "attack") for c in a.cards}


def test_a_cannot_attack_lasts_the_turn_and_one_from_an_enchantment_while_it_stays():
    state = at(start(), "play1")
    halted, chained = put(state, P1, GOBLIN), put(state, P1, PIKE)
    chains = to_hand(state, P1, CHAINS)
    do(state, f"P1: play #{to_hand(state, P1, HALT)} -> #{halted}")
    passes(state)
    do(state, f"P1: play #{chains} -> #{chained}")
    assert rules.forbidden(state, halted, "attack") and rules.forbidden(state, chained, "attack")
    end_phase(state)
    assert state.phase == "play2"  # no creature could attack: no Attack phase
    end_phase(state)
    assert not rules.forbidden(state, halted, "attack")
    assert rules.forbidden(state, chained, "attack")
    state.move(chains, (P1, rules.GRAVE))
    assert not rules.forbidden(state, chained, "attack")


def test_a_peaceful_creature_still_defends():
    state = attack_phase()
    goblin = put(state, P1, GOBLIN)
    warden = put(state, P2, "Bramble Warden")  # 1/4
    attack(state, [goblin], first_city(state, P2), {warden: goblin})
    assert state.cards[warden].damage == 2 and state.cards[goblin].damage == 1


# -- Overrun ---------------------------------------------------------------------------------------


def test_overrun_carries_the_surplus_to_the_city():
    state = attack_phase()
    theirs = first_city(state, P2)
    rider = put(state, P1, "Cinderboar Rider")  # 3/3 overrun; attacking: attackers +1/+0
    tender = put(state, P2, "Grove Tender")  # 1/1
    attack(state, [rider], theirs, {tender: rider})
    assert where(state, tender) == rules.GRAVE
    assert strength(state, theirs) == 10 - (4 - 1)


def test_overrun_carries_nothing_when_no_damage_is_left():
    state = attack_phase()
    theirs = first_city(state, P2)
    rider = put(state, P1, "Cinderboar Rider")  # 4 ATK when attacking
    warden = put(state, P2, "Bramble Warden")  # DEF 4
    attack(state, [rider], theirs, {warden: rider})
    assert where(state, warden) == rules.GRAVE and strength(state, theirs) == 10


# -- what lasts a while --------------------------------------------------------------------------


@pytest.mark.parametrize("order", ["grant first", "take first"])
def test_a_keyword_taken_away_for_the_turn_beats_a_grant_whatever_their_order(order):
    state = at(start(), "play1")
    flyer = put(state, P1, creature("Test Kite", 1, 1, keywords={"flying": 0}))
    plain = put(state, P1, GOBLIN)
    grant = Effect(do="grant", to="target", keyword="flying")
    take = Effect(do="lose", to="target", keyword="flying")
    steps = [grant, take] if order == "grant first" else [take, grant]
    for cid in (flyer, plain):
        for e in steps:
            resolve_effects(state, cid, [e], P1, cid, [])
    assert not rules.has(state, flyer, "flying") and not rules.has(state, plain, "flying")
    assert "flying" not in rules.profile(state, plain)[2]
    rules._end_enter(state, [])  # a new turn: both wear off
    assert rules.has(state, flyer, "flying") and not rules.has(state, plain, "flying")
    assert state.lasting == ()


def test_what_lasts_until_end_of_turn_is_data_on_the_card_not_a_counter():
    state = at(start(), "play1")
    goblin = put(state, P1, GOBLIN)
    for e in (
        Effect(do="boost", to="target", attack=2, defense=1),
        Effect(do="grant", to="target", keyword="first_strike"),
        Effect(do="forbid", to="target", keyword="attack"),
    ):
        resolve_effects(state, goblin, [e], P1, goblin, [])
    assert state.cards[goblin].counters == {}
    assert rules.profile(state, goblin) == (4, 3, frozenset({"first_strike"}))
    assert rules.forbidden(state, goblin, "attack")
    state.move(goblin, (P1, rules.HAND))  # a card that changes zones loses them
    assert state.lasting == ()


# -- restrictions that hold while their source is in play ----------------------------------------


def test_a_creature_that_does_not_unmark_stays_marked_through_its_unmark_phase():
    state = at(start(), "play1")
    text = "Enchanted creature doesn't unmark during its controller's unmark phase."
    snare = put(state, P2, from_text("Test Snare", "enchantment", text))
    held_, free = put(state, P1, GOBLIN, marked=True), put(state, P1, GOBLIN, marked=True)
    state.cards[snare].attached_to = held_
    rules._unmark_enter(state, [])
    assert marked(state, held_) and not marked(state, free)
    rules.leave_play(state, snare, rules.GRAVE, [], "the snare is destroyed")
    rules._unmark_enter(state, [])
    assert not marked(state, held_)


@pytest.mark.parametrize(
    ("sentence", "to", "what"),
    [
        ("Goblins you control cannot attack.", "your_creatures", "attack"),
        ("Enchanted creature can't attack.", "target", "attack"),
        (
            "Opposing creatures do not unmark during their controller's unmark phase.",
            "enemy_creatures",
            "unmark",
        ),
    ],
)
def test_a_restriction_is_read_with_who_it_reaches(sentence, to, what):
    (e,) = read_static(sentence)
    assert (e.do, e.to, e.keyword) == ("forbid", to, what)


def test_entangled_keeps_the_creature_it_is_on_marked(real):
    entangled = real["Entangled"]
    assert entangled.unenforced == ""
    state = at(start(), "play1")
    goblin = put(state, P1, GOBLIN, marked=True)
    e = put(state, P2, entangled)
    state.cards[e].attached_to = goblin
    rules._unmark_enter(state, [])
    assert marked(state, goblin)


def test_a_creature_only_some_creatures_can_defend_against_refuses_the_others_saying_why():
    state = attack_phase()
    text = "Only Elf or Gaian creatures can defend against enchanted creature."
    raider = put(state, P1, GOBLIN)
    cloak = put(state, P1, from_text("Test Cloak", "enchantment", text))
    state.cards[cloak].attached_to = raider
    goblin = put(state, P2, GOBLIN)  # a Red Banner creature, no Elf
    elf = put(state, P2, creature("Test Elf", 1, 1, subtypes=("Elf",)))
    druid = put(state, P2, creature("Test Druid", 1, 1, faction="gaian"))
    do(state, f"P1: attack #{raider} -> #{first_city(state, P2)}")
    reason = refused(state, f"P2: block #{goblin} -> #{raider}")
    # both sides have a Test Goblin in play: the attacker is named with its owner
    assert reason == (
        "Test Cloak: only an Elf or Gaian creature can defend against Test Goblin (Player 1's)"
    )
    assert {a.cards[0] for a in options(state, "block")} == {elf, druid}


def test_elvish_cloak_lets_only_elves_and_gaian_creatures_defend_against_its_creature(real):
    cloak = real["Elvish Cloak"]
    assert cloak.unenforced == ""
    (e,) = [e for a in cloak.abilities for e in a.effects]
    assert (e.do, e.keyword, e.to, e.unless) == (
        "forbid",
        "be_blocked",
        "target",
        "elf|gaian creature",
    )


def test_creatures_attacking_a_player_whose_passive_says_so_take_damage_as_they_attack():
    moat = from_text(
        "Test Moat",
        "city",
        "Level 1: Creatures attacking you or your cities get one damage.",
        defense=6,
    )
    state = attack_phase()
    city = put(state, P2, moat, "city2")
    state.data.devotion[city] = 1
    frail, tough = put(state, P1, creature("Test Frail", 1, 1)), put(state, P1, OGRE)
    attack(state, [frail, tough], first_city(state, P2))
    assert where(state, frail) == rules.GRAVE
    assert where(state, tough) == rules.ARMY and state.cards[tough].damage == 1
