"""What the widgets' Python and their front ends share: ``front_end.json`` (trait lists, intents and their keys,
board geometry, names), read here and bundled into the JavaScript by esbuild (``js/src/constants.js``,
``js/src/intents.js``), so that neither side restates the other's names."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

STATIC = Path(__file__).parent / "static"  # the front ends, bundled by esbuild from js/ (see js/README.md)
FRONT_END: dict[str, Any] = json.loads((Path(__file__).parent / "front_end.json").read_text(encoding="utf-8"))
