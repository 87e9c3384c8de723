"""The Dash layer: layout, callbacks and the app factory. Imports only from ``app`` and below."""

from components.factory import create_app, warm_resources

__all__ = ["create_app", "warm_resources"]
