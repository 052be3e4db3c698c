"""Morale (22.0-22.7): a captain or admiral killed, a galley fighting on to half her men, a
galley withdrawing, and the fleet's nerve when its flagship is sunk or captured."""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.ramming_speed.model import Galley, Man, RSState
from ahoy_tui.rules.ramming_speed.tables import tables

CAPTAIN_KILLED = "22.0 Morale"
NEW_CAPTAIN = "22.2 Morale"
ADMIRAL = "22.3 Morale"
CARRY_ON = "22.4 Morale"
WITHDRAW = "22.5 Morale"
FLAGSHIP = "22.6 Morale"


def officer_killed(state: RSState, man: Man, dice: Dice, events: list[Event]) -> RSState:
    """Her captain (or admiral) fallen: the crew's D6 (22.0), unless an officer still commands
    (22.3: the admiral on his flagship, or her captain when the admiral falls)."""
    ship = state.ship(man.ship)
    if not ship.afloat:
        return state
    crew = state.crew_of(ship.id)
    if man.rank == "admiral" and any(m.rank == "captain" for m in crew):
        events.append(Happened("command", f"The admiral is dead: {ship.name}'s captain takes "
                               "command of her", ADMIRAL, side=ship.side, ship=ship.id))
        return state
    if man.rank == "captain" and any(m.rank == "admiral" for m in crew):
        events.append(Happened("command", f"{ship.name}'s captain is dead; the admiral "
                               "commands her", ADMIRAL, side=ship.side, ship=ship.id))
        return state
    return captain_lost(state, ship, dice, events, man.rank)


def captain_lost(state: RSState, ship: Galley, dice: Dice, events: list[Event],
                 fallen: str = "captain") -> RSState:
    """The crew's D6 for their fallen commander (22.0): their captain, or the admiral who
    commanded her with no captain aboard (22.3)."""
    who = ("their captain killed" if fallen == "captain" else
           "the admiral who commanded them killed, and no captain left")
    face = dice.d6(f"{ship.name}'s crew, {who}", CAPTAIN_KILLED,
                   side=ship.side, ship=ship.id)
    result = tables()["morale"]["captain_lost"][str(face)]
    dice.judge({"withdraw": "the galley withdraws", "carry_on": "she carries on",
                "elect": "a new captain is elected"}[result])
    if result == "elect":
        return elect(state, ship, events)
    if result == "carry_on":
        return check_half(state.with_ship(replace(ship, carry_on=True)), events)
    return withdraw(state, ship, events, CAPTAIN_KILLED)


def elect(state: RSState, ship: Galley, events: list[Event]) -> RSState:
    """The second in command becomes her captain in all respects, his old skills lost (22.1-
    22.2): the best-ranked fit man aboard her is nominated."""
    ranks = tables()["melee"]["ranks"]
    candidates = [m for m in state.crew_of(ship.id) if m.aboard == ship.id
                  and not m.rescued and m.rank != "admiral"]
    if not candidates:
        return withdraw(state, ship, events, NEW_CAPTAIN)
    best = min(candidates, key=lambda m: (m.wounded(state.turn), ranks.index(m.rank), m.id))
    events.append(Happened("elected", f"{ship.name}'s {best.rank} is elected "
                           "captain", NEW_CAPTAIN, side=ship.side, ship=ship.id, big=True))
    new = replace(best, rank="captain")
    return replace(state, men=tuple(new if m.id == best.id else m for m in state.men))


WHY = {CARRY_ON: "half her men are lost (22.4)", CAPTAIN_KILLED: "her captain is dead (22.0)",
       NEW_CAPTAIN: "no man is left to elect (22.1)", FLAGSHIP: "the flagship is lost (22.6)"}


def withdraw(state: RSState, ship: Galley, events: list[Event], rule: str) -> RSState:
    """She withdraws (22.5): home by the easiest route; she may shoot and defend herself but
    never ram or board. The log says which rule sent her."""
    ship = state.ship(ship.id)
    if ship.withdrawing or not ship.afloat:
        return state
    why = WHY.get(rule)
    events.append(Happened("withdraws", f"{ship.name} withdraws from the action"
                           f"{': ' + why if why else ''}", rule,
                           side=ship.side, ship=ship.id, big=True))
    return state.with_ship(replace(ship, withdrawing=True, carry_on=False))


def check_half(state: RSState, events: list[Event]) -> RSState:
    """A galley carrying on withdraws once half her men are lost (22.4): her own, the swimmers
    she picked up not making up her losses (12.2: they fight no more)."""
    for ship in state.ships:
        if ship.afloat and ship.carry_on and not ship.withdrawing \
                and len(state.own_crew(ship.id)) * 2 <= ship.start_men:
            state = withdraw(state, ship, events, CARRY_ON)
    return state


def flagship_lost(state: RSState, flagship: Galley, dice: Dice,
                  events: list[Event]) -> RSState:
    """The flagship sunk or captured (22.6-22.7): each other galley of the fleet, nearest
    first, throws a D6, +1 after a galley that stayed: 1-2 withdraw, 3-4 those with captains
    fight on, 5-6 all fight on."""
    fleet = [s for s in state.ships if s.afloat and s.side == flagship.side
             and s.id != flagship.id and not s.withdrawing]
    fleet.sort(key=lambda s: ((s.x - flagship.x) ** 2 + (s.y - flagship.y) ** 2, s.id))
    bonus = 0
    for ship in fleet:
        face = dice.d6(f"{ship.name}: the flagship is lost", FLAGSHIP, side=ship.side,
                       ship=ship.id)
        result = tables()["morale"]["flagship_lost"][str(min(6, face + bonus))]
        captain = any(m.rank in ("captain", "admiral") for m in state.crew_of(ship.id))
        stays = result == "fight" or (result == "captains" and captain)
        dice.judge("fights on" if stays else "withdraws", f"+{bonus}" if bonus else "")
        if not stays:
            state = withdraw(state, ship, events, FLAGSHIP)
        bonus = 1 if stays else 0
    return state
