"""The player commands his men (issue 37, item 7): who boards and from which section (15.1,
13.0), the men put forward and the boarding force's match-ups (16.7, within 16.0), and which of
a beaten pair falls (16.6) are legal actions the player chooses, every die forced; an illegal
choice is refused naming the rule, the state unchanged; a fight with nothing to decide runs on
without asking. The computer captains make the same choices for their side.

``a`` (p1) lies at (20, 20) heading north, ``b`` (p2) alongside to her east, held by two lines.
"""

from __future__ import annotations

import pytest

from ahoy_tui.ai.ramming_speed.normal import NormalCaptain
from ahoy_tui.engine import legal_actions
from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.errors import IllegalAction
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.ramming_speed import RULESET
from ahoy_tui.rules.ramming_speed.actions import Board, Fall, MatchUp, PhaseDone, PutForward
from ahoy_tui.rules.ramming_speed.legal import phase_choices
from ahoy_tui.rules.ramming_speed.model import Grapple, Man, Phase, RSState

from .crews import battle, crew, galley, man, play, rolls

HELD = (Grapple("a", "b", lines=2),)


def two(a_men: tuple[Man, ...], b_men: tuple[Man, ...], **kw: object) -> RSState:
    a = galley("a", "p1", x=20, y=20)
    b = galley("b", "p2", x=23, y=20)
    kw.setdefault("grapples", HELD)
    kw.setdefault("phase", Phase.BOARD)
    kw.setdefault("grappled_by", (("b", "p1"),))
    return battle(a, b, men=a_men + b_men, **kw)  # type: ignore[arg-type]


def on_b(*ranks: str, section: str = "bow") -> tuple[Man, ...]:
    """a's men on b's deck, and a sailor of hers at home (so she is no hulk)."""
    boarders = (man(f"a-{r[:3]}{i + 1}", r, "a", aboard="b", section=section)
                for i, r in enumerate(ranks))
    return (*boarders, man("a-sai9", "sailor", "a", section="stern"))


def of_b(*ranks: str, section: str = "bow") -> tuple[Man, ...]:
    return tuple(man(f"b-{r[:3]}{i + 1}", r, "b", section=section) for i, r in enumerate(ranks))


def refused(state: RSState, action: object, rule: str) -> None:
    with pytest.raises(IllegalAction) as caught:
        play(state, action)
    assert caught.value.rule.startswith(rule), caught.value.rule


def melee_from(state: RSState) -> tuple[RSState, list]:
    """The boarding phase ended by every side with a choice in it: the melee begins (its
    dice forced by the caller)."""
    events: list = []
    while state.phase is Phase.BOARD:
        assert state.to_act is not None
        state, more = play(state, PhaseDone(state.to_act))
        events += more
    return state, events


# --- who boards, and from which section (15.1, 13.0) -----------------------------------------

A_DECK = crew("a", ("captain", "stern"), ("marine", "bow"), ("marine", "bow"),
              ("archer", "middle"), ("sailor", "stern"))


def test_a_galley_may_send_all_her_boarders_one_section_or_one_man():
    state = two(A_DECK, crew("b", ("sailor", "stern")))
    offered = [a for a in phase_choices(state, Phase.BOARD, "p1") if isinstance(a, Board)]
    assert Board("p1", "a", "b") in offered and Board("p1", "a", "b", False) in offered
    assert {a.section for a in offered if a.section} == {"bow", "middle", "stern"}
    assert {a.man for a in offered if a.man} == {"a-cap1", "a-mar1", "a-mar2", "a-arc1"}
    # from her bow: the two marines cross to b's bow, the section of hers nearest them
    after, events = play(state, Board("p1", "a", "b", section="bow"))
    assert {m.id: m.section for m in after.men if m.aboard == "b" and m.ship == "a"} == {
        "a-mar1": "bow", "a-mar2": "bow"}
    assert "2 to her bow" in "\n".join(getattr(e, "text", "") for e in events)
    # the rest may still follow in the same boarding phase: her archer, alone
    assert Board("p1", "a", "b", man="a-arc1") in list(phase_choices(after, Phase.BOARD, "p1"))
    after, _ = play(after, Board("p1", "a", "b", man="a-arc1"))
    assert after.man("a-arc1").aboard == "b" and after.man("a-arc1").section == "middle"
    assert after.man("a-cap1").aboard == "a"


def test_a_sailor_or_a_man_of_another_galley_is_refused_a_boarding_naming_15_1():
    state = two(A_DECK, crew("b", ("sailor", "stern")))
    refused(state, Board("p1", "a", "b", man="a-sai1"), "15.1")
    refused(state, Board("p1", "a", "b", man="b-sai1"), "15.1")


# --- 16.7 the men put forward, and the match-ups -----------------------------------------------

def test_the_defenders_put_forward_three_of_their_five_then_the_boarders_pair_them():
    # three a's marines against b's captain, two marines, an archer and a sailor in her bow
    state = two(on_b("marine", "marine", "marine"),
                of_b("captain", "marine", "marine", "archer", "sailor"), turn=1)
    state, events = melee_from(state)
    assert state.phase is Phase.MELEE and state.to_act == "p2" and rolls(events) == []
    fronts = legal_actions(state).fixed
    assert all(isinstance(a, PutForward) and len(a.men) == 3 for a in fronts)
    # the prompt says where the fight is and what it waits on
    assert RULESET.prompt(state).endswith("hand to hand at B's bow, round 1: put forward your "
                                          "men")
    # alike fronts counted once: two marines are the same choice
    assert len(fronts) == len({tuple(sorted(state.man(i).rank for i in a.men))
                               for a in fronts})
    assert fronts[0].men == ("b-cap1", "b-mar2", "b-mar3")     # her best first
    # b puts forward her marine, archer and sailor, keeping her captain back; a's three
    # marines: a duel of equal rank, then two marines against the archer and the sailor —
    # one way only, once alike men are counted once: no choice, the dice roll at once
    front = PutForward("p2", "b", "bow", ("b-mar2", "b-arc4", "b-sai5"))
    assert front in fronts
    with forced(3, 3, 3, 3, 3, 3):
        after, events = play(state, front)
    purposes = [r.purpose for r in rolls(events)]
    # (each man by the number of his muster, his id: b's are numbered down her whole crew)
    assert purposes[:6] == [
        "B's bow, round 1: A's marine 1", "B's bow, round 1: B's marine 2",
        "B's bow, round 1: A's marine 2 +1", "B's bow, round 1: B's archer 4",
        "B's bow, round 1: A's marine 3 +1", "B's bow, round 1: B's sailor 5"]
    assert after.phase is Phase.MELEE and after.to_act == "p2"   # round 2: b's front again


def test_a_front_put_forward_and_lines_thrown_read_in_one_row_at_80_columns():
    # three men of a galley with a long name: her name once, her men of a rank together
    state = two(on_b("marine", "marine", "archer"),
                of_b("captain", "marine", "marine", "archer", "sailor"), turn=1)
    state = replace(state, ships=tuple(replace(s, name="Thessalonike") if s.id == "b" else s
                                       for s in state.ships))
    words = RULESET.describe_action(state, PutForward("p2", "b", "bow",
                                                      ("b-mar2", "b-mar3", "b-cap1")))
    assert words == "put forward Thessalonike's marines 2 and 3, captain"
    # the choice's row: "  1 " before it, "[k]" after it at most, the odds on a line of their own
    assert len(words) + 10 <= 78
    mixed = RULESET.describe_action(state, PutForward("p1", "b", "bow", ("a-mar1", "a-arc3")))
    assert mixed == "put forward A's marine 1, archer 3"
    # the grappling phase's folded rows, as long as a name gets (a range of lines thrown)
    from ahoy_tui.rules.ramming_speed.actions import ThrowLines

    state = replace(state, ships=tuple(replace(s, name="Halicarnassus") for s in state.ships))
    row = RULESET.describe_choice(state, ThrowLines("p1", "a", "b", 9), "men", range(1, 10))
    assert row == "Halicarnassus: 1-9 grappling lines at Halicarnassus"
    assert len(f"  2 {row}…") <= 78


def test_the_boarding_force_chooses_the_match_ups_and_the_dice_follow_them():
    # a's marine and two archers against b's captain and two sailors: no two of a rank, so
    # the boarders choose whom their marine takes on (16.7)
    state = two(on_b("marine", "archer", "archer"), of_b("captain", "sailor", "sailor"))
    state, _ = melee_from(state)
    assert state.phase is Phase.MELEE and state.to_act == "p1"
    options = legal_actions(state).fixed
    assert all(isinstance(a, MatchUp) for a in options) and len(options) == 2
    on_captain = next(a for a in options if (("a-arc2",), ("b-cap1",)) in a.fights)
    # an archer against the captain (the captain +1): 3 against 3+1, a draw; the marine
    # against a sailor (+1): 4+1 against 1, he kills; the other archer against the other
    # sailor (+1): 3+1 against 3, a draw
    with forced(3, 3, 4, 1, 3, 3):
        after, events = play(state, on_captain)
    fights = [(r.purpose, r.outcome) for r in rolls(events)]
    assert ("B's bow, round 1: B's captain +1", "a draw") in fights
    lost = {m.id for m in state.men} - {m.id for m in after.men}
    assert len(lost) == 1 and lost <= {"b-sai2", "b-sai3"}


def test_a_match_up_against_16_0_is_refused_naming_it_the_state_unchanged():
    # match-ups leaving out men put forward are refused naming 16.7; those against 16.0
    # (fewer duels of equal rank and number than can be had) naming 16.0
    state = two(on_b("marine", "archer", "archer"), of_b("captain", "sailor", "sailor"))
    state, _ = melee_from(state)
    refused(state, MatchUp("p1", "b", "bow", ((("a-mar1",), ("b-cap1",)),)), "16.7")
    # a's three with no two of a rank against b's admiral, marine and sailor: the marines'
    # duel of equal rank must be had; the rest is the boarders' choice
    even = two(on_b("captain", "marine", "archer"), of_b("admiral", "marine", "sailor"))
    even, _ = melee_from(even)
    options = legal_actions(even).fixed
    assert len(options) == 2 and all((("a-mar2",), ("b-mar2",)) in a.fights for a in options)
    crossed = MatchUp("p1", "b", "bow", ((("a-cap1",), ("b-mar2",)),
                                         (("a-mar2",), ("b-adm1",)),
                                         (("a-arc3",), ("b-sai3",))))
    refused(even, crossed, "16.0")
    two_on_one = MatchUp("p1", "b", "bow", ((("a-cap1", "a-arc3"), ("b-adm1",)),
                                            (("a-mar2",), ("b-mar2", "b-sai3"))))
    refused(even, two_on_one, "16.0")
    with pytest.raises(IllegalAction):
        play(even, Fall("p1", "b", "a-arc2"))   # nobody has lost a fight yet


# --- 16.6 the loser of two against one chooses who falls -----------------------------------------

def test_a_man_keeps_his_number_when_the_men_before_him_fall():
    # played at 80x24: "Paralos's sailor 1 falls" twice in one round, two men, the second
    # renumbered when the first fell; each keeps the number of his muster
    from ahoy_tui.rules.ramming_speed.melee import man_name

    state = battle(galley("a"), galley("b", "p2"),
                   men=crew("b", ("sailor", "stern"), ("sailor", "stern"), ("sailor", "bow")))
    assert [man_name(state, m) for m in state.men] == ["B's sailor 1", "B's sailor 2",
                                                       "B's sailor 3"]
    after = replace(state, men=state.men[1:])   # sailor 1 falls
    assert [man_name(after, m) for m in after.men] == ["B's sailor 2", "B's sailor 3"]
    last = replace(state, men=state.men[2:])
    assert man_name(last, last.men[0]) == "B's sailor 3"   # the last of them, still 3


def test_the_beaten_pair_chooses_which_of_them_falls():
    # a's marine and archer against b's marine: a +1 for numbers; 1+1 against 6: a's pair
    # loses, and a's side chooses: her marine, though the default would be her archer
    state = two(on_b("marine", "archer"), of_b("marine"))
    with forced(1, 6):
        state, events = melee_from(state)
    assert state.phase is Phase.MELEE and state.to_act == "p1"
    options = list(legal_actions(state).fixed)
    assert options == [Fall("p1", "b", "a-arc2"), Fall("p1", "b", "a-mar1")]
    assert rolls(events)[-1].outcome.endswith("choose who falls")
    refused(state, Fall("p1", "b", "b-mar1"), "16.6")
    with forced(3, 3):   # round 2: the archer alone against the marine, a draw
        after, events = play(state, Fall("p1", "b", "a-mar1"))
    assert "a-mar1" not in {m.id for m in after.men} and "a-arc2" in {m.id for m in after.men}
    assert any(getattr(e, "kind", "") == "falls" for e in events)
    assert after.phase is Phase.MAINTENANCE


def test_two_alike_losers_have_nothing_to_choose():
    state = two(on_b("marine", "marine"), of_b("marine"))
    with forced(1, 6, 3, 3):   # round 1: a's pair loses, a marine falls; round 2 a draw
        after, _ = melee_from(state)
    assert after.phase is Phase.MAINTENANCE
    assert len([m for m in after.men if m.ship == "a" and m.aboard == "b"]) == 1


def test_a_fight_with_nothing_to_decide_runs_on_without_asking():
    state = two(on_b("marine"), of_b("marine"))
    with forced(3, 3, 3, 3):
        after, events = melee_from(state)
    assert after.phase is Phase.MAINTENANCE and len(rolls(events)) == 4


# --- the captains make the same choices ---------------------------------------------------------

def test_the_captain_gives_up_the_man_his_side_can_best_spare():
    state = two(on_b("captain", "marine"), of_b("marine"))
    with forced(1, 6):   # a's pair: 1+1 against 6: beaten
        state, _ = melee_from(state)
    decision = NormalCaptain().decide(state, legal_actions(state))
    assert decision.action == Fall("p1", "b", "a-mar2")


def test_the_captain_matches_his_men_where_they_cost_least():
    state = two(on_b("marine", "archer", "archer"), of_b("captain", "sailor", "sailor"))
    state, _ = melee_from(state)
    legal = legal_actions(state)
    decision = NormalCaptain().decide(state, legal)
    assert decision.action in legal.fixed and isinstance(decision.action, MatchUp)
    # the captain is +1 against any of them, and each of the three kills a sailor as often:
    # an archer holds the captain, for an archer is the lesser loss if he falls
    assert (("a-arc2",), ("b-cap1",)) in decision.action.fights


def test_the_captain_puts_his_best_men_forward():
    state = two(on_b("marine", "marine", "marine"),
                of_b("captain", "marine", "marine", "archer", "sailor"))
    state, _ = melee_from(state)
    decision = NormalCaptain().decide(state, legal_actions(state))
    assert decision.action == PutForward("p2", "b", "bow", ("b-cap1", "b-mar2", "b-mar3"))
