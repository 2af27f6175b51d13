"""Duplicate Person (seed "Duplicate Person"; G-185): ``mands_rulebook.powers.duplicate_person``.

Seraph (Beauty 31, 1.791 m, Mass 89.57 kg) and Sun-Ruler (Beauty 14, 1.75 m, Mass 63.34 kg),
each with Duplicate Person PR 8 (their own powers set aside), at one place. Seraph into
Sun-Ruler goes down everywhere, at half the points: 17 / 2 + 4.1 cm / 5 / 2 + 26.23 kg / 10 / 2
= 10.22 → 11 points, PR 6. Sun-Ruler into Seraph goes up: 17 + 0.82 + 2.62 = 20.44 → 21
points, PR 11: more than his 8.
"""

from __future__ import annotations

import pytest

from mands_rulebook.kit.powers.uses import PowerUsed
from mands_rulebook.powers.duplicate_person import (
    LooksLike,
    change_points,
    pr_needed,
    scrutiny_modifier,
)
from mands_sim.dice import ScriptedDice
from mands_sim.events import EndurancePaid
from mands_sim.kernel.contracts import ActionRefused
from mands_sim.kernel.encounter import Encounter
from tests.data.power_plan import CastScene, PlanMind, of, sheet, use

NAME = "Duplicate Person"
CHANGE = "duplicate-person-change"
POWER = {NAME: {"power_rating": 8}}
CAST = {
    "seraph": ("heroes", sheet("seraph.toml", **POWER), "here"),
    "sun-ruler": ("villains", sheet("sun_ruler.toml", **POWER), "here"),
}
SCENE = CastScene(CAST, (("here", 0.0),), __name__)


def change(actor: str, person: str, until: int = 21, **defaults: str) -> Encounter:
    """``actor`` changes toward ``person`` on 0 (default spend)."""
    mind = PlanMind([(0, use(CHANGE, NAME, person))])
    return SCENE.run({actor: mind}, ScriptedDice({}), until, **defaults)


def test_changing_costs_a_point_a_beauty_point_5_cm_10_kg_half_going_down() -> None:
    """Seed: Beauty 1 a point, "5 centimeters requires 1 point", "10 kilograms requires 1
    point", "Going down always uses half", "Changing sex requires 5 points"."""
    assert change_points((10, 14), (1.80, 1.90), (70.0, 90.0)) == 4 + 2 + 2
    assert change_points((14, 10), (1.90, 1.80), (90.0, 70.0)) == 2 + 1 + 1
    assert change_points((10, 10), (1.80, 1.80), (70.0, 70.0), change_sex=True) == 5


def test_the_pr_gives_twice_its_points() -> None:
    """Seed: "Multiply the PR by 2 for the number of points": 11 points need PR 6."""
    assert [pr_needed(p) for p in (0, 1, 10, 11, 21)] == [0, 1, 5, 6, 11]


def test_scrutiny_has_the_pr_needed_as_bonus_and_the_pr_used_as_penalty() -> None:
    """Seed: "a bonus equal to the PR needed ... and a penalty equal to the PR used"."""
    assert scrutiny_modifier(11, 8) == 3
    assert scrutiny_modifier(6, 6) == 0


def test_resolve_seraph_looks_exactly_like_sun_ruler() -> None:
    """11 points, PR 6 on changing, 2 on EP (row 7: 3 EP, paid once); done on 20."""
    log = change("seraph", "sun-ruler").log
    (used,) = of(log, PowerUsed, "seraph")
    assert dict(used.spent) == {"changing": 6, "ep": 2, "speed": 0}
    assert [e.row for e in of(log, EndurancePaid, "seraph")] == [7]
    assert of(log, LooksLike) == [LooksLike(20, "seraph", "sun-ruler", 11, 11, True)]


def test_a_pr_too_small_changes_only_part_of_the_look() -> None:
    """Sun-Ruler's 8 PR buy 16 of the 21 points: not exactly like Seraph."""
    (looks,) = of(change("sun-ruler", "seraph").log, LooksLike)
    assert (looks.points_needed, looks.points_changed, looks.exact) == (21, 16, False)


def test_g185_switch_rounding_the_points_down() -> None:
    """``G185_change_points = "down"``: 10.22 → 10 points, PR 5."""
    (looks,) = of(change("seraph", "sun-ruler", G185_change_points="down").log, LooksLike)
    assert (looks.points_needed, looks.points_changed) == (10, 10)


def test_mands_action_refusals_a_change_needs_someone_else() -> None:
    encounter = change("seraph", "sun-ruler", until=0)
    with pytest.raises(ActionRefused, match="cannot look like itself"):
        encounter.initiate("seraph", use(CHANGE, NAME, "seraph"))
