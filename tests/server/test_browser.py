"""The browser door as its players meet it: headless Chromium on the page `ahoy serve --web`
serves, against an SSH player, in one game.

The page draws its terminal with xterm.js on a canvas, so its text is not in the DOM: it is read
from xterm.js's own buffer (``PageTerminal`` in ``ahoy_tui/bench/browser.py`` says how it gets
hold of the terminal). Keys are pressed in the page with Playwright's keyboard, as a player types
them. A screenshot of the page (and the text of both screens) is written at each stage into the
test's folder; their paths are printed and recorded as properties (``--junitxml`` keeps them).

Chromium is Debian's (``/usr/bin/chromium``; ``.ci/run`` installs it), driven by Playwright
(the test extra); the test is skipped, saying which, only when one of the two is missing.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import io
import re
import signal
import subprocess
from collections.abc import Callable
from pathlib import Path

import asyncssh
import pytest

from ahoy_tui import bench
from ahoy_tui.bench import browser as bench_browser
from ahoy_tui.bench.browser import CHROMIUM, PageTerminal, chromium, sign_in

from .conftest import free_port
from .test_serve_command import start
from .test_ssh import Terminal

needs_playwright = pytest.mark.skipif(
    importlib.util.find_spec("playwright") is None,
    reason="the playwright package is not installed (the test extra: pip install -e '.[test]')")
needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"no Chromium at {CHROMIUM} (apt-get install chromium; .ci/run installs it)")
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

DOWN, UP = "\x1b[B", "\x1b[A"


class Stages:
    """What the page and the SSH player's terminal show at each stage, kept as files."""

    def __init__(self, folder: Path, record: Callable[[str, object], None],
                 tab: PageTerminal, ssh: Terminal) -> None:
        self.folder = folder
        self.record = record
        self.tab = tab
        self.ssh = ssh
        self.count = 0

    async def shot(self, name: str) -> Path:
        self.count += 1
        stem = f"{self.count:02d}-{name}"
        png = await self.tab.screenshot(self.folder / f"{stem}.png")
        (self.folder / f"{stem}.page.txt").write_text(await self.tab.text())
        (self.folder / f"{stem}.ssh.txt").write_text(self.ssh.text())
        print(f"browser test, {name}: {png}")
        self.record(f"screenshot {stem}", str(png))
        return png


async def until_ssh(term: Terminal, check: Callable[[str], bool], what: str,
                    timeout: float = 20) -> str:
    deadline = asyncio.get_running_loop().time() + timeout
    while not check(term.text()):
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"the SSH player never saw {what}; the screen:\n{term.text()}")
        await asyncio.sleep(0.05)
    return term.text()


def focused_field(term: Terminal) -> str:
    """The label of the form's field that has the focus (the one whose edge is lit), with the
    field's first line: "The Empire (p1): played by: You"."""
    lines = term.screen.display
    for y, line in enumerate(lines):
        x = line.find("▊")
        if x < 0 or "▔" in line or "▁" in line:
            continue
        if term.screen.buffer[y][x].fg == term.screen.buffer[y][0].bg:
            continue  # an unlit edge: the focus is elsewhere
        label = next((above.split("▏")[0].strip() for above in reversed(lines[:y])
                      if "▊" not in above and above.split("▏")[0].strip()), "")
        return f"{label}: {line[x + 1:].split('▎')[0].strip()}"
    return ""


async def focus_shows(term: Terminal, words: str) -> None:
    await until_ssh(term, lambda _text: focused_field(term).startswith(words),
                    f"the focus on {words!r}")


async def alice_sets_up_a_duel(port: int) -> tuple[asyncssh.SSHClientConnection, Terminal]:
    """Alice comes in over SSH, takes her name, and sets up the duel from the lobby: The Empire
    a free seat for another player, herself The Pirates, dice seed 7. Each key waits for the
    form to show the last one's effect (the focused field is lit): keys typed ahead of the
    focus would land in the wrong field."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    conn = await asyncssh.connect("127.0.0.1", port, username="alice", client_keys=[key],
                                  known_hosts=None, agent_path=None)
    alice = Terminal(120, 40)
    await conn.create_session(lambda: alice, term_type="xterm-256color", term_size=(120, 40),
                              encoding=None)
    await alice.wait_for("Welcome aboard")
    for _ in range(3):  # the name field may not have the focus the instant it is drawn
        alice.keys("\r")  # the offered name: her SSH user name
        try:
            await alice.wait_for("Signed in as alice", timeout=8)
            break
        except AssertionError:
            continue
    await alice.wait_for("No games yet")
    alice.keys("n")
    await focus_shows(alice, "Scenario: A Duel of Frigates")  # the first scenario: the duel
    menu = "Computer: random (the baseline)"  # the last line of an open list of players
    for label, arrow, chosen in (("The Empire (p1): played by", DOWN, "Another player"),
                                 ("The Pirates (p2): played by", UP, "You")):
        alice.keys("\t")
        await focus_shows(alice, label)
        alice.keys("\r")
        await until_ssh(alice, lambda text: menu in text, f"the list for {label!r}")
        alice.keys(arrow + "\r")
        await until_ssh(alice, lambda text: menu not in text, "the list closed")
        await focus_shows(alice, f"{label}: {chosen}")
    alice.keys("\t")
    await focus_shows(alice, "Dice seed (empty: random)")
    alice.keys("7")
    await focus_shows(alice, "Dice seed (empty: random): 7")
    alice.keys("\x13")  # ctrl+s: start
    await alice.wait_for("The Empire: waiting for someone to take the seat")
    return conn, alice


@needs_playwright
@needs_chromium
async def test_a_browser_player_and_an_ssh_player_play_each_other_in_chromium(
        short_dir: Path, tmp_path: Path, record_property: Callable[[str, object], None]) -> None:
    folder = short_dir / "data"
    port, web_port = free_port(), free_port()
    server = start(folder, "--open", "--port", str(port), "--web", "--web-port", str(web_port))
    conn: asyncssh.SSHClientConnection | None = None
    try:
        assert server.stdout is not None
        banner = await asyncio.wait_for(asyncio.to_thread(server.stdout.readline), 30)
        url = f"http://127.0.0.1:{web_port}"
        assert url in banner  # the browser door is open, at the address it says
        conn, alice = await alice_sets_up_a_duel(port)
        shots_folder = tmp_path / "browser"
        shots_folder.mkdir()
        async with chromium(tmp_path / "chromium-profile") as browser:
            tab = await PageTerminal.open(browser, url + "/")
            stages = Stages(shots_folder, record_property, tab, alice)
            try:
                await play(tab, alice, stages)
            except Exception:
                with contextlib.suppress(Exception):  # the page as the test left it
                    await asyncio.wait_for(stages.shot("failed"), 10)
                raise
    finally:
        if conn is not None:
            conn.close()
        server.send_signal(signal.SIGTERM)
        try:
            await asyncio.to_thread(server.communicate, timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(10)


async def play(tab: PageTerminal, alice: Terminal, stages: Stages) -> None:
    # --- the page: the lobby asks the browser guest's name -----------------------------------
    await tab.wait_for("Welcome aboard! What name shall other captains know")
    cols, rows = await tab.size()
    assert cols >= 120 and rows >= 40  # the terminal fills the window (1280×800)
    await stages.shot("name")
    await tab.focus()
    await sign_in(tab, "Sam")
    # the lobby: Sam is told he is a guest, and Alice's game is listed with The Empire's seat
    # free
    await tab.wait_for("Signed in as Sam (guest): your games are not kept",
                       "A Duel of Frigates", "(free) v alice")
    await stages.shot("lobby")

    # --- Sam takes The Empire's seat: both screens say so --------------------------------------
    await tab.press("Enter")
    # his ship, and his move to make
    await tab.wait_for("Turn 1, The Empire — orders", "1 end orders", "Harpy")
    await alice.wait_for("Waiting for Sam (guest) (The Empire)")
    await stages.shot("seated")

    # --- Sam's move, by keys in the page: the Harpy under full sail ---------------------------
    await tab.press("1")  # end orders
    await tab.wait_for("choose one and her speed (Harpy)")
    await tab.press("1")  # full speed: the die is rolled
    await tab.wait_for("1 Harpy: ahead")
    await tab.press("1")  # ahead: a value picker, at the whole distance; it takes keys once
    text = await tab.wait_for("Enter confirm", "⏎ Confirm")  # the footer shows its keys
    found = re.search(r'» Harpy: ahead (\d+)"', text)
    assert found, text
    inches = int(found.group(1))
    assert 7 <= inches <= 12  # D6+6 for a ship reaching
    await tab.press("Enter")
    await tab.wait_for("the Harpy has used her move")
    await tab.press("3")  # end her move (no gun bears: the turn passes)
    moved = f'The Harpy moves {inches}" ahead'  # in the page's own dice log
    await tab.wait_for("Waiting for alice (The Pirates)", moved)
    await stages.shot("sam-moved")

    # --- Alice's terminal shows Sam's move, and it is hers to answer ---------------------------
    await alice.wait_for("Harpy: speed (reaching, D6+6)")  # the die Sam's move rolled
    await alice.wait_for(moved)  # and the move, in her dice log
    await alice.wait_for("Turn 1: The Pirates to play")
    seen = await alice.wait_for("Turn 1, The Pirates — orders")
    assert "1 end orders" in seen and "Revenge" in seen  # her ship, and her choices
    assert "Waiting for" not in seen

    # --- Alice replies over SSH: the Revenge sails, then her marksmen shoot -------------------
    alice.keys("1")  # end orders
    await alice.wait_for("choose one and her speed (Revenge)")
    alice.keys("1")  # full speed
    await alice.wait_for("1 Revenge: ahead")
    alice.keys("1")
    await alice.wait_for("⏎ Confirm")  # the picker has the keys
    seen = await alice.wait_for("Enter confirm")
    found = re.search(r'» Revenge: ahead (\d+)"', seen)
    assert found, seen
    reply = f'The Revenge moves {found.group(1)}" ahead'
    alice.keys("\r")
    await alice.wait_for("the Revenge has used her move")
    alice.keys("3")  # end her move: the Harpy is now within her marksmen's reach
    await alice.wait_for("Turn 1, The Pirates — shooting")
    await alice.wait_for("1 Revenge: missiles at the Harpy's crew")
    alice.keys("1")
    await alice.wait_for("Turn 2, The Empire")

    # --- the page shows Alice's reply, and it is Sam's move again ------------------------------
    shown = (reply,  # the Revenge's move, in the page's dice log
             "The Revenge's marksmen score",  # her shots at Sam's ship
             "Turn 2: The Empire to play",
             "Turn 2, The Empire — orders",
             "1 end orders")  # Sam's choices are back
    text = await tab.wait_for(*shown)
    assert "Waiting for" not in text
    await stages.shot("alice-replied")
    # the page shows the game at the step the SSH player's screen shows
    assert step_of(text) == step_of(alice.text()) > 0


def step_of(text: str) -> int:
    """The step the battle screen's header shows."""
    first = text.splitlines()[0]
    found = re.search(r"\bstep (\d+)\b", first)
    assert found, first
    return int(found.group(1))


def test_the_browser_bench_says_why_it_cannot_run(monkeypatch, tmp_path, capsys) -> None:
    monkeypatch.setattr(bench_browser, "CHROMIUM", tmp_path / "no-chromium")
    args = argparse.Namespace(browser=True, server=True, runs=3, json=False)
    assert bench.run(args, io.StringIO()) == 2
    said = capsys.readouterr().err
    assert "ahoy bench: cannot drive a browser: " in said and "apt-get install chromium" in said
