/** The email channel of the webhooks section (AB-5.03, AB-5.04): who gets an email for each event (./RecipientsPanel.tsx). */
import { RecipientsPanel } from './RecipientsPanel.tsx';

/** The email panel: every event's recipient addresses and switch. */
export function EmailPanel() {
  return <RecipientsPanel channel="email" />;
}
