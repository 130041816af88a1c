"""The match (*baazi*): deals one after another, the score sheet, the dealer and the winner.

A :class:`Baazi` is an immutable value holding every deal played (its
starting state and its moves), the score sheet and the standing. Play it
with :func:`apply_baazi_move`; when a deal ends it is scored, the match rule of the
variant decides whether the match is over (R10.2, R10.3, R11.6, R12) and,
if not, the next deal starts with the dealer the variant's dealer rule
names (R10.4).

>>> import random
>>> from seep import legal_moves
>>> from seep.baazi import apply_baazi_move, new_baazi
>>> match = new_baazi("standard", seed=4)
>>> rng = random.Random(4)
>>> while not match.is_over:
...     match = apply_baazi_move(match, rng.choice(legal_moves(match.state)))
...
>>> match.winner, match.reason
(0, 'team 0 leads by 114 (R10.2)')
>>> [(row.dealer, row.totals, row.lead) for row in match.sheet]
[(0, (64, 36), 28), (1, (76, 24), 80), (1, (32, 68), 44), (1, (62, 38), 68), (1, (98, 52), 114)]
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from seep._util.arguments import check_instance
from seep._util.excerpt import decimal_digits, excerpt
from seep.deal import new_deal
from seep.errors import IllegalMoveError, InputError, RecordError
from seep.moves import Move
from seep.records._json import record_of_match_document
from seep.rules import apply_move
from seep.scoring import deal_score
from seep.serialization import state_to_dict
from seep.state import State
from seep.variants import Standing, Variant, get_variant
from seep.variants._answers import first_dealer_of_next_match, next_dealer, next_standing

__all__ = [
    "Baazi",
    "DealRecord",
    "SheetRow",
    "apply_baazi_move",
    "baazi_from_dict",
    "baazi_to_dict",
    "new_baazi",
    "next_baazi",
]

BAAZI_FORMAT = "seep-baazi/1"

Seed = int | str | None


@attrs.frozen(kw_only=True)
class SheetRow:
    """One line of the score sheet (R9.3, R10.1): card points and seeps in separate columns.

    >>> import random
    >>> from seep import apply_baazi_move, legal_moves, new_baazi
    >>> match, rng = new_baazi("standard", seed=4), random.Random(4)
    >>> while not match.sheet:  # play the first deal
    ...     match = apply_baazi_move(match, rng.choice(legal_moves(match.state)))
    ...
    >>> match.sheet[0]
    SheetRow(deal=1, dealer=0, bid=10, cards=(64, 36), seeps=(0, 0), totals=(64, 36), lead=28, banked=(0, 0))
    """

    deal: int
    dealer: int
    bid: int | None
    cards: tuple[int, int]
    seeps: tuple[int, int]
    totals: tuple[int, int]
    lead: int
    banked: tuple[int, int]


@attrs.frozen(kw_only=True)
class DealRecord:
    """A deal of the match: where it started, the moves played, where it stands now.

    >>> from seep import apply_baazi_move, new_baazi, parse_move
    >>> match = apply_baazi_move(new_baazi("standard", seed=10), parse_move("bid 11"))
    >>> deal = match.deals[0]
    >>> [str(move) for move in deal.moves], deal.start.bid, deal.state.bid
    (['bid 11'], None, 11)
    >>> [state.plays for state in deal.replay()]
    [0, 0]
    """

    start: State
    moves: tuple[Move, ...]
    state: State

    def replay(self) -> Iterator[State]:
        """Every state of the deal, from the start to ``state``."""
        state = self.start
        yield state
        for move in self.moves:
            state = apply_move(state, move)
            yield state


@attrs.frozen(kw_only=True)
class Baazi:
    """A match in progress or finished.

    ``deals`` holds every deal so far (the last one is in progress unless the
    match is over); ``sheet`` one row per finished deal; ``standing`` the
    running lead, banked points and result.

    >>> from seep import new_baazi
    >>> match = new_baazi("standard", seed=4)
    >>> len(match.deals), match.sheet, match.is_over
    (1, (), False)
    >>> match.state is match.deals[-1].state  # the deal being played
    True
    """

    variant: Variant
    seed: Seed
    first_dealer: int
    deals: tuple[DealRecord, ...]
    sheet: tuple[SheetRow, ...]
    standing: Standing

    @property
    def state(self) -> State:
        """The state of the current deal (the last deal's final state once the match is over)."""
        return self.deals[-1].state

    def _repr_html_(self) -> str:
        """The score sheet and the current deal's picture (Jupyter shows it; :func:`seep.svg.baazi_html`)."""
        from seep._picture.sheet import sheet_html

        return sheet_html(self)

    @property
    def is_over(self) -> bool:
        """True once the match has been decided."""
        return self.standing.over

    @property
    def winner(self) -> int | None:
        """The winning team, or ``None`` while playing or after a draw."""
        return self.standing.winner

    @property
    def reason(self) -> str:
        """Why the match ended (empty while it goes on)."""
        return self.standing.reason

    @property
    def lead(self) -> int:
        """Team 0's running lead (R10.1); negative when team 1 leads."""
        return self.standing.lead

    @property
    def next_dealer(self) -> int:
        """Who deals the next deal (R10.4), given the deals finished so far."""
        if not self.sheet:
            return self.first_dealer
        last = self.sheet[-1]
        return next_dealer(self.variant, last.dealer, last.lead)


_RULE_ID = re.compile(r"R\d+(\.\d+)?")
#: The most digits an integer seed may have (a deal's seed is written out as text).
MAX_SEED_DIGITS = 100


def _check_seed(seed: object) -> None:
    """Refuse a seed that is not an int, str or None, or an int of more than :data:`MAX_SEED_DIGITS` digits."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise TypeError(f"seed: expected an int, a str or None, not {type(seed).__name__}")
    if isinstance(seed, int) and decimal_digits(seed) > MAX_SEED_DIGITS:
        raise InputError(
            f"an integer seed has at most {MAX_SEED_DIGITS} digits, not {excerpt(seed)}",
            field="seed",
        )


def _deal_seed(seed: Seed, number: int) -> Seed:
    """The seed of deal ``number`` (1-based) of a match seeded with ``seed``.

    The first deal uses ``seed`` itself, so it is the deal ``new_deal(seed=seed)`` gives.
    """
    if seed is None or number == 1:
        return seed
    return f"{seed}/{number}"


def new_baazi(
    variant: str | Variant = "standard", *, seed: Seed = None, first_dealer: int = 0
) -> Baazi:
    """A new match; its first deal is dealt by ``first_dealer``.

    The first deal is shuffled from ``seed`` (the same deal as
    ``new_deal(variant, seed=seed)``), deal ``n > 1`` from ``f"{seed}/{n}"``,
    so a seeded match is reproducible deal by deal.

    >>> from seep import new_baazi
    >>> match = new_baazi("taash-short", seed=1, first_dealer=2)
    >>> match.state.dealer, match.state.variant.name, match.is_over
    (2, 'taash-short', False)
    """
    _check_seed(seed)
    rules = get_variant(variant)
    start = new_deal(rules, seed=_deal_seed(seed, 1), dealer=first_dealer)
    return Baazi(
        variant=rules,
        seed=seed,
        first_dealer=first_dealer,
        deals=(DealRecord(start=start, moves=(), state=start),),
        sheet=(),
        standing=Standing(),
    )


def apply_baazi_move(baazi: Baazi, move: Move) -> Baazi:
    """The match after ``move`` in its current deal; a finished deal is scored and the next dealt.

    Raises :class:`~seep.errors.IllegalMoveError` for an illegal move and
    :class:`~seep.errors.IllegalMoveError` once the match is over, naming the rule
    that ended it (R10.2, R10.3, R11.6, R12).

    >>> from seep import apply_baazi_move, new_baazi, parse_move
    >>> match = apply_baazi_move(new_baazi("standard", seed=10), parse_move("bid 11"))
    >>> match.state.bid, match.state.to_move
    (11, 1)
    """
    check_instance(baazi, Baazi, "baazi")
    if baazi.is_over:
        reason = baazi.standing.reason
        found = _RULE_ID.search(reason)
        rule = found.group(0) if found else "R10.2"
        raise IllegalMoveError(
            rule, f"the match is over: {reason}; start the next with next_baazi()"
        )
    current = baazi.deals[-1]
    state = apply_move(current.state, move)
    record = DealRecord(start=current.start, moves=(*current.moves, move), state=state)
    deals = (*baazi.deals[:-1], record)
    if not state.is_over:
        return attrs.evolve(baazi, deals=deals)
    score = deal_score(state)
    totals = (score.teams[0].total, score.teams[1].total)
    standing = next_standing(baazi.variant, baazi.standing, totals)
    row = SheetRow(
        deal=len(deals),
        dealer=state.dealer,
        bid=state.bid,
        cards=(score.teams[0].cards, score.teams[1].cards),
        seeps=(score.teams[0].seeps, score.teams[1].seeps),
        totals=totals,
        lead=standing.lead,
        banked=standing.banked,
    )
    finished = attrs.evolve(baazi, deals=deals, sheet=(*baazi.sheet, row), standing=standing)
    if standing.over:
        return finished
    start = new_deal(
        baazi.variant, seed=_deal_seed(baazi.seed, len(deals) + 1), dealer=finished.next_dealer
    )
    return attrs.evolve(finished, deals=(*deals, DealRecord(start=start, moves=(), state=start)))


def next_baazi(baazi: Baazi, *, seed: Seed = None) -> Baazi:
    """A new match after the finished ``baazi``, dealt first by the seat R10.5 names.

    In the standard game that is the partner of the seat that would have
    dealt next (two players: that seat); in taash the next seat (R11.6).

    >>> import random
    >>> from seep import apply_baazi_move, legal_moves, new_baazi, next_baazi
    >>> match, rng = new_baazi("standard", seed=4), random.Random(4)
    >>> while not match.is_over:
    ...     match = apply_baazi_move(match, rng.choice(legal_moves(match.state)))
    ...
    >>> match.sheet[-1].dealer, next_baazi(match, seed=5).state.dealer
    (1, 3)
    """
    check_instance(baazi, Baazi, "baazi")
    if not baazi.is_over:
        raise InputError("the match is not over yet", field="baazi")
    last = baazi.sheet[-1]
    first = first_dealer_of_next_match(baazi.variant, last.dealer, last.lead)
    return new_baazi(baazi.variant, seed=seed, first_dealer=first)


def baazi_to_dict(baazi: Baazi) -> dict[str, Any]:
    """A JSON match document (``seep-baazi/1``): each deal's start state and moves, plus the sheet.

    The sheet and standing are written for readers; loading recomputes them
    by replaying the moves. The game record of the same match
    (:func:`seep.records.record_from_baazi`) holds decks instead of states,
    the seat of every move and the stated scores, and no seed.

    >>> import json
    >>> from seep import apply_baazi_move, baazi_from_dict, baazi_to_dict, new_baazi, parse_move
    >>> match = apply_baazi_move(new_baazi("standard", seed=10), parse_move("bid 11"))
    >>> doc = baazi_to_dict(match)
    >>> doc["format"], doc["deals"][0]["moves"]
    ('seep-baazi/1', ['bid 11'])
    >>> baazi_from_dict(json.loads(json.dumps(doc))) == match
    True
    """
    check_instance(baazi, Baazi, "baazi")
    return {
        "format": BAAZI_FORMAT,
        "variant": baazi.variant.name,
        "seed": baazi.seed,
        "first_dealer": baazi.first_dealer,
        "deals": [
            {"start": state_to_dict(d.start), "moves": [str(m) for m in d.moves]}
            for d in baazi.deals
        ],
        "sheet": [attrs.asdict(row) for row in baazi.sheet],
        "standing": attrs.asdict(baazi.standing),
    }


def baazi_from_dict(doc: Mapping[str, Any], *, variant: Variant | None = None) -> Baazi:
    """Load a match document by replaying every deal; a fault names its field.

    The document is checked by the same builder and verifier as a game
    record (:mod:`seep.records`), so a fault raises
    :class:`~seep.errors.RecordError` with the same reason as in a record,
    ``.field`` naming the place (``"deals[1].moves[7]"``, ``"deals[2].start.dealer"``).
    ``variant`` loads a document of a variant that is not registered.

    >>> from seep import baazi_from_dict, baazi_to_dict, new_baazi
    >>> match = new_baazi("standard", seed=2)
    >>> baazi_from_dict(baazi_to_dict(match)) == match
    True
    >>> doc = baazi_to_dict(match)
    >>> doc["deals"][0]["moves"] = ["bid 8"]
    >>> baazi_from_dict(doc)
    Traceback (most recent call last):
    ...
    seep.errors.RecordError: deals[0].moves[0]: deal 1, move 0: move notation: 'bid 8' needs 'bid N' with N in 9..13
    """
    if not isinstance(doc, Mapping):
        raise RecordError(f"expected an object, not {excerpt(doc)}", field="document")
    if doc.get("format", BAAZI_FORMAT) != BAAZI_FORMAT:
        raise RecordError(
            f"the format is {BAAZI_FORMAT!r}, not {excerpt(doc.get('format'))}", field="format"
        )
    seed = doc.get("seed")
    try:
        _check_seed(seed)
    except (TypeError, InputError):
        raise RecordError(
            f"expected an integer of at most {MAX_SEED_DIGITS} digits, a string or null, "
            f"not {excerpt(seed)}",
            field="seed",
        ) from None
    record = record_of_match_document(doc, variant=variant)
    first = record.deals[0].start
    match = Baazi(
        variant=record.variant,
        seed=seed,
        first_dealer=first.dealer,
        deals=(DealRecord(start=first, moves=(), state=first),),
        sheet=(),
        standing=Standing(),
    )
    for index, deal in enumerate(record.deals):
        if index:  # the recorded start replaces the deal the seed would deal
            start = DealRecord(start=deal.start, moves=(), state=deal.start)
            match = attrs.evolve(match, deals=(*match.deals[:-1], start))
        for move in deal.moves:
            match = apply_baazi_move(match, move)
    return match
