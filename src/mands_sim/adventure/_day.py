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
from typing import Final, cast

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
from mands_sim.model.character import Character, Figured, Sheet
from mands_sim.outcome import CharacterOutcome, summarise
from mands_sim.plugin_calls import results_by_plugin
from mands_sim.simulation import Simulation
from mands_sim.units import SEGMENTS_PER_MINUTE

DEAD: Final = "dead"

UNCONSCIOUS: Final = "unconscious"

AWAY: Final = ("fled", "surrendered")
"""Conditions of a party member who left a scene alive and awake: with ``fled = "rejoin"``
(G-298) back in action for the next scene, with ``"gone"`` out for the rest of the day."""

OUT_FOR_THE_DAY: Final = (DEAD, *AWAY)
"""A scene whose party members present are all in one of these is not played: no one of the
party can play it (those away are still so only with ``fled = "gone"``)."""

NO_ONE_TO_PLAY: Final = "no one of the party could play it"

Party = tuple[tuple[str, Carried], ...]
"""Party members by id, in the adventure's order, with what each carries."""


@dataclass(frozen=True, slots=True)
class SceneOutcome:
    """How one scene of a day went.

    ``entered`` and ``left`` are the party members in the scene as they came in and went out;
    ``played`` is ``False`` for a scene none of the party could play, all of them dead or gone
    (then ``won`` is too).
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
    heroes_died: tuple[str, ...] = ()
    """The ids of the scene's heroes (its first side's combatants, party or not) who died in
    it: the scene's toughness counts them (G-71)."""


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
    """The state of a day being played: what each party member carries, its character, and
    the minutes of a scene it sat out (it rested through them)."""

    def __init__(self, adventure: Adventure, seed: int) -> None:
        self.adventure = adventure
        self.seed = seed
        self.party: dict[str, Carried] = {}
        self.characters: dict[str, Character[Sheet, Figured]] = {}
        self.sat_out: dict[str, int] = {}
        self.outcomes: list[SceneOutcome] = []

    def party_now(self) -> Party:
        return tuple((m, self.party[m]) for m in self.adventure.party if m in self.party)

    def failed(self, index: int, number: int, error: BaseException) -> Day:
        summary = failure_of(error).summary()
        return Day(index, self.seed, tuple(self.outcomes), self.party_now(), summary, number)

    def play(self, number: int, scene: Scene, simulation: Simulation) -> bool:
        """Rest, then play scene ``number``; whether the day goes on after it."""
        prepared = simulation.prepare()
        present = [m for m in self.adventure.party if m in prepared.characters]
        self.characters.update((m, prepared.characters[m]) for m in present)
        if number:
            self._rest(number, scene, simulation)
        entered = tuple((m, self.party.get(m, FRESH)) for m in present)
        if present and all(carried.condition in OUT_FOR_THE_DAY for _, carried in entered):
            unplayed = SceneOutcome(
                number, 0, False, False, None, NO_ONE_TO_PLAY, 0, entered, entered
            )
            self.outcomes.append(unplayed)
            return False
        seed = self.seed if number == 0 else scene_seed(self.seed, number)
        encounter = simulation.start(seed=seed, carried=dict(entered))
        ended = encounter.run()
        result = summarise(encounter, seed, ended, prepared.metrics)
        outcomes = {outcome.character_id: outcome for outcome in result.characters}
        penetrating = penetrating_taken(encounter.log)
        left = tuple(
            (m, self._left(encounter, simulation, outcomes[m], before, penetrating[m]))
            for m, before in entered
        )
        self.party.update(left)
        for member in self.party.keys() - set(present):  # resting while the others fight
            minutes = result.segments // SEGMENTS_PER_MINUTE
            self.sat_out[member] = self.sat_out.get(member, 0) + minutes
        won = result.winner == scene.heroes
        outcome = SceneOutcome(
            number,
            seed,
            True,
            won,
            result.winner,
            result.reason,
            result.segments,
            entered,
            left,
            heroes_died=_heroes_died(encounter, scene.heroes),
        )
        self.outcomes.append(outcome)
        return won

    def _left(
        self,
        encounter: Encounter,
        simulation: Simulation,
        outcome: CharacterOutcome,
        before: Carried,
        penetrating: int,
    ) -> Carried:
        """What ``outcome``'s character carries out of the ended ``encounter``, in which it
        took ``penetrating`` penetrating DP."""
        member = outcome.character_id
        state = encounter.state[member]
        kept = {} if state.condition == DEAD else carried_values(simulation, encounter, member)
        return carried_out(
            state,
            before,
            penetrating_taken=penetrating,
            injury_points=outcome.injury_points,
            permanent_damage_points=outcome.permanent_damage_points,
            kept=kept,
        )

    def _back(self, carried: Carried) -> Carried:
        """G-298: before the next scene, a member who fled or surrendered rejoins (with
        ``fled = "rejoin"``), and one a rule put out of action for the scene (charmed,
        frightened, shut down …) is in action again; the dead and the unconscious stay so (the
        rest may bring the unconscious to, G-296)."""
        if carried.condition in (IN_ACTION, DEAD, UNCONSCIOUS):
            return carried
        if carried.condition in AWAY and self.adventure.fled == "gone":
            return carried
        return replace(carried, condition=IN_ACTION)

    def _rest(self, number: int, scene: Scene, simulation: Simulation) -> None:
        """The rest before scene ``number``: every party member met so far who is not dead,
        for the rest's minutes and those of the scenes it sat out since it last fought."""
        prepared = simulation.prepare()
        for member, carried in list(self.party.items()):
            if carried.condition == DEAD:
                continue
            rest = RestBetweenScenes(
                character=cast(Character, self.characters[member]),  # resting is M&S's
                carried=self._back(carried),
                minutes=scene.rest_minutes + self.sat_out.pop(member, 0),
                dice=_rest_dice(simulation, self.seed, number, member),
                charts=prepared.standard_charts(),
                defaults=scene.scenario.rule_defaults,
            )
            after = prepared.pm.hook.mands_rest_between_scenes(rest=rest)
            self.party[member] = rest.carried if after is None else after


def _heroes_died(encounter: Encounter, heroes: str) -> tuple[str, ...]:
    """The heroes' combatants who died in ``encounter`` (not those who entered it dead)."""
    return tuple(
        state.character_id
        for state in encounter.state
        if state.side == heroes
        and state.combatant
        and state.condition == DEAD
        and state.carried.condition != DEAD
    )


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


def penetrating_taken(log: Iterable[object]) -> Counter[str]:
    """The penetrating DP each character took in a scene's log (``DamageTaken.penetrating``),
    in one pass for the whole party."""
    taken: Counter[str] = Counter()
    for event in log:
        if isinstance(event, DamageTaken):
            taken[event.character] += event.penetrating
    return taken


__all__ = ["Day", "Party", "SceneOutcome", "carried_values", "penetrating_taken", "play_day"]
