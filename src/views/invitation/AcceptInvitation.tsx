import { useStore } from '@nanostores/react';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { dispatch } from '../../../elements/internal/react-element.ts';
import { hostOf, useLitContext } from '../../../elements/internal/use-lit-context.ts';
import {
  acceptInvitationMachine,
  acceptInvitationStep,
  acceptInvitationSuccessStep,
  type AcceptInvitationContext,
  type AcceptInvitationEvent,
  type AcceptInvitationSnapshot,
  type InvitationMode,
} from '../../../machines/accept-invitation.machine.ts';
import { createInvitationApi } from '../../api/invitation.ts';
import { createUsersApi } from '../../api/users.ts';
import { appContext } from '../../app/context.ts';
import type { FeApp } from '../../app/app.ts';
import type { Translate } from '../../i18n/index.ts';
import '../../i18n/en-invitation.ts';
import '../../i18n/en-password.ts';
import { publicUser } from '../login/LoginBox.tsx';
import { goTo, restore } from '../password/ForgotPassword.tsx';
import * as c from '../shared/card.css.ts';
import { Card, digitsOf, errorText, Field, focusFirstInvalid, LightForm, NoProvider, SubmitButton } from '../shared/ui.tsx';
import { NewPasswordFields, newPasswordErrors } from '../shared/new-password.tsx';

/** Props of `<fe-accept-invitation>`. */
export interface AcceptInvitationProps {
  container?: ShadowRoot | HTMLElement;
  /** `code` for `/account/invitation/code` (the emailed 6-digit code), `link` for the link; default `code` on the app's acceptInvitationWithOTCUrl page, else `link`. */
  mode?: string;
  /** Default the page's `userId` query parameter. */
  userId?: string;
  /** Default the page's `token` query parameter. */
  token?: string;
  /** Where to go once signed in; default the page's `redirectUrl` query parameter, else the authenticated URL. */
  redirectUrl?: string;
  /** For stories and tests: a JSON `{ value, context }` to start the machine in. */
  initialState?: string;
}

/** Context defaults of a restored state (stories, tests). */
const RESTORE_DEFAULTS: AcceptInvitationContext = {
  mode: 'link',
  userId: 'u',
  token: 't',
  code: '',
  tenantName: null,
  accepted: null,
  passwordConfig: { minLength: 8 },
  error: null,
};

/** `<fe-accept-invitation>`'s React root. */
export function AcceptInvitation(props: AcceptInvitationProps) {
  const host = hostOf(props.container);
  const app = useLitContext(host, appContext);
  if (!host) return null;
  if (!app) return <NoProvider />;
  return <AcceptInvitationFlow app={app} host={host} {...props} />;
}

/** The accept-invitation machine with the app's calls and the element's DOM events. */
export function createAcceptInvitationLogic(app: FeApp, host: HTMLElement, redirectUrl: string | null) {
  const api = createInvitationApi(app.client);
  return acceptInvitationMachine.provide({
    actors: {
      accept: fromPromise(async ({ input }) => {
        const answer = input.mode === 'code' ? await api.acceptInvitationWithCode({ userId: input.userId, token: input.token, code: input.code ?? '' }) : await api.acceptInvitation(input);
        const passwordConfig = answer.shouldSetPassword ? await createUsersApi(app.client).getPasswordConfig(answer.userId ?? input.userId).catch(() => ({})) : undefined;
        return { ...answer, passwordConfig };
      }),
      activate: fromPromise(async ({ input }) => {
        const response = await api.activate(input);
        const result = await app.completeLogin(response);
        return result ? { user: result.user } : null;
      }),
    },
    actions: {
      notifyAccepted: ({ context }) =>
        dispatch(host, 'fe-invitation-accept', {
          userId: context.accepted?.userId ?? context.userId,
          tenantId: context.accepted?.tenantId,
          tenantName: context.tenantName ?? undefined,
          shouldSetPassword: !!context.accepted?.shouldSetPassword,
        }),
      notifyLogin: (_, { user }) => dispatch(host, 'fe-login', { user: publicUser(user), restored: false }),
      navigateAfterLogin: () => {
        const url = new URL(app.resolvePostAuthUrl(redirectUrl), location.href).href;
        if (dispatch(host, 'fe-navigate', { url }, { cancelable: true }) && url !== location.href) app.navigate(url);
      },
      notifyError: ({ context }) => dispatch(host, 'fe-error', { ...context.error, message: errorText(app.i18n.$t.get(), context.error) }),
    },
  });
}

function AcceptInvitationFlow({ app, host, mode, userId, token, redirectUrl, initialState }: AcceptInvitationProps & { app: FeApp; host: HTMLElement }) {
  const t = useStore(app.i18n.$t);
  const query = new URLSearchParams(location.search);
  // without the attribute (e.g. rendered by <fe-routes>), the page decides
  const flowMode: InvitationMode = mode === 'code' || mode === 'link' ? mode : location.pathname === app.routes.acceptInvitationWithOTCUrl ? 'code' : 'link';
  const [logic] = useState(() => createAcceptInvitationLogic(app, host, redirectUrl ?? query.get('redirectUrl')));
  const [snapshot, send] = useMachine(logic, {
    input: { mode: flowMode, userId: userId ?? query.get('userId'), token: token ?? query.get('token'), code: flowMode === 'code' ? query.get('code') : null },
    snapshot: initialState ? restore(logic, initialState, { ...RESTORE_DEFAULTS, mode: flowMode }) : undefined,
  });
  return <AcceptInvitationSteps app={app} host={host} t={t} snapshot={snapshot} send={send} />;
}

/** Pure view of the accept-invitation flow: the snapshot decides what shows. */
export function AcceptInvitationSteps({
  app,
  host,
  t,
  snapshot,
  send,
}: {
  app: FeApp;
  host: HTMLElement;
  t: Translate;
  snapshot: AcceptInvitationSnapshot;
  send: (event: AcceptInvitationEvent) => void;
}) {
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const step = acceptInvitationStep(snapshot);
  const busy = snapshot.hasTag('busy');
  const { context } = snapshot;
  const tenant = context.tenantName;
  const signIn = (
    <button type="button" className={c.button} onClick={() => goTo(app, host, app.routes.loginUrl)}>
      {t('invitation.signIn')}
    </button>
  );
  const back = (
    <button type="button" className={c.linkButton} onClick={() => goTo(app, host, app.routes.loginUrl)}>
      {t('login.backToLogin')}
    </button>
  );

  if (step === 'invalid') return <Card step="invalid" title={t('invitation.invalid.title')} subtitle={t('invitation.invalid.body')} footer={back} />;
  if (step === 'failed') {
    return <Card step="failed" title={t('invitation.failed.title')} subtitle={t('invitation.failed.body')} error={errorText(t, context.error)} footer={back} />;
  }
  if (step === 'pending') return <Card step="pending" title={t('invitation.title')} busyText={t('invitation.pending')} />;

  if (step === 'success') {
    const sub = acceptInvitationSuccessStep(snapshot);
    if (sub === 'signedIn') {
      return (
        <Card
          step="signedIn"
          title={t('invitation.signedIn.title')}
          subtitle={tenant ? t('invitation.signedIn.body', { tenant }) : t('invitation.signedIn.bodyNoTenant')}
          busyText={t('common.loading')}
        />
      );
    }
    if (sub === 'setPassword') {
      const min = context.passwordConfig.minLength;
      const onSubmit = (data: FormData, form: HTMLFormElement) => {
        const errors = newPasswordErrors(t, 'invitation', data, context.passwordConfig);
        setFieldErrors(errors);
        if (Object.keys(errors).length) return focusFirstInvalid(form);
        send({ type: 'password.submit', password: String(data.get('password')) });
      };
      return (
        <Card
          step="setPassword"
          title={t('invitation.setPassword.title')}
          subtitle={tenant ? t('invitation.setPassword.body', { tenant }) : t('invitation.setPassword.bodyNoTenant')}
          error={errorText(t, context.error)}
        >
          <LightForm host={host} name="acceptInvitationPassword" busy={busy} onSubmit={onSubmit} focusKey="setPassword">
            <NewPasswordFields t={t} flow="invitation" min={min} errors={fieldErrors} />
            <SubmitButton busy={busy} label={t('invitation.setPassword.submit')} busyLabel={t('invitation.setPassword.busy')} />
          </LightForm>
        </Card>
      );
    }
    return (
      <Card step="success" title={t('invitation.success.title')} subtitle={tenant ? t('invitation.success.body', { tenant }) : t('invitation.success.bodyNoTenant')}>
        {signIn}
      </Card>
    );
  }

  // validate: the code variant asks for the emailed code; the link variant only passes through
  if (context.mode !== 'code') return <Card step="validate" title={t('invitation.title')} busyText={t('invitation.checking')} />;
  const onSubmit = (data: FormData, form: HTMLFormElement) => {
    const code = digitsOf(data.get('code'));
    const problem = code.length === 6 ? '' : t('invitation.code.required');
    setFieldErrors(problem ? { code: problem } : {});
    if (problem) return focusFirstInvalid(form);
    send({ type: 'code.submit', code });
  };
  return (
    <Card step="validate" title={t('invitation.code.title')} subtitle={t('invitation.code.body')} error={errorText(t, context.error)} footer={back}>
      <LightForm host={host} name="acceptInvitationCode" busy={busy} onSubmit={onSubmit} focusKey={`validate-${context.error?.message ?? ''}`}>
        <Field label={t('invitation.code.label')} name="code" inputMode="numeric" autoComplete="one-time-code" code error={fieldErrors.code} />
        <SubmitButton busy={busy} label={t('invitation.code.submit')} busyLabel={t('invitation.code.busy')} />
      </LightForm>
    </Card>
  );
}
