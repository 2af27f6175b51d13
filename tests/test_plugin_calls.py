"""Around hook calls (mands_sim.plugin_calls): blame the raising plugin, trace, collect."""

from __future__ import annotations

from collections.abc import Generator

import pytest

from mands_sim import interrupts
from mands_sim.actions import ActionDefinition, ActionInProgress, Intent
from mands_sim.api import answers_actions, answers_characters, hookimpl
from mands_sim.errors import DiceError, PluginHookError, PluginValidationError
from mands_sim.events import EncounterStarted, Event
from mands_sim.model.figured import FiguredAdjustment
from mands_sim.model.sheet import CharacterSheet, parse_sheet
from mands_sim.plugin_calls import (
    ActionDispatch,
    action_declarations,
    call_plain,
    each_answering_plugin,
    figured_adjustments,
    folded,
    folded_answering,
    install_error_wrapping,
    install_tracing,
    plain,
    results_by_plugin,
    unwatched,
)
from mands_sim.plugins import MandsPluginManager, make_plugin_manager
from mands_sim.registry import Register
from mands_sim.testing import sample_sheet


def load(**plugins: object) -> MandsPluginManager:
    return make_plugin_manager(extra_plugins=plugins, load_entry_points=False, environ={})


class Quiet:
    @hookimpl
    def mands_register_powers(self, register: Register) -> None:
        pass


class Raising:
    @hookimpl
    def mands_register_powers(self, register: Register) -> None:
        raise ZeroDivisionError("boom")


class RaisingInHelper:
    @hookimpl
    def mands_register_powers(self, register: Register) -> None:
        self.helper()

    def helper(self) -> None:
        raise KeyError("missing")


class Adjusting:
    def __init__(self, *adjustments: object) -> None:
        self.adjustments = list(adjustments)

    @hookimpl
    def mands_figured_adjustments(self, sheet: CharacterSheet) -> list[object]:
        return self.adjustments


def a_sheet() -> CharacterSheet:
    return parse_sheet(sample_sheet())


def test_plugin_raising_in_a_hook_raises_plugin_hook_error_naming_plugin_and_hook() -> None:
    pm = load(quiet=Quiet(), raising=Raising())

    with pytest.raises(PluginHookError) as raised:
        pm.hook.mands_register_powers(register=None)

    assert (raised.value.plugin, raised.value.hook) == ("raising", "mands_register_powers")


def test_plugin_hook_error_keeps_the_original_as_cause() -> None:
    pm = load(raising=Raising())

    with pytest.raises(PluginHookError) as raised:
        pm.hook.mands_register_powers(register=None)

    assert isinstance(raised.value.__cause__, ZeroDivisionError)


def test_error_raised_in_a_plugin_helper_is_blamed_on_the_plugin() -> None:
    pm = load(helper=RaisingInHelper(), quiet=Quiet())

    with pytest.raises(PluginHookError) as raised:
        pm.hook.mands_register_powers(register=None)

    assert raised.value.plugin == "helper"


def test_two_instances_of_one_class_are_told_apart() -> None:
    class Picky:
        def __init__(self, fail: bool) -> None:
            self.fail = fail

        @hookimpl
        def mands_register_powers(self, register: Register) -> None:
            if self.fail:
                raise ValueError("picky")

    pm = load(first=Picky(fail=False), second=Picky(fail=True), third=Picky(fail=False))

    with pytest.raises(PluginHookError) as raised:
        pm.hook.mands_register_powers(register=None)

    assert raised.value.plugin == "second"


def test_nested_hook_call_blames_the_innermost_plugin() -> None:
    pm = load(raising=Raising())

    class Caller:
        @hookimpl
        def mands_register_skills(self, register: Register) -> None:
            pm.hook.mands_register_powers(register=register)

    pm.register(Caller(), "caller")

    with pytest.raises(PluginHookError) as raised:
        pm.hook.mands_register_skills(register=None)

    assert raised.value.plugin == "raising"


def test_project_errors_naming_a_plugin_pass_through_unchanged() -> None:
    class Strict:
        @hookimpl
        def mands_register_powers(self, register: Register) -> None:
            raise PluginValidationError("strict", "bad registration", "mands_register_powers")

    pm = load(strict=Strict())

    with pytest.raises(PluginValidationError) as raised:
        pm.hook.mands_register_powers(register=None)

    assert type(raised.value) is PluginValidationError


def test_other_project_errors_are_wrapped_with_the_plugin() -> None:
    class Dicey:
        @hookimpl
        def mands_register_powers(self, register: Register) -> None:
            raise DiceError("bad dice")

    pm = load(dicey=Dicey())

    with pytest.raises(PluginHookError) as raised:
        pm.hook.mands_register_powers(register=None)

    assert isinstance(raised.value.__cause__, DiceError)


def test_tracing_prints_hook_arguments_and_plugins(capsys: pytest.CaptureFixture[str]) -> None:
    pm = load(quiet=Quiet())
    install_tracing(pm)

    pm.hook.mands_register_powers(register="REGISTER")

    expected = "mands_register_powers(register='REGISTER') calls plugins: quiet"
    assert expected in capsys.readouterr().err


def test_tracing_prints_hook_results(capsys: pytest.CaptureFixture[str]) -> None:
    pm = load(adjusting=Adjusting("ADJUSTMENT"))
    install_tracing(pm)

    pm.hook.mands_figured_adjustments(sheet=None)

    assert "mands_figured_adjustments returned [['ADJUSTMENT']]" in capsys.readouterr().err


def test_tracing_prints_the_error_a_hook_raised(capsys: pytest.CaptureFixture[str]) -> None:
    pm = load(raising=Raising())
    install_tracing(pm)

    with pytest.raises(PluginHookError):
        pm.hook.mands_register_powers(register=None)

    assert "mands_register_powers raised PluginHookError" in capsys.readouterr().err


def test_tracing_stops_when_undone(capsys: pytest.CaptureFixture[str]) -> None:
    pm = load(quiet=Quiet())
    undo = install_tracing(pm)
    undo()

    pm.hook.mands_register_powers(register=None)

    assert capsys.readouterr().err == ""


def test_results_by_plugin_pairs_each_result_with_its_plugin_in_name_order() -> None:
    pm = load(zeta=Adjusting("z"), alpha=Adjusting("a"))

    assert results_by_plugin(pm, "mands_figured_adjustments", sheet=None) == [
        ("alpha", ["a"]),
        ("zeta", ["z"]),
    ]


@pytest.mark.hook("mands_figured_adjustments")
def test_mands_figured_adjustments_concatenates_every_plugins_adjustments_sorted() -> None:
    willpower = FiguredAdjustment("willpower", 2, "skill:Discipline")
    endurance = FiguredAdjustment("endurance_points", 4, "skill:Endurance")
    perception = FiguredAdjustment("perception", 1, "power:Keen")
    pm = load(one=Adjusting(willpower, endurance), two=Adjusting(perception))

    assert figured_adjustments(pm, a_sheet()) == (endurance, perception, willpower)


def test_figured_adjustments_receive_the_sheet() -> None:
    seen: list[str] = []

    class Looking:
        @hookimpl
        def mands_figured_adjustments(self, sheet: CharacterSheet) -> None:
            seen.append(sheet.name)

    figured_adjustments(load(looking=Looking()), a_sheet())

    assert seen == ["Seraph"]


def test_figured_adjustments_of_the_wrong_type_fail_naming_the_plugin() -> None:
    pm = load(sloppy=Adjusting(("perception", 1, "typo")))

    with pytest.raises(PluginValidationError) as raised:
        figured_adjustments(pm, a_sheet())

    assert (raised.value.plugin, raised.value.hook) == ("sloppy", "mands_figured_adjustments")


class BrokenAdjuster:
    @hookimpl
    def mands_figured_adjustments(self, sheet: CharacterSheet) -> list[FiguredAdjustment]:
        raise KeyError("boom")


def test_results_by_plugin_names_the_plugin_that_raised() -> None:
    pm = make_plugin_manager(extra_plugins={"broken": BrokenAdjuster()}, load_entry_points=False)
    sheet = parse_sheet(sample_sheet())
    with pytest.raises(PluginHookError) as raised:
        results_by_plugin(pm, "mands_figured_adjustments", sheet=sheet)
    assert (raised.value.plugin, raised.value.hook) == ("broken", "mands_figured_adjustments")


class Says:
    def __init__(self, word: str) -> None:
        self.word = word

    @hookimpl
    def mands_figured_adjustments(self, sheet: CharacterSheet) -> list[str]:
        return [self.word]


def test_results_by_plugin_sees_a_plugin_registered_after_an_earlier_call() -> None:
    pm = make_plugin_manager(extra_plugins={"zeta": Says("z")}, load_entry_points=False)
    sheet = parse_sheet(sample_sheet())
    assert results_by_plugin(pm, "mands_figured_adjustments", sheet=sheet) == [("zeta", ["z"])]
    pm.register(Says("a"), name="alpha")
    assert results_by_plugin(pm, "mands_figured_adjustments", sheet=sheet) == [
        ("alpha", ["a"]),
        ("zeta", ["z"]),
    ]


class Divides:
    @hookimpl
    def mands_figured_adjustments(self, sheet: CharacterSheet) -> list[FiguredAdjustment]:
        raise ZeroDivisionError("plain")


def test_error_wrapping_undone_lets_the_plugins_own_error_through() -> None:
    pm = MandsPluginManager()
    undo = install_error_wrapping(pm)
    pm.register(Divides(), name="divides")
    undo()
    with pytest.raises(ZeroDivisionError):
        pm.hook.mands_figured_adjustments(sheet=parse_sheet(sample_sheet()))


# -- action dispatch (@answers_actions) ---------------------------------------------------------


class Punching:
    """Answers the action hooks for "punch" only, and says so."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    @hookimpl
    @answers_actions("punch")
    def mands_action_refusals(self, encounter: object, actor: str, intent: Intent) -> list[str]:
        self.asked.append(intent.action)
        return ["no punching"]

    @hookimpl
    @answers_actions("punch")
    def mands_action_after(
        self, encounter: object, actor: str, action: ActionInProgress
    ) -> list[Event]:
        self.asked.append(action.name)
        return [EncounterStarted(0, "punched", 0, ())]


class Everything:
    """Answers every action (declares nothing), as a third-party plugin may."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    @hookimpl
    def mands_action_refusals(self, encounter: object, actor: str, intent: Intent) -> list[str]:
        self.asked.append(intent.action)
        return [f"not {intent.action}"]

    @hookimpl
    def mands_action_after(
        self, encounter: object, actor: str, action: ActionInProgress
    ) -> list[Event]:
        self.asked.append(action.name)
        return []


def in_progress(name: str) -> ActionInProgress:
    definition = ActionDefinition(name=name, performance_time=5)
    return ActionInProgress(1, definition, Intent(name), started_at=0, completes_at=5)


def refusals(dispatch: ActionDispatch, action: str) -> list[str]:
    hook, intent = "mands_action_refusals", Intent(action)
    results = dispatch.call(hook, action, encounter=None, actor="a", intent=intent)
    assert isinstance(results, list)
    return sorted(reason for reasons in results for reason in reasons)


def after(dispatch: ActionDispatch, action: str) -> list[str]:
    hook, running = "mands_action_after", in_progress(action)
    called = dispatch.each_plugin(hook, action, encounter=None, actor="a", action=running)
    return [name for name, _ in called]


def test_mands_action_refusals_dispatch_calls_a_declared_plugin_only_for_its_actions() -> None:
    punching, everything = Punching(), Everything()
    dispatch = ActionDispatch(load(punching=punching, everything=everything))
    kick = refusals(dispatch, "kick")
    punch = refusals(dispatch, "punch")
    assert (kick, punch) == (["not kick"], ["no punching", "not punch"])
    assert (punching.asked, everything.asked) == (["punch"], ["kick", "punch"])


def test_mands_action_after_dispatch_calls_each_answering_plugin_in_name_order() -> None:
    punching, everything = Punching(), Everything()
    dispatch = ActionDispatch(load(punching=punching, everything=everything))
    assert after(dispatch, "kick") == ["everything"]
    assert after(dispatch, "punch") == ["everything", "punching"]
    assert punching.asked == ["punch"]


def test_dispatch_sees_a_plugin_registered_after_an_earlier_call() -> None:
    pm = load(everything=Everything())
    dispatch = ActionDispatch(pm)
    refusals(dispatch, "punch")
    pm.register(Punching(), name="punching")
    assert refusals(dispatch, "punch") == ["no punching", "not punch"]


def test_dispatch_names_the_plugin_that_raised() -> None:
    class Raising:
        @hookimpl
        @answers_actions("punch")
        def mands_action_refusals(self, encounter: object, actor: str, intent: Intent) -> None:
            raise ZeroDivisionError("boom")

    dispatch = ActionDispatch(load(raising=Raising()))
    with pytest.raises(PluginHookError) as error:
        refusals(dispatch, "punch")
    assert (error.value.plugin, error.value.hook) == ("raising", "mands_action_refusals")


def test_action_declarations_lists_what_each_plugin_declared() -> None:
    declared = action_declarations(load(punching=Punching(), everything=Everything()))
    assert declared == {
        "punching": {
            "mands_action_refusals": frozenset({"punch"}),
            "mands_action_after": frozenset({"punch"}),
        }
    }


def test_action_declarations_refuse_a_declaration_on_a_hook_that_names_no_action() -> None:
    class Misplaced:
        @hookimpl
        @answers_actions("punch")
        def mands_status_check(self, encounter: object, actor: str) -> None:
            return None

    with pytest.raises(PluginValidationError, match="action hooks only"):
        action_declarations(load(misplaced=Misplaced()))


# -- action dispatch (@answers_characters) ------------------------------------------------------


class Sheets:
    """An encounter as the dispatch reads it: each actor's character as built."""

    def __init__(self, **characters: object) -> None:
        self.characters = characters

    def character(self, actor: str) -> object:
        return self.characters[actor]


def is_tired(character: object) -> bool:
    TESTED.append(character)
    return character == "tired"


TESTED: list[object] = []


class Tiring:
    """Answers only for tired characters, and says so."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    @hookimpl
    @answers_characters(is_tired)
    def mands_action_refusals(self, encounter: object, actor: str, intent: Intent) -> list[str]:
        self.asked.append(actor)
        return ["too tired"]

    @hookimpl
    @answers_characters(is_tired)
    def mands_action_after(
        self, encounter: object, actor: str, action: ActionInProgress
    ) -> list[Event]:
        self.asked.append(actor)
        return []


def test_a_plugin_answering_some_characters_is_called_only_for_them() -> None:
    """The test is asked once per action and character; the call's answers are a full call's
    for everyone it leaves out (they would have contributed nothing)."""
    TESTED.clear()
    tiring, everything = Tiring(), Everything()
    dispatch = ActionDispatch(load(tiring=tiring, everything=everything))
    sheets = Sheets(a="tired", b="fresh")
    asked = [
        sorted(r for reasons in dispatch.call(
            "mands_action_refusals", "punch", encounter=sheets, actor=actor,
            intent=Intent("punch"),
        ) for r in reasons)
        for actor in ("a", "b", "a", "b")
    ]  # fmt: skip
    assert asked == [["not punch", "too tired"], ["not punch"]] * 2
    assert (tiring.asked, TESTED) == (["a", "a"], ["tired", "fresh"])
    running = in_progress("punch")
    called = [
        [name for name, _ in dispatch.each_plugin(
            "mands_action_after", "punch", encounter=sheets, actor=actor, action=running
        )]
        for actor in ("a", "b")
    ]  # fmt: skip
    assert called == [["everything", "tiring"], ["everything"]]


def test_a_character_test_is_asked_again_for_another_encounters_character() -> None:
    """The answers are kept for the character object the encounter gave, not the actor's id
    alone: another scenario's ``a`` is another character."""
    dispatch = ActionDispatch(load(tiring=Tiring()))
    hook, intent = "mands_action_refusals", Intent("punch")
    tired = dispatch.call(hook, "punch", encounter=Sheets(a="tired"), actor="a", intent=intent)
    fresh = dispatch.call(hook, "punch", encounter=Sheets(a="fresh"), actor="a", intent=intent)
    assert (tired, fresh) == ([["too tired"]], [])


def test_answers_characters_is_refused_on_a_hook_asked_about_no_actor() -> None:
    class Misplaced:
        @hookimpl
        @answers_characters(is_tired)
        def mands_payment_segment(self, encounter: object) -> None:
            return None

    with pytest.raises(PluginValidationError, match="@answers_characters is for the hooks asked"):
        action_declarations(load(misplaced=Misplaced()))


class Evading:
    """Adjusts the initiations of evasive characters only, and says so."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    @hookimpl
    @answers_characters(is_tired)
    def mands_initiation_adjust(
        self, encounter: object, actor: str, intent: Intent, initiation: object
    ) -> object:
        self.asked.append(actor)
        return initiation

    @hookimpl
    @answers_characters(is_tired)
    def mands_status_watch(self, encounter: object, actor: str) -> None:
        self.asked.append(actor)
        return None


def test_the_pipelines_stages_leave_out_who_answers_only_other_characters() -> None:
    """``folded_answering`` and ``each_answering_plugin`` call a tested implementation only for
    the characters it answers; ``folded`` and ``each_plugin`` call everyone (fast calls off)."""
    evading = Evading()
    pm = load(evading=evading)
    sheets = Sheets(a="tired", b="fresh")
    for actor in ("a", "b"):
        kwargs = {"encounter": sheets, "actor": actor, "intent": Intent("punch")}
        folded_answering(pm, "mands_initiation_adjust", "initiation", 1, int, **kwargs)
        list(each_answering_plugin(pm, "mands_status_watch", encounter=sheets, actor=actor))
    assert evading.asked == ["a", "a"]
    folded(pm, "mands_initiation_adjust", "initiation", 1, int, **kwargs)
    assert evading.asked == ["a", "a", "b"]


class Wrapping:
    """A new-style hook wrapper around every action's refusals."""

    @hookimpl(wrapper=True)
    def mands_action_refusals(
        self, encounter: object, actor: str, intent: Intent
    ) -> Generator[None, list[list[str]], list[list[str]]]:
        reasons = yield
        return [*reasons, ["wrapped"]]


def test_call_plain_gives_what_pluggys_multicall_gives() -> None:
    """Collected results last-registered first, ``None`` left out; a firstresult hook's first
    answer: the same lists and answers as the manager's own executor."""
    pm = load(punching=Punching(), everything=Everything())
    hook = "mands_action_refusals"
    impls = pm.hook.mands_action_refusals.get_hookimpls()
    kwargs = {"encounter": None, "actor": "a", "intent": Intent("punch")}
    assert plain(impls) and unwatched(pm)
    for firstresult in (False, True):
        expected = pm._hookexec(hook, impls, kwargs, firstresult)
        assert call_plain(hook, impls, kwargs, firstresult) == expected


def test_call_plain_names_the_plugin_that_raised_and_keeps_the_cause() -> None:
    class Raising:
        @hookimpl
        def mands_action_refusals(self, encounter: object, actor: str, intent: Intent) -> None:
            raise ZeroDivisionError("boom")

    pm = load(raising=Raising())
    impls = pm.hook.mands_action_refusals.get_hookimpls()
    kwargs = {"encounter": None, "actor": "a", "intent": Intent("punch")}
    with pytest.raises(PluginHookError) as error:
        call_plain("mands_action_refusals", impls, kwargs, False)
    assert (error.value.plugin, error.value.hook) == ("raising", "mands_action_refusals")
    assert isinstance(error.value.__cause__, ZeroDivisionError)


def test_dispatch_with_a_hook_wrapper_goes_through_pluggy() -> None:
    """A wrapper needs pluggy's own executor: the dispatch still gives the wrapped answer."""
    pm = load(everything=Everything(), wrapping=Wrapping())
    assert not plain(pm.hook.mands_action_refusals.get_hookimpls())
    assert refusals(ActionDispatch(pm), "kick") == ["not kick", "wrapped"]


def test_dispatched_calls_are_traced_once_tracing_watches(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Tracing is a monitor: with it installed, dispatched calls go through pluggy, and it
    sees them."""
    pm = load(everything=Everything())
    dispatch = ActionDispatch(pm)
    refusals(dispatch, "kick")
    assert "mands_action_refusals" not in capsys.readouterr().err
    undo = install_tracing(pm)
    assert not unwatched(pm)
    assert refusals(dispatch, "kick") == ["not kick"]
    assert "mands_action_refusals" in capsys.readouterr().err
    undo()
    assert unwatched(pm)


class Exiting:
    """Calls ``sys.exit`` in a hook, or raises ``KeyboardInterrupt`` with ``interrupt``."""

    def __init__(self, interrupt: bool = False) -> None:
        self.interrupt = interrupt

    @hookimpl
    def mands_register_powers(self, register: Register) -> None:
        if self.interrupt:
            raise KeyboardInterrupt
        raise SystemExit(3)


def test_a_plugin_calling_sys_exit_is_an_error_of_that_plugin() -> None:
    pm = load(exiting=Exiting())
    with pytest.raises(PluginHookError) as raised:
        pm.hook.mands_register_powers(register=None)
    assert str(raised.value) == "plugin 'exiting' in hook 'mands_register_powers': SystemExit: 3"
    assert isinstance(raised.value.__cause__, SystemExit)


def test_a_plugins_keyboard_interrupt_is_its_error_while_ctrl_c_is_watched() -> None:
    pm = load(interrupting=Exiting(interrupt=True))
    with interrupts.watching(), pytest.raises(PluginHookError) as raised:
        pm.hook.mands_register_powers(register=None)
    assert raised.value.plugin == "interrupting"


def test_a_keyboard_interrupt_passes_through_when_ctrl_c_is_not_watched() -> None:
    """Outside a batch (a notebook), any KeyboardInterrupt may be the user's: it stops."""
    pm = load(interrupting=Exiting(interrupt=True))
    with pytest.raises(KeyboardInterrupt):
        pm.hook.mands_register_powers(register=None)
