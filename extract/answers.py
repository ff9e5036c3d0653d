"""Short answers: "walthamstow", said right after "where do you live now?", states "I live
in walthamstow". A fragment (a sentence with no verb) that answers the other speaker's
question about the listener is read as the sentence the question asks for.

Only questions whose answer has one reading are turned round; anything else leaves the
fragment unread.

>>> answer_text("where do you live now?", "walthamstow")
'I live in walthamstow.'
>>> answer_text("so what do you do?", "junior copywriter")
"I'm a junior copywriter."
>>> answer_text("what's your dog called?", "Biscuit")
'My dog is called Biscuit.'
>>> answer_text("is it raining?", "yes") is None
True
"""

from __future__ import annotations

import re

_LEAD = r"^(?:(?:so|and|but|ok|okay|oh|wait|hey)[, ]+)*"
_ARTICLES = ("a ", "an ", "the ", "my ", "our ")
# (question, the sentence its answer makes); "{}" is the answer
_TEMPLATES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(_LEAD + q + r"\b[^?]*\??$", re.I), a) for q, a in (
        (r"where do you live", "I live in {}."),
        (r"where are you living", "I live in {}."),
        (r"where do you work", "I work at {}."),
        (r"where are you working", "I work at {}."),
        (r"where do you study", "I study at {}."),
        (r"where are you from", "I'm from {}."),
        (r"where did you grow up", "I grew up in {}."),
        (r"where are you based", "I'm based in {}."),
        (r"what do you do", "I'm {a}."),
        (r"what do you study", "I study {}."),
        (r"what do you drive", "I drive {}."),
        (r"what(?:'s| is) your (?P<noun>[a-z]+(?: [a-z]+)?) called", "My {noun} is called {}."),
        (r"what(?:'s| is) your (?P<noun>[a-z]+(?: [a-z]+)?)", "My {noun} is {}."),
        (r"how old are you", "I'm {}."),
    ))


def answer_text(question: str, answer: str) -> str | None:
    """The sentence a fragment answers a question with, or None."""
    answer = answer.strip().rstrip(".!")
    if not answer or answer.lower() in ("yes", "no", "yeah", "nah", "yep", "nope", "idk"):
        return None
    for pattern, sentence in _TEMPLATES:
        match = pattern.match(question.strip())
        if match is None:
            continue
        noun = match.groupdict().get("noun") or ""
        with_article = answer if answer.lower().startswith(_ARTICLES) else f"a {answer}"
        return sentence.replace("{noun}", noun).replace("{a}", with_article).replace(
            "{}", answer)
    return None
