"""What Microlite's rules log (``docs/rules.md`` §4, §6, §7), besides mands-sim's own events
(``AttackResolved``, ``DamageTaken``, ``OutOfAction``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mands_sim.api import Event


@dataclass(frozen=True, slots=True)
class InitiativeRolled(Event):
    """§7: ``character``'s initiative for melee round ``round`` (a d20 ``roll`` and its bonus
    make ``total``); ``rolloff`` breaks a tie of totals, the higher first (ML-03)."""

    kind: ClassVar[str] = "initiative"
    character: str
    round: int
    roll: int
    total: int
    rolloff: int


@dataclass(frozen=True, slots=True)
class AttacksSpent(Event):
    """§4: ``character`` spends ``count`` of its attacks of round ``round`` on ``on`` (a strike,
    a dodge)."""

    kind: ClassVar[str] = "attacks-spent"
    character: str
    round: int
    count: int
    on: str


@dataclass(frozen=True, slots=True)
class StrikeRolled(Event):
    """§4: ``character``'s strike at ``target``: the d20 ``roll`` and the ``total`` with its
    bonuses; ``critical`` when the natural roll is in its crit range, ``fumble`` on a natural 1."""

    kind: ClassVar[str] = "strike"
    character: str
    target: str
    maneuver: str
    roll: int
    total: int
    critical: bool
    fumble: bool


@dataclass(frozen=True, slots=True)
class DefenseRolled(Event):
    """§4: ``character`` defends against ``attacker`` with a ``parry`` or a ``dodge``: the d20
    ``roll`` and the ``total``; ``held`` when it meets the strike (ties go to the defender)."""

    kind: ClassVar[str] = "defense"
    character: str
    attacker: str
    maneuver: str
    roll: int
    total: int
    held: bool


@dataclass(frozen=True, slots=True)
class InitiativeLost(Event):
    """§5, §7: ``character`` loses initiative in round ``round`` (``why``: ``knocked down``, a
    Horror Factor): it acts after everyone that round; the attack it loses with it is an
    :class:`AttacksSpent` beside it."""

    kind: ClassVar[str] = "initiative-lost"
    character: str
    round: int
    why: str


@dataclass(frozen=True, slots=True)
class HorrorFaced(Event):
    """§5: ``character`` faces ``entity``'s Horror Factor ``horror_factor``: a d20 ``roll``;
    ``stunned`` when it is less (it loses initiative and an attack, and cannot defend against the
    entity's first attack)."""

    kind: ClassVar[str] = "horror"
    character: str
    entity: str
    horror_factor: int
    roll: int
    stunned: bool


@dataclass(frozen=True, slots=True)
class ArmorDamaged(Event):
    """§6: the armor ``character`` wears takes ``taken`` of a blow; ``left`` is its SDC after."""

    kind: ClassVar[str] = "armor"
    character: str
    source: str
    taken: int
    left: int
