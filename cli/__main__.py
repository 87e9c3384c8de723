"""``python -m cli``: the same as the ``protograph`` command."""

import sys

from cli.main import main

sys.exit(main())
