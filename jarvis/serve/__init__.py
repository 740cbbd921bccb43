"""`jarvis serve`: one long-running process per workspace.

It holds the embedding model, keeps the index fresh with a watcher, answers
recall on a Unix socket in `.jarvis/`, runs the scheduled jobs and commits a
person's hand edits. `client` is the light side the CLI imports (stdlib only).
"""
