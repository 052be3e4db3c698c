"""Boarding Actions: grappling, close combat on deck, disengaging, surrender and capture.

Close combat is fought by the Warhammer core rules (../shared/core-mechanics.md) with models
taken as counters: every model aboard a boarded ship, boarders and her own crew alike, fights.
Models strike in Initiative order (boarders strike first in the turn they board, exhausted
swimmers last); each model attacks the enemy model paired with it (its place in line, wrapping
round when one side has more). Boarders climbing a higher gunwale need 6s to hit until they
have slain their opponent and won a footing.
"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.ahoy.combat import cc_to_hit, save_needed, to_wound_needed
from ahoy_tui.rules.ahoy.common import tell
from ahoy_tui.rules.ahoy.crew import (
    add_tally,
    apply_plan,
    boarders_on,
    describe_man,
    is_proper_crew,
    leader_ld,
    own_aboard,
    wound,
)
from ahoy_tui.rules.ahoy.hulls import within
from ahoy_tui.rules.ahoy.model import (
    AhoyState,
    Crewman,
    Lock,
    Pending,
    Ship,
    Task,
    replace_crew,
    update_ship,
)
from ahoy_tui.rules.ahoy.tables import tables

RULE = "Boarding Actions"
DISENGAGE = "Disengaging From a Boarding Action"
SURRENDER = "Surrendering a Boarded Ship"


def boarding_party(state: AhoyState, ship: Ship) -> list[Crewman]:
    """Who goes across, in the order they are sent: marines, the unoccupied, fire-fighters,
    gunners, then the sailing crew; the captain last of all."""
    order = {Task.IDLE: 1, Task.FIRES: 2, Task.GUN: 3, Task.SAILING: 4}
    men = [c for c in own_aboard(state, ship) if c.task in order]
    return sorted(men, key=lambda c: (c.profile == "captain",
                                      0 if not is_proper_crew(c) and c.profile != "captain"
                                      else order[c.task], c.id))


def can_reach(state: AhoyState, ship: Ship, target: Ship) -> bool:
    """Alongside: hull to hull within boarding reach (1")."""
    return within(state, ship.id, target.id, tables().roll("boarding_reach"))


def board(state: AhoyState, dice: Dice, ship_id: str, target_id: str, count: int) -> AhoyState:
    """Grapple and send ``count`` men across."""
    ship = state.ship(ship_id)
    target = state.ship(target_id)
    party = boarding_party(state, ship)[:count]
    footing = target.gunwale <= ship.gunwale
    changes: dict[str, Crewman | None] = {
        m.id: replace(m, aboard=target.id, task=Task.BOARDING, gun=None,
                           boarded_turn=state.player_turn, footing=footing, exhausted=False)
        for m in party}
    state = replace_crew(state, changes)
    if state.lock_of(ship_id) is None or target_id not in state.locked_with(ship_id):
        state = replace(state, locks=(*state.locks, Lock(ship_id, target_id, "grappled")))
    for sid in (ship_id, target_id):
        state = update_ship(state, sid, speed=0, under_way=0)
    climb = "" if footing else " — up her higher side, they must fight their way aboard"
    tell(dice, "boarded", f"The {ship.name} grapples the {target.name}: {len(party)} men board"
         f"{climb}!", RULE, side=ship.side, ship=target.id, big=True)
    target = state.ship(target_id)
    if target.struck:
        tell(dice, "unopposed", f"The {target.name} has struck: she is boarded unopposed", RULE,
             ship=target.id)
        return capture(state, dice, target_id, ship.side)
    return state


def release_lock(state: AhoyState, dice: Dice, lock: Lock) -> AhoyState:
    """The ships part. Anyone left on an enemy deck is stranded and tests Ld."""
    state = replace(state, locks=tuple(x for x in state.locks if x != lock))
    for ship_id in (lock.a, lock.b):
        ship = state.ship(ship_id)
        for man in boarders_on(state, ship):
            home = state.ship(man.ship) if state.has_ship(man.ship) else None
            if home is not None and ship.id in state.locked_with(home.id):
                continue
            ld = tables().profile(man.profile).Ld
            if dice.ld_test(ld, 0, f"{describe_man(state, man)} stranded as his ship moves off",
                            DISENGAGE, side=man.side, ship=ship.id):
                continue
            tell(dice, "surrendered", f"{describe_man(state, man)} throws down his arms",
                 DISENGAGE, side=man.side, ship=ship.id)
            state = replace_crew(state, {man.id: replace(man, task=Task.CAPTIVE)})
    return state


def release_locks(state: AhoyState, dice: Dice, ship_id: str) -> AhoyState:
    for lock in [x for x in state.locks if x.holds(ship_id)]:
        state = release_lock(state, dice, lock)
    return state


def recall(state: AhoyState, dice: Dice, ship_id: str) -> AhoyState:
    """The boarders scramble home, each in combat taking one hit from his opponents.

    Only men on a deck locked to hers can get back (swimmers who climbed aboard an enemy
    cannot). Grappling lines are cast off; an entanglement from a ram holds until cut loose.
    """
    ship = state.ship(ship_id)
    locked = set(state.locked_with(ship_id))
    mine = [c for c in state.crew if c.side == ship.side and c.ship == ship_id
            and c.task == Task.BOARDING and c.aboard in locked]
    for man in mine:
        if not any(c.id == man.id for c in state.crew):
            continue
        deck = state.ship(man.aboard) if man.aboard else None
        foes = own_aboard(state, deck) if deck else []
        if foes:
            foe = foes[0]
            state = _free_hit(state, dice, foe, state.crewman(man.id))
    back = {c.id: replace(c, aboard=ship_id, task=Task.IDLE, boarded_turn=-1,
                               footing=True, exhausted=False)
            for c in state.crew if c.id in {m.id for m in mine}}
    state = replace_crew(state, back)
    tell(dice, "recalled", f"The {ship.name} recalls her boarders: {len(back)} come home",
         DISENGAGE, side=ship.side, ship=ship_id)
    for lock in [x for x in state.locks if x.holds(ship_id) and x.kind == "grappled"]:
        state = release_lock(state, dice, lock)
    free = state.lock_of(ship_id) is None
    state = update_ship(state, ship_id, cast_off=free, speed=0, under_way=0)
    return apply_plan(state, ship_id)


def _free_hit(state: AhoyState, dice: Dice, foe: Crewman, man: Crewman) -> AhoyState:
    profile = tables().profile(foe.profile)
    target = tables().profile(man.profile)
    need = to_wound_needed(profile.S, target.T)
    if need is None:
        return state
    face = dice.d6(f"free hit on {describe_man(state, man)} as he scrambles back", DISENGAGE,
                   side=man.side, need=f"{need}+")
    dice.judge("wounds" if face >= need and face != 1 else "no wound")
    if face < need or face == 1:
        return state
    return _save_or_wound(state, dice, man, profile.S, foe.side, DISENGAGE, "a parting blow")


def _save_or_wound(state: AhoyState, dice: Dice, man: Crewman, strength: int, by: str,
                   rule: str, how: str) -> AhoyState:
    save = save_needed(man.armour, man.shield, strength)
    if save is not None:
        roll = dice.d6(f"armour save for {describe_man(state, man)}", "Armour saves",
                       side=man.side, need=f"{save}+")
        dice.judge("saved" if roll >= save else "failed")
        if roll >= save:
            return state
    return wound(state, dice, man, by_side=by, rule=rule, how=how)


def cast_off(state: AhoyState, dice: Dice, ship_id: str) -> AhoyState:
    """Every boarder slain: she casts off, starting at speed 0 on the variable dice."""
    ship = state.ship(ship_id)
    for lock in [x for x in state.locks if x.holds(ship_id) and x.kind == "grappled"]:
        state = release_lock(state, dice, lock)
    tell(dice, "cast_off", f"The {ship.name} casts off", DISENGAGE, side=ship.side,
         ship=ship_id)
    free = state.lock_of(ship_id) is None
    return update_ship(state, ship_id, cast_off=free, speed=0, under_way=0)


def capture(state: AhoyState, dice: Dice, ship_id: str, by_side: str) -> AhoyState:
    """She is taken. Any of her crew still standing are at the victors' mercy."""
    ship = state.ship(ship_id)
    tell(dice, "captured", f"The {ship.name} is taken by {state.side_name(by_side)}!", RULE,
         side=ship.side, ship=ship_id, big=True)
    state = update_ship(state, ship_id, captured_by=by_side, ram_target=None, speed=0)
    prize = {c.id: replace(c, task=Task.IDLE, boarded_turn=-1)
             for c in state.crew if c.aboard == ship_id and c.side == by_side}
    state = replace_crew(state, prize)
    state = replace(state, locks=tuple(x for x in state.locks if not x.holds(ship_id)))
    # The beaten are locked below at once; the victors may yet choose to slaughter them.
    beaten = own_aboard(state, state.ship(ship_id))
    state = replace_crew(state, {m.id: replace(m, task=Task.CAPTIVE, gun=None)
                                 for m in beaten})
    if beaten and state.pending is None:
        return replace(state, pending=Pending("surrendered", by_side, ship=ship_id,
                                                   crew=tuple(m.id for m in beaten)))
    return state


def decide_fate(state: AhoyState, dice: Dice, choice: str) -> AhoyState:
    pending = state.pending
    assert pending is not None
    ship = state.ship(pending.ship)
    men = [state.crewman(c) for c in pending.crew if any(m.id == c for m in state.crew)]
    state = replace(state, pending=None)
    if choice == "slaughter":
        tell(dice, "slaughtered", f"The {ship.name}'s beaten crew are put to the sword",
             SURRENDER, side=ship.side, ship=ship.id, big=True)
        state = replace_crew(state, {m.id: None for m in men})
        return add_tally(state, pending.side, slain=len(men))
    tell(dice, "locked_below", f"The {ship.name}'s beaten crew are locked below decks",
         SURRENDER, side=ship.side, ship=ship.id)
    return state


def surrender_test(state: AhoyState, dice: Dice, ship_id: str) -> AhoyState:
    """At the start of her turn, a ship with more enemy than friends on deck tests Ld."""
    ship = state.ship(ship_id)
    enemies = boarders_on(state, ship)
    friends = own_aboard(state, ship)
    if not enemies or len(enemies) <= len(friends):
        return state
    ld, who = leader_ld(state, ship)
    if dice.ld_test(ld, 0, f"{ship.name}: {len(enemies)} boarders against {len(friends)} crew "
                           f"— fight on? ({who})", SURRENDER, side=ship.side, ship=ship_id):
        tell(dice, "fights_on", f"The {ship.name}'s crew fight on to repel the boarders",
             SURRENDER, side=ship.side, ship=ship_id)
        return state
    tell(dice, "surrendered", f"The {ship.name}'s crew throw down their weapons!", SURRENDER,
         side=ship.side, ship=ship_id, big=True)
    return capture(state, dice, ship_id, enemies[0].side)


def fight(state: AhoyState, dice: Dice, ship_id: str) -> AhoyState:
    """One round of close combat on a boarded ship's deck."""
    ship = state.ship(ship_id)
    attackers = sorted(boarders_on(state, ship), key=lambda c: c.id)
    defenders = sorted(own_aboard(state, ship), key=lambda c: c.id)
    if not attackers or not defenders:
        return state
    tell(dice, "melee", f"Close combat aboard the {ship.name}: {len(attackers)} boarders "
         f"against {len(defenders)} crew", RULE, ship=ship_id)

    def order(man: Crewman) -> tuple[int, int, int]:
        charging = man.task == Task.BOARDING and man.boarded_turn == state.player_turn \
            and not man.exhausted
        return (1 if man.exhausted else 0, 0 if charging else 1,
                -tables().profile(man.profile).I)

    everyone = sorted(attackers + defenders, key=lambda m: (order(m), m.id))
    steps: dict[tuple[int, int, int], list[Crewman]] = {}
    for man in everyone:
        steps.setdefault(order(man), []).append(man)
    for _, group in sorted(steps.items()):
        # Models of one Initiative strike together: all of them strike, even if struck down by
        # another of the same step; a model slain by an earlier (faster) step does not strike.
        standing = {c.id for c in state.crew}
        for man in group:
            if man.id in standing:
                state = _strike(state, dice, ship_id, man, attackers, defenders)
    ship = state.ship(ship_id)
    if not own_aboard(state, ship) and boarders_on(state, ship):
        return capture(state, dice, ship_id, boarders_on(state, ship)[0].side)
    if not boarders_on(state, ship):
        tell(dice, "repelled", f"The boarders aboard the {ship.name} are all down", RULE,
             side=ship.side, ship=ship_id, big=True)
    return state


def _strike(state: AhoyState, dice: Dice, ship_id: str, man: Crewman,
            attackers: list[Crewman], defenders: list[Crewman]) -> AhoyState:
    mine, theirs = (attackers, defenders) if man in attackers else (defenders, attackers)
    living = {c.id for c in state.crew}
    foes = [f for f in theirs if f.id in living]
    if not foes:
        return state
    me = state.crewman(man.id) if man.id in living else man
    profile = tables().profile(me.profile)
    index = mine.index(man)
    for _ in range(profile.A):
        living = {c.id for c in state.crew}
        foes = [f for f in theirs if f.id in living]
        if not foes:
            return state
        foe = state.crewman(foes[index % len(foes)].id)
        foe_profile = tables().profile(foe.profile)
        climbing = me.task == Task.BOARDING and me.aboard == ship_id and not me.footing
        if climbing or me.exhausted:
            need = 6
            why = " (climbing a higher side)" if climbing else " (exhausted from swimming)"
        else:
            need = cc_to_hit(profile.WS, foe_profile.WS)
            why = ""
        face = dice.d6(f"{describe_man(state, me)} strikes at {describe_man(state, foe)}{why}",
                       RULE, side=me.side, ship=ship_id, need=f"{need}+")
        if face < need:
            dice.judge("misses")
            continue
        dice.judge("hits")
        wound_need = to_wound_needed(profile.S, foe_profile.T)
        if wound_need is None:
            continue
        face = dice.d6(f"to wound {describe_man(state, foe)}", RULE, side=me.side,
                       ship=ship_id, need=f"{wound_need}+")
        if face < wound_need or face == 1:
            dice.judge("no wound")
            continue
        dice.judge("wounds")
        before = len(state.crew)
        state = _save_or_wound(state, dice, foe, profile.S, me.side, RULE, "in close combat")
        slain = len(state.crew) < before
        if slain and climbing and any(c.id == me.id for c in state.crew):
            state = replace_crew(state, {me.id: replace(state.crewman(me.id),
                                                             footing=True)})
            me = state.crewman(me.id)
            tell(dice, "footing", f"{describe_man(state, me)} fights his way aboard", RULE,
                 side=me.side, ship=ship_id)
    return state


def close_combat(state: AhoyState, dice: Dice) -> AhoyState:
    """Every boarding action on the table fights a round."""
    for ship in state.ships:
        if ship.on_table and not ship.captured_by and boarders_on(state, ship):
            state = fight(state, dice, ship.id)
    return state


def boarding_in_progress(state: AhoyState, lock: Lock) -> bool:
    return any(boarders_on(state, state.ship(s)) for s in (lock.a, lock.b))
