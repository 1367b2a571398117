/**
 * An open-loop load: requests sent at a fixed rate whatever the service does, each one's latency measured from the
 * moment it was meant to be sent (issue 27). A closed loop (autocannon: each connection waits for its answer before it
 * sends again) sends less when the service stalls, and measures from the actual send, so a stall shows as a few slow
 * requests instead of every request that should have gone out during it ("coordinated omission"). Here request i is
 * due at start + i / rate; a loader that falls behind sends late and the lateness counts in that request's latency.
 */
import http from 'node:http';
import { percentile } from './support';

export interface OpenLoopOptions {
  url: string;
  method: 'GET' | 'POST';
  rate: number;
  seconds: number;
  headers: Record<string, string>;
  /** The body and extra headers of request i. */
  request: (i: number) => { body?: string; headers?: Record<string, string> };
  /** Called with request i's answer (status and body) when it is a 2xx. */
  onAnswer?: (i: number, status: number, body: string) => void;
  timeoutMs?: number;
}

export interface OpenLoopResult {
  rate: number;
  sent: number;
  ok: number;
  non2xx: number;
  errors: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** How late the loader itself sent, p99 (ms): above a few ms the figures say more about the loader than the service. */
  sendLagP99: number;
}

export async function openLoop(o: OpenLoopOptions): Promise<OpenLoopResult> {
  const target = new URL(o.url);
  // Enough sockets that a slow answer never holds back a due request: a new connection is opened instead.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  const total = Math.round(o.rate * o.seconds);
  const latencies: number[] = [];
  const lags: number[] = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  const start = performance.now() + 20;
  const inflight: Array<Promise<void>> = [];

  const send = (i: number, due: number): Promise<void> =>
    new Promise((resolve) => {
      lags.push(performance.now() - due);
      const { body, headers } = o.request(i);
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method: o.method,
          headers: { ...o.headers, ...(headers ?? {}), ...(body !== undefined ? { 'Content-Length': Buffer.byteLength(body) } : {}) },
          timeout: o.timeoutMs ?? 10_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            latencies.push(performance.now() - due);
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) {
              ok++;
              o.onAnswer?.(i, status, Buffer.concat(chunks).toString());
            } else non2xx++;
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });

  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / o.rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait - 0.5));
    // The last half millisecond spun away, so sends keep to the schedule instead of to the timer's granularity.
    while (performance.now() < due);
    inflight.push(send(i, due));
  }
  await Promise.all(inflight);
  agent.destroy();
  const r1 = (x: number): number => Math.round(x * 10) / 10;
  return {
    rate: o.rate,
    sent: total,
    ok,
    non2xx,
    errors,
    p50: r1(percentile(latencies, 50)),
    p90: r1(percentile(latencies, 90)),
    p99: r1(percentile(latencies, 99)),
    max: r1(Math.max(...latencies)),
    sendLagP99: r1(percentile(lags, 99)),
  };
}
