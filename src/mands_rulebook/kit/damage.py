"""Applying damage: the one path every blow, blast and fall takes (``docs/rules/combat.md`` §7).

Attack plugins describe what lands as a :class:`Blow` and call :func:`strike`, which returns the
events. Keeping one path means Ignore Damage, Skin Temper, armor and every later rule apply the
same way to fists, weapons and powers, and the raw number stays on the event for throwback
(§7.3 item 5, §8.1). In order:

1. **Cover rolls** (§7.3 item 3, §13; G-06, G-22): each protection that acts with a Cover Chance
   rolls d100 (a :class:`~mands_sim.events.PercentRolled`, covering at roll ≤ chance) —
   Personal Armor first (the victim's Skin Temper and Ignore Damage powers, seed "Armor Use";
   its mind may decline them, ``use_personal_armor``), then what the victim's actions in
   progress protect with (a power shield, a Fire Coat: their ``prepared["covers"]`` from
   ``prepared["protects_from"]``, G-75), then the Ignore Damage skill (body only,
   seed), then each worn armor in the sheet's ``equipment`` order (``data/armor.toml``). Armor
   Use adds 5 per level, the attacker's Aiming at Armor takes 5 per Q (seed "Combat Skill").
   A chance of 0 or 100 is not rolled. The d100 come from the victim's ``"cover"`` substream.
   An Armor Use skill whose bonus is added costs its EP (seed "Armor Use": "row 3 of the EP Use
   Chart (2 EP/round)"), paid before the rolls, once a round (G-286).
2. **Ignore Damage** subtracts first: the figured (natural) value plus what covers (§7.3 item 2).
3. **Skin Temper** multiplies what is left ("Skin Temper is applied after Ignore Damage"): the
   figured row (the low-Mass penalty included), raised by what covers, then moved one row toward
   row 0 (multiplier 1) per bonus vs. Skin Temper — a weapon never past 1, a
   ``breaks_skin_temper`` blow (low DP, Vibratory Power) on to 10/9, 5/4 … (§7.3 item 4; G-59
   for low Mass); then one row per point of Body DP below 1, past 1 too (G-261: low DP). The
   result is rounded up (G-45), then multiplied by a vulnerability the blow hits (G-263).
4. **VP first, then DP** (§7.3 item 1); what VP cannot take carries into DP in the same hit
   (G-30). Up to ``penetration`` of the DP lost (all of them for a penetrating blow) are
   penetrating (§7.2, G-61); a called shot's location is recorded (G-60).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Final, Literal

from mands_rulebook.kit.armor import LOCATIONS, ArmorTable, standard_armor
from mands_rulebook.kit.skills import core_row
from mands_rulebook.kit.weaknesses import vulnerable_damage
from mands_sim.charts.skin_temper import SkinTemperChart
from mands_sim.defaults import rule_default
from mands_sim.errors import SheetError
from mands_sim.events import DamageTaken, EndurancePaid, Event, PercentRolled, WeaknessFired
from mands_sim.kept import KeptAnswers
from mands_sim.kernel.encounter import Encounter
from mands_sim.log_index import logged
from mands_sim.model.sheet import CharacterSheet, PowerEntry
from mands_sim.percent_rolls import percent_roll
from mands_sim.units import SEGMENTS_PER_ROUND


@dataclass(frozen=True, slots=True)
class DamageDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-06, G-59, G-61,
    G-286, G-261, G-263."""

    G06_skin_temper_power: Literal["multiplier", "rows"] = rule_default(
        "G-06",
        "A Skin Temper power's bonus ('+d5/5': Seraph's .8), when its Cover Chance covers a "
        "blow: the multiplier 1 - bonus, snapped to the nearest Skin Temper row no lower than "
        "1/10 (.8 -> 1/5), or the bonus rounded to whole rows added (.8 -> +1 row).",
        "multiplier",
        ("multiplier", "rows"),
    )
    G59_low_mass: Literal["once", "twice", "opponent_skin"] = rule_default(
        "G-59",
        "Mass < 50: the light character's Skin Temper penalty and its opponents' 'bonus' are "
        "one modification ('once'); or the opponents also get it as a bonus vs. the light "
        "character's Skin Temper ('twice'); or their own Skin Temper rises that many rows "
        "against the light character's blows ('opponent_skin').",
        "once",
        ("once", "twice", "opponent_skin"),
    )
    G61_armor_stacking: Literal["add", "best"] = rule_default(
        "G-61",
        "Worn armor that covers the same blow (say plate and a shield): the Skin Temper rows "
        "and Ignore Damage of every covering piece add up ('add'), or only the best counts.",
        "add",
        ("add", "best"),
    )
    G286_armor_use_ep: Literal["round_used", "blow"] = rule_default(
        "G-286",
        "When Armor Use's 2 EP/round (seed 'Armor Use', row 3) are paid: once in each round "
        "(Payment Segment to Payment Segment) in which the skill's bonus is added to a Cover "
        "Chance, at the first such blow ('round_used'), or at every blow it is added to ('blow').",
        "round_used",
        ("round_used", "blow"),
    )
    G261_low_dp_skin_temper: Literal["below-one", "off"] = rule_default(
        "G-261",
        "Skin Temper at low DP (seed: such modifications 'can' go past 1, to 10/9, 5/4, 3/2): "
        "one row toward and past 1 for each point of Body DP below 1 ('below-one'), or no "
        "change ('off').",
        "below-one",
        ("below-one", "off"),
    )
    G263_vulnerability: Literal["after-protection", "raw"] = rule_default(
        "G-263",
        "A vulnerability's multiplier ('3 times normal damage') multiplies the damage taken "
        "after Ignore Damage and Skin Temper ('after-protection'), or the raw damage before "
        "them ('raw').",
        "after-protection",
        ("after-protection", "raw"),
    )


BLUDGEONING = "bludgeoning"
PENETRATING = "penetrating"
DAMAGE_KINDS = (BLUDGEONING, PENETRATING)
"""``docs/rules/combat.md`` §7.2: damage is bludgeoning or penetrating by how it heals."""

COVER_STREAM: Final = "cover"

PERCENT: Final = 100
"""A Cover Chance of this or more covers without a roll (seed "Percent Chance of Success")."""
"""The substream of the victim's dice that deals Cover rolls, apart from its Action Rolls."""

LOW_DP_FROM: Final = 1
"""G-261: Body DP below this is low DP (the seed's "less than 1 DP", as in "remaining conscious
when at less than 1 DP", seed "Doctor")."""

SKIN_TEMPER_POWER_FLOOR: Final = Fraction(1, 10)
"""G-06: a Skin Temper power's multiplier is snapped to a row "no lower than 1/10"."""


@dataclass(frozen=True, slots=True)
class Blow:
    """What lands on a victim, before any protection.

    Attributes:
        raw: the damage before skill, Ignore Damage or Skin Temper (kept for throwback, §8.1).
        source: the id of the attacker (or a description such as ``"fall"``).
        kind: ``bludgeoning`` or ``penetrating`` (§7.2).
        penetration: points of the damage that are penetrating when ``kind`` is bludgeoning.
        vs_skin_temper: rows of bonus against Skin Temper (§7.3 item 4), never past 1.
        location: the body location hit (``body`` unless a called shot says otherwise).
        small_projectile: a handgun or rifle bullet: throwback is halved again (§8.1).
        weapon: the weapon or power that dealt it, for the log (``""`` for fists).
        breaks_skin_temper: the bonus vs. Skin Temper may go past 1 (seed "Skin Temper": "for
            low DP or for certain powers (such as Vibratory Power)").
        aim_at_armor: Quality the attacker spent Aiming at Armor: −5 to each armor Cover
            Chance per point (seed "Combat Skill").
    """

    raw: int
    source: str
    kind: str = BLUDGEONING
    penetration: int = 0
    vs_skin_temper: int = 0
    location: str = "body"
    small_projectile: bool = False
    weapon: str = ""
    breaks_skin_temper: bool = False
    aim_at_armor: int = 0

    def __post_init__(self) -> None:
        if self.kind not in DAMAGE_KINDS:
            raise ValueError(f"a blow's kind is one of {DAMAGE_KINDS}, not {self.kind!r}")
        if self.location not in LOCATIONS:
            raise ValueError(f"a blow's location is one of {LOCATIONS}, not {self.location!r}")
        if self.penetration < 0 or self.aim_at_armor < 0:
            raise ValueError(f"penetration and aim_at_armor must be 0 or more: {self}")


@dataclass(frozen=True, slots=True)
class Cover:
    """A protection that acts with a Cover Chance (``docs/rules/combat.md`` §7.3 item 3, §13).

    ``skin_temper_row`` is the row a Skin Temper power gives (G-06 ``multiplier``); the victim
    keeps the better of it and its own. ``is_armor`` marks worn armor (G-61 stacking).
    ``armor_use`` names the Armor Use skill whose bonus the chance includes (``""`` for none).
    ``kinds``: the kinds of blow (:attr:`Blow.kind`) it covers; all of them unless it says (seed
    "Density Control": "ignore PR in bludgeoning damage at the low density").
    """

    name: str
    chance: int
    ignore_damage: int = 0
    skin_temper_rows: int = 0
    skin_temper_row: int | None = None
    is_armor: bool = False
    armor_use: str = ""
    kinds: tuple[str, ...] = DAMAGE_KINDS


@dataclass(frozen=True, slots=True)
class Protection:
    """What protects the victim from one blow once the Cover rolls are made."""

    ignore_damage: int
    skin_temper_row: int


def strike(
    encounter: Encounter, victim: str, blow: Blow, pending: Sequence[Event] = ()
) -> list[Event]:
    """The events of ``blow`` landing on ``victim``: Armor Use's EP, the Cover rolls, then the
    damage taken (times a vulnerability's multiplier, G-263, logged before it). ``pending``:
    the events of this resolution so far, not applied yet (a second blow of one resolution: a
    touch after its carrier, a fall after a throw): the damage comes off the VP and DP they
    leave (VP first, §7.3), and an Armor Use they already paid for is not paid again (G-286)."""
    covers = covers_against(encounter, victim, blow)
    paid = armor_use_payments(encounter, victim, covers, pending)
    rolls, covering = roll_covers(encounter, victim, covers)
    protection = protection_from(encounter, victim, blow, covering)
    multiplier = encounter.charts.skin_temper.multiplier(protection.skin_temper_row)
    raw_first = encounter.defaults.of(DamageDefaults).G263_vulnerability == "raw"
    raw, weakness = vulnerable(encounter, victim, blow, blow.raw, when=raw_first)
    taken = damage_after_protection(raw, protection.ignore_damage, multiplier)
    taken, later = vulnerable(encounter, victim, blow, taken, when=not raw_first)
    damage = after_pending(damage_event(encounter, victim, blow, taken), pending)
    return [*paid, *rolls, *weakness, *later, damage]


MAX_WEIGHED_COVERS: Final = 10
"""The most Cover rolls :func:`protection_outcomes` weighs every way (2^10 outcomes); any
further cover is counted as made (a policy's estimate only)."""


def protection_outcomes(
    encounter: Encounter, victim: str, blow: Blow, extra: Sequence[Cover] = ()
) -> tuple[tuple[float, int, Fraction], ...]:
    """Every way the Cover rolls against ``blow`` can fall, for a policy weighing the blow
    before the dice: (chance, Ignore Damage, Skin Temper multiplier), from
    :func:`covers_against` and :func:`protection_from` — the code :func:`strike` resolves
    with — each cover made with its Cover Chance, independently; ``extra``: covers the victim
    would have besides (a protection it weighs raising). The same protection reached two ways
    is one outcome."""
    covers = [*(covers_against(encounter, victim, blow) if blow.raw > 0 else ()), *extra]
    sure = [c for c in covers if c.chance >= PERCENT]
    rolled = [c for c in covers if 0 < c.chance < PERCENT]
    sure += rolled[MAX_WEIGHED_COVERS:]
    rolled = rolled[:MAX_WEIGHED_COVERS]
    chart = encounter.charts.skin_temper
    outcomes: dict[tuple[int, Fraction], float] = {}
    for made in itertools.product((True, False), repeat=len(rolled)):
        chance = math.prod(
            c.chance / PERCENT if m else 1 - c.chance / PERCENT
            for c, m in zip(rolled, made, strict=True)
        )
        covering = [*sure, *(c for c, m in zip(rolled, made, strict=True) if m)]
        protection = protection_from(encounter, victim, blow, covering)
        key = (protection.ignore_damage, Fraction(chart.multiplier(protection.skin_temper_row)))
        outcomes[key] = outcomes.get(key, 0.0) + chance
    return tuple((chance, ignore, multiplier) for (ignore, multiplier), chance in outcomes.items())


def after_pending(event: DamageTaken, pending: Sequence[Event]) -> DamageTaken:
    """``event`` taken off the VP and DP the last of the ``pending`` damage to its character
    leaves (VP first, §7.3), or as it is when there is none."""
    if not any(isinstance(e, DamageTaken) and e.character == event.character for e in pending):
        return event
    vp, dp = last_condition(pending, event.character)
    from_vp = min(event.taken, max(0, vp))
    return replace(
        event,
        virtual_damage_points_after=vp - from_vp,
        damage_points_after=dp - (event.taken - from_vp),
    )


def condition_after(encounter: Encounter, victim: str, pending: Sequence[Event]) -> tuple[int, int]:
    """``victim``'s VP and Body DP once the ``pending`` events (not applied yet) are."""
    if any(isinstance(e, DamageTaken) and e.character == victim for e in pending):
        return last_condition(pending, victim)
    state = encounter.state[victim]
    return state.virtual_damage_points, state.damage_points


def last_condition(pending: Sequence[Event], victim: str) -> tuple[int, int]:
    """The VP and Body DP the last ``DamageTaken`` of ``victim`` among ``pending`` leaves."""
    last = [e for e in pending if isinstance(e, DamageTaken) and e.character == victim][-1]
    return last.virtual_damage_points_after, last.damage_points_after


def vulnerable(
    encounter: Encounter, victim: str, blow: Blow, amount: int, *, when: bool
) -> tuple[int, list[WeaknessFired]]:
    """``amount`` times the victim's vulnerability to the blow's weapon, if ``when`` (G-263)."""
    return vulnerable_damage(encounter, victim, blow.weapon, amount) if when else (amount, [])


def damage_after_protection(raw: int, ignore_damage: int, multiplier: Fraction) -> int:
    """Ignore Damage first, then Skin Temper (seed "Skin Temper"); rounded up (G-45: Seraph at
    9/10 takes the Sphinx's 7 as 7); never below 0."""
    return math.ceil(max(0, raw - ignore_damage) * multiplier)


def damage_event(encounter: Encounter, victim: str, blow: Blow, taken: int) -> DamageTaken:
    """VP first, the rest from DP in the same hit (§7.3 item 1, G-30)."""
    state = encounter.state[victim]
    from_vp = min(taken, max(0, state.virtual_damage_points))
    lost = taken - from_vp
    return DamageTaken(
        segment=encounter.now,
        character=victim,
        source=blow.source,
        raw=blow.raw,
        taken=taken,
        virtual_damage_points_after=state.virtual_damage_points - from_vp,
        damage_points_after=state.damage_points - lost,
        penetrating=min(penetrating_points(blow, taken), lost),
        location=blow.location,
        damage_kind=blow.kind,
        small_projectile=blow.small_projectile,
    )


def penetrating_points(blow: Blow, taken: int) -> int:
    """§7.2, G-61: all of a penetrating blow, else up to its ``penetration`` of what is taken
    (Body Smash, Full Body Hold: penetrating points "replacing" bludgeoning ones)."""
    return taken if blow.kind == PENETRATING else min(blow.penetration, taken)


# --- Skin Temper ------------------------------------------------------------------------------


def protection_from(
    encounter: Encounter, victim: str, blow: Blow, covering: Sequence[Cover]
) -> Protection:
    """Natural Ignore Damage and Skin Temper, with what covers and what the blow brings."""
    figured = encounter.figured(victim)
    personal = [c for c in covering if not c.is_armor]
    armor_rows, armor_ignore = armor_protection(
        [c for c in covering if c.is_armor],
        encounter.defaults.of(DamageDefaults).G61_armor_stacking,
    )
    row = max([figured.skin_temper.row, *powered_rows(personal)])
    row += sum(c.skin_temper_rows for c in personal) + armor_rows
    row += low_mass_opponent_rows(encounter, victim, blow)
    row = against_skin_temper(row, blow.vs_skin_temper, past_one=blow.breaks_skin_temper)
    row -= low_mass_bonus_vs_skin_temper(encounter, victim)
    row = against_skin_temper(row, low_dp_rows(encounter, victim), past_one=True)
    ignore = figured.ignore_damage + sum(c.ignore_damage for c in personal) + armor_ignore
    return Protection(ignore_damage=ignore, skin_temper_row=row)


def powered_rows(personal: Sequence[Cover]) -> list[int]:
    """The rows Skin Temper powers that cover give (G-06 ``multiplier``)."""
    return [c.skin_temper_row for c in personal if c.skin_temper_row is not None]


def armor_protection(armor: Sequence[Cover], stacking: str) -> tuple[int, int]:
    """G-61: covering armor adds up (``add``) or only the best piece counts (``best``)."""
    if not armor:
        return 0, 0
    if stacking == "best":
        best = max(armor, key=lambda c: (c.skin_temper_rows, c.ignore_damage))
        return best.skin_temper_rows, best.ignore_damage
    return sum(c.skin_temper_rows for c in armor), sum(c.ignore_damage for c in armor)


def against_skin_temper(row: int, bonus: int, *, past_one: bool) -> int:
    """§7.3 item 4: each bonus vs. Skin Temper moves it one row toward row 0 ("1/5 goes to
    1/4 … 9/10 to 1"); "a weapon cannot reduce Skin Temper below 1" — a row already below 0
    stays where it is — but low DP and some powers (``past_one``) go on: 10/9, 5/4, 3/2 …"""
    moved = row - bonus
    return moved if past_one else max(moved, min(row, 0))


def low_dp_rows(encounter: Encounter, victim: str) -> int:
    """G-261 ``below-one``: Skin Temper worsens at low DP (seed "Skin Temper": "Skin Temper
    modifications for low DP ... can" go past 1, "1 becomes 10/9, then 5/4, then 3/2"): one row
    toward, then past, 1 for each point of Body DP below 1 (DP 0: one row; DP −2: three);
    ``off``: none."""
    if encounter.defaults.of(DamageDefaults).G261_low_dp_skin_temper == "off":
        return 0
    return max(0, LOW_DP_FROM - encounter.state[victim].damage_points)


def low_mass_opponent_rows(encounter: Encounter, victim: str, blow: Blow) -> int:
    """G-59 ``opponent_skin``: the opponents of a Mass < 50 attacker have "a bonus to Skin
    Temper" of its low-Mass penalty against its blows (seed "Mass")."""
    if encounter.defaults.of(DamageDefaults).G59_low_mass != "opponent_skin":
        return 0
    if blow.source not in encounter.state.ids() or blow.source == victim:
        return 0
    return int(encounter.figured(blow.source).low_mass_penalty)


def low_mass_bonus_vs_skin_temper(encounter: Encounter, victim: str) -> int:
    """G-59 ``twice``: on top of its own Skin Temper penalty, a Mass < 50 victim's opponents
    get the same number as a bonus vs. its Skin Temper (not stopped at 1: low Mass is not a
    weapon). Under ``once`` (default) the penalty already figured is the whole rule."""
    if encounter.defaults.of(DamageDefaults).G59_low_mass != "twice":
        return 0
    return int(encounter.figured(victim).low_mass_penalty)


# --- Armor Use's EP ---------------------------------------------------------------------------


def armor_use_payments(
    encounter: Encounter, victim: str, covers: Sequence[Cover], pending: Sequence[Event] = ()
) -> list[EndurancePaid]:
    """Seed "Armor Use": "Armor Use uses row 3 of the EP Use Chart (2 EP/round)": each Armor
    Use skill whose bonus a Cover Chance includes is paid for, once a round (G-286), counting
    the ``pending`` payments of this resolution too."""
    skills = sorted({c.armor_use for c in covers if c.armor_use})
    row = core_row(encounter.defaults, standard_armor().armor_use_ep_row)
    amount = encounter.rules.ep_cost(row)
    payments: list[EndurancePaid] = []
    earlier = [e for e in pending if isinstance(e, EndurancePaid) and e.character == victim]
    endurance = earlier[-1].endurance_after if earlier else encounter.state[victim].endurance_points
    for skill in skills:
        already = any(e.action == skill for e in earlier) and not every_blow_pays(encounter)
        if amount <= 0 or already or paid_this_round(encounter, victim, skill):
            continue
        endurance -= amount
        reason = "Armor Use: row 3 of the EP Use Chart (2 EP/round)"
        payments.append(EndurancePaid(encounter.now, victim, skill, reason, row, amount, endurance))
    return payments


def paid_this_round(encounter: Encounter, victim: str, skill: str) -> bool:
    """G-286 ``round_used``: ``skill`` was already paid for since the last Payment Segment;
    under ``blow`` every blow pays."""
    if every_blow_pays(encounter):
        return False
    this_round = encounter.now // SEGMENTS_PER_ROUND
    return any(
        paid.action == skill and paid.segment // SEGMENTS_PER_ROUND == this_round
        for paid in logged(encounter, EndurancePaid, victim)
    )


def every_blow_pays(encounter: Encounter) -> bool:
    """G-286 ``blow``: every blow the Armor Use bonus is added to pays."""
    return encounter.defaults.of(DamageDefaults).G286_armor_use_ep == "blow"


# --- Cover rolls ------------------------------------------------------------------------------


def roll_covers(
    encounter: Encounter, victim: str, covers: Sequence[Cover]
) -> tuple[list[Event], list[Cover]]:
    """One d100 per protection (G-22: "roll d100 ≤ Cover Chance"); the ones that cover."""
    rolls: list[Event] = []
    covering: list[Cover] = []
    for cover in covers:
        if 0 < cover.chance < PERCENT:
            roll = cover_roll(encounter, victim, cover)
            rolls.append(roll)
            if not roll.succeeded:
                continue
        if cover.chance > 0:
            covering.append(cover)
    return rolls, covering


def cover_roll(encounter: Encounter, victim: str, cover: Cover) -> PercentRolled:
    purpose = f"cover: {cover.name}"
    return percent_roll(encounter, victim, purpose, cover.chance, stream=(COVER_STREAM,))


def covers_against(encounter: Encounter, victim: str, blow: Blow) -> list[Cover]:
    """Every protection with a Cover Chance the victim has against ``blow`` (none for 0)."""
    if blow.raw <= 0:
        return []
    table = standard_armor()
    sheet = encounter.character(victim).sheet
    return [
        *personal_armor(encounter, victim, blow, table),
        *(c for c in covers_in_progress(encounter, victim) if blow.kind in c.kinds),
        *ignore_damage_skill(sheet, blow, table),
        *worn_armor(sheet, blow, table),
    ]


def covers_in_progress(encounter: Encounter, victim: str) -> list[Cover]:
    """The :class:`Cover` values the victim's actions in progress keep in ``prepared["covers"]``,
    once ``prepared["protects_from"]`` (default: the start) has come (G-75; seed "Power Rolls":
    "setting up a power shield" is a passive action)."""
    return [
        cover
        for action in encounter.state[victim].actions
        if encounter.now >= action.prepared.whole("protects_from", action.started_at)
        for cover in action.prepared.of("covers", tuple, ())
    ]


def personal_armor(encounter: Encounter, victim: str, blow: Blow, table: ArmorTable) -> list[Cover]:
    """Skin Temper and Ignore Damage powers the victim uses (seed "Armor Use": Personal Armor)."""
    sheet = encounter.character(victim).sheet
    personal = table.personal
    makers: dict[str, Callable[[Encounter, PowerEntry, Fraction, int], Cover]] = {
        personal.skin_temper_power: skin_temper_power_cover,
        personal.ignore_damage_power: ignore_damage_power_cover,
    }
    covers: list[Cover] = []
    for name, make in makers.items():
        power = sheet_entry(encounter, sheet, name)
        if power is None or not uses_personal_armor(encounter, victim, name):
            continue
        bonus = power_number(sheet, power, "bonus")
        if bonus is None:
            continue
        level = sheet.skills.get(personal.skill, 0)
        chance = table.cover_chance(power_cover_chance(sheet, power), level, blow.aim_at_armor)
        cover = make(encounter, power, bonus, chance)
        covers.append(replace(cover, armor_use=personal.skill) if level > 0 else cover)
    return covers


def sheet_entry(encounter: Encounter, sheet: CharacterSheet, power: str) -> PowerEntry | None:
    """The sheet's entry for ``power`` under its name or an alias of the registered power, case
    and spacing aside: a sheet copied from the book writes the Superhuman table's "Skin Temper
    + d5/5" or "Ignore 2d5 points damage" (seed "Biff Turk Creates a Sample Character")."""
    entry = sheet.powers.get(power)
    if entry is not None or not sheet.powers:
        return entry
    names = power_names(encounter, power)
    return next((e for key, e in sheet.powers.items() if plain_name(key) in names), None)


_POWER_NAMES: KeptAnswers[frozenset[str]] = KeptAnswers(limit=64)
""":func:`power_names`' answers by registries object and power."""


def power_names(encounter: Encounter, power: str) -> frozenset[str]:
    """``power`` and the aliases its registered spec gives (``aliases``), as :func:`plain_name`;
    asked at every blow, so kept per registries."""
    registries = getattr(encounter.rules, "registries", None)
    return _POWER_NAMES.answer((registries,), power, lambda: _power_names(registries, power))


def _power_names(registries: object, power: str) -> frozenset[str]:
    powers = getattr(registries, "powers", {})
    spec = powers[power].payload if power in powers else None
    aliases: tuple[str, ...] = getattr(spec, "aliases", ())
    return frozenset(plain_name(name) for name in (power, *aliases))


def plain_name(name: str) -> str:
    """A name for matching: case-folded, letters and digits only ("Skin Temper +d5/5")."""
    return "".join(char for char in name.casefold() if char.isalnum())


def uses_personal_armor(encounter: Encounter, victim: str, power: str) -> bool:
    """The mind's ``use_personal_armor(encounter, actor, power)`` (default: yes). Seraph does
    not, in the combat example: "he deliberately does not use his power-based Skin Temper"."""
    ask: Callable[[Encounter, str, str], bool] | None = getattr(
        encounter.minds.get(victim), "use_personal_armor", None
    )
    return True if ask is None else bool(ask(encounter, victim, power))


def skin_temper_power_cover(
    encounter: Encounter, power: PowerEntry, bonus: Fraction, chance: int
) -> Cover:
    """G-06: the power's multiplier 1 − bonus on the nearest row (.8 → 1/5), or under ``rows``
    the bonus rounded to whole rows (.8 → +1)."""
    name = f"{power.name} (power)"
    if encounter.defaults.of(DamageDefaults).G06_skin_temper_power == "rows":
        return Cover(name, chance, skin_temper_rows=math.floor(bonus + Fraction(1, 2)))
    return Cover(name, chance, skin_temper_row=nearest_row(encounter, 1 - bonus))


def nearest_row(encounter: Encounter, multiplier: Fraction) -> int:
    """The Skin Temper row from 0 up whose multiplier is nearest ``multiplier``, no lower than
    1/10 (G-06); a tie goes to the lower row."""
    chart: SkinTemperChart = encounter.charts.skin_temper
    rows = [r for r in chart.rows if r >= 0 and chart.multiplier(r) >= SKIN_TEMPER_POWER_FLOOR]
    return min(rows, key=lambda r: (abs(chart.multiplier(r) - multiplier), r))


def ignore_damage_power_cover(
    encounter: Encounter, power: PowerEntry, bonus: Fraction, chance: int
) -> Cover:
    """Superhuman "Ignore 2d5 points damage": the power's ``bonus`` points, whole."""
    return Cover(f"{power.name} (power)", chance, ignore_damage=math.floor(bonus))


def power_number(sheet: CharacterSheet, power: PowerEntry, key: str) -> Fraction | None:
    """A number the sheet gives a power (``bonus``, ``cover_chance``) as an exact Fraction."""
    value = power.extra.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        where = f"powers.{power.name}.{key}"
        raise SheetError(sheet.path, where, f"expected a number, got {value!r}")
    return Fraction(str(value))


def power_cover_chance(sheet: CharacterSheet, power: PowerEntry) -> int:
    """The Cover Chance rolled for the power (G-06, G-22: "as rolled"); without one the power
    always covers."""
    chance = power_number(sheet, power, "cover_chance")
    if chance is None:
        return 100
    if chance.denominator != 1 or not 0 <= chance <= 100:
        where = f"powers.{power.name}.cover_chance"
        raise SheetError(sheet.path, where, f"expected a whole percentage 0-100, got {chance}")
    return int(chance)


def ignore_damage_skill(sheet: CharacterSheet, blow: Blow, table: ArmorTable) -> list[Cover]:
    """Seed skill "Ignore Damage": ⌊level ÷ 4⌋ at Cover Chance 73 %; "An attack that hits the
    head, neck, arms, or legs is not affected by this"."""
    skill = table.ignore_damage_skill
    points = skill.points(sheet.skills.get(skill.skill, 0))
    if points <= 0 or blow.location not in skill.locations:
        return []
    return [Cover(f"{skill.skill} (skill)", skill.cover_chance, ignore_damage=points)]


def worn_armor(sheet: CharacterSheet, blow: Blow, table: ArmorTable) -> list[Cover]:
    """The armor the sheet's ``equipment`` names, at the location hit (G-22)."""
    return [
        Cover(
            armor.name,
            table.cover_chance(
                armor.cover_chance, sheet.skills.get(armor.skill, 0), blow.aim_at_armor
            ),
            ignore_damage=armor.ignore_damage,
            skin_temper_rows=armor.skin_temper_rows,
            is_armor=True,
            armor_use=armor.skill if sheet.skills.get(armor.skill, 0) > 0 else "",
        )
        for armor in table.worn(sheet.equipment)
        if blow.location in armor.locations
    ]
