"""Anti-Matter Production (seed "Anti-Matter Production"):
``mands_rulebook.powers.anti_matter_production``.

The creator is the sample character Seraph (Combat Roll 14, pool 1: needs 15; Skin Temper 9/10)
with only Anti-Matter Production (PR 12) on his sheet; the targets are Sun-Ruler (Skin Temper
1, Defense 0) and copies of him 10 and 40 m away. Seraph's scripted stream deals his aim's
Combat Roll, then the Explosion Combat Rolls (one per character caught, in id order) and the d6
(rolled once, G-83).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from mands_rulebook.kit.editing_points.points import EditingPointsUsed
from mands_rulebook.kit.explosions import Exploded, ExplosionDamage, anti_matter
from mands_rulebook.kit.powers.uses import PowerUsed
from mands_rulebook.kit.thrown_objects import ObjectLanded
from mands_rulebook.powers.anti_matter_production import range_of_center, sphere_diameter_cm
from mands_sim.dice import ScriptedDice
from mands_sim.events import DamageTaken, EndurancePaid, Event, RollMade
from mands_sim.kernel.contracts import ActionRefused
from mands_sim.testing import sample_sheet
from tests.data.power_plan import Bout, PlanMind, of, use

ANTI_MATTER = "Anti-Matter Production"
EXPLOSION = "anti-matter-production-explosion"


VILLAINS = {"sun-ruler": 0.0, "near": 10.0, "far": 40.0}
"""Sun-Ruler and two copies of him, this many meters from Seraph (straight ways)."""


BOUT = Bout({"seraph": sample_sheet(powers={ANTI_MATTER: {"power_rating": 12}})}, VILLAINS)


def explode(
    dice: list[int], target: str = "sun-ruler", *, until: int = 25, **defaults: str
) -> list[Event]:
    """Seraph sets anti-matter off at ``target``'s spot on segment 0 (default spend)."""
    plan = [(0, use(EXPLOSION, ANTI_MATTER, target))]
    mind = PlanMind(plan)
    return BOUT.play({"seraph": mind}, ScriptedDice({"seraph": dice}), until, **defaults)


def test_range_of_center_is_3_m_per_pr_and_the_sphere_pr_over_3_cm() -> None:
    """Seed: "up to PR times 3 meters away"; "a glowing black sphere, PR/3 centimeters in
    diameter"."""
    assert range_of_center(4) == 12
    assert sphere_diameter_cm(12) == Fraction(4)


def test_resolve_pr_12_at_hand_explodes_3d6_and_catches_the_creator() -> None:
    """All 12 PR on the Explosion: ⌈12/5⌉ = 3d6, Maximum Range 3 m, bonus 24 (Sphere 12).
    The aim (dice 5 + 5 against 15, + 3) lands on the spot; on 20 both standing there are
    caught (G-104): Explosion Combat Rolls 5 + 5 against 12 hit each; 2 + 3 + 4 = 9 for both,
    Seraph's 9/10 → ⌈8.1⌉ = 9."""
    events = explode([5, 5, 5, 5, 2, 3, 4, 5, 5])
    assert dict(of(events, PowerUsed, "seraph")[0].spent)["explosion"] == 12
    (landed,) = of(events, ObjectLanded, "seraph")
    assert (landed.segment, landed.what, landed.place, landed.scatter) == (
        20,
        "anti-matter",
        "here",
        0.0,
    )
    (blast,) = [e for e in events if isinstance(e, Exploded)]
    assert (blast.dice, blast.caught) == (3, ("seraph", "sun-ruler"))
    assert [e.faces for e in events if isinstance(e, ExplosionDamage)] == [(2, 3, 4)] * 2
    assert [(e.character, e.taken) for e in of(events, DamageTaken)] == [
        ("seraph", 9),
        ("sun-ruler", 9),
    ]


def test_initiate_the_aim_pays_the_combat_roll_and_row_9() -> None:
    """EP: the Combat Roll's row 5 (1 EP, G-13) and the power's row 9 (5 EP)."""
    events = explode([5, 5], until=2)
    paid = [(e.reason, e.amount) for e in of(events, EndurancePaid, "seraph")]
    assert paid == [("combat roll", Fraction(1)), (EXPLOSION, Fraction(5))]
    assert of(events, RollMade, "seraph")[0].purpose == "combat roll"


def test_g104_switch_spares_the_creator() -> None:
    """``G104_anti_matter_creator = "spared"``: only Sun-Ruler is caught."""
    events = explode([5, 5, 5, 5, 2, 3, 4], G104_anti_matter_creator="spared")
    (blast,) = [e for e in events if isinstance(e, Exploded)]
    assert blast.caught == ("sun-ruler",)
    assert [e.character for e in of(events, DamageTaken)] == ["sun-ruler"]


def test_an_edited_explosion_roll_trains_the_combat_skill_with_the_power() -> None:
    """Editing Points on (seed 000): Sun-Ruler alone caught (G-104 ``spared``), the Explosion
    Combat Roll 6 + 7 = 13 against 12 misses by 1; Seraph's player spends 1 point, the blast
    hits, and the points go to "his combat skill with" the power, as for Electricity."""
    events = explode(
        [5, 5, 6, 7, 2, 3, 4],
        G104_anti_matter_creator="spared",
        optional=("editing-points",),  # type: ignore[arg-type]
    )
    (used,) = of(events, EditingPointsUsed, "seraph")
    assert (used.points, used.improves) == (1, "combat with Anti-Matter Production")
    assert [e.character for e in of(events, DamageTaken)] == ["sun-ruler"]


def test_ten_meters_away_buys_4_pr_of_range_and_leaves_the_creator_out() -> None:
    """10 m needs 4 PR (12 m); 8 on the Explosion: 2d6 out to 2 m, far from Seraph."""
    events = explode([5, 5, 5, 5, 6, 6], "near")
    assert dict(of(events, PowerUsed, "seraph")[0].spent) == {
        "center": 4,
        "explosion": 8,
        "ep": 0,
        "speed": 0,
    }
    assert anti_matter(8).max_range == 2.0
    (blast,) = [e for e in events if isinstance(e, Exploded)]
    assert (blast.dice, blast.caught) == (2, ("near",))
    assert of(events, DamageTaken, "near")[0].raw == 12


def test_the_bonus_of_3_keeps_the_worst_aim_on_the_spot() -> None:
    """Seed: "a bonus of 3 to Attack, since it isn't really being thrown": dice 10 + 10 miss
    by 5, whose Attack share is −2 (G-14); + 3 is still ≥ Defense 0 (G-24)."""
    events = explode([10, 10, 5, 5, 6, 6], "near")
    (landed,) = of(events, ObjectLanded, "seraph")
    assert (landed.place, landed.scatter) == ("near", 0.0)


def test_mands_action_refusals_refuse_a_center_beyond_3_m_per_pr() -> None:
    """PR 12 sends the center 36 m at most: 40 m is out of reach."""
    with pytest.raises(ActionRefused, match="beyond Maximum Range"):
        explode([], "far")
