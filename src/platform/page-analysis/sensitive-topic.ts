// Whether a brief is on a topic where a wrong statement can hurt the reader (health, legal or
// financial advice), read from the query, the brief's headings and the brand's description.
import { fold, tokens } from "./text";

export type SensitiveField = "health" | "legal" | "finance";

// Words that name the field's advice, not everyday words that happen to touch it: "health
// benefits" of a drink is not medical advice, and a tree surgeon is no surgeon. Folded forms.
const FIELDS: readonly [SensitiveField, ReadonlySet<string>][] = [
  [
    "health",
    new Set(
      `symptom diagnosis diagnose diagnosed treatment medication medicine dosage dose therapy therapist disease disorder illness
      adhd autism anxiety depression cancer diabetes dementia asthma arthritis clinic clinical doctor physician psychiatrist
      psychologist prescription pharmacy pregnancy infection vaccine chronic syndrome mental`.split(/\s+/),
    ),
  ],
  [
    "legal",
    new Set(
      `lawyer attorney solicitor barrister visa immigration lawsuit litigation contract court legal law tribunal divorce custody
      probate asylum citizenship paralegal sue liability`.split(/\s+/),
    ),
  ],
  [
    "finance",
    new Set(
      `loan mortgage insurance tax invest investing investment investor pension credit debt retirement bankruptcy stock
      crypto cryptocurrency brokerage annuity lender refinance`.split(/\s+/),
    ),
  ],
];

/** The field whose words the texts use most (ties: health, legal, finance); null when none. */
export function sensitiveTopicOf(texts: readonly string[]): SensitiveField | null {
  const words = texts.flatMap((t) => tokens(t)).map(fold);
  let best: SensitiveField | null = null;
  let bestHits = 0;
  for (const [field, vocabulary] of FIELDS) {
    const hits = words.filter((w) => vocabulary.has(w)).length;
    if (hits > bestHits) {
      best = field;
      bestHits = hits;
    }
  }
  return best;
}
