"""seep: a complete, typed rules engine for the card game Seep.

>>> from seep import new_deal, legal_moves, apply_move
>>> state = new_deal("standard", seed=7)
>>> state = apply_move(state, legal_moves(state)[0])
>>> state.bid
10
"""

from seep._version import __version__
from seep.cards import Card, CardSet
from seep.deal import new_deal
from seep.errors import (
    IllegalMoveError,
    InvalidStateError,
    MisdealError,
    NotationError,
    SeepError,
)
from seep.moves import Bid, Build, Move, Raise, Take, Throw
from seep.notation import format_move, format_state, parse_move
from seep.rules import apply_move, check_move, is_legal, legal_moves
from seep.scoring import DealScore, TeamScore, deal_score
from seep.serialization import move_from_dict, move_to_dict, state_from_dict, state_to_dict
from seep.state import House, Phase, SeepRecord, State
from seep.variants import STANDARD, Variant, get_variant, register_variant

__all__ = [
    "STANDARD",
    "Bid",
    "Build",
    "Card",
    "CardSet",
    "DealScore",
    "House",
    "IllegalMoveError",
    "InvalidStateError",
    "MisdealError",
    "Move",
    "NotationError",
    "Phase",
    "Raise",
    "SeepError",
    "SeepRecord",
    "State",
    "Take",
    "TeamScore",
    "Throw",
    "Variant",
    "__version__",
    "apply_move",
    "check_move",
    "deal_score",
    "format_move",
    "format_state",
    "get_variant",
    "is_legal",
    "legal_moves",
    "move_from_dict",
    "move_to_dict",
    "new_deal",
    "parse_move",
    "register_variant",
    "state_from_dict",
    "state_to_dict",
]
