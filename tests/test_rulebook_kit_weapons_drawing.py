"""Drawing a weapon (``mands_rulebook.kit.weapons.drawing``, through
``mands_rulebook.combat.weapons``' hooks;
seed "Quick Draw"; ``docs/rules/decisions.md`` G-62): the draw time less Quick Draw, in the alley of
``tests/data/weapons_alley.toml``."""

from __future__ import annotations

from typing import Any

import pytest

from mands_rulebook.kit.weapons.drawing import draw_time
from mands_rulebook.kit.weapons.ready import READIED, WeaponReadied
from mands_rulebook.kit.weapons.table import standard_weapons
from mands_sim.events import ActionStarted, EndurancePaid
from mands_sim.kernel.contracts import Mind
from tests.data.weapon_scenes import ALLEY, Script, draw, of, run, scenario


def test_initiate_draw_weapon_readies_the_club_after_its_draw_time() -> None:
    """G-62: drawing the club takes its draw time, 5 segments, costs no EP, and leaves it ready."""
    minds: dict[str, Mind] = {"dexter": Script(draw("club")), "sinister": Script()}
    encounter, events = run(scenario(ALLEY), {}, minds, until=10)
    (started,) = of(events, ActionStarted)
    assert (started.action, started.performance_time) == ("draw-weapon", 5)
    assert [(e.segment, e.weapon) for e in of(events, WeaponReadied)] == [(5, "club")]
    assert encounter.state["dexter"].get(READIED) == "club" and not of(events, EndurancePaid)


@pytest.mark.parametrize(
    ("skills", "segments"),
    [
        ({}, 10),
        ({"Quick Draw (Handgun)": 4}, 6),
        ({"Quick Draw (Rifle)": 4}, 10),
        ({"Quick Draw (Handgun)": 15}, 1),
    ],
)
def test_quick_draw_shortens_the_draw_of_its_weapon_type_only(
    skills: dict[str, int], segments: int
) -> None:
    """Seed "Quick Draw": "reduces the Performance Time for drawing a weapon by level segments"
    and "applies to only one weapon type": the pistol's 10 segments less Quick Draw (Handgun)
    4 is 6; Quick Draw (Rifle) does not help; never below 1 segment."""

    def give_skills(data: dict[str, Any]) -> None:
        data["sides"][0]["characters"][0]["sheet"]["skills"] = skills

    minds: dict[str, Mind] = {"dexter": Script(draw("pistol")), "sinister": Script()}
    _, events = run(scenario(ALLEY, change=give_skills), {}, minds, until=12)
    assert [e.performance_time for e in of(events, ActionStarted)] == [segments]
    assert [e.segment for e in of(events, WeaponReadied)] == [segments]


def test_draw_time_reads_the_sheet() -> None:
    sheet = scenario(ALLEY).character("dexter").sheet
    assert draw_time(sheet, standard_weapons()["pistol"]) == 6
    assert draw_time(sheet, standard_weapons()["club"]) == 5
