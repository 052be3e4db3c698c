"""Gun Turrets: a gun with no arc, turned to align precisely with its target.

A turret's facing is kept in degrees clockwise from the ship's bow, so it turns with her and only
training it moves it. Each time it is trained through more than 45° a D6 is rolled; on 1-2 a
further D6 on the turret table: it jams where it is, its elevation slips (the range of its
cannon shots this turn is D6" shorter), or its collar slips and the scatter die decides where it
faces this turn. A turret is trained at most once a turn, before it fires.
"""

from __future__ import annotations

import math

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.ahoy.common import tell
from ahoy_tui.rules.ahoy.hulls import within
from ahoy_tui.rules.ahoy.model import AhoyState, Gun, GunState, Ship, update_ship
from ahoy_tui.rules.ahoy.shooting import aim, gun_name, is_target, ship_may_shoot
from ahoy_tui.rules.ahoy.tables import tables

TURRETS = "Gun Turrets"


def bearing_to(ship: Ship, gun: Gun, target: Ship) -> float:
    """The facing (degrees from the bow, 0-360) that lines the turret up on the target's
    centre."""
    origin, _ = aim(ship, gun)
    absolute = math.degrees(math.atan2(target.x - origin[0], -(target.y - origin[1])))
    return round((absolute - ship.heading * 45) % 360, 3) % 360


def swing(a: float, b: float) -> float:
    """Degrees turned going the short way from facing ``a`` to ``b``."""
    d = abs(a - b) % 360
    return min(d, 360 - d)


def train_refused(state: AhoyState, ship: Ship, gun: Gun, target: Ship | None) -> str | None:
    """Why this turret may not be trained on that ship now, or None."""
    if gun.mount != "turret":
        return "only a gun in a turret is trained; other guns fire along their fixed line"
    why = ship_may_shoot(state, ship)
    if why:
        return why
    if gun.state == GunState.DESTROYED:
        return "the gun is destroyed"
    if gun.fired:
        return "the gun has already fired this turn"
    if gun.fault == "jammed":
        return "the turret mechanism is jammed and may not move this turn"
    if gun.fault == "scattered":
        return "the turret's collar slipped: it faces where the scatter die left it this turn"
    if gun.trained:
        return "the turret has already been turned this turn"
    if target is None or not target.on_table or not is_target(ship, target):
        return "train it on an enemy ship on the table"
    if not within(state, ship.id, target.id, tables().gun(gun.weapon).range):
        return f"the {target.name} is beyond the gun's range"
    if swing(gun.facing, bearing_to(ship, gun, target)) < 0.5:
        return f"the turret already bears on the {target.name}"
    return None


def train_targets(state: AhoyState, ship: Ship, gun: Gun) -> list[Ship]:
    return [t for t in state.ships if t.side != ship.side
            and train_refused(state, ship, gun, t) is None]


def train_turret(state: AhoyState, dice: Dice, ship_id: str, gun_id: str,
                 target_id: str) -> AhoyState:
    ship = state.ship(ship_id)
    gun = next(g for g in ship.guns if g.id == gun_id)
    target = state.ship(target_id)
    wanted = bearing_to(ship, gun, target)
    turned = swing(gun.facing, wanted)
    name = gun_name(ship, gun)
    changes: dict[str, object] = {"trained": True, "facing": wanted}
    turret = tables().table("turret")
    if turned > turret["turn_free"]:
        roll = dice.d6(f"{name} turns {turned:.0f}°", TURRETS, side=ship.side, ship=ship_id,
                       need=f"{turret['fault_on'] + 1}+")
        if roll <= turret["fault_on"]:
            dice.judge("trouble")
            changes.update(_mishap(dice, ship, gun, name, turret))
        else:
            dice.judge("turns smoothly")
    if changes["facing"] == wanted:
        tell(dice, "turret", f"{'T' + name[1:]} is trained on the {target.name}", TURRETS,
             side=ship.side, ship=ship_id)
    guns = tuple(replace(g, **changes) if g.id == gun_id else g for g in ship.guns)
    return update_ship(state, ship_id, guns=guns)


def _mishap(dice: Dice, ship: Ship, gun: Gun, name: str,
            turret: dict[str, object]) -> dict[str, object]:
    roll = dice.d6(f"{name}: turret mishap", TURRETS, side=ship.side, ship=ship.id)
    result = tables().d6_entry("turret", "jam", roll)
    dice.judge(result)
    if result == "jammed":
        tell(dice, "turret_jam", f"The {ship.name}'s turret mechanism jams: it stays where it "
             "was this turn (it may still fire)", TURRETS, side=ship.side, ship=ship.id)
        return {"facing": gun.facing, "fault": "jammed"}
    if result == "slipped":
        loss = dice.expr(str(turret["slip_range"]), "inches off the range of its shots",
                         TURRETS, side=ship.side, ship=ship.id)
        tell(dice, "turret_slip", f"The {ship.name}'s elevation sprocket slips: {loss}\" off "
             "the range of its cannon shots this turn", TURRETS, side=ship.side, ship=ship.id)
        return {"fault": "slipped", "range_loss": loss}
    scatter = dice.d6("scatter die: where the turret ends up facing", TURRETS, side=ship.side,
                      ship=ship.id)
    facing = float(tables().d6_entry("turret", "scatter", scatter))
    dice.judge(f"{facing:.0f}° from the bow")
    tell(dice, "turret_scatter", f"The {ship.name}'s turret collar slips: it swings round to "
         f"{facing:.0f}° from the bow this turn", TURRETS, side=ship.side, ship=ship.id)
    return {"facing": facing, "fault": "scattered"}
