"""Every decision Ahoy! gives a player, as a value.

Each action is a frozen attrs class with a ``kind`` that tags it in JSON
(``{"type": "advance", "inches": 3}``). Ships, guns and crewmen are named by their ids.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

# --- start of the turn: orders ---------------------------------------------------------------


@frozen
class AssignCrew:
    """Tell off a ship's crew: ``sailing`` to handle her, ``fires`` to fight fire markers, the
    rest to the guns (``guns_first`` side manned first), any left over unoccupied."""

    ship: str
    sailing: int
    fires: int = 0
    guns_first: str = ""
    kind: ClassVar[str] = "assign_crew"


@frozen
class DeclareRam:
    """Ramming: declare at the start of the turn; the crew Brace for impact (no shooting)."""

    ship: str
    target: str
    kind: ClassVar[str] = "declare_ram"


@frozen
class CutLoose:
    """Ramming and Ships Becoming Entangled: try to cut free (4+); no shooting this turn."""

    ship: str
    kind: ClassVar[str] = "cut_loose"


@frozen
class Board:
    """Boarding Actions: send ``count`` men across onto ``target``."""

    ship: str
    target: str
    count: int
    kind: ClassVar[str] = "board"


@frozen
class RecallBoarders:
    """Disengaging: call the boarders home; each in combat takes a free hit as he goes."""

    ship: str
    kind: ClassVar[str] = "recall_boarders"


@frozen
class CastOff:
    """Disengaging: every boarder slain, the boarded ship casts off from her enemy."""

    ship: str
    kind: ClassVar[str] = "cast_off"


@frozen
class RaiseAnchor:
    """Anchors: raise the anchor (needs the crew in control); she starts from speed 0."""

    ship: str
    kind: ClassVar[str] = "raise_anchor"


@frozen
class CutAnchor:
    """Anchors: too few crew to raise it, so cut the anchor loose (4+) and drift."""

    ship: str
    kind: ClassVar[str] = "cut_anchor"


@frozen
class StrikeColours:
    """Strike Yer Colours, voluntarily, once she is down to half her Structure Points."""

    ship: str
    kind: ClassVar[str] = "strike_colours"


@frozen
class ShoveOff:
    """Beaching and Re-floating: two crew shove a beached Small ship or boat off the sand."""

    ship: str
    kind: ClassVar[str] = "shove_off"


@frozen
class HeaveGun:
    """Beaching and Re-floating: the gun's crew spend the turn heaving it overboard (+1 to each
    later re-floating roll)."""

    ship: str
    gun: str
    kind: ClassVar[str] = "heave_gun"


@frozen
class CastOffFromQuay:
    """Docking/Casting Off: leave the quay from speed 0 (too few crew: cast adrift)."""

    ship: str
    kind: ClassVar[str] = "cast_off_from_quay"


@frozen
class EndOrders:
    """Orders given: fight the fires, then on to the movement phase."""

    kind: ClassVar[str] = "end_orders"


# --- movement --------------------------------------------------------------------------------


@frozen
class StartMove:
    """Begin a ship's move at a pace: ``full`` (roll), ``slow`` (fixed, then half fixed),
    ``halt`` (stop; she drifts), ``under_way`` (from a standstill), ``cast_off``."""

    ship: str
    pace: str
    kind: ClassVar[str] = "start_move"


@frozen
class Advance:
    """Move the ship straight ahead ``inches``."""

    inches: int
    kind: ClassVar[str] = "advance"


@frozen
class Turn:
    """Turn the ship 45° about her centre: ``port`` or ``starboard``."""

    direction: str
    kind: ClassVar[str] = "turn"


@frozen
class EndMove:
    """The ship has used her whole move."""

    kind: ClassVar[str] = "end_move"


@frozen
class ReturnToTable:
    """Sailing Off the Table: come back within 6" of where she left, at any heading."""

    ship: str
    offset: int
    heading: int
    kind: ClassVar[str] = "return_to_table"


@frozen
class Withdraw:
    """Stay off the table: she leaves the battle."""

    ship: str
    kind: ClassVar[str] = "withdraw"


@frozen
class Swim:
    """Swimming: the swimmers with ``swimmer`` swim up to 4" toward ``toward`` (a ship), or
    tread water (``toward`` empty)."""

    swimmer: str
    toward: str
    kind: ClassVar[str] = "swim"


@frozen
class DropAnchor:
    """Anchors: lower the anchor after moving at 6" or less (4+ without the crew in control)."""

    ship: str
    kind: ClassVar[str] = "drop_anchor"


@frozen
class CastAdrift:
    """Fire Ships: at the start of the movement phase the towing ``ship`` casts ``fire_ship``
    adrift; she runs on at her speed and heading for a turn, then goes out of control."""

    ship: str
    fire_ship: str
    kind: ClassVar[str] = "cast_adrift"


@frozen
class LaunchBoat:
    """Launching craft: at the start of the movement phase lower a boat alongside with
    ``count`` men (at least 2); she becomes a Jolly Boat at 0\"."""

    ship: str
    count: int
    kind: ClassVar[str] = "launch_boat"


@frozen
class EndMovement:
    """Every ship has moved: on to shooting."""

    kind: ClassVar[str] = "end_movement"


# --- shooting --------------------------------------------------------------------------------


@frozen
class FireGun:
    """Fire a gun along its line: ``guess`` is the guessed range in inches, or 0 at point
    blank (10" or less: no guess), for grapeshot and for a swivel gun. ``shot``: ``ball``,
    ``chain`` (Chainshot) or ``grape`` (Grapeshot)."""

    ship: str
    gun: str
    guess: int
    shot: str = "ball"
    kind: ClassVar[str] = "fire_gun"


@frozen
class TrainTurret:
    """Gun Turrets: turn the turret to align precisely with the ship ``target``."""

    ship: str
    gun: str
    target: str
    kind: ClassVar[str] = "train_turret"


@frozen
class FireMissiles:
    """Missile Weapons: the crew's bows and handguns shoot at the crew of ``target``."""

    ship: str
    target: str
    kind: ClassVar[str] = "fire_missiles"


@frozen
class EndShooting:
    """Shooting done: boarding actions are fought, and the turn passes."""

    kind: ClassVar[str] = "end_shooting"


# --- decisions in the middle of things -------------------------------------------------------


@frozen
class Avoid:
    """Avoiding Rammers: the captain tests Ld to dodge (Jolly Boat, Small) or turn the blow
    into a glancing one (Medium, Large) — or does not try."""

    attempt: bool
    kind: ClassVar[str] = "avoid"


@frozen
class RerollRamDie:
    """Rams: re-roll one damage die (``die`` is its index), or keep them all (-1)."""

    die: int
    kind: ClassVar[str] = "reroll_ram_die"


@frozen
class DealWithSwimmers:
    """Swimming: enemy swimmers picked up are ``slay`` (4+), ``captive`` or ``ignore``."""

    choice: str
    kind: ClassVar[str] = "deal_with_swimmers"


@frozen
class DecideFate:
    """Surrendering a Boarded Ship: the victors ``slaughter`` or ``lock_below`` the beaten."""

    choice: str
    kind: ClassVar[str] = "decide_fate"


Action = (
    AssignCrew | DeclareRam | CutLoose | Board | RecallBoarders | CastOff | RaiseAnchor
    | CutAnchor | StrikeColours | ShoveOff | HeaveGun | CastOffFromQuay | EndOrders | StartMove
    | Advance | Turn | EndMove | ReturnToTable | Withdraw | Swim | DropAnchor | CastAdrift
    | LaunchBoat | EndMovement | FireGun | TrainTurret | FireMissiles | EndShooting | Avoid
    | RerollRamDie | DealWithSwimmers | DecideFate
)
