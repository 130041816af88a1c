"""Pygments lexers for seep's own texts: move notation and game records.

``seep-notation`` colours moves (``take JS 5C 6H TD #11``, ``build 5H 6C =11``);
``seep-record`` colours game records (``seep-record/1``): tags, comments,
numbered moves. Sphinx registers both in ``docs/conf.py``; code blocks name
them (```` ```seep-record ````).

>>> from pygments import lex
>>> from pygments.token import Token
>>> [(str(kind), text) for kind, text in lex("take JS #11", SeepNotationLexer()) if text.strip()]
[('Token.Keyword', 'take'), ('Token.Literal.String.Symbol', 'JS'), ('Token.Name.Constant', '#11')]
>>> tokens = list(lex('[Deal "1"]\\n0. s1 bid 11\\n', SeepRecordLexer()))
>>> [text for kind, text in tokens if kind in Token.Name.Tag or kind in Token.Name.Variable]
['[', 'Deal', ']', 's1']
"""

from __future__ import annotations

from typing import ClassVar

from pygments.lexer import RegexLexer, bygroups, include
from pygments.token import Comment, Keyword, Name, Number, Punctuation, String, Text

__all__ = ["SeepNotationLexer", "SeepRecordLexer"]

_MOVES = r"\b(bid|take|build|raise|throw)\b"
_CARD = r"(?i)\b(?:10|[A2-9TJQK])[SHDC]\b|(?:10|[A2-9TJQK])[♠♥♦♣]"

_NOTATION: list[tuple[str, object]] = [
    (_MOVES, Keyword),
    (_CARD, String.Symbol),
    (r"#\d+", Name.Constant),  # the house a take takes or a raise raises
    (r"=\d+", Name.Constant),  # the value a build builds
    (r"\b\d+\b", Number),
    (r"\s+", Text),
    (r".", Text),
]


class SeepNotationLexer(RegexLexer):
    """Move notation: ``bid 11``, ``throw 7C``, ``take JS 5C 6H TD #11``, ``raise 2C #9``."""

    name = "seep move notation"
    aliases: ClassVar[list[str]] = ["seep-notation"]
    filenames: ClassVar[list[str]] = []
    tokens: ClassVar[dict[str, list[object]]] = {"root": list(_NOTATION)}


class SeepRecordLexer(RegexLexer):
    """Game records: ``[Tag "value"]`` lines, ``{comments}``, moves ``N. sS MOVE``."""

    name = "seep game record"
    aliases: ClassVar[list[str]] = ["seep-record"]
    filenames: ClassVar[list[str]] = []
    tokens: ClassVar[dict[str, list[object]]] = {
        "root": [
            (r"\{", Comment, "comment"),
            (
                r'(\[)(\s*)(\w+)(\s+)("(?:[^"\\]|\\.)*")(\s*)(\])',
                bygroups(Name.Tag, Text, Name.Tag, Text, String, Text, Name.Tag),
            ),
            (
                r"^(\s*)(\d+)(\.)(\s+)(s\d+)\b",
                bygroups(Text, Number, Punctuation, Text, Name.Variable),
            ),
            include("notation"),
        ],
        "comment": [
            (r"[^}]+", Comment),
            (r"\}", Comment, "#pop"),
        ],
        "notation": list(_NOTATION),
    }
