"""Replaying a record and checking it against the rules: :func:`replay_record` and :func:`verify_record`."""

from __future__ import annotations

from seep._util.excerpt import excerpt
from seep.errors import IllegalMoveError, RecordError
from seep.records._deck import deck_of
from seep.records._model import (
    KINDS,
    Record,
    RecordedDeal,
    deal_result,
    first_number,
    match_result,
    score_text,
    too_many_deals,
)
from seep.rules import apply_move
from seep.scoring import deal_score
from seep.state import State
from seep.variants import Standing
from seep.variants._answers import next_dealer, next_standing


def _replay_deal(deal: RecordedDeal) -> list[State]:
    if len(deal.seats) != len(deal.moves):
        raise RecordError("every move needs the seat that made it", deal=deal.number)
    state = deal.start
    states = [state]
    first = first_number(state.variant)
    for index, (seat, move) in enumerate(zip(deal.seats, deal.moves, strict=True)):
        number = index + first
        if state.is_over:
            raise RecordError(
                "R9.1: the deal is over: every card has been played",
                deal=deal.number,
                move_number=number,
                rule="R9.1",
            )
        if seat != state.to_move:
            raise RecordError(
                f"R1.3: seat {state.to_move} is to move, not seat {seat}",
                deal=deal.number,
                move_number=number,
                rule="R1.3",
            )
        try:
            state = apply_move(state, move)
        except IllegalMoveError as error:
            raise RecordError(
                str(error), deal=deal.number, move_number=number, rule=error.rule
            ) from None
        states.append(state)
    return states


def replay_record(record: Record) -> list[list[State]]:
    """Every state of every deal: ``replay_record(record)[i]`` runs from deal ``i + 1``'s start to its last move.

    An illegal move, or a move by the wrong seat, raises
    :class:`~seep.errors.RecordError` naming the deal, the move number and the rule.

    >>> from seep import new_deal, parse_move
    >>> from seep.records import record_from_deal, replay_record
    >>> record = record_from_deal(new_deal("standard", seed=10), [parse_move("bid 12")])
    >>> [state.bid for state in replay_record(record)[0]]
    [None, 12]
    """
    return [_replay_deal(deal) for deal in record.deals]


def verify_record(record: Record) -> None:
    """Check the whole record against the rules; raise :class:`~seep.errors.RecordError` if it is wrong.

    Checks: every deal starts from a genuine deal of the variant (a deck of
    the 52 cards, R1.1, R2.2, R11.1); every move is legal and made by the seat
    to move; each stated deal score equals the replayed one (R9.3); the
    result equals the replayed result. For a baazi also: deals are numbered
    1, 2, ...; every deal but the last is finished; each dealer follows the
    dealer rule (R10.4, R11.6); no deal follows the end of the match.

    >>> from seep.records import verify_record
    >>> import attrs
    >>> from seep import new_deal, parse_move
    >>> from seep.records import record_from_deal
    >>> record = record_from_deal(new_deal("standard", seed=10), [parse_move("bid 12")])
    >>> verify_record(record)
    >>> verify_record(attrs.evolve(record, result="64-36: team 0 wins the deal"))
    Traceback (most recent call last):
    ...
    seep.errors.RecordError: the result says '64-36: team 0 wins the deal', the replay gives '*'
    """
    if record.kind not in KINDS:
        raise RecordError(f"the kind is 'deal' or 'baazi', not {record.kind!r}", tag="Kind")
    if not record.deals:
        raise RecordError("a record holds at least one deal")
    if record.kind == "deal" and len(record.deals) != 1:
        raise too_many_deals(len(record.deals))
    variant = record.variant
    standing = Standing()
    finals: list[State] = []
    for index, deal in enumerate(record.deals):
        if deal.number != index + 1:
            raise RecordError(
                f"deal {index + 1} is numbered {deal.number}", deal=deal.number, tag="Deal"
            )
        if deal.start.variant != variant:
            raise RecordError(
                f"the deal is played under {deal.start.variant.name!r}, the record under "
                f"{variant.name!r}",
                deal=deal.number,
                tag="Variant",
            )
        if record.kind == "baazi" and index:
            if standing.over:
                raise RecordError("the match was already over", deal=deal.number, tag="Deal")
            previous = finals[-1]
            expected = next_dealer(variant, previous.dealer, standing.lead)
            if deal.dealer != expected:
                rule = variant.dealer_rule.rule
                raise RecordError(
                    f"{rule}: seat {expected} deals this deal, not seat {deal.dealer}",
                    deal=deal.number,
                    rule=rule,
                    tag="Dealer",
                )
        try:
            deck_of(deal.start)
        except RecordError as error:
            raise error.at(deal=deal.number, tag="Deck") from None
        final = _replay_deal(deal)[-1]
        finals.append(final)
        if final.is_over:
            actual = deal_score(final)
            if deal.score is not None and deal.score != actual:
                raise RecordError(
                    f"R9.3: the score line says {score_text(deal.score)!r}, "
                    f"the replay gives {score_text(actual)!r}",
                    deal=deal.number,
                    rule="R9.3",
                    tag="Score",
                )
            if record.kind == "baazi":
                totals = actual.totals
                standing = next_standing(variant, standing, (totals[0], totals[1]))
        else:
            if deal.score is not None:
                raise RecordError(
                    "the deal has a score line but is not finished", deal=deal.number, tag="Score"
                )
            if record.kind == "baazi" and index != len(record.deals) - 1:
                raise RecordError(
                    f"the deal stops after {final.plays} of {variant.plays_per_deal} plays "
                    "and another deal follows",
                    deal=deal.number,
                )
    expected_result = deal_result(finals[0]) if record.kind == "deal" else match_result(standing)
    if record.result is not None and " ".join(record.result.split()) != expected_result:
        raise RecordError(
            f"the result says {excerpt(record.result)}, the replay gives {expected_result!r}",
            tag="Result",
        )
