"""What each side may do now, and why anything else is refused, naming the rule."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ahoy_tui.engine.legal import ActionRange, LegalActions, OrderForm
from ahoy_tui.rules.ramming_speed import archery, fight, grappling, melee, sailing
from ahoy_tui.rules.ramming_speed.actions import (
    AbandonShip,
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
from ahoy_tui.rules.ramming_speed.helm import (
    band_named,
    bands_allowed,
    full_distance,
    problem,
    radius,
    steer_toward,
)
from ahoy_tui.rules.ramming_speed.model import SECTIONS, Band, Galley, Phase, RSState, Sail

SEQUENCE = "1.0 Sequence of play"
PHASE_WORDS = {Phase.ORDERS: "write orders", Phase.FIRE: "range fire",
               Phase.GRAPPLE: "grappling", Phase.BOARD: "boarding",
               Phase.MELEE: "hand to hand fighting",
               Phase.MAINTENANCE: "maintenance", Phase.OVER: "the battle is over"}


def legal(state: RSState) -> LegalActions:
    side = state.to_act
    if state.over or side is None:
        return LegalActions()
    if state.phase is Phase.ORDERS:
        return LegalActions([SealOrders(side)], forms=[order_form(state, side)])
    if state.phase is Phase.MELEE:
        return LegalActions(list(fight.choices(state)))   # a choice to make, no passing it
    fixed: list[Any] = []
    ranges: list[ActionRange] = []
    for action in phase_choices(state, state.phase, side):
        if isinstance(action, ActionRange):
            ranges.append(action)
        else:
            fixed.append(action)
    fixed.append(PhaseDone(side))
    return LegalActions(fixed, ranges)


def own(state: RSState, side: str) -> Iterator[Galley]:
    for ship in state.ships:
        if ship.side == side and ship.afloat:
            yield ship


def phase_choices(state: RSState, phase: Phase, side: str) -> Iterator[Any]:
    """Every choice ``side`` has in ``phase`` (a ``PhaseDone`` aside), cheapest first: a
    phase with none is played out without asking."""
    if phase is Phase.FIRE:
        for ship in own(state, side):
            if ship.id in state.acted:
                continue
            for target in archery.targets(state, ship):
                for aim in archery.aims(state, ship, target):
                    yield Shoot(side, ship.id, target.id, aim)
    elif phase is Phase.GRAPPLE:
        for ship in own(state, side):
            if ship.id in state.acted or ship.withdrawing:
                continue
            men = len(grappling.throwers(state, ship))
            corvus = ship.corvus and not ship.corvus_spent
            if not men and not corvus:
                continue
            for target in grappling.within_reach(state, ship, friends=True):
                if grappling.grapple_between(state, ship.id, target.id) is not None and \
                        target.side == side:
                    continue  # a friend already held
                if target.side == side and not (target.holed or ship.holed):
                    # lines to a friend are to hold up a sinking ship (11.0): two sound
                    # friends within 2" are not asked about (played at 80x24: the grappling
                    # phase stopped on turn 1 for two Greek galleys rowing side by side)
                    continue
                if corvus and target.side != side:
                    yield DropCorvus(side, ship.id, target.id)
                if men:
                    yield ActionRange(ThrowLines(side, ship.id, target.id, men), "men", 1, men)
    elif phase is Phase.BOARD:
        yield from _boarding(state, side)
        yield from _recalls(state, side)
    elif phase is Phase.MAINTENANCE:
        yield from _maintenance(state, side)


def _boarding(state: RSState, side: str) -> Iterator[Any]:
    """Boarding a galley held fast to hers (15.0): the side that grappled her first; the
    other only where the first has not boarded this turn."""
    first = dict(state.grappled_by)
    for ship in own(state, side):
        if ship.id in state.acted or ship.withdrawing:
            continue
        if not melee.boarders(state, ship):
            continue
        for g in state.grapples:
            if not g.holds or ship.id not in (g.by, g.to):
                continue
            target = state.ship(g.to if g.by == ship.id else g.by)
            if not target.afloat or target.side == side:
                continue
            grappler = first.get(target.id) or first.get(ship.id)
            if grappler is not None and grappler != side and \
                    grappler not in state.done:
                continue  # the grappling side has the first option (15.0)
            if any(t == ship.id and s == target.id for s, t in state.boarded):
                continue
            if not melee.room_aboard(state, side, target.id):
                continue  # her deck already holds five of ours a section (13.2)
            yield from _parties(state, side, ship, target.id)


def _parties(state: RSState, side: str, ship: Galley, target: str) -> Iterator[Any]:
    """Who boards (15.1, 13.0): all her boarders; the rank and file, her officers staying
    aboard; those of one section of her deck, crossing from it; or one man."""
    party = melee.boarders(state, ship)
    yield Board(side, ship.id, target, True)
    if any(m.officer for m in party) and any(not m.officer for m in party):
        yield Board(side, ship.id, target, False)
    sections = [s for s in SECTIONS
                if any(melee.deck_section(ship, m.section) == s for m in party)]
    if len(sections) > 1:
        for section in sections:
            yield Board(side, ship.id, target, True, section=section)
    if len(party) > 1:
        for man in party:
            yield Board(side, ship.id, target, True, man=man.id)


def _recalls(state: RSState, side: str) -> Iterator[Any]:
    """A galley of hers may call her boarders home (17.0, 17.2) from a galley they stand on."""
    for ship in own(state, side):
        if ship.id in state.acted or any(s == ship.id for s, _ in state.boarded):
            continue   # a galley calls her men home, or sends them, in one boarding phase
        for target_id in dict.fromkeys(m.aboard for m in state.men
                                       if m.ship == ship.id and m.aboard not in ("", ship.id)):
            target = state.ship(target_id)
            if target.afloat and target.side != side:
                yield Recall(side, ship.id, target_id)


def _placings(state: RSState, side: str) -> Iterator[Any]:
    """Each of her men, once a maintenance, put where his captain wants him (13.0)."""
    for ship in own(state, side):
        if grappling.contested(state, ship.id):
            continue  # a deck being fought over stays as it stands (13.1 moves them)
        for man in state.men:
            if man.ship == ship.id and man.aboard == ship.id and man.id not in state.acted:
                for section in melee.places_for(state, man):
                    yield PlaceMan(side, ship.id, man.id, section)


def _maintenance(state: RSState, side: str) -> Iterator[Any]:
    # abandoning ship last: the one choice of the phase that cannot be taken back, never the
    # first row an Enter takes
    ships = list(_maintenance_ships(state, side))
    yield from (a for a in ships if not isinstance(a, AbandonShip))
    yield from _placings(state, side)
    yield from (a for a in ships if isinstance(a, AbandonShip))


def _maintenance_ships(state: RSState, side: str) -> Iterator[Any]:
    for ship in own(state, side):
        if ship.id in state.acted:
            continue
        port, star = ship.oars
        if port > star + 1:
            yield ShiftOars(side, ship.id, True)
        if star > port + 1:
            yield ShiftOars(side, ship.id, False)
        if sailing.can_set_sail(state, ship):
            yield SetSail(side, ship.id, ship.sail is Sail.STOWED)
        for g in state.grapples:
            if ship.id not in (g.by, g.to):
                continue
            other = g.to if g.by == ship.id else g.by
            if g.lines and grappling.unengaged(state, ship):
                yield CutLines(side, ship.id, other)
            if g.corvus and g.by == ship.id and not g.corvus_going and \
                    grappling.controls_both(state, side, ship.id, other):
                yield RemoveCorvus(side, ship.id, other)
        if (ship.holed and ship.loads >= 3) or grappling.contested(state, ship.id):
            yield AbandonShip(side, ship.id)


def order_form(state: RSState, side: str) -> OrderForm:
    """The order sheet: any orders :func:`helm.problem` passes, for her own galleys; the
    examples run straight on, or turn to either hand, at each band she may take."""
    ships = {s.id: s for s in own(state, side) if not s.withdrawing}

    def accepts(action: WriteOrders) -> bool:
        ship = ships.get(action.ship)
        if ship is None or action.side != side:
            return False
        return not problem(state, ship, band_named(action.band), action.moves)[0]

    examples = []
    for ship in ships.values():
        for band in bands_allowed(state, ship):
            n = full_distance(state, ship, band)
            examples.append(WriteOrders(side, ship.id, band.words, "S" * n))
            if n and band is not Band.SAIL:
                circle = radius(state, ship, band)
                for turn in (-90.0, 90.0):
                    moves = steer_toward(ship, band, n, circle, (ship.heading + turn) % 360)
                    examples.append(WriteOrders(side, ship.id, band.words, moves))
    return OrderForm(WriteOrders, side, accepts, tuple(examples),
                     "the orders for the turn, a letter an inch")


def explain(state: RSState, action: Any) -> tuple[str, str]:
    """The rule that forbids ``action`` now, and why."""
    side = getattr(action, "side", None)
    if state.over:
        return SEQUENCE, "the battle is over"
    if side != state.to_act:
        return SEQUENCE, f"it is {state.side_name(state.to_act or '')}'s turn to act"
    if isinstance(action, WriteOrders):
        if state.phase is not Phase.ORDERS:
            return SEQUENCE, "orders are written at the start of the turn"
        try:
            ship = state.ship(action.ship)
        except KeyError:
            return "2.0 Writing orders", f"there is no galley {action.ship!r}"
        if ship.side != side or not ship.afloat:
            return "2.0 Writing orders", f"{ship.name} is not yours to order"
        rule, why = problem(state, ship, band_named(action.band), action.moves)
        if rule:
            return rule, why
    wanted = {Shoot: Phase.FIRE, ThrowLines: Phase.GRAPPLE, DropCorvus: Phase.GRAPPLE,
              Board: Phase.BOARD, ShiftOars: Phase.MAINTENANCE, SetSail: Phase.MAINTENANCE,
              CutLines: Phase.MAINTENANCE, RemoveCorvus: Phase.MAINTENANCE,
              AbandonShip: Phase.MAINTENANCE, PlaceMan: Phase.MAINTENANCE,
              Recall: Phase.BOARD, PutForward: Phase.MELEE, MatchUp: Phase.MELEE,
              Fall: Phase.MELEE}.get(type(action))
    if wanted is not None and wanted is not state.phase:
        return SEQUENCE, (f"that is done in {PHASE_WORDS[wanted]}; now it is "
                          f"{PHASE_WORDS[state.phase]}")
    if isinstance(action, PutForward | MatchUp | Fall):
        return explain_melee(state, action)
    if isinstance(action, Board) and (action.man or action.section):
        why = _party_problem(state, action)
        if why:
            return why
    reasons = {
        Shoot: ("18.1 Archery", "her archers have no target within range, or have loosed"),
        ThrowLines: ("14.0 Grappling", "lines are thrown a man each at an enemy within 2\", "
                     "not by captains or admirals"),
        DropCorvus: ("21.1 Boarding bridges", "a corvus drops once on a galley within 2\""),
        Board: ("15.0 Boarding", "boarders cross to an enemy held fast by two lines or a "
                "corvus; the grappling side chooses first"),
        ShiftOars: ("6.2 Speed", "an oar section moves to the side with fewer"),
        SetSail: ("3.4 Sailing", "two men raise or lower a sail that is up or stowed"),
        CutLines: ("14.2 Grappling", "unengaged men cut lines in maintenance"),
        RemoveCorvus: ("21.2 Boarding bridges", "a corvus comes off once one side holds both "
                       "galleys"),
        AbandonShip: ("12.0 Abandoning ship", "a galley is abandoned when sinking or overrun"),
        PlaceMan: ("13.2 Moving aboard ship", "a man of hers aboard her, once a maintenance, "
                   "to a section with fewer than five (a tower counts in its section)"),
        Recall: ("17.2 Repelling boarders", "a galley calls back her own men from a galley "
                 "they boarded"),
    }
    return reasons.get(type(action), (SEQUENCE, "that is not a choice now"))


def explain_melee(state: RSState, action: Any) -> tuple[str, str]:
    """Why a melee choice is refused: not the choice the melee waits on, or not one the rules
    allow (16.6 the beaten men, 16.7 the front, 16.0 the match-ups)."""
    need = fight.waiting(state)
    kinds = {PutForward: "putting men forward", MatchUp: "the match-ups",
             Fall: "who falls"}
    if need is None or not need[1] or type(need[1][0]) is not type(action):
        wanted = kinds[type(need[1][0])] if need and need[1] else "nothing"
        return "16.7 Hand to hand fighting", (f"the fight waits on {wanted}, not "
                                              f"{kinds[type(action)]}")
    m = state.melee
    assert m is not None
    if action.ship != m.ship or getattr(action, "section", m.section) != m.section:
        return "16.7 Hand to hand fighting", (f"the fight now is at {fight.where(state)}")
    if isinstance(action, Fall):
        return fight.WHO_FALLS, ("one of the men who lost the fight falls, and they choose "
                                 "which")
    if isinstance(action, PutForward):
        wide = fight.width(m.section, m.tower)
        return "16.7 Hand to hand fighting", (
            f"{wide} of her side's fit men at {fight.where(state)} come forward "
            f"({'three abreast at bow and stern' if wide == 3 else 'one abreast'})")
    put = {i for _, men in m.fronts for i in men}
    used = [i for a, b in action.fights for i in (*a, *b)]
    if sorted(used) != sorted(put) or len(set(used)) != len(used):
        return "16.7 Hand to hand fighting", ("the match-ups pair the men put forward, each "
                                              "in one fight")
    return fight.MATCH_UPS, ("as far as possible duels of equal rank and number: every man "
                             "of the smaller side in a fight of his own, and as many "
                             "one-against-one duels of men of equal rank as can be had")


def _party_problem(state: RSState, action: Board) -> tuple[str, str] | None:
    """What is wrong with the men named to board, if anything (15.1, 13.0)."""
    try:
        ship = state.ship(action.ship)
    except KeyError:
        return None
    if action.man:
        man = next((m for m in state.men if m.id == action.man), None)
        if man is None or man.ship != ship.id or man.aboard != ship.id:
            return "15.1 Boarding", f"that man is not one of {ship.name}'s men aboard her"
        if man not in melee.boarders(state, ship):
            return "15.1 Boarding", ("captains, marines, archers and admirals board, fit; "
                                     f"{ship.name}'s {man.rank} stays")
    if action.section and not melee.boarding_party(state, ship, True, action.section):
        return "13.0 Moving aboard ship", (f"none of {ship.name}'s boarders stands in her "
                                           f"{action.section}")
    return None
