// The fe-* tags in TSX, for the React 19 examples (examples/react, examples/nextjs; each tsconfig includes this file).
// React 19 passes a custom element's props as they are: a prop the element has (`options`) is set as a property,
// `onfe-login` becomes `addEventListener('fe-login', …)`, anything else an attribute.
// TODO(types): replace with the React declarations generated from custom-elements.json (JSX.IntrinsicElements).
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { FeAdminPortalElement, FeAppElement, FeLoginBoxElement, FeLoginEvent, FeLogoutEvent, FeNavigateEvent, FeSessionChangeEvent } from 'fe-elements';

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
        'onfe-navigate'?: (event: FeNavigateEvent) => void;
      };
      'fe-login-box': ElementProps<FeLoginBoxElement> & { 'redirect-url'?: string; email?: string };
      'fe-admin-portal': ElementProps<FeAdminPortalElement> & { section?: string };
    }
  }
}
