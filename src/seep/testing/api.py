"""The engine's contracts, checked on random deals of any variant: :func:`api_test`.

Like the API tests that game libraries ship for their users' environments,
:func:`api_test` plays random deals of a variant (a custom one too) and
checks at every step what the engine promises: cards, legal moves,
notation, JSON, views, consistent sampling, the deal as chance events,
the action encoding, observations, pictures, scores, the match rule and
game records, then plays a deal through each framework adapter that is
installed. It needs nothing but ``seep`` itself (no Hypothesis; the
frameworks only when they are there).

>>> from seep.testing import api_test
>>> report = api_test("standard-2p", deals=1, seed=5, moves_per_state=4)
>>> report.variant, report.deals, report.plays, report.records
('standard-2p', 1, 48, 1)
"""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any

import attrs

from seep._engine.bits import HIGH_MASK
from seep.actions import NUM_ACTIONS, actions_of, legal_actions, move_of
from seep.cards import ALL_CARDS, Card, CardSet
from seep.chance import InitialDeal, PacketDeal, play_move, start_deal
from seep.deal import new_deal
from seep.history import Dealt
from seep.moves import Bid, Move
from seep.notation import format_move, parse_move
from seep.observation import (
    information_state_length,
    information_state_string,
    information_state_vector,
    observation_bounds,
    observation_layout,
    observation_length,
    observation_vector,
)
from seep.rules import apply_move, check_move, count_legal_moves, is_legal, legal_moves
from seep.sampling import sample_deal, sample_state
from seep.scoring import deal_score
from seep.serialization import move_from_dict, move_to_dict, state_from_dict, state_to_dict
from seep.state import State
from seep.svg import state_svg, view_svg
from seep.testing._adapters import ADAPTERS
from seep.variants import Standing, Variant, get_variant, variant_names
from seep.variants._answers import first_dealer_of_next_match, next_dealer, next_standing
from seep.views import View, observe, view_from_dict, view_to_dict

__all__ = ["ApiTestReport", "api_test"]

_ALL = (1 << 52) - 1


@attrs.frozen(kw_only=True)
class ApiTestReport:
    """What :func:`api_test` checked: counts, for a glance at how much was covered.

    ``deals`` deals were played to the end (``plays`` cards in all);
    ``states`` states were checked (every state on the way, start and end
    included); ``moves`` legal moves were applied and round-tripped;
    ``views`` seat views were checked for leaks; ``samples`` deals sampled
    from a seat's view were dealt again from their deck and replayed;
    ``chance`` deals were played as chance events; ``seeps`` seeps were
    made; ``records`` game records were written, read back and replayed
    (none for a variant that is not registered, since a record names its
    variant). ``actions`` legal moves were encoded as action ids and
    decoded back, and in ``encodings`` states the whole tree of
    :func:`seep.actions.legal_actions` was walked and found to be exactly
    the legal moves; ``observations`` views were encoded as vectors (their
    information states too at the sampling points); ``pictures`` pictures
    were drawn and parsed as XML; ``standings`` deal results went through
    the match and dealer rules. ``adapters`` names the framework adapters
    that played a deal of the variant by its name; ``skipped`` says which
    were not run and why (a framework not installed, a variant not
    registered, or ``adapters=False``).

    >>> from seep.testing import api_test
    >>> report = api_test("standard", deals=1, seed=0, moves_per_state=2, adapters=False)
    >>> report.plays, report.seeps
    (48, 2)
    >>> report.views == 4 * report.states == report.observations  # every seat, every state
    True
    >>> report.adapters, report.skipped
    ((), ('adapters: not asked for (adapters=False or no deals)',))
    """

    variant: str
    deals: int
    plays: int
    states: int
    moves: int
    views: int
    samples: int
    chance: int
    seeps: int
    records: int
    actions: int = 0
    encodings: int = 0
    observations: int = 0
    pictures: int = 0
    standings: int = 0
    adapters: tuple[str, ...] = ()
    skipped: tuple[str, ...] = ()


class _Checker:
    """The checks of :func:`api_test` on one state; failures raise ``AssertionError``."""

    def __init__(
        self, variant: Variant, rng: random.Random, moves_per_state: int | None, seed: int = 0
    ) -> None:
        self.variant = variant
        self.rng = rng
        self.moves_per_state = moves_per_state
        self.where = ""
        self.states = self.moves = self.views = self.records = self.samples = self.chance = 0
        self.actions = self.encodings = self.observations = self.pictures = self.standings = 0
        self.standing = Standing()
        self.bounds: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        # The exact samples and chance checks draw from their own generator, so that
        # the other checks draw the same whichever of these run.
        self.sampling_rng = random.Random(f"api_test/sampling/{seed}")

    def fail(self, what: str) -> AssertionError:
        return AssertionError(f"api_test({self.variant.name!r}): {self.where}: {what}")

    def cards(self, state: State) -> None:
        """R1.1: the 52 cards, each exactly once, across hands, stock, floor and piles."""
        parts = [
            *(hand.mask for hand in state.hands),
            *(pile.mask for pile in state.piles),
            state.loose.mask,
            *(house.cards.mask for house in state.houses),
        ]
        stock = 0
        for card in state.stock:
            stock |= 1 << card
        union = stock
        count = len(state.stock)
        for mask in parts:
            union |= mask
            count += mask.bit_count()
        if union != _ALL or count != 52:
            missing = CardSet(_ALL & ~union)
            raise self.fail(
                f"{count} cards in the state, the 52 cards needed each once (R1.1); "
                f"missing: {missing or '-'}"
            )

    def json(self, state: State) -> None:
        """JSON documents: the state survives ``state_to_dict`` / ``state_from_dict``."""
        doc = state_to_dict(state)
        try:
            back = state_from_dict(doc, variant=self.variant)
        except Exception as error:
            raise self.fail(
                f"state_from_dict refuses state_to_dict's document: {error!r}"
            ) from None
        if back != state:
            raise self.fail("state_from_dict(state_to_dict(state)) != state")

    def move(self, state: State, move: Move) -> State:
        """The move round-trips, is legal, applies, and leaves ``state`` unchanged."""
        text = format_move(move)
        try:
            parsed = parse_move(text)
        except Exception as error:
            raise self.fail(f"parse_move({text!r}) failed: {error!r}") from None
        if parsed != move or format_move(parsed) != text:
            raise self.fail(f"notation round trip of {move!r}: {text!r} reads as {parsed!r}")
        doc = move_to_dict(move)
        if move_from_dict(doc) != move:
            raise self.fail(f"move_from_dict(move_to_dict(m)) != m for {text!r}")
        if not is_legal(state, move):
            raise self.fail(f"legal_moves lists {text!r} but is_legal says no")
        before = state_to_dict(state)
        try:
            check_move(state, move)
            after = apply_move(state, move)
        except Exception as error:
            raise self.fail(f"the legal move {text!r} does not apply: {error!r}") from None
        if state_to_dict(state) != before:
            raise self.fail(f"apply_move changed the state it was given ({text!r})")
        expected = state.plays + (0 if isinstance(move, Bid) else 1)
        if after.plays != expected:
            raise self.fail(f"{text!r}: plays went from {state.plays} to {after.plays}")
        self.cards(after)
        self.moves += 1
        return after

    def encoding(self, state: State, move: Move) -> tuple[int, ...]:
        """The move's action ids: each one offered by ``legal_actions``, the whole decoding back."""
        text = format_move(move)
        try:
            ids = actions_of(state, move)
            offered = [legal_actions(state, ids[:length]) for length in range(len(ids) + 1)]
            decoded = move_of(state, ids)
        except Exception as error:
            raise self.fail(f"the action ids of the legal move {text!r}: {error!r}") from None
        for length, action in enumerate(ids):
            if not 0 <= action < NUM_ACTIONS or action not in offered[length]:
                raise self.fail(
                    f"legal_actions after {list(ids[:length])} does not offer {action}, "
                    f"the next id of {text!r}"
                )
        if offered[-1]:
            raise self.fail(f"the ids {list(ids)} of {text!r} are the start of a longer move")
        if decoded != move:
            raise self.fail(f"move_of gives {decoded!r} for the ids {list(ids)} of {text!r}")
        self.actions += 1
        return ids

    def action_tree(self, state: State, encodings: set[tuple[int, ...]]) -> None:
        """Every path through ``legal_actions`` is the ids of exactly one legal move, and back."""
        paths: set[tuple[int, ...]] = set()
        stack: list[tuple[int, ...]] = [()]
        while stack:
            prefix = stack.pop()
            try:
                following = legal_actions(state, prefix)
            except Exception as error:
                raise self.fail(
                    f"legal_actions after {list(prefix)}, a prefix it offered: {error!r}"
                ) from None
            if following:
                stack.extend((*prefix, action) for action in following)
            elif prefix:
                paths.add(prefix)
        if paths != encodings:
            extra = sorted(paths - encodings)[:3]
            missing = sorted(encodings - paths)[:3]
            raise self.fail(
                f"the id sequences legal_actions allows are not the legal moves' ids: "
                f"not a move {extra}, not allowed {missing}"
            )
        self.encodings += 1

    def observation(self, view: View, recall: bool) -> None:
        """The view's vector: its length and bounds; with ``recall`` its information state too."""
        try:
            if self.bounds is None:  # asks the seep rule of every play (R4.5)
                self.bounds = observation_bounds(self.variant)
            vector = observation_vector(view)
        except Exception as error:
            raise self.fail(f"the observation of seat {view.seat}: {error!r}") from None
        low_bounds, high_bounds = self.bounds
        if len(vector) != len(low_bounds):
            raise self.fail(
                f"observation_vector of seat {view.seat} has {len(vector)} ints, "
                f"observation_length {observation_length(self.variant)}"
            )
        for index, (value, low, high) in enumerate(
            zip(vector, low_bounds, high_bounds, strict=True)
        ):
            if not low <= value <= high:
                field = next(
                    name
                    for name, where in observation_layout(self.variant).items()
                    if where.start <= index < where.stop
                )
                raise self.fail(
                    f"the observation of seat {view.seat}: {field} is {value}, "
                    f"outside observation_bounds {low}..{high}"
                )
        if recall:
            try:
                information = information_state_vector(view)
                text = information_state_string(view)
            except Exception as error:
                raise self.fail(f"the information state of seat {view.seat}: {error!r}") from None
            if len(information) != information_state_length(self.variant):
                raise self.fail(
                    f"information_state_vector of seat {view.seat} has {len(information)} ints, "
                    f"information_state_length {information_state_length(self.variant)}"
                )
            if information[: len(vector)] != vector or not text:
                raise self.fail(f"the information state of seat {view.seat} starts elsewhere")
        self.observations += 1

    def pictures_of(self, state: State) -> None:
        """The state's picture and the view of the seat to move are SVG documents (valid XML)."""
        seat = state.to_move if state.to_move is not None else state.dealer
        for name in ("state_svg", "view_svg"):
            try:
                drawn = state_svg(state) if name == "state_svg" else view_svg(observe(state, seat))
                root = ElementTree.fromstring(drawn)
            except Exception as error:
                raise self.fail(f"{name} does not draw valid XML: {error!r}") from None
            if root.tag != "{http://www.w3.org/2000/svg}svg":
                raise self.fail(f"{name} draws a <{root.tag}>, not an SVG document")
            self.pictures += 1

    def views_of(self, state: State, recall: bool) -> None:
        """No view leaks: it names no hidden card, round-trips, survives resampling, encodes."""
        stock = 0
        for card in state.stock:
            stock |= 1 << card
        for seat in range(state.players):
            view = observe(state, seat)
            hidden = stock | (0 if state.face_up else state.loose.mask)
            for other, hand in enumerate(state.hands):
                if other != seat:
                    hidden |= hand.mask
            doc = view_to_dict(view)
            shown = CardSet.of(_card_strings(doc))
            if shown.mask & hidden:
                leaked = CardSet(shown.mask & hidden)
                raise self.fail(f"the view of seat {seat} shows hidden cards {leaked}")
            if view_from_dict(doc, variant=self.variant) != view:
                raise self.fail(f"view_from_dict(view_to_dict(v)) != v for seat {seat}")
            try:
                sample = sample_state(view, self.rng)
            except Exception as error:
                raise self.fail(f"sample_state for seat {seat} failed: {error!r}") from None
            if observe(sample, seat) != view:
                raise self.fail(
                    f"seat {seat} sees something else in a state resampled from its view: "
                    "observe() depends on hidden cards"
                )
            self.observation(view, recall)
            self.views += 1

    def sampled_deals(self, state: State) -> None:
        """Every seat's view: a sampled deal is dealt by ``new_deal`` from its deck and replays to it."""
        for seat in range(state.players):
            view = observe(state, seat)
            try:
                deal = sample_deal(view, self.sampling_rng)
                replayed = new_deal(self.variant, deck=deal.deck, dealer=deal.dealer)
                for move in deal.moves:
                    replayed = apply_move(replayed, move)
            except Exception as error:
                raise self.fail(
                    f"a deal sampled from seat {seat}'s view does not replay: {error!r}"
                ) from None
            if attrs.evolve(replayed, redeals=state.redeals) != deal.state:
                raise self.fail(f"the deck sampled for seat {seat} replays to another state")
            if observe(deal.state, seat) != view:
                raise self.fail(
                    f"seat {seat} sees something else in the deal sampled from its view"
                )
            self.samples += 1

    def initial_deal(self, start: State, deck: Sequence[Card]) -> None:
        """The deal as chance events gives ``deck`` exactly the probability ``new_deal`` gives it.

        ``new_deal`` deals uniformly among the decks that are not void
        (R2.3), so every start it can make has probability one over the
        number of them; the chance nodes must give each the same, card by
        card in the variant's packet order, and end in the same state. Also
        walked: the deal that takes the lowest card offered at every step,
        which a void deal would be the end of.
        """
        opening = [entry for entry in start.history if isinstance(entry, Dealt)]
        dealt = sum(entry.count for entry in opening)
        bidder_cards = len(start.hands[start.bidder]) if self.variant.opening.bids else 0
        low = sum(1 for card in ALL_CARDS if not HIGH_MASK >> card & 1)
        void = math.perm(low, bidder_cards) * math.perm(52 - bidder_cards, dealt - bidder_cards)
        starts = math.perm(52, dealt) - (void if bidder_cards else 0)
        expected_recipients = tuple(entry.to for entry in opening for _ in range(entry.count))
        for path in ("deck", "lowest"):
            lowest: list[Card] = []
            node: InitialDeal | State = start_deal(self.variant, dealer=start.dealer, order=deck)
            chance = Fraction(1)
            while isinstance(node, InitialDeal):
                if node.recipients != expected_recipients:
                    raise self.fail(
                        f"the chance deal deals to {node.recipients}, new_deal to "
                        f"{expected_recipients} (the variant's packet order, R2.2, R11.1)"
                    )
                outcomes = dict(node.outcomes())
                if sum(outcomes.values()) != 1:
                    raise self.fail("the chance outcomes of the initial deal do not sum to 1")
                card = deck[len(node.dealt)] if path == "deck" else min(outcomes)
                if card not in outcomes:
                    raise self.fail(f"the chance deal cannot deal {card} where new_deal did")
                chance *= outcomes[card]
                lowest.append(card)
                try:
                    node = node.deal(card)
                except Exception as error:
                    raise self.fail(f"the chance deal of {card} raised {error!r}") from None
            if chance != Fraction(1, starts):
                raise self.fail(
                    f"the chance deal gives a start probability {chance}, new_deal 1/{starts} (R2.3)"
                )
            rest = [card for card in deck if card not in lowest]
            expected = new_deal(self.variant, deck=[*lowest, *rest], dealer=start.dealer)
            if node != attrs.evolve(expected, redeals=0):
                raise self.fail("the chance deal ends in another state than new_deal's")
        self.chance += 1

    def packets(self, state: State, move: Move, after: State) -> None:
        """A move that deals: its chance node deals every undealt card alike, to the seats dealt."""
        try:
            node: PacketDeal | State = play_move(state, move)
        except Exception as error:
            raise self.fail(f"{format_move(move)!r} as a chance event raised {error!r}") from None
        if len(after.stock) == len(state.stock):
            if node != after:
                raise self.fail(f"{format_move(move)!r} as a chance event is another move")
            return
        while isinstance(node, PacketDeal):
            outcomes = node.outcomes()
            if {card for card, _ in outcomes} != set(state.stock) - set(node.dealt) or any(
                chance != Fraction(1, len(outcomes)) for _, chance in outcomes
            ):
                raise self.fail("the chance node of a packet does not deal the stock uniformly")
            card = state.stock[len(node.dealt)]  # dealt from the top of the stock
            if card not in after.hands[node.recipient]:
                raise self.fail(f"the chance deal gives {card} to seat {node.recipient}")
            node = node.deal(card)
        if node != after:
            raise self.fail(
                f"the cards {format_move(move)!r} deals, as chance events, end elsewhere"
            )

    def state(self, state: State, sampling: bool) -> Sequence[Move]:
        """Check one state of a deal (more of it at a sampling point); return its legal moves."""
        self.states += 1
        self.cards(state)
        self.json(state)
        self.views_of(state, recall=sampling)
        if sampling:
            self.pictures_of(state)
        try:
            moves = legal_moves(state)
        except Exception as error:
            raise self.fail(f"legal_moves raised {error!r}") from None
        if state.is_over:
            if moves or legal_actions(state):
                raise self.fail("the deal is over but legal_moves or legal_actions is not empty")
            return moves
        if not moves:
            raise self.fail("no legal move before the end of the deal (R3.3)")
        listed = tuple(moves)
        if count_legal_moves(state) != len(listed) or len(set(listed)) != len(listed):
            raise self.fail("count_legal_moves or duplicates disagree with legal_moves")
        if list(moves) != sorted(moves):
            raise self.fail("legal_moves is not in canonical order")
        checked: Sequence[Move] = listed
        limit = self.moves_per_state
        if limit is not None and len(moves) > limit:
            checked = tuple(self.rng.sample(moves, limit))
        encodings = set()
        for move in checked:
            self.move(state, move)
            encodings.add(self.encoding(state, move))
        if len(encodings) != len(checked):
            raise self.fail("two legal moves have the same action ids")
        if checked is listed:  # every legal move listed: the id tree must be exactly them
            self.action_tree(state, encodings)
        return moves

    def final(self, state: State) -> None:
        """R9: every card played; the floor swept to the last capturer; scores add up."""
        variant = self.variant
        if state.plays != variant.plays_per_deal:
            raise self.fail(f"the deal ended after {state.plays} plays")
        if state.to_move is not None or any(state.hands) or state.stock or state.houses:
            raise self.fail("a finished deal has no mover, no hands, no stock and no houses")
        score = deal_score(state)
        self.standings_after(state, score.totals)
        for team in score.teams:
            values = (team.cards, team.seeps, team.total)
            if any(type(value) is not int for value in values):
                raise self.fail(f"deal_score gave non-int points {team!r}")
            if team.cards + team.seeps != team.total:
                raise self.fail(f"deal_score total is not cards + seeps: {team!r}")
        if state.last_capture is None:
            if any(state.piles) or score.totals != (0,) * len(score.totals):
                raise self.fail("nobody captured, yet something was scored (R9.2)")
            return
        if state.loose:
            raise self.fail("the floor was not swept to the last capturer (R9.2)")
        table = variant.card_points
        sizes = [len(pile) for pile in state.piles]
        expected = sum(table.points)
        if table.most_cards and sizes.count(max(sizes)) == 1:
            expected += table.most_cards
        cards = sum(team.cards for team in score.teams)
        if cards != expected:
            raise self.fail(
                f"the teams' card points add up to {cards}, the variant's table to {expected}"
            )

    def standings_after(self, state: State, totals: tuple[int, ...]) -> None:
        """The match rule takes the deal's totals (R10, R11.6, R12); the dealer rule names a seat."""
        variant = self.variant
        before = self.standing
        try:
            after = next_standing(variant, before, (totals[0], totals[1]))
            next_dealer(variant, state.dealer, after.lead)
            first_dealer_of_next_match(variant, state.dealer, after.lead)
        except Exception as error:
            raise self.fail(f"the match or dealer rule: {error}") from None
        self.standing = Standing() if after.over else after
        self.standings += 1

    def record(self, start: State, moves: Sequence[Move], final: State) -> None:
        """The deal's game record replays to its final state, through text and JSON."""
        name = self.variant.name
        if name not in variant_names() or get_variant(name) != self.variant:
            return  # a record names its variant, so only a registered one can be read back
        from seep.records import (
            format_record,
            parse_record,
            record_from_deal,
            record_from_dict,
            record_to_dict,
            replay_record,
        )

        try:
            record = record_from_deal(start, moves)
            text = format_record(record)
            read = parse_record(text)  # also verifies every move and the score
            loaded = record_from_dict(record_to_dict(record))
        except Exception as error:
            raise self.fail(f"the deal's game record does not round-trip: {error!r}") from None
        if read != record or loaded != record:
            raise self.fail("the deal's game record reads back different")
        if replay_record(read)[0][-1] != final:
            raise self.fail("the deal's game record replays to another final state")
        self.records += 1


def _deck(start: State) -> list[Card]:
    """A deck that ``new_deal`` deals into ``start``: its opening packets in order, then the stock."""
    deck: list[Card] = []
    for entry in start.history:
        if isinstance(entry, Dealt) and entry.cards is not None:
            deck.extend(entry.cards)
    return [*deck, *start.stock]


def _sampling_point(previous: State | None, state: State) -> bool:
    """Where :func:`api_test` samples every seat's view: the start, the bid, each dealing,
    the middle and the end of a deal."""
    return (
        previous is None
        or state.plays == 0
        or len(state.stock) < len(previous.stock)
        or state.plays == state.variant.plays_per_deal // 2 != previous.plays
        or state.is_over
    )


def _card_strings(doc: Any) -> Iterator[str]:
    """Every two-character card string inside a JSON document."""
    if isinstance(doc, str):
        if len(doc) == 2 and doc[0] in "A23456789TJQK" and doc[1] in "SHDC":
            yield doc
    elif isinstance(doc, dict):
        for value in doc.values():
            yield from _card_strings(value)
    elif isinstance(doc, list):
        for item in doc:
            yield from _card_strings(item)


def api_test(
    variant: str | Variant = "standard",
    *,
    deals: int = 5,
    seed: int = 0,
    moves_per_state: int | None = 64,
    adapters: bool = True,
) -> ApiTestReport:
    """Play ``deals`` random deals of ``variant`` and check the engine's contracts.

    Use it on a custom variant (a house rule, a new seep or match rule) to
    see that the engine and the new rule objects work together. Deal ``i``
    is shuffled from ``seed + i`` with dealer ``i % players``; moves are
    chosen at random from ``random.Random(seed)``, so a run is reproducible
    (and the deals played do not depend on ``moves_per_state``).
    At every state of every deal it checks:

    * the 52 cards are all there, each once (R1.1), before and after every
      move;
    * there is a legal move until the deal ends (R3.3), none after;
      :func:`seep.count_legal_moves` agrees, no move is listed twice and the
      order is canonical;
    * every legal move (at most ``moves_per_state`` of them, a random
      sample on crowded floors; ``None`` for all) round-trips through
      notation and JSON, is accepted by :func:`seep.is_legal` and
      :func:`seep.check_move`, applies, adds one play (none for a bid), and
      leaves the state it was applied to unchanged;
    * the state round-trips through JSON (the JSON documents);
    * no view leaks: the JSON of each seat's view names none of the cards
      that seat cannot see, round-trips, and a state resampled from the
      view (:func:`seep.sampling.sample_state`) gives the same view;
    * the deal ends after 48 plays with no hands, stock or houses left; the
      floor went to the last capturer (R9.2); every seep bonus is an
      ``int``; and the teams' card points add up to the variant's
      card-point table (plus its most-cards bonus unless tied) when anyone
      captured, to nothing when nobody did;
    * every legal move checked is one sequence of :mod:`seep.actions` ids,
      each offered by :func:`seep.actions.legal_actions` after the ones
      before it and nothing after the last, and
      :func:`seep.actions.move_of` decodes it back; where every legal move
      is checked, the sequences :func:`~seep.actions.legal_actions` allows
      are exactly theirs (so none is the start of another);
    * every seat's :func:`seep.observation.observation_vector` has the
      variant's length and lies within
      :func:`seep.observation.observation_bounds`; at the sampling points
      its information state has its length too, and the state's and the
      mover's pictures (:mod:`seep.svg`) parse as SVG;
    * each deal's totals go through the match rule (the deal counted, a
      winner only once the match is over) and the dealer rule names seats;
    * for a registered variant, the deal's game record
      (:mod:`seep.records`) survives text and JSON, passes
      :func:`seep.records.verify_record` and replays to the same final state;
    * with ``adapters`` (the default), for a registered variant, one deal
      through each installed framework adapter (OpenSpiel, PettingZoo,
      Gymnasium) loading the variant by its name; the frameworks are
      imported only then, and those not installed are listed in
      :attr:`ApiTestReport.skipped`.

    A failure raises :class:`AssertionError` saying which deal, play and
    move (or which adapter); anything the engine raises on the way is
    turned into one. Returns an :class:`ApiTestReport`.

    >>> from seep.testing import api_test
    >>> import attrs
    >>> from seep import STANDARD
    >>> from seep.variants import SeepBonus
    >>> house_rule = attrs.evolve(STANDARD, name="big-seeps", seep_bonus=SeepBonus(normal=100))
    >>> report = api_test(house_rule, deals=1, seed=3, moves_per_state=8)
    >>> report.deals, report.plays
    (1, 48)
    """
    rules = get_variant(variant)
    if not isinstance(deals, int) or deals < 0:
        raise ValueError(f"deals is a non-negative int, not {deals!r}")
    if moves_per_state is not None and moves_per_state < 1:
        raise ValueError(f"moves_per_state is None or at least 1, not {moves_per_state!r}")
    rng = random.Random(seed)  # the moves played; the checks draw from their own generator
    checker = _Checker(rules, random.Random(f"api_test/{seed}"), moves_per_state, seed)
    plays = seeps = 0
    limit = rules.plays_per_deal + 2  # the cards, a bid, one spare
    for number in range(deals):
        dealer = number % rules.players
        checker.where = f"deal {number + 1} (seed {seed + number}, dealer {dealer}), start"
        try:
            state = new_deal(rules, seed=seed + number, dealer=dealer)
        except Exception as error:
            raise checker.fail(f"new_deal raised {error!r}") from None
        start = state
        checker.initial_deal(start, _deck(start))
        played: list[Move] = []
        previous: State | None = None
        for _ in range(limit):
            sampling = _sampling_point(previous, state)
            moves = checker.state(state, sampling)
            if sampling:
                checker.sampled_deals(state)
            if state.is_over:
                break
            move = moves[rng.randrange(len(moves))]
            played.append(move)
            previous, state = state, checker.move(state, move)
            checker.packets(previous, move, state)
            checker.where = (
                f"deal {number + 1} (seed {seed + number}, dealer {dealer}), "
                f"play {state.plays}, after {format_move(move)!r}"
            )
        else:
            raise checker.fail(f"the deal did not end within {limit} moves")
        checker.final(state)
        checker.record(start, played, state)
        plays += state.plays
        seeps += len(state.seeps)
    checked, skipped = _adapters(rules, seed, checker, adapters and deals > 0)
    return ApiTestReport(
        variant=rules.name,
        deals=deals,
        plays=plays,
        states=checker.states,
        moves=checker.moves,
        views=checker.views,
        samples=checker.samples,
        chance=checker.chance,
        seeps=seeps,
        records=checker.records,
        actions=checker.actions,
        encodings=checker.encodings,
        observations=checker.observations,
        pictures=checker.pictures,
        standings=checker.standings,
        adapters=checked,
        skipped=skipped,
    )


def _adapters(
    rules: Variant, seed: int, checker: _Checker, asked: bool
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Play one deal through each installed framework adapter, the variant loaded by its name.

    Returns the adapters checked and a note for each one skipped.
    """
    if not asked:
        return (), ("adapters: not asked for (adapters=False or no deals)",)
    name = rules.name
    if name not in variant_names() or get_variant(name) != rules:
        return (), (f"adapters: {name!r} is not registered (the adapters load variants by name)",)
    checked: list[str] = []
    skipped: list[str] = []
    for adapter, check in ADAPTERS:
        checker.where = f"the {adapter} adapter, variant {name!r}"
        try:
            check(rules, random.Random(f"api_test/{adapter}/{seed}"), checker.fail)
        except ImportError as error:
            skipped.append(f"{adapter}: not installed ({error.name or error})")
            continue
        except AssertionError:
            raise
        except Exception as error:
            raise checker.fail(f"raised {error!r}") from None
        checked.append(adapter)
    return tuple(checked), tuple(skipped)
