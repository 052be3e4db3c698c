"""The odds of a choice before it is taken (the ``odds`` hook, ``engine.odds``): an artillery
shot, the marines' volley at a crew or a monster, a ram, a head-on meeting and its choice, a
grappling line, cutting or dislodging a line, a monster's attack, the winch, a step into a
collision or that drops a ramp, a round of the fight on deck; the boarding choices are
``boarding_odds``. Every chance is an exact
enumeration of the d20 and the damage dice, with the modifiers in force now, read from the
side's view; never the dice to come. The computer captains reckon with the same numbers
(``ai/acks/odds.py`` imports them)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from attrs import frozen

from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.hexgrid import Body
from ahoy_tui.engine.odds import Odds, at_least, dice, hits, mapped, mean, number, percent
from ahoy_tui.rules.acks import fire, helm, ramming
from ahoy_tui.rules.acks.model import AcksState, Piece, Vessel
from ahoy_tui.rules.acks.tables import dice_expr, tables

ZERO = Fraction(0)


# --- the dice --------------------------------------------------------------------------------

@cache
def throw(need: int, bonus: int = 0) -> Fraction:
    """The chance of d20 + ``bonus`` >= ``need`` (a natural 20 always hits, a natural 1 always
    misses)."""
    hits = sum(1 for face in range(1, 21)
               if face == 20 or (face != 1 and face + bonus >= need))
    return Fraction(hits, 20)


@cache
def scaled(count: int, sides: int, num: int = 1, den: int = 1,
           halve: bool = False) -> tuple[tuple[int, Fraction], ...]:
    """The damage of ``count``d``sides`` times num/den (rounded down), halved (down) if
    ``halve``, as (damage, chance) pairs, least first."""
    share = Fraction(num, den)

    def amount(total: int) -> int:
        value = int(Fraction(total) * share)
        return value // 2 if halve else value

    return tuple(sorted(mapped(dice(count, sides), amount).items()))


def _mean(dist: tuple[tuple[int, Fraction], ...]) -> Fraction:
    return mean(dict(dist))


# --- rams and collisions -----------------------------------------------------------------------

def ram_bonus(rammer: Vessel) -> int:
    captain = helm.steerer(rammer)
    return captain.attack + (tables()["attack"]["master_mariner_ram"]
                             if captain.master_mariner else 0)


def ram_need(target: Vessel) -> int:
    return int(tables()["attack"]["target_base"]) + ramming.armour(target)


def ram_chance(rammer: Vessel, target: Vessel) -> Fraction:
    """The captain's attack throw against her AC (Ramming)."""
    return throw(ram_need(target), ram_bonus(rammer))


def speed_of(vessel: Vessel) -> int:
    return vessel.declared.speed if vessel.declared is not None else vessel.speed


def slow_at(vessel: Vessel, speed: int) -> bool:
    kind = helm.vtype(vessel)
    return speed < (kind.cruise or kind.sail // 2)


def ram_blow(rammer: Vessel, speed: int | None = None) -> tuple[tuple[int, Fraction], ...]:
    """The damage her ram deals (before a ram-less vessel's share), halved below oar cruise."""
    count, _ = ramming.ram_dice(rammer)
    return scaled(count, 6, 1, 1, slow_at(rammer, speed_of(rammer) if speed is None else speed))


def collision_fail(vessel: Vessel) -> Fraction:
    """The chance her captain fails the Seafaring throw that avoids a collision."""
    rules = tables()["seafaring"]
    need = rules["master_mariner"] if helm.steerer(vessel).master_mariner else \
        rules["collision"]
    return Fraction(min(20, max(0, need - 1)), 20)


def collision_blow(striker: Vessel) -> tuple[tuple[int, Fraction], ...]:
    """Half her ramming damage, a quarter below oar cruise (Collisions)."""
    count, _ = ramming.ram_dice(striker)
    return scaled(count, 6, 1, 4 if slow_at(striker, speed_of(striker)) else 2)


# --- artillery, volleys, lines ------------------------------------------------------------------

def shot_terms(shooter: Vessel, piece: Piece, target: Vessel,
               band: str | None = None) -> tuple[int, int, list[str]]:
    """(the throw needed, the modifier, the words for each) of a piece's shot (Artillery), at
    the range band she lies in now (or ``band``, for a captain weighing another hex)."""
    kind = tables().piece(piece.kind)
    rules = tables()["attack"]
    if band is None:
        band = fire.band(piece, fire.hex_range(shooter, piece, target)) or "long"
    mod = int(rules["range_mod"][band])
    ac = ramming.armour(target)
    notes = [f"{band} range {mod:+d}"]
    if target.creature and target.submerged:
        ac += rules["submerged_ac"]
        notes.append(f"submerged AC +{rules['submerged_ac']}")
    if target.creature and kind.catapult and target.moved_this_round:
        mod += rules["catapult_vs_moving_monster"]
        notes.append(f"catapult at a moving monster {rules['catapult_vs_moving_monster']:+d}")
    return int(rules["target_base"]) + ac, mod, notes


def shot_damage(piece: Piece, target: Vessel) -> tuple[tuple[int, Fraction], ...]:
    kind = tables().piece(piece.kind)
    count, sides = dice_expr(kind.damage)
    if target.creature:
        return scaled(count, sides, 1, 1, target.submerged)
    return scaled(count, sides, *kind.share)


def shot_chance(shooter: Vessel, piece: Piece, target: Vessel,
                band: str | None = None) -> Fraction:
    need, mod, _ = shot_terms(shooter, piece, target, band)
    return throw(need, mod)


def volley_throws(shooter: Vessel) -> int:
    """One attack throw per five shooters, at least one (the project's own grouping)."""
    return max(1, -(-fire.shooters(shooter) // tables()["missile_volley"]["men_per_throw"]))


def volley_need(shooter: Vessel, target: Vessel, penalty: int | None = None) -> int:
    """The d20 each throw of a volley needs: 10 + the crew's AC (or a monster's), less the
    range penalty."""
    if penalty is None:
        penalty = fire.volley_penalty(shooter, target) or 0
    rules = tables()["missile_volley"]
    ac = ramming.armour(target) if target.creature else rules["crew_ac"]
    return int(tables()["attack"]["target_base"]) + ac - penalty


def grapple_mod(gap_hexes: int) -> int:
    rules = tables()["attack"]
    return int(rules["grapple_same_hex"] if gap_hexes == 0 else rules["grapple_adjacent"])


def grapple_chance(vessel: Vessel, target: Vessel, gap_hexes: int) -> Fraction:
    """A crewman's attack throw against her AC: -2 sharing a hex, -5 adjacent."""
    return throw(int(tables()["attack"]["target_base"]) + ramming.armour(target),
                 grapple_mod(gap_hexes))


def cut_chance() -> Fraction:
    """Cutting a line: a throw against AC 0, then 5 or more on a crewman's blade."""
    rules = tables()["attack"]
    count, sides = dice_expr(rules["cut_line_die"])
    enough = sum((p for total, p in dice(count, sides).items()
                  if total >= rules["cut_line_damage"]), ZERO)
    return throw(int(rules["target_base"]) + rules["cut_line_ac"]) * enough


def dislodge_chance() -> Fraction:
    """A Dungeonbashing throw (no natural 20 or 1 rule: a plain d20 of 18+)."""
    return Fraction(max(0, 21 - tables()["attack"]["dislodge"]), 20)


# --- the hook ----------------------------------------------------------------------------------

def _damage_odds(chance: Fraction, dist: tuple[tuple[int, Fraction], ...], unit: str,
                 lines: list[str], what: str) -> Odds:
    expected = chance * _mean(dist)
    low, high = dist[0][0], dist[-1][0]
    lines.append(f"hit {percent(chance)}; {what} {low}-{high} {unit} on a hit "
                 f"(mean {number(_mean(dist))})")
    lines.append(f"expected {number(expected)} {unit}")
    return Odds(f"{percent(chance)} · {number(expected)} {unit}", tuple(lines),
                (("hit", chance), ("miss", 1 - chance)), {unit: expected})


def _need_words(need: int, bonus: int) -> str:
    return f"d20 {bonus:+d} vs {need}: {max(2, min(20, need - bonus))}+ on the die"


def odds(state: AcksState, action: object) -> Odds | None:
    """The odds of an ACKS II choice that rolls, or None for one that does not."""
    from ahoy_tui.rules.acks import actions as act

    kind = getattr(action, "kind", "")
    if kind == "shoot":
        assert isinstance(action, act.Shoot)
        return _shoot(state, action)
    if kind == "volley":
        assert isinstance(action, act.Volley)
        return _volley(state, action)
    if kind == "ram":
        assert isinstance(action, act.Ram)
        return _ram(state, action)
    if kind == "throw_grapple":
        assert isinstance(action, act.ThrowGrapple)
        vessel, target = state.vessel(action.vessel), state.vessel(action.target)
        apart = fire.reach_of(vessel, target)
        mod = grapple_mod(apart)
        need = ram_need(target)
        p = grapple_chance(vessel, target, apart)
        return Odds(f"{percent(p)} fast",
                    (f"grappling line at {target.name}: {_need_words(need, mod)} "
                     f"({'sharing a hex' if apart == 0 else 'adjacent'} {mod:+d})",
                     f"fast {percent(p)}"), (("fast", p), ("misses", 1 - p)))
    if kind == "cut_line":
        assert isinstance(action, act.CutLine)
        p = dislodge_chance() if action.dislodge else cut_chance()
        how = (f"Dungeonbashing {tables()['attack']['dislodge']}+ on a d20"
               if action.dislodge else
               f"a throw vs AC {tables()['attack']['cut_line_ac']}, then "
               f"{tables()['attack']['cut_line_damage']}+ on "
               f"{tables()['attack']['cut_line_die']}")
        return Odds(f"{percent(p)} free", (f"{how}", f"freed {percent(p)}"),
                    (("freed", p), ("holds", 1 - p)))
    if kind == "attack":
        assert isinstance(action, act.Attack)
        return _attack(state, action)
    if kind == "step":
        assert isinstance(action, act.Step)
        return _step(state, action)
    if kind == "fight":
        assert isinstance(action, act.Fight)
        return _fight(state, action.vessel)
    if kind == "head_on":
        assert isinstance(action, act.HeadOnChoice)
        return _head_on_choice(state, action.outcome)
    if kind == "winch":
        assert isinstance(action, act.Winch)
        return _winch(state, action)
    return _boarding(state, action)


def _boarding(state: AcksState, action: object) -> Odds | None:
    """The deck battlemaps' choices that roll (``boarding_odds``)."""
    from ahoy_tui.rules.acks import actions as act
    from ahoy_tui.rules.acks import boarding_odds as deck

    if isinstance(action, act.LowerBridge):
        return deck.lower(state, action.vessel, action.target, action.machine)
    if isinstance(action, act.RaiseBridge):
        return deck.raise_bridge(state, action.vessel)
    if isinstance(action, act.Dislodge):
        return deck.dislodge(state, action.vessel, action.owner)
    if isinstance(action, act.Board):
        return deck.board(state, action.vessel, action.target, action.by, action.run,
                          action.men)
    if isinstance(action, act.DumpFirePots):
        return deck.dump_pots(state, action.vessel, action.target)
    return None


BLOW_LINES = 6   # the blows as they stand listed in the breakdown, at most


def _fight(state: AcksState, vessel_id: str) -> Odds | None:
    """The fight on deck (Boarding actions): every die of her men's round counted
    (``fight_odds``); when there are too many positions to count, each blow as it stands."""
    counted = fight_odds(state, vessel_id)
    first = counted.first if counted is not None else as_they_stand(state, vessel_id)
    if not first:
        return None
    lines = [f"{len(first)} blow{'s' * (len(first) != 1)} as they stand:"]
    lines += [f"  {man} at {foe}: {max(2, min(20, need))}+ on a d20 ({percent(throw(need))})"
              for man, foe, need in first[:BLOW_LINES]]
    if len(first) > BLOW_LINES:
        lines.append(f"  and {len(first) - BLOW_LINES} more")
    if counted is None:
        landing = sum((throw(need) for _, _, need in first), ZERO)
        lines.append("too many men to count every die: each blow as it stands, a man "
                     "striking again where the blow before him felled his enemy")
        return Odds(f"{len(first)} blows · ~{number(landing)} land", tuple(lines))
    down = mean(dict(counted.down))
    lines.append(f"every die counted: {number(counted.blows)} blows land, "
                 f"{number(down)} enemies down on average")
    outcomes = tuple((f"{n} down", p) for n, p in counted.down)
    lines += [f"  {name}: {percent(p)}" for name, p in outcomes]
    # a mean that rounds to 0 says "0 down" of a fight that may yet fell a man: say the
    # chance of any instead
    felled = f"{number(down)} down" if round(float(down), 1) > 0 or down == 0 else \
        f"{percent(1 - dict(counted.down).get(0, ZERO))} one down"
    return Odds(f"{number(counted.blows)} blows · {felled}", tuple(lines),
                outcomes, {"down": down, "blows": counted.blows})


def _step(state: AcksState, action: object) -> Odds | None:
    """A step that brings a collision (Collisions): both captains' Seafaring throws (11+, 7+ a
    master mariner; hers failed on purpose if she means it), and on two failures half of each
    one's ramming damage to the other (a quarter below oar cruise)."""
    from ahoy_tui.rules.acks.actions import Step
    from ahoy_tui.rules.acks.movement import plan_step

    assert isinstance(action, Step)
    vessel = state.vessel(action.vessel)
    plan = plan_step(state, vessel, action.how)
    if plan.leaves:
        return None
    lines: list[str] = []
    outcomes: list[tuple[str, Fraction]] = []
    fall_lines, overboard = _bridges_falling(state, vessel, plan.body)
    if not plan.collides:
        if not fall_lines:
            return None
        lost = mean(overboard)
        return Odds(f"~{number(lost)} overboard", tuple(fall_lines),
                    tuple((f"{k} overboard", p) for k, p in sorted(overboard.items())),
                    {"overboard": lost})
    dealt = taken = ZERO
    for other_id in plan.collides:
        other = state.vessel(other_id)
        p = collision_fail(other) * (1 if action.collide else collision_fail(vessel))
        mine, theirs = _mean(collision_blow(vessel)), _mean(collision_blow(other))
        dealt += p * mine
        taken += p * theirs
        lines.append(f"{other.name}: a collision {percent(p)} (both Seafaring throws fail"
                     f"{'; hers on purpose' if action.collide else ''}), then "
                     f"{number(mine)} shp to her and {number(theirs)} to {vessel.name} on "
                     "average")
        outcomes.append((f"collides with {other.name}", p))
    lines += fall_lines
    first = outcomes[0][1]
    if len(outcomes) == 1:
        outcomes.append((f"clears {state.vessel(plan.collides[0]).name}", 1 - first))
    else:
        # each meeting thrown for on its own: the chance of each number of collisions
        outcomes = [(f"{k} collision{'s' * (k != 1)}", q) for k, q in
                    sorted(hits([q for _, q in outcomes]).items())]
    return Odds(f"collision {percent(first)}", tuple(lines), tuple(outcomes),
                {"shp": dealt, "own shp": taken, "overboard": mean(overboard)})


def _bridges_falling(state: AcksState, vessel: Vessel, body: Body) -> tuple[
        list[str], dict[int, Fraction]]:
    """A step moves her: her ramps and those on her fall, an unsecured bridge whose bow no
    longer meets (``boarding.falling_away``, after a grapple line has held or dragged:
    ``grappling.hold_together``), the men on them each a Paralysis save."""
    if not state.bridges:
        return [], {0: Fraction(1)}
    from ahoy_tui.engine.dice import Dice
    from ahoy_tui.rules.acks import boarding, grappling
    from ahoy_tui.rules.acks.boarding_odds import falling
    from ahoy_tui.rules.acks.damage import with_vessel

    moved = with_vessel(state, replace(vessel, body=body))
    # holding a vessel by her lines throws no die: the cup is never rolled
    moved = grappling.hold_together(moved, vessel.id, state, Dice(state.rng, []), [])
    return falling(state, boarding.falling_away(moved, vessel.id))


def _shoot(state: AcksState, action: object) -> Odds | None:
    from ahoy_tui.rules.acks.actions import Shoot

    assert isinstance(action, Shoot)
    vessel, target = state.vessel(action.vessel), state.vessel(action.target)
    piece = next((p for p in vessel.pieces if p.id == action.piece), None)
    if piece is None:
        return None
    need, mod, notes = shot_terms(vessel, piece, target)
    chance = throw(need, mod)
    name = tables().piece(piece.kind).name
    lines = [f"{name} at {target.name}: {_need_words(need, mod)} ({', '.join(notes)})"]
    if action.pitch:
        from ahoy_tui.rules.acks.boarding_odds import pitch_shot

        return pitch_shot(state, target.id, piece.kind, chance, lines)
    unit = "hp" if target.creature else "shp"
    return _damage_odds(chance, shot_damage(piece, target), unit, lines, "damage")


def _volley(state: AcksState, action: object) -> Odds | None:
    from ahoy_tui.rules.acks.actions import Volley

    assert isinstance(action, Volley)
    vessel, target = state.vessel(action.vessel), state.vessel(action.target)
    throws = volley_throws(vessel)
    need = volley_need(vessel, target)
    p = throw(need)
    dist = hits([p] * throws)
    expected = mean(dist)
    penalty = fire.volley_penalty(vessel, target) or 0
    ac = ramming.armour(target) if target.creature else \
        tables()["missile_volley"]["crew_ac"]
    whose = "its" if target.creature else "the crew's"
    why = f"{tables()['attack']['target_base']} + {whose} AC {ac}" + (
        f", range {penalty:+d}" if penalty else "")
    lines = [f"{fire.shooters(vessel)} shooters: {throws} throw{'s' * (throws != 1)}, each "
             f"{max(2, min(20, need))}+ on a d20 ({why}: {percent(p)})"]
    outcomes = tuple((f"{n} hit{'s' * (n != 1)}", dist[n]) for n in sorted(dist))
    lines += [f"{name}: {percent(q)}" for name, q in outcomes]
    if target.creature:
        damage = expected * Fraction(7, 2)
        lines.append(f"1d6 a hit: expected {number(damage)} hp")
        return Odds(f"{number(expected)} hits · {number(damage)} hp", tuple(lines), outcomes,
                    {"hits": expected, "hp": damage})
    # each hit rolls the weapon's damage against the struck man's hit points (R38): an unhurt
    # crewman falls to it at his hp; a wounded one or the captain takes it off what he has left
    from ahoy_tui.rules.acks.deck import role

    count, sides = dice_expr(fire.missile_damage(vessel.missile))
    hp = int(role("marine")["hp"])
    fells = at_least(dice(count, sides), hp)
    men = expected * fells
    lines.append(f"each hit {count}d{sides} against one of her {target.crew} men or her "
                 f"captain: an unhurt man of {hp} hp falls on {hp}+ ({percent(fells)}); "
                 f"about {number(men)} men down (a wounded man struck again falls sooner)")
    return Odds(f"{number(expected)} hits · ~{number(men)} down", tuple(lines), outcomes,
                {"hits": expected, "men": men})


def _ram(state: AcksState, action: object) -> Odds | None:
    from ahoy_tui.rules.acks.actions import Ram
    from ahoy_tui.rules.acks.movement import plan_step

    assert isinstance(action, Ram)
    rammer, target = state.vessel(action.vessel), state.vessel(action.target)
    if rammer.creature:
        return None
    if plan_step(state, rammer, action.how).head_on:
        return _head_on(rammer, target)
    need, bonus = ram_need(target), ram_bonus(rammer)
    chance = throw(need, bonus)
    lines = [f"the captain's throw at {target.name}: {_need_words(need, bonus)} "
             f"({ram_terms(rammer, target)})"]
    return _blow(rammer, target, chance, lines)


def ram_terms(rammer: Vessel, target: Vessel) -> str:
    """The parts of a ram's throw in words: 10 + her AC against the captain's attack bonus,
    and a master mariner's +4."""
    captain = helm.steerer(rammer)
    words = [f"{tables()['attack']['target_base']} + AC {ramming.armour(target)}",
             f"{captain.name} {captain.attack:+d}"]
    if captain.master_mariner:
        words.append(f"master mariner {tables()['attack']['master_mariner_ram']:+d}")
    return ", ".join(words)


def _blow(rammer: Vessel, target: Vessel, chance: Fraction, lines: list[str]) -> Odds:
    """Her ram striking home with ``chance`` (``ramming.ram_damage``): her class's d6, halved
    below oar cruise; without a ram she takes half the blow herself."""
    blow = ram_blow(rammer)
    count, has_ram = ramming.ram_dice(rammer)
    slow = slow_at(rammer, speed_of(rammer))
    unit = "hp" if target.creature else "shp"
    lines = [*lines, f"{count}d6{' halved (below oar cruise)' if slow else ''}"
             f"{'' if has_ram else ': no ram, half the blow to herself'}"]
    if has_ram:
        return _damage_odds(chance, blow, unit, lines, "damage")
    theirs = tuple(sorted(mapped(dict(blow), lambda a: (a + 1) // 2).items()))
    mine = _mean(blow) - _mean(theirs)
    odds = _damage_odds(chance, theirs, unit, lines, "damage")
    return Odds(odds.summary, (*odds.breakdown, f"expected {number(chance * mine)} shp to "
                               "herself"), odds.outcomes,
                {unit: chance * _mean(theirs), "own shp": chance * mine})


def _reach(face: int, bonus: int) -> int:
    """The highest AC a ram throw's ``face`` hits (``ramming.captain_throw``)."""
    return 99 if face == 20 else -99 if face == 1 else \
        face + bonus - int(tables()["attack"]["target_base"])


def _head_on(rammer: Vessel, target: Vessel) -> Odds:
    """Head-On Ramming: both captains throw at the other's AC; the one who hits the higher AC
    chooses (the rammer on a tie), and if both miss they pass through each other. Every pair
    of faces counted."""
    need_a, bonus_a = ram_need(target), ram_bonus(rammer)
    need_b, bonus_b = ram_need(rammer), ram_bonus(target)
    mine = theirs = ZERO
    for a in range(1, 21):
        hit_a = a == 20 or (a != 1 and a + bonus_a >= need_a)
        for b in range(1, 21):
            hit_b = b == 20 or (b != 1 and b + bonus_b >= need_b)
            if hit_a and (not hit_b or _reach(a, bonus_a) >= _reach(b, bonus_b)):
                mine += Fraction(1, 400)
            elif hit_b:
                theirs += Fraction(1, 400)
    lines = (f"bow to bow: {rammer.name}'s captain {_need_words(need_a, bonus_a)} "
             f"({ram_terms(rammer, target)})",
             f"{target.name}'s captain {_need_words(need_b, bonus_b)} "
             f"({ram_terms(target, rammer)})",
             "who hits the higher AC chooses: ram, shear the other's oars, or pass",
             f"{rammer.name} chooses {percent(mine)}, {target.name} {percent(theirs)}, both "
             f"miss and pass through {percent(1 - mine - theirs)}")
    return Odds(f"you choose {percent(mine)} · she {percent(theirs)}", lines,
                (("you choose", mine), ("she chooses", theirs),
                 ("both miss", 1 - mine - theirs)))


def _head_on_choice(state: AcksState, outcome: str) -> Odds | None:
    """The chooser's head-on choice (``flow.head_on_choice``): a ram is her blow for certain;
    shearing, 1d10 a hundred of the other's oars; passing rolls nothing."""
    meeting = state.head_on
    if meeting is None:
        return None
    chooser = state.vessel(meeting.chooser)
    other = state.vessel(meeting.target if meeting.chooser == meeting.rammer
                         else meeting.rammer)
    if outcome == "ram":
        return _blow(chooser, other, Fraction(1), [f"{chooser.name} rams {other.name}"])
    if outcome == "shear":
        count = ramming.oars_of(other)
        if count == 0:
            return None
        dist = tuple(sorted(dice(count, 10).items()))
        return _damage_odds(Fraction(1), dist, "shp",
                            [f"{count}d10 for {other.name}'s {other.rowers} oars"], "sheared")
    return None


def _winch(state: AcksState, action: object) -> Odds | None:
    """A round at the winch (``grappling.draw_together``): the lighter vessel is drawn in; a
    1d2 between equals."""
    from ahoy_tui.rules.acks import grappling
    from ahoy_tui.rules.acks.actions import Winch

    assert isinstance(action, Winch)
    vessel = state.vessel(action.vessel)
    piece = next((p for p in vessel.pieces if p.id == action.piece), None)
    if piece is None or not piece.harpooned:
        return None
    other = state.vessel(piece.harpooned)
    if grappling.weight(vessel) != grappling.weight(other):
        return None
    half = Fraction(1, 2)
    return Odds("1d2: either drawn", (f"{vessel.name} and {other.name} weigh the same: a d2 "
                                       "says which is drawn a hex nearer",),
                ((f"{vessel.name} drawn", half), (f"{other.name} drawn", half)))


def _attack(state: AcksState, action: object) -> Odds:
    from ahoy_tui.rules.acks.actions import Attack

    assert isinstance(action, Attack)
    monster, target = state.vessel(action.vessel), state.vessel(action.target)
    kind = tables().monster(monster.kind)
    need = int(tables()["attack"]["target_base"]) + (
        tables()["missile_volley"]["crew_ac"] if action.at == "crew" else ramming.armour(target))
    chance = throw(need, kind.attack)
    lines = [f"{monster.name} at {target.name}'s {action.at}: {_need_words(need, kind.attack)}"]
    if action.at == "crew":
        count, sides = dice_expr(kind.snatch)
        dist = scaled(count, sides)
        capped = tuple(sorted(mapped(dict(dist), lambda n: min(n, target.crew)).items()))
        return _damage_odds(chance, capped, "men", lines, "taken")
    count, sides = dice_expr(kind.damage)
    return _damage_odds(chance, scaled(count, sides, *kind.share), "shp", lines, "damage")


# --- the fight on deck ---------------------------------------------------------------------------

FIGHT_STATES = 300   # the most positions the enumeration of one round of fighting may pass


@cache
def _damage(expr: str) -> tuple[tuple[int, Fraction], ...]:
    count, sides = dice_expr(expr)
    return tuple(sorted(dice(count, sides).items()))


@frozen
class FightOdds:
    """One round of a deck crew's fighting, every die enumerated: the chance of each number of
    enemies down, the expected blows landed, the blows as they stand before the first die
    (``as_they_stand``), how many men strike and how many positions were counted."""

    down: tuple[tuple[int, Fraction], ...]
    blows: Fraction
    first: tuple[tuple[str, str, int], ...]
    strikers: int
    positions: int = 0


def fight_odds(state: AcksState, vessel_id: str,
               limit: int | None = None) -> FightOdds | None:
    """Every way one round of her men's fighting (``melee.fight``) may go: each blow a d20
    against the enemy he would strike then (a natural 20 hits, a 1 misses) and his weapon's
    dice against that man's hit points, the men after him closing and choosing by what the
    blows before left standing. Positions that come about more than one way are counted
    together; None if more than ``limit`` positions (``FIGHT_STATES``) would be passed (too
    many to count)."""
    from ahoy_tui.rules.acks import melee
    from ahoy_tui.rules.acks.boarding import wounded
    from ahoy_tui.rules.acks.deck import weapon, with_figure

    limit = FIGHT_STATES if limit is None else limit
    men = melee.roster(state, vessel_id)
    side = state.vessel(vessel_id).side
    standing = {f.id for f in state.figures if f.side != side and not f.down}
    buckets: dict[int, dict[object, tuple[AcksState, Fraction]]] = {
        0: {_position(state): (state, Fraction(1))}}
    down: dict[int, Fraction] = {}
    blows = ZERO
    passed = 0
    for start in range(len(men) + 1):
        for here, p in buckets.pop(start, {}).values():
            passed += 1
            if passed > limit:
                return None
            after, blow = melee.next_blow(here, men, start)
            if blow is None:
                fallen = sum(1 for g in after.figures if g.down and g.id in standing)
                down[fallen] = down.get(fallen, ZERO) + p
                continue
            index, f, foe = blow
            need = melee.blow_need(f, foe)
            hit = throw(need)
            blows += p * hit
            nexts = buckets.setdefault(index + 1, {})
            outcomes: dict[int, Fraction] = {}
            if hit < 1:
                outcomes[foe.hp] = (1 - hit)
            for amount, q in _damage(weapon(f.weapon).damage):
                left = max(0, foe.hp - amount)
                outcomes[left] = outcomes.get(left, ZERO) + hit * q
            for left, q in outcomes.items():
                if q == 0:
                    continue
                struck = after if left == foe.hp else \
                    with_figure(after, wounded(foe, foe.hp - left))
                key = _position(struck)
                old = nexts.get(key)
                nexts[key] = (struck, (old[1] if old else ZERO) + p * q)
    return FightOdds(tuple(sorted(down.items())), blows, as_they_stand(state, vessel_id),
                     len(men), passed)


def _position(state: AcksState) -> tuple[tuple[int, int, int, int, bool, bool], ...]:
    """What a blow or a man closing may change of each figure (his square, feet moved, hp,
    prone, down): the key that finds a position reached another way, far quicker to hash
    than the figures themselves."""
    return tuple((f.x, f.y, f.moved, f.hp, f.prone, f.down) for f in state.figures)


def as_they_stand(state: AcksState, vessel_id: str) -> tuple[tuple[str, str, int], ...]:
    """Each blow of her men's round as it stands before a die is rolled (every man closing and
    choosing as if each blow before his missed): (his name, the enemy's, the d20 he needs)."""
    from ahoy_tui.rules.acks import melee

    men = melee.roster(state, vessel_id)
    out = []
    start = 0
    while True:
        state, blow = melee.next_blow(state, men, start)
        if blow is None:
            return tuple(out)
        index, f, foe = blow
        out.append((f.name, foe.name, melee.blow_need(f, foe)))
        start = index + 1
