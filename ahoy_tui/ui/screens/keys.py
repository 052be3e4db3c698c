"""F1: every key of the screen in view, the game's own, with what each does.

Textual's help panel lists what the focused widget knows (scrolling, cursor keys); a captain
wants the game's keys, including those the footer has no room for. This lists the bindings the
screen and the widgets in focus declare in this package, then the app's own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

PACKAGE = "ahoy_tui."


def declared(node: DOMNode) -> list[Binding]:
    """The bindings ``node``'s own classes in this package declare (not Textual's), the most
    derived first; a class declared with ``inherit_bindings=False`` drops its bases' keys, as
    Textual does (so a screen that replaces a key is listed with its own)."""
    groups: list[list[Binding]] = []
    for cls in reversed(type(node).__mro__):
        if not (isinstance(cls, type) and issubclass(cls, DOMNode)):
            continue
        if not cls._inherit_bindings:
            groups.clear()
        if cls.__module__.startswith(PACKAGE):
            groups.append(list(Binding.make_bindings(cls.__dict__.get("BINDINGS", ()))))
    return [b for group in reversed(groups) for b in group]


def game_keys(screen: Screen[object]) -> list[tuple[str, str]]:
    """(key, what it does) for the screen in view: the focused widget's keys first, then the
    screen's, then the app's; each key once, hidden ones included."""
    chain: list[DOMNode] = []
    widget = screen.focused
    while widget is not None and widget is not screen:
        if widget.display:
            chain.append(widget)
        widget = widget.parent  # type: ignore[assignment]
    chain += [screen, screen.app]
    rows: list[tuple[str, str]] = []
    seen: set[str] = set()
    for node in chain:
        for binding in declared(node):
            if not binding.description or binding.action in ("keys",):
                continue
            if node is screen and not _offered(screen, binding.action):
                continue  # a key this screen does not have for these rules
            binding = _as_bound(node, binding)
            shown = _keys(screen, binding)
            if shown in seen:
                continue
            seen.add(shown)
            what = binding.description
            if binding.tooltip:
                what = f"{what}: {binding.tooltip}"
            rows.append((shown, what))
    return rows


def _as_bound(node: DOMNode, binding: Binding) -> Binding:
    """``binding`` with the name and help it has on ``node`` now: a screen may name a key in
    the words of the rules played (the tape's ``o``, "Tape from her bow")."""
    for key in binding.key.split(","):
        for live in node._bindings.key_to_bindings.get(key.strip(), ()):
            if live.action == binding.action:
                return replace(binding, description=live.description, tooltip=live.tooltip)
    return binding


def _offered(screen: Screen[object], action: str) -> bool:
    """Whether the screen has ``action`` now (its ``check_action`` does not refuse it)."""
    from textual.actions import parse

    _, name, parameters = parse(action)
    return screen.check_action(name, parameters) is not False


def _keys(screen: Screen[object], binding: Binding) -> str:
    if binding.key_display:
        return binding.key_display
    return "/".join(screen.app.get_key_display(Binding(key, binding.action))
                    for key in binding.key.split(","))


class KeysScreen(ModalScreen[None]):
    """The keys of the screen beneath, in a table; Esc, F1 or q closes it."""

    DEFAULT_CSS = """
    KeysScreen { align: center middle; }
    KeysScreen > VerticalScroll {
        width: 64; max-width: 100%; height: auto; max-height: 90%; padding: 1 2;
        border: thick $primary; background: $surface;
    }
    KeysScreen #keys-title { text-style: bold; margin-bottom: 1; }
    KeysScreen #keys-foot { color: $text-muted; margin-top: 1; }
    """
    BINDINGS = [Binding("escape,f1,q", "close", "Close")]

    def __init__(self, title: str, rows: Iterable[tuple[str, str]]) -> None:
        super().__init__()
        self.heading = title
        self.rows = list(rows)

    def compose(self) -> ComposeResult:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for key, what in self.rows:
            table.add_row(key, what)
        with VerticalScroll():
            yield Static(f"Keys: {self.heading}", id="keys-title")
            yield Static(table, id="keys-table")
            yield Static("ctrl+p: the command palette · F1: this list · Esc closes",
                         id="keys-foot")

    def action_close(self) -> None:
        self.dismiss(None)
