"""The hard captain: the normal captain, thinking once about what the enemy will think.

He weighs the same courses as the normal captain, with finer steps of speed (1, 2, 3, 4, 6
inches up; 1, 2, 4, 6, 9, 16 down), and he does not only assume the enemy holds her course: he
also puts himself in her captain's place, finds the course the normal captain would choose for
her (against his own ships holding theirs, with the speed she declared), and weighs each of his
courses against both guesses (``GUESSES``). No search with the engine: the secret sheets leave
nothing to search but guesses, and he rolls no dice.
"""

from __future__ import annotations

from ahoy_tui.ai.naval_battle.helm import (
    SAMPLES,
    Enemy,
    World,
    best_course,
    path_points,
    predict_enemy,
)
from ahoy_tui.ai.naval_battle.normal import NormalCaptain
from ahoy_tui.rules.naval_battle.model import HOLD, NavalState

GUESSES = (0.5, 0.5)  # weights: she holds her course; she steers as a normal captain would


class HardCaptain(NormalCaptain):
    level = "hard"
    fine = True

    def worlds(self, view: NavalState, side: str) -> list[World]:
        enemies = [e for e in view.ships if e.afloat and e.side != side]
        straight = [predict_enemy(view, e) for e in enemies]
        ours = [predict_enemy(view, s) for s in view.side_ships(side)]
        declared = dict(view.speeds_shown)
        steered: list[Enemy] = []
        for enemy, plain in zip(enemies, straight, strict=True):
            course = best_course(view, enemy, declared.get(enemy.id, HOLD), [(1.0, ours)])
            if course is None or enemy.bound_to:
                steered.append(plain)
                continue
            path = tuple((x, y) for x, y, _ in path_points(course.poses, SAMPLES))
            steered.append(Enemy(enemy, path, course.poses[-1], course.speed))
        hold, steer = GUESSES
        return [(hold, straight), (steer, steered)]
