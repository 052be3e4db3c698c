"""The odds of a choice before it is taken (the ``odds`` hook, ``engine.odds``), and the rules'
own chances the computer captains reckon with (``ai/man_o_war/gunnery.py`` imports them): a
battery's shot (the hit location die on the target's template, then the location's save with
the weapon's modifier for the range band, the rule of one), a volley at a sea monster, a ram,
a boarding round, a spell cast or dispelled. Every chance is an exact enumeration of the
dice, read from the side's view; never the dice to come."""

from __future__ import annotations

import itertools
from fractions import Fraction

from attrs import frozen

from ahoy_tui.engine.odds import Odds, hits, mean, number, percent
from ahoy_tui.rules.man_o_war import fleet_cards, wizards
from ahoy_tui.rules.man_o_war.bestiary import FlyerTemplate
from ahoy_tui.rules.man_o_war.damage import saves
from ahoy_tui.rules.man_o_war.model import MowState, Ship
from ahoy_tui.rules.man_o_war.tables import Location, Template, tables

ZERO = Fraction(0)


def counted(value: Fraction, what: str) -> str:
    """A mean for a summary with its noun: "1 hit", "1.4 hits", "0 hits"."""
    shown = number(value)
    return f"{shown} {what}" + ("" if shown == "1" else "s")


def fail_chance(need: int, modifier: int) -> Fraction:
    """The chance a save of ``need``+ with ``modifier`` fails (a 1 fails, a 6 saves; a
    location with no save never saves)."""
    return Fraction(sum(1 for roll in range(1, 7) if not saves(roll, need, modifier)), 6)


def spent(ship: Ship, location: Location) -> bool:
    """A location already destroyed with no criticals: a hit there does nothing (Critical
    hits)."""
    return ship.destroyed(ship.card.locations.index(location)) and not location.criticals


def shot_chance(ship: Ship, aim: str, modifier: int) -> Fraction:
    """One battery's shot at ``ship``: the chance it lands on a location (a score the card does
    not print is a miss) and her save there fails, where a hit does something (not on a
    location destroyed already that has no criticals)."""
    card = ship.card
    total = ZERO
    for score in range(1, 7):
        location = card.located(score, aim)
        if location is not None and not spent(ship, location):
            total += fail_chance(location.save, modifier)
    return total / 6


def location_chances(ship: Ship, aim: str, modifier: int) -> tuple[tuple[str, Fraction], ...]:
    """Each location a shot may damage, with the chance it does (the rest: misses and saves);
    one destroyed already with no criticals is said to take the hit to no effect."""
    out: dict[str, Fraction] = {}
    for score in range(1, 7):
        location = ship.card.located(score, aim)
        if location is not None:
            index = ship.card.locations.index(location)
            name = location.name + (" (destroyed, no criticals: no effect)"
                                    if spent(ship, location) else
                                    " (destroyed: a critical hit)" if ship.destroyed(index)
                                    else "")
            out[name] = out.get(name, ZERO) + fail_chance(location.save, modifier) / 6
    return tuple(out.items())


# --- what a volley may do beyond its hits: critical hits, sinking, abandoning ------------------

# The ship as far as a volley's later shots and its fate care: each location's (damage markers,
# Blaze markers), her Below the Waterline hits, her crew counters, whether a critical hit came,
# whether a no movement or no firing counter came, and whether she went down.
_Hull = tuple[tuple[tuple[int, int], ...], int, int, bool, bool, bool]


@frozen
class Fates:
    """The chance a volley (every shot of it, in turn) brings: at least one critical hit; her
    sinking (a critical holing her last Below the Waterline box); her abandoning (her last crew
    counter lost, to a critical or a crew location); a critical's no movement or no firing
    counter (Rudder jammed, Guns silenced: crippled for the turn)."""

    critical: Fraction = ZERO
    sinks: Fraction = ZERO
    abandoned: Fraction = ZERO
    crippled: Fraction = ZERO


def _critical(card: Template, hull: _Hull, index: int) -> dict[_Hull, Fraction]:
    """A roll on the Critical Hit Table for location ``index`` (Critical hits; the table in
    data/rules.toml), as ``damage.critical_hit`` plays it: a Blaze in place of a damage marker,
    a crew counter, a no movement or no firing counter, a Below the Waterline hit with no save,
    or the magazine (a Blaze and a Below the Waterline hit)."""
    marks, btw, crew, _, crippled, sunk = hull
    boxes = card.btw.boxes
    location = card.locations[index]
    out: dict[_Hull, Fraction] = {}
    for roll in range(1, 7):
        effect = tables().criticals[roll].effect
        new_marks, new_btw, new_crew, new_crippled = marks, btw, crew, crippled
        if effect in ("blaze", "magazine"):
            damaged, blazing = marks[index]
            if damaged:
                damaged, blazing = damaged - 1, blazing + 1
            elif damaged + blazing < location.boxes:
                blazing += 1
            new_marks = (*marks[:index], (damaged, blazing), *marks[index + 1:])
        if effect in ("btw", "magazine"):
            new_btw = min(boxes, btw + 1)
        if effect == "crew":
            new_crew = max(0, crew - 1)
        if effect in ("no_movement", "no_firing"):
            new_crippled = True
        after = (new_marks, new_btw, new_crew, True, new_crippled, sunk or new_btw >= boxes)
        out[after] = out.get(after, ZERO) + Fraction(1, 6)
    return out


def _one_shot(card: Template, hull: _Hull, aim: str, modifier: int) -> dict[_Hull, Fraction]:
    """Where one shot leaves her: the location die, the save there, then a damage marker (its
    crew or critical effect) or, on a location already destroyed, a critical hit (none where the
    card says "no criticals"), as ``damage.hit_ship`` plays it."""
    if hull[5]:
        return {hull: Fraction(1)}
    out: dict[_Hull, Fraction] = {}

    def add(after: _Hull, p: Fraction) -> None:
        out[after] = out.get(after, ZERO) + p

    marks, btw, crew, struck, crippled, sunk = hull
    for score in range(1, 7):
        location = card.located(score, aim)
        if location is None:
            add(hull, Fraction(1, 6))
            continue
        index = card.locations.index(location)
        fails = fail_chance(location.save, modifier) / 6
        add(hull, Fraction(1, 6) - fails)
        if not fails:
            continue
        damaged, blazing = marks[index]
        if blazing or damaged + blazing >= location.boxes:
            if location.criticals:
                for after, p in _critical(card, hull, index).items():
                    add(after, fails * p)
            else:
                add(hull, fails)
            continue
        hit = damaged + blazing + 1
        marked = (*marks[:index], (damaged + 1, blazing), *marks[index + 1:])
        after = (marked, btw, crew, struck, crippled, sunk)
        if location.effect_on(hit) and location.effect == "crew":
            add((marked, btw, max(0, crew - 1), struck, crippled, sunk), fails)
        elif location.effect_on(hit) and location.effect == "critical":
            for later, p in _critical(card, after, index).items():
                add(later, fails * p)
        else:
            add(after, fails)
    return out


def volley_fates(ship: Ship, aim: str, modifiers: list[int]) -> Fates:
    """What a volley of shots at ``ship`` (one save modifier a shot, in the order fired) may do
    beyond its hits, counted exactly over every face of every die: the location, the save and
    the Critical Hit Table, each shot meeting the ship as the ones before left her."""
    card = ship.card
    marks = tuple((ship.marks_at(i).damaged, ship.marks_at(i).blazing)
                  for i in range(len(card.locations)))
    start: _Hull = (marks, ship.btw, ship.crew, False, False, ship.btw >= card.btw.boxes)
    hulls: dict[_Hull, Fraction] = {start: Fraction(1)}
    for modifier in modifiers:
        after: dict[_Hull, Fraction] = {}
        for hull, p in hulls.items():
            for later, q in _one_shot(card, hull, aim, modifier).items():
                after[later] = after.get(later, ZERO) + p * q
        hulls = after
    manned = ship.crew > 0 and not ship.abandoned
    return Fates(critical=sum((p for h, p in hulls.items() if h[3]), ZERO),
                 sinks=sum((p for h, p in hulls.items() if h[5] and not start[5]), ZERO),
                 abandoned=sum((p for h, p in hulls.items() if manned and h[2] == 0), ZERO),
                 crippled=sum((p for h, p in hulls.items() if h[4]), ZERO))


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
    if kind == "boarding_choice":
        return _boarding_choice(state, str(getattr(action, "choice", "")))
    if kind == "reroll":
        return _reroll(state) if getattr(action, "take", False) else None
    if kind == "advance":
        return _aground(state, float(getattr(action, "inches", 0)))
    if kind == "same_orders":
        return _same_orders(state)
    if kind == "monster_course":
        return _monster_course(state)
    if kind == "monster_choice":
        return _struggle(state) if getattr(action, "choice", "") == "press_on" else None
    if kind == "fly":
        return _fly(state, str(getattr(action, "toward", "")))
    if kind == "bomb":
        return _bomb(state, str(getattr(action, "target", "")))
    if kind == "grapple":
        flight = state.flight
        return _duel(state, flight.flyer, str(getattr(action, "target", ""))) \
            if flight is not None else None
    if kind == "flyer_choice":
        duel = state.duel
        return _duel(state, duel.flyer, duel.target) \
            if duel is not None and getattr(action, "choice", "") == "fight_on" else None
    if kind == "fire_anti_flyer":
        return _anti_flyer(state, str(getattr(action, "target", "")))
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
    prowl = state.prowl
    if prowl is None:
        return None
    return _maul_round(state, prowl.creature, target_id)


def _maul_round(state: MowState, creature_id: str, target_id: str) -> Odds:
    """A round of a sea monster's boarding action: D6 + its wounds left against the ship's D6
    + crew, cannons bearing on it, the Admiral and marines."""
    from ahoy_tui.rules.man_o_war.boarding import cannons_toward
    from ahoy_tui.rules.man_o_war.creatures import body, monster, wounds_left

    creature = state.creature(creature_id)
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
        return Odds(f"{counted(expected, 'hit')}", tuple(lines), (), {"hits": expected})
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
        return Odds(f"{counted(mean(dist), 'wound')} · {percent(1 - dist.get(0, ZERO))} any",
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
    modifiers = [_modifiers(ship, index, band) + shield for index in batteries]
    chances = [shot_chance(struck, level, modifier) for modifier in modifiers]
    modifier = modifiers[0]
    lines.append(f"each shot: a D6 for the location{f' (aimed {level})' if level else ''}, "
                 f"then her save there {modifier:+d}")
    lines += [f"  {name}: {percent(p)}" for name, p in location_chances(struck, level,
                                                                          modifier)]
    dist = hits(chances)
    outcomes = tuple((f"{n} hit{'s' * (n != 1)}", dist[n]) for n in sorted(dist))
    lines += [f"{name}: {percent(p)}" for name, p in outcomes]
    fates = volley_fates(struck, level, modifiers)
    lines += fate_lines(struck, fates)
    # The shots strike the first hull under the template (Combat & Damage): the summary says
    # whose, lest a player read hits on a friend in the way as hits on the enemy.
    struck_on = "" if struck_id == target_id else \
        f"{struck.name}{' (a friend)' if struck.side == ship.side else ''}: "
    return Odds(f"{struck_on}{counted(mean(dist), 'hit')} · "
                f"{percent(1 - dist.get(0, ZERO))} any" + fate_summary(fates), tuple(lines),
                outcomes,
                {"hits": mean(dist), "critical": fates.critical, "sinks": fates.sinks,
                 "abandoned": fates.abandoned})


def fate_lines(ship: Ship, fates: Fates) -> list[str]:
    """The breakdown's account of a volley's critical hits (Critical hits: a destroyed location
    hit again; the Critical Hit Table) and what they may do to her."""
    if not fates.critical and not fates.abandoned:
        return ["a critical hit: not with this volley (it needs a destroyed location, one "
                "that takes criticals, hit again)"]
    left = ship.card.btw.boxes - ship.btw
    return [f"a critical hit (a destroyed location hit again): {percent(fates.critical)}",
            f"  she sinks (holed, or the magazine, with {left} Below the Waterline "
            f"box{'es' * (left != 1)} left): {percent(fates.sinks)}",
            f"  rudder jammed or guns silenced: {percent(fates.crippled)}",
            f"she is abandoned (her last crew counter lost): {percent(fates.abandoned)}"]


def fate_summary(fates: Fates) -> str:
    """The row's few words on a volley's critical hits: their chance, and the chance of the
    worst they (or a crew location) may do, sinking her or her being abandoned; short, as the
    odds line is one line at 80 columns (the breakdown says the rest)."""
    worst = [f"{percent(p)} {what}" for p, what in ((fates.sinks, "sinks"),
                                                     (fates.abandoned, "abandoned")) if p]
    if not fates.critical and not worst:
        return ""
    return (f" · {percent(fates.critical)} crit" if fates.critical else " ·") + \
        (f"{',' if fates.critical else ''} {', '.join(worst)}" if worst else "")


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
        return Odds(f"{percent(p)} · {counted(p * boxes, 'wound')}", lines,
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
    if not state.current:
        return None
    defender = state.ship(target_id)
    if defender.abandoned or defender.crew == 0:
        return Odds("100% taken", ("she has no crew: she is taken at once",),
                    (("taken", Fraction(1)),))
    return _boarding_round(state, state.current, target_id)


def _boarding_round(state: MowState, attacker_id: str, defender_id: str,
                    chooser: str = "") -> Odds:
    """A round of a boarding action (Boarding Actions): D6 + crew, the Admiral and marines a
    side, the defender adding the cannons she has bearing on the attacker. Said from the
    ship of the side choosing (``chooser``, the attacker unless the defender chooses): "win"
    is her winning the round."""
    from ahoy_tui.rules.man_o_war.boarding import cannons_bearing

    attacker, defender = state.ship(attacker_id), state.ship(defender_id)
    admiral = int(tables().setup["admiral_boarding"])
    a_bonus = attacker.crew + (admiral if attacker.admiral else 0) + \
        fleet_cards.bonus(attacker, "boarding")
    cannons = cannons_bearing(defender, attacker)
    d_bonus = defender.crew + cannons + (admiral if defender.admiral else 0) + \
        fleet_cards.bonus(defender, "boarding")
    win, tie, lose = boarding_round(a_bonus, d_bonus)
    lines = (f"the {attacker.name} D6 {a_bonus:+d} (her crew and bonuses) against the "
             f"{defender.name}'s D6 {d_bonus:+d} (crew, {cannons} cannons bearing)",
             f"the {defender.name} loses a crew counter: {percent(win)}",
             f"a stand-off, both lose one: {percent(tie)}",
             f"the {attacker.name} loses one: {percent(lose)}")
    if chooser == defender_id:  # her crew defend this round: her win is their loss
        win, lose = lose, win
    return Odds(f"{percent(win)} win · {percent(lose)} lose", lines,
                (("win", win), ("stand-off", tie), ("lose", lose)))


def _boarding_choice(state: MowState, choice: str) -> Odds | None:
    """Pressing on (or fighting on after a stand-off) is another round between the same
    ships; a defender who won and fights on carries the fight across as the attacker, and
    the cannons' bonus is the other ship's to add (Boarding Actions)."""
    fight = state.boarding
    if fight is None or choice not in ("press_on", "fight_on"):
        return None
    if choice == "fight_on" and fight.decision == "defender":
        return _boarding_round(state, fight.defender, fight.attacker)
    # pressing on is the attacker's; fighting on after a stand-off the defender's
    chooser = fight.defender if fight.decision == "tie" else fight.attacker
    return _boarding_round(state, fight.attacker, fight.defender, chooser)


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


def _reroll(state: MowState) -> Odds | None:
    """A Wizard Lord's re-roll of his failed cast or dispel: the same D6 and bonus again."""
    from ahoy_tui.rules.man_o_war.magic import _dispeller
    from ahoy_tui.rules.man_o_war.spellbook import spellbook

    casting = state.casting
    if casting is None:
        return None
    dispelling = casting.step == "reroll_dispel"
    side = _dispeller(state, casting) if dispelling else casting.side
    wizard = state.wizard(side)
    if wizard is None:
        return None
    book = spellbook()
    spell = book.spell(casting.dispel if dispelling else casting.card)
    bonus = book.wizard(wizard.level).bonus
    p = cast_chance(spell.cast, bonus)
    what = "dispelled" if dispelling else "cast"
    return Odds(f"{percent(p)} {what}",
                (f"{spell.name} again: a D6 {bonus:+d} needing {spell.cast}+ (a 1 always "
                 "fails)", f"{what}: {percent(p)}"), ((what, p), ("fails", 1 - p)))


# --- running aground (Obstructions) --------------------------------------------------------

def aground_odds(ship: Ship, kind: str) -> Odds:
    """Run aground: her Below the Waterline save (no modifier), failed a D3 of Below the
    Waterline hits, no save; the last box sinks her."""
    btw = ship.card.btw
    p = fail_chance(btw.save, 0)
    room = btw.boxes - ship.btw
    dist: dict[int, Fraction] = {0: 1 - p}
    for face in range(1, 4):
        taken = min(face, room)
        dist[taken] = dist.get(taken, ZERO) + p / 3
    sinks = sum((q for n, q in dist.items() if n and ship.btw + n >= btw.boxes), ZERO)
    lines = [f"she runs aground on the {kind}: her move ends there",
             f"her Below the Waterline save {btw.save}+: fails {percent(p)}",
             "then D3 Below the Waterline hits, no save"]
    lines += [f"{n} BTW: {percent(q)}" for n, q in sorted(dist.items()) if n]
    if sinks:
        lines.append(f"she sinks: {percent(sinks)}")
    outcomes = tuple(("holds" if n == 0 else f"{n} BTW", q) for n, q in sorted(dist.items()))
    summary = f"aground: {percent(p)} holed" + (f" · {percent(sinks)} sinks" if sinks else "")
    return Odds(summary, tuple(lines), outcomes)


def _aground(state: MowState, inches: float) -> Odds | None:
    """An advance that meets a rock, a sandbank or an island runs her aground."""
    from ahoy_tui.rules.man_o_war.movement import contact_ahead

    move = state.move
    if move is None or not state.has_ship(move.ship) or state.prowl is not None:
        return None
    ship = state.ship(move.ship)
    met = contact_ahead(state, ship, ship.heading, min(inches, move.remaining), move.backwards)
    if met is None or met[1] not in ("rocks", "sandbank", "island"):
        return None
    return aground_odds(ship, met[1])


def _same_orders(state: MowState) -> Odds | None:
    """Following the squadron's order: its steps taken as the rules let her (none of them
    rolls), until an advance that would run her aground."""
    from ahoy_tui.engine.dice import Dice
    from ahoy_tui.engine.events import DiceRoll, Event
    from ahoy_tui.rules.man_o_war import squadron
    from ahoy_tui.rules.man_o_war.actions import Advance
    from ahoy_tui.rules.man_o_war.apply import _dispatch
    from ahoy_tui.rules.man_o_war.legal import legal

    ship_id = state.current
    for step in state.orders:
        action = squadron.action_of(step)
        if state.stage != "move" or state.current != ship_id or action not in legal(state):
            return None
        if isinstance(action, Advance):
            found = _aground(state, float(action.inches))
            if found is not None:
                return found
        events: list[Event] = []
        state = _dispatch(state, Dice(state.rng, events), action)
        if any(isinstance(e, DiceRoll) for e in events):
            return None
    return None


# --- a sea monster's move and its boarding action (Sea Monsters) ------------------------------

def _monster_course(state: MowState) -> Odds | None:
    """Its move: its dice in inches; any two alike a roll on the Sea Monster Reaction table
    (1 back to its lair, 2 frenzied, 3-5 under control, 6 twice)."""
    from ahoy_tui.rules.man_o_war.creatures import monster
    from ahoy_tui.rules.man_o_war.monsters import REACTIONS

    prowl = state.prowl
    if prowl is None:
        return None
    beast = monster(state.creature(prowl.creature))
    count = beast.move_dice
    faces = list(itertools.product(range(1, 7), repeat=count))
    total = Fraction(1, len(faces))
    inches = {s: ZERO for s in range(count, 6 * count + 1)}
    double = ZERO
    for roll in faces:
        inches[sum(roll)] += total
        if len(set(roll)) < len(roll):
            double += total
    reaction = {r: ZERO for r in ("lair", "frenzied", "control", "twice")}
    for face in range(1, 7):
        reaction[REACTIONS[face]] += double / 6
    words = {"lair": "back to its lair", "frenzied": "frenzied: at its own side's nearest ship",
             "control": "under control", "twice": "under control: move or attack twice"}
    lines = [f"its move: {beast.move} inches, mean {number(mean(inches))}\"",
             f"a double (two dice alike): {percent(double)}, then the Sea Monster Reaction "
             "table"]
    lines += [f"  {words[r]}: {percent(q)}" for r, q in reaction.items()]
    outcomes = (("no double", 1 - double), *((words[r], q) for r, q in reaction.items()))
    return Odds(f"{number(mean(inches))}\" · {percent(reaction['lair'])} lair · "
                f"{percent(reaction['frenzied'])} frenzied", tuple(lines), outcomes,
                {"inches": mean(inches)})


def _struggle(state: MowState) -> Odds | None:
    """Pressing on in a monster's boarding action: another round, as the first."""
    fight = state.struggle
    if fight is None:
        return None
    return _maul_round(state, fight.creature, fight.ship)


# --- flyers (Airpower, Anti-flyer weapons) ------------------------------------------------------

def flyer_hit(card: FlyerTemplate, modifier: int) -> tuple[Fraction, Fraction]:
    """A hit on a flyer: (the Rider killed, a wound on the beast): a D6 on its template, then
    the save of what it strikes with ``modifier``; the rest misses or is saved."""
    return (Fraction(len(card.rider), 6) * fail_chance(card.rider_save, modifier),
            Fraction(len(card.beast), 6) * fail_chance(card.beast_save, modifier))


def flyer_hits(kill: Fraction, hurt: Fraction, left: int, count: int) -> dict[int, Fraction]:
    """The flyer's wounds left after ``count`` tries, each killing it (``kill``) or wounding
    it (``hurt``); 0: it falls (no tries after that)."""
    alive: dict[int, Fraction] = {left: Fraction(1)}
    dead = ZERO
    for _ in range(count):
        after: dict[int, Fraction] = {}
        for wounds, p in alive.items():
            dead += p * kill
            if wounds == 1:
                dead += p * hurt
            else:
                after[wounds - 1] = after.get(wounds - 1, ZERO) + p * hurt
            after[wounds] = after.get(wounds, ZERO) + p * (1 - kill - hurt)
        alive = after
    return {**alive, 0: dead}


def _hits_on_flyer(head: list[str], name: str, left: int,
                   dist: dict[int, Fraction]) -> Odds:
    falls = dist.get(0, ZERO)
    hurt = 1 - dist.get(left, ZERO)
    wounds = {left - w: p for w, p in dist.items() if w}
    lines = [*head, f"the {name} falls: {percent(falls)}"]
    lines += [f"{n} wound{'s' * (n != 1)}: {percent(p)}" for n, p in sorted(wounds.items())]
    outcomes = (("falls", falls), *((f"{n} wound{'s' * (n != 1)}", p)
                                    for n, p in sorted(wounds.items())))
    return Odds(f"{percent(falls)} falls · {percent(hurt)} hurt", tuple(lines), outcomes,
                {"falls": falls})


def _anti_flyer(state: MowState, flyer_id: str) -> Odds | None:
    """A Man O' War's anti-flyer weapon: its shots, each a hit on the flyer's template with
    the weapon's save modifier; none after it falls."""
    from ahoy_tui.rules.man_o_war.bestiary import bestiary
    from ahoy_tui.rules.man_o_war.flyers import called, template, wounds_left

    if not state.has_flyer(flyer_id):
        return None
    flyer = state.flyer(flyer_id)
    gun = bestiary().anti_flyer
    card = template(flyer)
    kill, hurt = flyer_hit(card, gun.save)
    head = [f"{gun.shots} shots, each a D6 on its template, then its save {gun.save:+d}",
            f"each: the Rider killed {percent(kill)}, a wound {percent(hurt)}"]
    return _hits_on_flyer(head, called(state, flyer), wounds_left(flyer),
                          flyer_hits(kill, hurt, wounds_left(flyer), gun.shots))


def _fly(state: MowState, toward: str) -> Odds | None:
    """A flight that ends in base contact draws the target's defensive fire at once: a die a
    crew counter (a monster's wounds, a flyer's defensive dice), each a hit on its template."""
    from ahoy_tui.rules.man_o_war.flyers import (
        _standing,
        called,
        defensive_dice,
        flight_end,
        target_name,
        template,
        wounds_left,
    )

    flight = state.flight
    if flight is None or not toward or state.house_rule("flyer_first"):
        return None
    flyer = state.flyer(flight.flyer)
    _, _, _, contact = flight_end(state, flyer, toward, 0, 0)
    count = defensive_dice(state, toward) if _standing(state, toward) else 0
    if not contact or not count:
        return None
    kill, hurt = flyer_hit(template(flyer), 0)
    head = [f"base to base: the {target_name(state, toward)} fires back with {count} "
            f"{'die' if count == 1 else 'dice'}, each a D6 on its template, then its save",
            f"each: the Rider killed {percent(kill)}, a wound {percent(hurt)}"]
    odds = _hits_on_flyer(head, called(state, flyer), wounds_left(flyer),
                          flyer_hits(kill, hurt, wounds_left(flyer), count))
    return Odds(f"fired on: {odds.summary}", odds.breakdown, odds.outcomes, odds.expected)


def _bomb(state: MowState, target_id: str) -> Odds | None:
    """Its bombs or missiles, each striking above its miss number: on a ship a hit on her
    template (high where she has the split bar) with the bombs' save modifier; on a sea
    monster its save, a failure a wound and it dives (no more bombs); on a flyer a hit on its
    template."""
    from ahoy_tui.rules.man_o_war.creatures import monster
    from ahoy_tui.rules.man_o_war.creatures import wounds_left as beast_left
    from ahoy_tui.rules.man_o_war.flyers import called, template, wounds_left

    flight = state.flight
    if flight is None:
        return None
    card = template(state.flyer(flight.flyer))
    strike = Fraction(6 - card.bomb_miss, 6)
    head = [f"{card.bombs} {card.bomb_name}, each striking on {card.bomb_miss + 1}+ "
            f"({percent(strike)})"]
    if state.has_flyer(target_id):
        other = state.flyer(target_id)
        kill, hurt = flyer_hit(template(other), card.bomb_save)
        return _hits_on_flyer([*head, "then a D6 on its template and its save"],
                              called(state, other), wounds_left(other),
                              flyer_hits(strike * kill, strike * hurt, wounds_left(other),
                                         card.bombs))
    if state.has_creature(target_id):
        beast = state.creature(target_id)
        kind = monster(beast)
        one = strike * fail_chance(kind.save, card.bomb_save)
        p = 1 - (1 - one) ** card.bombs
        lines = [*head, f"then its save {kind.save}+ {card.bomb_save:+d}: a failure a wound, "
                 "and it dives (no more bombs)",
                 f"wounded{' (it dies)' if beast_left(beast) == 1 else ''}: {percent(p)}"]
        return Odds(f"{percent(p)} wounds it", tuple(lines),
                    (("wounded", p), ("unhurt", 1 - p)), {"wounds": p})
    ship = state.ship(target_id)
    level = "high" if ship.card.split else ""
    modifier = card.bomb_save + wizards.shield(state, target_id)
    one = strike * shot_chance(ship, level, modifier)
    dist = hits([one] * card.bombs)
    lines = [*head, f"then a D6 for the location{' (high)' if level else ''} and her save "
             f"{modifier:+d}"]
    lines += [f"  {name}: {percent(strike * p)}"
              for name, p in location_chances(ship, level, modifier)]
    outcomes = tuple((f"{n} hit{'s' * (n != 1)}", dist[n]) for n in sorted(dist))
    lines += [f"{name}: {percent(p)}" for name, p in outcomes]
    if state.house_rule("flyer_first") and not flight.fired_on:
        lines.append(f"then her defensive fire: a die a crew counter ({ship.crew})")
    return Odds(f"{counted(mean(dist), 'hit')} · {percent(1 - dist.get(0, ZERO))} any",
                tuple(lines), outcomes, {"hits": mean(dist)})


def flyer_boarding(a_bonus: int, crew: int) -> tuple[dict[int, Fraction], Fraction, Fraction,
                                                     Fraction]:
    """A flyer's boarding action on a ship: rounds of D6 + ``a_bonus`` against D6 + her crew
    left, the flyer fighting on while it wins (a crew counter a round won) until the last
    counter goes. (crew lost before it stops, with their chance; the ship's crew all dead;
    her crew winning a round, the flyer a wound; a draw)."""
    lost: dict[int, Fraction] = {}
    beaten = drawn = ZERO
    reach = Fraction(1)
    for k in range(crew):
        win, tie, lose = boarding_round(a_bonus, crew - k)
        beaten += reach * lose
        drawn += reach * tie
        lost[k] = reach * (tie + lose)
        reach *= win
    dead = reach
    lost[crew] = dead
    return lost, dead, beaten, drawn


def _duel(state: MowState, flyer_id: str, target_id: str) -> Odds | None:
    """A flyer's boarding action on a ship (D6 + its wounds left and its attacking bonus
    against D6 + her crew, the flyer fighting on while it wins), or one round of close combat
    with a flyer or a sea monster (D6 + wounds a side, the loser a wound, both on a draw)."""
    from ahoy_tui.rules.man_o_war import creatures
    from ahoy_tui.rules.man_o_war.flyers import called, target_name, template, wounds_left

    if not state.has_flyer(flyer_id):
        return None
    flyer = state.flyer(flyer_id)
    card = template(flyer)
    a_bonus = wounds_left(flyer) + card.attack_bonus
    name, against = called(state, flyer), target_name(state, target_id)
    last = " (it falls)" if wounds_left(flyer) == 1 else ""
    if state.has_ship(target_id):
        ship = state.ship(target_id)
        if ship.crew <= 0 or ship.abandoned:
            return None
        lost, dead, beaten, drawn = flyer_boarding(a_bonus, ship.crew)
        lines = [f"the {name}: D6 {a_bonus:+d} (its wounds left"
                 + (", attacking" if card.attack_bonus else "")
                 + f") against D6 +{ship.crew} (her crew left), round after round while it "
                 "wins",
                 f"her crew all dead: {percent(dead)}",
                 f"her crew win a round, the {name} a wound{last}: {percent(beaten)}",
                 f"neither gives way: {percent(drawn)}"]
        lines += [f"{n} crew lost: {percent(p)}" for n, p in sorted(lost.items())]
        crew = mean(lost)
        return Odds(f"{number(crew)} crew lost · {percent(beaten)} it is wounded", tuple(lines),
                    (("her crew all dead", dead), ("wounded", beaten), ("draw", drawn)),
                    {"crew": crew})
    if state.has_flyer(target_id):
        left = wounds_left(state.flyer(target_id))
    else:
        left = creatures.wounds_left(state.creature(target_id))
    win, tie, lose = boarding_round(a_bonus, left)
    lines = (f"the {name}: D6 {a_bonus:+d} against the {against}'s D6 +{left} (wounds left)",
             f"the {against} a wound: {percent(win)}",
             f"both a wound: {percent(tie)}",
             f"the {name} a wound{last}: {percent(lose)}")
    return Odds(f"{percent(win + tie)} wounds it · {percent(lose + tie)} wounded", lines,
                (("wounds it", win), ("both", tie), ("wounded", lose)),
                {"wounds": win + tie})
