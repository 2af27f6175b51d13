"""Telepathy (template, G-137): ``mands_rulebook.powers.telepathy``.

Seed "Power Rolls": "Most mind-based powers (such as telepathy) are also passive. Performance
Time for passive power actions are usually halved (which will usually mean a Performance Time
of 10)." Seed "Psychic Immunity": the score "is added to any saving throw vs. mind probing".
``mentor`` (Telepathy PR 10; Sun-Ruler's numbers otherwise) reaches an ally and enemies
(Willpower 56: Sun-Ruler's dice-average sheet).
"""

from __future__ import annotations

import pytest

from mands_rulebook.kit.powers.uses import TEMPLATE, PowerUsed
from mands_rulebook.powers.telepathy import CONTACT, TELEPATHY, TelepathicContact
from mands_sim.dice import ScriptedDice
from mands_sim.events import EndurancePaid, Event, PercentRolled
from mands_sim.kernel.contracts import ActionRefused
from tests.data.power_plan import PlanMind, of, use
from tests.data.template_powers import cast_fight


def reach_out(target: str) -> list[Event]:
    """Mentor reaches for ``target``'s mind on 0; the target's save d100 is 50."""
    mentor = PlanMind([(0, use("telepathy-contact", "Telepathy", target))])
    return cast_fight({"mentor": mentor}, ScriptedDice({target: [50]}), until=11)


def test_telepathy_is_a_passive_template_mind_power() -> None:
    assert TELEPATHY.source == TEMPLATE
    assert (CONTACT.action.performance_time, CONTACT.action.is_passive) == (10, True)


def test_resolve_an_ally_lets_the_contact_in() -> None:
    """No save; the default spend puts all 10 PR on EP rows (row 9 → 0: free)."""
    events = reach_out("ally")
    assert of(events, TelepathicContact) == [TelepathicContact(10, "mentor", "ally", True)]
    assert dict(of(events, PowerUsed, "mentor")[0].spent)["ep"] == 10
    assert [e.amount for e in of(events, EndurancePaid, "mentor")] == [0]


def test_an_enemy_saves_vs_willpower_less_4_times_the_pr() -> None:
    """d100 ≤ 56 − 4 × 10 = 16: 50 fails, the contact is made."""
    events = reach_out("enemy")
    (save,) = of(events, PercentRolled, "enemy")
    assert (save.purpose, save.chance, save.succeeded) == ("save vs. Telepathy", 16, False)
    assert of(events, TelepathicContact)[0].made


def test_psychic_immunity_adds_its_whole_score_vs_mind_probing() -> None:
    """Score 56: 16 + 56 = 72; 50 saves and the contact fails."""
    events = reach_out("enemy-immune")
    assert of(events, PercentRolled, "enemy-immune")[0].chance == 72
    assert not of(events, TelepathicContact)[0].made


def test_mands_action_refusals_beyond_the_pr_on_the_sphere_chart() -> None:
    """G-130: PR 10 reaches row 10 on the Sphere chart, 14 m; the enemy is 150 m away."""
    with pytest.raises(
        ActionRefused, match="enemy-far is 150 m away, beyond the mind power's 14 m"
    ):
        reach_out("enemy-far")
