"""How a search bot spreads its think time over a game.

The players set a think time per move; the decisions that matter most (a
family's `SearchHooks.weight`) are worth far more thinking than a plain
move. So a weighted decision may take up to `weight`
times the think time, and the time it takes beyond one think time is a debt
the next moves repay, each thinking `REPAY` of a think time less while
anything is owed. Over a game a bot thinks the set time a move on average
(a debt left at the very end aside), long over its big choices and brisk
over the plain ones, as a person does. A family says why its weights pay
(tools/probe_decisions.py measures a kind of decision at a rollout count).
"""

from __future__ import annotations

from dataclasses import dataclass

# Share of a think time each move gives back while in debt.
REPAY = 0.4
# The most a bot may owe, in think times, and the most a weighted decision
# may add to one move's think time, in milliseconds (a long setting is not
# multiplied into minutes).
MAX_DEBT = 12.0
MAX_EXTRA_MS = 4000.0


@dataclass
class ThinkBank:
    """One bot's time owed, and its thinking so far (for the benchmarks).
    Without `extra` a weighted decision thinks the set time like any other
    (a hint: a player waits for it, and asks for one move, not a game's)."""

    debt_ms: float = 0.0
    moves: int = 0
    used_ms: float = 0.0
    extra: bool = True

    def allowance(self, base_ms: float, weight: float = 1.0) -> float:
        """This move's think time in milliseconds, for a set time `base_ms`."""
        if weight > 1.0 and self.extra:
            room = max(0.0, MAX_DEBT * base_ms - self.debt_ms)
            return base_ms + min(base_ms * (weight - 1.0), MAX_EXTRA_MS, room)
        return base_ms - min(self.debt_ms, REPAY * base_ms)

    def spent(self, base_ms: float, used_ms: float) -> None:
        """A move thought `used_ms` against the set `base_ms`: what it took
        beyond is owed, what it left is repaid (never saved up)."""
        self.debt_ms = max(0.0, self.debt_ms + used_ms - base_ms)
        self.moves += 1
        self.used_ms += used_ms

    @property
    def mean_ms(self) -> float | None:
        """The mean think time of the moves searched so far."""
        return self.used_ms / self.moves if self.moves else None
