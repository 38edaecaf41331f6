// Node entry of the host server (`npm start`, `npm run dev`): reads the environment
// (docs/CONTRACTS.md §1) and serves createRampServer on HOST:PORT. Static files come from the
// package's build (dist/hosted, dist/embed), whatever the working directory.
import { listen, optionsFromEnv } from './listen';

listen(optionsFromEnv(process.env));
