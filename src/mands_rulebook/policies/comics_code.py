"""The Comics Code: a hero's restraint, as a policy option (``docs/policies.md`` "The Comics
Code"). Not rules text: the rulebook's advice to players, played by a simulator's stand-in.

Seed 001, "How to Play Men & Supermen", Player Characters, rule 5: "Never use more force than is
necessary to subdue a villain. Never kill a villain unless it is necessary to protect the life
of someone else. And, never attack an unconscious villain."

A policy keeps the Code when its option ``comics_code`` is true (:func:`code_option`; the
``hero`` policy's default, every other fighting policy's option). The policy's mind is then a
:class:`CodeBound` around it, which

1. **spares a villain who is nearly out**: before a blow's Quality is spent, the damage it would
   do if it hits is worked out with the rules' own functions — the damage before Q
   (``mands_rulebook.policies.candidates``), the Doubles-chart bonus of the damage Q (G-11), Ignore
   Damage and Skin Temper (:func:`mands_rulebook.kit.damage.damage_after_protection`), VP before DP
   (:func:`mands_rulebook.kit.damage.damage_event`) — and G-17's death
   (:func:`mands_rulebook.kit.injury.would_kill`, as ``mands_rulebook.combat.out_of_action`` checks
   it).
   While the blow would kill, Q comes off damage; a scored policy keeps its best split that
   would not kill, any other puts the Q taken off where G-240 says (Defense, speed or EP rows).
   Protection that only covers on a roll is left out, so "would kill" is the worst case. A
   blow whose damage cannot be estimated before the roll (martial and wrestling blows, sweeps,
   thrown objects) is judged as a punch with the same damage Q, the floor of what it deals
   (G-257);
2. **never attacks a fallen villain**: it starts no attack at a character out of action, and a
   blow already on its way when its target falls — or that would now kill, other blows having
   landed since it was struck — is pulled (G-241): it resolves as a :class:`BlowPulled`,
   touching nobody (the Defense bought with its roll still takes effect, G-15).

The Code's exception — "unless it is necessary to protect the life of someone else" — is read
by G-243: while an ally of the hero lies unconscious, or is at 0 Body DP or below, with an
enemy still in action, the hero strikes as its policy would (it still strikes no fallen enemy).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import wraps
from typing import Any, ClassVar, Final, Literal

from mands_rulebook.kit.damage import Blow, damage_after_protection, damage_event
from mands_rulebook.kit.fists import FIST_ATTACK, called_shot, new_defense
from mands_rulebook.kit.injury import would_kill
from mands_rulebook.policies.candidates import ESTIMATOR
from mands_sim.actions import ActionInProgress, Intent, QualityAllocation, Wait
from mands_sim.api import Register, defaults_summary, hookimpl, rule_default
from mands_sim.events import Event
from mands_sim.kernel.contracts import ActionRefused, fighting
from mands_sim.kernel.encounter import Encounter
from mands_sim.metrics import Metric, one_for
from mands_sim.policy.errors import PolicyOptionsError
from mands_sim.policy.tactician import AttackOdds, Estimator, Scored
from mands_sim.rolls import damage_bonus


@dataclass(frozen=True, slots=True)
class ComicsCodeDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-240, G-241, G-242,
    G-243, G-257."""

    G240_spared_quality: Literal["defense", "speed", "ep"] = rule_default(
        "G-240",
        "Where a hero keeping the Comics Code puts the Q it takes off a blow's damage so the "
        "blow will not kill: on Defense, 2 Q per +1, an odd one on speed ('defense'); all on "
        "speed ('speed'); or on EP rows down to row 0, the rest on Defense ('ep'). A scored "
        "policy instead keeps its best split that would not kill.",
        "defense",
        ("defense", "speed", "ep"),
    )
    G241_pulled_blows: Literal["pull", "land"] = rule_default(
        "G-241",
        "A blow of a hero keeping the Comics Code whose target is out of action (unconscious, "
        "dead or surrendered) when it lands, or that would then kill (G-242): pulled, it "
        "resolves without touching the target ('pull'), or it lands as any blow does ('land').",
        "pull",
        ("pull", "land"),
    )
    G242_code_injury_risk: Literal["worst", "blow"] = rule_default(
        "G-242",
        "When a blow 'would kill' for a hero keeping the Comics Code: when it leaves the villain "
        "dead (G-17) or calls for an Injury roll (G-18) whose worst failure would ('worst'), or "
        "only when the blow's own damage leaves the villain dead ('blow').",
        "worst",
        ("worst", "blow"),
    )
    G243_code_exception: Literal["ally-down", "never"] = rule_default(
        "G-243",
        "When the Comics Code's 'unless it is necessary to protect the life of someone else' "
        "frees a hero to strike a killing blow: while one of its allies lies out of action but "
        "alive, or at 0 Body DP or below, with an enemy still in action ('ally-down'), or never "
        "('never').",
        "ally-down",
        ("ally-down", "never"),
    )
    G257_unestimated_blows: Literal["hand-damage", "unjudged"] = rule_default(
        "G-257",
        "How the Comics Code judges whether a blow whose damage it cannot estimate before the "
        "roll (martial and wrestling blows, sweeps, thrown objects) would kill: as a punch with "
        "the same damage Q and Hand Damage withheld, the floor of what each of them deals "
        "('hand-damage'), or not at all: struck as the policy chose, only pulled at a fallen "
        "target (G-241) ('unjudged').",
        "hand-damage",
        ("hand-damage", "unjudged"),
    )


CODE_OPTION: Final = "comics_code"

CODE_REASON: Final = "the Comics Code"
"""How every reason the Code gives for holding a blow back begins."""
"""The policy option that makes a character keep the Comics Code."""

WITHHOLD: Final = "withhold_damage"
"""``fist-attack``'s option: Hand Damage points withheld (seed "Hand Damage", as
``mands_rulebook.combat.fists`` reads it)."""

HAND_DAMAGE_BLOWS: Final = frozenset(
    {"martial-punch", "martial-kick", "martial-throw", "body-smash", "body-throw"}
)
"""Skill attacks (``mands_rulebook.skills``) that deal Hand Damage and more (a martial blow adds
Hand Damage ÷ its share; a throw, the fall) and take ``withhold_damage`` as a punch does."""

UNESTIMATED_BLOWS: Final = HAND_DAMAGE_BLOWS | {"sweep", "sweep-blow", "lift-and-throw"}
"""Blows the estimator does not know whose damage is at least Hand Damage: the skill attacks
above, a sweep's blows (G-81: sweeping punches, or a weapon's) and a thrown object (its mass
term plus Hand Damage, seed "Throw Roll"). G-257 judges them as a punch."""

DEATH_SHOT: Final = "death_shot"
"""``fist-attack``'s option: a Death Shot (§16, G-27), which the Code never strikes."""

CODE_TEXT: Final = (
    "Never use more force than is necessary to subdue a villain. Never kill a villain unless "
    "it is necessary to protect the life of someone else. And, never attack an unconscious "
    "villain."
)
"""Seed 001, "How to Play Men & Supermen", Player Characters, rule 5."""


@dataclass(frozen=True, slots=True)
class BlowPulled(Event):
    """``character`` pulled its ``action`` at ``target``: out of action when it would land, or
    the blow would now kill (the Comics Code, G-241). Nothing touched the target."""

    kind: ClassVar[str] = "blow-pulled"
    character: str
    target: str
    action: str

    def narrative(self) -> str:
        return f"{self.character} pulls the {self.action} at {self.target} (the Comics Code)"


# -- the option -----------------------------------------------------------------------------


def code_option(options: Mapping[str, Any], *, default: bool) -> tuple[bool, dict[str, Any]]:
    """Whether ``options`` keep the Code (``comics_code``, true or false; ``default`` when not
    given), and the other options for the policy itself."""
    keeps = options.get(CODE_OPTION, default)
    if not isinstance(keeps, bool):
        raise PolicyOptionsError(CODE_OPTION, "true or false")
    return keeps, {key: value for key, value in options.items() if key != CODE_OPTION}


def keeping_code(mind: Any, keeps: bool) -> Any:
    """``mind`` bound by the Code when ``keeps`` (a scored mind as a :class:`ScoredCodeBound`,
    so a lookahead standing on it tries only what the Code allows), else ``mind`` itself."""
    if not keeps:
        return mind
    scored = all(callable(getattr(mind, name, None)) for name in ("ranked", "allocations"))
    return ScoredCodeBound(mind) if scored else CodeBound(mind)


PolicyFactory = Callable[[Mapping[str, Any]], Any]


def offers_code(*, default: bool = False) -> Callable[[PolicyFactory], PolicyFactory]:
    """A policy factory that also takes ``comics_code`` (:func:`code_option`): the policy
    built from the other options, bound by the Code (:class:`CodeBound`) when it is kept."""

    def decorate(factory: PolicyFactory) -> PolicyFactory:
        @wraps(factory)
        def keeping(options: Mapping[str, Any]) -> Any:
            keeps, rest = code_option(options, default=default)
            return keeping_code(factory(rest), keeps)

        return keeping

    return decorate


# -- would the blow kill? -------------------------------------------------------------------


def estimator() -> Estimator:
    """The rulebook's candidate estimator (``mands_rulebook.policies.candidates``)."""
    return ESTIMATOR


def blow_odds(encounter: Encounter, actor: str, intent: Intent) -> AttackOdds | None:
    """What the estimator knows of ``intent`` as a blow (``None``: not an attack it knows)."""
    estimate = estimator().estimate(encounter, actor, intent)
    return None if estimate is None or estimate.kind != "attack" else estimate.attack


def blows_on_the_way(encounter: Encounter, target: str) -> int:
    """The damage every blow in progress at ``target`` would do if it hit (the worst case:
    a blow already struck lands before or after this one, and the two add up)."""
    total = 0
    for state in encounter.state:
        for action in state.actions:
            if action.intent.target == target:
                blow = estimator().pending_blow(encounter, state.character_id, action)
                total += 0 if blow is None else int(blow[1])
    return total


def life_at_stake(encounter: Encounter, actor: str) -> bool:
    """G-243 ``ally-down``: the Code's exception ("unless it is necessary to protect the life of
    someone else") holds while an ally of ``actor`` lies out of action but alive (unconscious),
    or is at 0 Body DP or below, and an enemy is still fighting (a hostage or bystander in
    action endangers nobody, G-235)."""
    if encounter.defaults.of(ComicsCodeDefaults).G243_code_exception != "ally-down":
        return False
    side = encounter.state[actor].side
    if not any(s.side != side and fighting(encounter, s) for s in encounter.state):
        return False
    return any(
        s.side == side
        and s.character_id != actor
        and (s.condition == "unconscious" or (s.in_action and s.damage_points <= 0))
        for s in encounter.state
    )


def lethal(encounter: Encounter, actor: str, intent: Intent, damage_quality: int) -> bool:
    """Whether ``intent``'s blow, hitting with ``damage_quality`` Q on damage after every blow
    already on its way to the target, would leave the target dead (G-17) — or, by G-242, call
    for an Injury roll whose worst failure would — before protection that covers on a roll."""
    target = intent.target
    if target is None or target not in encounter.state.ids():
        return False
    odds = blow_odds(encounter, actor, intent)
    if odds is None:
        return punch_would_kill(encounter, actor, intent, damage_quality)
    raw = max(0, odds.raw_damage + damage_bonus(max(0, damage_quality), encounter.charts))
    taken = damage_after_protection(raw, odds.ignore_damage, odds.multiplier)
    blow = Blow(raw=raw, source=actor, location=called_shot(intent))
    hit = damage_event(encounter, target, blow, taken + blows_on_the_way(encounter, target))
    injury_roll = encounter.defaults.of(ComicsCodeDefaults).G242_code_injury_risk == "worst"
    return would_kill(encounter, hit, injury_roll=injury_roll)


def punch_would_kill(encounter: Encounter, actor: str, intent: Intent, damage_quality: int) -> bool:
    """G-257 ``hand-damage``: a blow the estimator does not know (:data:`UNESTIMATED_BLOWS`)
    would kill when a punch at the same target, with the same damage Q and Hand Damage withheld,
    would: each deals at least that."""
    if (
        encounter.defaults.of(ComicsCodeDefaults).G257_unestimated_blows != "hand-damage"
        or intent.action not in UNESTIMATED_BLOWS
    ):
        return False
    withheld = {WITHHOLD: intent.options[WITHHOLD]} if WITHHOLD in intent.options else {}
    punch = Intent(FIST_ATTACK.name, intent.target, options=withheld)
    return blow_odds(encounter, actor, punch) is not None and lethal(
        encounter, actor, punch, damage_quality
    )


def is_blow(encounter: Encounter, actor: str, intent: Intent) -> bool:
    """Whether ``intent`` is a blow: an attack the estimator knows, or one of
    :data:`UNESTIMATED_BLOWS`."""
    return intent.action in UNESTIMATED_BLOWS or blow_odds(encounter, actor, intent) is not None


def spared(
    encounter: Encounter, actor: str, intent: Intent, allocation: QualityAllocation
) -> QualityAllocation:
    """``allocation`` with damage Q taken off, one at a time, until the blow would not kill
    (at most all of it), the Q taken off put where G-240 says."""
    damage = allocation.damage
    while damage > 0 and lethal(encounter, actor, intent, damage):
        damage -= 1
    if damage == allocation.damage:
        return allocation
    return moved(encounter, intent, allocation, damage)


def moved(
    encounter: Encounter, intent: Intent, allocation: QualityAllocation, damage: int
) -> QualityAllocation:
    """G-240: the Q above ``damage`` on Defense (2 Q per +1, an odd one on speed), on speed, or
    on EP rows down to row 0 and the rest on Defense."""
    freed = allocation.damage - damage
    kept = replace(allocation, damage=damage)
    rule = encounter.defaults.of(ComicsCodeDefaults).G240_spared_quality
    if rule == "speed":
        return replace(kept, speed=kept.speed + freed)
    if rule == "ep":
        rows = min(freed, max(0, ep_row(encounter, intent) - kept.ep))
        kept, freed = replace(kept, ep=kept.ep + rows), freed - rows
    return replace(kept, defense=kept.defense + freed - freed % 2, speed=kept.speed + freed % 2)


def ep_row(encounter: Encounter, intent: Intent) -> int:
    """The EP row of ``intent``'s roll before Q (seed "EP Cost"); 0 if no plugin knows it."""
    try:
        return encounter.rules.definition(intent.action).ep_row
    except ActionRefused:
        return 0


def lands_lethal(encounter: Encounter, actor: str, action: ActionInProgress) -> bool:
    """Whether ``action``'s blow, landing now with the Q it was struck with, would kill
    (G-17, G-242)."""
    target = action.intent.target
    blow = estimator().pending_blow(encounter, actor, action)
    if target is None or blow is None:
        return False
    hit = damage_event(encounter, target, Blow(raw=0, source=actor), int(blow[1]))
    return would_kill(
        encounter,
        hit,
        injury_roll=encounter.defaults.of(ComicsCodeDefaults).G242_code_injury_risk == "worst",
    )


def restrained(encounter: Encounter, actor: str, intent: Intent) -> Intent | Wait:
    """``intent`` with no more force than needed: no Death Shot; a punch that would kill even
    with no Q on damage withholds Hand Damage (seed "Hand Damage": "doing less damage") until
    it would not, as does a martial or wrestling blow (:data:`HAND_DAMAGE_BLOWS`); any other
    such blow is not struck (a look again next segment)."""
    if intent.options.get(DEATH_SHOT):
        intent = replace(
            intent, options={k: v for k, v in intent.options.items() if k != DEATH_SHOT}
        )
    if not lethal(encounter, actor, intent, 0):
        return intent
    if intent.action == FIST_ATTACK.name or intent.action in HAND_DAMAGE_BLOWS:
        hand = int(encounter.figured(actor).hand_damage)
        for withheld in range(intent.whole(WITHHOLD) + 1, hand + 1):
            pulled = replace(intent, options={**intent.options, WITHHOLD: withheld})
            if not lethal(encounter, actor, pulled, 0):
                return pulled
    return Wait(encounter.now + 1, f"{CODE_REASON}: every blow would kill")


# -- the mind -------------------------------------------------------------------------------


def attacks_the_fallen(encounter: Encounter, actor: str, intent: Intent) -> bool:
    """Whether ``intent`` is a blow (:func:`is_blow`) at an enemy out of action."""
    target = intent.target
    if target is None or target not in encounter.state.ids():
        return False
    enemy = encounter.state[target]
    if enemy.in_action or enemy.side == encounter.state[actor].side:
        return False
    return is_blow(encounter, actor, intent)


class CodeBound:
    """A mind keeping the Comics Code (module docstring); every other question goes to the
    ``mind`` it stands on."""

    comics_code: Final = True

    def __init__(self, mind: Any) -> None:
        self.mind = mind

    @property
    def passive_actions(self) -> bool:
        return bool(getattr(self.mind, "passive_actions", False))

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        decision: Intent | Wait | None = self.mind.choose(encounter, actor)
        if not isinstance(decision, Intent):
            return decision
        if attacks_the_fallen(encounter, actor, decision):
            return Wait(encounter.now + 1, f"{CODE_REASON}: never attack a fallen villain")
        if life_at_stake(encounter, actor):
            return decision
        return restrained(encounter, actor, decision)

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        """The mind's best split that would not kill (a scored mind's ``allocations``), else
        the mind's own split :func:`spared`; the mind's own while a life is at stake (G-243)."""
        if life_at_stake(encounter, actor):
            return self.mind.allocate(encounter, actor, intent, quality)  # type: ignore[no-any-return]
        splits = getattr(self.mind, "allocations", None)
        if callable(splits) and intent.target is not None:
            for split, _ in splits(encounter, actor, intent, quality):
                if not lethal(encounter, actor, intent, split.damage):
                    return split  # type: ignore[no-any-return]
        allocation = self.mind.allocate(encounter, actor, intent, quality)
        return spared(encounter, actor, intent, allocation)

    def pull_blow(self, encounter: Encounter, actor: str, action_id: int) -> bool:
        """G-241: the Code pulls a blow about to land on a character out of action, or one that
        would now kill (blows landed since it was struck)."""
        action = encounter.state[actor].find_action(action_id)
        target = None if action is None else action.intent.target
        if action is None or target is None or target not in encounter.state.ids():
            return False
        if not encounter.state[target].in_action:
            return True
        return not life_at_stake(encounter, actor) and lands_lethal(encounter, actor, action)

    def explain(self, encounter: Encounter, actor: str, intent: Intent) -> Any:
        ask = getattr(self.mind, "explain", None)
        return ask(encounter, actor, intent) if callable(ask) else None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name == "mind":
            raise AttributeError(name)
        return getattr(self.mind, name)

    def __dir__(self) -> list[str]:
        return sorted({*super().__dir__(), *dir(self.mind)})


class ScoredCodeBound(CodeBound):
    """A scored mind (a tactician) keeping the Code: its ranked candidates and Q splits are
    those the Code allows, so a ``lookahead`` standing on it (``mands_sim.policy.lookahead``)
    tries only those, and plays its futures — its own later choices and its Code-keeping
    allies' — by the Code."""

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        """:meth:`CodeBound.choose`; when the Code holds back the mind's choice (its every blow
        would kill, or it is at the fallen), the best of the candidates the Code allows
        (:meth:`ranked`: a punch pulled by withholding Hand Damage instead of a club that
        cannot be) scoring above 0, if any."""
        decision = super().choose(encounter, actor)
        if not isinstance(decision, Wait) or not decision.reason.startswith(CODE_REASON):
            return decision
        for candidate in self.ranked(encounter, actor):
            if candidate.score > 0:
                held = candidate.estimate.intent
                return replace(held, reason=f"{CODE_REASON}: {candidate.label}, held back")
        return decision

    def ranked(self, encounter: Encounter, actor: str) -> list[Scored]:
        """The mind's candidates but blows at a fallen enemy, each restrained (no Death Shot,
        Hand Damage withheld) and those that would kill whatever is held back left out; all but
        the blows at the fallen while a life is at stake (G-243)."""
        free = life_at_stake(encounter, actor)
        kept: list[Scored] = []
        for candidate in self.mind.ranked(encounter, actor):
            intent = candidate.estimate.intent
            if attacks_the_fallen(encounter, actor, intent):
                continue
            held = intent if free else restrained(encounter, actor, intent)
            if isinstance(held, Intent):
                estimate = replace(candidate.estimate, intent=held)
                kept.append(candidate if held == intent else replace(candidate, estimate=estimate))
        return kept

    def allocations(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> list[tuple[QualityAllocation, float]]:
        """The mind's splits that would not kill, best first; if none, the Code's own split
        (:meth:`CodeBound.allocate`) with the best score; all of them while a life is at stake."""
        splits: list[tuple[QualityAllocation, float]] = self.mind.allocations(
            encounter, actor, intent, quality
        )
        if life_at_stake(encounter, actor) or intent.target is None:
            return splits
        kept = [(s, score) for s, score in splits if not lethal(encounter, actor, intent, s.damage)]
        if kept or not splits:
            return kept
        return [(self.allocate(encounter, actor, intent, quality), splits[0][1])]


# -- pulled blows ---------------------------------------------------------------------------


BLOWS_PULLED: Final = Metric(
    "blows pulled",
    {BlowPulled: one_for("character")},
    summary="blows the Comics Code pulled (G-241), by whom",
)
"""Counted for the character who pulled the blow; the report gives it per run."""


@hookimpl
def mands_register_metrics(register: Register) -> None:
    register(BLOWS_PULLED.name, BLOWS_PULLED, summary=BLOWS_PULLED.summary, source="rules text")


@hookimpl
def mands_resolution_gate(
    encounter: Encounter, actor: str, action: ActionInProgress
) -> list[Event] | None:
    """G-241: a blow the mind pulls (``pull_blow``: a Code-bound blow at a target out of action,
    or that would now kill) touches nobody; any other is left to the plugin that knows it."""
    target = action.intent.target
    if (
        target is None
        or "attack" not in action.prepared
        or encounter.defaults.of(ComicsCodeDefaults).G241_pulled_blows != "pull"
        or target not in encounter.state.ids()
    ):
        return None
    ask = getattr(encounter.minds.get(actor), "pull_blow", None)
    if not callable(ask) or not ask(encounter, actor, action.action_id):
        return None
    pulled: list[Event] = [BlowPulled(encounter.now, actor, target, action.name)]
    if "defense" in action.prepared:
        pulled.append(new_defense(encounter, actor, action))
    return pulled


__all__ = [
    "BLOWS_PULLED",
    "CODE_OPTION",
    "CODE_TEXT",
    "BlowPulled",
    "CodeBound",
    "ScoredCodeBound",
    "code_option",
    "keeping_code",
    "lethal",
    "offers_code",
    "spared",
]


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "policies.comics_code",
        ComicsCodeDefaults,
        summary=defaults_summary(ComicsCodeDefaults),
        source="rules text",
    )
