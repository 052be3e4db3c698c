"""Traversing Grapple Lines: crossing to the enemy along a grappling (or harpoon) line, and
falling when the line is cut or dislodged under him.

Pure functions over :class:`Figure` (a dice cup and the events list where they roll or tell);
the figure comes back changed and the caller puts him in the state. The numbers are
``data/boarding.toml`` (``[gap]``, ``[line]``).

The readings:

* **The length** to cross is the jump's gap: 30' adjacent and moving, 15' adjacent and
  stationary, 10' sharing a hex (``jumping.jump_needed``).
* **Zip or crawl**: from a larger vessel he zips down the line (the core's rappelling), from one
  the same size or smaller he crawls along it (the core's crawling traverse). Neither is in the
  seed, and their speeds are the PROJECT'S OWN: zipping at his running speed, crawling at a
  quarter of his combat speed (a man's 40': 10' a round), no throw for either.
* **A round on the line**: he goes as far as the movement he has left this round allows (his
  running or combat speed less ``moved``, divided as above). Each foot zipped costs a foot of
  his movement, each foot crawled four. The figure does not hold how far along the line he is:
  the caller keeps ``crossed_ft`` between rounds. Until he is across he is ``where`` ``line``
  (``on`` still the vessel he left); across, he is on the enemy's deck (``onto``).
* **The line cut or dislodged under him**: a Paralysis save; made, he keeps his grip on the rope
  and falls into the water unhurt; failed, he lets go and takes 1d6 bludgeoning damage as he hits
  the water (down at 0 hp). Either way he has fallen overboard: ``where`` is ``water`` and the
  caller makes him fall (``overboard.fall_overboard``: a non-player character's 1d10 rounds are
  rolled, unless the fall put him down), as for every man who goes into the water.
"""

from __future__ import annotations

from typing import Any

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks.jumping import jump_needed
from ahoy_tui.rules.acks.model import Figure
from ahoy_tui.rules.acks.overboard import boarding_table
from ahoy_tui.rules.acks.tables import dice_expr

LINES = "Traversing Grapple Lines"


def _rules() -> dict[str, Any]:
    return boarding_table()["line"]


def traverse_needed(adjacent: bool, moving: bool, share_hex: bool) -> int:
    """The feet of line between the two vessels: 30, 15 or 10, as for a jump."""
    return jump_needed(adjacent, moving, share_hex)


def line_mode(from_larger: bool) -> str:
    """``zip`` from a larger vessel, ``crawl`` from one the same size or smaller."""
    return "zip" if from_larger else "crawl"


def _pace(figure: Figure, from_larger: bool) -> tuple[int, int]:
    """(his speed the traverse is measured against, the feet of it each foot along costs)."""
    rules = _rules()
    mode = line_mode(from_larger)
    speed = figure.running_ft if rules[f"{mode}_speed"] == "running" else figure.combat_ft
    return speed, int(rules[f"{mode}_divisor"])


def line_speed(figure: Figure, from_larger: bool) -> int:
    """Feet along the line in a round of his own: zipping his running speed, crawling a
    quarter of his combat speed."""
    speed, cost = _pace(figure, from_larger)
    return speed // cost


def traverse_cost(figure: Figure, from_larger: bool, needed_ft: int) -> int:
    """The feet of his movement a whole traverse of ``needed_ft`` uses: zipping, a foot of his
    running movement a foot; crawling, four of his combat movement a foot (a man's 15' crawl is
    60', more than his 40' combat speed: two rounds). ``traverse`` measures it against that
    speed less ``moved``."""
    return needed_ft * _pace(figure, from_larger)[1]


def traversed(figure: Figure, from_larger: bool, needed_ft: int, *, onto: str = "") -> Figure:
    """Him across the whole line in one go, on ``onto``'s deck (else his own ``on``), with its
    ``traverse_cost`` added to ``moved``. For a caller that has checked he has the movement;
    ``traverse`` goes as far as he can."""
    return replace(figure, where="deck", on=onto or figure.on, prone=False,
                   moved=figure.moved + traverse_cost(figure, from_larger, needed_ft))


def traverse(figure: Figure, needed_ft: int, from_larger: bool, crossed_ft: int,
             events: list[Event], *, onto: str = "") -> tuple[Figure, int]:
    """He goes along the line as far as his movement left this round allows, from
    ``crossed_ft`` feet already crossed. Returns him (``where`` ``line``, or across on
    ``onto``'s deck) and the feet crossed now."""
    speed, cost = _pace(figure, from_larger)
    remaining = max(0, needed_ft - crossed_ft)
    step = min(remaining, max(0, speed - figure.moved) // cost)
    if step == 0 and remaining > 0:
        return figure, crossed_ft
    crossed = crossed_ft + step
    moved = figure.moved + step * cost
    how = "zips" if line_mode(from_larger) == "zip" else "crawls"
    if crossed >= needed_ft:
        target = onto or figure.on
        events.append(Happened("line", f"{figure.name} {how} across the line onto the deck",
                               LINES, side=figure.side, ship=target))
        return replace(figure, where="deck", on=target, prone=False, moved=moved), crossed
    events.append(Happened("line", f"{figure.name} {how} {step}' along the line "
                           f"({crossed}' of {needed_ft}')", LINES, side=figure.side,
                           ship=figure.on))
    return replace(figure, where="line", prone=False, moved=moved), crossed


def line_cut_under(figure: Figure, dice: Dice, events: list[Event]) -> Figure:
    """The line he is on is cut or dislodged: a Paralysis save keeps his grip (into the water
    unhurt); a failed one, 1d6 bludgeoning as he hits the water. He comes back in the water:
    the caller makes him fall overboard (``overboard.fall_overboard``)."""
    if figure.where != "line":
        raise ValueError(f"{figure.name} is not on a line")
    rules = _rules()
    need = figure.save(rules["save"])
    face = dice.die(20, f"{figure.name} keeps his grip on the falling line (Paralysis save)",
                    LINES, side=figure.side, ship=figure.on, need=f"{need}+")
    if face >= need:
        dice.judge("holds on")
        events.append(Happened("line", f"{figure.name} rides the line down into the water",
                               LINES, side=figure.side, ship=figure.on))
    else:
        dice.judge("lets go")
        count, sides = dice_expr(rules["damage"])
        hurt = sum(dice.nd(count, sides, f"{figure.name} hits the water "
                           f"({rules['damage_kind']})", LINES, side=figure.side,
                           ship=figure.on))
        hp = max(0, figure.hp - hurt)
        figure = replace(figure, hp=hp, down=figure.down or hp == 0)
        events.append(Happened("line", f"{figure.name} lets go and hits the water: {hurt} "
                               f"{rules['damage_kind']}" + (", down" if figure.down else ""),
                               LINES, side=figure.side, ship=figure.on))
    return replace(figure, where="water", prone=False)
