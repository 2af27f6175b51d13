"""Properties of PR spending (seed "Power Rolls": "For each specific action, the total of the Q
for the action's effects cannot be greater than the character's PR"): ``mands_rulebook.kit.powers``
with every power registered by the installed plugins, each use of each (no fixed list: a new
power plugin is covered the day it is installed)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from functools import cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from mands_rulebook.kit.powers import chosen_spend
from mands_rulebook.kit.powers.ratings import power_specs
from mands_rulebook.kit.powers.uses import COMMON_EFFECTS, PowerSpec, PowerSpendError, PowerUse
from mands_sim.actions import Intent
from mands_sim.kernel.encounter import Encounter
from mands_sim.model.sheet import PowerEntry
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import collect_registries
from tests.data.power_plan import PlanMind, duel_simulation

SPECS = power_specs(collect_registries(make_plugin_manager()))
USES = [(spec, use) for spec in SPECS for use in spec.uses]
power_ratings = st.integers(0, 60)
apart = st.sampled_from([0.0, 3.0, 40.0, 900.0])


def test_every_registered_power_with_a_use_is_covered() -> None:
    """The uses come from the registry: all kit powers' actions, more than the seed's A–F."""
    assert len({spec.name for spec, _ in USES}) == len([s for s in SPECS if s.uses]) > 30


class Spender:
    """A mind that spends whatever it was given (``None``: it has no ``spend_power``)."""

    def __init__(self, wanted: Mapping[str, int] | None) -> None:
        self.wanted = wanted
        if wanted is None:
            self.spend_power = None  # the use's default

    def spend_power(
        self, encounter: Any, actor: str, intent: Intent, power: str, pr: int
    ) -> Mapping[str, int]:
        assert self.wanted is not None
        return self.wanted


@cache
def _encounter(meters: float) -> Encounter:
    simulation = duel_simulation(meters)
    simulation.minds = {"seraph": PlanMind(), "sun-ruler": PlanMind()}
    return simulation.start()


def encounter_with(spec: PowerSpec, pr: int, mind: Spender, meters: float) -> Encounter:
    """Seraph ("seraph") ``meters`` from Sun-Ruler, his sheet holding only ``spec`` at ``pr``
    (a started encounter, shared; nothing here changes what it plays)."""
    encounter = _encounter(meters)
    state = encounter.state["seraph"]
    character = state.character
    sheet = dataclasses.replace(character.sheet, powers={spec.name: PowerEntry(spec.name, pr)})
    state.character = dataclasses.replace(character, sheet=sheet)
    encounter.minds["seraph"] = mind
    return encounter


def intent_for(spec: PowerSpec, use: PowerUse, meters: float) -> Intent:
    """At Sun-Ruler; a use that goes to a place (Teleportation) goes where he stands."""
    place = "there" if meters else "here"
    return Intent(use.action.name, target="sun-ruler", options={"power": spec.name, "place": place})


@settings(max_examples=200, deadline=None)
@given(which=st.sampled_from(USES), pr=power_ratings, meters=apart)
def test_no_default_spend_takes_more_pr_than_the_character_has(
    which: tuple[PowerSpec, PowerUse], pr: int, meters: float
) -> None:
    spec, use = which
    encounter = encounter_with(spec, pr, Spender(None), meters)
    spent = chosen_spend(encounter, "seraph", intent_for(spec, use, meters), spec, use)
    assert 0 <= spent.total <= pr
    assert all(value >= 0 for value in spent.effects.values())
    assert spent.ep_row >= 0


@settings(max_examples=200, deadline=None)
@given(which=st.sampled_from(USES), pr=power_ratings, data=st.data())
def test_a_mind_never_spends_more_pr_on_one_action_than_the_character_has(
    which: tuple[PowerSpec, PowerUse], pr: int, data: st.DataObject
) -> None:
    spec, use = which
    keys = st.sampled_from([*use.effects, *COMMON_EFFECTS])
    wanted = data.draw(st.dictionaries(keys, st.integers(0, 40), max_size=4))
    encounter = encounter_with(spec, pr, Spender(wanted), 0.0)
    intent = intent_for(spec, use, 0.0)
    if sum(wanted.values()) > pr:
        try:
            chosen_spend(encounter, "seraph", intent, spec, use)
        except PowerSpendError as error:
            assert "seraph's mind (Spender)" in str(error)
        else:
            raise AssertionError(f"{wanted} of PR {pr} was accepted")
        return
    spent = chosen_spend(encounter, "seraph", intent, spec, use)
    assert spent.total == sum(wanted.values()) <= pr
    assert spent.ep_row == max(0, use.base_row - wanted.get("ep", 0))
