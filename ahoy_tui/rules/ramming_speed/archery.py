"""Range fire: archers (18.0-18.8), bolt throwers (19.0-19.3), stone throwers (20.0-20.2).

Every side names its galleys' targets, then all shoot at once (18.0): the shooters are counted
before any falls, so a man killed this phase still looses his arrow.
"""

from __future__ import annotations

from collections.abc import Iterator

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import angle_between, bearing_deg, on_hull_deg, point_distance
from ahoy_tui.rules.ramming_speed.model import Engine, Galley, Man, RSState, Shot
from ahoy_tui.rules.ramming_speed.tables import tables

ARCHERY = "18.1 Archery"
WHERE_IT_FALLS = "18.2 Archery"
SHORT_AIM = "18.3 Archery"
TOWER_PICK = "18.4 Archery"
WOUNDS = "18.6 Archery"
OAR_HITS = "18.8 Archery"
BOLTS = "19.1 Bolt-throwing engines"
STONES = "20.1 Stone-throwing engines"
PLACES = {"bow": 1 / 3, "middle": 0.0, "stern": -1 / 3}


def place_of(ship: Galley, section: str) -> tuple[float, float]:
    """Where a man of ``section`` (or a tower there) stands on the table."""
    where = "middle" if section == "tower" else section
    return on_hull_deg(ship.x, ship.y, ship.heading, PLACES.get(where, 0.0) * ship.length, 0.0)


def fit(man: Man, turn: int) -> bool:
    return not man.wounded(turn) and not man.rescued


def archers(state: RSState, ship: Galley) -> tuple[Man, ...]:
    """Her archers who may shoot: fit, aboard her (not boarding another)."""
    return tuple(m for m in state.men if m.ship == ship.id and m.aboard == ship.id
                 and m.rank == "archer" and fit(m, state.turn))


def engine_crew(state: RSState, ship: Galley) -> int:
    """Her fit artillerymen aboard."""
    return sum(1 for m in state.men if m.ship == ship.id and m.aboard == ship.id
               and m.rank == "artilleryman" and fit(m, state.turn))


def manned(state: RSState, ship: Galley) -> tuple[tuple[Engine, int], ...]:
    """Each engine of hers with the men who work it: her artillerymen two to an engine, in
    the order the engines are listed (19.0 and 20.2 know a crew of two or of one; the seed
    does not share men out between engines: this is the project's reading). An engine
    left without a man does not shoot."""
    left = engine_crew(state, ship)
    out = []
    for engine in ship.engines:
        crew = min(2, left)
        left -= crew
        out.append((engine, crew))
    return tuple(out)


def ready_engines(state: RSState, ship: Galley) -> tuple[tuple[Engine, int], ...]:
    """Her engines that may shoot this turn, each with its crew (19.0, 20.2)."""
    return tuple((e, crew) for e, crew in manned(state, ship)
                 if crew > 0 and e.ready <= state.turn)


def reach(state: RSState, ship: Galley, target: Galley) -> float:
    """The range from her nearest shooter's place to the nearest part of the target."""
    places = {m.section for m in archers(state, ship)} | {e.section for e in ship.engines}
    return min((point_distance(place_of(ship, s), target.outline) for s in places),
               default=float("inf"))


def broadside(ship: Galley, target: Galley) -> bool:
    """Whether the target shows her side to the shooter (18.3), not her bow or stern."""
    bearing = bearing_deg(ship.centre, target.centre)
    a = angle_between(bearing, target.heading)
    return 45 <= a <= 135


def targets(state: RSState, ship: Galley) -> Iterator[Galley]:
    """Enemy galleys within reach of any of her shooters (18.1, 19.1, 20.0)."""
    longest = 0.0
    if archers(state, ship):
        longest = tables()["archery"]["range"]
    for engine, _ in ready_engines(state, ship):
        longest = max(longest, tables()[engine.kind]["range"])
    if not longest:
        return
    for other in state.ships:
        if other.afloat and other.side != ship.side and reach(state, ship, other) <= longest:
            yield other


def aims(state: RSState, ship: Galley, target: Galley) -> tuple[str, ...]:
    """What her archers may aim at this target: as they fall (""), a section at short range
    broadside or from a tower (18.3), a man a tower's archers pick out (18.4)."""
    short = tables()["archery"]["short"]
    out = [""]
    bows = archers(state, ship)
    near = [m for m in bows if point_distance(place_of(ship, m.section), target.outline) <= short]
    if near and (broadside(ship, target) or any(m.section == "tower" for m in near)):
        out += ["bow", "middle", "stern"]
    if any(m.section == "tower" for m in near):
        # any man of the enemy's aboard her (18.4: "pick out individuals")
        out += [m.id for m in state.men if m.aboard == target.id
                and state.ship(m.ship).side != ship.side]
    return tuple(out)


def shoot_all(state: RSState, dice: Dice, events: list[Event]) -> RSState:
    """Every shot chosen this phase, at once (18.0)."""
    volleys = []
    for shot in state.shots:
        ship = state.ship(shot.ship)
        volleys.append((shot, archers(state, ship), ready_engines(state, ship)))
    for shot, bows, engines in volleys:
        for man in bows:
            state = _arrow(state, state.ship(shot.ship), state.ship(shot.target), man, shot,
                           dice, events)
        for engine, crew in engines:
            state = _engine(state, state.ship(shot.ship), state.ship(shot.target), engine,
                            crew, shot, dice, events)
    return replace(state, shots=())


def _arrow(state: RSState, ship: Galley, target: Galley, man: Man, shot: Shot, dice: Dice,
           events: list[Event]) -> RSState:
    rules = tables()["archery"]
    span = point_distance(place_of(ship, man.section), target.outline)
    if span > rules["range"] or not target.afloat:
        return state
    short = span <= rules["short"]
    tower = man.section == "tower"
    picked = shot.aim if tower and short and shot.aim not in ("", *PLACES) else ""
    need = rules["tower_pick"] if picked else rules["hit_short"] if short else rules["hit_long"]
    ok, _ = dice.need(need, f"{ship.name}'s archer at {target.name} ({span:.1f}\""
                      f"{', picking out a man' if picked else ''})",
                      TOWER_PICK if picked else ARCHERY, side=ship.side, ship=ship.id,
                      success="hit", failure="miss")
    if not ok:
        return state
    if picked:
        if any(m.id == picked for m in state.men if m.aboard == target.id):
            return wound(state, state.man(picked), dice, events, armour=True, rule=WOUNDS)
        return state
    section = _section(state, ship, target, man, shot, short)
    return _hit_section(state, ship, target, section, dice, events, kills=False)


def _section(state: RSState, ship: Galley, target: Galley, man: Man, shot: Shot,
             short: bool) -> str:
    return aimed(ship, target, man.section, shot.aim, short)


def aimed(ship: Galley, target: Galley, where: str, aim: str, short: bool) -> str:
    """The section a shot from her ``where`` falls on (18.3): at short range the one aimed
    at, broadside or from a tower; end-on, from the deck, the nearest part of her (engines
    stand on the deck: 19.0 has them shoot as archers); "" at long range, where a die
    decides (18.2)."""
    if not short:
        return ""
    if aim in PLACES and (where == "tower" or broadside(ship, target)):
        return aim
    if not broadside(ship, target) and where != "tower":
        here = place_of(ship, where)
        return min(PLACES, key=lambda s: _gap(here, place_of(target, s)))  # the nearest part
    return ""


def _gap(a: tuple[float, float], b: tuple[float, float]) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def _hit_section(state: RSState, ship: Galley, target: Galley, section: str, dice: Dice,
                 events: list[Event], *, kills: bool) -> RSState:
    """A hit falls on a section (D6 at long range, 18.2), then on a man there: the enemy's
    men only (18.5), and amidships the port and starboard oarsmen too."""
    if not section:
        face = dice.d6(f"where the hit on {target.name} falls", WHERE_IT_FALLS,
                       side=ship.side, ship=ship.id)
        section = "bow" if face <= 2 else "middle" if face <= 4 else "stern"
        dice.judge(section)
    men = [m for m in state.men if m.aboard == target.id
           and (m.section == section or (m.section == "tower" and section in target.towers))
           and state.ship(m.ship).side != ship.side]
    numbers: list[Man | int] = [*men]
    if section == "middle" and not target.sail_only:
        # the port and starboard oarsmen, for a side that still has oars (18.2)
        numbers += [side for side in (0, 1) if target.oars[side] > 0]
    if not numbers:
        events.append(Happened("no_one", f"The hit on {target.name}'s {section} finds no one",
                               WHERE_IT_FALLS, side=target.side, ship=target.id))
        return state
    pick = 0
    if len(numbers) > 1:
        pick = dice.die(len(numbers), f"which man in {target.name}'s {section} is hit",
                        WHERE_IT_FALLS, side=ship.side, ship=ship.id) - 1
    chosen = numbers[pick]
    if isinstance(chosen, int):
        return oar_hit(state, target, chosen, dice, events)
    if kills:
        return kill(state, chosen, dice, events, BOLTS)
    return wound(state, chosen, dice, events, armour=True, rule=WOUNDS)


def oar_hit(state: RSState, ship: Galley, side: int, dice: Dice,
            events: list[Event]) -> RSState:
    """A hit among the oarsmen (18.8): 1-2 the men dead, a section gone; 3-4 half of them,
    the section gone if that side is hit so again; 5-6 no effect."""
    rules = tables()["archery"]["oars"]
    ship = state.ship(ship.id)  # as she is now: an earlier hit this phase may have told
    face = dice.d6(f"{ship.name}'s {'starboard' if side else 'port'} oarsmen hit", OAR_HITS,
                   side=ship.side, ship=ship.id)
    oars, half = list(ship.oars), list(ship.half_hit)
    if face <= rules["men_dead"] or (face <= rules["half_dead"] and half[side]):
        oars[side] = max(0, oars[side] - 1)
        half[side] = False
        dice.judge("an oar section lost")
    elif face <= rules["half_dead"]:
        half[side] = True
        dice.judge("half the men dead")
    else:
        dice.judge("no effect")
    return state.with_ship(replace(ship, oars=(oars[0], oars[1]), half_hit=(half[0], half[1])))


def wound(state: RSState, man: Man, dice: Dice, events: list[Event], *, armour: bool,
          rule: str) -> RSState:
    """A man hit by an arrow (18.6): D6 1-4 dead, 5-6 wounded, armour one better; a wounded
    man hit again is killed (18.7)."""
    if man.wounded(state.turn):
        return kill(state, man, dice, events, rule)
    armoured = armour and man.rank in tables()["archery"]["armoured"]
    whose = f"{state.ship(man.ship).name}'s {man.rank}"
    face = dice.d6(f"{whose} hit{' (armoured)' if armoured else ''}", rule,
                   side=state.ship(man.ship).side, ship=man.aboard)
    if face + (1 if armoured else 0) >= tables()["archery"]["wounded_from"]:
        dice.judge("wounded")
        hurt = replace(man, wounded_until=state.turn + 1)
        return replace(state, men=tuple(hurt if m.id == man.id else m for m in state.men))
    dice.judge("killed")
    return kill(state, man, dice, events, rule, rolled=True)


def kill(state: RSState, man: Man, dice: Dice, events: list[Event], rule: str, *,
         rolled: bool = False) -> RSState:
    """A man falls; a captain's or admiral's death tests his galley's morale (22.0, 22.3)."""
    state = replace(state, men=tuple(m for m in state.men if m.id != man.id))
    if not rolled or man.officer:
        events.append(Happened("killed", f"{state.ship(man.ship).name}'s {man.rank} is killed",
                               rule, side=state.ship(man.ship).side, ship=man.ship,
                               big=man.officer))
    if man.officer:
        from ahoy_tui.rules.ramming_speed.morale import officer_killed

        state = officer_killed(state, man, dice, events)
    return state


def _engine(state: RSState, ship: Galley, target: Galley, engine: Engine, crew: int,
            shot: Shot, dice: Dice, events: list[Event]) -> RSState:
    rules = tables()[engine.kind]
    span = point_distance(place_of(ship, engine.section), target.outline)
    if span > rules["range"] or not target.afloat:
        return state
    need = next(b["hit"] for b in rules["bands"] if span <= b["upto"])
    every = int(rules["every"][str(max(1, min(2, crew)))])
    state = state.with_ship(replace(ship, engines=tuple(
        replace(e, ready=state.turn + every) if e.id == engine.id else e
        for e in ship.engines)))
    name = "bolt thrower" if engine.kind == "bolt" else "stone thrower"
    ok, _ = dice.need(need, f"{ship.name}'s {name} at {target.name} ({span:.1f}\")",
                      BOLTS if engine.kind == "bolt" else STONES, side=ship.side,
                      ship=ship.id, success="hit", failure="miss")
    if not ok:
        return state
    target = state.ship(target.id)
    if engine.kind == "bolt":
        short = span <= rules["bands"][0]["upto"]
        section = aimed(ship, target, engine.section, shot.aim, short)
        return _hit_section(state, ship, target, section, dice, events, kills=True)
    return stone(state, ship, target, dice, events)


def stone(state: RSState, ship: Galley, target: Galley, dice: Dice,
          events: list[Event]) -> RSState:
    """A stone's effect (20.1): nothing, a man aft, a man forward, an oar section, holed."""
    face = dice.d6(f"the stone's effect on {target.name}", STONES, side=ship.side,
                   ship=ship.id)
    effect = tables()["stone"]["effect"][str(face)]
    dice.judge(effect.replace("_", " "))
    if effect in ("man_aft", "man_forward"):
        section = "stern" if effect == "man_aft" else "bow"
        men = [m for m in state.men if m.aboard == target.id and m.section == section
               and state.ship(m.ship).side != ship.side]
        if men:
            pick = 0 if len(men) == 1 else dice.die(
                len(men), f"which man in {target.name}'s {section}", STONES,
                side=ship.side) - 1
            return kill(state, men[pick], dice, events, STONES)
        return state
    if effect == "oars":
        facing = 1 if _starboard_toward(target, ship) else 0
        oars = list(target.oars)
        if oars[facing] > 0:
            oars[facing] -= 1
            events.append(Happened("oars_lost", f"A stone smashes an oar section of "
                                   f"{target.name}", STONES, side=target.side, ship=target.id))
        return state.with_ship(replace(target, oars=(oars[0], oars[1])))
    if effect == "holed":
        from ahoy_tui.rules.ramming_speed.sinking import take_water

        return take_water(state, target.id, 1, dice, events, STONES, holed=True)
    return state


def _starboard_toward(target: Galley, shooter: Galley) -> bool:
    bearing = bearing_deg(target.centre, shooter.centre)
    return (bearing - target.heading) % 360 < 180
