"""A Naval Battle saved with a sheet sealed: it replays to the same state, secrets and all."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ahoy_tui.engine import Game, SaveError, load_game
from ahoy_tui.rules.naval_battle.actions import DeclareSpeed


def test_a_battle_saved_between_two_seals_comes_back_exactly(tmp_path: Path) -> None:
    game = Game.new("naval-battle", "dragon", seed=21)
    game.play(DeclareSpeed("p1", (("karond", "up"),)))
    game.play(DeclareSpeed("p2", (("reikland", "down"), ("wrath", "hold"))))
    game.play(game.legal_actions()[1])  # an example sheet: the creature turns to port
    path = game.save(tmp_path / "dragon.json")
    back = load_game(path)
    assert back.step == 3 and back.state == game.state
    assert back.state_hash() == game.state_hash()
    assert back.to_act == "p2"
    assert back.view("p2").orders.get("p1") is None  # type: ignore[attr-defined]


def test_a_save_whose_sealed_sheet_was_edited_is_refused_in_one_line(tmp_path: Path) -> None:
    game = Game.new("naval-battle", "duel", seed=2)
    game.play(DeclareSpeed("p1", (("eagle", "up"),)))
    path = game.save(tmp_path / "duel.json")
    data = json.loads(path.read_text())
    data["actions"][0]["ships"][0][1] = "sideways"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as refused:
        load_game(path)
    assert "duel.json" in str(refused.value) and "\n" not in str(refused.value)


def test_strict_undo_never_goes_back_past_a_reveal(tmp_path: Path) -> None:
    from ahoy_tui.session import STRICT, LocalSession

    session = LocalSession(Game.new("naval-battle", "duel", seed=2), policy=STRICT,
                           path=tmp_path / "strict.json")
    session.play(DeclareSpeed("p1", (("eagle", "up"),)))
    assert session.can_undo()  # one's own sealed sheet, nothing seen yet
    session.play(DeclareSpeed("p2", (("grudgebearer", "hold"),)))  # the reveal: no die rolled
    assert not session.can_undo() and not session.undo()
    assert session.step == 2
