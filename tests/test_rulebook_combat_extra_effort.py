"""Extra Effort on the Combat Roll (``mands_rulebook.combat.extra_effort``; seed "Ability Rolls";
G-52).

The seed's example: "If a character with a 17 strength makes a Lift Roll, and increases strength
to 24 (8 point increase), strength drops immediately to 9 (17-8)." There is no Lift action yet,
so ``effort_agility_17.toml`` gives its striker those numbers as Agility, raised for the Combat
Roll: twice 17 = 34 → 13 on the Sphere chart; raised by 8 to 25 → 50 → 14; left at 9 → 18 → 11.
The striker's Combat Pool is 1 (+1 on the Sphere chart), so it needs 14 or less before the effort.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest

from mands_rulebook.kit.extra_effort import (
    ABILITY_ROLLS,
    ExtraEffortMade,
    ExtraEffortRefusal,
    current_ability,
)
from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.dice import ScriptedDice
from mands_sim.errors import PluginHookError
from mands_sim.events import (
    ActionStarted,
    EndurancePaid,
    Event,
    Healed,
    RollMade,
    to_json_line,
)
from mands_sim.kernel.encounter import Encounter
from mands_sim.rolls import ActionRoll
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

SCENARIO = Path(__file__).parent / "data" / "scenarios" / "effort_agility_17.toml"

DICE = [7, 7, 5, 5]
"""The striker's rolls: 14 on segment 0 (Q 0 as it stands), 10 on segment 15."""


class Striker:
    """Punch the dummy every time; make the Extra Effort listed for the segment."""

    def __init__(self, efforts: Mapping[int, object], action: str = "fist-attack") -> None:
        self.efforts = efforts
        self.action = action
        self.asked: list[tuple[int, str, str]] = []
        self.seen: list[int] = []
        """The Q of each roll as it fell, when the mind was asked."""

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        target = "dummy" if self.action == "fist-attack" else None
        return Intent(self.action, target=target)

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return QualityAllocation()

    def extra_effort(
        self, encounter: Encounter, actor: str, intent: Intent, purpose: str, roll: ActionRoll
    ) -> object:
        self.asked.append((encounter.now, intent.action, purpose))
        self.seen.append(roll.quality)
        return self.efforts.get(encounter.now, 0)


class Rescuer(Striker):
    """Make the Extra Effort only when the dice have missed (seed "Ability Rolls": "in order to
    increase the Quality and to succeed at the roll")."""

    def extra_effort(
        self, encounter: Encounter, actor: str, intent: Intent, purpose: str, roll: ActionRoll
    ) -> object:
        super().extra_effort(encounter, actor, intent, purpose, roll)
        return 8 if roll.quality < 0 else 0


class Standing:
    """The dummy does nothing."""

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return QualityAllocation()


class Plain(Standing):
    """Punches with no ``extra_effort`` method at all."""

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return Intent("fist-attack", target="dummy")


def run(
    striker: object,
    *,
    until: int = 15,
    disabled: tuple[str, ...] = (),
    dice: tuple[int, ...] = tuple(DICE),
) -> list[Event]:
    events: list[Event] = []
    Simulation(
        load_scenario(SCENARIO),
        dice=ScriptedDice({"striker": list(dice)}),
        minds={"striker": striker, "dummy": Standing()},  # type: ignore[dict-item]
        disabled=disabled,
    ).run(until=until, observers=[events.append])
    return events


def qualities(events: list[Event]) -> list[tuple[int, int, int]]:
    """(segment, dice total, Q) of the striker's Combat Rolls."""
    return [
        (e.segment, e.total, e.quality)
        for e in events
        if isinstance(e, RollMade) and e.character == "striker"
    ]


@pytest.fixture(scope="module")
def effort() -> list[Event]:
    """The striker raises Agility 17 by 8 on segment 0 and makes no effort on segment 15."""
    return run(Striker({0: 8}))


def test_an_effort_of_8_raises_the_combat_roll(effort: list[Event]) -> None:
    """Agility 17 + 8 = 25: Combat Roll 13 → 14; the 14 rolled makes Q 1 instead of 0."""
    assert qualities(effort)[0] == (0, 14, 1)


def test_initiate_logs_the_effort_with_the_starting_action(
    effort: list[Event],
) -> None:
    """Seed "Ability Rolls": the ability "drops immediately" by the increase: 17 − 8 = 9. The
    effort is logged among the starting punch's events, before the punch starts."""
    made = [e for e in effort if isinstance(e, ExtraEffortMade)]
    assert made == [ExtraEffortMade(0, "striker", "combat", "agility", 8, 17, 9)]
    started = next(e for e in effort if isinstance(e, ActionStarted) and e.character == "striker")
    assert effort.index(made[0]) < effort.index(started)
    assert '"kind":"extra-effort"' in to_json_line(made[0])


def test_mands_bonus_pool_modifiers_agility_left_at_9_costs_the_next_roll_two_q(
    effort: list[Event],
) -> None:
    """Agility 9 → twice 9 = 18 → Combat Roll 11, 2 less than 13: the 10 rolled on segment 15
    makes Q 2 (12 − 10) instead of 4."""
    assert qualities(effort)[1] == (15, 10, 2)


def test_extra_effort_costs_no_ep(effort: list[Event]) -> None:
    """The seed charges the ability, not Endurance: the punch costs its 1 + 3 EP only."""
    paid = [e.amount for e in effort if isinstance(e, EndurancePaid) and e.segment == 0]
    assert sorted(paid) == [1, 3]


def test_an_effort_that_would_drop_agility_below_zero_is_refused() -> None:
    """Seed "Ability Rolls": "Abilities cannot be increased so far that the ability will drop to
    less than 0". 8 of 17 on segment 0, then 10 of the 9 left: refused, no change to Q."""
    events = run(Striker({0: 8, 15: 10}))
    (refusal,) = [e for e in events if isinstance(e, ExtraEffortRefusal)]
    assert (refusal.segment, refusal.increase) == (15, 10)
    assert refusal.reason == "raising 9 by 10 would leave it at -1 (< 0)"
    assert qualities(events)[1] == (15, 10, 2)
    assert len([e for e in events if isinstance(e, ExtraEffortMade)]) == 1


def test_the_whole_ability_may_be_spent() -> None:
    """17 of 17 leaves Agility 0 (allowed): twice 34 = 68 → 15 on the Sphere chart, so 14 rolled
    against 16 is Q 2; then twice 0 → Combat Roll 0, so 10 rolled against 1 misses by 9."""
    events = run(Striker({0: 17}))
    assert [e.ability_after for e in events if isinstance(e, ExtraEffortMade)] == [0]
    assert qualities(events) == [(0, 14, 2), (15, 10, -9)]


def test_the_mind_is_asked_once_per_combat_roll() -> None:
    striker = Striker({})
    run(striker)
    assert striker.asked == [(0, "fist-attack", "combat"), (15, "fist-attack", "combat")]


def test_the_mind_decides_after_the_roll_is_made() -> None:
    """Seed "Ability Rolls": the character "can increase any ability after the roll is made":
    the mind is shown the 14 and the 10 as they fell (Q 0 and Q 4 before any effort)."""
    striker = Striker({})
    run(striker)
    assert striker.seen == [0, 4]


def test_an_effort_after_a_miss_turns_it_into_a_success() -> None:
    """Seed "Ability Rolls": "in order to increase the Quality and to succeed at the roll". A 15
    rolled against 14 misses by 1; seen, Agility 17 is raised by 8 to 25 (Combat Roll 13 → 14),
    and the roll is made with Q 0. The 10 that follows is rolled at Agility 9 (Q 2), not
    raised."""
    rescuer = Rescuer({})
    events = run(rescuer, dice=(8, 7, 5, 5))
    assert rescuer.seen == [-1, 2]
    assert qualities(events) == [(0, 15, 0), (15, 10, 2)]
    made = [e for e in events if isinstance(e, ExtraEffortMade)]
    assert [(e.segment, e.increase, e.ability_after) for e in made] == [(0, 8, 9)]


def test_a_mind_without_extra_effort_makes_none() -> None:
    events = run(Plain())
    assert qualities(events) == [(0, 14, 0), (15, 10, 4)]
    assert not [e for e in events if isinstance(e, ExtraEffortMade | ExtraEffortRefusal)]


def test_a_negative_effort_is_a_minds_bug() -> None:
    with pytest.raises(PluginHookError, match="Extra Effort of -1"):
        run(Striker({0: -1}))


def test_disabled_plugin_makes_no_extra_effort() -> None:
    events = run(Striker({0: 8}), disabled=("mands_rulebook.combat.extra_effort",))
    assert qualities(events) == [(0, 14, 0), (15, 10, 4)]


def test_no_extra_effort_outside_a_starting_action() -> None:
    """Asked for the Combat Pool between actions (surprise does, G-29), nothing is raised and
    the mind is not asked."""
    striker = Striker({0: 8})
    simulation = Simulation(
        load_scenario(SCENARIO), minds={"striker": striker, "dummy": Standing()}
    )
    encounter = simulation.build()
    intent = Intent("fist-attack", target="dummy")
    assert encounter.rules.quality_modifier(encounter, "striker", intent, "combat") == 0
    assert striker.asked == []
    assert current_ability(encounter, "striker", "agility") == 17


def test_healing_rolls_never_use_extra_effort() -> None:
    """Seed "Healing Roll": it "cannot be increased via Extra Effort". A striker keen on effort
    rests a round: no effort is asked for or made, and the round gives its usual amounts."""
    striker = Striker({0: 8}, action="rest")
    events = run(striker, until=50)
    assert "healing" not in ABILITY_ROLLS
    assert striker.asked == []
    assert not [e for e in events if isinstance(e, ExtraEffortMade)]
    assert [type(e) for e in events if isinstance(e, Healed)] == [Healed]
