"""The share of Latin squares of order 7 that have an orthogonal mate (lesson 03-3: the Town 77 colour layouts that
can be completed into a full board), on enough uniform squares for its 95% Wilson interval to lie within a factor
of 1.2 of the estimate on each side.

The lesson measures it on 1000 squares, all its 30 CPU seconds allow: an interval that says "rare" but spans a
factor of five. This run draws ``--samples`` squares with the package's Jacobson-Matthews sampler
(``latin.random_latin_square``, seeded) and asks ``latin.orthogonal_mate`` of each: about 7 ms a square, so the
default 20,000 take about 2.5 CPU minutes. It prints the share with its interval and saves the figure to
``benchmarks/results/`` (``docs/benchmarks.md``).

    python benchmarks/latin_mates.py [--samples 20000] [--seed 7]
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import results

from townwidget import latin
from townwidget.arena import wilson_interval


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=20_000, help="uniform squares of order 7 drawn")
    parser.add_argument("--seed", type=int, default=7, help="the sampler's seed")
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    start = time.process_time()
    with_mate = sum(latin.orthogonal_mate(latin.random_latin_square(7, rng)) is not None for _ in range(args.samples))
    low, high = wilson_interval(with_mate, args.samples)
    share = with_mate / args.samples
    print(
        f"order 7: {with_mate} of {args.samples} squares have a mate: {share:.4f} [{low:.4f}, {high:.4f}] (95% Wilson)"
    )
    print(f"interval / estimate: {low / share:.2f} to {high / share:.2f}; {time.process_time() - start:.0f} CPU s")
    label = f"order-7 Latin squares with an orthogonal mate ({args.samples} uniform squares)"
    results.save(__file__, [results.Figure(label, round(share, 4), "share", (round(low, 4), round(high, 4)))])


if __name__ == "__main__":
    main()
