"""User studies (issue 8): study files, a recorder backed by a real database, scoring, SUS, reports, export.

The web app's study mode (``components/``) and the ``protograph study`` command
both call these functions; nothing here knows about Dash.
"""

from app.errors import StudyError, UnknownParticipant
from app.study.definition import (
    SHIPPED_STUDIES_DIR,
    Study,
    StudyTask,
    find_study,
    list_studies,
    load_study,
    study_ontology_files,
    validate_study,
)
from app.study.export import export_study
from app.study.guard import PasswordGuard, check_password
from app.study.recorder import PARTICIPANT_ID_PATTERN, EventKind, Progress, Stage, StudyRecorder, open_recorder
from app.study.report import ParticipantRow, StudyReport, SusSummary, TaskRow, build_report, report_figures, report_text
from app.study.scoring import TaskScore, score_submission
from app.study.sus import SUS_ITEMS, SUS_LABELS, SUS_SCALE, sus_score

__all__ = [
    "PARTICIPANT_ID_PATTERN",
    "SHIPPED_STUDIES_DIR",
    "SUS_ITEMS",
    "SUS_LABELS",
    "SUS_SCALE",
    "EventKind",
    "ParticipantRow",
    "PasswordGuard",
    "Progress",
    "Stage",
    "Study",
    "StudyError",
    "UnknownParticipant",
    "StudyRecorder",
    "StudyReport",
    "StudyTask",
    "SusSummary",
    "TaskRow",
    "TaskScore",
    "build_report",
    "check_password",
    "export_study",
    "find_study",
    "list_studies",
    "load_study",
    "open_recorder",
    "report_figures",
    "report_text",
    "score_submission",
    "study_ontology_files",
    "sus_score",
    "validate_study",
]
