"""When a character may initiate (``kernel.initiation``; ``docs/rules/combat.md`` §2, §3, G-12),
asked directly of the synthetic encounter of ``tests/test_kernel_encounter.py``."""

from __future__ import annotations

from mands_sim.actions import ActionDefinition, ActionInProgress, Intent
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.initiation import (
    earliest_initiation,
    earliest_passive,
    may_initiate_again,
    passive_wait,
    timing_refusal,
)
from tests.test_kernel_encounter import ACTIONS, Script, SyntheticRules, character


def encounter_of_maria(rules: SyntheticRules | None = None) -> Encounter:
    return Encounter(
        [character("maria")],
        rules=rules or SyntheticRules(),
        minds={"maria": Script({})},
        time_limit=100,
    )


def in_progress(definition: ActionDefinition, completes_at: int) -> ActionInProgress:
    return ActionInProgress(1, definition, Intent(definition.name), 0, completes_at)


def test_passive_wait_is_a_tenth_of_the_performance_time_rounded_up() -> None:
    """§3: ⌈PT/10⌉ segments; the rifle-shot's PT 15 → 2, the spell's PT 50 → 5."""
    assert passive_wait(in_progress(ACTIONS["rifle-shot"], 15)) == 2
    assert passive_wait(in_progress(ACTIONS["spell"], 50)) == 5


def test_passive_wait_of_a_sustained_action_counts_its_own_pt() -> None:
    """A lift of PT 10 scheduled to run 40 segments still lets a passive action start after 1."""
    assert passive_wait(in_progress(ACTIONS["lift"], 40)) == 1


def test_timing_refusal_names_one_initiation_per_segment_and_the_running_action() -> None:
    encounter = encounter_of_maria()
    spell, shot = ACTIONS["spell"], ACTIONS["rifle-shot"]
    assert timing_refusal(encounter, "maria", shot) is None
    encounter.initiate("maria", Intent("rifle-shot"))
    assert timing_refusal(encounter, "maria", spell) == "one initiation per segment"
    assert timing_refusal(encounter, "maria", spell) == encounter.check_timing("maria", spell)
    encounter.env.run(until=1)
    refusal = timing_refusal(encounter, "maria", shot)
    assert refusal == "rifle-shot is in progress and rifle-shot is not passive"


def test_earliest_initiation_is_the_segment_after_the_last_one() -> None:
    encounter = encounter_of_maria()
    state = encounter.state["maria"]
    assert earliest_initiation(encounter, state) == 0
    encounter.initiate("maria", Intent("rifle-shot"))
    assert earliest_initiation(encounter, state) == 1
    assert earliest_passive(encounter, state) == 2  # ⌈15/10⌉ segments into the rifle-shot


def test_may_initiate_again_only_with_an_allowance_or_a_partner() -> None:
    """A run's partner (the leap, seed "Jump Roll") or a rule's allowance (Double Action)."""
    lone = encounter_of_maria()
    lone.initiate("maria", Intent("rifle-shot"))
    assert not may_initiate_again(lone, "maria")
    running = encounter_of_maria()
    running.initiate("maria", Intent("run"))
    assert may_initiate_again(running, "maria")
    rules = SyntheticRules()
    rules.allowed_initiations = 2
    allowed = encounter_of_maria(rules)
    allowed.initiate("maria", Intent("rifle-shot"))
    assert may_initiate_again(allowed, "maria")
