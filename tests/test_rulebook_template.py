"""The powers template (``docs/rules/powers.md`` §3; G-130): ``mands_rulebook.powers.template``.

"Attack/blast power: Basic Effect *Damage* = PR/2 (Fire Coat) … default **PR/2 round up**.
Short Range / Range Set / Maximum Range: default to the Cosmic-Rays pattern (Short = PR
Result→Sphere meters, Range Set 4 rows lower, Max 5 rows higher). EP from row 9 ...
Performance Time 20. Requires a Combat Roll." Mind powers: Emotion Control's save "vs.
willpower minus ... PR"; Psychic Immunity's score "is added to any saving throw vs. mind probing
or mind attacks. Half this is added to saves vs. mind control".
"""

from __future__ import annotations

from mands_rulebook.kit.powers.uses import ATTACK, TEMPLATE
from mands_rulebook.powers.template import (
    automatic_power,
    blast_use,
    mind_reach,
    mind_refusals,
    mind_save,
    template_damage,
)
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import ScriptedDice
from tests.data.template_powers import cast_encounter

CHART = load_standard_charts().action


def test_template_damage_is_half_the_pr_rounded_up() -> None:
    assert [template_damage(pr) for pr in (12, 7, 1, 0)] == [6, 4, 1, 0]


def test_blast_use_is_a_maintainable_attack_of_20_segments_from_row_9() -> None:
    use = blast_use("x-power-blast", "X Power", "a blast")
    action = use.action
    assert (use.role, use.effects, action.performance_time, action.ep_row) == (
        ATTACK,
        ("damage",),
        20,
        9,
    )
    assert action.can_maintain and action.needs_target
    assert use.ranges is not None
    ranges = use.ranges(CHART, {"damage": 17}, 17)
    assert (ranges.short_range, ranges.range_set) == (100.0, 32.0)  # rows 17 and 13


def test_automatic_power_has_no_actions_and_the_template_tag() -> None:
    spec = automatic_power("X Sense", "a sense", aliases=("Sense X",))
    assert (spec.uses, spec.source, spec.names) == ((), TEMPLATE, ("X Sense", "Sense X"))


def test_mind_reach_is_the_pr_on_the_sphere_chart() -> None:
    assert [mind_reach(CHART, pr) for pr in (17, 10, 7)] == [100.0, 14.0, 7.0]


def test_mind_refusals_other_character_and_reach() -> None:
    encounter = cast_encounter(ScriptedDice([]))
    assert mind_refusals(encounter, "mentor", "mentor", 10) == [
        "a mind power needs another character as its target"
    ]
    assert mind_refusals(encounter, "mentor", "enemy", 10) == []


def test_mind_save_adds_psychic_immunity_whole_or_half_against_control() -> None:
    """Willpower 56, immunity 56, penalty 40: 72 vs. mind probing, 44 vs. mind control."""
    encounter = cast_encounter(ScriptedDice({"enemy-immune": [72, 45]}))
    probe = mind_save(encounter, "enemy-immune", "probe", 40)
    control = mind_save(encounter, "enemy-immune", "control", 40, control=True)
    assert (probe.chance, probe.succeeded) == (72, True)
    assert (control.chance, control.succeeded) == (44, False)
