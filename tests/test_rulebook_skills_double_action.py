"""Double Action (``mands_rulebook.skills.double_action``; seed "Double Action"; G-162)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from mands_rulebook.kit.surprise import Surprised
from mands_rulebook.skills.double_action import (
    ATTEMPT,
    PAYMENT_REASON,
    mands_initiation_allowance,
)
from mands_sim.actions import Intent
from mands_sim.events import (
    ActionResolved,
    ActionStarted,
    EndurancePaid,
    Event,
    PercentRolled,
    RollMade,
)
from mands_sim.kernel.contracts import ActionRefused
from mands_sim.kernel.encounter import Encounter
from tests.data.fighters import fight, grunt
from tests.data.skills_fighters import Scripted, of

PUNCH = Intent("fist-attack", target="target")
GRUNT_COMBAT_POOL = 1
"""The grunt's figured Combat Pool, ⌊Agility 10 ÷ 10⌋ (``tests/data/skills_fighters.py``)."""


def double(
    level: int, dice: list[int], *intents: Intent, until: int = 16, **defaults: Any
) -> Encounter:
    """A grunt with Double Action ``level`` asks for a double action, then ``intents``."""
    fighters = {"attacker": grunt(skills={"Double Action": level}), "target": grunt()}
    mind = Scripted([Intent(ATTEMPT.name), *intents])
    encounter = fight(
        fighters,
        dice={"attacker": dice},
        minds={"attacker": mind, "target": Scripted()},
        defaults=defaults or None,
    )
    encounter.run(until=until)
    return encounter


def attackers(log: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in of(log, kind) if getattr(e, "character", None) == "attacker"]


def test_two_punches_start_together_after_a_made_double_action_roll() -> None:
    """Seed "Double Action": %Control 55, d100 24: made by 31. "a penalty of 10 to the Bonus
    Pools for each ... reduced by 1 for every 10 points the %Control roll was made by": −10 + 3
    = −7, so each Combat Roll's pool is the grunt's 1 − 7 = −6. Both punches start on segment
    0 beside each other and land on 15; the attempt pays row 3 "(2 EP/round)", row 6 (G-04)."""
    encounter = double(55, [24, 3, 3, 3, 3], PUNCH, PUNCH)
    (rolled,) = attackers(encounter.log, PercentRolled)
    assert (rolled.chance, rolled.roll, rolled.succeeded) == (55, 24, True)
    starts = [(e.segment, e.action) for e in attackers(encounter.log, ActionStarted)]
    assert starts == [(0, ATTEMPT.name), (0, PUNCH.action), (0, PUNCH.action)]
    pools = [e.bonus_pool for e in attackers(encounter.log, RollMade)]
    assert pools == [GRUNT_COMBAT_POOL - 7, GRUNT_COMBAT_POOL - 7]
    landed = [(e.segment, e.action) for e in attackers(encounter.log, ActionResolved)]
    assert landed[1:] == [(15, PUNCH.action), (15, PUNCH.action)]
    paid = [(e.row, e.amount) for e in attackers(encounter.log, EndurancePaid)]
    assert paid[0] == (6, Fraction(2))


def test_a_missed_double_action_loses_half_the_miss_as_surprise() -> None:
    """Seed: "If unsuccessful, the character loses a number of segments equal to half the amount
    the roll was missed by, as surprise": %Control 30, d100 71, missed by 41 → 20 segments
    (G-89: rounded down). The punch waits for segment 20 and has no penalty."""
    encounter = double(30, [71, 3, 3], PUNCH, until=21)
    (surprised,) = attackers(encounter.log, Surprised)
    assert (surprised.segments, surprised.until) == (20, 20)
    starts = [(e.segment, e.action) for e in attackers(encounter.log, ActionStarted)]
    assert starts == [(0, ATTEMPT.name), (20, PUNCH.action)]
    assert [e.bonus_pool for e in attackers(encounter.log, RollMade)] == [GRUNT_COMBAT_POOL]


@pytest.mark.parametrize(("payment", "rows"), [("attempt", [6]), ("success", [])])
def test_g162_switches_whether_a_missed_attempt_pays(payment: str, rows: list[int]) -> None:
    """G-162: the attempt's 2 EP are paid at every attempt (``attempt``) or only on a success."""
    encounter = double(30, [71], until=5, G162_double_action_payment=payment)
    assert [e.row for e in attackers(encounter.log, EndurancePaid)] == rows


def test_double_action_pays_its_2_ep_once_a_round() -> None:
    """Seed: "Double Action uses row 3 of the EP Use Chart (2 EP/round)". %Control 100: the
    attempts on 0, 15, 30 and 45 (each with two punches landing 15 later) pay 2 EP once, in the
    round of segments 0-49; the attempt on 60 pays the next round's 2 EP: 4 EP in all, where
    paying at every attempt took 10. An attempt in a later segment is not refused as a second
    one in its segment."""
    attempt_and_two = [Intent(ATTEMPT.name), PUNCH, PUNCH]
    fighters = {"attacker": grunt(skills={"Double Action": 100}), "target": grunt()}
    encounter = fight(
        fighters,
        dice={"attacker": [24, 10, 10, 10, 10] * 5, "target": [1] * 60},
        minds={"attacker": Scripted(attempt_and_two * 5), "target": Scripted()},
    )
    encounter.run(until=61)
    attempts = [
        e.segment for e in attackers(encounter.log, ActionStarted) if e.action == ATTEMPT.name
    ]
    assert attempts == [0, 15, 30, 45, 60]
    double_action = [
        e.segment for e in attackers(encounter.log, EndurancePaid) if e.reason == PAYMENT_REASON
    ]
    assert double_action == [0, 60]


def test_mands_initiation_allowance_is_for_two_actions_after_a_made_roll() -> None:
    """Seed: "combine two other skills": a third action in the segment is refused."""
    encounter = double(55, [24, 3, 3, 3, 3], PUNCH, PUNCH, until=0)
    assert mands_initiation_allowance(encounter, "attacker") is None
    with pytest.raises(ActionRefused, match="one initiation per segment"):
        encounter.initiate("attacker", PUNCH)


def test_mands_initiation_allowance_none_after_a_missed_roll() -> None:
    encounter = double(30, [71], until=0)
    assert mands_initiation_allowance(encounter, "attacker") is None


def test_mands_action_refusals_without_the_skill() -> None:
    encounter = fight({"attacker": grunt(), "target": grunt()}, dice={})
    with pytest.raises(ActionRefused, match="has no Double Action skill"):
        encounter.initiate("attacker", Intent(ATTEMPT.name))


def test_mands_action_refusals_a_second_attempt_in_the_segment() -> None:
    """After a made roll the two actions it allows may not go to another attempt (G-162)."""
    encounter = double(55, [24], until=0)
    assert mands_initiation_allowance(encounter, "attacker") == "Double Action"
    with pytest.raises(ActionRefused, match="has attempted a Double Action this segment"):
        encounter.initiate("attacker", Intent(ATTEMPT.name))
