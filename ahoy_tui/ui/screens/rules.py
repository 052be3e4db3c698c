"""The rules: the project's own summary of each rule, opened at the rule in play.

The topics are listed on the left, in the rulebook's order; the summary of the highlighted one
is on the right. Typing (or ``/``) filters the list by title, then by text. Escape, ``q`` and
``?`` go back to the battle.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, Markdown, OptionList
from textual.widgets.option_list import Option

from ahoy_tui.engine import get_ruleset


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
        self.topics: tuple[Any, ...] = get_ruleset(ruleset).rule_topics()
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
