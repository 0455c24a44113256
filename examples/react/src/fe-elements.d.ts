// The fe-* tags in TSX. React 19 passes what JSX gives a custom element as it is: `options` becomes a property
// (the element has it), `onfe-login` an `addEventListener('fe-login', …)`, anything else an attribute.
// TODO(types): replace with the React declarations generated from custom-elements.json (JSX.IntrinsicElements).
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { FeAdminPortalElement, FeAppElement, FeLoginBoxElement, FeLoginEvent, FeLogoutEvent, FeSessionChangeEvent } from 'fe-elements';

type ElementProps<T> = DetailedHTMLProps<HTMLAttributes<T>, T>;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'fe-app': ElementProps<FeAppElement> & {
        'base-url': string;
        'client-id'?: string;
        options?: FeAppElement['options'];
        'onfe-login'?: (event: FeLoginEvent) => void;
        'onfe-logout'?: (event: FeLogoutEvent) => void;
        'onfe-session-change'?: (event: FeSessionChangeEvent) => void;
      };
      'fe-login-box': ElementProps<FeLoginBoxElement> & { 'redirect-url'?: string; email?: string };
      'fe-admin-portal': ElementProps<FeAdminPortalElement> & { section?: string };
    }
  }
}
