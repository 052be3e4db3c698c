"""Short battles between fast captains, saved as logs, for the exporters' tests."""

from __future__ import annotations

from pathlib import Path

from ahoy_tui.ai import make_captain
from ahoy_tui.engine import Game

RULESETS = ("ahoy", "naval-battle", "man-o-war", "ramming-speed", "acks")


# The seed of each battle: one in which a ship is lost (Ahoy!'s duel on seed 3 sank the Harpy
# only by colliding again and again with a ship she lay against, a bug since mended)
SEEDS = {"ahoy": 5}


def play_battle(ruleset: str, folder: Path, *, seed: int | None = None,
                max_actions: int = 1500, scenario: str | None = None) -> Path:
    """Two easy captains (thinking a hundredth of a second) play a battle to its end; its log
    saved in ``folder``."""
    game = Game.new(ruleset, scenario, seed=SEEDS.get(ruleset, 3) if seed is None else seed)
    captains = {side: make_captain("ai:easy", seed, think=0.01) for side in ("p1", "p2")}
    game.players = {side: {"player": "ai", "level": "easy", "think": 0.01}
                    for side in captains}
    while not game.over and game.step < max_actions:
        side = game.to_act or "p1"
        legal = game.legal_actions()
        action = legal[0] if len(legal) == 1 else \
            captains[side].decide(game.view(side), legal).action
        game.play(action)
    return game.save(folder / f"{ruleset}.json")
