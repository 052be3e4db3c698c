"""The melee fought step by step (16.0-16.8), stopping wherever the rules leave a choice to a
player: the men each side puts forward in a contested section (16.7: "each player puts
forward the three he wants to fight"), the boarding force's match-ups of them (16.7: "the
boarding force determines the match-ups (as long as they do not violate 16.0)"), and which of
a beaten pair falls (16.6: "the loser gets to choose"). A choice with only one answer (as many
men as the place takes abreast, alike match-ups, two alike losers) is made without asking, so a
fight with nothing to decide runs on without prompts.

The melee is two rounds (16.7); in each, every galley being fought over in turn: her boarders
with no enemy beside them move on (13.1, ``melee.advance``), then each contested place of her
deck, bow to stern (a tower's ladder where its section's deck holds no defender, 16.8): the
defenders put forward, then the boarders, the boarders pair them, and each fight is rolled.
Between the rounds idle men step toward the fight (``melee.close_up``); after the second,
wounded men overrun and decks taken (``melee.overrun``). Where it has got to is
``RSState.melee``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.ramming_speed.actions import Fall, MatchUp, PutForward
from ahoy_tui.rules.ramming_speed.archery import kill
from ahoy_tui.rules.ramming_speed.melee import (
    ABREAST,
    Pairing,
    advance,
    close_up,
    duel_roll,
    fall_choices,
    fights,
    fit,
    front_options,
    man_name,
    matchups,
    overrun,
    side_of,
)
from ahoy_tui.rules.ramming_speed.model import SECTIONS, Fights, Man, Melee, Phase, RSState
from ahoy_tui.rules.ramming_speed.tables import tables

WHO_FALLS = "16.6 Hand to hand fighting"
MATCH_UPS = "16.0 Hand to hand fighting"
MeleeChoice = PutForward | MatchUp | Fall


def begin(state: RSState) -> RSState:
    """The melee opens: round one, nothing fought yet."""
    return replace(state, melee=Melee())


def spot_men(state: RSState, ship_id: str, section: str,
             tower: bool) -> tuple[list[Man], list[Man]]:
    """The fit boarders and defenders at a place of her deck: in a section, the men of both
    sides on it; at a tower, the boarders at its foot and the defenders up it (16.8)."""
    ship = state.ship(ship_id)
    here = [m for m in state.men if m.aboard == ship_id and fit(state, m)]
    attackers = [m for m in here if m.section == section and side_of(state, m) != ship.side]
    defenders = [m for m in here if m.section == ("tower" if tower else section)
                 and side_of(state, m) == ship.side]
    return attackers, defenders


def spots(state: RSState, ship_id: str) -> list[tuple[str, bool]]:
    """Her places where a fight is joined this round, bow to stern: each section with both
    sides' men on it, or boarders at the foot of a tower her men hold (16.8)."""
    ship = state.ship(ship_id)
    out = []
    for section in SECTIONS:
        attackers, defenders = spot_men(state, ship_id, section, False)
        if attackers and defenders:
            out.append((section, False))
        elif attackers and section in ship.towers and spot_men(state, ship_id, section,
                                                               True)[1]:
            out.append((section, True))
    return out


def width(section: str, tower: bool) -> int:
    """Men abreast: three at bow and stern, one amidships, one up a tower's ladder (16.7)."""
    return 1 if tower else int(tables()["melee"]["abreast"][section])


def where(state: RSState) -> str:
    m = state.melee
    assert m is not None
    return (f"{state.ship(m.ship).name}'s {'tower' if m.tower else m.section}, "
            f"round {m.round}")


def _ids(men: Sequence[Man]) -> tuple[str, ...]:
    return tuple(m.id for m in men)


def as_ids(pairing: Pairing) -> Fights:
    return tuple((_ids(a), _ids(b)) for a, b in pairing)


def as_men(state: RSState, fights_: Fights) -> Pairing:
    alive = {m.id: m for m in state.men}
    return [([alive[i] for i in a if i in alive], [alive[i] for i in b if i in alive])
            for a, b in fights_]


def waiting(state: RSState) -> tuple[str, list[MeleeChoice]] | None:
    """The choice the melee waits on now, and the side whose it is: the defenders' front, the
    boarders' front, the boarders' match-ups, a beaten pair's man to fall; None when the
    next step is the dice's (or the melee is over)."""
    m = state.melee
    if m is None or not m.ship:
        return None
    ship = state.ship(m.ship)
    attackers, defenders = spot_men(state, m.ship, m.section, m.tower)
    if m.losers:
        losers = [state.man(i) for i in m.losers]
        side = side_of(state, losers[0])
        return side, [Fall(side, ship.id, x.id) for x in fall_choices(losers)]
    if m.paired or not attackers or not defenders:
        return None
    fronts = dict(m.fronts)
    boarders = side_of(state, attackers[0])
    wide = width(m.section, m.tower)
    for side, men in ((ship.side, defenders), (boarders, attackers)):
        if side not in fronts:
            return side, [PutForward(side, ship.id, m.section, _ids(f))
                          for f in front_options(men, wide)]
    ours = [state.man(i) for i in fronts[boarders]]
    theirs = [state.man(i) for i in fronts[ship.side]]
    return boarders, [MatchUp(boarders, ship.id, m.section, as_ids(p))
                      for p in matchups(ours, theirs)]


def choose(state: RSState, action: Any, dice: Dice, events: list[Event], *,
           told: bool = True) -> RSState:
    """A melee choice made (``told``: by a player or captain, and so logged)."""
    m = state.melee
    assert m is not None
    ship = state.ship(m.ship)
    if isinstance(action, PutForward):
        if told:
            men = ", ".join(man_name(state, state.man(i)) for i in action.men)
            events.append(Happened("front", f"{where(state)}: {state.side_name(action.side)} "
                                   f"put forward {men}", ABREAST, side=action.side,
                                   ship=ship.id))
        return replace(state, melee=replace(m, fronts=(*m.fronts, (action.side, action.men))))
    if isinstance(action, MatchUp):
        if told:
            words = "; ".join(" and ".join(man_name(state, x) for x in a) + " against "
                              + " and ".join(man_name(state, x) for x in b)
                              for a, b in as_men(state, action.fights))
            events.append(Happened("match_up", f"{where(state)}: the boarders match "
                                   f"{words}", ABREAST, side=action.side, ship=ship.id))
        return replace(state, melee=replace(m, fights=action.fights, paired=True,
                                            next_fight=0))
    assert isinstance(action, Fall)
    fallen = state.man(action.man)
    events.append(Happened("falls", f"{where(state)}: beaten, they give up "
                           f"{man_name(state, fallen)}", WHO_FALLS, side=action.side,
                           ship=fallen.ship))
    state = replace(state, melee=replace(m, losers=(), next_fight=m.next_fight + 1))
    return kill(state, fallen, dice, events, m.rule or WHO_FALLS, rolled=True)


def step(state: RSState, dice: Dice, events: list[Event], *, ask: bool = True) -> RSState:
    """The melee's next step that needs no choice: the next fight's dice, a place finished,
    the next place or galley, the next round, or the end of the melee."""
    m = state.melee
    assert m is not None
    if m.ship:
        if m.next_fight < len(m.fights):
            a, b = as_men(state, (m.fights[m.next_fight],))[0]
            a, b = [x for x in a if fit(state, x)], [x for x in b if fit(state, x)]
            if not a or not b:
                return replace(state, melee=replace(m, next_fight=m.next_fight + 1))
            losers, rule = duel_roll(state, a, b, where(state), dice, b_tower=m.tower)
            if not losers:
                return replace(state, melee=replace(m, next_fight=m.next_fight + 1))
            options = fall_choices(losers)
            if len(options) > 1 and ask:
                dice.judge(f"{' and '.join(man_name(state, x) for x in losers)} lose: they "
                           "choose who falls")
                return replace(state, melee=replace(m, losers=_ids(losers), rule=rule))
            dice.judge(f"{man_name(state, options[0])} falls")
            state = replace(state, melee=replace(m, next_fight=m.next_fight + 1))
            return kill(state, options[0], dice, events, rule, rolled=True)
        return replace(state, melee=Melee(round=m.round,
                                          done=(*m.done, f"{m.ship}:{m.section}")))
    for ship_id in fights(state):
        if f"{ship_id}:" not in m.done:
            state = advance(state, ship_id, events)
            return replace(state, melee=replace(m, done=(*m.done, f"{ship_id}:")))
        for section, tower in spots(state, ship_id):
            if f"{ship_id}:{section}" not in m.done:
                return replace(state, melee=replace(m, ship=ship_id, section=section,
                                                    tower=tower))
    if m.round == 1:
        for ship_id in fights(state):
            state = close_up(state, ship_id)
        return replace(state, melee=Melee(round=2))
    state = replace(state, melee=None)
    for ship in state.ships:
        if ship.afloat:
            state = overrun(state, ship.id, dice, events)
    return state


def run(state: RSState, dice: Dice, events: list[Event], *,
        ask: bool = True) -> tuple[RSState, bool]:
    """Fight the melee on from where it stands. With ``ask``, stop at a choice with more than
    one answer (the state in the melee phase, its side to act) and return False; else make
    every choice as the rules' default (the first) and fight on. True once it is over."""
    while state.melee is not None:
        need = waiting(state)
        if need is not None and need[1]:
            side, options = need
            if ask and len(options) > 1:
                return replace(state, phase=Phase.MELEE, to_act=side), False
            state = choose(state, options[0], dice, events, told=False)
            continue
        state = step(state, dice, events, ask=ask)
    return state, True


def fight_ship(state: RSState, ship_id: str, rnd: int, dice: Dice,
               events: list[Event]) -> RSState:
    """One melee round aboard one galley, place by place, every choice the rules' default."""
    before = state.melee
    for section in SECTIONS:
        spot = next((tower for s, tower in spots(state, ship_id) if s == section), None)
        if spot is None:
            continue
        state = replace(state, melee=Melee(round=rnd, ship=ship_id, section=section,
                                           tower=spot))
        while state.melee is not None and state.melee.ship:
            need = waiting(state)
            if need is not None and need[1]:
                state = choose(state, need[1][0], dice, events, told=False)
            else:
                state = step(state, dice, events, ask=False)
    return replace(state, melee=before)


def choices(state: RSState) -> list[MeleeChoice]:
    """The legal melee choices now: those of the choice the melee waits on."""
    need = waiting(state)
    if need is None or state.phase is not Phase.MELEE or need[0] != state.to_act:
        return []
    return need[1]
