"""What a move does to the table: the one definition the transition and every replay use.

:func:`play_card` says where a played card goes and what it takes with
it: the loose cards, the houses with their cards and owners (R5.2, R6.1,
R6.3, R7.2, R7.4), the piles (R4.4), the last capturer and whether the
floor was swept (R4.5). :func:`bid_after` says what the bid is after a
move (R2.5, R11.2) and :func:`finish_deal` where the floor goes when the
deal ends (R9.1, R9.2). The transition (:mod:`seep._engine.transition`)
and the replay of a view's history (:mod:`seep._checks.view_history`) both call
them, so a view's history is checked against the very effects that made
it.

>>> from seep._engine.effects import play_card
>>> from seep.cards import Card, CardSet
>>> from seep.moves import Build
>>> from seep.state import House
>>> from seep.variants import get_variant
>>> standard = get_variant("standard")
>>> piles = (CardSet(), CardSet())
>>> house = House(value=9, cards=CardSet.parse("4S 5H"), owners=(0,))
>>> move = Build(card=Card.parse("9D"), loose=CardSet(), value=9)
>>> loose, houses, piles, last, swept = play_card(standard, 0, (house,), piles, None, 1, move)
>>> print(houses[0])  # R6.3: seat 1 adds a whole nine and becomes a co-owner
[9 locked: 4S 5H 9D owners 0,1]
"""

from __future__ import annotations

from seep._engine.bypass import make_house
from seep._engine.cardset import from_mask as card_set
from seep._engine.facts import facts_of
from seep._engine.schedule import in_house_round
from seep.cards import CardSet
from seep.moves import Bid, Build, Move, Raise, Take, Throw
from seep.state import House
from seep.variants import Variant

#: What a play leaves on the table: the loose cards (a mask), the houses, the piles, the
#: last capturer, and whether a pick-up swept the floor (R4.5: a seep).
Table = tuple[int, tuple[House, ...], tuple[CardSet, ...], int | None, bool]


def play_card(
    variant: Variant,
    loose: int,
    houses: tuple[House, ...],
    piles: tuple[CardSet, ...],
    last_capture: int | None,
    seat: int,
    move: Take | Build | Raise | Throw,
) -> Table:
    """Where ``seat``'s played card goes: thrown (R8), taking (R4), building (R5, R6) or raising (R7).

    ``loose`` is the mask of the loose cards, ``houses`` sorted by value
    (R5.1). The move is trusted to be legal on that table. A pick-up puts
    the card and what it takes on the team's pile and makes ``seat`` the
    last capturer (R4.4); one that leaves no loose card and no house is a
    seep (R4.5). A build makes a house its builder owns (R5.2) or adds to
    the standing one, whose owners gain the builder unless it or its
    partner owns it already (R6.3). A raise gives the house its new value
    and the raiser alone (R7.2), unless a house of that value stands: then
    the two merge, with the owners of both (R7.4).
    """
    bit = 1 << move.card
    if type(move) is Throw:  # R8: the card joins the loose cards (the commonest play, first)
        return loose | bit, houses, piles, last_capture, False
    if type(move) is Take:
        taken, loose, houses = take_effect(loose, houses, move.card, move.loose.mask, move.house)
        piles = add_to_pile(piles, facts_of(variant).teams[seat], taken)
        return loose, houses, piles, seat, not loose and not houses  # R4.4, R4.5
    if type(move) is Build:
        added = move.loose.mask
        loose &= ~added
        added |= bit
        value = move.value
        existing = _find(houses, value)
        if existing is None:  # R5.2: the builder owns the new house
            owners: tuple[int, ...] = (seat,)
        else:  # R6.1, R6.3: an owner or its partner changes nothing, anyone else co-owns
            owners = existing.owners
            if seat not in owners and facts_of(variant).partners[seat] not in owners:
                owners = tuple(sorted((*owners, seat)))
            added |= existing.cards.mask
        house = make_house(value, card_set(added), owners)
        return loose, _with_house(houses, house), piles, last_capture, False
    assert type(move) is Raise
    raised = _house_of(houses, move.house)
    new_value = raised.value + move.card.value
    cards = raised.cards.mask | bit
    houses = _without(houses, raised.value)
    owners = (seat,)  # R7.2: the raiser owns the raised house alone
    joined = _find(houses, new_value)
    if joined is not None:  # R7.4: merged into the standing house, with its owners
        owners = tuple(sorted({*joined.owners, seat}))
        cards |= joined.cards.mask
    house = make_house(new_value, card_set(cards), owners)
    return loose, _with_house(houses, house), piles, last_capture, False


def take_effect(
    loose: int, houses: tuple[House, ...], card: int, taken: int, house: int | None
) -> tuple[int, int, tuple[House, ...]]:
    """What a legal take captures (R4.1): ``card``, the loose cards ``taken`` and the house of value ``house``.

    Returns the mask of the cards captured, then the mask of the loose cards
    and the houses left on the table; the take is a seep (R4.5) when
    neither is left.
    """
    loose &= ~taken
    taken |= 1 << card
    if house is not None:
        taken |= _house_of(houses, house).cards.mask
        houses = _without(houses, house)
    return taken, loose, houses


def bid_after(variant: Variant, plays: int, bid: int | None, move: Move) -> int | None:
    """The bid once ``move`` is made after ``plays`` cards were played (R2.5, R11.2).

    A bid is the bid (R2.5); in an opening whose first house is its bid
    (the taash opening round) a build made in the opening is the bid
    (R11.2); any other move leaves the bid as it was.

    >>> from seep._engine.effects import bid_after
    >>> from seep.cards import Card, CardSet
    >>> from seep.moves import Build
    >>> from seep.variants import get_variant
    >>> build = Build(card=Card.parse("9D"), loose=CardSet.parse("4S 5H"), value=9)
    >>> bid_after(get_variant("taash"), 0, None, build), bid_after(get_variant("standard"), 5, 11, build)
    (9, 11)
    """
    if type(move) is Bid:
        return move.value
    if type(move) is Build and in_house_round(variant, plays, bid):
        return move.value
    return bid


def finish_deal(
    variant: Variant,
    loose: int,
    houses: tuple[House, ...],
    piles: tuple[CardSet, ...],
    last_capture: int | None,
) -> tuple[int, tuple[House, ...], tuple[CardSet, ...]]:
    """R9.1, R9.2: the deal is over, the floor goes to the last capturer's team (if anyone captured)."""
    if last_capture is None:
        return loose, houses, piles
    rest = loose
    for house in houses:
        rest |= house.cards.mask
    return 0, (), add_to_pile(piles, variant.team_of(last_capture), rest)


def add_to_pile(piles: tuple[CardSet, ...], team: int, cards: int) -> tuple[CardSet, ...]:
    """``piles`` with the cards of the mask ``cards`` added to the pile of ``team``."""
    return (*piles[:team], card_set(piles[team].mask | cards), *piles[team + 1 :])


def _find(houses: tuple[House, ...], value: int) -> House | None:
    for house in houses:
        if house.value == value:
            return house
    return None


def _house_of(houses: tuple[House, ...], value: int) -> House:
    house = _find(houses, value)
    assert house is not None, f"no house of {value}"  # the move is legal
    return house


def _with_house(houses: tuple[House, ...], changed: House) -> tuple[House, ...]:
    """``houses`` with ``changed`` in place of the house of its value, sorted by value (R5.1)."""
    kept = [house for house in houses if house.value != changed.value]
    return tuple(sorted((*kept, changed), key=_house_value))


def _house_value(house: House) -> int:
    return house.value


def _without(houses: tuple[House, ...], value: int) -> tuple[House, ...]:
    """``houses`` without the house of ``value``."""
    if len(houses) == 1 and houses[0].value == value:  # the common case, without a list
        return ()
    return tuple([house for house in houses if house.value != value])
