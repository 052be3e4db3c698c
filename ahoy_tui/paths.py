"""Where the game keeps its files (a tiny module: the title screen needs it before anything)."""

from __future__ import annotations

import os
from pathlib import Path


def default_saves_dir() -> Path:
    """Where saves go: ``$AHOY_SAVES``, else the checkout's ``saves/``, else the user data dir."""
    env = os.environ.get("AHOY_SAVES")
    if env:
        return Path(env)
    checkout = Path(__file__).resolve().parents[1] / "saves"
    if checkout.is_dir():
        return checkout
    import platformdirs

    return platformdirs.user_data_path("ahoy-tui") / "saves"


def default_fleets_dir() -> Path:
    """Where saved fleets go: ``$AHOY_FLEETS``, else ``fleets/`` in the user data dir (a fleet
    belongs to the player, not to a checkout, so it is reused by every game and version)."""
    env = os.environ.get("AHOY_FLEETS")
    if env:
        return Path(env)
    import platformdirs

    return platformdirs.user_data_path("ahoy-tui") / "fleets"


def default_screenshots_dir() -> Path:
    """Where the Screenshot command writes: ``$AHOY_SCREENSHOTS``, else the user's pictures
    folder when there is one, else ``screenshots/`` in the user data dir (made when needed)."""
    env = os.environ.get("AHOY_SCREENSHOTS")
    if env:
        return Path(env)
    import platformdirs

    pictures = platformdirs.user_pictures_path()
    if pictures.is_dir():
        return pictures / "Ahoy TUI"
    return platformdirs.user_data_path("ahoy-tui") / "screenshots"
