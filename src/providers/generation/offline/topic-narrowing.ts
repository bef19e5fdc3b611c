// A topic as typed often narrows its subject: to an audience ("yoga for women", "seo for
// lawyers"), a setting ("espresso at home", "camping on a budget") or a level ("easy knitting",
// "guitar for beginners"). The tree is built on the subject, so that its searches read
// "yoga poses", not "yoga for women poses", and can take narrowings of their own; the topic's
// own pillar keeps the topic as typed.

/** Words before a subject that say how hard, how good or how cheap, not what it is; or a narrowing said first. */
const LEADING =
  /^(easy|simple|quick|best|top|cheap|basic|beginner|beginners|advanced|for (beginners|kids|women|men|seniors)|at home|step by step|on a budget) (?=\S)/;

/** Words after a subject that say for whom, where or when: "for" and up to three words, a setting, a year. */
const TRAILING = /(?<=\S) (for( [a-z0-9'-]+){1,3}|at home|step by step|on a budget|made easy|101|in \d{4})$/;

/** The subject of a typed topic: the topic without its narrowings, or the topic when nothing would be left. */
export function subjectOfTopic(topic: string): string {
  let subject = topic;
  for (;;) {
    const next = subject.replace(TRAILING, "").replace(LEADING, "");
    if (next === subject) return subject;
    subject = next;
  }
}
