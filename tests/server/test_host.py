"""The game host through its real socket: seats, spectators, undo by consent, reconnecting,
restarting, guests, and what each client may see."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ahoy_tui.engine import get_ruleset
from ahoy_tui.engine.events import DiceRoll
from ahoy_tui.rules.ahoy import RULESET
from ahoy_tui.server import messages as m
from ahoy_tui.server.host import SPECTATOR, GameHost

from .conftest import Client, broadside, first_choice


async def two_players(host: GameHost, short_dir: Path, turn_limit: int = 1,
                      seed: int = 5) -> tuple[Client, Client, str]:
    socket = short_dir / "host.sock"
    alice = await Client.connect(socket, "key:alice", "Alice")
    bob = await Client.connect(socket, "key:bob", "Bob")
    alice.send(m.CreateGame(seats={"p1": "me", "p2": "open"}, seed=seed,
                            scenario_data=broadside(turn_limit)))
    opened = await alice.expect(m.Opened)
    game = opened.game.id
    bob.send(m.JoinGame(game, "p2"))
    await bob.expect(m.Opened)
    return alice, bob, game


async def play_one(players: dict[str, Client], game: str) -> None:
    """Whoever is to act plays their first choice; everyone waits to see it."""
    anyone = next(iter(players.values()))
    session = anyone.sessions[game]
    actor = players[session.to_act]
    step = actor.sessions[game].step
    actor.sessions[game].play(first_choice(actor.sessions[game]))
    for client in set(players.values()):
        await client.until_step(game, step + 1)


async def test_two_players_play_to_the_end_and_each_sees_the_others_moves(host, short_dir):
    alice, bob, game = await two_players(host, short_dir)
    players = {"p1": alice, "p2": bob}
    moves = 0
    while not alice.sessions[game].over:
        await play_one(players, game)
        moves += 1
        # both clients hold the same step and the same view of the table
        assert alice.sessions[game].step == bob.sessions[game].step == host.games[game].game.step
        assert alice.sessions[game].state.ships == bob.sessions[game].state.ships
    assert moves >= 4
    assert bob.sessions[game].over and "turn limit" in host.games[game].game.state.result
    # the dice log reached both players: every die the host rolled, in order
    rolled = [e for s in range(host.games[game].game.step + 1)
              for e in host.games[game].game.events_at(s) if isinstance(e, DiceRoll)]
    for client in (alice, bob):
        seen = [e for s in range(client.sessions[game].step + 1)
                for e in client.sessions[game].events_at(s) if isinstance(e, DiceRoll)]
        assert seen == rolled and rolled


async def test_only_the_seat_owner_acts_and_a_spectator_cannot(host, short_dir):
    alice, bob, game = await two_players(host, short_dir)
    carol = await Client.connect(short_dir / "host.sock", "key:carol", "Carol")
    carol.send(m.WatchGame(game))
    opened = await carol.expect(m.Opened)
    assert opened.you == () and opened.game.spectators == 1
    live = host.games[game]
    assert live.game.to_act == "p1"
    action = live.game.ruleset.legal_actions(live.game.state).fixed[0]
    data = live.game.action_data(action)
    for intruder, words in ((bob, "Alice's decision"), (carol, "watching")):
        intruder.send(m.Act(game, live.game.step, data))
        refused = await intruder.expect(m.Refused)
        assert words in refused.reason and refused.rule == "Turns and phases"
    assert live.game.step == 0  # nothing was played
    # the spectator's session offers nothing to do, and says whom it waits for
    assert not carol.sessions[game].legal_actions()
    assert "Waiting for Alice" in carol.sessions[game].waiting_text()
    # but when Alice plays, the spectator sees it
    alice.sessions[game].play(first_choice(alice.sessions[game]))
    await carol.until_step(game, 1)
    await alice.until_step(game, 1)
    assert carol.sessions[game].state == alice.sessions[game].state


async def test_a_stale_or_illegal_action_is_refused_with_its_rule_and_changes_nothing(
        host, short_dir):
    alice, _bob, game = await two_players(host, short_dir)
    live = host.games[game]
    action = live.game.action_data(live.game.ruleset.legal_actions(live.game.state).fixed[0])
    alice.send(m.Act(game, 7, action))
    refused = await alice.expect(m.Refused)
    assert "moved on" in refused.reason
    alice.send(m.Act(game, 0, {"type": "raise_anchor", "ship": "kite"}))  # Bob's ship
    refused = await alice.expect(m.Refused)
    assert refused.rule and "Kite" in refused.reason and live.game.step == 0
    alice.send(m.Act(game, 0, {"type": "no_such_thing"}))
    refused = await alice.expect(m.Refused)
    assert "unknown action type" in refused.reason
    alice.link.writer.write(b"this is not json\n")
    refused = await alice.expect(m.Refused)
    assert "not JSON" in refused.reason
    # the connection is still good
    alice.send(m.ListGames())
    lobby = await alice.expect(m.Lobby)
    assert [g.id for g in lobby.games] == [game]


async def test_a_dropped_player_keeps_the_seat_and_comes_back_into_it(host, short_dir):
    alice, bob, game = await two_players(host, short_dir)
    players = {"p1": alice, "p2": bob}
    await play_one(players, game)
    await bob.close()
    seat = await alice.expect(m.Update, lambda u: not u.game.seats[1].connected)
    assert seat.game.seats[1].name == "Bob"  # held for him
    assert "not connected" in alice.sessions[game].waiting_text() or \
        alice.sessions[game].to_act == "p1"
    # someone else cannot take Bob's seat
    dave = await Client.connect(short_dir / "host.sock", "key:dave", "Dave")
    dave.send(m.JoinGame(game, "p2"))
    assert "taken" in (await dave.expect(m.Refused)).reason
    # Bob comes back on a new connection, into the same seat and the same battle
    bob = await Client.connect(short_dir / "host.sock", "key:bob", "Bob")
    bob.send(m.ListGames())
    lobby = await bob.expect(m.Lobby)
    assert lobby.games[0].yours == ("p2",)
    bob.send(m.JoinGame(game))
    opened = await bob.expect(m.Opened)
    assert opened.you == ("p2",) and opened.game.step == host.games[game].game.step
    players["p2"] = bob
    while not alice.sessions[game].over:
        await play_one(players, game)


async def test_a_restarted_host_resumes_every_game_from_its_log(short_dir):
    folder = short_dir / "data"
    first = GameHost(folder, captain_delay=0.0, log=lambda t: None)
    await first.start(short_dir / "host.sock")
    alice, bob, game = await two_players(first, short_dir, turn_limit=3)
    for _ in range(3):
        await play_one({"p1": alice, "p2": bob}, game)
    before = first.games[game].game
    step, digest = before.step, before.state_hash()
    await alice.close()
    await bob.close()
    await first.close()

    second = GameHost(folder, captain_delay=0.0, log=lambda t: None)
    await second.start(short_dir / "host.sock")
    try:
        resumed = second.games[game]
        assert resumed.game.step == step and resumed.game.state_hash() == digest
        assert resumed.seats["p1"].name == "Alice" and resumed.seats["p2"].player == "key:bob"
        bob = await Client.connect(short_dir / "host.sock", "key:bob")
        bob.send(m.JoinGame(game))
        assert (await bob.expect(m.Opened)).you == ("p2",)
        await bob.close()
    finally:
        await second.close()


async def test_a_broken_game_file_is_skipped_with_one_line_and_left_alone(short_dir):
    folder = short_dir / "data" / "games"
    folder.mkdir(parents=True)
    (folder / "abc123.json").write_text('{"format": "ahoy-tui-save", "version": 1, "trunc')
    lines: list[str] = []
    host = GameHost(short_dir / "data", log=lines.append)
    assert host.games == {}
    assert len(lines) == 1 and "abc123.json" in lines[0]
    assert (folder / "abc123.json").read_text().endswith("trunc")  # not overwritten


async def test_undo_against_another_player_needs_their_consent(host, short_dir):
    alice, bob, game = await two_players(host, short_dir)
    live = host.games[game]
    alice.sessions[game].play(first_choice(alice.sessions[game]))  # no dice yet
    await bob.until_step(game, 1)
    await alice.until_step(game, 1)
    assert live.policy() == "strict"
    alice.send(m.RequestUndo(game))
    asked = await bob.expect(m.UndoAsked)
    assert asked.by == "Alice" and asked.steps == 1
    bob.send(m.AnswerUndo(game, False))
    notice = await alice.expect(m.Notice, lambda n: "refused" in n.text)
    assert "Bob" in notice.text and live.game.step == 1
    alice.send(m.RequestUndo(game))
    await bob.expect(m.UndoAsked)
    bob.send(m.AnswerUndo(game, True))
    update = await alice.expect(m.Update, lambda u: u.reset)
    assert update.game.step == 0 and live.game.step == 0
    await bob.expect(m.Update, lambda u: u.reset)
    assert bob.sessions[game].step == 0


async def test_strict_undo_never_takes_back_a_die(host, short_dir):
    alice, bob, game = await two_players(host, short_dir)
    live = host.games[game]
    players = {"p1": alice, "p2": bob}
    while not any(isinstance(e, DiceRoll) for s in range(1, live.game.step + 1)
                  for e in live.game.events_at(s)):
        await play_one(players, game)
    actor = players[live.game.state_at(live.game.step - 1).to_act]
    actor.send(m.RequestUndo(game))
    refused = await actor.expect(m.Refused)
    assert refused.rule == "Undo" and "die" in refused.reason


async def test_against_a_captain_the_captain_plays_and_undo_is_at_once(host, short_dir):
    alice = await Client.connect(short_dir / "host.sock", "key:alice", "Alice")
    alice.send(m.CreateGame(seats={"p1": "ai:easy", "p2": "me"}, seed=3,
                            scenario_data=broadside()))
    opened = await alice.expect(m.Opened)
    game = opened.game.id
    # the captain (p1) moves first, by itself, with a reason in the note
    update = await alice.expect(m.Update, lambda u: bool(u.note))
    assert "Empire" in update.note and " — " in update.note
    while alice.sessions[game].to_act != "p2":
        await alice.receive()
    step = alice.sessions[game].step
    alice.sessions[game].play(first_choice(alice.sessions[game]))
    await alice.until_step(game, step + 1)
    alice.send(m.RequestUndo(game))  # nobody else to ask
    update = await alice.expect(m.Update, lambda u: u.reset)
    assert update.game.step <= step


async def test_nobody_receives_the_dice_seed_and_each_gets_their_sides_view(
        host, short_dir, monkeypatch):
    seen_sides: list[str] = []
    ahoy_view = type(RULESET).view

    def spying_view(self, state, side):  # the host must ask for the recipient's own view
        seen_sides.append(side)
        return ahoy_view(self, state, side)

    monkeypatch.setattr(type(RULESET), "view", spying_view)
    alice, bob, game = await two_players(host, short_dir, seed=987654321)
    carol = await Client.connect(short_dir / "host.sock", "key:carol", "Carol")
    carol.send(m.WatchGame(game))
    await carol.expect(m.Opened)
    seen_sides.clear()
    alice.sessions[game].play(first_choice(alice.sessions[game]))
    for client in (alice, bob, carol):
        await client.until_step(game, 1)
    assert sorted(seen_sides) == sorted(["p1", "p2", SPECTATOR])
    seed = host.games[game].game.state.rng.seed
    assert seed == 987654321
    for client in (alice, bob, carol):
        for message in client.seen:
            if isinstance(message, (m.Opened, m.Update)):
                assert message.state["rng"]["seed"] == 0
                assert str(seed) not in json.dumps(message.state)


async def test_a_ruleset_can_hide_events_from_a_side(host, short_dir, monkeypatch):
    """Secret orders (later rulesets) are events only their owner may see: the host asks the
    ruleset, recipient by recipient."""
    def only_p1_sees_dice(event, side):
        return side == "p1" or not isinstance(event, DiceRoll)

    monkeypatch.setattr(type(RULESET), "event_visible", staticmethod(only_p1_sees_dice),
                        raising=False)
    alice, bob, game = await two_players(host, short_dir)
    carol = await Client.connect(short_dir / "host.sock", "key:carol", "Carol")
    carol.send(m.WatchGame(game))
    await carol.expect(m.Opened)
    players = {"p1": alice, "p2": bob}
    live = host.games[game]
    while not any(isinstance(e, DiceRoll) for s in range(live.game.step + 1)
                  for e in live.game.events_at(s)):
        await play_one(players, game)
    await carol.until_step(game, live.game.step)

    def dice(client: Client) -> int:
        return sum(isinstance(e, DiceRoll) for s in range(live.game.step + 1)
                   for e in client.sessions[game].events_at(s))

    assert dice(alice) > 0 and dice(bob) == 0 and dice(carol) == 0


async def test_guests_play_but_their_games_are_not_kept(host, short_dir):
    guest = await Client.connect(short_dir / "host.sock", "guest:sam:1", "sam", guest=True)
    guest.send(m.CreateGame(seats={"p1": "me", "p2": "open"}, seed=1,
                            scenario_data=broadside()))
    opened = await guest.expect(m.Opened)
    assert not opened.game.kept
    assert not (host.folder / "games").exists() or not list((host.folder / "games").iterdir())
    assert json.loads((host.folder / "players.json").read_text()
                      if (host.folder / "players.json").exists() else "{}") == {}
    await guest.close()
    alice = await Client.connect(short_dir / "host.sock", "key:alice", "Alice")
    alice.send(m.ListGames())
    assert (await alice.expect(m.Lobby)).games == ()  # gone with its only player


async def test_names_are_checked_and_unique(host, short_dir):
    await Client.connect(short_dir / "host.sock", "key:alice", "Alice")
    other = await Client.connect(short_dir / "host.sock", "key:other")
    for name, words in (("alice", "taken"), ("", "at least one letter"),
                        ("x" * 30, "at most"), ("<script>", "may have")):
        other.send(m.SetName(name))
        assert words in (await other.expect(m.Refused)).reason
    other.send(m.CreateGame(seats={"p1": "me"}))
    assert "name first" in (await other.expect(m.Refused)).reason


@pytest.mark.parametrize("seats, words", [
    ({"p1": "me", "p2": "ai:genius"}, "no computer captain"),
    ({"p1": "me", "p3": "open"}, "no side p3"),
    ({"p1": "someone"}, "a seat is me, open or ai:LEVEL"),
])
async def test_a_bad_new_game_is_refused(host, short_dir, seats, words):
    alice = await Client.connect(short_dir / "host.sock", "key:alice", "Alice")
    alice.send(m.CreateGame(seats=seats, scenario_data=broadside()))
    assert words in (await alice.expect(m.Refused)).reason
    assert host.games == {}


def test_every_message_survives_the_wire_and_bad_lines_say_what_is_wrong():
    info = m.GameInfo("abc", "ahoy", "duel", "A Duel", (m.SeatInfo("p1", "Empire", "open"),),
                      1, 0, "p1", False, None, 0)
    for message in (m.Hello("key:x", "x"), m.CreateGame(seats={"p1": "me"}, seed=3),
                    m.Act("abc", 2, {"type": "end_orders"}), m.Lobby((info,)),
                    m.Update(info, {"a": 1}, 3, ((1, {"event": "happened"}),), True, "n"),
                    m.Refused("no", "Rule", "abc")):
        assert m.decode(m.encode(message)) == message
    for line, words in ((b"{", "not JSON"), (b"[1]", "JSON object"),
                        (b'{"type": "nope"}', "unknown message type"),
                        (b'{"type": "act", "game": "g", "step": "3", "action": {}}',
                         "expected a whole number")):
        with pytest.raises(m.BadMessage, match=words):
            m.decode(line)
    assert get_ruleset("ahoy").state_type is type(RULESET.setup(
        RULESET.load_scenario("duel"), 1, {})[0])


async def test_a_players_colours_are_kept_for_their_next_connection(host, short_dir):
    alice = await Client.connect(short_dir / "host.sock", "key:alice", "Alice")
    alice.send(m.SetOption("colour", "256"))
    assert "next connection" in (await alice.expect(m.Notice)).text
    assert GameHost(host.folder).players.option("key:alice", "colour") == "256"
    alice.send(m.SetOption("colour", "rainbow"))
    assert "no option" in (await alice.expect(m.Refused)).reason


async def test_a_guest_whose_user_name_is_no_name_is_asked_for_one(host, short_dir):
    link = await Client.connect(short_dir / "host.sock", "guest:x:1", guest=True)
    link.send(m.Hello("guest:x:2", "[bold red]x", True))
    welcome = await link.expect(m.Welcome)
    assert welcome.name == ""  # the lobby asks, and check_name guards what is chosen


async def test_the_player_who_takes_a_seat_is_shown_connected_to_those_already_there(
        host, short_dir):
    alice, bob, game = await two_players(host, short_dir)
    update = await alice.expect(m.Update, lambda u: u.game.id == game)
    (seat,) = [s for s in update.game.seats if s.side == "p2"]
    assert seat.name == "Bob" and seat.occupant == "human"
    assert seat.connected  # not "the seat is held for them": Bob is here
    assert not [u for u in bob.seen if isinstance(u, m.Update)]  # his Opened said it all
