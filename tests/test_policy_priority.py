"""Priority lists (``mands_sim.policy.priority``): checked options with keyed errors, target
selectors, the first rule that holds and is allowed, fallbacks, presets and explanations."""

from __future__ import annotations

import re
import tomllib
from typing import Any

import pytest

from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.errors import ScenarioError
from mands_sim.events import ActionStarted, DefenseChanged, Event, OutOfAction
from mands_sim.kernel.encounter import Encounter
from mands_sim.policy.errors import PolicyOptionsError
from mands_sim.policy.priority import (
    LOOK_AGAIN,
    MAX_CANDIDATES,
    PriorityPolicy,
    Tactic,
    candidates,
    priority_policy,
    rules_from_options,
)
from mands_sim.policy.view import build_view
from mands_sim.world import Position
from tests.data.arena import ROOT, arena, hurt, put, vault_job
from tests.data.fighters import grunt

CAST = {
    "dexter": ("heroes", "a", "dexter", None, {}),
    "sinister": ("villains", "b", "sinister", None, {}),
    "grunt": ("villains", "c", grunt(), None, {}),
    "tough": ("villains", "d", grunt(), None, {}),
}


@pytest.fixture
def street() -> Encounter:
    """Dexter at ``a``; Sinister at ``b`` (10 m), a grunt at ``c`` (20 m), another at ``d``."""
    return arena(CAST)


def policy(rules: list[dict[str, Any]], **options: Any) -> PriorityPolicy:
    return priority_policy({"rules": rules, **options})


# -- options ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "key", "expected"),
    [
        ([{"do": "flee", "when": "self.dp <"}], "rules[0].when", "at position 10"),
        ([{"do": "rest"}, {"do": "flee", "when": "self.hp < 5"}], "rules[1].when", "position 6"),
        ([{"when": "true"}], "rules[0].do", "the name of an action"),
        ([{"do": ""}], "rules[0].do", "the name of an action"),
        ([{"do": "rest", "then": "x"}], "rules[0].then", "one of the rule keys"),
        ([{"do": "rest", "target": "the big one"}], "rules[0].target", "a selector"),
        ([{"do": "rest", "quality": "reckless"}], "rules[0].quality", "a Quality preset"),
        ([{"do": "rest", "options": 3}], "rules[0].options", "a table"),
        (["rest"], "rules[0]", "a rule table"),
        ({"do": "rest"}, "rules", "a list of rule tables"),
        ([{"do": "rest", "when": 5}], "rules[0].when", "written as text"),
    ],
)
def test_a_bad_rule_names_its_key(rules: Any, key: str, expected: str) -> None:
    with pytest.raises(PolicyOptionsError) as caught:
        priority_policy({"rules": rules})
    assert caught.value.key == key
    assert expected in caught.value.expected


def test_a_bad_condition_keeps_its_caret() -> None:
    with pytest.raises(PolicyOptionsError) as caught:
        rules_from_options([{"do": "flee", "when": "self.dp < 5 < 6"}])
    assert caught.value.expected.splitlines()[1:] == ["  self.dp < 5 < 6", "              ^"]


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"quality": "reckless"}, "quality"),
        ({"fallback": "berserk"}, "fallback"),
        ({"passive_actions": "yes"}, "passive_actions"),
        ({"rule": []}, "rule"),
    ],
)
def test_bad_policy_options_name_their_key(options: dict[str, Any], key: str) -> None:
    with pytest.raises(PolicyOptionsError) as caught:
        priority_policy(options)
    assert caught.value.key == key


def test_an_options_error_becomes_a_scenario_error_at_the_characters_key() -> None:
    with pytest.raises(PolicyOptionsError) as caught:
        priority_policy({"rules": [{"do": "flee", "when": "self.dp <"}]})
    error = caught.value.in_scenario("raid.toml", "sides[1].characters[0]")
    assert isinstance(error, ScenarioError)
    assert error.key == "sides[1].characters[0].policy_options.rules[0].when"
    assert str(error).startswith(
        "raid.toml at 'sides[1].characters[0].policy_options.rules[0].when': a condition; "
        "at position 10"
    )


def test_an_action_nobody_registers_is_an_error_at_the_first_decision(street: Encounter) -> None:
    chooser = policy([{"do": "fist-atack"}])
    with pytest.raises(PolicyOptionsError) as caught:
        chooser.choose(street, "dexter")
    assert caught.value.key == "rules[0].do"
    assert "not 'fist-atack'" in caught.value.expected


# -- targets ----------------------------------------------------------------------------------


def test_selectors_order_the_enemies_in_action(street: Encounter) -> None:
    """Sinister (10 m) has 3 VP left and Defense 1, the grunt (20 m) Defense 2, the tough grunt
    (30 m) Defense 0; ties go to the nearer."""
    hurt(street, "sinister", vp=3, dp=5)
    street.emit([_defense("grunt", 2), _defense("sinister", 1)])
    view = build_view(street, "dexter")

    def ids(selector: str) -> list[str]:
        return [c.character_id for c in candidates(view, selector)]

    assert ids("nearest") == ["sinister", "grunt", "tough"]
    assert ids("weakest") == ["sinister", "grunt", "tough"]
    assert ids("strongest") == ["grunt", "tough", "sinister"]
    assert ids("lowest-defense") == ["tough", "sinister", "grunt"]
    assert ids("most-dangerous") == ["sinister", "grunt", "tough"]  # nobody has dealt damage
    assert ids("tough") == ["tough"]
    assert ids("dexter") == ["dexter"]
    assert ids("nobody") == []


def test_objective_selectors_name_the_performer_and_the_ward() -> None:
    """Before the safecracker starts on the lock it is already the heroes' objective performer
    (the one whose success makes them lose); it is the crew's ward; nobody is the heroes'."""
    encounter = vault_job([]).start(seed=1)

    def ids(actor: str, selector: str) -> list[str]:
        return [c.character_id for c in candidates(build_view(encounter, actor), selector)]

    assert ids("dexter", "objective-performer") == ["safecracker"]
    assert ids("grunt", "ward") == ["safecracker"]
    assert ids("dexter", "ward") == []
    assert ids("grunt", "objective-performer") == []


def test_objective_selectors_pick_nobody_when_policies_ignore_objectives() -> None:
    """G-237 ``ignore``: policies play as if there were no objectives, priority lists too."""
    encounter = vault_job([], defaults={"G237_objective_play": "ignore"}).start(seed=1)
    encounter.run(until=3)
    view = build_view(encounter, "dexter")
    assert candidates(view, "objective-performer") == []
    assert not view.threatened


def first_blows(selector: str, seeds: range = range(4)) -> set[str | None]:
    """Whom Dexter punches first in seeded runs, closing in on and punching the candidates of
    ``selector``."""
    rules = [{"do": "fist-attack", "target": selector}, {"do": "close-in", "target": selector}]
    simulation = vault_job(rules)
    first: set[str | None] = set()
    for seed in seeds:
        events: list[Event] = []
        simulation.run(seed=seed, until=60, observers=[events.append])
        blows = [
            e.target
            for e in events
            if isinstance(e, ActionStarted)
            and e.character == "dexter"
            and e.action == "fist-attack"
        ]
        first |= set(blows[:1])
    return first


def test_a_list_naming_the_objective_performer_runs_past_the_grunt_to_the_safecracker() -> None:
    assert first_blows("objective-performer") == {"safecracker"}
    assert first_blows("nearest") == {"grunt"}


def _defense(who: str, defense: int) -> DefenseChanged:
    return DefenseChanged(0, who, defense, "test")


def test_a_character_out_of_action_is_no_candidate(street: Encounter) -> None:
    hurt(street, "sinister", vp=0, dp=-10)
    street.emit(street.rules.status_checks(street, "sinister"))
    view = build_view(street, "dexter")
    assert "sinister" not in [c.character_id for c in candidates(view, "nearest")]
    assert candidates(view, "sinister") == []
    assert len(candidates(view, "nearest")) <= MAX_CANDIDATES


# -- choosing ---------------------------------------------------------------------------------


def test_the_first_rule_that_holds_and_is_allowed_wins(street: Encounter) -> None:
    """Rule 0's condition is false; rule 1's punch is refused (nobody in reach); rule 2 rests."""
    put(street, "dexter", Position("a"))
    chooser = policy(
        [
            {"when": "self.dp < 3", "do": "wait"},
            {"do": "fist-attack", "target": "nearest"},
            {"do": "rest"},
            {"do": "wait"},
        ]
    )
    decision = chooser.choose(street, "dexter")
    assert decision == Intent("rest", reason="priority rules[2]: rest")
    why = chooser.explain(street, "dexter", decision)
    assert why is not None
    assert why.alternatives == (
        "rules[0]: self.dp < 3 → wait: the condition is false",
        "rules[1]: fist-attack: fist-attack refused: sinister is out of reach (+2)",
    )


def test_a_target_condition_picks_the_first_candidate_it_holds_for(street: Encounter) -> None:
    """A condition on ``target`` skips the candidates it is false for: with Sinister (the only
    one in reach) excluded nobody can be punched, so the next rule waits; asking for one in
    contact picks Sinister."""
    put(street, "sinister", Position("a"))
    chooser = policy([{"when": 'target.id != "sinister"', "do": "fist-attack"}, {"do": "wait"}])
    assert chooser.choose(street, "dexter") == Intent("wait", reason="priority rules[1]: wait")
    chooser = policy([{"when": "target.in_contact", "do": "fist-attack"}])
    decision = chooser.choose(street, "dexter")
    assert isinstance(decision, Intent) and decision.target == "sinister"
    assert decision.reason == "priority rules[0]: target.in_contact → fist-attack → sinister"


def test_no_rule_applies_so_the_fallback_waits(street: Encounter) -> None:
    chooser = policy([{"when": "false", "do": "rest"}], fallback="wait")
    assert chooser.choose(street, "dexter") == Wait(LOOK_AGAIN, "no rule applies")


def test_a_fallback_intent_the_rules_refuse_becomes_a_look_next_segment(
    street: Encounter,
) -> None:
    chooser = PriorityPolicy([], fallback=lambda e, a: Intent("fist-attack", target="grunt"))
    assert chooser.choose(street, "dexter") == Wait(1, "the fallback's choice is not allowed now")


def test_a_tactic_under_way_is_a_decision(street: Encounter) -> None:
    """A tactic that answers ``Wait`` holds; one that answers ``None`` passes to the next rule."""
    tactics = {
        "hold": Tactic("hold", lambda e, a, t, o: Wait(7, "holding"), needs_target=False),
        "skip": Tactic("skip", lambda e, a, t, o: None, needs_target=False),
    }
    chooser = PriorityPolicy(rules_from_options([{"do": "skip"}, {"do": "hold"}]), tactics=tactics)
    assert chooser.choose(street, "dexter") == Wait(7, "holding")


def test_a_wait_is_never_for_now(street: Encounter) -> None:
    tactics = {"stall": Tactic("stall", lambda e, a, t, o: Wait(0), needs_target=False)}
    chooser = PriorityPolicy(rules_from_options([{"do": "stall"}]), tactics=tactics)
    decision = chooser.choose(street, "dexter")
    assert isinstance(decision, Wait) and decision.until == 1


# -- Quality and explanations -----------------------------------------------------------------


def test_the_rules_preset_spends_the_quality(street: Encounter) -> None:
    put(street, "sinister", Position("a"))
    street.emit([_defense("sinister", 2)])
    chooser = policy(
        [{"do": "fist-attack", "quality": "defensive"}], quality="all-out", fallback="wait"
    )
    punch = chooser.choose(street, "dexter")
    assert isinstance(punch, Intent)
    assert chooser.allocate(street, "dexter", punch, 7) == QualityAllocation(attack=2, defense=5)
    other = Intent("fist-attack", target="sinister")
    assert chooser.allocate(street, "dexter", other, 7) == QualityAllocation(attack=2, damage=5)


def test_only_the_latest_choice_is_explained(street: Encounter) -> None:
    chooser = policy([{"do": "rest"}])
    rest = chooser.choose(street, "dexter")
    assert isinstance(rest, Intent)
    assert chooser.explain(street, "dexter", Intent("wait")) is None
    assert chooser.explain(street, "sinister", rest) is None
    why = chooser.explain(street, "dexter", rest)
    assert why is not None and why.reason == "priority rules[0]: rest"


def test_a_rule_whose_named_target_is_out_of_action_is_passed_over_for_no_target(
    street: Encounter,
) -> None:
    street.emit([OutOfAction(0, "sinister", "unconscious")])
    chooser = policy([{"do": "fist-attack", "target": "sinister"}, {"do": "rest"}])
    rest = chooser.choose(street, "dexter")
    assert isinstance(rest, Intent)
    why = chooser.explain(street, "dexter", rest)
    assert why is not None
    assert why.alternatives == ("rules[0]: fist-attack: no target (sinister)",)


def test_actions_can_be_checked_before_the_run() -> None:
    """``check_actions`` with the registered names (what a simulation could call when it
    builds the minds): tactics and known actions pass, others name the rule's ``do``."""
    tactic = Tactic("sprint", lambda e, a, t, o: None, needs_target=False)
    chooser = PriorityPolicy(
        rules_from_options([{"do": "sprint"}, {"do": "rest"}, {"do": "zap"}]),
        tactics={"sprint": tactic},
    )
    with pytest.raises(PolicyOptionsError) as caught:
        chooser.check_actions({"rest", "fist-attack"})
    assert caught.value.key == "rules[2].do"
    assert caught.value.expected == (
        "an action or tactic this simulation knows (fist-attack, rest, sprint), not 'zap'"
    )
    PriorityPolicy(chooser.rules, strict=False).check_actions(set())


# -- asked again in the segment (docs/rules/combat.md §3)
# -------------------------------------------


def started_at_zero(encounter: Encounter, who: str) -> list[tuple[str, str | None]]:
    return [
        (e.action, e.target)
        for e in encounter.log
        if isinstance(e, ActionStarted) and e.character == who and e.segment == 0
    ]


def test_a_rule_on_self_started_jumps_in_the_segment_a_move_starts() -> None:
    """Seed "Jump Roll": a jump "can be started on the same segment as Move is started": the
    kernel asks again after the move, and ``self.started == "move"`` holds only then."""
    rules = [{"do": "jump", "when": 'self.started == "move"'}, {"do": "close-in"}]
    encounter = arena({**CAST, "dexter": ("heroes", "a", "dexter", "priority", {"rules": rules})})
    encounter.run(until=1)
    assert started_at_zero(encounter, "dexter") == [("move", None), ("jump", None)]


@pytest.mark.parametrize(
    ("guard", "started"),
    [
        ('self.started == ""', ["double-action", "fist-attack", "fist-attack"]),
        (None, ["double-action", "fist-attack", "fist-attack"]),
    ],
)
def test_a_double_action_rule_gives_two_punches_guarded_or_not(
    guard: str | None, started: list[str]
) -> None:
    """Seed "Double Action" at %Control 100 (the roll is always made): after the attempt the
    kernel asks twice more in the segment and the list punches twice, guarded by
    ``self.started == ""`` or not: a second attempt in the segment is refused."""
    rules: list[dict[str, Any]] = [{"do": "double-action"}, {"do": "fist-attack"}]
    if guard is not None:
        rules[0]["when"] = guard
    hero = grunt(skills={"Double Action": 100})
    encounter = arena(
        {
            "hero": ("heroes", "a", hero, "priority", {"rules": rules}),
            "villain": ("villains", "a", grunt(), None, {}),
        }
    )
    encounter.run(until=1)
    assert [action for action, _ in started_at_zero(encounter, "hero")] == started


def documented_rules() -> list[dict[str, Any]]:
    """The list of ``docs/policies.md`` "Asked again in the same segment"."""
    text = (ROOT / "docs" / "policies.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```toml\n(.*?)```", text, re.DOTALL) if "started" in b)
    rules: list[dict[str, Any]] = tomllib.loads(block)["rules"]
    return rules


def test_the_documented_list_punches_twice_in_reach_and_jumps_as_it_runs() -> None:
    """Beside the villain: a double action (%Control 100) and two punches in segment 0; 10 m
    from Sinister: a run to meet him and a jump in its segment."""
    hero = grunt(skills={"Double Action": 100})
    rules = documented_rules()
    beside = arena(
        {
            "hero": ("heroes", "a", hero, "priority", {"rules": rules}),
            "villain": ("villains", "a", grunt(), None, {}),
        }
    )
    beside.run(until=1)
    assert started_at_zero(beside, "hero") == [
        ("double-action", None),
        ("fist-attack", "villain"),
        ("fist-attack", "villain"),
    ]
    away = arena({**CAST, "dexter": ("heroes", "a", hero, "priority", {"rules": rules})})
    away.run(until=1)
    assert started_at_zero(away, "dexter") == [("move", None), ("jump", None)]
