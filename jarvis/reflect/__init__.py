"""Reflection and review: proposals as git branches, self-patches, maintenance, purge."""
