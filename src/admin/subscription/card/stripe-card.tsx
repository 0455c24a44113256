/**
 * Stripe Elements card fields (issue 32 item 2): the lazy chunk loaded only when the vendor has a publishable key.
 * Placeholder until the Stripe path lands: it reports an error instead of fields.
 */
import { useEffect } from 'react';
import type { CardFieldsProps } from './provider.ts';

/** The Stripe card fields: not built yet. */
export default function StripeCardFields({ onReady }: CardFieldsProps & { publishableKey: string }) {
  useEffect(() => {
    onReady(() => Promise.resolve({ error: { type: 'api_error', message: 'Stripe Elements are not available in this build.' } }));
  }, [onReady]);
  return null;
}
