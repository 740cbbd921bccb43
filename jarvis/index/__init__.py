"""The derived search index: chunk -> embed/lexical -> recall.

Everything here is rebuilt from the workspace files alone (`jarvis index --rebuild`).
"""
