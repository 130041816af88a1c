"""What a play reads of its variant, read once per variant (:func:`facts_of`).

Move generation and the transition read a few fields and methods of the
variant on every play: the partner and team of a seat (R1.4), the pick-up
and throw rules (R4.3, R8.2, R11.3) and the opening's rule (R2.6, R11.2).
A :class:`~seep.variants.Variant` is a frozen public value, so in the
compiled build each of those reads is a generic attribute lookup, and
each method a call into interpreted code. :class:`VariantFacts` holds the
answers of the variant's own fields and methods, asked once. The opening's
``in_opening`` may be any rule of a user's, so it is still asked on a play,
but only while some opening could last (``opening_plays``).

>>> from seep._engine.facts import facts_of
>>> from seep.variants import STANDARD, TAASH
>>> facts = facts_of(STANDARD)
>>> facts.partners, facts.teams, facts.free, facts.throw_any
((2, 3, 0, 1), (0, 1, 0, 1), False, False)
>>> facts_of(STANDARD) is facts, facts_of(TAASH).free
(True, True)
>>> facts.opening_plays, facts_of(TAASH).opening_plays
(1, 4)
"""

from __future__ import annotations

from typing import Final

from seep._engine.caches import register
from seep.variants import STANDARD, OpeningRule, Pickup, ThrowRule, Variant
from seep.variants._opening_checks import opening_plays


class VariantFacts:
    """The fields and method answers of one variant that a play reads (see the module)."""

    __slots__ = (
        "bids",
        "builds_first",
        "free",
        "opening",
        "opening_plays",
        "partners",
        "pickup",
        "players",
        "teams",
        "throw_any",
        "variant",
    )

    def __init__(self, variant: Variant) -> None:
        #: The variant itself: the facts of another variant at the same address are not these.
        self.variant = variant
        players = self.players = variant.players
        #: ``partners[seat]``: ``variant.partner_of(seat)`` (R1.4).
        self.partners = tuple([variant.partner_of(seat) for seat in range(players)])
        #: ``teams[seat]``: ``variant.team_of(seat)`` (R1.4).
        self.teams = tuple([variant.team_of(seat) for seat in range(players)])
        pickup = self.pickup = variant.pickup
        #: R11.3: a pick-up takes the groups and/or house the player names.
        self.free = pickup is Pickup.FREE_CHOICE
        #: R11.3: any card may be thrown.
        self.throw_any = variant.throw_rule is ThrowRule.ANY
        opening: OpeningRule = variant.opening
        self.opening = opening
        self.bids = opening.bids
        self.builds_first = opening.builds_first
        #: R2.6, R2.7, R11.2: from this many plays on, ``opening.in_opening`` is false whatever the bid.
        self.opening_plays = opening_plays(opening, variant.players)


# The facts by the address of their variant: few variants are ever played,
# but a program may make many (each with its own address), so the table is
# emptied once it holds this many.
_MAX_VARIANTS: Final = 64
_facts: Final[dict[int, VariantFacts]] = {}
# An estimate of the bytes of one variant's facts (the object, its tuples and answers).
_FACTS: Final = 2000
_CACHE: Final = register("facts.variants", _facts.__len__, _facts.clear)


class LastFacts:
    """The facts :func:`facts_of` gave last, as ``facts`` (one attribute, read and written at once).

    A caller that asks on every play (a position) reads them first, and
    calls only if they are not its variant's: ``facts.variant is variant``.
    """

    __slots__ = ("facts",)

    def __init__(self, facts: VariantFacts) -> None:
        self.facts = facts


#: The facts last given, with their variant (see :class:`LastFacts`).
LAST: Final = LastFacts(VariantFacts(STANDARD))


def facts_of(variant: Variant) -> VariantFacts:
    """The :class:`VariantFacts` of ``variant``, made on first use."""
    found = _facts.get(id(variant))
    if found is None or found.variant is not variant:
        found = _made(variant)
    LAST.facts = found
    return found


def _made(variant: Variant) -> VariantFacts:
    """The facts of ``variant``, made and kept (the table emptied first if full)."""
    if len(_facts) >= _MAX_VARIANTS:
        _CACHE.clear()
    found = _facts[id(variant)] = VariantFacts(variant)
    _CACHE.charge(_FACTS)
    return found
