"""The defender's tactics (``mands_rulebook.policies.guarding``): standing guard only while an
enemy may
still come."""

from __future__ import annotations

from mands_rulebook.policies.guarding import stand_guard
from mands_sim.actions import Wait
from mands_sim.kernel.contracts import Mind
from mands_sim.kernel.encounter import Encounter
from mands_sim.simulation import Simulation
from tests.data.duels import teams
from tests.data.weapon_scenes import Script


def idle_guards(until: int) -> Encounter:
    """Two defenders 20 m from Sinister, nobody doing anything, run to segment ``until``."""
    spec = teams([("defender", "dexter.toml"), ("defender", "dexter.toml")],
                 [("nearest-enemy", "sinister.toml")], 20)  # fmt: skip
    minds: dict[str, Mind] = {who: Script() for who in ("one", "one-2", "two")}
    encounter = Simulation(spec, seed=1, minds=minds).build()
    encounter.run(until=until)
    return encounter


def test_stand_guard_waits_while_the_enemy_may_still_come() -> None:
    assert stand_guard(idle_guards(0), "one", None, {}) == Wait(10, "standing guard")


def test_stand_guard_is_nothing_once_every_enemy_stood_idle_a_round() -> None:
    """Nobody is coming: standing guard would be forever, so the defender's fallback decides."""
    assert stand_guard(idle_guards(60), "one", None, {}) is None
