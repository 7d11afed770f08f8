"""Games as pure JAX functions: thousands of deals stepped at once (the ``jax`` extra).

Each module holds one game written again over JAX arrays (``euchre``; ``whist``: Oh Hell
and Romanian whist; ``common`` what they share), following pgx's ``Env``
conventions (``env.init(key)``, ``env.step(state, action, key)``, a ``State`` with
``current_player``, ``observation``, ``legal_action_mask``, ``rewards``, ``terminated`` and
``truncated``), ``jit``- and ``vmap``-able. The engine in ``tricktable.games`` stays the
reference: the tests replay the same deals and actions through both and compare them at
every step (docs/rl.md, "Batched in JAX"). Nothing else in tricktable imports this package
or JAX.
"""
