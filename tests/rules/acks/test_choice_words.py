"""The words of a choice (issue 36, items 3 and 13): a turn names the facing it gives."""

from __future__ import annotations

from ahoy_tui.rules.acks.actions import Ram, ShiftBow, Step
from ahoy_tui.rules.acks.prompt import describe

from .helpers import battle, vessel


def test_a_turn_names_the_facing_it_gives_and_ahead_names_none():
    state = battle(vessel("a", facing="S"), vessel("b", "p2", column=2, row=2))
    assert describe(state, Step("p1", "a", "starboard")) == "A: turn to starboard, to face SW"
    assert describe(state, Step("p1", "a", "port")) == "A: turn to port, to face SE"
    assert describe(state, Step("p1", "a", "ahead")) == "A: ahead"
    assert describe(state, Ram("p1", "a", "port", "b")) == \
        "A: turn to port, to face SE and RAM B"
    assert describe(state, ShiftBow("p1", "a", 1)) == \
        "A: shift the bow to starboard, to face SW"


def test_the_mate_takes_the_oars_once_not_every_round():
    from ahoy_tui.engine.fast import replace
    from ahoy_tui.rules.acks.deck import lay_decks, muster
    from ahoy_tui.rules.acks.flow import end_round
    from ahoy_tui.rules.acks.helm import MATE

    from .helpers import cup, said

    # the mate had the oars before her deck was laid: his figure stands at them, and falls
    a = vessel("a", kind="galley_3", column=15, row=15, facing="N", captain=MATE)
    b = vessel("b", "p2", kind="galley_2", column=16, row=15, facing="N")
    state = lay_decks(battle(a, b))
    state = replace(state, figures=tuple(replace(f, hp=0, down=True) if f.id == "a:captain"
                                         else f for f in state.figures))
    told = []
    for _ in range(3):
        state = muster(state)
        dice, events = cup()
        state = end_round(state, dice, events)
        told += [t for t in said(events) if "steering oars" in t]
    assert told == []


def test_the_victory_words_agree_with_any_side_name():
    from ahoy_tui.rules.acks.flow import check_victory

    from .helpers import cup

    state = battle(vessel("a"), vessel("b", "p2", column=2, row=2))
    state = replace_status(state, "b")
    _, events = cup()
    done = check_victory(state, events)
    assert done.result == "Victory to Phaedra: Corsairs: nothing left in the fight"


def replace_status(state, vid):
    from ahoy_tui.engine.fast import replace
    from ahoy_tui.rules.acks.model import Status

    return replace(state, vessels=tuple(replace(v, status=Status.SUNK) if v.id == vid else v
                                        for v in state.vessels))


def test_the_captains_initiative_die_shows_his_modifier():
    from ahoy_tui.engine.dice import forced
    from ahoy_tui.engine.fast import replace
    from ahoy_tui.rules.acks.flow import roll_initiative
    from ahoy_tui.rules.acks.model import Captain

    from .helpers import cup, rolls

    a = replace(vessel("a", marines=0, sailors=0), captain=Captain("Phaedra", 6, 5, 1, 3, 30))
    b = vessel("b", "p2", column=2, row=2, marines=0, sailors=0)
    with forced(2, 4):
        dice, events = cup()
        roll_initiative(battle(a, b), dice, events)
    first, second = rolls(events)
    assert first.describe() == "A's captain (Phaedra) initiative: D6 2+1 = 3"
    assert second.describe() == "B's captain (captain of b) initiative: D6 4"


def test_who_chooses_who_moves_first_is_told_with_the_true_reason_and_any_sides_name():
    """Issue 36, item 13 ("Merchant have fewer…"): the prompt addresses the side by name and
    gives the rules' reason it chooses (fewer moving; as many, fewer in the battle; even, the
    second side), and the choice and the log agree with a name of one (Merchant's) or of many
    (Corsairs')."""
    from ahoy_tui.engine.fast import replace
    from ahoy_tui.rules.acks.actions import MoveFirst
    from ahoy_tui.rules.acks.flow import apply_action
    from ahoy_tui.rules.acks.prompt import prompt

    from .helpers import on_count, said

    def meeting(*vessels, names=("Raiders", "Merchant")):
        from ahoy_tui.rules.acks.legal import counts_side

        state = replace(on_count(battle(*vessels), *(v.id for v in vessels)),
                        side_names=names)
        return replace(state, to_act=counts_side(state))

    a, b = vessel("a"), vessel("b", "p2", column=2, row=2)
    c = vessel("c", column=5, row=5)
    # one of the Merchant's against two of the Raiders' on the count: fewer of hers move
    state = meeting(a, c, b)
    assert state.to_act == "p2"
    assert prompt(state) == ("Count 4: both sides' vessels move. Merchant: fewer of your "
                             "vessels move on this count, so you choose who moves first")
    # one each on the count, but the Raiders have a second in the battle
    state = replace(meeting(a, b), vessels=(a, b, c))
    assert state.to_act == "p2"
    assert "as many move on each side and you have fewer in the battle" in prompt(state)
    # one each, one each: the second side breaks the tie
    state = meeting(a, b)
    assert prompt(state).endswith(
        "Merchant: the sides are even here and in the battle, and the second side breaks the "
        "tie, so you choose who moves first")
    assert describe(state, MoveFirst("p2", "p1")) == "Raiders' vessels move first"
    assert describe(state, MoveFirst("p2", "p2")) == "Merchant's vessels move first"
    _, events = apply_action(state, MoveFirst("p2", "p1"))
    assert "Merchant chose: Raiders' vessels move first" in said(events)
    assert not any(" have fewer" in t or "Merchant choose" in t for t in said(events))


def test_the_deck_crews_count_names_only_what_they_may_do_now():
    """Played at 80x24: a crew that could only shoot was told it "may shoot, grapple, cut
    lines, lower a bridge or ramp, or board". The words now follow the choices offered."""
    from ahoy_tui.engine.fast import replace
    from ahoy_tui.rules.acks.deck import lay_decks
    from ahoy_tui.rules.acks.model import Actor, Phase
    from ahoy_tui.rules.acks.prompt import prompt

    a = vessel("a", kind="galley_3", column=15, row=20, facing="N", missile="short_bow",
               gear=("boarding_bridge",))
    far = vessel("b", "p2", kind="galley_2", column=15, row=17, facing="S")
    actor = Actor("a:crew", "a", "p1", "crew", 3, 3)
    state = replace(battle(a, far), phase=Phase.COUNTS, count=3, actors=(actor,),
                    to_act="p1")
    assert prompt(state) == "Count 3: Phaedra: A's deck crew may shoot, or hold"
    # alongside, bow to her side: a line, the bridge and a jump are hers to choose too
    near = vessel("b", "p2", kind="galley_2", column=16, row=20, facing="N")
    state = replace(lay_decks(battle(a, near)), phase=Phase.COUNTS, count=3,
                    actors=(actor,), to_act="p1")
    words = prompt(state)
    assert words.startswith("Count 3: Phaedra: A's deck crew may shoot, throw a grappling "
                            "line, lower the bridge or board, or hold"), words


def test_in_a_fight_the_log_names_each_man_by_his_vessel():
    """Played at 80x24: "marine 27 strikes at marine 27" (both crews number their men
    alike). Each crewman is named by his vessel; a character by his name."""
    from ahoy_tui.engine.dice import forced
    from ahoy_tui.engine.fast import replace
    from ahoy_tui.rules.acks import melee
    from ahoy_tui.rules.acks.deck import lay_decks

    from .helpers import cup

    a = vessel("a", kind="galley_3", column=15, row=15, facing="N")
    b = vessel("b", "p2", kind="galley_2", column=16, row=15, facing="N")
    state = lay_decks(battle(a, b))
    mine = next(f for f in state.figures if f.crew_of == "a" and f.role == "marine")
    theirs = next(f for f in state.figures if f.crew_of == "b" and f.role == "marine")
    state = replace(state, figures=tuple(
        replace(f, on="b", x=theirs.x + 1, y=theirs.y) if f.id == mine.id else f
        for f in state.figures if f.id == mine.id or f.on != "b" or f.id == theirs.id
        or abs(f.x - theirs.x) > 2 or abs(f.y - theirs.y) > 2))
    with forced(20, 6):
        dice, events = cup()
        melee.strike(state, state.figure(mine.id), state.figure(theirs.id), dice, events)
    text = " ".join(e.describe() for e in events)
    assert f"A's {mine.name} strikes at B's {theirs.name}" in text
    assert f"{theirs.name} of B: struck by A's {mine.name}" in text
    assert melee.called(state, state.figure("a:captain")) == "captain of a"


def test_a_rammer_is_told_she_must_backwater_a_hex_and_at_0_she_still_must():
    """Played at 80x24: after a ram the Harpe backwatered at 0' and was still bound to
    backwater the next round, with nothing to say why. The declarations say it, and a round
    at 0' leaves it so, a hex astern clears it (Ramming)."""
    from ahoy_tui.engine.fast import replace
    from ahoy_tui.rules.acks.flow import end_round
    from ahoy_tui.rules.acks.model import Declared, Phase
    from ahoy_tui.rules.acks.prompt import prompt

    from .helpers import cup

    a = vessel("a", must_backwater=True)
    state = battle(a, vessel("b", "p2", column=2, row=2), phase=Phase.DECLARE)
    assert prompt(state).endswith("; A must backwater a hex or more before going ahead again")
    for moved, still in ((0, True), (1, False)):
        held = replace(state, vessels=(replace(a, declared=Declared("backwater", 30 * moved),
                                               moved=moved), state.vessels[1]))
        dice, events = cup()
        assert end_round(held, dice, events).vessel("a").must_backwater is still
    free = replace(state, vessels=(replace(a, must_backwater=False), state.vessels[1]))
    assert "must backwater" not in prompt(free)
