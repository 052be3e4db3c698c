"""Artillery, the heavy harpoon ballista and Missile Attacks: arcs by mount, range by hex, the
share of damage a vessel takes, and the crew shot at as a troop formation."""

from __future__ import annotations

from fractions import Fraction

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.hexgrid import Hex, distance, in_arc
from ahoy_tui.rules.acks import tables as tbl
from ahoy_tui.rules.acks.damage import hurt, strike_man, with_vessel
from ahoy_tui.rules.acks.model import AcksState, Grapple, Piece, Vessel
from ahoy_tui.rules.acks.ramming import armour
from ahoy_tui.rules.acks.tables import dice_expr, tables

ARTILLERY = "Artillery"
HARPOON = "Firing and Winching a Heavy Harpoon Ballista"
MISSILES = "Missile Attacks"
BANDS = ("short", "medium", "long")


def mount_hex(vessel: Vessel, piece: Piece) -> Hex:
    """Where a piece stands: bow pieces at the bow, stern pieces at the stern, the beam pieces
    amidships (the middle hex, or the bow's on a vessel of two hexes or one)."""
    hexes = vessel.hexes
    if piece.mount == "bow":
        return hexes[0]
    if piece.mount == "stern":
        return hexes[-1]
    return hexes[len(hexes) // 2] if len(hexes) > 2 else hexes[0]


def hex_range(vessel: Vessel, piece: Piece, target: Vessel) -> int:
    origin = mount_hex(vessel, piece)
    return min(distance(origin, h) for h in target.hexes)


def in_piece_arc(vessel: Vessel, piece: Piece, target: Vessel) -> bool:
    origin = mount_hex(vessel, piece)
    return any(h == origin or in_arc(origin, vessel.body.facing, h, piece.mount)
               for h in target.hexes)


def band(piece: Piece, hexes: int) -> str | None:
    short, medium, long = tables().piece(piece.kind).range
    if hexes <= short:
        return "short"
    if hexes <= medium:
        return "medium"
    if hexes <= long:
        return "long"
    return None


def targets(state: AcksState, vessel: Vessel, piece: Piece) -> list[Vessel]:
    """The enemies a piece may shoot at: in its arc and range, still in the fight."""
    if piece.reload > 0 or not vessel.in_action:
        return []
    out = []
    for other in state.vessels:
        if other.side == vessel.side or not other.in_action:
            continue
        if in_piece_arc(vessel, piece, other) and band(piece, hex_range(vessel, piece,
                                                                        other)) is not None:
            out.append(other)
    return out


def shoot(state: AcksState, vessel_id: str, piece_id: str, target_id: str, dice: Dice,
          events: list[Event], pitch: bool = False) -> AcksState:
    """A piece fires on its crew's count: the crew's attack throw against the target's AC,
    less the range's penalty; a catapult loses 4 at a monster that moved this round; a
    submerged monster has +4 AC and takes half. A vessel takes the piece's share."""
    vessel, target = state.vessel(vessel_id), state.vessel(target_id)
    piece = next(p for p in vessel.pieces if p.id == piece_id)
    kind = tables().piece(piece.kind)
    rules = tables()["attack"]
    rng = band(piece, hex_range(vessel, piece, target)) or "long"
    mod = rules["range_mod"][rng]
    ac = armour(target)
    notes = [rng]
    if target.creature and target.submerged:
        ac += rules["submerged_ac"]
        notes.append("submerged")
    if target.creature and kind.catapult and target.moved_this_round:
        mod += rules["catapult_vs_moving_monster"]
        notes.append("moving monster")
    need = rules["target_base"] + ac
    face = dice.die(20, f"{vessel.name}'s {kind.name} at {target.name} ({', '.join(notes)})",
                    ARTILLERY, side=vessel.side, ship=vessel.id,
                    need=f"{need - mod}+")
    hit = face == 20 or (face != 1 and face + mod >= need)
    dice.events[-1] = replace(dice.events[-1], outcome="hit" if hit else "miss")
    # reload counts the rounds' ends until she may shoot again (0: every round)
    vessel = replace(vessel, pieces=tuple(replace(p, reload=kind.reload + 1) if p.id == piece_id
                                          else p for p in vessel.pieces))
    state = with_vessel(state, vessel)
    if not hit:
        return state
    if pitch:
        # burning pitch: its dice to her hull and the men in the puddle, and she is aflame;
        # it lands amidships (the project's reading)
        from ahoy_tui.rules.acks import pitch as burning
        from ahoy_tui.rules.acks.deck import deck_size

        length, width = deck_size(target)
        return burning.ignite(state, target_id, length // 2, width // 2,
                              burning.pitch_dice(piece.kind), state.count, vessel.side, dice,
                              events, f"{kind.name}'s burning pitch")
    count, sides = dice_expr(kind.damage)
    rolled = sum(dice.nd(count, sides, f"{kind.name} damage", ARTILLERY, side=vessel.side,
                         ship=vessel.id))
    if target.creature:
        amount = rolled // 2 if target.submerged else rolled
    else:
        amount = int(Fraction(rolled) * Fraction(*kind.share))
    share = "" if target.creature or kind.share == (1, 1) else \
        f" ({kind.share[0]}/{kind.share[1]} to a vessel)"
    state = hurt(state, target_id, amount, vessel.side, f"{kind.name} hit{share}", dice,
                 events, ARTILLERY)
    if kind.harpoon and not target.creature and state.vessel(target_id).in_action:
        vessel = state.vessel(vessel_id)
        vessel = replace(vessel, pieces=tuple(replace(p, harpooned=target_id)
                                              if p.id == piece_id else p
                                              for p in vessel.pieces))
        state = with_vessel(state, vessel)
        line = Grapple(vessel_id, target_id, "harpoon", piece_id)
        state = replace(state, grapples=(*state.grapples, line))
        events.append(Happened("harpoon", f"{vessel.name}'s grapnel latches onto "
                               f"{target.name}", HARPOON, side=vessel.side, ship=vessel.id,
                               big=True))
    return state


def winch(state: AcksState, vessel_id: str, piece_id: str, dice: Dice,
          events: list[Event]) -> AcksState:
    """A full round at the winch: the lighter vessel a hex closer to the heavier (1d2 between
    equals), her facing unchanged."""
    from ahoy_tui.rules.acks.grappling import draw_together

    vessel = state.vessel(vessel_id)
    piece = next(p for p in vessel.pieces if p.id == piece_id)
    return draw_together(state, vessel_id, piece.harpooned, dice, events, HARPOON,
                         f"{vessel.name}'s crew winch in")


def shooters(vessel: Vessel) -> int:
    """Who shoots in a volley: the marines, and the sailors of a vessel whose crew double as
    marines (the longship)."""
    if vessel.creature:
        return 0
    return vessel.marines + (vessel.sailors if tables().vessel(vessel.kind).crew_fights else 0)


def volley_targets(state: AcksState, vessel: Vessel) -> list[Vessel]:
    if not vessel.missile or shooters(vessel) <= 0 or not vessel.in_action:
        return []
    out = []
    for other in state.vessels:
        if other.side == vessel.side or not other.in_action:
            continue
        if (other.creature or other.crew > 0) and volley_penalty(vessel, other) is not None:
            out.append(other)
    return out


def reach_of(vessel: Vessel, other: Vessel) -> int:
    return min(distance(a, b) for a in vessel.hexes for b in other.hexes)


def volley_penalty(vessel: Vessel, target: Vessel) -> int | None:
    """The attack penalty for the marines' volley at ``target``'s crew by hex range, None
    when out of reach. A crew is a troop formation: 59 or fewer, long range as medium;
    60-239 to long range without penalty; 240-959 to double long; 960+ to quadruple long."""
    hexes = reach_of(vessel, target)
    bands = tables()["missile"][vessel.missile]
    rules = tables()["attack"]["range_mod"]
    if target.creature:
        for name, (low, high) in zip(BANDS, bands, strict=False):
            if low <= hexes <= high:
                return int(rules[name])
        return None
    reach = tbl.crew_reach(target.crew)
    double_long = bands[3][1]
    if reach == "quadruple long" and hexes <= 2 * double_long:
        return 0
    if reach == "double long" and hexes <= double_long:
        return 0
    for name, (low, high) in zip(BANDS, bands, strict=False):
        if low <= hexes <= high:
            if reach == "long as medium":
                return int(rules["medium"]) if name != "short" else 0
            return 0
    return None


def volley(state: AcksState, vessel_id: str, target_id: str, dice: Dice,
           events: list[Event]) -> AcksState:
    """The marines shoot at the enemy's crew: one attack throw per five (the project's own
    grouping); each hit strikes a man the die chooses, not the shooters (the Judge's random
    target), and the weapon's damage is rolled against his hit points. At a monster, each hit
    deals the weapon's damage too."""
    vessel, target = state.vessel(vessel_id), state.vessel(target_id)
    rules = tables()["missile_volley"]
    throws = max(1, -(-shooters(vessel) // rules["men_per_throw"]))
    penalty = volley_penalty(vessel, target) or 0
    ac = armour(target) if target.creature else rules["crew_ac"]
    need = tables()["attack"]["target_base"] + ac - penalty
    faces = dice.nd(throws, 20, f"{vessel.name}'s marines shoot at {target.name}", MISSILES,
                    side=vessel.side, ship=vessel.id, need=f"{need}+ each")
    hits = sum(1 for f in faces if f == 20 or (f != 1 and f >= need))
    dice.events[-1] = replace(dice.events[-1], outcome=f"{hits} hit{'s' * (hits != 1)}")
    if target.creature:
        if hits:
            count, sides = dice_expr(missile_damage(vessel.missile))
            total = sum(dice.nd(hits * count, sides, "arrow damage", MISSILES,
                                side=vessel.side, ship=vessel.id))
            state = hurt(state, target_id, total, vessel.side, "arrows", dice, events,
                         MISSILES)
        return state
    struck: list[str] = []
    if any(f.crew_of == target_id for f in state.figures):
        return _volley_at_figures(state, vessel, target_id, hits, dice, events)
    from ahoy_tui.rules.acks.deck import role

    crew_hp = {r: int(role(r)["hp"]) for r in ("sailor", "marine")}
    count, sides = dice_expr(missile_damage(vessel.missile))
    captain_down = False
    for _ in range(hits):
        target = state.vessel(target_id)
        men = target.crew + (0 if target.captain_down else 1)
        if men <= 0:
            break
        index = dice.die(men, f"who is struck aboard {target.name}", MISSILES,
                         side=target.side, ship=target.id)
        amount = sum(dice.nd(count, sides, f"{vessel.missile.replace('_', ' ')} damage",
                             MISSILES, side=vessel.side, ship=vessel.id))
        target, who, down = strike_man(target, index - 1, amount, crew_hp)
        captain_down = captain_down or (down and who.startswith("the captain"))
        struck.append(who)
        state = with_vessel(state, target)
    if struck:
        events.append(Happened("volley", f"{target.name}: arrows strike {', '.join(struck)}",
                               MISSILES, side=target.side, ship=target.id, big=captain_down))
    return state


def missile_damage(weapon: str) -> str:
    """A missile hit's damage dice by the weapon (``data/crew.toml [missile_damage]``; 1d6
    for a weapon not listed)."""
    from ahoy_tui.rules.acks.deck import crew_table

    return str(crew_table().get("missile_damage", {}).get(weapon, "1d6"))


def _volley_at_figures(state: AcksState, vessel: Vessel, target_id: str, hits: int,
                       dice: Dice, events: list[Event]) -> AcksState:
    """Her deck laid, each hit strikes one of her side's men standing on her deck, the die
    choosing (the Judge's random target), and rolls the weapon's damage against his hit
    points: at 0 he is down, out of the fight."""
    from ahoy_tui.rules.acks.boarding import wound

    target = state.vessel(target_id)
    count, sides = dice_expr(missile_damage(vessel.missile))
    weapon = vessel.missile.replace("_", " ")
    for _ in range(hits):
        men = [f for f in state.figures if f.on == target_id and f.side == target.side
               and f.where == "deck" and not f.down]
        if not men:
            break
        index = dice.die(len(men), f"who is struck aboard {target.name}", MISSILES,
                         side=target.side, ship=target.id)
        man = men[index - 1]
        amount = sum(dice.nd(count, sides, f"{weapon} damage to {man.name}", MISSILES,
                             side=vessel.side, ship=vessel.id))
        state = wound(state, man, amount, f"struck by a {weapon} from {vessel.name}",
                      MISSILES, events)
    return state
