"""Weapons, the plugin (``mands_rulebook.combat.weapons``; ``docs/rules/decisions.md`` G-42,
G-62): its hooks' refusals and G-62 ``readied``. The rules it plays are the kit's, each tested in
``test_rulebook_kit_weapons_<module>.py`` (table, drawing, attacking, thrown, ready)."""

from __future__ import annotations

from typing import Any

import pytest

import mands_rulebook.combat.weapons as weapons
from mands_rulebook.kit.weapons.ready import WeaponReadied
from mands_sim.actions import Intent
from mands_sim.events import ActionStarted
from mands_sim.kernel.contracts import ActionRefused, Mind
from mands_sim.simulation import Simulation
from tests.data.hook_impls import registration_problems
from tests.data.weapon_scenes import ALLEY, Script, attack, draw, of, run, scenario

# --- the weapons' names ------------------------------------------------------------------------


def test_the_weapons_hooks_are_registered_once() -> None:
    """Only the plugin's own hook implementations, each once (none re-exported elsewhere)."""
    assert registration_problems(weapons) == []


def test_mands_action_refusals_a_weapon_not_drawn_cannot_attack() -> None:
    """G-62 (default ``holstered``): the club must be drawn before it can strike."""
    minds: dict[str, Mind] = {"dexter": Script(attack("club", "sinister")), "sinister": Script()}
    with pytest.raises(ActionRefused, match=r"has not drawn the club \(G-62\)"):
        run(scenario(ALLEY), {}, minds, until=5)


@pytest.mark.parametrize(
    ("intent", "reason"),
    [
        (draw("rifle"), "dexter carries no rifle"),
        (draw("bazooka"), "no weapon named 'bazooka'"),
        (Intent("draw-weapon"), "draw-weapon needs options.weapon"),
        (attack("bazooka", "sinister"), "no weapon named 'bazooka'"),
        (Intent("weapon-attack", target="sinister"), "names no weapon and holds none ready"),
        (Intent("weapon-attack", options={"weapon": "club"}), "needs a target"),
    ],
)
def test_mands_action_refusals_of_the_weapon_actions(intent: Intent, reason: str) -> None:
    encounter = Simulation(scenario(ALLEY)).build()
    assert any(reason in r for r in encounter.rules.refusals(encounter, "dexter", intent))


def test_mands_encounter_opening_g62_readied_puts_the_first_weapon_in_hand() -> None:
    """G-62 switched to ``readied`` in the scenario: Dexter holds his club from segment 0 and
    swings at once; by default he draws for 5 segments first. Same dice, different timing."""
    dice = {"dexter": [5, 5, 5, 5]}

    def first_swing(defaults: dict[str, Any], intents: list[Intent]) -> tuple[int, list[Any]]:
        minds: dict[str, Mind] = {"dexter": Script(*intents), "sinister": Script()}
        _, events = run(scenario(ALLEY, defaults), dice, minds, until=5)
        swings = [e.segment for e in of(events, ActionStarted) if e.action == "weapon-attack"]
        return swings[0], [(e.segment, e.weapon) for e in of(events, WeaponReadied)]

    readied = first_swing({"G62_weapons_start": "readied"}, [attack("club", "sinister")])
    holstered = first_swing({}, [draw("club"), attack("club", "sinister")])
    assert readied == (0, [(0, "club")])
    assert holstered == (5, [(5, "club")])
