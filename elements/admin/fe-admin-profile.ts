import { addMessages } from '../../src/i18n/index.ts';
import { enAdmin } from '../../src/i18n/en-admin.ts';
import { adminCss } from '../../src/admin/ui/styles.ts';
import { sectionElement } from '../internal/section-element.tsx';
import { defineElement } from '../internal/react-element.ts';
import '../fe-app.ts';

addMessages('en', enAdmin);

/**
 * The profile section on its own (admin spec §2 "profile", §3 "Profile fields", §4 picture rule, §8 "No changes to
 * update"; SI-3.07, AB-5.02, AB-7.28): the signed-in user's name, phone number, address, job title and picture; a
 * save sends only the changed fields, and the picture (chosen with a file input, previewed, uploaded on save) only
 * when it is a new image. Each field follows its appearance in `options.adminPortal.profile.fields` (`name`,
 * `phoneNumber`, `address`, `jobTitle`, `picture`: `hidden`, `viewOnly` or `edit`). Change password (current, new,
 * confirmation; named for password managers) and change email (a code mailed to the new address) are dialogs.
 * Needs no permission key: every signed-in user has a profile. Must sit inside `<fe-app>`.
 *
 * @tag fe-admin-profile
 * @summary Edit the signed-in user's profile, email and password.
 *
 * @csspart error - A failure (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 * @cssprop [--fe-color-surface=#ffffff] - Background of the form and dialogs.
 * @cssprop [--fe-color-danger=#b91c1c] - Colour of errors.
 */
export class FeAdminProfileElement extends sectionElement('profile', adminCss) {}

defineElement('fe-admin-profile', FeAdminProfileElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-admin-profile': FeAdminProfileElement;
  }
}
