"""The text form of a record (``seep-record/1``): :func:`format_record` and :func:`parse_record`.

:func:`parse_record` reads the text's syntax only (tags, comments, move
lines) into a :class:`~seep.records._build.RecordDraft`, each value with its
line; :func:`~seep.records._build.build` checks and builds the record.
"""

from __future__ import annotations

import os
import re

import attrs

from seep._documents.text import MAX_CHARS, read_text
from seep._util.arguments import check_instance
from seep._util.excerpt import excerpt
from seep.errors import RecordError
from seep.records._build import (
    MAX_DEALS,
    MAX_DIGITS,
    MAX_MOVES,
    MAX_TAGS,
    MISSING,
    DealDraft,
    Given,
    MoveDraft,
    RecordDraft,
    Spot,
    absent,
    build,
    check_count,
)
from seep.records._model import (
    DEAL_TAGS,
    HEADER_TAGS,
    RECORD_FORMAT,
    Record,
    score_text,
)
from seep.variants import Standing
from seep.variants._answers import next_standing

# re.ASCII: only ASCII digits are digits (Unicode ones would reach int()).
_TAG = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]', re.DOTALL | re.ASCII)
_SPACE = re.compile(r"\s+")
_MOVE_LINE = re.compile(r"(\d+)\s*\.\s*[sS](\d+)\s+(\S.*)", re.ASCII)
_NUMBER = re.compile(r"-?[0-9]+")
#: The start of a tag, up to its value's opening quote.
_TAG_OPENING = re.compile(r"\[\s*([A-Za-z][A-Za-z0-9_]*)\s+\Z", re.ASCII)
#: A line that opens with a tag or a move: never inside a tag value (values may span lines).
_OPENS_LINE = re.compile(
    r'[ \t]*(?:\[[A-Za-z][A-Za-z0-9_]*[ \t]+"|[0-9]+[ \t]*\.[ \t]*[sS][0-9])', re.ASCII
)
_SCORE_PART = re.compile(
    r"team\s+(\d+)\s*:\s*cards\s+(-?\d+)\s+seeps\s+(-?\d+)\s+total\s+(-?\d+)", re.ASCII
)

#: The tags whose values are numbers.
_NUMBERS = ("Players", "Dealer", "Deal", "Redeals")


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _unquote(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def _tag(key: str, value: str | int) -> str:
    return f"[{key} {_quote(str(value))}]"


def format_record(record: Record) -> str:
    """The text of ``record`` (see :mod:`seep.records` for the format).

    The text ends with a newline; ``parse_record(format_record(r)) == r``.

    >>> from seep import new_deal, parse_move
    >>> from seep.records import format_record, parse_record, record_from_deal
    >>> record = record_from_deal(new_deal("standard", seed=10), [parse_move("bid 11"), parse_move("take JS JD")])
    >>> text = format_record(record)
    >>> text.splitlines()[-2:]
    ['0. s1 bid 11', '1. s1 take JS JD']
    >>> parse_record(text) == record
    True
    """
    check_instance(record, Record, "record")
    lines = [
        _tag("Format", RECORD_FORMAT),
        _tag("Kind", record.kind),
        _tag("Variant", record.variant.name),
        _tag("Players", record.variant.players),
        _tag("Dealer", record.dealer),
        *(_tag(key, value) for key, value in record.tags),
    ]
    if record.result is not None:
        lines.append(_tag("Result", record.result))
    standing = Standing()
    for deal in record.deals:
        lines += ["", _tag("Deal", deal.number), _tag("Dealer", deal.dealer)]
        lines.append(_tag("Deck", " ".join(map(str, deal.deck))))
        if deal.start.redeals:
            lines.append(_tag("Redeals", deal.start.redeals))
        lines += [_tag(key, value) for key, value in deal.tags]
        for index, (seat, move) in enumerate(zip(deal.seats, deal.moves, strict=True)):
            lines.append(f"{deal.move_number(index)}. s{seat} {move}")
        if deal.score is not None:
            lines.append(_tag("Score", score_text(deal.score)))
            if record.kind == "baazi":
                totals = deal.score.totals
                standing = next_standing(record.variant, standing, (totals[0], totals[1]))
                lines.append(f"{{after deal {deal.number}: {_standing_text(standing)}}}")
    return "\n".join(lines) + "\n"


def _standing_text(standing: Standing) -> str:
    """The running lead (or the banked points) written as a comment after each deal of a baazi."""
    banked = standing.banked
    if banked != (0, 0):
        return f"banked {banked[0]}-{banked[1]}"
    lead = standing.lead
    return "lead " + ("level" if lead == 0 else f"team {0 if lead > 0 else 1} by {abs(lead)}")


def _strip_comments(text: str) -> str:
    """``text`` with every ``{...}`` comment blanked to spaces, keeping newlines and tag values."""
    out: list[str] = []
    in_string = in_comment = escaped = False
    opened = quote = nested = 0
    line = 1
    for index, char in enumerate(text):
        if char == "\n":
            line += 1
            out.append(char)
            escaped = False
            if in_string and _OPENS_LINE.match(text, index + 1):
                # A tag or a move line inside a tag value: the value's quote was never closed.
                break
            continue
        if in_comment:
            if char == "{":  # comments do not nest: the comment opened before is not closed
                nested = line
                break
            in_comment = char != "}"
            out.append(" ")
            continue
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
            out.append(char)
            continue
        if char == "{":
            in_comment, opened = True, line
            out.append(" ")
            continue
        if char == '"':
            in_string, opened, quote = True, line, index
        elif char == "}":
            raise RecordError("a '}' closes no comment", line=line)
        out.append(char)
    if in_comment:
        raise RecordError(
            "a comment '{' is never closed"
            + (f" before the next '{{' on line {nested}" if nested else ""),
            line=opened,
        )
    if in_string:
        start = text.rfind("\n", 0, quote) + 1
        named = _TAG_OPENING.search(text, start, quote)
        tag = named.group(1) if named else None
        what = f"the value of the tag {excerpt(tag)}" if tag else "a tag value"
        raise RecordError(f"{what} opens a '\"' that is never closed", tag=tag, line=opened)
    return "".join(out)


@attrs.define
class _Block:
    """A deal block as read: its ``[Deal]`` line, its tags, its move lines."""

    line: int
    number: Given
    tags: dict[str, tuple[str, int]] = attrs.field(factory=dict)
    extra: list[Given] = attrs.field(factory=list)
    moves: list[MoveDraft] = attrs.field(factory=list)

    @property
    def deal(self) -> int | None:
        """The deal number, if it is one (for errors)."""
        return self.number.value if isinstance(self.number.value, int) else None


#: The most characters one line of a record may hold.
MAX_LINE = 10_000


def _check_lines(text: str) -> None:
    """Refuse a text over :data:`~seep._documents.text.MAX_CHARS` characters or with a line over :data:`MAX_LINE`."""
    if len(text) > MAX_CHARS:
        raise RecordError(f"a record holds at most {MAX_CHARS} characters, not {len(text)}")
    if len(text) <= MAX_LINE:
        return
    for number, line in enumerate(text.split("\n"), 1):
        if len(line) > MAX_LINE:
            raise RecordError(
                f"a line of a record holds at most {MAX_LINE} characters, not {len(line)}",
                line=number,
            )


def _value(key: str, text: str, line: int) -> Given:
    """The value of tag ``key``, a number for the number tags when it reads as one."""
    value: object = text
    if key in _NUMBERS and text.isascii() and _NUMBER.fullmatch(text):
        value = _integer(text, f"the tag {key!r}", line, tag=key)
    return Given(value, Spot(line=line))


def _integer(
    text: str, what: str, line: int, *, deal: int | None = None, tag: str | None = None
) -> int:
    """``int(text)`` for ASCII digits, refused past :data:`MAX_DIGITS` digits (as Python refuses past 4,300)."""
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise RecordError(
            f"{what} has a number of {digits} digits, at most {MAX_DIGITS}",
            deal=deal,
            tag=tag,
            line=line,
        )
    return int(text)


def _given(tags: dict[str, tuple[str, int]], key: str, absent: Spot) -> Given:
    if key not in tags:
        return Given(MISSING, absent)
    text, line = tags[key]
    return _value(key, text, line)


def _score(text: str, line: int, deal: int | None) -> Given:
    """The teams' ``(cards, seeps, total)`` of a ``Score`` tag."""
    teams = []
    parts = [part.strip() for part in text.split(";")]
    for number, part in enumerate(parts):
        found = _SCORE_PART.fullmatch(part)
        if not found or len(found.group(1)) > 2 or int(found.group(1)) != number:
            raise RecordError(
                f"bad score {excerpt(text)}: expected 'team {number}: cards C seeps S total T'",
                deal=deal,
                tag="Score",
                line=line,
            )
        cards, seeps, total = (
            _integer(found.group(i), "the score", line, deal=deal, tag="Score") for i in (2, 3, 4)
        )
        teams.append((cards, seeps, total))
    return Given(tuple(teams), Spot(line=line))


def _deal_draft(block: _Block) -> DealDraft:
    tags, here = block.tags, Spot(line=block.line)
    deck = _given(tags, "Deck", here)
    if not deck.missing:
        text = str(deck.value)
        deck = Given(tuple(Given(token, deck.spot) for token in text.split()), deck.spot)
    score = _given(tags, "Score", here)
    if not score.missing:
        score = _score(*tags["Score"], block.deal)
    return DealDraft(
        spot=here,
        number=block.number,
        dealer=_given(tags, "Dealer", here),
        deck=deck,
        redeals=_given(tags, "Redeals", here),
        moves=tuple(block.moves),
        score=score,
        tags=tuple(block.extra),
    )


def parse_record(text: str, *, check: bool = True) -> Record:
    """Read a record written by :func:`format_record` or by hand; ``check`` runs :func:`verify_record`.

    Any error raises :class:`~seep.errors.RecordError` with the line (and the
    deal, move number and rule when there is one).

    >>> from seep.records import parse_record
    >>> text = '''
    ... [Format "seep-record/1"] [Kind "deal"] {tags may share a line}
    ... [Variant "standard"] [Players "4"] [Dealer "0"]
    ... [Deal "1"]
    ... [Deck "KS KH KD KC QS QH QD QC 3S 4S 5S 6S 7S 8S 9S TS JS AS 2S AH 2H 3H 4H 5H 6H
    ...        7H 8H 9H TH JH AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC"]
    ... 0. s1 bid 13    {four kings: any bid from the kings}
    ... 1. s1 throw KS  {nothing to take or build with a king: throw one}
    ... '''
    >>> record = parse_record(text)
    >>> [str(m) for m in record.deals[0].moves], record.deals[0].seats
    (['bid 13', 'throw KS'], (1, 1))
    >>> parse_record(text.replace("throw KS", "throw QS"))
    Traceback (most recent call last):
    ...
    seep.errors.RecordError: line 8: deal 1, move 1: R3.1: seat 1 does not hold QS
    """
    if not isinstance(text, str):
        raise TypeError(f"text: expected a str, not {type(text).__name__}")
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    _check_lines(text)
    header: dict[str, tuple[str, int]] = {}
    header_extra: list[Given] = []
    extra_names: set[str] = set()
    blocks: list[_Block] = []
    clean = _strip_comments(text)
    position = counted = 0
    line_number = 1
    while True:
        found_space = _SPACE.match(clean, position)
        position = found_space.end() if found_space else position
        if position >= len(clean):
            break
        line_number += clean.count("\n", counted, position)  # counted once: linear in the text
        counted = position
        if clean[position] == "[":
            found = _TAG.match(clean, position)
            if not found:
                bad = clean[position:].split("\n", 1)[0].strip()
                raise RecordError(
                    f'bad tag {excerpt(bad)}: expected [Key "value"]', line=line_number
                )
            position = found.end()
            key, value = found.group(1), _unquote(found.group(2))
            if key == "Deal":
                blocks.append(_Block(line=line_number, number=_value(key, value, line_number)))
                check_count(len(blocks), MAX_DEALS, "deals", Spot(line=line_number))
            elif blocks:
                block = blocks[-1]
                if key in DEAL_TAGS:
                    if key in block.tags:
                        twice = f"the tag {excerpt(key)} is given twice in one deal"
                        raise absent(twice, Spot(line=line_number), "Deal", block.extra, block.deal)
                    block.tags[key] = (value, line_number)
                elif key in HEADER_TAGS:
                    raise RecordError(
                        f"the tag {excerpt(key)} belongs in the header",
                        deal=block.deal,
                        line=line_number,
                    )
                else:
                    block.extra.append(Given((key, value), Spot(line=line_number)))
                    check_count(
                        len(block.extra),
                        MAX_TAGS,
                        "tags in a deal",
                        Spot(line=line_number),
                        block.deal,
                    )
            else:
                if key in header or key in extra_names:
                    twice = f"the tag {excerpt(key)} is given twice"
                    if key in DEAL_TAGS:  # perhaps a misspelt [Deal] before it
                        raise absent(twice, Spot(line=line_number), "Deal", header_extra)
                    raise RecordError(twice, tag=key, line=line_number)
                if key in DEAL_TAGS and key not in HEADER_TAGS:
                    raise RecordError(
                        f'the tag {excerpt(key)} belongs in a deal block, after [Deal "n"]',
                        line=line_number,
                    )
                if key in HEADER_TAGS:
                    header[key] = (value, line_number)
                else:
                    extra_names.add(key)
                    header_extra.append(Given((key, value), Spot(line=line_number)))
                    check_count(len(header_extra), MAX_TAGS, "header tags", Spot(line=line_number))
            continue
        end = clean.find("\n", position)
        end = len(clean) if end < 0 else end
        rest = clean[position:end].strip()
        position = end
        found = _MOVE_LINE.fullmatch(rest)
        if not found:
            raise RecordError(
                f"bad line {excerpt(rest)}: expected a tag or a move 'N. sS MOVE'", line=line_number
            )
        if not blocks:
            raise RecordError("a move before the first [Deal] tag", line=line_number)
        here = Spot(line=line_number)
        block = blocks[-1]
        block.moves.append(
            MoveDraft(
                number=_integer(found.group(1), "the move", line_number, deal=block.deal),
                seat=Given(_integer(found.group(2), "the seat", line_number), here),
                move=Given(found.group(3), here),
            )
        )
        check_count(len(block.moves), MAX_MOVES, "moves in a deal", here, block.deal)
    # A header tag left out is reported where the header ends.
    nowhere = Spot(line=blocks[0].line if blocks else line_number)
    draft = RecordDraft(
        format=_given(header, "Format", nowhere),
        kind=_given(header, "Kind", nowhere),
        variant=_given(header, "Variant", nowhere),
        players=_given(header, "Players", nowhere),
        dealer=_given(header, "Dealer", nowhere),
        result=_given(header, "Result", nowhere),
        tags=tuple(header_extra),
        deals=tuple(_deal_draft(block) for block in blocks),
    )
    return build(draft, check=check)


def save_record(record: Record, path: str | os.PathLike[str]) -> None:
    """Write the text of ``record`` to ``path`` (UTF-8).

    >>> import pathlib, tempfile
    >>> from seep import new_deal, parse_move
    >>> from seep.records import record_from_deal, save_record
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "deal.txt"
    >>> save_record(record_from_deal(new_deal("standard", seed=10), [parse_move("bid 11")]), path)
    >>> path.read_text(encoding="utf-8").splitlines()[0]
    '[Format "seep-record/1"]'
    """
    with open(path, "w", encoding="utf-8") as file:
        file.write(format_record(record))


def load_record(path: str | os.PathLike[str], *, check: bool = True) -> Record:
    """Read a record file written by :func:`save_record` (or by hand); see :func:`parse_record`.

    >>> import pathlib, tempfile
    >>> from seep import new_deal, parse_move
    >>> from seep.records import load_record, record_from_deal, save_record
    >>> record = record_from_deal(new_deal("standard", seed=10), [parse_move("bid 11")])
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "deal.txt"
    >>> save_record(record, path)
    >>> load_record(path) == record
    True
    """
    return parse_record(read_text(path), check=check)
