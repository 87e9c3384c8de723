"""Every component id of the web app, in one place.

Layout, callbacks and browser tests import these names instead of repeating
strings, so renaming an id is one edit. Ids of repeated components are
pattern-matching dicts built by the small functions at the bottom, and the
inspector's picker values are :class:`InspectTarget` values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# -- state (dcc.Store and dcc.Location) ----------------------------------------
GRAPH_STORE = "graph-store"            # PrototypeGraph.model_dump(mode="json")
HISTORY_STORE = "history-store"        # app.graph.history.History.to_json()
SOURCE_STORE = "source-store"          # the data source of this session
SOURCE_UPLOAD_PAYLOAD = "source-upload-payload"  # {filename, contents} of an upload within the size limit
STAGES_STORE = "stages-store"          # the pipeline's stages and timings, for the strip
RESULTS_STORE = "results-store"        # SPARQL 1.1 JSON results of the current graph
QUESTION_STORE = "question-store"      # the question the current graph came from (ranks link options)
URL = "url"
GRAPH_DEBUG = "graph-debug"            # a <pre> mirroring GRAPH_STORE as JSON, for tests and the curious

# -- header: data source and history --------------------------------------------
SOURCE_SELECT = "source-select"
SOURCE_UPLOAD = "source-upload"
SOURCE_ENDPOINT = "source-endpoint"
SOURCE_CONNECT = "source-connect"
SOURCE_STATUS = "source-status"
SOURCE_ENDPOINT_ROW = "source-endpoint-row"
SOURCE_UPLOAD_ROW = "source-upload-row"
HISTORY_SELECT = "history-select"
HISTORY_COMPARE_FROM = "history-compare-from"   # two history entries to compare (index, or "current")
HISTORY_COMPARE_TO = "history-compare-to"
HISTORY_DIFF = "history-diff"                   # a small canvas with the difference between them
HISTORY_DIFF_MESSAGE = "history-diff-message"
SHARE_LINK = "share-link"
SHARE_COPY = "share-copy"

# -- ask -------------------------------------------------------------------------
QUESTION = "question"
ASK_BUTTON = "ask-button"
CANCEL_BUTTON = "cancel-button"
EXAMPLES = "examples"
PROGRESS_BAR = "progress-bar"
PROGRESS_LABEL = "progress-label"
ASK_MESSAGE = "ask-message"
STAGE_STRIP = "stage-strip"

# -- edit ------------------------------------------------------------------------
RESTATEMENT = "restatement"
VALIDATION = "validation"
CYTOSCAPE = "graph-canvas"
CANVAS_HIGHLIGHT = "canvas-highlight"  # what the inspector last selected on the canvas (clientside)
ADD_NODE_SEARCH = "add-node-search"
ADD_NODE_BUTTON = "add-node-button"
LINK_FROM = "link-from"
LINK_TO = "link-to"
LINK_SELECT = "link-select"
ADD_LINK_BUTTON = "add-link-button"
LINK_HINT = "link-hint"
UNDO_BUTTON = "undo-button"
REDO_BUTTON = "redo-button"
CLEAR_BUTTON = "clear-button"
LAYOUT_BUTTON = "layout-button"
EDIT_MESSAGE = "edit-message"
# edit by instruction: a text box under the canvas, its preview (a difference on the canvas), apply, discard
INSTRUCTION = "instruction"
INSTRUCT_PREVIEW = "instruct-preview"
INSTRUCT_APPLY = "instruct-apply"
INSTRUCT_DISCARD = "instruct-discard"
INSTRUCT_MESSAGE = "instruct-message"
INSTRUCT_STORE = "instruct-store"        # the previewed edit: {"before", "after", "lines"} graph JSON, or None

# inspector: whichever node or edge is being edited
INSPECT_SELECT = "inspect-select"
NODE_PANEL = "node-panel"
NODE_CLASS_SELECT = "node-class-select"
NODE_FLAGS = "node-flags"                 # checklist: "select", "subclasses"
NODE_REMOVE = "node-remove"
NODE_INSTANCES = "node-instances"
CONSTRAINT_LIST = "constraint-list"
CONSTRAINT_PROPERTY = "constraint-property"
CONSTRAINT_OP = "constraint-op"
CONSTRAINT_VALUE = "constraint-value"
CONSTRAINT_BOOL = "constraint-bool"
CONSTRAINT_ADD = "constraint-add"
CONSTRAINT_SHOW = "constraint-show"
CONSTRAINT_HINT = "constraint-hint"
EDGE_PANEL = "edge-panel"
EDGE_LINK_SELECT = "edge-link-select"
EDGE_FLAGS = "edge-flags"                 # checklist: "optional", "negated"
EDGE_FLIP = "edge-flip"
EDGE_REMOVE = "edge-remove"

# -- results ---------------------------------------------------------------------
RESULTS_TABS = "results-tabs"
TAB_TABLE = "tab-table"
TAB_GRAPH = "tab-graph"
TAB_DASHBOARD = "tab-dashboard"
TAB_SPARQL = "tab-sparql"
RUN_QUERY_BUTTON = "run-query-button"
RESULTS_MESSAGE = "results-message"
RESULTS_TABLE = "results-table"
# "Shape results": an aggregate, group by, the count's bound, sort and limit, written into the graph
SHAPE_FUNCTION = "shape-function"        # dropdown: the aggregate, "count" | "avg" | "sum" | "min" | "max"
SHAPE_COUNT = "shape-count"              # dropdown: the aggregated node (counted, or whose attribute is computed)
SHAPE_MEASURE = "shape-measure"          # dropdown: the attribute an average, total, minimum or maximum is of
SHAPE_GROUP_BY = "shape-group-by"
SHAPE_HAVING_OP = "shape-having-op"      # dropdown: how the count compares (">", ">=", "=", "<", "<=", "!=")
SHAPE_HAVING_VALUE = "shape-having-value"  # number the count is compared with
SHAPE_ORDER = "shape-order"
SHAPE_DIRECTION = "shape-direction"      # radio: "asc" | "desc"
SHAPE_LIMIT = "shape-limit"
DOWNLOAD_CSV_BUTTON = "download-csv-button"
DOWNLOAD_JSON_BUTTON = "download-json-button"
DOWNLOAD_RESULTS = "download-results"
INSTANCE_GRAPH = "instance-graph"
CHART = "chart"
CHART_KIND = "chart-kind"
CHART_REASON = "chart-reason"
EXPORT_HTML_BUTTON = "export-html-button"
DOWNLOAD_CHART = "download-chart"
SPARQL_TEXT = "sparql-text"
SPARQL_COPY = "sparql-copy"
DOWNLOAD_RQ_BUTTON = "download-rq-button"
DOWNLOAD_RQ = "download-rq"
SPARQL_EDIT_TOGGLE = "sparql-edit-toggle"
SPARQL_EDITOR = "sparql-editor"
SPARQL_EDITOR_ROW = "sparql-editor-row"
SPARQL_APPLY = "sparql-apply"
SPARQL_MESSAGE = "sparql-message"

# -- pages (routing by URL path) -------------------------------------------------
PAGE_URL = "page-url"                  # the router's dcc.Location (ids.URL stays the normal app's own)
PAGE = "page"                          # the container the router fills
PAGE_PATH = "page-path"                # the path the container currently shows

# -- study mode: /study/<study_id> -----------------------------------------------
# The participant, progress, last-graph and error stores sit in the page shell, so observers find them everywhere.
STUDY_PARTICIPANTS = "study-participants"  # localStorage: {study_id: participant_id}
STUDY_SECRETS = "study-secrets"  # sessionStorage: {study_id: {participant, secret}}, the server-issued key
STUDY_PROGRESS = "study-progress"      # components.study.model.progress_view(...) for this participant
STUDY_LAST_GRAPH = "study-last-graph"  # the graph last recorded, so restored graphs are not counted as edits
STUDY_ERROR = "study-error"            # the last recording error, shown on the study page
STUDY_CLOCK = "study-clock"            # {limit_s, elapsed_s, received_ms}: the timer's reference, set client-side
STUDY_TAB_SEEN = "study-tab-seen"      # the results tab last seen on this page: only a switch is a view
STUDY_TICK = "study-tick"              # dcc.Interval driving the timer
STUDY_MESSAGE = "study-message"
STUDY_CONSENT = "study-consent"                # section
STUDY_CONSENT_AGREE = "study-consent-agree"    # checklist
STUDY_PARTICIPANT_INPUT = "study-participant-input"
STUDY_START = "study-start"
STUDY_INTRO = "study-intro"                    # section
STUDY_INTRO_CONTINUE = "study-intro-continue"
STUDY_TASK = "study-task"                      # section: the task bar and the full app
STUDY_TASK_COUNTER = "study-task-counter"
STUDY_TASK_PROMPT = "study-task-prompt"
STUDY_TIMER = "study-timer"
STUDY_TIME_NOTICE = "study-time-notice"
STUDY_SUBMIT = "study-submit"
STUDY_SKIP = "study-skip"
STUDY_SUS = "study-sus"                        # section
STUDY_SUS_SUBMIT = "study-sus-submit"
STUDY_SUS_MESSAGE = "study-sus-message"
STUDY_DONE = "study-done"                      # section
STUDY_NEW_PARTICIPANT = "study-new-participant"  # on the thank-you page: forget this browser's participant
STUDY_PARTICIPANT_LABEL = "study-participant-label"

# -- researcher dashboard: /study/<study_id>/researcher ----------------------------
RESEARCHER_PASSWORD = "researcher-password"
RESEARCHER_LOGIN = "researcher-login"
RESEARCHER_MESSAGE = "researcher-message"
RESEARCHER_DASHBOARD = "researcher-dashboard"
RESEARCHER_REFRESH = "researcher-refresh"
RESEARCHER_EXPORT_CSV = "researcher-export-csv"
RESEARCHER_EXPORT_JSON = "researcher-export-json"
RESEARCHER_DOWNLOAD = "researcher-download"
RESEARCHER_RELEASE_ID = "researcher-release-id"    # a participant id: let another browser continue as them
RESEARCHER_RELEASE = "researcher-release"
RESEARCHER_EXPECTED = "researcher-expected"            # section: task picker, the full app, save button
RESEARCHER_EXPECTED_TASK = "researcher-expected-task"
RESEARCHER_SAVE_EXPECTED = "researcher-save-expected"
RESEARCHER_EXPECTED_MESSAGE = "researcher-expected-message"
RESEARCHER_TASK_TABLE = "researcher-task-table"         # the paper's Table III

# -- pattern-matching ids --------------------------------------------------------
EXAMPLE_TYPE = "example-question"
CONSTRAINT_REMOVE_TYPE = "constraint-remove"
STAGE_GRAPH_TYPE = "stage-graph"
SUS_ITEM_TYPE = "study-sus-item"


def search_text(dropdown: str) -> str:
    """The store holding a searchable dropdown's typed text once typing pauses: the server searches that."""
    return f"{dropdown}-search-text"


def example_button(index: int) -> dict[str, object]:
    """The id of the ``index``-th example question button."""
    return {"type": EXAMPLE_TYPE, "index": index}


def constraint_remove(index: int) -> dict[str, object]:
    """The id of the button that removes the ``index``-th constraint of the inspected node."""
    return {"type": CONSTRAINT_REMOVE_TYPE, "index": index}


def stage_graph(stage: str) -> dict[str, object]:
    return {"type": STAGE_GRAPH_TYPE, "stage": stage}


def sus_item(index: int) -> dict[str, object]:
    """The id of the radio items answering the ``index``-th (0-based) SUS statement."""
    return {"type": SUS_ITEM_TYPE, "index": index}


@dataclass(frozen=True)
class InspectTarget:
    """What the inspector edits: a node (by id) or an edge (by :func:`components.elements.edge_id`).

    The picker's value is its :meth:`format` text, so one string names a node or an edge.

    >>> InspectTarget.parse("edge:a_1|http://x/p|b_1")
    InspectTarget(kind='edge', id='a_1|http://x/p|b_1')
    >>> InspectTarget("node", "person_1").format()
    'node:person_1'
    >>> InspectTarget.parse("person_1") is None
    True
    """

    kind: Literal["node", "edge"]
    id: str

    @classmethod
    def parse(cls, value: str | None) -> InspectTarget | None:
        """The target a picker value names, or ``None`` for no value or one of another shape."""
        kind, separator, key = (value or "").partition(":")
        if not separator or kind not in ("node", "edge"):
            return None
        return cls(kind, key)  # type: ignore[arg-type] - the kind is checked just above

    def format(self) -> str:
        return f"{self.kind}:{self.id}"


def node_id_of(value: str | None) -> str | None:
    """The node id an inspector value names, or ``None`` when it names no node.

    >>> node_id_of("node:person_1"), node_id_of("edge:a|p|b")
    ('person_1', None)
    """
    target = InspectTarget.parse(value)
    return target.id if target is not None and target.kind == "node" else None


def css_id(component_id: str | dict[str, object]) -> str:
    """A CSS selector for a component id (string ids only; dash stringifies dict ids)."""
    if isinstance(component_id, dict):
        import dash

        return "#" + _css_escape(dash.stringify_id(component_id))
    return "#" + component_id


def _css_escape(text: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_" else "\\" + ch for ch in text)


# -- exploring an instance from the results (components/callbacks/explore.py) ---------
EXPLORE_STORE = "explore-store"          # {"iri", "var"} of the instance whose card is open, or None
EXPLORE_CARD = "explore-card"            # the card: hidden while no instance is explored
EXPLORE_BODY = "explore-body"            # label, classes, attributes, links in and out
EXPLORE_TARGET = "explore-target"        # dropdown: the node to pin the instance to, or EXPLORE_NEW_NODE
EXPLORE_USE = "explore-use"              # "Use in query"
EXPLORE_CLOSE = "explore-close"
EXPLORE_MESSAGE = "explore-message"
EXPLORE_NEW_NODE = "__new__"             # the target value that adds a node of the instance's class
EXPLORE_NEIGHBOUR_TYPE = "explore-neighbour"


def explore_neighbour(iri: str) -> dict[str, object]:
    """The id of the card's button that opens the card of the neighbour ``iri``."""
    return {"type": EXPLORE_NEIGHBOUR_TYPE, "iri": iri}
