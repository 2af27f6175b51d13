"""The power kit (``docs/rules/powers.md`` §1, ``docs/rules/combat.md`` §17a):
``mands_rulebook.kit.powers``.

PR spending, and kit behaviour that needs a running encounter (refusals, sustained uses, the
damage seam) through the whole kernel with Seraph (Electric Power PR 17, %Control 97) and
Sun-Ruler (Fire Coat PR 12); the kit's names re-exported from its modules, each tested in
``test_rulebook_power_kit_<module>.py`` (uses: the spec; ratings: names and PR taken; attacks:
maintained blasts, ranges and touches).
"""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace
from typing import Any

import pytest

from mands_rulebook.kit.damage import Cover, covers_in_progress
from mands_rulebook.kit.powers import (
    HELD,
    LET_GO,
    checked_spend,
    ep_down_to,
)
from mands_rulebook.kit.powers.uses import PowerSpend, PowerSpendError
from mands_rulebook.powers.fire_coat import FIRE_COAT
from mands_sim.actions import (
    ActionDefinition,
    ActionInProgress,
    Intent,
    Prepared,
    QualityAllocation,
)
from mands_sim.dice import ScriptedDice
from mands_sim.errors import PluginHookError
from mands_sim.events import (
    ActionDropped,
    ActionStarted,
    DamageTaken,
    EndurancePaid,
    PushedBack,
)
from mands_sim.kernel.contracts import ActionRefused
from tests.data.power_plan import PlanMind, duel, of, use

ELECTRIC = "Electric Power"
BLAST = "electric-power-blast"


# --- spending PR --------------------------------------------------------------------------------


def spend(pr: int, wanted: dict[str, int]) -> PowerSpend:
    return checked_spend("sun-ruler's mind (Test)", FIRE_COAT, FIRE_COAT.uses[1], pr, wanted)


def test_a_spend_within_the_pr_is_kept_with_its_ep_row() -> None:
    kept = spend(12, {"damage": 6, "distance": 2, "ep": 3, "speed": 1})
    assert (kept["damage"], kept["distance"], kept.ep, kept.speed, kept.total) == (6, 2, 3, 1, 12)
    assert kept.ep_row == 9 - 3


def test_pr_on_ep_never_takes_the_row_below_0() -> None:
    assert spend(12, {"ep": 12}).ep_row == 0
    assert ep_down_to(5, 9, 12) == 4 and ep_down_to(5, 9, 3) == 3


@pytest.mark.parametrize(
    ("wanted", "problem"),
    [
        ({"damage": 13}, "more than the PR"),
        ({"damage": 6, "distance": 6, "ep": 1}, "more than the PR"),
        ({"skin_temper": 2}, "no such effect"),
        ({"damage": -1}, "whole points"),
        ({"damage": True}, "whole points"),
    ],
)
def test_a_bad_spend_is_an_error_naming_the_mind(wanted: dict[str, int], problem: str) -> None:
    with pytest.raises(PowerSpendError, match=rf"sun-ruler's mind \(Test\).*{problem}"):
        spend(12, wanted)


def test_initiate_asks_the_minds_spend_power_with_the_power_and_its_pr() -> None:
    mind = PlanMind([(0, use(BLAST, ELECTRIC, "sun-ruler"))], spend={BLAST: {"damage": 17}})
    duel({"seraph": mind, "sun-ruler": PlanMind()}, ScriptedDice({"seraph": [5, 5, 5]}), until=1)
    assert mind.asked == [(ELECTRIC, 17)]


def test_initiate_a_spend_over_the_pr_fails_naming_the_mind() -> None:
    mind = PlanMind([(0, use(BLAST, ELECTRIC, "sun-ruler"))], spend={BLAST: {"damage": 18}})
    with pytest.raises(PluginHookError) as raised:
        duel({"seraph": mind, "sun-ruler": PlanMind()}, ScriptedDice({"seraph": [5]}), until=1)
    assert "PowerSpendError: seraph's mind (PlanMind) spent {'damage': 18}" in str(raised.value)


# --- refusals -----------------------------------------------------------------------------------


def test_mands_action_refusals_refuse_a_power_intent_that_does_not_name_the_sheets_power() -> None:
    """%Control is rolled for the power ``options["power"]`` names: without it, no use."""
    mind = PlanMind([(0, Intent(BLAST, target="sun-ruler"))], spend={})
    with pytest.raises(ActionRefused, match="must name 'Electric Power'"):
        duel({"seraph": mind, "sun-ruler": PlanMind()}, ScriptedDice({}), until=1)


def test_mands_action_refusals_refuse_a_power_the_character_lacks() -> None:
    mind = PlanMind([(0, use(BLAST, ELECTRIC, "seraph"))], spend={})
    with pytest.raises(ActionRefused, match="sun-ruler has no usable Electric Power"):
        duel({"seraph": PlanMind(), "sun-ruler": mind}, ScriptedDice({}), until=1)


# --- sustained uses (G-75) ----------------------------------------------------------------------


def flame(sustain: bool) -> list[Any]:
    sun = PlanMind([(0, use("fire-coat-flame-up", "Fire Coat"))], sustain=sustain)
    return duel({"sun-ruler": sun, "seraph": PlanMind()}, ScriptedDice({}), until=101)


def test_mands_action_sustain_holds_a_use_to_the_next_payment_segment_each_round() -> None:
    events = flame(sustain=True)
    held = [(e.segment, e.completes_at, e.reason) for e in of(events, PushedBack, "sun-ruler")]
    assert held == [(50, 100, HELD), (100, 150, HELD)]
    paid = [(e.segment, e.amount) for e in of(events, EndurancePaid, "sun-ruler")]
    assert paid == [(0, Fraction(1)), (50, Fraction(1)), (100, Fraction(1))]


def test_mands_action_sustain_a_mind_that_lets_go_ends_the_use_before_it_pays() -> None:
    events = flame(sustain=False)
    (dropped,) = of(events, ActionDropped, "sun-ruler")
    assert (dropped.segment, dropped.reason) == (50, LET_GO)
    assert [e.segment for e in of(events, EndurancePaid, "sun-ruler")] == [0]


def test_a_sustained_use_with_pr_on_speed_takes_effect_sooner() -> None:
    """3 PR on speed halve the Performance Time 10 → 5 (G-75: the effect from segment 5):
    Seraph's punch (5 Q on speed: 15 × 1/2 × 0.8 = 6) lands on 6 and is halved, 6 → 3."""
    spent = {"fire-coat-flame-up": {"skin_temper": 8, "speed": 3}}
    sun = PlanMind([(0, use("fire-coat-flame-up", "Fire Coat"))], spend=spent)
    quick = QualityAllocation(speed=5)
    seraph = PlanMind([(0, Intent("fist-attack", target="sun-ruler"))], quality=quick)
    events = duel({"sun-ruler": sun, "seraph": seraph}, ScriptedDice({"seraph": [5, 5]}), until=7)
    (hit,) = of(events, DamageTaken, "sun-ruler")
    assert (hit.segment, hit.raw, hit.taken) == (6, 6, 3)
    assert of(events, ActionStarted, "sun-ruler")[0].completes_at == 50


def test_strike_reads_the_covers_of_actions_in_progress_from_protects_from() -> None:
    """The damage seam (G-75): ``prepared["covers"]`` count once ``protects_from`` has come."""
    shield = Cover("test shield", 100, skin_temper_rows=2)
    action = ActionInProgress(
        1, ActionDefinition("test-shield", 10), Intent("test-shield"), 0, 50,
        Prepared({"covers": (shield,), "protects_from": 10}),
    )  # fmt: skip
    plain = ActionInProgress(2, ActionDefinition("test-walk", 10), Intent("test-walk"), 0, 50)
    state = {"x": SimpleNamespace(actions=[action, plain])}
    assert covers_in_progress(SimpleNamespace(now=9, state=state), "x") == []  # type: ignore[arg-type]
    assert covers_in_progress(SimpleNamespace(now=10, state=state), "x") == [shield]  # type: ignore[arg-type]
