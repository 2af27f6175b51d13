"""One adventure day: the scenes in order, the party carrying what it lost from one to the next.

:func:`play_day` plays day ``index`` of a batch with master seed ``master``. The day's seed is
the batch's run seed (:func:`~mands_sim.batch.seeds.run_seed`), so the first scene is played on
exactly the seeds a plain batch of its scenario uses; each later scene has a seed of its own
(:func:`~mands_sim.batch.seeds.scene_seed`), and each rest its own dice. Between scenes the
plugins keep what they carry (``mands_carry_over``) and heal what a rest heals
(``mands_rest_between_scenes``). The day ends after the last scene, or at the first scene the
heroes do not win (the party fell there), or at a scene none of the party can play (all of
them dead, unconscious or gone).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Final

from mands_sim import interrupts
from mands_sim.adventure._file import Adventure, Scene
from mands_sim.batch import budget
from mands_sim.batch.failures import failure_of
from mands_sim.batch.seeds import run_seed, scene_seed
from mands_sim.carry import FRESH, IN_ACTION, Carried, RestBetweenScenes, carried_out
from mands_sim.dice import DiceSource, SeededDice
from mands_sim.errors import PluginError
from mands_sim.events import DamageTaken
from mands_sim.kernel.encounter import Encounter
from mands_sim.model.character import Character
from mands_sim.outcome import CharacterOutcome, summarise
from mands_sim.plugin_calls import results_by_plugin
from mands_sim.simulation import Simulation

DEAD: Final = "dead"

AWAY: Final = ("fled", "surrendered")
"""Conditions of a party member who left a scene alive and awake: with ``fled = "rejoin"``
(G-298) back in action for the next scene, with ``"gone"`` out for the rest of the day."""

Party = tuple[tuple[str, Carried], ...]
"""Party members by id, in the adventure's order, with what each carries."""


@dataclass(frozen=True, slots=True)
class SceneOutcome:
    """How one scene of a day went.

    ``entered`` and ``left`` are the party members in the scene as they came in and went out;
    ``played`` is ``False`` for a scene none of the party could play (then ``won`` is too).
    """

    scene: int
    seed: int
    played: bool
    won: bool
    winner: str | None
    reason: str
    segments: int
    entered: Party
    left: Party


@dataclass(frozen=True, slots=True)
class Day:
    """One adventure day: the scenes it reached, the party at its end, or the error that
    stopped it (``failed_scene``: the scene being played or rested for)."""

    index: int
    seed: int
    scenes: tuple[SceneOutcome, ...]
    party: Party
    error: str | None = None
    failed_scene: int | None = None

    @property
    def fell_at(self) -> int | None:
        """The scene the party fell at (the first the heroes did not win), or ``None``."""
        return next((s.scene for s in self.scenes if not s.won), None)


def play_day(
    adventure: Adventure,
    simulations: Sequence[Simulation],
    index: int,
    master: int,
    run_timeout: float | None = None,
) -> Day:
    """Day ``index`` of a batch with master seed ``master``; ``simulations`` are the scenes',
    in order. An error in a scene or a rest, or a scene over ``run_timeout`` seconds of wall
    clock (``mands_sim.batch.budget``), ends the day and is kept with it (the user's Ctrl-C is
    raised)."""
    seed = run_seed(master, index)
    day = _Day(adventure, seed)
    number = 0
    try:
        for number, (scene, simulation) in enumerate(
            zip(adventure.scenes, simulations, strict=True)
        ):
            with budget.budget(run_timeout):
                going_on = day.play(number, scene, simulation)
            if not going_on:
                break
    except KeyboardInterrupt as error:
        if not interrupts.raised_by_code(error):
            raise
        return day.failed(index, number, error)
    except (Exception, SystemExit, budget.RunOverTime) as error:  # the day's, not the batch's
        return day.failed(index, number, error)
    return Day(index, seed, tuple(day.outcomes), day.party_now())


class _Day:
    """The state of a day being played: what each party member carries, and its character."""

    def __init__(self, adventure: Adventure, seed: int) -> None:
        self.adventure = adventure
        self.seed = seed
        self.party: dict[str, Carried] = {}
        self.characters: dict[str, Character] = {}
        self.outcomes: list[SceneOutcome] = []

    def party_now(self) -> Party:
        return tuple((m, self.party[m]) for m in self.adventure.party if m in self.party)

    def failed(self, index: int, number: int, error: BaseException) -> Day:
        summary = failure_of(error).summary()
        return Day(index, self.seed, tuple(self.outcomes), self.party_now(), summary, number)

    def play(self, number: int, scene: Scene, simulation: Simulation) -> bool:
        """Rest, then play scene ``number``; whether the day goes on after it."""
        prepared = simulation.prepare()
        self.characters.update(
            (m, prepared.characters[m]) for m in self.adventure.party if m in prepared.characters
        )
        if number:
            self._rest(number, scene, simulation)
        present = [m for m in self.adventure.party if m in prepared.characters]
        entered = tuple((m, self.party.get(m, FRESH)) for m in present)
        if present and not any(carried.condition == IN_ACTION for _, carried in entered):
            self.outcomes.append(
                SceneOutcome(
                    number,
                    0,
                    False,
                    False,
                    None,
                    "no one of the party could play it",
                    0,
                    entered,
                    entered,
                )
            )
            return False
        seed = self.seed if number == 0 else scene_seed(self.seed, number)
        encounter = simulation.start(seed=seed, carried=dict(entered))
        ended = encounter.run()
        result = summarise(encounter, seed, ended, prepared.metrics)
        outcomes = {outcome.character_id: outcome for outcome in result.characters}
        left = tuple(
            (m, self._left(encounter, simulation, outcomes[m], before)) for m, before in entered
        )
        self.party.update(left)
        won = result.winner == scene.heroes
        self.outcomes.append(
            SceneOutcome(
                number,
                seed,
                True,
                won,
                result.winner,
                result.reason,
                result.segments,
                entered,
                left,
            )
        )
        return won

    def _left(
        self,
        encounter: Encounter,
        simulation: Simulation,
        outcome: CharacterOutcome,
        before: Carried,
    ) -> Carried:
        """What ``outcome``'s character carries out of the ended ``encounter``."""
        member = outcome.character_id
        state = encounter.state[member]
        kept = {} if state.condition == DEAD else carried_values(simulation, encounter, member)
        carried = carried_out(
            state,
            before,
            penetrating_taken=penetrating_taken(encounter.log, member),
            injury_points=outcome.injury_points,
            permanent_damage_points=outcome.permanent_damage_points,
            kept=kept,
        )
        if carried.condition in AWAY and self.adventure.fled == "rejoin":
            return replace(carried, condition=IN_ACTION)  # G-298
        return carried

    def _rest(self, number: int, scene: Scene, simulation: Simulation) -> None:
        """The rest before scene ``number``: every party member met so far who is not dead."""
        prepared = simulation.prepare()
        for member, carried in list(self.party.items()):
            if carried.condition == DEAD:
                continue
            rest = RestBetweenScenes(
                character=self.characters[member],
                carried=carried,
                minutes=scene.rest_minutes,
                dice=_rest_dice(simulation, self.seed, number, member),
                charts=prepared.charts,
                defaults=scene.scenario.rule_defaults,
            )
            after = prepared.pm.hook.mands_rest_between_scenes(rest=rest)
            self.party[member] = carried if after is None else after


def _rest_dice(simulation: Simulation, seed: int, number: int, member: str) -> DiceSource:
    """The dice of ``member``'s rest before scene ``number``: a stream of the day's seed, or,
    when the scene's simulation was given dice (scripted ones in tests), its ``rest`` stream."""
    if simulation.dice is not None:
        return simulation.dice.substream("rest", number, member)
    return SeededDice(seed, "rest", number, member)


def carried_values(simulation: Simulation, encounter: Encounter, member: str) -> dict[str, object]:
    """The values every plugin keeps for ``member`` (``mands_carry_over``), merged in
    plugin-name order; a key two plugins give is a :class:`PluginError` naming both."""
    merged: dict[str, object] = {}
    owner: dict[str, str] = {}
    pm = simulation.prepare().pm
    for plugin, values in results_by_plugin(
        pm, "mands_carry_over", encounter=encounter, actor=member
    ):
        for key, value in dict(values).items():  # type: ignore[call-overload]
            if key in owner:
                raise PluginError(
                    plugin,
                    f"carries {key!r} for {member!r}, which plugin {owner[key]!r} carries too",
                    "mands_carry_over",
                )
            owner[key], merged[key] = plugin, value
    return merged


def penetrating_taken(log: Iterable[object], member: str) -> int:
    """The penetrating DP ``member`` took in a scene's log (``DamageTaken.penetrating``)."""
    taken: Counter[str] = Counter()
    for event in log:
        if isinstance(event, DamageTaken):
            taken[event.character] += event.penetrating
    return taken[member]


__all__ = ["Day", "Party", "SceneOutcome", "carried_values", "penetrating_taken", "play_day"]
