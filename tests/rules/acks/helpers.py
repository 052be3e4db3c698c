"""Small battles for the ACKS II tests: vessels where the test wants them (by column and row of
the 30 x 30 battlemap, or by axial hex), a state, a dice cup, and what the events said."""

from __future__ import annotations

from typing import Any

from ahoy_tui.engine.dice import Dice, Rng, forced
from ahoy_tui.engine.events import DiceRoll, Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.hexgrid import FACINGS, Body, Hex
from ahoy_tui.rules.acks.flow import apply_action
from ahoy_tui.rules.acks.model import AcksState, Captain, Declared, Phase, Piece, Vessel, Wind
from ahoy_tui.rules.acks.tables import tables


def at(column: int, row: int) -> Hex:
    return Hex(column, row - (column - (column & 1)) // 2)


def vessel(vid: str, side: str = "p1", kind: str = "galley_3", column: int = 15,
           row: int = 15, facing: str = "N", **fields: Any) -> Vessel:
    """A vessel of ``kind`` at full complement, her bow at (column, row)."""
    t = tables().vessel(kind)
    made = Vessel(vid, side, vid.capitalize(), kind, Body(at(column, row),
                                                           FACINGS.index(facing), t.hexes),
                  t.shp, t.shp, Captain(f"captain of {vid}", 5, 3, 0, 1, 20),
                  sailors=t.sailors, rowers=t.rowers, marines=t.marines,
                  sails=t.rowers == 0)
    return replace(made, **fields) if fields else made


def monster(vid: str = "serpent", side: str = "p2", column: int = 15, row: int = 10,
            facing: str = "S", kind: str = "sea_serpent", **fields: Any) -> Vessel:
    m = tables().monster(kind)
    made = Vessel(vid, side, m.name, kind, Body(at(column, row), FACINGS.index(facing),
                                                 m.hexes), m.hp, m.hp,
                  Captain(m.name, m.hit_dice, m.attack, m.initiative, 0, m.hp), creature=True)
    return replace(made, **fields) if fields else made


def piece(pid: str, kind: str, mount: str, **fields: Any) -> Piece:
    return Piece(pid, kind, mount, **fields)


def battle(*vessels: Vessel, **fields: Any) -> AcksState:
    fields.setdefault("wind", Wind("moderate", 0))
    return AcksState(ruleset="acks", scenario="test", rng=Rng(1, 0), vessels=vessels,
                     to_act="p1", side_names=("Phaedra", "Corsairs"), **fields)


def cup() -> tuple[Dice, list[Event]]:
    events: list[Event] = []
    return Dice(Rng(7, 0), events), events


def said(events: list[Event] | tuple[Event, ...], kind: str | None = None) -> list[str]:
    return [e.text for e in events if isinstance(e, Happened) and (kind is None
                                                                  or e.kind == kind)]


def rolls(events: list[Event] | tuple[Event, ...]) -> list[DiceRoll]:
    return [e for e in events if isinstance(e, DiceRoll)]


def declared(v: Vessel, mode: str = "oar", speed: int = 120, steer_full: bool = True,
             due: int = 0, **fields: Any) -> Vessel:
    """A vessel on her count with her declaration made and ``due`` hexes to move."""
    return replace(v, declared=Declared(mode, speed, steer_full), hexes_due=due, **fields)


def on_count(state: AcksState, *vessels: str, count: int = 4) -> AcksState:
    """The counts phase, with each named vessel's captain (or monster) acting on ``count``."""
    from ahoy_tui.rules.acks.model import Actor

    actors = []
    for vid in vessels:
        v = state.vessel(vid)
        role = "monster" if v.creature else "captain"
        actors.append(Actor(f"{vid}:{role}", vid, v.side, role, count, count))
    side = state.vessel(vessels[0]).side
    return replace(state, phase=Phase.COUNTS, actors=tuple(actors), count=count, to_act=side)


def play(state: AcksState, action: Any, *faces: int) -> tuple[AcksState, list[Event]]:
    """Apply one action with these dice forced."""
    with forced(*faces):
        return apply_action(state, action)
