"""What a policy sees: a read-only view of the encounter from one character's place.

:func:`build_view` takes frozen snapshots of the deciding character and of everyone else as it
would perceive them — condition, VP/DP/EP and their maxima, Defense, where they are, how far
along the map, whether it can see them, and the range band they are in for its own attack (the
weapon it holds ready, or its fists): ``contact``, ``short``, ``set N`` (within the Nth Range Set
past Short Range, ``docs/rules/combat.md`` §11) or ``beyond``. The actions the rules allow it now
(with their EP rows and costs) are listed on first use (:attr:`PolicyView.actions`), asking the
clock and the refusal hooks as the kernel does before it starts an action.

The core does not know the rulebook plugins, so how positions, contact, reach and running are
perceived comes in a :class:`Senses` (``mands_rulebook.policies.personalities`` gives the movement
and weapon plugins' answers); the defaults read the positions logged in the state, count only
characters at the same position as in contact, and attack with fists only.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Final
from weakref import WeakKeyDictionary

from mands_sim.actions import ActionDefinition, Intent
from mands_sim.events import DamageTaken
from mands_sim.kernel.contracts import ActionRefused, counts_as_combatant
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.state import CharacterState
from mands_sim.objectives import objectives_in_play, performing, threatens
from mands_sim.scenario import ObjectiveSpec
from mands_sim.units import SEGMENTS_PER_ROUND
from mands_sim.world import Position

CONTACT: Final = "contact"
SHORT: Final = "short"
BEYOND: Final = "beyond"


@dataclass(frozen=True, slots=True)
class RangeBands:
    """An attack's Short Range, Range Set and Maximum Range in meters (``docs/rules/combat.md``
    §11)."""

    short_range: float
    range_set: float
    max_range: float


def range_band(in_contact: bool, meters: float, bands: RangeBands | None) -> tuple[str, float]:
    """The band a target ``meters`` away is in, and G-20's count of full Range Sets past Short
    Range (the range penalty's multiplier). Fists and melee weapons (``bands`` ``None``) reach
    only targets in contact."""
    if in_contact:
        return CONTACT, 0.0
    if bands is None or math.isinf(meters):
        return BEYOND, math.inf if math.isinf(meters) else 0.0
    if meters <= bands.short_range:
        return SHORT, 0.0
    past = (meters - bands.short_range) / bands.range_set
    if meters > bands.max_range:
        return BEYOND, float(math.floor(past))
    return f"set {math.ceil(past)}", float(math.floor(past))


# -- senses ---------------------------------------------------------------------------------------


def standing_position(encounter: Encounter, who: str) -> Position | None:
    """Where the state last logged ``who`` (runners are not followed between logs)."""
    return encounter.state[who].position


def same_position(encounter: Encounter, one: str, other: str) -> bool:
    """In contact when at the same position (or when the encounter has no map)."""
    here, there = encounter.state[one].position, encounter.state[other].position
    return encounter.world is None or here is None or there is None or here == there


def fists_only(encounter: Encounter, actor: str) -> RangeBands | None:
    """No ranged attack: everything but contact is beyond reach."""
    return None


def standing_still(encounter: Encounter, who: str) -> tuple[bool, bool]:
    """Nobody is seen running or flying."""
    return False, False


def no_options(encounter: Encounter, actor: str, action: str) -> tuple[Mapping[str, Any], ...]:
    """No option sets to try beyond an action's bare intent."""
    return ()


def empty_hands(encounter: Encounter, who: str) -> str | None:
    """Nobody holds anything ready."""
    return None


@dataclass(frozen=True, slots=True)
class Senses:
    """How a character perceives the encounter; each part may be replaced.

    Attributes:
        locate: where someone is now.
        touching: whether two characters are in contact (within reach of a blow).
        reach: the Range Bands of the character's own attack (``None``: contact only).
        motion: whether someone is running, and whether flying.
        option_sets: option mappings to try, besides none, when listing an untargeted action
            as available (``move`` needs ``toward``, ``draw-weapon`` a ``weapon``).
        measure: meters between two characters over the ground (``None``: along the map
            between the positions ``locate`` gives; the rulebook's measures a flyer from where
            its flight has got to).
        sees: whether one character sees another (``None``: the map's line of sight between
            the places nearest their positions).
        readied: what someone holds ready, by name (``None``: empty hands); the rulebook's
            reads the weapons' rule state.
    """

    locate: Callable[[Encounter, str], Position | None] = standing_position
    touching: Callable[[Encounter, str, str], bool] = same_position
    reach: Callable[[Encounter, str], RangeBands | None] = fists_only
    motion: Callable[[Encounter, str], tuple[bool, bool]] = standing_still
    option_sets: Callable[[Encounter, str, str], Iterable[Mapping[str, Any]]] = no_options
    measure: Callable[[Encounter, str, str], float] | None = None
    sees: Callable[[Encounter, str, str], bool] | None = None
    readied: Callable[[Encounter, str], str | None] = empty_hands


PLAIN_SENSES: Final = Senses()


# -- snapshots ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CharacterView:
    """One character as the deciding character perceives it (frozen).

    ``distance`` is meters along the map from the deciding character (``inf``: unreachable; 0
    for itself); ``band`` and ``range_sets`` are for the deciding character's own attack;
    ``danger`` is the damage it has dealt in this encounter so far; ``ally`` is true for the
    deciding character's own side (itself included); ``combatant`` is false for a bystander or
    hostage set aside from the fight (G-235); ``started`` is the action it initiated
    last in this segment (``""``: none), so a mind asked again in the segment (a jump with a
    move, a rule's second action in the segment, ``docs/rules/combat.md`` §3) can tell.
    """

    character_id: str
    side: str
    condition: str
    standing: bool
    ally: bool
    special: bool
    virtual_damage_points: int
    damage_points: int
    endurance_points: float
    max_virtual_damage_points: int
    max_damage_points: int
    max_endurance_points: int
    defense: int
    position: Position | None
    place: str
    distance: float
    in_sight: bool
    in_contact: bool
    band: str
    range_sets: float
    readied: str | None
    running: bool
    flying: bool
    danger: int
    rank: int = 0
    """The character's place in the encounter's tie-break order (``Encounter.rank``, G-227):
    what separates characters nothing else does, never their ids."""
    started: str = ""
    combatant: bool = True
    performer: bool = False
    """An objective another side wins by hinges on it (``reach``, ``escape``,
    ``complete-action``: the deciding character's side loses if it succeeds)."""
    performing: bool = False
    """A :attr:`performer` at its objective now (``mands_sim.objectives.performing``: the
    objective's action in progress; always, on the way, for ``reach`` and ``escape``)."""
    ward: bool = False
    """An objective of the deciding character's side hinges on it (its performer, or a
    character it protects)."""

    @property
    def vitality(self) -> int:
        """VP and DP left together: how far from going down (the ``weakest`` / ``strongest``)."""
        return self.virtual_damage_points + self.damage_points


@dataclass(frozen=True, slots=True)
class GroupView:
    """Counts over a group (enemies, or allies without the deciding character)."""

    count: int
    standing: int
    down: int
    in_contact: int
    in_sight: int
    nearest: float
    """Meters to the nearest one still standing (``inf``: none)."""
    least_ep: float = math.inf
    """The fewest EP any one still standing has left (``inf``: none standing)."""
    most_ep: float = -math.inf
    """The most EP any one still standing has left (``-inf``: none standing)."""

    @classmethod
    def of(cls, members: Iterable[CharacterView]) -> GroupView:
        group = list(members)
        up = [m for m in group if m.standing]
        return cls(
            count=len(group),
            standing=len(up),
            down=len(group) - len(up),
            in_contact=sum(1 for m in up if m.in_contact),
            in_sight=sum(1 for m in up if m.in_sight),
            nearest=min((m.distance for m in up), default=math.inf),
            least_ep=min((m.endurance_points for m in up), default=math.inf),
            most_ep=max((m.endurance_points for m in up), default=-math.inf),
        )


@dataclass(frozen=True, slots=True)
class AvailableAction:
    """An action the rules let the character start now, as one concrete intent, with its cost
    before Quality: EP Use row and the EP that row costs (seed "EP Cost")."""

    intent: Intent
    ep_row: int
    ep_cost: Fraction
    performance_time: int
    is_passive: bool
    is_sustained: bool


class PolicyView:
    """The encounter from ``actor``'s place at one segment. Read-only: built by
    :func:`build_view`; :attr:`actions` is listed on first use and then kept."""

    __slots__ = (
        "_actions",
        "_encounter",
        "_senses",
        "actor",
        "allies",
        "ally_group",
        "enemies",
        "enemy_group",
        "exits",
        "me",
        "nearest_exit",
        "others",
        "round",
        "segment",
    )

    def __init__(
        self,
        encounter: Encounter,
        me: CharacterView,
        others: tuple[CharacterView, ...],
        senses: Senses,
        exits: tuple[int, float],
    ) -> None:
        self._encounter = encounter
        self._senses = senses
        self._actions: tuple[AvailableAction, ...] | None = None
        self.actor = me.character_id
        self.segment = encounter.now
        self.round = encounter.now // SEGMENTS_PER_ROUND + 1
        """1 for segments 0–49 (``docs/rules/combat.md`` §1: a round is 50 segments)."""
        self.me = me
        self.others = others
        self.enemies = tuple(o for o in others if not o.ally and o.combatant)
        """Other sides' combatants (G-235: never a bystander or hostage)."""
        self.allies = tuple(o for o in others if o.ally)
        self.enemy_group = GroupView.of(self.enemies)
        self.ally_group = GroupView.of(self.allies)
        self.exits, self.nearest_exit = exits

    @property
    def threatened(self) -> bool:
        """Whether an enemy still in action is performing an objective that makes the deciding
        character's side lose (``objective.threatened``)."""
        return any(enemy.performing and enemy.standing for enemy in self.enemies)

    def character(self, character_id: str) -> CharacterView | None:
        """The view of ``character_id`` (the deciding character's own, too), if it exists."""
        if character_id == self.actor:
            return self.me
        return next((o for o in self.others if o.character_id == character_id), None)

    @property
    def actions(self) -> tuple[AvailableAction, ...]:
        """Every registered action the clock and the rules allow now, one entry per target or
            option set that is allowed (sorted by action name, then target in the encounter's
        tie-break order, G-227)."""
        if self._actions is None:
            self._actions = tuple(available_actions(self._encounter, self.actor, self._senses))
        return self._actions

    def can(self, action: str) -> bool:
        """Whether some form of ``action`` is available now."""
        return any(a.intent.action == action for a in self.actions)


def build_view(encounter: Encounter, actor: str, senses: Senses = PLAIN_SENSES) -> PolicyView:
    """``actor``'s view of ``encounter`` now."""
    here = senses.locate(encounter, actor)
    bands = senses.reach(encounter, actor)
    dealt = damage_dealt(encounter)
    me_state = encounter.state[actor]
    specs = objectives_in_play(encounter)
    views = {
        state.character_id: _with_stakes(
            _character_view(encounter, senses, me_state, state, here, bands, dealt),
            specs,
            state,
            me_state.side,
        )
        for state in encounter.state
    }
    others = tuple(views[i] for i in encounter.state.ids() if i != actor)
    return PolicyView(encounter, views[actor], others, senses, _exits(encounter, here))


def _character_view(
    encounter: Encounter,
    senses: Senses,
    me: CharacterState,
    other: CharacterState,
    here: Position | None,
    bands: RangeBands | None,
    dealt: Mapping[str, int],
) -> CharacterView:
    who = other.character_id
    itself = who == me.character_id
    there = here if itself else senses.locate(encounter, who)
    meters = 0.0 if itself else _meters(encounter, senses, me.character_id, who, (here, there))
    touching = itself or senses.touching(encounter, me.character_id, who)
    band, sets = range_band(touching, meters, bands)
    running, flying = senses.motion(encounter, who)
    figured = other.character.figured
    return CharacterView(
        character_id=who,
        side=other.side,
        condition=other.condition,
        standing=other.in_action,
        ally=other.side == me.side,
        special=bool(other.character.sheet.is_special),
        virtual_damage_points=other.virtual_damage_points,
        damage_points=other.damage_points,
        endurance_points=float(other.endurance_points),
        max_virtual_damage_points=int(figured.virtual_damage_points),
        max_damage_points=int(figured.body_damage_points),
        max_endurance_points=int(figured.endurance_points),
        defense=other.defense,
        position=there,
        place=_place(encounter, there),
        distance=meters,
        in_sight=itself or _sees(encounter, senses, me.character_id, who, (here, there)),
        in_contact=touching,
        band=band,
        range_sets=sets,
        readied=senses.readied(encounter, who),
        running=running,
        flying=flying,
        rank=encounter.rank(who),
        danger=dealt.get(who, 0),
        started=started_now(encounter, other),
        combatant=counts_as_combatant(encounter, other),
    )


def _with_stakes(
    view: CharacterView,
    specs: tuple[ObjectiveSpec, ...],
    state: CharacterState,
    side: str,
) -> CharacterView:
    """``view`` with what the scenario's objectives (G-237) make of its character for ``side``:
    :attr:`~CharacterView.performer`, :attr:`~CharacterView.performing`,
    :attr:`~CharacterView.ward`."""
    mine = [spec for spec in specs if state.character_id in spec.characters]
    if not mine:
        return view
    against = [s for s in mine if s.kind != "protect" and threatens(s, side)]
    return replace(
        view,
        performer=bool(against),
        performing=any(performing(state, spec) for spec in against),
        ward=any(spec.side == side for spec in mine),
    )


def started_now(encounter: Encounter, state: CharacterState) -> str:
    """The action ``state``'s character initiated last in this segment, or ``""``."""
    if state.last_initiation != encounter.now or not state.initiated:
        return ""
    return state.initiated[-1]


_Spots = tuple[Position | None, Position | None]


def _meters(encounter: Encounter, senses: Senses, one: str, other: str, spots: _Spots) -> float:
    if senses.measure is not None:
        return float(senses.measure(encounter, one, other))
    return _distance(encounter, *spots)


def _sees(encounter: Encounter, senses: Senses, one: str, other: str, spots: _Spots) -> bool:
    if senses.sees is not None:
        return bool(senses.sees(encounter, one, other))
    return _in_sight(encounter, *spots)


def _distance(encounter: Encounter, here: Position | None, there: Position | None) -> float:
    if encounter.world is None or here is None or there is None:
        return 0.0
    return float(encounter.world.position_distance(here, there))


def _in_sight(encounter: Encounter, here: Position | None, there: Position | None) -> bool:
    """``World.line_of_sight`` between the places nearest the two (as the range rules judge)."""
    world = encounter.world
    if world is None or here is None or there is None:
        return True
    return bool(world.line_of_sight(world.nearest_place(here), world.nearest_place(there)))


def _place(encounter: Encounter, position: Position | None) -> str:
    if encounter.world is None or position is None:
        return ""
    return str(encounter.world.nearest_place(position))


def _exits(encounter: Encounter, here: Position | None) -> tuple[int, float]:
    """How many exits the map has, and meters to the nearest one (``inf``: none reachable)."""
    world = encounter.world
    if world is None or here is None:
        return 0, math.inf
    exits = world.exits()
    return len(exits), min((float(world.distance_to(here, e)) for e in exits), default=math.inf)


# -- what the character has dealt ------------------------------------------------------------------


@dataclass
class _Ledger:
    read: int = 0
    dealt: Counter[str] = field(default_factory=Counter)


_LEDGERS: WeakKeyDictionary[Encounter, _Ledger] = WeakKeyDictionary()


def damage_dealt(encounter: Encounter) -> Mapping[str, int]:
    """Damage each character has dealt so far (``DamageTaken.taken`` by ``source``), read from
    the log once: later calls read only the events logged since."""
    ledger = _LEDGERS.get(encounter)
    if ledger is None or ledger.read > len(encounter.log):
        ledger = _LEDGERS[encounter] = _Ledger()
    for event in encounter.log[ledger.read :]:
        if isinstance(event, DamageTaken):
            ledger.dealt[event.source] += event.taken
    ledger.read = len(encounter.log)
    return ledger.dealt


# -- what the character may do ---------------------------------------------------------------------


def refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """Why ``actor`` may not start ``intent`` now — the kernel's own checks before it starts an
    action (an unregistered action, the clock, the refusal hooks); empty when it may."""
    try:
        definition = encounter.rules.definition(intent.action)
    except ActionRefused as refused:
        return [str(refused)]
    timing = encounter.check_timing(actor, definition)
    if timing is not None:
        return [timing]
    return list(encounter.rules.refusals(encounter, actor, intent))


def allowed(encounter: Encounter, actor: str, intent: Intent) -> bool:
    """Whether ``actor`` may start ``intent`` now."""
    return not refusals(encounter, actor, intent)


def registered_actions(encounter: Encounter) -> Mapping[str, ActionDefinition]:
    """The action definitions the encounter's rules know (empty if the rules do not list them)."""
    actions = getattr(encounter.rules, "actions", None)
    return actions if isinstance(actions, Mapping) else {}


def available_actions(
    encounter: Encounter, actor: str, senses: Senses = PLAIN_SENSES
) -> Iterable[AvailableAction]:
    """Each allowed candidate intent: a targeted action at each other character in action, an
    untargeted one bare and with each of the senses' option sets."""
    for _, definition in sorted(registered_actions(encounter).items()):
        if encounter.check_timing(actor, definition) is not None:
            continue
        for intent in _candidates(encounter, actor, definition, senses):
            if not encounter.rules.refusals(encounter, actor, intent):
                yield _available(encounter, intent, definition)


def _candidates(
    encounter: Encounter, actor: str, definition: ActionDefinition, senses: Senses
) -> Iterable[Intent]:
    name = definition.name
    if definition.needs_target:
        targets = [s.character_id for s in encounter.state if s.in_action]
        return [Intent(name, target=t) for t in encounter.ranked(targets) if t != actor]
    extra = senses.option_sets(encounter, actor, name)
    return [Intent(name), *(Intent(name, options=dict(options)) for options in extra)]


def _available(
    encounter: Encounter, intent: Intent, definition: ActionDefinition
) -> AvailableAction:
    return AvailableAction(
        intent=intent,
        ep_row=definition.ep_row,
        ep_cost=Fraction(encounter.rules.ep_cost(definition.ep_row)),
        performance_time=definition.performance_time,
        is_passive=definition.is_passive,
        is_sustained=definition.is_sustained,
    )
