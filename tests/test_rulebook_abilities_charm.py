"""Charm, fear and horror (``mands_rulebook.abilities.charm``; seed "Charisma", seed 002 "Beauty"
and "An
Example of Horrification"; G-155 … G-158).

The example: "Cerest-Ranon, Seraph, and Gremlin come across a Nightgaunt with a Beauty of -4.
The Editor rolls 1 for the Horror Roll. Cerest-Ranon's Beauty is 16 and her Willpower is 72. Her
save is vs. 62. Seraph has a Beauty of 31 and Willpower of 80. He saves vs. 68. Gremlin's Beauty
is 6 and her Willpower is 60, so she saves vs. 54. Half of the Q (round up) ... is applied as a
penalty ..., so each has a penalty of 6. Half of the Q (round down) is applied to the time
paralyzed, so that's an extra 1d6 segments, for 2d6. Cerest-Ranon's player rolls 45, so she's
not horrified. Seraph's player rolls 78, so he is. Gremlin's player rolls 9, so she isn't. The
Editor rolls 9 on 2d6 for Seraph, so Seraph is paralyzed with horror for 9 segments."

Only Beauty and Willpower are given for Cerest-Ranon and Gremlin, so the test builds them from
Seraph's sheet with those two numbers (Willpower is 4 × Newoen: Newoen 18 and 15). A 2d10 total
of 1 needs a Special character's re-roll (1 and 2, the 1 re-rolled to 2: 3 − 2 = 1), so the
test's Nightgaunt is Special; its Horror Roll 4 − 1 gives Q 3: 2 Q (×3) off the saves, 1 Q
(1 on the Sphere chart) for one more d6.
"""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path
from typing import Any

import pytest

from mands_rulebook.abilities.charm.effects import Horrified
from mands_rulebook.abilities.charm.saves import CharmSave, weirdness_bonus
from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.dice import ScriptedDice
from mands_sim.events import ConditionImposed, Event
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation

CHARACTERS = Path(__file__).parent.parent / "scenarios" / "characters"


def sheet(file: str, **changes: Any) -> dict[str, Any]:
    """A sample sheet as a table, with ``abilities``/``attributes`` values changed."""
    data = tomllib.loads((CHARACTERS / f"{file}.toml").read_text(encoding="utf-8"))
    for key, value in changes.items():
        if key in data["abilities"]:
            data["abilities"][key] = value
        elif key in data["attributes"]:
            data["attributes"][key] = value
        else:
            data[key] = value
    return data


HEROES = {
    "seraph": sheet("seraph"),  # Beauty 31, Willpower 80
    "cerest-ranon": sheet("seraph", name="Cerest-Ranon", newoen=18, beauty=16),  # Willpower 72
    "gremlin": sheet("seraph", name="Gremlin", newoen=15, beauty=6),  # Willpower 60
}


HEROES_ALL = ("cerest-ranon", "gremlin", "seraph")


def scenario(
    heroes: tuple[str, ...],
    villain: dict[str, Any],
    optional: tuple[str, ...],
    hostages: tuple[str, ...] = (),
) -> dict[str, Any]:
    """The crypt; ``hostages`` are heroes with the role ``hostage`` (G-235)."""
    return {
        "format": 1,
        "name": "the Nightgaunt",
        "rules": {"optional": list(optional)},
        "map": {"places": [{"name": "crypt"}]},
        "sides": [
            {
                "name": "heroes",
                "characters": [
                    {"id": h, "sheet": HEROES[h], "place": "crypt"}
                    | ({"role": "hostage"} if h in hostages else {})
                    for h in heroes
                ],
            },
            {
                "name": "monsters",
                "characters": [{"id": "nightgaunt", "sheet": villain, "place": "crypt"}],
            },
        ],
        "stop": {"time_limit": 3000},
    }


@functools.cache
def simulation(
    heroes: tuple[str, ...],
    villain: str,
    optional: tuple[str, ...],
    hostages: tuple[str, ...] = (),
) -> Simulation:
    """One prepared simulation per setup; each test gives it its own dice, minds and defaults."""
    monster = sheet("nightgaunt", **dict(tomllib.loads(villain)))
    return Simulation(parse_scenario(scenario(heroes, monster, optional, hostages)))


class Once:
    """Starts ``intent`` at segment 0, then nothing; spends Q as told (or by default)."""

    def __init__(self, intent: Intent | None = None, spend: dict[str, int] | None = None) -> None:
        self.intent = intent
        self.spend = spend
        self.asked = False

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        if self.asked or self.intent is None:
            return None
        self.asked = True
        return self.intent

    def allocate(self, *args: Any) -> QualityAllocation:
        return QualityAllocation()

    def __getattr__(self, name: str) -> Any:
        if name == "spend_charm_quality" and self.spend is not None:
            return lambda *args: self.spend
        raise AttributeError(name)


def play(
    minds: dict[str, Once],
    dice: dict[str, list[int]],
    *,
    heroes: tuple[str, ...] = HEROES_ALL,
    villain: str = "special = true",
    optional: tuple[str, ...] = (),
    hostages: tuple[str, ...] = (),
    until: int = 10,
    **defaults: str,
) -> Encounter:
    sim = simulation(heroes, villain, optional, hostages)
    sim.dice = ScriptedDice(dice)
    sim.minds = {c: minds.get(c, Once()) for c in (*heroes, "nightgaunt")}  # type: ignore[assignment]
    encounter = sim.start()
    encounter.defaults = encounter.defaults.with_overrides(defaults)  # as [rules.defaults]
    encounter.run(until=until)
    return encounter


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


HORROR = Intent("horrify", "seraph", options={"targets": "all"})
EXAMPLE_DICE = {
    "nightgaunt": [1, 2, 2, 4, 5],  # the Horror Roll (1, 2, re-roll 2: 1); then 2d6 = 9
    "cerest-ranon": [45],
    "gremlin": [9],
    "seraph": [78],
}


@pytest.fixture(scope="module")
def example() -> Encounter:
    """The example, with the book's arithmetic for its three targets (G-157 ``example``)."""
    minds = {"nightgaunt": Once(HORROR)}
    return play(minds, dict(EXAMPLE_DICE), G157_multiple_targets_penalty="example")


def saves(encounter: Encounter) -> dict[str, CharmSave]:
    return {save.character: save for save in of(encounter.log, CharmSave)}


def test_resolve_the_example_saves_are_vs_62_68_and_54(example: Encounter) -> None:
    """Willpower less Beauty (Sphere) — the target's own, G-155: 72 − 10, 80 − 12, 60 − 6."""
    assert {c: s.willpower + s.beauty_modifier for c, s in saves(example).items()} == {
        "cerest-ranon": 62,
        "seraph": 68,
        "gremlin": 54,
    }


def test_initiate_half_the_q_rounded_up_is_a_penalty_of_6(example: Encounter) -> None:
    assert {s.quality_penalty for s in saves(example).values()} == {6}


def test_the_example_horrifies_seraph_only(example: Encounter) -> None:
    """Rolls 45, 78 and 9: Cerest-Ranon and Gremlin save, Seraph does not (Gremlin's Weirdness
    Bonus of 4 is added to her save: 54 − 6 + 4 = 52)."""
    assert {c: s.saved for c, s in saves(example).items()} == {
        "cerest-ranon": True,
        "seraph": False,
        "gremlin": True,
    }
    assert saves(example)["gremlin"].target == 52


def test_the_example_paralyses_seraph_for_nine_segments(example: Encounter) -> None:
    """2d6 (the extra d6 from 1 Q on the Sphere chart) = 4 + 5 = 9, from segment 10 to 19."""
    (horrified,) = of(example.log, Horrified)
    assert (horrified.character, horrified.dice, horrified.segments) == ("seraph", (4, 5), 9)
    (paralysed,) = of(example.log, ConditionImposed)
    assert (paralysed.character, paralysed.condition, paralysed.until) == (
        "seraph",
        "paralysed",
        19,
    )


def test_the_weirdness_bonus_moves_with_each_save(example: Encounter) -> None:
    """Seed "Beauty": +2 for a save made, −1 for one failed (Gremlin starts at 10 − 6 = 4)."""
    assert {c: weirdness_bonus(example, c) for c in HEROES} == {
        "cerest-ranon": 2,
        "seraph": -1,
        "gremlin": 6,
    }
