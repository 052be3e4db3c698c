"""ACKS II sea combat on the game host: two captains and a spectator at one battle on the hex
battlemap. Declarations are public (the seed: made aloud before the dice), so everyone sees
them as they are made; nobody is ever sent the dice to come."""

from __future__ import annotations

import json

from ahoy_tui.rules.acks.actions import Declare
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
