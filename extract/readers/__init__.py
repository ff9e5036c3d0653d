"""The clause reader's second step: the facts each clause states, read off the parse.

Every reader takes one ``Clause`` (``extract.clauses``) and returns raw facts: being and
naming (``copular``), verbs (``verbs``), episodes (``episodes``), over what they share
(``words``). The pipeline component registers each as a versioned function
(``extract.components``).
"""

from extract.readers.ages import aged
from extract.readers.belonging import belonging
from extract.readers.copular import (
    apposition,
    becoming,
    copular,
    naming_or_change,
    origin_aside,
)
from extract.readers.diets import free_of
from extract.readers.episodes import activity
from extract.readers.jobs import job_begun, job_ended, job_offered
from extract.readers.prescribed import prescribed
from extract.readers.schedules import held_routine, schedule
from extract.readers.valued import love_for, valued
from extract.readers.verbs import given_up, greeted_from, schedule_fact, verb_fact
from extract.readers.words import RawFact

__all__ = ["RawFact", "activity", "aged", "apposition", "becoming", "belonging", "copular",
           "free_of", "given_up", "greeted_from", "held_routine", "job_begun", "job_ended",
           "job_offered", "love_for", "naming_or_change", "origin_aside", "prescribed",
           "schedule", "schedule_fact", "valued", "verb_fact"]
