"""The Warhammer core mechanics Ahoy! leans on (../shared/core-mechanics.md).

To hit in close combat by Weapon Skill, to hit with missiles by Ballistic Skill, to wound on the
S v T chart, armour saves. Pure functions of numbers: the rolling is done by the callers.
"""

from __future__ import annotations

from ahoy_tui.rules.ahoy.tables import tables

CANNOT = None


def to_wound_needed(strength: int, toughness: int) -> int | None:
    """The D6 score a hit of ``strength`` needs to wound ``toughness`` (None: it cannot)."""
    d = toughness - strength
    if d <= -2:
        return 2
    if d == -1:
        return 3
    if d == 0:
        return 4
    if d == 1:
        return 5
    if d in (2, 3):
        return 6
    return CANNOT


def save_needed(armour: str, shield: bool, strength: int, extra: int = 0) -> int | None:
    """The armour save a model needs against a hit of ``strength`` (None: no save possible).

    ``extra`` worsens the save further (handguns, black powder).
    """
    base = tables().armour[armour]
    if shield:
        base -= 1
    base += max(0, strength - 3) + extra
    return base if base <= 6 else None


def cc_to_hit(attacker_ws: int, defender_ws: int) -> int:
    """Close combat: WS higher than the enemy's 3+, enemy's more than twice yours 5+, else 4+."""
    if attacker_ws > defender_ws:
        return 3
    if defender_ws > 2 * attacker_ws:
        return 5
    return 4


def bs_to_hit(bs: int, modifier: int = 0) -> int:
    """Missile fire: the score needed by BS (BS3 4+), worsened by ``modifier`` (cover, range).

    7 and more mean a 6 followed by another roll (see :func:`follow_up_needed`).
    """
    base = {1: 6, 2: 5, 3: 4, 4: 3}.get(bs, 2)
    return base + modifier


def follow_up_needed(needed: int) -> int | None:
    """For a needed score over 6: after a 6, the second D6 needed (7 → 4+, 8 → 5+, 9 → 6)."""
    return {7: 4, 8: 5, 9: 6}.get(needed)
