"""Snapshots and re-creation: look ahead from a running encounter (DESIGN.md "Seams").

SimPy processes are generators and cannot be copied, so an encounter is re-created by replay:
a run is deterministic given its seed, its rules and what its minds decided. While it runs,
every answer a mind gives (``choose``, ``allocate`` and any optional question a plugin asks,
per character in call order) goes into a journal, and the number of faces drawn from every dice
stream is counted. :func:`take_snapshot` copies the journal and the counts — cheap.
:func:`recreate` builds a fresh encounter from the same simulation, whose minds answer from the
journal until each character's journal is used up and then hand over to the minds given (or
the rebuilt originals), and runs it to the snapshot's segment: it is then ready to continue
with ``encounter.run(until=...)``.

A rollout with its own future passes a ``branch`` key: every dice stream gives the faces it
gave before the snapshot, then switches to an independent stream keyed by the branch (same
branch key, same faces: common random numbers across candidates). Without a branch, a
re-created encounter left to the original minds continues exactly as the original does.

Minds handed over are asked only about what happens after the snapshot; one that keeps state
of its own between calls must derive it from the encounter (policies see the encounter as their
view). A snapshot taken inside a mind's call (a lookahead policy deciding) holds everything
decided before that call, so in the re-created encounter that very call goes to the new mind.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, cast

from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.carry import Carried
from mands_sim.dice import DiceSource, SeededDice, StreamKey, shuffled
from mands_sim.errors import MandsSimError
from mands_sim.events import EncounterStarted
from mands_sim.kernel.contracts import Mind, Observer
from mands_sim.kernel.encounter import Encounter

__all__ = [
    "BRANCH_KEY",
    "Decision",
    "DiceFork",
    "JournaledMind",
    "MindTraits",
    "Recreatable",
    "ReplayDivergence",
    "Snapshot",
    "SnapshotError",
    "StreamPath",
    "branch_dice",
    "check_replayed",
    "record",
    "recreate",
    "replay",
    "start",
    "take_snapshot",
]

BRANCH_KEY = "~branch"
"""First key part of branch streams; no character id can start with ``~`` (scenario ids)."""

StreamPath = tuple[StreamKey, ...]
T = TypeVar("T")


class SnapshotError(MandsSimError):
    """An encounter cannot be snapshotted or re-created as asked."""


class ReplayDivergence(SnapshotError):
    """A re-created encounter did not retrace the original: the run is not deterministic, or
    the snapshot belongs to another simulation."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One answer a mind gave: the method asked, the question (its arguments but the
    encounter) and what it returned."""

    method: str
    question: tuple[Any, ...]
    answer: Any


@dataclass(frozen=True, slots=True)
class MindTraits:
    """What the kernel and plugins see of a mind besides its answers: whether it is asked
    during its own actions (``passive_actions``) and which questions it can answer."""

    passive_actions: bool
    methods: frozenset[str]

    @classmethod
    def of(cls, mind: object) -> MindTraits:
        names = (n for n in dir(mind) if not n.startswith("_"))
        methods = frozenset(n for n in names if callable(getattr(mind, n, None)))
        return cls(bool(getattr(mind, "passive_actions", False)), methods)


@dataclass(frozen=True, slots=True)
class DiceFork:
    """From draw ``drawn[stream]`` on, each stream draws from the branch keyed ``branch``."""

    drawn: Mapping[StreamPath, int]
    branch: StreamPath


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A running encounter at a point: what was decided and drawn before it.

    ``segment`` is the clock when it was taken and ``log_length`` the events logged by then;
    the re-created encounter's log starts with the same ``log_length`` events.
    """

    seed: int
    segment: int
    log_length: int
    journals: Mapping[str, tuple[Decision, ...]]
    traits: Mapping[str, MindTraits]
    drawn: Mapping[StreamPath, int]
    forks: tuple[DiceFork, ...] = ()
    carried: Mapping[str, Carried] = field(default_factory=dict)
    """What characters brought from earlier scenes (:mod:`mands_sim.carry`), by id."""

    @property
    def decisions(self) -> int:
        """How many answers the re-creation replays (its cost grows with this)."""
        return sum(len(journal) for journal in self.journals.values())


# -- minds ------------------------------------------------------------------------------------


class JournaledMind:
    """A mind that writes every answer to its journal, first answering from a replay journal.

    While ``replaying`` holds answers, calls are answered from it in order (the method asked must
    be the one recorded) and the mind reports the recorded :class:`MindTraits`; after that every
    call and attribute goes to ``mind``.
    """

    def __init__(
        self,
        mind: Mind,
        replaying: tuple[Decision, ...] = (),
        traits: MindTraits | None = None,
    ) -> None:
        self.mind = mind
        self.replaying = replaying
        self.traits = traits or MindTraits.of(mind)
        self.journal: list[Decision] = []

    @property
    def is_replaying(self) -> bool:
        return len(self.journal) < len(self.replaying)

    @property
    def passive_actions(self) -> bool:
        if self.is_replaying:
            return self.traits.passive_actions
        return bool(getattr(self.mind, "passive_actions", False))

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return cast("Intent | Wait | None", self._ask("choose", encounter, actor))

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return cast(QualityAllocation, self._ask("allocate", encounter, actor, intent, quality))

    def __getattr__(self, name: str) -> Any:
        """Optional questions (``buy_down_surprise`` …) are journaled like ``choose``."""
        if name.startswith("_") or name in _OWN:
            raise AttributeError(name)  # not set yet (copying, unpickling): never recurse
        known = name in self.traits.methods if self.is_replaying else hasattr(self.mind, name)
        if not known:
            raise AttributeError(f"{type(self.mind).__name__} has no {name!r}")
        if not self.is_replaying and not callable(getattr(self.mind, name)):
            return getattr(self.mind, name)
        return lambda *args, **kwargs: self._ask(name, *args, **kwargs)

    def _ask(self, method: str, *args: Any, **kwargs: Any) -> Any:
        question = _question(args, kwargs)
        if self.is_replaying:
            decision = self.replaying[len(self.journal)]
            if (decision.method, decision.question) != (method, question):
                raise ReplayDivergence(
                    f"decision {len(self.journal) + 1} asked {decision.method}{decision.question}"
                    f" in the original run but {method}{question} in the re-created one"
                )
        else:
            answer = getattr(self.mind, method)(*args, **kwargs)
            decision = Decision(method, question, answer)
        self.journal.append(decision)
        return decision.answer


def _question(args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> tuple[Any, ...]:
    """The arguments of a question to a mind, leaving out the encounter it is asked in."""
    asked = [a for a in args if not isinstance(a, Encounter)]
    asked += [(k, v) for k, v in sorted(kwargs.items()) if not isinstance(v, Encounter)]
    return tuple(asked)


_OWN = frozenset({"mind", "replaying", "traits", "journal"})


# -- dice -------------------------------------------------------------------------------------


class _DiceFamily:
    """Draw counts, forks and streams shared by one encounter's :class:`_ForkingDice`."""

    def __init__(self, seed: int, forks: tuple[DiceFork, ...]) -> None:
        self.seed = seed
        self.forks = forks
        self.drawn: dict[StreamPath, int] = {}
        self.members: dict[StreamPath, _ForkingDice] = {}
        self.branches: dict[StreamPath, SeededDice] = {}

    def branch_stream(self, fork: DiceFork, key: StreamPath) -> SeededDice:
        full = (BRANCH_KEY, *fork.branch, *key)
        stream = self.branches.get(full)
        if stream is None:
            stream = self.branches[full] = SeededDice(self.seed, *full)
        return stream


class _ForkingDice:
    """A dice stream that counts its draws and, past a fork, draws from the fork's branch."""

    def __init__(self, base: Any, key: StreamPath, family: _DiceFamily) -> None:
        self.base = base
        self.key = key
        self.family = family

    def face(self, sides: int) -> int:
        drawn = self.family.drawn.get(self.key, 0)
        source = self._source(drawn)
        face = source.face(sides)
        self.family.drawn[self.key] = drawn + 1
        return int(face)

    def _source(self, drawn: int) -> DiceSource:
        for fork in reversed(self.family.forks):
            if drawn >= fork.drawn.get(self.key, 0):
                return self.family.branch_stream(fork, self.key)
        if self.base is None:
            raise SnapshotError("this encounter has no dice")
        return cast(DiceSource, self.base)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        return shuffled(self, items)

    def substream(self, *key: StreamKey) -> _ForkingDice:
        full = (*self.key, *key)
        member = self.family.members.get(full)
        if member is None:
            base = self.base.substream(*key) if self.base is not None else None
            member = self.family.members[full] = _ForkingDice(base, full, self.family)
        return member


# -- recording and replay ---------------------------------------------------------------------


def record(encounter: Encounter, *, seed: int = 0) -> Encounter:
    """Journal ``encounter``'s minds and count its dice so it can be snapshotted.

    Call it before the encounter runs. ``seed`` keys the branch streams of later rollouts.
    """
    _install(encounter, seed=seed, journals={}, traits={}, forks=())
    return encounter


def replay(
    encounter: Encounter,
    snapshot: Snapshot,
    *,
    minds: Mapping[str, Mind] | None = None,
    branch: StreamKey | tuple[StreamKey, ...] | None = None,
) -> Encounter:
    """Make a fresh, unrun ``encounter`` retrace ``snapshot``, then go on with ``minds``.

    The kernel-level half of :func:`recreate`: the caller builds the encounter exactly as the
    original was built and runs it to ``snapshot.segment`` (then :func:`check_replayed`).
    """
    handed_over = {**encounter.minds, **(minds or {})}
    encounter.minds = handed_over
    forks = snapshot.forks
    if branch is not None:
        path = branch if isinstance(branch, tuple) else (branch,)
        forks = (*forks, DiceFork(dict(snapshot.drawn), path))
    _install(
        encounter,
        seed=snapshot.seed,
        journals=snapshot.journals,
        traits=snapshot.traits,
        forks=forks,
    )
    return encounter


def _install(
    encounter: Encounter,
    *,
    seed: int,
    journals: Mapping[str, tuple[Decision, ...]],
    traits: Mapping[str, MindTraits],
    forks: tuple[DiceFork, ...],
) -> None:
    if any(not isinstance(event, EncounterStarted) for event in encounter.log):
        raise SnapshotError("record or replay an encounter before it runs")
    encounter.minds = {
        actor: JournaledMind(mind, journals.get(actor, ()), traits.get(actor))
        for actor, mind in encounter.minds.items()
    }
    encounter.dice = _ForkingDice(encounter.dice, (), _DiceFamily(seed, forks))


def branch_dice(encounter: Encounter, branch: StreamPath) -> None:
    """From now on, every dice stream of the recorded ``encounter`` draws from its stream in
    ``branch`` (a future's own dice, as :func:`replay` with ``branch`` gives them)."""
    dice = encounter.dice
    if not isinstance(dice, _ForkingDice):
        raise SnapshotError("only a recorded encounter's dice can branch: start() or record() it")
    family = dice.family
    family.forks = (*family.forks, DiceFork(dict(family.drawn), branch))


def take_snapshot(encounter: Encounter) -> Snapshot:
    """The encounter as it stands: its journals, draw counts and clock (a recorded encounter)."""
    dice = encounter.dice
    minds = encounter.minds.values()
    if not isinstance(dice, _ForkingDice) or not all(isinstance(m, JournaledMind) for m in minds):
        raise SnapshotError("only a recorded encounter can be snapshotted: start() or record() it")
    journaled = cast("dict[str, JournaledMind]", encounter.minds)
    return Snapshot(
        seed=dice.family.seed,
        segment=encounter.now,
        log_length=len(encounter.log),
        journals={actor: tuple(mind.journal) for actor, mind in journaled.items()},
        traits={actor: mind.traits for actor, mind in journaled.items()},
        drawn=dict(dice.family.drawn),
        forks=dice.family.forks,
        carried={
            state.character_id: state.carried
            for state in encounter.state
            if not state.carried.fresh
        },
    )


def check_replayed(encounter: Encounter, snapshot: Snapshot) -> None:
    """Raise :class:`ReplayDivergence` unless every journal and draw was retraced."""
    journaled = cast("dict[str, JournaledMind]", encounter.minds)
    for actor, mind in sorted(journaled.items()):
        if mind.is_replaying:
            left = len(mind.replaying) - len(mind.journal)
            raise ReplayDivergence(f"{actor}: {left} recorded decision(s) never asked again")
    drawn = cast(_ForkingDice, encounter.dice).family.drawn
    short = sorted(str(k) for k, n in snapshot.drawn.items() if drawn.get(k, 0) < n)
    if short or len(encounter.log) < snapshot.log_length:
        raise ReplayDivergence(f"the re-created run stopped short (dice streams {short})")


# -- with a simulation ------------------------------------------------------------------------


class _Named(Protocol):
    @property
    def name(self) -> str: ...


class Recreatable(Protocol):
    """What :func:`start` and :func:`recreate` need: :class:`mands_sim.simulation.Simulation`."""

    @property
    def seed(self) -> int: ...

    @property
    def scenario(self) -> _Named: ...

    def build(
        self,
        observers: Iterable[Observer] = (),
        *,
        seed: int | None = None,
        carried: Mapping[str, Carried] | None = None,
    ) -> Encounter: ...


def start(
    simulation: Recreatable, observers: Iterable[Observer] = (), *, seed: int | None = None
) -> Encounter:
    """A recorded encounter of ``simulation`` for ``seed`` (default: the simulation's), started
    as ``Simulation.run`` starts one; ``encounter.run(until=...)`` runs it."""
    seed = simulation.seed if seed is None else seed
    encounter = record(simulation.build(observers, seed=seed), seed=seed)
    _begin(simulation, encounter, seed)
    return encounter


def _begin(simulation: Recreatable, encounter: Encounter, seed: int) -> None:
    ids = tuple(encounter.state.ids())
    encounter.emit([EncounterStarted(0, simulation.scenario.name, seed, ids)])


def recreate(
    simulation: Recreatable,
    snapshot: Snapshot,
    *,
    minds: Mapping[str, Mind] | None = None,
    branch: StreamKey | tuple[StreamKey, ...] | None = None,
    dice: DiceSource | None = None,
    observers: Iterable[Observer] = (),
) -> Encounter:
    """A fresh encounter of ``simulation`` (for the snapshot's seed) replayed to ``snapshot``,
    ready to ``run`` on.

    ``minds`` replace the rebuilt ones once their journals are used up; ``branch`` gives the
    rollout dice of its own after the snapshot; ``dice`` replaces a consumed dice source the
    simulation was given (scripted dice), which must deal the same faces from the start.
    """
    encounter = simulation.build(observers, seed=snapshot.seed, carried=snapshot.carried)
    if dice is not None:
        encounter.dice = dice
    replay(encounter, snapshot, minds=minds, branch=branch)
    _begin(simulation, encounter, snapshot.seed)
    try:
        encounter.run(until=snapshot.segment)
    except Exception as error:
        divergence = _divergence_behind(error)
        if divergence is None:
            raise
        raise divergence from error
    check_replayed(encounter, snapshot)
    return encounter


def _divergence_behind(error: BaseException | None) -> ReplayDivergence | None:
    """The :class:`ReplayDivergence` a plugin error (or SimPy's copy of one) wraps, if any."""
    for _ in range(10):  # a short chain: SimPy's copy, the plugin error, the divergence
        if error is None or isinstance(error, ReplayDivergence):
            return error
        error = error.__cause__
    return None
