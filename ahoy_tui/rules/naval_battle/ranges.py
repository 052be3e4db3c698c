"""How far each enemy lies from a ship and which of her guns bear on her (the ``bearings``
hook): a line on every other ship's record while one is selected; and which of her weapons
reach a point or a ship, in which band (the tape measure's words, ``reaching``)."""

from __future__ import annotations

from ahoy_tui.engine.dice import ARTILLERY_FACES
from ahoy_tui.rules.naval_battle import shooting
from ahoy_tui.rules.naval_battle.model import Gun as ShipGun
from ahoy_tui.rules.naval_battle.model import NavalState, Ship
from ahoy_tui.rules.naval_battle.tables import Gun, tables
from ahoy_tui.rules.naval_battle.view import gun_words

ARTILLERY_SCORES = tuple(sorted(f for f in ARTILLERY_FACES if isinstance(f, int)))


def gun_band(row: Gun, inches: float) -> str | None:
    """The band a gun of the Guns chart shoots in at ``inches`` (None: it cannot reach): "in
    range" within the chart's range; past it, for a gun that adds the artillery die, the die's
    score that makes up the gap ("the artillery die 4+": it hits no farther than its range plus
    the die, Ship's guns); "inside its 12\" least range" is none."""
    if inches < row.min_range:
        return None
    if not row.max_range or inches <= row.max_range:
        return "in range"
    if "artillery" not in row.range_dice:
        return None
    gap = inches - row.max_range
    need = next((score for score in ARTILLERY_SCORES if score >= gap - 1e-9), None)
    return None if need is None else f"the artillery die {need}+"


def sniper_band(ship: Ship, inches: float) -> str | None:
    """Her snipers' band of the Sniper Fire chart at ``inches``, with the to-hit score her own
    crew's race needs ("snipers 5+ (0-18\")"); None beyond their reach (the chart's 30", a
    Lizard's 18"), or where no die can hit (Chaos at 18-30")."""
    if inches > shooting.sniper_reach(ship, ship.race):
        return None
    band = next((b for b in tables().snipers if b.min_range <= inches <= b.max_range), None)
    if band is None:
        return None
    need = band.to_hit - shooting.crew_race(ship, ship.race).shooting
    if need > 6:
        return None
    return f"snipers {max(need, 1)}+ ({band.min_range}-{band.max_range}\")"


def gun_reaches(ship: Ship, gun: ShipGun, probe: Ship, inches: float) -> str | None:
    """A gun's words if it bears on ``probe`` (its 45° arc from her centre, or free to turn)
    and reaches ``inches``: "Cannon (port) in range"; None if not, or destroyed."""
    if gun.destroyed or not shooting.in_arc(ship, gun, probe):
        return None
    band = gun_band(tables().gun(gun.type), inches)
    return None if band is None else f"{gun_words(gun)} {band}"


def reaching(ship: Ship, probe: Ship, inches: float) -> list[str]:
    """Every weapon of hers that bears on ``probe`` ``inches`` off, centre to centre, and in
    which band: each gun in arc and range, her snipers (any chits she puts on Snipers), her
    creature's ranged attack (its D6s, within its chits in inches: Creatures)."""
    words = [w for gun in ship.guns if (w := gun_reaches(ship, gun, probe, inches))]
    snipers = sniper_band(ship, inches)
    if snipers:
        words.append(snipers)
    creature = ship.creature
    if creature is not None and not creature.dead and inches <= creature.chits:
        dice = tables().creatures.ranged_dice(creature.chits)
        if dice:
            words.append(f"the {creature.name}'s ranged attack ({dice}D6)")
    return words


def bearings(state: NavalState, ship_id: str) -> dict[str, str]:
    """For each enemy afloat: the inches centre to centre (the reading of Shooting), and each
    weapon of hers that bears on the enemy and reaches her, in which band (``reaching``: the
    tape's words)."""
    ship = next((s for s in state.ships if s.id == ship_id), None)
    if ship is None or not ship.afloat:
        return {}
    out: dict[str, str] = {}
    for other in state.ships:
        if other.side == ship.side or not other.afloat:
            continue
        inches = shooting.distance(ship, other)
        bear = reaching(ship, other, inches)
        out[other.id] = (f"{inches:.1f}\" from the {ship.name} · "
                         + ("bear: " + ", ".join(bear) if bear else "nothing of hers reaches"))
    return out
