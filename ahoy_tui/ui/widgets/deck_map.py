"""The deck battlemaps (5' squares): the decks of a boarding side by side on the water, one
terminal cell a square, in single-width characters, scrolled with the arrows when they do not
fit.

A deck is a block of planks (``·``) on a dim brown ground, her rails its border (``─`` along
her sides, ``│`` across her stern), her steering oars ``⌂`` aft and her bow pointed (``>`` or
``<`` the way she runs; ``^`` or ``v`` for a deck standing across the canvas, her bow in
another's side); ``#`` an engine's square; her name in the water beside her, where no man
is. Each man is a letter in his side's colour
(the letters are the ruleset's: ACKS II's ``C`` captain, ``m`` marine, ``s`` sailor); on a
bridge (``=``, brown), a grapple line (``╎``, amber), hanging from a hull (brown), swimming
(blue) or drowning (purple) in the water (``~``) his ground says where he is, and fire (``*``)
burns under him. The map knows no ruleset: it is fed a :class:`DeckScene` and says which man a
click fell on. A canvas smaller than the view is drawn in its middle.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ahoy_tui.engine.deckscene import DeckFigure, DeckPlan, DeckScene, FigureSheet
from ahoy_tui.ui.widgets.cells import Cell, segments

__all__ = ["DeckMap", "DeckScene", "sheet_line"]

PLANK = "·"
STEERING = "⌂"
ENGINE = "#"
WAVE = "~"
BRIDGE = "="
LINE = "╎"
FIRE = "*"


def wave(col: int, row: int) -> Cell:
    """A square of open water: a wave on every other square of a row, staggered, so that the
    sea reads as sea without drowning the men in it."""
    return (WAVE if (col + 2 * row) % 4 == 0 else " ", "deckmap--water")


class DeckMap(ScrollView, can_focus=True):
    """The deck battlemaps of a boarding; the selected man highlighted."""

    COMPONENT_CLASSES = {"deckmap--water", "deckmap--deck", "deckmap--rail",
                         "deckmap--bow", "deckmap--steering", "deckmap--engine",
                         "deckmap--bridge", "deckmap--bridge-loose", "deckmap--line",
                         "deckmap--harpoon", "deckmap--fire", "deckmap--p1", "deckmap--p2",
                         "deckmap--prone", "deckmap--hanging", "deckmap--roped",
                         "deckmap--swimming", "deckmap--drowning", "deckmap--selected",
                         "deckmap--label"}
    BINDINGS = [   # kept out of the footer: the screen's keys matter more at 80 columns
        Binding("left,h", "pan(-1, 0)", "Pan", show=False),
        Binding("right,l", "pan(1, 0)", "Pan", show=False),
        Binding("up,k", "pan(0, -1)", "Pan", show=False),
        Binding("down,j", "pan(0, 1)", "Pan", show=False),
    ]

    class Clicked(Message):
        """The map was clicked on a square: ``figure`` the man there (if any), ``vessel`` the
        deck there (if any)."""

        def __init__(self, square: tuple[int, int], figure: str | None,
                     vessel: str | None) -> None:
            super().__init__()
            self.square = square
            self.figure = figure
            self.vessel = vessel

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._scene: DeckScene | None = None
        self._rows: list[list[Cell]] = []

    @property
    def scene(self) -> DeckScene | None:
        """The scene drawn now."""
        return self._scene

    def show(self, scene: DeckScene, selected: str | None = None) -> None:
        """Draw this scene (the selected man is marked in the scene itself), keeping him in
        view."""
        first = self._scene is None or self._scene.focus != scene.focus
        self._scene = scene
        self._rebuild()
        chosen = next((f for f in scene.figures if f.selected), None)
        if first:
            self.scroll_to(0, 0, animate=False)
        if chosen is not None:
            self.call_after_refresh(self.keep_in_view, chosen.square)

    # --- where the view looks --------------------------------------------------------------
    def keep_in_view(self, square: tuple[int, int], margin: int = 2) -> None:
        """Scroll only if ``square`` is off screen (or within ``margin`` of its edge)."""
        col, row = square
        width, height = self.size
        if not width or not height:
            return
        x, y = self.scroll_x, self.scroll_y
        if not x + margin <= col < x + width - margin:
            x = col - width // 2
        if not y <= row < y + height:
            y = row - height // 2
        self.scroll_to(x, y, animate=False)

    def action_pan(self, dx: int, dy: int) -> None:
        self.scroll_to(self.scroll_x + dx * 4, self.scroll_y + dy * 2, animate=False)

    # --- drawing ---------------------------------------------------------------------------
    def _rebuild(self) -> None:
        scene = self._scene
        if scene is None:
            return
        grid: list[list[Cell]] = [[wave(c, r) for c in range(scene.columns)]
                                  for r in range(scene.rows)]
        for deck in scene.decks:
            self._draw_deck(grid, deck)
        self._draw_names(grid, scene)
        for line in scene.lines:
            for col, row in line.squares:
                self._put(grid, col, row, (LINE, f"deckmap--{line.kind}"))
        for bridge in scene.bridges:
            style = "deckmap--bridge" if bridge.fast else "deckmap--bridge-loose"
            for col, row in bridge.squares:
                self._put(grid, col, row, (BRIDGE, style))
        for fire in scene.fires:
            for col, row in fire.squares:
                self._put(grid, col, row, (FIRE, "deckmap--fire"))
        grounds = {(c, r): name for r, line in enumerate(grid) for c, (_, name) in
                   enumerate(line)}
        for figure in sorted(scene.figures, key=lambda f: f.selected):  # the selected on top
            col, row = figure.square
            self._put(grid, col, row, (figure.letter[:1],
                                       self._figure_style(figure,
                                                          grounds.get((col, row), ""))))
        self._rows = grid
        self.virtual_size = Size(scene.columns, scene.rows)
        self.refresh()

    def _put(self, grid: list[list[Cell]], col: int, row: int, cell: Cell) -> None:
        if 0 <= row < len(grid) and 0 <= col < len(grid[row]):
            grid[row][col] = cell

    def _draw_deck(self, grid: list[list[Cell]], deck: DeckPlan) -> None:
        """Her planks, her rails for a border, her stern square across, her bow a point in the
        water beyond her last squares (the men on her deck never hide which way she runs), her
        steering oars and engines. A deck lying along the canvas has her rails ``─`` and her
        stern ``│``; one standing across it (her bow in another's side) the other way round."""
        last_y = deck.width - 1
        for x in range(deck.length):
            for y in range(deck.width):
                col, row = deck.cell(x, y)
                if x == 0:
                    char = self._stern(deck, col, row)
                elif y in (0, last_y):
                    char = "│" if deck.upright else "─"
                else:
                    self._put(grid, col, row, (PLANK, "deckmap--deck"))
                    continue
                self._put(grid, col, row, (char, "deckmap--rail"))
        points = deck.point
        for i, (point, row) in enumerate(points):
            first, last = i == 0, i == len(points) - 1
            if deck.upright > 0:
                char = "╱" if first else "╲" if last else "^"
            elif deck.upright < 0:
                char = "╲" if first else "╱" if last else "v"
            elif deck.bow_right:
                char = "╲" if first else "╱" if last else ">"
            else:
                char = "╱" if first else "╲" if last else "<"
            self._put(grid, point, row, (char, "deckmap--bow"))
        for x, y in deck.artillery:
            col, row = deck.cell(x, y)
            self._put(grid, col, row, (ENGINE, "deckmap--engine"))
        col, row = deck.cell(*deck.steering)
        self._put(grid, col, row, (STEERING, "deckmap--steering"))

    @staticmethod
    def _stern(deck: DeckPlan, col: int, row: int) -> str:
        """Her stern's square across her: a rail with a corner at each side."""
        if deck.upright:
            left, right = ("╰", "╯") if deck.upright > 0 else ("╭", "╮")
            return left if col == deck.col else right if col == deck.col + deck.width - 1 \
                else "─"
        top, bottom = row == deck.row, row == deck.row + deck.width - 1
        if deck.bow_right:
            return "╭" if top else "╰" if bottom else "│"
        return "╮" if top else "╯" if bottom else "│"

    def _draw_names(self, grid: list[list[Cell]], scene: DeckScene) -> None:
        """Each deck's name in a row of water beside her (above her, else below), from her
        left end or as near it as the water is clear: never over a deck, a bridge, a line or a
        man (a man hanging from her hull or swimming beside her moves her name on, or leaves
        only her two letters, or nothing)."""
        blocked = {sq for d in scene.decks for sq in (*d.cells, *d.point)}
        blocked.update(sq for b in scene.bridges for sq in b.squares)
        blocked.update(sq for ln in scene.lines for sq in ln.squares)
        blocked.update(f.square for f in scene.figures)
        for deck in scene.decks:
            texts = [f" {deck.name} "[:max(4, deck.length)]]
            if deck.label:
                texts.append(f" {deck.label} ")
            for text in texts:
                spot = self._name_spot(scene, deck, len(text), blocked)
                if spot is None:
                    continue
                col, row = spot
                for i, char in enumerate(text):
                    self._put(grid, col + i, row,
                              (char, f"deckmap--{deck.side} deckmap--label"))
                blocked.update((col + i, row) for i in range(len(text)))
                break

    @staticmethod
    def _name_spot(scene: DeckScene, deck: DeckPlan, size: int,
                   blocked: set[tuple[int, int]]) -> tuple[int, int] | None:
        """Where a name ``size`` cells long may be written beside her, clear of everything:
        the row above her then the row below, starting at her second column and sliding
        along her."""
        starts = [deck.col + 1]
        for k in range(1, deck.columns + size):
            starts += [deck.col + 1 + k, deck.col + 1 - k]
        for row in (deck.row - 1, deck.row + deck.rows):
            if not 0 <= row < scene.rows:
                continue
            for col in starts:
                if col < 0 or col + size > scene.columns:
                    continue
                if all((col + i, row) not in blocked for i in range(size)):
                    return col, row
        return None

    @staticmethod
    def _figure_style(figure: DeckFigure, ground: str) -> str:
        """The component classes a man is drawn with: his ground, then his side's colour,
        then how he is (the selected over all)."""
        if figure.line:
            ground = "deckmap--roped"
        elif figure.drowning:
            ground = "deckmap--drowning"
        elif figure.hanging:
            ground = "deckmap--hanging"
        elif figure.swimming:
            ground = "deckmap--swimming"
        elif ground in ("deckmap--rail", "deckmap--bow", "deckmap--steering",
                        "deckmap--engine", ""):
            ground = "deckmap--deck"
        names = [ground, f"deckmap--{figure.side}"]
        if figure.prone:
            names.append("deckmap--prone")
        if figure.selected:
            names.append("deckmap--selected")
        return " ".join(names)

    @property
    def origin(self) -> tuple[int, int]:
        """Where the canvas's first square is drawn in the view: in the middle of a view
        larger than the canvas, else at its corner (and scrolled)."""
        if self._scene is None:
            return 0, 0
        width, height = self.size
        return (max(0, (width - self._scene.columns) // 2),
                max(0, (height - self._scene.rows) // 2))

    def square_at(self, x: int, y: int) -> tuple[int, int]:
        """The canvas square under a cell of the view."""
        ox, oy = self.origin
        return x - ox + int(self.scroll_x), y - oy + int(self.scroll_y)

    def view_cell(self, square: tuple[int, int]) -> tuple[int, int]:
        """The cell of the view a canvas square is drawn in (off the view when scrolled
        away)."""
        ox, oy = self.origin
        return square[0] + ox - int(self.scroll_x), square[1] + oy - int(self.scroll_y)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        left, row = self.square_at(0, y)
        line = self._rows[row] if 0 <= row < len(self._rows) else []
        cells = [line[c] if 0 <= c < len(line) else wave(c, row)
                 for c in range(left, left + width)]
        return Strip(list(segments(cells, self._style)), width)

    def _style(self, names: str) -> Style:
        """A cell's style: its first component class, with what each of the others sets laid
        over it, left to right."""
        first, *rest = names.split()
        style = self.get_component_rich_style(first)
        for name in rest:
            style += self.get_component_rich_style(name, partial=True)
        return style

    # --- clicking --------------------------------------------------------------------------
    def on_click(self, event: Click) -> None:
        if self._scene is None:
            return
        square = self.square_at(event.x, event.y)
        figure = self._scene.figure_at(square)
        deck = next((d.vessel for d in self._scene.decks if d.square(*square) is not None),
                    None)
        self.post_message(self.Clicked(square, figure.id if figure else None, deck))

    def text_lines(self) -> list[str]:
        """The whole map as plain text, a line a row (what a test reads)."""
        return ["".join(c for c, _ in row).rstrip() for row in self._rows]


SIDE_COLOURS = {"p1": "bold #8fb8ff", "p2": "bold #ff8f8f"}


def sheet_line(sheet: FigureSheet | None, width: int = 78) -> Text:
    """A man's sheet in one line: name and role, hit points (red when low), AC, attack bonus,
    the five saving throws, stone, his conditions, where he is. When it would not fit
    ``width``, the parts that matter least in a fight are left off: where he is, then his
    stone, his saves."""
    if sheet is None:
        return Text("No one selected: click a man on the deck", style="dim")
    name = sheet.name if sheet.role in sheet.name else f"{sheet.name}, {sheet.role}"
    hurt = "bold red" if sheet.hp * 2 <= sheet.hp_max else "bold"
    parts: list[tuple[int, Text]] = [   # (the order they are left off in, the words)
        (7, Text.assemble(("HP ", "dim"), (f"{sheet.hp}/{sheet.hp_max}", hurt))),
        (5, Text.assemble(("AC ", "dim"), str(sheet.ac))),
        (4, Text.assemble(("attack ", "dim"), f"{sheet.attack:+d}")),
        (3, Text.assemble(("saves ", "dim"), " ".join(f"{k}{v}" for k, v in sheet.saves))),
        (2, Text(f"{sheet.stone} st")),
    ]
    if sheet.conditions:
        parts.append((6, Text(", ".join(sheet.conditions), style="bold yellow")))
    if sheet.where:
        parts.append((1, Text(sheet.where, style="dim")))
    line = Text()
    line.append(name, style=SIDE_COLOURS.get(sheet.side, "bold"))
    kept = list(parts)
    while kept and line.cell_len + sum(2 + t.cell_len for _, t in kept) > width:
        kept.remove(min(kept, key=lambda p: p[0]))
    for _, part in kept:
        line.append("  ")
        line.append_text(part)
    return line
