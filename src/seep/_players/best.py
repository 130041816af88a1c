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

Two players know more. In the second batch (R2.9) every card the bot has
not seen is in the other hand, so the one consistent deal is the state
itself: the bot solves it exactly once 12 plays or fewer are left, and
searches it a few plays deep (alpha-beta) before that. In the first
batch the candidates are picked with the seep each would offer counted
over all the samples, the policy builds a house no opponent can take,
the score gives such a house wholly to its owner and counts the seep the
player to move can make, and near the end of the batch a playout goes on
to the first play of the next batch, when the other player, with twelve
fresh cards, may sweep the floor this batch leaves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from seep._engine.bits import VALUE_MASKS, bits
from seep._engine.transition import transition
from seep._players.sweeps import sweeping_values
from seep.errors import SolverBudgetError
from seep.moves import Bid, Build, Move, Raise, Take
from seep.rules import legal_moves
from seep.sampling import state_sampler
from seep.scoring import deal_score
from seep.solver import solve
from seep.state import State
from seep.views import View

__all__ = ["BestBot"]

#: How near the end of a two-player batch a playout goes on into the next batch.
_REACH = 8


def _plays_left(state: State) -> int:
    """The cards still to be played in the deal (in hands and the stock)."""
    return sum(len(hand) for hand in state.hands) + len(state.stock)


def _is_known(view: View) -> bool:
    """True if ``view`` hides nothing but one other hand (no stock, the floor face up)."""
    holders = [count for seat, count in enumerate(view.hand_counts) if seat != view.seat and count]
    return view.loose is not None and not view.stock_count and len(holders) <= 1


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
    players, 5 with two; 0: to the end of the deal) are made by a careful
    policy, and the result is the deal-score margin so far with half of
    each house's points to its owners' team.

    When nothing is hidden but one other hand (a two-player second batch),
    the state is solved within ``known_budget`` nodes once at most
    ``known_plies`` cards are left to play (default 12 with two players;
    0 with four), and searched ``known_depth`` plays deep before that
    (default 4 with two players; 0, off, with four). With two players the
    careful policy and the score also read who can take each house and
    who can sweep (see the module). Deterministic given ``seed``.

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
        known_plies: int | None = None,
        known_depth: int | None = None,
        known_budget: int = 40_000,
    ) -> None:
        self.rng = random.Random(seed)
        self.samples = max(1, int(samples))
        self.width = None if width is None else max(1, int(width))
        self.horizon = None if horizon is None else int(horizon)
        self.solve_plies = None if solve_plies is None else int(solve_plies)
        self.node_budget = max(1, int(node_budget))
        self.win_weight = float(win_weight)
        self.known_plies = None if known_plies is None else int(known_plies)
        self.known_depth = None if known_depth is None else int(known_depth)
        self.known_budget = max(1, int(known_budget))

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        team = view.variant.team_of(view.seat)
        two = view.variant.players == 2
        draw = state_sampler(view)
        rng = self.rng
        if _is_known(view):
            # The one consistent deal is the state itself.
            move = self._known(draw(rng), team, moves, two)
            if move is not None:
                return move
        width = self.width or (16 if two else 8)
        horizon = (5 if two else 1) if self.horizon is None else self.horizon
        solve_plies = (6 if two else 8) if self.solve_plies is None else self.solve_plies
        states = [draw(rng) for _ in range(self.samples)]
        candidates = _candidates(states if two else states[:1], view.seat, moves, width, two)
        totals = [0.0] * len(candidates)
        for state in states:
            seed = rng.getrandbits(32)
            for index, move in enumerate(candidates):
                child = transition(state, move)
                totals[index] += self._playout(
                    child, team, random.Random(seed), horizon, solve_plies, two
                )
        best = max(totals)
        # Ties keep the candidates' order: the one-move look's preference.
        return candidates[totals.index(best)]

    def _known(self, state: State, team: int, moves: Sequence[Move], two: bool) -> Move | None:
        """The move for ``state`` with every card known: solved, searched, or None (sample on)."""
        known_plies = (12 if two else 0) if self.known_plies is None else self.known_plies
        depth = (4 if two else 0) if self.known_depth is None else self.known_depth
        if _plays_left(state) <= known_plies:
            try:
                return solve(state, node_budget=self.known_budget).moves[0]
            except SolverBudgetError:
                pass
        return _best_known(state, team, moves, depth) if depth > 0 else None

    def _playout(
        self,
        state: State,
        team: int,
        rng: random.Random,
        horizon: int,
        solve_plies: int,
        two: bool,
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
        if two and state.stock:
            # Near the end of a batch, play on to the next one (R2.9): its first
            # player, with fresh cards, may sweep the floor this batch leaves (R4.5).
            batch_left = sum(len(hand) for hand in state.hands)
            if batch_left <= _REACH:
                steps = max(steps, batch_left)
        while not state.is_over and steps:
            state = transition(state, _policy(state, rng, two))
            steps -= 1
        totals = deal_score(state).totals
        margin = totals[team] - totals[1 - team]
        if not state.is_over:
            return _static(state, team, margin, two) / 100
        return self._result(margin)

    def _result(self, margin: float) -> float:
        """The worth of a finished deal won by ``margin`` points."""
        win = 1.0 if margin > 0 else -1.0 if margin < 0 else 0.0
        return margin / 100 + self.win_weight * win


def _candidates(
    states: Sequence[State], seat: int, moves: Sequence[Move], width: int, houses: bool
) -> list[Move]:
    """The ``width`` most promising moves by a one-move look at ``states``, best first."""
    if len(moves) <= width:
        return list(moves)
    return sorted(moves, key=lambda move: -_look(states, seat, move, houses))[:width]


def _static(state: State, team: int, margin: float, aware: bool = False) -> float:
    """``margin`` (``team``'s deal score less the other's) with the houses' points.

    A house's points go half to its owners' team: points not yet banked.
    ``aware`` reads the hands of ``state``: a house that no rival of its
    owners can take (no card of its value, R4.2) goes whole to its owners;
    one a rival can take goes half to them, or half to the rival when the
    rival is to move; a house with owners in both teams (R6.3) counts for
    neither; and a player to move who can sweep the floor (R4.5) makes 50
    for its team.
    """
    variant = state.variant
    mover = state.to_move
    for house in state.houses:
        points = _worth(state, house.cards.mask)
        owners = {variant.team_of(owner) for owner in house.owners}
        share = 0.5
        if aware:
            rivals = 0
            for seat, hand in enumerate(state.hands):
                if variant.team_of(seat) not in owners:
                    rivals |= hand.mask
            if len(owners) > 1:
                share = 0.0
            elif not rivals & VALUE_MASKS[house.value]:
                share = 1.0
            elif mover is not None and variant.team_of(mover) not in owners:
                share = -0.5
        margin += share * points if team in owners else -share * points
    if aware and mover is not None and _can_sweep(state, state.hands[mover].mask):
        margin += 50 if variant.team_of(mover) == team else -50
    return margin


def _look(states: Sequence[State], seat: int, move: Move, houses: bool = False) -> float:
    """A one-move value of ``move``: what it takes, what its floor offers the next player.

    The points and seeps it takes (and with ``houses``, half the points of
    the houses it leaves, its own for it), less a little for a point card
    left loose, less the seep the next player, an opponent, could make: 50
    times the share of ``states`` in which that player holds a sweeping
    card (R4.5).
    """
    if isinstance(move, Bid):
        return float(move.value)
    state = states[0]
    after = transition(state, move)
    team = state.variant.team_of(seat)
    gained = after.piles[team].mask & ~state.piles[team].mask
    value = _worth(state, gained)
    if houses:
        value = _static(after, team, value)
    value += sum(s.points for s in after.seeps[len(state.seeps) :])
    if not isinstance(move, Take):
        value -= 0.3 * state.variant.card_points.points[move.card]
    following = after.to_move
    if following is None or after.variant.team_of(following) == team:
        return value
    dealt = len(after.stock) != len(state.stock)
    sweeps = 0
    for sample in states:
        if dealt:  # the move ends a batch: each sample deals its own cards
            sample = transition(sample, move)
        sweeps += _can_sweep(after, sample.hands[following].mask)
    return value - 50 * sweeps / len(states)


def _policy(state: State, rng: random.Random, houses: bool = False) -> Move:
    """The rollout policy: a careful player's move, cheap enough to play thousands of plies.

    Every move is tried: it scores the points its team takes and the seep
    it makes, minus a seep it leaves to the next player (an opponent who
    holds a sweeping card) and a little for point cards thrown loose, and
    with ``houses`` plus the points of a house it builds or raises that no
    opponent can take (:func:`_house_gain`); the best scores, ties broken
    at random.
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
    rivals = 0
    if houses:
        for other, hand in enumerate(state.hands):
            if variant.team_of(other) != team:
                rivals |= hand.mask
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
                if houses and isinstance(move, (Build, Raise)):
                    value += _house_gain(after, move, rivals)
            if threat and _can_sweep(after, next_hand):
                value -= 50
        if value > best_value + 1e-9:
            best, best_value = [move], value
        elif value > best_value - 1e-9:
            best.append(move)
    return best[0] if len(best) == 1 else rng.choice(best)


def _house_gain(after: State, move: Build | Raise, rivals: int) -> float:
    """What the house ``move`` built or raised is worth to its builder's team in ``after``.

    Its points when no rival holds a card of its value (only its owners
    can take it, R4.2), else nothing.
    """
    for house in after.houses:
        if move.card in house.cards:
            if rivals & VALUE_MASKS[house.value]:
                return 0.0
            return _worth(after, house.cards.mask)
    return 0.0


def _search(state: State, team: int, depth: int, alpha: float, beta: float) -> float:
    """Alpha-beta value for ``team`` of ``state`` with every card known, ``depth`` plays deep.

    At the depth the position is scored as :func:`_static` scores it, the
    houses by who can take them and a sweep by the player to move counted.
    """
    totals = deal_score(state).totals
    margin = totals[team] - totals[1 - team]
    if state.is_over:
        return margin + (50.0 if margin > 0 else -50.0 if margin < 0 else 0.0)
    if depth == 0:
        return _static(state, team, margin, True)
    seat = state.to_move
    assert seat is not None
    mine = state.variant.team_of(seat) == team
    children = [transition(state, move) for move in legal_moves(state)]
    if depth > 1:
        children.sort(key=lambda child: _search(child, team, 0, alpha, beta), reverse=mine)
    best = -1e9 if mine else 1e9
    for child in children:
        value = _search(child, team, depth - 1, alpha, beta)
        if mine:  # the team's own play raises the floor, the other team's lowers the ceiling
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def _best_known(state: State, team: int, moves: Sequence[Move], depth: int) -> Move:
    """The move of ``moves`` with the best :func:`_search` value, ``depth`` plays deep."""
    children = [(move, transition(state, move)) for move in moves]
    children.sort(key=lambda pair: -_search(pair[1], team, 0, -1e9, 1e9))
    best, alpha = children[0][0], -1e9
    for move, child in children:
        value = _search(child, team, depth - 1, alpha, 1e9)
        if value > alpha:
            best, alpha = move, value
    return best
