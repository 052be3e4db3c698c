"""The replay viewer: step through a saved battle, and take over from any moment.

The screen only reads the game (``state_at``, ``events_at``, ``action_at``): it never moves the
game's cursor, so the replayed file is never written. Taking over builds a new game from the
actions up to the step shown and saves it to a new file.

When the rules have deck battlemaps (a ``deck_scene`` hook, as ACKS II has), ``d`` turns the map
to the decks laid at the step shown (a man a letter, the selected man's sheet in a line beneath)
and back; stepping redraws them, and the map comes back when no deck is laid any more.
"""

from __future__ import annotations

from bisect import bisect_right
from pathlib import Path
from typing import Any

import attrs
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ahoy_tui.engine import Game, GameState, SaveError
from ahoy_tui.session import LocalSession, new_save_path
from ahoy_tui.ui.parts import parts_for
from ahoy_tui.ui.routing import table_scene, wind_words
from ahoy_tui.ui.screens.deck_view import DeckView
from ahoy_tui.ui.widgets.choices import PhasePrompt
from ahoy_tui.ui.widgets.deck_map import DeckMap
from ahoy_tui.ui.widgets.dice_log import DiceLog
from ahoy_tui.ui.widgets.hex_map import HexMap
from ahoy_tui.ui.widgets.record_cards import ShipCards
from ahoy_tui.ui.widgets.sea_map import SeaMap
from ahoy_tui.ui.widgets.status_bar import StatusBar, standing_of

SPEEDS = (2.0, 1.0, 0.5, 0.25, 0.1)  # seconds between steps when playing
SIDE_COLOURS = {"p1": "blue", "p2": "red"}
STEP = Binding.Group("Step", compact=True)
TURN = Binding.Group("Turn")
ENDS = Binding.Group("Start/end")
SPEED = Binding.Group("Speed", compact=True)
KEYS = "←/→ PgUp/PgDn Home/End · space {play} ({speed:g} s a step, +/-) · t take over · q close"
NO_DECK = "No deck is laid at this step"


class ReplayScreen(DeckView, Screen[None]):
    """Step through a saved battle; ``t`` takes over from the step shown."""

    NO_DECK = NO_DECK
    DECKS_GONE = f"{NO_DECK}: back to the map"

    CSS_PATH = ["replay.tcss", "../widgets/deck_map.tcss"]
    # Priority, so that the map (←/→ pan, - zoom) and the log (Home/End, PgUp/PgDn scroll)
    # do not swallow the replay's keys when they have the focus.
    BINDINGS = [
        Binding("left", "step(-1)", "Back", group=STEP, priority=True),
        Binding("right", "step(1)", "Forward", group=STEP, priority=True),
        Binding("pageup", "turn(-1)", "Turn back", key_display="PgUp", group=TURN,
                priority=True),
        Binding("pagedown", "turn(1)", "Turn on", key_display="PgDn", group=TURN,
                priority=True),
        Binding("home", "start", "Start", key_display="Home", group=ENDS, priority=True),
        Binding("end", "end", "End", key_display="End", group=ENDS, priority=True),
        Binding("space", "toggle_play", "Play/pause", priority=True),
        Binding("plus,equals_sign", "speed(1)", "Faster", key_display="+", group=SPEED,
                priority=True),
        Binding("minus", "speed(-1)", "Slower", key_display="-", group=SPEED, priority=True),
        Binding("t", "take_over", "Take over"),
        # share the battle: a recording, the screen at this step, an after-action report
        Binding("x", "export", "Share", show=False,
                tooltip="a recording, a picture of this step, or an after-action report"),
        # only with rules that lay decks (check_action hides it otherwise)
        Binding("d", "deck", "Deck",
                tooltip="the deck battlemaps of a boarding (5' squares), or the map again"),
        Binding("c", "centre", "Centre", show=False),
        Binding("escape,q", "leave", "Close", key_display="q"),
    ]

    def __init__(self, game: Game, path: Path | None = None, *, step: int = 0,
                 speed: float = 1.0) -> None:
        super().__init__()
        self.game = game
        self.path = path
        self.step = max(0, min(game.last_step, step))
        self.speed = min(SPEEDS, key=lambda s: abs(s - speed))
        self.selected: str | None = None
        self.playing = False
        self._timer: Timer | None = None
        self._logged: int | None = None  # the step the log shows events up to
        turns = [getattr(game.state_at(s), "turn", 0) for s in range(game.last_step + 1)]
        # The first step of each game turn, and of each side's part of it (the turn list).
        self.turn_starts = [s for s in range(len(turns)) if s == 0 or turns[s] != turns[s - 1]]
        self.entries: list[int] = []
        previous: tuple[Any, Any] | None = None
        for s in range(len(turns)):
            state = game.state_at(s)
            key = (turns[s], getattr(state, "active", None))
            if key != previous:
                self.entries.append(s)
                previous = key

    # --- layout -----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            yield parts_for(self.game.ruleset).map(id="map")  # inches or hexes
            if self.has_decks:
                yield DeckMap(id="deck-map")
            with Vertical(id="side"):
                yield OptionList(*self._turn_options(), id="turns")
                # the ruleset's own record cards (Naval Battle: every ship's, sheets once shown)
                yield parts_for(self.game.ruleset).cards(id="cards")
                yield DiceLog(id="log")
        if self.has_decks:
            yield Static(id="deck-sheet")
        with Vertical(id="bottom"):
            yield PhasePrompt(id="prompt")
        yield Footer()

    def _turn_options(self) -> list[Option]:
        options = []
        for s in self.entries:
            state = self.game.state_at(s)
            active = getattr(state, "active", "")
            side = state.side_name(active) if active and hasattr(state, "side_name") else active
            who = f" · {side}" if side else ""  # (Naval Battle turns have no active side)
            options.append(Option(f"Turn {getattr(state, 'turn', 0)}{who} · step {s}",
                                  id=str(s)))
        return options

    def on_mount(self) -> None:
        self.query_one("#turns", OptionList).border_title = "Turns"
        log = self.query_one("#log", DiceLog)
        log.border_title = "Dice and events"
        log.min_width = 20  # wrap to the column, not to RichLog's default 78
        state = self.game.state_at(self.step)
        ships = getattr(state, "ships", ())
        self.selected = ships[0].id if ships else None
        self.show()
        self.call_after_refresh(self.action_centre)
        self.query_one("#turns", OptionList).focus()

    def on_unmount(self) -> None:
        self.pause()

    # --- showing the step -------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.game.state_at(self.step)

    def show(self) -> None:
        state = self.state
        ruleset = self.game.ruleset
        self.query_one("#map").show(  # type: ignore[attr-defined]
            table_scene(ruleset, state, self.selected), self.selected)
        self.query_one("#cards").show(ruleset.cards(state), self.selected)  # type: ignore[attr-defined]
        side = state.to_act or getattr(state, "active", "p1")
        phase = getattr(state, "phase", "")
        phase = "battle over" if state.over else str(getattr(phase, "value", phase))
        self.query_one(StatusBar).show(
            title=f"Replay: {self.game.scenario.title}", turn=getattr(state, "turn", 0),
            side=state.side_name(side) if hasattr(state, "side_name") else side,
            phase=phase.replace("_", " "), wind=wind_words(ruleset, state), step=self.step,
            side_colour=SIDE_COLOURS.get(side, "white"),
            turn_limit=getattr(state, "turn_limit", 0), score=standing_of(ruleset, state),
            turn_word=getattr(ruleset, "turn_word", "turn"))
        if self.deck_on:
            self.redraw_deck()
        self._show_log()
        self._show_prompt()
        turns = self.query_one("#turns", OptionList)
        index = bisect_right(self.entries, self.step) - 1
        if turns.highlighted != index:
            turns.highlighted = index

    def _show_log(self) -> None:
        log = self.query_one(DiceLog)
        if self._logged is not None and self.step == self._logged + 1:
            log.add((self.step, e) for e in self.game.events_at(self.step))
        elif self.step != self._logged:
            log.reset((s, e) for s in range(self.step + 1) for e in self.game.events_at(s))
        self._logged = self.step
        log.scroll_end(animate=False)

    def describe_step(self, step: int) -> str:
        """What made this step: 'p1: Harpy: ahead 6"'."""
        if step == 0:
            return "the set-up"
        before = self.game.state_at(step - 1)
        action = self.game.action_at(step)
        words = self.game.ruleset.describe_action(before, action)
        return f"{before.to_act}: {words}"

    def _show_prompt(self) -> None:
        state = self.state
        text = f"Step {self.step} of {self.game.last_step} · {self.describe_step(self.step)}"
        if state.over and state.result:
            text += f"\n{state.result}"
        keys = KEYS.format(play="pause" if self.playing else "play", speed=self.speed)
        if self.has_decks:
            keys = keys.replace(" · q close", " · d decks · q close")
        self.query_one(PhasePrompt).show(text, waiting=keys)

    # --- moving -----------------------------------------------------------------------------
    def goto(self, step: int) -> None:
        step = max(0, min(self.game.last_step, step))
        if step != self.step:
            self.step = step
            self.show()

    def action_step(self, delta: int) -> None:
        self.goto(self.step + delta)

    def action_start(self) -> None:
        self.goto(0)

    def action_end(self) -> None:
        self.goto(self.game.last_step)

    def action_turn(self, delta: int) -> None:
        """To the first step of the next game turn, or of the previous one."""
        index = bisect_right(self.turn_starts, self.step) - 1  # the turn shown
        if delta > 0:
            target = (self.turn_starts[index + 1] if index + 1 < len(self.turn_starts)
                      else self.game.last_step)
        else:
            target = self.turn_starts[max(0, index - 1)]
        self.goto(target)

    @on(OptionList.OptionSelected, "#turns")
    def turn_chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.goto(int(event.option.id))

    # --- playing ----------------------------------------------------------------------------
    def action_toggle_play(self) -> None:
        if self.playing:
            self.pause()
        else:
            self.play()
        self._show_prompt()

    def play(self) -> None:
        if self.step >= self.game.last_step:
            self.goto(0)
        self.playing = True
        self._restart_timer()

    def pause(self) -> None:
        self.playing = False
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _restart_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_interval(self.speed, self._tick)

    def _tick(self) -> None:
        if not self.playing:
            return
        if self.step < self.game.last_step:
            self.goto(self.step + 1)
        if self.step >= self.game.last_step:
            self.pause()
            self._show_prompt()

    def action_speed(self, faster: int) -> None:
        index = SPEEDS.index(self.speed) + (1 if faster > 0 else -1)
        self.speed = SPEEDS[max(0, min(len(SPEEDS) - 1, index))]
        if self.playing:
            self._restart_timer()
        self._show_prompt()

    # --- ships ------------------------------------------------------------------------------
    @on(SeaMap.Clicked)
    @on(HexMap.Clicked)
    def map_clicked(self, event: SeaMap.Clicked | HexMap.Clicked) -> None:
        if event.ship is not None:
            self.select(event.ship)

    @on(ShipCards.Selected)
    def card_selected(self, event: ShipCards.Selected) -> None:
        self.select(event.ship)
        self.action_centre()

    def select(self, ship: str) -> None:
        self.selected = ship
        self.show()

    def action_centre(self) -> None:
        if self.deck_on:
            self.centre_on_man()
            return
        if self.selected:
            self.query_one("#map").centre_on_ship(self.selected)  # type: ignore[attr-defined]

    # --- the deck battlemaps (``DeckView``) ---------------------------------------------------
    def deck_source(self) -> tuple[Any, Any]:
        return self.game.ruleset, self.state

    def deck_closed(self) -> None:
        self.call_after_refresh(self.action_centre)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``d`` only with rules that lay decks: otherwise it is out of the footer and does
        nothing."""
        if action == "deck":
            return self.has_decks
        return True

    # --- taking over ------------------------------------------------------------------------
    def take_over_game(self) -> Game:
        """A new game: this one's actions up to the step shown, the present at that step."""
        step = self.step
        record = self.game.record()
        record = attrs.evolve(record, actions=record.actions[:step],
                              hashes=record.hashes[:step + 1], cursor=step)
        return Game.from_record(record, trust=True)

    def action_take_over(self) -> None:
        """Ask who plays each side from here (as the battle was played, to begin with), then
        start the new battle."""
        from ahoy_tui.ui.screens.take_over import TakeOverScreen

        self.pause()
        state = self.state
        sides = {side: state.side_name(side) if hasattr(state, "side_name") else side
                 for side in self.game.ruleset.sides}

        def chosen(answer: dict[str, Any] | None) -> None:
            if answer is not None:
                self.take_over(answer["players"], answer["policy"])

        self.app.push_screen(TakeOverScreen(self.step, sides, self.game.players,
                                            self.game.policy), chosen)

    def take_over(self, players: dict[str, str], policy: str) -> None:
        try:
            game = self.take_over_game()
            folder = getattr(self.app, "saves", None)
            session = LocalSession.resume(game, new_save_path(game, folder), policy=policy,
                                          players=players)
        except (ValueError, SaveError, OSError) as exc:
            self.notify(str(exc), title="Cannot take over", severity="error", timeout=8)
            return
        self.app.notify(f"Taking over at step {self.step}: saved as {session.path.name}",
                        title="New battle", timeout=6)
        app = self.app
        app.pop_screen()
        self._leave_the_finished_battle()
        start = getattr(app, "start_battle", None)
        if callable(start):
            start(session)
        else:
            from ahoy_tui.ui.routing import battle_screen

            app.push_screen(battle_screen(session))

    def _leave_the_finished_battle(self) -> None:
        """Under a replay opened from a battle's game over lies that battle, over: the battle
        taken over replaces it too, so quitting the new one goes back to where the player came
        from (the title), not to the old battle's last map. Not if it has unsaved changes:
        then quitting it still asks about them."""
        from ahoy_tui.ui.routing import is_battle_screen

        app = self.app
        while len(app.screen_stack) > 1 and is_battle_screen(app.screen):
            session = getattr(app.screen, "session", None)
            if (session is None or getattr(session, "game", None) is not self.game
                    or getattr(session, "dirty", False)):
                return
            app.pop_screen()

    def action_export(self) -> None:
        """Share the battle (``ui/screens/export.py``): the picture is of the step shown."""
        from ahoy_tui.ui.screens.export import offer_exports

        self.pause()
        offer_exports(self, self.game, self.path, step=self.step)

    def action_leave(self) -> None:
        self.pause()
        self.app.pop_screen()
