"""Ramming Speed! on the battle screen, played by keys as a captain would: the log sheets, the
orders typed on the move line and drawn as courses, sealing and handing over the terminal,
the reveal of both fleets' orders, and nothing of the other side's orders shown before it; at
80×24 and larger."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

from ahoy_tui.engine import Game
from ahoy_tui.rules.ramming_speed.actions import SealOrders, WriteOrders
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.hand_over import HandOverScreen
from ahoy_tui.ui.screens.ramming_speed import OrdersRevealed, RammingSpeedScreen
from ahoy_tui.ui.widgets.log_sheets import LogSheets
from ahoy_tui.ui.widgets.sea_map import SeaMap

SMALL = (80, 24)
LARGE = (130, 44)


@pytest.fixture(autouse=True)
def _saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))


def screen_text(app: AhoyApp) -> str:
    text = re.sub(r"<[^>]+>", "", app.export_screenshot())
    return html.unescape(text).replace("\xa0", " ")


def session(tmp_path: Path, scenario: str = "corvus", game: Game | None = None,
            seats: tuple[str, ...] = ("p1", "p2")) -> LocalSession:
    game = game or Game.new("ramming-speed", scenario, seed=1)
    return LocalSession(game, path=tmp_path / "rs.json", seats=seats)


def courses(app: AhoyApp) -> int:
    """Cells of the map drawn as a course written (the move line's or a sheet's)."""
    rows = app.screen.query_one(SeaMap)._rows
    return sum(1 for row in rows for _, style in row if style == "seamap--move-chosen")


def course_ships(app: AhoyApp) -> set[str]:
    scene = app.screen.query_one(SeaMap)._scene
    return {line.ship for line in scene.lines if line.kind == "move"}


@pytest.mark.parametrize("scenario", ["corvus", "salamis", "merchantman"])
async def test_the_battle_opens_for_each_scenario_at_80_by_24(tmp_path: Path,
                                                              scenario: str) -> None:
    app = AhoyApp(session=session(tmp_path, scenario))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RammingSpeedScreen)
        assert isinstance(app.screen.query_one("#cards"), LogSheets)
        text = screen_text(app)
        state = app.screen.session.state
        assert state.ships[0].name in text
        assert "orders" in text and "seal the orders" in text
        assert "w Orders" in text  # the key to write them
        scene = app.screen.query_one(SeaMap)._scene
        assert len([h for h in scene.hulls if not h.ghost]) == len(state.ships)


@pytest.mark.parametrize("size", [SMALL, LARGE])
async def test_the_log_sheet_shows_oars_water_energy_and_men(tmp_path: Path,
                                                            size: Any) -> None:
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Vi Victoria" in text and "Quinquereme" in text
        assert "oars port ▮▮▮▮▮ 5 · stbd ▮▮▮▮▮ 5" in text
        assert "water  □□□□□ 0/5" in text
        assert "energy ●●●●●●●●●●●● 12" in text
        assert "slow 9\" · circle A · sail stowed" in text
        assert "bow    5 mar" in text and "stern  capt, 3 sail" in text


async def test_typing_a_move_line_writes_orders_and_draws_the_course(tmp_path: Path) -> None:
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert courses(app) == 0
        await pilot.press("w", *"c 8s 4r")
        await pilot.pause()
        text = screen_text(app)
        assert "6.3 Speed table" in text and "(written: 12\")" in text  # not yet whole
        assert course_ships(app) == {"p1-1"}  # drawn as far as it goes
        await pilot.press(*" 3s")
        await pilot.pause()
        assert "Victoria: cruising 8S 4R 3S (15\", 38° to starboard)" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        state = screen.session.state
        assert [(d.ship, d.band.words, d.moves) for d in state.drafts] == [
            ("p1-1", "cruising", "SSSSSSSSRRRRSSS")]
        assert course_ships(app) == {"p1-1"} and courses(app) > 0
        assert "written: cruise 8S 4R 3S, circle B" in screen_text(app)


async def test_a_refused_line_names_its_rule_and_writes_nothing(tmp_path: Path) -> None:
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press(":", *"ram 24s")
        await pilot.pause()
        assert "6.0 Speed: speed changes one band a turn" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.session.state.drafts == ()


async def test_the_order_sheets_examples_are_quick_choices(tmp_path: Path) -> None:
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Victoria: slow 6L 3S (9\", 86° to port)" in text
        assert "Victoria: slow 6R 3S (9\", 86° to starboard)" in text
        rows = [label for label, _ in app.screen.choices()]
        await pilot.press("]")  # Fortuna selected: the list stays as it was (issue 37)
        await pilot.pause()
        assert [label for label, _ in app.screen.choices()] == rows
        assert app.screen.selected == "p1-2"
        fortuna = next(i for i, row in enumerate(rows) if row.startswith("Fortuna: slow 6L"))
        app.screen.play(app.screen.choices()[fortuna][1])
        await pilot.pause()
        assert [(d.ship, d.moves) for d in app.screen.session.state.drafts] == [
            ("p1-2", "LLLLLLSSS")]


async def test_enter_on_seal_with_galleys_unwritten_asks_first(tmp_path: Path) -> None:
    # a reconnect landed on "seal the orders": one key no longer seals a blank sheet
    from ahoy_tui.ui.screens.confirm import ConfirmScreen

    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("1")   # seal the orders, nothing written
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "no orders written for Victoria, Fortuna, Concordia" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert not app.screen.session.state.orders.has_sealed("p1")


async def test_the_sheet_shows_the_energy_the_orders_will_cost(tmp_path: Path) -> None:
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("w", *"c 8s 4r 3s", "enter")   # cruising: 1 energy (5.1)
        await pilot.pause()
        assert "energy ●●●●●●●●●●●● 12 → 11" in screen_text(app)


async def test_sealing_hands_over_and_hides_the_sheet_sealed(tmp_path: Path) -> None:
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("w", *"c 8s 4r 3s", "enter")
        await pilot.press("1")  # seal the orders
        await pilot.pause()
        await pilot.press("y")  # yes: the two galleys unwritten carry on
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        handing = screen_text(app)
        assert "Pass the terminal to Greeks" in handing and "8S 4R 3S" not in handing
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        seen = screen_text(app)
        assert "Ni Nike" in seen and "8S 4R 3S" not in seen
        assert course_ships(app) == set()  # Rome's sealed courses are not drawn for Greeks
        await pilot.press("]", "]", "]", "]", "]")  # Victoria's sheet, as the Greeks see it
        await pilot.pause()
        assert screen.selected == "p1-1"
        assert "sealed: (hidden until the reveal)" in screen_text(app)


async def test_the_reveal_shows_both_fleets_orders(tmp_path: Path) -> None:
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("w", *"c 8s 4r 3s", "enter", "1", "y")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.press("w", *"Pa: c 15s; Sa: c 3l *", "enter", "1", "y")
        await pilot.pause()
        assert isinstance(app.screen, OrdersRevealed)
        reveal = screen_text(app)
        assert "Orders revealed — turn 1" in reveal
        assert "Rome" in reveal and "Greeks" in reveal
        assert "cruise 8S 4R 3S, circle B" in reveal  # Victoria's
        assert "cruise 3L 12S, circle B" in reveal  # Salaminia's
        assert "slow 9S" in reveal  # the galleys left to carry on
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert "rowed: cruise 8S 4R 3S, circle B" in text
        await pilot.press("escape")  # the move by sixths skipped: the table as it is
        await pilot.pause()
        scene = app.screen.query_one(SeaMap)._scene
        assert {line.side for line in scene.lines if line.kind == "track"} == {"p1", "p2"}


async def test_a_remote_seats_orders_are_never_drawn_before_the_reveal(tmp_path: Path) -> None:
    game = Game.new("ramming-speed", "corvus", seed=1)
    game.play(WriteOrders("p1", "p1-1", "slow", "S" * 9))
    game.play(SealOrders("p1"))
    game.play(WriteOrders("p2", "p2-4", "cruising", "RRRRRRRRRRRRRRR"))  # theirs, distinctive
    app = AhoyApp(session=session(tmp_path, game=game, seats=("p1",)))
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.session.state.to_act == "p2" and not screen.session.may_act()
        assert course_ships(app) == {"p1-1", "p1-2", "p1-3"}  # our sheet, as sealed
        await pilot.press("[", "[", "[", "[", "[")  # round to Nike's sheet
        await pilot.pause()
        assert screen.selected == "p2-4"
        text = screen_text(app)
        assert "15R" not in text and "RRRR" not in text
        assert "if none: carries on slow 9S" in text
        assert "Waiting for" in text


async def test_f1_lists_this_screens_keys_not_ahoys(tmp_path: Path) -> None:
    from ahoy_tui.ui.screens.keys import KeysScreen

    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        rows = {what.split(":")[0]: (key, what) for key, what in app.screen.rows}
        assert "Strike colours" not in rows and "Tape from a gun" not in rows
        assert rows["Tape from her bow"][0] == "o"
        assert rows["Done"][0] == "d"
        assert not any("4 r 3" in what for _, what in rows.values())
        assert "c 8s 4r 3s" in rows["Orders"][1]


async def test_d_is_done_with_the_phase_wherever_it_stands(tmp_path: Path) -> None:
    from ahoy_tui.engine.fast import replace
    from ahoy_tui.rules.ramming_speed.model import Phase

    game = Game.new("ramming-speed", "corvus", seed=1)
    state = game.state
    mine, theirs = state.side_ships("p1")[0], state.side_ships("p2")[0]
    # an enemy 10" off: range fire has choices, "done with this phase" among them
    state = replace(state.with_ship(replace(theirs, x=mine.x + 10, y=mine.y)),
                    phase=Phase.FIRE, to_act="p1")
    game._states[-1] = state
    app = AhoyApp(session=session(tmp_path, game=game))
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        assert any(label.endswith("[d]") for label, _ in app.screen.choices())
        await pilot.press("d")
        await pilot.pause()
        assert "p1" in app.screen.session.state.done or app.screen.session.state.phase \
            is not Phase.FIRE


@pytest.mark.parametrize("size", [SMALL, LARGE])
async def test_in_a_melee_no_label_is_written_over_another_hull(tmp_path: Path, size: Any) -> None:
    """Three galleys side by side (two of them too small for the zoom at 80x24): no letter of
    one's label lies in a cell of another's hull, and every galley's label is on the map."""
    from ahoy_tui.engine.fast import replace
    from ahoy_tui.engine.geometry import contains

    game = Game.new("ramming-speed", "corvus", seed=1)
    state = game.state
    vic, fort, nike = state.ship("p1-1"), state.ship("p1-2"), state.ship("p2-4")
    game._states[-1] = replace(state, ships=(
        replace(vic, heading=90.0),
        replace(nike, x=vic.x + 3.2, y=vic.y + 2.0, heading=90.0),
        replace(fort, x=vic.x, y=vic.y + 2.4, heading=90.0)))
    app = AhoyApp(session=session(tmp_path, game=game))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        sea = app.screen.query_one(SeaMap)
        hulls = [h for h in sea._scene.hulls if not h.ghost]
        drawn = "".join(ch for row in sea._rows for ch, _ in row)
        for r, row in enumerate(sea._rows):
            for c, (ch, _) in enumerate(row):
                inside = [h for h in hulls if contains(h.outline, sea.cell_to_table(c, r))]
                if len(inside) == 1:
                    others = set("".join(h.label for h in hulls if h is not inside[0]))
                    assert ch not in others - set(inside[0].label), (inside[0].ship, c, r, ch)
        for hull in hulls:
            assert hull.label[0] in drawn, hull.label


async def test_l_shows_the_maps_legend(tmp_path: Path) -> None:
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        text = screen_text(app)
        assert "wreckage" in text and "captured prize" in text and "men in the water" in text
        assert "withdrawing for her own edge" in text and "drifting hulk" in text
        sample = app.screen.text  # what the notice shows
        sea = app.screen_stack[-2].query_one(SeaMap)
        styles = [span.style for span in sample.spans]
        assert len({str(style) for style in styles}) >= 10  # each sample its own colours
        for name in ("seamap--p1-withdrawing", "seamap--struck", "seamap--sinking"):
            assert sea.legend_style(name) in styles  # the map's own


async def test_a_withdrawing_galley_is_drawn_in_its_own_colour(tmp_path: Path) -> None:
    from ahoy_tui.engine.fast import replace

    game = Game.new("ramming-speed", "corvus", seed=1)
    state = game.state
    game._states[-1] = state.with_ship(replace(state.ship("p2-4"), withdrawing=True))
    app = AhoyApp(session=session(tmp_path, game=game))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        rows = app.screen.query_one(SeaMap)._rows
        styles = {style for row in rows for _, style in row}
        assert "seamap--p2-withdrawing" in styles and "seamap--p1-withdrawing" not in styles
        sea = app.screen.query_one(SeaMap)
        assert sea.legend_style("seamap--p2-withdrawing") != sea.legend_style("seamap--p2")


async def test_d_seals_the_orders_in_the_orders_phase_asking_first(tmp_path: Path) -> None:
    # "done with this phase" has the one key in every phase: in the orders phase it seals
    from ahoy_tui.ui.screens.confirm import ConfirmScreen

    sess = session(tmp_path)
    app = AhoyApp(session=sess)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert any(label.startswith("seal the orders") and label.endswith("[d]")
                   for label, _ in app.screen.choices())
        await pilot.press("w", *"Vi: c 8s 4r 3s; Fo: c 15s; Co: c 15s", "enter")
        await pilot.pause()
        await pilot.press("d")  # every galley written: sealed at once
        await pilot.pause()
        assert sess.state.orders.has_sealed("p1")
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter", "d")  # the Greeks' turn, nothing written: asked first
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert not sess.state.orders.has_sealed("p2")


@pytest.mark.parametrize("size", [SMALL, LARGE])
async def test_a_galley_clicked_leaves_the_arrows_to_the_choices(tmp_path: Path,
                                                                 size: Any) -> None:
    # a new user clicks a galley: the arrows still move in the list (no three Tabs)
    from ahoy_tui.ui.widgets.choices import ChoiceList

    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        sea = screen.query_one(SeaMap)
        fortuna = screen.session.state.ship("p1-2")
        col, row = sea.table_to_cell(fortuna.x, fortuna.y)
        await pilot.click(SeaMap, offset=(col - int(sea.scroll_x), row - int(sea.scroll_y)))
        await pilot.pause()
        assert screen.selected == "p1-2"
        choices = screen.query_one(ChoiceList)
        assert app.focused is choices
        before = choices.highlighted
        await pilot.press("down")
        await pilot.pause()
        assert choices.highlighted == (before or 0) + 1
        await pilot.click(LogSheets, offset=(2, 1))  # a log sheet clicked: the same
        await pilot.pause()
        assert app.focused is choices
        await pilot.press("m")  # m still gives the arrows to the map
        await pilot.pause()
        assert app.focused is sea


@pytest.mark.parametrize("offset", [(0.0, 2.0), (3.0, 0.0), (1.5, 1.5), (0.0, 4.0),
                                    (-3.0, 1.0), (4.4, 0.0)])
async def test_tyre_and_cyprus_side_by_side_each_read_whole(tmp_path: Path,
                                                            offset: tuple[float, float]) -> None:
    """Salamis at 80x24, Cyprus packed in beside Tyre among the Persian line: every galley's
    two letters stand together, in order, in one row of the map (no label's second letter
    taken by another's: "Ty" and "Cy" are never a "T" and a "Cy")."""
    from ahoy_tui.engine.fast import replace

    game = Game.new("ramming-speed", "salamis", seed=1)
    state = game.state
    tyre, cyprus = state.ship("p2-8"), state.ship("p2-12")
    game._states[-1] = state.with_ship(replace(cyprus, x=tyre.x + offset[0],
                                               y=tyre.y + offset[1], heading=tyre.heading))
    await _labels_read_whole(tmp_path, game)


async def test_a_label_beside_a_small_hull_keeps_its_open_sea(tmp_path: Path) -> None:
    """Tyre, Cyprus and Halicarnassus a column each in a row at 80x24, a cell of sea between
    Tyre and Cyprus: Tyre's "y" there is not taken by Cyprus's "C" (which read "TCyHa", Tyre a
    lone T); Cyprus, with no open sea left beside her, keeps her first letter."""
    game = Game.new("ramming-speed", "salamis", seed=1)

    packed = in_a_row(game, (("p2-8", 0), ("p2-12", 2), ("p2-9", 3)))

    rows = await _labels_read_whole(tmp_path, game, packed, whole={"Ty", "Ha"})
    assert any("TyCHa" in row for row in rows), rows


async def test_two_labels_in_a_row_keep_a_gap_between_them(tmp_path: Path) -> None:
    """Halicarnassus two columns left of Tyre at 80x24: her "Ha" takes the cells to the left of
    her own, not the one against Tyre's "Ty", so the row reads "Ha Ty", never one word "HaTy"
    (issue 38's labels that run together: "WAWN" for two Wolfships)."""
    game = Game.new("ramming-speed", "salamis", seed=1)

    packed = in_a_row(game, (("p2-8", 0), ("p2-9", -2)))

    rows = await _labels_read_whole(tmp_path, game, packed, whole={"Ty", "Ha"})
    assert any("Ha Ty" in row for row in rows), rows
    assert not any("HaTy" in row for row in rows), rows


async def test_two_labels_with_no_room_between_them_read_apart(tmp_path: Path) -> None:
    """Halicarnassus two columns right of Tyre at 80x24, no sea between their labels: Tyre's
    "Ty" plain, Halicarnassus's "Ha" underlined against it, so "TyHa" reads as two labels."""
    game = Game.new("ramming-speed", "salamis", seed=1)
    app = AhoyApp(session=session(tmp_path, game=game))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        sea = app.screen.query_one(SeaMap)
        in_a_row(game, (("p2-8", 0), ("p2-9", 2)))(sea.sx, sea.sy)
        app.screen.refresh_all()
        await pilot.pause()
        row = next(r for r in sea._rows if "TyHa" in "".join(ch for ch, _ in r))
        at = "".join(ch for ch, _ in row).index("TyHa")
        styles = [style for _, style in row[at:at + 4]]
        assert not any("seamap--apart" in s for s in styles[:2]), styles
        assert all(s.endswith("+seamap--apart") for s in styles[2:]), styles
        assert sea._style(styles[2]).underline and not sea._style(styles[0]).underline


def in_a_row(game: Game, cells: tuple[tuple[str, int], ...]) -> Any:
    """Galleys laid in Tyre's row of the map, each ``n`` cells from her (at the map's scale
    ``sx``, ``sy``), all heading north: to be called once the map's scale is known."""
    from ahoy_tui.engine.fast import replace

    def lay(sx: float, sy: float) -> None:
        state = game.state
        tyre = state.ship("p2-8")
        x, y = (int(tyre.x / sx) + 0.5) * sx, (int(tyre.y / sy) + 0.5) * sy
        for ship_id, n in cells:
            state = state.with_ship(replace(state.ship(ship_id), x=x + n * sx, y=y,
                                            heading=0.0))
        game._states[-1] = state
    return lay


async def _labels_read_whole(tmp_path: Path, game: Game, place: Any = None,
                             whole: set[str] | None = None) -> list[str]:
    app = AhoyApp(session=session(tmp_path, game=game))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        sea = app.screen.query_one(SeaMap)
        if place is not None:
            place(sea.sx, sea.sy)
            app.screen.refresh_all()
            await pilot.pause()
        rows = ["".join(ch for ch, _ in row) for row in sea._rows]
        for hull in sea._scene.hulls:
            if not hull.ghost and (whole is None or hull.label in whole):
                assert sum(row.count(hull.label) for row in rows) == 1, (hull.label, rows)
        return rows


async def test_the_move_is_seen_by_sixths_after_the_reveal(tmp_path: Path) -> None:
    """8.0: after the reveal the map shows the galleys before the move; p steps on a sixth at
    a time (the galley a sixth of her course further each time), , steps back, Esc skips to
    the table as it is."""
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("w", *"c 15s", "enter", "1", "y")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.press("w", *"Ni: c 15s", "enter", "1", "y")
        await pilot.pause()
        assert isinstance(app.screen, OrdersRevealed)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RammingSpeedScreen) and screen.sixth == 0
        assert "8.0 Phased moves: before the move" in screen_text(app)
        state = screen.session.state
        track = dict(state.last_track)["p1-1"]

        def victoria() -> tuple[float, float]:
            hull = next(h for h in screen.query_one(SeaMap)._scene.hulls
                        if h.ship == "p1-1" and not h.ghost)
            return hull.centre

        assert victoria() == track[0]
        await pilot.press("p", "p")
        await pilot.pause()
        assert screen.sixth == 2 and "the end of sixth 2 of 6" in screen_text(app)
        assert victoria() == track[20]  # 15" in quarters: a third of 60
        await pilot.press("comma")
        await pilot.pause()
        assert screen.sixth == 1 and victoria() == track[10]
        await pilot.press("escape")
        await pilot.pause()
        assert screen.sixth is None
        now = state.ship("p1-1")
        assert victoria() == (now.x, now.y)
        assert "Phased moves" not in screen_text(app)
        await pilot.press(*"pppppp")  # again, from before the move, to its end
        await pilot.pause()
        assert screen.sixth == 5
        await pilot.press("p", "p")  # past the sixth sixth: the table as it is
        await pilot.pause()
        assert screen.sixth is None and screen.session.state is state  # nothing played


async def test_the_sixths_line_goes_when_the_battle_moves_on(tmp_path: Path) -> None:
    # played at 80x24: "8.0 Phased moves: before the move" stayed under the map into the next
    # turn's orders once the phases after the reveal were played
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("w", *"c 15s", "enter", "1", "y")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.press("w", *"Ni: c 15s", "enter", "1", "y")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert screen.sixth == 0 and "Phased moves" in screen_text(app)
        step = screen.session.step
        screen.play(screen.session.legal_actions()[0])
        await pilot.pause()
        assert screen.session.step > step
        assert screen.sixth is None and "Phased moves" not in screen_text(app)


class Scripted:
    """A computer captain who writes set orders with reasons that name his targets."""

    level = "normal"

    def __init__(self, orders: dict[str, str]) -> None:
        self.orders = orders

    def decide(self, view: Any, legal: Any) -> Any:
        from ahoy_tui.ai.captain import Decision
        from ahoy_tui.rules.ramming_speed.actions import PhaseDone, Shoot

        side = view.to_act
        if str(view.phase.value) == "fire":   # the first target offered, then done
            shot = next((a for a in legal if isinstance(a, Shoot)), None)
            if shot is not None:
                return Decision(shot, f"SECRET-REASON {shot.ship} looses at {shot.target}")
            return Decision(PhaseDone(side), "SECRET-REASON done shooting")
        drafted = {d.ship for d in view.drafts}
        for ship, moves in self.orders.items():
            if ship not in drafted:
                return Decision(WriteOrders(side, ship, "cruising", moves),
                                f"SECRET-REASON {ship} to ram Nike at 80°")
        return Decision(SealOrders(side), "SECRET-REASON every galley has her orders")


async def test_a_captains_orders_and_reasons_are_kept_back_until_the_reveal(
        tmp_path: Path) -> None:
    # issue 37 item 14: against a computer captain who writes first, nothing of his orders or
    # of his reasons (his targets) shows before the player has sealed his own; then they do
    from ahoy_tui.ui.widgets.dice_log import DiceLog

    captain = Scripted({"p1-1": "R" * 15, "p1-2": "L" * 15, "p1-3": "S" * 15})
    game = Game.new("ramming-speed", "corvus", seed=1)
    sess = LocalSession(game, path=tmp_path / "rs.json", seats=("p2",),
                        captains={"p1": captain})  # type: ignore[dict-item]
    app = AhoyApp(session=sess)
    async with app.run_test(size=SMALL) as pilot:
        for _ in range(50):
            await pilot.pause(0.1)
            if sess.state.to_act == "p2":
                break
        screen = app.screen
        assert sess.state.orders.has_sealed("p1")   # Rome has written and sealed
        logged = " ".join(e.describe() for _, e in screen.query_one(DiceLog).entries)
        seen = screen_text(app)
        for words in (logged, seen, screen.last_captain_note):
            assert "SECRET-REASON" not in words and "Nike at 80" not in words
            assert "15R" not in words and "15L" not in words
        assert "Rome write their orders in secret" in seen or "Rome" in screen.last_captain_note
        assert course_ships(app) == set()
        for _ in range(3):   # round every sheet of Rome's
            await pilot.press("]")
            await pilot.pause()
            assert "15R" not in screen_text(app) and "SECRET" not in screen_text(app)
        await pilot.press("d", "y")   # the Greeks seal (their galleys carry on): revealed
        await pilot.pause()
        assert isinstance(app.screen, OrdersRevealed)
        await pilot.press("enter")
        await pilot.pause()
        entries = [e.describe() for _, e in screen.query_one(DiceLog).entries]
        told = [i for i, text in enumerate(entries) if "SECRET-REASON" in text]
        assert len(told) == 4   # three galleys' orders and the seal, each with its reason
        revealed = next(i for i, text in enumerate(entries) if "revealed" in text.lower())
        assert min(told) > revealed   # told after the reveal, not before
        assert any("Victoria" in entries[i] and "15R" in entries[i] for i in told)
        # the reason line then says his reasons, unless he has already gone on to his next
        # decision (the archers' targets, themselves kept back): which comes first is a race
        note = screen.last_captain_note
        assert "SECRET-REASON" in note or "told when the arrows fly" in note, note


async def test_a_captains_targets_are_kept_back_until_the_arrows_fly(tmp_path: Path) -> None:
    # 18.0: the targets are chosen as if at once; a captain who chooses first is not read
    from ahoy_tui.engine.fast import replace
    from ahoy_tui.rules.ramming_speed.model import Phase
    from ahoy_tui.ui.widgets.dice_log import DiceLog

    game = Game.new("ramming-speed", "corvus", seed=1)
    state = game.state
    mine, theirs = state.side_ships("p1")[0], state.side_ships("p2")[0]
    game._states[-1] = replace(state.with_ship(replace(theirs, x=mine.x + 10, y=mine.y)),
                               phase=Phase.FIRE, to_act="p1")
    sess = LocalSession(game, path=tmp_path / "rs.json", seats=("p2",),
                        captains={"p1": Scripted({})})  # type: ignore[dict-item]
    app = AhoyApp(session=sess)
    async with app.run_test(size=SMALL) as pilot:
        for _ in range(50):
            await pilot.pause(0.1)
            if sess.state.to_act == "p2":
                break
        screen = app.screen
        assert sess.state.shots   # Victoria has chosen her target
        logged = " ".join(e.describe() for _, e in screen.query_one(DiceLog).entries)
        for words in (logged, screen_text(app), screen.last_captain_note):
            assert "SECRET-REASON" not in words and "Victoria looses" not in words
        await pilot.press("d")   # the Greeks done: the arrows fly
        await pilot.pause()
        assert sess.state.phase is not Phase.FIRE
        entries = [(e.describe(), e) for _, e in screen.query_one(DiceLog).entries]
        told = [i for i, (text, _) in enumerate(entries) if "SECRET-REASON" in text]
        assert len(told) == 4   # three galleys' targets and done, each with its reason
        from ahoy_tui.engine.events import DiceRoll
        volley = [i for i, (text, e) in enumerate(entries) if isinstance(e, DiceRoll)
                  and " at Nike (" in text]
        assert volley and max(told) < min(volley)   # told with the volley, before its dice


async def test_a_note_from_the_host_of_a_captains_orders_waits_for_the_reveal(
        tmp_path: Path) -> None:
    # online the host says what a computer captain did; in the orders phase the screen keeps
    # it back like its own captain's, until the player has sealed and the orders are revealed
    from ahoy_tui.ui.widgets.dice_log import DiceLog

    game = Game.new("ramming-speed", "corvus", seed=1)
    game.play(SealOrders("p1"))
    app = AhoyApp(session=session(tmp_path, game=game, seats=("p2",)))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        screen._remote_changed((), False, "Rome: seal the orders — SECRET-REASON ram Nike")
        await pilot.pause()
        logged = [e.describe() for _, e in screen.query_one(DiceLog).entries]
        assert not any("SECRET-REASON" in text for text in logged)
        assert "SECRET-REASON" not in screen_text(app)
        await pilot.press("d", "y")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        logged = [e.describe() for _, e in screen.query_one(DiceLog).entries]
        told = [i for i, text in enumerate(logged) if "SECRET-REASON" in text]
        revealed = next(i for i, text in enumerate(logged) if "revealed" in text.lower())
        assert len(told) == 1 and told[0] > revealed


async def test_orders_typed_that_ram_show_the_ram_s_odds_under_the_line(tmp_path: Path) -> None:
    """At 80x24 the odds of the ram the orders being typed would make (issue 35): each row of
    the ramming table that can come up, in one line under the move line; the quick choice that
    rams shows them under the list; ``b`` the whole account, foreseen as it says."""
    app = AhoyApp(session=session(tmp_path, "salamis"))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        # Themis (Th) turning hard to starboard at cruising speed runs into her own Aegina
        await pilot.press("w", *"c 9r 6s")
        await pilot.pause()
        odds = "Odds ram Ae (yours!) -1: loads 3 3%, 2 11%, 1 50%, 0 36%"
        assert f"{odds}  ctrl+b: breakdown" in screen_text(app)   # b is a letter typed here
        await pilot.press(*"; seal")     # a seal after it: still the orders' odds
        await pilot.pause()
        assert odds in screen_text(app)
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert "6-7: one load (50%)" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.query_one("#moveline").value.endswith("; seal")
        line = f"{odds}  b: breakdown"
        await pilot.press("escape")
        await pilot.pause()
        assert "Odds ram" not in screen_text(app)
        rows = [action for _, action in app.screen.choices()]
        at = rows.index(WriteOrders("p1", "p1-1", "cruising", "RRRRRRRRRSSSSSS"))
        app.screen.query_one("#choices").highlighted = at
        await pilot.pause()
        assert line in screen_text(app)
        await pilot.press("b")
        await pilot.pause()
        text = screen_text(app)
        assert "foreseen as if every other galley holds her course" in text
        assert "6-7: one load (50%)" in text


async def test_the_reveal_of_a_turn_played_on_to_the_next_shows_its_orders(
        tmp_path: Path) -> None:
    # played at 80x24, Salamis: both fleets out of reach, nothing to decide after the move, the
    # turn played on to turn 2's orders: the reveal read "turn 2" over an empty list
    app = AhoyApp(session=session(tmp_path, "salamis"))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("w", *"Th: s; Ae: s; At: s; Co: s; El: s; Me: s; seal", "enter")
        await pilot.pause()
        await pilot.press("enter")     # the terminal handed over to the Persians
        await pilot.press("w", *"seal", "enter", "y")
        await pilot.pause()
        assert isinstance(app.screen, OrdersRevealed)
        assert app.screen_stack[-2].session.state.turn == 2
        reveal = screen_text(app)
        assert "Orders revealed — turn 1" in reveal
        assert "Halicarnassus" in reveal and reveal.count("slow 9S") == 12


def test_the_revealed_orders_stand_in_one_column_whatever_the_names() -> None:
    # played at 80x24, Salamis: "Ha Halicarnassus cruise 2L 13S" stood out of the column
    from types import SimpleNamespace

    from ahoy_tui.ui.screens.ramming_speed import revealed_text

    def sheet(label: str, name: str, side: str) -> SimpleNamespace:
        rowed = SimpleNamespace(when="rowed", words="cruise 2L 13S, circle B")
        return SimpleNamespace(label=label, name=name, side=side, side_name=side.title(),
                               orders=(rowed,))

    text = revealed_text((sheet("Th", "Themis", "p1"), sheet("Ha", "Halicarnassus", "p2"),
                          sheet("Cy", "Cyprus", "p2"))).plain
    rows = [line for line in text.splitlines() if line.startswith("  ")]
    assert len(rows) == 3
    assert len({row.index("cruise") for row in rows}) == 1, text


async def test_a_spectator_online_is_offered_no_orders_key(tmp_path: Path) -> None:
    # played over SSH: the watcher's footer offered "w Orders"; a seated captain keeps it
    for seats, offered in (((), False), (("p1",), True)):
        app = AhoyApp(session=session(tmp_path, seats=seats))
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            screen = app.screen
            screen.online = True    # as a session held by a server
            assert bool(screen.check_action("move_line", ())) is offered
