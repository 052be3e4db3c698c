"""One ship's play sheet (Naval Battle Rules): the Ship Speed track, the six Crew Assignments
boxes with their chits, the Ship Maneuvers boxes with the numbered tokens, the turns paid, the
fire team and the order casualties are taken in; creature chits for a creature ship.

The sheet draws the ruleset's ``view.PlaySheet`` (the rules' live check included) and knows no
rule: it reaches the rules only through the ruleset (``routing.naval_view``). Its keys write the
orders; each change posts :class:`PlaySheet.Changed` with the new ``ShipOrders``, for the screen
to keep and seal.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ahoy_tui.engine.fast import replace
from ahoy_tui.ui.naval import naval_view

HOLD = "hold"

TRACK_WIDTH = 24
NARROW = 56  # a sheet narrower than this drops what only repeats its figures
MANEUVER_NAMES = {"port": "Port", "steady": "Steady", "starboard": "Starboard"}  # in order
ROW_HINTS = {
    "box": "←/→ a chit of the kind off/onto this box · 1-6 send one to box N · k kind",
    "token": "←/→ move this token toward port / starboard",
    "fire_team": "←/→ chits working each fire together (1-6)",
    "grapple": "space: bind to any ship she touches, if she has boarders",
    "cut_loose": "space: cut free of the grapple (she won the last round)",
    "casualties": "←/→ pick a box · shift+←/→ take its casualties earlier / later",
    "creature_speed": "←/→ the creature's chits on speed",
    "creature_maneuvers": "←/→ the creature's chits on turns",
}


class PlaySheet(Widget, can_focus=True):
    """A ship's play sheet, filled in by keys (or shown read-only)."""

    BINDINGS = [
        Binding("up", "cursor(-1)", "Row", show=False),
        Binding("down", "cursor(1)", "Row", show=False),
        Binding("left", "change(-1)", "Less/port", show=False),
        Binding("right", "change(1)", "More/starboard", show=False),
        Binding("shift+left", "change(-5)", "Five less", show=False),
        Binding("shift+right", "change(5)", "Five more", show=False),
        Binding("k", "next_kind", "Crew kind"),
        Binding("space", "toggle", "Toggle", show=False),
        Binding("backspace", "clear", "Clear chits"),
        *[Binding(str(n), f"send({n})", f"To box {n}", show=False) for n in range(1, 7)],
    ]

    DEFAULT_CLASSES = "play-sheet"

    orders: reactive[Any] = reactive(None)
    cursor: reactive[int] = reactive(0)
    kind: reactive[str] = reactive("")
    casualty: reactive[int] = reactive(0)
    editable: reactive[bool] = reactive(True)

    class Changed(Message):
        """The orders on the sheet were changed by a key."""

        def __init__(self, sheet: PlaySheet, orders: Any) -> None:
            super().__init__()
            self.sheet = sheet
            self.orders = orders

        @property
        def control(self) -> PlaySheet:
            return self.sheet

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.ship: Any = None
        self.declared = HOLD
        self.side_name = ""

    # --- fed from above ----------------------------------------------------------------------
    def load(self, ship: Any, orders: Any, declared: str = HOLD, *,
             side_name: str = "", editable: bool = True, fresh: bool = False) -> None:
        """Show ``ship``'s sheet with ``orders`` written on it (``fresh``: a new turn's sheet,
        the cursor back at the top)."""
        new_ship = fresh or self.ship is None or self.ship.id != ship.id
        self.ship = ship
        self.declared = declared
        self.side_name = side_name
        if new_ship:
            self.cursor = 0
            self.casualty = 0
            self.kind = ship.crew[0][0] if ship.crew else ""
        self.editable = editable
        self.orders = orders
        self.refresh(layout=True)

    @property
    def sheet(self) -> Any:
        """The sheet as the rules read it now (None before a ship is loaded)."""
        if self.ship is None or self.orders is None:
            return None
        return naval_view().sheet(self.ship, self.orders, self.declared, self.side_name)

    def rows(self) -> list[tuple[str, Any]]:
        """The rows the cursor visits, in order down the sheet."""
        if self.ship is None or self.orders is None:
            return []
        rows: list[tuple[str, Any]] = [("box", s) for s in naval_view().STATIONS]
        rows += [("token", i) for i in range(len(self.orders.maneuvers))]
        if self.ship.creature_alive:
            rows += [("creature_speed", None), ("creature_maneuvers", None)]
        rows += [("fire_team", None), ("grapple", None)]
        if self.ship.boarding_won:
            rows.append(("cut_loose", None))
        rows.append(("casualties", None))
        return rows

    @property
    def row(self) -> tuple[str, Any]:
        rows = self.rows()
        return rows[min(self.cursor, len(rows) - 1)] if rows else ("", None)

    # --- keys --------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("change", "next_kind", "toggle", "clear", "send"):
            return self.editable and self.orders is not None
        return True

    def _write(self, orders: Any) -> None:
        if orders != self.orders:
            self.orders = orders
            self.post_message(self.Changed(self, orders))

    def action_cursor(self, step: int) -> None:
        rows = self.rows()
        if rows:
            self.cursor = max(0, min(len(rows) - 1, self.cursor + step))

    def action_next_kind(self) -> None:
        if self.ship is None or not self.ship.crew:
            return
        kinds = [k for k, _ in self.ship.crew]
        index = kinds.index(self.kind) if self.kind in kinds else -1
        self.kind = kinds[(index + 1) % len(kinds)]

    def action_change(self, amount: int) -> None:
        ship, orders = self.ship, self.orders
        if ship is None or orders is None:
            return
        what, which = self.row
        if what == "box":
            if amount > 0:
                count = min(amount, naval_view().undealt_of(ship, orders, self.kind))
                if count <= 0:
                    self.notify(f"No {naval_view().crew_name(self.kind)} chits left to deal: take "
                                "some off a box (←) or send them here (1-6)", timeout=3)
                    return
                self._write(naval_view().move_chits(orders, self.kind, None, which, count))
            else:
                self._write(naval_view().move_chits(orders, self.kind, which, None, -amount))
        elif what == "token":
            self._write(naval_view().turn_token(orders, which, 1 if amount > 0 else -1))
        elif what == "fire_team":
            self._write(replace(orders, fire_team=max(1, min(6, orders.fire_team + amount))))
        elif what in ("grapple", "cut_loose"):
            self.action_toggle()
        elif what == "casualties":
            self._move_casualty(amount)
        elif what in ("creature_speed", "creature_maneuvers"):
            value = max(0, getattr(orders, what) + amount)
            self._write(replace(orders, **{what: value}))

    def _move_casualty(self, amount: int) -> None:
        assert self.orders is not None
        order = list(self.orders.casualties)
        if abs(amount) == 1:  # pick another box
            self.casualty = max(0, min(len(order) - 1, self.casualty + amount))
            return
        step = 1 if amount > 0 else -1
        here = self.casualty
        there = here + step
        if 0 <= here < len(order) and 0 <= there < len(order):
            order[here], order[there] = order[there], order[here]
            self.casualty = there
            self._write(replace(self.orders, casualties=tuple(order)))

    def action_toggle(self) -> None:
        if self.orders is None:
            return
        what, _ = self.row
        if what == "grapple":
            self._write(replace(self.orders, grapple=not self.orders.grapple))
        elif what == "cut_loose":
            self._write(replace(self.orders, cut_loose=not self.orders.cut_loose))

    def action_clear(self) -> None:
        """Take every chit off the boxes, to deal them afresh."""
        if self.orders is not None:
            self._write(replace(self.orders, assign=()))

    def action_send(self, box: int) -> None:
        """Send one chit of the kind from the box under the cursor to box ``box`` (1-6)."""
        ship, orders = self.ship, self.orders
        what, source = self.row
        stations = naval_view().STATIONS
        if ship is None or orders is None or not 1 <= box <= len(stations):
            return
        target = stations[box - 1]
        if what != "box":
            self.notify("Put the cursor on a Crew Assignments box first", timeout=3)
            return
        if source == target:
            return
        moved = naval_view().move_chits(orders, self.kind, source, target, 1)
        if moved == orders:
            nb = naval_view()
            self.notify(f"No {nb.crew_name(self.kind)} chit on {nb.STATION_NAMES[source]} "
                        "(k: another kind)", timeout=3)
            return
        self._write(moved)

    # --- drawing -----------------------------------------------------------------------------
    def on_focus(self) -> None:
        # The pointer and the row's key hint are drawn only while the sheet has focus, and
        # has_focus does not repaint by itself: draw again (the hint's line changes the height).
        self.refresh(layout=True)

    def on_blur(self) -> None:
        self.refresh(layout=True)

    def render(self) -> Text:
        sheet = self.sheet
        if sheet is None:
            return Text("No ship to order", style="dim")
        rows = self.rows()
        current = self.row if self.has_focus or self.editable else ("", None)
        # at 80 columns the sheet has some 45: the dots (the count says it), a shorter speed
        # track and the maneuver columns on a line of their own keep every row on one line
        narrow = 0 < self.content_size.width < NARROW
        text = Text()
        text.append(f"{sheet.name}", style="bold")
        text.append(f" · size {sheet.size}")
        if sheet.side_name:
            text.append(f" · {sheet.side_name}", style="dim")
        text.append("\n")
        self._speed_track(text, sheet, TRACK_WIDTH // 2 if narrow else TRACK_WIDTH)
        text.append("Crew Assignments", style="bold underline")
        text.append(f"      kind: ‹{naval_view().crew_name(self.kind)}›", style="bold cyan")
        text.append(" (k)\n", style="dim")
        for number, box in enumerate(sheet.boxes, start=1):
            mine = current == ("box", box.station)
            self._pointer(text, mine)
            text.append(f"{number} {box.name:<{13 if narrow else 14}}",
                        style="bold" if mine else "")
            text.append(f"{box.total:>{2 if narrow else 3}} ")
            if not narrow:
                dots = "●" * min(box.total, 12) + ("+" if box.total > 12 else "")
                text.append(f"{dots:<13}", style="yellow")
            parts = [f"{c.name} {c.count}" + ("*" if c.specialist else "") for c in box.chits]
            if parts:
                text.append(", ".join(parts), style="dim")
            text.append("\n")
        undealt = sum(c.count for c in sheet.undealt)
        text.append("  Not dealt      " if narrow else "  Not dealt        ", style="dim")
        text.append(f"{undealt:>{2 if narrow else 3}} ", style="bold red" if undealt else "dim")
        if undealt:
            text.append(", ".join(f"{c.name} {c.count}" for c in sheet.undealt), style="red")
        text.append("\n")
        text.append("Ship Maneuvers", style="bold underline")
        label = 8 if narrow else 20   # "token 1" and its padding
        text.append(("\n" + " " * (label + 2) if narrow else " " * 8)
                    + "".join(f"{MANEUVER_NAMES[k]:^9}" for k in MANEUVER_NAMES) + "\n",
                    style="dim")
        for index, token in enumerate(sheet.tokens):
            mine = current == ("token", index)
            self._pointer(text, mine)
            text.append(f"{f'token {index + 1}':<{label}}", style="bold" if mine else "")
            for kind in MANEUVER_NAMES:
                cell = f"[{index + 1}]" if token == kind else " · "
                text.append(f"{cell:^9}", style="bold magenta" if token == kind else "dim")
            text.append("\n")
        unpaid = sheet.turns_ordered - sheet.turns_paid
        text.append(f"  Turns: {sheet.turns_ordered} ordered, {sheet.turn_cost} chits each, "
                    f"{sheet.turns_paid} paid")
        if unpaid:
            text.append(f" ({unpaid} go steady)", style="yellow")
        text.append("\n")
        if sheet.creature is not None:
            c = sheet.creature
            for key, label, value in (("creature_speed", "on speed", c.speed),
                                      ("creature_maneuvers", "on turns", c.maneuvers)):
                mine = current == (key, None)
                self._pointer(text, mine)
                text.append(f"{c.name} {label}: {value} of {c.chits} chits\n",
                            style="bold" if mine else "")
        for key, words in (("fire_team", f"Fire team: {sheet.fire_team} chit"
                                         f"{'s' if sheet.fire_team != 1 else ''} a fire"),
                           ("grapple", f"Grapple: {'yes' if sheet.grapple else 'no'}"),
                           ("cut_loose", f"Cut loose: {'yes' if sheet.cut_loose else 'no'}")):
            if (key, None) not in rows:
                continue
            mine = current == (key, None)
            self._pointer(text, mine)
            text.append(words + "\n", style="bold" if mine else "")
        mine = current == ("casualties", None)
        self._pointer(text, mine)
        text.append("Casualties from: ", style="bold" if mine else "")
        for index, station in enumerate(sheet.casualties):
            if index:
                text.append(" › ", style="dim")
            picked = mine and index == self.casualty
            name = "Fire" if station == "fire" else naval_view().STATION_NAMES.get(station, station)
            text.append(name, style="reverse" if picked else "")
        text.append("\n")
        if sheet.problem is None:
            text.append("✓ Ready to seal", style="bold green")
            if self.editable:
                text.append(" (enter)", style="dim")
        else:
            rule, reason = sheet.problem
            text.append(f"✗ {rule}: ", style="bold red")
            text.append(reason, style="red")
        if self.editable and self.has_focus:
            text.append(f"\n{ROW_HINTS.get(current[0], '')}", style="dim italic")
        return text

    def _pointer(self, text: Text, mine: bool) -> None:
        text.append("▸ " if mine else "  ", style="bold cyan")

    def _speed_track(self, text: Text, sheet: Any, width: int = TRACK_WIDTH) -> None:
        top = max(1, sheet.max_speed)
        now = round(sheet.speed / top * width)
        after = sheet.speed_after
        bar = Text()
        for i in range(width):
            filled = i < now
            if after is not None and after != sheet.speed and i == max(
                    0, min(width - 1, round(after / top * width) - 1)):
                bar.append("▲" if after > sheet.speed else "▼", style="bold yellow")
            else:
                bar.append("█" if filled else "░", style="blue" if filled else "dim")
        text.append("Ship Speed ", style="bold")
        text.append_text(bar)
        text.append(f"  {sheet.speed}\" of {sheet.max_speed}\"\n")
        arrow = {"up": "↑", "down": "↓"}.get(sheet.declared, "=")
        text.append(f"  declared {arrow} {naval_view().CHANGE_NAMES.get(sheet.declared, '')}",
                    style="dim")
        if after is not None and after != sheet.speed:
            text.append(f" → {after}\"/turn", style="yellow")
        text.append("\n")
