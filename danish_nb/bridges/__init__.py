"""danish_nb's games for game-AI research: OpenSpiel games (:mod:`.openspiel`) and PettingZoo
AEC environments (:mod:`.pettingzoo`), both needing the ``rl`` extra
(``pip install 'danish-nb[rl]'``), over one action space per game (:mod:`.actions`) and one set
of observations (:mod:`.features`), which need only NumPy.
"""
