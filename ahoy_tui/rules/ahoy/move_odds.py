"""The odds of the choices that roll for their outcome away from the guns: a ship's pace (her
movement dice, a burst of speed, the ram's 6"), a turn in Light Airs or a Gale or out of irons,
an advance that meets another hull (a ram or a collision), avoiding a rammer, re-rolling a ram's
damage die, cutting loose, cutting or dropping the anchor, casting off too short-handed,
recalling boarders and slaying swimmers picked up.

Every face is counted (``engine/odds.py``) from the rules' own tables, as ``movement.py``,
``ramming.py``, ``boarding.py`` and ``swimming.py`` roll them. A blow's Structure Points are the
damage dice as first thrown (the rammer's re-roll of one die is a choice of its own, with odds
of its own); what damage then does (strike tests, criticals) is the charts' after.
"""

from __future__ import annotations

import math
from fractions import Fraction

from ahoy_tui.engine.dice import parse_expr
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import advance
from ahoy_tui.engine.odds import (
    ONE,
    Dist,
    Odds,
    at_least,
    chance,
    combine,
    constant,
    dice,
    die,
    hits,
    mapped,
    mean,
    number,
    percent,
)
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.combat import save_needed, to_wound_needed
from ahoy_tui.rules.ahoy.common import half_up
from ahoy_tui.rules.ahoy.crew import apply_plan, fire_fighters, in_control, leader_ld, own_aboard
from ahoy_tui.rules.ahoy.fire import share
from ahoy_tui.rules.ahoy.fire_ships import sparks
from ahoy_tui.rules.ahoy.model import AhoyState, Crewman, CrewPlan, Ship, Task, update_ship
from ahoy_tui.rules.ahoy.movement import (
    ahead,
    anchor_roll_needed,
    fixed_rate,
    pace_options,
    power,
    steering_roll,
)
from ahoy_tui.rules.ahoy.ramming import can_avoid, dodges, toughness
from ahoy_tui.rules.ahoy.tables import tables
from ahoy_tui.rules.ahoy.terrain import Hazard, called, feature, kind_of, strikes_as
from ahoy_tui.rules.ahoy.turrets import bearing_to, swing
from ahoy_tui.rules.ahoy.wind import BEATING

SIXTH = Fraction(1, 6)
DRIFT = dice(1, 6)  # Ships Adrift: D6" with the wind


def need_chance(need: int, modifier: int = 0) -> Fraction:
    """A D6 needing ``need``+ after ``modifier`` (``Dice.need``: no natural 1 rule)."""
    return Fraction(sum(1 for face in range(1, 7) if face + modifier >= need), 6)


def ld_chance(ld: int) -> Fraction:
    """A Leadership test: 2D6 at most Ld."""
    return chance(dice(2, 6), lambda total: total <= ld)


def odds(state: AhoyState, action: object) -> Odds | None:
    match action:
        case a.AssignCrew():
            return fire_fighting_odds(state, action)
        case a.DeclareRam():
            return ram_speed_odds(state, action)
        case a.StartMove():
            return pace_odds(state, action)
        case a.Turn():
            return turn_odds(state)
        case a.Advance():
            return advance_odds(state, action)
        case a.Avoid():
            return avoid_odds(state, action)
        case a.RerollRamDie():
            return reroll_odds(state, action)
        case a.CutLoose():
            return _simple(state, action.ship, tables().roll("cut_loose"), "cut free",
                           "still entangled", "Ramming and Ships Becoming Entangled: cut free")
        case a.CutAnchor():
            return _simple(state, action.ship, tables().roll("anchor_cut"), "cut free",
                           "still held", "Anchors: cut the anchor loose", drifts=True)
        case a.DropAnchor():
            if not state.has_ship(action.ship) or \
                    not anchor_roll_needed(state, state.ship(action.ship)):
                return None  # the crew in control lower it: nothing to roll
            return _simple(state, action.ship, tables().roll("anchor_lower"), "lowered",
                           "fouled", "Anchors: lower it without the crew in control")
        case a.CastOffFromQuay():
            return quay_odds(state, action)
        case a.RecallBoarders():
            return recall_odds(state, action)
        case a.DealWithSwimmers():
            return swimmers_odds(state, action)
        case a.TrainTurret():
            return turret_odds(state, action)
    return None


def _simple(state: AhoyState, ship_id: str, need: int, success: str, failure: str,
            what: str, *, drifts: bool = False) -> Odds | None:
    if not state.has_ship(ship_id):
        return None
    p = need_chance(need)
    lines = [f"{what}: {need}+ on a D6 ({percent(p)})"]
    outcomes: tuple[tuple[str, Fraction], ...] = ((success, p), (failure, ONE - p))
    expected = {success: p}
    summary = f"{success} {percent(p)} ({need}+)"
    if drifts:
        lines.append(f"  then she drifts D6\" with the wind (Ships Adrift): "
                     f"{number(mean(DRIFT))}\" on average")
        expected["drift"] = p * mean(DRIFT)
    return Odds(summary, tuple(lines), outcomes, expected)


# --- a ship's pace -----------------------------------------------------------------------------


def pace_odds(state: AhoyState, action: a.StartMove) -> Odds | None:
    """The inches a pace gives her this turn, as ``start_move`` rolls them."""
    if not state.has_ship(action.ship):
        return None
    ship = state.ship(action.ship)
    pace = next((p for p in pace_options(state, ship) if p.name == action.pace), None)
    if pace is None or pace.name == "hold":
        return None
    lines: list[str] = []
    in_irons = Fraction(0)
    if pace.name == "astern":
        allowance: Dist = constant(power(ship).astern)
    elif pace.allowance is None:
        rate, fixed, point = fixed_rate(state, ship)
        rolled_in_full = pace.name in ("full", "burst")
        plus = fixed if rolled_in_full else 0
        faces = die(6)
        sides = 3 if rate.dice == "D3" else 6
        allowance = mapped(faces, lambda f: (f + 1) // 2 + plus if sides == 3 else f + plus)
        lines.append(f"Speed {point}: {rate.dice}+{plus}")
        if ship.size == "large" and point == BEATING and power(ship).by_wind:
            manoeuvre = tables().table("in_irons")["manoeuvre"]
            in_irons = Fraction(sum(1 for f in range(1, 7) if f < manoeuvre), 6)
            lines.append(f"  a Large ship beating: In Irons on a natural {manoeuvre - 1} or "
                         f"less ({percent(in_irons)})")
    else:
        allowance = constant(pace.allowance)
        _rate, _fixed, point = fixed_rate(state, ship)
        if ship.size == "large" and point == BEATING and power(ship).by_wind and \
                pace.allowance > 0:
            in_irons = ONE
    if ship.dismasted:
        cap = die(6)
        allowance = combine(allowance, cap, lambda x, c: x if x <= 0 else min(x, c))
        lines.append(f"  {power(ship).crippled}: at most D6\"")
    misfire = Fraction(0)
    if pace.name == "burst":
        drive = power(ship)
        artillery = {n // 2: SIXTH for n in (2, 4, 6, 8, 10)} | {0: SIXTH}
        allowance = combine(allowance, artillery)
        misfire = SIXTH
        lines.append(f"  {drive.burst} an artillery die: half its score more, a misfire "
                     f"({percent(misfire)}) costs {drive.burst_misfire} SP")
    halts = allowance.get(0, Fraction(0))
    rolled = len(allowance) > 1 or bool(in_irons and in_irons < 1) or bool(misfire) or \
        (halts > 0) or ship.rudder_damaged
    if not rolled:
        return None
    lines.append("Inches this turn:")
    lines.extend(f"  {n}\": {percent(p)}" for n, p in sorted(allowance.items()))
    if halts:
        lines.append(f"  at 0\" she drifts D6\" with the wind (Ships Adrift): "
                     f"{percent(halts)}")
    if ship.rudder_damaged:
        lines.append("  her damaged rudder: a D6 on the rudder table before she moves")
    expected: dict[str, Fraction] = {"inches": mean(allowance)}
    low, high = min(allowance), max(allowance)
    summary = (f"{low}-{high}\" · {number(mean(allowance))}\" avg" if low != high
               else f"{low}\"" + (" · drifts D6\"" if low == 0 else ""))
    if ship.ram_target is not None and pace.name != "astern":
        speed = tables().roll("ram_min_speed")
        ram = at_least(allowance, speed)
        lines.append(f"Fast enough to ram ({speed}\"+): {percent(ram)}")
        expected["ram"] = ram
        summary += f" · ram {percent(ram)}"
    if in_irons:
        expected["in irons"] = in_irons
        summary += f" · irons {percent(in_irons)}"
    if misfire:
        expected["misfire"] = misfire
    outcomes = tuple((f"{n}\"", p) for n, p in sorted(allowance.items()))
    return Odds(summary, tuple(lines), outcomes, expected)


def ram_speed_odds(state: AhoyState, action: a.DeclareRam) -> Odds | None:
    """Ramming: declared now, the ram is made only at 6" or more: the chance of it at each pace
    she may choose in her movement (her heading and the wind as they are), the best first."""
    if not state.has_ship(action.ship):
        return None
    ship = state.ship(action.ship)
    braced = update_ship(state, ship.id, ram_target=action.target)
    need = tables().roll("ram_min_speed")
    best: tuple[Fraction, str] | None = None
    lines = [f"Ramming: she rams only at {need}\" or more; braced, her crew may not shoot"]
    for pace in pace_options(braced, braced.ship(ship.id)):
        if pace.name in ("halt", "hold", "astern"):
            continue
        odds = pace_odds(braced, a.StartMove(ship.id, pace.name))
        p = odds.expected.get("ram", Fraction(0)) if odds is not None else \
            (ONE if (pace.allowance or 0) >= need else Fraction(0))
        lines.append(f"  {pace.label}: {percent(p)}")
        if best is None or p > best[0]:
            best = (p, pace.label.split(":")[0])
    if best is None:
        return None
    summary = f"{need}\"+ {percent(best[0])} ({best[1]})"
    return Odds(summary, tuple(lines), (("fast enough", best[0]), ("called off", ONE - best[0])),
                {"ram": best[0]})


def turn_odds(state: AhoyState) -> Odds | None:
    """Light Airs and Gales: 4+ to change heading (once a move); In Irons: a roll to turn."""
    move = state.move
    if move is None or not state.has_ship(move.ship):
        return None
    ship = state.ship(move.ship)
    p = ONE
    lines = []
    if steering_roll(state, ship) and move.steer_ok is None:
        need = tables().table("wind")["steer_roll"]
        q = need_chance(need)
        p *= q
        lines.append(f"{state.options.weather.replace('_', ' ').title()}: {need}+ to change "
                     f"heading this move ({percent(q)})")
    if move.in_irons:
        need = tables().table("in_irons")["turn"]
        q = need_chance(need)
        p *= q
        lines.append(f"In Irons: {need}+ to turn out of irons ({percent(q)}); failing, she "
                     "stays In Irons and her move ends")
    if not lines:
        return None
    return Odds(f"turns {percent(p)}", tuple(lines), (("turns", p), ("does not", ONE - p)),
                {"turns": p})


# --- rams and collisions -----------------------------------------------------------------------


def blow(mover: Ship, target: Ship, impact: str, glancing: bool) -> tuple[
        Fraction, dict[int, Fraction], list[str]]:
    """(the chance the blow damages her, the Structure Points it deals, the words) as
    ``strike_home`` and ``finish_impact`` roll them, before any re-roll."""
    strength = toughness(mover)
    need = to_wound_needed(strength, toughness(target))
    count = tables().size(mover.size).ram_dice
    bonus = impact == "ram" and mover.ram and not glancing
    words = [f"S{strength} (her T) v T{toughness(target)}: "
             + (f"damages on {need}+ (a natural 1 fails)" if need else "cannot damage")]
    if need is None:
        return Fraction(0), constant(0), words
    wounds = Fraction(7 - max(2, need), 6)

    def dealt(total: int) -> int:
        total += count if bonus else 0
        if glancing:
            total = half_up(total)
        if impact == "collision":
            total = half_up(total)
        return total

    rolled = mapped(dice(count, 6), dealt) if count else constant(0)
    how = f"{count}D6" + (f"+{count} (her ram)" if bonus else "")
    halves = [w for w, on in (("halved: glancing", glancing),
                              ("halved: a collision", impact == "collision")) if on]
    words.append(f"  damage {how}" + (f", {', '.join(halves)}" if halves else ""))
    out = {0: ONE - wounds}
    for sp, p in rolled.items():
        out[sp] = out.get(sp, Fraction(0)) + wounds * p
    return wounds, out, words


def hurt_back(mover: Ship, impact: str, dealt: dict[int, Fraction]) -> tuple[Fraction, str]:
    """The Rammer: the Structure Points she takes herself, on average (half what she dealt,
    on a 1-3, or a 1 with a ram), and the words."""
    threshold = tables().roll("rammer_hurt_with_ram" if mover.ram and impact == "ram"
                              else "rammer_hurt")
    p = Fraction(threshold, 6)
    own = sum((q * p * half_up(sp) for sp, q in dealt.items() if sp > 0), Fraction(0))
    return own, f" half what she deals, on {'a 1' if threshold == 1 else f'1-{threshold}'}"


def impact_odds(state: AhoyState, mover: Ship, target: Ship, impact: str, avoids: Fraction,
                *, target_asks: bool) -> Odds:
    """The blow as the target's captain (``target_asks``) or the mover's sees it: ``avoids``
    the chance her captain passes his test (the Small dodges aside, the bigger ship takes it
    glancing)."""
    dodge = dodges(target)
    full_p, full, words = blow(mover, target, impact, glancing=False)
    lines = [f"The {mover.name} {'rams' if impact == 'ram' else 'collides with'} the "
             f"{target.name}"]
    if avoids:
        lines.append(f"If her captain fails ({percent(ONE - avoids)}), the full blow:")
    lines += words
    dealt: dict[int, Fraction] = {sp: (ONE - avoids) * p for sp, p in full.items()}
    hit = (ONE - avoids) * full_p
    if avoids and not dodge:
        glance_p, glance, glance_words = blow(mover, target, impact, glancing=True)
        lines += [f"If he passes ({percent(avoids)}), a glancing blow:", *glance_words]
        for sp, p in glance.items():
            dealt[sp] = dealt.get(sp, Fraction(0)) + avoids * p
        hit += avoids * glance_p
    elif avoids:
        lines.append(f"If he passes ({percent(avoids)}), she slips aside: no blow")
        dealt[0] = dealt.get(0, Fraction(0)) + avoids
    sp = mean(dealt)
    own, own_words = hurt_back(mover, impact, dealt)
    lines.append(f"The {mover.name} herself:{own_words}")
    lines.append("Structure Points on the " + target.name + ":")
    lines.extend(f"  {n}: {percent(p)}" for n, p in sorted(dealt.items()) if p)
    lines.append(f"Expected: {number(sp, 2)} SP on her, {number(own, 2)} on the {mover.name}")
    if impact == "ram" and mover.ram:
        lines.append("(before the ram re-rolls one damage die, a choice of its own)")
    outcomes = tuple((f"{n} SP", p) for n, p in sorted(dealt.items()) if p)
    if target_asks:
        summary = f"{percent(hit)} hurt · {number(sp)} SP taken"
    else:
        summary = f"damages {percent(hit)} · {number(sp)} SP" + \
            (f" · own {number(own)}" if own else "")
        if mover.side == target.side:
            summary += " (yours!)"
    return Odds(summary, tuple(lines), outcomes, {"SP": sp, "damages": hit, "own SP": own})


def avoid_odds(state: AhoyState, action: a.Avoid) -> Odds | None:
    pending = state.pending
    if pending is None or pending.kind != "avoid" or not state.has_ship(pending.ship) or \
            not state.has_ship(pending.other):
        return None
    target, mover = state.ship(pending.ship), state.ship(pending.other)
    avoids = Fraction(0)
    odds = None
    if action.attempt:
        ld, who = leader_ld(state, target)
        avoids = ld_chance(ld)
        odds = impact_odds(state, mover, target, pending.impact, avoids, target_asks=True)
        how = "slips aside" if dodges(target) else "takes it glancing"
        return replace(odds, breakdown=(f"Avoiding Rammers: {who}, 2D6 ≤ {ld}: she {how} "
                                        f"({percent(avoids)})", *odds.breakdown))
    return impact_odds(state, mover, target, pending.impact, avoids, target_asks=True)


def advance_odds(state: AhoyState, action: a.Advance) -> Odds | None:
    """An advance that meets something: terrain, another hull (a ram, declared and at 6" or
    more, or a collision; her captain, if he can, tests to avoid: the odds count him trying),
    and the fires of a blazing ship within 1" of her path (Fire Ships)."""
    move = state.move
    if move is None or not state.has_ship(move.ship):
        return None
    mover = state.ship(move.ship)
    distance = min(float(action.inches), move.remaining)
    contact, contact_at, exit_at, hazard = ahead(state, distance)
    travel = min(distance, contact_at, exit_at, hazard.at if hazard else math.inf)
    x, y = advance(mover.x, mover.y, (mover.heading + move.course) % 8, travel)
    there = update_ship(state, mover.id, x=x, y=y)
    there = replace(there, move=replace(move, moved=move.moved + travel))
    fire = fire_odds(there, mover, sparks(there, mover.id, mover.x, mover.y))
    if hazard is not None:
        met = terrain_odds(state, mover, hazard)
    elif contact is None or not contact_at < distance or \
            (exit_at <= contact_at and exit_at < distance):
        met = _forced_on(state, travel) if travel >= distance else None
    else:
        met = _contact_odds(there, contact, contact_at)
    if fire is None or met is None:
        return met or fire
    return Odds(f"{met.summary} · {fire.summary}", (*met.breakdown, *fire.breakdown),
                met.outcomes, {**met.expected, **fire.expected})


def _forced_on(state: AhoyState, distance: float) -> Odds | None:
    """An advance that meets nothing itself, after which her move must go on straight into a
    hull or terrain: she has move left, and at every whole inch before she meets it the rules
    give her no other choice than ahead (a ship under sail turns only after her size's
    distance since the last turn, Turning; a move is sailed to its end). The picker's 1" then
    shows what the rest of the move meets, as the whole advance does (the next choice would be
    the same advance, shorter)."""
    from ahoy_tui.rules.ahoy.legal import moving

    move = state.move
    assert move is not None
    mover = state.ship(move.ship)
    way = (mover.heading + move.course) % 8

    def on(inches: float) -> AhoyState:
        x, y = advance(mover.x, mover.y, way, inches)
        return replace(update_ship(state, mover.id, x=x, y=y),
                       move=replace(move, moved=move.moved + inches,
                                    since_turn=move.since_turn + inches))

    there = on(distance)
    left = there.move.remaining if there.move is not None else 0.0
    if left <= 1e-9:
        return None
    contact, contact_at, exit_at, hazard = ahead(there, left)
    meets = min(contact_at if contact is not None else math.inf,
                hazard.at if hazard is not None else math.inf)
    if not meets < left or exit_at <= meets:
        return None
    step = 0
    while step < meets - 1e-9:   # each inch she might stop at to choose again
        if moving(on(distance + step)).fixed:
            return None          # a turn (or the end of her move) before she meets it
        step += 1
    if hazard is not None and hazard.at <= contact_at:
        met = terrain_odds(there, there.ship(mover.id), hazard)
        what = called(feature(there, hazard.feature))
    else:
        assert contact is not None
        met = _contact_odds(on(distance + contact_at), contact, contact_at)
        what = f"the {contact.name}"
    if met is None:
        return None
    note = (f"Then she must go on: no choice but ahead until she meets {what} "
            f"{meets:.1f}\" further (Turning: no turn before it)")
    return replace(met, summary=f"then {met.summary}", breakdown=(note, *met.breakdown))


def _contact_odds(there: AhoyState, contact: Ship, contact_at: float) -> Odds:
    move = there.move
    assert move is not None
    mover = there.ship(move.ship)
    ram = move.ram and mover.ram_target == contact.id and not mover.ram_spent
    impact = "ram" if ram else "collision"
    avoids = Fraction(0)
    note = f"the {contact.name} cannot avoid it"
    if can_avoid(there, there.ship(contact.id), mover, impact):
        ld, who = leader_ld(there, contact)
        avoids = ld_chance(ld)
        note = (f"her captain may test to avoid: {who}, 2D6 ≤ {ld} ({percent(avoids)}), "
                + ("she slips aside" if dodges(contact) else "a glancing blow"))
    odds = impact_odds(there, mover, there.ship(contact.id), impact, avoids, target_asks=False)
    head = (f"{'Ramming' if ram else 'Collision'}: she meets the {contact.name} after "
            f"{contact_at:.1f}\"; {note}")
    what = f"ram the {contact.name}" if ram else f"collides with the {contact.name}"
    return replace(odds, summary=f"{what} · {odds.summary}",
                   breakdown=(head, *odds.breakdown))


def fire_odds(state: AhoyState, mover: Ship, pairs: list[tuple[str, str, int]]) -> Odds | None:
    """Fire Ships: a D6 a marker on the blazing ship, each 6 a fire marker on the other."""
    if not pairs:
        return None
    need = int(tables().table("fire_ship")["ignite_on"])
    p = need_chance(need)
    lines = [f"Fire Ships: a D6 a marker burning, each {need} a fire on the other"]
    caught = Fraction(0)  # fires she catches herself
    set_ = Fraction(0)    # fires she sets on others
    for source, target, markers in pairs:
        expect = markers * p
        lines.append(f"  the {state.ship(source).name} ({markers}) on the "
                     f"{state.ship(target).name}: {number(expect, 2)} fires, any "
                     f"{percent(1 - (1 - p) ** markers)}")
        if target == mover.id:
            caught += expect
        else:
            set_ += expect
    summary = "fires " + " · ".join(
        f"{number(n)} {w}" for w, n in (("set", set_), ("caught", caught)) if n)
    return Odds(summary, tuple(lines), (),
                {"fires set": set_, "fires caught": caught})


def reroll_odds(state: AhoyState, action: a.RerollRamDie) -> Odds | None:
    """Rams: re-roll one damage die (then +1 each), and the rammer's own roll to be hurt."""
    pending = state.pending
    if pending is None or pending.kind != "reroll" or not state.has_ship(pending.other):
        return None
    mover = state.ship(pending.other)
    faces = list(pending.faces)
    rest = sum(faces) - (faces[action.die] if 0 <= action.die < len(faces) else 0)
    bonus = len(faces)
    if 0 <= action.die < len(faces):
        dealt = {rest + f + bonus: SIXTH for f in range(1, 7)}
        lines = [f"Rams: re-roll the {faces[action.die]}: {rest} kept + D6 + {bonus} (her ram)"]
    else:
        dealt = {sum(faces) + bonus: ONE}
        lines = [f"Rams: keep {'+'.join(map(str, faces))} + {bonus} (her ram)"]
    own, words = hurt_back(mover, pending.impact, dealt)
    lines.append(f"The {mover.name} herself:{words}")
    sp = mean(dealt)
    lines.append(f"Expected: {number(sp, 2)} SP on her, {number(own, 2)} on the {mover.name}")
    outcomes = tuple((f"{n} SP", p) for n, p in sorted(dealt.items()))
    return Odds(f"{number(sp)} SP · {number(own)} own", tuple(lines), outcomes,
                {"SP": sp, "own SP": own})


def terrain_odds(state: AhoyState, ship: Ship, hazard: Hazard) -> Odds | None:
    """The first terrain on her way (``terrain.meet_hazard``): a wreck crossed (struck on a low
    roll), shallow water (aground on 4+), a quay (made fast at 6" or less with her crew in
    control), else she strikes; then Running Aground: D6 + modifiers, holed on 7+ (a D6 on the
    damage table), stuck fast on 4+."""
    item = feature(state, hazard.feature)
    table = tables().table("aground")
    speed = ship.speed
    what = called(item)
    if hazard.event == "cross":
        strike_on = int(kind_of(item)["crossing"])
        reach, solid = Fraction(strike_on, 6), True
        head = f"Wrecks and Sunken Ships: over {what}, struck on 1-{strike_on} ({percent(reach)})"
    elif hazard.event == "shallow":
        need = int(tables().table("shallow")["aground_on"])
        reach, solid = need_chance(need), False
        head = f"Shallow Water off {what}: aground on {need}+ ({percent(reach)})"
    elif hazard.event == "dock":
        if speed <= int(tables().table("docking")["speed"]) and in_control(state, ship):
            return None  # she makes fast: nothing rolled
        reach, solid = ONE, True
        head = f"Docking: at {speed}\" she crashes into {what}"
    else:
        reach, solid = ONE, strikes_as(item) == "solid"
        head = f"Running Aground: she strikes {what} at {speed}\""
    lines = [head]
    if not solid and ship.size in table["beaching_sizes"] and (
            kind_of(item)["beach"] or item.kind == "shallows"):
        lines.append("  a Small ship runs ashore without harm (Beaching): two crew shove her off")
        return Odds(f"beached {percent(reach)}", tuple(lines),
                    (("beached", reach), ("sails on", ONE - reach)), {"beached": reach})
    modifier = int(table["solid"] if solid else table["aground"])
    if speed > 12:
        modifier += int(table["over_12"])
    elif speed > 6:
        modifier += int(table["over_6"])
    need = int(table["damage_on"])
    holed = Fraction(sum(1 for f in range(1, 7) if f + modifier >= need), 6)
    worth = sum((SIXTH * mean(_expression(str(table["damage"][roll])))
                 for roll in range(1, 7)), Fraction(0))
    bonus = 1 if ship.size in table["stuck_bonus_sizes"] else 0
    stuck = need_chance(int(table["stuck_on"]), bonus)
    lines += [f"  D6 +{modifier}: holed on {need}+ ({percent(holed)}), then a D6 on the damage "
              f"table ({number(worth, 2)} SP on average)",
              f"  stuck fast on {table['stuck_on']}+" + (f" (+{bonus})" if bonus else "")
              + f" ({percent(stuck)})"]
    sp = reach * holed * worth
    lines.append(f"Expected: {number(sp, 2)} SP; stuck fast {percent(reach * stuck)}")
    outcomes = (("holed", reach * holed), ("unharmed", reach * (1 - holed)),
                ("sails on", ONE - reach))
    return Odds(f"aground {percent(reach)} · {number(sp)} SP", tuple(lines),
                tuple((n, p) for n, p in outcomes if p),
                {"SP": sp, "holed": reach * holed, "stuck": reach * stuck})


def _expression(text: str) -> Dist:
    """A damage expression from the tables (``D3``, ``D6``, ``2D6``, ``0``); a D3 is a D6
    halved, rounding up, as the dice roll it."""
    count, sides, plus = parse_expr(text)
    if not count:
        return constant(plus)
    if sides == 3:
        return _d3s(count, plus)
    return dice(count, sides, plus)


def _d3s(count: int, plus: int) -> Dist:
    out: Dist = constant(plus)
    for _ in range(count):
        out = combine(out, mapped(die(6), lambda f: (f + 1) // 2))
    return out


# --- anchors, quays, boarders and swimmers ----------------------------------------------------


def quay_odds(state: AhoyState, action: a.CastOffFromQuay) -> Odds | None:
    if not state.has_ship(action.ship) or in_control(state, state.ship(action.ship)):
        return None  # cast off properly: nothing to roll
    lines = ("Docking/Casting Off: too few hands, she is cast adrift: D6\" with the wind",)
    return Odds(f"adrift · {number(mean(DRIFT))}\" avg", lines,
                tuple((f"{n}\"", p) for n, p in sorted(DRIFT.items())),
                {"drift": mean(DRIFT)})


def _parting_blow(foe: Crewman, man: Crewman) -> tuple[Fraction, Fraction]:
    """(chance he takes a wound, chance he is slain) from a free hit of ``foe``'s."""
    strength = tables().profile(foe.profile).S
    need = to_wound_needed(strength, tables().profile(man.profile).T)
    if need is None:
        return Fraction(0), Fraction(0)
    save = save_needed(man.armour, man.shield, strength)
    unsaved = ONE if save is None else Fraction(save - 1, 6)
    wound = Fraction(7 - max(2, need), 6) * unsaved
    return wound, wound if man.wounds <= 1 else Fraction(0)


def recall_odds(state: AhoyState, action: a.RecallBoarders) -> Odds | None:
    """Disengaging: each boarder facing a foe takes one free hit from her first man as he goes
    (to wound on S v T, then his save), as ``boarding.recall`` rolls it."""
    if not state.has_ship(action.ship):
        return None
    ship = state.ship(action.ship)
    locked = set(state.locked_with(ship.id))
    mine = [c for c in state.crew if c.side == ship.side and c.ship == ship.id
            and c.task == Task.BOARDING and c.aboard in locked]
    slain: list[Fraction] = []
    wounds = Fraction(0)
    lines = ["Disengaging: each of your men in combat takes a free hit as he scrambles back"]
    for man in mine:
        foes = own_aboard(state, state.ship(man.aboard)) if man.aboard else []
        if not foes:
            continue
        wound, dies = _parting_blow(foes[0], man)
        wounds += wound
        slain.append(dies)
        lines.append(f"  {tables().profile(man.profile).name} struck by a "
                     f"{tables().profile(foes[0].profile).name.lower()}: {percent(wound)}"
                     + ("" if man.wounds <= 1 else " a wound"))
    if not slain:
        return None
    spread = hits(slain)
    lines.append("Men lost:")
    lines.extend(f"  {n}: {percent(p)}" for n, p in sorted(spread.items()))
    lost = mean(spread)
    return Odds(f"{len(mine)} back · {number(lost)} lost", tuple(lines),
                tuple((f"{n} lost", p) for n, p in sorted(spread.items())),
                {"lost": lost, "wounds": wounds})


def swimmers_odds(state: AhoyState, action: a.DealWithSwimmers) -> Odds | None:
    pending = state.pending
    if action.choice != "slay" or pending is None or pending.kind != "swimmers":
        return None
    men = [c for c in pending.crew if any(m.id == c for m in state.crew)]
    if not men:
        return None
    need = tables().roll("swimmer_slain")
    p = need_chance(need)
    spread = hits([p] * len(men))
    lines = [f"Swimming: each of {len(men)} swimmer(s) slain on {need}+ ({percent(p)})",
             *(f"  {n} slain: {percent(q)}" for n, q in sorted(spread.items()))]
    return Odds(f"{need}+ each · {number(mean(spread))} slain", tuple(lines),
                tuple((f"{n} slain", q) for n, q in sorted(spread.items())),
                {"slain": mean(spread)})



def turret_odds(state: AhoyState, action: a.TrainTurret) -> Odds | None:
    """Gun Turrets: trained through more than 45°, a D6: on 1-2 the turret table (jammed where
    it was, its elevation slipped D6" off its range, or its collar slipped to the scatter
    die's facing), as ``turrets.train_turret`` rolls it."""
    if not state.has_ship(action.ship) or not state.has_ship(action.target):
        return None
    ship = state.ship(action.ship)
    gun = next((g for g in ship.guns if g.id == action.gun), None)
    if gun is None:
        return None
    turret = tables().table("turret")
    wanted = bearing_to(ship, gun, state.ship(action.target))
    turned = swing(gun.facing, wanted)
    if turned <= turret["turn_free"]:
        return None  # a small turn: nothing rolled
    trouble = Fraction(int(turret["fault_on"]), 6)
    shares: dict[str, Fraction] = {}
    on_target = ONE - trouble
    for roll in range(1, 7):
        result = str(tables().d6_entry("turret", "jam", roll))
        shares[result] = shares.get(result, Fraction(0)) + trouble * SIXTH
        if result == "slipped":
            on_target += trouble * SIXTH
        elif result == "scattered":
            facings = [float(tables().d6_entry("turret", "scatter", f)) for f in range(1, 7)]
            on_target += trouble * SIXTH * Fraction(sum(1 for f in facings
                                                        if swing(f, wanted) < 0.5), 6)
    lines = [f"Gun Turrets: turned {turned:.0f}° (more than {turret['turn_free']}°): trouble on "
             f"1-{turret['fault_on']} ({percent(trouble)})",
             *(f"  {name}: {percent(p)}" for name, p in shares.items()),
             f"Bears on her after: {percent(on_target)}"]
    outcomes = (("turns smoothly", ONE - trouble), *shares.items())
    return Odds(f"trouble {percent(trouble)} · bears {percent(on_target)}", tuple(lines),
                outcomes, {"bears": on_target, "trouble": trouble})


def fire_fighting_odds(state: AhoyState, action: a.AssignCrew) -> Odds | None:
    """Fire Aboard Ships: with her crew told off so, the markers as her fire-fighters will
    tackle them when her orders end (``fire.fight_fires``): the men shared among the markers,
    a D6 each plus its men, out on 6+, a natural 1 spreading it (D3 more); each old marker
    still alight then burns on the table (3-5 a point of damage, 6 one and a man hit)."""
    if not state.has_ship(action.ship) or state.ship(action.ship).fires <= 0:
        return None
    told = update_ship(state, action.ship, plan=CrewPlan(action.sailing, action.fires,
                                                          action.guns_first))
    told = apply_plan(told, action.ship)
    ship = told.ship(action.ship)
    fire = tables().table("fire")
    crews = share(fire_fighters(told, ship), ship.fires)
    need, spread_on = int(fire["extinguish"]), int(fire["spread_on"])
    out_each = [Fraction(sum(1 for f in range(1, 7) if f != spread_on and f + c >= need), 6)
                for c in crews]
    spreads = Fraction(sum(1 for f in range(1, 7) if f == spread_on), 6)
    out = hits(out_each)
    burns = Fraction(sum(1 for r in range(1, 7)
                         if tables().d6_entry("fire", "burn", r) != "none"), 6)
    left = len(crews) - mean(out)
    sp = left * burns
    more = len(crews) * spreads * mean(_d3s(1, 0))
    lines = [f"Fire Aboard Ships: {sum(crews)} fighting {len(crews)} marker"
             f"{'s' if len(crews) > 1 else ''}: a D6 each + its men, out on {need}+, a "
             f"natural {spread_on} spreads it (D3 more)",
             *(f"  marker {n} ({c} {'man' if c == 1 else 'men'}): out {percent(p)}"
               for n, (c, p) in enumerate(zip(crews, out_each, strict=True), start=1)),
             "Markers put out:",
             *(f"  {n}: {percent(p)}" for n, p in sorted(out.items())),
             f"Still burning, each then burns (damage {percent(burns)}): {number(sp, 2)} SP "
             f"expected; {number(more, 2)} new markers from spreading"]
    return Odds(f"all out {percent(out.get(len(crews), Fraction(0)))} · {number(sp)} SP burns",
                tuple(lines), tuple((f"{n} out", p) for n, p in sorted(out.items())),
                {"out": mean(out), "SP": sp})
