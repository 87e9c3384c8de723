"""``protograph serve``: the web app (``make run`` calls this).

One process by default: Dash's embedded server, questions in threads of it.
``--workers N`` (N > 1) runs N gunicorn processes; questions then run in Celery
workers behind Redis, which hold the model (docs/deploy.md).
"""

from __future__ import annotations

import argparse
import logging
import sys
import time

from app.settings import Settings
from cli.flags import add_source_flags

log = logging.getLogger(__name__)

# gunicorn's own time limit covers a process that loads the app (ontology, index, embedder) on a busy machine.
BOOT_TIMEOUT_S = 300


def _count(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("serve", help="start the web app")
    add_source_flags(parser)
    parser.add_argument("--host", help="interface to bind (default: 127.0.0.1)")
    parser.add_argument("--port", type=int, help="port (default: 8050)")
    parser.add_argument("--workers", type=_count, metavar="N",
                        help="server processes (default 1). More than 1 runs gunicorn and sends questions to "
                             "Celery workers behind Redis: see docs/deploy.md")
    parser.add_argument("--debug", action="store_true", help="Dash debug mode: reloader and dev tools")
    parser.add_argument("--no-preload", action="store_true",
                        help="start at once; load the language model on the first question instead")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, settings: Settings) -> int:
    updates = {k: v for k, v in (("host", args.host), ("port", args.port), ("web_workers", args.workers))
               if v is not None}
    settings = settings.model_copy(update=updates)
    if settings.web_workers > 1:
        if args.debug:
            raise ValueError("--debug needs the embedded server: use it without --workers")
        settings = settings.model_copy(update={"jobs_backend": "celery"})
    if settings.jobs_backend == "celery":
        _check_job_queue(settings)
    if settings.web_workers > 1:
        return _serve_gunicorn(settings, preload=not args.no_preload)
    return _serve_embedded(settings, preload=not args.no_preload, debug=bool(args.debug))


def _check_job_queue(settings: Settings) -> None:
    from components.celery_jobs import count_workers

    if not count_workers(settings.redis_url):
        # Not an error: workers may start after the server; questions wait in Redis until one does.
        print("no Celery worker answers yet: questions wait until one runs "
              "(celery -A components.worker worker, see docs/deploy.md)", file=sys.stderr)


def _serve_embedded(settings: Settings, *, preload: bool, debug: bool) -> int:
    # The web layer sits above app/; import it only when serving so the CLI stays light.
    from components import create_app, warm_resources

    started = time.perf_counter()
    if preload:
        # Thread jobs use what this process loads now; Celery jobs use the workers' model instead.
        parts = warm_resources(settings, llm=settings.jobs_backend != "celery")
        print("loaded " + ", ".join(f"{k} {v:.1f}s" for k, v in parts.items()), file=sys.stderr)
    app = create_app(settings)
    print(f"ProtoGraph on http://{settings.host}:{settings.port}/ "
          f"(ready in {time.perf_counter() - started:.1f}s)", file=sys.stderr)
    app.run(host=settings.host, port=settings.port, debug=debug)
    return 0


def _serve_gunicorn(settings: Settings, *, preload: bool) -> int:
    from gunicorn.app.base import BaseApplication

    class Server(BaseApplication):
        def load_config(self) -> None:
            options = {"bind": f"{settings.host}:{settings.port}", "workers": settings.web_workers,
                       # Threads: a page polls its jobs while its other callbacks (queries, edits) run.
                       "worker_class": "gthread", "threads": settings.web_threads,
                       "timeout": BOOT_TIMEOUT_S, "proc_name": "protograph"}
            for key, value in options.items():
                self.cfg.set(key, value)
            # GUNICORN_CMD_ARGS adds or overrides settings (access log, TLS, ...) as for the gunicorn command.
            from_env = self.cfg.parser().parse_args(self.cfg.get_cmd_args_from_env())
            for key, value in vars(from_env).items():
                if value is not None and key != "args":
                    self.cfg.set(key.lower(), value)

        def load(self):
            # In each server process, after the fork: nothing loaded in the master is shared, so no
            # thread pool or lock is copied mid-use. The model stays in the Celery workers.
            from components import create_app, warm_resources

            if preload:
                warm_resources(settings, llm=False)
            server = create_app(settings).server
            # Dash learns which script bundles it may serve while it renders the page: render it once here,
            # or a process that has not served the page yet refuses the scripts another process listed.
            server.test_client().get("/")
            return server

    print(f"ProtoGraph on http://{settings.host}:{settings.port}/ with {settings.web_workers} server processes",
          file=sys.stderr)
    Server().run()
    return 0
