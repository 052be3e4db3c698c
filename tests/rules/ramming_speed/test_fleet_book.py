"""Buy your fleet: Ramming Speed!'s galleys by class, crews by rank within the deck room,
engines, the corvus, the admiral's flagship and the rowers' freshness, each limit refused with
the rule named, and a bought fleet set out from its home edge and played."""

from __future__ import annotations

from ahoy_tui.ai.captain import make_captain
from ahoy_tui.engine import Game, fleet_book
from ahoy_tui.engine.fleet_book import Fleet, Pick
from ahoy_tui.rules.ramming_speed import RULESET
from ahoy_tui.rules.ramming_speed.fleet_book import FLEET_BOOK, with_fleet


def fleet(*picks: Pick, points: str = "40") -> Fleet:
    return Fleet("ramming-speed", "Test", {"points": points}, picks)


def broken(f: Fleet) -> list[tuple[str, str]]:
    return [(c.rule, c.text) for c in FLEET_BOOK.check(f)]


FLAGSHIP = Pick("quinquereme", ("admiral", "corvus"), {"crew_state": "tired"})


def test_a_galley_costs_her_class_value_her_engines_and_her_corvus():
    f = fleet(FLAGSHIP, Pick("trireme", options={"marine": "6"}))
    assert broken(f) == []
    assert fleet_book.tally_of(FLEET_BOOK, f).spent == 14 + 2 + 1 + 10  # her bolt thrower: 2
    assert ("Victory", "the fleet costs 27 points, 7 more than the 20 allowed") in broken(
        fleet(*f.picks, points="20"))


def test_her_crew_within_her_deck_room():
    f = fleet(Pick("quinquereme", options={"marine": "10", "sailor": "6"}))
    assert broken(f) == [("Men aboard", "galley 1: at most fifteen men on deck, five a section "
                                        "(13.2)")]
    assert broken(fleet(Pick("trireme", options={"archer": "9"})))[0] == (
        "Men aboard", "the Trireme's archers: '9' is not one of 0, 1, 2, 3, 4, 5, 6, 7, 8")


def test_one_admiral_in_one_flagship():
    f = fleet(FLAGSHIP, Pick("trireme", ("admiral",)))
    assert ("Men aboard", "one admiral a fleet, in one flagship") in broken(f)


def test_engines_and_freshness_from_their_lists():
    assert broken(fleet(Pick("bireme", options={"engines": "catapult"})))[0][0] == "Engines"
    assert broken(fleet(Pick("bireme", options={"crew_state": "asleep"})))[0][0] == \
        "Rowers and energy"


def test_a_bought_fleet_is_set_out_from_its_home_edge_and_played_by_captains():
    f = fleet(FLAGSHIP, Pick("trireme"))
    data = with_fleet(RULESET.load_scenario(name="corvus").to_data(), "p2", f)
    game = Game.new("ramming-speed", "corvus", scenario_data=data, seed=1)
    mine = [s for s in game.state.ships if s.side == "p2"]
    # the Greeks' home is the north: 6" from it, bows south, the flagship with her corvus
    assert [(s.y, s.heading, s.corvus, s.flagship) for s in mine] == [
        (6.0, 180.0, True, True), (6.0, 180.0, False, False)]
    assert mine[0].energy < mine[1].energy  # her rowers begin tired
    captains = {"p1": make_captain("easy", 1, 0.05), "p2": make_captain("easy", 2, 0.05)}
    for _ in range(2):
        side = game.state.to_act
        assert side is not None
        game.play(captains[side].decide(game.view(side), game.legal_actions()).action)
    assert game.last_step == 2


def test_a_scenario_file_may_name_fleets():
    data = RULESET.load_scenario(name="corvus").to_data()
    data["fleets"] = [{"side": "p1", "name": "Mine", "picks": ["bireme"]}]
    data = RULESET.load_scenario(data=data).to_data()
    assert "fleets" not in data
    assert [s["kind"] for s in data["ships"] if s["side"] == "p1"] == ["bireme"]
