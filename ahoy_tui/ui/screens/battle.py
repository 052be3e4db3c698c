"""The battle: sea map, ship record cards, the phase prompt with its choices, the dice log.

The screen shows the session's state and sends it actions. Every choice offered is a legal
action from the engine; a refused one shows the rule that refused it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.widgets import Input, Static

from ahoy_tui.engine import IllegalAction, InvalidAction, SaveError
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.parts import BattleParts, parts_for
from ahoy_tui.ui.screens.battle_basics import WATCHABLE, BattleBasics

if TYPE_CHECKING:
    from ahoy_tui.server.remote import RemoteSession
from ahoy_tui.ui.widgets.choices import (
    ChoiceList,
    NumberChoice,
    PhasePrompt,
    ValuePicker,
    collapse,
)
from ahoy_tui.ui.widgets.dice_log import DiceLog
from ahoy_tui.ui.widgets.key_footer import KeyFooter
from ahoy_tui.ui.widgets.odds_line import OddsLine, OddsScreen, odds_of, side_view
from ahoy_tui.ui.widgets.record_cards import ShipCards
from ahoy_tui.ui.widgets.sea_map import SeaMap
from ahoy_tui.ui.widgets.status_bar import StatusBar, standing_of

SIDE_COLOURS = {"p1": "blue", "p2": "red"}


def _wind_words(ruleset: Any, state: Any) -> str:
    words = getattr(ruleset, "wind_words", None)
    return words(state) if words is not None else ""


def side_name(state: Any, side: str) -> str:
    return state.side_name(side) if hasattr(state, "side_name") else side


class BattleScreen(BattleBasics):
    """Play a battle."""

    CSS_PATH = ["battle.tcss", "../widgets/guide_panel.tcss"]
    BINDINGS = [
        Binding("u", "undo", "Undo",
                tooltip="take back your last decision, and the captains' answers after "
                        "it (strict games: not past a die)"),
        Binding("ctrl+r", "redo", "Redo",
                tooltip="give back what the undo took, with the very same dice"),
        Binding("s", "save", "Save",
                tooltip="save the battle (Save as... is in ctrl+p)"),
        Binding("question_mark", "rules", "Rules",
                tooltip="the rules, opened at the rule in play"),
        Binding("left_square_bracket", "select_ship(-1)", "Ship", show=False,
                tooltip="select the previous ship"),
        Binding("right_square_bracket", "select_ship(1)", "Ship ]",
                tooltip="select the next ship"),
        Binding("c", "centre", "Centre",
                tooltip="centre the map on the selected ship"),
        Binding("e", "toggle_log", "Log",
                tooltip="the dice log in place of the cards"),
        Binding("g", "log_filter", "Filter", show=False,
                tooltip="the dice log: all, dice only, big events"),
        Binding("m", "focus_map", "Map", show=False,
                tooltip="the map: arrows pan, +/- zoom"),
        Binding("i", "focus_cards", "Cards", show=False,
                tooltip="the record cards: arrows and PgUp/PgDn scroll them (Esc: back)"),
        Binding("t", "tape", "Tape",
                tooltip="the tape measure from the selected ship to the cursor"),
        Binding("o", "tape_origin", "Tape from a gun", show=False,
                tooltip="the tape from each of her guns in turn"),
        Binding("v", "victory", "Victory", show=False,
                tooltip="how the battle is won, and the points now (once over: the summary again)"),
        Binding("b", "odds", "Odds", show=False,
                tooltip="the whole breakdown of the selected choice's odds: the roll needed, "
                        "every modifier, each outcome's chance"),
        Binding("colon", "move_line", "Move line", show=False,
                tooltip="type the move, e.g. 4 r 3: ahead 4, starboard, ahead 3"),
        Binding("exclamation_mark", "keyed_choice('!')", "Strike colours", show=False),
        Binding("escape", "back", "Back", show=False),
        Binding("x", "hurry", "Hurry the captain", show=False,
                tooltip="the computer captains play at once (again: watchable)"),
        Binding("q", "leave", "Quit",
                tooltip="leave the battle (asks first if unsaved)"),
        # the choices answer digits and Enter wherever the focus is (the map, the log)
        *(Binding(str(n), f"pick({n})", show=False) for n in range(10)),
        # and the map its zoom and its panning across, wherever the focus is (the choices
        # keep up and down for their own highlight)
        *(Binding(key, f"map_key({key!r})", show=False)
          for key in ("plus", "equals_sign", "minus", "left", "right")),
        Binding("enter", "choose", "Choose", show=False,
                tooltip="the highlighted choice; 1-9 choose by number (in the nine the "
                        "highlight is in), 0 ends the phase, wherever the focus is"),
    ]

    def __init__(self, session: LocalSession | RemoteSession) -> None:
        super().__init__()
        self.session: Any = session
        self.online = bool(getattr(session, "online", False))  # held by a server
        self.selected: str | None = None
        self.refusal = ""
        self.rule_in_play = ""
        self.preview: int | None = None
        self.preview_gun: str | None = None
        self.preview_action: Any = None  # the action the value picker stands on
        self.line_ahead: Any = None  # where the move line being typed leads (a LookAhead)
        self.queued: list[Any] = []  # online: the rest of a move line, sent one ack at a time
        self._shown_over = False
        self._captain_busy = False
        self.captain_delay = WATCHABLE
        self.last_captain_note = ""
        self._eyes: str | None = None  # hot-seat: the side whose view was last shown

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A battle held by a server has no redo and no saving by hand (it saves itself), and a
        spectator has nothing to undo. Keys the rules played give nothing to are not this
        screen's (F1 leaves them out): the move line without a ``move_line`` hook, a keyed
        choice without ``choice_key``."""
        rules = self.session.ruleset
        if action == "move_line" and getattr(rules, "move_line", None) is None:
            return False
        if action == "keyed_choice" and getattr(rules, "choice_key", None) is None:
            return False
        if not self.online:
            return True
        if action == "undo":
            return bool(self.session.seats)
        return action not in ("redo", "save")

    # --- layout -----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            yield parts_for(self.session.ruleset).map(id="map")
            with Vertical(id="side"):
                yield from self.compose_side()
        with Vertical(id="bottom"):
            yield Static(id="tape")
            yield PhasePrompt(id="prompt")
            yield ChoiceList(id="choices")
            yield ValuePicker(id="picker")
            yield OddsLine(id="odds")
            yield Input(id="moveline", placeholder="move line, e.g. 4 r 3 (Enter plays it, "
                        "Esc backs out)")
        yield KeyFooter()

    def compose_side(self) -> ComposeResult:
        """The panel beside the map: the record cards, and the dice log."""
        yield parts_for(self.session.ruleset).cards(id="cards")
        yield DiceLog(id="log")

    def on_mount(self) -> None:
        self.query_one("#log", DiceLog).border_title = "Dice and events"
        self.query_one("#log", DiceLog).border_subtitle = "showing: all (g)"
        self.query_one("#picker").display = False
        self.query_one("#moveline").display = False
        self.query_one(ChoiceList).take = self.take_choice
        picker = self.query_one(ValuePicker)
        picker.take, picker.back = self.picker_took, self.picker_cancelled
        state = self.session.state
        self.selected = self._natural_selection() or (
            state.ships[0].id if getattr(state, "ships", ()) else None)
        self.query_one(DiceLog).reset(
            (step, e) for step in range(self.session.step + 1)
            for e in self._visible(self.session.events_at(step)))
        if self.online:
            self.session.on_change = self._remote_changed
            self.session.on_refused = self._remote_refused
        self.refresh_all()
        self._eyes = self._viewer()  # the first to decide has the terminal already
        self.call_after_refresh(self.action_centre)
        self.query_one(ChoiceList).focus()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width >= 118, "-wide")
        self.set_class(event.size.height >= 32, "-tall")

    # --- showing the state ------------------------------------------------------------------
    def _natural_selection(self) -> str | None:
        """The ship the current decision is about."""
        state = self.session.state
        move = getattr(state, "move", None)
        if move is not None:
            return move.ship
        pending = getattr(state, "pending", None)
        if pending is not None and pending.ship:
            return pending.ship
        current = getattr(state, "current", None)  # the ship acting (her fire, her boarding)
        if isinstance(current, str) and current and state.has_ship(current):
            return current
        acting = getattr(state, "acting", None)  # a squadron activated, no ship in hand yet
        if isinstance(acting, tuple) and acting and self.selected not in acting \
                and state.has_ship(acting[0]):
            return str(acting[0])
        return None

    def _own_ship_to_act(self) -> str | None:
        """When the turn passes to a side played here, one of its ships (unless one of its
        ships is selected already): her cards and lines are what its player needs."""
        state = self.session.state
        side = state.to_act
        if side is None or state.over or not self.session.may_act():
            return None
        ships = [s for s in getattr(state, "ships", ()) if s.side == side and s.on_table]
        if not ships or any(s.id == self.selected for s in ships):
            return None
        return str(ships[0].id)

    def _viewer(self) -> str | None:
        """Whose eyes this screen is: the one side played here, or (hot-seat) the side
        deciding; None online, where the host sends each player his own view already, and
        for a battle of computer captains watched."""
        seats = sorted(getattr(self.session, "seats", ()))
        if self.online or not seats:
            return None
        if len(seats) == 1:
            return seats[0]
        return self.session.state.to_act or seats[0]

    def _shown(self) -> Any:
        """The state as the player here may see it (another side's hidden cards hidden)."""
        viewer = self._viewer()
        state = self.session.state
        return state if viewer is None else self.session.ruleset.view(state, viewer)

    def _visible(self, events: Iterable[Event]) -> list[Event]:
        """The events the player here may read (a card another side draws stays secret)."""
        viewer = self._viewer()
        test = getattr(self.session.ruleset, "event_visible", None)
        if viewer is None or test is None:
            return list(events)
        return [e for e in events if test(e, viewer)]

    def refresh_all(self) -> None:
        session = self.session
        state = session.state
        ruleset = session.ruleset
        self._close_stale_picker()
        self._redraw_map()
        self.query_one("#cards", ShipCards).show(ruleset.cards(self._shown()), self.selected,
                                                 self.bearings())
        phase = "battle over" if state.over else getattr(state, "phase", "")
        phase = getattr(phase, "value", phase)  # a ruleset's Phase enum, by its value
        side = state.to_act or getattr(state, "active", "p1")
        self.query_one(StatusBar).show(
            title=session.title, turn=getattr(state, "turn", 0),
            side=state.side_name(side) if hasattr(state, "side_name") else side,
            phase=str(phase).replace("_", " "), wind=_wind_words(ruleset, state),
            step=self.status_step(), side_colour=SIDE_COLOURS.get(side, "white"),
            turn_limit=getattr(state, "turn_limit", 0), score=standing_of(ruleset, state),
            turn_word=getattr(ruleset, "turn_word", "turn"))
        waiting = ""
        if self.online:
            waiting = session.waiting_text()
        elif not state.over and not session.may_act():
            waiting = f"Waiting for {side}…"
        captain = session.captain_to_act()
        if captain is not None:
            waiting = (f"{side_name(state, side)}: the {captain.level} captain is deciding… "
                       "(x: hurry)")
            if self.last_captain_note:
                waiting += f"\nLast: {self.last_captain_note}"
        self.query_one(PhasePrompt).show(ruleset.prompt(state), refusal=self.refusal,
                                         waiting=waiting)
        rows = self.choices()
        keyed = getattr(ruleset, "choice_key", None)
        zero = next((i for i, (_, row) in enumerate(rows) if keyed is not None
                     and not isinstance(row, NumberChoice) and keyed(row) == "0"), None)
        self.query_one(ChoiceList).show(rows, zero)
        self.show_guide()
        self.show_odds()
        if captain is not None:
            self._schedule_captain()

    def status_step(self) -> int | None:
        """The step the header shows (None: none, while it would tell another side's secrets)."""
        return int(self.session.step)

    # --- the odds ---------------------------------------------------------------------------
    def odds_view(self) -> Any:
        """The battle as the side deciding sees it, without its dice: what the odds read."""
        state = self.session.state
        return side_view(self.session.ruleset, state, state.to_act, online=self.online)

    def _odds_target(self) -> tuple[Any, str]:
        """(the action whose odds are shown, what it is when not the row itself): the value
        being picked, else the highlighted choice; a row of values (a guessed range) shows the
        value whose odds are best."""
        picker = self.query_one(ValuePicker)
        if picker.display and picker.choice is not None:
            return picker.choice.at(picker.value), ""
        choices = self.query_one(ChoiceList)
        rows = choices._choices
        index = choices.highlighted
        if not choices.display or index is None or not 0 <= index < len(rows):
            return None, ""
        row = rows[index]
        if not isinstance(row, NumberChoice):
            return row, ""
        return self._best_value(row)

    def _best_value(self, row: NumberChoice) -> tuple[Any, str]:
        view = self.odds_view()
        best: tuple[tuple[Any, ...], Any] | None = None
        for value in row.values:
            action = row.at(value)
            odds = odds_of(self.session.ruleset, view, action)
            if odds is None:
                continue
            score = tuple(odds.expected.values())[:1] or (0,)
            if best is None or score > best[0]:
                best = (score, action)
        if best is None:
            return None, ""
        return best[1], f"at best, {self.describe_value(best[1])}"

    def show_odds(self) -> None:
        """The odds line under the choices: the selected choice's odds, if the rules have any
        for it, the player has not turned them off and it is this terminal's decision."""
        line = self.query_one(OddsLine)
        odds, label = None, ""
        if self.app_shows_odds() and self.session.may_act() and not self.session.over \
                and getattr(self.session.ruleset, "odds", None) is not None:
            action, label = self._odds_target()
            odds = odds_of(self.session.ruleset, self.odds_view(), action)
        line.show(odds, label)
        self.set_odds_room(odds is not None)

    def set_odds_room(self, shown: bool) -> None:
        """Give the odds line a row of the choices' (or take it back), keeping the highlighted
        choice in view as the list shrinks (the last row, reached by End, stayed hidden)."""
        if self.has_class("-odds") == shown:
            return
        self.set_class(shown, "-odds")   # the list, resized, keeps its highlight in view

    def app_shows_odds(self) -> bool:
        shown = getattr(self.app, "show_odds", None)
        return True if shown is None else bool(shown)

    @on(ChoiceList.OptionHighlighted, "#choices")
    def choice_highlighted(self) -> None:
        self.show_odds()
        self._preview_highlighted()

    def _preview_highlighted(self) -> None:
        """Rules that draw a choice before it is taken from the list itself
        (``preview_highlighted``: Man O' War's Turning Template for a turn) get the highlighted
        choice as the map's ``preview_action`` while no value is being picked."""
        if not getattr(self.session.ruleset, "preview_highlighted", False):
            return
        if self.query_one(ValuePicker).display:
            return
        choices = self.query_one(ChoiceList)
        rows = choices._choices
        index = choices.highlighted
        row = rows[index] if choices.display and index is not None and \
            0 <= index < len(rows) else None
        action = None if isinstance(row, NumberChoice) else row
        if action != self.preview_action:
            self.preview_action = action
            self._redraw_map()

    def action_odds(self) -> None:
        """``b``: the whole breakdown of the odds shown."""
        line = self.query_one(OddsLine)
        if line.odds is None:
            why = ("The odds are turned off (the palette: Odds)" if not self.app_shows_odds()
                   else "No odds for this choice: it rolls for nothing")
            self.notify(why, severity="warning", timeout=3)
            return
        action, label = self._odds_target()
        what = str(self.session.describe_action(action)) if action is not None else ""
        self.app.push_screen(OddsScreen(what + (f" ({label})" if label else ""), line.odds))

    def choices(self) -> list[tuple[str, Any]]:
        """The legal actions as rows: runs that differ in one number folded into one row each
        (see :func:`collapse`), and the ruleset's ranges, each opening the value picker (before
        the rest with the ruleset's ``ranges_first``)."""
        legal = self.session.legal_actions()
        describe = self.session.describe_action
        ranged = [NumberChoice.of(r) for r in legal.ranges]
        rows = (ranged + collapse(legal.fixed)
                if getattr(self.session.ruleset, "ranges_first", False)
                else collapse(legal.fixed) + ranged)
        keyed = getattr(self.session.ruleset, "choice_key", None)
        out = []
        for row in rows:
            if isinstance(row, NumberChoice):
                out.append((f"{self._range_label(row)}…", row))
                continue
            key = keyed(row) if keyed is not None else ""
            out.append((f"{describe(row)}  [{key}]" if key else describe(row), row))
        return out

    def action_keyed_choice(self, key: str) -> None:
        """A key the ruleset gives a choice (``!`` strikes the colours): play the first so
        keyed, asked about first like any final choice."""
        keyed = getattr(self.session.ruleset, "choice_key", None)
        if keyed is None or self.tape_on or self.query_one(ValuePicker).display:
            return
        found = next((row for _, row in self.choices()
                      if not isinstance(row, NumberChoice) and keyed(row) == key), None)
        if found is None:
            self.notify(f"Nothing to do with {key} now", severity="warning", timeout=3)
            return
        self.play(found)

    def _range_label(self, choice: NumberChoice) -> str:
        """The choice described with its range in place of a value: 'ahead 1-10"'."""
        return range_label(self.session.ruleset, self.session.state, choice,
                           self.session.describe_action)

    # --- a battle held by a server ------------------------------------------------------------
    def _remote_changed(self, events: tuple[Event, ...], reset: bool, note: str) -> None:
        """The server sent the battle's new state (someone acted, or an undo)."""
        if reset:
            self.queued = []
            self._after_history()
            if note == "undone":
                self.notify("A move was taken back", timeout=3)
            return
        if note:
            side = self.session.state.to_act or ""
            self.last_captain_note = note
            self.query_one(DiceLog).add([(self.session.step, Happened("captain", note,
                                                                      side=side))])
        self.after_events(events)
        self._play_queued()

    # --- computer captains ------------------------------------------------------------------
    def captain_played(self, before: Any, decision: Any, what: str,
                       events: tuple[Event, ...]) -> None:
        side = before.to_act or ""
        note = Happened("captain", f"{side_name(before, side)}: {what} — {decision.why}",
                        side=side)
        self.last_captain_note = note.text
        self.query_one(DiceLog).add([(self.session.step, note)])
        self.after_events(events)

    # --- choosing -------------------------------------------------------------------------
    @on(ChoiceList.Picked)
    def choice_picked(self, event: ChoiceList.Picked) -> None:
        self.take_choice(event.choice)

    def take_choice(self, choice: Any) -> None:
        """A choice made on the list: played, or its value picker opened. The list gives it
        here at once (its ``take``), while the key is read: the picker has the focus before
        the next key, so "1 5 Enter" typed in one go picks 5 (issue 35's fast keys)."""
        picker = self.query_one(ValuePicker)
        if picker.display:
            # a key typed on the list before the picker took the focus (a quick "1" and
            # Enter, or keys pasted over SSH): it was meant for the picker
            picker.action_confirm()
            return
        if isinstance(choice, NumberChoice):
            self._open_picker(choice)
        else:
            self.play(choice)

    def action_pick(self, number: int) -> None:
        """A digit: the choice of that number, or a digit of the value being picked."""
        if self.tape_on:
            return  # the tape is out: a stray digit plays nothing
        picker = self.query_one(ValuePicker)
        if picker.display:
            picker.action_digit(number)
        else:
            self.query_one(ChoiceList).action_pick(number)

    def action_choose(self) -> None:
        """Enter: the value being picked, or the highlighted choice (with the tape out, Enter
        puts it away)."""
        if self.tape_on:
            self.action_back()
            return
        picker = self.query_one(ValuePicker)
        if picker.display:
            picker.action_confirm()
            return
        choices = self.query_one(ChoiceList)
        choices.pick_row(choices.highlighted or 0)

    def _open_picker(self, choice: NumberChoice, start: int | None = None) -> None:
        picker = self.query_one(ValuePicker)
        self.preview_gun = getattr(choice.template, "gun", None)
        if hasattr(choice.template, "ship") and self.selected != choice.template.ship:
            self.selected = choice.template.ship
            cards = self.session.ruleset.cards(self._shown())
            self.query_one("#cards", ShipCards).show(cards, self.selected, self.bearings())
        self.query_one(ChoiceList).display = False
        picker.display = True
        picker.ask(choice, self.describe_value,
                   start if start is not None else self._suggest(choice),
                   asked_for=self.session.state)
        self.set_focus(picker)   # at once: keys already typed must reach the picker

    def describe_value(self, action: Any) -> str:
        """An action as the value picker shows it while its number is being chosen."""
        return str(self.session.describe_action(action))

    def _suggest(self, choice: NumberChoice) -> int:
        """Start the picker somewhere sensible: the whole move, or mid-range."""
        if choice.field in ("inches", "sailing"):
            return choice.high  # the whole move; every hand she may put to sailing her
        if choice.field == "guess":
            return choice.nearest(12)
        return choice.nearest((choice.low + choice.high) // 2)

    @on(ValuePicker.Changed)
    def picker_changed(self, event: ValuePicker.Changed) -> None:
        picker = self.query_one(ValuePicker)
        self.preview = event.value
        self.preview_action = picker.choice.at(event.value) if picker.choice else None
        self._redraw_map()
        self.show_odds()
        self._follow_preview()

    def _follow_preview(self) -> None:
        """Keep in view where the value chosen leads: the end of the move, or where a guessed
        shot would land (the target's side of the table)."""
        from ahoy_tui.engine.geometry import UNIT

        sea = self.query_one(SeaMap)
        scene = sea._scene
        if scene is None or self.preview is None:
            return
        ghost = next((h for h in scene.hulls if h.ghost), None)
        if ghost is not None and self.preview_gun is None:
            sea.keep_in_view(ghost.centre)
        for line in scene.lines:
            if line.kind not in ("move", "fire"):
                continue
            if self.preview_gun is not None and line.gun != self.preview_gun:
                continue
            if self.preview_gun is None and line.kind != "move":
                continue
            far = line.band[1] if line.band else float(self.preview)
            dx, dy = line.direction or UNIT[line.heading % 8]
            sea.keep_in_view(line.start, (line.start[0] + dx * far, line.start[1] + dy * far))
            return

    @on(ValuePicker.Chosen)
    def picker_chosen(self, event: ValuePicker.Chosen) -> None:
        self.picker_took(event.action, event.asked_for)

    def picker_took(self, action: Any, asked_for: Any) -> None:
        """The value picked (the picker gives it here at once, its ``take``: the keys typed
        after its Enter reach the choices that follow, not a picker closing)."""
        self._close_picker()
        if not self._still_asked(asked_for):
            # opened for a decision no longer asked (an undo, the other side moved): its
            # Enter plays nothing
            self.notify("That choice is no longer asked", severity="warning", timeout=3)
            self.refresh_all()
            return
        self.play(action)

    def _still_asked(self, asked_for: Any) -> bool:
        """Whether the battle still stands where a picker was opened: the very state, or
        (online, where every update from the server is a state made anew) an equal one."""
        state = self.session.state
        return asked_for is state or (getattr(asked_for, "step", None) == state.step
                                      and asked_for == state)

    def _close_stale_picker(self) -> None:
        """Close the value picker if the battle has moved on from the state it was opened for:
        the keys that follow are not meant for a decision nobody asks now."""
        picker = self.query_one(ValuePicker)
        if picker.display and not self._still_asked(picker.asked_for):
            self._close_picker()
            self.notify("The battle moved on: that choice is no longer asked",
                        severity="warning", timeout=3)

    @on(ValuePicker.Cancelled)
    def picker_cancelled(self) -> None:
        self._close_picker()
        self.refresh_all()

    def _close_picker(self) -> None:
        self.preview = None
        self.preview_gun = None
        self.preview_action = None
        self.query_one(ValuePicker).display = False
        choices = self.query_one(ChoiceList)
        choices.display = True
        self.set_focus(choices)  # at once: a key typed after the Enter is for the choices
        self.show_odds()

    def _redraw_map(self) -> None:
        ahead = self.line_ahead.states if self.line_ahead is not None else ()
        # the map shows what the player here may see, as the cards do (a face-down template)
        scene = self.session.ruleset.scene(self._shown(), self.selected,
                                           preview=self.preview, preview_gun=self.preview_gun,
                                           preview_action=self.preview_action, ahead=ahead)
        self.show_scene(scene)

    # --- the move line ----------------------------------------------------------------------
    def action_move_line(self) -> None:
        """Type the move as short orders (``4 r 3``), checked and drawn as they are typed."""
        parse = getattr(self.session.ruleset, "move_line", None)
        if parse is None:
            self.notify("These rules have no move line", severity="warning", timeout=3)
            return
        ready = getattr(self.session.ruleset, "move_line_ready", None)
        why = ready(self.session.state) if ready is not None else ""
        if why or not self.session.may_act():
            self.notify(why or "Not your move", severity="warning", timeout=4)
            return
        line = self.query_one("#moveline", Input)
        line.value = ""
        self.query_one(ChoiceList).display = False
        line.display = True
        self.query_one("#tape", Static).display = True
        self._say_line("")
        self._redraw_map()
        line.focus()

    @on(Input.Changed, "#moveline")
    def move_line_changed(self, event: Input.Changed) -> None:
        self._say_line(event.value)
        self._redraw_map()

    @on(Input.Submitted, "#moveline")
    def move_line_submitted(self, event: Input.Submitted) -> None:
        actions, look = self._read_line(event.value)
        if look is None or isinstance(look, str) or look.refused or not actions:
            self.app.bell()
            return
        self.close_move_line()
        if self.online:  # one action at a time: the next when the server has taken this one
            self.queued = list(actions[1:])
            self.play(actions[0])
            return
        for action in actions:
            if self.session.over or action not in self.session.legal_actions():
                break  # the dice changed the picture (a collision): the rest waits
            before = self.session.step
            self.play(action)
            if self.session.step == before:
                break  # refused (the prompt says why) or asked about first

    def _play_queued(self) -> None:
        """Online: the next action of a move line, if the battle still allows it."""
        if not self.queued or getattr(self.session, "pending", None):
            return  # nothing queued, or our last action not yet taken by the server
        action = self.queued.pop(0)
        if self.session.over or not self.session.may_act() \
                or action not in self.session.legal_actions():
            self.queued = []  # the dice changed the picture: the rest waits
            return
        self.play(action)

    def _read_line(self, text: str) -> tuple[list[Any], Any]:
        """The line's actions and where they lead (None, with the error said, if unreadable)."""
        from ahoy_tui.engine.look_ahead import look_ahead

        try:
            actions = self.session.ruleset.move_line(self.session.state, text, self.selected)
        except ValueError as exc:
            return [], str(exc)
        side = self.session.state.to_act or ""
        return actions, look_ahead(self.session.state, side, actions)

    def _say_line(self, text: str) -> None:
        actions, look = self._read_line(text)
        self.line_ahead = None
        help_words = getattr(self.session.ruleset, "move_line_help", "")
        if isinstance(look, str):
            words = f"[b red]{look}[/]"
        elif not actions:
            words = f"[dim]{help_words}[/dim]"
        else:
            self.line_ahead = look
            said = [self.session.describe_action(a) for a in actions[:look.played]]
            words = " → ".join(said)
            if look.refused:
                bad = self.session.describe_action(actions[look.played])
                words += f"{' → ' if said else ''}[b red]{bad}: refused, {look.refused}[/]"
            elif look.dice:
                words += f" [yellow](then the dice decide: {look.dice})[/]"
            caution = getattr(self.session.ruleset, "caution", None)
            warned = next((w for st, act in zip(look.states, actions[:look.played],
                                                strict=False)
                           if caution is not None and (w := caution(st, act))), "")
            if warned:
                words += f"\n[b yellow]⚠ {warned}[/]"
        self.query_one("#tape", Static).update(f"[b]Move line[/b]: {words}")

    def close_move_line(self) -> None:
        line = self.query_one("#moveline", Input)
        if not line.display:
            return
        line.display = False
        self.line_ahead = None
        self.query_one("#tape", Static).display = False
        choices = self.query_one(ChoiceList)
        choices.display = True
        self.set_focus(choices)  # at once: the keys typed after the line are the choices'
        self.refresh_all()

    def play(self, action: Any, *, confirmed: bool = False) -> None:
        """Play ``action``; one the rules make final (off the table, striking) is asked about
        first, in the ruleset's words."""
        if not confirmed and self.ask_first(action, lambda: self.play(action, confirmed=True)):
            return
        try:
            events = self.session.play(action)
        except (IllegalAction, InvalidAction) as exc:
            self.refusal = str(exc)
            self.rule_in_play = getattr(exc, "rule", "") or self.rule_in_play
            self.app.bell()
            self.refresh_all()
            return
        except SaveError as exc:
            self.not_saved(exc)
            return
        self.refusal = ""
        if self.online:
            # the new state is on its way from the server: say so in the prompt only, and
            # redraw the screen once, when it comes (a whole redraw now would be wasted)
            self.query_one(PhasePrompt).show(self.session.prompt(),
                                             waiting=self.session.waiting_text())
            return
        self.after_events(events)

    def after_events(self, events: tuple[Event, ...]) -> None:
        self.query_one(DiceLog).add((self.session.step, e) for e in self._visible(events))
        for event in events:
            if event.rule:
                self.rule_in_play = event.rule
            if isinstance(event, Happened) and event.big and event.kind != "summary":
                self.notify(event.text, timeout=4,
                            severity="warning" if event.kind in ("sunk", "struck") else
                            "information")
        natural = self._natural_selection() or self._own_ship_to_act()
        if natural is not None:
            self.selected = natural
        self.refresh_all()
        if natural is not None:
            self._follow(natural)
        if self.session.over and not self._shown_over:
            self._shown_over = True
            self.game_over()
            return
        self._pass_the_terminal()

    def _pass_the_terminal(self) -> None:
        """Hot-seat: before the screen shows a side what the other may not see (the rules'
        ``hand_over`` hook says why: Man O' War's hand of Magic cards), the terminal passes to
        that side's player on a screen that covers the battle."""
        viewer = self._viewer()
        seats = getattr(self.session, "seats", ())
        if self.online or len(seats) < 2 or viewer is None or viewer == self._eyes:
            return
        self._eyes = viewer
        hook = getattr(self.session.ruleset, "hand_over", None)
        state = self.session.state
        why = hook(state, viewer) if hook is not None and not state.over else ""
        if why:
            from ahoy_tui.ui.screens.hand_over import HandOverScreen

            self.app.push_screen(HandOverScreen(side_name(state, viewer), why))

    def _follow(self, ship_id: str) -> None:
        """Keep the ship being decided about in view."""
        state = self.session.state
        if not state.has_ship(ship_id):
            return
        ship = state.ship(ship_id)
        self.query_one(SeaMap).keep_in_view((ship.x, ship.y))

    def game_over(self) -> None:
        from ahoy_tui.ui.screens.game_over import GameOverScreen

        summary = ""
        for event in self.session.events_at(self.session.step):
            if isinstance(event, Happened) and event.kind == "summary":
                summary = event.text
        self.app.push_screen(GameOverScreen(self.session, summary))

    # --- the map and the cards --------------------------------------------------------------
    @on(SeaMap.Clicked)
    def map_clicked(self, event: SeaMap.Clicked) -> None:
        picker = self.query_one(ValuePicker)
        if picker.display and picker.choice is not None:
            value = self._distance_on_line(event.x, event.y, picker.choice)
            if value is None:
                value = self._ghost_nearest(event.x, event.y, picker.choice)
            if value is not None:
                picker.value = value
                picker.post_message(ValuePicker.Changed(value))
                return
        if event.ship is not None:
            self.selected = event.ship
            self.refresh_all()
            return
        move = getattr(self.session.state, "move", None)
        if move is not None and self.session.may_act():
            inches = next((r for r in self.session.legal_actions().ranges
                           if r.field == "inches"), None)
            if inches is not None:
                choice = NumberChoice.of(inches)
                value = self._distance_on_line(event.x, event.y, choice)
                if value is not None:
                    self._open_picker(choice, value)

    def _ghost_nearest(self, x: float, y: float, choice: NumberChoice) -> int | None:
        """The value whose ghost (where the ship would be: a point on the edge to come back
        at) lies nearest a click, if one lies within 6"."""
        state = self.session.state
        best: tuple[float, int] | None = None
        for value in choice.values:
            scene = self.session.ruleset.scene(state, self.selected,
                                               preview_action=choice.at(value))
            for hull in scene.hulls:
                if hull.ghost:
                    gap = math.hypot(hull.centre[0] - x, hull.centre[1] - y)
                    if gap <= 6 and (best is None or gap < best[0]):
                        best = (gap, value)
        return best[1] if best else None

    def _distance_on_line(self, x: float, y: float, choice: NumberChoice) -> int | None:
        """How far along the choice's line (a move, a gun's line of fire) a click falls."""
        from ahoy_tui.engine.geometry import UNIT

        state = self.session.state
        lines = self.session.ruleset.scene(state, getattr(choice.template, "ship", None)).lines
        kind = "move" if choice.field == "inches" else "fire"
        gun = getattr(choice.template, "gun", "")
        for line in lines:
            if line.kind != kind or (kind == "fire" and line.gun != gun):
                continue
            dx, dy = line.direction or UNIT[line.heading % 8]
            along = (x - line.start[0]) * dx + (y - line.start[1]) * dy
            across = abs((x - line.start[0]) * dy - (y - line.start[1]) * dx)
            scale = self.query_one(SeaMap).sy
            if across <= max(1.0, scale * 1.5) and along > 0:
                return max(choice.low, min(choice.high, math.ceil(along - 1e-9)))
        return None

    @on(ShipCards.Selected)
    def card_selected(self, event: ShipCards.Selected) -> None:
        self.selected = event.ship
        self.refresh_all()
        self.action_centre()

    def action_select_ship(self, step: int) -> None:
        """[ and ]: the previous or next card shown, a ship on the table or a sea monster or
        a flyer the ruleset gives a card of (in the cards' order)."""
        state = self.session.state
        ships = [s.id for s in state.ships if s.on_table]
        cards = getattr(self.session.ruleset, "cards", None)
        if cards is not None:
            shown = [str(c.ship) for c in cards(self._shown())]
            ships = [i for i in shown if i in ships or not state.has_ship(i)] or ships
        if not ships:
            return
        index = ships.index(self.selected) if self.selected in ships else -step
        self.selected = ships[(index + step) % len(ships)]
        self.refresh_all()
        self.action_centre()

    def action_centre(self) -> None:
        state = self.session.state
        if self.selected and state.has_ship(self.selected):
            ship = state.ship(self.selected)
            self.query_one(SeaMap).centre_on(ship.x, ship.y)
        elif self.selected:
            self.query_one(SeaMap).centre_on_ship(self.selected)  # a monster's, a flyer's

    def action_back(self) -> None:
        if self.query_one("#moveline", Input).display:
            self.close_move_line()
        elif self.tape_on:
            self.end_tape()
            self.set_focus(self.query_one(ChoiceList))  # at once, for a key typed after Esc
        elif self.query_one(ValuePicker).display:
            self.picker_cancelled()
        else:
            self.set_focus(self.query_one(ChoiceList))

    # --- history and files ------------------------------------------------------------------
    def _after_history(self) -> None:
        self.refusal = ""
        self._shown_over = self.session.over
        self.query_one(DiceLog).reset(
            (step, e) for step in range(self.session.step + 1)
            for e in self._visible(self.session.events_at(step)))
        self.selected = self._natural_selection() or self.selected
        self.refresh_all()
        self._pass_the_terminal()

    def action_rules(self) -> None:
        from ahoy_tui.ui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.rule_in_play or self._phase_rule(),
                                         ruleset=self.session.ruleset.id))

    def _phase_rule(self) -> str:
        phase = str(getattr(self.session.state, "phase", ""))
        return {"orders": "Turns and phases", "movement": "Movement",
                "shooting": "Naval Cannons"}.get(phase, "Movement")


# Warhammer Ahoy!'s parts (entry point ``ahoy`` in ``ahoy_tui.ui``); also the general screen for
# rules that name none of their own.
PARTS = BattleParts(screen=BattleScreen, cards=ShipCards)


def range_label(ruleset: Any, state: Any, choice: NumberChoice,
                describe: Callable[[Any], str]) -> str:
    """A folded choice in words with its range in place of a value ('ahead 1-10"'): the
    ruleset's own words when it has them, else its words for the lowest and the highest value
    run together. Only actions the rules list are described (a value outside them may mean
    nothing to the rules' words: the fifth spot of five)."""
    wording = getattr(ruleset, "describe_choice", None)
    worded = wording(state, choice.template, choice.field, choice.values) \
        if wording is not None else ""
    if worded:
        return str(worded)
    low, high = describe(choice.at(choice.low)), describe(choice.at(choice.high))
    span = f"{choice.low}-{choice.high}"
    for number in (f"+{choice.low}", str(choice.low)):
        other = number.replace(str(choice.low), str(choice.high))
        at = low.find(number)
        while at >= 0:  # the one place where the lowest value's words have its number
            if low[:at] + other + low[at + len(number):] == high:
                return low[:at] + span + low[at + len(number):]
            at = low.find(number, at + 1)
    # the words differ in more than the number: what the two ends share, then the span
    shared = 0
    while shared < min(len(low), len(high)) and low[shared] == high[shared]:
        shared += 1
    head = low[:shared].rstrip(" ,:(")
    return f"{head}: {low[shared:]} … {high[shared:]} ({span})" if head else f"{low} … {high}"
