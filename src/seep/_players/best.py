"""The strongest built-in bot: determinized search, solved exactly near the end (:class:`BestBot`).

Each decision draws ``samples`` deals consistent with the bot's view and
whole history (:func:`seep.sampling.state_sampler`: no card it has seen
played, piled or held is dealt elsewhere), tries each candidate move on
every sample, and plays the move with the best total. Near the end of the
deal the position after the move is solved exactly (:func:`seep.solver.solve`);
earlier, a few more plays are made by a fast policy that plays as a
careful player does (it takes the most points, a seep first, leaves no
floor the next opponent can sweep, and throws its least valuable card),
and the position is scored by the deal-score margin with half of each
house's points to its owners' team. Every candidate is judged on the same
samples and the same random draws, so the moves are compared on equal
terms.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from seep._engine.bits import bits
from seep._engine.transition import transition
from seep._players.sweeps import sweeping_values
from seep.errors import SolverBudgetError
from seep.moves import Bid, Move, Take
from seep.rules import legal_moves
from seep.sampling import state_sampler
from seep.scoring import deal_score
from seep.solver import solve
from seep.state import State
from seep.views import View

__all__ = ["BestBot"]


def _plays_left(state: State) -> int:
    """The cards still to be played in the deal (in hands and the stock)."""
    return sum(len(hand) for hand in state.hands) + len(state.stock)


def _can_sweep(state: State, hand: int) -> bool:
    """True if a card of ``hand`` would take the whole floor of ``state`` (R4.3, R4.5)."""
    return bool(sweeping_values(state, hand))


def _worth(state: State, mask: int) -> float:
    """The card points of ``mask``, plus a little per card (the rest of the deal may need them)."""
    points = state.variant.card_points.points
    return sum(points[i] for i in bits(mask)) + 0.05 * mask.bit_count()


class BestBot:
    """Determinized search over consistent deals, each solved exactly near the end of the deal.

    ``samples`` deals are drawn per decision; up to ``width`` candidate
    moves (the most promising by a one-move look; default 8 with four
    players, 16 with two) are tried on every sample. When at most
    ``solve_plies`` cards are left to play after the move (default 8 with
    four players, 6 with two), the sample is solved within ``node_budget``
    nodes, and the result is the final margin of the bot's team (/100)
    plus ``win_weight`` for a won deal (minus for a lost one). Earlier, or
    when the solver gives up, ``horizon`` more plays (default 1 with four
    players, 3 with two; 0: to the end of the deal) are made by a careful
    policy, and the result is the deal-score margin so far with half of
    each house's points to its owners' team. Deterministic given ``seed``.

    >>> from seep import apply_move, legal_moves, new_deal, parse_move
    >>> from seep.bots import BestBot
    >>> from seep.views import observe
    >>> state = apply_move(new_deal("standard", seed=10), parse_move("bid 12"))
    >>> move = BestBot(seed=1, samples=4).choose(observe(state, 1), legal_moves(state))
    >>> move in legal_moves(state)
    True
    """

    name = "best"

    def __init__(
        self,
        *,
        seed: int | None = None,
        samples: int = 24,
        width: int | None = None,
        horizon: int | None = None,
        solve_plies: int | None = None,
        node_budget: int = 20_000,
        win_weight: float = 0.5,
    ) -> None:
        self.rng = random.Random(seed)
        self.samples = max(1, int(samples))
        self.width = None if width is None else max(1, int(width))
        self.horizon = None if horizon is None else int(horizon)
        self.solve_plies = None if solve_plies is None else int(solve_plies)
        self.node_budget = max(1, int(node_budget))
        self.win_weight = float(win_weight)

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        team = view.variant.team_of(view.seat)
        four = view.variant.players == 4
        width = self.width or (8 if four else 16)
        horizon = 1 if four else 3
        if self.horizon is not None:
            horizon = self.horizon
        solve_plies = 8 if four else 6
        if self.solve_plies is not None:
            solve_plies = self.solve_plies
        draw = state_sampler(view)
        rng = self.rng
        states = [draw(rng) for _ in range(self.samples)]
        candidates = _candidates(states[0], view.seat, moves, width)
        totals = [0.0] * len(candidates)
        for state in states:
            seed = rng.getrandbits(32)
            for index, move in enumerate(candidates):
                child = transition(state, move)
                totals[index] += self._playout(
                    child, team, random.Random(seed), horizon, solve_plies
                )
        best = max(totals)
        # Ties keep the candidates' order: the one-move look's preference.
        return candidates[totals.index(best)]

    def _playout(
        self, state: State, team: int, rng: random.Random, horizon: int, solve_plies: int
    ) -> float:
        """The result for ``team`` of ``state``: solved exactly near the end, else played on a little."""
        if _plays_left(state) <= solve_plies:
            try:
                value = solve(state, node_budget=self.node_budget).value
            except SolverBudgetError:
                pass
            else:
                return self._result(value if team == 0 else -value)
        steps = horizon or 1000
        while not state.is_over and steps:
            state = transition(state, _policy(state, rng))
            steps -= 1
        totals = deal_score(state).totals
        margin = totals[team] - totals[1 - team]
        if not state.is_over:
            return _static(state, team, margin) / 100
        return self._result(margin)

    def _result(self, margin: float) -> float:
        """The worth of a finished deal won by ``margin`` points."""
        win = 1.0 if margin > 0 else -1.0 if margin < 0 else 0.0
        return margin / 100 + self.win_weight * win


def _candidates(state: State, seat: int, moves: Sequence[Move], width: int) -> list[Move]:
    """The ``width`` most promising moves by a one-move look at ``state``, best first."""
    if len(moves) <= width:
        return list(moves)
    return sorted(moves, key=lambda move: -_look(state, seat, move))[:width]


def _static(state: State, team: int, margin: float) -> float:
    """``margin`` (``team``'s deal score less the other's) with half the points of each house.

    A house's points go half to its owners' team: points not yet banked.
    """
    variant = state.variant
    for house in state.houses:
        points = _worth(state, house.cards.mask)
        owned = any(variant.team_of(owner) == team for owner in house.owners)
        margin += 0.5 * points if owned else -0.5 * points
    return margin


def _look(state: State, seat: int, move: Move) -> float:
    """A one-move value of ``move``: what it takes, what its floor offers the next player."""
    if isinstance(move, Bid):
        return float(move.value)
    after = transition(state, move)
    team = state.variant.team_of(seat)
    value = 0.0
    gained = after.piles[team].mask & ~state.piles[team].mask
    value += _worth(state, gained)
    value += sum(s.points for s in after.seeps[len(state.seeps) :])
    if not isinstance(move, Take):
        value -= 0.3 * state.variant.card_points.points[move.card]
    following = after.to_move
    if (
        following is not None
        and after.variant.team_of(following) != team
        and _can_sweep(after, after.hands[following].mask)
    ):
        value -= 50
    return value


def _policy(state: State, rng: random.Random) -> Move:
    """The rollout policy: a careful player's move, cheap enough to play thousands of plies.

    Every move is tried: it scores the points its team takes and the seep
    it makes, minus a seep it leaves to the next player (an opponent who
    holds a sweeping card) and a little for point cards thrown loose; the
    best scores, ties broken at random.
    """
    moves = legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    seat = state.to_move
    assert seat is not None
    variant = state.variant
    points = variant.card_points.points
    team = variant.team_of(seat)
    following = seat + 1 if seat + 1 < variant.players else 0
    threat = variant.team_of(following) != team
    next_hand = state.hands[following].mask
    pile = state.piles[team].mask
    seeps = len(state.seeps)
    best: list[Move] = []
    best_value = -1e9
    for move in moves:
        if isinstance(move, Bid):
            value = float(move.value)
        else:
            after = transition(state, move)
            gained = after.piles[team].mask & ~pile
            value = sum(points[i] for i in bits(gained)) + 0.1 * gained.bit_count()
            if len(after.seeps) > seeps:
                value += after.seeps[-1].points
            elif not isinstance(move, Take):
                value -= 0.3 * points[move.card]
            if threat and _can_sweep(after, next_hand):
                value -= 50
        if value > best_value + 1e-9:
            best, best_value = [move], value
        elif value > best_value - 1e-9:
            best.append(move)
    return best[0] if len(best) == 1 else rng.choice(best)
