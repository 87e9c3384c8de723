"""Study definitions: a YAML file with a title, a data source, an intro and ordered tasks.

A study file looks like this (the full reference is docs/study.md)::

    title: The OnSET DBpedia tasks
    source: {kind: sample, name: dbpedia_sample}
    intro: |
      Markdown shown before the first task.
    tasks:
      - id: hockey-works
        prompt: Find all works where the author is a hockey player.
        time_limit_s: 300
        expected: {nodes: [...], edges: [...]}       # graph JSON, inline
      - id: gold-medalists
        prompt: ...
        time_limit_s: 480
        expected_file: expected/gold.json            # or a file next to the YAML

``source`` has the same dict form the web app keeps for a data source
(:mod:`app.sources`): ``{"kind": "sample", "name": ...}`` or
``{"kind": "endpoint", "url": ...}``.

Every problem with a file is a :class:`StudyError` whose one-line message
names the file. Extra helpers beyond load/list/find: :func:`validate_study`
checks the expected graphs against an ontology, :func:`study_ontology_files`
names the ontology files of a sample source.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from app.caching import KeyedCache
from app.errors import SourceError, StudyError
from app.graph.model import PrototypeGraph
from app.graph.validate import validate_graph
from app.settings import PROJECT_ROOT, SAMPLES_DIR, Settings
from app.sources import SampleSource, parse_source

__all__ = [
    "SHIPPED_STUDIES_DIR",
    "SLUG_PATTERN",
    "Study",
    "StudyError",
    "StudyTask",
    "find_study",
    "list_studies",
    "load_study",
    "study_ontology_files",
    "validate_study",
]

log = logging.getLogger(__name__)

SHIPPED_STUDIES_DIR = PROJECT_ROOT / "studies"
#: Study and task ids appear in URLs (/study/<id>) and in database keys.
SLUG_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$"
_SOURCE_KINDS = ("sample", "endpoint")


class StudyTask(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=SLUG_PATTERN, description="Unique within the study; used in URLs and the database.")
    prompt: str = Field(min_length=1, description="What the participant is asked to find.")
    time_limit_s: int = Field(gt=0, description="After this many seconds the participant may skip.")
    expected: PrototypeGraph | None = Field(default=None, description="The correct prototype graph, if known.")


class Study(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=SLUG_PATTERN)
    title: str = Field(min_length=1)
    source: dict[str, Any] = Field(description="A data source in the web app's dict form.")
    consent: str | None = Field(default=None, description="Markdown consent text; None shows the app's generic one.")
    intro: str = Field(default="", description="Markdown shown before the first task.")
    intro_video: str | None = Field(default=None, description="URL of an intro video.")
    tasks: tuple[StudyTask, ...] = Field(min_length=1)

    @field_validator("source")
    @classmethod
    def _known_source(cls, source: dict[str, Any]) -> dict[str, Any]:
        # A study names its data for every participant alike: a bundled sample or an endpoint,
        # never an upload (a file on one server) or "whatever the server was started with".
        if source.get("kind") not in _SOURCE_KINDS:
            raise ValueError(f"source kind must be one of {', '.join(_SOURCE_KINDS)}, not {source.get('kind')!r}")
        try:
            parsed = parse_source(source)
        except SourceError as error:
            raise ValueError(str(error)) from None
        if isinstance(parsed, SampleSource) and not (SAMPLES_DIR / parsed.name / "ontology.ttl").is_file():
            raise ValueError(f"no bundled sample called {parsed.name!r}")
        extra = set(source) - set(type(parsed).model_fields)
        if extra:
            raise ValueError(f"unknown source field(s): {', '.join(sorted(extra))}")
        return parsed.model_dump()

    @field_validator("intro_video")
    @classmethod
    def _video_is_a_url(cls, url: str | None) -> str | None:
        if url is not None and urlparse(url).scheme not in ("http", "https"):
            raise ValueError("intro_video must be an http(s) URL")
        return url

    @model_validator(mode="after")
    def _task_ids_are_unique(self) -> Study:
        ids = [t.id for t in self.tasks]
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        if duplicates:
            raise ValueError(f"duplicate task ids: {', '.join(duplicates)}")
        return self

    def task(self, task_id: str) -> StudyTask | None:
        return next((t for t in self.tasks if t.id == task_id), None)


def _one_line(error: ValidationError) -> str:
    parts = []
    for e in error.errors():
        where = ".".join(str(p) for p in e["loc"])
        parts.append(f"{where}: {e['msg']}" if where else e["msg"])
    return "; ".join(parts)


def _read_expected_files(data: dict[str, Any], folder: Path, name: str) -> list[Path]:
    """Replace each task's ``expected_file`` with the graph JSON it names (relative to the YAML); the files read."""
    tasks = data.get("tasks")
    read: list[Path] = []
    if not isinstance(tasks, list):
        return read  # the model reports the missing or malformed list
    for index, task in enumerate(tasks):
        if not isinstance(task, dict) or "expected_file" not in task:
            continue
        if "expected" in task:
            raise StudyError(f"{name}: tasks.{index}: give expected or expected_file, not both")
        path = folder / str(task.pop("expected_file"))
        read.append(path)
        try:
            task["expected"] = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise StudyError(f"{name}: tasks.{index}.expected_file: no such file {path}") from None
        except json.JSONDecodeError as error:
            raise StudyError(f"{name}: tasks.{index}.expected_file: {path.name} is not JSON ({error})") from None
    return read


def load_study(path: str | Path) -> Study:
    """Read and check one study file; the study id defaults to the file stem.

    :raises StudyError: a missing file, a YAML syntax error (with its line), unknown
        fields, duplicate task ids or an invalid graph; the message names the file.
    """
    return _parse_study(Path(path))[0]


def _parse_study(path: Path) -> tuple[Study, list[Path]]:
    """The study in ``path`` and the ``expected_file`` paths it read."""
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise StudyError(f"{name}: no such study file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise StudyError(f"{name}: cannot be read ({error})") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        problem = getattr(error, "problem", None) or str(error).splitlines()[0]
        raise StudyError(f"{name}: YAML syntax error{where}: {problem}") from None
    if not isinstance(data, dict):
        raise StudyError(f"{name}: a study file is a YAML mapping (title, source, tasks, ...)")
    data.setdefault("id", path.stem)
    read = _read_expected_files(data, path.parent, name)
    try:
        return Study.model_validate(data), read
    except ValidationError as error:
        raise StudyError(f"{name}: {_one_line(error)}") from None


#: Each listed study file's study, with the stamps of the files it was read from.
_listed: KeyedCache[Path, tuple[tuple[tuple[Path, int, int], ...], Study]] = KeyedCache()


def _stamp(paths: list[Path]) -> tuple[tuple[Path, int, int], ...]:
    try:
        return tuple((p, (st := p.stat()).st_mtime_ns, st.st_size) for p in paths)
    except OSError:
        return ()  # matches nothing: the file is parsed again, and its error reported


def _listed_study(file: Path) -> Study:
    """:func:`load_study`, parsed again only when the file or an ``expected_file`` it names changes.

    The web app lists the studies on every study request; parsing the YAML and each
    expected graph took about 15 ms a file each time.
    """
    cached = _listed.get(file)
    if cached is not None and cached[0] and _stamp([p for p, _, _ in cached[0]]) == cached[0]:
        return cached[1]
    before = _stamp([file])
    study, read = _parse_study(file)
    stamp = before + _stamp(read) if before else ()
    _listed.put(file, (stamp, study))
    return study


def _study_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())


def list_studies(settings: Settings) -> list[Study]:
    """The shipped studies (``studies/``), then those in ``settings.studies_dir``.

    A broken file is logged and left out, so one typo never hides the others; of two
    studies with one id the first found wins.
    """
    folders = [SHIPPED_STUDIES_DIR]
    if settings.studies_dir is not None:
        folders.append(Path(settings.studies_dir))
    found: dict[str, Study] = {}
    for folder in folders:
        for file in _study_files(folder):
            try:
                study = _listed_study(file)
            except StudyError as error:
                log.warning("skipping a study file: %s", error)
                continue
            if study.id in found:
                log.warning("skipping %s: study id %r is already taken", file, study.id)
                continue
            found[study.id] = study
    return list(found.values())


def find_study(name_or_path: str | Path, settings: Settings) -> Study:
    """A study by id (among :func:`list_studies`) or by the path of its YAML file."""
    text = str(name_or_path)
    path = Path(text)
    if path.suffix in (".yaml", ".yml") or path.is_file():
        return load_study(path)
    studies = list_studies(settings)
    for study in studies:
        if study.id == text:
            return study
    known = ", ".join(s.id for s in studies) or "none"
    raise StudyError(f"no study called {text!r}; known studies: {known}")


def study_ontology_files(study: Study) -> list[Path] | None:
    """The ontology files of a sample source; None for an endpoint (its schema comes from the server)."""
    if study.source.get("kind") == "sample":
        return [SAMPLES_DIR / study.source["name"] / "ontology.ttl"]
    return None


def validate_study(study: Study, ontology: Any) -> dict[str, list[str]]:
    """Each task id whose expected graph breaks ``ontology``, with the violation messages.

    An empty dict means every expected graph is valid. Pure; ``ontology`` is an
    ``ontology_loaders.Ontology``.
    """
    problems = {}
    for task in study.tasks:
        if task.expected is not None:
            report = validate_graph(task.expected, ontology)
            if not report.ok:
                problems[task.id] = report.messages()
    return problems
