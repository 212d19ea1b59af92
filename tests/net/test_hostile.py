"""Every message is untrusted: a connection that sends what is not a message (noise, a frame
longer than a message may be, JSON of no message, a hello with the wrong code, protocol or
cards), or floods the host, is closed with a reason, and the host goes on: a player joining
next is seated. An action for another seat, or one the rules refuse, is refused, not
obeyed."""

from __future__ import annotations

import asyncio
import json
import struct
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.games import registry
from tabletop.net.client import join
from tabletop.net.host import Host
from tabletop.net.wire import FROM_HOST, WireClosed, frame, hello, host_message, receive

from .helpers import CODE, LOOPBACK, said_hello, started, two_joining

GAME = registry()["ewc"]


async def _host() -> tuple[Host, asyncio.Task]:
    host = two_joining(GAME, 1)
    host.hello_wait = 0.5
    return host, await started(host)


async def _said(reader) -> list[dict]:
    """What the host says before it closes the connection (or stops saying anything)."""
    out = []
    while True:
        try:
            body = await asyncio.wait_for(receive(reader, FROM_HOST, packed=True), 3)
        except Exception:
            return out
        out.append(host_message(body))


async def _seated(host: Host) -> dict:
    """A well-behaved player joining: the host's welcome."""
    said, _, writer = await said_hello(host)
    writer.close()
    return said


def hostile(data: bytes) -> tuple[list[dict], dict]:
    async def run():
        host, task = await _host()
        reader, writer = await asyncio.open_connection(LOOPBACK, host.port)
        writer.write(data)
        await writer.drain()
        said = await _said(reader)
        writer.close()
        after = await _seated(host)
        task.cancel()
        return said, after

    return asyncio.run(run())


def _frame(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(
        st.binary(max_size=300),
        st.binary(max_size=300).map(_frame),
        st.builds(lambda n: struct.pack(">I", n) + b"{", st.integers(8 * 1024 + 1, 2**32 - 1)),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.text(max_size=20),
            lambda inner: (
                st.lists(inner, max_size=4)
                | st.dictionaries(
                    st.sampled_from(["type", "code", "action", "x"]), inner, max_size=4
                )
            ),
            max_leaves=12,
        ).map(lambda v: _frame(json.dumps(v).encode())),
    )
)
def test_a_connection_that_sends_no_hello_is_closed_and_the_host_goes_on(data):
    said, after = hostile(data)
    assert said[0]["type"] == "host"
    assert all(m["type"] in ("host", "bye") for m in said)  # never seated, never a view
    assert after["type"] == "welcome"


def test_a_hello_with_the_wrong_code_protocol_game_or_cards_is_refused_saying_which():
    cases = {
        "code": ("not this game's code", {"code": "WRONG1"}),
        "protocol": ("protocol", {"protocol": 99, "version": "9.9"}),
        "game": ("plays", {"game": "coe"}),
        "cards": ("cards differ", {"cards": "0" * 32}),
    }
    for why, changes in cases.values():
        said, after = hostile(frame({**hello(GAME, CODE), **changes}))
        assert said[-1]["type"] == "bye" and why in said[-1]["reason"], said
        assert after["type"] == "welcome"


def test_a_player_that_floods_the_host_is_dropped_and_the_host_says_why():
    async def run():
        host, task = await _host()
        lines: list[str] = []
        host.log = lines.append
        reader, writer = await asyncio.open_connection(LOOPBACK, host.port)
        writer.write(frame(hello(GAME, CODE)))
        writer.write(b"".join(frame({"type": "chat", "text": "spam"}) for _ in range(500)))
        await writer.drain()
        said = await _said(reader)
        writer.close()
        task.cancel()
        return said, lines

    said, lines = asyncio.run(run())
    assert said[-1]["type"] == "bye" and "faster" in said[-1]["reason"]
    assert any("seat 1 left" in line and "faster" in line for line in lines)


def test_an_action_for_another_seat_or_that_the_rules_refuse_is_refused_with_its_reason():
    # (and an answer to a question nobody asked: it could otherwise answer the next one)
    async def run():
        host, task = await _host()
        conns = []
        for _ in range(2):
            reader, writer = await asyncio.open_connection(LOOPBACK, host.port)
            await receive(reader, FROM_HOST, packed=True)
            writer.write(frame(hello(GAME, CODE)))
            conns.append((reader, writer))
        while host.match is None:
            await asyncio.sleep(0.01)
        reader, writer = conns[0]  # seat 1
        for text in ("P2: end", "fly to the moon", "P1: end " * 40, "stay"):
            writer.write(frame({"type": "act", "action": text[:400]}))
        await writer.drain()
        refused = []
        while len(refused) < 4:
            m = host_message(await asyncio.wait_for(receive(reader, FROM_HOST, packed=True), 3))
            if m["type"] == "refused":
                refused.append(m["reason"])
        task.cancel()
        return refused

    refused = asyncio.run(run())
    assert "you play seat 1, not seat 2" in refused[0]
    assert "no action called" in refused[1]
    assert refused[2]
    assert refused[3] == "nothing asked you whether you step in now"


def _read(data: bytes, limit: int, packed: bool) -> bytes:
    async def run():
        reader = asyncio.StreamReader()
        reader.feed_data(data)
        reader.feed_eof()
        return await receive(reader, limit, packed)

    return asyncio.run(run())


def test_a_compressed_message_is_the_hosts_only_and_never_more_than_its_limit_unpacked():
    packed = frame({"type": "chat", "text": "x" * 5000}, pack=True)
    assert json.loads(_read(packed, 8192, packed=True))["text"] == "x" * 5000
    with pytest.raises(WireClosed, match="only the host"):
        _read(packed, 8192, packed=False)
    bomb = zlib.compress(b" " * (2 * 1024 * 1024), 9)  # 2 MiB of nothing, a few KiB sent
    with pytest.raises(WireClosed, match="once decompressed"):
        _read(struct.pack(">I", len(bomb) | 1 << 31) + bomb, 1024 * 1024, packed=True)
    with pytest.raises(WireClosed, match="does not decompress"):
        _read(struct.pack(">I", 10 | 1 << 31) + b"not zlib!!", 1024, packed=True)


@pytest.mark.parametrize(
    "update",
    [
        {"type": "update"},  # nothing an update holds
        {"type": "update", "at": 0, "to_act": 0, "may_respond": False, "over": False,
         "view": {"o": ["os.system", {}]}, "events": []},
        {"type": "welcome", "seat": "first"},
    ],
)  # fmt: skip
def test_a_joined_player_reads_a_broken_or_hostile_hosts_message_as_the_end_not_a_crash(update):
    async def run():
        async def fake_host(reader, writer):
            writer.write(frame({"type": "host", "protocol": 1, "game": "ewc", "name": "EWC"}))
            await receive(reader, 8192)  # its hello
            writer.write(frame({"type": "welcome", "seat": 0, "seats": 2, "games": 0}))
            writer.write(frame(update))
            await writer.drain()
            await asyncio.sleep(1)
            writer.close()

        server = await asyncio.start_server(fake_host, LOOPBACK, 0)
        port = server.sockets[0].getsockname()[1]
        async with server:
            with pytest.raises(WireClosed, match="cannot be read"):
                await join(LOOPBACK, port, CODE, "random")

    asyncio.run(run())
