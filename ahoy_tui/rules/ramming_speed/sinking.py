"""Water, sinking and the men in it: loads of water and plugging the hole (10.4-10.7),
supporting a sinking ship (11.0-11.1), abandoning ship and swimmers (12.0-12.2), wreckage
(23.0)."""

from __future__ import annotations

import math

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import nearest_point, point_distance
from ahoy_tui.rules.ramming_speed.model import (
    Band,
    Galley,
    Man,
    RSState,
    Status,
    Swimmers,
    Wreck,
)
from ahoy_tui.rules.ramming_speed.tables import tables

PLUGGING = "10.5 Ramming"
LEAKING = "10.6 Ramming"
SUPPORTING = "11.0 Supporting a sinking ship"
LAST_CHANCE = "11.1 Supporting a sinking ship"
ABANDONING = "12.0 Abandoning ship"
SWIMMERS = "12.1 Abandoning ship"
WRECKAGE = "23.0 Accidental ramming"


def supporters(state: RSState, ship_id: str) -> tuple[str, ...]:
    """The sound galleys grappled fast to her (11.0): afloat and not holed themselves (a
    holed galley is not "sound"), of either side."""
    out = []
    for g in state.grapples:
        if g.holds and ship_id in (g.by, g.to):
            other = state.ship(g.to if g.by == ship_id else g.by)
            if other.afloat and not other.holed:
                out.append(other.id)
    return tuple(dict.fromkeys(out))


def take_water(state: RSState, ship_id: str, loads: int, dice: Dice, events: list[Event],
               rule: str, *, holed: bool = False) -> RSState:
    """She ships ``loads`` loads of water (10.4); five sink her unless held up (10.6, 11.0)."""
    ship = state.ship(ship_id)
    ship = replace(ship, loads=ship.loads + loads, holed=ship.holed or holed)
    state = state.with_ship(ship)
    events.append(Happened("water", f"{ship.name} ships {loads} load{'s' if loads > 1 else ''} "
                           f"of water ({ship.loads} aboard)", rule, side=ship.side,
                           ship=ship.id))
    return check_afloat(state, ship_id, dice, events)


def check_afloat(state: RSState, ship_id: str, dice: Dice, events: list[Event]) -> RSState:
    """Five loads sink her (10.6), unless two galleys hold her up (11.0); one holds her to
    seven loads, then goes under with her unless every line is cut in time (11.1)."""
    water = tables()["water"]
    ship = state.ship(ship_id)
    if not ship.afloat or ship.loads < water["sink_at"]:
        return state
    held_by = supporters(state, ship_id)
    if len(held_by) >= 2:
        events.append(Happened("supported", f"{ship.name} is held up by the galleys grappled on "
                               "either side", SUPPORTING, side=ship.side, ship=ship.id))
        return state
    if len(held_by) == 1 and ship.loads < water["one_supporter_to"]:
        events.append(Happened("supported", f"{ship.name} is held up by "
                               f"{state.ship(held_by[0]).name}", SUPPORTING, side=ship.side,
                               ship=ship.id))
        return state
    if held_by:
        friend = state.ship(held_by[0])
        if not last_chance(state, friend, ship, dice, events):
            state = sink(state, ship_id, dice, events, SUPPORTING)
            events.append(Happened("dragged", f"{friend.name} is dragged under with her",
                                   LAST_CHANCE, side=friend.side, ship=friend.id, big=True))
            return sink(state, friend.id, dice, events, LAST_CHANCE)
    return sink(state, ship_id, dice, events, LEAKING)


def last_chance(state: RSState, friend: Galley, ship: Galley, dice: Dice,
                events: list[Event]) -> bool:
    """The supporting galley's crew try to cut every line (11.1): True if they all part."""
    for g in state.grapples:
        if g.holds and g.joins(friend.id, ship.id):
            if g.corvus:
                return False
            for n in range(g.lines):
                ok, _ = dice.need(tables()["grapple"]["cut"], f"{friend.name} cuts line "
                                  f"{n + 1}", LAST_CHANCE, side=friend.side, ship=friend.id,
                                  success="cut", failure="holds")
                if not ok:
                    return False
    return True


def sink(state: RSState, ship_id: str, dice: Dice, events: list[Event], rule: str) -> RSState:
    """She goes down: wreckage of half her area (23.0), every man aboard in the water (12.0),
    lines and rams in her gone."""
    ship = state.ship(ship_id)
    if not ship.afloat:
        return state
    events.append(Happened("sunk", f"{ship.name} sinks", rule, side=ship.side, ship=ship.id,
                           big=True))
    half = math.sqrt(0.5)
    wreck = Wreck(ship.x, ship.y, ship.heading, round(ship.length * half, 2),
                  round(ship.beam * half, 2))
    ships = tuple(
        replace(s, status=Status.SUNK, embedded=None) if s.id == ship_id else
        replace(s, embedded=None) if s.embedded == ship_id else s for s in state.ships)
    state = replace(state, ships=ships, wrecks=(*state.wrecks, wreck),
                    grapples=tuple(g for g in state.grapples
                                   if ship_id not in (g.by, g.to)))
    state = into_the_water(state, state.men_aboard(ship_id), (ship.x, ship.y), dice, events)
    from ahoy_tui.rules.ramming_speed.morale import flagship_lost

    if ship.flagship:
        state = flagship_lost(state, ship, dice, events)
    return state


def into_the_water(state: RSState, men: tuple[Man, ...], at: tuple[float, float], dice: Dice,
                   events: list[Event]) -> RSState:
    """Each man in the water throws a D6: 4-6 he swims, 1-3 he drowns (12.0)."""
    if not men:
        return state
    swims = tables()["swim"]["swims"]
    afloat: dict[str, list[Man]] = {}
    for man in men:
        whose = f"{state.ship(man.ship).name}'s {man.rank}"
        ok, _ = dice.need(swims, f"{whose} in the water", ABANDONING,
                          side=state.ship(man.ship).side, success="swims", failure="drowns")
        if ok:
            side = state.ship(man.ship).side
            afloat.setdefault(side, []).append(replace(man, aboard="", section="water"))
    gone = {m.id for m in men}
    groups = list(state.swimmers)
    for side, swimmers in afloat.items():
        sid = f"w{state.step}-{len(groups)}"
        groups.append(Swimmers(sid, side, at[0], at[1], tuple(swimmers),
                               int(tables()["swim"]["turns"])))
    saved = sum(len(v) for v in afloat.values())
    events.append(Happened("in_the_water", f"{len(men)} men in the water: {saved} swim, "
                           f"{len(men) - saved} drown", ABANDONING))
    return replace(state, men=tuple(m for m in state.men if m.id not in gone),
                   swimmers=tuple(groups))


def plug_holes(state: RSState, dice: Dice, events: list[Event]) -> RSState:
    """One try a turn for each holed galley: a sailor plugs on 5-6, anyone else on 6 (10.5)."""
    water = tables()["water"]
    for ship in state.ships:
        if not ship.afloat or not ship.holed:
            continue
        hands = [m for m in state.men if m.aboard == ship.id and m.ship == ship.id
                 and not m.wounded(state.turn) and m.rested <= state.turn]
        if not hands:
            continue
        sailor = any(m.rank == "sailor" for m in hands)
        need = water["plug_sailor"] if sailor else water["plug_other"]
        ok, _ = dice.need(need, f"{ship.name}: plug the hole"
                          f"{' (a sailor)' if sailor else ''}", PLUGGING, side=ship.side,
                          ship=ship.id, success="plugged", failure="still leaking")
        if ok:
            state = state.with_ship(replace(ship, holed=False))
    return state


def leak(state: RSState, dice: Dice, events: list[Event]) -> RSState:
    """A holed galley takes a load at the end of each maintenance phase (10.6)."""
    for ship in state.ships:
        if ship.afloat and ship.holed and state.ship(ship.id).afloat:  # not dragged under
            state = take_water(state, ship.id, 1, dice, events, LEAKING)
    return state


def swim(state: RSState, dice: Dice, events: list[Event]) -> RSState:
    """Swimmers make 2" a turn toward the nearest shore or friendly galley, and are saved on
    reaching the shore or a friendly galley stopped to pick them up (12.1); twelve turns of
    swimming and they drown."""
    rules = tables()["swim"]
    groups = []
    men = list(state.men)
    for group in state.swimmers:
        friends = [s for s in state.ships if s.afloat and s.side == group.side]
        saved = _saved(state, group, friends, rules["reach"])
        if saved is None:
            group = _swim_on(state, group, friends, rules["inches"])
            saved = _saved(state, group, friends, rules["reach"])
        if saved == "shore":
            events.append(Happened("ashore", f"{len(group.men)} swimmers reach the shore",
                                   SWIMMERS, side=group.side))
            continue
        if saved is not None:
            ship = state.ship(saved)
            rested = state.turn + 2  # 12.2: a turn to recover, then they may lend a hand
            men.extend(replace(m, ship=ship.id, aboard=ship.id, section="middle", rescued=True,
                               rested=rested) for m in group.men)
            events.append(Happened("rescued", f"{ship.name} picks up {len(group.men)} "
                                   "swimmers", SWIMMERS, side=group.side, ship=ship.id))
            continue
        left = group.turns_left - 1
        if left <= 0:
            events.append(Happened("drowned", f"{len(group.men)} swimmers drown, worn out",
                                   SWIMMERS, side=group.side))
            continue
        groups.append(replace(group, turns_left=left))
    return replace(state, swimmers=tuple(groups), men=tuple(men))


def _saved(state: RSState, group: Swimmers, friends: list[Galley],
           reach: float) -> str | None:
    """"shore" if the swimmers are at the shore, the id of a stopped friendly galley beside
    them (12.1), or None."""
    at = (group.x, group.y)
    if any(point_distance(at, sh.points) <= reach for sh in state.shores):
        return "shore"
    stopped = [(point_distance(at, s.outline), s.id) for s in friends
               if s.band is Band.HOVE_TO]
    near = [t for t in stopped if t[0] <= reach]
    return min(near)[1] if near else None


def _swim_on(state: RSState, group: Swimmers, friends: list[Galley],
             inches: float) -> Swimmers:
    """2" toward the nearest friendly galley or point of the shore (12.1)."""
    at = (group.x, group.y)
    goals = [(point_distance(at, s.outline), s.centre) for s in friends]
    goals += [(point_distance(at, sh.points), nearest_point(sh.points, at))
              for sh in state.shores]
    if not goals:
        return group
    _, (tx, ty) = min(goals)
    x, y = group.x, group.y
    d = math.hypot(tx - x, ty - y)
    if d > 0:
        step = min(inches, d)
        x, y = x + (tx - x) / d * step, y + (ty - y) / d * step
    return replace(group, x=round(x, 3), y=round(y, 3))
