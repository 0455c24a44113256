/** The roles section chunk (loaded on demand by the portal and its section element), with its preview answers. */
import { addPreviewRoutes } from '../../preview/section-routes.ts';
import { previewRoles } from './preview.ts';

addPreviewRoutes(previewRoles);

export { RolesView as default } from './RolesView.tsx';
