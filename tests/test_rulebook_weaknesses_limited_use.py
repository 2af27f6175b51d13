"""Limited Use (seed "Sample Weaknesses", Brinn X'Halikso: "If Brinn uses his Slide Molecules
power for a period of time greater than twice his PR rounds ... He loses 1 DP, penetrating, per
round that he continues to slide molecules"; G-269)."""

from __future__ import annotations

from types import SimpleNamespace

from mands_rulebook.weaknesses.limited_use import mands_action_sustain, rounds_allowed
from mands_sim.actions import Intent
from mands_sim.events import DamageTaken, Event, WeaknessFired
from mands_sim.kernel.encounter import Encounter
from mands_sim.model.sheet import Weakness
from tests.data.fighters import fight, grunt

PARAMETERS = {"power": "Slide Molecules", "rounds_per_pr": 2}
BRINN_WEAKNESS = Weakness("limited-use", "limited-use", PARAMETERS)
BRINN = grunt(
    powers={"Slide Molecules": {"power_rating": 3, "percent_control": 100}},
    weaknesses=[{"kind": "limited-use", **PARAMETERS}],
)


class Idle:
    def choose(self, encounter: Encounter, actor: str) -> None:
        return None


def brinn_at(segment: int) -> Encounter:
    encounter = fight({"brinn": BRINN, "foe": grunt()}, minds={"brinn": Idle(), "foe": Idle()})
    encounter.run(until=segment)
    return encounter


def sliding_since(started_at: int) -> SimpleNamespace:
    return SimpleNamespace(intent=Intent("slide-molecules-slide"), started_at=started_at)


def sustain(encounter: Encounter, action: SimpleNamespace) -> list[Event]:
    return mands_action_sustain(encounter, "brinn", action)  # type: ignore[arg-type]


def test_brinn_may_slide_for_twice_his_pr_rounds() -> None:
    assert rounds_allowed(brinn_at(0), "brinn", BRINN_WEAKNESS) == 6


def test_beyond_twice_his_pr_rounds_he_loses_1_dp_penetrating_a_round() -> None:
    """PR 3: 6 rounds (300 segments) allowed; at segment 350, sliding since 0, he loses 1."""
    encounter = brinn_at(350)
    events = sustain(encounter, sliding_since(0))
    (lost,) = [e for e in events if isinstance(e, DamageTaken)]
    body = encounter.state["brinn"].damage_points
    assert (lost.taken, lost.penetrating, lost.damage_points_after) == (1, 1, body - 1)
    assert [e.weakness_kind for e in events if isinstance(e, WeaknessFired)] == ["limited-use"]


def test_within_the_rounds_allowed_nothing_is_lost() -> None:
    assert sustain(brinn_at(350), sliding_since(100)) == []


def test_other_powers_are_not_limited() -> None:
    action = SimpleNamespace(intent=Intent("electric-power-shield"), started_at=0)
    assert sustain(brinn_at(350), action) == []


def test_nothing_is_lost_when_switched_off() -> None:
    encounter = fight(
        {"brinn": BRINN, "foe": grunt()},
        minds={"brinn": Idle(), "foe": Idle()},
        defaults={"G269_limited_use": "off"},
    )
    encounter.run(until=350)
    assert sustain(encounter, sliding_since(0)) == []
