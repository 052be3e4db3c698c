"""The rules: the project's own summary of each rule, opened at the rule in play."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Markdown, OptionList
from textual.widgets.option_list import Option

from ahoy_tui.rules.ahoy.summaries import summaries


class RulesScreen(Screen[None]):
    DEFAULT_CSS = """
    RulesScreen #topics { width: 34; height: 100%; }
    RulesScreen Markdown { width: 1fr; height: 100%; padding: 0 2; overflow-y: auto; }
    """
    BINDINGS = [Binding("escape,q,question_mark", "back", "Back")]

    def __init__(self, rule: str) -> None:
        super().__init__()
        self.rule = rule
        self.topics = summaries()

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield OptionList(*[Option(t.title, id=str(i)) for i, t in enumerate(self.topics)],
                             id="topics")
            yield Markdown(id="text")
        yield Footer()

    def on_mount(self) -> None:
        index = next((i for i, t in enumerate(self.topics) if t.matches(self.rule)), 0)
        menu = self.query_one("#topics", OptionList)
        menu.highlighted = index
        menu.focus()
        self.show(index)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show(int(event.option.id or 0))

    def show(self, index: int) -> None:
        topic = self.topics[index]
        self.query_one(Markdown).update(f"# {topic.title}\n\n{topic.text}")

    def action_back(self) -> None:
        self.app.pop_screen()
