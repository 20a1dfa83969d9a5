"""The one base class of errors in what the user gave (a file, an option, a folder, a disk).

Every module that refuses an input raises a subclass of :class:`UserError` with a message of
one line per problem, naming the file, field, option or path and what is allowed.  The
command line prints such an error as ``glowsim CMD: error: MESSAGE`` (exit status 2) without a
traceback; any other exception is a bug in glowsim and is reported as an internal error.

This module is the bottom layer: it imports nothing of glowsim, so every layer may use it.
"""
from __future__ import annotations


class UserError(ValueError):
    """An input that cannot be used as given; ``str(err)`` is the message for the user.

    A ValueError, so code that catches ValueError around a parse keeps working."""


class DiskError(UserError):
    """A file or folder that cannot be written or read: not writable, not a directory, exists,
    disk full, read-only (the message names the path and the cause)."""


def disk_error(path, err: OSError, doing: str = "cannot write") -> DiskError:
    """A DiskError naming `path` and the cause of an OSError, in one line."""
    where = getattr(err, "filename", None) or path
    return DiskError(f"{where}: {doing}: {os_cause(err)}")


def os_cause(err: OSError) -> str:
    """The cause of an OSError in a few words (disk full, permission denied, ...)."""
    import errno
    causes = {errno.ENOSPC: "no space left on the device (disk full)",
              errno.EDQUOT: "disk quota exceeded",
              errno.EROFS: "read-only file system",
              errno.EACCES: "permission denied",
              errno.EPERM: "operation not permitted",
              errno.ENOTDIR: "a part of the path is a file, not a folder",
              errno.EISDIR: "it is a folder, not a file",
              errno.EEXIST: "it exists and is not a folder",
              errno.ENOENT: "no such file or folder",
              errno.ENAMETOOLONG: "the name is too long"}
    return causes.get(err.errno) or (err.strerror or str(err) or type(err).__name__)
