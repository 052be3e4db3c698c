"""Men aboard (13.0-13.2), boarding (15.0-15.1), hand to hand fighting (16.0-16.8) and
repelling boarders or surrendering the ship (17.0-17.2).

A melee is fought section by section: the bow and stern three abreast, amidships one (16.7),
duels of equal rank first (16.0), extra men doubling up (16.4). The rules leave match-ups to
the players and let a loser of two-to-one choose who falls (16.6); the game pairs men as the
boarding side would (16.7) and the loser gives up his least valuable man. Between the two
rounds each side's idle men step one section toward the fighting (13.1).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import point_distance
from ahoy_tui.rules.ramming_speed.archery import kill, place_of
from ahoy_tui.rules.ramming_speed.model import SECTIONS, Galley, Man, RSState, Status
from ahoy_tui.rules.ramming_speed.tables import tables

PLACING = "13.0 Moving aboard ship"
MOVING = "13.1 Moving aboard ship"
CROWDING = "13.2 Moving aboard ship"
BOARDING = "15.0 Boarding"
WHO_BOARDS = "15.1 Boarding"
DUEL = "16.1 Hand to hand fighting"
SUPERIORITY = "16.5 Hand to hand fighting"
ABREAST = "16.7 Hand to hand fighting"
TOWER = "16.8 Hand to hand fighting"
FIRST_TURN = "17.0 Repelling boarders"
COUNTING = "17.1 Repelling boarders"
RETREAT = "17.2 Repelling boarders"
CAPTURED = "17.1 Repelling boarders and surrendering the ship"
HOME_SECTION = {"admiral": "stern", "captain": "stern", "sailor": "stern", "marine": "bow",
                "archer": "middle", "artilleryman": "middle"}


def rank_index(man: Man) -> int:
    return list(tables()["melee"]["ranks"]).index(man.rank)


def man_name(state: RSState, man: Man) -> str:
    """A man by his galley, rank and number among her men of that rank: "Nike's marine 3"
    (no number when she has one of his rank)."""
    same = [m.id for m in state.men if m.ship == man.ship and m.rank == man.rank]
    # his number is his own from the muster (his id), kept when the men before him fall: the
    # log never gives one name to two men ("sailor 1" falls, then the next "sailor 1")
    tail = man.id.rsplit("-", 1)[-1]
    own = tail[len(man.rank[:3]):] if tail.startswith(man.rank[:3]) else ""
    if own.isdigit():
        number = f" {own}" if len(same) > 1 or int(own) > 1 else ""
    else:
        number = f" {same.index(man.id) + 1}" if len(same) > 1 and man.id in same else ""
    return f"{state.ship(man.ship).name}'s {man.rank}{number}"


def side_of(state: RSState, man: Man) -> str:
    return state.ship(man.ship).side


def fit(state: RSState, man: Man) -> bool:
    return not man.wounded(state.turn) and not man.rescued


def boarders(state: RSState, ship: Galley, officers: bool = True) -> tuple[Man, ...]:
    """Who may board from her (15.1): captains, marines, archers, admirals; sailors stay."""
    allowed = tables()["melee"]["boarders"]
    return tuple(m for m in state.men if m.ship == ship.id and m.aboard == ship.id
                 and m.rank in allowed and fit(state, m) and (officers or not m.officer))


def landing(state: RSState, ship: Galley, target: Galley,
            start: str | None = None) -> list[str]:
    """The target's sections nearest her first: where her boarders come aboard; from
    ``start``, a section of her deck, the target's sections nearest that one first."""
    def gap(s: str) -> tuple[float, float, int]:
        there = place_of(target, s)
        near = math.dist(there, place_of(ship, start)) if start else 0.0
        return (near, point_distance(there, ship.outline), SECTIONS.index(s))

    return sorted(SECTIONS, key=gap)


def deck_section(ship: Galley, section: str) -> str:
    """The section of her deck a place stands in: a tower counts in its section (13.2)."""
    if section == "tower":
        return ship.towers[0] if ship.towers else "middle"
    return section


def room_aboard(state: RSState, side: str, target_id: str) -> int:
    """Places left for ``side``'s men on the target's deck: five a section in combat (13.2)."""
    cap = tables()["melee"]["section_holds"]
    return sum(max(0, cap - sum(1 for m in state.men if m.aboard == target_id
                                and m.section == s and side_of(state, m) == side))
               for s in SECTIONS)


def boarding_party(state: RSState, ship: Galley, officers: bool = True, section: str = "",
                   man: str = "") -> tuple[Man, ...]:
    """The men a boarding sends (15.1): all her boarders, or the rank and file, or those
    standing in one section of her deck, or one man."""
    return tuple(m for m in boarders(state, ship, officers)
                 if (not section or deck_section(ship, m.section) == section)
                 and (not man or m.id == man))


def board(state: RSState, ship_id: str, target_id: str, officers: bool,
          events: list[Event], *, section: str = "", man: str = "") -> RSState:
    """Her boarders cross, each from the section he stands in to the target's section nearest
    it, five of a side to a section at most (13.2; else the next nearest)."""
    ship, target = state.ship(ship_id), state.ship(target_id)
    men = sorted(boarding_party(state, ship, officers, section, man),
                 key=lambda m: (rank_index(m), m.id), reverse=True)  # the rank and file lead
    cap = tables()["melee"]["section_holds"]
    room = {s: cap - sum(1 for m in state.men if m.aboard == target_id and m.section == s
                         and side_of(state, m) == ship.side) for s in SECTIONS}
    moved: dict[str, Man] = {}
    while men:
        one = men.pop()
        to = next((s for s in landing(state, ship, target, deck_section(ship, one.section))
                   if room[s] > 0), None)
        if to is None:
            break
        moved[one.id] = replace(one, aboard=target_id, section=to)
        room[to] -= 1
    if not moved:
        return state
    where = ", ".join(f"{n} to her {s}" for s in SECTIONS
                      if (n := sum(1 for m in moved.values() if m.section == s)))
    who = "" if len(moved) > 1 else f" ({man_name(state, next(iter(moved.values())))})"
    events.append(Happened("board", f"{len(moved)} of {ship.name}'s men{who} board "
                           f"{target.name}: {where}", BOARDING, side=ship.side, ship=ship_id,
                           big=True))
    boarded = state.boarded if (ship_id, target_id) in state.boarded else \
        (*state.boarded, (ship_id, target_id))
    return replace(state, men=tuple(moved.get(m.id, m) for m in state.men), boarded=boarded)


def fights(state: RSState) -> tuple[str, ...]:
    """The galleys with fit men of both sides aboard: where melee is fought."""
    out = []
    for ship in state.ships:
        if not ship.afloat:
            continue
        sides = {side_of(state, m) for m in state.men if m.aboard == ship.id and fit(state, m)}
        if len(sides) > 1:
            out.append(ship.id)
    return tuple(out)


def melee(state: RSState, dice: Dice, events: list[Event]) -> RSState:
    """Two melee rounds (16.7), men moving between them (13.1); then who holds each deck.
    Every choice made as the rules' own default (the best men put forward, the boarders'
    match-ups by :func:`pair_off`, the least valuable man falling): the melee the flow plays
    asks the players instead (``fight.py``)."""
    from ahoy_tui.rules.ramming_speed.fight import begin, run

    state, _ = run(begin(state), dice, events, ask=False)
    return state


def man_key(man: Man) -> tuple[str, str]:
    """What tells men apart in a choice: rank and galley (two of Nike's marines are alike)."""
    return (man.rank, man.ship)


def front(men: Sequence[Man], width: int) -> list[Man]:
    """The men a side puts forward by default: its best, three abreast or one (16.7)."""
    return sorted(men, key=lambda m: (rank_index(m), m.id))[:width]


def front_options(men: Sequence[Man], width: int) -> list[tuple[Man, ...]]:
    """Every front a side may put forward (16.7): as many of its men as the place takes
    abreast, fronts of the same ranks from the same galleys counted once; the best first."""
    ranked = sorted(men, key=lambda m: (rank_index(m), m.id))
    out: list[tuple[Man, ...]] = []
    seen: set[tuple[tuple[str, str], ...]] = set()
    for combo in itertools.combinations(ranked, min(width, len(ranked))):
        sig = tuple(sorted(man_key(m) for m in combo))
        if sig not in seen:
            seen.add(sig)
            out.append(combo)
    return out


Pairing = list[tuple[list[Man], list[Man]]]


def equal_duels(fights_: Pairing) -> int:
    """The fights that are duels of equal rank and number (16.0): one against one, alike."""
    return sum(1 for a, b in fights_ if len(a) == len(b) == 1 and a[0].rank == b[0].rank)


def pair_off(ours: list[Man], theirs: list[Man]) -> Pairing:
    """The boarders' match-ups by default: duels of equal rank where possible, then man to
    man, then the extra men doubling up, on the unequal fights first (16.0, 16.4)."""
    a, b = list(ours), list(theirs)
    fights_: Pairing = []
    for man in list(a):
        match = next((o for o in b if o.rank == man.rank), None)
        if match is not None:
            fights_.append(([man], [match]))
            a.remove(man)
            b.remove(match)
    while a and b:
        fights_.append(([a.pop(0)], [b.pop(0)]))
    order = sorted(range(len(fights_)), key=lambda i: (fights_[i][0][0].rank
                                                       == fights_[i][1][0].rank, i))
    for i, extra in enumerate(a):
        fights_[order[i % len(order)]][0].append(extra)
    for i, extra in enumerate(b):
        fights_[order[i % len(order)]][1].append(extra)
    return fights_


def _signature(fights_: Pairing) -> tuple[tuple[tuple[tuple[str, str], ...], ...], ...]:
    return tuple(sorted((tuple(sorted(man_key(m) for m in a)),
                         tuple(sorted(man_key(m) for m in b))) for a, b in fights_))


def matchups(ours: Sequence[Man], theirs: Sequence[Man]) -> list[Pairing]:
    """Every match-up the boarding force may make of the men put forward (16.7) that keeps to
    16.0: each man of the smaller front in a fight of his own, each of the larger in one, and
    as many duels of equal rank and number as can be had. Alike match-ups (the same ranks of
    the same galleys against each other) are counted once; :func:`pair_off`'s first."""
    a, b = list(ours), list(theirs)
    if not a or not b:
        return []
    small, large, flip = (b, a, False) if len(a) >= len(b) else (a, b, True)
    every: list[Pairing] = []
    for assign in itertools.product(range(len(small)), repeat=len(large)):
        if len(set(assign)) < len(small):
            continue
        option: Pairing = []
        for i, one in enumerate(small):
            group = [large[j] for j, f in enumerate(assign) if f == i]
            option.append(([one], group) if flip else (group, [one]))
        every.append(option)
    best = max(equal_duels(o) for o in every)
    plain = pair_off(a, b)
    out: list[Pairing] = []
    seen: set[object] = set()
    for option in ([plain] if equal_duels(plain) == best else []) + every:
        sig = _signature(option)
        if equal_duels(option) == best and sig not in seen:
            seen.add(sig)
            out.append(option)
    return out


def fall_choices(losers: Sequence[Man]) -> list[Man]:
    """Whom the losers of a fight of two or more may give up (16.6), alike men once; the least
    valuable (the lowest rank) first."""
    out: list[Man] = []
    seen: set[tuple[str, str]] = set()
    for m in sorted(losers, key=lambda m: (-rank_index(m), m.id)):
        if man_key(m) not in seen:
            seen.add(man_key(m))
            out.append(m)
    return out


def modifiers(a: Sequence[Man], b: Sequence[Man], *, a_tower: bool = False,
              b_tower: bool = False) -> tuple[int, int]:
    """Each side's bonus (16.2-16.5, 16.8): +1 for the superior rank, +1 for more men, +1
    defending a tower; never more than +1 in all."""
    best_a = min(rank_index(m) for m in a)
    best_b = min(rank_index(m) for m in b)
    plus_a = a_tower or len(a) > len(b) or best_a < best_b
    plus_b = b_tower or len(b) > len(a) or best_b < best_a
    return int(plus_a), int(plus_b)


def duel_roll(state: RSState, a: Sequence[Man], b: Sequence[Man], where: str, dice: Dice, *,
              a_tower: bool = False, b_tower: bool = False) -> tuple[list[Man], str]:
    """One fight's dice: a D6 a side; two points ahead kills an opponent, else a draw (16.1).
    Returns the beaten men (none for a draw) and the rule that decided it."""
    ma, mb = modifiers(a, b, a_tower=a_tower, b_tower=b_tower)
    names_a = " and ".join(man_name(state, m) for m in a)
    names_b = " and ".join(man_name(state, m) for m in b)
    rule = TOWER if (a_tower or b_tower) else SUPERIORITY if (ma or mb) else DUEL
    ra = dice.d6(f"{where}: {names_a}{' +1' if ma else ''}", rule, side=side_of(state, a[0]))
    rb = dice.d6(f"{where}: {names_b}{' +1' if mb else ''}", rule, side=side_of(state, b[0]))
    diff = (ra + ma) - (rb + mb)
    if abs(diff) < tables()["melee"]["kill_margin"]:
        dice.judge("a draw")
        return [], rule
    return list(b if diff > 0 else a), rule


def duel(state: RSState, a: list[Man], b: list[Man], where: str, dice: Dice,
         events: list[Event], *, a_tower: bool = False, b_tower: bool = False) -> RSState:
    """One fight, the loser of two-to-one giving up his least valuable man (16.6, as the
    rules' default; the melee the flow plays asks him)."""
    losers, rule = duel_roll(state, a, b, where, dice, a_tower=a_tower, b_tower=b_tower)
    if not losers:
        return state
    fallen = fall_choices(losers)[0]
    dice.judge(f"{man_name(state, fallen)} falls")
    return kill(state, fallen, dice, events, rule, rolled=True)


def fight_round(state: RSState, ship_id: str, rnd: int, dice: Dice,
                events: list[Event]) -> RSState:
    """One melee round aboard a galley, section by section, every choice the rules' default."""
    from ahoy_tui.rules.ramming_speed.fight import fight_ship

    return fight_ship(state, ship_id, rnd, dice, events)


def contested_sections(state: RSState, ship_id: str) -> set[str]:
    """Her sections where a fight can be joined this round: both sides' fit men on the deck,
    or boarders at the foot of a tower her men hold (16.8)."""
    ship = state.ship(ship_id)
    here = [m for m in state.men if m.aboard == ship_id and fit(state, m)]
    theirs = {m.section for m in here if side_of(state, m) != ship.side}
    ours = {m.section for m in here if side_of(state, m) == ship.side}
    out = theirs & ours
    if "tower" in ours:
        out |= theirs & set(ship.towers)
    return out - {"tower"}


def advance(state: RSState, ship_id: str, events: list[Event]) -> RSState:
    """Boarders who stand where no enemy does move a section toward the nearest of them
    (13.1: a section a melee round, fighting in the round they arrive), five of a side to a
    section (13.2); the defenders stand. So a fight goes on until 17.x ends it (the
    project's reading: the seed has boarders attack, never wait)."""
    if contested_sections(state, ship_id):
        return state
    ship = state.ship(ship_id)
    order = {s: i for i, s in enumerate(SECTIONS)}
    held = {m.section for m in state.men if m.aboard == ship_id and fit(state, m)
            and side_of(state, m) == ship.side}
    goals = {(ship.towers[0] if s == "tower" and ship.towers else s) for s in held} & set(order)
    if not goals:
        return state
    cap = tables()["melee"]["section_holds"]
    men = list(state.men)
    moved = 0
    for i, man in enumerate(men):
        if man.aboard != ship_id or side_of(state, man) == ship.side or not fit(state, man) \
                or man.section not in order or man.rank == "sailor":
            continue
        here = order[man.section]
        goal = min(goals, key=lambda s: (abs(order[s] - here), order[s]))
        step = SECTIONS[here + (1 if order[goal] > here else -1)]
        side = side_of(state, man)
        if sum(1 for m in men if m.aboard == ship_id and m.section == step
               and side_of(state, m) == side) < cap:
            men[i] = replace(man, section=step)
            moved += 1
    if moved:
        events.append(Happened("advance", f"Aboard {ship.name} the boarders move on the "
                               "defenders", MOVING, side=ship.side, ship=ship_id))
    return replace(state, men=tuple(men))


def close_up(state: RSState, ship_id: str) -> RSState:
    """Between rounds, idle men step one section toward the nearest fight (13.1: a man in the
    rear reaches the centre in one round, the bow in the next), five of a side to a section
    at most in combat (13.2). A boarding side's sailors stay out of it (15.1)."""
    cap = tables()["melee"]["section_holds"]
    ship = state.ship(ship_id)
    men = list(state.men)
    fighting = {m.section for m in men if m.aboard == ship_id and fit(state, m)
                and side_of(state, m) != ship.side} & \
        {m.section for m in men if m.aboard == ship_id and fit(state, m)
         and side_of(state, m) == ship.side}
    if not fighting:
        return state
    order = {s: i for i, s in enumerate(SECTIONS)}
    for i, man in enumerate(men):
        if man.aboard != ship_id or man.section in fighting or man.section not in order \
                or not fit(state, man):
            continue
        side = side_of(state, man)
        if man.rank == "sailor" and side != ship.side:
            continue
        here = order[man.section]
        goal = min(fighting, key=lambda s: (abs(order[s] - here), order[s]))
        step = SECTIONS[here + (1 if order[goal] > here else -1)]
        count = sum(1 for m in men if m.aboard == ship_id and m.section == step
                    and side_of(state, m) == side)
        if count < cap:
            men[i] = replace(man, section=step)
    return replace(state, men=tuple(men))


def overrun(state: RSState, ship_id: str, dice: Dice, events: list[Event]) -> RSState:
    """Wounded men in a section the enemy holds outright are killed or taken (18.7); a galley
    with no fit man of hers left and boarders aboard is captured."""
    ship = state.ship(ship_id)
    men = [m for m in state.men if m.aboard == ship_id]
    enemy_sections = {m.section for m in men if fit(state, m) and side_of(state, m) != ship.side}
    if not enemy_sections:
        return state
    own_fit = {m.section for m in men if fit(state, m) and side_of(state, m) == ship.side}
    lost = [m for m in men if side_of(state, m) == ship.side and not fit(state, m)
            and m.section in enemy_sections - own_fit]
    if lost:
        state = replace(state, men=tuple(m for m in state.men if m not in lost))
    if not own_fit:
        return capture(state, ship_id, dice, events)
    return state


def capture(state: RSState, ship_id: str, dice: Dice, events: list[Event]) -> RSState:
    """She is taken: her men prisoners, her captors back aboard their own galleys, the prize
    out of the battle."""
    ship = state.ship(ship_id)
    events.append(Happened("captured", f"{ship.name} is captured!", CAPTURED, side=ship.side,
                           ship=ship_id, big=True))
    men = []
    stay: list[Man] = []
    for m in state.men:
        if m.aboard == ship_id and side_of(state, m) == ship.side:
            continue  # prisoners
        if m.aboard == ship_id:
            home = way_home(state, m, ship_id)
            if home is None:
                stay.append(m)  # no galley to go back to: they keep the prize
            else:
                m = replace(m, aboard=home, section=HOME_SECTION.get(m.rank, "middle"))
        men.append(m)
    if stay:
        events.append(Happened("prize_crew", f"{_party(state, stay)}, with no ship of theirs "
                               f"to return to, stay aboard {ship.name} as her prize crew",
                               RETREAT, side=side_of(state, stay[0]), ship=ship_id))
    ships = tuple(replace(s, status=Status.CAPTURED, embedded=None) if s.id == ship_id else
                  replace(s, embedded=None) if s.embedded == ship_id else s
                  for s in state.ships)
    state = replace(state, men=tuple(men), ships=ships,
                    grapples=tuple(g for g in state.grapples if ship_id not in (g.by, g.to)))
    if ship.flagship:
        from ahoy_tui.rules.ramming_speed.morale import flagship_lost

        state = flagship_lost(state, ship, dice, events)
    return state


def points(men: Sequence[Man]) -> int:
    """Men counted for morale (17.1): one each, captains two, admirals three."""
    table = tables()["melee"]["points"]
    return sum(int(table.get(m.rank, 1)) for m in men)


def boarding_morale(state: RSState, dice: Dice, events: list[Event]) -> RSState:
    """After the second turn of a boarding and every one after (17.0): boarders outnumbered
    3:2 with an officer, or at all without, go home (17.2); defenders outnumbered 2:1
    surrender."""
    rules = tables()["melee"]
    active = set(fights(state))
    for ship in state.ships:
        if not ship.afloat:
            continue
        if ship.id not in active:
            if ship.boarding_turns:
                state = state.with_ship(replace(ship, boarding_turns=0))
            continue
        turns = ship.boarding_turns + 1
        state = state.with_ship(replace(ship, boarding_turns=turns))
        if turns < 2:
            events.append(Happened("fury", f"Aboard {ship.name} the fighting is too fierce for "
                                   "thoughts of defeat", FIRST_TURN, ship=ship.id))
            continue
        here = [m for m in state.men if m.aboard == ship.id and fit(state, m)]
        attackers = [m for m in here if side_of(state, m) != ship.side]
        defenders = [m for m in here if side_of(state, m) == ship.side]
        pa, pd = points(attackers), points(defenders)
        led = any(m.officer for m in attackers)
        if (led and pd >= rules["retreat_with_officer"] * pa) or (not led and pd > pa):
            state, what = retreat(state, ship.id)
            events.append(Happened("repelled", f"Aboard {ship.name}: boarders {pa} against "
                                   f"{pd}: the boarders give up ({what})", RETREAT,
                                   side=ship.side, ship=ship.id, big=True))
        elif pa >= rules["surrender"] * pd:
            events.append(Happened("surrender", f"Aboard {ship.name}: boarders {pa} against "
                                   f"{pd}: she surrenders", COUNTING, side=ship.side,
                                   ship=ship.id, big=True))
            state = capture(state, ship.id, dice, events)
        else:
            events.append(Happened("fight_on", f"Aboard {ship.name}: boarders {pa} against "
                                   f"{pd}: both sides fight on", COUNTING, side=ship.side,
                                   ship=ship.id))
    return state


def way_home(state: RSState, man: Man, deck: str) -> str | None:
    """Where a man leaving the galley ``deck`` goes (17.2): his own galley if she is afloat;
    else a galley of his side afloat and held fast to that deck, by lines or a corvus (the
    project's reading: "their own ship" is the way off he came by); else nowhere."""
    if state.ship(man.ship).afloat:
        return man.ship
    side = side_of(state, man)
    for g in state.grapples:
        if g.holds and deck in (g.by, g.to):
            other = state.ship(g.to if g.by == deck else g.by)
            if other.afloat and other.side == side:
                return other.id
    return None


def retreat(state: RSState, ship_id: str) -> tuple[RSState, str]:
    """Boarders who give up go home at once, however many sections lie between (17.2); with
    no galley of their side to go back to (their own sunk, taken or gone, and none of theirs
    held fast to this deck) they throw down their arms and are taken prisoner: the
    project's reading, the seed being silent. Returns the state and what became of them,
    for the log."""
    ship = state.ship(ship_id)
    going: dict[tuple[str, bool], list[Man]] = {}
    taken: list[Man] = []
    for m in state.men:
        if m.aboard == ship_id and side_of(state, m) != ship.side:
            home = way_home(state, m, ship_id)
            if home is None:
                taken.append(m)
            else:
                going.setdefault((home, home == m.ship), []).append(m)
    moved = {m.id: replace(m, aboard=home, section=HOME_SECTION.get(m.rank, "middle"))
             for (home, _), group in going.items() for m in group}
    gone = {m.id for m in taken}
    men = tuple(moved.get(m.id, m) for m in state.men if m.id not in gone)
    words = []
    for (home, own), group in going.items():
        one = len(group) == 1
        words.append(f"{_party(state, group)} go{'es' if one else ''} back to their own ship"
                     if own else f"{_party(state, group)} cross{'es' if one else ''} to "
                     f"{state.ship(home).name}")
    if taken:
        words.append(f"{_party(state, taken)}, with no ship of theirs to return to, "
                     f"throw{'s' if len(taken) == 1 else ''} down "
                     "their arms and are taken prisoner")
    state = replace(state, men=men).with_ship(replace(ship, boarding_turns=0))
    return state, "; ".join(words) or "no boarder is left"


def _party(state: RSState, men: Sequence[Man]) -> str:
    """A group of men by their galleys: "Sidon's 3 men", "Sidon's marine"."""
    parts = []
    for ship_id in dict.fromkeys(m.ship for m in men):
        mine = [m for m in men if m.ship == ship_id]
        what = mine[0].rank if len(mine) == 1 else f"{len(mine)} men"
        parts.append(f"{state.ship(ship_id).name}'s {what}")
    return " and ".join(parts)


def place_crew(state: RSState, ship_id: str, kept: frozenset[str] = frozenset()) -> RSState:
    """Men placed freely in maintenance (13.0): those the player placed (``kept``) stay where
    he put them; the rest as a captain would: officers and sailors aft, marines forward,
    archers in a tower or amidships, five to a section with those in a tower (13.2)."""
    ship = state.ship(ship_id)
    cap = tables()["melee"]["section_holds"]
    crew = [m for m in state.men if m.aboard == ship_id]
    if any(side_of(state, m) != ship.side for m in crew):
        return state  # a deck being fought over stays as it stands
    count = dict.fromkeys(SECTIONS, 0)
    towers = list(ship.towers)
    for m in crew:
        if m.id in kept:
            base = towers[0] if m.section == "tower" and towers else m.section
            if base in count:
                count[base] += 1
    placed: dict[str, Man] = {}
    for man in sorted(crew, key=lambda m: (rank_index(m), m.id)):
        if man.id in kept:
            continue
        wanted = [HOME_SECTION.get(man.rank, "middle")]
        if man.rank == "archer" and towers:
            wanted = ["tower", *wanted]
        wanted += [s for s in ("middle", "bow", "stern") if s not in wanted]
        for section in wanted:
            base = towers[0] if section == "tower" and towers else section
            if section == "tower" and not towers:
                continue
            if count[base] < cap:
                count[base] += 1
                placed[man.id] = replace(man, section=section)
                break
        else:
            placed[man.id] = man
    return replace(state, men=tuple(placed.get(m.id, m) for m in state.men))


def places_for(state: RSState, man: Man) -> tuple[str, ...]:
    """Where a man of hers may be put in maintenance (13.0, 13.2): any section of her deck
    (her tower too) but his own, with fewer than five there."""
    ship = state.ship(man.ship)
    cap = tables()["melee"]["section_holds"]
    out = []
    for section in (*SECTIONS, *(("tower",) if ship.towers else ())):
        if section == man.section:
            continue
        base = ship.towers[0] if section == "tower" else section
        here = sum(1 for m in state.men if m.aboard == ship.id and m.id != man.id and (
            m.section == base or (m.section == "tower" and base in ship.towers)))
        if here < cap:
            out.append(section)
    return tuple(out)


def place_man(state: RSState, man_id: str, section: str, events: list[Event]) -> RSState:
    man = state.man(man_id)
    ship = state.ship(man.ship)
    events.append(Happened("placed", f"{ship.name}'s {man.rank} goes to her "
                           f"{'tower' if section == 'tower' else section}", PLACING,
                           side=ship.side, ship=ship.id))
    return replace(state, men=tuple(replace(m, section=section) if m.id == man_id else m
                                    for m in state.men),
                   acted=(*state.acted, man_id))


def recall(state: RSState, ship_id: str, target_id: str, events: list[Event]) -> RSState:
    """Her boarders on the target called home (17.0, 17.2): at once, whatever lies between."""
    ship = state.ship(ship_id)
    back = {m.id for m in state.men if m.ship == ship_id and m.aboard == target_id}
    men = tuple(replace(m, aboard=ship_id, section=HOME_SECTION.get(m.rank, "middle"))
                if m.id in back else m for m in state.men)
    events.append(Happened("recalled", f"{ship.name} calls her {len(back)} "
                           f"{'man' if len(back) == 1 else 'men'} back from "
                           f"{state.ship(target_id).name}: they return to their own ship",
                           RETREAT, side=ship.side, ship=ship_id, big=True))
    state = replace(state, men=men, acted=(*state.acted, ship_id))
    if target_id not in fights(state):
        target = state.ship(target_id)
        state = state.with_ship(replace(target, boarding_turns=0))
    return state
