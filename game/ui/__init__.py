"""Widgets, theme and layout shared by every scene."""
