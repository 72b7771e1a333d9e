/**
 * The hospital's requests, as a browser on the app's page sends them: each person on the
 * instance their socket is on, with their session cookie and the instance's Origin,
 * through a pool of kept-alive connections per instance (lib/lean-http.ts: the generator
 * shares the two cores with the servers, so it must be cheap).
 */
import { multipartFile } from "../../server/test/file-fixtures.ts";
import type { RunningServer } from "../lib/infra.ts";
import { answerJson, LeanPool, requestBytes } from "../lib/lean-http.ts";
import type { Person } from "./seed.ts";

export interface Answer {
  status: number;
  /** the JSON body, parsed on demand */
  json(): unknown;
}

/** A file to upload, sent as a browser's FormData sends it. */
export interface FilePart {
  name: string;
  type: string;
  data: Buffer;
}

export class HospitalApi {
  private readonly pools: LeanPool[];
  private readonly targets: URL[];

  constructor(private readonly servers: RunningServer[]) {
    this.targets = servers.map((s) => new URL(s.base));
    this.pools = this.targets.map((t) => new LeanPool(t));
  }

  /** Which instance `person` uses: people are spread over the instances in turn. */
  instanceOf(person: Person): number {
    return person.index % this.servers.length;
  }

  /**
   * `method path` as `person`; `body` is JSON, or a file for a multipart upload.
   * `background`: sent by the app on its own (polls, heartbeats), not by the person.
   */
  async send(
    person: Person,
    method: string,
    path: string,
    body?: unknown,
    opts: { background?: boolean; file?: FilePart } = {},
  ): Promise<Answer> {
    const instance = this.instanceOf(person);
    const headers: Record<string, string> = {
      cookie: person.cookie,
      origin: this.servers[instance]!.base,
      ...(opts.background ? { "x-activity": "background" } : {}),
    };
    let payload: string | Buffer | undefined;
    if (opts.file) {
      const form = multipartFile(opts.file.name, opts.file.data, opts.file.type);
      Object.assign(headers, form.headers);
      payload = form.payload;
    } else if (body !== undefined) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(body);
    }
    const answer = await this.pools[instance]!.send(
      requestBytes(method, this.targets[instance]!, path, headers, payload),
    );
    return { status: answer.status, json: () => answerJson(answer) };
  }

  close() {
    for (const pool of this.pools) pool.close();
  }
}
