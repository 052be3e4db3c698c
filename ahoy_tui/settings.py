"""The player's own settings, kept between games: ``settings.toml`` in the user's config folder
(``$AHOY_SETTINGS`` names another file).

One setting so far: ``show_odds`` (true by default), whether the battle screens show the odds of
a choice before it is taken (some players like not knowing). The computer captains keep their
own odds whatever it says.
"""

from __future__ import annotations

import os
from pathlib import Path

DEFAULTS: dict[str, bool] = {"show_odds": True}


def settings_path() -> Path:
    env = os.environ.get("AHOY_SETTINGS")
    if env:
        return Path(env)
    import platformdirs

    return platformdirs.user_config_path("ahoy-tui") / "settings.toml"


def load() -> dict[str, bool]:
    """The settings, each missing or unreadable one at its default."""
    out = dict(DEFAULTS)
    try:
        text = settings_path().read_text("utf-8")
    except (OSError, ValueError):
        return out
    import tomllib  # only for a file there is: the title's first frame does without it

    try:
        data = tomllib.loads(text)
    except ValueError:
        return out
    for key, default in DEFAULTS.items():
        value = data.get(key, default)
        out[key] = value if isinstance(value, bool) else default
    return out


def save(changes: dict[str, bool]) -> None:
    """Keep ``changes`` with the rest (written whole, atomically); a folder that cannot be
    written is let be (the setting holds for this session)."""
    values = load()
    values.update({k: v for k, v in changes.items() if k in DEFAULTS})
    path = settings_path()
    text = "".join(f"{key} = {'true' if value else 'false'}\n" for key, value in values.items())
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_suffix(".tmp")
        temp.write_text("# Ahoy TUI settings\n" + text, "utf-8")
        temp.replace(path)
    except OSError:
        pass


def show_odds() -> bool:
    return load()["show_odds"]


def set_show_odds(on: bool) -> None:
    save({"show_odds": on})
