"""Small widgets, each named for what it shows."""
