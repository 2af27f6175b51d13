"""Ignore Damage, the power (template; G-06): ``mands_rulebook.powers.ignore_damage``.

Superhuman class roll 87: "Ignore 2d5 points damage" (seed "Biff Turk Creates a Sample
Character"; Seraph chose the Skin Temper increase instead). ``tough`` is Seraph with the other
choice: Ignore Damage 3, which (with no Cover Chance written) always covers. Sun-Ruler's blast
with all 12 PR does 6.
"""

from __future__ import annotations

from fractions import Fraction

from mands_rulebook.kit.powers.ratings import canonical_power_name
from mands_rulebook.kit.powers.uses import TEMPLATE
from mands_rulebook.powers.ignore_damage import IGNORE_DAMAGE, points_ignored
from mands_sim.dice import ScriptedDice
from mands_sim.events import DamageTaken, PercentRolled
from tests.data.power_plan import PlanMind, of, use
from tests.data.template_powers import cast_fight, installed_registries


def test_mands_register_powers_lists_ignore_damage_as_a_template_power() -> None:
    registries = installed_registries()
    entry = registries.powers["Ignore Damage"]
    assert (entry.source, entry.plugin) == (TEMPLATE, "mands_rulebook.powers.ignore_damage")
    assert IGNORE_DAMAGE.uses == ()


def test_mands_register_powers_gives_ignore_damage_the_superhuman_tables_name_and_dice() -> None:
    """Seed: roll 87 "... or Ignore 2d5 points damage": that name resolves, 2d5 is its roll."""
    registries = installed_registries()
    assert canonical_power_name(registries, "Ignore 2d5 points damage") == "Ignore Damage"
    assert canonical_power_name(registries, "IGNORE 2D5 POINTS DAMAGE") == "Ignore Damage"
    assert IGNORE_DAMAGE.pr_dice == "2d5"


def test_the_power_takes_its_points_off_once_before_skin_temper() -> None:
    """Seed: Ignore Damage before Skin Temper: (6 − 3) × 9/10 = 2.7 → 3 (G-45); one protection
    only (a Cover Chance of 100 is not rolled), so no second 3 comes off."""
    sun = PlanMind(
        [(0, use("fire-coat-blast", "Fire Coat", "tough"))],
        spend={"fire-coat-blast": {"damage": 12}},
    )
    events = cast_fight({"sun-ruler": sun}, ScriptedDice({"sun-ruler": [3, 3]}), until=21)
    (hit,) = of(events, DamageTaken, "tough")
    assert (hit.raw, hit.taken) == (6, 3)
    assert of(events, PercentRolled, "tough") == []


def test_points_ignored_are_whole() -> None:
    assert [points_ignored(Fraction(b)) for b in ("3", "3.5", "0.8")] == [3, 3, 0]
