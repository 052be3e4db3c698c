"""The odds of the choice selected, in one line under the choices (``58% · 1.7 SP``), and the
whole account of them on a key (:class:`OddsScreen`, ``b``).

The screens ask the ruleset's optional ``odds(view, action)`` hook (``engine.odds.Odds``) with
the side's own view of the battle, never the state with its dice to come; :func:`odds_of` does
the asking for every battle screen. The player may turn the odds off (``ahoy_tui.settings``).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ahoy_tui.engine.dice import Rng
from ahoy_tui.engine.fast import replace

KEY = "b"  # the breakdown's key on every battle screen


def side_view(ruleset: Any, state: Any, side: str | None, *, online: bool = False) -> Any:
    """What ``side`` may see of ``state`` (a server sends that already), with no dice in it: the
    odds are worked out from it, so they cannot read the dice to come."""
    view = state if online or side is None else ruleset.view(state, side)
    rng = getattr(view, "rng", None)
    return replace(view, rng=Rng(0)) if isinstance(rng, Rng) else view


def odds_of(ruleset: Any, view: Any, action: Any) -> Any:
    """The ruleset's odds of ``action`` (an ``engine.odds.Odds``), or None: it has no ``odds``
    hook, or the action rolls for nothing, or the hook cannot say."""
    hook = getattr(ruleset, "odds", None)
    if hook is None or action is None:
        return None
    try:
        return hook(view, action)
    except (LookupError, ValueError, AttributeError, AssertionError, StopIteration):
        return None  # a choice the hook cannot read in this view: no odds shown


class OddsLine(Static):
    """One line: the selected choice's odds in short (hidden when there are none)."""

    DEFAULT_CSS = """
    OddsLine { height: 1; padding: 0 1; display: none; color: $text-muted; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.odds: Any = None
        self.label = ""

    def show(self, odds: Any, label: str = "") -> None:
        """Show ``odds`` (None hides the line); ``label`` says what they are of when not the
        choice itself (``at a guess of 16"``)."""
        self.odds = odds
        self.label = label
        self.display = odds is not None
        if odds is None:
            return
        text = Text.assemble(("Odds ", "bold"), (odds.summary, "bold yellow"),
                             (f"  {KEY}: breakdown", "dim italic"))
        if label:  # last: at 80 columns it is what is cut short
            text.append(f"  ({label})", style="dim")
        text.no_wrap = True
        text.overflow = "ellipsis"
        self.update(text)


class OddsScreen(ModalScreen[None]):
    """The whole breakdown of a choice's odds: the roll needed, every modifier, each outcome."""

    DEFAULT_CSS = """
    OddsScreen { align: center middle; }
    OddsScreen > Vertical {
        width: 76; max-width: 100%; height: auto; max-height: 100%; padding: 0 1;
        border: round $accent; background: $surface;
    }
    OddsScreen VerticalScroll { height: auto; max-height: 18; }
    OddsScreen .title { text-style: bold; }
    OddsScreen .hint { color: $text-muted; }
    """
    BINDINGS = [Binding(f"escape,enter,q,{KEY}", "close", "Close")]

    def __init__(self, what: str, odds: Any) -> None:
        super().__init__()
        self.what = what
        self.odds = odds

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Odds: {self.what}", classes="title")
            yield Static(self.odds.summary, id="odds-summary")
            with VerticalScroll():
                yield Static("\n".join(self.odds.breakdown), id="odds-breakdown")
            yield Static("Worked out from every face of the dice, with the modifiers in force "
                         "now. Esc closes.", classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)
