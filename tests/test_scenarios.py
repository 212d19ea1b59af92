"""Every scenario file under tests/scenarios/ runs and passes; the scenario format itself."""

import json
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.engine import apply, parse, to_act
from tabletop.engine.scenario import ScenarioError, build, load, run_file
from tabletop.games import get, registry

HERE = Path(__file__).parent / "scenarios"
FILES = sorted(p for p in HERE.rglob("*") if p.suffix in (".toml", ".json"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario_file_passes(path):
    results = run_file(path, registry())
    failed = [r for r in results if not r.ok]
    assert results and not failed, "\n".join(f"step {r.index} {r.do}: {r.problems}" for r in failed)


@pytest.mark.parametrize("game", sorted(registry()))
def test_every_game_has_at_least_ten_scenarios_walking_its_rulebook(game):
    """Ten a game; a way of playing another (ARC-mage's team formats) walks its own rules,
    two at least, in its own folder."""
    files = [p for p in FILES if p.parent.name == game]
    assert len(files) >= (10 if registry()[game].variant_of is None else 2)
    for p in files:
        assert load(p, inside=None).game == game


def write(tmp_path, text, name="s.toml"):
    path = tmp_path / name
    path.write_text(text)
    return path


BASE = """
game = "ewc"
title = "t"
decks = ["ember_vanguard", "windrunner"]
phase = "training"
"""


def test_a_listed_zone_holds_exactly_the_cards_listed(tmp_path):
    path = write(
        tmp_path,
        BASE
        + """
[[seats]]
values = { tp = 3, life = 7 }
[seats.zones]
hand = ["Iron Sword", { card = "Chainmail", damage = 0 }]
deck = ["Iron Sword"]
""",
    )
    state = build(load(path, inside=None), get("ewc"))
    names = [state.cards[c].card.name for c in state.zones[(0, "hand")]]
    assert names == ["Iron Sword", "Chainmail"]
    assert [state.cards[c].card.name for c in state.zones[(0, "deck")]] == ["Iron Sword"]
    assert state.data.tp[0] == 3
    assert state.phase == "training" and state.active == 0


def test_a_misspelt_zone_is_refused_naming_the_file_and_field(tmp_path):
    path = write(
        tmp_path,
        BASE
        + """
[[seats]]
[seats.zones]
feild = ["Iron Sword"]
""",
    )
    with pytest.raises(ScenarioError) as e:
        build(load(path, inside=None), get("ewc"), str(path))
    assert f"{path}: seats[0].zones.feild: EWC has no zone 'feild'" in str(e.value)


def test_an_unknown_field_or_card_is_one_clear_message(tmp_path):
    path = write(tmp_path, BASE + 'colour = "red"\n')
    with pytest.raises(ScenarioError, match=r"s\.toml: colour: not a field"):
        load(path, inside=None)
    path = write(tmp_path, BASE + '[[seats]]\n[seats.zones]\nhand = ["Excalibur"]\n')
    with pytest.raises(ScenarioError, match="has no card named 'Excalibur'"):
        build(load(path, inside=None), get("ewc"), str(path))


def test_a_value_out_of_range_is_refused(tmp_path):
    path = write(tmp_path, BASE + "[[seats]]\nvalues = { life = 99 }\n")
    with pytest.raises(ScenarioError, match="Life is 1 to"):
        build(load(path, inside=None), get("ewc"), str(path))


def test_broken_toml_is_refused_not_crashed(tmp_path):
    path = write(tmp_path, BASE + "steps = [\n")  # an array never closed: cut off
    with pytest.raises(
        ScenarioError,
        match=r"s\.toml: not valid TOML at the end of the file \(line 6, column 10\): invalid",
    ):
        load(path, inside=None)
    path = write(tmp_path, BASE + "steps = [[1, 2]\nx = \n")
    with pytest.raises(
        ScenarioError, match=r"s\.toml: not valid TOML at line 7, column 1: unclosed"
    ):
        load(path, inside=None)


def test_json_scenarios_read_like_toml(tmp_path):
    path = write(
        tmp_path,
        json.dumps(
            {
                "game": "ewc",
                "title": "t",
                "phase": "training",
                "decks": ["ember_vanguard", "windrunner"],
                "steps": [{"do": "P1: end", "then": {"phase": "combat"}}],
            }
        ),
        "s.json",
    )
    assert [r.ok for r in run_file(path, registry())] == [True]


def test_a_wrong_expectation_fails_the_step_and_says_what_was_found(tmp_path):
    path = write(
        tmp_path,
        BASE
        + """
[[steps]]
do = "P1: end"
then = { phase = "training" }
[[steps]]
do = 'P1: play "Iron Sword"'
reason = "no such words"
""",
    )
    first, second = run_file(path, registry())
    assert not first.ok and first.problems == ["phase is 'combat', expected 'training'"]
    assert not second.ok


def test_scenario_verb_prints_a_json_line_per_step_and_a_total(tmp_path, capsys):
    good = write(
        tmp_path, BASE + '[[steps]]\ndo = "P1: end"\nthen = { phase = "combat" }\n', "good.toml"
    )
    bad = write(tmp_path, BASE + '[[steps]]\ndo = "P1: end"\nthen = { turn = 9 }\n', "bad.toml")
    assert main(["scenario", str(good)]) == 0
    assert main(["scenario", str(good), str(bad)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == "1 passed, 1 failed"
    step = json.loads(lines[-2])
    assert step["file"] == str(bad) and step["ok"] is False and "turn is 1" in step["problems"][0]


# -- positions inside setup --------------------------------------------------------------------


def test_in_a_setup_step_the_seats_before_the_active_one_have_done_it(tmp_path):
    path = write(
        tmp_path,
        """
game = "ewc"
title = "t"
decks = ["ember_vanguard", "windrunner", "hexblade"]
active = "P2"
phase = "setup"
""",
    )
    state = build(load(path, inside=None), get("ewc"))
    assert state.phase == "setup" and to_act(state) == 1
    assert state.data.kept == [True, False, False] and state.data.first is None
    apply(state, parse(state, "P2: keep"))
    assert state.phase == "setup" and state.active == 2, "Player 3 decides next"


def test_when_the_first_seat_finishes_placing_the_second_places(tmp_path):
    path = write(
        tmp_path,
        """
game = "wota"
title = "t"
active = "P1"
phase = "setup"
[table]
c1 = [{ card = "Mystic Stone", owner = "P1", face_down = true }]
a2 = [{ card = "Footman", owner = "P1" }]
""",
    )
    state = build(load(path, inside=None), get("wota"))
    assert state.data.ready == [False, False] and state.data.placed == [1, 0]
    apply(state, parse(state, "P1: ready"))
    assert (state.phase, state.active) == ("setup", 1)


@pytest.mark.parametrize(
    "founded, first, next_to_found",
    [
        (["P2"], 1, 0),  # Player 2 went first; Player 3 founds, then Player 1
        (["P1", "P2"], 0, None),  # Player 1 went first; Player 3 is the last to found
    ],
)
def test_founding_began_with_the_founders_just_before_the_active_seat(
    tmp_path, founded, first, next_to_found
):
    cities = {"P1": "Cinderhold", "P2": "Briarmoor"}
    seats = "".join(
        f'[[seats]]\n[seats.zones]\ncity1 = ["{cities[p]}"]\n' if p in founded else "[[seats]]\n"
        for p in ("P1", "P2", "P3")
    )
    path = write(
        tmp_path,
        f"""
game = "arcmage"
title = "t"
decks = ["emberfang_raiders", "thornwood_circle", "emberfang_raiders"]
active = "P3"
phase = "found"
{seats}""",
    )
    state = build(load(path, inside=None), get("arcmage"))
    assert state.data.first == first
    apply(state, parse(state, 'P3: found "Ashpit Forge"'))
    if next_to_found is None:
        assert (state.phase, state.active, state.turn) == ("draw", first, 1)
    else:
        assert (state.phase, state.active) == ("found", next_to_found)


def test_a_phase_that_plays_itself_is_played_out_with_the_files_random_results(tmp_path):
    path = write(
        tmp_path,
        """
game = "ewc"
title = "t"
decks = ["ember_vanguard", "windrunner"]
phase = "initiative"
random = [6, 1]                  # Kael 6 + 1 = 7, Lyra 1 + 3 = 4
""",
    )
    state = build(load(path, inside=None), get("ewc"))
    assert (state.phase, state.active, state.turn) == ("training", 0, 1)
    assert state.data.first == 0
    assert len(state.zones[(1, "hand")]) == 3, "Lyra's ability: draw 1 after setup"


def test_a_random_result_a_played_out_phase_cannot_use_is_one_clear_message(tmp_path):
    path = write(
        tmp_path,
        """
game = "wota"
title = "t"
phase = "coin"
random = [4]
""",
    )
    with pytest.raises(
        ScenarioError,
        match=r"phase: 'coin' cannot be played out: "
        r"forced random result 4 is outside 0\.\.1",
    ):
        build(load(path, inside=None), get("wota"), str(path))


def test_start_checks_the_position_as_step_zero(tmp_path):
    text = """
game = "wota"
title = "t"
phase = "coin"
random = [1]                     # tails: Player 2 goes first
[table]
c1 = [{ card = "Mystic Stone", owner = "P1", face_down = true }]
c5 = [{ card = "Mystic Stone", owner = "P2", face_down = true }]
[start]
"""
    good = write(tmp_path, text + 'active = "P2"\nphase = "main"\n', "good.toml")
    bad = write(tmp_path, text + 'active = "P1"\n', "bad.toml")
    [result] = run_file(good, registry())
    assert (result.index, result.ok) == (0, True)
    [result] = run_file(bad, registry())
    assert (result.index, result.ok) == (0, False)
    assert result.problems == ["active is P2, expected P1"]


# -- naming the copy in a zone -----------------------------------------------------------------

COPIES = """
game = "arcmage"
title = "t"
decks = ["emberfang_raiders", "thornwood_circle"]
turn = 5
phase = "play1"
[[seats]]
[seats.zones]
hand = ["Ashfang Skirmisher"]
deck = ["Ashfang Skirmisher", "Cinder Runt"]
city1 = ["Cinderhold"]
[[seats]]
[seats.zones]
city1 = ["Briarmoor"]
unbuilt = []
"""


def test_a_step_names_the_copy_in_a_zone(tmp_path):
    path = write(
        tmp_path,
        COPIES
        + """
[[steps]]
do = 'P1: play "Ashfang Skirmisher" in "P1 hand" -> "Cinderhold" in "P1 city1"'
reason = "pay the card's cost"
[[steps]]
do = 'P1: play "Ashfang Skirmisher" in "P1 deck" -> "Cinderhold" in "P1 city1"'
reason = "not in your hand"
[[steps]]
do = 'P1: play "Ashfang Skirmisher" in "P1 graveyard" -> "Cinderhold" in "P1 city1"'
""",
    )
    first, second, third = run_file(path, registry())
    assert first.ok and second.ok, (first.problems, second.problems)
    assert third.problems == [
        f"{path}: steps[2].do: cannot read the action: no card called 'Ashfang Skirmisher' "
        "is in P1 graveyard"
    ]


def test_a_card_named_without_a_zone_while_copies_lie_in_several_zones_is_not_played(tmp_path):
    """A name whose copies are in the hand and the deck could mean either: the step says so
    (the file and the field, where the copies are), rather than being refused, or passing,
    for whichever copy it took."""
    path = write(
        tmp_path,
        COPIES
        + """
[[steps]]
do = 'P1: play "Ashfang Skirmisher" -> "Cinderhold" in "P1 city1"'
reason = "pay the card's cost"
""",
    )
    [result] = run_file(path, registry())
    assert not result.ok and result.reason is None, "the step is not played"
    assert result.problems == [
        f'{path}: steps[0].do: "Ashfang Skirmisher" has copies in P1 deck, P1 hand: say '
        'which, as "Ashfang Skirmisher" in "P1 hand"'
    ]


def test_a_refused_step_says_which_copy_it_took_when_copies_are_in_several_zones(tmp_path):
    path = write(
        tmp_path,
        COPIES
        + """
[[steps]]
do = 'P1: play "Ashfang Skirmisher" in "P1 deck" -> "Cinderhold" in "P1 unbuilt"'
[[steps]]
do = 'P1: play "Cinder Runt" -> "Briarmoor"'
reason = "no such words"
""",
    )
    first, second = run_file(path, registry())
    assert first.problems == [
        "refused: ARC-mage, Playing a card: Ashfang Skirmisher is not in your hand",
        'took the copy of "Ashfang Skirmisher" in P1 deck (copies are in P1 deck, P1 hand: '
        'write "Ashfang Skirmisher" in "P1 hand" for another)',
        'took the copy of "Cinderhold" in P1 unbuilt (copies are in P1 city1, P1 unbuilt: '
        'write "Cinderhold" in "P1 city1" for another)',
    ]
    # One copy only (Cinder Runt), or one zone only (Briarmoor): nothing more to say.
    assert len(second.problems) == 1 and "does not say 'no such words'" in second.problems[0]


def test_sees_checks_what_a_seat_is_shown_and_says_what_it_found(tmp_path):
    path = write(
        tmp_path,
        BASE
        + """
[[seats]]
[seats.zones]
hand = ["Iron Sword"]

[[seats]]
[seats.zones]
hand = ["Parry"]

[[steps]]
do = "P1: end"
[steps.then]
sees = [
    { seat = "P2", log = ["Combat"], not_shown = ["Iron Sword"], hidden = ["P1 hand"] },
    { seat = "P1", not_shown = ["Iron Sword"], hidden = ["P1 hand"], log = ["Parry"] },
]
""",
    )
    (result,) = run_file(path, registry())
    assert not result.ok
    # Player 2's checks pass: it sees the phase change and not Player 1's hand.
    assert result.problems == [
        "P1's log does not show 'Parry' (it shows ['Player 1: Combat Phase'])",
        "P1 is shown 'Iron Sword': 'Iron Sword'",
        "P1 sees Iron Sword in P1 hand",
    ]
