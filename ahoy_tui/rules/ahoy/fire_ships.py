"""Fire Ships (Advanced rules): blazing ships set others alight, and ships sent in to do it.

Any ship ablaze that rams, collides with or passes within 1" of another rolls a D6 per fire
marker; each 6 puts a marker aboard the other. A pair of ships is rolled for once per move, in
each direction (either may be the one ablaze): a ship's move is every advance of one ``Move``,
a drift, or a towed fire ship taking up her station. A contact (ram or collision) is within 1",
so it is found by the same check and rolled once with the passing.

A fire ship is a crewless Medium or larger hulk, towed by a ship of her size or larger. While
towed she keeps station ``tow_gap`` inches astern of her tower, on his heading and at his speed,
taken up after each of his moves. At the start of the movement phase, before his own move, the
tower may cast her adrift: she runs straight on at her speed (after he has moved, so as not to
run down her own tower) for that one turn, then moves out of control. If her tower is sunk,
struck, captured or leaves the table, her station is blocked, or she is locked to another ship or
taken, the tow parts and she is adrift.
She begins with D6+1 markers and gains one at the start of each later turn of her side; her fires
are not fought, burn nothing and cannot blow her magazine. From 12 markers, a D6 at the start of
her side's turn burns her out on 1-2.
"""

from __future__ import annotations

import math

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import advance, convex_hull, distance, heading_name, overlap
from ahoy_tui.rules.ahoy.common import tell
from ahoy_tui.rules.ahoy.hulls import radius, ship_hull
from ahoy_tui.rules.ahoy.model import AhoyState, Move, Phase, Ship, update_ship
from ahoy_tui.rules.ahoy.tables import tables

RULE = "Fire Ships"


def settings() -> dict[str, int]:
    value: dict[str, int] = tables().table("fire_ship")
    return value


# --- setting fires -----------------------------------------------------------------------------


def ignite(state: AhoyState, dice: Dice, source_id: str, target_id: str,
           markers: int | None = None) -> AhoyState:
    """A D6 per marker on the blazing ``source`` (``markers``, or as many as burn now): each 6
    sets a marker aboard ``target``."""
    source = state.ship(source_id)
    target = state.ship(target_id)
    markers = source.fires if markers is None else markers
    if markers <= 0 or target.sunk:
        return state
    need = settings()["ignite_on"]
    faces = dice.nd6(markers, f"the blazing {source.name} ({markers} markers) sets "
                     f"the {target.name} alight?", RULE, side=source.side, ship=target_id)
    lit = sum(1 for face in faces if face >= need)
    dice.judge(f"{lit} fire{'s' if lit != 1 else ''} started" if lit else "no fire catches",
               need=f"{need}s")
    if not lit:
        return state
    tell(dice, "fire_started", f"Flames leap from the {source.name} to the {target.name}: "
         f"{lit} fire marker{'s' if lit > 1 else ''}", RULE, side=source.side, ship=target_id,
         big=True)
    return update_ship(state, target_id, fires=target.fires + lit)


def scorch(state: AhoyState, dice: Dice, mover_id: str, x0: float | None = None,
           y0: float | None = None, *, exclude: tuple[str, ...] = ()) -> AhoyState:
    """After ``mover`` has moved (straight, from ``x0, y0``), roll for every ship within 1" of
    her path where either is ablaze: once per pair and direction in her move."""
    pairs = sparks(state, mover_id, x0, y0, exclude=exclude)
    if not pairs:
        return state
    move = state.move if state.move is not None and state.move.ship == mover_id else None
    done = set(move.scorched) if move is not None else set()
    for source, target, markers in pairs:
        done.add(f"{source}>{target}")
        state = ignite(state, dice, source, target, markers)
    if move is not None and state.move is not None:
        state = replace(state, move=replace(state.move, scorched=tuple(sorted(done))))
    return state


def sparks(state: AhoyState, mover_id: str, x0: float | None = None, y0: float | None = None,
           *, exclude: tuple[str, ...] = ()) -> list[tuple[str, str, int]]:
    """The fires ``scorch`` rolls for, in order: (the blazing ship, the ship she may set
    alight, her markers burning before the check), once per pair and direction in a move."""
    mover = state.ship(mover_id)
    if not mover.on_table or not any(s.fires for s in state.ships if s.on_table):
        return []
    reach = settings()["range"]
    here = ship_hull(mover)
    if x0 is None or y0 is None or (abs(x0 - mover.x) < 1e-9 and abs(y0 - mover.y) < 1e-9):
        x0, y0 = mover.x, mover.y
        path = here
    else:
        path = convex_hull([*here, *ship_hull(mover, x0, y0)])
    swept = math.hypot(mover.x - x0, mover.y - y0)
    mid = ((mover.x + x0) / 2, (mover.y + y0) / 2)
    move = state.move if state.move is not None and state.move.ship == mover_id else None
    done = set(move.scorched) if move is not None else set()
    # Only fires burning before this check spread: a ship just set alight does not at once
    # throw the flames back.
    ablaze = {s.id: s.fires for s in state.ships}
    out: list[tuple[str, str, int]] = []
    for other in state.ships:
        if other.id == mover_id or other.id in exclude or not other.on_table:
            continue
        if not (mover.fires or other.fires):
            continue
        centres = math.hypot(other.x - mid[0], other.y - mid[1])
        if centres > radius(mover) + radius(other) + swept / 2 + reach + 1e-6:
            continue
        if distance(path, ship_hull(other)) > reach + 1e-6:
            continue
        for source, target in ((mover_id, other.id), (other.id, mover_id)):
            pair = f"{source}>{target}"
            if pair in done or ablaze[source] <= 0:
                continue
            done.add(pair)
            out.append((source, target, ablaze[source]))
    return out


# --- fire ships --------------------------------------------------------------------------------


def under_tow(ship: Ship) -> bool:
    return ship.fire_ship and ship.tow is not None and ship.adrift == 0 and ship.on_table


def towed_by(state: AhoyState, tower_id: str) -> list[Ship]:
    """The fire ships ``tower`` has under tow."""
    return [s for s in state.ships if under_tow(s) and s.tow == tower_id]


def station(tower: Ship, fire_ship: Ship) -> tuple[float, float, int]:
    """Where she lies under tow: on his heading, ``tow_gap`` inches astern of his stern."""
    back = tower.length / 2 + settings()["tow_gap"] + fire_ship.length / 2
    x, y = advance(tower.x, tower.y, (tower.heading + 4) % 8, back)
    return round(x, 4), round(y, 4), tower.heading


def station_blocked(state: AhoyState, tower: Ship, fire_ship: Ship) -> str | None:
    """Why she cannot lie at her station (off the table, another hull there), or None."""
    x, y, heading = station(tower, fire_ship)
    if not state.table.on_table((x, y)):
        return "the table edge"
    poly = ship_hull(fire_ship, x, y, heading)
    for other in state.ships:
        if other.id != fire_ship.id and other.on_table and overlap(poly, ship_hull(other)):
            return f"the {other.name}"
    return None


def _run_turn(state: AhoyState, ship: Ship) -> int:
    """The player-turn number of her side's next movement (for a tow parting now)."""
    if state.active == ship.side and state.phase in (Phase.ORDERS, Phase.MOVEMENT) \
            and not ship.moved:
        return state.player_turn
    return state.player_turn + (1 if state.active != ship.side else 2)


def part_tow(state: AhoyState, dice: Dice, ship_id: str, why: str) -> AhoyState:
    ship = state.ship(ship_id)
    tell(dice, "tow_parted", f"The tow parts ({why}): the fire ship {ship.name} is adrift", RULE,
         side=ship.side, ship=ship_id, big=True)
    return update_ship(state, ship_id, adrift=_run_turn(state, ship))


def keep_station(state: AhoyState, dice: Dice) -> AhoyState:
    """Towed fire ships take up their station astern of their towers (between moves)."""
    if state.move is not None or state.pending is not None:
        return state
    for ship in state.ships:
        if not under_tow(ship) or ship.tow is None:
            continue
        tower = state.ship(ship.tow)
        held = state.locked_with(ship.id)
        if held or ship.captured_by:
            why = (f"she is held fast by the {state.ship(held[0]).name}" if held
                   else "she has been taken")
            state = part_tow(state, dice, ship.id, why)
            continue
        if not tower.on_table or tower.struck or tower.captured_by:
            why = ("her tower has gone down" if tower.sunk else "her tower has struck"
                   if tower.struck or tower.captured_by else "her tower has left the table")
            state = part_tow(state, dice, ship.id, why)
            continue
        x, y, heading = station(tower, ship)
        if abs(x - ship.x) < 1e-6 and abs(y - ship.y) < 1e-6 and heading == ship.heading:
            if ship.speed != tower.speed:
                state = update_ship(state, ship.id, speed=tower.speed)
            continue
        blocked = station_blocked(state, tower, ship)
        if blocked is not None:
            state = part_tow(state, dice, ship.id, f"{blocked} is in the way")
            continue
        x0, y0 = ship.x, ship.y
        state = update_ship(state, ship.id, x=x, y=y, heading=heading, speed=tower.speed,
                            moved_last=tower.moved_last, moved=tower.moved)
        tell(dice, "towed", f"The {tower.name} tows the fire ship {ship.name} (heading "
             f"{heading_name(heading)})", RULE, side=ship.side, ship=ship.id)
        state = scorch(state, dice, ship.id, x0, y0, exclude=(tower.id,))
    return state


def cast_adrift(state: AhoyState, dice: Dice, tower_id: str, fire_ship_id: str) -> AhoyState:
    tower = state.ship(tower_id)
    ship = state.ship(fire_ship_id)
    tell(dice, "cast_adrift", f"The {tower.name} casts the fire ship {ship.name} adrift: she "
         f"runs on at {ship.speed}\" heading {heading_name(ship.heading)}", RULE,
         side=ship.side, ship=fire_ship_id, big=True)
    return update_ship(state, fire_ship_id, adrift=state.player_turn)


def waits_for_tower(state: AhoyState, ship: Ship) -> bool:
    """Cast adrift this turn, she runs on only once her late tower has made his move."""
    from ahoy_tui.rules.ahoy.movement import needs_move

    if not (ship.fire_ship and ship.adrift == state.player_turn and ship.tow):
        return False
    return state.has_ship(ship.tow) and needs_move(state, state.ship(ship.tow))


def run_adrift(state: AhoyState, dice: Dice, ship_id: str) -> AhoyState:
    """Her turn cast adrift: straight on at her current speed and heading."""
    from ahoy_tui.rules.ahoy.movement import advance_ship, drift_ship, end_move

    ship = state.ship(ship_id)
    tell(dice, "adrift_run", f"The fire ship {ship.name} runs on before the wind, {ship.speed}\" "
         f"heading {heading_name(ship.heading)}", RULE, side=ship.side, ship=ship_id)
    if ship.speed <= 0:
        state = update_ship(state, ship_id, moved=True, moved_last=0.0)
        return drift_ship(state, dice, ship_id)
    state = replace(state, move=Move(ship=ship_id, allowance=ship.speed, turns_left=0))
    state = advance_ship(state, dice, ship.speed)
    if state.move is not None and state.move.ship == ship_id and state.pending is None:
        state = end_move(state, dice)
    return state


def start_of_turn(state: AhoyState, dice: Dice, side: str) -> AhoyState:
    """Her side's turn begins: a fresh marker (after the first turn), then at 12+ markers the
    roll to burn out."""
    from ahoy_tui.rules.ahoy.damage import sink

    cfg = settings()
    for ship in state.ships:
        if not ship.fire_ship or ship.side != side or ship.sunk:
            continue
        if state.turn > 1:
            state = update_ship(state, ship.id, fires=ship.fires + cfg["gain"])
            tell(dice, "fire_grows", f"The fire ship {ship.name} blazes higher: "
                 f"{ship.fires + cfg['gain']} markers", RULE, side=side, ship=ship.id)
        ship = state.ship(ship.id)
        if ship.fires < cfg["burn_out_markers"]:
            continue
        roll = dice.d6(f"the fire ship {ship.name} ({ship.fires} markers): burnt out?", RULE,
                       side=side, ship=ship.id, need=f"1-{cfg['burn_out_on']} burns out")
        if roll > cfg["burn_out_on"]:
            dice.judge("still burning")
            continue
        dice.judge("burnt out")
        state = sink(state, dice, ship.id, "she has burnt out", RULE)
    return state


def starting_markers(state: AhoyState, dice: Dice) -> AhoyState:
    """Set-up: each fire ship begins with D6+1 markers, and lies at her station."""
    bonus = settings()["start_bonus"]
    for ship in state.ships:
        if not ship.fire_ship:
            continue
        roll = dice.d6(f"the fire ship {ship.name}: fire markers (D6+{bonus})", RULE,
                       side=ship.side, ship=ship.id)
        changes: dict[str, object] = {"fires": roll + bonus}
        if ship.tow is not None:
            tower = state.ship(ship.tow)
            x, y, heading = station(tower, ship)
            changes.update(x=x, y=y, heading=heading, speed=tower.speed,
                           moved_last=tower.moved_last, under_way=tower.under_way)
        state = update_ship(state, ship.id, **changes)
    return state
