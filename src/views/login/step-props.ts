import type { Dispatch, SetStateAction } from 'react';
import type { LoginEvent, LoginSnapshot } from '../../../machines/login.machine.ts';
import type { Translate } from '../../i18n/index.ts';

/** What the login box's step views get: the host (light-DOM forms), texts, the login snapshot and `send`, and the field errors shared across steps. */
export interface LoginStepProps {
  host: HTMLElement;
  t: Translate;
  snapshot: LoginSnapshot;
  send: (e: LoginEvent) => void;
  fieldErrors: Record<string, string>;
  setFieldErrors: Dispatch<SetStateAction<Record<string, string>>>;
}
