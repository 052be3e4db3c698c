"""The rules' own odds, as a captain reckons them: attack throws (a natural 20 always hits, a
natural 1 always misses), the dice of a ram, a shot, a bite, a volley, a grappling line and a
cut; and what damage is worth, in structural hit points, with a vessel sunk (or a monster
slain) worth her whole hull again and her side's last vessel the battle."""

from __future__ import annotations

from functools import cache

from ahoy_tui.engine import odds as dice_odds
from ahoy_tui.rules.acks import fire, helm, ramming
from ahoy_tui.rules.acks import odds as rules_odds
from ahoy_tui.rules.acks.model import AcksState, Piece, Vessel
from ahoy_tui.rules.acks.tables import dice_expr, tables

LAST = 150.0         # a side's last vessel (or monster) gone: the battle
MAN = 0.6            # a man of a deck crew, in shp
CAPTAIN = 10.0       # a captain struck down: her steering and initiative
CREW_HP = 4          # a crewman's hit points (data/crew.toml)


def throw(need: int, bonus: int = 0) -> float:
    """The chance of d20 + ``bonus`` >= ``need`` (20 always hits, 1 always misses): the rules'
    own odds (``rules/acks/odds.py``)."""
    return float(rules_odds.throw(need, bonus))


@cache
def scaled(count: int, sides: int, num: int, den: int, halve: bool) -> tuple[tuple[int, float],
                                                                              ...]:
    """The distribution of ``count``d``sides`` times num/den (rounded down), halved if
    ``halve``, as (damage, chance) pairs: the rules' own, as floats."""
    return tuple((amount, float(p))
                 for amount, p in rules_odds.scaled(count, sides, num, den, halve))


def last_of_side(view: AcksState, vessel: Vessel) -> bool:
    return not any(v.side == vessel.side and v.afloat and v.id != vessel.id
                   for v in view.vessels)


def sink_worth(view: AcksState, vessel: Vessel) -> float:
    """What sinking her (or slaying it) is worth beyond the hull points: her hull again, and
    the battle if she is her side's last."""
    return vessel.shp_max + (LAST if last_of_side(view, vessel) else 0.0)


def damage_worth(view: AcksState, target: Vessel, dist: tuple[tuple[int, float], ...]) -> float:
    """The expected worth of damage with distribution ``dist`` to ``target``."""
    left = max(0, target.shp)
    if left <= 0:
        return 0.0
    sink = sink_worth(view, target)
    out = 0.0
    for amount, p in dist:
        out += p * (left + sink if amount >= left else amount)
    return out


# --- rams ------------------------------------------------------------------------------------

def ram_chance(rammer: Vessel, target: Vessel) -> float:
    return float(rules_odds.ram_chance(rammer, target))


def slow_at(rammer: Vessel, speed: int) -> bool:
    return rules_odds.slow_at(rammer, speed)


def speed_of(rammer: Vessel) -> int:
    return rules_odds.speed_of(rammer)


def ram_blow(rammer: Vessel, speed: int | None = None) -> tuple[tuple[int, float], ...]:
    """The damage a ram of hers deals (before a ram-less vessel's split)."""
    count, _ = ramming.ram_dice(rammer)
    slow = slow_at(rammer, speed_of(rammer) if speed is None else speed)
    return scaled(count, 6, 1, 1, slow)


def ram_worth(view: AcksState, rammer: Vessel, target: Vessel, speed: int | None = None,
              sure: bool = False) -> float:
    """A ram's worth to the rammer: the chance it strikes home times the damage's worth, less
    her own share of it when she has no naval ram (``sure``: no throw, a head-on's choice)."""
    if rammer.creature or not target.afloat:
        return 0.0
    _, has_ram = ramming.ram_dice(rammer)
    blow = ram_blow(rammer, speed)
    chance = 1.0 if sure else ram_chance(rammer, target)
    if has_ram:
        return chance * damage_worth(view, target, blow)
    theirs = tuple(((a + 1) // 2, p) for a, p in blow)
    mine = tuple((a - (a + 1) // 2, p) for a, p in blow)
    return chance * (damage_worth(view, target, theirs) - damage_worth(view, rammer, mine))


def ram_costs_her_more(rammer: Vessel, target: Vessel, speed: int | None = None) -> bool:
    """A vessel without a naval ram takes half her own blow: does it cost her a larger share
    of her hull than it takes of the target's?"""
    _, has_ram = ramming.ram_dice(rammer)
    if has_ram or rammer.creature or target.creature:
        return False
    blow = ram_blow(rammer, speed)
    theirs = sum((a + 1) // 2 * p for a, p in blow)
    mine = sum((a - (a + 1) // 2) * p for a, p in blow)
    return mine / max(1, rammer.shp) >= theirs / max(1, target.shp)


def head_on_worth(view: AcksState, mover: Vessel, other: Vessel,
                  speed: int | None = None) -> float:
    """A head-on meeting: both throw, the better chooses; each rams the other if it chooses."""
    mine, theirs = ram_chance(mover, other), ram_chance(other, mover)
    win = mine * (1 - theirs) + 0.5 * mine * theirs
    lose = theirs * (1 - mine) + 0.5 * mine * theirs
    gain = max(0.0, ram_worth(view, mover, other, speed, sure=True))
    loss = max(0.0, ram_worth(view, other, mover, sure=True))
    return win * gain - lose * loss


def collision_worth(view: AcksState, mover: Vessel, other: Vessel, on_purpose: bool) -> float:
    """A collision's worth to the mover: each deals the other half its ramming damage (a
    quarter below oar cruise) if both Seafaring throws fail (only the other's on purpose)."""
    def fails(v: Vessel) -> float:
        return float(rules_odds.collision_fail(v))

    chance = fails(other) * (1.0 if on_purpose else fails(mover))

    def blow(striker: Vessel) -> tuple[tuple[int, float], ...]:
        count, _ = ramming.ram_dice(striker)
        share = 4 if slow_at(striker, speed_of(striker)) else 2
        return scaled(count, 6, 1, share, False)

    gain = damage_worth(view, other, blow(mover)) if other.side != mover.side else \
        -damage_worth(view, other, blow(mover))
    return chance * (gain - damage_worth(view, mover, blow(other)))


# --- monsters --------------------------------------------------------------------------------

def bite_worth(view: AcksState, monster: Vessel, target: Vessel) -> float:
    """A sea monster's attack on a hull: its throw, its bite times the vessel's share."""
    kind = tables().monster(monster.kind)
    chance = throw(tables()["attack"]["target_base"] + ramming.armour(target), kind.attack)
    count, sides = dice_expr(kind.damage)
    return chance * damage_worth(view, target, scaled(count, sides, *kind.share, False))


# --- artillery and missiles ------------------------------------------------------------------

def shot_worth(view: AcksState, shooter: Vessel, piece: Piece, target: Vessel,
               band: str) -> float:
    """A shot's worth at range ``band``: the rules' chance of a hit times the worth of its
    damage."""
    chance = float(rules_odds.shot_chance(shooter, piece, target, band))
    dist = tuple((a, float(p)) for a, p in rules_odds.shot_damage(piece, target))
    return chance * damage_worth(view, target, dist)


def man_worth(view: AcksState, vessel: Vessel) -> float:
    """What a man of her deck crew is worth: more to a runner short of sailors to sail her,
    and to a vessel that boarders could take."""
    worth = MAN
    if view.condition("taken_by") and view.condition("taken_by") != vessel.side:
        worth *= 3
    if vessel.sails and not vessel.creature:
        need = helm.vtype(vessel).sailors / 2
        if vessel.sailors <= need + 2:
            worth *= 2
    return worth


def volley_worth(view: AcksState, shooter: Vessel, target: Vessel,
                 penalty: int | None = None) -> float:
    """A volley's worth: the throws, one per five shooters; each hit a man off the deck (or
    the captain, one chance in the crew and him), or a monster's hit points."""
    if penalty is None:
        penalty = fire.volley_penalty(shooter, target)
    if penalty is None or fire.shooters(shooter) <= 0:
        return 0.0
    throws = rules_odds.volley_throws(shooter)
    hits = throws * throw(rules_odds.volley_need(shooter, target, penalty))
    count, sides = dice_expr(fire.missile_damage(shooter.missile))
    if target.creature:
        return hits * damage_worth(view, target, scaled(count, sides, 1, 1, False)) \
            if hits else 0.0
    men = target.crew
    if men <= 0 or not target.afloat:
        return 0.0          # a vessel already going down: her crew are no longer the fight
    hits = min(hits, men)
    # each hit rolls the weapon's damage against the struck man's hit points: a crewman
    # falls to it at his 4 hp, the captain only as it wears his down
    dist = dice_odds.dice(count, sides)
    felled = float(dice_odds.at_least(dist, CREW_HP))
    mean = float(dice_odds.mean(dist))
    left = max(1, target.captain.hp - target.captain_hurt)
    captain = 0.0 if target.captain_down else \
        hits / (men + 1) * CAPTAIN * min(1.0, mean / left)
    return hits * man_worth(view, target) * felled + captain


def grapple_chance(vessel: Vessel, target: Vessel, gap_hexes: int) -> float:
    return float(rules_odds.grapple_chance(vessel, target, gap_hexes))


def cut_chance() -> float:
    """Cutting a line: a throw against AC 0 that deals 5 or more with a crewman's blade."""
    return float(rules_odds.cut_chance())


def dislodge_chance() -> float:
    return float(rules_odds.dislodge_chance())


BURN = 1.5           # rounds a fire from the pots is reckoned to burn on after it lands


def pots_worth(view: AcksState, dumper: Vessel, target: Vessel) -> float:
    """What ``dumper``'s fire pot pole costs ``target`` when her bow comes beside the hull:
    the pots' dice (no throw: Fire Pot Poles and Pitch), and again each round the fire burns
    before it is put out; nothing if she has no pole or no men to work it."""
    from ahoy_tui.rules.acks import pitch

    if pitch.POLE not in dumper.gear or dumper.creature or target.creature \
            or not dumper.in_action or dumper.crew <= 0:
        return 0.0
    count, sides = dice_expr(str(pitch.pots()["dice"]))
    return (1 + BURN) * damage_worth(view, target, scaled(count, sides, 1, 1, False))
