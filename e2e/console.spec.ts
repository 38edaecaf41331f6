// The merchant console at /console against the host server and its sandbox (240 seeded payment
// transactions; cus_alice with 25+ financial accounts and 150+ account transactions).
//
// Other specs may run checkouts at the same time, adding live transactions at the top of the
// listing. So listings are compared with the server's own snapshots taken before and after a walk:
// every record present before must appear exactly once and in order, and nothing may appear that
// the server did not list by the end.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { ADMIN_TOKEN } from '../playwright.config';
import { parseCsv } from '../src/console/test-csv';
import { quoteFor } from '../src/server/testing/session';
import { axeViolations } from './support/a11y';

const BEARER = { Authorization: `Bearer ${ADMIN_TOKEN}` };

interface Listed {
  id: string;
  key: string;
}

/** Every id of a listing, in list order, straight from the proxy (pages of 100). */
async function listAll(
  request: APIRequestContext,
  path: string,
  wrapper: string,
  query: Record<string, string>,
): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  for (;;) {
    const res = await request.get(`/api/ramp${path}`, {
      params: { ...query, limit: '100', ...(after ? { after } : {}) },
      headers: BEARER,
    });
    expect(res.status()).toBe(200);
    const body = (await res.json()) as Record<string, unknown> & { remaining?: number };
    const items = body[wrapper] as Listed[];
    ids.push(...items.map((r) => r.id));
    if (items.length === 0 || body.remaining === 0) return ids;
    after = items[items.length - 1]!.key;
  }
}

/**
 * `walked` holds every record of `before` exactly once, in order, and only records the server
 * listed by the end (`after`), in its order.
 */
function expectEveryRecordOnceInOrder(walked: string[], before: string[], after: string[]) {
  expect(new Set(walked).size, 'no record twice').toBe(walked.length);
  const known = new Set(before);
  expect(walked.filter((id) => known.has(id))).toEqual(before);
  const listed = new Set(after);
  expect(
    walked.filter((id) => !listed.has(id)),
    'nothing the server did not list',
  ).toEqual([]);
  const seen = new Set(walked);
  expect(walked).toEqual(after.filter((id) => seen.has(id)));
}

async function signIn(page: Page, token: string, path = '/console?view=payments') {
  await page.goto(path);
  await page.getByLabel('Console token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The listing on screen, read once the page has settled. */
async function readRows(table: Locator): Promise<string[]> {
  await expect(table).toHaveAttribute('aria-busy', 'false');
  return table.getByRole('button', { name: /^View / }).allTextContents();
}

/**
 * Presses Next (or Previous) until it is disabled, returning each page's ids in visiting order.
 * A page has loaded when its first row differs from the last page's and the table is not busy.
 */
async function walk(page: Page, table: Locator, button: 'Next page' | 'Previous page'): Promise<string[][]> {
  const pages: string[][] = [];
  const control = page.getByRole('button', { name: button });
  for (;;) {
    await expect(table).toHaveAttribute('aria-busy', 'false');
    if (await control.isDisabled()) return pages;
    const firstBefore = await table
      .getByRole('button', { name: /^View / })
      .first()
      .textContent();
    await control.click();
    await expect(table.getByRole('button', { name: /^View / }).first()).not.toHaveText(firstBefore ?? '');
    pages.push(await readRows(table));
  }
}

const RANGE = /^Records (\d+)–(\d+)(?: of (\d+))?$/;

/** The payments filter of the walk and the export: settled, created in the last 60 days (UTC). */
const FROM = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
const PAYMENTS_FILTER = { status: 'SETTLED', from: FROM };

test.describe('merchant console', () => {
  test('without the token, or with a wrong one, nothing is listed, and the console says why', async ({
    page,
    request,
  }) => {
    // The proxy serves no listing without the token or with a wrong one. (Failed attempts are
    // rate limited per client, so each listing is tried once.)
    const attempts: [string, Record<string, string>][] = [
      ['/payments/transactions', {}],
      ['/financial-accounts', { Authorization: 'Bearer not-the-console-token-000' }],
      ['/financial-accounts/transactions', { Authorization: `Basic ${ADMIN_TOKEN}` }],
    ];
    for (const [path, headers] of attempts) {
      const res = await request.get(`/api/ramp${path}?limit=1`, { headers });
      expect(res.status(), path).toBe(401);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body.code).toBe('UNAUTHORIZED');
      expect(Object.keys(body)).not.toContain('count');
    }

    const listingCalls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/ramp\/(payments|financial-accounts)/.test(r.url())) listingCalls.push(r.url());
    });
    await page.goto('/console');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText(/Enter the console token/)).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);

    await page.getByLabel('Console token').fill('not-the-console-token-000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('That token was not accepted.');
    await expect(page.getByRole('table')).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    expect(listingCalls).toEqual([]);
  });

  test('payments: Next to the last page and Previous back to the first show every record once, in order', async ({
    page,
    request,
  }) => {
    const before = await listAll(request, '/payments/transactions', 'transactions', PAYMENTS_FILTER);
    expect(before.length).toBeGreaterThan(60);

    await signIn(page, ADMIN_TOKEN);
    await page.getByLabel('Status').selectOption('SETTLED');
    await page.getByLabel('Created on or after (UTC)').fill(FROM);
    await page.getByLabel('Page size').selectOption('20');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]status=SETTLED&from=${FROM}(&|$)`));

    const table = page.getByRole('table', { name: /payment transactions/i });
    const summary = page.getByText(/^\d[\d,]* matching transactions$/);
    await expect(summary).toBeVisible();
    const shownCount = Number((await summary.textContent())!.replace(/\D/g, ''));
    expect(shownCount).toBeGreaterThanOrEqual(before.length);

    const firstPage = await readRows(table);
    expect(firstPage).toHaveLength(20);
    await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await expect(page.getByText(RANGE)).toHaveText(`Records 1–20 of ${shownCount}`);

    const forwardPages = [firstPage, ...(await walk(page, table, 'Next page'))];
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
    const lastRange = RANGE.exec((await page.getByText(RANGE).textContent()) ?? '');
    expect(lastRange?.[2]).toBe(lastRange?.[3]); // the last page ends at the total

    // The cursor is in the address: a reload shows the same page, without asking for the token again.
    const url = page.url();
    expect(url).toMatch(/[?&]after=/);
    await page.reload();
    expect(await readRows(table)).toEqual(forwardPages.at(-1));
    expect(page.url()).toBe(url);

    const backwardPages = [forwardPages.at(-1)!, ...(await walk(page, table, 'Previous page'))].reverse();
    await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    const after = await listAll(request, '/payments/transactions', 'transactions', PAYMENTS_FILTER);
    const forward = forwardPages.flat();
    const backward = backwardPages.flat();
    expectEveryRecordOnceInOrder(forward, before, after);
    expectEveryRecordOnceInOrder(backward, before, after);
    expect(forward.length).toBe(shownCount);
    expect(forwardPages.length).toBe(Math.ceil(shownCount / 20));

    // A row opens the transaction's detail: status in words, fees.
    const id = (await readRows(table))[0]!;
    const opener = page.getByRole('button', { name: `View ${id}` });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: `Transaction ${id}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: `Transaction ${id}` })).toBeFocused();
    await expect(dialog).toContainText('Status: Completed');
    await expect(dialog.getByRole('heading', { name: 'Fees' })).toBeVisible();
    await expect(dialog.getByText('Total fee')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('payments: the CSV of a filter holds every matching record once', async ({ page, request }) => {
    const before = await listAll(request, '/payments/transactions', 'transactions', PAYMENTS_FILTER);
    await signIn(page, ADMIN_TOKEN, `/console?view=payments&status=SETTLED&from=${FROM}&limit=10`);
    await expect(page.getByRole('table', { name: /payment transactions/i })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`payments_status-SETTLED_from-${FROM}.csv`);
    await expect(page.getByText(/^Exported (\d+) of \1 transactions, saved as/)).toBeVisible();

    const text = await readFile((await file.path())!, 'utf8');
    const rows = parseCsv(text.replace(/^\uFEFF/, ''));
    const header = rows[0]!;
    expect(header.slice(0, 4)).toEqual(['id', 'createdAt', 'updatedAt', 'status']);
    const records = rows.slice(1);
    expect(records.every((r) => r[header.indexOf('status')] === 'SETTLED')).toBe(true);
    expect(records.every((r) => r[header.indexOf('createdAt')]! >= FROM)).toBe(true);

    const after = await listAll(request, '/payments/transactions', 'transactions', PAYMENTS_FILTER);
    expectEveryRecordOnceInOrder(
      records.map((r) => r[0]!),
      before,
      after,
    );
  });

  test('payments: partner and type filters, chosen by name, go to the service and stay in the address', async ({
    page,
    request,
  }) => {
    const filter = { serviceProviders: 'TRANSAK', types: 'CRYPTO_SELL' };
    const before = await listAll(request, '/payments/transactions', 'transactions', filter);
    expect(before.length).toBeGreaterThan(0);

    await signIn(page, ADMIN_TOKEN);
    const search = page.getByRole('search', { name: 'Filter payment transactions' });
    await search.getByRole('combobox', { name: 'Partner' }).selectOption({ label: 'Transak' });
    await search.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Sell' });
    const listing = page.waitForRequest(
      (r) => r.url().includes('/api/ramp/payments/transactions?') && r.url().includes('types='),
    );
    await search.getByRole('button', { name: 'Apply filters' }).click();
    const sent = new URL((await listing).url()).searchParams;
    expect(Object.fromEntries(sent)).toEqual({ ...filter, limit: '20' });
    await expect(page).toHaveURL(/[?&]partner=TRANSAK&type=sell(&|$)/);

    const table = page.getByRole('table', { name: /payment transactions/i });
    const shown = await readRows(table);
    const after = await listAll(request, '/payments/transactions', 'transactions', filter);
    expect(shown).toEqual(after.slice(0, shown.length));
    expect(shown.length).toBe(Math.min(20, before.length));
    for (const row of await table
      .getByRole('row')
      .filter({ has: page.getByRole('button') })
      .all()) {
      await expect(row.getByRole('cell', { name: 'Transak', exact: true })).toBeVisible();
      await expect(row.getByRole('cell', { name: 'Sell', exact: true })).toBeVisible();
    }

    // Back returns to the unfiltered listing; Forward to the filtered one, the fields showing it.
    await page.goBack();
    await expect(page).toHaveURL(/\?view=payments$/);
    await expect(search.getByRole('combobox', { name: 'Partner' })).toHaveValue('');
    await page.goForward();
    await expect(search.getByRole('combobox', { name: 'Partner' })).toHaveValue('TRANSAK');
    await expect(search.getByRole('combobox', { name: 'Type' })).toHaveValue('sell');
  });

  test('layout: at 420 px nothing scrolls the page sideways; at 1280 px the open detail leaves the table whole', async ({
    page,
  }) => {
    /** The elements that stick out of the page on the right (none, when nothing scrolls sideways). */
    const overflow = () =>
      page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        return [...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > width + 0.5)
          .filter((e) => !e.closest('.rc-table-wrap *')) // the table scrolls within its own frame
          .map(
            (e) => `${e.tagName.toLowerCase()}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`,
          );
      });
    await page.setViewportSize({ width: 420, height: 800 });
    await signIn(page, ADMIN_TOKEN);
    const table = page.getByRole('table', { name: /payment transactions/i });
    await readRows(table);
    expect(await overflow()).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('console-420.png'), fullPage: true });
    const search = page.getByRole('search', { name: 'Filter payment transactions' });
    for (const field of await search.locator('select, input').all()) {
      const box = (await field.boundingBox())!;
      expect(box.x + box.width, (await field.getAttribute('name')) ?? '').toBeLessThanOrEqual(420);
    }

    await page.setViewportSize({ width: 1280, height: 800 });
    const first = (await readRows(table))[0]!;
    await page.getByRole('button', { name: `View ${first}` }).click();
    const dialog = page.getByRole('dialog', { name: `Transaction ${first}` });
    await expect(dialog).toBeVisible();
    expect(await overflow()).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('console-1280-detail.png') });
    const panel = (await dialog.boundingBox())!;
    // The view (filters, listing, pager) and the table's frame end where the panel begins.
    for (const name of ['Payment transactions', 'Payment transactions, newest first']) {
      const box = (await page.getByRole('region', { name, exact: true }).boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(panel.x);
    }
    // The names, not the codes, in the panel.
    await expect(dialog).not.toContainText(/\b(FASTER_PAYMENTS|CREDIT_DEBIT_CARD)\b/);
    await expect(dialog.getByText(/^[A-Z][a-z].* \([A-Z]{2}\)$/)).toBeVisible();
  });

  test('overview: the funnel and days as charts stating their figures, partners with completion rates, filters in the address, CSV; axe clean in light and dark, whole at 375 px', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000); // three checkouts played out, two audits and three layouts
    // Checkouts of our own: two paid and one declined at BANXA (other specs may add more).
    for (const [i, action] of (['pay', 'pay', 'decline'] as const).entries()) {
      const terms = {
        sessionType: 'BUY',
        sessionData: {
          serviceProvider: 'BANXA',
          countryCode: 'US',
          sourceCurrencyCode: 'USD',
          sourceAmount: String(100 + i),
          destinationCurrencyCode: 'ETH',
          paymentMethodType: 'CREDIT_DEBIT_CARD',
          walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
        },
      };
      expect(
        (await request.post('/api/ramp/payments/crypto/quote', { data: quoteFor(terms) })).status(),
      ).toBe(200);
      const created = await request.post('/api/ramp/crypto/session/widget', {
        data: terms,
        headers: { 'Idempotency-Key': `overview-${Date.now()}-${i}-0000` },
      });
      expect(created.status()).toBe(200);
      const { widgetUrl } = (await created.json()) as { widgetUrl: string };
      const acted = await request.post(widgetUrl, { form: { action }, maxRedirects: 0 });
      expect(acted.status()).toBe(303);
    }
    await expect
      .poll(async () => {
        const res = await request.get('/api/ramp/stats?partner=BANXA', { headers: BEARER });
        const stats = (await res.json()) as { funnel: { completed: number; failed: number } };
        return stats.funnel.completed >= 2 && stats.funnel.failed >= 1;
      })
      .toBe(true);

    const audit = () => axeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, ADMIN_TOKEN, '/console');
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    const funnel = page.getByRole('img', {
      name: /^Checkout funnel, .*: \d+ opened, \d+ quoted, \d+ sessions, \d+ completed$/,
    });
    await expect(funnel).toBeVisible();
    await expect(
      page.getByRole('img', { name: /^Orders per day, .*: \d+ orders, \d+ completed/ }),
    ).toBeVisible();
    // The chart draws one fiat currency (other specs' checkouts may come first); the table has each.
    await expect(page.getByRole('img', { name: /^Completed volume per day \([A-Z]{3}\)/ })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Completed volume' }).getByRole('row', { name: /\bUSD\b/ }),
    ).toBeVisible();
    // The same figures in a table as in the chart's label.
    const label = (await funnel.getAttribute('aria-label'))!;
    const sessions = /(\d+) sessions/.exec(label)![1]!;
    await expect(
      page.getByRole('table', { name: 'Checkout funnel' }).getByRole('row', { name: /^Sessions / }),
    ).toHaveText(`Sessions${sessions}`);
    const banxa = page.getByRole('table', { name: 'Partners' }).getByRole('row', { name: /^BANXA / });
    await expect(banxa).toHaveText(/^BANXA\d+\d+\d+\d+\d+(\.\d)? %\d+ (s|min|h)$/);
    expect(await audit()).toEqual([]);

    // Filters go to the address and back.
    await page.getByLabel('Period').selectOption('7');
    await page.getByLabel('Partner', { exact: true }).fill('banxa');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/\?view=overview&partner=BANXA&period=7$/);
    await expect(
      page.getByRole('img', { name: /^Checkout funnel, .*BANXA: \d+ sessions, \d+ completed$/ }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Partner', { exact: true })).toHaveValue('BANXA');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export partners (CSV)' }).click();
    const rows = parseCsv(await readFile((await (await download).path())!, 'utf8'));
    expect(rows[0]).toEqual([
      'partner',
      'orders',
      'completed',
      'failed',
      'abandoned',
      'completion_rate',
      'median_seconds_to_complete',
    ]);
    expect(rows[1]![0]).toBe('BANXA');

    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await audit()).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('img', { name: /^Checkout funnel/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: test.info().outputPath('overview-375-dark.png'), fullPage: true });
  });

  test.describe('financial accounts', () => {
    // The date-range inputs are local time; New York makes the conversion to UTC visible.
    test.use({ timezoneId: 'America/New_York' });

    test("page through a customer's accounts, then their transactions over a date range sent in UTC", async ({
      page,
      request,
    }) => {
      const accountsBefore = await listAll(request, '/financial-accounts', 'financialAccounts', {
        customerId: 'cus_alice',
      });
      expect(accountsBefore.length).toBeGreaterThanOrEqual(25);

      await signIn(page, ADMIN_TOKEN);
      await page.getByRole('link', { name: 'Financial accounts' }).click();
      await page.getByLabel('Customer ID').fill('cus_alice');
      await page.getByLabel('Page size').selectOption('10');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      const table = page.getByRole('table', { name: 'Financial accounts of cus_alice, newest first' });
      await expect(table).toBeVisible();

      const first = await readRows(table);
      const forward = [first, ...(await walk(page, table, 'Next page'))];
      const backward = [forward.at(-1)!, ...(await walk(page, table, 'Previous page'))].reverse();
      expect(forward.flat()).toEqual(accountsBefore);
      expect(backward.flat()).toEqual(accountsBefore);

      await page.getByRole('button', { name: `View ${first[0]}` }).click();
      await page.getByRole('button', { name: "Transactions of cus_alice's accounts" }).click();
      await expect(page.getByRole('link', { name: 'Account transactions' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      const txTable = page.getByRole('table', { name: 'Account transactions of cus_alice, newest first' });
      await expect(txTable).toBeVisible();

      // The last 30 days, typed as New York wall-clock times.
      const now = Math.floor(Date.now() / 1000) * 1000;
      const start = now - 30 * 86_400_000;
      const listing = page.waitForResponse(
        (r) =>
          r.url().includes('/api/ramp/financial-accounts/transactions?') && r.url().includes('startDate='),
      );
      await page.getByLabel('From', { exact: true }).fill(wallClock(start, 'America/New_York'));
      await page.getByLabel('To', { exact: true }).fill(wallClock(now, 'America/New_York'));
      await expect(page.getByText(`Sent as ${utcSeconds(start)} (UTC)`)).toBeVisible();
      await page.getByRole('button', { name: 'Apply filters' }).click();

      const response = await listing;
      expect(response.status()).toBe(200);
      const sent = new URL(response.url()).searchParams;
      expect(sent.get('customerId')).toBe('cus_alice');
      expect(sent.get('startDate')).toBe(utcSeconds(start));
      expect(sent.get('endDate')).toBe(utcSeconds(now));
      await expect(page).toHaveURL(new RegExp(`startDate=${encodeURIComponent(utcSeconds(start))}`));

      const expected = await listAll(
        request,
        '/financial-accounts/transactions',
        'financialAccountTransactions',
        {
          customerId: 'cus_alice',
          startDate: utcSeconds(start),
          endDate: utcSeconds(now),
        },
      );
      expect(expected.length).toBeGreaterThan(0);
      const shown = await readRows(txTable);
      expect(shown).toEqual(expected.slice(0, 10));
    });
  });
});

/** `YYYY-MM-DDThh:mm:ssZ` of an instant. */
const utcSeconds = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/** The `datetime-local` value of an instant as a clock in `timeZone` shows it. */
function wallClock(ms: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}
