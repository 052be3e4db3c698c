"""What a deck battlemap draws, for every ruleset with fights on deck: vessels' decks as 5'
squares laid out on one canvas of water, the figures standing on them, the bridges between
them, fires on them, and men in the water beside them.

A ruleset's view module turns its state into a :class:`DeckScene` of these plain values (the
canvas squares worked out: a deck's own squares run from her stern, ``x``, and from her port
rail, ``y``; :meth:`DeckPlan.cell` puts them on the canvas); the
:class:`~ahoy_tui.ui.widgets.deck_map.DeckMap` draws any scene, one terminal cell a square,
and knows no rule. Every square of the canvas that is no deck and no bridge is water.
"""

from __future__ import annotations

from attrs import frozen

Square = tuple[int, int]   # (column, row) of the canvas, or (x, y) of a deck


@frozen
class DeckPlan:
    """A vessel's deck on the canvas: ``length`` squares from stern to bow by ``width`` from
    her port rail to her starboard rail, its top-left square at canvas (``col``, ``row``).
    Lying along the canvas (``upright`` 0) her bow is to the right (``bow_right``: her port
    rail on top) or to the left (turned half round: her port rail at the bottom); standing
    across it (a vessel whose bow is in another's side), her bow is up (``upright`` 1: her
    port rail on the left) or down (-1: her port rail on the right), ``width`` squares across
    and ``length`` down. ``steering`` (the steering oars), ``bow`` and ``artillery`` are deck
    squares (x, y); ``label`` her two letters, ``focus`` the deck the view is about."""

    vessel: str
    name: str
    side: str
    length: int
    width: int
    col: int
    row: int
    bow_right: bool = True
    steering: Square = (0, 0)
    bow: Square = (0, 0)
    artillery: tuple[Square, ...] = ()
    label: str = ""
    focus: bool = False
    upright: int = 0

    @property
    def columns(self) -> int:
        """The canvas columns her deck spans."""
        return self.width if self.upright else self.length

    @property
    def rows(self) -> int:
        """The canvas rows her deck spans."""
        return self.length if self.upright else self.width

    def cell(self, x: int, y: int) -> Square:
        """The canvas square of her deck square (``x`` from the stern, ``y`` from port)."""
        if self.upright > 0:
            return self.col + y, self.row + self.length - 1 - x
        if self.upright < 0:
            return self.col + self.width - 1 - y, self.row + x
        if self.bow_right:
            return self.col + x, self.row + y
        return self.col + self.length - 1 - x, self.row + self.width - 1 - y

    def square(self, col: int, row: int) -> Square | None:
        """Her deck square at a canvas square, or None off her deck."""
        if not (self.col <= col < self.col + self.columns
                and self.row <= row < self.row + self.rows):
            return None
        if self.upright > 0:
            return self.row + self.length - 1 - row, col - self.col
        if self.upright < 0:
            return row - self.row, self.col + self.width - 1 - col
        if self.bow_right:
            return col - self.col, row - self.row
        return self.col + self.length - 1 - col, self.row + self.width - 1 - row

    @property
    def point(self) -> tuple[Square, ...]:
        """The canvas squares of water just beyond her bow, where the map draws its point."""
        if self.upright:
            row = self.row - 1 if self.upright > 0 else self.row + self.length
            return tuple((self.col + i, row) for i in range(self.width))
        col = self.col + self.length if self.bow_right else self.col - 1
        return tuple((col, self.row + j) for j in range(self.width))

    @property
    def cells(self) -> tuple[Square, ...]:
        """Every canvas square of her deck."""
        return tuple((self.col + i, self.row + j) for j in range(self.rows)
                     for i in range(self.columns))


@frozen
class DeckFigure:
    """A combatant on the canvas: his ``square`` (column, row), the ``letter`` he is drawn
    with, his side and id (what a click on him selects), the deck he stands on or fell from
    (``vessel``), and how he is: ``captain``, ``prone``, ``hanging`` by his fingers from a
    hull, ``swimming`` or ``drowning`` in the water, on a ``bridge`` or a ``line`` between two
    decks, ``selected``. Men out of the fight are not in the scene."""

    square: Square
    letter: str
    side: str
    id: str
    vessel: str = ""
    captain: bool = False
    prone: bool = False
    hanging: bool = False
    swimming: bool = False
    drowning: bool = False
    bridge: bool = False
    line: bool = False
    selected: bool = False


@frozen
class DeckBridge:
    """A boarding bridge or ramp (``kind``) across the water between two decks: the canvas
    squares it spans, from ``vessel`` onto ``target``; ``fast`` when fastened."""

    squares: tuple[Square, ...]
    vessel: str
    target: str
    kind: str = "bridge"
    fast: bool = True


@frozen
class DeckLine:
    """A grapple line between two decks: the canvas water squares it spans."""

    squares: tuple[Square, ...]
    kind: str = "line"


@frozen
class DeckFire:
    """Fire on a deck (burning pitch): the canvas squares it covers."""

    squares: tuple[Square, ...]
    vessel: str = ""


@frozen
class FigureSheet:
    """One figure's sheet in a line: name and role, hit points, armour class, attack bonus,
    saving throws as (letter, roll needed), encumbrance in stone, and his conditions in words
    (``prone``, ``drowning 2``)."""

    id: str
    side: str
    name: str
    role: str
    hp: int
    hp_max: int
    ac: int
    attack: int
    saves: tuple[tuple[str, int], ...] = ()
    stone: int = 0
    conditions: tuple[str, ...] = ()
    where: str = ""


@frozen
class DeckScene:
    """What the deck map draws: a canvas ``columns`` × ``rows`` squares of water with the decks
    on it, the figures, bridges, lines and fires; ``selected`` the figure highlighted and
    ``sheet`` his sheet; ``focus`` the vessel the view is about."""

    columns: int
    rows: int
    decks: tuple[DeckPlan, ...] = ()
    figures: tuple[DeckFigure, ...] = ()
    bridges: tuple[DeckBridge, ...] = ()
    lines: tuple[DeckLine, ...] = ()
    fires: tuple[DeckFire, ...] = ()
    focus: str = ""
    selected: str = ""
    sheet: FigureSheet | None = None

    def deck(self, vessel: str) -> DeckPlan | None:
        return next((d for d in self.decks if d.vessel == vessel), None)

    def figure_at(self, square: Square) -> DeckFigure | None:
        return next((f for f in self.figures if f.square == square), None)
