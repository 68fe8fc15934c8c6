"""Solvers and simulators of Town, above the rules: they import the games, the games never import them.

- :mod:`~townwidget.solvers.clairvoyant`: the clairvoyant solo solver, the *par* of a deal (it sees the pile order);
- :mod:`~townwidget.solvers.honest`: the exact expected score of the best play that does not see it;
- :mod:`~townwidget.solvers.vector`: the batched simulator, many games at once as numpy arrays (compiled kernels in
  ``_vector_numba`` with numba);
- :mod:`~townwidget.solvers.value`: a learned value of solo positions and the search rollouts on it;
- :mod:`~townwidget.solvers.warm`: the compiled kernels compiled before a click needs them (in the background when
  a widget opens; ``townwidget warm-up``).

``clairvoyant``, ``honest`` and ``warm`` are plain Python; ``vector`` and ``value`` need numpy (and run compiled with
numba, the ``fast`` extra). Nothing is imported here, so that importing one solver does not load numpy.
"""

MAX_BATCH_N = 8
"""The largest board of the batched simulator: its n * n cells must fit one 64-bit word."""
