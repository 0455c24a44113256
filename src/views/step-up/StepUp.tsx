/**
 * `<fe-step-up>`'s view (sign-in §4 "Step-up"): renders the step-up
 * machine's snapshot; its `verify` and `noMFAEnrolledStepUp` steps show the
 * MFA steps of its child `mfa` (the MFA machine of sign-in).
 */
import { useSelector } from '@xstate/react';
import { stepUpStep, type StepUpActor, type StepUpSnapshot } from '../../../machines/step-up.machine.ts';
import { errorText, type Translate } from '../../i18n/index.ts';
import { MfaSteps, type MfaRef } from '../mfa/MfaSteps.tsx';
import { useFlow } from '../shared/flow.tsx';
import { useT } from '../../i18n/use-t.ts';
import { Card } from '../shared/ui.tsx';

/** The step-up flow's view. */
export function StepUpView() {
  const { actor, app, host } = useFlow<StepUpActor>();
  const t = useT(app);
  const snapshot = useSelector(actor, (s) => s);
  return <StepUpSteps host={host} t={t} snapshot={snapshot} />;
}

/** Renders a step-up snapshot. */
export function StepUpSteps({ host, t, snapshot }: { host: HTMLElement; t: Translate; snapshot: StepUpSnapshot }) {
  const step = stepUpStep(snapshot);
  switch (step) {
    case 'verify':
    case 'noMFAEnrolledStepUp':
      return <StepUpMfa host={host} t={t} actor={snapshot.children.mfa} step={step} />;
    case 'done':
      return <Card step="done" title={t('stepUp.done.title')} subtitle={t('stepUp.done.body')} />;
    case 'notRequested':
      return <Card step="notRequested" title={t('stepUp.notRequested.title')} subtitle={t('stepUp.notRequested.body')} />;
    case 'failed':
      return <Card step="failed" title={t('stepUp.failed.title')} subtitle={t('stepUp.failed.body')} error={errorText(t, snapshot.context.error)} />;
    case 'loading':
      return <Card step="loading" title={t('stepUp.title')} busyText={t('common.loading')} />;
    default:
      return <Card step={step} title={t('stepUp.title')} subtitle={t('stepUp.body')} busyText={t('stepUp.checking')} />;
  }
}

function StepUpMfa({ host, t, actor, step }: { host: HTMLElement; t: Translate; actor?: MfaRef; step: string }) {
  const snapshot = useSelector(actor, (s) => s);
  if (!actor || !snapshot) return <Card step={step} title={t('stepUp.title')} busyText={t('stepUp.checking')} />;
  return (
    <div data-step-up={step}>
      <MfaSteps host={host} t={t} snapshot={snapshot} send={(e) => actor.send(e)} />
    </div>
  );
}
