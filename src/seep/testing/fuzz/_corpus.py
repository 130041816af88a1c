"""The fuzz corpus: documents, texts and moves taken from real games of every built-in variant.

Every built-in variant (:func:`seep.variants.variant_names`) is played by
seeded random legal moves, and the corpus keeps states of every phase
(before the bid, the opening, the middle, the last plays of a deal, a
finished deal), states with houses standing, the legal moves of those
states, their seats' views, game records of whole and partial deals, and
match documents (a match under way and matches that are over). The mutation
operators (:mod:`seep.testing.fuzz._mutate`) start from these, so most
mutated inputs are one or two faults away from a valid document.
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from seep._engine.caches import cached, footprint
from seep.baazi import Baazi, apply_baazi_move, baazi_to_dict, new_baazi
from seep.cards import Card
from seep.deal import new_deal
from seep.moves import Build, Move, Raise
from seep.records import format_record, record_from_baazi, record_from_deal, record_to_dict
from seep.rules import apply_move, legal_moves
from seep.serialization import move_to_dict, state_to_dict
from seep.state import Phase, State
from seep.variants import Variant, get_variant, variant_names
from seep.views import observe, view_to_dict

_BUILT_IN = frozenset(
    f"{game}{seats}{length}"
    for game in ("standard", "taash")
    for seats in ("", "-2p")
    for length in (("",) if game == "standard" else ("", "-short", "-full"))
)

#: The phases the corpus covers, by name.
PHASES = ("bid", "opening", "middle", "last-plays", "finished", "houses")

# Deals played per variant; with the phases kept from each, a few hundred states.
_DEALS = 3
# Matches are replayed on every load: they are kept short so that fuzzing them stays fast.
_MATCH_DEALS = 2
# A match under way is cut inside this deal.
_UNDER_WAY_DEALS = 1


@attrs.frozen
class Corpus:
    """The valid inputs that mutations start from (all JSON types, or text)."""

    states: tuple[State, ...]
    state_docs: tuple[dict[str, Any], ...]
    moves: tuple[tuple[State, Move], ...]
    view_docs: tuple[dict[str, Any], ...]
    record_texts: tuple[str, ...]
    record_docs: tuple[dict[str, Any], ...]
    match_docs: tuple[dict[str, Any], ...]
    variants: tuple[Variant, ...]


def _random_move(state: State, rng: random.Random, prefer_builds: bool = False) -> Move:
    moves = legal_moves(state)
    if prefer_builds and rng.random() < 0.8:
        builds = [m for m in moves[:200] if isinstance(m, (Build, Raise))]
        if builds:
            return rng.choice(builds)
    return moves[rng.randrange(len(moves))]


def _deal_states(variant: Variant, seed: int) -> tuple[list[tuple[str, State]], list[Move]]:
    """One deal played at random, with the states of each phase worth keeping."""
    rng = random.Random(seed)
    state = new_deal(variant, seed=seed, dealer=seed % variant.players)
    kept: list[tuple[str, State]] = []
    moves: list[Move] = []
    prefer_builds = seed % 2 == 1
    last = variant.plays_per_deal
    while not state.is_over:
        if state.phase is Phase.BID:
            kept.append(("bid", state))
        elif state.plays < variant.players:
            kept.append(("opening", state))
        elif state.plays in (12, 23, 24, 25, 31):
            kept.append(("middle", state))
        elif state.plays >= last - 4:
            kept.append(("last-plays", state))
        if state.houses and rng.random() < 0.3:
            kept.append(("houses", state))
        move = _random_move(state, rng, prefer_builds)
        moves.append(move)
        state = apply_move(state, move)
    kept.append(("finished", state))
    return kept, moves


def _match(variant: Variant, seed: int, deals: int) -> Baazi:
    """A match played at random for at most ``deals`` deals (it may be over sooner)."""
    rng = random.Random(seed)
    match = new_baazi(variant, seed=seed)
    while not match.is_over and len(match.deals) <= deals:
        if len(match.deals) == deals and match.state.plays >= 20 + seed % 20:
            break  # stop inside the last deal: a match under way
        match = apply_baazi_move(match, _random_move(match.state, rng))
    return match


def _short_finished_match(variant: Variant) -> Baazi | None:
    """A finished match of at most :data:`_MATCH_DEALS` deals, from the first seeds that give one."""
    for seed in range(40):
        match = _match(variant, 1000 + seed, _MATCH_DEALS + 1)
        if match.is_over and len(match.deals) <= _MATCH_DEALS:
            return match
    return None


# The estimated bytes of a state held by the corpus (its objects and its lists).
_STATE_BYTES = 2000


def _corpus_bytes(found: Corpus) -> int:
    documents = (*found.state_docs, *found.view_docs, *found.record_docs, *found.match_docs)
    states = len(found.states) + len(found.moves)
    return footprint(documents) + footprint(found.record_texts) + _STATE_BYTES * states


@cached("fuzz.corpus", _corpus_bytes)
def corpus() -> Corpus:
    """The corpus, built once per process (about a second)."""
    states: list[State] = []
    moves: list[tuple[State, Move]] = []
    view_docs: list[dict[str, Any]] = []
    record_texts: list[str] = []
    record_docs: list[dict[str, Any]] = []
    match_docs: list[dict[str, Any]] = []
    # The built-in variants, not ones a program has registered since (R12 configs are fuzzed apart).
    variants = tuple(get_variant(name) for name in variant_names() if name in _BUILT_IN)
    for number, variant in enumerate(variants):
        for deal in range(_DEALS):
            seed = 97 * number + deal
            kept, played = _deal_states(variant, seed)
            for _, state in kept:
                states.append(state)
                for move in list(legal_moves(state))[:6]:
                    moves.append((state, move))
                view = view_to_dict(observe(state, (seed + len(view_docs)) % state.players))
                if len(view_docs) % 2:
                    del view["history"]  # optional: the view's history is then unknown
                view_docs.append(view)
            start = new_deal(variant, seed=seed, dealer=seed % variant.players)
            cut = len(played) if deal == 0 else (seed * 7) % len(played)
            record = record_from_deal(start, played[:cut], tags={"Event": "fuzz ✓"})
            record_texts.append(format_record(record))
            record_docs.append(record_to_dict(record))
        under_way = _match(variant, 500 + number, _UNDER_WAY_DEALS)
        match_docs.append(baazi_to_dict(under_way))
        record_texts.append(format_record(record_from_baazi(under_way)))
        finished = _short_finished_match(variant)
        if finished is not None:
            match_docs.append(baazi_to_dict(finished))
            record_texts.append(format_record(record_from_baazi(finished)))
            record_docs.append(record_to_dict(record_from_baazi(finished)))
    return Corpus(
        states=tuple(states),
        state_docs=tuple(state_to_dict(state) for state in states),
        moves=tuple(moves),
        view_docs=tuple(view_docs),
        record_texts=tuple(record_texts),
        record_docs=tuple(record_docs),
        match_docs=tuple(match_docs),
        variants=variants,
    )


def move_doc(move: Move) -> dict[str, Any]:
    """The JSON object of a corpus move (a fresh copy, safe to mutate)."""
    return move_to_dict(move)


def copy_doc(doc: Any) -> Any:
    """A deep copy of a JSON document (dicts, lists and scalars), cheaper than :func:`copy.deepcopy`."""
    if isinstance(doc, dict):
        return {key: copy_doc(value) for key, value in doc.items()}
    if isinstance(doc, list):
        return [copy_doc(value) for value in doc]
    return doc


def deck_of_cards() -> list[str]:
    """The 52 cards in canonical order, as notation strings."""
    return [str(Card(index)) for index in range(52)]
