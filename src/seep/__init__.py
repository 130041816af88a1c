"""seep: a complete, typed rules engine for the card game Seep.

>>> from seep import new_deal, legal_moves, apply_move
>>> state = new_deal("standard", seed=7)
>>> state = apply_move(state, legal_moves(state)[0])
>>> state.bid
10
"""

from seep._util.deprecation import renamed_names
from seep._version import __version__
from seep.baazi import (
    Baazi,
    DealRecord,
    SheetRow,
    apply_baazi_move,
    baazi_from_dict,
    baazi_to_dict,
    new_baazi,
    next_baazi,
)
from seep.caching import cache_report, clear_caches, set_cache_budget
from seep.cards import Card, CardSet
from seep.choice import FINISH, HOUSE, Action, MoveChoice
from seep.deal import new_deal
from seep.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidStateError,
    MisdealError,
    NotationError,
    SeepError,
    UnknownVariantError,
    VariantError,
)
from seep.moves import Bid, Build, Move, Raise, Take, Throw
from seep.notation import format_move, parse_move
from seep.perft import perft, perft_divide
from seep.render import state_text
from seep.rules import (
    MoveList,
    apply_move,
    check_move,
    count_legal_moves,
    is_legal,
    iter_legal_moves,
    legal_moves,
)
from seep.scoring import DealScore, TeamScore, deal_score
from seep.serialization import move_from_dict, move_to_dict, state_from_dict, state_to_dict
from seep.state import House, Phase, SeepRecord, State
from seep.variants import (
    STANDARD,
    STANDARD_2P,
    TAASH,
    TAASH_2P,
    Variant,
    get_variant,
    register_variant,
    variant_names,
)

__all__ = [
    "FINISH",
    "HOUSE",
    "STANDARD",
    "STANDARD_2P",
    "TAASH",
    "TAASH_2P",
    "Action",
    "AmbiguousMoveError",
    "Baazi",
    "Bid",
    "Build",
    "Card",
    "CardSet",
    "DealRecord",
    "DealScore",
    "House",
    "IllegalMoveError",
    "InvalidStateError",
    "MisdealError",
    "Move",
    "MoveChoice",
    "MoveList",
    "NotationError",
    "Phase",
    "Raise",
    "SeepError",
    "SeepRecord",
    "SheetRow",
    "State",
    "Take",
    "TeamScore",
    "Throw",
    "UnknownVariantError",
    "Variant",
    "VariantError",
    "__version__",
    "apply_baazi_move",
    "apply_move",
    "baazi_from_dict",
    "baazi_to_dict",
    "cache_report",
    "check_move",
    "clear_caches",
    "count_legal_moves",
    "deal_score",
    "format_move",
    "get_variant",
    "is_legal",
    "iter_legal_moves",
    "legal_moves",
    "move_from_dict",
    "move_to_dict",
    "new_baazi",
    "new_deal",
    "next_baazi",
    "parse_move",
    "perft",
    "perft_divide",
    "register_variant",
    "set_cache_budget",
    "state_from_dict",
    "state_text",
    "state_to_dict",
    "variant_names",
]


def _format_state() -> object:
    from seep.render import _format_state

    return _format_state


__getattr__ = renamed_names(
    __name__, {"format_state": ("seep.state_text(state, symbols=False)", _format_state)}
)
