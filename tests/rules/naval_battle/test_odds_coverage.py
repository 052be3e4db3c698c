"""Every decision of Naval Battle whose application rolls dice shows its odds before it is sealed
(issue 35), but for a short list, each with its reason.

The decisions are rows of the secret sheets: each shot of a fire plan, and each ship's orders
(what her track runs into, her round of boarding while grappled, her fire stations while she
burns). First the fire stations' odds (The End Phase), against a count of the dice written here
(tests/odds_support.py) and the End Phase played over many seeds; then random legal battles
over every scenario, every roll of each reveal traced to the sheet row that made it.
"""

from __future__ import annotations

import random
import re
import time
from fractions import Fraction
from typing import Any

from odds_support import D6, enumerate_faces, mean_of, within_bound

from ahoy_tui.engine.dice import Dice, Rng
from ahoy_tui.engine.events import DiceRoll, Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.orders import Sealed
from ahoy_tui.rules.naval_battle import RULESET, fires, movement, shooting
from ahoy_tui.rules.naval_battle.actions import DeclareSpeed, FirePlan, GiveOrders
from ahoy_tui.rules.naval_battle.legal import (
    example_orders,
    example_plan,
    orders_problem,
    plain_orders,
)
from ahoy_tui.rules.naval_battle.model import (
    BOARDING,
    FIRE,
    GUNS,
    PORT,
    SPEED,
    STARBOARD,
    STEADY,
    UP,
    NavalState,
    Phase,
    ShipOrders,
    Shot,
    SideOrders,
)
from ahoy_tui.rules.naval_battle.scenario import BUILTIN

from .combat_helpers import battle, lost, ship

# --- fire stations (The End Phase) ------------------------------------------------------------

ORC_CREW = ((FIRE, "orc", 3), (FIRE, "cabin_boy", 1), (SPEED, "sailor", 1), (BOARDING, "orc", 4))


def orc_hulk(blaze: int, *, team: int = 2, stations: tuple = ()) -> tuple[NavalState, ShipOrders]:
    """An Orc ship burning with ``blaze`` fires; her sheet puts 3 Orcs and a Cabin Boy on Fire
    Stations, a Sailor on Speed, in teams of ``team``; her boxes as ``stations`` before the
    reveal."""
    hulk = replace(ship("hulk", race="orc", stations=ORC_CREW, fires=blaze), stations=stations)
    other = ship("other", "p2", x=30, stations=((BOARDING, "human", 5),))
    return battle(hulk, other), ShipOrders("hulk", ORC_CREW, ("steady",) * 2, fire_team=team)


def put_out(a: int, b: int) -> int:
    """The Orcs' teams, written here: action points 2+1 (the Cabin Boy and an Orc), 1+1, and 1
    (the Sailor on Speed: one more at fire stations); the chart 3 → 4+, 2 → 5+, 1 → 6+; the Orcs
    -1, so 5+, 6+, and 7+ (that team rolls nothing)."""
    return (a - 1 >= 4) + (b - 1 >= 5)


def test_fire_stations_each_team_a_die_on_the_chart_with_the_race_modifier() -> None:
    state, orders = orc_hulk(3)
    odds = RULESET.odds(state, GiveOrders("p1", (orders,)))
    assert odds is not None
    out = enumerate_faces((D6, D6), put_out)
    assert dict(odds.outcomes) == {f"{n} out": p for n, p in out.items()}
    assert odds.expected["fires_out"] == mean_of(out) == Fraction(1, 2)
    # each fire left: a point of damage, no armour save
    assert odds.expected["fire_damage"] == mean_of({3 - n: p for n, p in out.items()})
    assert odds.summary == "fires 0.5/3 out · burn 2.5"
    assert any("team 3" in line and "6+ (-1)" in line and "cannot" in line
               for line in odds.breakdown)


def test_the_sheets_fire_team_not_last_turns_boxes_makes_the_teams() -> None:
    # teams of 1: five teams of 2, 1, 1, 1, 1 action points, one a fire: 2 fires, 5+ and 6+
    state, orders = orc_hulk(2, team=1, stations=((GUNS, "orc", 9),))
    odds = RULESET.odds(state, GiveOrders("p1", (orders,)))
    assert odds is not None
    out = enumerate_faces((D6, D6), lambda a, b: (a - 1 >= 5) + (b - 1 >= 6))
    assert dict(odds.outcomes) == {f"{n} out": p for n, p in out.items()}
    not_burning, orders = orc_hulk(0)
    assert RULESET.odds(not_burning, GiveOrders("p1", (orders,))) is None


def test_fire_stations_over_many_seeds_land_within_four_standard_errors() -> None:
    state, orders = orc_hulk(3)
    odds = RULESET.odds(state, GiveOrders("p1", (orders,)))
    assert odds is not None
    ready = replace(state.with_ship(replace(state.ship("hulk"), stations=orders.assign)),
                    orders=Sealed().seal("p1", SideOrders((orders,))))
    damage = []
    for seed in range(1500):
        events: list[Event] = []
        after = fires.resolve(ready, Dice(Rng(seed + 1), events), events)
        damage.append(float(lost(ready, after, "hulk")))
    m = odds.expected["fire_damage"]
    dist = {3 - int(name.split()[0]): p for name, p in odds.outcomes}
    variance = sum((n - m) ** 2 * p for n, p in dist.items())
    assert within_bound(damage, float(m), float(variance))


def test_boarding_while_burning_shows_both_and_their_outcomes_together() -> None:
    anne = ship("anne", "p1", stations=((BOARDING, "human", 3), (FIRE, "human", 1)),
                bound_to=("bess",), fires=1)
    bess = ship("bess", "p2", x=5, stations=((BOARDING, "human", 2),), bound_to=("anne",))
    state = battle(anne, bess)
    orders = ShipOrders("anne", anne.stations, (STEADY,) * 2)
    odds = RULESET.odds(state, GiveOrders("p1", (orders,)))
    assert odds is not None
    assert odds.summary.startswith("board ") and " · fires " in odds.summary
    # the one-man team: 6+ (1/6); the boarding round's own outcomes, each with both
    out = {name.split("; ")[1] for name, _ in odds.outcomes}
    assert out == {"0 out", "1 out"}
    assert sum(p for name, p in odds.outcomes if name.endswith("1 out")) == Fraction(1, 6)
    assert sum(p for _, p in odds.outcomes) == 1


# --- every rolling decision of random battles ----------------------------------------------

# Rolls traced to no sheet row with odds, and why.
WITHOUT_ODDS = {
    "creature_alone": "a creature whose crew are all dead shoots at the nearest ship by itself "
                      "(Creatures): no one's sheet chose the shot",
    "collision_unforeseen": "both ships moved, and neither track ran into the other as she lay "
                            "when the sheets were sealed: it is the other's hidden course that "
                            "brought them together (a collision with a ship that did not move, "
                            "friend or foe, is always foreseen)",
    "first_boarding_round": "the round fought the turn of a grapple her sheet did not foresee: "
                            "the other's hidden course brought the ships together, or the "
                            "other threw the grapples (one her own track and grapples bring "
                            "about is shown with the collision)",
    "fire_lit_this_turn": "a fire started after the sheet was sealed (by this turn's shots or "
                          "ram): her fire stations were written before it burned",
}


def _nearest_turn(state: NavalState, ship_id: str, declared: str) -> str:
    """The turn (steady, port, starboard) that ends her track nearest another side's ship."""
    best, best_d = STEADY, float("inf")
    mine = state.ship(ship_id)
    others = [s for s in state.ships if s.side != mine.side and not s.gone]
    for turn in (STEADY, PORT, STARBOARD):
        orders = plain_orders(mine, declared, turn)
        moved, _ = movement.change_speed(mine, declared, orders)
        x, y, _h = movement.track(moved, orders)[-1]
        d = min((abs(x - o.x) + abs(y - o.y) for o in others), default=0.0)
        if d < best_d:
            best, best_d = turn, d
    return best


def choose(state: NavalState, chooser: random.Random) -> Any:
    """A random legal sheet: most often speeding up and steering for the enemy (so that ships
    collide, grapple and burn), with random fire teams and targets."""
    side = state.to_act
    assert side is not None
    legal = RULESET.legal_actions(state)
    if state.phase == Phase.DECLARE:
        if chooser.random() < 0.6:
            return DeclareSpeed(side, tuple((s.id, UP) for s in state.side_ships(side)))
        return legal[chooser.randrange(len(legal))]
    if state.phase == Phase.ORDERS:
        declared = dict(state.speeds_shown)
        ships = []
        for s in state.side_ships(side):
            said = declared.get(s.id, "hold")
            turn = _nearest_turn(state, s.id, said) if chooser.random() < 0.8 else \
                chooser.choice((STEADY, PORT, STARBOARD))
            ships.append(replace(plain_orders(s, said, turn),
                                 fire_team=chooser.choice((1, 1, 2, 3)),
                                 grapple=chooser.random() < 0.9))
        sheet = GiveOrders(side, tuple(ships))
        return sheet if orders_problem(state, sheet) is None else example_orders(state, side)
    shots = []
    for s in state.side_ships(side):
        budget = s.at(GUNS)
        for weapon in shooting.weapons(state, s.id):
            if weapon.targets and weapon.action_points <= budget and chooser.random() < 0.85:
                budget -= weapon.action_points
                shots.append(Shot(s.id, weapon.weapon, chooser.choice(weapon.targets)[0]))
    plan = FirePlan(side, tuple(shots))
    if shooting.plan_problem(state, side, plan.shots) is None:
        return plan
    return example_plan(state, side)


def traced(events: list[Event], names: dict[str, str]) -> list[tuple[str, str, str]]:
    """Each roll of a reveal as (what it is, the ship whose row made it, the other ship of a
    collision): "shot", "collision", "boarding", "fire_fighting"; armour saves (part of the
    blow that asked them) left out."""
    out: list[tuple[str, str, str]] = []
    pair = ("", "")
    for e in events:
        if isinstance(e, Happened) and e.kind == "collision":
            found = re.match(r"(.+) and (.+) collide \(", e.text)
            assert found, e.text
            pair = (names[found.group(1)], names[found.group(2)])
        if not isinstance(e, DiceRoll) or "armour save" in e.purpose:
            continue
        if e.rule == movement.COLLISIONS or " rams " in e.purpose:
            out.append(("collision", *pair))
        elif e.rule == "The Boarding Phase":
            out.append(("boarding", e.ship or "", ""))
        elif e.rule == fires.FIRES:
            out.append(("fire_fighting", e.ship or "", ""))
        elif e.rule in (shooting.GUNS_RULE, shooting.SNIPERS_RULE, shooting.MISFIRES,
                        shooting.CREATURES, shooting.SPECIALISTS):
            out.append(("shot", e.ship or "", ""))
        else:
            raise AssertionError(f"a roll the test does not know: {e.rule}: {e.purpose}")
    return out


def test_every_roll_of_random_battles_comes_from_a_row_with_odds_but_the_few_listed() -> None:
    started = time.process_time()
    rolled: dict[str, int] = {}
    shown: dict[str, int] = {}
    for scenario in BUILTIN:
        for seed in range(3):
            state, _ = RULESET.setup(RULESET.load_scenario(scenario), seed, {})
            assert isinstance(state, NavalState)
            names = {s.name: s.id for s in state.ships}
            chooser = random.Random(seed)
            # this turn's sheet rows: each ship's orders' odds, each shooter's shots' odds, and
            # where each ship lay and whether she burned and was grappled as her sheet was sealed
            orders_odds: dict[str, Any] = {}
            shot_odds: dict[str, list[Any]] = {}
            sealed_as: dict[str, Any] = {}
            for _ in range(400):
                if state.over:
                    break
                action = choose(state, chooser)
                view = RULESET.view(state, action.side)
                if isinstance(action, DeclareSpeed) and not state.declared.entries:
                    orders_odds, shot_odds, sealed_as = {}, {}, {}
                if isinstance(action, GiveOrders):
                    for o in action.ships:
                        odds = RULESET.odds(view, GiveOrders(action.side, (o,)))
                        orders_odds[o.ship] = odds
                        sealed_as[o.ship] = view.ship(o.ship)
                        if odds is not None:
                            assert sum(p for _, p in odds.outcomes) == 1, odds
                            shown["orders"] = shown.get("orders", 0) + 1
                if isinstance(action, FirePlan):
                    for shot in action.shots:
                        odds = RULESET.odds(view, FirePlan(action.side, (shot,)))
                        assert odds is not None, (scenario, seed, shot)
                        assert sum(p for _, p in odds.outcomes) == 1, odds
                        shot_odds.setdefault(shot.ship, []).append(odds)
                        shown["shot"] = shown.get("shot", 0) + 1
                after, events = RULESET.apply(state, action)
                alone = {e.ship for e in events
                         if isinstance(e, Happened) and e.kind == "creature_alone"}
                for kind, ship_id, other in traced(events, names):
                    where = f"{scenario} {seed} turn {state.turn}: {kind} {ship_id} {other}"
                    odds = orders_odds.get(ship_id)
                    if kind == "shot":
                        reason = "creature_alone" if ship_id in alone else None
                        assert reason or shot_odds.get(ship_id), where
                    elif kind == "collision":
                        seen = [orders_odds.get(s) for s in (ship_id, other)]
                        foreseen = any(o is not None and "taken" in o.expected for o in seen)
                        # a ship grappled, or at rest after the speeds changed, lay where
                        # the other's sheet saw her
                        still = [s for s in (ship_id, other) if s in sealed_as and
                                 (sealed_as[s].bound_to or after.ship(s).speed == 0)]
                        reason = None if foreseen else "collision_unforeseen"
                        assert foreseen or not still, where
                    elif kind == "boarding":
                        boarded = odds is not None and "wins" in odds.expected
                        reason = None if boarded else "first_boarding_round"
                        assert boarded or not sealed_as[ship_id].bound_to, where
                    else:
                        burning = odds is not None and "fires_out" in odds.expected
                        reason = None if burning else "fire_lit_this_turn"
                        assert burning or not sealed_as[ship_id].fires, where
                    key = reason or kind
                    rolled[key] = rolled.get(key, 0) + 1
                state = after
    print(rolled, shown)
    # the test met the rolls it is about, with their odds, and stayed quick
    assert {"shot", "collision", "boarding", "fire_fighting"} <= set(rolled), rolled
    assert set(rolled) - {"shot", "collision", "boarding", "fire_fighting"} <= set(WITHOUT_ODDS)
    assert time.process_time() - started < 20
