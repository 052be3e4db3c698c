"""A vessel's speeds now (Pre-Initiative Declarations, Sailing Movement, Oar Sprinting,
Steering): what the wind, her crew and her hull allow, and what a captain may declare."""

from __future__ import annotations

import math
from fractions import Fraction

from ahoy_tui.engine.hexgrid import turned
from ahoy_tui.rules.acks.model import AcksState, Captain, Declared, Vessel, Wind
from ahoy_tui.rules.acks.tables import VesselType, tables

STEP_FT = 30


def round30(feet: float) -> int:
    """To the nearest 30' (a tie up), as the movement table rounds."""
    return int(math.floor(feet / STEP_FT + 0.5) * STEP_FT)


def point_of_sail(facing: int, wind: Wind) -> int:
    """Faces between the bow and the wind's source: 0 into the wind, 1 close-hauled, 2 a reach,
    3 running before it."""
    off = (facing - wind.source) % 6
    return min(off, 6 - off)


def point_name(facing: int, wind: Wind) -> str:
    return str(tables()["point_of_sail"]["names"][point_of_sail(facing, wind)])


def into_wind(vessel: Vessel, wind: Wind) -> bool:
    return point_of_sail(vessel.body.facing, wind) == 0


def vtype(vessel: Vessel) -> VesselType:
    return tables().vessel(vessel.kind)


def _share(pair: list[int] | tuple[int, int]) -> Fraction:
    return Fraction(int(pair[0]), int(pair[1]))


def crew_share(vessel: Vessel, mode: str) -> Fraction:
    """How much of her speed her crew gives her: under oar the rowers aboard against the
    complement; under sail the sailors, full speed with half the complement or more
    (Steering), less in proportion below it."""
    kind = vtype(vessel)
    if mode == "sail":
        if kind.sailors == 0:
            return Fraction(0)
        half = Fraction(kind.sailors, 2)
        return min(Fraction(1), Fraction(vessel.sailors) / half)
    if kind.rowers == 0:
        return Fraction(0)
    return min(Fraction(1), Fraction(vessel.rowers, kind.rowers))


def hull_share(vessel: Vessel) -> Fraction:
    """Speed falls with the hull: shp left against her full shp (the worse of this and the
    crew's share governs, not both)."""
    return Fraction(max(vessel.shp, 0), vessel.shp_max)


def max_speed(vessel: Vessel, mode: str, wind: Wind) -> int:
    """The fastest she may declare in ``mode`` now, in feet a round (0: she cannot)."""
    if vessel.status.value != "afloat":
        return 0
    if vessel.creature:
        kind_m = tables().monster(vessel.kind)
        return round30(kind_m.running_ft * 3) if mode == "swim" else 0
    kind = vtype(vessel)
    rules = tables()["wind"][wind.strength]
    damaged = min(hull_share(vessel), crew_share(vessel, "sail" if mode in ("sail", "lower")
                                                 else "oar"))
    if mode in ("sail", "lower"):
        if mode == "lower" and vessel.kind not in tables()["sails"]["moves_meanwhile"]:
            return 0
        share = _share(tables()["point_of_sail"]["shares"][
            point_of_sail(vessel.body.facing, wind)])
        top = kind.sail * _share(rules["sail"]) * share
        feet = round30(top * damaged)
        cap = tables()["movement"]["fastest"] if fast(vessel, wind) else 360
        return min(feet, cap)
    if kind.cruise == 0:
        return 0
    top = kind.cruise if vessel.winded else kind.sprint
    if mode == "backwater":
        top = kind.cruise / 3
    if mode == "raise":
        if vessel.kind not in tables()["sails"]["moves_meanwhile"]:
            return 0
        top = kind.cruise
    return round30(top * _share(rules["oar"]) * damaged)


MATE = Captain("the mate", 1, 0, 0, 1, 4)


def steerer(vessel: Vessel) -> Captain:
    """Whoever steers is the captain for initiative, the ram's throw and Seafaring (Steering):
    her captain, or with him down the mate who reached the steering oars (a sailor: no attack
    bonus, one rank of Seafaring; the project's reading)."""
    return MATE if vessel.captain_down else vessel.captain


def fast(vessel: Vessel, wind: Wind) -> bool:
    """The starred rows of the movement table: a 1.5-, 2- or 2.5-rower running before a strong
    wind under sail."""
    return (not vessel.creature and vtype(vessel).fast_before_strong_wind and vessel.sails
            and wind.strength == "strong" and point_of_sail(vessel.body.facing, wind) == 3)


def sailors_needed(vessel: Vessel) -> int:
    """Raising and Lowering Sails: three sailors on a 1.5-rower, five on a 2.5-rower, every
    sailor (less captain and navigator) on any other vessel."""
    need = tables()["sails"].get(vessel.kind)
    return int(need) if need is not None else max(1, vtype(vessel).sailors - 2)


def modes(vessel: Vessel, state: AcksState) -> tuple[str, ...]:
    """The ways she may go this round."""
    if vessel.creature:
        return ("swim",)
    kind = vtype(vessel)
    out: list[str] = []
    if vessel.sails:
        out.append("sail")
        if kind.rowers and vessel.sailors >= min(sailors_needed(vessel), kind.sailors):
            out.append("lower")
    else:
        if kind.rowers:
            if not vessel.must_backwater:
                out.append("oar")
            out.append("backwater")
        if kind.sail and vessel.sailors >= min(sailors_needed(vessel), kind.sailors) \
                and kind.rowers:
            out.append("raise")
    if not kind.rowers and kind.sail:
        out = ["sail"]
    if vessel.must_backwater and kind.rowers:
        # Ramming: she backwaters before going ahead again (under sail: the sails come down)
        out = [m for m in out if m in ("backwater", "lower")]
    return tuple(out)


def speeds(vessel: Vessel, mode: str, state: AcksState) -> tuple[int, ...]:
    """The speeds she may declare in ``mode``: 0 to her maximum in 30' steps (raising or
    lowering sails: only the speed she moves at meanwhile, or none)."""
    top = max_speed(vessel, mode, state.wind)
    if bridged_fast(vessel, state):
        # Boarding by Boarding Bridge: both vessels stop until the bridge is raised
        top = 0
    if mode in ("raise", "lower"):
        return (top,)
    return tuple(range(0, top + 1, STEP_FT))


def bridged_fast(vessel: Vessel, state: AcksState) -> bool:
    """A boarding bridge fastened between her and another vessel holds both still."""
    return any(b.fast and vessel.id in (b.vessel, b.target) for b in state.bridges)


def declared_hexes(vessel: Vessel, declared: Declared, natural: int, wind: Wind) -> int:
    """How many hexes she must move on her count."""
    from ahoy_tui.rules.acks.tables import hexes_moved

    return hexes_moved(declared.speed, natural, fast(vessel, wind))


def turns_allowed(vessel: Vessel) -> int:
    """Steering: a captain at the oars for the full round turns as often as her length allows;
    otherwise one hex turn as a movement action and one as a combat action."""
    declared = vessel.declared
    if declared is not None and declared.steer_full and not vessel.captain_down:
        return 99
    return 1 if vessel.captain_down else 2


def may_turn_now(vessel: Vessel) -> bool:
    from ahoy_tui.engine.hexgrid import may_turn

    if vessel.turns >= turns_allowed(vessel):
        return False
    return may_turn(vessel.straight, vessel.body.length)


def facing_after(facing: int, how: str) -> int:
    return {"port": turned(facing, -1), "starboard": turned(facing, 1)}.get(how, facing)


def cruise(vessel: Vessel) -> int:
    return 0 if vessel.creature else vtype(vessel).cruise
