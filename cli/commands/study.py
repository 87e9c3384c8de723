"""``protograph study``: list the studies, print a study's report, export its records.

``protograph study list`` shows the shipped studies and those in
``PROTOGRAPH_STUDIES_DIR``; ``check STUDY`` validates its expected answers
against the study's ontology (exit 1 on a violation); ``report STUDY`` prints the per-task table, SUS and
participant outcomes (``--json`` for the whole report); ``export STUDY --out DIR``
writes the CSV files and study.json. STUDY is a study id or a YAML path;
``--database URL`` overrides ``PROTOGRAPH_STUDY_DATABASE_URL``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from app.settings import Settings
from app.study import (
    build_report,
    export_study,
    find_study,
    list_studies,
    open_recorder,
    report_text,
    study_ontology_files,
    validate_study,
)
from ontology_loaders import load_ontology, load_ontology_from_endpoint

__all__ = ["add_parser", "run"]


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("study", help="user studies: list them, report on one, export its records")
    actions = parser.add_subparsers(dest="study_command", required=True, metavar="ACTION")

    def common(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--database", metavar="URL", help="study database URL (default: settings)")
        sub.add_argument("--studies-dir", metavar="DIR", type=Path, help="a folder of study YAML files")
        sub.add_argument("--data-dir", metavar="DIR", help="data directory (holds the default SQLite database)")
        sub.set_defaults(run=run)

    listing = actions.add_parser("list", help="the studies offered, with their tasks and participant counts")
    listing.add_argument("--json", action="store_true", help="print JSON")
    common(listing)
    check = actions.add_parser("check", help="validate the expected answers against the study's ontology")
    check.add_argument("study", metavar="STUDY", help="a study id or the path of its YAML file")
    common(check)
    report = actions.add_parser("report", help="per-task success and time, SUS, participant outcomes")
    report.add_argument("study", metavar="STUDY", help="a study id or the path of its YAML file")
    report.add_argument("--json", action="store_true", help="print the whole report as JSON")
    common(report)
    export = actions.add_parser("export", help="write events, submissions, SUS and participants as CSV, and study.json")
    export.add_argument("study", metavar="STUDY", help="a study id or the path of its YAML file")
    export.add_argument("--out", required=True, type=Path, metavar="DIR", help="output folder")
    common(export)


def run(args: argparse.Namespace, settings: Settings) -> int:
    update = {}
    if args.database:
        update["study_database_url"] = args.database
    if args.studies_dir:
        update["studies_dir"] = args.studies_dir
    settings = settings.model_copy(update=update)

    if args.study_command == "list":
        recorder = open_recorder(settings)
        studies = [{"id": s.id, "title": s.title, "tasks": len(s.tasks),
                    "participants": len(recorder.participants(s.id))} for s in list_studies(settings)]
        if args.json:
            print(json.dumps(studies, indent=2))
        else:
            for s in studies:
                print(f"{s['id']}\t{s['title']}\t{s['tasks']} tasks\t{s['participants']} participants")
        return 0
    study = find_study(args.study, settings)
    if args.study_command == "check":
        return _check(study, settings)
    recorder = open_recorder(settings)
    if args.study_command == "report":
        report = build_report(study, recorder)
        print(report.model_dump_json(indent=2) if args.json else report_text(report), end="\n" if args.json else "")
        return 0
    for path in export_study(study, recorder, args.out):
        print(path)
    return 0


def _check(study, settings: Settings) -> int:
    """Print each task's verdict; 1 when an expected answer breaks the ontology."""


    files = study_ontology_files(study)
    if files is not None:
        ontology = load_ontology(files, language=settings.language)
    else:
        ontology = load_ontology_from_endpoint(study.source["url"], timeout=settings.ontology_endpoint_timeout_s,
                                               language=settings.language)
    problems = validate_study(study, ontology)
    for task in study.tasks:
        if task.expected is None:
            verdict = "no expected answer (save one from the researcher page)"
        elif task.id in problems:
            verdict = "INVALID: " + "; ".join(problems[task.id])
        else:
            verdict = f"ok ({len(task.expected.nodes)} nodes, {len(task.expected.edges)} links)"
        print(f"{task.id}\t{verdict}")
    return 1 if problems else 0
