/** The profile section chunk (loaded on demand by the portal and its section element), with its preview answers. */
import { addPreviewRoutes } from '../../preview/section-routes.ts';
import { previewProfile } from './preview.ts';

addPreviewRoutes(previewProfile);

export { ProfileView as default } from './ProfileView.tsx';
