"""Variants as configuration: a :class:`Variant` and the registry of named ones.

>>> from seep.variants import get_variant, STANDARD
>>> get_variant("standard") is STANDARD
True
>>> STANDARD.players, STANDARD.pickup
(4, <Pickup.TAKE_EVERYTHING: 'take-everything'>)
"""

from __future__ import annotations

import attrs

from seep.variants._rules import (
    CardPoints,
    Opening,
    Pickup,
    SeepBonus,
    SeepContext,
    SeepRule,
    ThrowRule,
)

__all__ = [
    "STANDARD",
    "CardPoints",
    "Opening",
    "Pickup",
    "SeepBonus",
    "SeepContext",
    "SeepRule",
    "ThrowRule",
    "Variant",
    "get_variant",
    "register_variant",
    "variant_names",
]


def _check_players(instance: Variant, attribute: attrs.Attribute[int], value: int) -> None:
    if value not in (2, 4):
        raise ValueError(f"R1.3: a variant has 2 or 4 players, not {value!r}")


def _check_name(instance: Variant, attribute: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str) or not value or value != value.strip():
        raise ValueError(f"a variant name is a non-empty string, not {value!r}")


@attrs.frozen(kw_only=True)
class Variant:
    """Everything that differs between rule sets, as data the engine reads.

    Define a house variant by evolving a built-in one and registering it
    under a new name (the name is what JSON documents carry):

    >>> import attrs
    >>> generous = attrs.evolve(STANDARD, name="generous-seeps",
    ...                         seep_bonus=SeepBonus(first_play=50, last_play=50))
    >>> _ = register_variant(generous)
    >>> get_variant("generous-seeps").seep_bonus.last_play
    50
    """

    name: str = attrs.field(validator=_check_name)
    players: int = attrs.field(default=4, validator=_check_players)
    opening: Opening = Opening.BID
    pickup: Pickup = Pickup.TAKE_EVERYTHING
    throw_rule: ThrowRule = ThrowRule.ONLY_IF_NO_PICKUP
    card_points: CardPoints = attrs.field(factory=CardPoints)
    seep_bonus: SeepRule = attrs.field(factory=SeepBonus)

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


#: The standard four-player game of R1 to R10.
STANDARD = Variant(name="standard")

_REGISTRY: dict[str, Variant] = {}


def register_variant(variant: Variant, *, replace: bool = False) -> Variant:
    """Make ``variant`` known by its name (for :func:`get_variant` and JSON).

    Registering a different variant under a taken name needs ``replace=True``.
    """
    existing = _REGISTRY.get(variant.name)
    if existing is not None and existing != variant and not replace:
        raise ValueError(f"a different variant is already registered as {variant.name!r}")
    _REGISTRY[variant.name] = variant
    return variant


def get_variant(name: str | Variant) -> Variant:
    """The registered variant called ``name`` (a :class:`Variant` is returned as is).

    >>> get_variant("no-such-game")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    KeyError: "unknown variant 'no-such-game'; known: ...standard..."
    """
    if isinstance(name, Variant):
        return name
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_REGISTRY))
        raise KeyError(f"unknown variant {name!r}; known: {known}") from None


def variant_names() -> tuple[str, ...]:
    """Names of all registered variants, sorted."""
    return tuple(sorted(_REGISTRY))


register_variant(STANDARD)
