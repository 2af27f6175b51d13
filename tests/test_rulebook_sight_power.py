"""Sight Power (template, G-136): ``mands_rulebook.powers.sight_power``.

Seed "Sight": "If a character has a Sight Power, divide the distance something is from the
character by the sight power for the distance it seems to be. This reduced distance will apply
to Short Ranges and Range Sets, but not to Maximum Range." ``hawkeye`` (Sight 14, Sight Power 4)
shoots a pistol (Short Range 10 m, Range Set 10 m, Maximum Range 100 m: G-42) at ``enemy-roof``,
50 m away: 4 full Range Sets past Short Range, −4 (G-20); seen at 12.5 m, none.
"""

from __future__ import annotations

from mands_rulebook.kit.powers.attacks import apparent_distance, range_pool, seen_distance
from mands_rulebook.kit.powers.uses import TEMPLATE
from mands_rulebook.kit.weapons.table import Ranges
from mands_rulebook.powers import sight_power
from mands_rulebook.powers.sight_power import SIGHT_POWER
from mands_sim.actions import Intent
from mands_sim.dice import ScriptedDice
from tests.data.template_powers import cast_encounter


def shot(at: str) -> Intent:
    return Intent("weapon-attack", at, options={"weapon": "pistol"})


def test_sight_power_is_an_automatic_template_power() -> None:
    assert (SIGHT_POWER.source, SIGHT_POWER.uses) == (TEMPLATE, ())


def test_apparent_distance_is_divided_by_the_power() -> None:
    assert [apparent_distance(50.0, p) for p in (4, 1, 0)] == [12.5, 50.0, 50.0]


def test_mands_bonus_pool_modifiers_gives_back_the_range_sets_the_power_hides() -> None:
    """G-136: −4 at 50 m, 0 at the apparent 12.5 m: a Sight Power modifier of +4."""
    encounter = cast_encounter(ScriptedDice([]))
    found = sight_power.mands_bonus_pool_modifiers(
        encounter, "hawkeye", shot("enemy-roof"), "combat"
    )
    assert [(m.amount, m.source) for m in found] == [(4, "Sight Power")]
    pool = encounter.rules.bonus_pool
    seen = pool(encounter, "hawkeye", shot("enemy-roof"), "combat")
    assert seen - pool(encounter, "ally", shot("enemy-roof"), "combat") == 4  # the same, unaided


def test_no_modifier_in_contact_without_the_power_or_for_other_rolls() -> None:
    encounter = cast_encounter(ScriptedDice([]))
    hook = sight_power.mands_bonus_pool_modifiers
    assert hook(encounter, "hawkeye", shot("enemy"), "combat") == []  # contact: no distance
    assert hook(encounter, "ally", shot("enemy-roof"), "combat") == []  # no Sight Power
    assert hook(encounter, "hawkeye", shot("enemy-roof"), "move") == []


def test_the_reason_names_both_distances() -> None:
    encounter = cast_encounter(ScriptedDice([]))
    found = sight_power.sight_power_modifier(encounter, "hawkeye", shot("enemy-roof"))
    assert found is not None and found.reason.startswith("G-136: 50 m seem 12.5 m")


def test_a_power_attacks_range_pool_is_figured_at_the_seen_distance() -> None:
    """``power_kit.range_pool`` (a power attack's Combat Roll): a blast with Short Range 10 m and
    Range Set 10 m at ``enemy-roof``, 50 m away: 4 Range Sets past Short Range, −4 (G-20), for
    the unaided ally; Hawkeye sees it at 12.5 m: none."""
    encounter = cast_encounter(ScriptedDice([]))
    blast = Ranges(short_range=10.0, range_set=10.0, max_range=100.0)
    pools = [range_pool(encounter, who, "enemy-roof", blast) for who in ("ally", "hawkeye")]
    assert pools == [-4, 0]
    assert seen_distance(encounter, "hawkeye", 50.0) == 12.5
