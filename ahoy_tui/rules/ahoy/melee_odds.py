"""The odds of a boarding action, exactly as ``boarding.fight`` resolves it: each round, and the
whole melee to its end.

A round is followed blow by blow, every die counted: models strike by steps (charging boarders
first in the turn they board, then by Initiative, exhausted swimmers last), everyone of a step
strikes even if struck down in it, and each attack goes to the enemy in the striker's place in
line among those still standing (wrapping round), needing its WS roll (6s while climbing a
higher side or exhausted), S v T (a natural 1 fails) and the armour save. The chance of every
way the round can end is summed exactly (:class:`fractions.Fraction`).

Two decks that differ only in which of two men alike fell are the same deck for what follows,
so men are counted by what they are (their ship, profile, wounds, footing, armour), in their
places in line; a striker's place in line is kept only while the enemy in front of him are not
all alike. The whole melee runs round after round, at the end of each player's turn, with the
boarded ship's Ld test at the start of each of her own turns while the boarders outnumber her
crew (Surrendering a Boarded Ship), until she is taken or the boarders are all down. Nothing
else is counted: no more men sent across, no recall, no shot into the fight.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import cache, lru_cache

from attrs import evolve, frozen

from ahoy_tui.engine.odds import ONE, dice
from ahoy_tui.rules.ahoy.combat import cc_to_hit, save_needed, to_wound_needed
from ahoy_tui.rules.ahoy.tables import tables

ZERO = Fraction(0)


@frozen(order=True)
class Man:
    """A model as a round of close combat reads him."""

    home: str  # his ship (the crew's ids run by ship, so a step strikes ship by ship)
    profile: str
    wounds: int
    footing: bool = True
    exhausted: bool = False
    armour: str = "none"
    shield: bool = False
    charging: bool = False


def _order(man: Man) -> tuple[int, int, int]:
    """``boarding.fight``'s striking order: exhausted last, chargers first, then Initiative."""
    return (1 if man.exhausted else 0, 0 if man.charging else 1,
            -tables().profile(man.profile).I)


DIE3 = 216  # one attack's three dice (to hit, to wound, to save): chances are counts of 216


@cache
def blow_lands(attacker: str, need_six: bool, foe: str, armour: str, shield: bool) -> int:
    """Of the 216 ways one attack of an ``attacker`` profile may fall on a ``foe``, how many
    take a wound from him: to hit by WS (6s when climbing or exhausted), to wound on S v T (a
    natural 1 fails), then his armour save."""
    me, them = tables().profile(attacker), tables().profile(foe)
    need = 6 if need_six else cc_to_hit(me.WS, them.WS)
    wound = to_wound_needed(me.S, them.T)
    if wound is None:
        return 0
    save = save_needed(armour, shield, me.S)
    return (7 - need) * (7 - max(2, wound)) * (6 if save is None else save - 1)


class _Codes:
    """Men as small numbers (hashed fast): a code for each :class:`Man` met."""

    def __init__(self) -> None:
        self.men: list[Man] = []
        self.index: dict[Man, int] = {}
        self.lands: dict[tuple[int, bool, int], int] = {}

    def code(self, man: Man) -> int:
        found = self.index.get(man)
        if found is None:
            found = self.index[man] = len(self.men)
            self.men.append(man)
        return found

    def land(self, attacker: int, need_six: bool, foe: int) -> int:
        key = (attacker, need_six, foe)
        found = self.lands.get(key)
        if found is None:
            me, them = self.men[attacker], self.men[foe]
            found = self.lands[key] = blow_lands(me.profile, need_six, them.profile,
                                                 them.armour, them.shield)
        return found

    def changed(self, code: int, **how: object) -> int:
        man = self.men[code]
        return self.code(evolve(man, **how))


class OverBudget(Exception):
    """More ways for the fight to go than the odds may count."""


# An entry of a line: the man's code << 8 | (his place in the round's starting line + 1) while
# he has yet to strike and his place matters, else 0 in the low byte.
TAG = 0xFF


def _alike(line: tuple[int, ...], codes: _Codes) -> bool:
    """Whether every model in ``line`` is the same one-wound man with no strike to come: then
    which of them an attack falls on cannot matter, now or later in the step."""
    if not line:
        return True
    first = line[0]
    return not first & TAG and codes.men[first >> 8].wounds == 1 and \
        all(e == first for e in line)


def _steady(line: tuple[Man, ...]) -> bool:
    """Whether a line is of one man alike throughout (one wound each, on his feet), and so stays
    alike whoever of it falls, all round."""
    return bool(line) and line[0].wounds == 1 and line[0].footing and \
        all(m == line[0] for m in line)


def fight_round(boarders: tuple[Man, ...], defenders: tuple[Man, ...], *,
                budget: list[int] | None = None,
                codes: _Codes | None = None
                ) -> dict[tuple[tuple[Man, ...], tuple[Man, ...]], Fraction]:
    """Every way one round can end (the men standing on each side, in line) with its chance.
    ``budget`` (a one-item list) is spent a unit for each way counted; past it,
    :class:`OverBudget`."""
    if not boarders or not defenders:
        return {(boarders, defenders): ONE}
    codes = codes or _Codes()
    lines = (boarders, defenders)
    # the steps, each a list of (side, place) in the order the rules strike them (by id: ship
    # by ship, each ship's men in line)
    everyone = sorted((_order(m), f"{m.home}.", side, place) for side, line in enumerate(lines)
                      for place, m in enumerate(line))
    steps: list[list[tuple[int, int]]] = []
    last = None
    for key, _home, side, place in everyone:
        if key != last:
            steps.append([])
            last = key
        steps[-1].append((side, place))
    # A man's place in line matters to the odds only while the enemy before him are not all
    # alike (then whom his blows fall on does not matter), and while he may yet win his footing
    # (the rules must find him to give it him): only then is he tagged with it.
    placed = [not _steady(lines[1 - side]) for side in (0, 1)]

    def entry(side: int, place: int, man: Man) -> int:
        tagged = placed[side] or (side == 0 and not man.footing)
        return codes.code(man) << 8 | (place + 1 if tagged else 0)

    start = (tuple(entry(0, i, m) for i, m in enumerate(boarders)),
             tuple(entry(1, i, m) for i, m in enumerate(defenders)))
    dist: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {start: 1}
    denominator = 1
    for step in steps:
        key_of_step = _order(lines[step[0][0]][step[0][1]])
        # a step begins: those of it still standing will strike, in order
        queued: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, int, int, int]
                                                                  | None, ...]], int] = {}
        for (b, d), w in dist.items():
            sides = [list(b), list(d)]
            # untagged men of the step still standing, by profile (any of them will do)
            loose: dict[tuple[int, str], int] = {}
            for side in (0, 1):
                for e in sides[side]:
                    man = codes.men[e >> 8]
                    if not e & TAG and _order(man) == key_of_step:
                        loose[(side, man.profile)] = loose.get((side, man.profile), 0) + 1
            queue: list[tuple[int, int, int, int] | None] = []
            for side, place in step:
                man0 = lines[side][place]
                line = sides[side]
                if not (placed[side] or (side == 0 and not man0.footing)):
                    left = loose.get((side, man0.profile), 0)
                    if left:
                        loose[(side, man0.profile)] = left - 1
                        queue.append((side, -1, codes.code(man0), 0))
                    else:
                        queue.append(None)
                    continue
                at = next((k for k, e in enumerate(line) if e & TAG == place + 1), None)
                if at is None:
                    queue.append(None)  # struck down by a faster step
                    continue
                code = line[at] >> 8
                climbing = side == 0 and not codes.men[code].footing
                queue.append((side, place, code, place + 1 if climbing else 0))
                if not climbing:
                    line[at] = code << 8
            # a striker's place matters only against a line of men not all alike
            final = tuple(None if q is None else
                          (q[0], -1 if not q[3] and _alike(tuple(sides[1 - q[0]]), codes)
                           else q[1], q[2], q[3]) for q in queue)
            key = (tuple(sides[0]), tuple(sides[1]), final)
            queued[key] = queued.get(key, 0) + w
        for k, (_side, place) in enumerate(step):
            attacks = tables().profile(lines[_side][place].profile).A
            denominator *= DIE3 ** attacks
            queued = _strike(queued, k, attacks, codes, budget)
        dist = {}
        for (b, d, _q), w in queued.items():
            dist[(b, d)] = dist.get((b, d), 0) + w
    out: dict[tuple[tuple[Man, ...], tuple[Man, ...]], Fraction] = {}
    for (b, d), w in dist.items():
        key = (tuple(_fresh(codes.men[e >> 8]) for e in b),
               tuple(_fresh(codes.men[e >> 8]) for e in d))
        out[key] = out.get(key, ZERO) + Fraction(w, denominator)
    return out


def _fresh(man: Man) -> Man:
    """The man as the next round finds him: no longer charging."""
    return evolve(man, charging=False) if man.charging else man


def _strike(queued: dict[tuple[tuple[int, ...], tuple[int, ...],
                               tuple[tuple[int, int, int, int] | None, ...]], int],
            k: int, attacks: int, codes: _Codes, budget: list[int] | None
            ) -> dict[tuple[tuple[int, ...], tuple[int, ...],
                            tuple[tuple[int, int, int, int] | None, ...]], int]:
    """The step's ``k``-th striker makes all his attacks, in every state (weights in 216ths
    of each attack; one struck down by a faster step strikes nothing)."""
    out: dict[tuple[tuple[int, ...], tuple[int, ...],
                    tuple[tuple[int, int, int, int] | None, ...]], int] = {}
    whole = DIE3 ** attacks
    for state, w in queued.items():
        b, d, queue = state
        striker = queue[k]
        if striker is None:
            out[state] = out.get(state, 0) + w * whole
            continue
        side, place, code, tag = striker
        man = codes.men[code]
        partial: dict[tuple[tuple[int, ...], tuple[int, ...], bool], int] = {
            (b, d, man.footing): w}
        for _ in range(attacks):
            partial = _attack(partial, side, place, code, tag, codes)
            if budget is not None:
                budget[0] -= len(partial)
                if budget[0] < 0:
                    raise OverBudget
        for (nb, nd, _footing), q in partial.items():
            if tag:
                mine = nb if side == 0 else nd
                mine = tuple(e & ~TAG if e & TAG == tag else e for e in mine)
                nb, nd = (mine, nd) if side == 0 else (nb, mine)
            key = (nb, nd, queue)
            out[key] = out.get(key, 0) + q
    return out


def _attack(partial: dict[tuple[tuple[int, ...], tuple[int, ...], bool], int], side: int,
            place: int, code: int, tag: int, codes: _Codes
            ) -> dict[tuple[tuple[int, ...], tuple[int, ...], bool], int]:
    """One attack of the striker, in every state it may find (weights times 216)."""
    out: dict[tuple[tuple[int, ...], tuple[int, ...], bool], int] = {}
    man = codes.men[code]
    for (b, d, footing), w in partial.items():
        foes = d if side == 0 else b
        if not foes:
            out[(b, d, footing)] = out.get((b, d, footing), 0) + w * DIE3
            continue
        at = max(place, 0) % len(foes)
        foe = foes[at]
        climbing = side == 0 and not footing
        land = codes.land(code, climbing or man.exhausted, foe >> 8)
        if land < DIE3:
            out[(b, d, footing)] = out.get((b, d, footing), 0) + w * (DIE3 - land)
        if not land:
            continue
        hurt = codes.men[foe >> 8]
        if hurt.wounds > 1:
            worse = codes.changed(foe >> 8, wounds=hurt.wounds - 1) << 8 | (foe & TAG)
            foes2 = (*foes[:at], worse, *foes[at + 1:])
            slain = False
        else:
            foes2 = foes[:at] + foes[at + 1:]
            slain = True
        mine = b if side == 0 else d
        footing2 = footing
        if slain and climbing and tag:
            alive_at = next((i for i, e in enumerate(mine) if e & TAG == tag), None)
            if alive_at is not None:
                me = mine[alive_at]
                aboard = codes.changed(me >> 8, footing=True) << 8 | tag
                mine = (*mine[:alive_at], aboard, *mine[alive_at + 1:])
                footing2 = True
        key = (mine, foes2, footing2) if side == 0 else (foes2, mine, footing2)
        out[key] = out.get(key, 0) + w * land
    return out


# --- the whole melee --------------------------------------------------------------------------

# What a melee comes to: (taken, repelled, boarders left standing, her crew left standing) —
# chances and means, over every way it can go.
Ending = tuple[Fraction, Fraction, Fraction, Fraction]


def _scale(v: Ending, p: Fraction) -> Ending:
    return (v[0] * p, v[1] * p, v[2] * p, v[3] * p)


def _plus(a: Ending, b: Ending) -> Ending:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


NONE: Ending = (ZERO, ZERO, ZERO, ZERO)


def over(boarders: tuple[Man, ...], defenders: tuple[Man, ...]) -> Ending | None:
    """The ending of a deck where the fight is done, or None while it goes on."""
    if not boarders:
        return (ZERO, ONE, ZERO, Fraction(len(defenders)))
    if not defenders:
        return (ONE, ZERO, Fraction(len(boarders)), ZERO)
    return None


def leadership(defenders: Iterable[Man], ship_id: str) -> int:
    """``crew.leader_ld``: her own captain's Ld, else the best Ld aboard."""
    men = list(defenders)
    for man in men:
        if man.profile == "captain" and man.home == ship_id:
            return tables().profile("captain").Ld
    return max((tables().profile(m.profile).Ld for m in men), default=7)


@cache
def ld_pass(ld: int) -> Fraction:
    """A Leadership test: 2D6 at most Ld."""
    return sum((p for total, p in dice(2, 6).items() if total <= ld), ZERO)


class Melee:
    """The whole melee on one deck, worked out from any round's start (memoised by deck)."""

    def __init__(self, ship_id: str, budget: int | None = None) -> None:
        self.ship_id = ship_id
        self.budget = None if budget is None else [budget]
        self.codes = _Codes()
        self._done: dict[tuple[tuple[Man, ...], tuple[Man, ...]], tuple[Ending, Ending]] = {}

    def surrender_chance(self, boarders: tuple[Man, ...], defenders: tuple[Man, ...]
                         ) -> Fraction:
        """The chance she strikes at the start of her turn: outnumbered, a failed Ld test."""
        if len(boarders) <= len(defenders):
            return ZERO
        return ONE - ld_pass(leadership(defenders, self.ship_id))

    def after(self, boarders: tuple[Man, ...], defenders: tuple[Man, ...],
              her_turn: bool) -> Ending:
        """The ending from a deck between rounds; ``her_turn``: the next round is fought in the
        boarded ship's turn (her Ld test comes first)."""
        done = over(boarders, defenders)
        if done is not None:
            return done
        both = self._both(boarders, defenders)
        return both[1] if her_turn else both[0]

    def _both(self, boarders: tuple[Man, ...], defenders: tuple[Man, ...]
              ) -> tuple[Ending, Ending]:
        """(from the boarders' turn, from hers). A round in which no one is hurt leaves the
        deck as it was: the two are solved together."""
        key = (boarders, defenders)
        found = self._done.get(key)
        if found is not None:
            return found
        rounds = fight_round(boarders, defenders, budget=self.budget, codes=self.codes)
        stay = rounds.pop(key, ZERO)
        # what the round leads to elsewhere, the next round in the other player's turn
        to_hers = NONE  # after a round in the boarders' turn
        to_theirs = NONE  # after a round in hers
        for (b, d), p in rounds.items():
            to_hers = _plus(to_hers, _scale(self.after(b, d, True), p))
            to_theirs = _plus(to_theirs, _scale(self.after(b, d, False), p))
        strike = self.surrender_chance(boarders, defenders)
        taken: Ending = (ONE, ZERO, Fraction(len(boarders)), Fraction(len(defenders)))
        # V0 = to_hers + stay·V1;  V1 = strike·taken + (1 − strike)(to_theirs + stay·V0)
        fights = ONE - strike
        denominator = ONE - stay * stay * fights
        if not denominator:  # no one can ever be hurt, and she never strikes: it goes on
            still: Ending = (ZERO, ZERO, Fraction(len(boarders)), Fraction(len(defenders)))
            self._done[key] = (still, still)
            return still, still
        v0 = _scale(_plus(_plus(to_hers, _scale(taken, stay * strike)),
                          _scale(to_theirs, stay * fights)), ONE / denominator)
        v1 = _plus(_scale(taken, strike), _scale(_plus(to_theirs, _scale(v0, stay)), fights))
        self._done[key] = (v0, v1)
        return v0, v1


# --- a boarding's odds ------------------------------------------------------------------------

ROUND_BUDGET = 20_000  # ways counted for the first round (half a second at most)
MELEE_BUDGET = 6_000  # and for the whole melee after it, at each asking (a tenth or two)


def _melee(ship_id: str) -> Melee:
    """The melee on a deck, its rounds remembered between askings (the same deck with more
    or fewer men sent meets many of the same rounds)."""
    found = _MELEES.get(ship_id)
    if found is None or len(found._done) > 20_000:
        found = _MELEES[ship_id] = Melee(ship_id)
    return found


_MELEES: dict[str, Melee] = {}
# (deck, her crew) -> the fewest boarders whose first round was too many ways to count
_TOO_MANY: dict[tuple[str, tuple[Man, ...]], int] = {}


@frozen
class Outlook:
    """What sending a boarding party across may bring: the first round (the charge) exactly,
    and the whole melee when it could be counted in time (None: too many men)."""

    first: tuple[tuple[tuple[tuple[Man, ...], tuple[Man, ...]], Fraction], ...] | None
    melee: Ending | None


@lru_cache(maxsize=64)
def outlook(ship_id: str, boarders: tuple[Man, ...], defenders: tuple[Man, ...]) -> Outlook:
    """The odds of a boarding action on ``ship_id``'s deck from the first round's start."""
    crowd = (ship_id, defenders)
    if len(boarders) >= _TOO_MANY.get(crowd, 10**6):
        return Outlook(None, None)  # fewer men than these were already too many to count
    try:
        first = fight_round(boarders, defenders, budget=[ROUND_BUDGET])
    except OverBudget:
        _TOO_MANY[crowd] = min(len(boarders), _TOO_MANY.get(crowd, 10**6))
        if len(_TOO_MANY) > 256:
            _TOO_MANY.clear()
        return Outlook(None, None)
    melee = _melee(ship_id)
    melee.budget = [MELEE_BUDGET]
    total = NONE
    try:
        for (b, d), p in first.items():
            total = _plus(total, _scale(melee.after(b, d, True), p))
    except OverBudget:
        return Outlook(tuple(first.items()), None)
    return Outlook(tuple(first.items()), total)
