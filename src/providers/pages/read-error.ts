// A page that could not be read, for a reason safe to show: the readers turn it into a failed
// PageOutcome. `transient`: the same read may succeed later (a timeout, a 503), or not (a 404,
// a disallowing robots.txt, a private address).
export class PageReadError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
  ) {
    super(message);
  }
}

/** The longest page address read; longer ones are refused before any call. */
const MAX_ADDRESS_CHARS = 2000;

/** A page address as every reader accepts it: an absolute http(s) URL of reasonable length. */
export function pageAddress(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new PageReadError("not a valid address", false);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new PageReadError(`only http and https addresses are read, not ${parsed.protocol.replace(/:$/, "")}`, false);
  }
  if (url.length > MAX_ADDRESS_CHARS) throw new PageReadError(`the address is longer than ${MAX_ADDRESS_CHARS} characters`, false);
  return parsed;
}
