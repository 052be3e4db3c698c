"""The doorkeeper's arithmetic: who may log in, and who may stay (issue 13, 5 and 11)."""

from __future__ import annotations

from ahoy_tui.server.limits import Doorkeeper, Knock, Seat


def test_connections_logging_in_are_bounded_per_address_and_the_oldest_let_go():
    keeper = Doorkeeper(4, max_pending=5, max_pending_per_address=2)
    let_go: list[str] = []
    first = keeper.knock("10.0.0.1", lambda: let_go.append("first"))
    assert isinstance(first, Knock)
    assert isinstance(keeper.knock("10.0.0.1", lambda: let_go.append("second")), Knock)
    for n in range(2, 5):
        assert isinstance(keeper.knock(f"10.0.0.{n}", lambda: None), Knock)
    assert len(keeper.pending) == 5 and not let_go
    # the pool is full: a newcomer is let in, the one that waited longest is let go
    newcomer = keeper.knock("10.0.0.9", lambda: None)
    assert isinstance(newcomer, Knock) and let_go == ["first"] and len(keeper.pending) == 5
    # its address may knock again, now that it has one fewer waiting
    assert isinstance(keeper.knock("10.0.0.1", lambda: let_go.append("third")), Knock)
    assert let_go == ["first", "second"] and len(keeper.pending) == 5  # the pool was full


def test_an_address_whose_share_is_full_lets_its_own_oldest_go():
    """Issue 34, 10: eight idle sockets from one address (a household, a club behind one NAT)
    shut out everyone else there; now the newcomer is let in, and that address's connection
    that has waited longest is let go (no other address's)."""
    keeper = Doorkeeper(4, max_pending=10, max_pending_per_address=3)
    let_go: list[str] = []
    elsewhere = keeper.knock("10.0.0.2", lambda: let_go.append("elsewhere"))
    for n in range(3):
        keeper.knock("10.0.0.1", lambda n=n: let_go.append(f"idle {n}"))
    newcomer = keeper.knock("10.0.0.1", lambda: let_go.append("newcomer"))
    assert isinstance(newcomer, Knock) and let_go == ["idle 0"]
    assert sum(k.address == "10.0.0.1" for k in keeper.pending) == 3
    for n in range(3, 20):  # a script keeps opening them: each goes in turn, oldest first
        keeper.knock("10.0.0.1", lambda n=n: let_go.append(f"idle {n}"))
    assert "newcomer" in let_go and "elsewhere" not in let_go
    assert elsewhere in keeper.pending and len(keeper.pending) == 4
    assert [k.address for k in keeper.pending] == ["10.0.0.2"] + ["10.0.0.1"] * 3


def test_only_players_who_logged_in_count_and_no_address_takes_every_seat():
    keeper = Doorkeeper(3, max_per_address=2)
    for n in range(10):
        keeper.knock(f"10.0.1.{n}", lambda: None)
    seats = [keeper.enter("10.0.0.1"), keeper.enter("10.0.0.1")]
    assert all(isinstance(s, Seat) for s in seats)
    assert "2 players are already connected from your address" in str(keeper.enter("10.0.0.1"))
    web = keeper.enter("10.0.0.2", door="web")
    assert isinstance(web, Seat) and keeper.players == 3
    assert "the server is full (3 players)" in str(keeper.enter("10.0.0.3"))
    keeper.leave(web)
    keeper.leave(web)  # leaving twice frees one seat, not two
    assert keeper.players == 2
    assert isinstance(keeper.enter("10.0.0.3"), Seat)
    assert "full" in str(keeper.enter("10.0.0.4"))
