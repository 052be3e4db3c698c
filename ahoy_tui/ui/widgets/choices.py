"""The phase prompt: what the rules ask for now, and the legal choices to answer it.

:class:`PhasePrompt` shows the prompt (and a refusal, with the rule that refused it).
:class:`ChoiceList` lists the legal actions, numbered; a choice that needs a number (how far to
sail, a guessed range) opens :class:`ValuePicker`, which previews the value on the map.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ahoy_tui.engine.legal import ActionRange


class PhasePrompt(Static):
    """Turn, side, phase and what the rules ask for, in plain words."""

    _shown: tuple[str, str, str] | None = None

    def show(self, prompt: str, *, refusal: str = "", waiting: str = "") -> None:
        if (prompt, refusal, waiting) == self._shown:
            return  # unchanged: no repaint
        self._shown = (prompt, refusal, waiting)
        text = Text(prompt, style="bold")
        if waiting:
            text.append(f"\n{waiting}", style="italic")
        if refusal:
            text.append(f"\nRefused: {refusal}", style="bold red")
        self.update(text, layout=False)  # its height is fixed (battle.tcss)


class ChoiceList(OptionList):
    """The legal choices, numbered 1-9 for the number keys."""

    BINDINGS = [Binding(str(n), f"pick({n})", show=False) for n in range(1, 10)] + [
        Binding("space", "select", "Choose", show=False)]

    class Picked(Message):
        """A choice was made: ``choice`` is an action or an :class:`ActionRange`."""

        def __init__(self, choice: Any) -> None:
            super().__init__()
            self.choice = choice

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._choices: list[Any] = []
        self._labels: list[str] | None = None

    def show(self, choices: Sequence[tuple[str, Any]]) -> None:
        labels = [label for label, _ in choices]
        self._choices = [choice for _, choice in choices]
        if labels == self._labels:
            return  # the same choices: keep the list (and the highlight) as it is
        self._labels = labels
        self.clear_options()
        self.add_options([
            Option(Text.assemble((f"{i} " if i <= 9 else "  ", "bold"), label))
            for i, (label, _) in enumerate(choices, start=1)])
        if choices:
            self.highlighted = 0

    def action_pick(self, number: int) -> None:
        if 1 <= number <= len(self._choices):
            self.post_message(self.Picked(self._choices[number - 1]))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Picked(self._choices[event.option_index]))


class ValuePicker(Static, can_focus=True):
    """Choose a whole number in a range: ←/→ (or -/+) by one, PgUp/PgDn by five, digits to type
    it, Enter to confirm, Esc to back out."""

    BINDINGS = [
        Binding("left,minus,h", "change(-1)", "Less"),
        Binding("right,plus,equals_sign,l", "change(1)", "More"),
        Binding("pagedown", "change(-5)", "-5", show=False),
        Binding("pageup", "change(5)", "+5", show=False),
        Binding("enter,space", "confirm", "Confirm"),
        Binding("escape", "cancel", "Back"),
    ] + [Binding(str(d), f"digit({d})", show=False) for d in range(10)]

    value: reactive[int] = reactive(1)

    class Changed(Message):
        def __init__(self, value: int) -> None:
            super().__init__()
            self.value = value

    class Chosen(Message):
        def __init__(self, action: Any) -> None:
            super().__init__()
            self.action = action

    class Cancelled(Message):
        pass

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.choice: ActionRange | None = None
        self.describe: Callable[[Any], str] = str
        self._typed = ""

    def ask(self, choice: ActionRange, describe: Callable[[Any], str],
            start: int | None = None) -> None:
        """Ask for a value of ``choice``; ``describe`` says what an action means."""
        self.choice = choice
        self.describe = describe
        self._typed = ""
        value = start if start is not None else (choice.low + choice.high + 1) // 2
        self.value = max(choice.low, min(choice.high, value))
        self._render_value()
        self.post_message(self.Changed(self.value))

    def watch_value(self, value: int) -> None:
        self._render_value()

    def _render_value(self) -> None:
        if self.choice is None:
            return
        text = Text.assemble(("» ", "bold"), (self.describe(self.choice.at(self.value)),
                                             "bold reverse"),
                             (f"  ({self.choice.low}-{self.choice.high})", "dim"),
                             ("  ←/→ change · type a number · Enter confirm · Esc back",
                              "dim italic"))
        self.update(text)

    def action_change(self, delta: int) -> None:
        if self.choice is None:
            return
        self._typed = ""
        self.value = max(self.choice.low, min(self.choice.high, self.value + delta))
        self.post_message(self.Changed(self.value))

    def action_digit(self, digit: int) -> None:
        if self.choice is None:
            return
        typed = self._typed + str(digit)
        if int(typed) > self.choice.high:
            typed = str(digit)
        self._typed = typed
        self.value = max(self.choice.low, min(self.choice.high, int(typed)))
        self.post_message(self.Changed(self.value))

    def action_confirm(self) -> None:
        if self.choice is not None:
            self.post_message(self.Chosen(self.choice.at(self.value)))

    def action_cancel(self) -> None:
        self.post_message(self.Cancelled())
