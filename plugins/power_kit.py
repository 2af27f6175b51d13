"""The power kit: what every power plugin builds on (``rules/powers.md`` §1, ``rules/combat.md``
§17a; seed "Powers", "Power Rolls"). A library, not a plugin: it registers no hooks.

A power plugin describes its power as a :class:`PowerSpec` — name, aliases, source tag, and one
:class:`PowerUse` per action (its :class:`~mands_sim.actions.ActionDefinition`, the effects its
Power Roll may buy, a default PR allocation, what it prepares and does) — and answers each hook
with one line that hands the spec to the kit (``docs/writing-plugins.md`` "Writing a power").
The kit then plays the rules every power shares:

* **Power Rolls are not rolled** (seed): the PR *is* the Quality. Before an action starts the
  mind's optional ``spend_power(encounter, actor, intent, power, pr) -> Mapping[str, int]`` says
  how to spend it: the use's effects, ``"ep"`` (one EP row per point off row 9, or the use's own
  row) and ``"speed"`` (shortens the Performance Time as Q does). Without the method the use's
  documented default applies. "The total of the Q for the action's effects cannot be greater
  than the character's PR": a spend over the PR (or with an unknown effect, or a negative or
  non-whole number) raises :class:`PowerSpendError` naming the mind.
* **Performance Time**: the use's own (20 for most powers, 10 for passive uses), shortened by
  PR speed (and, for an attack, the Combat Roll's Q speed too, in one reduction; G-28 rounds).
* **Attacks** need a Combat Roll (twice Agility on the Sphere chart, pool ⌊Learning/10⌋ plus the
  Bonus Pool modifiers, range and sight as ``mands_rulebook.range`` counts them) whose Q the mind
  spends as for a punch (``mands_rulebook.fists``): Attack, Defense (G-15), speed, damage (G-11),
  EP; a failure is spread (G-14). EP: the Combat Roll's row 5 less EP Q (G-13) and the power's
  row less EP PR. A follow-up of a maintained blast (``mands_rulebook.maintained``) rolls nothing:
  ¼ Performance Time, the chain's Attack −2 per shot, the blast's row +1 (G-54, G-55).
* **Sustained uses** (a Fire Coat, a power shield) take effect once their own Performance Time
  has passed and are held round by round (G-75): each Payment Segment the mind's optional
  ``sustain_power(encounter, actor, action) -> bool`` (default yes) holds the use another round
  (its end moves to the next Payment Segment, and it pays its row) or lets it go (dropped before
  it pays). Pushback moves the end of the hold, not the moment the effect began (as G-65 for
  runs). Protection they give goes to ``mands_rulebook.damage`` as ``Cover`` values in
  ``prepared["covers"]``, from ``prepared["protects_from"]``.
* **%Control**: every power intent names the sheet's entry in ``options["power"]`` (use
  :func:`power_intent`); a power intent that does not is refused, so %Control is never skipped.
* **Touches** ("must hit for DP, or use N Quality Points from the Combat Roll", G-79, G-120): a
  use with ``touch = N`` is an attack in contact whose intent option ``touch`` sets N Q of a
  success aside before the mind spends the rest; :func:`touch_attack` lands its carrier (a
  punch: Hand Damage plus the damage Q) and says whether the touch took effect.
* **PR taken** (seed "Absorption", G-181): a :class:`PowerTaken` in the log moves PR of a power
  from one character to another until it runs out; :func:`usable_power` (and so
  :func:`power_rating`, :func:`power_intent`, the refusals) counts it.

What a use keeps in ``prepared``: its own ``prepare`` values, ``"power"`` (the sheet's entry)
and ``"ep_row"``; a sustained use ``"protects_from"``; an attack ``"attack"``, ``"defense"``,
``"damage"`` (the Combat Roll's, as for a punch), ``"quality"`` and ``"reach"`` (its ranges).

Names: a sheet may call a power by an alias ("Electricity" for "Electric Power"); the kit finds a
spec's entry on the sheet by its name or aliases, case and spacing aside (:func:`sheet_power`),
and :func:`canonical_power_name` resolves any name through the registered specs.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, ClassVar, Final, Literal

from mands_sim.actions import ActionDefinition, ActionInProgress, Intent
from mands_sim.charts import ActionChart
from mands_sim.errors import MandsSimError
from mands_sim.events import (
    ActionDropped,
    AttackResolved,
    DamageTaken,
    Event,
    PushedBack,
    QualityAllocated,
)
from mands_sim.kernel.encounter import Charge, Encounter, Initiation
from mands_sim.model.sheet import CharacterSheet, PowerEntry
from mands_sim.registry import SOURCES, Register, Registries, Source, collect_registries
from mands_sim.rolls import ActionRoll, reduced_performance_time

from .control import LOST_CONTROL, POWER_OPTION
from .damage import Blow, strike
from .editing_points import character_roll
from .fists import new_defense, prepare_blow, roll_event, spend_quality
from .maintained import maintained_shot
from .range import CONTACT, Reach, distance, range_modifier, reach_refusals, sight_modifier
from .weapons import Ranges

RULES_TEXT: Final[Source] = "rules text"
TEMPLATE: Final[Source] = "template, not rules text"
"""``rules/powers.md`` §3: a power built from the template is tagged so it can be replaced."""

POWER_ROW: Final = 9
"""Seed "Power Rolls", ``rules/powers.md`` §1: PR lowers the EP row "from row 9 unless stated"."""

COMBAT_ROLL_ROW: Final = 5
"""``rules/combat.md`` §5: a Combat Roll costs row 5 (1 EP), charged besides the power (G-13)."""

ACTIVE_TIME: Final = 20
"""Seed "Power Rolls": "Most powers have a Performance Time of 20"."""

PASSIVE_TIME: Final = 10
"""Seed "Power Rolls": passive power actions' Performance Time is "usually halved ... 10"."""

EP: Final = "ep"
SPEED: Final = "speed"
COMMON_EFFECTS: Final = (EP, SPEED)
"""PR every use may spend: EP rows and Performance Time (seed "Power Rolls")."""

ATTACK: Final = "attack"
DEFENSE: Final = "defense"
OTHER: Final = "other"
Role = Literal["attack", "defense", "other"]
"""What a use is for (policies read it): a Combat-Roll attack, a protection, anything else."""

COVERS: Final = "covers"
PROTECTS_FROM: Final = "protects_from"
"""``prepared`` keys ``mands_rulebook.damage`` reads on actions in progress (G-75)."""

HELD: Final = "held another round"
LET_GO: Final = "let go"
"""Reasons of the events that hold a sustained use another round or end it (G-75)."""

TOUCH_OPTION: Final = "touch"
"""``Intent.options`` key: set aside Combat-Roll Q to touch instead of hitting for DP."""

SET_ASIDE: Final = "touch_quality"
TOUCH_NEEDED: Final = "touch_needed"
"""``prepared`` keys of a touch: the Q set aside (0: the blow must take DP) and its N."""

DefaultSpend = Callable[[Encounter, str, Intent, int], Mapping[str, int]]
"""``(encounter, actor, intent, pr) -> {effect: PR}``: a use's documented default allocation."""
Prepare = Callable[[Encounter, str, Intent, "PowerSpend"], Mapping[str, Any]]
"""What a use keeps for its resolution, figured from the PR spent (damage, Skin Temper rows …)."""
Resolve = Callable[[Encounter, str, ActionInProgress], list[Event]]
BlowFor = Callable[[Encounter, str, str, ActionInProgress], Blow]
"""``(encounter, actor, target, action) -> Blow``: what an attack use's hit lands."""
RangesFor = Callable[[ActionChart, Mapping[str, int], int], Ranges]
"""``(chart, PR by effect, power rating) -> Ranges`` of a ranged attack use (§11)."""
RollBonus = Callable[[Encounter, str, Intent, "PowerSpend"], int]
"""Points an attack use adds to its Combat Roll (Fire Coat's spread)."""


def _prepare_nothing(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {}


def _no_bonus(encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend) -> int:
    return 0


@dataclass(frozen=True, slots=True)
class PowerUse:
    """One way to use a power: an action and how its PR is spent.

    Attributes:
        action: the registered action (its name starts with the power's slug, ``fire-coat-``).
        effects: the Basic Effects PR may buy on this use, besides ``ep`` and ``speed``.
        default_spend: the allocation when the mind has no ``spend_power``.
        role: ``attack`` (a Combat Roll; ``blow`` or ``resolve`` says what lands), ``defense``
            or ``other``.
        prepare: values for ``prepared`` figured from the spend (``covers`` for a protection).
        resolve: what the use does when it completes (attacks default to one target's blow).
        blow: an attack's blow on a hit.
        ranges: an attack's Short Range, Range Set and Maximum Range (``None``: contact).
        roll_bonus: points an attack adds to its Combat Roll.
        base_row: the EP row PR on ``ep`` lowers (row 9 unless the power says otherwise).
        touch: a touch's N (seed "must hit for DP, or use N Quality Points from the Combat
            Roll"; 0: not a touch): the intent option ``touch`` sets N Q of a success aside
            before the mind spends the rest, and the carrier is a punch (:func:`touch_attack`).
    """

    action: ActionDefinition
    effects: tuple[str, ...]
    default_spend: DefaultSpend
    role: Role = OTHER
    prepare: Prepare = _prepare_nothing
    resolve: Resolve | None = None
    blow: BlowFor | None = None
    ranges: RangesFor | None = None
    roll_bonus: RollBonus = _no_bonus
    base_row: int = POWER_ROW
    touch: int = 0

    def __post_init__(self) -> None:
        if set(self.effects) & set(COMMON_EFFECTS):
            raise ValueError(f"{self.action.name}: 'ep' and 'speed' are always spendable")
        if self.role == ATTACK and self.blow is None and self.resolve is None:
            raise ValueError(f"{self.action.name}: an attack use needs a blow or a resolve")
        if self.touch and (self.role != ATTACK or self.ranges is not None):
            raise ValueError(f"{self.action.name}: a touch is an attack in contact")


@dataclass(frozen=True, slots=True)
class PowerSpec:
    """A power, as registered (``mands_register_powers`` payload).

    ``source`` is ``"rules text"`` for a power the seed describes, ``"template, not rules
    text"`` for one built from ``rules/powers.md`` §3. ``pr_dice`` is how the PR is rolled at
    character creation (seed: 3d6 unless the power says otherwise).
    """

    name: str
    summary: str
    source: Source
    uses: tuple[PowerUse, ...]
    aliases: tuple[str, ...] = ()
    pr_dice: str = "3d6"

    def __post_init__(self) -> None:
        if self.source not in SOURCES:
            raise ValueError(f"{self.name}: source must be one of {SOURCES}")
        slug = power_slug(self.name)
        for use in self.uses:
            if not use.action.name.startswith(f"{slug}-"):
                raise ValueError(f"{use.action.name}: a {self.name} action starts with '{slug}-'")

    def use(self, action: str) -> PowerUse | None:
        """The use whose action is named ``action``, if it is one of this power's."""
        return next((use for use in self.uses if use.action.name == action), None)

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)

    @property
    def actions(self) -> tuple[str, ...]:
        """The names of this power's use actions: what its action hooks answer
        (``@answers_actions(*spec.actions)``, ``docs/writing-plugins.md``)."""
        return tuple(use.action.name for use in self.uses)


@dataclass(frozen=True, slots=True)
class PowerSpend:
    """A checked PR allocation for one action (seed "Power Rolls")."""

    power: str
    power_rating: int
    effects: Mapping[str, int]
    ep: int = 0
    speed: int = 0
    base_row: int = POWER_ROW

    def __getitem__(self, effect: str) -> int:
        return self.effects.get(effect, 0)

    @property
    def total(self) -> int:
        return sum(self.effects.values()) + self.ep + self.speed

    @property
    def ep_row(self) -> int:
        """One row per PR point on ``ep`` (seed), never below row 0 (free)."""
        return max(0, self.base_row - self.ep)

    def pairs(self) -> tuple[tuple[str, int], ...]:
        return (*sorted(self.effects.items()), (EP, self.ep), (SPEED, self.speed))


class PowerSpendError(MandsSimError, ValueError):
    """A mind spent PR a use cannot take: more than the PR, an unknown effect, a bad number."""


@dataclass(frozen=True, slots=True)
class PowerUsed(Event):
    """A power use started: its PR and how it was spent (``spent``: effect → PR)."""

    kind: ClassVar[str] = "power-used"
    character: str
    power: str
    action: str
    power_rating: int
    spent: tuple[tuple[str, int], ...]
    ep_row: int

    def narrative(self) -> str:
        spent = ", ".join(f"{pr} on {effect}" for effect, pr in self.spent if pr) or "nothing"
        return (
            f"{self.character} uses {self.power} ({self.action}), PR {self.power_rating}: "
            f"{spent}; EP row {self.ep_row}."
        )


# --- names ---------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=4096)
def normalized(name: str) -> str:
    """A name for matching: case-folded, letters and digits only (cached: asked on every roll)."""
    return "".join(char for char in name.casefold() if char.isalnum())


def power_slug(name: str) -> str:
    """The prefix of a power's action names: ``Fire Coat`` → ``fire-coat``, ``Flight, Slow`` →
    ``flight-slow``, ``Anti-Matter Production`` → ``anti-matter-production``."""
    words = ("".join(c for c in word if c.isalnum() or c == "-") for word in name.lower().split())
    return "-".join(word for word in words if word)


def power_specs(registries: Registries) -> tuple[PowerSpec, ...]:
    """The registered powers that are kit specs, by name."""
    found = (entry.payload for entry in registries.powers.entries)
    return tuple(spec for spec in found if isinstance(spec, PowerSpec))


def canonical_power_name(registries: Registries, name: str) -> str | None:
    """The registered power ``name`` means, by name or by a spec's aliases ("Electricity" →
    "Electric Power"); ``None`` for none. Two powers claiming one name is an error."""
    table: dict[str, str] = {normalized(entry): entry for entry in registries.powers}
    for spec in power_specs(registries):
        for alias in spec.aliases:
            claimed = table.setdefault(normalized(alias), spec.name)
            if claimed != spec.name:
                raise ValueError(f"{alias!r} names both {claimed!r} and {spec.name!r}")
    return table.get(normalized(name))


def encounter_registries(encounter: Encounter) -> Registries:
    """The registries of the plugins behind ``encounter``'s rules: those the simulation collected
    (``HookRules.registries``), else collected from its plugin manager, else empty."""
    registries = getattr(encounter.rules, "registries", None)
    if isinstance(registries, Registries):
        return registries
    pm = getattr(encounter.rules, "pm", None)
    return Registries() if pm is None else collect_registries(pm)


_SHEET_POWERS: dict[tuple[int, int], tuple[CharacterSheet, PowerSpec, PowerEntry | None]] = {}
""":func:`sheet_power`'s answers by sheet and spec object (both frozen; each kept with its
answer, so an id is never reused while the entry stands); emptied when it grows large."""

_SHEET_POWERS_KEPT: Final = 4096


def sheet_power(sheet: CharacterSheet, spec: PowerSpec) -> PowerEntry | None:
    """The sheet's entry for ``spec`` under its name or an alias; a latent power (seed: not yet
    discovered) or one without a PR cannot be used. Asked for every character at every roll by
    the "does anyone have it" checks, so the answer is kept per sheet and spec."""
    key = (id(sheet), id(spec))
    kept = _SHEET_POWERS.get(key)
    if kept is not None and kept[0] is sheet and kept[1] is spec:
        return kept[2]
    if len(_SHEET_POWERS) >= _SHEET_POWERS_KEPT:
        _SHEET_POWERS.clear()
    found = _sheet_power(sheet, spec)
    _SHEET_POWERS[key] = (sheet, spec, found)
    return found


def _sheet_power(sheet: CharacterSheet, spec: PowerSpec) -> PowerEntry | None:
    wanted = {normalized(name) for name in spec.names}
    for key, entry in sheet.powers.items():
        if normalized(key) in wanted and entry.power_rating and not entry.extra.get("latent"):
            return entry
    return None


def usable_power(encounter: Encounter, actor: str, spec: PowerSpec) -> PowerEntry | None:
    """``actor``'s entry for ``spec`` as it stands now: the sheet's, its PR changed by the PR
    taken from or by ``actor`` and not yet given back (:class:`PowerTaken`, G-181); an entry
    named as the power for a power ``actor`` holds only by taking it; ``None`` at PR 0."""
    entry = sheet_power(encounter.character(actor).sheet, spec)
    shift = taken_rating(encounter, actor, spec.name)
    if not shift:
        return entry
    rating = shift + (0 if entry is None else int(entry.power_rating or 0))
    if rating <= 0:
        return None
    return PowerEntry(spec.name, rating) if entry is None else replace(entry, power_rating=rating)


def power_rating(encounter: Encounter, actor: str, spec: PowerSpec) -> int:
    """``actor``'s PR in ``spec`` now (0 without a usable entry; :func:`usable_power`)."""
    entry = usable_power(encounter, actor, spec)
    return 0 if entry is None else int(entry.power_rating or 0)


_HOLDERS: weakref.WeakKeyDictionary[Encounter, dict[str, bool]] = weakref.WeakKeyDictionary()
"""Per encounter and power name: whether anyone's sheet has a usable entry for it."""


def anyone_has_power(encounter: Encounter, spec: PowerSpec) -> bool:
    """Whether anyone in ``encounter`` has ``spec`` at a PR above 0 now (:func:`power_rating`).

    Rules ask it at every roll ("is there a Fire Coat to be blinded by?"). While no PR of the
    power has been taken (:class:`PowerTaken`), a PR is the sheet's, and the characters of an
    encounter are fixed, so the answer from the sheets is kept per encounter; once some has
    been taken, every character's PR now is asked."""
    name = spec.name
    if any(taken.power == name for taken in powers_taken(encounter)):
        return any(power_rating(encounter, who, spec) for who in encounter.state.ids())
    holders = _HOLDERS.get(encounter)
    if holders is None:
        holders = _HOLDERS[encounter] = {}
    found = holders.get(name)
    if found is None:
        sheets = (encounter.character(who).sheet for who in encounter.state.ids())
        found = holders[name] = any(sheet_power(sheet, spec) is not None for sheet in sheets)
    return found


def power_intent(
    encounter: Encounter,
    actor: str,
    spec: PowerSpec,
    action: str,
    target: str | None = None,
    **options: Any,
) -> Intent | None:
    """An intent for ``action`` naming the sheet's entry for %Control; ``None`` if ``actor``
    has no usable entry for ``spec``."""
    entry = usable_power(encounter, actor, spec)
    if entry is None:
        return None
    return Intent(action, target, f"{spec.name}: {action}", {**options, POWER_OPTION: entry.name})


# --- powers taken (seed "Absorption"; G-181) ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PowerTaken(Event):
    """``character`` took ``power_rating`` PR of ``target``'s ``power``: until segment ``until``
    it is ``character``'s to use and ``target``'s no more (seed "Absorption": "lost by the
    character with this power, and regained by the target, PR rounds after it was taken")."""

    kind: ClassVar[str] = "power-taken"
    character: str
    target: str
    power: str
    power_rating: int
    until: int

    def narrative(self) -> str:
        return (
            f"{self.character} takes {self.power} PR {self.power_rating} from {self.target} "
            f"until segment {self.until}"
        )


_TAKEN: weakref.WeakKeyDictionary[Encounter, tuple[int, list[PowerTaken]]] = (
    weakref.WeakKeyDictionary()
)
"""Per encounter: how much of its log was read, and the :class:`PowerTaken` events in it."""


def powers_taken(encounter: Encounter) -> list[PowerTaken]:
    """Every :class:`PowerTaken` in ``encounter``'s log (read once, then only new events)."""
    log = encounter.log
    read, found = _TAKEN.get(encounter, (0, []))
    if read == len(log):
        return found
    if read > len(log):
        read, found = 0, []
    found = found + [e for e in log[read:] if isinstance(e, PowerTaken)]
    _TAKEN[encounter] = (len(log), found)
    return found


def taken_rating(encounter: Encounter, actor: str, power: str) -> int:
    """PR of ``power`` ``actor`` holds by taking it, less what was taken from ``actor``, now."""
    shift = 0
    for taken in powers_taken(encounter):
        if taken.power == power and taken.until > encounter.now:
            shift += taken.power_rating * ((taken.character == actor) - (taken.target == actor))
    return shift


def taken_powers(encounter: Encounter, actor: str) -> tuple[str, ...]:
    """The powers ``actor`` holds now by taking them, in the order taken."""
    held = (t.power for t in powers_taken(encounter) if t.character == actor)
    return tuple(dict.fromkeys(p for p in held if taken_rating(encounter, actor, p) > 0))


# --- registration --------------------------------------------------------------------------------


def register_power(register: Register, spec: PowerSpec) -> None:
    """``mands_register_powers``: the spec under its name, with its source tag."""
    register(spec.name, spec, summary=spec.summary, source=spec.source)


def register_power_actions(register: Register, spec: PowerSpec) -> None:
    """``mands_register_actions``: every use's action, with the power's source tag."""
    for use in spec.uses:
        register(use.action.name, use.action, summary=use.action.summary, source=spec.source)


# --- spending PR ---------------------------------------------------------------------------------


def chosen_spend(
    encounter: Encounter, actor: str, intent: Intent, spec: PowerSpec, use: PowerUse
) -> PowerSpend:
    """The mind's ``spend_power`` answer, or the use's default, checked against the PR."""
    pr = power_rating(encounter, actor, spec)
    mind = encounter.minds[actor]
    ask = getattr(mind, "spend_power", None)
    if ask is None:
        wanted = use.default_spend(encounter, actor, intent, pr)
    else:
        wanted = ask(encounter, actor, intent, spec.name, pr)
    return checked_spend(f"{actor}'s mind ({type(mind).__name__})", spec, use, pr, wanted)


def checked_spend(
    who: str, spec: PowerSpec, use: PowerUse, pr: int, wanted: Mapping[str, int]
) -> PowerSpend:
    """Seed "Power Rolls": "the total of the Q for the action's effects cannot be greater than
    the character's PR"; every key an effect of the use, every value a whole number ≥ 0."""
    where = f"{who} spent {dict(wanted)} of {spec.name} PR {pr} on {use.action.name}"
    unknown = set(wanted) - set(use.effects) - set(COMMON_EFFECTS)
    if unknown:
        raise PowerSpendError(f"{where}: no such effect {sorted(unknown)}")
    if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in wanted.values()):
        raise PowerSpendError(f"{where}: PR is spent in whole points, 0 or more")
    if sum(wanted.values()) > pr:
        raise PowerSpendError(f"{where}: more than the PR")
    effects = {effect: int(wanted.get(effect, 0)) for effect in use.effects}
    return PowerSpend(
        spec.name,
        pr,
        MappingProxyType(effects),
        int(wanted.get(EP, 0)),
        int(wanted.get(SPEED, 0)),
        use.base_row,
    )


def ep_down_to(row: int, base_row: int, pr: int) -> int:
    """PR needed (at most ``pr``) to bring the EP row from ``base_row`` down to ``row``."""
    return max(0, min(pr, base_row - row))


# --- ranges and touch (rules/combat.md §11; G-20, G-21) ------------------------------------------


def sphere_meters(chart: ActionChart, row: int) -> float:
    """A PR read "from the Result column to the Sphere column" as meters (fractions at or below
    row 0, G-02)."""
    return float(chart.from_result("sphere", row, magnitude=True))


def cosmic_ray_ranges(chart: ActionChart, pr: int) -> Ranges:
    """Seed "Cosmic Rays": Short Range = the PR Result → Sphere meters, Range Set 4 rows lower,
    Maximum Range 5 rows higher (the template's default, ``rules/powers.md`` §3, G-21)."""
    return Ranges(
        sphere_meters(chart, pr), sphere_meters(chart, pr - 4), sphere_meters(chart, pr + 5)
    )


def standard_ranges(chart: ActionChart, power_rating: int, max_range: float) -> Ranges:
    """G-21 "standard" Short Range and Range Set (Cosmic-Rays geometry on the power's PR) under
    a Maximum Range the power sets itself (Fire Coat's Distance); Short Range never beyond it."""
    short = min(sphere_meters(chart, power_rating), max_range)
    return Ranges(short, sphere_meters(chart, power_rating - 4), max_range)


def reach_for(encounter: Encounter, use: PowerUse, spent: Mapping[str, int], pr: int) -> Reach:
    return CONTACT if use.ranges is None else use.ranges(encounter.charts.action, spent, pr)


def range_pool(encounter: Encounter, actor: str, target: str, reach: Reach) -> int:
    """G-20's range penalty and the seed-002 sight modifier, as ``mands_rulebook.range`` counts
    them for weapons, for the Combat Roll of a power attack, at the distance the target seems
    to be (seed "Sight": true distance ÷ Sight Power, for Short Range and Range Sets, G-136)."""
    from .powers.sight_power import seen_distance  # the power module imports this kit

    meters = 0.0 if reach == CONTACT else distance(encounter, actor, target)
    meters = seen_distance(encounter, actor, meters)
    penalty = range_modifier(encounter, reach, meters) if isinstance(reach, Ranges) else None
    return (penalty.amount if penalty else 0) + sight_modifier(encounter, actor, reach, meters)


def touch_quality(intent: Intent, quality: int, needed: int) -> int:
    """Seed ("Absorption", "Death Touch" …): "must hit for DP, or use N Quality Points from the
    Combat Roll": the N set aside off a success when the intent asks to touch (``touch``)."""
    return needed if intent.options.get(TOUCH_OPTION) and quality >= needed else 0


def touched(damage_points_lost: int, set_aside: int, needed: int) -> bool:
    """The touch takes effect: the blow took DP, or the N Q were spent."""
    return damage_points_lost > 0 or set_aside >= needed > 0


def touch_blow(encounter: Encounter, actor: str, target: str, action: ActionInProgress) -> Blow:
    """The carrier of a touch (G-79, G-120): a punch, Hand Damage plus the damage Q, never
    below 0, dealt by the power the intent names."""
    hand = int(encounter.character(actor).figured.hand_damage)
    raw = max(0, hand + int(action.prepared["damage"]))
    return Blow(raw=raw, source=actor, weapon=str(action.prepared.get(POWER_OPTION) or ""))


def touch_attack(
    encounter: Encounter, actor: str, action: ActionInProgress
) -> tuple[list[Event], bool]:
    """A touch use's Defense, Attack and carrier (:func:`attack_events` with
    :func:`touch_blow`), and whether the touch took effect: it hit, and the carrier took DP or
    the N Q were set aside."""
    events = attack_events(encounter, actor, action, touch_blow)
    target = action.intent.target
    assert target is not None
    hit = any(isinstance(e, AttackResolved) and e.hit for e in events)
    lost = damage_points_lost(encounter, target, events)
    needed = int(action.prepared.get(TOUCH_NEEDED, 0))
    return events, hit and touched(lost, int(action.prepared.get(SET_ASIDE, 0)), needed)


def damage_points_lost(encounter: Encounter, target: str, events: list[Event]) -> int:
    """Body DP the (not yet applied) ``events`` take from ``target``."""
    return encounter.state[target].damage_points - condition_after(encounter, target, events)[1]


def condition_after(encounter: Encounter, target: str, events: list[Event]) -> tuple[int, int]:
    """``target``'s VP and Body DP once ``events`` (not applied yet) are."""
    taken = [e for e in events if isinstance(e, DamageTaken) and e.character == target]
    if taken:
        return taken[-1].virtual_damage_points_after, taken[-1].damage_points_after
    state = encounter.state[target]
    return state.virtual_damage_points, state.damage_points


# --- the hooks' bodies ---------------------------------------------------------------------------


def power_refusals(encounter: Encounter, actor: str, intent: Intent, spec: PowerSpec) -> list[str]:
    """``mands_action_refusals`` for ``spec``'s actions: a usable entry on the sheet, named in
    ``options["power"]`` (%Control); an attack needs a target it can reach with all its PR."""
    use = spec.use(intent.action)
    if use is None:
        return []
    entry = usable_power(encounter, actor, spec)
    if entry is None:
        return [f"{actor} has no usable {spec.name}"]
    if intent.options.get(POWER_OPTION) != entry.name:
        return [f"{intent.action} must name {entry.name!r} in options['power'] (%Control)"]
    if use.role != ATTACK:
        return []
    if intent.target is None or intent.target not in encounter.state.ids():
        return [f"{intent.action} needs a target"]
    pr = int(entry.power_rating or 0)
    reach = reach_for(encounter, use, {effect: pr for effect in use.effects}, pr)
    return reach_refusals(encounter, actor, intent.target, reach)


def power_initiation(
    encounter: Encounter,
    actor: str,
    intent: Intent,
    definition: ActionDefinition,
    spec: PowerSpec,
) -> Initiation | None:
    """``mands_action_initiate`` for ``spec``'s actions (``None`` for anyone else's)."""
    use = spec.use(definition.name)
    if use is None:
        return None
    spend = chosen_spend(encounter, actor, intent, spec, use)
    used = PowerUsed(
        encounter.now, actor, spec.name, definition.name, spend.power_rating, spend.pairs(),
        spend.ep_row,
    )  # fmt: skip
    prepared = {
        **use.prepare(encounter, actor, intent, spend),
        POWER_OPTION: intent.options.get(POWER_OPTION),
        "ep_row": spend.ep_row,
    }
    if use.role == ATTACK:
        return attack_initiation(encounter, actor, intent, use, spend, used, prepared)
    time = reduced_performance_time(definition.performance_time, spend.speed, encounter.defaults)
    if definition.is_sustained:
        prepared[PROTECTS_FROM] = encounter.now + time
        time = encounter.time.next_payment_segment(encounter.now + time - 1) - encounter.now
    charges = (Charge(spend.ep_row, definition.name),)
    return Initiation(time, (used,), charges, prepared)


def attack_initiation(
    encounter: Encounter,
    actor: str,
    intent: Intent,
    use: PowerUse,
    spend: PowerSpend,
    used: PowerUsed,
    prepared: dict[str, Any],
) -> Initiation:
    """A maintained follow-up, or a first shot: Combat Roll, Q, EP (G-13) and time."""
    definition = use.action
    shot = maintained_shot(encounter, actor, intent, definition)
    if shot is not None:  # G-75: PR on effects only; no roll, so no Defense or damage Q
        return shot.initiation(f"maintained {definition.name}", {**prepared, "damage": 0}, (used,))
    assert intent.target is not None
    reach = reach_for(encounter, use, spend.effects, spend.power_rating)
    bonus = use.roll_bonus(encounter, actor, intent, spend)
    pool = range_pool(encounter, actor, intent.target, reach)
    roll = power_combat_roll(encounter, actor, intent, pool=pool, bonus=bonus, power=used.power)
    set_aside = touch_quality(intent, roll.quality, use.touch)
    allocation = spend_quality(encounter, actor, intent, roll.quality - set_aside)
    speed = spend.speed + allocation.speed
    a = allocation
    quality = QualityAllocated(
        encounter.now, actor, definition.name, a.attack, a.defense, a.speed, a.damage, a.ep
    )
    return Initiation(
        performance_time=reduced_performance_time(
            definition.performance_time, speed, encounter.defaults
        ),
        events=(used, roll_event(encounter, actor, roll), quality),
        charges=(
            Charge(COMBAT_ROLL_ROW - allocation.ep, "combat roll"),
            Charge(spend.ep_row, definition.name),
        ),
        prepared={
            **prepared,
            **prepare_blow(encounter, actor, roll.quality, allocation),
            "quality": roll.quality,
            "reach": reach,
            **({SET_ASIDE: set_aside, TOUCH_NEEDED: use.touch} if use.touch else {}),
        },
    )


def power_combat_roll(
    encounter: Encounter,
    actor: str,
    intent: Intent,
    *,
    pool: int = 0,
    bonus: int = 0,
    power: str | None = None,
) -> ActionRoll:
    """The Combat Roll of a power attack (§5): twice Agility on the Sphere chart (+ ``bonus``),
    pool ⌊Learning/10⌋ + the Bonus Pool modifiers + ``pool`` (range, sight). Editing Points on
    it train the combat skill with ``power`` (seed 000: Seraph's "combat skill with
    Electricity"; the action's name when no power is given)."""
    figured = encounter.character(actor).figured
    return character_roll(
        encounter,
        actor,
        intent,
        "combat",
        target=figured.combat_roll + bonus,
        pool=pool + figured.combat_pool,
        improves=combat_skill_with(power or intent.action),
    )


def combat_skill_with(power: str) -> str:
    """Seed 000: the points a combat roll with a power is edited by go to "his combat skill
    with Electricity"."""
    return f"combat with {power}"


def power_resolution(
    encounter: Encounter, actor: str, action: ActionInProgress, spec: PowerSpec
) -> list[Event] | None:
    """``mands_action_resolve`` for ``spec``'s actions."""
    use = spec.use(action.name)
    if use is None:
        return None
    if use.resolve is not None:
        return use.resolve(encounter, actor, action)
    if use.role == ATTACK and use.blow is not None:
        return attack_events(encounter, actor, action, use.blow)
    return []


def attack_events(
    encounter: Encounter, actor: str, action: ActionInProgress, blow: BlowFor
) -> list[Event]:
    """G-15: the Defense bought takes effect; Attack ≥ Defense hits (§6); the blow lands
    through ``strike`` (§7)."""
    target = action.intent.target
    assert target is not None
    attack = int(action.prepared["attack"])
    defense = encounter.state[target].defense
    hit = attack >= defense
    events: list[Event] = [AttackResolved(encounter.now, actor, target, attack, defense, hit)]
    if "defense" in action.prepared:  # a maintained follow-up rolled nothing and buys none
        events.insert(0, new_defense(encounter, actor, action))
    return (
        events + strike(encounter, target, blow(encounter, actor, target, action))
        if hit
        else events
    )


def power_sustain(
    encounter: Encounter, actor: str, action: ActionInProgress, spec: PowerSpec
) -> list[Event]:
    """``mands_action_sustain`` for ``spec``'s sustained uses (G-75): held to the next Payment
    Segment, or let go when the mind's ``sustain_power`` says no."""
    if spec.use(action.name) is None or action.prepared.get("outcome") == LOST_CONTROL:
        return []
    ask = getattr(encounter.minds[actor], "sustain_power", None)
    if ask is not None and not ask(encounter, actor, action):
        return [ActionDropped(encounter.now, actor, action.name, action.action_id, LET_GO)]
    end = encounter.time.next_payment_segment(encounter.now)
    more = end - action.completes_at
    if more <= 0:
        return []
    return [PushedBack(encounter.now, actor, action.name, action.action_id, more, end, HELD)]


def running_uses(encounter: Encounter, actor: str, use: PowerUse) -> list[ActionInProgress]:
    return [a for a in encounter.state[actor].actions if a.name == use.action.name]
