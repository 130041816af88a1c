"""Applying a legal move: the pure transition (R2.5 to R2.9, R4 to R9).

:func:`transition` trusts that the move is legal (:func:`seep.apply_move`
asks the verifier first) and runs four steps, each a function that every
move goes through: :func:`~seep._engine.effects.play_card` (the card goes
to the floor, a pile or a house), :func:`deal_following` (the card leaves
the hand; the rest of the first batch once the opening ends, the second
batch of a two-player deal, R2.7, R2.9, R11.2),
:func:`~seep._engine.effects.finish_deal` (R9) and
:data:`~seep._engine.bypass.build_state`, the one place a state after a
move is made. The new state shares every
unchanged part with the old one.

>>> from seep._engine.transition import transition
>>> from seep import new_deal, parse_move
>>> state = transition(new_deal("standard", seed=10), parse_move("bid 11"))
>>> state.phase, state.bid
(Phase.PLAY, 11)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from seep._engine.bypass import build_state
from seep._engine.cardset import from_mask as card_set
from seep._engine.effects import bid_after, finish_deal, play_card
from seep._engine.facts import LAST, facts_of
from seep._engine.nodes import after_play
from seep._engine.schedule import deal_packets, opening_hand
from seep._util.limits import POINTS_LIMIT
from seep.cards import Card, CardSet
from seep.errors import VariantError
from seep.history import after_move
from seep.moves import Bid, Build, Move, Raise, Take, Throw
from seep.state import Phase, SeepRecord, State
from seep.variants import SeepContext, Variant

_PLAY: Final = Phase.PLAY  # read once (see seep.state, where _OVER is read once)
_OVER: Final = Phase.OVER


def transition(state: State, move: Move) -> State:
    """The state after the legal ``move``."""
    variant = state.variant
    if type(move) is Bid:  # R2.4, R2.5: the bid is made and the floor turns face up
        bidder = state.to_move
        assert bidder is not None
        return build_state(
            state,
            phase=_PLAY,
            to_move=bidder,
            bid=bid_after(variant, state.plays, state.bid, move),
            hands=state.hands,
            stock=state.stock,
            loose=state.loose,
            houses=state.houses,
            piles=state.piles,
            seeps=state.seeps,
            last_capture=state.last_capture,
            plays=state.plays,
            history=after_move(state.history, bidder, move, turned=state.loose),
        )
    assert not isinstance(move, Bid)
    seat = state.to_move
    assert seat is not None
    plays = state.plays + 1
    # 1. Play the card.
    loose, houses, piles, last_capture, swept = play_card(
        variant, state.loose.mask, state.houses, state.piles, state.last_capture, seat, move
    )
    seeps = (*state.seeps, _seep(state, seat, move.card, plays)) if swept else state.seeps
    # 2. Deal what follows.
    hands, stock, bid = deal_following(state, seat, move)
    before = state.stock
    phase = _PLAY
    to_move: int | None = seat + 1 if seat + 1 < len(hands) else 0
    # 3. Finish the deal.
    if not stock and not hands[seat].mask and not any(hand.mask for hand in hands):
        to_move, phase = None, _OVER
        loose, houses, piles = finish_deal(variant, loose, houses, piles, last_capture)
    # 4. Record the history and build the state.
    if stock is before and not swept:  # nothing dealt, no seep: the usual play
        history = after_play(state.history, move, seat)
    else:
        history = after_move(
            state.history,
            seat,
            move,
            seep=seeps[-1] if swept else None,
            stock=before,
            dealt=len(before) - len(stock),
            hands=hands,
        )
    return build_state(
        state,
        phase=phase,
        to_move=to_move,
        bid=bid,
        hands=hands,
        stock=stock,
        loose=state.loose if loose == state.loose.mask else card_set(loose),
        houses=houses,
        piles=piles,
        seeps=seeps,
        last_capture=last_capture,
        plays=plays,
        history=history,
    )


def deal_following(
    state: State, seat: int, move: Take | Build | Raise | Throw
) -> tuple[tuple[CardSet, ...], tuple[Card, ...], int | None]:
    """The hands, the stock and the bid after ``seat`` plays ``move``: the card leaves the hand, packets are dealt.

    In the usual play the card leaves the mover's hand and nothing is
    dealt. Once the opening ends (R2.7 after the bidder's first play;
    R11.2 after the first house, which becomes the bid, or a round of
    throws) the rest of the first batch is dealt; when every hand is empty
    and cards are left, the second batch of a two-player deal (R2.9).
    """
    hands = state.hands
    variant = state.variant
    facts = LAST.facts  # facts_of(variant), without the call on every play
    if facts.variant is not variant:
        facts = facts_of(variant)
    rule = facts.opening
    players = len(hands)
    mover_hand = hands[seat].mask & ~(1 << move.card)
    # Past its longest opening the rule need not be asked (R2.6, R2.7, R11.2).
    opening = state.plays < facts.opening_plays and rule.in_opening(state.plays, state.bid, players)
    if mover_hand and not opening:  # the usual play, first
        changed = list(hands)
        changed[seat] = card_set(mover_hand)
        return tuple(changed), state.stock, state.bid
    stock = state.stock
    plays = state.plays + 1
    bid = bid_after(variant, state.plays, state.bid, move) if opening else state.bid
    deal_rest = opening and not rule.in_opening(plays, bid, players)
    if not deal_rest and mover_hand:
        changed = list(hands)
        changed[seat] = card_set(mover_hand)
        return tuple(changed), stock, bid
    masks = [hand.mask for hand in hands]
    masks[seat] = mover_hand
    if deal_rest:
        quotas = [
            variant.cards_per_hand - opening_hand(variant, state.dealer, s) for s in range(players)
        ]
        stock = deal_packets(stock, masks, state.bidder, quotas)
    if not any(masks) and stock:  # R2.9: the second batch of a two-player deal
        quotas = [min(variant.cards_per_hand, len(stock) // players)] * players
        stock = deal_packets(stock, masks, state.bidder, quotas)
    new_hands = tuple(
        old if old.mask == mask else card_set(mask) for old, mask in zip(hands, masks, strict=True)
    )
    return new_hands, stock, bid


def _seep(state: State, seat: int, card: Card, plays: int) -> SeepRecord:
    """The seep of ``seat`` at play ``plays``, scored by the variant's seep rule (R4.5)."""
    return SeepRecord(seat=seat, play=plays, points=seep_points(state.variant, card, plays))


def seep_points(variant: Variant, card: Card, plays: int) -> int:
    """The points the variant's seep rule gives a seep made with ``card`` at play ``plays`` (R4.5).

    A user-defined rule may return anything: a value that is not an int
    raises ``TypeError``, one beyond the bounds that documents are read with
    :class:`~seep.errors.VariantError`.
    """
    per_batch = variant.cards_per_hand * variant.players
    last = variant.plays_per_deal
    context = SeepContext(
        card=card,
        play=plays,
        first_play=plays == 1,
        last_play=plays == last,
        batch_end=plays % per_batch == 0 and plays < last,  # R2.9: a two-player first batch
    )
    rule: Callable[[SeepContext], object] = variant.seep_bonus
    points = rule(context)
    if type(points) is not int:
        raise TypeError(
            f"the seep rule {variant.seep_bonus!r} of variant {variant.name!r} "
            f"gave {points!r} for a seep, not an int"
        )
    if not -POINTS_LIMIT <= points <= POINTS_LIMIT:
        raise VariantError(
            f"{variant.name}.seep_bonus",
            f"the seep rule gave {points} for a seep, beyond -{POINTS_LIMIT}..{POINTS_LIMIT}",
        )
    return points
