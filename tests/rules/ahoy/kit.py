"""A small kit for Ahoy! rules tests: build a position, play actions with forced dice."""

from __future__ import annotations

from typing import Any

from ahoy_tui.engine import Game, forced
from ahoy_tui.engine.events import DiceRoll, Happened
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.model import AhoyState, Phase


def ship(id: str, side: str, *, size: str = "medium", x: float = 36, y: float = 24,
         heading: str = "E", speed: int = 8, crew: dict[str, int] | None = None,
         guns: list[tuple[str, str]] | None = None, captain: bool = True,
         **extra: Any) -> dict[str, Any]:
    """One ship's scenario entry. ``guns`` is a list of (weapon, mount)."""
    data: dict[str, Any] = {
        "id": id, "name": id.replace("_", " ").title(), "side": side, "size": size,
        "x": x, "y": y, "heading": heading, "speed": speed,
        "crew": crew if crew is not None else {"sailor": 10},
        "guns": [{"weapon": w, "mount": m} for w, m in (guns or [])],
        "captain": captain,
    }
    data.update(extra)
    return data


def scenario(*ships: dict[str, Any], wind: str = "S", weather: str = "normal",
             wind_changes: bool = False, turn_limit: int = 12,
             terrain: list[dict[str, Any]] | None = None,
             wrecks: bool = True) -> dict[str, Any]:
    """A scenario with fixed wind (blowing toward ``wind``) and no wind changes by default."""
    return {
        "terrain": terrain or [],
        "name": "test", "title": "Test", "description": "A position for a rules test.",
        "options": {"wind": wind, "weather": weather, "wind_changes": wind_changes,
                    "turn_limit": turn_limit, "wrecks": wrecks},
        "sides": [{"id": "p1", "name": "Empire"}, {"id": "p2", "name": "Pirates"}],
        "ships": list(ships),
    }


def new_game(*ships: dict[str, Any], seed: int = 1, **options: Any) -> Game:
    return Game.new("ahoy", scenario_data=scenario(*ships, **options), seed=seed)


def act(game: Game, action: Any, *dice: int | str) -> tuple[Any, ...]:
    """Play an action with these dice forced (all of them must be rolled)."""
    with forced(*dice):
        return game.play(action)


def play(game: Game, action: Any, *dice: int | str) -> tuple[Any, ...]:
    """Play ``action`` with exactly these dice: every one rolled, none left to chance."""
    events = act(game, action, *dice)
    used = sum(len(r.faces) for r in rolls(events))
    assert used == len(dice), [(r.purpose, r.faces) for r in rolls(events)]
    return events


def rolls(events: tuple[Any, ...]) -> list[DiceRoll]:
    return [e for e in events if isinstance(e, DiceRoll)]


def happened(events: tuple[Any, ...], kind: str) -> list[Happened]:
    return [e for e in events if isinstance(e, Happened) and e.kind == kind]


def state(game: Game) -> AhoyState:
    s = game.state
    assert isinstance(s, AhoyState)
    return s


def to_movement(game: Game, *dice: int | str) -> tuple[Any, ...]:
    """End the active side's orders (fires, swimmers and drift may roll ``dice``)."""
    assert state(game).phase == Phase.ORDERS
    return act(game, a.EndOrders(), *dice)


def pass_turn(game: Game) -> None:
    """Let the side to act do nothing more this turn (only for quiet positions)."""
    side = state(game).active
    while state(game).active == side and not game.over:
        legal = list(game.legal_actions())
        for finish in (a.EndOrders(), a.EndMovement(), a.EndShooting()):
            if finish in legal:
                game.play(finish)
                break
        else:
            raise AssertionError(f"cannot pass: {game.prompt()} {legal[:5]}")


def until_turn_of(game: Game, side: str) -> None:
    """Pass every turn until ``side``'s next turn begins (its orders phase)."""
    start = state(game).player_turn
    while not (state(game).active == side and state(game).phase == Phase.ORDERS
               and state(game).player_turn > start):
        pass_turn(game)
