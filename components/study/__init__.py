"""Study mode of the web app (issue 8): ``/study/<id>`` for participants, ``/study/<id>/researcher``.

Layout in :mod:`.layout` and :mod:`.dashboard`, callbacks in :mod:`.callbacks`, pure
helpers in :mod:`.views`. The study logic itself (definitions, recorder, scoring,
reports, export) is ``app.study``.
"""

from components.study.callbacks import register_study_callbacks
from components.study.layout import page_shell, validation_layout

__all__ = ["page_shell", "register_study_callbacks", "validation_layout"]
