"""C.O.E's battle keywords and the Infinite icon, each through a shipped card that carries it
(coe-keywords.md; rulings 40, 44, 46, 47 of docs/rulings/coe.md). Player 1 attacks in its
Preparation Phase with both leaders rested; stats: Grask 5/1 (Rally Call: +1 DMG this
battle), Borin 2/4 (Fortify: 1 damage to the attacker), Gullwing Cutthroat 2/1 and Rooftop
Runner 2/1 (Rogues), Tidecrown Squire 1/2, Harbor Pikeman 2/2 and Deepforge Sentinel 2/3, 6 HP
(Knights)."""

from .helpers import do, resource, rules, scenario, to_hand
from .test_battle import attack_text, battle, on_field, ref

GRASK = "Grask Ironhide, Vanguard"
BORIN = "Borin Deepanchor, Shieldwright"


def shells(state, seat, n):
    return [resource(state, seat, "Snare Net") for _ in range(n)]


def pay(state, cards):
    return ", ".join(ref(state, c) for c in cards)


def test_rally_call_triggers_when_its_character_attacks():
    state = battle()
    grask = on_field(state, 0, GRASK)
    sentinel = on_field(state, 1, "Deepforge Sentinel")
    do(state, attack_text(state, grask, sentinel))
    do(state, "P2: pass")  # no counter-attack
    assert state.cards[sentinel].damage == 5 + 1 - 3  # 6 DMG against 3 DEF
    assert rules.stat(state, grask, "dmg") == 5  # the boost lasted the battle only


def test_fortify_triggers_when_its_character_is_attacked():
    state = battle()
    cut = on_field(state, 0, "Gullwing Cutthroat")
    borin = on_field(state, 1, BORIN)
    do(state, attack_text(state, cut, borin))
    assert state.cards[cut].damage == 1  # Fortify, before any counter-attack
    do(state, "P2: pass")


def test_unblockable_damage_ignores_defence():
    state = battle()
    cut = on_field(state, 0, "Gullwing Cutthroat")
    sentinel = on_field(state, 1, "Deepforge Sentinel")
    (blade,) = to_hand(state, 0, "Phantom Blade")  # Conjure: target ally's attack unblockable
    paid = shells(state, 0, 1)
    do(state, f"play {ref(state, blade)}, {pay(state, paid)}")
    do(state, f"reveal {ref(state, blade)} -> {ref(state, cut)}")
    do(state, attack_text(state, cut, sentinel))
    do(state, "P2: pass")
    assert state.cards[sentinel].damage == 2  # 2 DMG, DEF 3 ignored


def test_a_same_class_defense_booster_stops_unblockable():
    state = battle()
    cut = on_field(state, 0, "Gullwing Cutthroat")
    sentinel = on_field(state, 1, "Deepforge Sentinel")
    pikeman = on_field(state, 1, "Harbor Pikeman")  # a Knight, like the Sentinel
    (blade,) = to_hand(state, 0, "Phantom Blade")
    paid = shells(state, 0, 1)
    do(state, f"play {ref(state, blade)}, {pay(state, paid)}")
    do(state, f"reveal {ref(state, blade)} -> {ref(state, cut)}")
    do(state, attack_text(state, cut, sentinel))
    do(state, f"P2: defend {ref(state, pikeman)}")
    do(state, "P2: pass")
    assert state.cards[sentinel].damage == 0  # 2 DMG against 3 + 2 DEF


def test_critical_doubles_the_damage_after_defence():
    state = battle()
    cut = on_field(state, 0, "Gullwing Cutthroat")  # a Rogue: Assassin's Venom's check
    target = on_field(state, 1, "Gullwing Cutthroat")  # 1 DEF, 2 HP
    (venom,) = to_hand(state, 0, "Assassin's Venom")
    paid = shells(state, 0, 2)
    do(state, f"play {ref(state, venom)}, {pay(state, paid)} -> {ref(state, cut)}")
    do(state, attack_text(state, cut, target))
    do(state, "P2: pass")
    assert state.cards[target].zone == (1, rules.ARCHIVE)  # (2 - 1) x 2 = 2: its 2 HP


def test_piercing_adds_one_against_a_staggered_defender():
    state = battle()
    cut = on_field(state, 0, "Gullwing Cutthroat")
    runner = on_field(state, 0, "Rooftop Runner")  # a Rogue too: the attack gains Piercing
    sentinel = on_field(state, 1, "Deepforge Sentinel")
    rules.stagger(state, sentinel, [])
    do(state, attack_text(state, cut, sentinel, runner))
    do(state, "P2: pass")
    assert state.cards[sentinel].damage == 2 + 2 - 0 + 1


def test_a_same_class_attack_booster_gives_piercing():
    state = battle()
    cut = on_field(state, 0, "Gullwing Cutthroat")
    squire = on_field(state, 0, "Tidecrown Squire")  # a Knight: no Piercing
    sentinel = on_field(state, 1, "Deepforge Sentinel")
    rules.stagger(state, sentinel, [])
    do(state, attack_text(state, cut, sentinel, squire))
    do(state, "P2: pass")
    assert state.cards[sentinel].damage == 2 + 1  # no +1


def test_an_infinite_card_stays_on_the_field_and_keeps_its_effect():
    state = battle()
    leader = state.zones[(0, rules.LEADER)][0]
    before = rules.stat(state, leader, "def")
    (beacon,) = to_hand(state, 0, "Lighthouse Beacon")  # Infinite: your leader has +1 DEF
    paid = shells(state, 0, 2)
    do(state, f"play {ref(state, beacon)}, {pay(state, paid)}")
    assert state.cards[beacon].zone == (0, rules.ARSENAL)
    assert rules.stat(state, leader, "def") == before + 1
    for _ in range(2):
        do(state, "P1: end")
    for _ in range(3):
        do(state, "P2: end")
    assert state.cards[beacon].zone == (0, rules.ARSENAL)  # still, a round later
    assert rules.stat(state, leader, "def") == before + 1


def test_a_rested_characters_passive_and_fortify_still_work():
    """Ruling 14: a rested character may not go into battle, but its always-on effects and
    its triggers still work."""
    state = battle()  # both leaders rested
    cut = on_field(state, 0, "Gullwing Cutthroat")
    borin = on_field(state, 1, BORIN)
    state.cards[borin].turned = True
    do(state, attack_text(state, cut, borin))
    assert state.cards[cut].damage == 1  # Fortify, rested all the same
    squire = on_field(state, 1, "Tidecrown Squire")
    aldric = state.zones[(1, rules.LEADER)][0]
    assert state.cards[aldric].turned
    for name in ("Fog on the Harbor", "Market Day"):
        scenario(state, 1, name)
    assert rules.stat(state, squire, "dmg") == 2  # Aldric's Banner Unfurled (Passive, Lv2)
