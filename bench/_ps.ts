import { runProxyBench } from './proxy';
import { runScaleBench } from './scale';
import { proxyTable, scaleTable } from './report';
console.log(proxyTable(await runProxyBench()));
console.log(scaleTable(await runScaleBench()));
process.exit(0);
