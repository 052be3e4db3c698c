"""The shapes a sea map draws, for every ruleset: hulls, lines, areas, swimmers, terrain.

A ruleset's view module turns its state into a :class:`Scene` of these plain values; the
:class:`~ahoy_tui.ui.widgets.sea_map.SeaMap` draws any scene and knows no rule.
"""

from __future__ import annotations

from attrs import frozen

from ahoy_tui.engine.geometry import Polygon

Point = tuple[float, float]


@frozen
class HullShape:
    ship: str
    name: str
    side: str
    outline: Polygon
    bow: Point
    heading: int
    centre: Point
    fires: int
    anchored: bool
    struck: bool
    sinking: bool
    captured: bool


@frozen
class Mark:
    """A point along a line, ``distance`` inches from its start: a turn, point blank, a range."""

    distance: float
    label: str


@frozen
class LineShape:
    """A straight line on the table: a planned move, a line of fire, a ram's run."""

    kind: str  # "move", "fire", "ram", "drift", "tow"
    start: Point
    heading: int
    length: float
    marks: tuple[Mark, ...] = ()
    highlight: float = 0.0  # the first so many inches stand out (a chosen distance)
    band: tuple[float, float] | None = None  # where a guessed shot may land
    ship: str = ""  # whose line it is
    gun: str = ""   # for a line of fire, which gun
    direction: Point | None = None  # a turret's line, at any angle (else along ``heading``)


@frozen
class Area:
    """Ground a shot covers: the grapeshot template, a swivel gun's arc."""

    kind: str  # "grape" or "swivel"
    outline: Polygon
    ship: str = ""
    gun: str = ""


@frozen
class Swimmers:
    x: float
    y: float
    side: str
    count: int


@frozen
class TerrainShape:
    """A piece of terrain to draw: ``kind`` (land, quay, rocks, wreck, sandbank, mudflat,
    shallows or ``shallow_band``, the shallow water off a shore) and its outline."""

    kind: str
    outline: Polygon
    name: str = ""


@frozen
class Scene:
    width: float
    height: float
    wind: int            # compass point the wind blows toward
    wind_name: str       # "" for rules without wind: the map then draws none
    hulls: tuple[HullShape, ...]
    lines: tuple[LineShape, ...]
    swimmers: tuple[Swimmers, ...]
    reach: tuple[tuple[Polygon, float], ...] = ()  # (hull, inches): boarding reach around it
    terrain: tuple[TerrainShape, ...] = ()
    areas: tuple[Area, ...] = ()  # the selected ship's grapeshot templates and swivel arcs
