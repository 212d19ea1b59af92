"""A game across computers, at the table: hosted from the host's screens, joined from the
join screen, and played by two tables in one window, each driven with real mouse and key
events. Everything goes over the loopback address."""

from __future__ import annotations

import time

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.games import get
from tabletop.net import beacon
from tabletop.net.beacon import computer_name
from tabletop.net.remote import Remote, read_address
from tabletop.ui import network_scenes
from tabletop.ui.network_scenes import HostScene, JoinScene, LobbyScene
from tabletop.ui.scenes import GameOverScene, TitleScene, open_save
from tabletop.ui.table.network import NetTableScene

from .helpers import centre, click, drag, key

EWC = get("ewc")


@pytest.fixture(autouse=True)
def loopback(monkeypatch):
    """Hosts listen on the loopback address only, on a port the system chooses; the game's
    seed is one where Player 1, first to act, may play two of its cards but not the third
    (Ember Vanguard against Hexblade, the decks the deck screen offers first)."""
    monkeypatch.setattr(network_scenes, "LISTEN", ("127.0.0.1", (0,)))
    monkeypatch.setattr(network_scenes, "new_seed", lambda: 3)


def frames(app, seconds: float = 0.2) -> None:
    """Frames as the window runs them: each a sixtieth of a second, the other threads (the
    host, the connections) given the time between them."""
    for _ in range(max(1, int(seconds * 60))):
        app.pump()
        time.sleep(1 / 240)


def until(app, ok, seconds: float = 10.0, scene=None) -> None:
    """Frames until ``ok()`` holds (of ``scene``, shown while waiting)."""
    if scene is not None:
        app.go(scene)
    deadline = time.monotonic() + seconds
    while not ok():
        assert time.monotonic() < deadline, "waited in vain"
        frames(app, 0.05)


def hosting(app, game=EWC, seats: int = 2, choose=lambda screen: None) -> LobbyScene:
    """Host a game from the host's deck screen (``choose`` clicks what it will on it first,
    then Start is clicked): its lobby."""
    screen = HostScene(app, game, seats)
    app.go(screen)
    choose(screen)
    click(app, next(b for b in screen.buttons if b.label == "Start").rect.center)
    lobby = app.scene
    assert isinstance(lobby, LobbyScene) and lobby.hosted is not None
    return lobby


def joining(app, lobby: LobbyScene, code: str | None = None):
    """Join the lobby's game from the join screen, its address and code typed (``code``:
    another code): the screen it leads to."""
    hosted = lobby.hosted
    join = JoinScene(app)
    app.go(join)
    type_into(app, join, f"127.0.0.1:{hosted.port}", code or hosted.code.lower())
    click(app, join.buttons[0].rect.center)
    return app.scene


def both_tables(app, lobby: LobbyScene, joined) -> tuple[NetTableScene, NetTableScene]:
    """The host's table and the joined player's, once the game has begun at both."""
    until(app, lambda: isinstance(app.scene, NetTableScene), scene=joined)
    guest = app.scene
    until(app, lambda: isinstance(app.scene, NetTableScene), scene=lobby)
    return app.scene, guest


def hosted_and_joined(app, game=EWC, seats: int = 2, choose=lambda screen: None):
    """A game hosted and joined from the screens; both tables once it has begun."""
    lobby = hosting(app, game, seats, choose)
    return both_tables(app, lobby, joining(app, lobby))


def type_into(app, join: JoinScene, address: str, code: str) -> None:
    """Click each field and type into it, a key at a time."""
    for field, text in ((join.address, address), (join.code, code)):
        click(app, field.rect.center)
        field.text = ""
        for ch in text:
            pygame.event.post(
                pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()), mod=0, unicode=ch)
            )
        app.pump()


def bar_button(table, label: str):
    return next(b.button for b in table.bar() if b.button.label.startswith(label))


def acting(app, tables) -> NetTableScene:
    """The table whose seat is to act, once the host has said so (shown in the window)."""
    found: list[NetTableScene] = []

    def ready() -> bool:
        found[:] = [t for t in tables if (frames_of(app, t), t.human_to_act())[1]]
        return bool(found)

    until(app, ready)
    app.go(found[0])
    return found[0]


def frames_of(app, table) -> None:
    app.go(table)
    frames(app, 0.02)


def keep_hands(app, host, guest) -> NetTableScene:
    """Both players keep their opening hands with a click; the table of the seat to act."""
    for _ in (0, 1):
        table = acting(app, [host, guest])
        click(app, bar_button(table, "Keep").rect.center)
    return acting(app, [host, guest])


def play_first_card(app, table) -> int:
    """Drag the first card the seat may play from its hand onto its field; the card, once
    the host has taken the action."""
    card = next(a for a in table.legal() if a.kind == "play" and a.cards).cards[0]
    drag(app, centre(table, card), table.layout.by_key[(table.near, "field")].rect.center)
    return card


@pytest.fixture
def pair(app):
    """A game hosted and joined (:func:`hosted_and_joined`), both tables closed after."""
    host, guest = hosted_and_joined(app)
    yield host, guest
    closed(host, guest)


def closed(*tables) -> None:
    for t in tables:
        t.closing()


def test_two_players_on_their_own_tables_play_a_turn_with_the_mouse(app, pair):
    host, guest = pair
    assert (host.near, guest.near) == (0, 1)
    assert host.curtain is None and guest.curtain is None  # each sees only its own
    table = keep_hands(app, host, guest)
    game = host.hosted.host.match
    # the seat to act drags a card it may play from its hand onto its field
    before = len(game.record.actions)
    card = play_first_card(app, table)
    until(app, lambda: len(game.record.actions) > before)
    assert game.state.cards[card].zone == (table.near, "field")
    other = guest if table is host else host
    # the other table is shown the card played, face up, in that seat's field
    until(app, lambda: other.view.cards[card].zone == (table.near, "field"), scene=other)
    frames(app, 1.0)
    assert other.view.cards[card].card.name == game.state.cards[card].card.name
    # and the turn goes on: the seat ends its phase with the bar's button
    phase = game.state.phase
    app.go(table)
    until(app, table.human_to_act)
    click(app, bar_button(table, table.spec.end_label(table.view)).rect.center)
    until(app, lambda: game.state.phase != phase)
    # to the turn's end: each table, when its seat is asked, answers with Space (ending the
    # phase, or passing), and says yes when asked whether to leave points unspent
    turn = game.state.turn
    for _ in range(60):
        if game.state.turn != turn or game.state.over:
            break
        deciding = acting(app, [host, guest])
        key(app, pygame.K_SPACE)
        if deciding.paused and deciding.confirm == "end":
            click(
                app,
                next(b for b in deciding._pause_buttons() if b.label.startswith("Yes")).rect.center,
            )
        frames(app, 0.05)
    assert game.state.turn == turn + 1 and game.state.active != table.near


def test_a_refused_drop_comes_back_with_the_rule_and_the_card_slides_home(app, pair):
    host, guest = pair
    table = keep_hands(app, host, guest)
    allowed = {a.cards[0] for a in table.legal() if a.kind == "play" and a.cards}
    hand = table.view.zones[(table.near, "hand")]
    refused = [c for c in hand if c not in allowed]
    assert refused, "a hand with no card it cannot afford"
    card = refused[0]
    home = table.sprites[card].target
    before = host.hosted.host.match.state.snapshot()
    drag(app, centre(table, card), table.layout.by_key[(table.near, "field")].rect.center)
    until(app, lambda: table.toast is not None)
    assert host.hosted.host.match.state.snapshot() == before
    assert "TP" in table.toast[0] or "cost" in table.toast[0].lower(), table.toast
    frames(app, 1.0)
    assert (table.sprites[card].x, table.sprites[card].y) == home


def test_a_line_of_chat_reaches_the_other_players_log(app, pair):
    host, guest = pair
    app.go(guest)
    click(app, guest.chat.rect.center)
    for ch in "gl hf":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch), mod=0, unicode=ch))
    key(app, pygame.K_RETURN)
    said = "Player 2: “gl hf”"
    until(app, lambda: any(e.text == said for e in host.events), scene=host)
    until(app, lambda: any(e.text == said for e in guest.events), scene=guest)
    for table in (host, guest):  # once each, in the log, and the line emptied for the next
        assert [e.text for e in table.events].count(said) == 1
    assert guest.chat.text == "" and not guest.chat.focused


def test_undo_asks_the_host_and_the_action_is_taken_back(app, pair):
    host, guest = pair
    table = keep_hands(app, host, guest)
    game = host.hosted.host.match
    card = play_first_card(app, table)
    until(app, lambda: game.state.cards[card].zone[1] == "field")
    until(app, lambda: table.view.cards[card].zone[1] == "field", scene=table)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    until(app, lambda: game.state.cards[card].zone[1] == "hand")
    until(app, lambda: table.view.cards[card].zone[1] == "hand", scene=table)
    assert any("takes back" in e.text_for(table.near) for e in table.events)


def test_undo_of_the_other_players_action_is_refused_with_the_reason(app, pair):
    host, guest = pair
    table = keep_hands(app, host, guest)
    other = guest if table is host else host
    until(app, lambda: not other.timeline and not other.backlog, scene=other)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    until(app, lambda: other.toast is not None)
    assert "your own turn" in other.toast[0]


def test_the_host_leaving_ends_the_game_for_the_player_who_joined(app):
    host, guest = hosted_and_joined(app)
    host.closing()
    until(app, lambda: isinstance(app.scene, TitleScene), scene=guest)
    assert "the host has ended the game" in app.scene.message


def test_a_network_game_is_saved_by_the_host_and_continue_hosts_it_again(app, pair):
    host, guest = pair
    keep_hands(app, host, guest)
    saved = host.hosted.host.match.record.actions[:]
    until(app, lambda: app.store.listing()[0])
    closed(host, guest)  # the host's window closed: the game stays saved
    entry = app.store.listing()[0][0]
    assert entry.save.seats == ["human", "remote"]
    assert entry.save.record.actions[: len(saved)] == saved
    assert "Network game" in entry.save.describe_seats()
    open_save(app, entry.path)
    lobby = app.scene
    assert isinstance(lobby, LobbyScene) and lobby.hosted is not None
    # the player who joined before joins again, with the new code, into its seat
    remote = Remote("127.0.0.1", lobby.hosted.port, lobby.hosted.code, seat=1)
    try:
        until(app, lambda: isinstance(app.scene, NetTableScene), scene=lobby)
        resumed = lobby.hosted.host.match
        assert resumed.record.actions[: len(saved)] == saved
    finally:
        remote.close()
        app.scene.closing()


def test_the_host_hands_a_gone_players_seat_to_the_computer(app, pair):
    host, guest = pair
    guest.closing()  # the joined player's window closed
    until(app, lambda: host.last.waiting == (1,), scene=host)
    assert "Waiting for Player 2" in host.message()[0]
    assert host.thinking_words(1) == "Waiting for Player 2"  # not "is thinking": gone
    button = bar_button(host, "Computer plays Player 2")
    click(app, button.rect.center)
    until(app, lambda: host.hosted.host.seats[1] != "remote")
    # the computer plays the seat: the game goes on to its end
    until(app, lambda: host.state.over or host.human_to_act(), scene=host)


def test_a_wrong_code_is_refused_in_one_sentence_on_the_title_screen(app):
    lobby = hosting(app)
    joining(app, lobby, "ZZZZZZ")
    until(app, lambda: isinstance(app.scene, TitleScene))
    assert "not this game's code" in app.scene.message
    lobby.closing()


def test_the_game_over_screen_names_the_winner_and_offers_no_replay_of_the_host(app, pair):
    host, guest = pair
    table = keep_hands(app, host, guest)
    app.go(table)
    key(app, pygame.K_ESCAPE)
    click(app, next(b for b in table._pause_buttons() if b.label == "Concede").rect.center)
    click(app, next(b for b in table._pause_buttons() if b.label.startswith("Yes")).rect.center)
    until(app, lambda: isinstance(app.scene, GameOverScene), scene=table)
    over = app.scene
    assert over.headline == f"Player {2 - table.near} wins!"
    assert [b.label for b in over.buttons] == ["Back to title"]


def test_the_table_offers_exactly_the_decisions_the_host_sent(app, pair):
    """The seat's decisions are the host's: the table offers those it was sent, no more."""
    host, guest = pair
    table = keep_hands(app, host, guest)
    sent = {a.exact() for a in table.legal()}
    assert sent == set(table.last.legal)
    assert sent and all(a.seat == table.near for a in table.legal())
    other = guest if table is host else host
    assert other.legal() == []  # the seat not to act is offered nothing


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("192.168.1.20", ("192.168.1.20", network_scenes.PORT)),
        ("192.168.1.20:5000", ("192.168.1.20", 5000)),
        (" host.lan:47823 ", ("host.lan", 47823)),
        ("[::1]:5000", ("::1", 5000)),
        ("[fe80::1]", ("fe80::1", network_scenes.PORT)),
    ],
)
def test_an_address_is_read_with_or_without_its_port(typed, read):
    assert read_address(typed, network_scenes.PORT) == read


@pytest.mark.parametrize("typed", ["", "   ", "host:0", "host:70000", "host:abc", "a b:5"])
def test_an_address_that_is_not_one_is_refused_saying_why(typed):
    with pytest.raises(ValueError, match=r"\w"):
        read_address(typed, network_scenes.PORT)


def test_where_no_port_may_be_taken_for_granted_an_address_must_say_one():
    with pytest.raises(ValueError, match="is not HOST:PORT"):
        read_address("192.168.1.20")  # (`tabletop join` asks for the port)
    assert read_address("192.168.1.20:5000") == ("192.168.1.20", 5000)


@given(st.text(max_size=40))
def test_whatever_is_typed_as_an_address_is_read_or_refused_never_raised_otherwise(text):
    try:
        host, port = read_address(text, network_scenes.PORT)
    except ValueError:
        return
    assert host and 0 < port < 65536


def test_a_hosted_game_is_listed_on_the_join_screen_and_a_click_fills_in_its_address(
    app, monkeypatch
):
    monkeypatch.setattr(JoinScene, "last", ("10.0.0.9", 47823, "OLDCOD", 1))  # joined before
    join = JoinScene(app)  # listening on the loopback address (tests/conftest.py)
    assert join.code.text == "OLDCOD"
    monkeypatch.setattr(beacon, "SEND_TO", ("127.0.0.1", join.listener.port))
    lobby = hosting(app)
    hosted = lobby.hosted
    until(app, lambda: len(join.found) == 1, scene=join)
    listed = join.buttons[1]
    assert listed.label == f"EWC on {computer_name()}"
    assert listed.detail == f"127.0.0.1:{hosted.port} · 1 seat open"
    click(app, listed.rect.center)
    assert join.address.text == f"127.0.0.1:{hosted.port}" and join.code.focused
    assert join.code.text == ""  # the code typed for another game is gone
    for ch in hosted.code:
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()), mod=0, unicode=ch)
        )
    key(app, pygame.K_RETURN)
    host, guest = both_tables(app, lobby, app.scene)
    try:
        assert join.listener.stopped.is_set()  # the join screen stopped listening as it left
        until(app, lambda: hosted.beacon.open_seats() == 0)  # every seat taken: silent
    finally:
        closed(host, guest)


def test_a_player_joining_brings_a_deck_of_their_own_where_the_host_leaves_it_open(app):
    def their_deck(screen):
        click(app, next(b for b in screen.buttons if b.label == "A person joining").rect.center)
        assert any(b.label == "A person joining, with their deck" for b in screen.buttons)
        # the seat's column has no decks to choose: it says who chooses
        right = [b for b in screen.buttons if b.detail and b.rect.centerx > app.size[0] // 2]
        assert not right

    lobby = hosting(app, choose=their_deck)
    hosted = lobby.hosted
    joined = joining(app, lobby)
    until(app, lambda: bool(joined.offer), scene=joined)
    assert "choosing a deck" in " ".join(text for text, _ in lobby.lines())
    click(app, next(b for b in joined.buttons if b.label == "Windrunner").rect.center)
    host, guest = both_tables(app, lobby, joined)
    try:
        assert [d.name for d in hosted.host.match.record.decks][1] == "Windrunner"
        hero = guest.view.zones[(1, "hero")][0]
        assert guest.view.cards[hero].card.name == "Lyra Swiftwind"
    finally:
        closed(host, guest)


def test_three_seats_with_the_computer_in_one_play_on_at_both_tables(app):
    """ARC-mage for three: the host, a person joining and the computer (played in the host's
    program); each table shows the computer's moves, and the seat to act at each table."""

    def computer_third(screen):
        for _ in range(2):  # the third seat: a person joining, with a deck, then the computer
            third = [b for b in screen.buttons if b.label.startswith("A person joining")][-1]
            click(app, third.rect.center)
        assert [screen.who_label(s) for s in range(3)][2] == "Computer: Easy"

    host, guest = hosted_and_joined(app, get("arcmage"), 3, computer_third)
    game = host.hosted.host.match
    try:
        deadline = time.monotonic() + 60
        while not any(a.startswith("P3:") for a in game.record.actions):
            assert time.monotonic() < deadline, game.record.actions
            for table in (host, guest):
                frames_of(app, table)
                if table.human_to_act():
                    table.attempt(table.legal()[0])
        played = len(game.record.actions)
        for table in (host, guest):  # both are shown the game up to the computer's move
            until(app, lambda t=table: t.last.at >= played, scene=table)
            assert table.state.seats == 3
            assert any("Player 3" in e.text_for(table.near) for e in table.events)
    finally:
        closed(host, guest)


class Listening:
    """A connection that only records what the table sends (for a table built by hand)."""

    def __init__(self, game, seat):
        self.game, self.seat, self.sent = game, seat, []

    def poll(self):
        return []

    def act(self, action, at=None):
        self.sent.append(action)

    def close(self):
        pass


def _asked_to_pass_only(app, answer_only_when_able: bool) -> list[str]:
    """A joined ARC-mage table whose seat is asked to answer an action with nothing to
    answer with (only a pass), 60 frames later: what it sent."""
    from tabletop.bots import make
    from tabletop.engine import Match, legal_actions, pick_decks, to_act, view
    from tabletop.net.remote import Update

    game = get("arcmage")
    match = Match(game, pick_decks(game, 2, 1), 1)
    bot = make("random", 1)
    while True:  # (seed 1: the 43rd action is such a question)
        state = match.state
        prompt = state.top_prompt
        legal = legal_actions(state)
        if prompt and prompt.name != game.respond_window and [a.kind for a in legal] == ["pass"]:
            break
        match.apply(bot(match.view(to_act(state))))
    seat = to_act(state)
    seen = view(state, seat)
    update = Update(
        at=7, view=seen, events=(), to_act=seat, legal=(legal[0].exact(),),
        may_respond=False, over=False, winners=(), waiting=(),
    )  # fmt: skip
    app.settings.answer_only_when_able = answer_only_when_able
    remote = Listening(game, seat)
    table = NetTableScene(app, remote, update)
    app.go(table)
    app.pump(frames=60)
    return remote.sent


def test_across_the_network_a_question_you_can_only_pass_is_asked_all_the_same(app):
    """The others, on their screens, would tell from an instant pass that you hold nothing."""
    assert _asked_to_pass_only(app, answer_only_when_able=False) == []


def test_a_player_who_chose_speed_passes_at_once_what_it_can_only_pass(app):
    sent = _asked_to_pass_only(app, answer_only_when_able=True)
    assert len(sent) == 1 and sent[0].endswith(": pass")


def test_a_hint_is_worked_out_here_from_the_seats_own_view_and_never_played(app, pair):
    host, guest = pair
    table = keep_hands(app, host, guest)
    game = host.hosted.host.match
    before = list(game.record.actions)
    key(app, pygame.K_h)
    until(app, lambda: table.toast is not None and "would" in table.toast[0], seconds=60)
    words = table.toast[0].removeprefix("The computer would: ")
    offered = {table.spec.words(table.view, a) for a in table.legal()}
    assert words in offered  # one of the seat's own decisions, in the menus' words
    assert game.record.actions == before  # shown, not played


def test_the_respond_button_steps_in_across_the_network(app):
    """ARC-mage, whose Events may be played at any time: in the other player's turn, the
    Respond button sends the step-in, and the host opens that seat's answer."""
    host, guest = hosted_and_joined(app, get("arcmage"))
    game = host.hosted.host.match
    try:
        deadline = time.monotonic() + 60
        waiting = None
        while waiting is None:  # one move at a time, until a seat may step in
            assert time.monotonic() < deadline
            for table in (host, guest):
                frames_of(app, table)
            settled = [t for t in (host, guest) if not t.backlog and not t.timeline]
            waiting = next((t for t in settled if t._responders()), None)
            acting_now = next((t for t in settled if t.human_to_act()), None)
            if waiting is None and acting_now is not None:
                acting_now.attempt(acting_now.legal()[0])
                until(app, lambda t=acting_now: t.sent is None, scene=acting_now)
        app.go(waiting)
        click(app, bar_button(waiting, "Respond").rect.center)
        said = f"P{waiting.near + 1}: respond"
        until(app, lambda: said in game.record.actions)
        until(app, waiting.human_to_act, scene=waiting)
        assert waiting.state.top_prompt.name == "interrupt"
        assert waiting.state.top_prompt.seat == waiting.near
    finally:
        closed(host, guest)


def test_the_join_screen_stops_listening_once_another_screen_is_shown(app):
    join = JoinScene(app)
    app.go(join)
    app.pump()
    assert not join.listener.stopped.is_set()
    app.go(TitleScene(app))  # left some other way than its own buttons
    deadline = time.monotonic() + 3
    while not join.listener.stopped.is_set():
        assert time.monotonic() < deadline, "still listening"
        time.sleep(0.05)


def test_a_table_whose_connection_breaks_joins_again_by_itself_into_its_seat(app, pair):
    host, guest = pair
    hosted = host.hosted
    keep_hands(app, host, guest)
    first = guest.remote
    at = guest.last.at
    said: list[str] = []
    say = guest.say
    guest.say = lambda words, *rest: (said.append(words), say(words, *rest))
    # the network drops the joined player's connection (no goodbye from anyone)
    player = hosted.host.players[1]
    hosted.loop.call_soon_threadsafe(player.writer.transport.abort)
    until(app, lambda: guest.remote is not first, scene=guest)
    until(app, lambda: guest.rejoin is None and guest.last.at >= at, scene=guest)
    assert app.scene is guest  # it never left the table
    assert said == ["The connection to the host was lost: joining again...", "Joined again."]
    until(app, lambda: host.last.waiting == (), scene=host)
    # and the game goes on from both tables
    table = acting(app, [host, guest])
    before = len(hosted.host.match.record.actions)
    table.attempt(table.legal()[0])
    until(app, lambda: len(hosted.host.match.record.actions) > before)
    # (while a connection is being made again, the table offers no decision)
    table.rejoin = (1, float("inf"))
    assert not table.human_to_act() and table._responders() == []


def test_a_table_that_cannot_join_again_says_so_on_the_title_screen(app, pair, monkeypatch):
    from tabletop.ui.table import network

    monkeypatch.setattr(network, "REJOIN_PAUSE", 0.05)
    host, guest = pair
    hosted = host.hosted
    hosted.host.code = "OTHER1"  # every try from now on is refused
    player = hosted.host.players[1]
    hosted.loop.call_soon_threadsafe(player.writer.transport.abort)
    until(app, lambda: isinstance(app.scene, TitleScene), scene=guest, seconds=20)
    assert "not this game's code" in app.scene.message


def test_with_the_menu_open_what_the_others_say_is_still_heard(app, pair):
    host, guest = pair
    app.go(host)
    key(app, pygame.K_ESCAPE)
    assert host.paused
    guest.remote.chat("back in a minute?")
    said = "Player 2: “back in a minute?”"
    until(app, lambda: any(e.text == said for e in host.events), scene=host)
    assert host.paused  # heard without leaving the menu
