/** The users section chunk (loaded on demand by the portal and `<fe-admin-users>`), with its preview answers. */
import { addPreviewRoutes } from '../../preview/section-routes.ts';
import { previewUsers } from './preview.ts';

addPreviewRoutes(previewUsers);

export { UsersView as default } from './UsersView.tsx';
