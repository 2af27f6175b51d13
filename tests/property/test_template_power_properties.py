"""Properties of the template powers' PR spending (seed "Power Rolls": "the total of the Q for
the action's effects cannot be greater than the character's PR"): every default spend of every
use of the powers built from ``docs/rules/powers.md`` §3 (G-130) passes the kit's check, whatever
the PR."""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from mands_rulebook.kit.powers import checked_spend
from mands_rulebook.kit.powers.uses import PowerSpec, PowerUse
from mands_rulebook.powers.gravity_control import GRAVITY_CONTROL
from mands_rulebook.powers.healing import HEALING_POWER
from mands_rulebook.powers.magnetism import MAGNETISM
from mands_rulebook.powers.mind_control import MIND_CONTROL
from mands_rulebook.powers.psychic_invisibility import PSYCHIC_INVISIBILITY
from mands_rulebook.powers.slide_molecules import SLIDE_MOLECULES
from mands_rulebook.powers.telepathy import TELEPATHY
from mands_rulebook.powers.teleportation import TELEPORTATION
from mands_rulebook.powers.vibratory_power import VIBRATORY_POWER
from mands_sim.actions import Intent
from mands_sim.dice import ScriptedDice
from mands_sim.kernel.encounter import Encounter
from tests.data.template_powers import cast_encounter

OWNERS = {
    GRAVITY_CONTROL: ("pulsar", "carl", {}),
    HEALING_POWER: ("healer", None, {}),
    MAGNETISM: ("magneto", "carl", {}),
    MIND_CONTROL: ("mesmer", "carl", {}),
    PSYCHIC_INVISIBILITY: ("ghost", None, {}),
    SLIDE_MOLECULES: ("brinn", None, {}),
    TELEPATHY: ("mentor", "enemy", {}),
    TELEPORTATION: ("blinker", None, {"place": "roof"}),
    VIBRATORY_POWER: ("shaker", "carl", {}),
}
USES = [(spec, use) for spec in OWNERS for use in spec.uses]


@cache
def encounter() -> Encounter:
    return cast_encounter(ScriptedDice([]))


@settings(max_examples=60, deadline=None)
@given(which=st.sampled_from(USES), pr=st.integers(0, 60))
def test_no_template_default_spend_takes_more_pr_than_the_character_has(
    which: tuple[PowerSpec, PowerUse], pr: int
) -> None:
    spec, use = which
    actor, target, options = OWNERS[spec]
    intent = Intent(use.action.name, target, options={**options, "power": spec.name})
    wanted = use.default_spend(encounter(), actor, intent, pr)
    spend = checked_spend("default", spec, use, pr, wanted)  # raises past the PR
    assert spend.total <= pr
