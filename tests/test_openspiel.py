"""The OpenSpiel game (seep.openspiel), checked with OpenSpiel's own tests and algorithms."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from seep import apply_move, deal_score, legal_moves, new_deal  # noqa: E402
from seep.bots import GreedyBot, RandomBot, make_bot, play_deal  # noqa: E402
from seep.bounds import longest_deal_actions, utility_range  # noqa: E402
from seep.cards import Card  # noqa: E402
from seep.openspiel import SHORT_NAME, ISMCTSBot, SeepBot, SeepState, play_to_end  # noqa: E402
from seep.state import State  # noqa: E402
from seep.variants import BUILT_IN_NAMES  # noqa: E402
from seep.views import observe  # noqa: E402

BUILT_IN = BUILT_IN_NAMES


def _load(variant: str) -> Any:
    return pyspiel.load_game(f"{SHORT_NAME}(variant={variant})")


def _random_walk(state: Any, rng: random.Random, stop: int | None = None) -> list[Any]:
    """Play at random (chance by its probabilities); the states passed, the last one included."""
    states = [state.clone()]
    while not state.is_terminal() and (stop is None or len(states) <= stop):
        if state.is_chance_node():
            cards, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(cards, chances)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


@pytest.mark.parametrize("variant", BUILT_IN)
def test_random_sim_test_with_serialization(variant: str) -> None:
    pyspiel.random_sim_test(_load(variant), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("variant", BUILT_IN)
def test_answers_given_in_python_are_pyspiels_at_every_step(variant: str) -> None:
    # The state answers the seat to act, the end and the legal ids without pyspiel's
    # calls back into Python; pyspiel's own methods must give the same answers.
    states = _random_walk(_load(variant).new_initial_state(), random.Random(11))
    for state in states:
        node = state.node
        if not isinstance(node, State):
            expected = pyspiel.PlayerId.CHANCE
        else:
            expected = pyspiel.PlayerId.TERMINAL if node.is_over else node.to_move
        assert state.current_player() == expected
        assert state.is_chance_node() == (expected == pyspiel.PlayerId.CHANCE)
        assert state.is_terminal() == (expected == pyspiel.PlayerId.TERMINAL)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for seat in range(state.num_players()):
            assert state.legal_actions(seat) == pyspiel.State.legal_actions(state, seat)
    assert states[-1].is_terminal() and states[-1].legal_actions() == []


def test_game_type_and_info_come_from_the_variant() -> None:
    game = _load("standard")
    kind = game.get_type()
    assert kind.short_name == SHORT_NAME
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert game.num_distinct_actions() == 123 and game.max_chance_outcomes() == 52
    assert game.num_players() == 4 and _load("taash-2p").num_players() == 2
    low, high = utility_range("standard")
    assert (game.min_utility(), game.max_utility()) == (low, high)
    assert game.max_game_length() == longest_deal_actions("standard") + 52
    assert pyspiel.load_game(SHORT_NAME).num_players() == 4  # standard by default
    with pytest.raises(KeyError, match="no-such-game"):
        pyspiel.load_game(f"{SHORT_NAME}(variant=no-such-game)")


@pytest.mark.parametrize("variant", ["standard", "taash-2p"])
def test_r2_2_chance_outcomes_in_deck_order_make_new_deal(variant: str) -> None:
    game = _load(variant)
    state = game.new_initial_state()
    deck: list[int] = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        card = outcomes[len(outcomes) // 2][0]
        deck.append(card)
        state.apply_action(card)
    rest = [card for card in range(52) if card not in deck]
    assert state.node == new_deal(variant, deck=[Card(c) for c in deck + rest], dealer=0)


def test_r2_3_no_void_hand_through_the_chance_outcomes() -> None:
    state = _load("standard").new_initial_state()
    for text in ("2S", "3H", "4D"):
        state.apply_action(int(Card.parse(text)))
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 20 and all(Card(card).value >= 9 for card, _ in outcomes)


@pytest.mark.parametrize("variant", ["standard", "standard-2p", "taash"])
def test_r9_3_returns_are_the_team_difference_and_zero_sum(variant: str) -> None:
    state = _random_walk(_load(variant).new_initial_state(), random.Random(4))[-1]
    node = state.node
    assert isinstance(node, State) and node.is_over
    difference = deal_score(node).difference
    assert state.returns() == [
        float(difference if seat % 2 == 0 else -difference) for seat in range(node.players)
    ]
    assert sum(state.returns()) == 0


def _history_part(text: str) -> str:
    return text.split(" | ", 1)[1]


@pytest.mark.parametrize("variant", ["standard", "taash-2p"])
def test_information_state_is_perfect_recall_and_hides_other_cards(variant: str) -> None:
    states = _random_walk(_load(variant).new_initial_state(), random.Random(9))
    players = states[0].num_players()
    for seat in range(players):
        before = ""
        for state in states[1:]:
            history = _history_part(state.information_state_string(seat))
            assert history.startswith(before)  # the history only grows
            before = history
        # Every card dealt to another seat shows only whom it went to.
        tokens = before.split()
        own = [t for t in tokens if not t.isdigit() and t[0] not in "sf"]
        assert len(own) == 12 * (52 - 4) // (12 * players)
    first = states[-1]
    assert len(first.information_state_tensor(0)) == _load(variant).information_state_tensor_size()
    assert len(first.observation_tensor(0)) == _load(variant).observation_tensor_size()


@pytest.mark.parametrize("variant", ["standard", "taash"])
def test_resample_from_infostate_keeps_the_players_information(variant: str) -> None:
    states = _random_walk(_load(variant).new_initial_state(), random.Random(2), stop=120)
    state = next(s for s in reversed(states) if not s.is_chance_node() and not s.is_terminal())
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hidden = set()
    for _ in range(5):
        sample = state.resample_from_infostate(seat, sampler)
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert sample.observation_string(seat) == state.observation_string(seat)
        assert sample.legal_actions() == state.legal_actions()
        other = (seat + 1) % state.num_players()
        hidden.add(tuple(sample.node.hands[other]))
        # The other seats' information states describe their sampled hands.
        assert str(sample.node.hands[other]) in sample.information_state_string(other)
        assert len(sample.information_state_tensor(other)) == len(
            state.information_state_tensor(other)
        )
    assert len(hidden) > 1  # the other hands are dealt again


def test_serialized_and_pickled_states_are_small_and_round_trip() -> None:
    game = _load("standard")
    state = _random_walk(game.new_initial_state(), random.Random(5), stop=150)[-1]
    text = pyspiel.serialize_game_and_state(game, state)
    again = pyspiel.deserialize_game_and_state(text)[1]
    assert str(again) == str(state) and again.history() == state.history()
    assert again.information_state_string(1) == state.information_state_string(1)
    assert len(text) < 8_000 and len(pickle.dumps(state)) < 8_000
    clone = state.clone()
    assert isinstance(clone, SeepState) and str(clone) == str(state)


def test_illegal_action_is_refused() -> None:
    state = _load("standard").new_initial_state()
    _random_walk(state, random.Random(1), stop=8)
    assert not state.is_chance_node()
    illegal = next(a for a in range(123) if a not in state.legal_actions())
    with pytest.raises(ValueError, match="not legal"):
        state.apply_action(illegal)


@pytest.mark.parametrize("variant", ["standard-2p", "taash"])
def test_ismcts_bot_plays_whole_deals_against_seep_bots(variant: str) -> None:
    game = _load(variant)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    search = ismcts.ISMCTSBot(
        game, evaluator, uct_c=50.0, max_simulations=3, random_state=np.random.RandomState(1)
    )
    others = [SeepBot(GreedyBot(seed=2)), SeepBot(RandomBot(seed=3))]
    bots = [search, *others][: game.num_players()]
    if game.num_players() == 4:
        bots = [search, others[0], search, others[1]]
    state = game.new_initial_state()
    returns = play_to_end(state, bots, random.Random(6))
    assert state.is_terminal() and sum(returns) == 0
    assert state.node.plays == 48


def test_mcts_bot_plays_a_determinized_state() -> None:
    game = _load("standard-2p")
    state = _random_walk(game.new_initial_state(), random.Random(3), stop=160)[-1]
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        _random_walk(state, random.Random(4), stop=1)
    sample = state.resample_from_infostate(
        state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0)
    )
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = mcts.MCTSBot(game, 50.0, 4, evaluator, random_state=np.random.RandomState(2))
    while not sample.is_terminal():  # MCTS plays both seats to the end of the deal
        if sample.is_chance_node():
            _random_walk(sample, random.Random(5), stop=1)
        else:
            action = bot.step(sample)
            assert action in sample.legal_actions()
            sample.apply_action(action)
    assert sum(sample.returns()) == 0


# OpenSpiel's ISMCTS as a seep bot ------------------------------------------------


def _moves_of(bot: Any, variant: str, seed: int) -> tuple[list[Any], tuple[int, int]]:
    moves: list[Any] = []
    final = play_deal(
        new_deal(variant, seed=seed),
        [bot, GreedyBot(seed=2)]
        * (pyspiel.load_game(f"{SHORT_NAME}(variant={variant})").num_players() // 2),
        on_move=lambda state, move, after: moves.append(move),
    )
    return moves, deal_score(final).totals


@pytest.mark.parametrize("variant", ["standard-2p", "taash"])
def test_the_ismcts_bot_plays_legal_moves_and_is_seeded(variant: str) -> None:
    """R3: every move it makes is legal (play_deal checks); the same seed replays the deal."""
    first = _moves_of(ISMCTSBot(seed=4, iterations=3), variant, seed=7)
    assert first == _moves_of(ISMCTSBot(seed=4, iterations=3), variant, seed=7)
    assert len(first[0]) >= 48


def test_the_ismcts_bot_comes_by_import_path_with_its_iterations() -> None:
    bot = make_bot("seep.openspiel:ISMCTSBot", seed=1, iterations=7)
    assert isinstance(bot, ISMCTSBot) and bot.name == "ismcts" and bot.iterations == 7
    with pytest.raises(ValueError, match="iterations: 1 or more"):
        ISMCTSBot(iterations=0)


def test_each_id_of_an_ismcts_move_is_searched_with_the_iterations_given() -> None:
    """Each id of a move is one search of ``iterations`` simulations from a resampled root."""
    searched: list[int] = []
    bot = ISMCTSBot(seed=3, iterations=6)
    state = new_deal("standard-2p", seed=2)
    while len(legal_moves(state)) < 2:
        state = apply_move(state, legal_moves(state)[0])
    _, search = bot._search(state.variant)
    sample = search.sample_root_state
    search.sample_root_state = lambda root: (searched.append(1), sample(root))[1]
    move = bot.choose(observe(state, state.to_move), legal_moves(state))
    assert move in legal_moves(state)
    assert len(searched) % 6 == 0 and searched


def test_the_ismcts_bot_joins_a_ladder_by_import_path() -> None:
    from seep.sim import ladder

    spec = "seep.openspiel:ISMCTSBot"
    table = ladder(
        [spec, "greedy", "random"],
        variant="standard-2p",
        games=2,
        options={spec: {"iterations": 2}},
    )
    assert table.names == (spec, "greedy", "random")
    assert table.games[0][1] == table.games[0][2] == 2
