"""A Man O' War Wizard's hand on the game host: his own player receives his cards; the opponent
and a spectator receive how many he holds and never a byte naming one (neither the card's id
nor its name), not in the state sent and not in the draws logged."""

from __future__ import annotations

from ahoy_tui.rules.man_o_war.spellbook import spellbook
from ahoy_tui.server import messages as m

from .conftest import Client


def wire(client: Client) -> str:
    return "\n".join(m.encode(message).decode() for message in client.seen)


async def test_only_a_wizards_own_side_receives_his_cards(host, short_dir):
    socket = short_dir / "host.sock"
    alice = await Client.connect(socket, "key:alice", "Alice")
    bob = await Client.connect(socket, "key:bob", "Bob")
    carol = await Client.connect(socket, "key:carol", "Carol")
    alice.send(m.CreateGame(ruleset="man-o-war", scenario="sorcery",
                            seats={"p1": "me", "p2": "open"}, seed=4))
    game = (await alice.expect(m.Opened)).game.id
    bob.send(m.JoinGame(game, "p2"))
    await bob.expect(m.Opened)
    carol.send(m.WatchGame(game))
    await carol.expect(m.Opened)

    state = host.games[game].game.state
    book = spellbook()
    hands = {w.side: w.hand for w in state.wizards}
    assert all(hands.values())
    for side, client in (("p1", alice), ("p2", bob)):
        others = [c for c in (alice, bob, carol) if c is not client]
        mine = hands[side]
        # no card of this hand that the other hand does not also hold
        secret = [c for c in mine if c not in hands["p2" if side == "p1" else "p1"]]
        for card in secret:
            assert f'"{card}"' in wire(client)  # he sees his own
            for other in others:
                assert f'"{card}"' not in wire(other)
                assert book.spell(card).name not in wire(other)
        for other in others:
            seen = other.sessions[game].state.wizard(side)
            assert seen is not None and seen.hand == tuple("" for _ in mine)


async def test_a_sea_monster_template_is_its_owners_secret_until_summoned(host, short_dir):
    """The leviathans: each side's template lies face down; the other player and a spectator
    receive where it lies, and never a byte naming the monster."""
    socket = short_dir / "host.sock"
    alice = await Client.connect(socket, "key:alice", "Alice")
    bob = await Client.connect(socket, "key:bob", "Bob")
    carol = await Client.connect(socket, "key:carol", "Carol")
    alice.send(m.CreateGame(ruleset="man-o-war", scenario="leviathans",
                            seats={"p1": "me", "p2": "open"}, seed=1))
    game = (await alice.expect(m.Opened)).game.id
    bob.send(m.JoinGame(game, "p2"))
    await bob.expect(m.Opened)
    carol.send(m.WatchGame(game))
    await carol.expect(m.Opened)

    for side, client, kind, name in (("p1", alice, "giant_kraken", "Giant Kraken"),
                                     ("p2", bob, "sea_serpent", "Sea Serpent")):
        assert f'"{kind}"' in wire(client)  # its owner knows his monster
        for other in (c for c in (alice, bob, carol) if c is not client):
            assert f'"{kind}"' not in wire(other) and name not in wire(other)
            seen = next(c for c in other.sessions[game].state.creatures if c.side == side)
            assert seen.kind == "" and seen.where == "template"
