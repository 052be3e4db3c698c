"""What a side may do in ACKS II sea combat, each a value named after its rule."""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

STEPS = ("ahead", "port", "starboard", "back", "back_port", "back_starboard")
TURNS = ("port", "starboard", "back_port", "back_starboard")


@frozen
class Declare:
    """Pre-Initiative Declarations for one vessel (or monster): oar, sail, backwater, raise or
    lower sails, or swim; her speed in feet; a full round at the steering oars."""

    side: str
    vessel: str
    mode: str
    speed: int
    steer_full: bool = False
    submerged: bool = False
    kind: ClassVar[str] = "declare"


@frozen
class HoldCourse:
    """Declare every vessel of the side not yet declared as she went last round."""

    side: str
    kind: ClassVar[str] = "hold_course"


@frozen
class MoveFirst:
    """On a count where both sides' vessels move, the side with fewer chooses who goes first."""

    side: str
    first: str
    kind: ClassVar[str] = "move_first"


@frozen
class Step:
    """One hex of a vessel's move: ahead, a turn into the hex beside the bow (port or
    starboard), or backwatering (back, back_port, back_starboard). ``collide`` fails the
    Seafaring throw on purpose if the step brings a collision."""

    side: str
    vessel: str
    how: str
    collide: bool = False
    kind: ClassVar[str] = "step"


@frozen
class Ram:
    """A step whose bow meets an enemy's hex, made as a ram (Ramming)."""

    side: str
    vessel: str
    how: str
    target: str
    kind: ClassVar[str] = "ram"


@frozen
class HeadOnChoice:
    """The captain who hit the higher AC in a head-on ram chooses: ram, shear (the oars) or
    miss (Head-On Ramming)."""

    side: str
    outcome: str
    kind: ClassVar[str] = "head_on"


@frozen
class ShiftBow:
    """A vessel under sail facing into the wind shifts her bow into an adjacent hex."""

    side: str
    vessel: str
    turn: int          # 1 starboard, -1 port
    kind: ClassVar[str] = "shift_bow"


@frozen
class Halt:
    """A backwatering vessel stops at this count (Backwatering); a monster ends its move."""

    side: str
    vessel: str
    kind: ClassVar[str] = "halt"


@frozen
class Swim:
    """A sea monster moves one hex (into any neighbouring hex)."""

    side: str
    vessel: str
    facing: int
    kind: ClassVar[str] = "swim"


@frozen
class Shoot:
    """An artillery piece fires at a vessel or monster in its arc and range (Artillery); a
    catapult may throw burning ``pitch`` at a vessel (Fire Pot Poles and Pitch)."""

    side: str
    vessel: str
    piece: str
    target: str
    pitch: bool = False
    kind: ClassVar[str] = "shoot"


@frozen
class Winch:
    """A heavy harpoon ballista's crew cranks the winch a full round."""

    side: str
    vessel: str
    piece: str
    kind: ClassVar[str] = "winch"


@frozen
class Volley:
    """The marines shoot at an enemy crew as a troop formation (Missile Attacks)."""

    side: str
    vessel: str
    target: str
    kind: ClassVar[str] = "volley"


@frozen
class ThrowGrapple:
    """A crewman throws a grappling line at a vessel adjacent or sharing a hex."""

    side: str
    vessel: str
    target: str
    kind: ClassVar[str] = "throw_grapple"


@frozen
class CutLine:
    """A crewman cuts (``dislodge`` False) or dislodges a grappling line to another vessel."""

    side: str
    vessel: str
    other: str
    dislodge: bool = False
    kind: ClassVar[str] = "cut_line"


@frozen
class Attack:
    """A sea monster attacks a vessel it is beside or in: her hull, or the men on deck."""

    side: str
    vessel: str
    target: str
    at: str = "hull"   # hull or crew
    kind: ClassVar[str] = "attack"


@frozen
class LowerBridge:
    """The deck crew lowers her boarding bridge (from the bow) or places her boarding ramp
    (``machine``) on an enemy vessel (Boarding by Boarding Bridge, by Boarding Ramp)."""

    side: str
    vessel: str
    target: str
    machine: str = "bridge"
    kind: ClassVar[str] = "lower_bridge"


@frozen
class RaiseBridge:
    """Her operator raises her boarding bridge."""

    side: str
    vessel: str
    kind: ClassVar[str] = "raise_bridge"


@frozen
class Dislodge:
    """Her men throw off an enemy's unsecured bridge or ramp (``owner`` the enemy vessel)."""

    side: str
    vessel: str
    owner: str
    kind: ClassVar[str] = "dislodge"


@frozen
class Board:
    """Her boarding party crosses to ``target`` ``by`` bridge, ramp, line or jump; over a
    bridge or ramp at a ``run`` (running speed: a Paralysis save each, unless the bridge is
    fastened) or walking (combat speed, no save). ``men``: how many of her boarding party
    set out, the nearest the crossing first (0: the whole party); the rest stay aboard."""

    side: str
    vessel: str
    target: str
    by: str
    run: bool = False
    men: int = 0
    kind: ClassVar[str] = "board"


@frozen
class Fight:
    """Her men on every deck with enemies on it close and strike (one action for the
    group)."""

    side: str
    vessel: str
    kind: ClassVar[str] = "fight"


@frozen
class DumpFirePots:
    """Her fire pot pole's operator dumps the pots on an enemy beside or in her bow hex (Fire
    Pot Poles and Pitch)."""

    side: str
    vessel: str
    target: str
    kind: ClassVar[str] = "dump_fire_pots"


@frozen
class FightFire:
    """Every man of her crew in or within 5' of the fire spends his round fighting it."""

    side: str
    vessel: str
    fire: str
    kind: ClassVar[str] = "fight_fire"


@frozen
class Done:
    """An actor passes (holds fire, holds the marines, ends its turn on this count)."""

    side: str
    actor: str
    kind: ClassVar[str] = "done"


Action = (Declare | HoldCourse | MoveFirst | Step | Ram | HeadOnChoice | ShiftBow | Halt | Swim
          | Shoot | Winch | Volley | ThrowGrapple | CutLine | Attack | LowerBridge
          | RaiseBridge | Dislodge | Board | Fight | DumpFirePots | FightFire | Done)
