"""The after-action report of an online game, from the lobby: saved in the server's data folder
under the name the lobby shows; a game not over only for its players, each their own view."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ahoy_tui.server import messages as m
from ahoy_tui.ui.online import OnlineApp
from ahoy_tui.ui.screens.lobby import LobbyScreen

from .conftest import Client

SIZE = (110, 34)


async def watched_to_the_end(client: Client, game: str) -> Any:
    client.send(m.WatchGame(game))
    while game not in client.sessions or not client.sessions[game].state.over:
        await client.receive()
    return client.sessions[game]


async def test_a_finished_game_s_report_is_saved_in_the_data_folder(host: Any,
                                                                    short_dir: Path) -> None:
    bob = await Client.connect(short_dir / "host.sock", "key:bob", "Bob")
    bob.send(m.CreateGame(ruleset="naval-battle", scenario="duel", seed=5,
                          seats={"p1": "ai:easy", "p2": "ai:easy"}))
    game = (await bob.expect(m.Opened)).game.id
    await watched_to_the_end(bob, game)
    bob.send(m.AskReport(game))
    report = await bob.expect(m.Report)
    live = host.games[game]
    assert report.name == f"reports/{game}-all-step-{live.game.step}.html"
    saved = (short_dir / "data" / report.name).read_text("utf-8")
    assert saved == report.page and live.game.state.result in saved
    assert "the computer captain (easy)" in saved
    assert (short_dir / "data" / "reports").stat().st_mode & 0o077 == 0  # the server's alone


async def test_a_game_not_over_is_reported_to_its_players_alone_as_their_side_sees_it(
        host: Any, short_dir: Path) -> None:
    bob = await Client.connect(short_dir / "host.sock", "key:bob", "Bob")
    bob.send(m.CreateGame(ruleset="naval-battle", scenario="duel", seed=5,
                          seats={"p1": "me", "p2": "ai:easy"}))
    game = (await bob.expect(m.Opened)).game.id
    bob.send(m.AskReport(game))
    report = await bob.expect(m.Report)
    live = host.games[game]
    assert not live.game.over
    assert report.name.startswith(f"reports/{game}-p1-step-")
    side = live.game.state.side_name("p1")
    assert f"as {side} see it" in report.page and "Bob" in report.page
    carol = await Client.connect(short_dir / "host.sock", "key:carol", "Carol")
    carol.send(m.AskReport(game))
    refused = await carol.expect(m.Refused)
    assert "only its players may have its report" in refused.reason
    assert not list((short_dir / "data" / "reports").glob(f"{game}-p2*"))


async def test_a_in_the_lobby_says_where_the_report_was_saved(host: Any,
                                                              short_dir: Path) -> None:
    bob = await Client.connect(short_dir / "host.sock", "key:bob", "Bob")
    bob.send(m.CreateGame(ruleset="naval-battle", scenario="duel", seed=5,
                          seats={"p1": "ai:easy", "p2": "ai:easy"}))
    game = (await bob.expect(m.Opened)).game.id
    await watched_to_the_end(bob, game)
    host.players.set_name("key:alice", "Alice")
    app = OnlineApp(short_dir / "host.sock", "key:alice")
    told: list[str] = []
    notify = app.notify

    def kept(message: str, *args: Any, **kwargs: Any) -> None:
        told.append(message)
        notify(message, *args, **kwargs)

    app.notify = kept  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            if isinstance(app.screen, LobbyScreen) and app.lobby.games:
                break
            await pilot.pause(0.02)
        await pilot.press("a")
        for _ in range(300):
            if any("reports/" in t for t in told):
                break
            await pilot.pause(0.02)
    name = f"reports/{game}-all-step-{host.games[game].game.step}.html"
    assert any(f"in its data folder, as {name}" in t for t in told), told
    assert (short_dir / "data" / name).exists()
