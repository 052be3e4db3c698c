"""The normal captain: weighs each choice by what it is expected to bring.

**Declarations.** For each ship and each of up / hold / down he finds the best course that
declaration allows (below) and declares the one whose best course scores highest; holding wins
a tie, since it costs nothing. So he speeds up to close to good range or to chase, slows to
hold a broadside, to keep off the table's edge or out of a collision he would lose.

**Orders.** For each ship he tries every way to lay her maneuver tokens (3^tokens) with a few
amounts of chits on Speed, predicts her track with the movement rules and the enemy holding her
course at her speed (changed by what she declared), and weighs the end pose (``helm.weigh``):
guns bearing and in range, snipers in reach, boarding if she is the stronger, off the edges,
clear of collisions she would lose. The best course is then dealt out in chits
(``sheets.deal``) and the sheet checked by the rules before it is sealed.

**Fire plan.** ``gunnery.fire_plan``: the most damaging set of shots the Guns box can pay for.

He decides from his side's view alone: the enemy's sealed sheets are not in it, and he rolls no
dice (he weighs averages).
"""

from __future__ import annotations

from collections.abc import Sequence

from ahoy_tui.ai.captain import Decision
from ahoy_tui.ai.naval_battle.gunnery import fire_plan
from ahoy_tui.ai.naval_battle.helm import Course, World, best_course, predict_enemy
from ahoy_tui.ai.naval_battle.sheets import deal
from ahoy_tui.engine import GameState, LegalActions
from ahoy_tui.rules.naval_battle.actions import DeclareSpeed, FirePlan, GiveOrders
from ahoy_tui.rules.naval_battle.legal import plain_orders
from ahoy_tui.rules.naval_battle.model import (
    DOWN,
    HOLD,
    PORT,
    STARBOARD,
    UP,
    NavalState,
    Phase,
    ShipOrders,
)

TIE = 0.15  # victory points a change of speed must gain over holding it


class NormalCaptain:
    """Scores each course by the end pose it leads to, deals the chits to suit, fires best."""

    level = "normal"
    fine = False  # try finer steps of speed (the hard captain does)

    def __init__(self, seed: int = 0, think: float = 1.0) -> None:
        self.seed = seed
        self.think = think

    # --- the enemy, as far as he can tell -----------------------------------------------------
    def worlds(self, view: NavalState, side: str) -> list[World]:
        """His guesses at the enemy's move, weighted: here one, holding her course."""
        enemies = [predict_enemy(view, e) for e in view.ships if e.afloat and e.side != side]
        return [(1.0, enemies)]

    def decide(self, view: GameState, legal: LegalActions) -> Decision:
        assert isinstance(view, NavalState)
        side = view.to_act
        if side is None:
            return Decision(legal[0], "nothing to decide")
        if view.phase == Phase.DECLARE:
            return self.declare(view, legal, side)
        if view.phase == Phase.ORDERS:
            return self.orders(view, legal, side)
        if view.phase == Phase.SHOOTING:
            return self.shoot(view, legal, side)
        return Decision(legal[0], "nothing to decide")

    # --- declarations -------------------------------------------------------------------------
    def declare(self, view: NavalState, legal: LegalActions, side: str) -> Decision:
        worlds = self.worlds(view, side)
        friends: list[tuple[float, float]] = []
        changes: list[tuple[str, str]] = []
        words: list[str] = []
        for ship in view.side_ships(side):
            best: tuple[float, str, Course | None] | None = None
            for change in (HOLD, UP, DOWN):
                course = best_course(view, ship, change, worlds, friends, self.fine,
                                     zero=change == HOLD)
                if course is None:
                    continue
                score = course.score + (TIE if change == HOLD else 0.0)
                if best is None or score > best[0]:
                    best = (score, change, course)
            change = best[1] if best else HOLD
            course = best[2] if best else None
            changes.append((ship.id, change))
            if course is not None:
                friends.append((course.poses[-1][0], course.poses[-1][1]))
            words.append(f"{ship.name} {speed_words(change)} {aim_words(view, course)}")
        action = DeclareSpeed(side, tuple(changes))
        if action not in legal:
            return Decision(legal[0], "holding on as she goes")
        return Decision(action, "; ".join(words))

    # --- orders -------------------------------------------------------------------------------
    def orders(self, view: NavalState, legal: LegalActions, side: str) -> Decision:
        worlds = self.worlds(view, side)
        declared = dict(view.speeds_shown)
        friends: list[tuple[float, float]] = []
        sheets: list[ShipOrders] = []
        words: list[str] = []
        for ship in view.side_ships(side):
            change = declared.get(ship.id, HOLD)
            course = best_course(view, ship, change, worlds, friends, self.fine)
            if course is None:
                sheets.append(plain_orders(ship, change))
                words.append(f"{ship.name} keeps a plain sheet")
                continue
            friends.append((course.poses[-1][0], course.poses[-1][1]))
            sheet = deal(ship, course, change)
            sheets.append(sheet)
            words.append(f"{ship.name} {maneuver_words(course.maneuvers)} "
                         f"{aim_words(view, course)} ({deal_words(sheet)})")
        action = GiveOrders(side, tuple(sheets))
        if action in legal:
            return Decision(action, "; ".join(words))
        form = legal.form(GiveOrders)
        fallback = form.examples[0] if form and form.examples else legal[0]
        return Decision(fallback, "a plain sheet: every chit dealt evenly")

    # --- shooting -----------------------------------------------------------------------------
    def shoot(self, view: NavalState, legal: LegalActions, side: str) -> Decision:
        plan = fire_plan(view, side)
        if plan not in legal:
            plan = FirePlan(side, ())
        if not plan.shots:
            return Decision(plan, "holding fire: nothing worth the shot")
        parts = []
        for shot in plan.shots:
            target = view.ship(shot.target)
            what = f"{target.name}'s {target.creature.name}" if (
                shot.at_creature and target.creature) else target.name
            parts.append(f"{shot.weapon.replace('-', ' ')} at {what}")
        return Decision(plan, "fire: " + ", ".join(parts))


def speed_words(change: str) -> str:
    return {UP: "speeds up", DOWN: "slows down"}.get(change, "holds her speed")


def maneuver_words(maneuvers: Sequence[str]) -> str:
    turns = [m for m in maneuvers if m in (PORT, STARBOARD)]
    if not turns:
        return "holds her course"
    port = turns.count(PORT)
    starboard = turns.count(STARBOARD)
    parts = []
    if port:
        parts.append(f"turns {port * 45}° to port")
    if starboard:
        parts.append(f"{'and ' if port else 'turns '}{starboard * 45}° to starboard")
    return " ".join(parts)


def aim_words(view: NavalState, course: Course | None) -> str:
    if course is None:
        return ""
    aim = course.aim
    if course.score <= -500:
        return "though every course takes her off the table"
    if aim.board and aim.contact:
        return f"to grapple and board {view.ship(aim.contact).name}"
    if aim.guns:
        target = view.ship(aim.guns[0][1]).name
        guns = ", ".join(g.replace("-", " ") for g, _ in aim.guns)
        return f"to bring her {guns} to bear on {target}"
    if aim.snipers and aim.target:
        return f"to put snipers on {view.ship(aim.target).name} ({aim.nearest:.0f}\")"
    if aim.contact:
        return f"and braces for {view.ship(aim.contact).name} alongside"
    return f"to close the range ({aim.nearest:.0f}\" to the nearest enemy)"


def deal_words(sheet: ShipOrders) -> str:
    boxes: dict[str, int] = {}
    for box, _, n in sheet.assign:
        boxes[box] = boxes.get(box, 0) + n
    return ", ".join(f"{n} on {box}" for box, n in boxes.items())
