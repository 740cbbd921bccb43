"""Domain errors. Core code raises these; only the CLI turns them into exit codes.

Every message is one line that names the thing at fault and says what to do next.
"""

from __future__ import annotations


class JarvisError(Exception):
    """Base class: the message is shown to the person as it is."""

    exit_code = 1


class ConfigError(JarvisError):
    """jarvis.toml is invalid."""

    exit_code = 2


class UsageError(JarvisError):
    """Bad arguments or input given by the person."""

    exit_code = 2


class WorkspaceNotFound(JarvisError):
    """No workspace could be located."""

    exit_code = 3


class WorkspaceError(JarvisError):
    """The workspace exists but something about it is wrong."""

    exit_code = 3


class PathOutsideWorkspace(JarvisError):
    """A path leads outside the workspace (`..` or a symlink)."""

    exit_code = 2


class NotFound(JarvisError):
    """A fragment, file, proposal or session does not exist."""

    exit_code = 4


class InputError(JarvisError):
    """A file cannot be read as text (binary, not UTF-8, too large)."""

    exit_code = 5


class GitError(JarvisError):
    """A git operation failed; the message carries the command and stderr."""

    exit_code = 6


class LockBusy(JarvisError):
    """Another jarvis process holds the workspace lock."""

    exit_code = 7


class UncommittedEdit(JarvisError):
    """A person has an uncommitted edit in a file jarvis wants to change."""

    exit_code = 8


class ProviderError(JarvisError):
    """An LLM provider failed or returned something that could not be parsed."""

    exit_code = 9


class IndexError_(JarvisError):
    """The derived index is missing, damaged or from another model."""

    exit_code = 10
