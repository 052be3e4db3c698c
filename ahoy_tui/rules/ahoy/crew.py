"""Crew: who is aboard, what they are doing, and what happens when they are hit.

Minimum crew counts only proper ship's crew who are sailing and not caught up in a fight on
deck (Movement: crew in close combat, at fires or at the guns do not count). Gun crews are the
men told off to each gun. Casualties are taken in a fixed order (unoccupied hands first, the
captain last): the rules leave the choice to the owner, and a fixed order keeps play moving.
"""

from __future__ import annotations

from functools import cache

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.memo import KeyedMemo
from ahoy_tui.rules.ahoy.combat import to_wound_needed
from ahoy_tui.rules.ahoy.common import tell
from ahoy_tui.rules.ahoy.index import muster, on_deck
from ahoy_tui.rules.ahoy.model import AhoyState, Crewman, GunState, Ship, Task, replace_crew
from ahoy_tui.rules.ahoy.tables import tables

_CASUALTY_ORDER = {Task.IDLE: 0, Task.FIRES: 1, Task.BOARDING: 1, Task.GUN: 2,
                   Task.SAILING: 3, Task.SWIMMING: 0, Task.CAPTIVE: 0}


def is_proper_crew(man: Crewman) -> bool:
    return _proper().get(man.profile, False)


@cache
def _proper() -> dict[str, bool]:
    return {key: profile.crew for key, profile in tables().profiles.items()}


def aboard(state: AhoyState, ship_id: str) -> list[Crewman]:
    return list(on_deck(state, ship_id))


def own_aboard(state: AhoyState, ship: Ship) -> list[Crewman]:
    """The ship's own side aboard her, captives excluded."""
    return list(muster(state, ship).own)


def boarders_on(state: AhoyState, ship: Ship) -> list[Crewman]:
    """Enemy models fighting on her deck."""
    return list(muster(state, ship).boarders)


def captives_on(state: AhoyState, ship: Ship) -> list[Crewman]:
    return list(muster(state, ship).captives)


def engaged(state: AhoyState, ship: Ship) -> bool:
    """Whether a fight is going on aboard her."""
    return muster(state, ship).engaged


def sailing_crew(state: AhoyState, ship: Ship) -> int:
    deck = muster(state, ship)
    return 0 if deck.engaged else deck.sailing


def min_crew(ship: Ship) -> int:
    return tables().size(ship.size).min_crew


def in_control(state: AhoyState, ship: Ship) -> bool:
    """Enough unengaged crew sailing her (Movement: Minimum Crew)."""
    return sailing_crew(state, ship) >= min_crew(ship)


def gun_crew(state: AhoyState, ship: Ship, gun_id: str) -> int:
    deck = muster(state, ship)
    return 0 if deck.engaged else deck.guns.get(gun_id, 0)


def fire_fighters(state: AhoyState, ship: Ship) -> int:
    return muster(state, ship).fires


def available_hands(state: AhoyState, ship: Ship) -> list[Crewman]:
    """Own men aboard who can be told off to tasks (not boarding elsewhere, not captive)."""
    return list(muster(state, ship).hands)


def guns_in_order(ship: Ship, first: str) -> list[str]:
    usable = [g for g in ship.guns if g.state != GunState.DESTROYED]
    usable.sort(key=lambda g: 0 if g.mount == first else 1)
    return [g.id for g in usable]


def apply_plan(state: AhoyState, ship_id: str) -> AhoyState:
    """Tell off the ship's hands by her crew plan.

    ``plan.sailing`` proper crew sail her; ``plan.fires`` men fight fires (landing parties first,
    since anyone aboard may tackle a fire); the remaining proper crew man the guns, each gun fully
    before the next (Gun Crews: guns must be fully manned if there are enough unoccupied crew);
    anyone left is unoccupied.
    """
    ship = state.ship(ship_id)
    men = on_deck(state, ship.id)
    # what the telling-off reads of her: her side, plan, whether she burns, which guns are left
    key = (ship.id, ship.side, ship.plan, ship.fires > 0,
           tuple((g.id, g.state == GunState.DESTROYED) for g in ship.guns), *map(id, men))
    changes = _PLANNED(key, men, lambda: _tell_off(state, ship))  # men: held, never changed
    return replace_crew(state, changes) if changes else state


# The crew a plan tells off, by what it reads of the ship and the men on her deck (the same
# objects, so the same answer). Most plans are applied to a ship whose hands already stand
# where it puts them: at the start of every turn, to every ship.
_PLANNED: KeyedMemo[dict[str, Crewman | None]] = KeyedMemo(256)


def _tell_off(state: AhoyState, ship: Ship) -> dict[str, Crewman | None]:
    """The men whose task ``ship``'s plan changes, with their new tasks."""
    hands = sorted(available_hands(state, ship), key=lambda c: c.id)
    proper = [c for c in hands if is_proper_crew(c)]
    others = [c for c in hands if not is_proper_crew(c)]
    plan = ship.plan
    changes: dict[str, Crewman | None] = {}

    def put(man: Crewman, task: Task, gun: str | None = None) -> None:
        if man.task != task or man.gun != gun:
            changes[man.id] = replace(man, task=task, gun=gun)

    sailors = proper[:plan.sailing]
    rest = proper[plan.sailing:]
    for man in sailors:
        put(man, Task.SAILING)
    fire_pool = [c for c in others if c.profile != "captain"] + rest
    firemen = fire_pool[:plan.fires] if ship.fires else []
    for man in firemen:
        put(man, Task.FIRES)
    fire_ids = {m.id for m in firemen}
    rest = [c for c in rest if c.id not in fire_ids]
    weapons = {g.id: tables().gun(g.weapon) for g in ship.guns}
    for gun_id in guns_in_order(ship, plan.guns_first):
        need = weapons[gun_id].crew
        for man in rest[:need]:
            put(man, Task.GUN, gun_id)
        rest = rest[need:]
    for man in rest:
        put(man, Task.IDLE)
    for man in others:
        if man.id not in fire_ids:
            put(man, Task.IDLE)
    return changes


def leader_ld(state: AhoyState, ship: Ship) -> tuple[int, str]:
    """The Ld a ship's tests use: her captain's, or (with him gone) the best aboard."""
    best = (7, "crew")
    for man in own_aboard(state, ship):
        profile = tables().profile(man.profile)
        if man.profile == "captain" and man.ship == ship.id:
            return profile.Ld, f"Captain's Ld {profile.Ld}"
        if profile.Ld > best[0] or best[1] == "crew":
            best = (profile.Ld, f"{profile.name}'s Ld {profile.Ld}")
    return best


def casualty_order(men: list[Crewman]) -> list[Crewman]:
    """Who falls first when hits land on a crowd: unoccupied hands first, the captain last."""
    return sorted(men, key=lambda c: (c.profile == "captain", _CASUALTY_ORDER.get(c.task, 0),
                                      c.id))


def add_tally(state: AhoyState, side: str | None, *, damage: int = 0,
              slain: int = 0) -> AhoyState:
    if side is None:
        return state
    tallies = tuple(
        replace(t, damage_dealt=t.damage_dealt + damage, crew_slain=t.crew_slain + slain)
        if t.side == side else t for t in state.tallies)
    return replace(state, tallies=tallies)


def wound(state: AhoyState, dice: Dice, man: Crewman, *, by_side: str | None,
          rule: str, how: str) -> AhoyState:
    """Take one wound from a model; at none left he is slain."""
    left = man.wounds - 1
    name = describe_man(state, man)
    if left > 0:
        tell(dice, "wounded", f"{name} is wounded ({how}); {left} wound left", rule,
             side=man.side, ship=man.aboard)
        return replace_crew(state, {man.id: replace(man, wounds=left)})
    tell(dice, "slain", f"{name} is slain ({how})", rule, side=man.side, ship=man.aboard)
    state = replace_crew(state, {man.id: None})
    return add_tally(state, by_side, slain=1)


def hit_man(state: AhoyState, dice: Dice, man: Crewman, strength: int, *, saves: bool,
            save_extra: int = 0, by_side: str | None, purpose: str, rule: str) -> AhoyState:
    """Resolve one hit on a model: to wound on the S v T chart, then his armour save."""
    from ahoy_tui.rules.ahoy.combat import save_needed

    profile = tables().profile(man.profile)
    need = to_wound_needed(strength, profile.T)
    name = describe_man(state, man)
    if need is None:
        tell(dice, "no_effect", f"S{strength} cannot wound {name} (T{profile.T})", rule,
             side=man.side)
        return state
    face = dice.d6(f"to wound {name} ({purpose})", rule, side=man.side, ship=man.aboard,
                   need=f"{need}+", outcome="")
    wounded = face >= need and face != 1
    dice.judge("wounds" if wounded else "no wound")
    if not wounded:
        return state
    if saves:
        save = save_needed(man.armour, man.shield, strength, save_extra)
        if save is not None:
            roll = dice.d6(f"armour save for {name}", "Armour saves", side=man.side,
                           ship=man.aboard, need=f"{save}+")
            saved = roll >= save
            dice.judge("saved" if saved else "failed")
            if saved:
                return state
    return wound(state, dice, man, by_side=by_side, rule=rule, how=purpose)


def hit_crew_aboard(state: AhoyState, dice: Dice, ship: Ship, count: int, strength: int, *,
                    saves: bool, by_side: str | None, purpose: str, rule: str) -> AhoyState:
    """``count`` models aboard a ship (her own crew first, then anyone else) take a hit each."""
    own = casualty_order(own_aboard(state, ship))
    others = casualty_order([c for c in aboard(state, ship.id) if c not in own])
    for man in (own + others)[:count]:
        if any(c.id == man.id for c in state.crew):
            state = hit_man(state, dice, state.crewman(man.id), strength, saves=saves,
                            by_side=by_side, purpose=purpose, rule=rule)
    return state


def describe_man(state: AhoyState, man: Crewman) -> str:
    profile = tables().profile(man.profile)
    home = state.ship(man.ship).name if state.has_ship(man.ship) else man.ship
    if man.profile == "captain":
        return f"{home}'s captain"
    return f"a {profile.name.lower()} of the {home}"


def on_deck_counts(state: AhoyState, ship: Ship) -> dict[Task, int]:
    """A ship's own men by what they are doing, wherever they are (aboard her, boarding an
    enemy, in the water, held captive)."""
    counts: dict[Task, int] = {}
    for man in state.crew:
        if man.ship == ship.id and man.side == ship.side:
            counts[man.task] = counts.get(man.task, 0) + 1
    return counts
