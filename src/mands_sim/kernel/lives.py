"""One SimPy process per character: it sleeps until the character may act, asks its mind and
starts what the mind chose (DESIGN.md "Time and actions").

Characters choose when they may act, all those of one segment before any of them starts what
it chose (G-228, :attr:`~mands_sim.kernel.agenda.Phase.DECIDE`): nobody's choice sees another's
of the same segment. A character with an active action sleeps until it ends; one whose mind
plays passive actions is woken when one may start (⌈PT/10⌉ into what runs, ``docs/rules/combat.md``
§3); a character asked again in the segment it initiated is asked only while a rule allows it
(:func:`~mands_sim.kernel.initiation.may_initiate_again`). The
:class:`~mands_sim.kernel.encounter.Encounter` keeps its :class:`Lives` and tells it who may
have become free.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

import simpy

from mands_sim.actions import Intent, Wait
from mands_sim.kernel.agenda import Phase
from mands_sim.kernel.held import FOREVER, held_until, stopping
from mands_sim.kernel.initiation import earliest_initiation, earliest_passive, may_initiate_again

if TYPE_CHECKING:
    from mands_sim.kernel.encounter import Encounter


def _trigger(event: simpy.Event) -> None:
    if not event.triggered:
        event.succeed()


class Lives:
    """The characters' processes and who of them sleeps."""

    __slots__ = ("_lives", "_wakes", "encounter", "restless")

    def __init__(self, encounter: Encounter) -> None:
        self.encounter = encounter
        self._wakes: dict[str, simpy.Event] = {}
        self.restless: set[str] = set()
        """Sleepers that may have no active action: every sleeper, less those found busy by
        :meth:`wake_everyone` and not since freed by an event of theirs (``Encounter.emit``)."""
        self._lives: dict[str, simpy.Process] = {}

    def begin(self, actor: str) -> None:
        """Start ``actor``'s process."""
        self._lives[actor] = self.encounter.env.process(self._life(actor))

    def come_back(self, actor: str) -> None:
        """A character back in action (§9) chooses again: its process, ended when it fell out
        of action, starts anew; one still waiting is woken."""
        if not self.encounter.state[actor].in_action:
            return
        life = self._lives.get(actor)
        if life is not None and life.is_alive:
            self.wake(actor)
        else:
            self.begin(actor)

    def _life(self, actor: str) -> Generator[simpy.Event, Any, None]:
        """One character's process: wait until it may act, ask its mind, start the action."""
        encounter = self.encounter
        state = encounter.state[actor]
        while state.in_action and encounter.ended is None:
            if state.active_action is None:
                wake = self._sleep(actor)
                self.wake(actor)
                yield wake
            elif getattr(encounter.minds[actor], "passive_actions", False):
                yield self._alarm(earliest_passive(encounter, state), actor)
            else:
                yield self._sleep(actor)  # until the active action completes
            if not state.in_action or encounter.ended is not None:
                return
            if state.conditions and stopping(encounter, state) is not None:
                continue  # put under a condition since it was woken: asleep until it ends
            decision = encounter.minds[actor].choose(encounter, actor)
            if isinstance(decision, Intent) and self._deciding(actor, decision):
                yield self._alarm(encounter.now, actor, Phase.INITIATE)  # G-228
                if not state.in_action or encounter.ended is not None:
                    return
                decision = self._still_possible(actor, decision)
            if decision is None:
                yield self._sleep(actor)  # nothing to do until something changes
            elif isinstance(decision, Wait):
                yield self._alarm(decision.until, actor)
            else:
                encounter.initiate(actor, decision)
                self._initiate_again(actor)

    def _deciding(self, actor: str, decision: Intent) -> bool:
        """Whether ``decision`` waits for the segment's initiations (G-228): an intent the
        rules allow now, chosen in :attr:`Phase.DECIDE`. One they refuse already is started at
        once, so that the refusal names the mind that asked for it."""
        encounter = self.encounter
        if encounter.choosing != Phase.DECIDE:
            return False
        return not encounter.refused(actor, decision)

    def _still_possible(self, actor: str, intent: Intent) -> Intent | Wait | None:
        """``intent`` if it may still start now that the segment's choices before it have
        started; else the mind chooses again, on what it sees now."""
        encounter = self.encounter
        if not encounter.refused(actor, intent):
            return intent
        return encounter.minds[actor].choose(encounter, actor)

    def _initiate_again(self, actor: str) -> None:
        """While a rule allows another initiation in this segment, ask the mind again (§3).

        An answer the clock or the rules refuse, ``None`` or a :class:`Wait` ends the segment's
        initiations: the character is then asked as it would have been without the question."""
        encounter = self.encounter
        while may_initiate_again(encounter, actor):
            decision = encounter.minds[actor].choose(encounter, actor)
            if not isinstance(decision, Intent) or encounter.refused(actor, decision):
                return
            definition = encounter.rules.definition(decision.action)
            encounter.initiate_checked(actor, decision, definition)

    def _alarm(self, segment: int, actor: str, phase: Phase | None = None) -> simpy.Event:
        """An event that fires at ``segment`` in ``phase`` (by default, when ``actor`` may
        choose: :attr:`Encounter.choosing`)."""
        encounter = self.encounter
        alarm = encounter.env.event()
        when = encounter.choosing if phase is None else phase
        encounter.at(segment, when, actor, lambda: _trigger(alarm))
        return alarm

    def _sleep(self, actor: str) -> simpy.Event:
        wake = self.encounter.env.event()
        self._wakes[actor] = wake
        self.restless.add(actor)
        return wake

    def wake(self, actor: str) -> None:
        """Let a sleeping ``actor`` with no active action choose at its next chance to initiate."""
        encounter = self.encounter
        state = encounter.state[actor]
        wake = self._wakes.get(actor)
        if wake is None or state.active_action is not None:
            return
        if state.conditions and held_until(encounter, state) == FOREVER:
            return  # asleep until the condition ends (mands_sim.kernel.held.freed)
        del self._wakes[actor]
        segment = earliest_initiation(encounter, state)
        encounter.at(segment, encounter.choosing, actor, lambda: _trigger(wake))

    def wake_everyone(self) -> None:
        """Every sleeping character with no active action, in id order, gets its chance to
        choose again (:meth:`wake`).

        Only sleepers can be woken, and a sleeper found busy here stays busy until an event of
        its own ends its active action (``ActionResolved``, ``ActionDropped``, ``OutOfAction``:
        the only ways ``CharacterState.actions`` loses one), which puts it back among the
        restless; so the busy are not looked at again on every completion."""
        restless = self.restless
        for actor in sorted(restless.intersection(self._wakes)):
            self.wake(actor)
            if actor in self._wakes:
                restless.discard(actor)  # asleep until its active action ends


__all__ = ["Lives"]
