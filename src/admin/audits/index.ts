/** The audits section chunk (loaded on demand by the portal and its section element), with its preview answers. */
import { addPreviewRoutes } from '../../preview/section-routes.ts';
import { previewAudits } from './preview.ts';

addPreviewRoutes(previewAudits);

export { AuditsView as default } from './AuditsView.tsx';
