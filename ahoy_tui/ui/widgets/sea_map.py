"""The sea map: the table drawn row by row (Textual's Line API), in square inches.

A terminal cell is about twice as tall as it is wide, so at the default zoom a row is an inch and
a column half an inch: a ship heading south-east is drawn at 45°, as on the table. The widest
zoom fits the whole table in the room the terminal gives.

It draws a :class:`~ahoy_tui.rules.scene.Scene` — hulls along their headings (at any angle) with
the bow marked by an arrow and each ship's short label, lines of fire with the point-blank and
range marks, the planned move (straight, or bending along a course) and where it ends, the
course a ship took (in her side's colour), ram runs, swimmers, fire, splashes, the wind, a
tape measure — and knows nothing of the rules. Clicking posts :class:`SeaMap.Clicked` with the
table position and the ship there, if any.
"""

from __future__ import annotations

import itertools
import math
from pathlib import Path
from typing import Any

from rich.style import Style
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ahoy_tui.engine.geometry import UNIT, contains, point_distance
from ahoy_tui.ui.widgets.cells import Cell, segments

ARROWS = "↑↗→↘↓↙←↖"
# How each kind of terrain fills its cells: (character, component class).
TERRAIN_CELLS: dict[str, Cell] = {
    "land": ("█", "seamap--land"), "quay": ("▓", "seamap--quay"),
    "rocks": ("▲", "seamap--rocks"), "wreck": ("‡", "seamap--wreck"),
    "sandbank": ("░", "seamap--sand"), "mudflat": ("░", "seamap--mud"),
    "shallows": ("~", "seamap--shallows"), "shallow_band": ("~", "seamap--shallows"),
    "template": ("?", "seamap--template"),  # a face-down template: something lies in wait
}
HULL_STYLES = frozenset({"seamap--p1", "seamap--p2", "seamap--p1-bow", "seamap--p2-bow",
                         "seamap--selected", "seamap--struck", "seamap--sinking",
                         "seamap--fire", "seamap--p1-withdrawing",
                         "seamap--p2-withdrawing"})
SCALES = (0.5, 1.0, 2.0)  # inches per row at each zoom; the widest zoom fits the table
ASPECT = 2.0  # a cell is about twice as tall as wide: a row is ASPECT columns' worth of inches


def point_along(path: tuple[tuple[float, float], ...], distance: float) -> tuple[float, float]:
    """The point ``distance`` inches along a bending line (its last point past its end)."""
    for (ax, ay), (bx, by) in itertools.pairwise(path):
        part = math.hypot(bx - ax, by - ay)
        if distance <= part + 1e-9:
            t = distance / part if part > 1e-9 else 0.0
            return ax + (bx - ax) * t, ay + (by - ay) * t
        distance -= part
    return path[-1]


class SeaMap(ScrollView, can_focus=True):
    """The table, scrolled and zoomed; the selected ship highlighted."""

    # its colours (sea_map.tcss) as the widget's default CSS, parsed the first time a map is
    # shown, not with the app's style sheets before the title's first frame
    DEFAULT_CSS = (Path(__file__).with_name("sea_map.tcss")).read_text("utf-8")

    COMPONENT_CLASSES = {
        "seamap--sea", "seamap--apart", "seamap--grid", "seamap--edge", "seamap--wind",
        "seamap--p1",
        "seamap--p2", "seamap--p1-bow", "seamap--p2-bow", "seamap--selected",
        "seamap--struck", "seamap--sinking", "seamap--fire", "seamap--move",
        "seamap--move-chosen", "seamap--line", "seamap--band", "seamap--mark",
        "seamap--swimmer-p1", "seamap--swimmer-p2", "seamap--ram", "seamap--reach",
        "seamap--land", "seamap--quay", "seamap--rocks", "seamap--wreck", "seamap--sand",
        "seamap--mud", "seamap--shallows", "seamap--terrain-name",
        "seamap--grape", "seamap--swivel", "seamap--ghost", "seamap--tape",
        "seamap--cursor", "seamap--splash", "seamap--threat", "seamap--template",
        "seamap--track-p1", "seamap--track-p2", "seamap--p1-withdrawing",
        "seamap--p2-withdrawing",
    }

    BINDINGS = [
        ("left,h", "pan(-4, 0)", "Pan"), ("right,l", "pan(4, 0)", "Pan"),
        ("up,k", "pan(0, -3)", "Pan"), ("down,j", "pan(0, 3)", "Pan"),
        ("plus,equals_sign", "zoom(-1)", "Zoom in"), ("minus", "zoom(1)", "Zoom out"),
    ]

    scale: reactive[float] = reactive(1.0)  # inches per row (a column is half as many)

    class CursorMoved(Message):
        """The tape measure's cursor moved (``SeaMap.cursor`` says where)."""

    class Clicked(Message):
        """The map was clicked at a point of the table."""

        def __init__(self, x: float, y: float, ship: str | None) -> None:
            super().__init__()
            self.x = x
            self.y = y
            self.ship = ship

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None, fit: bool = False) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._scene = None
        self._selected: str | None = None
        self._rows: list[list[Cell]] = []
        self._strips: dict[tuple[int, int, int], Strip] = {}
        self._styles: dict[str, Style] = {}
        self.fit = fit  # show the whole table, whatever room there is
        self.auto = True  # until the player zooms: a zoom that shows at least half the table
        self.cursor: tuple[float, float] | None = None  # the tape measure's end, on the table
        self.measuring = False  # the arrows move the cursor, not the view
        self._anchor: tuple[float, float, float, float] | None = None

    @staticmethod
    def scene_of(ruleset: Any, state: Any, selected: str | None = None) -> Any:
        """The scene to draw of ``state``: the ruleset's ``scene``."""
        return ruleset.scene(state, selected)

    # --- feeding it ------------------------------------------------------------------------
    def show(self, scene: object, selected: str | None) -> None:
        """Draw this scene (a :class:`~ahoy_tui.rules.scene.Scene`)."""
        self._scene = scene
        self._selected = selected
        if self.size.width and self.size.height:
            wanted = self._wanted_scale()
            if abs(wanted - self.scale) > 1e-9:
                self.scale = wanted  # watch_scale rebuilds
                return
        self._rebuild()

    def _wanted_scale(self) -> float:
        """The zoom this map should have now: the whole table when it fits (or until the
        player zooms on a small screen), else what the player chose."""
        if self.fit:
            return self.fit_scale()
        if self.auto:
            scene = self._scene
            width, height = self.size
            if scene is None or width < 4 or height < 4:
                return self.scale
            # two columns an inch if that shows two thirds of the table, else less
            wanted = max(scene.width * ASPECT / (width - 2), scene.height / (height - 2)) / 1.5
            return next((s for s in self.zoom_levels() if s >= wanted - 1e-9),
                        self.fit_scale())
        return self.scale

    @property
    def sx(self) -> float:
        """Inches per column."""
        return self.scale / ASPECT

    @property
    def sy(self) -> float:
        """Inches per row."""
        return self.scale

    def fit_scale(self) -> float:
        """The scale at which the whole table fits the room this widget has."""
        scene = self._scene
        width, height = self.size
        if scene is None or width < 4 or height < 4:
            return self.scale
        return max(scene.width * ASPECT / (width - 2), scene.height / (height - 2), 0.25)

    def zoom_levels(self) -> list[float]:
        """The zooms, closest first: the fixed ones up to the one that fits the table."""
        fitted = self.fit_scale()
        return sorted({*(s for s in SCALES if s < fitted - 1e-6), fitted})

    def watch_scale(self, old: float, new: float) -> None:
        if self._scene is None:
            return
        anchor = self._anchor
        if anchor is None:  # keep the selected ship where it is on the screen, else the centre
            x, y = self._selected_point() or self.centre_inches(old)
            width, height = self.size
            col, row = x / (old / ASPECT) + 1 - self.scroll_x, y / old + 1 - self.scroll_y
            if not (0 <= col < width and 0 <= row < height):
                x, y = self.centre_inches(old)
                col, row = width / 2, height / 2
            anchor = (x, y, col, row)
        self._anchor = None
        self._rebuild()
        x, y, col, row = anchor
        self.scroll_to(x / self.sx + 1 - col, y / self.sy + 1 - row, animate=False)

    def _selected_point(self) -> tuple[float, float] | None:
        return None if self._selected is None else self._hull_centre(self._selected)

    def action_zoom(self, direction: int) -> None:
        """Zoom in (-1) or out (1); the widest zoom fits the whole table."""
        levels = self.zoom_levels()
        here = min(range(len(levels)), key=lambda i: abs(levels[i] - self.scale))
        index = max(0, min(len(levels) - 1, here + direction))
        self.fit = index == len(levels) - 1 and direction > 0 and len(levels) > 1
        self.auto = False
        self.scale = levels[index]

    def action_pan(self, dx: int, dy: int) -> None:
        if self.measuring:  # a cell at a time: the tape's end, not the view
            self.move_cursor((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
            return
        self.scroll_to(self.scroll_x + dx, self.scroll_y + dy, animate=False)

    def centre_inches(self, scale: float | None = None) -> tuple[float, float]:
        scale = scale or self.scale
        width, height = self.size
        return ((self.scroll_x + width / 2 - 1) * scale / ASPECT,
                (self.scroll_y + height / 2 - 1) * scale)

    def centre_on(self, x: float, y: float) -> None:
        """Scroll so that the table point (x, y) is in the middle of the view."""
        width, height = self.size
        col, row = x / self.sx + 1, y / self.sy + 1
        self.scroll_to(col - width / 2, row - height / 2, animate=False)

    def table_to_cell(self, x: float, y: float) -> tuple[int, int]:
        """The cell (column, row of the whole map, not of the view) a table point falls in."""
        return int(x / self.sx) + 1, int(y / self.sy) + 1

    def cell_to_table(self, col: int, row: int) -> tuple[float, float]:
        return (col - 1 + 0.5) * self.sx, (row - 1 + 0.5) * self.sy

    def in_view(self, x: float, y: float, margin: int = 2) -> bool:
        """Whether a table point is on screen, at least ``margin`` columns (and half as many
        rows) in from the edges."""
        col, row = self.table_to_cell(x, y)
        width, height = self.size
        return (self.scroll_x + margin <= col < self.scroll_x + width - margin
                and self.scroll_y + margin // 2 <= row < self.scroll_y + height - margin // 2)

    def keep_in_view(self, *points: tuple[float, float]) -> None:
        """Follow the action: scroll only if one of these points is off screen, then to the
        middle of them all if they fit, else to the first."""
        if not points or all(self.in_view(x, y) for x, y in points):
            return
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        width, height = self.size
        fits = ((max(xs) - min(xs)) / self.sx < width - 6
                and (max(ys) - min(ys)) / self.sy < height - 3)
        if fits:
            self.centre_on((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2)
        else:
            self.centre_on(*points[0])

    def _hull_centre(self, ship: str) -> tuple[float, float] | None:
        if self._scene is None:
            return None
        return next((h.centre for h in self._scene.hulls if h.ship == ship and not h.ghost),
                    None)

    def centre_on_ship(self, ship: str) -> None:
        """Centre the view on a ship of the scene shown."""
        point = self._hull_centre(ship)
        if point is not None:
            self.centre_on(*point)

    def keep_ship_in_view(self, ship: str) -> None:
        point = self._hull_centre(ship)
        if point is not None:
            self.keep_in_view(point)

    def on_resize(self) -> None:
        """A new size: the fitted zoom follows it, and the selected ship stays in view."""
        if self._scene is None:
            return
        wanted = self._wanted_scale()
        if abs(wanted - self.scale) > 1e-9:
            self.scale = wanted
            return
        point = self._selected_point()
        if point is not None:
            self.call_after_refresh(self.centre_on, *point)

    # --- the tape measure's cursor -----------------------------------------------------------
    def move_cursor(self, columns: int, rows: int) -> None:
        """Move the tape's end by whole cells (the view follows it)."""
        if self.cursor is None:
            self.cursor = self.centre_inches()
        x, y = self.cursor
        width = self._scene.width if self._scene is not None else 72.0
        height = self._scene.height if self._scene is not None else 48.0
        x = min(width, max(0.0, x + columns * self.sx))
        y = min(height, max(0.0, y + rows * self.sy))
        self.cursor = (x, y)
        self.keep_in_view(self.cursor)
        self.post_message(self.CursorMoved())

    # --- drawing ---------------------------------------------------------------------------
    def legend_style(self, name: str) -> Style:
        """The style the map draws ``name`` (a component class) in: a legend's samples."""
        return self._style(name)

    def _style(self, name: str) -> Style:
        style = self._styles.get(name)
        if style is None:
            if "+" in name:   # a class and another over it ("seamap--p1+seamap--apart")
                base, over = name.split("+", 1)
                style = self._style(base) + self.get_component_rich_style(over, partial=True)
            else:
                style = self.get_component_rich_style(name, partial=False)
            self._styles[name] = style
        return style

    def on_mount(self) -> None:
        self._styles.clear()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles.clear()
        self._strips.clear()

    def _rebuild(self) -> None:
        scene = self._scene
        if scene is None:
            return
        sx, sy = self.sx, self.sy
        cols = math.ceil(scene.width / sx) + 2
        rows = math.ceil(scene.height / sy) + 2
        grid: list[list[Cell]] = [[(" ", "seamap--sea") for _ in range(cols)] for _ in range(rows)]
        every = max(1, round(6 / sy))  # a dot every 6" or so, both ways
        for r in range(1, rows - 1):
            if (r - 1) % every:
                continue
            for c in range(1, cols - 1):
                if (c - 1) % (every * round(ASPECT)) == 0:
                    grid[r][c] = ("·", "seamap--grid")
        for c in range(cols):
            grid[0][c] = ("─", "seamap--edge")
            grid[rows - 1][c] = ("─", "seamap--edge")
        for r in range(rows):
            grid[r][0] = ("│", "seamap--edge")
            grid[r][cols - 1] = ("│", "seamap--edge")
        grid[0][0], grid[0][cols - 1] = ("┌", "seamap--edge"), ("┐", "seamap--edge")
        grid[rows - 1][0] = ("└", "seamap--edge")
        grid[rows - 1][cols - 1] = ("┘", "seamap--edge")
        for label, (c, r) in (("N", (cols // 2, 0)), ("S", (cols // 2, rows - 1)),
                              ("W", (0, rows // 2)), ("E", (cols - 1, rows // 2))):
            grid[r][c] = (label, "seamap--edge")

        def put(x: float, y: float, cell: Cell) -> None:
            c = int(x / sx) + 1
            r = int(y / sy) + 1
            if 1 <= c < cols - 1 and 1 <= r < rows - 1:
                grid[r][c] = cell

        for shape in getattr(scene, "terrain", ()):
            self._draw_terrain(shape, grid, cols, rows)
        for outline, inches in getattr(scene, "reach", ()):
            self._draw_reach(outline, inches, grid, cols, rows)
        for area in getattr(scene, "areas", ()):
            self._draw_area(area, grid, cols, rows)
        for line in scene.lines:
            self._draw_line(line, put)
        # every hull's body first, then the labels and bows, each only on its own hull's cells
        # or open sea: a label never overwrites another hull (a melee of galleys side by side)
        # (ghosts first; then the hulls that cover cells of their own; last those too small for
        # the zoom, each given a cell no other hull holds)
        hulls = sorted(scene.hulls, key=lambda h: (not getattr(h, "ghost", False),
                                                   not self._covered(h, cols, rows)))
        owner: dict[tuple[int, int], str] = {}
        drawn = [(hull, self._draw_hull(hull, grid, cols, rows, owner)) for hull in hulls]
        # the cells holding a label's letters: whose, and whether underlined
        lettered: dict[tuple[int, int], tuple[str, bool]] = {}
        for hull, cells in drawn:
            if cells:
                self._mark_hull(hull, cells, grid, cols, rows, owner, lettered)
        for x, y in getattr(scene, "splashes", ()):
            put(x, y, ("×", "seamap--splash"))
        for group in scene.swimmers:
            mark = str(group.count) if group.count < 10 else "+"
            put(group.x, group.y, (mark, f"seamap--swimmer-{group.side}"))
        if self.cursor is not None:
            put(*self.cursor, ("+", "seamap--cursor"))
        arrow = ARROWS[scene.wind % 8]
        text = f" wind {arrow} {scene.wind_name} " if scene.wind_name else ""
        for i, ch in enumerate(text):
            if 2 + i < cols - 1 and rows > 2:
                grid[1][2 + i] = (ch, "seamap--wind")
        old = self._rows
        self._rows = grid
        if len(old) == rows and old and len(old[0]) == cols:
            # the same table: redraw only the rows that changed (most actions move one ship,
            # many move nothing), so the screen sends a few lines, not the whole map
            for r in range(rows):
                if grid[r] != old[r]:
                    for key in [k for k in self._strips if k[0] == r]:
                        del self._strips[key]
                    self.refresh_line(r)
            return
        self._strips.clear()
        self.virtual_size = Size(cols, rows)
        self.refresh()

    def _cells_within(self, outline: object, cols: int, rows: int,
                      grow: float = 0.0) -> tuple[range, range]:
        """The rows and columns a shape's bounding box (grown by ``grow`` inches) covers."""
        sx, sy = self.sx, self.sy
        xs = [p[0] for p in outline]
        ys = [p[1] for p in outline]
        return (range(max(1, int((min(ys) - grow) / sy) + 1),
                      min(rows - 2, int((max(ys) + grow) / sy) + 1) + 1),
                range(max(1, int((min(xs) - grow) / sx) + 1),
                      min(cols - 2, int((max(xs) + grow) / sx) + 1) + 1))

    def _draw_terrain(self, shape: object, grid: list[list[Cell]], cols: int,
                      rows: int) -> None:
        """Fill the cells whose centres lie in a piece of terrain; name it if there is room."""
        char, style = TERRAIN_CELLS[shape.kind]
        sx, sy = self.sx, self.sy
        row_range, col_range = self._cells_within(shape.outline, cols, rows)
        inside = [(c, r) for r in row_range for c in col_range
                  if contains(shape.outline, ((c - 1 + 0.5) * sx, (r - 1 + 0.5) * sy))]
        if not inside:  # smaller than a cell: one mark where it is
            xs = [p[0] for p in shape.outline]
            ys = [p[1] for p in shape.outline]
            c = min(cols - 2, max(1, int(sum(xs) / len(xs) / sx) + 1))
            r = min(rows - 2, max(1, int(sum(ys) / len(ys) / sy) + 1))
            inside = [(c, r)]
        for c, r in inside:
            if shape.kind == "shallow_band" and grid[r][c][1] != "seamap--sea" \
                    and grid[r][c][1] != "seamap--grid":
                continue
            grid[r][c] = (char, style)
        name = getattr(shape, "name", "")
        if name and shape.kind in ("land", "quay", "sandbank", "mudflat"):
            # The name goes on the row nearest the middle of the table, where the view usually
            # is (a coast along an edge is named on its seaward rows), and where it fits.
            middle = rows / 2
            for row in sorted({r for _, r in inside}, key=lambda r: abs(r - middle)):
                span = sorted(c for c, r in inside if r == row)
                if len(span) >= len(name) + 2:
                    start = span[0] + (len(span) - len(name)) // 2
                    label = "seamap--terrain-name" if shape.kind == "land" else style
                    for i, ch in enumerate(name):
                        grid[row][start + i] = (ch, label)
                    break

    def _draw_reach(self, outline: object, inches: float, grid: list[list[Cell]], cols: int,
                    rows: int) -> None:
        """Shade the water within ``inches`` of a hull: where she can board an enemy."""
        sx, sy = self.sx, self.sy
        row_range, col_range = self._cells_within(outline, cols, rows, grow=inches)
        for r in row_range:
            for c in col_range:
                centre = ((c - 1 + 0.5) * sx, (r - 1 + 0.5) * sy)
                if 0 < point_distance(centre, outline) <= inches + sy / 2:
                    grid[r][c] = ("░", "seamap--reach")

    def _draw_area(self, area: object, grid: list[list[Cell]], cols: int, rows: int) -> None:
        """Shade the ground a shot covers: a grapeshot template, a swivel gun's arc."""
        sx, sy = self.sx, self.sy
        style = f"seamap--{area.kind}"
        row_range, col_range = self._cells_within(area.outline, cols, rows)
        for r in row_range:
            for c in col_range:
                if contains(area.outline, ((c - 1 + 0.5) * sx, (r - 1 + 0.5) * sy)):
                    grid[r][c] = ("░", style)

    def _draw_line(self, line: object, put: object) -> None:
        step = self.sx / 2
        path = getattr(line, "path", ())
        if path:
            def at(distance: float) -> tuple[float, float]:
                return point_along(path, distance)
        else:
            dx, dy = getattr(line, "direction", None) or UNIT[line.heading % 8]
            x0, y0 = line.start

            def at(distance: float) -> tuple[float, float]:
                return x0 + dx * distance, y0 + dy * distance
        kind = {"move": "seamap--move", "fire": "seamap--line", "ram": "seamap--ram",
                "drift": "seamap--line", "tow": "seamap--line", "tape": "seamap--tape",
                "threat": "seamap--threat"}.get(line.kind, "seamap--line")
        if line.kind == "track" and getattr(line, "side", "") in ("p1", "p2"):
            kind = f"seamap--track-{line.side}"
        distance = step
        while distance <= line.length + 1e-9:
            style = kind
            char = "·"
            if line.kind == "move" and distance <= line.highlight + 1e-9:
                style, char = "seamap--move-chosen", "•"
            if line.band and line.band[0] <= distance <= line.band[1]:
                style, char = "seamap--band", "="
            put(*at(distance), (char, style))
            distance += step
        for mark in line.marks:
            put(*at(mark.distance), (mark.label, "seamap--mark"))

    def _hull_style(self, hull: object) -> str:
        if getattr(hull, "ghost", False):
            body = "seamap--ghost"
        elif hull.struck or hull.captured:
            body = "seamap--struck"
        elif hull.sinking:
            body = "seamap--sinking"
        elif getattr(hull, "withdrawing", False):
            body = f"seamap--{hull.side}-withdrawing"
        else:
            body = f"seamap--{hull.side}"
        if hull.ship == self._selected and not getattr(hull, "ghost", False):
            body = "seamap--selected"
        return body

    def _centre_cell(self, hull: object, cols: int, rows: int) -> tuple[int, int]:
        return (min(cols - 2, max(1, int(hull.centre[0] / self.sx) + 1)),
                min(rows - 2, max(1, int(hull.centre[1] / self.sy) + 1)))

    def _covered(self, hull: object, cols: int, rows: int) -> list[tuple[int, int]]:
        """The cells whose centres lie in her hull."""
        row_range, col_range = self._cells_within(hull.outline, cols, rows)
        return [(c, r) for r in row_range for c in col_range
                if contains(hull.outline, ((c - 1 + 0.5) * self.sx, (r - 1 + 0.5) * self.sy))]

    def _keel(self, hull: object, cols: int, rows: int) -> list[tuple[int, int]]:
        """The cells her keel crosses, stern to bow (the bow point mirrored through her centre
        is her stern)."""
        (bx, by), (cx, cy) = hull.bow, hull.centre
        sx_, sy_ = 2 * cx - bx, 2 * cy - by
        steps = max(1, math.ceil(math.hypot(bx - sx_, by - sy_) / (min(self.sx, self.sy) / 3)))
        found: list[tuple[int, int]] = []
        for i in range(steps + 1):
            x = sx_ + (bx - sx_) * i / steps
            y = sy_ + (by - sy_) * i / steps
            cell = (min(cols - 2, max(1, int(x / self.sx) + 1)),
                    min(rows - 2, max(1, int(y / self.sy) + 1)))
            if cell not in found:
                found.append(cell)
        return found

    def _draw_hull(self, hull: object, grid: list[list[Cell]], cols: int, rows: int,
                   owner: dict[tuple[int, int], str]) -> list[tuple[int, int]]:
        """Her body on the grid; the cells she covers (none for a ghost: it is not marked)."""
        ghost = getattr(hull, "ghost", False)
        body = self._hull_style(hull)
        cells = self._covered(hull, cols, rows)
        slant = getattr(hull, "along", False) and hull.heading % 2 == 1
        if slant and cells:  # on a slant: the cells under her keel too, so she reads as one
            # line (a hull smaller than the zoom's cells stays her one cell)
            cells += [cell for cell in self._keel(hull, cols, rows) if cell not in cells]
        if not cells:
            # too small for the zoom: one cell, her centre's, or the nearest one no other hull
            # holds (two small hulls side by side both stay in sight, neither over the other)
            c0, r0 = self._centre_cell(hull, cols, rows)
            near = sorted(((c0 + dc, r0 + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1)
                           if 0 < c0 + dc < cols - 1 and 0 < r0 + dr < rows - 1),
                          key=lambda cell: (abs(cell[0] - c0) + abs(cell[1] - r0), cell))
            cells = [next((cell for cell in near if ghost or cell not in owner), (c0, r0))]
        fill = "░" if ghost else (getattr(hull, "fill", "") or "▒")
        if slant and not ghost and not getattr(hull, "fill", ""):
            fill = "╱" if hull.heading % 8 in (1, 5) else "╲"
        for c, r in cells:
            grid[r][c] = (fill, body)
            if not ghost:
                owner[(c, r)] = hull.ship
        return [] if ghost else cells

    def _mark_hull(self, hull: object, cells: list[tuple[int, int]], grid: list[list[Cell]],
                   cols: int, rows: int, owner: dict[tuple[int, int], str],
                   lettered: dict[tuple[int, int], tuple[str, bool]] | None = None) -> None:
        """Her label, fires, bow arrow and anchor, on her own cells (or open sea beside).

        Two labels side by side would read as one word ("WAWN" for the Wolves of Altdorf and
        Nuln): her second letter goes to the side that leaves a gap before another label's
        letters, where either side can take it; where none can (a line of ships a cell each at
        the whole table's zoom), her label is underlined against its plain neighbour, so each
        reads apart ("GE" and "S̲E̲")."""
        body = self._hull_style(hull)
        lettered = {} if lettered is None else lettered

        def free(cell: tuple[int, int]) -> bool:
            return 0 < cell[0] < cols - 1 and 0 < cell[1] < rows - 1 and \
                owner.get(cell, hull.ship) == hull.ship

        def abuts(cell: tuple[int, int]) -> bool:
            """Whether another ship's label letter lies just left or right of ``cell``."""
            return any(lettered.get((cell[0] + d, cell[1]), (hull.ship,))[0] != hull.ship
                       for d in (-1, 1))

        mine = [c for c in cells if owner.get(c) == hull.ship]
        centre = self._centre_cell(hull, cols, rows)
        if len(cells) == 1:
            centre = cells[0]   # a one-cell hull: her label where she is drawn
        if not free(centre) and mine:   # her centre lies under another hull: her nearest cell
            centre = min(mine, key=lambda c: (abs(c[0] - centre[0]) + abs(c[1] - centre[1]), c))
        if not free(centre):
            return   # wholly covered by others: no mark of hers over them
        if abuts(centre):   # against another's label: the nearest cell of hers clear of it
            clear = [c for c in mine if free(c) and not abuts(c)]
            if clear:
                centre = min(clear, key=lambda c: (abs(c[0] - centre[0])
                                                   + abs(c[1] - centre[1]), c))
        fires = hull.fires
        label = getattr(hull, "label", "") or hull.name[:1].upper()
        name_cells = {centre, (centre[0] + 1, centre[1])}
        for c, r in mine:
            if fires <= 0:
                break
            if (c, r) not in name_cells:
                grid[r][c] = ("*", "seamap--fire")
                fires -= 1
        grid[centre[1]][centre[0]] = (label[0], body)
        lettered[centre] = (hull.ship, False)
        if len(label) > 1:
            # the second letter beside the first, even past a small hull, never on another;
            # on the side clear of another label where there is one
            sides = [(centre[0] + 1, centre[1]), (centre[0] - 1, centre[1])]
            sides.sort(key=abuts)   # stable: to her right unless only the left is clear
            for beside in sides:
                if free(beside):
                    lettered[beside] = (hull.ship, False)
                    if beside[0] < centre[0]:   # to her left: the letters keep their order
                        grid[beside[1]][beside[0]] = (label[0], body)
                        grid[centre[1]][centre[0]] = (label[1], body)
                    else:
                        grid[beside[1]][beside[0]] = (label[1], body)
                    name_cells.add(beside)
                    # the open sea her letter took is hers now: no later label writes over it
                    # (Tyre's "Ty" and Cyprus's "Cy" side by side each read whole)
                    owner[beside] = hull.ship
                    break
        self._set_apart(hull.ship, name_cells, grid, lettered)
        bow = (min(cols - 2, max(1, int(hull.bow[0] / self.sx) + 1)),
               min(rows - 2, max(1, int(hull.bow[1] / self.sy) + 1)))
        bow_style = body if body != f"seamap--{hull.side}" else f"seamap--{hull.side}-bow"
        if bow not in name_cells and (bow in cells or len(cells) > 1) and free(bow):
            grid[bow[1]][bow[0]] = (ARROWS[hull.heading % 8], bow_style)
        if hull.anchored:  # an "a" at her stern: she rides at anchor
            stern_x = 2 * hull.centre[0] - hull.bow[0]
            stern_y = 2 * hull.centre[1] - hull.bow[1]
            stern = (min(cols - 2, max(1, int(stern_x / self.sx) + 1)),
                     min(rows - 2, max(1, int(stern_y / self.sy) + 1)))
            if stern not in name_cells and stern != bow and free(stern):
                grid[stern[1]][stern[0]] = ("a", bow_style)

    @staticmethod
    def _set_apart(ship: str, name_cells: set[tuple[int, int]], grid: list[list[Cell]],
                   lettered: dict[tuple[int, int], tuple[str, bool]]) -> None:
        """Underline her label where it runs against another's plain one in the row."""
        mine = sorted(c for c in name_cells if lettered.get(c, ("",))[0] == ship)
        against = [lettered[n] for c, r in mine for n in ((c - 1, r), (c + 1, r))
                   if n in lettered and lettered[n][0] != ship]
        if not against or any(underlined for _, underlined in against):
            return
        for c, r in mine:
            ch, style = grid[r][c]
            grid[r][c] = (ch, f"{style}+seamap--apart")
            lettered[(c, r)] = (ship, True)

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = y + scroll_y
        width = self.size.width
        key = (row, scroll_x, width)
        strip = self._strips.get(key)
        if strip is not None:
            return strip
        if not 0 <= row < len(self._rows):
            strip = Strip.blank(width, self.rich_style)
        else:
            cells = self._rows[row][scroll_x:scroll_x + width]
            strip = Strip(list(segments(cells, self._style)), len(cells))
            if len(cells) < width:
                strip = strip.extend_cell_length(width, self.rich_style)
        if len(self._strips) > 400:
            self._strips.clear()
        self._strips[key] = strip
        return strip

    def on_click(self, event: Click) -> None:
        col = event.x + int(self.scroll_x)
        row = event.y + int(self.scroll_y)
        x, y = self.cell_to_table(col, row)
        ship = None
        if self._scene is not None:
            for hull in self._scene.hulls:
                if not getattr(hull, "ghost", False) and contains(hull.outline, (x, y)):
                    ship = hull.ship
                    break
        if self.measuring:  # the tape's end goes where the click is
            self.cursor = (x, y)
            self.post_message(self.CursorMoved())
            return
        self.post_message(self.Clicked(x, y, ship))
