"""Readers of verbs: any verb read as itself ("Marco manages the Berlin office" ->
``manages``) unless the lexicon maps it ("live" -> ``lives_in``), passives, having,
wanting, switching, starting, stopping, leaving, and schedules.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from extract.clauses import Clause, ends, fronted_participle, negated
from extract.places import is_place_name, places
from extract.readers.copular import birthday_of, copular, disposition
from extract.readers.having import have_fact
from extract.readers.jobs import LET_GO
from extract.readers.words import (
    DOING_PREFIX,
    EVENT_PREFIX,
    FIRM,
    LEX,
    ORG,
    PREFERENCES,
    PRESENT,
    SPEAKER,
    TIME_LABELS,
    VERB_IDIOMS,
    RawFact,
    _of_what,
    aspect,
    called,
    child,
    co_subjects,
    dropped_i,
    facts_of,
    future_time,
    gerund,
    given_name,
    got_aux,
    habitual_time,
    home_place,
    how_long,
    is_kin,
    is_name,
    is_pronoun,
    is_time,
    make_fact,
    name_span,
    objects_of,
    owned_subject,
    owner_and_predicate,
    pair_of,
    plan_phrase,
    predicate_words,
    prep_of,
    subject_of,
    thing_of,
    third_person,
    town_of,
    turned_age,
    unresolved,
    value_span,
    who_of,
    with_conjuncts,
    workplace_of,
)
from extract.values import SHARES, object_kind, object_text
from kg.models import ObjectKind

DATED_EVENTS = {"expire": "expiry", "renew": "renewal"}


def schedule_fact(clause: Clause) -> list[RawFact]:
    """"Our fiscal year starts in April": a possessed noun that starts or ends on a date;
    "We moved the standup to 9:30": what is moved to a time."""
    root = clause.root
    lemma = root.lemma_.lower()
    if lemma in ("move", "change", "push", "shift", "reschedule") and root.tag_ != "VBG":
        things = [c for c in root.children if c.dep_ == "dobj"]  # "the team standup",
        to = prep_of(root, "to")  # which the small model may read as two objects
        when = child(to, "pobj") if to is not None else None
        if when is None or not (
                when.ent_type_ in TIME_LABELS or when.like_num or ":" in when.text):
            return []
        subj = owned_subject(clause.subject) if clause.subject is not None else None
        if not things and subj is not None and subj.pos_ in ("NOUN", "PROPN") \
                and subj.ent_type_ != "PERSON":
            # "Standup moved to 10:15": whose standup, "our" or the organisation's
            owner, words = owner_and_predicate(subj)
            span = value_span(when)
            return [make_fact(clause, owner or ORG, words or subj.lower_, object_text(span),
                          object_kind(span), "schedule", 0.75, update=True)]
        if not things:
            return []
        thing = things[-1]
        owner, words = owner_and_predicate(things[0])
        words = " ".join([t.lower_ for t in things[:-1]] + [predicate_words(thing)])
        mover = clause.subject
        who = who_of(clause) if mover is None or mover.pos_ in ("PRON", "PROPN") or child(
            mover, "poss") is not None else []  # (not a bare "vet", whose schedule is its own)
        subject = owner or (who[0] if who else "")
        if not subject or thing.pos_ == "PROPN" or is_pronoun(thing):
            return []  # ("vet moved miso to mon 16th": the vet's doing, not our schedule)
        span = value_span(when)
        return [make_fact(clause, subject, words, object_text(span), object_kind(span),
                      "schedule", 0.75, update=True)]  # "moved the standup to 9:30"
    if lemma not in ("start", "begin", "end", "happen", "expire", "renew", "finish"):
        return []  # ("my passport expires on 3 September", "our insurance renews in May")
    subj = clause.subject
    owner = child(subj, "poss") if subj is not None else None
    if subj is None or owner is None or not subject_of(owner) or is_kin(subj) \
            or subj.lower_ in LEX.pets or child(root, "dobj") is not None:
        return []  # "my little brother just started uni": a person starts, no schedule
    facts = []
    if subject_of(owner) == SPEAKER and any(t.ent_type_ == "TIME" or t.like_num and t.head.lower_
                                            == "at" for t in root.subtree):
        return []  # "my shift starts at 6": today's, most likely; "our standup" is a rule
    for prep in (c for c in root.children if c.dep_ in ("prep", "npadvmod")
                 and (c.lower_ in ("in", "on", "at") or c.ent_type_ in TIME_LABELS)):
        pobj = child(prep, "pobj") if prep.dep_ == "prep" else prep
        if pobj is not None:
            span = value_span(pobj) if prep.dep_ == "prep" else clause.doc[
                prep.left_edge.i:prep.right_edge.i + 1]
            event = DATED_EVENTS.get(lemma, lemma)  # "passport expiry", "lease end"
            facts.append(make_fact(clause, subject_of(owner),
                               f"{predicate_words(subj)} {event}", object_text(span),
                               object_kind(span), "schedule", 0.85, negated(root)))
    return facts


def verb_fact(clause: Clause) -> list[RawFact]:
    """A verb's facts in the present (or, for verbs that say a change, any tense): "I live
    in X", "X works at Y", "we use X for Y", "I prefer X", "call me X", "Team Falcon owns
    the billing service", "the service is owned by Team Falcon", "I don't like X"."""
    root = clause.root
    lemma = root.lemma_.lower()
    called_one = _pronoun_called(clause)
    if called_one:
        return called_one
    if root.dep_ == "conj" and root.head.lemma_ == "be" and clause.shared_subject and (
            root.lower_ in LEX.dispositions - LEX.partnering):  # "Ana is a nurse and
        # passionate about yoga": the "is" the adjective shares, which the parser took for a
        # verb
        return [f for w in who_of(clause) for f in disposition(clause, w, root, negated(root))]
    beaten = child(root, "dobj") if lemma == "beat" and root.tag_ == "VBZ" and \
        clause.subject is not None and \
        clause.subject.lower_ == "nothing" and not negated(root) else None
    if beaten is not None:  # "nothing beats a good bowl of ramen": liked above all
        return facts_of(clause, [SPEAKER], [("likes", beaten)], "preference", 0.7, False)
    if lemma == "call":
        me, name = child(root, "dobj"), child(root, "oprd", "xcomp", "attr")
        if me is not None and me.lower_ == "me" and name is not None:
            return [make_fact(clause, SPEAKER, "name", object_text(clause.doc[
                name.left_edge.i:name.right_edge.i + 1]), ObjectKind.string, "call_me", 0.9)]
        if name is not None or not _kept_up(root):
            return []  # "they call it the Shed"; "I call her every Sunday" is a routine
    if lemma == "have" and not any(c.dep_ in ("aux", "auxpass") and c.lemma_ not in (
            "have", "do") and not (c.lemma_ in ("can", "could") and negated(root))
            for c in root.children) or (  # ("I can't have dairy": a diet)
            lemma == "get" and root.lower_ == "got" and any(
            c.dep_ == "aux" and c.lemma_ == "have" for c in root.children)):
        return have_fact(clause)
    changed = role_change(clause)
    if changed:
        return changed  # "I got promoted to senior engineer", "I became a manager"
    if lemma in LEX.verbs_of_being and not negated(root):
        return _includes(clause)  # "our clients include Nike and Puma"
    if lemma in LEX.want_verbs:
        return wants(clause)
    aim = child(root, "xcomp")
    if lemma in ("study", "train") and aim is not None and aim.lemma_ in ("be", "become") \
            and child(aim, "attr") is not None and not negated(root) and plan_phrase(aim):
        # "I'm studying to be a dentist", "she's training to become a nurse": the aim
        return [make_fact(clause, w, "wants_to", plan_phrase(aim), ObjectKind.string, "plan",
                          0.7) for w in who_of(clause)]
    age = turned_age(root)
    if age:  # "she just turned four"; "my son turns 10 in May" is no age yet, the one
        # he is turning ("Dad is turning 60 in March", "nan turns 100 on saturday")
        if negated(root) or root.tag_ not in ("VBD", "VBZ", "VBG") or any(
                c.tag_ == "MD" for c in root.children):
            return []
        birthday = birthday_of(root) if root.tag_ != "VBD" else ""
        return [make_fact(clause, w, "age" if root.tag_ == "VBD" else "turning", age,
                          ObjectKind.number, "verb:turn", 0.8, update=True)
                for w in who_of(clause)] + [  # "dad turns 70 on the 5th of may": his birthday
            make_fact(clause, w, "birthday", birthday, ObjectKind.date, "verb:turn", 0.7)
            for w in who_of(clause) if birthday]
    tense = clause.tense or aspect(root)
    if not tense and not clause.subjects and root.tag_ == "VBG" and all(
            t.dep_ in ("advmod", "intj", "punct", "cc") for t in root.lefts):
        tense = "doing"  # "Still living in Portland": "I'm" dropped
    elif not tense and not clause.subjects and root.tag_ in ("VBN", "VBD") and dropped_i(root):
        tense = "did"  # "Switched to Linear last week": "I" dropped, a past
    elif not tense and root.tag_ == "VBN" and fronted_participle(root):
        tense = "did"  # "Raised in Ohio, Ana now lives in Denver": a past of hers
    if tense == "doing" and now_at_work(root):
        tense = "is"  # "he's teaching at a school in Apia now": where he works
    passive = any(c.dep_ == "auxpass" for c in root.children) or shared_passive(root)
    if passive and not tense and root.lower_ in LEX.states_of_life and any(
            c.dep_ == "aux" and c.lemma_ == "have" for c in root.children):
        tense = "is"  # "I've been married for ten years": married now
    is_negated = negated(root)
    particle = next((c.lower_ for c in root.children if c.dep_ == "prt"), "")
    if lemma in LEX.start_verbs | LEX.ending_verbs or (lemma, particle) in (
            ("give", "up"), ("take", "up")):
        return _started_or_stopped(clause, lemma not in LEX.start_verbs | {"take"})
    if lemma == "use" and root.tag_ == "VBD" and child(root, "xcomp") is not None:
        return _used_to(clause)
    into = prep_of(root, "into") if lemma == "move" and not negated(root) else None
    home = child(into, "pobj") if into is not None else None
    place = _home_place_of(home) if home is not None and _a_home(home) else home
    if place is not home and tense in ("did", "doing"):
        # "we finally moved into the new place in chorlton": where one lives now
        return facts_of(clause, who_of(clause), [("lives_in", place)], "verb:move", 0.75,
                        False, update=True)
    if lemma in LEX.leaving_verbs and tense == "did" and prep_of(root, "for") is not None \
            and replace_facts(clause):
        return replace_facts(clause)  # "we ditched Slack for Discord": a switch
    if lemma in LEX.leaving_verbs and tense == "did":
        return leaving_facts(clause)
    if lemma in SWITCH_VERBS and (_from_here(root) is not None or child(
            root, "dobj") is not None and prep_of(root, "to") is not None and (
            lemma == "move" or _own_slot(child(root, "dobj"))) or lemma == "move" and (
            prep_of(root, "out") is not None) or lemma == "switch" and _to_no_name(root)):
        return switch_facts(clause)  # "we moved our office to Leeds" too; "I switched to
        # day shifts": a change of habit, not a tool
    if lemma in LEX.replacing and tense == "did":
        return replace_facts(clause)
    place = home_place(root) if lemma in ("share", "rent", "own") and (tense == "is" or (
        tense == "doing" and lemma != "own" and not future_time(root))) else None  # ("I'm
    # renting a flat in Partick": lives there; not "renting a van next week")
    shared = lemma == "share" and tense == "is" and child(root, "dobj") is not None and (
        child(root, "dobj").lemma_.lower() in LEX.homes | {"bedroom"})
    if place is not None or shared:  # "I share a flat in Partick (with two students)":
        # lives there; "My roommate and I share a two bedroom": with the roommate
        mates = [("lives_with", o) for _, o in objects_of(root, ("with",))] + [
            ("lives_with", o) for p in [prep_of(child(root, "dobj"), "with")] if p is not None
            for o in with_conjuncts(child(p, "pobj")) if child(p, "pobj") is not None]
        sharers = with_conjuncts(clause.subjects[0]) if clause.subjects else []
        together = [] if mates or not any(t.lower_ in ("i", "me") for t in sharers) else [
            ("lives_with", t) for t in sharers if t.lower_ not in ("i", "me")]
        # ("my sister and I share a flat": the speaker lives with the sister)
        return facts_of(clause, who_of(clause), ([("lives_in", place)] if place is not None
                                                 else []) + mates, "verb:home", 0.75,
                        is_negated) + facts_of(clause, [SPEAKER], together, "verb:home",
                                               0.75, is_negated)
    table = LEX.verbs.get(f"{lemma} {particle}") or LEX.verbs.get(lemma)
    via = next((c for c in root.children if c.dep_ == "prep"
                and f"{lemma} {c.lower_}" in LEX.verbs), None)
    if table is None and via is not None:  # "I look after hiring": handles hiring
        table = (LEX.verbs[f"{lemma} {via.lower_}"][0], (via.lower_,))
    if table is not None and table[1] and child(root, "dobj") is not None and not is_time(
            child(root, "dobj")) and child(root, "dobj").lower_ not in LEX.time_nouns:
        table = None  # "we moved the standup to 9:30": not where anyone lives ("I work
        # nights at the hospital": the nights are when)
    if passive and got_aux(root) is None and any(c.dep_ == "auxpass" and c.tag_ == "VBD"
                                              for c in (root.head if shared_passive(root)
                                                        else root).children):
        tense = "did"  # "I was born in Izmir", "Corvane was founded in 2011"
    agent = child(root, "agent")
    if passive and not tense and agent is None and _holds_still(clause):
        tense = "is"  # "I've been obsessed with Fleetwood Mac since high school": a state
        # that holds still
    if passive and agent is not None:
        auxes = [c for c in root.children if c.dep_ in ("aux", "auxpass")]
        got = got_aux(root)
        if any(a.lower_ == "being" for a in auxes) and not any(a.tag_ == "MD" for a in auxes):
            tense = "doing"  # "the clutch is being fitted by Hallam's": under way
        elif any(a.lower_ == "been" for a in auxes) and any(a.lemma_ == "have" for a in auxes) \
                or got is not None and root.tag_ == "VBN" and got.tag_ == "VBD":
            tense = "did"  # "has been repaired by Mr Haddad", "got fixed by marek"
    if table is not None and table[0] == "is_from" and any(
            c.dep_ in ("prt", "advmod") and c.lower_ in ("back", "home") for c in root.children):
        table = None  # "my mum is coming back from Spain on Friday": a trip's end, not
        # where she is from ("my brother is coming down from glasgow": where he is)
    if (tense == "doing" or scheduled(root, tense)) and lemma in LEX.update_verbs \
            and table is not None and table[0] == "lives_in":
        return []  # "moving to Berlin next month", "we move up to Kumasi in October": a
        # move under way, not a home yet
    current = tense in ("is", "doing") or (tense == "did" and (
        lemma in LEX.update_verbs or lemma in LEX.past_facts
        or f"{lemma} {particle}" in LEX.past_facts))
    if lemma == "join" and tense == "doing" and not any(
            c.lower_ in ("now", "today") for c in root.children):
        return []  # "she's joining a startup": under way, no job there yet (an episode)
    if passive and agent is not None and tense in ("did", "doing") and lemma not in LEX.founding \
            and (table is None or table[1] and not objects_of(root, table[1])) \
            and not is_negated:  # ("raised by my gran", not "raised in Leeds")
        done = _done_to(clause, agent, tense)  # "Bruno was trained by Oskar's brother"
        if done:
            return done
    if passive and got_aux(root) is None and lemma != "get" and tense in ("is", "did") and (
            agent is None or tense != "is") and not (table is not None and table[1]):
        return _passive(clause, is_negated)  # "is based in Warsaw", "was founded by"
    if lemma == "refuse" and not is_negated:  # "he refuses to eat garlic"
        xcomp = child(root, "xcomp")
        if xcomp is not None and xcomp.lemma_.lower() in LEX.negatives:
            return facts_of(clause, who_of(clause), [(LEX.negatives[xcomp.lemma_.lower()], o)
                                                    for p, o in objects_of(xcomp) if not p],
                             "verb", 0.7, False)
    natural_negative = is_negated and lemma in LEX.negatives  # "I can't stand X"
    if natural_negative and (tense == "" and any(c.lower_ in ("wo", "will") for c in
                                                 root.children) or tense == "did"):
        tense = "is"  # "Kaja won't eat dry food", "I've never cared for thrillers"
    if lemma == "go" and tense == "is" and (root.tag_ in ("VBP", "VBZ") or clause.tense == "is"
                                            ) and not is_negated \
            and not any(c.tag_ == "MD" for c in root.children):
        # "i go to the climbing wall now", "she goes to a school in Leeds": where one goes,
        # a habit ("I go to bed at ten", "to work": idioms, no place)
        gone_to = [o for _, o in objects_of(root, ("to",)) if not _a_time(o)]
        if gone_to:
            return facts_of(clause, who_of(clause), [("goes_to", o) for o in gone_to],
                            "verb:go", 0.7, False)
        doing = _gone_doing(root)
        if doing is not None:
            # "I go swimming every Sunday", "weekends i mostly go running": a pastime
            return facts_of(clause, who_of(clause), [("does", doing)], "verb:go", 0.7, False)
    by_agent = passive and agent is not None and not (
        table is not None and table[1] and objects_of(root, table[1]))  # ("raised in Leeds")
    if table is None and (tense != "is" or lemma in LEX.not_habits and not natural_negative
                          and not by_agent
                          and not _does_activity(root) and not _kept_up(root)
                          and not _made_or_taken(root)):
        return []
    if table is not None and not current:
        return []  # "I worked at X": an episode (``activity``), not where they work now
    who = _passive_agent(clause) if by_agent else who_of(clause)
    if not who and by_agent:
        return _done_by(clause, agent, is_negated)  # "the cafe is run by two sisters"
    if not who:
        return []
    if table is not None:
        predicate, preps = table
        if predicate == "married_to" and (aspect(root) == "doing" or root.tag_ == "VBG"
                                          or future_time(root)):
            predicate = "engaged_to"  # "Hannah is marrying Tom in March": a wedding ahead
        if by_agent:  # "the service is owned by Team Falcon"
            thing = _passive_object(clause)
            # "search is looked after by Team Heron": the preposition is the verb's own;
            # "both the gateway and the limiter are owned by ...": each of them
            named = [(predicate, t) for t in with_conjuncts(thing)] if thing is not None and (
                not preps or via is not None) and not any(
                c.lower_ in ("neither", "nor") for c in thing.children) else []
            # ("neither Slack nor Trello is owned by ...": denied)
        else:
            hosts = [root] + [d for d in [child(root, "dobj")] if d is not None and (
                is_time(d) or d.lower_ in LEX.time_nouns)]  # "work nights at the hospital"
            named = [(predicate, o) for h in hosts for _, o in objects_of(h, preps) if not (
                lemma == "move" and o.ent_type_ in ("PERSON", "ORG", "PRODUCT", "WORK_OF_ART")
                and not _town_like(o)  # ("moved to Ashby", tagged a firm: a town)
                or lemma == "move" and o.lemma_.lower() in LEX.work_words  # ("to Monzo's
                # London team": a job)
                or lemma == "move" and o.lemma_.lower() in LEX.homes and _home_place_of(o) is o
                and not is_name(o))  # ("moved in to the new place": where, not said)
                and not (preps and _a_time(o))]  # "standup moved to 10:15": no place
            xcomp = child(root, "xcomp")
            if not named and xcomp is not None and predicate in PREFERENCES:
                named = [(predicate, o) for o in with_conjuncts(xcomp)]  # "I love hiking"
            if not named and preps:  # "born and raised in Lagos": the place said once
                named = [(predicate, o) for v in _sharing_verbs(root)
                         for _, o in objects_of(v, preps)]
        # "own a small coffee roastery in Cardiff called Kilnworth": Kilnworth is a small
        # coffee roastery, in Cardiff
        kinds = [make_fact(clause, name_span(name), predicate, text, kind, "identity", 0.7)
                 for _, o in named if o.pos_ == "NOUN" and not is_negated
                 for name in [called(o)] if name is not None
                 for predicate, text, kind in [
                     ("is_a", object_text(o.doc[o.left_edge.i:o.i + 1]), ObjectKind.string),
                     *(("is_in", name_span(town), ObjectKind.entity)
                       for town in [town_of(o)] if town is not None)]]
        named = [(p, called(o) or o) for p, o in named]  # "at a startup called Fernly"
        if lemma == "move":  # "we moved to a terraced house in Hastings": Hastings (not
            named = [(p, _home_place_of(o) if p == "lives_in" and prep_of(o, "near") is None
                      else o) for p, o in named]  # "our dacha near Barnaul": the dacha)
        if predicate == "grew_up_in" and not named:  # "grew up on a farm in Tuscany"
            named += [("grew_up_in", town) for _, o in objects_of(root, ("on", "at", "near"))
                      for town in [town_of(o)] if town is not None]
        if lemma == "live":  # "I live in Leicester with my wife": with whom, too
            named = [(p, _home_place_of(o) if p == "lives_in" else o) for p, o in named]
            # ("in a tiny flat in Brixton": Brixton)
            named += [("lives_with", given_name(o) or o)  # "with our cat Mochi": Mochi
                      for p, o in objects_of(root, ("with",))]
            if not any(p == "lives_in" for p, _ in named):  # "i live on a farm", not "on
                named += [("lives_in", o) for p, o in objects_of(root, ("on",))  # toast"
                          if o.lemma_.lower() in LEX.homes | LEX.dwellings_on]
            if not any(p == "lives_in" for p, _ in named):  # "near the beach in San Diego"
                named += [("lives_in", town) for _, o in objects_of(root, ("near", "by"))
                          for inside in [prep_of(o, "in")] if inside is not None
                          for town in [child(inside, "pobj")]
                          if town is not None and town.ent_type_ in ("GPE", "LOC")]
        if lemma == "work" and not _someone(child(root, "nsubj")):
            named = [(p, o) for p, o in named if o.lower_ not in ("me", "us", "you")]
            # "21st works for me", "that works for us": it suits, it employs no one
        if lemma in LEX.work_verbs and not passive:  # "I look after hiring at Kestrel"
            named += [("works_at", w) for _, o in list(named) if o.tag_ == "VBG"
                      for c in o.children for w in [workplace_of(c)] if w is not None]
        if lemma in ("play", "sing") and not passive:  # "I play drums in a metal band"
            named += [(f"{third_person(lemma)}_{p}", o)
                      for p, o in objects_of(root, ("in", "for"))
                      if o.lemma_.lower() in LEX.ensembles | LEX.teams or (
                          o.pos_ == "PROPN" and o.ent_type_ not in TIME_LABELS and (any(
                              c.dep_ == "dobj" and c.lemma_.lower() in LEX.instruments
                              for c in root.children) or (o.ent_type_ == "ORG" or child(
                                  o, "det") is not None) and o.lower_ not in places()))]
            # "bass in Los Trasnochados": a band; "for the Yankees", "in the NFL" (not
            # "tennis in Paris")
        if lemma == "study" and not passive:  # "I study law at King's": where, too
            studied = child(root, "dobj")  # (the "at" the parser may hang on what is studied:
            # a field, said with no article, at a school or a name)
            named += [("studies_at", o) for _, o in objects_of(root, ("at",))
                      if not _a_time(o) and o.lower_ not in LEX.not_workplaces - {
                          "uni", "school", "college"}]
            named += [("studies_at", o) for _, o in (objects_of(studied, ("at",)) if studied
                                                     is not None and child(studied, "det", "poss")
                                                     is None and studied.pos_ != "PRON" else [])
                      if is_name(o) or o.lemma_.lower() in LEX.study_places]
        if lemma == "work":  # "I work as a nurse", "works nights as an ER nurse"
            named += post_as(root) or [p for d in [child(root, "dobj")] if d is not None and (
                is_time(d) or d.lower_ in LEX.time_nouns) for p in post_as(d)]
            if root.tag_ in ("VBZ", "VBP") and not any(p == "works_at" for p, _ in named):
                # "Thiago works on the checkout API": what one's work is (as a habit, not
                # "working on my essay tonight")
                named += [("works_on", o) for _, o in objects_of(root, ("on",))
                          if _a_work(o)] if _someones(clause) else []
                # (someone's: "the app works on Android" is where it runs)
            where = prep_of(root, "from")
            if where is not None and child(where, "pobj") is not None and child(
                    where, "pobj").lower_ in LEX.homes and not any(
                    c.tag_ == "MD" for c in root.children):  # "Laurent works from home"
                # ("i can work from home" says what one may do)
                named.append(("works_from", child(where, "pobj")))
            elif where is not None and child(where, "pobj") is not None and child(
                    where, "pobj").ent_type_ in ("GPE", "LOC") and any(
                    c.lower_ in ("remotely", "remote") for c in root.children):
                # "Ines works remotely from Porto": where she lives
                named.append(("lives_in", child(where, "pobj")))
            town = town_of(root, *(o for p, o in named if p in ("works_at", "role")))
            if town is not None:  # "I work for Globex in Berlin", "I work in Berlin"
                named.append(("works_in", town))
            inside = prep_of(root, "in")
            place = child(inside, "pobj") if inside is not None else None
            if place is not None and place.pos_ == "NOUN" and not place.ent_type_ and any(
                    c.dep_ == "det" and c.lower_ in ("a", "an", "the") for c in place.children) \
                    and place.lemma_.lower() in LEX.workplaces and not any(
                    p == "works_at" for p, _ in named):
                # "i work in a grocery store": the shop one works at (not "in a team",
                # "in the evenings", "in marketing")
                named.append(("works_at", place))
            elif place is not None and _a_field(place) and town is None:
                named.append(("line_of_work", place))  # "my husband works in construction"
        if lemma in ("use", "switch"):
            named = _tool_for(root, named, lemma)
            instead = [o for c in root.children if c.dep_ == "prep" and (
                c.lower_ == "instead" and prep_of(c, "of") is not None or c.lower_ == "of"
                and any(a.lower_ == "instead" for a in c.children))
                for of in [prep_of(c, "of") if c.lower_ == "instead" else c]
                for o in [child(of, "pobj")] if o is not None]
            if instead and named and not is_negated:  # "we now use Asana instead of Trello"
                return facts_of(clause, who, named, f"verb:{lemma}", 0.85, False, update=True) \
                    + facts_of(clause, who, [("uses", o) for o in instead], f"verb:{lemma}",
                               0.8, False, retract=True)
        if lemma == "join":
            named = [("member_of" if object_kind(value_span(o)) != ObjectKind.entity
                      and (o.lemma_.lower() not in LEX.organisations
                           or o.lemma_.lower() in LEX.ensembles)
                      or o.lemma_.lower() in LEX.ensembles | LEX.teams else p, o)
                     for p, o in named]  # ("joined a startup called Loop": works there;
            # "joined the Bowls Club", "the Hallé Choir": a member)
            if any(p == "works_at" for p, _ in named):  # "joined Quill as a backend
                named += post_as(root)  # engineer" (not "the choir as a tenor")
            us = child(root, "dobj")
            if us is not None and us.lower_ == "us" and not is_negated and not (
                    clause.subject is not None and is_kin(clause.subject)) and not any(
                    c.dep_ == "prep" and c.lower_ not in ("from", "as") and not _a_time(
                        child(c, "pobj") or c) for c in root.children):
                # "Karim joined us from Google in 2021": he works where we do, when the
                # conversation knows where that is (not "joined us for lunch")
                return [make_fact(clause, w, "works_at", FIRM, ObjectKind.entity,
                                  "membership", 0.75, update=True) for w in who] + facts_of(
                    clause, who, post_as(root), "verb:join", 0.8, False)
        if root.tag_ in ("VBZ", "VBP") and child(root, "dobj") is not None:
            named += habit_times(root, third_person(lemma))  # "I play football every
            # Tuesday": plays_football_on
        if is_negated and lemma in LEX.negatives:
            # ("I can't bear hot yoga": what is borne, not where one was born)
            named = named or [("", o) for p, o in objects_of(root) if not p]
            named, is_negated = [(LEX.negatives[lemma], o) for _, o in named], False
        return facts_of(clause, who, named, f"verb:{lemma}", 0.85, is_negated,
                        update=lemma in LEX.update_verbs) + kinds
    # any other verb, read as itself: "manages", "runs", "teaches_at", "sleeps_on"
    words = "_".join([third_person(lemma)] + [c.lower_ for c in root.children
                                              if c.dep_ == "prt"])
    if passive:
        named = [(words, _passive_object(clause))] if _passive_object(clause) is not None \
            else []
    elif is_negated and lemma in LEX.negatives:  # "I don't eat meat": does_not_eat meat
        named = [(LEX.negatives[lemma], o) for p, o in objects_of(root)
                 if (not p or (lemma, p) == ("care", "for"))  # "never cared for thrillers"
                 and not _this_once(root, o)]
        is_negated = False
    else:
        # "I run design at Acme", "Noor teaches at Hillview": where someone works
        named = [("works_at" if p in ("at", "for") and lemma in LEX.work_verbs
                  and (o.ent_type_ == "ORG" or is_name(o) and o.ent_type_ not in (
                      "GPE", "LOC", "FAC", "PERSON", "DATE", "TIME"))
                  else "_".join([words, p]) if p else words, o)
                 for p, o in objects_of(root) if (lemma, o.lemma_.lower()) not in VERB_IDIOMS]
        activity = _gerund_object(root)
        if activity is not None:  # "I teach kayaking at an outdoor centre"
            named += [(words, activity)] + [(f"{words}_{p}", o) for p, o in objects_of(
                activity, ("at", "in", "for")) if not _a_time(o)]
        if _made_or_taken(root):  # "I take sugar in my tea": what is taken, not where
            named = [(p, o) for p, o in named if p == words]
        named += [(p, o) for p, o in habit_times(root, words)
                  if all(o != seen for _, seen in named)]
        if lemma in ("serve", "act", "freelance", "moonlight"):  # "Jane serves as our CFO",
            # "I freelance as a web developer"
            named += post_as(root)
    return facts_of(clause, who, named, "verb", 0.7, is_negated)


def post_as(verb: Any) -> list[tuple[str, Any]]:
    """The role an "as" gives: "work as a nurse", "serves as CFO", and the workplace said
    with it ("as a nurse at St James's hospital")."""
    post = prep_of(verb, "as")
    role = child(post, "pobj") if post is not None else None
    if role is None or role.lemma_.lower() in LEX.not_posts:
        return []  # ("work nights as a favour to my boss": why, not as what)
    # "I work as a nurse at St James's hospital": where, hung on the post
    return [("role", role)] + [("works_at", o) for prep, o in objects_of(role, ("at", "for"))
                               if not _a_time(o) and not is_kin(o) and o.ent_type_ not in (
                                   "PERSON", "LOC") and o.lemma_.lower() not in (
                                   LEX.children | LEX.people_served)
                               and (prep == "at" and not is_place_name(name_span(o))
                                    or o.ent_type_ != "GPE")]
    # (not "a carer for my mum", "a tutor for kids with dyslexia": whom, not where; "at
    # Zalando", a firm the tagger took for a place, but not "a guide for Peru")


def _pronoun_called(clause: Clause) -> list[RawFact]:
    """"She's called Miso", "he's named after his grandad" (no): the name of the one a
    pronoun means, whom the conversation resolves ("Zoe's kitten" -> Zoe ; kitten ;
    Miso)."""
    root = clause.root
    subj, name = child(root, "nsubjpass"), child(root, "oprd", "attr", "xcomp")
    if root.lemma_.lower() not in ("call", "name") or subj is None or name is None or \
            subj.lower_ not in ("he", "she") or not is_name(name) or negated(root):
        return []
    return [make_fact(clause, subject_of(subj), "name", name_span(name), ObjectKind.entity,
                      "called", 0.8)]


def scheduled(verb: Any, tense: str) -> bool:
    """A present said with a time once ("we move to Kumasi in October", "I fly out on
    the 3rd"): what is arranged, not a habit or a state."""
    return tense == "is" and verb.tag_ in PRESENT and any(
        (c.dep_ == "npadvmod" and c.ent_type_ in TIME_LABELS or c.dep_ == "prep" and c.lower_
         in ("in", "on") and child(c, "pobj") is not None and is_time(child(c, "pobj")))
        and not habitual_time(c) for c in verb.children)


def now_at_work(verb: Any) -> bool:
    """A verb of work in the progressive, at a place, now: "he's teaching at a school
    now", "she's nursing at the Royal currently" say where one works, as the present does
    (not "I'm teaching at a summer camp this week")."""
    return verb.tag_ == "VBG" and verb.lemma_.lower() in LEX.work_verbs and prep_of(
        verb, "at") is not None and any(c.dep_ == "advmod" and c.lower_ in LEX.nowadays
                                        for c in verb.children) and not any(
        c.ent_type_ in ("DATE", "TIME") for c in verb.children if c.dep_ in (
            "npadvmod", "advmod", "prep"))  # (not "still teaching at a camp this week")


WORK_KIN = {"boss", "manager", "colleague", "coworker"}  # relations that are roles, too


def role_change(clause: Clause) -> list[RawFact]:
    """A new role, said in the past: "I got promoted to senior engineer", "she was made
    an associate", "I became a manager", "I've taken over as tech lead" -> role (an
    update); not "I became friends with", nor a negated change."""
    root = clause.root
    lemma = root.lemma_.lower()
    particle = next((c.lower_ for c in root.children if c.dep_ == "prt"), "")
    if any(c.tag_ == "MD" for c in root.children):
        return []  # "I'll become a citizen next year": a plan, no new role yet
    if lemma == "promote":
        to = prep_of(root, "to")
        role = child(to, "pobj") if to is not None else None
        if to is None and root.i + 1 < len(root.doc) and root.nbor().lower_ == "to":
            role = child(root, "dobj")  # "I was promoted to head chef", the parser taking
            # "to head" for a verb's
    elif lemma in ("become", "make") and (lemma == "become" or any(
            c.dep_ in ("auxpass",) for c in root.children)):
        role = child(root, "attr", "oprd", "dobj") if lemma == "become" else child(
            root, "oprd", "attr", "dobj", "xcomp")
    elif (lemma, particle) == ("take", "over"):
        by = prep_of(root, "as")
        role = child(by, "pobj") if by is not None else None
    else:
        return []
    if lemma == "make" and role is not None and role.dep_ == "dobj" and (
            child(role, "det") is None or child(role, "det").lower_ not in ("a", "an")
            or role.lemma_.lower() in LEX.not_things | {"mistake"}):
        return []  # "the support I got made a huge difference": no post one was made
    if role is None or role.pos_ != "NOUN" or negated(root) or role.lower_ in LEX.life_stages \
            or role.lower_ in LEX.epithets or role.lemma_.lower() in LEX.kin - WORK_KIN \
            or role.tag_ == "NNS":
        return []  # "we became friends", "I became a dad": no role
    span = value_span(role)
    text = object_text(span).removeprefix("to ")  # ("to head chef", parsed as above)
    if text and " of " not in text:
        text += _of_what(role)  # "made head of sales": the post whole
    who = who_of(clause)
    return [make_fact(clause, w, "role", text, ObjectKind.string, "role", 0.7,
                      update=True) for w in who if text]


def _includes(clause: Clause) -> list[RawFact]:
    """"Our clients include Nike and Puma", "my hobbies include chess": the possessed
    noun's values, as "our clients are Nike and Puma" says."""
    subj, dobj = clause.subject, child(clause.root, "dobj")
    if subj is None or dobj is None or aspect(clause.root) != "is":
        return []
    owner, words = owner_and_predicate(subj)
    if not owner:
        return []
    return [make_fact(clause, owner, words, *thing, "possessive", 0.8)
            for o in with_conjuncts(dobj) for thing in [thing_of(o)] if thing]


def shared_passive(verb: Any) -> bool:
    """A participle coordinated with a passive, sharing its "was": "born and raised"."""
    return verb.dep_ == "conj" and verb.tag_ == "VBN" and not any(
        c.dep_ in ("aux", "auxpass", "nsubj", "nsubjpass") for c in verb.children) and any(
        c.dep_ == "auxpass" for c in verb.head.children)


def _does_activity(verb: Any) -> bool:
    """"I do yoga", "I do Pilates twice a week": "do" with a bare activity, a habit; "I do
    the accounts", "he does the front desk": a duty one has (not "I do it", "I do a lot",
    "I do the dishes": a chore, lexicon ``chores``)."""
    thing = child(verb, "dobj")
    det = child(thing, "det") if thing is not None else None
    duty = det is not None and det.lower_ == "the" and verb.tag_ in ("VBP", "VBZ") and not any(
        c.dep_ == "aux" for c in verb.children) and thing.lower_ not in (
        "same", "rest", "most", *LEX.chores)
    return verb.lemma_.lower() == "do" and thing is not None and (duty or child(
        thing, "det", "poss", "nummod") is None) and not is_pronoun(thing) and thing.pos_ in (
        "NOUN", "PROPN") and thing.lower_ not in LEX.idiom_objects | LEX.quantities


def _to_no_name(verb: Any) -> bool:
    """Whether the verb's "to" leads to something with no name ("switched to day
    shifts"; not "to Linear")."""
    to = prep_of(verb, "to")
    target = child(to, "pobj") if to is not None else None
    return target is not None and not is_name(target) and called(target) is None


def _a_field(noun: Any) -> bool:
    """A line of work said bare after "work in": "construction", "marketing", "IT" (not
    "in a team", "in shifts", "in the evenings", "in London")."""
    return noun.tag_ in ("NN", "NNP") and not noun.ent_type_ and child(
        noun, "det", "poss", "nummod") is None and not is_time(noun) and \
        noun.lower_ not in LEX.time_nouns


def _gone_doing(go: Any) -> Any | None:
    """The bare activity of "go swimming", "go running along the Thames" (not "go buying
    a car": an errand with its object)."""
    return next((c for c in go.children if c.dep_ in ("xcomp", "advcl", "dobj")
                 and c.tag_ == "VBG" and c.i == go.i + 1 and child(c, "dobj") is None), None)


def _gerund_object(verb: Any) -> Any | None:
    """"I teach kayaking", "she coaches swimming": the activity a gerund names, which the
    parser hangs on the verb as its complement, is the verb's object (not "I keep
    forgetting", "I hate people shouting", "teach them cooking")."""
    activity = child(verb, "xcomp")
    if activity is None or activity.tag_ != "VBG" or child(verb, "dobj") is not None \
            or verb.lemma_.lower() in LEX.start_verbs | LEX.ending_verbs | LEX.not_habits \
            | {"keep", "try", "avoid", "mind", "consider", "risk", "finish"}:
        return None
    if any(c.dep_ in ("nsubj", "aux", "dobj", "ccomp", "xcomp") for c in activity.children):
        return None
    return activity


def _this_once(verb: Any, thing: Any) -> bool:
    """"I can't eat another bite", "won't drink tonight", "can't eat dinner today": what is
    refused this once, not as a rule."""
    det = child(thing, "det")
    return det is not None and det.lower_ in ("another", "this", "that", "these", "those") \
        or any(c.dep_ == "npadvmod" and (c.ent_type_ in TIME_LABELS or c.lower_ in
                                          LEX.time_nouns) for c in verb.children)


def _made_or_taken(verb: Any) -> bool:
    """"We make apps for bakeries", "I make candles", "I take the bus everywhere", "I take
    insulin": "make" with things in the plural or a bare mass noun, and "take" with a way
    of getting about or a bare noun, say what one makes or takes as a rule. Not "I make
    sure", "I make a point of it", "I take it", "I take care", "I take a break", nor with
    a particle ("make up") or a clause after the object ("make it work")."""
    lemma = verb.lemma_.lower()
    thing = child(verb, "dobj")
    if lemma not in ("make", "take") or thing is None or is_pronoun(thing) or any(
            c.dep_ in ("prt", "ccomp", "xcomp", "oprd") and c.i > verb.i
            for c in verb.children) or thing.pos_ not in (
            "NOUN", "PROPN") or {thing.lemma_.lower(), thing.lower_} & (
            LEX.idiom_objects | LEX.quantities | LEX.habit_idioms):
        return False
    det = child(thing, "det", "poss", "nummod")
    if lemma == "take" and thing.lemma_.lower() in LEX.transport:
        return det is None or det.lower_ == "the"  # "the bus", not "a taxi" (one ride)
    return det is None and (thing.tag_ in ("NNS", "NNPS") or lemma == "take")


def _kept_up(verb: Any) -> bool:
    """A routine said with how often ("I go to the gym three times a week", "I see my
    therapist every Tuesday", "I call my mum on Sundays"): a habit of a verb that alone
    says none ("I go there", "I see")."""
    subject = child(verb, "nsubj")
    if verb.lemma_.lower() not in LEX.routine_verbs or subject is None or not (
            subject.pos_ in ("PRON", "PROPN") or is_kin(subject)) or child(verb, "prt") \
            is not None:  # ("we go out on sundays": no place, no one)
        return False  # a person's routine ("our newsletter goes out on Tuesdays" is none)
    for c in verb.subtree:
        if c.lower_ in ("twice", "weekly", "daily", "fortnightly", "monthly", "nightly"):
            return True
        if c.lower_ == "every" and c.head.i != verb.i:
            return True
        if c.lemma_.lower() in ("time", "week", "month", "day") and any(
                d.lower_ in ("a", "per") for d in c.subtree) and any(
                d.like_num or d.lower_ in ("once", "twice") for d in c.subtree):
            return True  # "three times a week", "once a month"
        if c.dep_ == "pobj" and c.head.lower_ == "on" and is_weekday(c) and c.lower_.endswith(
                "s"):
            return True  # "on Sundays"
    return False


def _sharing_verbs(verb: Any) -> list[Any]:
    """Verbs coordinated with this one that share its subject and have no object of
    their own: "born and raised in Lagos" ("raised" holds the place for both)."""
    return [c for c in verb.children if c.dep_ == "conj" and c.pos_ == "VERB"
            and not any(g.dep_ in ("nsubj", "nsubjpass", "dobj") for g in c.children)]


def habit_times(verb: Any, words: str) -> list[tuple[str, Any]]:
    """When a habit happens, as said by a verb in the present: "the pool opens at 6:30"
    (opens_at), "we train on Mondays" (trains_on), "I swim every morning" (swims), "we
    meet every Sunday" (meets_on: a day of the week); a verb with an object says what is
    done, not when ("I walk the dog every evening": walks the dog)."""
    found: list[tuple[str, Any]] = []
    thing = child(verb, "dobj")
    if verb.lemma_.lower() in LEX.routines:
        return found  # "she sleeps every night": what everyone does says no habit
    if thing is not None:  # "I play football every Tuesday": what is done on which day
        # (plays_football_on), not at what hour ("I walk the dog every evening")
        if thing.pos_ != "NOUN" or is_pronoun(thing):
            return found
        what = "_".join(object_text(value_span(thing)).lower().split())
        return [(f"{words}_{what}_on", c) for c in _weekdays_of(verb)]
    places = [child(p, "pobj") for p in verb.children if p.dep_ == "prep"]
    hung = [c for place in places if place is not None for c in place.children
            if c.dep_ == "prep" and c.lower_ == "on" and child(c, "pobj") is not None
            and is_weekday(child(c, "pobj"))]  # "i swim at the lido on saturdays": the day
    # the parser hung on the place
    for c in [*verb.children, *hung]:
        if c.dep_ == "prep" and c.lower_ in ("at", "on"):
            when = child(c, "pobj")
            if when is not None and (_a_time(when) if c.lower_ == "at" else is_weekday(when)):
                found += [(f"{words}_{c.lower_}", o) for o in with_conjuncts(when)]
                found += [(f"{words}_{c.lower_}", o) for o in verb.children  # "on mondays
                          if o.dep_ == "conj" and is_weekday(o)]  # and wednesdays"
        elif c.dep_ == "npadvmod" and any(d.dep_ == "det" and d.lower_ == "every"
                                          for d in c.children):
            found.append((f"{words}_on" if is_weekday(c) else words, c))
    return found


def _job_to_be(job: Any) -> str:
    """Where and as what a new job begun will be, when said with it ("I start a new job
    as a QA engineer at Ocado"): " at Ocado as QA engineer", or ''."""
    if job.lemma_.lower() not in ("job", "position", "role"):
        return ""
    heads = (job, job.head)
    post = next((p for h in heads for p in [prep_of(h, "as")] if p is not None), None)
    role = child(post, "pobj") if post is not None else None
    at = next((p for h in (*heads, role) if h is not None for p in [prep_of(h, "at")]
               if p is not None and child(p, "pobj") is not None), None)
    place = child(at, "pobj") if at is not None else None
    return (f" at {name_span(place)}" if place is not None and is_name(place) else "") + (
        f" as {object_text(role.doc[role.left_edge.i:role.i + 1])}" if role is not None
        and role.pos_ == "NOUN" and role.lemma_.lower() not in LEX.not_posts else "")


def _weekdays_of(verb: Any) -> list[Any]:
    """The days of the week a habit falls on: "every Tuesday", "on Tuesdays"."""
    found: list[Any] = []
    for c in verb.children:
        if c.dep_ != "npadvmod" or not any(d.dep_ == "det" and d.lower_ == "every"
                                            for d in c.children) or any(
                t.dep_ == "cc" for t in verb.doc[c.i + 1:verb.i]):
            continue  # (not "yep every tuesday, and I play tennis on sundays": an answer
            # to something else, joined on)
        if is_weekday(c):  # "every Tuesday and Thursday"
            found += [d for d in with_conjuncts(c) if is_weekday(d)]
        if any(m.dep_ == "compound" and is_weekday(m) for m in c.children):
            found.append(c)  # "every Sunday morning": the day named, the whole said
    return found + [
        o for h in (verb, child(verb, "dobj")) if h is not None for p in h.children
        if p.dep_ == "prep" and p.lower_ == "on"
        for o in [child(p, "pobj")] if o is not None and is_weekday(o)
        and o.tag_ in ("NNS", "NNPS")]


def is_weekday(token: Any) -> bool:
    return token.lower_ in LEX.weekdays


# what says a state said with "have been" no longer holds, or held on and off: "I've been
# obsessed with it but not anymore", "based in Leeds until recently", "diagnosed with covid
# twice", "obsessed with this report all day"
HELD_NO_LONGER = {"until", "till", "anymore", "twice", "over", "all", "again",
                  "previously", "before"}


def _holds_still(clause: Clause) -> bool:
    """A lasting state said with "have been" (lexicon ``lasting_states``): "I've been
    obsessed with bouldering for years", "I've been diagnosed with asthma". Not "I'd been"
    or "had been", not one said to have ended or come and gone (``HELD_NO_LONGER``), not
    a particle's ("hooked up to an IV"), nor a task's ("obsessed with finishing this
    report")."""
    root = clause.root
    auxes = [c for c in root.children if c.dep_ in ("aux", "auxpass")]
    return root.lower_ in LEX.lasting_states and any(
        a.dep_ == "auxpass" and a.lower_ == "been" for a in auxes) and any(
        a.lemma_ == "have" and a.tag_ != "VBD" for a in auxes) and not any(
        a.tag_ == "MD" for a in auxes) and not (
        {t.lower_ for t in clause.sent} & HELD_NO_LONGER or child(root, "prt") is not None
        or any(c.tag_ == "VBG" and child(c, "dobj") is not None
               for p in root.children if p.dep_ == "prep" for c in p.children))


def _someones(clause: Clause) -> bool:
    """Whether every subject of the clause is someone: a person's pronoun, a name or a
    relative (not "the app")."""
    return all(t.lower_ in ("i", "we", "he", "she", "they") or is_name(t) or is_kin(t)
               for s in clause.subjects for t in [s, *co_subjects(s)])


def _a_work(thing: Any) -> bool:
    """What one "works on" as one's work: a definite or named thing ("the checkout API",
    "Project Falcon"), not a pronoun, a time, a team, a place, a shift or a machine
    (lexicon ``not_worked_on``), nor "a farm"."""
    det = child(thing, "det", "poss")
    return not is_pronoun(thing) and not _a_time(thing) and thing.lemma_.lower() not in (
        LEX.time_nouns | LEX.teams | LEX.not_worked_on) and thing.lower_ not in (
        LEX.not_worked_on) and (det is not None and det.lower_ not in ("a", "an")
                                or thing.pos_ == "PROPN") and thing.ent_type_ not in (
        "GPE", "LOC", "FAC") and not is_place_name(name_span(thing))


def _a_time(token: Any) -> bool:
    return token.ent_type_ in TIME_LABELS or token.like_num or ":" in token.text


def _when(token: Any) -> bool:
    """A time a doing is placed at: "on weekends", "in the evenings"."""
    return _a_time(token) or is_time(token) or token.lower_ in LEX.time_nouns | {
        "weekend", "weekends", "evenings", "mornings", "nights"}


def _passive(clause: Clause, is_negated: bool) -> list[RawFact]:
    """A passive read as said: "Joanna is based in Warsaw" -> based_in, "Corvane was
    founded in 2011 by two pilots" -> founded_in 2011, founded_by two pilots, "I'm
    obsessed with kayaking" -> obsessed_with (dates count here: when it was built)."""
    root = clause.root
    if root.lower_ in LEX.moods or root.lemma_.lower() == "be":
        return []  # "I'm stressed about the exam", "stuck in traffic": the moment's; "he's
        # been on at me to leave" (the parser's passive of "be") is no passive
    who = who_of(clause)
    with_kids = [o for p, o in objects_of(root, ("with",)) if o.lemma_.lower() in
                 LEX.children] if root.lower_ in LEX.states_of_life else []
    if root.lower_ in LEX.states_of_life and not any(
            c.dep_ == "auxpass" and c.tag_ == "VBD" for c in root.children) and (
            with_kids or not any(
            c.dep_ in ("prep", "agent") and not how_long(c) for c in root.children)):
        # "I'm retired now", "married with two kids": married, and has the kids
        pair = pair_of(clause, clause.subject) if clause.subject is not None else None
        if root.lower_ in LEX.partnering and pair is not None and not with_kids:
            # "Maya and Tom are married": to each other (not "married to sisters")
            return [make_fact(clause, pair[0], f"{root.lower_}_to", pair[1], ObjectKind.entity,
                              "identity", 0.75, is_negated)]
        return [make_fact(clause, w, "is_a", root.lower_, ObjectKind.string, "identity", 0.7,
                          is_negated) for w in who] + facts_of(
            clause, who, [("has_child", o) for o in with_kids], "identity", 0.7, is_negated)
    facts: list[RawFact] = []
    particle = next((c.lower_ for c in root.children if c.dep_ == "prt"), "")
    if (root.lemma_.lower(), particle) in LET_GO:
        return []  # "laid off from Fernwell": a job ended (``jobs``)
    for prep in (c for c in root.children if c.dep_ in ("prep", "agent")):
        pobj = child(prep, "pobj", "pcomp")
        if pobj is None or pobj.lower_ in LEX.prep_idioms or unresolved(pobj) or (
                prep.lower_ == "as" and pobj.lemma_.lower() in LEX.life_stages) or (
                prep.lower_ in ("since", "until", "till") or how_long(prep)
                or prep.lower_ == "for" and pobj.lower_ in ("long", "ages", "forever", "while")):
            # ("obsessed with it since high school": since when, no thing)
            continue  # "diagnosed with asthma as a kid": when, not as what
        predicate = "_".join(w for w in (root.lower_, particle, prep.lower_) if w)
        for obj in with_conjuncts(pobj):
            if obj.ent_type_ in TIME_LABELS:
                span = obj.doc[obj.left_edge.i:obj.right_edge.i + 1]
                if not any(t.like_num for t in span):
                    continue  # "diagnosed in March": when it happened; "founded in 2011" stays
                thing: tuple[str, ObjectKind] | None = (object_text(span), object_kind(span))
            else:
                thing = thing_of(obj)
            if thing and thing[0]:
                facts += [make_fact(clause, w, predicate, *thing, "passive", 0.7, is_negated)
                          for w in who]
    return facts


def _done_to(clause: Clause, agent: Any, tense: str) -> list[RawFact]:
    """A thing done once, said in the passive with its doer named: "Bruno was trained by
    Oskar's brother" -> Oskar's brother did_train Bruno, "the lathe was given to me by
    Frank" -> Frank did_give lathe (founding keeps its own shape: founded_by)."""
    subj = clause.subject
    doers = _passive_agent(clause)
    if subj is None or not doers:
        return []
    if subj.lower_ in LEX.pronouns:  # "I was raised by my gran", "she was rescued by the
        # RSPCA": the one it was done to, whom the pipeline resolves
        marker = subject_of(subj)
        thing = (marker, ObjectKind.entity) if marker and marker != ORG else None
    else:
        of = prep_of(subj, "of") if subj.lower_ in SHARES else None
        if of is not None and child(of, "pobj") is not None:
            subj = child(of, "pobj")  # "most of my tools were left to me by him": the tools
        thing = (name_span(subj), ObjectKind.entity) if is_name(subj) else thing_of(subj)
    if not thing or not thing[0]:
        return []
    predicate = (DOING_PREFIX if tense == "doing" else EVENT_PREFIX) + clause.root.lemma_.lower()
    return [make_fact(clause, d, predicate, *thing, "passive", 0.65) for d in doers]


def _done_by(clause: Clause, agent: Any, is_negated: bool) -> list[RawFact]:
    """A passive whose doer has no name ("our cafe is run by two sisters from Galway"):
    said of what it is done to, ``run_by`` the doers as written."""
    by = child(agent, "pobj")
    subj = clause.subject
    owner = subject_of(subj) if subj is not None and not is_pronoun(subj) else ""
    if by is None or not owner or is_pronoun(by) or unresolved(by):
        return []
    span = by.doc[by.left_edge.i:by.right_edge.i + 1]
    value = object_text(span)
    return [make_fact(clause, owner, f"{clause.root.lower_}_by", value, object_kind(span),
                      "passive", 0.7, is_negated)] if value else []


def _passive_agent(clause: Clause) -> list[str]:
    """"The billing service is owned by Team Falcon": Team Falcon owns it."""
    by = child(clause.root, "agent")
    agent = child(by, "pobj") if by is not None else None
    if agent is None:
        return []
    named = [called(t) or _named_beside(t) for t in with_conjuncts(agent)]
    return [w for w in (name_span(n) if n is not None else subject_of(t) for t, n in zip(
        with_conjuncts(agent), named, strict=True)) if w]  # ("a firm called Stride", "a
    # retired opera singer, Mrs Adebayo")


def _named_beside(noun: Any) -> Any | None:
    """The name set beside a described doer: "a retired opera singer, Mrs Adebayo"."""
    return next((c for c in noun.children if c.dep_ == "appos" and c.i > noun.i and (
        is_name(c) or c.ent_type_ == "PERSON" or any(
            t.dep_ == "compound" and t.lower_.rstrip(".") in TITLES for t in c.children))),
        None)


TITLES = {"mr", "mrs", "ms", "miss", "dr", "prof", "sir", "dame"}  # "mrs adebayo": a name


def _passive_object(clause: Clause) -> Any | None:
    subj = clause.subject
    return subj if subj is not None and not is_pronoun(subj) else None


def _tool_for(root: Any, named: list[tuple[str, Any]], lemma: str) -> list[tuple[str, Any]]:
    """"we use X for Y" / "we switched to X for Y": the tool for Y, each object its own
    purpose ("Notion for docs and Slack for chat"), or the one they share ("Figma and
    Miro for design")."""
    out = []
    for predicate, obj in named:
        purpose = _purpose_of(root, obj, named[0][1])
        target = child(purpose, "pobj") if purpose is not None else None
        if target is not None and not (target.lemma_.lower() in LEX.durations
                                       or target.ent_type_ in ("DATE", "TIME")
                                       or target.pos_ == "PRON"):  # ("for everything else")
            # "for dashboards" -> "dashboard tool" (not "for years": how long)
            mods = [c.lower_ for c in target.children if c.dep_ in ("compound", "amod")]
            predicate = " ".join([*mods, target.lemma_.lower(), "tool"])
        out.append((predicate, obj))
    return out


def _purpose_of(root: Any, obj: Any, first: Any) -> Any | None:
    """The "for" a tool is used for: its own, the verb's after it, or the one shared."""
    own = prep_of(obj, "for")
    if own is not None:
        return own
    later = [c for c in root.children if c.dep_ == "prep" and c.lower_ == "for"
             and c.i > obj.i]
    if later:
        return later[0]
    return prep_of(root, "for") or next(
        (prep_of(o, "for") for o in with_conjuncts(first) if prep_of(o, "for") is not None),
        None)


SWITCH_VERBS = ("switch", "move", "migrate", "change")


def _own_slot(thing: Any) -> bool:
    """"our CRM", "my editor": a tool of one's own whose value a switch changes."""
    poss = child(thing, "poss")
    return poss is not None and poss.lower_ in ("our", "my")


def switch_facts(clause: Clause) -> list[RawFact]:
    """"We switched from Jira to Linear": uses Linear, an update, and no longer Jira;
    "I moved to York from Leeds": lives in York, no longer in Leeds; "moved here from
    Vancouver": moved from Vancouver."""
    root = clause.root
    source, target = _from_here(root), prep_of(root, "to")
    slot = child(root, "dobj")
    if source is None and slot is not None:  # "moved bookings from the paper diary to
        source = prep_of(slot, "from")  # GarageHive": the parser hung "from" on the thing
    old = child(source, "pobj") if source is not None else None
    out = prep_of(root, "out")
    out_of = prep_of(out, "of") if out is not None else None
    left = child(out_of, "pobj") if out_of is not None else None
    if root.lemma_.lower() == "move" and left is not None and left.ent_type_ in (
            "GPE", "LOC") and target is None and old is None and not negated(root) \
            and (clause.tense or aspect(root)) == "did":
        # "we moved out of London in 2020": home no longer there
        return facts_of(clause, who_of(clause), [("lives_in", left)], "verb:move", 0.75,
                        False, retract=True)
    if target is None and old is not None:  # "from CircleCI to GitHub Actions", hung on
        target = prep_of(old, "to") or prep_of(source, "to")  # the first, or its "from"
    new = child(target, "pobj") if target is not None else None
    who = who_of(clause)  # "we switched our CI from X to Y": our own tool, changed
    owned = slot is not None and child(slot, "poss") is not None and child(
        slot, "poss").lower_ in ("our", "my")
    if owned and root.lemma_.lower() == "move" and new is not None:
        return _moved_thing(clause, slot, new, old)  # "we moved our head office to Msasa"
    if slot is not None and not owned and new is not None and old is not None and who \
            and _a_setting(slot) and not negated(root) and (
            root.lemma_.lower() != "move" or is_name(new) or new.ent_type_ in ("GPE", "LOC")):
        # "we switched the newsletter from paper to a WhatsApp group", "we've moved online
        # booking from our old portal to the NHS App": the thing's new way, not the old
        words = predicate_words(slot)
        return facts_of(clause, who, [(words, new)], f"verb:{root.lemma_.lower()}", 0.75,
                        False, update=True) + facts_of(
            clause, who, [(words, old)], f"verb:{root.lemma_.lower()}", 0.7, False,
            retract=True)
    if not who or slot is not None and not (owned and root.lemma_.lower() != "move"):
        return []
    places = ("GPE", "LOC", "FAC")
    if root.lemma_.lower() == "move" and ((clause.tense or aspect(root)) == "doing"
                                          or root.tag_ == "VBG"):
        return []  # "I'm moving to Bristol": under way, no home yet (an episode)
    if root.lemma_.lower() == "move" and (new is not None and new.ent_type_ in places
                                          or old is not None and old.ent_type_ in places):
        facts = facts_of(clause, who, [("lives_in", _home_place_of(new))], "verb:move",
                         0.85, negated(root), update=True) if new is not None else []
        if old is not None and old.ent_type_ in places and not negated(root):
            # to somewhere: the home changed, like a switch; from only: where one came from
            facts += facts_of(clause, who, [("lives_in" if facts else "moved_from", o)
                                            for o in with_conjuncts(old)], "verb:move", 0.8,
                              False, retract=bool(facts))
        return facts
    if new is None:
        return []
    if new is not None and called(new) is not None:
        new = called(new)  # "to an app called Runtogether": the app, by its name
    if not is_name(new) and root.lemma_.lower() == "switch" and (
            (clause.tense or aspect(root)) == "did" or root.tag_ in ("VBD", "VBN")):
        # "I've switched from black tea to rooibos", "switched to computer science": a
        # change of habit or course, said as what it is (a tool is named: "to Linear")
        return facts_of(clause, who, [(f"{EVENT_PREFIX}switch_to", o) for o in with_conjuncts(
            new)] + [(f"{EVENT_PREFIX}switch_from", o) for o in (
                with_conjuncts(old) if old is not None else [])], "verb:switch", 0.7,
            negated(root))
    facts = facts_of(clause, who, [("uses", o) for o in with_conjuncts(new)], "verb:switch",
                      0.8, negated(root), update=True)
    if old is not None and facts:
        facts += facts_of(clause, who, [("uses", o) for o in with_conjuncts(old)],
                           "verb:switch", 0.8, negated(root), retract=True)
    return facts


def _town_like(name: Any) -> bool:
    """A one-word name one moves to that the tagger took for an organisation or a person
    ("we moved to Ashby in the summer"): a town, in a sentence that says nothing of work
    ("I moved to Monzo, better pay" is a job)."""
    return name.pos_ == "PROPN" and name.ent_type_ in ("ORG", "PERSON", "") and not any(
        c.dep_ in ("compound", "amod", "det", "poss") for c in name.children) and not any(
        t.lemma_.lower() in LEX.work_words for t in name.sent)


def _a_setting(thing: Any) -> bool:
    """An unpossessed thing of one's own a switch changes: "the newsletter", "online
    booking" (not "my desk", "it", "them", "a chair")."""
    det = child(thing, "det")
    return thing.pos_ == "NOUN" and child(thing, "poss") is None and (
        det is None or det.lower_ == "the") and thing.lower_ not in LEX.not_things


def _moved_thing(clause: Clause, thing: Any, new: Any, old: Any | None) -> list[RawFact]:
    """"Last month we moved our head office from Avondale to Msasa": the office is now in
    Msasa, no longer in Avondale; "we moved our docs from Confluence to Notion": the docs
    are in Notion now, a named tool, no longer in Confluence (places and names only: "moved
    my desk to the corner" is none)."""
    places = ("GPE", "LOC", "FAC")
    owner, words = owner_and_predicate(thing)
    named = new.ent_type_ in places or is_name(new)
    if not owner or not named or negated(clause.root):
        return []
    facts = [make_fact(clause, owner, words, name_span(new), ObjectKind.entity, "verb:move",
                       0.75, update=True)]
    if old is not None and (old.ent_type_ in places or is_name(old)):
        facts.append(make_fact(clause, owner, words, name_span(old), ObjectKind.entity,
                               "verb:move", 0.7, retract=True))
    elif old is not None and (was := thing_of(old)) is not None:  # "from a paper diary to
        # Jobsheet": the old way, said as what it was
        facts.append(make_fact(clause, owner, words, *was, "verb:move", 0.7, retract=True))
    return facts


def replace_facts(clause: Clause) -> list[RawFact]:
    """"We replaced Jira with Linear", "I swapped Notion for Obsidian": uses the new one
    (an update) and no longer the old, as "switched from Jira to Linear" says; names
    only (not "we replaced the boiler with a heat pump")."""
    root = clause.root
    old = child(root, "dobj")
    by = prep_of(root, "with", "for", "by") or (prep_of(old, "with", "for", "by")
                                                 if old is not None else None)
    new = child(by, "pobj") if by is not None else None
    who = who_of(clause)
    if old is None or new is None or not who or not (is_name(old) and is_name(new)) \
            or negated(root) or new.ent_type_ == "PERSON" or prep_of(root, "as") is not None \
            or old.ent_type_ == "PERSON" and new.ent_type_ not in ("ORG", "PRODUCT"):
        return []  # "we replaced Tom with Ana (as team lead)": people, not tools
    facts = facts_of(clause, who, [("uses", o) for o in with_conjuncts(new)],
                     f"verb:{root.lemma_.lower()}", 0.75, False, update=True)
    return facts + facts_of(clause, who, [("uses", o) for o in with_conjuncts(old)],
                            f"verb:{root.lemma_.lower()}", 0.75, False, retract=True)


def _home_place_of(noun: Any) -> Any:
    """The named place of a home ("a terraced house in Hastings": Hastings; "a 2 bed in
    Walthamstow"; "moved to a flat in Stockholm", the "in" hung on the verb), or the
    noun."""
    if not _a_home(noun):
        return noun
    verb = noun.head.head if noun.dep_ == "pobj" else None
    prep = prep_of(noun, "in", "near") or (prep_of(verb, "in") if verb is not None and (
        verb.pos_ == "VERB") else None)
    place = child(prep, "pobj") if prep is not None else None
    return place if place is not None and (place.ent_type_ in ("GPE", "LOC") or (
        place.pos_ == "PROPN" and is_place_name(name_span(place)))) else noun


def _a_home(noun: Any) -> bool:
    """A home: "a flat", "the house", "a 2 bed" (a count of bedrooms said for the home)."""
    return noun.lemma_.lower() in LEX.homes or noun.lower_ in ("bed", "bedroom", "bedder") \
        and any(c.dep_ == "nummod" for c in noun.children)


def _from_here(verb: Any) -> Any | None:
    """The verb's "from", or the one hung on its "here", "back" or "over" ("moved here
    from Vancouver") or on where it went to ("moved to Leeds from Bristol")."""
    to = prep_of(verb, "to")
    hosts = [c for c in verb.children if c.dep_ == "advmod" and c.lower_ in (
        "here", "there", "back", "over", "out", "away")] + (
        [child(to, "pobj")] if to is not None and child(to, "pobj") is not None else [])
    return prep_of(verb, "from") or next(
        (prep_of(h, "from") for h in hosts if prep_of(h, "from") is not None), None)


def _used_to(clause: Clause) -> list[RawFact]:
    """"I used to play five-a-side": plays five-a-side, no longer."""
    xcomp = child(clause.root, "xcomp")
    if xcomp is None or xcomp.pos_ not in ("VERB", "AUX"):
        return []
    inner = Clause(xcomp, clause.subjects, clause.sent, True, tense="is")
    if xcomp.lemma_ == "be":
        return _used_to_be(clause, xcomp)
    read = have_fact if xcomp.lemma_ == "have" else verb_fact  # "I used to have a dog"
    facts = [replace(f, retract=True, update=False) for f in read(inner) if not f.negated]
    doing = child(xcomp, "xcomp", "dobj")
    if not facts and xcomp.lemma_ == "go" and doing is not None and (
            doing.tag_ == "VBG" or doing.lower_.endswith("ing") and doing.pos_ == "NOUN"):
        # "I used to go horseback riding with my dad": a pastime, no longer
        words = [t.lower_ for t in doing.lefts if t.dep_ in ("compound", "npadvmod", "amod")
                 and t.i == doing.i - 1] + [doing.lower_]
        return [make_fact(clause, w, "does", " ".join(words), ObjectKind.string, "used_to",
                          0.6, retract=True) for w in who_of(clause)]
    if not facts and _pastime(xcomp):  # "i used to smoke", "I used to run a lot"
        return [make_fact(clause, w, "does", gerund(xcomp.lemma_.lower()), ObjectKind.string,
                          "used_to", 0.6, retract=True) for w in who_of(clause)]
    return facts


GREETINGS = ("hi", "hiya", "hello", "hey", "heya", "greetings", "morning", "evening",
             "afternoon", "night", "howdy", "hola")


def greeted_from(clause: Clause) -> list[RawFact]:
    """A greeting sent from a place ("hiya from drumcondra", "Good morning from Accra!"):
    where the speaker is now."""
    root = clause.root
    origin = prep_of(root, "from")
    where = child(origin, "pobj") if origin is not None else None
    if root.dep_ != "ROOT" or root.lower_ not in GREETINGS or where is None \
            or not is_name(where) or where.ent_type_ in ("PERSON", "DATE", "TIME"):
        return []
    return [make_fact(clause, SPEAKER, "is_in", name_span(where), ObjectKind.entity,
                      "greeting", 0.6)]


def given_up(clause: Clause) -> list[RawFact]:
    """A pastime said to have ended, with nothing after its verb ("I no longer smoke",
    "i dont drink anymore" has its object and is read elsewhere): does <it>, which the
    clause's ending makes a retraction. Nothing for a verb that has not ended."""
    root = clause.root
    if not ends(root) or not negated(root) or root.tag_ not in ("VB", "VBP", "VBZ") \
            or not _pastime(root):
        return []
    return [make_fact(clause, w, "does", gerund(root.lemma_.lower()), ObjectKind.string,
                      "ending", 0.6, True) for w in who_of(clause)]


def _pastime(verb: Any) -> bool:
    """A verb done for its own sake, said with no object, place or clause of its own
    ("smoke", "surf", "run a lot"; not "work", "go", "think", "live there")."""
    return verb.pos_ == "VERB" and verb.lemma_.lower() not in LEX.light_verbs | LEX.not_pastimes \
        and not any(c.dep_ in ("dobj", "prep", "xcomp", "ccomp", "advcl", "prt", "attr",
                               "acomp", "dative") or c.dep_ == "advmod" and c.lower_ in (
                                   "there", "here", "home", "back", "away", "out")
                    for c in verb.children)


def _used_to_be(clause: Clause, be: Any) -> list[RawFact]:
    """"I used to be a teacher", "our treasurer, who used to be an accountant": what
    someone was (``was_a``, as "my mum was a teacher" says); "Wen, who used to be at
    Lattix": worked there, no longer; anything else it was, no longer ("I used to be
    vegan")."""
    attr, at = child(be, "attr"), prep_of(be, "at")
    workplace = child(at, "pobj") if at is not None else None
    if attr is not None and attr.pos_ == "NOUN" and child(attr, "poss") is None \
            and attr.lower_ not in LEX.life_stages:
        return facts_of(clause, who_of(clause), [("was_a", attr)], "used_to", 0.65, False)
    if attr is None and workplace is not None and is_name(workplace) \
            and workplace.ent_type_ not in ("GPE", "LOC"):
        return facts_of(clause, who_of(clause), [("works_at", workplace)], "used_to", 0.65,
                        False, retract=True)
    inner = Clause(be, clause.subjects, clause.sent, True, tense="is")
    return [replace(f, retract=True, update=False) for f in copular(inner) if not f.negated]


def leaving_facts(clause: Clause) -> list[RawFact]:
    """"Joanna left Brightloom", "I resigned from Globex": no longer works there; "I left
    London": no longer lives there; "we retired Jenkins": no longer uses it."""
    root = clause.root
    lemma = root.lemma_.lower()
    who = who_of(clause)
    left = with_conjuncts(child(root, "dobj")) if child(root, "dobj") is not None else []
    origin = prep_of(root, "from")  # "resigned from Globex", "retired from the railway"
    if origin is not None and child(origin, "pobj") is not None and lemma in LEX.resigning:
        left += with_conjuncts(child(origin, "pobj"))
    facts = []
    for obj in left:
        at = prep_of(obj, "at", "with") or prep_of(root, "at", "with")
        place = child(at, "pobj") if at is not None else None
        if obj.lemma_.lower() in ("job", "position", "role") and place is not None:
            # "I left my job at the council": no longer works there
            facts += facts_of(clause, who, [("works_at", place)], f"verb:{lemma}", 0.75,
                              negated(root), retract=True)
            continue
        if obj.lemma_.lower() in ("company", "firm", "business", "organisation",
                                  "organization") and any(
                c.lower_ in ("the", "our") for c in obj.children) \
                and lemma in LEX.leaving_verbs | LEX.resigning and not negated(root):
            # "Marcus left the company in June": no longer works where "we" do
            facts += [make_fact(clause, w, "works_at", ORG, ObjectKind.entity,
                                f"verb:{lemma}", 0.7, retract=True) for w in who]
            continue
        predicate = what_was_left(clause, obj)
        if predicate:
            facts += facts_of(clause, who, [(predicate, obj)], f"verb:{lemma}", 0.7,
                              negated(clause.root), retract=True)
    return facts


def what_was_left(clause: Clause, obj: Any) -> str:
    """What leaving ``obj`` ends: a home ("I left London"), a job (a name a person leaves
    or quits, "I quit Globex"; what one resigns or retires from, "retired from the
    railway"), or a tool (what "we" quit or retire, "we retired Jenkins", or a name
    quit beside using another, "I quit Vim and started using VS Code"); '' for a person
    left and for what is no name."""
    lemma = clause.root.lemma_.lower()
    if obj.head.dep_ == "prep" and obj.head.lower_ == "from":
        return "works_at" if lemma in LEX.resigning else ""
    if obj.ent_type_ == "PERSON" and lemma == "leave" or not is_name(obj):
        return ""  # "I left Tom": no job, no tool (one quits or retires tools)
    if lemma == "leave" and obj.ent_type_ in ("GPE", "LOC"):
        return "lives_in"
    subject = clause.subject
    tools = any(t.lemma_.lower() in LEX.tool_verbs for t in clause.sent if t != clause.root)
    if lemma in ("leave", "quit") and not tools and (
            subject is None or subject.lower_ not in ("we", "us")):
        return "works_at"  # a name one leaves, not a place: an organisation
    return "uses" if lemma != "leave" else ""


def _started_or_stopped(clause: Clause, stopped: bool) -> list[RawFact]:
    """"I started using VS Code": uses VS Code, an update; "we stopped using Slack",
    "I quit my job at Initech": no longer."""
    root = clause.root
    doing = child(root, "xcomp")
    if doing is None:
        dobj = child(root, "dobj")
        doing = dobj if dobj is not None and dobj.tag_ == "VBG" else None
    if doing is not None and doing.pos_ == "VERB":
        inner = Clause(doing, clause.subjects, clause.sent, True, tense="is")
        habitual = doing.lemma_.lower() in LEX.pastimes | LEX.begun_habits
        only_when = doing.tag_ == "VBG" and habitual and child(doing, "prep") is not None and all(
            c.dep_ == "prep" and _when(child(c, "pobj") or c) for c in doing.children
            if c.dep_ in ("dobj", "xcomp", "ccomp", "prep", "prt"))  # "started climbing on
        # weekends": a pastime begun, and when (not "started working on weekends")
        if only_when and stopped:
            return []  # ("stopped running on weekends": runs still, on other days)
        facts = [] if only_when else [f for f in verb_fact(inner) if not f.negated]
        if not facts and doing.tag_ == "VBG" and not negated(root) and (
                doing.lemma_.lower() not in LEX.momentary) and not any(
                c.dep_ in ("dobj", "xcomp", "ccomp") or c.dep_ == "prep" and not (
                    _when if habitual else _a_time)(
                    child(c, "pobj") or c) for c in doing.children):
            # "I started running last year", "I've taken up baking": a pastime now;
            # "i've stopped running": no longer (not "I started crying": a moment)
            return [make_fact(clause, w, "does", doing.lower_, ObjectKind.string,
                              "activity", 0.6, retract=stopped) for w in who_of(clause)]
        if not facts and stopped:  # "I stopped taking sugar in my tea": takes it no more
            thing = child(doing, "dobj")
            value = thing_of(thing) if thing is not None else None
            return [make_fact(clause, w, third_person(doing.lemma_.lower()), *value,
                              "verb:stop", 0.65, retract=True)
                    for w in who_of(clause)] if value and not negated(root) else []
        return [replace(f, retract=stopped, update=not stopped) for f in facts]
    doing = child(root, "dobj", "xcomp")
    if doing is not None and doing.pos_ == "NOUN" and doing.lower_.endswith("ing") and len(
            doing) > 5 and not any(c.dep_ in ("det", "poss", "amod", "compound", "dobj")
                               for c in doing.children) and not negated(root):
        # "I quit smoking", its gerund tagged a noun: a pastime stopped (or begun)
        return [make_fact(clause, w, "does", doing.lower_, ObjectKind.string, "activity", 0.6,
                          retract=stopped) for w in who_of(clause)]
    begun = child(root, "dobj")
    if not stopped and begun is not None and begun.lemma_.lower() in LEX.begun_things \
            and root.tag_ in ("VBZ", "VBP") and not negated(root) and prep_of(root, "at") is None:
        # "my sister starts uni in sept", "I start my new job on Monday": a plan, dated
        # (not "I start work at 9": a habit; "I'm starting a job" is read as any plan)
        phrase = f"start {object_text(value_span(begun))}" + _job_to_be(begun)
        return [make_fact(clause, w, "plans_to", phrase, ObjectKind.string, "plan", 0.6)
                for w in who_of(clause)]
    if not stopped:
        # "I just started at Brightwave": works there now (an organisation, by name)
        at = prep_of(root, "at", "with") if root.lemma_.lower() in ("start", "begin") else None
        place = child(at, "pobj") if at is not None else None
        school = place is not None and place.lemma_.lower() in LEX.school_stages and any(
            c.dep_ == "compound" for c in place.children) and at.lower_ == "at"
        if school and child(root, "dobj") is None and not (
                root.tag_ == "VBG" or aspect(root) == "is" or future_time(root)):
            # "my son started at leeds uni in sept": he studies there (a school by name)
            return facts_of(clause, who_of(clause), [("studies_at", place)], "verb:start",
                            0.7, False, update=True)
        if place is None or child(root, "dobj") is not None or not (
                place.ent_type_ == "ORG" or is_name(place) and place.ent_type_ not in (
                "GPE", "LOC", "FAC", "PERSON", "DATE", "TIME")):
            return []
        if root.tag_ == "VBG" or aspect(root) == "is" or future_time(root):
            # "starting at Spotify in June", "I start at AUT in feb": not there yet
            post = prep_of(root, "as")  # ("... as a software engineer": the post too)
            role = child(post, "pobj") if post is not None else None
            phrase = f"start at {name_span(place)}" + (
                f" as {object_text(role.doc[role.left_edge.i:role.i + 1])}"
                if role is not None and role.pos_ == "NOUN"
                and role.lemma_.lower() not in LEX.not_posts | LEX.interjections else "")
            return [make_fact(clause, w, "plans_to", phrase, ObjectKind.string, "plan", 0.6)
                    for w in who_of(clause)]
        return facts_of(clause, who_of(clause), [("works_at", place), *post_as(root)],
                        "verb:start", 0.75, False, update=True)  # ("as a product designer")
    dobj = child(root, "dobj")
    if dobj is None:
        return []
    who = who_of(clause)
    if dobj.lemma_.lower() in ("job", "position", "role"):
        at = prep_of(dobj, "at", "with") or prep_of(root, "at", "with")
        place = child(at, "pobj") if at is not None else None
        if place is None:  # "I quit my weekend tutoring job": that it was quit
            return facts_of(clause, who, [("did_quit", dobj)], "verb:quit", 0.6,
                            negated(root))
        return facts_of(clause, who, [("works_at", place)], "verb:quit", 0.8, negated(root),
                        retract=True)
    left = leaving_facts(clause)
    particle = next((c.lower_ for c in root.children if c.dep_ == "prt"), "")
    if not left and not particle and root.lemma_.lower() == "quit" and aspect(root) == "did" \
            and not is_name(dobj):  # "I quit the call centre", "quit the gym in jan": that
        # it was quit (a name quit is a job or a tool, which leaving_facts reads)
        return facts_of(clause, who, [("did_quit", dobj)], "verb:quit", 0.6, negated(root))
    if left or not particle or aspect(root) != "did":
        return left
    # "I gave up squash last year", "i've given up caffeine": that it was given up, an
    # episode
    return facts_of(clause, who, [(f"{EVENT_PREFIX}{root.lemma_.lower()}_{particle}", dobj)],
                    "verb:quit", 0.6, negated(root))


def verb_reads_start(clause: Clause) -> bool:
    """Whether "start at X" is read as a job or a plan (``_started_or_stopped``)."""
    return bool(_started_or_stopped(clause, False))


def wants(clause: Clause) -> list[RawFact]:
    """"I want to be a teacher" -> wants_to "be a teacher"."""
    root = clause.root
    xcomp = child(root, "xcomp")
    if xcomp is None or xcomp.pos_ not in ("VERB", "AUX") or not any(
            c.dep_ == "aux" and c.lemma_ == "to" for c in xcomp.children) or aspect(root) \
            not in ("is", "doing"):  # "wanna" is "wan" + "na", lemma "to"
        return []
    if xcomp.lemma_.lower() in LEX.not_plans - {"be"}:
        return []  # "mom wants to know if you're coming": a question, passed on
    if xcomp.lemma_.lower() in LEX.wanting_a_thing and not any(
            c.dep_ in ("dobj", "prep", "prt", "ccomp", "xcomp", "dative") or c.dep_ == "advmod"
            and any(g.dep_ == "prep" for g in c.children) for c in xcomp.children):
        return []  # "I want to book before it's impossible": book what, the talk said
        # (not "I want to get back to running")
    phrase = plan_phrase(xcomp)
    return [make_fact(clause, w, "wants_to", phrase, ObjectKind.string, "plan", 0.6,
                  negated(root)) for w in who_of(clause) if phrase]


def _someone(subject: Any) -> bool:
    """Whether a subject is a person: a personal pronoun, a name the tagger or the talk
    takes for a person, or a relative ("my sister"); not a day, a number or a thing."""
    if subject is None:
        return False
    return subject.lower_ in ("i", "we", "you", "they", "he", "she") or \
        subject.ent_type_ == "PERSON" or subject.lemma_.lower() in LEX.kin or \
        is_name(subject) and subject.ent_type_ not in TIME_LABELS | {"CARDINAL", "ORDINAL", "NORP"}
