"""The value picker (issue 35): a number typed outside what the rules allow is refused with the
bounds and never becomes another value; a picker whose decision is no longer asked closes, and
its Enter plays nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest
from textual.app import App, ComposeResult

from ahoy_tui.ai import make_captain
from ahoy_tui.engine import Game
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.widgets.choices import ChoiceList, NumberChoice, ValuePicker


@pytest.fixture(autouse=True)
def _saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))


@attrs.frozen
class Speed:
    feet: int


SPEEDS = NumberChoice(Speed(0), "feet", (0, 30, 60, 90, 120))  # a 120' maximum, by 30'


class PickerApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[Any] = []

    def compose(self) -> ComposeResult:
        yield ValuePicker(id="picker")

    def on_mount(self) -> None:
        picker = self.query_one(ValuePicker)
        picker.ask(SPEEDS, lambda a: f"{a.feet}'", start=60, asked_for="the declaration")
        picker.focus()

    def on_value_picker_chosen(self, event: ValuePicker.Chosen) -> None:
        self.chosen.append((event.action, event.asked_for))


@pytest.mark.parametrize("typed", ["150", "999", "13"])
async def test_a_number_the_rules_do_not_allow_is_refused_with_the_bounds(typed: str) -> None:
    app = PickerApp()
    async with app.run_test() as pilot:
        picker = app.query_one(ValuePicker)
        await pilot.press(*typed)
        assert picker.value == 60, "never turned into another value"
        assert f"{int(typed)} is not allowed: 0-120 by 30" in str(picker.content)
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == [], "Enter confirms nothing while the number typed is refused"
        assert picker.value == 60


async def test_a_number_typed_past_an_allowed_one_is_refused_whole() -> None:
    """1200: 120 on the way is allowed, 1200 is not, and Enter does not take 120 for it."""
    app = PickerApp()
    async with app.run_test() as pilot:
        picker = app.query_one(ValuePicker)
        await pilot.press("1", "2", "0")
        assert picker.value == 120
        await pilot.press("0", "enter")
        await pilot.pause()
        assert "1200 is not allowed: 0-120 by 30" in str(picker.content)
        assert picker.value == 60, "back where it was before the typing, not the 120 on the way"
        assert app.chosen == []


async def test_backspace_takes_back_a_refused_digit_and_a_number_allowed_is_taken() -> None:
    app = PickerApp()
    async with app.run_test() as pilot:
        picker = app.query_one(ValuePicker)
        await pilot.press("1", "5", "0")
        await pilot.press("backspace", "backspace")
        assert "typed 1…" in str(picker.content)  # on its way to 120
        await pilot.press("2", "0")
        assert picker.value == 120 and "not allowed" not in str(picker.content)
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == [(Speed(120), "the declaration")]


async def test_a_number_on_its_way_is_not_confirmed_half_typed() -> None:
    app = PickerApp()
    async with app.run_test() as pilot:
        picker = app.query_one(ValuePicker)
        await pilot.press("9")  # 90 to come: not 0', not 120'
        assert picker.value == 60 and "typed 9…" in str(picker.content)
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == []
        await pilot.press("0", "enter")
        await pilot.pause()
        assert app.chosen == [(Speed(90), "the declaration")]


async def test_the_arrows_clear_a_refused_number() -> None:
    app = PickerApp()
    async with app.run_test() as pilot:
        picker = app.query_one(ValuePicker)
        await pilot.press("9", "9", "9", "right")
        assert picker.value == 90 and "not allowed" not in str(picker.content)


async def test_the_acks_speed_picker_refuses_999_and_declares_nothing(tmp_path: Path) -> None:
    """The issue's case on the battle screen: 999 typed on a speed picker, then Enter."""
    game = Game.new("acks", "quinquereme", seed=1)
    session = LocalSession(game, path=tmp_path / "acks.json")
    app = AhoyApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("1")  # under oar, steering all round: the speed picker
        picker = screen.query_one(ValuePicker)
        assert picker.display and picker.value == 120
        await pilot.press("9", "9", "9", "enter")
        await pilot.pause()
        assert session.state.vessel("pride").declared is None
        assert picker.display and picker.value == 120
        assert "999 is not allowed" in str(picker.content)
        await pilot.press("backspace", "backspace", "backspace", "9", "0", "enter")
        await pilot.pause()
        assert session.state.vessel("pride").declared.speed == 90


def sailing() -> dict:
    """Two ships apart on open water, the Empire's to move."""
    ship = {"size": "small", "heading": "E", "speed": 8, "crew": {"sailor": 7}, "guns": []}
    return {
        "name": "apart", "title": "Apart", "description": "Open water.",
        "options": {"wind": "S", "wind_changes": False, "turn_limit": 3},
        "sides": [{"id": "p1", "name": "Empire"}, {"id": "p2", "name": "Pirates"}],
        "ships": [{**ship, "id": "hawk", "name": "Hawk", "side": "p1", "x": 10, "y": 10},
                  {**ship, "id": "kite", "name": "Kite", "side": "p2", "x": 60, "y": 40,
                   "heading": "W"}],
    }


async def test_a_picker_for_a_decision_no_longer_asked_closes_and_its_enter_plays_nothing(
        tmp_path: Path) -> None:
    game = Game.new("ahoy", scenario_data=sailing(), seed=11)
    session = LocalSession(game, path=tmp_path / "b.json",
                           captains={"p2": make_captain("ai:easy", 1, think=0.05)})
    app = AhoyApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("1")  # end orders
        await pilot.press("1")  # full speed
        await pilot.pause()
        await pilot.press("1")  # ahead 1-6": the distance picker opens
        await pilot.pause()
        picker = screen.query_one(ValuePicker)
        assert picker.display
        opened_for = session.state
        chosen = ValuePicker.Chosen(picker.choice.at(picker.value), picker.asked_for)
        await pilot.press("u")  # taken back: the picker's decision is no longer asked
        await pilot.pause()
        assert session.state is not opened_for
        assert not picker.display and screen.query_one(ChoiceList).display
        step = session.step
        picker.post_message(chosen)  # an Enter already on its way to the stale picker
        await pilot.pause()
        assert session.step == step and session.state is not opened_for
        assert any("no longer asked" in n.message for n in app._notifications)


async def test_a_picker_stays_open_when_the_same_state_comes_again(tmp_path: Path) -> None:
    """Online every update from the server is a state made anew: one equal to the state the
    picker was opened for leaves the picker open, and its Enter plays."""
    game = Game.new("ahoy", scenario_data=sailing(), seed=11)
    session = LocalSession(game, path=tmp_path / "b.json")
    app = AhoyApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("1", "1")
        await pilot.pause()
        await pilot.press("1")  # ahead 1-6": the distance picker
        await pilot.pause()
        picker = screen.query_one(ValuePicker)
        assert picker.display
        again = attrs.evolve(session.state)  # equal, not the same object
        assert again == session.state and again is not session.state
        game._states[game.step] = again
        screen.refresh_all()
        await pilot.pause()
        assert picker.display
        step = session.step
        await pilot.press("enter")
        await pilot.pause()
        assert session.step == step + 1


# --- keys typed quickly (issue 35: "5 Enter" sometimes needed a second Enter) -----------------

def at_once(app: AhoyApp, *keys: str) -> None:
    """The keys as a terminal hands them over when they come quickly (a fast hand, a paste,
    an SSH packet): all in the queue together, none waited for."""
    from textual import events

    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


async def settle(pilot: Any) -> None:
    for _ in range(15):
        await pilot.pause(0.02)


def inches_row(screen: Any) -> int:
    rows = screen.query_one(ChoiceList)._choices
    return next(i for i, row in enumerate(rows)
                if isinstance(row, NumberChoice) and row.field == "inches")


async def to_the_move(pilot: Any, session: LocalSession) -> None:
    await pilot.press("1", "1")  # end orders; full speed
    await pilot.pause()
    assert session.state.move is not None


def first_row_after(session: LocalSession, step: int) -> Any:
    """The first choice the list offers at ``step`` (a fixed choice, before the ranges)."""
    from ahoy_tui.ui.widgets.choices import collapse

    state = session.game._states[step]
    return collapse(session.ruleset.legal_actions(state).fixed)[0]


@pytest.mark.parametrize("opening", ["number", "enter"])
async def test_a_row_a_number_and_enter_typed_at_once_pick_that_number(
        tmp_path: Path, opening: str) -> None:
    """"1 5 Enter" (or Enter on the row, 5, Enter) in one go: the picker the row opens takes
    the 5 and the Enter; before, the list read them, the picker not yet open, and the move
    went ahead its whole 6" (the 5 lost)."""
    game = Game.new("ahoy", scenario_data=sailing(), seed=11)
    session = LocalSession(game, path=tmp_path / "b.json")
    app = AhoyApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await to_the_move(pilot, session)
        index = inches_row(screen)
        step = session.step
        if opening == "number":
            at_once(app, str(index + 1), "5", "enter")
        else:
            screen.query_one(ChoiceList).highlighted = index
            await pilot.pause()
            at_once(app, "enter", "5", "enter")
        await settle(pilot)
        assert session.step == step + 1
        assert session.game.action_at(step + 1).inches == 5
        assert not screen.query_one(ValuePicker).display


@pytest.mark.parametrize("then", ["enter", "1"])
async def test_a_key_typed_after_the_pickers_enter_is_for_the_next_choices(
        tmp_path: Path, then: str) -> None:
    """"5 Enter Enter" (or "5 Enter 1") in one go on an open picker: the 5 is played, and the
    key after it plays the next decision's first choice; before, it went to the picker
    closing and was lost: a second Enter was needed."""
    game = Game.new("ahoy", scenario_data=sailing(), seed=11)
    session = LocalSession(game, path=tmp_path / "b.json")
    app = AhoyApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await to_the_move(pilot, session)
        await pilot.press(str(inches_row(screen) + 1))
        await pilot.pause()
        picker = screen.query_one(ValuePicker)
        assert picker.display and app.focused is picker
        step = session.step
        at_once(app, "5", "enter", then)
        await settle(pilot)
        assert session.game.action_at(step + 1).inches == 5
        assert session.step == step + 2
        assert session.game.action_at(step + 2) == first_row_after(session, step + 1)
        assert app.focused is screen.query_one(ChoiceList)


async def test_a_key_typed_after_esc_from_the_tape_is_for_the_choices(tmp_path: Path) -> None:
    """"Esc 1" in one go with the tape out: the tape is put away and the 1 opens the first
    row (the pace's picker), the map's focus handing the keys back to the choices at once."""
    game = Game.new("ahoy", scenario_data=sailing(), seed=11)
    session = LocalSession(game, path=tmp_path / "b.json")
    app = AhoyApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await to_the_move(pilot, session)
        await pilot.press("t")
        await pilot.pause()
        assert screen.tape_on
        first = screen.query_one(ChoiceList)._choices[0]
        assert isinstance(first, NumberChoice), "row 1 is the pace, a number to pick"
        step = session.step
        at_once(app, "escape", "1")
        await settle(pilot)
        assert not screen.tape_on
        picker = screen.query_one(ValuePicker)
        assert picker.display and app.focused is picker, "the 1 opened row 1's picker"
        assert session.step == step


async def test_after_enter_refuses_a_number_the_next_digits_start_a_new_one() -> None:
    """240 refused on Enter, then 120: the picker takes 120, not "240120" (the ACKS II
    declaration read "2401240…" as the digits piled onto the refused number)."""
    app = PickerApp()
    async with app.run_test() as pilot:
        picker = app.query_one(ValuePicker)
        await pilot.press("2", "4", "0", "enter")
        await pilot.pause()
        assert "refused: 240 is not allowed: 0-120 by 30" in str(picker.content)
        assert picker.value == 60 and app.chosen == []
        await pilot.press("1", "2", "0")
        assert picker.value == 120 and "not allowed" not in str(picker.content)
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == [(Speed(120), "the declaration")]
