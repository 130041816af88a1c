"""Seep as an OpenSpiel game: ``pyspiel.load_game("python_seep(variant=taash)")``.

Importing this module registers the Python game ``python_seep`` with
pyspiel (it needs the ``openspiel`` extra: ``pip install
'seep-rules[openspiel]'``). Its parameters are ``variant`` (any registered
variant name, default ``standard``) and ``dealer`` (default 0).

* **Actions** are the fixed ids of :mod:`seep.actions` (123 in every
  variant): a move is one id or several in a row, all by the same player, so
  a decision node is either the start of a move or the middle of one.
* **Chance** deals the cards one at a time through :mod:`seep.chance`: the
  initial deal, then the packets a move triggers (R2.7, R2.9, R11.2). A
  chance outcome is the card's index (0..51); R2.3 redeals are folded into
  the probabilities of the bidder's first four cards.
* **Utilities** are given at the end of the deal only: every seat gets its
  team's deal score minus the other team's (card points and seeps, R1.2,
  R4.5, R9.3), unscaled, so the game is zero-sum and partners get the same
  return.
* **Observations** are one seat's view of the position (its hand, the
  public floor, houses, piles, seeps, counts, turn, bid, the ids of the move
  in progress). **Information states** add the seat's whole
  action-observation history: every id played by anyone, every card dealt
  to this seat, and for each other card only whom it was dealt to. They are
  perfect recall. The tensors are :mod:`seep.observation`'s vectors
  followed by the adapter's part (a chance flag, the cards the chance node
  in progress has dealt to the seat and face up to the floor, the ids of the
  move in progress).
* :meth:`SeepState.resample_from_infostate` deals the cards the seat cannot
  see again with :func:`seep.sampling.sample_state`, exactly uniform over the
  deals consistent with everything the seat has seen (its history).

The game, its state and its observer stay in one module, as pyspiel's
Python games are written, which makes it a little over 600 lines.

>>> import pyspiel
>>> import seep.openspiel
>>> game = pyspiel.load_game("python_seep(variant=taash-2p)")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(2, 123, 52)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
...
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
(1, ['play 2S', 'play 2H', 'play 2D', 'play 2C'])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs
import numpy as np
import pyspiel

from seep._encoding.walk import Walk, walk_of
from seep.actions import (
    NUM_ACTIONS,
    action_to_string,
    actions_of,
)
from seep.bots import Bot
from seep.bounds import longest_deal_actions, most_chance_outcomes, utility_range
from seep.cards import ALL_CARDS, Card, CardSet
from seep.chance import InitialDeal, PacketDeal, outcome_ids, play_legal_move, start_deal
from seep.moves import Bid, Move
from seep.observation import (
    information_state_length,
    information_state_vector,
    observation_length,
    observation_vector,
)
from seep.render import house_text
from seep.rules import legal_moves
from seep.sampling import sample_state
from seep.scoring import deal_score
from seep.state import Phase, State
from seep.variants import Variant, get_variant
from seep.views import View, observe

__all__ = [
    "GAME_TYPE",
    "SHORT_NAME",
    "ISMCTSBot",
    "SeepBot",
    "SeepGame",
    "SeepObserver",
    "SeepState",
    "game_info",
    "play_to_end",
]

#: The name under which the game is registered with pyspiel.
SHORT_NAME = "python_seep"

_CARDS = 52

_MAX_PLAYERS = 4
_FLOOR_CODE = _MAX_PLAYERS  # the recipient code of a card dealt to the floor
#: The log of a state codes a decision as its id, a chance card as this base
#: plus ``recipient * 52 + card``.
_CHANCE_BASE = 1000

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Seep (Sweep, Sip, Shiv)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=_MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"variant": "standard", "dealer": 0},
)


# --- Bounds -------------------------------------------------------------------


def game_info(variant: str | Variant) -> pyspiel.GameInfo:
    """The :class:`pyspiel.GameInfo` of ``variant``, from :mod:`seep.bounds`.

    ``max_game_length`` counts every action of a deal: the longest deal in
    action ids and the 52 cards dealt as chance outcomes.

    >>> from seep.openspiel import game_info
    >>> info = game_info("standard")
    >>> info.num_distinct_actions, info.max_chance_outcomes, info.num_players, info.max_game_length
    (123, 52, 4, 248)
    >>> info.min_utility, info.max_utility
    (-1275.0, 1275.0)
    """
    rules = get_variant(variant)
    low, high = utility_range(rules)
    return pyspiel.GameInfo(
        num_distinct_actions=NUM_ACTIONS,
        max_chance_outcomes=most_chance_outcomes(rules),
        num_players=rules.players,
        min_utility=float(low),
        max_utility=float(high),
        utility_sum=0.0,
        max_game_length=longest_deal_actions(rules) + len(ALL_CARDS),
    )


# --- The encodings (the one place that turns a node into strings and tensors) --


def _node_view(node: State | InitialDeal | PacketDeal, player: int) -> View | None:
    """The seat's view of the position under ``node`` (``None`` during the initial deal)."""
    if isinstance(node, InitialDeal):
        return None
    return observe(node.state if isinstance(node, PacketDeal) else node, player)


def _dealt_to(node: InitialDeal | PacketDeal, player: int | None) -> CardSet:
    """The cards of the chance node dealt so far to ``player`` (``None``: the floor)."""
    return CardSet.of(
        card for card, seat in zip(node.dealt, node.recipients, strict=False) if seat == player
    )


#: The adapter's part of every tensor, after the position's vector: a chance
#: node flag, the cards this chance node has dealt to the seat and face up to
#: the floor so far, and one flag per id of the move in progress.
_EXTRA = 1 + 2 * _CARDS + NUM_ACTIONS


def _observation_size(variant: Variant) -> int:
    return observation_length(variant) + _EXTRA


def _information_size(variant: Variant) -> int:
    return information_state_length(variant) + _EXTRA


def _fill_extra(
    out: np.ndarray[Any, Any],
    node: State | InitialDeal | PacketDeal,
    player: int,
    prefix: Sequence[int],
    private: bool,
) -> None:
    """Write the adapter's part (see :data:`_EXTRA`) into the zeroed ``out``."""
    if isinstance(node, (InitialDeal, PacketDeal)):
        out[0] = 1.0
        for card in _dealt_to(node, player) if private else ():
            out[1 + card] = 1.0
        if isinstance(node, InitialDeal) and not node.variant.opening.bids:
            for card in _dealt_to(node, None):  # R11.1: the floor is dealt face up
                out[1 + _CARDS + card] = 1.0
    for action in prefix:
        out[1 + 2 * _CARDS + action] = 1.0


def _rounds(state: SeepState, player: int) -> tuple[CardSet, ...]:
    """The cards dealt to ``player`` in each finished dealing round (for seep.observation).

    Where the log does not hold the seat's cards (a resampled state), they
    are its hand and the cards it played, put in the rounds' places in play
    order, the earliest round first.
    """
    runs: list[list[tuple[int, int]]] = []
    chance_before = False
    for code in state._log:
        if code < _CHANCE_BASE:
            chance_before = False
            continue
        if not chance_before:
            runs.append([])
        runs[-1].append(divmod(code - _CHANCE_BASE, _CARDS))
        chance_before = True
    if not isinstance(state.node, State):
        runs = runs[:-1]  # the round being dealt is not finished
    if state._known >> player & 1:
        return tuple(CardSet.of(Card(c) for r, c in run if r == player) for run in runs)
    view = _node_view(state.node, player)
    assert view is not None
    played = [
        move.card for seat, move in state._moves if seat == player and not isinstance(move, Bid)
    ]
    rounds: list[list[Card]] = [[] for _ in runs]
    sizes = [sum(1 for r, _ in run if r == player) for run in runs]
    for card in [*played, *view.hand]:
        index = next(i for i, size in enumerate(sizes) if len(rounds[i]) < size)
        rounds[index].append(card)
    return tuple(CardSet.of(cards) for cards in rounds)


def _fill_position(
    out: np.ndarray[Any, Any], state: SeepState, player: int, private: bool, recall: bool
) -> None:
    """Write :mod:`seep.observation`'s vector of the position under ``state`` into ``out``."""
    view = _node_view(state.node, player)
    if view is None:
        return  # the initial deal: only the adapter's part says anything
    if not private:
        vector = observation_vector(_public(view))
    elif recall:
        moves = [move for _, move in state._moves]
        vector = information_state_vector(view, moves, _rounds(state, player))
    else:
        vector = observation_vector(view)
    out[: len(vector)] = np.array(vector, np.int8)  # small ints: the quickest conversion


def _view_text(view: View) -> str:
    loose = "?" * view.floor_count if view.loose is None else str(view.loose)
    houses = " ".join(house_text(house) for house in view.houses) or "-"
    seeps = " ".join(f"s{seep.seat}+{seep.points}@{seep.play}" for seep in view.seeps) or "-"
    piles = "/".join(str(pile) for pile in view.piles)
    return (
        f"{view.phase.value} move:{view.to_move} bid:{view.bid} plays:{view.plays} "
        f"hand:{view.hand} floor:{loose} houses:{houses} piles:{piles} seeps:{seeps} "
        f"counts:{','.join(map(str, view.hand_counts))} stock:{view.stock_count}"
    )


def _observation_text(
    node: State | InitialDeal | PacketDeal, player: int, prefix: Sequence[int], private: bool
) -> str:
    """The observation string of ``player``."""
    parts = [f"p{player}"]
    if isinstance(node, InitialDeal):
        mine = _dealt_to(node, player) if private else CardSet()
        parts.append(f"dealing card {len(node.dealt) + 1} hand:{mine}")
        if not node.variant.opening.bids:
            parts.append(f"floor:{_dealt_to(node, None)}")
    else:
        view = _node_view(node, player)
        assert view is not None
        if not private:
            view = _public(view)
        parts.append(_view_text(view))
        if isinstance(node, PacketDeal):
            mine = _dealt_to(node, player) if private else CardSet()
            parts.append(f"after {node.move} dealing {len(node.dealt) + 1} to me:{mine}")
    if prefix:
        parts.append("move:" + ",".join(action_to_string(action) for action in prefix))
    return " ".join(parts)


def _public(view: View) -> View:
    return attrs.evolve(view, hand=CardSet())


def _log_token(code: int, player: int, known: bool) -> str:
    if code < _CHANCE_BASE:
        return str(code)
    recipient, card = divmod(code - _CHANCE_BASE, _CARDS)
    if recipient == player and known:
        return str(Card(card))
    return "f" if recipient == _FLOOR_CODE else f"s{recipient}"


# --- The game and its states ---------------------------------------------------


_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)


_OVER: Final = Phase.OVER


def _player(state: State) -> int:
    """The seat to act in ``state``, or ``TERMINAL``."""
    seat = state.to_move
    return _TERMINAL if seat is None or state.phase is _OVER else seat


class _Record(list):  # type: ignore[type-arg]
    """A list of immutable values, appended to in place: copying it copies the list, not its items."""

    __slots__ = ()

    def __deepcopy__(self, memo: object) -> _Record:
        return _Record(self)


class SeepGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of one deal of a variant (parameters ``variant`` and ``dealer``).

    >>> import pyspiel
    >>> from seep.openspiel import SeepGame
    >>> game = pyspiel.load_game("python_seep(variant=taash-2p,dealer=1)")
    >>> isinstance(game, SeepGame), game.variant.name, game.dealer, game.num_players()
    (True, 'taash-2p', 1, 2)
    >>> SeepGame({"variant": "standard"}).num_distinct_actions()
    123
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.variant = get_variant(str(params.get("variant", "standard")))
        self.dealer = int(params.get("dealer", 0))
        if not 0 <= self.dealer < self.variant.players:
            raise ValueError(f"dealer is a seat in 0..{self.variant.players - 1}")
        super().__init__(GAME_TYPE, game_info(self.variant), params)

    def new_initial_state(self) -> SeepState:
        """The deal before its first card."""
        return SeepState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SeepObserver:
        """An observer: observations, or information states when ``perfect_recall``."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return SeepObserver(
            self.variant, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        )


#: The attributes of a :class:`SeepState`: the node and the seat to act, the move in
#: progress, the log of actions, the moves made, and the seats whose cards the log holds.
_STATE_SLOTS: Final = ("_at", "_player", "_walk", "_log", "_moves", "_known")


class SeepState(pyspiel.State):  # type: ignore[misc]
    """A point of a deal: a chance node, a decision (maybe inside a move), or the end.

    Its attributes are small (the seep node, the ids of the move in progress
    and a log of one int per action), so a pickled or serialized state stays
    a few kilobytes.

    >>> import random
    >>> import pyspiel
    >>> import seep.openspiel
    >>> state = pyspiel.load_game("python_seep(variant=taash-2p)").new_initial_state()
    >>> rng = random.Random(1)
    >>> while state.is_chance_node():
    ...     cards, chances = zip(*state.chance_outcomes())
    ...     state.apply_action(rng.choices(cards, chances)[0])
    ...
    >>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
    (1, ['play 7H', 'play 9H'])
    """

    # Slots, read at every step: an attribute of a pybind11 object's own dict is
    # read several times slower. pyspiel clones and serializes a Python state by
    # its ``__dict__``, which lists them (see below).
    __slots__ = _STATE_SLOTS

    @property
    def __dict__(self) -> dict[str, Any]:
        """The state's attributes by name: what pyspiel's clone, serialization and pickle copy."""
        return {name: getattr(self, name) for name in _STATE_SLOTS}

    @__dict__.setter
    def __dict__(self, attributes: dict[str, Any]) -> None:
        for name, value in attributes.items():
            setattr(self, name, value)

    def __init__(self, game: SeepGame) -> None:
        super().__init__(game)
        self._node = start_deal(game.variant, dealer=game.dealer)  # sets _player too
        self._walk: Walk | None = None  # the move in progress, once asked about
        self._log = _Record()  # one int per action: see _CHANCE_BASE
        self._moves = _Record()  # (seat, move) for each move made
        self._known = (1 << game.variant.players) - 1  # seats whose dealt cards the log holds

    @property
    def _node(self) -> State | InitialDeal | PacketDeal:
        return self._at

    @_node.setter
    def _node(self, node: State | InitialDeal | PacketDeal) -> None:
        # Every move to a node works out once the player whom every call of the step asks for.
        self._at = node
        self._player = _player(node) if type(node) is State else _CHANCE

    @property
    def node(self) -> State | InitialDeal | PacketDeal:
        """The seep state or chance node (see :mod:`seep.chance`) under this state."""
        return self._node

    @property
    def prefix(self) -> tuple[int, ...]:
        """The ids of the move in progress."""
        walk = self._walk
        return () if walk is None else walk.prefix

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` while a card is dealt, or ``TERMINAL``."""
        return self._player

    def is_chance_node(self) -> bool:
        """True while a card is dealt (as pyspiel's, without a call back into Python)."""
        return self._player == _CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal ids of the seat to act (as pyspiel's, answered in Python for that seat).

        Pyspiel's method asks Python for the player three times and for the
        end of the deal once before it asks for the ids; here the seat to act
        gets them at once. Other calls (chance nodes, the end, other seats)
        are pyspiel's.
        """
        current = self._player
        if current >= 0 and (player is None or player == current):
            walk = self._walk
            if walk is None:  # the start of a move
                node = self._at
                assert isinstance(node, State)  # the seat to act moves from a state
                walk = self._walk = walk_of(node)
            return list(walk.legal)
        if player is None:
            return pyspiel.State.legal_actions(self)  # type: ignore[no-any-return]
        return pyspiel.State.legal_actions(self, player)  # type: ignore[no-any-return]

    def _legal_actions(self, player: int) -> list[int]:
        """The sorted ids that may come next in the move of ``player``."""
        return list(self._walk_now(player).legal)

    def _walk_now(self, player: int) -> Walk:
        """The move in progress of ``player``, the seat to move."""
        walk = self._walk
        if walk is None:
            node = self._node
            assert isinstance(node, State) and player == node.to_move
            walk = self._walk = walk_of(node)
        return walk

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that may be dealt next, with their probabilities."""
        node = self._at
        if isinstance(node, State):
            raise ValueError("not a chance node: no card is being dealt")
        return outcome_ids(node)

    def _apply_action(self, action: int) -> None:
        # The node and the player are set here without the property (the commonest call).
        node = self._at
        after: State | InitialDeal | PacketDeal
        if isinstance(node, State):
            walk = self._walk
            if walk is None:  # the start of a move of the seat to act
                walk = self._walk = walk_of(node)
            if action not in walk.legal:
                raise ValueError(f"action {action} ({action_to_string(action)}) is not legal here")
            self._log.append(action)
            step = walk.advance(action)  # an int among the legal ids
            if isinstance(step, Walk):
                self._walk = step
                return
            # built from legal ids, so legal: played with no second check
            self._walk = None
            self._moves.append((self._player, step))
            after = play_legal_move(node, step)
        else:  # a chance node: the card dealt
            recipient = node.recipient
            after = node.deal(ALL_CARDS[action])
            code = _FLOOR_CODE if recipient is None else recipient
            self._log.append(_CHANCE_BASE + code * _CARDS + action)
        self._at = after
        self._player = _player(after) if isinstance(after, State) else _CHANCE

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {Card(action)}"
        return action_to_string(action)

    def is_terminal(self) -> bool:
        """True once the deal is over (R9)."""
        return self._player == _TERMINAL

    def returns(self) -> list[float]:
        """Each seat's team deal score minus the other team's; zeros before the end."""
        node = self._node
        variant = self.get_game().variant
        if not (isinstance(node, State) and node.is_over):
            return [0.0] * variant.players
        difference = deal_score(node).difference
        return [
            float(difference if variant.team_of(s) == 0 else -difference)
            for s in range(variant.players)
        ]

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> SeepState:
        """A state with the same information state for ``player_id``, the hidden cards dealt again.

        The hidden cards come from :func:`seep.sampling.sample_state` on the
        seat's view and its history (consistent with every move seen), seeded
        from ``probability_sampler``. In the new state the
        log keeps the cards dealt to ``player_id`` only; the other seats'
        information states show their hands as sampled. At a chance node or
        at the end of the deal the state is returned as a copy.
        """
        node = self._node
        if not isinstance(node, State) or node.is_over:
            return self.clone()  # type: ignore[no-any-return]
        rng = random.Random(int(probability_sampler() * 2**53))
        sampled = sample_state(observe(node, player_id), rng)
        game = self.get_game()
        state = game.new_initial_state()
        state._node = sampled
        state._walk = walk_of(sampled, self.prefix) if self.prefix else None
        state._log = _Record(self._log)
        state._moves = _Record(self._moves)
        state._known = 1 << player_id
        return state  # type: ignore[no-any-return]

    def observation_text(self, player: int, private: bool = True) -> str:
        """The observation string of ``player``."""
        return _observation_text(self._node, player, self.prefix, private)

    def information_text(self, player: int, private: bool = True) -> str:
        """The information-state string of ``player``: the observation and the history."""
        known = private and bool(self._known >> player & 1)
        history = " ".join(_log_token(code, player, known) for code in self._log)
        return f"{self.observation_text(player, private)} | {history}"

    def __str__(self) -> str:
        node = self._node
        if isinstance(node, InitialDeal):
            text = f"dealing {' '.join(map(str, node.dealt))}"
        elif isinstance(node, PacketDeal):
            text = f"{node.state}\nafter {node.move} dealing {' '.join(map(str, node.dealt))}"
        else:
            text = str(node)
        if self.prefix:
            text += "\nmove: " + ",".join(action_to_string(a) for a in self.prefix)
        return text


class SeepObserver:
    """Observation or information-state tensors and strings (OpenSpiel's PyObserver).

    >>> import pyspiel
    >>> import seep.openspiel
    >>> game = pyspiel.load_game("python_seep(variant=taash-2p)")
    >>> observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False))
    >>> state = game.new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    ...
    >>> observer.set_from(state, 1)
    >>> type(observer).__name__, sorted(observer.dict), bool(observer.tensor.any())
    ('SeepObserver', ['adapter', 'position'], True)
    """

    def __init__(self, variant: Variant, iig_obs_type: Any) -> None:
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        size = _information_size(variant) if self.perfect_recall else _observation_size(variant)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"position": self.tensor[:-_EXTRA], "adapter": self.tensor[-_EXTRA:]}

    def set_from(self, state: SeepState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` knows in ``state``."""
        self.tensor.fill(0.0)
        _fill_position(self.dict["position"], state, player, self.private, self.perfect_recall)
        _fill_extra(self.dict["adapter"], state.node, player, state.prefix, self.private)

    def string_from(self, state: SeepState, player: int) -> str:
        """The observation or information-state string of ``player``."""
        if self.perfect_recall:
            return state.information_text(player, self.private)
        return state.observation_text(player, self.private)


class SeepBot(pyspiel.Bot):  # type: ignore[misc]
    """A seep :class:`~seep.bots.Bot` as an OpenSpiel bot.

    At the start of a move it asks the seep bot for a whole move (given the
    seat's view and the legal moves), then gives that move's ids one per
    :meth:`step`.

    >>> import random
    >>> import pyspiel
    >>> from seep.bots import GreedyBot, RandomBot
    >>> from seep.openspiel import SeepBot, play_to_end
    >>> game = pyspiel.load_game("python_seep(variant=taash-2p)")
    >>> bots = [SeepBot(GreedyBot(seed=0)), SeepBot(RandomBot(seed=1))]
    >>> play_to_end(game.new_initial_state(), bots, random.Random(3))
    [130.0, -130.0]
    """

    def __init__(self, bot: Bot) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = bot
        self._plan: tuple[int, ...] = ()

    def step(self, state: SeepState) -> int:
        """The next id of the move the seep bot chose."""
        node, prefix = state.node, state.prefix
        if not prefix or self._plan[: len(prefix)] != prefix:
            assert isinstance(node, State) and node.to_move is not None
            move = self.bot.choose(observe(node, node.to_move), legal_moves(node))
            self._plan = actions_of(node, move)
        return self._plan[len(prefix)]

    def restart_at(self, state: SeepState) -> None:
        """Forget the move in progress."""
        self._plan = ()

    def inform_action(self, state: SeepState, player_id: int, action: int) -> None:
        """Nothing to learn: the seep bot sees the view when it chooses."""


class ISMCTSBot:
    """OpenSpiel's information-set Monte Carlo tree search as a seep :class:`~seep.bots.Bot`.

    It runs ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` on the
    ``python_seep`` game: the search's root is a state sampled from the
    seat's view, every simulation deals the hidden cards again
    (:meth:`SeepState.resample_from_infostate`) and ends in one random
    rollout. A move of several ids is one search per id (``iterations``
    simulations each), the most visited id chosen. ``uct_c`` is the
    exploration constant, in points (about 40 suits the deal's scale).
    Seeded: the same seed and the same views give the same moves. It is
    slow (every rollout goes through the adapter), hence its few
    ``iterations`` by default; as an import path it is
    ``seep.openspiel:ISMCTSBot``.

    >>> from seep import new_deal
    >>> from seep.bots import GreedyBot, play_deal
    >>> from seep.openspiel import ISMCTSBot
    >>> bots = [ISMCTSBot(seed=1, iterations=2), GreedyBot(seed=2)]
    >>> final = play_deal(new_deal("taash-2p", seed=5), bots)
    >>> final.is_over, bots[0].name
    (True, 'ismcts')
    """

    name = "ismcts"

    def __init__(
        self, *, seed: int | None = None, iterations: int = 20, uct_c: float = 40.0
    ) -> None:
        from open_spiel.python.algorithms import mcts

        if iterations < 1:
            raise ValueError(f"iterations: 1 or more, not {iterations}")
        self.iterations = int(iterations)
        self.uct_c = float(uct_c)
        self._rng = random.Random(seed)
        self._random_state = np.random.RandomState(self._rng.getrandbits(32))
        self._evaluator = mcts.RandomRolloutEvaluator(1, self._random_state)
        self._searches: dict[str, tuple[Any, Any]] = {}

    def _search(self, variant: Variant) -> tuple[Any, Any]:
        """``variant``'s game and the OpenSpiel search on it, made once, resampling from this seed."""
        from open_spiel.python.algorithms import ismcts

        found = self._searches.get(variant.name)
        if found is None:
            game = pyspiel.load_game(f"{SHORT_NAME}(variant={variant.name})")
            search = ismcts.ISMCTSBot(
                game,
                self._evaluator,
                uct_c=self.uct_c,
                max_simulations=self.iterations,
                random_state=self._random_state,
            )
            rng = self._rng
            search.set_resampler(
                lambda state, player: state.resample_from_infostate(player, rng.random)
            )
            found = self._searches[variant.name] = (game, search)
        return found

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """Search each id of the move in turn from a state sampled from ``view``."""
        if len(moves) == 1:
            return moves[0]
        node = sample_state(view, self._rng)
        game, search = self._search(node.variant)
        state = game.new_initial_state()
        state._node = node
        state._known = 1 << view.seat
        while True:  # the ids of one move; the walk ends with the move
            state.apply_action(int(search.step(state)))
            if state._walk is None:
                break
        move = state._moves[-1][1]
        return next(m for m in moves if m == move)


def play_to_end(state: SeepState, bots: Sequence[Any], rng: random.Random) -> list[float]:
    """Play ``state`` to the end, seat ``i`` by ``bots[i]`` (any OpenSpiel bot), chance by ``rng``.

    Like OpenSpiel's ``evaluate_bots``, for bots that do not implement
    ``restart_at`` (such as the Python ``ISMCTSBot``). Returns the returns.

    >>> import random
    >>> import pyspiel
    >>> from seep.openspiel import play_to_end
    >>> game = pyspiel.load_game("python_seep(variant=taash-2p)")
    >>> bots = [pyspiel.make_uniform_random_bot(seat, 7) for seat in range(2)]
    >>> returns = play_to_end(game.new_initial_state(), bots, random.Random(3))
    >>> len(returns), sum(returns)  # zero-sum
    (2, 0.0)
    """
    while not state.is_terminal():
        if state.is_chance_node():
            cards, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(cards, chances)[0])
        else:
            state.apply_action(int(bots[state.current_player()].step(state)))
    return list(state.returns())


pyspiel.register_game(GAME_TYPE, SeepGame)
