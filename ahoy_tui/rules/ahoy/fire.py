"""Fire Aboard Ships (from the Advanced rules: critical hits set fires, so the Basic game needs
them) and Kaboom!

At the start of her turn, before movement, a burning ship's fire-fighters tackle the markers:
a D6 per marker plus one per man on it, 6+ puts it out, a natural 1 spreads it (D3 more). The
men are spread over the markers as evenly as they go (the first markers get any spare man).
Then each old marker still alight rolls on the burn table; new ones have not yet taken hold.
A gunpowder ship with six or more markers then risks her magazine: D6 + markers, 12+ Kaboom!
"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.rules.ahoy.common import tell
from ahoy_tui.rules.ahoy.crew import casualty_order, fire_fighters, hit_man, own_aboard
from ahoy_tui.rules.ahoy.damage import damage_ship, sink
from ahoy_tui.rules.ahoy.model import AhoyState, GunState, update_ship
from ahoy_tui.rules.ahoy.tables import tables

RULE = "Fire Aboard Ships"
KABOOM = "Kaboom!"


def share(men: int, markers: int) -> list[int]:
    """Fire-fighters per marker, as evenly as they go."""
    if markers <= 0:
        return []
    base, extra = divmod(men, markers)
    return [base + (1 if i < extra else 0) for i in range(markers)]


def fight_fires(state: AhoyState, dice: Dice, ship_id: str) -> AhoyState:
    ship = state.ship(ship_id)
    if ship.fires <= 0 or ship.sunk:
        return state
    fire = tables().table("fire")
    crews = share(fire_fighters(state, ship), ship.fires)
    burning = 0
    spread = 0
    for number, crew in enumerate(crews, start=1):
        face = dice.d6(f"{ship.name}: fire marker {number}, {crew} crew fighting it", RULE,
                       side=ship.side, ship=ship_id, need=f"{fire['extinguish']}+")
        if face == fire["spread_on"]:
            dice.judge("the fire spreads!")
            spread += dice.d3(f"{ship.name}: the fire spreads", RULE, side=ship.side,
                              ship=ship_id)
            burning += 1
        elif face + crew >= fire["extinguish"]:
            dice.judge(f"{face + crew}: put out")
        else:
            dice.judge(f"{face + crew}: still burning")
            burning += 1
    if burning < ship.fires:
        tell(dice, "fire_out", f"{ship.fires - burning} fire marker"
             f"{'s' if ship.fires - burning > 1 else ''} put out aboard the {ship.name}", RULE,
             side=ship.side, ship=ship_id)
    state = update_ship(state, ship_id, fires=burning + spread)
    if spread:
        tell(dice, "fire_spreads", f"The fire aboard the {ship.name} spreads: {spread} more "
             "marker(s)", RULE, side=ship.side, ship=ship_id, big=True)
    for number in range(1, burning + 1):
        roll = dice.d6(f"{ship.name}: fire marker {number} burns", RULE, side=ship.side,
                       ship=ship_id)
        effect = tables().d6_entry("fire", "burn", roll)
        dice.judge({"none": "burns, no damage", "damage": "1 damage",
                    "damage_and_crew": "1 damage and a crewman hit"}[effect])
        if effect == "none":
            continue
        state = damage_ship(state, dice, ship_id, 1, by_side=None, cause="fire", rule=RULE)
        if effect == "damage_and_crew":
            crowd = casualty_order(own_aboard(state, state.ship(ship_id)))
            if crowd:
                state = hit_man(state, dice, crowd[0], fire["burn_crew_strength"], saves=True,
                                by_side=None, purpose="burning timbers", rule=RULE)
    return kaboom(state, dice, ship_id)


def kaboom(state: AhoyState, dice: Dice, ship_id: str) -> AhoyState:
    ship = state.ship(ship_id)
    fire = tables().table("fire")
    gunpowder = any(g.state != GunState.DESTROYED for g in ship.guns)
    if ship.sunk or not gunpowder or ship.fires < fire["kaboom_markers"]:
        return state
    roll = dice.d6(f"{ship.name}: the fire nears the magazine ({ship.fires} markers)", KABOOM,
                   side=ship.side, ship=ship_id, need=f"{fire['kaboom_total']}+ with markers")
    if roll + ship.fires < fire["kaboom_total"]:
        dice.judge(f"{roll + ship.fires}: the magazine holds")
        return state
    dice.judge(f"{roll + ship.fires}: KABOOM!")
    tell(dice, "kaboom", f"KABOOM! The {ship.name}'s magazine explodes!", KABOOM,
         side=ship.side, ship=ship_id, big=True)
    for man in [c for c in state.crew if c.aboard == ship_id]:
        state = hit_man(state, dice, man, fire["kaboom_strength"], saves=False, by_side=None,
                        purpose="the explosion", rule=KABOOM)
    return sink(state, dice, ship_id, "her magazine exploded", KABOOM)
