"""Over random boardings the log and the state agree (issue 37): boarders the log sends home
are at home, those it sends to a friend are aboard her, those it takes prisoner are gone, and
no man stands on a deck he could not be on. Dice are random (the property is over them too)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ahoy_tui.engine.dice import Dice, Rng
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.rules.ramming_speed import melee
from ahoy_tui.rules.ramming_speed.model import SECTIONS, Grapple, Man, RSState, Status

from .crews import battle, galley

RANKS = ("captain", "marine", "marine", "archer", "sailor", "admiral")
PROPERTY = settings(max_examples=120, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def boardings(draw: st.DrawFn) -> RSState:
    """b (p2) boarded by a's men and perhaps c's (p1); a perhaps lost; c perhaps held fast to
    b; some of b's men on a's deck too."""
    a = galley("a", "p1", x=20, y=20,
               status=draw(st.sampled_from([Status.AFLOAT, Status.CAPTURED, Status.SUNK,
                                            Status.GONE])))
    b = galley("b", "p2", x=23, y=20, boarding_turns=draw(st.integers(0, 3)))
    c = galley("c", "p1", x=26, y=20)
    men: list[Man] = []
    for n, (rank, section, ship) in enumerate(draw(st.lists(st.tuples(
            st.sampled_from(RANKS), st.sampled_from(SECTIONS), st.sampled_from(["a", "c"])),
            min_size=1, max_size=8))):
        men.append(Man(f"{ship}-x{n}", rank, ship, "b", section))
    for n, (rank, section) in enumerate(draw(st.lists(st.tuples(
            st.sampled_from(RANKS), st.sampled_from(SECTIONS)), min_size=0, max_size=8))):
        men.append(Man(f"b-d{n}", rank, "b", "b", section))
    for n, rank in enumerate(draw(st.lists(st.sampled_from(RANKS), max_size=3))):
        men.append(Man(f"c-h{n}", rank, "c", "c", "stern"))
    grapples = [Grapple("a", "b", lines=2)] if a.afloat else []
    if draw(st.booleans()):
        grapples.append(Grapple("c", "b", lines=2))
    return battle(a, b, c, men=tuple(men), grapples=tuple(grapples))


def repelled(events: list[Event]) -> list[Happened]:
    return [e for e in events if isinstance(e, Happened) and e.kind == "repelled"]


@PROPERTY
@given(state=boardings(), seed=st.integers(0, 2**32 - 1))
def test_the_log_and_the_state_agree_over_random_boardings(state: RSState, seed: int) -> None:
    events: list[Event] = []
    dice = Dice(Rng(seed, 0), events)
    fought = melee.melee(state, dice, events)
    before = {m.id: m for m in fought.men}
    log: list[Event] = []
    after = melee.boarding_morale(fought, Dice(dice.rng, log), log)
    now = {m.id: m for m in after.men}
    for line in repelled(log):
        deck = line.ship
        assert deck is not None
        for mid, m in before.items():
            if m.aboard != deck or after.ship(m.ship).side == after.ship(deck).side:
                continue
            mine = after.ship(m.ship).name
            if mid not in now:
                assert "taken prisoner" in line.text and mine in line.text
            elif now[mid].aboard == m.ship:
                assert f"{mine}'s" in line.text and "back to their own ship" in line.text
                assert after.ship(m.ship).afloat
            else:
                friend = after.ship(now[mid].aboard)
                assert f"{mine}'s" in line.text and f"to {friend.name}" in line.text
                assert friend.afloat and friend.side == after.ship(m.ship).side
        assert not any(m.aboard == deck and after.ship(m.ship).side != after.ship(deck).side
                       for m in after.men), "boarders the log sent away are still there"
    for m in after.men:   # nobody stands on a galley that is gone, sunk or captured...
        deck_ship = after.ship(m.aboard)
        if not deck_ship.afloat:
            # ...but a prize crew the log names, on the prize they took
            assert deck_ship.status is Status.CAPTURED
            assert any(isinstance(e, Happened) and e.kind == "prize_crew"
                       and e.ship == deck_ship.id for e in [*events, *log])
