"""The easy captain: a readable heuristic seaman.

He keeps the minimum crew on the sails and the rest on the guns of the side facing the enemy,
closes with the nearest enemy and turns broadside on when near, fires every gun that bears with
the best guess, boards when his crew outnumber theirs, and never strikes. Every decision comes
with one line of why.
"""

from __future__ import annotations

import math
from typing import Any

from ahoy_tui.ai.ahoy.gunnery import (
    aimed_at_a_wreck,
    bearing_value,
    going_down,
    guess_for_shot,
    shot_value,
    template_value,
)
from ahoy_tui.ai.ahoy.seamanship import (
    crew_strength,
    fire_ship_run_hits,
    gap,
    hazard_ahead,
    nearest_enemy,
    side_facing,
    steps_between,
    wanted_heading,
)
from ahoy_tui.ai.captain import Decision
from ahoy_tui.engine import LegalActions
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.crew import available_hands, is_proper_crew, min_crew
from ahoy_tui.rules.ahoy.model import AhoyState, Phase
from ahoy_tui.rules.ahoy.shooting import fire_choice
from ahoy_tui.rules.ahoy.tables import tables


class EasyCaptain:
    """Closes, fires broadsides, keeps crew on the sails."""

    level = "easy"

    def __init__(self, seed: int = 0, think: float = 1.0) -> None:
        self.seed = seed
        self.think = think

    def decide(self, view: AhoyState, legal: LegalActions) -> Decision:
        decision = (self.pending(view, legal) if view.pending is not None else
                    self.orders(view, legal) if view.phase == Phase.ORDERS else
                    self.movement(view, legal) if view.phase == Phase.MOVEMENT else
                    self.shooting(view, legal) if view.phase == Phase.SHOOTING else None)
        if decision is None or decision.action not in legal:
            return Decision(legal[0], "carrying on")
        return decision

    # --- decisions in the middle of things ----------------------------------------------------
    def pending(self, view: AhoyState, legal: LegalActions) -> Decision | None:
        kind = view.pending.kind if view.pending else ""
        if kind == "avoid":
            return Decision(a.Avoid(True), "hard over! try to avoid her")
        if kind == "reroll":
            faces = view.pending.faces if view.pending else ()
            low = min(range(len(faces)), key=lambda i: faces[i])
            if faces[low] < 4:
                return Decision(a.RerollRamDie(low), f"re-roll the {faces[low]}")
            return Decision(a.RerollRamDie(-1), "the dice are good enough")
        if kind == "swimmers":
            return Decision(a.DealWithSwimmers("captive"), "haul them in as prisoners")
        if kind == "surrendered":
            return Decision(a.DecideFate("lock_below"), "lock them below for the prize court")
        return None

    # --- orders -----------------------------------------------------------------------------
    def orders(self, view: AhoyState, legal: LegalActions) -> Decision | None:
        for ship in view.ships:
            if ship.side != view.active or not ship.on_table or ship.captured_by:
                continue
            boards = [x for x in legal.fixed if isinstance(x, a.Board) and x.ship == ship.id]
            if boards:
                choice = self.boarding_party(view, boards)
                if choice is not None:
                    return choice
            if a.CutLoose(ship.id) in legal:
                return Decision(a.CutLoose(ship.id), "cut her free")
            if a.RaiseAnchor(ship.id) in legal:
                return Decision(a.RaiseAnchor(ship.id), "weigh anchor")
            if a.CastOff(ship.id) in legal:
                return Decision(a.CastOff(ship.id), "cast off")
            if a.ShoveOff(ship.id) in legal:
                return Decision(a.ShoveOff(ship.id), "shove her off the sand")
            foe = nearest_enemy(view, ship)
            if a.CastOffFromQuay(ship.id) in legal and foe is not None \
                    and gap(ship, foe) <= self.CAST_OFF_WHEN:
                return Decision(a.CastOffFromQuay(ship.id),
                                f"cast off: the {foe.name} is coming")
            heave = self.gun_to_heave(view, ship, legal)
            if heave is not None:
                return Decision(heave, "lighten her: a gun over the side")
            plan = self.crew_plan(view, ship)
            if plan is not None and plan in legal:
                return Decision(plan, "sailing crew to the sheets, the rest to the guns "
                                      f"({plan.guns_first or 'as they stand'})")
        return Decision(a.EndOrders(), "orders given")

    CAST_OFF_WHEN = 30.0  # inches: an enemy this close and a docked ship puts to sea

    def gun_to_heave(self, view: AhoyState, ship: Any, legal: LegalActions) -> a.HeaveGun | None:
        """Stuck fast: one gun a turn over the side, from the broadside facing away from the
        enemy (the re-floating roll needs a 6 without help)."""
        heaves = [x for x in legal.fixed if isinstance(x, a.HeaveGun) and x.ship == ship.id]
        if not heaves or any(g.state.value == "heaved" for g in ship.guns):
            return None
        foe = nearest_enemy(view, ship)
        facing = side_facing(ship, foe) if foe is not None else ""
        mounts = {g.id: g.mount for g in ship.guns}
        heaves.sort(key=lambda x: mounts.get(x.gun) == facing)
        return heaves[0]

    def boarding_party(self, view: AhoyState, boards: list[a.Board]) -> Decision | None:
        """Board only with a party that outnumbers the defenders, keeping enough hands aboard
        to sail her; a struck ship is taken with a couple of men."""
        first = boards[0]
        ship, target = view.ship(first.ship), view.ship(first.target)
        options = [b for b in boards if b.ship == ship.id and b.target == target.id]
        most = max(b.count for b in options)
        if target.struck:
            count = min(most, 2)
            return Decision(a.Board(ship.id, target.id, count),
                            f"take the {target.name}: she has struck")
        party = most - min_crew(ship)
        defenders = crew_strength(view, target)
        if party >= 3 and party >= defenders + 2:
            return Decision(a.Board(ship.id, target.id, party),
                            f"board the {target.name}: {party} men against {defenders}")
        return None

    def crew_plan(self, view: AhoyState, ship: Any) -> a.AssignCrew | None:
        if "crew" in ship.ordered:
            return None
        foe = nearest_enemy(view, ship)
        mounts = {g.mount for g in ship.guns if g.state.value != "destroyed"}
        first = ship.plan.guns_first
        if foe is not None:
            facing = side_facing(ship, foe)
            if facing in mounts:
                first = facing
        hands = available_hands(view, ship)
        proper = sum(1 for c in hands if is_proper_crew(c))
        others = sum(1 for c in hands if not is_proper_crew(c) and c.profile != "captain")
        sailing = min(min_crew(ship), proper)
        fires = 0
        if ship.fires:
            # Fire is the worst enemy of a ship with a magazine: many markers take every hand
            # but the sailing crew, and near a Kaboom even some of those.
            if ship.fires >= 5 and any(g.state.value != "destroyed" for g in ship.guns):
                sailing = max(0, sailing - 2)
            spare = others + proper - sailing
            fires = spare if ship.fires >= 3 else min(spare, 2 * ship.fires)
        plan = a.AssignCrew(ship.id, sailing, fires, first if mounts else "")
        current = (ship.plan.sailing, ship.plan.fires, ship.plan.guns_first)
        if (plan.sailing, plan.fires, plan.guns_first) == current:
            return None
        return plan

    # --- movement ---------------------------------------------------------------------------
    def movement(self, view: AhoyState, legal: LegalActions) -> Decision | None:
        move = view.move
        if move is not None:
            return self.steer(view, legal)
        first = self.before_moving(view, legal)
        if first is not None:
            return first
        starts = [x for x in legal.fixed if isinstance(x, a.StartMove)]
        if starts:
            return self.pace(view, starts)
        returns = [x for x in legal.fixed if isinstance(x, a.ReturnToTable)]
        if returns:
            return Decision(self.best_return(view, returns), "back into the fight")
        boards = [x for x in legal.fixed if isinstance(x, a.Board)]
        if boards:
            choice = self.boarding_party(view, boards)
            if choice is not None:
                return choice
        swims = [x for x in legal.fixed if isinstance(x, a.Swim) and x.toward]
        friendly = [x for x in swims if view.ship(x.toward).side == view.active]
        if friendly:
            return Decision(friendly[0], "swim for our ship")
        if a.EndMovement() in legal:
            return Decision(a.EndMovement(), "all ships moved")
        return None

    def pace(self, view: AhoyState, starts: list[a.StartMove]) -> Decision:
        """Full speed; a burst when she already points at a distant enemy; an oar or steam
        ship at a standstill with her guns bearing holds station."""
        ship = view.ship(starts[0].ship)
        paces = {x.pace: x for x in starts}
        foe = nearest_enemy(view, ship)
        if "burst" in paces and foe is not None and gap(ship, foe) > 14 \
                and wanted_heading(view, ship) == ship.heading:
            return Decision(paces["burst"], f"straight at the {foe.name}: put on a burst!")
        if "hold" in paces and foe is not None and bearing_value(view, ship) > 0:
            return Decision(paces["hold"], f"hold station: her guns bear on the {foe.name}")
        for name in ("full", "under_way", "fixed", "cast_off"):
            if name in paces:
                return Decision(paces[name], "all sail set" if ship.propulsion == "sail"
                                else "make way")
        return Decision(starts[0], "as she may")
    def before_moving(self, view: AhoyState, legal: LegalActions) -> Decision | None:
        """Fire Ships: cast her adrift when her run would carry her into the enemy. Launching
        craft: a sinking ship's hands take to the boat."""
        for x in legal.fixed:
            if isinstance(x, a.CastAdrift):
                foe = fire_ship_run_hits(view, view.ship(x.fire_ship))
                if foe is not None:
                    return Decision(x, f"cast her off: she will run down on the {foe.name}")
        launches = [x for x in legal.fixed if isinstance(x, a.LaunchBoat)
                    and view.ship(x.ship).sinking]
        if launches:
            most = max(launches, key=lambda x: x.count)
            return Decision(most, "abandon ship: every man to the boat")
        return None

    def sheer_off(self, view: AhoyState, ship: Any) -> int | None:
        """Having cast her fire ship adrift this turn, a tower turns 90° out of her path (to
        the side away from the nearest enemy, or to starboard)."""
        cast = [f for f in view.ships if f.fire_ship and f.tow == ship.id
                and f.adrift == view.player_turn and not f.moved]
        if not cast:
            return None
        foe = nearest_enemy(view, ship)
        away = 2
        if foe is not None and side_facing(ship, foe) == "starboard":
            away = -2
        return (cast[0].heading + away) % 8

    def best_return(self, view: AhoyState, returns: list[a.ReturnToTable]) -> a.ReturnToTable:
        centre = (view.table.width / 2, view.table.height / 2)

        def score(x: a.ReturnToTable) -> float:
            ship = view.ship(x.ship)
            dx, dy = centre[0] - ship.exit_x, centre[1] - ship.exit_y
            inward = round((math.degrees(math.atan2(dx, -dy)) % 360) / 45) % 8
            return abs(steps_between(x.heading, inward)) + abs(x.offset) / 10

        return min(returns, key=score)

    def steer(self, view: AhoyState, legal: LegalActions) -> Decision | None:
        move = view.move
        assert move is not None
        ship = view.ship(move.ship)
        want = self.sheer_off(view, ship)
        if want is None:
            want = wanted_heading(view, ship)
        turn = steps_between(ship.heading, want)
        if turn:
            direction = "starboard" if turn > 0 else "port"
            if a.Turn(direction) in legal:
                return Decision(a.Turn(direction), f"come about to {direction}")
        advance = next((r for r in legal.ranges if r.field == "inches"), None)
        if advance is not None and not turn and hazard_ahead(view, ship, advance.high):
            for direction, step in (("port", -1), ("starboard", 1)):
                if a.Turn(direction) in legal and not hazard_ahead(
                        view, ship, advance.high, heading=(ship.heading + step) % 8):
                    return Decision(a.Turn(direction), f"bear away to {direction}: shoal water")
        if advance is not None:
            size = tables().size(ship.size)
            need = size.move_before_turn if tables().power(ship.propulsion).by_wind else 0
            before_turn = math.ceil(max(0.0, need - move.since_turn))
            inches = advance.high
            if turn and move.turns_left > 0 and 1 <= before_turn < advance.high:
                inches = before_turn
            foe = nearest_enemy(view, ship)
            why = (f"close with the {foe.name}" if foe is not None and gap(ship, foe) > 14
                   else "hold her course")
            return Decision(advance.at(inches), why)
        if a.EndMove() in legal:
            return Decision(a.EndMove(), "her move is done")
        return None

    # --- shooting ---------------------------------------------------------------------------
    def shooting(self, view: AhoyState, legal: LegalActions) -> Decision | None:
        """Train turrets that bear on nothing; then fire the gun and shot worth most: chain at
        sailing ships in reach, grape at crowded decks close by, swivels alongside, else ball."""
        trains = [x for x in legal.fixed if isinstance(x, a.TrainTurret)]
        for x in sorted(trains, key=lambda t: gap(view.ship(t.ship), view.ship(t.target))):
            ship = view.ship(x.ship)
            gun = next(g for g in ship.guns if g.id == x.gun)
            if fire_choice(view, ship, gun) is None:
                return Decision(x, f"train the turret on the {view.ship(x.target).name}")
        best: tuple[float, Any, str] | None = None
        for x in legal.fixed:
            if isinstance(x, a.FireGun):
                ship = view.ship(x.ship)
                gun = next(g for g in ship.guns if g.id == x.gun)
                if x.shot == "grape" or tables().gun(gun.weapon).kind == "swivel":
                    value = template_value(view, ship, gun, x.shot)
                    why = "grapeshot: sweep their deck" if x.shot == "grape" else \
                        "swivels: rake them with dice shot"
                    if value <= 0:
                        continue
                else:
                    if aimed_at_a_wreck(view, ship, gun):
                        continue  # no shot at a hull already going down
                    value = shot_value(view, ship, gun, x.shot)
                    why = "chainshot at point blank: cut her rigging" if x.shot == "chain" \
                        else "point blank: fire!"
                if best is None or value > best[0] + 1e-9:
                    best = (value, x, why)
        for r in legal.ranges:
            if isinstance(r.template, a.FireGun):
                ship = view.ship(r.template.ship)
                gun = next(g for g in ship.guns if g.id == r.template.gun)
                shot = r.template.shot
                if aimed_at_a_wreck(view, ship, gun):
                    continue
                guess = guess_for_shot(view, ship, gun, shot)
                value = shot_value(view, ship, gun, shot)
                why = f"chainshot at {guess}\": shred her sails" if shot == "chain" else \
                    f"range {guess}\": give them a broadside"
                if best is None or value > best[0] + 1e-9:
                    best = (value, r.at(max(r.low, min(r.high, guess))), why)
        if best is not None:
            return Decision(best[1], best[2])
        for x in legal.fixed:
            if isinstance(x, a.FireMissiles) and not going_down(view, view.ship(x.ship),
                                                                 view.ship(x.target)):
                return Decision(x, "marksmen, pick your targets")
        return Decision(a.EndShooting(), "cease fire")


