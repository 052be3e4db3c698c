"""Every decision Naval Battle Rules give a captain, as a value.

The rules play almost the whole turn from sheets written in secret: each side seals one action
per secret phase (its declarations, its orders, its fire plan), and the engine reveals them
together when the last side has sealed (:mod:`ahoy_tui.engine.orders`). Ships, guns and crew
kinds are named by their ids.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from ahoy_tui.rules.naval_battle.model import ShipOrders, Shot


@frozen
class DeclareSpeed:
    """Changing speed: before the orders are revealed each captain declares, for each ship,
    whether she speeds up, slows down or holds her speed ("up" / "down" / "hold")."""

    side: str
    ships: tuple[tuple[str, str], ...]
    kind: ClassVar[str] = "declare_speed"


@frozen
class GiveOrders:
    """The Orders Phase: every ship's crew assignments and maneuver tokens, sealed."""

    side: str
    ships: tuple[ShipOrders, ...]
    kind: ClassVar[str] = "give_orders"


@frozen
class FirePlan:
    """Shooting: what each gun, each ship's snipers and each creature shoots at, sealed.

    Anything not named holds its fire."""

    side: str
    shots: tuple[Shot, ...] = ()
    kind: ClassVar[str] = "fire_plan"


Action = DeclareSpeed | GiveOrders | FirePlan
