/** The privacy section chunk (loaded on demand by the portal and its section element). */
export { PrivacyView as default } from './PrivacyView.tsx';
