"""Jumping onto a crowded deck (issue 36, item 7): the log and the state agree. Every man the
log says landed on a deck stands on that deck afterwards; a man with no free square to land on
does not jump; with no free square at all, jumping is not offered."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ahoy_tui.engine.dice import Dice, Rng
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks import boarding, crossing
from ahoy_tui.rules.acks.deck import deck_size, lay_decks

from .helpers import battle, vessel

LANDED = ("lands on the deck", "lands short, prone on the deck")


def crowded(free: int, marines: int):
    """A 3-rower alongside a 1-rower whose deck has only ``free`` squares left."""
    a = vessel("a", kind="galley_3", column=15, row=15, facing="N", marines=marines,
               sailors=2)
    b = vessel("b", "p2", kind="galley_1", column=16, row=15, facing="N", marines=0)
    state = lay_decks(battle(a, b))
    length, width = deck_size(state.vessel("b"))
    squares = [(x, y) for x in range(length) for y in range(width)]
    mine = [f for f in state.figures if f.crew_of == "b"]
    taken = {(f.x, f.y) for f in mine if f.where == "deck"}
    fill = [sq for sq in squares if sq not in taken][:max(0, len(squares) - len(taken) - free)]
    extra = tuple(replace(mine[-1], id=f"b:x{i}", name=f"extra {i}", x=x, y=y, where="deck")
                  for i, (x, y) in enumerate(fill))
    return replace(state, figures=(*state.figures, *extra))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(free=st.integers(0, 4), marines=st.integers(1, 15), seed=st.integers(0, 10_000))
def test_every_man_the_log_lands_on_a_deck_stands_on_it(free, marines, seed):
    state = crowded(free, marines)
    events: list[Event] = []
    dice = Dice(Rng(seed, 0), events)
    after = crossing.board(state, "a", "b", "jump", dice, events)
    landed = [e for e in events if isinstance(e, Happened) and e.kind == "jump"
              and e.text.endswith(LANDED)]
    for e in landed:
        name = e.text.split(" lands")[0]
        assert any(f.name == name and f.side == e.side and f.on == e.ship
                   and f.where == "deck" for f in after.figures), e.text
    across = sum(1 for f in after.figures if f.crew_of == "a" and f.on == "b"
                 and f.where == "deck")
    assert across == len(landed) <= free
    summary = next(e.text for e in events if isinstance(e, Happened) and e.kind == "board")
    assert summary.endswith(f"{across} across")
    # nobody stands on a square another holds
    spots = [(f.on, f.x, f.y) for f in after.figures if f.where == "deck" and not f.down]
    assert len(spots) == len(set(spots))


def test_with_no_free_square_on_her_deck_no_jump_is_offered():
    state = crowded(0, 5)
    assert ("b", "jump") not in boarding.crossings(state, state.vessel("a"))
    assert ("b", "jump") in boarding.crossings(crowded(1, 5), state.vessel("a"))
