"""The power kit: what every power plugin builds on (``docs/rules/powers.md`` §1,
``docs/rules/combat.md`` §17a; seed "Powers", "Power Rolls"). A library, not a plugin: it registers
no hooks.

A power plugin describes its power as a :class:`PowerSpec` — name, aliases, source tag, and one
:class:`PowerUse` per action (its :class:`~mands_sim.actions.ActionDefinition`, the effects its
Power Roll may buy, a default PR allocation, what it prepares and does) — and answers each hook
with one line that hands the spec to the kit (``docs/writing-plugins.md`` "10. The rulebook's own
powers"). The kit then plays the rules every power shares:

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
  Bonus Pool modifiers, range and sight as ``mands_rulebook.combat.range`` counts them) whose Q the
  mind
  spends as for a punch (``mands_rulebook.combat.fists``): Attack, Defense (G-15), speed, damage
  (G-11),
  EP; a failure is spread (G-14). EP: the Combat Roll's row 5 less EP Q (G-13) and the power's
  row less EP PR. A follow-up of a maintained blast (``mands_rulebook.combat.maintained``) rolls
  nothing:
  ¼ Performance Time, the chain's Attack −2 per shot, the blast's row +1 (G-54, G-55).
* **Sustained uses** (a Fire Coat, a power shield) take effect once their own Performance Time
  has passed and are held round by round (G-75): each Payment Segment the mind's optional
  ``sustain_power(encounter, actor, action) -> bool`` (default yes) holds the use another round
  (its end moves to the next Payment Segment, and it pays its row) or lets it go (dropped before
  it pays). Pushback moves the end of the hold, not the moment the effect began (as G-65 for
  runs). Protection they give goes to ``mands_rulebook.kit.damage`` as ``Cover`` values in
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

Where it lives: the specs and spends are :mod:`~mands_rulebook.kit.powers.uses`; who has a power
at what PR, and PR taken, :mod:`~mands_rulebook.kit.powers.ratings`; the Combat Roll, ranges and
touches of attacks :mod:`~mands_rulebook.kit.powers.attacks`; spending PR and the hooks' bodies
are here. Each name is imported from the module that defines it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import partial
from types import MappingProxyType
from typing import Final

from mands_rulebook.kit.control import LOST_CONTROL, POWER_OPTION
from mands_rulebook.kit.powers.attacks import attack_events, attack_initiation, reach_for
from mands_rulebook.kit.powers.ratings import power_rating, usable_power
from mands_rulebook.kit.powers.uses import (
    ATTACK,
    COMMON_EFFECTS,
    EP,
    PROTECTS_FROM,
    SPEED,
    PowerSpec,
    PowerSpend,
    PowerSpendError,
    PowerUse,
    PowerUsed,
)
from mands_rulebook.kit.range import reach_refusals
from mands_sim.actions import (
    ActionDefinition,
    ActionInProgress,
    Initiate,
    Intent,
    Resolve,
    register_actions,
)
from mands_sim.errors import MandsSimError
from mands_sim.events import ActionDropped, Event, PushedBack
from mands_sim.kernel.contracts import Charge, Initiation
from mands_sim.kernel.encounter import Encounter
from mands_sim.registry import Register
from mands_sim.rolls import reduced_performance_time

"""The kit's names: its own, and those of its modules (uses, ratings, attacks)."""

HELD: Final = "held another round"
LET_GO: Final = "let go"
"""Reasons of the events that hold a sustained use another round or end it (G-75)."""


# --- spending PR ---------------------------------------------------------------------------------


def chosen_spend(
    encounter: Encounter, actor: str, intent: Intent, spec: PowerSpec, use: PowerUse
) -> PowerSpend:
    """The mind's ``spend_power`` answer, or the use's default, checked against the PR (the
    use's own ``rating`` if it has one)."""
    pr = (
        power_rating(encounter, actor, spec)
        if use.rating is None
        else use.rating(encounter, actor, spec)
    )
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


def use_of(spec: PowerSpec, action: str) -> PowerUse:
    """``spec``'s use whose action is ``action``; any other action is a plugin's mistake."""
    use = spec.use(action)
    if use is None:
        raise MandsSimError(f"action {action!r} is not a use of {spec.name}")
    return use


def power_initiation(
    encounter: Encounter,
    actor: str,
    intent: Intent,
    definition: ActionDefinition,
    spec: PowerSpec,
) -> Initiation:
    """The ``initiate`` of ``spec``'s actions: the PR spent, the Combat Roll of an attack."""
    use = use_of(spec, definition.name)
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


def power_resolution(
    encounter: Encounter, actor: str, action: ActionInProgress, spec: PowerSpec
) -> list[Event]:
    """The ``resolve`` of ``spec``'s actions: the use's own, or an attack's blow."""
    use = use_of(spec, action.name)
    if use.resolve is not None:
        return use.resolve(encounter, actor, action)
    if use.role == ATTACK and use.blow is not None:
        return attack_events(encounter, actor, action, use.blow)
    return []


def register_power_actions(
    register: Register,
    spec: PowerSpec,
    *,
    initiate: Initiate | None = None,
    resolve: Resolve | None = None,
) -> None:
    """``mands_register_actions``: every use's action, with the power's source tag, marked as
    a use of the power (:attr:`~mands_sim.actions.ActionDefinition.power`). Its own rules are
    ``initiate`` and ``resolve`` when given, else the kit's: :func:`power_initiation` and
    :func:`power_resolution` for ``spec``."""
    register_actions(
        register,
        (replace(use.action, power=spec.name) for use in spec.uses),
        initiate=initiate or partial(power_initiation, spec=spec),
        resolve=resolve or partial(power_resolution, spec=spec),
        source=spec.source,
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
