"""The normal captain: weighs every way each vessel can make her move by where it leaves her.

**Declarations.** For each speed she may declare (whole hexes, and her top speed when it ends
in a half hex, which the initiative die rounds), he finds every track of that many hexes
(``helmsman.paths``) and weighs where each ends (``judge.Judge``, declaring: the enemy may move
before or after her); a ram below oar cruise speed counts half damage. Sprinting above cruise
costs a little, more as the rowers near their winded tenth round. The captain always steers
all round. A monster swims as fast as it can, submerged (the artillery's +4 AC and half
damage, and nothing lost by it in these rules).

**Moves.** On her count he weighs every track of the hexes she must go (a ram struck by its
odds; the enemies still to move, whose hexes are known once the initiative is rolled; rams
next round; fire bearing; the edge) and takes the first hex of the best; the rest of the track
is followed while nothing changes. Of two of ours on a count, the one with a ram to make moves
first. A monster swims to the hex worth most within its move (out of the reach of a ram still
to come, beside a hull) and bites the hull.

**On deck** (``deck``): the shot, volley, line or cut worth most, by the rules' odds.
"""

from __future__ import annotations

from typing import Any

from ahoy_tui.ai.acks import odds, sight
from ahoy_tui.ai.acks.bridge import Bridge
from ahoy_tui.ai.acks.helmsman import STAND, Path, paths
from ahoy_tui.ai.acks.judge import Judge, nearest_enemy
from ahoy_tui.ai.captain import Decision
from ahoy_tui.engine.hexgrid import FACINGS, Body, distance, neighbour, within
from ahoy_tui.rules.acks import helm
from ahoy_tui.rules.acks.actions import Attack, Declare, Halt, Ram, ShiftBow, Step, Swim
from ahoy_tui.rules.acks.model import AcksState, Vessel
from ahoy_tui.rules.acks.movement import shifted, stepped
from ahoy_tui.rules.acks.prompt import STEP_WORDS
from ahoy_tui.rules.acks.tables import hexes_moved

SPRINT = 1.5         # a round of sprinting, in shp (her rowers' wind)
WINDING = 12.0       # the sprint that leaves her rowers winded


class NormalCaptain(Bridge):
    level = "normal"
    careful = True

    def __init__(self, seed: int = 0, think: float = 1.0) -> None:
        super().__init__(seed, think)
        self._plans: dict[tuple[Any, ...], Path] = {}

    # --- declarations ----------------------------------------------------------------------
    def declare(self, view: AcksState, vessel: Vessel, acts: list[Declare]) -> Decision:
        if vessel.creature:
            return self.declare_monster(view, vessel, acts)
        options = self.weigh_declarations(view, vessel, acts)
        if not options:
            act = acts[0]
            return Decision(act, f"{vessel.name}: {act.mode} at {act.speed}' (nothing better)")
        value, act, path = options[0]
        return Decision(act, declare_words(view, vessel, act, path, value))

    def declare_monster(self, view: AcksState, monster: Vessel, acts: list[Declare]) -> Decision:
        top = max(a.speed for a in acts)
        act = next((a for a in acts if a.speed == top and a.submerged), None) or next(
            a for a in acts if a.speed == top)
        foe = nearest_enemy(view, monster)
        aim = f" toward {foe.name}" if foe else ""
        dive = ", submerged (artillery +4 AC, half damage)" if act.submerged else ""
        return Decision(act, f"{monster.name} swims at its fastest, {top}'{aim}{dive}")

    def weigh_declarations(self, view: AcksState, vessel: Vessel,
                           acts: list[Declare]) -> list[tuple[float, Declare, Path | None]]:
        """Each sensible declaration with its worth and the best track it offers, best
        first."""
        out: list[tuple[float, Declare, Path | None]] = []
        by_mode: dict[str, list[Declare]] = {}
        for a in acts:
            if a.steer_full or vessel.captain_down:
                by_mode.setdefault(a.mode, []).append(a)
        if not by_mode:
            for a in acts:
                by_mode.setdefault(a.mode, []).append(a)
        kind = helm.vtype(vessel)
        for mode, declared in by_mode.items():
            if mode in ("raise", "lower"):
                continue
            speeds = sorted({a.speed for a in declared})
            top = speeds[-1]
            wanted = [s for s in speeds if s % 60 == 0]
            if top not in wanted:
                wanted.append(top)
            if mode == "backwater":
                wanted = [top]
            fast = helm.fast(vessel, view.wind) if mode == "sail" else False
            tracks = self.tracks(view, vessel, mode, top, fast)
            for speed in wanted:
                low, high = hexes_moved(speed, 1, fast), hexes_moved(speed, 6, fast)
                slow = odds.slow_at(vessel, speed)
                a_best = best_of(tracks, low, mode == "backwater", slow)
                b_best = a_best if high == low else best_of(tracks, high,
                                                            mode == "backwater", slow)
                if a_best is None or b_best is None:
                    continue
                value = (a_best.worth(slow) + b_best.worth(slow)) / 2
                if mode == "oar" and speed > kind.cruise:
                    value -= WINDING if vessel.sprint_rounds >= 9 else \
                        SPRINT * (1 + vessel.sprint_rounds / 3)
                act = next(a for a in declared if a.speed == speed)
                out.append((value, act, b_best if b_best.worth(slow) >= a_best.worth(slow)
                            else a_best))
        out.sort(key=lambda t: -t[0])
        return out

    def tracks(self, view: AcksState, vessel: Vessel, mode: str, top: int,
               fast: bool) -> list[Path]:
        """Every track at each number of hexes up to her top speed's, each ram weighed at full
        and at slow speed (below oar cruise it deals half)."""
        most = hexes_moved(top, 6, fast)
        turns = 1 if vessel.captain_down else 99
        speed = max(top, helm.cruise(vessel))
        judge = Judge(view, vessel, speed=speed, declaring=True)
        return paths(view, vessel, judge, remaining=most, backing=mode == "backwater",
                     straight=vessel.straight, turns=0, turns_allowed=turns,
                     sails=mode == "sail",
                     every_layer=True, both=True)

    # --- moves -----------------------------------------------------------------------------
    def who_moves(self, view: AcksState, vessels: list[Vessel]) -> Vessel:
        """The one with the best ram on this count moves first, else the first listed."""
        best = None
        for v in vessels:
            path = self.plan(view, v)
            if path is not None and path.how in ("ram", "head_on") and (
                    best is None or path.value > best[0]):
                best = (path.value, v)
        return best[1] if best else vessels[0]

    def plan(self, view: AcksState, vessel: Vessel) -> Path | None:
        key = (vessel.id, view.round, view.count, vessel.body, vessel.moved)
        cached = self._plans.get(key)
        if cached is not None:
            return cached
        found = self.search(view, vessel)
        if found is None:
            return None
        self._remember(view, vessel, found)
        return found

    def search(self, view: AcksState, vessel: Vessel) -> Path | None:
        """The best track for the rest of her move."""
        found = paths(view, vessel, Judge(view, vessel))
        return found[0] if found else None

    def _remember(self, view: AcksState, vessel: Vessel, path: Path) -> None:
        if len(self._plans) > 256:
            self._plans.clear()
        body, moved = vessel.body, vessel.moved
        for k in range(len(path.steps)):
            self._plans[(vessel.id, view.round, view.count, body, moved)] = Path(
                path.steps[k:], path.end, path.how, path.target, path.value, path.slow,
                path.note)
            body, moved = stepped(body, path.steps[k][0]), moved + 1

    def steer(self, view: AcksState, vessel: Vessel, acts: list[Any]) -> Decision:
        if vessel.shifted_only:
            return self.shift(view, vessel, acts)
        path = self.plan(view, vessel)
        if path is not None:
            action = to_action(path, vessel, acts)
            if action is not None:
                return Decision(action, move_words(view, vessel, path))
        return fallback(view, vessel, acts)

    def shift(self, view: AcksState, vessel: Vessel, acts: list[Any]) -> Decision:
        judge = Judge(view, vessel)
        scored = []
        for a in acts:
            body = shifted(vessel, a.turn) if isinstance(a, ShiftBow) else vessel.body
            scored.append((judge.pose(body), a))
        value, act = max(scored, key=lambda t: t[0])
        what = (f"shifts her bow to {'starboard' if act.turn > 0 else 'port'}"
                if isinstance(act, ShiftBow) else "holds her bow where it is")
        return Decision(act, f"{vessel.name} lies head to wind and {what} (worth {value:+.0f})")

    # --- a monster -------------------------------------------------------------------------
    def swim(self, view: AcksState, monster: Vessel, acts: list[Any]) -> Decision:
        value, goal, bite = self.swim_plan(view, monster)
        here = monster.body.bow
        if goal == here:
            if bite is not None:
                act = next((a for a in acts if isinstance(a, Attack) and a.target == bite.id
                            and a.at == "hull"), None)
                if act is not None:
                    return Decision(act, f"{monster.name} strikes {bite.name}'s hull "
                                    f"({odds.bite_worth(view, monster, bite):.0f} shp to "
                                    "expect)")
            halt = next((a for a in acts if isinstance(a, Halt)), acts[0])
            return Decision(halt, f"{monster.name} lies where it is (worth {value:+.0f})")
        d = distance(here, goal)
        for a in acts:
            if isinstance(a, Swim) and distance(neighbour(here, a.facing), goal) == d - 1:
                what = f", to bite {bite.name}" if bite is not None else ""
                return Decision(a, f"{monster.name} swims {FACINGS[a.facing]} toward a hex "
                                f"{d} away{what} (worth {value:+.0f})")
        return Decision(next(a for a in acts if isinstance(a, Halt)),
                        f"{monster.name} halts")

    def swim_plan(self, view: AcksState, monster: Vessel) -> tuple[float, Any, Vessel | None]:
        """The hex worth most within the rest of its move, and the hull it bites there."""
        left = max(0, monster.hexes_due - monster.moved)
        judge = Judge(view, monster)
        best: tuple[float, Any, Vessel | None] | None = None
        here = monster.body.bow
        for h in within(here, left):
            if not sight.on_map(view, h):
                continue
            body = Body(h, monster.body.facing, monster.body.length)
            value = judge.pose(body)
            bite = None
            bites = [(odds.bite_worth(view, monster, e), e) for e in sight.enemies(view,
                                                                                 monster.side)
                     if not e.creature and sight.gap(body.hexes, e.hexes) <= 1]
            if bites:
                worth, bite = max(bites, key=lambda t: t[0])
                value += worth
            value -= 0.01 * distance(here, h)
            if best is None or value > best[0]:
                best = (value, h, bite)
        assert best is not None
        return best


# --- actions and words -----------------------------------------------------------------------

def best_of(tracks: list[Path], hexes: int, backing: bool, slow: bool) -> Path | None:
    """The best track that a declaration of exactly ``hexes`` hexes allows."""
    best = None
    for p in tracks:
        n = len(p.steps)
        if p.how in ("ram", "head_on", "leave", "wind"):
            fits = n <= hexes
        else:
            fits = n == hexes or (backing and n <= hexes)
        if fits and (best is None or p.worth(slow) > best.worth(slow)):
            best = p
    return best


def to_action(path: Path, vessel: Vessel, acts: list[Any]) -> Any:
    how, collide = path.first
    if how == STAND:
        return next((a for a in acts if isinstance(a, Halt)), None)
    for a in acts:
        if isinstance(a, Ram) and a.how == how:
            return a
    exact = next((a for a in acts if isinstance(a, Step) and a.how == how
                  and a.collide == collide), None)
    return exact or next((a for a in acts if isinstance(a, Step) and a.how == how), None)


def fallback(view: AcksState, vessel: Vessel, acts: list[Any]) -> Decision:
    """A step the search did not foresee: the one whose hex is worth most, never off the
    map."""
    judge = Judge(view, vessel)
    scored = []
    for a in acts:
        if isinstance(a, (Step, Ram)):
            body = stepped(vessel.body, a.how)
            value = judge.pose(body) if all(sight.on_map(view, h) for h in body.hexes) else \
                judge.leave(body)
        else:
            value = judge.pose(vessel.body)
        scored.append((value, a))
    value, act = max(scored, key=lambda t: t[0])
    return Decision(act, f"{vessel.name}: the hex worth most from here ({value:+.0f})")


def declare_words(view: AcksState, vessel: Vessel, act: Declare, path: Path | None,
                  value: float) -> str:
    mode = {"oar": "under oar", "sail": "under sail", "backwater": "backwaters"}.get(
        act.mode, act.mode)
    hexes = hexes_words(act.speed / 60)
    kind = helm.vtype(vessel)
    pace = ""
    if act.mode == "oar":
        pace = " (sprint)" if act.speed > kind.cruise else (
            " (cruise)" if act.speed == kind.cruise else "")
    aim = ""
    if path is not None:
        if path.how in ("ram", "head_on"):
            aim = f": a ram on {view.vessel(path.target).name} is within reach"
        elif path.how == "leave":
            aim = ": her escape edge is within reach"
        elif view.condition(f"escape_{vessel.side}"):
            edge = view.condition(f"escape_{vessel.side}")
            left = min(sight.to_edge(view, h, edge) for h in path.end.hexes)
            aim = f", running for the {edge} edge ({hexes_words(left)} to go)"
        else:
            foe = nearest_enemy(view, vessel, path.end.bow)
            if foe is not None:
                aim = f", to lie {hexes_words(sight.gap(path.end.hexes, foe.hexes))} from " \
                    f"{foe.name}"
    return f"{vessel.name} {mode} at {act.speed}' ({hexes}){pace}{aim} (worth {value:+.0f})"


def move_words(view: AcksState, vessel: Vessel, path: Path) -> str:
    how, collide = path.first
    words = STEP_WORDS.get(how, "halt")
    if collide:
        words += ", colliding on purpose"
    left = len(path.steps)
    if path.how in ("ram", "head_on"):
        target = view.vessel(path.target)
        chance = odds.ram_chance(vessel, target)
        what = "meet her bow to bow" if path.how == "head_on" else \
            f"ram her ({chance:.0%} to strike)"
        if left == 1:
            return f"{vessel.name}: {words} and {what}: {target.name} (worth {path.value:+.0f})"
        return (f"{vessel.name}: {words} toward {target.name} ({hexes_words(left)}, then "
                f"{what}; worth {path.value:+.0f})")
    if path.how == "leave":
        return (f"{vessel.name}: {words}, off the battlemap ({hexes_words(left)}; worth "
                f"{path.value:+.0f})")
    edge = view.condition(f"escape_{vessel.side}")
    if edge:
        left_to_go = min(sight.to_edge(view, h, edge) for h in path.end.hexes)
        return (f"{vessel.name}: {words}, running for the {edge} edge ({hexes_words(left_to_go)}"
                f" to go after {left} more; worth {path.value:+.0f})")
    foe = nearest_enemy(view, vessel, path.end.bow)
    if foe is None:
        return f"{vessel.name}: {words} (worth {path.value:+.0f})"
    gap = sight.gap(path.end.hexes, foe.hexes)
    return (f"{vessel.name}: {words}, to end {hexes_words(gap)} from {foe.name} after "
            f"{left} more (worth {path.value:+.0f})")


def hexes_words(n: float) -> str:
    return f"{n:g} hex" if n == 1 else f"{n:g} hexes"
