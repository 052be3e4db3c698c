"""The Boarding Phase: grappled ships fight with the chits on Boarding.

Each chit on Boarding rolls a D6 (a Marine two) needing the Boarding Actions chart's to-hit:
"Winning" if her boarders did more damage than her opponent's in the previous round, else
"Even or losing"; with more than two ships engaged together, everyone counts as winning. The
race's boarding modifier goes on each die. The defender saves each hit with her armour plus the
attacker's row's save modifier plus her race's boarding save modifier. All sides roll, then the
casualties come off together.

Readings (docs/rules/naval-battle.md):

- The ships engaged together are those linked by grapples (``bound_to``), directly or through
  others. Only enemies fight; a ship grappled to several enemies deals her hits out among them
  in turn, one at a time, starting with the first she was bound to.
- Boarders fight the crew on deck, never a creature: boarding damage always goes to the crew.
- "Did more damage" counts the damage that got past the armour saves. A ship "won" the round
  (and may cut loose next turn) when her boarders did more damage than they took.
- Ships not grappled keep no boarding record: a new grapple starts "Even or losing".
"""

from __future__ import annotations

from attrs import frozen

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.naval_battle import crew
from ahoy_tui.rules.naval_battle.model import BOARDING, NavalState, Ship
from ahoy_tui.rules.naval_battle.shooting import crew_race, crew_words, signed
from ahoy_tui.rules.naval_battle.tables import Boarding, tables

BOARDING_PHASE = "The Boarding Phase"
WINNING = "winning"
EVEN_OR_LOSING = "even_or_losing"


@frozen
class _Blow:
    attacker: str
    defender: str
    points: int  # after the defender's saves


def engagements(state: NavalState) -> tuple[tuple[str, ...], ...]:
    """The groups of ships grappled together (directly or through another), in table order;
    only groups of two or more ships still in the battle."""
    afloat = {s.id for s in state.ships if not s.gone}
    seen: set[str] = set()
    groups: list[tuple[str, ...]] = []
    for ship in state.ships:
        if ship.id in seen or ship.id not in afloat or not ship.bound_to:
            continue
        group: list[str] = []
        todo = [ship.id]
        while todo:
            current = todo.pop()
            if current in seen or current not in afloat:
                continue
            seen.add(current)
            group.append(current)
            todo.extend(state.ship(current).bound_to)
            todo.extend(s.id for s in state.ships if current in s.bound_to)
        if len(group) > 1:
            order = [s.id for s in state.ships]
            groups.append(tuple(sorted(group, key=order.index)))
    return tuple(groups)


def row_for(state: NavalState, ship: Ship, foes: list[Ship], melee: bool) -> Boarding:
    """Her row of the Boarding Actions chart this round."""
    rules = tables()
    if melee:
        return rules.boarding_row(WINNING)
    ahead = all(ship.boarding_damage > foe.boarding_damage for foe in foes)
    return rules.boarding_row(WINNING if ahead else EVEN_OR_LOSING)


def resolve(state: NavalState, dice: Dice, events: list[Event]) -> NavalState:
    """Every grappled pair fights with the chits on Boarding; casualties after all have
    rolled."""
    start = state
    groups = engagements(start)
    blows: list[_Blow] = []
    for group in groups:
        melee = len(group) > 2
        if melee:
            names = ", ".join(start.ship(i).name for i in group)
            events.append(Happened("melee", f"{len(group)} ships are locked together ({names}): "
                                   "everyone counts as winning", BOARDING_PHASE))
        for ship_id in group:
            ship = start.ship(ship_id)
            linked = (*ship.bound_to, *(s.id for s in start.ships if ship_id in s.bound_to))
            foes = [start.ship(b) for b in dict.fromkeys(linked)
                    if b in group and start.ship(b).side != ship.side]
            if not foes:
                continue
            blows.extend(_attack(start, ship, foes, melee, dice, events))
    return _take_effect(state, groups, blows, events)


def _attack(state: NavalState, ship: Ship, foes: list[Ship], melee: bool, dice: Dice,
            events: list[Event]) -> list[_Blow]:
    rules = tables()
    row = row_for(state, ship, foes, melee)
    foe_names = " and ".join(f.name for f in foes)
    if not ship.at(BOARDING):
        events.append(Happened("no_boarders", f"{ship.name} has no one on Boarding to fight "
                               f"{foe_names}", BOARDING_PHASE, side=ship.side, ship=ship.id))
        return []
    hits = 0
    for box, kind, n in ship.stations:
        if box != BOARDING or not n:
            continue
        per_chit = rules.specialist(kind).boarding_dice if kind in rules.specialists else 1
        modifier = crew_race(ship, kind).boarding
        mod = f" ({signed(modifier)})" if modifier else ""
        who = f"{ship.name}'s {crew_words(n, kind, 'boarder')}"
        if row.to_hit - modifier > 6:
            events.append(Happened("cannot_hit", f"{who} cannot hit: {row.to_hit}+{mod}",
                                   BOARDING_PHASE, side=ship.side, ship=ship.id))
            continue
        faces = dice.nd6(n * per_chit, f"{who} ({row.name}) at {foe_names}", BOARDING_PHASE,
                         side=ship.side, ship=ship.id)
        scored = sum(1 for face in faces if face + modifier >= row.to_hit)
        dice.judge(f"{scored} hit" + ("" if scored == 1 else "s"), f"{row.to_hit}+{mod} each")
        hits += scored
    events.append(Happened("boarding_hits", f"{ship.name}'s boarders ({row.name}) score "
                           f"{hits} hit" + ("" if hits == 1 else "s") + f" on {foe_names}",
                           BOARDING_PHASE, side=ship.side, ship=ship.id))
    blows: list[_Blow] = []
    for index, foe in enumerate(foes):
        share = hits // len(foes) + (1 if index < hits % len(foes) else 0)
        if not share:
            continue
        modifier = row.save_modifier + crew_race(foe, foe.race).boarding_save
        through = crew.save_armour(dice, foe, share, rule=BOARDING_PHASE, modifier=modifier,
                                   side=foe.side)
        save = (f"save {foe.armour}+, {signed(modifier)}" if foe.armour - modifier <= 6
                else f"no save at {foe.armour}+, {signed(modifier)}")
        events.append(Happened("wounds", f"{through} of {share} boarding hits get through "
                               f"{foe.name}'s armour ({save})",
                               BOARDING_PHASE, side=foe.side, ship=foe.id))
        blows.append(_Blow(ship.id, foe.id, through))
    return blows


def _take_effect(state: NavalState, groups: tuple[tuple[str, ...], ...], blows: list[_Blow],
                 events: list[Event]) -> NavalState:
    dealt: dict[str, int] = {}
    taken: dict[str, int] = {}
    for blow in blows:
        dealt[blow.attacker] = dealt.get(blow.attacker, 0) + blow.points
        taken[blow.defender] = taken.get(blow.defender, 0) + blow.points
    for blow in blows:
        state = crew.take_damage(state, blow.defender, blow.points, events, by=blow.attacker,
                                 rule=BOARDING_PHASE)
    engaged = {ship_id for group in groups for ship_id in group}
    for ship in state.ships:
        if ship.id not in engaged:
            if ship.boarding_damage or ship.boarding_won:
                state = state.with_ship(replace(ship, boarding_damage=0, boarding_won=False))
            continue
        done = dealt.get(ship.id, 0)
        won = done > taken.get(ship.id, 0)
        state = state.with_ship(replace(ship, boarding_damage=done, boarding_won=won))
        if won and not ship.gone:
            events.append(Happened("boarding_won", f"{ship.name} wins the round of boarding "
                                   f"({done} to {taken.get(ship.id, 0)}): she may cut loose",
                                   BOARDING_PHASE, side=ship.side, ship=ship.id))
    return state
