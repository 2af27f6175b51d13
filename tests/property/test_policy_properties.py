"""No policy ever asks for an action its character cannot legally take (``mands_sim.policy``,
``mands_rulebook.policies.personalities``, ``mands_rulebook.policies.tacticians``).

Random encounters on the test street — sample sheets and armed grunts, random places, sides,
weapon starts, seeds, and a random mix of the personalities (the scored ones and a
short-sighted lookahead among them) and random priority lists — run for a while; the kernel
raises ``ActionRefused`` for any intent the clock or the rules forbid, so a run that ends
quietly is a run in which every choice was legal. Each mind is also checked at the moment it
answers."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.events import ActionStarted, DecisionExplained, Event
from mands_sim.kernel.contracts import Mind
from mands_sim.kernel.encounter import Encounter
from mands_sim.policy.view import refusals
from tests.data.arena import PLACES, simulation
from tests.data.fighters import grunt

SHEETS: list[Any] = [
    "dexter",
    "sinister",
    "dexter_armed",
    "sinister_armed",
    "seraph",
    "sphinx",
    grunt(equipment=["pistol"]),
    grunt(equipment=["knife", "rock", "bow"]),
]
CONDITIONS = [
    None,
    "self.dp < 3",
    "self.dp <= 50%",
    "target.distance < 5",
    'target.band == "contact"',
    'target.band != "beyond" and target.in_sight',
    "enemies.in_contact > 0",
    "self.ep < 10 or round > 2",
    'self.readied == ""',
    "target.running",
]
ACTIONS = [
    "flee",
    "close-in",
    "open-distance",
    "draw",
    "fist-attack",
    "weapon-attack",
    "rest",
    "wait",
    "move",
    "reroll-move",
    "jump",
    "draw-weapon",
]
TARGETS = ["nearest", "weakest", "strongest", "most-dangerous", "lowest-defense", "p0", "p1"]
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "move": [{}, {"toward": "out"}],
    "reroll-move": [{}, {"toward": "out"}],
    "flee": [{}, {"exit": "out"}],
    "draw-weapon": [{}, {"weapon": "pistol"}],
    "wait": [{}, {"segments": 3}],
}
"""Options a rule may carry, by action: those the action reads (``validate`` refuses the rest);
other actions get none."""
PRESETS = ["balanced", "all-out", "defensive", "fast", "economical"]
SCORED: dict[str, dict[str, Any]] = {
    "tactician": {},
    "focus-fire": {},
    "hero": {},
    "defender": {},
    "lookahead": {"horizon": 10, "rollouts": 1, "candidates": 2},
}
"""The scored personalities and the defender; a lookahead with a short, cheap look."""


@st.composite
def rules(draw: st.DrawFn) -> dict[str, Any]:
    action = draw(st.sampled_from(ACTIONS))
    rule: dict[str, Any] = {"do": action}
    when = draw(st.sampled_from(CONDITIONS))
    if when is not None:
        rule["when"] = when
    rule["target"] = draw(st.sampled_from(TARGETS))
    rule["options"] = draw(st.sampled_from(OPTIONS.get(action, [{}])))
    if draw(st.booleans()):
        rule["quality"] = draw(st.sampled_from(PRESETS))
    return rule


@st.composite
def policies(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    name = draw(st.sampled_from(["priority", "coward", "brute", "skirmisher", *SCORED]))
    if name in SCORED:
        return name, dict(SCORED[name])
    if name == "coward":
        return name, {"flee_at": draw(st.sampled_from([1, 3, "50%", "100%"]))}
    if name == "skirmisher":
        return name, {"keep": draw(st.sampled_from([0, 5, 15]))}
    if name == "brute":
        return name, {}
    chosen = {"rules": draw(st.lists(rules(), max_size=4))}
    chosen["quality"] = draw(st.sampled_from(PRESETS))
    chosen["passive_actions"] = draw(st.booleans())
    chosen["fallback"] = draw(st.sampled_from(["nearest-enemy", "wait"]))
    return name, chosen


@st.composite
def encounters(draw: st.DrawFn) -> dict[str, Any]:
    count = draw(st.integers(2, 4))
    places = [p["name"] for p in PLACES]
    cast = {}
    for n in range(count):
        side = (
            "heroes"
            if n == 0
            else "villains"
            if n == 1
            else draw(st.sampled_from(["heroes", "villains"]))
        )
        policy, options = draw(policies())
        cast[f"p{n}"] = (
            side,
            draw(st.sampled_from(places)),
            draw(st.sampled_from(SHEETS)),
            policy,
            options,
        )
    return {
        "cast": cast,
        "defaults": {"G62_weapons_start": draw(st.sampled_from(["holstered", "readied"]))},
        "seed": draw(st.integers(0, 2**32)),
        "until": draw(st.integers(20, 120)),
    }


class Checked:
    """A mind that asserts every intent its policy returns is one the rules allow now."""

    def __init__(self, mind: Mind) -> None:
        self.mind = mind
        self.passive_actions = bool(getattr(mind, "passive_actions", False))

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        decision = self.mind.choose(encounter, actor)
        if isinstance(decision, Intent):
            assert refusals(encounter, actor, decision) == [], decision
        if isinstance(decision, Wait):
            assert decision.until > encounter.now, decision
        return decision

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return self.mind.allocate(encounter, actor, intent, quality)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.mind, name)

    def __dir__(self) -> list[str]:
        """The policy's questions too, so a recorded run replays the questions it answered."""
        return sorted({*super().__dir__(), *dir(self.mind)})


@settings(max_examples=15, deadline=None)
@given(encounters())
def test_no_policy_asks_for_an_action_its_character_cannot_take(case: dict[str, Any]) -> None:
    simulated = simulation(case["cast"], defaults=case["defaults"], seed=case["seed"])
    prepared = simulated.prepare()
    minds = {}
    for spec in simulated.scenario.characters:
        factory = prepared.registries.policies[spec.policy or "nearest-enemy"].payload
        minds[spec.id] = Checked(factory(spec.policy_options))  # type: ignore[operator]
    simulated.minds = minds
    simulated.record = any(c.policy == "lookahead" for c in simulated.scenario.characters)
    events: list[Event] = []
    simulated.run(until=case["until"], observers=[events.append])
    for index, event in enumerate(events):
        if isinstance(event, DecisionExplained):
            start = next(e for e in events[index:] if isinstance(e, ActionStarted))
            assert (start.character, start.action) == (event.character, event.action)
