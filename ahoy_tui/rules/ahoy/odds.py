"""The odds of a gun or a volley before it is fired, from the rules' own tables (Naval Cannons,
Point Blank, Rake the decks, Gun Crews, Chainshot, Grapeshot, Swivel Guns, Missile Weapons).

Every face of every die is counted (``engine/odds.py``): a short-handed crew's roll to be
ready, the artillery die's five numbers and its misfire, the landing point each gives on the
line of fire (the hull it falls on, as ``fire_gun`` finds it), the roll to damage on S v T with
the point-blank and raking bonuses, and the weapon's damage dice. A volley of missiles counts
each marksman's roll to hit (a 6 and another roll where 7+ is needed). Grapeshot and a swivel
gun count the models under the template as ``fire_grape`` and ``fire_swivel`` find them (the
share of each deck, in the casualty order), each model's own roll to hit, to wound and to save,
and for grapeshot the blast on every hull it covers. The computer captains read the same numbers
(``ai/ahoy/gunnery.py``).

Structure Points are the damage dice rolled (plus their bonuses); a critical hit (a natural 6
to damage) is its chance only: what it does is the chart's, after.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from ahoy_tui.engine.dice import Dice, Rng, parse_expr
from ahoy_tui.engine.geometry import contains, point_distance
from ahoy_tui.engine.odds import (
    ONE,
    Dist,
    Odds,
    constant,
    dice,
    hits,
    mean,
    number,
    percent,
)
from ahoy_tui.rules.ahoy.actions import Board, FireGun, FireMissiles, Swim
from ahoy_tui.rules.ahoy.boarding import board
from ahoy_tui.rules.ahoy.combat import bs_to_hit, follow_up_needed, save_needed, to_wound_needed
from ahoy_tui.rules.ahoy.crew import boarders_on, describe_man, gun_crew, own_aboard
from ahoy_tui.rules.ahoy.hulls import gap as hull_gap
from ahoy_tui.rules.ahoy.hulls import ship_hull
from ahoy_tui.rules.ahoy.melee_odds import Man, outlook
from ahoy_tui.rules.ahoy.model import AhoyState, Crewman, Gun, Ship, Task
from ahoy_tui.rules.ahoy.ramming import toughness
from ahoy_tui.rules.ahoy.shooting import (
    BOW_EDGE,
    STERN_EDGE,
    aim,
    fire_choice,
    marksmen,
    missile_targets,
    nearest_target,
    on_the_line,
)
from ahoy_tui.rules.ahoy.swimming import swim
from ahoy_tui.rules.ahoy.tables import Ordnance, tables
from ahoy_tui.rules.ahoy.templates import models_under, swivel_area, under_teardrop

ARTILLERY_NUMBERS = (2, 4, 6, 8, 10)  # the artillery die's numbers; its sixth face misfires
SIXTH = Fraction(1, 6)


def ready_chance(need: int | None) -> Fraction:
    """Gun Crews: the chance a crew needing ``need``+ (1: a full crew) fires."""
    if need is None:
        return Fraction(0)
    if need <= 1:
        return ONE
    return Fraction(max(0, 7 - need), 6)


@cache
def damage_chances(strength: int, toughness_: int, bonus: int) -> tuple[Fraction, Fraction]:
    """(chance a hit damages, chance of a natural-6 critical) on the S v T chart, ``bonus``
    added (point blank, raking); a natural 1 never damages."""
    need = to_wound_needed(strength, toughness_)
    if need is None:
        return Fraction(0), Fraction(0)
    wins = sum(1 for face in range(2, 7) if face + bonus >= need)
    return Fraction(wins, 6), (SIXTH if 6 + bonus >= need else Fraction(0))


@cache
def expression(text: str) -> Dist:
    """A damage expression from the tables (``D3``, ``D6``, ``2D6+1``, ``3``) as a
    distribution (a D3 is a D6 halved, as the dice roll it)."""
    count, sides, plus = parse_expr(text)
    return dice(count, sides, plus) if count else constant(plus)


def hit_worth(weapon: Ordnance, strength_bonus: int, chain: bool) -> Fraction:
    """Structure Points a damaging hit deals on average: the weapon's dice, its bonus, and
    Chainshot's extra point."""
    extra = tables().table("chainshot")["damage_bonus"] if chain else 0
    return mean(expression(weapon.wounds)) + strength_bonus + extra


def odds(state: AhoyState, action: object) -> Odds | None:
    """The odds of ``action`` now, or None for one that rolls for nothing here."""
    if isinstance(action, FireGun):
        return _gun_odds(state, action)
    if isinstance(action, FireMissiles):
        return _volley_odds(state, action)
    if isinstance(action, Board):
        return boarding_odds(state, action)
    if isinstance(action, Swim):
        return swim_odds(state, action)
    from ahoy_tui.rules.ahoy.move_odds import odds as move_odds

    return move_odds(state, action)  # a pace, a ram, an anchor, boarders called home...


def _landing(state: AhoyState, ship: Ship, action: FireGun) -> list[tuple[Fraction, Ship | None,
                                                                          bool, str]]:
    """(chance, ship hit or None, raking, how) for each non-misfire face of the artillery die."""
    gun = next(g for g in ship.guns if g.id == action.gun)
    if action.guess == 0:
        target = nearest_target(state, ship, gun)
        if target is None:
            return []
        rake = target[2] in (BOW_EDGE, STERN_EDGE)
        return [(SIXTH * 5, target[1], rake, "point blank: any number hits")]
    origin, (ux, uy) = aim(ship, gun)
    line = on_the_line(state, ship, gun)
    out: list[tuple[Fraction, Ship | None, bool, str]] = []
    for face in ARTILLERY_NUMBERS:
        lands = action.guess + face - gun.range_loss
        point = (origin[0] + ux * lands, origin[1] + uy * lands)
        victim = next(((v, e) for _d, v, e in line if contains(ship_hull(v), point)), None)
        if victim is None:
            out.append((SIXTH, None, False, f"{face}: lands {lands}\", a miss"))
        else:
            rake = victim[1] in (BOW_EDGE, STERN_EDGE)
            out.append((SIXTH, victim[0], rake, f"{face}: lands {lands}\" on the "
                        f"{victim[0].name}" + (" (raking)" if rake else "")))
    return out


def _gun_odds(state: AhoyState, action: FireGun) -> Odds | None:
    if not state.has_ship(action.ship):
        return None
    ship = state.ship(action.ship)
    gun = next((g for g in ship.guns if g.id == action.gun), None)
    if gun is None:
        return None
    if tables().gun(gun.weapon).kind == "swivel" or action.shot == "grape":
        return _template_odds(state, ship, gun, action.shot)
    choice = fire_choice(state, ship, gun)
    if choice is None or choice[0] == "swivel":
        return None
    weapon = tables().gun(gun.weapon)
    chain = action.shot == "chain"
    crew = gun_crew(state, ship, gun.id)
    need = weapon.fire_needs(crew)
    ready = ready_chance(need)
    lines = [f"{weapon.name}{' (chainshot)' if chain else ''}: S{weapon.strength}, "
             f"damage {weapon.wounds}" + (" +1 chainshot" if chain else "")]
    if need is not None and need > 1:
        lines.append(f"Gun Crews: {crew} crew, fires on {need}+ ({percent(ready)})")
    lines.append(f"Artillery die: misfire 1 in 6 ({percent(ready * SIXTH)})")
    outcomes: dict[str, Fraction] = {}
    damage_sp = Fraction(0)  # expected SP on enemy hulls
    friendly_sp = Fraction(0)
    damaged = Fraction(0)
    critical = Fraction(0)

    def add(name: str, p: Fraction) -> None:
        if p:
            outcomes[name] = outcomes.get(name, Fraction(0)) + p

    add("not ready (short-handed)", ONE - ready)
    add("misfire", ready * SIXTH)
    point_blank = action.guess == 0
    for p, victim, rake, how in _landing(state, ship, action):
        lines.append(f"  {how}")
        p = ready * p
        if victim is None:
            add("miss", p)
            continue
        bonus = int(point_blank) + int(rake)
        wound, crit = damage_chances(weapon.strength, toughness(victim), bonus)
        need_w = to_wound_needed(weapon.strength, toughness(victim))
        worth = hit_worth(weapon, bonus, chain)
        add(f"hits the {victim.name}, no damage", p * (1 - wound))
        add(f"damages the {victim.name}", p * wound)
        enemy = victim.side != ship.side
        if enemy:
            damaged += p * wound
            damage_sp += p * wound * worth
            critical += p * crit
        else:
            friendly_sp += p * wound * worth
        mods = [m for m, on in (("+1 point blank", point_blank), ("+1 raking", rake)) if on]
        lines.append(f"    S{weapon.strength} v T{toughness(victim)}: damage on "
                     f"{need_w}+" + (f" ({', '.join(mods)})" if mods else "") if need_w
                     else f"    S{weapon.strength} v T{toughness(victim)}: cannot damage")
    lines.append("Outcomes:")
    lines.extend(f"  {name}: {percent(p)}" for name, p in outcomes.items())
    lines.append(f"Expected Structure Points on the enemy: {number(damage_sp, 2)}")
    if critical:
        lines.append(f"Critical hit (a natural 6 to damage): {percent(critical)}")
    if friendly_sp:
        lines.append(f"Expected Structure Points on your own ships: {number(friendly_sp, 2)}")
    summary = f"{percent(damaged)} · {number(damage_sp)} SP"
    expected = {"SP": damage_sp, "hits": damaged}
    if friendly_sp:
        expected["own SP"] = friendly_sp
        summary += " (friends!)"
    return Odds(summary, tuple(lines), tuple(outcomes.items()), expected)


def marksman_chance(bs: int, long_range: bool) -> tuple[Fraction, str]:
    """A marksman's chance to hit a crew aboard (always in cover, −1; long range −1 more), and
    the roll needed in words."""
    need = bs_to_hit(bs, 1 + int(long_range))
    if need <= 6:
        return Fraction(max(0, 7 - need), 6), f"{need}+"
    second = follow_up_needed(need)
    if second is None:
        return Fraction(0), "cannot hit"
    return SIXTH * Fraction(max(0, 7 - second), 6), f"6 then {second}+"


def _volley_odds(state: AhoyState, action: FireMissiles) -> Odds | None:
    if not state.has_ship(action.ship) or not state.has_ship(action.target):
        return None
    ship, target = state.ship(action.ship), state.ship(action.target)
    if all(t.id != target.id for t in missile_targets(state, ship)):
        return None
    gap = hull_gap(state, ship.id, target.id)
    chances: list[Fraction] = []
    lines = [f"Missile Weapons at the {target.name}'s crew, {gap:.1f}\" off (cover −1)"]
    for man in marksmen(state, ship):
        assert man.missile is not None
        weapon = tables().missile_weapon(man.missile)
        if gap > weapon.range:
            lines.append(f"  {man.profile}: {weapon.name} out of range")
            continue
        long_range = gap > weapon.range / 2
        p, need = marksman_chance(tables().profile(man.profile).BS, long_range)
        gunner = " (leaves the gun)" if man.task == Task.GUN else ""
        far = " long range" if long_range else ""
        lines.append(f"  {man.profile}: {weapon.name}{far} {need} ({percent(p)}){gunner}")
        chances.append(p)
    spread = hits(chances)
    lines.append("Hits on her crew (each then rolls to wound and to save):")
    lines.extend(f"  {n}: {percent(p)}" for n, p in sorted(spread.items()))
    expect = mean(spread)
    mean_hits = number(expect)
    summary = (f"{len(chances)} shot{'' if len(chances) == 1 else 's'} · {mean_hits} "
               f"hit{'' if mean_hits == '1' else 's'}")
    outcomes = tuple((f"{n} hit{'' if n == 1 else 's'}", p) for n, p in sorted(spread.items()))
    return Odds(summary, tuple(lines), outcomes, {"hits": expect})


def model_hit_chance(man: Crewman, need: int, strength: int, save_extra: int) -> Fraction:
    """A model under grapeshot or a swivel gun's shot: the chance he takes a wound (hit on
    ``need``+, to wound on S v T with a natural 1 failing, then his armour save, worsened by
    ``save_extra``), as ``ordnance._hit_models`` and ``crew.hit_man`` roll it."""
    profile = tables().profile(man.profile)
    wound_need = to_wound_needed(strength, profile.T)
    if wound_need is None:
        return Fraction(0)
    save = save_needed(man.armour, man.shield, strength, save_extra)
    unsaved = ONE if save is None else Fraction(save - 1, 6)
    return Fraction(max(0, 7 - need), 6) * Fraction(7 - max(2, wound_need), 6) * unsaved


def template_shot(gun: Gun, shot: str) -> tuple[str, int, int, int, float] | None:
    """(rule, to hit, Strength, save modifier, reach) of a gun that sprays shot over a template
    (a swivel gun, or a cannon loaded with grape), or None for one that fires along its line."""
    weapon = tables().gun(gun.weapon)
    if weapon.kind == "swivel":
        return "Swivel Guns", weapon.to_hit, weapon.strength, weapon.save_modifier, \
            float(weapon.range)
    if shot == "grape":
        grape = tables().table("grapeshot")
        return "Grapeshot", int(grape["to_hit"]), int(grape["strength"]), 0, \
            float(grape["length"])
    return None


def _template_odds(state: AhoyState, ship: Ship, gun: Gun, shot: str) -> Odds | None:
    """Grapeshot or a swivel gun: the models under it (as the rules find them now), each
    rolled for on its own, and for grapeshot the blast on each hull it covers."""
    spec = template_shot(gun, shot)
    if spec is None or gun.fired:
        return None
    rule, need, strength, save_extra, reach = spec
    weapon = tables().gun(gun.weapon)
    if weapon.kind == "swivel":
        origin, _direction, inside = swivel_area(ship, gun)
    else:
        origin, direction = aim(ship, gun)
        inside = under_teardrop(origin, direction)
    under = models_under(state, inside, reach_from=origin, reach=reach, skip=ship.id)
    if not any(c.side != ship.side for _, men in under for c in men):
        return None
    crew = gun_crew(state, ship, gun.id)
    crew_need = weapon.fire_needs(crew)
    ready = ready_chance(crew_need)
    fires = ready * (1 - SIXTH)  # ready, and the artillery die shows a number
    save = f", saves {save_extra:+d}" if save_extra else ""
    lines = [f"{rule}: {weapon.name}, each model under it hit on {need}+, S{strength}{save}"]
    if crew_need is not None and crew_need > 1:
        lines.append(f"Gun Crews: {crew} crew, fires on {crew_need}+ ({percent(ready)})")
    lines.append(f"Artillery die: misfire 1 in 6 ({percent(ready * SIXTH)})")
    slain: list[Fraction] = []  # each enemy model's chance to be slain, once it fires
    wounds = Fraction(0)
    own = Fraction(0)
    for victim, men in under:
        where = f"aboard the {victim.name}" if victim is not None else "in the water"
        lines.append(f"  {len(men)} model{'' if len(men) == 1 else 's'} {where}:")
        for man in men:
            p = model_hit_chance(man, need, strength, save_extra)
            friend = man.side == ship.side
            if friend:
                own += fires * p
            else:
                wounds += fires * p
                slain.append(p if man.wounds <= 1 else Fraction(0))
            lines.append(f"    {describe_man(state, man)}{' (yours!)' if friend else ''}: "
                         f"{percent(p)}" + ("" if man.wounds <= 1 else " a wound"))
    blast_sp = Fraction(0)
    own_sp = Fraction(0)
    if weapon.kind != "swivel":
        for victim, _men in under:
            if victim is None:
                continue
            wound, _crit = damage_chances(weapon.strength, toughness(victim), 0)
            worth = fires * wound * hit_worth(weapon, 0, False)
            lines.append(f"  the blast on the {victim.name}: S{weapon.strength} v "
                         f"T{toughness(victim)}, damages {percent(wound)}, "
                         f"{weapon.wounds} SP")
            if victim.side == ship.side:
                own_sp += worth
            else:
                blast_sp += worth
    spread = hits(slain)  # enemy models slain, once it fires
    lines.append("Enemy models slain:")
    lines.extend(f"  {n}: {percent(p * fires + (ONE - fires if n == 0 else 0))}"
                 for n, p in sorted(spread.items()))
    expect = fires * mean(spread)
    lines.append(f"Expected: {number(expect, 2)} slain, {number(wounds, 2)} wounds"
                 + (f", {number(blast_sp, 2)} SP on enemy hulls" if weapon.kind != "swivel"
                    else ""))
    if own or own_sp:
        lines.append(f"On your own: {number(own, 2)} wounds, {number(own_sp, 2)} SP")
    count = sum(1 for _, men in under for c in men if c.side != ship.side)
    summary = f"{count} under · {number(expect)} slain"
    if weapon.kind != "swivel":
        summary += f" · {number(blast_sp)} SP"
    if own or own_sp:
        summary += " (friends!)"
    outcomes = (("not ready (short-handed)", ONE - ready), ("misfire", ready * SIXTH))
    outcomes = tuple((name, p) for name, p in outcomes if p)
    fired = tuple((f"{n} slain", p * fires) for n, p in sorted(spread.items()))
    expected = {"slain": expect, "wounds": wounds}
    if weapon.kind != "swivel":
        expected["SP"] = blast_sp
    if own or own_sp:
        expected["own wounds"] = own
        expected["own SP"] = own_sp
    return Odds(summary, tuple(lines), outcomes + fired, expected)


def melee_men(state: AhoyState, ship: Ship) -> tuple[tuple[Man, ...], tuple[Man, ...]]:
    """(the boarders, her crew) on a deck as ``boarding.fight`` lines them up, each as a round
    of close combat reads him (charging in the turn he boarded)."""
    def man(c: Crewman) -> Man:
        charging = c.task == Task.BOARDING and c.boarded_turn == state.player_turn \
            and not c.exhausted
        return Man(c.ship, c.profile, c.wounds, c.footing, c.exhausted, c.armour, c.shield,
                   charging)
    boarders = tuple(man(c) for c in sorted(boarders_on(state, ship), key=lambda c: c.id))
    defenders = tuple(man(c) for c in sorted(own_aboard(state, ship), key=lambda c: c.id))
    return boarders, defenders


def boarding_odds(state: AhoyState, action: Board) -> Odds | None:
    """Boarding Actions: the men sent across charge, and the melee is fought out round by round
    (``rules/ahoy/melee_odds.py``)."""
    if not state.has_ship(action.ship) or not state.has_ship(action.target) or \
            action.count < 1:
        return None
    target = state.ship(action.target)
    if target.struck:
        return None  # boarded unopposed: nothing to roll
    after = board(state, Dice(Rng(0), []), action.ship, action.target, action.count)
    return melee_odds(after, action.target)


def swim_odds(state: AhoyState, action: Swim) -> Odds | None:
    """Swimming: swimmers who reach an enemy ship climb aboard, exhausted, and fight her crew
    as boarders do (``swimming.climb_aboard``, then the melee at the end of the turn)."""
    if not action.toward or not state.has_ship(action.toward):
        return None
    lead = next((c for c in state.crew if c.id == action.swimmer), None)
    target = state.ship(action.toward)
    if lead is None or target.side == lead.side or target.struck:
        return None
    if point_distance((lead.x, lead.y), ship_hull(target)) > tables().roll("swim_distance"):
        return None  # she is not reached this turn: no fight
    after = swim(state, Dice(Rng(0), []), action.swimmer, action.toward)
    return melee_odds(after, action.toward)


def melee_odds(after: AhoyState, target_id: str) -> Odds | None:
    """The melee on ``target_id``'s deck as it stands in ``after`` (the boarders across)."""
    target = after.ship(target_id)
    deck = target
    boarders, defenders = melee_men(after, deck)
    if not boarders or not defenders:
        return None
    seen = outlook(deck.id, boarders, defenders)
    ours = len(boarders)
    theirs = len(defenders)
    climb = any(not m.footing for m in boarders)
    lines = [f"{ours} boarders against the {target.name}'s {theirs} crew"
             + (" — up her higher side: 6s to hit until each slays his man" if climb else ""),
             "Each attack: to hit by WS (3+ over a lower WS, 5+ against more than twice it, "
             "else 4+), to wound on S v T (a natural 1 fails), then the armour save"]
    for kind, who in ((boarders, "Boarders"), (defenders, "Her crew")):
        counts: dict[str, int] = {}
        for m in kind:
            counts[m.profile] = counts.get(m.profile, 0) + 1
        lines.append(f"  {who}: " + ", ".join(f"{n} {tables().profile(p).name.lower()}"
                                                f"{'s' if n > 1 else ''}"
                                                for p, n in counts.items()))
    if seen.first is None:
        lines.append("Too many men to count every blow of the first round in time")
        return Odds(f"{ours} v {theirs} · too many to count", tuple(lines), (), {})
    first = seen.first
    taken1 = sum((p for (b, d), p in first if b and not d), Fraction(0))
    repelled1 = sum((p for (b, _d), p in first if not b), Fraction(0))
    slain1 = sum((p * (theirs - len(d)) for (_b, d), p in first), Fraction(0))
    lost1 = sum((p * (ours - len(b)) for (b, _d), p in first), Fraction(0))
    how = ("boarders charging, striking first" if any(m.charging for m in boarders)
           else "swimmers exhausted: 6s to hit, striking last"
           if any(m.exhausted for m in boarders) else "by Initiative")
    lines.append(f"The first round ({how}): {number(slain1, 2)} of "
                 f"hers slain, {number(lost1, 2)} of yours")
    if taken1:
        lines.append(f"  she is taken in it: {percent(taken1)}")
    if repelled1:
        lines.append(f"  your boarders are all down in it: {percent(repelled1)}")
    expected = {}
    outcomes: tuple[tuple[str, Fraction], ...]
    if seen.melee is not None:
        taken, repelled, left, crew_left = seen.melee
        lines.append("The whole melee, a round at the end of each player's turn and her Ld "
                     "test at the start of hers while outnumbered (Surrendering a Boarded "
                     "Ship):")
        lines.append(f"  she is taken: {percent(taken)}; the boarders are repelled: "
                     f"{percent(repelled)}")
        lines.append(f"  your boarders lost: {number(ours - left, 2)}; her crew slain: "
                     f"{number(theirs - crew_left, 2)}")
        expected = {"slain in round 1": slain1, "lost in round 1": lost1, "taken": taken}
        outcomes = (("taken", taken), ("repelled", repelled))
        if taken + repelled < 1:
            outcomes += (("never ends", 1 - taken - repelled),)
        summary = f"takes her {percent(taken)} · R1 {number(slain1)} slain, {number(lost1)} lost"
    else:
        lines.append("The whole melee: too many ways to count in time (the first round only)")
        expected = {"slain in round 1": slain1, "lost in round 1": lost1}
        outcomes = (("taken in round 1", taken1), ("repelled in round 1", repelled1),
                    ("fighting on", 1 - taken1 - repelled1))
        summary = f"R1 {number(slain1)} slain, {number(lost1)} lost"
    outcomes = tuple((name, p) for name, p in outcomes if p)
    return Odds(summary, tuple(lines), outcomes, expected)
