"""What the rules ask for now, and what each action means, in the game's own words."""

from __future__ import annotations

import math
from typing import Any

from ahoy_tui.engine.geometry import heading_name
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.crew import in_control, sailing_crew
from ahoy_tui.rules.ahoy.model import AhoyState, Phase, Task
from ahoy_tui.rules.ahoy.movement import burst_words
from ahoy_tui.rules.ahoy.shooting import gun_place
from ahoy_tui.rules.ahoy.tables import tables
from ahoy_tui.rules.ahoy.wind import point_of_sail, wind_text


def prompt(state: AhoyState) -> str:
    if state.over:
        return state.result
    who = state.side_name(state.to_act or state.active)
    pending = state.pending
    if pending is not None:
        if pending.kind == "avoid":
            mover = state.ship(pending.other).name
            target = state.ship(pending.ship).name
            blow = "ram" if pending.impact == "ram" else "collide with"
            return (f"{who}: the {mover} is about to {blow} the {target}. Test Ld to avoid her? "
                    "(Jolly Boats and Small ships dodge; bigger ships take a glancing blow)")
        if pending.kind == "reroll":
            faces = ", ".join(str(f) for f in pending.faces)
            return f"{who}: the ram's damage dice show {faces}. Re-roll one of them?"
        if pending.kind == "swimmers":
            return (f"{who}: the {state.ship(pending.ship).name} passes enemy swimmers: slay them "
                    "(4+), take them captive, or leave them?")
        return (f"{who}: the {state.ship(pending.ship).name}'s crew have surrendered: lock them "
                "below or put them to the sword?")
    head = f"Turn {state.turn}, {who}"
    if state.phase == Phase.ORDERS:
        return (f"{head} — orders: tell off your crews, declare rams, cut loose, board, raise "
                "anchor, cast off; then end your orders.")
    if state.phase == Phase.MOVEMENT:
        move = state.move
        if move is not None:
            ship = state.ship(move.ship)
            left = math.ceil(move.remaining - 1e-9)
            drive = tables().power(ship.propulsion)
            if move.holding:
                turns = (f"up to {move.turns_left} more turn{'s' if move.turns_left != 1 else ''}"
                         if move.turns_left > 0 else "no turns left")
                return (f"{head} — the {ship.name} holds station: turn her in place ({turns}), "
                        "or end her move.")
            if move.astern and left:
                return (f"{head} — the {ship.name} goes astern ({drive.astern_rule}): up to "
                        f"{left}\" straight back; stop when you will.")
            if move.burst and left:
                return (f"{head} — the {ship.name} puts on a burst ({drive.burst}): {left}\" "
                        "to go, straight ahead.")
            # Oar and steam ships need not move before a turn.
            need = tables().size(ship.size).move_before_turn if drive.by_wind else 0
            turns = ("no turns left" if move.turns_left <= 0
                     else f"{move.turns_left} turn{'s' if move.turns_left > 1 else ''} left")
            before = max(0.0, need - move.since_turn)
            after = f", next turn after {math.ceil(before)}\" more" if before > 0 and \
                move.turns_left > 0 else ""
            why = _turns_refused(state) if move.turns_left > 0 and before <= 0 else ""
            if left == 0:
                return (f"{head} — the {ship.name} has used her move: turn at the end, or end "
                        f"it{why}.")
            return (f"{head} — moving the {ship.name} (heading {heading_name(ship.heading)}): "
                    f"{left}\" to go, {turns}{after}{why}.")
        from ahoy_tui.rules.ahoy.legal import start_of_movement
        from ahoy_tui.rules.ahoy.movement import needs_move

        waiting = [s.name for s in state.ships if needs_move(state, s)]
        first = {type(x).__name__ for x in start_of_movement(state)}
        before = (" Before a ship moves she may "
                  + " or ".join(w for k, w in (("CastAdrift", "cast her fire ship adrift"),
                                               ("LaunchBoat", "launch a boat")) if k in first)
                  + ".") if first else ""
        if waiting:
            return (f"{head} — movement: every ship must move; choose one and her speed "
                    f"({', '.join(waiting)}).{before}")
        return (f"{head} — movement: anchors, boarding and swimmers; then end the movement "
                f"phase.{before}")
    if state.phase == Phase.SHOOTING:
        return (f"{head} — shooting: fire guns along their lines (guess the range, or point blank "
                "at 10\" or less; ball, chain or grape), train turrets, and missiles at enemy "
                "crews; then end shooting.")
    return head


_EDGE_NAMES = {"N": "north", "S": "south", "E": "east", "W": "west"}
# which way a positive offset runs along each edge (Table.along_edge: x east, y south)
_PLUS = {"N": "east", "S": "east", "E": "south", "W": "south"}
_MINUS = {"east": "west", "south": "north"}


def along_edge(state: AhoyState, action: a.ReturnToTable) -> str:
    """Where along the edge she comes back, in compass words (Sailing Off the Table)."""
    ship = state.ship(action.ship)
    edge = state.table.edge_of((ship.exit_x, ship.exit_y))
    if action.offset == 0:
        return f"where she left ({_EDGE_NAMES[edge]} edge)"
    way = _PLUS[edge] if action.offset > 0 else _MINUS[_PLUS[edge]]
    return f"{abs(action.offset)}\" {way} of where she left ({_EDGE_NAMES[edge]} edge)"


def _turns_refused(state: AhoyState) -> str:
    """Turning: she may turn by the distance moved, yet a turn is not offered: why (no room,
    the weather's roll failed...), for the way or ways refused; "" when both are offered."""
    from ahoy_tui.rules.ahoy.movement import turn_blocked

    refused = [(way, b[1]) for way, d in (("port", -1), ("starboard", 1))
               if (b := turn_blocked(state, d)) is not None]
    if len(refused) == 2 and refused[0][1] == refused[1][1]:
        return f"; {refused[0][1]}"
    return "".join(f"; {way}: {why}" for way, why in refused)


def describe_choice(state: AhoyState, template: Any, field: str,
                    values: tuple[int, ...]) -> str:
    """One row for actions differing only in ``field``: returning to the table is a point
    picked along the edge; "" where a range of numbers says it well enough."""
    if isinstance(template, a.ReturnToTable) and field == "offset":
        ship = state.ship(template.ship)
        edge = state.table.edge_of((ship.exit_x, ship.exit_y))
        reach = max(abs(v) for v in values)
        return (f"{ship.name}: return heading {heading_name(template.heading)}, up to {reach}\" "
                f"{_MINUS[_PLUS[edge]]} or {_PLUS[edge]} of where she left ({_EDGE_NAMES[edge]}"
                " edge)")
    if isinstance(template, a.AssignCrew) and field == "fires":
        # Fire Aboard Ships: the hands at the fires are the number picked; the row says so
        # (the lowest value's words, with none at the fires, would not)
        # short enough for a row at 80 columns (the lowest value's words are longer)
        guns = f"guns: {template.guns_first} first" if template.guns_first \
            else "the rest to the guns"
        return (f"{state.ship(template.ship).name}: {template.sailing} sailing, "
                f"{min(values)}-{max(values)} at the fires, {guns}")
    return ""


def describe(state: AhoyState, action: Any) -> str:
    def name(ship_id: str) -> str:
        return state.ship(ship_id).name if state.has_ship(ship_id) else ship_id

    def moving() -> str:
        return f"{name(state.move.ship)}: " if state.move is not None else ""

    match action:
        case a.AssignCrew():
            first = f", {action.guns_first} guns first" if action.guns_first else ""
            fires = f", {action.fires} fighting fires" if action.fires else ""
            return (f"{name(action.ship)}: crew {action.sailing} to sail her{fires}, the rest "
                    f"to the guns{first}")
        case a.DeclareRam():
            return f"{name(action.ship)}: declare a ram on the {name(action.target)}"
        case a.CutLoose():
            return f"{name(action.ship)}: try to cut loose (4+)"
        case a.Board():
            return f"{name(action.ship)}: board the {name(action.target)} with {action.count} men"
        case a.RecallBoarders():
            return f"{name(action.ship)}: recall her boarders"
        case a.CastOff():
            return f"{name(action.ship)}: cast off"
        case a.RaiseAnchor():
            return f"{name(action.ship)}: raise anchor"
        case a.CutAnchor():
            return f"{name(action.ship)}: cut the anchor loose (4+)"
        case a.StrikeColours():
            return f"{name(action.ship)}: strike her colours"
        case a.ShoveOff():
            return f"{name(action.ship)}: two crew shove her off the beach"
        case a.HeaveGun():
            ship = state.ship(action.ship)
            gun = next((g for g in ship.guns if g.id == action.gun), None)
            what = (f"{gun_place(ship, gun)} {tables().gun(gun.weapon).name.lower()}" if gun
                    else action.gun)
            return f"{ship.name}: heave the {what} overboard (+1 to re-float, from next turn)"
        case a.CastOffFromQuay():
            return f"{name(action.ship)}: cast off from the quay"
        case a.EndOrders():
            return "end orders"
        case a.StartMove():
            from ahoy_tui.rules.ahoy.movement import pace_options

            ship = state.ship(action.ship)
            label = next((p.label for p in pace_options(state, ship) if p.name == action.pace),
                         action.pace)
            return f"{ship.name}: {label}"
        case a.Advance():
            return f"{moving()}ahead {action.inches}\""
        case a.Turn():
            return f"{moving()}turn 45° to {action.direction}"
        case a.EndMove():
            return f"{moving()}end her move"
        case a.ReturnToTable():
            return (f"{name(action.ship)}: return {along_edge(state, action)}, heading "
                    f"{heading_name(action.heading)}")
        case a.Withdraw():
            return f"{name(action.ship)}: leave the battle"
        case a.Swim():
            target = f"toward the {name(action.toward)}" if action.toward else "tread water"
            return f"swimmers ({action.swimmer}): {target}"
        case a.DropAnchor():
            return f"{name(action.ship)}: drop anchor"
        case a.CastAdrift():
            return (f"{name(action.ship)}: cast the fire ship {name(action.fire_ship)} adrift "
                    "(she runs on this turn, then out of control)")
        case a.LaunchBoat():
            return f"{name(action.ship)}: launch a boat with {action.count} men"
        case a.EndMovement():
            return "end movement"
        case a.FireGun():
            ship = state.ship(action.ship)
            gun = next((g for g in ship.guns if g.id == action.gun), None)
            weapon = tables().gun(gun.weapon) if gun else None
            # "heavy cannon", as her card names it: a row at 80 columns keeps to one line
            what = (f"{gun_place(ship, gun)} {weapon.name.lower().replace('naval ', '')}"
                    if gun and weapon else action.gun)
            if weapon is not None and weapon.kind == "swivel":
                return f"{ship.name}: fire the {what} (dice shot, {weapon.range}\" arc)"
            if action.shot == "grape":
                return f"{ship.name}: fire the {what} with grapeshot (template)"
            aim = "at point blank" if action.guess == 0 else f"guessing {action.guess}\""
            load = " with chainshot" if action.shot == "chain" else ""
            return f"{ship.name}: fire the {what}{load} {aim}"
        case a.TrainTurret():
            ship = state.ship(action.ship)
            return f"{ship.name}: train the turret {action.gun} on the {name(action.target)}"
        case a.FireMissiles():
            return f"{name(action.ship)}: missiles at the {name(action.target)}'s crew"
        case a.EndShooting():
            return "end shooting"
        case a.Avoid():
            return "try to avoid (Ld test)" if action.attempt else "do not try to avoid"
        case a.RerollRamDie():
            if action.die < 0:
                return "keep the damage dice"
            return f"re-roll damage die {action.die + 1}"
        case a.DealWithSwimmers():
            return {"slay": "slay them (4+)", "captive": "take them captive",
                    "ignore": "leave them in the water"}[action.choice]
        case a.DecideFate():
            return {"slaughter": "put them to the sword",
                    "lock_below": "lock them below decks"}[action.choice]
    return repr(action)


def table_text(state: AhoyState) -> str:
    """The table as text: the wind, and each ship's record on a line."""
    lines = [f"Wind {wind_text(state.wind)}.  Turn {state.turn} of {state.options.turn_limit}."]
    for ship in state.ships:
        side = state.side_name(ship.side)
        if ship.sunk:
            lines.append(f"  {ship.name} ({side}): sunk")
            continue
        if ship.withdrawn:
            lines.append(f"  {ship.name} ({side}): left the battle")
            continue
        flags = [name for name, on in (
            ("STRUCK", ship.struck), ("SINKING", ship.sinking), ("anchored", ship.anchored),
            ("off table", ship.off_table), ("in irons", ship.in_irons),
            ("rudder damaged", ship.rudder_damaged),
            (tables().power(ship.propulsion).crippled, ship.dismasted),
            ("immobilised", ship.immobilised),
            ("stuck fast aground", ship.aground == "stuck"),
            ("beached", ship.aground == "beached"),
            ("docked", bool(ship.docked)),
            (burst_words(state, ship), bool(burst_words(state, ship))),
            ("fire ship", ship.fire_ship),
            (f"towed by the {state.ship(ship.tow).name}" if ship.tow and state.has_ship(ship.tow)
             else "", ship.fire_ship and ship.tow is not None and not ship.adrift),
            ("cast adrift", ship.fire_ship and bool(ship.adrift)),
            (f"{ship.boats} boat{'s' if ship.boats != 1 else ''}", ship.boats > 0),
            (f"captured by {state.side_name(ship.captured_by or 'p1')}", bool(ship.captured_by)),
            ("out of control", ship.on_table and not ship.anchored and not in_control(state, ship)),
            (f"locked to the {', '.join(state.ship(o).name for o in state.locked_with(ship.id))}",
             bool(state.locked_with(ship.id))),
        ) if on]
        men = [c for c in state.crew if c.aboard == ship.id and c.side == ship.side]
        guns = sum(1 for c in men if c.task == Task.GUN)
        enemies = sum(1 for c in state.crew if c.aboard == ship.id and c.side != ship.side)
        fires = f", {ship.fires} fires" if ship.fires else ""
        boarders = f", {enemies} enemy aboard" if enemies else ""
        lines.append(
            f"  {ship.name} ({side}, {ship.size.replace('_', ' ')} {ship.propulsion}): at "
            f"({ship.x:.1f}, {ship.y:.1f}) heading {heading_name(ship.heading)}, "
            f"{point_of_sail(ship.heading, state.wind)}, {ship.speed}\"; "
            f"SP {ship.sp}/{ship.sp_max}{fires}; crew {len(men)} (sailing "
            f"{sailing_crew(state, ship)}, guns {guns}){boarders}"
            + (f"  [{'; '.join(flags)}]" if flags else ""))
    swimmers = [c for c in state.crew if c.aboard is None]
    if swimmers:
        lines.append(f"  {len(swimmers)} men in the water")
    return "\n".join(lines)
