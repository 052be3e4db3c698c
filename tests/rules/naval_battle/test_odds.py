"""The odds of a shot before the fire plan is sealed (rules/naval_battle/odds.py), against a
count of the dice written here (tests/odds_support.py), and against the rules' own resolve over
many seeds. Positions as test_shooting's: the shooter at the origin heading north, a starboard
gun pointing east at a target on the x axis."""

from __future__ import annotations

import math
import sys
from fractions import Fraction
from pathlib import Path

from ahoy_tui.engine.dice import Dice, Rng
from ahoy_tui.engine.events import Event
from ahoy_tui.rules.naval_battle import RULESET
from ahoy_tui.rules.naval_battle.actions import FirePlan
from ahoy_tui.rules.naval_battle.model import SNIPERS, NavalState, Shot
from ahoy_tui.rules.naval_battle.shooting import resolve

from .combat_helpers import battle, lost, ship
from .test_shooting import dragon_ship, gunship, starboard, target

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from odds_support import ARTILLERY, D6, chance_of, enumerate_faces, mean_of, within_bound

D4 = (1, 2, 3, 4)
def through_count(damage: dict[int, Fraction]) -> dict[int, Fraction]:
    """Points through armour 5 (a save on a 5 or a 6: one in three) from a distribution of
    points before it: k of n through, C(n, k) (2/3)^k (1/3)^(n-k)."""
    out: dict[int, Fraction] = {}
    for points, p in damage.items():
        for k in range(points + 1):
            q = math.comb(points, k) * Fraction(2, 3) ** k * Fraction(1, 3) ** (points - k)
            out[k] = out.get(k, Fraction(0)) + p * q
    return out


def shown(state: NavalState, shot: Shot):
    view = RULESET.view(state, state.ship(shot.ship).side)
    return RULESET.odds(view, FirePlan(state.ship(shot.ship).side, (shot,)))


def through(odds) -> dict[int, Fraction]:
    return {int(name.split()[0]): p for name, p in odds.outcomes}


def played(state: NavalState, shot: Shot, seeds: int = 1200) -> list[int]:
    out = []
    for seed in range(seeds):
        events: list[Event] = []
        side = state.ship(shot.ship).side
        after = resolve(state, {side: (shot,)}, Dice(Rng(seed + 1), events), events)
        out.append(lost(state, after, shot.target))
    return out


def test_a_cannon_at_52_inches_reaches_on_four_faces_then_d4_then_armour():
    state = battle(gunship(starboard("cannon")), target(52))
    odds = shown(state, Shot("gunship", "g", "target"))

    def damage(art, d4):  # 48" + the die reaches 52" on a 4 or more; a misfire hits nothing
        return d4 if art != "misfire" and 48 + art >= 52 else 0
    expected = through_count(enumerate_faces([ARTILLERY, D4], damage))
    assert through(odds) == expected
    assert odds.expected["damage"] == mean_of(expected)
    assert odds.expected["misfire"] == Fraction(1, 6)
    assert odds.summary.startswith("58% · 1.1 dmg")


def test_a_catapult_also_needs_the_scatter_die_hit():
    state = battle(gunship(starboard("catapults_and_mortars")), target(30))
    odds = shown(state, Shot("gunship", "g", "target"))
    expected = through_count(enumerate_faces(
        [ARTILLERY, D6, D4], lambda art, scatter, d4: d4 if art != "misfire" and scatter <= 2
        else 0))
    assert through(odds) == expected


def test_a_bolt_thrower_hits_with_the_crews_ballistic_skill():
    state = battle(gunship(starboard("bolt_thrower"), race="elf"), target(40))
    odds = shown(state, Shot("gunship", "g", "target"))
    # BS as crew 4+, the Elves +1: 3+
    expected = through_count(enumerate_faces([D6, D4], lambda hit, d4: d4 if hit >= 3 else 0))
    assert through(odds) == expected


def test_an_open_ended_damage_die_has_its_exact_mean():
    # the Hellblaster: automatic, D6 "reroll 5&6's and add" on and on, a 1 misfires
    state = battle(gunship(starboard("hellblaster")), target(10))
    odds = shown(state, Shot("gunship", "g", "target"))
    # E[total] for a first die of 2-6: sum of those faces/6, plus (2/6) of an open-ended die,
    # whose mean m = 3.5 + (2/6) m, so m = 21/4
    mean_damage = Fraction(2 + 3 + 4 + 5 + 6, 6) + Fraction(2, 6) * Fraction(21, 4)
    assert odds.expected["damage"] == mean_damage * Fraction(4, 6)  # armour 5: 4 in 6 through
    assert odds.expected["misfire"] == Fraction(1, 6)
    assert sum(p for _, p in odds.outcomes) == 1


def test_snipers_each_chit_a_die_then_armour():
    state = battle(ship("eagle", stations=((SNIPERS, "human", 4),)), target(14))
    odds = shown(state, Shot("eagle", "snipers", "target"))
    hits = enumerate_faces([D6] * 4, lambda *f: sum(x >= 5 for x in f))  # 14": 5+
    assert through(odds) == through_count(hits)
    assert odds.expected["hits"] == mean_of(hits)


def test_a_creatures_ranged_attack_2d6_then_its_armour():
    state = battle(dragon_ship(), target(16))
    odds = shown(state, Shot("karond", "creature", "target"))
    damage = enumerate_faces([D6, D6], lambda a, b: a + b)
    assert through(odds) == through_count(damage)
    fires = enumerate_faces([D6, D6], lambda a, b: (a == 6) + (b == 6))
    assert odds.expected["fires"] == mean_of(fires)
    assert chance_of(through(odds), lambda n: n >= 1) == 1 - through(odds)[0]


def test_no_odds_for_a_plan_of_several_shots_or_none():
    state = battle(gunship(starboard("cannon")), target(52))
    assert RULESET.odds(state, FirePlan("p1", ())) is None


def test_the_cannon_over_many_seeds_lands_within_four_standard_errors():
    state = battle(gunship(starboard("cannon")), target(52))
    shot = Shot("gunship", "g", "target")
    odds = shown(state, shot)
    dist = through(odds)
    m = float(odds.expected["damage"])
    variance = float(sum(n * n * p for n, p in dist.items())) - m * m
    assert within_bound(played(state, shot), m, variance)


def test_the_snipers_over_many_seeds():
    state = battle(ship("eagle", stations=((SNIPERS, "human", 6),)), target(14))
    shot = Shot("eagle", "snipers", "target")
    odds = shown(state, shot)
    dist = through(odds)
    m = float(odds.expected["damage"])
    variance = float(sum(n * n * p for n, p in dist.items())) - m * m
    assert within_bound(played(state, shot, 1000), m, variance)


# --- one ship's orders: her collision, her boarding round ---------------------------------------

def _orders(ship_id: str, *boxes: tuple[str, str, int], maneuvers: int = 2):
    from ahoy_tui.rules.naval_battle.model import STEADY, ShipOrders
    return ShipOrders(ship_id, boxes, (STEADY,) * maneuvers)


def _collision_state(*, creature: bool = False):
    """A (or the dragon ship Drake) sails west at 12"/turn into H, at rest 10" off."""
    from .test_movement import battle as table
    from .test_movement import entry
    if creature:
        return table(entry("drake", "p1", race="dark_elf", size=10, crew={"dark_elf": 5},
                           creature={"name": "Sea Dragon"}, x=50, heading="W"),
                     entry("h", "p2", size=30, x=40, heading="N"), speeds={"drake": 12, "h": 0})
    return table(entry("a", "p1", x=50, heading="W"), entry("h", "p2", size=30, x=40,
                                                             heading="N"),
                 speeds={"a": 12, "h": 0})


def test_a_collisions_odds_the_fixed_part_the_open_die_and_the_bow_halved():
    from ahoy_tui.rules.naval_battle.actions import GiveOrders
    from ahoy_tui.rules.naval_battle.model import GUNS
    state = _collision_state()
    odds = RULESET.odds(state, GiveOrders("p1", (_orders("a", (GUNS, "human", 10)),)))
    # 12" + 0" ÷ 6 = 2, + the die: a 6 adds 6 and rolls again, so its mean m = 3.5 + m/6 = 21/5
    m = Fraction(21, 5)
    assert odds.expected["damage"] == (2 + m) * Fraction(2, 3)  # H's armour 5: 2 in 3 through
    # A strikes with her bow: (2 + the die) halved, rounded down. The die is 6 × (its 6s) +
    # its last face (1-5): each 6 adds 3 after halving; 6s come 1/5 of a time on average.
    last = enumerate_faces([(1, 2, 3, 4, 5)], lambda f: (2 + f) // 2)
    halved = 3 * Fraction(1, 5) + mean_of(last)
    assert odds.expected["taken"] == halved * Fraction(2, 3)
    assert sum(p for _, p in odds.outcomes) == 1
    assert odds.summary == "ram 4.1 dmg · you take 1.9"


def test_a_creatures_ram_d6_plus_its_chits_and_a_fire_on_a_six():
    from ahoy_tui.rules.naval_battle.actions import GiveOrders
    from ahoy_tui.rules.naval_battle.model import GUNS
    state = _collision_state(creature=True)
    odds = RULESET.odds(state, GiveOrders("p1", (_orders("drake", (GUNS, "dark_elf", 5),
                                                         maneuvers=3),)))
    damage = enumerate_faces([D6], lambda f: f + 5)  # the dragon's 5 chits
    assert through(odds) == through_count(damage)
    assert odds.expected["fire"] == enumerate_faces([D6], lambda f: f == 6)[True]
    assert odds.summary.startswith("ram 5.7 dmg")


def test_the_collision_over_many_seeds_lands_within_four_standard_errors():
    from ahoy_tui.engine.fast import replace as evolve
    from ahoy_tui.rules.naval_battle.actions import GiveOrders
    from ahoy_tui.rules.naval_battle.model import GUNS

    from .test_movement import move, revealed
    state = _collision_state()
    mine = _orders("a", (GUNS, "human", 10))
    theirs = _orders("h", (GUNS, "human", 30))
    odds = RULESET.odds(state, GiveOrders("p1", (mine,)))
    ready = revealed(state, mine, theirs)
    dist = through(odds)
    m = float(odds.expected["damage"])
    variance = float(sum(n * n * p for n, p in dist.items())) - m * m
    out = []
    for seed in range(700):
        moved, _ = move(evolve(ready, rng=Rng(seed + 1)))
        out.append(lost(ready, moved, "h"))
    assert within_bound(out, m, variance)


def test_a_boarding_round_each_chits_die_then_the_save_at_minus_one():
    from ahoy_tui.rules.naval_battle.actions import GiveOrders
    from ahoy_tui.rules.naval_battle.model import BOARDING
    anne = ship("anne", "p1", stations=((BOARDING, "human", 3),), bound_to=("bess",))
    bess = ship("bess", "p2", x=5, stations=((BOARDING, "marine", 1),), bound_to=("anne",))
    state = battle(anne, bess)
    odds = RULESET.odds(state, GiveOrders("p1", (_orders("anne", (BOARDING, "human", 3)),)))
    # Even or losing: 5+ to hit; Bess's armour 5 at −1: saved on a 6 only
    hits = enumerate_faces([D6] * 3, lambda *f: sum(x >= 5 for x in f))

    def through_at(dist, save):
        out: dict[int, Fraction] = {}
        for points, p in dist.items():
            for k in range(points + 1):
                q = math.comb(points, k) * (1 - save) ** k * save ** (points - k)
                out[k] = out.get(k, Fraction(0)) + p * q
        return out
    dealt = through_at(hits, Fraction(1, 6))
    assert through(odds) == dealt
    # Bess's marine rolls two dice back, as last revealed
    back = through_at(enumerate_faces([D6, D6], lambda x, y: (x >= 5) + (y >= 5)),
                      Fraction(1, 6))
    assert odds.expected["taken"] == mean_of(back)
    wins = sum(p * q for d, p in dealt.items() for t, q in back.items() if d > t)
    assert odds.expected["wins"] == wins
    assert odds.summary.startswith("board 0.8 dmg · take 0.6 · wins")


def test_the_boarding_round_over_many_seeds():
    from ahoy_tui.rules.naval_battle import boarding
    from ahoy_tui.rules.naval_battle.actions import GiveOrders
    from ahoy_tui.rules.naval_battle.model import BOARDING, SPEED
    anne = ship("anne", "p1", stations=((BOARDING, "human", 6),), bound_to=("bess",))
    bess = ship("bess", "p2", x=5, stations=((BOARDING, "human", 2), (SPEED, "human", 8)),
                bound_to=("anne",))  # ten chits: more than six can take
    state = battle(anne, bess)
    odds = RULESET.odds(state, GiveOrders("p1", (_orders("anne", (BOARDING, "human", 6)),)))
    dist = through(odds)
    m = float(odds.expected["damage"])
    variance = float(sum(n * n * p for n, p in dist.items())) - m * m
    out = []
    for seed in range(1000):
        events: list[Event] = []
        after = boarding.resolve(state, Dice(Rng(seed + 1), events), events)
        out.append(lost(state, after, "bess"))
    assert within_bound(out, m, variance)


def _grapple_state():
    """A (7 on Guns, 3 boarders, grapples thrown) sails into H at rest, whose 4 boarders were
    last revealed on Boarding; the collision's damage comes off the guns first."""
    from ahoy_tui.engine.fast import replace as evolve
    from ahoy_tui.rules.naval_battle.model import BOARDING, GUNS
    state = _collision_state()
    theirs = ((BOARDING, "human", 4), (GUNS, "human", 26))
    state = state.with_ship(evolve(state.ship("h"), stations=theirs))
    mine = _orders("a", (GUNS, "human", 7), (BOARDING, "human", 3))
    from .test_movement import orders as h_orders
    return state, mine, h_orders("h", assign=theirs)


def test_a_collision_that_grapples_shows_that_turns_round_of_boarding_too():
    from ahoy_tui.engine.fast import replace as evolve
    from ahoy_tui.rules.naval_battle.actions import GiveOrders
    state, mine, _ = _grapple_state()
    odds = RULESET.odds(state, GiveOrders("p1", (mine,)))
    alone = RULESET.odds(state, GiveOrders("p1", (evolve(mine, grapple=False),)))
    assert "taken" in alone.expected and "wins" not in alone.expected
    # the fresh grapple: even or losing, 5+ to hit, H's armour 5 at −1: saved on a 6 only
    hits = enumerate_faces([D6] * 3, lambda *f: sum(x >= 5 for x in f))
    dealt: dict[int, Fraction] = {}
    for n, p in hits.items():
        for k in range(n + 1):
            q = math.comb(n, k) * Fraction(5, 6) ** k * Fraction(1, 6) ** (n - k)
            dealt[k] = dealt.get(k, Fraction(0)) + p * q
    assert odds.expected["boarding_damage"] == mean_of(dealt)
    assert odds.expected["damage"] == alone.expected["damage"]  # the collision's, unchanged
    marginal: dict[int, Fraction] = {}
    for name, p in odds.outcomes:
        k = int(name.split("; ")[1].split()[0])
        marginal[k] = marginal.get(k, Fraction(0)) + p
    assert marginal == dealt
    # H's 4 boarders back, as last revealed, 5+ each, A's armour 5 at −1: 5 in 6 through
    back = enumerate_faces([D6] * 4, lambda *f: sum(x >= 5 for x in f))
    assert odds.expected["boarding_taken"] == mean_of(back) * Fraction(5, 6)
    assert odds.summary.startswith("ram ") and " · board " in odds.summary


def test_the_grapple_and_its_round_over_many_seeds():
    from ahoy_tui.engine.fast import replace as evolve
    from ahoy_tui.rules.naval_battle import boarding
    from ahoy_tui.rules.naval_battle.actions import GiveOrders

    from .test_movement import move, revealed
    state, mine, theirs = _grapple_state()
    odds = RULESET.odds(state, GiveOrders("p1", (mine,)))
    ready = revealed(state, mine, theirs)
    m = odds.expected["boarding_damage"]
    dist: dict[int, Fraction] = {}
    for name, p in odds.outcomes:
        k = int(name.split("; ")[1].split()[0])
        dist[k] = dist.get(k, Fraction(0)) + p
    variance = sum((k - m) ** 2 * p for k, p in dist.items())
    out = []
    for seed in range(800):
        moved, events = move(evolve(ready, rng=Rng(seed + 1)))
        assert moved.ship("a").bound_to == ("h",)
        after = boarding.resolve(moved, Dice(Rng(seed + 7001), events), events)
        out.append(lost(moved, after, "h"))
    assert within_bound(out, float(m), float(variance))


# --- the fires a gun's hit starts (Ship's guns: fire_on, "50% chance", automatic fires) ---------

def fires_started(state: NavalState, shot: Shot, seeds: int) -> list[float]:
    out = []
    for seed in range(seeds):
        events: list[Event] = []
        after = resolve(state, {"p1": (shot,)}, Dice(Rng(seed + 1), events), events)
        out.append(float(after.ship("target").fires - state.ship("target").fires))
    return out


def test_a_cannons_four_on_the_damage_die_then_four_up_starts_a_fire():
    state = battle(gunship(starboard("cannon")), target(52))
    odds = shown(state, Shot("gunship", "g", "target"))
    # reaches 52" on an artillery die of 4 or more; a 4 on the D4, then 4+ on a D6
    fire = enumerate_faces([ARTILLERY, D4, D6], lambda art, d4, roll: art != "misfire"
                           and 48 + art >= 52 and d4 == 4 and roll >= 4)[True]
    assert odds.expected["fire"] == odds.expected["fires"] == fire == Fraction(1, 12)
    assert odds.summary.endswith(" · fire 8%")
    assert within_bound(fires_started(state, Shot("gunship", "g", "target"), 1500),
                        float(fire), float(fire * (1 - fire)))


def test_bombards_every_six_rerolled_and_added_is_a_fire():
    state = battle(gunship(starboard("bombards"), gunners=6), target(30))
    odds = shown(state, Shot("gunship", "g", "target"))

    def sixes(art, *chain):  # the first die and its rerolls, while each shows a 6
        if art == "misfire":
            return 0
        n = 0
        for face in chain:
            if face != 6:
                break
            n += 1
        return n
    depth = 5
    counted = enumerate_faces([ARTILLERY, *[D6] * depth], sixes)
    assert odds.expected["fire"] == chance_of(counted, lambda n: n >= 1)
    # the chain cut at five dice leaves out less than (1/6)^5 of the mean
    assert 0 <= odds.expected["fires"] - mean_of(counted) < Fraction(1, 6) ** 4


def test_a_flame_cannon_hits_start_d3_fires_unless_it_misfires():
    state = battle(gunship(starboard("flame_cannon_and_warp_fire_thrower")), target(10))
    odds = shown(state, Shot("gunship", "g", "target"))
    started = enumerate_faces([D6, (1, 2, 3)], lambda dmg, d3: 0 if dmg <= 2 else d3)
    assert odds.expected["fire"] == Fraction(4, 6)
    assert odds.expected["fires"] == mean_of(started) == Fraction(4, 3)
    variance = mean_of({(n - Fraction(4, 3)) ** 2: p for n, p in started.items()})
    assert within_bound(fires_started(state, Shot("gunship", "g", "target"), 1200),
                        float(odds.expected["fires"]), float(variance))


def test_next_turn_the_foes_boarders_are_read_as_they_stood_when_the_turn_ended():
    """Played at 80x24: a turn after the grapple the odds said "take 0", the Dawi's boarders
    wiped with the turn's boxes. They are kept, revealed, as the turn ends."""
    from ahoy_tui.rules.naval_battle.actions import GiveOrders
    from ahoy_tui.rules.naval_battle.flow import end_turn
    from ahoy_tui.rules.naval_battle.model import BOARDING, GUNS
    anne = ship("anne", "p1", stations=((BOARDING, "human", 3),), bound_to=("bess",))
    bess = ship("bess", "p2", x=5, stations=((BOARDING, "marine", 1), (GUNS, "human", 4)),
                bound_to=("anne",))
    state = replace_turn(battle(anne, bess))
    ended = end_turn(state, [])
    assert ended.ship("bess").stations == () and ended.ship("bess").revealed == bess.stations
    sheet = GiveOrders("p1", (_orders("anne", (BOARDING, "human", 3)),))
    before, after = RULESET.odds(state, sheet), RULESET.odds(ended, sheet)
    assert after.expected["taken"] == before.expected["taken"] > 0


def replace_turn(state: NavalState) -> NavalState:
    from ahoy_tui.engine.fast import replace as evolve
    return evolve(state, sides=(("p1", "Red"), ("p2", "Blue")), turn=1, turn_limit=8)
