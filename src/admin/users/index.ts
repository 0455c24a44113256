/** The users section chunk (loaded on demand by the portal and `<fe-admin-users>`); its preview answers are its `preview.ts`, loaded by the shell in preview mode only. */
export { UsersView as default } from './UsersView.tsx';
