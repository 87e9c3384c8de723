"""Study-mode pages: the participant's page, the researcher's page, and the list of studies.

Layout only: no callbacks, no recorder. The participant's page holds every stage
(consent, intro, task, SUS, thank-you) as a section that the stage callback shows
or hides; the task section wraps the full normal app of :func:`components.layout.build_layout`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from dash import dcc, html

from app.study import SUS_ITEMS, SUS_LABELS, SUS_SCALE, Study, StudyTask
from components import ids

__all__ = [
    "CONSENT_TEXT",
    "message_page",
    "participant_page",
    "participant_sections",
    "researcher_page",
    "researcher_sections",
    "page_shell",
    "studies_page",
    "validation_layout",
]

#: Shown before anything is recorded, unless the study file brings its own ``consent`` text.
CONSENT_TEXT = """
**Taking part in this study**

You will answer a few questions about a knowledge graph with ProtoGraph: you can ask in plain English,
edit the drafted graph and look at its results. Each task has a time limit.

While you work, the app records what you do with it: the questions you type, each change to the graph,
the results and query views you open, your answers, and how long each task takes. It records no name,
no e-mail and nothing outside this page. Taking part is voluntary; you may stop at any time by closing the page.
At the end, ten short statements ask how usable you found the app.
"""

AppLayout = Callable[[], Any]


def _header(title: str, subtitle: str, *, participant: bool = False) -> html.Header:
    children = [html.H1(["Proto", html.Span("Graph", className="accent")], className="brand"),
                html.Span(subtitle, className="study-kind"), html.Span(title, className="study-title")]
    if participant:
        children.append(html.Span(id=ids.STUDY_PARTICIPANT_LABEL, className="study-participant"))
    return html.Header(className="topbar study-bar", children=children)


def _consent(text: str | None = None) -> html.Section:
    return html.Section(id=ids.STUDY_CONSENT, hidden=True, className="study-card",
                        **{"aria-labelledby": "study-consent-title"}, children=[
        html.H2("Before you start", id="study-consent-title"),
        dcc.Markdown(text or CONSENT_TEXT, className="study-text"),
        dcc.Checklist(id=ids.STUDY_CONSENT_AGREE, className="checks", inputClassName="check", value=[],
                      options=[{"label": " I have read the above and agree to take part.", "value": "agree"}]),
        html.Div(className="field", children=[
            html.Label("Participant id (for the researcher; leave empty to get a new one)",
                       htmlFor=ids.STUDY_PARTICIPANT_INPUT, className="field-label"),
            dcc.Input(id=ids.STUDY_PARTICIPANT_INPUT, type="text", className="input", placeholder="e.g. P07",
                      maxLength=64, pattern="[A-Za-z0-9_\\-]{1,64}", autoComplete="off"),
        ]),
        html.Button("Start", id=ids.STUDY_START, className="btn primary"),
    ])


def _intro(study: Any) -> html.Section:
    children: list[Any] = [html.H2("Introduction", id="study-intro-title"),
                           dcc.Markdown(study.intro or "", className="study-text")]
    if study.intro_video:
        children.append(html.P(html.A("Watch the introduction video", href=study.intro_video, target="_blank",
                                      rel="noopener noreferrer")))
    n = len(study.tasks)
    children += [html.P(f"There {'is' if n == 1 else 'are'} {n} task{'' if n == 1 else 's'}. Each has a timer; "
                        "when it runs out you may skip the task.", className="hint"),
                 html.Button("Start the first task", id=ids.STUDY_INTRO_CONTINUE, className="btn primary")]
    return html.Section(id=ids.STUDY_INTRO, hidden=True, className="study-card",
                        **{"aria-labelledby": "study-intro-title"}, children=children)


def _task_bar() -> html.Div:
    return html.Div(className="task-bar", role="region", **{"aria-label": "Current task"}, children=[
        html.Div(className="task-text", children=[
            html.Span(id=ids.STUDY_TASK_COUNTER, className="task-counter"),
            html.P(id=ids.STUDY_TASK_PROMPT, className="task-prompt"),
        ]),
        html.Div(className="task-controls", children=[
            html.Span(id=ids.STUDY_TIMER, className="timer", role="status", title="Time left for this task"),
            html.Button("Submit answer", id=ids.STUDY_SUBMIT, className="btn primary",
                        title="Submit the graph on the canvas as your answer"),
            html.Button("Skip", id=ids.STUDY_SKIP, className="btn", disabled=True,
                        title="Available when the time is up"),
        ]),
        html.Div(id=ids.STUDY_TIME_NOTICE, hidden=True, className="time-notice", role="alert",
                 children="Time is up. You may still submit your answer, or skip to the next task."),
    ])


def _sus() -> html.Section:
    items = []
    for index, statement in enumerate(SUS_ITEMS):
        legend_id = f"study-sus-legend-{index}"
        items.append(html.Li(html.Fieldset(className="sus-item", **{"aria-labelledby": legend_id}, children=[
            html.Legend(f"{index + 1}. {statement}", id=legend_id),
            dcc.RadioItems(id=ids.sus_item(index), className="sus-scale", inputClassName="check", inline=True,
                           options=[{"label": f" {value} {SUS_LABELS[value]}", "value": value} for value in SUS_SCALE]),
        ])))
    return html.Section(id=ids.STUDY_SUS, hidden=True, className="study-card",
                        **{"aria-labelledby": "study-sus-title"}, children=[
        html.H2("How usable was the app?", id="study-sus-title"),
        html.P("For each statement, choose how much you agree. Every statement needs an answer.", className="hint"),
        html.Ol(items, className="sus-list"),
        html.Div(id=ids.STUDY_SUS_MESSAGE, className="message", role="status"),
        html.Button("Send my answers", id=ids.STUDY_SUS_SUBMIT, className="btn primary"),
    ])


def _done() -> html.Section:
    return html.Section(id=ids.STUDY_DONE, hidden=True, className="study-card",
                        **{"aria-labelledby": "study-done-title"}, children=[
        html.H2("Thank you!", id="study-done-title"),
        html.P("Your answers are saved. You may close this page now."),
        html.Hr(),
        html.P("For the researcher: on a shared computer, start the next participant here.", className="hint"),
        html.Button("Start a new participant on this computer", id=ids.STUDY_NEW_PARTICIPANT, className="btn"),
    ])


def participant_sections(study: Any, app_layout: AppLayout | None) -> list[Any]:
    """The participant's page in order; without the normal app when ``app_layout`` is None (for validation)."""
    task_children = [_task_bar(), app_layout()] if app_layout is not None else [_task_bar()]
    return [
        dcc.Store(id=ids.STUDY_CLOCK),
        dcc.Interval(id=ids.STUDY_TICK, interval=1000, disabled=True),
        _header(study.title, "Study", participant=True),
        html.Div(id=ids.STUDY_MESSAGE, className="message study-message", role="status"),
        _consent(getattr(study, "consent", None)),
        _intro(study),
        html.Div(id=ids.STUDY_TASK, hidden=True, className="study-task", children=task_children),
        _sus(),
        _done(),
    ]


def participant_page(study: Any, app_layout: AppLayout) -> html.Div:
    """``/study/<id>``: every stage of the participant flow, with the full app inside the task section."""
    return html.Div(className="study-page participant-page", children=participant_sections(study, app_layout))


def researcher_sections(study: Any, *, open_: bool) -> list[Any]:
    """The researcher-only parts of ``/study/<id>/researcher``; nothing but a notice when closed."""
    if not open_:
        return [_header(study.title, "Researcher"), html.Section(className="study-card", children=[
            html.H2("The researcher dashboard is closed"),
            html.P(["No researcher password is set. Set ", html.Code("PROTOGRAPH_STUDY_ADMIN_PASSWORD"),
                    " and restart the server to open it."]),
        ])]
    return [
        _header(study.title, "Researcher"),
        html.Section(className="study-card researcher-login", children=[
            html.H2("Researcher dashboard"),
            html.Div(className="row", children=[
                html.Label("Password", htmlFor=ids.RESEARCHER_PASSWORD, className="field-label inline"),
                dcc.Input(id=ids.RESEARCHER_PASSWORD, type="password", className="input", debounce=True,
                          autoComplete="current-password"),
                html.Button("Open", id=ids.RESEARCHER_LOGIN, className="btn primary"),
                html.Button("Refresh", id=ids.RESEARCHER_REFRESH, className="btn"),
                html.Button("Export CSV (zip)", id=ids.RESEARCHER_EXPORT_CSV, className="btn"),
                html.Button("Export JSON", id=ids.RESEARCHER_EXPORT_JSON, className="btn"),
            ]),
            html.Div(className="row", children=[
                html.Label("Let participant", htmlFor=ids.RESEARCHER_RELEASE_ID, className="field-label inline"),
                dcc.Input(id=ids.RESEARCHER_RELEASE_ID, type="text", className="input", placeholder="P01"),
                html.Button("continue in another browser", id=ids.RESEARCHER_RELEASE, className="btn"),
            ]),
            html.Div(id=ids.RESEARCHER_MESSAGE, className="message", role="status"),
        ]),
        dcc.Download(id=ids.RESEARCHER_DOWNLOAD),
        html.Div(id=ids.RESEARCHER_DASHBOARD, className="dashboard"),
    ]


def researcher_page(study: Any, app_layout: AppLayout | None, *, open_: bool) -> html.Div:
    """``/study/<id>/researcher``: password form, dashboard, and the editor for expected answers.

    When no password is configured the page is only a notice: neither data nor editor.
    Without ``app_layout`` (validation) the editor's normal app is left out.
    """
    children = researcher_sections(study, open_=open_)
    if open_:
        children.append(html.Section(id=ids.RESEARCHER_EXPECTED, hidden=True, className="expected",
                                     **{"aria-labelledby": "expected-title"}, children=[
            html.Div(className="study-card", children=[
                html.H2("Expected answers", id="expected-title"),
                html.P("Pick a task: its expected graph (if any) opens in the editor below. Build or edit the "
                       "answer, then save it; scoring uses it from then on.", className="hint"),
                html.Div(className="row", children=[
                    html.Label("Task", htmlFor=ids.RESEARCHER_EXPECTED_TASK, className="field-label inline"),
                    dcc.Dropdown(id=ids.RESEARCHER_EXPECTED_TASK, options=[], clearable=False, searchable=False,
                                 className="grow"),
                    html.Button("Save as expected answer", id=ids.RESEARCHER_SAVE_EXPECTED, className="btn primary"),
                ]),
                html.Div(id=ids.RESEARCHER_EXPECTED_MESSAGE, className="message", role="status"),
            ]),
            *([app_layout()] if app_layout is not None else []),
        ]))
    return html.Div(className="study-page researcher-page", children=children)


def studies_page(studies: Sequence[Any], message: str | None = None) -> html.Div:
    """The list of studies, optionally under a message (an unknown study id)."""
    items = [html.Li([html.A(s.title, href=f"/study/{s.id}"), html.Span(f" ({s.id}, {len(s.tasks)} tasks)",
                                                                          className="muted")]) for s in studies]
    return html.Div(className="study-page", children=[
        _header("", "Studies"),
        html.Section(className="study-card", children=[
            html.H2(message or "Studies"),
            html.P("Available studies:" if items else "No study is available.", className="hint"),
            html.Ul(items, className="study-list"),
        ]),
    ])


def page_shell() -> html.Div:
    """``app.layout``: the router's location, the state every page shares, and the page container.

    The study stores sit here, not in the study page, so the observers that listen to
    the normal app's stores and tabs find them on every page (and do nothing outside a study).
    """
    return html.Div(className="shell", children=[
        dcc.Location(id=ids.PAGE_URL, refresh=False),
        dcc.Store(id=ids.PAGE_PATH),
        dcc.Store(id=ids.STUDY_PARTICIPANTS, storage_type="local"),
        dcc.Store(id=ids.STUDY_SECRETS, storage_type="session"),
        dcc.Store(id=ids.STUDY_PROGRESS),
        dcc.Store(id=ids.STUDY_LAST_GRAPH),
        dcc.Store(id=ids.STUDY_ERROR),
        # Every page arrives by a full load (no in-app links), so this starts afresh with the page's results tabs.
        dcc.Store(id=ids.STUDY_TAB_SEEN, data=ids.TAB_TABLE),
        html.Div(id=ids.PAGE, children=html.P("Loading…", className="muted page-loading")),
    ])


def validation_layout(app_layout: Any) -> html.Div:
    """Every component of every page exactly once, for ``app.validation_layout``: the shell, one copy of
    the normal app (``app_layout``), and the study-only parts of the participant and researcher pages."""
    placeholder = Study(id="example", title="Example", source={"kind": "sample", "name": "dbpedia_sample"},
                        tasks=(StudyTask(id="task", prompt="A task.", time_limit_s=60),))
    return html.Div([page_shell(), app_layout, *participant_sections(placeholder, None),
                     researcher_page(placeholder, None, open_=True)])


def message_page(title: str, text: str) -> html.Div:
    return html.Div(className="study-page", children=[
        _header("", "Study"), html.Section(className="study-card", children=[html.H2(title), html.P(text)]),
    ])
