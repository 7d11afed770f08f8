"""Research interfaces: every tricktable game as a PettingZoo and a Gymnasium environment.

``tricktable.rl.pettingzoo.env(game, ...)`` is a multi-agent ``AECEnv``;
``tricktable.rl.gymnasium`` registers ``tricktable/<Game>-v0`` single-agent environments
whose other seats are tricktable bots. Both observe each seat through its game's encoding
(``tricktable.games.encoding``, laid out in docs/rl.md). They need the ``rl`` extra
(``pip install tricktable[rl]``); this package imports nothing from it until one of its
modules is imported.
"""
