/** The sso section chunk (loaded on demand by the portal and its section element), with its preview answers. */
import { addPreviewRoutes } from '../../preview/section-routes.ts';
import { previewSso } from './preview.ts';

addPreviewRoutes(previewSso);

export { SsoView as default } from './SsoView.tsx';
