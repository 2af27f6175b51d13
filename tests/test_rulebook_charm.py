"""Charm, fear and horror (``mands_rulebook.charm``; seed "Charisma", seed 002 "Beauty" and "An
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
from mands_rulebook.charm import (
    BEAUTY_CHARM,
    CHARM,
    CharmSave,
    Horrified,
    next_save_days,
    weirdness_bonus,
)
from mands_rulebook.editing_points import EditingPointsUsed

from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.dice import ScriptedDice
from mands_sim.errors import PluginHookError
from mands_sim.events import (
    ActionStarted,
    Event,
    OutOfAction,
    PushedBack,
    Surprised,
)
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
    heroes: tuple[str, ...], villain: dict[str, Any], optional: tuple[str, ...]
) -> dict[str, Any]:
    return {
        "format": 1,
        "name": "the Nightgaunt",
        "rules": {"optional": list(optional)},
        "map": {"places": [{"name": "crypt"}]},
        "sides": [
            {
                "name": "heroes",
                "characters": [{"id": h, "sheet": HEROES[h], "place": "crypt"} for h in heroes],
            },
            {
                "name": "monsters",
                "characters": [{"id": "nightgaunt", "sheet": villain, "place": "crypt"}],
            },
        ],
        "stop": {"time_limit": 3000},
    }


@functools.cache
def simulation(heroes: tuple[str, ...], villain: str, optional: tuple[str, ...]) -> Simulation:
    """One prepared simulation per setup; each test gives it its own dice, minds and defaults."""
    monster = sheet("nightgaunt", **dict(tomllib.loads(villain)))
    return Simulation(parse_scenario(scenario(heroes, monster, optional)))


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
    until: int = 10,
    **defaults: str,
) -> Encounter:
    sim = simulation(heroes, villain, optional)
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


def test_mands_action_resolve_the_example_saves_are_vs_62_68_and_54(example: Encounter) -> None:
    """Willpower less Beauty (Sphere) — the target's own, G-155: 72 − 10, 80 − 12, 60 − 6."""
    assert {c: s.willpower + s.beauty_modifier for c, s in saves(example).items()} == {
        "cerest-ranon": 62,
        "seraph": 68,
        "gremlin": 54,
    }


def test_mands_action_initiate_half_the_q_rounded_up_is_a_penalty_of_6(example: Encounter) -> None:
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
    (surprised,) = of(example.log, Surprised)
    assert (surprised.character, surprised.until) == ("seraph", 19)
    assert example.state["seraph"].surprised_until == 19


def test_the_weirdness_bonus_moves_with_each_save(example: Encounter) -> None:
    """Seed "Beauty": +2 for a save made, −1 for one failed (Gremlin starts at 10 − 6 = 4)."""
    assert {c: weirdness_bonus(example, c) for c in HEROES} == {
        "cerest-ranon": 2,
        "seraph": -1,
        "gremlin": 6,
    }


def test_mands_action_refusals_a_target_who_saved_is_immune(example: Encounter) -> None:
    """Seed: "that character is immune to further attempts by that person or thing"."""
    again = Intent("horrify", "cerest-ranon")
    (reason,) = example.rules.refusals(example, "nightgaunt", again)
    assert "immune" in reason
    assert example.rules.refusals(example, "nightgaunt", Intent("horrify", "seraph")) == []


def test_g157_the_rule_charges_the_three_targets() -> None:
    """The switch changes the outcome: under the rule three targets cost −3 (Sphere −3), the
    Horror Roll needs 1 and the 1 rolled leaves Q 0 — no penalty, 1d6 of paralysis."""
    encounter = play({"nightgaunt": Once(HORROR)}, dict(EXAMPLE_DICE))
    assert {s.quality_penalty for s in saves(encounter).values()} == {0}
    (horrified,) = of(encounter.log, Horrified)
    assert horrified.dice == (4,)


def test_g155_source_reads_the_horror_s_beauty() -> None:
    """The switch changes the outcome: the Nightgaunt's Beauty −4 (Sphere −4) against all
    three: 72 − 4 − 6 = 62, 80 − 4 − 6 = 70, 60 − 4 − 6 + 4 = 54."""
    encounter = play(
        {"nightgaunt": Once(HORROR)},
        dict(EXAMPLE_DICE),
        G157_multiple_targets_penalty="example",
        G155_beauty_save_modifier="source",
    )
    assert {c: s.target for c, s in saves(encounter).items()} == {
        "cerest-ranon": 62,
        "seraph": 70,
        "gremlin": 54,
    }


def test_horror_pushes_back_the_actions_in_progress() -> None:
    """A horrified character is "inactive": Seraph's punch started at 0 (PT 15) waits the 9
    segments too."""
    minds = {
        "nightgaunt": Once(Intent("horrify", "seraph")),
        "seraph": Once(Intent("fist-attack", "nightgaunt")),
    }
    dice = {"nightgaunt": [1, 2, 2, 4, 5], "seraph": [9, 9, 78]}
    encounter = play(minds, dice)
    (pushed,) = [e for e in of(encounter.log, PushedBack) if e.reason == "horrified"]
    assert (pushed.segments, pushed.completes_at) == (9, 24)


def test_a_mind_may_not_spend_more_q_than_the_roll_gave() -> None:
    """The example's Q 3 cannot buy 4 points off the saves."""
    minds = {"nightgaunt": Once(HORROR, spend={"save": 4})}
    with pytest.raises(PluginHookError, match="spent"):
        play(minds, dict(EXAMPLE_DICE), G157_multiple_targets_penalty="example")


# --- the Charisma charm and fear --------------------------------------------------------------


def test_mands_action_resolve_a_charisma_charm_takes_the_target_out() -> None:
    """Seed "Charisma": Seraph's Active Charisma 11, less the Nightgaunt's 10 (Sphere −9):
    needs 2; 1 and 3, the 1 re-rolled to 2, makes 2: Q 0. The Nightgaunt saves vs. its
    Willpower 56 and rolls 80: charmed, after the 5 minutes (1250 segments) of the charm."""
    minds = {"seraph": Once(Intent("charm", "nightgaunt"))}
    dice = {"seraph": [1, 3, 2], "nightgaunt": [80]}
    encounter = play(minds, dice, until=1250)
    (started,) = of(encounter.log, ActionStarted)
    assert started.performance_time == 1250
    assert encounter.state["nightgaunt"].condition == "charmed"


def test_fear_below_zero_charisma_frightens() -> None:
    """Seed "Charisma": below 0, "cause fear rather than charm. The Action Roll is the same":
    Charisma −12 rolls vs. 12, less Seraph's 11 (Sphere −9): needs 3."""
    minds = {"nightgaunt": Once(Intent("charm", "seraph"))}
    dice = {"nightgaunt": [1, 2, 1], "seraph": [99]}
    encounter = play(minds, dice, villain="active_charisma = -12\nspecial = true", until=1250)
    outs = of(encounter.log, OutOfAction)
    assert outs == [OutOfAction(1250, "seraph", "frightened")]


def test_the_next_saves_come_after_hours_for_charisma_and_days_for_beauty() -> None:
    """Seed "Charisma": Newoen 14 → −7 → .004 months, "after 3 hours"; one row up .008 ("about 6
    hours later"). Seed "Beauty": .10 months, "3 days"; then .13 ("about 4 days") and .18 ("5 and
    a half days")."""
    encounter = play({}, {}, until=0)
    days = [next_save_days(encounter, "nightgaunt", CHARM, up) for up in (0, 1)]
    days += [next_save_days(encounter, "nightgaunt", BEAUTY_CHARM, up) for up in (0, 1, 2)]
    assert [round(d, 2) for d in days] == [0.12, 0.24, 3.0, 3.9, 5.4]


def test_a_player_edits_a_failed_charm_roll() -> None:
    """With Editing Points on, Seraph's charm roll missed by 2 (needs 2, rolls 4) is edited:
    2 points, 1 toward Active Charisma (seed 000)."""
    minds = {"seraph": Once(Intent("charm", "nightgaunt"))}
    dice = {"seraph": [2, 2], "nightgaunt": [80]}
    encounter = play(minds, dice, optional=("editing-points",), until=0)
    (used,) = of(encounter.log, EditingPointsUsed)
    assert (used.points, used.purpose, used.improves) == (2, "charm roll", "Active Charisma")


# --- involuntary charm and horror (G-158) -----------------------------------------------------


def test_mands_encounter_opening_involuntary_charm_on_sight() -> None:
    """Seed "Beauty": Seraph's Beauty 31 charms involuntarily on d100 ≤ 11; he rolls 5. The
    Charm Roll is half his Beauty, 15: 5 + 5 gives Q 5, all off the save (15); the Nightgaunt's
    Willpower 56 with Beauty (Sphere) −4 (its own, G-155) − 15 = 37, and it rolls 50."""
    dice = {"seraph": [5, 5, 5], "nightgaunt": [50]}
    encounter = play({}, dice, optional=("involuntary-beauty",), until=0)
    (save,) = of(encounter.log, CharmSave)
    assert (save.target, save.saved) == (37, False)
    assert encounter.state["nightgaunt"].condition == "charmed"


def test_mands_encounter_opening_without_the_rule_nobody_charms_on_sight() -> None:
    encounter = play({}, {}, until=0)
    assert not of(encounter.log, CharmSave)


def test_mands_encounter_opening_a_beauty_below_minus_20_horrifies_on_sight() -> None:
    """Beauty −25: d100 ≤ 5 (rolled 3) makes a Horror Roll of 25 against the three heroes (−3,
    G-157): needs 22, 5 + 5 gives Q 12, 6 Q × 3 = 18 off every save; all roll 1 and save."""
    dice = {"nightgaunt": [3, 5, 5], "cerest-ranon": [1], "gremlin": [1], "seraph": [1, 50]}
    encounter = play(
        {}, dice, villain="beauty = -25\nspecial = true", optional=("involuntary-beauty",), until=0
    )
    found = saves(encounter)
    assert sorted(found) == ["cerest-ranon", "gremlin", "seraph"]
    assert {(s.action, s.quality_penalty, s.saved) for s in found.values()} == {
        ("horrify", 18, True)
    }
