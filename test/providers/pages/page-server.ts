// A small web site on 127.0.0.1 for the direct page reader: an article with the usual furniture,
// a robots.txt that disallows a folder for `canopy`, redirects (a chain, a loop, one to another
// host name), a page that never answers, a large one, a PDF and a 404. It counts the requests
// per path, so a test can tell what was fetched.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

const ARTICLE = `<!doctype html>
<html><head><title>Descaling an espresso machine &amp; why</title><style>p { color: red }</style></head>
<body>
  <header><h1>Brew Guide</h1><nav><a href="/">Home</a> <a href="/guides">Guides</a></nav></header>
  <nav><h2>Site menu</h2><ul><li>Machines</li><li>Grinders</li></ul></nav>
  <main>
    <article>
      <header><h1>How to   descale an
        espresso machine</h1></header>
      <p>Scale builds up in <b>every</b> machine that heats hard water.</p>
      <h2>What you need</h2>
      <ul><li>Descaling solution</li><li>Fresh water</li></ul>
      <h3>Optional tools</h3>
      <p>A large jug.</p>
      <h4>A note</h4>
      <aside><h2>Related guides</h2><p>Read more.</p></aside>
      <script>window.tracking = "the page's own script";</script>
      <form><h3>Subscribe</h3><input name="email"></form>
    </article>
  </main>
  <footer><h2>About us</h2><p>Copyright words here.</p></footer>
</body></html>`;

const ROBOTS = "User-agent: canopy\nDisallow: /private\n\nUser-agent: *\nDisallow: /\n";

export class PageServer {
  readonly hits = new Map<string, number>();
  private readonly server = createServer((req, res) => this.handle(req, res));
  private origin = "";
  /** Set to make robots.txt answer this status. */
  robotsStatus = 200;

  static async start(): Promise<PageServer> {
    const site = new PageServer();
    await new Promise<void>((resolve) => site.server.listen(0, "127.0.0.1", resolve));
    site.origin = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
    return site;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path: string): string {
    return `${this.origin}${path}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const path = req.url ?? "/";
    this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
    // Never answers: the reader's timeout must end the read.
    if (path === "/hang") return;
    const answer = this.answerFor(path);
    res.writeHead(answer.status, answer.headers);
    for (const part of answer.body) res.write(part);
    res.end();
  }

  private answerFor(path: string): { status: number; headers: Record<string, string>; body: string[] } {
    const html = (body: string, status = 200) => ({ status, headers: { "content-type": "text/html; charset=utf-8" }, body: [body] });
    const redirect = (location: string) => ({ status: 302, headers: { location }, body: [] });
    if (path === "/robots.txt") {
      return { status: this.robotsStatus, headers: { "content-type": "text/plain" }, body: this.robotsStatus === 200 ? [ROBOTS] : [] };
    }
    if (path === "/article" || path === "/private/article") return html(ARTICLE);
    const chain = /^\/chain\/(\d+)$/.exec(path);
    if (chain) return Number(chain[1]) === 0 ? html(ARTICLE) : redirect(`/chain/${Number(chain[1]) - 1}`);
    const loop = /^\/loop\/(\d+)$/.exec(path);
    if (loop) return redirect(`/loop/${Number(loop[1]) + 1}`);
    if (path === "/to-localhost") return redirect(`http://localhost:${this.port}/article`);
    // Written in parts without a declared length: the reader must count as it reads.
    if (path === "/big")
      return { status: 200, headers: { "content-type": "text/html" }, body: Array.from({ length: 8 }, () => `<p>${"x".repeat(1000)}</p>`) };
    if (path === "/big-declared") {
      const body = `<p>${"y".repeat(5000)}</p>`;
      return { status: 200, headers: { "content-type": "text/html", "content-length": String(Buffer.byteLength(body)) }, body: [body] };
    }
    if (path === "/report.pdf") return { status: 200, headers: { "content-type": "application/pdf" }, body: ["%PDF-1.7"] };
    if (path === "/busy") return html("<p>busy</p>", 503);
    return html("<h1>Not found</h1>", 404);
  }
}
