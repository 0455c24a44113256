/** The SMS channel of the webhooks section (AB-5.03, AB-5.04): who gets a text message for each event (./RecipientsPanel.tsx). */
import { RecipientsPanel } from './RecipientsPanel.tsx';

/** The SMS panel: every event's E.164 phone numbers and switch. */
export function SmsPanel() {
  return <RecipientsPanel channel="sms" />;
}
