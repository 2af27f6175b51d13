"""The charm, the Beauty charm and horror as data (``mands_rulebook.abilities.charm.allures``; seed
"Charisma", "Beauty", "EP Cost"; G-156)."""

from __future__ import annotations

from mands_rulebook.abilities.charm.allures import ALLURES, BEAUTY_CHARM, CHARM, HORRIFY
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import collect_registries
from mands_sim.units import SEGMENTS_PER_MINUTE


def test_mands_register_actions_registers_the_three_allures_at_the_seeds_times() -> None:
    """Seed "Charisma": "The standard Performance Time for Charm is 5 minutes"; seed "Beauty":
    "Standard Performance Time for Charm is 12 minutes"; the Horror Roll has none, G-156 gives
    it 10 segments; each starts on row 9 of the EP Use Chart (seed "EP Cost"; G-156)."""
    actions = collect_registries(make_plugin_manager()).actions
    registered = {name: actions[name].payload for name in ("charm", "beauty-charm", "horrify")}
    assert registered == {name: allure.action for name, allure in ALLURES.items()}
    minutes = {name: a.performance_time / SEGMENTS_PER_MINUTE for name, a in registered.items()}
    assert (minutes["charm"], minutes["beauty-charm"]) == (5, 12)
    assert registered["horrify"].performance_time == 10
    assert {a.ep_row for a in registered.values()} == {9}


def test_fear_is_a_charisma_charm_and_horror_a_beauty_one() -> None:
    """Seed: a save against a Charisma charm or fear makes the target immune to the charmer's
    Charisma charms; against a Beauty charm or horror, to its Beauty — one family each; only
    the Beauty charm and horror may take several targets (G-157)."""
    assert CHARM.family != BEAUTY_CHARM.family == HORRIFY.family
    assert [a.several_targets for a in (CHARM, BEAUTY_CHARM, HORRIFY)] == [False, True, True]
