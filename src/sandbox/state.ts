// Everything the sandbox remembers: seeded history and banking data, the widget sessions created
// since start, and the transactions shoppers started on the provider page. Per instance: two
// sandboxes never share state.

import { fakeAddress } from './addresses';
import { seedBanking, type Banking } from './data/banking';
import { seedHistory } from './data/history';
import type { Sortable } from './listing';
import type { PricedQuote } from './quote';
import {
  buildTransaction,
  liveStatus,
  type CustomerRef,
  type ShopperChoice,
  type TransactionRecord,
  type WalkName,
} from './transactions';

export interface SessionRecord {
  id: string;
  token: string;
  createdAt: number;
  sessionType: 'BUY' | 'SELL';
  priced: PricedQuote;
  /** The shopper's wallet (receiving on buy, sending on sell). */
  walletAddress: string;
  redirectUrl?: string;
  customer: CustomerRef;
  externalSessionId?: string;
  /** The destination tag / memo the session was created with. */
  walletTag?: string;
  /** Where the partner sends the shopper to verify (twoFactor scenario, fixed at creation). */
  verifyUrl?: string;
  /** The statuses a paid transaction walks through (walks scenario, fixed at creation). */
  walk?: WalkName;
  outcome?: { choice: ShopperChoice; at: number; transactionId: string };
}

export type ListedTransaction = TransactionRecord & Sortable;

const DAY = 86_400_000;

interface Seeded {
  history: readonly ListedTransaction[];
  banking: Banking;
}

/**
 * Seeded data per anchor day. It is never mutated (records are copied on the way out), so
 * sandboxes created on the same day share it instead of generating it again (tests create many).
 */
const seeded = new Map<number, Seeded>();

function seedFor(anchor: number): Seeded {
  let data = seeded.get(anchor);
  if (!data) {
    data = {
      history: seedHistory(anchor).map((t) => ({ ...t, at: Date.parse(t.createdAt) })),
      banking: seedBanking(anchor),
    };
    if (seeded.size >= 4) seeded.clear();
    seeded.set(anchor, data);
  }
  return data;
}

/** Sessions kept in memory; the oldest go first (a long benchmark must not grow without bound). */
export const MAX_SESSIONS = 20_000;

export class SandboxState {
  readonly sessions = new Map<string, SessionRecord>();
  private readonly externalSessionIds = new Map<string, string>();
  /** Customer (external id, else id) → partner → when the customer last paid with it (ISO). */
  private readonly used = new Map<string, Map<string, string>>();
  readonly banking: Banking;
  private readonly history: readonly ListedTransaction[];

  /** Seeds relative to the start of the UTC day of `startedAt`, so a day's data is stable. */
  constructor(startedAt: number) {
    const data = seedFor(Math.floor(startedAt / DAY) * DAY);
    this.history = data.history;
    this.banking = data.banking;
  }

  hasExternalSessionId(externalSessionId: string): boolean {
    return this.externalSessionIds.has(externalSessionId);
  }

  addSession(session: SessionRecord): void {
    this.sessions.set(session.id, session);
    if (session.externalSessionId) this.externalSessionIds.set(session.externalSessionId, session.id);
    for (const [id, old] of this.sessions) {
      if (this.sessions.size <= MAX_SESSIONS) break;
      this.sessions.delete(id);
      if (old.externalSessionId) this.externalSessionIds.delete(old.externalSessionId);
    }
  }

  /** Remembers that the session's customer paid with its partner (rampIntelligence.previouslyUsed). */
  recordUse(session: SessionRecord, at: string): void {
    const key = session.customer.externalId ?? session.customer.id;
    const partners = this.used.get(key) ?? new Map<string, string>();
    partners.set(session.priced.offer.partner.id, at);
    this.used.set(key, partners);
  }

  /** When the customer (by external id or id) last paid with `partner`, if ever. */
  previouslyUsed(customer: string | undefined, partner: string): string | undefined {
    return customer === undefined ? undefined : this.used.get(customer)?.get(partner);
  }

  /** The transaction a session's shopper started, as of `now`. */
  sessionTransaction(session: SessionRecord, now: number, timeScale: number): ListedTransaction | undefined {
    const outcome = session.outcome;
    if (!outcome) return undefined;
    const { status, since } = liveStatus(
      outcome.choice,
      outcome.at,
      now,
      timeScale,
      !!session.verifyUrl,
      session.walk,
    );
    const record = buildTransaction(session.priced, {
      id: outcome.transactionId,
      sessionId: session.id,
      status,
      createdAt: outcome.at,
      updatedAt: since,
      walletAddress: session.walletAddress,
      customer: session.customer,
      externalSessionId: session.externalSessionId,
      verifyUrl: session.verifyUrl,
    });
    return { ...record, at: Math.floor(outcome.at / 1000) * 1000 };
  }

  /** All transactions as of `now` (history and live), unsorted. Read-only: copy before changing. */
  transactions(now: number, timeScale: number): readonly ListedTransaction[] {
    const live: ListedTransaction[] = [];
    for (const session of this.sessions.values()) {
      const t = this.sessionTransaction(session, now, timeScale);
      if (t) live.push(t);
    }
    return live.length === 0 ? this.history : [...this.history, ...live];
  }

  /**
   * The transactions of these sessions, named by session id or by the externalSessionId they were
   * created with, as of `now`: what a search by session reads, without building every other one.
   */
  transactionsOfSessions(
    sessionIds: readonly string[],
    externalSessionIds: readonly string[],
    now: number,
    timeScale: number,
  ): ListedTransaction[] {
    const ids = new Set(sessionIds);
    for (const x of externalSessionIds) {
      const id = this.externalSessionIds.get(x);
      if (id !== undefined) ids.add(id);
    }
    const found: ListedTransaction[] = [];
    for (const id of ids) {
      const session = this.sessions.get(id);
      const t = session && this.sessionTransaction(session, now, timeScale);
      if (t) found.push(t);
    }
    const xids = new Set(externalSessionIds);
    for (const t of this.history) {
      if (ids.has(t.sessionId) || (t.externalSessionId !== undefined && xids.has(t.externalSessionId))) {
        found.push(t);
      }
    }
    return found;
  }

  transactionById(id: string, now: number, timeScale: number): ListedTransaction | undefined {
    return this.transactions(now, timeScale).find((t) => t.id === id);
  }

  transactionBySession(sessionId: string, now: number, timeScale: number): ListedTransaction | undefined {
    const session = this.sessions.get(sessionId);
    if (session) return this.sessionTransaction(session, now, timeScale);
    return this.history.find((t) => t.sessionId === sessionId);
  }

  /** A wallet for a sell session that named none (the shopper's sending wallet). */
  static placeholderWallet(priced: PricedQuote, sessionId: string): string {
    return fakeAddress(priced.offer.chain.chainCode, `shopper:${sessionId}`);
  }
}
