"""What a failed save does: horrified or charmed (``mands_rulebook.abilities.charm.effects``; seed
"Charisma", "Beauty"; G-156)."""

from __future__ import annotations

from mands_rulebook.abilities.charm.allures import BEAUTY_CHARM, CHARM
from mands_rulebook.abilities.charm.effects import next_save_days
from mands_sim.actions import Intent
from mands_sim.events import ActionStarted, OutOfAction, PushedBack
from tests.test_rulebook_abilities_charm import Once, of, play


def test_horror_pushes_back_the_actions_in_progress() -> None:
    """A horrified character is "inactive": Seraph's punch started at 0 (PT 15) waits the 9
    segments too."""
    minds = {
        "nightgaunt": Once(Intent("horrify", "seraph")),
        "seraph": Once(Intent("fist-attack", "nightgaunt")),
    }
    dice = {"nightgaunt": [1, 2, 2, 4, 5], "seraph": [9, 9, 78]}
    encounter = play(minds, dice)
    (pushed,) = [e for e in of(encounter.log, PushedBack) if e.reason == "horrified"]
    assert (pushed.segments, pushed.completes_at) == (9, 24)


def test_resolve_a_charisma_charm_takes_the_target_out() -> None:
    """Seed "Charisma": Seraph's Active Charisma 11, less the Nightgaunt's 10 (Sphere −9):
    needs 2; 1 and 3, the 1 re-rolled to 2, makes 2: Q 0. The Nightgaunt saves vs. its
    Willpower 56 and rolls 80: charmed, after the 5 minutes (1250 segments) of the charm."""
    minds = {"seraph": Once(Intent("charm", "nightgaunt"))}
    dice = {"seraph": [1, 3, 2], "nightgaunt": [80]}
    encounter = play(minds, dice, until=1250)
    (started,) = of(encounter.log, ActionStarted)
    assert started.performance_time == 1250
    assert encounter.state["nightgaunt"].condition == "charmed"


def test_fear_below_zero_charisma_frightens() -> None:
    """Seed "Charisma": below 0, "cause fear rather than charm. The Action Roll is the same":
    Charisma −12 rolls vs. 12, less Seraph's 11 (Sphere −9): needs 3."""
    minds = {"nightgaunt": Once(Intent("charm", "seraph"))}
    dice = {"nightgaunt": [1, 2, 1], "seraph": [99]}
    encounter = play(minds, dice, villain="active_charisma = -12\nspecial = true", until=1250)
    outs = of(encounter.log, OutOfAction)
    assert outs == [OutOfAction(1250, "seraph", "frightened")]


def test_the_next_saves_come_after_hours_for_charisma_and_days_for_beauty() -> None:
    """Seed "Charisma": Newoen 14 → −7 → .004 months, "after 3 hours"; one row up .008 ("about 6
    hours later"). Seed "Beauty": .10 months, "3 days"; then .13 ("about 4 days") and .18 ("5 and
    a half days")."""
    encounter = play({}, {}, until=0)
    days = [next_save_days(encounter, "nightgaunt", CHARM, up) for up in (0, 1)]
    days += [next_save_days(encounter, "nightgaunt", BEAUTY_CHARM, up) for up in (0, 1, 2)]
    assert [round(d, 2) for d in days] == [0.12, 0.24, 3.0, 3.9, 5.4]
