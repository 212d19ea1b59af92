"""The screens around the table: title, choose a game, a mode, the decks (:mod:`.deck_choice`);
game over; saved games, replays, puzzles."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from pathlib import Path

import pygame

from ..engine import DeckList, Game
from ..engine.files import safe_text
from ..games import registry
from ..services.saves import JOINING
from . import theme
from .deck_choice import DeckChoiceScene
from .table import Setup, TableScene
from .widgets import Button, ButtonScene, Scene, draw_wrapped

MODES = (
    ("hotseat", "Two players (hot-seat)", "Two people, one screen; hands hidden between turns"),
    ("computer", "Versus computer: Easy", "It overlooks things, as a beginner does"),
    ("computer", "Versus computer: Normal", "It weighs every move one step ahead"),
    ("computer", "Versus computer: Hard", "It plays on in its head, over the cards it cannot see"),
)
LEVEL_OF = {
    "Versus computer: Easy": "easy",
    "Versus computer: Normal": "normal",
    "Versus computer: Hard": "hard",
}


class MenuScene(ButtonScene):
    """A title, a column of buttons and an optional line under them; Esc goes back."""

    title = ""
    subtitle = ""

    def __init__(self, app, back: Callable[[], Scene] | None = None):
        self.back = back
        super().__init__(app)

    def entries(self) -> list[tuple[str, str, Callable[[], None] | None]]:
        return []

    def footer(self) -> int:
        """Pixels kept free under the buttons (for the words a screen writes there)."""
        return 0

    def layout_buttons(self) -> None:
        w, h = self.app.size
        entries = self.entries()
        bw = self.s(520)
        bh, gap = (self.s(62), self.s(12)) if len(entries) <= 5 else (self.s(48), self.s(8))
        first = self.s(240)  # under the title band
        bottom = h - self.footer() - self.s(12)
        need = len(entries) * (bh + gap)
        if need > bottom - first and entries:  # closer and lower, down to a readable size
            k = max(0.6, (bottom - first) / need)
            bh, gap = max(self.s(34), round(bh * k)), max(2, round(gap * k))
            need = len(entries) * (bh + gap)
        top = max(first, min(h // 2 - need // 2 + self.s(40), bottom - need))
        self.buttons = []
        for i, (label, detail, fn) in enumerate(entries):
            rect = pygame.Rect(0, 0, bw, bh)
            rect.midtop = (w // 2, top + i * (bh + gap))
            self.buttons.append(Button(rect, label, fn, detail=detail))
        self.dirty = True

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE and self.back:
            self.app.go(self.back())

    def draw(self, surface: pygame.Surface) -> None:
        w = self.app.size[0]
        surface.fill(theme.BG)
        pygame.draw.rect(surface, theme.FELT, pygame.Rect(0, self.s(70), w, self.s(150)))
        theme.draw_text(
            surface,
            self.title,
            (w // 2, self.s(110)),
            self.s(44),
            theme.GOLD,
            "title",
            anchor="center",
        )
        if self.subtitle:
            theme.draw_text(
                surface,
                self.subtitle,
                (w // 2, self.s(170)),
                self.s(18),
                theme.INK_DIM,
                anchor="center",
            )
        mouse = self.app.input.pos
        for b in self.buttons:
            b.draw(surface, mouse, self.s(18))
        if self.back:
            self.draw_back_button(surface)


def set_aside_summary(problems: list[str], where: Path, most: int = 2) -> list[str]:
    """What the title says of saved games it set aside: each in full when there are few,
    else how many, which, and where they went (the log has every reason)."""
    if len(problems) <= most:
        return problems
    names = [p.split(": ", 1)[0] for p in problems]
    shown = ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")
    moved = sum("; moved to " in p for p in problems)
    went = (
        f"were moved to {safe_text(where)}"
        if moved == len(problems)
        else "stay where they are"
        if not moved
        else f"were moved to {safe_text(where)} or stay where they are"
    )
    return [
        f"{len(problems)} saved games could not be used and {went}: {shown}. "
        "The log says why for each."
    ]


class TitleScene(MenuScene):
    title = "Tabletop"
    subtitle = "Indie trading-card games, with the rules enforced"

    def __init__(self, app, message: str = ""):
        from ..system.logs import log

        entries, refused = app.store.listing()
        for problem in refused:
            log.warning("saved game set aside: %s", problem)
        # Problems to report: a settings file or saved games that had to be set aside.
        self.message = "\n".join(
            [message] * bool(message) + set_aside_summary(refused, app.store.refused)
        )
        self.last = next((e for e in entries if not e.save.finished), None)
        super().__init__(app)

    def entries(self):
        out = [
            ("New game", "", lambda: self.app.go(GameScene(self.app))),
            ("Join a game", "", self._join),
        ]
        if self.last is not None:
            last = self.last.save
            out.append(
                (
                    "Continue",
                    f"{save_label(last)} · {save_when(last)}",
                    lambda: open_save(self.app, self.last.path),
                )
            )
        out += [
            ("Load game", "", lambda: self.app.go(SavesScene(self.app, "saves"))),
            ("Replays", "", lambda: self.app.go(SavesScene(self.app, "replays"))),
            ("Puzzles", "", lambda: self.app.go(PuzzlesScene(self.app))),
            ("Decks", "", lambda: self.app.go(GameScene(self.app, decks=True))),
            ("Settings", "", self._settings),
            ("Quit", "", self.app.quit),
        ]
        return out

    def _settings(self) -> None:
        from .settings_scene import SettingsScene

        self.app.go(SettingsScene(self.app, back=lambda: TitleScene(self.app)))

    def _join(self) -> None:
        from .network_scenes import JoinScene

        self.app.go(JoinScene(self.app))

    def _message_lines(self) -> list[str]:
        w, _ = self.app.size
        return theme.wrap(self.message, theme.font(self.s(14)), w - self.s(120))

    def footer(self) -> int:
        if not self.message:
            return 0
        return len(self._message_lines()) * theme.font(self.s(14)).get_linesize() + self.s(16)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.message:  # under the buttons, as many lines as it takes
            w, h = self.app.size
            size = self.s(14)
            lines = self._message_lines()
            height = len(lines) * theme.font(size).get_linesize()
            draw_wrapped(
                surface,
                self.message,
                pygame.Rect(self.s(60), h - self.s(16) - height, w - self.s(120), height),
                size,
                theme.DANGER,
                center=True,
            )


class GameScene(MenuScene):
    """The games, to play one or (``decks``) to build decks for one."""

    title = "Choose a game"

    def __init__(self, app, decks: bool = False):
        self.decks = decks
        if decks:
            self.title = "Decks: choose a game"
        super().__init__(app, back=lambda: TitleScene(app))

    def entries(self):
        games = [g for g in registry().values() if g.variant_of is None]
        return [(game.name, game.tagline, lambda g=game: self._open(g)) for game in games]

    def _open(self, game: Game) -> None:
        if not self.decks:
            self.app.go(ModeScene(self.app, game))
            return
        from .decks_scene import DecksScene

        self.app.go(DecksScene(self.app, game, back=lambda: GameScene(self.app, decks=True)))


class ModeScene(MenuScene):
    subtitle = "How will you play?"

    def __init__(self, app, game: Game):
        self.game = game
        self.title = game.name
        super().__init__(app, back=lambda: GameScene(app))

    def entries(self):
        last = self.app.settings.bot
        out = [
            (
                label,
                words + (" · your last choice" if LEVEL_OF.get(label) == last else ""),
                lambda m=mode, label=label: self._choose(m, LEVEL_OF.get(label)),
            )
            for mode, label, words in MODES
        ]
        variants = [v for v in registry().values() if v.variant_of == self.game.id]
        for variant in variants:  # the game's other ways of playing (team formats)
            name = variant.name.split(": ", 1)[-1]
            out.append(
                (
                    f"Teams: {name}",
                    f"{variant.tagline} · people or the computer in any seat",
                    lambda v=variant: self.app.go(DeckScene(self.app, v, "hotseat")),
                )
            )
        out.append(
            (
                "Host on the network",
                "People join from their own computers" + (" · teams too" if variants else ""),
                lambda: self._host(variants),
            )
        )
        return out

    def _host(self, variants: list[Game]) -> None:
        from .network_scenes import HostScene

        if variants:  # which way of playing, first
            self.app.go(HostFormatScene(self.app, self.game, variants))
        else:
            self.app.go(HostScene(self.app, self.game))

    def _choose(self, mode: str, level: str | None) -> None:
        """The level chosen here is the one Settings shows, and is kept for next time."""
        if level is not None and level != self.app.settings.bot:
            self.app.settings.bot = level
            self.app.save_settings()
        self.app.go(DeckScene(self.app, self.game, mode))


class HostFormatScene(MenuScene):
    """A game hosted on the network that has team formats: which way of playing."""

    subtitle = "Host on the network: which way of playing?"

    def __init__(self, app, game: Game, variants: list[Game]):
        self.game, self.variants = game, variants
        self.title = game.name
        super().__init__(app, back=lambda: ModeScene(app, game))

    def entries(self):
        from .network_scenes import HostScene

        out = [
            (self.game.name, self.game.tagline, lambda: self.app.go(HostScene(self.app, self.game)))
        ]
        for v in self.variants:
            name = v.name.split(": ", 1)[-1]
            out.append(
                (f"Teams: {name}", v.tagline, lambda v=v: self.app.go(HostScene(self.app, v)))
            )
        return out


class DeckScene(DeckChoiceScene):
    """Deck choice reached from a game's ways to play (:mod:`.deck_choice`): Esc goes back
    to them, Start to the table."""

    def leave(self) -> None:
        home = registry().get(self.game.variant_of or "", self.game)
        self.app.go(ModeScene(self.app, home))

    def play(self, decks: list[DeckList], seats: list[str]) -> None:
        setup = Setup(self.game, decks, seats, random.randrange(1, 2**31), save=True)
        self.app.go(new_table(self.app, setup))


def new_table(app, setup: Setup) -> TableScene:
    return TableScene(app, setup, on_over=lambda table: app.go(GameOverScene(app, table)))


ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


class GameOverScene(ButtonScene):
    """The final table, dimmed, with who won and the way on."""

    def __init__(self, app, table: TableScene):
        self.table = table
        state = table.state
        if state.winners:
            names = " and ".join(state.seat_names[s] for s in state.winners)
            humans = [i for i, seat in enumerate(table.seats) if not seat.is_bot]
            if len(humans) == 1:
                won = [table.known_as(s) for s in state.winners]
                self.headline = (
                    "You win!"
                    if humans[0] in state.winners
                    else "The computer wins"
                    if won == ["Computer"]
                    else f"{' and '.join(won)} {'wins' if len(won) == 1 else 'win'}!"
                )
            else:
                self.headline = f"{names} {'wins' if len(state.winners) == 1 else 'win'}!"
        else:
            self.headline = "A draw"
        # Why it ended, told just before the win: the rule that decided it ("Kael's Life
        # reached 0") or a concession; else the announcement itself ("... by stalemate: ...").
        wins = [i for i, e in enumerate(table.events) if e.kind == "win"]
        self.detail = ""
        if wins:
            at = wins[-1]
            before = table.events[at - 1] if at else None
            told = (
                before
                if before is not None and before.kind in ("ended", "concede")
                else table.events[at]
            )
            self.detail = told.text_for(table.near)
        # Three or four players: every seat ranked, the winners first, then the last out.
        self.ranks: list[str] = []
        if state.seats > 2:
            out = table.out_order
            for place, seat in enumerate(table.ranking(), 1):
                how = (
                    "won"
                    if seat in state.winners
                    else f"out {ORDINALS[out.index(seat)]}"
                    if seat in out
                    else "still in at the end"
                )
                self.ranks.append(f"{ORDINALS[place - 1]}   {table.known_as(seat)} · {how}")
        self.snapshot: pygame.Surface | None = None
        super().__init__(app)

    def layout_buttons(self) -> None:
        w, h = self.app.size
        self.buttons = []
        below = self.s(26) * len(self.ranks) + (self.s(16) if self.ranks else 0)
        choices = [("Play again", self._again)] if self.table.again else []
        for i, (label, fn) in enumerate([*choices, ("Back to title", self._title)]):
            rect = pygame.Rect(0, 0, self.s(300), self.s(54))
            rect.midtop = (w // 2, h // 2 + self.s(40) + below + i * self.s(66))
            self.buttons.append(Button(rect, label, fn))
        self.snapshot = None
        self.dirty = True

    def resize(self, size) -> None:
        self.table.resize(size)
        self.layout_buttons()

    def _again(self) -> None:
        old = self.table.setup
        setup = dataclasses.replace(
            old, seed=random.randrange(1, 2**31), actions=[], save_path=None
        )
        self.app.go(new_table(self.app, setup))

    def _title(self) -> None:
        self.app.go(TitleScene(self.app))

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self._title()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        if self.snapshot is None:
            self.snapshot = pygame.Surface((w, h)).convert()
            self.table.paused = False
            with theme.text_scale(1.0):  # the table lays out its own text size
                self.table.draw_still(self.snapshot)
            shade = pygame.Surface((w, h), pygame.SRCALPHA)
            shade.fill((0, 0, 0, 160))
            self.snapshot.blit(shade, (0, 0))
        surface.blit(self.snapshot, (0, 0))
        # On a plate of its own, so that nothing of the table shows through the words.
        head = theme.text(self.headline, self.s(52), theme.GOLD, "title")
        why = theme.text(self.detail, self.s(18), theme.INK) if self.detail else None
        plate = head.get_rect(center=(w // 2, h // 2 - self.s(70)))
        if why is not None:
            plate.union_ip(why.get_rect(center=(w // 2, h // 2 - self.s(20))))
        theme.panel(surface, plate.inflate(self.s(56), self.s(28)), alpha=240)
        surface.blit(head, head.get_rect(center=(w // 2, h // 2 - self.s(70))))
        if why is not None:
            surface.blit(why, why.get_rect(center=(w // 2, h // 2 - self.s(20))))
        if self.ranks:
            top = h // 2 + self.s(24)
            box = pygame.Rect(0, 0, self.s(420), self.s(26) * len(self.ranks) + self.s(12))
            box.midtop = (w // 2, top)
            theme.panel(surface, box, alpha=240)
            for i, line in enumerate(self.ranks):
                theme.draw_text(
                    surface,
                    line,
                    (box.left + self.s(24), top + self.s(8) + i * self.s(26)),
                    self.s(17),
                    theme.GOLD if i == 0 else theme.INK,
                    "bold" if i == 0 else "regular",
                )
        mouse = self.app.input.pos
        for b in self.buttons:
            b.draw(surface, mouse, self.s(18))


# -- saved games, replays, puzzles ------------------------------------------------------------
def save_label(save) -> str:
    """A saved game in a few words: its game, seats and turn."""
    game = registry().get(save.record.game)
    name = game.name if game else safe_text(save.record.game)  # a game this version lacks
    return f"{name} · {save.describe_seats()} · turn {save.turn}"


def save_when(save) -> str:
    """When a game was saved, in local time (in UTC where local time cannot hold it: a save
    of the year 9999, say)."""
    try:
        return save.saved.astimezone().strftime("%a %d %b %Y, %H:%M")
    except (OverflowError, ValueError, OSError):
        return save.saved.strftime("%a %d %b %Y, %H:%M UTC")


def open_save(app, path: Path) -> None:
    """Resume a saved game on the table, or say why it cannot be."""
    from ..services.saves import SaveError

    try:
        save, _ = app.store.open(path, registry())
    except SaveError as e:
        app.go(SavesScene(app, "saves", problems=[str(e)]))
        return
    record = save.record
    if JOINING in save.seats:  # a network game: hosted again, the others join again
        from .network_scenes import resume_hosted

        resume_hosted(app, save, path)
        return
    setup = Setup(
        registry()[record.game],
        record.decks,
        save.seats,
        record.seed,
        actions=list(record.actions),
        save=True,
        save_path=path,
    )
    app.go(new_table(app, setup))


class ListScene(ButtonScene):
    """A title over a scrolling list of rows (a label, a detail line, an optional Delete),
    with problems in red under it. Esc goes back to the title."""

    title = ""
    empty = ""
    VISIBLE = 7

    def __init__(self, app, problems: list[str] | None = None):
        self.app = app
        self.problems = list(problems or [])
        self.scroll = 0
        self.rows: list[tuple[str, str, Callable[[], None], Callable[[], None] | None]] = []
        self.rows = self.load_rows()
        super().__init__(app)

    def load_rows(self) -> list[tuple[str, str, Callable[[], None], Callable[[], None] | None]]:
        raise NotImplementedError

    def refresh(self) -> None:
        self.rows = self.load_rows()
        self.scroll = min(self.scroll, max(0, len(self.rows) - self.VISIBLE))
        self.layout_buttons()

    def layout_buttons(self) -> None:
        w, _ = self.app.size
        self.buttons = []
        bh, gap = self.s(56), self.s(8)
        width = self.s(1040)  # a long puzzle title whole at the largest text size
        left = w // 2 - width // 2
        for i, (label, detail, fn, delete) in enumerate(
            self.rows[self.scroll : self.scroll + self.VISIBLE]
        ):
            top = self.s(120) + i * (bh + gap)
            main = pygame.Rect(left, top, width - (self.s(120) if delete else 0), bh)
            self.buttons.append(Button(main, label, fn, detail=detail))
            if delete:
                self.buttons.append(
                    Button(
                        pygame.Rect(main.right + self.s(10), top, self.s(110), bh), "Delete", delete
                    )
                )
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            most = max(0, len(self.rows) - self.VISIBLE)
            self.scroll = max(0, min(most, self.scroll - event.y))
            self.layout_buttons()
            return
        super().handle(event)

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.app.go(TitleScene(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        surface.fill(theme.BG)
        theme.draw_text(
            surface,
            self.title,
            (w // 2, self.s(60)),
            self.s(36),
            theme.GOLD,
            "title",
            anchor="center",
        )
        mouse = self.app.input.pos
        for b in self.buttons:
            b.draw(surface, mouse, self.s(17))
        if not self.rows:
            theme.draw_text(
                surface,
                self.empty,
                (w // 2, self.s(200)),
                self.s(18),
                theme.INK_DIM,
                anchor="center",
            )
        elif len(self.rows) > self.VISIBLE:
            first = self.scroll + 1
            last = min(len(self.rows), self.scroll + self.VISIBLE)
            theme.draw_text(
                surface,
                f"{first}–{last} of {len(self.rows)} (scroll for more)",
                (w // 2, self.s(120) + self.VISIBLE * self.s(64) + self.s(6)),
                self.s(14),
                theme.INK_DIM,
                anchor="midtop",
            )
        y = h - self.s(40) - self.s(20) * len(self.problems[-4:])
        for line in self.problems[-4:]:
            draw_wrapped(
                surface,
                line,
                pygame.Rect(self.s(40), y, w - self.s(80), self.s(40)),
                self.s(13),
                theme.DANGER,
                center=True,
            )
            y += self.s(20)
        self.draw_back_button(surface)


class SavesScene(ListScene):
    """The saved games (resume one) or the replays (watch one), newest first."""

    def __init__(self, app, kind: str, problems: list[str] | None = None):
        self.kind = kind
        self.confirm: Path | None = None  # a file whose Delete was clicked once
        self.title = "Saved games" if kind == "saves" else "Replays"
        self.empty = (
            "No saved games: a game is saved at the start of every turn."
            if kind == "saves"
            else "No replays yet: every finished game is kept here."
        )
        super().__init__(app, problems)

    def load_rows(self):
        entries, problems = self.app.store.listing(self.kind)
        self.problems += problems
        rows = []
        for e in entries:
            label, detail = save_label(e.save), save_when(e.save)
            if e.save.finished:
                won = ", ".join(f"Player {s + 1}" for s in e.save.winners)
                detail += f" · {won + ' won' if won else 'a draw'}"
            rows.append(
                (label, detail, lambda p=e.path: self._open(p), lambda p=e.path: self._delete(p))
            )
        self.paths = [e.path for e in entries]
        return rows

    def layout_buttons(self) -> None:
        super().layout_buttons()
        shown = self.paths[self.scroll : self.scroll + self.VISIBLE]
        deletes = [b for b in self.buttons if b.label == "Delete"]
        for path, b in zip(shown, deletes, strict=True):
            if path == self.confirm:
                b.label, b.selected = "Sure?", True

    def _open(self, path: Path) -> None:
        if self.kind == "saves":
            open_save(self.app, path)
            return
        from ..services.saves import SaveError
        from .replay import ReplayScene

        try:
            save, _ = self.app.store.open(path, registry())
        except SaveError as e:
            self.problems.append(str(e))
            self.refresh()
            return
        self.app.go(ReplayScene(self.app, save))

    def _delete(self, path: Path) -> None:
        """A first click asks (the row's button says "Sure?"); the second deletes."""
        if self.confirm != path:
            self.confirm = path
            self.layout_buttons()
            return
        self.confirm = None
        self.app.store.delete(path)
        self.refresh()


class PuzzlesScene(ListScene):
    """Scenario files to play: those that come with the app and the player's own (in the
    ``puzzles`` folder of the data folder, or dropped onto the window)."""

    title = "Puzzles"
    empty = "No puzzles found."
    takes_files = True  # a scenario file dropped here is played

    def load_rows(self):
        from ..engine.scenario import ScenarioError, load, scenario_files
        from ..system.paths import puzzle_dirs

        games = registry()
        rows = []
        for path in scenario_files([d for d in puzzle_dirs() if d.is_dir()]):
            try:
                sc = load(path, inside=path.parent)
            except ScenarioError as e:
                self.problems.append(str(e).splitlines()[0])
                continue
            game = games.get(sc.game)
            if game is None:
                continue
            rows.append(
                (
                    f"{game.name}: {sc.title}",
                    sc.goal or sc.about,
                    lambda p=path: self.open(p, inside=p.parent),
                    None,
                )
            )
        return rows

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.DROPFILE:
            self.open(Path(event.file), inside=None)  # the player's own choice of file
            return
        super().handle(event)

    def open(self, path: Path, inside: Path | None) -> None:
        from ..engine.scenario import ScenarioError, build, load, run_steps, scenario_decks

        try:
            sc = load(path, inside=inside)
            game = registry().get(sc.game)
            if game is None:
                raise ScenarioError(f"{path.name}: game: no game {sc.game!r}")
            state = build(sc, game, path.name)
            # The file's own steps must play from its position (a die forced to 99, say,
            # would otherwise stop the game at the first roll).
            results = list(run_steps(sc, build(sc, game, path.name)))  # filled as it runs
            wrong = next((r for r in results if not r.ok), None)
            if wrong is not None:
                raise ScenarioError(
                    f"{path.name}: steps[{wrong.index - 1}] ({wrong.do}): "
                    f"{'; '.join(wrong.problems)}"
                )
        except ScenarioError as e:
            self.problems.append(str(e).splitlines()[0])
            self.dirty = True
            return
        except Exception as e:  # a position no check foresaw: still the file's, and named
            self.problems.append(
                f"{path.name}: cannot be played ({type(e).__name__}: {str(e)[:160]})"
            )
            self.dirty = True
            return
        decks = scenario_decks(sc, game)
        goal = f": {sc.goal}" if sc.goal else ""
        setup = Setup(
            game,
            decks,
            ["human"] * state.seats,
            sc.seed,
            start=state,
            curtain=False,
            title=f"Puzzle: {sc.title}{goal}",
            puzzle=sc,
        )
        self.app.go(new_table(self.app, setup))
