"""The ``protograph`` command line, the top floor: one module per subcommand in ``cli.commands``.

It calls the same ``app`` functions as the web app, and only ``serve`` imports ``components``.
"""
