"""Where a move leaves a vessel, in structural hit points (shp) to her side.

A :class:`Judge` is made once for a vessel and a decision; :meth:`Judge.pose` weighs one place
she could end her move:

- **now**: every enemy still to move this round (her hexes known since the initiative) that
  could bring her bow into one of the hull's hexes, at the ram's odds and damage (a monster
  within its swim and a hex: its bite);
- **next round**: the enemies' rams (or bites) within their fastest move next round, at half
  weight, and hers on them at half weight (a quarter if the enemy has yet to move);
- **closing**: the hexes her bow must go to reach the nearest enemy (a runner instead counts
  the hexes to her escape edge, and a raider the gap to her prey);
- **fire**: her artillery and marines bearing on enemies, theirs on her;
- **fire pot poles** (issue 42): an enemy's bow that can come beside her hull this round or
  next dumps its pots (4d6, no throw, burning on), twice a ram's weight; a pole on a galley
  already sinking still burns her while she lies beside its bow;
- a **runner**'s headway next round on the heading she ends on (close-hauled she makes two
  thirds);
- the battlemap's **edges**: near an edge her next moves are cramped.

A ram on the way, a collision, or leaving the battlemap is weighed by :meth:`Judge.ram`,
:meth:`Judge.collide` and :meth:`Judge.leave`.
"""

from __future__ import annotations

from attrs import frozen

from ahoy_tui.ai.acks import odds, sight
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.hexgrid import Body, Hex, distance, in_arc, neighbour
from ahoy_tui.rules.acks import fire, helm
from ahoy_tui.rules.acks.model import AcksState, Piece, Vessel
from ahoy_tui.rules.acks.tables import crew_reach, tables

W_NOW = 1.0          # an enemy's ram still to come this round
W_NEXT = 0.5         # rams within reach next round (either way)
W_APPROACH = 0.6     # a hex her bow must still go to reach an enemy
W_FIRE = 0.5         # a round's fire bearing, at positions that will change
W_EDGE = 3.0         # a hex short of the edge's three
W_RUN = 4.0          # a runner's hex nearer her escape edge
W_CHASE = 2.0        # a raider's hex nearer her prey
WIN = 400.0          # the battle won (or lost)
HOLD = 0.5           # a line thrown at a prey held fast: the chance it is her last round
LATE = 5             # the last rounds, when the turn limit counts
W_POLE = 2.0         # a fire pot pole beside her hull, against a ram: no throw, and it burns on
W_HEADING = 0.5      # a runner's headway next round, against a hex nearer her edge now
SEEN = 0.6           # declaring: a ram on an enemy where she lies now (she may move first)


@frozen
class Foe:
    """An enemy as the judge reckons her for one of our vessels."""

    vessel: Vessel
    hexes: tuple[Hex, ...]
    now: int           # hexes still to move this round
    nxt: int           # hexes at her fastest next round
    turns: int
    threat_now: float  # her ram (or bite) on our vessel this round, worth
    threat: float      # her ram (or bite) on our vessel next round, worth
    target: float      # our ram (or bite) on her next round, worth
    prey: bool         # she is ours to take by grappling
    taker: bool        # she could take ours by grappling
    range: int         # the farthest her artillery reaches our hull, in hexes of gap
    pots: float = 0.0  # her fire pot pole's pitch on our deck, worth (0: she has none)


def mount(hexes: tuple[Hex, ...], where: str) -> Hex:
    """Where a piece stands on a hull lying on ``hexes`` (as ``fire.mount_hex``)."""
    if where == "bow":
        return hexes[0]
    if where == "stern":
        return hexes[-1]
    return hexes[len(hexes) // 2] if len(hexes) > 2 else hexes[0]


class Judge:
    """Weighs the places ``vessel`` (of the side deciding) might end her move. ``speed`` is
    the speed declared for this round (a ram below oar cruise deals half); ``declaring``: the
    initiative is not rolled yet, so the enemy may move before or after her."""

    def __init__(self, view: AcksState, vessel: Vessel, speed: int | None = None,
                 declaring: bool = False) -> None:
        self.view = view
        self.vessel = vessel
        self.side = vessel.side
        self.speed = odds.speed_of(vessel) if speed is None else speed
        self.declaring = declaring
        self.turns = sight.steering(vessel)
        self.nxt = max(sight.next_reach(view, vessel), 1)
        taker = view.condition("taken_by")
        self.escape = view.condition(f"escape_{self.side}")
        self.holder = view.condition("limit_winner") == self.side
        self.bold = boldness(view, self.side)
        foes = []
        for e in sight.enemies(view, self.side):
            now = sight.declared_reach(view, e) if declaring else sight.to_move(view, e)
            full = full_speed(view, e)
            if e.creature:
                threat = threat_now = (odds.bite_worth(view, e, vessel)
                                       if not vessel.creature else 0.0)
            else:
                threat_now = odds.ram_worth(view, e, vessel)
                threat = odds.ram_worth(view, e, vessel, full)
            if vessel.creature:
                target = odds.bite_worth(view, vessel, e)
            else:
                target = odds.ram_worth(view, vessel, e, full_speed(view, vessel))
            if taker == e.side and not vessel.creature and not e.creature:
                # rammed, we halt beside her with her bow in our hex: her lines at -2
                held = odds.ram_chance(e, vessel) * HOLD * odds.grapple_chance(e, vessel, 0) \
                    * odds.LAST
                threat_now += held
                threat += held
            if taker == self.side and not vessel.creature and not e.creature:
                target += odds.ram_chance(vessel, e) * HOLD * \
                    odds.grapple_chance(vessel, e, 0) * odds.LAST
            foes.append(Foe(e, e.hexes, now, sight.next_reach(view, e), sight.steering(e),
                            threat_now, threat, target, taker == self.side and not e.creature,
                            taker == e.side and not vessel.creature, reach_of(e),
                            odds.pots_worth(view, e, vessel)))
        self.foes = tuple(foes)
        # a vessel holed to 0 is still in action until she goes down, and her pole with her
        # (Fire Pot Poles and Pitch): beside her bow we burn each round she floats
        self.wrecks = tuple((e.body.bow, worth) for e in view.vessels
                            if e.side != self.side and e.in_action and not e.afloat
                            and (worth := odds.pots_worth(view, e, vessel)) > 0)
        self._cache: dict[tuple[Body, int], float] = {}
        self._mounts: dict[tuple[str, str], Hex] = {}
        self._shots: dict[tuple[str, str, str, str], float] = {}
        self.my_range = reach_of(vessel)
        self._mine: dict[tuple[Hex, int, str], float] = {}
        self._volley: dict[tuple[str, int], float] = {}
        self._arc: dict[tuple[str, str, Hex], tuple[bool, int]] = {}
        self._rings: dict[Body, tuple[Hex, ...]] = {}
        self._heading: dict[int, float] = {}

    def hexes(self, body: Body) -> tuple[Hex, ...]:
        return sight.hexes_of(body)

    # --- one place -------------------------------------------------------------------------
    def pose(self, body: Body, straight: int = 99, halted: str = "") -> float:
        """Her worth ending her move as ``body``, ``straight`` hexes on since her last turn
        (``halted``: an enemy halted by her ram, and she must backwater next round)."""
        straight = min(straight, body.length - 1)
        if not halted:
            hit = self._cache.get((body, straight))
            if hit is not None:
                return hit
        value = self._pose(body, straight, halted)
        if not halted:
            self._cache[(body, straight)] = value
        return value

    def _pose(self, body: Body, straight: int, halted: str) -> float:
        me = self.vessel
        hexes = self.hexes(body)
        value = 0.0
        nearest = 99
        gaps = []
        for f in self.foes:
            e = f.vessel
            g = sight.gap(hexes, f.hexes)
            gaps.append(g)
            if e.creature:
                reach_them = g - 1
            else:
                reach_them = sight.steps_to_hit(e.body, f.turns, hexes, e.straight)
            if me.creature:
                mine = g - 1
            elif halted:
                mine = sight.FAR   # she rammed: next round she backwaters
            else:
                mine = sight.steps_to_hit(body, self.turns, f.hexes, straight)
            # this round
            if f.now and e.id != halted and reach_them <= f.now:
                value -= W_NOW * f.threat_now * (0.5 if self.declaring else 1.0) / self.bold
            # next round
            moving = 0.5 if (f.now and not self.declaring) else 1.0
            if reach_them <= f.nxt:
                value -= W_NEXT * f.threat * moving / self.bold
            if mine <= self.nxt and e.id != halted:
                value += W_NEXT * f.target * moving * self.bold
            if f.prey or not (self.escape or f.taker):
                if me.creature:
                    far = g
                else:
                    far = mine if mine < sight.FAR else sight.approach(body, self.turns,
                                                                       f.hexes, straight)
                nearest = min(nearest, far)
            if f.prey:
                value -= W_CHASE * g
                if g <= 1:
                    value += 0.5 * odds.grapple_chance(me, e, g) * odds.LAST
            if f.taker:
                if g <= 1:
                    value -= 0.5 * odds.grapple_chance(e, me, g) * odds.LAST
                elif g <= f.nxt + 1:
                    value -= 0.1 * odds.LAST / max(1, g)
            if f.pots and g <= f.nxt + 1:
                value -= self._pots(f, body, hexes, g, moving)
            value += self._volleys(f, g)
        for bow, worth in self.wrecks:
            if any(distance(bow, h) <= 1 for h in hexes):
                value -= W_POLE * (W_NOW + W_NEXT) * worth
        if nearest < 99 and not self.escape:
            value -= W_APPROACH * nearest * self.bold
        value += self._fire(body, hexes, gaps)
        value += self._edges(body, hexes)
        if self.escape:
            value -= W_RUN * min(sight.to_edge(self.view, h, self.escape) for h in hexes)
            value += W_RUN * W_HEADING * self._headway(body)
        return value

    def _headway(self, body: Body) -> float:
        """A runner's hexes toward her escape edge next round if she holds this heading at
        the fastest it allows (close-hauled a sail makes two thirds: Wind and Sails)."""
        got = self._heading.get(body.facing)
        if got is None:
            me = self.vessel
            mode = "sail" if me.sails else "oar"
            feet = helm.max_speed(replace(me, body=Body(me.body.bow, body.facing,
                                                         me.body.length)), mode, self.view.wind)
            ahead = neighbour(body.bow, body.facing)
            gain = sight.to_edge(self.view, body.bow, self.escape) - \
                sight.to_edge(self.view, ahead, self.escape)
            got = self._heading[body.facing] = gain * feet / 60
        return got

    def _pots(self, f: Foe, body: Body, hexes: tuple[Hex, ...], g: int,
              moving: float) -> float:
        """Her fire pot pole: her bow beside our hull (Fire Pot Poles and Pitch) this round or
        within her reach next round."""
        e = f.vessel
        if g <= 1 and any(distance(e.body.bow, h) <= 1 for h in hexes):
            reach = 0
        else:
            ring = self._ring(body, hexes)
            reach = sight.steps_to_hit(e.body, f.turns, ring, e.straight)
        value = 0.0
        if reach <= f.now or reach == 0:
            value += W_POLE * W_NOW * f.pots * (0.5 if self.declaring else 1.0) / self.bold
        if reach <= f.nxt:
            value += W_POLE * W_NEXT * f.pots * moving / self.bold
        return value

    def _ring(self, body: Body, hexes: tuple[Hex, ...]) -> tuple[Hex, ...]:
        got = self._rings.get(body)
        if got is None:
            inside = set(hexes)
            got = tuple({n for h in hexes for n in ring1(h) if n not in inside})
            self._rings[body] = got
        return got

    def _volleys(self, f: Foe, g: int) -> float:
        """Marines' volleys across a gap of ``g`` hexes: ours at her crew, hers at ours."""
        key = (f.vessel.id, g)
        got = self._volley.get(key)
        if got is None:
            me, e = self.vessel, f.vessel
            got = 0.0
            if me.missile and not me.creature:
                got += odds.volley_worth(self.view, me, e, volley_penalty_at(me, e, g))
            if e.missile and not e.creature:
                got -= odds.volley_worth(self.view, e, me, volley_penalty_at(e, me, g))
            got *= W_FIRE
            self._volley[key] = got
        return got

    def _shot(self, shooter: Vessel, p: Piece, target: Vessel, band: str) -> float:
        key = (shooter.id, p.id, target.id, band)
        got = self._shots.get(key)
        if got is None:
            got = self._shots[key] = odds.shot_worth(self.view, shooter, p, target, band)
        return got

    def _fire(self, body: Body, hexes: tuple[Hex, ...], gaps: list[int]) -> float:
        me = self.vessel
        value = 0.0
        if not me.creature and me.pieces and min(gaps, default=99) <= self.my_range:
            for p in me.pieces:
                origin = mount(hexes, p.mount)
                key = (origin, body.facing, p.id)
                best = self._mine.get(key)
                if best is None:
                    best = 0.0
                    for f in self.foes:
                        e = f.vessel
                        if any(h == origin or in_arc(origin, body.facing, h, p.mount)
                               for h in f.hexes):
                            band = fire.band(p, min(distance(origin, h) for h in f.hexes))
                            if band is not None:
                                best = max(best, self._shot(me, p, e, band))
                    self._mine[key] = best
                value += best
        for f, g in zip(self.foes, gaps, strict=True):
            e = f.vessel
            if e.creature or g > f.range:
                continue
            for p in e.pieces:
                arcs = [self._their_arc(e, p, h) for h in hexes]
                if any(a for a, _ in arcs):
                    band = fire.band(p, min(d for _, d in arcs))
                    if band is not None:
                        value -= self._shot(e, p, me, band)
        return W_FIRE * value

    def _their_arc(self, e: Vessel, p: Piece, h: Hex) -> tuple[bool, int]:
        key = (e.id, p.id, h)
        got = self._arc.get(key)
        if got is None:
            origin = self._mounts.get((e.id, p.id))
            if origin is None:
                origin = self._mounts[(e.id, p.id)] = fire.mount_hex(e, p)
            got = (h == origin or in_arc(origin, e.body.facing, h, p.mount),
                   distance(origin, h))
            self._arc[key] = got
        return got

    def _edges(self, body: Body, hexes: tuple[Hex, ...]) -> float:
        if self.vessel.creature:
            room = sight.edge_room(self.view, body.bow)
            return -W_EDGE * max(0, 2 - room)
        if self.escape:
            return 0.0
        room = min(sight.edge_room(self.view, h) for h in hexes)
        ahead = sight.ahead_room(self.view, body, 4)
        return -W_EDGE * (max(0, 3 - room) + 0.5 * max(0, 3 - ahead))

    # --- what ends a move ------------------------------------------------------------------
    def ram(self, before: Body, after: Body, target: Vessel, head_on: bool,
            speed: int | None = None, st: int = 99) -> float:
        """A ram (or a head-on meeting) from ``before`` into ``target``'s hex at ``after``,
        at ``speed`` (the declared speed if not given)."""
        me = self.vessel
        speed = self.speed if speed is None else speed
        if head_on:
            return odds.head_on_worth(self.view, me, target, speed) + self.pose(before, st)
        chance = odds.ram_chance(me, target)
        worth = odds.ram_worth(self.view, me, target, speed)
        taken = self.view.condition("taken_by") == self.side and not target.creature
        if not taken and odds.ram_costs_her_more(me, target, speed):
            # without a naval ram she takes half of her own blow: one that costs her more
            # of her hull than it takes of the target's is never worth the hex it leads to
            return min(worth, 0.0) - odds.LAST
        if self.declaring:   # she may have moved before our count
            chance *= SEEN
            worth *= SEEN
        worth *= self.bold
        if taken:
            # rammed, she halts beside (in) our bow for the grappling lines
            worth += chance * HOLD * odds.grapple_chance(me, target, 0) * odds.LAST
        return worth + chance * self.pose(after, 0, halted=target.id) + \
            (1 - chance) * self.pose(before, st)

    def collide(self, others: tuple[Vessel, ...], on_purpose: bool) -> float:
        return sum(odds.collision_worth(self.view, self.vessel, o, on_purpose) for o in others)

    def leave(self, body: Body) -> float:
        """Off the battlemap: her side's win by her escape edge, else she is out of the
        battle (and the battle lost with her if she was her side's last)."""
        edge = sight.edge_left(self.view, body)
        if self.escape and edge == self.escape:
            return WIN
        worth = self.vessel.shp + odds.sink_worth(self.view, self.vessel)
        return -worth - (WIN if odds.last_of_side(self.view, self.vessel) else 0.0)


def reach_of(vessel: Vessel) -> int:
    """The widest gap her artillery can shoot across, from any of her hexes."""
    if vessel.creature or not vessel.pieces:
        return -1
    return max(tables().piece(p.kind).range[2] for p in vessel.pieces) + vessel.body.length


def boldness(view: AcksState, side: str) -> float:
    """Over 1 in the last rounds for the side that loses if the battle runs out (the limit's
    holder is the other, or it has dealt no more damage): its chances count for more and the
    enemy's threats for less; under 1 for the side that wins if it runs out."""
    left = view.round_limit - view.round
    if left >= LATE:
        return 1.0
    holder = view.condition("limit_winner")
    if holder:
        losing = holder != side
    else:
        a, b = view.damage_dealt
        mine, theirs = (a, b) if side == "p1" else (b, a)
        losing = mine <= theirs
    push = 1.0 + (LATE - left) * 0.3
    return push if losing else 1.0 / push


def full_speed(view: AcksState, vessel: Vessel) -> int:
    """The speed she would ram at next round: her fastest, and never below oar cruise if she
    can make it."""
    if vessel.creature:
        return 0
    top = sight.top_speed(view, vessel)
    return max(top, min(helm.cruise(vessel), top))


def volley_penalty_at(shooter: Vessel, target: Vessel, hexes: int) -> int | None:
    """``fire.volley_penalty`` at a gap of ``hexes`` (wherever the two lie)."""
    bands = tables()["missile"][shooter.missile]
    rules = tables()["attack"]["range_mod"]
    if target.creature:
        for name, (low, high) in zip(fire.BANDS, bands, strict=False):
            if low <= hexes <= high:
                return int(rules[name])
        return None
    reach = crew_reach(target.crew)
    double_long = bands[3][1]
    if reach == "quadruple long" and hexes <= 2 * double_long:
        return 0
    if reach == "double long" and hexes <= double_long:
        return 0
    for name, (low, high) in zip(fire.BANDS, bands, strict=False):
        if low <= hexes <= high:
            if reach == "long as medium":
                return int(rules["medium"]) if name != "short" else 0
            return 0
    return None


def nearest_enemy(view: AcksState, vessel: Vessel, at: Hex | None = None) -> Vessel | None:
    origin = at or vessel.body.bow
    foes = sight.enemies(view, vessel.side)
    return min(foes, key=lambda e: min(distance(origin, h) for h in e.hexes), default=None)


def sail_point(view: AcksState, body: Body) -> str:
    return helm.point_name(body.facing, view.wind)


def ring1(h: Hex) -> tuple[Hex, ...]:
    return tuple(neighbour(h, f) for f in range(6))
