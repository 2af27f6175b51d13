"""Extra Effort on the Combat Roll (seed "Ability Rolls"; ``docs/rules/decisions.md`` G-52).

These are the rules :mod:`mands_rulebook.combat.extra_effort` registers: the hooks named below are
that plugin's; nothing here is a hook.

Seed "Ability Rolls": "The character can make an Extra Effort when making an Ability Roll. The
character can increase any ability after the roll is made, in order to increase the Quality and
to succeed at the roll. The ability that was increased is immediately decreased by the same
amount it was increased. [...] These lost ability points return per hour when resting."
"Abilities cannot be increased so far that the ability will drop to less than 0." Seed "Healing
Roll": the Healing Roll "cannot be increased via Extra Effort".

In a fight the Ability Roll is the Combat Roll, twice Agility on the Sphere chart (seed "Combat
Roll"). How this plugin plays it (G-52):

* The character's mind may answer the optional question ``extra_effort(encounter, actor,
  intent, purpose, roll) -> int``: how many points to raise the roll's ability by, once it has
  seen ``roll`` (the :class:`~mands_sim.rolls.ActionRoll` as the dice fell). A mind without the
  method makes no Extra Effort (0). It is asked once per roll, while the action starts, *after*
  the dice, as the seed says: :func:`raised_roll` is called by the one seam every character's
  Action Roll goes through (:func:`mands_rulebook.kit.editing_points.rolls.character_roll`),
  before
  any Editing Points are used on the roll.
* The roll's target is figured again from the raised ability (twice the raised Agility on the
  Sphere chart) and the change is added to Q as a ``"quality"`` modifier — the same as raising
  the target. Agility 17 + 8 = 25: Combat Roll 13 → 14, +1 Q.
* The ability then drops by the increase for the rest of the encounter (the points come back
  "per hour when resting"; an encounter is shorter). Every later roll on it is figured from the
  lowered ability the same way: Agility 9 → Combat Roll 11, −2 Q. An effort that would leave the
  ability below 0 is refused (:func:`mands_sim.rolls.extra_effort`): nothing is raised and an
  :class:`ExtraEffortRefusal` event says why.
* Extra Effort costs no EP: the rules charge the ability, not Endurance.
* Only the rolls in :data:`ABILITY_ROLLS` can be raised; the Healing Roll is left out on purpose.
  Figured attributes other than the roll's own (VP, Move Roll …) are not figured again.

The cost lives in the event log, as :mod:`mands_rulebook.combat.maintained` keeps its chains there:
a watch over every initiation (``mands_initiation_watch``) opens a record for the starting action,
:func:`raised_roll` writes each roll's decision into it, and the watch adds one
:class:`ExtraEffortMade` (or :class:`ExtraEffortRefusal`) per decision to the action's events. The
lowered ability is read back from those events, and the Bonus Pool modifier hook figures each later
roll from it. With the plugin left out no record is opened and :func:`raised_roll` leaves every roll
as it fell.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar, Final

from mands_sim.actions import Intent, Modifier
from mands_sim.events import Event
from mands_sim.kernel.encounter import Encounter
from mands_sim.log_index import logged
from mands_sim.model.figured import combat_roll
from mands_sim.rolls import ActionRoll, ExtraEffort, ExtraEffortRefused, extra_effort

if TYPE_CHECKING:
    from mands_sim.charts.action import ActionChart

NO_EXTRA_EFFORT: Final = 0
"""What a mind without an ``extra_effort`` method is taken to answer: no Extra Effort."""


SOURCE: Final = "extra effort"
"""The ``Modifier.source`` of this plugin's modifiers."""


@dataclass(frozen=True, slots=True)
class AbilityRoll:
    """An Ability Roll Extra Effort can raise: its ability and how its target is figured."""

    name: str
    ability: str
    """The field of :class:`mands_sim.model.sheet.Abilities` the roll is figured from."""
    target: Callable[[int, ActionChart], int]
    """The roll's target from the ability's value (e.g. twice Agility on the Sphere chart)."""


ABILITY_ROLLS: Final[Mapping[str, AbilityRoll]] = MappingProxyType(
    {
        # Seed "Combat Roll": twice Agility on the Sphere chart. Fists roll it as "combat".
        "combat": AbilityRoll("Combat Roll", "agility", combat_roll),
    }
)
"""Rolls open to Extra Effort, by the ``purpose`` the Bonus Pool modifiers are asked for. The
Healing Roll is not here: seed "Healing Roll", it "cannot be increased via Extra Effort"."""


@dataclass(frozen=True, slots=True)
class ExtraEffortMade(Event):
    """An ability raised for one roll and lowered by as much afterwards (seed "Ability Rolls")."""

    kind: ClassVar[str] = "extra-effort"
    character: str
    purpose: str
    ability: str
    increase: int
    ability_before: int
    """The ability when the roll was made (already lowered by earlier efforts)."""
    ability_after: int

    def narrative(self) -> str:
        return (
            f"{self.character} makes Extra Effort: +{self.increase} {self.ability} for the "
            f"{self.purpose} roll, {self.ability} {self.ability_after} after it."
        )

    """What is left of it: ``ability_before − increase``."""


@dataclass(frozen=True, slots=True)
class ExtraEffortRefusal(Event):
    """An Extra Effort the rules do not allow: it would leave the ability below 0."""

    kind: ClassVar[str] = "extra-effort-refused"
    character: str
    purpose: str
    ability: str
    increase: int
    reason: str


Decision = ExtraEffort | ExtraEffortRefused | None
"""What became of one roll's question: an effort, a refusal, or no effort asked for."""


_Record = dict[tuple[str, str], Decision]


_STARTING: ContextVar[_Record | None] = ContextVar(
    "mands_rulebook.combat.extra_effort", default=None
)
"""The decisions of the action now starting, by (character, purpose); ``None`` between
initiations (no roll is being made, so no Extra Effort can be)."""


def ability_spent(encounter: Encounter, actor: str, ability: str) -> int:
    """Points of ``ability`` that ``actor`` has spent on Extra Effort so far (from the log)."""
    spent = logged(encounter, ExtraEffortMade, actor)  # the log by kind: no whole-log scan
    return sum(event.increase for event in spent if event.ability == ability)


def current_ability(encounter: Encounter, actor: str, ability: str) -> int:
    """The sheet's ``ability`` less what Extra Effort has taken from it (seed "Ability Rolls")."""
    sheet_value: int = getattr(encounter.abilities(actor), ability)
    return sheet_value - ability_spent(encounter, actor, ability)


def asked_increase(
    encounter: Encounter, actor: str, intent: Intent, purpose: str, roll: ActionRoll
) -> int:
    """The mind's ``extra_effort`` answer to ``roll`` as it fell (0 without the method); a bad
    answer is a mind's bug."""
    ask = getattr(encounter.minds[actor], "extra_effort", None)
    if ask is None:
        return NO_EXTRA_EFFORT
    increase = ask(encounter, actor, intent, purpose, roll)
    if isinstance(increase, bool) or not isinstance(increase, int) or increase < 0:
        raise ValueError(
            f"{actor}'s mind asked for an Extra Effort of {increase!r}; "
            "it must be a whole number ≥ 0"
        )
    return increase


def decide(
    encounter: Encounter, actor: str, intent: Intent, purpose: str, roll: ActionRoll
) -> Decision:
    """Ask the mind once it has seen the dice, and let the rules allow or refuse the effort
    (seed "Ability Rolls": the ability is increased "after the roll is made")."""
    ability = current_ability(encounter, actor, ABILITY_ROLLS[purpose].ability)
    increase = asked_increase(encounter, actor, intent, purpose, roll)
    return extra_effort(ability, increase) if increase else None


def raised_roll(
    encounter: Encounter, actor: str, intent: Intent, purpose: str, roll: ActionRoll
) -> ActionRoll:
    """``roll`` as the character's Extra Effort raises it after the dice (seed "Ability Rolls").

    The seam the one Action Roll function calls (``character_roll``) right after the dice. Only
    while an action starts with this plugin in (a record is open), only for an Ability Roll in
    :data:`ABILITY_ROLLS`, and once per roll: otherwise the roll comes back as it fell."""
    record = _STARTING.get()
    key = (actor, purpose)
    if record is None or purpose not in ABILITY_ROLLS or key in record:
        return roll
    decision = record[key] = decide(encounter, actor, intent, purpose, roll)
    if not isinstance(decision, ExtraEffort):
        return roll
    raised = raise_quality(encounter, ABILITY_ROLLS[purpose], decision)
    return dataclasses.replace(roll, quality_modifier=roll.quality_modifier + raised)


def raise_quality(encounter: Encounter, roll: AbilityRoll, effort: ExtraEffort) -> int:
    """The Q the raised ability adds: its target figured again (G-52), e.g. Agility 17 + 8 = 25,
    Combat Roll 13 → 14: +1."""
    chart = encounter.charts.action
    return roll.target(effort.ability + effort.increase, chart) - roll.target(effort.ability, chart)


def lowered_modifiers(
    encounter: Encounter, actor: str, roll: AbilityRoll, ability: int
) -> list[Modifier]:
    """The Q lost to earlier efforts: the target figured from the lowered ability (G-52)."""
    chart = encounter.charts.action
    sheet_value: int = getattr(encounter.abilities(actor), roll.ability)
    lowered = roll.target(ability, chart) - roll.target(sheet_value, chart)
    if not lowered:
        return []
    why = f"{roll.ability} {sheet_value} lowered to {ability} by Extra Effort (G-52)"
    return [Modifier(lowered, SOURCE, why, applies_to="quality")]


def effort_events(encounter: Encounter, record: _Record) -> tuple[Event, ...]:
    """One event per effort made or refused while an action started, by (character, purpose)."""
    events = (_effort_event(encounter, key, record[key]) for key in sorted(record))
    return tuple(event for event in events if event is not None)


def _effort_event(encounter: Encounter, key: tuple[str, str], decision: Decision) -> Event | None:
    actor, purpose = key
    ability = ABILITY_ROLLS[purpose].ability
    if isinstance(decision, ExtraEffort):
        return ExtraEffortMade(
            encounter.now,
            actor,
            purpose,
            ability,
            decision.increase,
            decision.ability,
            decision.ability_after,
        )
    if isinstance(decision, ExtraEffortRefused):
        return ExtraEffortRefusal(
            encounter.now, actor, purpose, ability, decision.increase, decision.reason
        )
    return None


@contextmanager
def efforts_made(encounter: Encounter) -> Iterator[list[Event]]:
    """The Extra Efforts made inside the ``with`` block, in the list it yields once it ends."""
    record: _Record = {}
    made: list[Event] = []
    token = _STARTING.set(record)
    try:
        yield made
    finally:
        _STARTING.reset(token)
    made += effort_events(encounter, record)
