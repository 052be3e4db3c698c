"""A boarding you command (issue 36, item 9): you choose how many of her boarding party set
out, the nearest the crossing first; the rest stay aboard. A number out of reach is refused
naming the rule, and nothing changes."""

from __future__ import annotations

import pytest

from ahoy_tui.engine import IllegalAction, apply
from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks.actions import Board
from ahoy_tui.rules.acks.crossing import party
from ahoy_tui.rules.acks.deck import lay_decks
from ahoy_tui.rules.acks.legal import explain, legal
from ahoy_tui.rules.acks.model import Actor, Phase

from .helpers import battle, vessel


def side_by_side(marines=6, sailors=15):
    a = vessel("a", kind="galley_3", column=15, row=15, facing="N", marines=marines,
               sailors=sailors)
    b = vessel("b", "p2", kind="galley_2", column=16, row=15, facing="N")
    state = lay_decks(battle(a, b))
    actor = Actor("a:crew", "a", "p1", "crew", 3, 3)
    return replace(state, phase=Phase.COUNTS, count=3, actors=(actor,), to_act="p1")


def test_how_many_go_is_offered_from_one_to_the_whole_party():
    state = side_by_side()
    offered = legal(state)
    assert Board("p1", "a", "b", "jump", run=True) in offered            # the whole party
    assert Board("p1", "a", "b", "jump", run=True, men=1) in offered
    assert Board("p1", "a", "b", "jump", run=True, men=5) in offered
    assert Board("p1", "a", "b", "jump", run=True, men=6) not in offered
    assert len(party(state, state.vessel("a"))) == 6


def test_only_the_men_sent_go_and_the_rest_stay_aboard():
    state = side_by_side(marines=0, sailors=15)             # no marines: her sailors board
    before = {f.id for f in state.figures if f.crew_of == "a" and f.on == "a"
              and f.where == "deck"}
    # two jump (a d6 and the landing save each), stationary alongside: 15'
    with forced(6, 20, 6, 20):
        state2, _ = apply(state, Board("p1", "a", "b", "jump", run=True, men=2))
    across = [f for f in state2.figures if f.crew_of == "a" and f.on == "b"]
    assert len(across) == 2
    home = [f for f in state2.figures if f.crew_of == "a" and f.on == "a"
            and f.where == "deck"]
    assert len(home) == len(before) - 2
    assert any(f.role == "captain" for f in home)
    assert sum(1 for f in home if f.role == "sailor") == 13


def test_sending_more_than_the_party_is_refused_naming_the_rule():
    state = side_by_side()
    act = Board("p1", "a", "b", "jump", run=True, men=9)
    rule, why = explain(state, act)
    assert rule == "Boarding actions" and "6 men" in why
    with pytest.raises(IllegalAction) as refused:
        apply(state, act)
    assert refused.value.rule == "Boarding actions"


def test_a_jump_no_man_of_hers_could_clear_is_not_offered():
    """Played at 80x24: "board Gull jumping across" was offered across a 30' gap (the Gull
    under way) that no marine of DEX 10 in armour could clear even on a 6, and would have done
    nothing. Alongside and still (15') it is offered; under way (30') it is not."""
    from ahoy_tui.rules.acks.crossing import can_leap
    from ahoy_tui.rules.acks.model import Declared

    state = side_by_side()
    assert can_leap(state, "a", "b")
    assert Board("p1", "a", "b", "jump", run=True) in legal(state)
    moving = replace(state, vessels=tuple(replace(v, declared=Declared("oar", 120))
                                          if v.id == "b" else v for v in state.vessels))
    assert not can_leap(moving, "a", "b")
    assert not any(getattr(a, "by", "") == "jump" for a in legal(moving))
