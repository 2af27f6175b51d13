"""Surrendering (``mands_rulebook.combat.surrender``, G-160): a real outcome that ends the fight."""

from __future__ import annotations

from pathlib import Path

from mands_rulebook.combat.surrender import SURRENDER, SURRENDERED
from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.events import ActionStarted, EncounterEnded, EndurancePaid, Event, OutOfAction
from mands_sim.kernel.encounter import Encounter
from mands_sim.plugins import make_plugin_manager
from mands_sim.policy.view import refusals
from mands_sim.registry import collect_registries
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

SCENARIO = load_scenario(Path(__file__).parent.parent / "scenarios" / "seraph_vs_sphinx.toml")


class Plan:
    """Take the intents in order, then do nothing until something changes."""

    def __init__(self, *intents: Intent) -> None:
        self.intents = list(intents)

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return self.intents.pop(0) if self.intents else None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return QualityAllocation()


def fight(sphinx: Plan, *, disabled: tuple[str, ...] = ()) -> list[Event]:
    events: list[Event] = []
    minds = {"seraph": Plan(), "sphinx": sphinx}
    simulation = Simulation(SCENARIO, seed=3, minds=minds, disabled=disabled)  # type: ignore[arg-type]
    simulation.run(until=200, observers=[events.append])
    return events


def test_mands_register_actions_registers_surrender_as_a_template() -> None:
    entry = collect_registries(make_plugin_manager()).actions["surrender"]
    assert entry.payload == SURRENDER
    assert entry.source == "template, not rules text"


def test_a_surrender_puts_its_character_out_of_action_after_one_segment() -> None:
    """G-160: started at segment 0, it completes at 1; no EP is paid; the Sphinx is out as
    ``surrendered`` and the heroes win (``side-out-of-action``)."""
    events = fight(Plan(Intent("surrender")))
    started = next(e for e in events if isinstance(e, ActionStarted))
    assert (started.character, started.action, started.completes_at) == ("sphinx", "surrender", 1)
    assert OutOfAction(1, "sphinx", SURRENDERED) in events
    assert not any(isinstance(e, EndurancePaid) and e.amount for e in events)
    ended = next(e for e in events if isinstance(e, EncounterEnded))
    assert (ended.segment, ended.winner) == (1, "heroes")


def test_without_the_plugin_no_policy_may_surrender() -> None:
    """Disabled, the action is unknown: the kernel's checks refuse it."""
    simulation = Simulation(SCENARIO, seed=3, disabled=("mands_rulebook.combat.surrender",))
    encounter = simulation.start()
    assert refusals(encounter, "sphinx", Intent("surrender")) == [
        "no plugin registers an action named 'surrender'"
    ]
