"""Properties of PR spending (seed "Power Rolls": "For each specific action, the total of the Q
for the action's effects cannot be greater than the character's PR"): ``mands_rulebook.power_kit``
with the powers built on it."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from functools import lru_cache
from types import SimpleNamespace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from mands_rulebook.power_kit import (
    COMMON_EFFECTS,
    PowerSpec,
    PowerSpendError,
    PowerUse,
    chosen_spend,
)
from mands_rulebook.powers.electric_power import ELECTRIC_POWER
from mands_rulebook.powers.fire_coat import FIRE_COAT

from mands_sim.actions import Intent
from mands_sim.charts import load_standard_charts
from mands_sim.model.sheet import CharacterSheet, PowerEntry, load_sheet
from tests.data.power_plan import SCENARIOS

CHARTS = load_standard_charts()
USES = [(spec, use) for spec in (ELECTRIC_POWER, FIRE_COAT) for use in spec.uses]
power_ratings = st.integers(0, 60)
meters = st.floats(0, 5_000, allow_nan=False)


@lru_cache(maxsize=1)
def seraph() -> CharacterSheet:
    return load_sheet(SCENARIOS / "characters" / "seraph.toml")


class Spender:
    """A mind that spends whatever it was given."""

    def __init__(self, wanted: Mapping[str, int] | None) -> None:
        self.wanted = wanted
        if wanted is None:
            self.spend_power = None  # the use's default

    def spend_power(
        self, encounter: Any, actor: str, intent: Intent, power: str, pr: int
    ) -> Mapping[str, int]:
        assert self.wanted is not None
        return self.wanted


def encounter_with(spec: PowerSpec, pr: int, mind: Spender, apart: float) -> Any:
    """Just enough encounter for spending: a sheet with ``pr`` in ``spec``, two characters
    ``apart`` meters from each other, the standard charts."""
    sheet = dataclasses.replace(seraph(), powers={spec.name: PowerEntry(spec.name, pr)})
    character = SimpleNamespace(sheet=sheet)
    state = {who: SimpleNamespace(position=who, actions=[]) for who in ("me", "them")}
    return SimpleNamespace(
        minds={"me": mind},
        character=lambda actor: character,
        state=state,
        world=SimpleNamespace(position_distance=lambda here, there: apart),
        charts=CHARTS,
    )


def intent_for(use: PowerUse) -> Intent:
    return Intent(use.action.name, target="them", options={"power": "x"})


@settings(max_examples=100)
@given(which=st.sampled_from(USES), pr=power_ratings, apart=meters)
def test_no_default_spend_takes_more_pr_than_the_character_has(
    which: tuple[PowerSpec, PowerUse], pr: int, apart: float
) -> None:
    spec, use = which
    encounter = encounter_with(spec, pr, Spender(None), apart)
    spent = chosen_spend(encounter, "me", intent_for(use), spec, use)
    assert 0 <= spent.total <= pr
    assert all(value >= 0 for value in spent.effects.values())
    assert spent.ep_row >= 0


@settings(max_examples=150)
@given(which=st.sampled_from(USES), pr=power_ratings, data=st.data())
def test_a_mind_never_spends_more_pr_on_one_action_than_the_character_has(
    which: tuple[PowerSpec, PowerUse], pr: int, data: st.DataObject
) -> None:
    spec, use = which
    keys = st.sampled_from([*use.effects, *COMMON_EFFECTS])
    wanted = data.draw(st.dictionaries(keys, st.integers(0, 40), max_size=4))
    encounter = encounter_with(spec, pr, Spender(wanted), 0.0)
    if sum(wanted.values()) > pr:
        try:
            chosen_spend(encounter, "me", intent_for(use), spec, use)
        except PowerSpendError as error:
            assert "me's mind (Spender)" in str(error)
        else:
            raise AssertionError(f"{wanted} of PR {pr} was accepted")
        return
    spent = chosen_spend(encounter, "me", intent_for(use), spec, use)
    assert spent.total == sum(wanted.values()) <= pr
    assert spent.ep_row == max(0, use.base_row - wanted.get("ep", 0))
