/** The groups section chunk (loaded on demand by the portal and its section element). */
export { GroupsView as default } from './GroupsView.tsx';
