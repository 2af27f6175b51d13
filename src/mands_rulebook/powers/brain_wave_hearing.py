"""Brain Wave Hearing (seed "Brain Wave Hearing"): registered, with no action in an encounter.

Seed: "The character with brain wave hearing has a hearing multiplier of 1/2. This is not ESP.
The character can only hear what someone else is saying or directing mentally at the character,
and the character can talk normally, but what is said is heard in the mind(s) of the
target(s). In this case, learning is substituted for strength for loudness. This power does not
use EP."

Why it does nothing in an encounter: the simulator plays no speech, no listening and no
Perception rolls to hear; talking mind to mind changes no roll of the combat rules. Its numbers
are here for scenes and reports:

* :func:`apparent_distance` — a hearing multiplier divides the true distance (seed "Hearing":
  "Divide true distance by the power to get apparent distance"), so mental speech heard with
  the multiplier 1/2 sounds twice as far away: 10 m → 20 m;
* :func:`mental_loudness` — "learning is substituted for strength for loudness": the score a
  thought is "shouted" with is the speaker's Learning (Seraph: 11).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from mands_rulebook.kit.powers.uses import RULES_TEXT, PowerSpec, register_power
from mands_sim.api import CharacterSheet, Register, hookimpl

NAME: Final = "Brain Wave Hearing"

HEARING_MULTIPLIER: Final = Fraction(1, 2)
"""Seed: "a hearing multiplier of 1/2"."""

BRAIN_WAVE_HEARING = PowerSpec(
    name=NAME,
    summary="Hear thoughts directed at the character and speak into minds (hearing "
    "multiplier 1/2; Learning for loudness); no EP, no encounter action.",
    source=RULES_TEXT,
    uses=(),
)


def apparent_distance(meters: float) -> float:
    """The true distance divided by the hearing multiplier 1/2 (10 m → 20 m)."""
    return float(Fraction(str(meters)) / HEARING_MULTIPLIER)


def mental_loudness(sheet: CharacterSheet) -> int:
    """Seed: "learning is substituted for strength for loudness"."""
    return sheet.abilities.learning


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, BRAIN_WAVE_HEARING)
