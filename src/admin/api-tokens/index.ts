/** The api-tokens section chunk (loaded on demand by the portal and its section element). */
export { ApiTokensView as default } from './ApiTokensView.tsx';
