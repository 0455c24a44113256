/**
 * The profile section's canned answers in preview mode (`<fe-app preview>`, admin spec §1): its writes (the profile,
 * the picture, an email change) answered as if they worked (nothing is kept). The demo user's profile itself is the
 * sign-in's answer (src/preview/transport.ts `users/v2/me`: the signed-in preview user).
 */
import { writeWorks, type SectionPreviewRoutes } from '../../preview/section-routes.ts';

const R = '/identity/resources';

/** The profile section's writes. */
export const previewProfile: SectionPreviewRoutes = (req) => writeWorks(req, [`${R}/users/v2/me`, `${R}/users/v1/email/me`, '/team/resources/profile/']);

/** The section's preview answers, loaded and registered by the shell in preview mode only (src/admin/shell/preview-answers.ts). */
export default previewProfile;
