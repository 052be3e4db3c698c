"""Boarding Actions and Captured ships.

Each round both sides roll a die and add their crew counters; the defender adds the cannons he
has pointing at the attacker (never a prize's), and a ship with an Admiral +1. The lower total
loses a crew counter; a tie costs both one and the defender decides whether to cut grapples.
A winning attacker presses on or breaks off; a winning defender cuts grapples, or fights on as
the attacker (then the cannons' bonus is the other side's to add). A ship left with no crew is
abandoned, and won: the winner puts crew aboard and keeps her as a prize, or scuttles her.

Readings (docs/rules/man-o-war.md):

- "The remaining cannons he has pointing in the direction of the attacker": the batteries she
  has left (not destroyed; fired or not) on the side or end facing the attacker's hull, and
  her turrets; one a battery.
- A ship may begin one boarding action a turn.
- A ship is boarded by the side that does not hold her: a prize is the captor's, so her own
  side may board her again (and recapture her), and the captor's ships may not.
- Crew put aboard a prize come from the winning ship, which keeps at least one.
- A prize recaptured by her own side is crewed again but is a straggler for the rest of the
  turn; the captor's Battle Honours for her are taken back. A ship waiting to be scuttled may
  be boarded by her own side too (she has no crew: it succeeds at once); the scuttling party
  aboard her is lost.
- Scuttling: one crew counter of the winning ship goes aboard to scuttle her (none if she has
  only one left: she scuttles her from alongside). In the End Phase the party comes back to
  her if she still touches the ship scuttled; if not, "the boarding crew are out of the game".
"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import Polygon
from ahoy_tui.rules.man_o_war import fleet_cards
from ahoy_tui.rules.man_o_war.damage import (
    add_honours,
    lose_crew,
    tell,
    with_ship,
)
from ahoy_tui.rules.man_o_war.model import Boarding, MowState, Ship
from ahoy_tui.rules.man_o_war.shooting import SIDES_OF
from ahoy_tui.rules.man_o_war.table import aim_line, outline
from ahoy_tui.rules.man_o_war.tables import tables

BOARDING = "Boarding Actions"
CAPTURED = "Captured ships"


def cannons_bearing(defender: Ship, attacker: Ship) -> int:
    """Her batteries pointing at the attacker: one a battery left, on the side facing him."""
    return cannons_toward(defender, outline(attacker))


def cannons_toward(defender: Ship, hull: Polygon) -> int:
    """Her batteries pointing at what lies in ``hull`` (a ship, a sea monster)."""
    if defender.captured_by:
        return 0  # a prize's crew cannot use her cannons
    total = 0
    for index, battery in enumerate(defender.card.batteries):
        left = defender.batteries_left(index)
        if not left:
            continue
        if any(aim_line(defender, side, hull) is not None for side in SIDES_OF[battery.arc]):
            total += left
    return total


def board(state: MowState, dice: Dice, attacker_id: str, defender_id: str) -> MowState:
    """Begin a boarding action; against an abandoned ship it succeeds at once."""
    attacker = state.ship(attacker_id)
    defender = state.ship(defender_id)
    state = replace(state, boarded_this_turn=(*state.boarded_this_turn, attacker_id))
    tell(dice, "boarding", f"The {attacker.name} boards the {defender.name}!", BOARDING,
         attacker, big=True)
    if defender.abandoned or defender.crew == 0:
        return ship_won(state, dice, attacker_id, defender_id)
    return boarding_round(replace(state, boarding=Boarding(attacker_id, defender_id)), dice)


def boarding_round(state: MowState, dice: Dice) -> MowState:
    fight = state.boarding
    assert fight is not None
    attacker = state.ship(fight.attacker)
    defender = state.ship(fight.defender)
    bonus = int(tables().setup["admiral_boarding"])
    a_roll = dice.d6(f"{attacker.name}: boarding (attacking)", BOARDING, side=attacker.side,
                     ship=attacker.id)
    a_cards = fleet_cards.bonus(attacker, "boarding")
    a_total = a_roll + attacker.crew + (bonus if attacker.admiral else 0) + a_cards
    dice.judge(f"+{attacker.crew} crew" + (" +1 Admiral" if attacker.admiral else "")
               + (f" +{a_cards} marines" if a_cards else "") + f" = {a_total}")
    cannons = cannons_bearing(defender, attacker)
    d_roll = dice.d6(f"{defender.name}: boarding (defending)", BOARDING, side=defender.side,
                     ship=defender.id)
    d_cards = fleet_cards.bonus(defender, "boarding")
    d_total = d_roll + defender.crew + cannons + (bonus if defender.admiral else 0) + d_cards
    dice.judge(f"+{defender.crew} crew" + (f" +{cannons} cannons" if cannons else "")
               + (" +1 Admiral" if defender.admiral else "")
               + (f" +{d_cards} marines" if d_cards else "") + f" = {d_total}")
    if a_total > d_total:
        tell(dice, "boarding_round", f"The {attacker.name}'s boarders win the round "
             f"({a_total} to {d_total})", BOARDING, attacker)
        state = lose_crew(state, dice, defender.id, 1, "the boarders")
        if state.ship(defender.id).crew == 0:
            return ship_won(replace(state, boarding=None), dice, attacker.id, defender.id)
        return replace(state, boarding=replace(fight, decision="attacker"))
    if d_total > a_total:
        tell(dice, "boarding_round", f"The {defender.name}'s crew throw the boarders back "
             f"({d_total} to {a_total})", BOARDING, defender)
        state = lose_crew(state, dice, attacker.id, 1, "the defenders")
        if state.ship(attacker.id).crew == 0:
            return ship_won(replace(state, boarding=None), dice, defender.id, attacker.id)
        return replace(state, boarding=replace(fight, decision="defender"))
    tell(dice, "boarding_round", f"A bloody stand-off ({a_total} each): both lose a crew "
         "counter", BOARDING, attacker)
    state = lose_crew(state, dice, attacker.id, 1, "the fighting")
    state = lose_crew(state, dice, defender.id, 1, "the fighting")
    a_left, d_left = state.ship(attacker.id).crew, state.ship(defender.id).crew
    if not d_left and a_left:
        return ship_won(replace(state, boarding=None), dice, attacker.id, defender.id)
    if not a_left and d_left:
        return ship_won(replace(state, boarding=None), dice, defender.id, attacker.id)
    if not a_left and not d_left:
        return replace(state, boarding=None)
    return replace(state, boarding=replace(fight, decision="tie"))


def decide(state: MowState, dice: Dice, choice: str) -> MowState:
    """The winner's (or, after a tie, the defender's) decision."""
    fight = state.boarding
    assert fight is not None
    attacker = state.ship(fight.attacker)
    defender = state.ship(fight.defender)
    if choice == "break_off":
        tell(dice, "break_off", f"The {attacker.name} breaks off the boarding action",
             BOARDING, attacker)
        return replace(state, boarding=None)
    if choice == "cut_grapples":
        tell(dice, "cut_grapples", f"The {defender.name} cuts the grapples", BOARDING, defender)
        return replace(state, boarding=None)
    if choice == "fight_on" and fight.decision == "defender":
        tell(dice, "counter", f"The {defender.name}'s crew carry the fight across: they are "
             "the attackers now", BOARDING, defender)
        swapped = Boarding(defender.id, attacker.id, swapped=not fight.swapped)
        return boarding_round(replace(state, boarding=swapped), dice)
    return boarding_round(replace(state, boarding=replace(fight, decision="")), dice)


def decider(state: MowState) -> str:
    """The side whose decision the boarding action waits for."""
    fight = state.boarding
    assert fight is not None
    who = fight.attacker if fight.decision == "attacker" else fight.defender
    return state.ship(who).holder


def ship_won(state: MowState, dice: Dice, winner_id: str, loser_id: str) -> MowState:
    """The loser has no crew left: she is abandoned, and the winner's to take or scuttle."""
    winner = state.ship(winner_id)
    loser = state.ship(loser_id)
    tell(dice, "won", f"The {loser.name} is won by the {winner.name}", CAPTURED, winner,
         big=True)
    return replace(state, won=loser_id, won_by=winner_id, boarding=None)


def take_prize(state: MowState, dice: Dice, winner_id: str, prize_id: str,
               crew: int) -> MowState:
    winner = state.ship(winner_id)
    prize = state.ship(prize_id)
    side = winner.holder
    state = with_ship(state, replace(winner, crew=winner.crew - crew))
    unscuttled = {"scuttle": False, "scuttled_by": "", "scuttling_party": 0}
    if prize.side == side:  # recaptured: her own side's again, a straggler this turn
        captor = prize.captured_by
        was_prize = bool(captor) and captor != side and not prize.scuttle
        prize = replace(prize, crew=crew, abandoned=False, captured_by="", straggler=True,
                        captured_turn=0, **unscuttled)
        tell(dice, "recaptured", f"The {prize.name} is recaptured and crewed again "
             f"({crew} crew counters): a straggler this turn", CAPTURED, prize, big=True)
        if was_prize:  # a ship only marked for scuttling had won her captor nothing yet
            state = add_honours(state, captor, -prize.card.btw.boxes,
                                f"the {prize.name} recaptured")
    else:
        prize = replace(prize, crew=crew, abandoned=False, captured_by=side,
                        captured_turn=state.turn, **unscuttled)
        tell(dice, "prize", f"The {winner.name} puts {crew} crew counter"
             f"{'s' if crew > 1 else ''} aboard the {prize.name}: she is a prize",
             CAPTURED, prize, big=True)
        state = add_honours(state, side, prize.card.btw.boxes,
                            f"the {prize.name} taken as a prize")
    return replace(with_ship(state, prize), won="", won_by="")


def scuttle(state: MowState, dice: Dice, prize_id: str, winner_id: str) -> MowState:
    """The winner's boarders will scuttle her in the End Phase: one crew counter goes aboard
    (none if the winner has only one)."""
    prize = state.ship(prize_id)
    winner = state.ship(winner_id)
    party = 1 if winner.crew > 1 else 0
    if party:
        state = with_ship(state, replace(winner, crew=winner.crew - party))
    tell(dice, "scuttle", f"The {prize.name} will be scuttled in the End Phase"
         + (f" by a crew counter from the {winner.name}" if party else ""), CAPTURED, prize)
    prize = replace(prize, scuttle=True, captured_by=winner.holder, scuttled_by=winner_id,
                    scuttling_party=party)
    return replace(with_ship(state, prize), won="", won_by="")


def prize_crews(state: MowState, winner_id: str, prize_id: str) -> range:
    """How many crew counters may go aboard: at least one, up to her original strength, and the
    winner keeps one."""
    winner = state.ship(winner_id)
    most = min(state.ship(prize_id).card.crew, winner.crew - 1)
    return range(1, most + 1)
