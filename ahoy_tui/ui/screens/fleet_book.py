"""Buy a fleet from a rule system's catalogue: one screen for every rule system with a fleet book.

The settings the fleet is bought under on the left (its name, and the book's own: Man O' War's
race, points, Wizard and cards) with the points left and each allowance; the catalogue and the
fleet bought in the middle (Enter buys the highlighted entry, x takes a line out, 1-9 buy or take
back an extra for it); the highlighted entry's card as the battle shows it on the right, and
under it every rule the fleet does not keep yet, the rule named. Everything shown is asked of
the ruleset's ``fleet_book`` (``engine/fleet_book.py``): this screen holds no rules.

The title's Fleets asks which rule system first (:class:`WhichFleets`); a rule system whose
fleets are designed ship by ship (Ahoy!'s ``fleets``) opens its design form instead.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from ahoy_tui.engine import fleet_book, get_ruleset, rulesets
from ahoy_tui.engine.fleet_book import Entry, Fleet, Pick
from ahoy_tui.ui.screens.confirm import ConfirmScreen


def with_fleets() -> list[Any]:
    """The rule systems a fleet can be built for, in the lists' order."""
    return [r for r in rulesets()
            if getattr(r, "fleet_book", None) is not None or getattr(r, "fleets", None)]


def fleet_screen(ruleset_id: str, folder: Path | None = None) -> Screen[None]:
    """The fleet screen of a rule system: its fleet book's, or its own design form."""
    ruleset: Any = get_ruleset(ruleset_id)
    book = getattr(ruleset, "fleet_book", None)
    if book is not None:
        return FleetBookScreen(book, folder=folder)
    from ahoy_tui.ui.screens.fleet import FleetScreen

    return FleetScreen(folder=folder)


class WhichFleets(ModalScreen[str | None]):
    """Whose fleet to build: each rule system that has fleets, by its title."""

    DEFAULT_CSS = """
    WhichFleets { align: center middle; }
    WhichFleets > Vertical {
        width: 60; height: auto; max-height: 90%; padding: 1 2; border: thick $accent;
        background: $surface;
    }
    WhichFleets OptionList { height: auto; max-height: 12; margin-top: 1; }
    """
    BINDINGS = [Binding("escape,q", "back", "Back")]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("[b]Fleets[/b]: for which rule system?")
            yield OptionList(*(Option(r.title, id=r.id) for r in with_fleets()), id="systems")

    def on_mount(self) -> None:
        self.query_one("#systems", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_back(self) -> None:
        self.dismiss(None)


class BookPicker(ModalScreen[Any]):
    """Choose one of a rule system's saved fleets (a file that cannot be read says why)."""

    DEFAULT_CSS = """
    BookPicker { align: center middle; }
    BookPicker > Vertical { width: 70; max-width: 100%; height: auto; max-height: 90%;
                            border: round $accent; padding: 0 1; background: $surface; }
    BookPicker OptionList { height: auto; max-height: 16; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, book: Any, folder: Path | None = None) -> None:
        super().__init__()
        self.found = fleet_book.saved(book.ruleset, folder)
        self.where = fleet_book.fleets_dir(book.ruleset, folder)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"Load a fleet — from {self.where}")
            menu = OptionList(id="saved-fleets")
            for index, (path, fleet) in enumerate(self.found):
                if isinstance(fleet, Fleet):
                    menu.add_option(Option(Text(f"{fleet.name} ({path.name})"), id=str(index)))
                else:
                    menu.add_option(Option(Text(str(fleet)), id=str(index), disabled=True))
            if not self.found:
                menu.add_option(Option("No saved fleets yet", disabled=True))
            yield menu

    def on_mount(self) -> None:
        self.query_one("#saved-fleets", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        fleet = self.found[int(event.option.id or 0)][1]
        self.dismiss(fleet if isinstance(fleet, Fleet) else None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class FleetBookScreen(Screen[None]):
    """Buy, check, save and load a fleet by a rule system's fleet book."""

    DEFAULT_CSS = """
    #book-row { height: 1fr; }
    #book-side { width: 34; padding: 0 1; border-right: vkey $foreground 20%; }
    #book-side Label, #book-lists Label { color: $accent; }
    #book-side Select { margin-bottom: 0; }
    #book-lists { width: 1fr; padding: 0 1; }
    #catalogue { height: 1fr; }
    #picks { height: 1fr; }
    #book-right { width: 1fr; padding: 0 1; border-left: vkey $foreground 20%; }
    #book-tally { height: auto; margin-top: 1; }
    #pick-fields { height: auto; max-height: 45%; overflow-y: auto; }
    #pick-fields Horizontal { height: auto; }
    #pick-fields Label { width: 18; padding-top: 1; }
    #pick-fields Select { width: 1fr; }
    """
    BINDINGS = [
        Binding("x,delete", "remove", "Take out"),
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+o", "load", "Load"),
        Binding("escape", "back", "Back"),
        *(Binding(str(n), f"extra({n})", f"Extra {n}", show=False) for n in range(1, 10)),
    ]

    def __init__(self, book: Any, fleet: Fleet | None = None,
                 folder: Path | None = None) -> None:
        super().__init__()
        self.book = book
        self.fleet = fleet or book.new()
        self.folder = folder
        self.saved_as: Path | None = None
        self.clean = self.fleet
        self.shown: Entry | None = None  # the entry whose card is shown
        self.fields_for: tuple[int, str] | None = None  # the pick whose fields are shown

    # --- the form -----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="book-row"):
            with VerticalScroll(id="book-side"):
                yield Label(f"{self.book.title}: fleet name")
                yield Input(self.fleet.name, id="book-name", max_length=fleet_book.MAX_NAME)
                for setting in self.book.settings(self.fleet):
                    yield Label(setting.label)
                    yield Select(list(setting.choices), allow_blank=False,
                                 value=self.fleet.settings.get(setting.key, setting.default),
                                 id=f"setting-{setting.key}", classes="setting")
                yield Static(id="book-tally")
            with Vertical(id="book-lists"):
                yield Label("Catalogue (Enter buys)")
                yield OptionList(id="catalogue")
                yield Label("The fleet (x takes out; 1-9 an extra)")
                yield OptionList(id="picks")
                yield Vertical(id="pick-fields")
            with VerticalScroll(id="book-right"):
                yield Static(id="book-card")
                yield Static(id="book-checks")
        yield Footer()

    def on_mount(self) -> None:
        self.fill()
        self.query_one("#catalogue", OptionList).focus()

    # --- showing it ---------------------------------------------------------------------------
    def catalogue(self) -> tuple[Entry, ...]:
        return tuple(self.book.catalogue(self.fleet))

    @property
    def unit(self) -> str:
        """What the book counts in: points, action points, gp."""
        return str(getattr(self.book, "unit", "points"))

    def short_unit(self) -> str:
        return "pts" if self.unit == "points" else self.unit

    def line_cost(self, index: int) -> int | None:
        """What one line of the fleet costs, as the book reckons it (its entry's cost if the
        book does not say)."""
        pick = self.fleet.picks[index]
        own = getattr(self.book, "pick_cost", None)
        if own is not None:
            return int(own(self.fleet, pick))
        entry = fleet_book.entry_of(self.catalogue(), pick.entry)
        return None if entry is None else entry.cost

    def fill(self) -> None:
        """The catalogue and the fleet's lines afresh, then the points and the checks."""
        menu = self.query_one("#catalogue", OptionList)
        at = menu.highlighted or 0
        menu.clear_options()
        kinds = dict(getattr(self.book, "kinds", ()))
        for entry in self.catalogue():
            cost = f"from {entry.cost}" if entry.fields and getattr(
                self.book, "pick_cost", None) else str(entry.cost)
            text = Text.assemble((entry.name, "bold"), f" · {cost} {self.short_unit()}",
                                 (f" · {kinds.get(entry.kind, entry.kind)}", "dim"))
            menu.add_option(Option(text, id=entry.key))
        if menu.option_count:
            menu.highlighted = min(at, menu.option_count - 1)
        self.fill_picks()

    def fill_picks(self, at: int | None = None) -> None:
        menu = self.query_one("#picks", OptionList)
        keep = menu.highlighted if at is None else at
        menu.clear_options()
        checks = self.book.check(self.fleet)
        for index, pick in enumerate(self.fleet.picks):
            entry = fleet_book.entry_of(self.catalogue(), pick.entry)
            wrong = any(c.pick == index and c.level == fleet_book.ERROR for c in checks)
            text = Text.assemble(("✗ " if wrong else "✓ ", "bold red" if wrong else "green"),
                                 (entry.name if entry else pick.entry, "bold"))
            if entry:
                text.append(f" · {self.line_cost(index)} {self.short_unit()}")
                names = {x.key: x.name for x in entry.extras}
                if pick.extras:
                    text.append(" + " + ", ".join(names.get(x, x) for x in pick.extras),
                                style="cyan")
            menu.add_option(Option(text, id=str(index)))
        if menu.option_count:
            menu.highlighted = max(0, min(keep or 0, menu.option_count - 1))
        self.refresh_checks(checks)

    def refresh_checks(self, checks: list[Any] | None = None) -> None:
        checks = self.book.check(self.fleet) if checks is None else checks
        bill = fleet_book.tally_of(self.book, self.fleet)
        tally = Text()
        tally.append(f"{self.unit.capitalize()} left {bill.left}",
                     style="bold red" if bill.left < 0 else "bold")
        tally.append(f" ({bill.spent} of {bill.total})")
        for name, used, allowed in bill.allowances:
            tally.append(f"\n{name.capitalize()}: {used} of {allowed}")
        note = getattr(self.book, "note", None)
        if note is not None and note(self.fleet):
            tally.append(f"\n\n{note(self.fleet)}", style="italic")
        if self.saved_as is not None:
            tally.append(f"\n\nsaved as {self.saved_as.name}", style="dim")
        self.query_one("#book-tally", Static).update(tally)
        text = Text()
        errors = [c for c in checks if c.level == fleet_book.ERROR]
        text.append("Still wanted:\n" if errors else "", style="bold")
        for check in checks:
            error = check.level == fleet_book.ERROR
            text.append(f"{'✗' if error else '!'} {check.text} ", style="bold red" if error
                        else "bold yellow")
            text.append(f"({check.rule})\n", style="dim")
        if not checks:
            text.append("✓ The fleet keeps the rules: ctrl+s saves it.", style="green")
        self.query_one("#book-checks", Static).update(text)
        self.show_card()

    def show_card(self, entry: Entry | None = None) -> None:
        entry = entry or self.shown or next(iter(self.catalogue()), None)
        self.shown = entry
        text = Text()
        if entry is not None:
            least = "from " if entry.fields and getattr(self.book, "pick_cost", None) else ""
            text.append(f"{entry.name} · {least}{entry.cost} {self.short_unit()}\n",
                        style="bold")
            drawn = self.draw_preview(entry)
            if drawn is not None:
                text.append_text(drawn)
            else:
                for line in entry.card:
                    text.append(f"  {line}\n")
            for number, extra in enumerate(entry.extras, 1):
                cost = f" ({extra.cost} {self.short_unit()})" if extra.cost else ""
                text.append(f"  {number}: {extra.name}{cost}\n", style="cyan")
        self.query_one("#book-card", Static).update(text)

    def draw_preview(self, entry: Entry) -> Text | None:
        """The entry's record card drawn as the battle screen draws it, if the rules have one."""
        if entry.preview is None:
            return None
        from ahoy_tui.ui.parts import parts_for

        draw = getattr(parts_for(self.book.ruleset).cards, "draw_card", None)
        if draw is None:
            return None
        try:
            result = draw(entry.preview, expanded=True, selected=False)
        except (AttributeError, KeyError, TypeError):
            return None
        return result if isinstance(result, Text) else None

    # --- edits --------------------------------------------------------------------------------
    def change(self, fleet: Fleet, at: int | None = None) -> None:
        lines = len(self.fleet.picks)
        self.fleet = fleet
        if len(fleet.picks) != lines:
            self.fields_for = None  # shown afresh for the line highlighted now
            self.call_later(self.show_fields_of_highlighted)
        self.fill_picks(at)

    async def show_fields_of_highlighted(self) -> None:
        menu = self.query_one("#picks", OptionList)
        index = menu.highlighted
        if index is None or index >= len(self.fleet.picks):
            await self.show_fields(None, None)
            return
        await self.show_fields(index, fleet_book.entry_of(self.catalogue(),
                                                          self.fleet.picks[index].entry))

    @on(Input.Changed, "#book-name")
    def renamed(self, event: Input.Changed) -> None:
        if event.value != self.fleet.name:
            self.fleet = attrs.evolve(self.fleet, name=event.value)
            self.refresh_checks()

    @on(Select.Changed, ".setting")
    def setting_changed(self, event: Select.Changed) -> None:
        key = (event.select.id or "").removeprefix("setting-")
        value = str(event.value)
        if self.fleet.settings.get(key) == value:
            return
        self.fleet = attrs.evolve(self.fleet, settings={**self.fleet.settings, key: value})
        self.shown = None
        self.fields_for = None
        self.fill()
        self.call_later(self.show_fields_of_highlighted)

    @on(OptionList.OptionHighlighted, "#catalogue")
    def entry_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_card(fleet_book.entry_of(self.catalogue(), event.option.id or ""))

    @on(OptionList.OptionHighlighted, "#picks")
    async def pick_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        index = int(event.option.id or 0)
        if index < len(self.fleet.picks):
            entry = fleet_book.entry_of(self.catalogue(), self.fleet.picks[index].entry)
            self.show_card(entry)
            await self.show_fields(index, entry)

    async def show_fields(self, index: int | None, entry: Entry | None) -> None:
        """The choices of the highlighted line (her size, her guns…), as the book asks them."""
        key = None if index is None or entry is None else (index, entry.key)
        if key == self.fields_for:
            return
        self.fields_for = key
        box = self.query_one("#pick-fields", Vertical)
        await box.remove_children()
        if index is None or entry is None or not entry.fields:
            return
        pick = self.fleet.picks[index]
        rows = []
        for spec in entry.fields:
            value = pick.option(entry, spec.key)
            choices = list(spec.choices)
            if value not in [v for _, v in choices]:
                choices.append((value, value))
            rows.append(Horizontal(Label(spec.label),
                                   Select(choices, value=value, allow_blank=False,
                                          id=f"field-{spec.key}", classes="pick-field")))
        await box.mount_all(rows)

    @on(Select.Changed, ".pick-field")
    def field_changed(self, event: Select.Changed) -> None:
        if self.fields_for is None:
            return
        index, _ = self.fields_for
        if index >= len(self.fleet.picks):
            return
        pick = self.fleet.picks[index]
        entry = fleet_book.entry_of(self.catalogue(), pick.entry)
        key = (event.select.id or "").removeprefix("field-")
        value = str(event.value)
        if entry is None or pick.option(entry, key) == value:
            return
        picks = list(self.fleet.picks)
        picks[index] = attrs.evolve(pick, options={**pick.options, key: value})
        self.change(attrs.evolve(self.fleet, picks=tuple(picks)), at=index)

    @on(OptionList.OptionSelected, "#catalogue")
    def bought(self, event: OptionList.OptionSelected) -> None:
        self.buy(event.option.id or "")

    def buy(self, key: str) -> None:
        entry = fleet_book.entry_of(self.catalogue(), key)
        if entry is None:
            return
        if len(self.fleet.picks) >= fleet_book.MAX_PICKS:
            self.notify(f"A fleet has at most {fleet_book.MAX_PICKS} lines.", severity="warning")
            return
        picks = (*self.fleet.picks, Pick(key))
        self.change(attrs.evolve(self.fleet, picks=picks), at=len(picks) - 1)
        bill = fleet_book.tally_of(self.book, self.fleet)
        self.notify(f"{entry.name} bought: {bill.left} {self.unit} left", timeout=2)

    def current_pick(self) -> int | None:
        menu = self.query_one("#picks", OptionList)
        if self.focused is not menu or menu.highlighted is None:
            return None
        return menu.highlighted if menu.highlighted < len(self.fleet.picks) else None

    def action_remove(self) -> None:
        index = self.current_pick()
        if index is None:
            return
        picks = list(self.fleet.picks)
        del picks[index]
        self.change(attrs.evolve(self.fleet, picks=tuple(picks)), at=index)

    def action_extra(self, number: int) -> None:
        """Buy (or take back) the highlighted line's extra of that number."""
        index = self.current_pick()
        if index is None:
            return
        pick = self.fleet.picks[index]
        entry = fleet_book.entry_of(self.catalogue(), pick.entry)
        if entry is None or number > len(entry.extras):
            self.notify("That line takes no such extra.", severity="warning", timeout=2)
            return
        key = entry.extras[number - 1].key
        extras = tuple(x for x in pick.extras if x != key) if key in pick.extras else (
            *pick.extras, key)
        picks = list(self.fleet.picks)
        picks[index] = attrs.evolve(pick, extras=extras)
        self.change(attrs.evolve(self.fleet, picks=tuple(picks)), at=index)

    def action_save(self) -> None:
        try:
            path = fleet_book.save(self.book, self.fleet, self.folder)
        except fleet_book.FleetBookError as exc:
            self.notify(str(exc), title="Not saved", severity="error", timeout=8)
            return
        self.saved_as = path
        self.clean = self.fleet
        self.notify(f"Saved {self.fleet.name} to {path}", title="Fleet saved")
        self.refresh_checks()

    def action_load(self) -> None:
        def chosen(fleet: Any) -> None:
            if isinstance(fleet, Fleet):
                self.load(fleet)

        self.app.push_screen(BookPicker(self.book, self.folder), chosen)

    def load(self, fleet: Fleet) -> None:
        self.fleet = fleet
        self.clean = fleet
        self.saved_as = fleet_book.fleet_path(fleet, self.folder)
        with self.prevent(Input.Changed, Select.Changed):
            self.query_one("#book-name", Input).value = fleet.name
            for setting in self.book.settings(fleet):
                value = fleet.settings.get(setting.key, setting.default)
                if value in [v for _, v in setting.choices]:
                    self.query_one(f"#setting-{setting.key}", Select).value = value
        self.shown = None
        self.fields_for = None
        self.fill()
        self.call_later(self.show_fields_of_highlighted)

    def action_back(self) -> None:
        if isinstance(self.focused, Select) and self.focused.has_class("pick-field"):
            self.query_one("#picks", OptionList).focus()
            return
        if isinstance(self.focused, (Input, Select)):
            self.query_one("#catalogue", OptionList).focus()
            return
        if self.fleet == self.clean:
            self.app.pop_screen()
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.app.pop_screen()

        self.app.push_screen(ConfirmScreen("The fleet has unsaved changes. Leave it anyway?"),
                             answered)
