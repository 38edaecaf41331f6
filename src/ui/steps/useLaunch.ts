// The launch: a session created once through the machine (SESSION_REQUESTED → request with the
// machine's Idempotency-Key → SESSION_CREATED / SESSION_FAILED), then the partner's page opened the
// way the merchant chose, falling back from popup to tab to a link.
import { useState } from 'react';
import { RampError } from '../../api';
import { canLaunch, sessionRequest } from '../../checkout';
import { useCreateSession } from '../../queries';
import type { LaunchedMode } from './context';
import { useCheckoutStore, useHost } from './context';
import { useCheckoutData } from './data';
import { closeQuietly, navigate, openBlank, openTab, rememberWindow } from './launcher';

export interface LaunchControl {
  launch: () => Promise<void>;
  /** Windows were blocked: the shopper opens the partner with a link. */
  blocked: boolean;
  /** The link's click: the partner's page opens in a new tab by the browser itself. */
  launchedByLink: () => void;
}

export function useLaunch(): LaunchControl {
  const store = useCheckoutStore();
  const host = useHost();
  const { create } = useCreateSession();
  const [blocked, setBlocked] = useState(false);
  // The session is for the offer chosen when the shopper asked for it.
  const { facts, quote } = useCheckoutData();
  const send: ReturnType<typeof store.getState>['send'] = (e) => store.getState().send(e, facts);
  const current = () => store.getState().state;

  const launched = (mode: LaunchedMode) => {
    const partner = quote?.serviceProvider ?? '';
    // LAUNCHED first: it stores the tracking, so a redirect or reload resumes on the status screen.
    send({ type: 'LAUNCHED' });
    host.onSignal({ type: 'providerLaunched', partner, mode });
  };

  const launch = async () => {
    const at = host.now();
    if (!canLaunch(current(), facts, at)) {
      // Nothing to start (already creating), or a choice went stale: the machine shows which.
      send({ type: 'SESSION_REQUESTED', at });
      return;
    }
    const win = openBlank(host.launch);
    send({ type: 'SESSION_REQUESTED', at });
    const requested = current();
    const request = sessionRequest(requested, facts);
    const key = requested.launch.idempotencyKey;
    if (requested.launch.phase !== 'creating' || !request || !key) return closeQuietly(win);
    if (host.redirectUrl) request.sessionData.redirectUrl = host.redirectUrl;

    try {
      const session = await create(request, key);
      send({
        type: 'SESSION_CREATED',
        session: { id: session.id, widgetUrl: session.widgetUrl, trackingToken: session.trackingToken ?? '' },
      });
    } catch (e) {
      const error = e instanceof RampError ? e : new RampError('UNEXPECTED_ERROR', String(e), 0);
      send({ type: 'SESSION_FAILED', error: { code: error.code, message: error.message } });
      host.onSignal({ type: 'error', code: error.code, message: error.message });
      return closeQuietly(win);
    }
    const created = current().launch;
    // The shopper went back meanwhile, or the session was unusable.
    if (created.phase !== 'created' || !created.session) return closeQuietly(win);
    const url = created.session.widgetUrl;

    if (host.launch === 'redirect') {
      launched('redirect');
      window.location.assign(url);
    } else if (win && navigate(win, url)) {
      rememberWindow(store, win);
      launched(host.launch);
    } else if (openTab(url)) launched('tab');
    else setBlocked(true);
  };

  return { launch, blocked, launchedByLink: () => launched('link') };
}
