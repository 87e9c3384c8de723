"""Records events until killed, printing each event id once its transaction has committed.

Used by test_crash.py: ``python record_loop.py DATABASE_URL STUDY_ID PARTICIPANT_ID``.
"""

from __future__ import annotations

import sys


def main(url: str, study_id: str, participant_id: str) -> None:
    from app.study import EventKind, StudyRecorder

    recorder = StudyRecorder(url)
    recorder.start_participant(study_id, participant_id)
    graph = {"nodes": [{"id": "work_1", "class": "http://dbpedia.org/ontology/Work"}], "edges": []}
    n = 0
    while True:
        n += 1
        event_id = recorder.record(study_id, participant_id, EventKind.EDIT, task_id="hockey-works",
                                   graph=graph, detail={"n": n})
        print(event_id, flush=True)  # record() has returned: the event is committed


if __name__ == "__main__":
    main(*sys.argv[1:4])
