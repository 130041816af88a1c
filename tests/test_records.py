"""Game records (``seep.records``): the text format, JSON, replay and verification.

Round trips run over deals of all four built-in variants and over whole
seeded matches played by random legal moves; tampered records must be
refused with the deal, the move number, the rule and the line. Every record
a test builds, tampered ones too, is also written in both forms and must load
alike from either (:func:`both_forms_accept_the_same_records`).
"""

from __future__ import annotations

import json
import pickle
import random
import re
from collections.abc import Iterator
from itertools import islice
from pathlib import Path
from typing import Any

import attrs
import pytest

from seep import (
    Baazi,
    CardSet,
    State,
    Take,
    Throw,
    apply_baazi_move,
    apply_move,
    check_move,
    count_legal_moves,
    deal_score,
    get_variant,
    iter_legal_moves,
    legal_moves,
    new_baazi,
    new_deal,
    parse_move,
)
from seep.errors import IllegalMoveError, SeepError
from seep.moves import Move
from seep.records import (
    RECORD_FORMAT,
    Record,
    RecordError,
    deck_of,
    format_record,
    load_record,
    parse_record,
    record_from_baazi,
    record_from_deal,
    record_from_dict,
    record_to_dict,
    replay_record,
    save_record,
    verify_record,
)

VARIANTS = ("standard", "standard-2p", "taash", "taash-2p")


def load_both(record: Record) -> tuple[Record | RecordError, Record | RecordError] | None:
    """``record`` written as text and as JSON and read back from each (a record or the refusal).

    ``None`` when no form can write ``record`` (a start no deck deals, a
    seat missing for a move).
    """
    try:
        text = format_record(record)
        doc = json.loads(json.dumps(record_to_dict(record)))
    except (RecordError, ValueError):
        return None
    loaded: list[Record | RecordError] = []
    for load, form in ((parse_record, text), (record_from_dict, doc)):
        try:
            loaded.append(load(form))  # type: ignore[operator]
        except RecordError as error:
            loaded.append(error)
    return loaded[0], loaded[1]


def same_refusal(one: RecordError, other: RecordError) -> bool:
    """Two refusals of the same fault: the same reason and place in the game."""
    return (one.reason, one.deal, one.move_number, one.rule, one.tag) == (
        other.reason,
        other.deal,
        other.move_number,
        other.rule,
        other.tag,
    )


@pytest.fixture(autouse=True)
def both_forms_accept_the_same_records(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every record the test builds loads from its text exactly as from its JSON.

    A good record reads back equal from both; a tampered one is refused by
    both with the same reason, deal, move number, rule and tag.
    """
    built: list[Record] = []
    init = Record.__init__

    def capture(self: Record, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        built.append(self)

    monkeypatch.setattr(Record, "__init__", capture)
    yield
    monkeypatch.undo()
    for record in built:
        both = load_both(record)
        if both is None:
            continue
        from_text, from_json = both
        if isinstance(from_text, RecordError) or isinstance(from_json, RecordError):
            assert isinstance(from_text, RecordError) and isinstance(from_json, RecordError), both
            assert same_refusal(from_text, from_json), (str(from_text), str(from_json))
        else:
            assert from_text == from_json == record


def random_move(state: State, rng: random.Random) -> Move:
    """A uniformly random legal move, without building the whole list on crowded floors."""
    index = rng.randrange(count_legal_moves(state))
    return next(islice(iter_legal_moves(state), index, None))


def play_deal(
    variant: str, seed: int, plays: int | None = None
) -> tuple[State, list[Move], list[State]]:
    """A seeded deal played by random legal moves: its start, the moves and every state."""
    players = get_variant(variant).players
    rng = random.Random(seed)
    state = start = new_deal(variant, seed=seed, dealer=seed % players)
    moves: list[Move] = []
    states = [state]
    while not state.is_over and (plays is None or len(moves) < plays):
        moves.append(random_move(state, rng))
        state = apply_move(state, moves[-1])
        states.append(state)
    return start, moves, states


def play_baazi(variant: str, seed: int) -> Baazi:
    rng = random.Random(seed)
    match = new_baazi(variant, seed=seed)
    while not match.is_over:
        match = apply_baazi_move(match, random_move(match.state, rng))
    return match


@pytest.fixture(scope="module")
def baazi() -> Baazi:
    """A finished standard match of several deals."""
    for seed in range(100):
        match = play_baazi("standard", seed)
        if len(match.deals) >= 3:
            return match
    raise AssertionError("no seeded match of three deals or more")


@pytest.fixture(scope="module")
def baazi_text(baazi: Baazi) -> str:
    return format_record(record_from_baazi(baazi))


def lines_of(text: str) -> list[str]:
    return text.split("\n")


def line_of_move(text: str, deal: int, number: int) -> int:
    """The 1-based line of move ``number`` of deal ``deal`` in ``text``."""
    current = 0
    for index, line in enumerate(lines_of(text), start=1):
        if line.startswith("[Deal "):
            current = int(line.split('"')[1])
        elif current == deal and line.startswith(f"{number}. "):
            return index
    raise AssertionError(f"deal {deal} has no move {number}")


def replace_line(text: str, line: int, new: str) -> str:
    lines = lines_of(text)
    lines[line - 1] = new
    return "\n".join(lines)


def refused(text: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        parse_record(text)
    return caught.value


# ---------------------------------------------------------------------------
# Decks


@pytest.mark.parametrize("variant", VARIANTS)
def test_deck_of_deals_the_start_state_again(variant: str) -> None:
    players = get_variant(variant).players
    for seed in range(30):
        start = new_deal(variant, seed=seed, dealer=seed % players)
        deck = deck_of(start)
        assert sorted(deck) == list(range(52))
        rebuilt = new_deal(variant, dealer=start.dealer, deck=deck)
        assert attrs.evolve(rebuilt, redeals=start.redeals) == start


def test_a_redealt_deal_keeps_its_redeal_count() -> None:
    seed = next(s for s in range(200) if new_deal("standard", seed=s).redeals)
    start = new_deal("standard", seed=seed)
    text = format_record(record_from_deal(start))
    assert f'[Redeals "{start.redeals}"]' in text
    assert parse_record(text).deals[0].start == start


def test_deck_of_refuses_a_state_after_play() -> None:
    *_, states = play_deal("standard", 1, plays=3)
    with pytest.raises(RecordError, match="not the start of a deal"):
        deck_of(states[-1])


# ---------------------------------------------------------------------------
# Round trips and replay


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_deal_round_trips_through_text_and_json(variant: str, seed: int) -> None:
    start, moves, states = play_deal(variant, seed)
    record = record_from_deal(start, moves, tags={"Date": "2024.05.01"})
    assert states[-1].is_over
    assert record.deals[0].score == deal_score(states[-1])
    text = format_record(record)
    assert parse_record(text) == record
    assert format_record(parse_record(text)) == text
    doc = json.loads(json.dumps(record_to_dict(record)))
    assert record_from_dict(doc) == record
    assert replay_record(record) == [states]
    verify_record(record)


@pytest.mark.parametrize("variant", VARIANTS)
def test_unfinished_deal_round_trips_with_result_star(variant: str) -> None:
    start, moves, states = play_deal(variant, 5, plays=17)
    record = record_from_deal(start, moves)
    assert record.result == "*"
    assert record.deals[0].score is None
    text = format_record(record)
    assert '[Result "*"]' in text and "[Score " not in text
    assert parse_record(text) == record
    assert record_from_dict(record_to_dict(record)) == record
    assert replay_record(record) == [states]


def test_replay_yields_every_state_of_each_deal(baazi: Baazi) -> None:
    record = record_from_baazi(baazi)
    replayed = replay_record(record)
    assert len(replayed) == len(baazi.deals)
    for states, deal in zip(replayed, baazi.deals, strict=True):
        assert states == list(deal.replay())
        assert states[-1] == deal.state


def test_baazi_round_trips_through_text_and_json(baazi: Baazi, baazi_text: str) -> None:
    record = record_from_baazi(baazi, tags={"Seats": "Asha, Bilal, Chandra, Dev"})
    assert record.kind == "baazi"
    assert record.result == f"team {baazi.winner} wins: {baazi.reason}"
    assert record.tag("Seed") == str(baazi.seed)
    assert [deal.dealer for deal in record.deals] == [row.dealer for row in baazi.sheet]
    text = format_record(record)
    assert parse_record(text) == record
    assert record_from_dict(json.loads(json.dumps(record_to_dict(record)))) == record
    assert parse_record(baazi_text) == record_from_baazi(baazi)


def test_baazi_in_progress_round_trips() -> None:
    rng = random.Random(8)
    match = new_baazi("standard-2p", seed=8)
    while len(match.deals) < 2 or match.state.plays < 10:
        match = apply_baazi_move(match, random_move(match.state, rng))
    record = record_from_baazi(match)
    assert record.result == "*"
    assert parse_record(format_record(record)) == record


def test_taash_banked_match_round_trips() -> None:
    match = play_baazi("taash-short", 2)
    record = record_from_baazi(match)
    text = format_record(record)
    assert parse_record(text) == record
    assert [deal.dealer for deal in record.deals] == [
        (match.first_dealer + i) % 4 for i in range(len(match.deals))
    ]  # R11.6: the deal rotates


def test_save_and_load(tmp_path: Path, baazi: Baazi) -> None:
    record = record_from_baazi(baazi)
    path = tmp_path / "match.seep"
    save_record(record, path)
    assert load_record(path) == record
    assert path.read_text(encoding="utf-8") == format_record(record)


def test_the_text_looks_like_the_documented_format(baazi_text: str) -> None:
    lines = lines_of(baazi_text)
    assert lines[0] == f'[Format "{RECORD_FORMAT}"]'
    assert lines[1:5] == ['[Kind "baazi"]', '[Variant "standard"]', '[Players "4"]', '[Dealer "0"]']
    assert '[Deal "1"]' in lines and '[Deal "2"]' in lines
    bids = [line for line in lines if " bid " in line]
    assert bids and all(re.fullmatch(r"0\. s\d bid (9|1[0-3])", line) for line in bids)
    assert any(line.startswith("48. s") for line in lines)
    assert any(line.startswith('[Score "team 0: cards ') for line in lines)
    assert any(line.startswith("{after deal 1: lead ") for line in lines)


# ---------------------------------------------------------------------------
# Comments and hand-written records

HAND_WRITTEN = """
{ A hand-written record: the standard game, five plays of the first deal. }
[Format "seep-record/1"]
[Kind "deal"]
[Variant "standard"]
[Players "4"]
[Seats "Asha, Bilal, Chandra, Dev"]
[Dealer "0"]
[Result "*"]

[Deal "1"]
[Dealer "0"]
[Deck "9S 5H 2C 7D  4D 3C KH 8S
       AS AH AD AC 2S 2H 2D 3S 3H 3D 4S 4H 4C 5S 5D 5C 6S 6H 6D 6C 7S 7H 7C 8H 8D 8C
       9H 9D 9C TS TH TD TC JS JH JD JC QS QH QD QC KS KD KC"]
0. s1 bid 9            {Bilal holds the 9S}
1. s1 build 5H 4d =9   {a house of 9; Bilal keeps the 9S (R3.2)}
2. s2 take 3S 3C
3. s3 TAKE 8D 8S
4. s0 take KS KH
5. s1 take 9♠ #9       {the floor is empty: a seep worth 50}
"""


def test_a_hand_written_record_loads() -> None:
    record = parse_record(HAND_WRITTEN)
    deal = record.deals[0]
    assert record.variant.name == "standard" and record.kind == "deal"
    assert record.tag("Seats") == "Asha, Bilal, Chandra, Dev"
    assert deal.seats == (1, 1, 2, 3, 0, 1)
    assert [str(m) for m in deal.moves] == [
        "bid 9",
        "build 5H 4D =9",
        "take 3S 3C",
        "take 8D 8S",
        "take KS KH",
        "take 9S #9",
    ]
    assert deal.start.hands[1] == CardSet.parse("9S 5H 2C 7D")
    final = replay_record(record)[0][-1]
    assert final.plays == 5 and not final.loose and not final.houses
    assert [(s.seat, s.play, s.points) for s in final.seeps] == [(1, 5, 50)]
    # Written out again, it becomes canonical and still loads to the same record.
    assert parse_record(format_record(record)) == record


def test_comments_are_ignored_anywhere(baazi: Baazi, baazi_text: str) -> None:
    lines = lines_of(baazi_text)
    noisy = []
    for index, line in enumerate(lines):
        if index % 3 == 0:
            noisy.append(f"{{c{index}}} {line} {{ a comment }}")
        elif index % 3 == 1:
            noisy.append(f'{line} {{a comment\nspanning [Deal "9"] lines\n}}')
        else:
            noisy.append(line)
    text = "{ first }\n" + "\n".join(noisy) + "\n{ last }"
    assert parse_record(text) == record_from_baazi(baazi)


def test_braces_inside_a_tag_value_are_not_comments() -> None:
    record = parse_record(
        HAND_WRITTEN.replace('[Result "*"]', '[Result "*"]\n[Event "club {night} \\"A\\""]')
    )
    assert record.tag("Event") == 'club {night} "A"'
    assert parse_record(format_record(record)) == record


# ---------------------------------------------------------------------------
# Tampered records


def _first_illegal(record: Record, deal_number: int, make: object, rule: str) -> tuple[int, Move]:
    """The first move number of ``deal_number`` where ``make(state)`` gives a move broken by ``rule``."""
    deal = record.deals[deal_number - 1]
    for index, state in enumerate(replay_record(record)[deal_number - 1][:-1]):
        for move in make(state):  # type: ignore[operator]
            try:
                check_move(state, move)
            except IllegalMoveError as error:
                if error.rule == rule:
                    return deal.move_number(index), move
    raise AssertionError(f"no move breaking {rule} in deal {deal_number}")


def _throws(state: State) -> list[Move]:
    return [Throw(card=card) for card in state.hand]


def _partial_takes(state: State) -> list[Move]:
    """Take moves that leave a capturable group behind."""
    moves: list[Move] = []
    for move in legal_moves(state):
        if isinstance(move, Take) and len(move.loose) >= 2:
            for card in move.loose:
                moves.append(
                    Take(card=move.card, loose=move.loose - CardSet.of([card]), house=move.house)
                )
    return moves


@pytest.mark.parametrize(("rule", "make"), [("R8.2", _throws), ("R4.3", _partial_takes)])
def test_an_illegal_move_names_deal_move_rule_and_line(
    baazi: Baazi, baazi_text: str, rule: str, make: object
) -> None:
    record = record_from_baazi(baazi)
    number, move = _first_illegal(record, 2, make, rule)
    line = line_of_move(baazi_text, 2, number)
    seat = lines_of(baazi_text)[line - 1].split()[1]
    error = refused(replace_line(baazi_text, line, f"{number}. {seat} {move}"))
    assert (error.deal, error.move_number, error.rule, error.line) == (2, number, rule, line)
    assert str(error).startswith(f"line {line}: deal 2, move {number}: {rule}: ")
    assert isinstance(error, SeepError) and isinstance(error, ValueError)
    # The same record built in memory is refused by verify (no line then).
    deal = record.deals[1]
    index = number - deal.move_number(0)
    bad = attrs.evolve(deal, moves=(*deal.moves[:index], move, *deal.moves[index + 1 :]))
    tampered = attrs.evolve(record, deals=(record.deals[0], bad, *record.deals[2:]))
    with pytest.raises(RecordError) as caught:
        verify_record(tampered)
    assert (caught.value.deal, caught.value.move_number, caught.value.rule) == (2, number, rule)
    assert caught.value.line is None


def test_a_dropped_move_is_refused(baazi_text: str) -> None:
    line = line_of_move(baazi_text, 2, 20)
    lines = lines_of(baazi_text)
    # Dropped as it is: the numbers no longer run on.
    error = refused("\n".join(lines[: line - 1] + lines[line:]))
    assert (error.deal, error.move_number, error.line, error.rule) == (2, 21, line, None)
    assert "numbered 21, the next number is 20" in error.reason
    # Dropped and renumbered: the next move is made by the wrong seat (R1.3).
    renumbered = list(lines[: line - 1])
    in_deal = True
    for later in lines[line:]:
        found = re.fullmatch(r"(\d+)\. (.*)", later)
        in_deal = in_deal and not later.startswith("[")
        if found and in_deal:
            later = f"{int(found.group(1)) - 1}. {found.group(2)}"
        renumbered.append(later)
    error = refused("\n".join(renumbered))
    assert (error.deal, error.move_number, error.rule, error.line) == (2, 20, "R1.3", line)


def test_swapped_deck_cards_make_a_later_move_illegal() -> None:
    start, moves, _ = play_deal("standard", 4)
    text = format_record(record_from_deal(start, moves))
    deck = [str(card) for card in deck_of(start)]
    deck[10], deck[50] = deck[50], deck[10]  # seat 2's first packet and the last card dealt
    tampered = text.replace(" ".join(str(c) for c in deck_of(start)), " ".join(deck))
    assert tampered != text
    error = refused(tampered)
    assert error.deal == 1 and error.move_number is not None and error.move_number > 0
    assert error.rule in {"R3.1", "R1.3", "R4.3", "R8.2", "R3.2", "R2.6"}
    assert error.line == line_of_move(text, 1, error.move_number)


def test_a_wrong_score_line_is_refused(baazi_text: str) -> None:
    match = re.search(r'\[Score "team 0: cards (\d+)', baazi_text)
    assert match
    tampered = baazi_text.replace(
        match.group(0), f'[Score "team 0: cards {int(match.group(1)) + 1}', 1
    )
    error = refused(tampered)
    # cards + seeps no longer add up to the total: the line itself is refused.
    assert error.deal == 1 and error.tag == "Score"
    line = next(i for i, text in enumerate(lines_of(tampered), 1) if text.startswith("[Score"))
    assert error.line == line
    # A self-consistent but wrong score is refused by the replay (R9.3).
    score_line = lines_of(baazi_text)[line - 1]
    parts = re.findall(r"cards (\d+) seeps (\d+) total (\d+)", score_line)
    (c0, s0, _), (c1, s1, _) = parts
    swapped = (
        f'[Score "team 0: cards {c1} seeps {s1} total {int(c1) + int(s1)}; '
        f'team 1: cards {c0} seeps {s0} total {int(c0) + int(s0)}"]'
    )
    if swapped != score_line:
        error = refused(replace_line(baazi_text, line, swapped))
        assert (error.deal, error.rule, error.tag, error.line) == (1, "R9.3", "Score", line)


def test_a_wrong_result_is_refused(baazi: Baazi, baazi_text: str) -> None:
    loser = 1 - (baazi.winner or 0)
    tampered = re.sub(r'\[Result "[^"]*"\]', f'[Result "team {loser} wins: by a lot"]', baazi_text)
    error = refused(tampered)
    result_line = next(
        i for i, line in enumerate(lines_of(baazi_text), 1) if line.startswith("[Result")
    )
    assert (error.tag, error.line, error.deal) == ("Result", result_line, None)
    assert "the replay gives 'team" in error.reason
    start, moves, _ = play_deal("taash", 3)
    text = format_record(record_from_deal(start, moves))
    result = re.search(r'\[Result "([^"]*)"\]', text)
    assert result and re.fullmatch(r"\d+-\d+: (team [01] wins the deal|level)", result.group(1))
    error = refused(text.replace(result.group(0), '[Result "*"]'))
    assert error.tag == "Result" and "the replay gives" in error.reason


def test_a_dealer_out_of_turn_is_refused(baazi: Baazi, baazi_text: str) -> None:
    expected = baazi.deals[1].start.dealer
    wrong = (expected + 1) % 4
    lines = lines_of(baazi_text)
    deal2 = lines.index('[Deal "2"]')
    assert lines[deal2 + 1] == f'[Dealer "{expected}"]'
    lines[deal2 + 1] = f'[Dealer "{wrong}"]'
    error = refused("\n".join(lines))
    assert (error.deal, error.rule, error.tag, error.line) == (2, "R10.4", "Dealer", deal2 + 2)


def test_bad_card_text_names_the_line() -> None:
    line = line_of_move(HAND_WRITTEN, 1, 3)
    error = refused(replace_line(HAND_WRITTEN, line, "3. s3 take 8D 8X"))
    assert (error.line, error.deal, error.move_number) == (line, 1, 3)
    assert "8X" in str(error)
    deck_line = next(i for i, t in enumerate(lines_of(HAND_WRITTEN), 1) if t.startswith("[Deck"))
    error = refused(HAND_WRITTEN.replace("7H 7C", "7H 7Z"))
    assert (error.line, error.deal, error.tag) == (deck_line, 1, "Deck")
    assert "7Z" in str(error)


def test_a_deck_that_is_not_52_distinct_cards_is_refused() -> None:
    error = refused(HAND_WRITTEN.replace("7H 7C", "7H 7H"))
    assert error.rule == "R1.1" and "7H" in error.reason and error.deal == 1
    error = refused(HAND_WRITTEN.replace("7H 7C", "7H"))
    assert error.rule == "R1.1" and "51 cards" in error.reason


def test_a_void_deal_is_refused() -> None:
    # Swap the bidder's 9S for the AS: the bidder holds nothing of 9 or more (R2.3).
    text = HAND_WRITTEN.replace("9S 5H", "AS 5H", 1).replace("AS AH AD AC", "9S AH AD AC", 1)
    error = refused(text)
    assert error.rule == "R2.3" and error.deal == 1


def test_moves_after_the_end_of_a_deal_are_refused() -> None:
    start, moves, _ = play_deal("standard-2p", 6)
    text = format_record(record_from_deal(start, moves))
    last = line_of_move(text, 1, 48)
    lines = lines_of(text)
    lines.insert(last, f"49. s0 {moves[-1]}")
    error = refused("\n".join(lines))
    assert (error.deal, error.move_number, error.rule, error.line) == (1, 49, "R9.1", last + 1)


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ('[Format "seep-record/1"]', '[Format "seep-record/2"]', "format"),
        ('[Variant "standard"]', '[Variant "no-such-game"]', "unknown variant"),
        ('[Players "4"]', '[Players "2"]', "has 4 players"),
        ('[Seats "Asha, Bilal, Chandra, Dev"]', '[Seats "Asha, Bilal"]', "Seats"),
        ('[Dealer "0"]\n[Result', '[Dealer "1"]\n[Result', "first deal's dealer"),
        ('[Deal "1"]', '[Deal "2"]', "numbered 2"),
        ("0. s1 bid 9", "0. s2 bid 9", "R1.3"),
        ("0. s1 bid 9", "0. s7 bid 9", "no seat"),
        ("2. s2 take 3S 3C", "2 s2 take 3S 3C", "expected a tag or a move"),
        ("2. s2 take 3S 3C", "2. s2 smash 3S 3C", "does not start with a verb"),
        ("{ A hand-written", "} { A hand-written", "closes no comment"),
        ("{the floor is empty: a seep worth 50}", "{the floor is empty", "never closed"),
        ('[Result "*"]', '[Result "*"', "bad tag"),
        ('[Result "*"]', '[Result "*"]\n[Result "*"]', "given twice"),
        ('[Result "*"]', '[Result "*"]\n[Score "x"]', "belongs in a deal block"),
        ('[Dealer "0"]\n[Deck', '[Variant "taash"]\n[Deck', "belongs in the header"),
        ("1. s1 build", '1. s1 build 5H 4D =9\n[Deck "AS"]\n#', "given twice"),
    ],
)
def test_format_errors_are_refused(old: str, new: str, words: str) -> None:
    assert old in HAND_WRITTEN
    with pytest.raises(RecordError, match=re.escape(words)):
        parse_record(HAND_WRITTEN.replace(old, new, 1))


def test_unchecked_parse_keeps_an_illegal_record() -> None:
    text = HAND_WRITTEN.replace("2. s2 take 3S 3C", "2. s2 throw 3S")
    record = parse_record(text, check=False)
    assert str(record.deals[0].moves[2]) == "throw 3S"
    with pytest.raises(RecordError) as caught:
        verify_record(record)
    assert (caught.value.move_number, caught.value.rule) == (2, "R8.2")


def test_reserved_and_bad_extra_tags_are_refused() -> None:
    start = new_deal("standard", seed=1)
    for tags in ({"Result": "x"}, {"Deck": "x"}, {"bad name": "x"}, {"Note": "two\nlines"}):
        with pytest.raises(RecordError):
            record_from_deal(start, tags=tags)


def test_record_from_deal_refuses_an_illegal_move() -> None:
    start = new_deal("standard", seed=10)
    with pytest.raises(RecordError) as caught:
        record_from_deal(start, [parse_move("bid 13")])
    assert (caught.value.deal, caught.value.move_number, caught.value.rule) == (1, 0, "R2.4")


def test_json_errors_name_the_field(baazi: Baazi) -> None:
    doc = record_to_dict(record_from_baazi(baazi))
    bad = json.loads(json.dumps(doc))
    bad["deals"][1]["deck"][3] = "ZZ"
    with pytest.raises(RecordError, match=re.escape("deals[1].deck[3]")):
        record_from_dict(bad)
    bad = json.loads(json.dumps(doc))
    bad["deals"][0]["moves"][5] = "throw " + bad["deals"][0]["deck"][51]
    with pytest.raises(RecordError) as caught:
        record_from_dict(bad)
    assert (caught.value.deal, caught.value.move_number) == (1, 5)
    bad = json.loads(json.dumps(doc))
    del bad["deals"][0]["seats"]
    with pytest.raises(RecordError, match="seats"):
        record_from_dict(bad)


def test_record_errors_pickle() -> None:
    error = RecordError("R8.2: x", deal=2, move_number=13, rule="R8.2", tag=None, line=40)
    again = pickle.loads(pickle.dumps(error))
    assert (again.deal, again.move_number, again.rule, again.line, str(again)) == (
        2,
        13,
        "R8.2",
        40,
        str(error),
    )


def test_a_deal_record_holds_one_deal_and_deals_follow_the_match(baazi: Baazi) -> None:
    record = record_from_baazi(baazi)
    with pytest.raises(RecordError, match=re.escape("a record of kind 'deal' holds one deal")):
        verify_record(attrs.evolve(record, kind="deal", result=None))
    # A deal added after the end of the match (R10.2) is refused.
    extra = attrs.evolve(record.deals[-1], number=len(record.deals) + 1)
    with pytest.raises(RecordError, match="already over") as caught:
        verify_record(attrs.evolve(record, deals=(*record.deals, extra)))
    assert caught.value.deal == len(record.deals) + 1
    # An unfinished deal followed by another is refused.
    first = record.deals[0]
    cut = attrs.evolve(first, moves=first.moves[:10], seats=first.seats[:10], score=None)
    with pytest.raises(RecordError, match="another deal follows"):
        verify_record(attrs.evolve(record, deals=(cut, *record.deals[1:])))


# ---------------------------------------------------------------------------
# Where a record goes wrong: the line (and the tag) of the fault itself


def line_starting(text: str, start: str) -> int:
    """The 1-based line of ``text`` that starts with ``start``."""
    return next(i for i, line in enumerate(lines_of(text), 1) if line.startswith(start))


def test_a_match_marked_as_a_deal_is_refused_at_its_kind_tag(baazi: Baazi, baazi_text: str) -> None:
    error = refused(baazi_text.replace('[Kind "baazi"]', '[Kind "deal"]'))
    assert (error.line, error.tag, error.deal) == (line_starting(baazi_text, "[Kind"), "Kind", None)
    assert error.reason.startswith("a record of kind 'deal' holds one deal, not ")
    doc = record_to_dict(record_from_baazi(baazi))
    doc["kind"] = "deal"
    with pytest.raises(RecordError) as caught:
        record_from_dict(doc)
    assert (caught.value.field, caught.value.tag, caught.value.reason) == (
        "kind",
        "Kind",
        error.reason,
    )


def test_a_renumbered_deal_is_refused_on_its_own_line(baazi: Baazi, baazi_text: str) -> None:
    line = line_starting(baazi_text, '[Deal "2"]')
    error = refused(replace_line(baazi_text, line, '[Deal "3"]'))
    assert (error.line, error.tag, error.reason) == (line, "Deal", "deal 2 is numbered 3")
    doc = record_to_dict(record_from_baazi(baazi))
    doc["deals"][1]["number"] = 3
    with pytest.raises(RecordError) as caught:
        record_from_dict(doc)
    assert (caught.value.field, caught.value.reason) == ("deals[1].number", error.reason)


@pytest.mark.parametrize("tag", ["Variant", "Result", "Deal", "Dealer", "Deck", "Score"])
def test_a_tag_value_left_open_is_refused_where_it_opens(baazi_text: str, tag: str) -> None:
    """A value may span lines, but never over a tag or a move line: the open quote is named."""
    lines = lines_of(baazi_text)
    for line in [i for i, text in enumerate(lines, 1) if text.startswith(f"[{tag} ")][:3]:
        error = refused(replace_line(baazi_text, line, lines[line - 1].replace('"]', "]")))
        assert (error.line, error.tag) == (line, tag), str(error)
        assert error.reason == f"the value of the tag '{tag}' opens a '\"' that is never closed"


def test_a_quote_left_open_on_a_move_line_is_refused_there(baazi_text: str) -> None:
    line = line_of_move(baazi_text, 2, 7)
    error = refused(replace_line(baazi_text, line, lines_of(baazi_text)[line - 1] + ' "'))
    assert (error.line, error.tag) == (line, None)


def test_a_comment_left_open_is_refused_where_it_opens(baazi_text: str) -> None:
    """Comments do not nest: a '{' inside a comment means the comment before it is left open."""
    for deal, number in ((1, 20), (2, 0), (2, 47)):
        line = line_of_move(baazi_text, deal, number)
        error = refused(replace_line(baazi_text, line, lines_of(baazi_text)[line - 1] + " {oops"))
        assert error.line == line and "never closed before the next '{'" in error.reason
    last = len(lines_of(baazi_text.rstrip("\n")))
    error = refused(replace_line(baazi_text, last, lines_of(baazi_text)[last - 1] + " {open"))
    assert error.line == last and error.reason == "a comment '{' is never closed"


def test_a_record_without_a_kind_is_refused(baazi: Baazi, baazi_text: str) -> None:
    """``Kind`` is required, as ``Format`` and ``Variant`` are: a record is not taken for a deal."""
    text = HAND_WRITTEN.replace('[Kind "deal"]\n', "")
    error = refused(text)
    assert (error.tag, error.line) == ("Kind", line_starting(text, "[Deal "))
    assert error.reason == "the record states no kind: 'deal' (one deal) or 'baazi' (a match)"
    doc = record_to_dict(record_from_baazi(baazi))
    del doc["kind"]
    with pytest.raises(RecordError) as caught:
        record_from_dict(doc)
    assert (caught.value.field, caught.value.reason) == ("kind", error.reason)


@pytest.mark.parametrize(
    ("old", "new", "tag"),
    [
        ('[Kind "deal"]', '[Knid "deal"]', "Kind"),
        ('[Format "seep-record/1"]', '[Fromat "seep-record/1"]', "Format"),
        ('[Variant "standard"]', '[variant "standard"]', "Variant"),
        ('[Dealer "0"]\n[Deck', '[Dealr "0"]\n[Deck', "Dealer"),
        ('[Deck "9S', '[Decks "9S', "Deck"),
    ],
)
def test_a_misspelt_required_tag_is_named_on_its_line(old: str, new: str, tag: str) -> None:
    text = (
        HAND_WRITTEN.replace('[Dealer "0"]\n[Result', "[Result")
        if tag == "Dealer"
        else HAND_WRITTEN
    )
    text = text.replace(old, new, 1)
    error = refused(text)
    misspelt = new[1:].split()[0]
    assert (error.line, error.tag) == (line_starting(text, new.split("\n")[0]), tag)
    assert error.reason.endswith(f": is the tag '{misspelt}' meant to be '{tag}'?")


def test_a_misspelt_deal_tag_is_named_not_the_tags_after_it(baazi_text: str) -> None:
    line = line_starting(baazi_text, '[Deal "2"]')
    error = refused(replace_line(baazi_text, line, '[Dael "2"]'))
    assert (error.line, error.tag, error.deal) == (line, "Deal", 1)
    assert (
        error.reason
        == "the tag 'Dealer' is given twice in one deal: is the tag 'Dael' meant to be 'Deal'?"
    )


def test_one_changed_line_is_refused_on_that_line(baazi_text: str) -> None:
    """Changes whose fault shows on the line itself are refused there.

    (A ``Redeals`` count is information the deck cannot confirm: not changed here.)
    """
    lines = lines_of(baazi_text)
    rng = random.Random(5)
    checked = 0
    changes = {
        "number": lambda text: re.sub(r"\d+", lambda m: str(int(m.group()) + 7), text, count=1),
        "close": lambda text: text.replace("]", "", 1),
        "quote": lambda text: text.replace('"', "", 1),
        "card": lambda text: re.sub(r"\b[2-9TJQKA][SHDC]\b", "ZZ", text, count=1),
    }
    for number, line in enumerate(lines, 1):
        if not line.startswith(("[", "0. ", "1. ")) or line.startswith(
            ("[Result", "[Seed", "[Redeals")
        ):
            continue
        name, change = rng.choice(sorted(changes.items()))
        changed = change(line)
        if changed == line:
            continue
        error = refused(replace_line(baazi_text, number, changed))
        assert error.line == number, (name, line, changed, str(error))
        checked += 1
    assert checked > 50


# ---------------------------------------------------------------------------
# Seats and Date


@pytest.mark.parametrize("variant", VARIANTS)
def test_seats_and_date_are_kept_through_text_and_json(variant: str) -> None:
    start, moves, _ = play_deal(variant, 3, plays=6)
    names = ", ".join(["human", "greedy", "search", "random"][: start.variant.players])
    tags = {"Seats": names, "Date": "2024.05.01"}
    record = record_from_deal(start, moves, tags=tags)
    text = format_record(record)
    assert f'[Seats "{names}"]\n[Date "2024.05.01"]\n' in text
    doc = json.loads(json.dumps(record_to_dict(record)))
    assert doc["tags"] == tags
    for loaded in (parse_record(text), record_from_dict(doc)):
        assert loaded == record and (loaded.tag("Seats"), loaded.tag("Date")) == (
            names,
            "2024.05.01",
        )
    # Both are optional on reading.
    assert parse_record(text.replace(f'[Seats "{names}"]\n', "")).tag("Seats") is None


@pytest.mark.parametrize("date", ["2024.05.01", "2024.??.??", "????.??.??", "1999.12.31"])
def test_a_date_is_written_as_pgn_writes_it(date: str) -> None:
    record = record_from_deal(new_deal("standard", seed=1), tags={"Date": date})
    assert parse_record(format_record(record)).tag("Date") == date


@pytest.mark.parametrize("date", ["2024-05-01", "01.05.2024", "2024.13.01", "2024.05.32", "today"])
def test_a_date_in_another_form_is_refused_at_its_tag(date: str) -> None:
    with pytest.raises(RecordError, match=re.escape("Date is written YYYY.MM.DD")) as caught:
        record_from_deal(new_deal("standard", seed=1), tags={"Date": date})
    assert caught.value.tag == "Date"
    text = HAND_WRITTEN.replace('[Result "*"]', f'[Date "{date}"]\n[Result "*"]')
    error = refused(text)
    assert (error.tag, error.line) == ("Date", line_starting(text, "[Date"))
    doc = record_to_dict(parse_record(HAND_WRITTEN))
    doc["tags"]["Date"] = date
    with pytest.raises(RecordError) as caught:
        record_from_dict(doc)
    assert (caught.value.field, caught.value.reason) == ("tags.Date", error.reason)


def test_seats_must_name_every_seat_when_made_and_when_read() -> None:
    start = new_deal("standard-2p", seed=1)
    with pytest.raises(RecordError, match="Seats names 2 players") as caught:
        record_from_deal(start, tags={"Seats": "human, greedy, greedy"})
    assert caught.value.tag == "Seats"
    text = HAND_WRITTEN.replace("Asha, Bilal, Chandra, Dev", "Asha, , Chandra, Dev")
    error = refused(text)
    assert (error.tag, error.line) == ("Seats", line_starting(text, "[Seats"))
