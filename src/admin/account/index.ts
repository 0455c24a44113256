/** The account section chunk (loaded on demand by the portal and its section element), with its preview answers. */
import { addPreviewRoutes } from '../../preview/section-routes.ts';
import { previewAccount } from './preview.ts';

addPreviewRoutes(previewAccount);

export { AccountView as default } from './AccountView.tsx';
