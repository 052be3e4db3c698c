"""Every test plays the hard captains' playouts in its own process (no pool of playout
workers), so that a test can spy on every die they roll."""

import os

os.environ.setdefault("AHOY_PLAYOUT_WORKERS", "0")
