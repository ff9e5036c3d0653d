"""Who a clause is about: the markers a reader leaves (``<speaker>``, ``<org>``, ``<we>``,
``<third>``, alone or owning a noun) resolved against the conversation so far.

- I/my: the speaker.
- we/our: the organisation the sentence names ("At Globex we ..."), else the turn's
  organisation (the caller's word for whom the speaker speaks for), else the one the
  speaker said they work at earlier in the conversation ("I work at Globex"), else the
  speaker (a household: "our dog").
- we, doing something ("we went camping"): the turn's organisation, else the speaker.
- we and our of a household ("our daughter", "we live in Portland", "we've got two
  dogs"): the speaker, whatever organisation the turn has.
- he/she: the one person named earlier in the same sentence ("our son Pavel is in
  Moscow, he's ..."), else the one person named within the last few turns of the
  conversation, leaving out relatives of the other gender ("she" is not "my brother"),
  plurals ("my parents") and the conversation's own speakers ("she" is never the one
  talking); with two people left, or none, nobody (the claim is dropped rather than
  guessed).
- they: the one group named that way ("my parents", "the twins"), never one person.
- a question names people too: "is Kemi still at Google?", "how's your sister?" (YOU, the
  one asked, who is whoever answers in the next turn: "she's good" is their sister).

>>> talk = Conversation()
>>> talk.saw_people([("Maya", "")])
>>> talk.resolve("<third:f>'s dog", speaker="Priya", organisation="")
"Maya's dog"
>>> talk.saw_people([("Tom", "")])
>>> talk.resolve("<third:f>", speaker="Priya", organisation="") is None
True
>>> talk = Conversation()
>>> talk.saw_people([("Priya's mum", "f"), ("Priya's brother", "m")])
>>> talk.resolve("<third:m>", speaker="Priya", organisation="")
"Priya's brother"
>>> talk.resolve("<third:n>", speaker="Priya", organisation="") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from extract.readers.words import FIRM, GROUP, HOME, LEX, ORG, SPEAKER, THIRD, gender_of_pronoun

RECENT_TURNS = 6  # how far back "she" may reach
RIVAL_TURNS = 1  # how far back another person who fits makes "she" ambiguous
PLURAL = "p"  # the "gender" of a group of people ("my parents"): only "they" means them
# the "gender" of one named less surely as someone ("I called Priya", "Jon is great"): "he"
# or "she" means them only when no one named before is surely of that gender
UNSURE = "?"
Names = tuple[tuple[str, str], ...]  # (name, gender: "f", "m", PLURAL or "" for either)
YOU = "<you>"  # the one a question is put to: "your sister" is "<you>'s sister"
SOMEONE = "<someone>"  # whom a question asked about, named but not known to the talk


@dataclass
class Conversation:
    """What one conversation has established so far: organisations and people."""

    turn: int = 0
    works_at: dict[str, str] = field(default_factory=dict)  # speaker -> organisation
    # per sentence that named people: (turn, names), oldest first
    people: list[tuple[int, Names]] = field(default_factory=list)
    # the people named so far in the sentence being read, before its pronoun
    here: Names = ()
    speakers: set[str] = field(default_factory=set)  # never "he" or "she"
    last_speaker: str = ""
    # every one-word name the conversation has given a person or pet, lower case: a later
    # message may write it so ("ur more organised than conor")
    names: set[str] = field(default_factory=set)
    # (turn, name) of the people sentences were about: their subjects
    leads: set[tuple[int, str]] = field(default_factory=set)
    # (turn, name) of the people a sentence named only as whose relative another named
    # one is ("toms brother cal": Tom), who a pronoun next means only when no other fits,
    # and of the named relatives ("my friend Sam and his brother Carl": both)
    owners: set[tuple[int, str]] = field(default_factory=set)
    relatives: set[tuple[int, str]] = field(default_factory=set)
    # the groups ("Aisha and Sara") a sentence named as sharing a home: where they moved
    # or live, whom they married, a child or pet they have; what a bare "they" then says
    # of their home it says of each ("They have a cat called Mango"; not after "Ana and
    # Leo visited the farm": "they" may be the farm's)
    households: set[str] = field(default_factory=set)

    # per sentence that named places or organisations: (turn, (name, label) ...)
    places: list[tuple[int, tuple[tuple[str, str], ...]]] = field(default_factory=list)
    # the last question put to someone: (who asked, the question, in which turn)
    question: tuple[str, str, int] | None = None
    # the one other person that question asks about ("whats tattie doing", "where's your
    # sister these days": "<you>'s sister"), "" when it asks of the one it is put to
    question_about: str = ""
    # per speaker, the last sentence they stated, its plan's words ("Me and Sam are
    # moving") and the turn: what a bare "when?" or "where?" asks about
    statements: dict[str, tuple[str, str, int]] = field(default_factory=dict)
    # per speaker, the new thing they just announced ("new client") and the turn: what
    # their next message may name ("lantern hill brewing")
    # (and whether only a question may ask what it is: "i have a date tonight" / "who")
    announced: dict[str, tuple[str, int, bool]] = field(default_factory=dict)
    # per speaker, the last new thing they announced and the turn, kept when they go on
    # to say other things: what "called duchess" names
    news: dict[str, tuple[str, int]] = field(default_factory=dict)
    # per speaker, the last event they told of and the turn: what "it's on the 11th" dates
    events: dict[str, tuple[str, int]] = field(default_factory=dict)
    # the things sentences talked of lately, (turn, phrase, who said it, whether a
    # question asked of it or an answer named it): what "it's £140" prices, what "it's a
    # mix of drama and romance" tells of
    things: list[tuple[int, str, str, bool]] = field(default_factory=list)

    def next_turn(self, speaker: str = "") -> None:
        """A new turn, by ``speaker``: "your sister" of the turn before is theirs when
        someone else asked about her, and no one's otherwise."""
        self.turn += 1
        if speaker:
            self.speakers.add(speaker)
        answering = bool(speaker) and speaker != self.last_speaker
        self.people = [(when, _answered(names, speaker)) if when == self.turn - 1 and answering
                       else (when, tuple(n for n in names if YOU not in n[0]))
                       for when, names in self.people]
        self.last_speaker = speaker

    def asked(self, speaker: str, question: str, about: str = "") -> None:
        """``speaker`` put ``question`` (``about`` someone else, if so); the name of one it
        is put to, before what it asks, is no part of it ("omg sol when's the interview",
        Sol in the conversation).

        >>> talk = Conversation(); talk.next_turn("Sol"); talk.next_turn("Priti")
        >>> talk.asked("Priti", "Omg Sol when's the interview"); talk.question[1]
        "Omg when's the interview"
        """
        for name in self.speakers - {speaker}:
            question = re.sub(rf"(?i)\b{re.escape(name)}\b[,!]?\s+(?=(?:when|where|what|"
                              r"which|who|how|did|do|does|are|is|have|has)\b)", "", question)
        self.question = (speaker, question, self.turn)
        self.question_about = about

    def asked_about(self, speaker: str) -> str:
        """The one other person the question just put to ``speaker`` asked about ("whats
        tattie doing": Tattie; "how's your sister": their sister), or ""."""
        if self.question_for(speaker) is None or not self.question_about:
            return ""
        return self.question_about.replace(YOU, speaker)

    def stated(self, speaker: str, sentence: str, plan: str = "") -> None:
        self.statements[speaker] = (sentence, plan, self.turn)

    def statement_of(self, speaker: str) -> tuple[str, str]:
        """What ``speaker`` stated (sentence, plan words) just before the question put to
        them in the turn before this one; ("", "") when they said something since, or
        nothing lately.

        >>> talk = Conversation()
        >>> talk.next_turn("Ana"); talk.stated("Ana", "Me and Sam are moving", "We move")
        >>> talk.next_turn("Ben"); talk.next_turn("Ana")
        >>> talk.statement_of("Ana")
        ('Me and Sam are moving', 'We move')
        """
        sentence, plan, when = self.statements.get(speaker, ("", "", -9))
        return (sentence, plan) if 2 <= self.turn - when <= RECENT_TURNS else ("", "")

    def named_before_question(self, speaker: str) -> str:
        """The one person ``speaker`` named in the message just before the question put
        to them now ("had my call with gill this morning" / "ur boss?"), or ''.

        >>> talk = Conversation()
        >>> talk.next_turn("Priti"); talk.stated("Priti", "call with gill")
        >>> talk.saw_people([("Gill", "")]); talk.next_turn("Sol"); talk.next_turn("Priti")
        >>> talk.named_before_question("Priti")
        'Gill'
        """
        _, _, when = self.statements.get(speaker, ("", "", -9))
        if self.turn - when != 2:
            return ""
        named = {name for at, names in self.people if at == when for name, _ in names
                 if YOU not in name and "'" not in name}
        return named.pop() if len(named) == 1 else ""

    def continued(self, speaker: str) -> str:
        """What ``speaker`` stated in the message just before this one, when nobody spoke
        between: the sentence a fragment of theirs ("at tillo") goes on with.

        >>> talk = Conversation()
        >>> talk.next_turn("Kev"); talk.stated("Kev", "i have an interview monday")
        >>> talk.next_turn("Kev"); talk.continued("Kev")
        'i have an interview monday'
        >>> talk.next_turn("Rosa"); talk.continued("Kev")
        ''
        """
        sentence, _, when = self.statements.get(speaker, ("", "", -9))
        return sentence if when == self.turn - 1 and self.last_speaker == speaker else ""

    def did(self, speaker: str, thing: str) -> None:
        """``speaker`` told of an event of theirs ("i signed up for the leeds half"),
        which an "it's on may 11th" soon after dates."""
        if self.events.get(speaker, ("", -9))[1] != self.turn:  # the turn's first: what
            self.events[speaker] = (thing, self.turn)  # was booked, not where

    def saw_thing(self, phrase: str, speaker: str = "", asked: bool = False) -> None:
        """A thing a sentence just talked of ("i looked at the spa thing"), which an "it"
        soon after may mean ("its £140 for a day pass"); "<you>'s new screenplay" when
        ``speaker`` asked the other of theirs. ``asked``: a thing a question asked of, or
        an answer named ("Definitely Star Wars!"), which the talk is now about."""
        self.things.append((self.turn, phrase, speaker, asked))
        del self.things[:-RECENT_TURNS]

    def thing(self, speaker: str = "", asked: bool = False) -> str:
        """The thing talked of in this turn or the one before, the latest, or ''; one
        asked of as the listener's ("what's your new screenplay about?") is the next
        speaker's, and no one's in its asker's own mouth. With ``asked``, only when the
        latest thing talked of is one a question asked of, an answer named, or a name.

        >>> talk = Conversation()
        >>> talk.saw_thing("spa thing"); talk.next_turn(); talk.thing()
        'spa thing'
        >>> talk.next_turn(); talk.thing()
        ''
        >>> talk.saw_thing("<you>'s new screenplay", "Nate"); talk.next_turn()
        >>> talk.thing("Joanna"), talk.thing("Nate")
        ("Joanna's new screenplay", 'new screenplay')
        """
        phrase, said_by, topic = next(((phrase, who, topic) for when, phrase, who, topic
                                       in reversed(self.things) if self.turn - when <= 1),
                                      ("", "", False))
        if asked and not topic and not phrase.split("'s ")[-1][:1].isupper():
            return ""  # (a name is a topic wherever it is said: "Rewatching The Office")
        if phrase.startswith(YOU + "'s "):
            owner = speaker if speaker and speaker != said_by else ""
            phrase = f"{owner}'s {phrase[len(YOU) + 3:]}" if owner else phrase[len(YOU) + 3:]
        return phrase

    def event_of(self, speaker: str) -> str:
        """The event ``speaker`` told of within the last few turns, or ''.

        >>> talk = Conversation()
        >>> talk.did("Maya", "leeds half"); talk.next_turn(); talk.next_turn()
        >>> talk.event_of("Maya"), talk.event_of("Jonah")
        ('leeds half', '')
        """
        thing, when = self.events.get(speaker, ("", -9))
        return thing if self.turn - when <= RECENT_TURNS else ""

    def announce(self, speaker: str, thing: str, asked_only: bool = False, *,
                 last: bool = True) -> None:
        """``speaker`` told of a new thing (or, with '', of none); only a turn's ``last``
        sentence is what their next message may name, any sentence is news."""
        if last:
            self.announced[speaker] = (thing, self.turn, asked_only)
        if thing:
            self.news[speaker] = (thing, self.turn)

    def told_of(self, speaker: str, reach: int = 3) -> str:
        """The last new thing ``speaker`` announced within ``reach`` turns ("getting a
        cat": cat), whatever they said since, or ''."""
        thing, when = self.news.get(speaker, ("", -9))
        return thing if self.turn - when <= reach else ""

    def announced_before(self, speaker: str,
                         asks_what: Callable[[str], bool] = lambda _: False) -> str:
        """The thing ``speaker`` announced in the turn just before this one, theirs too
        (no one spoke between), or in the turn before a question that only asks what it
        is (``asks_what``: "got a new client!!" / "who" / "lantern hill brewing"), or ''.

        >>> talk = Conversation()
        >>> talk.next_turn("Ana"); talk.announce("Ana", "new client")
        >>> talk.next_turn("Ben"); talk.asked("Ben", "who??")
        >>> talk.next_turn("Ana"); talk.announced_before("Ana", lambda q: q == "who??")
        'new client'
        """
        thing, when, asked_only = self.announced.get(speaker, ("", -9, False))
        if self.turn - when == 1:
            return "" if asked_only else thing
        asker, question, asked_at = self.question or ("", "", -9)
        return thing if self.turn - when == 2 and asked_at == when + 1 and asker != speaker \
            and asks_what(question) else ""

    def question_for(self, speaker: str) -> str | None:
        """The question another speaker put in the turn just before, if any."""
        if self.question is None:
            return None
        asker, question, when = self.question
        return question if asker != speaker and self.turn - when == 1 else None

    def saw_people(self, names: list[tuple[str, str]], *, here: bool = False,
                   lead: str = "") -> None:
        """The people a sentence named, in order; with ``here``, only those named before
        a pronoun of the sentence being read, which they take first. ``lead`` is the one
        the sentence is about (its subject), whom a pronoun next means before others it
        named in passing ("My partner Joanna's daughter, Zofia, has moved in" / "She's
        seventeen": Zofia)."""
        if here:
            self.here = tuple(dict.fromkeys(names))
            return
        self.here = ()
        self.people = [(when, seen) for when, seen in self.people
                       if self.turn - when <= RECENT_TURNS]
        self.leads = self._recent(self.leads)
        if lead and any(name == lead for name, _ in names):
            self.leads.add((self.turn, lead))
        known = {seen: g for _, named in self.people for seen, g in named
                 if g and g != UNSURE}
        names = [(name, g or known.get(name, "")) for name, g in names]  # "my brother
        # Tariq ...", then "Tariq lives in Munich": still a he
        self.names |= {name.lower() for name, _ in names
                       if name.isalpha() and name[:1].isupper() and len(name) > 2}
        if names:
            self.people.append((self.turn, tuple(dict.fromkeys(names))))

    def same_person(self, described: str, name: str) -> None:
        """``described`` ("Jon's daughter") has been given a name: the people seen so far
        hold one person, under the name, not two a pronoun must choose between.

        >>> talk = Conversation()
        >>> talk.saw_people([("Jon's daughter", "f")]); talk.next_turn()
        >>> talk.same_person("Jon's daughter", "Lily"); talk.saw_people([("Lily", "f")])
        >>> talk.person("f")
        'Lily'
        """
        self.people = [(when, tuple(dict.fromkeys(
            (name, g) if seen == described else (seen, g) for seen, g in names)))
            for when, names in self.people]
        owner = described.split("'s ")[0]
        if owner != described and owner != name:
            self.owners = self._recent(self.owners) | {(self.turn, owner)}
            self.relatives = self._recent(self.relatives) | {(self.turn, name)}

    def _recent(self, marks: set[tuple[int, str]]) -> set[tuple[int, str]]:
        """Those of ``marks`` ((turn, name)) made within the turns a pronoun reaches."""
        return {(when, name) for when, name in marks if self.turn - when <= RECENT_TURNS}

    def full_name(self, name: str) -> str:
        """The full name a first name stands for when the last few turns named exactly one
        person by it ("Ruth Okoye is my manager" ... "Ruth is leaving": Ruth Okoye).

        >>> talk = Conversation()
        >>> talk.saw_people([("Ruth Okoye", "")]); talk.next_turn()
        >>> talk.full_name("Ruth"), talk.full_name("Ravi"), talk.full_name("Ruth Okoye")
        ('Ruth Okoye', 'Ravi', 'Ruth Okoye')
        """
        if " " in name or not name[:1].isupper():
            return name
        fuller = {seen for _, named in self.people for seen, g in named
                  if seen.startswith(name + " ") and "'" not in seen and g != PLURAL}
        return fuller.pop() if len(fuller) == 1 else name

    def knows(self, name: str) -> bool:
        """Whether the last few turns named ``name`` as someone ("my daughter Sofia ...")."""
        wanted = name.casefold()
        return any(seen.casefold() == wanted for when, names in self.people
                   if self.turn - when <= RECENT_TURNS for seen, _ in names)

    def saw_places(self, places: list[tuple[str, str]]) -> None:
        """The places a sentence named, for a "there" to come ("lives there")."""
        self.places = [(when, seen) for when, seen in self.places
                       if self.turn - when <= RECENT_TURNS]
        unique = tuple({name.casefold(): (name, label) for name, label in places}.values())
        if unique:
            self.places.append((self.turn, unique))

    def place(self, *labels: str) -> tuple[str, str] | None:
        """The one place (of these entity labels) the latest sentence that named one
        named, within the last few turns; None for two, or none, or where the latest
        such sentence spoke only of a thing ("i miss the bakery": label THING).

        >>> talk = Conversation()
        >>> talk.saw_places([("Cardiff", "GPE")])
        >>> talk.place("GPE", "ORG")
        ('Cardiff', 'GPE')
        >>> talk.saw_places([("Fernway", "ORG"), ("Leeds", "GPE")])
        >>> talk.place("GPE", "ORG") is None, talk.place("GPE")
        (True, ('Leeds', 'GPE'))
        """
        for when, seen in reversed(self.places):
            if self.turn - when > RECENT_TURNS:
                return None
            fits = [p for p in seen if p[1] in labels]
            if fits:
                return fits[0] if len(fits) == 1 else None
            if any(label == "THING" for _, label in seen):
                return None
        return None

    def saw_employer(self, speaker: str, organisation: str) -> None:
        self.works_at[speaker] = organisation

    def person(self, gender: str, besides: str = "") -> str | None:
        """The one person (or group, for "they") a pronoun can mean: the same sentence's
        first, else the latest sentence's that named people, when no other that fits
        was named this turn or the one before; None when two fit, or none. ``besides``:
        whom an object pronoun cannot mean, its own clause's subject ("Yuki reports to
        him": not Yuki)."""
        fits = self._fitting(self.here, gender) - {besides}
        if fits:
            return fits.pop() if len(fits) == 1 else None
        asked = self._asked_about(gender)
        if asked is not None:
            return asked
        recent = [(when, names) for when, names in self.people
                  if self.turn - when <= RECENT_TURNS]
        sure = gender in ("f", "m") and any(g == gender for _, names in recent for _, g in names)
        if sure:  # "My sister is a nurse" / "I saw Jon yesterday" / "She's pregnant": the
            # sister, surely a she, not Jon, named less surely as someone
            recent = [(when, kept) for when, names in recent
                      if (kept := tuple((n, g) for n, g in names if g != UNSURE))]
        if not recent:
            return None
        last_seen, last = recent[-1]
        fits = self._fitting(last, gender) - {besides}
        said = dict(last)
        kin = {name for name in fits if "'s " in name and said.get(name) == gender
               and name.split("'s ")[0] in fits}
        lead = {name for name in fits if (last_seen, name) in self.leads}
        passing: set[str] = set()  # named beside the one the sentence was about
        owners = {name for name in fits if (last_seen, name) in self.owners
                  and (last_seen, name) not in self.relatives}
        if len(fits - owners) == 1 and owners:  # "toms brother cal is best man" / "hes a
            fits, passing = fits - owners, owners  # firefighter": Cal, not Tom
        if len(fits) == 2 and len(kin) == 1:  # "Priya's brother fixed my bike" / "he ...":
            fits, passing = kin, fits - kin  # the brother, a he by his word, before Priya,
            # who may be anyone
        if len(fits) > 1 and len(lead) == 1:
            fits, passing = lead, fits - lead
        reach = 0 if last_seen == self.turn and len(fits) == 1 else RIVAL_TURNS
        # ("And our daughter Kasia lives round the corner. She's a midwife": the one this
        # very turn just named, whoever the turn before spoke of)
        rivals = self._fitting(tuple(n for when, names in self.people
                                     if self.turn - when <= reach for n in names
                                     if not (sure and n[1] == UNSURE)),
                               gender) - passing - {besides}
        return fits.pop() if len(fits) == 1 and rivals <= fits else None

    def _asked_about(self, gender: str) -> str | None:
        """The one a question just put to this speaker meant by the same pronoun ("Where
        does she work?" ... "She's at St George's"): whom the talk had named before the
        question's turn, whoever that turn went on to name.

        >>> talk = Conversation()
        >>> talk.next_turn("Lorenzo"); talk.saw_people([("Giulia", "f")])
        >>> talk.next_turn("Adaeze"); talk.asked("Adaeze", "Where does she work?")
        >>> talk.saw_people([("Adaeze's sister", "f")])
        >>> talk.next_turn("Lorenzo"); talk.person("f")
        'Giulia'
        """
        if self.question is None:
            return None
        asker, question, when = self.question
        words = {w.strip("?!.,'").lower() for w in question.split()}
        if when != self.turn - 1 or asker == self.last_speaker or not any(
                gender_of_pronoun(w) == gender for w in words & LEX.third_persons):
            return None
        before = [names for seen, names in self.people
                  if seen < when and self.turn - seen <= RECENT_TURNS]
        fits = self._fitting(before[-1], gender) if before else set()
        return fits.pop() if len(fits) == 1 else None

    def _fitting(self, names: Names, gender: str) -> set[str]:
        """Names a pronoun of this gender ("n" for they) may mean."""
        if gender == "n":
            return {name for name, g in names if g == PLURAL}
        if gender == "x":  # a dropped "he" or "she" ("hates the hoover already"): either
            return {name for name, g in names if g in ("", "f", "m", UNSURE)} - self.speakers
        return {name for name, g in names if g in ("", gender, UNSURE)} - self.speakers

    def resolve(self, subject: str, *, speaker: str, organisation: str,
                named_here: str = "", besides: str = "") -> str | None:
        """The subject with its marker replaced by a name, or None when it cannot be;
        ``besides``, for an object, the clause's own subject, which its pronoun is not."""
        for marker in (SPEAKER, ORG, GROUP, HOME, THIRD, FIRM):
            if not subject.startswith(marker):
                continue
            if marker in (SPEAKER, HOME):
                who: str | None = speaker
            elif marker == FIRM:
                who = organisation or self.works_at.get(speaker) or None
                if who is None and subject.startswith(FIRM + "'s "):
                    return subject[len(FIRM) + 3:]  # "the mobile app", no firm known: as
                    # "the staging server" is, the thing itself
            elif marker == ORG:
                who = _same(named_here, organisation) or organisation or self.works_at.get(
                    speaker, "") or speaker
            elif marker == GROUP:
                who = named_here or organisation or speaker
            else:  # "<third:f>"
                gender = subject[len(THIRD) + 1:len(THIRD) + 2]
                marker = subject[:subject.index(">") + 1]
                who = self.person(gender, besides)
            return None if who is None else who + subject[len(marker):]
        return subject


def _answered(names: Names, speaker: str) -> Names:
    """The names a question put to ``speaker`` gave, "your" made theirs.

    >>> _answered((("<you>'s sister", "f"), ("Kemi", "")), "Lena")
    (("Lena's sister", 'f'), ('Kemi', ''))
    """
    return tuple((name.replace(YOU, speaker), gender) for name, gender in names)


def _same(named: str, organisation: str) -> str:
    """The organisation a conversation names, or the turn's own where the named one is
    its longer name ("Northwind Traders" for "Northwind")."""
    if named and organisation and named.casefold().startswith(organisation.casefold()):
        return organisation
    return named
