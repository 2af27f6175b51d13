"""Low Self-Control: a d100 save after being hurt, or berserk (seed "Sample Weaknesses").

Seed, Armadillo ("Mental Handicap, Low Self-Control"): "Armadillo must make a saving throw vs.
his learning plus his willpower minus VP/DP lost, on d100, or go berserk—attack until his
opponent is down or Armadillo himself is unconscious ... if he took 10 points damage he would
have to save vs. 48 on d100 or go berserk." On the sheet::

    [[weaknesses]]
    kind = "low-self-control"

* **The save** (G-264 ``each-action``): after each action that cost the character VP or DP, d100
  ≤ Learning + Willpower − all the VP and DP it has lost so far (a
  :class:`~mands_sim.events.PercentRolled`, its ``"self-control"`` dice), until it fails once.
* **Berserk** (G-265): from the failed save to the end of the encounter. ``attacks-only``: it
  starts nothing but attacks on an enemy and moves while an enemy stands; ``no-retreat``: it may
  not flee, surrender or rest. The seed's further saves ("if friends try to calm him down") are
  the Editor's call: not simulated.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from mands_rulebook.kit.weaknesses import fired, has_weakness, weaknesses_of
from mands_sim.api import (
    ActionInProgress,
    ActionResolved,
    DamageTaken,
    Encounter,
    Event,
    Intent,
    Register,
    Weakness,
    WeaknessFired,
    WeaknessKind,
    answers_characters,
    defaults_summary,
    hookimpl,
    percent_roll,
    rule_default,
    spoken,
)


@dataclass(frozen=True, slots=True)
class LowSelfControlDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-264, G-265."""

    G264_self_control_save: Literal["each-action", "off"] = rule_default(
        "G-264",
        "Low Self-Control (Armadillo): after each action that cost the character VP or DP, a "
        "d100 save against the weakness's score (Learning + Willpower) minus all the VP and DP "
        "lost so far, or berserk ('each-action'); or the save is never asked ('off').",
        "each-action",
        ("each-action", "off"),
    )
    G265_berserk: Literal["attacks-only", "no-retreat"] = rule_default(
        "G-265",
        "A berserk character 'attack[s] until his opponent is down or [he] is unconscious': it "
        "starts nothing but attacks and moves while an enemy stands ('attacks-only'), or only "
        "may not flee, surrender or rest ('no-retreat'); it lasts the encounter.",
        "attacks-only",
        ("attacks-only", "no-retreat"),
    )


KIND: Final = "low-self-control"
BERSERK: Final = "goes berserk"
"""The :class:`~mands_sim.events.WeaknessFired` effect of a failed save."""

SAVE: Final = "self-control save"
STREAM: Final = "self-control"
"""The substream of the character's dice that deals its saves."""

RETREATS: Final = frozenset({"flee", "surrender", "rest"})
"""G-265 ``no-retreat``: what a berserker may not start."""

MOVE: Final = "move"

LOW_SELF_CONTROL = WeaknessKind()


def save_target(encounter: Encounter, actor: str) -> int:
    """Seed: "learning plus his willpower minus VP/DP lost" (Armadillo: 58 − 10 = 48)."""
    character = encounter.current(actor)
    state = encounter.state[actor]
    lost = character.figured.virtual_damage_points - state.virtual_damage_points
    lost += character.figured.damage_points.body - state.damage_points
    return int(character.sheet.abilities.learning + character.figured.willpower - lost)


def is_berserk(encounter: Encounter, actor: str) -> bool:
    """Whether ``actor`` has failed its save in this encounter (read from the log)."""
    return any(
        isinstance(e, WeaknessFired) and e.character == actor and e.effect == BERSERK
        for e in encounter.log
    )


def hurt_by_last_action(encounter: Encounter) -> set[str]:
    """Who took VP or DP in the action that has just resolved: the DamageTaken logged since the
    previous action's resolution."""
    hurt: set[str] = set()
    resolved = 0
    for event in reversed(encounter.log):
        if isinstance(event, ActionResolved):
            resolved += 1
            if resolved == 2:
                break
        elif isinstance(event, DamageTaken) and event.taken > 0:
            hurt.add(event.character)
    return hurt


def self_control_save(encounter: Encounter, actor: str, weakness: Weakness) -> list[Event]:
    """The d100 save, and berserk if it fails."""
    target = save_target(encounter, actor)
    save = percent_roll(encounter, actor, SAVE, target, stream=(STREAM,))
    events: list[Event] = [save]
    if not save.succeeded:
        events.append(fired(encounter, actor, weakness, BERSERK))
    return events


@hookimpl
def mands_register_weaknesses(register: Register) -> None:
    register(
        KIND,
        LOW_SELF_CONTROL,
        summary="A d100 save vs. Learning + Willpower − VP/DP lost, or berserk (Armadillo).",
        source="rules text",
    )


@hookimpl
def mands_action_after(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """G-264: everyone hurt by the action who has this weakness and is not berserk saves."""
    if encounter.defaults.of(LowSelfControlDefaults).G264_self_control_save == "off":
        return []
    events: list[Event] = []
    for victim in encounter.ranked(hurt_by_last_action(encounter)):
        found = weaknesses_of(encounter, victim, KIND)
        if found and encounter.state[victim].in_action and not is_berserk(encounter, victim):
            events += self_control_save(encounter, victim, found[0])
    return events


@hookimpl
@answers_characters(has_weakness(KIND))
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """G-265: what a berserker may not start."""
    if not weaknesses_of(encounter, actor, KIND) or not is_berserk(encounter, actor):
        return []
    if encounter.defaults.of(LowSelfControlDefaults).G265_berserk == "no-retreat":
        refused = spoken(intent.action) in {spoken(name) for name in RETREATS}
    else:
        refused = intent.action != MOVE and not attacks_an_enemy(encounter, actor, intent)
    return ["berserk: attacks until the opponent is down (G-265)"] if refused else []


def attacks_an_enemy(encounter: Encounter, actor: str, intent: Intent) -> bool:
    """Whether ``intent`` aims at a character of another side still in action."""
    target = intent.target
    if target is None or target not in encounter.state.ids():
        return False
    state = encounter.state[target]
    return state.side != encounter.state[actor].side and state.in_action


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "weaknesses.low_self_control",
        LowSelfControlDefaults,
        summary=defaults_summary(LowSelfControlDefaults),
        source="rules text",
    )
