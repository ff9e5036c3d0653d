"""Schedules: what recurs, and when, is read; a one-off, a past, a person's comings and
goings, a negation or a modal state no schedule."""

import pytest

from extract import SpacyExtractor
from tests.test_clause_reader import one


@pytest.fixture(scope="module")
def extractor() -> SpacyExtractor:
    return SpacyExtractor()


@pytest.mark.parametrize(("text", "expected"), [
    ("Sprint planning happens every other Monday.",
     {("Acme", "sprint_planning", "every other Monday")}),
    ("The standup is at 9:15 on weekdays.", {("Acme", "standup", "9:15 on weekdays")}),
    ("The backups run every night at 2am.", {("Acme", "backups_run", "every night at 2am")}),
    ("Our weekly sync is on Wednesdays at 11.", {("Acme", "weekly_sync", "Wednesdays at 11")}),
    ("Deploys are on Tuesdays and Thursdays.",
     {("Acme", "deploys", "Tuesdays"), ("Acme", "deploys", "Thursdays")}),
    ("Invoices go out at the end of each month.",
     {("Acme", "invoices_go_out", "end of each month")}),
    ("Payroll runs on the last Friday of the month.",
     {("Acme", "payroll_runs", "last Friday of the month")}),
    ("The gym opens at 6am.", {("gym", "opens_at", "6am")}),
    ("i have band practice every thursday now", {("Dana", "band_practice", "every thursday")}),
    ("The kids have swimming lessons on Saturdays.",
     {("Dana's kids", "swimming_lessons", "Saturdays")}),
    # the day said of where, and "'ve got" for "have"
    ("I have classes at the college on Mondays.", {("Dana", "classes", "Mondays")}),
    ("I've got choir every Sunday morning.", {("Dana", "choir", "every Sunday morning")}),
    ("im off every wednesday", {("Dana", "day_off", "every wednesday")}),
    ("I'm off on Mondays and Fridays.", {("Dana", "day_off", "Mondays"),
                                         ("Dana", "day_off", "Fridays")}),
])
def test_what_recurs_is_read_with_when(extractor, text, expected):
    assert one(extractor, text) == expected


@pytest.mark.parametrize("text", [
    "The party is on Friday.",  # once
    "The meeting was every Monday.",  # past
    "My boss comes in on Mondays.",  # a person, not an event
    "We don't have standup on Fridays.",
    "Standup might move to Tuesdays.",
    "Standup is at 9:30 tomorrow.",
    "I've got choir tonight.",  # once
    "I'm off tomorrow.",  # once
    "I don't have classes at the college on Mondays.",  # not
])
def test_a_one_off_a_past_or_a_person_is_no_schedule(extractor, text):
    assert one(extractor, text) == set()


def test_an_event_without_an_owner_needs_an_organisation(extractor):
    assert one(extractor, "Team lunch is every Friday.", org="") == set()
    assert one(extractor, "Team lunch is every Friday.") == {("Acme", "team_lunch", "every Friday")}
