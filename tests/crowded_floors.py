"""Hand-made crowded floors (more than 12 loose cards, R3.4) shared by the counting and ranking tests.

Many cards of one value, high cards that fit a base group, high cards that
are left over, every suit of a value.
"""

from __future__ import annotations

FLOORS = [
    "AS AH AD AC 2S 2H 2D 3S 3H 4S 4H 6S 6H 7S 7H 7D",
    "AS AH 2S 2H 3S 3H 5S 5H 5D 6S 6H 6D 8S 8H 8D 9S",
    "AS 2S 3S 3H 4S 4H 4D 4C 5S 9S 9H TS TH JS QS",
    "AS AH AD 2S 5S 5H 5D 5C 6S 6H 8S 8H 8D 8C",
]
