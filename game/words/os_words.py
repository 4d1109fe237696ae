"""Why the system refused (a file, a port), as words the catalogs know.

An OSError's `strerror` is the system's English; the common causes a player
can meet get a catalog sentence instead (see game/host_words.said), the rest
keep the system's words."""

from __future__ import annotations

import errno

from game.rules.words import N_, Words

_CAUSES = {
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.ENOENT: N_("no such file or folder"),
    errno.EISDIR: N_("it is a folder"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EADDRINUSE: N_("another program already uses that port"),
    errno.EADDRNOTAVAIL: N_("this computer has no such address"),
    errno.ECONNREFUSED: N_("nothing answers at that address"),
    errno.ENETUNREACH: N_("the network cannot reach that address"),
    errno.EHOSTUNREACH: N_("the network cannot reach that address"),
    errno.ETIMEDOUT: N_("no answer in time"),
}


def os_reason(exc: OSError) -> Words | str:
    """The cause of `exc` as a catalog phrase when it is a common one."""
    cause = _CAUSES.get(exc.errno or 0)
    if cause is not None:
        return Words(cause)
    return exc.strerror or str(exc) or type(exc).__name__
