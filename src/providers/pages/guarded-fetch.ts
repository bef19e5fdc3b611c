// canopy's own HTTP GET for pages it did not write: any address a user or a SERP names. Only
// http and https, only ports 80 and 443, only hosts whose every address is public unicast
// (address-rule.ts), checked before each request and again, for the address actually used, when
// the connection is made: the connection's own lookup refuses a private answer, so a name that
// resolves to a public address for the check and a private one for the connection (DNS
// rebinding) is still refused. Redirects are followed by hand, each hop checked the same way.
// Hosts in PAGE_FETCH_ALLOW_HOSTS skip the address and port rules (tests, intranets).
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { Agent, request } from "undici";
import { isIpLiteral, refusedRange } from "./address-rule";
import { PageReadError } from "./read-error";
import { cancelled } from "../serp/concurrency";

/** The most redirects one read follows. */
export const MAX_REDIRECTS = 5;
const USER_AGENT = "Mozilla/5.0 (compatible; canopy)";
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Resolves a host name to all its addresses (dns.lookup by default; tests give their own). */
export type Resolver = (host: string) => Promise<string[]>;

export interface GuardSettings {
  /** Lowercase host names (IPv6 without brackets) exempt from the address and port rules. */
  allowHosts: readonly string[];
  resolve?: Resolver;
}

export interface FetchedBody {
  /** Where the body came from, after redirects. */
  url: URL;
  status: number;
  contentType: string;
  body: string;
}

export interface GetOptions {
  signal: AbortSignal;
  /** Set when the read as a whole times out, to tell a timeout from the caller's abort. */
  timeout: { signal: AbortSignal; ms: number };
  accept: string;
  maxBytes: number;
  /** Past maxBytes: keep what was read (robots.txt), or fail (a page). */
  overflow: "truncate" | "fail";
  /** Checked for each address before it is requested (robots.txt); throws to stop. */
  beforeRequest?: (url: URL) => Promise<void>;
  /** Checked on the final answer before its body is read (content type); throws to stop. */
  beforeBody?: (answer: { status: number; contentType: string }) => void;
}

/** Refused by the connection's own lookup: found through the error's causes. */
class AddressRefused extends PageReadError {}

const bare = (host: string): string => host.replace(/^\[(.*)\]$/, "$1").toLowerCase();

const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => {
      if (err) reject(err);
      else resolve(addresses.map((a) => a.address));
    });
  });

function familyOf(address: string): 4 | 6 {
  return address.includes(":") ? 6 : 4;
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(ms < 1000 ? 2 : 1))} s`;
}

function causeChain(err: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = err;
  while (current !== undefined && current !== null && chain.length < 8) {
    chain.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}

function systemCode(err: unknown): string {
  for (const link of causeChain(err)) {
    const code = (link as { code?: unknown }).code;
    if (typeof code === "string") return code.replace(/[^\w-]/g, "").slice(0, 40);
  }
  return err instanceof Error ? err.name : "unknown";
}

export class GuardedFetcher {
  readonly #allowHosts: ReadonlySet<string>;
  readonly #resolve: Resolver;
  readonly #agent: Agent;

  constructor(settings: GuardSettings) {
    this.#allowHosts = new Set(settings.allowHosts.map(bare));
    this.#resolve = settings.resolve ?? systemResolver;
    this.#agent = new Agent({ connect: { lookup: this.#pinnedLookup } });
  }

  #isAllowedHost(host: string): boolean {
    return this.#allowHosts.has(bare(host));
  }

  /** Throws a PageReadError when canopy may not request `url`: scheme, address, then port. */
  async #check(url: URL): Promise<void> {
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new PageReadError(`only http and https addresses are read, not ${url.protocol.replace(/:$/, "")}`, false);
    }
    const host = bare(url.hostname);
    if (this.#isAllowedHost(host)) return;
    await this.#addressesOf(host);
    const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
    if (port !== 80 && port !== 443) throw new PageReadError(`port ${port} of ${host} is not read (only 80 and 443)`, false);
  }

  /** The host's addresses when every one is public; a PageReadError naming the first that is not. */
  async #addressesOf(host: string): Promise<string[]> {
    let addresses: string[];
    if (isIpLiteral(host)) {
      addresses = [host];
    } else {
      try {
        addresses = await this.#resolve(host);
      } catch (err) {
        const code = systemCode(err);
        // A name that does not exist will not exist a minute later either; a failing resolver may.
        throw new PageReadError(`${host} could not be resolved (${code})`, code !== "ENOTFOUND");
      }
    }
    if (addresses.length === 0) throw new PageReadError(`${host} could not be resolved (no address)`, false);
    for (const address of addresses) {
      if (refusedRange(address) !== null) {
        const what = isIpLiteral(host) ? `${host} is a private address` : `${host} resolves to a private address (${address})`;
        throw new AddressRefused(what, false);
      }
    }
    return addresses;
  }

  /** The connection's lookup: the addresses connected to pass the same rule. */
  readonly #pinnedLookup = (
    hostname: string,
    options: LookupOptions,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    const host = bare(hostname);
    const found = this.#isAllowedHost(host) ? this.#resolve(host) : this.#addressesOf(host);
    found.then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => familyOf(a) === options.family) : addresses;
        const usable = wanted.length > 0 ? wanted : addresses;
        if (options.all)
          callback(
            null,
            usable.map((address) => ({ address, family: familyOf(address) })),
          );
        else {
          const first = usable[0] as string;
          callback(null, first, familyOf(first));
        }
      },
      (err: unknown) => {
        callback(err instanceof Error ? err : new Error(String(err)), []);
      },
    );
  };

  /** GET `start`, following up to MAX_REDIRECTS redirects, each hop checked; the final answer's body, bounded. */
  async get(start: URL, options: GetOptions): Promise<FetchedBody> {
    let url = start;
    for (let hop = 0; ; hop++) {
      await this.#check(url);
      await options.beforeRequest?.(url);
      const answer = await this.#request(url, options);
      const location = answer.headers.location;
      if (REDIRECTS.has(answer.statusCode) && typeof location === "string") {
        await discard(answer.body);
        if (hop >= MAX_REDIRECTS) throw new PageReadError(`too many redirects (more than ${MAX_REDIRECTS})`, false);
        try {
          url = new URL(location, url);
        } catch {
          throw new PageReadError(`redirected to an unreadable address`, false);
        }
        continue;
      }
      const contentType = String(answer.headers["content-type"] ?? "").trim();
      try {
        options.beforeBody?.({ status: answer.statusCode, contentType });
      } catch (err) {
        await discard(answer.body);
        throw err;
      }
      const body = await this.#readBody(answer, contentType, options);
      return { url, status: answer.statusCode, contentType, body };
    }
  }

  async #request(url: URL, options: GetOptions) {
    try {
      return await request(url, {
        dispatcher: this.#agent,
        method: "GET",
        // The body is read as it comes: no compression to undo.
        headers: { "user-agent": USER_AGENT, accept: options.accept, "accept-encoding": "identity" },
        signal: options.signal,
      });
    } catch (err) {
      throw this.#failure(err, url, options);
    }
  }

  async #readBody(answer: Awaited<ReturnType<typeof request>>, contentType: string, options: GetOptions): Promise<string> {
    // Stopping a body early makes undici emit an abort error: it is expected, not a crash.
    answer.body.on("error", () => undefined);
    const chunks: Buffer[] = [];
    let total = 0;
    try {
      const declared = Number(answer.headers["content-length"] ?? "NaN");
      if (options.overflow === "fail" && Number.isFinite(declared) && declared > options.maxBytes) {
        throw new PageReadError(`larger than ${options.maxBytes} bytes`, false);
      }
      for await (const chunk of answer.body) {
        const bytes = chunk as Buffer;
        const room = options.maxBytes - total;
        if (bytes.byteLength > room) {
          if (options.overflow === "fail") throw new PageReadError(`larger than ${options.maxBytes} bytes`, false);
          chunks.push(bytes.subarray(0, room));
          total += room;
          break;
        }
        chunks.push(bytes);
        total += bytes.byteLength;
      }
    } catch (err) {
      throw this.#failure(err, null, options);
    } finally {
      if (!answer.body.destroyed) answer.body.destroy();
    }
    return decode(Buffer.concat(chunks, total), contentType);
  }

  #failure(err: unknown, url: URL | null, options: GetOptions): Error {
    if (options.timeout.signal.aborted) return new PageReadError(`timed out after ${seconds(options.timeout.ms)}`, true);
    if (options.signal.aborted) return cancelled();
    for (const link of causeChain(err)) if (link instanceof PageReadError) return link;
    const where = url ? ` ${bare(url.hostname)}` : "";
    return new PageReadError(`could not read${where} (${systemCode(err)})`, true);
  }
}

/** Drops a body not wanted (a redirect's, a refused page's) without reading it all. */
async function discard(body: Awaited<ReturnType<typeof request>>["body"]): Promise<void> {
  body.on("error", () => undefined);
  await body.dump({ limit: 64 * 1024 }).catch(() => undefined);
}

/** The body as text, in the charset the answer names (UTF-8 when it names none or one unknown). */
function decode(bytes: Buffer, contentType: string): string {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}
