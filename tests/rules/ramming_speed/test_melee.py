"""Moving aboard (13.x), boarding (15.x), hand to hand fighting (16.x) and repelling
boarders or surrendering (17.x), every die forced.

``a`` (p1) lies at (20, 20) heading north, ``b`` (p2) alongside to her east, held by two
lines thrown by ``a`` unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.ramming_speed import melee
from ahoy_tui.rules.ramming_speed.actions import Board, PhaseDone
from ahoy_tui.rules.ramming_speed.legal import phase_choices
from ahoy_tui.rules.ramming_speed.model import Grapple, Man, Phase, RSState, Status

from .crews import battle, crew, cup, galley, man, play, rolls

HELD = (Grapple("a", "b", lines=2),)


def two(a_men: tuple[Man, ...], b_men: tuple[Man, ...], *, phase: Phase = Phase.BOARD,
        kind_b: str = "trireme", **kw: object) -> RSState:
    a = galley("a", "p1", x=20, y=20)
    b = galley("b", "p2", x=23, y=20, kind=kind_b)
    kw.setdefault("grapples", HELD)
    return battle(a, b, men=a_men + b_men, phase=phase, **kw)  # type: ignore[arg-type]


def boarders_on_b(*ranks: str, section: str = "bow") -> tuple[Man, ...]:
    return tuple(man(f"a-{r[:3]}{i + 1}", r, "a", aboard="b", section=section)
                 for i, r in enumerate(ranks))


def defenders(*ranks: str, section: str = "bow") -> tuple[Man, ...]:
    return tuple(man(f"b-{r[:3]}{i + 1}", r, "b", section=section) for i, r in enumerate(ranks))


def ids(state: RSState) -> set[str]:
    return {m.id for m in state.men}


def fight(state: RSState, *faces: int, rnd: int = 1) -> RSState:
    with forced(*faces):
        dice, _ = cup()
        after = melee.fight_round(state, "b", rnd, dice, [])
    assert dice.rng.counter == len(faces), "every die forced, and no more"
    return after


# --- 15.0-15.1 boarding -------------------------------------------------------------------

def test_the_grappling_side_has_the_first_option_to_board():
    state = two(crew("a", ("marine", "bow")), crew("b", ("marine", "bow")),
                grappled_by=(("b", "p1"),), to_act="p1")
    assert Board("p1", "a", "b", True) in list(phase_choices(state, Phase.BOARD, "p1"))
    assert not any(isinstance(c, Board) for c in phase_choices(state, Phase.BOARD, "p2"))
    # a's side declines: now b's side may board (15.0)
    declined = replace(state, done=("p1",))
    assert Board("p2", "b", "a", True) in list(phase_choices(declined, Phase.BOARD, "p2"))


def test_declining_to_board_hands_the_option_over_through_the_turn():
    state = two(crew("a", ("marine", "bow")), crew("b", ("marine", "bow")),
                grappled_by=(("b", "p1"),), to_act="p1")
    after, _ = play(state, PhaseDone("p1"))
    assert after.phase is Phase.BOARD and after.to_act == "p2"


def test_only_captains_marines_archers_and_admirals_board():
    a_men = crew("a", ("admiral", "stern"), ("captain", "stern"), ("marine", "bow"),
                 ("archer", "middle"), ("sailor", "stern"), ("artilleryman", "middle"))
    state = two(a_men, crew("b", ("sailor", "stern")))
    after = melee.board(state, "a", "b", True, [])
    crossed = {m.rank for m in after.men if m.ship == "a" and m.aboard == "b"}
    assert crossed == {"admiral", "captain", "marine", "archer"}
    rank_and_file = melee.board(state, "a", "b", False, [])
    assert {m.rank for m in rank_and_file.men if m.ship == "a" and m.aboard == "b"} == {
        "marine", "archer"}


def test_wounded_men_do_not_board():
    a_men = (man("a-mar1", "marine", "a", section="bow", wounded_until=1),
             man("a-mar2", "marine", "a", section="bow"))
    after = melee.board(two(a_men, ()), "a", "b", True, [])
    assert after.man("a-mar1").aboard == "a" and after.man("a-mar2").aboard == "b"


def test_five_boarders_a_section_the_nearest_first():
    a_men = crew("a", *(("marine", "bow"),) * 7)
    # b lies ahead of a's bow, end-on: her stern is nearest
    state = battle(galley("a", "p1", x=20, y=20), galley("b", "p2", x=20, y=12.5),
                   men=a_men, grapples=HELD, phase=Phase.BOARD)
    after = melee.board(state, "a", "b", True, [])
    where = [m.section for m in after.men if m.aboard == "b"]
    assert where.count("stern") == 5 and where.count("middle") == 2


def test_no_boarding_where_her_deck_already_holds_five_of_ours_a_section():
    """13.2: five of a side to a section in combat; with every section of b full of a's men,
    boarding her from another galley is not offered (it would move no one)."""
    full = tuple(man(f"a-mar{s}{i}", "marine", "a", aboard="b", section=s)
                 for s in ("bow", "middle", "stern") for i in range(5))
    c = galley("c", "p1", x=20, y=27)
    state = battle(galley("a", "p1", x=20, y=20), galley("b", "p2", x=23, y=20), c,
                   men=full + crew("c", ("marine", "bow")) + defenders("sailor"),
                   grapples=(*HELD, Grapple("c", "b", lines=2)), phase=Phase.BOARD,
                   grappled_by=(("b", "p1"),), to_act="p1")
    assert melee.room_aboard(state, "p1", "b") == 0
    assert not any(isinstance(a, Board) and a.ship == "c"
                   for a in phase_choices(state, Phase.BOARD, "p1"))
    thinned = replace(state, men=state.men[1:])
    assert Board("p1", "c", "b", True) in list(phase_choices(thinned, Phase.BOARD, "p1"))


# --- 16.1 the duel --------------------------------------------------------------------------

@pytest.mark.parametrize(("ra", "rb", "falls"), [
    (5, 3, "b-mar1"), (6, 1, "b-mar1"), (4, 3, None), (3, 3, None), (2, 3, None),
    (3, 5, "a-mar1")])
def test_a_duel_two_points_ahead_kills_else_a_draw(ra, rb, falls):
    state = two(boarders_on_b("marine"), defenders("marine"))
    after = fight(state, ra, rb)
    assert ids(state) - ids(after) == ({falls} if falls else set())


# --- 16.2-16.5 superiority, numbers, never more than +1 -----------------------------------

EXAMPLES = [  # 16.5, every worked example: (a's men, b's men, a's bonus, b's bonus)
    (("archer",), ("sailor",), 1, 0),               # an archer fighting a sailor
    (("marine",), ("archer",), 1, 0),               # a marine fighting an archer
    (("admiral",), ("sailor",), 1, 0),              # an admiral only +1 against a sailor
    (("marine", "marine"), ("marine",), 1, 0),      # two marines against one
    (("marine", "marine"), ("sailor",), 1, 0),      # two marines against a sailor: still +1
    (("archer", "archer"), ("captain",), 1, 1),     # two archers against a captain: even
    (("admiral", "sailor"), ("admiral",), 1, 0),    # an assisted admiral, even by a sailor
]


@pytest.mark.parametrize(("ours", "theirs", "plus_a", "plus_b"), EXAMPLES)
def test_the_worked_examples_of_16_5(ours, theirs, plus_a, plus_b):
    a = [man(f"x{i}", r, "a") for i, r in enumerate(ours)]
    b = [man(f"y{i}", r, "b") for i, r in enumerate(theirs)]
    assert melee.modifiers(a, b) == (plus_a, plus_b)


@pytest.mark.parametrize(("ours", "theirs", "plus_a", "plus_b"), EXAMPLES)
def test_the_worked_examples_decide_a_duel(ours, theirs, plus_a, plus_b):
    # 4 against 3: the +1 makes it two points, a kill; with even bonuses it is a draw
    a = [man(f"a-x{i}", r, "a", aboard="b", section="bow") for i, r in enumerate(ours)]
    b = [man(f"b-y{i}", r, "b", section="bow") for i, r in enumerate(theirs)]
    state = two(tuple(a), tuple(b))
    officer_falls = plus_a > plus_b and {"captain", "admiral"} & set(theirs)
    with forced(4, 3, *((3,) if officer_falls else ())):   # his crew's morale (22.0)
        dice, _ = cup()
        after = melee.duel(state, a, b, "test", dice, [])
    if plus_a and not plus_b:
        assert len(ids(state) - ids(after)) == 1 and (ids(state) - ids(after)) <= {
            m.id for m in b}
    else:
        assert ids(after) == ids(state)


def test_equal_men_have_no_bonus():
    a = [man("x", "marine", "a")]
    assert melee.modifiers(a, [man("y", "marine", "b")]) == (0, 0)


# --- 16.6 the loser of two against one chooses who falls ----------------------------------

def test_the_losing_pair_gives_up_its_least_valuable_man():
    # a's marine and archer against b's marine: a +1 for numbers; 1+1 against 6: a loses;
    # the game chooses for her as a player would, her archer (16.6)
    state = two(boarders_on_b("marine", "archer"), defenders("marine"))
    a = [state.man("a-mar1"), state.man("a-arc2")]
    with forced(1, 6):
        dice, _ = cup()
        after = melee.duel(state, a, [state.man("b-mar1")], "test", dice, [])
    assert ids(state) - ids(after) == {"a-arc2"}


def test_a_captain_losing_alongside_a_marine_keeps_his_life():
    state = two(boarders_on_b("marine"), defenders("captain", "marine"))
    b = [state.man("b-cap1"), state.man("b-mar2")]
    with forced(6, 2):   # 6 against 2+1: b's pair loses; the marine falls, not the captain
        dice, _ = cup()
        after = melee.duel(state, [state.man("a-mar1")], b, "test", dice, [])
    assert ids(state) - ids(after) == {"b-mar2"}


# --- 16.7 three abreast in the bow and stern, one amidships ---------------------------------

def test_three_abreast_in_the_bow():
    state = two(boarders_on_b(*("marine",) * 5), defenders(*("marine",) * 5))
    fight(state, *([3] * 6))   # three duels, a D6 a side each


def test_one_abreast_amidships():
    state = two(boarders_on_b("marine", "marine", section="middle"),
                defenders("marine", "marine", section="middle"))
    fight(state, 3, 3)   # one duel


def test_extra_men_double_up_on_the_duels_of_the_front():
    # four boarders against two in the stern: three come forward; two duels, one of them
    # two against one
    state = two(boarders_on_b(*("marine",) * 4, section="stern"),
                defenders("marine", "marine", section="stern"))
    with forced(3, 3, 3, 3):
        dice, events = cup()
        melee.fight_round(state, "b", 1, dice, events)
    bonus = [r.purpose.endswith("+1") for r in rolls(events)]
    assert bonus.count(True) == 1


# --- 16.8 a tower --------------------------------------------------------------------------

def test_men_defending_a_tower_are_at_plus_one():
    # b a quinquereme with her tower amidships: an archer up there against a's archer
    tower = (man("b-arc1", "archer", "b", section="tower"),)
    state = two(boarders_on_b("archer", section="middle"), tower, kind_b="quinquereme")
    after = fight(state, 3, 4)   # 3 against 4+1: the boarder falls
    assert ids(state) - ids(after) == {"a-arc1"}


def test_the_tower_is_fought_one_man_at_a_time_when_the_deck_is_clear():
    tower = (man("b-arc1", "archer", "b", section="tower"),)
    state = two(boarders_on_b("marine", "marine", "marine", section="middle"), tower,
                kind_b="quinquereme")
    fight(state, 3, 3)   # one duel only, whatever the numbers


def test_boarders_fight_the_deck_first_and_may_pass_the_tower_by():
    b_men = (man("b-arc1", "archer", "b", section="tower"),
             man("b-mar1", "marine", "b", section="middle"))
    state = two(boarders_on_b("marine", section="middle"), b_men, kind_b="quinquereme")
    with forced(3, 3):
        dice, events = cup()
        melee.fight_round(state, "b", 1, dice, events)
    assert all("tower" not in r.purpose for r in rolls(events))


# --- 13.1, 16.7 two rounds a turn, men stepping a section between ---------------------------

def test_two_melee_rounds_a_turn():
    state = two(boarders_on_b("marine"), defenders("marine"))
    with forced(3, 3, 3, 3):
        dice, events = cup()
        melee.melee(state, dice, events)
    assert [r.purpose.split(", round ")[1][0] for r in rolls(events)] == ["1", "1", "2", "2"]


def test_men_step_one_section_toward_the_fight_between_rounds():
    # the fight is in b's bow; her marine amidships steps up and fights in round two; her
    # captain in the stern reaches amidships (13.1: a section a round)
    b_men = (man("b-mar1", "marine", "b", section="bow"),
             man("b-mar2", "marine", "b", section="middle"),
             man("b-cap1", "captain", "b", section="stern"))
    state = two(boarders_on_b("marine", "marine"), b_men)
    # round 1: a's two marines against b's one: one duel, a +1. Round 2: two duels
    with forced(3, 3, 3, 3, 3, 3):
        dice, _ = cup()
        after = melee.melee(state, dice, [])
    assert after.man("b-mar2").section == "bow"
    assert after.man("b-cap1").section == "middle"


def test_boarding_sailors_do_not_join_the_fight():
    sailor = man("a-sai1", "sailor", "a", aboard="b", section="stern")
    state = two((*boarders_on_b("marine"), sailor), defenders("marine"))
    after = melee.close_up(state, "b")
    assert after.man("a-sai1").section == "stern"


# --- 17.0-17.2 repelling boarders and surrendering the ship ---------------------------------

def morale(state: RSState, *faces: int) -> tuple[RSState, list]:
    with forced(*faces):
        dice, events = cup()
        after = melee.boarding_morale(state, dice, events)
    assert dice.rng.counter == len(faces)
    return after, events


def test_no_thought_of_defeat_in_the_first_turn():
    # four marines against one sailor: a surrender at 2:1, but not in the first turn (17.0)
    state = two(boarders_on_b("marine", "marine", "marine", "marine"), defenders("sailor"))
    first, events = morale(state)
    assert first.ship("b").afloat and first.ship("b").boarding_turns == 1
    assert any(getattr(e, "kind", "") == "fury" for e in events)
    second, _ = morale(first)
    assert second.ship("b").status is Status.CAPTURED


def test_the_romans_and_greeks_of_17_1():
    # Five Roman marines and their captain aboard the Greek flagship, defended by two
    # marines, two archers, two sailors, her captain and the admiral: 7 points against 11:
    # the Romans retreat, at once, to their own ship (17.2)
    romans = boarders_on_b("marine", "marine", "marine", "marine", "marine", "captain")
    greeks = (*defenders("marine", "marine", "archer", "archer", section="bow"),
              *defenders("sailor", "sailor", "captain", "admiral", section="stern"))
    greeks = tuple(replace(m, id=f"{m.id}-{i}") for i, m in enumerate(greeks))
    state = two(romans, greeks)
    state = state.with_ship(replace(state.ship("b"), boarding_turns=1, flagship=True))
    assert melee.points(romans) == 7 and melee.points(greeks) == 11
    after, events = morale(state)
    assert all(after.man(m.id).aboard == "a" for m in romans)
    assert any(getattr(e, "kind", "") == "repelled" for e in events)
    assert after.ship("b").afloat


def test_led_boarders_hold_on_until_outnumbered_three_to_two():
    state = two(boarders_on_b("marine", "marine", "captain"),   # 4 points
                defenders("marine", "marine", "marine", "marine", "marine"))   # 5
    state = state.with_ship(replace(state.ship("b"), boarding_turns=1))
    after, _ = morale(state)
    assert after.man("a-cap3").aboard == "b"
    six = replace(state, men=(*state.men, man("b-mar9", "marine", "b", section="stern")))
    after, _ = morale(six)   # 6 against 4: three to two
    assert after.man("a-cap3").aboard == "a"


def test_leaderless_boarders_retreat_if_outnumbered_at_all():
    state = two(boarders_on_b("marine", "marine", "marine"),
                defenders("marine", "marine", "sailor"))
    state = state.with_ship(replace(state.ship("b"), boarding_turns=1))
    even, _ = morale(state)
    assert even.man("a-mar1").aboard == "b"
    more = replace(state, men=(*state.men, man("b-sai9", "sailor", "b", section="stern")))
    after, _ = morale(more)
    assert {m.aboard for m in after.men if m.ship == "a"} == {"a"}


def test_defenders_outnumbered_two_to_one_surrender():
    state = two(boarders_on_b("marine", "marine", "marine"), defenders("marine", "sailor"))
    state = state.with_ship(replace(state.ship("b"), boarding_turns=1))
    after, _ = morale(state)   # 3 against 2: she fights on
    assert after.ship("b").afloat
    four = replace(state, men=(*state.men, man("a-mar9", "marine", "a", aboard="b")))
    taken, events = morale(four)
    assert taken.ship("b").status is Status.CAPTURED
    assert any(getattr(e, "kind", "") == "surrender" for e in events)


def test_wounded_men_do_not_count():
    # the project's reading: only men fit to fight are counted (17.1)
    b_men = (*defenders("marine"), man("b-mar8", "marine", "b", wounded_until=5),
             man("b-mar9", "marine", "b", wounded_until=5))
    state = two(boarders_on_b("marine", "marine"), b_men)
    state = state.with_ship(replace(state.ship("b"), boarding_turns=1))
    after, _ = morale(state)
    assert after.ship("b").status is Status.CAPTURED


def test_a_captured_ship():
    state = two(boarders_on_b("marine", "marine", "marine", "marine"),
                defenders("marine", "sailor"))
    state = state.with_ship(replace(state.ship("b"), boarding_turns=1))
    state = state.with_ship(replace(state.ship("a"), embedded="b"))
    taken, _ = morale(state)
    b = taken.ship("b")
    assert b.status is Status.CAPTURED and not b.afloat
    assert not any(m.ship == "b" for m in taken.men)           # her men prisoners
    assert {m.aboard for m in taken.men if m.ship == "a"} == {"a"}   # the captors go home
    assert taken.grapples == () and taken.ship("a").embedded is None
    assert melee.fights(taken) == ()


def test_a_galley_with_no_fit_man_left_and_boarders_aboard_is_captured():
    b_men = (man("b-sai1", "sailor", "b", section="stern", wounded_until=2),)
    state = two(boarders_on_b("marine", section="stern"), b_men)
    dice, _ = cup()
    after = melee.overrun(state, "b", dice, [])
    assert after.ship("b").status is Status.CAPTURED
    assert "b-sai1" not in ids(after)


def test_a_captured_flagship_shakes_the_fleet():
    state = two(boarders_on_b("marine", "marine", "marine", "marine"), defenders("sailor"))
    state = state.with_ship(replace(state.ship("b"), boarding_turns=1, flagship=True))
    c = galley("c", "p2", x=40, y=40)
    state = replace(state, ships=(*state.ships, c),
                    men=(*state.men, man("c-sai1", "sailor", "c", section="stern")))
    taken, _ = morale(state, 1)   # c throws a 1: she withdraws (22.6)
    assert taken.ship("c").withdrawing


# --- issue 37: boarders with no ship to go back to; 17.0 anew for a new boarding ------------

def orphaned(status: Status = Status.CAPTURED, **kw: object) -> RSState:
    """a's two marines on b's deck, outnumbered by b's three (no officer: they give up);
    a herself no longer afloat."""
    state = two(boarders_on_b("marine", "marine"),
                defenders("marine", "marine", "sailor"), **kw)
    state = state.with_ship(replace(state.ship("b"), boarding_turns=1))
    return state.with_ship(replace(state.ship("a"), status=status))


@pytest.mark.parametrize("status", [Status.CAPTURED, Status.SUNK, Status.GONE])
def test_boarders_whose_galley_is_lost_are_taken_prisoner_when_they_give_up(status):
    state = orphaned(status, grapples=())
    after, events = morale(state)
    assert not any(m.ship == "a" for m in after.men)        # prisoners: off the table
    (line,) = [e.text for e in events if getattr(e, "kind", "") == "repelled"]
    assert "taken prisoner" in line and "go back" not in line
    assert melee.fights(after) == ()
    assert after.ship("b").boarding_turns == 0


def test_boarders_whose_galley_is_lost_cross_to_a_friend_held_fast_to_the_deck():
    c = galley("c", "p1", x=26, y=20)
    state = orphaned(grapples=(Grapple("c", "b", lines=2),))
    state = replace(state, ships=(*state.ships, c))
    after, events = morale(state)
    assert {m.aboard for m in after.men if m.ship == "a"} == {"c"}
    (line,) = [e.text for e in events if getattr(e, "kind", "") == "repelled"]
    assert "A's 2 men cross to C" in line


def test_boarders_whose_galley_is_afloat_go_back_to_her_and_the_log_says_so():
    state = orphaned(Status.AFLOAT)
    after, events = morale(state)
    assert {m.aboard for m in after.men if m.ship == "a"} == {"a"}
    (line,) = [e.text for e in events if getattr(e, "kind", "") == "repelled"]
    assert line.endswith("(A's 2 men go back to their own ship)")


def test_captors_with_no_ship_to_go_back_to_keep_the_prize():
    state = two(boarders_on_b("marine", "marine", "marine", "marine"), defenders("sailor"),
                grapples=())
    state = state.with_ship(replace(state.ship("b"), boarding_turns=1))
    state = state.with_ship(replace(state.ship("a"), status=Status.SUNK))
    taken, events = morale(state)
    assert taken.ship("b").status is Status.CAPTURED
    assert {m.aboard for m in taken.men if m.ship == "a"} == {"b"}
    assert any(getattr(e, "kind", "") == "prize_crew" for e in events)


def test_a_new_boarding_has_its_own_first_turn_of_grace():
    # repelled at the end of turn 3; boarding again on turn 4, four marines against one
    # sailor: 17.0's first turn again, no surrender at the end of turn 4
    state = two(boarders_on_b("marine", "marine"),
                defenders("marine", "marine", "marine", "sailor"))
    state = state.with_ship(replace(state.ship("b"), boarding_turns=2))
    repelled, _ = morale(state)
    assert repelled.ship("b").boarding_turns == 0
    again = replace(repelled, men=tuple(
        replace(m, aboard="b", section="bow") if m.ship == "a" else m for m in repelled.men
        if m.id not in ("b-mar1", "b-mar2", "b-mar3")))
    again = replace(again, men=(*again.men, man("a-mar7", "marine", "a", aboard="b"),
                                man("a-mar8", "marine", "a", aboard="b")))
    after, events = morale(again)
    assert after.ship("b").afloat and after.ship("b").boarding_turns == 1
    assert any(getattr(e, "kind", "") == "fury" for e in events)


# --- issue 37: a fight goes on: boarders move on defenders a section away (13.1) --------------

def test_boarders_move_on_defenders_in_the_next_section_and_fight_there():
    # a's marine in b's bow, b's marine amidships: round one he steps amidships and the duel is
    # fought there (men fight in the round they arrive, 13.1)
    state = two(boarders_on_b("marine"), defenders("marine", section="middle"))
    with forced(3, 3, 3, 3):
        dice, events = cup()
        after = melee.melee(state, dice, events)
    assert after.man("a-mar1").section == "middle"
    assert [r.purpose.split(":")[0] for r in rolls(events)] == ["B's middle, round 1"] * 2 + [
        "B's middle, round 2"] * 2


def test_a_lone_boarder_climbs_to_the_tower_men_who_hold_her():
    # b's only defender is in her tower amidships; a's marine in the bow moves amidships in
    # round one and fights up the tower (16.8, the defender +1)
    b_men = (man("b-arc1", "archer", "b", section="tower"),)
    state = two(boarders_on_b("marine"), b_men, kind_b="quinquereme")
    with forced(3, 3, 3, 3):
        dice, events = cup()
        melee.melee(state, dice, events)
    assert [r.rule for r in rolls(events)] == [melee.TOWER] * 4


# --- issue 37: the player commands his men ----------------------------------------------------

def test_a_man_placed_in_maintenance_stays_where_his_captain_put_him():
    # 13.0: "freely placed anywhere on their ship": a's captain sent to her bow stays there
    # when the rest are placed at the end of maintenance (a sailor's place is aft)
    from ahoy_tui.rules.ramming_speed import flow
    from ahoy_tui.rules.ramming_speed.actions import PlaceMan

    a = galley("a", "p1", x=20, y=20)
    b = galley("b", "p2", x=60, y=40)
    men = (man("a-cap1", "captain", "a", section="stern"),
           man("a-sai1", "sailor", "a", section="bow"), man("b-sai1", "sailor", "b"))
    state = battle(a, b, men=men, phase=Phase.MAINTENANCE)
    move = PlaceMan("p1", "a", "a-cap1", "bow")
    assert move in list(phase_choices(state, Phase.MAINTENANCE, "p1"))
    from ahoy_tui.rules.ramming_speed import RULESET
    assert RULESET.describe_action(state, move) == "A: her captain (stern) to her bow"
    state, events = play(state, move)
    assert PlaceMan("p1", "a", "a-cap1", "middle") not in list(
        phase_choices(state, Phase.MAINTENANCE, "p1"))           # once a maintenance
    assert [e.text for e in events if getattr(e, "kind", "") == "placed"] == [
        "A's captain goes to her bow"]
    state, _ = play(state, PhaseDone("p1"))
    while state.phase is Phase.MAINTENANCE:
        state, _ = play(state, PhaseDone(state.to_act))
    assert state.man("a-cap1").section == "bow"
    assert state.man("a-sai1").section == "stern"                # placed as a captain would
    assert flow.writers(state)


def test_no_sixth_man_is_placed_in_a_full_section():
    from ahoy_tui.rules.ramming_speed import RammingSpeedRuleset
    from ahoy_tui.rules.ramming_speed.actions import PlaceMan

    a = galley("a", "p1", x=20, y=20)
    b = galley("b", "p2", x=60, y=40)
    men = (*crew("a", *[("marine", "bow")] * 5), man("a-cap1", "captain", "a", section="stern"),
           man("b-sai1", "sailor", "b"))
    state = battle(a, b, men=men, phase=Phase.MAINTENANCE)
    assert not any(isinstance(c, PlaceMan) and c.man == "a-cap1" and c.section == "bow"
                   for c in phase_choices(state, Phase.MAINTENANCE, "p1"))
    rule, _ = RammingSpeedRuleset().explain_illegal(state, PlaceMan("p1", "a", "a-cap1", "bow"))
    assert rule == "13.2 Moving aboard ship"


def test_a_galley_may_call_her_boarders_home():
    from ahoy_tui.rules.ramming_speed.actions import Recall

    state = two(boarders_on_b("marine", "captain"), defenders("marine", "marine"))
    state = state.with_ship(replace(state.ship("b"), boarding_turns=1))
    call = Recall("p1", "a", "b")
    assert call in list(phase_choices(state, Phase.BOARD, "p1"))
    after, events = play(state, call)
    assert {m.aboard for m in after.men if m.ship == "a"} == {"a"}
    assert any(getattr(e, "kind", "") == "recalled" for e in events)
    assert after.ship("b").boarding_turns == 0


def test_friends_may_grapple_a_friend_and_so_hold_her_up():
    # 14.0 lines within 2"; a sinking p1 galley held by two sound friends (11.0)
    from ahoy_tui.rules.ramming_speed.actions import DropCorvus, ThrowLines
    from ahoy_tui.rules.ramming_speed.sinking import check_afloat

    a = galley("a", "p1", x=20, y=20, holed=True, loads=4)
    c = galley("c", "p1", x=22, y=20, corvus=True)
    d = galley("d", "p1", x=18, y=20)
    z = galley("z", "p2", x=60, y=40)
    men = (*crew("c", ("marine", "bow"), ("marine", "bow")),
           *crew("d", ("sailor", "bow"), ("sailor", "bow")), man("z-sai1", "sailor", "z"))
    state = battle(a, c, d, z, men=men, phase=Phase.GRAPPLE)
    choices = list(phase_choices(state, Phase.GRAPPLE, "p1"))
    assert any(getattr(ch, "template", None) == ThrowLines("p1", "c", "a", 2) for ch in choices)
    assert not any(isinstance(ch, DropCorvus) for ch in choices)   # a corvus is for boarding
    # a sound, with sound friends either side: no lines offered between them (11.0: they are
    # to hold up a sinking ship), so the grappling phase does not stop for them
    sound = state.with_ship(replace(a, holed=False, loads=0))
    assert not any(getattr(ch, "template", None) is not None
                   for ch in phase_choices(sound, Phase.GRAPPLE, "p1"))
    with forced(4, 4, 4, 4):
        state, _ = play(state, ThrowLines("p1", "c", "a", 2), ThrowLines("p1", "d", "a", 2))
    state = state.with_ship(replace(state.ship("a"), loads=6))
    dice, events = cup()
    assert check_afloat(state, "a", dice, events).ship("a").afloat


# --- issue 37: the log names each man's galley; a passed check is logged ----------------------

def test_each_duel_names_the_men_by_their_galleys():
    state = two(boarders_on_b("marine", "marine"), defenders("marine"))
    with forced(6, 1):
        dice, events = cup()
        melee.fight_round(state, "b", 1, dice, events)
    first, second = rolls(events)
    assert first.purpose == "B's bow, round 1: A's marine 1 and A's marine 2 +1"
    assert second.purpose == "B's bow, round 1: B's marine"
    assert second.outcome == "B's marine falls"


def test_a_boarding_morale_check_passed_is_logged():
    state = two(boarders_on_b("marine", "marine", "marine"), defenders("marine", "marine"))
    state = state.with_ship(replace(state.ship("b"), boarding_turns=1))
    after, events = morale(state)
    assert after.ship("b").afloat
    assert [e.text for e in events if getattr(e, "kind", "") == "fight_on"] == [
        "Aboard B: boarders 3 against 2: both sides fight on"]
