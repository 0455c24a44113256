/** The profile section chunk (loaded on demand by the portal and its section element). */
export { ProfileView as default } from './ProfileView.tsx';
