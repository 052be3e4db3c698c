"""The hard captain: the normal captain's best few choices at the moments that decide a round,
each played out to the round's end on dice of his own (``playout``), and the one that leaves
him best placed on average taken. He looks only when an enemy is within reach of this round
or the next (``in_sight``):

- **A declaration**: the normal captain's three best (mode and speed), each played through the
  enemy's declarations, the initiative and every count of the round.
- **A vessel's move**, at its first hex: the normal captain's three best tracks (distinct in
  where they end or what they ram), each followed hex by hex and the round played on. The
  chosen track is then followed to its end.
- **A monster's swim**: its three best hexes (with the bite there), likewise.
- **Who moves first** on a shared count: both answers played out.

In the playouts both sides are normal captains (the shared search, ``ai.plan_search``). Every
choice meets the same seeds, as many as ``SHARE`` of his think time allows (at most
``PLAYS``). He takes another choice than the normal captain's first only as the search's rule
allows (two rounds at least, and a lead beyond a standard error of the paired difference):
the best of a single playout is luck, not judgement. Anything else is the normal captain's.
The ``weigh_*`` switches turn each kind of look-ahead off (for measuring).
"""

from __future__ import annotations

from typing import Any

from attrs import frozen

from ahoy_tui.ai import plan_search
from ahoy_tui.ai.acks import playout, sight
from ahoy_tui.ai.acks.helmsman import STAND, Path, paths
from ahoy_tui.ai.acks.judge import Judge
from ahoy_tui.ai.acks.normal import NormalCaptain, declare_words, move_words
from ahoy_tui.ai.captain import Decision
from ahoy_tui.engine.hexgrid import FACINGS, Body, Hex, distance, neighbour, within
from ahoy_tui.rules.acks.actions import Attack, Declare, Halt, MoveFirst, Ram, Step, Swim
from ahoy_tui.rules.acks.model import AcksState, Vessel

CHOICES = 3      # a vessel's best tracks (or a monster's best hexes) played out
SPEEDS = 3       # a vessel's best declarations played out
PLAYS = 16       # dice seeds each is played with, at most (as the time allows)
SHARE = 0.7      # of the think time a decision may use


@frozen
class _step:
    """A step of a track: the vessel's step (or ram, or halt) of this kind, if it is legal."""

    vid: str
    how: str
    collide: bool

    def __call__(self, state: AcksState, acts: list[Any]) -> Any:
        vid, how, collide = self.vid, self.how, self.collide
        if how == STAND:
            return next((a for a in acts if isinstance(a, Halt) and a.vessel == vid), None)
        ram = next((a for a in acts if isinstance(a, Ram) and a.vessel == vid
                    and a.how == how), None)
        if ram is not None:
            return ram
        steps = [a for a in acts if isinstance(a, Step) and a.vessel == vid and a.how == how]
        return next((a for a in steps if a.collide == collide), steps[0] if steps else None)


@frozen
class _exact:
    """This very action, if it is legal."""

    action: Any

    def __call__(self, state: AcksState, acts: list[Any]) -> Any:
        return self.action if self.action in acts else None


def track_script(vessel: Vessel, path: Path) -> list[Any]:
    steps = path.steps or ((STAND, False),)
    return [_step(vessel.id, how, collide) for how, collide in steps]


def swim_script(monster: Vessel, goal: Hex, bite: str) -> list[Any]:
    script: list[Any] = []
    here = monster.body.bow
    while here != goal:
        d = distance(here, goal)
        facing = next(f for f in range(6) if distance(neighbour(here, f), goal) == d - 1)
        script.append(_exact(Swim(monster.side, monster.id, facing)))
        here = neighbour(here, facing)
    if bite:
        script.append(_exact(Attack(monster.side, monster.id, bite, "hull")))
    else:
        script.append(_exact(Halt(monster.side, monster.id)))
    return script


class HardCaptain(NormalCaptain):
    level = "hard"
    weigh_moves = True
    weigh_declarations_too = True
    weigh_first = True
    weigh_swims = True

    def _seed(self, view: AcksState) -> int:
        return self.seed * 7919 + view.step * 31

    def _weigh(self, view: AcksState, side: str,
               scripts: list[list[Any]]) -> plan_search.Weighed:
        """Each script played out to the round's end (``ai.plan_search``), ``SHARE`` of the
        think time at most: the means, the rounds played and the choice by the search's rule
        (the normal captain's first unless another leads it beyond the luck)."""
        return playout.search(view, side, scripts, self._seed(view), SHARE * self.think,
                              rounds=PLAYS)

    # --- a vessel's move -------------------------------------------------------------------
    def plan(self, view: AcksState, vessel: Vessel) -> Path | None:
        key = (vessel.id, view.round, view.count, vessel.body, vessel.moved)
        cached = self._plans.get(key)
        if cached is not None:
            return cached
        if vessel.moved or not self.weigh_moves or not in_sight(view, vessel):
            return super().plan(view, vessel)
        found = paths(view, vessel, Judge(view, vessel))
        picks = distinct(found, CHOICES)
        if len(picks) < 2:
            return super().plan(view, vessel)
        scripts = [track_script(vessel, p) for p in picks]
        weighed = self._weigh(view, vessel.side, scripts)
        best = weighed.best
        chosen = picks[best]
        if best:
            chosen = Path(chosen.steps, chosen.end, chosen.how, chosen.target, chosen.value,
                          chosen.slow, note=f"played out {weighed.rounds} times: "
                          f"{weighed.gain:+.0f} on the plain choice")
        self._remember(view, vessel, chosen)
        return chosen

    # --- declarations ----------------------------------------------------------------------
    def declare(self, view: AcksState, vessel: Vessel, acts: list[Declare]) -> Decision:
        if vessel.creature or not self.weigh_declarations_too or not in_sight(view, vessel):
            return super().declare(view, vessel, acts)
        options = self.weigh_declarations(view, vessel, acts)
        picks = options[:SPEEDS]
        if len(picks) < 2:
            return super().declare(view, vessel, acts)
        scripts = [[_exact(act)] for _, act, _ in picks]
        weighed = self._weigh(view, vessel.side, scripts)
        best = weighed.best
        value, act, path = picks[best]
        why = declare_words(view, vessel, act, path, value)
        if best:
            why += (f"; the round played out {weighed.rounds} times: "
                    f"{weighed.gain:+.0f} on the plain choice")
        return Decision(act, why)

    # --- a monster -------------------------------------------------------------------------
    def swim(self, view: AcksState, monster: Vessel, acts: list[Any]) -> Decision:
        if monster.moved or not self.weigh_swims or not in_sight(view, monster):
            return super().swim(view, monster, acts)
        options = self.swim_options(view, monster)
        if len(options) < 2:
            return super().swim(view, monster, acts)
        scripts = [swim_script(monster, goal, bite) for _, goal, bite in options]
        weighed = self._weigh(view, monster.side, scripts)
        best = weighed.best
        _, goal, bite = options[best]
        first = scripts[best][0](view, acts)
        if first is None:
            return super().swim(view, monster, acts)
        if isinstance(first, Swim):
            what = f", to bite {view.vessel(bite).name}" if bite else ""
            why = (f"{monster.name} swims {FACINGS[first.facing]} toward a hex "
                   f"{distance(monster.body.bow, goal)} away{what}")
        elif isinstance(first, Attack):
            why = f"{monster.name} strikes {view.vessel(first.target).name}'s hull"
        else:
            why = f"{monster.name} lies where it is"
        return Decision(first, f"{why} (the best of {len(options)} played out "
                               f"{weighed.rounds} times)")

    def swim_options(self, view: AcksState, monster: Vessel) -> list[tuple[float, Hex, str]]:
        """Its best hexes within the rest of its move, each with the hull it would bite."""
        left = max(0, monster.hexes_due - monster.moved)
        judge = Judge(view, monster)
        from ahoy_tui.ai.acks import odds

        scored = []
        for h in within(monster.body.bow, left):
            if not sight.on_map(view, h):
                continue
            body = Body(h, monster.body.facing, monster.body.length)
            value = judge.pose(body)
            bites = [(odds.bite_worth(view, monster, e), e.id)
                     for e in sight.enemies(view, monster.side)
                     if not e.creature and sight.gap(body.hexes, e.hexes) <= 1]
            bite = ""
            if bites:
                worth, bite = max(bites)
                value += worth
            scored.append((value - 0.01 * distance(monster.body.bow, h), h, bite))
        scored.sort(key=lambda t: -t[0])
        out: list[tuple[float, Hex, str]] = []
        for s in scored:
            if all(distance(s[1], o[1]) > 0 for o in out):
                out.append(s)
            if len(out) == CHOICES:
                break
        return out

    # --- who moves first -------------------------------------------------------------------
    def move_first(self, view: AcksState, acts: list[Any], side: str) -> Decision:
        plain = super().move_first(view, acts, side)
        options = [a for a in acts if isinstance(a, MoveFirst)]
        if len(options) < 2 or not self.weigh_first:
            return plain
        options.sort(key=lambda a: a != plain.action)
        scripts = [[_exact(a)] for a in options]
        weighed = self._weigh(view, side, scripts)
        best = weighed.best
        if best == 0:
            return plain
        first = options[best].first
        who = "we move" if first == side else "the enemy moves"
        return Decision(options[best], f"{who} first: played out {weighed.rounds} times it "
                        f"leaves us {weighed.gain:+.0f} shp better off")

    def steer(self, view: AcksState, vessel: Vessel, acts: list[Any]) -> Decision:
        decision = super().steer(view, vessel, acts)
        path = self.plan(view, vessel) if not vessel.shifted_only else None
        if path is not None and path.note and decision.why:
            return Decision(decision.action, f"{move_words(view, vessel, path)}; {path.note}")
        return decision


def in_sight(view: AcksState, vessel: Vessel) -> bool:
    """Whether an enemy could meet her this round or the next: worth playing out."""
    reach = max(0, vessel.hexes_due - vessel.moved) + sight.next_reach(view, vessel)
    for e in sight.enemies(view, vessel.side):
        if sight.gap(vessel.hexes, e.hexes) <= reach + sight.next_reach(view, e) + 2:
            return True
    return False


def distinct(found: list[Path], count: int) -> list[Path]:
    """The best ``count`` tracks that end differently (another hex, facing or ram)."""
    out: list[Path] = []
    seen = set()
    for p in found:
        key = (p.end, p.how, p.target)
        if key in seen:
            continue
        seen.add(key)
        out.append(p)
        if len(out) == count:
            break
    return out
