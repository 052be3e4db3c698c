"""The odds of the boarding choices (the ``odds`` hook's share of the deck battlemaps): lowering
a boarding bridge or placing a ramp, raising or throwing one off, a boarding party jumping
across or running over an unsecured bridge or a ramp, dumping fire pots (and a catapult's
pitch). Every face of every die is counted, with the men where they stand now; the rules'
own functions say who goes, who stands under a bridge and who is in the puddle."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ahoy_tui.engine.odds import Odds, at_least, combine, dice, hits, mean, number, percent
from ahoy_tui.rules.acks import boarding, crossing, jumping, pitch
from ahoy_tui.rules.acks.deck import bow_square, deck_size, occupied
from ahoy_tui.rules.acks.model import AcksState, Bridge, Figure, Fire
from ahoy_tui.rules.acks.overboard import boarding_table
from ahoy_tui.rules.acks.ramming import armour
from ahoy_tui.rules.acks.tables import dice_expr, tables

ZERO = Fraction(0)
ONE = Fraction(1)


# --- the throws ------------------------------------------------------------------------------

def save_fails(need: int) -> Fraction:
    """A saving throw (d20 >= ``need``; no natural 1 or 20 rule) failed."""
    return Fraction(min(20, max(0, need - 1)), 20)


def attack_hits(need: int, bonus: int) -> Fraction:
    """An attack throw: d20 + ``bonus`` >= ``need``, a natural 20 hits, a 1 misses."""
    return Fraction(sum(1 for face in range(1, 21)
                        if face == 20 or (face != 1 and face + bonus >= need)), 20)


def dungeonbashing_chance(modifier: int) -> Fraction:
    """A Dungeonbashing throw (``boarding.dungeonbashing``): d20 >= 18 - modifier, never on
    a 1."""
    need = int(tables()["attack"]["dislodge"]) - modifier
    return Fraction(sum(1 for face in range(2, 21) if face >= need), 20)


def _men(n: int) -> str:
    return f"{n} man" if n == 1 else f"{n} men"


def _overboard(men: Sequence[Figure], chance: Fraction, what: str) -> tuple[
        list[str], dict[int, Fraction]]:
    """The men on a falling bridge or ramp (which falls with ``chance``): each a Paralysis
    save or overboard. The lines that say so, and the chance of each number overboard."""
    fails = [save_fails(f.save("paralysis")) for f in men]
    dist = {k: p * chance for k, p in hits(fails).items()}
    dist[0] = dist.get(0, ZERO) + (1 - chance)
    if not men:
        return [], dist
    needs = sorted({f.save("paralysis") for f in men})
    lines = [f"{_men(len(men))} on the {what}: each a Paralysis save "
             f"({'/'.join(f'{n}+' for n in needs)}) or overboard; "
             f"~{number(mean(dist))} overboard"]
    return lines, dist


# --- bridges and ramps -----------------------------------------------------------------------

def lower(state: AcksState, vessel_id: str, target_id: str, kind: str) -> Odds:
    """Lowering her bridge or placing her ramp: the operator's attack throw against the enemy
    vessel's AC (a bridge fastened on a hit, down unsecured on a miss; a ramp placed or not);
    the enemy's men under a falling bridge each a Blast save or 2d8 and prone."""
    vessel, target = state.vessel(vessel_id), state.vessel(target_id)
    sx, sy = bow_square(vessel) if kind == "bridge" else boarding.landing(vessel, target)
    man = boarding.operator(state, vessel, sx, sy)
    bonus = man.attack if man is not None else 0
    need = int(tables()["attack"]["target_base"]) + armour(target)
    p = attack_hits(need, bonus)
    who = man.name if man is not None else "her crew"
    lines = [f"{who}'s attack throw at {target.name}: d20 {bonus:+d} vs {need}: "
             f"{max(2, min(20, need - bonus))}+ on the die ({percent(p)})"]
    if kind == "ramp":
        return Odds(f"{percent(p)} placed", (*lines, f"placed {percent(p)}, else not"),
                    (("placed", p), ("not placed", 1 - p)))
    lines.append(f"fastened {percent(p)} (both vessels stop); else down unsecured "
                 f"({percent(1 - p)})")
    x, y = boarding.landing(target, vessel)
    under = boarding.under_bridge(state, target, x, y)
    hurt = dice(2, 8)
    down = ZERO
    for f in under:
        fail = save_fails(f.save("blast"))
        falls = fail * at_least(hurt, f.hp)
        down += falls
        lines.append(f"  {f.name} under it: Blast {f.save('blast')}+, else 2d8 and prone "
                     f"({percent(fail)} struck, {percent(falls)} down at {f.hp} hp)")
    summary = f"{percent(p)} fast" + (f" · {len(under)} under it" if under else "")
    return Odds(summary, tuple(lines), (("fastened", p), ("unsecured", 1 - p)),
                {"down": down})


def raise_bridge(state: AcksState, vessel_id: str) -> Odds | None:
    """Raising her bridge: fastened, a Dungeonbashing throw at -4 for each man on it; the men
    on it, if it comes up, each a Paralysis save or overboard. An unsecured bridge with
    nobody on it comes up with no die."""
    bridge = boarding.bridge_from(state, vessel_id)
    if bridge is None:
        return None
    men = boarding.on_it(state, bridge)
    if not bridge.fast and not men:
        return None
    lines = []
    p = ONE
    if bridge.fast:
        mod = -4 * len(men)
        p = dungeonbashing_chance(mod)
        lines.append(f"fastened: Dungeonbashing {mod:+d} ({_men(len(men))} on it): "
                     f"{percent(p)}")
    more, dist = _overboard(men, p, bridge.kind)
    lines += more
    return _comes_off(f"{percent(p)} raised", lines, p, dist, "raised", "stays down")


def dislodge(state: AcksState, vessel_id: str, owner: str) -> Odds | None:
    """Throwing off an enemy's unsecured bridge or ramp: Dungeonbashing, a ramp +4, +4 a man
    helping, -4 a man on it; the men on it each a Paralysis save or overboard."""
    bridge = boarding.bridge_from(state, owner)
    if bridge is None:
        return None
    helpers, mod = boarding.dislodge_modifier(state, vessel_id, bridge)
    p = dungeonbashing_chance(mod)
    men = boarding.on_it(state, bridge)
    lines = [f"Dungeonbashing {mod:+d} ({'a ramp +4, ' if bridge.kind == 'ramp' else ''}"
             f"{helpers} helping, {_men(len(men))} on it): {percent(p)}"]
    more, dist = _overboard(men, p, bridge.kind)
    lines += more
    return _comes_off(f"{percent(p)} thrown off", lines, p, dist, "thrown off", "holds")


def _comes_off(summary: str, lines: list[str], p: Fraction, dist: dict[int, Fraction],
               done: str, not_done: str) -> Odds:
    overboard = mean(dist)
    if overboard:
        summary += f" · ~{number(overboard)} overboard"
    return Odds(summary, tuple(lines), ((done, p), (not_done, 1 - p)),
                {"overboard": overboard})


# --- a boarding party across -----------------------------------------------------------------

def jump_outcomes(figure: Figure, gap_ft: int, onto_smaller: bool,
                  run_up_ft: int) -> dict[str, Fraction]:
    """One man's leap (``jumping.jump``): the d6 of his reach, the d20 of his landing save,
    and on a failure the d6 he falls short by; the chance of each way he comes down."""
    rules = tables_jump()
    sides, short_die = int(str(rules["die"])), int(str(rules["short_die"]))
    need, bonus = jumping.landing_save(figure)
    saves = Fraction(sum(1 for face in range(1, 21) if face + bonus >= need), 20)
    out = dict.fromkeys(jumping.OUTCOMES, ZERO)
    for face in range(1, sides + 1):
        share = Fraction(1, sides)
        margin = jumping.reach_with(figure, onto_smaller, run_up_ft, face) - gap_ft
        if margin < 0:
            out["water"] += share
            continue
        out["landed"] += share * saves
        for short in range(1, short_die + 1):
            left = margin - short
            way = "prone" if left > 0 else "hanging" if left == 0 else "water"
            out[way] += share * (1 - saves) / short_die
    return out


def tables_jump() -> dict[str, object]:
    return dict(boarding_table()["jump"])


def _free_squares(state: AcksState, vessel_id: str) -> int:
    length, width = deck_size(state.vessel(vessel_id))
    return length * width - len(occupied(state, vessel_id))


def jump_across(state: AcksState, vessel_id: str, target_id: str, men: int = 0) -> Odds | None:
    """Her boarding party jumping (``crossing.board``): each man who would leap, in the order
    they go, and his chance of landing, landing prone, hanging from her hull or falling in
    the water; a man on his feet or prone takes a square of her deck, and once it is full the
    rest do not jump."""
    vessel, target = state.vessel(vessel_id), state.vessel(target_id)
    going = crossing.setting_out(state, vessel_id, target_id, "jump", True, men)
    if not going:
        return None
    gap_ft = crossing.span(state, vessel, target)
    smaller = crossing.larger(vessel, target)
    room = _free_squares(state, target_id)
    filled: dict[int, Fraction] = {0: ONE}
    expected = dict.fromkeys(jumping.OUTCOMES, ZERO)
    kinds: dict[tuple[tuple[str, Fraction], ...], int] = {}
    for f, to_rail in going:
        ways = jump_outcomes(f, gap_ft, smaller, crossing.run_up_for(f, to_rail, gap_ft))
        key = tuple(ways.items())
        kinds[key] = kinds.get(key, 0) + 1
        after: dict[int, Fraction] = {}
        for k, p in filled.items():
            if k >= room:               # no free square: he does not jump
                after[k] = after.get(k, ZERO) + p
                continue
            on_deck = ways["landed"] + ways["prone"]
            after[k + 1] = after.get(k + 1, ZERO) + p * on_deck
            after[k] = after.get(k, ZERO) + p * (1 - on_deck)
            for way, q in ways.items():
                expected[way] += p * q
        filled = after
    across = mean(filled)
    lines = [f"{_men(len(going))} leap the {gap_ft}' gap to {target.name} (DEX + 1d6 feet, "
             "then a Paralysis save to land)"]
    for key, n in sorted(kinds.items(), key=lambda kv: -kv[1]):
        ways = dict(key)
        lines.append(f"  {_men(n)}: lands {percent(ways['landed'])}, prone "
                     f"{percent(ways['prone'])}, hanging {percent(ways['hanging'])}, in the "
                     f"water {percent(ways['water'])}")
    if room < len(going):
        lines.append(f"room on her deck for {room}: the rest do not jump once it is full")
    lines.append(f"~{number(across)} across, ~{number(expected['water'])} in the water, "
                 f"~{number(expected['hanging'])} hanging from her hull")
    return Odds(f"~{number(across)} across · ~{number(expected['water'])} in the water",
                tuple(lines), tuple((f"{k} across", p) for k, p in sorted(filled.items())),
                {"across": across, **expected})


def run_across(state: AcksState, vessel_id: str, target_id: str, by: str, run: bool,
               men: int = 0) -> Odds | None:
    """Running over an unsecured bridge or a ramp: each man who goes over it this round a
    Paralysis save or overboard. Walking, or over a fastened bridge, nobody rolls."""
    bridge = boarding.bridge_from(state, vessel_id)
    if bridge is None or not run or (by == "bridge" and bridge.fast):
        return None
    going = [f for f, _ in crossing.setting_out(state, vessel_id, target_id, by, run, men)]
    if not going:
        return None
    fails = [save_fails(f.save("paralysis")) for f in going]
    dist = hits(fails)
    lost = mean(dist)
    what = "unsecured bridge" if by == "bridge" else "ramp"
    needs = sorted({f.save("paralysis") for f in going})
    lines = (f"{_men(len(going))} run across the {what}: each a Paralysis save "
             f"({'/'.join(f'{n}+' for n in needs)}) or overboard",
             f"~{number(lost)} overboard, ~{number(len(going) - lost)} across")
    return Odds(f"~{number(lost)} overboard of {len(going)}", lines,
                tuple((f"{k} overboard", p) for k, p in sorted(dist.items())),
                {"overboard": lost})


def board(state: AcksState, vessel_id: str, target_id: str, by: str, run: bool,
          men: int) -> Odds | None:
    if by == "jump":
        return jump_across(state, vessel_id, target_id, men)
    if by in ("bridge", "ramp"):
        return run_across(state, vessel_id, target_id, by, run, men)
    return None          # along a grapple line: no throw (``lines``)


# --- burning pitch ---------------------------------------------------------------------------

def scorch(state: AcksState, target_id: str, x: int, y: int, expr: str) -> tuple[
        dict[int, Fraction], dict[int, Fraction], list[Figure]]:
    """Burning pitch landing on her deck at (x, y) (``pitch.ignite``): one roll of its dice to
    her hull and to each man in the puddle, who saves against Blast for half. The hull's
    damage, the number of men down, and the men in it."""
    count, sides = dice_expr(expr)
    hull = dice(count, sides)
    men = pitch.caught(state, Fire("odds", target_id, x, y, expr.lower(), 0))
    down: dict[int, Fraction] = {}
    for total, p in hull.items():
        each = []
        for f in men:
            fail = save_fails(f.save("blast"))
            each.append(fail * (total >= f.hp) + (1 - fail) * (total // 2 >= f.hp))
        for k, q in hits(each).items():
            down[k] = down.get(k, ZERO) + p * q
    return hull, down, men


def _scorch_lines(target_name: str, expr: str, hull: dict[int, Fraction],
                  down: dict[int, Fraction], men: Sequence[Figure]) -> list[str]:
    lines = [f"{expr} to {target_name}'s hull (mean {number(mean(hull))} shp); she is aflame"]
    if men:
        needs = sorted({f.save("blast") for f in men})
        lines.append(f"{_men(len(men))} in the 15' puddle: the same roll each, half on a "
                     f"Blast save ({'/'.join(f'{n}+' for n in needs)}); "
                     f"~{number(mean(down))} down")
    return lines


def dump_pots(state: AcksState, vessel_id: str, target_id: str) -> Odds:
    """Dumping her fire pots (``pitch.dump_fire_pots``): no throw to land them; their 4d6 to
    the hull and the men in the puddle where they fall."""
    x, y = pitch.aim_square(state, vessel_id, target_id)
    expr = str(pitch.pots()["dice"])
    hull, down, men = scorch(state, target_id, x, y, expr)
    lines = _scorch_lines(state.vessel(target_id).name, expr, hull, down, men)
    summary = f"{number(mean(hull))} shp" + (f" · ~{number(mean(down))} down" if men else "")
    return Odds(summary, tuple(lines),
                tuple((f"{k} down", p) for k, p in sorted(down.items())),
                {"shp": mean(hull), "down": mean(down)})


def pitch_shot(state: AcksState, target_id: str, kind: str, chance: Fraction,
               lines: list[str]) -> Odds:
    """A catapult's burning pitch (``fire.shoot``): on a hit it lands amidships, its dice to
    the hull and the men there."""
    target = state.vessel(target_id)
    length, width = deck_size(target)
    expr = pitch.pitch_dice(kind)
    hull, down, men = scorch(state, target_id, length // 2, width // 2, expr)
    hit_down = {k: p * chance for k, p in down.items()}
    hit_down[0] = hit_down.get(0, ZERO) + 1 - chance
    shp = chance * mean(hull)
    lines = [*lines, f"hit {percent(chance)}: burning pitch amidships",
             *_scorch_lines(target.name, expr, hull, down, men),
             f"expected {number(shp)} shp"]
    return Odds(f"{percent(chance)} aflame · {number(shp)} shp", tuple(lines),
                (("hit", chance), ("miss", 1 - chance)),
                {"shp": shp, "down": mean(hit_down)})


def falling(state: AcksState, bridges: Sequence[Bridge]) -> tuple[list[str], dict[int, Fraction]]:
    """Bridges and ramps that fall for certain (a vessel moved): the men on them save or go
    overboard."""
    lines: list[str] = []
    dist: dict[int, Fraction] = {0: ONE}
    for b in bridges:
        more, d = _overboard(boarding.on_it(state, b), ONE, b.kind)
        lines += [f"{state.vessel(b.vessel).name}'s {b.kind} falls: " + line for line in more]
        dist = combine(dist, d)
    return lines, dist
