/** The privacy section chunk (loaded on demand by the portal and its section element), with its preview answers. */
import { addPreviewRoutes } from '../../preview/section-routes.ts';
import { previewPhoneNumbers } from './phone-numbers-preview.ts';
import { previewPrivacy } from './preview.ts';

addPreviewRoutes(previewPrivacy);
addPreviewRoutes(previewPhoneNumbers);

export { PrivacyView as default } from './PrivacyView.tsx';
