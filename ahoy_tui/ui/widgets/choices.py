"""The phase prompt: what the rules ask for now, and the legal choices to answer it.

:class:`PhasePrompt` shows the prompt (and a refusal, with the rule that refused it).
:class:`ChoiceList` lists the legal actions, numbered; a choice that needs a number (how far to
sail, a guessed range, how many hands to sail her) opens :class:`ValuePicker`, which previews
the value on the map. :func:`collapse` folds a run of actions that differ only in one number
(twelve crew plans, thirteen points along the edge) into one :class:`NumberChoice` row.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any, Self

import attrs
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ahoy_tui.engine.legal import ActionRange

FOLD_AT = 3  # a run of this many actions differing in one number becomes one row


@attrs.frozen
class NumberChoice:
    """Every action equal to ``template`` except ``field``, which takes one of ``values``
    (ascending; not always a run without gaps: a point along the edge may be taken)."""

    template: Any
    field: str
    values: tuple[int, ...]

    @classmethod
    def of(cls, r: ActionRange) -> NumberChoice:
        return cls(r.template, r.field, tuple(range(r.low, r.high + 1)))

    @property
    def low(self) -> int:
        return self.values[0]

    @property
    def high(self) -> int:
        return self.values[-1]

    def at(self, value: int) -> Any:
        return attrs.evolve(self.template, **{self.field: value})

    def nearest(self, value: int) -> int:
        """The allowed value nearest ``value`` (the lower one on a tie)."""
        return min(self.values, key=lambda v: (abs(v - value), v))

    def step(self, value: int, by: int) -> int:
        """``by`` allowed values on from ``value`` (kept within the ends)."""
        i = self.values.index(self.nearest(value))
        return self.values[max(0, min(len(self.values) - 1, i + by))]


def _number_fields(action: Any) -> list[str]:
    if not attrs.has(type(action)):
        return []
    return [f.name for f in attrs.fields(type(action))
            if type(getattr(action, f.name)) is int]


def collapse(actions: Sequence[Any]) -> list[Any]:
    """The actions, with each run that differs only in one whole-number field folded into one
    :class:`NumberChoice` (of :data:`FOLD_AT` or more), in the order first met. Of an action's
    number fields, the one that leaves the fewest rows is folded."""
    by_type: dict[type, list[Any]] = {}
    for action in actions:
        by_type.setdefault(type(action), []).append(action)
    folded: dict[int, Any] = {}  # id of an action -> its row (a NumberChoice, or itself)
    for kind, group in by_type.items():
        if len(group) < FOLD_AT:
            continue
        best: dict[tuple[Any, ...], list[Any]] | None = None
        best_field = ""
        for name in _number_fields(group[0]):
            runs: dict[tuple[Any, ...], list[Any]] = {}
            for action in group:
                key = tuple(getattr(action, f.name) for f in attrs.fields(kind)
                            if f.name != name)
                runs.setdefault(key, []).append(action)
            if best is None or len(runs) < len(best):
                best, best_field = runs, name
        if best is None or len(best) >= len(group):
            continue
        for run in best.values():
            if len(run) < FOLD_AT:
                continue
            values = tuple(sorted({getattr(a, best_field) for a in run}))
            row = NumberChoice(attrs.evolve(run[0], **{best_field: values[0]}), best_field,
                               values)
            for action in run:
                folded[id(action)] = row
    out: list[Any] = []
    placed: set[int] = set()
    for action in actions:
        row = folded.get(id(action), action)
        if id(row) in placed:
            continue
        placed.add(id(row))
        out.append(row)
    return out


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


PAGE = 9  # the number keys reach nine choices at a time


class ChoiceList(OptionList):
    """The legal choices, numbered 1-9 for the number keys, nine at a time.

    More than nine: the rows are numbered 1-9 again in each block of nine, and a number key
    picks in the block the highlight is in (↑/↓ and PgUp/PgDn move it; the block in use is
    numbered in bold, the others dim). The choice the rules call "done" (the ruleset's
    ``choice_key`` of ``0``: end the phase) also answers ``0``, wherever it lies.

    A choice made (a number key, Enter, a click) goes to the owner's ``take`` at once, while
    the key is being read, when the owner gives one: a value picker it opens then has the focus
    before the next key is read, so "1 5 Enter" typed in one go is the 5 it says (as a
    ``Picked`` message the 5 and the Enter were read by the list, the picker not yet open).
    Without a ``take`` it posts ``Picked``.
    """

    BINDINGS = [Binding(str(n), f"pick({n})", show=False) for n in range(10)] + [
        Binding("space", "select", "Choose", show=False)]

    class Picked(Message):
        """A choice was made: ``choice`` is an action or an :class:`ActionRange`."""

        def __init__(self, choice: Any) -> None:
            super().__init__()
            self.choice = choice

    _lines_only = False  # inside _update_lines: a layout asked for is only the virtual size

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._choices: list[Any] = []
        self._labels: list[str] | None = None
        self.zero: int | None = None  # the index of the choice key 0 plays
        self._page = 0
        self.take: Callable[[Any], None] | None = None  # the owner's: a choice made, at once

    def on_resize(self) -> None:
        # a row given to the odds line (or taken back) must not hide the highlighted choice
        if self.highlighted is not None:
            self.scroll_to_highlight()

    def show(self, choices: Sequence[tuple[str, Any]], zero: int | None = None) -> None:
        """List ``choices`` (label, choice); ``zero`` is the index of the one ``0`` plays."""
        labels = [label for label, _ in choices]
        self._choices = [choice for _, choice in choices]
        self.zero = zero if zero is not None and 0 <= zero < len(choices) else None
        if labels == self._labels:
            return  # the same choices: keep the list (and the highlight) as it is
        self._labels = labels
        self._page = 0
        self.set_options(self._rows())  # one pass: clearing and adding apart would lay out
        if choices:                          # twice
            self.highlighted = 0

    def _rows(self) -> list[Option]:
        paged = len(self._labels or ()) > PAGE
        out = []
        for i, label in enumerate(self._labels or ()):
            number = f"{i % PAGE + 1} "
            style = "bold" if not paged or i // PAGE == self._page else "dim"
            out.append(Option(Text.assemble((number, style), label)))
        return out

    @property
    def page(self) -> int:
        """The block of nine the number keys pick in: the highlight's."""
        return (self.highlighted or 0) // PAGE

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        labels = self._labels or []
        if len(labels) <= PAGE or highlighted is None or self.page == self._page:
            return
        self._page = self.page  # the block in use numbered in bold, the others dim
        for index, option in enumerate(self._rows()):
            self.replace_option_prompt_at_index(index, option.prompt)

    def _update_lines(self) -> None:
        """New options change what scrolls inside the list, not its size (its height is fixed,
        battle.tcss): so they repaint it alone. Textual would lay the whole screen out for its
        new virtual size; only a scrollbar coming or going needs that here."""
        bars = (self.show_vertical_scrollbar, self.show_horizontal_scrollbar)
        self._lines_only = True
        try:
            super()._update_lines()
        finally:
            self._lines_only = False
        if (self.show_vertical_scrollbar, self.show_horizontal_scrollbar) != bars:
            self.refresh(layout=True)

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        if layout and self._lines_only and self.styles.height is not None \
                and self.styles.height.is_cells:
            layout = False
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def action_pick(self, number: int) -> None:
        """A number key: ``0`` the choice that ends the phase, 1-9 a choice of the nine in the
        block the highlight is in."""
        if number == 0:
            if self.zero is not None:
                self._chosen(self._choices[self.zero])
            return
        index = self.page * PAGE + number - 1
        if 1 <= number <= PAGE and index < len(self._choices):
            self._chosen(self._choices[index])

    def pick_row(self, index: int) -> None:
        """Play the row at ``index`` (Enter on the highlight)."""
        if 0 <= index < len(self._choices):
            self._chosen(self._choices[index])

    def action_select(self) -> None:
        """Enter (or a click) on the highlighted row: chosen at once, not by a message."""
        if self.highlighted is not None:
            self.pick_row(self.highlighted)

    def _chosen(self, choice: Any) -> None:
        if self.take is not None:
            self.take(choice)
        else:
            self.post_message(self.Picked(choice))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._chosen(self._choices[event.option_index])


class ValuePicker(Static, can_focus=True):
    """Choose a whole number in a range: ←/→ (or -/+) by one, PgUp/PgDn by five, digits to type
    it (Backspace takes one back), Enter to confirm, Esc to back out.

    A number typed is taken only if the rules allow it: one they do not (150 on a 0-120 by 30
    range) is refused with the bounds, stays on the line in red until Backspace or an arrow
    clears it, and Enter confirms nothing meanwhile; it never becomes another value. The picker
    remembers what it was opened for (``asked_for``, the state its choice was offered in), so
    the screen can close a picker whose decision is no longer asked and drop its Enter.

    Its owner may take the answer at once (``take(action, asked_for)``, ``back()``), while the
    Enter or Esc is read: the keys typed after it then go where the answer leads (the next
    choices), not to a picker about to close. Without them it posts ``Chosen``/``Cancelled``.
    """

    BINDINGS = [
        Binding("left,minus,h", "change(-1)", "Less"),
        Binding("right,plus,equals_sign,l", "change(1)", "More"),
        Binding("pagedown", "change(-5)", "-5", show=False),
        Binding("pageup", "change(5)", "+5", show=False),
        Binding("enter,space", "confirm", "Confirm"),
        Binding("escape", "cancel", "Back"),
        Binding("backspace", "backspace", "Unsay a digit", show=False),
    ] + [Binding(str(d), f"digit({d})", show=False) for d in range(10)]

    value: reactive[int] = reactive(1)

    class Changed(Message):
        def __init__(self, value: int) -> None:
            super().__init__()
            self.value = value

    class Chosen(Message):
        def __init__(self, action: Any, asked_for: object = None) -> None:
            super().__init__()
            self.action = action
            self.asked_for = asked_for  # what the picker was opened for (ValuePicker.ask)

    class Cancelled(Message):
        pass

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.choice: NumberChoice | None = None
        self.describe: Callable[[Any], str] = str
        self.asked_for: object = None
        self._typed = ""
        self._untyped = 0
        self.take: Callable[[Any, object], None] | None = None  # the owner's: chosen, at once
        self.back: Callable[[], None] | None = None  # and backed out of

    def ask(self, choice: NumberChoice | ActionRange, describe: Callable[[Any], str],
            start: int | None = None, asked_for: object = None) -> None:
        """Ask for a value of ``choice``; ``describe`` says what an action means; ``asked_for``
        is what the choice was offered for (the battle's state), given back with the choice."""
        if isinstance(choice, ActionRange):
            choice = NumberChoice.of(choice)
        self.choice = choice
        self.describe = describe
        self.asked_for = asked_for
        self._typed = ""
        value = start if start is not None else (choice.low + choice.high + 1) // 2
        self.value = choice.nearest(value)
        self._render_value()
        self.post_message(self.Changed(self.value))

    def watch_value(self, value: int) -> None:
        self._render_value()

    def span(self) -> str:
        """What the rules allow, in a few words: 1-10, -3 to 3, 0-120 by 30, 2 4 7."""
        if self.choice is None:
            return ""
        span = (f"{self.choice.low} to {self.choice.high}" if self.choice.low < 0
                else f"{self.choice.low}-{self.choice.high}")
        values = self.choice.values
        steps = {b - a for a, b in pairwise(values)}
        if len(steps) == 1 and steps != {1}:  # a run in even steps: a speed in 30' steps
            span = f"{span} by {steps.pop()}"
        elif len(values) != self.choice.high - self.choice.low + 1:
            span = " ".join(str(v) for v in values)
        return span

    def refused(self) -> str:
        """Why the number typed cannot be taken ("" when none is typed, or it may be)."""
        if not self._typed or self.choice is None or int(self._typed) in self.choice.values:
            return ""
        return f"{int(self._typed)} is not allowed: {self.span()}"

    def _render_value(self, refused: str = "") -> None:
        """The value, the bounds, and the number typed on its way or refused (``refused``:
        the number Enter has just refused, cleared for a new one)."""
        if self.choice is None:
            return
        text = Text.assemble(("» ", "bold"), (self.describe(self.choice.at(self.value)),
                                             "bold reverse"),
                             (f"  ({self.span()})", "dim"))
        if refused:
            text.append(f"  refused: {refused}; type another", style="bold red")
        elif self._typed and self.refused():
            if self._may_grow(self._typed):
                text.append(f"  typed {self._typed}…", style="bold yellow")
            else:
                text.append(f"  {self.refused()} (Backspace)", style="bold red")
        text.append("  ←/→ change · type a number · Enter confirm · Esc back",
                    style="dim italic")
        self.update(text)

    def _may_grow(self, typed: str) -> bool:
        """Whether more digits could make ``typed`` an allowed value (12 on the way to 120)."""
        return self.choice is not None and any(
            v > 0 and str(v).startswith(typed) and str(v) != typed for v in self.choice.values)

    def action_change(self, delta: int) -> None:
        if self.choice is None:
            return
        self._typed = ""
        self.value = self.choice.step(self.value, delta)
        self._render_value()
        self.post_message(self.Changed(self.value))

    def action_digit(self, digit: int) -> None:
        """A digit of the number being typed: taken when the rules allow the number, else
        shown as typed (on its way to one they allow), or refused with the bounds."""
        if self.choice is None:
            return
        if not self._typed:
            self._untyped = self.value  # what a refused number leaves it at
        self._typed += str(digit)
        self._take_typed()

    def action_backspace(self) -> None:
        if self.choice is None or not self._typed:
            return
        self._typed = self._typed[:-1]
        self._take_typed()

    def _take_typed(self) -> None:
        assert self.choice is not None
        typed = self._typed
        if typed and int(typed) in self.choice.values and int(typed) != self.value:
            self.value = int(typed)
            self.post_message(self.Changed(self.value))
        elif typed and not self._may_grow(typed) and self.refused():
            self.app.bell()
            if self.value != self._untyped:  # not the 1 on the way to a refused 15
                self.value = self._untyped
                self.post_message(self.Changed(self.value))
        self._render_value()

    def action_confirm(self) -> None:
        if self.choice is None:
            return
        refused = self.refused()
        if refused:  # never another value than the one typed
            self.app.bell()
            self.notify(f"Refused: {refused}", severity="warning", timeout=3)
            # the refusal said, the next digits start a new number (not "2401…" onto the 240);
            # a number on its way (the 9 of 90) stays for its next digit
            if not self._may_grow(self._typed):
                self._typed = ""
                self._render_value(refused)
            return
        if self.take is not None:
            self.take(self.choice.at(self.value), self.asked_for)
        else:
            self.post_message(self.Chosen(self.choice.at(self.value), self.asked_for))

    def action_cancel(self) -> None:
        if self.back is not None:
            self.back()
        else:
            self.post_message(self.Cancelled())
