"""What a ruleset tells an after-action report about one state (the ``report_facts`` hook).

Plain values, read from a state the way a player reads the table: where each ship lies, the
damage she has taken so far and the crew she has left, her fate once she is out of the fight,
the standing of each side (victory points, Battle Honours). The exporter (``ahoy_tui.export``)
asks for them at every step of a log and works out the rest itself: damage and crew lost turn
by turn, the ships lost, each ship's track, and the key moments (a fate, first blood, a mark
such as "boarded") with the dice rolled at that step. Nothing here knows any ruleset.
"""

from __future__ import annotations

from attrs import frozen


@frozen
class ShipFacts:
    """One ship (or creature, or galley) as she stands.

    ``x``, ``y``: where she lies, in the rules' own units (``ReportFacts.units``), north up (y
    grows southward, as the screens draw). ``damage``: the damage she has taken so far, in the
    rules' own measure (``ReportFacts.damage_word``). ``crew``: the men she has left. ``fate``:
    "" while she fights, else the rules' word for how she left it ("sunk", "struck her colours",
    "captured", "left the table"); ``lost`` says whether that fate is a ship lost to her side.
    ``marks``: conditions worth telling when they begin ("boarded", "on fire")."""

    id: str
    name: str
    side: str
    x: float
    y: float
    damage: float = 0
    crew: int = 0
    fate: str = ""
    lost: bool = False
    marks: tuple[str, ...] = ()


@frozen
class FigureFacts:
    """Someone who is not a ship but whose fate is told: a Wizard, an Admiral, a monster."""

    name: str
    side: str
    fate: str = ""


@frozen
class ReportFacts:
    """A state, for a report: its turn, its ships, each side's points."""

    turn: int
    ships: tuple[ShipFacts, ...]
    sides: tuple[tuple[str, str], ...]  # (id, name), in the rules' order
    points: tuple[tuple[str, float], ...] = ()  # (side, points as they stand)
    points_word: str = "Victory points"
    damage_word: str = "damage"
    crew_word: str = "crew"
    turn_word: str = "turn"
    units: str = "inches"  # or "hexes"
    width: float = 0.0  # the table, in those units (0: as far as the ships went)
    height: float = 0.0
    figures: tuple[FigureFacts, ...] = ()
