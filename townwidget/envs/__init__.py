"""Reinforcement-learning adapters: Gymnasium and PettingZoo environments (optional extra ``rl``: gymnasium,
pettingzoo) and the games in OpenSpiel (:mod:`townwidget.envs.openspiel`, extra ``openspiel``).

- :class:`TownSoloEnv`: a Gymnasium environment for solo Town (one step = one placement, reward 1 per tile).
- :class:`TownSoloVectorEnv`: many solo games as one Gymnasium vector environment, stepped in numpy.
- :class:`TownAECEnv`: a PettingZoo AEC environment for multiplayer Town (reward at the end: the game's returns).

Both observe only what the acting player may know, put the legal actions in an ``action_mask`` (in the dict
observation, and in ``info`` for the solo one), and number the actions with the integer encodings of
:mod:`townwidget.envs.encoding` (they live here, not in the engine's State API).

>>> from townwidget.envs import TownSoloEnv
>>> env = TownSoloEnv("town44")
>>> observation, info = env.reset(seed=0)
>>> bool(observation["action_mask"][int(info["action_mask"].argmax())])
True

Importing this package registers the solo games with Gymnasium: ``townwidget/Town77Solo-v0``,
``townwidget/Town66Solo-v0`` (with its two flips), and ``townwidget/TownNNSolo-v0`` for every other board size
n = 2..9 (``Town44Solo-v0``, ...; no flips). Up to 8 x 8, ``gymnasium.make_vec(id, num_envs=N,
vectorization_mode="vector_entry_point")`` makes :class:`TownSoloVectorEnv`: N games stepped together in numpy.
``gymnasium.make("townwidget.envs:townwidget/Town77Solo-v0")`` imports it by itself (Gymnasium 1.x reads no plugin
entry points).

>>> import gymnasium
>>> env = gymnasium.make("townwidget/Town66Solo-v0", render_mode="ansi")
>>> observation, info = env.reset(seed=1)
>>> env.action_space, env.unwrapped.rules.flips
(Discrete(216), 2)
>>> print(env.render().splitlines()[-1])
pile tops: 5f 4b 3c
"""

from importlib import import_module
from typing import Any

from townwidget.core.extras import require_extra

SOLO_IDS = {f"townwidget/Town{n}{n}Solo-v0": f"town{n}{n}" for n in range(2, 10)}  # Gymnasium id: rules
_PARTS = {
    "TownSoloEnv": "solo",
    "TownSoloVectorEnv": "vector",
    "TownAECEnv": "multi",
    "SoloEncoding": "encoding",
    "MultiEncoding": "encoding",
}
VECTOR_MAX_N = 8  # the batched simulator's boards: one uint64 each


def _register() -> None:
    import gymnasium

    for env_id, rules in SOLO_IDS.items():
        if env_id not in gymnasium.registry:  # importing again (a reload) registers nothing twice
            vector = "townwidget.envs.vector:TownSoloVectorEnv" if int(rules[-1]) <= VECTOR_MAX_N else None
            solo = "townwidget.envs.solo:TownSoloEnv"
            gymnasium.register(env_id, entry_point=solo, vector_entry_point=vector, kwargs={"rules": rules})


def __getattr__(name: str) -> Any:
    """The environments load on first use, so that the OpenSpiel games need neither Gymnasium nor PettingZoo."""
    if name not in _PARTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if _PARTS[name] != "encoding":
        require_extra("rl", "The reinforcement-learning environments")
    return getattr(import_module(f"{__name__}.{_PARTS[name]}"), name)


try:
    import gymnasium  # noqa: F401  # only to know whether it is there
except ImportError:  # the OpenSpiel games alone (the `openspiel` extra): nothing to register with Gymnasium
    pass
else:
    _register()

__all__ = ["SOLO_IDS", "MultiEncoding", "SoloEncoding", "TownAECEnv", "TownSoloEnv", "TownSoloVectorEnv"]
