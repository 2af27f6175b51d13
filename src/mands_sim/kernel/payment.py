"""The Endurance Point ledger of one encounter (seed "EP Cost"; ``docs/rules/combat.md`` §10).

Single actions pay EP per attempt; sustained ones when they start and at every Payment Segment
(G-33), and a re-roll pays only the difference above what was paid this period (the seed's
"EP Cost"; G-36 switches to the example's full payments). :class:`Payments` keeps what each
action paid this period; the :class:`~mands_sim.kernel.encounter.Encounter` delegates to it.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

from mands_sim.actions import ActionInProgress, Prepared
from mands_sim.events import EndurancePaid
from mands_sim.kernel.agenda import Phase
from mands_sim.kernel.contracts import Charge
from mands_sim.kernel.held import break_out_attempts

if TYPE_CHECKING:
    from mands_sim.kernel.encounter import Encounter

_NO_EP = Fraction(0)
"""Nothing paid yet this period: one shared zero (a ``Fraction`` is immutable) rather than a
new one at every charge."""


class Payments:
    """What each action in progress has paid since it started or the last Payment Segment."""

    __slots__ = ("_encounter", "_paid_this_period")

    def __init__(self, encounter: Encounter) -> None:
        self._encounter = encounter
        self._paid_this_period: dict[int, Fraction] = {}

    def pay(
        self,
        actor: str,
        action: ActionInProgress,
        charges: Iterable[Charge],
        *,
        new_period: bool = False,
    ) -> None:
        """Charge EP off the EP Use Chart (seed "EP Cost"); EP may go below zero (§10)."""
        if new_period:
            self._paid_this_period[action.action_id] = _NO_EP
        for charge in charges:
            amount = self._encounter.rules.ep_cost(charge.row)
            self._charge(actor, action, charge, amount)

    def _charge(
        self, actor: str, action: ActionInProgress, charge: Charge, amount: Fraction
    ) -> None:
        self._paid_this_period[action.action_id] = (
            self._paid_this_period.get(action.action_id, _NO_EP) + amount
        )
        encounter = self._encounter
        after = encounter.state[actor].endurance_points - amount
        encounter.emit(
            [
                EndurancePaid(
                    segment=encounter.now,
                    character=actor,
                    action=action.name,
                    reason=charge.reason,
                    row=charge.row,
                    amount=amount,
                    endurance_after=after,
                )
            ]
        )

    def reroll_sustained(self, actor: str, action_id: int, row: int, *, full: bool = False) -> None:
        """A sustained action re-rolled to a new EP row (seed "EP Cost"; G-36).

        Only the difference above what was paid since the action started or the last Payment
        Segment is charged; ``full=True`` (the G-36 switch) charges the whole new cost, as the
        book's Example of Movement does.
        """
        encounter = self._encounter
        action = encounter.state[actor].find_action(action_id)
        if action is None:
            return
        cost = encounter.rules.ep_cost(row)
        due = cost if full else cost - self._paid_this_period.get(action_id, _NO_EP)
        action.prepared = Prepared({**action.prepared, "ep_row": row})
        if due > 0:
            self._charge(actor, action, Charge(row, "re-roll"), due)

    def schedule_payment(self) -> None:
        """Put the next Payment Segment of the time model on the agenda (G-33)."""
        encounter = self._encounter
        segment = encounter.time.next_payment_segment(encounter.now)
        encounter.agenda.add(segment, Phase.PAYMENT, "", self._payment_segment, label="payment")

    def _payment_segment(self) -> None:
        """G-33: every sustained action in progress pays its row again; status is checked.

        First, once a round: each condition's break-out attempts (:mod:`mands_sim.kernel.held`),
        then each plugin's events for the round (``Rules.each_round``). The rules see each
        sustained action next (``Rules.sustain``: a %Control roll per round, for one); an
        action they drop pays nothing more.
        """
        encounter = self._encounter
        break_out_attempts(encounter)
        for events in encounter.rules.each_round(encounter):
            encounter.emit(events)
        for state in encounter.state:
            for action in list(state.actions):
                if not action.definition.is_sustained:
                    continue
                encounter.emit(encounter.rules.sustain(encounter, state.character_id, action))
                if state.find_action(action.action_id) is not None:
                    row = action.prepared.whole("ep_row", action.definition.ep_row)
                    self.pay(
                        state.character_id,
                        action,
                        [Charge(row, "payment segment")],
                        new_period=True,
                    )
            if state.in_action or state.condition == "unconscious":
                encounter.emit(encounter.rules.status_checks(encounter, state.character_id))
        encounter.check_end()
        if encounter.ended is None and encounter.agenda.next_segment() is not None:
            self.schedule_payment()


__all__ = ["Payments"]
