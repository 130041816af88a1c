"""Fixed-length integer encodings of what one seat knows, for learning agents.

:func:`observation_vector` turns a :class:`~seep.views.View` into a tuple of
ints whose length depends only on the variant (:func:`observation_length`);
:func:`observation_layout` names its fields. :func:`information_state_vector`
appends the seat's whole action-observation history of the deal (every move
played, with the cards it shows, and the cards this seat was dealt in each
dealing round), so two different histories never give the same vector
(perfect recall); :func:`information_state_string` is the same information
as readable text. Everything is plain tuples of ints: no numpy.

Seats are written relative to the observing seat (offset ``k`` is seat
``(seat + k) % players``, so offset 0 is "me") and piles and seep points as
"own team" then "other team"; the observing seat itself is one-hot in the
``seat`` field. Nothing hidden from the seat enters a vector: they are
functions of the view, and the history passed in holds only public moves
and this seat's own cards.

>>> from seep import new_deal, apply_move, parse_move
>>> from seep.views import observe
>>> from seep.observation import information_state_length, observation_layout, observation_length, observation_vector
>>> state = new_deal("standard", seed=10)
>>> vector = observation_vector(observe(state, 1))
>>> len(vector) == observation_length("standard") == 1268
True
>>> from seep.cards import ALL_CARDS
>>> hand = observation_layout("standard")["hand"]
>>> [card for card, bit in zip(ALL_CARDS, vector[hand]) if bit]
[Card('6D'), Card('TH'), Card('JS'), Card('QC')]
>>> observation_length("taash-2p"), information_state_length("standard")
(1246, 7203)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import chain
from typing import Final

from seep._encoding.options import FOLLOW_IDS, hand_options
from seep._engine.bits import HOUSE_VALUES as _HOUSE_VALUES
from seep._engine.caches import cached
from seep._engine.schedule import first_to_play, seat_to_play
from seep._util.excerpt import excerpt
from seep.bounds import longest_deal_moves, most_seeps, seep_bonus_range
from seep.cards import CardSet
from seep.errors import InvalidStateError
from seep.history import Dealt, Played
from seep.moves import Bid, Build, Move, Raise, Take, Throw
from seep.render import view_text
from seep.rules import apply_move
from seep.state import House, Phase, State
from seep.variants import Pickup, ThrowRule, Variant, get_variant
from seep.views import View

__all__ = [
    "HOUSE_VALUES",
    "LAYOUT_VERSION",
    "MOVE_KINDS",
    "dealing_rounds",
    "dealt_by_round",
    "history_slots",
    "information_state_layout",
    "information_state_length",
    "information_state_string",
    "information_state_vector",
    "move_slot_layout",
    "move_slot_width",
    "observation_bounds",
    "observation_layout",
    "observation_length",
    "observation_vector",
]

#: The version of the observation's layout (:func:`observation_layout`): 1 in
#: seep 0.1, 2 since the hand cards' options (``hand_options``,
#: ``hand_take_points``, ``hand_seeps``) follow the variant's flags.
LAYOUT_VERSION: Final = 2
#: House, bid and build values in the order of every value field (R5.1).
HOUSE_VALUES: Final = tuple(_HOUSE_VALUES)
#: The kinds of move in the order of a move slot's ``kind`` field (R3.1).
MOVE_KINDS: Final = ("bid", "take", "build", "raise", "throw")
_PHASES: Final = (Phase.BID, Phase.PLAY, Phase.OVER)
_KIND_INDEX: Final = {Bid: 0, Take: 1, Build: 2, Raise: 3, Throw: 4}
_CARDS: Final = 52
_FLAGS: Final = ("two_players", "house_round_opening", "free_choice_pickup", "throw_any")

Layout = dict[str, slice]


def _layout(fields: Iterable[tuple[str, int]]) -> Layout:
    layout: Layout = {}
    start = 0
    for name, width in fields:
        layout[name] = slice(start, start + width)
        start += width
    return layout


def _observation_fields(variant: Variant) -> list[tuple[str, int]]:
    players = variant.players
    fields = [
        ("seat", players),
        ("dealer", players),
        ("to_move", players),
        ("last_capture", players),
        ("phase", len(_PHASES)),
        ("face_up", 1),
        ("bid", len(HOUSE_VALUES)),
        ("plays", 1),
        ("stock_count", 1),
        ("floor_count", 1),
        ("hand_counts", players),
        ("hand", _CARDS),
        ("loose", _CARDS),
    ]
    for value in HOUSE_VALUES:
        fields += [
            (f"house_{value}", 1),
            (f"house_{value}_locked", 1),
            (f"house_{value}_owners", players),
            (f"house_{value}_cards", _CARDS),
        ]
    fields += [
        ("pile_own", _CARDS),
        ("pile_other", _CARDS),
        ("seep_counts", players),
        ("seep_points", 2),
        *((flag, 1) for flag in _FLAGS),
        ("hand_options", _CARDS * len(FOLLOW_IDS)),
        ("hand_take_points", _CARDS),
        ("hand_seeps", _CARDS),
    ]
    return fields


def observation_layout(variant: str | Variant) -> Layout:
    """The fields of :func:`observation_vector`, in order, as named slices.

    Fields (offsets are relative seats, see the module docstring):
    ``seat`` one-hot absolute seat; ``dealer``, ``to_move`` (all 0 once the
    deal is over), ``last_capture`` (all 0 before any capture) one-hot
    offsets; ``phase`` one-hot bid, play, over; ``face_up`` 0/1 (R2.5);
    ``bid`` one-hot 9..13 (all 0 without a bid); ``plays``, ``stock_count``,
    ``floor_count`` (loose cards, counted even while face down) counts;
    ``hand_counts`` cards held per offset; ``hand`` and ``loose`` one bit
    per card in canonical order (``loose`` all 0 while face down); for each
    value ``v`` in 9..13: ``house_v`` (stands), ``house_v_locked`` (R5.5),
    ``house_v_owners`` (a bit per offset, R3.2) and ``house_v_cards``;
    ``pile_own`` and ``pile_other`` the cards in each team's pile (R1.5);
    ``seep_counts`` seeps made per offset and ``seep_points`` their points
    per team, own first (R4.5); then the variant's flags ``two_players``,
    ``house_round_opening`` (R11.2), ``free_choice_pickup`` (R11.3) and
    ``throw_any`` (R11.3). Last, what each card in hand can do, filled only
    for the seat to move in the play phase (all 0 otherwise): ``hand_options``
    twelve bits per card in canonical order, one per id that may follow the
    card (throw, take, build 9..13, raise 9..13: ids 57..68 of
    :mod:`seep.actions`); ``hand_take_points`` per card the most card
    points (R1.2) a take with it captures, the card itself and a house taken
    included (0 for a card that cannot take); ``hand_seeps`` per card 1 if a
    take with it leaves the floor empty (a seep, R4.5). The layout's
    version is :data:`LAYOUT_VERSION`.

    >>> from seep.observation import observation_layout
    >>> layout = observation_layout("standard")
    >>> layout["hand"], layout["house_9_cards"]
    (slice(32, 84, None), slice(142, 194, None))
    >>> list(layout)[:4], list(layout)[-3:]
    (['seat', 'dealer', 'to_move', 'last_capture'], ['hand_options', 'hand_take_points', 'hand_seeps'])
    """
    return _layout(_observation_fields(get_variant(variant)))


def observation_length(variant: str | Variant) -> int:
    """The length of every observation vector of ``variant``: 1268 with four players, 1246 with two.

    >>> from seep.observation import observation_length
    >>> observation_length("standard"), observation_length("standard-2p")
    (1268, 1246)
    """
    return sum(width for _, width in _observation_fields(get_variant(variant)))


def observation_bounds(variant: str | Variant) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The lowest and the highest value of each entry of :func:`observation_vector`.

    Every bit (one-hot and card fields, flags) lies in 0..1. The counts lie
    in 0..48 for ``plays`` (R2.8, R2.9), 0..52 for ``stock_count`` and
    ``floor_count``, 0..12 for ``hand_counts`` (a hand is dealt 12 cards at
    most, R2.7), 0..:func:`~seep.bounds.most_seeps` for ``seep_counts``;
    ``seep_points`` lies within :func:`~seep.bounds.seep_bonus_range` (R4.5);
    ``hand_take_points`` between the sum of the negative card points and the
    sum of the positive ones (0..100 in the built-in variants, R1.2).

    >>> from seep.observation import observation_bounds, observation_layout, observation_length
    >>> low, high = observation_bounds("standard")
    >>> len(low) == len(high) == observation_length("standard")
    True
    >>> layout = observation_layout("standard")
    >>> high[layout["plays"]], high[layout["hand_counts"]], high[layout["seep_points"]]
    ((48,), (12, 12, 12, 12), (1175, 1175))
    >>> high[layout["hand_take_points"]][:2]
    (100, 100)
    >>> set(high[layout["hand"]]), min(low)
    ({1}, 0)
    """
    rules = get_variant(variant)
    lowest_seeps, highest_seeps = seep_bonus_range(rules)
    card_points = rules.card_points.points
    counts = {
        "plays": (0, rules.plays_per_deal),
        "stock_count": (0, _CARDS),
        "floor_count": (0, _CARDS),
        "hand_counts": (0, rules.cards_per_hand),
        "seep_counts": (0, most_seeps(rules)),
        "seep_points": (min(0, lowest_seeps), max(0, highest_seeps)),
        "hand_take_points": (
            sum(p for p in card_points if p < 0),
            sum(p for p in card_points if p > 0),
        ),
    }
    low: list[int] = []
    high: list[int] = []
    for name, width in _observation_fields(rules):
        lowest, highest = counts.get(name, (0, 1))
        low += [lowest] * width
        high += [highest] * width
    return tuple(low), tuple(high)


def _one_hot(width: int, index: int | None) -> list[int]:
    bits = [0] * width
    if index is not None:
        bits[index] = 1
    return bits


# The bits of every byte, lowest first: a card field is seven lookups.
_BYTE_BITS: Final = tuple(tuple(byte >> index & 1 for index in range(8)) for byte in range(256))


_NO_CARDS: Final = (0,) * _CARDS


def _card_bits(cards: CardSet | None) -> tuple[int, ...]:
    if cards is None or not cards.mask:
        return _NO_CARDS
    return _bits_of(cards.mask)


# Piles and houses recur from move to move: the bits of the masks met lately
# are kept under the package's cache budget (see seep.caching).
@cached("observation.card_bits")
def _bits_of(mask: int) -> tuple[int, ...]:
    return tuple([bit for byte in mask.to_bytes(7, "little") for bit in _BYTE_BITS[byte]][:_CARDS])


def _value_one_hot(value: int | None) -> list[int]:
    return _one_hot(len(HOUSE_VALUES), None if value is None else value - HOUSE_VALUES[0])


#: The hand fields of a seat that is not to play.
_NO_OPTIONS: Final = (0,) * (_CARDS * (len(FOLLOW_IDS) + 2))
#: The bytes of ``hand_options`` (52 x 12 bits: a whole number of bytes).
_FOLLOW_BYTES: Final = _CARDS * len(FOLLOW_IDS) // 8

#: ``_NO_HOUSE[players]``: the pieces (see ``_table_pieces``) of a house value with no house standing.
_NO_HOUSE: Final[dict[int, list[list[int] | int]]] = {
    players: [[0, 0, *(0,) * players], 0] for players in (2, 4)
}


def observation_vector(view: View) -> tuple[int, ...]:
    """The view as a fixed-length tuple of ints (:func:`observation_layout` names the fields).

    >>> from seep.observation import observation_layout, observation_vector
    >>> from seep import new_deal
    >>> from seep.views import observe
    >>> view = observe(new_deal("taash", seed=1, dealer=3), 0)
    >>> vector = observation_vector(view)
    >>> layout = observation_layout(view.variant)
    >>> vector[layout["seat"]], vector[layout["dealer"]], vector[layout["face_up"]]
    ((1, 0, 0, 0), (0, 0, 0, 1), (1,))
    >>> vector[layout["hand_counts"]], vector[layout["house_round_opening"]]
    ((4, 4, 4, 4), (1,))
    """
    out = _table_entries(view)
    options = hand_options(view)
    if not options.follow and not options.points:
        out += _NO_OPTIONS
        return tuple(out)
    out += chain.from_iterable(
        map(_BYTE_BITS.__getitem__, options.follow.to_bytes(_FOLLOW_BYTES, "little"))
    )
    take_points = [0] * _CARDS
    for card, most in options.points.items():
        take_points[card] = most
    out += take_points
    out += _bits_of(options.seeps)
    return tuple(out)


def _table_entries(view: View) -> list[int]:
    """The entries of :func:`observation_vector` before the hand cards' options."""
    out: list[int] = []
    for piece in _table_pieces(view):
        if isinstance(piece, int):
            out += _bits_of(piece) if piece else _NO_CARDS
        else:
            out += piece
    return out


def _table_pieces(view: View) -> list[list[int] | int]:
    """The entries before the hand cards' options, in pieces: lists of entries, and card masks (a card field each).

    The encoding of the table from a view, written out as a vector by
    :func:`observation_vector`; the environments' packing straight from
    the state (:mod:`seep._encoding.packing`) is tested against it.
    """
    variant = view.variant
    players = variant.players
    seat = view.seat

    def offset(other: int | None) -> int | None:
        return None if other is None else (other - seat) % players

    def by_offset(values: Sequence[int]) -> list[int]:
        return [values[(seat + k) % players] for k in range(players)]

    own = variant.team_of(seat)
    loose = view.loose
    pieces: list[list[int] | int] = [
        [
            *_one_hot(players, seat),
            *_one_hot(players, offset(view.dealer)),
            *_one_hot(players, offset(view.to_move)),
            *_one_hot(players, offset(view.last_capture)),
            *_one_hot(len(_PHASES), _PHASES.index(view.phase)),
            int(view.face_up),
            *_value_one_hot(view.bid),
            view.plays,
            view.stock_count,
            view.floor_count,
            *by_offset(view.hand_counts),
        ],
        view.hand.mask,
        0 if loose is None else loose.mask,
    ]
    houses: dict[int, House] = {house.value: house for house in view.houses}
    for value in HOUSE_VALUES:
        house = houses.get(value)
        if house is None:
            pieces += _NO_HOUSE[players]
            continue
        owners = [0] * players
        for owner in house.owners:
            owners[(owner - seat) % players] = 1
        pieces += [[1, int(house.locked), *owners], house.cards.mask]
    counts = [0] * players
    points = [0, 0]
    for seep in view.seeps:
        counts[seep.seat] += 1
        points[0 if variant.team_of(seep.seat) == own else 1] += seep.points
    pieces += [
        view.piles[own].mask,
        view.piles[1 - own].mask,
        [
            *by_offset(counts),
            *points,
            int(players == 2),
            int(variant.opening.builds_first),
            int(variant.pickup is Pickup.FREE_CHOICE),
            int(variant.throw_rule is ThrowRule.ANY),
        ],
    ]
    return pieces


def dealing_rounds(variant: str | Variant) -> int:
    """How many times cards are dealt to the seats in a deal (the ``dealt`` rounds).

    Round 0 is the opening hand (R2.2: the bidder's four; R11.1: four each),
    round 1 the rest of the first batch (R2.7, R11.2), then one round per
    further batch of a two-player deal (R2.9).

    >>> from seep.observation import dealing_rounds
    >>> dealing_rounds("standard"), dealing_rounds("taash-2p")
    (2, 3)
    """
    rules = get_variant(variant)
    return 1 + rules.plays_per_deal // (rules.cards_per_hand * rules.players)


def history_slots(variant: str | Variant) -> int:
    """The most moves of one deal: 48 plays, plus the bid where there is one (R2.4, R11.2).

    >>> from seep.observation import history_slots
    >>> history_slots("standard"), history_slots("taash")
    (49, 48)
    """
    return longest_deal_moves(variant)


def _move_slot_fields(variant: Variant) -> list[tuple[str, int]]:
    return [
        ("present", 1),
        ("mover", variant.players),
        ("kind", len(MOVE_KINDS)),
        ("card", _CARDS),
        ("loose", _CARDS),
        ("value", len(HOUSE_VALUES)),
    ]


def move_slot_layout(variant: str | Variant) -> Layout:
    """The fields of one move slot of :func:`information_state_vector`.

    ``present`` 1 once the move is made; ``mover`` one-hot offset of the
    seat that made it; ``kind`` one-hot in :data:`MOVE_KINDS`; ``card`` the
    card played (all 0 for a bid); ``loose`` the loose cards taken or used
    (R4.1, R5.2, R6.1); ``value`` one-hot 9..13: the bid, the house taken,
    the value built, or the value of the house raised (R7.1).

    >>> from seep.observation import move_slot_layout, move_slot_width
    >>> move_slot_layout("standard")["card"], move_slot_width("standard")
    (slice(10, 62, None), 119)
    """
    return _layout(_move_slot_fields(get_variant(variant)))


def move_slot_width(variant: str | Variant) -> int:
    """The width of one move slot: 119 with four players, 117 with two.

    >>> from seep.observation import move_slot_width
    >>> move_slot_width("standard"), move_slot_width("taash-2p")
    (119, 117)
    """
    return sum(width for _, width in _move_slot_fields(get_variant(variant)))


def information_state_layout(variant: str | Variant) -> Layout:
    """The parts of :func:`information_state_vector`: the observation, the rounds dealt, the moves.

    ``observation`` is :func:`observation_vector`; ``dealt_r`` for each
    round ``r`` of :func:`dealing_rounds` the cards this seat was dealt in
    it (one bit per card); ``move_i`` for each of the
    :func:`history_slots` moves of a deal, in order from the first, a slot
    laid out by :func:`move_slot_layout` (all 0 for a move not yet made).

    >>> from seep.observation import information_state_layout
    >>> layout = information_state_layout("standard")
    >>> layout["observation"], layout["dealt_1"], layout["move_0"]
    (slice(0, 1268, None), slice(1320, 1372, None), slice(1372, 1491, None))
    """
    rules = get_variant(variant)
    return _layout(
        [
            ("observation", observation_length(rules)),
            *((f"dealt_{r}", _CARDS) for r in range(dealing_rounds(rules))),
            *((f"move_{i}", move_slot_width(rules)) for i in range(history_slots(rules))),
        ]
    )


def information_state_length(variant: str | Variant) -> int:
    """The length of every information-state vector of ``variant``.

    >>> from seep.observation import information_state_length
    >>> [information_state_length(v) for v in ("standard", "standard-2p", "taash", "taash-2p")]
    [7203, 7135, 7084, 7018]
    """
    rules = get_variant(variant)
    return (
        observation_length(rules)
        + _CARDS * dealing_rounds(rules)
        + move_slot_width(rules) * history_slots(rules)
    )


def _check_history(
    view: View, moves: Sequence[Move], dealt: Sequence[CardSet]
) -> list[tuple[int, Move]]:
    """The moves with their movers, once they fit the view; else :class:`InvalidStateError`."""
    variant = view.variant
    players = variant.players
    if len(moves) > history_slots(variant):
        raise InvalidStateError("moves", f"a deal has at most {history_slots(variant)} moves")
    movers: list[tuple[int, Move]] = []
    plays = 0
    played = 0
    bidder = first_to_play(view.dealer, players)
    for index, move in enumerate(moves):
        if isinstance(move, Bid):
            if index or not variant.opening.bids or move.value != view.bid:
                raise InvalidStateError(
                    f"moves[{index}]", f"{move} is not the first move of this deal (R2.4)"
                )
            movers.append((bidder, move))
            continue
        if not isinstance(move, (Take, Build, Raise, Throw)):
            raise InvalidStateError(f"moves[{index}]", f"not a move: {excerpt(move)}")
        mover = seat_to_play(view.dealer, players, plays)
        plays += 1
        if mover == view.seat:
            played |= 1 << move.card
        movers.append((mover, move))
    if plays != view.plays:
        raise InvalidStateError("moves", f"{plays} plays, but the view has {view.plays}")
    has_bid = bool(moves) and isinstance(moves[0], Bid)
    if variant.opening.bids and has_bid != (view.bid is not None):
        raise InvalidStateError("moves", "the bid comes first once it is made (R2.4)")
    if len(dealt) > dealing_rounds(variant):
        raise InvalidStateError("dealt", f"at most {dealing_rounds(variant)} dealing rounds")
    seen = 0
    for index, cards in enumerate(dealt):
        if not isinstance(cards, CardSet):
            raise InvalidStateError(f"dealt[{index}]", f"a CardSet, not {excerpt(cards)}")
        if seen & cards.mask:
            raise InvalidStateError(f"dealt[{index}]", f"{CardSet(seen & cards.mask)} dealt twice")
        seen |= cards.mask
    if seen != view.hand.mask | played:
        raise InvalidStateError(
            "dealt", f"the cards dealt must be the hand and the cards played by seat {view.seat}"
        )
    return movers


def _move_slot(move: Move, mover: int, seat: int, players: int) -> list[int]:
    if isinstance(move, Bid):
        card = None
        loose = None
        value: int | None = move.value
    else:
        card = move.card
        loose = move.loose if isinstance(move, (Take, Build)) else None
        value = (
            move.house
            if isinstance(move, (Take, Raise))
            else move.value
            if isinstance(move, Build)
            else None
        )
    return [
        1,
        *_one_hot(players, (mover - seat) % players),
        *_one_hot(len(MOVE_KINDS), _KIND_INDEX[type(move)]),
        *_one_hot(_CARDS, card),
        *_card_bits(loose),
        *_value_one_hot(value),
    ]


def information_state_vector(
    view: View, moves: Sequence[Move] | None = None, dealt: Sequence[CardSet] | None = None
) -> tuple[int, ...]:
    """A perfect-recall encoding: the observation, the rounds dealt to the seat, every move so far.

    ``moves`` are the moves of the deal so far, the bid first where there
    is one; ``dealt`` the cards dealt to ``view.seat`` in each dealing round
    so far (round 0 first, an empty set for a round that gave it nothing):
    :func:`dealt_by_round` computes it from the deal. Both are checked
    against the view (the number of plays, the bid, the cards dealt being
    the hand plus the seat's own plays): a history that does not fit raises
    :class:`~seep.errors.InvalidStateError`. The layout is
    :func:`information_state_layout`; every vector of a variant has
    :func:`information_state_length` ints.

    >>> from seep.observation import (
    ...     dealt_by_round,
    ...     information_state_layout,
    ...     information_state_length,
    ...     information_state_vector,
    ...     move_slot_layout,
    ... )
    >>> from seep import new_deal, apply_move, parse_move
    >>> from seep.views import observe
    >>> start = new_deal("standard", seed=10)
    >>> moves = [parse_move("bid 10")]
    >>> state = apply_move(start, moves[0])
    >>> dealt = dealt_by_round(start, moves, 1)
    >>> dealt
    (CardSet('6D TH JS QC'),)
    >>> vector = information_state_vector(observe(state, 1), moves, dealt)
    >>> len(vector) == information_state_length("standard")
    True
    >>> slot = information_state_layout("standard")["move_0"]
    >>> vector[slot][move_slot_layout("standard")["value"]]   # bid 10
    (0, 1, 0, 0, 0)
    """
    if moves is None or dealt is None:
        moves, dealt = history_inputs(view)
    variant = view.variant
    players = variant.players
    movers = _check_history(view, moves, dealt)
    out = list(observation_vector(view))
    for round_index in range(dealing_rounds(variant)):
        out += _card_bits(dealt[round_index] if round_index < len(dealt) else None)
    for mover, move in movers:
        out += _move_slot(move, mover, view.seat, players)
    out += [0] * (move_slot_width(variant) * (history_slots(variant) - len(movers)))
    return tuple(out)


def information_state_string(
    view: View, moves: Sequence[Move] | None = None, dealt: Sequence[CardSet] | None = None
) -> str:
    """The information state as text: the rounds dealt to the seat, the moves, then the view.

    Takes the same inputs, and checks them the same way, as
    :func:`information_state_vector`; two different histories give two
    different strings.

    >>> from seep.observation import dealt_by_round, information_state_string
    >>> from seep import new_deal, apply_move, parse_move
    >>> from seep.views import observe
    >>> start = new_deal("standard", seed=10)
    >>> moves = [parse_move("bid 10")]
    >>> text = information_state_string(observe(apply_move(start, moves[0]), 1), moves,
    ...                                 dealt_by_round(start, moves, 1))
    >>> print(text.split("\\n\\n")[0])
    seat 1, standard, dealer seat 0
    dealt in round 0: 6D TH JS QC
    move 1, seat 1: bid 10
    """
    if moves is None or dealt is None:
        moves, dealt = history_inputs(view)
    movers = _check_history(view, moves, dealt)
    lines = [f"seat {view.seat}, {view.variant.name}, dealer seat {view.dealer}"]
    lines += [f"dealt in round {r}: {cards}" for r, cards in enumerate(dealt)]
    lines += [f"move {i}, seat {mover}: {move}" for i, (mover, move) in enumerate(movers, 1)]
    return "\n".join(lines) + "\n\n" + view_text(view)


def history_inputs(view: View) -> tuple[tuple[Move, ...], tuple[CardSet, ...]]:
    """The moves so far and the cards dealt to the seat in each round, read from ``view.history``.

    What :func:`information_state_vector` and :func:`information_state_string`
    take when they are given only a view. A round is the opening packets
    (round 0) or the packets dealt after one move (R2.7, R2.9, R11.2). A view
    whose history is unknown (a state loaded from a document) raises
    :class:`~seep.errors.InvalidStateError`.

    >>> from seep.observation import history_inputs, information_state_vector
    >>> from seep import new_deal, apply_move, parse_move, legal_moves
    >>> from seep.views import observe
    >>> state = apply_move(new_deal("standard", seed=10), parse_move("bid 10"))
    >>> state = apply_move(state, legal_moves(state)[0])
    >>> moves, dealt = history_inputs(observe(state, 2))
    >>> [str(move) for move in moves], [len(cards) for cards in dealt]
    (['bid 10', 'take TH AH 9S'], [0, 12])
    >>> information_state_vector(observe(state, 2)) == information_state_vector(
    ...     observe(state, 2), moves, dealt)
    True
    """
    if not view.history_known:
        raise InvalidStateError("history", "the view's history is unknown (loaded without one)")
    moves: list[Move] = []
    rounds: list[int] = [0]
    after_move = False
    for entry in view.history:
        if isinstance(entry, Played):
            moves.append(entry.move)
            after_move = True
        elif isinstance(entry, Dealt) and entry.to is not None:
            if after_move:  # the first packet after a move opens a round
                rounds.append(0)
                after_move = False
            if entry.to == view.seat and entry.cards is not None:
                rounds[-1] |= entry.cards.mask
    return tuple(moves), tuple(CardSet(mask) for mask in rounds)


def dealt_by_round(start: State, moves: Sequence[Move], seat: int) -> tuple[CardSet, ...]:
    """The cards dealt to ``seat`` in each dealing round, replaying ``moves`` from ``start``.

    ``start`` is a new deal (no play made). Returns one set per round dealt
    so far: round 0 (the opening hand) and one more each time the stock is
    dealt from (R2.7, R2.9, R11.2). Raises
    :class:`~seep.errors.IllegalMoveError` for a move the rules forbid.

    >>> from seep.observation import dealt_by_round
    >>> from seep import new_deal, apply_move, parse_move, legal_moves
    >>> start = new_deal("standard", seed=10)
    >>> moves = [parse_move("bid 10")]
    >>> moves.append(legal_moves(apply_move(start, moves[0]))[0])
    >>> [len(cards) for cards in dealt_by_round(start, moves, 2)]
    [0, 12]
    """
    if start.plays or start.phase is Phase.OVER:
        raise InvalidStateError("start", "a new deal, before its first play")
    rounds = [start.hands[seat]]
    state = start
    for move in moves:
        after = apply_move(state, move)
        if len(after.stock) < len(state.stock):
            kept = state.hands[seat].mask & ~(1 << move.card if not isinstance(move, Bid) else 0)
            rounds.append(CardSet(after.hands[seat].mask & ~kept))
        state = after
    return tuple(rounds)
