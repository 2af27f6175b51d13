"""Maintained attacks: keeping a blast firing (``docs/rules/combat.md`` §17a; seed "Power Rolls").

These are the rules :mod:`mands_rulebook.combat.maintained` registers: the hooks named below are
that plugin's; nothing here is a hook.

Seed "Maintaining an Attack": "Most blast/ray attack powers can be maintained. The Performance
Time is divided by 4 (usually meaning 5 segments), and the same Attack is used. There is a
penalty of 2 to the Attack for each successive action (that is, -2, -4, -6, etc.), and a penalty
of 1 to the EP use row for the blast."

An action declares it can be maintained (``ActionDefinition.can_maintain``) and keeps its Attack
in ``prepared["attack"]`` (and, if it is not the definition's, its EP row in
``prepared["ep_row"]``). A policy asks for a follow-up with ``Intent(..., options={"maintain":
True})``. This plugin

* records every resolved shot of such an action as a :class:`MaintainableShot` event
  (``mands_action_after``), so the chain lives in the event log, never in this module;
* refuses a maintain intent with no shot to continue (``mands_action_refusals``);
* gives the action's own plugin the follow-up's numbers: :func:`maintained_shot`.

G-54: a follow-up continues the chain only if it starts in the segment the previous shot
resolved, by the same character, with the same action at the same target. G-55: ¼ of the
Performance Time is rounded up, never below 1 segment.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Final

from mands_sim.actions import ActionDefinition, ActionOption, Intent
from mands_sim.events import Event
from mands_sim.kernel.contracts import Charge, Initiation
from mands_sim.kernel.encounter import Encounter

MAINTAIN_OPTION: Final = "maintain"
"""``Intent.options`` key: true asks for a follow-up of the previous shot."""


MAINTAINED_SHOT: Final = "maintained_shot"
"""``prepared`` key: n for the n-th follow-up (absent, or 0, for a first shot)."""


CHAIN_ATTACK: Final = "chain_attack"
"""``prepared`` key: the first shot's Attack, which every follow-up re-uses."""


CHAIN_EP_ROW: Final = "chain_ep_row"
"""``prepared`` key: the EP row the first shot paid for the blast."""


PERFORMANCE_TIME_DIVISOR: Final = 4
"""Seed "Maintaining an Attack": "The Performance Time is divided by 4"."""


ATTACK_PENALTY_PER_SHOT: Final = 2
"""Seed "Maintaining an Attack": "a penalty of 2 to the Attack for each successive action"."""


EP_ROW_PENALTY: Final = 1
"""Seed "Maintaining an Attack": "a penalty of 1 to the EP use row for the blast" (G-54: once,
on the row the first shot paid; not cumulative)."""


@dataclass(frozen=True, slots=True)
class MaintainableShot(Event):
    """A shot of an attack that can be maintained has resolved (``docs/rules/combat.md`` §17a).

    ``shot`` is 0 for a first shot and n for the n-th follow-up; ``first_attack`` and
    ``first_ep_row`` are the chain's first shot's Attack and blast EP row, which a follow-up
    starting in this segment continues (G-54).
    """

    kind: ClassVar[str] = "maintainable-shot"
    character: str
    action: str
    action_id: int
    target: str
    shot: int
    first_attack: int
    first_ep_row: int


@dataclass(frozen=True, slots=True)
class MaintainedShot:
    """The numbers of the n-th follow-up of a maintained attack (seed "Maintaining an Attack")."""

    shot: int
    """n ≥ 1: this is the n-th follow-up after the first shot."""
    first_attack: int
    first_ep_row: int
    performance_time: int
    """¼ of the action's Performance Time, rounded up, at least 1 (G-55)."""

    @property
    def attack(self) -> int:
        """The first shot's Attack, −2 per successive shot: −2, −4, −6 …"""
        return self.first_attack - ATTACK_PENALTY_PER_SHOT * self.shot

    @property
    def ep_row(self) -> int:
        """The first shot's blast row with the one-row penalty (G-54)."""
        return self.first_ep_row + EP_ROW_PENALTY

    def prepared(self) -> dict[str, int]:
        """What resolution needs, and what the next follow-up continues from."""
        return {
            "attack": self.attack,
            "ep_row": self.ep_row,
            MAINTAINED_SHOT: self.shot,
            CHAIN_ATTACK: self.first_attack,
            CHAIN_EP_ROW: self.first_ep_row,
        }

    def initiation(
        self,
        reason: str,
        prepared: Mapping[str, object] | None = None,
        events: tuple[Event, ...] = (),
    ) -> Initiation:
        """The follow-up's start: no new Combat Roll, ¼ PT, one charge at the penalised row.

        ``prepared`` adds the action's own values (damage …); the maintained numbers win.
        """
        return Initiation(
            performance_time=self.performance_time,
            events=events,
            charges=(Charge(self.ep_row, reason),),
            prepared={**(prepared or {}), **self.prepared()},
        )


def follow_up_time(performance_time: int) -> int:
    """¼ of the Performance Time (20 → 5, "usually meaning 5 segments"); G-55: rounded up, ≥ 1."""
    return max(1, math.ceil(performance_time / PERFORMANCE_TIME_DIVISOR))


def asks_to_maintain(intent: Intent) -> bool:
    return bool(intent.options.get(MAINTAIN_OPTION, False))


def maintained_shot(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> MaintainedShot | None:
    """The follow-up ``intent`` would fire now, or ``None`` if it is not a maintained shot.

    ``None`` unless the intent asks to maintain, the action can be maintained and ``actor``'s
    same action at the same target resolved in this very segment (G-54).
    """
    if not (asks_to_maintain(intent) and definition.can_maintain):
        return None
    previous = shot_resolved_now(encounter, actor)
    if previous is None or (previous.action, previous.target) != (definition.name, intent.target):
        return None
    return MaintainedShot(
        shot=previous.shot + 1,
        first_attack=previous.first_attack,
        first_ep_row=previous.first_ep_row,
        performance_time=follow_up_time(definition.performance_time),
    )


def shot_resolved_now(encounter: Encounter, actor: str) -> MaintainableShot | None:
    """``actor``'s latest shot if it resolved in this segment and nothing started since (G-54)."""
    if encounter.state[actor].last_initiation == encounter.now:
        return None
    for event in reversed(encounter.log):
        if event.segment < encounter.now:
            return None
        if isinstance(event, MaintainableShot) and event.character == actor:
            return event
    return None


MAINTAIN_ENTRY: Final = ActionOption(
    MAINTAIN_OPTION, "flag", "a follow-up keeping the last attempt's Attack at 1/4 PT (G-55)"
)
