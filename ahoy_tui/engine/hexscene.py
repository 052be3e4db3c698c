"""What a hex battlemap draws, for every ruleset played on hexes: vessels across their hexes,
marks on single hexes, lines between two hexes.

A ruleset's view module turns its state into a :class:`HexScene` of these plain values; the
:class:`~ahoy_tui.ui.widgets.hex_map.HexMap` draws any scene and knows no rule (as
``rules.scene`` is to the inch sea map).
"""

from __future__ import annotations

from attrs import frozen

from ahoy_tui.engine.hexgrid import Hex

ARROWS = "↑↗↘↓↙↖"     # a facing as the map draws it: N NE SE S SW NW


@frozen
class HexVessel:
    """A vessel as the map shows her: her hexes (bow first), facing, two-letter label, side.
    ``ship`` is her id (what a click on her selects); ``fill`` the characters her other hexes
    are drawn with when she is no vessel (``"≈"`` a sea monster); ``faded`` draws her dim (a
    monster submerged, a vessel going down); ``name`` her full name (what the map lists when
    a hex she shares with others is clicked); ``aflame`` marks her burning (pitch on her
    deck)."""

    hexes: tuple[Hex, ...]
    facing: int
    label: str
    side: str
    selected: bool = False
    ship: str = ""
    fill: str = ""
    faded: bool = False
    name: str = ""
    aflame: bool = False


@frozen
class HexMark:
    """A mark in one hex: ``kind`` ``step`` (where a step may take the selected vessel's bow,
    ``char`` the way she would face), ``ram`` (a step that rams), ``reach`` (where her
    declared speed would take her, straight on), ``arc`` (a hex her acting engines reach),
    ``target`` (an enemy hex in that reach), ``chosen`` (the hex the choice the player's list
    stands on leads to, drawn over the vessels there)."""

    hex: Hex
    char: str
    kind: str


@frozen
class HexLine:
    """A line between two hexes (``kind``): a grappling ``line`` or a ``harpoon``'s cable, the
    ``tape`` measure, or the line of ``fire`` of a shot, a volley or a grapple about to be
    thrown (from the piece's hex, or her hex nearest the target)."""

    a: Hex
    b: Hex
    kind: str = "line"


@frozen
class HexScene:
    """What the hex map draws: a battlemap ``columns`` × ``rows`` hexes (offset rows, the odd
    columns half a hex lower), the vessels on it, marks and lines."""

    columns: int
    rows: int
    vessels: tuple[HexVessel, ...] = ()
    marks: tuple[HexMark, ...] = ()
    lines: tuple[HexLine, ...] = ()
