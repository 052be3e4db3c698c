"""Boarding by Jumping: a character leaps from his vessel's rail onto an enemy vessel beside
her or sharing a hex with her.

Pure functions over :class:`Figure` (a dice cup and the events list where they roll or tell);
the figure comes back changed and the caller puts him in the state, on the square of the enemy
deck he lands on. The numbers are ``data/boarding.toml`` (``[gap]``, ``[jump]``).

The readings:

* **The gap**: 30' with the vessels adjacent and moving (either of them under way this round),
  15' adjacent and stationary, 10' sharing one or more hexes (moving or not).
* **The reach** is DEX + 1d6 feet. With Acrobatics his class level is added to his DEX, to at
  most 24; jumping from a larger onto a smaller vessel adds 4 more, to at most 28 (a DEX already
  above a cap is not lowered). 1' less per stone of encumbrance; then, without a moving start of
  at least 20' (the run-up, movement the caller has already counted), halved, rounded down.
  Never below 0.
* **The landing**: the jumper lands ``margin = reach - gap`` feet past the enemy's rail. A reach
  short of the gap (a negative margin) puts him in the water, with no save. Otherwise a
  Paralysis save (+2 with Acrobatics; no natural 1 or 20 decides it) lands the jump: on the
  deck, on his feet. A failed save lands him short by 1d6': ``margin - short`` above 0, prone on
  the deck; exactly 0, hanging by his fingers from her hull (he must climb or be pulled up); below
  0, in the water. In the water he has fallen overboard: ``where`` is ``water`` and the caller
  makes him fall (``overboard.fall_overboard``, where a non-player character's 1d10 rounds are
  rolled), as it does for every man who goes into the water.
* **Movement**: the feet he covered in the air (his reach, less the 1d6 he fell short by) are
  added to ``moved``; the run-up is not added again.
"""

from __future__ import annotations

from typing import Any

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks.model import Figure
from ahoy_tui.rules.acks.overboard import boarding_table

JUMPING = "Boarding by Jumping"
OUTCOMES = ("landed", "prone", "hanging", "water")


def _rules() -> dict[str, Any]:
    return boarding_table()["jump"]


def jump_needed(adjacent: bool, moving: bool, share_hex: bool) -> int:
    """The feet to cross between the two vessels (for a jump, or a grapple line's traverse)."""
    gap = boarding_table()["gap"]
    if share_hex:
        return int(gap["share_hex"])
    if not adjacent:
        raise ValueError("the vessels are neither adjacent nor sharing a hex")
    return int(gap["adjacent_moving"] if moving else gap["adjacent_stationary"])


def jump_dex(figure: Figure, onto_smaller: bool) -> int:
    """His DEX for a jump: his class level added with Acrobatics (to at most 24), and 4 more
    from a larger onto a smaller vessel (to at most 28)."""
    rules = _rules()
    dex = figure.dex
    if figure.has("acrobatics"):
        dex = max(dex, min(rules["acrobatics_cap"], dex + figure.level))
    if onto_smaller:
        dex = max(dex, min(rules["height_cap"], dex + rules["height_bonus"]))
    return dex


def jump_reach(figure: Figure, onto_smaller: bool, run_up_ft: int, dice: Dice,
               events: list[Event]) -> int:
    """The farthest he leaps, in feet: his jumping DEX + 1d6, 1' less per stone, halved without
    a 20' moving start."""
    rules = _rules()
    dex = jump_dex(figure, onto_smaller)
    face = dice.die(rules["die"], f"{figure.name} jumps: DEX {dex} + 1d6", JUMPING,
                    side=figure.side, ship=figure.on)
    burden = rules["per_stone"] * figure.stone
    reach = max(0, dex + face - burden)
    how = f"DEX {dex} + {face}" + (f" - {burden} for {figure.stone} stone" if burden else "")
    if run_up_ft < rules["run_up_ft"]:
        reach //= 2
        how += f", halved without a {rules['run_up_ft']}' run-up"
    dice.judge(f"{reach}'")
    events.append(Happened("jump", f"{figure.name} leaps {reach}' ({how})", JUMPING,
                           side=figure.side, ship=figure.on))
    return reach


def best_reach(figure: Figure, onto_smaller: bool, run_up_ft: int) -> int:
    """His longest possible leap (the d6 at 6): a man who cannot clear the gap even so does
    not jump (the project's reading of a boarding party's order)."""
    return reach_with(figure, onto_smaller, run_up_ft, _rules()["die"])


def chance(figure: Figure, needed_ft: int, onto_smaller: bool, run_up_ft: int) -> float:
    """The chance his jump clears ``needed_ft`` (before the landing save)."""
    sides = _rules()["die"]
    return sum(1 for face in range(1, sides + 1)
               if reach_with(figure, onto_smaller, run_up_ft, face) >= needed_ft) / sides


def reach_with(figure: Figure, onto_smaller: bool, run_up_ft: int, face: int) -> int:
    """His leap in feet with the d6 at ``face`` (``jump_reach`` without the dice)."""
    rules = _rules()
    reach = max(0, jump_dex(figure, onto_smaller) + face - rules["per_stone"] * figure.stone)
    return reach // 2 if run_up_ft < rules["run_up_ft"] else reach


def landing_save(figure: Figure) -> tuple[int, int]:
    """The Paralysis save that lands a jump, and his bonus to it (+2 with Acrobatics)."""
    rules = _rules()
    bonus = rules["acrobatics_save"] if figure.has("acrobatics") else 0
    return figure.save(rules["save"]), bonus


def jump(figure: Figure, needed_ft: int, onto_smaller: bool, run_up_ft: int, dice: Dice,
         events: list[Event], *, onto: str = "") -> tuple[Figure, str]:
    """He jumps a gap of ``needed_ft`` onto the vessel ``onto``: returns him after it and how
    he came down, one of ``OUTCOMES`` (landed, prone on her deck, hanging from her hull, in the
    water: the caller makes him fall overboard, ``overboard.fall_overboard``)."""
    reach = jump_reach(figure, onto_smaller, run_up_ft, dice, events)
    target = onto or figure.on
    margin = reach - needed_ft
    if margin < 0:
        events.append(Happened("jump", f"{figure.name} falls {-margin}' short of the {needed_ft}'"
                               " gap", JUMPING, side=figure.side, ship=figure.on))
        return replace(figure, where="water", prone=False, moved=figure.moved + reach), "water"
    need, bonus = landing_save(figure)
    face = dice.die(20, f"{figure.name} lands the jump (Paralysis save)", JUMPING,
                    side=figure.side, ship=target,
                    need=f"{need}+" + (f" (+{bonus} Acrobatics)" if bonus else ""))
    if face + bonus >= need:
        dice.judge("lands")
        events.append(Happened("jump", f"{figure.name} lands on the deck", JUMPING,
                               side=figure.side, ship=target))
        return replace(figure, where="deck", on=target, prone=False,
                       moved=figure.moved + reach), "landed"
    dice.judge("stumbles")
    short = dice.die(_rules()["short_die"], f"{figure.name} lands short (feet)", JUMPING,
                     side=figure.side, ship=target)
    left = margin - short
    moved = figure.moved + max(0, reach - short)
    if left > 0:
        events.append(Happened("jump", f"{figure.name} lands short, prone on the deck", JUMPING,
                               side=figure.side, ship=target))
        return replace(figure, where="deck", on=target, prone=True, moved=moved), "prone"
    if left == 0:
        events.append(Happened("jump", f"{figure.name} hangs by his fingers from the hull",
                               JUMPING, side=figure.side, ship=target, big=True))
        return replace(figure, where="hanging", on=target, prone=False, moved=moved), "hanging"
    events.append(Happened("jump", f"{figure.name} lands short, over the water", JUMPING,
                           side=figure.side, ship=target))
    return replace(figure, where="water", prone=False, moved=moved), "water"
