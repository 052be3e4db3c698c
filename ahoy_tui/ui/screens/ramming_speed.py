"""Ramming Speed! on the general battle screen: the sea map, the galleys' log sheets, the choices.

Orders are written on the move line (``:`` or ``w``): ``cruising SSSSRRRS``, ``c 8s 4r 3s``,
``Vi: ram 24s`` (the ruleset's ``move_line_help`` says the whole of it), for the selected galley
unless another is named; the course is drawn inch by inch as it is typed, and a refusal names
its rule. The examples of the order sheet (straight on, hard to port, hard to starboard at each
band she may take) are quick choices, in the same order whichever galley is selected (the list
never reorders itself under the player's finger); the sheet is sealed from the choices, asked
about first when a galley has no orders written. The screen shows what the side at it may see:
no other side's orders, written or sealed, until the reveal; at a shared terminal a hand-over
screen comes between one captain's orders and the other's. Against a computer captain, what he
chose and why in a phase whose choices are made as if at once (his orders, his archers'
targets) is kept back until the player has made his own, and logged at the reveal or the volley.
"""

from __future__ import annotations

from typing import Any

import attrs
from rich.text import Text
from textual import on
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input, Static

from ahoy_tui.engine.errors import IllegalAction, InvalidAction
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.game import apply as apply_action
from ahoy_tui.engine.legal import LegalActions
from ahoy_tui.engine.orders import is_secret
from ahoy_tui.ui.parts import BattleParts
from ahoy_tui.ui.screens.battle import SIDE_COLOURS, BattleScreen, side_name
from ahoy_tui.ui.screens.hand_over import HandOverScreen
from ahoy_tui.ui.screens.reveal import RevealScreen
from ahoy_tui.ui.widgets.choices import ChoiceList, PhasePrompt, ValuePicker
from ahoy_tui.ui.widgets.log_sheets import LogSheets
from ahoy_tui.ui.widgets.odds_line import OddsLine, odds_of, side_view
from ahoy_tui.ui.widgets.record_cards import ShipCards
from ahoy_tui.ui.widgets.sea_map import SeaMap

SECRET_PHASE = "orders"  # the phase (its value) whose orders are written in secret
# the phases whose choices the sides make as if at once (2.0 the orders, 18.0 the archers'
# targets, shot together): a computer captain's choices and reasons in them are kept from the
# player here until his own are made, and told when the phase is over
AT_ONCE = (SECRET_PHASE, "fire")
PHASE_TOPICS = {"orders": "Writing orders", "fire": "Archery", "grapple": "Grappling",
                "board": "Boarding", "maintenance": "Water and plugging", "over": "Victory"}


def revealed_text(sheets: tuple[Any, ...]) -> Text:
    """Each galley's orders as rowed (the log sheets' ``rowed`` line, or ``last`` once the turn
    has played on to the next one's orders), fleet by fleet."""
    text = Text()
    side = ""
    # the orders in one column, however long a name ("Halicarnassus" pushed hers out)
    width = max((len(sheet.name) for sheet in sheets), default=11) + 1
    for sheet in sheets:
        rowed = [line.words for line in sheet.orders if line.when in ("rowed", "last")]
        if not rowed:
            continue
        if sheet.side != side:
            side = sheet.side
            text.append(f"{sheet.side_name}\n", style=f"bold {SIDE_COLOURS.get(side, '')}")
        text.append(f"  {sheet.label:<3}{sheet.name:<{width}}", style="bold")
        text.append(f"{rowed[0]}\n")
    return text


class OrdersRevealed(RevealScreen):
    """Every galley's orders, both fleets', turned over together when the last side seals."""

    render_sheets = staticmethod(revealed_text)
    hint = "Enter: to the table, the move seen sixth by sixth (p the next, Esc skips)"


# the general screen's keys as they read here: no colours to strike (Ahoy!'s !), the move
# line's own orders (the tape's o is named in the rules' words: the ruleset's tape_from)
NOT_HERE = {"keyed_choice('!')"}
RS_KEYS = {
    "move_line": Binding("colon", "move_line", "Orders", show=False,
                         tooltip="write orders on the move line, e.g. c 8s 4r 3s (also w)"),
}


# the map's legend: samples in the map's own colours (its component classes), what they mean
LEGEND: tuple[tuple[tuple[tuple[str, str], ...], str], ...] = (
    ((("Vi→", "seamap--p1"),), "a galley's label, as on her log sheet; the arrow her bow"),
    ((("▒▒", "seamap--p1"), ("▒▒", "seamap--p2")), "the first side's galleys, the second's"),
    ((("▒▒", "seamap--selected"),), "the galley selected (] and [ choose another)"),
    ((("▒▒", "seamap--sinking"),), "holed, or three loads of water or more: sinking"),
    ((("▒▒", "seamap--p1-withdrawing"), ("▒▒", "seamap--p2-withdrawing")),
     "withdrawing for her own edge (22.4-22.5)"),
    ((("××", "seamap--struck"),), "a captured prize: a hulk out of the battle (17.1)"),
    ((("▒▒", "seamap--struck"),), "a drifting hulk: none of her own men aboard"),
    ((("░░", "seamap--ghost"),), "where her written orders end (the course inch by inch)"),
    ((("‡‡‡", "seamap--wreck"), ("█", "seamap--land")),
     "wreckage, the shore: a ram at -2 (23.1-23.2)"),
    ((("1-9+", "seamap--swimmer-p1"),), "men in the water, swimming (12.1)"),
    ((("─3─C", "seamap--line"),), "grappling lines, how many (C a corvus)"),
)


def legend_text(style: Any = None) -> Text:
    """The legend as text, each sample in the map's style for it (``style(name)``)."""
    text = Text()
    for samples, words in LEGEND:
        width = 0
        for chars, name in samples:
            if width:
                text.append(" ")
                width += 1
            text.append(chars, style=style(name) if style is not None else "")
            width += len(chars)
        text.append(" " * max(1, 10 - width) + words + "\n")
    text.rstrip()
    return text


def phase_name(state: Any) -> str:
    phase = getattr(state, "phase", "")
    return str(getattr(phase, "value", phase))


class RammingSpeedScreen(BattleScreen, inherit_bindings=False):
    """Write each galley's orders on the move line, seal them, watch them rowed."""

    CSS_PATH = ["battle.tcss", "../widgets/guide_panel.tcss", "../widgets/log_sheets.tcss"]
    # the general screen's keys, with the orders' key first in the footer
    BINDINGS = [
        *Screen.BINDINGS,
        Binding("w", "move_line", "Orders",
                tooltip="write the selected galley's orders, e.g. c 8s 4r 3s (also :)"),
        Binding("d", "keyed_choice('d')", "Done", show=False,
                tooltip="done with this phase; in the orders phase, seal them (the same key in "
                        "every phase)"),
        Binding("l", "legend", "Legend", show=False,
                tooltip="what the map's marks and colours mean"),
        Binding("p", "sixth(1)", "Sixths", show=False,
                tooltip="the last move on the map sixth by sixth (8.0 Phased moves): the next "
                        "sixth; Esc back to the table as it is"),
        Binding("comma", "sixth(-1)", "Sixth back", show=False,
                tooltip="the last move: the sixth before"),
        # b types a letter on the move line: the breakdown of the orders' odds is ctrl+b there
        Binding("ctrl+b", "odds", "Odds", show=False,
                tooltip="the whole breakdown of the odds of the orders typed (b off the line)"),
        *(RS_KEYS.get(b.action, b) for b in BattleScreen.BINDINGS
          if isinstance(b, Binding) and b.action not in NOT_HERE),
    ]

    def __init__(self, session: Any) -> None:
        super().__init__(session)
        self.shown_side: str | None = None  # hot-seat: whose eyes the screen was last for
        self.line_warning = ""
        self.sixth: int | None = None  # the last move shown at the end of this sixth (8.0)
        # online: orders written ahead while the other side writes theirs (2.0: both at once),
        # sent, and the sheet sealed, the moment the table takes them
        self.ahead: list[Any] = []
        self.ahead_seal: Any = None
        self.sent_seal: Any = None  # the seal written ahead, on its way to the table
        # a computer captain's notes (what he chose and why) in a phase of choices made at
        # once, kept back until the phase is over (the reveal, the volley): (step, (turn, phase),
        # note)
        self.held: list[tuple[int, tuple[Any, str], Happened]] = []
        self._line_read: tuple[list[Any], Any] = ([], None)  # the move line as last read

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A spectator writes no orders: the move line's keys are not his (played over SSH:
        the watcher's footer offered "w Orders")."""
        if action == "move_line" and self.online and not getattr(self.session, "seats", ()):
            return False
        return super().check_action(action, parameters)

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(SeaMap).fit = True  # both fleets in view (zoom in with +)
        help_words = getattr(self.session.ruleset, "move_line_help", "")
        line = self.query_one("#moveline", Input)
        line.placeholder = f"orders: {help_words} (Enter writes them, Esc backs out)"
        # one line: the course read back above it (the tape) and the odds of the orders under
        # it take the rows the choices had, and the map the rest (at 80x24 six galleys' orders
        # left the map six rows under a move line five rows high, four of them empty)
        line.styles.height = 1
        self.shown_side = self._viewer()

    def action_legend(self) -> None:
        """What the map's marks and colours mean."""
        from ahoy_tui.ui.screens.notice import NoticeScreen

        sea = self.query_one(SeaMap)
        self.app.push_screen(NoticeScreen("The map", legend_text(sea.legend_style)))

    # --- the last move by sixths (8.0 Phased moves) ----------------------------------------
    def _sixths(self) -> int:
        count = getattr(self.session.ruleset, "sixths", None)
        return int(count(self._shown())) if count is not None else 0

    def action_sixth(self, step: int) -> None:
        """``p``: the last move at the end of the next sixth (from before it, the first time);
        ``,``: the sixth before; past the sixth the table as it is."""
        count = self._sixths()
        if not count:
            self.notify("No galley rowed last turn: no move to see by sixths",
                        severity="warning", timeout=3)
            return
        sixth = (-1 if step > 0 else count + 1) if self.sixth is None else self.sixth
        sixth += step
        self.show_sixth(sixth if 0 <= sixth <= count else None)

    def show_sixth(self, sixth: int | None) -> None:
        """The map at the end of ``sixth`` of the last move (0: before it), None: as it is."""
        self.sixth = sixth
        tape = self.query_one("#tape", Static)
        if sixth is None:
            if not self.query_one("#moveline", Input).display and not self.tape_on:
                tape.display = False
        else:
            when = "before the move" if sixth == 0 else f"the end of sixth {sixth} of 6"
            tape.update(f"[b]8.0 Phased moves[/b]: {when} — p the next sixth · , the one "
                        "before · Esc the table as it is")
            tape.display = True
        self._redraw_map()

    def _redraw_map(self) -> None:
        phased = getattr(self.session.ruleset, "phased_scene", None)
        if self.sixth is None or phased is None:
            super()._redraw_map()
            return
        self.show_scene(phased(self._shown(), self.selected, self.sixth))

    def action_move_line(self) -> None:
        if self.sixth is not None:
            self.show_sixth(None)
        if self._writing_state() is None or self.ahead_seal is not None:
            super().action_move_line()
            return
        line = self.query_one("#moveline", Input)  # writing ahead: the line as in our turn
        line.value = ""
        self.query_one(ChoiceList).display = False
        line.display = True
        self.query_one("#tape", Static).display = True
        self._say_line("")
        self._redraw_map()
        line.focus()

    def action_tape(self) -> None:
        if self.sixth is not None:
            self.show_sixth(None)
        super().action_tape()

    def action_back(self) -> None:
        if self.sixth is not None:
            self.show_sixth(None)
            return
        super().action_back()

    # --- online: writing orders while the other side writes theirs ----------------------------
    def _ahead_side(self) -> str | None:
        """Online, the side at this terminal while another side is to seal first and ours is
        not sealed: it writes its orders now, kept here until the table may take them."""
        seats = getattr(self.session, "seats", ())
        state = self.session.state
        if not self.online or len(seats) != 1 or state.over \
                or phase_name(state) != SECRET_PHASE:
            return None
        side = next(iter(seats))
        envelope = getattr(state, "orders", None)
        if state.to_act in (None, side) or envelope is None or envelope.has_sealed(side):
            return None
        return str(side)

    def _writing_state(self) -> Any:
        """Our view with our turn to write and the orders written ahead on it (None when not
        writing ahead): what the map, the sheets and the choices show meanwhile."""
        side = self._ahead_side()
        if side is None:
            return None
        sim = attrs.evolve(self.session.state, to_act=side)
        kept = []
        for action in self.ahead:
            try:
                sim, _ = apply_action(sim, action)
            except (IllegalAction, InvalidAction):
                continue  # no longer to be written (an undo took the table back)
            kept.append(action)
        self.ahead = kept
        return sim

    def _shown(self) -> Any:
        sim = self._writing_state()
        return sim if sim is not None else super()._shown()

    def choices(self) -> list[tuple[str, Any]]:
        sim = self._writing_state()
        if sim is None:
            return super().choices()
        if self.ahead_seal is not None:
            return []
        legal: LegalActions = self.session.ruleset.legal_actions(sim)
        keyed = getattr(self.session.ruleset, "choice_key", None)
        out = []
        for row in legal.fixed:
            key = keyed(row) if keyed is not None else ""
            words = self.session.ruleset.describe_action(sim, row)
            out.append((f"{words}  [{key}]" if key else words, row))
        return out

    def play(self, action: Any, *, confirmed: bool = False) -> None:
        sim = self._writing_state()
        if sim is None:
            # the seal written ahead was asked about then: not again as it goes in
            super().play(action, confirmed=confirmed or action is self.sent_seal)
            return
        caution = getattr(self.session.ruleset, "caution", None)
        words = caution(sim, action) if caution is not None and not confirmed else ""
        if words:
            from ahoy_tui.ui.screens.confirm import ConfirmScreen

            self.app.push_screen(ConfirmScreen(f"{words}\n\nGo ahead?"),
                                 lambda yes: self.play(action, confirmed=True) if yes else None)
            return
        try:
            after, _ = apply_action(sim, action)
        except (IllegalAction, InvalidAction) as exc:
            self.refusal = str(exc)
            self.queued = []
            self.app.bell()
            self.refresh_all()
            return
        self.refusal = ""
        if getattr(after, "to_act", None) != sim.to_act:
            self.ahead_seal = action  # sealed: it goes in after the orders written
            self.queued = []
        else:
            self.ahead.append(action)
        if self.queued:  # the rest of a move line, written ahead as well
            self.play(self.queued.pop(0))
            return
        self.refresh_all()

    def _send_ahead(self) -> None:
        """Our turn has come: the orders written ahead go to the table one at a time (the
        server takes each before the next), the seal last."""
        if not self.online or (not self.ahead and self.ahead_seal is None) \
                or not self.session.may_act() or phase_name(self.session.state) != SECRET_PHASE:
            return
        actions = [*self.ahead, *([self.ahead_seal] if self.ahead_seal is not None else [])]
        self.sent_seal = self.ahead_seal
        self.ahead, self.ahead_seal = [], None
        self.queued = actions[1:]
        super().play(actions[0], confirmed=True)

    def _read_line(self, text: str) -> tuple[list[Any], Any]:
        self._line_read = self._read_line_now(text)
        return self._line_read

    def _read_line_now(self, text: str) -> tuple[list[Any], Any]:
        sim = self._writing_state()
        if sim is None:
            return super()._read_line(text)
        from ahoy_tui.engine.look_ahead import look_ahead

        try:
            actions = self.session.ruleset.move_line(sim, text, self.selected)
        except ValueError as exc:
            return [], str(exc)
        return actions, look_ahead(sim, sim.to_act or "", actions)

    # --- the odds: of the orders typed, and while writing ahead -----------------------------
    def _line_order(self) -> tuple[Any, Any] | None:
        """The last orders on the move line being typed that the rules take, and the side's
        view as they would be written (the line's earlier orders in it): their odds are shown
        under the line (a ram they would make, foreseen)."""
        if not self.query_one("#moveline", Input).display:
            return None
        actions, look = self._line_read
        states = getattr(look, "states", None)
        if not states:
            return None
        played = actions[:look.played]
        last = next((i for i in range(len(played) - 1, -1, -1)
                     if getattr(played[i], "kind", "") == "write_orders"), None)
        return None if last is None else (played[last], states[last])

    def odds_view(self) -> Any:
        line = self._line_order()
        if line is not None:
            return line[1]
        sim = self._writing_state()
        if sim is not None:
            return side_view(self.session.ruleset, sim, sim.to_act, online=True)
        return super().odds_view()

    def _odds_target(self) -> tuple[Any, str]:
        line = self._line_order()
        if line is not None:
            return line[0], ""
        if self.query_one("#moveline", Input).display:
            return None, ""
        return super()._odds_target()

    def show_odds(self) -> None:
        """As on every battle screen; and while our orders are written ahead online (not yet
        our turn at the table), of the orders we write. On the move line, where ``b`` is a
        letter typed, the breakdown's key is ctrl+b."""
        line = self.query_one(OddsLine)
        if self._writing_state() is None:
            super().show_odds()
        else:
            odds, label = None, ""
            if self.app_shows_odds() and not self.session.over:
                action, label = self._odds_target()
                odds = odds_of(self.session.ruleset, self.odds_view(), action)
            line.show(odds, label)
            self.set_odds_room(odds is not None)
        if line.odds is not None and self.query_one("#moveline", Input).display:
            text = Text.assemble(("Odds ", "bold"), (line.odds.summary, "bold yellow"),
                                 ("  ctrl+b: breakdown", "dim italic"))
            text.no_wrap = True
            text.overflow = "ellipsis"
            line.update(text)

    # --- a click chooses a galley; the arrows stay the choices' -------------------------------
    @on(SeaMap.Clicked)
    @on(ShipCards.Selected)
    def _keys_back_to_the_choices(self) -> None:
        """A galley clicked on the map or her log sheet is selected, and the keys go back to
        the choices (the arrows move in the list, not the map or the sheets: no three Tabs to
        reach it); ``m`` and ``i`` still give them to the map and the sheets."""
        choices = self.query_one(ChoiceList)
        if choices.display and not self.tape_on and not self.query_one(ValuePicker).display:
            choices.focus()

    # --- whose galleys -------------------------------------------------------------------------
    def _galleys(self) -> list[Any]:
        return [s for s in getattr(self.session.state, "ships", ()) if s.afloat]

    def _own_ship_to_act(self) -> str | None:
        state = self.session.state
        side = state.to_act
        if side is None or state.over or not self.session.may_act():
            return None
        ships = [s for s in self._galleys() if s.side == side]
        if not ships or any(s.id == self.selected for s in ships):
            return None
        return str(ships[0].id)

    def action_select_ship(self, step: int) -> None:
        ships = [s.id for s in self._galleys()]
        if not ships:
            return
        index = ships.index(self.selected) if self.selected in ships else -step
        self.selected = ships[(index + step) % len(ships)]
        self.refresh_all()
        self.action_centre()

    def action_centre(self) -> None:
        ship = next((s for s in self._galleys() if s.id == self.selected), None)
        if ship is not None:
            self.query_one(SeaMap).centre_on(ship.x, ship.y)

    def _follow(self, ship_id: str) -> None:
        ship = next((s for s in self._galleys() if s.id == ship_id), None)
        if ship is not None:
            self.query_one(SeaMap).keep_in_view((ship.x, ship.y))

    # --- showing -------------------------------------------------------------------------------
    def status_step(self) -> int | None:
        """No step while orders are written: it would count the orders another side writes."""
        if phase_name(self.session.state) == SECRET_PHASE and not self.session.over:
            return None
        return super().status_step()

    def refresh_all(self) -> None:
        super().refresh_all()
        state = self.session.state
        sim = self._writing_state()
        if sim is not None:
            other = side_name(state, state.to_act or "")
            rules = self.session.ruleset
            if self.ahead_seal is not None:
                self.query_one(PhasePrompt).show(
                    rules.prompt(sim), refusal=self.refusal,
                    waiting=f"Your orders are sealed: they go to the table the moment {other} "
                            "have sealed theirs.")
            else:
                self.query_one(PhasePrompt).show(
                    rules.prompt(sim), refusal=self.refusal,
                    waiting=f"{other} write theirs meanwhile: yours go to the table when they "
                            "have sealed · w: the selected galley's orders (] the next)")
            return
        if self.session.may_act() and not state.over and phase_name(state) == SECRET_PHASE \
                and self.session.captain_to_act() is None:
            self.query_one(PhasePrompt).show(
                self.session.ruleset.prompt(state), refusal=self.refusal,
                waiting="w: write the selected galley's orders (] the next) · or pick below")

    def _phase_rule(self) -> str:
        return PHASE_TOPICS.get(phase_name(self.session.state), "Sequence of play")

    # --- the move line: orders ---------------------------------------------------------------
    def _say_line(self, text: str) -> None:
        preview = getattr(self.session.ruleset, "line_preview", None)
        sim = self._writing_state()
        writing = sim if sim is not None else self.session.state
        self.preview_action, self.line_warning = (
            preview(writing, text, self.selected) if preview is not None and text
            else (None, ""))
        ship = getattr(self.preview_action, "ship", None)
        if ship is not None and ship != self.selected:
            self.selected = ship  # her sheet and her course
            self.query_one("#cards", LogSheets).show(
                self.session.ruleset.cards(self._shown()), self.selected, self.bearings())
        super()._say_line(text)
        if self.line_warning:
            tape = self.query_one("#tape", Static)
            tape.update(f"{tape.content}\n[b yellow]⚠ {self.line_warning}[/]")
        self.show_odds()

    def close_move_line(self) -> None:
        self.preview_action = None
        self.line_warning = ""
        super().close_move_line()

    # --- computer captains and the hand-over -------------------------------------------------
    def captain_played(self, before: Any, decision: Any, what: str,
                       events: tuple[Event, ...]) -> None:
        """A captain's orders are as secret as a player's: say only that he is writing. Against
        a player here, what he chose and why in a phase of choices made at once (his orders,
        his archers' targets) is kept back until the player has made his own: it is told when
        the orders are revealed, or the arrows loosed."""
        side = before.to_act or ""
        phase = phase_name(before)
        if phase not in AT_ONCE or not self.session.seats:
            if is_secret(self.session.ruleset, decision.action):
                self.last_captain_note = f"{side_name(before, side)} write their orders in secret"
                self.after_events(events)
            else:
                super().captain_played(before, decision, what, events)
            return
        name = side_name(before, side)
        self.held.append((self.session.step, (getattr(before, "turn", 0), phase),
                          Happened("captain", f"{name}: {what} — {decision.why}", side=side)))
        self.last_captain_note = (f"{name} write their orders in secret" if phase == SECRET_PHASE
                                  else f"{name} choose their targets (told when the arrows fly)")
        self.after_events(events)

    def _remote_changed(self, events: tuple[Event, ...], reset: bool, note: str) -> None:
        """Online, what the host says a computer captain chose is kept back the same way while
        the phase of choices made at once goes on."""
        state = self.session.state
        phase = phase_name(state)
        holding = phase in AT_ONCE and not state.over and getattr(self.session, "seats", ())
        if reset or not note or not (holding or self.held):
            super()._remote_changed(events, reset, note)
            return
        # the note goes with those held (told in order when the phase is over, maybe now)
        key = self.held[0][1] if self.held else (getattr(state, "turn", 0), phase)
        self.held.append((self.session.step, key, Happened("captain", note)))
        self.after_events(events)
        self._play_queued()

    def _release_held(self, events: tuple[Event, ...]) -> tuple[Event, ...]:
        """The captain's notes kept back, told once their phase is over: after the reveal of
        the orders, or before the volleys."""
        state = self.session.state
        now = (getattr(state, "turn", 0), phase_name(state))
        if not self.held or (not state.over and now == self.held[0][1]):
            return events
        notes = tuple(note for _, _, note in self.held)
        self.held = []
        self.last_captain_note = notes[-1].text
        at = next((i + 1 for i, e in enumerate(events)
                   if isinstance(e, Happened) and e.kind == "revealed"), 0)
        return (*events[:at], *notes, *events[at:])

    def after_events(self, events: tuple[Event, ...]) -> None:
        if self.sixth is not None:  # the battle moved on: the table as it is, and the
            self.show_sixth(None)   # sixths' line gone with it (it stayed into the next turn)
        events = self._release_held(events)
        super().after_events(events)
        self._send_ahead()
        kinds = [e.kind for e in events if isinstance(e, Happened)]
        if "revealed" in kinds and not self.session.over:
            state = self._shown()
            # the turn may have played on to the next one's orders with nothing to decide:
            # the orders revealed are then "last" turn's (an empty list under "turn 2" read)
            turn = getattr(state, "turn", 0) - ("turn" in kinds[kinds.index("revealed"):])
            self.app.push_screen(OrdersRevealed(
                f"Orders revealed — turn {turn}: the galleys have rowed them",
                tuple(self.session.ruleset.cards(state))),
                lambda _: self._after_the_reveal())
            return
        self._hand_over_if_needed()

    def _after_the_reveal(self) -> None:
        """To the table, the move shown from before it, a sixth at each ``p`` (8.0)."""
        if self._sixths():
            self.show_sixth(0)
        self._hand_over_if_needed()

    def _after_history(self) -> None:
        step = self.session.step
        self.held = [h for h in self.held if h[0] <= step]  # those taken back are not told
        super()._after_history()
        self._hand_over_if_needed()

    def _hand_over_if_needed(self) -> None:
        """At a shared terminal, a new captain writing orders takes the terminal first."""
        viewer = self._viewer()
        seats = getattr(self.session, "seats", ())
        if self.online or len(seats) < 2 or viewer == self.shown_side:
            return
        self.shown_side = viewer
        state = self.session.state
        if state.over or phase_name(state) != SECRET_PHASE or viewer is None:
            return
        self.app.push_screen(HandOverScreen(side_name(state, viewer)))


PARTS = BattleParts(screen=RammingSpeedScreen, cards=LogSheets)
