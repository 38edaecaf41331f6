import { useEffect, useId, useRef, useState } from 'react';
import { signInErrorText, TOKEN_REJECTED } from './errorText';

/** Why the sign-in form is showing again. */
export type SignInNotice = 'rejected' | 'signedOut';

export interface SignInProps {
  notice: SignInNotice | null;
  /** Resolves when the server accepts the token. */
  verify(token: string): Promise<void>;
  onSignedIn(token: string): void;
}

/** What the server could ever accept in a Bearer header (printable ASCII, no spaces). */
const TOKEN_SHAPE = /^[\x21-\x7E]{1,512}$/;

export function SignIn({ notice, verify, onSignedIn }: SignInProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(notice === 'rejected' ? TOKEN_REJECTED : null);
  const [pending, setPending] = useState(false);
  // A refused token leaves focus on the field it concerns (not the body, where the disabled button
  // would drop it), described by the error.
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (error) field.current?.focus();
  }, [error]);

  async function submit(token: string) {
    if (token === '' || !TOKEN_SHAPE.test(token)) {
      setError(token === '' ? 'Enter the console token.' : TOKEN_REJECTED);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await verify(token);
      onSignedIn(token);
    } catch (e) {
      setError(signInErrorText(e));
      setPending(false);
    }
  }

  return (
    <section className="rc-signin" aria-labelledby="signin-heading">
      <h2 id="signin-heading">Sign in</h2>
      <p id={hintId}>
        The console lists payment transactions and customers&apos; financial accounts. Enter the console token
        (the server&apos;s <code>RAMP_ADMIN_TOKEN</code>). It is kept for this browser session only.
      </p>
      {notice === 'signedOut' && error === null && (
        <p className="rc-note" role="status">
          You are signed out.
        </p>
      )}
      <form
        className="rc-signin-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit(String(new FormData(e.currentTarget).get('token') ?? '').trim());
        }}
      >
        <label htmlFor={inputId}>Console token</label>
        <input
          id={inputId}
          name="token"
          type="password"
          autoComplete="off"
          spellCheck={false}
          ref={field}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error === TOKEN_REJECTED || undefined}
        />
        <button type="submit" className="rc-button rc-primary" disabled={pending}>
          Sign in
        </button>
      </form>
      {pending && (
        <p className="rc-muted" role="status">
          Checking the token…
        </p>
      )}
      {error && (
        <p className="rc-alert" role="alert" id={errorId}>
          {error}
        </p>
      )}
    </section>
  );
}
