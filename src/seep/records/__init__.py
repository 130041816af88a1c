r"""Game records: a whole deal or a whole baazi as readable, replayable text (like PGN).

A record is a text file that a person can read and the engine can load and
check. It holds, for every deal, the dealer and the **deck** (so it replays
without any seed) and every move in move notation; plus the scores and
the result, which :func:`verify_record` recomputes.

The format (``seep-record/1``)
------------------------------

* A **header** of tag lines ``[Key "value"]`` (values in double quotes; a
  ``"`` or ``\`` inside a value is written ``\"``, ``\\``):

  .. code-block:: seep-record

    [Format "seep-record/1"]   {required}
    [Kind "deal"]              {required: "deal" (one deal) or "baazi" (a match, R10/R11.6)}
    [Variant "standard"]       {required: a registered variant name}
    [Players "4"]              {optional: must agree with the variant}
    [Dealer "0"]               {optional: the dealer of the first deal}
    [Seats "Asha, Bilal, Chandra, Dev"]   {optional: who played seats 0..n-1, by commas}
    [Date "2024.05.01"]        {optional: YYYY.MM.DD as in PGN, '??' for a part not known}
    [Seed "3"]                 {optional, informational only (the decks replay)}
    [Result "*"]               {optional on input; see below}

  Any other tag is kept as it is. ``seep play`` writes ``Seats`` (the bots'
  names and ``human``) and the ``Date`` it was played.

* Then one **block per deal**: ``[Deal "n"]`` (n = 1, 2, ...) opens it, then
  ``[Dealer "d"]`` (deal 1 may leave it to the header), ``[Deck "..."]`` (the
  52 cards in move notation, any spacing, may span lines; the first dealt first:
  R2.2 for the standard game, R11.1 for taash), ``[Redeals "k"]`` only when
  the seeded shuffle was redealt (R2.3), then the **moves, one per line**,
  ``N. sS MOVE``:

  .. code-block:: seep-record

    0. s1 bid 11
    1. s1 take JS JD

  ``N`` is the play number (``state.plays`` right after the move, as in
  the JSON documents: the bidder's first card is play 1, the last card play 48);
  the standard **bid is numbered 0** because it plays no card. ``sS`` is
  the seat that moves (checked), ``MOVE`` move notation. The numbers
  must run on without a gap. A finished deal ends with its score line
  ``[Score "team 0: cards 64 seeps 0 total 64; team 1: cards 36 seeps 0 total 36"]``.

* Tags may share a line; a move takes a line of its own. Other tags in a
  deal block are kept as they are.

* ``Result`` is ``"*"`` while unfinished. A deal record: ``"64-36: team 0 wins
  the deal"`` (or ``"50-50: level"``); a baazi: ``"team 1 wins: team 1 leads by
  116 (R10.2)"`` (the match rule's reason), or ``"draw: ..."``.

* **Comments** ``{...}`` may stand anywhere (outside tag values) and span
  lines; they are ignored on load. Blank lines are ignored. The writer adds
  comments for people (the running lead after each deal of a baazi).

:func:`parse_record` (and :func:`load_record`) check the record by default
(:func:`verify_record`): an illegal move, a bad card, a deck that is not the 52
cards, a wrong score or result, a dealer out of turn raise
:class:`~seep.errors.RecordError`, which names the deal, the move number,
the rule, the tag and the line where the record goes wrong (a tag value or
a comment left open: the line that opens it; a required tag left out: the
line where the header ends, or a tag that looks like it misspelt).

The JSON form
-------------

:func:`record_to_dict` writes the same content as JSON types (``"deck"``
a list of cards, ``"moves"`` and ``"seats"`` side by side, ``"score"`` a
list of ``{cards, seeps, total}``); :func:`record_from_dict` loads it. Both
loaders read only their own syntax and hand the content to one builder,
which makes every check once: a fault the two forms share (a bad card in a
deck, a move by the wrong seat, a wrong score) raises the same
:class:`~seep.errors.RecordError` with the same ``reason``, naming the
``line`` in the text and the ``field`` (``"deals[1].moves[12]"``) in JSON.
The match document of :func:`seep.baazi.baazi_from_dict` (``seep-baazi/1``)
loads through the same builder (see the formats page).

>>> from seep import new_deal, parse_move
>>> from seep.records import format_record, parse_record, record_from_deal, replay_record
>>> start = new_deal("standard", seed=10)
>>> record = record_from_deal(start, [parse_move("bid 11")], tags={"Date": "2024.05.01"})
>>> text = format_record(record)
>>> print(text, end="")  # doctest: +ELLIPSIS
[Format "seep-record/1"]
[Kind "deal"]
[Variant "standard"]
[Players "4"]
[Dealer "0"]
[Date "2024.05.01"]
[Result "*"]
<BLANKLINE>
[Deal "1"]
[Dealer "0"]
[Deck "6D TH JS QC AH 5S 9S JD ... TS"]
0. s1 bid 11
>>> parse_record(text) == record
True
>>> [len(states) for states in replay_record(record)]
[2]
"""

from __future__ import annotations

from seep._util.deprecation import renamed_names
from seep.errors import RecordError
from seep.records._deck import deck_of
from seep.records._json import record_from_dict, record_to_dict
from seep.records._model import (
    RECORD_FORMAT,
    Record,
    RecordedDeal,
    record_from_baazi,
    record_from_deal,
)
from seep.records._text import format_record, load_record, parse_record, save_record
from seep.records._verify import replay_record, verify_record

__all__ = [
    "RECORD_FORMAT",
    "Record",
    "RecordError",
    "RecordedDeal",
    "deck_of",
    "format_record",
    "load_record",
    "parse_record",
    "record_from_baazi",
    "record_from_deal",
    "record_from_dict",
    "record_to_dict",
    "replay_record",
    "save_record",
    "verify_record",
]

__getattr__ = renamed_names(
    __name__,
    {
        "replay": ("replay_record", lambda: replay_record),
        "verify": ("verify_record", lambda: verify_record),
    },
)
