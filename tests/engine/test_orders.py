"""Sealed orders (engine/orders.py) and order forms (engine/legal.py OrderForm)."""

from __future__ import annotations

import pytest
from attrs import frozen

from ahoy_tui.engine.events import DiceRoll
from ahoy_tui.engine.legal import LegalActions, OrderForm
from ahoy_tui.engine.orders import (
    SPECTATOR,
    Sealed,
    is_secret,
    orders_revealed,
    revealed_event,
    reveals,
    sealed_event,
)
from ahoy_tui.engine.serialize import converter


@frozen
class Sheet:
    text: str


def test_a_side_sees_its_own_orders_and_only_that_the_others_sealed() -> None:
    env = Sealed[Sheet]().seal("p1", Sheet("port, port")).seal("p2", Sheet("starboard"))
    mine = env.hidden_from("p1")
    assert mine.get("p1") == Sheet("port, port")
    assert mine.get("p2") is None
    assert mine.sealed_by == ("p1", "p2")
    assert mine.complete(("p1", "p2"))
    watcher = env.hidden_from(SPECTATOR)
    assert watcher.entries == ()
    assert set(watcher.sealed_by) == {"p1", "p2"}
    assert "port" not in str(converter.unstructure(watcher))


def test_sealing_twice_is_refused_and_completion_waits_for_every_side() -> None:
    env = Sealed[Sheet]().seal("p1", Sheet("a"))
    assert not env.complete(("p1", "p2"))
    with pytest.raises(ValueError, match="already sealed"):
        env.seal("p1", Sheet("b"))
    with pytest.raises(ValueError, match="already sealed"):
        env.hidden_from("p2").seal("p1", Sheet("b"))  # hidden sheets still count as sealed


def test_the_events_of_sealing_say_who_not_what() -> None:
    event = sealed_event("p2", "The Dawi", "orders", "The Orders Phase")
    assert event.text == "The Dawi: orders sealed" and event.side == "p2"
    assert revealed_event("orders", "The Orders Phase").big


def test_an_order_form_accepts_what_its_test_accepts_and_lists_its_examples() -> None:
    good = Sheet("steady")
    form = OrderForm(Sheet, "p1", lambda s: s.text in ("steady", "port"), (good,), "orders")
    legal = LegalActions(forms=[form])
    assert Sheet("port") in legal and Sheet("starboard") not in legal
    assert "steady" not in legal  # another type is never in a form
    assert list(legal) == [good] and len(legal) == 1 and legal[0] == good
    assert legal.form(Sheet) is form and legal.form(str) is None
    assert bool(LegalActions(forms=[OrderForm(Sheet, "p1", lambda s: True)]))
    refused_example = OrderForm(Sheet, "p1", lambda s: s.text == "port", (Sheet("aft"),))
    assert list(LegalActions(forms=[refused_example])) == []  # never offered, never legal
    assert Sheet("aft") not in LegalActions(forms=[refused_example])


def test_is_secret_asks_the_ruleset() -> None:
    class Secretive:
        def secret_action(self, action: object) -> bool:
            return isinstance(action, Sheet)

    assert is_secret(Secretive(), Sheet("x")) and not is_secret(Secretive(), "x")
    assert not is_secret(object(), Sheet("x"))


def test_a_die_rolled_reveals_no_orders_though_a_strict_undo_stops_at_it() -> None:
    die = DiceRoll("D6", (4,), 4, "wind direction", "Wind Direction")
    sealed = sealed_event("p1", "The Asur", "orders", "The Orders Phase")
    turned_over = revealed_event("orders", "The Orders Phase")
    assert reveals([die]) and not orders_revealed([die, sealed])
    assert orders_revealed([sealed, turned_over]) and reveals([turned_over])
