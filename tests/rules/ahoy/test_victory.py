"""Victory: the last side with a ship afloat and not struck; the turn limit's points."""

from __future__ import annotations

from kit import act, happened, new_game, pass_turn, ship, state, to_movement

from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.flow import victory_points


def gunnery_position(**options):
    """The Harpy at anchor with a starboard cannon, 3" from a sloop one hit from sinking."""
    return new_game(
        ship("harpy", "p1", x=30, y=20, heading="E", anchored=True, speed=0,
             guns=[("naval_cannon", "starboard")]),
        ship("sloop", "p2", size="small", x=30, y=26, heading="E", anchored=True, speed=0,
             crew={"sailor": 5}, damage=15),
        **options,
    )


def test_sinking_the_last_enemy_ship_wins():
    game = gunnery_position()
    to_movement(game)
    assert a.FireGun("harpy", "g1", 0) in game.legal_actions(), "point blank: no guess"
    # Hit (4); damage on 3 (S9 v T7 needs 2+); D3 of 1 +1 at point blank: 2 damage, 0 SP.
    # The sloop's captain holds (2+2 against Ld 8); her turn begins and she goes down (2).
    events = act(game, a.FireGun("harpy", "g1", 0), 4, 3, 1, 2, 2, 2)
    assert happened(events, "sinking") and happened(events, "sunk")
    assert game.over and game.state.winner == "p1"
    assert "The Empire" in game.state.result or "Empire" in game.state.result
    assert state(game).tallies[0].damage_dealt == 1, "1 SP was all she had left"
    assert game.to_act is None and not game.legal_actions()


def test_a_struck_ship_is_out_of_the_fight():
    game = gunnery_position()
    to_movement(game)
    # Damage to 0 is not needed: the sloop's Ld test fails (6+6) and she strikes.
    act(game, a.FireGun("harpy", "g1", 0), 4, 3, 1, 6, 6)
    assert state(game).ship("sloop").struck
    assert game.over and game.state.winner == "p1"


def test_voluntary_striking_ends_it_too():
    game = gunnery_position()
    pass_turn(game)
    assert state(game).active == "p2"
    act(game, a.StrikeColours("sloop"))
    assert game.over and game.state.winner == "p1"


def test_at_the_turn_limit_the_battle_is_decided_on_points():
    game = gunnery_position(turn_limit=1)
    to_movement(game)
    act(game, a.FireGun("harpy", "g1", 0), 4, 3, 1, 2, 2, 5)
    assert not game.over  # the sloop stays afloat (5): she is sinking, not sunk
    pass_turn(game)
    assert game.over and game.state.winner == "p1"
    assert "turn limit" in game.state.result and "points" in game.state.result
    assert victory_points(state(game), "p1") == 1 and victory_points(state(game), "p2") == 0


def test_no_damage_at_the_turn_limit_is_a_draw():
    game = gunnery_position(turn_limit=1)
    pass_turn(game)
    pass_turn(game)
    assert game.over and game.state.winner is None
    assert "draw" in game.state.result
