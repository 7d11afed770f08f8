"""Search for the bots: resampling hidden cards (``resample``), the double-dummy solver
(``solver``) and the per-game facts they need (``play_facts``, ``position``)."""
