"""Loader errors: standard exception types, messages a person can act on."""

__all__ = ["OntologyLoadError"]


class OntologyLoadError(ValueError):
    """A source could not be read as an ontology; the message names the source and why."""
