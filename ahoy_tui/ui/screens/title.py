"""The title: new game, learn to play, resume, load, replay, fleets, rules, quit."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ahoy_tui.paths import default_saves_dir

BANNER = r"""
    _    _                 _
   / \  | |__   ___  _   _| |
  / _ \ | '_ \ / _ \| | | | |
 / ___ \| | | | (_) | |_| |_|
/_/   \_\_| |_|\___/ \__, (_)
                     |___/
"""


TAGLINE = "Tabletop naval battles in a terminal"


def latest_save(folder: Path | None = None) -> Path | None:
    folder = folder or default_saves_dir()
    try:
        saves = [p for p in folder.glob("*.json") if p.is_file()]
    except OSError:
        return None
    return max(saves, key=lambda p: p.stat().st_mtime, default=None)


def tagline() -> str:
    """What the game plays: every rule system installed, by its title."""
    from ahoy_tui.engine.catalogue import catalogue

    titles = [entry.title for entry in catalogue()]  # the names only: no rules imported
    joined = ", ".join(titles[:-1]) + " and " + titles[-1] if len(titles) > 1 else "".join(titles)
    return f"{TAGLINE} — {joined}"


class TitleScreen(Screen[None]):
    # Its own style as default CSS, not a CSS_PATH: a screen's CSS file makes Textual parse
    # every style sheet of the app again when the screen is first shown (the title's first
    # frame waited on it), while a widget's default CSS is parsed alone, once.
    DEFAULT_CSS = """
    TitleScreen { align: center middle; }
    TitleScreen #title-box { width: 64; height: auto; border: round $accent; padding: 0 2; }
    TitleScreen #banner { color: $accent; width: 100%; content-align: center middle; }
    TitleScreen #tagline { color: $foreground 70%; margin-bottom: 1; }
    TitleScreen #menu { height: auto; border: none; }
    """
    BINDINGS = [Binding("n", "choose('new')", "New game"),
                Binding("p", "choose('learn')", "Learn to play"),
                Binding("l", "choose('load')", "Load"),
                Binding("r", "choose('replay')", "Replay"),
                Binding("f", "choose('fleets')", "Fleets"),
                Binding("question_mark", "choose('rules')", "Rules"),
                Binding("q", "choose('quit')", "Quit")]

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(Text(BANNER, style="bold"), id="banner")
            # the rule systems' names come just after the first frame (reading them means
            # finding the installed packages' entry points: tens of milliseconds)
            yield Static(TAGLINE, id="tagline")
            yield OptionList(id="menu")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_menu()
        self.call_after_refresh(self.name_the_rule_systems)

    def name_the_rule_systems(self) -> None:
        self.query_one("#tagline", Static).update(tagline())

    def on_screen_resume(self) -> None:
        self.refresh_menu()

    def refresh_menu(self) -> None:
        menu = self.query_one("#menu", OptionList)
        menu.clear_options()
        menu.add_option(Option("New game", id="new"))
        latest = latest_save()
        if latest is not None:  # a returning player's likeliest choice: second, as it was
            menu.add_option(Option(f"Resume the last battle ({latest.name})", id="resume"))
        menu.add_option(Option("Learn to play: a guided first battle", id="learn"))
        menu.add_option(Option("Load a saved battle", id="load"))
        menu.add_option(Option("Replay a log", id="replay"))
        menu.add_option(Option("Fleets: buy or build your own", id="fleets"))
        menu.add_option(Option("Rules", id="rules"))
        menu.add_option(Option("Quit", id="quit"))
        menu.highlighted = 0
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option.id or "")

    def action_choose(self, what: str) -> None:
        action = getattr(self.app, f"action_title_{what}", None)
        if action is not None:
            action()
