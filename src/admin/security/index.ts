/** The security section chunk (loaded on demand by the portal and its section element), with its preview answers. */
import { addPreviewRoutes } from '../../preview/section-routes.ts';
import { previewSecurity } from './preview.ts';
import { previewRestrictions } from './preview-restrictions.ts';

addPreviewRoutes(previewSecurity);
for (const answer of previewRestrictions) addPreviewRoutes(answer);

export { SecurityView as default } from './SecurityView.tsx';
