"""jarvis: a plain-files-first personal memory, backed by git."""

__version__ = "0.1.0"
