"""The generic ``skill-check`` action (``mands_rulebook.skills.skill_check``; seed "Skill Rolls").

The seed's Opening Locks example: "A skill level 7 person with a 10 learning and 10 agility,
trying to open a skeleton key lock (type 1) will roll vs. 7-1, or 6, with a bonus of 9 (10 on the
Sphere Chart). This is vs. 15." The grunt of :mod:`tests.data.fighters` has Learning 10 and
Agility 10.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

import mands_rulebook.skills.skill_check as skill_check
from mands_rulebook.skills.skill_check import SKILL_CHECK, knowledge_bonus
from mands_sim.actions import Intent, QualityAllocation
from mands_sim.dice import ScriptedDice
from mands_sim.events import (
    ActionResolved,
    ActionStarted,
    DefenseChanged,
    EndurancePaid,
    PercentRolled,
    RollMade,
)
from mands_sim.model.sheet import parse_sheet
from mands_sim.registry import collect_registries
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from mands_sim.testing import PluginManagerFactory, sample_sheet
from tests.data.fighters import ROOT, fight, grunt
from tests.data.skills_fighters import Scripted, duel, of

LOCKSMITH = grunt(skills={"Opening Locks": 7})


def check(**options: Any) -> Intent:
    return Intent(SKILL_CHECK.name, options=options)


def test_initiate_opening_locks_rolls_against_15() -> None:
    """Level 7 − lock type 1 = 6; pool ½ 10 + ½ 10 = 10 → +9: "This is vs. 15"; dice 10 and 5
    make it with Q 0; "Performance Time to Open Locks is the lock Type times 10 segments"."""
    log = duel(
        LOCKSMITH,
        check(skill="Opening Locks", lock_type=1),
        dice={"attacker": [10, 5, 30]},
    )
    (roll,) = of(log, RollMade)
    (started,) = [e for e in of(log, ActionStarted) if e.character == "attacker"]
    assert (roll.target, roll.bonus_pool, roll.pool_bonus, roll.quality) == (6, 10, 9, 0)
    assert started.performance_time == 10
    assert [e.outcome for e in of(log, ActionResolved)] == ["succeeded"]


def test_resolve_opening_locks_rolls_for_a_trace() -> None:
    """Seed: "the chance for not leaving a trace is level times 5 percent, plus the difference
    between the above Skill Roll and the die roll": 35 + Q 0; d100 36 leaves one."""
    log = duel(LOCKSMITH, check(skill="Opening Locks", lock_type=1), dice={"attacker": [10, 5, 36]})
    (trace,) = of(log, PercentRolled)
    assert (trace.chance, trace.roll, trace.succeeded) == (35, 36, False)


def test_a_failed_check_still_takes_its_time() -> None:
    """Lock type 3: vs. 4 + 9 = 13; dice 10 and 10 miss; 30 segments all the same."""
    log = duel(
        LOCKSMITH,
        check(skill="Opening Locks", lock_type=3),
        dice={"attacker": [10, 10, 1]},
        until=30,
    )
    (resolved,) = of(log, ActionResolved)
    assert (resolved.segment, resolved.outcome) == (30, "failed")


@pytest.mark.parametrize(
    ("reading", "paid"), [("ep_figure", Fraction(3)), ("literal", Fraction(1, 20))]
)
def test_acrobatics_pays_3_ep_by_g04(reading: str, paid: Fraction) -> None:
    """Seed "Acrobatics": pool "Agility and half Strength" (10 + 5 = 15 → +10); "row 2 of the EP
    Use Chart (3 EP/round)": row 7 by G-04 (``ep_figure``); ``G04_skill_ep_rows = "literal"``
    reads row 2 (1/20 EP, G-03)."""
    log = duel(
        grunt(skills={"Acrobatics": 4}),
        check(skill="Acrobatics"),
        dice={"attacker": [3, 3]},
        defaults={"G04_skill_ep_rows": reading},
    )
    (roll,) = of(log, RollMade)
    assert (roll.target, roll.bonus_pool, roll.pool_bonus) == (4, 15, 10)
    assert [e.amount for e in of(log, EndurancePaid)] == [paid]


def test_doubling_the_time_adds_2_up_to_twice_the_level() -> None:
    """Seed "Skill Rolls": "For each doubling of the time ... add 2 to the character's Action
    Roll ... not more than twice the character's Skill Level": level 1, 3 doublings → +2;
    Picking Pockets' 20 segments → 160."""
    log = duel(
        grunt(skills={"Picking Pockets": 1}),
        check(skill="Picking Pockets", doublings=3),
        dice={"attacker": [3, 3]},
    )
    (roll,) = of(log, RollMade)
    (started,) = [e for e in of(log, ActionStarted) if e.character == "attacker"]
    assert (roll.target, started.performance_time) == (1 + 2, 160)


def test_hurrying_halves_the_time_for_each_2_of_penalty() -> None:
    """Seed: "For each penalty of 2 to the Action Roll, divide Performance Time by 2, and round
    down": Quick Change's 4 segments, −4 → 1."""
    log = duel(
        grunt(skills={"Quick Change": 6}),
        check(skill="Quick Change", hurry=4),
        dice={"attacker": [1, 1]},
    )
    (roll,) = of(log, RollMade)
    (started,) = [e for e in of(log, ActionStarted) if e.character == "attacker"]
    assert (roll.target, started.performance_time) == (6 - 4, 1)


def test_q_on_defense_lasts_for_the_check() -> None:
    """Seed "Skill Rolls": "Characters can use 2 Q points to add 1 to their Defense for the
    duration of the action": 4 Q → +2 until the lock is open."""
    log = duel(
        LOCKSMITH,
        check(skill="Opening Locks", lock_type=1),
        spend=QualityAllocation(defense=4),
        dice={"attacker": [2, 2, 99]},
    )
    assert [(e.segment, e.defense) for e in of(log, DefenseChanged)] == [(0, 2), (10, 0)]


def test_a_same_named_knowledge_adds_a_tenth_of_its_score() -> None:
    """Seed "Knowledge": "a bonus equal to the Knowledge Score divided by 10": 36 → 3."""
    sheet = parse_sheet(sample_sheet(knowledge={"Opening Locks": 36}))
    assert knowledge_bonus(sheet, "Opening Locks") == 3


def test_mands_action_refusals_a_check_needs_a_skill() -> None:
    encounter = fight({"a": LOCKSMITH, "b": grunt()})
    assert encounter.rules.refusals(encounter, "a", check()) == [
        "skill-check needs options.skill (the skill's name)"
    ]


def test_an_objective_can_name_the_skill_check() -> None:
    """A lock opened while the other side looks on: ``complete-action`` = ``skill-check`` ends
    the encounter with the locksmith's side winning at segment 20 (lock type 2)."""
    data = {
        "format": 1,
        "name": "the vault",
        "map": {"places": [{"name": "vault"}]},
        "sides": [
            {"name": "thieves", "characters": [{"id": "a", "sheet": LOCKSMITH, "place": "vault"}]},
            {"name": "guards", "characters": [{"id": "b", "sheet": grunt(), "place": "vault"}]},
        ],
        "stop": {
            "time_limit": 200,
            "objectives": [{"kind": "complete-action", "side": "thieves", "action": "skill-check"}],
        },
    }
    minds = {"a": Scripted([check(skill="Opening Locks", lock_type=2)]), "b": Scripted()}
    simulation = Simulation(
        parse_scenario(data, base_dir=ROOT / "scenarios"),
        dice=ScriptedDice({"a": [2, 2, 1]}),
        minds=minds,  # type: ignore[arg-type]
    )
    encounter = simulation.build()
    ended = encounter.run()
    assert ended is not None and (ended.segment, ended.winner) == (20, "thieves")


def test_mands_register_actions_registers_skill_check(
    plugin_manager_factory: PluginManagerFactory,
) -> None:
    registries = collect_registries(plugin_manager_factory(skill_check))
    assert list(registries.actions) == ["skill-check"]
