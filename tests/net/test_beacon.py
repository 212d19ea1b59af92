"""Games announced on the local network (here, the loopback address): heard with where to
join them, never with their code; whatever else arrives is ignored."""

from __future__ import annotations

import json
import socket
import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.games import get
from tabletop.net import beacon
from tabletop.net.beacon import MOST, Beacon, Listener, read

EWC = get("ewc")


def heard_within(listener: Listener, seconds: float = 5.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        games = listener.games()
        if games:
            return games
        time.sleep(0.02)
    return []


def datagram(**change) -> bytes:
    said = {
        "type": "tabletop",
        "protocol": 1,
        "version": "0.1.0",
        "game": "ewc",
        "name": "EWC",
        "computer": "den",
        "port": 47823,
        "open": 1,
    }
    said.update(change)
    return json.dumps(said).encode()


def send(listener: Listener, data: bytes) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.sendto(data, ("127.0.0.1", listener.port))


def test_a_hosted_game_is_heard_with_where_to_join_and_its_open_seats_never_its_code():
    listener = Listener()
    sender = Beacon(EWC, 40123, lambda: 1, send_to=("127.0.0.1", listener.port))
    try:
        games = heard_within(listener)
        assert [(h.where, h.said.game, h.said.open) for h in games] == [
            ("127.0.0.1:40123", "ewc", 1)
        ]
        assert "code" not in json.loads(sender.message())
    finally:
        sender.stop()
        listener.stop()


def test_a_game_with_no_seat_open_is_not_announced():
    listener = Listener()
    sender = Beacon(EWC, 40123, lambda: 0, send_to=("127.0.0.1", listener.port))
    try:
        time.sleep(0.3)
        assert sender.sent == 0 and listener.games() == []
    finally:
        sender.stop()
        listener.stop()


def test_a_game_not_heard_again_is_taken_off_the_list(monkeypatch):
    monkeypatch.setattr(beacon, "FORGET", 0.2)
    listener = Listener()
    try:
        send(listener, datagram())
        assert heard_within(listener)
        time.sleep(0.3)
        assert listener.games() == []
    finally:
        listener.stop()


def test_the_address_joined_is_the_one_the_announcement_came_from():
    """An announcement cannot point players at another computer: it names no address, and
    one that tries is not an announcement."""
    listener = Listener()
    try:
        send(listener, datagram(address="10.9.8.7"))
        send(listener, datagram(port=5000))
        games = heard_within(listener)
        assert [h.where for h in games] == ["127.0.0.1:5000"]
    finally:
        listener.stop()


def test_a_flood_of_announcements_keeps_no_more_than_the_list_holds():
    listener = Listener()
    try:
        for port in range(1000, 1000 + 3 * MOST):
            send(listener, datagram(port=port))
        time.sleep(0.5)
        assert 0 < len(listener.games()) <= MOST
    finally:
        listener.stop()


def test_an_announcement_of_another_protocol_or_past_the_limit_is_ignored():
    assert read(datagram(protocol=99)) is None
    assert read(datagram(computer="x" * 2000)) is None
    assert read(datagram()) is not None


# (on a loaded machine, drawing the examples may be slow: that is not what is tested)
SOME = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SOME
@given(st.binary(max_size=2048))
def test_whatever_arrives_is_an_announcement_or_ignored(data):
    said = read(data)
    assert said is None or said.type == "tabletop"


@SOME
@given(
    st.dictionaries(
        st.sampled_from(["type", "protocol", "game", "name", "computer", "port", "open", "x"]),
        st.one_of(st.integers(), st.text(max_size=30), st.none(), st.lists(st.integers())),
    )
)
def test_announcements_with_any_fields_are_read_or_ignored(change):
    said = read(datagram(**change))
    assert said is None or (0 < said.port < 65536 and 0 <= said.open <= 8)
