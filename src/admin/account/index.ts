/** The account section chunk (loaded on demand by the portal and its section element). */
export { AccountView as default } from './AccountView.tsx';
