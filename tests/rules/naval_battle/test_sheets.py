"""The secret sheets of Naval Battle Rules: sealing in turn, hiding before the reveal, and
sheets refused with the rule that forbids them."""

from __future__ import annotations

import json

import pytest

from ahoy_tui.engine import Game, IllegalAction
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.orders import SPECTATOR
from ahoy_tui.engine.serialize import state_to_data
from ahoy_tui.rules.naval_battle.actions import DeclareSpeed, GiveOrders
from ahoy_tui.rules.naval_battle.legal import plain_orders
from ahoy_tui.rules.naval_battle.model import (
    BOARDING,
    GUNS,
    PORT,
    SNIPERS,
    SPEED,
    STARBOARD,
    STEADY,
    Phase,
)


def declared(seed: int = 3, p1: str = "up", p2: str = "hold") -> Game:
    game = Game.new("naval-battle", "duel", seed=seed)
    game.play(DeclareSpeed("p1", (("eagle", p1),)))
    game.play(DeclareSpeed("p2", (("grudgebearer", p2),)))
    return game


def test_declarations_are_sealed_in_turn_and_shown_together() -> None:
    game = Game.new("naval-battle", "duel", seed=3)
    assert game.state.phase == Phase.DECLARE and game.to_act == "p1"
    events = game.play(DeclareSpeed("p1", (("eagle", "down"),)))
    assert [e.text for e in events] == ["The Asur: speed declarations sealed"]
    assert game.to_act == "p2"
    seen = game.view("p2")
    assert seen.declared.get("p1") is None and seen.declared.has_sealed("p1")  # type: ignore[attr-defined]
    assert "down" not in json.dumps(state_to_data(seen))
    events = game.play(DeclareSpeed("p2", (("grudgebearer", "up"),)))
    texts = [e.text for e in events]
    assert "Speed declarations revealed" in texts
    assert "Eagle of Lothern slows down" in texts and "Grudgebearer speeds up" in texts
    assert game.state.phase == Phase.ORDERS and game.to_act == "p1"  # type: ignore[attr-defined]
    assert dict(game.view("p2").speeds_shown)["eagle"] == "down"  # type: ignore[attr-defined]


def test_sealed_orders_are_hidden_from_the_opponent_and_spectators_until_revealed() -> None:
    game = declared()
    eagle = game.state.ship("eagle")  # type: ignore[attr-defined]
    orders = replace(plain_orders(eagle, "up", PORT), maneuvers=(PORT, PORT, STARBOARD))
    game.play(GiveOrders("p1", (orders,)))
    assert game.to_act == "p2"
    for viewer in ("p2", SPECTATOR):
        view = game.view(viewer)
        assert view.orders.get("p1") is None  # type: ignore[attr-defined]
        assert view.orders.sealed_by == ("p1",)  # type: ignore[attr-defined]
        text = json.dumps(state_to_data(view))
        assert "fire_team" not in text and "casualties" not in text  # no ShipOrders at all
    assert game.view("p1").orders.get("p1").ships == (orders,)  # type: ignore[attr-defined]


def test_a_sheet_that_does_not_deal_every_chit_is_refused_and_changes_nothing() -> None:
    game = declared()
    eagle = game.state.ship("eagle")  # type: ignore[attr-defined]
    orders = plain_orders(eagle, "up")
    short = replace(orders, assign=orders.assign[1:])
    before = game.state
    with pytest.raises(IllegalAction) as refused:
        game.play(GiveOrders("p1", (short,)))
    assert refused.value.rule == "Crew Assignments" and "deal every chit" in refused.value.reason
    assert game.state is before


@pytest.mark.parametrize(("change", "assign", "maneuvers", "rule", "words"), [
    ("hold", (("speed", "elf", 2),), None, "Changing speed", "holds her speed"),
    ("up", (("guns", "sharp_shooter", 2),), None, "Specialists", "works only snipers"),
    ("up", None, (STEADY, STEADY), "Ordering Maneuvers", "all 3 maneuver tokens"),
    ("up", None, (STEADY, "ahead", STEADY), "Ordering Maneuvers", "port, steady or starboard"),
])
def test_each_rule_of_the_sheet_is_named_when_it_refuses(
        change: str, assign: tuple[tuple[str, str, int], ...] | None,
        maneuvers: tuple[str, ...] | None, rule: str, words: str) -> None:
    game = declared(p1=change)
    eagle = game.state.ship("eagle")  # type: ignore[attr-defined]
    orders = plain_orders(eagle, "up" if change == "hold" else change)
    if assign is not None:  # move the named chits onto the named box, keeping the count
        station, kind, count = assign[0]
        rest = [list(a) for a in orders.assign]
        for entry in rest:
            if entry[1] == kind and entry[0] != station and count:
                take = min(count, int(entry[2]))
                entry[2] = int(entry[2]) - take
                count -= take
        orders = replace(orders, assign=(*((s, k, int(n)) for s, k, n in rest if n), assign[0]))
    if maneuvers is not None:
        orders = replace(orders, maneuvers=maneuvers)
    with pytest.raises(IllegalAction) as refused:
        game.play(GiveOrders("p1", (orders,)))
    assert refused.value.rule == rule
    assert words in refused.value.reason


def test_only_the_side_to_seal_may_seal() -> None:
    game = Game.new("naval-battle", "duel", seed=3)
    with pytest.raises(IllegalAction) as refused:
        game.play(DeclareSpeed("p2", (("grudgebearer", "up"),)))
    assert refused.value.rule == "The Turn Sequence"
    with pytest.raises(IllegalAction):
        game.play(GiveOrders("p1", ()))  # orders are not wanted while declaring


@pytest.mark.parametrize("change", ["up", "hold", "down"])
def test_every_example_sheet_is_accepted(change: str) -> None:
    game = declared(p1=change, p2="down")  # the Eagle has a Sailor: on Speed only if she may
    legal = game.legal_actions()
    form = legal.form(GiveOrders)
    assert form is not None and len(form.examples) == 3
    for example in form.examples:
        assert example in legal
    kinds = {m for e in form.examples for o in e.ships for m in o.maneuvers}
    assert kinds == {PORT, STEADY, STARBOARD}


def test_the_example_sheet_pays_its_turn_and_deals_the_rest() -> None:
    game = declared(p1="up")
    eagle = game.state.ship("eagle")  # type: ignore[attr-defined]
    orders = plain_orders(eagle, "up", PORT)
    boxes: dict[str, int] = {}
    for station, _, count in orders.assign:
        boxes[station] = boxes.get(station, 0) + count
    assert boxes["maneuvers"] == 3  # 10% of 30
    assert boxes[SPEED] == 3  # 2 chits and the Sailor
    assert boxes[SNIPERS] >= 2 and boxes[GUNS] > 0 and boxes[BOARDING] > 0
    assert sum(boxes.values()) == eagle.chits


def test_the_example_sheet_teams_up_a_crew_that_cannot_fight_fire_alone() -> None:
    state = declared().state
    assert plain_orders(state.ship("eagle"), "up").fire_team == 2  # type: ignore[attr-defined]
    assert plain_orders(state.ship("grudgebearer"), "up").fire_team == 1  # type: ignore[attr-defined]
