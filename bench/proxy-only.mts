// `npm run bench:proxy`: the proxy overhead section of `npm run bench` alone (no build needed: it runs
// the server from source), for iterating on the host server's hot paths.
import { cpus, loadavg } from 'node:os';
import { runProxyBench } from './proxy';
import { proxyTable } from './report';

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(`bench:proxy: node ${process.version}, ${cpus().length} CPUs, load average ${load()}`);
const result = await runProxyBench();
console.log(proxyTable(result));
console.log(`load average at the end: ${load()}`);
process.exit(0);
