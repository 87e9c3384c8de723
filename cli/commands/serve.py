"""``protograph serve``: the web app (``make run`` calls this)."""

from __future__ import annotations

import argparse
import logging
import sys
import time

from app.settings import Settings
from cli.flags import add_source_flags

log = logging.getLogger(__name__)


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("serve", help="start the web app")
    add_source_flags(parser)
    parser.add_argument("--host", help="interface to bind (default: 127.0.0.1)")
    parser.add_argument("--port", type=int, help="port (default: 8050)")
    parser.add_argument("--debug", action="store_true", help="Dash debug mode: reloader and dev tools")
    parser.add_argument("--no-preload", action="store_true",
                        help="start at once; load the language model on the first question instead")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, settings: Settings) -> int:
    # The web layer sits above app/; import it only when serving so the CLI stays light.
    from components import create_app, warm_resources

    updates = {k: v for k, v in (("host", args.host), ("port", args.port)) if v is not None}
    settings = settings.model_copy(update=updates)
    started = time.perf_counter()
    if not args.no_preload:
        # Background jobs run in threads of this process: what is loaded now is what they use.
        parts = warm_resources(settings)
        print("loaded " + ", ".join(f"{k} {v:.1f}s" for k, v in parts.items()), file=sys.stderr)
    app = create_app(settings)
    print(f"ProtoGraph on http://{settings.host}:{settings.port}/ "
          f"(ready in {time.perf_counter() - started:.1f}s)", file=sys.stderr)
    app.run(host=settings.host, port=settings.port, debug=bool(args.debug))
    return 0
