"""The End Phase: Fires (fire stations) and Fire Damage.

The crew at fire stations team up as the owner wrote on her sheet (``ShipOrders.fire_team``
chits a team, one team to a fire). Each team rolls a D6, plus the race's modifier "to put out
fires", needing the Fire Stations chart's score for the team's action points; a success puts one
fire out. Every fire left then does 1 point of damage, with no armour save, and burns on.

Readings (docs/rules/naval-battle.md):

- A Cabin Boy is 2 action points on the chart; a Sailor on Speed or Maneuvers is also 1 action
  point at fire stations (A24).
- Teams are made of ``fire_team`` chits each, the strongest chits (Cabin Boys) first; the last
  team may be smaller. There are never more teams than fires: chits beyond the teams the fires
  need stand idle.
- The race modifier is the ship's race's (a specialist is of the ship's race).
- A team that cannot succeed even on a 6 (a lone Orc, Elf or Dark Elf) rolls nothing.
- Fire damage is nobody's victory points.
"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.naval_battle import crew
from ahoy_tui.rules.naval_battle.model import FIRE, MANEUVERS, SPEED, NavalState, Ship
from ahoy_tui.rules.naval_battle.shooting import crew_race, signed
from ahoy_tui.rules.naval_battle.tables import tables

FIRES = "Fires"
FIRE_DAMAGE = "Fire Damage"


def fire_crew(ship: Ship) -> list[int]:
    """The action points of each chit at fire stations: 1 a chit, 2 for a Cabin Boy, and a
    Sailor on Speed or Maneuvers as 1 more."""
    rules = tables()
    worths: list[int] = []
    for box, kind, n in ship.stations:
        special = rules.specialists.get(kind)
        if box == FIRE:
            worths.extend([special.fire_fighting_crew if special else 1] * n)
        elif box in (SPEED, MANEUVERS) and special is not None and special.also_fire_stations:
            worths.extend([1] * n)
    return worths


def teams(worths: list[int], size: int, fires: int) -> list[int]:
    """The action points of each team: ``size`` chits a team, the strongest first, the last
    perhaps smaller, at most one team per fire."""
    ordered = sorted(worths, reverse=True)
    size = max(size, 1)
    chunks = [sum(ordered[i:i + size]) for i in range(0, len(ordered), size)]
    return chunks[:fires]


def resolve(state: NavalState, dice: Dice, events: list[Event]) -> NavalState:
    """Fire stations put out what they can; each fire left does 1 damage, no save."""
    rules = tables()
    for ship_id in [s.id for s in state.ships]:
        ship = state.ship(ship_id)
        if ship.gone or not ship.fires:
            continue
        orders = state.ship_orders(ship.id)
        size = orders.fire_team if orders is not None else 1
        crews = teams(fire_crew(ship), size, ship.fires)
        modifier = crew_race(ship, ship.race).fire_fighting
        mod = f" ({signed(modifier)})" if modifier else ""
        out = 0
        if not crews:
            events.append(Happened("no_fire_crew", f"No one is at {ship.name}'s fire stations",
                                   FIRES, side=ship.side, ship=ship.id))
        for number, points in enumerate(crews, start=1):
            need = rules.fire_stations.roll_needed(points)
            who = f"{ship.name}'s fire team {number} ({points} action point" + \
                ("" if points == 1 else "s") + ")"
            if need - modifier > 6:
                events.append(Happened("cannot_put_out", f"{who} cannot put a fire out: "
                                       f"{need}+{mod} is more than a 6", FIRES,
                                       side=ship.side, ship=ship.id))
                continue
            done, _ = dice.need(need, who, FIRES, side=ship.side, ship=ship.id,
                                modifier=modifier, success="put out", failure="still burning")
            out += 1 if done else 0
        left = ship.fires - out
        ship = replace(ship, fires=left)
        state = state.with_ship(ship)
        events.append(Happened("fires", f"{ship.name}'s crew put out {out} of "
                               f"{out + left} fire" + ("" if out + left == 1 else "s")
                               + f"; {left} still burning", FIRES, side=ship.side,
                               ship=ship.id))
        if left:
            damage = left * rules.fire_damage.damage_per_fire
            events.append(Happened("fire_damage", f"Fire does {damage} damage aboard "
                                   f"{ship.name} (no armour save)", FIRE_DAMAGE,
                                   side=ship.side, ship=ship.id))
            state = crew.take_damage(state, ship.id, damage, events, by=None, rule=FIRE_DAMAGE)
    return state
