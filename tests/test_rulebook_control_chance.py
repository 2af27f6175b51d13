"""Control Chance (seed "Control Chance"): ``mands_rulebook.powers.control_chance``.

Seed: "The character can modify other people's 2d10 rolls by up to PR (three times PR for d100
rolls). The modification is directly to the roll, not to the bonus pool. ... The base chance [of
a hex] will be the PR, on 2d10. Range: Look up the distance to the target on the Sphere Chart,
for the PR required for range." ``jinx`` has Seraph's sheet and Control Chance PR 12 (no
%Control); ``ally`` has Seraph's sheet and Electric Power (PR 17, %Control 97); Sun-Ruler
(Combat Roll 12, pool 1: needs 13) stands by them, ``sun-far`` 100 m off.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from mands_rulebook.kit.powers import checked_spend
from mands_rulebook.kit.powers.uses import PowerUsed
from mands_rulebook.powers.control_chance import CONTROL_CHANCE, Hexed, d100_change, range_pr
from mands_sim.actions import Intent
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import ScriptedDice
from mands_sim.events import ActionDropped, AttackResolved, Event, PercentRolled, RollMade
from tests.data.power_plan import CastScene, PlanMind, of, sheet, use

CHART = load_standard_charts().action
CONTROL = "Control Chance"
CHANGE = "control-chance-change"
HEX = "control-chance-hex"
ELECTRIC = "Electric Power"
SERAPHS = {"percent_control": 97}
"""Seraph's sheet: "a %Control in Electricity of 97%"."""
PLACES = (("here", 0.0), ("far", 100.0))
CAST = {
    "jinx": ("heroes", sheet("seraph.toml", **{CONTROL: {"power_rating": 12}}), "here"),
    "ally": ("heroes", sheet("seraph.toml", **{ELECTRIC: {"power_rating": 17, **SERAPHS}}), "here"),
    "sun-ruler": ("villains", sheet("sun_ruler.toml"), "here"),
    "sun-far": ("villains", sheet("sun_ruler.toml"), "far"),
}


def punch(at: int, target: str) -> tuple[int, Intent]:
    return (at, Intent("fist-attack", target=target))


def play(minds: Mapping[str, PlanMind], dice: Mapping[str, list[int]], until: int) -> list[Event]:
    return run(minds, ScriptedDice(dict(dice)), until).log


def test_the_distance_on_the_sphere_chart_is_the_range_pr() -> None:
    """10 m → 9, 100 m → 17; standing together → 0. A d100 roll changes by 3 × PR (8 → 24)."""
    assert [range_pr(CHART, m) for m in (10, 100, 0)] == [9, 17, 0]
    assert d100_change(8) == 24


def test_mands_bonus_pool_modifiers_a_jinx_raises_the_targets_dice_by_the_pr() -> None:
    """The jinx (0 range, 4 PR to row 5, 8 on the change) holds from 10; Sun-Ruler's punch on 11
    rolls 5 + 5 = 10 against 13: Q 3 less 8 = −5, a miss (G-14 spreads it)."""
    minds = {
        "jinx": PlanMind([(0, use(CHANGE, CONTROL, "sun-ruler"))]),
        "sun-ruler": PlanMind([punch(11, "jinx")]),
    }
    events = play(minds, {"sun-ruler": [5, 5]}, 12)
    (used,) = of(events, PowerUsed, "jinx")
    assert dict(used.spent) == {"change": 8, "range": 0, "ep": 4, "speed": 0}
    (roll,) = of(events, RollMade, "sun-ruler")
    assert (roll.total, roll.target + roll.pool_bonus, roll.quality) == (10, 13, -5)


def test_mands_bonus_pool_modifiers_nothing_changes_before_the_jinx_takes_hold() -> None:
    """A punch on 5, before the passive use completes on 10, keeps its Q 3."""
    minds = {
        "jinx": PlanMind([(0, use(CHANGE, CONTROL, "sun-ruler"))]),
        "sun-ruler": PlanMind([punch(5, "jinx")]),
    }
    (roll,) = of(play(minds, {"sun-ruler": [5, 5]}, 6), RollMade, "sun-ruler")
    assert roll.quality == 3


def test_favor_lowers_an_allys_dice_instead() -> None:
    """``favor``: the ally's punch on 11 rolls 9 + 9 = 18 against 15: Q −3 + 8 = 5, a success."""
    minds = {
        "jinx": PlanMind([(0, use(CHANGE, CONTROL, "ally", favor=True))]),
        "ally": PlanMind([punch(11, "sun-ruler")]),
    }
    (roll,) = of(play(minds, {"ally": [9, 9]}, 12), RollMade, "ally")
    assert (roll.total, roll.quality) == (18, 5)


# --- d100 rolls: "three times PR for d100 rolls" -------------------------------------------------


def blast(at: int, target: str) -> tuple[int, Intent]:
    """The ally's Electric Power blast: its %Control 97 is rolled on d100 when it starts."""
    return (at, use("electric-power-blast", ELECTRIC, target))


def control_roll(jinx: Intent, at: int, faces: list[int]) -> PercentRolled:
    """The ally's %Control roll on ``at``, with the jinx's ``jinx`` held from 10."""
    minds = {"jinx": PlanMind([(0, jinx)]), "ally": PlanMind([blast(at, "sun-ruler")])}
    (rolled,) = of(play(minds, {"ally": faces}, at + 1), PercentRolled, "ally")
    return rolled


@pytest.mark.parametrize(("die", "works"), [(73, True), (74, False)])
def test_mands_percent_modifiers_a_jinx_raises_a_d100_roll_by_three_times_the_pr(
    die: int, works: bool
) -> None:
    """Seed: "three times PR for d100 rolls": the 8 on the change moves the ally's %Control d100
    by 24, "directly to the roll": 73 comes in at 97 (works), 74 at 98 (misses 97)."""
    rolled = control_roll(use(CHANGE, CONTROL, "ally"), 11, [die, 10, 10])
    assert (rolled.chance, rolled.roll, rolled.succeeded) == (97, die + 24, works)


def test_mands_percent_modifiers_favor_lowers_a_d100_roll_by_three_times_the_pr() -> None:
    """``favor``: a %Control roll of 99 misses 97 alone; lowered by 24 it is 75 and works."""
    rolled = control_roll(use(CHANGE, CONTROL, "ally", favor=True), 11, [99, 10, 10])
    assert (rolled.roll, rolled.succeeded) == (75, True)


def test_mands_percent_modifiers_no_d100_change_before_the_jinx_takes_hold() -> None:
    """A blast on 5, before the passive use completes on 10: the 98 stays 98 and misses."""
    rolled = control_roll(use(CHANGE, CONTROL, "ally", favor=True), 5, [98])
    assert (rolled.roll, rolled.succeeded) == (98, False)


def test_mands_percent_modifiers_change_only_the_targets_d100_rolls() -> None:
    """Seed: "other people's" rolls: a jinx on Sun-Ruler leaves the ally's 80 as it is."""
    rolled = control_roll(use(CHANGE, CONTROL, "sun-ruler"), 11, [80, 10, 10])
    assert rolled.roll == 80


def test_mands_action_refusals_a_target_beyond_the_range_pr() -> None:
    """100 m needs range PR 17, more than 12; the jinx cannot change her own rolls."""
    encounter = run({}, ScriptedDice({}), 0)
    far = use(CHANGE, CONTROL, "sun-far")
    assert encounter.rules.refusals(encounter, "jinx", far) == [
        "sun-far needs range PR 17, more than 12"
    ]
    herself = use(HEX, CONTROL, "jinx")
    assert encounter.rules.refusals(encounter, "jinx", herself) == [
        "control-chance-hex needs another character as its target"
    ]


def test_resolve_a_hex_that_works_spoils_the_targets_action() -> None:
    """Hex on 0 with all 12 PR: 3 + 4 = 7 against 12 works; on 20 Sun-Ruler's punch (started
    on 10, due on 25) goes wrong and never lands."""
    minds = {
        "jinx": PlanMind([(0, use(HEX, CONTROL, "sun-ruler"))]),
        "sun-ruler": PlanMind([punch(10, "jinx")]),
    }
    events = play(minds, {"jinx": [3, 4], "sun-ruler": [5, 5]}, 30)
    (roll,) = of(events, RollMade, "jinx")
    assert (roll.purpose, roll.target, roll.quality) == ("hex", 12, 5)
    (hexed,) = of(events, Hexed, "jinx")
    assert (hexed.segment, hexed.target, hexed.dropped) == (20, "sun-ruler", "fist-attack")
    (dropped,) = of(events, ActionDropped, "sun-ruler")
    assert dropped.reason == "hex"
    assert not of(events, AttackResolved, "sun-ruler")


def test_the_editors_improbability_lowers_the_hexs_chance() -> None:
    """``improbability`` 10: 7 against 12 − 10 = 2 fails; the punch lands on 25."""
    minds = {
        "jinx": PlanMind([(0, use(HEX, CONTROL, "sun-ruler", improbability=10))]),
        "sun-ruler": PlanMind([punch(10, "jinx")]),
    }
    events = play(minds, {"jinx": [3, 4], "sun-ruler": [5, 5]}, 30)
    assert of(events, RollMade, "jinx")[0].quality == -5
    assert not of(events, Hexed, "jinx")
    assert of(events, AttackResolved, "sun-ruler")[0].segment == 25


def test_the_default_spends_never_take_more_than_the_pr() -> None:
    """Seed "Power Rolls": the PR on one action's effects is at most the PR, near or far."""
    encounter = run({}, ScriptedDice({}), 0)
    for power_use in CONTROL_CHANCE.uses:
        for target in ("sun-ruler", "sun-far"):
            intent = use(power_use.action.name, CONTROL, target)
            for pr in range(41):
                wanted = power_use.default_spend(encounter, "jinx", intent, pr)
                assert checked_spend("default", CONTROL_CHANCE, power_use, pr, wanted).total == pr


# --- the cast on a line of places: one prepared simulation per set of defaults -----------------


run = CastScene(CAST, PLACES, __name__).run
