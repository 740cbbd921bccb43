from jarvis.cli import run

run()
