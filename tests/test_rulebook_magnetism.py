"""Magnetism (template, G-130): ``mands_rulebook.powers.magnetism``.

Seed "Perception": "A power such as magnetism or electricity can aid in searching for another
such power/power source: Add the PR to the Perception roll." The blast is the template's
(``docs/rules/powers.md`` §3): ⌈PR/2⌉ damage, Cosmic-Rays ranges, Performance Time 20, row 9. A
villain with Magnetism PR 7 (``magneto``: Sun-Ruler's numbers otherwise) hits ``carl`` (Seraph's
sheet without powers: Skin Temper 9/10).
"""

from __future__ import annotations

from mands_rulebook.kit.powers.uses import TEMPLATE
from mands_rulebook.powers.magnetism import BLAST, MAGNETISM, search_bonus
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import ScriptedDice
from mands_sim.events import DamageTaken
from tests.data.power_plan import PlanMind, of, use
from tests.data.template_powers import cast_fight

CHART = load_standard_charts().action


def test_magnetism_is_a_template_blast() -> None:
    assert MAGNETISM.source == TEMPLATE
    assert BLAST.action.name == "magnetism-blast"


def test_resolve_a_magnetic_blast_does_half_the_pr_rounded_up() -> None:
    """PR 7 all on damage: ⌈7/2⌉ = 4; 4 × 9/10 = 3.6 → 4 (G-45)."""
    magneto = PlanMind([(0, use("magnetism-blast", "Magnetism", "carl"))])
    events = cast_fight({"magneto": magneto}, ScriptedDice({"magneto": [5, 5]}), until=21)
    (hit,) = of(events, DamageTaken, "carl")
    assert (hit.raw, hit.taken) == (4, 4)


def test_blast_ranges_on_pr_7() -> None:
    """Short Range row 7 (7 m), Range Set row 3 (3 m), Maximum Range row 12 (24 m)."""
    assert BLAST.ranges is not None
    ranges = BLAST.ranges(CHART, {"damage": 7}, 7)
    assert (ranges.short_range, ranges.range_set, ranges.max_range) == (7.0, 3.0, 24.0)


def test_search_bonus_is_the_pr() -> None:
    assert search_bonus(7) == 7
