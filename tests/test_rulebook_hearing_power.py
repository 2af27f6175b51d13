"""Hearing Power (template, G-136): ``mands_rulebook.powers.hearing_power``.

Seed "Hearing": "The Hearing Power can reduce the penalties for being unable to see. This table
corresponds hearing powers to: a multiplier for the penalty for being unable to see. ... Round
the penalty to the most negative." (``docs/rules/charts.md`` §7: 10–20 5/6, 20–40 4/6, 40–80 3/6,
80–160 2/6, 160 and up 1/6.) ``listener`` (Hearing Power 20) is blinded by Fire Coat (G-78: the
Sight-0 Close modifier, −5).
"""

from __future__ import annotations

from mands_rulebook.kit.powers.uses import TEMPLATE
from mands_rulebook.powers import hearing_power
from mands_rulebook.powers.fire_coat import Blinded
from mands_rulebook.powers.hearing_power import HEARING_POWER, apparent_distance, reduced_penalty
from mands_sim.actions import Intent
from mands_sim.dice import ScriptedDice
from tests.data.template_powers import cast_encounter

PUNCH = Intent("fist-attack", "enemy")


def test_hearing_power_is_an_automatic_template_power() -> None:
    assert (HEARING_POWER.source, HEARING_POWER.uses) == (TEMPLATE, ())


def test_reduced_penalty_follows_the_chart_rounded_to_the_most_negative() -> None:
    """−5 × 5/6 = −4.17 → −5; × 4/6 = −3.33 → −4; −9 × 1/6 = −1.5 → −2; below 10: unchanged."""
    encounter = cast_encounter(ScriptedDice([]))
    assert [reduced_penalty(encounter, p, h) for p, h in ((-5, 10), (-5, 20), (-9, 160))] == [
        -5,
        -4,
        -2,
    ]
    assert reduced_penalty(encounter, -5, 9) == -5


def test_mands_bonus_pool_modifiers_a_blinded_listener_gets_back_what_the_chart_takes_off() -> None:
    """Blinded: −5; Hearing Power 20 makes it −4: a Hearing Power modifier of +1."""
    encounter = cast_encounter(ScriptedDice([]))
    hook = hearing_power.mands_bonus_pool_modifiers
    assert hook(encounter, "listener", PUNCH, "combat") == []  # not blinded
    encounter.emit([Blinded(0, "listener", "sun-ruler", 30)])
    assert [(m.amount, m.source) for m in hook(encounter, "listener", PUNCH, "combat")] == [
        (1, "Hearing Power")
    ]


def test_apparent_distance_is_divided_by_the_power() -> None:
    assert apparent_distance(40.0, 20) == 2.0
