import { runLoad } from './tmp-diag';
const r = await runLoad({ durationSec: 40, connections: 50, burstRequests: 20 });
console.log(r.memory.samples.map((s) => `${s.atSec}:${s.heapUsedMb}`).join(' '));
console.log(r.requests, r.problems);
