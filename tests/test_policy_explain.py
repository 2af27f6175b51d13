"""Explained decisions (``mands_sim.policy.explain``) and ``mands-sim replay --explain``."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from mands_sim.actions import Intent
from mands_sim.cli import main
from mands_sim.events import DecisionExplained, DecisionMade, Moved, to_record
from mands_sim.narrative import tell
from mands_sim.policy.explain import (
    MAX_ALTERNATIVES,
    Explanation,
    decisions,
    explained_event,
    explained_narrative,
    explanation_lines,
)

WHY = Explanation(
    "priority rules[2]: fist-attack → sinister",
    ("rules[0]: self.dp < 3 → flee: the condition is false", "rules[1]: rest: rest refused"),
)


def test_the_event_carries_the_choice_and_what_was_passed_over() -> None:
    event = explained_event(15, "dexter", Intent("fist-attack", target="sinister"), WHY)
    assert to_record(event) == {
        "kind": "decision-explained",
        "segment": 15,
        "character": "dexter",
        "action": "fist-attack",
        "target": "sinister",
        "reason": WHY.reason,
        "alternatives": list(WHY.alternatives),
        "scores": [],
    }


def test_an_explanation_keeps_only_the_first_alternatives() -> None:
    many = Explanation("x", tuple(f"option {n}" for n in range(20)), tuple(range(21)))
    event = explained_event(0, "dexter", Intent("rest"), many)
    assert isinstance(event, DecisionExplained)
    assert len(event.alternatives) == MAX_ALTERNATIVES
    assert len(event.scores) == MAX_ALTERNATIVES + 1


def test_the_narrative_tells_the_decision_and_explain_adds_the_alternatives() -> None:
    event = explained_event(15, "dexter", Intent("fist-attack", target="sinister"), WHY)
    assert tell(event, {"dexter": "Dexter", "sinister": "Sinister"}) == (
        "Dexter decides on fist-attack at Sinister (priority rules[2]: fist-attack → Sinister)."
    )
    assert explained_narrative([Moved(15, "dexter", "a", None, 0, "moving"), event]) == [
        "Segment 15",
        "  dexter moves to a (moving).",
        "  dexter decides on fist-attack at sinister (priority rules[2]: fist-attack → sinister).",
        "      passed over: rules[0]: self.dp < 3 → flee: the condition is false",
        "      passed over: rules[1]: rest: rest refused",
    ]


def test_a_scored_alternative_shows_its_score() -> None:
    scored = Explanation("best", ("punch sinister",), (0.9, 0.25))
    event = explained_event(0, "dexter", Intent("rest"), scored)
    assert explanation_lines(event) == ["passed over: punch sinister (score 0.25)"]


def test_decisions_are_picked_out_of_a_log() -> None:
    made = DecisionMade(0, "dexter", "rest", None, "tired")
    event = explained_event(0, "dexter", Intent("rest"), WHY)
    assert decisions([Moved(0, "dexter", "a", None, 0, "x"), made, event]) == [made, event]


SCENARIO = """
format = 1
name = "a coward in the street"

[[map.places]]
name = "a"
x = 0.0
y = 0.0

[[map.places]]
name = "b"
x = 10.0
y = 0.0
exit = true

[[map.edges]]
between = ["a", "b"]

[[sides]]
name = "heroes"

[[sides.characters]]
id = "dexter"
sheet = "characters/dexter.toml"
place = "a"
policy = "priority"

[sides.characters.policy_options]
quality = "all-out"
rules = [
  { when = "self.dp < 3", do = "flee" },
  { do = "fist-attack", target = "weakest" },
]

[[sides]]
name = "villains"

[[sides.characters]]
id = "sinister"
sheet = "characters/sinister.toml"
place = "a"

[stop]
time_limit = 300
"""


def test_replay_explain_prints_what_each_decision_passed_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheets = Path(__file__).parent.parent / "scenarios" / "characters"
    (tmp_path / "characters").mkdir()
    for name in ("dexter", "sinister"):
        shutil.copy(sheets / f"{name}.toml", tmp_path / "characters")
    path = tmp_path / "street.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    assert main(["replay", str(path), "--seed", "4", "--explain", "--until", "20"]) == 0
    out = capsys.readouterr().out
    assert "  Dexter decides on fist-attack at Sinister (priority rules[1]: fist-attack" in out
    assert "      passed over: rules[0]: self.dp < 3 → flee: the condition is false" in out
    main(["replay", str(path), "--seed", "4", "--until", "20"])
    plain = capsys.readouterr().out
    assert "decides on fist-attack" in plain and "passed over" not in plain


# -- every preset policy explains its decisions; a priority list says why a rule was skipped --

SHEETS = {"armed": "dexter_armed", "blaster": "seraph"}
"""The sheet a policy needs to show itself (a weapon, powers); Dexter's for the others."""

OPTIONS = {"priority": '{ rules = [{ do = "fist-attack" }] }'}


def duel(tmp_path: Path, policy: str, options: str = "{}") -> Path:
    """Dexter (``policy``) and Sinister face to face at ``a``, 10 m from the exit ``b``."""
    sheets = Path(__file__).parent.parent / "scenarios" / "characters"
    (tmp_path / "characters").mkdir(exist_ok=True)
    for name in ("dexter", "dexter_armed", "seraph", "sinister"):
        shutil.copy(sheets / f"{name}.toml", tmp_path / "characters")
    text = SCENARIO.replace(
        'sheet = "characters/dexter.toml"',
        f'sheet = "characters/{SHEETS.get(policy, "dexter")}.toml"',
    )
    text = text.replace('policy = "priority"', f'policy = "{policy}"', 1)
    start = text.index("[sides.characters.policy_options]")
    end = text.index("[[sides]]", start)
    text = text[:start] + f"policy_options = {options}\n\n" + text[end:]
    path = tmp_path / f"{policy}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def registered_policies() -> list[str]:
    from mands_sim.plugins import make_plugin_manager
    from mands_sim.registry import collect_registries

    return sorted(collect_registries(make_plugin_manager()).policies)


@pytest.mark.parametrize("policy", registered_policies())
def test_replay_explain_gives_every_policys_reason(
    policy: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = duel(tmp_path, policy, OPTIONS.get(policy, "{}"))
    assert main(["replay", str(path), "--seed", "4", "--explain", "--until", "40"]) == 0
    decided = [line for line in capsys.readouterr().out.splitlines() if "decides on" in line]
    shown = "Seraph" if policy == "blaster" else "Dexter"
    ours = [line for line in decided if line.strip().startswith(shown)]
    if policy == "stand-by":  # a bystander's or hostage's: it starts nothing, so decides nothing
        assert not ours, ours
        return
    assert ours, decided
    assert all(re.search(rf"\({re.escape(policy)}\b", line) for line in ours), ours


SKIPPING = """{ quality = "all-out", rules = [
  { when = "self.dp < 3", do = "flee" },
  { do = "weapon-attack", target = "nearest" },
  { do = "fist-attack", target = "nearest" },
] }"""


def test_replay_explain_says_why_each_skipped_rule_was_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A false condition, and the rules' refusal with its reason (empty hands: no weapon to
    attack with); the third cause, no target, is in ``tests/test_policy_priority.py`` (a named
    target must exist, ``validate`` sees to it, so it goes missing only by falling)."""
    path = duel(tmp_path, "priority", SKIPPING)
    assert main(["replay", str(path), "--seed", "4", "--explain", "--until", "20"]) == 0
    out = capsys.readouterr().out
    assert "Dexter decides on fist-attack at Sinister (priority rules[2]: fist-attack" in out
    assert "passed over: rules[0]: self.dp < 3 → flee: the condition is false" in out
    refused = re.search(r"passed over: rules\[1\]: weapon-attack: weapon-attack refused: (.+)", out)
    assert refused is not None and refused.group(1).strip()
