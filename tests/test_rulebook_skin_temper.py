"""Skin Temper, the power (template; G-06): ``mands_rulebook.powers.skin_temper``.

Seraph: "He chooses a Skin Temper increase, and rolls 4 on d5, for a bonus of .8 to his Skin
Temper. It is only partial protection, and protects 42% of the time" (seed "Biff Turk Creates a
Sample Character"). Sun-Ruler's fire blast with all 12 PR does 6 (seed "Power Example": "Damage
is the PR/2"); Seraph's own Skin Temper is 9/10 (row 1).
"""

from __future__ import annotations

from fractions import Fraction

from mands_rulebook.kit.powers.ratings import canonical_power_name
from mands_rulebook.kit.powers.uses import TEMPLATE
from mands_rulebook.powers.skin_temper import SKIN_TEMPER, skin_temper_multiplier
from mands_sim.dice import ScriptedDice
from mands_sim.events import DamageTaken, Event, PercentRolled
from tests.data.power_plan import PlanMind, duel, of, use
from tests.data.template_powers import installed_registries


def burnt(cover_roll: int, **defaults: str) -> list[Event]:
    """Sun-Ruler's blast (dice 3 + 3) lands on Seraph on 20; his cover d100 is ``cover_roll``."""
    sun = PlanMind(
        [(0, use("fire-coat-blast", "Fire Coat", "seraph"))],
        spend={"fire-coat-blast": {"damage": 12}},
    )
    dice = ScriptedDice({"sun-ruler": [3, 3], "seraph": [cover_roll]})
    return duel({"seraph": PlanMind(), "sun-ruler": sun}, dice, until=21, defaults=defaults)


def test_mands_register_powers_lists_skin_temper_as_a_template_power() -> None:
    registries = installed_registries()
    entry = registries.powers["Skin Temper"]
    assert (entry.source, entry.plugin) == (TEMPLATE, "mands_rulebook.powers.skin_temper")
    assert SKIN_TEMPER.uses == ()  # Automatic: no action, no EP
    assert canonical_power_name(registries, "skin temper") == "Skin Temper"


def test_mands_register_powers_gives_skin_temper_the_superhuman_tables_names_and_dice() -> None:
    """Seed: roll 87 "Skin Temper + d5/5" (also written "Skin Temper +d5/5"), "He chooses a
    Skin Temper increase, and rolls 4 on d5": the table's names resolve, the d5/5 is its roll."""
    registries = installed_registries()
    for written in ("Skin Temper + d5/5", "Skin Temper +d5/5", "skin temper increase"):
        assert canonical_power_name(registries, written) == "Skin Temper"
    assert canonical_power_name(registries, "Skin Temper + d6") is None
    assert SKIN_TEMPER.pr_dice == "d5/5"


def test_the_power_covers_at_42_and_gives_one_fifth() -> None:
    """G-06: d100 42 ≤ 42 covers; 1 − .8 = 1/5 (row 8): 6 × 1/5 = 1.2 → 2 (G-45)."""
    events = burnt(42)
    (hit,) = of(events, DamageTaken, "seraph")
    assert (hit.raw, hit.taken) == (6, 2)


def test_the_power_is_applied_once_one_cover_roll_per_blow() -> None:
    """Registering the power adds no second cover: one d100 for it, a miss (43) leaves 9/10."""
    events = burnt(43)
    covers = [e for e in of(events, PercentRolled, "seraph") if "Skin Temper" in e.purpose]
    assert [(c.purpose, c.chance, c.succeeded) for c in covers] == [
        ("cover: Skin Temper (power)", 42, False)
    ]
    assert of(events, DamageTaken, "seraph")[0].taken == 6  # 6 × 9/10 = 5.4 → 6


def test_g06_switch_rows_reads_the_bonus_as_whole_rows() -> None:
    """G-06 ``rows``: .8 → +1 row: row 1 + 1 = row 2 (4/5): 6 × 4/5 = 4.8 → 5."""
    (hit,) = of(burnt(42, G06_skin_temper_power="rows"), DamageTaken, "seraph")
    assert hit.taken == 5


def test_skin_temper_multiplier_is_one_less_the_bonus() -> None:
    assert skin_temper_multiplier(Fraction(4, 5)) == Fraction(1, 5)
