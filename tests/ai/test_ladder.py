"""Paired games, the sequential test (SPRT) and the ladder: their statistics against known
values, and a tiny run's verdict."""

from __future__ import annotations

import io
import json
import math

import pytest

from ahoy_tui.ai.ladder import Pair, all_scenarios, pair_tasks, play_pairs, sprt_run
from ahoy_tui.ai.stats import Sprt, elo_of, llr, llr_normal, pentanomial, score_of, wilson
from ahoy_tui.ai.tournament import Match
from ahoy_tui.cli import main


def test_wilson_interval_known_values():
    # 50 of 100: 40.4-59.6%; 8 of 10: 49.0-94.3%; 0 of 10: 0-27.8% (the Wilson tables')
    assert wilson(50, 100) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    assert wilson(8, 10) == pytest.approx((0.4902, 0.9433), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_elo_from_a_score_and_back():
    assert elo_of(0.5) == 0.0
    assert elo_of(0.75) == pytest.approx(190.85, abs=0.01)  # 400 log10(3)
    assert elo_of(10 / 11) == pytest.approx(400.0)  # odds of 10 to 1
    assert elo_of(0.25) == pytest.approx(-190.85, abs=0.01)
    assert elo_of(1.0) == math.inf and elo_of(0.0) == -math.inf
    assert score_of(50) == pytest.approx(0.5715, abs=1e-4)  # the default H1: a 57% score
    for score in (0.1, 0.43, 0.9):
        assert score_of(elo_of(score)) == pytest.approx(score)


def test_sprt_bounds_are_walds():
    low, high = Sprt(alpha=0.05, beta=0.05).bounds
    assert low == pytest.approx(-2.944, abs=1e-3) and high == pytest.approx(2.944, abs=1e-3)
    low, high = Sprt(alpha=0.05, beta=0.1).bounds
    assert low == pytest.approx(math.log(0.1 / 0.95)) and high == pytest.approx(math.log(18))
    assert Sprt().verdict(3.0) == "H1" and Sprt().verdict(-3.0) == "H0"
    assert Sprt().verdict(0.0) is None


def test_the_llr_of_trinomial_results_is_fishtests():
    """Game results (wins, losses, draws) against the LLRs fastchess's tests give for
    Fishtest's logistic GSPRT."""
    wins, losses, draws = 21404, 21184, 40708
    assert llr({1.0: wins, 0.0: losses, 0.5: draws}, 0.5, 2.5) == pytest.approx(-1.57,
                                                                                 abs=0.01)
    wins, losses, draws = 57433, 57030, 106593
    assert llr({1.0: wins, 0.0: losses, 0.5: draws}, 0.0, 2.0) == pytest.approx(-2.59,
                                                                                abs=0.01)


def test_the_llr_of_game_pairs_is_fishtests():
    """Pentanomial counts (both lost, a loss and a draw, a win and a loss or two draws, a win
    and a draw, both won) against the same tests' values."""
    ll, ld, wl, dd, wd, ww = 223, 9863, 20279, 1000, 10037, 246
    assert Sprt(0.5, 2.5).llr_of_pairs([ll, ld, wl + dd, wd, ww]) == pytest.approx(-3.07,
                                                                                   abs=0.01)
    ll, ld, wl, dd, wd, ww = 871, 26175, 55003, 980, 26678, 821
    assert Sprt(0.0, 2.0).llr_of_pairs([ll, ld, wl + dd, wd, ww]) == pytest.approx(-4.98,
                                                                                   abs=0.01)


def test_a_short_run_of_pairs_and_its_llr():
    """Ten pairs as a small run gives them; near the hypotheses' scores the exact GSPRT and
    its normal approximation agree; more pairs of the same shares move the LLR further."""
    points = [2, 1.5, 1, 2, 0.5, 1, 2, 1.5, 1, 2]
    penta = pentanomial(points)
    assert penta == [0, 1, 3, 2, 4]
    test = Sprt(0.0, 50.0)
    value = test.llr_of_pairs(penta)
    assert value == pytest.approx(1.3347, abs=1e-3)
    assert 0 < value < test.bounds[1]  # a 77.5% score over 10 pairs: not yet proof
    assert test.llr_of_pairs([n * 4 for n in penta]) > test.bounds[1]  # over 40 it is
    assert test.llr_of_pairs([4, 3, 2, 1, 0]) < -1.5  # the other way: 27.5%
    assert test.llr_of_pairs([0, 0, 0, 0, 0]) == 0.0
    near = [5, 20, 40, 30, 10]  # a 57% score, between H0's 50% and H1's 57.1%
    counts = {p / 2: n for p, n in zip((0, 0.5, 1, 1.5, 2), near, strict=True)}
    assert test.llr_of_pairs(near) == pytest.approx(llr_normal(counts, 0.0, 50.0), rel=0.05)


def _match(winner: str | None) -> Match:
    return Match("duel", 1, ("a", "b"), winner, 5, 10, 0.1, ())


def test_a_pair_counts_the_first_captains_points_from_both_sides():
    assert Pair(0, "duel", 1, (_match("p1"), _match("p2"))).points == 2.0
    assert Pair(0, "duel", 1, (_match("p1"), _match("p1"))).points == 1.0
    assert Pair(0, "duel", 1, (_match(None), _match("p2"))).points == 1.5
    assert Pair(0, "duel", 1, (_match("p2"), _match(None))).points == 0.5


def test_pairs_rotate_over_the_scenarios_without_the_guided_battle():
    scenarios = all_scenarios("ramming-speed")
    assert scenarios == ["corvus", "salamis", "merchantman"]
    tasks = pair_tasks("ramming-speed", scenarios, "easy", "random", 10, 5, 0.1)
    assert [t.scenario for t in tasks] == ["corvus", "salamis", "merchantman", "corvus",
                                          "salamis"]
    assert [t.seed for t in tasks] == [10, 11, 12, 13, 14]


def test_pairs_played_in_two_processes_give_the_same_results_as_one():
    tasks = pair_tasks("naval-battle", ["duel"], "easy", "random", 3, 2, 0.05)
    one = [(p.scenario, p.seed, [m.winner for m in p.games]) for p in play_pairs(tasks, 1)]
    two = [(p.scenario, p.seed, [m.winner for m in p.games]) for p in play_pairs(tasks, 2)]
    assert one == two
    assert [seed for _, seed, _ in one] == [3, 4]


def test_a_tiny_sprt_run_between_random_and_easy_gives_its_verdict():
    test = Sprt(0.0, 50.0)
    lines: list[dict] = []
    result = sprt_run("easy", "random", ruleset="naval-battle", scenarios=["duel"], seed=1,
                      games=4, think=0.05, test=test, progress=lines.append)
    assert result["games"] == 4 and result["pairs"] == 2 and len(lines) == 2
    assert result["wins"] + result["draws"] + result["losses"] == 4
    assert sum(result["pentanomial"]) == 2
    sprt = result["sprt"]
    assert sprt["verdict"] in ("H1", "H0", "inconclusive")
    assert sprt["bounds"] == [-2.944, 2.944]
    assert sprt["llr"] == pytest.approx(test.llr_of_pairs(result["pentanomial"]), abs=1e-3)
    low, high = result["score_95"]
    assert low <= result["score"] <= high
    assert result["elo_95"][0] is None or result["elo_95"][0] <= (result["elo"] or math.inf)


def test_a_test_that_decides_stops_at_that_pair():
    # bounds so near that the first pair's LLR crosses one: one pair played of ten
    result = sprt_run("easy", "random", ruleset="naval-battle", scenarios=["duel"], seed=1,
                      games=20, think=0.05, test=Sprt(0.0, 50.0, 0.49, 0.49))
    assert result["pairs"] == 1 and result["sprt"]["verdict"] in ("H1", "H0")


def test_selfplay_sprt_prints_progress_and_a_verdict(capsys):
    code = main(["selfplay", "--ruleset", "naval-battle", "--scenario", "duel", "--sprt",
                 "--p1", "easy", "--p2", "random", "--games", "4", "--seed", "1",
                 "--think", "0.05", "--jobs", "1"])
    assert code == 0
    out = capsys.readouterr().out
    assert out.count("  pair ") == 2 and "LLR" in out
    assert "SPRT elo0 0, elo1 50, alpha 0.05, beta 0.05" in out
    assert any(word in out for word in ("H1 accepted", "H0 accepted", "inconclusive after 4"))


def test_selfplay_sprt_json_and_refused_settings(capsys):
    assert main(["selfplay", "--ruleset", "naval-battle", "--scenario", "duel", "--sprt",
                 "--p1", "easy", "--p2", "random", "--games", "2", "--seed", "1",
                 "--think", "0.05", "--jobs", "1", "--json"]) == 0
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert report["sprt"]["verdict"] in ("H1", "H0", "inconclusive")
    assert report["ruleset"] == "naval-battle" and report["scenario"] == "duel"
    assert "pair 1" in captured.err  # progress goes to stderr beside JSON
    assert main(["selfplay", "--sprt", "--elo0", "10", "--elo1", "5"]) == 2
    assert "--elo1 above --elo0" in capsys.readouterr().err


def test_the_ladder_table(capsys):
    from ahoy_tui.commands import ladder_table

    out = io.StringIO()
    assert main(["ladder", "--ruleset", "naval-battle", "--scenario", "duel", "--levels",
                 "random,easy", "--games", "2", "--think", "0.05", "--jobs", "1",
                 "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    (row,) = result["pairings"]
    assert (row["first"], row["second"], row["games"]) == ("easy", "random", 2)
    table = ladder_table(result)
    out.write(table)
    assert table.splitlines()[2].startswith("| easy v random | 2 | ")
    assert main(["ladder", "--levels", "random,wizard"]) == 2


def test_selfplay_over_all_scenarios_without_sprt_plays_every_pair(capsys):
    # without --sprt the test between equal hypotheses must never stop the run (its LLR of 0
    # met bounds of 0, and the run ended after the first pair)
    code = main(["selfplay", "--ruleset", "naval-battle", "--scenario", "all", "--p1", "easy",
                 "--p2", "random", "--games", "6", "--seed", "1", "--think", "0.05",
                 "--jobs", "1"])
    assert code == 0
    out = capsys.readouterr().out
    assert out.startswith("6 games (3 pairs") and "in 6 games" in out
    assert all(f"{name}: 2 of 2" in out or f"{name}: " in out
               for name in ("duel", "dragon", "doomdivers"))


def test_selfplay_of_a_hard_captain_in_two_game_workers_ends(tmp_path):
    # each game worker once started its own pool of playout workers, which its exit joined
    # idle: every pair was printed and the run never ended
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "AHOY_PLAYOUT_WORKERS"}
    done = subprocess.run(
        [sys.executable, "-m", "ahoy_tui", "selfplay", "--ruleset", "ahoy", "--scenario", "duel",
         "--sprt", "--p1", "hard", "--p2", "random", "--games", "4", "--think", "0.05",
         "--jobs", "2", "--seed", "5"],
        env=env, cwd=tmp_path, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr
    assert "4 games (2 pairs" in done.stdout
