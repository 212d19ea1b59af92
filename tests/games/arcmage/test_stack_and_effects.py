"""ARC-mage: the stack of answers (last in, first out), triggered and activated abilities,
effects that last until the end of the turn, and tokens."""

from tabletop.games.arcmage import rules

from .helpers import (
    GOBLIN,
    P1,
    P2,
    at,
    attack,
    city,
    do,
    end_phase,
    first_city,
    hand,
    marked,
    name,
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


def play_phase(seat=P1, **kw):
    state = start(first=P1, **kw)
    return at(state, "play1", seat=seat)


def resolved(events) -> list[str]:
    return [t.removesuffix(" resolves") for t in texts(events, "resolve")]


# -- the stack ---------------------------------------------------------------------------------


def test_the_stack_is_last_in_first_out():
    state = play_phase()
    goblin = put(state, P2, GOBLIN)
    burst = to_hand(state, P1, "Cinderburst")  # 2 damage to target opposing creature
    resources(state, P1, "red_banner", 2)
    ward = to_hand(state, P2, "Barkskin Ward")  # +0/+3 until end of turn
    resources(state, P2, "gaian", 1)
    events = do(state, f"P1: play #{burst} -> #{goblin}")
    assert state.top_prompt.name == "respond" and state.top_prompt.seat == P2
    events += do(state, f"P2: play #{ward} -> #{goblin}")
    events += passes(state)
    assert resolved(events) == ["Barkskin Ward", "Cinderburst"]
    assert where(state, goblin) == rules.ARMY and state.cards[goblin].damage == 2


def test_an_answer_may_itself_be_answered():
    state = play_phase()
    goblin = put(state, P2, GOBLIN)
    runt = put(state, P1, "Cinder Runt")
    burst = to_hand(state, P1, "Cinderburst")
    howl = to_hand(state, P1, "Blood Howl")  # +2/+0 and first strike
    resources(state, P1, "red_banner", 3)
    ward = to_hand(state, P2, "Barkskin Ward")
    resources(state, P2, "gaian", 1)
    events = do(state, f"P1: play #{burst} -> #{goblin}")
    events += do(state, f"P2: play #{ward} -> #{goblin}")
    assert state.top_prompt.seat == P1
    events += do(state, f"P1: play #{howl} -> #{runt}")
    events += passes(state)
    assert resolved(events) == ["Blood Howl", "Barkskin Ward", "Cinderburst"]
    assert rules.attack_of(state, runt) == 1 + 2 + 1


def test_the_player_of_an_event_may_answer_it_too():
    state = play_phase()
    goblin = put(state, P2, GOBLIN)
    runt = put(state, P1, "Cinder Runt")
    burst = to_hand(state, P1, "Cinderburst")
    howl = to_hand(state, P1, "Blood Howl")
    resources(state, P1, "red_banner", 3)
    do(state, f"P1: play #{burst} -> #{goblin}")
    # the other player has nothing to answer with; the originating player may still answer
    assert state.top_prompt is not None and state.top_prompt.seat == P1
    events = do(state, f"P1: play #{howl} -> #{runt}")
    events += passes(state)
    assert resolved(events) == ["Blood Howl", "Cinderburst"]


def test_only_event_cards_answer_another_card():
    state = play_phase()
    goblin = put(state, P2, GOBLIN)
    burst = to_hand(state, P1, "Cinderburst")
    resources(state, P1, "red_banner", 2)
    to_hand(state, P2, "Barkskin Ward")
    berserker = to_hand(state, P2, "Hotblood Berserker")  # sudden, but no Event
    resources(state, P2, "red_banner", 3)
    resources(state, P2, "gaian", 1)
    do(state, f"P1: play #{burst} -> #{goblin}")
    assert state.top_prompt.seat == P2
    assert refused(state, f"P2: play #{berserker} army") == rules.R_EVENT_ONLY


def test_a_card_whose_target_is_gone_does_not_resolve():
    state = play_phase()
    tender = put(state, P2, "Grove Tender")
    runt = put(state, P1, "Cinder Runt")
    burst = to_hand(state, P1, "Cinderburst")  # ...and your army gets +1/+0
    resources(state, P1, "red_banner", 2)
    recall = to_hand(state, P2, "Recall to Court")
    resources(state, P2, "house_of_nobles", 3)
    do(state, f"P1: play #{burst} -> #{tender}")
    events = do(state, f"P2: play #{recall} -> #{tender}")
    events += passes(state)
    assert "Cinderburst does not resolve: its target is gone" in texts(events)
    assert where(state, tender) == rules.HAND and where(state, burst) == rules.GRAVE
    assert rules.attack_of(state, runt) == 1


# -- abilities -----------------------------------------------------------------------------------


def test_an_ability_that_triggers_on_coming_into_play_resolves():
    state = play_phase()
    envoy = to_hand(state, P1, "Court Envoy")  # when I come into play, draw a card
    resources(state, P1, "house_of_nobles", 3)
    do(state, f"P1: play #{envoy} -> #{first_city(state, P1)}")
    assert rules.home(state, envoy) == first_city(state, P1)
    assert len(hand(state, P1)) == 1


def test_a_token_put_into_your_army_comes_into_the_army_marked_by_fatigue():
    state = play_phase()
    crier = to_hand(state, P1, "Muster Crier")  # an Ashen Grunt token into your army
    resources(state, P1, "red_banner", 2)
    do(state, f"P1: play #{crier} -> #{first_city(state, P1)}")
    assert rules.home(state, crier) == first_city(state, P1)
    grunts = [c for c in rules.creatures(state, P1) if name(state, c) == "Ashen Grunt"]
    assert len(grunts) == 1
    assert state.cards[grunts[0]].zone == (P1, rules.ARMY) and marked(state, grunts[0])


def test_a_coming_into_play_ability_asks_for_its_target():
    state = play_phase()
    home = first_city(state, P1)
    dryad = to_hand(state, P1, "Wildbloom Dryad")  # target city you control gains 2
    resources(state, P1, "gaian", 3)
    do(state, f"P1: play #{dryad} -> #{home}")
    assert state.top_prompt.name == "target" and state.top_prompt.seat == P1
    assert refused(state, f"P1: target #{dryad} -> #{first_city(state, P2)}").startswith(
        rules.R_TARGET
    )
    do(state, f"P1: target #{dryad} -> #{home}")
    assert strength(state, home) == 8 + 2 and rules.home(state, dryad) == home


def test_a_token_comes_from_the_tokens_set_aside():
    state = at(start(p1_city="Ashpit Forge"), "tactics")
    home = first_city(state, P1)  # Level 3: an Ashen Grunt token
    aside = put(state, P1, "Ashen Grunt", rules.TOKENS)
    a = put(state, P1, "Hotblood Berserker", home)
    b = put(state, P1, "Cinder Runt", home)
    do(state, f"P1: devote #{home}, #{a}, #{b}")
    assert where(state, aside) != rules.TOKENS and rules.in_play(state, aside)
    assert marked(state, aside)  # fatigue


def test_a_token_put_into_play_as_a_resident_joins_the_city():
    state = at(start(), "tactics")
    moor = city(state, P1, "Briarmoor")  # Level 3: a Briar Sapling token as my resident
    a = put(state, P1, "Hotblood Berserker", moor)
    b = put(state, P1, "Cinder Runt", moor)
    do(state, f"P1: devote #{moor}, #{a}, #{b}")
    saplings = [c for c in rules.creatures(state, P1) if name(state, c) == "Briar Sapling"]
    assert len(saplings) == 1 and rules.home(state, saplings[0]) == moor


def test_an_ability_that_triggers_on_attacking_resolves():
    state = at(start(), "attack")
    theirs = first_city(state, P2)
    runt = put(state, P1, "Cinder Runt")  # when I attack, +1/+0
    attack(state, [runt], theirs)
    assert strength(state, theirs) == 10 - 2


def test_an_activated_ability_marks_the_creature():
    state = play_phase()
    druid = put(state, P1, "Rootkeeper Druid")  # M, produce 1 Gaian resource
    do(state, f"P1: use #{druid}")
    assert marked(state, druid) and state.data.pool[P1] == {"gaian": 1}


def test_a_marked_card_cannot_be_marked_again():
    state = play_phase()
    druid = put(state, P1, "Rootkeeper Druid")
    do(state, f"P1: use #{druid}")
    assert refused(state, f"P1: use #{druid}").startswith(rules.R_MARKED)
    assert refused(state, f"P1: move #{druid} -> #{first_city(state, P1)}").startswith(
        rules.R_MARKED
    )
    tired = put(state, P1, "Rootkeeper Druid", first_city(state, P1), marked=True)
    at(state, "tactics")
    assert refused(state, f"P1: devote #{first_city(state, P1)}, #{tired}").startswith(
        rules.R_MARKED
    )


def test_only_the_controller_activates_a_creatures_ability():
    state = play_phase()
    druid = put(state, P2, "Rootkeeper Druid")
    assert refused(state, f"P1: use #{druid}").startswith("ARC-mage, Activated")


def test_activated_abilities_are_used_in_the_controllers_play_phases():
    state = at(start(), "draw")
    home = first_city(state, P1)
    saboteur = put(state, P1, "Soot Saboteur", home)  # M, 1 damage to the city I am in
    druid = put(state, P1, "Rootkeeper Druid")
    assert refused(state, f"P1: use #{saboteur}") == rules.R_ABILITY
    # (ruling) an ability that only produces resources may be used whenever one may pay
    do(state, f"P1: use #{druid}")
    at(state, "play1")
    do(state, f"P1: use #{saboteur}")
    assert strength(state, home) == 8 - 1


def test_until_end_of_turn_effects_end_with_the_turn():
    state = play_phase()
    runt = put(state, P1, "Cinder Runt")
    howl = to_hand(state, P1, "Blood Howl")  # +2/+0 and first strike until end of turn
    resources(state, P1, "red_banner", 1)
    do(state, f"P1: play #{howl} -> #{runt}")
    assert rules.attack_of(state, runt) == 3 and rules.has(state, runt, "first_strike")
    end_phase(state)
    end_phase(state)
    end_phase(state)
    assert state.active == P2
    assert rules.attack_of(state, runt) == 1 and not rules.has(state, runt, "first_strike")


def test_a_passive_ability_lasts_while_its_card_is_in_play():
    state = play_phase()
    grove = to_hand(state, P1, "Heartwood Grove")  # Trees you control get +1/+1
    resources(state, P1, "gaian", 3)
    treant = put(state, P1, "Slumbering Treant")  # 3/5 Tree
    runt = put(state, P1, "Cinder Runt")
    do(state, f"P1: play #{grove}")
    assert rules.stats(state, treant) == (4, 6) and rules.stats(state, runt) == (1, 1)
    state.move(grove, (P1, rules.GRAVE))
    assert rules.stats(state, treant) == (3, 5)


def test_a_creature_destroyed_by_a_card_goes_to_its_owners_graveyard():
    state = play_phase()
    tender = put(state, P2, "Grove Tender")
    call = to_hand(state, P1, "Gravecall")  # destroy target opposing creature
    resources(state, P1, "dark_legion", 4)
    do(state, f"P1: play #{call} -> #{tender}")
    assert state.cards[tender].zone == (P2, rules.GRAVE)
    assert state.cards[call].zone == (P1, rules.GRAVE)


# -- tokens ------------------------------------------------------------------------------------


def test_tokens_leaving_play_are_removed_from_the_game():
    state = play_phase(seat=P2)
    grunt = put(state, P1, "Ashen Grunt")
    call = to_hand(state, P2, "Gravecall")
    resources(state, P2, "dark_legion", 4)
    do(state, f"P2: play #{call} -> #{grunt}")
    assert state.cards[grunt].zone == (P1, rules.REMOVED)


def test_a_token_killed_in_combat_is_removed_not_buried():
    state = at(start(), "attack")
    grunt = put(state, P1, "Ashen Grunt")  # 1/1
    tender = put(state, P2, "Grove Tender")  # 1/1
    attack(state, [grunt], first_city(state, P2), {tender: grunt})
    assert state.cards[grunt].zone == (P1, rules.REMOVED)
    assert state.cards[tender].zone == (P2, rules.GRAVE)


def test_a_token_returned_to_hand_is_removed_instead():
    state = play_phase(seat=P2)
    grunt = put(state, P1, "Ashen Grunt")
    recall = to_hand(state, P2, "Recall to Court")  # return target creature to hand
    resources(state, P2, "house_of_nobles", 3)
    do(state, f"P2: play #{recall} -> #{grunt}")
    assert state.cards[grunt].zone == (P1, rules.REMOVED)
    assert hand(state, P1) == []


def test_a_token_resident_of_a_destroyed_city_is_removed_if_marked():
    state = play_phase()
    theirs = first_city(state, P2)
    city(state, P2, "Rootcradle")
    sapling = put(state, P2, "Briar Sapling", theirs, marked=True)
    state.cards[theirs].damage = 8
    torch = to_hand(state, P1, "Torch the Walls")
    resources(state, P1, "red_banner", 3)
    do(state, f"P1: play #{torch} -> #{theirs}")
    assert state.cards[sapling].zone == (P2, rules.REMOVED)
