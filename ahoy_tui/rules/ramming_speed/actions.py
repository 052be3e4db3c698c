"""What a captain may do in Ramming Speed!: every action a frozen value named after the rule."""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen


@frozen
class WriteOrders:
    """Write one galley's orders for the turn (2.0-2.1): a speed band and a letter an inch
    (S straight, L left, R right, along her turning circle); ``rake`` announces an oar rake
    (9.1). Secret until every side has sealed."""

    kind: ClassVar[str] = "write_orders"
    side: str
    ship: str
    band: str
    moves: str
    rake: bool = False


@frozen
class SealOrders:
    """Seal the side's order sheet. A galley left without orders carries on straight ahead."""

    kind: ClassVar[str] = "seal_orders"
    side: str


@frozen
class Shoot:
    """A galley's archers and engines loose at a target (18.0-20.2); ``aim`` a section at short
    range (18.3), or a man a tower's archers pick out (18.4)."""

    kind: ClassVar[str] = "shoot"
    side: str
    ship: str
    target: str
    aim: str = ""


@frozen
class ThrowLines:
    """``men`` of a galley's unengaged men throw grappling lines at an enemy within 2" (14.0)."""

    kind: ClassVar[str] = "throw_lines"
    side: str
    ship: str
    target: str
    men: int


@frozen
class DropCorvus:
    """Drop the corvus on a galley within 2": it always holds (21.1)."""

    kind: ClassVar[str] = "drop_corvus"
    side: str
    ship: str
    target: str


@frozen
class Board:
    """Board a galley held to this one (15.0-15.1): her captains, marines, archers and admiral
    cross; ``officers`` False leaves the captain and admiral aboard; ``section`` sends only the
    boarders standing in that section of her deck (a tower counts in its section); ``man``
    only that man. Each crosses from where he stands to the section of hers nearest him."""

    kind: ClassVar[str] = "board"
    side: str
    ship: str
    target: str
    officers: bool = True
    section: str = ""
    man: str = ""


@frozen
class ShiftOars:
    """Move an oar section from one side of the galley to the other (6.2)."""

    kind: ClassVar[str] = "shift_oars"
    side: str
    ship: str
    to_starboard: bool


@frozen
class SetSail:
    """Begin raising (``up``) or lowering the sail (3.4)."""

    kind: ClassVar[str] = "set_sail"
    side: str
    ship: str
    up: bool


@frozen
class CutLines:
    """Unengaged men try to cut the grappling lines to another galley (14.2, 14.4)."""

    kind: ClassVar[str] = "cut_lines"
    side: str
    ship: str
    target: str


@frozen
class RemoveCorvus:
    """Announce the corvus's removal, once one side holds both galleys (21.2)."""

    kind: ClassVar[str] = "remove_corvus"
    side: str
    ship: str
    target: str


@frozen
class AbandonShip:
    """Every man aboard goes over the side (12.0): D6 each, 4-6 he swims."""

    kind: ClassVar[str] = "abandon_ship"
    side: str
    ship: str


@frozen
class PhaseDone:
    """The side has finished this phase (1.0: each phase finished by all before the next)."""

    kind: ClassVar[str] = "phase_done"
    side: str


@frozen
class PlaceMan:
    """In maintenance, put a man of hers where the captain wants him on her deck (13.0: "freely
    placed anywhere on their ship"), five to a section, a tower counted in its section (13.2).
    Men not placed by hand are placed as a captain would."""

    kind: ClassVar[str] = "place_man"
    side: str
    ship: str
    man: str
    section: str


@frozen
class Recall:
    """Call a galley's boarders back from the galley they boarded (17.0: "abandon the boarding
    enterprise"): they return to their own ship at once (17.2)."""

    kind: ClassVar[str] = "recall"
    side: str
    ship: str
    target: str


@frozen
class PutForward:
    """In a contested section, the men a side puts forward to fight this melee round: three
    abreast in the bow and stern, one amidships or up a tower's ladder (16.7)."""

    kind: ClassVar[str] = "put_forward"
    side: str
    ship: str
    section: str
    men: tuple[str, ...]


@frozen
class MatchUp:
    """The boarding force's match-ups of the men put forward (16.7), within 16.0: a fight each,
    (boarders' ids, defenders' ids); one-against-one of equal rank as far as possible."""

    kind: ClassVar[str] = "match_up"
    side: str
    ship: str
    section: str
    fights: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]


@frozen
class Fall:
    """The losers of a two-against-one (or more) fight choose which of them falls (16.6)."""

    kind: ClassVar[str] = "fall"
    side: str
    ship: str
    man: str


Action = (WriteOrders | SealOrders | Shoot | ThrowLines | DropCorvus | Board | ShiftOars
          | SetSail | CutLines | RemoveCorvus | AbandonShip | PlaceMan | Recall | PutForward
          | MatchUp | Fall | PhaseDone)
