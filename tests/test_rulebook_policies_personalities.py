"""Priority lists and personalities (``mands_rulebook.policies.personalities``): each personality
does
what its name says in a scripted situation, and every decision of theirs is explained in the
log."""

from __future__ import annotations

import dataclasses
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from mands_rulebook.kit.movement.pace import MOVE
from mands_rulebook.kit.positions import current_pace
from mands_rulebook.policies.guarding import ward_of
from mands_rulebook.policies.personalities import (
    RULEBOOK_SENSES,
    brute,
    coward,
    defender,
    priority,
    skirmisher,
)
from mands_rulebook.policies.presets import NearestEnemy
from mands_sim.actions import ActionInProgress, Intent, Prepared, QualityAllocation, Wait
from mands_sim.events import (
    ActionStarted,
    DecisionExplained,
    Event,
    OutOfAction,
    RollMade,
)
from mands_sim.kernel.encounter import Encounter
from mands_sim.plugins import make_plugin_manager
from mands_sim.policy.errors import PolicyOptionsError
from mands_sim.policy.priority import PriorityPolicy
from mands_sim.policy.view import build_view
from mands_sim.registry import collect_registries
from mands_sim.world import Position
from tests.data.arena import arena, hurt, opened, put, simulation
from tests.data.duels import duel, fights, started, teams, timed_out
from tests.data.fighters import grunt
from tests.data.straight_flight import flight

READIED = {"G62_weapons_start": "readied"}


def test_mands_register_policies_registers_priority_and_the_personalities() -> None:
    policies = collect_registries(make_plugin_manager()).policies
    assert policies["priority"].payload is priority
    assert policies["coward"].payload is coward
    assert policies["brute"].payload is brute
    assert policies["skirmisher"].payload is skirmisher
    assert policies["coward"].plugin == "mands_rulebook.policies.personalities"


# -- the coward ---------------------------------------------------------------------------------


def cowardly(**options: Any) -> tuple[Any, PriorityPolicy]:
    """Sinister, a coward, at ``c``; Dexter at ``a`` (20 m off); the exit ``out`` 20 m past."""
    encounter = arena(
        {
            "dexter": ("heroes", "a", "dexter", None, {}),
            "sinister": ("villains", "c", "sinister", "coward", options),
        }
    )
    return encounter, coward(options)


def test_the_coward_fights_above_its_threshold_and_flees_at_it() -> None:
    """``flee_at = 3``: at 4 Body DP it closes in on Dexter; at 3 it runs for the exit."""
    encounter, mind = cowardly(flee_at=3)
    hurt(encounter, "sinister", vp=0, dp=4)
    closing = mind.choose(encounter, "sinister")
    assert isinstance(closing, Intent) and closing.options["toward"] == "a"
    assert closing.reason == (
        "coward fallback nearest-enemy: dexter is the nearest enemy, out of reach: closing in"
    )
    hurt(encounter, "sinister", vp=0, dp=3)
    fleeing = mind.choose(encounter, "sinister")
    assert fleeing == Intent(
        MOVE.name,
        options={"toward": "out", "flee": True},
        reason="coward rules[0]: self.dp <= 3 → flee",
    )


def test_the_cowards_default_threshold_is_half_its_body_dp() -> None:
    """Sinister's full Body DP is 5: 3 is more than half, 2 is not."""
    encounter, mind = cowardly()
    hurt(encounter, "sinister", vp=0, dp=3)
    assert mind.choose(encounter, "sinister").options["toward"] == "a"  # type: ignore[union-attr]
    hurt(encounter, "sinister", vp=0, dp=2)
    assert mind.choose(encounter, "sinister").options["flee"] is True  # type: ignore[union-attr]


def test_a_coward_already_running_turns_for_the_exit_at_its_next_move_roll() -> None:
    """A run toward Dexter started this segment: the turn waits for the next Move Roll, 6
    segments on (seed "Move Roll"; G-65)."""
    encounter, mind = cowardly(flee_at=3)
    encounter.initiate("sinister", Intent(MOVE.name, options={"toward": "a"}))
    hurt(encounter, "sinister", vp=0, dp=1)
    assert mind.choose(encounter, "sinister") == Wait(6, "turning for out next")


def test_a_coward_with_nowhere_to_run_surrenders() -> None:
    """At the exit already (no run to make), below its threshold: it yields (G-160)."""
    encounter, mind = cowardly(flee_at=3)
    put(encounter, "sinister", Position("out"))
    hurt(encounter, "sinister", vp=0, dp=1)
    decision = mind.choose(encounter, "sinister")
    assert decision == Intent("surrender", reason="coward rules[1]: self.dp <= 3 → surrender")


def test_a_coward_on_a_map_without_exits_surrenders_and_loses() -> None:
    """The grunts' street has no exit: at ``flee_at = "100%"`` Sinister yields at once, out of
    action as ``surrendered``; Dexter's side wins."""
    events: list[Event] = []
    cast = {
        "dexter": ("heroes", "a", "dexter", "nearest-enemy", {}),
        "sinister": ("villains", "c", "sinister", "coward", {"flee_at": "100%"}),
    }
    sim = simulation(cast, seed=3)
    sim.scenario = dataclasses.replace(
        sim.scenario, map=dataclasses.replace(sim.scenario.map, places=_no_exits(sim))
    )
    result = sim.run(observers=[events.append])
    (gone,) = [e for e in events if isinstance(e, OutOfAction)]
    assert (gone.character, gone.condition) == ("sinister", "surrendered")
    assert result.winner == "heroes"


def _no_exits(sim: Any) -> Any:
    return tuple(dataclasses.replace(p, exit=False) for p in sim.scenario.map.places)


def test_a_coward_leaves_the_map_through_the_exit() -> None:
    """At ``flee_at = "100%"`` Sinister flees at once, runs 20 m to ``out`` and is gone: out of
    action as ``fled``, and the heroes hold the field."""
    events: list[Event] = []
    result = simulation(
        {
            "dexter": ("heroes", "a", "dexter", "nearest-enemy", {}),
            "sinister": ("villains", "c", "sinister", "coward", {"flee_at": "100%"}),
        },
        seed=3,
    ).run(observers=[events.append])
    (gone,) = [e for e in events if isinstance(e, OutOfAction)]
    assert (gone.character, gone.condition) == ("sinister", "fled")
    assert result.winner == "heroes"
    first = next(
        e for e in events if isinstance(e, DecisionExplained) and e.character == "sinister"
    )
    assert first.reason == "coward rules[0]: self.dp <= 100% → flee"


# -- the skirmisher -----------------------------------------------------------------------------


def skirmish(equipment: list[str], **settings: Any) -> Any:
    """A grunt skirmisher at ``c``; Dexter at ``a``, 20 m off."""
    return opened(
        {
            "dexter": ("heroes", "a", "dexter", None, {}),
            "gunner": ("villains", "c", grunt(equipment=equipment), "skirmisher", {}),
        },
        **settings,
    )


def test_the_skirmisher_draws_its_ranged_weapon() -> None:
    encounter = skirmish(["knife", "pistol"])
    decision = skirmisher({}).choose(encounter, "gunner")
    assert isinstance(decision, Intent)
    assert (decision.action, decision.options["weapon"]) == ("draw-weapon", "pistol")


def test_the_skirmisher_shoots_from_afar_and_opens_distance_when_an_enemy_closes_in() -> None:
    """Dexter 20 m off: a shot (the pistol's Short Range 10 m, G-42). Dexter 3 m off (within
    ``keep`` 5 m): a run to ``out``, the place farthest from him that the skirmisher reaches
    first."""
    encounter = skirmish(["pistol"], defaults=READIED)
    mind = skirmisher({})
    shot = mind.choose(encounter, "gunner")
    assert isinstance(shot, Intent)
    assert (shot.action, shot.target) == ("weapon-attack", "dexter")
    put(encounter, "dexter", Position("b", "c", 7.0))
    run = mind.choose(encounter, "gunner")
    assert isinstance(run, Intent)
    assert (run.action, run.options["toward"]) == (MOVE.name, "out")
    assert run.reason == "skirmisher rules[1]: target.distance < 5 → open-distance → dexter"
    assert mind.passive_actions


def test_the_skirmisher_keeps_the_distance_it_is_told() -> None:
    encounter = skirmish(["pistol"], defaults=READIED)
    put(encounter, "dexter", Position("b", "c", 7.0))
    shot = skirmisher({"keep": 2}).choose(encounter, "gunner")
    assert isinstance(shot, Intent) and shot.action == "weapon-attack"


def test_a_skirmisher_under_way_shoots_while_it_runs() -> None:
    """Running already to a place farther from Dexter: no new run, the next rule shoots."""
    simulated = simulation(
        {
            "dexter": ("heroes", "a", "dexter", None, {}),
            "gunner": ("villains", "c", grunt(equipment=["pistol"]), "skirmisher", {}),
        },
        defaults=READIED,
    )
    encounter = simulated.start()
    encounter.emit(encounter.rules.opening(encounter))
    put(encounter, "dexter", Position("b", "c", 7.0))
    encounter.initiate("gunner", Intent(MOVE.name, options={"toward": "out"}))
    encounter.env.run(until=1)  # the clock on one segment, nobody else asked
    pace = current_pace(encounter, "gunner")
    assert pace is not None and pace.destination == "out"
    shot = skirmisher({}).choose(encounter, "gunner")
    assert isinstance(shot, Intent) and shot.action == "weapon-attack"


# -- the brute ----------------------------------------------------------------------------------


def test_the_brute_hits_the_strongest_all_out() -> None:
    """Sinister and a grunt both in reach; Sinister is hurt, so the grunt is the strongest; Q
    beyond its Defense 0 all goes on damage."""
    encounter = arena(
        {
            "dexter": ("heroes", "b", "dexter", "brute", {}),
            "sinister": ("villains", "b", "sinister", None, {}),
            "grunt": ("villains", "b", grunt(), None, {}),
        }
    )
    hurt(encounter, "sinister", vp=10, dp=5)
    mind = brute({})
    blow = mind.choose(encounter, "dexter")
    assert isinstance(blow, Intent)
    assert (blow.action, blow.target) == ("fist-attack", "grunt")
    assert mind.allocate(encounter, "dexter", blow, 8) == QualityAllocation(damage=8)


def test_the_brute_draws_while_nobody_is_in_reach_then_closes_in() -> None:
    encounter = arena(
        {
            "dexter": ("heroes", "a", "dexter_armed", "brute", {}),
            "sinister": ("villains", "c", "sinister", None, {}),
        }
    )
    mind = brute({})
    drawing = mind.choose(encounter, "dexter")
    assert isinstance(drawing, Intent) and drawing.options["weapon"] == "club"
    encounter.emit(encounter.rules.resolve(encounter, "dexter", _drawn(encounter, "dexter")))
    closing = mind.choose(encounter, "dexter")
    assert isinstance(closing, Intent) and closing.action == MOVE.name
    assert closing.reason == "brute rules[3]: close-in → sinister"


def _drawn(encounter: Any, actor: str) -> ActionInProgress:
    """A finished draw of the club (what ``draw-weapon`` resolves from)."""
    definition = encounter.rules.definition("draw-weapon")
    intent = Intent("draw-weapon", options={"weapon": "club"})
    return ActionInProgress(1, definition, intent, 0, 5, prepared=Prepared({"weapon": "club"}))


# -- options ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("factory", "options", "key"),
    [
        (coward, {"flee_at": "lots"}, "flee_at"),
        (coward, {"flee_at": True}, "flee_at"),
        (coward, {"flee_at": 3, "exit": "x"}, "exit"),
        (skirmisher, {"keep": -1}, "keep"),
        (skirmisher, {"keep": "far"}, "keep"),
        (brute, {"quality": "gentle"}, "quality"),
        (defender, {"ward": 3}, "ward"),
        (defender, {"guard": "x"}, "guard"),
        (priority, {"rules": [{"do": "flee", "when": "self.dp <"}]}, "rules[0].when"),
    ],
)
def test_bad_personality_options_name_their_key(
    factory: Any, options: dict[str, Any], key: str
) -> None:
    with pytest.raises(PolicyOptionsError) as caught:
        factory(options)
    assert caught.value.key == key


# -- senses and explanations ---------------------------------------------------------------------


def test_the_rulebook_senses_follow_a_runner_between_logs() -> None:
    """Dexter runs from ``a`` toward ``c``: the plain view still sees him at ``a`` (the last
    logged position), the rulebook view where he is now."""
    encounter = arena(
        {
            "dexter": ("heroes", "a", "dexter", None, {}),
            "sinister": ("villains", "c", "sinister", None, {}),
        },
    )
    encounter.initiate("dexter", Intent(MOVE.name, options={"toward": "c"}))
    encounter.env.run(until=4)
    plain = build_view(encounter, "sinister").character("dexter")
    followed = build_view(encounter, "sinister", RULEBOOK_SENSES).character("dexter")
    assert plain is not None and followed is not None
    assert plain.distance == 20.0
    assert followed.distance < 20.0 and followed.running
    actions = build_view(encounter, "sinister", RULEBOOK_SENSES).actions
    assert {a.intent.options["toward"] for a in actions if a.intent.action == MOVE.name} == {
        "b",
        "d",
    }


def test_initiate_logs_the_explanation_before_the_roll() -> None:
    """A priority list from the scenario file: each action it starts is preceded by a
    ``DecisionExplained`` naming the rule; the roll follows."""
    rules = [
        {"when": "self.dp <= 1", "do": "flee"},
        {"do": "fist-attack", "target": "weakest", "quality": "all-out"},
        {"do": "close-in", "target": "nearest"},
    ]
    events: list[Event] = []
    simulation(
        {
            "dexter": ("heroes", "a", "dexter", "priority", {"rules": rules}),
            "sinister": ("villains", "c", "sinister", None, {}),
        },
        seed=2,
        limit=200,
    ).run(observers=[events.append])
    started = [e for e in events if isinstance(e, ActionStarted) and e.character == "dexter"]
    explained = [e for e in events if isinstance(e, DecisionExplained) and e.character == "dexter"]
    assert len(explained) == len(started) > 1
    assert {e.reason.split(":")[0] for e in explained} <= {
        "priority rules[0]",
        "priority rules[1]",
        "priority rules[2]",
    }
    for why in explained:
        after = events[events.index(why) + 1 :]
        assert isinstance(after[0], RollMade)
        start = next(e for e in after if isinstance(e, ActionStarted))
        assert (start.character, start.action, start.target) == (
            why.character,
            why.action,
            why.target,
        )


class Unexplained:
    """``nearest-enemy``'s choices from a mind that cannot explain them (no ``explain``)."""

    def __init__(self) -> None:
        self.mind = NearestEnemy({})

    def choose(self, encounter: Encounter, actor: str) -> Any:
        return self.mind.choose(encounter, actor)

    def allocate(self, encounter: Encounter, actor: str, intent: Intent, quality: int) -> Any:
        return self.mind.allocate(encounter, actor, intent, quality)


def test_minds_without_explain_log_no_explanation() -> None:
    events: list[Event] = []
    simulation(
        {
            "dexter": ("heroes", "a", "dexter", None, {}),
            "sinister": ("villains", "c", "sinister", None, {}),
        },
        limit=100,
        minds={"dexter": Unexplained(), "sinister": Unexplained()},
    ).run(observers=[events.append])
    assert [e for e in events if isinstance(e, ActionStarted)]
    assert not [e for e in events if isinstance(e, DecisionExplained)]


def documented_villain() -> dict[str, Any]:
    """The priority list of ``docs/policies.md``: "blast the nearest flier, flee below 5 DP"."""
    text = (Path(__file__).parent.parent / "docs" / "policies.md").read_text(encoding="utf-8")
    block = re.findall(r"```toml\n(.*?)```", text, re.DOTALL)[0]
    options: dict[str, Any] = tomllib.loads(block)["sides"]["characters"][0]["policy_options"]
    return options


def test_the_documented_villain_shoots_and_flees_below_5_dp() -> None:
    """A grunt with a pistol in hand at ``d``, Dexter 30 m off at ``a`` (within the pistol's
    Maximum Range, G-42): he shoots the nearest (nobody flies); below 5 Body DP he runs."""
    encounter = opened(
        {
            "dexter": ("heroes", "a", "dexter", None, {}),
            "voltage": ("villains", "d", grunt(equipment=["pistol"]), "priority", {}),
        },
        defaults=READIED,
    )
    villain = priority(documented_villain())
    shot = villain.choose(encounter, "voltage")
    assert isinstance(shot, Intent) and shot.reason == "priority rules[3]: weapon-attack → dexter"
    assert villain.allocate(encounter, "voltage", shot, 5) == QualityAllocation(speed=5)
    hurt(encounter, "voltage", vp=0, dp=4)
    run = villain.choose(encounter, "voltage")
    assert isinstance(run, Intent) and run.options == {"toward": "out", "flee": True}


# -- the defender -------------------------------------------------------------------------------


def guarding(cast: dict[str, Any]) -> Any:
    """An encounter on the street with the defender ``guard`` of the heroes among ``cast``."""
    return arena(cast)


def test_the_defender_leaves_an_enemy_beside_it_to_stop_the_one_at_its_ward() -> None:
    """The defender at ``b`` with a grunt beside it; its ward at ``a`` with Sinister: it runs to
    Sinister (10 m back to ``a``), not at the grunt in reach."""
    encounter = guarding(
        {
            "guard": ("heroes", "b", "dexter", "defender", {"ward": "ward"}),
            "ward": ("heroes", "a", grunt(), None, {}),
            "sinister": ("villains", "a", "sinister", None, {}),
            "grunt": ("villains", "b", grunt(), None, {}),
        }
    )
    mind = defender({"ward": "ward"})
    decision = mind.choose(encounter, "guard")
    assert isinstance(decision, Intent)
    assert (decision.action, decision.options["toward"]) == (MOVE.name, "a")
    assert decision.reason == "defender rules[0]: defend"


def test_the_defender_strikes_whoever_attacks_its_ward() -> None:
    """All at ``a``: Sinister's punch at the ward is in progress; the defender hits Sinister,
    not the grunt that is nearer in id order, and spends spare Q on Defense."""
    encounter = guarding(
        {
            "guard": ("heroes", "a", "dexter", "defender", {}),
            "ward": ("heroes", "a", grunt(), None, {}),
            "grunt": ("villains", "b", grunt(), None, {}),
            "sinister": ("villains", "a", "sinister", None, {}),
        }
    )
    encounter.initiate("sinister", Intent("fist-attack", target="ward"))
    mind = defender({})
    blow = mind.choose(encounter, "guard")
    assert isinstance(blow, Intent)
    assert (blow.action, blow.target) == ("fist-attack", "sinister")
    assert (
        mind.allocate(encounter, "guard", blow, 6).defense
        == 6 - encounter.state["sinister"].defense
    )


def test_the_defender_stands_guard_instead_of_charging() -> None:
    """Beside its ward with Sinister 30 m off: it waits a Combat Turn by the ward."""
    encounter = guarding(
        {
            "guard": ("heroes", "a", "dexter", "defender", {}),
            "ward": ("heroes", "a", grunt(), None, {}),
            "sinister": ("villains", "d", "sinister", None, {}),
        }
    )
    decision = defender({}).choose(encounter, "guard")
    assert decision == Wait(10, "standing guard")


def test_the_defender_guards_the_most_fragile_ally_by_default() -> None:
    """Dexter (28 VP + 5 DP at full) and a grunt with Constitution 5: the grunt is the ward."""
    encounter = guarding(
        {
            "guard": ("heroes", "c", "sinister", "defender", {}),
            "tough": ("heroes", "b", "dexter", None, {}),
            "frail": ("heroes", "a", grunt(abilities={**FRAIL}), None, {}),
            "enemy": ("villains", "d", "sinister", None, {}),
        }
    )
    assert ward_of(encounter, "guard", {}) == "frail"
    run = defender({}).choose(encounter, "guard")
    assert isinstance(run, Intent) and run.options["toward"] == "a"


def test_a_defender_whose_ward_is_down_fights_as_nearest_enemy() -> None:
    encounter = guarding(
        {
            "guard": ("heroes", "a", "dexter", "defender", {}),
            "ward": ("heroes", "a", grunt(), None, {}),
            "sinister": ("villains", "c", "sinister", None, {}),
        }
    )
    encounter.emit([OutOfAction(0, "ward", "unconscious")])
    decision = defender({}).choose(encounter, "guard")
    assert isinstance(decision, Intent) and decision.reason.startswith(
        "defender fallback nearest-enemy: "
    )


def test_mands_register_policies_registers_the_defender() -> None:
    policies = collect_registries(make_plugin_manager()).policies
    assert policies["defender"].payload is defender


FRAIL = {
    "strength": 10,
    "agility": 10,
    "constitution": 5,
    "learning": 10,
    "newoen": 14,
    "active_charisma": 10,
    "normal_charisma": 10,
}


# -- fights that happen: every personality reaches, attacks or keeps its range ------------------


@pytest.mark.parametrize("personality", ["coward", "brute", "skirmisher", "defender", "priority"])
def test_armed_grunts_ten_meters_apart_fight_to_an_end(personality: str) -> None:
    """Dexter (club) and Sinister (knife), both of one personality, 10 m apart on a line with
    an exit at each end: they reach each other (or the coward the exit) and the fight ends
    before the time limit in nearly every run; somebody attacks in every run."""
    spec = duel((personality, "dexter_armed.toml"), (personality, "sinister_armed.toml"), 10)
    results = list(fights(spec, range(8)))
    assert timed_out(results) <= 1
    attacks = {"fist-attack", "weapon-attack"}
    assert all(attacks & {*started(e, "one"), *started(e, "two")} for _, e in results)


def test_the_skirmisher_keeps_its_range_from_a_brute() -> None:
    """A skirmishing officer (pistol) 20 m from a club-swinging brute: it shoots in every run,
    running off when the brute comes close, and shoots far more often than the brute strikes."""
    spec = duel(("skirmisher", "police_officer.toml"), ("brute", "dexter_armed.toml"), 20)
    results = list(fights(spec, range(6)))
    assert timed_out(results) <= 1
    assert all("weapon-attack" in started(events, "one") for _, events in results)
    shots = sum(started(e, "one").count("weapon-attack") for _, e in results)
    blows = sum(started(e, "two").count("weapon-attack") for _, e in results)
    assert shots > 2 * blows


def test_defenders_guarding_each_other_still_meet_their_enemies() -> None:
    """Two teams of two defenders, 20 m apart: with every enemy idle, nobody is coming, so
    standing guard would last forever; they close in and fight. A fight may outlast the short
    limit here (spent fighters with a friend standing rest a round, G-232), but every run has
    blows in its last round: nobody stands guard for ever."""
    ours = [("defender", "dexter_armed.toml"), ("defender", "dexter.toml")]
    theirs = [("defender", "sinister_armed.toml"), ("defender", "sinister.toml")]
    results = list(fights(teams(ours, theirs, 20), range(4)))
    assert timed_out(results) < len(results)
    for result, log in results:
        last_round = [
            e
            for e in log
            if isinstance(e, ActionStarted)
            and e.action in ("fist-attack", "weapon-attack")
            and e.segment > result.segments - 50
        ]
        assert result.reason != "time limit" or last_round, result.seed


def test_the_rulebook_senses_measure_a_flyer_from_where_its_flight_has_got() -> None:
    """Half-way along Seraph's 40 m flight the Sphinx, at the park, sees him 20 m off over the
    ground (G-67), not 40 m as from the street he took off from."""
    encounter = flight(20, sphinx_at="park")
    view = build_view(encounter, "sphinx", RULEBOOK_SENSES)
    (seraph,) = view.enemies
    assert seraph.distance == pytest.approx(20.0)
    assert seraph.flying and seraph.in_sight
