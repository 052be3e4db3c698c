"""The odds of a choice before it is taken (the ``odds`` hook, ``engine.odds``), and the rules'
own chances the computer captains reckon with (``ai/man_o_war/gunnery.py`` imports them): a
battery's shot (the hit location die on the target's template, then the location's save with
the weapon's modifier for the range band, the rule of one), a volley at a sea monster, a ram,
a boarding round, a spell cast or dispelled. Every chance is an exact enumeration of the
dice, read from the side's view; never the dice to come."""

from __future__ import annotations

import itertools
from fractions import Fraction

from ahoy_tui.engine.odds import Odds, hits, mean, number, percent
from ahoy_tui.rules.man_o_war import fleet_cards, wizards
from ahoy_tui.rules.man_o_war.damage import saves
from ahoy_tui.rules.man_o_war.model import MowState, Ship
from ahoy_tui.rules.man_o_war.tables import tables

ZERO = Fraction(0)


def fail_chance(need: int, modifier: int) -> Fraction:
    """The chance a save of ``need``+ with ``modifier`` fails (a 1 fails, a 6 saves; a
    location with no save never saves)."""
    return Fraction(sum(1 for roll in range(1, 7) if not saves(roll, need, modifier)), 6)


def shot_chance(ship: Ship, aim: str, modifier: int) -> Fraction:
    """One battery's shot at ``ship``: the chance it lands on a location (a score the card does
    not print is a miss) and her save there fails."""
    card = ship.card
    total = ZERO
    for score in range(1, 7):
        location = card.located(score, aim)
        if location is not None:
            total += fail_chance(location.save, modifier)
    return total / 6


def location_chances(ship: Ship, aim: str, modifier: int) -> tuple[tuple[str, Fraction], ...]:
    """Each location a shot may damage, with the chance it does (the rest: misses and saves)."""
    out: dict[str, Fraction] = {}
    for score in range(1, 7):
        location = ship.card.located(score, aim)
        if location is not None:
            out[location.name] = out.get(location.name, ZERO) + \
                fail_chance(location.save, modifier) / 6
    return tuple(out.items())


def boarding_round(a_bonus: int, d_bonus: int) -> tuple[Fraction, Fraction, Fraction]:
    """(the attacker wins, a stand-off, the defender wins) of a boarding round: a D6 a side
    plus each side's crew and bonuses, the higher total winning."""
    win = tie = lose = 0
    for a, d in itertools.product(range(1, 7), repeat=2):
        diff = (a + a_bonus) - (d + d_bonus)
        win += diff > 0
        tie += diff == 0
        lose += diff < 0
    return Fraction(win, 36), Fraction(tie, 36), Fraction(lose, 36)


def cast_chance(need: int, bonus: int) -> Fraction:
    """A D6 plus the Wizard's bonus reaching the card's number; a 1 always fails."""
    return Fraction(sum(1 for face in range(2, 7) if face + bonus >= need), 6)


# --- the hook ----------------------------------------------------------------------------------

def odds(state: MowState, action: object) -> Odds | None:
    """The odds of a Man O' War choice that rolls, or None for one that does not."""
    kind = getattr(action, "kind", "")
    if kind == "fire":
        return _fire(state, str(getattr(action, "side", "")), str(getattr(action, "target", "")),
                     str(getattr(action, "aim", "")))
    if kind == "ram":
        return _ram(state, str(getattr(action, "target", "")))
    if kind == "board":
        return _board(state, str(getattr(action, "target", "")))
    if kind == "cast_spell":
        return _cast(state, str(getattr(action, "card", "")), dispel=False)
    if kind == "dispel_spell":
        return _cast(state, str(getattr(action, "card", "")), dispel=True)
    if kind == "maul":
        return _maul(state, str(getattr(action, "target", "")))
    if kind == "special_attack":
        return _special(state, str(getattr(action, "target", "")))
    if kind == "summon":
        return _summon(state, str(getattr(action, "monster", "")))
    return None


def summon_chance(need: int, bonus: int) -> Fraction:
    """A D6 plus the spellcaster's casting bonus reaching the summons' number."""
    return Fraction(sum(1 for face in range(1, 7) if face + bonus >= need), 6)


def _summon(state: MowState, monster_id: str) -> Odds | None:
    """A sea monster summoned from its template: a D6 needing 4+, the side's Wizard in the
    fight adding his casting bonus; a failure ends the side's turn."""
    from ahoy_tui.rules.man_o_war.bestiary import bestiary
    from ahoy_tui.rules.man_o_war.monsters import summon_bonus

    if not state.has_creature(monster_id):
        return None
    side = state.creature(monster_id).side
    need, bonus = bestiary().summon, summon_bonus(state, side)
    p = summon_chance(need, bonus)
    how = f"a D6 {bonus:+d} (the Wizard's casting bonus)" if bonus else "a D6"
    return Odds(f"{percent(p)} rises",
                (f"summoning: {how} needing {need}+", f"it rises: {percent(p)}",
                 f"nothing stirs, and the side's turn is over: {percent(1 - p)}"),
                (("rises", p), ("nothing stirs", 1 - p)))


def amount_dist(expression: str) -> dict[int, Fraction]:
    """A rules dice expression (``"D3"``, ``"2D6"``, ``"D3+1"``, ``"4"``) as a distribution."""
    from ahoy_tui.engine.dice import parse_expr
    from ahoy_tui.engine.odds import dice

    count, sides, bonus = parse_expr(expression)
    return dice(count, sides, bonus) if count else {bonus: Fraction(1)}


def _maul(state: MowState, target_id: str) -> Odds | None:
    """A sea monster's boarding action: D6 + its wounds left against the ship's D6 + crew,
    cannons bearing on it, the Admiral and marines."""
    from ahoy_tui.rules.man_o_war.boarding import cannons_toward
    from ahoy_tui.rules.man_o_war.creatures import body, monster, wounds_left

    prowl = state.prowl
    if prowl is None:
        return None
    creature = state.creature(prowl.creature)
    ship = state.ship(target_id)
    cannons = cannons_toward(ship, body(creature))
    s_bonus = ship.crew + cannons + (int(tables().setup["admiral_boarding"])
                                     if ship.admiral else 0) + fleet_cards.bonus(ship,
                                                                                 "boarding")
    m_bonus = wounds_left(creature)
    win, tie, lose = boarding_round(m_bonus, s_bonus)
    name = monster(creature).name
    lines = (f"the {name}: D6 {m_bonus:+d} (its wounds left) against the {ship.name}'s D6 "
             f"{s_bonus:+d} (crew, {cannons} cannons bearing)",
             f"it devours a crew counter: {percent(win)}",
             f"a draw, a crew counter and a wound: {percent(tie)}",
             f"beaten back with a wound: {percent(lose)}")
    return Odds(f"{percent(win)} devours · {percent(lose)} beaten", lines,
                (("devours", win), ("draw", tie), ("beaten", lose)))


def _special(state: MowState, target_id: str) -> Odds | None:
    """A sea monster's special attack: its dice, then as its kind says (a crew counter a
    point; Below the Waterline hits after her save; hits on the template, each a location and
    a save, a die for high or low where the card has the split bar and the beast no aim)."""
    from ahoy_tui.rules.man_o_war.creatures import monster

    prowl = state.prowl
    if prowl is None:
        return None
    beast = monster(state.creature(prowl.creature))
    ship = state.ship(target_id)
    amounts = amount_dist(beast.amount)
    lines = [f"the {beast.name}'s {beast.special_name}: {beast.amount} "
             f"(mean {number(mean(amounts))})"]
    if beast.special == "btw":
        btw = ship.card.btw
        modifier = wizards.shield(state, target_id) + fleet_cards.bonus(ship, "btw_save")
        p = fail_chance(btw.save, modifier)
        lines.append(f"her Below the Waterline save {btw.save}+: fails {percent(p)}")
        expected = p * mean({min(a, btw.boxes - ship.btw): q for a, q in amounts.items()})
        return Odds(f"{percent(p)} · {number(expected)} BTW", tuple(lines),
                    (("holed", p), ("saved", 1 - p)), {"BTW": expected})
    if beast.special == "damage":
        modifier = beast.special_save + wizards.shield(state, target_id)
        if ship.card.split and not beast.aim:
            p = (shot_chance(ship, "high", modifier) + shot_chance(ship, "low", modifier)) / 2
        else:
            p = shot_chance(ship, beast.aim if ship.card.split else "", modifier)
        expected = p * mean(amounts)
        lines.append(f"each hit a location and her save {modifier:+d}: {percent(p)} a hit")
        return Odds(f"{number(expected)} hits", tuple(lines), (), {"hits": expected})
    expected = mean(amounts)
    what = "crew" if beast.special not in ("blaze",) else "blazes"
    return Odds(f"{number(expected)} {what}", tuple(lines), (), {what: expected})


def _modifiers(ship: Ship, index: int, band: str) -> int:
    weapon = tables().weapon(ship.card.batteries[index].weapon)
    mods = weapon.weakened if ship.weakened[index] and weapon.weakened else weapon.save
    gunnery = fleet_cards.bonus(ship, "gunnery") if band == "close" else 0
    return int(mods[band]) - gunnery


def _fire(state: MowState, side: str, target_id: str, aim: str) -> Odds | None:
    from ahoy_tui.rules.man_o_war.creatures import monster, touching_ships
    from ahoy_tui.rules.man_o_war.shooting import in_reach, shootable, target_outline
    from ahoy_tui.rules.man_o_war.table import aim_line, first_under_template

    if not state.current:
        return None
    ship = state.ship(state.current)
    reach = in_reach(ship, side, target_outline(state, target_id))
    if reach is None:
        return None
    span, band = reach
    batteries = shootable(ship, side, band)
    if not batteries:
        return None
    lines = [f"{len(batteries)} batter{'y' if len(batteries) == 1 else 'ies'} ({side}), "
             f"{span:.1f}\": {band} range"]
    if state.has_creature(target_id):
        beast = state.creature(target_id)
        kind = monster(beast)
        others = [s for s in touching_ships(state, beast) if s != ship.id]
        share = Fraction(1, 2) if others else Fraction(1)
        chances = [share * fail_chance(kind.save, _modifiers(ship, i, band)) for i in batteries]
        if others:
            lines.append(f"it holds the {state.ship(others[0]).name}: a shot strikes it on "
                         "4+ only, else her")
        lines.append(f"the {kind.name} saves on {kind.save}+ with the weapon's modifier")
        dist = hits(chances)
        outcomes = tuple((f"{n} wound{'s' * (n != 1)}", dist[n]) for n in sorted(dist))
        lines += [f"{name}: {percent(p)}" for name, p in outcomes]
        return Odds(f"{number(mean(dist))} wounds · {percent(1 - dist.get(0, ZERO))} any",
                    tuple(lines), outcomes, {"wounds": mean(dist)})
    line = aim_line(ship, side, target_outline(state, target_id))
    assert line is not None
    struck_id = first_under_template(state, ship, line[0], line[1], target_id)
    if not struck_id:
        lines.append("an obstacle under the range template takes every shot")
        return Odds("blocked", tuple(lines), (("blocked", Fraction(1)),), {"hits": ZERO})
    struck = state.ship(struck_id)
    if struck_id != target_id:
        lines.append(f"the {struck.name} is first under the template: she takes the shots")
    level = aim or ("low" if struck.card.split else "")
    shield = wizards.shield(state, struck_id)
    chances = []
    for index in batteries:
        modifier = _modifiers(ship, index, band) + shield
        chances.append(shot_chance(struck, level, modifier))
    modifier = _modifiers(ship, batteries[0], band) + shield
    lines.append(f"each shot: a D6 for the location{f' (aimed {level})' if level else ''}, "
                 f"then her save there {modifier:+d}")
    lines += [f"  {name}: {percent(p)}" for name, p in location_chances(struck, level,
                                                                          modifier)]
    dist = hits(chances)
    outcomes = tuple((f"{n} hit{'s' * (n != 1)}", dist[n]) for n in sorted(dist))
    lines += [f"{name}: {percent(p)}" for name, p in outcomes]
    return Odds(f"{number(mean(dist))} hits · {percent(1 - dist.get(0, ZERO))} any",
                tuple(lines), outcomes, {"hits": mean(dist)})


def _ram(state: MowState, target_id: str) -> Odds | None:
    from ahoy_tui.rules.man_o_war.creatures import monster

    move = state.move
    if move is None:
        return None
    ship = state.ship(move.ship)
    boxes = ship.card.ram + fleet_cards.bonus(ship, "ram")
    if state.has_creature(target_id):
        kind = monster(state.creature(target_id))
        p = fail_chance(kind.save, 0)
        lines = (f"the {kind.name} saves on {kind.save}+ or takes {boxes} wounds",)
        return Odds(f"{percent(p)} · {number(p * boxes)} wounds", lines,
                    (("wounded", p), ("saved", 1 - p)), {"wounds": p * boxes})
    target = state.ship(target_id)
    btw = target.card.btw
    modifier = wizards.shield(state, target_id) + fleet_cards.bonus(target, "btw_save")
    p = fail_chance(btw.save, modifier)
    taken = min(boxes, btw.boxes - target.btw)
    sinks = target.btw + taken >= btw.boxes
    lines = (f"her Below the Waterline save {btw.save}+{f' {modifier:+d}' if modifier else ''}"
             f": fails {percent(p)}",
             f"then {taken} Below the Waterline hit{'s' * (taken != 1)}"
             f"{': she sinks' if sinks else ''}")
    return Odds(f"{percent(p)} · {number(p * taken)} BTW", lines,
                (("holed", p), ("saved", 1 - p)), {"BTW": p * taken})


def _board(state: MowState, target_id: str) -> Odds | None:
    from ahoy_tui.rules.man_o_war.boarding import cannons_bearing

    if not state.current:
        return None
    attacker, defender = state.ship(state.current), state.ship(target_id)
    if defender.abandoned or defender.crew == 0:
        return Odds("100% taken", ("she has no crew: she is taken at once",),
                    (("taken", Fraction(1)),))
    admiral = int(tables().setup["admiral_boarding"])
    a_bonus = attacker.crew + (admiral if attacker.admiral else 0) + \
        fleet_cards.bonus(attacker, "boarding")
    cannons = cannons_bearing(defender, attacker)
    d_bonus = defender.crew + cannons + (admiral if defender.admiral else 0) + \
        fleet_cards.bonus(defender, "boarding")
    win, tie, lose = boarding_round(a_bonus, d_bonus)
    lines = (f"D6 {a_bonus:+d} (her crew and bonuses) against D6 {d_bonus:+d} (their crew, "
             f"{cannons} cannons bearing)",
             f"they lose a crew counter: {percent(win)}",
             f"a stand-off, both lose one: {percent(tie)}",
             f"she loses one: {percent(lose)}")
    return Odds(f"{percent(win)} win · {percent(lose)} lose", lines,
                (("win", win), ("stand-off", tie), ("lose", lose)))


def _cast(state: MowState, card: str, *, dispel: bool) -> Odds | None:
    from ahoy_tui.rules.man_o_war.magic import decider
    from ahoy_tui.rules.man_o_war.spellbook import spellbook

    side = decider(state)
    wizard = state.wizard(side) if side else None
    if wizard is None:
        return None
    book = spellbook()
    spell = book.spell(card)
    level = book.wizard(wizard.level)
    p = cast_chance(spell.cast, level.bonus)
    what = "dispelled" if dispel else "cast"
    lines = [f"{spell.name}: a D6 {level.bonus:+d} needing {spell.cast}+ (a 1 always fails)",
             f"{what}: {percent(p)}"]
    rerolls = bool(level.reroll and not wizard.rerolled and wizard.college == spell.college)
    if not dispel and rerolls:
        lines.append(f"with the reroll his college allows: {percent(1 - (1 - p) ** 2)}")
    return Odds(f"{percent(p)} {what}", tuple(lines), ((what, p), ("fails", 1 - p)))
