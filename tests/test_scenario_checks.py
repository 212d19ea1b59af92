"""Scenario checks cannot pass by accident (issue 45): a check names one card or says how
many, an empty check is refused, a step's card with copies in several zones says which;
and what the format gained to check what it means: what setup shows a seat, forced
shuffles, a turn under way, a card's live values, log lines in order, TOML mistakes told
where they are."""

import pytest

from tabletop.engine import apply, parse
from tabletop.engine.scenario import (
    ScenarioError,
    ShufflingRng,
    Walkthrough,
    build,
    load,
    run_file,
    run_steps,
)
from tabletop.games import get, registry


def write(tmp_path, text, name="s.toml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def run(tmp_path, text):
    path = write(tmp_path, text)
    return path, run_file(path, registry())


def problems(results):
    return [p for r in results for p in r.problems]


# A Footman of Player 2's on e4 with 1 damage, and two more in Player 2's deck.
FOOTMAN = """
game = "wota"
title = "t"
decks = ["hexweavers", "iron_vanguard"]
turn = 3
active = "P1"
phase = "main"
[[seats]]
values = { ap = 3 }
[seats.zones]
hand = []
[[seats]]
[seats.zones]
hand = []
deck = ["Footman", "Footman"]
[table]
c1 = [{ card = "Mystic Stone", owner = "P1", face_down = true }]
c5 = [{ card = "Mystic Stone", owner = "P2", face_down = true }]
e4 = [{ card = "Footman", owner = "P2", damage = 1 }]
"""


# -- a check names one card --------------------------------------------------------------------


def test_a_check_without_a_zone_matching_copies_in_a_deck_is_the_files_mistake(tmp_path):
    """The issue's case: ``damage = 0`` passed on an undamaged deck copy while the copy in
    play had taken 1."""
    path, results = run(tmp_path, FOOTMAN + "[start]\ncards = [{ card = 'Footman', damage = 0 }]\n")
    assert problems(results) == [
        f"{path}: start.cards[0]: 3 copies of Footman (2 in P2 deck, e4) match this check: "
        'narrow it to one (its zone, its owner), or say copies = "any", "all" or how many'
    ]
    _, results = run(
        tmp_path, FOOTMAN + "[start]\ncards = [{ card = 'Footman', zone = 'e4', damage = 0 }]\n"
    )
    assert problems(results) == ["Footman (e4): damage is 1, expected 0"]


@pytest.mark.parametrize(
    "check, wrong",
    [
        ("{ card = 'Footman', owner = 'P2', copies = 'any', damage = 1 }", None),
        ("{ card = 'Footman', owner = 'P2', copies = 'any', damage = 2 }", "expected 2"),
        ("{ card = 'Footman', zone = 'P2 deck', copies = 'all', damage = 0 }", None),
        ("{ card = 'Footman', owner = 'P2', copies = 'all', damage = 0 }", "1 of 3 copies"),
        ("{ card = 'Footman', owner = 'P2', copies = 2, damage = 0 }", None),
        ("{ card = 'Footman', owner = 'P2', copies = 3, damage = 0 }", "2 of the 3 copies"),
        ("{ card = 'Footman', zone = 'a1', copies = 0 }", None),
        ("{ card = 'Footman', zone = 'e4', copies = 0, damage = 1 }", "1 of the 1 copies"),
    ],
)
def test_copies_any_all_or_a_number_say_how_many_copies_must_fit(tmp_path, check, wrong):
    _, results = run(tmp_path, FOOTMAN + f"[start]\ncards = [{check}]\n")
    if wrong is None:
        assert problems(results) == []
    else:
        assert len(problems(results)) == 1 and wrong in problems(results)[0]


@pytest.mark.parametrize(
    "then, field",
    [
        ("{ cards = [{ card = 'Footman', zone = 'e4', counters = {} }] }", "cards[0].counters"),
        ("{ cards = [{ card = 'Footman', zone = 'e4', values = {} }] }", "cards[0].values"),
        ("{ cards = [{ card = 'Footman', zone = 'e4', this_turn = {} }] }", "cards[0].this_turn"),
        ("{ cards = [] }", "then.cards"),
        ("{ values = {} }", "then.values"),
        ("{ count = {} }", "then.count"),
        ("{ sees = [] }", "then.sees"),
        ("{}", "steps[0].then"),
        ("{ sees = { seat = 'P1' } }", "then.sees[0]"),
        ("{ sees = { seat = 'P1', log = [] } }", "then.sees[0].log"),
        ("{ sees = { seat = 'P1', log = [' '] } }", "then.sees[0].log"),
        ("{ sees = { seat = 'P1', log = ['a'], in_order = true } }", "then.sees[0]"),
        ("{ cards = [{ card = 'Footman', zone = 'gone', damage = 0 }] }", "then.cards[0]"),
    ],
)
def test_an_empty_check_is_refused_naming_the_file_and_the_field(tmp_path, then, field):
    path = write(tmp_path, FOOTMAN + f"[[steps]]\ndo = 'P1: end'\nthen = {then}\n")
    with pytest.raises(ScenarioError) as e:
        load(path, inside=None)
    assert str(e.value).startswith(f"{path}: steps[0].") and field in str(e.value)


def test_empty_reason_words_which_any_refusal_contains_are_refused(tmp_path):
    path = write(tmp_path, FOOTMAN + "[[steps]]\ndo = 'P1: end'\nreason = ''\n")
    with pytest.raises(ScenarioError, match=r"steps\[0\]\.reason: .*empty words"):
        load(path, inside=None)


def test_a_hidden_zone_with_no_card_in_it_hides_nothing_and_is_a_problem(tmp_path):
    _, results = run(tmp_path, FOOTMAN + "[start]\nsees = { seat = 'P2', hidden = ['P1 hand'] }\n")
    assert problems(results) == ["P1 hand holds no card: nothing in it is hidden from P2"]


def test_a_refused_step_naming_a_card_the_opponents_deck_also_holds_is_not_refused_by_it(
    tmp_path,
):
    """Before: "-> Footman" took Player 2's deck copy, and the step was refused (for
    another reason than the file meant) and passed."""
    text = FOOTMAN.replace("hand = []\n[[seats]]", 'hand = ["Fire Bolt"]\n[[seats]]', 1)
    path, results = run(
        tmp_path,
        text
        + '[[steps]]\ndo = \'P1: cast "Fire Bolt" in "P1 hand" -> "Footman"\'\nreason = \'x\'\n',
    )
    [result] = results
    assert result.reason is None and result.problems == [
        f'{path}: steps[0].do: "Footman" has copies in P2 deck, e4: say which, as "Footman" in "e4"'
    ]
    _, results = run(
        tmp_path,
        text + '[[steps]]\ndo = \'P1: cast "Fire Bolt" in "P1 hand" -> "Footman" in "e4"\'\n',
    )
    assert problems(results) == []


# -- what setup shows a seat -------------------------------------------------------------------

COIN = """
game = "wota"
title = "t"
phase = "coin"
random = [1]
[table]
c1 = [{ card = "Mystic Stone", owner = "P1", face_down = true }]
c5 = [{ card = "Mystic Stone", owner = "P2", face_down = true }]
[start]
sees = { seat = "P1", log = ["The coin shows tails"] }
"""


def test_start_sees_the_events_of_setup(tmp_path):
    path, results = run(tmp_path, COIN)
    assert problems(results) == []
    told = []
    scenario = load(path, inside=None)
    build(scenario, get("wota"), str(path), told)
    assert any("The coin shows tails" in e.text for e in told)


def test_start_sees_the_events_of_setup_even_when_the_caller_did_not_keep_them(tmp_path):
    path = write(tmp_path, COIN)
    scenario = load(path, inside=None)
    [result] = run_steps(scenario, build(scenario, get("wota")))  # as the Puzzles menu does
    assert result.ok, result.problems


# -- shuffles ------------------------------------------------------------------------------------

REDRAW = """
game = "eoc"
title = "t"
decks = ["cinder_storm", "dusk_pilgrims"]
phase = "deal"
random = [0]
[[seats]]
[seats.zones]
hand = ["Ashback Salamander", "Ember Shard", "Flame Lance", "Battle Surge", "Overclock",
        "Banner of the Blazing Host", "Blazing Riposte"]
deck = ["Flame Lance", "Flame Lance", "Battle Surge", "Overclock", "Stunning Arc",
        "Stunning Arc", "Battle Surge"]
[[seats]]
[seats.zones]
hand = ["Mossling", "Verdant Seed", "Gravecrawler", "Rend Spirit", "Bramble Snare",
        "Choking Miasma", "Seasonal Bloom"]
[[steps]]
do = "P1: redraw"
"""
TOP = '["Blazing Riposte", "Stunning Arc", "Ember Shard", "Stunning Arc"]'
IN_HAND = """then.cards = [
    { card = "Stunning Arc", zone = "P1 hand", copies = 2 },
    { card = "Blazing Riposte", zone = "P1 hand" },
    { card = "Ember Shard", zone = "P1 hand" },
]
"""


def test_a_step_forces_what_its_shuffle_gives(tmp_path):
    _, results = run(tmp_path, REDRAW + f'shuffled = {{ "P1 deck" = {TOP} }}\n' + IN_HAND)
    assert problems(results) == []
    _, results = run(tmp_path, REDRAW + IN_HAND)  # the seed's own shuffle
    assert problems(results) != []


def test_a_forced_shuffle_the_pile_cannot_give_or_the_step_does_not_make_is_a_problem(tmp_path):
    path, results = run(tmp_path, REDRAW + 'shuffled = { "P1 deck" = ["Mossling"] }\n')
    assert problems(results) == [
        f"{path}: steps[0].shuffled: the shuffle of P1 deck cannot put 1 'Mossling' on top: "
        "the pile holds Ashback Salamander, Banner of the Blazing Host, Battle Surge, "
        "Blazing Riposte, Ember Shard, Flame Lance, Overclock, Stunning Arc"
    ]
    path, results = run(tmp_path, REDRAW + 'shuffled = { "P2 deck" = ["Mossling"] }\n')
    assert problems(results) == [
        f"{path}: steps[0].shuffled: P2 deck was not shuffled by this step"
    ]
    path, results = run(tmp_path, REDRAW + 'shuffled = { "P1 dek" = ["Mossling"] }\n')
    assert problems(results)[0].startswith(f"{path}: steps[0].shuffled.P1 dek: no zone 'P1 dek'")


def test_a_shuffle_forced_for_setting_up_must_happen_then(tmp_path):
    path = write(
        tmp_path,
        REDRAW.replace("random = [0]", 'random = [0]\nshuffled = { "P1 deck" = ["Overclock"] }'),
    )
    with pytest.raises(ScenarioError, match=r"shuffled: P1 deck was not shuffled while"):
        build(load(path, inside=None), get("eoc"), str(path))


def test_a_forced_shuffle_goes_through_the_games_one_generator_and_survives_a_copy(tmp_path):
    path = write(tmp_path, REDRAW + f'shuffled = {{ "P1 deck" = {TOP} }}\n')
    scenario = load(path, inside=None)
    state = build(scenario, get("eoc"))
    from tabletop.engine.scenario import force

    assert force(state, scenario.steps[0]) == []
    assert isinstance(state.rng, ShufflingRng)
    copy = state.clone()
    draws = copy.rng.draws
    apply(copy, parse(copy, "P1: redraw"))
    hand = [copy.cards[c].card.name for c in copy.zones[(0, "hand")]]
    assert hand[:4] == ["Blazing Riposte", "Stunning Arc", "Ember Shard", "Stunning Arc"]
    assert copy.rng.draws > draws and not copy.rng.orders


def test_a_zone_listed_with_dots_keeps_what_it_held_under_the_cards_listed(tmp_path):
    text = FOOTMAN.replace('deck = ["Footman", "Footman"]', 'deck = ["Berserker", "..."]')
    dealt = build(
        load(write(tmp_path, FOOTMAN.replace('deck = ["Footman", "Footman"]\n', "")), inside=None),
        get("wota"),
    )
    state = build(load(write(tmp_path, text), inside=None), get("wota"))
    names = [state.cards[c].card.name for c in state.zones[(1, "deck")]]
    before = [dealt.cards[c].card.name for c in dealt.zones[(1, "deck")]]
    assert names[0] == "Berserker" and len(names) == len(before)
    rest = list(before)
    rest.remove("Berserker")
    assert names[1:] == rest, "the rest in the order the game dealt it"
    with pytest.raises(ScenarioError, match=r"zones\.deck\[0\]: \"\.\.\.\" .* comes last"):
        build(
            load(
                write(
                    tmp_path,
                    FOOTMAN.replace('deck = ["Footman", "Footman"]', 'deck = ["...", "Berserker"]'),
                ),
                inside=None,
            ),
            get("wota"),
            "s",
        )


# -- a turn under way ------------------------------------------------------------------------------

KAEL = """
game = "ewc"
title = "t"
decks = ["ember_vanguard", "windrunner"]
turn = 3
phase = "combat"
[[seats]]
[seats.zones]
hero = [{{ card = "Kael, the Ember Knight"{mark} }}]
[[steps]]
do = 'P1: attack "Kael, the Ember Knight" -> "Lyra Swiftwind"'
reason = "once per turn"
"""


def test_a_card_may_have_made_its_attack_this_turn(tmp_path):
    _, results = run(tmp_path, KAEL.format(mark=", this_turn = { attacked = true }"))
    assert problems(results) == []
    _, results = run(tmp_path, KAEL.format(mark=""))
    assert problems(results)[0] == "was legal, expected refused"


def test_a_turn_mark_the_game_has_not_is_refused_naming_the_field(tmp_path):
    path = write(tmp_path, KAEL.format(mark=", this_turn = { atacked = true }"))
    with pytest.raises(ScenarioError) as e:
        build(load(path, inside=None), get("ewc"), str(path))
    assert str(e.value) == (
        f"{path}: seats[0].zones.hero[0].this_turn.atacked: EWC has no turn mark 'atacked' "
        "(marks: attacked, for_tp)"
    )


DRAKE = """
game = "eoc"
title = "t"
decks = ["cinder_storm", "dusk_pilgrims"]
turn = 3
phase = "attack"
[[seats]]
[seats.zones]
hand = []
pool = ["Ember Shard"]
creatures = [{{ card = "Emberwing Drake"{mark} }},
             {{ card = "Heart of the Pyre", attached_to = "Emberwing Drake" }},
             {{ card = "Gray Mist", attached_to = "Emberwing Drake" }}]
[[seats]]
[seats.zones]
hand = []
creatures = ["Copper Sentinel", {{ card = "Storm Core", attached_to = "Copper Sentinel" }}]
[start]
cards = [{{ card = "Emberwing Drake", zone = "P1 creatures", values = {{ ATK = {atk} }} }}]
[[steps]]
do = 'P1: use "Emberwing Drake" in "P1 creatures", "Ember Shard" in "P1 pool" -> "Copper Sentinel"'
reason = "once per turn"
"""


def test_an_ability_used_once_a_turn_and_a_boost_may_be_placed(tmp_path):
    _, results = run(tmp_path, DRAKE.format(mark=", this_turn = { used = true, atk = 2 }", atk=5))
    assert problems(results) == []
    _, results = run(tmp_path, DRAKE.format(mark="", atk=3))
    assert problems(results)[0] == "was legal, expected refused"


def test_what_a_seat_did_this_turn_is_a_seat_value(tmp_path):
    text = FOOTMAN.replace("hand = []\n[[seats]]", 'hand = ["Fire Bolt"]\n[[seats]]', 1)
    cast = (
        '[[steps]]\ndo = \'P1: cast "Fire Bolt" in "P1 hand" -> "Footman" in "e4"\'\n'
        "reason = 'once per player turn'\n"
    )
    _, results = run(
        tmp_path, text.replace("values = { ap = 3 }", "values = { ap = 3, cast = 1 }") + cast
    )
    assert problems(results) == []
    _, results = run(tmp_path, text + cast)
    assert problems(results)[0] == "was legal, expected refused"


# -- a card's values, as the table shows them ------------------------------------------------------

COE = """
game = "coe"
title = "t"
decks = ["gullwing_raiders", "tidecrown_shieldwall"]
turn = 5
phase = "prep"
[[seats]]
[seats.zones]
hand = []
resources = []
characters = ["Nyx Quillfeather, Syndicate Knife",
              { card = "Gullwing Cutthroat", damage = 1, this_turn = { dmg = 2 } }]
[[seats]]
[seats.zones]
hand = []
characters = ["Tidecrown Squire"]
[start]
"""


def test_a_coe_characters_values_are_checked_as_the_table_shows_them(tmp_path):
    check = "cards = [{{ card = 'Gullwing Cutthroat', zone = 'P1 characters', values = {v} }}]\n"
    _, results = run(tmp_path, COE + check.format(v="{ DMG = 4, DEF = 1, HP = 1 }"))
    assert problems(results) == []
    _, results = run(tmp_path, COE + check.format(v="{ HP = '1/2', def = 1 }"))
    assert problems(results) == []
    _, results = run(tmp_path, COE + check.format(v="{ DMG = 2, HP = 2 }"))
    assert problems(results) == [
        "Gullwing Cutthroat (P1 characters): DMG is 4, expected 2; HP is 1/2, expected 2"
    ]
    path, results = run(tmp_path, COE + check.format(v="{ ATK = 2 }"))
    assert problems(results) == [
        f"{path}: start.cards[0].values.ATK: Gullwing Cutthroat shows no ATK "
        "(it shows HP, DMG, DEF)"
    ]


def test_a_card_out_of_play_shows_no_values(tmp_path):
    text = COE.replace("hand = []\nresources", 'hand = ["Gullwing Cutthroat"]\nresources', 1)
    _, results = run(
        tmp_path,
        text
        + "cards = [{ card = 'Gullwing Cutthroat', zone = 'P1 hand', values = { DMG = 2 } }]\n",
    )
    assert problems(results) == [
        "Gullwing Cutthroat (P1 hand): Gullwing Cutthroat shows no values in P1 hand"
    ]


# -- log lines in order ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "log",
    ['["reveals their hand", "shuffles it back"]', '["shuffles it back", "reveals their hand"]'],
)
def test_log_lines_in_any_order_unless_in_order_is_said(tmp_path, log):
    _, results = run(tmp_path, REDRAW + f'then.sees = {{ seat = "P2", log = {log} }}\n')
    assert problems(results) == []


def test_in_order_log_lines_must_come_one_after_the_other(tmp_path):
    sees = 'then.sees = {{ seat = "P2", in_order = true, log = {log} }}\n'
    _, results = run(
        tmp_path, REDRAW + sees.format(log='["shuffles it back", "reveals their hand"]')
    )
    assert problems(results) == []
    _, results = run(
        tmp_path, REDRAW + sees.format(log='["reveals their hand", "shuffles it back"]')
    )
    assert problems(results) == [
        "P2's log shows 'shuffles it back' before 'reveals their hand', not after"
    ]


# -- TOML mistakes --------------------------------------------------------------------------------


def test_a_quote_inside_a_string_is_told_at_its_line_and_column_not_as_a_file_cut_off(tmp_path):
    path = write(tmp_path, FOOTMAN + '[[steps]]\ndo = "P1: move "Footman" d4"\n')
    with pytest.raises(ScenarioError) as e:
        load(path, inside=None)
    line = FOOTMAN.count("\n") + 2
    assert str(e.value).startswith(
        f"{path}: not valid TOML at line {line}, column 17: expected newline or end of "
        'document after a statement (a " inside a "..." string ends it'
    )
    assert "cut off" not in str(e.value)


def test_a_string_left_open_on_its_line_is_told_where(tmp_path):
    path = write(tmp_path, FOOTMAN + '[[steps]]\ndo = "P1: end\nsay = "x"\n')
    with pytest.raises(ScenarioError) as e:
        load(path, inside=None)
    line = FOOTMAN.count("\n") + 2
    assert str(e.value) == (
        f"{path}: not valid TOML at line {line}, column 14: illegal character '\\n' "
        "(a string not closed on its line)"
    )


# -- puzzles --------------------------------------------------------------------------------


def test_a_puzzle_whose_last_step_checks_only_what_a_seat_sees_is_solved_by_its_steps(tmp_path):
    path = write(
        tmp_path,
        FOOTMAN + "[[steps]]\ndo = 'P1: end'\nthen = { sees = { seat = 'P2', log = ['End'] } }\n",
    )
    walk = Walkthrough(load(path, inside=None))
    assert walk.goal is None


def test_a_coe_character_may_be_staggered_or_have_used_a_skill_it_has(tmp_path):
    staggered = COE.replace(
        'characters = ["Tidecrown Squire"]',
        'characters = [{ card = "Tidecrown Squire", this_turn = { staggered = true } }]',
    )
    check = (
        "cards = [{ card = 'Tidecrown Squire', zone = 'P2 characters', values = { DEF = %d } }]\n"
    )
    _, results = run(tmp_path, staggered + check % 0)
    assert problems(results) == []
    _, results = run(tmp_path, COE + check % 2)
    assert problems(results) == []
    path = write(
        tmp_path,
        COE.replace("[start]\n", "").replace(
            '"Nyx Quillfeather, Syndicate Knife",',
            '{ card = "Nyx Quillfeather, Syndicate Knife", this_turn = { skill_4 = true } },',
        ),
    )
    with pytest.raises(ScenarioError) as e:
        build(load(path, inside=None), get("coe"), str(path))
    assert str(e.value) == (
        f"{path}: seats[0].zones.characters[0].this_turn.skill_4: "
        "Nyx Quillfeather, Syndicate Knife has no skill 4"
    )
