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
    """A hull on the map. ``outline`` may lie at any angle (a galley's heading in degrees);
    ``heading`` is the compass point (0-7) the bow's arrow shows, the nearest to it."""

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
    label: str = ""  # her short label on the map and cards, unique in the battle ("Sc", "SW")
    ghost: bool = False  # where she will be: the end of a planned move, not her hull now
    fill: str = ""  # the character her hull is drawn with ("" a ship's; "≈" a sea monster,
    #                 "^" a flyer)
    withdrawing: bool = False  # leaving the battle for her own edge (Ramming Speed!'s 22.5):
    #                            drawn in her side's paler colour
    along: bool = False  # on a slant (a diagonal heading), drawn along her keel from stern to
    #                      bow with a slanting stroke, not as a block square to the grid
    #                      (Man O' War's)


@frozen
class Mark:
    """A point along a line, ``distance`` inches from its start: a turn, point blank, a range."""

    distance: float
    label: str


@frozen
class LineShape:
    """A line on the table: a planned move, a line of fire, a ram's run; straight from
    ``start`` along ``heading`` (or ``direction``), or bending through the points of ``path``
    (a galley's course along her turning circle), its marks measured along it."""

    kind: str  # "move", "fire", "ram", "drift", "tow", "tape" (a measure), "threat" (enemy
    #            fire), "track" (where a ship went, drawn in ``side``'s colour)
    start: Point
    heading: int
    length: float
    marks: tuple[Mark, ...] = ()
    highlight: float = 0.0  # the first so many inches stand out (a chosen distance)
    band: tuple[float, float] | None = None  # where a guessed shot may land
    ship: str = ""  # whose line it is
    gun: str = ""   # for a line of fire, which gun
    direction: Point | None = None  # a turret's line, at any angle (else along ``heading``)
    path: tuple[Point, ...] = ()  # a bending line: the points it runs through, ``start`` first
    side: str = ""  # whose colour a "track" is drawn in


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
    splashes: tuple[Point, ...] = ()  # where the last shots fell (kept until her next turn)


@frozen
class Measure:
    """The tape measure: from a ship (or one of her guns) to a point of the table, or to the
    hull there, measured as the rules measure, and what lies between."""

    start: Point
    end: Point
    inches: float
    words: str  # the measurement in one line, for the screen
    target: str = ""  # the ship whose hull the tape ends on
    in_line: bool | None = None  # from a gun: whether the end lies in its line (or arc)
    blocked: tuple[str, ...] = ()  # what lies across the way: land, hulls in between

    def thread(self) -> LineShape:
        """The tape as a line on the map."""
        dx, dy = self.end[0] - self.start[0], self.end[1] - self.start[1]
        length = (dx * dx + dy * dy) ** 0.5
        direction = (dx / length, dy / length) if length > 1e-9 else (1.0, 0.0)
        return LineShape("tape", self.start, 2, length, (), direction=direction)


def short_labels(ships: list[tuple[str, str]]) -> dict[str, str]:
    """A short label for each ship (``(id, name)`` pairs), unique in the battle and as like her
    name as can be: "Sc" and "SW" for the Scourge and Sigmar's Wrath, not one "S" for both.

    Tried in order: the initials of a name of several words, her first two letters, her first
    letter and each later one; a number when nothing else is free."""
    labels: dict[str, str] = {}
    taken: set[str] = set()
    for ship_id, name in ships:
        letters = [c for c in name if c.isalnum()] or list(ship_id)
        words = [w for w in name.replace("'", "").split() if w[:1].isalnum()]
        tries = []
        if len(words) >= 2:
            tries.append((words[0][0] + words[1][0]).upper())
        tries.append(letters[0].upper() + "".join(letters[1:2]).lower())
        tries += [letters[0].upper() + c.lower() for c in letters[2:]]
        tries += [letters[0].upper() + str(n) for n in range(1, 10)]
        tries += [str(n) for n in range(10, 100)]
        label = next(t for t in tries if t.casefold() not in taken)
        labels[ship_id] = label
        taken.add(label.casefold())
    return labels
