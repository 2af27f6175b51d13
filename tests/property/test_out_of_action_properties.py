"""Out of action is out: a character knocked out or killed acts no more until it comes back into
action (``BackInAction``: a knock-out's end, G-171), and death is final (``docs/rules/combat.md``
§9; G-17, G-18, G-19, G-27).

Random brawls: Seraph against two Sphinxes on a rooftop with a short ledge beside it (throwbacks
fly and crash, G-68), with the rulebook's plugins and a brute that makes every punch land harder,
penetrating or not, as a Death Shot or not — so the fights see Injury rolls, wounds, bleeding,
knock-outs and deaths.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any, Final

from hypothesis import given, settings
from hypothesis import strategies as st

from mands_rulebook.kit.damage import BLUDGEONING, PENETRATING, Blow, strike
from mands_rulebook.kit.injury import death_shot_events
from mands_sim.actions import ActionInProgress
from mands_sim.api import hookimpl
from mands_sim.events import (
    ActionResolved,
    ActionStarted,
    AttackResolved,
    BackInAction,
    DecisionMade,
    Event,
    OutOfAction,
    QualityAllocated,
)
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation

CHARACTERS = Path(__file__).parent.parent.parent / "scenarios"

ACTING = (ActionStarted, ActionResolved, AttackResolved, QualityAllocated, DecisionMade)
"""Events that only a character in action causes."""

SPEC = parse_scenario(
    {
        "format": 1,
        "name": "brawl",
        "map": {
            "places": [{"name": "rooftop"}, {"name": "ledge"}],
            "edges": [{"between": ["rooftop", "ledge"], "length": 2}],
        },
        "sides": [
            {
                "name": "heroes",
                "characters": [
                    {"id": "seraph", "sheet": "characters/seraph.toml", "place": "rooftop"}
                ],
            },
            {
                "name": "villains",
                "characters": [
                    {
                        "id": "sphinx",
                        "count": 2,
                        "sheet": "characters/sphinx.toml",
                        "place": "rooftop",
                    }
                ],
            },
        ],
        "stop": {"time_limit": 300},
    },
    base_dir=CHARACTERS,
)


class Brute:
    """Every fist attack lands, ``extra`` harder; penetrating and a Death Shot if told so."""

    def __init__(self, extra: int, penetrating: bool, death_shot: bool) -> None:
        self.extra, self.penetrating, self.death_shot = extra, penetrating, death_shot

    @hookimpl
    def mands_resolution_gate(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event] | None:
        if action.name != "fist-attack":
            return None
        target = str(action.intent.target)
        kind = PENETRATING if self.penetrating else BLUDGEONING
        raw = int(encounter.character(actor).figured.hand_damage) + self.extra
        blow = strike(encounter, target, Blow(raw=raw, source=actor, kind=kind))
        if self.death_shot:
            blow += death_shot_events(encounter, actor, target, blow)
        return [AttackResolved(encounter.now, actor, target, 0, 0, True), *blow]


def brawl(seed: int, brute: Brute) -> tuple[list[Event], Encounter]:
    encounter = Simulation(SPEC, seed=seed, extra_plugins={"test-brute": brute}).build()
    encounter.run()
    return encounter.log, encounter


def spells_out(log: list[Event], who: str) -> list[tuple[int, int]]:
    """Where ``who`` was out of action in the log: from each ``OutOfAction`` to the next
    ``BackInAction`` (or the end of the log)."""
    spells: list[tuple[int, int]] = []
    out: int | None = None
    for index, event in enumerate(log):
        if getattr(event, "character", None) != who:
            continue
        if isinstance(event, OutOfAction) and out is None:
            out = index
        elif isinstance(event, BackInAction) and out is not None:
            spells.append((out, index))
            out = None
    return spells if out is None else [*spells, (out, len(log))]


VOLUNTARY: Final = {"surrendered": "surrender", "fled": "move"}
"""Ways out of action a character takes by an action of its own, and that action."""


def own_way_out(out: Event, act: Event) -> bool:
    """Whether ``act`` is the resolution of the action that took its character out: a
    surrender or a flight out of the encounter resolves as it takes effect (G-160, G-233)."""
    assert isinstance(out, OutOfAction)
    return (
        isinstance(act, ActionResolved)
        and act.segment == out.segment
        and VOLUNTARY.get(str(out.condition)) == act.action
    )


def conditions_of(log: list[Event], who: str) -> list[Any]:
    """Each change of ``who``'s condition, in order: out (as what) or back (``active``)."""
    return [
        e.condition if isinstance(e, OutOfAction) else "active"
        for e in log
        if isinstance(e, OutOfAction | BackInAction) and e.character == who
    ]


brutes = st.builds(Brute, st.integers(0, 20), st.booleans(), st.booleans())


def test_a_surrender_resolves_as_it_takes_its_character_out() -> None:
    """The case hypothesis found (seed 1487445), set up directly: Sphinx-1 alone on its side
    (Sphinx-2 unconscious), 5 below zero EP and a blow from out of action against a fresh
    Seraph, surrenders at its first decision (G-232); a segment later it is out of action and
    its surrender resolves; nothing else of it acts."""
    encounter = Simulation(
        SPEC, seed=1487445, extra_plugins={"test-brute": Brute(0, False, False)}
    ).build()
    encounter.state["sphinx-2"].condition = "unconscious"
    sphinx = encounter.state["sphinx-1"]
    sphinx.endurance_points, sphinx.virtual_damage_points = Fraction(-5), 1
    encounter.run()
    log = encounter.log
    ((out, back),) = spells_out(log, "sphinx-1")
    acts = [e for e in log[out:back] if isinstance(e, ACTING) and e.character == "sphinx-1"]
    started = [e for e in log if isinstance(e, ActionStarted) and e.character == "sphinx-1"]
    assert [e.action for e in started] == ["surrender"]
    assert [(e.segment, e.action) for e in acts if isinstance(e, ActionResolved)] == [
        (started[0].segment + 1, "surrender")
    ]
    assert all(own_way_out(log[out], e) for e in acts)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), brute=brutes)
def test_a_character_out_of_action_never_acts_again(seed: int, brute: Brute) -> None:
    log, encounter = brawl(seed, brute)
    for who in encounter.state.ids():
        for out, back in spells_out(log, who):
            acts = [e for e in log[out:back] if isinstance(e, ACTING) and e.character == who]
            assert [e for e in acts if not own_way_out(log[out], e)] == []
        if not encounter.state[who].in_action:
            assert encounter.state[who].actions == []


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), brute=brutes)
def test_death_is_final(seed: int, brute: Brute) -> None:
    log, encounter = brawl(seed, brute)
    for who in encounter.state.ids():
        conditions = conditions_of(log, who)
        if "dead" in conditions:
            assert conditions[-1] == "dead" and conditions.count("dead") == 1
            assert conditions.index("dead") == len(conditions) - 1
        assert encounter.state[who].condition == (conditions[-1] if conditions else "active")
