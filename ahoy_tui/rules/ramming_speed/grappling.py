"""Grappling (14.0-14.5) and the corvus (21.0-21.2): lines thrown within 2", two to hold a
galley, cut in maintenance; a corvus that always holds and is never cut."""

from __future__ import annotations

from collections.abc import Iterator

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import distance
from ahoy_tui.rules.ramming_speed.model import Band, Galley, Grapple, Man, RSState
from ahoy_tui.rules.ramming_speed.tables import tables

THROWING = "14.0 Grappling"
HOLDING = "14.1 Grappling"
CUTTING = "14.2 Grappling"
CONTROL = "14.4 Grappling"
CORVUS = "21.1 Boarding bridges"
CORVUS_OFF = "21.2 Boarding bridges"


def unengaged(state: RSState, ship: Galley) -> tuple[Man, ...]:
    """Her men free to throw or cut lines: fit, aboard her, not fighting off boarders."""
    if contested(state, ship.id):
        return ()
    return tuple(m for m in state.men if m.ship == ship.id and m.aboard == ship.id
                 and not m.wounded(state.turn) and not m.rescued)


def throwers(state: RSState, ship: Galley) -> tuple[Man, ...]:
    """Who may throw a line: any unengaged man but captains and admirals (14.0)."""
    return tuple(m for m in unengaged(state, ship) if not m.officer)


def contested(state: RSState, ship_id: str) -> bool:
    """Whether enemy men stand on her deck, fit to fight."""
    ship = state.ship(ship_id)
    return any(m.aboard == ship_id and state.ship(m.ship).side != ship.side
               and not m.wounded(state.turn) for m in state.men)


def within_reach(state: RSState, ship: Galley, friends: bool = False) -> Iterator[Galley]:
    """Enemy galleys within 2" of her (14.0, 21.1); with ``friends`` her own side's too (lines
    may be thrown to a friend, to hold her up when sinking: 11.0; a corvus is for boarding)."""
    reach = tables()["grapple"]["reach"]
    for other in state.ships:
        if other.afloat and other.id != ship.id and (friends or other.side != ship.side) and \
                distance(ship.outline, other.outline) <= reach:
            yield other


def grapple_between(state: RSState, a: str, b: str) -> Grapple | None:
    return next((g for g in state.grapples if g.joins(a, b)), None)


def held_together(state: RSState, a: str, b: str) -> bool:
    g = grapple_between(state, a, b)
    return g is not None and g.holds


def _set(state: RSState, grapple: Grapple) -> RSState:
    kept = tuple(g for g in state.grapples if not g.joins(grapple.by, grapple.to))
    if grapple.lines <= 0 and not grapple.corvus:
        return replace(state, grapples=kept)
    return replace(state, grapples=(*kept, grapple))


def throw_lines(state: RSState, ship_id: str, target_id: str, men: int, dice: Dice,
                events: list[Event]) -> RSState:
    """Each man throws one line: 3-6 the hook holds (14.0); two lines hold her (14.1)."""
    ship, target = state.ship(ship_id), state.ship(target_id)
    caught = 0
    for n in range(men):
        ok, _ = dice.need(tables()["grapple"]["holds"], f"{ship.name}'s grapple {n + 1} at "
                          f"{target.name}", THROWING, side=ship.side, ship=ship.id,
                          success="caught", failure="did not hold")
        caught += ok
    old = grapple_between(state, ship_id, target_id) or Grapple(ship_id, target_id)
    new = replace(old, lines=old.lines + caught, drawn=old.drawn or old.lines + caught >= 2)
    state = _set(state, new)
    if new.holds and not old.holds:
        state = drawn_together(state, ship_id, target_id, events, HOLDING)
    elif caught:
        events.append(Happened("line", f"{caught} line{'s' if caught > 1 else ''} from "
                               f"{ship.name} to {target.name}", HOLDING, side=ship.side,
                               ship=ship.id))
    return replace(state, acted=(*state.acted, ship_id))


def drop_corvus(state: RSState, ship_id: str, target_id: str, events: list[Event]) -> RSState:
    """The corvus drops: the spike locks the two galleys together (21.1)."""
    ship = state.ship(ship_id)
    old = grapple_between(state, ship_id, target_id) or Grapple(ship_id, target_id)
    state = _set(state, replace(old, corvus=True))
    state = state.with_ship(replace(ship, corvus_spent=True))
    events.append(Happened("corvus", f"{ship.name} drops her corvus on "
                           f"{state.ship(target_id).name}", CORVUS, side=ship.side,
                           ship=ship_id, big=True))
    state = drawn_together(state, ship_id, target_id, events, CORVUS)
    return replace(state, acted=(*state.acted, ship_id))


def drawn_together(state: RSState, a: str, b: str, events: list[Event], rule: str) -> RSState:
    """Held fast, the galleys are drawn together and stop (14.1); her side may board first."""
    for sid in (a, b):
        state = state.with_ship(replace(state.ship(sid), band=Band.HOVE_TO))
    side = state.ship(a).side
    events.append(Happened("grappled", f"{state.ship(a).name} holds {state.ship(b).name} fast",
                           rule, side=side, ship=a, big=True))
    return replace(state, grappled_by=(*state.grappled_by, (b, side)))


def controls_both(state: RSState, side: str, a: str, b: str) -> bool:
    """Whether one side's crew holds both galleys (14.4, 21.2): its men on both, no fit enemy
    on either."""
    for sid in (a, b):
        men = [m for m in state.men if m.aboard == sid and not m.wounded(state.turn)]
        if not men or any(state.ship(m.ship).side != side for m in men):
            return False
    return True


def cut_lines(state: RSState, ship_id: str, target_id: str, dice: Dice,
              events: list[Event]) -> RSState:
    """Her unengaged men try to cut the lines, 4-6 each (14.2); automatic if her side holds
    both galleys (14.4) unless the other is sinking."""
    ship = state.ship(ship_id)
    grapple = grapple_between(state, ship_id, target_id)
    if grapple is None:
        return state
    other = state.ship(target_id)
    if controls_both(state, ship.side, ship_id, target_id) and other.loads < 5:
        events.append(Happened("cut", f"{ship.name}'s men cut every line to {other.name}",
                               CONTROL, side=ship.side, ship=ship_id))
        return _set(state, replace(grapple, lines=0))
    lines = grapple.lines
    for man in unengaged(state, ship)[:grapple.lines]:
        ok, _ = dice.need(tables()["grapple"]["cut"], f"{ship.name}'s {man.rank} cuts a line",
                          CUTTING, side=ship.side, ship=ship_id, success="cut",
                          failure="it holds")
        lines -= ok
    state = _set(state, replace(grapple, lines=lines, drawn=grapple.holds))
    if lines <= 0 and not grapple.corvus:
        events.append(Happened("cut", f"{ship.name} is cut free of {other.name}", CUTTING,
                               side=ship.side, ship=ship_id))
    return replace(state, acted=(*state.acted, ship_id))


def remove_corvus(state: RSState, ship_id: str, target_id: str,
                  events: list[Event]) -> RSState:
    """Announced now, the corvus is gone at the next maintenance, destroyed (21.2)."""
    grapple = grapple_between(state, ship_id, target_id)
    if grapple is None:
        return state
    events.append(Happened("corvus_off", f"{state.ship(ship_id).name} will take up the corvus "
                           "next maintenance", CORVUS_OFF, side=state.ship(ship_id).side,
                           ship=ship_id))
    return _set(state, replace(grapple, corvus_going=state.turn))


def corvi_removed(state: RSState, events: list[Event]) -> RSState:
    """Corvi announced last maintenance come off now (21.2)."""
    for g in state.grapples:
        if g.corvus and 0 < g.corvus_going < state.turn:
            events.append(Happened("corvus_gone", "The corvus between "
                                   f"{state.ship(g.by).name} and {state.ship(g.to).name} is "
                                   "taken off and destroyed", CORVUS_OFF))
            state = _set(state, replace(g, corvus=False, corvus_going=0))
    return state
