"""Editing Points and Fate Points: the players bend the story (seed 000; seed 001 "Editing
Points", "Fate Points"; ``rules/gaps.md`` G-34).

An optional rule: a scenario switches it on with ``[rules] optional = ["editing-points"]``, and
only then are the hooks of :data:`EDITING_POINTS` registered (as the plugin
``optional-rule:editing-points``). What it plays:

* **Who has points** (G-150, G-151): the characters the players play — by default the first
  side's Special characters ("All player characters are Special", seed glossary; the first side
  is the heroes', as G-71 reads it) — start the encounter with a new character's 4 Editing
  Points and 2 Fate Points (seed 001). Non-player characters have no Fate Points (seed 001:
  "Non-player character Specials ... start the game with 0"), and no Editing Points unless the
  Editor edits their rolls (G-153, off by default: then each has a player's 4).
* **Editing a die roll** (seed 000 "Editing Die Rolls"): each point moves a failed 2d10 roll by
  1. The mind says how many points it is prepared to use (``edit_roll``, default G-152); if
  that many would turn the roll into a success, exactly as many as needed are used ("Players
  need only use as many editing points as necessary"), otherwise none. Half the points go to
  training whatever the roll was for, all of them to Experience (:class:`EditingPointsUsed`).
  Every Action Roll a character makes for an action is rolled through one seam,
  :func:`character_roll` (fists, weapons, thrown objects, sweeps, martial arts and wrestling,
  power attacks, skill checks, Move, Jump, Lift, Throw and drop rolls …; the charm and horror
  rolls call :func:`edited_roll` on theirs): it changes nothing while the rule is off.
* **The Editor lowering a villain's roll** (seed 000; G-193, off by default): a non-player's
  successful Combat Roll at a player character turned into a miss, the points taken off its
  skill. The consciousness check of :mod:`mands_rulebook.out_of_action` (G-17) is
  edited after the fact: its outcome depends on nothing but the roll (G-154).
* **Death Shot** (seed 000): a player turns a fist attack into a Death Shot (intent option
  ``death_shot``) for 4 Editing Points, which train the combat skill; "Editors cannot use this
  option": a non-player's Death Shot is refused while the rule is on, and so is a player's
  without 4 points left.
* **Fate Points** (G-34): a death is cancelled by spending a Fate Point — the character is left
  unconscious at 0 Body DP, and its wounds stop bleeding (else the death only waits a few
  rounds). The mind may decline (``spend_fate_point``, default yes).

When the encounter opens, everyone's starting points are logged (:class:`EditingPointsDealt`;
Simpler Combat reads from them that the rule is on, G-194). Every point used is an event; what
is left is read back from the log (as
:mod:`mands_rulebook.extra_effort` keeps its costs), so plugins never change state.
:func:`ledger` sums a log into what the after-encounter award needs.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Generator, Iterable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar, Final

from mands_sim import hookimpl
from mands_sim.actions import ActionDefinition, ActionInProgress, Intent
from mands_sim.events import (
    BleedingStopped,
    ConsciousnessCheck,
    DamageTaken,
    Event,
    OutOfAction,
    WoundOpened,
)
from mands_sim.kernel.encounter import Encounter, Initiation
from mands_sim.registry import Register
from mands_sim.rolls import ActionRoll, action_roll

RULE_NAME: Final = "editing-points"
"""The name a scenario lists under ``[rules] optional``."""

STARTING_EDITING_POINTS: Final = 4
"""Seed 001 "Editing Points": "The character starts the game with 4 Editing Points"."""

STARTING_FATE_POINTS: Final = 2
"""Seed 001 "Fate Points": "Characters start the game with 2 Fate Points"."""

DEATH_SHOT_COST: Final = 4
"""Seed 000: "Players can turn a normal attack into a Death Shot by using 4 Editing Points"."""

TRAINING_SHARE: Final = Fraction(1, 2)
"""Seed 000 "Editing Die Rolls": the player "gains the use of half that number of Edit Points
for increasing whatever the roll was for"."""

DEATH_SHOT_SKILLS: Final[Mapping[str, str]] = {"fist-attack": "Fistfighting"}
"""Attacks that read the ``death_shot`` option (:mod:`mands_rulebook.fists`), and the combat
skill the points train (seed 000: "These Edit Points go to the combat skill being used"). Named,
not imported: the rule plugins that roll import this module for :func:`edited_roll`."""

DEAD: Final = "dead"
UNCONSCIOUS: Final = "unconscious"
"""The conditions of :mod:`mands_rulebook.out_of_action` (G-17)."""

CONSCIOUSNESS_CHECK: Final = "consciousness check"
CONSCIOUSNESS_ABILITY: Final = "Constitution"
"""G-17: the check is 2d10 vs. Constitution (Sphere) + Resist Death + Body DP."""

PLAYER: Final = "player"
EDITOR: Final = "editor"

EDIT_ROLL: Final = "edit roll"
LOWER_ROLL: Final = "lower roll"
"""The uses of :class:`EditingPointsUsed` on a roll: a player's (or the Editor's) edit in the
roller's favor, and the Editor lowering a non-player's roll (G-193)."""
COMBAT: Final = "combat"


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EditingPointsUsed(Event):
    """Editing Points used on a roll or a Death Shot (seed 000): half of them train
    ``improves``, all of them are added to Experience. ``by`` is ``player`` or ``editor``."""

    kind: ClassVar[str] = "editing-points"
    character: str
    points: int
    use: str
    """``edit roll``, ``lower roll`` (the Editor against a non-player, G-193) or ``death shot``."""
    purpose: str
    """The roll edited (``combat``, ``consciousness check`` …) or the attack."""
    improves: str
    """The skill or ability the training goes to."""
    by: str = PLAYER
    quality_before: int | None = None
    quality_after: int | None = None

    @property
    def training(self) -> Fraction:
        """Seed 000: half the points, toward ``improves`` (3 points → 1.5); a roll the Editor
        lowered takes as much off it: "those Edit Points reduce the relevant skill" (G-193)."""
        share = self.points * TRAINING_SHARE
        return -share if self.use == LOWER_ROLL else share

    @property
    def experience(self) -> int:
        """Seed 000: the points used, added to Experience; a lowered roll's none (G-193)."""
        return 0 if self.use == LOWER_ROLL else self.points

    def narrative(self) -> str:
        if self.use == LOWER_ROLL:
            return (
                f"the Editor lowers {self.character}'s {self.purpose} roll by {self.points}; "
                f"{float(self.training):g} off {self.improves}."
            )
        whose = "the Editor uses" if self.by == EDITOR else "uses"
        return (
            f"{self.character} {whose} {self.points} Editing Point(s) on the {self.purpose} "
            f"({self.use}); {float(self.training):g} toward {self.improves}."
        )


@dataclass(frozen=True, slots=True)
class EditingPointsDealt(Event):
    """When the encounter opens with the rule on: the points ``character`` starts with (G-151).
    Other rules read from these that the rule is on (:func:`editing_points_in_play`)."""

    kind: ClassVar[str] = "editing-points-dealt"
    character: str
    editing_points: int
    fate_points: int

    def narrative(self) -> str:
        return (
            f"{self.character} has {self.editing_points} Editing Point(s) and "
            f"{self.fate_points} Fate Point(s)."
        )


@dataclass(frozen=True, slots=True)
class FatePointSpent(Event):
    """A Fate Point cancels ``character``'s death (G-34)."""

    kind: ClassVar[str] = "fate-point"
    character: str
    reason: str

    def narrative(self) -> str:
        return f"{self.character} spends a Fate Point: {self.reason}."


# --- who has points ---------------------------------------------------------------------------


def first_side(encounter: Encounter) -> str | None:
    """The scenario's first side: the heroes (the convention of G-71)."""
    return next((state.side for state in encounter.state), None)


def is_player(encounter: Encounter, actor: str) -> bool:
    """G-150: whether the players play ``actor``."""
    reading = encounter.defaults.G150_player_characters
    special = bool(encounter.character(actor).sheet.is_special)
    on_first_side = encounter.state[actor].side == first_side(encounter)
    if reading == "first_side":
        return on_first_side
    if reading == "specials":
        return special
    return on_first_side and special


def edited_by(encounter: Encounter, actor: str) -> str | None:
    """Who edits ``actor``'s rolls: its player, the Editor (G-153 ``as_players``), or nobody."""
    if is_player(encounter, actor):
        return PLAYER
    return EDITOR if encounter.defaults.G153_editor_edits == "as_players" else None


def _sheet_points(encounter: Encounter, actor: str, key: str) -> int | None:
    """A sheet's own ``editing_points`` / ``fate_points``, once the sheet format records them."""
    value = getattr(encounter.character(actor).sheet, key, None)
    return None if value is None else int(value)


def editor_lowers(encounter: Encounter, actor: str) -> bool:
    """G-193: whether the Editor may lower ``actor``'s rolls (a non-player, the switch on)."""
    lowering = encounter.defaults.G193_editor_lowers == "spare_players"
    return lowering and not is_player(encounter, actor)


def starting_editing_points(encounter: Encounter, actor: str) -> int:
    """G-151: the sheet's Editing Points, else a new character's 4 for whoever may edit; the
    Editor's 4 for a non-player whose rolls it raises (G-153) or lowers (G-193)."""
    if edited_by(encounter, actor) is None and not editor_lowers(encounter, actor):
        return 0
    own = _sheet_points(encounter, actor, "editing_points")
    return STARTING_EDITING_POINTS if own is None else own


def starting_fate_points(encounter: Encounter, actor: str) -> int:
    """G-151: the sheet's Fate Points, else 2 for a player character and 0 for the others."""
    if not is_player(encounter, actor):
        return 0
    own = _sheet_points(encounter, actor, "fate_points")
    return STARTING_FATE_POINTS if own is None else own


def points_used(events: Iterable[Event], actor: str) -> int:
    """Editing Points ``actor`` has used in ``events``."""
    return sum(
        e.points for e in events if isinstance(e, EditingPointsUsed) and e.character == actor
    )


def editing_points_left(encounter: Encounter, actor: str) -> int:
    """What ``actor`` may still use: its start less what the log and the action now starting
    have used."""
    pending = _PENDING.get() or []
    used = points_used(encounter.log, actor) + points_used(pending, actor)
    return starting_editing_points(encounter, actor) - used


def editing_points_in_play(encounter: Encounter) -> bool:
    """Whether the encounter is played with the rule on (it opened with the points dealt)."""
    for event in encounter.log:
        if isinstance(event, EditingPointsDealt):
            return True
        if event.segment > 0:
            return False
    return False


def points_dealt(encounter: Encounter) -> list[Event]:
    """Everyone's starting points, for the log (G-151)."""
    return [
        EditingPointsDealt(
            encounter.now,
            actor,
            starting_editing_points(encounter, actor),
            starting_fate_points(encounter, actor),
        )
        for actor in encounter.state.ids()
    ]


def fate_points_left(encounter: Encounter, actor: str) -> int:
    spent = sum(1 for e in encounter.log if isinstance(e, FatePointSpent) and e.character == actor)
    return starting_fate_points(encounter, actor) - spent


# --- editing a roll ---------------------------------------------------------------------------


def prepared_points(
    encounter: Encounter,
    actor: str,
    intent: Intent | None,
    purpose: str,
    needed: int,
    available: int,
) -> int:
    """The points the mind is prepared to use on a roll failed by ``needed`` (``edit_roll``);
    without the method, G-152: all it has (``rescue``) or none (``keep``)."""
    ask = getattr(encounter.minds[actor], "edit_roll", None)
    if ask is None:
        return available if encounter.defaults.G152_editing_points_use == "rescue" else 0
    answer = ask(encounter, actor, intent, purpose, needed, available)
    if isinstance(answer, bool) or not isinstance(answer, int) or answer < 0:
        raise ValueError(f"{actor}'s mind offered {answer!r} Editing Points; a whole number ≥ 0")
    return answer


def points_to_edit(needed: int, prepared: int, available: int) -> int:
    """Seed 000: "If that many points would modify the die roll successfully, the Editor tells
    them how many points they need to use"; otherwise none are used."""
    return needed if 0 < needed <= min(prepared, available) else 0


def edit_points(
    encounter: Encounter, actor: str, intent: Intent | None, purpose: str, needed: int
) -> tuple[int, str | None]:
    """How many points edit a roll ``actor`` failed by ``needed``, and who uses them."""
    by = edited_by(encounter, actor)
    available = editing_points_left(encounter, actor) if by else 0
    if by is None or needed <= 0 or available < needed:
        return 0, by
    prepared = prepared_points(encounter, actor, intent, purpose, needed, available)
    return points_to_edit(needed, prepared, available), by


_PENDING: ContextVar[list[Event] | None] = ContextVar("mands_rulebook.editing_points", default=None)
"""The points used while an action starts or resolves, logged with its events; ``None`` when
the rule is off (or outside such a call): then nothing is edited."""


def edited_roll(
    encounter: Encounter,
    actor: str,
    intent: Intent | None,
    purpose: str,
    roll: ActionRoll,
    *,
    improves: str,
) -> ActionRoll:
    """The seam for rule plugins: ``roll`` as ``actor``'s player (or the Editor) edits it.

    Call it on a 2d10 roll just made while an action starts or resolves, or while a
    character's condition is checked (``mands_status_check``; ``intent`` is then ``None``). With
    the rule off, or on a success, the roll comes back unchanged; otherwise the points used (if
    any) are added to the roll's Q (each point "modifies the die roll by 1", seed 000) and logged
    with the hook's events. ``improves`` names the skill or ability the roll was for.
    """
    pending = _PENDING.get()
    if pending is None:
        return roll
    if roll.succeeded:
        return lowered_roll(encounter, actor, intent, purpose, roll, improves, pending)
    points, by = edit_points(encounter, actor, intent, purpose, roll.margin)
    if points == 0:
        return roll
    edited = dataclasses.replace(roll, quality_modifier=roll.quality_modifier + points)
    pending.append(
        roll_edit(encounter, actor, points, purpose, improves, by, (roll.quality, edited.quality))
    )
    return edited


def points_to_lower(
    encounter: Encounter, actor: str, intent: Intent | None, purpose: str, roll: ActionRoll
) -> int:
    """G-193 ``spare_players``: the Editor lowers a non-player's successful Combat Roll against
    a player character into a miss (Q −1: one point more than the Q), when its points for that
    non-player reach; else none. Seed 000: "If the Editor decreases a non-player character's
    die roll"; when it is "necessary for the story" is the Editor's judgment — here, to spare
    the players a blow."""
    target = None if intent is None else intent.target
    if purpose != COMBAT or not editor_lowers(encounter, actor) or not roll.succeeded:
        return 0
    if target is None or target not in encounter.state.ids() or not is_player(encounter, target):
        return 0
    needed = roll.quality + 1
    return needed if needed <= editing_points_left(encounter, actor) else 0


def lowered_roll(
    encounter: Encounter,
    actor: str,
    intent: Intent | None,
    purpose: str,
    roll: ActionRoll,
    improves: str,
    pending: list[Event],
) -> ActionRoll:
    """``roll`` as the Editor lowers it (G-193), the points logged with the hook's events."""
    points = points_to_lower(encounter, actor, intent, purpose, roll)
    if points == 0:
        return roll
    lowered = dataclasses.replace(roll, quality_modifier=roll.quality_modifier - points)
    before, after = roll.quality, lowered.quality
    pending.append(
        EditingPointsUsed(
            encounter.now, actor, points, LOWER_ROLL, purpose, improves, EDITOR, before, after
        )
    )
    return lowered


def character_roll(
    encounter: Encounter,
    actor: str,
    intent: Intent,
    purpose: str,
    *,
    target: int,
    improves: str,
    pool: int = 0,
) -> ActionRoll:
    """The one seam for a character's 2d10 Action Roll made for ``intent`` (G-154).

    Rolled on ``actor``'s own dice against ``target`` (seed "Action Rolls"), the Bonus Pool
    ``pool`` plus the rules' ``purpose`` modifiers (``mands_bonus_pool_modifiers``), Q changed
    by the rules' ``purpose`` Quality modifiers, then :func:`edited_roll`: with Editing Points
    on, the player (or the Editor, G-153) may edit it; ``improves`` is what the points train."""
    rules = encounter.rules
    roll = action_roll(
        encounter.dice_for(actor),
        target=target,
        bonus_pool=pool + rules.bonus_pool(encounter, actor, intent, purpose),
        quality_modifier=rules.quality_modifier(encounter, actor, intent, purpose),
        is_special=encounter.character(actor).sheet.is_special,
        charts=encounter.charts,
    )
    return edited_roll(encounter, actor, intent, purpose, roll, improves=improves)


def roll_edit(
    encounter: Encounter,
    actor: str,
    points: int,
    purpose: str,
    improves: str,
    by: str | None,
    qualities: tuple[int, int],
) -> EditingPointsUsed:
    """The event of ``points`` used on a roll, with its Q before and after the edit."""
    before, after = qualities
    return EditingPointsUsed(
        encounter.now, actor, points, EDIT_ROLL, purpose, improves, by or PLAYER, before, after
    )


def edit_consciousness_check(
    encounter: Encounter, actor: str, events: Sequence[Event]
) -> list[Event]:
    """G-154: a failed consciousness check (G-17) edited into a success, after the fact: the
    check and the fall it causes become the points used and a check made."""
    result = list(events)
    for index in range(len(result) - 1):
        check, fall = result[index], result[index + 1]
        if not knocked_out_by(check, fall, actor):
            continue
        assert isinstance(check, ConsciousnessCheck)
        needed = check.total - check.target
        points, by = edit_points(encounter, actor, None, CONSCIOUSNESS_CHECK, needed)
        if points:
            why = (CONSCIOUSNESS_CHECK, CONSCIOUSNESS_ABILITY)
            used = roll_edit(encounter, actor, points, *why, by, (-needed, 0))
            made = dataclasses.replace(check, total=check.total - points, stays_conscious=True)
            return [*result[:index], used, made, *result[index + 2 :]]
    return result


def knocked_out_by(check: Event, fall: Event, actor: str) -> bool:
    """Whether ``check`` is ``actor``'s failed consciousness check and ``fall`` its result."""
    return (
        isinstance(check, ConsciousnessCheck)
        and check.character == actor
        and not check.stays_conscious
        and isinstance(fall, OutOfAction)
        and fall.condition == UNCONSCIOUS
    )


# --- Death Shots ------------------------------------------------------------------------------


def asks_death_shot(intent: Intent) -> bool:
    return intent.action in DEATH_SHOT_SKILLS and bool(intent.options.get("death_shot", False))


def death_shot_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """Seed 000: only players may buy a Death Shot, and only with 4 Editing Points left."""
    if not asks_death_shot(intent):
        return []
    if not is_player(encounter, actor):
        return ["only players can turn an attack into a Death Shot (seed 000: not the Editor)"]
    left = editing_points_left(encounter, actor)
    if left < DEATH_SHOT_COST:
        return [f"a Death Shot takes {DEATH_SHOT_COST} Editing Points; {actor} has {left}"]
    return []


def death_shot_cost(encounter: Encounter, actor: str, intent: Intent) -> list[Event]:
    """The 4 points a player's Death Shot uses, training the attack's combat skill."""
    if not asks_death_shot(intent) or not is_player(encounter, actor):
        return []
    skill = DEATH_SHOT_SKILLS[intent.action]
    return [
        EditingPointsUsed(encounter.now, actor, DEATH_SHOT_COST, "death shot", intent.action, skill)
    ]


# --- Fate Points ------------------------------------------------------------------------------


def wants_fate_point(encounter: Encounter, actor: str) -> bool:
    """The mind's ``spend_fate_point`` answer; without the method, yes."""
    ask = getattr(encounter.minds[actor], "spend_fate_point", None)
    return True if ask is None else bool(ask(encounter, actor))


def body_points(encounter: Encounter, actor: str, pending: Sequence[Event]) -> DamageTaken | None:
    """The last of ``pending``'s damage to ``actor`` (VP and DP after it), if any."""
    hits = [e for e in pending if isinstance(e, DamageTaken) and e.character == actor]
    return hits[-1] if hits else None


def bleeding(encounter: Encounter, actor: str, pending: Sequence[Event]) -> bool:
    """Whether ``actor`` has a wound open (G-19): one opened since its bleeding last stopped."""
    for event in reversed([*encounter.log, *pending]):
        if getattr(event, "character", None) != actor:
            continue
        if isinstance(event, BleedingStopped):
            return False
        if isinstance(event, WoundOpened):
            return True
    return False


def saved_from_death(encounter: Encounter, actor: str, pending: Sequence[Event]) -> list[Event]:
    """G-34: the Fate Point, the bleeding stopped, Body DP back to 0, unconscious."""
    last = body_points(encounter, actor, pending)
    state = encounter.state[actor]
    vp = state.virtual_damage_points if last is None else last.virtual_damage_points_after
    dp = state.damage_points if last is None else last.damage_points_after
    events: list[Event] = [FatePointSpent(encounter.now, actor, "the death is cancelled (G-34)")]
    if bleeding(encounter, actor, pending):
        events.append(BleedingStopped(encounter.now, actor, "Fate Point (G-34)"))
    if dp < 0:
        events.append(DamageTaken(encounter.now, actor, "fate point", 0, 0, vp, 0))
    return [*events, OutOfAction(encounter.now, actor, UNCONSCIOUS)]


def cancel_deaths(encounter: Encounter, events: Sequence[Event]) -> list[Event]:
    """Each death in ``events`` that a Fate Point cancels (G-34), replaced by its rescue."""
    result: list[Event] = []
    spent: set[str] = set()
    for event in events:
        who = event.character if isinstance(event, OutOfAction) else ""
        if (
            isinstance(event, OutOfAction)
            and event.condition == DEAD
            and who not in spent
            and fate_points_left(encounter, who) > 0
            and wants_fate_point(encounter, who)
        ):
            spent.add(who)
            result += saved_from_death(encounter, who, result)
        else:
            result.append(event)
    return result


# --- the optional rule ------------------------------------------------------------------------


class EditingPointsRule:
    """The ``editing-points`` optional rule's hooks (registered only when a scenario lists it).

    Stateless: what is left of everyone's points is read from the encounter's log."""

    @hookimpl
    def mands_encounter_opening(self, encounter: Encounter) -> list[Event]:
        return points_dealt(encounter)

    @hookimpl
    def mands_action_refusals(self, encounter: Encounter, actor: str, intent: Intent) -> list[str]:
        return death_shot_refusals(encounter, actor, intent)

    @hookimpl(wrapper=True)
    def mands_action_initiate(
        self, encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
    ) -> Generator[None, Initiation | None, Initiation | None]:
        """Rolls edited while the action starts, and a Death Shot's points, join its events."""
        pending: list[Event] = []
        token = _PENDING.set(pending)
        try:
            initiation = yield
        finally:
            _PENDING.reset(token)
        if initiation is None:
            return None
        used = [*pending, *death_shot_cost(encounter, actor, intent)]
        if not used:
            return initiation
        return dataclasses.replace(initiation, events=(*initiation.events, *used))

    @hookimpl(wrapper=True)
    def mands_action_resolve(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> Generator[None, list[Event] | None, list[Event] | None]:
        """Rolls edited while the action resolves; deaths it causes that a Fate Point cancels."""
        pending: list[Event] = []
        token = _PENDING.set(pending)
        try:
            events = yield
        finally:
            _PENDING.reset(token)
        if events is None:
            return None
        return cancel_deaths(encounter, [*pending, *events])

    @hookimpl(wrapper=True)
    def mands_status_check(
        self, encounter: Encounter, actor: str
    ) -> Generator[None, list[Event] | None, list[Event] | None]:
        """Rolls edited while the condition is checked, a consciousness check edited after the
        fact (G-154), a death cancelled by a Fate Point (G-34)."""
        pending: list[Event] = []
        token = _PENDING.set(pending)
        try:
            events = yield
        finally:
            _PENDING.reset(token)
        if events is None:
            return None
        checked = edit_consciousness_check(encounter, actor, [*pending, *events])
        return cancel_deaths(encounter, checked)


EDITING_POINTS: Final = EditingPointsRule()
"""The plugin object registered as ``optional-rule:editing-points`` when a scenario asks."""


@hookimpl
def mands_register_optional_rules(register: Register) -> None:
    register(
        RULE_NAME,
        EDITING_POINTS,
        summary="Editing Points edit 2d10 rolls and buy Death Shots; Fate Points cancel deaths",
        source="rules text",
    )


# --- the ledger, for the after-encounter award ------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ledger:
    """What one character's Editing Points did in an encounter (seed 000): points used (all of
    them Experience), the training they give by skill or ability, and Fate Points spent."""

    points_used: int = 0
    training: Mapping[str, Fraction] = field(default_factory=dict)
    fate_points_spent: int = 0
    points_lowered: int = 0
    """Points the Editor used lowering the character's rolls (G-193): no Experience, and the
    training they take off is in ``training``."""

    @property
    def experience(self) -> int:
        """Seed 000: "When Editing Points are used, they are added to the character's
        Experience"."""
        return self.points_used


def ledger(events: Iterable[Event], actor: str) -> Ledger:
    """Sum ``actor``'s :class:`EditingPointsUsed` and :class:`FatePointSpent` in ``events``."""
    used = lowered = 0
    training: dict[str, Fraction] = {}
    fate = 0
    for event in events:
        if isinstance(event, EditingPointsUsed) and event.character == actor:
            used += event.experience
            lowered += event.points - event.experience
            training[event.improves] = training.get(event.improves, Fraction(0)) + event.training
        elif isinstance(event, FatePointSpent) and event.character == actor:
            fate += 1
    return Ledger(used, dict(sorted(training.items())), fate, lowered)


__all__: list[str] = [
    "DEATH_SHOT_COST",
    "EDITING_POINTS",
    "RULE_NAME",
    "STARTING_EDITING_POINTS",
    "STARTING_FATE_POINTS",
    "EditingPointsDealt",
    "EditingPointsRule",
    "EditingPointsUsed",
    "FatePointSpent",
    "Ledger",
    "character_roll",
    "edited_roll",
    "editing_points_in_play",
    "editing_points_left",
    "fate_points_left",
    "is_player",
    "ledger",
]
