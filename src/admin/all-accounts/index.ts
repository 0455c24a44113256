/** The allAccounts section chunk (loaded on demand by the portal and its section element); its preview answers are its `preview.ts`, loaded by the shell in preview mode only. */
export { AllAccountsView as default } from './AllAccountsView.tsx';
