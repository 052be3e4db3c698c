"""The browser door: textual-serve's page, and a browser tab that joins the same game host."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time

import aiohttp
import pyte

from ahoy_tui.server import messages as m

from .conftest import Client, broadside, free_port


async def test_a_browser_tab_is_a_guest_who_meets_ssh_players_in_the_same_lobby(
        host, short_dir):
    alice = await Client.connect(short_dir / "host.sock", "key:alice", "Alice")
    alice.send(m.CreateGame(seats={"p1": "me", "p2": "open"}, seed=2,
                            scenario_data=broadside()))
    game = (await alice.expect(m.Opened)).game.id
    port = free_port()
    web = subprocess.Popen([sys.executable, "-m", "ahoy_tui", "web", "--socket",
                            str(short_dir / "host.sock"), "--port", str(port)],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    screen = pyte.Screen(100, 30)
    stream = pyte.ByteStream(screen)
    try:
        async with aiohttp.ClientSession() as http:
            for _ in range(100):
                try:
                    async with http.get(f"http://127.0.0.1:{port}/") as page:
                        assert page.status == 200
                        assert "Ahoy TUI" in await page.text()
                        break
                except aiohttp.ClientConnectionError:
                    await asyncio.sleep(0.1)
            async with http.ws_connect(f"http://127.0.0.1:{port}/ws?width=100&height=30") as ws:

                async def until(words: str, timeout: float = 20) -> None:
                    deadline = time.monotonic() + timeout
                    while words not in "\n".join(screen.display):
                        assert time.monotonic() < deadline, "\n".join(screen.display)
                        try:
                            message = await asyncio.wait_for(ws.receive(), 0.5)
                        except TimeoutError:
                            continue
                        if message.type == aiohttp.WSMsgType.BINARY:
                            stream.feed(message.data)

                await until("Welcome aboard")  # a browser guest chooses a name
                await ws.send_json(["stdin", "Sam\r"])
                await until("Signed in as Sam (a guest")
                await until("Alice v (free)")
                await ws.send_json(["stdin", "\r"])  # take the free seat
                await until("Waiting for Alice")
                live = host.games[game]
                assert live.seats["p2"].name == "Sam"
                assert live.seats["p2"].player.startswith("guest:web:")
    finally:
        web.terminate()
        web.wait(10)
