"""``ahoy bench --server --browser``: a browser tab in headless Chromium, measured against a real
``ahoy serve --web`` on loopback, with an SSH player across the table.

A server (game host, SSH door and browser door) is started with a throw-away data folder. Then:

- **page load → first screen**: Chromium opens the door's page, as a new tab each run; the time
  from asking for the page to the lobby's first screen (a browser guest is asked their name)
  in the page's terminal. The first load is with an empty cache.
- **a move's round trip**, both ways: the tab (a guest) and an SSH player (a real asyncssh
  client on a pseudo-terminal) sit down at a duel and play it by keys, as players would: "1"
  (and Enter for a value picker). From the key that sends an action — pressed in the page,
  or written to the SSH channel — to the opponent's screen showing the new step in its header:
  the SSH terminal (drawn by pyte, checked as each packet arrives) or the page's terminal.

This module also holds what a test needs to drive the page (``chromium``, ``PageTerminal``):
textual-serve's page draws with xterm.js on a canvas, so its text is not in the DOM; it is read
from the terminal's own buffer, which the page keeps no handle on — see ``CATCH_TERMINAL``.

It needs the test extra (Playwright and pyte: ``pip install -e '.[test]'``) and Chromium at
``/usr/bin/chromium`` (Debian's ``chromium`` package); Playwright's own browser download is not
used.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import asyncssh

if TYPE_CHECKING:
    from playwright.async_api import BrowserContext, Page, ViewportSize

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = (
    "--no-sandbox",  # as root, Chromium refuses to start without it
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    # without these Chromium's own connections (updates, sync, ...) are refused on a closed
    # network, and with them the browser reaches only what the page asks for
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # the page links a web font from the internet: no name but the door's resolves, so a test
    # or a measurement neither waits for nor depends on a network outside this machine
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
)
VIEWPORT: ViewportSize = {"width": 1280, "height": 800}  # about 140×44 cells, at 16 px

# textual-serve's textual.js makes its xterm.js Terminal inside window.onload's closure and keeps
# it as the ``terminal`` field of its own wrapper object (``this.terminal = new Terminal(…)``);
# nothing reachable from the page refers to it, and the canvas it draws on holds no text. This
# script runs before the page's own: for the one assignment of a ``terminal`` field it keeps the
# terminal as ``window.ahoyTerminal`` (the field is set on the wrapper as usual), then takes its
# hook away. Nothing of the page is changed; if a later textual-serve names the field otherwise,
# ``PageTerminal.goto`` says so.
CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  get() { return undefined; },
  set(value) {
    Object.defineProperty(this, "terminal",
                          {value, writable: true, configurable: true, enumerable: true});
    if (value && typeof value.write === "function" && "buffer" in value) {
      window.ahoyTerminal = value;
      delete Object.prototype.terminal;
    }
  },
});
"""
# The terminal's rows as text (the visible screen: textual-serve keeps no scrollback).
READ_SCREEN = """() => {
  const term = window.ahoyTerminal;
  if (!term) return null;
  const buffer = term.buffer.active;
  const rows = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    rows.push(line ? line.translateToString(true) : "");
  }
  return rows.join("\\n");
}"""
SHOWS = """(words) => {
  const term = window.ahoyTerminal;
  if (!term) return false;
  const buffer = term.buffer.active;
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    if (line && line.translateToString(true).includes(words)) return true;
  }
  return false;
}"""
ROW_MATCHES = """([row, pattern]) => {
  const term = window.ahoyTerminal;
  const line = term && term.buffer.active.getLine(term.buffer.active.viewportY + row);
  return !!line && new RegExp(pattern).test(line.translateToString(true));
}"""


def missing() -> str | None:
    """Why a browser cannot be driven here (None: it can)."""
    try:
        import playwright.async_api  # noqa: F401
        import pyte  # noqa: F401
    except ImportError as exc:
        return (f"{exc.name} is not installed (it comes with the test extra: "
                f"pip install -e '.[test]')")
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM} (Debian: apt-get install chromium; .ci/run does)"
    return None


def chromium_version() -> str:
    """"150.0.7871.100", say (the user agent says only "150.0.0.0")."""
    try:
        said = subprocess.run([str(CHROMIUM), "--version"], capture_output=True, text=True,
                              timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return "?"
    found = re.search(r"[0-9]+(\.[0-9]+)+", said)
    return found.group(0) if found else "?"


@contextlib.asynccontextmanager
async def chromium(profile: Path) -> AsyncIterator[BrowserContext]:
    """Headless Chromium (the system's) with a fresh profile in ``profile``."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        context = await playwright.chromium.launch_persistent_context(
            str(profile), executable_path=str(CHROMIUM), headless=True,
            args=list(CHROMIUM_FLAGS), viewport=VIEWPORT)
        try:
            yield context
        finally:
            await context.close()


class PageTerminal:
    """A tab on the browser door: what its terminal shows, and keys pressed in it."""

    def __init__(self, page: Page) -> None:
        self.page = page

    @classmethod
    async def open(cls, browser: BrowserContext, url: str) -> PageTerminal:
        """A new tab on ``url``, once the page has made its terminal."""
        tab = await cls.new(browser)
        await tab.goto(url)
        return tab

    @classmethod
    async def new(cls, browser: BrowserContext) -> PageTerminal:
        """A new, empty tab, ready to read the terminal of the page it goes to."""
        page = await browser.new_page()
        await page.add_init_script(CATCH_TERMINAL)
        return cls(page)

    async def goto(self, url: str) -> None:
        """Go to the door's page, and wait until it has made its terminal."""
        await self.page.goto(url)
        try:
            await self.page.wait_for_function("() => !!window.ahoyTerminal", timeout=10_000)
        except Exception as exc:
            raise RuntimeError("the page made no terminal that could be read: did textual-serve's "
                               "textual.js stop keeping it as `this.terminal`? (see "
                               "ahoy_tui/bench/browser.py, CATCH_TERMINAL)") from exc

    async def text(self) -> str:
        """The terminal's screen, row by row, as the page holds it."""
        return str(await self.page.evaluate(READ_SCREEN) or "")

    async def size(self) -> tuple[int, int]:
        cols, rows = await self.page.evaluate(
            "() => [window.ahoyTerminal.cols, window.ahoyTerminal.rows]")
        return int(cols), int(rows)

    async def wait_for(self, *checks: str | re.Pattern[str] | Callable[[str], bool],
                       timeout: float = 20.0) -> str:
        """Wait until the screen shows every one of ``checks`` (words, a pattern, or a test of
        the text); the screen then. Fails naming what it never showed, with the screen."""
        tests = [(_test(check), check) for check in checks]
        deadline = time.monotonic() + timeout
        while True:
            text = await self.text()
            lacking = [check for test, check in tests if not test(text)]
            if not lacking:
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"the page never showed {', '.join(map(_said, lacking))}; "
                                     f"it shows:\n{text}")
            await asyncio.sleep(0.05)

    async def row_shows(self, row: int, pattern: str, timeout: float = 10.0) -> float:
        """Wait, looking every few milliseconds in the page itself, until screen row ``row``
        matches ``pattern``: the moment it did (``time.perf_counter``)."""
        await self.page.wait_for_function(ROW_MATCHES, arg=[row, pattern], polling=2,
                                          timeout=timeout * 1000)
        return time.perf_counter()

    async def shows(self, words: str, timeout: float = 10.0) -> float:
        """Wait, looking every few milliseconds in the page itself, until a row of the screen
        shows ``words``: the moment it did (``time.perf_counter``)."""
        await self.page.wait_for_function(SHOWS, arg=words, polling=2, timeout=timeout * 1000)
        return time.perf_counter()

    async def focus(self) -> None:
        """Keys go to the terminal (as when the player clicks into the page)."""
        await self.page.focus(".xterm-helper-textarea")

    async def press(self, *keys: str) -> None:
        """Press keys (Playwright's names: "1", "Enter", "Tab", "ArrowDown") in the page."""
        for key in keys:
            await self.page.keyboard.press(key)

    async def type(self, text: str) -> None:
        await self.page.keyboard.type(text)

    async def screenshot(self, path: Path) -> Path:
        await self.page.screenshot(path=str(path))
        return path

    async def close(self) -> None:
        await self.page.close()


async def sign_in(tab: PageTerminal, name: str) -> None:
    """A browser guest's first screen: type the name into its field, and confirm it. The field
    may not have the focus the instant it is drawn: the name is typed again until the field
    shows it."""
    for _ in range(3):
        await tab.type(name)
        try:
            await tab.wait_for(re.compile(rf"▊\s+{re.escape(name)}\s+▎"), timeout=4)
            break
        except AssertionError:
            await tab.press(*["Backspace"] * 2 * len(name))  # whatever of it did arrive
    await tab.press("Enter")


def _test(check: str | re.Pattern[str] | Callable[[str], bool]) -> Callable[[str], bool]:
    if isinstance(check, str):
        return lambda text: check in text
    if isinstance(check, re.Pattern):
        return lambda text: check.search(text) is not None
    return check


def _said(check: object) -> str:
    if isinstance(check, re.Pattern):
        return f"/{check.pattern}/"
    return repr(check) if isinstance(check, str) else "what was awaited"


class SshScreen(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    """An SSH player's terminal drawn by pyte; a watch on a screen row is checked as each
    packet arrives, so the moment it first matched is known to the packet."""

    def __init__(self, width: int, height: int) -> None:
        import pyte

        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.chan: Any = None
        self.watches: list[tuple[int, re.Pattern[str], asyncio.Future[float]]] = []
        self.changed = asyncio.Event()

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def data_received(self, data: bytes, datatype: Any) -> None:
        now = time.perf_counter()
        self.stream.feed(data)
        for watch in list(self.watches):
            row, pattern, seen = watch
            if pattern.search(self.screen.display[row]):
                if not seen.done():
                    seen.set_result(now)
                self.watches.remove(watch)
        self.changed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def watch(self, row: int, pattern: str) -> asyncio.Future[float]:
        """A future: the moment screen row ``row`` first matches ``pattern`` from now on."""
        seen: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self.watches.append((row, re.compile(pattern), seen))
        return seen

    async def wait_for(self, words: str, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        while words not in self.text():
            if time.monotonic() > deadline:
                raise AssertionError(f"{words!r} never appeared; the screen:\n{self.text()}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), 0.2)
        return self.text()

    def press(self, keys: str) -> None:
        self.chan.write(keys.encode())


# --- the measurement ------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _summary(seconds: list[float]) -> dict[str, Any]:
    """Median and 95th percentile (nearest rank) in milliseconds, and how many."""
    if not seconds:
        return {"median": None, "p95": None, "runs": 0}
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, max(0, round(0.95 * (len(ordered) - 1))))]
    return {"median": round(statistics.median(ordered) * 1000, 1),
            "p95": round(p95 * 1000, 1), "runs": len(ordered)}


class _Table:
    """The bench's own eye on the game: a spectator on the host's socket."""

    def __init__(self, link: Any) -> None:
        self.link = link
        self.info: Any = None
        self.opened: asyncio.Queue[Any] = asyncio.Queue()

    async def run(self) -> None:
        from ahoy_tui.server import messages as msg
        from ahoy_tui.server.link import HostGone

        with contextlib.suppress(HostGone):
            while True:
                message = await self.link.receive()
                if isinstance(message, msg.Opened):
                    self.info = message.game
                    self.opened.put_nowait(message.game)
                elif isinstance(message, msg.Update):
                    self.info = message.game

    def seated(self, side: str) -> bool:
        return self.info is not None and any(
            seat.side == side and seat.occupant == "human" for seat in self.info.seats)


async def _until(check: Callable[[], bool], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.01)
    return True


async def measure(runs: int, folder: Path) -> dict[str, Any]:
    """One server, one browser, ``runs`` page loads and at least ``runs`` moves each way."""
    from ahoy_tui.server import messages as msg
    from ahoy_tui.server.link import HostLink

    data = folder / "data"
    data.mkdir(parents=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    (data / "players.json").write_text(json.dumps(  # a known player: no first-visit question
        {f"key:{key.get_fingerprint()}": {"name": "alice"}}))
    port, web_port = _free_port(), _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "ahoy_tui", "serve", "--data", str(data), "--open", "--port",
         str(port), "--web", "--web-port", str(web_port), "--think", "0.05"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    connection = None
    try:
        assert server.stdout is not None
        banner = await asyncio.wait_for(asyncio.to_thread(server.stdout.readline), 60)
        url = f"http://127.0.0.1:{web_port}/"
        if url.rstrip("/") not in banner:
            raise RuntimeError(f"the server did not start its browser door: {banner!r}")
        for _ in range(600):  # the players come once the warm process is ready
            if (data / "warm.sock").exists():
                break
            await asyncio.sleep(0.1)
        async with chromium(folder / "profile") as browser:
            loads: list[float] = []
            tab: PageTerminal | None = None
            for run in range(runs):
                tab = await PageTerminal.new(browser)
                began = time.perf_counter()
                await tab.goto(url)
                loads.append(await tab.shows("Welcome aboard", 30) - began)
                if run < runs - 1:
                    await tab.close()
            assert tab is not None
            await tab.focus()
            await sign_in(tab, "Sam")
            await tab.wait_for("Signed in as Sam")

            connection = await asyncssh.connect(
                "127.0.0.1", port, username="alice", client_keys=[key], known_hosts=None,
                agent_path=None)
            ssh = SshScreen(120, 40)
            await connection.create_session(lambda: ssh, term_type="xterm-256color",
                                            term_size=(120, 40), encoding=None)
            await ssh.wait_for("the lobby", 30)

            link = await HostLink.connect(data / "host.sock")
            link.send(msg.Hello("key:bench", "bench"))
            link.send(msg.SetName("bench"))
            table = _Table(link)
            reader = asyncio.create_task(table.run())
            try:
                link.send(msg.CreateGame(seats={"p1": "open", "p2": "open"}, seed=7))
                game = (await asyncio.wait_for(table.opened.get(), 10)).id
                link.send(msg.LeaveGame(game))
                link.send(msg.WatchGame(game))  # a spectator: its steps and seats
                await asyncio.wait_for(table.opened.get(), 10)
                await tab.wait_for("(free) v (free)")
                await tab.press("Enter")  # play: both seats are free, so it asks which
                await tab.wait_for("Take which side?")
                await tab.press("Enter")  # the first: The Empire
                if not await _until(lambda: table.seated("p1"), 15):
                    raise RuntimeError("the browser tab did not take its seat")
                await ssh.wait_for("Sam (guest) v (free)")
                ssh.press("\r")  # the free seat: The Pirates
                if not await _until(lambda: table.seated("p2"), 15):
                    raise RuntimeError("the SSH player did not take their seat")
                await asyncio.sleep(1.0)
                page_to_ssh, ssh_to_page = await _play(tab, ssh, table, runs)
            finally:
                reader.cancel()
                await link.close()
    finally:
        if connection is not None:
            connection.close()
        server.terminate()
        await asyncio.to_thread(server.wait, 30)
    return {"runs": runs, "chromium": chromium_version(),
            "page_load_ms": {**_summary(loads), "first": round(loads[0] * 1000, 1)},
            "page_key_to_ssh_ms": _summary(page_to_ssh),
            "ssh_key_to_page_ms": _summary(ssh_to_page)}


async def _play(tab: PageTerminal, ssh: SshScreen, table: _Table,
                runs: int) -> tuple[list[float], list[float]]:
    """Play by keys until each way has ``runs`` moves: each from the key that sent it to the
    new step in the header of the other player's screen."""
    page_to_ssh: list[float] = []
    ssh_to_page: list[float] = []
    for _ in range(runs * 8):
        if (len(page_to_ssh) >= runs and len(ssh_to_page) >= runs) or table.info.over:
            break
        step, in_page = table.info.step, table.info.to_act == "p1"  # the tab is The Empire
        shown = rf"\bstep {step + 1}\b"  # the header, on the other player's screen
        seen: asyncio.Future[float] = (
            ssh.watch(0, shown) if in_page
            else asyncio.ensure_future(tab.row_shows(0, shown, 15)))
        sent = time.perf_counter()
        await (tab.press("1") if in_page else _write(ssh, "1"))
        # "1" plays the first choice at once, or opens a value picker for it: once the picker
        # has the keys (the footer shows "⏎ Confirm"), Enter plays it, with the suggested value
        deadline = time.monotonic() + 3
        while table.info.step == step and time.monotonic() < deadline:
            text = await tab.text() if in_page else ssh.text()
            if "⏎ Confirm" in text:
                sent = time.perf_counter()
                await (tab.press("Enter") if in_page else _write(ssh, "\r"))
                break
            await asyncio.sleep(0.01)
        try:
            at = await asyncio.wait_for(seen, 15)
        except TimeoutError:
            continue  # nothing was played (or never shown): not a sample
        (page_to_ssh if in_page else ssh_to_page).append(at - sent)
        await asyncio.sleep(0.4)  # both screens settle before the next move
    return page_to_ssh, ssh_to_page


async def _write(ssh: SshScreen, keys: str) -> None:
    ssh.press(keys)


def run(runs: int) -> dict[str, Any]:
    if not 1 <= runs <= 50:
        raise ValueError("runs: between 1 and 50")
    why = missing()
    if why:
        raise ValueError(f"cannot drive a browser: {why}")
    folder = Path(tempfile.mkdtemp(prefix="ahoy-bench-"))
    try:
        return asyncio.run(measure(runs, folder))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
