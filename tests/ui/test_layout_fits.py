"""Every game's table lays out at every size: each game (its team formats too) at each seat
count it takes, at several positions of seeded games, at every text size of Settings and
in windows from 1024×600 to 1920×1080, with a card read in the hover panel and a long
refusal over the log. Nothing the table draws overlaps what it must not, leaves its
container or the window, no card lies under the bar, a plate or a button or over another
seat's area, cards in a row with room for them lie side by side, and the log stays
readable (``tabletop.ui.layout_check``, which ``tabletop screenshot --check-layout`` runs
too)."""

import itertools

import pytest

from tabletop.bots import make as make_bot
from tabletop.engine import HIDDEN, Event, Match, pick_decks, to_act
from tabletop.games import get, registry
from tabletop.services.settings import UI_SCALES
from tabletop.ui.dice import ROLL_SECONDS, DieRoll
from tabletop.ui.layout_check import problems
from tabletop.ui.table import Setup, TableScene

GAMES = ("ewc", "wota", "arcmage", "eoc", "coe")
SEED = 3
TURNS = 4
POSITIONS = ((3, 4), (7, 8), (11, 2))  # (seed, turns played before the position)
SIZES = ((1024, 600), (1280, 720), (1600, 900), (1920, 1080))
CASES = [
    (gid, seats)
    for gid, game in registry().items()
    for seats in range(game.min_seats, game.max_seats + 1)
]
LONG = (
    "A refusal as long as the longest the games say: the rule's own words, the card it "
    "names, and what would work instead, so that the message box above the log takes "
    "four or five lines of the panel"
)


def mid_game(
    app, game_id: str, scale: float, seats: int | None = None, seed: int = SEED, turns=TURNS
) -> TableScene:
    """A game played greedy against greedy for some turns, then shown to Player 1 against
    the computer at Player 1's next decision, at the text size ``scale``."""
    game = get(game_id)
    seats = seats or game.min_seats
    decks = pick_decks(game, seats, seed)
    bots = [make_bot("greedy", seed + i) for i in range(seats)]
    match = Match(game, decks, seed)
    state = match.state
    while not state.over and (state.turn <= turns or to_act(state) != 0):
        seat = to_act(state)
        match.apply(bots[seat](match.view(seat)))
    app.settings = app.settings.model_copy(update={"ui_scale": scale})
    table = TableScene(
        app,
        Setup(
            game, decks, ["human"] + ["greedy"] * (seats - 1), seed, actions=match.record.actions
        ),
        instant=True,
    )
    app.go(table)
    table.settle()
    return table


def _read_a_card(table: TableScene) -> None:
    """The hover panel reads the near seat's card with the most to say about its state."""
    near = [
        i for i in table.view.cards.values() if i.zone[0] == table.near and i.card is not HIDDEN
    ]
    if not near:
        return
    inst = max(near, key=lambda i: (len(table.spec.card_state(table.view, i)), i.id))
    table.zoomed, table.zoomed_id = inst.card, inst.id


def _roll_for_a_card(table: TableScene) -> None:
    """A die landed beside the near seat's first card in play, with its total."""
    mine = [c for c, i in table.view.cards.items() if i.zone[0] == table.near]
    mine = [c for c in mine if c in table.sprites and table.view.cards[c].zone[1] != "hand"]
    table.dice = [d for d in table.dice if not isinstance(d, DieRoll)]
    if mine:
        table._add_die(Event("roll", "a roll", table.near, (mine[0],), ("attack", 5, 12)), 0)
        table.dice[-1].t = ROLL_SECONDS


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_the_table_lays_out_at_every_size_text_size_and_position(app, game_id, seats):
    found = []
    for seed, turns in POSITIONS:
        table = mid_game(app, game_id, 1.0, seats, seed, turns)
        _read_a_card(table)
        for size, scale in itertools.product(SIZES, UI_SCALES):
            app.settings = app.settings.model_copy(update={"ui_scale": scale})
            app.resize(size)
            assert table.layout.size == size
            table.say(LONG, seconds=60)
            _roll_for_a_card(table)
            table._outcome(Event("outcome", "4 DMG against 3 DEF: a hit", value=("hit",)))
            found += [f"seed {seed}, {size}, {scale:.0%}: {p}" for p in problems(table)]
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} in all)"


def test_the_layout_check_sees_an_overlap_and_a_card_under_the_bar(app):
    table = mid_game(app, "ewc", 1.0)
    assert problems(table) == []
    sprite = next(iter(table.sprites.values()))
    sprite.x, sprite.y = table.layout.bar.center
    assert any("goes under the phase bar" in p for p in problems(table))
    table._sync(snap=True)
    assert problems(table) == []
    table.layout.log.height = table.layout.px(30)  # a log with no room for its lines
    assert any("the log shows" in p for p in problems(table))


def test_the_layout_check_sees_a_card_over_another_seats_area_and_cards_piled_in_a_row(app):
    table = mid_game(app, "ewc", 1.0)
    theirs = next(p for p in table.layout.placed if p.key[0] == 1 and p.area.style == "row")
    mine = next(
        c
        for c, i in table.view.cards.items()
        if i.zone[0] == 0 and c in table.sprites and i.zone[1] != "hand"
    )
    table.sprites[mine].x, table.sprites[mine].y = theirs.rect.center
    assert any("lies over" in p for p in problems(table))
    table._sync(snap=True)
    row = next(
        p
        for p in table.layout.placed
        if p.area.style == "row"
        and len([c for c in table.view.zones[p.key] if c in table.sprites]) > 1
    )
    a, b = [c for c in table.view.zones[row.key] if c in table.sprites][:2]
    table.sprites[b].x, table.sprites[b].y = table.sprites[a].x, table.sprites[a].y
    assert any("overlap in" in p for p in problems(table))


def test_a_long_name_on_the_bar_is_clipped_to_its_place(app):
    table = mid_game(app, "arcmage", max(UI_SCALES), 4)
    table.known_as = lambda seat: "Bartholomew of the Very Long Name " * 4
    laid = table.bar_layout()
    assert laid.title.width <= table.layout.bar.width // 5
    assert problems(table) == []
