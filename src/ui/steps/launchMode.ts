// How the partner's page opens: a file of its own, so the public option types need nothing else of the UI.
export type LaunchMode = 'popup' | 'tab' | 'redirect';
/** How the partner's page was opened: `link` when the shopper had to click it (windows blocked). */
export type LaunchedMode = LaunchMode | 'link';
