import { addMessages } from '../../src/i18n/index.ts';
import { enAdmin } from '../../src/i18n/en-admin.ts';
import { adminCss } from '../../src/admin/ui/styles.ts';
import { sectionElement } from '../internal/section-element.tsx';
import { defineElement } from '../internal/react-element.ts';
import '../fe-app.ts';

addMessages('en', enAdmin);

/**
 * The privacy section on its own (admin spec §2 "privacy", §3 "Session"; AB-3.19, AB-7.39; api-contract §S, §U): the
 * signed-in user's two-factor devices — authenticator apps (QR code and setup key, then the first code), phones
 * (a texted code), security keys and passkeys (the browser's WebAuthn dialog) — with add and remove (removal proves
 * possession: a code of that app or phone, a touch of that key), the recovery code shown once after the first
 * device; and the user's sessions ("Chrome on macOS", IP address, sign-in time, "This device") with sign-out of one
 * session or of all others, each confirmed. Needs no permission key: every signed-in user manages their own
 * devices and sessions. Must sit inside `<fe-app>`.
 *
 * @tag fe-admin-privacy
 * @summary Manage the signed-in user's two-factor devices and sessions.
 *
 * @csspart error - A failure (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 * @cssprop [--fe-color-surface=#ffffff] - Background of the lists and dialogs.
 * @cssprop [--fe-color-danger=#b91c1c] - Colour of errors and of the remove buttons in dialogs.
 */
export class FeAdminPrivacyElement extends sectionElement('privacy', adminCss) {}

defineElement('fe-admin-privacy', FeAdminPrivacyElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-admin-privacy': FeAdminPrivacyElement;
  }
}
