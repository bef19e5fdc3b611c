// Provider error bodies sometimes quote the credential they rejected ("Incorrect API key
// provided: sk-..."), so every provider text that may reach a message passes through here.

const REDACTED = "[redacted]";

/** Shapes of credentials worth hiding even when they are not the configured ones. */
const SECRET_PATTERNS: RegExp[] = [
  /\bBearer\s+[^\s"',;]+/gi,
  /\b(?:sk|pk|rk)-[A-Za-z0-9_-]{8,}/g,
  /\b(?:api[_-]?key|x-api-key|authorization)(["']?\s*[:=]\s*["']?)[^\s"',;]+/gi,
  // Credentials inside URLs: scheme://user:password@host
  /(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/@:]+:[^\s/@]+@/gi,
];

export function redactSecrets(text: string, secrets: readonly (string | null | undefined)[] = []): string {
  let out = text;
  for (const secret of secrets) {
    // Short values would redact ordinary words; real keys are long.
    if (secret && secret.length >= 6) out = out.split(secret).join(REDACTED);
  }
  for (const pattern of SECRET_PATTERNS) {
    out = out.replace(pattern, (match, group: unknown) => {
      if (typeof group === "string" && /:\/\/$/.test(group)) return `${group}${REDACTED}@`;
      if (typeof group === "string" && /[:=]/.test(group)) return match.slice(0, match.indexOf(group) + group.length) + REDACTED;
      return REDACTED;
    });
  }
  return out;
}

/** Provider text for a message: scrubbed, on one line, and short. */
export function providerExcerpt(text: string, secrets: readonly (string | null | undefined)[], max = 200): string {
  const flat = redactSecrets(text, secrets).replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
