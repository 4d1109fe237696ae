"""Data files (maps, card tables) read through importlib.resources.

A package only so that the data installs with the program; it holds no code.
"""
