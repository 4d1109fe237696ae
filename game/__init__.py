"""Rail Party: railway board games for one room."""

import os

# pygame prints a greeting on stdout when imported; commands whose stdout is
# data (JSON lines, a result) must not carry it. Every pygame import in the
# program comes after this package is imported.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "0.1.0"
