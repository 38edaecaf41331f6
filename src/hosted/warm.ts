// The hosted page's warm-up: a module of its own (vite.config.ts names it in index.html), fetched beside
// the checkout's scripts and run while they download. A browser's first number format starts its ICU
// (about 170 ms on a slow phone, 4× CPU; about 2 ms each after), and its first region name loads
// those names: paid here, in time the page spends waiting, they are not paid on the way to the price.
// (The widget itself starts the formatting while its first data is on its way, ui/format/intl.ts, for
// the embed and the library; on this page that is already done.) No imports: one file, fetched alone.
const locale = navigator.language;
try {
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).formatToParts(1);
  new Intl.DisplayNames(locale, { type: 'region' }).of('US');
} catch {
  // An engine without these (or a locale it refuses) is warmed by the checkout itself, later.
}

export {};
