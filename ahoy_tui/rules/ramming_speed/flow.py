"""The sequence of play (1.0-1.1): write orders; movement; range fire; ramming; grappling;
boarding and two rounds of melee; combat morale; maintenance. Each phase is finished by every
side before the next begins.

Orders are written in secret and sealed (``engine/orders.py``); when the last side seals, they
are revealed together and every galley moves at once. The phases that need no decision
(movement, ramming, melee, morale) are played as soon as the phase before them ends.
"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.orders import revealed_event, sealed_event
from ahoy_tui.rules.ramming_speed import (
    archery,
    fight,
    grappling,
    melee,
    morale,
    movement,
    ramming,
    sailing,
    sinking,
)
from ahoy_tui.rules.ramming_speed.actions import (
    AbandonShip,
    Action,
    Board,
    CutLines,
    DropCorvus,
    Fall,
    MatchUp,
    PhaseDone,
    PlaceMan,
    PutForward,
    Recall,
    RemoveCorvus,
    SealOrders,
    SetSail,
    ShiftOars,
    Shoot,
    ThrowLines,
    WriteOrders,
)
from ahoy_tui.rules.ramming_speed.helm import band_named, default_orders
from ahoy_tui.rules.ramming_speed.model import (
    Galley,
    Phase,
    RSState,
    ShipOrders,
    Shot,
    SideOrders,
    Status,
)
from ahoy_tui.rules.ramming_speed.tables import tables

SEQUENCE = "1.1 Sequence of play"
ORDERS = "2.0 Writing orders"
MAINTENANCE = "1.1 Sequence of play: maintenance"
VICTORY = "Victory (the project's own)"


def apply_action(state: RSState, action: Action) -> tuple[RSState, list[Event]]:
    events: list[Event] = []
    dice = Dice(state.rng, events)
    match action:
        case WriteOrders():
            band = band_named(action.band)
            assert band is not None
            draft = ShipOrders(action.ship, band, action.moves, action.rake)
            state = replace(state, drafts=(*(d for d in state.drafts if d.ship != action.ship),
                                           draft))
        case SealOrders():
            state = seal(state, action.side, dice, events)
        case Shoot():
            state = replace(state, shots=(*state.shots, Shot(action.ship, action.target,
                                                             action.aim)),
                            acted=(*state.acted, action.ship))
        case ThrowLines():
            state = grappling.throw_lines(state, action.ship, action.target, action.men, dice,
                                          events)
        case DropCorvus():
            state = grappling.drop_corvus(state, action.ship, action.target, events)
        case Board():
            state = melee.board(state, action.ship, action.target, action.officers, events,
                                section=action.section, man=action.man)
        case ShiftOars():
            ship = state.ship(action.ship)
            port, star = ship.oars
            port, star = (port - 1, star + 1) if action.to_starboard else (port + 1, star - 1)
            state = state.with_ship(replace(ship, oars=(port, star)))
            events.append(Happened("oars", f"{ship.name} moves an oar section to her "
                                   f"{'starboard' if action.to_starboard else 'port'} side",
                                   "6.2 Speed", side=ship.side, ship=ship.id))
        case SetSail():
            state = sailing.set_sail(state, action.ship, action.up, events)
        case CutLines():
            state = grappling.cut_lines(state, action.ship, action.target, dice, events)
        case RemoveCorvus():
            state = grappling.remove_corvus(state, action.ship, action.target, events)
        case AbandonShip():
            ship = state.ship(action.ship)
            events.append(Happened("abandon", f"{ship.name}'s crew abandon ship!",
                                   sinking.ABANDONING, side=ship.side, ship=ship.id, big=True))
            state = sinking.into_the_water(state, tuple(m for m in state.men
                                                        if m.aboard == ship.id
                                                        and m.ship == ship.id),
                                           ship.centre, dice, events)
            if grappling.contested(state, ship.id):
                # her deck left to the enemy boarders on it: she is theirs (17.1)
                state = melee.capture(state, ship.id, dice, events)
            state = replace(state, acted=(*state.acted, action.ship))
        case PlaceMan():
            state = melee.place_man(state, action.man, action.section, events)
        case Recall():
            state = melee.recall(state, action.ship, action.target, events)
        case PutForward() | MatchUp() | Fall():
            state = fight.choose(state, action, dice, events)
            state = fight_on(state, dice, events)
        case PhaseDone():
            state = replace(state, done=(*state.done, action.side))
            state = carry_on(state, dice, events)
    state = replace(state, rng=dice.rng)
    return state, events


# --- orders ------------------------------------------------------------------------------

def writers(state: RSState) -> tuple[str, ...]:
    """The sides with a galley to write orders for, in seat order."""
    return tuple(side for side, _ in state.sides
                 if any(not s.withdrawing for s in state.side_ships(side)))


def seal(state: RSState, side: str, dice: Dice, events: list[Event]) -> RSState:
    """The side's sheet sealed: every galley of hers without orders carries on (see
    ``helm.default_orders``); when all have sealed the sheets are revealed and the galleys
    move."""
    written = {d.ship: d for d in state.drafts}
    sheet = tuple(written.get(s.id) or default_orders(state, s)
                  for s in state.side_ships(side) if not s.withdrawing)
    state = replace(state, orders=state.orders.seal(side, SideOrders(sheet)), drafts=())
    events.append(sealed_event(side, state.side_name(side), "orders", ORDERS))
    left = [s for s in writers(state) if not state.orders.has_sealed(s)]
    if left:
        return replace(state, to_act=left[0])
    return reveal(state, dice, events)


def reveal(state: RSState, dice: Dice, events: list[Event]) -> RSState:
    events.append(revealed_event("orders", ORDERS))
    orders: dict[str, ShipOrders] = {}
    for _, sheet in state.orders.entries:
        for order in sheet.ships:
            orders[order.ship] = order
    for ship in state.ships:
        if ship.afloat and ship.id not in orders:
            orders[ship.id] = default_orders(state, ship)  # withdrawing: home (22.5)
    written = tuple((side, sheet) for side, sheet in state.orders.entries)
    state = replace(state, orders=type(state.orders)(), written=written)
    state = movement.move_all(state, orders, events)
    state = _over_if_done(state, events)
    if state.over:
        return state
    return open_phase(state, Phase.FIRE, dice, events)


# --- the phases that wait for a decision -------------------------------------------------

def _has_choice(state: RSState, phase: Phase, side: str) -> bool:
    from ahoy_tui.rules.ramming_speed.legal import phase_choices

    # placing men (13.0) is offered whenever maintenance is open, but does not hold it open:
    # a side with nothing else to do there has its men placed as a captain would
    return next((c for c in phase_choices(state, phase, side) if not isinstance(c, PlaceMan)),
                None) is not None


def open_phase(state: RSState, phase: Phase, dice: Dice, events: list[Event]) -> RSState:
    """Start ``phase``: the first side with a choice in it acts; with none, play it out."""
    state = replace(state, phase=phase, done=(), acted=())
    return carry_on(state, dice, events)


def carry_on(state: RSState, dice: Dice, events: list[Event]) -> RSState:
    """The next side still to finish this phase acts; once all have, the turn goes on."""
    for side, _ in state.sides:
        if side not in state.done and _has_choice(state, state.phase, side):
            return replace(state, to_act=side)
    phase = state.phase
    if phase is Phase.FIRE:
        state = archery.shoot_all(state, dice, events)
        state = ramming.settle_rams(state, dice, events)
        state = morale.check_half(state, events)
        return _next(state, Phase.GRAPPLE, dice, events)
    if phase is Phase.GRAPPLE:
        return _next(state, Phase.BOARD, dice, events)
    if phase is Phase.BOARD:
        state = replace(state, phase=Phase.MELEE, done=(), acted=())
        return fight_on(fight.begin(state), dice, events)
    if phase is Phase.MAINTENANCE:
        state = end_of_turn(state, dice, events)
        if state.over:
            return state
        return replace(state, phase=Phase.ORDERS, done=(), acted=(),
                       to_act=writers(state)[0])
    return state


def fight_on(state: RSState, dice: Dice, events: list[Event]) -> RSState:
    """Hand to hand (16.0-16.8) fought on until a player has a choice to make (the melee phase
    waits on him), or to its end; then combat morale (17.0-17.2, 22.4) and maintenance."""
    state, over = fight.run(state, dice, events)
    if not over:
        return state
    state = melee.boarding_morale(state, dice, events)
    state = morale.check_half(state, events)
    return _next(state, Phase.MAINTENANCE, dice, events)


def _next(state: RSState, phase: Phase, dice: Dice, events: list[Event]) -> RSState:
    state = _over_if_done(state, events)
    if state.over:
        return state
    return open_phase(state, phase, dice, events)


def end_of_turn(state: RSState, dice: Dice, events: list[Event]) -> RSState:
    """Maintenance's own work: holes plugged or leaking (10.5-10.6), sails (3.4), corvi taken
    off (21.2), men placed (13.0) and the wounded back on their feet (18.7), swimmers (12.1),
    the wind every fifth turn (3.1); then the next turn, or the end."""
    state = sinking.plug_holes(state, dice, events)
    state = sinking.leak(state, dice, events)
    state = sailing.sail_work(state, events)
    state = grappling.corvi_removed(state, events)
    state = sinking.swim(state, dice, events)
    men = tuple(replace(m, wounded_until=0) if 0 < m.wounded_until <= state.turn else m
                for m in state.men)
    state = replace(state, men=men)
    kept = frozenset(state.acted)   # the men placed by hand this maintenance (13.0)
    for ship in state.ships:
        if ship.afloat:
            state = melee.place_crew(state, ship.id, kept)
    state = morale.check_half(state, events)
    state = sailing.wind_check(state, dice, events)
    state = _over_if_done(state, events)
    if state.over:
        return state
    if state.turn >= state.turn_limit:
        return finish(state, events, f"the {state.turn_limit} turns are played")
    events.append(Happened("turn", f"Turn {state.turn + 1}", SEQUENCE, big=True))
    return replace(state, turn=state.turn + 1, grappled_by=(), boarded=(), shots=())


# --- the end -----------------------------------------------------------------------------

def crewed(state: RSState, ship_id: str) -> bool:
    """Whether any of her own men is still aboard her: with none she is a drifting hulk
    (the project's reading), out of the action."""
    return any(m.ship == ship_id and m.aboard == ship_id for m in state.men)


def in_action(state: RSState, side: str) -> bool:
    return any(not s.withdrawing and crewed(state, s.id) for s in state.side_ships(side))


def score(state: RSState, side: str) -> int:
    """Victory points (the project's own): an enemy galley sunk her value, captured half as
    much again, driven off (withdrawing, or gone off the table) half."""
    total = 0
    for ship in state.ships:
        if ship.side == side:
            continue
        if ship.status is Status.SUNK:
            total += ship.value
        elif ship.status is Status.CAPTURED:
            total += ship.value * 3 // 2
        elif ship.status is Status.GONE or ship.withdrawing or not crewed(state, ship.id):
            total += ship.value // 2
    return total


def escaped(state: RSState, side: str) -> bool:
    """Whether a side that wins by escape has got a galley off its edge."""
    return any(got_away(state, ship) for ship in state.ships if ship.side == side)


def got_away(state: RSState, ship: Galley) -> bool:
    """Whether she has left the table by her side's escape edge."""
    edge = dict(state.escape).get(ship.side)
    return (edge is not None and ship.status is Status.GONE
            and state.nearest_edge(ship.x, ship.y) == edge)


def _over_if_done(state: RSState, events: list[Event]) -> RSState:
    if state.over:
        return state
    for side, _ in state.sides:
        if escaped(state, side):
            return finish(state, events, f"{state.side_name(side)} escape", winner=side)
    fighting = [side for side, _ in state.sides if in_action(state, side)]
    if len(fighting) <= 1:
        why = "no enemy galley is left in the action"
        return finish(state, events, why, winner=fighting[0] if fighting else None)
    return state


def finish(state: RSState, events: list[Event], why: str,
           winner: str | None = None) -> RSState:
    sides = [s for s, _ in state.sides]
    scores = {s: score(state, s) for s in sides}
    if winner is None and state.escape:
        # a side that had to escape and did not has lost
        winner = next((s for s in sides if s not in dict(state.escape)), None)
    elif winner is None:
        best = max(scores.values())
        leaders = [s for s in sides if scores[s] == best]
        winner = leaders[0] if len(leaders) == 1 else None
    standing = ", ".join(f"{state.side_name(s)} {scores[s]}" for s in sides)
    result = (f"{state.side_name(winner)} win: {why} ({standing})" if winner
              else f"A draw: {why} ({standing})")
    events.append(Happened("over", result, VICTORY, big=True))
    events.append(Happened("summary", summary(state), VICTORY))
    return replace(state, over=True, winner=winner, result=result, phase=Phase.OVER,
                   to_act=None)


def summary(state: RSState) -> str:
    """The game-over summary: each side's victory points and every galley's fate."""
    lines = [f"Turn {state.turn}/{state.turn_limit}, over"]
    for side, name in state.sides:
        lines.append(f"{name}: {score(state, side)} points")
        lines += [f"  {ship.name} ({tables().galley(ship.kind).name}): {fate(state, ship)}"
                  for ship in state.ships if ship.side == side]
    return "\n".join(lines)


def fate(state: RSState, ship: Galley) -> str:
    """What became of her: sunk, taken, gone or afloat, with her fit men and water."""
    if ship.status is Status.SUNK:
        return "sunk"
    if ship.status is Status.CAPTURED:
        return "captured"
    if got_away(state, ship):
        return f"escaped off the {dict(state.escape)[ship.side]} edge"
    if ship.status is Status.GONE:
        return "off the table"
    # her own men, of her muster; swimmers she picked up (12.1) are told apart, not counted
    # among them (a figure over her whole read "15 of 10 men")
    own = state.own_crew(ship.id)
    picked = sum(1 for m in state.crew_of(ship.id) if m.rescued)
    away = sum(1 for m in own if m.aboard != ship.id)
    how = ("withdrawing" if ship.withdrawing else "a drifting hulk"
           if not crewed(state, ship.id) else "afloat")
    water = (f", {ship.loads} load{'s' * (ship.loads != 1)} of water" if ship.loads
             else "")   # "1 loads of water" read at the end of a battle
    boarding = f" ({away} aboard the enemy)" if away else ""
    rescued = f", {picked} picked up from the water" if picked else ""
    return f"{how}, {len(own)} of her {ship.start_men} men{boarding}{rescued}{water}"


def standing(state: RSState) -> str:
    return " · ".join(f"{state.side_name(s)} {score(state, s)}" for s, _ in state.sides)
