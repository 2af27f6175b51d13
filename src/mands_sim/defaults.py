"""Named, switchable defaults for what no rules source gives (``docs/rules/decisions.md``).

Each field of :class:`RuleDefaults` is one default, named after its G-number. A scenario can
switch any of them under ``[rules.defaults]``; ``docs/rules/decisions.md`` records the choice,
the alternatives and the reason. Code that applies a default names its G-number in a comment.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal


def _default(gid: str, summary: str, value: Any, choices: tuple[Any, ...]) -> Any:
    return field(default=value, metadata={"gid": gid, "summary": summary, "choices": choices})


@dataclass(frozen=True, slots=True)
class RuleDefaults:
    """The defaults in force for one simulation. Frozen: :meth:`with_overrides` makes a new one."""

    G01_rows_beyond_printed: Literal["derive", "error"] = _default(
        "G-01",
        "Action Chart rows beyond 36: derive them (Square r², Doubles 2^(r-1), Sphere ×4/3 "
        "rounded, G-40) or refuse the lookup.",
        "derive",
        ("derive", "error"),
    )
    G03_ep_low_rows: Literal["halving", "free"] = _default(
        "G-03",
        "EP Use Chart rows 1-3: each row halves the cost of the row above (1/10, 1/20, 1/40 EP "
        "per use) or cost nothing.",
        "halving",
        ("halving", "free"),
    )
    G04_skill_ep_rows: Literal["ep_figure", "literal"] = _default(
        "G-04",
        "Skill-list EP rows ('row 2 (3 EP/round)'): trust the EP figure (row k -> standard "
        "row 9 - k) or read the row number literally.",
        "ep_figure",
        ("ep_figure", "literal"),
    )
    G08_move_roll_half_strength: Literal["up", "down"] = _default(
        "G-08",
        "Move Roll: half Strength rounded up (the rule) or down (the Example of Movement).",
        "up",
        ("up", "down"),
    )
    G13_power_attack_ep: Literal["both", "power_only"] = _default(
        "G-13",
        "EP for power attacks: the power's row and the Combat Roll's row 5 ('both', as a punch "
        "pays row 5 besides Hand Damage's row 7) or the power's row only ('power_only', as the "
        "Power Example quotes only Sun-Ruler's 5 EP).",
        "both",
        ("both", "power_only"),
    )
    G28_performance_time_rounding: Literal["nearest", "down"] = _default(
        "G-28",
        "Performance Time reduced by Q: round once to nearest, halves up (15 halved twice = 4) "
        "or round down.",
        "nearest",
        ("nearest", "down"),
    )
    G31_experience_boundary: Literal["low", "high"] = _default(
        "G-31",
        "Experience chart rows '0-10' and '10-20' overlap at 10: 10 belongs to row 0 ('low') or "
        "row 1 ('high').",
        "low",
        ("low", "high"),
    )
    G43_fractions: Literal["total", "per_term"] = _default(
        "G-43",
        "VP and EP totals: drop fractions from the total (Seraph VP 43, EP 74) or term by term.",
        "total",
        ("total", "per_term"),
    )
    G44_hold_breath_half_strength: Literal["up", "down"] = _default(
        "G-44",
        "Hold Breath Roll 'Constitution plus half Strength' gives no rounding: round half "
        "Strength up (as the Move Roll's 'half Strength (round up)') or down.",
        "up",
        ("up", "down"),
    )
    G20_range_penalty_per_set: Literal[1, 2, 0] = _default(
        "G-20",
        "Range: the Combat Bonus Pool loses this much per full Range Set beyond Short Range "
        "(1; 2 for a harsher game; 0 for no range penalty).",
        1,
        (1, 2, 0),
    )
    G21_thrown_ranges: Literal["throw_roll", "weapon_data"] = _default(
        "G-21",
        "Thrown weapons: Short Range is the thrower's Throw-Roll distance and the Range Set half "
        "of it ('throw_roll'), or both come from the weapon table, with no Throw Roll.",
        "throw_roll",
        ("throw_roll", "weapon_data"),
    )
    G62_weapons_start: Literal["holstered", "readied"] = _default(
        "G-62",
        "Weapons at the start of an encounter: holstered, to be drawn first ('draw-weapon'), or "
        "the first weapon on each sheet already in hand.",
        "holstered",
        ("holstered", "readied"),
    )
    G63_cover_against_ranged: Literal["blocks", "ignored"] = _default(
        "G-63",
        "Cover: a ranged or thrown hit on someone at a place with cover is stopped when d100 "
        "falls within the place's Cover Chance ('blocks'), or cover is ignored.",
        "blocks",
        ("blocks", "ignored"),
    )

    G71_toughness_scale: Literal["standard", "forgiving", "strict"] = _default(
        "G-71",
        "Toughness verdict and award multiplier (seed 000: 1.1-1.5 for an especially tough "
        "adventure) from the heroes' win rate: standard 90/75/60/45/30 %, forgiving "
        "80/65/50/35/20 %, strict 95/85/70/55/40 %.",
        "standard",
        ("standard", "forgiving", "strict"),
    )

    G230_inconclusive_timeouts: float = _default(
        "G-230",
        "The toughness verdict is 'inconclusive' when at least this share of the runs end at "
        "the time limit (0.1: below it, the timed-out runs' unknown ends move the heroes' win "
        "rate by less than one step of any G-71 scale); the tier is read off the runs that "
        "ended before it.",
        0.1,
        (0.1, 0.05, 0.2, 0.25),
    )
    G06_skin_temper_power: Literal["multiplier", "rows"] = _default(
        "G-06",
        "A Skin Temper power's bonus ('+d5/5': Seraph's .8), when its Cover Chance covers a "
        "blow: the multiplier 1 - bonus, snapped to the nearest Skin Temper row no lower than "
        "1/10 (.8 -> 1/5), or the bonus rounded to whole rows added (.8 -> +1 row).",
        "multiplier",
        ("multiplier", "rows"),
    )
    G25_size_difference: Literal["none", "heights"] = _default(
        "G-25",
        "Combat Roll size-difference modifier: none (0), or the target's Height on the Square "
        "chart minus the attacker's ('heights').",
        "none",
        ("none", "heights"),
    )
    G59_low_mass: Literal["once", "twice", "opponent_skin"] = _default(
        "G-59",
        "Mass < 50: the light character's Skin Temper penalty and its opponents' 'bonus' are "
        "one modification ('once'); or the opponents also get it as a bonus vs. the light "
        "character's Skin Temper ('twice'); or their own Skin Temper rises that many rows "
        "against the light character's blows ('opponent_skin').",
        "once",
        ("once", "twice", "opponent_skin"),
    )
    G60_called_shot_penalty: Literal[5, 4, 3, 2, 1, 0] = _default(
        "G-60",
        "Attack penalty of a called shot to the head, neck, an arm or the legs (5: the only "
        "called-shot penalty the seed prints, the Death Shot's).",
        5,
        (5, 4, 3, 2, 1, 0),
    )
    G61_armor_stacking: Literal["add", "best"] = _default(
        "G-61",
        "Worn armor that covers the same blow (say plate and a shield): the Skin Temper rows "
        "and Ignore Damage of every covering piece add up ('add'), or only the best counts.",
        "add",
        ("add", "best"),
    )
    G286_armor_use_ep: Literal["round_used", "blow"] = _default(
        "G-286",
        "When Armor Use's 2 EP/round (seed 'Armor Use', row 3) are paid: once in each round "
        "(Payment Segment to Payment Segment) in which the skill's bonus is added to a Cover "
        "Chance, at the first such blow ('round_used'), or at every blow it is added to ('blow').",
        "round_used",
        ("round_used", "blow"),
    )

    G10_pushback_from_damage: Literal["none", "dp_lost"] = _default(
        "G-10",
        "Pushback from being hit: none unless the blow throws the character back ('none'), or "
        "also the DP the blow took (after Skin Temper and Ignore Damage) as segments of "
        "Pushback on every action the victim has in progress ('dp_lost').",
        "none",
        ("none", "dp_lost"),
    )
    G19_bleeding: Literal["per_round", "none"] = _default(
        "G-19",
        "Bleeding: each open penetrating wound takes 1 DP at every Payment Segment until a "
        "Bleeding Roll (every second round: 2d10 vs. Constitution on the Sphere chart, pool "
        "Body DP - penetrating DP lost) stops it ('per_round'), or wounds do not bleed.",
        "per_round",
        ("per_round", "none"),
    )
    G68_throwback_collision: Literal["meters_short", "none"] = _default(
        "G-68",
        "A character thrown back further than the map lets it fly (it stops at the next place) "
        "takes the meters it fell short, rounded up, as bludgeoning damage ('meters_short'), "
        "or just stops.",
        "meters_short",
        ("meters_short", "none"),
    )
    G69_injury_damage: Literal["adds", "converts"] = _default(
        "G-69",
        "A failed Injury roll's margin is Injury damage that comes off Body DP now ('adds'), "
        "or re-labels that many of the DP already lost as Injury damage ('converts').",
        "adds",
        ("adds", "converts"),
    )
    G36_reroll_payment: Literal["difference", "full"] = _default(
        "G-36",
        "A re-rolled sustained action (a Move Roll) pays only the difference above what was "
        "paid since it started or the last Payment Segment (the seed's EP Cost rule), or the "
        "full new cost at every re-roll (the Example of Movement's ledger).",
        "difference",
        ("difference", "full"),
    )

    G80_extra_opponents: Literal["attacker", "engaged"] = _default(
        "G-80",
        "Multiple opponents: only a character who attacks several opponents pays -1 to the "
        "Combat Bonus Pool per opponent beyond the first ('attacker', the seed's 'if the "
        "character wants extra opponents'), or every Combat Roll also pays -1 per further "
        "enemy in contact ('engaged').",
        "attacker",
        ("attacker", "engaged"),
    )
    G81_sweep_blows: Literal["successive", "together"] = _default(
        "G-81",
        "A sweep's blows land on successive segments, each later one a 'sweep-blow' its "
        "character starts in the segment the previous one landed ('successive'), or all when "
        "the sweep's Performance Time completes ('together').",
        "successive",
        ("successive", "together"),
    )
    G82_teamwork: Literal["shares", "none"] = _default(
        "G-82",
        "Teamwork: members of a side attacking the same target combine attacks: the group's "
        "lowest Teamwork level is added to each one's Agility and its pool is drawn in equal "
        "shares ('shares'), or Teamwork is not applied ('none').",
        "shares",
        ("shares", "none"),
    )
    G83_explosion_damage: Literal["once", "per_target"] = _default(
        "G-83",
        "An explosion's d6 are rolled once for everyone it hits ('once') or for each target "
        "hit ('per_target').",
        "once",
        ("once", "per_target"),
    )
    G84_thrown_object_damage: Literal["hand_and_mass", "mass"] = _default(
        "G-84",
        "A thrown object's damage: the thrower's Hand Damage plus the object's Mass / 10 on "
        "the Doubles chart (never below 0) ('hand_and_mass'), or the Mass term alone ('mass').",
        "hand_and_mass",
        ("hand_and_mass", "mass"),
    )

    G76_electric_grounding: Literal["dry", "grounded", "well_grounded"] = _default(
        "G-76",
        "Electric Power's blast: how grounded everyone standing is (seed: +50% if grounded, "
        "double if well grounded); 'dry' adds nothing; a flyer is never grounded.",
        "dry",
        ("dry", "grounded", "well_grounded"),
    )

    G26_combat_skill_bonus: Literal["over_two", "level", "none"] = _default(
        "G-26",
        "A Combat Skill's (and Power Use's) Combat Pool bonus: max(0, level - 2) ('over_two'), "
        "the whole level ('level'), or nothing ('none').",
        "over_two",
        ("over_two", "level", "none"),
    )
    G87_evasion_ep_row: Literal["core", "skill_list"] = _default(
        "G-87",
        "Evasion's 'starting at row 7': row 7 of the EP Use Chart, 3 EP a round ('core'), or "
        "the skill list's row 7 read as G-04 reads it, row 2 ('skill_list').",
        "core",
        ("core", "skill_list"),
    )

    G100_absorption_save: Literal["total", "touch"] = _default(
        "G-100",
        "Absorption's save (d100 >= percentage x Skin Temper): the percentage is all the "
        "absorber holds of the target ('total') or what this touch took ('touch').",
        "total",
        ("total", "touch"),
    )
    G181_absorbed_powers: Literal["usable", "numbers"] = _default(
        "G-181",
        "Power and Psyche Absorption: the percentage taken of each of the target's powers that "
        "has a use (psychic ones for psyche, the others for powers) is PR the absorber may use "
        "and the target lacks until the Duration ends ('usable'), or only the numbers are "
        "logged ('numbers').",
        "usable",
        ("usable", "numbers"),
    )
    G182_body_hold: Literal["holds", "damage"] = _default(
        "G-182",
        "A Body Hold that hits holds its target ('holds': Hand Damage + damage Q + Body Hold "
        "level to escape, neither may move, each aims only at the other, the held one's Defense "
        "falls to 0), or is a blow only ('damage').",
        "holds",
        ("holds", "damage"),
    )
    G183_escape_ties: Literal["hold", "escape"] = _default(
        "G-183",
        "Escaping a hold: Hand Damage + damage Q must be greater than the hold's strength "
        "('hold': a tie keeps the hold, as a Body Throw needs the greater damage) or at least "
        "equal ('escape').",
        "hold",
        ("hold", "escape"),
    )
    G253_hold_stops_work: Literal["stops", "goes_on"] = _default(
        "G-253",
        "A hold stops what the held character was doing ('stops': when grabbed, its actions in "
        "progress not aimed at its holder are dropped, save passive ones other than a run or "
        "jump, and while held it starts no active action except at its holder), or leaves it "
        "what aims at nobody ('goes_on', G-184 alone: a safecracker held at the lock works on).",
        "stops",
        ("stops", "goes_on"),
    )
    G185_change_points: Literal["up", "down"] = _default(
        "G-185",
        "Duplicate Person: the points a look needs (Beauty 1, 5 cm, 10 kg a point, half going "
        "down, sex 5) rounded up to a whole point ('up') or down ('down').",
        "up",
        ("up", "down"),
    )
    G101_acid_damage: Literal["penetrating", "bludgeoning"] = _default(
        "G-101",
        "Acid Production: a hit does the Acid Type plus the damage Q as penetrating damage "
        "(burns heal slowly) or as bludgeoning damage.",
        "penetrating",
        ("penetrating", "bludgeoning"),
    )
    G103_alchemy_save_penalty: Literal["target", "pool"] = _default(
        "G-103",
        "Alchemy's Saving Throw Penalty (1 per PR): off the save's target number ('target') "
        "or into its Bonus Pool, read on the Sphere chart ('pool').",
        "target",
        ("target", "pool"),
    )
    G104_anti_matter_creator: Literal["caught", "spared"] = _default(
        "G-104",
        "Anti-Matter Production: an explosion catches its creator within its Maximum Range "
        "as anyone else ('caught') or never ('spared', as Explosive Touch's).",
        "caught",
        ("caught", "spared"),
    )

    G110_chameleon_attacking_half: Literal["down", "up"] = _default(
        "G-110",
        "Chameleon: the Defense bonus of an attacking character, (bonus - 4) / 2, is rounded "
        "down ('down': PR 17 gives 9, then 2) or up ('up': 3); never below 0.",
        "down",
        ("down", "up"),
    )

    G141_short_action_bonus: Literal["active", "all"] = _default(
        "G-141",
        "Simpler Combat: 'Add 10 minus the action's base time to the Bonus Pool' for actions "
        "under 10 segments: active actions only ('active': the example's Move Rolls add "
        "nothing) or passive ones too ('all': a Move Roll, PT 6, gets +4).",
        "active",
        ("active", "all"),
    )

    G125_empathic_wound_rate: Literal["text", "example"] = _default(
        "G-125",
        "Empathic Healing's Wound Size: wounds taken at half PR points per round, as the Basic "
        "Effect's text says ('text'), or at PR points per round, as its Example takes 5 DP at "
        "PR 2 in '3 rounds (2 and a half)' ('example').",
        "text",
        ("text", "example"),
    )

    G150_player_characters: Literal["first_side_specials", "first_side", "specials"] = _default(
        "G-150",
        "Who the players play (Editing and Fate Points): the first side's Special characters "
        "('first_side_specials'), everyone on the first side, or every Special character.",
        "first_side_specials",
        ("first_side_specials", "first_side", "specials"),
    )
    G152_editing_points_use: Literal["rescue", "keep"] = _default(
        "G-152",
        "A mind without an edit_roll method: spends Editing Points to turn any failed 2d10 "
        "roll it may edit into a success ('rescue'), or never edits rolls ('keep').",
        "rescue",
        ("rescue", "keep"),
    )
    G153_editor_edits: Literal["off", "as_players"] = _default(
        "G-153",
        "The Editor editing non-player characters' rolls: never ('off'), or with a player's "
        "starting 4 Editing Points each, spent as players spend theirs ('as_players').",
        "off",
        ("off", "as_players"),
    )
    G155_beauty_save_modifier: Literal["target", "source"] = _default(
        "G-155",
        "Beauty (Sphere) in the save against a Beauty charm (bonus) or horror (penalty): the "
        "target's own Beauty (the Example of Horrification's 62, 68, 54) or the charmer's/"
        "horror's.",
        "target",
        ("target", "source"),
    )
    G157_multiple_targets_penalty: Literal["rule", "example"] = _default(
        "G-157",
        "Charm or horror against several targets: -1 to the Bonus Pool per target ('rule'), or "
        "no penalty, as the Example of Horrification rolls against three heroes ('example').",
        "rule",
        ("rule", "example"),
    )
    G191_segment_order: Literal["rule", "drawn"] = _default(
        "G-191",
        "Simpler Combat within one segment: announce by Learning, lowest first (a delay counts "
        "as that much more Learning), resolve by Initiative, highest first, ties in the "
        "encounter's drawn order (G-227) ('rule'); or by the drawn order alone, as on the "
        "segment clock ('drawn').",
        "rule",
        ("rule", "drawn"),
    )
    G192_turn_movement: Literal["turn_end", "continuous"] = _default(
        "G-192",
        "Simpler Combat: runners are seen where the last Combat Turn's end left them until this "
        "one ends ('turn_end': 'Move at the end of the Combat Turn'), or where the run has got "
        "to at every segment ('continuous').",
        "turn_end",
        ("turn_end", "continuous"),
    )
    G193_editor_lowers: Literal["off", "spare_players"] = _default(
        "G-193",
        "The Editor lowering non-player characters' rolls: never ('off'), or with the Editor's "
        "4 points per non-player, a successful Combat Roll against a player character turned "
        "into a miss when the points reach ('spare_players').",
        "off",
        ("off", "spare_players"),
    )
    G226_explosion_edits: Literal["foes", "off"] = _default(
        "G-226",
        "Editing Points on an explosion's rolls (one per character caught): the thrower's player "
        "(or the Editor, G-153) edits a failed roll against a character of another side, never "
        "against a friend ('foes'), or no explosion roll is edited ('off').",
        "foes",
        ("foes", "off"),
    )
    G227_tie_order: Literal["dice", "id"] = _default(
        "G-227",
        "Who goes first among characters with nothing else between them in one segment and "
        "phase: an order drawn from the dice when the encounter is built ('dice'), or the ids "
        "compared as text ('id', which lets a name decide).",
        "dice",
        ("dice", "id"),
    )
    G228_same_segment_decisions: Literal["simultaneous", "in_turn"] = _default(
        "G-228",
        "Characters who may start an action in the same segment all choose before any of them "
        "starts one, each seeing what the others did before that segment ('simultaneous'), or "
        "each chooses and starts in turn, seeing what those before it started ('in_turn'). A "
        "time model with its own announcement order (Simpler Combat) keeps that order.",
        "simultaneous",
        ("simultaneous", "in_turn"),
    )
    G235_non_combatants: Literal["aside", "counted"] = _default(
        "G-235",
        "Characters a scenario gives the role 'bystander' or 'hostage': set aside from the "
        "fight ('aside': no side is in action through them, no policy attacks them as an "
        "enemy, no rule counts them as an opponent, reports never count them as heroes), or "
        "counted like any combatant ('counted').",
        "aside",
        ("aside", "counted"),
    )
    G236_protect_fails: Literal["down", "out_of_action"] = _default(
        "G-236",
        "A 'protect' objective fails when the protected character is down, unconscious or dead "
        "('down': one who fled or surrendered is safe), or out of action in any way "
        "('out_of_action').",
        "down",
        ("down", "out_of_action"),
    )
    G237_objective_play: Literal["pursue", "ignore"] = _default(
        "G-237",
        "Policies know the scenario's objectives ('pursue'): the side that loses if one is "
        "achieved goes after the characters pursuing it, the other side guards them; or "
        "policies fight as if there were none ('ignore').",
        "pursue",
        ("pursue", "ignore"),
    )
    G238_escape_counts: Literal["arrives", "leaves"] = _default(
        "G-238",
        "An 'escape' objective is achieved when the character arrives at the place (standing "
        "there, or leaving the encounter through it) ('arrives'), or only when it leaves the "
        "encounter through it, an exit ('leaves').",
        "arrives",
        ("arrives", "leaves"),
    )
    G239_party_knock_out: Literal["out_of_action", "down"] = _default(
        "G-239",
        "The report's 'every hero out of action' (a total party knock-out) counts a run in "
        "which every hero ends out of action in any way ('out_of_action': fled and surrendered "
        "included), or only one in which every hero ends unconscious or dead ('down').",
        "out_of_action",
        ("out_of_action", "down"),
    )
    G245_map_end: Literal["open", "wall"] = _default(
        "G-245",
        "A throwback stops short, the meters left landing as damage (G-68), only at a place "
        "with a 'wall' or an 'obstacle'; at the map's end, or with no way on, the victim lands "
        "there unhurt: open ground beyond what the map draws ('open'); or every end of the map "
        "and every way back toward the attacker is a wall ('wall').",
        "open",
        ("open", "wall"),
    )
    G246_throw_bend: float = _default(
        "G-246",
        "A throwback flies on past a place along the way that bends least from its flight, if "
        "that bend is at most this many degrees (45.0, the default); without coordinates it "
        "flies on through a place of two ways only.",
        45.0,
        (22.5, 45.0, 90.0),
    )
    G247_throw_way: Literal["drawn", "farthest"] = _default(
        "G-247",
        "Which way a throwback first flies: away from the attacker, toward the landmark "
        "farthest from it; a victim on the attacker's own spot flies a way drawn from its dice "
        "('drawn'), or the farthest way even then ('farthest'). Ties are drawn either way.",
        "drawn",
        ("drawn", "farthest"),
    )
    G248_passing_places: Literal["pass", "stop"] = _default(
        "G-248",
        "A place of two ways on the straight line between them, with no feature, cover, exit "
        "or blocked sight, is only passed: runs, meeting places, the place of a spot and the "
        "ways out skip it ('pass'); or every place counts as drawn ('stop').",
        "pass",
        ("pass", "stop"),
    )
    G249_rooftop_edge: Literal["cliff", "slope"] = _default(
        "G-249",
        "Height along an edge from a rooftop 'edge' place: the lower end's at once, a drop, so "
        "a victim thrown over it falls the whole height ('cliff'); or in proportion, a slope "
        "('slope'). A throw over a rooftop edge at the map's end falls to ground level.",
        "cliff",
        ("cliff", "slope"),
    )
    G271_ring_size: int = _default(
        "G-271",
        "Crowding: at most this many enemies in melee contact with one character (6, the hexes "
        "around one hex of the seed's 1-2 m hex map; 8, its squares); a further one within reach "
        "cannot reach it. 0: no limit.",
        6,
        (6, 8, 4, 0),
    )
    G272_ring_order: Literal["arrival", "rank"] = _default(
        "G-272",
        "Crowding: who holds the places around a character: the enemies who came within reach "
        "first, those arriving in the same segment in the encounter's drawn order (G-227) "
        "('arrival'), or the drawn order alone ('rank').",
        "arrival",
        ("arrival", "rank"),
    )
    G273_flight_altitude: float = _default(
        "G-273",
        "Meters above the ground a flyer is while its flight is under way (5.0, out of a "
        "standing man's reach and most jumps'); it lands when the flight ends. 0.0: flyers stay "
        "on the ground.",
        5.0,
        (5.0, 2.0, 10.0, 0.0),
    )
    G274_upward_reach: Literal["height", "level"] = _default(
        "G-274",
        "How high a character reaches for melee contact: from its feet up to its height above "
        "them, a jumper from the ground up to the height jumped and its height (seed 'Jump "
        "Roll': 'characters can add up to their height to ... the height jumped'), two being "
        "in reach when those overlap ('height'); or G-65's reach above its feet ('level').",
        "height",
        ("height", "level"),
    )
    G275_altitude_range: Literal["slant", "ground"] = _default(
        "G-275",
        "The distance of a ranged attack (range, Range Sets, sight) to or from someone in the "
        "air: the straight slant over the ground distance and the difference in altitude "
        "('slant'), or the ground distance alone ('ground').",
        "slant",
        ("slant", "ground"),
    )
    G276_path_turns: Literal["pay", "free"] = _default(
        "G-276",
        "A run pays for the bends of the way it takes, at each landmark with coordinates the "
        "Q the same turn costs at a re-roll (1 Q per 45 degrees, G-66; Maneuverability's free "
        "share, G-163), from the Move Roll that sets it on that way; a bend it cannot pay for "
        "is where it stops ('pay'); or the way's bends cost nothing ('free').",
        "pay",
        ("pay", "free"),
    )
    G277_way_ties: Literal["turns", "drawn"] = _default(
        "G-277",
        "Among equally short ways to a place, a run takes one that turns least (G-276's Q), "
        "and among those one drawn from the runner's dice ('turns'); or one drawn among them "
        "all ('drawn'). Never the map's order of places or edges.",
        "turns",
        ("turns", "drawn"),
    )
    G240_spared_quality: Literal["defense", "speed", "ep"] = _default(
        "G-240",
        "Where a hero keeping the Comics Code puts the Q it takes off a blow's damage so the "
        "blow will not kill: on Defense, 2 Q per +1, an odd one on speed ('defense'); all on "
        "speed ('speed'); or on EP rows down to row 0, the rest on Defense ('ep'). A scored "
        "policy instead keeps its best split that would not kill.",
        "defense",
        ("defense", "speed", "ep"),
    )
    G241_pulled_blows: Literal["pull", "land"] = _default(
        "G-241",
        "A blow of a hero keeping the Comics Code whose target is out of action (unconscious, "
        "dead or surrendered) when it lands, or that would then kill (G-242): pulled, it "
        "resolves without touching the target ('pull'), or it lands as any blow does ('land').",
        "pull",
        ("pull", "land"),
    )
    G242_code_injury_risk: Literal["worst", "blow"] = _default(
        "G-242",
        "When a blow 'would kill' for a hero keeping the Comics Code: when it leaves the villain "
        "dead (G-17) or calls for an Injury roll (G-18) whose worst failure would ('worst'), or "
        "only when the blow's own damage leaves the villain dead ('blow').",
        "worst",
        ("worst", "blow"),
    )
    G243_code_exception: Literal["ally-down", "never"] = _default(
        "G-243",
        "When the Comics Code's 'unless it is necessary to protect the life of someone else' "
        "frees a hero to strike a killing blow: while one of its allies lies out of action but "
        "alive, or at 0 Body DP or below, with an enemy still in action ('ally-down'), or never "
        "('never').",
        "ally-down",
        ("ally-down", "never"),
    )
    G257_unestimated_blows: Literal["hand-damage", "unjudged"] = _default(
        "G-257",
        "How the Comics Code judges whether a blow whose damage it cannot estimate before the "
        "roll (martial and wrestling blows, sweeps, thrown objects) would kill: as a punch with "
        "the same damage Q and Hand Damage withheld, the floor of what each of them deals "
        "('hand-damage'), or not at all: struck as the policy chose, only pulled at a fallen "
        "target (G-241) ('unjudged').",
        "hand-damage",
        ("hand-damage", "unjudged"),
    )
    G161_same_segment_pushback: Literal["none", "push"] = _default(
        "G-161",
        "Actions initiated in the same segment (a jump with a move, Double Action's two): they "
        "do not push each other back ('none'), or each one started pushes the others back 1 "
        "segment as starting during another action does ('push').",
        "none",
        ("none", "push"),
    )
    G162_double_action_payment: Literal["attempt", "success"] = _default(
        "G-162",
        "Double Action: the 'double-action' (passive, 1 segment) rolls the %Control; its "
        "'2 EP/round' (row 6 by G-04) is paid once a round, by the first attempt ('attempt') "
        "or the first whose %Control roll succeeds ('success').",
        "attempt",
        ("attempt", "success"),
    )
    G163_maneuverability_turn: Literal["free", "speed"] = _default(
        "G-163",
        "Maneuverability: up to half level (rounded down) of a re-roll's turning Q is moved "
        "speed Q, so the turn costs no roll Q and the speed is kept ('free', seed "
        "'Maneuverability': 'reducing movement Q in one direction and adding it to another'), "
        "or it costs no roll Q but comes off the speed Q ('speed').",
        "free",
        ("free", "speed"),
    )
    G171_coming_to: Literal["check", "never"] = _default(
        "G-171",
        "An unconscious character with no knock-out duration (a failed G-17 check, an Injury "
        "roll failed by 10+): at each Payment Segment rolls G-17's check again and comes to on "
        "a success ('check'), or stays out for the encounter ('never').",
        "check",
        ("check", "never"),
    )
    G172_sweep_range: Literal["farthest", "first"] = _default(
        "G-172",
        "A sweep with a ranged weapon makes one Combat Roll: its range penalty (G-20) and sight "
        "modifier are those of the farthest target ('farthest') or of the first one ('first').",
        "farthest",
        ("farthest", "first"),
    )
    G173_first_aid: Literal["halves", "stops"] = _default(
        "G-173",
        "A successful First Aid roll: halves the time between the patient's Bleeding Rolls, "
        "every round instead of every second one ('halves', seed First Aid's mechanic), or stops "
        "the bleeding at once ('stops', its 'can stop bleeding').",
        "halves",
        ("halves", "stops"),
    )
    G174_fall_damage: Literal["meters", "none"] = _default(
        "G-174",
        "A fall's damage: one bludgeoning point per meter fallen, rounded up (as G-68's meters "
        "of a throw stopped short), less the Falling level with 10 segments to prepare "
        "('meters'), or none ('none').",
        "meters",
        ("meters", "none"),
    )
    G175_flyer_falls: Literal["under", "line", "none"] = _default(
        "G-175",
        "A flyer out of action before it lands falls from where its straight flight has got to "
        "onto the ground under that point, the nearest spot of the drawn map ('under'), down to "
        "the lower end of the flight ('line'), or glides down unharmed ('none').",
        "under",
        ("under", "line", "none"),
    )
    G176_flyer_knocked_out: Literal["any", "condition-check"] = _default(
        "G-176",
        "Which flyers out of action fall (G-175): those put out of action by any action's "
        "events but by their own choice (fled, surrendered) ('any'), or only those out of "
        "action in their condition check ('condition-check').",
        "any",
        ("any", "condition-check"),
    )

    G16_low_ep: Literal["penalty", "collapse"] = _default(
        "G-16",
        "EP below zero: a Bonus Pool penalty of the deficit in whole points, no forced collapse "
        "('penalty'); or that penalty and unconscious once the deficit reaches Constitution "
        "('collapse', the optional reading).",
        "penalty",
        ("penalty", "collapse"),
    )
    G231_exhaustion_floor: Literal["constitution", "zero", "none"] = _default(
        "G-231",
        "How far below zero EP a character can fight: once its EP deficit (whole points, as "
        "G-16's penalty) reaches its Constitution it may start no action that costs EP (rest, "
        "wait and surrender cost none) and its sustained actions other than a run are dropped "
        "at the next Payment Segment ('constitution'); the same from the first point below zero "
        "('zero'); or no floor ('none').",
        "constitution",
        ("constitution", "zero", "none"),
    )
    G233_spent_flight: Literal["flee", "refused"] = _default(
        "G-233",
        "Whether a character at the floor of its endurance (G-231) may still start a run that "
        "leaves the encounter at an exit ('flee': one last run, after which it is out of the "
        "fight, so the bound holds) or may start no run at all ('refused').",
        "flee",
        ("flee", "refused"),
    )
    G232_spent_fighters: Literal["yield", "rest", "fight"] = _default(
        "G-232",
        "What the preset policies do below zero EP: rest a round when no enemy is in contact "
        "or aiming an action at them, and give up (surrender) when every enemy in action has "
        "more EP left, each counted before paying for its actions in progress (Dexter, 3 "
        "below zero against Sinister at 0, 'decides to give up') "
        "('yield'); only rest ('rest'); or fight on whatever their EP ('fight').",
        "yield",
        ("yield", "rest", "fight"),
    )
    G294_scored_rest: Literal["value", "rule"] = _default(
        "G-294",
        "When the scored policies (tactician, focus-fire, hero, lookahead) rest a round: "
        "besides G-232's rule below zero EP, whenever the round is worth more than fighting on "
        "- the damage the character deals before the enemies knock it out, with the EP and VP "
        "the round gives back (G-50) and without the blows it leaves out, against as it is, "
        "less the damage the enemies deal it during the round ('value'); or only by G-232's "
        "rule ('rule').",
        "value",
        ("value", "rule"),
    )
    G17_below_one_dp: Literal["check", "unconscious"] = _default(
        "G-17",
        "At Body DP <= 0: a roll to stay conscious (2d10 <= Constitution (Sphere) + Resist "
        "Death + Body DP) when hurt and at each Payment Segment ('check'), or unconscious at "
        "once, not coming to while Body DP <= 0 ('unconscious').",
        "check",
        ("check", "unconscious"),
    )
    G18_injury_trigger: Literal["severe", "any_dp"] = _default(
        "G-18",
        "Which hits call for an Injury roll: those leaving Body DP below 0 or taking at least "
        "half the maximum Body DP ('severe'), or every hit that takes Body DP ('any_dp').",
        "severe",
        ("severe", "any_dp"),
    )
    G24_scatter_distance: Literal["sphere", "meters"] = _default(
        "G-24",
        "A thrown object missing its spot scatters by the Attack's shortfall read Result -> "
        "Sphere meters ('sphere': 10 short, 14 m) or by the shortfall itself in meters "
        "('meters': 10 m).",
        "sphere",
        ("sphere", "meters"),
    )
    G27_death_shot_failure: Literal["doubled", "dead"] = _default(
        "G-27",
        "A Death Shot whose save fails: the blow's DP are taken again and an Injury roll is "
        "forced ('doubled'), or the target dies ('dead': Body DP down to -(maximum)).",
        "doubled",
        ("doubled", "dead"),
    )
    G29_negative_pool_surprise: Literal["raw", "sphere", "none"] = _default(
        "G-29",
        "A negative Combat Bonus Pool adds to a failed Detect Danger roll's surprise: the raw "
        "pool's magnitude in segments ('raw': -10 adds 10), the pool read on the Sphere chart "
        "('sphere': 9), or nothing ('none').",
        "raw",
        ("raw", "sphere", "none"),
    )
    G65_reroll_wait: Literal["performance_time", "none"] = _default(
        "G-65",
        "A running character's next Move Roll ('reroll-move') waits until the last one's 6 "
        "segments (its Performance Time) are over ('performance_time'), or may start at once "
        "('none').",
        "performance_time",
        ("performance_time", "none"),
    )
    G66_turn_rounding: Literal["up", "down"] = _default(
        "G-66",
        "Turning a run costs 1 Q per 45 degrees (seed), a part of 45 rounded up ('up': 60 "
        "degrees cost 2 Q) or down ('down': 1 Q).",
        "up",
        ("up", "down"),
    )
    G65_reach: float = _default(
        "G-65",
        "Contact (melee reach): two characters within this many meters of each other are in "
        "contact (1.0, the default).",
        1.0,
        (0.5, 1.0, 1.5, 2.0),
    )
    G67_flight_path: Literal["straight", "paths"] = _default(
        "G-67",
        "A flyer goes in a straight line between the two places' coordinates, distances "
        "measured from where it has got to along it until it lands ('straight'), or follows "
        "the map's edges and pays for turns like a runner, airborne all the way ('paths').",
        "straight",
        ("straight", "paths"),
    )
    G70_nerve_pinch_rounding: Literal["up", "down"] = _default(
        "G-70",
        "Nerve Pinch: the rounds unconscious, (Q - Ignore Damage) x Skin Temper multiplier, "
        "rounded up ('up', as G-45 rounds damage: 4.5 -> 5) or down ('down': 4).",
        "up",
        ("up", "down"),
    )
    G261_low_dp_skin_temper: Literal["below-one", "off"] = _default(
        "G-261",
        "Skin Temper at low DP (seed: such modifications 'can' go past 1, to 10/9, 5/4, 3/2): "
        "one row toward and past 1 for each point of Body DP below 1 ('below-one'), or no "
        "change ('off').",
        "below-one",
        ("below-one", "off"),
    )
    G262_robot_shutdown: Literal["check", "off"] = _default(
        "G-262",
        "Robots shut down at 0 EP (seed): a robot at 0 EP or less goes out of action, 'shut "
        "down', at its next status check (after an action of its own or one that hurt it, and "
        "at each Payment Segment) and never comes to in the encounter ('check'), or robots play "
        "as anyone else ('off').",
        "check",
        ("check", "off"),
    )
    G263_vulnerability: Literal["after-protection", "raw"] = _default(
        "G-263",
        "A vulnerability's multiplier ('3 times normal damage') multiplies the damage taken "
        "after Ignore Damage and Skin Temper ('after-protection'), or the raw damage before "
        "them ('raw').",
        "after-protection",
        ("after-protection", "raw"),
    )
    G264_self_control_save: Literal["each-action", "off"] = _default(
        "G-264",
        "Low Self-Control (Armadillo): after each action that cost the character VP or DP, a "
        "d100 save against the weakness's score (Learning + Willpower) minus all the VP and DP "
        "lost so far, or berserk ('each-action'); or the save is never asked ('off').",
        "each-action",
        ("each-action", "off"),
    )
    G265_berserk: Literal["attacks-only", "no-retreat"] = _default(
        "G-265",
        "A berserk character 'attack[s] until his opponent is down or [he] is unconscious': it "
        "starts nothing but attacks and moves while an enemy stands ('attacks-only'), or only "
        "may not flee, surrender or rest ('no-retreat'); it lasts the encounter.",
        "attacks-only",
        ("attacks-only", "no-retreat"),
    )
    G266_tires_easily_ep: Literal["on-resolution", "off"] = _default(
        "G-266",
        "Tires Easily (8-Ball: 'twice normal EP for any action requiring EP'): the extra EP an "
        "action's start cost is paid when it resolves, and a sustained action's extra with each "
        "round's payment ('on-resolution'); or no extra EP ('off').",
        "on-resolution",
        ("on-resolution", "off"),
    )
    G267_fatigue_rounds: Literal["paying-rounds", "off"] = _default(
        "G-267",
        "Tires Easily (Diamondback: -1 Combat Pool after 4 rounds using EP, another -1 every 2 "
        "rounds after): the rounds counted are the encounter's rounds in which the character "
        "paid EP, and the penalty applies to Combat Rolls ('paying-rounds'); or no penalty "
        "('off').",
        "paying-rounds",
        ("paying-rounds", "off"),
    )
    G268_power_actions: Literal["slug-or-named", "named"] = _default(
        "G-268",
        "Which actions use a power a weakness names (Focus, Limited Use): those whose name "
        "starts with the power's slug ('electric-power-blast') or whose intent names the power "
        "('slug-or-named'), or only those whose intent names it ('named').",
        "slug-or-named",
        ("slug-or-named", "named"),
    )
    G269_limited_use: Literal["payment-segments", "off"] = _default(
        "G-269",
        "Limited Use (Brinn: 'greater than twice his PR rounds ... 1 DP, penetrating, per "
        "round'): at each Payment Segment a sustained action of the power held longer than "
        "rounds_per_pr x its sheet PR rounds costs dp_per_round penetrating Body DP "
        "('payment-segments'); or nothing ('off').",
        "payment-segments",
        ("payment-segments", "off"),
    )
    G270_affects_ability: Literal["held", "off"] = _default(
        "G-270",
        "Affects Another Ability (Pulsar: 'his strength becomes 13 minus the number of EP being "
        "used per round ... These lost points return at Pulsar's healing rate per hour'): from "
        "each start of the power's action that costs 1 EP or more, the ability is the sheet's "
        "less per_ep x the most EP any such start cost, for the rest of the encounter "
        "('held'); or nothing ('off').",
        "held",
        ("held", "off"),
    )
    G287_refigured_body: Literal["as-built", "refigured"] = _default(
        "G-287",
        "An ability changed during a fight (a weakness, a lent power) changes the figured "
        "attributes read in the fight (Hand Damage, the Ability Rolls, Skin Temper) but the "
        "body keeps its Mass, Body DP, Resist Death and VP and EP maxima as built "
        "('as-built'); or every figured attribute is figured again from the changed ability "
        "('refigured').",
        "as-built",
        ("as-built", "refigured"),
    )
    G288_d100_number_rolls: Literal["unchanged", "favoured"] = _default(
        "G-288",
        "A d100 read off as a number, not rolled against a chance (Death Touch's d%, the "
        "rounds an Absorption faint lasts, Cosmic Awareness's minutes and the share of them "
        "felt): the rules' changes to d100 rolls (Control Chance, G-113) leave it as rolled "
        "('unchanged'), or move it toward the side that favours its roller, held to 1..100 "
        "('favoured').",
        "unchanged",
        ("unchanged", "favoured"),
    )
    G289_absorbed_attributes: Literal["added", "whole", "off"] = _default(
        "G-289",
        "Power Absorption's stolen figured attributes (Hand Damage, Lift Roll, Move Roll, Skin "
        "Temper row, EP and Body DP): the percentage held of what the target's ability-bonus "
        "powers (Strength, Agility, Constitution Bonus) add to each ('added'), or of the whole "
        "attribute where such a power adds to it ('whole'), is lent to the absorber and lacked "
        "by the target until the Duration ends, current EP and DP moving with their maxima; or "
        "none is lent ('off').",
        "added",
        ("added", "whole", "off"),
    )
    G290_flyer_sight: Literal["either-end", "all"] = _default(
        "G-290",
        "Line of sight to or from a flyer in the air on a straight flight (G-67): it sees and is "
        "seen by whoever sees either end of its flight ('either-end'), or by everyone ('all').",
        "either-end",
        ("either-end", "all"),
    )
    G291_flight_without_coordinates: Literal["ends", "start"] = _default(
        "G-291",
        "The distance from a flyer on a straight flight (G-67) to someone at a spot without "
        "coordinates: the shorter way from its point on the line through either end of the "
        "flight, then along the map ('ends'), or along the map from the flight's start place "
        "('start').",
        "ends",
        ("ends", "start"),
    )
    G292_place_spread: float = _default(
        "G-292",
        "The room within a place, for what spreads from a spot (explosions, Darkness, "
        "Explosive Touch's people behind): two characters at one spot who are not in melee "
        "contact stand this many meters apart (2.0, the default: the hex beyond the next), or "
        "the mean distance of two points in the place (0.45 of its size) when that is more; "
        "one in contact with the other stands at reach; a spot's middle is half of it from "
        "each; 0.0: everyone at one spot is 0 m from everyone else there.",
        2.0,
        (0.0, 1.0, 2.0, 3.0),
    )
    G293_scatter_direction: Literal["clock", "ways"] = _default(
        "G-293",
        "Which way a thrown object missing its spot scatters (G-24): in the direction of the "
        "hour a d12 gives on a clock face laid over the map (12: north, +y), landing on the "
        "ground of the map nearest that point ('clock'; at a spot without coordinates as "
        "'ways'), or toward one of the landmarks next to the spot picked by a die over the "
        "ways out, stopping at it ('ways').",
        "clock",
        ("clock", "ways"),
    )

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        """Every default with its G-number, summary, default value and choices."""
        return [
            {
                "name": f.name,
                "gid": f.metadata["gid"],
                "summary": f.metadata["summary"],
                "default": f.default,
                "choices": list(f.metadata["choices"]),
            }
            for f in dataclasses.fields(cls)
        ]

    def with_overrides(self, overrides: Mapping[str, Any]) -> RuleDefaults:
        """A copy with ``overrides`` applied; unknown names or values raise ``ValueError``."""
        known = {f.name: f for f in dataclasses.fields(self)}
        for name, value in overrides.items():
            if name not in known:
                raise ValueError(f"unknown rules default '{name}'; known: {sorted(known)}")
            choices = known[name].metadata["choices"]
            if value not in choices:
                raise ValueError(f"'{name}' must be one of {list(choices)}, not {value!r}")
        return dataclasses.replace(self, **dict(overrides))


STANDARD_DEFAULTS = RuleDefaults()
"""The defaults as ``docs/rules/decisions.md`` records them."""
