"""A new game: ruleset, scenario (with its description and a preview of the table), who plays
each side, a saved fleet for either side in place of its scenario ships, the seed, the wind and
the undo policy."""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from ahoy_tui.ai import make_captain
from ahoy_tui.engine import fleet_book, get_ruleset, rulesets
from ahoy_tui.session import CASUAL, STRICT, LocalSession
from ahoy_tui.ui.parts import parts_for
from ahoy_tui.ui.routing import table_scene
from ahoy_tui.ui.widgets.sea_map import SeaMap

CAPTAINS = [("Computer: easy captain", "easy"), ("Computer: normal captain", "normal"),
            ("Computer: hard captain", "hard"), ("Computer: random (the baseline)", "random")]
PLAYERS = [("Human", "human"), *CAPTAINS]
ONLINE_PLAYERS = [("You", "me"), ("Another player (a free seat)", "open"),
                  *[(words, f"ai:{level}") for words, level in CAPTAINS]]


def _setup_choices() -> dict[str, Any]:
    """Every set-up choice any ruleset offers, by key (one field each on the form)."""
    found: dict[str, Any] = {}
    for ruleset in rulesets():
        for choice in getattr(ruleset, "setup_choices", ()):
            found.setdefault(choice.key, choice)
    return found


def _drawn() -> list[Any]:
    """The rulesets whose battles the screens can show (others play in plain text)."""
    from ahoy_tui.ui.parts import drawable

    return [r for r in rulesets() if drawable(r)]


def _fleets(ruleset: Any) -> Any:
    """The ruleset's saved fleets: its fleet book (bought from a catalogue), or its designed
    fleets (``fleets``), or None for rules without them."""
    return getattr(ruleset, "fleet_book", None) or getattr(ruleset, "fleets", None)


class NewGameScreen(Screen[None]):
    CSS_PATH = "new_game.tcss"
    BINDINGS = [Binding("escape", "back", "Back"), Binding("ctrl+s", "start", "Start")]

    def __init__(self, online: bool = False) -> None:
        super().__init__()
        first = _drawn()[0]  # the first installed (this project's own list begins with Ahoy!)
        self.ruleset_id = first.id
        self.scenario = first.scenarios()[0].name
        self.online = online  # set up a game on the server: seats are you, free, or captains

    def compose(self) -> ComposeResult:
        with Horizontal(id="form-row"):
            with VerticalScroll(id="form"):
                yield Label("Ruleset")
                yield Select([(r.title, r.id) for r in _drawn()], value=self.ruleset_id,
                             allow_blank=False, id="ruleset")
                yield Label("Scenario")
                yield OptionList(id="scenarios")
                yield Static(id="description")
                players = ONLINE_PLAYERS if self.online else PLAYERS
                yield Label("The Empire side (p1) is played by", id="p1-label")
                yield Select(players, value=players[0][1], allow_blank=False, id="p1")
                yield Label("The other side (p2) is played by", id="p2-label")
                yield Select(players, value=players[1 if self.online else 0][1],
                             allow_blank=False, id="p2")
                if not self.online:
                    fleet_choices = self.fleet_choices()
                    for side in ("p1", "p2"):
                        yield Label(f"Ships of {side}: use fleet…", classes="fleets-only")
                        yield Select(fleet_choices, value="", allow_blank=False,
                                     id=f"fleet-{side}", classes="fleets-only")
                yield Label("Dice seed (empty: random)")
                yield Input(placeholder="e.g. 7", id="seed", restrict=r"[0-9]*")
                for choice in _setup_choices().values():
                    yield Label(choice.label, id=f"{choice.key}-label")
                    yield Select(list(choice.values), value=choice.values[0][1],
                                 allow_blank=False, id=choice.key, classes="setup-choice")
                if self.online:
                    yield Label("Undo: against captains, at once; against another player, "
                                "only if they agree and never past a revealed die")
                else:
                    yield Label("Undo")
                    yield Select([("Casual: undo anything", CASUAL),
                                  ("Strict: no undo past a revealed die", STRICT)],
                                 value=CASUAL, allow_blank=False, id="policy")
                yield Label("Odds before you commit (the computer captains keep theirs)")
                yield Select([("Shown: a line under the choices, b the breakdown", "shown"),
                              ("Hidden: no odds", "hidden")],
                             value="shown" if getattr(self.app, "show_odds", True) else "hidden",
                             allow_blank=False, id="odds")
                yield Button("Start the battle (ctrl+s)", id="start", variant="primary")
            with Vertical(id="preview-box"):
                yield Label("The table", id="preview-title")
                yield SeaMap(id="preview", classes="preview")
        yield Footer()

    def on_mount(self) -> None:
        self.fill_scenarios()

    def fleet_choices(self) -> list[tuple[str, str]]:
        """The scenario's own ships, or any saved fleet of these rules that can be read."""
        ruleset: Any = get_ruleset(self.ruleset_id)
        book = getattr(ruleset, "fleet_book", None)
        if book is not None:
            bought = [(f"{f.name} ({fleet_book.tally_of(book, f).spent} points)", str(path))
                      for path, f in fleet_book.saved(ruleset.id)
                      if isinstance(f, fleet_book.Fleet)]
            return [("The scenario's own ships", ""), *bought]
        fleets = _fleets(ruleset)
        found = [] if fleets is None else [
            (f"{f.name} ({len(f.ships)} ships)", str(path))
            for path, f in fleets.saved() if isinstance(f, fleets.Fleet)]
        return [("The scenario's own ships", ""), *found]

    def scenario_data(self) -> dict[str, object] | None:
        """The scenario with each side's chosen fleet in place of its ships (None: as it is).

        Raises ValueError (one line) for a fleet that cannot be read, used or placed."""
        if self.online or _fleets(get_ruleset(self.ruleset_id)) is None:
            return None
        chosen = {side: str(self.query_one(f"#fleet-{side}", Select).value)
                  for side in ("p1", "p2")}
        if not any(chosen.values()):
            return None
        ruleset: Any = get_ruleset(self.ruleset_id)
        data = ruleset.load_scenario(name=self.scenario).to_data()
        for side, path in chosen.items():
            book = getattr(ruleset, "fleet_book", None)
            if path and book is not None:
                bought = fleet_book.load_file(path, ruleset.id)
                fleet_book.require_usable(book, bought, bought.name)
                data = book.with_fleet(data, side, bought)
            elif path:
                fleet = ruleset.fleets.load_file(path)
                ruleset.fleets.require_usable(fleet, fleet.name)
                data = ruleset.with_fleet(data, side, fleet)
        ruleset.load_scenario(data=data)  # placed well? say so now
        return data

    def fill_scenarios(self) -> None:
        menu = self.query_one("#scenarios", OptionList)
        menu.clear_options()
        for info in get_ruleset(self.ruleset_id).scenarios():
            menu.add_option(Option(f"{info.title} ({info.name})", id=info.name))
        menu.highlighted = 0
        menu.focus()

    @on(Select.Changed, "#ruleset")
    def ruleset_changed(self, event: Select.Changed) -> None:
        self.ruleset_id = str(event.value)
        self.show_ruleset_options()
        self.fill_scenarios()

    def show_ruleset_options(self) -> None:
        """Only the set-up choices and saved fleets these rules have (Ahoy!'s wind, weather and
        fleets; Naval Battle has none)."""
        ruleset = get_ruleset(self.ruleset_id)
        offered = {c.key for c in getattr(ruleset, "setup_choices", ())}
        for choice in _setup_choices().values():
            shown = choice.key in offered
            self.query_one(f"#{choice.key}-label", Label).display = shown
            self.query_one(f"#{choice.key}", Select).display = shown
        fleets = _fleets(ruleset) is not None
        for widget in self.query(".fleets-only"):
            widget.display = fleets
        if fleets and not self.online:
            for side in ("p1", "p2"):
                self.query_one(f"#fleet-{side}", Select).set_options(self.fleet_choices())

    @on(OptionList.OptionHighlighted, "#scenarios")
    def scenario_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.scenario = event.option.id or self.scenario
        self.show_preview()

    @on(Select.Changed, "#fleet-p1, #fleet-p2")
    def fleet_changed(self, event: Select.Changed) -> None:
        if self.is_mounted and self.query("#scenarios"):
            self.show_preview()

    @on(OptionList.OptionSelected, "#scenarios")
    def scenario_chosen(self, event: OptionList.OptionSelected) -> None:
        self.scenario = event.option.id or self.scenario
        self.query_one("#p1", Select).focus()

    def show_preview(self) -> None:
        from ahoy_tui.engine import Game

        ruleset = get_ruleset(self.ruleset_id)
        info = next(i for i in ruleset.scenarios() if i.name == self.scenario)
        self.query_one("#description", Static).update(
            f"{info.description}\nSides: {' v '.join(info.sides)}")
        for side, name in zip(("p1", "p2"), info.sides, strict=False):
            self.query_one(f"#{side}-label", Label).update(f"{name} ({side}): played by")
        try:
            data = self.scenario_data()
        except ValueError as exc:
            self.query_one("#description", Static).update(
                f"{info.description}\nSides: {' v '.join(info.sides)}\n[b]Cannot use the "
                f"fleet:[/b] {escape(str(exc))}")
            data = None
        game = Game.new(self.ruleset_id, self.scenario, scenario_data=data, seed=1)
        preview = self.preview_map(parts_for(ruleset).map)
        preview.fit = True  # the whole table, whatever room the form leaves it
        preview.show(table_scene(ruleset, game.state), None)

    def preview_map(self, kind: type[Widget]) -> Any:
        """The preview drawn on the kind of map these rules are played on (inches or hexes):
        one of each kind is made when first needed, and only the one in use is shown."""
        maps = list(self.query(".preview"))
        shown = next((m for m in maps if type(m) is kind), None)
        if shown is None:
            shown = kind(classes="preview")
            self.query_one("#preview-box").mount(shown)
        for widget in [*maps, shown]:
            widget.display = widget is shown
        return shown

    def options(self) -> dict[str, object]:
        chosen: dict[str, object] = {}
        for choice in getattr(get_ruleset(self.ruleset_id), "setup_choices", ()):
            value = self.query_one(f"#{choice.key}", Select).value
            if value:
                chosen[choice.key] = value
        return chosen

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else None
        shown = self.query_one("#odds", Select).value == "shown"
        if shown != getattr(self.app, "show_odds", True):
            self.app.set_show_odds(shown, quiet=True)  # type: ignore[attr-defined]
        if self.online:
            seats = {side: str(self.query_one(f"#{side}", Select).value) for side in ("p1", "p2")}
            self.app.pop_screen()
            self.app.create_online_game(  # type: ignore[attr-defined]
                {"ruleset": self.ruleset_id, "scenario": self.scenario, "seats": seats,
                 "seed": seed, "options": self.options()})
            return
        captains = {}
        for side in ("p1", "p2"):
            who = str(self.query_one(f"#{side}", Select).value)
            if who != "human":
                captains[side] = make_captain(who, (seed or 0) + len(captains))
        try:
            session = LocalSession.new(
                self.ruleset_id, self.scenario, scenario_data=self.scenario_data(),
                seed=seed, options=self.options(),
                policy=str(self.query_one("#policy", Select).value),
                folder=getattr(self.app, "saves", None), captains=captains)
        except (ValueError, KeyError) as exc:
            self.notify(str(exc), title="Cannot start", severity="error")
            return
        self.app.pop_screen()
        self.app.start_battle(session)  # type: ignore[attr-defined]

    def action_back(self) -> None:
        self.app.pop_screen()
