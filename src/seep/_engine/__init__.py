"""The engine: the card-set tricks, the group searches, the schedule, the generator, the verifier, the transition.

The modules run as a pipeline, each using only those above it::

    bits        card sets as 52-bit masks, their values and sums (R1.1)
    counting    how many loose sets qualify on a crowded floor, by value counts (R3.4, R11.7)
    groups      subset-sum searches over loose cards (R4.1, R4.3, R5.3)
    schedule    who plays and who is dealt what, when (R2.1, R2.2, R2.7 to R2.9, R11.1, R11.2)
    generate    the legal moves, card by card: pick-ups, builds, raises, throw
    listing     what a move list holds, and its move at an index
    verify      one legality check that also names the broken rule
    effects     what a move does to the table: houses, owners, piles, last capture, the bid
    transition  play the card, deal what follows, finish the deal, record the history, build the state

The public modules (:mod:`seep.rules`, :mod:`seep.deal`, :mod:`seep.choice`)
are façades over it. Where each rule is decided:

======  ==============================================================
Rule    Where
======  ==============================================================
R2.1    ``schedule.first_to_play``
R2.6    ``generate.Position.first_play``; ``verify._first_play``
R2.7    ``transition.deal_following``, ``schedule.packet_order``
R2.8    ``schedule.seat_to_play``
R2.9    ``transition.deal_following`` (the second batch)
R3.1    ``verify.violation`` (the card is held)
R3.2    ``generate.Position.is_bound``, ``Position.keeps_card_for``
R4.1    ``groups.is_union_of_groups``; ``verify._take``
R4.2    ``verify._take``; ``generate.Position.plans`` (1. pick-ups)
R4.3    ``groups.maximal_packings``, ``Position.plans`` (1.), ``Position.must_take_house``
R4.5    ``effects.play_card``, ``transition._seep``
R5.2    ``generate.Position.plans`` (2. builds), ``Position.house_sets``; ``verify._build``
R5.3    ``groups.based_unions``; ``verify._build``
R6.1    ``generate.Position.plans`` (2.); ``verify._build``
R6.3    ``generate.Position`` (``keep``), ``Position.keeps_card_for``
R7.1    ``generate.Position`` (``raisable``), ``Position.plans`` (3. raises); ``verify._raise``
R7.2    ``generate.Position.plans`` (3.); ``effects.play_card``
R7.3    ``generate.Position`` (``raisable``); ``verify._raise``
R7.4    ``effects.play_card``
R8.2    ``generate.Position`` (``throwable``), ``Position.plans`` (4. throw); ``verify._throw``
R9.1    ``effects.finish_deal``
R11.1   ``schedule.opening_packets`` (:class:`seep.variants.HouseRound`)
R11.2   ``generate.Position.opening_moves``, ``Position.can_build``; ``verify._opening_round``; ``effects.bid_after``
R11.3   ``generate.Position.plans`` (1.), ``Position`` (``throwable``); ``verify._take``
======  ==============================================================

Nothing is imported here, so that :mod:`seep.cards` can use :mod:`.bits`
without importing the rest of the engine. The whole package is what the
opt-in compiled build compiles with mypyc.
"""
