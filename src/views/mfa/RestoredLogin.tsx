/**
 * `<fe-login-box initial-state=…>` (stories, tests): starts the login flow
 * from a {@link LoginStateSpec} restored by machines/restore.ts, with the `mfa`
 * actor provided so that a restored MFA child runs with the app's calls.
 * Loaded on demand (React.lazy in src/views/login/LoginBox.tsx): neither the
 * restore helper nor the MFA machine is on the first-input path.
 */
import { useState, type ComponentType } from 'react';
import type { LoginStateSpec } from '../../../machines/login.machine.ts';
import { loginSnapshotFrom } from '../../../machines/restore.ts';
import type { FeApp } from '../../app/app.ts';
import type { createLoginLogic, LoginBoxProps, Restored } from '../login/LoginBox.tsx';
import { createMfaLogic } from './mfa-logic.ts';

type FlowProps = LoginBoxProps & { app: FeApp; host: HTMLElement };

/** Restores `initialState` (JSON) once, then renders `Flow` from that snapshot. */
export default function RestoredLogin({ Flow, createLogic, ...props }: FlowProps & { createLogic: typeof createLoginLogic; Flow: ComponentType<FlowProps & { restored?: Restored }> }) {
  const [restored] = useState<Restored>(() => {
    const logic = createLogic(props.app, props.host).provide({ actors: { mfa: createMfaLogic(props.app, props.host) } });
    return { logic, snapshot: loginSnapshotFrom(logic, JSON.parse(props.initialState!) as LoginStateSpec) };
  });
  return <Flow {...props} restored={restored} />;
}
