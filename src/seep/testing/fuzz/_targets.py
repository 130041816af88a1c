"""The fuzz targets: how each boundary's inputs are made, loaded and checked.

A target makes one input from a :class:`random.Random` (a corpus item and
its mutations), ``load`` hands it to the library (an exception here is a
refusal) and ``check`` looks at what was accepted with the independent
checks of :mod:`seep.testing.fuzz._check` (a problem, or an exception,
there means an invalid input was accepted).

The eleven targets stay in one module, one short section each in the order
of the runner's table, so that the whole boundary reads in one place; that
makes it longer than the project's usual 600 lines.
"""

from __future__ import annotations

import io
import json
import os
import random
import reprlib
import tempfile
from collections.abc import Callable
from typing import Any

import attrs

from seep.baazi import Baazi, apply_baazi_move, baazi_from_dict, baazi_to_dict, new_baazi
from seep.cards import Card, CardSet
from seep.deal import new_deal
from seep.errors import VariantError
from seep.history import Unknown
from seep.moves import Bid, Build, Move, Raise, Take, Throw
from seep.notation import parse_move
from seep.records import Record, parse_record, record_from_dict, replay_record
from seep.rules import apply_move, check_move, is_legal
from seep.sampling import sample_state
from seep.serialization import move_from_dict, move_to_dict, state_from_dict
from seep.state import State
from seep.testing.fuzz._alarm import Hang, outer_expired, time_limit
from seep.testing.fuzz._check import play_out_problems, state_problems, view_problems
from seep.testing.fuzz._corpus import Corpus, copy_doc
from seep.testing.fuzz._mutate import (
    NON_ASCII,
    STRUCTURAL,
    deep_value,
    huge_value,
    mutate_bytes,
    mutate_document,
    mutate_json_text,
    mutate_text,
    replace_card,
)
from seep.testing.fuzz._rule_objects import random_dealer, random_opening
from seep.variants import (
    BankedMatch,
    CardPoints,
    CardValueSeep,
    LeadMatch,
    QuickMatch,
    SeepBonus,
    Variant,
    get_variant,
    variant_names,
)
from seep.views import View, observe, view_from_dict


@attrs.frozen
class Input:
    """One fuzz input: the value handed to the library, how it was made, and whether TypeError is a fair refusal."""

    value: Any
    made_by: tuple[str, ...]
    wrong_type: bool = False


@attrs.frozen
class Target:
    """A boundary of the library under fuzzing."""

    name: str
    make: Callable[[random.Random, Corpus], Input]
    load: Callable[[Any], Any]
    check: Callable[[Any, random.Random], list[str]]
    #: Its share of the inputs, relative to the others: slow targets (replaying matches) get fewer.
    weight: float = 1.0


def _mutated_doc(rng: random.Random, docs: tuple[Any, ...]) -> Input:
    """A mutated copy of one of ``docs``; now and then not a document at all (a wrong type)."""
    if rng.random() < 0.03:
        value = rng.choice((None, "{}", b"{}", 7, ["format"], ("variant",), 1.5))
        return Input(value, ("not a document",), wrong_type=True)
    doc = copy_doc(rng.choice(docs))
    return Input(doc, tuple(mutate_document(doc, rng)))


# --- states --------------------------------------------------------------------------------


def _make_state_doc(rng: random.Random, data: Corpus) -> Input:
    return _mutated_doc(rng, data.state_docs)


def _check_state(state: State, rng: random.Random) -> list[str]:
    return state_problems(state, rng=rng)


# --- moves ---------------------------------------------------------------------------------


def _state_for_move(rng: random.Random, data: Corpus, state: State) -> State:
    return state if rng.random() < 0.7 else rng.choice(data.states)


def _make_move_doc(rng: random.Random, data: Corpus) -> Input:
    state, move = rng.choice(data.moves)
    doc = move_to_dict(move)
    operator = rng.choice((*STRUCTURAL, replace_card, replace_card))
    operator(doc, rng)
    return Input((_state_for_move(rng, data, state), doc), (operator.__name__,))


def _load_move_doc(value: tuple[State, Any]) -> tuple[State, Move, State]:
    state, doc = value
    move = move_from_dict(doc)
    return state, move, apply_move(state, move)


def _check_applied(value: tuple[State, Move, State], rng: random.Random) -> list[str]:
    state, move, after = value
    problems = []
    if move_from_dict(move_to_dict(move)) != move or parse_move(str(move)) != move:
        problems.append(f"the move {move!r} does not round-trip")
    if not is_legal(state, move):
        problems.append(f"{move} applied but is_legal says no")
    return problems or state_problems(after, rng=rng)


def _make_move_text(rng: random.Random, data: Corpus) -> Input:
    state, move = rng.choice(data.moves)
    text = mutate_text(str(move), rng)
    return Input((_state_for_move(rng, data, state), text), ("mutate_text",))


def _load_move_text(value: tuple[State, Any]) -> tuple[State, Move, State]:
    state, text = value
    move = parse_move(text)
    return state, move, apply_move(state, move)


# Card arguments of the move constructors: (value, index it names or None if it names none, wrong type).
def _card_argument(rng: random.Random) -> tuple[Any, int | None, bool]:
    choice = rng.randrange(8)
    index = rng.randrange(52)
    if choice == 0:
        return str(Card(index)), index, False
    if choice == 1:
        return Card(index), index, False
    if choice == 2:
        return index, index, False
    if choice == 3:
        return rng.choice((-1, -52, 52, 10**30, -(10**30))), None, False
    if choice == 4:
        return rng.choice((True, False, 1.0, None, [index], b"KS", object())), None, True
    if choice == 5:
        text = rng.choice((*NON_ASCII, "ZZ", "", "1S", "10", "TDX"))
        return text, _notation_index(text), False
    if choice == 6:
        text = str(Card(index))
        return rng.choice((text.lower(), f" {text} ", text.replace("T", "10"))), index, False
    return str(Card(index)), index, False


_RANKS = "A23456789TJQK"
_SUITS = {"S": 0, "H": 1, "D": 2, "C": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3}


def _notation_index(text: str) -> int | None:
    """The card ``text`` names in move notation (any case, ``10`` for ``T``, suit symbols), else None."""
    word = text.strip()
    if not word or not all((c.isascii() and c.isalnum()) or c in _SUITS for c in word):
        return None
    rank, suit = word[:-1].upper(), word[-1].upper()
    rank = "T" if rank == "10" else rank
    if len(rank) != 1 or rank not in _RANKS or suit not in _SUITS:
        return None
    return _RANKS.index(rank) * 4 + _SUITS[suit]


def _cards_argument(rng: random.Random) -> tuple[Any, bool]:
    choice = rng.randrange(6)
    cards = [str(Card(i)) for i in rng.sample(range(52), rng.randrange(4))]
    if choice == 0:
        return " ".join(cards), False
    if choice == 1:
        return cards, False
    if choice == 2:
        return CardSet.parse(" ".join(cards)), False
    if choice == 3:
        return [*cards, *cards[:1]], False
    if choice == 4:
        return rng.choice((None, 5, [None], [1.5], {"KS": 1}, [["KS"]])), True
    return [*cards, rng.choice(("ZZ", "K♠", -1, 52, 7))], False


def _value_argument(rng: random.Random) -> tuple[Any, bool]:
    choice = rng.randrange(4)
    if choice == 0:
        return rng.randrange(9, 14), False
    if choice == 1:
        return rng.choice((8, 14, 0, -9, 10**30, 2**64)), False
    if choice == 2:
        return rng.choice((True, 9.0, "9", None, [9], 9.5)), True
    return rng.randrange(9, 14), False


def _make_direct_move(rng: random.Random, data: Corpus) -> Input:
    state = rng.choice(data.states)
    kind = rng.choice(("bid", "throw", "take", "build", "raise", "not-a-move"))
    card, index, card_wrong = _card_argument(rng)
    loose, loose_wrong = _cards_argument(rng)
    value, value_wrong = _value_argument(rng)
    wrong = False
    if kind == "bid":
        arguments: dict[str, Any] = {"value": value}
        wrong = value_wrong
    elif kind == "throw":
        arguments = {"card": card}
        wrong = card_wrong
    elif kind == "take":
        arguments = {"card": card, "loose": loose, "house": None if rng.random() < 0.5 else value}
        wrong = card_wrong or loose_wrong or (value_wrong and arguments["house"] is not None)
    elif kind == "build":
        arguments = {"card": card, "loose": loose, "value": value}
        wrong = card_wrong or loose_wrong or value_wrong
    elif kind == "raise":
        arguments = {"card": card, "house": value}
        wrong = card_wrong or value_wrong
    else:
        arguments = {"object": rng.choice((None, "throw KS", {"kind": "throw", "card": "KS"}, 3))}
        wrong = True
    return Input((state, kind, arguments, index), (f"{kind} {_excerpt(arguments)}",), wrong)


_KINDS: dict[str, type] = {"bid": Bid, "throw": Throw, "take": Take, "build": Build, "raise": Raise}


def _load_direct_move(value: tuple[State, str, dict[str, Any], int | None]) -> Any:
    state, kind, arguments, index = value
    if kind == "not-a-move":
        thing = arguments["object"]
        if is_legal(state, thing):
            return ("is_legal accepted a non-move", thing)
        check_move(state, thing)
        return ("check_move accepted a non-move", thing)
    move = _KINDS[kind](**arguments)
    return state, move, arguments, index, apply_move(state, move)


def _check_direct_move(value: Any, rng: random.Random) -> list[str]:
    if len(value) == 2:
        return [f"{value[0]}: {value[1]!r}"]
    state, move, arguments, index, after = value
    problems = []
    if "card" in arguments and (index is None or int(move.card) != index):
        problems.append(f"card argument {arguments['card']!r} became {move.card!r}")
    for key in ("value", "house"):
        given = arguments.get(key)
        if given is not None and (type(given) is not int or getattr(move, key) != given):
            problems.append(f"{key} argument {given!r} became {getattr(move, key)!r}")
    if "loose" in arguments and not isinstance(arguments["loose"], (str, CardSet)):
        given = arguments["loose"]
        if len(given) != len(move.loose):
            problems.append(f"loose argument {given!r} became {move.loose!r}")
    return problems or _check_applied((state, move, after), rng)


# --- views ---------------------------------------------------------------------------------


def _make_view_doc(rng: random.Random, data: Corpus) -> Input:
    return _mutated_doc(rng, data.view_docs)


# Sampling a consistent view takes milliseconds; a view it cannot sample in this long
# (a history that contradicts the view) is counted as accepted while invalid.
_SAMPLING_SECONDS = 0.25


def _check_view(view: View, rng: random.Random) -> list[str]:
    problems = view_problems(view)
    if problems:
        return problems
    try:
        # The view's own fields first (fast), then its history, within a part of the time.
        sampled = sample_state(
            attrs.evolve(view, history=(Unknown(view.plays),)), rng, max_proposals=20
        )
        if view.history_known and rng.random() < 0.25:  # exact sampling replays the deal: slower
            with time_limit(_SAMPLING_SECONDS):
                sample_state(view, rng)
    except Hang:
        if outer_expired():
            raise
        return [f"no state found for the view's history within {_SAMPLING_SECONDS} s"]
    except Exception as error:
        return [f"no state has this view: {type(error).__name__}: {_excerpt(str(error))}"]
    problems = state_problems(sampled, rng=rng, play_out=False)
    seen = observe(sampled, view.seat)
    if attrs.evolve(seen, history=view.history) != view:
        problems.append("the sampled state's view differs from the view")
    return problems


# --- matches and records -------------------------------------------------------------------


def _make_match_doc(rng: random.Random, data: Corpus) -> Input:
    return _mutated_doc(rng, data.match_docs)


def _check_match(match: Baazi, rng: random.Random) -> list[str]:
    problems = []
    for number, deal in enumerate(match.deals, 1):
        found = state_problems(deal.state, rng=rng, play_out=False)
        problems += [f"deal {number}: {problem}" for problem in found]
    if problems:
        return problems
    if (
        rng.random() < 0.25
        and baazi_from_dict(json.loads(json.dumps(baazi_to_dict(match)))) != match
    ):
        return ["the match does not round-trip"]
    if match.is_over != match.standing.over or (not match.is_over and match.state.is_over):
        return ["the match is over in one field and not in another"]
    return [] if match.is_over else play_out_problems(match.state, rng)


def _make_record_text(rng: random.Random, data: Corpus) -> Input:
    if rng.random() < 0.03:
        return Input(rng.choice((None, b"[Format]", 3, ["[Deal]"])), ("not text",), wrong_type=True)
    return Input(mutate_text(rng.choice(data.record_texts), rng), ("mutate_text",))


def _make_record_doc(rng: random.Random, data: Corpus) -> Input:
    return _mutated_doc(rng, data.record_docs)


def _check_record(record: Record, rng: random.Random) -> list[str]:
    problems = []
    for number, states in enumerate(replay_record(record), 1):
        for state in (states[0], states[-1]):
            problems += [
                f"deal {number}: {p}" for p in state_problems(state, rng=rng, play_out=False)
            ]
    return problems


# --- decks and variant configs -------------------------------------------------------------


def _make_deck(rng: random.Random, data: Corpus) -> Input:
    variant = rng.choice(data.variants)
    deck: Any = [str(Card(i)) for i in range(52)]
    rng.shuffle(deck)
    made = []
    wrong = False
    if rng.random() < 0.7:
        operator = rng.choice((*STRUCTURAL, replace_card))
        holder = {"deck": deck}
        operator(holder, rng)
        deck = holder.get("deck")
        made.append(operator.__name__)
        wrong = not isinstance(deck, (list, tuple))  # a deck is a sequence of cards, not text
    dealer: Any = rng.randrange(variant.players)
    if rng.random() < 0.15:
        dealer = rng.choice((-1, 4, 2, True, None, 1.0, 10**30))
        wrong = wrong or type(dealer) is not int
        made.append(f"dealer={dealer!r}")
    if rng.random() < 0.1:
        deck = [Card(i) if rng.random() < 0.5 else i for i in range(52)]
        rng.shuffle(deck)
        made.append("ints")
    # A deck is a sequence of cards (Card, index or notation): anything else is a wrong type.
    if isinstance(deck, (list, tuple)) and not all(
        isinstance(c, (str, int)) and not isinstance(c, bool) for c in deck
    ):
        wrong = True
    return Input((variant, deck, dealer), tuple(made), wrong)


def _load_deck(value: tuple[Variant, Any, Any]) -> tuple[State, list[Card]]:
    variant, deck, dealer = value
    state = new_deal(variant, deck=deck, dealer=dealer)
    return state, [Card(c) if isinstance(c, int) else Card.parse(c) for c in deck]


def _check_deck(value: tuple[State, list[Card]], rng: random.Random) -> list[str]:
    state, deck = value
    if len(deck) != 52 or len(set(deck)) != 52:
        return [f"a deck of {len(deck)} cards ({len(set(deck))} distinct) was dealt"]
    players = state.players
    # R2.2, R11.1: the packets go where the variant's opening names, in its order.
    dealt = [0] * players
    floor = 0
    for index, offset in enumerate(state.variant.opening.first_packets(players)):
        packet = CardSet.of(deck[4 * index : 4 * index + 4]).mask
        if offset is None:
            floor |= packet
        else:
            dealt[(state.bidder + offset) % players] |= packet
    for got, cards in ((state.loose, floor), *zip(state.hands, dealt, strict=True)):
        if got.mask != cards:
            return [f"R2.2/R11.1: dealt {got}, the deck says {CardSet(cards)}"]
    # A new deal is the corpus's own kind of state: one in three is played out.
    return state_problems(state, rng=rng, play_out=rng.random() < 0.35)


def _int_like(rng: random.Random, usual: int) -> tuple[Any, bool]:
    choice = rng.randrange(6)
    if choice < 2:
        return usual, False
    if choice == 2:
        return rng.choice((-usual, 0, usual * 3, 1)), False
    if choice == 3:
        return rng.choice((10**6, 10**7, 2**62, -(10**7))), False
    if choice == 4:
        return rng.choice((1.5, float("nan"), "50", None, True)), True
    value = huge_value(rng)
    return value, not isinstance(value, int)


def _make_variant(rng: random.Random, data: Corpus) -> Input:
    base = rng.choice(data.variants)
    field = rng.choice(
        (
            "players",
            "card_points",
            "seep_bonus",
            "match",
            "name",
            "most_cards",
            "opening",
            "dealer_rule",
        )
    )
    wrong = False
    make: Any = None  # a rule object's class, built with ``arguments`` when loading
    arguments: dict[str, Any] = {}
    if field in ("opening", "dealer_rule"):  # user code with random answers
        make_rule = random_opening if field == "opening" else random_dealer
        rule, wrong, made = make_rule(rng, base.players)
        return Input((base, field, rule), (f"{base.name} {made}",), wrong)
    if field == "players":
        value: Any = rng.choice((2, 4, 3, 0, 1, 6, -4, True, "4", 4.0, None, 10**5000, [[[4]]]))
        wrong = type(value) is not int
    elif field in ("card_points", "most_cards"):
        points: list[Any] = list(base.card_points.points)
        changed = []
        for _ in range(rng.randrange(1, 4)):
            item, bad = _int_like(rng, rng.randrange(14))
            where = rng.randrange(52)
            points[where] = item
            changed.append(f"points[{where}]={_excerpt(item, 40)}")
            wrong = wrong or bad
        if rng.random() < 0.1:
            points = points[: rng.randrange(60)]
            changed.append(f"{len(points)} points")
        most, bad = _int_like(rng, 4) if field == "most_cards" else (0, False)
        make, arguments = CardPoints, {"points": tuple(points), "most_cards": most}
        wrong = wrong or bad
        field = "card_points"
    elif field == "seep_bonus":
        amounts = [_int_like(rng, usual) for usual in (50, 25, 0)]
        wrong = any(bad for _, bad in amounts)
        if rng.random() < 0.8:
            make = SeepBonus
            arguments = {
                "normal": amounts[0][0],
                "first_play": amounts[1][0],
                "last_play": amounts[2][0],
            }
        else:
            make, arguments = CardValueSeep, {"last_play": amounts[2][0]}
    elif field == "match":
        target, bad1 = _int_like(rng, 100)
        under, bad2 = _int_like(rng, 9)
        deals, bad3 = _int_like(rng, 5)
        kind = rng.randrange(3)
        if kind == 0:
            make = LeadMatch
            arguments = {
                "target": target,
                "under": under,
                "deals": deals if rng.random() < 0.5 else None,
            }
            wrong = bad1 or bad2 or bad3
        elif kind == 1:
            make, arguments, wrong = BankedMatch, {"target": target}, bad1
        else:
            make = QuickMatch
    else:
        value = rng.choice(("", " x", "x ", "ok-name", "é", "a" * 10_000, 5, None, deep_value(rng)))
        wrong = not isinstance(value, str)
    if make is not None:
        value = (make, arguments)
    described = f"{make.__name__}({_excerpt(arguments)})" if make is not None else _excerpt(value)
    if field == "card_points":
        described = (
            f"CardPoints({', '.join(changed)}, most_cards={_excerpt(arguments['most_cards'], 40)})"
        )
    return Input((base, field, value), (f"{base.name} {field}={described}",), wrong)


def _load_variant(value: tuple[Variant, str, Any]) -> Variant:
    base, field, change = value
    if isinstance(change, tuple):
        make, arguments = change
        change = make(**arguments)
    return attrs.evolve(base, **{field: change})


def _check_variant(variant: Variant, rng: random.Random) -> list[str]:
    seed = rng.randrange(2**32)
    state = new_deal(variant, seed=seed)
    states = [state]
    while not state.is_over:
        state = apply_move(state, rng.choice(list(_some_moves(state))))
        if state.plays in (1, 24, 47):
            states.append(state)
    states.append(state)
    problems = []
    for seen in states:
        try:
            doc = json.loads(json.dumps(_state_doc(seen), allow_nan=False))
            if state_from_dict(doc, variant=variant) != seen:
                problems.append(f"a state after {seen.plays} plays loads back different")
        except Exception as error:
            problems.append(
                f"a state after {seen.plays} plays does not load: {type(error).__name__}: {_excerpt(str(error))}"
            )
            break
    if not problems:
        problems += state_problems(state, rng=rng, play_out=False)
    # Rule objects of its own (compared, not hashed: user code need not hash).
    built_in = [get_variant(name) for name in variant_names()]
    if not problems and all(variant.opening != known.opening for known in built_in):
        problems += _resampled_problems(states[:3], rng)
    # A match or dealer rule of its own (the built-in ones are played by the match targets).
    if not problems and (
        all(variant.match != known.match for known in built_in)
        or all(variant.dealer_rule != known.dealer_rule for known in built_in)
    ):
        problems += _match_problems(variant, seed, rng)
    return problems


def _resampled_problems(states: list[State], rng: random.Random) -> list[str]:
    """Each seat's view of the opening's states, resampled, gives the same view (R2.2, R11.1)."""
    for state in states:
        for seat in range(state.variant.players):
            view = observe(state, seat)
            if observe(sample_state(view, rng), seat) != view:
                return [f"seat {seat}'s view after {state.plays} plays resamples to another view"]
    return []


#: The fields whose rule objects are asked during a match, and refused there (see seep.variants).
_ASKED_RULES = ("Variant.match:", "Variant.dealer_rule:")


def _match_problems(variant: Variant, seed: int, rng: random.Random) -> list[str]:
    """A match of the config for up to three deals: its standing and its document (R10, R11.6, R12)."""
    match = new_baazi(variant, seed=seed)
    try:
        while not match.is_over and len(match.deals) <= 3:
            match = apply_baazi_move(match, rng.choice(_some_moves(match.state)))
    except (VariantError, TypeError) as error:
        if str(error).startswith(_ASKED_RULES):
            return []  # a rule's answer refused, naming the rule, where it was asked
        raise
    standing = match.standing
    if not all(isinstance(value, int) for value in (standing.lead, *standing.banked)):
        return [f"the match standing holds a non-integer: {standing}"]
    try:
        doc = json.loads(json.dumps(baazi_to_dict(match), allow_nan=False))
        if baazi_from_dict(doc, variant=variant) != match:
            return ["the match document loads back different"]
    except Exception as error:
        return [f"the match document does not load: {type(error).__name__}: {_excerpt(str(error))}"]
    return []


def _some_moves(state: State) -> list[Move]:
    from seep.rules import legal_moves

    moves = legal_moves(state)
    return [moves[i] for i in range(min(len(moves), 30))]


def _state_doc(state: State) -> dict[str, Any]:
    from seep.serialization import state_to_dict

    return state_to_dict(state)


# --- the command line ----------------------------------------------------------------------

_show_dir: list[str] = []


def _scratch() -> str:
    """A directory for the files given to ``seep show``, made on first use."""
    if not _show_dir:
        _show_dir.append(tempfile.mkdtemp(prefix="seep-fuzz-"))
    return _show_dir[0]


def _make_show_file(rng: random.Random, data: Corpus) -> Input:
    kind = rng.randrange(6)
    if kind == 0:
        doc = copy_doc(rng.choice(data.state_docs))
    elif kind == 1:
        doc = copy_doc(rng.choice(data.match_docs))
    elif kind == 2:
        doc = copy_doc(rng.choice(data.record_docs))
    else:
        doc = None
    if doc is not None:
        how = rng.randrange(3)
        if how == 0:
            made = mutate_document(doc, rng)
            try:
                text = json.dumps(doc, default=str) if _shallow(doc) else "[" * 5000
            except ValueError:  # an integer too long to write: the JSON text says it instead
                text = '{"format": "seep-state/1", "plays": ' + "9" * 5000 + "}"
        else:
            text = json.dumps(doc)
            text = mutate_json_text(text, rng) if how == 1 else mutate_text(text, rng)
            made = ["json text"]
    else:
        text = mutate_text(rng.choice(data.record_texts), rng)
        made = ["record text"]
    data_bytes = text.encode("utf-8", "surrogatepass")
    if rng.random() < 0.1:
        data_bytes = mutate_bytes(data_bytes, rng)
        made.append("bytes")
    if rng.random() < 0.01:
        return Input(rng.choice((_scratch(), os.path.join(_scratch(), "missing"), "")), ("path",))
    return Input(data_bytes, tuple(made))


def _shallow(doc: Any) -> bool:
    """True unless ``doc`` nests deeper than ``json.dumps`` can write."""
    stack = [(doc, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > 500:
            return False
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
    return True


class ShowFailed(Exception):
    """``seep show`` printed a traceback or refused without a message."""


def _load_show(value: Any) -> tuple[bytes | str, str]:
    from seep.cli import main

    if isinstance(value, str):
        path = value
    else:
        path = os.path.join(_scratch(), "input")
        with open(path, "wb") as file:
            file.write(value)
    out, err = io.StringIO(), io.StringIO()
    status = main(["show", path], stdout=out, stderr=err)
    printed = out.getvalue() + err.getvalue()
    if "Traceback" in printed:
        raise ShowFailed(f"traceback printed: {_excerpt(printed)}")
    if status != 0:
        if not err.getvalue().startswith("seep show:"):
            raise ShowFailed(f"exit {status} without a message: {_excerpt(printed)}")
        raise ShownRefusal(err.getvalue())
    return value, out.getvalue()


class ShownRefusal(Exception):
    """``seep show`` refused the file with a message and a non-zero exit: a typed refusal."""


def _check_show(value: tuple[bytes | str, str], rng: random.Random) -> list[str]:
    content, _printed = value
    if isinstance(content, str):
        return [f"seep show exits 0 on the path {content!r}"]
    text = content.decode("utf-8").removeprefix("\ufeff")  # seep show drops a byte-order mark
    try:
        doc = json.loads(text)
    except ValueError:
        return _check_record(parse_record(text), rng)
    kind = str(doc.get("format", "seep-state/1"))
    if kind.startswith("seep-baazi"):
        return _check_match(baazi_from_dict(doc), rng)
    if kind.startswith("seep-record"):
        return _check_record(record_from_dict(doc), rng)
    return state_problems(state_from_dict(doc), rng=rng, play_out=False)


class _ShortRepr(reprlib.Repr):
    """``reprlib`` with integers too long to print shown by their size."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 1000:
            return f"<int of {x.bit_length()} bits>"
        return super().repr_int(x, level)


_SHORT = _ShortRepr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother, _SHORT.maxlong = 4, 160, 160, 60
_SHORT.maxlist = _SHORT.maxdict = _SHORT.maxtuple = 8


def _excerpt(value: Any, size: int = 160) -> str:
    """A bounded, recursion-safe text of ``value`` for reports."""
    try:
        text = value if isinstance(value, str) else _SHORT.repr(value)
    except Exception as error:
        text = f"<{type(value).__name__}: {type(error).__name__}>"
    return text if len(text) <= size else text[: size - 3] + "..."


TARGETS: tuple[Target, ...] = (
    Target("state-json", _make_state_doc, state_from_dict, _check_state, 3.0),
    Target("move-json", _make_move_doc, _load_move_doc, _check_applied, 2.0),
    Target("move-text", _make_move_text, _load_move_text, _check_applied, 2.0),
    Target("move-direct", _make_direct_move, _load_direct_move, _check_direct_move, 2.0),
    Target("view-json", _make_view_doc, view_from_dict, _check_view),
    Target("match-json", _make_match_doc, baazi_from_dict, _check_match, 0.5),
    Target("record-text", _make_record_text, parse_record, _check_record),
    Target("record-json", _make_record_doc, record_from_dict, _check_record, 0.5),
    Target("deck", _make_deck, _load_deck, _check_deck),
    Target("variant-config", _make_variant, _load_variant, _check_variant, 0.5),
    Target("show", _make_show_file, _load_show, _check_show),
)
