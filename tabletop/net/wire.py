"""The wire: frames of JSON, each a message, and the messages a joined player may send.

A frame is four bytes (the body's length, big-endian) and a UTF-8 JSON object. A player's
messages are small (an action in its text form, a line of chat) and are validated by the
models below before anything reads them; a frame longer than :data:`FROM_PLAYER` bytes, a
body that is not JSON, or JSON that is no message, ends the connection. The host's messages
carry views (``codec``) and are bounded by :data:`FROM_HOST`.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import struct
import zlib
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from .. import __version__
from ..engine import DeckList, Game

PROTOCOL = 1
FROM_PLAYER = 8 * 1024  # bytes a player's message may take
FROM_HOST = 16 * 1024 * 1024  # bytes a host's message may take (a view of a big game)
_LENGTH = struct.Struct(">I")


class WireClosed(ConnectionError):
    """The other end closed the connection, or sent what ends it; ``reason`` says which."""


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Hello(_Msg):
    """A player joining: which program and protocol, which game and cards, the join code,
    and the seat it held before (joining again) or none."""

    type: Literal["hello"]
    protocol: int
    version: str = Field(max_length=40)
    game: str = Field(max_length=40)
    cards: str = Field(max_length=80)  # the digest of its card set (``cards_digest``)
    code: str = Field(max_length=20)
    seat: int | None = Field(None, ge=0, le=7)
    name: str = Field("", max_length=40)


class Act(_Msg):
    """An action in its text form ("P2: play #14 -> #3")."""

    type: Literal["act"]
    action: str = Field(min_length=1, max_length=400)
    at: int | None = Field(None, ge=0)  # the update it answers (its ``at``), if it says


class Chat(_Msg):
    type: Literal["chat"]
    text: str = Field(min_length=1, max_length=200)


_CardName = Annotated[str, Field(min_length=1, max_length=80)]
_Copies = Annotated[int, Field(ge=1, le=99)]


class Deck(_Msg):
    """The deck a player brings, where the host left the choice to it: a name and how many
    of each card (at most 200 names, 99 copies of each; the host checks it as a deck)."""

    type: Literal["deck"]
    name: str = Field(min_length=1, max_length=80)
    cards: dict[_CardName, _Copies] = Field(max_length=200)


FromPlayer = Annotated[Hello | Act | Chat | Deck, Field(discriminator="type")]
_FROM_PLAYER = TypeAdapter(FromPlayer)


def player_message(body: bytes) -> Hello | Act | Chat | Deck:
    """A player's message, validated (``ValueError`` saying what is wrong with it)."""
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise ValueError("a message that is not JSON") from None
    try:
        return _FROM_PLAYER.validate_python(data)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "message"
        raise ValueError(f"a message that is not one ({where}: {first['msg']})") from None


def deck_message(deck: DeckList) -> dict[str, Any]:
    """A player's deck, as it sends it to the host."""
    return {"type": "deck", "name": deck.name[:80], "cards": dict(deck.cards)}


def hello(game: Game, code: str, seat: int | None = None, name: str = "") -> dict[str, Any]:
    return {
        "type": "hello",
        "protocol": PROTOCOL,
        "version": __version__,
        "game": game.id,
        "cards": cards_digest(game),
        "code": code,
        "seat": seat,
        "name": name,
    }


_DIGESTS: dict[str, str] = {}


def cards_digest(game: Game) -> str:
    """A digest of the game's cards: two programs whose digests differ would name cards the
    other does not know, or knows otherwise (an imported card file on one of them)."""
    if game.id not in _DIGESTS:
        cards = game.card_set().cards
        text = json.dumps([cards[n].model_dump(mode="json") for n in sorted(cards)], sort_keys=True)
        _DIGESTS[game.id] = hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]
    return _DIGESTS[game.id]


# -- frames ---------------------------------------------------------------------------------


_PACKED = 1 << 31  # the length's top bit: the body is compressed (zlib), the host's only
_PACK_FROM = 2048  # bytes of JSON from which a host's message is sent compressed


def frame(message: dict[str, Any], pack: bool = False) -> bytes:
    """A message as a frame; ``pack``: compressed when that saves much (a view)."""
    body = json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    if pack and len(body) >= _PACK_FROM:
        body = zlib.compress(body, 1)
        return _LENGTH.pack(len(body) | _PACKED) + body
    return _LENGTH.pack(len(body)) + body


async def send(writer: asyncio.StreamWriter, message: dict[str, Any], pack: bool = False) -> int:
    """Send one message; the bytes it took."""
    data = frame(message, pack)
    writer.write(data)
    await writer.drain()
    return len(data)


async def receive(
    reader: asyncio.StreamReader, limit: int, packed: bool = False, counted: list | None = None
) -> bytes:
    """One frame's body, of at most ``limit`` bytes, compressed or not (``packed``: a host's
    frames may be), else :class:`WireClosed`; ``counted`` gets the bytes it took on the
    wire."""
    try:
        head = await reader.readexactly(_LENGTH.size)
    except (asyncio.IncompleteReadError, ConnectionError):
        raise WireClosed("the connection closed") from None
    (length,) = _LENGTH.unpack(head)
    is_packed = bool(length & _PACKED)
    length &= ~_PACKED
    if is_packed and not packed:
        raise WireClosed("a compressed message, which only the host may send")
    if length > limit:
        raise WireClosed(f"a message of {length} bytes, more than {limit}")
    try:
        body = await reader.readexactly(length)
    except (asyncio.IncompleteReadError, ConnectionError):
        raise WireClosed("the connection closed in the middle of a message") from None
    if counted is not None:
        counted.append(_LENGTH.size + length)
    if not is_packed:
        return body
    unpack = zlib.decompressobj()
    try:
        out = unpack.decompress(body, limit)
    except zlib.error:
        raise WireClosed("a compressed message that does not decompress") from None
    if unpack.unconsumed_tail or not unpack.eof:
        raise WireClosed(f"a message of more than {limit} bytes once decompressed")
    return out


def host_message(body: bytes) -> dict[str, Any]:
    """A host's message: a JSON object with a ``type`` (what each type holds is read by the
    client, and checked by ``codec`` for the view)."""
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise WireClosed("the host sent a message that is not JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise WireClosed("the host sent a message of no type")
    return data
