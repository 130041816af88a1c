"""Sampling deals consistent with a seat's whole history (seep.sampling).

Exactness is tested against full enumeration on small endgames with a
chi-square test: the statistic is compared with the upper 0.1% point of the
chi-square distribution with the stated degrees of freedom (NIST/SEMATECH
e-Handbook of Statistical Methods, section 1.3.6.7.4, "Critical values of the
chi-square distribution"), so a correct sampler fails one run in a thousand
at most, and these runs are seeded.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence

import attrs
import pytest

from seep import (
    Card,
    CardSet,
    State,
    apply_move,
    legal_moves,
    new_deal,
    parse_move,
    state_from_dict,
    state_to_dict,
)
from seep._hidden.view_sampling import sample_state as view_only_sample
from seep.bots import GreedyBot
from seep.errors import IllegalMoveError, InvalidStateError, MisdealError
from seep.history import Dealt, Played
from seep.moves import Bid, Take
from seep.sampling import (
    HistorySampler,
    sample_deal,
    sample_state,
    sample_states,
    search_sampler,
    state_sampler,
)
from seep.views import View, observe

VARIANTS = ("standard", "standard-2p", "taash", "taash-2p")

#: Upper 0.1% points of the chi-square distribution (NIST table), by degrees of freedom.
CHI2_999 = {1: 10.828, 2: 13.816, 3: 16.266, 5: 20.515, 7: 24.322}
#: The two ways of drawing states from a view's whole history: exact deals, and the
#: faster draw for searches (the same distribution, no history kept).
SAMPLERS = pytest.mark.parametrize("make", [state_sampler, search_sampler], ids=["deal", "search"])


def chi_square(observed: Counter[object], expected: dict[object, float]) -> float:
    return sum((observed[key] - want) ** 2 / want for key, want in expected.items())


def random_state(variant: str, seed: int, plays: int) -> State:
    rng = random.Random(seed)
    state = new_deal(variant, seed=seed)
    while state.plays < plays and not state.is_over:
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state


def seat_views(cases: Iterable[tuple[str, int, int]]) -> Iterator[tuple[int, int, View]]:
    """``(seed, seat, view)`` for every seat of each ``(variant, seed, plays)`` random state."""
    for variant, seed, plays in cases:
        state = random_state(variant, seed, plays)
        for seat in range(state.players):
            yield seed, seat, observe(state, seat)


def deck_of(state: State) -> list[Card]:
    """The deck the state was dealt from, read off its (complete) history."""
    deck: list[Card] = []
    for entry in state.history:
        if isinstance(entry, Dealt):
            assert entry.cards is not None
            deck.extend(entry.cards)
    return deck + list(state.stock)


def consistent(view: View, deck: Sequence[Card]) -> bool:
    """Dealing ``deck`` and playing the history's moves through the public API gives ``view``."""
    try:
        state = new_deal(view.variant, deck=deck, dealer=view.dealer)
    except MisdealError:
        return False
    for entry in view.history:
        if isinstance(entry, Played):
            try:
                state = apply_move(state, entry.move)
            except IllegalMoveError:
                return False
    return observe(attrs.evolve(state, redeals=view.redeals), view.seat) == view


@SAMPLERS
def test_r3_2_exact_uniform_over_consistent_hands_by_enumeration(
    make: Callable[[View], Callable[[random.Random], State]],
) -> None:
    """Four players, play 43, the bidder's view: 12 ways to hold the 3 hidden cards, 6 consistent.

    Every other seat got its 12 cards after play 1, so a way of holding the
    hidden cards is one consistent deal structure; the moves already made
    (R3.2 through time) rule out half of them although no house stands now.
    """
    state = random_state("standard", 0, 43)
    seat = state.bidder
    view = observe(state, seat)
    assert not view.houses
    others = [s for s in range(4) if s != seat]
    hidden = sorted(card for s in others for card in state.hands[s])
    sizes = [len(state.hands[s]) for s in others]
    deck = deck_of(state)
    allowed: set[tuple[CardSet, ...]] = set()
    every: set[tuple[CardSet, ...]] = set()
    for order in itertools.permutations(hidden):
        parts, start = [], 0
        for size in sizes:
            parts.append(CardSet.of(order[start : start + size]))
            start += size
        key = tuple(parts)
        if key in every:
            continue
        every.add(key)
        swap = {}
        for s, part in zip(others, parts, strict=True):
            swap.update(zip(state.hands[s], part, strict=True))
        if consistent(view, [swap.get(card, card) for card in deck]):
            allowed.add(key)
    assert len(every) == 12 and len(allowed) == 6
    draw = make(view)
    rng = random.Random(1)
    n = 600
    seen: Counter[object] = Counter()
    for _ in range(n):
        sample = draw(rng)
        seen[tuple(sample.hands[s] for s in others)] += 1
    assert set(seen) <= allowed
    statistic = chi_square(seen, {key: n / len(allowed) for key in allowed})
    assert statistic < CHI2_999[len(allowed) - 1]
    # The view-only method, which ignores the history, breaks the history often.
    loose = {view_only_sample(view, random.Random(k)) for k in range(100)}
    assert {tuple(sample.hands[s] for s in others) for sample in loose} - allowed


def test_r2_4_r2_6_exact_uniform_over_the_bidders_first_packet_by_enumeration() -> None:
    """Two players, play 45, the dealer's view: which 4 cards the bidder was dealt first.

    The bidder played all 12 cards of its first batch (R2.9); the first play
    came from the first packet, which must have held the bid's value (R2.4)
    and made that first play legal (R2.6, R3.2). 81 of the 165 possible first
    packets are consistent; the sample must be uniform over them.
    """
    state = random_state("standard-2p", 3, 45)
    view = observe(state, state.dealer)
    bidder = state.bidder
    batch = [
        entry.move.card
        for entry in state.history
        if isinstance(entry, Played) and entry.seat == bidder and not isinstance(entry.move, Bid)
    ][:12]
    deck = deck_of(state)
    spots = sorted(deck.index(card) for card in batch)
    first, rest = batch[0], sorted(batch[1:])
    allowed = []
    for chosen in itertools.combinations(rest, 3):
        trial = deck[:]
        order = [first, *chosen, *(card for card in rest if card not in chosen)]
        for spot, card in zip(spots, order, strict=True):
            trial[spot] = card
        if consistent(view, trial):
            allowed.append(CardSet.of(chosen) | CardSet.of([first]))
    assert len(allowed) == 81
    groups = {packet: index % 8 for index, packet in enumerate(allowed)}
    sizes = Counter(groups.values())
    n = 800
    rng = random.Random(2)
    sampler = HistorySampler(view)
    seen: Counter[object] = Counter()
    for _ in range(n):
        packet = CardSet.of(sampler.deal(rng).deck[:4])
        assert packet in groups
        seen[groups[packet]] += 1
    statistic = chi_square(seen, {group: n * size / 81 for group, size in sizes.items()})
    assert statistic < CHI2_999[7]


@SAMPLERS
def test_r3_2_owner_who_played_no_king_since_the_house_was_taken_still_holds_one(
    make: Callable[[View], Callable[[random.Random], State]],
) -> None:
    """Seat 0 bid 13 and built the house of 13, its partner took it with KD, no king since.

    Right after building, seat 0 still held a king (R3.2, R2.6); it has
    played none since, so it holds one now: every sample must say so. The
    view-only method, which sees no house of 13 any more, often does not.
    """
    state = new_deal("standard", seed=169, dealer=3)
    for text in (
        "bid 13",
        "build 6H 7S =13",
        "take QD QS",
        "take KD #13",
        "build 2S 8C =10",
        "raise AC #10",
        "raise AH #11",
        "build 4S 7C =11",
    ):
        state = apply_move(state, parse_move(text))
    played_by_0 = [e.move for e in state.history if isinstance(e, Played) and e.seat == 0]
    assert all(not isinstance(m, Bid) and m.card.value != 13 for m in played_by_0[1:])
    assert state.house(13) is None
    for seat in (1, 2, 3):
        view = observe(state, seat)
        draw = make(view)
        rng = random.Random(seat)
        for _ in range(150):
            assert draw(rng).owner_holds_value(0, 13)
    view = observe(state, 1)
    misses = sum(
        not view_only_sample(view, random.Random(k)).owner_holds_value(0, 13) for k in range(100)
    )
    assert misses > 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_samples_replay_legally_to_the_view_in_every_variant(variant: str) -> None:
    """Mid-deal views of greedy deals: every sampled deck replays to the same view."""
    views = players = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = new_deal(variant, seed=seed, dealer=seed % 2)
        players = state.players
        bots = [GreedyBot(seed=seed * 10 + s) for s in range(players)]
        stops = set(rng.sample(range(1, 48), 4))
        while not state.is_over:
            if state.plays in stops:
                stops.discard(state.plays)
                for seat in range(state.players):
                    view = observe(state, seat)
                    deal = sample_deal(view, rng)
                    assert deal.dealer == view.dealer and len(set(deal.deck)) == 52
                    assert deal.moves == state.history.moves()
                    assert consistent(view, deal.deck)
                    assert observe(deal.state, seat) == view
                    assert state_from_dict(state_to_dict(deal.state)) == deal.state
                    views += 1
            seat = state.to_move
            assert seat is not None
            state = apply_move(state, bots[seat].choose(observe(state, seat), legal_moves(state)))
    assert views == 3 * 4 * players


def test_r11_2_taash_passes_mean_the_passer_could_not_build() -> None:
    """After an opening-round pass, the passer's first four cards had no build (R11.2)."""
    for seed in range(40):
        state = new_deal("taash", seed=seed)
        first = legal_moves(state)
        if any(not isinstance(m, Bid) and type(m).__name__ == "Build" for m in first):
            continue
        state = apply_move(state, first[0])  # a pass: a throw
        view = observe(state, (state.dealer + 2) % 4)
        passer = state.dealer + 1
        rng = random.Random(seed)
        for _ in range(20):
            deal = sample_deal(view, rng)
            opening = new_deal("taash", deck=deal.deck, dealer=deal.dealer)
            assert not any(type(m).__name__ == "Build" for m in legal_moves(opening))
            assert deal.state.hands[passer % 4] <= opening.hands[passer % 4]
        return
    pytest.fail("no opening pass in 40 seeds")


def test_prechecks_never_reject_a_consistent_deck() -> None:
    for seed, _seat, view in seat_views(
        (("standard", 5, 20), ("taash", 6, 16), ("standard-2p", 7, 30))
    ):
        sampler = HistorySampler(view)
        rng = random.Random(seed)
        sampler.deal(rng)
        for _ in range(150):
            deck = sampler.propose(rng)
            if not sampler.plausible(deck):
                assert sampler.replay(deck) is None


@pytest.mark.parametrize("variant", VARIANTS)
def test_r3_2_the_duties_come_from_the_houses_the_public_history_gives_after_each_move(
    variant: str,
) -> None:
    # The sampler knows every owner's duty before its first replay, from the houses that
    # seep._checks.view_history.check_history finds after each move: the replay's houses.
    from seep._checks.view_history import check_history

    for seed in range(3):
        rng = random.Random(seed)
        state = new_deal(variant, seed=seed)
        after: list[tuple[object, ...]] = []
        while not state.is_over:
            state = apply_move(state, rng.choice(legal_moves(state)))
            after.append(state.houses)
            for seat in range(state.players):
                assert check_history(observe(state, seat)) == after
    assert any(after)


def test_chain_mode_gives_consistent_samples() -> None:
    state = random_state("standard", 11, 26)
    view = observe(state, 2)
    samples = list(sample_states(view, random.Random(4), 12, method="chain", steps=4))
    assert len(samples) == 12
    assert all(observe(sample, 2) == view for sample in samples)
    assert len(set(samples)) > 1
    with pytest.raises(ValueError, match="method"):
        list(sample_states(view, random.Random(4), 1, method="guess"))


def test_unknown_history_samples_from_the_view_and_keeps_the_history() -> None:
    state = random_state("standard", 12, 10)
    loaded = state_from_dict(state_to_dict(state))
    later = apply_move(loaded, legal_moves(loaded)[0])
    for current in (loaded, later):
        view = observe(current, 1)
        assert not view.history_known
        sample = sample_state(view, random.Random(0))
        assert observe(sample, 1) == view
        with pytest.raises(ValueError, match="unknown"):
            sample_deal(view, random.Random(0))


def test_an_inconsistent_view_raises_after_the_proposals() -> None:
    state = random_state("standard", 13, 12)
    view = observe(state, 0)
    history = list(view.history)
    bid = next(i for i, e in enumerate(history) if isinstance(e, Played) and e.move == Bid(13))
    first = history[bid + 2]
    assert isinstance(first, Played) and first.move.card.value == 13
    # The bid rewritten to 12: the bidder's first play, a take with a king, breaks R2.6 on
    # every deck; only the rules on the hidden cards can tell, so the proposals run out.
    history[bid] = Played(1, Bid(12))
    broken = attrs.evolve(view, history=tuple(history), bid=12)
    with pytest.raises(ValueError, match="no deck order"):
        sample_deal(broken, random.Random(0), max_proposals=50)


def test_a_history_the_public_replay_contradicts_is_refused_at_once() -> None:
    state = random_state("standard", 13, 12)
    view = observe(state, 0)
    # Seat 1 claims a take of a house of 9 that its cards could not have made: the
    # sampler refuses the view before proposing, naming the entry and the rule.
    history = list(view.history)
    index = next(
        i
        for i, e in enumerate(history)
        if isinstance(e, Played) and e.seat != 0 and isinstance(e.move, Take)
    )
    entry = history[index]
    assert isinstance(entry, Played) and isinstance(entry.move, Take)
    history[index] = Played(entry.seat, attrs.evolve(entry.move, house=9))
    broken = attrs.evolve(view, history=tuple(history))
    with pytest.raises(InvalidStateError, match=rf"history\[{index}\].*R4\.1") as raised:
        HistorySampler(broken)
    assert raised.value.field == f"history[{index}]"
    with pytest.raises(ValueError, match=r"R4\.1"):
        sample_deal(broken, random.Random(0), max_proposals=50)


def test_the_fast_replay_of_fitting_decks_agrees_with_the_checked_replay() -> None:
    # HistorySampler._fitted remembers a move's legality by the mover's values in hand
    # (R3.2, R5.3, R6.3 and R2.6 read values, R3.1 the card itself) and compares the
    # public history once; the checked replay decides every deck afresh.
    for seed, seat, view in seat_views(
        (
            ("standard", 21, 14),
            ("standard", 22, 30),
            ("taash", 23, 18),
            ("standard-2p", 24, 26),
            ("taash-2p", 25, 20),
        )
    ):
        sampler = HistorySampler(view)
        rng = random.Random(seed * 10 + seat)
        fixed = {spot for spots, _ in sampler._known for spot in spots}
        movable = [spot for spot in range(52) if spot not in fixed]
        agreed = accepted = 0
        for round in range(40):
            # Proposals, and consistent decks; then two hidden cards swapped, as the chain does.
            deck = sampler.propose(rng) if round % 4 else list(sampler.deal(rng).deck)
            for _ in range(3):
                checked, fitted = sampler.replay(deck), sampler._fitted(deck)
                assert checked == fitted
                agreed += 1
                accepted += checked is not None
                i, j = rng.sample(movable, 2)
                deck[i], deck[j] = deck[j], deck[i]
        assert agreed == 120
        assert accepted >= 10
        assert sampler._script is not None  # the later decks were replayed from the first


def test_in_normal_play_legality_reads_only_the_house_values_of_a_hand() -> None:
    # What a replay from the first one relies on (seep._hidden.replay_script.value_key): outside the
    # bidder's first play (R2.6) and the taash opening round (R11.2), swapping the mover's
    # cards below 9 (but the played one) for other hidden cards below 9 changes no legality.
    from seep._engine.bypass import with_hands
    from seep._engine.generate import Position
    from seep.rules import is_legal

    low = CardSet.parse("AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C")
    low = low | CardSet.parse("6S 6H 6D 6C 7S 7H 7D 7C 8S 8H 8D 8C")
    checked = 0
    for variant in VARIANTS:
        for seed in range(12):
            rng = random.Random(seed)
            state = new_deal(variant, seed=seed)
            while not state.is_over:
                seat = state.to_move
                assert seat is not None
                if state.phase.value == "play" and not Position(state).special:
                    hand = state.hands[seat]
                    hidden = CardSet.of(
                        card
                        for other, cards in enumerate(state.hands)
                        if other != seat
                        for card in cards
                    ) | CardSet.of(state.stock)
                    moves = list(legal_moves(state))
                    for move in rng.sample(moves, min(4, len(moves))):
                        kept = [c for c in hand if c.value >= 9 or c == move.card]
                        swappable = [c for c in hand if c.value < 9 and c != move.card]
                        spare = [c for c in hidden if c in low]
                        if not swappable or len(spare) < len(swappable):
                            continue
                        other = CardSet.of([*kept, *rng.sample(spare, len(swappable))])
                        hands = tuple(other if s == seat else h for s, h in enumerate(state.hands))
                        changed = with_hands(state, hands)
                        for probe in moves + list(legal_moves(changed)):
                            if probe.card in hand and probe.card in other:  # R3.1 aside
                                assert is_legal(changed, probe) == is_legal(state, probe), probe
                        checked += 1
                state = apply_move(state, rng.choice(legal_moves(state)))
    assert checked > 500


def test_the_moves_of_a_stopped_replay_never_reject_a_consistent_deck() -> None:
    # Before a replay got through, HistorySampler._fitted replays a deck only if the moves of
    # the furthest replay so far, up to the one it found illegal, are legal on it (a Prefix,
    # asked on that replay's tables): a filter that must never reject a deck the checked
    # replay accepts, and that must catch the deck that stopped.
    from seep._hidden.replay_script import Prefix

    prefixes = kept = rejected = 0
    for seed, seat, view in seat_views(
        (
            ("standard", 31, 18),
            ("standard", 32, 34),
            ("taash", 33, 14),
            ("taash", 34, 30),
            ("standard-2p", 35, 26),
            ("taash-2p", 36, 22),
        )
    ):
        sampler = HistorySampler(view)
        rng = random.Random(seed * 10 + seat)
        consistent_decks = [list(HistorySampler(view).deal(rng).deck) for _ in range(6)]
        for _ in range(12):
            deck = sampler.propose(rng)
            try:
                start = new_deal(view.variant, deck=deck, dealer=view.dealer)
            except MisdealError:
                continue
            before: list[State] = []
            if sampler._played_out(start, None, before) is not None or not before:
                continue
            prefix = Prefix(before, sampler.moves, sampler._dealt_to, seat)
            prefixes += 1
            assert not prefix.holds(deck)  # the move that stopped the replay is in it
            for other in consistent_decks:
                assert sampler.replay(other) is not None
                assert prefix.holds(other)
                kept += 1
            for _ in range(8):
                other = sampler.propose(rng)
                if not prefix.holds(other):
                    assert sampler.replay(other) is None
                    rejected += 1
    assert prefixes >= 100 and kept >= 600 and rejected >= 500


def test_r3_2_a_proposal_turned_away_by_a_duty_draws_what_its_whole_placement_draws() -> None:
    # HistorySampler._place stops at the first seat that breaks its duties but makes the
    # draws that would have placed the seats after it: a seed draws the same samples as
    # when every seat was placed before the duties were checked.
    turned_away = 0
    for _seed, _seat, view in seat_views(
        (("standard", 41, 24), ("taash", 42, 28), ("standard", 43, 36))
    ):
        sampler = HistorySampler(view)
        if not any(sampler._seat_duties):
            continue
        for k in range(60):
            checked, whole = random.Random(k), random.Random(k)
            order = sampler._drawn(checked)
            if order is None or sampler._drawn(whole) != order:
                continue
            kept = sampler._place(order[:], checked, checked=True)
            deck = sampler._place(order[:], whole, checked=False)
            assert deck is not None
            if kept is None and not (sampler._opening_need and not sampler._bid_hand_holds(deck)):
                assert not sampler._duties_hold(deck)
                assert checked.getstate() == whole.getstate()
                turned_away += 1
            elif kept is not None:
                assert kept == deck and checked.getstate() == whole.getstate()
    assert turned_away >= 60


def bidder_packet_weights(state: State, viewer: int) -> dict[tuple[CardSet, ...], int]:
    """For each way the other seats may hold the hidden cards: how many ways of dealing the
    bidder's opening packet make the deal consistent with ``viewer``'s view.

    Four players late in a deal: every other seat but the bidder got all its cards before
    its first play, so only the bidder's packets tell the ways apart (R2.3, R2.4, R2.6:
    its first packet held the bid's value and the first play came from it). Uniform over
    the consistent deals, each way is drawn in proportion to its weight.
    """
    view = observe(state, viewer)
    bidder = state.bidder
    others = [s for s in range(state.players) if s != viewer]
    hidden = sorted(card for s in others for card in state.hands[s])
    sizes = [len(state.hands[s]) for s in others]
    deck = deck_of(state)
    spots: list[int] = []
    opening: list[int] = []
    start = 0
    for entry in state.history:
        if isinstance(entry, Dealt):
            if entry.to == bidder:
                span = list(range(start, start + entry.count))
                opening = opening or span
                spots += span
            start += entry.count
    first = next(
        entry.move.card
        for entry in state.history
        if isinstance(entry, Played) and entry.seat == bidder and not isinstance(entry.move, Bid)
    )
    later = [spot for spot in spots if spot not in opening]
    weights: dict[tuple[CardSet, ...], int] = {}
    for order in itertools.permutations(hidden):
        parts, start = [], 0
        for size in sizes:
            parts.append(CardSet.of(order[start : start + size]))
            start += size
        key = tuple(parts)
        if key in weights:
            continue
        swap = {}
        for s, part in zip(others, parts, strict=True):
            swap.update(zip(state.hands[s], part, strict=True))
        trial = [swap.get(card, card) for card in deck]
        rest = [trial[spot] for spot in spots if trial[spot] != first]
        count = 0
        for chosen in itertools.combinations(rest, len(opening) - 1):
            placed = trial[:]
            for spot, card in zip(opening, [first, *chosen], strict=True):
                placed[spot] = card
            for spot, card in zip(later, [c for c in rest if c not in chosen], strict=True):
                placed[spot] = card
            count += consistent(view, placed)
        weights[key] = count
    return weights


@SAMPLERS
@pytest.mark.parametrize(("seed", "viewer"), [(22, 3), (15, 2)])
def test_r2_4_r2_6_hands_drawn_in_proportion_to_the_bidders_consistent_packets_by_enumeration(
    make: Callable[[View], Callable[[random.Random], State]], seed: int, viewer: int
) -> None:
    """Play 44 of a four-player deal: 6 ways to hold the 3 hidden cards, each consistent with
    56 or 84 (or 45 or 81) of the bidder's 165 possible opening packets; the samples must
    follow those weights, not be uniform over the ways."""
    state = random_state("standard", seed, 44)
    assert viewer != state.bidder
    weights = bidder_packet_weights(state, viewer)
    allowed = {key: weight for key, weight in weights.items() if weight}
    assert len(allowed) == 6 and len(set(allowed.values())) == 2
    total = sum(allowed.values())
    others = [s for s in range(state.players) if s != viewer]
    draw = make(observe(state, viewer))
    rng = random.Random(seed)
    n = 1200
    seen: Counter[object] = Counter()
    for _ in range(n):
        sample = draw(rng)
        seen[tuple(sample.hands[s] for s in others)] += 1
    assert set(seen) <= set(allowed)
    statistic = chi_square(seen, {key: n * weight / total for key, weight in allowed.items()})
    assert statistic < CHI2_999[len(allowed) - 1]


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_search_draw_keeps_exactly_the_proposals_whose_deck_replays_to_the_view(
    variant: str,
) -> None:
    # seep._hidden.quick_draw.QuickDraw checks each hand as soon as it is drawn and places
    # only the seats whose placement a fact reads: on decks that fit the history's
    # structure (proposed ones, and consistent ones), its checks must agree with the
    # checked replay of the whole deck.
    kept = turned = placed = 0
    for seed, seat, view in seat_views(
        (variant, seed, plays) for seed, plays in ((51, 6), (52, 18), (53, 30), (54, 42))
    ):
        sampler = HistorySampler(view)
        rng = random.Random(seed * 10 + seat)
        sampler.quick_state(rng)
        sampler.quick_state(rng)
        quick = sampler._quick
        assert quick is not None
        placed += bool(quick._placed)
        decks = [sampler.propose(rng) for _ in range(24)]
        decks += [list(sampler.deal(rng).deck) for _ in range(3)]
        for deck in decks:
            accepted = sampler.replay(deck) is not None
            assert quick.accepts(deck) == accepted
            kept += accepted
            turned += not accepted
    assert kept >= 90 and turned >= 50 and placed >= 6


@pytest.mark.parametrize("variant", VARIANTS)
def test_search_states_show_the_view_and_leave_the_history_out(variant: str) -> None:
    for seed, plays in ((61, 9), (62, 27), (63, 40)):
        state = random_state(variant, seed, plays)
        for seat in range(state.players):
            view = observe(state, seat)
            draw = search_sampler(view)
            rng = random.Random(seed + seat)
            for index in range(6):
                sample = draw(rng)
                assert sample.history.known == (index == 0)  # the first is an exact deal's
                assert attrs.evolve(observe(sample, seat), history=view.history) == view
                assert sample.hands[seat] == state.hands[seat]
                assert len(sample.stock) == len(state.stock)
                assert legal_moves(sample)
