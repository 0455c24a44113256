/** The groups section chunk (loaded on demand by the portal and its section element), with its preview answers. */
import { addPreviewRoutes } from '../../preview/section-routes.ts';
import { previewGroups } from './preview.ts';

addPreviewRoutes(previewGroups);

export { GroupsView as default } from './GroupsView.tsx';
