"""The Naval Battle screen, played by keys as a captain would: the speed declarations, the play
sheet (chits dealt, tokens moved), refusals, the fire plan, hot-seat secrecy and the reveal."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList, Select

from ahoy_tui.ai.captain import RandomCaptain
from ahoy_tui.engine import Game, get_ruleset
from ahoy_tui.rules.naval_battle.model import BOARDING, GUNS, MANEUVERS, SNIPERS, Phase
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.hand_over import HandOverScreen
from ahoy_tui.ui.screens.naval_battle import NavalBattleScreen
from ahoy_tui.ui.screens.replay import ReplayScreen
from ahoy_tui.ui.screens.reveal import RevealScreen
from ahoy_tui.ui.widgets.choices import PhasePrompt
from ahoy_tui.ui.widgets.dice_log import DiceLog
from ahoy_tui.ui.widgets.fire_plan import FirePlanSheet
from ahoy_tui.ui.widgets.play_sheet import PlaySheet
from ahoy_tui.ui.widgets.sea_map import SeaMap
from ahoy_tui.ui.widgets.ship_roster import ShipRoster

SIZE = (140, 46)


@pytest.fixture(autouse=True)
def _saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("AHOY_FLEETS", str(tmp_path / "fleets"))


def close_quarters() -> dict[str, Any]:
    """The duel, the two ships side by side 10" apart, both heading north."""
    data = dict(get_ruleset("naval-battle").load_scenario("duel").to_data())
    ships = [dict(s) for s in data["ships"]]
    ships[0].update(x=40, y=48, heading="N")
    ships[1].update(x=50, y=48, heading="N")
    return {**data, "ships": ships}


def session(tmp_path: Path, *, captain: bool = True, data: dict[str, Any] | None = None,
            seed: int = 3) -> LocalSession:
    game = Game.new("naval-battle", None if data else "duel", scenario_data=data, seed=seed)
    captains = {"p2": RandomCaptain(5)} if captain else {}
    return LocalSession(game, path=tmp_path / "naval.json", captains=captains)


def screen_text(app: AhoyApp) -> str:
    """Everything the terminal shows now, as plain text."""
    svg = app.export_screenshot()
    text = re.sub(r"<[^>]+>", "", svg)
    return html.unescape(text).replace("\xa0", " ")


def prompt_text(screen: NavalBattleScreen) -> str:
    shown = screen.query_one(PhasePrompt)._shown or ("", "", "")
    return "\n".join((*shown[:1], f"Refused: {shown[1]}") if shown[1] else shown[:1])


async def settle(pilot: Any, until: Any, tries: int = 60) -> None:
    for _ in range(tries):
        if until():
            return
        await pilot.pause(0.05)
    assert until()


async def to_orders(pilot: Any, screen: NavalBattleScreen) -> None:
    """Seal p1's declarations (all hold) and wait for the captain's."""
    screen.captain_delay = 0.01
    await pilot.press("enter")
    await settle(pilot, lambda: screen.session.state.phase == Phase.ORDERS
                 and screen.session.may_act())
    await pilot.pause()


async def test_declarations_are_chosen_and_sealed(tmp_path):
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, NavalBattleScreen)
        assert "declare whether each ship speeds up" in prompt_text(screen)
        await pilot.press("left")  # hold → up
        assert screen.declarations == {"eagle": "up"}
        await to_orders(pilot, screen)
        assert dict(screen.session.state.speeds_shown)["eagle"] == "up"
        assert isinstance(app.focused, PlaySheet)
        # the captain's sheet is secret: the log says only that it was sealed, never why
        log = " ".join(e.describe() for _, e in screen.query_one(DiceLog).entries)
        assert log.count("speed declarations sealed") == 2  # each side's, once
        assert "The Dawi: speed declarations sealed" in log
        assert "captain's dice" not in log
        assert screen.last_captain_note == "The Dawi have sealed their speed declarations"


async def test_chits_are_dealt_and_tokens_moved_by_keys(tmp_path):
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await to_orders(pilot, screen)
        sheet = screen.query_one(PlaySheet)
        assert sheet.sheet is not None and sheet.sheet.ready  # the plain sheet to start
        await pilot.press("backspace")  # every chit back off the boxes
        assert sum(c.count for c in sheet.sheet.undealt) == 30
        assert not sheet.sheet.ready
        await pilot.press("right", "right", "right")  # three Elves onto Maneuvers
        assert screen.drafts["eagle"].assign == ((MANEUVERS, "elf", 3),)
        await pilot.press("4")  # one of them on to Guns (box 4)
        orders = screen.drafts["eagle"]
        assert (MANEUVERS, "elf", 2) in orders.assign and (GUNS, "elf", 1) in orders.assign
        await pilot.press("down", "down", "down", "down")  # Boarding
        await pilot.press(*["shift+right"] * 5)
        assert (BOARDING, "elf", 24) in screen.drafts["eagle"].assign  # all the Elves left
        await pilot.press("k", "up", "up")  # Sharp Shooters, on Snipers
        assert sheet.kind == "sharp_shooter"
        await pilot.press("right", "right")
        assert (SNIPERS, "sharp_shooter", 2) in screen.drafts["eagle"].assign
        await pilot.press("k", "up", "up", "right")  # the Sailor, on Maneuvers
        assert sheet.sheet.undealt == ()
        # the tokens: 1 to port, 3 to starboard
        await pilot.press(*["down"] * 6, "left", "down", "down", "right")
        assert screen.drafts["eagle"].maneuvers == ("port", "steady", "starboard")
        assert sheet.sheet.turns_ordered == 2 and sheet.sheet.turns_paid == 1
        assert sheet.sheet.ready
        moves = [line for line in screen.query_one(SeaMap)._scene.lines if line.kind == "move"]
        assert len(moves) == 3  # the planned track, a line a token
        text = screen_text(app)
        assert "Ready to seal" in text and "token 3" in text


async def test_a_refused_sheet_shows_its_rule(tmp_path):
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await to_orders(pilot, screen)
        step = screen.session.step
        await pilot.press("backspace")  # nothing dealt
        assert "deal every chit" in screen_text(app)  # the live check, on the sheet
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.step == step
        prompt = prompt_text(screen)
        assert "Refused: Crew Assignments" in prompt and "deal every chit" in prompt
        # a specialist on a box he cannot work: the sheet says which rule
        await pilot.press("ctrl+r")  # (nothing to redo: harmless)
        await pilot.press("k", "right")  # a Sharp Shooter on Maneuvers
        assert "Specialists" in screen_text(app)


async def test_sealing_orders_reveals_them_and_moves_on(tmp_path):
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await to_orders(pilot, screen)
        step = screen.session.step
        await pilot.press("enter")  # the plain sheet
        await settle(pilot, lambda: isinstance(app.screen, RevealScreen))
        assert screen.session.step >= step + 2
        reveal = screen_text(app)
        assert "Orders revealed — turn 1" in reveal
        assert "Eagle of Lothern" in reveal and "Grudgebearer" in reveal
        await pilot.press("enter")
        assert app.screen is screen


async def test_hot_seat_never_shows_p1s_sheet_to_p2(tmp_path):
    app = AhoyApp(session=session(tmp_path, captain=False))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, NavalBattleScreen) and screen.hot_seat
        await pilot.press("enter")  # p1 declares: all hold
        assert isinstance(app.screen, HandOverScreen)
        assert "Pass the terminal to The Dawi — Enter when ready" in screen_text(app)
        await pilot.press("enter", "enter")  # p2 takes over, declares
        assert isinstance(app.screen, HandOverScreen)  # back to p1 for the orders
        assert "Pass the terminal to The Asur" in screen_text(app)
        await pilot.press("enter")
        assert screen.perspective() == "p1"
        # p1's distinctive sheet: 27 Elves boarding, tokens port, port, starboard
        await pilot.press("backspace", "down", "down", "down", "down",
                          *["shift+right"] * 5, "right", "right")
        await pilot.press("k", "up", "up", "right", "right")  # Sharp Shooters on Snipers
        await pilot.press("k", "up", "up", "right")  # the Sailor on Maneuvers
        await pilot.press(*["down"] * 6, "left", "down", "left", "down", "right")
        orders = screen.drafts["eagle"]
        assert (BOARDING, "elf", 27) in orders.assign
        assert orders.maneuvers == ("port", "port", "starboard")
        assert re.search(r"Boarding\s+27", screen_text(app))
        await pilot.press("enter")  # sealed
        assert isinstance(app.screen, HandOverScreen)
        handing = screen_text(app)
        assert "27" not in handing and "Boarding" not in handing
        await pilot.press("enter")
        assert app.screen is screen and screen.perspective() == "p2"
        seen = screen_text(app)
        assert "Grudgebearer" in seen  # p2's own sheet
        assert "Eagle of Lothern · size 30" not in seen  # not p1's
        assert not re.search(r"Boarding\s+27", seen) and "port, 2. port" not in seen
        assert screen.state.orders.get("p1") is None
        assert screen.state.orders.has_sealed("p1")
        log = " ".join(e.describe() for _, e in screen.query_one(DiceLog).entries)
        assert "The Asur: orders sealed" in log and "Boarding" not in log
        await pilot.press("enter")  # p2 seals: the reveal, for both
        assert isinstance(app.screen, RevealScreen)
        reveal = screen_text(app)
        assert "Boarding 27" in reveal
        assert "1. port, 2. port, 3. starboard" in reveal
        assert "Grudgebearer" in reveal


async def test_the_fire_plan(tmp_path):
    app = AhoyApp(session=session(tmp_path, data=close_quarters()))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await to_orders(pilot, screen)
        await pilot.press("enter")  # the plain sheet
        await settle(pilot, lambda: isinstance(app.screen, RevealScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: screen.session.state.phase == Phase.SHOOTING
                     and screen.session.may_act())
        await pilot.pause()
        fire = screen.query_one(FirePlanSheet)
        assert fire.display and app.focused is fire
        assert any(row.targets for row in fire.rows)
        assert "Guns:" in screen_text(app) and "AP" in screen_text(app)
        await pilot.press("h")  # hold everything
        assert screen.plan == ()
        index = next(i for i, row in enumerate(fire.rows) if row.targets)
        await pilot.press(*["down"] * index, "right")
        row = fire.rows[index]
        assert [(s.weapon, s.target) for s in screen.plan] == [(row.weapon, "grudgebearer")]
        assert any(line.kind == "fire" for line in screen.query_one(SeaMap)._scene.lines)
        step = screen.session.step
        await pilot.press("enter")
        await settle(pilot, lambda: screen.session.step > step)
        assert screen.session.step > step


async def test_replay_steps_through_a_naval_battle(tmp_path):
    game = Game.new("naval-battle", "duel", seed=2)
    while game.step < 8 and not game.over:
        game.play(game.legal_actions()[0])
    path = game.save(tmp_path / "naval.json")
    app = AhoyApp(replay=path)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        for _ in range(game.step):
            await pilot.press("right")
        assert screen.step == game.step
        assert screen.query_one(ShipRoster).display
        assert "Eagle of Lothern" in screen_text(app)
        await pilot.press("home")
        assert screen.step == 0


async def test_new_game_lists_and_starts_a_naval_battle(tmp_path):
    app = AhoyApp(saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        form = app.screen
        form.query_one("#ruleset", Select).value = "naval-battle"
        await pilot.pause()
        names = [o.id for o in form.query_one("#scenarios", OptionList).options]
        assert names == ["duel", "dragon", "doomdivers", "learn"]  # and Learn to play's battle
        assert not form.query_one("#wind", Select).display
        form.query_one("#scenarios", OptionList).highlighted = 1
        await pilot.pause()
        assert form.query_one(SeaMap)._scene is not None
        assert len(form.query_one(SeaMap)._scene.hulls) == 3  # the dragon's three ships
        labels = [str(form.query_one(f"#{side}-label").render()) for side in ("p1", "p2")]
        assert labels == ["Naggaroth (p1): played by", "The Empire (p2): played by"]
        form.query_one("#p2", Select).value = "normal"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NavalBattleScreen)
        assert app.screen.session.game.scenario.name == "dragon"
        assert set(app.screen.session.captains) == {"p2"}


def test_play_sheet_snapshot(snap_compare, tmp_path, monkeypatch):
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path))
    app = AhoyApp(session=session(tmp_path, captain=False, seed=7))
    # hot-seat: both declare (hand-overs between), then p1's sheet: an Elf moved from Snipers
    # to Guns, token 1 moved to port (the planned track turns on the map)
    assert snap_compare(app, terminal_size=(130, 44),
                        press=["enter", "enter", "enter", "enter", "down", "down", "4",
                               *["down"] * 4, "left"])


async def test_a_sheet_that_sails_off_the_table_is_asked_about_before_sealing(tmp_path):
    from ahoy_tui.ui.screens.confirm import ConfirmScreen

    data = close_quarters()
    data["ships"][0].update(x=92, y=30, heading="E")  # the Eagle, at the east edge
    app = AhoyApp(session=session(tmp_path, data=data))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await to_orders(pilot, screen)
        step = screen.session.step
        await pilot.press("enter")  # the plain sheet: straight on, over the edge
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "leaves the table" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert screen.session.step == step  # not sealed
        # the sheet still has the keys: the captain goes on writing it
        assert isinstance(app.focused, PlaySheet)
        sheet = screen.query_one(PlaySheet)
        row = sheet.cursor
        await pilot.press("down")
        assert sheet.cursor == row + 1
        await pilot.press("up")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")
        await settle(pilot, lambda: screen.session.step > step)


async def test_the_orders_on_the_play_sheet_show_what_they_run_into(tmp_path):
    """Issue 35: the ship whose play sheet is written shows the odds of her orders (here the
    collision her track runs into, and the round her grapples bring about), and b breaks
    them down."""
    from ahoy_tui.ui.widgets.odds_line import OddsLine, OddsScreen

    data = close_quarters()
    data["ships"][0].update(x=40, y=30, heading="E")  # bow on at the Grudgebearer's side
    data["ships"][1].update(x=50, y=30, heading="N")
    app = AhoyApp(session=session(tmp_path, data=data))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await to_orders(pilot, screen)
        line = screen.query_one(OddsLine)
        view = screen.session.ruleset.view(screen.session.state, "p1")
        action = screen.odds_orders()
        expected = screen.session.ruleset.odds(view, action)
        assert expected is not None and expected.summary.startswith("ram ")
        assert line.display and line.odds == expected
        # every chit off Boarding: no grapple's round, the collision alone, as it is changed
        assert " · board " in line.odds.summary
        await pilot.press("backspace", "right")  # all chits back off, one Elf onto Maneuvers
        await pilot.pause()
        assert not any(box == BOARDING for box, _k, _n in screen.drafts["eagle"].assign)
        assert line.odds.summary.startswith("ram ") and " · board " not in line.odds.summary
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, OddsScreen)
        assert "strikes" in str(app.screen.query_one("#odds-breakdown").render())


async def test_the_play_sheet_reads_a_row_a_line_at_80_by_24(tmp_path: Path) -> None:
    """At 80x24 the play sheet has some 45 columns: every box reads on one line, the Elves'
    Snipers with both their chits ("Elf 7, Sharp Shooter 2*" once wrapped its "2*"), the dots
    left out where the count says it, the maneuver columns under their own heading."""
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, NavalBattleScreen)
        await to_orders(pilot, screen)
        await pilot.pause()
        sheet = screen.query_one(PlaySheet)
        width = sheet.content_size.width
        lines = sheet.render().plain.splitlines()
        assert 0 < width < 56
        rows = [line for line in lines if re.match(r"^(▸ |  )(\d |token |Not dealt)", line)
                or line.startswith("Ship Speed")]
        assert len(rows) >= 6 + 1 + 3 + 1, rows   # the six boxes, not dealt, the tokens, speed
        assert all(len(line) <= width for line in rows), [ln for ln in rows if len(ln) > width]
        snipers = next(line for line in lines if "Snipers" in line)
        assert "Sharp Shooter 2*" in snipers and "●" not in snipers
        assert any(line.split() == ["Port", "Steady", "Starboard"] for line in lines)
