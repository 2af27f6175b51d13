"""Alchemy (seed "Alchemy"): ``mands_rulebook.powers.alchemy``.

The alchemists are copies of the sample character Seraph (Combat Roll 14, pool 1: needs 15;
Hand Damage 6) with only Alchemy on their sheets (matter: gold; PR 12, 8, 5, 17); the target is
Sun-Ruler (Constitution 10: 9 on the Sphere chart; Mass 63.3 kg; VP 30; Defense 0). The
alchemist's scripted stream deals its Combat Roll, Sun-Ruler's his save (a Special character:
no 1s scripted).
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from mands_rulebook.kit.powers.uses import PowerUsed
from mands_rulebook.powers.alchemy import Transmuted, mass_power, transmuted_minutes
from mands_sim.actions import QualityAllocation
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import ScriptedDice
from mands_sim.events import Event, OutOfAction, RollMade
from mands_sim.kernel.contracts import ActionRefused
from mands_sim.narrative import tell
from mands_sim.testing import sample_sheet
from tests.data.power_plan import Bout, PlanMind, of, use

ALCHEMY = "Alchemy"
TOUCH = "alchemy-touch"
CHART = load_standard_charts().action


ALCHEMISTS = {"seraph": 12, "weak": 8, "feeble": 5, "strong": 17}
"""The alchemists by PR, each a copy of the sample Seraph with only Alchemy (matter: gold)."""


BOUT = Bout(
    {
        who: sample_sheet(powers={ALCHEMY: {"power_rating": pr, "matter": "gold"}})
        for who, pr in ALCHEMISTS.items()
    },
    {"sun-ruler": 0.0},
)


def touch(
    save: list[int],
    alchemist: str = "seraph",
    *,
    spend: Mapping[str, int] | None = None,
    **defaults: str,
) -> list[Event]:
    """``alchemist`` touches Sun-Ruler on 0 with 4 Q set aside (dice 5 + 5: Q 5, 1 on
    Attack); Sun-Ruler's dice ``save``."""
    plan = [(0, use(TOUCH, ALCHEMY, "sun-ruler", touch=True))]
    mind = PlanMind(
        plan,
        spend=None if spend is None else {TOUCH: spend},
        quality=QualityAllocation(attack=1),
    )
    dice = ScriptedDice({alchemist: [5, 5], "sun-ruler": save})
    return BOUT.play({alchemist: mind}, dice, 25, **defaults)


def saves(events: list[Event]) -> list[RollMade]:
    return [e for e in of(events, RollMade, "sun-ruler") if e.purpose == "save vs. alchemy"]


def test_mass_pr_is_the_mass_over_10_on_the_sphere_chart() -> None:
    """Seed: "the mass in kilograms (divided by 10), on the Sphere Chart": Seraph's 89.6 kg →
    8.96 → 8; Sun-Ruler's 63.3 → 6; 420 kg → 42 → 13 (the Action Charts page's 42 → 13)."""
    assert [mass_power(CHART, kg) for kg in (89.6, 63.3, 420)] == [8, 6, 13]


def test_the_duration_is_the_miss_from_result_to_sphere_in_minutes() -> None:
    """Seed: "missed by (Result to Sphere), minutes": 5 → 5, 9 → 10, 10 → 14."""
    assert [transmuted_minutes(CHART, m) for m in (5, 9, 10)] == [5.0, 10.0, 14.0]


def test_resolve_a_failed_save_transmutes_the_target_into_gold() -> None:
    """PR 12: 6 on Mass (Sun-Ruler's), 6 on the penalty: the save needs 9 − 6 = 3; dice 4 + 4
    miss by 5: gold for 5 minutes (until 20 + 5 × 250), out of action."""
    events = touch([4, 4])
    assert dict(of(events, PowerUsed, "seraph")[0].spent) == {
        "mass": 6,
        "save_penalty": 6,
        "ep": 0,
        "speed": 0,
    }
    (save,) = saves(events)
    assert (save.segment, save.target, save.quality) == (20, 3, -5)
    (transmuted,) = of(events, Transmuted, "sun-ruler")
    assert (transmuted.matter, transmuted.minutes, transmuted.until) == ("gold", 5.0, 1270)
    assert tell(transmuted) == "sun-ruler is transmuted into gold by seraph for 5 minutes"
    assert of(events, OutOfAction, "sun-ruler")[0].condition == "transmuted"


def test_a_made_save_leaves_the_target_as_it_was() -> None:
    """PR 8: 6 on Mass, 2 on the penalty: 9 − 2 = 7; dice 3 + 3 make it."""
    events = touch([3, 3], "weak")
    assert saves(events)[0].target == 7
    assert of(events, Transmuted) == []


def test_mass_not_paid_in_full_transmutes_nothing() -> None:
    """Seed: "If the character cannot transmute all of something, none of it can be": 5 PR on
    Mass for Sun-Ruler's 6 — the touch lands, no save is asked."""
    events = touch([], spend={"mass": 5, "save_penalty": 7})
    assert saves(events) == []
    assert of(events, Transmuted) == []


def test_mands_action_refusals_refuse_a_target_the_whole_pr_cannot_transmute() -> None:
    """PR 5 cannot pay Sun-Ruler's Mass 6."""
    with pytest.raises(ActionRefused, match="Mass needs Alchemy PR 6"):
        touch([], "feeble")


def test_g103_switch_puts_the_penalty_in_the_bonus_pool() -> None:
    """PR 17: 11 on the penalty. Off the target (``target``): 9 − 11 = −2, dice 3 + 3 miss by
    8: 8 minutes. In the pool (``pool``): −11 on the Sphere chart is −9: needs 0, missed by 6:
    6 minutes."""
    target = touch([3, 3], "strong")
    assert of(target, Transmuted)[0].minutes == 8.0
    pool = touch([3, 3], "strong", G103_alchemy_save_penalty="pool")
    (save,) = saves(pool)
    assert (save.target, save.bonus_pool, save.pool_bonus) == (9, -11, -9)
    assert of(pool, Transmuted)[0].minutes == 6.0
