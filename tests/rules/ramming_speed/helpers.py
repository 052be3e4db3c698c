"""Small battles for the Ramming Speed! tests: galleys where the test wants them, their crews,
a state, a dice cup, and a whole game from scenario data (for refusals through the engine)."""

from __future__ import annotations

from typing import Any

from ahoy_tui.engine.dice import Dice, Rng
from ahoy_tui.engine.events import DiceRoll, Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.game import Game
from ahoy_tui.rules.ramming_speed.model import Band, Galley, Man, RSState
from ahoy_tui.rules.ramming_speed.tables import tables


def galley(gid: str, side: str = "p1", x: float = 36.0, y: float = 24.0,
           heading: float = 0.0, kind: str = "trireme", **fields: Any) -> Galley:
    """A galley of ``kind`` at full complement (five oar sections a side for a trireme),
    a fresh crew (12 energy, 5.0), hove-to unless told."""
    t = tables().galley(kind)
    made = Galley(id=gid, side=side, name=gid.capitalize(), kind=kind, x=x, y=y,
                  heading=heading, length=t.length, beam=t.beam, oars=(t.oars, t.oars),
                  full_oars=t.oars, energy=int(tables()["energy"]["fresh"]),
                  sail_only=t.sail_only)
    return replace(made, **fields) if fields else made


def crew(ship: Galley | str, **ranks: int) -> tuple[Man, ...]:
    """Men of a galley standing aboard her; with no ranks given, her kind's crew."""
    sid = ship if isinstance(ship, str) else ship.id
    if not ranks:
        kind = "trireme" if isinstance(ship, str) else ship.kind
        ranks = dict(tables().galley(kind).crew)
    return tuple(Man(f"{sid}-{rank[:3]}{n + 1}", rank, sid, sid, "middle")
                 for rank, count in ranks.items() for n in range(count))


def battle(*ships: Galley, men: tuple[Man, ...] | None = None, **fields: Any) -> RSState:
    """A state with these galleys; their kinds' crews aboard unless ``men`` is given."""
    if men is None:
        men = tuple(m for s in ships for m in crew(s))
    return RSState(ruleset="ramming-speed", scenario="test", rng=Rng(1, 0), ships=ships,
                   men=men, to_act="p1", **fields)


def cup() -> tuple[Dice, list[Event]]:
    events: list[Event] = []
    return Dice(Rng(7, 0), events), events


def said(events: list[Event] | tuple[Event, ...], kind: str) -> list[str]:
    return [e.text for e in events if isinstance(e, Happened) and e.kind == kind]


def rolls(events: list[Event] | tuple[Event, ...]) -> list[DiceRoll]:
    return [e for e in events if isinstance(e, DiceRoll)]


def ship_data(side: str, x: float, y: float, heading: str | float = "N", **more: Any
              ) -> dict[str, Any]:
    return {"side": side, "x": x, "y": y, "heading": heading, **more}


def game(*ships: dict[str, Any], wind: tuple[str, str] = ("calm", "N"), turns: int = 12,
         seed: int = 1, **extra: Any) -> Game:
    """A battle through the engine from scenario data (``ship_data`` rows)."""
    data: dict[str, Any] = {
        "name": "test", "title": "Test", "turns": turns,
        "table": {"width": 72, "height": 48},
        "wind": {"strength": wind[0], "from": wind[1]},
        "sides": [{"name": "Rome", "home": "S"}, {"name": "Greeks", "home": "N"}],
        "ships": list(ships), **extra}
    return Game.new("ramming-speed", scenario_data=data, seed=seed)


def moving(band: Band) -> str:
    return band.words


def write(game: Game, ship: str, band: str, moves: str, rake: bool = False) -> None:
    """The side to act writes one galley's orders (2.0)."""
    from ahoy_tui.rules.ramming_speed.actions import WriteOrders

    side = game.state.ship(ship).side  # type: ignore[attr-defined]
    game.play(WriteOrders(side, ship, band, moves, rake))


def seal(game: Game) -> None:
    from ahoy_tui.rules.ramming_speed.actions import SealOrders

    assert game.to_act is not None
    game.play(SealOrders(game.to_act))


def orders_turn(game: Game, orders: dict[str, tuple[str, str]] | None = None) -> None:
    """Every side writes ``orders`` (ship -> (band, letters)) for its galleys and seals; any
    galley not named carries on (default orders). Ends when the orders are revealed."""
    from ahoy_tui.rules.ramming_speed.model import Phase

    orders = orders or {}
    turn = game.state.turn  # type: ignore[attr-defined]
    while game.state.phase is Phase.ORDERS and game.state.turn == turn \
            and not game.over:  # type: ignore[attr-defined]
        side = game.to_act
        for ship, (band, moves) in orders.items():
            if game.state.ship(ship).side == side:  # type: ignore[attr-defined]
                write(game, ship, band, moves)
        seal(game)


def rest_of_turn(game: Game) -> None:
    """Every side passes through the turn's remaining phases to the next orders."""
    from ahoy_tui.rules.ramming_speed.actions import PhaseDone
    from ahoy_tui.rules.ramming_speed.model import Phase

    while not game.over and game.state.phase is not Phase.ORDERS:  # type: ignore[attr-defined]
        assert game.to_act is not None
        game.play(PhaseDone(game.to_act))


def play_turn(game: Game, orders: dict[str, tuple[str, str]] | None = None) -> None:
    orders_turn(game, orders)
    rest_of_turn(game)
