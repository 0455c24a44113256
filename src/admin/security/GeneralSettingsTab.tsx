/**
 * The security section's general settings (AB-3.24–3.26, AB-7.29): the MFA policy (who must use MFA: DontForce,
 * Force or ForceExceptSAML, and — when the server's policy has them — remembered devices and their days), user
 * lockout (on/off, attempts 1–100) and password history (on/off, size 1–10). Each block reads and saves on its own
 * (AB-4.01): progress on its button, a toast once the server's copy is read back, and on a failure the alert with
 * the server's message while the block keeps what the admin typed.
 */
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { useState } from 'react';
import type { LockoutPolicy, MfaPolicy, PasswordHistoryPolicy } from '../../api/security.ts';
import { ENFORCE_MFA_TYPES } from '../resources/security.ts';
import { createSecurityResource } from '../resources/security.ts';
import { useSection } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import * as securityCss from './security.css.ts';
import { CheckboxRow } from '../ui/form.tsx';
import { useSave } from '../ui/use-save.ts';
import { DAY_SECONDS, HISTORY_SIZE, inRange, MAX_ATTEMPTS, REMEMBER_DAYS } from './model.ts';
import { NumberField, PolicyForm, useDraft } from './PolicyForm.tsx';

/** The general settings tab: three blocks, each with its own state. */
export function GeneralSettingsTab({ canWrite }: { canWrite: boolean }) {
  return (
    <div className={css.section}>
      <MfaBlock canWrite={canWrite} />
      <SwitchAndNumberBlock kind="lockout" canWrite={canWrite} />
      <SwitchAndNumberBlock kind="history" canWrite={canWrite} />
    </div>
  );
}

/** The MFA policy block (AB-3.24). */
function MfaBlock({ canWrite }: { canWrite: boolean }) {
  const { t, resources, toasts } = useSection();
  const security = resources.use(createSecurityResource);
  const state = useStore(security.$mfa);
  const save = useSave();
  const draft = useDraft<MfaPolicy & { days?: string }>(state.data ? { ...state.data, days: daysOf(state.data) } : undefined);
  const [problem, setProblem] = useState(false);
  const policy = draft.value;
  const remembers = policy?.allowRememberMyDevice !== undefined;
  const hasDays = policy?.mfaDeviceExpiration !== undefined;

  const submit = () => {
    if (!policy) return;
    const daysOk = !hasDays || !policy.allowRememberMyDevice || inRange(policy.days ?? '', REMEMBER_DAYS);
    setProblem(!daysOk);
    if (!daysOk) return;
    const body: Omit<MfaPolicy, 'createdAt' | 'updatedAt'> = { id: policy.id, enforceMFAType: policy.enforceMFAType };
    if (remembers) body.allowRememberMyDevice = policy.allowRememberMyDevice;
    if (hasDays) body.mfaDeviceExpiration = inRange(policy.days ?? '', REMEMBER_DAYS) ? Number(policy.days) * DAY_SECONDS : policy.mfaDeviceExpiration;
    void save.run(
      () => security.saveMfa.run(body),
      () => {
        draft.clear();
        toasts.show(t('admin.security.mfa.saved'));
      },
    );
  };

  return (
    <PolicyForm kind="mfa" state={state} retry={() => security.$mfa.revalidate()} save={save} canWrite={canWrite} onSubmit={submit}>
      {policy ? (
        <>
          <fieldset className={securityCss.choices}>
            <legend className={securityCss.choicesLabel}>{t('admin.security.mfa.enforce')}</legend>
            {ENFORCE_MFA_TYPES.map((type) => (
              <label key={type} className={`${css.checkboxRow} ${css.alignStart}`}>
                <input
                  type="radio"
                  className={securityCss.mfaRadio}
                  name="enforceMFAType"
                  value={type}
                  checked={policy.enforceMFAType === type}
                  disabled={!canWrite}
                  aria-describedby={`fe-security-mfa-${type}-hint`}
                  onChange={() => draft.edit({ enforceMFAType: type })}
                />
                <span className={css.cellStack}>
                  <span>{t(`admin.security.mfa.${type}`)}</span>
                  <span id={`fe-security-mfa-${type}-hint`} className={css.hint}>
                    {t(`admin.security.mfa.${type}.hint`)}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          {remembers ? (
            <CheckboxRow
              name="allowRememberMyDevice"
              checked={!!policy.allowRememberMyDevice}
              disabled={!canWrite}
              aria-describedby="fe-security-mfa-remember-hint"
              onChange={(on) => draft.edit({ allowRememberMyDevice: on })}
            >
              {t('admin.security.mfa.remember')}
              <span id="fe-security-mfa-remember-hint" className={`${css.hint} ${css.block}`}>
                {t('admin.security.mfa.remember.hint')}
              </span>
            </CheckboxRow>
          ) : null}
          {remembers && hasDays && policy.allowRememberMyDevice ? (
            <NumberField
              id="fe-security-mfa-days"
              name="mfaDeviceExpiration"
              label={t('admin.security.mfa.rememberDays')}
              value={policy.days ?? ''}
              min={REMEMBER_DAYS.min}
              max={REMEMBER_DAYS.max}
              readOnly={!canWrite}
              error={problem ? t('admin.security.mfa.rememberDays.error') : undefined}
              onChange={(days) => {
                setProblem(false);
                draft.edit({ days });
              }}
            />
          ) : null}
        </>
      ) : null}
    </PolicyForm>
  );
}

/** The remembered-device days of a policy (its seconds, whole days, as the field shows them). */
function daysOf(policy: MfaPolicy): string | undefined {
  return policy.mfaDeviceExpiration === undefined ? undefined : String(Math.max(1, Math.round(policy.mfaDeviceExpiration / DAY_SECONDS)));
}

/** The policies of a {@link SwitchAndNumberBlock}. */
type NumberPolicy = LockoutPolicy | PasswordHistoryPolicy;

/** Each number block's field, its bounds, and its store and save in the security resource. */
const NUMBER_BLOCKS = {
  lockout: { field: 'maxAttempts', bounds: MAX_ATTEMPTS, store: '$lockout', save: 'saveLockout' },
  history: { field: 'historySize', bounds: HISTORY_SIZE, store: '$passwordHistory', save: 'savePasswordHistory' },
} as const;

/** The lockout (AB-3.25) or password-history (AB-3.26) block: an on/off switch and a bounded number. */
function SwitchAndNumberBlock({ kind, canWrite }: { kind: keyof typeof NUMBER_BLOCKS; canWrite: boolean }) {
  const security = useSection().resources.use(createSecurityResource);
  const { field, bounds, store, save: saveName } = NUMBER_BLOCKS[kind];
  const $policy = security[store] as ReadableAtom<{ data?: NumberPolicy; loading: boolean; error?: unknown }> & { revalidate(): void };
  const saveMutation = security[saveName] as unknown as { run(body: NumberPolicy): Promise<NumberPolicy> };
  const state = useStore($policy);
  const { t, toasts } = useSection();
  const save = useSave();
  const stored = state.data ? { enabled: state.data.enabled, value: String((state.data as unknown as Record<string, number>)[field]) } : undefined;
  const draft = useDraft(stored);
  const [problem, setProblem] = useState(false);
  const id = `fe-security-${kind}`;

  const submit = () => {
    const form = draft.value;
    if (!form || !state.data) return;
    const ok = inRange(form.value, bounds);
    // a switched-off policy keeps its stored number when what was typed is not valid
    if (!ok && form.enabled) {
      setProblem(true);
      return;
    }
    setProblem(false);
    const value = ok ? Number(form.value) : (state.data as unknown as Record<string, number>)[field];
    const body = { id: state.data.id, enabled: form.enabled, [field]: value } as unknown as NumberPolicy;
    void save.run(
      () => saveMutation.run(body),
      () => {
        draft.clear();
        toasts.show(t(`admin.security.${kind}.saved`));
      },
    );
  };

  return (
    <PolicyForm kind={kind} state={state} retry={() => $policy.revalidate()} save={save} canWrite={canWrite} onSubmit={submit}>
      {draft.value ? (
        <>
          <CheckboxRow name="enabled" role="switch" checked={draft.value.enabled} disabled={!canWrite} onChange={(enabled) => draft.edit({ enabled })}>
            {t(`admin.security.${kind}.enabled`)}
          </CheckboxRow>
          <NumberField
            id={`${id}-${field}`}
            name={field}
            label={t(`admin.security.${kind}.${field}` as 'admin.security.lockout.maxAttempts')}
            hint={t(`admin.security.${kind}.${field}.hint` as 'admin.security.lockout.maxAttempts.hint')}
            error={problem ? t(`admin.security.${kind}.${field}.error` as 'admin.security.lockout.maxAttempts.error') : undefined}
            value={draft.value.value}
            min={bounds.min}
            max={bounds.max}
            readOnly={!canWrite}
            onChange={(value) => {
              setProblem(false);
              draft.edit({ value });
            }}
          />
        </>
      ) : null}
    </PolicyForm>
  );
}
