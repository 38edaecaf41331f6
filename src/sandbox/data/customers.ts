// The three seeded customers: they own the history's transactions and the financial accounts.
// Alice has enough accounts (28) and account transactions (180) that listings page.

export interface CustomerSpec {
  id: string;
  externalId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: { street: string; city: string; region: string; postalCode: string; country: string };
  accounts: number;
  accountTransactions: number;
}

export const CUSTOMERS: readonly CustomerSpec[] = [
  {
    id: 'cus_alice',
    externalId: 'shop-user-1001',
    firstName: 'Alice',
    lastName: 'Moreau',
    email: 'alice@example.com',
    phone: '+15555550101',
    address: { street: '1 Main St', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' },
    accounts: 28,
    accountTransactions: 180,
  },
  {
    id: 'cus_bob',
    externalId: 'shop-user-1002',
    firstName: 'Bob',
    lastName: 'Okafor',
    email: 'bob@example.com',
    phone: '+15555550102',
    address: { street: '22 Oak Ave', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' },
    accounts: 4,
    accountTransactions: 36,
  },
  {
    id: 'cus_carol',
    externalId: 'shop-user-1003',
    firstName: 'Carol',
    lastName: 'Tanaka',
    email: 'carol@example.com',
    phone: '+15555550103',
    address: { street: '5 Elm Rd', city: 'Austin', region: 'TX', postalCode: '73301', country: 'US' },
    accounts: 2,
    accountTransactions: 14,
  },
];

export const customerById = (id: string): CustomerSpec | undefined => CUSTOMERS.find((c) => c.id === id);
