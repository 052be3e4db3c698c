"""The hex battlemap (ACKS II's sea battlemap, 1 hex = 60'): a grid of flat-topped hexes drawn in
single-width characters, each vessel across her hexes in her side's colour with her bow's
facing marked, scrolled with the arrows and zoomed with + and -.

Three zooms: *near* draws every hex's outline (three columns and two lines a hex, ``/``,
``\\`` and ``_``) with two characters inside it; *far* gives a hex a dot, two columns apart,
each column's dots two lines apart and the odd columns a line lower, staggered as the hexes lie
(a galley facing NE lies NE at both zooms): a 30 × 30 battlemap is 60 columns across; *whole*
packs the rows a line apart, the odd columns level with the even (no stagger: a line of hexes
to the NE climbs a line every other column), so that at 80x24 a map of 20 columns by 13 rows
shows at once (the far zoom's 20 by 6 left the Boarding Bridge's merchantman out of view).
``-`` steps out a zoom, ``+`` in. Until the player zooms, the map takes the near zoom when it
has room for a fair stretch of sea, else the far one; and told what to keep in view
(``follow``: the vessel deciding and the enemy she deals with), the nearest zoom they fit in
(the whole only where the room is small). The map knows no
ruleset: it is fed a :class:`HexScene` of vessels, marks (a step she may take, where her
engines reach) and lines (grapples), and says which vessel a click fell on. A hex two or more
vessels share shows each of them (their letters, each in its side's colour, or the first and
the count).
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from textual.events import Click, Resize
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ahoy_tui.engine.hexgrid import Hex, facing_toward, line
from ahoy_tui.engine.hexscene import ARROWS, HexLine, HexMark, HexScene, HexVessel
from ahoy_tui.ui.widgets.cells import Cell, segments

__all__ = ["ARROWS", "HexLine", "HexMap", "HexMark", "HexScene", "HexVessel", "axial",
           "cell_at", "offset"]

AFLAME = "*"          # beside each hex of a vessel on fire
NEAR_ROOM = (18, 9)   # hexes across and down the near zoom must show to be taken unasked
ZOOMS = ("near", "far", "whole")  # in to out


def offset(h: Hex) -> tuple[int, int]:
    """The (column, row) of an axial hex on a flat-topped map whose odd columns sit half a hex
    lower ("odd-q")."""
    return h.q, h.r + (h.q - (h.q & 1)) // 2


def axial(column: int, row: int) -> Hex:
    return Hex(column, row - (column - (column & 1)) // 2)


def cell_at(h: Hex, zoom: str) -> tuple[int, int]:
    """The map cell (column, line) where a hex's label starts at a zoom: near, inside its
    outline; far, its dot (the odd columns a line lower, as the hexes lie); whole, its dot, a
    row a line."""
    col, row = offset(h)
    if zoom == "near":
        return 3 * col + 1, 2 * row + (col & 1) + 1
    if zoom == "whole":
        return 2 * col, row
    return 2 * col, 2 * row + (col & 1)


def pitch_of(zoom: str) -> tuple[int, int]:
    """Columns and lines a hex takes at a zoom (at the near and the far a column's hexes are
    two lines apart, the odd columns half a hex lower; at the whole a line apart)."""
    return {"near": (3, 2), "far": (2, 2)}.get(zoom, (2, 1))


class HexMap(ScrollView, can_focus=True):
    """The sea battlemap in hexes; the selected vessel highlighted."""

    COMPONENT_CLASSES = {"hexmap--grid", "hexmap--sea", "hexmap--p1", "hexmap--p2",
                         "hexmap--p1-bow", "hexmap--p2-bow", "hexmap--selected",
                         "hexmap--p1-faded", "hexmap--p2-faded", "hexmap--step",
                         "hexmap--ram", "hexmap--reach", "hexmap--arc", "hexmap--line",
                         "hexmap--harpoon", "hexmap--tape", "hexmap--cursor",
                         "hexmap--chosen", "hexmap--fire", "hexmap--aflame"}
    DEFAULT_CSS = """
    HexMap { background: $background; scrollbar-size: 1 1; }
    HexMap > .hexmap--sea { background: $background; }
    HexMap > .hexmap--grid { color: $foreground 30%; background: $background; }
    HexMap > .hexmap--p1 { color: $primary-lighten-2; background: $primary-darken-2; }
    HexMap > .hexmap--p2 { color: $error-lighten-2; background: $error-darken-2; }
    HexMap > .hexmap--p1-bow { color: $text; background: $primary; text-style: bold; }
    HexMap > .hexmap--p2-bow { color: $text; background: $error; text-style: bold; }
    HexMap > .hexmap--p1-faded { color: $primary-lighten-1; background: $background; }
    HexMap > .hexmap--p2-faded { color: $error-lighten-1; background: $background; }
    HexMap > .hexmap--selected { color: $background; background: $accent; text-style: bold; }
    HexMap > .hexmap--step { color: $success-lighten-1; background: $background;
                             text-style: bold; }
    HexMap > .hexmap--ram { color: $warning; background: $background; text-style: bold; }
    HexMap > .hexmap--reach { color: $success; background: $background; }
    HexMap > .hexmap--arc { color: $warning 70%; background: $background; }
    HexMap > .hexmap--line { color: $warning; background: $background; text-style: bold; }
    HexMap > .hexmap--harpoon { color: $secondary-lighten-1; background: $background;
                                text-style: bold; }
    HexMap > .hexmap--fire { color: $error-lighten-1; background: $background;
                             text-style: bold; }
    HexMap > .hexmap--aflame { color: $warning-lighten-1; background: $error-darken-1;
                               text-style: bold; }
    HexMap > .hexmap--tape { color: $accent-lighten-1; background: $background; }
    HexMap > .hexmap--chosen { color: $background; background: $success-lighten-1;
                               text-style: bold; }
    HexMap > .hexmap--cursor { color: $background; background: $accent-lighten-1;
                               text-style: bold; }
    """
    BINDINGS = [
        ("left,h", "pan(-1, 0)", "Pan"), ("right,l", "pan(1, 0)", "Pan"),
        ("up,k", "pan(0, -1)", "Pan"), ("down,j", "pan(0, 1)", "Pan"),
        ("plus,equals_sign", "zoom('in')", "Zoom in"), ("minus", "zoom('out')", "Zoom out"),
    ]

    zoom: reactive[str] = reactive("near")

    class CursorMoved(Message):
        """The tape measure's cursor moved to another hex (``HexMap.cursor`` says which)."""

    class Clicked(Message):
        """The map was clicked on a hex (``ship``: the vessel there, if any)."""

        def __init__(self, hex: Hex, ship: str | None) -> None:
            super().__init__()
            self.hex = hex
            self.ship = ship

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None, fit: bool = False) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._scene: HexScene | None = None
        self._rows: list[list[Cell]] = []
        self.fit = fit       # the whole battlemap at a glance (the far zoom)
        self.auto = True     # until the player zooms: the zoom the room allows
        self.cursor: Hex | None = None   # the tape measure's end
        self.measuring = False  # the arrows move the cursor a hex, not the view
        self._followed: tuple[Hex, ...] = ()  # what ``follow`` keeps in view

    @staticmethod
    def scene_of(ruleset: Any, state: Any, selected: str | None = None) -> HexScene:
        """The scene to draw of ``state``: the ruleset's ``hex_scene``."""
        scene: HexScene = ruleset.hex_scene(state, selected)
        return scene

    # --- feeding it ------------------------------------------------------------------------
    @property
    def scene(self) -> HexScene | None:
        """The scene drawn now."""
        return self._scene

    def show(self, scene: HexScene, selected: str | None = None) -> None:
        """Draw this scene (``selected`` is marked in the scene itself; the argument is there
        so that the hex map and the sea map are fed alike)."""
        self._scene = scene
        wanted = self._wanted_zoom()
        if wanted != self.zoom:
            self.zoom = wanted  # watch_zoom rebuilds
            return
        self._rebuild()

    def _wanted_zoom(self) -> str:
        if self.fit:
            return "far"
        width, height = self.size
        if not self.auto or not width or not height:
            return self.zoom
        across, down = NEAR_ROOM
        room = "near" if width >= 3 * across and height >= 2 * down else "far"
        if self._followed:   # the vessel deciding and her enemy: the nearest zoom they fit,
            # the whole only where the room is small (at 80x24: a fair stretch of sea needs
            # the near zoom's outlines on a larger terminal, and - steps out)
            for zoom in ZOOMS if room == "far" else ZOOMS[:2]:
                if self.fits(self._followed, zoom):
                    return zoom
        return room

    def on_resize(self, event: Resize) -> None:
        if self._scene is None:
            return
        wanted = self._wanted_zoom()
        if wanted != self.zoom:
            self.zoom = wanted

    @property
    def pitch(self) -> tuple[int, int]:
        """Columns and lines a hex takes at this zoom (:func:`pitch_of`)."""
        return pitch_of(self.zoom)

    def cell_of(self, h: Hex) -> tuple[int, int]:
        """The map cell (column, line) where a hex's label starts."""
        return cell_at(h, self.zoom)

    def hex_at(self, x: int, y: int, zoom: str | None = None) -> Hex:
        """The hex whose inside is nearest a map cell (column, line of the whole map), at
        this zoom or ``zoom``."""
        zoom = zoom or self.zoom
        px, py = pitch_of(zoom)
        col_guess = x // px
        best: tuple[float, Hex] | None = None
        for col in range(col_guess - 1, col_guess + 2):
            for row in range(y // py - 1, y // py + 2):
                h = axial(col, row)
                cx, cy = cell_at(h, zoom)
                gap = ((cx + 0.5 - x) / px) ** 2 + ((cy - y) / py) ** 2
                if best is None or gap < best[0]:
                    best = (gap, h)
        assert best is not None
        return best[1]

    def action_zoom(self, zoom: str) -> None:
        """A zoom by name, or a step ``in`` or ``out`` from this one (kept within the ends)."""
        if zoom in ("in", "out"):
            at = ZOOMS.index(self.zoom) + (1 if zoom == "out" else -1)
            zoom = ZOOMS[max(0, min(len(ZOOMS) - 1, at))]
        self.auto = False
        self.fit = False
        self.zoom = zoom

    def action_pan(self, dx: int, dy: int) -> None:
        if self.measuring:  # a hex at a time: the tape's end, not the view
            self.move_cursor(dx, dy)
            return
        px, py = self.pitch
        self.scroll_to(self.scroll_x + dx * px * 2, self.scroll_y + dy * py * 2, animate=False)

    def watch_zoom(self, old: str, new: str) -> None:
        # keep the selected vessel in the middle of the view across the change, or else the
        # hex that was in the middle
        width, height = self.size
        middle = None
        chosen = next((v for v in self._scene.vessels if v.selected and v.hexes), None) \
            if self._scene is not None else None
        if chosen is not None:
            middle = chosen.hexes[len(chosen.hexes) // 2]
        elif self._rows and width and height:
            middle = self.hex_at(int(self.scroll_x + width // 2),
                                 int(self.scroll_y + height // 2), old)
        self._rebuild()
        if middle is not None:
            self.centre_on(middle)

    # --- the tape measure's cursor -----------------------------------------------------------
    def move_cursor(self, columns: int, rows: int) -> None:
        """The cursor a hex across (a column) or down (a row), kept on the battlemap."""
        if self.cursor is None:
            return
        col, row = offset(self.cursor)
        if self._scene is not None:
            col = max(0, min(self._scene.columns - 1, col + columns))
            row = max(0, min(self._scene.rows - 1, row + rows))
        self.cursor = axial(col, row)
        self.keep_in_view(self.cursor)
        self._rebuild()
        self.post_message(self.CursorMoved())

    # --- where the view looks --------------------------------------------------------------
    def centre_on(self, h: Hex) -> None:
        """Scroll so that hex ``h`` is in the middle of the view."""
        x, y = self.cell_of(h)
        width, height = self.size
        self.scroll_to(x + 1 - width // 2, y - height // 2, animate=False)

    def in_view(self, h: Hex, margin: int = 2) -> bool:
        x, y = self.cell_of(h)
        width, height = self.size
        return (self.scroll_x + margin <= x < self.scroll_x + width - margin - 1
                and self.scroll_y + margin // 2 <= y < self.scroll_y + height - margin // 2)

    def keep_in_view(self, *hexes: Hex) -> None:
        """Follow the action: scroll only if one of these hexes is off screen, then to the
        middle of them all if they fit, else to the first."""
        if not hexes or all(self.in_view(h) for h in hexes):
            return
        cells = [self.cell_of(h) for h in hexes]
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        width, height = self.size
        if max(xs) - min(xs) < width - 6 and max(ys) - min(ys) < height - 3:
            self.scroll_to((max(xs) + min(xs)) // 2 + 1 - width // 2,
                           (max(ys) + min(ys)) // 2 - height // 2, animate=False)
        else:
            self.centre_on(hexes[0])

    def fits(self, hexes: tuple[Hex, ...] | list[Hex], zoom: str) -> bool:
        """Whether these hexes fit in the view together at ``zoom``."""
        width, height = self.size
        if not hexes or not width or not height:
            return False
        cells = [cell_at(h, zoom) for h in hexes]
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        return max(xs) - min(xs) < width - 6 and max(ys) - min(ys) < height - 3

    def follow(self, *hexes: Hex) -> None:
        """Keep these hexes in view (the vessel deciding first, then the enemy she deals
        with): until the player zooms, at the near zoom if they fit in it, else the far if
        they fit in that, else the zoom the room allows; re-centred on them all when one is
        off screen (on the first when they do not fit)."""
        if not hexes:
            return
        self._followed = tuple(hexes)
        wanted = self._wanted_zoom()
        if wanted != self.zoom:
            self.zoom = wanted   # watch_zoom rebuilds
        self.keep_in_view(*hexes)

    def _vessel(self, ship: str) -> HexVessel | None:
        if self._scene is None:
            return None
        return next((v for v in self._scene.vessels if v.ship == ship), None)

    def centre_on_ship(self, ship: str) -> None:
        """Centre the view on a vessel (her middle hex)."""
        vessel = self._vessel(ship)
        if vessel is not None and vessel.hexes:
            self.centre_on(vessel.hexes[len(vessel.hexes) // 2])

    def keep_ship_in_view(self, ship: str) -> None:
        vessel = self._vessel(ship)
        if vessel is not None and vessel.hexes:
            self.keep_in_view(*vessel.hexes)

    # --- drawing ---------------------------------------------------------------------------
    def _rebuild(self) -> None:
        scene = self._scene
        if scene is None:
            return
        if self.zoom == "near":
            width, height = 3 * scene.columns + 1, 2 * scene.rows + 2
        elif self.zoom == "whole":
            width, height = 2 * scene.columns, scene.rows
        else:
            width, height = 2 * scene.columns, 2 * scene.rows + 1
        grid: list[list[Cell]] = [[(" ", "hexmap--sea")] * width for _ in range(height)]
        for col in range(scene.columns):
            for row in range(scene.rows):
                self._draw_hex(grid, col, row)
        over = ("ram", "chosen")  # on a target's hex, or the one the list stands on
        for mark in scene.marks:
            if mark.kind not in over:
                self._draw_mark(grid, mark)
        for vessel in scene.vessels:
            if vessel.aflame:
                self._draw_flames(grid, vessel)
        for hex_line in scene.lines:  # a grapple at her edge is drawn over a flame there
            self._draw_line(grid, hex_line)
        for vessel in sorted(scene.vessels, key=lambda v: v.selected):  # the selected on top
            self._draw_vessel(grid, vessel)
        for h, here in self.stacks().items():
            self._draw_stack(grid, h, here)
        for kind in over:  # drawn over the vessels there
            for mark in scene.marks:
                if mark.kind == kind:
                    self._draw_mark(grid, mark)
        if self.measuring and self.cursor is not None:
            self._draw_mark(grid, HexMark(self.cursor, "+", "cursor"))
        self._rows = grid
        self.virtual_size = Size(width, height)
        self.refresh()

    def _put(self, grid: list[list[Cell]], x: int, y: int, cell: Cell) -> None:
        if 0 <= y < len(grid) and 0 <= x < len(grid[y]):
            grid[y][x] = cell

    def _draw_hex(self, grid: list[list[Cell]], col: int, row: int) -> None:
        if self.zoom != "near":
            self._put(grid, *self.cell_of(axial(col, row)), ("·", "hexmap--grid"))
            return
        x, y = 3 * col, 2 * row + (col & 1)
        for dx, char in ((1, "_"), (2, "_")):
            self._put(grid, x + dx, y, (char, "hexmap--grid"))
        self._put(grid, x, y + 1, ("/", "hexmap--grid"))
        self._put(grid, x + 3, y + 1, ("\\", "hexmap--grid"))
        self._put(grid, x, y + 2, ("\\", "hexmap--grid"))
        self._put(grid, x + 1, y + 2, ("_", "hexmap--grid"))
        self._put(grid, x + 2, y + 2, ("_", "hexmap--grid"))
        self._put(grid, x + 3, y + 2, ("/", "hexmap--grid"))

    def _draw_mark(self, grid: list[list[Cell]], mark: HexMark) -> None:
        x, y = self.cell_of(mark.hex)
        style = f"hexmap--{mark.kind}"
        if self.zoom != "near":
            self._put(grid, x, y, (mark.char[:1], style))
            return
        for dx, char in enumerate((mark.char + " ")[:2]):
            if char != " ":
                self._put(grid, x + dx, y, (char, style))

    def _draw_line(self, grid: list[list[Cell]], hex_line: HexLine) -> None:
        """A grapple or a line of fire: the hexes between its ends (``~`` a grapple, ``•`` a
        line of fire), or, between two neighbours, the edge they share (the cell between
        them at the far zoom)."""
        style = {"harpoon": "hexmap--harpoon", "tape": "hexmap--tape",
                 "fire": "hexmap--fire"}.get(hex_line.kind, "hexmap--line")
        if hex_line.kind == "tape":  # the tape measure: a dot in each hex it crosses
            for h in line(hex_line.a, hex_line.b)[1:-1]:
                x, y = self.cell_of(h)
                self._put(grid, x, y, ("·" if self.zoom != "near" else "•", style))
            return
        between = line(hex_line.a, hex_line.b)[1:-1]
        if not between:
            if hex_line.a != hex_line.b:
                self._draw_edge(grid, hex_line, style)
            return
        fill = "•" if hex_line.kind == "fire" else "~"
        for h in between:
            x, y = self.cell_of(h)
            for dx, char in enumerate(fill * 2 if self.zoom == "near" else fill):
                self._put(grid, x + dx, y, (char, style))

    def _draw_edge(self, grid: list[list[Cell]], hex_line: HexLine, style: str) -> None:
        """A line between two neighbouring hexes: the edge they share, or at the far zoom the
        cell between their dots (at the whole zoom, a hex and the one below it: the cell beside
        the upper, for their dots are on lines next to each other)."""
        if self.zoom != "near":
            (xa, ya), (xb, yb) = self.cell_of(hex_line.a), self.cell_of(hex_line.b)
            char = "•" if hex_line.kind == "fire" else "~"
            x = (xa + xb) // 2 + (1 if xa == xb and self.zoom == "whole" else 0)
            self._put(grid, x, (ya + yb) // 2, (char, style))
            return
        facing = facing_toward(hex_line.a, hex_line.b)
        col, row = offset(hex_line.a)
        x, y = 3 * col, 2 * row + (col & 1)
        edge = {0: ((x + 1, y, "═"), (x + 2, y, "═")), 1: ((x + 3, y + 1, "╲"),),
                2: ((x + 3, y + 2, "╱"),), 3: ((x + 1, y + 2, "═"), (x + 2, y + 2, "═")),
                4: ((x, y + 2, "╲"),), 5: ((x, y + 1, "╱"),)}[facing]
        for cx, cy, char in edge:
            self._put(grid, cx, cy, (char, style))

    def _draw_flames(self, grid: list[list[Cell]], vessel: HexVessel) -> None:
        """A vessel aflame: a ``*`` beside each of her hexes (the hex's right edge on her
        label's line, or at the far zoom the cell beside her dot)."""
        for h in vessel.hexes:
            x, y = self.cell_of(h)
            self._put(grid, x + (1 if self.zoom != "near" else 2), y, (AFLAME, "hexmap--aflame"))

    def _draw_vessel(self, grid: list[list[Cell]], vessel: HexVessel) -> None:
        if vessel.selected:
            side = bow = "hexmap--selected"
        elif vessel.faded:
            side = bow = f"hexmap--{vessel.side}-faded"
        else:
            side, bow = f"hexmap--{vessel.side}", f"hexmap--{vessel.side}-bow"
        label = (vessel.label + "  ")[:2]
        body = (vessel.fill * 2)[:2] if vessel.fill else label
        # a vessel's bow shows her facing; a creature's head its fill (it swims any way)
        head = (vessel.fill or ARROWS[vessel.facing % 6])[:1] + label[0]
        for i, h in enumerate(vessel.hexes):
            x, y = self.cell_of(h)
            text = head if i == 0 else body
            if self.zoom != "near":
                text = text[:1]
            for dx, char in enumerate(text):
                self._put(grid, x + dx, y, (char, bow if i == 0 else side))

    def stacks(self) -> dict[Hex, list[HexVessel]]:
        """The hexes two or more vessels (or monsters) share, each with them, the selected
        first, then in the scene's order."""
        if self._scene is None:
            return {}
        found: dict[Hex, list[HexVessel]] = {}
        for vessel in self._scene.vessels:
            for h in vessel.hexes:
                found.setdefault(h, []).append(vessel)
        return {h: sorted(vs, key=lambda v: not v.selected) for h, vs in found.items()
                if len(vs) > 1}

    def at_hex(self, h: Hex) -> list[HexVessel]:
        """Every vessel and monster in hex ``h``."""
        if self._scene is None:
            return []
        return [v for v in self._scene.vessels if h in v.hexes]

    def _draw_stack(self, grid: list[list[Cell]], h: Hex, here: list[HexVessel]) -> None:
        """A shared hex shows each of its vessels: two, the first letter of each in its own
        colour (the bow's arrow for a bow there); three or more, the first's and the count.
        At the far zoom the second letter (or the count) takes the column beside the dot."""
        x, y = self.cell_of(h)
        cells = [self._stack_cell(v, h) for v in here[:2]]
        if len(here) > 2:
            cells[1] = (str(min(9, len(here))), cells[1][1])
        for dx, cell in enumerate(cells):
            self._put(grid, x + dx, y, cell)

    def _stack_cell(self, vessel: HexVessel, h: Hex) -> Cell:
        if vessel.selected:
            style = "hexmap--selected"
        elif vessel.faded:
            style = f"hexmap--{vessel.side}-faded"
        else:
            style = f"hexmap--{vessel.side}-bow"
        char = (vessel.fill or vessel.label or "?")[:1]
        if vessel.hexes and vessel.hexes[0] == h and not vessel.fill and self.zoom != "near":
            char = ARROWS[vessel.facing % 6]
        return char, style

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = y + scroll_y
        width = self.size.width
        if not 0 <= row < len(self._rows):
            return Strip.blank(width, self.rich_style)
        cells = self._rows[row][scroll_x:scroll_x + width]
        strip = Strip(list(segments(cells, self._style)), len(cells))
        return strip.extend_cell_length(width, self.rich_style) if len(cells) < width else strip

    def _style(self, name: str) -> Style:
        return self.get_component_rich_style(name)

    def on_click(self, event: Click) -> None:
        h = self.hex_at(event.x + int(self.scroll_x), event.y + int(self.scroll_y))
        if self.measuring:  # the tape's end goes where the click is
            self.cursor = h
            self._rebuild()
            self.post_message(self.CursorMoved())
            return
        ship = None
        if self._scene is not None:
            ship = next((v.ship for v in reversed(self._scene.vessels)
                         if h in v.hexes and v.ship), None)
        self.post_message(self.Clicked(h, ship))

    def text_lines(self) -> list[str]:
        """The whole map as plain text, a line a row (what a test reads)."""
        return ["".join(c for c, _ in row).rstrip() for row in self._rows]
