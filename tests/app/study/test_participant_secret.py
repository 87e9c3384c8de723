"""A participant is bound to the browser the server gave a secret to (issue 14: a guessed P01 was taken over)."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from app.study import EventKind, StudyError, UnknownParticipant
from app.study.tables import tokens_table


def test_join_issues_a_secret_that_only_its_holder_can_use(recorder, shipped_study):
    study = shipped_study.id
    participant, secret = recorder.join(study, "P01")
    assert participant == "P01" and len(secret) >= 32
    recorder.check_secret(study, "P01", secret)
    for wrong in (None, "", secret[:-1] + ("x" if secret[-1] != "x" else "y"), ["not", "text"]):
        with pytest.raises(StudyError, match="in use in another browser"):
            recorder.check_secret(study, "P01", wrong)
    # Another client that guessed the id can neither join as them nor claim them.
    with pytest.raises(StudyError, match="ask the researcher to release them"):
        recorder.join(study, "P01")
    assert recorder.join(study, "P01", secret=secret) == ("P01", secret)  # the same browser again
    with pytest.raises(UnknownParticipant):
        recorder.check_secret(study, "P99", secret)


def test_only_a_digest_of_the_secret_is_stored(recorder, shipped_study):
    _, secret = recorder.join(shipped_study.id, "P02")
    with recorder.engine.connect() as db:
        stored = db.execute(select(tokens_table.c.token_hash)).scalars().all()
    assert len(stored) == 1 and secret not in stored[0] and len(stored[0]) == 64


def test_the_researcher_releases_a_participant_to_another_browser(recorder, shipped_study):
    study = shipped_study.id
    _, first = recorder.join(study, "P03")
    recorder.record(study, "P03", EventKind.CONSENT)
    recorder.release(study, "P03")
    assert not recorder.has_secret(study, "P03")
    participant, second = recorder.join(study, "P03")
    assert participant == "P03" and second != first
    recorder.check_secret(study, "P03", second)
    with pytest.raises(StudyError):
        recorder.check_secret(study, "P03", first)  # the old browser is out
    assert [e["kind"] for e in recorder.events(study, "P03")] == ["consent"]  # the record is kept
    with pytest.raises(UnknownParticipant):
        recorder.release(study, "P404")


def test_generated_participants_get_distinct_secrets(recorder, shipped_study):
    (one, first), (two, second) = recorder.join(shipped_study.id), recorder.join(shipped_study.id)
    assert one != two and first != second
