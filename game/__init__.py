"""Rail Party: railway board games for one room."""

__version__ = "0.1.0"
