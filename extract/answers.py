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
>>> answer_text("aw how old is she?", "3")
'She is 3.'
>>> answer_text("how old is nonna teresa now", "91")
'Nonna Teresa is 91.'
>>> answer_text("who's your manager?", "Dana Whitfield")
'My manager is Dana Whitfield.'
>>> answer_text("is it raining?", "yes") is None
True
"""

from __future__ import annotations

import re

_LEAD = r"^(?:(?:so|and|but|ok|okay|oh|wait|hey|aw+|omg|lol|haha|btw|also|yeah)[,!. ]+)*"
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
        (r"what are you studying", "I study {}."),
        (r"what(?:'s| is) your job", "I'm {a}."),
        (r"what do you do for (?:work|a living)", "I'm {a}."),
        (r"who do you work for", "I work for {}."),
        (r"where did you move", "I moved to {}."),
        (r"where are you moving", "I'm moving to {}."),
        (r"where did you grow up", "I grew up in {}."),
        (r"where (?:is|'s) (?P<who>he|she) from", "{who} is from {}."),
        (r"where does (?P<who>he|she) live", "{who} lives in {}."),
        (r"where does (?P<who>he|she) work", "{who} works at {}."),
        (r"what(?:'s| is) (?P<whose>his|her) name", "{whose} name is {}."),
        (r"how old (?:is|'s) (?P<who>he|she)", "{who} is {}."),
        (r"how old (?:is|'s) your (?P<noun>[a-z]+)", "My {noun} is {}."),
        (r"how old (?:is|'s) (?P<name>(?!(?:he|she|it|that|this|the|a|my|ur|his|her)\b)"
         r"[a-z]+(?: (?!now\b)[a-z]+)?)", "{name} is {}."),
        (r"what do you drive", "I drive {}."),
        (r"what(?:'s| is) your (?P<noun>[a-z]+(?: [a-z]+)?) called", "My {noun} is called {}."),
        (r"what(?:'s| is) your (?P<noun>[a-z]+(?: [a-z]+)?)", "My {noun} is {}."),
        (r"how old are you", "I'm {}."),
        (r"who(?:'s| is) your (?P<noun>[a-z]+(?: [a-z]+)?)", "My {noun} is {}."),
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
        groups = match.groupdict()
        with_article = answer if answer.lower().startswith(_ARTICLES) else f"a {answer}"
        if groups.get("name"):  # "how old is nonna teresa now" -> "Nonna Teresa is 91."
            sentence = sentence.replace("{name}", groups["name"].title())
        for part in ("noun", "who", "whose"):
            word = groups.get(part) or ""
            sentence = sentence.replace("{" + part + "}", word.capitalize() if (
                sentence.startswith("{" + part + "}")) else word)
        return sentence.replace("{a}", with_article).replace("{}", answer)
    return None
