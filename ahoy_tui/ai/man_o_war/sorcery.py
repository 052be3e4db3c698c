"""What a spell is worth, in Battle Honours, and the odds of casting and dispelling it.

A spell's worth is what its effect would do, valued as the gunnery values a hit: damage as
hits at no save modifier, a crew counter, a Below the Waterline hit past her save, a Blaze, a
no movement or no firing counter on an enemy with something to lose by it. Spells on friends
are worth what they mend or guard. Turning a ship or the wind, or driving her, the captain
cannot judge well; he gives them a little worth, so he casts them only with nothing better.
"""

from __future__ import annotations

from ahoy_tui.ai.man_o_war import gunnery as gun
from ahoy_tui.ai.man_o_war.sight import enemies, fighting, gap
from ahoy_tui.rules.man_o_war import flyers
from ahoy_tui.rules.man_o_war.model import MowState, Ship
from ahoy_tui.rules.man_o_war.spellbook import Spell, spellbook

NUDGE = 0.05  # turning, driving, the wind: a little worth, cast only with nothing better
KEEP = 0.06  # what keeping a card in hand is worth (to dispel with, or cast later)
ENEMY_DISPELS = 0.35  # the chance an enemy Wizard with cards in hand dispels a spell


def roll_chance(need: int, bonus: int) -> float:
    """The chance a D6 plus ``bonus`` reaches ``need`` (a 1 always fails)."""
    return sum(1 for face in range(2, 7) if face + bonus >= need) / 6


def cast_chance(state: MowState, side: str, spell: Spell) -> float:
    wizard = state.wizard(side)
    bonus = spellbook().wizard(wizard.level).bonus if wizard is not None else 0
    chance = roll_chance(spell.cast, bonus)
    if wizard is not None and spellbook().wizard(wizard.level).reroll and not wizard.rerolled:
        chance += (1 - chance) * chance
    return chance


def threatened(state: MowState, ship: Ship) -> float:
    """How much the enemy's guns may do to her this turn (the batteries that reach her)."""
    return sum(gun.firepower(state, foe, fresh=True, only=ship)
               for foe in enemies(state, ship.side) if gun.within_reach(foe, ship))


def effect_value(state: MowState, spell: Spell, target: Ship | None) -> float:
    """The worth of the spell's effect to the side that casts it."""
    effect, amount = spell.effect, spell.amount
    if target is None or effect in ("turn", "push", "wind"):
        return NUDGE
    if not fighting(target):
        return 0.0
    if effect == "damage":
        return amount * gun.shot_value(target, "", 0)
    if effect == "crew":
        return min(amount, target.crew) * gun.crew_value(target)
    if effect == "btw":
        return gun.fail_chance(target.card.btw.save, 0) * amount * gun.btw_hit_value(target)
    if effect == "blaze":
        return amount * gun.BLAZE
    if effect == "no_firing":
        if target.no_firing:
            return 0.0
        return gun.COUNTER + 0.5 * sum(gun.firepower(state, target, fresh=True, only=foe)
                                       for foe in enemies(state, target.side)
                                       if gun.within_reach(target, foe))
    if effect == "no_movement":
        if target.no_movement:
            return 0.0
        near = min((gap(target, foe) for foe in enemies(state, target.side)), default=99.0)
        return gun.COUNTER if near < 12 else gun.COUNTER / 3
    if effect == "shield":
        return 0.15 * amount * threatened(state, target) + 0.05
    if effect == "ward":
        return 0.1
    if effect == "speed":
        return 0.05 * amount
    if effect == "douse":
        return target.blazes * gun.BLAZE
    if effect == "repair":
        return min(amount, sum(m.damaged for m in target.marks)) * gun.MARKER
    if effect == "rally":
        lost = target.card.crew - target.crew
        return min(amount, lost) * gun.crew_value(target)
    return 0.0


def worth(state: MowState, side: str, card: str, target: str) -> float:
    """What casting ``card`` on ``target`` is worth to ``side``: its effect by the odds that it
    is cast and not dispelled, less the card it costs."""
    spell = spellbook().spell(card)
    if target and state.has_flyer(target):  # a wound a point of the spell, on a flyer
        flyer = state.flyer(target)
        template = flyers.template(flyer)
        value = min(spell.amount, flyers.wounds_left(flyer)) * template.honours \
            / template.wounds
        return cast_chance(state, side, spell) * (1 - ENEMY_DISPELS) * value - KEEP
    ship = state.ship(target) if target else None
    value = effect_value(state, spell, ship)
    enemy = state.wizard(state.other(side))
    through = 1 - ENEMY_DISPELS if enemy is not None and enemy.hand and \
        any(c == "" or spell.college in spellbook().spell(c).dispels for c in enemy.hand) \
        else 1.0
    resist = spellbook().resistant.get(ship.card.race) if ship is not None \
        and ship.side != side else None
    if resist:
        through *= (resist - 1) / 6
    return cast_chance(state, side, spell) * through * value - KEEP
