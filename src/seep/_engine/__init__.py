"""The engine: the card-set tricks, the group searches, the schedule, the generator, the verifier, the transition.

The modules run as a pipeline, each using only those above it; the first
four need no state (the layers are mapped on the architecture page)::

    caches      the byte budget every cache of the package is kept under
    bits        card sets as 52-bit masks, their values and sums (R1.1)
    counting    how many loose sets qualify on a crowded floor, by value counts (R3.4, R11.7)
    groups      subset-sum searches over loose cards (R4.1, R4.3, R5.3)
    schedule    who plays and who is dealt what, when (R2.1, R2.2, R2.7 to R2.9, R11.1, R11.2)
    bypass      moves and states built from checked parts without their constructors
    facts       what a play reads of its variant, read once per variant
    generate    the legal moves, card by card: pick-ups, builds, raises, throw
    listing     what a move list holds, and its move at an index
    verify      one legality check that also names the broken rule
    effects     what a move does to the table: houses, owners, piles, last capture, the bid
    transition  play the card, deal what follows, finish the deal, record the history, build the state

The public modules (:mod:`seep.rules`, :mod:`seep.deal`, :mod:`seep.choice`)
are façades over it. The architecture page of the documentation maps each
rule id to the one function here that decides it (a test checks the map
against the code).

Nothing is imported here, so that :mod:`seep.cards` can use :mod:`.bits`
without importing the rest of the engine. The whole package is what the
opt-in compiled build compiles with mypyc.
"""
