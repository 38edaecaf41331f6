// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConsoleApp } from './ConsoleApp';
import { TOKEN, consoleServer } from './test-listings';
import type { TestServer } from '../queries/test-server';

const STORAGE_KEY = 'ramp-console-token';
const listingRequests = (server: TestServer) =>
  server.requests.filter((r) => !r.path.startsWith('/admin/session'));

async function signIn(token: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Console token'), token);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

beforeEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/console?view=payments');
});

describe('console sign-in', () => {
  it('asks for the token before anything is listed', async () => {
    const server = consoleServer();
    render(<ConsoleApp fetch={server.fetch} />);
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Console token')).toHaveAttribute('type', 'password');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(server.requests).toEqual([]);
  });

  it('says a wrong token was not accepted, lists nothing and stores nothing', async () => {
    const server = consoleServer();
    render(<ConsoleApp fetch={server.fetch} />);
    await signIn('not-the-right-token-at-all');

    expect(await screen.findByRole('alert')).toHaveTextContent('That token was not accepted.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    expect(listingRequests(server)).toEqual([]);
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(screen.getByLabelText('Console token')).toHaveAttribute('aria-invalid', 'true');
    // Focus is back on the field, which the error describes (not dropped to the body).
    expect(screen.getByLabelText('Console token')).toHaveFocus();
    expect(screen.getByLabelText('Console token')).toHaveAccessibleDescription(
      /That token was not accepted\./,
    );
  });

  it('with the right token, keeps it for the browser session and shows the listing', async () => {
    const server = consoleServer();
    const { unmount } = render(<ConsoleApp fetch={server.fetch} />);
    await signIn(TOKEN);

    expect(await screen.findByRole('table', { name: /payment transactions/i })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment transactions' })).toHaveFocus();
    expect(sessionStorage.getItem(STORAGE_KEY)).toBe(TOKEN);
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe('');

    // A reload of the page in the same tab does not ask again.
    unmount();
    render(<ConsoleApp fetch={server.fetch} />);
    expect(await screen.findByRole('table', { name: /payment transactions/i })).toBeInTheDocument();
    expect(screen.queryByLabelText('Console token')).not.toBeInTheDocument();
  });

  it('signs out when the server stops accepting the stored token, and says why', async () => {
    sessionStorage.setItem(STORAGE_KEY, 'an-old-token-from-before-rotation');
    const server = consoleServer();
    render(<ConsoleApp fetch={server.fetch} />);

    expect(await screen.findByRole('alert')).toHaveTextContent('That token was not accepted.');
    expect(screen.getByLabelText('Console token')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('explains when the server has the console disabled', async () => {
    const server = consoleServer({ RAMP_ADMIN_TOKEN: '' });
    render(<ConsoleApp fetch={server.fetch} />);
    await signIn('some-token-value-123456');
    expect(await screen.findByRole('alert')).toHaveTextContent(/RAMP_ADMIN_TOKEN is not set/);
  });

  it('refuses a token no server could accept without sending it', async () => {
    const server = consoleServer();
    render(<ConsoleApp fetch={server.fetch} />);
    await signIn('has spaces inside');
    expect(await screen.findByRole('alert')).toHaveTextContent('That token was not accepted.');
    expect(server.requests).toEqual([]);
  });

  it('signs out on request: the token is forgotten', async () => {
    sessionStorage.setItem(STORAGE_KEY, TOKEN);
    const server = consoleServer();
    render(<ConsoleApp fetch={server.fetch} />);
    await screen.findByRole('table');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));

    expect(screen.getByRole('status')).toHaveTextContent('You are signed out.');
    expect(screen.getByLabelText('Console token')).toBeInTheDocument();
    await waitFor(() => expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull());
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
