"""Power uses (``docs/rules/powers.md`` §1, §3; seed "Powers", "Power Rolls"):
``mands_rulebook.kit.powers.uses`` — the spec, its uses and their registration."""

from __future__ import annotations

from typing import Any

import pytest

from mands_rulebook.kit.powers.uses import PowerSpec, PowerUse, power_slug
from mands_rulebook.powers.electric_power import ELECTRIC_POWER
from mands_rulebook.powers.fire_coat import FIRE_COAT
from mands_sim.actions import ActionDefinition, Intent
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import Registries, collect_registries


def nothing(encounter: Any, actor: str, intent: Intent, pr: int) -> dict[str, int]:
    return {}


def a_use(name: str = "test-power-zap", **fields: Any) -> PowerUse:
    return PowerUse(ActionDefinition(name, 20), ("damage",), nothing, **fields)


# --- the spec -----------------------------------------------------------------------------------


def test_power_slug_names_the_prefix_of_the_actions() -> None:
    assert power_slug("Fire Coat") == "fire-coat"
    assert power_slug("Anti-Matter Production") == "anti-matter-production"
    assert power_slug("Flight, Slow") == "flight-slow"


def test_a_use_whose_action_does_not_start_with_the_slug_is_refused() -> None:
    with pytest.raises(ValueError, match="starts with 'test-power-'"):
        PowerSpec("Test Power", "x", "rules text", (a_use("zap"),))


def test_a_spec_needs_a_known_source_tag() -> None:
    with pytest.raises(ValueError, match="source"):
        PowerSpec("Test Power", "x", "folklore", (a_use(),))  # type: ignore[arg-type]


def test_ep_and_speed_are_not_a_uses_own_effects_and_an_attack_needs_a_blow() -> None:
    with pytest.raises(ValueError, match="always spendable"):
        PowerUse(ActionDefinition("test-power-zap", 20), ("ep",), nothing)
    with pytest.raises(ValueError, match="needs a blow"):
        a_use(role="attack")


@pytest.fixture(scope="module")
def registered() -> Registries:
    return collect_registries(make_plugin_manager(environ={}))


def test_mands_register_powers_registers_each_spec_with_its_source_tag(
    registered: Registries,
) -> None:
    entry = registered.powers["Fire Coat"]
    assert (entry.plugin, entry.source, entry.payload) == (
        "mands_rulebook.powers.fire_coat",
        "rules text",
        FIRE_COAT,
    )


def test_mands_register_actions_registers_every_use_of_a_power(registered: Registries) -> None:
    names = {use.action.name for use in (*FIRE_COAT.uses, *ELECTRIC_POWER.uses)}
    assert names <= set(registered.actions)
    assert registered.actions["fire-coat-flame-up"].source == "rules text"


def test_a_touch_is_an_attack_in_contact() -> None:
    """``PowerUse.touch``: "must hit for DP, or use N Quality Points from the Combat Roll" is
    for attacks in contact only."""
    definition = ActionDefinition("fire-coat-poke", 20)
    with pytest.raises(ValueError, match="a touch is an attack in contact"):
        PowerUse(definition, (), lambda *args: {}, touch=3)
