/**
 * A cheap closed-loop HTTP load generator for the benches that measure servers' throughput on the same machine: on a
 * machine of few cores every CPU second it spends is one the servers do not get. node:http over keep-alive
 * connections (no WHATWG fetch, Headers and streams per request), paths made before the clock starts, answers
 * drained without being parsed or even kept.
 */
import http from 'node:http';
import { percentile } from './benchStats';

/** One measurement: answers completed in the measured window, per second, and their p95 latency. */
export interface LoadResult {
  perSecond: number;
  p95: number;
}

/** Called at the start and at the end of the measured window (after the unmeasured warm-up). */
export interface LoadWindow {
  onStart?: () => void;
  onEnd?: () => void;
}

/** A GET of `path` on `agent`'s server; resolves once the answer is drained, rejects on any status but 200. */
function drainedGet(origin: URL, agent: http.Agent, path: string, headers: http.OutgoingHttpHeaders): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: origin.hostname, port: origin.port, path, agent, headers }, (response) => {
      response.once('error', reject);
      if (response.statusCode === 200) {
        response.once('end', resolve).resume();
        return;
      }
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.once('end', () => reject(new Error(`${origin.origin}${path} answered ${response.statusCode}: ${text.slice(0, 300)}`)));
    });
    request.once('error', reject);
    request.end();
  });
}

/**
 * Keep-alive connections to a few servers, `inFlight` for each, reused by every measurement (as a load balancer keeps
 * its upstream connections open), so no measurement pays for connecting.
 */
export class LoadClient {
  private readonly agents = new Map<string, http.Agent>();

  constructor(private readonly inFlight: number, private readonly headers: http.OutgoingHttpHeaders) {}

  private agent(origin: string): http.Agent {
    let agent = this.agents.get(origin);
    if (!agent) {
      agent = new http.Agent({ keepAlive: true, maxSockets: this.inFlight });
      this.agents.set(origin, agent);
    }
    return agent;
  }

  /**
   * `inFlight` requests at all times on each of `origins` (each server its own, so a slower one does not hold the
   * others' requests), for `warmUpMs` unmeasured and then `measureMs` measured. `nextPath` hands out the paths. The
   * answers completed inside the measured window count, whenever they were sent: a window's edges cut as many
   * requests short at its start as at its end, whatever the number in flight.
   */
  async run(origins: readonly string[], nextPath: () => string, timing: { warmUpMs: number; measureMs: number }, window: LoadWindow = {}): Promise<LoadResult> {
    const started = performance.now();
    const measureFrom = started + timing.warmUpMs;
    const end = measureFrom + timing.measureMs;
    const latencies: number[] = [];
    const startTimer = setTimeout(() => window.onStart?.(), timing.warmUpMs);
    const endTimer = setTimeout(() => window.onEnd?.(), timing.warmUpMs + timing.measureMs);
    const loop = async (origin: URL, agent: http.Agent): Promise<void> => {
      while (performance.now() < end) {
        const begun = performance.now();
        await drainedGet(origin, agent, nextPath(), this.headers);
        const done = performance.now();
        if (done >= measureFrom && done <= end) latencies.push(done - begun);
      }
    };
    try {
      await Promise.all(origins.flatMap((origin) => {
        const url = new URL(origin);
        const agent = this.agent(origin);
        return Array.from({ length: this.inFlight }, () => loop(url, agent));
      }));
    } finally {
      clearTimeout(startTimer);
      clearTimeout(endTimer);
    }
    return { perSecond: latencies.length / (timing.measureMs / 1000), p95: percentile(latencies, 95) };
  }

  /** Closes the kept connections. */
  destroy(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}
