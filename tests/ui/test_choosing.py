"""Choices and orders on the battle screen, by keys: the crew plan as one row, returning to the
table as a point on the edge, ``!`` to strike, a warning before sailing off the table, digits
and Enter wherever the focus is, the typed move line, and what the header tells."""

from __future__ import annotations

from pathlib import Path

from ahoy_tui.engine import Game
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.confirm import ConfirmScreen
from ahoy_tui.ui.screens.notice import NoticeScreen
from ahoy_tui.ui.widgets.choices import ChoiceList, NumberChoice, ValuePicker
from ahoy_tui.ui.widgets.sea_map import SeaMap
from ahoy_tui.ui.widgets.status_bar import StatusBar

SIZE = (120, 40)


def edge_scenario(turn_limit: int = 6, x: int = 68) -> dict:
    """The Hawk 4" from the east edge, running before an east wind; the Kite far to the west."""
    ship = {"size": "small", "speed": 6, "crew": {"sailor": 7},
            "guns": [{"weapon": "naval_cannon", "mount": "starboard"}]}
    return {
        "name": "edge", "title": "Edge", "description": "Near the edge.",
        "options": {"wind": "E", "wind_changes": False, "turn_limit": turn_limit},
        "sides": [{"id": "p1", "name": "The Empire"}, {"id": "p2", "name": "The Pirates"}],
        "ships": [{**ship, "id": "hawk", "name": "Hawk", "side": "p1", "x": x, "y": 24,
                   "heading": "E"},
                  {**ship, "id": "kite", "name": "Kite", "side": "p2", "x": 10, "y": 24,
                   "heading": "W"}],
    }


def edge_game(x: int = 68) -> Game:
    return Game.new("ahoy", scenario_data=edge_scenario(x=x), seed=4)


def session(tmp_path: Path, game: Game) -> LocalSession:
    return LocalSession(game, path=tmp_path / "battle.json")


def rows(screen) -> list[tuple[str, object]]:
    return screen.choices()


def row_number(screen, test) -> str:
    for i, (label, row) in enumerate(rows(screen), start=1):
        if test(label, row):
            return str(i)
    raise AssertionError(f"no such row in {[label for label, _ in rows(screen)]}")


async def test_the_crew_plan_is_one_row_with_a_number_to_change(tmp_path):
    app = AhoyApp(session=session(tmp_path, edge_game()))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        crew_rows = [row for _, row in rows(screen)
                     if isinstance(getattr(row, "template", None), a.AssignCrew)]
        assert len(crew_rows) == 1  # not three lines of "crew N to sail her"
        assert crew_rows[0].field == "sailing" and crew_rows[0].values == (0, 1, 2, 3)
        await pilot.press(row_number(screen, lambda _, r: r == crew_rows[0]))
        picker = screen.query_one(ValuePicker)
        assert picker.display
        await pilot.press("1", "enter")
        await pilot.pause()
        await pilot.press("y")  # yes, one hand short of her minimum crew
        await pilot.pause()
        assert screen.session.game.action_at(1) == a.AssignCrew("hawk", 1, 0, "starboard")


async def test_digits_and_enter_reach_the_choices_with_the_map_focused(tmp_path):
    app = AhoyApp(session=session(tmp_path, edge_game()))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await pilot.press("m")
        assert screen.query_one(SeaMap).has_focus
        await pilot.press("1")  # end orders
        await pilot.pause()
        assert screen.session.step == 1
        assert screen.query_one(SeaMap).has_focus
        # Enter takes the highlighted choice (the first): full speed
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(screen.session.game.action_at(2), a.StartMove)


async def sail_to_the_edge(pilot, screen) -> None:
    """End orders, full speed: the Hawk is moving, 4" from the edge."""
    await pilot.press("1")
    await pilot.press(row_number(screen, lambda label, _: "slow down" in label))
    await pilot.pause()
    assert screen.session.state.move is not None


async def test_a_move_off_the_table_is_asked_about_first(tmp_path):
    app = AhoyApp(session=session(tmp_path, edge_game()))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await sail_to_the_edge(pilot, screen)
        step = screen.session.step
        screen.play(a.Advance(6))
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "off the table" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert screen.session.step == step  # nothing played
        screen.play(a.Advance(2))  # stays on the table: no question
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
        assert screen.session.step == step + 1
        screen.play(a.Advance(4))
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert screen.session.state.ship("hawk").off_table


async def test_returning_is_a_point_picked_along_the_edge_with_her_ghost_there(tmp_path):
    game = edge_game()
    game.play(a.EndOrders())
    game.play(a.StartMove("hawk", "slow"))
    game.play(a.Advance(6))
    while not any(isinstance(x, a.ReturnToTable) for x in game.legal_actions().fixed):
        legal = game.legal_actions()
        game.play(legal.ranges[0].at(legal.ranges[0].high) if legal.ranges else legal.fixed[0])
    app = AhoyApp(session=session(tmp_path, game))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        back = [(label, row) for label, row in rows(screen)
                if isinstance(getattr(row, "template", None), a.ReturnToTable)]
        assert 1 < len(back) <= 5  # a row a heading, not 13 points × 5 headings
        label, row = back[0]
        assert "north or south of where she left (east edge)" in label
        await pilot.press(row_number(screen, lambda _, r: r == row))
        picker = screen.query_one(ValuePicker)
        await pilot.press("right")  # one step south
        await pilot.pause()
        value = picker.value
        ghosts = [h for h in screen.query_one(SeaMap)._scene.hulls if h.ghost]
        assert len(ghosts) == 1
        x, y = game.state.table.along_edge((game.state.ship("hawk").exit_x,
                                            game.state.ship("hawk").exit_y), value)
        assert ghosts[0].centre == (x, y)
        assert "south of where she left" in str(picker.render()) or value <= 0
        # a click near the edge picks the point nearest it
        hawk = game.state.ship("hawk")
        at = game.state.table.along_edge((hawk.exit_x, hawk.exit_y), -4)
        screen.map_clicked(SeaMap.Clicked(at[0] - 1, at[1] + 0.3, None))
        await pilot.pause()
        assert picker.value == -4
        screen.map_clicked(SeaMap.Clicked(x, y, None))  # and back where she was
        await pilot.pause()
        assert picker.value == value
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.state.ship("hawk").on_table
        assert (screen.session.state.ship("hawk").x, screen.session.state.ship("hawk").y) \
            == (x, y)


async def test_the_move_line_is_checked_drawn_and_played(tmp_path):
    app = AhoyApp(session=session(tmp_path, edge_game(x=50)))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await sail_to_the_edge(pilot, screen)  # slow: 6" to go
        await pilot.press("colon")
        for key in "2 r 9":
            await pilot.press("space" if key == " " else key)
        await pilot.pause()
        said = str(screen.query_one("#tape").render())
        assert "refused" in said  # 9" is more than she has left
        step = screen.session.step
        await pilot.press("enter")  # an illegal line plays nothing
        await pilot.pause()
        assert screen.session.step == step
        await pilot.press("backspace", "3")
        await pilot.pause()
        said = str(screen.query_one("#tape").render())
        assert "refused" not in said and "ahead 2" in said and "starboard" in said
        ghosts = [h for h in screen.query_one(SeaMap)._scene.hulls if h.ghost]
        assert len(ghosts) == 1
        assert screen.session.step == step  # drawn, not played
        hawk = screen.session.state.ship("hawk")
        assert (hawk.x, hawk.y) != ghosts[0].centre
        await pilot.press("enter")
        await pilot.pause()
        played = [screen.session.game.action_at(s) for s in range(step + 1,
                                                                 screen.session.step + 1)]
        assert played[:3] == [a.Advance(2), a.Turn("starboard"), a.Advance(3)]


async def test_the_move_line_warns_of_the_edge_and_asks_before_sailing_off(tmp_path):
    app = AhoyApp(session=session(tmp_path, edge_game()))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await sail_to_the_edge(pilot, screen)
        await pilot.press("colon", "2", "space", "r", "space", "3")
        await pilot.pause()
        assert "off the table" in str(screen.query_one("#tape").render())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert not screen.session.state.ship("hawk").off_table


async def test_the_move_line_says_what_it_cannot_read(tmp_path):
    app = AhoyApp(session=session(tmp_path, edge_game()))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await sail_to_the_edge(pilot, screen)
        await pilot.press("colon", "z")
        await pilot.pause()
        assert "'z' is not an order" in str(screen.query_one("#tape").render())
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.query_one("#moveline").display


async def test_strike_colours_has_a_key_and_is_asked_about(tmp_path):
    data = edge_scenario()
    data["ships"][0]["damage"] = 8  # a small ship of 15 SP: below half
    game = Game.new("ahoy", scenario_data=data, seed=4)
    app = AhoyApp(session=session(tmp_path, game))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        labels = [label for label, _ in rows(screen)]
        assert any("strike her colours  [!]" in label for label in labels)
        await pilot.press("exclamation_mark")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert screen.session.state.ship("hawk").struck


async def test_the_header_shows_the_turn_limit_and_points_and_v_the_victory_terms(tmp_path):
    app = AhoyApp(session=session(tmp_path, edge_game()))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        header = str(screen.query_one(StatusBar).render())
        assert "turn 1/6" in header and "VP Empire 0 · Pirates 0" in header
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, NoticeScreen)
        assert "end of turn 6" in app.screen.text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


def test_choice_rows_are_number_choices_for_ranges(tmp_path):
    game = edge_game()
    game.play(a.EndOrders())
    game.play(a.StartMove("hawk", "slow"))
    from ahoy_tui.ui.screens.battle import BattleScreen

    screen = BattleScreen(session(tmp_path, game))
    (label, row), = [(lbl, r) for lbl, r in screen.choices() if isinstance(r, NumberChoice)]
    assert row.field == "inches" and label.startswith('Hawk: ahead 1-6"')
    assert isinstance(ChoiceList, type)


async def test_too_few_hands_to_sail_her_is_asked_about(tmp_path):
    app = AhoyApp(session=session(tmp_path, edge_game()))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        crew_row = next(r for _, r in rows(screen)
                        if isinstance(getattr(r, "template", None), a.AssignCrew))
        await pilot.press(row_number(screen, lambda _, r: r == crew_row))
        assert screen.query_one(ValuePicker).value == 3  # starts at the most she may sail
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "fewer than her minimum crew of 3" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert screen.session.step == 0
