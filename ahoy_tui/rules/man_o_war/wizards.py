"""Where a side's Wizard is and what becomes of him, and what the spells in play do.

A Wizard sails in a ship of his side. When she sinks he clings to her wreckage (seed: "Any
Admiral or Wizard who was on the ship may cling to wreckage or debris"), and a ship of his side
touching it in the End Phase picks him up; he is lost with the debris, killed with the last of
a ship's crew, and leaves the battle with a ship that sails off the table. A Wizard killed or
captured is worth 1, 2 or 3 Battle Honours to the other side (Champion, Master, Lord).

The lasting spells (``in_play``) add to a ship's saves and speed and ward her from enemy
spells; the rules that roll saves and give speeds ask here.
"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.man_o_war.model import MowState, Wizard
from ahoy_tui.rules.man_o_war.spellbook import spellbook

VICTORY = "Victory"
CLINGING = "wizard"  # the tag on a wreckage marker: "wizard:p1"


def with_wizard(state: MowState, wizard: Wizard) -> MowState:
    return replace(state, wizards=tuple(wizard if w.side == wizard.side else w
                                        for w in state.wizards))


def aboard(state: MowState, ship_id: str) -> Wizard | None:
    """The Wizard sailing in this ship, if any."""
    return next((w for w in state.wizards if w.ship == ship_id and not w.fate), None)


def killed(state: MowState, dice: Dice, wizard: Wizard, how: str) -> MowState:
    """The Wizard is killed: his Battle Honours go to the other side."""
    level = spellbook().wizard(wizard.level)
    state = with_wizard(state, replace(wizard, ship="", fate="killed", hand=()))
    other = state.other(wizard.side)
    state = state.with_honours(other, level.honours,
                               f"{state.side_name(wizard.side)}'s {level.name} lost {how}")
    dice.events.append(Happened("wizard_lost", f"{state.side_name(wizard.side)}'s "
                                f"{level.name} is lost {how} ({level.honours} Battle Honours)",
                                VICTORY, side=wizard.side, big=True))
    return state


def crew_lost(state: MowState, dice: Dice, ship_id: str) -> MowState:
    """The last of her crew is gone: a Wizard aboard dies with them."""
    wizard = aboard(state, ship_id)
    if wizard is None:
        return state
    return killed(state, dice, wizard, f"with the last of the {state.ship(ship_id).name}'s "
                  "crew")


def overboard(state: MowState, ship_id: str) -> tuple[MowState, tuple[str, ...]]:
    """She sinks: a Wizard aboard clings to her wreckage (the marker's tags to add)."""
    wizard = aboard(state, ship_id)
    if wizard is None:
        return state, ()
    state = with_wizard(state, replace(wizard, ship="", fate="clinging"))
    return state, (f"{CLINGING}:{wizard.side}",)


def rescued(state: MowState, dice: Dice, side: str, ship_id: str) -> MowState:
    wizard = state.wizard(side)
    if wizard is None or wizard.fate != "clinging":
        return state
    ship = state.ship(ship_id)
    dice.events.append(Happened("rescued", f"The {ship.name} picks up her side's Wizard from "
                                "the wreckage", "End Phase", side=side, big=True))
    return with_wizard(state, replace(wizard, ship=ship_id, fate=""))


def lost_with_debris(state: MowState, dice: Dice, side: str) -> MowState:
    wizard = state.wizard(side)
    if wizard is None or wizard.fate != "clinging":
        return state
    return killed(state, dice, wizard, "with the debris")


def sailed_off(state: MowState, ship_id: str) -> MowState:
    """She leaves the table, and her Wizard with her: out of the battle, not lost."""
    wizard = aboard(state, ship_id)
    if wizard is None:
        return state
    return with_wizard(state, replace(wizard, ship="", fate="left", hand=()))


def describe(state: MowState, wizard: Wizard) -> str:
    """The Wizard and what became of him, for the game-over summary."""
    book = spellbook()
    name = book.wizard(wizard.level).name
    if wizard.college:
        name += f" ({book.college(wizard.college).name})"
    if wizard.fate == "killed":
        return f"{name}: lost"
    if wizard.fate == "clinging":
        return f"{name}: clinging to wreckage"
    if wizard.fate == "left":
        return f"{name}: left the battle"
    ship = state.ship(wizard.ship) if state.has_ship(wizard.ship) else None
    return f"{name}: aboard the {ship.name}" if ship is not None else name


# --- the spells in play ----------------------------------------------------------------------

def _amount(state: MowState, ship_id: str, effect: str) -> int:
    book = spellbook()
    total = 0
    for spell in state.in_play:
        if spell.target == ship_id:
            card = book.spell(spell.card)
            if card.effect == effect:
                total += card.amount
    return total


def shield(state: MowState, ship_id: str) -> int:
    """What the spells on her add to her saves."""
    return _amount(state, ship_id, "shield") if state.in_play else 0


def speed_bonus(state: MowState, ship_id: str) -> float:
    """Inches the spells on her add to her move this turn."""
    return float(_amount(state, ship_id, "speed")) if state.in_play else 0.0


def warded(state: MowState, ship_id: str, caster: str) -> bool:
    """Whether a spell of her own side wards her from ``caster``'s spells."""
    book = spellbook()
    return any(s.target == ship_id and s.side != caster and book.spell(s.card).effect == "ward"
               for s in state.in_play)
