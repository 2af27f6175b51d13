"""Surprise (``docs/rules/combat.md`` §2; G-29, G-48) through a whole Simulation with scripted dice.

Lariat and the thug use the plain grunt sheet: Perception ⌈10/2 + 10/4⌉ = 8, Combat Roll 11,
Combat Pool 1 (a Combat Roll needs 12 or less), a Normal character (no re-rolled ones).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from mands_rulebook.kit import surprise
from mands_rulebook.kit.surprise import ActionPenaltyChanged, Surprised
from mands_sim.actions import Intent, Modifier, QualityAllocation, Wait
from mands_sim.api import hookimpl
from mands_sim.dice import ScriptedDice
from mands_sim.events import (
    ActionStarted,
    ConditionEnded,
    ConditionImposed,
    Event,
    RollMade,
)
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import load_scenario, parse_scenario
from mands_sim.simulation import Simulation

SCENARIO = Path(__file__).parent / "data" / "scenarios" / "surprise_lariat.toml"


class Lariat:
    """Buys down ``buy`` segments of surprise, waits until ``rest_until``, then punches."""

    def __init__(self, buy: int = 5, rest_until: int = 0) -> None:
        self.buy = buy
        self.rest_until = rest_until

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        if encounter.now < self.rest_until:
            return Wait(self.rest_until, "resting off the penalty")
        return Intent("fist-attack", target="thug")

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return QualityAllocation()  # nothing spent: every punch takes its full 15 segments

    def buy_down_surprise(self, encounter: Encounter, actor: str, segments: int) -> int:
        return self.buy


class Unhurried(Lariat):
    """A mind with no ``buy_down_surprise`` method: the default buys nothing."""

    buy_down_surprise = None  # type: ignore[assignment]


class Bystander:
    def choose(self, encounter: Encounter, actor: str) -> None:
        return None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return QualityAllocation()


def run(
    faces: list[int], lariat: object, until: int, plugins: dict[str, object] | None = None
) -> list[Event]:
    events: list[Event] = []
    dice = ScriptedDice({"lariat": faces})
    Simulation(
        load_scenario(SCENARIO),
        dice=dice,
        minds={"lariat": lariat, "thug": Bystander()},  # type: ignore[dict-item]
        extra_plugins=plugins or {},
    ).run(until=until, observers=[events.append])
    dice.assert_used_up()
    return events


def rolls(events: list[Event], purpose: str) -> list[tuple[int, int, int, int]]:
    """(segment, target + bonus, dice total, Q) of Lariat's rolls for ``purpose``."""
    return [
        (e.segment, e.target + e.pool_bonus, e.total, e.quality)
        for e in events
        if isinstance(e, RollMade) and e.character == "lariat" and e.purpose == purpose
    ]


def penalties(events: list[Event]) -> list[tuple[int, int]]:
    return [(e.segment, e.penalty) for e in events if isinstance(e, ActionPenaltyChanged)]


def starts(events: list[Event], who: str = "lariat") -> list[int]:
    return [e.segment for e in events if isinstance(e, ActionStarted) and e.character == who]


# --- the Lariat example ------------------------------------------------------------------------

LARIAT_SAVES = [16, 3, 3, 2, 3, 3]
"""Detect Danger 16 vs 8; punch (3, 3) on 3; save 2 vs 8 − 5; punch (3, 3) on 18."""


def test_mands_encounter_opening_lariat_is_surprised_8_segments_and_buys_down_5() -> None:
    """§2 example: "Lariat is surprised 8 segments and buys down 5. She can act on segment 3."

    Detect Danger: d100 16 against Perception 8 misses by 8; 8 on the Sphere chart is 8."""
    events = run(LARIAT_SAVES, Lariat(buy=5), until=18)
    assert rolls(events, surprise.DETECT_DANGER) == [(0, 8, 16, -8)]
    (surprised,) = [e for e in events if isinstance(e, Surprised)]
    assert surprised == Surprised(0, "lariat", 8, 5, 3, 5)
    held = [(e.segment, e.condition, e.until) for e in events if isinstance(e, ConditionImposed)]
    assert held == [(0, "surprised", 3)]
    ended = [(e.segment, e.condition) for e in events if isinstance(e, ConditionEnded)]
    assert ended == [(3, "surprised")]
    assert penalties(events)[0] == (0, 5)
    assert starts(events)[0] == 3


def test_mands_bonus_pool_modifiers_lariats_first_action_has_minus_5_to_its_q() -> None:
    """§2 example: "that action (probably a Combat Roll) has −5 to its Q": dice 6 against 12
    would be Q 6; with the penalty it is 1. Her next punch, after the save, has Q 6 again."""
    events = run(LARIAT_SAVES, Lariat(buy=5), until=18)
    assert rolls(events, "combat roll") == [(3, 12, 6, 1), (18, 12, 6, 6)]


def test_mands_action_after_a_made_perception_save_clears_the_penalty() -> None:
    """§2 example: "she may save vs. Perception − 5. If the save works, her next roll has no
    penalty": the punch from segment 3 lands on 18; d100 2 against 8 − 5 = 3 saves."""
    events = run(LARIAT_SAVES, Lariat(buy=5), until=18)
    assert rolls(events, surprise.PERCEPTION_SAVE) == [(18, 3, 2, 1)]
    assert penalties(events) == [(0, 5), (18, 0)]


def test_mands_action_after_a_missed_save_keeps_the_penalty_and_retries_after_the_next_action() -> (
    None
):
    """§2 example: "otherwise it keeps the penalty, and she may save again after each action":
    50 misses Perception − 5 on 18, the punch from 18 has Q 6 − 5 = 1, and 1 saves on 33, so
    the punch from 33 has its full Q 6."""
    events = run([16, 3, 3, 50, 3, 3, 1, 3, 3], Lariat(buy=5), until=33)
    assert rolls(events, surprise.PERCEPTION_SAVE) == [(18, 3, 50, -47), (33, 3, 1, 2)]
    assert rolls(events, "combat roll") == [(3, 12, 6, 1), (18, 12, 6, 1), (33, 12, 6, 6)]
    assert penalties(events) == [(0, 5), (33, 0)]


def test_mands_encounter_opening_aware_characters_and_made_rolls_lose_nothing() -> None:
    """Only the unaware roll; Lariat's d100 8 against Perception 8 is made: no surprise."""
    events = run([8, 3, 3], Lariat(buy=5), until=0)
    assert rolls(events, surprise.DETECT_DANGER) == [(0, 8, 8, 0)]
    assert not [e for e in events if isinstance(e, Surprised)]
    assert not [e for e in events if isinstance(e, RollMade) and e.character == "thug"]
    assert starts(events) == [0]


def test_mands_encounter_opening_buying_down_is_clamped_to_the_surprise() -> None:
    """A mind may buy down "any number of segments up to the full surprise" (§2)."""
    (greedy,) = [e for e in run([16, 3, 3], Lariat(buy=20), until=0) if isinstance(e, Surprised)]
    assert (greedy.bought_down, greedy.until, greedy.penalty) == (8, 0, 8)


def test_mands_encounter_opening_a_mind_without_buy_down_surprise_buys_nothing() -> None:
    (surprised,) = [e for e in run([16], Unhurried(), until=7) if isinstance(e, Surprised)]
    assert surprised == Surprised(0, "lariat", 8, 0, 8, 0)


class Clumsy:
    """Lariat's Combat Bonus Pool: 1 − 11 = −10."""

    @hookimpl
    def mands_bonus_pool_modifiers(
        self, encounter: Encounter, actor: str, intent: Intent, purpose: str
    ) -> list[Modifier]:
        return [Modifier(-11, "test", "clumsy")] if (actor, purpose) == ("lariat", "combat") else []


def test_mands_encounter_opening_a_negative_combat_pool_adds_its_raw_magnitude_g29() -> None:
    """G-29: a Combat Bonus Pool of −10 adds 10 segments (not −10 on the Sphere chart, 9):
    8 from the missed roll + 10 = 18."""
    events = run([16], Unhurried(), until=17, plugins={"test-clumsy": Clumsy()})
    (surprised,) = [e for e in events if isinstance(e, Surprised)]
    assert (surprised.segments, surprised.until) == (18, 18)
    assert starts(events) == []


def test_mands_action_after_resting_lowers_the_penalty_one_per_two_segments() -> None:
    """§2 resting: free on 3, Lariat waits until 9 — 6 segments with no action, so her −5 is −2
    (dice 6 vs 12: Q 4). The rest is kept when the punch lands on 24 (penalty 2, G-48), and the
    save there is at Perception − 2 = 6 (d100 50 misses), so the punch from 24 is at −2 too."""
    events = run([16, 3, 3, 50, 3, 3], Lariat(buy=5, rest_until=9), until=24)
    assert rolls(events, "combat roll") == [(9, 12, 6, 4), (24, 12, 6, 4)]
    assert penalties(events) == [(0, 5), (24, 2)]
    assert rolls(events, surprise.PERCEPTION_SAVE) == [(24, 6, 50, -44)]


def test_surprised_segments_are_no_rest() -> None:
    """Segments lost to surprise do not count as rest (G-48): at segment 3 the rest is 0."""
    encounter = Simulation(load_scenario(SCENARIO)).build()
    encounter.emit(surprise.surprise_events(encounter, surprise.Surprised(0, "lariat", 8, 5, 3, 5)))
    state = encounter.state["lariat"]
    penalty = surprise.action_penalty(encounter, "lariat")
    assert (surprise.surprised_until(encounter, "lariat"), penalty) == (3, 5)
    assert surprise.resting_segments(state, 3) == 0
    assert surprise.resting_segments(state, 9) == 6
    assert surprise.rested_penalty(5, 6) == 2
    assert surprise.rested_penalty(5, 13) == 0


@pytest.mark.parametrize(("reading", "segments"), [("raw", 18), ("sphere", 17), ("none", 8)])
def test_mands_encounter_opening_g29_switch_reads_the_negative_pool(
    reading: str, segments: int
) -> None:
    """G29_negative_pool_surprise, from the scenario's [rules.defaults]: Lariat's missed roll
    gives 8 segments; her pool of −10 adds 10 (``raw``), 9 (``sphere``: 10 on the Sphere chart)
    or nothing (``none``)."""
    data = tomllib.loads(SCENARIO.read_text(encoding="utf-8"))
    data["rules"] = {**data.get("rules", {}), "defaults": {"G29_negative_pool_surprise": reading}}
    events: list[Event] = []
    Simulation(
        parse_scenario(data, path=SCENARIO),
        dice=ScriptedDice({"lariat": [16]}),
        minds={"lariat": Unhurried(), "thug": Bystander()},  # type: ignore[dict-item]
        extra_plugins={"test-clumsy": Clumsy()},
    ).run(until=7, observers=[events.append])
    (surprised,) = [e for e in events if isinstance(e, Surprised)]
    assert surprised.segments == segments


def test_the_penalty_events_tell_the_new_penalty() -> None:
    set_down = surprise.ActionPenaltyChanged(0, "lariat", 5, "bought-down surprise")
    cleared = surprise.ActionPenaltyChanged(18, "lariat", 0, "Perception save made")
    assert set_down.narrative() == (
        "lariat's penalty to Action Rolls is −5 (bought-down surprise)."
    )
    assert cleared.narrative() == "lariat's penalty to Action Rolls is gone (Perception save made)."
