"""Reinforcement-learning adapters (optional extra ``rl``: gymnasium, pettingzoo).

- :class:`TownSoloEnv`: a Gymnasium environment for solo Town (one step = one placement, reward 1 per tile).
- :class:`TownAECEnv`: a PettingZoo AEC environment for multiplayer Town (reward at the end: the game's returns).

Both observe only what the acting player may know, put the legal actions in an ``action_mask`` (in the dict
observation, and in ``info`` for the solo one), and number the actions with the integer encodings of
:mod:`townwidget.envs.encoding` (they live here, not in the engine's State API).

>>> env = TownSoloEnv("town44")
>>> observation, info = env.reset(seed=0)
>>> bool(observation["action_mask"][int(info["action_mask"].argmax())])
True
"""

from townwidget.core.extras import require_extra

require_extra("rl", "The reinforcement-learning environments")

from townwidget.envs.encoding import MultiEncoding, SoloEncoding  # noqa: E402
from townwidget.envs.multi import TownAECEnv  # noqa: E402
from townwidget.envs.solo import TownSoloEnv  # noqa: E402

__all__ = ["MultiEncoding", "SoloEncoding", "TownAECEnv", "TownSoloEnv"]
