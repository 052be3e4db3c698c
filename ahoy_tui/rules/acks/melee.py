"""The fight on the decks: a deck crew's men close with the enemy on the deck they stand on
and strike (the ACKS II core's melee, as the seed's boarding actions are "a traditional ACKS
combat"), and who is left standing on a deck.

One action sends the whole group (the project's reading of a crew fighting as a group): each
man on a deck with enemies on it, in turn, gets up if prone, or closes up to his combat speed
to the nearest enemy and, beside him (within 5'), makes one attack throw (d20 + his attack
>= 10 + the enemy's AC; a natural 20 hits, a 1 misses) for his weapon's damage.
"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks.boarding import wound
from ahoy_tui.rules.acks.deck import deck_size, squares_apart, weapon, with_figure
from ahoy_tui.rules.acks.model import AcksState, Figure
from ahoy_tui.rules.acks.tables import dice_expr, tables

MELEE = "Boarding actions"
PRONE_BONUS = 2   # PROJECT'S OWN: the core's +2 to hit a prone man, not in the seed


def enemies_near(state: AcksState, f: Figure) -> list[Figure]:
    """Standing enemies on the deck ``f`` stands on."""
    return [e for e in state.figures if e.on == f.on and e.side != f.side
            and e.where == "deck" and not e.down]


def fighters(state: AcksState, vessel_id: str) -> list[Figure]:
    """The men of her crew standing on a deck where there are enemies to fight."""
    return [f for f in state.figures if f.crew_of == vessel_id and f.where == "deck"
            and not f.down and enemies_near(state, f)]


def roster(state: AcksState, vessel_id: str) -> tuple[str, ...]:
    """The men who fight this round, in the order they strike (by id), as the fight begins."""
    return tuple(sorted(f.id for f in fighters(state, vessel_id)))


Blow = tuple[int, Figure, Figure]   # his place in the roster, he, the enemy he strikes


def next_blow(state: AcksState, men: tuple[str, ...],
              start: int) -> tuple[AcksState, Blow | None]:
    """From the ``start``-th man of ``men`` on, each in turn gets up if prone, or closes up
    to his combat speed (the state changes by nothing else), until one has an enemy beside
    him: the state then, and (his place in ``men``, he, the enemy he strikes: the one with
    the fewest hit points beside him), or None when no one else strikes."""
    for index in range(start, len(men)):
        f = state.figure(men[index])
        if f.down or f.where != "deck":
            continue
        if f.role == "captain" and f.on == f.crew_of:
            # Steering: the captain keeps to the steering oars and strikes only at a man
            # who comes at him there
            pass
        elif f.prone:
            # getting up takes his move (the project's reading of the core's prone)
            state = with_figure(state, replace(f, prone=False))
            f = state.figure(f.id)
        else:
            state, f = close_in(state, f)
        foes = [e for e in enemies_near(state, f) if squares_apart(f, e) <= 1]
        if foes:
            return state, (index, f, min(foes, key=lambda e: (e.hp, e.id)))
    return state, None


def blow_need(f: Figure, foe: Figure) -> int:
    """The d20 his attack throw needs: 10 + the enemy's AC less his attack bonus (+2 at a
    prone man)."""
    bonus = f.attack + (PRONE_BONUS if foe.prone else 0)
    return int(tables()["attack"]["target_base"]) + foe.ac - bonus


def fight(state: AcksState, vessel_id: str, dice: Dice, events: list[Event]) -> AcksState:
    """Her men on every deck with enemies close and strike."""
    vessel = state.vessel(vessel_id)
    struck = down = 0
    men = roster(state, vessel_id)
    start = 0
    while True:
        state, blow = next_blow(state, men, start)
        if blow is None:
            break
        index, f, foe = blow
        state, hit, killed = strike(state, f, foe, dice, events)
        struck += hit
        down += killed
        start = index + 1
    events.append(Happened("melee", f"{vessel.name}'s men fight: {struck} blow"
                           f"{'s' * (struck != 1)} landed, {down} enem"
                           f"{'ies' if down != 1 else 'y'} down", MELEE, side=vessel.side,
                           ship=vessel.id, big=down > 0))
    return state


def close_in(state: AcksState, f: Figure) -> tuple[AcksState, Figure]:
    """Up to his combat speed toward the nearest enemy on his deck, ending beside him if he
    can (on a free square)."""
    foes = enemies_near(state, f)
    if not foes or any(squares_apart(f, e) <= 1 for e in foes):
        return state, f
    reach = max(0, (f.combat_ft - f.moved) // 5)
    if reach == 0:
        return state, f
    target = min(foes, key=lambda e: (squares_apart(f, e), e.id))
    vessel = state.vessel(f.on)
    length, width = deck_size(vessel)
    taken = {(g.x, g.y) for g in state.figures if g.on == f.on and g.where == "deck"
             and not g.down and g.id != f.id}
    options = [(i, j) for i in range(max(0, f.x - reach), min(length, f.x + reach + 1))
               for j in range(max(0, f.y - reach), min(width, f.y + reach + 1))
               if (i, j) not in taken]
    if not options:
        return state, f
    i, j = min(options, key=lambda sq: (max(abs(sq[0] - target.x), abs(sq[1] - target.y)),
                                        max(abs(sq[0] - f.x), abs(sq[1] - f.y)), sq))
    moved = replace(f, x=i, y=j, moved=f.moved + 5 * max(abs(i - f.x), abs(j - f.y)))
    return with_figure(state, moved), moved


def called(state: AcksState, f: Figure) -> str:
    """A man as the log names him in a fight: a crewman by his vessel and muster ("Golden
    Fleece's marine 27"), since both crews number their men alike; a character by his
    name."""
    if f.role in ("captain", "officer"):
        return f.name
    crew = state.vessel(f.crew_of).name
    return f"{crew}'{'' if crew.endswith('s') else 's'} {f.name}"


def strike(state: AcksState, f: Figure, foe: Figure, dice: Dice,
           events: list[Event]) -> tuple[AcksState, int, int]:
    """One attack throw and, on a hit, his weapon's damage."""
    need = blow_need(f, foe)
    face = dice.die(20, f"{called(state, f)} strikes at {called(state, foe)}", MELEE,
                    side=f.side, ship=f.on,
                    need=f"{need}+")
    hit = face == 20 or (face != 1 and face >= need)
    dice.events[-1] = replace(dice.events[-1], outcome="hits" if hit else "misses")
    if not hit:
        return state, 0, 0
    count, sides = dice_expr(weapon(f.weapon).damage)
    amount = sum(dice.nd(count, sides, f"{f.name}'s {f.weapon.replace('_', ' ')}", MELEE,
                         side=f.side, ship=f.on))
    state = wound(state, foe, amount, f"struck by {called(state, f)}", MELEE, events)
    return state, 1, int(state.figure(foe.id).down)


def defenders(state: AcksState, vessel_id: str) -> list[Figure]:
    """Her side's men standing on (or below) her deck."""
    side = state.vessel(vessel_id).side
    return [f for f in state.figures if f.on == vessel_id and f.side == side
            and f.aboard]


def boarders(state: AcksState, vessel_id: str) -> list[Figure]:
    side = state.vessel(vessel_id).side
    return [f for f in state.figures if f.on == vessel_id and f.side != side
            and f.standing]
