"""Editing Points and Fate Points (``mands_rulebook.optional.editing_points``; seed 000, seed 001
"Editing Points", "Fate Points"; G-34, G-150 … G-154).

Seraph and the Sphinx stand on the rooftop doing nothing while the tests hurt them. Seraph
(Body DP 9; Constitution 32 → 13 on the Sphere chart, Resist Death 4) stays conscious at Body DP
≤ 0 on 2d10 ≤ 17 + his Body DP (G-17); he is dead at Body DP −9.
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

from mands_rulebook.kit.editing_points.points import EditingPointsDealt, editing_points_in_play
from mands_rulebook.kit.editing_points.rolls import edited_roll
from mands_rulebook.kit.fists import combat_roll
from mands_sim.actions import ActionDefinition, Intent, QualityAllocation, Wait
from mands_sim.api import hookimpl
from mands_sim.carry import Carried
from mands_sim.dice import ScriptedDice
from mands_sim.events import DamageTaken, Event
from mands_sim.kernel.contracts import Initiation
from mands_sim.kernel.encounter import Encounter
from mands_sim.registry import Register
from mands_sim.rolls import action_roll
from mands_sim.scenario import load_scenario, parse_scenario
from mands_sim.simulation import Simulation

SCENARIOS = Path(__file__).parent.parent / "scenarios"
SCENARIO = tomllib.loads((SCENARIOS / "seraph_vs_sphinx.toml").read_text(encoding="utf-8"))
ON = ["editing-points"]


class Idle:
    """Does nothing; optionally declines Fate Points or offers a fixed number of points."""

    def __init__(self, fate: bool = True, offer: int | None = None) -> None:
        self.fate = fate
        self.offer = offer
        self.asked: list[tuple[str, int, int]] = []

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return None

    def allocate(self, *args: Any) -> QualityAllocation:
        return QualityAllocation()

    def spend_fate_point(self, encounter: Encounter, actor: str) -> bool:
        return self.fate

    def __getattr__(self, name: str) -> Any:
        if name == "edit_roll" and self.offer is not None:
            return self._edit_roll
        raise AttributeError(name)

    def _edit_roll(
        self, encounter: Encounter, actor: str, intent: object, purpose: str, needed: int, left: int
    ) -> int:
        self.asked.append((purpose, needed, left))
        assert self.offer is not None
        return self.offer


ZAP = ActionDefinition("zap", performance_time=10, ep_row=0, summary="a test roll")
CLUB_ZAP = ActionDefinition("club-zap", performance_time=10, ep_row=0, summary="a club's roll")


class Zapper:
    """A test plugin whose action makes one Combat Roll and offers it to the seam."""

    @hookimpl
    def mands_register_actions(self, register: Register) -> None:
        register(ZAP.name, replace(ZAP, initiate=self.initiate), summary=ZAP.summary)
        register(CLUB_ZAP.name, replace(CLUB_ZAP, initiate=self.initiate), summary=CLUB_ZAP.summary)

    def initiate(
        self, encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
    ) -> Initiation | None:
        if definition.name == CLUB_ZAP.name:
            roll = combat_roll(encounter, actor, intent, improves="Clubs")
            return Initiation(10, prepared={"quality": roll.quality})
        if definition.name != ZAP.name:
            return None
        figured = encounter.character(actor).figured
        roll = action_roll(
            encounter.dice_for(actor),
            target=figured.combat_roll,
            bonus_pool=figured.combat_pool,
            is_special=True,
            charts=encounter.charts,
        )
        roll = edited_roll(
            encounter, actor, intent, "combat", roll, improves="Power Use (Electric Power)"
        )
        return Initiation(10, prepared={"quality": roll.quality})


@functools.cache
def simulation(optional: tuple[str, ...]) -> Simulation:
    """One prepared simulation per set of optional rules (loading the plugins is most of a
    test's cost); each test gives it its own dice and minds, and its own defaults."""
    data = {**SCENARIO, "rules": {"optional": list(optional)}}
    data.pop("expect", None)
    return Simulation(parse_scenario(data, base_dir=SCENARIOS), extra_plugins=(Zapper(),))


def rooftop(
    optional: list[str] | None = None,
    dice: dict[str, list[int]] | None = None,
    minds: dict[str, object] | None = None,
    **defaults: str,
) -> Encounter:
    """Seraph and the Sphinx, idle, with the rules given (``defaults`` as ``[rules.defaults]``
    would set them)."""
    sim = simulation(tuple(optional or ()))
    sim.dice = ScriptedDice({"seraph": [], "sphinx": [], **(dice or {})})
    sim.minds = {"seraph": Idle(), "sphinx": Idle(), **(minds or {})}  # type: ignore[dict-item]
    encounter = sim.build()
    encounter.defaults = encounter.defaults.with_overrides(defaults)
    return encounter


def wound(encounter: Encounter, victim: str, dp_after: int, penetrating: int = 0) -> None:
    """A blow that leaves ``victim`` with no VP and ``dp_after`` Body DP (applied)."""
    state = encounter.state[victim]
    taken = state.virtual_damage_points + state.damage_points - dp_after
    encounter.emit(
        [DamageTaken(encounter.now, victim, "test", taken, taken, 0, dp_after, penetrating)]
    )


def checked(encounter: Encounter, actor: str) -> list[Event]:
    """The status check through every plugin (the optional rule's wrapper too), applied."""
    events = encounter.rules.status_checks(encounter, actor)
    encounter.emit(events)
    return events


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


# --- the points dealt when the encounter opens (G-151) ----------------------------------------


def test_mands_encounter_opening_deals_everyones_points() -> None:
    """G-151: the log opens with everyone's starting points, a player's 4 and 2 (seed 001), a
    non-player's none (G-153 off); without the rule, nothing is dealt."""
    on, off = rooftop(ON), rooftop()
    on.run(until=0)
    off.run(until=0)
    dealt = [(e.character, e.editing_points, e.fate_points) for e in of(on.log, EditingPointsDealt)]
    assert dealt == [("seraph", 4, 2), ("sphinx", 0, 0)]
    assert editing_points_in_play(on) and not editing_points_in_play(off)


def test_mands_carry_over_keeps_the_points_left_for_the_next_scene() -> None:
    """An adventure day (G-298): what a scene leaves of Seraph's points is what the next deals
    him; with the rule off, nothing is carried."""
    on, off = rooftop(ON), rooftop()
    on.run(until=0)
    off.run(until=0)
    pm = simulation(tuple(ON)).prepare().pm
    assert pm.hook.mands_carry_over(encounter=on, actor="seraph") == [
        {"editing_points": 4, "fate_points": 2}
    ]
    assert simulation(()).prepare().pm.hook.mands_carry_over(encounter=off, actor="seraph") == []
    sim = simulation(tuple(ON))
    carried = Carried(kept=(("editing_points", 1), ("fate_points", 0)))
    later = sim.build(carried={"seraph": carried})
    later.run(until=0)
    dealt = [
        (e.character, e.editing_points, e.fate_points) for e in of(later.log, EditingPointsDealt)
    ]
    assert dealt == [("seraph", 1, 0), ("sphinx", 0, 0)]


# --- a bundled scenario with the rule on ------------------------------------------------------


def deaths_and_downs(path: Path, seeds: range) -> tuple[int, int]:
    """Sinister's deaths and times out of action over ``seeds``."""
    simulation = Simulation(load_scenario(path))
    dead = out = 0
    for seed in seeds:
        result = simulation.run(seed=seed)
        hero = next(c for c in result.characters if c.character_id == "sinister")
        dead += hero.condition == "dead"
        out += hero.condition != "active"
    return dead, out


def test_the_grunts_with_editing_points_lose_fewer_heroes() -> None:
    """``scenarios/grunts_editing_points.toml`` is ``grunts.toml`` with the rule on: on the same
    seeds Sinister (the first side's, played as a player's character) dies less often (Fate
    Points) and is out of action no more often (edited checks to stay conscious)."""
    seeds = range(20)
    standard = deaths_and_downs(SCENARIOS / "grunts.toml", seeds)
    editing = deaths_and_downs(SCENARIOS / "grunts_editing_points.toml", seeds)
    assert standard[0] > 0 and editing[0] < standard[0]
    assert editing[1] <= standard[1]
