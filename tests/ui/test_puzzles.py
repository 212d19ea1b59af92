"""Puzzles follow the player: the hint comes from the position (the walk-through's next
step while it is followed, else the first of its steps that still applies, else the
computer), never a step the file expects refused; reaching the goal says "Solved"."""

import pygame

from tabletop.engine import parse
from tabletop.engine.scenario import build, load, scenario_decks
from tabletop.games import registry
from tabletop.system.paths import shipped
from tabletop.ui.table import Setup, TableScene

from .helpers import key

SCENARIOS = shipped("scenarios")


def puzzle(app, relative: str) -> TableScene:
    sc = load(SCENARIOS / relative, inside=None)
    game = registry()[sc.game]
    state = build(sc, game, relative)
    setup = Setup(
        game,
        scenario_decks(sc, game),
        ["human"] * state.seats,
        sc.seed,
        start=state,
        curtain=False,
        title=f"Puzzle: {sc.title}",
        puzzle=sc,
    )
    table = TableScene(app, setup)
    app.go(table)
    app.pump()
    return table


def sabotage(app) -> TableScene:
    name = next(p.name for p in (SCENARIOS / "ewc").iterdir() if "sabotage" in p.name)
    return puzzle(app, f"ewc/{name}")


def hint(app, table) -> str:
    key(app, pygame.K_h)
    return table.toast[0]


def test_a_puzzle_hint_is_its_next_legal_step_in_words_never_one_it_expects_refused(app):
    table = sabotage(app)
    words = hint(app, table)
    assert words.startswith("Activate Sabotage on Riposte.")
    assert "Parry" not in words and '"' not in words and "#" not in words
    assert {table.state.cards[c].card.name for c in table.hinted[0]} == {"Sabotage", "Riposte"}


def test_a_puzzle_says_solved_when_its_goal_is_reached_and_undo_takes_it_back(app):
    table = sabotage(app)
    assert not table.solved
    table.attempt(parse(table.state, 'P1: use "Sabotage" -> "Riposte"'))
    assert table.solved and table.toast[0].startswith("Solved!")
    assert any(e.text == "Solved: Turn Lyra's ready Riposte with Sabotage." for e in table.events)
    assert hint(app, table).startswith("Solved")
    table.settle()
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert not table.solved
    assert hint(app, table).startswith("Activate Sabotage on Riposte.")


def test_after_leaving_the_walk_through_the_hint_is_a_step_that_still_applies(app):
    table = puzzle(app, "arcmage/13_overrun_carries_surplus_damage_to_the_city.toml")
    state = table.state
    table.attempt(
        parse(state, 'P1: attack "Cinderboar Rider", "Hotblood Berserker" -> "Briarmoor"')
    )
    table.settle()
    assert hint(app, table).startswith("Grove Tender")  # the script's next block
    # P2 blocks otherwise than the script: the walk-through is left; its own next block
    # (the Tender before the Rider) still applies, and is what the hint now says.
    table.attempt(parse(state, 'P2: block "Bramble Warden" -> "Cinderboar Rider"'))
    table.settle()
    assert table.walk.followed[-1] is None
    words = hint(app, table)
    assert "Grove Tender" in words and "Cinderboar Rider" in words
    assert not table.solved


def test_every_shipped_puzzle_is_solved_by_its_own_walk_through(app):
    for path in sorted(SCENARIOS.rglob("*.toml"))[::9]:  # a spread of them, every game
        table = puzzle(app, str(path.relative_to(SCENARIOS)))
        for step in table.walk.steps:
            table.attempt(parse(table.state, step.do))
            table.settle()
        assert table.solved, path.name


def test_a_puzzle_step_played_at_the_table_gives_the_shuffle_its_file_forces(app, tmp_path):
    """A step's ``shuffled`` holds at the table as in the suite: the player who plays the
    walk-through's step gets the cards the file put on top."""
    from tests.test_scenario_checks import IN_HAND, REDRAW, TOP

    path = tmp_path / "redraw.toml"
    path.write_text(REDRAW + f'shuffled = {{ "P1 deck" = {TOP} }}\n' + IN_HAND)
    sc = load(path, inside=None)
    game = registry()[sc.game]
    setup = Setup(
        game,
        scenario_decks(sc, game),
        ["human"] * 2,
        sc.seed,
        start=build(sc, game, "redraw.toml"),
        curtain=False,
        title="Puzzle: redraw",
        puzzle=sc,
    )
    table = TableScene(app, setup)
    app.go(table)
    app.pump()
    table.attempt(parse(table.state, "P1: redraw"))
    hand = [table.state.cards[c].card.name for c in table.state.zones[(0, "hand")]]
    assert hand[:4] == ["Blazing Riposte", "Stunning Arc", "Ember Shard", "Stunning Arc"]
