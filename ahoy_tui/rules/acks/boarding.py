"""Boarding by Boarding Bridge and by Boarding Ramp: lowering, fastening, raising and
dislodging them, and the men who cross.

Where two decks meet is read off the sea battlemap (the project's reading): the enemy's rail
that faces the other vessel (port or starboard, by which side of her keel the other's bow
lies), at the square along her length nearest the other's bow. A bridge or ramp lands on that
square; a man crossing steps off onto it or the free square nearest it.
"""

from __future__ import annotations

import math

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.hexgrid import centre, distance, step
from ahoy_tui.rules.acks.damage import with_vessel
from ahoy_tui.rules.acks.deck import (
    bow_square,
    deck_size,
    laid,
    occupied,
    with_figure,
)
from ahoy_tui.rules.acks.model import AcksState, Bridge, Figure, Vessel
from ahoy_tui.rules.acks.movement import gap
from ahoy_tui.rules.acks.ramming import armour
from ahoy_tui.rules.acks.tables import tables

BRIDGE = "Boarding by Boarding Bridge"
RAMP = "Boarding by Boarding Ramp"
GEAR = {"bridge": "boarding_bridge", "ramp": "boarding_ramp"}
CAPACITY = {"bridge": 30, "ramp": 8}     # man-sized characters across in one round


def rule_of(kind: str) -> str:
    return BRIDGE if kind == "bridge" else RAMP


# --- where the decks meet --------------------------------------------------------------------

def landing(target: Vessel, other: Vessel) -> tuple[int, int]:
    """The square of ``target``'s deck nearest ``other``'s bow: her rail facing it (port
    ``y`` 0, starboard the last), at the point of her length nearest it."""
    length, width = deck_size(target)
    bx, by = centre(other.body.bow)
    sx, sy = centre(target.body.stern)
    d = step(target.body.facing)
    ax, ay = centre(d)
    norm = math.hypot(ax, ay)
    ax, ay = ax / norm, ay / norm
    along = ((bx - sx) * ax + (by - sy) * ay) / (norm * max(1, target.body.length - 1) or 1)
    if target.body.length == 1:
        along = 0.5 + ((bx - sx) * ax + (by - sy) * ay) / (2 * norm)
    x = min(length - 1, max(0, round(along * (length - 1))))
    # the other's bow to starboard of her keel when the cross product is positive (y south)
    cross = ax * (by - sy) - ay * (bx - sx)
    y = width - 1 if cross > 0 else 0
    return x, y


def nearest_free(state: AcksState, vessel: Vessel, x: int, y: int) -> tuple[int, int] | None:
    """The free square of her deck nearest (x, y), or None when her deck is full."""
    length, width = deck_size(vessel)
    taken = occupied(state, vessel.id)
    free = [(i, j) for i in range(length) for j in range(width) if (i, j) not in taken]
    if not free:
        return None
    return min(free, key=lambda sq: (max(abs(sq[0] - x), abs(sq[1] - y)), abs(sq[1] - y),
                                     abs(sq[0] - x), sq))


def bow_meets(vessel: Vessel, target: Vessel) -> bool:
    """Her bow hex is adjacent to or in a hex of the target (a bridge's or fire pot's reach)."""
    return any(distance(vessel.body.bow, h) <= 1 for h in target.hexes)


def bridge_from(state: AcksState, vessel_id: str) -> Bridge | None:
    return next((b for b in state.bridges if b.vessel == vessel_id), None)


def on_it(state: AcksState, bridge: Bridge) -> list[Figure]:
    return [f for f in state.figures if not f.down and f.where == bridge.kind
            and f.on == bridge.vessel]


# --- lowering, raising, dislodging -----------------------------------------------------------

def lower_targets(state: AcksState, vessel: Vessel, kind: str) -> list[Vessel]:
    """Enemy vessels her bridge (at the bow) or ramp (anywhere alongside) may reach now."""
    if GEAR[kind] not in vessel.gear or bridge_from(state, vessel.id) is not None:
        return []
    if not vessel.in_action or not laid(state, vessel.id) or not state.aboard(vessel.id):
        return []
    out = []
    for o in state.vessels:
        if o.side == vessel.side or o.creature or not o.in_action:
            continue
        near = bow_meets(vessel, o) if kind == "bridge" else gap(vessel, o) <= 1
        if near:
            out.append(o)
    return out


def attack_throw(figure_name: str, bonus: int, ac: int, purpose: str, rule: str, dice: Dice,
                 side: str, ship: str) -> bool:
    need = tables()["attack"]["target_base"] + ac - bonus
    face = dice.die(20, purpose, rule, side=side, ship=ship, need=f"{need}+")
    hit = face == 20 or (face != 1 and face >= need)
    dice.events[-1] = replace(dice.events[-1], outcome="fast" if hit else "misses")
    return hit


def operator(state: AcksState, vessel: Vessel, x: int, y: int) -> Figure | None:
    """The man of her crew nearest (x, y) on her deck, who works the machine."""
    men = [f for f in state.figures if f.on == vessel.id and f.where == "deck" and not f.down
           and f.side == vessel.side and f.role != "captain"]
    if not men:
        return None
    return min(men, key=lambda f: (max(abs(f.x - x), abs(f.y - y)), f.id))


def lower(state: AcksState, vessel_id: str, target_id: str, kind: str, dice: Dice,
          events: list[Event]) -> AcksState:
    """The operator's attack throw against the enemy vessel's AC: a bridge fastened stops
    both vessels until raised; unsecured (and a ramp always), both keep their speed. The
    enemy's men under a falling bridge make Blast saves or take 2d8 and fall prone."""
    vessel, target = state.vessel(vessel_id), state.vessel(target_id)
    sx, sy = bow_square(vessel) if kind == "bridge" else landing(vessel, target)
    man = operator(state, vessel, sx, sy)
    bonus = man.attack if man is not None else 0
    who = man.name if man is not None else "her crew"
    what = "boarding bridge" if kind == "bridge" else "boarding ramp"
    hit = attack_throw(who, bonus, armour(target), f"{vessel.name}'s {what} at {target.name}"
                       f" ({who})", rule_of(kind), dice, vessel.side, vessel.id)
    x, y = landing(target, vessel)
    fast = hit and kind == "bridge"
    if kind == "ramp" and not hit:
        events.append(Happened("ramp", f"{vessel.name}'s ramp is not placed", RAMP,
                               side=vessel.side, ship=vessel.id))
        return state
    events.append(Happened(kind, f"{vessel.name}'s {what} comes down on {target.name}: "
                           + ("fastened, both vessels stop" if fast else
                              "placed; both vessels keep moving" if kind == "ramp" else
                              "not fastened, both keep moving"), rule_of(kind),
                           side=vessel.side, ship=vessel.id, big=True))
    state = replace(state, bridges=(*state.bridges, Bridge(vessel_id, target_id, x, y, fast,
                                                           kind)))
    if fast:
        for v in (vessel, target):
            v = state.vessel(v.id)
            state = with_vessel(state, replace(v, halted=True, hexes_due=v.moved))
    if kind == "bridge":
        state = falling_bridge(state, target, x, y, dice, events)
    return state


def under_bridge(state: AcksState, target: Vessel, x: int, y: int) -> list[Figure]:
    """Her men standing where a bridge comes down on (x, y): that square and the one inboard
    of it."""
    width = deck_size(target)[1]
    inboard = y + 1 if y == 0 else y - 1
    under = {(x, y), (x, max(0, min(width - 1, inboard)))}
    return [f for f in state.figures if f.on == target.id and f.where == "deck"
            and not f.down and (f.x, f.y) in under]


def falling_bridge(state: AcksState, target: Vessel, x: int, y: int, dice: Dice,
                   events: list[Event]) -> AcksState:
    """Her men underneath the falling bridge (its square and the one inboard of it) save
    against Blast or take 2d8 bludgeoning and are knocked prone beside it."""
    for f in under_bridge(state, target, x, y):
        face = dice.die(20, f"{f.name} under the falling bridge: Blast save", BRIDGE,
                        side=f.side, ship=target.id, need=f"{f.save('blast')}+")
        if face >= f.save("blast"):
            dice.events[-1] = replace(dice.events[-1], outcome="avoids it")
            continue
        dice.events[-1] = replace(dice.events[-1], outcome="struck")
        hurt = sum(dice.nd(2, 8, f"the bridge falls on {f.name}", BRIDGE, side=f.side,
                           ship=target.id))
        state = wound(state, f, hurt, "the falling bridge", BRIDGE, events, prone=True)
    return state


def wound(state: AcksState, figure: Figure, amount: int, why: str, rule: str,
          events: list[Event], prone: bool = False) -> AcksState:
    """``figure`` takes ``amount`` damage; at 0 hp he is down (out of the fight)."""
    hp = max(0, figure.hp - amount)
    down = hp == 0
    crew = state.vessel(figure.crew_of).name
    events.append(Happened("wound", f"{figure.name} of {crew}: {why}, {amount} hp"
                           + (", down" if down else f" ({hp}/{figure.hp_max})")
                           + (", knocked prone" if prone and not down else ""), rule,
                           side=figure.side, ship=figure.on))
    return with_figure(state, wounded(figure, amount, prone))


def wounded(figure: Figure, amount: int, prone: bool = False) -> Figure:
    """``figure`` after ``amount`` damage: down at 0 hp, knocked prone if ``prone`` and still
    up."""
    hp = max(0, figure.hp - amount)
    down = hp == 0
    return replace(figure, hp=hp, down=down, prone=figure.prone or (prone and not down))


def dungeonbashing(state: AcksState, who: str, side: str, ship: str, modifier: int,
                   purpose: str, rule: str, dice: Dice) -> bool:
    """A Dungeonbashing proficiency throw (d20 + modifier >= the core's 18)."""
    need = tables()["attack"]["dislodge"] - modifier
    face = dice.die(20, f"{purpose} ({who}, Dungeonbashing {modifier:+d})", rule, side=side,
                    ship=ship, need=f"{need}+")
    ok = face >= need and face != 1
    dice.events[-1] = replace(dice.events[-1], outcome="done" if ok else "fails")
    return ok


def raise_bridge(state: AcksState, vessel_id: str, dice: Dice,
                 events: list[Event]) -> AcksState:
    """Her operator raises her bridge: a fastened one takes a Dungeonbashing throw at -4 for
    each man standing on it; an unsecured one comes up."""
    bridge = bridge_from(state, vessel_id)
    assert bridge is not None
    vessel = state.vessel(vessel_id)
    if bridge.fast:
        men = len(on_it(state, bridge))
        if not dungeonbashing(state, "her operator", vessel.side, vessel.id, -4 * men,
                              f"{vessel.name} raises her bridge", BRIDGE, dice):
            return state
    events.append(Happened(bridge.kind, f"{vessel.name} raises her boarding bridge", BRIDGE,
                           side=vessel.side, ship=vessel.id))
    return off(state, bridge, dice, events)


def dislodge_targets(state: AcksState, vessel: Vessel) -> list[Bridge]:
    """Bridges (unsecured) and ramps lowered onto her that her men may throw off."""
    if not state.aboard(vessel.id):
        return []
    return [b for b in state.bridges if b.target == vessel.id and (b.kind == "ramp"
                                                                   or not b.fast)]


def dislodge(state: AcksState, vessel_id: str, bridge_vessel: str, dice: Dice,
             events: list[Event]) -> AcksState:
    """Her men throw off an unsecured bridge or a ramp: Dungeonbashing (a ramp +4), +4 for each
    man helping (her men within 5' of where it lands, up to three), -4 for each man on it."""
    bridge = bridge_from(state, bridge_vessel)
    assert bridge is not None
    vessel = state.vessel(vessel_id)
    helpers, mod = dislodge_modifier(state, vessel_id, bridge)
    what = "bridge" if bridge.kind == "bridge" else "ramp"
    if not dungeonbashing(state, f"{helpers} helping", vessel.side, vessel.id, mod,
                          f"{vessel.name}'s men throw off the {what}", rule_of(bridge.kind),
                          dice):
        return state
    events.append(Happened(bridge.kind, f"{vessel.name}'s men throw off "
                           f"{state.vessel(bridge_vessel).name}'s {what}",
                           rule_of(bridge.kind), side=vessel.side, ship=vessel.id, big=True))
    return off(state, bridge, dice, events)


def dislodge_modifier(state: AcksState, vessel_id: str, bridge: Bridge) -> tuple[int, int]:
    """(the men helping, the Dungeonbashing modifier) to throw off ``bridge``: a ramp +4, +4
    for each man helping (her men within 5' of where it lands but the one throwing, up to
    three), -4 for each man on it."""
    vessel = state.vessel(vessel_id)
    near = [f for f in state.figures if f.on == vessel_id and f.where == "deck"
            and not f.down and f.side == vessel.side
            and max(abs(f.x - bridge.x), abs(f.y - bridge.y)) <= 1]
    helpers = min(3, max(0, len(near) - 1))
    return helpers, ((4 if bridge.kind == "ramp" else 0) + 4 * helpers
                     - 4 * len(on_it(state, bridge)))


def off(state: AcksState, bridge: Bridge, dice: Dice, events: list[Event]) -> AcksState:
    """A bridge raised or dislodged, or a ramp dislodged: each man on it saves against
    Paralysis or falls overboard; saved, he leaps to the deck of his own side's vessel (the
    project's reading of "his choice of vessel")."""
    from ahoy_tui.rules.acks.crossing import overboard

    state = replace(state, bridges=tuple(b for b in state.bridges if b != bridge))
    for f in on_it(state, bridge):
        f = state.figure(f.id)
        face = dice.die(20, f"{f.name} on the falling {bridge.kind}: Paralysis save",
                        rule_of(bridge.kind), side=f.side, ship=bridge.vessel,
                        need=f"{f.save('paralysis')}+")
        if face < f.save("paralysis"):
            dice.events[-1] = replace(dice.events[-1], outcome="overboard")
            state = overboard(state, f, bridge.vessel, dice, events)
            continue
        dice.events[-1] = replace(dice.events[-1], outcome="leaps clear")
        home = bridge.vessel if state.vessel(bridge.vessel).side == f.side else bridge.target
        vessel = state.vessel(home)
        x, y = (bow_square(vessel) if home == bridge.vessel else (bridge.x, bridge.y))
        sq = nearest_free(state, vessel, x, y)
        if sq is None:
            state = overboard(state, f, home, dice, events)
            continue
        state = with_figure(state, replace(f, on=home, x=sq[0], y=sq[1], where="deck"))
    return state


def falling_away(state: AcksState, vessel_id: str) -> list[Bridge]:
    """The bridges and ramps that fall now ``vessel`` has moved: any ramp of hers or onto
    her, an unsecured bridge whose bow no longer meets the other vessel."""
    out = []
    for b in state.bridges:
        if vessel_id not in (b.vessel, b.target):
            continue
        here, there = state.vessel(b.vessel), state.vessel(b.target)
        if b.kind == "ramp" or (not b.fast and not bow_meets(here, there)):
            out.append(b)
    return out


def unhook_moved(state: AcksState, vessel_id: str, dice: Dice,
                 events: list[Event]) -> AcksState:
    """A ramp is dislodged when either vessel moves; an unsecured bridge when the vessels
    draw apart beyond its reach (the project's reading)."""
    for b in falling_away(state, vessel_id):
        here = state.vessel(b.vessel)
        events.append(Happened(b.kind, f"{here.name}'s {b.kind} falls away as the vessels "
                               "move", rule_of(b.kind), side=here.side, ship=here.id))
        state = off(state, b, dice, events)
    return state


def parted(state: AcksState, dice: Dice, events: list[Event]) -> AcksState:
    """A bridge or ramp between vessels no longer beside each other (drawn apart by a line, a
    winch, a ram's recoil, or sunk) has fallen: the men on it save or go overboard."""
    for b in list(state.bridges):
        here, there = state.vessel(b.vessel), state.vessel(b.target)
        if gap(here, there) <= 1 and here.in_action and there.in_action:
            continue
        events.append(Happened(b.kind, f"{here.name}'s {b.kind} falls as the vessels part",
                               rule_of(b.kind), side=here.side, ship=here.id))
        state = off(state, b, dice, events)
    return state


def crossings(state: AcksState, vessel: Vessel) -> list[tuple[str, str]]:
    """The ways her men may board now: (enemy vessel, by) where by is bridge (hers, lowered
    on that enemy), ramp (hers, placed), line (a grapple line or harpoon joins them) or jump
    (beside her or sharing a hex)."""
    out: list[tuple[str, str]] = []
    for o in state.vessels:
        if o.side == vessel.side or o.creature or not o.in_action:
            continue
        if not laid(state, o.id):
            continue
        b = bridge_from(state, vessel.id)
        if b is not None and b.target == o.id and gap(vessel, o) <= 1:
            out.append((o.id, b.kind))
        # a line (or a harpoon's cable) is crossed only alongside: the seed gives the
        # traverse for adjacent vessels and shared hexes, none across open water
        if gap(vessel, o) <= 1 and any(g.joins(vessel.id) and g.other(vessel.id) == o.id
                                       for g in state.grapples):
            out.append((o.id, "line"))
        # a man jumps only at a deck with a free square to land on
        if gap(vessel, o) <= 1 and nearest_free(state, o, 0, 0) is not None:
            out.append((o.id, "jump"))
    return out


def start_square(vessel: Vessel, target: Vessel, by: str) -> tuple[int, int]:
    """Where her men go to cross: the bow for her bridge, her rail facing the enemy for the
    rest."""
    if by == "bridge":
        return bow_square(vessel)
    return landing(vessel, target)


def distance_ft(f: Figure, x: int, y: int) -> int:
    return max(abs(f.x - x), abs(f.y - y)) * 5

