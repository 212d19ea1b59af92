"""Playing arsenal cards in C.O.E (coe.txt, "Card Requirements", "Archiving Cards",
"Equipment & Infinite Cards", "Acolytes", "Resolving Effects"; rulings 16, 18, 27, 33, 34,
37, 41, 56, 61 and 62 of docs/rulings/coe.md). Player 1 is Kaelith (Mage, Elf, Ember
Conclave) alone; Player 2 is Aldric (Alert) with a party of three more."""

from tabletop.engine import legal_actions

from .helpers import (
    ARCHIVE,
    HAND,
    do,
    prep,
    refused,
    resource,
    rules,
    take,
    to_hand,
)

KAELITH, ALDRIC = "Kaelith Emberveil, Archmage", "Aldric Brinehart, Lord-Marshal"


def cid_of(state, name):
    return next(c for c, inst in state.cards.items() if inst.card.name == name)


def test_a_card_is_paid_by_resting_resources_of_its_type():
    state = prep()
    mana = resource(state, 0, "Healing Draught", "mana")
    shells = resource(state, 0, "Snare Net", "shells")
    first, second = to_hand(state, 0, "Ember Familiar", "Shrine Acolyte")  # 1 Mana each
    do(state, f'play "Ember Familiar"#{first}, "Healing Draught"')
    assert state.cards[mana].turned and not state.cards[shells].turned
    assert "must match the card's resource type" in refused(
        state, f'play "Shrine Acolyte"#{second}, "Snare Net"'
    )
    assert "rested once per turn" in refused(
        state, f'play "Shrine Acolyte"#{second}, "Healing Draught"'
    )


def test_affiliation_needs_a_champion_of_yours_on_the_field():
    state = prep()
    resource(state, 0, "Healing Draught")
    resource(state, 0, "Snare Net")
    to_hand(state, 0, "Rooftop Runner")  # Gullwing Syndicate
    take(state, 1, "Corvin Saltmarsh, Smuggler-Captain", rules.CHARACTERS)  # not yours
    take(state, 0, "Nyx Quillfeather, Syndicate Knife", rules.PARTY)  # not on the field
    assert refused(
        state, 'play "Rooftop Runner", "Healing Draught", "Snare Net"'
    ) == rules.R_AFFILIATION.format("Gullwing Syndicate")
    to_hand(state, 0, "Ember Adept")  # Ember Conclave: Kaelith's
    do(state, 'play "Ember Adept", "Healing Draught", "Snare Net"')


def test_a_refusal_names_the_check_that_failed():
    state = prep()
    resource(state, 0, "Healing Draught")
    resource(state, 0, "Snare Net")
    to_hand(state, 0, "Deepforge Sentinel", "Beastkin Warpaint")
    resource(state, 0, "Harbor Gossip")
    assert refused(
        state, 'play "Deepforge Sentinel", "Healing Draught", "Snare Net", "Harbor Gossip"'
    ) == rules.R_CLASS.format("Knight")
    assert refused(
        state, f'play "Beastkin Warpaint", "Healing Draught" -> "{KAELITH}"'
    ) == rules.R_RACE.format("Beastkin")


def test_a_card_whose_printed_condition_is_unmet_cannot_be_played():
    state = prep()
    resource(state, 0, "Healing Draught")
    resource(state, 0, "Snare Net")
    to_hand(state, 0, "Ambush")
    text = f'play "Ambush", "Healing Draught", "Snare Net" -> "{ALDRIC}"'
    assert refused(state, text) == rules.R_CONDITION.format("only if an enemy character is rested")
    state.cards[cid_of(state, ALDRIC)].turned = True
    assert refused(state, text) == rules.R_ALERT  # Aldric is Alert: not to be chosen
    take(state, 1, "Tidecrown Squire", rules.CHARACTERS)
    do(state, text.replace(ALDRIC, "Tidecrown Squire"))


def test_an_alert_character_cannot_be_chosen_by_the_opponents_effects():
    state = prep()
    resource(state, 0, "Healing Draught")
    to_hand(state, 0, "Flare Dart")
    assert refused(state, f'play "Flare Dart", "Healing Draught" -> "{ALDRIC}"') == rules.R_ALERT
    dart = cid_of(state, "Flare Dart")
    assert not [a for a in legal_actions(state) if a.kind == "play" and a.cards[0] == dart]


def test_an_acolyte_takes_one_of_the_six_positions_and_is_played_this_turn():
    state = prep()
    for _ in range(rules.POSITIONS):
        take(state, 0, "Ember Familiar", rules.CHARACTERS)
    resource(state, 0, "Healing Draught")
    (acolyte,) = to_hand(state, 0, "Shrine Acolyte")
    assert (
        refused(state, f'play "Shrine Acolyte"#{acolyte}, "Healing Draught"')
        == f"{rules.R_POSITION} (all 6 character positions are taken)"
    )
    state.move(state.zones[(0, rules.CHARACTERS)][0], (0, ARCHIVE))
    do(state, f'play "Shrine Acolyte"#{acolyte}, "Healing Draught"')
    assert state.cards[acolyte].zone == (0, rules.CHARACTERS)
    assert state.cards[acolyte].counters["entered"] == state.turn


def test_a_resolved_spell_is_archived_an_acolyte_stays():
    state = prep()
    resource(state, 0, "Healing Draught")
    resource(state, 0, "Snare Net")
    squire = take(state, 1, "Tidecrown Squire", rules.CHARACTERS)
    dart, familiar = to_hand(state, 0, "Flare Dart", "Ember Familiar")
    do(state, 'play "Flare Dart", "Healing Draught" -> "Tidecrown Squire"')
    do(state, 'play "Ember Familiar", "Snare Net"')
    assert state.cards[dart].zone == (0, ARCHIVE)
    assert state.cards[familiar].zone == (0, rules.CHARACTERS)
    assert state.cards[squire].damage or state.cards[squire].zone == (1, ARCHIVE)


def test_damage_stays_and_a_character_is_archived_when_it_reaches_its_hp():
    state = prep()
    squire = take(state, 1, "Tidecrown Squire", rules.CHARACTERS)
    hp = state.cards[squire].card.hp
    rules.hurt(state, squire, hp - 1, [])
    do(state, "end")
    do(state, "end")  # the turn ends; the damage stays
    assert state.cards[squire].damage == hp - 1
    events = []
    rules.hurt(state, squire, 1, events)
    assert state.cards[squire].zone == (1, ARCHIVE)
    assert any("is archived (defeated)" in e.text for e in events)


def test_equipment_targets_only_your_champions():
    state = prep()
    resource(state, 0, "Healing Draught")
    resource(state, 0, "Snare Net")
    take(state, 0, "Ember Familiar", rules.CHARACTERS)
    to_hand(state, 0, "Emberwood Staff")
    assert (
        refused(state, 'play "Emberwood Staff", "Healing Draught", "Snare Net" -> "Ember Familiar"')
        == rules.R_EQUIP
    )
    do(state, f'play "Emberwood Staff", "Healing Draught", "Snare Net" -> "{KAELITH}"')
    staff = cid_of(state, "Emberwood Staff")
    assert state.cards[staff].zone == (0, rules.ARSENAL)
    assert state.cards[staff].attached_to == cid_of(state, KAELITH)


def test_equipment_is_archived_with_its_champion():
    state = prep()
    kaelith = cid_of(state, KAELITH)
    staff = take(state, 0, "Emberwood Staff", rules.ARSENAL)
    state.cards[staff].attached_to = kaelith
    rules.archive(state, kaelith, [])
    assert state.cards[staff].zone == (0, ARCHIVE)


def test_a_cast_card_is_played_only_in_its_phase_of_your_turn():
    state = prep()
    resource(state, 0, "Healing Draught")
    resource(state, 0, "Snare Net")
    to_hand(state, 0, "Morning Muster")  # Cast: Camp
    assert refused(
        state, 'play "Morning Muster", "Healing Draught", "Snare Net"'
    ) == rules.R_CAST.format("Cast: Camp")


def test_a_one_round_effect_ends_as_its_controllers_next_turn_begins():
    state = prep()
    resource(state, 0, "Healing Draught")
    resource(state, 0, "Snare Net")
    to_hand(state, 0, "Battle Hymn")  # Cast: Prep, your characters +DMG for one round
    do(state, 'play "Battle Hymn", "Healing Draught", "Snare Net"')
    kaelith = cid_of(state, KAELITH)
    boosted = [m for m in state.lasting if m.target == kaelith]
    assert boosted
    do(state, "end")
    do(state, "end")  # Player 1's turn ends: the round is not over
    assert [m for m in state.lasting if m.target == kaelith] == boosted
    do(state, "P2: end")
    do(state, "P2: end")
    do(state, "P2: end")  # Player 2's turn ends: Player 1's next turn begins
    assert not [m for m in state.lasting if m.target == kaelith]


def test_archiving_every_champion_of_the_opponents_party_wins():
    state = prep()
    for cid in list(rules.party_left(state, 1))[:-1]:
        rules.archive(state, cid, [])
    assert not state.over
    events = []
    rules.archive(state, rules.party_left(state, 1)[0], events)
    from tabletop.engine import settle

    settle(state, events)
    assert state.over and state.winners == (0,)


def test_a_card_in_hand_is_not_in_play():
    state = prep()
    (dart,) = to_hand(state, 0, "Flare Dart")
    assert state.cards[dart].zone == (0, HAND) and not state.game.in_play(state, dart)
    assert state.game.in_play(state, cid_of(state, KAELITH))
