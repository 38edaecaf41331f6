import type { MouseEvent } from 'react';
import { consoleHref, type Navigate } from './useConsoleUrl';
import { defaultState, type ConsoleState, type View } from './urlState';

const SECTIONS: readonly (readonly [View, string])[] = [
  ['overview', 'Overview'],
  ['payments', 'Payments'],
  ['accounts', 'Financial accounts'],
  ['account-transactions', 'Account transactions'],
  ['orders', 'Orders'],
];

/** The first page of `view`; the two account views keep the customer in focus. */
function target(view: View, current: ConsoleState): ConsoleState {
  const next = defaultState(view);
  const customerId = 'customerId' in current.filters ? current.filters.customerId : undefined;
  if (customerId !== undefined && (next.view === 'accounts' || next.view === 'account-transactions'))
    next.filters.customerId = customerId;
  return next;
}

const isPlainClick = (e: MouseEvent) =>
  e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

export function ConsoleNav({ state, navigate }: { state: ConsoleState; navigate: Navigate }) {
  return (
    <nav className="rc-nav" aria-label="Console sections">
      <ul>
        {SECTIONS.map(([view, label]) => {
          const to = target(view, state);
          return (
            <li key={view}>
              <a
                href={consoleHref(to)}
                aria-current={state.view === view ? 'page' : undefined}
                onClick={(e) => {
                  if (!isPlainClick(e)) return;
                  e.preventDefault();
                  navigate(to);
                }}
              >
                {label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
