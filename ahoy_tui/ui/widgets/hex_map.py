"""The hex battlemap (ACKS II's sea battlemap, 1 hex = 60'): a grid of flat-topped hexes drawn in
single-width characters, each vessel across her hexes in her side's colour with her bow's
facing marked, scrolled with the arrows and zoomed with + and -.

Two zooms: *near* draws every hex's outline (three columns and two lines a hex, ``/``, ``\\``
and ``_``) with two characters inside it; *far* gives a hex two columns and one line, so a
30 × 30 battlemap fits an 80 × 24 screen at a glance. The map knows no ruleset: it is fed a
:class:`HexScene` of hexes, vessels and marks.
"""

from __future__ import annotations

from attrs import frozen
from rich.style import Style
from textual.geometry import Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ahoy_tui.engine.hexgrid import Hex
from ahoy_tui.ui.widgets.cells import Cell, segments

ARROWS = "↑↗↘↓↙↖"     # a bow's facing, N NE SE S SW NW


@frozen
class HexVessel:
    """A vessel as the map shows her: her hexes (bow first), facing, two-letter label, side."""

    hexes: tuple[Hex, ...]
    facing: int
    label: str
    side: str
    selected: bool = False


@frozen
class HexScene:
    """What the hex map draws: a battlemap ``columns`` × ``rows`` hexes (offset rows, the odd
    columns half a hex lower) and the vessels on it."""

    columns: int
    rows: int
    vessels: tuple[HexVessel, ...] = ()


def offset(h: Hex) -> tuple[int, int]:
    """The (column, row) of an axial hex on a flat-topped map whose odd columns sit half a hex
    lower ("odd-q")."""
    return h.q, h.r + (h.q - (h.q & 1)) // 2


def axial(column: int, row: int) -> Hex:
    return Hex(column, row - (column - (column & 1)) // 2)


class HexMap(ScrollView, can_focus=True):
    """The sea battlemap in hexes; the selected vessel highlighted."""

    COMPONENT_CLASSES = {"hexmap--grid", "hexmap--sea", "hexmap--p1", "hexmap--p2",
                         "hexmap--p1-bow", "hexmap--p2-bow", "hexmap--selected"}
    DEFAULT_CSS = """
    HexMap { background: $background; scrollbar-size: 1 1; }
    HexMap > .hexmap--sea { background: $background; }
    HexMap > .hexmap--grid { color: $foreground 30%; background: $background; }
    HexMap > .hexmap--p1 { color: $primary-lighten-2; background: $primary-darken-2; }
    HexMap > .hexmap--p2 { color: $error-lighten-2; background: $error-darken-2; }
    HexMap > .hexmap--p1-bow { color: $text; background: $primary; text-style: bold; }
    HexMap > .hexmap--p2-bow { color: $text; background: $error; text-style: bold; }
    HexMap > .hexmap--selected { color: $background; background: $accent; text-style: bold; }
    """
    BINDINGS = [
        ("left,h", "pan(-1, 0)", "Pan"), ("right,l", "pan(1, 0)", "Pan"),
        ("up,k", "pan(0, -1)", "Pan"), ("down,j", "pan(0, 1)", "Pan"),
        ("plus,equals_sign", "zoom('near')", "Zoom in"), ("minus", "zoom('far')", "Zoom out"),
    ]

    zoom: reactive[str] = reactive("near")

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._scene: HexScene | None = None
        self._rows: list[list[Cell]] = []

    # --- feeding it ------------------------------------------------------------------------
    def show(self, scene: HexScene) -> None:
        self._scene = scene
        self._rebuild()

    @property
    def pitch(self) -> tuple[int, int]:
        """Columns and lines a hex takes at this zoom."""
        return (3, 2) if self.zoom == "near" else (2, 1)

    def cell_of(self, h: Hex) -> tuple[int, int]:
        """The map cell (column, line) where a hex's label starts."""
        col, row = offset(h)
        if self.zoom == "near":
            return 3 * col + 1, 2 * row + (col & 1) + 1
        return 2 * col, row

    def action_zoom(self, zoom: str) -> None:
        self.zoom = zoom

    def action_pan(self, dx: int, dy: int) -> None:
        px, py = self.pitch
        self.scroll_to(self.scroll_x + dx * px * 2, self.scroll_y + dy * py * 2, animate=False)

    def watch_zoom(self) -> None:
        self._rebuild()

    # --- drawing ---------------------------------------------------------------------------
    def _rebuild(self) -> None:
        scene = self._scene
        if scene is None:
            return
        if self.zoom == "near":
            width, height = 3 * scene.columns + 1, 2 * scene.rows + 2
        else:
            width, height = 2 * scene.columns, scene.rows
        grid: list[list[Cell]] = [[(" ", "hexmap--sea")] * width for _ in range(height)]
        for col in range(scene.columns):
            for row in range(scene.rows):
                self._draw_hex(grid, col, row)
        for vessel in scene.vessels:
            self._draw_vessel(grid, vessel)
        self._rows = grid
        self.virtual_size = Size(width, height)
        self.refresh()

    def _put(self, grid: list[list[Cell]], x: int, y: int, cell: Cell) -> None:
        if 0 <= y < len(grid) and 0 <= x < len(grid[y]):
            grid[y][x] = cell

    def _draw_hex(self, grid: list[list[Cell]], col: int, row: int) -> None:
        if self.zoom == "far":
            self._put(grid, 2 * col, row, ("·", "hexmap--grid"))
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

    def _draw_vessel(self, grid: list[list[Cell]], vessel: HexVessel) -> None:
        side = "hexmap--selected" if vessel.selected else f"hexmap--{vessel.side}"
        bow = "hexmap--selected" if vessel.selected else f"hexmap--{vessel.side}-bow"
        label = (vessel.label + "  ")[:2]
        for i, h in enumerate(vessel.hexes):
            x, y = self.cell_of(h)
            text = ARROWS[vessel.facing % 6] + label[0] if i == 0 else label
            if self.zoom == "far":
                text = text[:1]
            for dx, char in enumerate(text):
                self._put(grid, x + dx, y, (char, bow if i == 0 else side))

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

    def text_lines(self) -> list[str]:
        """The whole map as plain text, a line a row (what a test reads)."""
        return ["".join(c for c, _ in row).rstrip() for row in self._rows]
