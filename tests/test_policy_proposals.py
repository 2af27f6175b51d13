"""Candidate actions (``mands_sim.policy.proposals``): every plugin's proposals, combined."""

from __future__ import annotations

from typing import Any

from mands_sim.actions import Intent
from mands_sim.api import hookimpl
from mands_sim.kernel.encounter import Encounter
from mands_sim.policy.proposals import candidate_actions, proposed_actions, same_intent
from tests.data.arena import simulation as street


class Taunts:
    """Proposes a punch again (a repeat of the rulebook's) and an action nobody registers."""

    @hookimpl
    def mands_candidate_actions(self, encounter: Encounter, actor: str) -> list[Intent]:
        return [
            Intent("fist-attack", target="sinister", reason="again"),
            Intent("taunt", target="sinister"),
        ]


def encounter(**plugins: Any) -> Encounter:
    cast = {
        "dexter": ("heroes", "a", "dexter", None, {}),
        "sinister": ("villains", "a", "sinister", None, {}),
    }
    simulated = street(cast)
    simulated.extra_plugins = plugins
    return simulated.start()


def test_mands_candidate_actions_results_combine_in_plugin_name_order_without_repeats() -> None:
    """The rulebook's punch comes first (``mands_rulebook.policies.candidates`` sorts before
    ``test-taunts``); the repeat is dropped whatever its reason; the taunt is kept."""
    proposed = proposed_actions(encounter(**{"test-taunts": Taunts()}), "dexter")
    keys = [same_intent(i) for i in proposed]
    assert len(keys) == len(set(keys))
    assert proposed[0] == Intent("fist-attack", target="sinister")
    assert Intent("taunt", target="sinister") in proposed


def test_mands_candidate_actions_that_the_rules_refuse_are_dropped() -> None:
    """Nobody registers ``taunt``: the kernel would refuse it, so it is no candidate."""
    allowed = candidate_actions(encounter(**{"test-taunts": Taunts()}), "dexter")
    assert Intent("fist-attack", target="sinister") in allowed
    assert all(i.action != "taunt" for i in allowed)


def test_an_encounter_without_a_plugin_manager_has_no_candidates() -> None:
    class Bare:
        pass

    simulated = encounter()
    simulated.rules = Bare()  # type: ignore[assignment]
    assert proposed_actions(simulated, "dexter") == []


def test_same_intent_ignores_the_reason() -> None:
    one = Intent("move", options={"toward": "a"}, reason="x")
    assert same_intent(one) == same_intent(Intent("move", options={"toward": "a"}))
    assert same_intent(one) != same_intent(Intent("move", options={"toward": "b"}))
