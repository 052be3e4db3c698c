"""The easy captain: a readable heuristic admiral.

He activates first the ship or squadron nearest the enemy (in a squadron the flagship leads).
Each ship sails, rows or steams for the nearest enemy, never setting or turning onto a heading
into the wind under sail, and lays her broadside on the enemy once within about 9" (a ship whose
guns all point ahead, or that can ram, keeps her bow on); she stops short of an enemy she has
no wish to touch, and of the table's edge. Rowing at an enemy fine on her bow within reach she
goes at Ramming speed. He rams whenever the rules offer a ram; fires every battery that bears
at the nearest enemy it bears on, aimed low at the hull (or as the card allows); boards when
his crew counters outnumber the enemy's; presses on while winning a boarding action and cuts
the grapples while losing it; and takes a ship won as a prize when his crew can spare the men,
else scuttles her. Every decision comes with one line of why.
"""

from __future__ import annotations

import math
from typing import Any

from ahoy_tui.ai.captain import Decision
from ahoy_tui.ai.man_o_war import airmen, beasts
from ahoy_tui.ai.man_o_war.boarders import prize_crew, recrew
from ahoy_tui.ai.man_o_war.sight import (
    broadside_headings,
    centre_gap,
    enemies,
    fighting,
    gap,
    heading_to,
    held_by_enemy,
    nearest_enemy,
    room_ahead,
    steps_to,
    wind_bound,
)
from ahoy_tui.engine import GameState, LegalActions
from ahoy_tui.rules.man_o_war import flow
from ahoy_tui.rules.man_o_war.actions import (
    Activate,
    Board,
    BoardingChoice,
    CastSpell,
    Command,
    DispelSpell,
    EndFire,
    EndMove,
    EndShip,
    Fire,
    KeepHand,
    LetItStand,
    NoSpell,
    Ram,
    Reroll,
    Scuttle,
    SetCourse,
    TakePrize,
    Turn,
)
from ahoy_tui.rules.man_o_war.boarding import cannons_bearing
from ahoy_tui.rules.man_o_war.model import MowState, Phase, Ship
from ahoy_tui.rules.man_o_war.movement import contact_ahead
from ahoy_tui.rules.man_o_war.table import (
    aim_line,
    first_under_template,
    into_the_wind,
    outline,
)

BROADSIDE_RANGE = 9.0  # inches: within this he lays his broadside on the enemy
KEEP_OFF = 1.5  # inches he stops short of an enemy he does not mean to touch
EDGE = 3.0  # inches he keeps between her centre and the table's edge


class EasyCaptain:
    """Closes with the nearest enemy, lays his broadside on her, fires everything that bears."""

    level = "easy"

    def __init__(self, seed: int = 0, think: float = 1.0) -> None:
        self.seed = seed
        self.think = think

    def decide(self, view: GameState, legal: LegalActions) -> Decision:
        assert isinstance(view, MowState)
        decision = self.choose(view, legal)
        if decision is None or decision.action not in legal:
            fallback = EndMove() if EndMove() in legal else legal[0]
            return Decision(fallback, "holding on as she is")
        return decision

    def choose(self, view: MowState, legal: LegalActions) -> Decision | None:
        if view.creatures:
            decision = beasts.choose(view, legal)
            if decision is not None:
                return decision
        if view.flyers:
            decision = airmen.choose(view, legal)
            if decision is not None:
                return decision
        if view.phase == Phase.MAGIC:
            return self.magic(view, legal)
        if view.phase == Phase.END and view.end_step == "cards":
            return Decision(KeepHand(), "the Wizard keeps his cards")
        if view.won:
            return self.captured(view, legal)
        if view.boarding is not None and view.boarding.decision:
            return self.boarding_choice(view, legal)
        if view.current:
            ship = view.ship(view.current)
            if view.stage == "move":
                return self.movement(view, legal, ship)
            if view.stage == "fire":
                return self.fire(view, legal, ship)
            if view.stage == "board":
                return self.board(view, legal, ship)
            return None
        if view.acting:
            return self.command(view, legal)
        return self.activate(view, legal)

    # --- the Magic Phase -----------------------------------------------------------------------
    def magic(self, view: MowState, legal: LegalActions) -> Decision | None:
        """He casts at the nearest enemy he can reach, dispels whatever he can, and always
        rolls again when a Wizard Lord may."""
        casting = view.casting
        if casting is not None and casting.step in ("reroll_cast", "reroll_dispel"):
            return Decision(Reroll(True), "the Wizard Lord rolls again")
        if casting is not None:
            dispel = next((x for x in legal.fixed if isinstance(x, DispelSpell)), None)
            if dispel is not None:
                return Decision(dispel, "the Wizard tries to dispel it")
            return Decision(LetItStand(), "nothing to dispel it with")
        casts = [x for x in legal.fixed if isinstance(x, CastSpell) and x.target
                 and view.ship(x.target).side != view.to_act]
        if casts:
            choice = min(casts, key=lambda x: min(
                (centre_gap(view.ship(x.target), s) for s in view.ships
                 if s.side == view.to_act and fighting(s)), default=math.inf))
            return Decision(choice, "the Wizard curses the nearest enemy")
        return Decision(NoSpell(), "the Wizard keeps his cards")

    # --- who acts ------------------------------------------------------------------------------
    def activate(self, view: MowState, legal: LegalActions) -> Decision | None:
        summons = beasts.summon(view, legal)
        if summons is not None:
            return summons
        units = [x for x in legal.fixed if isinstance(x, Activate)]
        if not units:
            return None

        def nearness(action: Activate) -> tuple[float, str]:
            ships = [view.ship(s) for s in flow.unit_ships(view, action.unit)]
            return min((_enemy_distance(view, s) for s in ships), default=math.inf), action.unit

        choice = min(units, key=nearness)
        return Decision(choice, f"{flow.unit_name(view, choice.unit)} is nearest the enemy: "
                        "she acts first")

    def command(self, view: MowState, legal: LegalActions) -> Decision | None:
        orders = [x for x in legal.fixed if isinstance(x, Command)]
        if not orders:
            return None
        lead = next((x for x in orders if view.ship(x.ship).flagship), None)
        if lead is not None:
            return Decision(lead, f"the flagship {view.ship(lead.ship).name} leads the "
                            "squadron")
        choice = min(orders, key=lambda x: (_enemy_distance(view, view.ship(x.ship)), x.ship))
        return Decision(choice, f"the {view.ship(choice.ship).name} is nearest the enemy")

    # --- movement ------------------------------------------------------------------------------
    def wanted_heading(self, view: MowState, ship: Ship) -> tuple[int, str]:
        """The heading he wants her on, and why."""
        enemy = nearest_enemy(view, ship)
        if enemy is None:
            return ship.heading, "no enemy left in sight"
        toward = heading_to(ship, enemy.x, enemy.y)
        bow_on = _bow_fighter(ship)
        if gap(ship, enemy) <= BROADSIDE_RANGE and not bow_on:
            options = sorted(broadside_headings(ship, enemy),
                             key=lambda h: (abs(steps_to(ship.heading, h)), h))
            fair = [h for h in options if not wind_bound(view, ship, h)]
            return (fair or options)[0], f"laying her broadside on the {enemy.name}"
        if wind_bound(view, ship, toward):
            tacks = sorted(((toward + d) % 8 for d in (1, -1, 2, -2)),
                           key=lambda h: (abs(steps_to(ship.heading, h)), h))
            fair = [h for h in tacks if not wind_bound(view, ship, h)]
            if fair:
                return fair[0], f"beating toward the {enemy.name}, clear of the wind"
        return toward, f"closing with the {enemy.name}"

    def movement(self, view: MowState, legal: LegalActions, ship: Ship) -> Decision | None:
        move = view.move
        if move is None:
            return self.set_course(view, legal, ship)
        rams = [x for x in legal.fixed if isinstance(x, Ram) and (
            view.has_creature(x.target) or held_by_enemy(view.ship(x.target), ship.side))]
        if rams:
            return Decision(rams[0], f"ram the {beasts.touched_name(view, rams[0].target)}!")
        want, why = self.wanted_heading(view, ship)
        if move.into_wind:
            turn = "starboard" if steps_to(ship.heading, want) >= 0 else "port"
            if Turn(turn) in legal:
                return Decision(Turn(turn), "she lies into the wind: turning out of it")
            return Decision(EndMove(), "she lies into the wind")
        turn_by = steps_to(ship.heading, want)
        if turn_by:
            side = "starboard" if turn_by > 0 else "port"
            after = (ship.heading + (1 if turn_by > 0 else -1)) % 8
            if Turn(side) in legal and not (move.means == "sail"
                                            and into_the_wind(view, after)):
                return Decision(Turn(side), f"turning to {side}: {why}")
        leg = next((r for r in legal.ranges if r.field == "inches"), None)
        if leg is not None:
            inches = self.how_far(view, ship, leg.high)
            if inches >= leg.low:
                return Decision(leg.at(inches), f"{why}: {inches}\" ahead")
        return Decision(EndMove(), f"{why}: she holds here")

    def how_far(self, view: MowState, ship: Ship, most: int) -> int:
        """Inches to go straight on: short of the edge, short of an enemy she would not touch
        (she runs on at one she could ram or would board)."""
        move = view.move
        backwards = bool(move and move.backwards)
        inches = float(most)
        if not backwards:
            inches = min(inches, room_ahead(view, ship) - EDGE)
        met = contact_ahead(view, ship, ship.heading, float(most), backwards)
        if met is not None:
            went, kind, thing = met
            wanted = False
            if kind == "ship":
                other = view.ship(thing)
                wanted = other.side != ship.side and (
                    _can_ram(ship, move) or other.crew < ship.crew)
            if not wanted:
                inches = min(inches, went - KEEP_OFF)
        return max(0, min(most, math.floor(inches + 1e-9)))

    def set_course(self, view: MowState, legal: LegalActions, ship: Ship) -> Decision | None:
        courses = [x for x in legal.fixed if isinstance(x, SetCourse)]
        if not courses:
            return Decision(EndMove(), "she cannot move")
        enemy = nearest_enemy(view, ship)
        ramming = SetCourse("oars", "ramming")
        if enemy is not None and ramming in courses:
            ahead = steps_to(ship.heading, heading_to(ship, enemy.x, enemy.y)) == 0
            reach = ship.card.move.ramming - ship.speed_lost
            if ahead and 3.0 <= gap(ship, enemy) <= reach:
                return Decision(ramming, f"Ramming speed at the {enemy.name}!")
        by_speed: list[tuple[float, int, SetCourse]] = []
        for index, course in enumerate(courses):
            if course.pace in ("ramming", "backwards"):
                continue
            speed = _speed(view, ship, course)
            if course.means == "sail" and into_the_wind(view, ship.heading):
                speed = 0.5  # she may only turn out of it
            by_speed.append((speed, -index, course))
        if not by_speed:
            return Decision(courses[0], "the only course she has")
        _, _, course = max(by_speed)
        words = {"sail": "under sail", "oars": "under oars", "steam": "under steam",
                 "magic": "driven by sorcery"}[course.means]
        return Decision(course, f"setting her course {words}, the fastest way she has")

    # --- shooting ------------------------------------------------------------------------------
    def fire(self, view: MowState, legal: LegalActions, ship: Ship) -> Decision | None:
        at_monsters = [x for x in legal.fixed if isinstance(x, Fire)
                       and view.has_creature(x.target)]
        shots = [x for x in legal.fixed if isinstance(x, Fire) and x not in at_monsters
                 and fighting(view.ship(x.target)) and not _friend_in_the_way(view, ship, x)]
        if not shots and at_monsters:
            best = max(at_monsters, key=lambda x: beasts.shot_value(view, ship, x))
            if beasts.shot_value(view, ship, best) > 0:
                return Decision(best, f"{best.side} batteries fire at the sea monster")
        if not shots:
            aloft = airmen.anti_flyer(view, legal)
            if aloft is not None:
                return aloft
            return Decision(EndFire(), "nothing to shoot at but through a friend")
        wanted = [x for x in shots if x.aim in ("low", "")]

        def nearest(shot: Fire) -> tuple[float, str, str]:
            return gap(ship, view.ship(shot.target)), shot.side, shot.target

        choice = min(wanted or shots, key=nearest)
        target = view.ship(choice.target)
        aim = f", aimed {choice.aim}" if choice.aim else ""
        return Decision(choice, f"{choice.side} batteries fire at the {target.name}{aim}")

    # --- boarding ------------------------------------------------------------------------------
    def board(self, view: MowState, legal: LegalActions, ship: Ship) -> Decision | None:
        targets = [view.ship(x.target) for x in legal.fixed if isinstance(x, Board)]
        prey = [t for t in targets if (t.abandoned or t.crew < ship.crew)
                and t.captured_by != ship.side]
        if prey:
            target = min(prey, key=lambda t: (t.crew, t.id))
            return Decision(Board(target.id), f"boarders away! {ship.crew} crew against the "
                            f"{target.name}'s {target.crew}")
        return Decision(EndShip(), "not enough crew to board")

    def boarding_choice(self, view: MowState, legal: LegalActions) -> Decision | None:
        fight = view.boarding
        assert fight is not None
        attacker, defender = view.ship(fight.attacker), view.ship(fight.defender)
        if fight.decision == "attacker":
            if attacker.crew >= defender.crew:
                return Decision(BoardingChoice("press_on"), "winning: press on!")
            return Decision(BoardingChoice("break_off"), "too few left: break off")
        mine = defender.crew + cannons_bearing(defender, attacker)
        if mine > attacker.crew:
            return Decision(BoardingChoice("fight_on"), "they are losing: fight on!")
        return Decision(BoardingChoice("cut_grapples"), "losing the fight: cut the grapples")

    def captured(self, view: MowState, legal: LegalActions) -> Decision | None:
        winner, prize = view.ship(view.won_by), view.ship(view.won)
        if prize.side == winner.side:  # one of ours, won back
            back = TakePrize(prize.id, recrew(winner, prize))
            if back in legal:
                return Decision(back, f"the {prize.name} is ours again: {back.crew} crew go "
                                "back aboard her")
        crew = prize_crew(view, winner, prize)
        take = TakePrize(prize.id, crew)
        if winner.crew >= 4 and take in legal:
            return Decision(take, f"a prize! {crew} crew go aboard the {prize.name}")
        return Decision(Scuttle(prize.id), f"no men to spare: scuttle the {prize.name}")


def _friend_in_the_way(view: MowState, ship: Ship, shot: Fire) -> bool:
    """Whether a friendly ship lies first under the range template toward the target."""
    line = aim_line(ship, shot.side, outline(view.ship(shot.target)))
    if line is None:
        return False
    struck = first_under_template(view, ship, line[0], line[1], shot.target)
    return bool(struck) and view.ship(struck).side == ship.side


def _enemy_distance(view: MowState, ship: Ship) -> float:
    foes = enemies(view, ship.side)
    return min((centre_gap(ship, e) for e in foes), default=math.inf)


def _bow_fighter(ship: Ship) -> bool:
    """Whether she fights bow on: a ram to use, or every battery pointing ahead."""
    move = ship.card.move
    if ship.card.ram and not ship.no_ram and ((move.oars and not ship.no_oars) or move.steam):
        return True
    arcs = {b.arc for i, b in enumerate(ship.card.batteries) if ship.batteries_left(i)}
    return bool(arcs) and arcs <= {"fore"}


def _can_ram(ship: Ship, move: Any) -> bool:
    return bool(move is not None and ship.card.ram and not ship.no_ram
                and move.means in ("oars", "steam") and not move.backwards)


def _speed(view: MowState, ship: Ship, course: SetCourse) -> float:
    from ahoy_tui.rules.man_o_war.movement import speed

    return speed(view, ship, course.means, course.pace)

