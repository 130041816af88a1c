"""Reading document text safely: files as UTF-8, JSON with finite numbers, every size bounded.

:func:`read_text` reads a file the library loads (a byte-order mark is
dropped), :func:`load_json` parses JSON text. Each refuses what no seep
document holds with :class:`~seep.errors.InputError` naming the line: text
that is not UTF-8, ``NaN`` or ``Infinity``, an integer of more digits than
:data:`MAX_DIGITS`, nesting deeper than Python can follow, a document over
:data:`MAX_CHARS` characters.

>>> from seep._documents.text import load_json
>>> load_json('\\ufeff{"bid": 11}')
{'bid': 11}
>>> load_json('{"score": NaN}')
Traceback (most recent call last):
...
seep.errors.InputError: line 1: NaN is not a JSON number: a document's numbers are finite
>>> load_json('{"seed": ' + "1" * 5000 + "}")
Traceback (most recent call last):
...
seep.errors.InputError: an integer of 5000 digits: a document's integers have at most 100
"""

from __future__ import annotations

import json
import math
import os
import re
from typing import Any

from seep.errors import InputError

#: The most characters a document may hold (about 16 MB).
MAX_CHARS = 16_000_000
#: The most digits an integer in a document may have.
MAX_DIGITS = 100
_BOM = "\ufeff"
_STRING_OR_CONSTANT = re.compile(r'"(?:[^"\\]|\\.)*"|(-?Infinity|NaN)', re.DOTALL)


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of the file at ``path``: UTF-8, a leading byte-order mark dropped, bounded in size.

    ``OSError`` (no such file...) passes through; bad content raises :class:`~seep.errors.InputError`.
    """
    with open(path, "rb") as file:
        data = file.read(4 * MAX_CHARS + 1)
    if len(data) > 4 * MAX_CHARS:
        raise InputError(f"the file is larger than {4 * MAX_CHARS} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise InputError(f"byte {error.start} is not UTF-8 text", line=line) from None
    return check_size(text.removeprefix(_BOM))


def check_size(text: str) -> str:
    """``text`` itself, unless it holds more than :data:`MAX_CHARS` characters."""
    if len(text) > MAX_CHARS:
        raise InputError(f"a document holds at most {MAX_CHARS} characters, not {len(text)}")
    return text


def _constant(name: str) -> Any:
    raise InputError(f"{name} is not a JSON number: a document's numbers are finite")


def _integer(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise InputError(
            f"an integer of {digits} digits: a document's integers have at most {MAX_DIGITS}"
        )
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise InputError(f"{text[:20]} is too large a number: a document's numbers are finite")
    return value


def load_json(text: str) -> Any:
    """The JSON value of ``text`` (a leading byte-order mark dropped).

    ``json.JSONDecodeError`` passes through for text that is not JSON at all
    (the caller may read it another way); see the module for what is refused.
    """
    text = check_size(text.removeprefix(_BOM))
    try:
        return json.loads(text, parse_constant=_constant, parse_int=_integer, parse_float=_float)
    except InputError as error:
        raise InputError(error.reason, line=_line_of(text, error.reason)) from None
    except RecursionError:
        raise InputError("the JSON nests too deep for a seep document") from None


def _line_of(text: str, reason: str) -> int | None:
    """The line of the first ``NaN`` or ``Infinity`` in ``text`` outside strings, if ``reason`` names one."""
    if reason.split(" ", 1)[0] not in ("NaN", "Infinity", "-Infinity"):
        return None
    for found in _STRING_OR_CONSTANT.finditer(text):
        if found.group(1):
            return text.count("\n", 0, found.start()) + 1
    return None  # pragma: no cover - json only calls the hook for a constant it read
