"""The browser door: textual-serve's page, and a browser tab that joins the same game host."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import aiohttp
import pyte
import pytest
from aiohttp import WSCloseCode

from ahoy_tui.rules.acks.actions import Declare
from ahoy_tui.rules.ramming_speed.actions import SealOrders
from ahoy_tui.server import messages as m
from ahoy_tui.server.limits import Doorkeeper, Seat
from ahoy_tui.server.players import GUEST_MARK
from ahoy_tui.server.web import WebSettings, start_web

from .conftest import Client, broadside, first_choice, free_port
from .test_serve_command import lobby_processes, start


class BrowserTab:
    """A browser tab on the door: the page's terminal as pyte draws it, keys typed into it."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse, width: int, height: int) -> None:
        self.ws = ws
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def shows(self, words: str) -> Callable[[], bool]:
        return lambda: words in self.text()

    async def type(self, keys: str) -> None:
        await self.ws.send_json(["stdin", keys])

    async def until(self, check: Callable[[], bool] | str, timeout: float = 30) -> None:
        """Read what the page is sent until ``check`` holds (or the words show)."""
        test = self.shows(check) if isinstance(check, str) else check
        deadline = time.monotonic() + timeout
        while not test():
            assert time.monotonic() < deadline, self.text()
            try:
                message = await asyncio.wait_for(self.ws.receive(), 0.5)
            except TimeoutError:
                continue
            if message.type == aiohttp.WSMsgType.BINARY:
                self.stream.feed(message.data)


@contextlib.asynccontextmanager
async def browser_tab(short_dir: Path, width: int = 100,
                      height: int = 30) -> AsyncIterator[BrowserTab]:
    """``ahoy web`` started on the host's socket, its page loaded, and a tab opened on it."""
    port = free_port()
    web = subprocess.Popen([sys.executable, "-m", "ahoy_tui", "web", "--socket",
                            str(short_dir / "host.sock"), "--port", str(port)],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
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
            url = f"http://127.0.0.1:{port}/ws?width={width}&height={height}"
            async with http.ws_connect(url) as ws:
                yield BrowserTab(ws, width, height)
    finally:
        web.terminate()
        web.wait(10)


async def alice_opens(short_dir: Path, **game: Any) -> tuple[Client, str]:
    """Alice, over the host's socket, opens a game with the second seat free."""
    alice = await Client.connect(short_dir / "host.sock", "key:alice", "Alice")
    alice.send(m.CreateGame(seats={"p1": "me", "p2": "open"}, **game))
    return alice, (await alice.expect(m.Opened)).game.id


async def sit_down(tab: BrowserTab, name: str = "Sam") -> None:
    """The tab signs in as a guest and takes the free seat at Alice's game."""
    await tab.until("Welcome aboard")
    # the field may not have the focus the instant it is drawn: typed again until it shows it
    for _ in range(3):
        await tab.type(name)
        try:
            await tab.until(lambda: f"{name} " in tab.text().split("Welcome aboard")[-1],
                            timeout=5)
            break
        except AssertionError:
            await tab.type("\x7f" * 2 * len(name))  # whatever of it did arrive
    await tab.type("\r")
    await tab.until("Alice v (free)", timeout=60)
    await tab.type("\r")


async def test_a_browser_tab_is_a_guest_who_meets_ssh_players_in_the_same_lobby(
        host, short_dir):
    _alice, game = await alice_opens(short_dir, seed=2, scenario_data=broadside())
    async with browser_tab(short_dir) as tab:
        await tab.until("Welcome aboard")  # a browser guest chooses a name
        await tab.type("Sam\r")
        await tab.until("Signed in as Sam")
        await tab.until("Alice v (free)")
        await tab.type("\r")  # take the free seat
        await tab.until("Waiting for Alice")
        live = host.games[game]
        assert live.seats["p2"].name == f"Sam{GUEST_MARK}"
        assert live.seats["p2"].player.startswith("guest:web:")


async def test_a_man_o_war_battle_in_a_browser_tab_template_cards_and_a_move_by_key(
        host, short_dir):
    """Man O' War through the browser door: the tab takes the free seat, sees the battle with
    its template cards, and a key pressed in the tab activates a unit on the host."""
    alice, game = await alice_opens(short_dir, ruleset="man-o-war", scenario="elves", seed=5)
    async with browser_tab(short_dir, 120, 40) as tab:
        await sit_down(tab)  # the free seat: the Dark Elves
        await tab.until("BTW")  # the battle, with its template cards
        live = host.games[game]
        assert live.seats["p2"].name == f"Sam{GUEST_MARK}"
        while live.game.to_act != "p2":  # Alice won the initiative: she acts first
            before = live.game.step
            session = await alice.until_step(game, before)
            session.play(first_choice(session))
            await tab.until(lambda before=before: live.game.step > before)
        step = live.game.step
        await tab.until("Activate")
        await tab.type("1")  # activate the first unit offered
        await tab.until(lambda: live.game.step > step)
        state = live.game.state
        assert state.acting or state.current
        assert all(state.ship(s).side == "p2" for s in (*state.acting, state.current) if s)


async def test_ramming_speed_orders_written_and_sealed_in_one_line_from_a_browser_tab(
        host, short_dir):
    """Ramming Speed! through the browser door: the tab takes the Greeks' seat and writes a
    galley's orders and seals the sheet with one move line; the screen sends them one after
    the other as the host takes each, and Alice, who sealed first, reads them at the reveal."""
    alice, game = await alice_opens(short_dir, ruleset="ramming-speed", scenario="corvus",
                                    seed=5)
    async with browser_tab(short_dir, 120, 40) as tab:
        await sit_down(tab)  # the free seat: the Greeks
        await tab.until("Victoria")  # the battle, with its log sheets
        live = host.games[game]
        session = await alice.until_step(game, 0)
        session.play(SealOrders("p1"))  # Rome carries on as she is
        await tab.until("Greeks: write each galley's orders")
        await tab.type("w")
        await tab.until("Move line")  # the line is open: keys now go into it
        await tab.type("Nike: slow 2l 2r 5s; seal\r")
        # the other galleys carry on: asked first (the dialog's own words: the move line's
        # warning says "no orders written for" too, before the dialog is up)
        await tab.until(lambda: "no orders written for" in tab.text()
                        and "Go ahead?" in tab.text())
        await tab.type("y")
        # both sides write at once (2.0): the tab's orders go to the table, the seal last,
        # once Rome has sealed, and the reveal sets both sheets down
        await tab.until(lambda: "p2" in dict(live.game.state.written))
        nike = dict(live.game.state.written)["p2"].of("p2-4")
        assert nike is not None and nike.moves == "LLRRSSSSS"
        seen = await alice.until_step(game, live.game.step)
        assert dict(seen.state.written)["p2"].of("p2-4").moves == "LLRRSSSSS"


async def test_an_acks_battle_on_the_hex_battlemap_in_a_browser_tab_a_declaration_by_key(
        host, short_dir):
    """ACKS II sea combat through the browser door: the tab takes the Corsairs' seat, sees the
    hex battlemap in its first round, and declares the Gull's speed by keys; the host takes the
    declaration, and Alice sees it at once (declarations are public)."""
    alice, game = await alice_opens(short_dir, ruleset="acks", scenario="quinquereme", seed=5)
    async with browser_tab(short_dir, 120, 40) as tab:
        await sit_down(tab)  # the free seat: the Corsairs
        await tab.until("round 1/20")  # the battle, on the hex battlemap
        assert "\\__/" in tab.text()
        live = host.games[game]
        assert live.seats["p2"].name == f"Sam{GUEST_MARK}"
        session = await alice.until_step(game, 0)
        session.play(Declare("p1", "pride", "oar", 120, steer_full=True))  # Phaedra first
        await tab.until("Round 1, declarations: Corsairs")
        assert live.game.step == 1 and live.game.to_act == "p2"
        await tab.type("1")  # the first row: the Gull's speed picker opens
        await tab.until("Gull: under oar at 120'")  # her speed last round
        # the picker takes the keys a moment after it shows (its focus is set later): the
        # footer shows its keys once it has them; an Enter typed before then is lost
        await tab.until("⏎ Confirm")
        await tab.type("\r")
        await tab.until(lambda: live.game.step > 1)
        declared = live.game.state.vessel("gull").declared
        assert declared is not None and (declared.mode, declared.speed) == ("oar", 120)
        seen = await alice.until_step(game, live.game.step)
        assert seen.state.vessel("gull").declared == declared


# --- the door's limits, in this process against a stand-in game ---------------------------------
# A game process speaking textual-serve's protocol: it says it is ready (with its pid), counts
# the bytes of keys that reach it, and on quit (or the end of its input) writes that count down.
FAKE_GAME = r"""
import json, os, sys
out, pid = sys.argv[1], os.getpid()
with open(os.path.join(out, f"{pid}.started"), "w") as handle:
    handle.write(f"{os.environ.get('COLUMNS')}x{os.environ.get('ROWS')}\n")
stdout, stdin = sys.stdout.buffer, sys.stdin.buffer

def send(kind, payload):
    stdout.write(kind + len(payload).to_bytes(4, "big") + payload)
    stdout.flush()

def finish(keys):
    with open(os.path.join(out, f"{pid}.keys"), "w") as handle:
        handle.write(str(keys))
    try:
        send(b"M", b'{"type": "exit"}')
    except OSError:
        pass
    sys.exit(0)

stdout.write(b"__GANGLION__\n")
send(b"D", f"game {pid} ready\r\n".encode())
keys = 0
while True:
    head = stdin.read(5)
    if len(head) < 5:
        finish(keys)
    payload = stdin.read(int.from_bytes(head[1:], "big"))
    if head[:1] == b"D":
        keys += len(payload)
        continue
    meta = json.loads(payload)
    if meta.get("type") == "quit":
        finish(keys)
    elif meta.get("type") == "resize":
        with open(os.path.join(out, f"{pid}.started"), "a") as handle:
            handle.write(f"{meta['width']}x{meta['height']}\n")
"""


@pytest.fixture
def fake_game(tmp_path: Path) -> tuple[Callable[[list[str]], list[str]], Path]:
    script = tmp_path / "fake_game.py"
    script.write_text(FAKE_GAME)
    out = tmp_path / "games"
    out.mkdir()
    return (lambda args: [sys.executable, str(script), str(out)]), out


def started(out: Path) -> int:
    return len(list(out.glob("*.started")))


async def keys_counted(out: Path, pid: int) -> int:
    """The bytes of keys that reached the game ``pid``, once it has ended."""
    for _ in range(200):
        if (out / f"{pid}.keys").exists():
            return int((out / f"{pid}.keys").read_text())
        await asyncio.sleep(0.05)
    raise AssertionError(f"game {pid} did not end")


async def ready(ws: aiohttp.ClientWebSocketResponse) -> int:
    """Wait for the stand-in game's first words; its pid."""
    seen = b""
    while b"ready" not in seen:
        message = await asyncio.wait_for(ws.receive(), 20)
        assert message.type == aiohttp.WSMsgType.BINARY, message
        seen += message.data
    return int(seen.split()[1])


async def until_closed(ws: aiohttp.ClientWebSocketResponse,
                       timeout: float = 20) -> tuple[str, int | None, str]:
    """Everything the tab is told until its websocket closes: text, close code, reason."""
    said = b""
    async with asyncio.timeout(timeout):
        while True:
            message = await ws.receive()
            if message.type == aiohttp.WSMsgType.BINARY:
                said += message.data
            elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                                  aiohttp.WSMsgType.CLOSING):
                return said.decode(errors="replace"), ws.close_code, str(message.extra or "")


async def until(condition: Callable[[], bool], timeout: float = 20) -> None:
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.02)


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


async def test_browser_tabs_count_against_the_same_cap_as_ssh_players(short_dir, fake_game):
    command, out = fake_game
    keeper = Doorkeeper(2)
    door = await start_web(WebSettings(short_dir / "host.sock", keeper, command=command),
                           "127.0.0.1", 0)
    try:
        async with aiohttp.ClientSession() as http:
            url = f"http://127.0.0.1:{door.port}/ws"
            first = await http.ws_connect(url)
            second = await http.ws_connect(url)
            await ready(first)
            await ready(second)
            third = await http.ws_connect(url)
            said, code, why = await until_closed(third)
            assert "Ahoy TUI: the server is full (2 players): try again later" in said
            assert code == WSCloseCode.TRY_AGAIN_LATER and "the server is full" in why
            assert started(out) == 2 and keeper.players == 2  # no game for the third
            await first.close()
            await until(lambda: keeper.players == 1)
            fourth = await http.ws_connect(url)
            await ready(fourth)  # a tab gone frees its place
            assert started(out) == 3
            await fourth.close()
            await until(lambda: keeper.players == 1)
            assert isinstance(keeper.enter("203.0.113.7", "ssh"), Seat)  # an SSH player counts
            fifth = await http.ws_connect(url)
            _said, code, why = await until_closed(fifth)
            assert code == WSCloseCode.TRY_AGAIN_LATER and "full" in why
            assert started(out) == 3
    finally:
        await door.close()


async def test_an_idle_tab_is_told_goodbye_closed_and_its_game_stopped(short_dir, fake_game):
    command, out = fake_game
    keeper = Doorkeeper(4)
    door = await start_web(WebSettings(short_dir / "host.sock", keeper, idle_timeout=1.5,
                                       command=command), "127.0.0.1", 0)
    try:
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(f"http://127.0.0.1:{door.port}/ws")
            pid = await ready(ws)
            for _ in range(7):  # keys keep a tab awake past the idle timeout
                await ws.send_json(["stdin", "x"])
                await asyncio.sleep(0.3)
            assert not ws.closed and not gone(pid)
            said, code, why = await until_closed(ws)
            assert "idle for 1.5 seconds; goodbye. Your seat is kept." in said
            assert code == WSCloseCode.OK and "goodbye" in why
            assert gone(pid)  # stopped (and reaped) before the goodbye
            assert await keys_counted(out, pid) == 7
            await until(lambda: keeper.players == 0)
    finally:
        await door.close()


async def test_a_huge_tab_is_given_the_largest_terminal_a_game_is_drawn_on(short_dir,
                                                                          fake_game):
    """Issue 34, 9, the browser door: a tab asking for a 10,000 x 10,000 terminal, or resizing
    to one, gives its game 500 x 200 (which the game says: see test_ssh.py and
    test_online_app.py); a size it can fit is passed as it is."""
    command, out = fake_game
    door = await start_web(WebSettings(short_dir / "host.sock", Doorkeeper(4),
                                       command=command), "127.0.0.1", 0)
    try:
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(f"http://127.0.0.1:{door.port}/ws?width=10000"
                                       "&height=10000")
            pid = await ready(ws)
            for width, height in ((99_999, 99_999), (120, 40), (501, 150), (2**40, -3)):
                await ws.send_json(["resize", {"width": width, "height": height}])
            sizes = out / f"{pid}.started"
            await until(lambda: len(sizes.read_text().split()) == 5)
            assert sizes.read_text().split() == ["500x200", "500x200", "120x40", "500x150",
                                                 "500x1"]
            await ws.close()
    finally:
        await door.close()


async def test_keys_beyond_the_rate_are_dropped(short_dir, fake_game):
    command, out = fake_game
    door = await start_web(WebSettings(short_dir / "host.sock", Doorkeeper(4), input_rate=1000,
                                       input_burst=10_000, command=command), "127.0.0.1", 0)
    try:
        async with aiohttp.ClientSession() as http:
            began = time.monotonic()
            ws = await http.ws_connect(f"http://127.0.0.1:{door.port}/ws")
            pid = await ready(ws)
            for _ in range(100):  # 100 kB of keys at once
                await ws.send_json(["stdin", "x" * 1000])
            async with asyncio.timeout(20):
                while True:  # a pong: every key before it has been read (a ping costs too)
                    await ws.send_json(["ping", "1"])
                    with contextlib.suppress(TimeoutError):
                        reply = await asyncio.wait_for(ws.receive(), 0.2)
                        if reply.type == aiohttp.WSMsgType.TEXT:
                            break
            await ws.close()
            elapsed = time.monotonic() - began
        keys = await keys_counted(out, pid)
        assert 10_000 <= keys <= 10_000 + 1000 * (elapsed + 1)
    finally:
        await door.close()


async def test_odd_messages_are_ignored_and_a_huge_one_closes_only_its_tab(short_dir, fake_game):
    command, out = fake_game
    door = await start_web(WebSettings(short_dir / "host.sock", Doorkeeper(4), command=command),
                           "127.0.0.1", 0)
    try:
        async with aiohttp.ClientSession() as http:
            url = f"http://127.0.0.1:{door.port}/ws"
            ws = await http.ws_connect(url)
            pid = await ready(ws)
            for odd in ("not json", "{}", "[]", "[1, 2]", '["stdin", 5]', '["resize", "big"]',
                        '["resize", {"width": "a lot", "height": -3}]', '["ping", {}]',
                        '["stdin", "\\ud800"]', '["nonsense", "x"]'):
                await ws.send_str(odd)
            await ws.send_json(["stdin", "hello"])
            await ws.send_json(["ping", "2"])
            reply = await asyncio.wait_for(ws.receive(), 20)
            assert reply.json() == ["pong", "2"]  # still served
            await ws.close()
            assert await keys_counted(out, pid) == len("?hello")  # a lone surrogate: "?"
            huge = await http.ws_connect(url)
            await ready(huge)
            await huge.send_json(["stdin", "x" * 70_000])
            _said, code, _why = await until_closed(huge)
            assert code == WSCloseCode.MESSAGE_TOO_BIG
            again = await http.ws_connect(url)
            await ready(again)  # the door itself is fine
            await again.close()
    finally:
        await door.close()


# --- the page's addresses -------------------------------------------------------------------------
async def page(url: str, **headers: str) -> str:
    async with aiohttp.ClientSession() as http, http.get(url, headers=headers) as response:
        assert response.status == 200
        return await response.text()


async def test_the_page_points_the_browser_where_it_came_from(short_dir):
    settings = WebSettings(short_dir / "host.sock", Doorkeeper(4))
    door = await start_web(settings, "127.0.0.1", 0)
    try:
        assert door.url == f"http://127.0.0.1:{door.port}"
        asked = await page(f"{door.url}/", Host="example.org:8000")
        assert 'data-session-websocket-url="ws://example.org:8000/ws"' in asked
        assert 'href="http://example.org:8000/static/css/xterm.css"' in asked
        tricked = await page(f"{door.url}/", Host='x"><script>alert(1)</script>')
        assert "<script>alert" not in tricked
        assert f'data-session-websocket-url="ws://127.0.0.1:{door.port}/ws"' in tricked
    finally:
        await door.close()
    everywhere = await start_web(settings, "0.0.0.0", 0)
    try:
        assert "0.0.0.0" not in everywhere.url
        text = await page(f"http://127.0.0.1:{everywhere.port}/")
        assert f'data-session-websocket-url="ws://127.0.0.1:{everywhere.port}/ws"' in text
        assert "0.0.0.0" not in text
    finally:
        await everywhere.close()
    proxied = await start_web(WebSettings(short_dir / "host.sock", Doorkeeper(4),
                                          public_url="https://games.example.org"),
                              "127.0.0.1", 0)
    try:
        assert proxied.url == "https://games.example.org"
        text = await page(f"http://127.0.0.1:{proxied.port}/")
        assert 'data-session-websocket-url="wss://games.example.org/ws"' in text
        assert 'href="https://games.example.org/static/css/xterm.css"' in text
        assert "127.0.0.1" not in text
    finally:
        await proxied.close()


def ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


@pytest.mark.skipif(not ipv6_loopback(), reason="no IPv6 loopback here")
async def test_an_ipv6_door_gives_a_bracketed_address(short_dir):
    door = await start_web(WebSettings(short_dir / "host.sock", Doorkeeper(4)), "::1", 0)
    try:
        assert door.url == f"http://[::1]:{door.port}"
        text = await page(f"{door.url}/")
        assert f'data-session-websocket-url="ws://[::1]:{door.port}/ws"' in text
    finally:
        await door.close()


# --- `ahoy serve --web` as a user starts it -------------------------------------------------------
async def test_a_web_port_in_use_is_one_line_and_no_address_printed(short_dir):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        web_port = taken.getsockname()[1]
        server = start(short_dir / "data", "--guest", "--port", str(free_port()), "--web",
                       "--web-port", str(web_port))
        try:
            out, err = await asyncio.to_thread(server.communicate, timeout=30)
        finally:
            if server.poll() is None:  # it did not give up: stop it (and its web door)
                server.terminate()
                server.wait(20)
    assert server.returncode == 2
    assert f"127.0.0.1:{web_port}" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert out == ""  # no address claimed


async def test_a_killed_server_takes_its_web_door_and_browser_games_along(short_dir):
    folder = short_dir / "data"
    port, web_port = free_port(), free_port()
    for wait in (0.0, 1.5):
        server = start(folder, "--guest", "--port", str(port), "--web", "--web-port",
                       str(web_port))
        try:
            assert server.stdout is not None
            banner = await asyncio.to_thread(server.stdout.readline)
            assert f"http://127.0.0.1:{web_port}" in banner
            async with aiohttp.ClientSession() as http:
                ws = await http.ws_connect(f"http://127.0.0.1:{web_port}/ws")
                await until(lambda: bool(lobby_processes(folder)))
                await asyncio.sleep(wait)
                server.kill()
                await asyncio.to_thread(server.communicate, timeout=20)
                await ws.close()
        finally:
            if server.poll() is None:
                server.kill()
                server.wait(20)
        with pytest.raises(OSError):  # nobody listens for browsers any more
            socket.create_connection(("127.0.0.1", web_port), timeout=5).close()
        # at once (a death signal), not when a game at last notices (about 15 s)
        await until(lambda: lobby_processes(folder) == [], 5)


async def test_a_stale_browser_door_of_an_earlier_server_is_found_and_stopped(short_dir):
    """Servers before this one ran the browser door as a process of its own (`ahoy web`),
    which a killed server left holding the port: the next server stops it and takes the port."""
    folder = short_dir / "data"
    folder.mkdir(mode=0o700)
    web_port = free_port()
    stale = subprocess.Popen([sys.executable, "-m", "ahoy_tui", "web", "--socket",
                              str(folder / "host.sock"), "--port", str(web_port)],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert stale.stdout is not None
    assert "http://" in await asyncio.to_thread(stale.stdout.readline)  # it holds the port
    server = start(folder, "--guest", "--port", str(free_port()), "--web", "--web-port",
                   str(web_port))
    try:
        assert server.stdout is not None
        banner = await asyncio.to_thread(server.stdout.readline)
        assert f"http://127.0.0.1:{web_port}" in banner
        assert stale.poll() is not None
        async with aiohttp.ClientSession() as http, \
                http.get(f"http://127.0.0.1:{web_port}/") as response:
            assert response.status == 200
    finally:
        server.send_signal(signal.SIGTERM)
        _out, err = await asyncio.to_thread(server.communicate, timeout=30)
        if stale.poll() is None:
            stale.kill()
        stale.wait(10)
    assert f"stopped a stale browser door (process {stale.pid})" in err


def established(port: int) -> int:
    """TCP connections to ``port`` on this machine still open on the server's side."""
    said = subprocess.run(["ss", "-Htn", "state", "established", f"( sport = :{port} )"],
                          capture_output=True, text=True, check=True).stdout
    return len(said.strip().splitlines())


async def server_hangs_up(sock: socket.socket, within: float) -> bool:
    loop = asyncio.get_running_loop()
    try:
        async with asyncio.timeout(within):
            while await loop.sock_recv(sock, 65536):
                pass
    except TimeoutError:
        return False
    except OSError:
        pass
    return True


async def test_both_doors_keep_the_same_idle_and_login_limits(short_dir):
    """Issue 34, 7: with ``--idle-timeout`` short, idle browser tabs are closed as idle SSH
    sessions are; and a connection to the browser door that is not a tab (the page kept
    alive, or a socket that never says anything) is let go within ``--login-timeout``, as an
    SSH connection that never logs in is (the browser door held them for an hour)."""
    import asyncssh

    folder = short_dir / "data"
    port, web_port = free_port(), free_port()
    server = start(folder, "--guest", "--port", str(port), "--web", "--web-port",
                   str(web_port), "--idle-timeout", "0.05", "--login-timeout", "2")
    loop = asyncio.get_running_loop()
    silent, kept_alive = socket.socket(), socket.socket()
    try:
        assert server.stdout is not None
        await asyncio.to_thread(server.stdout.readline)
        for sock in (silent, kept_alive):
            sock.setblocking(False)
            await loop.sock_connect(sock, ("127.0.0.1", web_port))
        await loop.sock_sendall(kept_alive, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        async with aiohttp.ClientSession() as http:
            url = f"http://127.0.0.1:{web_port}/ws?width=80&height=24"
            tabs = [BrowserTab(await http.ws_connect(url), 80, 24) for _ in range(4)]
            async with asyncssh.connect("127.0.0.1", port, username="sam", client_keys=[],
                                        password="", known_hosts=None,
                                        agent_path=None) as conn:
                process = await conn.create_process(term_type="xterm", term_size=(80, 24),
                                                    encoding=None)
                # the page's connection and the silent one go within the login timeout
                assert await server_hangs_up(silent, 6), "a silent connection was kept"
                assert await server_hangs_up(kept_alive, 6), "an idle page was kept alive"
                # a tab typing in stays past it; idle ones are told goodbye after 3 s
                busy = tabs[0]
                for _ in range(10):
                    await busy.type("x")
                    await asyncio.sleep(0.4)
                assert not busy.ws.closed
                for tab in tabs:
                    said, _code, why = await until_closed(tab.ws, 30)
                    assert "idle for 3 seconds; goodbye" in said and "goodbye" in why
                seen = b""
                with contextlib.suppress(asyncssh.Error, asyncssh.misc.ConnectionLost):
                    async with asyncio.timeout(30):
                        while chunk := await process.stdout.read(65536):
                            seen += chunk
                assert b"idle for 3 seconds; goodbye" in seen
        await until(lambda: established(web_port) == 0, 10)
        await until(lambda: lobby_processes(folder)[1:] == [], 10)  # only the warm process
    finally:
        for sock in (silent, kept_alive):
            sock.close()
        server.send_signal(signal.SIGTERM)
        await asyncio.to_thread(server.communicate, timeout=20)
