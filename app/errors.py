"""The root of every error the app layer raises on purpose.

Callers (CLI, web app) catch :class:`ProtoGraphError` and show its message;
anything else is a bug and may surface as a traceback. Every subclass lives here, so
a front end can see at a glance what it may have to show.
"""

from ontology_loaders import OntologyLoadError

__all__ = [
    "CannotDrawError",
    "EditError",
    "EmbedderLoadError",
    "EndpointHTTPError",
    "EndpointUnreachable",
    "ExportUnavailable",
    "GraphCompileError",
    "JobQueueUnavailable",
    "LLMLoadError",
    "PipelineCancelled",
    "PipelineError",
    "ProtoGraphError",
    "QueryError",
    "QuerySyntaxError",
    "QueryTimeout",
    "SourceError",
    "StudyError",
    "USER_ERRORS",
    "UnconnectedGraphError",
    "UnknownParticipant",
]



class ProtoGraphError(Exception):
    """An expected failure with a message meant for the user."""


# -- query compilation and execution (issue 5) ---------------------------------
class GraphCompileError(ProtoGraphError, ValueError):
    """The prototype graph cannot be turned into SPARQL (bad IRI, bad value, unknown node)."""


class UnconnectedGraphError(GraphCompileError):
    """The graph has parts no edge links; running it would pair every answer of one part with every
    answer of the others. ``parts`` holds each part's node ids."""

    def __init__(self, message: str, parts: list[list[str]]) -> None:
        self.parts = parts
        super().__init__(message)


class CannotDrawError(ProtoGraphError, ValueError):
    """A SPARQL query uses a construct a prototype graph cannot show."""

    def __init__(self, construct: str) -> None:
        self.construct = construct
        super().__init__(f"cannot be drawn: {construct}")


class QueryError(ProtoGraphError):
    """A query failed to run."""


class QueryTimeout(QueryError):
    """The query ran longer than its time limit."""


class QuerySyntaxError(QueryError, ValueError):
    """The query is not valid SPARQL, or is not a read-only query."""


class EndpointHTTPError(QueryError):
    """The endpoint answered with an HTTP error status."""

    def __init__(self, status: int, message: str) -> None:
        self.status = status
        super().__init__(message)


class EndpointUnreachable(QueryError):
    """The endpoint could not be reached (refused, reset, unknown host)."""


# -- user studies (issue 8) -----------------------------------------------------
class StudyError(ProtoGraphError):
    """A study file, participant, submission or study database that cannot be used; the message says why."""


class UnknownParticipant(StudyError):
    """The study database has no participant with this id (not a database failure)."""


# -- editing ---------------------------------------------------------------------
class EditError(ProtoGraphError):
    """An edit that would make the graph invalid; the message says why."""


class ExportUnavailable(ProtoGraphError):
    """An export needs something this machine lacks (e.g. a browser for PNG)."""


# -- question -> graph ------------------------------------------------------------
class LLMLoadError(ProtoGraphError):
    """The language model could not be loaded or reached."""


class EmbedderLoadError(ProtoGraphError):
    """The sentence-transformers model could not be loaded."""


class PipelineError(ProtoGraphError):
    """The language model failed (e.g. its server went away)."""


class PipelineCancelled(ProtoGraphError):
    """The caller set the cancel event."""


# -- data sources ----------------------------------------------------------------
class SourceError(ProtoGraphError):
    """A data source that cannot be used; the message says why."""


# -- deployment -------------------------------------------------------------------
class JobQueueUnavailable(ProtoGraphError):
    """The job queue of several server processes (Redis, for Celery) does not answer."""


#: Errors a user can act on: every front end (CLI, web app, study pages) shows their message
#: in one line; anything else is a bug and keeps its traceback in the log.
USER_ERRORS: tuple[type[Exception], ...] = (ProtoGraphError, OntologyLoadError, ValueError, OSError)
