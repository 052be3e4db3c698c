"""ACKS II sea combat on the game host: two captains and a spectator at one battle on the hex
battlemap. Declarations are public (the seed: made aloud before the dice), so everyone sees
them as they are made; nobody is ever sent the dice to come."""

from __future__ import annotations

import json

from ahoy_tui.ai.captain import make_captain
from ahoy_tui.engine import get_ruleset
from ahoy_tui.rules.acks.actions import Board, Declare
from ahoy_tui.server.host import GameHost

from .test_secret_orders import table, wire


async def test_two_captains_and_a_spectator_see_the_same_public_battle(host: GameHost,
                                                                     short_dir) -> None:
    alice, bob, carol, game = await table(host, short_dir, ruleset="acks",
                                          scenario="quinquereme")
    alice.sessions[game].play(Declare("p1", "pride", "oar", 120, steer_full=True))
    for client in (alice, bob, carol):
        await client.until_step(game, 1)
        declared = client.sessions[game].state.vessel("pride").declared
        assert (declared.mode, declared.speed) == ("oar", 120)   # public, at once
    assert bob.sessions[game].state.to_act == "p2"
    bob.sessions[game].play(Declare("p2", "gull", "oar", 180))
    await bob.until_step(game, 2)        # one action at a time, each acknowledged
    bob.sessions[game].play(Declare("p2", "shrike", "oar", 180))
    for client in (alice, bob, carol):
        await client.until_step(game, 3)
        assert client.sessions[game].state.phase.value == "counts"
    real = host.games[game].game.state.rng
    for client in (alice, bob, carol):
        assert client.sessions[game].state.rng.seed != real.seed
        sent = wire(client)
        assert json.dumps({"seed": real.seed, "counter": real.counter})[1:-1] not in sent


async def test_captains_play_to_a_boarding_and_everyone_holds_the_same_decks(host: GameHost,
                                                                              short_dir) -> None:
    """Two players on the host, each deciding with the normal captain from what their own
    client holds, sail the galley alongside the merchantman: her deck and the galley's are laid,
    a boarding party crosses, and both players and the spectator hold the host's figures."""
    alice, bob, carol, game = await table(host, short_dir, ruleset="acks",
                                          scenario="boarding_bridge")
    rules = get_ruleset("acks")
    players = {"p1": alice, "p2": bob}
    captains = {"p1": make_captain("normal", seed=1), "p2": make_captain("normal", seed=2)}
    live = host.games[game].game
    laid = False
    for _ in range(200):  # played offline (dice seed 11), the Board is the 42nd action
        side = live.state.to_act
        assert side in players and not live.state.over
        session = await players[side].until_step(game, live.step)
        legal = session.legal_actions()
        action = legal[0] if len(legal) == 1 else captains[side].decide(
            rules.view(session.state, side), legal).action
        laid = laid or bool(session.state.figures)
        step = session.step
        session.play(action)
        await players[side].until_step(game, step + 1)  # acknowledged
        assert not players[side].refusals
        if isinstance(action, Board):
            break
    else:
        raise AssertionError("no boarding in 200 actions")
    assert laid  # the decks were laid before anyone crossed
    figures = live.state.figures
    assert any(f.crew_of != f.on for f in figures)  # boarders stand on the enemy's deck
    for client in (alice, bob, carol):
        seen = await client.until_step(game, live.step)
        assert seen.state.figures == figures
    real = live.state.rng
    for client in (alice, bob, carol):
        assert client.sessions[game].state.rng.seed != real.seed
        sent = wire(client)
        assert json.dumps({"seed": real.seed, "counter": real.counter})[1:-1] not in sent
