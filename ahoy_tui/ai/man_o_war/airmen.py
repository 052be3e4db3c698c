"""How a computer captain handles flyers, his own and the enemy's.

- **Where a flyer goes.** Defensive fire is a die a crew counter, so he sends a flyer at what
  fires back least for what it is worth: an enemy flyer (most have no defensive fire), a sea
  monster on the surface, or the ship with the fewest crew counters — never one that would
  fire back with more dice than the flyer has wounds, unless the house rule lets the flyer
  strike first. With no such target, it holds out of reach.
- **Its attack.** Always its bombs; its boarding action or close combat when the odds of a
  round (D6 + its wounds, and its bonus, against D6 + crew or wounds) favour it. In a fight he
  fights on while the odds favour him, and breaks off (or, defending, drives the flyer off)
  when they do not.
- **Anti-flyer weapons.** After her cannons, a ship fires hers at the flyer in range with the
  fewest wounds left.
"""

from __future__ import annotations

from ahoy_tui.ai.captain import Decision
from ahoy_tui.ai.man_o_war.beasts import round_odds
from ahoy_tui.engine import LegalActions
from ahoy_tui.engine.geometry import distance
from ahoy_tui.rules.man_o_war import creatures, flyers
from ahoy_tui.rules.man_o_war.actions import (
    Bomb,
    EndMove,
    EndShip,
    FireAntiFlyer,
    Fly,
    FlyerChoice,
    Grapple,
)
from ahoy_tui.rules.man_o_war.model import Flyer, MowState


def choose(view: MowState, legal: LegalActions) -> Decision | None:
    """His decision where a flyer is concerned, or None where none is."""
    if view.duel is not None and view.duel.decision:
        return _duel(view)
    if view.flight is not None:
        return _flight(view, legal)
    return None


def anti_flyer(view: MowState, legal: LegalActions) -> Decision | None:
    """The anti-flyer weapon, when nothing else of hers is left to fire."""
    shots = [x for x in legal.fixed if isinstance(x, FireAntiFlyer)]
    if not shots:
        return None
    choice = min(shots, key=lambda x: (flyers.wounds_left(view.flyer(x.target)), x.target))
    target = flyers.name(view.flyer(choice.target))
    return Decision(choice, f"her anti-flyer weapon at the {target}")


def _strength(view: MowState, target: str) -> int:
    """What the target adds to its die in a fight with a flyer."""
    if view.has_flyer(target):
        return flyers.wounds_left(view.flyer(target))
    if view.has_creature(target):
        return creatures.wounds_left(view.creature(target))
    return view.ship(target).crew


def _edge(view: MowState, flyer: Flyer, target: str) -> int:
    """How much more the flyer adds to its die than the target does."""
    card = flyers.template(flyer)
    return flyers.wounds_left(flyer) + card.attack_bonus - _strength(view, target)


def _duel(view: MowState) -> Decision:
    fight = view.duel
    assert fight is not None
    flyer = view.flyer(fight.flyer)
    edge = _edge(view, flyer, fight.target)
    if fight.decision == "attacker":
        win, lose = round_odds(edge)
        if win >= lose:
            return Decision(FlyerChoice("fight_on"), f"the {flyers.name(flyer)} fights on "
                            f"(wins a round {win:.0%})")
        return Decision(FlyerChoice("break_off"), f"the {flyers.name(flyer)} breaks off")
    win, lose = round_odds(-edge)
    if win > lose:
        return Decision(FlyerChoice("fight_on"), f"we fight the {flyers.name(flyer)} on (win "
                        f"a round {win:.0%})")
    return Decision(FlyerChoice("drive_off"), f"drive the {flyers.name(flyer)} off")


def _prey(view: MowState, flyer: Flyer, target: str) -> float:
    """How good a target is: what it is worth, less the defensive fire it would pour in."""
    card = flyers.template(flyer)
    fire = 0 if view.house_rule("flyer_first") and not view.has_flyer(target) \
        else flyers.defensive_dice(view, target)
    if fire > flyers.wounds_left(flyer):
        return -1.0
    return 1.0 + card.bombs * 0.2 - 0.25 * fire


def _flight(view: MowState, legal: LegalActions) -> Decision | None:
    flight = view.flight
    assert flight is not None
    flyer = view.flyer(flight.flyer)
    card = flyers.template(flyer)
    if flight.stage == "fly":
        options = [x for x in legal.fixed if isinstance(x, Fly) and x.toward]
        scored = [(_prey(view, flyer, x.toward), x) for x in options]
        good = [(score, x) for score, x in scored if score > 0]
        if not good:
            return Decision(EndMove(), f"the {card.name} holds off: all it can reach fires "
                            "back too hard")
        mine = flyers.body(flyer)
        _, choice = max(good, key=lambda p: (p[0], -distance(
            mine, flyers.target_outline(view, p[1].toward)), p[1].toward))
        return Decision(choice, f"the {card.name} flies at the "
                        f"{flyers.target_name(view, choice.toward)}")
    if flight.stage == "attack":
        bombs = [x for x in legal.fixed if isinstance(x, Bomb)]
        if bombs:
            return Decision(bombs[0], f"the {card.name}'s {card.bomb_name}")
        grapples = [x for x in legal.fixed if isinstance(x, Grapple)]
        if grapples:
            win, lose = round_odds(_edge(view, flyer, grapples[0].target))
            if win >= lose:
                return Decision(grapples[0], f"the {card.name} closes in (wins a round "
                                f"{win:.0%})")
        return Decision(EndShip(), f"the {card.name} has done what it can")
    return None
