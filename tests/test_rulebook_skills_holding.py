"""Holding on and escaping (``mands_rulebook.skills.holding``, seed "Body Hold"; G-182 … G-184).

Grunts (:mod:`tests.data.skills_fighters`): Combat Roll 11, pool 1, Hand Damage 5. The holder
has Body Hold 3; its grab (dice 3 + 3, no Q on damage) deals Hand Damage 5 and holds with
strength 5 + 0 + 3 = 8. The held grunt's escape rolls 2 + 2 against 11 with pool 1: Q 8, whose
damage Q adds on the Doubles chart (G-11: 4 Q → +3, 8 Q → +4).
"""

from __future__ import annotations

import pytest

import mands_rulebook.skills.holding as holding
from mands_rulebook.skills.holding import EscapeFailed, HoldEnded, HoldTaken, hold_refusals
from mands_sim.actions import Intent, QualityAllocation
from mands_sim.events import ActionDropped, DamageTaken, DefenseChanged, Event
from mands_sim.kernel.contracts import ActionRefused
from mands_sim.kernel.encounter import Encounter
from mands_sim.registry import collect_registries
from mands_sim.testing import PluginManagerFactory
from tests.data.fighters import fight, grunt
from tests.data.power_plan import PlanMind
from tests.data.skills_fighters import of

GRAB = Intent("body-hold", target="target")
ESCAPE = Intent("escape-hold", target="holder")


def wrestle(
    escape_damage: int | None = None, until: int = 40, **defaults: str
) -> tuple[Encounter, list[Event]]:
    """The holder grabs on 0 (resolves on 15); the held grunt tries to escape on 20 with
    ``escape_damage`` Q on damage (``None``: it does not try)."""
    holder = PlanMind([(0, GRAB)])
    plan = [] if escape_damage is None else [(20, ESCAPE)]
    held = PlanMind(plan, quality=QualityAllocation(damage=escape_damage or 0))
    fighters = {"holder": grunt(skills={"Body Hold": 3}), "target": grunt()}
    encounter = fight(
        fighters,
        dice={"holder": [3, 3], "target": [2, 2]},
        minds={"holder": holder, "target": held},
        defaults=defaults,
    )
    encounter.run(until=until)
    return encounter, encounter.log


def test_a_body_hold_that_hits_holds_with_hand_damage_damage_q_and_level() -> None:
    """Seed: "The character's damage bonus applies both to grabbing damage and to keeping the
    opponent from escaping. Add the character's skill level": 5 + 0 + 3 = 8 (G-182)."""
    _, log = wrestle()
    (hit,) = of(log, DamageTaken)
    (hold,) = of(log, HoldTaken)
    assert (hit.raw, hold.holder, hold.character, hold.strength) == (5, "holder", "target", 8)


def test_the_held_ones_defense_falls_to_0_when_grabbed() -> None:
    """G-184: the held grunt cannot dodge its holder's next blows."""
    _, log = wrestle()
    grabbed = [e for e in of(log, DefenseChanged) if e.reason == "grabbed"]
    assert [(e.character, e.defense) for e in grabbed] == [("target", 0)]


def test_mands_action_refusals_neither_may_move_nor_aim_at_anyone_else() -> None:
    """G-184: held or holding, no moving; actions only at the partner."""
    encounter, _ = wrestle(until=16)
    assert hold_refusals(encounter, "target", Intent("move", options={"toward": "ring"}))
    assert hold_refusals(encounter, "holder", Intent("move", options={"toward": "ring"}))
    assert hold_refusals(encounter, "holder", Intent("fist-attack", target="target")) == []
    assert hold_refusals(encounter, "target", Intent("fist-attack", target="holder")) == []
    assert hold_refusals(encounter, "target", Intent("fist-attack", target="x")) == [
        "target can aim only at ['holder'] while holding or held (G-184)"
    ]


def test_resolve_an_escape_greater_than_the_strength_frees_the_held_one() -> None:
    """Q 8, all on damage (+4): 5 + 4 = 9 > 8: escaped; afterwards the grunt may move again."""
    encounter, log = wrestle(escape_damage=8)
    (ended,) = of(log, HoldEnded)
    assert (ended.character, ended.holder, ended.reason, ended.score) == (
        "target", "holder", "escaped", 9,
    )  # fmt: skip
    assert hold_refusals(encounter, "target", Intent("move", options={"toward": "ring"})) == []


def test_g183_switch_a_tie_keeps_the_hold_or_frees() -> None:
    """4 Q on damage (+3): 5 + 3 = 8 against strength 8. ``hold``: the hold stays;
    ``escape``: the tie frees the grunt."""
    _, kept = wrestle(escape_damage=4)
    assert [(e.score, e.strength) for e in of(kept, EscapeFailed)] == [(8, 8)]
    assert of(kept, HoldEnded) == []
    _, freed = wrestle(escape_damage=4, G183_escape_ties="escape")
    assert [e.reason for e in of(freed, HoldEnded)] == ["escaped"]


def test_g182_switch_damage_only_the_grab_holds_nothing() -> None:
    """``G182_body_hold = "damage"``: the grab is a blow (Hand Damage 5), no hold; the
    escape then has no hold to escape and is refused."""
    encounter, log = wrestle(until=16, G182_body_hold="damage")
    assert of(log, DamageTaken) and of(log, HoldTaken) == []
    assert hold_refusals(encounter, "target", ESCAPE) == ["target is not held by holder"]


def test_initiate_release_hold_lets_go() -> None:
    """The holder lets go on 16 (passive, 1 segment): the hold ends, released."""
    holder = PlanMind([(0, GRAB), (16, Intent("release-hold", target="target"))])
    fighters = {"holder": grunt(skills={"Body Hold": 3}), "target": grunt()}
    minds = {"holder": holder, "target": PlanMind()}
    encounter = fight(fighters, dice={"holder": [3, 3]}, minds=minds)
    encounter.run(until=20)
    assert [(e.holder, e.reason) for e in of(encounter.log, HoldEnded)] == [("holder", "released")]


def test_an_escape_from_no_hold_is_refused() -> None:
    encounter = fight({"holder": grunt(), "target": grunt()})
    with pytest.raises(ActionRefused, match="target is not held by holder"):
        encounter.initiate("target", ESCAPE)


def test_mands_register_actions_registers_escape_and_release(
    plugin_manager_factory: PluginManagerFactory,
) -> None:
    registries = collect_registries(plugin_manager_factory(holding))
    assert set(registries.actions) == {"escape-hold", "release-hold"}


PICK_LOCK = Intent("skill-check", options={"skill": "Opening Locks", "lock_type": 5})


def grab_at_the_lock(**defaults: str) -> Encounter:
    """The target starts on a Type 5 lock on 0 (50 segments); the holder grabs it on 0 (the
    grab resolves on 15)."""
    fighters = {
        "holder": grunt(skills={"Body Hold": 3}),
        "target": grunt(skills={"Opening Locks": 4}),
    }
    encounter = fight(
        fighters,
        dice={"holder": [3, 3], "target": [5, 5, 50, 50]},
        minds={"holder": PlanMind([(0, GRAB)]), "target": PlanMind([(0, PICK_LOCK)])},
        defaults=defaults,
    )
    encounter.run(until=20)
    return encounter


def test_g253_a_hold_stops_the_held_ones_work() -> None:
    """G-253 ``stops``: the grab on 15 drops the work at the lock; held, the target may not take
    it up again, but may still rest or try to escape."""
    encounter = grab_at_the_lock()
    dropped = [
        (e.segment, e.character, e.action, e.reason) for e in of(encounter.log, ActionDropped)
    ]
    assert dropped == [(15, "target", "skill-check", "held")]
    assert not encounter.state["target"].actions
    assert hold_refusals(encounter, "target", PICK_LOCK) == [
        "target is held: no active action but at its holder (G-253)"
    ]
    assert hold_refusals(encounter, "target", Intent("rest")) == []
    assert hold_refusals(encounter, "target", ESCAPE) == []


def test_g253_switch_goes_on_leaves_the_held_one_its_work() -> None:
    """G-253 ``goes_on`` (G-184 alone): the held target works on at the lock."""
    encounter = grab_at_the_lock(G253_hold_stops_work="goes_on")
    assert of(encounter.log, ActionDropped) == []
    assert [a.name for a in encounter.state["target"].actions] == ["skill-check"]
    assert hold_refusals(encounter, "target", PICK_LOCK) == []
