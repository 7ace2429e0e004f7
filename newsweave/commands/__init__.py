"""Command groups registered on ``newsweave.cli.app`` beyond the core batch commands.

Each submodule imports ``app`` from ``newsweave.cli`` and adds its commands with ``@app.command()``.
"""
