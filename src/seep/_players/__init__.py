"""What the players at the top of the package share: the environments' stepper, the terminal game, the seep hint, Elo, the strongest bot.

:mod:`seep.gymnasium` and :mod:`seep.pettingzoo` step a deal with
:mod:`.stepper`; ``seep play`` (:mod:`seep.cli`) runs :mod:`.terminal`;
:class:`seep.bots.GreedyBot` and ``seep play --hints`` read :mod:`.sweeps`;
:func:`seep.sim.ratings` fits a ladder's Elo ratings with :mod:`.elo`;
:class:`seep.bots.BestBot` is :mod:`.best`.
"""
