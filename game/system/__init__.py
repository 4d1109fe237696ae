"""Plumbing: where files live, writing them safely, the player's settings, starting SDL quietly."""
