"""C.O.E's always-on effects: equipment, Passive and Innate skills, scenarios, Aura Blight
(coe.txt, "Equipment & Infinite Cards", "Scenario Limits and Effects"; coe-keywords.md;
rulings 22, 59 and 60 of docs/rulings/coe.md)."""

from .helpers import do, prep, resource, rules, scenario, take, to_hand

KAELITH, ALDRIC = "Kaelith Emberveil, Archmage", "Aldric Brinehart, Lord-Marshal"
BORIN = "Borin Deepanchor, Shieldwright"


def cid_of(state, name):
    return next(c for c, inst in state.cards.items() if inst.card.name == name)


def test_equipment_changes_its_champion_while_it_stays():
    state = prep()
    kaelith = cid_of(state, KAELITH)
    assert rules.stat(state, kaelith, "dmg") == 4 and not rules.has(state, kaelith, "piercing")
    lance = take(state, 0, "Tidesteel Lance", rules.ARSENAL)  # +1 DMG and Piercing
    state.cards[lance].attached_to = kaelith
    assert rules.stat(state, kaelith, "dmg") == 5 and rules.has(state, kaelith, "piercing")
    state.move(lance, (0, rules.ARCHIVE))
    assert rules.stat(state, kaelith, "dmg") == 4


def test_a_passive_works_only_at_its_scenario_level():
    state = prep()
    squire = take(state, 1, "Tidecrown Squire", rules.CHARACTERS)  # 1 DMG
    scenario(state, 1, "Fog on the Harbor")
    assert rules.stat(state, squire, "dmg") == 1  # Aldric's Banner Unfurled needs level 2
    scenario(state, 1, "Market Day")
    assert rules.stat(state, squire, "dmg") == 2
    assert rules.stat(state, cid_of(state, ALDRIC), "dmg") == 4  # "your other characters"


def test_an_innate_effect_needs_no_scenario_level():
    state = prep()
    borin = take(state, 1, BORIN, rules.CHARACTERS)
    assert rules.scenario_level(state, 1) == 0
    assert rules.stat(state, borin, "def") == state.cards[borin].card.defense + 1


def test_two_of_your_scenarios_of_a_name_give_their_effect_once():
    state = prep()
    kaelith = cid_of(state, KAELITH)
    scenario(state, 0, "Lantern Festival")
    assert rules.stat(state, kaelith, "def") == 3
    scenario(state, 0, "Lantern Festival")
    assert rules.stat(state, kaelith, "def") == 3
    assert rules.scenario_level(state, 0) == 2  # both count for the level


def test_same_named_scenarios_of_both_players_each_work_for_their_controller():
    state = prep()
    scenario(state, 0, "Lantern Festival")
    scenario(state, 1, "Lantern Festival")
    assert rules.stat(state, cid_of(state, KAELITH), "def") == 3
    assert rules.stat(state, cid_of(state, ALDRIC), "def") == 4


def test_aura_blight_adds_x_per_spell_in_your_archive():
    state = prep()
    kaelith = cid_of(state, KAELITH)
    for name in ("Flare Dart", "Mending Rain", "Healing Draught"):  # two spells, one item
        take(state, 0, name, rules.ARCHIVE)
    resource(state, 0, "Snare Net")
    resource(state, 0, "Lighthouse Beacon")
    to_hand(state, 0, "Ashfall Hex")  # +1 DMG per Spell in your archive, for one round
    do(state, f'play "Ashfall Hex", "Snare Net", "Lighthouse Beacon" -> "{KAELITH}"')
    assert rules.stat(state, kaelith, "dmg") == 4 + 2
