"""A client's end of the game host's socket: send messages, receive them in order."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from ahoy_tui.server.messages import MAX_HOST_LINE, BadMessage, Message, decode, encode


class HostGone(ConnectionError):
    """The game host closed the connection (or was never there)."""


class HostLink:
    """One connection to the game host."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def connect(cls, path: Path | str) -> HostLink:
        try:
            reader, writer = await asyncio.open_unix_connection(str(path),
                                                                limit=MAX_HOST_LINE)
        except OSError as exc:
            raise HostGone(f"cannot reach the game host at {path}: "
                           f"{exc.strerror or exc}") from None
        return cls(reader, writer)

    def send(self, message: Message) -> None:
        self.writer.write(encode(message))

    async def receive(self) -> Message:
        """The next message from the host (raises :class:`HostGone` when it has gone)."""
        while True:
            try:
                line = await self.reader.readline()
            except (ValueError, ConnectionError) as exc:
                raise HostGone(f"the game host's connection broke: {exc}") from None
            if not line:
                raise HostGone("the game host closed the connection")
            try:
                return decode(line)
            except BadMessage:
                continue  # a newer host's message this client does not know: skip it

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(ConnectionError):
            await self.writer.wait_closed()
