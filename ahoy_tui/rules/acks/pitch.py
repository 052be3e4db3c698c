"""Fire Pot Poles and Pitch: burning pitch dumped from a fire pot pole or thrown by a catapult
onto an enemy's deck, the men caught in it, the fire burning on each round on the same count,
and the men who fight it.

A fire is a 15' puddle on the deck battlemap: the 3 x 3 squares about its centre, clipped to her
deck. On the count it lands, one roll of its dice (4d6 from fire pots, 3d6 to 5d6 from a
catapult) is the vessel's structural fire damage and each man's fire damage (the ACKS II core's
way with an area of effect: the damage is rolled once, each man saves against it): every man
standing in the area saves against Blast, taking half (rounded down) on a save. Each round
after, on the same count, it does the same again (``burn``), until 15 full-round actions by men
in or within 5' of it (the 5 x 5 squares about its centre) put it out; each fire on its own.

``burn`` is called on each count before anyone acts on it: a fire lit on this count of this
round is then not yet in ``state.fires`` and burns first on the next round.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks.boarding import bow_meets, landing, wound
from ahoy_tui.rules.acks.damage import hurt
from ahoy_tui.rules.acks.deck import deck_size, laid, occupied, on_deck, squares, with_figure
from ahoy_tui.rules.acks.model import AcksState, Figure, Fire, Vessel
from ahoy_tui.rules.acks.tables import dice_expr as parse_dice
from ahoy_tui.rules.tabledata import lookup, read_toml

PACKAGE = "ahoy_tui.rules.acks"
PITCH = "Fire Pot Poles and Pitch"
POLE = "fire_pot_pole"          # the war machine in a vessel's ``gear``


@cache
def pitch_table() -> dict[str, Any]:
    return read_toml(PACKAGE, "pitch.toml")


def pots() -> dict[str, Any]:
    return dict(pitch_table()["fire_pots"])


def pitch_dice(kind: str) -> str:
    """The dice of burning pitch thrown by an artillery piece of ``kind`` (a catapult)."""
    return str(lookup(pitch_table()["pitch"], kind, "pitch.toml", "pitch"))


def throws_pitch(kind: str) -> bool:
    return kind in pitch_table()["pitch"]


def radius() -> int:
    """Squares from the puddle's centre to its edge (15' across: 1)."""
    return (squares(pots()["puddle_ft"]) - 1) // 2


def reach() -> int:
    """Squares beyond the puddle a man may fight it from (5': 1)."""
    return squares(pots()["fight_reach_ft"])


# --- where it burns --------------------------------------------------------------------------

def _within(fire: Fire, x: int, y: int, squares_out: int) -> bool:
    return max(abs(x - fire.x), abs(y - fire.y)) <= squares_out


def area(state: AcksState, fire: Fire) -> set[tuple[int, int]]:
    """The squares of her deck the puddle covers."""
    r = radius()
    vessel = state.vessel(fire.vessel)
    return {(i, j) for i in range(fire.x - r, fire.x + r + 1)
            for j in range(fire.y - r, fire.y + r + 1) if on_deck(vessel, i, j)}


def caught(state: AcksState, fire: Fire) -> list[Figure]:
    """The men standing in the puddle (on her deck, not down; those below are not)."""
    return sorted((f for f in state.figures if f.on == fire.vessel and f.where == "deck"
                   and not f.down and _within(fire, f.x, f.y, radius())),
                  key=lambda f: f.id)


def fire_fighters_near(state: AcksState, fire: Fire) -> list[Figure]:
    """The men standing in or within 5' of the puddle (the 5 x 5 about its centre), of either
    side: who may fight it."""
    return sorted((f for f in state.figures if f.on == fire.vessel and f.where == "deck"
                   and not f.down and _within(fire, f.x, f.y, radius() + reach())),
                  key=lambda f: f.id)


def fires_in_reach(state: AcksState, figure: Figure) -> list[Fire]:
    """The fires ``figure`` may fight: on the deck he stands on, he in or within 5' of each."""
    if figure.down or figure.where != "deck":
        return []
    return [fire for fire in state.fires if fire.vessel == figure.on
            and _within(fire, figure.x, figure.y, radius() + reach())]


def fire_of(state: AcksState, fire_id: str) -> Fire:
    for fire in state.fires:
        if fire.id == fire_id:
            return fire
    raise KeyError(fire_id)


# --- who may dump, and where -----------------------------------------------------------------

def dump_targets(state: AcksState, vessel: Vessel) -> list[Vessel]:
    """The enemy vessels her fire pot pole may reach now: she carries one and is in action,
    her bow hex adjacent to or in a hex of the enemy; once her deck is laid, a man of hers is
    standing on it to work the pole."""
    if POLE not in vessel.gear or not vessel.in_action or vessel.creature:
        return []
    if laid(state, vessel.id) and not any(f.crew_of == vessel.id and f.on == vessel.id
                                          and f.where == "deck" and not f.down
                                          for f in state.figures):
        return []
    return [o for o in state.vessels if o.side != vessel.side and not o.creature
            and o.in_action and bow_meets(vessel, o)]


def aim_square(state: AcksState, vessel_id: str, target_id: str) -> tuple[int, int]:
    """Where the puddle is centred by default: on the target's deck, by her rail nearest the
    dumper's bow (``boarding.landing``, where a bridge would land), moved one square inboard
    and clear of her ends so the whole 15' lies on her deck."""
    target = state.vessel(target_id)
    x, y = landing(target, state.vessel(vessel_id))
    length, width = deck_size(target)
    r = radius()
    x = min(max(x, r), length - 1 - r) if length > 2 * r else length // 2
    y = min(max(y, r), width - 1 - r) if width > 2 * r else width // 2
    return x, y


# --- setting her aflame ----------------------------------------------------------------------

def _enemy_of(vessel: Vessel) -> str:
    """The side a fire burning on her is credited to: her enemy's."""
    return "p2" if vessel.side == "p1" else "p1"


def _new_id(state: AcksState, target_id: str, count: int) -> str:
    base = f"{target_id}:fire{state.round}.{count}"
    taken = {f.id for f in state.fires}
    n, fid = 1, base
    while fid in taken:
        n += 1
        fid = f"{base}.{n}"
    return fid


def _scorch(state: AcksState, fire: Fire, by_side: str, why: str, dice: Dice,
            events: list[Event]) -> AcksState:
    """One roll of the fire's dice: the vessel's structural fire damage and each man's in the
    puddle (a Blast save for half, rounded down)."""
    vessel = state.vessel(fire.vessel)
    count, sides = parse_dice(fire.dice)
    amount = sum(dice.nd(count, sides, f"{why} on {vessel.name}: fire damage", PITCH,
                         side=vessel.side, ship=vessel.id))
    state = hurt(state, vessel.id, amount, by_side, f"{why}, structural fire damage", dice,
                 events, PITCH)
    for f in caught(state, fire):
        need = f.save("blast")
        face = dice.die(20, f"{f.name} in the {why}: Blast save", PITCH, side=f.side,
                        ship=vessel.id, need=f"{need}+")
        saved = face >= need
        dice.judge("saved: half" if saved else "burned")
        taken = amount // 2 if saved else amount
        if taken > 0:
            state = wound(state, f, taken, f"{why}{' (saved, half)' if saved else ''}",
                          PITCH, events)
    return state


def ignite(state: AcksState, target_id: str, x: int, y: int, dice_expr: str, count: int,
           by_side: str, dice: Dice, events: list[Event], why: str = "burning pitch") \
        -> AcksState:
    """Burning pitch lands on ``target``'s deck centred on (x, y), on initiative ``count``: its
    dice now (the vessel, and the men in the puddle), and she is aflame (a new fire, burning
    on ``count`` each round after). Artillery pitch (``pitch_dice``) comes this way."""
    target = state.vessel(target_id)
    if target.creature:
        raise ValueError(f"{target.name} has no deck to burn")
    if not on_deck(target, x, y):
        raise ValueError(f"({x}, {y}) is not on {target.name}'s deck")
    parse_dice(dice_expr)     # a bad expression fails here, before anything burns
    fire = Fire(_new_id(state, target_id, count), target_id, x, y, dice_expr.lower(), count)
    events.append(Happened("fire", f"{why} lands on {target.name}'s deck: she is aflame",
                           PITCH, side=target.side, ship=target.id, big=True))
    state = _scorch(state, fire, by_side, why, dice, events)
    if not state.vessel(target_id).in_action:
        return state
    return replace(state, fires=(*state.fires, fire))


def dump_fire_pots(state: AcksState, vessel_id: str, target_id: str, x: int, y: int,
                   count: int, dice: Dice, events: list[Event]) -> AcksState:
    """``vessel``'s fire pot pole dumps its pots on ``target``'s deck centred on (x, y) (see
    ``aim_square``), on initiative ``count``: 4d6 structural fire damage to her, credited to
    the dumper's side, the men in the 15' puddle save against Blast for half, and she burns."""
    vessel = state.vessel(vessel_id)
    events.append(Happened("fire", f"{vessel.name} dumps her fire pots on "
                           f"{state.vessel(target_id).name}", PITCH, side=vessel.side,
                           ship=vessel.id))
    return ignite(state, target_id, x, y, str(pots()["dice"]), count, vessel.side, dice,
                  events, why="burning pitch from the fire pots")


# --- burning, and fighting it ----------------------------------------------------------------

def burn(state: AcksState, count: int, dice: Dice, events: list[Event]) -> AcksState:
    """Every fire whose count this is burns again: its dice to the vessel and to the men in
    it (half on a Blast save). A fire on a vessel no longer in action is gone with her."""
    for fire in [f for f in state.fires if f.count == count]:
        vessel = state.vessel(fire.vessel)
        if not vessel.in_action:
            state = replace(state, fires=tuple(f for f in state.fires if f.id != fire.id))
            continue
        events.append(Happened("fire", f"the pitch burns on {vessel.name}'s deck", PITCH,
                               side=vessel.side, ship=vessel.id))
        state = _scorch(state, fire, _enemy_of(vessel), "burning pitch", dice, events)
    return state


def fight_fire(state: AcksState, figure_id: str, fire_id: str,
               events: list[Event] | None = None) -> AcksState:
    """``figure`` spends a full-round action fighting the fire: one more of the 15 that put it
    out (then it is gone from ``state.fires``). He must stand in or within 5' of it."""
    figure = state.figure(figure_id)
    fire = fire_of(state, fire_id)
    if fire not in fires_in_reach(state, figure):
        raise ValueError(f"{figure.name} is not in or within 5' of the fire {fire_id}")
    fought = fire.fought + 1
    vessel = state.vessel(fire.vessel)
    if fought >= int(pots()["put_out"]):
        if events is not None:
            events.append(Happened("fire", f"{figure.name} and the others put out the fire "
                                   f"on {vessel.name}'s deck", PITCH, side=figure.side,
                                   ship=vessel.id, big=True))
        return replace(state, fires=tuple(f for f in state.fires if f.id != fire_id))
    if events is not None:
        events.append(Happened("fire", f"{figure.name} fights the fire on {vessel.name}'s "
                               f"deck ({fought}/{pots()['put_out']})", PITCH,
                               side=figure.side, ship=vessel.id))
    return replace(state, fires=tuple(replace(f, fought=fought) if f.id == fire_id else f
                                      for f in state.fires))


def fire_work(state: AcksState, vessel_id: str, fire_id: str) -> bool:
    """Has her crew anything to do at this fire now: a man beside it who has not moved, or
    one who can run to it? (A fire fight that would do nothing is not offered.)"""
    fire = fire_of(state, fire_id)
    if any(f.crew_of == vessel_id and not f.moved
           for f in fire_fighters_near(state, fire)):
        return True
    return run_to_fire(state, vessel_id, fire)[1] > 0


def run_to_fire(state: AcksState, vessel_id: str, fire: Fire) -> tuple[AcksState, int]:
    """The rest of her men on the burning deck, not in the fight, run to the fire (to fight
    it from their next round: fighting it takes a full round): to a free square within 5'
    of the pitch, never into it. Returns the state and how many ran."""
    from ahoy_tui.rules.acks.melee import enemies_near

    vessel = state.vessel(fire.vessel)
    length, width = deck_size(vessel)
    ring = radius() + reach()
    burning = area(state, fire)
    ran = 0
    for f in [f for f in state.figures if f.crew_of == vessel_id and f.on == fire.vessel
              and f.where == "deck" and not f.down and not f.moved and f.role != "captain"
              and not enemies_near(state, f)]:
        if max(abs(f.x - fire.x), abs(f.y - fire.y)) <= ring:
            continue
        taken = occupied(state, fire.vessel)
        run = f.running_ft // 5
        spots = [(x, y) for x in range(length) for y in range(width)
                 if (x, y) not in taken and (x, y) not in burning
                 and max(abs(x - fire.x), abs(y - fire.y)) <= ring
                 and max(abs(x - f.x), abs(y - f.y)) <= run]
        if not spots:
            continue
        x, y = min(spots, key=lambda sq: (max(abs(sq[0] - f.x), abs(sq[1] - f.y)), sq))
        state = with_figure(state, replace(f, x=x, y=y, moved=f.running_ft))
        ran += 1
    return state, ran
