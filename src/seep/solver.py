"""An exact endgame solver: what a position is worth with every card known, and which moves achieve it.

:func:`solve` searches the rest of the deal with every hand and the stock's
order known (as the state holds them), team 0 maximising and team 1
minimising the deal's final difference, team 0's deal score minus team 1's
as :func:`seep.deal_score` counts it at the end of the deal: card points,
seep bonuses (R4.5) and the floor left to the last capturer (R9.2). In a
two-player variant each seat is a team (R1.4).

>>> from seep import deal_score
>>> from seep.solver import solve
>>> from seep.testing import position
>>> state = position(hand="9S", hands={1: "4H", 2: "KD", 3: "2C"}, loose="4C 5D")
>>> solution = solve(state)  # the last round: seat 0 sweeps (50) and takes the 9S (9)
>>> solution.value, solution.gain, [str(move) for move in solution.moves]
(-32, 59, ['take 9S 4C 5D'])

The value is the whole deal's difference, the points already scored
included; :attr:`Solution.gain` is what the rest of the deal adds to it.

>>> solution.value == deal_score(state).difference + solution.gain
True
"""

from __future__ import annotations

from typing import Final

import attrs

from seep._engine.transition import transition
from seep._util.arguments import check_instance, check_int
from seep.errors import InputError, SolverBudgetError
from seep.moves import Move
from seep.rules import iter_legal_moves, legal_moves
from seep.scoring import deal_score
from seep.state import Phase, State
from seep.variants import CardValueSeep, SeepBonus

__all__ = ["DEFAULT_NODE_BUDGET", "Solution", "solve"]

#: The node budget of :func:`solve` when none is given: half a minute of search at
#: most, and about 250 MB of tables (about 0.5 KB a node). Twelve plays before
#: the end of a four-player deal need a few thousand nodes, sixteen under 100,000.
DEFAULT_NODE_BUDGET: Final = 500_000

_BID: Final = Phase.BID
#: Seep rules that read no more of the card than its value.
_BY_VALUE: Final = (SeepBonus, CardValueSeep)
_INFINITY: Final = 1 << 40
#: The positions whose children a solve keeps (see :class:`_Search`).
_KEPT_CHILDREN: Final = 4096


@attrs.frozen(kw_only=True)
class Solution:
    """What :func:`solve` found: the value, the moves that achieve it, the nodes searched.

    ``value`` is team 0's deal score minus team 1's at the end of the deal
    when both teams play on perfectly; ``gain`` is what the rest of the deal
    adds to the difference so far (``value`` minus that difference);
    ``moves`` are the legal moves of the player to move that achieve
    ``value``, in the order of :func:`seep.legal_moves` (empty when the deal
    is over); ``nodes`` the positions searched.

    >>> from seep.solver import solve
    >>> from seep.testing import position
    >>> solution = solve(position(hand="9S", hands={1: "4H", 2: "KD", 3: "2C"}, loose="4C 5D"))
    >>> solution.value, solution.gain, len(solution.moves), solution.nodes
    (-32, 59, 1, 9)
    """

    value: int
    gain: int
    moves: tuple[Move, ...]
    nodes: int


#: A transposition key: what the rest of the deal depends on (:meth:`_Search.key`).
_Key = tuple[object, ...]
#: A child in the search: the move's gain, the state after it and its key, and the
#: move's index in the legal moves. Once the deal is over the key is ``None`` and the
#: parent stands in for the state (only the gain is read).
_Child = tuple[int, State, "_Key | None", int]


class _OutOfBudget(Exception):
    """Raised inside the search when the node budget is spent."""


class _Search:
    """One solve: the transposition table and the node count."""

    def __init__(self, state: State, budget: int) -> None:
        variant = state.variant
        self.team_of = variant.team_of
        self.points = variant.card_points
        # With a most-cards bonus (R12) the future depends on the pile sizes: keep
        # their difference in the key, and score whole piles rather than new cards.
        self.sized = variant.card_points.most_cards != 0
        self.table_points = variant.card_points.points
        # Cards of one value and one point score are interchangeable (R1.1: suits
        # have no rank) unless the seep rule may read the card's suit: then the key
        # counts such cards by where they lie, not by suit.
        self.canonical = _Canonical(
            _nibbles(self.table_points) if type(variant.seep_bonus) in _BY_VALUE else None
        )
        # The cards that score: a capture is scored from these alone.
        self.scoring = sum(1 << card for card, points in enumerate(self.table_points) if points)
        self.budget = budget
        self.nodes = 0
        # key -> (lower bound, upper bound) of the rest of the deal's gain, and the
        # legal-move index of the best move found there (searched first next time).
        self.table: dict[_Key, tuple[int, int, int]] = {}
        # key -> the children, for the first positions expanded only: a small solve
        # visits them again and again, but keeping every position's children costs
        # more memory (over a kilobyte a position) and garbage-collector time than
        # making them again saves.
        self.children: dict[_Key, list[_Child]] = {}

    def key(self, state: State) -> _Key:
        """What the rest of the deal depends on, and nothing of the history.

        The stock is a suffix of the root's (cards are dealt from its front),
        so its length names it; the last capturer matters by team only (R9.2).
        """
        last = state.last_capture
        houses = state.houses
        canon = self.canonical
        key: _Key = (
            state.to_move,
            state.plays,
            tuple([canon[hand.mask] for hand in state.hands]),
            len(state.stock),
            canon[state.loose.mask],
            tuple([(house.value, canon[house.cards.mask], house.owners) for house in houses])
            if houses
            else (),
            -1 if last is None else self.team_of(last),
            state.bid,
            state.phase is _BID,
        )
        if self.sized:
            piles = state.piles
            key += (len(piles[0]) - len(piles[1]),)
        return key

    def gain(self, before: State, after: State) -> int:
        """What one move adds to team 0's lead: cards taken, a seep, the floor at the end."""
        gain = 0
        piles, new_piles = before.piles, after.piles
        if new_piles is not piles:
            if self.sized:
                old = self.points.score(piles)
                new = self.points.score(new_piles)
                gain = (new[0] - new[1]) - (old[0] - old[1])
            else:  # an additive table: the points of the cards just taken
                table = self.table_points
                scoring = self.scoring
                for team, (was, now) in enumerate(zip(piles, new_piles, strict=True)):
                    taken = now.mask & ~was.mask & scoring
                    while taken:
                        low = taken & -taken
                        points = table[low.bit_length() - 1]
                        gain += -points if team else points
                        taken ^= low
        if len(after.seeps) != len(before.seeps):
            seep = after.seeps[-1]
            gain += seep.points if self.team_of(seep.seat) == 0 else -seep.points
        return gain

    def expand(self, state: State, key: _Key, first: int = -1) -> list[_Child]:
        """The children of ``state``: the move at index ``first`` first, then best-looking first."""
        children = self.children.get(key)
        if children is None:
            children = self.make_children(state)
            if len(self.children) < _KEPT_CHILDREN:
                self.children[key] = children
        if first >= 0 and children[0][3] != first:
            for place, made in enumerate(children):
                if made[3] == first:
                    children.insert(0, children.pop(place))
                    break
        return children

    def make_children(self, state: State) -> list[_Child]:
        """The children of ``state``, best-looking first for the player to move."""
        gain_of = self.gain
        key_of = self.key
        children: list[_Child] = []
        for index, move in enumerate(iter_legal_moves(state)):
            child = transition(state, move)
            if child.to_move is None:  # the deal is over: only the gain is kept
                children.append((gain_of(state, child), state, None, index))
            else:
                children.append((gain_of(state, child), child, key_of(child), index))
        to_move = state.to_move
        assert to_move is not None
        children.sort(key=_first, reverse=self.team_of(to_move) == 0)
        return children

    def search(self, state: State, key: _Key, alpha: int, beta: int) -> int:
        """The gain of the rest of the deal, fail-soft within ``alpha``..``beta``."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        table = self.table
        bounds = table.get(key)
        if bounds is not None:
            lower, upper, first = bounds
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
        else:
            lower, upper, first = -_INFINITY, _INFINITY, -1
        children = self.expand(state, key, first)
        to_move = state.to_move
        assert to_move is not None
        maximising = self.team_of(to_move) == 0
        a, b = max(alpha, lower), min(beta, upper)
        # A child whose stored bound already decides the window ends the search at once.
        for gain, _, child_key, _ in children:
            if child_key is not None:
                known = table.get(child_key)
                if known is not None:
                    if maximising:
                        if gain + known[0] >= b:
                            table[key] = (max(lower, gain + known[0]), upper, first)
                            return gain + known[0]
                    elif gain + known[1] <= a:
                        table[key] = (lower, min(upper, gain + known[1]), first)
                        return gain + known[1]
        best = -_INFINITY if maximising else _INFINITY
        best_index = 0
        for index, (gain, child, child_key, _) in enumerate(children):
            if child_key is None:
                value = gain
            else:
                value = gain + self.search(child, child_key, a - gain, b - gain)
            if maximising:
                if value > best:
                    best, best_index = value, index
                    if best > a:
                        a = best
                        if a >= b:
                            break
            elif value < best:
                best, best_index = value, index
                if best < b:
                    b = best
                    if a >= b:
                        break
        first = children[best_index][3]  # the best move first next time
        if best <= alpha:
            table[key] = (lower, min(upper, best), first)
        elif best >= beta:
            table[key] = (max(lower, best), upper, first)
        else:
            table[key] = (best, best, first)
        return best


class _Canonical(dict[int, int]):
    """Card masks and their canonical forms, each worked out when first asked for.

    With ``nibbles`` (:func:`_nibbles`) each value's interchangeable cards are
    replaced by the first ones of their kind; without, a mask is its own form.
    """

    def __init__(self, nibbles: list[tuple[int, ...]] | None) -> None:
        super().__init__()
        self.nibbles = nibbles

    def __missing__(self, mask: int) -> int:
        found = mask
        if self.nibbles is not None:
            found, rest, shift = 0, mask, 0
            for table in self.nibbles:
                if not rest:
                    break
                found |= table[rest & 15] << shift
                rest >>= 4
                shift += 4
        self[mask] = found
        return found


def _nibbles(points: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Per value, each set of its four cards (a 4-bit pattern) made canonical.

    Cards are numbered by value, then suit (four bits a value); two cards of a
    value are interchangeable when they score the same. A pattern becomes, for
    each kind, as many of that kind's first cards as it holds.
    """
    tables = []
    for value in range(13):
        kinds: dict[int, list[int]] = {}
        for suit in range(4):
            kinds.setdefault(points[4 * value + suit], []).append(suit)
        table = []
        for pattern in range(16):
            canonical = 0
            for suits in kinds.values():
                held = sum(pattern >> suit & 1 for suit in suits)
                for suit in suits[:held]:
                    canonical |= 1 << suit
            table.append(canonical)
        tables.append(tuple(table))
    return tables


def _first(child: _Child) -> int:
    return child[0]


def solve(state: State, *, node_budget: int = DEFAULT_NODE_BUDGET) -> Solution:
    """The value of ``state`` with every card known, and the moves that achieve it.

    Both teams play the rest of the deal perfectly with every hand and the
    stock's order known: team 0 maximises its deal score minus team 1's at
    the end of the deal (as :func:`seep.deal_score` counts it, seeps and the
    floor left to the last capturer included), team 1 minimises it.
    ``node_budget`` bounds the positions searched: a state that needs more
    is refused with :class:`~seep.errors.SolverBudgetError`.

    >>> from seep.solver import solve
    >>> from seep.testing import position
    >>> state = position(hand="7H", hands={1: "5C", 2: "KD", 3: "2C"}, loose="2D 5S")
    >>> solution = solve(state)  # the 5S (5) and a seep (50) for team 0
    >>> solution.gain, [str(move) for move in solution.moves]
    (55, ['take 7H 2D 5S'])
    """
    check_instance(state, State, "state")
    budget = check_int(node_budget, "node_budget")
    if budget < 1:
        raise InputError(f"a node budget is 1 or more, not {budget}", field="node_budget")
    so_far = deal_score(state).difference
    if state.to_move is None:
        return Solution(value=so_far, gain=0, moves=(), nodes=0)
    search = _Search(state, budget)
    root = search.key(state)
    try:
        gain = _mtdf(search, state, root)
        moves = _best_moves(search, state, root, gain)
    except _OutOfBudget:
        left = sum(len(hand) for hand in state.hands) + len(state.stock)
        raise SolverBudgetError(budget, left) from None
    return Solution(value=so_far + gain, gain=gain, moves=moves, nodes=search.nodes)


def _mtdf(search: _Search, state: State, root: _Key) -> int:
    """The gain of the rest of the deal by null-window searches closing in on it (MTD(f)).

    Values are whole points, so each search ``(beta - 1, beta)`` says whether
    the gain reaches ``beta``; the table keeps what earlier searches learnt.
    """
    guess, lower, upper = 0, -_INFINITY, _INFINITY
    while lower < upper:
        beta = guess + 1 if guess == lower else guess
        guess = search.search(state, root, beta - 1, beta)
        if guess < beta:
            upper = guess
        else:
            lower = guess
    return guess


def _best_moves(search: _Search, state: State, root: _Key, gain: int) -> tuple[Move, ...]:
    """The legal moves of ``state`` whose value is ``gain``, in legal-move order."""
    to_move = state.to_move
    assert to_move is not None
    maximising = search.team_of(to_move) == 0
    best = []
    known = search.table.get(root)
    for step, child, key, index in search.expand(state, root, -1 if known is None else known[2]):
        if key is None:
            value = step
        elif maximising:  # does the child reach gain (it cannot pass it)?
            value = step + search.search(child, key, gain - step - 1, gain - step)
        else:
            value = step + search.search(child, key, gain - step, gain - step + 1)
        if value == gain:
            best.append(index)
    moves = legal_moves(state)
    return tuple(moves[index] for index in sorted(best))
