"""Ship's Crews: the Skaven's "luck (one reroll per turn)", on the first armour save they fail
each turn (reading A46)."""

from __future__ import annotations

from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.naval_battle import crew, flow
from ahoy_tui.rules.naval_battle.actions import FirePlan
from ahoy_tui.rules.naval_battle.model import BOARDING, SNIPERS, Shot

from .combat_helpers import battle, cup, said, ship


def rats(**kw: object) -> object:
    return ship("rats", "p2", race="skaven", x=10,
                stations=((BOARDING, "skaven", 20),), **kw)  # type: ignore[arg-type]


def test_the_first_failed_save_is_rolled_again_and_only_the_first() -> None:
    target = rats()
    with forced(1, 6, 2, 3):  # fail, luck: saved; fail, fail (no luck left)
        dice, events = cup()
        through = crew.save_armour(dice, target, 3, rule="Armour")  # type: ignore[arg-type]
    assert through == 2
    assert said(events).count("Skaven luck") == 1


def test_other_crews_have_no_luck() -> None:
    humans = ship("men", "p2", x=10, stations=((BOARDING, "human", 20),))
    with forced(1, 1):
        dice, events = cup()
        assert crew.save_armour(dice, humans, 2, rule="Armour") == 2
    assert "luck" not in said(events)


def test_luck_used_in_one_turn_is_back_the_next() -> None:
    snipers = ship("elves", "p1", race="elf", stations=((SNIPERS, "elf", 1),))
    state = battle(snipers, rats())
    state = state.with_ship(replace(state.ship("rats"), luck_used=1))  # spent at the collision
    dice_faces = (6, 1)  # one sniper hits (6, with +1), the save fails: no luck left
    with forced(*dice_faces):
        after, events = flow.apply_action(state, FirePlan("p1", (Shot("elves", "snipers",
                                                                      "rats"),)))
    assert "Skaven luck" not in said(events)
    assert after.ship("rats").chits == 19
    assert after.turn == 2 and after.ship("rats").luck_used == 0  # the new turn's luck
