"""Setup, played by the rules: terrain rolled for each 2' section and placed alternately from a
random player; the set-up roll, whose winner chooses the east or west side and places first;
then each side places one Man O' War, Independent or squadron of Ships of the Line at a time,
within 9" of its own edge and 9" from the north and south edges.

A scenario (or the new-game form's "Set-up" choice) asks for it with ``placement = "rules"``;
otherwise the scenario's own positions and terrain are used.

Readings (docs/rules/man-o-war.md, M3):

- Each section's roll is the number of features it gets; a player places a piece (rocks, a
  sandbank or an island, his choice) in a section that still has one to place, at one of five
  spots: its centre or the middle of one of its quarters, where it does not overlap another
  and stays out of the 9" strips along the east and west edges where the fleets are placed. A
  section with no spot left for any piece loses its features.
- A set-up roll tied is rolled again.
- A unit is placed facing the enemy's edge, her centre 4.5" from her own edge; a squadron in a
  column, its flagship in the middle and the others 3" either side of her; never overlapping a
  ship or terrain, and never where it would leave no room for the rest of its fleet. A side
  with nothing left to place leaves the rest to the other.
"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import overlap
from ahoy_tui.rules.man_o_war.model import MowState, Phase, Ship, Terrain
from ahoy_tui.rules.man_o_war.monsters import unplaced
from ahoy_tui.rules.man_o_war.table import outline, terrain_outline
from ahoy_tui.rules.man_o_war.tables import tables

SETUP = "Setup"
SPOTS = ((0.0, 0.0), (-0.25, -0.25), (0.25, -0.25), (-0.25, 0.25), (0.25, 0.25))
COLUMN = 3.0  # inches between the ships of a squadron placed in column
FROM_EDGE = 4.5  # a ship's centre from her own edge


def _say(dice: Dice, kind: str, text: str, side: str | None = None) -> None:
    dice.events.append(Happened(kind, text, SETUP, side=side, big=kind != "terrain"))


def section_grid(state: MowState) -> tuple[int, int]:
    """(columns, rows) of 2' sections the table is divided into."""
    size = float(tables().terrain["section"])
    return (max(1, round(state.table.width / size)), max(1, round(state.table.height / size)))


def section_box(state: MowState, section: int) -> tuple[float, float, float, float]:
    columns, rows = section_grid(state)
    w, h = state.table.width / columns, state.table.height / rows
    col, row = section % columns, section // columns
    return col * w, row * h, w, h


def begin(state: MowState, dice: Dice) -> MowState:
    """Roll the terrain of every section; the first to place it is a random player."""
    columns, rows = section_grid(state)
    counts = []
    table = tables().terrain["features"]
    for section in range(columns * rows):
        roll = dice.d6(f"terrain features in section {section + 1}", SETUP)
        count = int(table[roll])
        dice.judge(f"{count} feature{'s' if count != 1 else ''}")
        counts.append(count)
    state = replace(state, phase=Phase.SETUP, setup_step="terrain", sections=tuple(counts),
                    reserve=state.ships, ships=(), terrain=())
    first = state.sides[0] if dice.d6("who places terrain first", SETUP) <= 3 else state.sides[1]
    dice.judge(state.side_name(first))
    if sum(counts):
        _say(dice, "terrain_first", f"{sum(counts)} terrain features to place; "
             f"{state.side_name(first)} place first", first)
    return replace(state, active=first)


def piece_at(state: MowState, piece: str, section: int, spot: int) -> Terrain | None:
    """The piece placed at that spot of that section, or None where it does not fit."""
    sizes = {p["kind"]: p for p in tables().terrain["pieces"]}
    size = sizes[piece]
    x0, y0, w, h = section_box(state, section)
    dx, dy = SPOTS[spot]
    x, y = x0 + w * (0.5 + dx), y0 + h * (0.5 + dy)
    made = Terrain(f"{piece}-{len(state.terrain) + 1}", piece, x, y, float(size["width"]),
                   float(size["height"]))
    shape = terrain_outline(made)
    if any(not (0 <= px <= state.table.width and 0 <= py <= state.table.height)
           for px, py in shape):
        return None
    if any(overlap(shape, terrain_outline(t)) for t in state.terrain):
        return None
    edge = float(tables().setup["edge"])
    if any(px < edge or px > state.table.width - edge for px, _ in shape):
        return None  # the fleets' own waters stay clear, so that every fleet can be placed
    return made


def place_terrain(state: MowState, dice: Dice, piece: str, section: int, spot: int) -> MowState:
    made = piece_at(state, piece, section, spot)
    assert made is not None
    sections = tuple(n - 1 if i == section else n for i, n in enumerate(state.sections))
    _say(dice, "terrain", f"{state.side_name(state.active)} place {piece} in section "
         f"{section + 1}", state.active)
    return replace(state, terrain=(*state.terrain, made), sections=sections,
                   active=state.other(state.active))


def setup_roll(state: MowState, dice: Dice) -> MowState:
    """The highest roll chooses the east or west side (a tie is rolled again)."""
    for _ in range(50):
        a, b = (dice.d6(f"{state.side_names[i]}: the set-up roll", SETUP, side=side)
                for i, side in enumerate(state.sides))
        if a != b:
            break
    winner = state.sides[0] if a > b else state.sides[1]
    _say(dice, "setup_roll", f"{state.side_name(winner)} win the set-up roll ({max(a, b)} to "
         f"{min(a, b)}): they choose their side and place first", winner)
    return replace(state, setup_step="edge", active=winner, initiative=winner)


def choose_edge(state: MowState, dice: Dice, edge: str) -> MowState:
    other = "east" if edge == "west" else "west"
    edges = (edge, other) if state.active == state.sides[0] else (other, edge)
    _say(dice, "edge", f"{state.side_name(state.active)} set up on the {edge}", state.active)
    # Sea monsters' templates go down after terrain and before the fleets, the winner first
    step = "monsters" if any(not c.placed for c in state.creatures) else "deploy"
    return replace(state, edges=edges, setup_step=step)


def reserve_units(state: MowState, side: str) -> list[str]:
    found: list[str] = []
    for ship in state.reserve:
        unit = ship.squadron or ship.id
        if ship.side == side and unit not in found:
            found.append(unit)
    return found


def _placed(state: MowState, unit: str, y: float) -> list[Ship]:
    """The unit's ships where they would be placed with her centre line at ``y``."""
    ships = [s for s in state.reserve if (s.squadron or s.id) == unit]
    side = ships[0].side
    west = state.edges[state.side_index(side)] == "west"
    x = FROM_EDGE if west else state.table.width - FROM_EDGE
    heading = 2 if west else 6
    order = sorted(ships, key=lambda s: not s.flagship)  # the flagship in the middle
    offsets = (0.0, -COLUMN, COLUMN)
    return [replace(s, x=x, y=y + offsets[i], heading=heading) for i, s in enumerate(order)]


def _span(state: MowState, unit: str) -> float:
    """The inches north to south a unit takes when placed (a squadron in column)."""
    ships = [s for s in state.reserve if (s.squadron or s.id) == unit]
    beam = max(s.card.beam for s in ships)
    return beam + (2 * COLUMN if len(ships) > 1 else 0.0) + 0.1


def _room_left(state: MowState, side: str, units: list[str]) -> bool:
    """Whether ``units`` still fit in the free stretches of the side's waters (first fit,
    the widest unit first)."""
    north_south = float(tables().setup["north_south"])
    taken = sorted((min(p[1] for p in outline(s)), max(p[1] for p in outline(s)))
                   for s in state.ships if s.side == side)
    free, start = [], north_south
    for low, high in taken:
        free.append(low - start)
        start = max(start, high)
    free.append(state.table.height - north_south - start)
    for span in sorted((_span(state, u) for u in units), reverse=True):
        fits = next((i for i, room in enumerate(free) if room >= span), None)
        if fits is None:
            return False
        free[fits] -= span
    return True


def deploy_spots(state: MowState, unit: str) -> list[int]:
    """Where the unit may be placed: each centre line, every inch, that keeps every ship within
    9" of her edge and 9" from north and south, on no ship and no terrain, and leaves room for
    the rest of her fleet."""
    edge = float(tables().setup["edge"])
    north_south = float(tables().setup["north_south"])
    found = []
    for y in range(int(north_south), int(state.table.height - north_south) + 1):
        ships = _placed(state, unit, float(y))
        ok = True
        for ship in ships:
            hull = outline(ship)
            xs = [p[0] for p in hull]
            ys = [p[1] for p in hull]
            west = state.edges[state.side_index(ship.side)] == "west"
            inside = (max(xs) <= edge if west else min(xs) >= state.table.width - edge)
            if not inside or min(ys) < north_south or max(ys) > state.table.height - north_south:
                ok = False
                break
            if any(overlap(hull, outline(s)) for s in state.ships) or any(
                    overlap(hull, terrain_outline(t)) for t in state.terrain):
                ok = False
                break
        if ok:
            side = ships[0].side
            after = replace(state, ships=(*state.ships, *ships))
            rest = [u for u in reserve_units(state, side) if u != unit]
            if _room_left(after, side, rest):
                found.append(y)
    return found


def deploy(state: MowState, dice: Dice, unit: str, y: int) -> MowState:
    ships = _placed(state, unit, float(y))
    ids = {s.id for s in ships}
    names = ", ".join(s.name for s in ships)
    side = ships[0].side
    _say(dice, "deploy", f"{state.side_name(side)} place the {names} on the "
         f"{state.edges[state.side_index(side)]}", side)
    reserve = tuple(s for s in state.reserve if s.id not in ids)
    return replace(state, ships=(*state.ships, *ships), reserve=reserve,
                   active=state.other(side))


def launch_flyers(state: MowState, dice: Dice) -> MowState:
    """Flyers take off last, from their own edge: a unit at a time, 2" in from the edge, in
    the middle of the table and then 4" north and south of it, a squadron's flyers 3" apart
    along the edge (the project's own reading of "deployed ... in squadrons or as
    independents")."""
    if not any(not f.placed for f in state.flyers):
        return state
    placed = list(state.flyers)
    for side in state.sides:
        edge = state.edges[state.side_index(side)]
        x = 2.0 if edge == "west" else state.table.width - 2.0
        heading = 2 if edge == "west" else 6
        units: list[str] = []
        for flyer in state.flyers:
            if flyer.side == side and not flyer.placed and (flyer.squadron or flyer.id) \
                    not in units:
                units.append(flyer.squadron or flyer.id)
        for number, unit in enumerate(units):
            offset = ((number + 1) // 2) * 8.0 * (1 if number % 2 else -1)
            members = [i for i, f in enumerate(placed) if (f.squadron or f.id) == unit]
            for rank, index in enumerate(members):
                y = state.table.height / 2 + offset + (rank - (len(members) - 1) / 2) * 3.0
                placed[index] = replace(placed[index], x=x, y=max(1.0, min(
                    state.table.height - 1.0, y)), heading=heading, placed=True)
        if units:
            _say(dice, "flyers_launched", f"{state.side_name(side)}'s flyers take off from "
                 f"the {edge}ern edge", side)
    return replace(state, flyers=tuple(placed))


def setup_flow(state: MowState, dice: Dice) -> MowState | None:
    """Carry the set-up on; None when a player must choose, else the state after a step."""
    if state.setup_step == "terrain":
        full = [i for i, n in enumerate(state.sections) if n and not any(
            piece_at(state, p["kind"], i, spot) is not None
            for p in tables().terrain["pieces"] for spot in range(len(SPOTS)))]
        if full:
            sections = tuple(0 if i in full else n for i, n in enumerate(state.sections))
            return replace(state, sections=sections)
        if sum(state.sections):
            return None
        from ahoy_tui.rules.man_o_war.scenario import roll_wind

        state = roll_wind(state, dice, state.option("wind", "roll"), "the scenario")
        return setup_roll(state, dice)
    if state.setup_step == "edge":
        return None
    if state.setup_step == "monsters":
        if unplaced(state, state.active):
            return None
        if unplaced(state, state.other(state.active)):
            return replace(state, active=state.other(state.active))
        return replace(state, setup_step="deploy", active=state.initiative)
    if state.setup_step == "deploy":
        if reserve_units(state, state.active):
            return None
        other = state.other(state.active)
        if reserve_units(state, other):
            return replace(state, active=other)
        state = launch_flyers(state, dice)
        _say(dice, "deployed", "Both fleets are placed: the battle begins")
        return replace(state, setup_step="", phase=Phase.INITIATIVE, active="", initiative="")
    return None
