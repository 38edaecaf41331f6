// One autocannon run on a worker thread, so the load generator has its own event loop and the servers
// under test keep the main one. Latencies are collected from autocannon's per-response event (sub-ms
// precision) rather than its histogram, which rounds to whole milliseconds: a bare server answers
// loopback requests in well under one.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

/** @type {number[]} */
const latencies = [];
const instance = autocannon(workerData, (error, result) => {
  if (error) {
    parentPort.postMessage({ error: String(error?.message ?? error) });
    return;
  }
  const ms = Float64Array.from(latencies);
  // On a worker thread autocannon hands back its raw counters, not the aggregated summary.
  parentPort.postMessage(
    {
      requests: result.totalCompletedRequests,
      durationSec: result.duration,
      failures: result.errors + result.timeouts + result.non2xx,
      latenciesMs: ms,
    },
    [ms.buffer],
  );
});
instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
  if (statusCode >= 200 && statusCode < 300) latencies.push(responseTimeMs);
});
