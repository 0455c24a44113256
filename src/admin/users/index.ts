/** The users section chunk (loaded on demand by the portal and `<fe-admin-users>`). */
export { UsersView as default } from './UsersView.tsx';
