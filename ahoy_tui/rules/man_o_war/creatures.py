"""Sea monsters on the table: a monster's body and its face-down template, what it touches,
the ships it holds, and its Wound track (seed "Sea Monsters": "Wounds").

Readings (docs/rules/man-o-war.md):

- A monster is the rectangle of its length and beam (the project's own sizes); its template
  a 6" x 4" rectangle. It touches a ship when their outlines come within ``CONTACT``.
- "While in contact with a monster, a ship may not move, fire at anything else, or engage in
  other boarding actions": a surfaced monster touching her holds her; a submerged one, under
  her keel, does not.
- A monster takes no critical hit and is never set ablaze: every wound fills one space of its
  track; with all filled it is dead, and the other side wins its Battle Honours.
"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import Polygon, distance, hull
from ahoy_tui.rules.man_o_war.bestiary import Monster, bestiary
from ahoy_tui.rules.man_o_war.damage import add_honours, saves, say
from ahoy_tui.rules.man_o_war.model import Creature, MowState, Ship
from ahoy_tui.rules.man_o_war.table import CONTACT, creature_outline, outline

WOUNDS = "Sea Monsters: Wounds"


def monster(creature: Creature) -> Monster:
    return bestiary().monster(creature.kind)


def name(creature: Creature) -> str:
    """What the players call it: its kind once seen, else "a sea monster"."""
    return monster(creature).name if creature.kind else "sea monster"


def body(creature: Creature) -> Polygon:
    """The monster itself on the table."""
    return creature_outline(creature)


def template(creature: Creature) -> Polygon:
    """Its face-down template (or its lair's)."""
    book = bestiary()
    return hull(creature.x, creature.y, creature.heading, book.template_length,
                book.template_beam)


def wounds_left(creature: Creature) -> int:
    return max(0, monster(creature).wounds - creature.wounds)


def with_creature(state: MowState, creature: Creature) -> MowState:
    return replace(state, creatures=tuple(creature if c.id == creature.id else c
                                          for c in state.creatures))


def swimming(state: MowState) -> list[Creature]:
    return [c for c in state.creatures if c.on_table]


def touching_ships(state: MowState, creature: Creature) -> list[str]:
    """The ships afloat it is in contact with."""
    mine = body(creature)
    return [s.id for s in state.ships if s.afloat and distance(mine, outline(s)) <= CONTACT]


def holding(state: MowState, ship: Ship) -> list[str]:
    """The surfaced monsters in contact with her: she may not move, board, or fire at anything
    but them."""
    if not state.creatures:
        return []
    mine = outline(ship)
    return [c.id for c in state.creatures if c.surfaced
            and distance(mine, body(c)) <= CONTACT]


def save(dice: Dice, creature: Creature, modifier: int, what: str, rule: str) -> bool:
    """Its save against ``what`` (the rule of one: a 1 fails, a 6 saves)."""
    beast = monster(creature)
    roll = dice.d6(f"{beast.name}: save against {what}", rule, side=creature.side,
                   ship=creature.id)
    ok = saves(roll, beast.save, modifier)
    mod = f" ({'+' if modifier >= 0 else '−'}{abs(modifier)})" if modifier else ""
    dice.judge("saved" if ok else "failed", f"{beast.save}+{mod}")
    return ok


def wound(state: MowState, dice: Dice, creature_id: str, count: int, *, by: str = "",
          cause: str = "") -> MowState:
    """``count`` wounds on its track; the last space filled kills it."""
    creature = state.creature(creature_id)
    if count <= 0 or creature.where == "dead":
        return state
    beast = monster(creature)
    taken = min(count, wounds_left(creature))
    creature = replace(creature, wounds=creature.wounds + taken)
    state = with_creature(state, creature)
    say(dice, "monster_wounded", f"The {beast.name} takes {taken} wound"
        f"{'s' if taken != 1 else ''}" + (f" from {cause}" if cause else "")
        + f" ({wounds_left(creature)} of {beast.wounds} left)", WOUNDS, side=creature.side,
        ship=creature.id, big=True)
    if wounds_left(creature):
        return state
    state = with_creature(state, replace(creature, where="dead", activated=True))
    winner = by if by and by != creature.side else state.other(creature.side)
    state = add_honours(state, winner, beast.honours, f"the {beast.name} killed")
    say(dice, "monster_killed", f"The {beast.name} is dead! {state.side_name(winner)} win "
        f"{beast.honours} Battle Honours", WOUNDS, side=creature.side, ship=creature.id,
        big=True)
    return state


def fate(creature: Creature) -> str:
    """What became of it, in a few words."""
    if creature.where == "dead":
        return "killed"
    if creature.where == "template":
        return "never summoned"
    if creature.where == "lair":
        return "in its lair"
    return f"{wounds_left(creature)}/{monster(creature).wounds} wounds left"
