"""An independent check that a state is one the rules can have, for the fuzz suite.

It is written from the rules, not from the loader: it does not call the
validation of :mod:`seep.serialization` (only its round trip, which is a
promise of its own), nor the engine's schedule. It recounts the cards, the
deal's shape at the state's play count (R2.2, R2.7, R2.9, R11.1, R11.2), the
houses (R3.2, R5), seeps (R4.5) and captures (R4.4, R9.2), then round-trips
the state, counts its legal moves (R3.3) and plays it out at random to the
end, checking the cards and R3.3 at every step.
"""

from __future__ import annotations

import json
import random

from seep.cards import Card, CardSet
from seep.rules import apply_move, count_legal_moves, legal_moves
from seep.scoring import deal_score
from seep.serialization import state_from_dict, state_to_dict
from seep.state import Phase, State
from seep.variants import SeepBonus, Variant
from seep.views import View

_ALL = (1 << 52) - 1
_FLOOR = 4  # R2.2, R11.1: four floor cards before the first play
_HAND = 12  # R2.7: twelve cards per batch
# Random play-outs are capped, so a state that never ends is reported, not run for ever.
_PLAY_LIMIT = 200


def _r12_standard_points(card: Card) -> int:
    """R1.2: spades their capture value, the other aces 1, the ten of diamonds 6."""
    if card.suit == "S":
        return card.value
    if card.value == 1:
        return 1
    return 6 if str(card) == "TD" else 0


def _values(cards: CardSet) -> set[int]:
    return {card.value for card in cards}


def _played(seat: int, first: int, players: int, plays: int) -> int:
    """How many of the first ``plays`` plays ``seat`` made, turns going round from ``first``."""
    return sum(1 for play in range(plays) if (first + play) % players == seat)


def _dealt(variant: Variant, seat: int, first: int, plays: int, bid: int | None) -> int:
    """Cards ``seat`` has been dealt after ``plays`` plays (R2.2, R2.7, R2.9, R11.1, R11.2)."""
    players = variant.players
    if variant.opening.bids:  # R2.2: only the bidder holds cards before play 1
        if plays == 0:
            return _FLOOR if seat == first else 0
    elif bid is None and plays < players:  # R11.2: four each until the first house or all passed
        return _FLOOR
    batch = players * _HAND
    batches = variant.plays_per_deal // batch
    return _HAND * min(batches, plays // batch + 1)


def state_problems(
    state: State, *, rng: random.Random | None = None, play_out: bool = True
) -> list[str]:
    """What is wrong with ``state`` by the rules; empty if it is one the rules can have.

    Checks the cards (R1.1), the deal's shape at ``state.plays`` (who holds
    how many cards, the stock, turn, phase, bid, face-up floor), houses (R3.2,
    R5), captures, seeps and scores (R4.4, R4.5, R9), then round-trips the
    state through JSON and, with ``play_out``, plays it to the end at random
    (``rng``, default seeded 0), checking R1.1 and R3.3 after every move.
    States built by hand without the loader can be checked too:

    >>> from seep.testing import state_problems
    >>> import attrs
    >>> from seep import new_deal
    >>> state = new_deal("standard", seed=7)
    >>> state_problems(state)
    []
    >>> state_problems(attrs.evolve(state, to_move=2))
    ['R2.8: seat 2 to move, expected 1']
    """
    problems = _shape_problems(state)
    if problems:
        return problems
    problems += _floor_problems(state)
    problems += _capture_problems(state)
    if problems:
        return problems
    problems += _round_trip_problems(state)
    if not problems and play_out:
        problems += play_out_problems(state, rng or random.Random(0))
    return problems


def _cards_once(state: State) -> list[str]:
    """R1.1: the 52 cards, each in exactly one place (bit masks: this runs after every move)."""
    masks = [hand.mask for hand in state.hands]
    masks.append(state.loose.mask)
    masks.extend(house.cards.mask for house in state.houses)
    masks.extend(pile.mask for pile in state.piles)
    stock = 0
    for card in state.stock:
        stock |= 1 << card
    masks.append(stock)
    seen = 0
    total = len(state.stock) - stock.bit_count()  # a card listed twice in the stock
    for mask in masks:
        if seen & mask:
            return [f"R1.1: {CardSet(seen & mask)} in two places"]
        seen |= mask
        total += mask.bit_count()
    if seen != _ALL or total != 52:
        return [f"R1.1: {total} cards, {seen.bit_count()} distinct, not the 52 once each"]
    return []


def _shape_problems(state: State) -> list[str]:
    variant = state.variant
    players = variant.players
    if len(state.hands) != players or len(state.piles) != variant.teams:
        return [
            f"R1.3: {len(state.hands)} hands and {len(state.piles)} piles for {players} players"
        ]
    problems = _cards_once(state)
    if problems:
        return problems
    if not 0 <= state.dealer < players or not 0 <= state.plays <= variant.plays_per_deal:
        return [f"dealer {state.dealer} or plays {state.plays} out of range"]
    first = (state.dealer + 1) % players  # R2.1
    plays, bid = state.plays, state.bid
    over = plays == variant.plays_per_deal
    if state.phase is not (
        Phase.OVER if over else Phase.BID if variant.opening.bids and bid is None else Phase.PLAY
    ):
        problems.append(f"phase {state.phase} after {plays} plays with bid {bid}")
    if variant.opening.bids and bid is None and plays:
        problems.append("R2.4: cards played without a bid")
    if bid is not None and not 9 <= bid <= 13:
        problems.append(f"R2.4: bid {bid}")
    if not variant.opening.bids and bid is not None and plays == 0:
        problems.append("R11.2: a bid before the first house")
    expected_turn = None if over else (first + plays) % players
    if state.to_move != expected_turn:
        problems.append(f"R2.8: seat {state.to_move} to move, expected {expected_turn}")
    face_up = not (variant.opening.bids and state.phase is Phase.BID)
    if state.face_up is not face_up:
        problems.append(f"R2.5: face_up is {state.face_up}")
    dealt = 0
    for seat, hand in enumerate(state.hands):
        got = _dealt(variant, seat, first, plays, bid)
        dealt += got
        size = got - _played(seat, first, players, plays)
        if len(hand) != size:
            problems.append(f"seat {seat} holds {len(hand)} cards, expected {size}")
    if len(state.stock) != 52 - _FLOOR - dealt:
        problems.append(f"stock of {len(state.stock)}, expected {52 - _FLOOR - dealt}")
    on_table = (
        len(state.loose) + sum(len(h.cards) for h in state.houses) + sum(map(len, state.piles))
    )
    if on_table != _FLOOR + plays:
        problems.append(f"{on_table} cards on the floor and in piles after {plays} plays")
    bidder_cards = state.hands[first]
    if variant.opening.bids and plays == 0 and bid is not None and bid not in _values(bidder_cards):
        problems.append(f"R2.4: the bidder holds no card of the bid {bid}")
    return problems


def _floor_problems(state: State) -> list[str]:
    problems = []
    players = state.variant.players
    first = (state.dealer + 1) % players
    opening = state.plays == 0 or (
        not state.variant.opening.bids and state.bid is None and state.plays < players
    )
    if state.houses and (state.phase is not Phase.PLAY or opening):
        problems.append("R5: a house outside play or before the first house is built")
    values = [house.value for house in state.houses]
    if len(set(values)) != len(values):
        problems.append("R5.1: two houses of one value")
    for house in state.houses:
        total = sum(card.value for card in house.cards)
        if not 9 <= house.value <= 13 or len(house.cards) < 2 or total % house.value or not total:
            problems.append(f"R5.1/R5.5: house {house}")
        if not house.owners or len(set(house.owners)) != len(house.owners):
            problems.append(f"R5.1: house {house} owners")
        for owner in house.owners:
            if not 0 <= owner < players:
                problems.append(f"R1.3: owner {owner}")
                continue
            if not any(card.value == house.value for card in state.hands[owner]):
                problems.append(f"R3.2: owner {owner} holds no {house.value}")
            if not _played(owner, first, players, state.plays):
                problems.append(f"R5.2: owner {owner} of {house.value} has played no card")
        if house.locked is not (total != house.value):
            problems.append(f"R5.5: house {house} locked flag")
    return problems


def _capture_problems(state: State) -> list[str]:
    problems = []
    variant = state.variant
    players = variant.players
    first = (state.dealer + 1) % players
    captured = [team for team, pile in enumerate(state.piles) if pile]
    if any(len(pile) == 1 for pile in state.piles):
        problems.append("R4.4: a pile of one card (a pick-up takes the card played and more)")
    if (state.last_capture is None) != (not captured):
        problems.append(f"R4.4: last capture {state.last_capture} with piles of teams {captured}")
    if state.last_capture is not None:
        if (
            not 0 <= state.last_capture < players
            or variant.team_of(state.last_capture) not in captured
        ):
            problems.append(f"R4.4: last capture {state.last_capture}")
        elif not _played(state.last_capture, first, players, state.plays):
            problems.append(f"R4.4: the last capturer {state.last_capture} has played no card")
    if state.is_over and state.last_capture is not None and (state.loose or state.houses):
        problems.append("R9.2: the floor goes to the last capturer")
    previous = 0
    for seep in state.seeps:
        mover = (first + seep.play - 1) % players
        if not previous < seep.play <= state.plays or seep.seat != mover:
            problems.append(f"R4.5: seep {seep} (play {seep.play} was seat {mover}'s)")
        elif not state.piles[variant.team_of(seep.seat)]:
            problems.append(f"R4.5: seep {seep} but the team captured nothing")
        previous = seep.play
        if seep.play == state.plays and (state.loose or state.houses) and not state.is_over:
            problems.append(f"R4.5: seep at the last play {seep.play} but the floor is not empty")
        problems += _seep_points(state, seep.play, seep.points)
    latest = state.seeps[-1] if state.seeps else None
    if (
        latest
        and latest.play == state.plays
        and not state.is_over
        and state.last_capture != latest.seat
    ):
        problems.append("R4.4: the seep's seat is not the last capturer")
    problems += _score_problems(state)
    return problems


def _seep_points(state: State, play: int, points: int) -> list[str]:
    """R4.5, R11.4 for the built-in variants; a custom seep rule's points only need to be ints."""
    if not isinstance(points, int) or isinstance(points, bool):
        return [f"R4.5: seep points {points!r}"]
    taash = not state.variant.opening.bids
    if state.variant.seep_bonus != (SeepBonus(first_play=50) if taash else SeepBonus()):
        return []  # a seep rule of its own (R12)
    last = play == state.variant.plays_per_deal
    expected = 0 if last else 25 if play == 1 and not taash else 50
    if points == expected:
        return []
    return [f"R4.5: seep at play {play} worth {points}, expected {expected}"]


def _score_problems(state: State) -> list[str]:
    score = deal_score(state)
    if state.variant.card_points.points == tuple(_r12_standard_points(Card(i)) for i in range(52)):
        for team, pile in enumerate(state.piles):
            cards = sum(_r12_standard_points(card) for card in pile) + (
                state.variant.card_points.most_cards if _most(state, team) else 0
            )
            if score.teams[team].cards != cards:
                return [f"R1.2: team {team} card points {score.teams[team].cards}, counted {cards}"]
    for team, team_score in enumerate(score.teams):
        bonus = sum(s.points for s in state.seeps if state.variant.team_of(s.seat) == team)
        if team_score.seeps != bonus or team_score.total != team_score.cards + bonus:
            return [f"R9.3: team {team} score {team_score}"]
    table = state.variant.card_points
    sizes = [len(pile) for pile in state.piles]
    in_play = sum(table.points) + (table.most_cards if sizes.count(max(sizes)) == 1 else 0)
    if (
        state.is_over
        and state.last_capture is not None
        and sum(t.cards for t in score.teams) != in_play
    ):
        return [
            f"R1.2: card points {score.totals} do not add up to {state.variant.card_points.total}"
        ]
    return []


def _most(state: State, team: int) -> bool:
    sizes = [len(pile) for pile in state.piles]
    return sizes.count(max(sizes)) == 1 and sizes[team] == max(sizes)


def _round_trip_problems(state: State) -> list[str]:
    try:
        text = json.dumps(state_to_dict(state), allow_nan=False)
        again = state_from_dict(json.loads(text), variant=state.variant)
    except Exception as error:
        return [f"round trip: {type(error).__name__}: {str(error)[:200]}"]
    return [] if again == state else ["round trip: the state loads back different"]


def play_out_problems(state: State, rng: random.Random) -> list[str]:
    """Random legal play from ``state`` to the end of the deal, checking R1.1 and R3.3 at every step."""
    for _ in range(_PLAY_LIMIT):
        count = count_legal_moves(state)
        if state.is_over:
            return [] if count == 0 else [f"R3.3: {count} legal moves after the end"]
        if count == 0:
            return [f"R3.3: no legal move after {state.plays} plays"]
        move = legal_moves(state)[rng.randrange(count)]
        state = apply_move(state, move)
        problems = _cards_once(state)
        if problems:
            return [f"after {move}: {problems[0]}"]
    return [f"the deal does not end within {_PLAY_LIMIT} moves"]


def view_problems(view: View) -> list[str]:
    """What is wrong with ``view`` by the rules (cards, counts, R3.2 for its own seat); empty if nothing.

    >>> from seep.testing import view_problems
    >>> import attrs
    >>> from seep import new_deal
    >>> from seep.views import observe
    >>> view = observe(new_deal("standard", seed=7), 1)
    >>> view_problems(view), view_problems(attrs.evolve(view, stock_count=40))
    ([], ['R1.1: 4 + 40 + 4 cards', 'a stock of 40 after 0 plays'])
    """
    variant = view.variant
    players = variant.players
    problems = []
    zones = [view.hand, *(h.cards for h in view.houses), *view.piles]
    if view.loose is not None:
        zones.append(view.loose)
    seen = 0
    for zone in zones:
        if seen & zone.mask:
            return [f"R1.1: {CardSet(seen & zone.mask)} in two places"]
        seen |= zone.mask
    if len(view.hand_counts) != players or not 0 <= view.seat < players:
        return [f"R1.3: seat {view.seat}, {len(view.hand_counts)} hand counts"]
    if view.hand_counts[view.seat] != len(view.hand):
        problems.append("hand count of the seat's own hand")
    on_floor = view.floor_count + sum(len(h.cards) for h in view.houses) + sum(map(len, view.piles))
    if sum(view.hand_counts) + view.stock_count + on_floor != 52:
        problems.append(f"R1.1: {sum(view.hand_counts)} + {view.stock_count} + {on_floor} cards")
    if view.loose is not None and len(view.loose) != view.floor_count:
        problems.append("floor count")
    for house in view.houses:
        if view.seat in house.owners and not any(c.value == house.value for c in view.hand):
            problems.append(f"R3.2: seat {view.seat} owns {house.value} and holds none")
    return problems + _view_shape_problems(view)


def _view_shape_problems(view: View) -> list[str]:
    """The deal's public shape in a view: turn, phase, floor face, hand and stock counts."""
    variant = view.variant
    players = variant.players
    plays, bid = view.plays, view.bid
    if not 0 <= view.dealer < players or not 0 <= plays <= variant.plays_per_deal:
        return [f"dealer {view.dealer} or plays {plays} out of range"]
    first = (view.dealer + 1) % players
    over = plays == variant.plays_per_deal
    bidding = variant.opening.bids and bid is None
    problems = []
    if view.phase is not (Phase.OVER if over else Phase.BID if bidding else Phase.PLAY):
        problems.append(f"phase {view.phase} after {plays} plays with bid {bid}")
    if view.to_move != (None if over else (first + plays) % players):
        problems.append(f"R2.8: seat {view.to_move} to move after {plays} plays")
    if view.face_up is (variant.opening.bids and view.phase is Phase.BID):
        problems.append(f"R2.5: the floor is {'up' if view.face_up else 'down'}")
    dealt = 0
    for seat, count in enumerate(view.hand_counts):
        got = _dealt(variant, seat, first, plays, bid)
        dealt += got
        if count != got - _played(seat, first, players, plays):
            problems.append(f"seat {seat} holds {count} cards after {plays} plays")
    if view.stock_count != 52 - _FLOOR - dealt:
        problems.append(f"a stock of {view.stock_count} after {plays} plays")
    return problems
