/** The provisioning section chunk (loaded on demand by the portal and its section element), with its preview answers. */
import { addPreviewRoutes } from '../../preview/section-routes.ts';
import { previewProvisioning } from './preview.ts';

addPreviewRoutes(previewProvisioning);

export { ProvisioningView as default } from './ProvisioningView.tsx';
