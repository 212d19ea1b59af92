"""Cards in play show their values as they stand now, not as printed: attack after buffs,
health or life less damage, a city's strength left, each raised value marked up and each
lowered one down (the table prints them green and red); and the zoom panel's state in words.
"""

from __future__ import annotations

from tabletop.engine import view
from tabletop.games import get
from tabletop.games.arcmage import rules as arc_rules
from tabletop.games.coe.rules import CHARACTERS
from tabletop.games.eoc.rules import CREATURES
from tabletop.tablespec import stat

from .arcmage import helpers as arc
from .coe import helpers as coe
from .eoc import helpers as eoc
from .ewc import helpers as ewc
from .wota import helpers as wota


def live(state, cid, seat=0):
    seen = view(state, seat)
    return state.game.table().live_stats(seen, seen.cards[cid])


def test_a_stat_reads_what_is_left_of_what_it_counts_down_from():
    assert stat("HP", 3, 5, 5) == ("HP", "3/5", -1)
    assert stat("HP", 5, 5, 5) == ("HP", "5", 0)
    assert stat("ATK", 4, 3) == ("ATK", "4", 1)
    assert stat("DEF", 2, 2) == ("DEF", "2", 0)


def test_a_buffed_and_wounded_war_of_the_arcane_unit_shows_its_attack_and_health_left():
    state = wota.start()
    berserker = wota.put(state, 0, "Berserker", "b2")  # printed 3 ATK, 3 HP
    inst = state.cards[berserker]
    inst.counters.update(atk=1, hp=2)
    inst.damage = 2
    assert live(state, berserker) == (("ATK", "4", 1), ("HP", "3/5", 0))
    inst.counters.clear()
    assert live(state, berserker) == (("ATK", "3", 0), ("HP", "1/3", -1))


def test_a_war_of_the_arcane_card_off_the_board_shows_its_printed_values():
    state = wota.start()
    in_hand = state.zones[(0, wota.rules.HAND)][0]
    assert live(state, in_hand) is None


def test_a_war_of_the_arcane_units_statuses_read_in_words_with_turns_left():
    state = wota.start()
    unit = wota.put(state, 0, "Berserker", "b2")
    state.cards[unit].counters.update(poisoned=2, bleeding=1)
    seen = view(state, 0)
    lines = state.game.table().card_state(seen, seen.cards[unit])
    assert "☠ Poisoned, 2 turns left" in lines  # with the symbol its badge shows
    assert "♥ Bleeding, until healed" in lines


def test_an_ewc_heroes_life_left_is_on_its_face():
    state = ewc.start()
    hero = state.data.heroes[1]
    state.cards[hero].damage = 9
    life = state.cards[hero].card.life
    assert live(state, hero)[-1] == ("LIFE", f"{life - 9}/{life}", -1)


def test_an_arcmage_city_shows_its_strength_left_and_a_creature_its_boosts():
    state = arc.play_phase()
    city = arc.first_city(state, arc.P1)  # Cinderhold, defense 8
    state.cards[city].damage = 2
    assert live(state, city) == (("DEF", "6/8", -1),)
    bearer = arc.put(state, arc.P1, arc.creature("Brute", 2, 3))
    state.cards[bearer].counters["atk"] = 2
    state.cards[bearer].damage = 1
    assert live(state, bearer) == (("ATK", "4", 1), ("DEF", "2/3", -1))
    assert arc_rules.stats(state, bearer) == (4, 3)  # the rules agree with the face


def test_an_eoc_creature_shows_the_attack_its_item_gives():
    state = eoc.start()
    newt = eoc.creature(state, 0, "Cinder Newt")  # printed 2 ATK, 1 DEF
    eoc.spell(state, 0, "Emberforged Blade", on=newt)
    assert state.cards[newt].zone[1] == CREATURES
    assert live(state, newt) == (("ATK", "4", 1), ("DEF", "1", 0))


def test_a_coe_champion_shows_its_hp_left():
    state = coe.prep()
    aldric = coe.take(state, 0, "Aldric Brinehart, Lord-Marshal", CHARACTERS)
    state.cards[aldric].damage = 4
    hp, dmg, dfn = live(state, aldric)
    assert hp == ("HP", "11/15", -1)
    assert dmg[:2] == ("DMG", "4") and dfn[:2] == ("DEF", "3")


def test_the_zoom_lists_a_cards_damage_and_what_is_attached_to_it():
    state = eoc.start()
    newt = eoc.creature(state, 0, "Cinder Newt", damage=1)
    eoc.spell(state, 0, "Emberforged Blade", on=newt)
    seen = view(state, 1)
    lines = get("eoc").table().card_state(seen, seen.cards[newt])
    assert "Damage 1" in lines
    assert any(line.startswith("Attached:") and "Emberforged Blade" in line for line in lines)
