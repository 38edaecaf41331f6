// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Alert } from './Alert';
import { Button } from './Button';
import { Spinner } from './Spinner';

describe('Button', () => {
  it('is a type="button" named by its text', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Continue</Button>);
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button).toHaveAttribute('type', 'button');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('while loading: busy, keeps its name and focus, ignores clicks', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Continue to Banxa
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Continue to Banxa' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toBeEnabled(); // still focusable
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('Alert', () => {
  it('is an alert with an action button', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    render(
      <Alert action={{ label: 'Try again', onClick: retry }}>
        No partner can quote this. Try another payment method or amount.
      </Alert>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/No partner can quote this/);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('info is a polite status, not an alert', () => {
    render(<Alert tone="info">Finish in the Banxa window.</Alert>);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Finish in the Banxa window.');
  });
});

describe('Spinner', () => {
  it('says what is loading to screen readers', () => {
    render(<Spinner label="Finding offers…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Finding offers…');
  });

  it('defaults to "Loading…"', () => {
    render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });
});
