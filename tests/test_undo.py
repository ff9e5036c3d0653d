"""The undo records the audit log keeps: written and read one way, and events written
before they had a type still read."""

from datetime import UTC, datetime

from kg import undo
from kg.models import Action, Event, Lifecycle


def event(detail: str, action: Action = Action.superseded) -> Event:
    return Event(id="e", seq=1, claim_id="c", at=datetime(2025, 1, 1, tzinfo=UTC),
                 actor="human:p", action=action, detail=detail)


def test_a_record_reads_back_as_written():
    closed = undo.Closed(by="k2", previous=undo.Before(
        lifecycle=Lifecycle.current, valid_to=datetime(2024, 5, 1, tzinfo=UTC)))
    assert undo.read(event(undo.detail(closed)), undo.Closed) == closed


def test_a_detail_written_before_the_records_had_types_still_reads():
    old = ('{"by": "k2", "previous": {"lifecycle": "superseded", "superseded_by": "k1", '
           '"valid_to": "2024-05-01T00:00:00+00:00"}}')
    closed = undo.read(event(old), undo.Closed)
    assert closed is not None and closed.previous.lifecycle == Lifecycle.superseded
    assert closed.previous.valid_to == datetime(2024, 5, 1, tzinfo=UTC)


def test_another_kind_of_detail_is_not_taken_for_a_record():
    assert undo.read(event('{"said_in": "s1"}', Action.reinforced), undo.Carried) is None
    assert undo.read(event(""), undo.Closed) is None
    assert undo.read(event("not json"), undo.Closed) is None
