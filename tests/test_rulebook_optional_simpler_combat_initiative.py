"""Initiative under Combat Turns (``mands_rulebook.optional.simpler_combat.initiative``; seed
"Simpler
Combat"; G-143, G-194): the Editing Point re-roll."""

from __future__ import annotations

from fractions import Fraction

from mands_rulebook.kit.editing_points.points import (
    EditingPointsUsed,
    editing_points_in_play,
    editing_points_left,
)
from mands_rulebook.optional.editing_points import EDITING_POINTS
from mands_rulebook.optional.simpler_combat.initiative import InitiativeRolled, editing_points_spent
from mands_rulebook.optional.simpler_combat.scheduling import TurnScheduled
from tests.test_rulebook_optional_simpler_combat import RING, Script, grunts, of, punch_at


def test_initiate_reroll_initiative_for_an_editing_point() -> None:
    """Seed: "expend one Editing Point to re-roll their Initiative (and take the better of their
    previous Initiative or the new roll). These Editing Points are halved, then go to training
    in the action being performed": 3, re-rolled 9 → 9; ½ point to fist-attack."""
    keen = punch_at(0, "sinister", reroll=True)
    encounter = grunts(
        {"dexter": keen, "sinister": Script({})},
        {"dexter": [3, 9, 5, 5], "sinister": [7]},
        ground=RING,
    )
    encounter.run(until=0)
    rolled = of(encounter.log, InitiativeRolled, "dexter")
    assert [(e.roll, e.initiative, e.editing_points) for e in rolled] == [(3, 3, 0), (9, 9, 1)]
    assert (rolled[-1].training, rolled[-1].training_in) == (Fraction(1, 2), "fist-attack")
    assert editing_points_spent(encounter, "dexter") == 1
    assert of(encounter.log, TurnScheduled)[0].resolves_at == 3  # Initiative 9: segment 3


def test_a_reroll_keeps_the_better_initiative() -> None:
    keen = punch_at(0, "sinister", reroll=True)
    encounter = grunts(
        {"dexter": keen, "sinister": Script({})},
        {"dexter": [8, 2, 5, 5], "sinister": [7]},
        ground=RING,
    )
    encounter.run(until=0)
    assert [e.initiative for e in of(encounter.log, InitiativeRolled, "dexter")] == [8, 8]


def test_initiate_a_reroll_spends_one_of_the_characters_editing_points() -> None:
    """G-194: with ``editing-points`` on too, the seed's "expend one Editing Point to re-roll
    their Initiative" spends one of the character's own (seed 000; G-151: a player character's
    4), "halved, then go to training in the action being performed". Sinister (the first side's
    Special: a player's, G-150) re-rolls 3 into 9 and has 3 points left; Dexter, the Editor's,
    has none, so his mind's wish to re-roll his 7 is not granted."""
    encounter = grunts(
        {
            "sinister": punch_at(0, "dexter", reroll=True),
            "dexter": punch_at(0, "sinister", reroll=True),
        },
        {"sinister": [3, 9, 5, 5], "dexter": [7, 5, 5]},
        ground=RING,
        plugins={"optional-rule:editing-points": EDITING_POINTS},
    )
    encounter.run(until=0)
    assert editing_points_in_play(encounter)
    rolled = [(e.character, e.roll, e.initiative) for e in of(encounter.log, InitiativeRolled)]
    assert rolled == [("dexter", 7, 7), ("sinister", 3, 3), ("sinister", 9, 9)]
    (used,) = of(encounter.log, EditingPointsUsed)
    assert (used.character, used.use, used.points, used.improves, used.training) == (
        "sinister",
        "initiative re-roll",
        1,
        "fist-attack",
        Fraction(1, 2),
    )
    left = [editing_points_left(encounter, who) for who in ("sinister", "dexter")]
    assert left == [3, 0]
