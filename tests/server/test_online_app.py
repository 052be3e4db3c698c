"""The online game (the app each SSH session runs), driven by keys against a real game host."""

from __future__ import annotations

from typing import Any

from textual.widgets import Input

from ahoy_tui.server import messages as m
from ahoy_tui.ui.online import OnlineApp
from ahoy_tui.ui.screens.battle import BattleScreen
from ahoy_tui.ui.screens.confirm import ConfirmScreen
from ahoy_tui.ui.screens.lobby import LobbyScreen, NameScreen
from ahoy_tui.ui.widgets.choices import PhasePrompt

from .conftest import Client, broadside, first_choice

SIZE = (110, 34)


async def settle(pilot, until, tries: int = 200) -> None:
    for _ in range(tries):
        if until():
            return
        await pilot.pause(0.02)
    raise AssertionError("the screen never got there")


async def test_first_visit_asks_a_name_then_the_lobby_sets_up_a_game(host, short_dir):
    app = OnlineApp(short_dir / "host.sock", "key:alice", "alice")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, NameScreen))
        assert app.screen.query_one(Input).value == "alice"  # the SSH user name, offered
        app.screen.query_one(Input).value = ""
        await pilot.press(*"Anne", "enter")
        await settle(pilot, lambda: host.players.name("key:alice") == "Anne")
        await settle(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("n")
        await settle(pilot, lambda: app.screen.__class__.__name__ == "NewGameScreen")
        await pilot.press("ctrl+s")  # p1: you, p2: a free seat
        await settle(pilot, lambda: isinstance(app.screen, BattleScreen))
        (live,) = host.games.values()
        assert live.seats["p1"].name == "Anne" and live.seats["p2"].occupant == "open"
        prompt = str(app.screen.query_one(PhasePrompt).render())
        assert "The Empire" in prompt


async def test_the_opponents_move_arrives_and_an_undo_request_is_answered(host, short_dir):
    bob = await Client.connect(short_dir / "host.sock", "key:bob", "Bob")
    bob.send(m.CreateGame(seats={"p1": "open", "p2": "me"}, seed=5,
                          scenario_data=broadside(3)))
    game = (await bob.expect(m.Opened)).game.id
    host.players.set_name("key:alice", "Alice")
    app = OnlineApp(short_dir / "host.sock", "key:alice")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: bool(app.lobby.games))
        await pilot.press("enter")  # the one free seat
        await settle(pilot, lambda: isinstance(app.screen, BattleScreen))
        screen = app.screen
        live = host.games[game]
        # Alice plays until it is Bob's turn; her keys reach the host
        while live.game.to_act == "p1":
            step = live.game.step
            await pilot.press("1")
            await settle(pilot, lambda step=step: live.game.step > step
                         or screen.query_one("#picker").display)
            if screen.query_one("#picker").display:
                await pilot.press("enter")
                await settle(pilot, lambda step=step: live.game.step > step)
        await bob.until_step(game, live.game.step)
        await settle(pilot, lambda: screen.session.step == live.game.step)
        assert "Waiting for Bob" in str(screen.query_one(PhasePrompt).render())
        # Bob moves: Alice's screen follows
        step = live.game.step
        bob.sessions[game].play(first_choice(bob.sessions[game]))
        await settle(pilot, lambda: screen.session.step == step + 1)
        # Bob asks to take it back: Alice is asked, and allows it
        bob.send(m.RequestUndo(game))
        await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await settle(pilot, lambda: live.game.step == step)
        await settle(pilot, lambda: screen.session.step == step)


async def naval_duel(host: Any, short_dir: Any, bob_plays: str) -> tuple[Client, str, OnlineApp,
                                                                          Any]:
    """Bob (a scripted client) sets up a Naval Battle duel on one side; Alice's app is ready to
    take the other seat."""
    bob = await Client.connect(short_dir / "host.sock", "key:bob", "Bob")
    seats = {side: "me" if side == bob_plays else "open" for side in ("p1", "p2")}
    bob.send(m.CreateGame(ruleset="naval-battle", scenario="duel", seats=seats, seed=5))
    game = (await bob.expect(m.Opened)).game.id
    host.players.set_name("key:alice", "Alice")
    return bob, game, OnlineApp(short_dir / "host.sock", "key:alice"), host.games[game]


async def test_a_naval_battle_online_seals_each_sheet_and_shows_the_reveal(host, short_dir):
    from ahoy_tui.rules.naval_battle.actions import DeclareSpeed, GiveOrders
    from ahoy_tui.rules.naval_battle.legal import plain_orders
    from ahoy_tui.ui.screens.naval_battle import NavalBattleScreen
    from ahoy_tui.ui.screens.reveal import RevealScreen

    bob, game, app, live = await naval_duel(host, short_dir, bob_plays="p2")
    async with app.run_test(size=(130, 44)) as pilot:
        await settle(pilot, lambda: bool(app.lobby.games))
        await pilot.press("enter")  # the free seat: p1
        await settle(pilot, lambda: isinstance(app.screen, NavalBattleScreen))
        await pilot.press("enter")  # Alice declares (hold) and seals
        await settle(pilot, lambda: live.game.step == 1)
        await bob.until_step(game, 1)
        bob.sessions[game].play(DeclareSpeed("p2", (("grudgebearer", "up"),)))
        await settle(pilot, lambda: live.game.step == 2 and app.screen.query("PlaySheet"))
        await pilot.press("enter")  # Alice seals her (ready) sheet
        await settle(pilot, lambda: live.game.step == 3)
        grudge = live.game.state.ship("grudgebearer")
        await bob.until_step(game, 3)
        bob.sessions[game].play(GiveOrders("p2", (plain_orders(grudge, "up", "port"),)))
        await settle(pilot, lambda: isinstance(app.screen, RevealScreen)
                     and bool(app.screen.query("VerticalScroll Static")))  # composed
        shown = str(app.screen.query_one("VerticalScroll Static").render())
        assert "Grudgebearer" in shown and "1. port" in shown  # Bob's sheet, at the reveal


async def test_online_a_player_writes_ahead_and_the_sheet_goes_in_when_it_may(host, short_dir):
    from ahoy_tui.rules.naval_battle.actions import DeclareSpeed, GiveOrders
    from ahoy_tui.rules.naval_battle.legal import plain_orders
    from ahoy_tui.ui.screens.naval_battle import NavalBattleScreen

    bob, game, app, live = await naval_duel(host, short_dir, bob_plays="p1")
    async with app.run_test(size=(130, 44)) as pilot:
        await settle(pilot, lambda: bool(app.lobby.games))
        await pilot.press("enter")  # the free seat: p2, while Bob (p1) is to declare
        await settle(pilot, lambda: isinstance(app.screen, NavalBattleScreen))
        screen = app.screen
        await settle(pilot, lambda: screen.query_one("SpeedDeclarations").display)
        await pilot.press("left", "enter")  # Alice declares "up" ahead of Bob, and seals
        await settle(pilot, lambda: screen.queued is not None)
        assert live.game.step == 0  # nothing reaches the table before Bob has sealed
        assert "goes to the table the moment" in str(screen.query_one(PhasePrompt).render())
        bob.sessions[game].play(DeclareSpeed("p1", (("eagle", "hold"),)))
        await settle(pilot, lambda: live.game.step == 2)  # hers went in at once
        assert dict(live.game.state.speeds_shown) == {"eagle": "hold", "grudgebearer": "up"}
        # the orders: Alice writes hers while Bob writes his
        await settle(pilot, lambda: screen.query_one("PlaySheet").display)
        await pilot.press("enter")
        await settle(pilot, lambda: screen.queued is not None)
        eagle = live.game.state.ship("eagle")
        await bob.until_step(game, 2)
        bob.sessions[game].play(GiveOrders("p1", (plain_orders(eagle, "hold"),)))
        await settle(pilot, lambda: live.game.step >= 4)  # both sealed: revealed, moved
        assert live.game.state.orders.complete(("p1", "p2")) or live.game.state.turn > 1


async def test_online_no_command_writes_a_file_on_the_server(host, short_dir, tmp_path,
                                                             monkeypatch):
    """Issue 13, 10: the palette's Screenshot wrote an SVG into the server user's Downloads."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    host.players.set_name("key:alice", "Alice")
    alice = await Client.connect(short_dir / "host.sock", "key:alice")
    alice.send(m.CreateGame(seats={"p1": "me", "p2": "open"}, seed=5,
                            scenario_data=broadside()))
    await alice.expect(m.Opened)
    app = OnlineApp(short_dir / "host.sock", "key:alice")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: bool(app.lobby.games))
        offered = {c.title for c in app.get_system_commands(app.screen)}
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, BattleScreen))
        offered |= {c.title for c in app.get_system_commands(app.screen)}
        assert "Screenshot" not in offered and not offered & {"Save", "Save as…", "Redo"}
        assert {"Undo", "Rules", "Quit"} <= offered  # the palette is still there
        # nor does anything reached another way (a link in text, a key) write one
        await app.run_action("app.screenshot")
        app.deliver_screenshot()
        for action in ("title_fleets", "title_load", "title_replay", "title_resume"):
            await app.run_action(f"app.{action}")
        await pilot.press("s")  # a battle's save key: the server keeps it
        await pilot.pause(0.2)
        assert isinstance(app.screen, BattleScreen)
    written = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert written == [], written


async def test_a_busy_lobby_comes_a_page_at_a_time(host, short_dir):
    """Issue 13, 6: one lobby message once held every game, and at ~2,900 games passed the
    client's line limit and broke every session. Now it is a page, turned with PgDn/PgUp."""
    host.max_games = 100
    bob = await Client.connect(short_dir / "host.sock", "key:bob", "Bob")
    for _ in range(62):
        bob.send(m.CreateGame(seats={"p1": "me", "p2": "open"}, scenario_data=broadside()))
        await bob.expect(m.Opened)
    host.players.set_name("key:alice", "Alice")
    app = OnlineApp(short_dir / "host.sock", "key:alice")
    async with app.run_test(size=SIZE) as pilot:
        lobby = app.lobby
        await settle(pilot, lambda: len(lobby.games) == 50 and lobby.total == 62)
        pages = lobby.query_one("#pages")
        assert pages.display and "Games 1–50 of 62" in str(pages.render())
        table = lobby.query_one("GamesTable")
        while table.cursor_row < 49:  # PgDn moves down this page first…
            await pilot.press("pagedown")
        assert lobby.first == 0
        await pilot.press("pagedown")  # …and at its end turns to the next
        await settle(pilot, lambda: lobby.first == 50 and len(lobby.games) == 12)
        assert "Games 51–62 of 62" in str(pages.render()) and table.cursor_row == 0
        await pilot.press("r")  # a refresh keeps the page
        await pilot.pause(0.3)
        assert lobby.first == 50 and app.lobby_offset == 50
        await pilot.press("pageup")
        await settle(pilot, lambda: lobby.first == 0 and len(lobby.games) == 50)
        assert table.cursor_row == 49


async def test_a_man_o_war_battle_online_with_template_cards(host, short_dir):
    """Man O' War over the host: Alice activates and moves by keys, her template cards are on
    the screen, and Bob's reply reaches it."""
    from ahoy_tui.ui.widgets.template_cards import TemplateCards

    bob = await Client.connect(short_dir / "host.sock", "key:bob", "Bob")
    bob.send(m.CreateGame(ruleset="man-o-war", scenario="elves", seats={"p1": "open",
                                                                        "p2": "me"}, seed=5))
    game = (await bob.expect(m.Opened)).game.id
    host.players.set_name("key:alice", "Alice")
    app = OnlineApp(short_dir / "host.sock", "key:alice")
    async with app.run_test(size=(130, 44)) as pilot:
        await settle(pilot, lambda: bool(app.lobby.games))
        await pilot.press("enter")  # the free seat: p1
        await settle(pilot, lambda: isinstance(app.screen, BattleScreen))
        screen = app.screen
        live = host.games[game]
        assert isinstance(screen.query_one("#cards"), TemplateCards)
        while live.game.to_act != "p1":  # Bob won the initiative: he acts first
            before = live.game.step
            session = await bob.until_step(game, before)
            session.play(first_choice(session))
            await settle(pilot, lambda before=before: live.game.step > before)
        await settle(pilot, lambda: screen.session.step == live.game.step)
        step = live.game.step
        await pilot.press("1")  # activate her first unit
        await settle(pilot, lambda: live.game.step == step + 1)
        assert live.game.state.acting or live.game.state.current
        shown = app.export_screenshot()
        assert "BTW" in shown and "crew" in shown  # the template cards, online


async def test_a_guest_is_not_told_an_ssh_key_keeps_their_name(host, short_dir):
    from textual.widgets import Label

    app = OnlineApp(short_dir / "host.sock", "guest:web", "", guest=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, NameScreen))
        said = " ".join(str(label.render()) for label in app.screen.query(Label))
        assert "As a guest" in said and "SSH key" not in said


def told(app: OnlineApp) -> list[str]:
    """Every notification the app gives from now on (kept: a toast goes away)."""
    said: list[str] = []
    notify = app.notify

    def kept(message: str, *args: Any, **kwargs: Any) -> None:
        said.append(str(message))
        notify(message, *args, **kwargs)

    app.notify = kept  # type: ignore[method-assign]
    return said


async def test_the_game_says_when_it_is_drawn_at_the_largest_size_a_door_gives(host, short_dir):
    """Issue 34, 9: both doors clamp a terminal to 500 x 200 (server/limits.py); the game, drawn
    at that, says so, once each time it comes to it."""
    app = OnlineApp(short_dir / "host.sock", "guest:sam:1", "sam", guest=True)
    said = told(app)

    def notices() -> int:
        return sum("at most 500 x 200 cells" in text for text in said)

    async with app.run_test(size=(500, 200)) as pilot:
        await settle(pilot, lambda: notices() == 1)
        await pilot.resize_terminal(120, 40)
        await pilot.pause(0.2)
        await pilot.resize_terminal(500, 150)  # as wide as a door gives: said again
        await settle(pilot, lambda: notices() == 2)
        await pilot.resize_terminal(500, 200)  # still at the most: not said a third time
        await pilot.pause(0.3)
        assert notices() == 2
    small = OnlineApp(short_dir / "host.sock", "guest:tom:1", "tom", guest=True)
    said = told(small)
    async with small.run_test(size=(499, 199)) as pilot:
        await settle(pilot, lambda: isinstance(small.screen, LobbyScreen))
        await pilot.pause(0.3)
        assert notices() == 0


async def test_ramming_speed_online_both_sides_write_their_orders_at_once(host, short_dir):
    """2.0 over the host: Alice (the Greeks, p2) writes and seals while Bob (Rome, p1) still
    writes his; nothing of hers reaches the table (nor Bob) until he has sealed, then her
    orders go in by themselves, the seal last, and the header counts no orders written."""
    from ahoy_tui.rules.ramming_speed.actions import SealOrders, WriteOrders
    from ahoy_tui.ui.screens.ramming_speed import OrdersRevealed, RammingSpeedScreen
    from ahoy_tui.ui.widgets.status_bar import StatusBar

    bob = await Client.connect(short_dir / "host.sock", "key:bob", "Bob")
    bob.send(m.CreateGame(ruleset="ramming-speed", scenario="corvus",
                          seats={"p1": "me", "p2": "open"}, seed=5))
    game = (await bob.expect(m.Opened)).game.id
    host.players.set_name("key:alice", "Alice")
    live = host.games[game]
    app = OnlineApp(short_dir / "host.sock", "key:alice")
    async with app.run_test(size=(130, 44)) as pilot:
        await settle(pilot, lambda: bool(app.lobby.games))
        await pilot.press("enter")  # the free seat: the Greeks, while Rome writes
        await settle(pilot, lambda: isinstance(app.screen, RammingSpeedScreen))
        screen = app.screen
        bob.sessions[game].play(WriteOrders("p1", "p1-1", "slow", "S" * 9))
        await bob.until_step(game, 1)
        await settle(pilot, lambda: screen.session.step == 1)
        assert "step" not in str(screen.query_one(StatusBar).line())  # no count of his orders
        await pilot.press("w", *"Ni: c 15s", "enter")
        await settle(pilot, lambda: len(screen.ahead) == 1)
        assert "Not your move" not in str(app.screen.render())
        await pilot.press("d", "y")  # sealed ahead: the other galleys carry on
        await settle(pilot, lambda: screen.ahead_seal is not None)
        assert live.game.step == 1  # nothing of hers on the table yet
        assert "go to the table the moment" in str(screen.query_one(PhasePrompt).render())
        await bob.until_step(game, 1)
        assert "S" * 15 not in "\n".join(m.encode(x).decode() for x in bob.seen)
        bob.sessions[game].play(SealOrders("p1"))
        await settle(pilot, lambda: live.game.step >= 4)  # hers went in, sealed: revealed
        written = dict(live.game.state.written)
        assert written["p2"].of("p2-4").moves == "S" * 15
        assert written["p1"].of("p1-1").moves == "S" * 9
        await settle(pilot, lambda: isinstance(app.screen, OrdersRevealed))
