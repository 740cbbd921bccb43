"""`jarvis ui`: a local web page over the library the CLI uses (memory, history, review, recall).

Nothing here is imported by other commands: Starlette, Jinja2 and uvicorn load only when the
UI runs. See adr/0090-ui-stack-and-security.md.
"""
