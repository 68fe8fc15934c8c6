"""Import speed: how long ``import townwidget`` and ``import townwidget.widget`` take in a fresh interpreter, and
that neither loads numpy's batched simulator or numba before anyone asks for them.

Each import runs in a new ``python`` process (nothing cached in memory; the operating system's file cache is warm
after the first run), timed inside that process around the import statement alone. The processes may write
bytecode (``__pycache__``) even where ``PYTHONDONTWRITEBYTECODE`` is set, so the first, untimed run compiles the
package and the timed ones read its bytecode, as an installed package does (pip compiles it at install); without
that every run would time the compilation of the package's source as well.

    python benchmarks/import_speed.py [--runs 7]

Prints the wall and CPU seconds of each import (mean with a 95% t interval) and the heavy modules it loaded, and
saves the figures to ``benchmarks/results/`` (``benchmarks/results.py``; ``docs/benchmarks.md``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

import results

HEAVY = ("numpy", "numba", "townwidget.solvers.vector", "townwidget.solvers.value")
PROBE = """
import json, sys, time
wall, cpu = time.perf_counter(), time.process_time()
import {module}
print(json.dumps([time.perf_counter() - wall, time.process_time() - cpu, [m for m in {heavy!r} if m in sys.modules]]))
"""


def timed_import(module: str) -> tuple[float, float, list[str]]:
    """(wall seconds, CPU seconds, heavy modules loaded) of importing ``module`` in a fresh interpreter."""
    code = PROBE.format(module=module, heavy=HEAVY)
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=environment)
    output = run.stdout
    wall, cpu, heavy = json.loads(output.splitlines()[-1])
    return wall, cpu, heavy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    saved = []
    for module in ("townwidget", "townwidget.widget"):
        timed_import(module)  # warm the file cache and write the bytecode
        runs = [timed_import(module) for _ in range(args.runs)]
        heavy = sorted({name for *_, loaded in runs for name in loaded})
        wall = results.mean_figure(f"import {module}, wall", [run[0] for run in runs], "s")
        cpu = results.mean_figure(f"import {module}, CPU", [run[1] for run in runs], "CPU s")
        print(
            f"import {module}: {wall.value:.3f} s wall {wall.interval}, {cpu.value:.3f} CPU s {cpu.interval};"
            f" loads {heavy or 'none'}"
        )
        saved += [wall, cpu, results.Figure(f"import {module}: heavy modules loaded", len(heavy), "modules")]
    results.save(__file__, saved)


if __name__ == "__main__":
    main()
