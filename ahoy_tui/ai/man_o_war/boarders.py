"""Boarding actions weighed by their odds, and what to do with a ship won.

Each round both sides roll a die and add their crew counters; the defender adds the cannons she
has pointing at the attacker, a ship with the Admiral 1 more. The lower loses a crew counter, a
tie costs both one. A winning attacker presses on or breaks off; a winning defender cuts the
grapples or fights on as the attacker (the cannons' bonus then changes hands); after a tie the
defender decides. A ship with no crew left is won.

:func:`boarding_value` plays this out exactly (every round, every choice made as well as can
be by both sides) and gives what the fight is worth to one side, in Battle Honours: the ship
won or lost, and each crew counter lost on the way.
"""

from __future__ import annotations

from functools import lru_cache

from attrs import evolve, frozen

from ahoy_tui.ai.man_o_war.gunnery import crew_value, firepower, worth
from ahoy_tui.rules.man_o_war import fleet_cards
from ahoy_tui.rules.man_o_war.boarding import cannons_bearing
from ahoy_tui.rules.man_o_war.model import MowState, Ship
from ahoy_tui.rules.man_o_war.shooting import SIDES_OF
from ahoy_tui.rules.man_o_war.tables import tables

ADMIRAL_BONUS = int(tables().setup["admiral_boarding"])


def _bonus(ship: Ship) -> int:
    """What she adds to every boarding roll: the Admiral's +1, Marines (a Man O' War card)."""
    return (ADMIRAL_BONUS if ship.admiral else 0) + fleet_cards.bonus(ship, "boarding")
SHIP_BONUS = 1.0  # a ship out of the fight is worth more than her honours: she fights no more


@frozen
class Fight:
    """Two ships grappled, as one side sees it: its own and the other's crew, bonuses, and what
    each ship and crew counter is worth."""

    mine: int  # my crew counters
    theirs: int
    my_bonus: int  # the Admiral's +1
    their_bonus: int
    my_cannons: int  # my cannons pointing at her (added while I defend)
    their_cannons: int
    my_worth: float  # what losing my ship costs
    their_worth: float
    my_crew: float  # what each crew counter of mine is worth
    their_crew: float


def fight(state: MowState, me: Ship, them: Ship) -> Fight:
    """The fight between ``me`` and ``them`` as it stands."""
    return Fight(me.crew, them.crew,
                 _bonus(me), _bonus(them),
                 cannons_bearing(me, them), cannons_bearing(them, me),
                 worth(me) + SHIP_BONUS, worth(them) + SHIP_BONUS,
                 crew_value(me), crew_value(them))


def broadside(ship: Ship) -> int:
    """The most batteries she could point at a boarder: her strongest side or end, and her
    turrets (a prize's crew cannot use them)."""
    if ship.captured_by:
        return 0
    by_side: dict[str, int] = {}
    for index, battery in enumerate(ship.card.batteries):
        left = ship.batteries_left(index)
        for side in SIDES_OF[battery.arc]:
            by_side[side] = by_side.get(side, 0) + left
    turrets = by_side.pop("turret", 0)
    return turrets + max(by_side.values(), default=0)


def fight_ahead(me: Ship, them: Ship) -> Fight:
    """A fight still to come, before the ships are alongside: each side's cannons guessed at
    her strongest side."""
    return Fight(me.crew, them.crew,
                 _bonus(me), _bonus(them),
                 broadside(me), broadside(them),
                 worth(me) + SHIP_BONUS, worth(them) + SHIP_BONUS,
                 crew_value(me), crew_value(them))


@lru_cache(maxsize=64)
def _round(attack: int, defend: int) -> tuple[float, float, float]:
    """(attacker wins, defender wins, tie) for a round with these totals before the dice."""
    win = lose = tie = 0
    for a in range(1, 7):
        for d in range(1, 7):
            if a + attack > d + defend:
                win += 1
            elif a + attack < d + defend:
                lose += 1
            else:
                tie += 1
    return win / 36, lose / 36, tie / 36


@lru_cache(maxsize=4096)
def boarding_value(f: Fight, *, i_attack: bool = True) -> float:
    """What the boarding action is worth to me from the start of its next round, with me the
    attacker (``i_attack``) or the defender, both sides choosing as well as they can."""
    memo: dict[tuple[int, int, bool], float] = {}

    def end(mine: int, theirs: int) -> float:
        value = 0.0
        if theirs <= 0:
            value += f.their_worth
        if mine <= 0:
            value -= f.my_worth
        return value

    def value(mine: int, theirs: int, attacking: bool) -> float:
        key = (mine, theirs, attacking)
        if key in memo:
            return memo[key]
        if attacking:
            attack = mine + f.my_bonus
            defend = theirs + f.their_bonus + f.their_cannons
        else:
            attack = theirs + f.their_bonus
            defend = mine + f.my_bonus + f.my_cannons
        win, lose, tie = _round(attack, defend)
        # the attacker wins the round: the defender loses a counter; the attacker decides
        if attacking:
            left = theirs - 1
            after = f.their_crew + (end(mine, left) if left <= 0 else
                                    max(0.0, value(mine, left, True)))
        else:
            left = mine - 1
            after = -f.my_crew + (end(left, theirs) if left <= 0 else
                                  min(0.0, value(left, theirs, False)))
        total = win * after
        # the defender wins the round: the attacker loses a counter; the defender cuts the
        # grapples or fights on as the attacker
        if attacking:
            left = mine - 1
            after = -f.my_crew + (end(left, theirs) if left <= 0 else
                                  min(0.0, value(left, theirs, False)))
        else:
            left = theirs - 1
            after = f.their_crew + (end(mine, left) if left <= 0 else
                                    max(0.0, value(mine, left, True)))
        total += lose * after
        # a tie: both lose a counter; the defender decides whether the fight goes on
        m, t = mine - 1, theirs - 1
        after = f.their_crew - f.my_crew
        if m <= 0 or t <= 0:
            after += end(m, t)
        elif attacking:  # they defend: they cut the grapples unless fighting on serves them
            after += min(0.0, value(m, t, True))
        else:
            after += max(0.0, value(m, t, False))
        total += tie * after
        memo[key] = total
        return total

    if f.mine <= 0 or f.theirs <= 0:
        return 0.0
    return value(f.mine, f.theirs, i_attack)


ABANDONED = 0.3  # an abandoned enemy counts as sunk at the end: boarding her only makes sure
POUNDING_TURNS = 3  # the Battle Phases of fire to come a helpless ship reckons with, at most


def helpless(ship: Ship) -> bool:
    """She has no battery left to fire (Damage: every battery lost): she can never answer an
    enemy's guns, only board, sail off or take it."""
    card = ship.card
    return bool(card.batteries) and not any(ship.batteries_left(i)
                                            for i in range(len(card.batteries)))


TURN = float(tables().movement["turn_cost"])  # inches of a move each point turned costs


def stuck(ship: Ship) -> bool:
    """She cannot sail out of an enemy's arc: her fastest way (less the speed she has lost) is
    no more than two points' turn (Movement: each point costs her inches), or she is
    immobile (a no movement counter lasts only this turn, whose fire is counted anyway)."""
    move = ship.card.move
    fastest = max(move.sail if not ship.no_sail else 0.0,
                  move.oars if not ship.no_oars else 0.0, move.steam, move.magic)
    return ship.immobile or fastest - ship.speed_lost <= 2 * TURN


def fire_turns(state: MowState, them: Ship, me: Ship | None = None) -> int:
    """The Battle Phases in which ``them`` has still to fire at ``me``, of the next
    ``POUNDING_TURNS`` counting this one (none this turn once she has acted; none past the
    turn limit); one at most if ``me`` could sail out of her arc (``stuck``: the judge of her
    move weighs that)."""
    turns = POUNDING_TURNS - (1 if them.activated else 0)
    if me is not None and not stuck(me):
        turns = min(turns, 1)
    if state.turn_limit:
        turns = min(turns, state.turn_limit - state.turn + (0 if them.activated else 1))
    return max(0, turns)


def pounding(state: MowState, me: Ship, them: Ship) -> float:
    """What ``them``'s guns are expected to cost ``me`` where she lies, in Battle Honours, over
    the turns of fire to come that she cannot sail away from (``fire_turns``), when ``me`` is
    ``helpless``: her best volley at
    her every turn (the rules' odds, ``gunnery.firepower``), at most the whole ship. 0 for a
    ship that can still fire (she answers, or turns to: the judge weighs that)."""
    if not helpless(me) or me.captured_by:
        return 0.0
    turns = fire_turns(state, them, me)
    if not turns:
        return 0.0
    each = firepower(state, them, fresh=True, only=me)
    return min(each * turns, worth(me) + SHIP_BONUS)


def relieved(f: Fight, spared: float, doomed: float) -> Fight:
    """The fight as weighed against holding under the enemy's guns (issue 38): winning her
    also spares ``me`` the ``spared`` honours her fire would cost; losing ``me`` costs only
    what the guns (``doomed``, every enemy's) would not take anyway."""
    if spared <= 0 and doomed <= 0:
        return f
    return evolve(f, their_worth=f.their_worth + spared,
                  my_worth=max(0.0, f.my_worth - doomed))


def under_fire(state: MowState, me: Ship) -> float:
    """Every enemy's ``pounding`` of ``me`` together, at most the whole ship."""
    if not helpless(me):
        return 0.0
    total = sum(pounding(state, me, foe) for foe in state.ships
                if foe.side != me.side and foe.afloat and not foe.captured_by
                and foe.in_the_fight)
    return min(total, worth(me) + SHIP_BONUS)


def prospect(state: MowState, me: Ship, them: Ship) -> float:
    """What boarding ``them`` now would be worth to ``me``: an abandoned enemy is won at once;
    a ship the enemy holds (one of theirs, or a prize they took from us) is fought for. For a
    ship with no battery left (``helpless``) the fight is weighed against holding under the
    guns (``relieved``): a boarding at bad odds may beat being shot to pieces (issue 38)."""
    holder = them.captured_by or them.side
    if holder == me.side or not them.afloat or me.crew <= 0:
        return 0.0
    if them.abandoned or them.crew <= 0:
        return ABANDONED if not them.captured_by else worth(them)
    return boarding_value(pounded_fight(state, me, them))


def pounded_fight(state: MowState, me: Ship, them: Ship) -> Fight:
    """The fight between ``me`` and ``them`` as it stands, weighed against holding under the
    guns when ``me`` is ``helpless``."""
    return relieved(fight(state, me, them), pounding(state, me, them), under_fire(state, me))


def recrew(winner: Ship, prize: Ship) -> int:
    """Crew to put back aboard one of our own ships won back: half the winner's, at least
    one, no more than her card's crew, the winner keeping one."""
    return max(1, min(prize.card.crew, winner.crew // 2, winner.crew - 1))


def prize_crew(state: MowState, winner: Ship, prize: Ship) -> int:
    """Crew to put aboard a prize: enough to hold her (two if it can be spared), keeping the
    winner at least three."""
    spare = winner.crew - 3
    return max(1, min(2, spare, prize.card.crew))
