"""The normal captain: weighs each choice by the rules' own odds.

**Movement.** At the start of a ship's move he tries every course she may set (sail, oars at
cruising or Ramming speed or backing water, steam, sorcery, or staying put) and every sensible
way to finish it (``helm``: advance to each inch, turn at each point, turn on the spot, push
clear), played on a copy with his own dice, and keeps the plan whose end position scores best
(``judge.position``): her batteries bearing on enemies in range bands by their save modifiers,
a ram or a boarding worth its odds, the enemy's batteries bearing back, the distance to the
enemy, and no running aground, no sailing off the table, no facing the wind, no straggling.
He then plays the plan out a step at a time.

**Fire.** Of the shots the rules offer he fires the one worth most (each side at its best
target, aimed high or low as the odds say), again and again until none is worth firing. He
never fires at a ship another would take the shot for: a friend or an abandoned hulk first
under the range template is worth nothing or less, a wreck or an island stops it; another enemy
first under it is fired at by name when the rules offer her (her odds, not the far ship's).

**Boarding.** He boards, presses on, fights on or cuts the grapples by the exact odds of the
boarding action (``boarders``), and scuttles a ship won unless the house rule makes a prize
worth double.
"""

from __future__ import annotations

from typing import Any

from ahoy_tui.ai.captain import Decision
from ahoy_tui.ai.man_o_war import airmen, beasts, sorcery
from ahoy_tui.ai.man_o_war import gunnery as gun
from ahoy_tui.ai.man_o_war.boarders import (
    boarding_value,
    fire_turns,
    pounded_fight,
    pounding,
    prize_crew,
    prospect,
    recrew,
)
from ahoy_tui.ai.man_o_war.easy import EasyCaptain
from ahoy_tui.ai.man_o_war.helm import (
    FINE,
    Plan,
    Search,
    course_plans,
    move_plans,
    with_own_dice,
)
from ahoy_tui.ai.man_o_war.judge import WEIGHTS, Weights, position, reach, weights_for
from ahoy_tui.ai.man_o_war.sight import enemies, fighting, gap, held_by_enemy, nearest_enemy
from ahoy_tui.engine import LegalActions
from ahoy_tui.rules.man_o_war.actions import (
    Board,
    BoardingChoice,
    CastSpell,
    DispelSpell,
    EndFire,
    EndMove,
    EndShip,
    Fire,
    LetItStand,
    NoSpell,
    Ram,
    Reroll,
    Scuttle,
    SetCourse,
    TakePrize,
    Turn,
    TurnOnTheSpot,
)
from ahoy_tui.rules.man_o_war.boarding import cannons_bearing
from ahoy_tui.rules.man_o_war.model import MowState, Phase, Ship
from ahoy_tui.rules.man_o_war.spellbook import spellbook

BOARD_MARGIN = 0.05  # Battle Honours a boarding action must be worth to begin it


class NormalCaptain(EasyCaptain):
    """Scores every way to finish a move by where it leaves her; fires, rams and boards by the
    odds."""

    level = "normal"
    how: Search = FINE  # how finely he lays his plans

    def __init__(self, seed: int = 0, think: float = 1.0) -> None:
        super().__init__(seed, think)
        self._plan: list[Any] = []
        self._plan_key: tuple[str, int, str] | None = None
        self._draws = 0

    def draw(self) -> int:
        """A fresh seed for the captain's own dice."""
        self._draws += 1
        return (self.seed * 1_000_003 + self._draws * 7919 + 1) & 0x7FFFFFFF

    # --- movement ------------------------------------------------------------------------------
    def movement(self, view: MowState, legal: LegalActions, ship: Ship) -> Decision | None:
        key = (ship.id, view.turn, view.phase.value)
        rams = [x for x in legal.fixed if isinstance(x, Ram)
                and (view.has_creature(x.target)
                     or held_by_enemy(view.ship(x.target), ship.side))]
        if rams:
            target = rams[0].target
            self._plan = []
            return Decision(rams[0], f"ram the {beasts.touched_name(view, target)}! (worth "
                            f"{beasts.ram_worth(view, ship, target):.2f} honours)")
        if self._plan and self._plan_key == key and self._plan[0] in legal:
            action = self._plan.pop(0)
            return Decision(action, self._step_words(view, ship, action))
        self._plan = []
        if view.move is None:
            plans = course_plans(view, self.draw(), self.how)
        else:
            plans = move_plans(with_own_dice(view, self.draw()), ship.id, self.how)
        best = self.pick_plan(view, ship, plans)
        if best is None or not best.actions:
            words = "she holds where she is" if best is None else self.plan_words(view, best)
            return Decision(EndMove(), words)
        self._plan = list(best.actions[1:])
        self._plan_key = key
        return Decision(best.actions[0], self.plan_words(view, best))

    def score(self, view: MowState, plan: Plan, base: Weights = WEIGHTS) -> float:
        """Where the plan leaves her, as the judge sees it (with the weights as the battle
        stands: ``judge.weights_for``)."""
        w = weights_for(view, plan.ship.side, base)
        fires = view.phase == Phase.BATTLE
        may_board = plan.ship.id not in view.boarded_this_turn
        return position(view, plan.ship, touched=plan.touched, ram=plan.ram, fires=fires,
                        may_board=may_board, w=w)

    def ranked(self, view: MowState, ship: Ship, plans: list[Plan]) -> list[tuple[float, Plan]]:
        """Plans best first, one for each place she could end (the shortest way there)."""
        seen: dict[tuple[Any, ...], Plan] = {}
        for plan in plans:
            end = plan.ship
            key = (round(end.x, 2), round(end.y, 2), end.heading, plan.touched, plan.ram,
                   end.left_table, end.aground, end.sunk)
            if key not in seen or len(plan.actions) < len(seen[key].actions):
                seen[key] = plan
        scored = [(self.score(view, p), -len(p.actions), i, p)
                  for i, p in enumerate(seen.values())]
        scored.sort(key=lambda t: (t[0], t[1], -t[2]), reverse=True)
        return [(s, p) for s, _, _, p in scored]

    def pick_plan(self, view: MowState, ship: Ship, plans: list[Plan]) -> Plan | None:
        ranked = self.ranked(view, ship, plans)
        return ranked[0][1] if ranked else None

    def plan_words(self, view: MowState, plan: Plan) -> str:
        """One line for the plan: how she goes, and what for."""
        end = plan.ship
        course = next((a for a in plan.actions if isinstance(a, SetCourse)), None)
        how = {"sail": "under sail", "oars": "under oars", "steam": "under steam",
               "magic": "by sorcery"}.get(course.means, "") if course else ""
        if course is not None and course.pace == "ramming":
            how = "at Ramming speed"
        if course is not None and course.pace == "backwards":
            how = "backing water"
        turns = sum(1 for a in plan.actions if isinstance(a, (Turn, TurnOnTheSpot)))
        turned = f", turning {turns} point{'s' if turns != 1 else ''}" if turns else ""
        if end.left_table:
            aim = "though every way takes her off the table"
        elif end.aground:
            aim = "though every way runs her aground"
        elif plan.touched and plan.ram:
            aim = f"to ram the {beasts.touched_name(view, plan.touched)}"
        elif plan.touched and view.has_ship(plan.touched) \
                and view.ship(plan.touched).side != end.side:
            aim = f"to grapple the {view.ship(plan.touched).name}"
        else:
            volleys = gun.best_volleys(_with(view, end), end)
            good = [(v, t) for v, t, _ in volleys.values() if v > 0]
            if good and view.phase == Phase.BATTLE:
                _, target = max(good)
                sides = len(good)
                aim = (f"to bear on the {view.ship(target).name} with {sides} side"
                       f"{'s' if sides > 1 else ''} of batteries")
            else:
                enemy = nearest_enemy(view, end)
                aim = f"to close with the {enemy.name}" if enemy else "to hold her station"
        start = view.ship(end.id) if view.has_ship(end.id) else end
        still = not plan.touched and abs(end.x - start.x) < 0.05 and abs(end.y - start.y) < 0.05
        why = holding_words(view, end) if still else ""
        if not plan.actions or plan.actions == (EndMove(),):
            return f"she holds her station: {why}" if why else f"she holds her station {aim}"
        if why:
            return f"she stays where she lies{turned}: {why}"
        return f"she goes {how}{turned} {aim}".replace("  ", " ")

    def _step_words(self, view: MowState, ship: Ship, action: Any) -> str:
        return f"as planned: {self.describe(view, action)}"

    @staticmethod
    def describe(view: MowState, action: Any) -> str:
        from ahoy_tui.rules.man_o_war.prompt import describe

        return describe(view, action)

    # --- the Magic Phase -----------------------------------------------------------------------
    def magic(self, view: MowState, legal: LegalActions) -> Decision | None:
        """He casts the spell worth most by the odds (``sorcery.worth``), or none worth its
        card; dispels an enemy spell when what it would do, by his chance of dispelling it,
        is worth more than the card; a Wizard Lord always rolls a failure again."""
        casting = view.casting
        side = view.to_act or ""
        if casting is not None and casting.step in ("reroll_cast", "reroll_dispel"):
            return Decision(Reroll(True), "the Wizard Lord rolls again")
        if casting is not None:
            return self.dispel(view, legal, side)
        best: tuple[float, CastSpell | DispelSpell] | None = None
        for action in legal.fixed:
            if isinstance(action, CastSpell):
                value = sorcery.worth(view, side, action.card, action.target)
            elif isinstance(action, DispelSpell):
                lasting = next(s for s in view.in_play if s.id == action.lasting)
                spell = spellbook().spell(lasting.card)
                value = sorcery.cast_chance(view, side, spellbook().spell(action.card)) * \
                    sorcery.effect_value(view, spell, view.ship(lasting.target)) - sorcery.KEEP
            else:
                continue
            if best is None or value > best[0]:
                best = (value, action)
        if best is None or best[0] <= 0:
            return Decision(NoSpell(), "no spell worth its card now")
        value, action = best
        return Decision(action, f"{self.describe(view, action)} (worth {value:.2f} honours)")

    def dispel(self, view: MowState, legal: LegalActions, side: str) -> Decision:
        casting = view.casting
        assert casting is not None
        book = spellbook()
        spell = book.spell(casting.card)
        target = view.ship(casting.target) if casting.target else None
        harm = sorcery.effect_value(view, spell, target)
        options = [x for x in legal.fixed if isinstance(x, DispelSpell)]
        if not options:
            return Decision(LetItStand(), "let it stand")
        # the card likeliest to work, and of those the one least worth keeping
        tool = max(options, key=lambda x: (sorcery.cast_chance(view, side, book.spell(x.card)),
                                           not book.spell(x.card).castable))
        chance = sorcery.cast_chance(view, side, book.spell(tool.card))
        keep = sorcery.KEEP if book.spell(tool.card).castable else 0.0
        if chance * harm > keep:
            return Decision(tool, f"dispel {spell.name}: worth {chance * harm:.2f} honours")
        return Decision(LetItStand(), f"let {spell.name} stand: not worth a card")

    # --- shooting ------------------------------------------------------------------------------
    def fire(self, view: MowState, legal: LegalActions, ship: Ship) -> Decision | None:
        best: tuple[float, Fire] | None = None
        for shot in legal.fixed:
            if not isinstance(shot, Fire):
                continue
            if view.has_creature(shot.target):
                value = beasts.shot_value(view, ship, shot)
                if best is None or value > best[0]:
                    best = (value, shot)
                continue
            target = view.ship(shot.target)
            struck = gun.struck_first(view, ship, shot.side, target)
            if struck != target.id and struck and any(
                    isinstance(x, Fire) and (x.side, x.target) == (shot.side, struck)
                    for x in legal.fixed):
                continue  # another enemy takes this shot: fire at her by name instead
            found = gun.volley(view, ship, shot.side, target, aim=shot.aim)
            value = found[0] if found is not None else 0.0
            if not fighting(target):
                value = min(value, 0.0)
            if best is None or value > best[0]:
                best = (value, shot)
        if best is None or best[0] <= 0:
            aloft = airmen.anti_flyer(view, legal)
            if aloft is not None:
                return aloft
            return Decision(EndFire(), "holding fire: nothing worth the shot")
        value, shot = best
        if view.has_creature(shot.target):
            return Decision(shot, f"{shot.side} batteries at the sea monster (worth "
                            f"{value:.2f} honours)")
        target = view.ship(shot.target)
        aim = f", aimed {shot.aim}" if shot.aim else ""
        return Decision(shot, f"{shot.side} batteries at the {target.name}{aim} "
                        f"(worth {value:.2f} honours)")

    # --- boarding ------------------------------------------------------------------------------
    def board(self, view: MowState, legal: LegalActions, ship: Ship) -> Decision | None:
        best: tuple[float, Board] | None = None
        for action in legal.fixed:
            if not isinstance(action, Board):
                continue
            value = prospect(view, ship, view.ship(action.target))
            if best is None or value > best[0]:
                best = (value, action)
        if best is None or best[0] <= BOARD_MARGIN:
            return Decision(EndShip(), "the odds are against boarding")
        value, action = best
        target = view.ship(action.target)
        guns = pounding_words(view, ship, target)
        return Decision(action, f"boarders away! {ship.crew} crew against the {target.name}'s "
                        f"{target.crew} (worth {value:.2f} honours{guns})")

    def boarding_choice(self, view: MowState, legal: LegalActions) -> Decision | None:
        state = view.boarding
        assert state is not None
        attacker, defender = view.ship(state.attacker), view.ship(state.defender)
        # a ship with no battery left weighs the fight against the guns she would go back to
        # (``boarders.pounded_fight``)
        if state.decision == "attacker":
            value = boarding_value(pounded_fight(view, attacker, defender), i_attack=True)
            if value > 0:
                return Decision(BoardingChoice("press_on"), f"press on: the odds favour us "
                                f"({attacker.crew} against {defender.crew})")
            return Decision(BoardingChoice("break_off"), "break off while we can")
        # the defender decides: after winning the round she would attack; after a tie the
        # attacker goes on attacking
        i_attack = state.decision == "defender"
        value = boarding_value(pounded_fight(view, defender, attacker), i_attack=i_attack)
        if value > 0:
            return Decision(BoardingChoice("fight_on"), f"fight on: the odds favour us "
                            f"({defender.crew} against {attacker.crew})")
        return Decision(BoardingChoice("cut_grapples"), "cut the grapples: the odds are "
                        "against us")

    def captured(self, view: MowState, legal: LegalActions) -> Decision | None:
        winner, prize = view.ship(view.won_by), view.ship(view.won)
        if prize.side == winner.side:  # one of ours, won back
            back = TakePrize(prize.id, recrew(winner, prize))
            if back in legal:
                return Decision(back, f"the {prize.name} is ours again: {back.crew} crew go "
                                "back aboard her")
        if view.option("prize_double", False):
            crew = prize_crew(view, winner, prize)
            take = TakePrize(prize.id, crew)
            if winner.crew - crew >= 2 and take in legal:
                return Decision(take, f"a prize worth double: {crew} crew go aboard the "
                                f"{prize.name}")
        return Decision(Scuttle(prize.id), f"scuttle the {prize.name}: the same honours, and "
                        "no men lost to a prize crew")


def holding_words(view: MowState, ship: Ship) -> str:
    """Why she holds where she is in the Battle Phase, when an enemy lies within her move:
    no battery left or none bearing, and each boarding action within reach not worth its
    odds (her crew against the enemy's, with the cannons pointing at her: Boarding Actions).
    "" when no enemy is within her move."""
    if view.phase != Phase.BATTLE:
        return ""
    near = [foe for foe in enemies(view, ship.side)
            if fighting(foe) and gap(ship, foe) <= reach(ship) + 0.5]
    if not near:
        return ""
    reasons = []
    if not any(ship.batteries_left(i) for i in range(len(ship.card.batteries))):
        reasons.append("no battery left to fire")
    elif gun.firepower(view, ship) <= 0:
        reasons.append("no battery bears on an enemy in range")
    for foe in near:
        if not ship.crew:
            continue
        value = prospect(view, ship, foe)
        if value > BOARD_MARGIN:
            continue
        cannons = cannons_bearing(foe, ship)
        guns = f" and {cannons} cannon{'s' if cannons != 1 else ''} bearing" if cannons else ""
        reasons.append(f"boarding the {foe.name} not worth it ({ship.crew} crew against "
                       f"{foe.crew}{guns}: {value:+.2f} honours{pounding_words(view, ship, foe)})")
    return "; ".join(reasons)


def pounding_words(view: MowState, ship: Ship, foe: Ship) -> str:
    """What holding under ``foe``'s guns is expected to cost a ship with no battery left
    (``boarders.pounding``), for her reason line; "" when it costs nothing."""
    cost = pounding(view, ship, foe)
    if cost <= 0:
        return ""
    turns = fire_turns(view, foe, ship)
    return (f"; holding under her guns would cost {cost:.2f} over {turns} "
            f"turn{'s' if turns != 1 else ''}")


def _with(view: MowState, ship: Ship) -> MowState:
    from ahoy_tui.rules.man_o_war.damage import with_ship

    return with_ship(view, ship)

