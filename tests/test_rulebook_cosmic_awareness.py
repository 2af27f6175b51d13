"""Cosmic Awareness (seed "Cosmic Awareness"): ``mands_rulebook.powers.cosmic_awareness``.

Seed: "The chance of finding the answer is a 2d10 roll vs. PR. It takes a number of minutes to
find the answer equal to d100 minus the Q (plus the Q if the PR roll was failed). Roll 2d100 for
the percentage of that time that the character perceives. ... This power does require EP for the
actual time." Seraph is given Cosmic Awareness PR 12 (no %Control); the default spend puts 4 on
EP (row 5: 1 EP a round) and 8 on the question (G-116). ``seer`` is the same with %Control 90.
"""

from __future__ import annotations

from fractions import Fraction

from mands_rulebook.kit.powers import checked_spend
from mands_rulebook.kit.powers.uses import PowerUsed
from mands_rulebook.powers.cosmic_awareness import (
    COSMIC_AWARENESS,
    QUESTION_USE,
    QuestionPondered,
    minutes_to_answer,
    perceived_minutes,
)
from mands_sim.dice import ScriptedDice
from mands_sim.events import ActionDropped, ActionResolved, ActionStarted, EndurancePaid, RollMade
from mands_sim.kernel.encounter import Encounter
from tests.data.power_plan import CastScene, PlanMind, of, sheet, use

AWARENESS = "Cosmic Awareness"
QUESTION = "cosmic-awareness-question"
PLACES = (("here", 0.0),)
CAST = {
    "seraph": ("heroes", sheet("seraph.toml", **{AWARENESS: {"power_rating": 12}}), "here"),
    "seer": (
        "heroes",
        sheet("seraph.toml", **{AWARENESS: {"power_rating": 12, "percent_control": 90}}),
        "here",
    ),
    "sun-ruler": ("villains", sheet("sun_ruler.toml"), "here"),
}


def ask(dice: list[int], until: int, who: str = "seraph") -> Encounter:
    """``who`` asks "Who sent the robots?" on 0 with the default spend."""
    mind = PlanMind([(0, use(QUESTION, AWARENESS, question="Who sent the robots?"))])
    return run({who: mind}, ScriptedDice({who: dice}), until)


def test_minutes_are_d100_less_the_q_or_plus_a_failures_miss() -> None:
    """d100 40: Q 3 → 37 minutes; missed by 3 → 43; d100 2 with Q 5 → 0."""
    assert [minutes_to_answer(40, 3), minutes_to_answer(40, -3), minutes_to_answer(2, 5)] == [
        37,
        43,
        0,
    ]


def test_the_character_perceives_the_2d100_percentage_of_the_time() -> None:
    """Seed: "If 50 is rolled on 2d100, the character thinks that only half the actual time has
    gone by": 40 minutes at 50 → 20; at 150 → 60."""
    assert (perceived_minutes(40, 50), perceived_minutes(40, 150)) == (20, 60)


def test_resolve_an_answer_found_after_d100_less_q_minutes() -> None:
    """2d10 3 + 2 = 5 against 8: Q 3; d100 4 → 1 minute (250 segments); 2d100 30 + 20 = 50 %
    → it feels like half a minute. Row 5 is paid at the start and at every Payment Segment."""
    encounter = ask([3, 2, 4, 30, 20], until=250)
    events = encounter.log
    (used,) = of(events, PowerUsed, "seraph")
    assert dict(used.spent) == {"question": 8, "ep": 4, "speed": 0}
    (roll,) = of(events, RollMade, "seraph")
    assert (roll.purpose, roll.target, roll.quality) == ("cosmic awareness", 8, 3)
    (answer,) = of(events, QuestionPondered, "seraph")
    assert (answer.segment, answer.answered, answer.minutes, answer.perceived) == (
        250,
        True,
        1,
        0.5,
    )
    paid = [(e.segment, e.amount) for e in of(events, EndurancePaid, "seraph")]
    assert paid == [(s, Fraction(1)) for s in (0, 50, 100, 150, 200, 250)]
    (done,) = of(events, ActionResolved, "seraph")
    assert done.outcome == "answered"


def test_initiate_a_failed_roll_takes_longer_and_finds_nothing() -> None:
    """2d10 9 + 8 = 17 against 8: missed by 9; d100 10 → 10 + 9 = 19 minutes (4750 segments)."""
    events = ask([9, 8, 10, 50, 50], until=1).log
    (started,) = of(events, ActionStarted, "seraph")
    assert (started.is_sustained, started.completes_at) == (True, 4750)
    events = ask([5, 4, 1, 100, 100], until=500).log  # missed by 1, d100 1: 2 minutes
    (answer,) = of(events, QuestionPondered, "seraph")
    assert (answer.segment, answer.answered, answer.perceived) == (500, False, 4.0)
    assert of(events, ActionResolved, "seraph")[0].outcome == "not answered"


def test_mands_action_sustain_a_lost_percent_control_roll_ends_the_question() -> None:
    """%Control 90: 50 works on 0; at the Payment Segment 50, 95 fails: dropped unanswered."""
    events = ask([50, 3, 2, 4, 30, 20, 95], until=300, who="seer").log
    (dropped,) = of(events, ActionDropped, "seer")
    assert (dropped.segment, dropped.reason) == (50, "lost control")
    assert not of(events, QuestionPondered, "seer")


def test_the_default_spend_never_takes_more_than_the_pr() -> None:
    """Seed "Power Rolls": the PR on one action's effects is at most the PR (row 5 first)."""
    encounter = run({}, ScriptedDice({}), 0)
    intent = use(QUESTION, AWARENESS)
    spends = [QUESTION_USE.default_spend(encounter, "seraph", intent, pr) for pr in range(41)]
    for pr, wanted in enumerate(spends):
        assert checked_spend("default", COSMIC_AWARENESS, QUESTION_USE, pr, wanted).total == pr
    assert (spends[3], spends[12]) == ({"ep": 3, "question": 0}, {"ep": 4, "question": 8})


# --- the cast on a line of places: one prepared simulation per set of defaults -----------------


run = CastScene(CAST, PLACES, __name__).run
