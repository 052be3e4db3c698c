"""Build a fleet: its ships' size, propulsion, fittings, guns, crew and missiles, checked as you go.

The ship list is on the left (a mark for a ship with a problem), the chosen ship's fields on the
right. Above them, always in view, what the rules ask of her: Minimum Crew, the gun crews of each
mount, the crew to sail her and fight a broadside, and every problem in words; a field with a
problem is marked where it is. The checks are :mod:`ahoy_tui.rules.ahoy.fleet`'s; this screen
holds no rules.
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
from textual.widget import Widget
from textual.widgets import (
    Button,
    Checkbox,
    Footer,
    Input,
    Label,
    OptionList,
    Select,
    Static,
)
from textual.widgets.option_list import Option

from ahoy_tui.engine import rulesets
from ahoy_tui.ui.screens.confirm import ConfirmScreen

CHANGES = (Input.Changed, Select.Changed, Checkbox.Changed)


def kit() -> Any:
    """Fleet building, as the ruleset that offers it has it (Ahoy!: ``rules/ahoy/fleet.py``)."""
    return next(r.fleets for r in rulesets() if getattr(r, "fleets", None) is not None)


def crew_profiles() -> list[str]:
    """Profiles counted in a crew (the captain is a yes or no of his own)."""
    return [key for key, _, _ in kit().profiles() if key != "captain"]


def profile_name(profile: str) -> str:
    return next((name for key, name, _ in kit().profiles() if key == profile), profile)


def new_design(number: int) -> Any:
    """A ship to start from: a Medium sailing ship with a gun each side, crew enough for both."""
    return kit().ShipDesign(f"Ship {number}", "medium",
                            guns=(kit().GunDesign("naval_cannon", "port"),
                                  kit().GunDesign("naval_cannon", "starboard")),
                            crew={"sailor": 9})


class GunRow(Horizontal):
    """One gun: its weapon, its mount, and a button that takes it off."""

    def __init__(self, index: int, gun: Any) -> None:
        super().__init__(classes="gun-row")
        self.index = index
        self.gun = gun

    def compose(self) -> ComposeResult:
        yield Label(f"{self.index + 1}.", classes="gun-number")
        weapons = kit().weapon_choices()
        known = self.gun.weapon in [key for _, key in weapons]
        yield Select(weapons if known else [*weapons, (self.gun.weapon, self.gun.weapon)],
                     value=self.gun.weapon, allow_blank=False, classes="weapon")
        yield Select([(m.title(), m) for m in kit().MOUNTS], value=self.gun.mount,
                     allow_blank=False, classes="mount")
        yield Button("✕", classes="drop", tooltip="Take this gun off")


class FleetPicker(ModalScreen[Any]):
    """Choose one of the saved fleets (a file that cannot be read is shown, and why)."""

    DEFAULT_CSS = """
    FleetPicker { align: center middle; }
    FleetPicker > Vertical { width: 70; max-width: 100%; height: auto; max-height: 90%;
                             border: round $accent; padding: 0 1; background: $surface; }
    FleetPicker OptionList { height: auto; max-height: 16; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, folder: Path | None = None) -> None:
        super().__init__()
        self.found = kit().saved(folder)
        self.folder = folder or kit().fleets_dir()

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"Load a fleet — from {self.folder}")
            menu = OptionList(id="saved-fleets")
            for index, (path, fleet) in enumerate(self.found):
                if isinstance(fleet, kit().Fleet):
                    menu.add_option(Option(Text(f"{fleet.name} ({len(fleet.ships)} ships)"),
                                           id=str(index)))
                else:
                    menu.add_option(Option(Text(f"{path.name}: {fleet}"), id=str(index),
                                           disabled=True))
            if not self.found:
                menu.add_option(Option("No saved fleets yet", disabled=True))
            yield menu

    def on_mount(self) -> None:
        menu = self.query_one("#saved-fleets", OptionList)
        usable = [i for i, (_, f) in enumerate(self.found) if isinstance(f, kit().Fleet)]
        if usable:
            menu.highlighted = usable[0]
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        fleet = self.found[int(event.option.id or 0)][1]
        self.dismiss(fleet if isinstance(fleet, kit().Fleet) else None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class FleetScreen(Screen[None]):
    """Build, check, save and load a fleet."""

    CSS_PATH = "fleet.tcss"
    BINDINGS = [
        Binding("a", "add_ship", "Add ship"),
        Binding("c", "copy_ship", "Copy ship"),
        Binding("delete", "remove_ship", "Remove"),
        Binding("x", "remove_ship", "Remove ship", show=False),
        Binding("g", "add_gun", "Add gun"),
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+o", "load", "Load"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, fleet: Any = None, folder: Path | None = None) -> None:
        super().__init__()
        fleet = fleet or kit().Fleet("New fleet", (new_design(1),))
        self.fleet_name = fleet.name
        self.designs: list[Any] = list(fleet.ships)
        self.current = 0
        self.folder = folder
        self.saved_as: Path | None = None
        self.clean = self.fleet()  # as last saved or loaded: leaving asks first if it differs

    # --- the form -----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="fleet-row"):
            with Vertical(id="fleet-side"):
                yield Label("Fleet name")
                yield Input(self.fleet_name, id="fleet-name", max_length=kit().MAX_NAME)
                yield Label("Ships")
                yield OptionList(id="ships")
                yield Static(id="fleet-status")
            with Vertical(id="ship-side"):
                with VerticalScroll(id="checks-box"):
                    yield Static(id="checks")
                with VerticalScroll(id="editor"):
                    yield Label("Name")
                    yield Input(id="ship-name", max_length=kit().MAX_NAME)
                    with Horizontal(classes="pair"):
                        with Vertical():
                            yield Label("Size")
                            yield Select(kit().size_choices(), allow_blank=False, id="size")
                        with Vertical():
                            yield Label("Propulsion")
                            yield Select([(p.title(), p) for p in kit().PROPULSION],
                                         allow_blank=False, id="propulsion")
                    with Horizontal(classes="ticks"):
                        yield Checkbox("Ironclad", id="ironclad")
                        yield Checkbox("Ram", id="ram")
                        yield Checkbox("Captain", id="captain")
                    yield Label("Crew (models of each kind)")
                    with Horizontal(classes="pair"):
                        for profile in crew_profiles():
                            with Vertical():
                                yield Label(f"{profile_name(profile)}s")
                                yield Input(id=f"crew-{profile}", restrict=r"[0-9]*",
                                            max_length=3, classes="crew")
                    yield Label("Missile weapons (every model of the kind carries one)")
                    with Horizontal(classes="pair"):
                        missiles = [("None", ""), *kit().missile_choices()]
                        for profile, name, _ in kit().profiles():
                            with Vertical():
                                yield Label(f"{name}s")
                                yield Select(missiles, allow_blank=False,
                                             id=f"missile-{profile}", classes="missile")
                    yield Label("Guns (g adds one)", id="guns-label")
                    yield Vertical(id="guns")
        yield Footer()

    async def on_mount(self) -> None:
        self.fill_ships()
        await self.show_ship()
        self.query_one("#ships", OptionList).focus()

    # --- what we are building -----------------------------------------------------------------
    def fleet(self) -> Any:
        return kit().Fleet(self.fleet_name, tuple(self.designs))

    @property
    def design(self) -> Any:
        return self.designs[self.current]

    def change(self, **changes: object) -> None:
        """Change the ship being edited, and show the checks again."""
        if not self.designs:
            return
        new = attrs.evolve(self.design, **changes)
        if new != self.design:
            self.designs[self.current] = new
            self.refresh_checks()

    # --- showing it ---------------------------------------------------------------------------
    def ship_prompt(self, index: int, problems: list[Any]) -> Text:
        design = self.designs[index]
        levels = {p.level for p in problems if p.ship == index}
        mark = ("✗ ", "bold red") if kit().ERROR in levels else (
            ("! ", "bold yellow") if levels else ("✓ ", "green"))
        text = Text.assemble(mark, (design.name or "(no name)", "bold"))
        text.append(f"\n{kit().size_name(design.size)} · {len(design.guns)} guns · "
                    f"{sum(max(n, 0) for n in design.crew.values())} crew", style="dim")
        return text

    def fill_ships(self) -> None:
        menu = self.query_one("#ships", OptionList)
        problems = kit().check(self.fleet())
        menu.clear_options()
        for index in range(len(self.designs)):
            menu.add_option(Option(self.ship_prompt(index, problems), id=str(index)))
        if self.designs:
            menu.highlighted = self.current
        self.refresh_checks()

    async def show_ship(self) -> None:
        """Put the chosen ship's values in the fields (without treating them as edits)."""
        editor = self.query_one("#editor")
        editor.display = bool(self.designs)
        if not self.designs:
            self.refresh_checks()
            return
        design = self.design
        with self.prevent(*CHANGES):
            self.query_one("#ship-name", Input).value = design.name
            if design.size in [key for _, key in kit().size_choices()]:
                self.query_one("#size", Select).value = design.size
            if design.propulsion in kit().PROPULSION:
                self.query_one("#propulsion", Select).value = design.propulsion
            self.query_one("#ironclad", Checkbox).value = design.ironclad
            self.query_one("#ram", Checkbox).value = design.ram
            self.query_one("#captain", Checkbox).value = design.captain
            for profile in crew_profiles():
                count = design.crew.get(profile, 0)
                self.query_one(f"#crew-{profile}", Input).value = str(count) if count else ""
            known = [key for _, key in kit().missile_choices()]
            for profile, _, _ in kit().profiles():
                weapon = design.missiles.get(profile, "")
                self.query_one(f"#missile-{profile}", Select).value = (
                    weapon if weapon in known else "")
        await self.show_guns()
        self.refresh_checks()

    async def show_guns(self) -> None:
        box = self.query_one("#guns", Vertical)
        await box.remove_children()
        if self.designs:
            await box.mount_all([GunRow(i, g) for i, g in enumerate(self.design.guns)])

    def refresh_checks(self) -> None:
        problems = kit().check(self.fleet())
        menu = self.query_one("#ships", OptionList)
        if menu.option_count == len(self.designs):
            for index in range(len(self.designs)):
                menu.replace_option_prompt_at_index(index, self.ship_prompt(index, problems))
        own = [p for p in problems if p.ship is None]
        errors = sum(p.level == kit().ERROR for p in problems)
        warnings = len(problems) - errors
        ships = f"{len(self.designs)} ship{'s' if len(self.designs) != 1 else ''}"
        counts = [f"{n} {word}{'s' if n != 1 else ''}"
                  for n, word in ((errors, "error"), (warnings, "warning")) if n]
        status = Text(f"{ships} · {', '.join(counts) or 'no problems'}")
        if self.saved_as is not None:
            status.append(f"\nsaved as {self.saved_as.name}", style="dim")
        for problem in own:
            status.append(f"\n{problem.text}", style="bold red")
        self.query_one("#fleet-status", Static).update(status)
        self.query_one("#fleet-name", Input).set_class(bool(own), "-problem")
        self.query_one("#checks", Static).update(self.checks_text(problems))
        self.mark_fields([p for p in problems if p.ship == self.current])

    def checks_text(self, problems: list[Any]) -> Text:
        if not self.designs:
            return Text("No ships yet: press a to add one.", style="bold")
        design = self.design
        least = kit().min_crew(design)
        crews = kit().gun_crews(design)
        text = Text()
        text.append(f"Sailors {kit().proper_crew(design)}", style="bold")
        text.append(f" · Minimum Crew {'?' if least is None else least}\nGun crews: ")
        text.append(", ".join(f"{m} {n}" for m, n in crews.items()) or "no guns")
        text.append(f"\nSailors needed: {kit().crew_to_fight(design)} (a broadside), "
                    f"{kit().crew_for_all_guns(design)} (every gun)")
        # Errors first: at 80 × 24 the panel may not show them all.
        mine = sorted((p for p in problems if p.ship == self.current),
                      key=lambda p: p.level != kit().ERROR)
        for problem in mine:
            error = problem.level == kit().ERROR
            words = problem.text.split(": ", 1)[-1]  # the panel is hers: no need for her name
            text.append(f"\n{'✗' if error else '!'} {words}",
                        style="bold red" if error else "bold yellow")
        if not mine:
            text.append("\n✓ She meets the rules' limits.", style="green")
        return text

    def mark_fields(self, problems: list[Any]) -> None:
        """Mark each field that has a problem, where it is: red for an error, yellow for a
        warning. Crew problems are about the proper ship's crew, so their counts are marked."""
        errors = {p.field for p in problems if p.level == kit().ERROR}
        warnings = {p.field for p in problems} - errors

        def mark(widget: Widget, *fields: str) -> None:
            widget.set_class(any(f in errors for f in fields), "-problem")
            widget.set_class(any(f in warnings for f in fields), "-warning")

        mark(self.query_one("#ship-name", Input), "name")
        mark(self.query_one("#size", Select), "size")
        mark(self.query_one("#propulsion", Select), "propulsion")
        mark(self.query_one("#ram", Checkbox), "ram")
        for profile, _, proper in kit().profiles():
            if proper and profile != "captain":
                mark(self.query_one(f"#crew-{profile}", Input), "crew")
        for widget in self.query(".missile"):
            mark(widget, "missiles")
        for row in self.query(GunRow):
            mark(row, f"gun {row.index + 1}", "guns")

    # --- edits --------------------------------------------------------------------------------
    @staticmethod
    def stale(event: Input.Changed | Select.Changed | Checkbox.Changed) -> bool:
        """A change that a later one has overtaken (a field set when a ship was shown)."""
        widget = (event.input if isinstance(event, Input.Changed) else
                  event.select if isinstance(event, Select.Changed) else event.checkbox)
        return event.value != widget.value

    @on(Input.Changed, "#fleet-name")
    def fleet_renamed(self, event: Input.Changed) -> None:
        if self.stale(event):
            return
        self.fleet_name = event.value
        self.refresh_checks()

    @on(Input.Changed, "#ship-name")
    def ship_renamed(self, event: Input.Changed) -> None:
        if self.stale(event):
            return
        self.change(name=event.value)

    @on(Select.Changed, "#size")
    def size_changed(self, event: Select.Changed) -> None:
        if self.stale(event):
            return
        self.change(size=str(event.value))

    @on(Select.Changed, "#propulsion")
    def propulsion_changed(self, event: Select.Changed) -> None:
        if self.stale(event):
            return
        self.change(propulsion=str(event.value))

    @on(Checkbox.Changed)
    def ticked(self, event: Checkbox.Changed) -> None:
        if self.stale(event):
            return
        if event.checkbox.id in ("ironclad", "ram", "captain"):
            self.change(**{event.checkbox.id: event.value})

    @on(Input.Changed, ".crew")
    def crew_changed(self, event: Input.Changed) -> None:
        if self.stale(event):
            return
        if not self.designs or event.input.id is None:
            return
        profile = event.input.id.removeprefix("crew-")
        crew = dict(self.design.crew)
        crew[profile] = int(event.value or 0)
        self.change(crew={p: n for p, n in crew.items() if n or p == "sailor"})

    @on(Select.Changed, ".missile")
    def missile_changed(self, event: Select.Changed) -> None:
        if self.stale(event):
            return
        if not self.designs or event.select.id is None:
            return
        profile = event.select.id.removeprefix("missile-")
        missiles = dict(self.design.missiles)
        if event.value:
            missiles[profile] = str(event.value)
        else:
            missiles.pop(profile, None)
        self.change(missiles=missiles)

    @on(Select.Changed, ".weapon, .mount")
    def gun_changed(self, event: Select.Changed) -> None:
        if self.stale(event):
            return
        row = event.select.parent
        if not isinstance(row, GunRow) or not self.designs or row.index >= len(self.design.guns):
            return
        guns = list(self.design.guns)
        what = "weapon" if event.select.has_class("weapon") else "mount"
        guns[row.index] = attrs.evolve(guns[row.index], **{what: str(event.value)})
        self.change(guns=tuple(guns))

    @on(Button.Pressed, ".drop")
    async def gun_dropped(self, event: Button.Pressed) -> None:
        row = event.button.parent
        if not isinstance(row, GunRow) or not self.designs:
            return
        guns = list(self.design.guns)
        del guns[row.index]
        self.change(guns=tuple(guns))
        await self.show_guns()
        self.refresh_checks()
        rows = list(self.query(GunRow))
        if rows:
            rows[min(row.index, len(rows) - 1)].query_one(".weapon", Select).focus()

    @on(OptionList.OptionHighlighted, "#ships")
    async def ship_chosen(self, event: OptionList.OptionHighlighted) -> None:
        index = int(event.option.id or 0)
        if index != self.current and index < len(self.designs):
            self.current = index
            await self.show_ship()

    @on(OptionList.OptionSelected, "#ships")
    def ship_opened(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#ship-name", Input).focus()

    # --- the keys -----------------------------------------------------------------------------
    async def choose(self, index: int) -> None:
        self.current = max(0, min(index, len(self.designs) - 1))
        self.fill_ships()
        await self.show_ship()

    def free_name(self, base: str) -> str:
        taken = {d.name.casefold() for d in self.designs}
        if base.casefold() not in taken:
            return base
        number = 2
        while f"{base} {number}".casefold() in taken:
            number += 1
        return f"{base} {number}"

    async def action_add_ship(self) -> None:
        if len(self.designs) >= kit().MAX_SHIPS:
            self.notify(f"A fleet has at most {kit().MAX_SHIPS} ships.", severity="warning")
            return
        design = new_design(len(self.designs) + 1)
        self.designs.append(attrs.evolve(design, name=self.free_name(design.name)))
        await self.choose(len(self.designs) - 1)
        self.query_one("#ship-name", Input).focus()

    async def action_copy_ship(self) -> None:
        if not self.designs or len(self.designs) >= kit().MAX_SHIPS:
            return
        copy = attrs.evolve(self.design, name=self.free_name(self.design.name))
        self.designs.insert(self.current + 1, copy)
        await self.choose(self.current + 1)

    async def action_remove_ship(self) -> None:
        if not self.designs:
            return
        gone = self.designs.pop(self.current)
        await self.choose(self.current)
        self.notify(f"{gone.name or 'The ship'} is taken out of the fleet.")
        self.query_one("#ships", OptionList).focus()

    async def action_add_gun(self) -> None:
        if not self.designs:
            return
        if len(self.design.guns) >= kit().MAX_GUNS:
            self.notify(f"A ship has at most {kit().MAX_GUNS} guns.", severity="warning")
            return
        mounts = [g.mount for g in self.design.guns]
        # The next gun goes where she has fewest, port before starboard, to keep her balanced.
        mount = min(("port", "starboard"), key=mounts.count)
        self.change(guns=(*self.design.guns, kit().GunDesign("naval_cannon", mount)))
        await self.show_guns()
        self.refresh_checks()
        rows = list(self.query(GunRow))
        rows[-1].query_one(".weapon", Select).focus()
        self.query_one("#editor", VerticalScroll).scroll_end(animate=False)

    def action_save(self) -> None:
        fleet = self.fleet()
        try:
            path = kit().save(fleet, self.folder)
        except kit().FleetError as exc:
            self.notify(str(exc), title="Not saved", severity="error", timeout=8)
            return
        self.saved_as = path
        self.clean = fleet
        warnings = len(kit().check(fleet))
        note = f" ({warnings} warnings)" if warnings else ""
        self.notify(f"Saved {fleet.name} to {path}{note}", title="Fleet saved")
        self.refresh_checks()

    def action_load(self) -> None:
        def chosen(fleet: Any) -> None:
            if fleet is not None:
                self.call_later(self.load_fleet, fleet)

        self.app.push_screen(FleetPicker(self.folder), chosen)

    async def load_fleet(self, fleet: Any) -> None:
        self.fleet_name = fleet.name
        self.designs = list(fleet.ships)
        self.saved_as = kit().fleet_path(fleet.name, self.folder)
        self.clean = fleet
        with self.prevent(Input.Changed):
            self.query_one("#fleet-name", Input).value = fleet.name
        await self.choose(0)
        self.query_one("#ships", OptionList).focus()

    def action_back(self) -> None:
        focused = self.focused
        if isinstance(focused, (Input, Select, Checkbox, Button)) and self.designs:
            self.query_one("#ships", OptionList).focus()  # out of a field first
            return
        if self.fleet() == self.clean:
            self.app.pop_screen()
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.app.pop_screen()

        self.app.push_screen(ConfirmScreen("The fleet has unsaved changes. Leave it anyway?"),
                             answered)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("copy_ship", "remove_ship", "add_gun") and not self.designs:
            return None  # shown dimmed: there is no ship to act on
        return True

