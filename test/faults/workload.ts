// The jobs of a fault run, started through the HTTP API the way users start them: research
// generations on fresh brands, standalone clusterings (some deleted while they run, so they
// must fail and refund), brand clusterings once a brand's research has completed, reclusters
// of reports that have completed, briefs (briefs-lane.ts) and articles (articles-lane.ts). Starts
// are spread over the fault window; a watcher polls the status endpoints of everything open
// (subjects.ts), which is also how later starts learn what they may start.
import { articleLane, authorityArticleLane, regenerationLane } from "./articles-lane";
import { authorityLane, briefLane, type ResumeFigures } from "./briefs-lane";
import type { Answer, Client } from "./client";
import { between, BRIEF_KINDS, keywordList, pick, rngOf, shuffle, type Kind, type Quotas, type Rng } from "./plan";
import { refreshSubject, type Subject } from "./subjects";

export interface Accepted {
  /** null for a brief until the run looks it up: a brief's 202 names the brief, not its task. */
  taskId: string | null;
  kind: Kind;
  /** The brand (research, brand clustering and recluster), report (standalone) or brief the task works on. */
  subject: string;
  api: string;
}

export interface WorkloadOptions {
  client: Client;
  /** Each lane draws from its own generator, seeded from this: one lane's timing cannot change another's draws. */
  seed: number;
  quotas: Quotas;
  windowMs: number;
  keywords: { min: number; max: number };
  /** Prefix of Idempotency-Keys, distinct per run. */
  runId: string;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A promise awaited later: its failure must not count as unhandled before then. */
export function settledLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

export class Workload {
  readonly accepted: Accepted[] = [];
  /** Answers other than the one asked for: 409s of reclusters and of article regenerations (the second of two at once, or a stale view), and any refusal met by an authority brief (retried). */
  readonly refusals = new Map<string, number>();
  /** What the resumes of interactive briefs were answered (briefs-lane.ts). */
  readonly resumes: ResumeFigures = { sent: 0, accepted: 0, conflicts: new Map() };
  /** The workspace's brands (research runs on each; standalone briefs are written for them). */
  readonly brands: string[] = [];
  /** Everything started, by the id its status endpoint takes ("brand:<id>" for a brand's clustering). */
  readonly subjects = new Map<string, Subject>();
  private brandsClustered = new Set<string>();
  private watching = true;
  /** Regenerations answered 202, by article: each adds a version. */
  readonly regenerations = new Map<string, number>();
  private readonly rng: Record<
    "research" | "clustering" | "brand" | "recluster" | "brief" | "authority" | "article" | "articleAuthority" | "regeneration",
    Rng
  >;

  constructor(readonly o: WorkloadOptions) {
    this.rng = {
      research: rngOf(o.seed + 1),
      clustering: rngOf(o.seed + 2),
      brand: rngOf(o.seed + 3),
      recluster: rngOf(o.seed + 4),
      brief: rngOf(o.seed + 5),
      authority: rngOf(o.seed + 6),
      article: rngOf(o.seed + 7),
      articleAuthority: rngOf(o.seed + 8),
      regeneration: rngOf(o.seed + 9),
    };
  }

  /** The brands research generations will run on: created before the faults start (no job involved). */
  async setup(): Promise<void> {
    for (let i = 0; i < this.o.quotas.research; i++) {
      const res = await this.o.client.request("POST", "/api/v1/brands/", {
        body: { brand_name: `Fault brand ${i}`, website_url: `https://brand-${i}.example` },
      });
      if (res.status !== 201) throw new Error(`creating a brand answered ${res.status}: ${JSON.stringify(res.body)}`);
      this.brands.push(String(res.body.id));
    }
  }

  /** Starts every job, and resolves once all have been accepted. The watcher keeps running until stopWatching. */
  async run(): Promise<void> {
    const watcher = settledLater(this.watch());
    await Promise.all([
      this.researchLane(),
      this.clusteringLane(),
      this.brandLane(),
      this.reclusterLane(),
      briefLane(this, this.rng.brief),
      authorityLane(this, this.rng.authority),
      articleLane(this, this.rng.article),
      authorityArticleLane(this, this.rng.articleAuthority),
      regenerationLane(this, this.rng.regeneration),
    ]);
    this.watching = false;
    await watcher;
  }

  /** The status of every brief at its last poll, by brief id. */
  briefStatuses(): Map<string, string> {
    return this.statusesOf("brief");
  }

  /** The machine_state of every article at its last poll, by article id. */
  articleStates(): Map<string, string> {
    return this.statusesOf("article");
  }

  private statusesOf(kind: Subject["kind"]): Map<string, string> {
    return new Map([...this.subjects].filter(([, s]) => s.kind === kind && s.status !== undefined).map(([id, s]) => [id, s.status!]));
  }

  /** Open subjects by the API's word (after their last poll). */
  openSubjects(): string[] {
    return [...this.subjects].filter(([, s]) => s.state === "open").map(([id]) => id);
  }

  /** One round of status polls over every open subject; true when the API shows none open. */
  async pollOnce(): Promise<boolean> {
    const open = this.openSubjects();
    // A few requests at a time: enough to keep up, without crowding the processes under test.
    for (let i = 0; i < open.length; i += 4) await Promise.all(open.slice(i, i + 4).map((id) => this.refresh(id)));
    return this.openSubjects().length === 0;
  }

  private async watch(): Promise<void> {
    while (this.watching) {
      await this.pollOnce();
      await sleep(500); // the polling interval
    }
  }

  private refresh(id: string): Promise<void> {
    return refreshSubject(this.o.client, id, this.subjects.get(id)!);
  }

  /** Counts an answer that was not what was asked for, under `what` (printed with the figures). */
  refused(what: string): void {
    this.refusals.set(what, (this.refusals.get(what) ?? 0) + 1);
  }

  /** Records a 202 (false for any other answer, counted as a refusal). */
  accept(res: Answer, kind: Kind, subject: string, what: string): boolean {
    if (res.status !== 202) {
      this.refused(`${what} ${res.status}`);
      return false;
    }
    const brief = BRIEF_KINDS.includes(kind);
    const taskId = res.body.task_id;
    if (!brief && typeof taskId !== "string") throw new Error(`${what} answered 202 without a task_id: ${JSON.stringify(res.body)}`);
    this.accepted.push({ taskId: brief ? null : String(taskId), kind, subject, api: res.api });
    return true;
  }

  /** A random pause that spreads `count` starts over `share` of the fault window. */
  pace(rng: Rng, count: number, share: number): Promise<void> {
    const mean = (this.o.windowMs * share) / Math.max(1, count);
    return sleep(between(rng, 0, 2 * mean));
  }

  private async researchLane(): Promise<void> {
    for (const [i, brand] of this.brands.entries()) {
      await this.pace(this.rng.research, this.brands.length, 0.3);
      const res = await this.o.client.request("POST", `/api/v1/research/${brand}/generate/`, {
        body: { core_topic: `home coffee topic ${i}` },
        idempotencyKey: `${this.o.runId}-research-${i}`,
      });
      if (!this.accept(res, "research", brand, "research generation"))
        throw new Error(`research generation refused: ${res.status} ${JSON.stringify(res.body)}`);
      this.subjects.set(brand, { kind: "research", state: "open", everCompleted: false });
    }
  }

  private async clusteringLane(): Promise<void> {
    const { quotas } = this.o;
    const rng = this.rng.clustering;
    const deleted = shuffle(rng, [
      ...Array<boolean>(quotas.clustering).fill(false),
      ...Array<boolean>(quotas.clustering_deleted).fill(true),
    ]);
    const deletions: Promise<void>[] = [];
    for (const [i, toDelete] of deleted.entries()) {
      await this.pace(rng, deleted.length, 0.6);
      const count = Math.round(between(rng, this.o.keywords.min, this.o.keywords.max));
      const kind: Kind = toDelete ? "clustering_deleted" : "clustering";
      const res = await this.o.client.request("POST", "/api/v1/clustering/", {
        body: { report_name: `Fault report ${i}`, keywords: keywordList(rng, count), overlap_percentage: 0.4 },
        idempotencyKey: `${this.o.runId}-clustering-${i}`,
      });
      if (!this.accept(res, kind, String(res.body.id), "clustering"))
        throw new Error(`clustering refused: ${res.status} ${JSON.stringify(res.body)}`);
      const id = String(res.body.id);
      this.subjects.set(id, { kind: "report", state: "open", everCompleted: false });
      if (toDelete) deletions.push(settledLater(this.deleteMidRun(id, between(rng, 0, 300))));
    }
    await Promise.all(deletions);
  }

  /**
   * Deletes a report while its clustering runs (polled until it has started, then a random
   * moment of up to `extraMs` more): its task must end failed and refunded. One that finished
   * before the delete stays completed.
   */
  private async deleteMidRun(id: string, extraMs: number): Promise<void> {
    for (;;) {
      const res = await this.o.client.request("GET", `/api/v1/clustering/${id}/status/`);
      if (res.body.state !== "PENDING") break;
      await sleep(50); // the polling interval
    }
    await sleep(extraMs);
    const res = await this.o.client.request("DELETE", `/api/v1/clustering/${id}/`);
    if (res.status !== 204) throw new Error(`deleting report ${id} answered ${res.status}: ${JSON.stringify(res.body)}`);
    this.subjects.get(id)!.state = "deleted";
  }

  private async brandLane(): Promise<void> {
    const quota = this.o.quotas.brand_clustering;
    for (let i = 0; i < quota; i++) {
      await this.pace(this.rng.brand, quota, 0.5);
      const brand = await this.until(() => {
        const ready = [...this.subjects].filter(
          ([id, s]) => s.kind === "research" && s.state === "completed" && !this.brandsClustered.has(id),
        );
        return ready.length > 0 ? pick(this.rng.brand, ready)[0] : undefined;
      });
      this.brandsClustered.add(brand);
      const res = await this.o.client.request("POST", `/api/v1/authority/${brand}/clustering/start/`, {
        body: {},
        idempotencyKey: `${this.o.runId}-brand-${i}`,
      });
      if (!this.accept(res, "brand_clustering", brand, "brand clustering"))
        throw new Error(`brand clustering refused: ${res.status} ${JSON.stringify(res.body)}`);
      // The brand's clustering is watched under the brand's id (its status endpoint takes the brand).
      this.subjects.set(`brand:${brand}`, { kind: "brand_report", state: "open", everCompleted: false });
    }
  }

  private async reclusterLane(): Promise<void> {
    const want: Kind[] = shuffle(this.rng.recluster, [
      ...Array<Kind>(this.o.quotas.recluster).fill("recluster"),
      ...Array<Kind>(this.o.quotas.brand_recluster).fill("brand_recluster"),
    ]);
    for (const kind of want) {
      await this.pace(this.rng.recluster, want.length, 0.5);
      for (;;) {
        const target = await this.until(() => {
          const subjectKind = kind === "recluster" ? "report" : "brand_report";
          const ready = [...this.subjects].filter(
            ([, s]) => s.kind === subjectKind && s.everCompleted && s.state !== "open" && s.state !== "deleted",
          );
          return ready.length > 0 ? pick(this.rng.recluster, ready)[0] : undefined;
        });
        const overlap = Math.round(between(this.rng.recluster, 0.3, 0.7) * 100) / 100;
        const path =
          kind === "recluster"
            ? `/api/v1/clustering/${target}/recluster/`
            : `/api/v1/authority/${target.slice("brand:".length)}/clustering/recluster/`;
        const res = await this.o.client.request("POST", path, { body: { overlap_percentage: overlap } });
        if (this.accept(res, kind, target.replace(/^brand:/, ""), kind)) {
          this.subjects.get(target)!.state = "open";
          break;
        }
        // 409: a start through the other process got there first, or our view was stale: try another.
        if (res.status !== 409) throw new Error(`${kind} answered ${res.status}: ${JSON.stringify(res.body)}`);
        this.subjects.get(target)!.state = "open";
      }
    }
  }

  /** Polls `find` (fed by the watcher) until it gives something. */
  async until<T>(find: () => T | undefined, timeoutMs = 600_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error("the workload waited 10 minutes for something to start a job on");
      await sleep(200);
    }
  }
}
