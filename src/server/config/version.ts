// The version this server ships (package.json), in the embed's pinned URL `/ramp-checkout.js?v=…`.
import pkg from '../../../package.json' with { type: 'json' };

export const VERSION: string = pkg.version;
