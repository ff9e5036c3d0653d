"""The reader of episodes: something done ("I went to a support group"), under way
("I'm training for a triathlon") or planned ("I'm going to adopt a cat").
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from extract.clauses import FUTURE_WORDS, Clause, dated_will, negated, planner
from extract.readers.having import born, have_fact
from extract.readers.verbs import (
    SWITCH_VERBS,
    leaving_facts,
    now_at_work,
    replace_facts,
    role_change,
    schedule_fact,
    scheduled,
    switch_facts,
    verb_reads_start,
)
from extract.readers.words import (
    DOING_PREFIX,
    EVENT_PREFIX,
    FIRM,
    GROUP,
    HOME,
    LEX,
    ORG,
    PLAN_PREFIX,
    SPEAKER,
    VERB_IDIOMS,
    RawFact,
    aspect,
    called,
    child,
    facts_of,
    future_time,
    gerund,
    got_aux,
    habitual_time,
    is_kin,
    is_name,
    is_pronoun,
    is_time,
    make_fact,
    name_span,
    objects_of,
    of_liking,
    plan_phrase,
    prep_of,
    turned_age,
    value_span,
    who_of,
    with_conjuncts,
)
from extract.values import object_text
from kg.models import ObjectKind


def _new_job(clause: Clause, who: list[str], verb: Any, job: Any) -> list[RawFact]:
    """"I got a new job at Initech" -> works_at Initech, an update like "I now work at";
    "a job as a barista at Costa": what one is there, too."""
    as_ = prep_of(job, "as") or prep_of(verb, "as")
    post = child(as_, "pobj") if as_ is not None else None
    posts = [post] if post is not None and post.pos_ == "NOUN" and not is_pronoun(post) else []
    prep = next((c for h in (verb, job, *posts) for c in h.children
                 if c.dep_ == "prep" and c.lower_ in ("at", "with")), None)
    pobj = child(prep, "pobj") if prep is not None else None
    if pobj is None:  # "I got the Tillo job": the employer named before the job
        pobj = next((c for c in job.children if c.dep_ == "compound" and c.pos_ == "PROPN"
                     and c.i == job.i - 1), None)
    if pobj is not None and is_pronoun(pobj) and not is_name(pobj):
        pobj = None
    named = ([("works_at", pobj)] if pobj is not None else []) + [("is_a", p) for p in posts]
    return facts_of(clause, who, named, "verb:job", 0.8, negated(verb), update=True)


PARTINGS = {("break", "up"), ("split", "up"), ("separate", ""), ("divorce", "")}


def _parted(clause: Clause) -> list[RawFact] | None:
    """A break-up, as an episode of each one named: "me and cian broke up", "I broke up
    with Cian", "Cian and I split up last week" -> did_break_up_with Cian; None for any
    other verb and for a break-up with no one named, which is read as other episodes
    are; nothing for one not had."""
    root = clause.root
    particle = next((c.lower_ for c in root.children if c.dep_ == "prt"), "")
    if (root.lemma_.lower(), particle) not in PARTINGS or negated(root):
        return None
    tense = clause.tense or aspect(root)
    if tense != "did" and not (not tense and root.tag_ == "VBD"):
        return []
    with_ = prep_of(root, "with")
    subjects = [t for s in clause.subjects for t in with_conjuncts(s)]
    others = ([o for o in with_conjuncts(child(with_, "pobj"))] if with_ is not None
              and child(with_, "pobj") is not None else []) + [
        s for s in subjects if s.lower_ not in ("i", "me", "we")] + (
        [child(root, "dobj")] if root.lemma_.lower() == "divorce" and child(root, "dobj")
        is not None else [])
    speaker_in = any(s.lower_ in ("i", "me") for s in subjects)
    if not others or not speaker_in and with_ is None and root.lemma_.lower() != "divorce":
        return None  # ("we broke up on thursday": the episode, known by its time)
    who = [SPEAKER] if speaker_in and with_ is None else who_of(clause)
    return facts_of(clause, who, [("did_break_up_with", o) for o in others
                                  if not is_pronoun(o) or is_name(o)], "activity", 0.65,
                    False)


def _told_apart(job: Any) -> bool:
    """A job said with what it is ("the nursing job", "a teaching position"), not "the
    job" alone, which tells no one anything."""
    return any(c.dep_ in ("compound", "amod") and c.i < job.i and c.lower_ not in (
        "new", "old", "first", "other") for c in job.children)


def _taken_up(verb: Any, tense: str) -> bool:
    """A pastime said with no object as a habit: "I paint", "I've been painting a lot
    lately", "I'm knitting again these days"; not "I'm cooking" (now), "I ran to the bus",
    "I swim every morning" (its habit is read with its time)."""
    if any(c.dep_ in ("dobj", "prep", "xcomp", "ccomp", "attr", "acomp") and not (
            c.dep_ == "dobj" and c.lemma_.lower() in LEX.vague_amounts or _leisure(c)
            or _as_usual(c))
            or c.dep_ in ("advcl", "oprd") and c.pos_ == "ADJ"  # "runs so smooth": how it
            or c.dep_ == "nsubj" and c.ent_type_ in ("ORG", "PRODUCT")  # works ("Figma")
            for c in verb.children):
        return False
    markers = {c.lower_ for c in verb.children if c.dep_ in ("advmod", "npadvmod", "dobj")}
    habit = bool(markers & LEX.habit_markers) or tense == "is" and any(
        _leisure(c) for c in verb.children) or any(_as_usual(c) for c in verb.children) and not any(
            c.dep_ == "npadvmod" or c.ent_type_ in ("DATE", "TIME") for c in verb.children) or any(
        c.dep_ == "npadvmod" and c.lower_ == "days" and any(
            d.lower_ == "these" for d in c.children) for c in verb.children)
    if tense == "doing":
        return habit
    return tense == "is" and (habit or not any(c.dep_ == "npadvmod" for c in verb.children))


def _post_ahead(clause: Clause) -> bool:
    """"shes starting as a teacher in soweto": a post one starts, "as" a or an and a noun
    naming one; not "starting as usual", "as a joke", "as friends", "as of monday"."""
    root = clause.root
    as_ = prep_of(root, "as") if root.lemma_.lower() in ("start", "begin") else None
    post = child(as_, "pobj") if as_ is not None else None
    return post is not None and clause.subject is not None and post.pos_ == "NOUN" and any(
        c.dep_ == "det" and c.lower_ in ("a", "an") for c in post.children) and (
        post.lemma_.lower() not in LEX.not_posts)


def _as_usual(prep: Any) -> bool:
    """"I've been reading as usual": a habit, as ever (the parser may hang "usual" as the
    preposition's modifier or its object)."""
    return prep.dep_ == "prep" and prep.lower_ == "as" and any(
        c.lower_ == "usual" for c in prep.children)


def _leisure(prep: Any) -> bool:
    """"in my spare time", "in her free time", "for fun", "as a hobby": a pastime's
    phrase that says it is one."""
    if prep.dep_ != "prep":
        return False
    pobj = child(prep, "pobj")
    return pobj is not None and (
        prep.lower_ == "in" and pobj.lower_ == "time" and any(
            c.lower_ in ("spare", "free", "own") for c in pobj.children)
        or (prep.lower_, pobj.lower_) in (("for", "fun"), ("as", "hobby")))


FOUNDING = ("found", "co-found", "cofound", "establish", "start", "set")
YEAR = re.compile(r"(?:19|20)\d\d")


def _founded(clause: Clause) -> list[RawFact]:
    """"Denise, who founded us in 2011" (she founded the organisation, founded in 2011),
    "my dad Roger started the place in 1988", "Roger set up the business", "Anke founded
    Loomwise": who founded which organisation, and when. An indefinite one ("I started a
    blog") stays an episode."""
    root = clause.root
    lemma = root.lemma_.lower()
    thing = child(root, "dobj")
    if lemma not in FOUNDING or thing is None or negated(root) or root.tag_ not in (
            "VBD", "VBN") or any(c.dep_ in ("aux", "auxpass") and c.tag_ == "MD"
                                 for c in root.children):
        return []
    if lemma == "set" and not any(c.dep_ == "prt" and c.lower_ == "up" for c in root.children):
        return []
    own = child(thing, "det", "poss")
    if thing.lower_ == "us":
        founded = ORG  # "who founded us": the organisation speaking
    elif own is not None and own.lower_ in ("the", "our", "this") and (
            thing.lemma_.lower() in LEX.organisations | {"place"}):
        founded = FIRM  # "started the place in 1988": the speaker's own organisation
    elif lemma not in ("start", "set") and (thing.ent_type_ == "ORG" or thing.pos_ == "PROPN"
                               and thing.ent_type_ not in ("PERSON", "GPE", "DATE")):
        founded = name_span(thing)  # "Anke founded Loomwise"
    else:
        return []
    facts = [make_fact(clause, w, "founded", founded, ObjectKind.entity, "founding", 0.7)
             for w in who_of(clause)]
    years = [t.text for p in root.children if p.dep_ == "prep" and p.lower_ == "in"
             for t in p.subtree if YEAR.fullmatch(t.text)]
    if facts and years:
        facts.append(make_fact(clause, founded, "founded_in", years[0], ObjectKind.date,
                               "founding", 0.7))
    return facts


def _thinking_of(verb: Any) -> Any | None:
    """The doing one is "thinking of" or "about" and will, by a time ahead: "we're thinking
    of interrailing in september", "thinking about moving to Leeds next year" (a plan
    weighed); not "I'm thinking of you", nor "thinking about quitting" with no time."""
    if verb.lemma_.lower() not in ("think", "consider") or verb.tag_ != "VBG" or negated(verb):
        return None
    about = prep_of(verb, "of", "about") if verb.lemma_.lower() == "think" else verb
    doing = next((c for c in about.children if c.dep_ in ("pcomp", "xcomp", "dobj")
                  and c.tag_ == "VBG"), None) if about is not None else None
    if doing is None:
        return None
    lex = LEX
    ahead = any(t.lower_ in lex.months | lex.weekdays | FUTURE_WORDS or t.ent_type_ == "DATE"
                for t in doing.subtree)
    return doing if ahead else None


EAGER_WORDS = frozenset({"excited", "eager", "thrilled", "stoked", "pumped", "psyched",
                         "keen"})


def _eager_to(verb: Any) -> Any | None:
    """What one can't wait to do, is excited (eager, thrilled ...) to do or looks forward
    to doing: "I can't wait to visit Japan", "so excited to start my new job", "looking
    forward to seeing the Alps". Nothing for what was so once ("I was excited to visit
    Rome"), for a moment's want ("can't wait to get home", "to find out", "to eat"), for
    what is done with or to the listener or a pronoun ("to celebrate with you", "to show
    it to you"), for a thing's or an animal's eagerness, or said in jest ("... not")."""
    lemma = verb.lemma_.lower()
    doing = None
    if lemma == "wait" and negated(verb) and any(
            c.dep_ == "aux" and c.lemma_.lower() == "can" for c in verb.children):
        doing = child(verb, "xcomp")
    elif lemma == "be" and not negated(verb) and verb.lower_ not in ("was", "were"):
        keen = next((c for c in verb.children if c.dep_ == "acomp"
                     and c.lower_ in EAGER_WORDS), None)
        doing = child(keen, "xcomp") if keen is not None else None
    elif lemma == "look" and verb.tag_ == "VBG" and not negated(verb) and any(
            c.lower_ == "forward" for c in verb.children) and not any(
            c.dep_ == "aux" and c.lower_ in ("was", "were", "had") for c in verb.children):
        to = prep_of(verb, "to")
        doing = next((c for c in to.children if c.dep_ == "pcomp" and c.tag_ == "VBG"),
                     None) if to is not None else None
    if doing is None or doing.pos_ != "VERB":
        return None
    done = doing.lemma_.lower()
    joined = {t.i for c in doing.subtree if c.dep_ in ("conj", "cc") for t in c.subtree}
    rest = {t.lower_ for t in doing.subtree if t.i != doing.i and t.i not in joined
            and not t.is_stop} - {"'s", "s"}  # ("get home and sleep": home)
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    last = [t for t in verb.doc if not t.is_punct]  # ("... not", a sentence of its own)
    if done in LEX.not_plans | LEX.eager_not_plans or any(
            c.dep_ == "auxpass" for c in doing.children) or done in (
            "go", "get", "come", "take", "leave", "head") and rest <= LEX.eager_moments \
            or any(t.lower_ in ("you", "your", "u", "ur", "ya") or t.dep_ in ("dobj", "pobj")
                   and is_pronoun(t) for t in doing.subtree) \
            or subject is not None and not (subject.lower_ in ("i", "we", "he", "she", "they")
                                            or subject.ent_type_ == "PERSON" or is_kin(subject)
                                            or is_name(subject)) \
            or last and last[-1].lower_ == "not":
        return None
    return doing


CALM_WORDS = frozenset({"unwind", "relax", "de", "destress", "chill", "calm", "sane",
                        "grounded", "focused", "motivated", "balanced", "recharge", "switch"})


def _what_calms_me(clause: Clause) -> list[RawFact]:
    """"Playing video games or watching movies helps me unwind", "running helps me
    de-stress", "yoga keeps me sane": what the speaker does, for their own sake."""
    root = clause.root
    if root.lemma_.lower() not in ("help", "keep") or negated(root) or not any(
            t.lower_ in ("me", "us") for t in root.subtree) or not any(
            t.lower_ in CALM_WORDS and t.i > root.i for t in root.subtree):
        return []
    doer = next((c for c in root.children if c.dep_ in ("csubj", "nsubj")), None)
    if doer is None or is_pronoun(doer) or is_name(doer) and doer.tag_ != "VBG" \
            and doer.i != doer.sent.start:
        return []  # ("Tilly helps me stay focused": someone, not something done)
    done = [d for d in with_conjuncts(doer) if d.tag_ == "VBG" or d.lower_.endswith("ing")
            or d.pos_ == "NOUN" and not list(d.children) and not is_kin(d)
            and d.lower_ not in LEX.pets | LEX.not_things]  # "yoga keeps me sane"
    facts = []
    for d in done:
        span = value_span(d) if d.tag_ == "VBG" else d.doc[d.i:d.i + 1]
        text = object_text(span)
        text = text[:1].lower() + text[1:] if text[1:2].islower() else text
        if text:
            facts.append(make_fact(clause, SPEAKER, "does", text, ObjectKind.string,
                                   "activity", 0.6))
    return facts


def _said_yes_to(clause: Clause) -> list[RawFact]:
    """"i said yes to rye & co": an offer taken (``did_accept``); "said no to them": one
    turned down (``did_decline``); not a yes to a question or to a person ("said yes to
    Sam" is an answer, not an offer)."""
    root = clause.root
    answer = next((c for c in root.children if c.dep_ in ("dobj", "intj", "advmod", "ccomp")
                   and c.lower_ in ("yes", "no")), None)
    to = prep_of(root, "to")
    what = child(to, "pobj") if to is not None else None
    if root.lemma_.lower() != "say" or answer is None or what is None or negated(root) or \
            aspect(root) != "did" or is_pronoun(what) or what.ent_type_ == "PERSON":
        return []
    predicate = EVENT_PREFIX + ("accept" if answer.lower_ == "yes" else "decline")
    return facts_of(clause, who_of(clause, episode=True), [(predicate, what)], "activity", 0.6,
                    False)


def _listeners(thing: Any) -> bool:
    """A thing of the one listening: "Karen Lowe gave me your number", "I loved your
    cake" (what is said of "you" proposes nothing; no claim could name its owner)."""
    return any(c.dep_ == "poss" and c.lower_ in ("your", "ur") for c in thing.children)


def _given_me(clause: Clause) -> list[RawFact]:
    """"Uncle Femi gave me two hives" (Femi did_give two hives), "they gave us 8 weeks
    severance" (the speaker did_get it: "they" are no one named); not "she gave me a
    call", "gave me a lift", "gave me a cold" (gestures), nor a giving to come."""
    root = clause.root
    to = next((c for c in root.children if c.dep_ in ("dative", "iobj")
               and c.lower_ in ("me", "us")), None)
    thing = child(root, "dobj")
    if root.lemma_.lower() != "give" or to is None or thing is None or negated(root) or \
            is_pronoun(thing) or thing.lemma_.lower() in LEX.gestures | LEX.not_things or \
            aspect(root) != "did" or _listeners(thing):
        return []
    span = thing.doc[thing.left_edge.i:thing.right_edge.i + 1]
    if any(t.lower_ in ("for", "to") and t.head == thing for t in span):
        span = thing.doc[thing.left_edge.i:thing.i + 1]  # "150 for scrap": the 150
    value = object_text(span)
    giver = clause.subject
    if not value:
        return []
    if giver is not None and not is_pronoun(giver):
        return [make_fact(clause, w, EVENT_PREFIX + "give", value, ObjectKind.string,
                          "activity", 0.6) for w in who_of(clause, episode=True)]
    getter = SPEAKER if to.lower_ == "me" else GROUP
    return [make_fact(clause, getter, EVENT_PREFIX + "get", value, ObjectKind.string,
                      "activity", 0.6)]


def _performed(verb: Any) -> bool:
    """A light verb that names an episode by what was given: "gave a talk at my old
    school", "gave a presentation" (not "give it a try", "gave me a call")."""
    dobj = child(verb, "dobj")
    if verb.lemma_.lower() == "look" and verb.tag_ == "VBG":
        # "I'm looking for a new job", "we're looking at houses in Leeds": a search under
        # way, for a kind of thing (not "looking at my phone", "looking for it")
        sought = [child(p, "pobj") for p in (prep_of(verb, "for"), prep_of(verb, "at"))
                  if p is not None]
        return any(o is not None and o.pos_ == "NOUN" and child(o, "poss") is None and (
            any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in o.children)
            or o.tag_ == "NNS" and child(o, "det") is None) for o in sought)
    if verb.lemma_.lower() in ("try", "find") and (verb.tag_ == "VBD" or verb.lemma_.lower(
            ) == "try" and verb.tag_ == "VBG") and dobj is not None:  # ("I'm trying yoga")
        # "I tried sushi", "I found a hiking trail": what was tried or found (not "tried
        # it", "found it hard", "found out", "tried to ...")
        return dobj.pos_ in ("NOUN", "PROPN") and not any(
            c.dep_ in ("xcomp", "ccomp", "oprd", "prt", "acomp") and not (
                c.dep_ == "prt" and c.lower_ == "out" or c.dep_ == "xcomp" and c.i > dobj.i)
            for c in verb.children) \
            and dobj.lemma_.lower() not in LEX.not_things | {"time", "job", "work"}
    if verb.lemma_.lower() == "put" and dobj is not None and dobj.pos_ in ("NOUN", "PROPN") \
            and any((c.dep_ == "prt" or c.lower_ == "together") and c.i < dobj.i
                    for c in verb.children):  # "we're putting together a talent show"
        # (not "I put the kettle on": a chore, the particle left behind)
        return dobj.lemma_.lower() not in LEX.not_things  # "I have put out beer traps",
        # "we put up a new fence", "put down a deposit": a phrasal verb, no light one
    if verb.lemma_.lower() == "see" and verb.tag_ in ("VBD", "VBN") and dobj is not None:
        # "I saw a great film at the weekend", "we saw Coldplay at Wembley": a show seen, or
        # someone or something named (not "I saw the news", "saw your message", "saw it")
        return not _listeners(dobj) and (dobj.lemma_.lower() in LEX.shows or (
            dobj.pos_ == "PROPN" and not is_pronoun(dobj)))
    return verb.lemma_.lower() == "give" and dobj is not None \
        and dobj.lemma_.lower() in LEX.performances


def _back_to(adverb: Any) -> bool:
    """"back" (or "down", "up", "over" before "to") with the place hung on it, straight
    after the verb: "he went back to Samoa" is did_go_back_to, as a particle would be."""
    after = adverb.doc[adverb.i + 1] if adverb.i + 1 < len(adverb.doc) else adverb
    return adverb.dep_ == "advmod" and adverb.lower_ in ("back", "down", "up", "over") and (
        any(p.dep_ == "prep" and p.lower_ == "to" or adverb.lower_ == "back" and p.dep_ == "prep"
            for p in adverb.children) or after.lower_ == "to" and after.head.i == adverb.head.i
    ) and adverb.i == adverb.head.i + 1  # "fly down to Cape
    # Town": did_fly_down_to, as the words say it


def _state_got(verb: Any) -> Any | None:
    """The state a "got" says someone came into, a change of life ("got promoted", "got
    divorced"; weddings are ``_union``'s), read whether the parser made "got" the head (with the
    participle its complement) or the participle's passive auxiliary; not a moment's
    ("got stuck", "got soaked"), nor a thing got ("got a new phone")."""
    if verb.lemma_.lower() == "get" and child(verb, "dobj") is None:
        state = next((c for c in verb.children if c.dep_ in ("acomp", "oprd")
                      and c.tag_ in ("VBN", "JJ")), None)
    else:
        state = verb if got_aux(verb) is not None and verb.tag_ == "VBN" else None
    return state if state is not None and state.lower_ not in LEX.moods and (
        state.lower_ in LEX.life_changes) else None


def _state_episode(clause: Clause, who: list[str], verb: Any, state: Any) -> list[RawFact]:
    """"got accepted for an internship" -> did_get_accepted_for internship; nothing where
    nothing is named (read as any other episode then). Weddings and engagements are
    ``_union``'s."""
    words = ["get", state.lower_]
    found = [(p, o) for p, o in objects_of(state) if p and not is_time(o)]
    return facts_of(clause, who, [(EVENT_PREFIX + "_".join([*words, p]), o)
                                  for p, o in found], "activity", 0.6, negated(verb))


def _companion(noun: Any) -> bool:
    """Whom an episode was with: a person or people ("with my sister", "with Jess", "w
    the girls"), not what it was done with ("shuffling round with a frame", "made it with
    coconut milk")."""
    low = noun.lemma_.lower()
    return low in LEX.kin or noun.lower_ in LEX.kin or low in LEX.companions or (
        noun.ent_type_ == "PERSON" or noun.pos_ == "PROPN" and not noun.ent_type_)


def _companions_of_objects(found: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """Whom an episode was with, where the parser hung the "with" on its object: "I went
    to a pottery workshop with my sister" (not "a house with a garden")."""
    return [("with", o) for _, thing in found for p in thing.children
            if p.dep_ == "prep" and p.lower_ == "with"
            for o in with_conjuncts(child(p, "pobj")) if child(p, "pobj") is not None
            and _companion(o)]


def _adverb_as_object(prep: str, noun: Any) -> bool:
    """A word of direction the parser made an object: "shuffling round", "pottering
    about" (bare, with nothing of its own)."""
    return not prep and noun.lower_ in LEX.directions and not list(noun.children)


def _real_thing(dobj: Any | None, objects: list[Any]) -> bool:
    """Whether a thin verb names an episode: its object is not an idiom's ("a blast",
    "my day"), and something it did or was done with is a thing ("I made it with
    coconut milk")."""
    if dobj is not None and not is_pronoun(dobj) and (
            dobj.lemma_.lower() in LEX.idiom_objects or not _noun_like(dobj)):
        return False
    return any(_noun_like(o) and o.lemma_.lower() not in LEX.idiom_objects for o in objects)


def _noun_like(token: Any) -> bool:
    """A noun, or an object the tagger called an adjective with an article of its own
    ("I got a pixel 8": "pixel" tagged ADJ)."""
    return token.pos_ in ("NOUN", "PROPN") or token.pos_ == "ADJ" and token.dep_ == "dobj" \
        and child(token, "det") is not None


def _covered_by_verb_fact(lemma: str, prep: str, tense: str) -> bool:
    """Whether ``verb_fact`` reads this verb with this preposition ("" = its object)
    already: "I moved to Berlin" and "I'm living in Leeds" are ``lives_in``, "I'm working
    on a platform" is not."""
    if lemma not in LEX.verbs or tense == "is":
        return tense == "is"
    if tense == "doing" and lemma in LEX.update_verbs and LEX.verbs[lemma][0] in (
            "lives_in", "works_at"):
        return False  # "I'm moving to Bristol", "she's joining Loomwise": under way
        # (doing_move_to, doing_join), no home or job there yet
    current = tense == "doing" or lemma in LEX.update_verbs or lemma in LEX.past_facts
    preps = LEX.verbs[lemma][1] or ("",)
    if lemma == "live":
        preps = (*preps, "with")  # "living with my parents": lives_with
    return current and prep in preps


def _to_somewhere(verb: Any) -> bool:
    """A "to" with a place after the verb or its particle ("come up to Chester")."""
    return any(p.dep_ == "prep" and p.lower_ == "to" and child(p, "pobj") is not None
               for h in [verb, *(c for c in verb.children if c.dep_ in ("prt", "advmod"))]
               for p in h.children)


def _bare(verb: Any, phrase: str) -> str:
    """A plan said in the progressive, put in the verb's bare form: "adopting a cat" ->
    "adopt a cat"."""
    if verb.tag_ != "VBG" or not phrase.lower().startswith(verb.lower_):
        return phrase
    return verb.lemma_.lower() + phrase[len(verb.text):]


def activity(clause: Clause) -> list[RawFact]:
    """Episodes: something someone did ("I went to a support group", "Melanie painted a
    sunrise", "I've visited Kyoto", "I worked at Initech for years"), is doing ("I'm
    training for a triathlon") or plans ("I'm going to adopt a cat"). Many-valued
    (``did_<verb>[_<particle>][_<preposition>]``, ``doing_...``, ``plans_to``), one fact
    for the object and one for each place or companion; lower confidence than the
    attribute readers."""
    root = clause.root
    lemma = root.lemma_.lower()
    union = _union_of(root)  # before the passives: "is getting married" is one
    if union is not None:
        return _union(clause, *union)
    parted = _parted(clause)
    if parted is not None:
        return parted
    if root.lemma_.lower() == "do" and root.tag_ == "VBN" and not any(
            c.dep_ in ("nsubj", "nsubjpass", "aux", "auxpass") for c in root.children) and any(
            c.lower_ == "well" for c in root.children):
        return []  # "Well done Ellie!": praise, no one's doing (was "did_do ; Ellie")
    founded = _founded(clause)
    if founded:
        return founded
    given = _given_me(clause) or _said_yes_to(clause)
    if given:
        return given
    calming = _what_calms_me(clause)
    if calming:
        return calming
    ahead = scheduled(root, clause.tense or aspect(root))  # "we move in October"
    if root.pos_ not in ("VERB", "AUX") or schedule_fact(clause) or (
            lemma in SWITCH_VERBS and not ahead and switch_facts(clause)) or (
            (lemma in LEX.replacing or lemma in LEX.leaving_verbs) and replace_facts(clause)) or (
            role_change(clause)) or (
            got_aux(root) is None and any(c.dep_ == "auxpass" for c in root.children)):
        return []  # "we moved the standup to 9:30" is a schedule; "I was told" is no doing
    if born(root):
        return []  # "she had a baby": a child, which ``have_fact`` reads
    if lemma in LEX.pastimes and _taken_up(root, clause.tense or aspect(root)):
        return [make_fact(clause, w, "does", gerund(root.lemma_.lower()), ObjectKind.string,
                          "activity", 0.6, negated(root)) for w in who_of(clause)]
    if got_aux(root) is not None and root.lower_ in LEX.moods:
        return []  # "I got caught in the rain", "my flight got cancelled": the moment's
    who = who_of(clause, episode=True)
    if not who or turned_age(root):
        return []  # "she turned four" is her age (``verb_fact``)
    considered = _thinking_of(root)
    if considered is not None:  # "me and isla are thinking of interrailing in september"
        phrase = plan_phrase(considered)
        if considered.text[1:].islower():  # a doing, never a name: chat's folding may
            phrase = phrase[:1].lower() + phrase[1:]  # have capitalised a word it never met
        return [make_fact(clause, w, PLAN_PREFIX + "to", phrase, ObjectKind.string, "plan", 0.45)
                for w in who if phrase]
    eager = _eager_to(root)
    if eager is not None:  # "I can't wait to visit Japan", "excited to start my new job"
        phrase = _bare(eager, plan_phrase(eager))  # ("looking forward to visiting": visit)
        also = child(eager, "conj")
        if " " not in phrase.strip() and also is not None and child(eager, "cc") is not None:
            # "excited to guide and mentor aspiring dancers": both, and whom
            phrase = phrase + " " + object_text(eager.doc[eager.i + 1:also.right_edge.i + 1])
        if " " not in phrase.strip():
            phrase = "" if eager.lemma_.lower() in ("go", "get", "come", "take") else phrase
            # ("stoked to go snowboarding in whistler", the parse losing where: no plan)
        return [make_fact(clause, w, PLAN_PREFIX + "to", phrase, ObjectKind.string, "plan", 0.45)
                for w in who if phrase]
    if dated_will(root) and lemma not in LEX.light_verbs | LEX.not_plans and planner(root):
        # "I'll book her in for her jabs next week", "this week I will apply to DVLA"
        phrase = plan_phrase(root)
        return [make_fact(clause, w, PLAN_PREFIX + "to", phrase, ObjectKind.string, "plan", 0.55)
                for w in who if phrase]
    tense = clause.tense or aspect(root)
    if not tense and not clause.subjects:
        tense = "doing" if root.tag_ == "VBG" else "did"
    if ahead and lemma in LEX.trip_verbs | LEX.update_verbs:
        tense = "doing"  # "we move up to Kumasi in October": a move under way
    if tense == "doing" and now_at_work(root):
        return []  # "he's teaching at a school now": a job, which verb_fact reads
    if lemma == "do" and any(c.lower_ in WELLBEING or c.left_edge.lower_ in WELLBEING
                             for c in root.children
                             if c.dep_ in ("dobj", "acomp", "advmod", "oprd")):
        return []  # "I'm doing ok - hope you are too": how one is, not what one does
    if tense == "doing" and lemma in LEX.momentary and not clause.tense:
        return []  # "Biscuit is eating the curtain", "I'm tearing up on the bus": the
        # moment of telling, nothing under way
    xcomp = child(root, "xcomp")
    to_verb = xcomp is not None and xcomp.pos_ == "VERB" and any(
        c.dep_ == "aux" and c.lemma_ == "to" for c in xcomp.children)  # "gon na" too
    if to_verb and (lemma in LEX.plan_verbs or (lemma == "go" and tense == "doing")):
        if xcomp.lemma_.lower() in LEX.not_plans or any(
                c.dep_ == "dobj" and is_pronoun(c) for c in xcomp.children):
            return []  # "I'm going to cry", "gonna miss you"
        if lemma == "go" and xcomp.lemma_.lower() in LEX.trip_verbs and _to_somewhere(xcomp):
            # "im gonna come up to chester on sat": a trip under way, like "I'm going to X"
            return activity(Clause(xcomp, clause.subjects, clause.sent, True, tense="doing"))
        phrase = plan_phrase(xcomp)
        return [make_fact(clause, w, PLAN_PREFIX + "to", phrase, ObjectKind.string, "plan", 0.55,
                      negated(root)) for w in who if phrase]
    done = child(root, "xcomp")
    if lemma in LEX.done_verbs and tense == "did" and done is not None and not negated(root) \
            and done.pos_ == "VERB" and child(root, "dobj") is None and (lemma == "help" or any(
                a.dep_ == "aux" and a.lower_ == "to" for a in done.children)) and not (
            lemma == "have" and root.tag_ != "VBD"):
        # "I got to volunteer at a career fair", "I helped renovate a community centre",
        # "I had to shut down my bank account": what was done
        return activity(Clause(done, clause.subjects, clause.sent, True, tense="did"))
    purpose = next((c for c in root.children if c.dep_ in ("advcl", "xcomp")
                    and c.pos_ == "VERB" and c.i > root.i and any(
                        a.dep_ == "aux" and a.lower_ == "to" for a in c.children)), None)
    if lemma in ("go", "come") and tense == "did" and purpose is not None and not any(
            c.dep_ in ("prep", "dobj") for c in root.children) and child(
            purpose, "dobj") is not None:
        # "I went to see my nan in Accra": saw her there; went there
        seen = child(purpose, "dobj")
        inner = activity(Clause(purpose, clause.subjects, clause.sent, True, tense="did")) \
            if purpose.lemma_.lower() not in ("see", "visit") else facts_of(
                clause, who, [(EVENT_PREFIX + ("visit" if is_kin(seen) or seen.ent_type_ == (
                    "PERSON") else purpose.lemma_.lower()), seen)], "activity", 0.6,
                negated(root))  # ("went to see my nan": a visit; "to see a film": saw it)
        there = [o for p, o in objects_of(purpose, ("in",)) if o.ent_type_ in ("GPE", "LOC")]
        return [f for f in inner if not f.predicate.endswith("_in")] + facts_of(
            clause, who, [(EVENT_PREFIX + "go_to", o) for o in there], "activity", 0.6,
            negated(root))
    if lemma in LEX.start_verbs and prep_of(root, "at", "with") is not None \
            and child(root, "dobj") is None and verb_reads_start(clause):
        return []  # "starting at Spotify in June": a plan or a job, which verb_fact reads
    if tense not in ("did", "doing") or lemma in LEX.light_verbs and not _performed(root) \
            or lemma in LEX.ending_verbs \
            or lemma in LEX.leaving_verbs and leaving_facts(clause) or (
            lemma in LEX.start_verbs | LEX.ending_verbs and xcomp is not None):
        return []
    if lemma in LEX.verbs and not LEX.verbs[lemma][1] and tense != "did" and not (
            lemma == "join" and tense == "doing") or (
            of_liking(lemma)):
        return []  # "Loved this spot": a preference, which verb_fact reads
    if tense == "did":
        state = _state_got(root)
        facts = _state_episode(clause, who, root, state) if state is not None else []
        if facts:  # "my sister got engaged to Tom", "he got married to Ana"
            return facts
    if lemma == "get" and root.lower_ == "got" and any(
            c.dep_ == "aux" and c.lemma_ == "have" for c in root.children):
        return []  # "I've got a tournament next month": having, not getting
    if lemma == "have" and any(c.dep_ == "aux" and c.lemma_ == "have" for c in root.children) \
            and any(c.lower_ == "since" and c.dep_ in ("prep", "mark") for c in root.subtree) \
            and have_fact(clause):
        return []  # "ive had asthma since i was a kid": has it still (``have_fact``; not
        # "I've had the flu since Monday", which it does not read)
    price = prep_of(root, "to")
    if lemma in ("go", "rise", "drop", "fall", "increase") and price is not None and any(
            t.ent_type_ == "MONEY" for t in price.subtree):
        # "the Team plan went up to £35": what it costs now
        span = clause.doc[price.i + 1:price.right_edge.i + 1]
        return [make_fact(clause, w, "costs", object_text(span), ObjectKind.money, "price", 0.7,
                      update=True) for w in who_of(clause)]
    if tense == "doing" and (future_time(root) or _post_ahead(clause)) \
            and lemma not in LEX.trip_verbs:
        # ("shes starting as a teacher in soweto": a post ahead, a plan)
        # "I'm adopting a second cat next month": a plan (to adopt), not something under
        # way; "I'm flying to Oslo next week" stays a trip under way
        phrase = _bare(root, plan_phrase(root))
        planned = child(root, "dobj")
        if lemma in LEX.plan_verbs and planned is not None and planned.pos_ == "NOUN":
            # "I'm planning a trip to Japan next spring": the plan is the trip
            phrase = object_text(planned.doc[planned.left_edge.i:planned.right_edge.i + 1])
        return [make_fact(clause, w, PLAN_PREFIX + "to", phrase, ObjectKind.string, "plan", 0.55,
                      negated(root)) for w in who if phrase]
    spent = child(root, "dobj")
    if lemma == "spend" and spent is not None and is_time(spent) and xcomp is not None \
            and xcomp.tag_ == "VBG":  # "we spent three weeks walking the Camino": walked it
        return activity(Clause(xcomp, clause.subjects, clause.sent, True, tense=tense))
    words = ([lemma] if got_aux(root) is None else ["get", root.lower_]) + [
        c.lower_ for c in root.children if c.dep_ == "prt" or _back_to(c) or (
            c.dep_ == "advmod" and c.lower_ == "away" and c.i == root.i + 1)]  # "passed away"
    prefix = EVENT_PREFIX if tense == "did" else DOING_PREFIX
    dobj = child(root, "dobj")
    if dobj is not None and lemma in ("get", "finish", "leave") and dobj.lemma_.lower() in (
            "work", "shift", "school") and child(dobj, "det", "poss") is None and prep_of(
            root, "as", "at") is None and prep_of(dobj, "as", "at") is None:
        return []  # "just got off work", "finished work": the day's end (not "got work as
        # a welder")
    if dobj is not None and (lemma, dobj.lemma_.lower()) in VERB_IDIOMS:
        return []  # "I'm crossing my fingers"
    if tense == "did" and lemma in ("get", "land", "start", "take", "lose") and dobj is not None \
            and dobj.lemma_.lower() in ("job", "position", "role"):
        facts = _new_job(clause, who, root, dobj)  # "I lost my job at Door Dash": no longer
        if lemma == "lose":
            return [replace(f, retract=True, update=False) for f in facts]
        if facts or not _told_apart(dobj):
            return facts
        # "i got the nursing job in valencia": that episode, the job as it was said
        return facts_of(clause, who, [(EVENT_PREFIX + lemma, dobj)], "activity", 0.6,
                        negated(root))
    if (tense == "doing" and lemma in ("do", "study") or tense == "did" and lemma in (
            "do", "study", "finish", "complete", "get") and child(dobj, "poss") is not None) \
            and dobj is not None and dobj.lemma_.lower() in LEX.degrees:
        return _degree(clause, who, root, dobj, done=tense == "did")
    post = prep_of(root, "as") if tense == "did" and lemma in LEX.qualifying else None
    trade = child(post, "pobj") if post is not None else None
    if trade is not None and trade.pos_ == "NOUN" and child(trade, "det", "poss") in (
            None, *[c for c in trade.children if c.lower_ in ("a", "an")]) and not (
            clause.subject is not None and clause.subject.lower_ in LEX.teams | LEX.ensembles):
        # "she trained as a chef" (not "my team qualified as the top seed")
        return facts_of(clause, who, [("trained_as", trade)], "activity", 0.7, negated(root))
    found = [(p, o) for p, o in objects_of(root) if not is_time(o)  # "took Friday off"
             and (p != "with" or _companion(o)) and not _adverb_as_object(p, o)
             and not _listeners(o)]
    if lemma in BOOKING and tense == "did" and any(not is_pronoun(o) for _, o in found):
        # "i booked flights for march 12": when it is for (not "booked it for friday")
        found += [("for", o) for p in root.children if p.dep_ == "prep"
                  and p.lower_ == "for" for o in [child(p, "pobj")] if o is not None
                  and is_time(o)]
    if lemma == "spend" and dobj is not None and is_time(dobj):
        # "I spent the morning in meetings": how time went; "a week in Rome": a stay there
        found = [(p, o) for p, o in found if p and o.ent_type_ in ("GPE", "LOC", "FAC")]
        if not found:
            return []
    found += _companions_of_objects(found)
    if lemma in LEX.trip_verbs | LEX.update_verbs and (any(p == "to" for p, _ in found) or any(
            c.dep_ == "advmod" and c.lower_ in ("home", "back", "abroad", "away")
            for c in root.children)):
        # "moving to bristol for uni", "going to bath for a hen do": why, not where
        found = [(p, o) for p, o in found if p != "for"]
    if lemma in ("go", "come"):  # "went to the job fair at the ExCeL", "gone down to four
        # days a week at the bakery": where one went is its "to", not an "at"
        found = [(p, o) for p, o in found if p != "at"]
    if lemma in LEX.escorting and any(p == "to" for p, _ in found):
        # "we took the kids to the aquarium": where they went; whom one took went too
        found = [(p, o) for p, o in found if p or not _companion(o)]
    if dobj is None and xcomp is not None and xcomp.tag_ == "VBG":  # "we went camping"
        found.append(("", xcomp))
    if lemma == "go":  # "... camping with my fam": with whom, where
        found += [(p, o) for _, gerund in list(found) if gerund.tag_ == "VBG"
                  for p, o in objects_of(gerund) if p]
    done: list[tuple[str, Any]] = []  # (verb, object): what a good time was spent doing
    if lemma == "have" and dobj is not None and dobj.lower_ in LEX.good_times:
        # "we had a blast at a live music event": where and with whom the time was spent;
        # "a great time throwing a party": what was done
        words, found = ["spend", "time"], [(p, o) for p, o in found if p] or [
            (p, o) for p, o in objects_of(dobj) if p in ("at", "in")]
        # ("a meaningful experience at a military memorial": the place hung on the time)
        done = [(verb.lemma_.lower(), o) for acl in dobj.children if acl.dep_ == "acl"
                and acl.tag_ == "VBG" for verb in with_conjuncts(acl)
                for o in [child(verb, "dobj")] if o is not None]
    elif lemma in ("take", "snap") and dobj is not None and dobj.lemma_.lower() in LEX.photos:
        # "I took this photo at Whispering Falls": where the photo was taken
        words, found = ["take", "photo"], [(p, o) for p, o in found if p]
    elif lemma in LEX.thin_verbs and not _real_thing(dobj, [o for _, o in found]):
        return []
    elif lemma == "set" and dobj is not None and dobj.lemma_.lower() in LEX.settings_of_time:
        return []  # "Hannah has set the date for the wedding!": the day, not yet said
    particle = next((c.lower_ for c in root.children if c.dep_ == "prt"), "")
    key = f"{lemma} {particle}" if f"{lemma} {particle}" in LEX.verbs else lemma
    named = [("_".join([*words, p] if p else words), o) for p, o in found
             if not _covered_by_verb_fact(key, p, tense)]
    # a circumstance goes where the episode says more ("cooked my gran's soup from memory":
    # the soup); alone it is all the episode says ("we slept in guesthouses")
    said = [(p, o) for p, o in named if not _circumstance(p.rsplit("_", 1)[-1], o)]
    if said:
        named = said
    if not named and not done and not found and tense == "did" and dobj is None \
            and xcomp is None and lemma not in LEX.thin_verbs and lemma not in LEX.verbs \
            and not any(c.dep_ in ("attr", "acomp", "oprd") or c.dep_ == "prep" and not any(
                c.children) for c in root.children):  # ("the parade I went to a few weeks
        # ago": what was gone to is the noun before, no time)
        # "we broke up on thursday", "got laid off this morning": a time, said as written
        return [make_fact(clause, w, prefix + p, _time_text(o),
                          ObjectKind.string, "activity", 0.6, negated(root))
                for p, o in _dated(root, words) for w in who]
    return facts_of(clause, who, [(prefix + p, o) for p, o in named + done], "activity",
                     0.6, negated(root)) + _pet_named(clause, who, dobj, tense)


UNION_WORDS = {"married": "married_to", "engaged": "engaged_to"}


def _union_of(verb: Any) -> tuple[Any, Any] | None:
    """(the "get", the "married") of "got married", "is getting married", "got engaged"
    (the parser hangs it either way), or None."""
    if verb.lower_ in UNION_WORDS:
        got = next((c for c in verb.children if c.dep_ in ("auxpass", "aux")
                    and c.lower_ in GETS), None)
        return (got, verb) if got is not None else None
    if verb.lower_ in GETS:
        state = next((c for c in verb.children if c.dep_ in ("acomp", "oprd", "xcomp")
                      and c.lower_ in UNION_WORDS), None)
        return (verb, state) if state is not None else None
    return None


GETS = {"got", "get", "getting", "gotten", "gets"}
BOOKING = frozenset({"book", "reserve"})  # what is booked for a day is planned for it


def _union(clause: Clause, got: Any, state: Any) -> list[RawFact]:
    """Getting married or engaged: "I got married to Tom" -> married_to Tom (a state now);
    "we got married in 2019" -> did_get_married_in 2019; "my sister is getting married in
    June" -> doing_get_married_in June (under way); nothing when it is denied or only
    wished ("I'd love to get married", "we never got married")."""
    who = who_of(clause, episode=True)
    verb = clause.root
    if not who or negated(verb) or negated(state) or any(
            c.tag_ == "MD" or c.lower_ == "to" and c.dep_ == "aux"
            or c.lower_ in ("nearly", "almost")
            for c in [*verb.children, *state.children, *got.children]):
        return []  # ("I'd love to get married", "we nearly got married"; not the "to" of
        # "engaged to Sarah")
    to = prep_of(state, "to") or prep_of(verb, "to")
    partners = with_conjuncts(child(to, "pobj")) if to is not None and child(
        to, "pobj") is not None else []
    past = got.tag_ == "VBD" or got.lower_ == "gotten" or any(
        c.lemma_ == "have" and c.dep_ == "aux" for c in verb.children)
    if not past and got.tag_ != "VBG":
        return []
    if partners and past:
        return facts_of(clause, who, [(UNION_WORDS[state.lower_], p) for p in partners],
                        "activity", 0.7, False)
    prefix = EVENT_PREFIX if past else DOING_PREFIX
    if past and len(who) == 2 and to is None:  # "Callum and Fiona got engaged": each
        first, second = who  # other's, and when
        return [make_fact(clause, first, UNION_WORDS[state.lower_], second, ObjectKind.entity,
                          "activity", 0.7), *_union_dated(clause, who, verb, state, prefix)]
    words = ["get", state.lower_]
    if partners:  # "getting married to Tom in June": to whom
        return facts_of(clause, who, [(prefix + "_".join([*words, "to"]), p) for p in partners],
                        "activity", 0.6, False)
    return _union_dated(clause, who, verb, state, prefix) or [
        # "we got married!!": married now; "my brother's getting married": a plan
        make_fact(clause, w, "is_a", state.lower_, ObjectKind.string, "activity", 0.6)
        if past else make_fact(clause, w, PLAN_PREFIX + "to", f"get {state.lower_}",
                               ObjectKind.string, "plan", 0.55) for w in who]


def _union_dated(clause: Clause, who: list[str], verb: Any, state: Any,
                 prefix: str) -> list[RawFact]:
    """When they got (or are getting) married or engaged: ``did_get_married_in ; June``."""
    words = ["get", state.lower_]
    times = _dated(state, words) or _dated(verb, words)
    return [make_fact(clause, w, prefix + p, _time_text(o), ObjectKind.string, "activity", 0.6)
            for p, o in times for w in who]


WELLBEING = {"ok", "okay", "alright", "fine", "well", "good", "great", "better", "amazing",
             "awesome", "brilliant", "badly", "terrible", "bad", "grand"}


def _degree(clause: Clause, who: list[str], verb: Any, degree: Any,
            done: bool = False) -> list[RawFact]:
    """A degree under way: "I'm doing a masters in biology at Leeds" -> doing_do masters,
    studies biology, studies_at Leeds (what and where one studies now); one of one's own
    done ("I did my masters in history at Leeds"): did_do masters, studied history,
    studied_at Leeds."""
    places = [("in", o) for p in (prep_of(degree, "in"), prep_of(verb, "in")) if p is not None
              for o in [child(p, "pobj")] if o is not None and not is_time(o)]
    fields = [o for _, o in places]  # ("in physics at Bristol": the "at" on the field)
    where = [("at", o) for h in (degree, verb, *fields) for p in [prep_of(h, "at", "from")]
             if p is not None for o in [child(p, "pobj")] if o is not None and not is_time(o)]
    now = "studied" if done else "studies"
    named = [((EVENT_PREFIX if done else DOING_PREFIX) + verb.lemma_.lower(), degree)]
    for _, o in places:  # "in biology" a subject, "in Leeds" a place
        named.append((f"{now}_in" if o.ent_type_ in ("GPE", "LOC") else now, o))
    named += [(f"{now}_at", o) for _, o in where]
    return facts_of(clause, who, named, "activity", 0.65, negated(verb))


def _pet_named(clause: Clause, who: list[str], pet: Any | None, tense: str) -> list[RawFact]:
    """"We adopted a tabby called Kenkey": the household has Kenkey, a tabby (a pet got,
    adopted or rescued by name is the household's by that name)."""
    if pet is not None and called(pet) is None:  # "a puppy, a beagle called Pepper"
        pet = next((c for c in [*pet.children, *clause.root.children]
                    if c.dep_ in ("appos", "npadvmod", "dobj", "dep") and c.i > pet.i
                    and called(c) is not None and (c.lemma_.lower() in LEX.pets | LEX.breeds)),
                   pet)  # ("adopted a puppy, a little corgi named Biscuit": a second object)
    name = called(pet) if pet is not None and tense == "did" else None
    if name is None or pet.lemma_.lower() not in LEX.pets | LEX.breeds or len(who) != 1 \
            or negated(clause.root):
        return []
    owner = HOME if who[0] in (ORG, GROUP) else who[0]
    start = pet.left_edge.i
    while start < pet.i and (pet.doc[start].lower_ in LEX.sizes or pet.doc[start].dep_ == "det"):
        start += 1  # "a little corgi": a corgi
    kind = object_text(pet.doc[start:pet.i + 1])
    facts = [make_fact(clause, owner, "has_pet", name_span(name), ObjectKind.entity,
                       "activity", 0.6)]
    if kind.lower() not in LEX.pets - LEX.breeds:
        facts.append(make_fact(clause, name_span(name), "is_a", kind, ObjectKind.string,
                               "activity", 0.6))
    else:  # "we got a cat called Pepper": the household's cat is Pepper, as "my cat is
        # called Pepper" says (what "what's my cat called?" asks)
        facts.append(make_fact(clause, owner, kind.lower(), name_span(name),
                               ObjectKind.entity, "activity", 0.6))
    return facts


CIRCUMSTANTIAL = ("in", "on", "from")


def _circumstance(prep: str, obj: Any) -> bool:
    """An "in", "on" or "from" phrase of an episode that says only how or in what kind of
    place it happened ("cried in a row", "cooked it from memory", "slept in guesthouses",
    "learning Ukrainian on an app"), or when ("engaged on Friday": a time ``when``
    reads): no fact worth keeping beside the episode. A name stays ("in Cape Town", "on
    Table Mountain", "from Lagos"), and so does a doing ("from bouldering")."""
    if prep not in CIRCUMSTANTIAL:
        return False
    if is_time(obj) or obj.ent_type_ in ("DATE", "TIME"):
        return True
    return obj.pos_ == "NOUN" and not obj.ent_type_ and obj.tag_ != "VBG" and not any(
        c.dep_ == "prep" and c.lower_ == "of" or c.dep_ == "poss" and c.pos_ == "PROPN"
        for c in obj.children)  # ("threw up on Sam's work shirt": whose says which)


def _time_text(time: Any) -> str:
    """A time as written, without a leading article: "this morning", "3rd of may"."""
    words = [t.text for t in time.subtree]
    return " ".join(words[1:] if words[0].lower() in ("a", "an", "the") else words)


def _dated(verb: Any, words: list[str]) -> list[tuple[str, Any]]:
    """What an episode with no object is known by: when it happened, a time said once
    ("we broke up on thursday" -> did_break_up_on thursday, "got laid off this morning"
    -> did_get_laid_off this morning); nothing for a habit ("on Sundays"), a stretch
    ("worked there 4 years") or none said."""
    def when(token: Any) -> bool:
        return is_time(token) and not habitual_time(token) and not any(
            c.dep_ == "nummod" or c.lower_ in ("a", "an", "all", "few") for c in token.children)
    for c in verb.children:
        if c.dep_ == "prep" and c.lower_ in ("on", "in", "at") and not habitual_time(c):
            pobj = child(c, "pobj")
            if pobj is not None and when(pobj):
                return [("_".join([*words, c.lower_]), pobj)]
        if c.dep_ in ("npadvmod", "advmod") and when(c):
            return [("_".join(words), c)]
    return []

