"""Armour saves and Removing casualties.

Every point of damage in these rules is a crewman lost: a chit off a Crew Assignments box. The
owner chooses the boxes (written on the sheet as :attr:`ShipOrders.casualties`; the seed's
custom, Speed and Maneuvers first, when there is no sheet). A creature ship's creature has its
own chits; when they are gone the creature is dead and the ship flounders.
"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.naval_battle.model import USUAL_CASUALTIES, NavalState, Ship
from ahoy_tui.rules.naval_battle.tables import tables

ARMOUR = "Armour"
SHIPS_CREWS = "Ship's Crews"
REMOVING_CASUALTIES = "Removing casualties"
CREATURES = "Creatures"


def save_armour(dice: Dice, target: Ship, hits: int, *, rule: str, modifier: int = 0,
                against_creature: bool = False, side: str | None = None) -> int:
    """Armour: one save die for each point of damage, scoring the armour value or more after
    ``modifier`` (a modified save needing more than 6 cannot be made, reading A28). Returns the
    points that get through."""
    armour = target.creature.armour if against_creature and target.creature else target.armour
    need = armour - modifier
    through = 0
    for _ in range(hits):
        if need > 6:
            through += 1
            continue
        saved, _ = dice.need(armour, f"{target.name}'s armour save", rule, side=side,
                             ship=target.id, modifier=modifier, success="saved",
                             failure="lost")
        if not saved and not against_creature and luck_left(target, dice.events):
            dice.events.append(Happened("luck", f"Skaven luck: {target.name} rolls the "
                                        "save again", SHIPS_CREWS, side=target.side,
                                        ship=target.id))
            saved, _ = dice.need(armour, f"{target.name}'s armour save (luck)", SHIPS_CREWS,
                                 side=side, ship=target.id, modifier=modifier,
                                 success="saved", failure="lost")
        through += 0 if saved else 1
    return through


def luck_left(ship: Ship, events: list[Event]) -> bool:
    """Ship's Crews (Skaven "luck (one reroll per turn)"): whether her crew still have this
    turn's reroll. It goes on the first armour save they fail in the turn (reading A46)."""
    rerolls = max((tables().race(kind).rerolls_per_turn for kind, n in ship.crew
                   if n and kind in tables().races), default=0)
    if rerolls == 0:
        return False
    used = ship.luck_used + sum(1 for e in events
                                if isinstance(e, Happened) and e.kind == "luck"
                                and e.ship == ship.id)
    return used < rerolls


def mark_luck(state: NavalState, events: list[Event]) -> NavalState:
    """Note on each ship the luck her crew used in this action's events."""
    for event in events:
        if isinstance(event, Happened) and event.kind == "luck" and event.ship:
            ship = state.ship(event.ship)
            state = state.with_ship(replace(ship, luck_used=ship.luck_used + 1))
    return state


def flounder(ship: Ship, creature: str, events: list[Event]) -> Ship:
    """Creatures: "If the creature is killed the remaining ship/howdah will flounder with a
    speed and maneuver equal to 1": from the moment it dies, her speed on the track is at most
    speed 1's (12"/turn), not her creature's pace until the next orders change it."""
    most = tables().speed.maximum(ship.moving_speed_value)
    slower = min(ship.speed, most)
    now = (f"her speed falls from {ship.speed}\" to {slower}\"/turn" if slower < ship.speed
           else f"{slower}\"/turn")
    events.append(Happened("creature_dead", f"{ship.name}'s {creature} is killed: the ship "
                           f"flounders at speed 1, maneuver 1 ({now}, {most}\" at most)",
                           CREATURES, side=ship.side, ship=ship.id, big=True))
    return replace(ship, speed=slower)


def take_damage(state: NavalState, ship_id: str, points: int, events: list[Event], *,
                by: str | None, rule: str, to_creature: bool = False,
                first_box: str | None = None, first_kind: str | None = None) -> NavalState:
    """Removing casualties: ``points`` of damage (already past any saves) on a ship, each one
    chit taken off a Crew Assignments box in the owner's order (her revealed
    ``ShipOrders.casualties``, else ``USUAL_CASUALTIES``); ``to_creature`` puts them on her
    creature instead. ``first_box`` (and ``first_kind``) name chits that are lost before the
    owner's order: a gun's own crew killed by its Explosion, the Goblin a Doom Diver fires.
    Credits the damage done to ship ``by`` (for victory points) and marks a ship with no crew
    and no living creature ``gone``."""
    if points <= 0:
        return state
    ship = state.ship(ship_id)
    if ship.gone:
        return state
    if to_creature and ship.creature_alive and ship.creature is not None:
        creature = ship.creature
        lost = min(points, creature.chits)
        left = creature.chits - lost
        ship = replace(ship, creature=replace(creature, chits=left, dead=left == 0),
                       damage_taken=ship.damage_taken + lost)
        events.append(Happened("casualties", f"{ship.name}'s {creature.name} takes {lost} "
                               f"damage ({left} chits left)", rule, side=ship.side,
                               ship=ship.id, big=left == 0))
        if left == 0:
            ship = flounder(ship, creature.name, events)
    else:
        ship, lost = _remove_chits(state, ship, points, first_box, first_kind)
        ship = replace(ship, damage_taken=ship.damage_taken + lost)
        events.append(Happened("casualties", f"{ship.name} loses {lost} crew ({ship.chits} "
                               "chits left)", rule, side=ship.side, ship=ship.id))
    if ship.chits == 0 and not ship.creature_alive and not ship.gone:
        ship = replace(ship, gone="every crewman lost", bound_to=())
        events.append(Happened("lost", f"{ship.name} has lost every crewman", REMOVING_CASUALTIES,
                               side=ship.side, ship=ship.id, big=True))
        state = _unbind(state, ship.id)
    state = state.with_ship(ship)
    if by is not None and lost:
        attacker = state.ship(by)
        state = state.with_ship(replace(attacker, damage_done=attacker.damage_done + lost))
    return state


def _remove_chits(state: NavalState, ship: Ship, points: int, first_box: str | None = None,
                  first_kind: str | None = None) -> tuple[Ship, int]:
    """Take ``points`` chits off her boxes in her owner's order (``first_box``, of
    ``first_kind`` if given, before it); off her crew when she has no boxes dealt (between
    turns). Returns her and the chits actually lost."""
    orders = state.ship_orders(ship.id)
    order = orders.casualties if orders is not None else USUAL_CASUALTIES
    stations = [list(entry) for entry in ship.stations]
    crew = dict(ship.crew)
    lost = 0
    first: list[tuple[str, str | None]] = [] if first_box is None else [(first_box, first_kind)]
    for box, kind in [*first, *((b, None) for b in order)]:
        for entry in stations:
            if lost == points:
                break
            if entry[0] != box or (kind is not None and entry[1] != kind):
                continue
            take = min(int(entry[2]), points - lost)
            entry[2] = int(entry[2]) - take
            crew[str(entry[1])] -= take
            lost += take
    for kind in list(crew):  # chits not on any box (between turns)
        if lost == points:
            break
        on_boxes = sum(int(e[2]) for e in stations if e[1] == kind)
        spare = crew[kind] - on_boxes
        take = min(spare, points - lost)
        if take > 0:
            crew[kind] -= take
            lost += take
    new_stations = tuple((str(s), str(k), int(n)) for s, k, n in stations if n)
    new_crew = tuple((k, n) for k, n in crew.items() if n)
    return replace(ship, stations=new_stations, crew=new_crew), lost


def _unbind(state: NavalState, ship_id: str) -> NavalState:
    ships = tuple(replace(s, bound_to=tuple(b for b in s.bound_to if b != ship_id))
                  if ship_id in s.bound_to else s for s in state.ships)
    return replace(state, ships=ships)
