// Credentials must never reach a log, an error or a response. Every piece of text that comes
// back from a provider (status messages, error causes) passes through here before it is used.

const MAX_MESSAGE_LENGTH = 300;

export class SecretRedactor {
  private readonly secrets: string[];

  /** Secrets shorter than 3 characters are ignored: masking them would garble every message. */
  constructor(secrets: Array<string | null | undefined>) {
    const usable = secrets.filter((s): s is string => typeof s === "string" && s.length >= 3);
    // Longest first, so a secret that contains another is masked whole.
    this.secrets = [...new Set(usable)].sort((a, b) => b.length - a.length);
  }

  /** Masks every secret, drops control characters and bounds the length. */
  clean(text: string): string {
    let out = text;
    for (const secret of this.secrets) out = out.split(secret).join("[redacted]");
    out = out.replace(/\p{Cc}+/gu, " ").trim();
    return out.length > MAX_MESSAGE_LENGTH ? `${out.slice(0, MAX_MESSAGE_LENGTH)}…` : out;
  }
}

/** The forms in which HTTP Basic credentials can leak: each part, the pair, and its encoding. */
export function basicAuthSecrets(login: string, password: string): string[] {
  const pair = `${login}:${password}`;
  return [password, login, pair, Buffer.from(pair).toString("base64")];
}
