"""Movement: speed for the turn, moving and turning, drifting, leaving and returning to the table.

A ship's move is a :class:`~ahoy_tui.rules.ahoy.model.Move`: begun with a pace (``StartMove``),
made of straight advances and 45° turns about her centre, ended when she has used it all. The
whole move must be used (Movement Rates); a sailing ship must move the minimum distance for her
size before each turn (Turning). Contact with another hull stops her: a ram if she declared one
at that ship, a collision otherwise.

Oar and steam ships (the Advanced rules) move by their own rates tables and may also hold
station at 0", turn without moving, put on a burst of speed in a straight line, and go astern
from a standstill. What each way of moving allows is data: ``movement.toml`` ``[powers]``.
"""

from __future__ import annotations

import math

from attrs import frozen

from ahoy_tui.engine.dice import MISFIRE, Dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import UNIT, advance, first_contact, heading_name, overlap, turned
from ahoy_tui.rules.ahoy.common import half_up, inches, tell
from ahoy_tui.rules.ahoy.crew import in_control
from ahoy_tui.rules.ahoy.fire_ships import scorch
from ahoy_tui.rules.ahoy.hulls import may_meet, parting, ship_hull
from ahoy_tui.rules.ahoy.model import AhoyState, Move, Pending, Ship, update_ship
from ahoy_tui.rules.ahoy.swimming import passed_swimmers, pick_up_friends
from ahoy_tui.rules.ahoy.tables import Power, Rate, tables
from ahoy_tui.rules.ahoy.terrain import Hazard, describe, first_hazard, meet_hazard, solid_under
from ahoy_tui.rules.ahoy.wind import BEATING, into_the_wind, point_of_sail

RATES = "Movement Rates for Sailing Ships"
TURNING = "Turning"
SLOWING = "Slowing Down"
STATIONARY = "Stationary Ships"
IRONS = "In Irons"
ADRIFT = "Ships Adrift"
OFF_TABLE = "Sailing Off the Table"
OUT_OF_CONTROL = "Ships Moving Out of Control"
WEATHER = "Wind Direction (Light Airs and Gales)"
ANCHORS = "Anchors"
RUDDER = "Critical Hits (Rudder Damaged)"
DISMASTED = "Critical Hits (Dismasted)"


@frozen
class Pace:
    """A way to start the move: its name, what it means, and its distance (None: rolled)."""

    name: str
    label: str
    allowance: int | None


def power(ship: Ship) -> Power:
    """How she is driven (sail, oars, steam), and what that lets her do."""
    return tables().power(ship.propulsion)


def fixed_rate(state: AhoyState, ship: Ship) -> tuple[Rate, int, str]:
    """Her rate for this turn's heading, and the fixed part after rams and the weather.

    A ram takes 2 off the ship's fixed rates first (Rams); Light Airs then halve the fixed rate
    (rounding down) and Gales add half again (rounding up). Those are strengths of the wind:
    they change the rates of ships driven by it, not of oar or steam ships.
    """
    point = point_of_sail(ship.heading, state.wind)
    rate = tables().rates(ship.propulsion, ship.size).rate(point)
    fixed = max(0, rate.fixed - (2 if ship.ram else 0))
    if not power(ship).by_wind:
        return rate, fixed, point
    if state.options.weather == "light_airs":
        fixed //= 2
    elif state.options.weather == "gales":
        fixed += half_up(fixed)
    return rate, fixed, point


def steering_roll(state: AhoyState, ship: Ship) -> bool:
    """Light Airs and Gales: whether she must roll 4+ to change heading. In Light Airs only a
    ship driven by the wind loses her steerage; a Gale's seas trouble every ship."""
    weather = state.options.weather
    return weather == "gales" or (weather == "light_airs" and power(ship).by_wind)


def at_a_standstill(ship: Ship) -> bool:
    """She begins her turn at a speed of 0" (holding station and going astern need it)."""
    return ship.speed == 0 and not ship.cast_off


def burst_words(state: AhoyState, ship: Ship) -> str:
    """"burst this turn" / "burst last turn" while her burst keeps her from another, else ""."""
    if not ship.burst_turn:
        return ""
    if ship.burst_turn == state.turn:
        return "burst this turn"
    return "burst last turn" if ship.burst_turn == state.turn - 1 else ""


def burst_refused(state: AhoyState, ship: Ship) -> str | None:
    """Why she may not put on a burst of speed this turn, or None if she may."""
    drive = power(ship)
    if not drive.burst:
        return f"only oar and steam ships may put on a burst; the {ship.name} is under sail"
    if ship.burst_turn and ship.burst_turn >= state.turn - 1:
        return f"not in consecutive turns: the {ship.name} did so last turn"
    if point_of_sail(ship.heading, state.wind) == BEATING:
        return f"not heading into the wind: the {ship.name} is beating"
    if ship.rudder_damaged:
        return f"with her rudder damaged the {ship.name} cannot be sure of a straight line"
    if ship.dismasted:
        return f"the {ship.name} is {drive.crippled}: at most D6\" a turn"
    full_speed = ship.under_way >= 2 or (ship.under_way == 1 and is_jolly_boat(ship))
    if ship.cast_off or not full_speed:
        return (f"the burst comes on top of full speed: the {ship.name} is not yet under way "
                "at full speed")
    return None


def is_jolly_boat(ship: Ship) -> bool:
    return ship.size == "jolly_boat"


def pace_options(state: AhoyState, ship: Ship) -> list[Pace]:
    """The speeds the rules allow her this turn."""
    rate, fixed, point = fixed_rate(state, ship)
    roll = f"{rate.dice}+{fixed}\""
    halt = ship.speed <= tables().roll("halt_speed")
    options: list[Pace] = []
    if ship.cast_off:
        options.append(Pace("cast_off", f"cast off: the {rate.dice} only", None))
    elif ship.under_way == 0:
        first = fixed if is_jolly_boat(ship) else half_up(fixed)
        options.append(Pace("under_way", f"get under way: {first}\"", first))
    elif ship.under_way == 1 and not is_jolly_boat(ship):
        options.append(Pace("fixed", f"gather way: the fixed {fixed}\"", fixed))
    else:
        options.append(Pace("full", f"full speed: {roll} ({point})", None))
        slow = fixed if ship.slowing == 0 else half_up(fixed)
        options.append(Pace("slow", f"slow down: {slow}\"", slow))
    drive = power(ship)
    if any(p.name == "full" for p in options) and burst_refused(state, ship) is None:
        options.append(Pace("burst", f"full speed, \"{drive.burst}\": {roll} plus half an "
                                     "Artillery die, straight ahead", None))
    if halt:
        options.append(Pace("halt", "halt: stop and drift", 0))
    if drive.hold and at_a_standstill(ship):
        options.append(Pace("hold", "hold station: stay where she is, turning in place", 0))
    if drive.astern and at_a_standstill(ship) and ship.ram_target is None:
        options.append(Pace("astern", f"{drive.astern_rule.lower()}: up to {drive.astern}\" "
                                      "straight back", drive.astern))
    return options


def pace_refused(state: AhoyState, ship: Ship, pace: str) -> tuple[str, str]:
    """(rule, reason) for a pace she is not offered this turn."""
    if ship.off_table:
        return return_refused(state, ship)
    names = ", ".join(p.name for p in pace_options(state, ship))
    offered = f"(she may: {names})"
    halt_speed = tables().roll("halt_speed")
    if pace == "halt":
        return SLOWING, (f"only a ship making {halt_speed}\" or less may come to a halt; the "
                         f"{ship.name} made {ship.speed}\" {offered}")
    drive = power(ship)
    if pace == "burst":
        why = burst_refused(state, ship)
        return (drive.burst or drive.section), f"{why or 'she may not'} {offered}"
    if pace in ("hold", "astern"):
        rule = drive.section if pace == "hold" else (drive.astern_rule or drive.section)
        if not (drive.hold if pace == "hold" else drive.astern):
            return rule, f"only oar and steam ships may {_PACE_WORDS[pace]} {offered}"
        if ship.ram_target is not None and pace == "astern":
            return "Ramming", f"braced to ram, she may not go astern {offered}"
        return rule, (f"only a ship that begins her turn at 0\" may {_PACE_WORDS[pace]}; the "
                      f"{ship.name} made {ship.speed}\" {offered}")
    if ship.under_way < 2 and pace in ("full", "slow", "fixed", "under_way") and not (
            is_jolly_boat(ship) and ship.under_way == 1):
        return STATIONARY, (f"the {ship.name} is getting under way from a standstill: half the "
                            f"fixed rate, then the fixed rate, then full speed {offered}")
    return RATES, f"the {ship.name} may not move at {pace!r} now {offered}"


_PACE_WORDS = {"hold": "hold station", "astern": "go astern"}


def return_refused(state: AhoyState, ship: Ship, offset: int | None = None,
                   heading: int | None = None) -> tuple[str, str]:
    """(rule, reason) for a return to the table (or a withdrawal) that is not allowed, or for
    any other move of a ship that is off the table."""
    if ship.withdrawn:
        return OFF_TABLE, f"the {ship.name} has left the battle and cannot return"
    if not ship.off_table:
        return OFF_TABLE, f"the {ship.name} is on the table"
    if ship.moved:
        return OFF_TABLE, f"the {ship.name} has moved this turn: she may return in her next"
    within = tables().roll("return_within")
    if offset is None or heading is None:
        return OFF_TABLE, (f"the {ship.name} is off the table: she may return within {within}\" "
                           "of where she left, or withdraw")
    if abs(offset) > within:
        return OFF_TABLE, f"she may return only within {within}\" of where she left"
    return OFF_TABLE, (f"she may not return heading {heading_name(heading)}: that heads back "
                       "off the table (or another hull is in the way)")


def needs_move(state: AhoyState, ship: Ship) -> bool:
    """Whether the player still has to move this ship this turn."""
    if ship.side != state.active or ship.moved or ship.sunk or ship.withdrawn:
        return False
    if ship.off_table:
        return True
    if ship.anchored or ship.captured_by or ship.immobilised or ship.aground or ship.docked:
        return False
    if state.lock_of(ship.id) is not None:
        return False
    return in_control(state, ship) and not ship.ooc_stopped


def start_move(state: AhoyState, dice: Dice, ship_id: str, pace_name: str) -> AhoyState:
    ship = state.ship(ship_id)
    pace = next(p for p in pace_options(state, ship) if p.name == pace_name)
    if pace.name == "hold":
        return hold_station(state, dice, ship_id)
    if pace.name == "astern":
        return go_astern(state, dice, ship_id)
    rate, fixed, point = fixed_rate(state, ship)
    rolled_in_full = pace.name in ("full", "burst")
    large_beating = ship.size == "large" and point == BEATING and power(ship).by_wind
    in_irons = False
    if pace.allowance is None:
        purpose = f"{ship.name}: speed ({point}, {rate.dice}+{fixed if rolled_in_full else 0})"
        rule = power(ship).section  # Movement Rates for Sailing Ships, or Oar/Steam Powered
        if rate.dice == "D3":
            result = dice.d3(purpose, rule, side=ship.side, ship=ship.id)
        else:
            result = dice.d6(purpose, rule, side=ship.side, ship=ship.id)
        face = dice.last_roll.faces[0]
        allowance = result + (fixed if rolled_in_full else 0)
        if large_beating and isinstance(face, int) and face < tables().table("in_irons")[
                "manoeuvre"]:
            in_irons = True
    else:
        allowance = pace.allowance
        in_irons = large_beating and allowance > 0
    allowance = _dismasted_cap(dice, ship, allowance)
    slowing = ship.slowing + 1 if pace.name == "slow" else 0
    under_way = {"under_way": 1, "fixed": 2, "halt": 0, "cast_off": 2, "burst": 2}.get(
        pace.name, 2 if ship.under_way >= 1 else ship.under_way)
    if is_jolly_boat(ship) and pace.name == "under_way":
        under_way = 1
    tell(dice, "pace", f"The {ship.name} is {point} ({_heading_words(ship, state)}): "
         f"{pace.label.split(':')[0]}, {allowance}\" this turn",
         _pace_rule(ship, pace.name), side=ship.side, ship=ship.id)
    if pace.name == "burst":
        state = update_ship(state, ship_id, burst_turn=state.turn)
        extra, state = _burst(state, dice, ship_id)
        allowance += extra
    state = update_ship(state, ship_id, speed=allowance, slowing=slowing, under_way=under_way,
                        cast_off=False, in_irons=in_irons)
    if allowance == 0:
        state = update_ship(state, ship_id, moved=True, moved_last=0.0, under_way=0)
        return drift_ship(state, dice, ship_id)
    return _set_out(state, dice, ship_id, allowance, in_irons, straight=pace.name == "burst")


def _burst(state: AhoyState, dice: Dice, ship_id: str) -> tuple[int, AhoyState]:
    """"Put yer backs into it!" / "Full Steam Ahead!": an Artillery die; an even score adds
    half of it to her move, a misfire costs her Structure Points."""
    from ahoy_tui.rules.ahoy.damage import damage_ship

    ship = state.ship(ship_id)
    drive = power(ship)
    score = dice.artillery(f"{ship.name}: {drive.burst}", drive.burst, side=ship.side,
                           ship=ship.id)
    if score == MISFIRE:
        dice.judge("misfire")
        lost = dice.expr(drive.burst_misfire, f"{ship.name}: Structure Points lost",
                         drive.burst, side=ship.side, ship=ship.id)
        state = damage_ship(state, dice, ship_id, lost, by_side=None,
                            cause=drive.burst_misfire_cause, rule=drive.burst)
        return 0, state
    extra = int(score) // 2
    dice.judge(f"+{extra}\"")
    tell(dice, "burst", f"{drive.burst} The {ship.name} gains {extra}\" this turn",
         drive.burst, side=ship.side, ship=ship.id, big=True)
    return extra, state


def hold_station(state: AhoyState, dice: Dice, ship_id: str) -> AhoyState:
    """An oar or steam ship at 0" holds station instead of drifting; she may turn in place, up
    to her turns for the turn."""
    ship = state.ship(ship_id)
    tell(dice, "hold", f"The {ship.name} holds station", power(ship).section, side=ship.side,
         ship=ship.id)
    state = update_ship(state, ship_id, speed=0, slowing=0, under_way=0, in_irons=False)
    move = Move(ship=ship_id, allowance=0, turns_left=tables().size(ship.size).turns,
                holding=True)
    return replace(state, move=move)


def go_astern(state: AhoyState, dice: Dice, ship_id: str) -> AhoyState:
    """Rowing / Steaming Backwards: from 0", straight back up to 3" (oars) or 4" (steam), no
    turns; she still counts as making 0"."""
    ship = state.ship(ship_id)
    drive = power(ship)
    allowance = _dismasted_cap(dice, ship, drive.astern)
    tell(dice, "astern", f"The {ship.name} goes astern: up to {allowance}\"", drive.astern_rule,
         side=ship.side, ship=ship.id)
    state = update_ship(state, ship_id, speed=0, slowing=0, under_way=0, in_irons=False)
    move = Move(ship=ship_id, allowance=allowance, turns_left=0, astern=True,
                pickup=allowance <= tables().roll("pickup_speed"))
    return replace(state, move=move)


def crippled_rule(ship: Ship) -> str:
    """The critical hit that holds her to D6" a turn: Dismasted, Oar Deck Hit, Boiler
    Ruptured."""
    return next((f"Critical Hits ({row.name})" for row in tables().criticals[ship.propulsion]
                 if row.effect == "crippled"), DISMASTED)


def _dismasted_cap(dice: Dice, ship: Ship, allowance: int) -> int:
    """Dismasted (or her oar deck or boiler wrecked): she moves at most D6" a turn."""
    if not ship.dismasted or allowance <= 0:
        return allowance
    crippled = power(ship).crippled
    rule = crippled_rule(ship)
    cap = dice.d6(f"{ship.name}: {crippled}, most she can move", rule, side=ship.side,
                  ship=ship.id)
    if cap < allowance:
        tell(dice, "dismasted", f"{crippled.capitalize()}, the {ship.name} makes only {cap}\"",
             rule, ship=ship.id)
        return cap
    return allowance


def _set_out(state: AhoyState, dice: Dice, ship_id: str, allowance: int,
             in_irons: bool, straight: bool = False) -> AhoyState:
    """Begin her move of ``allowance`` inches: In Irons, a damaged rudder, a ramming run."""
    ship = state.ship(ship_id)
    size = tables().size(ship.size)
    if in_irons:
        tell(dice, "in_irons", f"The {ship.name} is In Irons: she moves straight into the wind, "
             "then may try to turn", IRONS, side=ship.side, ship=ship.id, big=True)
    forced = None
    if ship.rudder_damaged:
        roll = dice.d6(f"{ship.name}: damaged rudder", RUDDER, side=ship.side, ship=ship.id)
        forced = tables().d6_entry("rudder", "turn", roll)
        dice.judge({None: "moves normally", -1: "must turn to port", 0: "sails straight ahead",
                    1: "must turn to starboard"}[forced])
    ram = False
    if ship.ram_target is not None:
        if allowance >= tables().roll("ram_min_speed"):
            ram = True
        else:
            tell(dice, "ram_off", f"At {allowance}\" the {ship.name} is too slow to ram "
                 "(6\" or more needed)", "Ramming", side=ship.side, ship=ship.id)
    turns = 1 if ram else size.turns
    if forced is not None:
        turns = 0 if forced == 0 else 1
    move = Move(ship=ship_id, allowance=allowance,
                turns_left=0 if in_irons or straight else turns, ram=ram, in_irons=in_irons,
                forced_turn=forced, pickup=allowance <= tables().roll("pickup_speed"),
                burst=straight)
    return replace(state, move=move)


def _pace_rule(ship: Ship, pace: str) -> str:
    drive = power(ship)
    return {"slow": SLOWING, "halt": SLOWING, "under_way": STATIONARY, "fixed": STATIONARY,
            "cast_off": "Disengaging From a Boarding Action", "burst": drive.burst,
            "hold": drive.section, "astern": drive.astern_rule,
            "full": drive.section}.get(pace, RATES)


def _heading_words(ship: Ship, state: AhoyState) -> str:
    return f"heading {heading_name(ship.heading)}"


def _a_ship(size_name: str) -> str:
    """"a Jolly Boat", "a Small ship", "a Large ship"."""
    return f"a {size_name}" if size_name == "Jolly Boat" else f"a {size_name} ship"


def turn_blocked(state: AhoyState, direction: int) -> tuple[str, str] | None:
    """Why the moving ship may not turn this way now (rule, reason), or None if she may."""
    move = state.move
    if move is None:
        return "Movement", "no ship is moving"
    ship = state.ship(move.ship)
    size = tables().size(ship.size)
    drive = power(ship)
    if move.astern:
        return drive.astern_rule, "going astern she goes straight back: no turns"
    if move.burst:
        return drive.burst, "the burst is made in a straight line: no turns"
    if move.in_irons:
        if move.remaining > 0:
            return IRONS, "In Irons she must first move her whole distance into the wind"
        if move.turns_made:
            return IRONS, "In Irons she may make only one turn"
    elif move.turns_left <= 0:
        if move.forced_turn == 0:
            return RUDDER, "her damaged rudder holds her straight this turn"
        if move.ram:
            return "Ramming", "a ramming ship makes one turn to align, then sails straight"
        return TURNING, f"{_a_ship(size.name)} may make only {size.turns} turns a turn"
    if move.forced_turn in (-1, 1) and direction != move.forced_turn:
        side = "port" if move.forced_turn < 0 else "starboard"
        return RUDDER, f"her damaged rudder swings her to {side}"
    # In Irons she makes her one turn at the end of her whole move into the wind (D3+1": less
    # than the 4" a Large ship needs before a turn), so the minimum distance does not apply.
    # Stopped dead against the ground she warps her head round before making sail again.
    fending_off = ship.fend_off and move.moved <= 1e-9
    # Oar and steam ships "do not need to move in order to perform a turn".
    if (not move.in_irons and move.since_turn + 1e-9 < size.move_before_turn
            and drive.by_wind and not fending_off):
        return TURNING, (f"{_a_ship(size.name)} under sail must move {size.move_before_turn}\" "
                         f"before each turn ({inches(move.since_turn)} so far)")
    if move.steer_ok is False:
        return WEATHER, "she failed the roll to change heading this turn"
    new = ship_hull(ship, heading=turned(ship.heading, direction))
    for other in state.ships:
        if other.id != ship.id and other.on_table and overlap(new, ship_hull(other)):
            return TURNING, f"no room to turn: the {other.name} is in the way"
    ground = solid_under(state, new)
    if ground is not None and solid_under(state, ship_hull(ship)) is None:
        return TURNING, f"no room to turn: she would swing onto the {describe(ground)}"
    return None


def can_turn(state: AhoyState) -> bool:
    return turn_blocked(state, -1) is None or turn_blocked(state, 1) is None


def turn(state: AhoyState, dice: Dice, direction: int) -> AhoyState:
    move = state.move
    assert move is not None
    ship = state.ship(move.ship)
    if steering_roll(state, ship) and move.steer_ok is None:
        weather = state.options.weather.replace("_", " ")
        ok, _ = dice.need(tables().table("wind")["steer_roll"],
                          f"{ship.name}: change heading in {weather}",
                          WEATHER, side=ship.side, ship=ship.id, success="may turn",
                          failure="holds her heading")
        state = replace(state, move=replace(move, steer_ok=ok))
        if not ok:
            return state
        move = state.move
        assert move is not None
    if move.in_irons:
        ok, _ = dice.need(tables().table("in_irons")["turn"], f"{ship.name}: turn out of irons",
                          IRONS, side=ship.side, ship=ship.id, success="turns",
                          failure="remains In Irons")
        if not ok:
            state = update_ship(state, ship.id, in_irons=True)
            return end_move(state, dice)
    heading = turned(ship.heading, direction)
    state = update_ship(state, ship.id, heading=heading,
                        in_irons=False if move.in_irons else ship.in_irons)
    tell(dice, "turned", f"The {ship.name} turns 45° to {'port' if direction < 0 else 'starboard'}"
         f", now heading {heading_name(heading)}", TURNING, side=ship.side, ship=ship.id)
    move = replace(move, turns_left=move.turns_left - 1, turns_made=move.turns_made + 1,
                        since_turn=0.0)
    return replace(state, move=move)


def ahead(state: AhoyState, distance: float) -> tuple[Ship | None, float, float,
                                                     Hazard | None]:
    """What the moving ship meets going ``distance`` straight on: the first hull and how far
    off (inf: none), how far off the table's edge is, and the first terrain hazard before
    either."""
    move = state.move
    assert move is not None
    ship = state.ship(move.ship)
    direction = UNIT[(ship.heading + move.course) % 8]
    poly = ship_hull(ship)
    contact_at, contact = math.inf, None
    for other in state.ships:
        if other.id == ship.id or not other.on_table:
            continue
        if not may_meet(ship, direction, distance, other):
            continue
        other_hull = ship_hull(other)
        t = first_contact(poly, direction, distance, other_hull)
        if t is not None and t <= 1e-9 and parting(poly, direction, other_hull):
            continue  # lying against her, she sails off or slides past: no new contact
        if t is not None and t < contact_at:
            contact_at, contact = t, other
    exit_at = state.table.exit_distance((ship.x, ship.y), direction)
    hazard = first_hazard(state, ship, direction, min(distance, contact_at, exit_at),
                          move.passed)
    return contact, contact_at, exit_at, hazard


def advance_ship(state: AhoyState, dice: Dice, distance: float) -> AhoyState:
    """Move the ship straight ahead; stop at another hull or the table edge."""
    from ahoy_tui.rules.ahoy.ramming import meet

    move = state.move
    assert move is not None
    ship = state.ship(move.ship)
    distance = min(float(distance), move.remaining)
    way = (ship.heading + move.course) % 8
    contact, contact_at, exit_at, hazard = ahead(state, distance)
    travel = min(distance, contact_at, exit_at, hazard.at if hazard else math.inf)
    x, y = advance(ship.x, ship.y, way, travel)
    state = update_ship(state, ship.id, x=x, y=y)
    move = replace(move, moved=move.moved + travel, since_turn=move.since_turn + travel)
    state = replace(state, move=move)
    if travel > 0:
        where = "astern" if move.astern else "ahead"
        tell(dice, "moved", f"The {ship.name} moves {inches(travel)} {where} "
             f"({inches(move.remaining)} left)", power(ship).astern_rule if move.astern
             else power(ship).section, side=ship.side, ship=ship.id)
    if move.pickup:
        state = _pick_up(state, dice, state.ship(ship.id), ship.x, ship.y, travel)
    state = scorch(state, dice, ship.id, ship.x, ship.y)
    if hazard is not None:
        return _meet_terrain(state, dice, ship.id, hazard, distance - travel)
    if exit_at <= contact_at and exit_at < distance:
        return leave_table(state, dice, ship.id)
    if contact is not None and contact_at < distance:
        return meet(state, dice, ship.id, contact.id)
    return state


def _meet_terrain(state: AhoyState, dice: Dice, ship_id: str, hazard: Hazard,
                  rest: float) -> AhoyState:
    """Terrain in her way: she stops there, or (a wreck passed, deep enough water) sails on."""
    move = state.move
    assert move is not None
    key = hazard.feature if hazard.event == "cross" else f"{hazard.feature}:{hazard.event}"
    state = replace(state, move=replace(move, passed=(*move.passed, key)))
    state, stopped = meet_hazard(state, dice, ship_id, hazard, state.ship(ship_id).speed)
    if stopped:
        if state.move is not None:
            fend_off = state.ship(ship_id).fend_off
            state = end_move(state, dice)
            state = update_ship(state, ship_id, fend_off=fend_off)
        return state
    if state.pending is None and rest > 1e-9:
        return advance_ship(state, dice, rest)
    return state


def _pick_up(state: AhoyState, dice: Dice, ship: Ship, x0: float, y0: float,
             travelled: float) -> AhoyState:
    men = passed_swimmers(state, ship, x0, y0, travelled)
    if not men:
        return state
    state = pick_up_friends(state, dice, ship, men)
    enemies = tuple(m.id for m in men if m.side != ship.side)
    if enemies and state.pending is None:
        state = replace(state, pending=Pending("swimmers", ship.side, ship=ship.id,
                                                    other=ship.id, crew=enemies))
    return state


def leave_table(state: AhoyState, dice: Dice, ship_id: str) -> AhoyState:
    ship = state.ship(ship_id)
    move = state.move
    ooc = not in_control(state, ship)
    state = replace(state, move=None)
    if ooc:
        tell(dice, "lost", f"Out of control, the {ship.name} drifts off the table and is lost to "
             "the battle", OUT_OF_CONTROL, side=ship.side, ship=ship_id, big=True)
        return update_ship(state, ship_id, off_table=True, withdrawn=True, moved=True)
    tell(dice, "off_table", f"The {ship.name} sails off the table; she may return within 6\" "
         "of this point next turn", OFF_TABLE, side=ship.side, ship=ship_id, big=True)
    from ahoy_tui.rules.ahoy.boarding import release_locks

    state = release_locks(state, dice, ship_id)
    return update_ship(state, ship_id, off_table=True, exit_x=ship.x, exit_y=ship.y, moved=True,
                       moved_last=move.moved if move else 0.0)


def end_move(state: AhoyState, dice: Dice) -> AhoyState:
    move = state.move
    assert move is not None
    ship = state.ship(move.ship)
    state = replace(state, move=None)
    return update_ship(state, ship.id, moved=True, moved_last=round(move.moved, 4),
                       fend_off=False)


def return_options(state: AhoyState, ship: Ship) -> list[tuple[int, int]]:
    """(offset, heading) pairs where she may come back: within 6" of her exit point along the
    edge, not heading back off it (straight or at 45°: her centre on the edge, she would leave
    again at once), not on top of another hull."""
    table = state.table
    within = tables().roll("return_within")
    edge = table.edge_of((ship.exit_x, ship.exit_y))
    outward = {"N": 0, "E": 2, "S": 4, "W": 6}[edge]
    found = []
    for offset in range(-within, within + 1):
        x, y = table.along_edge((ship.exit_x, ship.exit_y), offset)
        for heading in range(8):
            if (heading - outward) % 8 in (0, 1, 7):
                continue
            poly = ship_hull(ship, x, y, heading)
            if any(o.id != ship.id and o.on_table and overlap(poly, ship_hull(o))
                   for o in state.ships):
                continue
            found.append((offset, heading))
    return found


def return_to_table(state: AhoyState, dice: Dice, ship_id: str, offset: int,
                    heading: int) -> AhoyState:
    ship = state.ship(ship_id)
    x, y = state.table.along_edge((ship.exit_x, ship.exit_y), offset)
    speed = half_up(ship.speed)
    tell(dice, "returned", f"The {ship.name} returns to the table heading "
         f"{heading_name(heading)}, at {speed}\" (half her speed when she left)", OFF_TABLE,
         side=ship.side, ship=ship_id, big=True)
    speed = _dismasted_cap(dice, ship, speed)
    state = update_ship(state, ship_id, off_table=False, x=x, y=y, heading=heading, speed=speed,
                        under_way=2, slowing=0)
    if speed == 0:
        return update_ship(state, ship_id, moved=True, moved_last=0.0)
    # Her speed is set, not rolled: a Large ship coming back beating is In Irons.
    in_irons = (ship.size == "large" and power(ship).by_wind
                and point_of_sail(heading, state.wind) == BEATING)
    state = update_ship(state, ship_id, in_irons=in_irons)
    return _set_out(state, dice, ship_id, speed, in_irons)


def withdraw(state: AhoyState, dice: Dice, ship_id: str) -> AhoyState:
    ship = state.ship(ship_id)
    tell(dice, "withdrawn", f"The {ship.name} stays away: she has left the battle", OFF_TABLE,
         side=ship.side, ship=ship_id, big=True)
    return update_ship(state, ship_id, withdrawn=True, moved=True)


def drift(state: AhoyState, dice: Dice, ship_ids: tuple[str, ...], distance: float,
          rule: str, passed: tuple[str, ...] = ()) -> AhoyState:
    """Ships (one, or several locked together) drift downwind. Touching another hull they come to
    rest against it; drifting at a few inches is not counted as a collision. A drifting ship
    that crosses the table edge is not under control and is lost to the battle. Drifting onto
    terrain is running aground like any other way of reaching it."""
    if distance <= 0:
        return state
    direction = UNIT[state.wind]
    travel = float(distance)
    blocker = None
    hazard: tuple[str, Hazard] | None = None
    for sid in ship_ids:
        found = first_hazard(state, state.ship(sid), direction, travel, passed)
        if found is not None and found.at < travel:
            travel, hazard = found.at, (sid, found)
    for sid in ship_ids:
        ship = state.ship(sid)
        poly = ship_hull(ship)
        for other in state.ships:
            if other.id in ship_ids or not other.on_table:
                continue
            if not may_meet(ship, direction, travel, other):
                continue
            other_hull = ship_hull(other)
            t = first_contact(poly, direction, travel, other_hull)
            if t is not None and t <= 1e-9 and parting(poly, direction, other_hull):
                continue  # lying against her, she drifts off or along her
            if t is not None and t < travel:
                travel, blocker = t, other
    exit_at = min(state.table.exit_distance((state.ship(s).x, state.ship(s).y), direction)
                  for s in ship_ids)
    names = " and the ".join(state.ship(s).name for s in ship_ids)
    leaving = exit_at < travel
    travel = min(travel, exit_at)
    for sid in ship_ids:
        ship = state.ship(sid)
        x, y = advance(ship.x, ship.y, state.wind, travel)
        state = update_ship(state, sid, x=x, y=y)
        state = scorch(state, dice, sid, ship.x, ship.y, exclude=ship_ids)
    tell(dice, "drift", f"The {names} drift{'s' if len(ship_ids) == 1 else ''} "
         f"{inches(travel)} downwind", rule, ship=ship_ids[0])
    if leaving:
        for sid in ship_ids:
            tell(dice, "lost", f"The {state.ship(sid).name} drifts off the table and is lost to "
                 "the battle", rule, ship=sid, big=True)
            state = update_ship(state, sid, off_table=True, withdrawn=True)
    elif blocker is not None:
        tell(dice, "aground", f"They come to rest against the {blocker.name}", rule,
             ship=ship_ids[0])
    elif hazard is not None:
        sid, found = hazard
        key = found.feature if found.event == "cross" else f"{found.feature}:{found.event}"
        state, stopped = meet_hazard(state, dice, sid, found, math.ceil(distance))
        if not stopped and distance - travel > 1e-9:
            state = drift(state, dice, ship_ids, distance - travel, rule, (*passed, key))
    return state


def drift_ship(state: AhoyState, dice: Dice, ship_id: str) -> AhoyState:
    """A ship not anchored and not making way drifts D6" with the wind (Ships Adrift)."""
    ship = state.ship(ship_id)
    distance = dice.d6(f"the {ship.name} drifts", ADRIFT, side=ship.side, ship=ship_id)
    return drift(state, dice, (ship_id,), distance, ADRIFT)


def out_of_control(state: AhoyState, dice: Dice, ship_id: str) -> AhoyState:
    """Too few crew to sail her: she swings on the D6 table and runs at her fixed speed."""
    ship = state.ship(ship_id)
    if ship.ooc_stopped:
        tell(dice, "ooc", f"The {ship.name} is out of control and lying head to wind",
             OUT_OF_CONTROL, side=ship.side, ship=ship_id)
        state = update_ship(state, ship_id, moved=True)
        return drift_ship(state, dice, ship_id)
    _, fixed, _ = fixed_rate(state, ship)
    roll = dice.d6(f"the {ship.name} is out of control", OUT_OF_CONTROL, side=ship.side,
                   ship=ship_id)
    swing = tables().d6_entry("out_of_control", "turn", roll)
    dice.judge({-1: "turns 45° to port", 0: "holds her heading", 1: "turns 45° to starboard"}
               [swing])
    heading = turned(ship.heading, swing)
    if swing and not any(overlap(ship_hull(ship, heading=heading), ship_hull(o))
                         for o in state.ships if o.id != ship_id and o.on_table):
        state = update_ship(state, ship_id, heading=heading)
    ship = state.ship(ship_id)
    if into_the_wind(ship.heading, state.wind):
        tell(dice, "ooc", f"The {ship.name} swings head to wind and stops dead: she will drift "
             "until brought under control", OUT_OF_CONTROL, side=ship.side, ship=ship_id,
             big=True)
        return update_ship(state, ship_id, speed=0, under_way=0, ooc_stopped=True, moved=True,
                           moved_last=0.0)
    state = update_ship(state, ship_id, speed=fixed)
    if fixed == 0:
        return update_ship(state, ship_id, moved=True, moved_last=0.0)
    state = replace(state, move=Move(ship=ship_id, allowance=fixed, turns_left=0,
                                          pickup=False))
    state = advance_ship(state, dice, fixed)
    if state.move is not None and state.move.ship == ship_id and state.pending is None:
        state = end_move(state, dice)
    return state


def anchor_roll_needed(state: AhoyState, ship: Ship) -> bool:
    return not in_control(state, ship)


def drop_anchor(state: AhoyState, dice: Dice, ship_id: str) -> AhoyState:
    ship = state.ship(ship_id)
    state = update_ship(state, ship_id, anchor_tried=True)
    if anchor_roll_needed(state, ship):
        ok, _ = dice.need(tables().roll("anchor_lower"),
                          f"{ship.name}: lower the anchor without the crew in control", ANCHORS,
                          side=ship.side, ship=ship_id, success="lowered", failure="fouled")
        if not ok:
            return state
    tell(dice, "anchored", f"The {ship.name} drops anchor", ANCHORS, side=ship.side,
         ship=ship_id)
    return update_ship(state, ship_id, anchored=True, speed=0, under_way=0, ooc_stopped=False)


def raise_anchor(state: AhoyState, dice: Dice, ship_id: str) -> AhoyState:
    ship = state.ship(ship_id)
    tell(dice, "anchor_raised", f"The {ship.name} weighs anchor: she starts from a standstill",
         ANCHORS, side=ship.side, ship=ship_id)
    return update_ship(state, ship_id, anchored=False, speed=0, under_way=0,
                       ordered=(*ship.ordered, "anchor"))


def cut_anchor(state: AhoyState, dice: Dice, ship_id: str) -> AhoyState:
    ship = state.ship(ship_id)
    state = update_ship(state, ship_id, ordered=(*ship.ordered, "anchor"))
    ok, _ = dice.need(tables().roll("anchor_cut"), f"{ship.name}: cut the anchor loose", ANCHORS,
                      side=ship.side, ship=ship_id, success="cut free", failure="still held")
    if not ok:
        return state
    tell(dice, "anchor_cut", f"The {ship.name} cuts her anchor cable and is cast adrift", ANCHORS,
         side=ship.side, ship=ship_id, big=True)
    state = update_ship(state, ship_id, anchored=False, has_anchor=False, speed=0, under_way=0,
                        moved=True)
    return drift_ship(state, dice, ship_id)
