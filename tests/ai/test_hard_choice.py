"""The hard captain leaves the normal captain's choice alone unless playing on shows another
plan better beyond doubt (paired rounds: the same dice for every plan)."""

from __future__ import annotations

from ahoy_tui.ai.ahoy.hard import clear_winner


def test_a_clear_lead_wins() -> None:
    first = [0.0, 5.0, -3.0, 2.0, 1.0]
    better = [v + 4.0 + (i % 2) for i, v in enumerate(first)]  # 4-5 ahead in every round
    assert clear_winner([first, better]) == 1


def test_a_lead_within_the_noise_keeps_the_first_choice() -> None:
    first = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    lucky = [1000.0, -1000.0, 1000.0, 0.0, -1000.0, 1010.0]  # one win more, by luck
    assert clear_winner([first, lucky]) == 0


def test_too_few_rounds_keep_the_first_choice() -> None:
    assert clear_winner([[0.0, 0.0], [9.0, 9.0]]) == 0


def test_of_several_clear_leads_the_largest_wins() -> None:
    first = [0.0, 1.0, 2.0, 3.0]
    small = [v + 2.0 for v in first]
    large = [v + 6.0 for v in first]
    worse = [v - 6.0 for v in first]
    assert clear_winner([first, small, worse, large]) == 3
