"""The ramming phase (10.0-10.4), a sail brought down by a ram (3.5), and accidents with
wreckage, the shore or a friend (23.1-23.3): every contact the movement phase found."""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.ramming_speed.model import Band, Contact, RSState, Sail
from ahoy_tui.rules.ramming_speed.sinking import sink, take_water
from ahoy_tui.rules.ramming_speed.tables import angle_modifier, ram_loads, tables

RAM_EFFECT = "10.2 Ramming"
RAM_MODIFIERS = "10.3 Ramming modifiers"
RAM_AMONG_OARS = "10.1 Ramming"
MAST_DOWN = "3.5 Sailing"
ACCIDENT = "23.1 Accidental ramming"
CUT_IN_HALF = 99


def modifier(contact: Contact) -> int:
    """The ram's modifiers (10.3): its speed and angle; an accident is -2 (23.1)."""
    if contact.accident:
        return int(tables()["ram"]["accident"])
    speed = int(tables()["ram"]["speed"].get(contact.band.words, 0))
    return speed + angle_modifier(contact.angle)


def modifier_words(contact: Contact) -> list[str]:
    """What changed the ram's roll, in the table's words (10.3, 23.1)."""
    if contact.accident:
        return [f"{contact.zone}"]
    words = []
    speed = int(tables()["ram"]["speed"].get(contact.band.words, 0))
    if speed:
        words.append(contact.band.words)
    if angle_modifier(contact.angle):
        words.append(f"{contact.angle:.0f}°")
    return words


def settle_rams(state: RSState, dice: Dice, events: list[Event]) -> RSState:
    """Roll every ram of the turn, in the order they struck."""
    for contact in state.contacts:
        state = ram(state, contact, dice, events)
    return replace(state, contacts=())


def ram(state: RSState, contact: Contact, dice: Dice, events: list[Event]) -> RSState:
    """One ram: the oar section or rudder it strikes (10.1), two averaging dice with the
    modifiers on the ramming table (10.2), the loads shipped at once (10.4)."""
    rammer = state.ship(contact.rammer)
    victim = rammer if contact.victim is None else state.ship(contact.victim)
    if not victim.afloat:
        return state
    if contact.zone == "oars" and victim.oars[contact.side] > 0:
        oars = list(victim.oars)
        oars[contact.side] -= 1
        victim = replace(victim, oars=(oars[0], oars[1]))
        events.append(Happened("oars_lost", f"The ram strikes among {victim.name}'s oars: an oar "
                               "section destroyed", RAM_AMONG_OARS, side=victim.side,
                               ship=victim.id))
    elif contact.zone == "rear":
        rudders = list(victim.rudders)
        rudders[contact.side] = False
        victim = replace(victim, rudders=(rudders[0], rudders[1]))
        events.append(Happened("rudder_lost", f"The ram strikes {victim.name} in the rear: her "
                               f"{'starboard' if contact.side else 'port'} rudder is gone",
                               RAM_AMONG_OARS, side=victim.side, ship=victim.id))
    state = state.with_ship(victim)
    mod = modifier(contact)
    what = victim.name if contact.victim else f"the {contact.zone}"
    why = f" ({mod:+d}: {', '.join(modifier_words(contact))})" if mod else ""
    faces = dice.average(2, f"ram: {rammer.name} into {what}{why}",
                         ACCIDENT if contact.accident else RAM_EFFECT, side=rammer.side,
                         ship=rammer.id)
    total = sum(faces) + mod
    loads = ram_loads(total)
    outcome = ("cut in half" if loads == CUT_IN_HALF else
               f"holed, {loads} load{'s' if loads > 1 else ''}" if loads else "no effect")
    dice.judge(f"{total}, {outcome}" if mod else outcome)
    if loads == CUT_IN_HALF:
        events.append(Happened("cut_in_half", f"{victim.name} is cut in half and sinks!",
                               RAM_EFFECT, side=victim.side, ship=victim.id, big=True))
        state = sink(state, victim.id, dice, events, RAM_EFFECT)
    elif loads:
        state = take_water(state, victim.id, loads, dice, events, RAM_EFFECT, holed=True)
    # 3.5: the rammer and the rammed lose mast and sail; a galley striking wreckage or the
    # shore is "treated as if it were rammed" (23.1-23.2), so hers come down too
    for sid in dict.fromkeys((rammer.id, victim.id)):
        state = mast_down(state, sid, dice, events)
    return state


def mast_down(state: RSState, ship_id: str, dice: Dice, events: list[Event]) -> RSState:
    """Rammed or ramming with her sail up: mast and sail crash down, she is holed (3.5)."""
    ship = state.ship(ship_id)
    if not ship.afloat or ship.sail not in (Sail.UP, Sail.LOWERING):
        return state
    ship = replace(ship, sail=Sail.LOST, sail_work=0,
                   band=Band.HOVE_TO if ship.band is Band.SAIL else ship.band)
    state = state.with_ship(ship)
    events.append(Happened("mast_down", f"{ship.name}'s mast and sail come crashing down: she "
                           "is holed", MAST_DOWN, side=ship.side, ship=ship.id, big=True))
    return take_water(state, ship.id, 1, dice, events, MAST_DOWN, holed=True)
