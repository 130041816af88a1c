"""Players: the :class:`Bot` protocol and four bots (random, greedy, search, best).

A bot sees only a :class:`~seep.views.View` and the legal moves, and is
deterministic given its seed. Play a deal or a match with :func:`play_deal`
and :func:`play_baazi`.

>>> from seep import new_deal
>>> from seep.bots import GreedyBot, play_deal
>>> bots = [GreedyBot(seed=s) for s in range(4)]
>>> final = play_deal(new_deal("standard", seed=4), bots)
>>> final.is_over, final.plays
(True, 48)
"""

from __future__ import annotations

import importlib
import inspect
import math
import random
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, TypeAlias, cast, runtime_checkable

from seep._engine.generate import PLAN_HOUSED, PLAN_PLAIN
from seep._engine.groups import mask_of
from seep._engine.listing import pick, prepare
from seep._engine.transition import transition
from seep._players.best import BestBot
from seep._players.sweeps import sweeping_values
from seep._util.excerpt import excerpt
from seep.baazi import Baazi, apply_baazi_move
from seep.errors import InputError
from seep.moves import Bid, Move, Take
from seep.rules import apply_move, legal_moves
from seep.sampling import sample_state, search_sampler
from seep.scoring import deal_score
from seep.state import State
from seep.views import View, observe

__all__ = [
    "BestBot",
    "Bot",
    "BotSpec",
    "GreedyBot",
    "RandomBot",
    "SearchBot",
    "make_bot",
    "play_baazi",
    "play_deal",
]


@runtime_checkable
class Bot(Protocol):
    """A player: given what its seat sees and the legal moves, choose one of them.

    Any object with a ``name`` and this ``choose`` method is a bot:

    >>> from seep import new_deal
    >>> from seep.bots import Bot, play_deal
    >>> class FirstMove:
    ...     name = "first"
    ...     def choose(self, view, moves):
    ...         return moves[0]
    ...
    >>> isinstance(FirstMove(), Bot), play_deal(new_deal("standard", seed=3), [FirstMove()] * 4).is_over
    (True, True)
    """

    name: str

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """Return one of ``moves`` (the legal moves of the seat in ``view``)."""
        ...


class RandomBot:
    """Chooses uniformly among the legal moves.

    >>> from seep.bots import RandomBot
    >>> from seep import new_deal, legal_moves
    >>> from seep.views import observe
    >>> state = new_deal("standard", seed=10)
    >>> RandomBot(seed=1).choose(observe(state, 1), legal_moves(state))
    Bid(value=10)
    """

    name = "random"

    def __init__(self, *, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        return self.rng.choice(moves)  # the same draw as from a list of the moves


def _points(state: State, mask: int) -> int:
    return _mask_points(state.variant.card_points.points, mask)


def _mask_points(points: Sequence[int], mask: int) -> int:
    """The card points (``points``: by card index) of the cards of ``mask``."""
    total = 0
    while mask:
        low = mask & -mask
        total += points[low.bit_length() - 1]
        mask ^= low
    return total


def _seep_threat(after: State, unseen: int, team: int) -> float:
    """Chance-like weight (0..1) that the next player, an opponent, can seep ``after``'s floor."""
    if after.to_move is None or after.variant.team_of(after.to_move) == team:
        return 0.0
    exposed = sum(sweeping_values(after, unseen).values())
    return min(1.0, exposed / 4)


class GreedyBot:
    """Best immediate result: card points and seeps taken, houses secured, seeps not offered.

    Each move is scored on the state it leads to: points captured, the seep
    bonus, half the points of a house the team owns, minus the chance-weighted
    seep the next player could make on the floor left behind, minus a little
    for point cards thrown loose. Ties are broken by the seeded generator.

    >>> from seep import apply_move, legal_moves, new_deal, parse_move
    >>> from seep.bots import GreedyBot
    >>> from seep.views import observe
    >>> state = apply_move(new_deal("standard", seed=10), parse_move("bid 12"))
    >>> str(GreedyBot(seed=1).choose(observe(state, 1), legal_moves(state)))
    'build 6D AH 5S =12'
    """

    name = "greedy"

    def __init__(self, *, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        state = sample_state(view, self.rng)
        scores = [self.score(state, view, move) for move in moves]
        best = max(scores)
        return self.rng.choice([m for m, s in zip(moves, scores, strict=True) if s >= best - 1e-9])

    @staticmethod
    def score(state: State, view: View, move: Move) -> float:
        """The greedy value of ``move`` in ``state`` for the seat of ``view``."""
        return _greedy_score(state, view, move, apply_move)


def _greedy_score(
    state: State, view: View, move: Move, play: Callable[[State, Move], State]
) -> float:
    """:meth:`GreedyBot.score`, the move played by ``play`` (``transition`` for a move known legal)."""
    if isinstance(move, Bid):
        return float(move.value)
    team = state.variant.team_of(view.seat)
    after = play(state, move)
    value = 0.0
    gained = after.piles[team].mask & ~state.piles[team].mask
    value += _points(state, gained)
    value += sum(s.points for s in after.seeps[len(state.seeps) :])
    for house in after.houses:
        if any(state.variant.team_of(o) == team for o in house.owners):
            value += 0.5 * _points(state, house.cards.mask)
        else:
            value -= 0.5 * _points(state, house.cards.mask)
    if not isinstance(move, Take):
        value -= 0.3 * state.variant.card_points.points[move.card]
    seep = state.variant.seep_bonus
    unseen = view.unseen.mask & ~view.hand.mask
    threat = _seep_threat(after, unseen, team)
    if threat:
        value -= threat * getattr(seep, "normal", 50)
    return value


def _difference(state: State, team: int, score: int | None = None) -> float:
    """The team's deal score minus the other team's so far, plus half the points in houses it owns.

    A house is counted for the team of its owners, half its points each way,
    as :class:`GreedyBot` values it: a house is points not yet banked.
    ``score``: the deal-score difference, when known.
    """
    if score is None:
        totals = deal_score(state).totals
        score = totals[team] - totals[1 - team]
    value = float(score)
    variant = state.variant
    for house in state.houses:
        points = _points(state, house.cards.mask)
        owned = any(variant.team_of(owner) == team for owner in house.owners)
        value += 0.5 * points if owned else -0.5 * points
    return value


class _Root:
    """The deal score at the root of a search, to score the states below it by what changed."""

    __slots__ = ("additive", "piles", "points", "score", "seeps", "team")

    def __init__(self, state: State, team: int) -> None:
        self.team = team
        totals = deal_score(state).totals
        self.score = totals[team] - totals[1 - team]
        card_points = state.variant.card_points
        self.points = card_points.points
        # Without a bonus for the most cards (R1.2), the deal score adds up card by card.
        self.additive = not card_points.most_cards
        self.piles = [pile.mask for pile in state.piles]
        self.seeps = len(state.seeps)

    def difference(self, state: State) -> float:
        """:func:`_difference` of ``state``, a state the root's state leads to."""
        team = self.team
        if not self.additive:
            return _difference(state, team)
        points = self.points
        score = self.score
        for side, (pile, before) in enumerate(zip(state.piles, self.piles, strict=True)):
            gained = _mask_points(points, pile.mask & ~before)
            score += gained if side == team else -gained
        variant = state.variant
        for seep in state.seeps[self.seeps :]:
            score += seep.points if variant.team_of(seep.seat) == team else -seep.points
        return _difference(state, team, score)


class _Node:
    __slots__ = ("availability", "children", "move", "parent", "player_team", "total", "visits")

    def __init__(self, move: Move | None, parent: _Node | None, player_team: int) -> None:
        self.move = move
        self.parent = parent
        self.player_team = player_team  # team that chose the move leading here
        self.children: dict[Move, _Node] = {}
        self.visits = 0.0
        self.availability = 0.0
        self.total = 0.0


class SearchBot:
    """Information-set Monte Carlo tree search (single observer, SO-ISMCTS).

    Each iteration samples the hidden cards uniformly among the deals
    consistent with the view and its whole history
    (:func:`seep.sampling.search_sampler`), walks the tree with UCB among the
    moves legal in that sample, expands one move, plays ``rollout`` further
    plies (default: one round of the table) with a cheap greedy policy, and
    scores the change in the team's deal-score difference (/100). The root
    moves start with ``prior`` virtual visits valued by :class:`GreedyBot`'s
    heuristic, so few iterations already play at least as well as greedy.
    ``iterations`` bounds the work, or ``seconds`` when given.

    >>> from seep import apply_move, legal_moves, new_deal, parse_move
    >>> from seep.bots import SearchBot
    >>> from seep.views import observe
    >>> state = apply_move(new_deal("standard", seed=10), parse_move("bid 12"))
    >>> move = SearchBot(iterations=20, seed=1).choose(observe(state, 1), legal_moves(state))
    >>> move in legal_moves(state), move.card in state.hands[1]
    (True, True)
    """

    name = "search"

    def __init__(
        self,
        *,
        seed: int | None = None,
        iterations: int = 300,
        seconds: float | None = None,
        rollout: int | None = None,
        exploration: float = 0.5,
        prior: float = 10.0,
    ) -> None:
        self.rng = random.Random(seed)
        self.iterations = int(iterations)
        self.seconds = seconds
        self.rollout = None if rollout is None else int(rollout)
        self.exploration = exploration
        self.prior = prior

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        team = view.variant.team_of(view.seat)
        draw = search_sampler(view)
        first = draw(self.rng)
        scored = _Root(first, team)  # the piles and seeps are public: the same in every sample
        base = scored.difference(first)
        root = _Node(None, None, team)
        for move in moves:
            child = _Node(move, root, team)
            child.visits = child.availability = self.prior
            child.total = self.prior * max(
                -1.0, min(1.0, _greedy_score(first, view, move, transition) / 100)
            )
            root.children[move] = child
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        # Every sample holds this seat's hand and the table it sees: the same legal moves.
        legal = tuple(moves)
        done = 0
        while True:
            if deadline is not None:
                if done and time.perf_counter() >= deadline:
                    break
            elif done >= self.iterations:
                break
            self._iterate(root, first if done == 0 else draw(self.rng), scored, base, legal)
            done += 1
        best = max(root.children.values(), key=lambda c: (c.visits, c.total))
        assert best.move is not None
        return best.move

    def _iterate(
        self, root: _Node, state: State, scored: _Root, base: float, legal: tuple[Move, ...]
    ) -> None:
        # Every move played here is one of legal_moves(state): the transition needs no check.
        node = root
        team = scored.team
        exploration = self.exploration
        log, sqrt = math.log, math.sqrt
        variant = state.variant
        # Selection and expansion (``legal``: the root's moves).
        while not state.is_over:
            mover_team = variant.team_of(state.to_move) if state.to_move is not None else team
            children = node.children
            if node is not root:
                if not children:
                    # Every move untried: one drawn as from the list of them, built alone.
                    move = self._any_move(state)
                    child = _Node(move, node, mover_team)
                    child.availability = 1
                    children[move] = child
                    node = child
                    state = transition(state, move)
                    break
                legal = tuple(legal_moves(state))
            # Every child legal here is available once more; UCB picks the first of the highest
            # value among them, unless a move is untried. At the root every move has its child.
            untried: list[Move] = []
            available: Iterable[_Node]
            if node is root:
                available = children.values()
            else:
                available = []
                for move in legal:
                    seen = children.get(move)
                    if seen is None:
                        untried.append(move)
                    else:
                        available.append(seen)
            chosen: _Node | None = None
            chosen_value = logged = 0.0
            last = -1.0
            for seen in available:
                seen.availability += 1
                if untried:
                    continue
                if seen.availability != last:  # the root's children share theirs: one logarithm
                    last = seen.availability
                    logged = log(max(last, 1))
                value = seen.total / seen.visits + exploration * sqrt(logged / seen.visits)
                if chosen is None or value > chosen_value:
                    chosen, chosen_value = seen, value
            if untried:
                move = self.rng.choice(untried)
                child = _Node(move, node, mover_team)
                child.availability = 1
                node.children[move] = child
                node = child
                state = transition(state, move)
                break
            assert chosen is not None and chosen.move is not None
            node = chosen
            state = transition(state, chosen.move)
        # Rollout: one round of the table by default.
        for _ in range(self.rollout if self.rollout is not None else len(state.hands)):
            if state.is_over:
                break
            state = transition(state, self._rollout_move(state))
        result = (scored.difference(state) - base) / 100.0
        # Back-propagation.
        while node is not None and node.parent is not None:
            node.visits += 1
            node.total += result if node.player_team == team else -result
            node = node.parent
        root.visits += 1

    def _any_move(self, state: State) -> Move:
        """A legal move drawn uniformly, as ``rng.choice(legal_moves(state))`` draws it."""
        _, position, cards, plans, ends, planned = prepare(state)
        if position is None or planned is not None:  # the bid, R2.6, R11.2, a crowded floor
            moves = legal_moves(state)
            return moves[self.rng.choice(range(len(moves)))]
        return pick(position, cards, plans, ends, None, _NO_MOVES, self.rng.choice(range(ends[-1])))

    def _rollout_move(self, state: State) -> Move:
        """A cheap greedy policy: the take worth most (seeps first), else a random move.

        In normal play the takes are valued from the move list's plans
        (:mod:`seep._engine.listing`), and only the move played is built.
        """
        _, position, cards, plans, ends, planned = prepare(state)
        if position is None or planned is not None:  # the bid, R2.6, R11.2, a crowded floor
            return self._rollout_listed(state, legal_moves(state))
        size = ends[-1]  # the mover holds a card (R3.3)
        if size == 1:
            return pick(position, cards, plans, ends, None, _NO_MOVES, 0)
        points = state.variant.card_points.points
        loose = position.loose
        # A small floor's cards (keys are sets of positions among them), else None (keys are masks).
        floor = None if position.table is None else loose
        houses = position.houses
        # Taking every loose card and the only house standing, or every loose card and no house.
        sweeps = len(houses)
        best_index = -1
        best_value = -1.0
        start = 0
        last_value = 0
        for card, plan, end in zip(cards, plans, ends, strict=True):
            plain = plan[PLAN_PLAIN]
            housed = plan[PLAN_HOUSED]
            if plain or housed:
                own = points[card]
                value = card // 4 + 1
                if value != last_value:
                    # Cards of one value have the same pick-ups (see Position.plans):
                    # their points, loose cards and whether they sweep, read once.
                    last_value = value
                    found: list[tuple[int, int, bool]] = []
                    for keys, house in ((plain, 0), (housed, 1)):
                        extra = houses[value].cards.mask if house and keys else 0
                        for key in keys:
                            taken = key if floor is None else mask_of(key, floor)
                            found.append(
                                (
                                    _mask_points(points, taken | extra),
                                    taken.bit_count(),
                                    taken == loose and sweeps == house,
                                )
                            )
                for offset, (worth, count, swept) in enumerate(found):
                    # As _rollout_listed adds them up, for the same ties.
                    total = (worth + own) + count * 0.1
                    if swept:
                        total += 50
                    if total > best_value:
                        best_index, best_value = start + offset, total
            start = end
        if best_index >= 0 and self.rng.random() < 0.9:
            return pick(position, cards, plans, ends, None, _NO_MOVES, best_index)
        return pick(position, cards, plans, ends, None, _NO_MOVES, self.rng.choice(range(size)))

    def _rollout_listed(self, state: State, moves: Sequence[Move]) -> Move:
        """:meth:`_rollout_move` on a list of moves built (the bid, R2.6, R11.2, a crowded floor)."""
        if len(moves) == 1:
            return moves[0]
        points = state.variant.card_points.points
        loose = state.loose.mask
        houses = {house.value: house.cards.mask for house in state.houses}
        best: Move | None = None
        best_value = -1.0
        for move in moves:
            if type(move) is not Take:
                continue
            taken = move.loose.mask | (1 << move.card)
            if move.house is not None:
                taken |= houses[move.house]
            value = _mask_points(points, taken) + len(move.loose) * 0.1
            if move.loose.mask == loose and len(houses) == (move.house is not None):
                value += 50
            if value > best_value:
                best, best_value = move, value
        if best is not None and self.rng.random() < 0.9:
            return best
        return self.rng.choice(moves)


#: No card's moves listed yet (what :func:`~seep._engine.listing.pick` reads first).
_NO_MOVES: dict[int, list[Move]] = {}

_BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "search": SearchBot,
    "best": BestBot,
}

#: What names a bot: a built-in name (``"greedy"``), ``"module:attr"`` (a
#: :class:`Bot` class, factory or instance to import), ``"cmd:COMMAND"`` (an
#: external program, :class:`seep.pipe.PipeBot`), a class or factory, or a bot.
BotSpec: TypeAlias = "str | Callable[..., Bot] | Bot"

_PIPE_PREFIX = "cmd:"


def make_bot(kind: BotSpec, *, seed: int | None = None, **options: Any) -> Bot:
    """A bot from its spec (:data:`BotSpec`); ``seed`` and ``options`` go to its constructor.

    ``kind`` is one of the built-in names ``random``, ``greedy``,
    ``search`` or ``best``; ``module:attr`` (``mypkg.mybots:Careful``), an importable
    :class:`Bot` class or factory (called with ``seed=`` when it takes a
    seed, and the options) or a bot instance; ``cmd:COMMAND``, an external
    program speaking the ``seep-pipe/1`` protocol (:class:`seep.pipe.PipeBot`;
    options ``timeout``, ``start_timeout``); a class or factory itself; or a
    bot, returned as it is.

    >>> from seep.bots import make_bot
    >>> make_bot("greedy", seed=3).name
    'greedy'
    >>> make_bot("seep.bots:RandomBot", seed=3).name
    'random'
    >>> make_bot("fast")
    Traceback (most recent call last):
    ...
    seep.errors.InputError: kind: unknown bot 'fast'; give random, greedy, search, best, module:attr or cmd:COMMAND
    """
    if isinstance(kind, str):
        if kind.startswith(_PIPE_PREFIX):
            from seep.pipe import PipeBot

            command = kind[len(_PIPE_PREFIX) :].strip()
            if not command:
                raise ValueError(f"bot {kind!r}: give the command after 'cmd:'")
            return PipeBot(command, seed=seed, **options)
        if kind in _BOTS:
            return _BOTS[kind](seed=seed, **options)
        if ":" not in kind:
            raise InputError(
                f"unknown bot {excerpt(kind)}; give {', '.join(_BOTS)}, module:attr or cmd:COMMAND",
                field="kind",
            )
        found = _import_bot(kind)
        if isinstance(found, str) or (not callable(found) and not isinstance(found, Bot)):
            raise TypeError(f"bot {kind!r} is {found!r}, not a Bot, a Bot class or a factory")
        return make_bot(cast("Callable[..., Bot] | Bot", found), seed=seed, **options)
    if isinstance(kind, type) or not isinstance(kind, Bot):
        if not callable(kind):
            raise TypeError(
                f"kind: a bot is a Bot, a Bot class or factory, or a name, not {excerpt(kind)}"
            )
        arguments = {**({"seed": seed} if _takes_seed(kind) else {}), **options}
        try:
            bot = kind(**arguments)
        except TypeError as error:  # the factory's own signature refused the call
            given = ", ".join(f"{key}={value!r}" for key, value in arguments.items())
            raise TypeError(
                f"bot factory {kind!r} cannot be called with ({given}): {error}"
            ) from error
        if not isinstance(bot, Bot):
            raise TypeError(f"bot factory {kind!r} made {bot!r}, which has no name and choose()")
        return bot
    return kind


def _import_bot(spec: str) -> object:
    """The object that ``module:attr`` (``attr`` may be dotted) names."""
    module_name, _, path = spec.partition(":")
    try:
        target: object = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(f"bot {spec!r}: cannot import {module_name!r}: {error}") from None
    for part in path.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise ValueError(f"bot {spec!r}: {module_name!r} has no {path!r}") from None
    return target


def _takes_seed(factory: Callable[..., object]) -> bool:
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):  # pragma: no cover  (a builtin without a signature)
        return True
    return any(p.name == "seed" or p.kind is p.VAR_KEYWORD for p in parameters)


def _check_bots(bots: Sequence[Bot], players: int) -> None:
    """An :class:`~seep.errors.InputError` unless there is one bot per seat."""
    if len(bots) != players:
        raise InputError(f"one bot per seat: {players} seats, {len(bots)} bots", field="bots")


def play_deal(
    state: State,
    bots: Sequence[Bot],
    *,
    on_move: Callable[[State, Move, State], None] | None = None,
) -> State:
    """Play ``state`` to the end of its deal, seat ``i`` played by ``bots[i]``.

    ``on_move(before, move, after)`` is called after every move.

    >>> from seep import new_deal
    >>> from seep.bots import GreedyBot, play_deal
    >>> moves = []
    >>> bots = [GreedyBot(seed=seat) for seat in range(4)]
    >>> final = play_deal(new_deal("standard", seed=4), bots, on_move=lambda _, move, __: moves.append(move))
    >>> final.is_over, len(moves)  # the bid and 48 cards
    (True, 49)
    >>> play_deal(new_deal("standard", seed=4), bots[:3])
    Traceback (most recent call last):
    ...
    seep.errors.InputError: bots: one bot per seat: 4 seats, 3 bots
    """
    _check_bots(bots, state.variant.players)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        moves = legal_moves(state)
        move = bots[seat].choose(observe(state, seat), moves)
        after = apply_move(state, move)
        if on_move is not None:
            on_move(state, move, after)
        state = after
    return state


def play_baazi(
    baazi: Baazi,
    bots: Sequence[Bot],
    *,
    on_move: Callable[[State, Move, State], None] | None = None,
    on_deal: Callable[[Baazi], None] | None = None,
) -> Baazi:
    """Play the match to its end, seat ``i`` played by ``bots[i]``.

    ``on_move(before, move, after)`` is called after every move, ``on_deal(baazi)``
    after every finished deal.

    >>> from seep import new_baazi
    >>> from seep.bots import RandomBot, play_baazi
    >>> deals = []
    >>> bots = [RandomBot(seed=seat) for seat in range(4)]
    >>> match = play_baazi(new_baazi("taash", seed=4), bots, on_deal=deals.append)
    >>> match.reason, len(deals)
    ('one deal, 45 to 55: team 1 wins (R11.6)', 1)
    """
    _check_bots(bots, baazi.state.variant.players)
    while not baazi.is_over:
        state = baazi.state
        seat = state.to_move
        assert seat is not None
        move = bots[seat].choose(observe(state, seat), legal_moves(state))
        index = len(baazi.deals) - 1
        baazi = apply_baazi_move(baazi, move)
        if on_move is not None:
            on_move(state, move, baazi.deals[index].state)
        if on_deal is not None and baazi.deals[index].state.is_over:
            on_deal(baazi)
    return baazi
