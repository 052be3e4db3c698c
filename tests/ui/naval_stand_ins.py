"""Stand-ins for naval-battle's movement and shooting while those modules are stubs.

Only used when the real functions raise NotImplementedError: plain, rule-shaped answers that
keep the turn going (every ship moves along her tokens; guns reach enemies within 30")."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import UNIT, hull
from ahoy_tui.rules.naval_battle import boarding, fires, movement, shooting
from ahoy_tui.rules.naval_battle.model import GUNS, SPEED
from ahoy_tui.rules.naval_battle.shooting import Weapon
from ahoy_tui.rules.naval_battle.tables import tables


def hull_of(ship):
    return hull(ship.x, ship.y, ship.heading, 2 + ship.size / 10, 1 + ship.size / 30)


def turn_cost(ship):
    return tables().maneuvers.turn_cost(ship.size)


def change_speed(ship, change, orders):
    chits = orders.creature_speed or sum(n for s, _, n in orders.assign if s == SPEED)
    top = tables().speed.maximum(ship.moving_speed_value)
    delta = {"up": chits // tables().speed.up_cost,
             "down": -(chits // tables().speed.down_cost)}.get(change, 0)
    speed = max(0, min(top, ship.speed + delta))
    return replace(ship, speed=speed), f"{ship.name} goes {speed}\"/turn"


def legs(ship, orders):
    paid = (orders.creature_maneuvers if ship.creature_alive else
            sum(n for s, _, n in orders.assign if s == "maneuvers")) // max(1, turn_cost(ship))
    out = []
    leg = Fraction(ship.speed, max(1, len(orders.maneuvers)))
    for token in orders.maneuvers:
        turn = {"port": -1, "starboard": 1}.get(token, 0)
        if turn and paid <= 0:
            turn = 0
        elif turn:
            paid -= 1
        out.append((turn, leg))
    return tuple(out)


def track(ship, orders):
    x, y, heading = ship.x, ship.y, ship.heading
    out = [(x, y, heading)]
    for turn, inches in legs(ship, orders):
        heading = (heading + turn) % 8
        dx, dy = UNIT[heading]
        x, y = x + dx * float(inches), y + dy * float(inches)
        out.append((x, y, heading))
    return tuple(out)


def move_all(state, dice, events):
    for ship in state.ships:
        orders = state.ship_orders(ship.id)
        if orders is not None and ship.afloat:
            x, y, heading = track(ship, orders)[-1]
            state = state.with_ship(replace(ship, x=x, y=y, heading=heading))
    return state


def weapons(state, ship_id):
    ship = state.ship(ship_id)
    enemies = tuple((o.id, round(math.dist((o.x, o.y), (ship.x, ship.y)), 1))
                    for o in state.ships if o.side != ship.side and o.afloat)
    near = tuple(t for t in enemies if t[1] <= 30)
    out = [Weapon("snipers", "Snipers", 0, near if ship.at("snipers") else (),
                  "" if ship.at("snipers") else "no chits on Snipers")]
    for gun in ship.guns:
        cost = tables().gun(gun.type).action_points
        ok = ship.at(GUNS) >= cost
        out.append(Weapon(gun.id, tables().gun(gun.type).name, cost, near if ok else (),
                          "" if ok else f"needs {cost} chits on Guns"))
    return tuple(out)


def plan_problem(state, side, shots):
    for ship in state.side_ships(side):
        cost = sum(w.action_points for s in shots if s.ship == ship.id
                   for w in weapons(state, ship.id) if w.weapon == s.weapon)
        if cost > ship.at(GUNS):
            return "Ship's guns", f"{ship.name}: {cost} AP of guns, {ship.at(GUNS)} on Guns"
    return None


def resolve(state, plans, dice, events):
    return state


def resolve_after(state, dice, events):  # boarding and fires: nothing happens
    return state


def _stub(function) -> bool:
    try:
        function(*([None] * function.__code__.co_argcount))
    except NotImplementedError:
        return True
    except Exception:
        return False
    return False


def stand_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """Patch in the stand-ins for whatever is still a stub."""
    for module, names in ((movement, ("hull_of", "turn_cost", "change_speed", "legs", "track",
                                      "move_all")),
                          (shooting, ("weapons", "plan_problem", "resolve"))):
        for name in names:
            if _stub(getattr(module, name)):
                monkeypatch.setattr(module, name, globals()[name])
    for module in (boarding, fires):
        if _stub(module.resolve):
            monkeypatch.setattr(module, "resolve", resolve_after)
