"""Bots: the protocol, legality, determinism, and the greedy bot's judgement on hand-made positions."""

from __future__ import annotations

import pytest

from seep import legal_moves, new_deal, parse_move
from seep.bots import Bot, GreedyBot, RandomBot, SearchBot, make_bot, play_deal
from seep.sim import MatchSpec, compare, simulate
from seep.testing import position
from seep.views import observe


@pytest.mark.parametrize("kind", ["random", "greedy", "search"])
def test_every_bot_follows_the_protocol_and_plays_legal_moves(kind: str) -> None:
    options = {"iterations": 5} if kind == "search" else {}
    bots = [make_bot(kind, seed=seat, **options) for seat in range(4)]
    assert all(isinstance(bot, Bot) for bot in bots)
    final = play_deal(new_deal("standard", seed=3), bots)  # apply_move refuses illegal moves
    assert final.is_over and final.plays == 48


@pytest.mark.parametrize("variant", ["standard-2p", "taash", "taash-2p"])
def test_bots_play_every_variant(variant: str) -> None:
    players = 2 if variant.endswith("2p") else 4
    bots = [
        GreedyBot(seed=1),
        SearchBot(seed=2, iterations=3),
        RandomBot(seed=3),
        GreedyBot(seed=4),
    ]
    final = play_deal(new_deal(variant, seed=2), bots[:players])
    assert final.is_over


@pytest.mark.parametrize("kind", ["random", "greedy", "search"])
def test_bots_are_deterministic_given_their_seed(kind: str) -> None:
    options = {"iterations": 10} if kind == "search" else {}

    def game() -> tuple[str, ...]:
        moves: list[str] = []
        bots = [make_bot(kind, seed=seat, **options) for seat in range(4)]
        play_deal(new_deal("standard", seed=8), bots, on_move=lambda s, m, a: moves.append(str(m)))
        return tuple(moves)

    assert game() == game()


def test_make_bot_rejects_an_unknown_kind() -> None:
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        make_bot("clever")


def test_greedy_takes_the_seep() -> None:
    """R4.5: with a seep on offer, greedy takes it."""
    state = position(hand="9S 4H", loose="4S 5D")
    move = GreedyBot(seed=0).choose(observe(state, 0), legal_moves(state))
    assert move == parse_move("take 9S 4S 5D")


def test_greedy_prefers_the_spade_points() -> None:
    """R1.2: of two pick-ups, greedy takes the one worth more points."""
    state = position(hand="7H 5D", loose="7S 5C 9H")
    move = GreedyBot(seed=0).choose(observe(state, 0), legal_moves(state))
    assert str(move) == "take 7H 7S"


def test_greedy_does_not_leave_a_seep_to_the_next_player() -> None:
    """Throwing the 4 onto the 5 leaves a floor any unseen 9 sweeps; the 9 itself is safe to throw."""
    state = position(hand="4H 9D", loose="5C", hands={1: "9S 9C"})
    view = observe(state, 0)
    scores = {str(m): GreedyBot.score(state, view, m) for m in legal_moves(state)}
    assert scores["throw 4H"] < scores["throw 9D"]
    assert GreedyBot(seed=0).choose(view, legal_moves(state)) != parse_move("throw 4H")


def test_search_bot_respects_an_iteration_budget_and_a_time_budget() -> None:
    state = new_deal("standard", seed=10)
    view = observe(state, 1)
    assert SearchBot(seed=1, iterations=2).choose(view, legal_moves(state)) in legal_moves(state)
    assert SearchBot(seed=1, seconds=0.01).choose(view, legal_moves(state)) in legal_moves(state)


def test_greedy_beats_random_over_seeded_deals() -> None:
    """Strength sanity check on fixed seeds (deterministic, so it cannot flake)."""
    summary = compare("greedy", "random", games=16, seed=100)
    assert summary.wins > summary.losses
    assert summary.mean_margin > 0


def test_simulation_results_do_not_depend_on_the_executor() -> None:
    from concurrent.futures import ThreadPoolExecutor

    spec = MatchSpec(variant="standard-2p", bots=("greedy", "random"))
    direct = simulate(spec, range(3))
    with ThreadPoolExecutor(2) as executor:
        pooled = simulate(spec, range(3), executor=executor)
    assert direct == pooled


@pytest.mark.parametrize("count", [3, 5])
def test_play_deal_and_play_baazi_want_one_bot_per_seat(count: int) -> None:
    """Three bots for four seats was a bare IndexError."""
    from seep import new_baazi, new_deal
    from seep.bots import GreedyBot, play_baazi, play_deal
    from seep.errors import InputError

    bots = [GreedyBot(seed=seat) for seat in range(count)]
    with pytest.raises(InputError, match=f"one bot per seat: 4 seats, {count} bots") as caught:
        play_deal(new_deal("standard", seed=1), bots)
    assert caught.value.field == "bots"
    with pytest.raises(InputError, match=f"4 seats, {count} bots"):
        play_baazi(new_baazi("standard", seed=1), bots)
