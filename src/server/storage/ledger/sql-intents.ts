// Checkout intents in the SQL both stores share, and the claim a session creation holds on its
// intent: taken with the pending order (sql-pending-orders.ts), bound to the session when the order
// is recorded (sql-orders.ts), given back when no session came of it. One session per intent holds
// because each step is a compare-and-set on the intent's session_id inside its caller's transaction.
import type { SqlDriver, SqlExecutor } from './driver';
import type { IntentLedger } from './ledger';
import { opt, optStr, strOrNull } from './sql-rows';
import type { Direction, IntentRecord } from './types';

export function sqlIntents(db: SqlDriver): IntentLedger {
  return {
    async create(i) {
      await db.query(
        `INSERT INTO ramp_intents (id, secret_hash, reference, customer_id, direction, country, subdivision,
          fiat_currency, crypto_currency, network, amount, wallet_address, created_at, expires_at, session_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
        [
          i.id,
          i.secretHash,
          i.reference,
          opt(i.customerId),
          opt(i.direction),
          opt(i.country),
          opt(i.subdivision),
          opt(i.fiatCurrency),
          opt(i.cryptoCurrency),
          opt(i.network),
          opt(i.amount),
          opt(i.walletAddress),
          i.createdAt,
          i.expiresAt,
          i.sessionId,
        ],
      );
    },
    async findBySecretHash(hash) {
      const rows = await db.query('SELECT * FROM ramp_intents WHERE secret_hash = $1', [hash]);
      return rows[0] ? toIntent(rows[0]) : null;
    },
    async get(id) {
      const rows = await db.query('SELECT * FROM ramp_intents WHERE id = $1', [id]);
      return rows[0] ? toIntent(rows[0]) : null;
    },
    async expire(id, at) {
      return db.transaction(async (tx) => {
        const rows = await tx.query<{ expires_at: unknown }>(
          'SELECT expires_at FROM ramp_intents WHERE id = $1',
          [id],
        );
        if (!rows[0]) return false;
        if (Number(rows[0].expires_at) > at) {
          await tx.query('UPDATE ramp_intents SET expires_at = $1 WHERE id = $2', [at, id]);
        }
        return true;
      });
    },
  };
}

/** Claims a free intent for a session creation; false when another session holds it. */
export async function claimIntent(tx: SqlExecutor, intentId: string, claim: string | null): Promise<boolean> {
  const claimed = await tx.query(
    'UPDATE ramp_intents SET session_id = $1 WHERE id = $2 AND session_id IS NULL RETURNING id',
    [claim, intentId],
  );
  return claimed.length > 0;
}

/** The claim becomes the session that was created (when the intent still holds this claim). */
export async function bindIntentClaim(
  tx: SqlExecutor,
  intentId: string,
  claim: string,
  sessionId: string,
): Promise<void> {
  await tx.query('UPDATE ramp_intents SET session_id = $1 WHERE id = $2 AND session_id = $3', [
    sessionId,
    intentId,
    claim,
  ]);
}

/** No session came of the claim: the intent is free again (when it still holds this claim). */
export async function releaseIntentClaim(tx: SqlExecutor, intentId: string, claim: string): Promise<void> {
  await tx.query('UPDATE ramp_intents SET session_id = NULL WHERE id = $1 AND session_id = $2', [
    intentId,
    claim,
  ]);
}

function toIntent(r: Record<string, unknown>): IntentRecord {
  const out: IntentRecord = {
    id: String(r.id),
    secretHash: String(r.secret_hash),
    reference: String(r.reference),
    createdAt: Number(r.created_at),
    expiresAt: Number(r.expires_at),
    sessionId: strOrNull(r.session_id),
    // An intent stored before every intent fixed its direction was redeemable either way: a buy.
    direction: (optStr(r.direction) ?? 'buy') as Direction,
  };
  const fields = {
    customerId: optStr(r.customer_id),
    country: optStr(r.country),
    subdivision: optStr(r.subdivision),
    fiatCurrency: optStr(r.fiat_currency),
    cryptoCurrency: optStr(r.crypto_currency),
    network: optStr(r.network),
    amount: optStr(r.amount),
    walletAddress: optStr(r.wallet_address),
  };
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) Object.assign(out, { [k]: v });
  return out;
}
