"""The Ahoy TUI app: a title, a new-game form, the battle, the replay viewer, the rules."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from ahoy_tui.ui.screens.title import TitleScreen, latest_save

if TYPE_CHECKING:  # loaded when a battle starts: the title comes up faster without them
    from ahoy_tui.engine import Game
    from ahoy_tui.session import LocalSession


class AhoyApp(App[None]):
    """Tabletop naval battles in a terminal."""

    TITLE = "Ahoy TUI"
    # the title's own: the map's style comes with the map (its DEFAULT_CSS), the guide's with
    # the battle screens (their CSS_PATH), so the first frame parses neither
    CSS_PATH = ["app.tcss"]
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
                Binding("f1", "keys", "Keys", show=False)]
    KEEPS_SETTINGS = True  # the player's settings are read and kept on this machine
    TITLE_FIRST = True  # the title under every other screen (online: the lobby instead)

    def __init__(self, *, session: LocalSession | None = None, replay: Path | None = None,
                 saves: Path | None = None, learn: bool = False,
                 think: float | None = None) -> None:
        super().__init__()
        self.start_learn = learn  # `ahoy learn`: the title, asking which rule system to learn
        self.learn_think = think
        self.start_session = session
        self.start_replay = replay
        self.saves = saves
        from ahoy_tui.settings import show_odds

        # the player's setting (settings.toml); a game held by a server reads none of its files
        self.show_odds = show_odds() if self.KEEPS_SETTINGS else True

    def set_show_odds(self, on: bool, *, quiet: bool = False) -> None:
        """Show or hide the odds of the choices on the battle screens, and keep the setting
        (the computer captains keep their own odds either way)."""
        from ahoy_tui.settings import set_show_odds

        self.show_odds = on
        if self.KEEPS_SETTINGS:
            set_show_odds(on)
        from ahoy_tui.ui.routing import is_battle_screen

        for screen in self.screen_stack:  # the battle under the palette, or under the form
            if is_battle_screen(screen):
                screen.refresh_all()  # type: ignore[attr-defined]
        if not quiet:
            self.notify("The odds are shown before you commit (b: the breakdown)" if on
                        else "The odds are hidden", title="Odds", timeout=3)

    def get_default_screen(self) -> Screen:
        """The title is the app's first screen, composed and drawn in the app's own first
        frame (pushed on mount, it came a frame later, after a blank screen was laid out and
        drawn); everything else is pushed over it."""
        return TitleScreen() if self.TITLE_FIRST else super().get_default_screen()

    def on_mount(self) -> None:
        self.first_screens()

    def first_screens(self) -> None:
        if self.start_session is not None:
            self.start_battle(self.start_session)
            if self.start_session.game.step:  # a battle resumed (`ahoy play --load`)
                self.notify(resumed_words(self.start_session), title="Resumed", timeout=6)
        elif self.start_replay is not None:
            self.open_replay(self.start_replay)
        elif self.start_learn:
            self.action_title_learn()
        else:  # the title is drawn from names alone; the rules come in while it is read
            self.call_after_refresh(self.run_worker, load_the_rules, thread=True,
                                    group="rules", exit_on_error=False)

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """Save the screen as an SVG into a folder that exists (made if need be), and say
        where (Textual's default is a Downloads folder that may not exist)."""
        self.deliver_screenshot(filename, path)

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        """Where the palette's Screenshot (and ``action_screenshot``) lands: the folder the
        README names (``$AHOY_SCREENSHOTS``, else the pictures folder's ``Ahoy TUI``), not
        Textual's Downloads; says where, or why not. Returns the file written."""
        from ahoy_tui.paths import default_screenshots_dir

        folder = Path(path) if path else default_screenshots_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
            written = self.save_screenshot(filename, str(folder), time_format)
        except OSError as exc:
            self.notify(f"No screenshot: {folder}: {exc.strerror or exc}", severity="error",
                        timeout=6)
            return None
        self.notify(f"Screenshot saved to {written}", title="Screenshot", timeout=8)
        return written

    def action_keys(self) -> None:
        """Every key of the screen in view, the game's own (ui/screens/keys.py)."""
        from ahoy_tui.ui.screens.keys import KeysScreen, game_keys

        screen = self.screen
        if isinstance(screen, KeysScreen):
            screen.dismiss(None)
            return
        name = re.sub(r"(?<=[a-z])(?=[A-Z])", " ",
                      type(screen).__name__.removesuffix("Screen")).lower()
        self.push_screen(KeysScreen(name, game_keys(screen)))

    # --- what the title offers ---------------------------------------------------------------
    def action_title_new(self) -> None:
        from ahoy_tui.ui.screens.new_game import NewGameScreen

        self.push_screen(NewGameScreen())

    def action_title_learn(self) -> None:
        """Learn to play: which rule system (the last battle's first), then its guided first
        battle against the easy captain."""
        from ahoy_tui.ui.screens.rules import WhichRules

        def chosen(ruleset: str | None) -> None:
            if ruleset is not None:
                self.start_learning(ruleset)

        self.push_screen(WhichRules(last_ruleset(self.saves), learn=True), chosen)

    def start_learning(self, ruleset: str) -> None:
        from ahoy_tui.engine import SaveError
        from ahoy_tui.session import LEARN_THINK, learn_session

        think = LEARN_THINK if self.learn_think is None else self.learn_think
        try:
            session = learn_session(ruleset, think=think, folder=self.saves)
        except (SaveError, ValueError) as exc:
            self.notify(str(exc), title="Cannot start", severity="error", timeout=8)
            return
        self.start_battle(session)

    def action_title_resume(self) -> None:
        path = latest_save(self.saves)
        if path is not None:
            self.open_battle(path)

    def action_title_load(self) -> None:
        from ahoy_tui.ui.screens.load import LoadScreen

        def chosen(path: Path | None) -> None:
            if path is not None:
                self.open_battle(path)

        self.push_screen(LoadScreen("Load a saved battle", self.saves), chosen)  # --saves DIR

    def action_title_replay(self) -> None:
        from ahoy_tui.ui.screens.load import LoadScreen

        def chosen(path: Path | None) -> None:
            if path is not None:
                self.open_replay(path)

        self.push_screen(LoadScreen("Replay a log", self.saves), chosen)

    def action_title_fleets(self) -> None:
        """Build a fleet: for which rule system asked first, when more than one has fleets."""
        from ahoy_tui.ui.screens.fleet_book import WhichFleets, fleet_screen, with_fleets

        systems = with_fleets()
        if len(systems) == 1:
            self.push_screen(fleet_screen(systems[0].id))
            return

        def chosen(ruleset_id: str | None) -> None:
            if ruleset_id:
                self.push_screen(fleet_screen(ruleset_id))

        self.push_screen(WhichFleets(), chosen)

    def action_title_rules(self) -> None:
        """The rules of a rule system: asked which (the last battle's first), or, with only
        one installed, its own."""
        from ahoy_tui.ui.screens.rules import RulesScreen, WhichRules, readable

        systems = readable()
        if len(systems) == 1:
            self.push_screen(RulesScreen("", ruleset=systems[0].id))
            return

        def chosen(ruleset: str | None) -> None:
            if ruleset is not None:
                self.push_screen(RulesScreen("", ruleset=ruleset))

        self.push_screen(WhichRules(last_ruleset(self.saves)), chosen)

    def action_title_quit(self) -> None:
        self.exit()

    # --- opening battles ---------------------------------------------------------------------
    def start_battle(self, session: LocalSession) -> None:
        """Open the battle screen of the session's rules."""
        from ahoy_tui.ui.routing import battle_screen

        self.push_screen(battle_screen(session))

    def open_battle(self, path: Path) -> None:
        from ahoy_tui.engine import SaveError
        from ahoy_tui.session import LocalSession
        from ahoy_tui.ui.parts import drawable, no_table_words

        try:
            session = LocalSession.load(path)
        except SaveError as exc:
            self.notify(str(exc), title="Cannot load", severity="error", timeout=8)
            return
        if not drawable(session.ruleset):
            self.notify(no_table_words(session.ruleset), title="Cannot show", severity="error",
                        timeout=10)
            return
        self.start_battle(session)
        self.notify(resumed_words(session), title="Resumed", timeout=6)

    def open_replay(self, path: Path) -> None:
        from ahoy_tui.engine import SaveError, load_game
        from ahoy_tui.ui.parts import drawable, no_table_words
        from ahoy_tui.ui.screens.replay import ReplayScreen

        try:
            game = load_game(path)
        except SaveError as exc:
            self.notify(str(exc), title="Cannot replay", severity="error", timeout=8)
            return
        if not drawable(game.ruleset):
            self.notify(no_table_words(game.ruleset), title="Cannot show", severity="error",
                        timeout=10)
            return
        self.push_screen(ReplayScreen(game, path=Path(path)))

    def replay_game(self, game: Game, path: Path | None = None) -> None:
        from ahoy_tui.ui.screens.replay import ReplayScreen

        self.push_screen(ReplayScreen(game, path=path))

    # --- the command palette -----------------------------------------------------------------
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        from ahoy_tui.ui.routing import is_battle_screen

        if is_battle_screen(screen):
            yield SystemCommand("Undo", "Take back your last decision (u)", screen.action_undo)
            yield SystemCommand("Redo", "Give back what the undo took, the same dice (ctrl+r)",
                                screen.action_redo)
            yield SystemCommand("Save", "Save the battle (s)", screen.action_save)
            yield SystemCommand("Save as…", "Save the battle to a new file in the saves folder",
                                screen.action_save_as)
            yield SystemCommand("Rules", "The rule in play (?)", screen.action_rules)
            yield SystemCommand("Centre on the selected ship", "(c)", screen.action_centre)
            yield SystemCommand("Toggle the dice log", "(e)", screen.action_toggle_log)
            yield SystemCommand("Filter the dice log", "all / dice / big events (g)",
                                screen.action_log_filter)
        if self.show_odds:
            yield SystemCommand("Odds: hide them", "Hide the odds of the choices before you "
                                "commit (kept in your settings)",
                                lambda: self.set_show_odds(False))
        else:
            yield SystemCommand("Odds: show them", "Show the odds of the choices before you "
                                "commit, b for the breakdown (kept in your settings)",
                                lambda: self.set_show_odds(True))
        if is_battle_screen(screen) and hasattr(screen, "action_odds"):
            yield SystemCommand("Odds: the breakdown", "Every modifier and outcome of the "
                                "selected choice's odds (b)", screen.action_odds)


def load_the_rules() -> None:
    """Import every rule system (the registry's lock makes the first caller's import the one
    every other waits for), so New game, Load and Rules open at once."""
    from ahoy_tui.engine import rulesets

    rulesets()


def last_ruleset(folder: Path | None = None) -> str | None:
    """The rule system of the last battle saved (the one the title offers to resume)."""
    import json

    path = latest_save(folder)
    if path is None:
        return None
    try:
        ruleset = json.loads(path.read_text("utf-8")).get("ruleset")
    except (OSError, ValueError, AttributeError):
        return None
    return ruleset if isinstance(ruleset, str) else None


def resumed_words(session: LocalSession) -> str:
    """Who plays what in a resumed battle, so nobody finds a captain gone without a word."""
    if not session.remembered:
        return ("This save is from before saves kept who played each side: you play every "
                "side, and undo is casual.")
    state = session.state
    parts = []
    for side in session.game.ruleset.sides:
        name = state.side_name(side) if hasattr(state, "side_name") else side
        captain = session.captains.get(side)
        parts.append(f"{name}: the {captain.level} captain" if captain else f"{name}: you")
    return "; ".join(parts) + f". Undo is {session.policy}."
