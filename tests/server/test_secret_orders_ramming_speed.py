"""Ramming Speed!'s written orders on the game host: neither the opponent nor a spectator
receives a galley's orders, nor the captain's reasons for them, before every side has sealed
(2.0); after the reveal both fleets' orders are everyone's."""

from __future__ import annotations

from ahoy_tui.rules.ramming_speed.actions import SealOrders, WriteOrders
from ahoy_tui.server import messages as m
from ahoy_tui.server.host import GameHost

from .conftest import Client
from .test_secret_orders import table as naval_table
from .test_secret_orders import wire

# Orders no other sheet of the battle would hold: slow, 9", a zigzag no captain writes.
MARK = "SLRSSRLSS"


async def table(host: GameHost, short_dir, p2: str = "open") -> tuple[Client, Client, Client,
                                                                      str]:
    return await naval_table(host, short_dir, p2, ruleset="ramming-speed", scenario="corvus")


async def test_written_orders_reach_nobody_else_before_the_reveal(host, short_dir):
    alice, bob, carol, game = await table(host, short_dir)
    alice.sessions[game].play(WriteOrders("p1", "p1-1", "slow", MARK))
    for client in (alice, bob, carol):
        await client.until_step(game, 1)
    assert MARK in wire(alice)  # the writer sees her own sheet
    for client in (bob, carol):
        assert MARK not in wire(client)
        assert client.sessions[game].state.drafts == ()
    alice.sessions[game].play(SealOrders("p1"))
    for client in (alice, bob, carol):
        await client.until_step(game, 2)
    for client in (bob, carol):
        assert MARK not in wire(client)
        seen = client.sessions[game].state.orders
        assert seen.get("p1") is None and seen.sealed_by == ("p1",)
    bob.sessions[game].play(SealOrders("p2"))
    for client in (alice, bob, carol):
        await client.until_step(game, 3)
    for client in (bob, carol):  # revealed together: now everyone's
        written = dict(client.sessions[game].state.written)
        assert written["p1"].of("p1-1").moves == MARK


async def test_a_captains_orders_and_reasons_stay_sealed(host, short_dir):
    alice, _, carol, game = await table(host, short_dir, p2="ai:normal")
    alice.sessions[game].play(SealOrders("p1"))
    for client in (alice, carol):
        await client.until_step(game, 2)
    notes = [message.note for client in (alice, carol) for message in client.seen
             if isinstance(message, m.Update) and message.note]
    assert notes, "the captain's turn was announced"
    assert all("sealed" in note for note in notes), notes
