"""The root of every error the app layer raises on purpose.

Callers (CLI, web app) catch :class:`ProtoGraphError` and show its message;
anything else is a bug and may surface as a traceback.
"""

__all__ = ["ProtoGraphError", "StudyError", "UnknownParticipant"]


class ProtoGraphError(Exception):
    """An expected failure with a message meant for the user."""


# -- query compilation and execution (issue 5) ---------------------------------
class GraphCompileError(ProtoGraphError, ValueError):
    """The prototype graph cannot be turned into SPARQL (bad IRI, bad value, unknown node)."""


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
