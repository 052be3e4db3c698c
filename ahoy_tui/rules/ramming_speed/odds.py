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
from ahoy_tui.engine.odds import ONE, Odds, bernoulli, hits, mean, number, percent, repeat
from ahoy_tui.rules.ramming_speed import archery
from ahoy_tui.rules.ramming_speed.model import (
    Band,
    Contact,
    Galley,
    Man,
    Phase,
    RSState,
    ShipOrders,
)
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


# --- a ram foreseen in the orders written (2.0, 8.0, 10.0-10.4) -----------------------------

ROW_WORDS = {CUT: "cut in half", 4: "four loads", 3: "three loads", 2: "two loads",
             1: "one load", 0: "no water"}


def foreseen_orders(state: RSState, side: str,
                    order: ShipOrders | None = None) -> dict[str, ShipOrders]:
    """Every galley's orders for the move as ``side`` foresees it: its own as written (``order``
    the one being written), the rest of its galleys carrying on (2.0), and every other galley
    holding her course and speed (``helm.default_orders``: their orders are secret)."""
    from ahoy_tui.rules.ramming_speed.helm import default_orders

    written = {d.ship: d for d in state.drafts if state.ship(d.ship).side == side}
    if order is not None:
        written[order.ship] = order
    return {s.id: written.get(s.id) or default_orders(state, s)
            for s in state.ships if s.afloat}


def foreseen_rams(state: RSState, side: str,
                  order: ShipOrders | None = None) -> tuple[Contact, ...]:
    """The rams (and accidents) of ``side``'s galleys the move would bring, played out by the
    rules' own phased move (8.0) on the orders foreseen (:func:`foreseen_orders`)."""
    from ahoy_tui.rules.ramming_speed.movement import move_all

    after = move_all(state, foreseen_orders(state, side, order), [])
    return tuple(c for c in after.contacts if state.ship(c.rammer).side == side)


def contact_loads(contact: Contact) -> tuple[tuple[int, Fraction], ...]:
    """(loads, chance) of a ram or accident on the ramming table, its modifiers in force."""
    from ahoy_tui.rules.ramming_speed.ramming import modifier

    return loads_odds(modifier(contact))


def _rows_line(dist: dict[int, Fraction]) -> str:
    """The rows that can come up, in short: ``cut 3% · loads 4 8%, 3 14%, 2 19%, 1 39%, 0
    17%``."""
    loads = ", ".join(f"{n} {percent(p)}" for n, p in sorted(dist.items(), reverse=True)
                      if n != CUT)
    cut = f"cut {percent(dist[CUT])} · " if dist.get(CUT) else ""
    return f"{cut}loads {loads}"


def _label(state: RSState, ship_id: str) -> str:
    from ahoy_tui.rules.scene import short_labels

    return short_labels([(s.id, s.name) for s in state.ships])[ship_id]


def _struck(state: RSState, contact: Contact) -> Galley:
    """The galley that ships the water: the victim, or the rammer herself striking wreckage or
    the shore (23.1-23.2: treated as if rammed)."""
    return state.ship(contact.victim if contact.victim is not None else contact.rammer)


def sinks_at_once(state: RSState, contact: Contact, loads: int) -> bool:
    """Whether the struck galley goes down with the ram: cut in half, or five loads in her with
    no two galleys holding her up (one holds her to seven) (10.6, 11.0)."""
    from ahoy_tui.rules.ramming_speed.sinking import supporters

    if loads == CUT:
        return True
    ship = _struck(state, contact)
    water = tables()["water"]
    total = ship.loads + loads + _mast_load(ship)
    held_by = len(supporters(state, ship.id))
    return total >= water["sink_at"] and not (
        held_by >= 2 or (held_by == 1 and total < water["one_supporter_to"]))


def _mast_load(ship: Galley) -> int:
    """A load more when her sail is up as she is rammed: mast and sail come down (3.5)."""
    from ahoy_tui.rules.ramming_speed.model import Sail

    return 1 if ship.sail in (Sail.UP, Sail.LOWERING) else 0


def _ram_head(state: RSState, contact: Contact, rammer: bool = False) -> str:
    """``ram Ty +1`` (the orders' own galley rams), or with ``rammer`` ``Ae rams Ty +1`` (a
    sheet's: which of hers); ``aground -2``, ``wreckage -2``."""
    from ahoy_tui.rules.ramming_speed.ramming import modifier

    mod = modifier(contact)
    who = _label(state, contact.rammer)
    if contact.victim is None:
        what = "aground" if contact.zone == "shore" else contact.zone
        return f"{who} {what} {mod:+d}" if rammer else f"{what} {mod:+d}"
    victim = state.ship(contact.victim)
    whose = " (yours!)" if victim.side == state.ship(contact.rammer).side else ""
    verb = f"{who} rams" if rammer else "ram"
    return f"{verb} {_label(state, victim.id)}{whose} {mod:+d}"


def ram_breakdown(state: RSState, contact: Contact) -> list[str]:
    """The whole account of one ram: what she strikes and how, the modifiers, each row of the
    ramming table, what else the blow does, and whether the struck galley goes down."""
    from ahoy_tui.rules.ramming_speed.ramming import modifier

    rammer, struck = state.ship(contact.rammer), _struck(state, contact)
    mod = modifier(contact)
    dist = dict(contact_loads(contact))
    if contact.accident:
        lines = [f"{rammer.name} strikes the {contact.zone}: treated as if rammed, -2 (23.1-"
                 "23.2); the water is hers"]
    else:
        zone = {"bow": "in the bow", "oars": "among her oars", "rear": "in the rear"}
        lines = [f"{rammer.name} rams {struck.name} {zone.get(contact.zone, contact.zone)}, "
                 f"{contact.angle:.0f}° to her centre line, at {contact.band.words} speed"]
        speed = int(tables()["ram"]["speed"].get(contact.band.words, 0))
        lines.append(f"two averaging dice (2 3 3 4 4 5) {mod:+d}: {contact.band.words} "
                     f"{speed:+d}, the angle {angle_modifier(contact.angle):+d} (10.2-10.3)")
        if contact.zone == "oars" and struck.oars[contact.side] > 0:
            lines.append(f"among her {'starboard' if contact.side else 'port'} oars: an oar "
                         "section of hers destroyed (10.1)")
        elif contact.zone == "rear":
            lines.append(f"in the rear: her {'starboard' if contact.side else 'port'} rudder "
                         "gone (10.1)")
        if struck.side == rammer.side:
            lines.append("she is your own: a ram is a ram (23.3)")
    least = {row["loads"]: row["least"] for row in tables()["ram"]["table"]}
    for loads, p in sorted(dist.items(), key=lambda kv: -kv[0] if kv[0] != CUT else -100):
        low = least.get(loads)
        above = min((t for t in least.values() if low is not None and t > low), default=None)
        if low is None:
            total = f"{min(least.values()) - 1} or less"
        elif loads == CUT:
            total = f"{low}+"
        elif above is not None and above - 1 > low:
            total = f"{low}-{above - 1}"
        else:
            total = str(low)
        lines.append(f"{total}: {ROW_WORDS.get(loads, f'{loads} loads')} ({percent(p)})")
    for ship in dict.fromkeys((rammer, struck)):
        if _mast_load(ship):
            lines.append(f"{ship.name}'s sail is up: mast and sail come down, a load of water "
                         "and holed (3.5)")
    at_once = sum((p for n, p in dist.items() if sinks_at_once(state, contact, n)), ZERO)
    sailor = any(m.rank == "sailor" and m.aboard == struck.id and m.ship == struck.id
                 and not m.wounded(state.turn) for m in state.men)
    down = sum((p * (ONE if sinks_at_once(state, contact, n) else
                     sink_chance(struck.loads + _mast_load(struck), n, sailor))
                for n, p in dist.items()), ZERO)
    lines.append(f"{struck.name} has {struck.loads} load{'s' * (struck.loads != 1)} aboard: "
                 f"she sinks at once {percent(at_once)} (five sink her, 10.6, unless held up, "
                 f"11.0); down before a hole is plugged {percent(down)} (10.5: 5-6 with a "
                 "sailor, else 6)")
    if not contact.accident:
        lines.append("her ram stays in him: back water to draw it out (6.0)")
    return lines


def ram_odds(state: RSState, contact: Contact, rammer: bool = False) -> Odds:
    """One ram's odds: each row of the ramming table with the modifiers in force (10.2-10.3),
    the chance the struck galley goes down at once, and the loads expected (a cut in half
    counted as the five that sink her)."""
    dist = dict(contact_loads(contact))
    outcomes = tuple((ROW_WORDS.get(n, f"{n} loads"), p)
                     for n, p in sorted(dist.items(), key=lambda kv: -kv[0]))
    sink_at = int(tables()["water"]["sink_at"])
    expected = {"loads": sum((p * (sink_at if n == CUT else n) for n, p in dist.items()), ZERO),
                "sinks at once": sum((p for n, p in dist.items()
                                      if sinks_at_once(state, contact, n)), ZERO)}
    return Odds(f"{_ram_head(state, contact, rammer)}: {_rows_line(dist)}",
                tuple(ram_breakdown(state, contact)), outcomes, expected)


FORESEEN = ("foreseen as if every other galley holds her course and speed (their orders are "
            "secret, 2.0), the move played out by sixths (8.0)")


def _orders_odds(state: RSState, action: object) -> Odds | None:
    """A galley's orders being written: the ram they would make (or the wreckage, the shore
    they would strike), foreseen; None if they strike nothing."""
    from ahoy_tui.rules.ramming_speed.helm import band_named

    band = band_named(str(getattr(action, "band", "")))
    moves = str(getattr(action, "moves", ""))
    ship_id = str(getattr(action, "ship", ""))
    if band is None or not set(moves) <= set("SLR"):
        return None
    order = ShipOrders(ship_id, band, moves, bool(getattr(action, "rake", False)))
    ship = state.ship(ship_id)
    rams = [c for c in foreseen_rams(state, ship.side, order) if c.rammer == ship_id]
    if not rams:
        return None
    odds = ram_odds(state, rams[0])
    return Odds(odds.summary, (FORESEEN, *odds.breakdown), odds.outcomes, odds.expected)


def _seal_odds(state: RSState, side: str) -> Odds | None:
    """The sheet about to be sealed: each ram its orders would make, foreseen; the chance of
    each number of them that holes (each as if alone), and the loads expected in all."""
    rams = foreseen_rams(state, side)
    if not rams:
        return None
    if len(rams) == 1:
        odds = ram_odds(state, rams[0], rammer=True)
        return Odds(odds.summary, (FORESEEN, *odds.breakdown), odds.outcomes, odds.expected)
    each = [ram_odds(state, c) for c in rams]
    holed = [sum((p for n, p in contact_loads(c) if n), ZERO) for c in rams]
    dist = hits(holed)
    outcomes = tuple((f"{n} holed", dist[n]) for n in sorted(dist))
    parts = []
    for contact, p_hole in zip(rams, holed, strict=True):
        head = _ram_head(state, contact, rammer=True)
        parts.append(f"{head} holes {percent(p_hole)}")
    lines: list[str] = [FORESEEN]
    for odds in each:
        lines += ["", *odds.breakdown]
    lines += ["", *(f"{name}: {percent(p)}" for name, p in outcomes)]
    return Odds(f"{len(rams)} rams: {' · '.join(parts)}", tuple(lines), outcomes,
                {"loads": sum((o.expected["loads"] for o in each), ZERO)})


# --- abandoning ship (12.0) and a fallen officer (22.0) ------------------------------------

def _abandon(state: RSState, ship: Galley) -> Odds | None:
    """Every man of hers aboard over the side: a D6 each, 4-6 he swims, else he drowns (12.0);
    a deck left to enemy boarders is theirs (17.1)."""
    from ahoy_tui.rules.ramming_speed.grappling import contested

    men = [m for m in state.men if m.aboard == ship.id and m.ship == ship.id]
    if not men:
        return None
    swims = int(tables()["swim"]["swims"])
    dist = repeat(bernoulli(d6_at_least(swims)), len(men))
    outcomes = tuple((f"{n} swim", dist[n]) for n in sorted(dist))
    lines = [f"{len(men)} of her men over the side, a D6 each: {swims}-6 he swims, else he "
             "drowns (12.0)"]
    lines += [f"{name}: {percent(p)}" for name, p in outcomes]
    lines.append("swimmers make 2\" a turn for the nearest friend hove-to or the shore, twelve "
                 "turns at most (12.1)")
    if contested(state, ship.id):
        lines.append("her deck left to the enemy boarders on it: she is theirs, captured "
                     "(17.1)" + (", and her fleet's nerve is tested (22.6)"
                                 if ship.flagship else ""))
    return Odds(f"{number(mean(dist))} of {len(men)} swim · all drown {percent(dist[0])}",
                tuple(lines), outcomes, {"swim": mean(dist)})


def _fall(state: RSState, action: object) -> Odds | None:
    """The man a beaten pair gives up (16.6): an officer's fall sets his crew's D6 (22.0)
    rolling, unless another officer commands her (22.3); any other man falls unrolled."""
    man = state.man(str(getattr(action, "man", "")))
    ship = state.ship(man.ship)
    if not man.officer or not ship.afloat:
        return None
    crew = [m for m in state.crew_of(ship.id) if m.id != man.id]
    other = "captain" if man.rank == "admiral" else "admiral"
    if any(m.rank == other for m in crew):
        return None   # the other officer takes command: no roll (22.3)
    table = tables()["morale"]["captain_lost"]
    words = {"withdraw": "she withdraws", "carry_on": "she carries on",
             "elect": "a new captain is elected"}
    chances: dict[str, Fraction] = {}
    for face in range(1, 7):
        chances[table[str(face)]] = chances.get(table[str(face)], ZERO) + Fraction(1, 6)
    outcomes = tuple((words[k], p) for k, p in chances.items())
    faces = {k: [f for f in range(1, 7) if table[str(f)] == k] for k in chances}
    lines = [f"{ship.name}'s {man.rank} falls: her crew's D6 (22.0)"]
    lines += [f"{faces[k][0]}-{faces[k][-1]}: {words[k]} ({percent(p)})"
              if len(faces[k]) > 1 else f"{faces[k][0]}: {words[k]} ({percent(p)})"
              for k, p in chances.items()]
    short = {"withdraw": "withdraws", "carry_on": "carries on", "elect": "elects"}
    return Odds(f"{man.rank} falls: her crew's D6 · " + " · ".join(
        f"{short[k]} {percent(p)}" for k, p in chances.items()),
        tuple(lines), outcomes, {"withdraws": chances.get("withdraw", ZERO)})


# --- the hook ----------------------------------------------------------------------------------

def odds(state: RSState, action: object) -> Odds | None:
    """The odds of a Ramming Speed! choice that rolls, or None for one that does not."""
    kind = getattr(action, "kind", "")
    if kind in ("match_up", "put_forward"):
        return _melee_choice(state, action)
    if kind == "fall":
        return _fall(state, action)
    if kind in ("write_orders", "seal_orders"):
        if state.phase is not Phase.ORDERS:
            return None
        return (_orders_odds(state, action) if kind == "write_orders"
                else _seal_odds(state, str(getattr(action, "side", ""))))
    if kind == "abandon_ship":
        return _abandon(state, state.ship(str(getattr(action, "ship", ""))))
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
