"""Sailing (3.1-3.4): the wind, rolled at the start and every fifth turn, and the sail raised
or lowered in maintenance over two moves with a sailor in charge, three without."""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import HEADING_NAMES
from ahoy_tui.rules.ramming_speed.model import Galley, RSState, Sail, Wind
from ahoy_tui.rules.ramming_speed.tables import tables

WIND = "3.1 Sailing"
SAIL_WORK = "3.4 Sailing"
WORDS = {"calm": "calm", "light": "a light breeze", "breeze": "a breeze"}


def wind_words(wind: Wind) -> str:
    if wind.strength == "calm":
        return "calm"
    frm = HEADING_NAMES[round(((wind.toward + 180) % 360) / 45) % 8]
    return f"{WORDS[wind.strength]} from the {frm}"


ARROWS = "↑↗→↘↓↙←↖"  # the way the wind blows, as the map draws it (``view.scene``'s wind)


def header_words(wind: Wind) -> str:
    """The header's wind: a word of its strength and the way it blows, as on the map
    (``light ↘``), then the rules' words in brackets (``a light breeze from the north-west``),
    which the header drops first at 80 columns: with the maintenance phase and both sides'
    points in two figures, the whole words left no room for the score."""
    if wind.strength == "calm":
        return "calm"
    return (f"{wind.strength} {ARROWS[round(wind.toward / 45) % 8]} "
            f"({wind_words(wind)})")


def roll_strength(dice: Dice) -> str:
    face = dice.d6("wind strength", WIND)
    strength = str(tables()["wind"]["strength"][str(face)])
    dice.judge(WORDS[strength])
    return strength


def roll_direction(dice: Dice) -> float:
    """The wind's direction: a D8 for the eight points it blows from (the project's reading
    of "randomly determine")."""
    face = dice.die(8, "wind direction (blowing from)", WIND)
    frm = (face - 1) * 45.0
    dice.judge(f"from the {HEADING_NAMES[face - 1]}")
    return (frm + 180) % 360


def first_wind(dice: Dice) -> Wind:
    return Wind(roll_strength(dice), roll_direction(dice))


def wind_check(state: RSState, dice: Dice, events: list[Event]) -> RSState:
    """Every fifth turn a D6: 5 the strength changes, 6 strength and direction (3.1)."""
    rules = tables()["wind"]
    if state.turn % rules["every"]:
        return state
    face = dice.d6("has the wind changed?", WIND)
    wind = state.wind
    if face == rules["change_both"]:
        dice.judge("strength and direction change")
        wind = Wind(roll_strength(dice), roll_direction(dice))
    elif face == rules["change_strength"]:
        dice.judge("the strength changes")
        wind = replace(wind, strength=roll_strength(dice))
    else:
        dice.judge("no change")
        return state
    events.append(Happened("wind", f"The wind: {wind_words(wind)}", WIND, big=True))
    return replace(state, wind=wind)


def hands(state: RSState, ship: Galley) -> tuple[int, bool]:
    """Fit men of hers aboard her for the sail, and whether a sailor is among them."""
    men = [m for m in state.men if m.ship == ship.id and m.aboard == ship.id
           and not m.wounded(state.turn) and m.rested <= state.turn]
    return len(men), any(m.rank == "sailor" for m in men)


def can_set_sail(state: RSState, ship: Galley) -> bool:
    """Whether two men may begin raising or lowering her sail (3.4); a sail is not raised in
    a calm, where it would carry her nowhere (3.1: 1 calm)."""
    if ship.sail is Sail.STOWED and state.wind.strength == "calm":
        return False
    return ship.has_sail and ship.sail in (Sail.STOWED, Sail.UP) and hands(state, ship)[0] >= 2


def set_sail(state: RSState, ship_id: str, up: bool, events: list[Event]) -> RSState:
    """Begin the work: it takes effect this maintenance and ends after two moves (three with
    no sailor): the sail works only once fully up, and until fully stowed (3.4)."""
    ship = state.ship(ship_id)
    _, sailor = hands(state, ship)
    rules = tables()["sail"]
    moves = rules["moves_with_sailor"] if sailor else rules["moves_without"]
    ship = replace(ship, sail=Sail.RAISING if up else Sail.LOWERING, sail_work=moves + 1)
    events.append(Happened("sail_work", f"{ship.name} begins to {'raise' if up else 'lower'} "
                           f"her sail ({moves} moves)", SAIL_WORK, side=ship.side,
                           ship=ship_id))
    return replace(state.with_ship(ship), acted=(*state.acted, ship_id))


def sail_work(state: RSState, events: list[Event]) -> RSState:
    """Each maintenance the work goes on; done, the sail is up or stowed."""
    for ship in state.ships:
        if not ship.afloat or ship.sail not in (Sail.RAISING, Sail.LOWERING):
            continue
        left = ship.sail_work - 1
        if left > 0:
            state = state.with_ship(replace(ship, sail_work=left))
            continue
        up = ship.sail is Sail.RAISING
        state = state.with_ship(replace(ship, sail=Sail.UP if up else Sail.STOWED,
                                        sail_work=0))
        events.append(Happened("sail_done", f"{ship.name}'s sail is "
                               f"{'fully hoisted' if up else 'lowered and stowed'}",
                               SAIL_WORK, side=ship.side, ship=ship.id))
    return state
