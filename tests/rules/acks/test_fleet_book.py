"""Buy your fleet: ACKS II vessels from the Sea Vessels table at their price, crews and
marines hired, the captain's class, level and master mariner, artillery by mount within her war
machines, each limit refused with the rule named, and a bought fleet played."""

from __future__ import annotations

from ahoy_tui.ai.captain import make_captain
from ahoy_tui.engine import Game, fleet_book
from ahoy_tui.engine.fleet_book import Fleet, Pick
from ahoy_tui.rules.acks import RULESET
from ahoy_tui.rules.acks.fleet_book import FLEET_BOOK, with_fleet


def fleet(*picks: Pick, purse: str = "20000") -> Fleet:
    return Fleet("acks", "Test", {"purse": purse}, picks)


def broken(f: Fleet) -> list[tuple[str, str]]:
    return [(c.rule, c.text) for c in FLEET_BOOK.check(f)]


CORSAIR = Pick("galley_2", options={"bow": "heavy_ballista", "master_mariner": "yes",
                                     "missile": "short_bow", "marines": "10",
                                     "captain_class": "explorer", "captain_level": "5"})


def test_vessels_and_war_machines_at_their_price_and_marines_hired():
    f = fleet(CORSAIR, Pick("longship"))
    assert broken(f) == []
    # 3,350 the 2-rower, 180 her heavy ballista, 10 marines at 12 gp, 4,000 the longship
    assert fleet_book.tally_of(FLEET_BOOK, f).spent == 3350 + 180 + 120 + 4000
    assert ("Victory", "the fleet costs 7650 gp, 2650 more than the 5000 allowed") in broken(
        fleet(*f.picks, purse="5000"))


def test_artillery_within_her_war_machines_and_on_her_mounts():
    assert broken(fleet(Pick("galley_1", options={"bow": "light_ballista",
                                                  "stern": "light_ballista"}))) == [
        ("Artillery", "vessel 1: a Galley, 1-Rower carries at most 1 war machines")]
    assert broken(fleet(Pick("longship", options={"bow": "light_ballista"}))) == [
        ("Artillery", "the Longship has no 'bow' to choose")]


def test_the_captain_s_class_level_and_master_mariner():
    data = with_fleet(RULESET.load_scenario(name="quinquereme").to_data(), "p2", fleet(CORSAIR))
    captain = next(v for v in data["vessels"] if v["side"] == "p2")["captain"]
    assert (captain["level"], captain["attack"], captain["hp"], captain["seafaring"]) == (
        5, 2, 20, 3)  # an explorer of 5th level: +2, 20 hp, three ranks of Seafaring
    assert broken(fleet(Pick("galley_2", options={"captain_class": "bard"})))[0][0] == \
        "Steering"


def test_a_bought_fleet_is_set_out_off_its_edge_and_played_by_captains():
    data = with_fleet(RULESET.load_scenario(name="quinquereme").to_data(), "p2",
                      fleet(CORSAIR, Pick("longship")))
    game = Game.new("acks", "quinquereme", scenario_data=data, seed=1)
    mine = [v for v in game.state.vessels if v.side == "p2"]
    assert [v.kind for v in mine] == ["galley_2", "longship"]
    assert mine[0].marines == 20 and mine[0].captain.master_mariner
    captains = {"p1": make_captain("easy", 1, 0.05), "p2": make_captain("easy", 2, 0.05)}
    for _ in range(3):
        side = game.state.to_act
        assert side is not None
        game.play(captains[side].decide(game.view(side), game.legal_actions()).action)
    assert game.last_step == 3


def test_a_scenario_file_may_name_fleets():
    data = RULESET.load_scenario(name="quinquereme").to_data()
    data["fleets"] = [{"side": "p1", "name": "Mine", "picks": ["longship"]}]
    data = RULESET.load_scenario(data=data).to_data()
    assert "fleets" not in data
    assert [v["kind"] for v in data["vessels"] if v["side"] == "p1"] == ["longship"]
