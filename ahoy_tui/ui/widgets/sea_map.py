"""The sea map: the table drawn row by row (Textual's Line API), one cell an inch by default.

It draws a :class:`~ahoy_tui.rules.scene.Scene` — hulls along their headings with the bow
marked by an arrow, lines of fire with the point-blank and range marks, the planned move, ram
runs, swimmers, fire, the wind — and knows nothing of the rules. Clicking posts
:class:`SeaMap.Clicked` with the table position and the ship there, if any.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from rich.segment import Segment
from rich.style import Style
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ahoy_tui.engine.geometry import UNIT, contains, point_distance

ARROWS = "↑↗→↘↓↙←↖"
# How each kind of terrain fills its cells: (character, component class).
TERRAIN_CELLS: dict[str, Cell] = {
    "land": ("█", "seamap--land"), "quay": ("▓", "seamap--quay"),
    "rocks": ("▲", "seamap--rocks"), "wreck": ("‡", "seamap--wreck"),
    "sandbank": ("░", "seamap--sand"), "mudflat": ("░", "seamap--mud"),
    "shallows": ("~", "seamap--shallows"), "shallow_band": ("~", "seamap--shallows"),
}
SCALES = (0.5, 1.0, 2.0, 3.0)  # inches per cell
Cell = tuple[str, str]  # (character, component class)


class SeaMap(ScrollView, can_focus=True):
    """The table, scrolled and zoomed; the selected ship highlighted."""

    COMPONENT_CLASSES = {
        "seamap--sea", "seamap--grid", "seamap--edge", "seamap--wind", "seamap--p1",
        "seamap--p2", "seamap--p1-bow", "seamap--p2-bow", "seamap--selected",
        "seamap--struck", "seamap--sinking", "seamap--fire", "seamap--move",
        "seamap--move-chosen", "seamap--line", "seamap--band", "seamap--mark",
        "seamap--swimmer-p1", "seamap--swimmer-p2", "seamap--ram", "seamap--reach",
        "seamap--land", "seamap--quay", "seamap--rocks", "seamap--wreck", "seamap--sand",
        "seamap--mud", "seamap--shallows", "seamap--terrain-name",
        "seamap--grape", "seamap--swivel",
    }

    BINDINGS = [
        ("left,h", "pan(-4, 0)", "Pan"), ("right,l", "pan(4, 0)", "Pan"),
        ("up,k", "pan(0, -3)", "Pan"), ("down,j", "pan(0, 3)", "Pan"),
        ("plus,equals_sign", "zoom(-1)", "Zoom in"), ("minus", "zoom(1)", "Zoom out"),
    ]

    scale: reactive[float] = reactive(1.0)

    class Clicked(Message):
        """The map was clicked at a point of the table."""

        def __init__(self, x: float, y: float, ship: str | None) -> None:
            super().__init__()
            self.x = x
            self.y = y
            self.ship = ship

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._scene = None
        self._selected: str | None = None
        self._rows: list[list[Cell]] = []
        self._strips: dict[tuple[int, int, int], Strip] = {}
        self._styles: dict[str, Style] = {}

    # --- feeding it ------------------------------------------------------------------------
    def show(self, scene: object, selected: str | None) -> None:
        """Draw this scene (a :class:`~ahoy_tui.rules.scene.Scene`)."""
        self._scene = scene
        self._selected = selected
        self._rebuild()

    def watch_scale(self, old: float, new: float) -> None:
        if self._scene is not None:
            centre = self.centre_inches()
            self._rebuild()
            self.centre_on(*centre, old_scale=new)

    def action_zoom(self, direction: int) -> None:
        index = SCALES.index(self.scale) if self.scale in SCALES else 1
        self.scale = SCALES[max(0, min(len(SCALES) - 1, index + direction))]

    def action_pan(self, dx: int, dy: int) -> None:
        self.scroll_to(self.scroll_x + dx, self.scroll_y + dy, animate=False)

    def centre_inches(self) -> tuple[float, float]:
        width, height = self.size
        return ((self.scroll_x + width / 2 - 1) * self.scale,
                (self.scroll_y + height / 2 - 1) * self.scale)

    def centre_on(self, x: float, y: float, old_scale: float | None = None) -> None:
        """Scroll so that the table point (x, y) is in the middle of the view."""
        width, height = self.size
        col = x / self.scale + 1
        row = y / self.scale + 1
        self.scroll_to(col - width / 2, row - height / 2, animate=False)

    def cell_to_table(self, col: int, row: int) -> tuple[float, float]:
        return (col - 1 + 0.5) * self.scale, (row - 1 + 0.5) * self.scale

    # --- drawing ---------------------------------------------------------------------------
    def _style(self, name: str) -> Style:
        style = self._styles.get(name)
        if style is None:
            style = self._styles[name] = self.get_component_rich_style(name, partial=False)
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
        s = self.scale
        cols = math.ceil(scene.width / s) + 2
        rows = math.ceil(scene.height / s) + 2
        grid: list[list[Cell]] = [[(" ", "seamap--sea") for _ in range(cols)] for _ in range(rows)]
        every = max(1, round(6 / s))
        for r in range(1, rows - 1):
            for c in range(1, cols - 1):
                if (c - 1) % every == 0 and (r - 1) % every == 0:
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

        def put(x: float, y: float, cell: Cell, *, over_hulls: bool = False) -> None:
            c = int(x / s) + 1
            r = int(y / s) + 1
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
        for hull in scene.hulls:
            self._draw_hull(hull, grid, cols, rows)
        for group in scene.swimmers:
            mark = str(group.count) if group.count < 10 else "+"
            put(group.x, group.y, (mark, f"seamap--swimmer-{group.side}"))
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

    def _draw_terrain(self, shape: object, grid: list[list[Cell]], cols: int,
                      rows: int) -> None:
        """Fill the cells whose centres lie in a piece of terrain; name it if there is room."""
        char, style = TERRAIN_CELLS[shape.kind]
        s = self.scale
        xs = [p[0] for p in shape.outline]
        ys = [p[1] for p in shape.outline]
        inside = []
        for r in range(max(1, int(min(ys) / s) + 1), min(rows - 2, int(max(ys) / s) + 1) + 1):
            for c in range(max(1, int(min(xs) / s) + 1), min(cols - 2, int(max(xs) / s) + 1) + 1):
                if contains(shape.outline, ((c - 1 + 0.5) * s, (r - 1 + 0.5) * s)):
                    inside.append((c, r))
        if not inside:  # smaller than a cell: one mark where it is
            c = min(cols - 2, max(1, int(sum(xs) / len(xs) / s) + 1))
            r = min(rows - 2, max(1, int(sum(ys) / len(ys) / s) + 1))
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
        s = self.scale
        xs = [p[0] for p in outline]
        ys = [p[1] for p in outline]
        for r in range(max(1, int((min(ys) - inches) / s) + 1),
                       min(rows - 2, int((max(ys) + inches) / s) + 1) + 1):
            for c in range(max(1, int((min(xs) - inches) / s) + 1),
                           min(cols - 2, int((max(xs) + inches) / s) + 1) + 1):
                centre = ((c - 1 + 0.5) * s, (r - 1 + 0.5) * s)
                if 0 < point_distance(centre, outline) <= inches + s / 2:
                    grid[r][c] = ("░", "seamap--reach")

    def _draw_area(self, area: object, grid: list[list[Cell]], cols: int, rows: int) -> None:
        """Shade the ground a shot covers: a grapeshot template, a swivel gun's arc."""
        s = self.scale
        xs = [p[0] for p in area.outline]
        ys = [p[1] for p in area.outline]
        style = f"seamap--{area.kind}"
        for r in range(max(1, int(min(ys) / s) + 1), min(rows - 2, int(max(ys) / s) + 1) + 1):
            for c in range(max(1, int(min(xs) / s) + 1), min(cols - 2, int(max(xs) / s) + 1) + 1):
                if contains(area.outline, ((c - 1 + 0.5) * s, (r - 1 + 0.5) * s)):
                    grid[r][c] = ("░", style)

    def _draw_line(self, line: object, put: object) -> None:
        s = self.scale
        step = s / 2
        dx, dy = getattr(line, "direction", None) or UNIT[line.heading % 8]
        x0, y0 = line.start
        kind = {"move": "seamap--move", "fire": "seamap--line", "ram": "seamap--ram",
                "drift": "seamap--line", "tow": "seamap--line"}[line.kind]
        distance = step
        while distance <= line.length + 1e-9:
            style = kind
            char = "·"
            if line.kind == "move" and distance <= line.highlight + 1e-9:
                style, char = "seamap--move-chosen", "•"
            if line.band and line.band[0] <= distance <= line.band[1]:
                style, char = "seamap--band", "="
            put(x0 + dx * distance, y0 + dy * distance, (char, style))
            distance += step
        for mark in line.marks:
            put(x0 + dx * mark.distance, y0 + dy * mark.distance, (mark.label, "seamap--mark"))

    def _draw_hull(self, hull: object, grid: list[list[Cell]], cols: int, rows: int) -> None:
        s = self.scale
        xs = [p[0] for p in hull.outline]
        ys = [p[1] for p in hull.outline]
        c0, c1 = max(1, int(min(xs) / s) + 1), min(cols - 2, int(max(xs) / s) + 1)
        r0, r1 = max(1, int(min(ys) / s) + 1), min(rows - 2, int(max(ys) / s) + 1)
        if hull.struck or hull.captured:
            body = "seamap--struck"
        elif hull.sinking:
            body = "seamap--sinking"
        else:
            body = f"seamap--{hull.side}"
        if hull.ship == self._selected:
            body = "seamap--selected"
        cells = []
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                x, y = (c - 1 + 0.5) * s, (r - 1 + 0.5) * s
                if contains(hull.outline, (x, y)):
                    cells.append((c, r))
        centre = (min(cols - 2, max(1, int(hull.centre[0] / s) + 1)),
                  min(rows - 2, max(1, int(hull.centre[1] / s) + 1)))
        if not cells:
            cells = [centre]
        for c, r in cells:
            grid[r][c] = ("▒", body)
        fires = hull.fires
        for c, r in cells:
            if fires <= 0:
                break
            if (c, r) != centre:
                grid[r][c] = ("*", "seamap--fire")
                fires -= 1
        letter = hull.name[:1].upper()
        grid[centre[1]][centre[0]] = ("a" if hull.anchored else letter, body)
        bow = (min(cols - 2, max(1, int(hull.bow[0] / s) + 1)),
               min(rows - 2, max(1, int(hull.bow[1] / s) + 1)))
        if bow in cells or len(cells) > 1:
            bow_style = body if body != f"seamap--{hull.side}" else f"seamap--{hull.side}-bow"
            grid[bow[1]][bow[0]] = (ARROWS[hull.heading % 8], bow_style)

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
            strip = Strip(list(self._segments(cells)), len(cells))
            if len(cells) < width:
                strip = strip.extend_cell_length(width, self.rich_style)
        if len(self._strips) > 400:
            self._strips.clear()
        self._strips[key] = strip
        return strip

    def _segments(self, cells: list[Cell]) -> Iterable[Segment]:
        run: list[str] = []
        current = None
        for char, style in cells:
            if style != current and run:
                yield Segment("".join(run), self._style(current))
                run = []
            current = style
            run.append(char)
        if run:
            yield Segment("".join(run), self._style(current))

    def on_click(self, event: Click) -> None:
        col = event.x + int(self.scroll_x)
        row = event.y + int(self.scroll_y)
        x, y = self.cell_to_table(col, row)
        ship = None
        if self._scene is not None:
            for hull in self._scene.hulls:
                if contains(hull.outline, (x, y)):
                    ship = hull.ship
                    break
        self.post_message(self.Clicked(x, y, ship))
