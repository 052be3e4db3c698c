"""How a computer captain handles sea monsters, his own and the enemy's.

- **Templates.** He lays his templates face down in the middle of the table, on the enemy's
  side of it; an enemy monster gone back to its lair he places as far from his own ships as
  the rules let him.
- **Summoning.** A failed summons ends his turn, so he summons last, when nothing else of his
  is left to act (or when nothing else ever could); risen, the monster comes up in the quarter
  of its template nearest the enemy.
- **Its move.** Far from the enemy it dives (immune to fire on the way in); near, it stays on
  the surface to strike. It swims straight at the nearest enemy ship; a 6 on the reaction
  table lets it attack twice if that ship is within its roll, else move twice.
- **Its attacks.** Always its special attack; its boarding action, and pressing on, when the
  odds of a round (D6 + wounds against D6 + crew, cannons, Admiral, Marines) favour it.
- **His ships.** Fighting off a monster, a ship presses on while the odds favour her, and
  drives it off when they do not.
"""

from __future__ import annotations

import math

from ahoy_tui.ai.captain import Decision
from ahoy_tui.ai.man_o_war import gunnery
from ahoy_tui.engine import LegalActions
from ahoy_tui.engine.geometry import distance
from ahoy_tui.rules.man_o_war import fleet_cards, monsters, shooting
from ahoy_tui.rules.man_o_war.actions import (
    Emerge,
    EndMove,
    EndShip,
    Fire,
    Maul,
    MonsterChoice,
    MonsterCourse,
    PlaceMonster,
    SpecialAttack,
    Summon,
    Swim,
    Twice,
)
from ahoy_tui.rules.man_o_war.boarding import cannons_toward
from ahoy_tui.rules.man_o_war.creatures import (
    body,
    monster,
    name,
    touching_ships,
    wounds_left,
)
from ahoy_tui.rules.man_o_war.damage import saves
from ahoy_tui.rules.man_o_war.model import Creature, MowState, Ship
from ahoy_tui.rules.man_o_war.table import outline
from ahoy_tui.rules.man_o_war.tables import tables

DIVE_BEYOND = 1.5  # he dives when the nearest enemy lies beyond this many average moves


def round_odds(bonus: int) -> tuple[float, float]:
    """(win, lose) of one round for a side adding ``bonus`` more than the other to its D6."""
    win = sum(1 for a in range(1, 7) for b in range(1, 7) if a + bonus > b) / 36
    lose = sum(1 for a in range(1, 7) for b in range(1, 7) if a + bonus < b) / 36
    return win, lose


def ship_bonus(ship: Ship, creature: Creature) -> int:
    """What she adds to her die against the monster."""
    admiral = int(tables().setup["admiral_boarding"]) if ship.admiral else 0
    return (ship.crew + cannons_toward(ship, body(creature)) + admiral
            + fleet_cards.bonus(ship, "boarding"))


def monster_edge(ship: Ship, creature: Creature) -> int:
    """How much more the monster adds to its die than she does."""
    return wounds_left(creature) - ship_bonus(ship, creature)


def foes(view: MowState, side: str) -> list[Ship]:
    return [s for s in view.ships if s.in_the_fight and s.holder != side]


def nearest_foe(view: MowState, creature: Creature) -> Ship | None:
    found = foes(view, creature.side)
    if not found:
        return None
    return min(found, key=lambda s: (distance(body(creature), outline(s)), s.id))


def shot_value(view: MowState, ship: Ship, shot: Fire) -> float:
    """Battle Honours a volley at a sea monster is worth: each battery's shot that gets past
    its save is a wound, worth its share of the monster's honours (half as likely to strike
    it, and as likely to strike the ship it holds, when it holds another)."""
    creature = view.creature(shot.target)
    beast = monster(creature)
    reach = shooting.in_reach(ship, shot.side, body(creature))
    if reach is None:
        return 0.0
    band = reach[1]
    rules = tables()
    others = [s for s in touching_ships(view, creature) if s != ship.id]
    hit = 0.5 if others else 1.0
    value = 0.0
    for index in shooting.shootable(ship, shot.side, band):
        weapon = rules.weapon(ship.card.batteries[index].weapon)
        modifier = weapon.save[band]
        saved = sum(1 for roll in range(1, 7) if saves(roll, beast.save, modifier)) / 6
        value += hit * (1 - saved) * beast.honours / beast.wounds
        if others and view.ship(others[0]).holder == ship.side:
            value -= 0.5 * 0.5  # a shot into her own side's ship
    return value


def ram_worth(view: MowState, ship: Ship, target: str) -> float:
    """Battle Honours a ram on ``target`` is worth: a ship's by the gunner's odds, a sea
    monster's by its save (failing it, a wound a Below the Waterline hit of her ram)."""
    if not view.has_creature(target):
        return gunnery.ram_value(ship, view.ship(target))
    creature = view.creature(target)
    beast = monster(creature)
    fails = 1 - sum(1 for roll in range(1, 7) if saves(roll, beast.save, 0)) / 6
    hits = ship.card.ram + fleet_cards.bonus(ship, "ram")
    return fails * min(hits, wounds_left(creature)) * beast.honours / beast.wounds


def touched_name(view: MowState, target: str) -> str:
    if view.has_creature(target):
        return name(view.creature(target))
    return view.ship(target).name


def choose(view: MowState, legal: LegalActions) -> Decision | None:
    """His decision where a sea monster is concerned, or None where none is."""
    fixed = legal.fixed
    if view.struggle is not None and view.struggle.decision:
        return _struggle(view)
    if any(isinstance(x, PlaceMonster) for x in fixed):
        return _place(view, [x for x in fixed if isinstance(x, PlaceMonster)])
    if any(isinstance(x, Emerge) for x in fixed):
        return _emerge(view, [x for x in fixed if isinstance(x, Emerge)])
    if view.prowl is not None:
        return _prowl(view, legal)
    return None


def summon(view: MowState, legal: LegalActions) -> Decision | None:
    """Summon only when nothing else of his can act: a failure would end his turn."""
    summons = [x for x in legal.fixed if isinstance(x, Summon)]
    if not summons or len(summons) < len(legal.fixed):
        return None
    return Decision(summons[0], "nothing else of ours is left to act: summon the sea monster "
                    "(4+), for a failure costs nothing now")


def _struggle(view: MowState) -> Decision:
    fight = view.struggle
    assert fight is not None
    creature = view.creature(fight.creature)
    ship = view.ship(fight.ship)
    edge = monster_edge(ship, creature)
    if fight.decision == "creature":
        win, lose = round_odds(edge)
        if win >= lose:
            return Decision(MonsterChoice("press_on"), f"the {name(creature)} presses on "
                            f"(wins a round {win:.0%}, loses {lose:.0%})")
        return Decision(MonsterChoice("retreat"), f"the {name(creature)} retreats (it would "
                        f"lose a round {lose:.0%})")
    win, lose = round_odds(-edge)
    if win > lose:
        return Decision(MonsterChoice("press_on"), f"the {ship.name} fights on (wins a round "
                        f"{win:.0%}, loses {lose:.0%})")
    return Decision(MonsterChoice("drive_off"), f"the {ship.name} drives the {name(creature)} "
                    "off")


def _place(view: MowState, places: list[PlaceMonster]) -> Decision:
    spots = monsters.grid(view)
    beast = view.creature(places[0].monster)
    if beast.where == "lair":  # the enemy's monster: as far from our ships as may be
        ours = [s for s in view.ships if s.in_the_fight and s.holder != beast.side]

        def far(x: PlaceMonster) -> tuple[float, int]:
            gap = min((math.dist(spots[x.spot], (s.x, s.y)) for s in ours), default=0.0)
            return -gap, x.spot

        choice = min(places, key=far)
        return Decision(choice, "the monster's lair goes as far from our ships as it may")
    edge = view.edges[view.side_index(beast.side)] if view.edges else "west"
    aim = (view.table.width * (0.6 if edge == "west" else 0.4), view.table.height / 2)
    choice = min(places, key=lambda x: (math.dist(spots[x.spot], aim), x.spot))
    return Decision(choice, "our template lies in wait in the middle of the sea, on the "
                    "enemy's side")


def _emerge(view: MowState, rises: list[Emerge]) -> Decision:
    beast = view.creature(view.placing)
    targets = foes(view, beast.side)

    def gap(x: Emerge) -> tuple[float, int]:
        risen = monsters.rise_at(view, beast, x.spot)
        if risen is None or not targets:
            return math.inf, x.spot
        return min(distance(body(risen), outline(s)) for s in targets), x.spot

    choice = min(rises, key=gap)
    return Decision(choice, f"the {monster(beast).name} rises nearest the enemy")


def _swim_at(view: MowState, legal: LegalActions, creature: Creature,
             target: Ship) -> Decision | None:
    """Straight at the target, or (when something lies in the way) along the compass point
    that brings it nearest her."""
    prowl = view.prowl
    assert prowl is not None
    beast = monster(creature)
    reach = max(1, math.ceil(prowl.allowance - 1e-9))
    candidates: list[Swim] = [Swim(toward=target.id)]
    candidates += [Swim(heading=h, inches=reach) for h in range(8)]
    best: tuple[float, int, Swim] | None = None
    for rank, swim in enumerate(candidates):
        if swim not in legal:
            continue
        end, _ = monsters.swim_end(view, creature, prowl.allowance, swim.toward, swim.heading,
                                   swim.inches)
        gap = distance(body(end), outline(target))
        if best is None or (gap, rank) < best[:2]:
            best = (gap, rank, swim)
    if best is None:
        return None
    gap, _, swim = best
    way = "straight at her" if swim.toward else "round what lies in its way"
    return Decision(swim, f"the {beast.name} swims {way}, to the {target.name} "
                    f"({gap:.1f}\" short)" if gap > 0.11 else
                    f"the {beast.name} swims {way} and seizes the {target.name}")


def _prowl(view: MowState, legal: LegalActions) -> Decision | None:
    prowl = view.prowl
    assert prowl is not None
    creature = view.creature(prowl.creature)
    beast = monster(creature)
    target = nearest_foe(view, creature)
    gap = distance(body(creature), outline(target)) if target is not None else math.inf
    if prowl.stage == "course":
        far = gap > DIVE_BEYOND * 3.5 * beast.move_dice
        if far and MonsterCourse(True) in legal:
            return Decision(MonsterCourse(True), f"the {beast.name} dives: the enemy is "
                            f"{gap:.0f}\" off, out of its reach")
        return Decision(MonsterCourse(False), f"the {beast.name} swims on the surface, to "
                        "strike")
    if prowl.stage == "twice":
        if gap <= prowl.allowance:
            return Decision(Twice("attack"), f"the {target.name if target else 'enemy'} is "
                            "within its roll: it attacks twice")
        return Decision(Twice("move"), "the enemy is out of reach: it moves twice")
    if prowl.stage == "swim":
        if target is None:
            return Decision(EndMove(), "no enemy ship left to hunt") if EndMove() in legal \
                else None
        touching = gap <= 0.11
        if touching and EndMove() in legal:
            return Decision(EndMove(), f"the {beast.name} already has the {target.name} in its "
                            "grip")
        return _swim_at(view, legal, creature, target)
    if prowl.stage == "attack":
        specials = [x for x in legal.fixed if isinstance(x, SpecialAttack)]
        if specials:
            victim = view.ship(specials[0].target)
            return Decision(specials[0], f"{beast.special_name} on the {victim.name}")
        for maul in (x for x in legal.fixed if isinstance(x, Maul)):
            ship = view.ship(maul.target)
            win, lose = round_odds(monster_edge(ship, creature))
            if win >= lose:
                return Decision(maul, f"the {beast.name} falls on the {ship.name}'s crew (wins "
                                f"a round {win:.0%})")
        return Decision(EndShip(), f"the {beast.name} has done what it can this turn")
    return None
