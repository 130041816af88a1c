"""Variants as configuration: a :class:`Variant` and the registry of named ones.

>>> from seep.variants import get_variant, STANDARD
>>> get_variant("standard") is STANDARD
True
>>> STANDARD.players, STANDARD.pickup
(4, Pickup.TAKE_EVERYTHING)
"""

from __future__ import annotations

import operator

import attrs

from seep._util.excerpt import excerpt
from seep.errors import UnknownVariantError, VariantError
from seep.variants._checks import check_int
from seep.variants._equal import same_rule
from seep.variants._opening_checks import check_opening
from seep.variants._rules import (
    BankedMatch,
    BidOpening,
    CardPoints,
    CardValueSeep,
    DealerRule,
    DealingRule,
    HouseRound,
    LeadMatch,
    LoserDeals,
    MatchRule,
    Opening,
    OpeningRule,
    Pickup,
    QuickMatch,
    RotateDealer,
    SeepBonus,
    SeepContext,
    SeepRule,
    Standing,
    ThrowRule,
)

__all__ = [
    "BUILT_IN_NAMES",
    "STANDARD",
    "STANDARD_2P",
    "TAASH",
    "TAASH_2P",
    "BankedMatch",
    "BidOpening",
    "CardPoints",
    "CardValueSeep",
    "DealerRule",
    "DealingRule",
    "HouseRound",
    "LeadMatch",
    "LoserDeals",
    "MatchRule",
    "Opening",
    "OpeningRule",
    "Pickup",
    "QuickMatch",
    "RotateDealer",
    "SeepBonus",
    "SeepContext",
    "SeepRule",
    "Standing",
    "ThrowRule",
    "Variant",
    "get_variant",
    "register_variant",
    "variant_names",
]


def _check_players(instance: Variant, attribute: attrs.Attribute[int], value: int) -> None:
    check_int("Variant.players", value, 2, 4)
    if value not in (2, 4):
        raise VariantError(
            "Variant.players", f"R1.3: a variant has 2 or 4 players, not {excerpt(value)}"
        )


def _check_name(instance: Variant, attribute: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str):
        raise TypeError(
            f"Variant.name: expected a str, got {excerpt(value)} ({type(value).__name__})"
        )
    if not value or value != value.strip():
        raise VariantError(
            "Variant.name", f"a variant name is a non-empty string, not {excerpt(value)}"
        )


@attrs.frozen(kw_only=True)
class Variant:
    """Everything that differs between rule sets, as data the engine reads.

    Define a house variant by evolving a built-in one and registering it
    under a new name (the name is what JSON documents carry):

    >>> from seep import STANDARD, get_variant, register_variant
    >>> from seep.variants import SeepBonus
    >>> import attrs
    >>> generous = attrs.evolve(STANDARD, name="generous-seeps",
    ...                         seep_bonus=SeepBonus(first_play=50, last_play=50))
    >>> _ = register_variant(generous)
    >>> get_variant("generous-seeps").seep_bonus.last_play
    50

    The ``repr`` of a variant built from the rule objects of
    :mod:`seep.variants` types back (with those names imported):

    >>> from seep.variants import *
    >>> eval(repr(get_variant("taash-2p"))) == get_variant("taash-2p")
    True
    """

    name: str = attrs.field(validator=_check_name)
    players: int = attrs.field(default=4, validator=_check_players)
    opening: OpeningRule = attrs.field(
        default=Opening.BID,
        validator=[
            attrs.validators.instance_of(OpeningRule),  # type: ignore[type-abstract]
            check_opening,
        ],
    )
    pickup: Pickup = attrs.field(
        default=Pickup.TAKE_EVERYTHING, validator=attrs.validators.instance_of(Pickup)
    )
    throw_rule: ThrowRule = attrs.field(
        default=ThrowRule.ONLY_IF_NO_PICKUP, validator=attrs.validators.instance_of(ThrowRule)
    )
    card_points: CardPoints = attrs.field(
        factory=CardPoints, validator=attrs.validators.instance_of(CardPoints)
    )
    seep_bonus: SeepRule = attrs.field(
        factory=SeepBonus,
        validator=attrs.validators.instance_of(SeepRule),  # type: ignore[type-abstract]
    )
    match: MatchRule = attrs.field(
        factory=LeadMatch,
        validator=attrs.validators.instance_of(MatchRule),  # type: ignore[type-abstract]
    )
    dealer_rule: DealingRule = attrs.field(
        default=DealerRule.LOSER_DEALS,
        validator=attrs.validators.instance_of(DealingRule),  # type: ignore[type-abstract]
    )

    @property
    def teams(self) -> int:
        """Number of teams: 2 in both the four- and two-player game (R1.4)."""
        return 2

    @property
    def cards_per_hand(self) -> int:
        """Cards dealt to each player per batch (12)."""
        return 12

    @property
    def plays_per_deal(self) -> int:
        """Cards played in one deal: 48 (R2.8, R2.9)."""
        return 48

    def team_of(self, seat: int) -> int:
        """The team of ``seat`` (R1.4): ``seat % 2``; with two players each seat is a team."""
        return seat % 2

    def partner_of(self, seat: int) -> int | None:
        """The partner of ``seat`` (opposite, R1.4), or ``None`` with two players."""
        return (seat + 2) % 4 if self.players == 4 else None

    def __eq__(self, other: object) -> bool:
        """Every field equal (each rule object by its own ``==``); the same object first.

        States compare their variants on every ``==`` and nearly always
        share one: testing identity first takes a third of the instructions
        off eq/s, and 70% off eq/s between unequal states.
        """
        if self is other:
            return True
        if other.__class__ is not self.__class__:
            return NotImplemented
        return bool(_FIELDS(self) == _FIELDS(other))

    def __hash__(self) -> int:
        return hash(_FIELDS(self))


# The fields a variant is compared and hashed by: all of them.
_FIELDS = operator.attrgetter(*(field.name for field in attrs.fields(Variant)))


#: The standard four-player game of R1 to R10.
STANDARD = Variant(name="standard")
#: Two-player standard Seep (R2.9): a second batch of 12 each.
STANDARD_2P = attrs.evolve(STANDARD, name="standard-2p", players=2)
#: The taash rules (R11): opening house round, free pick-ups, any throw, quick match.
TAASH = Variant(
    name="taash",
    opening=Opening.HOUSE_ROUND,
    pickup=Pickup.FREE_CHOICE,
    throw_rule=ThrowRule.ANY,
    seep_bonus=SeepBonus(first_play=50),
    match=QuickMatch(),
    dealer_rule=DealerRule.ROTATE,
)
#: Two-player taash (R11, R2.9).
TAASH_2P = attrs.evolve(TAASH, name="taash-2p", players=2)

_REGISTRY: dict[str, Variant] = {}


def register_variant(variant: Variant, *, replace: bool = False) -> Variant:
    """Make ``variant`` known by its name (for :func:`get_variant` and JSON); returns the registered one.

    Registering a variant equal to the one registered under its name again
    does nothing and returns the registered one. Rule objects compare by
    value here: a rule class defined again with the same code and values
    (a notebook cell run twice) is the same rule, and the variant made of
    it quietly takes the old one's place (its code is the one that runs
    now). Registering a different variant under a taken name needs
    ``replace=True``.

    >>> import attrs
    >>> from seep import STANDARD, get_variant, new_deal, register_variant
    >>> from seep.variants import LeadMatch
    >>> again = register_variant(attrs.evolve(STANDARD, name="standard"))
    >>> again is STANDARD
    True
    >>> register_variant(None)
    Traceback (most recent call last):
    ...
    TypeError: register_variant: variant must be a seep.variants.Variant, not None

    >>> short = register_variant(attrs.evolve(STANDARD, name="lead-50", match=LeadMatch(target=50)))
    >>> get_variant("lead-50") is short, new_deal("lead-50", seed=1).variant.match
    (True, LeadMatch(target=50, under=9, deals=None))
    >>> register_variant(attrs.evolve(short, match=LeadMatch(target=60)))
    Traceback (most recent call last):
    ...
    ValueError: a different variant is already registered as 'lead-50'; pass replace=True to replace it
    """
    if not isinstance(variant, Variant):
        raise TypeError(
            f"register_variant: variant must be a seep.variants.Variant, not {variant!r}"
        )
    if not isinstance(replace, bool):
        raise TypeError(f"register_variant: replace must be True or False, not {replace!r}")
    existing = _REGISTRY.get(variant.name)
    if existing is not None and not replace:
        if existing == variant:
            return existing
        if not _same_variant(existing, variant):
            raise ValueError(
                f"a different variant is already registered as {variant.name!r}; "
                "pass replace=True to replace it"
            )
    _REGISTRY[variant.name] = variant
    return variant


def _same_variant(first: Variant, second: Variant) -> bool:
    """Field by field, each rule object by value (:func:`seep.variants._equal.same_rule`)."""
    return all(
        same_rule(getattr(first, field.name), getattr(second, field.name))
        for field in attrs.fields(Variant)
    )


def get_variant(name: str | Variant) -> Variant:
    """The registered variant called ``name`` (a :class:`Variant` is returned as is).

    An unknown name raises :class:`~seep.errors.UnknownVariantError`, a
    :class:`~seep.errors.SeepError` and a ``KeyError``; a name that is not a
    string raises ``TypeError``.

    >>> from seep import get_variant
    >>> get_variant("no-such-game")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    seep.errors.UnknownVariantError: unknown variant 'no-such-game'; known: ...standard...
    """
    if isinstance(name, Variant):
        return name
    if not isinstance(name, str):
        raise TypeError(f"get_variant: name must be a str or a Variant, not {type(name).__name__}")
    try:
        return _REGISTRY[name]
    except KeyError:
        raise UnknownVariantError(name, tuple(sorted(_REGISTRY)), excerpt(name)) from None


def variant_names() -> tuple[str, ...]:
    """Names of all registered variants, sorted.

    >>> from seep import variant_names
    >>> [name for name in variant_names() if name.startswith("taash")]
    ['taash', 'taash-2p', 'taash-2p-full', 'taash-2p-short', 'taash-full', 'taash-short']
    """
    return tuple(sorted(_REGISTRY))


for _variant in (STANDARD, STANDARD_2P, TAASH, TAASH_2P):
    register_variant(_variant)
    if _variant.match == QuickMatch():
        # R11.6: short and full matches bank the deal winner's margin to 50 or 100.
        for _length, _target in (("short", 50), ("full", 100)):
            register_variant(
                attrs.evolve(
                    _variant, name=f"{_variant.name}-{_length}", match=BankedMatch(target=_target)
                )
            )

BUILT_IN_NAMES: tuple[str, ...] = variant_names()
"""The names of the built-in variants, registered by the package itself.

Unlike :func:`variant_names`, it never grows with a user's registrations:

>>> from seep.variants import BUILT_IN_NAMES
>>> BUILT_IN_NAMES[:2]
('standard', 'standard-2p')
"""
