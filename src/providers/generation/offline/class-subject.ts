// The subject a guide of a class is written about, read from the topic or query it came from.
import { singularLast } from "../../lexicon/wordnet";
import { placeOfTopic } from "./place-topic";
import { withoutLessons, type SubjectClass } from "./subject-class";
import { words } from "./text";

/**
 * The subject as a guide of its class writes it: a trip is about its place ("travel to japan":
 * japan), an idea is not counted ("attachment theory", never "attachment theories works"), and
 * lessons in a practice are about the practice ("kitesurfing lessons": the gear for kitesurfing).
 * `typed` is the text the subject was read from: an idea is uncounted back to what was typed,
 * never to a singular nobody wrote ("quantum physics" is no "quantum physic").
 */
export function subjectOfClass(subject: string, subjectClass: SubjectClass, typed = subject): string {
  if (subjectClass === "place") return placeOfTopic(subject) ?? subject;
  if (subjectClass === "concept") {
    const singular = singularLast(words(subject)).join(" ");
    return ` ${words(typed).join(" ")} `.includes(` ${singular} `) ? singular : subject;
  }
  if (subjectClass === "activity") return withoutLessons(subject) || subject;
  return subject;
}
