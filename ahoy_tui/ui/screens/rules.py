"""The rules: the project's own summary of each rule, opened at the rule in play.

The topics are listed on the left, in the rulebook's order; the summary of the highlighted one
is on the right. Typing (or ``/``) filters the list by title, then by text. Escape, ``q`` and
``?`` go back to the battle.

From the title screen, where no battle says whose rules are meant, :class:`WhichRules` asks
first: every installed rule system with rules to read, the one of the last battle played (the
one "Resume" offers) highlighted, so Enter opens the rules most likely wanted.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, Label, Markdown, OptionList
from textual.widgets.option_list import Option

from ahoy_tui.engine import get_ruleset, rulesets


def topic_index(topics: tuple[Any, ...], rule: str) -> int | None:
    """The topic for a rule name the engine cites: an exact title or Also name first, then the
    name without its trailing " (…)"."""
    exact = rule.strip().lower()
    for i, topic in enumerate(topics):
        if exact in (topic.title.lower(), *(a.lower() for a in topic.also)):
            return i
    return next((i for i, t in enumerate(topics) if t.matches(rule)), None)


class RulesScreen(Screen[None]):
    CSS_PATH = "rules.tcss"
    BINDINGS = [Binding("escape,q,question_mark", "back", "Back"),
                Binding("slash", "filter", "Filter")]

    def __init__(self, rule: str = "", ruleset: str = "ahoy") -> None:
        super().__init__()
        self.rule = rule
        rules = get_ruleset(ruleset)
        self.rules_title = str(rules.title)
        self.topics: tuple[Any, ...] = rules.rule_topics()
        self.opened = topic_index(self.topics, rule) if rule else None
        self.current = self.opened or 0

    def compose(self) -> ComposeResult:
        with Horizontal(id="rules-body"):
            with Vertical(id="rules-side"):
                yield Input(placeholder="Filter topics  (/)", id="filter", select_on_focus=False)
                yield OptionList(id="topics")
            with VerticalScroll(id="page"):
                yield Markdown(id="text")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.rules_title  # whose rules these are
        self.query_one("#filter", Input).border_title = self.rules_title
        self.fill("")
        self.query_one("#topics", OptionList).focus()

    # --- the list -----------------------------------------------------------------------

    def shown(self, query: str) -> list[int]:
        """Topic indexes for a filter: title and Also matches first, then matches in the text."""
        query = query.strip().lower()
        if not query:
            return list(range(len(self.topics)))
        named = [i for i, t in enumerate(self.topics)
                 if query in t.title.lower() or any(query in a.lower() for a in t.also)]
        texts = [i for i, t in enumerate(self.topics)
                 if i not in named and query in t.text.lower()]
        return named + texts

    def fill(self, query: str) -> None:
        menu = self.query_one("#topics", OptionList)
        indexes = self.shown(query)
        menu.clear_options()
        menu.add_options([Option(self.topics[i].title, id=str(i)) for i in indexes])
        if not indexes:
            self.query_one(Markdown).update(f"*No topic mentions “{query.strip()}”.*")
            return
        keep = self.current if self.current in indexes else indexes[0]
        menu.highlighted = indexes.index(keep)
        self.show(keep)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.fill(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_one("#topics", OptionList).focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None:
            self.show(int(event.option.id))

    def on_key(self, event: events.Key) -> None:
        """Typing a letter on the topic list starts filtering (``q`` still goes back)."""
        menu = self.query_one("#topics", OptionList)
        char = event.character or ""
        if menu.has_focus and len(char) == 1 and char.isalnum() and char != "q":
            box = self.query_one("#filter", Input)
            box.focus()
            box.insert_text_at_cursor(char)
            event.stop()
            event.prevent_default()

    # --- the page -----------------------------------------------------------------------

    def show(self, index: int) -> None:
        self.current = index
        topic = self.topics[index]
        cited = ""
        if index == self.opened and self.rule.strip().lower() != topic.title.lower():
            cited = f"*In play: {self.rule}*\n\n"
        self.query_one(Markdown).update(f"# {topic.title}\n\n{cited}{topic.text}")
        self.query_one("#page", VerticalScroll).scroll_home(animate=False)

    def action_filter(self) -> None:
        self.query_one("#filter", Input).focus()

    def action_back(self) -> None:
        self.app.pop_screen()


def readable() -> list[Any]:
    """The installed rule systems that have rules to read (a ``rule_topics`` hook)."""
    return [r for r in rulesets() if callable(getattr(r, "rule_topics", None))]


class WhichRules(ModalScreen[str | None]):
    """Whose rules to read, asked on the title screen: each rule system by its title, the one
    of the last battle (``last``, a ruleset id) highlighted first. Dismissed with its id."""

    DEFAULT_CSS = """
    WhichRules { align: center middle; }
    WhichRules > Vertical {
        width: 60; height: auto; max-height: 90%; padding: 1 2; border: thick $accent;
        background: $surface;
    }
    WhichRules Label { width: 100%; }  /* the question wraps, never cut at the edge */
    WhichRules OptionList { height: auto; max-height: 12; margin-top: 1; }
    """
    BINDINGS = [Binding("escape,q", "back", "Back")]

    def __init__(self, last: str | None = None, *, learn: bool = False) -> None:
        super().__init__()
        self.learn = learn  # Learn to play: the rule systems with a guided first battle
        if learn:
            from ahoy_tui.session import learnable

            self.systems: list[Any] = learnable()
        else:
            self.systems = readable()
        ids = [r.id for r in self.systems]
        self.start = ids.index(last) if last in ids else 0
        self.last = last

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("[b]Learn to play[/b]: which rule system? A guided first battle "
                        "against the easy captain." if self.learn
                        else "[b]Rules[/b]: which rule system?")
            yield OptionList(*(Option(f"{r.title}{'  (your last battle)' * (r.id == self.last)}",
                                      id=r.id) for r in self.systems), id="systems")

    def on_mount(self) -> None:
        menu = self.query_one("#systems", OptionList)
        menu.highlighted = self.start
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_back(self) -> None:
        self.dismiss(None)
