"""The seam for what a character is now (``mands_sim.kernel.abilities``): modifiers from
``mands_ability_modifiers``, summed, figured again (G-287)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from mands_sim.api import hookimpl
from mands_sim.events import Event
from mands_sim.kernel.abilities import AbilityModifier, summed
from mands_sim.kernel.encounter import Encounter
from mands_sim.log_index import logged
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from tests.data.fighters import ROOT, grunt


@dataclass(frozen=True, slots=True)
class Drained(Event):
    """A test event: ``character`` lost ``points`` of ``what``."""

    kind: ClassVar[str] = "drained"
    character: str
    what: str
    points: int


class Draining:
    """Each :class:`Drained` in the log takes its points away, as long as it is logged."""

    def __init__(self) -> None:
        self.asked = 0

    @hookimpl
    def mands_ability_modifiers(self, encounter: Encounter, actor: str) -> list[AbilityModifier]:
        self.asked += 1
        return [
            AbilityModifier(e.what, -e.points, "drained") for e in logged(encounter, Drained, actor)
        ]


def drained_fight(plugin: Draining, **sheet: object) -> Encounter:
    entries = [
        {"id": "hero", "sheet": grunt(**sheet), "place": "ring"},
        {"id": "foe", "sheet": grunt(), "place": "ring"},
    ]
    data = {
        "format": 1,
        "name": "drained",
        "map": {"places": [{"name": "ring"}]},
        "sides": [
            {"name": "first", "characters": entries[:1]},
            {"name": "others", "characters": entries[1:]},
        ],
        "stop": {"time_limit": 500},
    }
    spec = parse_scenario(data, base_dir=ROOT / "scenarios")
    return Simulation(spec, extra_plugins={"draining": plugin}).build()


def test_mands_ability_modifiers_change_what_every_rule_reads() -> None:
    encounter = drained_fight(Draining())
    built = encounter.character("hero").figured
    encounter.emit([Drained(0, "hero", "strength", 4)])
    assert encounter.abilities("hero").strength == 10 - 4
    assert encounter.figured("hero").throw_roll == built.throw_roll - 4
    assert encounter.abilities("foe").strength == 10


def test_mands_ability_modifiers_of_a_figured_attribute_add_to_it() -> None:
    encounter = drained_fight(Draining())
    built = encounter.character("hero").figured
    encounter.emit([Drained(0, "hero", "hand_damage", 2), Drained(0, "hero", "damage_points", 1)])
    now = encounter.figured("hero")
    assert (now.hand_damage, now.damage_points.body) == (
        built.hand_damage - 2,
        built.damage_points.body - 1,
    )
    assert now.resist_death <= built.resist_death  # Body DP feeds Resist Death


def test_a_figured_modifier_is_added_after_the_sheets_override() -> None:
    encounter = drained_fight(Draining(), overrides={"hand_damage": 9})
    encounter.emit([Drained(0, "hero", "hand_damage", 3)])
    assert encounter.figured("hero").hand_damage == 6


def test_no_modifier_is_the_character_as_built() -> None:
    encounter = drained_fight(Draining())
    assert encounter.current("hero") is encounter.character("hero")


def test_the_hook_is_asked_once_while_the_log_and_segment_stay() -> None:
    plugin = Draining()
    encounter = drained_fight(plugin)
    for _ in range(5):
        encounter.figured("hero")
    assert plugin.asked == 1
    encounter.emit([Drained(0, "hero", "agility", 1)])
    encounter.figured("hero")
    assert plugin.asked == 2


def test_modifiers_are_summed_by_name_in_any_order() -> None:
    a = AbilityModifier("strength", -3, "a")
    b = AbilityModifier("hand_damage", 1, "b")
    c = AbilityModifier("strength", 3, "c")
    d = AbilityModifier("agility", -1, "d")
    assert summed([a, b, c, d]) == summed([d, c, b, a]) == (("agility", -1), ("hand_damage", 1))


def test_a_modifier_of_no_known_ability_is_an_error() -> None:
    with pytest.raises(ValueError, match="no ability 'strenght'"):
        AbilityModifier("strenght", -1, "typo")
