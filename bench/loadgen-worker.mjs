// autocannon runs on a worker thread, so the load generator has its own event loop and the servers
// under test keep the main one. Latencies are collected from autocannon's per-response event (sub-ms
// precision) rather than its histogram, which rounds to whole milliseconds: a bare server answers
// loopback requests in well under one. Given workerData, the worker makes that one run and reports
// it; without, it stays and makes one run per message (a bench of many short rounds then does not
// pay a thread's start-up per round).
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

function run(options) {
  return new Promise((resolve) => {
    /** @type {number[]} */
    const latencies = [];
    const instance = autocannon(options, (error, result) => {
      if (error) {
        resolve({ error: String(error?.message ?? error) });
        return;
      }
      // On a worker thread autocannon hands back its raw counters, not the aggregated summary.
      resolve({
        requests: result.totalCompletedRequests,
        durationSec: result.duration,
        failures: result.errors + result.timeouts + result.non2xx,
        latenciesMs: Float64Array.from(latencies),
      });
    });
    instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTimeMs);
    });
  });
}

const report = (m) => parentPort.postMessage(m, m.latenciesMs ? [m.latenciesMs.buffer] : []);

if (workerData) report(await run(workerData));
else parentPort.on('message', async (options) => report(await run(options)));
