"""C.O.E's skills and triggered effects (coe.txt, "Using Skills"; coe-keywords.md: Swift,
Battlefall, Support, Pay; rulings 6, 14, 28 and 50 of docs/rulings/coe.md). Kaelith's skills:
1 Cinder Lash (Lv1, rest: 2 damage to an enemy), 2 Arcane Tithe (Lv2, pay 2 Mana: draw 2)."""

from .helpers import ARCHIVE, HAND, do, new_game, prep, refused, resource, rules, scenario, take

KAELITH, ALDRIC = "Kaelith Emberveil, Archmage", "Aldric Brinehart, Lord-Marshal"
CORVIN, BORIN = "Corvin Saltmarsh, Smuggler-Captain", "Borin Deepanchor, Shieldwright"


def cid_of(state, name):
    return next(c for c, inst in state.cards.items() if inst.card.name == name)


def test_a_skill_needs_the_scenario_level_it_prints():
    state = prep()
    squire = take(state, 1, "Tidecrown Squire", rules.CHARACTERS)
    text = f'skill "{KAELITH}" -> "Tidecrown Squire"#{squire} 1'
    assert refused(state, text) == rules.R_SKILL_LEVEL.format("level 1")
    scenario(state, 0, "Fog on the Harbor")
    do(state, text)
    assert state.cards[squire].damage == 2


def test_a_skill_without_a_keyword_rests_its_character_and_a_rested_one_cannot():
    state = prep()
    scenario(state, 0, "Fog on the Harbor")
    a, b = (take(state, 1, "Tidecrown Squire", rules.CHARACTERS) for _ in range(2))
    kaelith = cid_of(state, KAELITH)
    do(state, f'skill "{KAELITH}" -> "Tidecrown Squire"#{a} 1')
    assert state.cards[kaelith].turned
    assert refused(state, f'skill "{KAELITH}" -> "Tidecrown Squire"#{b} 1') == rules.R_SKILL_REST


def test_a_pay_skill_does_not_rest_and_is_used_once_a_turn():
    state = prep()
    scenario(state, 0, "Fog on the Harbor")
    scenario(state, 0, "Market Day")
    for name in ("Healing Draught", "Snare Net", "Flare Dart", "Mending Rain"):
        resource(state, 0, name, "mana")
    kaelith = cid_of(state, KAELITH)
    hand = len(state.zones[(0, HAND)])
    do(state, f'skill "{KAELITH}", "Healing Draught", "Snare Net" 2')
    assert not state.cards[kaelith].turned and len(state.zones[(0, HAND)]) == hand + 2
    assert (
        refused(state, f'skill "{KAELITH}", "Flare Dart", "Mending Rain" 2') == rules.R_SKILL_ONCE
    )


def test_a_pay_skill_cannot_be_paid_with_enchanted():
    state = prep()
    scenario(state, 0, "Fog on the Harbor")
    scenario(state, 0, "Market Day")
    resource(state, 0, "Healing Draught", "enchanted")
    resource(state, 0, "Snare Net", "enchanted")
    assert "cannot be paid with Enchanted" in refused(
        state, f'skill "{KAELITH}", "Healing Draught", "Snare Net" 2'
    )


def test_a_support_skill_is_activated_only_from_the_support_position():
    state = prep(first=1)
    borin = cid_of(state, BORIN)  # Lv2 Stone Oath: support only
    state.move(borin, (1, rules.CHARACTERS))
    scenario(state, 1, "Fog on the Harbor")
    scenario(state, 1, "Market Day")
    assert refused(state, f'P2: skill "{BORIN}"#{borin} 2') == rules.R_SUPPORT_ONLY
    state.move(borin, (1, rules.SUPPORT))
    do(state, f'P2: skill "{BORIN}"#{borin} 2')
    assert state.cards[borin].turned  # a Support skill without Pay rests


def test_a_passive_skill_is_never_activated():
    state = prep(first=1)
    scenario(state, 1, "Fog on the Harbor")
    scenario(state, 1, "Market Day")
    assert refused(state, f'P2: skill "{ALDRIC}" 2') == rules.R_ALWAYS


def test_a_leaders_swift_happens_first_in_its_first_camp_phase():
    for seed in range(1, 8):
        state = new_game(seed)
        if state.data.first == 1:  # Aldric's player begins: his Swift, +1 DEF for a round
            aldric = cid_of(state, ALDRIC)
            assert rules.stat(state, aldric, "def") == 4
            return
    raise AssertionError("no seed made Player 2 first")


def test_battlefall_resolves_at_once_when_its_character_is_archived():
    state = prep()
    corvin = take(state, 0, CORVIN, rules.CHARACTERS)
    squire = take(state, 1, "Tidecrown Squire", rules.CHARACTERS)
    events = []
    rules.archive(state, corvin, events)
    assert state.cards[corvin].zone == (0, ARCHIVE)
    assert state.cards[squire].damage == 2  # 2 damage to every enemy character
    texts = [e.text for e in events]
    assert texts.index(f"{CORVIN}: Battlefall") == texts.index(f"{CORVIN} is archived") + 1


def test_a_champion_in_the_party_area_uses_no_skill():
    """Ruling 21: "Scenarios unlock skills for all Champions, in all areas": the areas of
    the field; a champion still in the party area is not in play, and neither its skills
    nor its Innate effect work."""
    state = prep(first=1)
    seraphine, borin = cid_of(state, "Seraphine Vael, Tide Cleric"), cid_of(state, BORIN)
    assert state.cards[seraphine].zone == (1, rules.PARTY)
    scenario(state, 1, "Fog on the Harbor")
    aldric = cid_of(state, ALDRIC)
    text = f'P2: skill "Seraphine Vael, Tide Cleric" -> "{ALDRIC}"#{aldric} 1'
    assert refused(state, text) == "C.O.E: activate a skill of one of your characters on the field"
    assert rules.stat(state, borin, "def") == state.cards[borin].card.defense  # no Innate +1
    state.move(seraphine, (1, rules.CHARACTERS))
    state.cards[aldric].damage = 3
    do(state, text)  # on the field, the same level unlocks it
    assert state.cards[aldric].damage == 0
