"""Ahoy TUI: tabletop naval wargames in a terminal."""

__version__ = "0.1.0"
