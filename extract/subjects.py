"""Who a clause is about: the markers a reader leaves (``<speaker>``, ``<org>``, ``<we>``,
``<third>``, alone or owning a noun) resolved against the conversation so far.

- I/my: the speaker.
- we/our: the organisation the sentence names ("At Globex we ..."), else the one the
  speaker said they work at earlier in the conversation ("I work at Globex"), else the
  turn's organisation, else the speaker (a household: "our dog").
- we, doing something ("we went camping"): the turn's organisation, else the speaker.
- we and our of a household ("our daughter", "we live in Portland", "we've got two
  dogs"): the speaker, whatever organisation the turn has.
- he/she/they: the one person the latest sentence naming people named ("Maya", "my
  mum"), within the last few turns of the conversation, leaving out relatives of the
  other gender ("she" is not "my brother"); with two people left, or none, nobody (the
  claim is dropped rather than guessed).

>>> talk = Conversation()
>>> talk.saw_people([("Maya", "")])
>>> talk.resolve("<third:f>'s dog", speaker="Priya", organisation="")
"Maya's dog"
>>> talk.saw_people([("Maya", ""), ("Tom", "")])
>>> talk.resolve("<third:f>", speaker="Priya", organisation="") is None
True
>>> talk.saw_people([("Priya's mum", "f"), ("Priya's brother", "m")])
>>> talk.resolve("<third:m>", speaker="Priya", organisation="")
"Priya's brother"
"""

from __future__ import annotations

from dataclasses import dataclass, field

from extract.readers.words import GROUP, HOME, ORG, SPEAKER, THIRD

RECENT_TURNS = 3  # how far back "she" may reach


@dataclass
class Conversation:
    """What one conversation has established so far: organisations and people."""

    turn: int = 0
    works_at: dict[str, str] = field(default_factory=dict)  # speaker -> organisation
    # (turn, ((name, gender: "f", "m" or "" for either), ...))
    people: tuple[int, tuple[tuple[str, str], ...]] = (-RECENT_TURNS - 1, ())

    # the last question put to someone: (who asked, the question, in which turn)
    question: tuple[str, str, int] | None = None

    def next_turn(self) -> None:
        self.turn += 1

    def asked(self, speaker: str, question: str) -> None:
        self.question = (speaker, question, self.turn)

    def question_for(self, speaker: str) -> str | None:
        """The question another speaker put in the turn just before, if any."""
        if self.question is None:
            return None
        asker, question, when = self.question
        return question if asker != speaker and self.turn - when == 1 else None

    def saw_people(self, names: list[tuple[str, str]]) -> None:
        """The people a sentence named, in order; the latest sentence naming any wins."""
        if names:
            self.people = (self.turn, tuple(dict.fromkeys(names)))

    def saw_employer(self, speaker: str, organisation: str) -> None:
        self.works_at[speaker] = organisation

    def person(self, gender: str) -> str | None:
        when, names = self.people
        fits = {name for name, g in names if gender == "n" or g in ("", gender)}
        if self.turn - when > RECENT_TURNS or len(fits) != 1:
            return None
        return fits.pop()

    def resolve(self, subject: str, *, speaker: str, organisation: str,
                named_here: str = "") -> str | None:
        """The subject with its marker replaced by a name, or None when it cannot be."""
        for marker in (SPEAKER, ORG, GROUP, HOME, THIRD):
            if not subject.startswith(marker):
                continue
            if marker in (SPEAKER, HOME):
                who: str | None = speaker
            elif marker == ORG:
                who = _same(named_here or self.works_at.get(speaker, ""), organisation) \
                    or organisation or speaker
            elif marker == GROUP:
                who = named_here or organisation or speaker
            else:  # "<third:f>"
                gender = subject[len(THIRD) + 1:len(THIRD) + 2]
                marker = subject[:subject.index(">") + 1]
                who = self.person(gender)
            return None if who is None else who + subject[len(marker):]
        return subject


def _same(named: str, organisation: str) -> str:
    """The organisation a conversation names, or the turn's own where the named one is
    its longer name ("Northwind Traders" for "Northwind")."""
    if named and organisation and named.casefold().startswith(organisation.casefold()):
        return organisation
    return named
