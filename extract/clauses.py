"""The clause reader's first step: every clause of a parsed sentence, with its subject,
and whether it asserts anything.

A clause is headed by a verb (or a copula): the sentence's root, a verb coordinated with
another ("I quit Vim and started using VS Code": "started" shares "I"), an adverbial,
complement or relative clause ("my brother, who lives in Leeds": "lives" is said of the
brother). Filters apply per clause, so a hedge in one ("though I might move") leaves its
neighbour ("I live in Oslo") standing.

>>> from extract.model import load_pipeline
>>> doc = load_pipeline()("I live in Oslo, though I might move to Rome.")
>>> [(c.root.text, why_not_asserted(c)) for c in clauses(next(doc.sents))]
[('live', ''), ('move', 'hypothetical')]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from extract.lexicon import lexicon
from extract.sentences import guess_what

Token = Any  # spacy.tokens.Token; kept loose so this module imports without spaCy
Span = Any

# dependencies under which a verb heads a clause of its own
CLAUSE_DEPS = ("conj", "advcl", "ccomp", "relcl", "parataxis")
SUBJECT_DEPS = ("nsubj", "nsubjpass")
RELATIVE_PRONOUNS = {"who", "that", "which", "whom"}


@dataclass(frozen=True)
class Clause:
    """One clause: its head verb, who it is said of, and the sentence it stands in."""

    root: Token
    subjects: tuple[Token, ...]  # own, shared with a coordinated verb, or a relative's noun
    sent: Span
    shared_subject: bool = False  # "... and started using VS Code"
    tense: str = ""  # set where the reader knows better than the verb's form ("using")

    @property
    def start(self) -> int:
        return self.sent.start

    @property
    def end(self) -> int:
        return self.sent.end

    @property
    def doc(self) -> Any:
        return self.sent.doc

    @property
    def subject(self) -> Token | None:
        return self.subjects[0] if self.subjects else None

    def tokens(self) -> list[Token]:
        """The clause's own words: its subtree less the clauses nested in it."""
        return own_tokens(self.root)


def own_tokens(head: Token) -> list[Token]:
    out, stack = [], [head]
    while stack:
        token = stack.pop()
        out.append(token)
        stack.extend(c for c in token.children if not is_clause_head(c))
    return sorted(out, key=lambda t: t.i)


def is_clause_head(token: Token) -> bool:
    if _doing_where(token) is not None:
        return True
    if token.dep_ not in CLAUSE_DEPS or token.pos_ not in ("VERB", "AUX"):
        return False
    if token.dep_ == "conj":
        return is_clause_head(token.head) or token.head.dep_ == "ROOT"
    return True


def _own_subjects(verb: Token) -> list[Token]:
    """The verb's subjects, or those the parser hung on its auxiliary ("i am married":
    "i" under "am")."""
    own = [c for c in verb.children if c.dep_ in SUBJECT_DEPS]
    return own or [s for aux in verb.children if aux.dep_ in ("aux", "auxpass")
                   and aux.i < verb.i for s in aux.children if s.dep_ in SUBJECT_DEPS]


def subjects_of(verb: Token) -> tuple[list[Token], bool]:
    """The verb's subjects, and whether they were shared from another verb."""
    own = _own_subjects(verb)
    if verb.dep_ == "relcl" and own and own[0].lower_ in RELATIVE_PRONOUNS:
        return [verb.head], False  # "my brother, who lives in Leeds"
    if own:
        return own, False
    if verb.dep_ == "conj" and verb.head.pos_ in ("VERB", "AUX") or _participle_aside(verb) \
            or fronted_participle(verb):
        inherited, _ = subjects_of(verb.head)
        return inherited, bool(inherited)
    where = _doing_where(verb)
    if where is not None:  # "I'm at uni studying law"
        return _own_subjects(where), True
    first = _listed_before(verb)
    if first is not None:  # "Ravi lives in Glasgow now, works at a hospital there"
        return _own_subjects(first), True
    return [], False


def _listed_before(verb: Token) -> Token | None:
    """The verb before a comma whose subject a second one, in the same tense, shares:
    "Ravi lives in Glasgow now, works at a hospital there", which the parser reads as the
    second verb's complement clause put first."""
    if verb.dep_ != "ROOT" or verb.tag_ not in ("VBZ", "VBP", "VBD") or verb.i == 0 \
            or verb.doc[verb.i - 1].text != ",":
        return None
    return next((c for c in verb.children if c.dep_ == "ccomp" and c.i < verb.i
                 and c.tag_ == verb.tag_ and _own_subjects(c)
                 and c.lemma_.lower() not in lexicon().light_verbs), None)


def _participle_aside(verb: Token) -> bool:
    """"I'm back in Oaxaca, still working for Tinta Digital": a participle set off by a
    comma, with no subject or marker of its own, is said of the main clause's subject
    and in its present."""
    head = verb.head
    return verb.dep_ == "advcl" and verb.tag_ == "VBG" and not any(
        c.dep_ in ("mark", "nsubj", "nsubjpass", "aux") for c in verb.children) and any(
        t.text == "," for t in verb.doc[head.i + 1:verb.i]) and verb.i > head.i and (
        head.tag_ in ("VBP", "VBZ") or any(c.dep_ in ("aux", "auxpass") and c.tag_ in (
            "VBP", "VBZ") for c in head.children))


# what one is somewhere doing that lasts: "at uni studying law" (not "at work doing the
# payroll", "at the gym doing legs")
DOING_THERE = frozenset({"study", "work", "teach", "train", "volunteer", "live", "research"})


def _doing_where(verb: Token) -> Token | None:
    """The "be" of "I'm at uni studying law", "im in my second year at uni studying
    pharmacology": a participle of a lasting doing (``DOING_THERE``) after where the
    subject is, with no subject of its own, is what the subject is doing there, now."""
    if verb.tag_ != "VBG" or verb.dep_ not in ("pcomp", "acl", "advcl") \
            or verb.lemma_.lower() not in DOING_THERE or any(
                c.dep_ in ("mark", "nsubj", "nsubjpass", "aux") for c in verb.children) \
            or any(c.dep_ == "dobj" and any(d.dep_ in ("det", "poss") for d in c.children)
                   for c in verb.children):  # (not "studying the menu")
        return None
    token, through = verb.head, False
    while token.pos_ not in ("VERB", "AUX") and token.head != token:
        through = through or token.dep_ == "prep" and token.lower_ in ("at", "in")
        token = token.head
    through = through or any(c.dep_ == "prep" and c.lower_ in ("at", "in") and c.i < verb.i
                             for c in token.children)
    return token if through and token.lemma_ == "be" and token.tag_ in ("VBP", "VBZ") \
        and token.i < verb.i and _own_subjects(token) else None


def fronted_participle(verb: Token) -> bool:
    """"Raised in Ohio, Ana now lives in Denver", "Having grown up in Leeds, I ...": a
    participle opening the sentence, set off by a comma, with no subject or marker of its
    own, is said of the main clause's subject."""
    head = verb.head
    return verb.dep_ == "advcl" and verb.i < head.i and verb.tag_ in ("VBN", "VBG") \
        and verb.left_edge.i == verb.sent.start and not any(
            c.dep_ in ("mark", "nsubj", "nsubjpass") for c in verb.children) and any(
            t.text == "," for t in verb.doc[verb.right_edge.i + 1:head.i])


def _present_shared(verb: Token) -> bool:
    """A bare verb joined to a present one whose subject it shares ("I do the front desk
    and check harnesses"): the tagger's base form is that present too."""
    return verb.dep_ == "conj" and verb.tag_ == "VB" and verb.head.tag_ in ("VBP", "VBZ") \
        and not any(c.dep_ in ("aux", "auxpass") for c in [*verb.children, *verb.head.children])


def clauses(sent: Span) -> list[Clause]:
    """Every clause of the sentence, the root first."""
    heads = [sent.root] + [t for t in sent if t != sent.root and is_clause_head(t)]
    out = []
    for head in heads:
        subjects, shared = subjects_of(head)
        out.append(Clause(head, tuple(subjects), sent, shared,
                          tense="doing" if shared and (
                              _participle_aside(head) or _doing_where(head) is not None) else
                          "is" if shared and _present_shared(head) else ""))
    return out


def _ancestors(head: Token) -> list[Token]:
    """The clause heads above this one, nearest first."""
    out, token = [], head
    while token.dep_ != "ROOT" and token.head != token:
        token = token.head
        if token.pos_ in ("VERB", "AUX") or token.dep_ == "ROOT":
            out.append(token)
    return out


FUTURE_WORDS = {"next", "tomorrow", "tonight", "soon", "later", "upcoming", "coming"}
SEASONS = {"spring", "summer", "autumn", "fall", "winter"}
WILL = ("will", "'ll", "ll", "shall")
SOON = ("soon", "later")  # too loose to date a promise: "I'll need a vet soon"


def time_modifiers(verb: Token, *also: str) -> list[Token]:
    """The verb's modifiers that may say when: "next month", "on Friday", "by June" (and
    the prepositions ``also`` names)."""
    return [c for c in verb.children if c.dep_ in ("npadvmod", "advmod", "tmod")
            or c.dep_ == "prep" and c.lower_ in ("in", "on", "at", "by", *also)]


def dated_will(verb: Token) -> bool:
    """A "will" dated ahead by a day, a week or a month: "I'll book her in for her jabs
    next week", "this week I will apply to DVLA", "I will go again on Friday" - a plan;
    not "I'll ask her", "I'll ping him after lunch", "I'll need a vet soon"."""
    modals = [c for c in verb.children if c.dep_ == "aux" and c.tag_ == "MD"]
    if not modals and verb.dep_ == "conj" and not any(c.dep_ in ("aux", "nsubj")
                                                      for c in verb.children):
        return dated_will(verb.head)  # "I'll come next weds and bring Amira"
    if not modals or any(m.lower_ not in WILL for m in modals) or any(
            c.dep_ == "neg" for c in verb.children):
        return False
    lex = lexicon()
    calendar = lex.weekdays | lex.months | SEASONS
    for c in time_modifiers(verb, "before"):
        words = [t.lower_ for t in c.subtree]
        if any(w in FUTURE_WORDS and w not in SOON or w in calendar for w in words) or any(
                t.ent_type_ == "DATE" and t.lower_ not in ("today", "tonight")
                for t in c.subtree) or ("this" in words and any(
                w in ("week", "weekend", "month", "year") for w in words)):
            return True
    return False


def planner(verb: Token) -> bool:
    """Whether the one who will do it is the speaker or the speaker's side ("I", "we"),
    said on this verb or on the verb it is coordinated with."""
    while verb.dep_ == "conj" and not any(c.dep_ == "nsubj" for c in verb.children):
        verb = verb.head
    return any(c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in verb.children)


def age_ahead(verb: Token) -> bool:
    """An age one will be, or is about to be: "she'll be 22 on sunday", "dad's 70 next
    month", "rolo is 6 in june" (a "be" with a number for its complement, and "will" or
    a time ahead)."""
    age = [c for c in verb.children if c.dep_ in ("attr", "acomp")]
    if verb.lemma_ != "be" or not any(c.like_num or c.lower_ == "old" for c in age):
        return False
    modals = [c.lower_ for c in verb.children if c.dep_ == "aux" and c.tag_ == "MD"]
    if modals:
        return all(m in WILL for m in modals)
    lex = lexicon()
    calendar = lex.weekdays | lex.months  # "rolo is 6 in june": not yet
    return verb.tag_ in ("VBZ", "VBP") and any(
        t.lower_ in FUTURE_WORDS - set(SOON) or t.lower_ in calendar
        for head in (verb, *age) for c in time_modifiers(head) for t in c.subtree)


# marks of a clause that says when something else will be, in the present tense: "he'll
# be there till he's 90", "once she's 18": a time ahead, not how things are
TIME_AHEAD_MARKS = frozenset({"till", "until", "til", "before", "once"})


def _hedged(head: Token) -> bool:
    lex = lexicon()
    if head.dep_ == "advcl" and head.tag_ in ("VBZ", "VBP") and any(
            c.dep_ == "mark" and c.lower_ in TIME_AHEAD_MARKS
            or c.dep_ in ("mark", "advmod") and c.lower_ in ("when", "whenever") and c.i < head.i
            and any(a.tag_ == "MD" for a in head.head.children) for c in head.children):
        return True  # ("till I find a job"; "I'll get a dog when I have a bigger flat": not
        # so yet; not "I take the train when I visit my parents in York": a habit's time)
    if age_ahead(head):
        return False  # "she'll be 22 on sunday": the age she is turning
    if dated_will(head) and planner(head):
        return any(c.lower_ in lex.hedges and c.dep_ in ("mark", "advmod")
                   for c in head.children)  # "I'll book her in next week": a plan
    return any(c.lower_ in lex.hedges and c.dep_ in ("mark", "aux", "advmod", "auxpass")
               for c in head.children)


def _for_the_sake_of(head: Token) -> bool:
    """A clause of purpose: "so (that) I can reach more people", "so we could save"."""
    return head.dep_ == "advcl" and any(c.dep_ == "mark" and c.lower_ in ("so", "that")
                                        for c in head.children) and any(
        c.dep_ == "aux" and c.tag_ == "MD" for c in head.children)


def _on_condition(head: Token) -> bool:
    """A clause said on a condition: an "if" or "unless" clause hangs on it ("If I get the
    job, I'm moving to Leeds"), which says it is not so yet; not one about the telling
    ("I live in Leeds, if that helps", "if you must know")."""
    lex = lexicon()
    return any(c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ in lex.conditionals
                                         for m in c.children)
               and not any(t.lemma_.lower() in lex.asides_of_speech for t in c.subtree)
               and not _by_your_leave(c) for c in head.children)


def _by_your_leave(clause: Token) -> bool:
    """"if that's fine", "if it's ok with you", "if you need one": asking leave or
    offering, no condition on the fact ("I'll come over tomorrow if that's fine")."""
    subject = next((c for c in clause.children if c.dep_ == "nsubj"), None)
    if subject is not None and subject.lower_ in ("you", "u", "ya") and clause.lemma_ in (
            "need", "want", "fancy", "like"):
        return True  # "my brother-in-law is a roofer if u still need someone": the
        # listener's need, no condition on the fact
    return clause.lemma_ == "be" and subject is not None and subject.lower_ in (
        "that", "it", "this") and any(c.dep_ in ("acomp", "attr") and c.lower_ in (
            "fine", "ok", "okay", "alright", "cool") for c in clause.children)


def _telling_news(reporter: Token) -> bool:
    """"I'm so excited to tell you I started ...": the teller is I or we."""
    lex = lexicon()
    if reporter.lemma_.lower() not in lex.telling:
        return False
    teller = next((t for t in [reporter, *_ancestors(reporter)] if _own_subjects(t)), None)
    return teller is not None and _own_subjects(teller)[0].lower_ in (
        "i", "we") and not (negated(reporter) and reporter.lemma_.lower() != "tell")
    # (not "I'm not saying I'm Batman"; "I didn't tell you I moved to Leeds!" is news)


CAUSATIVES = {"make", "let", "help", "have", "get"}
GREETINGS = {"hi", "hello", "hey", "hiya", "thanks", "congrats", "congratulations"}


def _greeting(say: Token, clause: Token) -> bool:
    """"my flatmate Grace says hi, she's a physio": what is said is a greeting, and the
    clause after it (the parser hangs it on "says") is the speaker's own."""
    inside = {t.i for t in clause.subtree}
    return any(t.lower_ in GREETINGS and (t.i < clause.i or t.i not in inside) for t in say.subtree
               if t.head == say or t.head.head == say)  # ("I saw my nan, she says hi")


def _finding(say: Token) -> bool:
    """"The doctor says I have a cataract", "the vet told us he's diabetic": a clinician's
    finding told, which is no hearsay (a hedge inside still holds it back)."""
    lex = lexicon()
    return say.lemma_.lower() in ("say", "tell") and any(
        c.dep_ == "nsubj" and (c.lemma_.lower() in lex.clinicians or any(
            t.dep_ == "compound" and t.lower_ in ("dr", "doctor") for t in c.children))
        for c in say.children)


def why_not_asserted(clause: Clause) -> str:
    """Why a clause asserts nothing ('hypothetical', 'reported'), or '' if it may."""
    lex = lexicon()
    head = clause.root
    if _hedged(head) or _on_condition(head) or head.dep_ == "conj" and _on_condition(
            head.head):
        return "hypothetical"  # "If I get the job, I'm moving to Leeds"
    if head.tag_ in ("VBD", "VBN") and any(c.dep_ == "advmod" and c.lower_ in (
            "almost", "nearly", "barely") for c in head.children):
        return "hypothetical"  # "I almost moved to London", "I nearly dropped out": it
        # did not happen
    if _for_the_sake_of(head) or head.dep_ == "conj" and _for_the_sake_of(head.head):
        return "hypothetical"  # "more ads so I can reach more people": an aim, not so yet
    if head.dep_ in ("ccomp", "xcomp") and head.head.lemma_.lower() in CAUSATIVES and any(
            c.dep_ == "nsubj" and c.lower_ in ("us", "me", "you", "them", "him", "her")
            for c in head.children):
        return "effect"  # "books make us escape to different places": what something does
        # to one, no fact of one's own
    chain = [head, *_ancestors(head)]
    if any(c.lower_ in lex.hearsay and c.dep_ in ("prep", "nsubj", "npadvmod", "advmod")
           for verb in chain for c in verb.children):
        return "reported"  # "according to my boss we use Jira", "word is Jen got a job"
    for below, above in zip(chain, chain[1:], strict=False):
        if below.dep_ == "conj":
            continue  # a coordinated verb shares its head's standing, checked next
        if below.dep_ == "advcl" and _hedged(below):
            return "hypothetical"
        if below.dep_ == "ccomp" and below.head.lower_ in ("sure", "certain", "convinced") \
                and negated(above):
            return "hypothetical"  # "I'm not sure I like sushi": not said to be so
        if below.dep_ == "ccomp" and below.i < above.i and any(
                c.dep_ == "ccomp" and c.i > above.i for c in above.children):
            continue  # "My sister's name is Carmen; I don't think you've met her": what
            # "think" reports comes after it, the sentence before is the speaker's own
        if below.dep_ == "ccomp" and below.i < above.i and any(
                c.dep_ == "dobj" and c.lower_ not in ("me", "us")
                or c.dep_ == "prep" and c.i > above.i and c.lower_ in ("about", "of") and any(
                    o.dep_ == "pobj" and o.ent_type_ not in ("DATE", "TIME")
                    for o in c.children)
                for c in above.children):
            continue  # "my flatmate's brother is a pastry chef, I could ask him for tips":
            # the verb after has its own object, so the clause before is no content of it
            # (not "Tom is a chef, she told me": what she told); so with "about" ("i went
            # to osaka last year, i still dream about the food")
        if below.dep_ in ("ccomp", "xcomp", "advcl") and above.lemma_.lower() in lex.reporting \
                and not _telling_news(above) and not _greeting(above, below) \
                and not guess_what(above) and not _finding(above):
            return "reported"
        if _hedged(above) and below.dep_ in ("ccomp", "xcomp", "conj") and not (
                below.dep_ == "ccomp" and below.i < above.i):
            # "My wife is a physio, so she'll keep an eye on it": the parser hangs the
            # first clause under the second; a complement said first is its own
            return "hypothetical"
    if clause.shared_subject and _hedged(chain[1] if len(chain) > 1 else head):
        return "hypothetical"
    return ""


def negated(head: Token) -> bool:
    """A ``neg`` on the clause's verb, or "never" / "no longer" in its own words; not a
    "not" said after the verb's complement, which sets another one against it ("I am 64
    not 94", "I'm a nurse, not a doctor")."""
    return any(c.dep_ == "neg" and not _contrast(c) for c in head.children) or any(
        t.lower_ == "never" and not _answer_word(t) or (
            t.lower_ == "no" and t.head.lower_ == "longer")
        for t in own_tokens(head))


def _answer_word(word: Token) -> bool:
    """A word that answers on its own before a comma, opening the sentence: "never, i
    hate mushrooms" (never tried them: the hating is said, not denied)."""
    after = word.i + 1
    return word.i == word.sent.start and after + 1 < word.sent.end and word.doc[after].text in (
        ",", "!", "-", "–", "—", "...", ":") and word.doc[after + 1].lower_ != "ever"
    # ("never, ever smoked in my life": the never goes on)


def ends(head: Token) -> bool:
    """The clause says something stopped: "no longer", "not ... anymore"."""
    text = " ".join(t.lower_ for t in own_tokens(head))
    return any(phrase in text for phrase in lexicon().ending_phrases)


COMPLEMENTS = ("attr", "acomp", "dobj", "oprd")


def _contrast(neg: Token) -> bool:
    """A "not" after a complement of its verb, with words after it: "64 not 94"."""
    after = neg.i + 1
    return any(c.dep_ in COMPLEMENTS and c.i < neg.i for c in neg.head.children) and (
        after < neg.sent.end and not neg.doc[after].is_punct)
