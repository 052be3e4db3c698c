"""Wind Direction, and a ship's heading against it (Beating / Reaching / Running).

The wind is kept as the compass point it blows toward (../shared/core-mechanics.md). A ship's
point of sail depends on the angle between her bow and the wind's source: within 45° of it she
is Beating, square to it Reaching, with the wind on the quarter or astern Running.
"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import HEADINGS, angle_steps, heading_name
from ahoy_tui.rules.ahoy.common import tell
from ahoy_tui.rules.ahoy.model import AhoyState
from ahoy_tui.rules.ahoy.tables import tables

BEATING, REACHING, RUNNING = "beating", "reaching", "running"
RULE = "Wind Direction"


def wind_source(wind: int) -> int:
    """The compass point the wind blows from."""
    return (wind + 4) % 8


def point_of_sail(heading: int, wind: int) -> str:
    off = angle_steps(heading, wind_source(wind))  # 0 = bow straight into the wind
    if off <= 1:
        return BEATING
    if off == 2:
        return REACHING
    return RUNNING


def into_the_wind(heading: int, wind: int) -> bool:
    """Head to wind: the bow points straight at the wind's source."""
    return heading % 8 == wind_source(wind)


def wind_text(wind: int) -> str:
    return f"blowing toward the {heading_name(wind)} (from the {heading_name(wind_source(wind))})"


def initial_wind(dice: Dice, option: str) -> int:
    """The wind at the start: fixed by the scenario, or a D6 (1-2 N, 3 E, 4-5 S, 6 W)."""
    if option != "random":
        return HEADINGS.index(option)
    roll = dice.d6("wind direction", RULE)
    point = tables().d6_entry("wind", "initial", roll)
    dice.judge(f"blows toward {point}")
    wind = HEADINGS.index(point)
    tell(dice, "wind", f"The wind is {wind_text(wind)}", RULE)
    return wind


def change_wind(state: AhoyState, dice: Dice) -> AhoyState:
    """Each game turn: 1 the wind veers 90° clockwise, 6 backs 90° anticlockwise."""
    roll = dice.d6("wind change", RULE)
    steps = tables().d6_entry("wind", "change", roll)
    if steps == 0:
        dice.judge("holds")
        return state
    wind = (state.wind + 2 * steps) % 8
    dice.judge("veers clockwise" if steps > 0 else "backs anticlockwise")
    tell(dice, "wind", f"The wind changes: now {wind_text(wind)}", RULE, big=True)
    return replace(state, wind=wind)
