"""Damage to ships: Taking Damage, Critical Hits, Strike Yer Colours and sinking.

Damage markers are Structure Points lost: a ship's record shows ``sp_max - sp`` of them. At half
her Structure Points a ship tests once to strike her colours; at none she starts to sink, and
rolls each turn to see if she goes down.
"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.ahoy.common import tell
from ahoy_tui.rules.ahoy.crew import (
    aboard,
    add_tally,
    captives_on,
    hit_crew_aboard,
    in_control,
    leader_ld,
)
from ahoy_tui.rules.ahoy.hulls import within
from ahoy_tui.rules.ahoy.model import (
    AhoyState,
    GunState,
    Phase,
    Task,
    replace_crew,
    update_ship,
)
from ahoy_tui.rules.ahoy.tables import tables
from ahoy_tui.rules.ahoy.terrain import leave_wreck

STRIKE = "Strike Yer Colours"
CRITICAL = "Critical Hits"
TAKING_DAMAGE = "Taking Damage"


def damage_ship(state: AhoyState, dice: Dice, ship_id: str, amount: int, *,
                by_side: str | None, cause: str, rule: str = TAKING_DAMAGE) -> AhoyState:
    """Put ``amount`` damage markers on a ship; test her colours; she may start to sink."""
    ship = state.ship(ship_id)
    if amount <= 0 or ship.sunk:
        return state
    taken = min(amount, ship.sp)
    sp = ship.sp - taken
    tell(dice, "damage", f"{ship.name} takes {amount} damage from {cause} "
                         f"(Structure Points {sp}/{ship.sp_max})", rule, side=ship.side,
         ship=ship.id)
    state = update_ship(state, ship_id, sp=sp)
    if by_side is not None and by_side != ship.side:
        state = add_tally(state, by_side, damage=taken)
    if sp == 0 and ship.sp > 0:
        tell(dice, "sinking", f"{ship.name} is holed below the waterline and starts to sink!",
             TAKING_DAMAGE, side=ship.side, ship=ship.id, big=True)
    return check_strike(state, dice, ship_id)


def strike_modifier(state: AhoyState, ship_id: str) -> tuple[int, list[str]]:
    """The Strike Yer Colours modifiers that apply to this ship now."""
    ship = state.ship(ship_id)
    mod = 0
    reasons = []
    near = tables().roll("friendly_near")
    for other in state.ships:
        if other.id == ship.id or other.side != ship.side or not other.on_table:
            continue
        if other.struck or other.captured_by or other.fires > 0:
            continue
        if in_control(state, other) and within(state, ship.id, other.id, near):
            mod += 1
            reasons.append(f"+1 the {other.name} within {near}\"")
            break
    start = dict(state.enemy_fire_start).get(ship.id)
    if (state.phase == Phase.SHOOTING and ship.side != state.active and start == ship.sp_max):
        mod -= 1
        reasons.append("−1 from full to half in one round of enemy shooting")
    rank = tables().size(ship.size).rank
    if all(tables().size(o.size).rank <= rank for o in state.ships
           if o.on_table and o.id != ship.id):
        mod += 1
        reasons.append("+1 largest ship on the table")
    return mod, reasons


def check_strike(state: AhoyState, dice: Dice, ship_id: str) -> AhoyState:
    """Once reduced to half her Structure Points, a ship tests once on her captain's Ld."""
    ship = state.ship(ship_id)
    if ship.strike_tested or ship.struck or ship.sunk or ship.captured_by:
        return state
    if ship.sp * 2 > ship.sp_max:
        return state
    ld, _who = leader_ld(state, ship)
    mod, reasons = strike_modifier(state, ship_id)
    why = f" ({'; '.join(reasons)})" if reasons else ""
    passed = dice.ld_test(ld, mod, f"{ship.name}: strike test{why}", STRIKE,
                          side=ship.side, ship=ship.id, success="holds",
                          failure="strikes her colours")
    state = update_ship(state, ship_id, strike_tested=True)
    if passed:
        tell(dice, "fights_on", f"{ship.name}'s captain fights on!", STRIKE, side=ship.side,
             ship=ship.id)
        return state
    return strike(state, dice, ship_id, voluntary=False)


def strike(state: AhoyState, dice: Dice, ship_id: str, *, voluntary: bool) -> AhoyState:
    ship = state.ship(ship_id)
    how = "strikes her colours" if voluntary else "strikes her colours and surrenders"
    tell(dice, "struck", f"{ship.name} {how}!", STRIKE, side=ship.side, ship=ship.id, big=True)
    return update_ship(state, ship_id, struck=True, strike_tested=True, ram_target=None)


def critical_hit(state: AhoyState, dice: Dice, ship_id: str, *, by_side: str | None,
                 max_roll: int = 6) -> AhoyState:
    """Roll on the ship's critical hit table and apply every effect of the result."""
    ship = state.ship(ship_id)
    roll = dice.d6(f"critical hit on the {ship.name}", CRITICAL, side=ship.side, ship=ship.id)
    roll = min(roll, max_roll)
    row = tables().critical(ship.propulsion, roll)
    dice.judge(row.name)
    tell(dice, "critical", f"Critical hit on the {ship.name}: {row.name}!", CRITICAL,
         side=ship.side, ship=ship.id, big=True)
    purpose = row.name.lower()
    if row.speed_loss:
        loss = dice.expr(row.speed_loss, f"{row.name}: speed lost", CRITICAL, side=ship.side,
                         ship=ship.id)
        ship = state.ship(ship_id)
        speed = max(0, ship.speed - loss)
        state = update_ship(state, ship_id, speed=speed,
                            under_way=0 if speed == 0 else ship.under_way)
        tell(dice, "speed", f"{ship.name} loses {loss}\" of speed (now {speed}\")", CRITICAL,
             side=ship.side, ship=ship.id)
    if row.crew_hits:
        count = dice.expr(row.crew_hits, f"{row.name}: models hit", CRITICAL, side=ship.side,
                          ship=ship.id)
        state = hit_crew_aboard(state, dice, state.ship(ship_id), count, row.crew_strength,
                                saves=row.crew_saves, by_side=by_side, purpose=purpose,
                                rule=CRITICAL)
    if row.effect == "rudder_damaged":
        state = update_ship(state, ship_id, rudder_damaged=True)
        tell(dice, "rudder", f"The {ship.name}'s rudder is damaged", CRITICAL, ship=ship.id)
    elif row.effect == "crippled":
        state = cripple(state, dice, ship_id, row.name)
    for _ in range(row.guns_destroyed):
        state = destroy_a_gun(state, dice, ship_id, CRITICAL)
    if row.damage:
        extra = dice.expr(row.damage, f"{row.name}: damage markers", CRITICAL, side=ship.side,
                          ship=ship.id)
        state = damage_ship(state, dice, ship_id, extra, by_side=by_side,
                            cause=f"the critical hit ({row.name})", rule=CRITICAL)
    if row.fires:
        fires = dice.expr(row.fires, f"{row.name}: fire markers", CRITICAL, side=ship.side,
                          ship=ship.id)
        state = add_fires(state, dice, ship_id, fires, CRITICAL)
    return state


def cripple(state: AhoyState, dice: Dice, ship_id: str, what: str) -> AhoyState:
    """Dismasted, Oar Deck Hit, Boiler Ruptured: at most D6" a turn; a second such result
    immobilises her."""
    ship = state.ship(ship_id)
    rule = f"{CRITICAL} ({what})"
    if ship.dismasted:
        state = update_ship(state, ship_id, immobilised=True, speed=0, under_way=0)
        tell(dice, "immobilised", f"{what} again: the {ship.name} is immobilised", rule,
             ship=ship.id, big=True)
        return state
    tell(dice, "dismasted", f"{what}: the {ship.name} moves at most D6\" a turn", rule,
         ship=ship.id)
    return update_ship(state, ship_id, dismasted=True)


def add_fires(state: AhoyState, dice: Dice, ship_id: str, count: int, rule: str) -> AhoyState:
    if count <= 0:
        return state
    ship = state.ship(ship_id)
    tell(dice, "fire", f"Fire aboard the {ship.name}: {count} fire marker"
                       f"{'s' if count > 1 else ''} ({ship.fires + count} burning)", rule,
         side=ship.side, ship=ship.id, big=True)
    return update_ship(state, ship_id, fires=ship.fires + count)


def destroy_a_gun(state: AhoyState, dice: Dice, ship_id: str, rule: str) -> AhoyState:
    ship = state.ship(ship_id)
    for gun in ship.guns:
        if gun.state != GunState.DESTROYED:
            guns = tuple(replace(g, state=GunState.DESTROYED) if g.id == gun.id else g
                         for g in ship.guns)
            state = update_ship(state, ship_id, guns=guns)
            tell(dice, "gun_destroyed", f"The {ship.name}'s {gun.mount} "
                 f"{tables().gun(gun.weapon).name.lower()} is destroyed", rule, ship=ship.id)
            men = {c.id: replace(c, task=Task.IDLE, gun=None) for c in state.crew
                   if c.aboard == ship_id and c.task == Task.GUN and c.gun == gun.id}
            return replace_crew(state, men) if men else state
    return state


def sink(state: AhoyState, dice: Dice, ship_id: str, cause: str, rule: str) -> AhoyState:
    """She goes down: everyone aboard goes into the water; those below decks must escape."""
    from ahoy_tui.rules.ahoy.boarding import release_locks
    from ahoy_tui.rules.ahoy.swimming import into_the_water

    ship = state.ship(ship_id)
    tell(dice, "sunk", f"The {ship.name} goes down! ({cause})", rule, side=ship.side,
         ship=ship.id, big=True)
    state = update_ship(state, ship_id, sunk=True, sp=0, speed=0, fires=0, anchored=False,
                        docked=None, aground="")
    if not ship.off_table:
        state = leave_wreck(state, ship)
    if state.move is not None and state.move.ship == ship_id:
        state = replace(state, move=None)
    # The sail table asks it of every ship; the oar and steam tables of a medium, large or
    # huge ship only: a smaller galley's men below decks get out with the rest.
    tested = ship.size in tables().power(ship.propulsion).below_decks
    below = captives_on(state, ship) if tested else []
    for man in below:
        if dice.i_test(_initiative(man.profile), "escaping from below decks", "Swimming",
                       side=man.side, ship=ship_id):
            continue
        tell(dice, "drowned", "A captive locked below goes down with the ship", rule,
             side=man.side, ship=ship_id)
        state = replace_crew(state, {man.id: None})
    men = aboard(state, ship_id)
    state = into_the_water(state, dice, men, ship.x, ship.y)
    return release_locks(state, dice, ship_id)


def _initiative(profile: str) -> int:
    return tables().profile(profile).I


def roll_for_sinking(state: AhoyState, dice: Dice, ship_id: str) -> AhoyState:
    """Taking Damage: at the start of each turn a ship at 0 SP goes down on 1-3."""
    ship = state.ship(ship_id)
    afloat, _ = dice.need(tables().roll("sinking") + 1, f"does the {ship.name} go down?",
                        TAKING_DAMAGE, side=ship.side, ship=ship.id, success="stays afloat",
                        failure="goes down")
    if afloat:
        return state
    return sink(state, dice, ship_id, "holed", TAKING_DAMAGE)
