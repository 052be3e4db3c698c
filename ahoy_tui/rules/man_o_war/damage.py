"""Combat & Damage: where a hit lands on the target's template, its save, damage markers and
their effects, critical hits, Below the Waterline hits and sinking, and a ship abandoned.

Every roll goes through the engine's :class:`Dice` with the rule that asked for it.

Readings (docs/rules/man-o-war.md):

- A d6 score the card does not print (for the band aimed at) is a miss.
- The rule of one: a save of 1 always fails and a 6 always saves, whatever the modifiers; a
  location with no save (0) never saves.
- A location whose effect comes "with each hit" gives it with every damage marker; "2nd hit"
  effects come with the second marker only.
- A destroyed location (every box marked, or ablaze) hit again that fails its save is a
  critical hit, unless its card says "no criticals": then the hit does nothing more.
- The Battle Honours for a ship sunk or captured are her Below the Waterline boxes (the seed);
  the card's own Honours figure is kept for the record card only.
"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.man_o_war import fleet_cards, wizards
from ahoy_tui.rules.man_o_war.model import Marker, Marks, MowState, Ship
from ahoy_tui.rules.man_o_war.tables import Location, tables

DAMAGE = "Damage"
COMBAT = "Combat & Damage"
CRITICAL = "Critical hits"
SINKING = "Sinking"
RULE_OF_ONE = "The rule of one"
ABANDONED = "Boarding Actions: abandoned"


def with_ship(state: MowState, ship: Ship) -> MowState:
    ships = tuple(ship if s.id == ship.id else s for s in state.ships)
    return replace(state, ships=ships)


def saves(roll: int, need: int, modifier: int) -> bool:
    """The rule of one for saves: 1 fails, 6 saves, else the roll plus modifiers must reach the
    location's save. A location with no save (0) never saves."""
    if need <= 0 or roll == 1:
        return False
    if roll == 6:
        return True
    return roll + modifier >= need


def save_roll(dice: Dice, ship: Ship, need: int, modifier: int, what: str) -> bool:
    """Roll a save for ``ship`` against ``need``+ with ``modifier``, judged in the log."""
    roll = dice.d6(f"{ship.name}: save for the {what}", COMBAT, side=ship.side, ship=ship.id)
    ok = saves(roll, need, modifier)
    mod = f" ({'+' if modifier >= 0 else '−'}{abs(modifier)})" if modifier else ""
    dice.judge("saved" if ok else "failed", f"{need}+{mod}" if need else "no save")
    return ok


def hit_ship(state: MowState, dice: Dice, target_id: str, *, aim: str = "",
             save_modifier: int = 0, source: str = "", by: str = "") -> MowState:
    """One hit from a shot (a cannon's, a bolt's): roll its location on the target's template,
    the location's save with ``save_modifier``, and mark what fails.

    ``aim``: "high" or "low" where the target's card has the split bar; ``by``: the side that
    fired (for a critical's Battle Honours if she sinks).
    """
    ship = state.ship(target_id)
    card = ship.card
    score = dice.d6(f"{source or 'The shot'}: hit location on the {ship.name}"
                    + (f", aimed {aim}" if aim and card.split else ""), COMBAT,
                    side=ship.side, ship=ship.id)
    location = card.located(score, aim)
    if location is None:
        dice.judge("miss")
        tell(dice, "miss", f"{source or 'The shot'} misses the {ship.name} (a {score}: no "
             "location)", COMBAT, ship)
        return state
    dice.judge(location.name)
    save_modifier += wizards.shield(state, target_id)
    if save_roll(dice, ship, location.save, save_modifier, location.name):
        tell(dice, "saved", f"The {ship.name}'s {location.name} holds", COMBAT, ship)
        return state
    return damage_location(state, dice, target_id, location, by=by)


def damage_location(state: MowState, dice: Dice, target_id: str, location: Location, *,
                    by: str = "") -> MowState:
    """A failed save on ``location``: a damage marker and its effect, or a critical hit when
    the location is already destroyed."""
    ship = state.ship(target_id)
    card = ship.card
    index = card.locations.index(location)
    if ship.destroyed(index):
        if not location.criticals:
            tell(dice, "no_critical", f"The {ship.name}'s {location.name} is already destroyed "
                 "(no criticals there)", DAMAGE, ship)
            return state
        tell(dice, "critical", f"The {ship.name}'s {location.name} is hit again: a critical "
             "hit", CRITICAL, ship)
        return critical_hit(state, dice, target_id, index, by=by)
    marks = ship.marks_at(index)
    hit = marks.filled + 1
    ship = replace(ship, marks=_set(ship.marks, index, replace(marks, damaged=marks.damaged + 1)))
    state = with_ship(state, ship)
    tell(dice, "damaged", f"The {ship.name}'s {location.name} takes a damage marker "
         f"({hit} of {location.boxes})", DAMAGE, ship)
    if location.effect_on(hit):
        state = location_effect(state, dice, target_id, location, by=by)
    return state


def location_effect(state: MowState, dice: Dice, target_id: str, location: Location, *,
                    by: str = "") -> MowState:
    """What the card says a hit on ``location`` does."""
    ship = state.ship(target_id)
    effect = location.effect
    if effect == "speed":
        ship = replace(ship, speed_lost=ship.speed_lost + location.amount,
                       speed_lost_astern=ship.speed_lost_astern
                       + (location.astern or location.amount))
        words = f"loses {location.amount:g}\" of speed"
    elif effect in ("battery", "weapon"):
        ship, words = _lose_battery(ship, location.arc)
    elif effect == "weakened":
        weakened = tuple(1 if b.arc == location.arc else w
                         for b, w in zip(ship.card.batteries, ship.weakened, strict=True))
        ship, words = replace(ship, weakened=weakened), "its weapon is weakened"
    elif effect == "no_sail":
        ship, words = replace(ship, no_sail=True), "can no longer move under sail"
    elif effect == "no_oars":
        ship, words = replace(ship, no_oars=True), "can no longer move under oars"
    elif effect == "no_ram":
        ship, words = replace(ship, no_ram=True), "may no longer ram"
    elif effect == "immobile":
        ship, words = replace(ship, immobile=True), "is unable to move"
    elif effect == "crew":
        return lose_crew(state, dice, target_id, 1, f"the hit on her {location.name}")
    elif effect == "critical":
        index = ship.card.locations.index(location)
        return critical_hit(state, dice, target_id, index, by=by)
    else:
        return state
    tell(dice, "effect", f"The {ship.name} {words} ({location.name}: {location.text})", DAMAGE,
         ship)
    return with_ship(state, ship)


def _lose_battery(ship: Ship, arc: str) -> tuple[Ship, str]:
    for index, battery in enumerate(ship.card.batteries):
        if battery.arc == arc and ship.batteries_left(index) > 0:
            lost = _set(ship.batteries_lost, index, ship.batteries_lost[index] + 1)
            weapon = tables().weapon(battery.weapon).name
            article = "an" if arc[0] in "aeiou" else "a"
            return replace(ship, batteries_lost=lost), f"loses {article} {arc} battery ({weapon})"
    return ship, f"has no {arc} battery left to lose"


def critical_hit(state: MowState, dice: Dice, target_id: str, index: int, *,
                 by: str = "") -> MowState:
    """Roll on the Critical Hit Table for the ship's location ``index``."""
    ship = state.ship(target_id)
    roll = dice.d6(f"{ship.name}: critical hit", CRITICAL, side=ship.side, ship=ship.id)
    entry = tables().criticals[roll]
    dice.judge(entry.name)
    tell(dice, "critical_effect", f"Critical hit on the {ship.name}: {entry.name} — "
         f"{entry.text}", CRITICAL, ship)
    effect = entry.effect
    if effect in ("blaze", "magazine"):
        state = set_ablaze(state, target_id, index, dice, by=by)
        if effect == "blaze":
            return state
        return btw_hits(state, dice, target_id, 1, save=False, by=by, cause="the magazine")
    if effect == "crew":
        return lose_crew(state, dice, target_id, 1, "a critical hit")
    if effect == "no_movement":
        return with_ship(state, replace(ship, no_movement=True))
    if effect == "no_firing":
        return with_ship(state, replace(ship, no_firing=True))
    if effect == "btw":
        return btw_hits(state, dice, target_id, 1, save=False, by=by, cause="a critical hit")
    raise ValueError(f"unknown critical effect {effect!r}")


LOSS_EFFECTS = ("speed", "battery", "weapon", "weakened", "no_sail", "no_oars", "no_ram",
                "immobile")  # what losing a location takes away (not a crew or a critical)


def set_ablaze(state: MowState, target_id: str, index: int, dice: Dice | None = None, *,
               by: str = "") -> MowState:
    """A Fire result: the location's damage marker becomes a Blaze marker (or, with no damage
    marker to turn, a Blaze fills an empty box). A location already ablaze in every box stays
    as it is. A blazing location is treated as destroyed (the seed): one set ablaze that was
    not destroyed before takes away, with ``dice`` to tell it, what the hits it had still to
    take would have (an Aft Mast's speed, a gun deck's battery, the oars: reading M25b)."""
    ship = state.ship(target_id)
    marks = ship.marks_at(index)
    location = ship.card.locations[index]
    was_destroyed = ship.destroyed(index)
    if marks.damaged:
        marks = Marks(marks.damaged - 1, marks.blazing + 1)
    elif marks.filled < location.boxes:
        marks = Marks(marks.damaged, marks.blazing + 1)
    else:
        return state
    before = ship.marks_at(index).filled
    state = with_ship(state, replace(ship, marks=_set(ship.marks, index, marks)))
    if dice is None or was_destroyed or location.effect not in LOSS_EFFECTS:
        return state
    for hit in range(before + 1, location.boxes + 1):
        if location.effect_on(hit):
            state = location_effect(state, dice, target_id, location, by=by)
    return state


def strike_where(dice: Dice, ship: Ship, source: str, rule: str) -> str:
    """A blow not aimed (a spell, a monster): on a card with the split bar a die says whether it
    strikes high (1-3) or low (4-6)."""
    if not ship.card.split:
        return ""
    roll = dice.d6(f"{source}: high or low on the {ship.name}", rule, side=ship.side,
                   ship=ship.id)
    aim = "high" if roll <= 3 else "low"
    dice.judge(aim)
    return aim


def blaze_somewhere(state: MowState, dice: Dice, target_id: str, source: str, rule: str, *,
                    aim: str = "") -> MowState:
    """A location set ablaze where the dice say (a number with no location on her card is
    rolled again)."""
    ship = state.ship(target_id)
    card = ship.card
    aim = aim if aim and card.split else strike_where(dice, ship, source, rule)
    for _ in range(12):
        score = dice.d6(f"{source}: location ablaze on the {ship.name}", rule,
                        side=ship.side, ship=ship.id)
        location = card.located(score, aim)
        if location is not None:
            dice.judge(location.name)
            dice.events.append(Happened("blaze", f"{source}: the {ship.name}'s {location.name} "
                                        "is ablaze", rule, side=ship.side, ship=ship.id,
                                        big=True))
            return set_ablaze(state, target_id, card.locations.index(location), dice)
        dice.judge("no location: again")
    return state


def mend(ship: Ship, count: int) -> tuple[Ship, int]:
    """Up to ``count`` damage markers taken off her (never a Blaze), first locations first; her
    new self and how many came off."""
    marks = list(ship.marks)
    taken = 0
    for i, m in enumerate(marks):
        while m.damaged and taken < count:
            m = Marks(m.damaged - 1, m.blazing)
            taken += 1
        marks[i] = m
    return (replace(ship, marks=tuple(marks)) if taken else ship), taken


def lose_crew(state: MowState, dice: Dice, target_id: str, count: int, why: str) -> MowState:
    """Crew counters lost; with none left the ship is abandoned (and any Admiral aboard is
    killed)."""
    ship = state.ship(target_id)
    crew = max(0, ship.crew - count)
    ship = replace(ship, crew=crew)
    tell(dice, "crew_lost", f"The {ship.name} loses {count} crew counter"
         f"{'s' if count > 1 else ''} to {why} ({crew} left)", DAMAGE, ship)
    state = with_ship(state, ship)
    if crew == 0 and not ship.abandoned:
        state = abandon(state, dice, target_id)
    return state


def abandon(state: MowState, dice: Dice, target_id: str) -> MowState:
    """"If a ship's crew strength is reduced to zero the ship is abandoned"; an Admiral (or a
    Wizard) aboard dies with the last of her crew."""
    ship = state.ship(target_id)
    admiral = ship.admiral
    ship = replace(ship, abandoned=True, admiral=False)
    state = with_ship(state, ship)
    tell(dice, "abandoned", f"The {ship.name} has no crew left: she is abandoned", ABANDONED,
         ship, big=True)
    if admiral:
        state = admiral_lost(state, dice, ship.side, f"with the last of the {ship.name}'s crew")
    return wizards.crew_lost(state, dice, target_id)


def admiral_lost(state: MowState, dice: Dice, side: str, how: str) -> MowState:
    """An Admiral captured or killed is worth 5 Battle Honours to the other side."""
    other = state.other(side)
    state = add_honours(state, other, int(tables().setup["admiral_honours"]),
                        f"{state.side_name(side)}'s Admiral lost")
    dice.events.append(Happened("admiral_lost", f"{state.side_names[state.side_index(side)]}'s "
                                f"Admiral is lost {how}", "Victory", side=side))
    return state


def btw_hits(state: MowState, dice: Dice, target_id: str, count: int, *, save: bool,
             by: str = "", cause: str = "") -> MowState:
    """Below the Waterline: ``count`` hits (after her BTW save if ``save``); the last box sinks
    her."""
    ship = state.ship(target_id)
    if ship.gone:
        return state
    btw = ship.card.btw
    modifier = wizards.shield(state, target_id) + fleet_cards.bonus(ship, "btw_save")
    if save and save_roll(dice, ship, btw.save, modifier, "Below the Waterline"):
        tell(dice, "btw_saved", f"The {ship.name} saves below the waterline", DAMAGE, ship)
        return state
    taken = min(count, btw.boxes - ship.btw)
    # "First hit has no effect": her first box is filled but costs her nothing.
    felt = taken - (1 if btw.first_no_effect and ship.btw == 0 and taken else 0)
    ship = replace(ship, btw=ship.btw + taken,
                   speed_lost=ship.speed_lost + btw.speed_loss * felt,
                   speed_lost_astern=ship.speed_lost_astern + btw.speed_loss * felt)
    state = with_ship(state, ship)
    shrugged = " (her first hit has no effect)" if felt < taken else ""
    tell(dice, "btw", f"The {ship.name} is holed below the waterline by {cause or 'the hit'}: "
         f"{ship.btw} of {btw.boxes}{shrugged}", DAMAGE, ship, big=True)
    if ship.btw >= btw.boxes:
        state = sink(state, dice, target_id, by=by)
    return state


def sink(state: MowState, dice: Dice, target_id: str, *, by: str = "") -> MowState:
    """Her Below the Waterline area destroyed, she sinks: a Wreckage marker takes her place,
    with her Admiral clinging to it; the other side wins her Battle Honours."""
    ship = state.ship(target_id)
    card = ship.card
    clinging = ("admiral",) if ship.admiral else ()
    state, wizard = wizards.overboard(state, ship.id)
    marker = Marker(f"wreck-{ship.id}", "wreckage", ship.x, ship.y, ship.heading, card.length,
                    card.beam, (*(f"{c}:{ship.side}" for c in clinging), *wizard), state.turn)
    ship = replace(ship, sunk=True, admiral=False, abandoned=ship.abandoned)
    state = with_ship(state, ship)
    state = replace(state, markers=(*state.markers, marker))
    winner = by or state.other(ship.side)
    if not ship.captured_by:
        state = add_honours(state, winner, card.btw.boxes, f"the {ship.name} sunk")
    who = " and ".join((["her Admiral"] if clinging else []) + (["her Wizard"] if wizard else []))
    tell(dice, "sunk", f"The {ship.name} sinks! Wreckage marks where she went down"
         + (f", {who} clinging to it" if who else ""), SINKING, ship, big=True)
    return state


def add_honours(state: MowState, side: str, honours: int, what: str) -> MowState:
    """``side`` wins ``honours`` Battle Honours for ``what`` (on the roll the summary gives)."""
    return state.with_honours(side, honours, what)


def _set(values: tuple, index: int, value: object) -> tuple:  # type: ignore[type-arg]
    return (*values[:index], value, *values[index + 1:])


def say(dice: Dice, kind: str, text: str, rule: str, *, side: str | None = None,
        ship: str | None = None, big: bool = False) -> None:
    """Tell the players something the rules made happen."""
    dice.events.append(Happened(kind, text, rule, side=side, ship=ship, big=big))


def tell(dice: Dice, kind: str, text: str, rule: str, ship: Ship, *, big: bool = False) -> None:
    dice.events.append(Happened(kind, text, rule, side=ship.side, ship=ship.id, big=big))
