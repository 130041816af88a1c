"""Rule objects of a user's own for the ``variant-config`` fuzz target: openings and dealer rules.

A variant's opening (R2.2 to R2.7, R11.1, R11.2) and dealer rule (R10.4,
R10.5, R11.6) are user code, so the target makes them with random answers:
packets to random seats, openings of random lengths, dealers that are not
seats. Each is refused when its variant is made or asked, or it plays.

>>> import random
>>> from seep.testing.fuzz._rule_objects import random_opening
>>> opening, wrong, described = random_opening(random.Random(4), 4)
>>> type(opening).__name__, wrong
('FuzzOpening', False)
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from seep._util.excerpt import excerpt
from seep.testing.fuzz._mutate import huge_value


@attrs.frozen
class FuzzOpening:
    """An opening dealing ``packets`` first that lasts ``length`` plays (a house round: until a house)."""

    packets: Any
    bids: bool
    builds_first: bool
    length: int
    #: What ``in_opening`` answers with: ``bool`` (right) or another type.
    answer: Any = bool

    def first_packets(self, players: int) -> Any:
        return self.packets

    def in_opening(self, plays: int, bid: int | None, players: int) -> Any:
        lasts = plays < self.length and not (self.builds_first and bid is not None)
        return self.answer(lasts)


@attrs.frozen
class FuzzDealer:
    """A dealer rule answering ``answer`` to both questions."""

    answer: Any
    rule: str = "R12"

    def next_dealer(self, dealer: int, lead: int, players: int) -> Any:
        return self.answer

    def first_dealer_of_next_match(self, dealer: int, lead: int, players: int) -> Any:
        return self.answer


def random_opening(rng: random.Random, players: int) -> tuple[FuzzOpening, bool, str]:
    """An opening for a variant of ``players``, whether a ``TypeError`` is a fair refusal, and how it was made."""
    wrong = False
    packets: Any = [rng.randrange(players) for _ in range(rng.randrange(2 * players + 2))]
    floors = 1 if rng.random() < 0.85 else rng.choice((0, 2))
    for _ in range(floors):
        packets.insert(rng.randrange(len(packets) + 1), None)
    if rng.random() < 0.1 and packets:
        packets[rng.randrange(len(packets))] = rng.choice((players, -1, "0", 1.0, True, None))
    if rng.random() < 0.05:
        wrong = True  # a list, not a tuple
    else:
        packets = tuple(packets)
    bids = rng.random() < 0.5
    builds_first = not bids and rng.random() < 0.5
    length = rng.choice((0, 1, 1, 1, players, 2 * players, rng.randrange(49)))
    answer: Any = bool
    if rng.random() < 0.05:
        answer, wrong = int, True
    opening = FuzzOpening(packets, bids, builds_first, length, answer)
    described = (
        f"opening packets={packets!r} bids={bids} builds_first={builds_first} "
        f"length={length} answer={answer.__name__}"
    )
    return opening, wrong, described


def random_dealer(rng: random.Random, players: int) -> tuple[FuzzDealer, bool, str]:
    """A dealer rule, whether a ``TypeError`` is a fair refusal, and how it was made."""
    choice = rng.randrange(5)
    answer: Any
    if choice < 2:
        answer = rng.randrange(players)
    elif choice == 2:
        answer = rng.choice((players, -1, 10**6))
    elif choice == 3:
        answer = rng.choice(("1", 1.0, None, True))
    else:
        answer = huge_value(rng)
    wrong = type(answer) is not int
    return FuzzDealer(answer), wrong, f"dealer_rule answers {excerpt(answer)}"
