// Financial accounts and their transactions for the seeded customers, in the bank-linking wire
// shape (src/api/__fixtures__/financial-accounts-*.json). Seeded from the anchor day.

import { roundTo } from '../money';
import { intBetween, pick, seededRandom } from '../random';
import { isoSeconds, SANDBOX_ACCOUNT_ID } from '../transactions';
import { CUSTOMERS, type CustomerSpec } from './customers';

const DAY = 86_400_000;

export interface FinancialAccountRecord {
  accountId: string;
  id: string;
  customerId: string;
  externalCustomerId: string;
  connectionIds: string[];
  institutionId: string;
  institutionName: string;
  name: string;
  truncatedAccountNumber: string;
  type: string;
  subtype: string;
  status: 'ACTIVE' | 'INACTIVE';
  historicalAggregationSucceeded: boolean;
  balances: { availableAmount: number; currentAmount: number; currency: string; updatedAt: string };
  identifiers: { ach: { accountNumber: string; routingNumber: string } };
  owners: {
    names: string[];
    emails: { data: string; primary: string }[];
    phoneNumbers: { data: string; primary: string }[];
    addresses: { primary: string; data: Record<string, string> }[];
  }[];
  serviceProviderDetails: { serviceProvider: string; updatedAt: string }[];
  createdAt: string;
}

export interface FinancialAccountTransactionRecord {
  accountId: string;
  id: string;
  financialAccountId: string;
  customerId: string;
  externalCustomerId: string;
  connectionIds: string[];
  amount: number;
  currency: string;
  description: string;
  category: string;
  status: 'PENDING' | 'POSTED';
  recurringStatus: 'UNKNOWN' | 'RECURRING' | 'NOT_RECURRING';
  transactionDate: string;
  postedDate?: string;
  serviceProviderDetails: { serviceProvider: string; updatedAt: string }[];
}

const INSTITUTIONS = [
  'Example Bank',
  'Northwind Credit Union',
  'Contoso Savings',
  'Fabrikam Trust',
  'Tailspin Bank',
];

const KINDS = [
  { type: 'DEPOSITORY', subtype: 'CHECKING', name: 'Everyday Checking' },
  { type: 'DEPOSITORY', subtype: 'SAVINGS', name: 'High-Yield Savings' },
  { type: 'CREDIT', subtype: 'CREDIT_CARD', name: 'Rewards Credit Card' },
  { type: 'INVESTMENT', subtype: 'BROKERAGE', name: 'Brokerage' },
  { type: 'DEPOSITORY', subtype: 'MONEY_MARKET', name: 'Money Market' },
] as const;

/** [category, description, sign of amount, typical size] */
const SPENDING: readonly (readonly [string, string, 1 | -1, number])[] = [
  ['FOOD_AND_DRINK', 'COFFEE SHOP 123', -1, 6],
  ['FOOD_AND_DRINK', 'GREEN LEAF GROCERS', -1, 80],
  ['TRANSPORTATION', 'METRO TRANSIT', -1, 25],
  ['SHOPPING', 'ONLINE MARKETPLACE', -1, 60],
  ['BILLS', 'CITY POWER & WATER', -1, 120],
  ['ENTERTAINMENT', 'STREAMING SERVICE', -1, 15],
  ['INCOME', 'PAYROLL ACME CORP', 1, 2400],
  ['TRANSFER', 'TRANSFER FROM SAVINGS', 1, 300],
  ['INVESTMENTS', 'CRYPTO PURCHASE', -1, 150],
  ['FEE', 'MONTHLY SERVICE FEE', -1, 5],
  ['HEALTH', 'PHARMACY 42', -1, 30],
  ['TRAVEL', 'AIRLINE TICKETS', -1, 420],
];

const digits = (random: () => number, n: number) =>
  Array.from({ length: n }, () => intBetween(random, 0, 9)).join('');

export interface Banking {
  accounts: FinancialAccountRecord[];
  transactions: FinancialAccountTransactionRecord[];
}

export function seedBanking(anchor: number): Banking {
  const random = seededRandom(0x5eed_0002);
  const accounts: FinancialAccountRecord[] = [];
  const transactions: FinancialAccountTransactionRecord[] = [];
  const providerDetails = (at: number) => [{ serviceProvider: 'PLAID', updatedAt: isoSeconds(at) }];

  const accountsOf = (customer: CustomerSpec) =>
    Array.from({ length: customer.accounts }, (_, i): FinancialAccountRecord => {
      const kind = KINDS[i % KINDS.length]!;
      const institution = pick(random, INSTITUTIONS);
      const accountNumber = digits(random, 12);
      const current = roundTo(50 + random() * 9950, 2);
      const createdAt = anchor - intBetween(random, 30, 720) * DAY - intBetween(random, 0, 86_399) * 1000;
      return {
        accountId: SANDBOX_ACCOUNT_ID,
        id: `fa_${customer.id.slice(4)}_${String(i + 1).padStart(3, '0')}`,
        customerId: customer.id,
        externalCustomerId: customer.externalId,
        connectionIds: [`conn_${customer.id.slice(4)}_${institution.length}`],
        institutionId: `ins_${institution.toLowerCase().replace(/[^a-z]+/g, '_')}`,
        institutionName: institution,
        name: i < KINDS.length ? kind.name : `${kind.name} ${Math.floor(i / KINDS.length) + 1}`,
        truncatedAccountNumber: accountNumber.slice(-4),
        type: kind.type,
        subtype: kind.subtype,
        status: i % 9 === 8 ? 'INACTIVE' : 'ACTIVE',
        historicalAggregationSucceeded: true,
        balances: {
          availableAmount: kind.type === 'CREDIT' ? roundTo(5000 - current, 2) : roundTo(current * 0.97, 2),
          currentAmount: current,
          currency: 'USD',
          updatedAt: isoSeconds(anchor - intBetween(random, 1, 48) * 3_600_000),
        },
        identifiers: { ach: { accountNumber, routingNumber: `0${digits(random, 8)}` } },
        owners: [
          {
            names: [`${customer.firstName} ${customer.lastName}`],
            emails: [{ data: customer.email, primary: 'TRUE' }],
            phoneNumbers: [{ data: customer.phone, primary: 'TRUE' }],
            addresses: [{ primary: 'TRUE', data: { ...customer.address } }],
          },
        ],
        serviceProviderDetails: providerDetails(anchor - DAY),
        createdAt: isoSeconds(createdAt),
      };
    });

  for (const customer of CUSTOMERS) {
    const own = accountsOf(customer);
    accounts.push(...own);
    for (let i = 0; i < customer.accountTransactions; i++) {
      const account = pick(random, own);
      const [category, description, sign, size] = pick(random, SPENDING);
      const at = anchor - Math.floor((random() * 90 * DAY) / 1000) * 1000;
      const pending = anchor - at < 2 * DAY;
      const record: FinancialAccountTransactionRecord = {
        accountId: SANDBOX_ACCOUNT_ID,
        id: `fat_${customer.id.slice(4)}_${String(i + 1).padStart(4, '0')}`,
        financialAccountId: account.id,
        customerId: customer.id,
        externalCustomerId: customer.externalId,
        connectionIds: account.connectionIds,
        amount: roundTo(sign * size * (0.5 + random()), 2),
        currency: account.balances.currency,
        description,
        category,
        status: pending ? 'PENDING' : 'POSTED',
        recurringStatus: category === 'BILLS' || category === 'INCOME' ? 'RECURRING' : 'NOT_RECURRING',
        transactionDate: isoSeconds(at),
        serviceProviderDetails: providerDetails(at + DAY),
      };
      if (!pending) record.postedDate = isoSeconds(at + DAY);
      transactions.push(record);
    }
  }
  return { accounts, transactions };
}
