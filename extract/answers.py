"""Short answers: "walthamstow", said right after "where do you live now?", states "I live
in walthamstow". A fragment (a sentence with no verb) that answers the other speaker's
question about the listener is read as the sentence the question asks for.

Only questions whose answer has one reading are turned round; anything else leaves the
fragment unread.

>>> answer_text("where do you live now?", "walthamstow")
'I live in walthamstow.'
>>> answer_text("so what do you do?", "junior copywriter")
"I'm a junior copywriter."
>>> answer_text("nice, what do you do there?", "Junior ux designer")
"I'm a junior ux designer."
>>> answer_text("what's your dog called?", "Biscuit")
'My dog is called Biscuit.'
>>> answer_text("aw how old is she?", "3")
'She is 3.'
>>> answer_text("how old is nonna teresa now", "91")
'Nonna Teresa is 91.'
>>> answer_text("who's your manager?", "Dana Whitfield")
'My manager is Dana Whitfield.'
>>> answer_text("ooh where's the office", "harrogate")
'My office is in harrogate.'
>>> answer_text("is it raining?", "yes") is None
True
>>> answer_text("what do you cook?", "lasagna")
'I cook lasagna.'
>>> answer_text("what are you reading these days?", "Dune")
"I'm reading Dune."
>>> answer_text("who is dev?", "my mate from my course")
'Dev is my mate from my course.'
>>> answer_text("what does she do?", "nurse")
'She is a nurse.'
>>> answer_text("who's dev?", "dev patel") is None, answer_text("who is it?", "mum") is None
(True, True)
>>> answer_text("What is the new address.", "flat 2, 41 albany road")
'My new address is flat 2, 41 albany road.'
>>> answer_text("whats tattie doing", "staying with euans brother ally")
'Tattie is staying with euans brother ally.'
>>> answer_text("whats tattie doing", "no idea") is None
True

A date answers "when": "when do you start?" + "april 7th" states "I start on april 7th"
(read by ``extract.dated``); a bare "when" or "where" asks about what the one answering
just said ("me and sam are moving" / "omg where" / "chapel allerton!!"), given as
``said``. Only a date a calendar names answers a "when" ("end of june prob" answers
nothing).

>>> answer_text("omg when do you start", "the 31st")
'I start on the 31st.'
>>> answer_text("when are you moving?", "nov 15")
"I'm moving on nov 15."
>>> answer_text("when does she get back", "in june")
'She gets back in june.'
>>> answer_text("when's the interview", "thurs at 10")
'My interview is on thurs at 10.'
>>> answer_text("when's the move?", "sat 14th")
'My move is on sat 14th.'
>>> answer_text("when?", "Saturday 20th March", said="Hannah has set the date for the wedding!")
"Hannah's wedding is on Saturday 20th March."
>>> answer_text("when", "29th", plan="Me and Sam are moving")
'Me and Sam are moving on the 29th.'
>>> answer_text("omg where", "chapel allerton!!", said="Me and Sam are moving!!")
'Me and Sam are moving to chapel allerton.'
>>> answer_text("when do you start", "end of june prob") is None
True
>>> answer_text("when", "29th") is None
True
"""

from __future__ import annotations

import re

from extract.dated import calendar_words
from extract.lexicon import lexicon
from extract.readers.words import third_person

_LEAD = (r"^(?:(?:so|and|but|ok|okay|oh|wait|hey|aw+|omg|lol|haha|btw|also|yeah|nice|cool|"
         r"wow|great|ah+|ooh+|no way|omfg|wtf|yay+|amazing|brilliant|lovely|congrats|"
         r"congratulations|fab|sweet|awesome|ace|class|wicked|mint|gorgeous|exciting|"
         r"oh no|oh god|no|yes+|ye+s|right|hmm+|ha)[,!. ]+)*")
_ARTICLES = ("a ", "an ", "the ", "my ", "our ")
# (question, the sentence its answer makes); "{}" is the answer
# the sums of one's own life a question may ask the one answering ("whats the rent")
MONEY_ASKED = frozenset({"salary", "pay", "wage", "rent", "mortgage", "deposit"})
# someone a question asks after in the third person: he or she, a name ("where does tom
# work"), or the listener's relative ("where does your sister live"; not "your company")
_WHO = (r"(?P<who>he|she|(?:your|ur) (?:" + "|".join(
    re.escape(k) for k in sorted(lexicon().kin, key=len, reverse=True)) + r")"
        r"|(?!(?:you|u|it|that|this|they|the|a|an|we|i|"
        r"there|here|everyone|anyone|someone|somebody|nobody|one|what|who|which|time|"
        r"your|ur|my|his|her|their|our)\b)"
        r"[a-z]+)")
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
        # pastimes asked after: "What do you do for fun?" / "gaelic football, baking and
        # true crime podcasts" (what one likes, not what one is)
        (r"what do you (?:do|like to do|like doing|get up to) (?:for fun|in your (?:spare|free)"
         r" time|at (?:the )?weekends?|outside (?:of )?work)", "I like {}."),
        (r"what are your hobbies", "I like {}."),
        (r"what do you do", "I'm {a}."),
        (r"what do you study", "I study {}."),
        (r"what are you studying", "I study {}."),
        (r"what(?:'s| is) your job", "I'm {a}."),
        (r"what do you do for (?:work|a living)", "I'm {a}."),
        (r"who do you work for", "I work for {}."),
        (r"where did you move", "I moved to {}."),
        (r"where did you go", "I went to {}."),
        (r"where are you (?:going|heading|off to)", "I'm going to {}."),
        (r"where are you moving", "I'm moving to {}."),
        (r"where did you grow up", "I grew up in {}."),
        (r"where (?:is|'s) " + _WHO + r" from", "{who} is from {}."),
        (r"where does " + _WHO + r" live", "{who} lives in {}."),
        (r"where does " + _WHO + r" work", "{who} works at {}."),
        (r"what(?:'s| is) (?P<whose>his|her) name", "{whose} name is {}."),
        (r"how old (?:is|'s) (?P<who>he|she)", "{who} is {}."),
        (r"how old (?:is|'s) your (?:little|baby|youngest|eldest|oldest) one", "My child is {}."),
        (r"how old (?:is|'s) your (?P<noun>[a-z]+)", "My {noun} is {}."),
        (r"how old (?:is|'s) (?P<name>(?!(?:he|she|it|that|this|the|a|my|ur|his|her)\b)"
         r"[a-z]+(?: (?!now\b)[a-z]+)?)", "{name} is {}."),
        (r"what do you drive", "I drive {}."),
        # the thing the one answering just told of: "u started already?? whats the job" /
        # "junior surveyor!"; "where's the office" / "harrogate"
        (r"what(?:'s| is) the (?P<noun>(?:new )?(?:job|role|position|course|degree|address|"
         r"postcode|number))(?=\W*$)", "My {noun} is {}."),
        (r"where(?:'s| is) the (?P<noun>(?:new )?(?:office|job|flat|house|place))(?=\W*$)",
         "My {noun} is in {}."),
        # the money of one's own life, asked of the one answering: "got the job!!" /
        # "whats the salary like" / "34k"; "how much is the rent" / "£1150 a month"
        (r"(?:what(?:'s| is)|how much(?:'s| is)) the (?P<noun>" + "|".join(sorted(MONEY_ASKED))
         + r")(?=(?: like)?\W*$)", "My {noun} is {}."),
        (r"what(?:'s| is) your (?P<noun>[a-z]+(?: [a-z]+)?) called", "My {noun} is called {}."),
        (r"what(?:'s| is) your (?P<noun>[a-z]+(?: [a-z]+)?)", "My {noun} is {}."),
        (r"how old are you", "I'm {}."),
        (r"what does " + _WHO + r" do(?: for (?:work|a living))?(?=\W*$)", "{who} is {a}."),
        (r"who(?:'s| is) (?P<name>(?!(?:he|she|it|that|this|they|there|the|a|an|my|ur|your|"
         r"his|her|our|their|coming|going|in|on|up|free|around|next|first)\b)[a-z]+)",
         "{name} is {a}."),
        (r"who(?:'s| is) your (?P<noun>[a-z]+(?: [a-z]+)?)", "My {noun} is {}."),
        # any other doing asked after: "what do you cook?" / "lasagna" -> "I cook lasagna."
        (r"what do you (?!(?:think|mean|know|say|want|need|reckon|like about)\b)"
         r"(?P<verb>[a-z]+)", "I {verb} {}."),
        (r"what are you (?P<verb>[a-z]+ing)", "I'm {verb} {}."),
        (r"doing what(?=\W*$)", "I do {}."),  # "im at a studio now" / "doing what" / "motion
        # design": the work one does
        (r"what(?:'s| is) (?P<who>he|she) (?P<verb>(?!going\b)[a-z]+ing)", "{who} is {verb} {}."),
        # "whats tattie doing" / "staying with euans brother ally": what someone named (or
        # a pet) is doing, when the answer says it with its verb
        (r"what(?:'s|s| is) (?P<name>(?!(?:he|she|it|that|this|they|there|up|going|happening|"
         r"wrong|the|your|ur|my)\b)[a-z]+) doing(?=\W*$)", "{name} is {ing}."),
        # "what did you get?" / "a 2018 octavia estate" -> "I got a 2018 octavia estate."
        (r"what did you (?!(?:think|mean|say|expect)\b)(?P<past>[a-z]+)", "I {past} {}."),
        # "which glaze did you go for?" / "Tenmoku" -> "I went for Tenmoku."
        (r"(?:what|which) (?!(?:time|day|date|year|month|week)\b)[a-z]+ did you "
         r"(?!(?:think|mean|say|expect)\b)(?P<past>[a-z]+)(?P<prep> (?:for|with|to|in|at|on))?",
         "I {past}{prep} {}."),
        (r"(?:what|which) (?!(?:time|day|date|year|month|week)\b)[a-z]+ do you "
         r"(?!(?:think|mean|say|reckon|want|need)\b)(?P<verb>[a-z]+)(?P<prep> (?:for|with|to|"
         r"in|at|on))?", "I {verb}{prep} {}."),
    ))


# verbs a plan is dated by, as a question asks them ("when do you fly back")
_PLAN_VERBS = r"(?:start|begin|move(?: out| in)?|leave|finish|go back|get back|come back|" \
    r"fly(?: out| back)?|go|head (?:back|off|out)|graduate|retire|arrive|land|return)"
_WHEN: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(_LEAD + r"(?:wait |and |so )?" + q + r"\b[^?]*\??$", re.I), a) for q, a in (
        (r"when do you (?P<verb>" + _PLAN_VERBS + r")", "I {verb} {}."),
        (r"when are you (?P<verb>(?:start|mov|leav|finish|go|com|fly|head|return)ing"
         r"(?: back| out| off)?|back)", "I'm {verb} {}."),
        (r"when does " + _WHO + r" (?P<verb>" + _PLAN_VERBS + r")", "{who} {verbs} {}."),
        (r"when(?:'s| is) your (?P<noun>[a-z]+)", "My {noun} is {}."),
        (r"when(?:'s| is) the (?P<appointment>[a-z]+)", "My {noun} is {}."),
    ))
# plans "when's the ..." asks the one answering about: their own ("when's the move?")
OWN_PLANS = frozenset({"move", "flight", "trip", "holiday"})
_BARE = re.compile(_LEAD + r"(?:wait |and |so )?(?P<wh>when|where(?: to| abouts)?)[?!. ]*$",
                   re.I)
_PLACED = re.compile(r"\b(?:in|at|to|from|near|with)\s+(?!together\b)\w+|\bthere\b", re.I)
# ("moving in together": no place said yet)
_ORDINAL = re.compile(r"\d{1,2}(?:st|nd|rd|th)")
# an hour after a date: "at 10", "at 2:30pm", "10am"
_AT_CLOCK = re.compile(r"\s*(?:\bat \d{1,2}(?:[:.]\d{2})?(?:\s?[ap]m)?|\b\d{1,2}(?:[:.]\d{2})?"
                       r"\s?[ap]m)\s*$", re.I)
_MOTION = re.compile(r"\b(?:mov|go|head|fly|flying|travel|off)\w*", re.I)
_AT_WORK = re.compile(r"\b(?:job|interview|work|client|internship|apprenticeship|shift|"
                      r"placement|position|role|gig|offer)s?\b", re.I)


def calendar_phrase(answer: str) -> str | None:
    """A date as a plan's time: "the 31st", "april 7th", "nov 11", "monday" after "on";
    a month alone after "in"; one that has its preposition as it is ("in june"). None for
    anything else ("end of june prob", "soon").

    >>> [calendar_phrase(a) for a in ("29th", "april 7th", "october", "on friday", "soon")]
    ['on the 29th', 'on april 7th', 'in october', 'on friday', None]
    >>> calendar_phrase("thursday 16th at 10am"), calendar_phrase("at 10")
    ('on thursday 16th at 10am', None)
    """
    clock = _AT_CLOCK.search(answer)  # "thursday 16th at 10am": the day, then its hour
    hour = answer[clock.start():] if clock is not None and clock.start() > 0 else ""
    answer = answer[:len(answer) - len(hour)].strip() if hour else answer
    words = answer.lower().split()
    prep = words[0] if words and words[0] in ("on", "in") else ""
    rest = words[1:] if prep else words
    if not calendar_words(rest):
        return None
    if prep:
        return answer + hour
    if all(w in lexicon().months for w in rest):
        return f"in {answer}{hour}"
    return (f"on the {answer}" if len(rest) == 1 and _ORDINAL.fullmatch(rest[0]) else
            f"on {answer}") + hour


def bare_question(text: str) -> bool:
    """A message that only asks "when" or "where" ("omg where!!", "when?").

    >>> bare_question("omg where!!"), bare_question("since when"), bare_question("where")
    (True, False, True)
    """
    return _BARE.match(text.strip()) is not None


_WHAT_IS_IT = re.compile(_LEAD + r"(?:(?:what|who|which)(?: one| is it|'s that| was it| kind|"
                         r" sort)?|doing what|what is it|like what|which [a-z]+)[?!. ]*$", re.I)


def asks_what_it_is(text: str) -> bool:
    """A message that only asks what (or who, or which) the thing just told of is: "who",
    "which one", "omg what is it", "Doing what." (not "what time", "who's coming").

    >>> [asks_what_it_is(t) for t in ("WHAT. who", "which brother", "Doing what.",
    ...                               "what time")]
    [True, True, True, False]
    """
    last = re.split(r"(?<=[.!?])\s+", text.strip())[-1]
    return _WHAT_IS_IT.match(last) is not None


def _said_again(said: str, wh: str, answer: str, plan: str) -> str | None:
    """What the one answering said, with the time or place a bare "when" or "where" asked
    for: "Me and Sam are moving" + "29th" -> "... moving on the 29th"; a time goes with
    the plan's own words (``plan``: its subject and verb), a place with the sentence."""
    if wh == "when":
        when = calendar_phrase(answer)
        lex = lexicon()
        event = next((w for w in re.findall(r"[a-z-]+", said.lower())
                      if w in lex.appointments | lex.occasions), "")
        if when and not plan and event in lex.appointments:  # "got an interview email!!" /
            return f"My {event} is {when}."  # "when" / "thursday 16th": the interview's
        teller = re.match(r"(?:(?:so|and|oh|well|omg)[,!]?\s+)*([A-Z][a-z]+)\b", said.strip())
        if when and not plan and event and teller is not None and \
                teller.group(1).lower() not in lex.pronouns | {"my", "our", "the", "we", "i"}:
            # "Hannah has set the date for the wedding!" / "when?" / "Saturday 20th March"
            return f"{teller.group(1)}'s {event} is {when}."
        said = plan.strip().rstrip(".!?")
        return f"{said} {when}." if when and said else None
    said = said.strip().rstrip(".!?")
    if not said:
        return None
    if _PLACED.search(said):
        return None  # "we're moving to glasgow": "where?" asks for more than it says
    if answer.split()[0].lower() in ("in", "at", "to", "near", "on"):
        return f"{said} {answer}."
    prep = "to" if _MOTION.search(said) else "at" if _AT_WORK.search(said) else "in"
    return f"{said} {prep} {answer}."


def naming_text(thing: str, fragment: str) -> str | None:
    """The sentence a message names a thing its writer just announced with: "got a new
    client!!" then "lantern hill brewing" is "My new client is lantern hill brewing.";
    a comment ("so happy", "finally") names nothing (the caller gives only fragments
    headed by a noun).

    >>> naming_text("new client", "lantern hill brewing")
    'My new client is lantern hill brewing.'
    >>> naming_text("new client", "a big one") is None
    True
    >>> naming_text("puppy", "a cockapoo called biscuit")
    'My puppy is a cockapoo called biscuit.'
    """
    first = fragment.split()[0].lower() if fragment.split() else ""
    if not thing or not first or first in _NOT_A_NAME and not (
            first in ("a", "an") and re.search(r"\b(?:called|named)\b", fragment)):
        return None
    return f"My {thing} is {fragment}."


_NOT_A_NAME = {"a", "an", "the", "this", "that", "it", "its", "one", "some", "so", "such",
               "very", "really", "my", "our", "his", "her", "their", "your"}


# a "where" question about one's work, home or study, and the verb an answer "at X" has
_WHERE_ASKED = re.compile(_LEAD + r"(?:and |so )?where (?:do|does|are|is) (?P<who>you|he|she)"
                          r" (?P<verb>work|working|live|living|study|studying|based)\b", re.I)
_AT_ANSWER = re.compile(r"^(?:(?:oh|yeah|yes|well|so|haha|lol)[,!. ]+)*(?P<who>i'?m|i am|"
                        r"she'?s|she is|he'?s|he is) (?:now |still |currently )?"
                        r"(?P<prep>at|in|with) (?P<rest>[^,.!?;]+)", re.I)
_WHERE_VERBS = {"work": ("work", "at"), "working": ("work", "at"), "live": ("live", "in"),
                "living": ("live", "in"), "study": ("study", "at"), "studying": ("study", "at"),
                "based": ("live", "in")}


def at_answer_text(question: str, sentence: str) -> str | None:
    """The sentence "I'm at X" / "she's in X" says when it answers "where do you work?"
    or "where does she live?": where the one asked about works, lives or studies; None
    for any other pair (the one answering speaks of someone else, or the question asked
    something else).

    >>> at_answer_text("Where does she work?", "She's at St George's too, on the ward!")
    "She works at St George's."
    >>> at_answer_text("where do you live now?", "im in leeds atm")
    'I live in leeds.'
    >>> at_answer_text("where does she work?", "I'm at home") is None
    True
    """
    asked = _WHERE_ASKED.match(plain_question(question.strip()))
    said = _AT_ANSWER.match(sentence.strip())
    if asked is None or said is None:
        return None
    who, answer_who = asked.group("who").lower(), said.group("who").lower()
    pronoun = re.match(r"i|she|he", answer_who).group(0)  # type: ignore[union-attr]
    if (who == "you") != (pronoun == "i") or who != "you" and who != pronoun:
        return None
    verb, prep = _WHERE_VERBS[asked.group("verb").lower()]
    rest = [w for w in said.group("rest").split() if w.lower() not in _TRAILING]
    if not rest:
        return None
    subject = pronoun.capitalize()
    verbed = verb if subject == "I" else third_person(verb)
    return f"{subject} {verbed} {prep} {' '.join(rest)}."


_TRAILING = {"too", "now", "atm", "rn", "currently", "still", "lol", "haha", "tho", "though"}


_YES = re.compile(r"^(?:ye+s*|yeh|yh|yeah+|yep|yup|ya+|yea|mhm|yes+|defo|definitely|totally|"
                  r"of course|still)\b", re.I)
_NO = re.compile(r"^(?:no+|nah+|nope)\b", re.I)
_POLAR = re.compile(_LEAD + r"(?P<aux>do|did|are|were|have|is|was) (?:you|u) (?P<rest>.+?)"
                    r"(?: then| tho| though| lol)?[?!. ]*$", re.I)
# "is he still at the council", "does kemi still live in leeds": a lasting state of
# someone else, asked after
_POLAR_THIRD = re.compile(_LEAD + r"(?P<aux>is|does) (?P<who>(?:your |ur )[a-z]+|(?!(?:you|u|"
                          r"it|that|this|there|they|we|i|your|ur|the|a|an)\b)[a-z]+) still "
                          r"(?P<rest>[a-z' ]+?)"
                          r"(?: then| tho| though| lol| now)?[?!. ]*$", re.I)
# "isnt she a dentist?", "is priya a nurse": what someone else is, asked after
_POLAR_KIND = re.compile(_LEAD + r"(?:is|isnt|isn't|is not) (?P<who>(?:your |ur )[a-z]+|(?!(?:you|"
                         r"u|it|that|this|there|they|we|i|your|ur|the|a|an)\b)[a-z]+) "
                         r"(?P<rest>(?:a|an) [a-z' -]+?)"
                         r"(?: then| tho| though| lol| now)?[?!. ]*$", re.I)
_STILL = re.compile(_LEAD + r"(?P<rest>still (?!(?:you|u|he|she|they|it|that)\b)[a-z ]+?)"
                    r"(?: then| tho| though| lol)?[?!. ]*$", re.I)
# what a polar question's object may be that a yes answer names ("did u use that app" /
# "ye strava"): a thing pointed at, not named
_POINTED = re.compile(r"\b(?:that|the|this|a|an|any|some) [a-z]+$|\bone$", re.I)
# a statement asked back, of someone and a relation: "marcias ur manager?", "Tom's your
# brother??"
_CHECKED = re.compile(_LEAD + r"(?P<name>[A-Za-z]+?)(?:'s|s| is) (?:ur|your) (?P<noun>[a-z]+)"
                      r"[?!. ]*$", re.I)
_NOT_SOMEONE = {"that", "this", "it", "what", "who", "he", "she", "there", "here", "which",
                "where", "how", "thats", "whos", "whats"}
_YOUR = {"u": "I", "you": "I", "ur": "my", "your": "my", "yours": "mine", "urself": "myself",
         "yourself": "myself"}


def answer_word(word: str) -> str:
    """"yes" or "no" for a word that answers a question so ("ye", "yep", "nah"), else ''.

    >>> [answer_word(w) for w in ("yep", "nahh", "nobody", "strava")]
    ['yes', 'no', '', '']
    """
    return "yes" if _YES.match(word) else "no" if _NO.match(word) else ""


def polar_answer_text(question: str, answer: str, thing: str = "") -> str | None:
    """The sentence a yes or a no says when it answers a question put to the one
    answering: "did u use that app" / "ye" + ``thing`` "strava" -> "I used strava.";
    "do u still do pottery on tuesdays" / "ya" -> "I still do pottery on tuesdays.";
    "still full veggie then?" / "ye over a year now" -> "I'm still full veggie."; "do you
    still smoke?" / "nah" -> "I no longer smoke." A no answers nothing else (what one
    does not do was not said), nor does a question about someone else.

    >>> polar_answer_text("did u use that app", "ye strava", "strava")
    'I used strava.'
    >>> polar_answer_text("do u still do pottery on tuesdays", "ya")
    'I still do pottery on tuesdays.'
    >>> polar_answer_text("still full veggie then?", "ye over a year now")
    "I'm still full veggie."
    >>> polar_answer_text("do you still smoke?", "nah quit in march")
    'I no longer smoke.'
    >>> polar_answer_text("are you still at Google?", "yep")
    "I'm still at Google."
    >>> polar_answer_text("do you like it?", "nah") is None
    True
    >>> polar_answer_text("is dev working this weekend", "ya") is None
    True
    >>> polar_answer_text("is he still at the council", "yep, 12 years now")
    'He is still at the council.'
    >>> polar_answer_text("Marcia's your manager?", "yeh")
    'Marcia is my manager.'
    >>> polar_answer_text("marcias ur manager?", "yeh"), polar_answer_text("thats ur mum?", "ya")
    ('marcia is my manager.', None)
    >>> polar_answer_text("isnt she a dentist?", "yeah she is")
    'She is a dentist.'
    >>> polar_answer_text("is it a boy?", "yes"), polar_answer_text("is she a dentist", "no")
    (None, None)
    """
    from lemminflect import getInflection

    yes, no = _YES.match(answer.strip()), _NO.match(answer.strip())
    if yes is None and no is None:
        return None
    checked = _CHECKED.match(question.strip())
    if checked is not None and checked.group("name").lower() not in _NOT_SOMEONE:
        # "marcias ur manager?" / "yeh": a statement asked back, said so
        return f"{checked.group('name')} is my {checked.group('noun')}." if yes else None
    third = _POLAR_THIRD.match(question.strip())
    if third is not None:
        return _still_of_someone(third, yes is not None)
    kind = _POLAR_KIND.match(question.strip())
    if kind is not None:  # "isnt she a dentist?" / "yeah she is": what she is; a no
        # says only what she is not
        who = re.sub(r"^(?:your|ur) ", "my ", kind.group("who").lower()).capitalize()
        return f"{who} is {kind.group('rest')}." if yes else None
    asked, still_asked = _POLAR.match(question.strip()), _STILL.match(question.strip())
    if asked is None and still_asked is None:
        return None
    words = (asked or still_asked).group("rest").split()  # type: ignore[union-attr]
    words = [_YOUR.get(w.lower(), w) for w in words]
    aux = asked.group("aux").lower() if asked is not None else "are"
    if aux in ("is", "was") or not words:
        return None  # "is dev working": about someone else
    if thing and yes is not None and _POINTED.search(" ".join(words)):
        phrase = _POINTED.sub(thing, " ".join(words))
        words = phrase.split()
    still = words[0].lower() == "still"
    body = words[1:] if still else words
    if not body:
        return None
    if no is not None:
        if not still or aux not in ("do", "are"):
            return None
        return f"I no longer {' '.join(body)}." if aux == "do" else \
            f"I'm no longer {' '.join(body)}."
    if aux == "did":
        past = getInflection(body[0].lower(), tag="VBD")
        if not past:
            return None
        body = [past[0], *body[1:]]
    lead = {"do": "I", "did": "I", "are": "I'm", "were": "I was", "have": "I've"}[aux]
    return " ".join([lead, *(["still"] if still else []), *body]) + "."


# "do you have any pets?", "have u got kids", "got any brothers or sisters?": what one has
_HAVING_ANY = re.compile(
    r"(?i)^\W*(?:(?:do|d)\s+(?:you|u|ya)\s+have|(?:have|hav)\s+(?:you|u|ya)\s+got|got)"
    r"\s+(?:any\s+|a\s+|an\s+)?(?P<kind>\w+)")


def having_answer_text(question: str, answer: str) -> str | None:
    """The sentence a thing named answers "do you have any ...?" with, when what is asked
    after is family or pets: "do you have any pets?" / "just a cat called Mittens" -> "I
    have a cat called Mittens."; not "do you have any plans tonight?" / "dinner with mum".

    >>> having_answer_text("do u have pets", "two dogs lol")
    'I have two dogs.'
    >>> having_answer_text("do you have any plans tonight?", "dinner with mum") is None
    True
    >>> having_answer_text("do you have any pets?", "one day a dog") is None
    True
    """
    asked = _HAVING_ANY.match(question.strip())
    lex = lexicon()
    kind = asked.group("kind").lower() if asked is not None else ""
    if kind not in lex.pets | lex.children | lex.kin and kind.rstrip("s") not in (
            lex.pets | lex.children | lex.kin) or _NO.match(answer.strip()):
        return None
    said = re.sub(r"(?i)^\W*(?:just|only|yeah|yep|yes|ye|ya|yh|yup)\b[\s,!.]*", "",
                  answer.strip())
    said = " ".join(w for w in said.split() if w.lower().strip(".,!?") not in lex.fillers)
    said = said.strip(" .!,")
    words = [w.lower() for w in _WORDS.findall(said)]
    if not words or not _COUNTED.match(said) or not set(words) & (
            lex.pets | lex.children | lex.kin) or set(words) & _NOT_NOW or "'s" in said \
            or "only child" in said.lower() or "one day" in " ".join(words):
        return None  # ("someday a dog", "a goldfish once", "my sister's dog", "an only
        # child": none had now; "a cat called Mittens", "two dogs": had)
    return f"I have {said}."


_WORDS = re.compile(r"[A-Za-z']+")
# how a thing had is named: "a cat", "two dogs", "3 kids", "one older brother"
_COUNTED = re.compile(r"(?i)^(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)\b")
# what says the thing is not had now: "a goldfish once", "someday a dog", "a dog, RIP",
# "a baby on the way" (and "one day a dog", said as two words)
_NOT_NOW = frozenset({"once", "someday", "used", "rip", "past", "ago", "way",
                      "sometimes", "soon", "maybe", "hopefully", "wish", "later", "died",
                      "passed", "dead", "eventually"})


def _still_of_someone(asked: re.Match[str], yes: bool) -> str | None:
    """"is he still at the council" / "yep": "He is still at the council."; "does she still
    live in leeds" / "nah": "She no longer lives in leeds." Only a "still" question: it
    names a lasting state, which the answer keeps or ends.

    >>> _still_of_someone(_POLAR_THIRD.match("is he still at the council"), True)
    'He is still at the council.'
    >>> _still_of_someone(_POLAR_THIRD.match("does she still live in leeds?"), False)
    'She no longer lives in leeds.'
    >>> _still_of_someone(_POLAR_THIRD.match("is ur sister still in bristol"), True)
    'My sister is still in bristol.'
    """
    from lemminflect import getInflection

    who = re.sub(r"^(?:your|ur) ", "my ", asked.group("who").lower()).capitalize()
    body = asked.group("rest").split()  # ("is ur sister still ...": my sister, answering)
    if asked.group("aux").lower() == "is":
        return f"{who} is {'still' if yes else 'no longer'} {' '.join(body)}."
    verb = getInflection(body[0].lower(), tag="VBZ")
    if not verb:
        return None
    return f"{who} {'still' if yes else 'no longer'} {' '.join([verb[0], *body[1:]])}."


_WH_NOUN = re.compile(_LEAD + r"(?:and |so )?(?:what|which) (?P<noun>[a-z]+)(?P<rest>(?: (?:is|are|"
                      r"was|were|'s|do|does|did|have|has|will|can)\b[^?]*)?)\??$", re.I)
# ("which station is he at": the noun, then the question's verb; not "what motivates you",
# "what made you paint it": a verb asking something else)
_OPENERS = {"besides", "also", "well", "just", "lately", "mostly", "mainly", "probably",
            "maybe", "honestly", "basically", "yeah", "yes", "no", "oh", "um", "hmm", "so"}
_OWNERS = {"you": "My", "u": "My", "your": "My", "ur": "My", "he": "His", "his": "His",
           "him": "His", "she": "Her", "her": "Her"}
_NOT_ASKED_OF = {"time", "day", "date", "year", "month", "week", "kind", "sort", "type",
                 "else", "about", "for", "if", "happened", "do", "does", "did", "is", "are",
                 "was", "were", "the", "a", "one", "ones", "way", "bit", "part", "other",
                 "effect", "made", "makes", "inspired", "gave", "helps"}


def wh_noun_text(question: str, answer: str) -> str | None:
    """The sentence a name or a value says when it answers "what <noun>" or "which
    <noun>" asked of someone: "which station is he at?" / "moss side" -> "His station is
    moss side."; "what car do you drive now" / "a yaris" -> "My car is a yaris."; "which
    brother" / "ollie" -> "My brother is ollie." (a relative is the asker's listener's).
    None when the question says not whose ("which station": of whom?) or asks a time.

    >>> wh_noun_text("which station is he at", "moss side")
    'His station is moss side.'
    >>> wh_noun_text("which brother", "ollie")
    'My brother is ollie.'
    >>> wh_noun_text("what school does your son go to", "st mark's")
    "My son's school is st mark's."
    >>> wh_noun_text("which station", "moss side") is None
    True
    """
    match = _WH_NOUN.match(question.strip())
    if match is None:
        return None
    noun = match.group("noun").lower()
    opening = answer.split()[0].lower() if answer.split() else ""
    if noun in _NOT_ASKED_OF or opening.endswith("ly") or opening in _OPENERS or len(
            answer.split()) > 6:
        return None  # ("Besides the dance classes ...", "Recently ...": no name given)
    words = [w.strip(",.!'") for w in match.group("rest").lower().split()]
    kin = lexicon().kin
    owners = {_OWNERS[w] + (f" {after}'s" if w in ("your", "ur", "his", "her") and (
        after in kin) else "") for w, after in zip(words, [*words[1:], ""][:len(words)],
                                                   strict=True)
              if w in _OWNERS}  # ("your son": "My son's school")
    if not owners and noun in kin:
        owners = {"My"}  # "which brother": the one answering's
    if len(owners) != 1:
        return None
    return f"{owners.pop()} {noun} is {answer}."


_AUXLESS = re.compile(r"(?P<wh>what time|when|where|what|who|how old|how long|how much)"
                      r" (?P<who>you|he|she) (?P<verb>[a-z]+)\b", re.I)
_AUXILIARIES = frozenset({"do", "does", "did", "are", "is", "was", "were", "have", "has",
                          "had", "can", "could", "will", "would", "should", "might", "must"})
_BEING = frozenset({"from", "off", "up", "based", "back", "home", "out", "away", "free"})
_CLOCK = re.compile(r"^(?:at |about |around )?(?P<clock>\d{1,2}(?:[:.]\d{2})?\s?(?:[ap]m)?|"
                    r"noon|midday|midnight)(?=\W|$)", re.I)


# what answers without saying: "idk", "no clue tbh", "good question", "same place as me"
_NO_ANSWER = re.compile(r"^(?:idk|dunno|no idea|not sure|no clue|who knows|good question|"
                        r"nowhere|anywhere|somewhere|everywhere|nothing|no one|nobody|"
                        r"same|next door|depends|it depends|not yet|no comment)\b", re.I)


def no_answer(text: str) -> bool:
    """A reply that answers without saying: "no clue tbh, somewhere up north", "the
    bank?" (a guess asked back).

    >>> no_answer("no clue tbh, somewhere up north"), no_answer("the bank?")
    (True, True)
    >>> no_answer("leeds")
    False
    """
    text = text.strip()
    return bool(_NO_ANSWER.match(text) or _NO_ANSWER.match(re.sub(_LEAD, "", text, count=1))
                ) or text.endswith("?")


def plain_question(question: str) -> str:
    """A question as written in full: chat drops the auxiliary ("what time you land",
    "where you living now", "where you from") and asks "what time" for "when".

    >>> plain_question("What time you land"), plain_question("Where you living now")
    ('when do you land', 'Where are you living now')
    >>> plain_question("omg when she moving"), plain_question("Where you from?")
    ('omg when is she moving', 'Where are you from?')
    >>> plain_question("What time is your interview"), plain_question("what time is it")
    ('when is your interview', 'when is it')
    """
    lead = re.match(_LEAD, question).end()  # type: ignore[union-attr]
    head, rest = question[:lead], question[lead:]
    match = _AUXLESS.match(rest)
    if match is not None and match.group("verb").lower() not in _AUXILIARIES:
        verb, who = match.group("verb").lower(), match.group("who").lower()
        being = verb.endswith("ing") or verb in _BEING
        aux = ("are" if who == "you" else "is") if being else (
            "do" if who == "you" else "does")
        rest = f"{match.group('wh')} {aux} {match.group('who')} {rest[match.start('verb'):]}"
    return head + re.sub(r"^what time\b", "when", rest, flags=re.I)


def clock_phrase(answer: str) -> str | None:
    """The hour a message opens with, as a time said ("6:40 into glasgow airport" -> "at
    6:40"), for a question that asked what time; None when it opens with none.

    >>> clock_phrase("6:40 into glasgow airport"), clock_phrase("about 7pm"), clock_phrase("soon")
    ('at 6:40', 'at 7pm', None)
    >>> clock_phrase("2 more hours"), clock_phrase("10 mins"), clock_phrase("6")
    (None, None, 'at 6')
    """
    match = _CLOCK.match(answer.strip())
    if match is None:
        return None
    clock = match.group("clock")
    rest = answer.strip()[match.end():].split()
    if not re.search(r"[:.]\d|[ap]m|noon|midday|midnight", clock, re.I) and (
            rest or not match.group(0)[:1].isdigit()):
        return None  # ("2 more hours", "10 mins": how long; "at 6" alone is an hour)
    return f"at {clock}"


def _whose(who: str) -> str:
    """Whom a question's "your sister" or "tom" means, said by the one answering."""
    first, _, rest = who.partition(" ")
    return f"{_YOUR[first.lower()]} {rest}" if rest and first.lower() in ("your", "ur") else who


def answer_text(question: str, answer: str, said: str = "", plan: str = "") -> str | None:
    """The sentence a fragment answers a question with, or None; ``said`` is what the one
    answering said just before the question, which a bare "when" or "where" asks about
    (``plan``: its subject and verb, for a "when")."""
    answer = answer.strip().rstrip(".!")
    clocked = bool(re.match(_LEAD + r"what time\b", question.strip(), re.I))
    question = plain_question(question.strip())
    if not answer or answer.lower() in ("yes", "no", "yeah", "nah", "yep", "nope") or \
            no_answer(answer):
        return None  # ("no clue tbh, somewhere up north", "the bank?": no answer given)
    asked = re.search(r"\b(?:what|which) (?P<thing>[a-z]+)", question, re.I)
    if asked is not None and asked.group("thing").lower() not in _NOT_ASKED_OF:
        # "which gym do you go to" / "the one on mill road": the gym on mill road
        answer = re.sub(r"^(?:the )?one\b", f"the {asked.group('thing').lower()}", answer,
                        flags=re.I)
    first = answer.split()[0]
    if first.lower() + " " in _ARTICLES:  # "A little flat in leith", capitalised as a
        answer = first.lower() + answer[len(first):]  # message's first word
    bare = _BARE.match(question.strip())
    if bare is not None:
        return _said_again(said, bare.group("wh").split()[0].lower(), answer, plan)
    for pattern, sentence in _WHEN:
        match = pattern.match(question.strip())
        if match is None:
            continue
        when = calendar_phrase(answer) or (clock_phrase(answer) if clocked else None)
        groups = match.groupdict()
        if groups.get("appointment"):  # "when's the interview": one's own, asked of one
            if groups["appointment"].lower() not in lexicon().appointments | OWN_PLANS:
                continue  # ("when's the party": whose, the question does not say)
            groups["noun"] = groups["appointment"]
        if when is None:
            return None
        verb = (groups.get("verb") or "").lower()
        verbs = " ".join([third_person(verb.split()[0])] + verb.split()[1:]) if verb else ""
        who = _whose(groups.get("who") or "").capitalize()
        return sentence.replace("{verbs}", verbs).replace("{verb}", verb).replace(
            "{who}", who).replace("{noun}", groups.get("noun") or "").replace("{}", when)
    for pattern, sentence in _TEMPLATES:
        match = pattern.match(question.strip())
        if match is None:
            continue
        groups = match.groupdict()
        if (groups.get("noun") or "") in MONEY_ASKED and not re.search(r"\d", answer):
            return None  # "whats the rent" / "no idea, my landlord hasnt said": no sum
        kind = answer[:1].lower() + answer[1:] if answer[1:].islower() else answer
        # (a kind of work, not a name: "Junior ux designer", capitalised as a message's
        # first word, is "a junior ux designer")
        with_article = kind if kind.lower().startswith(_ARTICLES) else f"a {kind}"
        if groups.get("name") and first.lower() == groups["name"].split()[0].lower():
            return None  # "who's dev?" / "dev patel": a name for a name says nothing more
        if groups.get("name"):  # "how old is nonna teresa now" -> "Nonna Teresa is 91."
            sentence = sentence.replace("{name}", groups["name"].title())
        if groups.get("past"):  # "what did you get" -> "got"
            from lemminflect import getInflection
            past = getInflection(groups["past"].lower(), tag="VBD")
            if not past:
                return None
            sentence = sentence.replace("{past}", past[0])
        sentence = sentence.replace("{prep}", (groups.get("prep") or "").lower())
        for part in ("noun", "who", "whose", "verb"):
            word = _whose(groups.get(part) or "") if part == "who" else groups.get(part) or ""
            sentence = sentence.replace("{" + part + "}", word.capitalize() if (
                sentence.startswith("{" + part + "}")) else word)
        if "{ing}" in sentence:
            if not re.match(r"[a-z]+ing\b", answer, re.I):
                return None  # ("whats tattie doing" / "no idea": no doing said)
            sentence = sentence.replace("{ing}", answer[:1].lower() + answer[1:])
        return sentence.replace("{a}", with_article).replace("{}", answer)
    return wh_noun_text(question, answer)
