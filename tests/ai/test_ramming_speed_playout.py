"""The Ramming Speed! hard captain's playouts and the normal captain's deck judgement: what a
position is worth, boarding when the fight favours it and not otherwise, the captain kept
aboard when his men can do without him, the best-played choice taken, and no oar rake
announced at a ship with no oars."""

from __future__ import annotations

import pytest

from ahoy_tui.ai import plan_search
from ahoy_tui.ai.captain import Decision, make_captain
from ahoy_tui.ai.ramming_speed import playout
from ahoy_tui.ai.ramming_speed.helmsman import expected, ranked_plans
from ahoy_tui.engine import get_ruleset, legal_actions
from ahoy_tui.engine.dice import Rng
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.ramming_speed.actions import Board, PhaseDone, WriteOrders
from ahoy_tui.rules.ramming_speed.helm import default_orders
from ahoy_tui.rules.ramming_speed.model import (
    Band,
    Galley,
    Grapple,
    Man,
    Phase,
    RSState,
    ShipOrders,
    Status,
)
from ahoy_tui.rules.ramming_speed.tables import tables

RULES = get_ruleset("ramming-speed")


def galley(gid: str, side: str, *, kind: str = "trireme", x: float, y: float, heading: float,
           band: Band = Band.HOVE_TO) -> Galley:
    k = tables().galley(kind)
    return Galley(id=gid, side=side, name=gid.title(), kind=k.id, x=x, y=y, heading=heading,
                  length=k.length, beam=k.beam, oars=(k.oars, k.oars), full_oars=k.oars,
                  energy=12, towers=k.towers, sail_only=k.sail_only, value=k.value, band=band,
                  home=180.0 if side == "p1" else 0.0)


def crew(ship: str, *ranks_at: tuple[str, str]) -> tuple[Man, ...]:
    """Men of ``ship`` standing aboard her, as (rank, section) pairs."""
    return tuple(Man(f"{ship}-{rank[:3]}{n}", rank, ship, ship, section)
                 for n, (rank, section) in enumerate(ranks_at))


def battle(*ships: Galley, men: tuple[Man, ...], phase: Phase,
           grapples: tuple[Grapple, ...] = ()) -> RSState:
    ships = tuple(replace(s, start_men=sum(1 for m in men if m.ship == s.id)) for s in ships)
    return RSState(ruleset="ramming-speed", scenario="test", rng=Rng(11), ships=ships,
                   men=men, grapples=grapples, phase=phase, to_act="p1")


def alongside(ours: tuple[tuple[str, str], ...], theirs: tuple[tuple[str, str], ...]
              ) -> RSState:
    """Galley ``a`` (p1) holding ``b`` (p2) fast with her lines, in the boarding phase."""
    a = galley("a", "p1", x=20.0, y=20.0, heading=0.0)
    b = galley("b", "p2", x=21.3, y=20.0, heading=0.0)
    return battle(a, b, men=crew("a", *ours) + crew("b", *theirs),
                  grapples=(Grapple("a", "b", lines=6),), phase=Phase.BOARD)


MANY = (("captain", "stern"), *[("marine", "bow")] * 4, *[("marine", "middle")] * 4,
        ("sailor", "stern"))
FEW = (("captain", "middle"), ("sailor", "bow"))


def test_worth_counts_victory_points_men_and_water():
    state = alongside(MANY, FEW)
    base = playout.worth(state, "p1")
    assert base == pytest.approx(playout.MAN * (10 - 2))
    assert playout.worth(state, "p2") == pytest.approx(-base)
    b = state.ship("b")
    taken = state.with_ship(replace(b, status=Status.CAPTURED))
    assert playout.worth(taken, "p1") == pytest.approx(base + b.value * 3 // 2)
    flooded = state.with_ship(replace(b, holed=True, loads=2))
    assert playout.worth(flooded, "p1") == pytest.approx(base + 2 * playout.LOAD)
    over = replace(state, over=True, winner="p2")
    assert playout.worth(over, "p1") == -playout.WON


def test_a_playout_is_played_on_the_captains_own_dice():
    state = alongside(MANY, FEW)
    board = Board("p1", "a", "b", officers=False)
    worths = [playout.play_out(state, board, "p1", seed) for seed in range(8)]
    assert len(set(worths)) > 1                      # the seed is the dice
    assert sum(worths) / len(worths) > playout.worth(state, "p1")  # ten against two
    # the game's own dice (the state's seed) play no part: the same seed, the same playout
    other_dice = replace(state, rng=Rng(999, 40))
    assert [playout.play_out(other_dice, board, "p1", seed) for seed in range(8)] == worths


@pytest.mark.parametrize("ours, theirs, boards", [(MANY, FEW, True), (FEW, MANY, False)])
def test_the_hard_captain_boards_only_when_the_fight_favours_her(ours, theirs, boards):
    state = alongside(ours, theirs)
    legal = legal_actions(state)
    assert any(isinstance(a, Board) for a in legal)
    decision = make_captain("hard", 3).decide(RULES.view(state, "p1"), legal)
    assert isinstance(decision.action, Board) is boards
    if not boards:
        assert isinstance(decision.action, PhaseDone)


def test_the_normal_captain_keeps_his_officers_aboard_when_his_men_need_no_help():
    state = alongside(MANY, FEW)
    decision = make_captain("normal", 1).decide(RULES.view(state, "p1"), legal_actions(state))
    assert decision.action == Board("p1", "a", "b", officers=False)
    assert "officers staying aboard" in decision.why
    # two marines and the captain against two marines and a sailor: he is needed
    close = alongside((("captain", "stern"), ("marine", "bow"), ("marine", "bow")),
                      (("marine", "bow"), ("marine", "middle"), ("sailor", "stern")))
    decision = make_captain("normal", 1).decide(RULES.view(close, "p1"), legal_actions(close))
    assert decision.action == Board("p1", "a", "b", officers=True)


def test_the_best_played_out_choice_is_taken(monkeypatch):
    state = alongside(MANY, FEW)
    legal = legal_actions(state)
    normal = Decision(Board("p1", "a", "b", officers=True), "the normal captain's reason")
    favoured = PhaseDone("p1")
    monkeypatch.setattr(playout, "play_out",
                        lambda view, action, side, seed: 5.0 if action == favoured else 1.0)
    decision = playout.weigh_deck(state, legal, normal, seed=1)
    assert decision.action == favoured and "+4.0 better" in decision.why
    monkeypatch.setattr(playout, "play_out", lambda view, action, side, seed: 1.0)
    assert playout.weigh_deck(state, legal, normal, seed=1) is normal  # ties keep his


def test_no_oar_rake_is_announced_at_a_ship_without_oars():
    def orders(kind: str) -> WriteOrders:
        pirate = galley("a", "p1", x=20.0, y=30.0, heading=90.0, band=Band.RAMMING)
        prey = galley("b", "p2", kind=kind, x=34.0, y=30.5, heading=80.0)
        state = battle(pirate, prey, men=crew("a", ("captain", "stern"), ("marine", "bow"))
                       + crew("b", ("captain", "stern"), ("sailor", "stern")),
                       phase=Phase.ORDERS)
        action = make_captain("normal", 1).decide(RULES.view(state, "p1"),
                                                  legal_actions(state)).action
        assert isinstance(action, WriteOrders) and action.moves
        return action

    assert orders("trireme").rake
    assert not orders("merchantman").rake


def _closing() -> tuple[RSState, Galley]:
    """A Roman galley at ramming speed 12" south of an enemy lying across her bow."""
    ram = galley("a", "p1", x=20.0, y=30.0, heading=0.0, band=Band.RAMMING)
    prey = galley("b", "p2", x=20.0, y=18.0, heading=90.0)
    state = battle(ram, prey, men=crew("a", ("captain", "stern"), ("marine", "bow"))
                   + crew("b", ("captain", "stern"), ("sailor", "stern")), phase=Phase.ORDERS)
    return state, state.ship("a")


def test_orders_rowed_out_are_weighed_with_the_normal_captains_judgement(monkeypatch):
    state, ram = _closing()
    plans = ranked_plans(state, ram, [(1.0, [expected(state, state.ship("b"))])], [], 3)
    assert len(plans) == 3 and plans[0].outcome.kind == "ram"
    # the enemy holds her course: ram her and the turn played out is worth something
    worths = [playout.row_out(state, ram, playout.ShipOrders(ram.id, p.band, p.moves, p.rake), s)
              for p in plans[:1] for s in range(4)]
    assert len(worths) == 4 and all(isinstance(w, float) for w in worths)
    # the game's own dice play no part
    other = replace(state, rng=Rng(5, 99))
    order = playout.ShipOrders(ram.id, plans[0].band, plans[0].moves, plans[0].rake)
    assert playout.row_out(other, ram, order, 3) == playout.row_out(state, ram, order, 3)
    # a plan that rows out far better wins even if the judge put it third
    third = plans[2]
    monkeypatch.setattr(plan_search, "playout", lambda rules, view, o, side, seed: 50.0
                        if (o.band, o.moves) == (third.band, third.moves) else 0.0)
    assert playout.weigh_orders(state, ram, plans, 1) is third


def test_orders_are_played_out_against_the_enemys_orders_as_the_normal_captain_writes_them():
    """The enemy's sealed orders in a playout are sampled from his own captain's best orders
    and her course held, never read from the game: the plan search plays the turn on to the
    next orders, on the captain's own dice."""
    state, ram = _closing()
    theirs = playout.enemy_orders(state, "p1", 1)
    assert len(theirs) == 1 and len(theirs[0]) >= 2
    assert default_orders(state, state.ship("b")) in theirs[0]
    turn = playout.Turn(ram.id, theirs)
    plans = ranked_plans(state, ram, [(1.0, [expected(state, state.ship("b"))])], [], 3)
    order = playout.ShipOrders(ram.id, plans[0].band, plans[0].moves, plans[0].rake)
    dealt = turn.dice(RULES.view(state, "p1"), 77)
    assert dealt.rng.seed == 77
    sampled = dealt.orders.get("p2")
    assert sampled is not None and sampled.ships[0] in theirs[0]
    end_worth = plan_search.playout(turn, RULES.view(state, "p1"), order, "p1", 77)
    assert end_worth == plan_search.playout(turn, RULES.view(replace(state, rng=Rng(9, 9)),
                                                               "p1"), order, "p1", 77)


def test_orders_with_no_contact_in_sight_are_the_normal_captains(monkeypatch):
    state, _ = _closing()
    far = state.with_ship(replace(state.ship("b"), x=70.0, y=2.0))
    plans = ranked_plans(far, far.ship("a"), [(1.0, [expected(far, far.ship("b"))])], [], 3)
    assert all(p.outcome.kind == "none" for p in plans)

    def never(*_: object) -> float:
        raise AssertionError("nothing to row out")

    monkeypatch.setattr(playout, "row_out", never)
    assert playout.weigh_orders(far, far.ship("a"), plans, 1) is plans[0]


def test_a_course_that_meets_nobody_says_whether_it_closes_waits_or_draws_off():
    # the reason line read "Thalia lies hove-to to close on Victoria": staying put closes on
    # nobody
    from ahoy_tui.ai.ramming_speed.normal import station_words

    a = galley("a", "p1", x=20.0, y=30.0, heading=0.0)
    b = galley("b", "p2", x=20.0, y=18.0, heading=90.0)
    state = battle(a, b, men=crew("a", ("sailor", "stern")) + crew("b", ("sailor", "stern")),
                   phase=Phase.ORDERS)
    assert station_words(state, a, (20.0, 30.0, 0.0)) == "waiting for B (12\" off)"
    assert station_words(state, a, (20.0, 24.0, 0.0)) == "to close on B (6\" off)"
    assert station_words(state, a, (20.0, 36.0, 0.0)) == "drawing off from B (18\" off)"


def test_orders_that_ram_a_friend_by_the_rules_move_are_passed_over():
    # played at 80x24, Salamis: Arados rammed Halicarnassus and Sidon Tyre in one turn, the
    # captains' own quick reckoning calling the shallow rams "coming alongside"
    from ahoy_tui.ai.ramming_speed.helmsman import Plan, clear_of_friends, friendly_ram
    from ahoy_tui.ai.ramming_speed.sim import Outcome

    a = galley("a", "p1", x=20.0, y=30.0, heading=0.0)
    f = galley("f", "p1", x=20.0, y=20.0, heading=90.0)
    z = galley("z", "p2", x=60.0, y=40.0, heading=270.0)
    men = crew("a", ("sailor", "stern")) + crew("f", ("sailor", "stern")) \
        + crew("z", ("sailor", "stern"))
    state = battle(a, f, z, men=men, phase=Phase.ORDERS)
    assert friendly_ram(state, a, Band.CRUISING, "S" * 15, False)       # into f's side
    assert not friendly_ram(state, a, Band.SLOW, "L" * 9, False)        # away to port
    # f crossing a's course ahead of her as a rows on: a friend into her is as bad
    written = replace(state, drafts=(ShipOrders("a", Band.CRUISING, "S" * 15),))
    assert friendly_ram(written, f, Band.HOVE_TO, "", False)
    assert not friendly_ram(state, f, Band.HOVE_TO, "", False)   # a carries on hove-to

    def plan(band: Band, moves: str, score: float) -> Plan:
        return Plan(band, moves, False, score, Outcome("none", None, 0.0, band, (0, 0, 0)))

    into, away = plan(Band.CRUISING, "S" * 15, 9.0), plan(Band.SLOW, "L" * 9, 1.0)
    assert clear_of_friends(state, a, [into, away]) == [away]
    assert clear_of_friends(state, a, [into]) == [into]     # nothing better: as it was
