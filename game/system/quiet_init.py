"""Starting SDL without its libraries' noise on the terminal.

When SDL looks for a display and a sound card, the C libraries under it
(the Wayland probe, ALSA) write straight to file descriptor 2: on a machine
with no display or no sound card that is a screenful of lines such as
"ALSA lib confmisc.c:855: cannot find card '0'" before any message of ours.
Python's `sys.stderr` cannot catch those, so for the few calls that start SDL
the descriptor itself points at a temporary file; what was written there is
kept for the log (debug level), never shown to a player.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import tempfile
from collections.abc import Iterator

log = logging.getLogger(__name__)


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Send what C code writes to fd 2 to a temporary file while the block runs."""
    with contextlib.suppress(Exception):
        sys.stderr.flush()
    try:
        saved = os.dup(2)
    except OSError:   # no fd 2 at all (a windowed launcher): nothing to keep quiet
        yield
        return
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            with contextlib.suppress(Exception):
                sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            noise = sink.read(64 * 1024).decode("utf-8", "replace").strip()
            if noise:
                log.debug("SDL start-up said: %s", noise)
