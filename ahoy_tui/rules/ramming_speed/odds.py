"""The odds of a choice before it is taken (the ``odds`` hook, ``engine.odds``), and the rules'
own chances the computer captains reckon with (``ai/ramming_speed/odds.py`` imports them): a
ram on the ramming table (10.2-10.3), a holed galley's chance to sink before she plugs
(10.5-10.6), the archers' and engines' shots (18.1, 19.1, 20.1), grappling lines thrown and
cut (14.0-14.2) and the fights of a match-up of hand to hand, the one chosen or, for a
boarding, the first round as the men would meet (16.1-16.8). Every chance is an exact
enumeration of the dice, read from the side's view; never the dice to come."""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

from ahoy_tui.engine.geometry import point_distance
from ahoy_tui.engine.odds import Odds, bernoulli, hits, mean, number, percent, repeat
from ahoy_tui.rules.ramming_speed import archery
from ahoy_tui.rules.ramming_speed.model import Band, Galley, Man, RSState
from ahoy_tui.rules.ramming_speed.tables import angle_modifier, ram_loads, tables

AVERAGE_FACES = (2, 3, 3, 4, 4, 5)   # an averaging die (10.2)
CUT = 99                             # a galley cut in half
ZERO = Fraction(0)


def d6_at_least(need: int) -> Fraction:
    """A D6 of ``need`` or more."""
    return Fraction(min(6, max(0, 7 - need)), 6)


# --- the ramming table -------------------------------------------------------------------------

@cache
def loads_odds(modifier: int) -> tuple[tuple[int, Fraction], ...]:
    """(loads, chance) of a ram with this modifier: two averaging dice plus it, on the ramming
    table (10.2); 99 is cut in half."""
    out: dict[int, Fraction] = {}
    for a, b in itertools.product(AVERAGE_FACES, repeat=2):
        loads = ram_loads(a + b + modifier)
        out[loads] = out.get(loads, ZERO) + Fraction(1, 36)
    return tuple(sorted(out.items()))


def ram_modifier(band: Band, angle: float) -> int:
    """The ram's modifiers: her speed band and the angle to the victim's centre line (10.3)."""
    speed = int(tables()["ram"]["speed"].get(band.words, 0))
    return speed + angle_modifier(angle)


def ram_rows(band: Band, angle: float) -> tuple[str, ...]:
    """Each row of the ramming table as a line, with its chance at this band and angle."""
    modifier = ram_modifier(band, angle)
    lines = [f"ram at {band.words} speed, {angle:.0f}° to her centre line: two averaging dice "
             f"{modifier:+d}"]
    for loads, p in reversed(loads_odds(modifier)):
        what = "cut in half" if loads == CUT else "no water" if loads == 0 else \
            f"{loads} load{'s' * (loads != 1)} of water"
        lines.append(f"{what}: {percent(p)}")
    return tuple(lines)


def sink_chance(loads_now: int, added: int, sailor: bool = True) -> Fraction:
    """The chance a galley holed with ``added`` more loads goes down before she is plugged: a
    try each maintenance (5-6 with a sailor, else 6), a load each time it fails (10.5-10.6)."""
    if added == CUT:
        return Fraction(1)
    if added <= 0:
        return ZERO
    water = tables()["water"]
    left = water["sink_at"] - loads_now - added
    if left <= 0:
        return Fraction(1)
    plug = d6_at_least(water["plug_sailor"] if sailor else water["plug_other"])
    return (1 - plug) ** left


# --- range fire --------------------------------------------------------------------------------

def shot_chances(state: RSState, ship: Galley, target: Galley,
                 aim: str = "") -> tuple[tuple[str, Fraction], ...]:
    """Each of her shooters that reaches the target, with his chance of a hit: an archer 5+
    within 6", 6+ to 18" (18.1), a tower archer picking out a man 6+ (18.4); an engine by its
    range band (19.1, 20.0)."""
    rules = tables()["archery"]
    out: list[tuple[str, Fraction]] = []
    for man in archery.archers(state, ship):
        span = point_distance(archery.place_of(ship, man.section), target.outline)
        if span > rules["range"]:
            continue
        short = span <= rules["short"]
        picked = man.section == "tower" and short and aim not in ("", *archery.PLACES)
        need = rules["tower_pick"] if picked else rules["hit_short"] if short \
            else rules["hit_long"]
        out.append((f"{man.section} archer at {span:.1f}\" {need}+", d6_at_least(need)))
    for engine, _crew in archery.ready_engines(state, ship):
        table = tables()[engine.kind]
        span = point_distance(archery.place_of(ship, engine.section), target.outline)
        if span > table["range"]:
            continue
        need = next(b["hit"] for b in table["bands"] if span <= b["upto"])
        name = "bolt thrower" if engine.kind == "bolt" else "stone thrower"
        out.append((f"{name} at {span:.1f}\" {need}+", d6_at_least(need)))
    return tuple(out)


def _shoot(state: RSState, ship: Galley, target: Galley, aim: str) -> Odds:
    chances = shot_chances(state, ship, target, aim)
    dist = hits(p for _, p in chances)
    expected = mean(dist)
    any_hit = 1 - dist.get(0, ZERO)
    outcomes = tuple((f"{n} hit{'s' * (n != 1)}", dist[n]) for n in sorted(dist))
    lines = [f"at {target.name}: {len(chances)} shooter{'s' * (len(chances) != 1)} reach "
             "her"]
    lines += [f"{words} ({percent(p)})" for words, p in chances]
    lines += [f"{name}: {percent(p)}" for name, p in outcomes]
    lines.append("an arrow's hit: a man there dead on 1-4, wounded on 5-6 (armour one better); "
                 "a bolt's kills")
    return Odds(f"{number(expected)} hits · {percent(any_hit)} any", tuple(lines), outcomes,
                {"hits": expected})


# --- grappling ---------------------------------------------------------------------------------

def lines_caught(men: int) -> dict[int, Fraction]:
    """How many of ``men`` lines catch: 3-6 each (14.0)."""
    return repeat(bernoulli(d6_at_least(tables()["grapple"]["holds"])), men)


def _throw_lines(state: RSState, ship: Galley, target: Galley, men: int) -> Odds:
    from ahoy_tui.rules.ramming_speed.grappling import grapple_between

    old = grapple_between(state, ship.id, target.id)
    have = old.lines if old is not None else 0
    need = max(0, tables()["grapple"]["lines_to_hold"] - have)
    dist = lines_caught(men)
    held = sum((p for n, p in dist.items() if n >= need), ZERO)
    outcomes = (("held fast", held), ("not held", 1 - held))
    lines = [f"{men} line{'s' * (men != 1)} at {target.name}, each "
             f"{tables()['grapple']['holds']}+ on a D6; two lines hold her"
             f"{f' ({have} fast already)' if have else ''}"]
    lines += [f"{n} caught: {percent(p)}" for n, p in sorted(dist.items())]
    return Odds(f"{percent(held)} held · {number(mean(dist))} lines", tuple(lines), outcomes,
                {"lines": mean(dist)})


def _cut_lines(state: RSState, ship: Galley, target: Galley) -> Odds | None:
    from ahoy_tui.rules.ramming_speed.grappling import controls_both, grapple_between, unengaged

    grapple = grapple_between(state, ship.id, target.id)
    if grapple is None:
        return None
    if controls_both(state, ship.side, ship.id, target.id) and target.loads < 5:
        return Odds("100% free", ("her side holds both galleys: every line cut (14.4)",),
                    (("cut free", Fraction(1)),))
    men = len(unengaged(state, ship)[:grapple.lines])
    dist = repeat(bernoulli(d6_at_least(tables()["grapple"]["cut"])), men)
    free = ZERO if grapple.corvus else dist.get(grapple.lines, ZERO)
    lines = (f"{men} m{'e' if men != 1 else 'a'}n at {grapple.lines} line"
             f"{'s' * (grapple.lines != 1)}, each {tables()['grapple']['cut']}+ on a D6",
             *(f"{n} cut: {percent(p)}" for n, p in sorted(dist.items())),
             *(("the corvus holds whatever is cut",) if grapple.corvus else ()))
    return Odds(f"{percent(free)} free", lines, (("cut free", free), ("held", 1 - free)),
                {"lines cut": mean(dist)})


# --- hand to hand --------------------------------------------------------------------------------

def duel_odds(plus_a: int, plus_b: int) -> tuple[Fraction, Fraction, Fraction]:
    """(a kills, a draw, b kills) of a duel: a D6 a side with each side's bonus, two points
    ahead kills (16.1)."""
    margin = tables()["melee"]["kill_margin"]
    win = draw = lose = 0
    for ra, rb in itertools.product(range(1, 7), repeat=2):
        diff = (ra + plus_a) - (rb + plus_b)
        if diff >= margin:
            win += 1
        elif diff <= -margin:
            lose += 1
        else:
            draw += 1
    return Fraction(win, 36), Fraction(draw, 36), Fraction(lose, 36)


def fight_chances(a: list[Man], b: list[Man], *,
                  tower: bool = False) -> tuple[int, int, Fraction, Fraction, Fraction]:
    """One fight of a match-up: each side's bonus (16.2-16.5, +1 defending a tower 16.8) and
    (a kills one of b, a draw, b kills one of a)."""
    from ahoy_tui.rules.ramming_speed.melee import modifiers

    plus_a, plus_b = modifiers(a, b, b_tower=tower)
    return (plus_a, plus_b, *duel_odds(plus_a, plus_b))


def pairing_odds(state: RSState, pairing: list[tuple[list[Man], list[Man]]], *,
                 tower: bool = False, ours_first: bool = True, head: str = "") -> Odds:
    """The odds of the fights of a match-up (boarders first in each pair), fight by fight,
    from the side of ``ours_first`` (the boarders, else the defenders): how many of theirs
    and of ours fall. Each fight is its own two dice (16.1); they are independent."""
    from ahoy_tui.rules.ramming_speed.melee import man_name

    kills: list[Fraction] = []
    losses: list[Fraction] = []
    lines = [head] if head else []
    for a, b in pairing:
        plus_a, plus_b, win, draw, lose = fight_chances(a, b, tower=tower)
        mine, theirs = (a, b) if ours_first else (b, a)
        kill, fall = (win, lose) if ours_first else (lose, win)
        mine_plus, theirs_plus = (plus_a, plus_b) if ours_first else (plus_b, plus_a)
        kills.append(kill)
        losses.append(fall)
        names = " and ".join(man_name(state, m) for m in mine)
        foes = " and ".join(man_name(state, m) for m in theirs)
        lines.append(f"{names} (D6 {mine_plus:+d}) against {foes} (D6 {theirs_plus:+d}): "
                     f"one of theirs falls {percent(kill)}, a draw {percent(draw)}, one of "
                     f"ours {percent(fall)}")
    dist = hits(kills)
    outcomes = tuple((f"{n} of theirs fall", dist[n]) for n in sorted(dist))
    lines += [f"{name}: {percent(p)}" for name, p in outcomes]
    expected = {"theirs fall": sum(kills, ZERO), "ours fall": sum(losses, ZERO)}
    return Odds(f"{number(expected['theirs fall'])} of theirs fall · "
                f"{number(expected['ours fall'])} of ours", tuple(lines), outcomes, expected)


def _board(state: RSState, ship: Galley, target: Galley, action: object) -> Odds | None:
    """A boarding's first round as the men would meet: each crossing from where he stands,
    each side's best put forward, paired by the boarders' plain match-up (16.7); the player
    may choose otherwise when the melee asks him."""
    from ahoy_tui.rules.ramming_speed.fight import spot_men, spots, width
    from ahoy_tui.rules.ramming_speed.melee import board, boarding_party, front, pair_off

    party = boarding_party(state, ship, bool(getattr(action, "officers", True)),
                           str(getattr(action, "section", "")), str(getattr(action, "man", "")))
    if not party:
        return None
    after = board(state, ship.id, target.id, bool(getattr(action, "officers", True)), [],
                  section=str(getattr(action, "section", "")),
                  man=str(getattr(action, "man", "")))
    pairing: list[tuple[list[Man], list[Man]]] = []
    towers = False
    for section, tower in spots(after, target.id):
        attackers, defenders = spot_men(after, target.id, section, tower)
        wide = width(section, tower)
        pairing += pair_off(front(attackers, wide), front(defenders, wide))
        towers = towers or tower
    if not pairing:
        return None
    head = (f"{len(party)} boarder{'s' * (len(party) != 1)} against "
            f"{sum(1 for m in state.men if m.aboard == target.id and m.ship == target.id)} "
            f"aboard {target.name}: the first round as they would meet, the best put forward, "
            "equal ranks first (the match-ups are yours when the melee asks)")
    return pairing_odds(after, pairing, tower=towers, head=head)


def _melee_choice(state: RSState, action: object) -> Odds | None:
    """A melee choice's fights: a match-up's own; a front, against the other side's front
    (theirs, or their best) by the plain match-up."""
    from ahoy_tui.rules.ramming_speed.fight import as_men, spot_men, width
    from ahoy_tui.rules.ramming_speed.melee import front, pair_off

    m = state.melee
    if m is None or not m.ship or getattr(action, "ship", None) != m.ship:
        return None
    ship = state.ship(m.ship)
    boarding = getattr(action, "side", "") != ship.side
    if getattr(action, "kind", "") == "match_up":
        pairing = as_men(state, getattr(action, "fights", ()))
        return pairing_odds(state, pairing, tower=m.tower, head="these match-ups, fight by fight")
    if getattr(action, "kind", "") != "put_forward":
        return None
    attackers, defenders = spot_men(state, m.ship, m.section, m.tower)
    fronts = dict(m.fronts)
    wide = width(m.section, m.tower)
    mine = [state.man(i) for i in getattr(action, "men", ())]
    other_side = state.other(ship.side) if not boarding else ship.side
    other = ([state.man(i) for i in fronts[other_side]] if other_side in fronts
             else front(defenders if boarding else attackers, wide))
    pairing = pair_off(mine, other) if boarding else pair_off(other, mine)
    return pairing_odds(state, pairing, tower=m.tower, ours_first=boarding,
                        head="against their front, paired equal ranks first")


# --- the hook ----------------------------------------------------------------------------------

def odds(state: RSState, action: object) -> Odds | None:
    """The odds of a Ramming Speed! choice that rolls, or None for one that does not."""
    kind = getattr(action, "kind", "")
    if kind in ("match_up", "put_forward"):
        return _melee_choice(state, action)
    ship_id = getattr(action, "ship", None)
    target_id = getattr(action, "target", None)
    if ship_id is None or target_id is None:
        return None
    ship, target = state.ship(ship_id), state.ship(target_id)
    if kind == "shoot":
        return _shoot(state, ship, target, str(getattr(action, "aim", "")))
    if kind == "throw_lines":
        return _throw_lines(state, ship, target, int(getattr(action, "men", 0)))
    if kind == "cut_lines":
        return _cut_lines(state, ship, target)
    if kind == "board":
        return _board(state, ship, target, action)
    return None
