"""Power uses: how a power plugin describes its power, and what a use's PR was spent on
(``docs/rules/powers.md`` §1, §3; seed "Powers", "Power Rolls").

Part of the power kit (:mod:`mands_rulebook.kit.powers`): a power is a
:class:`PowerSpec` — name, aliases, source tag, and one :class:`PowerUse` per action (its
:class:`~mands_sim.actions.ActionDefinition`, the effects its PR may buy, a default PR
allocation, what it prepares and does); a checked allocation is a :class:`PowerSpend`, logged
as :class:`PowerUsed` when the use starts. Power names match case and spacing aside
(:func:`normalized`); a power's actions start with its slug (:func:`power_slug`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Literal

from mands_rulebook.kit.damage import Blow
from mands_rulebook.kit.weapons.table import Ranges
from mands_sim.actions import ActionDefinition, ActionInProgress, Intent, Resolve
from mands_sim.charts.action import ActionChart
from mands_sim.errors import MandsSimError
from mands_sim.events import Event
from mands_sim.kernel.encounter import Encounter
from mands_sim.registry import SOURCES, Register, Source

RULES_TEXT: Final[Source] = "rules text"
TEMPLATE: Final[Source] = "template, not rules text"
"""``docs/rules/powers.md`` §3: a power built from the template is tagged so it can be replaced."""

POWER_ROW: Final = 9
"""Seed "Power Rolls", ``docs/rules/powers.md`` §1: PR lowers the EP row "from row 9 unless
stated"."""

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
"""``prepared`` keys ``mands_rulebook.kit.damage`` reads on actions in progress (G-75)."""

DefaultSpend = Callable[[Encounter, str, Intent, int], Mapping[str, int]]
"""``(encounter, actor, intent, pr) -> {effect: PR}``: a use's documented default allocation."""
Prepare = Callable[[Encounter, str, Intent, "PowerSpend"], Mapping[str, Any]]
"""What a use keeps for its resolution, figured from the PR spent (damage, Skin Temper rows …)."""
BlowFor = Callable[[Encounter, str, str, ActionInProgress], Blow]
"""``(encounter, actor, target, action) -> Blow``: what an attack use's hit lands."""
RangesFor = Callable[[ActionChart, Mapping[str, int], int], Ranges]
"""``(chart, PR by effect, power rating) -> Ranges`` of a ranged attack use (§11)."""
RollBonus = Callable[[Encounter, str, Intent, "PowerSpend"], int]
"""Points an attack use adds to its Combat Roll (Fire Coat's spread)."""
RatingFor = Callable[[Encounter, str, "PowerSpec"], int]
"""``(encounter, actor, spec) -> PR``: the PR a use spends when it is not the power's one PR
(seed "Density Control": "roll a separate PR for both")."""


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
        rating: the PR this use spends (``None``: the power's, :func:`power_rating`).
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
    rating: RatingFor | None = None

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
    text"`` for one built from ``docs/rules/powers.md`` §3, ``"third party"`` for a plugin's own
    (yours). ``pr_dice`` is how the PR is rolled at
    character creation (seed: 3d6 unless the power says otherwise). ``hero_types`` names the
    Hero Type tables ``mands-sim generate`` may roll it on (``"special"``, ``"animalistic"``,
    ``"cosmic"``, ``"psychic"``, ``"superhuman"``; ``docs/character-generation.md``): a power the
    rulebook's tables do not list joins each of them with a band of its own (G-299).
    """

    name: str
    summary: str
    source: Source
    uses: tuple[PowerUse, ...]
    aliases: tuple[str, ...] = ()
    pr_dice: str = "3d6"
    hero_types: tuple[str, ...] = ()

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
    """A checked PR allocation for one action (seed "Power Rolls"): ``spend[effect]`` is the PR
    spent on one of the use's effects (0 for none), ``ep`` and ``speed`` what went on those."""

    power: str
    power_rating: int
    effects: Mapping[str, int]
    ep: int = 0
    speed: int = 0
    base_row: int = POWER_ROW

    def __getitem__(self, effect: str) -> int:
        """``spend[effect]``: the PR spent on one of the use's effects, 0 for one not bought."""
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


# --- registration --------------------------------------------------------------------------------


def register_power(register: Register, spec: PowerSpec) -> None:
    """``mands_register_powers``: the spec under its name, with its source tag."""
    register(spec.name, spec, summary=spec.summary, source=spec.source, aliases=spec.aliases)
