/** The api-tokens section chunk (loaded on demand by the portal and its section element), with its preview answers. */
import { addPreviewRoutes } from '../../preview/section-routes.ts';
import { previewTokens } from './preview.ts';

addPreviewRoutes(previewTokens);

export { ApiTokensView as default } from './ApiTokensView.tsx';
