"""The window and its loop: events in, scenes updated, frames drawn only when needed."""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

import pygame

from . import icon, theme
from .sound import Sounds
from .widgets import Scene

FPS = 60
# With nothing moving the loop sleeps a frame between looks at the event queue. (pygame's
# event.wait(timeout) polls inside and costs ~2.5% of a core by itself; sleeping costs 0.3%
# and answers input within one frame. Measured in docs/benchmarks.md.)
IDLE_SLEEP = 1 / FPS
NOTICE_SECONDS = 8.0  # how long the result of an import stays on screen (twice for a refusal)
NOTICE_LINES = 8
# Closing the window during an import stops it before it stores anything; once it has begun
# saving (atomic writes, whole files) the window waits for it, and no longer than this for
# a step that cannot be stopped half-way (reading one large file).
STOP_WAIT = 10.0


class Importing:
    """Files dropped onto the window being imported in a worker thread, so that the window
    keeps answering: how far it is (``progress``: fraction, words) and, once ``done``, its
    result (or the error of the program's it met, raised in the window's thread).
    The worker touches no pygame state; the window reads these fields each frame."""

    def __init__(self, paths: list[Path]):
        self.paths = paths
        self.names = ", ".join(p.name for p in paths)
        self.progress: tuple[float, str] = (0.0, "Starting")  # replaced whole: one write
        self.result: tuple[bool, str] | None = None
        self.error: BaseException | None = None
        self.saving = False
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="import", daemon=True)

    def start(self) -> None:
        self.thread.start()

    @property
    def done(self) -> bool:
        return not self.thread.is_alive()

    def _report(self, fraction: float, words: str) -> None:
        from ..services.imports import ImportCancelled

        if self.stop.is_set() and fraction < 1.0 and not self.saving:
            raise ImportCancelled
        self.saving = self.saving or words == "Saving"
        self.progress = (fraction, words)

    def _run(self) -> None:
        from ..services.imports import ImportCancelled, import_dropped

        try:
            self.result = import_dropped(self.paths, progress=self._report)
        except ImportCancelled:
            self.result = (False, f"The import of {self.names} was stopped.")
        except BaseException as e:  # an error of the program's: raised in the window's thread
            self.error = e

    def cancel(self) -> None:
        """Stop before anything is stored; wait for a save that has begun to finish."""
        self.stop.set()
        deadline = time.monotonic() + STOP_WAIT
        while self.thread.is_alive() and (self.saving or time.monotonic() < deadline):
            self.thread.join(0.05)


class InputState:
    """The mouse as the UI last saw it in events (posted events do not move the real mouse,
    so the UI never asks ``pygame.mouse`` where it is)."""

    def __init__(self):
        self.pos = (-1, -1)
        self.buttons = set()
        self.shift = False

    def feed(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in (
            pygame.K_LSHIFT,
            pygame.K_RSHIFT,
        ):
            self.shift = event.type == pygame.KEYDOWN
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pos = tuple(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.buttons.add(event.button)
        elif event.type == pygame.MOUSEBUTTONUP:
            self.buttons.discard(event.button)


class App:
    def __init__(self, size: tuple[int, int] | None = None, title: str = "Tabletop"):
        from ..services import folders
        from ..services.saves import Store
        from ..services.settings import load_settings

        # The player's folders first: what killed writes left is swept away, and a folder
        # that cannot keep anything is said on the title screen (the game still plays).
        self.swept = folders.sweep()
        self.folder_problems = folders.problems()
        self.settings, self.settings_message = load_settings()
        self.settings_changed = False
        open_display()
        pygame.font.init()
        theme.forget()  # fonts cached by an earlier window died with its pygame
        pygame.display.set_icon(icon.drawn())
        self.screen = self._open_window(size)
        pygame.display.set_caption(title)
        pygame.key.set_repeat(0)
        self.input = InputState()
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames = 0
        self.first_frame_at_wall: float | None = None  # time.time() of the first frame
        self.scene: Scene = Scene(self)
        self.store = Store()
        self.sound = Sounds(self.settings.sound)
        self.dropped: list[Path] = []  # files dropped onto the window, imported next frame
        self.importing: Importing | None = None  # the import under way (a worker thread)
        self.import_shown: tuple[float, str] | None = None  # the progress last drawn
        self.notice: tuple[str, tuple[int, int, int], float] | None = None  # words, colour, s
        self.notice_rect: pygame.Rect | None = None  # where it was drawn: a click closes it
        self.swallow_up = False
        if self.settings.fullscreen:
            self.toggle_fullscreen(remember=False)

    def _open_window(self, size: tuple[int, int] | None) -> pygame.Surface:
        """The window, at ``size`` or the settings' size fitted to the display. Settings
        the display refuses are set aside like a bad settings file; the defaults open."""
        from ..services.settings import Settings, fit_window, set_aside
        from .settings_scene import DECORATIONS

        largest = self.display_size() if size is None else None
        if largest is not None:
            room = (largest[0], largest[1] - DECORATIONS[1])  # its title bar shown too
            self.settings.window = fit_window(self.settings.window, room)
        try:
            return pygame.display.set_mode(size or self.settings.window, pygame.RESIZABLE)
        except (pygame.error, ValueError, TypeError, OverflowError) as e:
            if size is not None:
                raise
            self.settings_message = set_aside(f"settings.json: window {self.settings.window}: {e}")
            self.settings = Settings()
            return pygame.display.set_mode(self.settings.window, pygame.RESIZABLE)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def display_size(self) -> tuple[int, int] | None:
        """The largest display's size (None where there is no real one to fit: the dummy
        driver of the tests)."""
        if pygame.display.get_driver() in SHOWS_NOTHING:
            return None
        sizes = pygame.display.get_desktop_sizes() or []
        largest = max(sizes, default=(0, 0))
        return tuple(largest) if min(largest) > 0 else None

    @property
    def start_message(self) -> str:
        """What the first title screen says of the player's files: settings set aside, and
        folders that cannot keep anything."""
        return "\n".join(m for m in (self.settings_message, *self.folder_problems) if m)

    def go(self, scene: Scene) -> None:
        self.scene = scene
        scene.dirty = True

    def quit(self) -> None:
        self.running = False

    def dispatch(self, event: pygame.event.Event) -> None:
        self.input.feed(event)
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and self.notice is not None
            and self.notice_rect is not None
            and self.notice_rect.collidepoint(event.pos)
        ):
            self.notice = None  # a click on the notice closes it, and does nothing else
            self.scene.dirty = self.swallow_up = True
            return
        if event.type == pygame.MOUSEBUTTONUP and self.swallow_up:
            self.swallow_up = False
            return
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE:
            self.resize((max(640, event.w), max(360, event.h)))
        elif event.type == pygame.WINDOWSIZECHANGED:
            self.resize(self.screen.get_size())
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif event.type == pygame.DROPFILE and not self.scene.takes_files:
            # One drop of several files sends one event each: they are imported together,
            # once this frame's events are in.
            self.dropped.append(Path(event.file))
        else:
            self.scene.handle(event)

    def resize(self, size: tuple[int, int]) -> None:
        if size != self.screen.get_size():
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        if not self.settings.fullscreen and tuple(self.screen.get_size()) != tuple(
            self.settings.window
        ):
            self.settings.window = self.screen.get_size()  # remembered for the next start
            self.settings_changed = True
        self.scene.resize(self.screen.get_size())
        self.scene.dirty = True

    def toggle_fullscreen(self, remember: bool = True) -> None:
        """Full screen at the desktop's size, or back to the window at its remembered size.
        Done by opening the display anew (pygame's toggle_fullscreen re-creates the window
        under X11 window managers anyway, with a warning on the terminal)."""
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return  # no screen to fill
        going_full = not self.screen.get_flags() & pygame.FULLSCREEN
        try:
            if going_full:
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                self.screen = pygame.display.set_mode(tuple(self.settings.window), pygame.RESIZABLE)
        except pygame.error:
            return  # the display refused: stay as we are
        if remember:
            self.settings.fullscreen = not self.settings.fullscreen
            self.save_settings()
        self.scene.resize(self.screen.get_size())
        self.scene.dirty = True

    def save_settings(self) -> str | None:
        """Apply the settings everywhere at once and keep them (the problem, if any)."""
        from ..services.settings import save_settings

        self.sound.enabled = self.settings.sound
        self.settings_changed = False
        self.scene.resize(self.size)
        return save_settings(self.settings)

    def import_dropped(self) -> None:
        """Start importing the files dropped onto the window (a card database), all or
        nothing, in a worker thread; its progress is drawn each frame until it is done
        (files dropped meanwhile wait for it)."""
        paths, self.dropped = self.dropped, []
        self.importing = Importing(paths)
        self.notice = None  # the new result will take its place
        self.notice_rect = None
        self.import_shown = None
        self.scene.dirty = True
        self.importing.start()

    def follow_import(self) -> None:
        """Redraw when the import has gone on; once it is done, say what came of it."""
        job = self.importing
        if job is None:
            return
        if not job.done:
            if job.progress != self.import_shown:
                self.scene.dirty = True
            return
        job.thread.join()
        self.importing = None
        self.import_shown = None
        self.scene.dirty = True
        if job.error is not None:
            raise job.error
        ok, words = job.result or (False, f"Nothing was imported from {job.names}.")
        self.notify(words, error=not ok)
        if ok:
            self.scene.cards_changed()

    def stop_import(self) -> None:
        """The window is closing: an import under way stops before it stores anything (or,
        saving already, finishes its writes)."""
        if self.importing is not None:
            self.importing.cancel()
            self.importing = None

    def notify(self, words: str, error: bool = False) -> None:
        """Show ``words`` over whatever scene is up, for a few seconds."""
        self.notice = (
            words,
            theme.DANGER if error else theme.LEGAL,
            NOTICE_SECONDS * (2 if error else 1),
        )
        self.notice_rect = None  # until it is drawn
        self.scene.dirty = True

    def step(self, dt: float) -> bool:
        """Update the scene by ``dt`` seconds and draw it if anything changed."""
        if self.importing is not None:
            self.follow_import()
        elif self.dropped:
            self.import_dropped()
        if self.notice is not None:
            words, color, left = self.notice
            self.notice = (words, color, left - dt) if left > dt else None
            if self.notice is None:
                self.notice_rect = None
                self.scene.dirty = True
        scene = self.scene
        scene.update(dt)
        if self.scene is not scene:
            return self.step(0.0)
        if not scene.dirty:
            return False
        scene.draw(self.screen)
        if self.notice is not None:
            self.draw_notice(self.screen)
        if self.importing is not None:
            self.draw_import(self.screen)
        scene.dirty = False
        pygame.display.flip()
        self.frames += 1
        if self.first_frame_at_wall is None:
            self.first_frame_at_wall = time.time()
        return True

    def pump(self, frames: int = 1, dt: float = 1 / FPS) -> None:
        """Handle queued events and advance ``frames`` steps of ``dt`` (for tests)."""
        for _ in range(frames):
            for event in pygame.event.get():
                self.dispatch(event)
            self.step(dt)

    def run(self, quit_at_end: bool = True) -> None:
        last = time.perf_counter()
        while self.running:
            if self.scene.busy() or self.scene.dirty:
                self.clock.tick(FPS)
            else:
                time.sleep(IDLE_SLEEP)
            events = pygame.event.get()
            for event in events:
                self.dispatch(event)
            now = time.perf_counter()
            self.step(min(0.1, now - last))
            last = now
        self.running = True
        self.stop_import()
        self.scene.closing()
        if self.settings_changed:
            self.save_settings()
        if quit_at_end:
            theme.forget()
            pygame.quit()

    def draw_notice(self, surface: pygame.Surface) -> None:
        """The notice, in a panel along the bottom of the window."""
        words, color, _ = self.notice
        w, h = self.size
        k = min(w / 1280, h / 720)
        size = max(11, round(14 * k))
        f = theme.font(size)
        width = min(w - round(40 * k), round(1000 * k))
        lines = theme.wrap(words, f, width - round(28 * k))
        if len(lines) > NOTICE_LINES:
            more = len(lines) - NOTICE_LINES + 1
            lines = [*lines[: NOTICE_LINES - 1], f"... and {more} more lines (all are in the log)"]
        step = f.get_linesize()
        pad = round(12 * k)
        rect = pygame.Rect(0, 0, width, len(lines) * step + 2 * pad)
        # Along the bottom, or the top, or wherever between it covers fewest of the scene's
        # buttons (a click on the notice closes it, but a button under it could not be hit).
        controls = self.scene.controls()
        spots = [
            h - round(56 * k) - rect.height,
            round(16 * k),
            *range(round(16 * k), max(round(16 * k), h - rect.height), round(24 * k)),
        ]

        def covered(top: int) -> int:
            return len(rect.move(w // 2 - rect.width // 2, top).collidelistall(controls))

        top = min(spots, key=lambda t: (covered(t), spots.index(t)))
        rect.topleft = (w // 2 - rect.width // 2, top)
        self.notice_rect = rect
        theme.panel(surface, rect, fill=theme.PANEL, edge=color, radius=round(8 * k))
        y = rect.top + pad
        for line in lines:
            surface.blit(
                f.render(line, True, theme.INK if color != theme.DANGER else color),
                (rect.left + pad, y),
            )
            y += step

    def draw_import(self, surface: pygame.Surface) -> None:
        """The import under way: what it is doing, and a bar of how far it is."""
        job = self.importing
        fraction, words = job.progress
        self.import_shown = (fraction, words)
        w, h = self.size
        k = min(w / 1280, h / 720)
        f = theme.font(max(11, round(14 * k)))
        pad = round(12 * k)
        width = min(w - round(40 * k), round(640 * k))
        step = f.get_linesize()
        bar_h = max(6, round(10 * k))
        rect = pygame.Rect(0, 0, width, 2 * step + bar_h + 3 * pad)
        rect.midbottom = (w // 2, h - round(56 * k))
        theme.panel(surface, rect, fill=theme.PANEL, edge=theme.GOLD, radius=round(8 * k))
        inner = width - 2 * pad
        head = theme.wrap(f"Importing {job.names}", f, inner)[0]
        surface.blit(f.render(head, True, theme.INK), (rect.left + pad, rect.top + pad))
        line = f"{words}  ({fraction:.0%})"
        surface.blit(
            f.render(theme.wrap(line, f, inner)[0], True, theme.INK_DIM),
            (rect.left + pad, rect.top + pad + step),
        )
        bar = pygame.Rect(rect.left + pad, rect.bottom - pad - bar_h, inner, bar_h)
        pygame.draw.rect(surface, theme.BUTTON_OFF, bar, border_radius=bar_h // 2)
        if fraction > 0:
            done = bar.copy()
            done.width = max(bar_h, round(inner * min(1.0, fraction)))
            pygame.draw.rect(surface, theme.GOLD, done, border_radius=bar_h // 2)

    def save(self, path: str | Path) -> None:
        pygame.image.save(self.screen, str(path))


class ErrorScene(Scene):
    """Something went wrong: say so in the window, with where the details are written."""

    def __init__(self, app, error: str, log_file: Path | None):
        super().__init__(app)
        self.error = error
        self.log_file = log_file

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.app.quit()

    def draw(self, surface: pygame.Surface) -> None:
        from . import theme
        from .widgets import draw_wrapped

        w, h = self.app.size
        surface.fill((30, 20, 20))
        theme.draw_text(
            surface,
            "Tabletop met an unexpected error",
            (w // 2, h // 3),
            30,
            theme.DANGER,
            "title",
            anchor="center",
        )
        where = (
            f"The details are in {self.log_file}"
            if self.log_file
            else "No log file could be written."
        )
        draw_wrapped(
            surface,
            f"{self.error}\n\n{where}\n\nClick or press a key to close.",
            pygame.Rect(w // 8, h // 3 + 40, w * 3 // 4, h // 2),
            18,
            theme.INK,
            center=True,
        )


SHOWS_NOTHING = ("offscreen", "dummy")  # SDL's video drivers that draw for no one


def open_display() -> None:
    """Start SDL's video, keeping what it prints while probing for a display (Wayland, X11)
    in the log rather than on the terminal."""
    if not pygame.display.get_init():
        from ..system.logs import native_messages

        with native_messages("SDL video"):
            pygame.display.init()


def display_problem() -> str | None:
    """Why the window would be seen by no one, in one sentence, or None. With no display to
    open it on (over SSH, or no ``DISPLAY``/``WAYLAND_DISPLAY``), SDL falls back to a driver
    that draws offscreen, and the program would run invisibly until killed; that driver is
    fine only where it was asked for (``SDL_VIDEODRIVER=dummy``: tests, headless runs)."""
    open_display()
    driver = (pygame.display.get_driver() or "").lower()
    asked = {d.strip().lower() for d in os.environ.get("SDL_VIDEODRIVER", "").split(",")}
    if driver not in SHOWS_NOTHING or driver in asked:
        return None
    where = ""
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        where = " (neither DISPLAY nor WAYLAND_DISPLAY is set)"
    return (
        f"Tabletop found no display to open its window on{where}: start it from a "
        "desktop session, or see 'tabletop --help' for what runs without one."
    )


ALREADY_RUNNING_SECONDS = 4.0  # how long the second copy's window says so


def already_running(words: str, seconds: float = ALREADY_RUNNING_SECONDS) -> None:
    """A small window saying ``words`` for a few seconds (or until a click or a key)."""
    pygame.display.set_caption("Tabletop")
    screen = pygame.display.set_mode((560, 170))
    pygame.font.init()
    screen.fill(theme.BG)
    theme.draw_text(screen, "Tabletop", (280, 34), 24, theme.GOLD, "title", anchor="center")
    from .widgets import draw_wrapped

    draw_wrapped(screen, words, pygame.Rect(30, 62, 500, 100), 15, theme.INK, center=True)
    pygame.display.flip()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if any(
            e.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)
            for e in pygame.event.get()
        ):
            break
        time.sleep(0.05)
    pygame.display.quit()


def run_app() -> int:
    from ..system.logs import log, setup_logging
    from ..system.one_copy import ALREADY_RUNNING, Lock

    log_file = setup_logging()
    lock = Lock()
    if lock.take() is False:  # another copy uses this data folder: say so, harm nothing
        log.warning("a second copy was started and stopped: %s", ALREADY_RUNNING)
        print(ALREADY_RUNNING, file=sys.stderr)
        if display_problem() is None:
            already_running(ALREADY_RUNNING)
        return 1
    try:
        return _run(log_file)
    finally:
        lock.release()


def _run(log_file: Path | None) -> int:
    from ..system.logs import log
    from .scenes import TitleScene

    os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
    problem = display_problem()
    if problem:
        log.error("%s", problem)
        print(problem, file=sys.stderr)
        pygame.display.quit()
        return 1
    app = App()
    if app.swept:
        log.info(
            "cleared %d temporary file(s) left by writes that were interrupted", len(app.swept)
        )
    for problem in (app.settings_message, *app.folder_problems):
        if problem:
            log.warning("%s", problem)
    app.go(TitleScene(app, message=app.start_message))
    failed = False
    while True:
        try:
            app.run()
            return 1 if failed else 0
        except Exception as e:  # anything: tell the player in the window, not by vanishing
            log.exception("unexpected error")
            if failed:  # the error screen itself failed: give up
                return 1
            failed = True
            app.running = True
            app.go(ErrorScene(app, f"{type(e).__name__}: {e}", log_file))


def play_to(app: App, table, turns: int, limit: int = 5_000) -> None:
    """Let the bots of a table play (no animation time) until ``turns`` turns have begun
    or the game ends."""
    for _ in range(limit):
        if table.state.over or table.state.turn > turns:
            break
        table.step_instant()
    table.update(0.0)


def screenshot(
    game_id: str,
    seed: int,
    turns: int,
    out: str | Path,
    size: tuple[int, int] = (1280, 720),
    bots: tuple[str, ...] = ("greedy", "greedy"),
    text_size: float = 1.0,
    layout: list[str] | None = None,
) -> Path:
    """Play ``turns`` turns bot against bot (one seat for each of ``bots``) through the
    table and save the window, at the text and card size ``text_size`` (Settings' "Text and
    card size", 1.0 for 100 %); with a ``layout`` list, what is wrong with the table's
    layout as saved is added to it (``ui.layout_check``)."""
    from ..engine import pick_decks
    from ..games import get
    from .table import Setup, TableScene

    app = App(size)
    app.settings = app.settings.model_copy(update={"ui_scale": text_size})
    game = get(game_id)
    setup = Setup(game, pick_decks(game, len(bots), seed), list(bots), seed)
    table = TableScene(app, setup, instant=True)
    app.go(table)
    play_to(app, table, turns)
    table.settle()
    hero = next(iter(table.view.zones.get((table.near, "hero"), ())), None)
    if hero is not None:
        table.zoomed, table.zoomed_id = table.view.cards[hero].card, hero
    table.dirty = True
    app.step(0.0)
    path = Path(out)
    app.save(path)
    if layout is not None:
        from .layout_check import problems

        layout += problems(table)
    return path
