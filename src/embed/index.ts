// The script-tag embed (IIFE, React bundled): installs `window.RampCheckout` and runs the commands a
// page queued before the script loaded. The default apiBaseUrl is read now, while the script runs.
import { defaultApiBaseUrl, findEmbedScript } from './apiBase';
import { installGlobal } from './global';

installGlobal(window, { apiBaseUrl: defaultApiBaseUrl(findEmbedScript(document)) });
