/** The roles section chunk (loaded on demand by the portal and its section element). */
export { RolesView as default } from './RolesView.tsx';
