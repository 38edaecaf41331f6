import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { RampError } from '../api/errors';
import { AccountsView } from './AccountsView';
import { AccountTransactionsView } from './AccountTransactionsView';
import { createConsoleApi, type ConsoleApi, type ConsoleApiOptions } from './consoleApi';
import { ConsoleNav } from './ConsoleNav';
import { OrdersView } from './OrdersView';
import { OverviewView } from './OverviewView';
import { PaymentsView } from './PaymentsView';
import { SignIn, type SignInNotice } from './SignIn';
import { clearToken, loadToken, saveToken } from './tokenStore';
import { useConsoleUrl, type Navigate } from './useConsoleUrl';
import type { ConsoleState } from './urlState';

export interface ConsoleAppProps {
  /** @default '/api/ramp' */
  baseUrl?: string;
  /** For tests: the fetch every call goes through. */
  fetch?: typeof fetch;
}

const TITLES: Record<ConsoleState['view'], string> = {
  overview: 'Overview',
  payments: 'Payments',
  accounts: 'Financial accounts',
  'account-transactions': 'Account transactions',
  orders: 'Orders',
};

/** Transient failures (network, 5xx, 429) are retried twice; a refusal is not. */
const retry = (failures: number, e: unknown) => e instanceof RampError && e.retryable && failures < 2;

/** The merchant console: sign-in gate, section navigation and the current listing. */
export function ConsoleApp({ baseUrl, fetch }: ConsoleAppProps) {
  // Per instance, like the checkout: nothing is shared at module level.
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry, staleTime: 30_000, refetchOnWindowFocus: false } },
      }),
  );
  const [token, setToken] = useState<string | null>(loadToken);
  const [notice, setNotice] = useState<SignInNotice | null>(null);
  const [state, navigate] = useConsoleUrl();

  const signOut = useCallback(
    (why: SignInNotice) => {
      clearToken();
      queryClient.clear();
      setToken(null);
      setNotice(why);
    },
    [queryClient],
  );

  const options: ConsoleApiOptions = useMemo(() => ({ baseUrl, fetch }), [baseUrl, fetch]);
  const api = useMemo(
    () =>
      token === null
        ? null
        : createConsoleApi(token, { ...options, onUnauthorized: () => signOut('rejected') }),
    [token, options, signOut],
  );
  const verify = useCallback((candidate: string) => createConsoleApi(candidate, options).verify(), [options]);

  // After signing in, focus goes to the view's heading (the sign-in form it was in is gone).
  const headingAfterSignIn = useRef(false);
  const main = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!api || !headingAfterSignIn.current) return;
    headingAfterSignIn.current = false;
    const heading = main.current?.querySelector<HTMLElement>('h2');
    heading?.setAttribute('tabindex', '-1');
    (heading ?? main.current)?.focus();
  }, [api]);

  useEffect(() => {
    document.title = api ? `${TITLES[state.view]} · Merchant console` : 'Sign in · Merchant console';
  }, [api, state.view]);

  return (
    <QueryClientProvider client={queryClient}>
      <div className="rc-console">
        <a className="rc-skip" href="#rc-main">
          Skip to content
        </a>
        <header className="rc-header">
          <h1>Merchant console</h1>
          {api && (
            <button type="button" className="rc-button" onClick={() => signOut('signedOut')}>
              Sign out
            </button>
          )}
        </header>
        {api && <ConsoleNav state={state} navigate={navigate} />}
        <main id="rc-main" className="rc-main" tabIndex={-1} ref={main}>
          {api ? (
            <CurrentView api={api} state={state} navigate={navigate} />
          ) : (
            <SignIn
              key={notice ?? 'first'}
              notice={notice}
              verify={verify}
              onSignedIn={(t) => {
                saveToken(t);
                setNotice(null);
                setToken(t);
                headingAfterSignIn.current = true;
              }}
            />
          )}
        </main>
      </div>
    </QueryClientProvider>
  );
}

function CurrentView({ api, state, navigate }: { api: ConsoleApi; state: ConsoleState; navigate: Navigate }) {
  switch (state.view) {
    case 'overview':
      return (
        <OverviewView
          api={api}
          filters={state.filters}
          onChange={(filters) => navigate({ view: 'overview', filters, cursor: {} })}
        />
      );
    case 'payments':
      return (
        <PaymentsView
          api={api}
          filters={state.filters}
          cursor={state.cursor}
          onChange={(filters, cursor) => navigate({ view: 'payments', filters, cursor })}
        />
      );
    case 'accounts':
      return (
        <AccountsView
          api={api}
          filters={state.filters}
          cursor={state.cursor}
          onChange={(filters, cursor) => navigate({ view: 'accounts', filters, cursor })}
          onShowTransactions={(customerId) =>
            navigate({
              view: 'account-transactions',
              filters: { customerId, limit: state.filters.limit },
              cursor: {},
            })
          }
        />
      );
    case 'account-transactions':
      return (
        <AccountTransactionsView
          api={api}
          filters={state.filters}
          cursor={state.cursor}
          onChange={(filters, cursor) => navigate({ view: 'account-transactions', filters, cursor })}
        />
      );
    case 'orders':
      return (
        <OrdersView
          api={api}
          filters={state.filters}
          onChange={(filters) => navigate({ view: 'orders', filters, cursor: {} })}
        />
      );
  }
}
