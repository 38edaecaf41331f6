// The api client of one widget instance, handed to the hooks by context (never a module singleton).
import { createContext, useContext, type ReactNode } from 'react';
import type { RampClient } from '../api';

const RampClientContext = createContext<RampClient | null>(null);

export function RampClientProvider({ client, children }: { client: RampClient; children: ReactNode }) {
  return <RampClientContext.Provider value={client}>{children}</RampClientContext.Provider>;
}

export function useRampClient(): RampClient {
  const client = useContext(RampClientContext);
  if (!client) throw new Error('ramp-checkout: hooks of src/queries need a RampClientProvider');
  return client;
}
