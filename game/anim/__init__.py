"""Tick-driven tweens: animations advance by update ticks, never by the clock,
so a test can step N ticks and know exactly where everything is."""
