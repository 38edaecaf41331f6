// The choices the lists imply (src/checkout/sync.ts: the country's default, else the first entry; a
// choice a list no longer offers is replaced; the default amount within the limits), sent as the
// machine's events: ids and strings, never the lists or their facts. Before the browser paints (a
// layout effect), so the choices the lists confirm show in the same frame as the lists. An event the
// machine already agrees with changes nothing, so this settles.
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import type { SyncLists } from '../../checkout';
import { syncEvents } from '../../checkout';
import { knownRate } from '../../queries';
import type { CheckoutHost } from './context';
import { useCheckoutStore } from './context';
import type { CheckoutData } from './data';

export function useListDefaults(data: CheckoutData, host: CheckoutHost): void {
  const store = useCheckoutStore();
  const qc = useQueryClient();
  const { discovery: d } = data;
  const s = store.getState().state.selection;
  const lists: SyncLists = {
    countries: d.countries.isReady ? d.countries.items : undefined,
    bootstrapCountry: d.bootstrap.country,
    browserCountry: host.countryHint,
    fiat: d.fiat.isReady ? d.fiat : undefined,
    crypto: d.crypto.isReady ? { options: data.cryptoOptions, chosen: data.crypto } : undefined,
    methods: d.methods.isReady ? d.methods : undefined,
    rate: knownRate(qc, s.fiatCurrency, s.crypto?.currencyCode),
  };
  // After every render of the runtime: the state it is compared with is the store's latest.
  useLayoutEffect(() => {
    const { send, state } = store.getState();
    for (const event of syncEvents(state, lists, data.facts)) send(event, data.facts);
  });
}
