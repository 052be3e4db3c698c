"""Secret orders on the game host: neither the opponent nor a spectator receives a sealed sheet,
nor a captain's reasons for it, before the reveal."""

from __future__ import annotations

from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.naval_battle.actions import DeclareSpeed, GiveOrders
from ahoy_tui.rules.naval_battle.legal import plain_orders
from ahoy_tui.rules.naval_battle.model import PORT, STARBOARD
from ahoy_tui.server import messages as m
from ahoy_tui.server.host import GameHost

from .conftest import Client

# A sheet no other sheet of the battle would hold: its casualty order is found nowhere else.
MARK = ("boarding", "fire", "guns", "snipers", "maneuvers", "speed")


def wire(client: Client) -> str:
    return "\n".join(m.encode(message).decode() for message in client.seen)


async def table(host: GameHost, short_dir, p2: str = "open", *, ruleset: str = "naval-battle",
                scenario: str = "duel") -> tuple[Client, Client, Client, str]:
    """Alice (p1), Bob (p2, unless a captain takes it) and Carol watching, at one battle."""
    socket = short_dir / "host.sock"
    alice = await Client.connect(socket, "key:alice", "Alice")
    bob = await Client.connect(socket, "key:bob", "Bob")
    carol = await Client.connect(socket, "key:carol", "Carol")
    alice.send(m.CreateGame(ruleset=ruleset, scenario=scenario,
                            seats={"p1": "me", "p2": p2}, seed=11))
    game = (await alice.expect(m.Opened)).game.id
    if p2 == "open":
        bob.send(m.JoinGame(game, "p2"))
        await bob.expect(m.Opened)
    carol.send(m.WatchGame(game))
    await carol.expect(m.Opened)
    return alice, bob, carol, game


async def test_the_opponent_and_spectators_never_receive_a_sealed_sheet(host, short_dir):
    alice, bob, carol, game = await table(host, short_dir)
    alice.sessions[game].play(DeclareSpeed("p1", (("eagle", "down"),)))
    for client in (alice, bob, carol):
        await client.until_step(game, 1)
    for client in (bob, carol):
        assert '"down"' not in wire(client)  # the declaration waits for the reveal too
        assert client.sessions[game].state.declared.get("p1") is None
    bob.sessions[game].play(DeclareSpeed("p2", (("grudgebearer", "hold"),)))
    for client in (alice, bob, carol):
        await client.until_step(game, 2)
    assert dict(carol.sessions[game].state.speeds_shown)["eagle"] == "down"  # shown together

    eagle = host.games[game].game.state.ship("eagle")
    sheet = replace(plain_orders(eagle, "down", PORT), maneuvers=(PORT, STARBOARD, PORT),
                    casualties=MARK)
    alice.sessions[game].play(GiveOrders("p1", (sheet,)))
    for client in (alice, bob, carol):
        await client.until_step(game, 3)
    marked = '["boarding","fire","guns","snipers","maneuvers","speed"]'
    assert marked in wire(alice)  # the writer keeps her own sheet
    for client in (bob, carol):
        assert marked not in wire(client)
        seen = client.sessions[game].state.orders
        assert seen.get("p1") is None and seen.sealed_by == ("p1",)
        assert any(e.text == "The Asur: orders sealed" for e in
                   client.sessions[game].events_at(3))


async def test_a_captains_sealed_sheet_and_its_reasons_stay_hidden(host, short_dir):
    alice, _, carol, game = await table(host, short_dir, p2="ai:normal")
    alice.sessions[game].play(DeclareSpeed("p1", (("eagle", "hold"),)))
    for client in (alice, carol):
        await client.until_step(game, 2)  # the captain declares in its turn
    notes = [message.note for client in (alice, carol) for message in client.seen
             if isinstance(message, m.Update) and message.note]
    assert notes and all(note == "The Dawi: sealed" for note in notes)
    assert dict(carol.sessions[game].state.speeds_shown)["grudgebearer"] in ("up", "hold",
                                                                             "down")
