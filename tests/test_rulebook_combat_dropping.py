"""Dropping an action (``docs/rules/combat.md`` §3; seed "Dropping an Action"; G-47, G-49).

Red and blue use the plain grunt sheet: Learning 10 and Agility 10 are each 9 on the Sphere
chart, so the drop rolls against 18; Perception 8; Normal characters (no re-rolled ones). Red
starts a "swing" on segment 0 — a test action of 15 segments, like a punch, whose Q the test
sets (stored as ``prepared["quality"]``, which the drop reads) — and starts the drop on segment
2, the earliest a passive action may start (⌈15/10⌉ in), which pushes the swing back to 16; the
drop (PT 10) completes on 12.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from mands_rulebook.combat import dropping
from mands_rulebook.kit import dropping as kit_dropping
from mands_rulebook.kit.surprise import ActionPenaltyChanged
from mands_sim.actions import ActionDefinition, Intent, QualityAllocation, Wait
from mands_sim.api import hookimpl
from mands_sim.dice import ScriptedDice
from mands_sim.events import (
    ActionDropped,
    ActionResolved,
    ActionStarted,
    DefenseChanged,
    EndurancePaid,
    Event,
    RollMade,
)
from mands_sim.kernel.contracts import ActionRefused, Charge, Initiation
from mands_sim.kernel.encounter import Encounter
from mands_sim.registry import collect_registries
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation
from mands_sim.testing import PluginManagerFactory

SCENARIO = Path(__file__).parent / "data" / "scenarios" / "drop_grunts.toml"


class Dropper:
    """Follows a plan: segment → "swing:Q", "chant", or "drop" (the active action in progress)."""

    passive_actions = True

    def __init__(
        self,
        plan: dict[int, str],
        allocation: QualityAllocation | None = None,
        force: bool = False,
        drop_id: int | None = None,
    ) -> None:
        self.plan = plan
        self.allocation = allocation or QualityAllocation()
        self.force = force
        self.drop_id = drop_id

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        now = encounter.now
        what = self.plan.get(now)
        if what is not None and what.startswith("swing:"):
            return Intent("swing", options={"quality": int(what.removeprefix("swing:"))})
        if what == "chant":
            return Intent("chant")
        if what == "drop":
            running = encounter.state[actor].active_action
            action_id = self.drop_id if running is None else running.action_id
            return Intent("drop-action", options={"action_id": action_id})
        later = [segment for segment in self.plan if segment > now]
        return Wait(min(later)) if later else None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return self.allocation if intent.action == "drop-action" else QualityAllocation()

    def force_drop(self, encounter: Encounter, actor: str, margin: int) -> bool:
        return self.force


class Bystander:
    def choose(self, encounter: Encounter, actor: str) -> None:
        return None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return QualityAllocation()


SWING = ActionDefinition("swing", performance_time=15, summary="Like a punch; Q from the test.")
CHANT = ActionDefinition("chant", performance_time=30, summary="A long action storing no Q.")


class Swinging:
    """Active test actions that roll no dice and touch no Defense."""

    @hookimpl
    def mands_register_actions(self, register: Any) -> None:
        for action in (SWING, CHANT):
            register(action.name, replace(action, initiate=self.initiate), summary=action.summary)

    def initiate(
        self, encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
    ) -> Initiation | None:
        if definition not in (SWING, CHANT):
            return None
        prepared = {"quality": intent.options["quality"]} if definition == SWING else {}
        charges = (Charge(definition.ep_row, definition.name),)
        return Initiation(definition.performance_time, charges=charges, prepared=prepared)


def run(faces: list[int], red: Dropper, until: int) -> list[Event]:
    events: list[Event] = []
    dice = ScriptedDice({"red": faces})
    Simulation(
        load_scenario(SCENARIO),
        dice=dice,
        minds={"red": red, "blue": Bystander()},  # type: ignore[dict-item]
        extra_plugins={"test-swinging": Swinging()},
    ).run(until=until, observers=[events.append])
    dice.assert_used_up()
    return events


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind) and getattr(e, "character", "red") == "red"]


def drop_rolls(events: list[Event]) -> list[tuple[int, int, int, int, int]]:
    """(segment, target, raw pool, dice, Q) of red's drop rolls."""
    return [
        (e.segment, e.target, e.bonus_pool, e.total, e.quality)
        for e in of(events, RollMade)
        if e.purpose == kit_dropping.DROPPING
    ]


def defenses(events: list[Event]) -> list[tuple[int, int]]:
    return [(e.segment, e.defense) for e in of(events, DefenseChanged)]


def test_mands_register_actions_drop_action_is_passive_10_segments_row_6(
    plugin_manager_factory: PluginManagerFactory,
) -> None:
    """Seed: "a passive action that takes 10 segments … starts at row 6 for EP use"."""
    pm = plugin_manager_factory(dropping=dropping)
    definition = collect_registries(pm).actions["drop-action"].payload
    assert definition == kit_dropping.DROP_ACTION
    assert (definition.performance_time, definition.is_passive, definition.ep_row) == (10, True, 6)


def test_mands_action_refusals_refuse_a_drop_naming_no_action_in_progress() -> None:
    with pytest.raises(ActionRefused, match="names no action in progress"):
        run([], Dropper({0: "drop"}, drop_id=99), until=0)


# --- a drop that works -------------------------------------------------------------------------

SUCCESS = [4, 4]
"""Swing with Q 7; drop (4, 4) = 8 against 18 + 5 (pool 7 − 2 on the Sphere chart): Q 15."""
SWING_Q7 = {0: "swing:7", 2: "drop"}
SWING_Q2 = {0: "swing:2", 2: "drop"}


def test_mands_bonus_pool_modifiers_the_dropped_q_is_a_bonus_and_each_action_a_penalty() -> None:
    """Seed: a bonus of the swing's Q 7, a penalty of 2 (the swing and the drop itself):
    pool 5, 5 on the Sphere chart, so the drop needs 23 — rolled 8, Q 15."""
    events = run(SUCCESS, Dropper(SWING_Q7), until=12)
    assert drop_rolls(events) == [(2, 18, 5, 8, 15)]


def test_resolve_a_made_drop_ends_the_action_when_the_drop_completes_g47() -> None:
    """G-47: the swing (pushed back to 16) is dropped on 12, when the drop's 10 segments are
    over; it never resolves. Defense falls 1 (no Q spent to keep it). The drop pays row 6."""
    events = run(SUCCESS, Dropper(SWING_Q7), until=20)
    (dropped,) = of(events, ActionDropped)
    assert (dropped.segment, dropped.action) == (12, "swing")
    assert [e.action for e in of(events, ActionResolved)] == ["drop-action"]
    assert defenses(events) == [(12, -1)]
    assert [e.amount for e in of(events, EndurancePaid) if e.action == "drop-action"] == [2]


def test_initiate_q_buys_back_the_defense_and_shortens_the_drop() -> None:
    """Seed: Q may bring Defense back up, "but not by more than 1": 2 Q keep it at 0 (4 Q would
    not raise it). 3 Q of speed halve the drop's 10 segments: it completes on 7."""
    spend = QualityAllocation(defense=4, speed=3)
    events = run(SUCCESS, Dropper(SWING_Q7, allocation=spend), until=20)
    (dropped,) = of(events, ActionDropped)
    assert (dropped.segment, dropped.action) == (7, "swing")
    assert defenses(events) == []


# --- a drop that fails -------------------------------------------------------------------------

FAILURE = [10, 10]
"""Swing with Q 2; drop (10, 10) = 20 against 18 + 0 (pool 2 − 2): missed by 2."""


def test_resolve_a_missed_drop_lowers_defense_and_sets_the_penalty() -> None:
    """Seed: Defense falls 1, then by the failure margin 2 (0 → −1 → −3), and the margin
    applies to following Action Rolls "as for surprise". The swing goes on."""
    events = run(FAILURE, Dropper(SWING_Q2), until=15)
    assert drop_rolls(events) == [(2, 18, 0, 20, -2)]
    assert defenses(events) == [(12, -1), (12, -3)]
    assert [(e.segment, e.penalty) for e in of(events, ActionPenaltyChanged)] == [(12, 2)]
    assert not of(events, ActionDropped)


def test_initiate_a_retried_drop_carries_the_failure_margin_on_its_q() -> None:
    """Seed: the character "can … try again"; the margin 2 is taken off the retry's Q like
    surprise (G-49): (4, 4) = 8 against 18 → Q 10 − 2 = 8."""
    events = run([*FAILURE, 4, 4], Dropper({**SWING_Q2, 12: "drop"}), until=12)
    assert drop_rolls(events) == [(2, 18, 0, 20, -2), (12, 18, 0, 8, 8)]


def test_mands_action_after_the_defense_fall_ends_after_the_next_non_passive_action() -> None:
    """Seed: "until the next non-Passive action". A 30-segment chant (storing no Q: bonus 0) is
    dropped on segment 3 with pool 0 − 2 (−2 on the Sphere chart): 20 against 16 misses by 4,
    so on 13 Defense goes 0 → −1 → −5 and the penalty is 4. The chant ends on 31 (pushed back
    1): the fall of 4 ends (Defense −1) and the Perception save is at 8 − 4 (d100 50 misses)."""
    events = run([10, 10, 50], Dropper({0: "chant", 3: "drop"}), until=31)
    assert drop_rolls(events) == [(3, 18, -2, 20, -4)]
    assert defenses(events) == [(13, -1), (13, -5), (31, -1)]
    saves = [(e.segment, e.target + e.bonus_pool) for e in of(events, RollMade) if e.total == 50]
    assert saves == [(31, 4)]


def test_resolve_paying_the_margin_in_ep_drops_it_anyway() -> None:
    """Seed: "or pay extra EP equal to the amount missed by (the Defense and Action Roll
    penalties will still apply)": 2 EP more (logged as row 6, which costs 2), and the swing is
    dropped on 12."""
    events = run(FAILURE, Dropper(SWING_Q2, force=True), until=20)
    forced = [e for e in of(events, EndurancePaid) if e.segment == 12]
    assert [(e.amount, e.row) for e in forced] == [(2, 6)]
    (dropped,) = of(events, ActionDropped)
    assert (dropped.segment, dropped.action) == (12, "swing")
    assert defenses(events) == [(12, -1), (12, -3)]
    assert [e.penalty for e in of(events, ActionPenaltyChanged)] == [2]
    assert [e.segment for e in of(events, ActionStarted)] == [0, 2]
