"""A Naval Battle (Naval Battle Rules for Fantasy Gaming): the sea map, the sheets a side writes
in secret, the phase prompt and the dice log.

Each turn a side fills three sheets in secret and seals them: its speed declarations, its orders
(a play sheet per ship) and its fire plan. The screen always shows the state as one side may see
it (``ruleset.view``): the local seat now deciding, else our one seat, else a spectator's — never
the whole state, in which the other side's sealed sheets lie. When orders are revealed both
captains see every sheet at once; at a shared terminal (hot-seat) a hand-over screen comes
between one captain's sheet and the other's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.widgets import Static

from ahoy_tui.engine import IllegalAction, InvalidAction, SaveError
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.orders import SPECTATOR, is_secret
from ahoy_tui.ui.naval import naval_view
from ahoy_tui.ui.parts import BattleParts
from ahoy_tui.ui.screens.battle_basics import WATCHABLE, BattleBasics
from ahoy_tui.ui.screens.hand_over import HandOverScreen
from ahoy_tui.ui.screens.reveal import RevealScreen
from ahoy_tui.ui.widgets.choices import PhasePrompt
from ahoy_tui.ui.widgets.dice_log import DiceLog
from ahoy_tui.ui.widgets.fire_plan import FirePlanSheet
from ahoy_tui.ui.widgets.key_footer import KeyFooter
from ahoy_tui.ui.widgets.odds_line import OddsLine, OddsScreen, odds_of, side_view
from ahoy_tui.ui.widgets.play_sheet import PlaySheet
from ahoy_tui.ui.widgets.sea_map import SeaMap
from ahoy_tui.ui.widgets.ship_roster import ShipRoster
from ahoy_tui.ui.widgets.speed_declarations import SpeedDeclarations
from ahoy_tui.ui.widgets.status_bar import StatusBar, standing_of

if TYPE_CHECKING:
    from ahoy_tui.server.remote import RemoteSession
    from ahoy_tui.session import LocalSession

SIDE_COLOURS = {"p1": "blue", "p2": "red"}
# the phases (naval_view().Phase) by value
DECLARE, ORDERS, SHOOTING = "declare", "orders", "shooting"
HOLD = "hold"
SHEET_WORDS = {DECLARE: "speed declarations", ORDERS: "orders", SHOOTING: "fire plan"}
PHASE_RULES = {DECLARE: "Changing speed", ORDERS: "The Orders Phase", SHOOTING: "Shooting",
               "over": "Victory Points"}
NavalState = Any  # the rules' NavalState: the screen reads it, never imports it
ShipOrders = Any
Shot = Any


class NavalBattleScreen(BattleBasics):
    """Play a Naval Battle: write each sheet, seal it, watch the reveal."""

    CSS_PATH = ["naval_battle.tcss", "../widgets/guide_panel.tcss", "../widgets/play_sheet.tcss"]
    BINDINGS = [
        Binding("enter", "seal", "Seal"),
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
        Binding("c", "centre", "Centre", show=False,
                tooltip="centre the map on the selected ship"),
        Binding("e", "toggle_log", "Log",
                tooltip="the dice log in place of the cards"),
        Binding("g", "log_filter", "Filter", show=False,
                tooltip="the dice log: all, dice only, big events"),
        Binding("m", "focus_map", "Map", show=False,
                tooltip="the map: arrows pan, +/- zoom"),
        Binding("i", "focus_cards", "Sheets", show=False,
                tooltip="the sheets and the ships: arrows and PgUp/PgDn scroll them "
                        "(Esc: back)"),
        Binding("t", "tape", "Tape",
                tooltip="the tape measure from the selected ship to the cursor"),
        Binding("o", "tape_origin", "Tape from a gun", show=False,
                tooltip="the tape from each of her guns in turn"),
        Binding("v", "victory", "Victory", show=False,
                tooltip="how the battle is won, and the points now (once over: the summary again)"),
        Binding("b", "odds", "Odds", show=False,
                tooltip="the whole breakdown of the odds of the shot under the fire plan's "
                        "cursor, or of the orders on the play sheet: the roll needed, every "
                        "modifier, each outcome's chance"),
        Binding("escape", "back", "Sheet", show=False),
        Binding("x", "hurry", "Hurry the captain", show=False,
                tooltip="the computer captains play at once (again: watchable)"),
        Binding("q", "leave", "Quit",
                tooltip="leave the battle (asks first if unsaved)"),
    ]

    SHEETS = "#side"

    def __init__(self, session: LocalSession | RemoteSession) -> None:
        super().__init__()
        self.session: Any = session
        self.online = bool(getattr(session, "online", False))
        self.selected: str | None = None
        self.refusal = ""
        self.rule_in_play = ""
        self.captain_delay = WATCHABLE
        self.last_captain_note = ""
        self._captain_busy = False
        self._shown_over = False
        # the sheets being written, for the side now deciding at this terminal
        self._draft_key: tuple[object, ...] = ()
        self.declarations: dict[str, str] = {}
        self.drafts: dict[str, ShipOrders] = {}
        self.plan: tuple[Shot, ...] | None = None
        # hot-seat: whose eyes the screen is for; while ``curtain`` nothing secret is drawn
        self.shown_side: str | None = None
        self.curtain = False
        self._fresh = True  # new sheets: their cursors back at the top
        # online: a sheet sealed while the other side still writes theirs, sent when it may be
        self.queued: tuple[tuple[object, ...], Any] | None = None

    # --- who is looking ----------------------------------------------------------------------
    @property
    def hot_seat(self) -> bool:
        return not self.online and len(self.session.seats) > 1

    def perspective(self) -> str:
        """The side whose view is shown: the local seat deciding now, else our one seat (against
        a computer captain or online), else a spectator's."""
        seats = self.session.seats
        to_act = self.session.to_act
        if to_act is not None and to_act in seats:
            return str(to_act)
        if len(seats) == 1:
            return str(next(iter(seats)))
        return SPECTATOR

    @property
    def state(self) -> NavalState:
        """The state as the side at the terminal may see it."""
        shown: NavalState = self.session.ruleset.view(self.session.state, self.perspective())
        return shown

    def deciding(self) -> bool:
        """Whether the side at the terminal writes a sheet now."""
        return (not self.curtain and self.session.may_act()
                and self.session.to_act == self.perspective())

    def drafting(self) -> bool:
        """Whether the side at this terminal may write its sheet ahead, while the other side is
        still writing theirs (the engine takes the sheets one after the other; the players need
        not wait). Never at a shared terminal, nor once this side has sealed."""
        side = self.perspective()
        if (self.curtain or self.hot_seat or self.queued is not None or side == SPECTATOR
                or self.session.to_act in (None, side)):
            return False
        state = self.state
        envelope = {DECLARE: state.declared, ORDERS: state.orders,
                    SHOOTING: state.plans}.get(state.phase)
        return (not state.over and bool(state.side_ships(side)) and envelope is not None
                and not envelope.has_sealed(side))

    def writing(self) -> bool:
        """Whether this terminal shows a sheet to write: its turn to seal, or ahead of it."""
        return self.deciding() or self.drafting()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.online:
            return True
        if action == "undo":
            return bool(self.session.seats)
        return action not in ("redo", "save")

    # --- layout ------------------------------------------------------------------------------
    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < 100, "-narrow")

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield SeaMap(id="map")
                yield DiceLog(id="log")
            with VerticalScroll(id="side"):
                yield SpeedDeclarations(id="declare")
                yield PlaySheet(id="sheet")
                yield FirePlanSheet(id="fire")
                yield ShipRoster(id="roster")
        with Vertical(id="bottom"):
            yield Static(id="tape")
            yield PhasePrompt(id="prompt")
            yield OddsLine(id="odds")
        yield KeyFooter()

    def on_mount(self) -> None:
        log = self.query_one(DiceLog)
        log.border_title = "Dice and events"
        log.border_subtitle = "showing: all (g)"
        self._reset_log()
        if self.online:
            self.session.on_change = self._remote_changed
            self.session.on_refused = self._remote_refused
        self.shown_side = self.perspective()
        sea = self.query_one(SeaMap)
        sea.fit = True  # the whole table, in the room there is (zoom in with +)
        self.refresh_all()
        self.call_after_refresh(self.action_centre)
        self._focus_sheet()

    # --- drafts ------------------------------------------------------------------------------
    def _drafts_for(self, state: NavalState) -> None:
        """Start fresh sheets when the turn, the phase or the side writing them changes."""
        key = (state.turn, state.phase, self.perspective())
        if key == self._draft_key:
            return
        self._draft_key = key
        self._fresh = True
        self.declarations = {}
        self.drafts = {}
        self.plan = None

    def draft(self, state: NavalState, ship_id: str) -> ShipOrders:
        orders = self.drafts.get(ship_id)
        if orders is None:
            ship = state.ship(ship_id)
            orders = naval_view().starting_orders(ship, self.declared(state, ship_id))
            self.drafts[ship_id] = orders
        return orders

    @staticmethod
    def declared(state: NavalState, ship_id: str) -> str:
        return dict(state.speeds_shown).get(ship_id, HOLD)

    def my_ships(self, state: NavalState) -> list[str]:
        side = self.perspective()
        return [s.id for s in state.side_ships(side)]

    def fire_plan(self, state: NavalState) -> tuple[Shot, ...]:
        if self.plan is None:
            self.plan = naval_view().starting_plan(state, self.perspective())
        return self.plan

    # --- showing -----------------------------------------------------------------------------
    def refresh_all(self) -> None:
        session = self.session
        state = self.state
        self._drafts_for(state)
        deciding = self.writing()
        mine = self.my_ships(state)
        if deciding and state.phase == ORDERS and self.selected not in mine and mine:
            self.selected = mine[0]
        if self.selected is None or not any(s.id == self.selected for s in state.ships):
            self.selected = mine[0] if mine else (state.ships[0].id if state.ships else None)
        to_act = state.to_act or self.perspective()
        phase = "battle over" if state.over else state.phase.value
        viewer = ("spectator" if self.perspective() == SPECTATOR
                  else state.side_name(self.perspective()))
        self.query_one(StatusBar).show(
            title=session.title, turn=state.turn, side=state.side_name(to_act),
            phase=phase, wind=f"{viewer}'s view", step=session.step,
            side_colour=SIDE_COLOURS.get(to_act, "white"),
            turn_limit=getattr(state, "turn_limit", 0), score=standing_of(session.ruleset, state))
        self._show_sheets(state, deciding)
        self.query_one(ShipRoster).show(naval_view().cards(state), self.selected,
                                        self.bearings())
        self._redraw_map(state, deciding)
        self.query_one(PhasePrompt).show(session.ruleset.prompt(state), refusal=self.refusal,
                                         waiting=self._waiting(state))
        self.show_guide()
        self.show_odds()
        if session.captain_to_act() is not None:
            self._schedule_captain()
        if self.queued is not None:  # sealed ahead: in it goes, now that it may
            key, action = self.queued
            if key != self._draft_key or state.over:
                self.queued = None
            elif self.deciding():
                self.queued = None
                self.call_later(self.play, action)

    def _waiting(self, state: NavalState) -> str:
        session = self.session
        if self.queued is not None:
            return (f"Your sheet is sealed: it goes to the table the moment "
                    f"{state.side_name(session.to_act or '')} have sealed theirs.")
        if self.curtain:
            return f"Waiting for {state.side_name(session.to_act or '')} to take the terminal…"
        if self.online:
            return str(session.waiting_text())
        captain = session.captain_to_act()
        if captain is not None:
            text = (f"{state.side_name(session.to_act)}: the {captain.level} captain is "
                    "deciding… (x: hurry)")
            if self.last_captain_note:
                text += f"\nLast: {self.last_captain_note}"
            return text
        if state.over or session.may_act():
            return "" if not self.last_captain_note else f"Last: {self.last_captain_note}"
        return f"Waiting for {state.side_name(session.to_act or '')}…"

    def _show_sheets(self, state: NavalState, deciding: bool) -> None:
        declare = self.query_one(SpeedDeclarations)
        sheet = self.query_one(PlaySheet)
        fire = self.query_one(FirePlanSheet)
        phase = state.phase
        declare.display = deciding and phase == DECLARE
        sheet.display = deciding and phase == ORDERS and self.selected is not None
        fire.display = deciding and phase == SHOOTING
        side = self.perspective()
        if declare.display:
            cards = tuple(c for c in naval_view().cards(state) if c.side == side and
                          state.ship(c.ship).afloat)
            declare.load(cards, self.declarations)
        if sheet.display and self.selected is not None:
            ship = state.ship(self.selected)
            sheet.load(ship, self.draft(state, ship.id), self.declared(state, ship.id),
                       side_name=state.side_name(ship.side), fresh=self._fresh)
            self._fresh = False
            others = [state.ship(s).name for s in self.my_ships(state) if s != ship.id]
            sheet.border_title = f"Play sheet: {ship.name}"
            sheet.border_subtitle = ("[ / ] " + ", ".join(others)) if others else ""
        if fire.display:
            rows = naval_view().fire_rows(state, side)
            shots = self.fire_plan(state)
            fire.load(rows, shots, naval_view().budgets(state, side, shots, rows),
                      naval_view().plan_problem(state, side, shots))

    def _redraw_map(self, state: NavalState | None = None, deciding: bool | None = None) -> None:
        state = state or self.state
        deciding = self.writing() if deciding is None else deciding
        orders = None
        shots: tuple[Shot, ...] = ()
        if deciding and state.phase == ORDERS and self.selected in self.my_ships(state):
            orders = self.draft(state, self.selected)
        elif deciding and state.phase == SHOOTING:
            shots = self.fire_plan(state)
        if self.curtain:
            orders, shots = None, ()
        self.show_scene(naval_view().scene(state, self.selected, orders=orders, shots=shots))

    def _focus_sheet(self) -> None:
        for widget in (SpeedDeclarations, PlaySheet, FirePlanSheet):
            found = self.query_one(widget)
            if found.display:
                found.focus()
                return

    # --- the sheets' messages ----------------------------------------------------------------
    @on(SpeedDeclarations.Changed)
    def declarations_changed(self, event: SpeedDeclarations.Changed) -> None:
        self.declarations = dict(event.choices)
        self.refusal = ""

    @on(PlaySheet.Changed)
    def sheet_changed(self, event: PlaySheet.Changed) -> None:
        self.drafts[event.orders.ship] = event.orders
        self.refusal = ""
        self._redraw_map()
        self.show_odds()

    @on(FirePlanSheet.Changed)
    def plan_changed(self, event: FirePlanSheet.Changed) -> None:
        self.plan = event.shots
        self.refusal = ""
        self.refresh_all()

    # --- the odds ----------------------------------------------------------------------------
    def odds_shot(self) -> Any:
        """The fire plan of the one shot under the cursor, whose odds are shown (None when the
        fire plan is not being written, or that weapon holds its fire)."""
        fire = self.query_one(FirePlanSheet)
        if not fire.display or self.state.phase != SHOOTING:
            return None
        shot = fire.shot_at_cursor()
        return None if shot is None else naval_view().FirePlan(self.perspective(), (shot,))

    def odds_orders(self) -> Any:
        """The orders of the ship whose play sheet is being written, as a sheet of her alone
        (what her track runs into, her boarding, her fire stations), or None."""
        sheet = self.query_one(PlaySheet)
        state = self.state
        if not sheet.display or state.phase != ORDERS or self.selected not in \
                self.my_ships(state):
            return None
        return naval_view().GiveOrders(self.perspective(), (self.draft(state,
                                                                       self.selected),))

    def odds_action(self) -> Any:
        return self.odds_shot() or self.odds_orders()

    def show_odds(self) -> None:
        """The odds line under the prompt: the shot under the fire plan's cursor, or the
        orders of the ship on the play sheet, unless the player has turned the odds off."""
        shows = getattr(self.app, "show_odds", True)
        plan = self.odds_action() if shows else None
        odds = None
        if plan is not None:
            odds = odds_of(self.session.ruleset, side_view(self.session.ruleset, self.state,
                                                           None), plan)
        self.query_one(OddsLine).show(odds, "")

    @on(FirePlanSheet.Moved)
    def fire_cursor_moved(self) -> None:
        self.show_odds()

    def action_odds(self) -> None:
        """``b``: the whole breakdown of the shot's odds."""
        line = self.query_one(OddsLine)
        plan = self.odds_action()
        if line.odds is None or plan is None:
            why = ("The odds are turned off (the palette: Odds)"
                   if not getattr(self.app, "show_odds", True)
                   else "No odds now: choose a target for a weapon on the fire plan, or "
                        "orders that run into a ship, board, or fight a fire")
            self.notify(why, severity="warning", timeout=3)
            return
        if isinstance(plan, naval_view().GiveOrders):
            name = self.state.ship(plan.ships[0].ship).name
            self.app.push_screen(OddsScreen(f"{name}'s orders", line.odds))
            return
        shot = plan.shots[0]
        row = next((r for r in self.query_one(FirePlanSheet).rows
                    if (r.ship, r.weapon) == (shot.ship, shot.weapon)), None)
        name = f"{row.ship_name}'s {row.name}" if row is not None else shot.weapon
        target = self.state.ship(shot.target).name
        self.app.push_screen(OddsScreen(f"{name} at {target}", line.odds))

    # --- sealing -----------------------------------------------------------------------------
    def sheet_to_seal(self) -> Any:
        """The sheet written, as the action that seals it (None when nothing is to seal)."""
        nb = naval_view()
        state = self.state
        side = state.to_act if self.deciding() else self.perspective()
        if side is None:
            return None
        ships = state.side_ships(side)
        if state.phase == DECLARE:
            return nb.DeclareSpeed(side, tuple((s.id, self.declarations.get(s.id, HOLD))
                                            for s in ships))
        if state.phase == ORDERS:
            return nb.GiveOrders(side, tuple(self.draft(state, s.id) for s in ships))
        if state.phase == SHOOTING:
            return nb.FirePlan(side, self.fire_plan(state))
        return None

    def action_seal(self, confirmed: bool = False) -> None:
        if not confirmed and (self.drafting() or self.deciding()):
            action = self.sheet_to_seal()
            if action is not None and self.ask_first(action,
                                                     lambda: self.action_seal(confirmed=True)):
                return
        if self.drafting():
            action = self.sheet_to_seal()
            problem = naval_view().sheet_problem(self.state, action)
            if problem:
                self.refusal = problem
                self.app.bell()
                self.refresh_all()
                return
            self.queued = (self._draft_key, action)
            self.refusal = ""
            self.refresh_all()
            return
        if not self.deciding():
            self.notify("Not your sheet to seal now", severity="warning", timeout=3)
            return
        action = self.sheet_to_seal()
        if action is not None:
            self.play(action)

    def play(self, action: Any) -> None:
        turn = self.state.turn
        try:
            events = self.session.play(action)
        except (IllegalAction, InvalidAction) as exc:
            rule = getattr(exc, "rule", "")
            reason = getattr(exc, "reason", str(exc))
            self.refusal = f"{rule} — {reason}" if rule else str(reason)
            self.rule_in_play = rule or self.rule_in_play
            self.app.bell()
            self.refresh_all()
            return
        except SaveError as exc:
            self.not_saved(exc)
            return
        self.refusal = ""
        if self.online:
            self.query_one(PhasePrompt).show(self.session.prompt(),
                                             waiting=self.session.waiting_text())
            return
        self.after_events(events, turn)

    def after_events(self, events: tuple[Event, ...], turn: int | None = None) -> None:
        """Show what happened; ``turn`` is the turn the events began in (for the reveal)."""
        self.query_one(DiceLog).add((self.session.step, e) for e in events)
        reveal = False
        for event in events:
            if event.rule:
                self.rule_in_play = event.rule
            if isinstance(event, Happened) and event.kind == "revealed" \
                    and "orders" in event.text.lower():
                reveal = True
            elif isinstance(event, Happened) and event.big and event.kind not in (
                    "summary", "revealed"):
                self.notify(event.text, timeout=4)
        self._moment(reveal, turn if turn is not None else self.state.turn)
        if self.session.over and not self._shown_over:
            self._shown_over = True
            self.game_over()

    def _moment(self, reveal: bool, turn: int = 0) -> None:
        """After a change: the reveal (if any), then a hand-over (hot-seat), then the sheets."""
        handing = self.hot_seat and not self.session.over \
            and self.perspective() != self.shown_side
        self.curtain = handing
        self.refresh_all()
        if reveal:
            self.app.push_screen(RevealScreen(f"Orders revealed — turn {turn}",
                                              self.revealed()),
                                 lambda _: self._hand_over() if handing else self._focus_sheet())
        elif handing:
            self._hand_over()
        else:
            self._focus_sheet()

    def _hand_over(self) -> None:
        side = self.perspective()
        name = self.state.side_name(side)

        def ready(_: None) -> None:
            self.shown_side = side
            self.curtain = False
            self.refresh_all()
            self._focus_sheet()

        self.app.push_screen(HandOverScreen(name), ready)

    def revealed(self) -> tuple[naval_view().Revealed, ...]:
        """Every ship's orders as revealed this turn (from the record of a local game, which
        keeps them after the turn has ended; else from the state)."""
        orders: list[ShipOrders] = []
        declared: dict[str, str] = {}
        nb = naval_view()
        game = getattr(self.session, "game", None)
        if game is not None:  # back from now: the orders sealed, then the declarations
            for step in range(self.session.step, 0, -1):
                action = game.action_at(step)
                if isinstance(action, nb.GiveOrders):
                    if declared:
                        break  # an earlier turn's
                    orders[:0] = list(action.ships)
                elif isinstance(action, nb.DeclareSpeed):
                    declared.update(action.ships)
                elif orders:
                    break
        state = self.state
        if not orders:
            orders = [o for _, sheet in state.orders.entries for o in sheet.ships]
            declared = dict(state.speeds_shown)
        order = {s.id: i for i, s in enumerate(state.ships)}
        orders.sort(key=lambda o: order.get(o.ship, 99))
        return naval_view().revealed(state, orders, declared)

    # --- online --------------------------------------------------------------------------------
    def _remote_changed(self, events: tuple[Event, ...], reset: bool, note: str) -> None:
        if reset:
            self._after_history()
            return
        if note:
            self.last_captain_note = note
            self.query_one(DiceLog).add([(self.session.step, Happened("captain", note))])
        self.after_events(events)

    # --- computer captains -------------------------------------------------------------------
    def captain_played(self, before: Any, decision: Any, what: str,
                       events: tuple[Event, ...]) -> None:
        side = before.to_act or ""
        name = before.side_name(side)
        if is_secret(self.session.ruleset, decision.action):  # sealed: that, not what or why
            text = f"{name} have sealed their {SHEET_WORDS.get(str(before.phase), 'orders')}"
        else:
            text = f"{name}: {what} — {decision.why}"
        self.last_captain_note = text
        if not is_secret(self.session.ruleset, decision.action):  # sealing is logged already
            self.query_one(DiceLog).add([(self.session.step,
                                          Happened("captain", text, side=side))])
        self.after_events(events, before.turn)

    # --- ships and the map -------------------------------------------------------------------
    @on(SeaMap.Clicked)
    def map_clicked(self, event: SeaMap.Clicked) -> None:
        if event.ship is not None:
            self.selected = event.ship
            self.refresh_all()

    def action_select_ship(self, step: int) -> None:
        state = self.state
        ships = (self.my_ships(state) if self.writing() and state.phase == ORDERS
                 else [s.id for s in state.ships if s.afloat])
        if not ships:
            return
        index = ships.index(self.selected) if self.selected in ships else -step
        self.selected = ships[(index + step) % len(ships)]
        self.refresh_all()
        self.action_centre()

    def action_centre(self) -> None:
        state = self.state
        if self.selected is not None:
            ship = state.ship(self.selected)
            self.query_one(SeaMap).centre_on(ship.x, ship.y)

    def action_back(self) -> None:
        self.end_tape()
        self._focus_sheet()

    # --- history and files -------------------------------------------------------------------
    def _reset_log(self) -> None:
        self.query_one(DiceLog).reset(
            (step, e) for step in range(self.session.step + 1)
            for e in self.session.events_at(step))

    def _after_history(self) -> None:
        self.refusal = ""
        self._draft_key = ()
        self._shown_over = self.session.over
        self._reset_log()
        self._moment(False)

    def action_rules(self) -> None:
        from ahoy_tui.ui.screens.rules import RulesScreen

        rule = self.rule_in_play or PHASE_RULES.get(self.state.phase, "")
        if not hasattr(self.session.ruleset, "rule_topics"):
            self.notify(f"{rule}: see docs/rules/naval-battle.md", title="Rule in play",
                        timeout=6)
            return
        self.app.push_screen(RulesScreen(rule, ruleset=self.session.ruleset.id))

    def game_over(self) -> None:
        from ahoy_tui.ui.screens.game_over import GameOverScreen

        summary = self.session.ruleset.describe_state(self.session.state) \
            if hasattr(self.session.ruleset, "describe_state") else ""
        self.app.push_screen(GameOverScreen(self.session, summary))


# Naval Battle Rules' parts (entry point ``naval-battle`` in ``ahoy_tui.ui``): the battle screen
# of secret sheets, the ships' roster for cards, the play sheet for orders.
PARTS = BattleParts(screen=NavalBattleScreen, cards=ShipRoster, order_sheet=PlaySheet)
