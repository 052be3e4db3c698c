"""The easy captain: a plain seaman's tactics. Each vessel rows at cruise speed for the nearest
enemy and sprints when she is close; she rams whenever a ram is offered (not a vessel without a
naval ram whose ram would cost her more of her hull than it deals), never leaves the
battlemap (but a runner makes for her escape edge), backwaters when she must; her artillery and
marines shoot at whatever they can, she throws lines when her side takes vessels it grapples and
cuts them when the enemy does. A monster swims at the nearest vessel and bites her hull."""

from __future__ import annotations

from typing import Any

from ahoy_tui.ai.acks import odds, sight
from ahoy_tui.ai.acks.bridge import Bridge
from ahoy_tui.ai.acks.judge import nearest_enemy
from ahoy_tui.ai.captain import Decision
from ahoy_tui.engine.hexgrid import FACINGS, distance, neighbour
from ahoy_tui.rules.acks import helm
from ahoy_tui.rules.acks.actions import Attack, Declare, Halt, Ram, ShiftBow, Step, Swim
from ahoy_tui.rules.acks.model import AcksState, Vessel
from ahoy_tui.rules.acks.movement import shifted, stepped
from ahoy_tui.rules.acks.prompt import STEP_WORDS

CLOSE = 6   # hexes: sprint inside this


class EasyCaptain(Bridge):
    level = "easy"
    careful = False

    def declare(self, view: AcksState, vessel: Vessel, acts: list[Declare]) -> Decision:
        if vessel.creature:
            top = max(a.speed for a in acts)
            act = next(a for a in acts if a.speed == top and not a.submerged)
            return Decision(act, f"{vessel.name} swims at its fastest, {top}'")
        modes = {a.mode for a in acts}
        kind = helm.vtype(vessel)
        foe = nearest_enemy(view, vessel)
        near = foe is not None and sight.gap(vessel.hexes, foe.hexes) <= CLOSE
        if "oar" in modes:
            mode = "oar"
            top = max(a.speed for a in acts if a.mode == "oar")
            speed = top if near else min(top, kind.cruise)
            why = "sprints, the enemy is close" if near and top > kind.cruise else (
                "rows at cruise speed")
        elif "sail" in modes:
            mode, speed = "sail", max(a.speed for a in acts if a.mode == "sail")
            why = "sails as fast as the wind allows"
        else:
            mode = "backwater" if "backwater" in modes else sorted(modes)[0]
            speed = max(a.speed for a in acts if a.mode == mode)
            why = "backs water to free her ram" if mode == "backwater" else f"goes by {mode}"
        act = next((a for a in acts if a.mode == mode and a.speed == speed and a.steer_full),
                   None) or next(a for a in acts if a.mode == mode and a.speed == speed)
        return Decision(act, f"{vessel.name} {why} ({act.speed}')")

    def steer(self, view: AcksState, vessel: Vessel, acts: list[Any]) -> Decision:
        # never a ram by a vessel without a naval ram that costs her more of her hull than it
        # takes of the target's (she takes half her own blow)
        # (unless her side means to take the target: rammed, she lies in reach of the lines)
        if view.condition("taken_by") != vessel.side:
            acts = [a for a in acts if not isinstance(a, Ram)
                    or not odds.ram_costs_her_more(vessel, view.vessel(a.target))] or acts
        ram = next((a for a in acts if isinstance(a, Ram)), None)
        if ram is not None:
            return Decision(ram, f"{vessel.name} rams {view.vessel(ram.target).name}!")
        edge = view.condition(f"escape_{vessel.side}")
        foe = nearest_enemy(view, vessel)
        scored = []
        for a in acts:
            if isinstance(a, ShiftBow):
                body = shifted(vessel, a.turn)
            elif isinstance(a, Step):
                body = stepped(vessel.body, a.how)
            else:
                body = vessel.body
            off = not all(sight.on_map(view, h) for h in body.hexes)
            if edge:
                score = float(min(sight.to_edge(view, h, edge) for h in body.hexes))
                if off:
                    score = -1.0 if sight.edge_left(view, body) == edge else 999.0
            elif foe is not None:
                score = float(sight.approach(body, sight.steering(vessel), foe.hexes))
                score += 0.3 * max(0, 3 - sight.ahead_room(view, body, 3))
                if off:
                    score = 999.0
            else:
                score = 999.0 if off else 0.0
            if isinstance(a, Step) and a.collide:
                score += 0.5
            scored.append((score, a))
        score, act = min(scored, key=lambda t: t[0])
        words = STEP_WORDS.get(getattr(act, "how", ""), "shifts her bow" if isinstance(
            act, ShiftBow) else "halts")
        if edge:
            return Decision(act, f"{vessel.name}: {words}, running for the {edge} edge")
        if foe is not None:
            return Decision(act, f"{vessel.name}: {words}, toward {foe.name}")
        return Decision(act, f"{vessel.name}: {words}")

    def swim(self, view: AcksState, monster: Vessel, acts: list[Any]) -> Decision:
        bites = [a for a in acts if isinstance(a, Attack) and a.at == "hull"]
        if bites:
            act = bites[0]
            return Decision(act, f"{monster.name} bites {view.vessel(act.target).name}'s hull")
        foe = nearest_enemy(view, monster)
        swims = [a for a in acts if isinstance(a, Swim)
                 and sight.on_map(view, neighbour(monster.body.bow, a.facing))]
        if foe is None or not swims:
            return Decision(next(a for a in acts if isinstance(a, Halt)),
                            f"{monster.name} lies still")
        act = min(swims, key=lambda a: min(distance(neighbour(monster.body.bow, a.facing), h)
                                           for h in foe.hexes))
        return Decision(act, f"{monster.name} swims {FACINGS[act.facing]} at {foe.name}")
