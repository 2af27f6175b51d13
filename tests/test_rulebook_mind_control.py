"""Mind Control (template, G-133): ``mands_rulebook.powers.mind_control``.

Seed "Saving Throws": saves vs. Mind Control "are made as soon as the power or spell takes
effect, and any time afterwards when the target has decent reason to believe that it ... is
controlled"; seed "Psychic Immunity": "Half this is added to saves vs. mind control"; seed "Emotion
Control": "If the character concentrates on only one target, use 4 times PR". Mesmer (Mind
Control PR 12; Sun-Ruler's numbers otherwise) seizes ``voltage`` (Seraph: Willpower 80, seed
"Example of Horrification"; Electric Power PR 17, %Control 97), who starts a blast at him on 0.
Voltage's stream: %Control 5, Combat Roll 5 + 5, then his save, then his saves at the end of
each round held.
"""

from __future__ import annotations

from mands_rulebook.kit.powers.uses import TEMPLATE
from mands_rulebook.powers.mind_control import DOMINATE, MIND_CONTROL, MindControlled
from mands_sim.dice import ScriptedDice
from mands_sim.events import ActionDropped, ActionStarted, DamageTaken, Event, PercentRolled
from tests.data.power_plan import PlanMind, of, use
from tests.data.template_powers import cast_fight


def seized(seraph: str, later: tuple[int, ...] = (5,), until: int = 61) -> list[Event]:
    """Mesmer seizes ``seraph`` on 0 while he starts a blast at Mesmer (and another on 30);
    his save d100 is 50, his saves at the ends of the rounds held ``later``."""
    blast = use("electric-power-blast", "Electric Power", "mesmer")
    minds = {
        "mesmer": PlanMind([(0, use("mind-control-dominate", "Mind Control", seraph))]),
        seraph: PlanMind([(0, blast), (30, blast)], spend={blast.action: {"damage": 17}}),
    }
    dice = ScriptedDice({seraph: [5, 5, 5, 50, *later, 5, 5, 5]})
    return cast_fight(minds, dice, until=until)


def test_mind_control_is_a_passive_template_mind_power() -> None:
    assert MIND_CONTROL.source == TEMPLATE
    assert (DOMINATE.action.performance_time, DOMINATE.action.is_passive) == (10, True)


def test_resolve_a_failed_save_holds_the_target_until_a_round_end_save() -> None:
    """On 10 Seraph saves on d100 ≤ 80 − 4 × 12 = 32 and rolls 50: held, his blast dropped
    before it lands; at the end of the round held he saves again (5 ≤ 32): free on 60, when he
    starts again (G-133)."""
    events = seized("voltage")
    save = of(events, PercentRolled, "voltage")[1]  # after the %Control d100 on 0
    assert (save.segment, save.purpose, save.chance, save.roll, save.succeeded) == (
        10,
        "save vs. Mind Control",
        32,
        50,
        False,
    )
    (held,) = of(events, MindControlled, "voltage")
    assert (held.source, held.until) == ("mesmer", 60)
    assert [e.reason for e in of(events, ActionDropped, "voltage")] == ["mind controlled"]
    assert of(events, DamageTaken, "mesmer") == []
    assert [e.segment for e in of(events, ActionStarted, "voltage")] == [0, 60]


def test_half_the_psychic_immunity_is_added_to_the_save() -> None:
    """Psychic Immunity 100: + 50 → 82; the same 50 now saves: the blast lands on 20 (and the
    next, started on 30, on 50)."""
    events = seized("voltage-immune")
    save = of(events, PercentRolled, "voltage-immune")[1]
    assert (save.chance, save.succeeded) == (82, True)
    assert of(events, MindControlled) == []
    assert [e.segment for e in of(events, DamageTaken, "mesmer")] == [20, 50]


def test_a_hold_lasts_until_a_save_at_the_end_of_a_round_succeeds() -> None:
    """Seed "Saving Throws": saved "any time afterwards when the target has decent reason to
    believe that it ... is controlled" — held idle, at the end of each round. Seraph fails on
    10 (50), at the end of round 1 (40) and round 2 (33 > 32), saves at the end of round 3 (32):
    held until 160, and starts his blast again then."""
    events = seized("voltage", later=(40, 33, 32), until=161)
    saves = of(events, PercentRolled, "voltage")[1:5]
    assert [(e.chance, e.roll, e.succeeded) for e in saves] == [
        (32, 50, False), (32, 40, False), (32, 33, False), (32, 32, True)
    ]  # fmt: skip
    assert saves[3].purpose == "save vs. Mind Control at the end of round 3 held"
    (held,) = of(events, MindControlled, "voltage")
    assert held.until == 160
    assert [e.segment for e in of(events, ActionStarted, "voltage")] == [0, 160]
