/**
 * The security section's session management (SI-3.11; admin spec §3 "Session management fields"): the idle session
 * timeout, force re-login (the session lifetime) and the maximum concurrent sessions, each with an on/off switch and
 * its value — the timeouts as a whole number of minutes, hours or days, sent in SECONDS in Frontegg's body shape
 * (`sessionIdleTimeoutConfiguration {isActive, timeout}`, `sessionTimeoutConfiguration {isActive, timeout}`,
 * `sessionConcurrentConfiguration {isActive, maxSessions}`). One save for the tab: progress, the server's copy read
 * back, a toast; a refused or failed save keeps what was typed, with the message announced.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { createSecurityResource } from '../resources/security.ts';
import { useSection } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import * as securityCss from './security.css.ts';
import { CheckboxRow } from '../ui/form.tsx';
import { useSave } from '../ui/use-save.ts';
import { useUnsavedChanges } from '../ui/use-unsaved-changes.ts';
import { DURATION_UNITS, MAX_SESSIONS, sessionBody, sessionForm, type DurationUnit, type SessionForm, type SessionProblems } from './model.ts';
import { NumberField, PolicyForm } from './PolicyForm.tsx';

/** The session management tab. */
export function SessionManagementTab({ canWrite }: { canWrite: boolean }) {
  const { t, resources, toasts } = useSection();
  const security = resources.use(createSecurityResource);
  const state = useStore(security.$sessions);
  const save = useSave();
  const [draft, setDraft] = useState<SessionForm | null>(null);
  const [problems, setProblems] = useState<SessionProblems>({});
  const stored = state.data ? sessionForm(state.data) : null;
  const form = draft ?? stored;
  // leaving with edits not saved asks first (issue 31 item 2)
  useUnsavedChanges(draft !== null && JSON.stringify(draft) !== JSON.stringify(stored));
  const edit = <K extends keyof SessionForm>(key: K, patch: Partial<SessionForm[K]>) => {
    if (!form) return;
    // over the latest draft (two changes before a render — preact batches them — both count)
    setDraft((d) => {
      const f = d ?? form;
      return { ...f, [key]: { ...f[key], ...patch } };
    });
    if (problems[key]) setProblems((p) => ({ ...p, [key]: undefined }));
  };

  const submit = () => {
    if (!form || !state.data) return;
    const result = sessionBody(form, state.data);
    if ('problems' in result) {
      setProblems(result.problems);
      return;
    }
    setProblems({});
    void save.run(
      () => security.saveSessions.run(result.body),
      () => {
        setDraft(null);
        toasts.show(t('admin.security.sessions.saved'));
      },
    );
  };

  const timeout = (key: 'idle' | 'relogin') =>
    form ? (
      <fieldset className={securityCss.choices} aria-describedby={`fe-security-${key}-hint`}>
        <legend className={securityCss.choicesTitle}>{t(`admin.security.sessions.${key}.title`)}</legend>
        <CheckboxRow name={`${key}Active`} role="switch" checked={form[key].isActive} disabled={!canWrite} onChange={(isActive) => edit(key, { isActive })}>
          {t(`admin.security.sessions.${key}.enabled`)}
        </CheckboxRow>
        <span id={`fe-security-${key}-hint`} className={css.hint}>
          {t(`admin.security.sessions.${key}.hint`)}
        </span>
        <div className={`${css.toolbar} ${css.alignStart}`}>
          <NumberField
            id={`fe-security-${key}-timeout`}
            name={`${key}Timeout`}
            label={t('admin.security.sessions.timeout')}
            value={form[key].value}
            min={1}
            max={525_600}
            readOnly={!canWrite}
            error={problems[key] ? t('admin.security.sessions.duration.error') : undefined}
            onChange={(value) => edit(key, { value })}
          />
          <div className={css.field}>
            <label className={css.label} htmlFor={`fe-security-${key}-unit`}>
              {t('admin.security.sessions.unit')}
            </label>
            <select
              id={`fe-security-${key}-unit`}
              name={`${key}Unit`}
              className={css.input}
              value={form[key].unit}
              disabled={!canWrite}
              onChange={(e) => edit(key, { unit: e.target.value as DurationUnit })}
            >
              {DURATION_UNITS.map((u) => (
                <option key={u} value={u}>
                  {t(`admin.security.unit.${u}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </fieldset>
    ) : null;

  return (
    <PolicyForm kind="sessions" state={state} retry={() => security.$sessions.revalidate()} save={save} canWrite={canWrite} onSubmit={submit}>
      {form ? (
        <>
          {timeout('idle')}
          {timeout('relogin')}
          <fieldset className={securityCss.choices} aria-describedby="fe-security-concurrent-hint">
            <legend className={securityCss.choicesTitle}>{t('admin.security.sessions.concurrent.title')}</legend>
            <CheckboxRow name="concurrentActive" role="switch" checked={form.concurrent.isActive} disabled={!canWrite} onChange={(isActive) => edit('concurrent', { isActive })}>
              {t('admin.security.sessions.concurrent.enabled')}
            </CheckboxRow>
            <span id="fe-security-concurrent-hint" className={css.hint}>
              {t('admin.security.sessions.concurrent.hint')}
            </span>
            <NumberField
              id="fe-security-max-sessions"
              name="maxSessions"
              label={t('admin.security.sessions.maxSessions')}
              value={form.concurrent.maxSessions}
              min={MAX_SESSIONS.min}
              max={MAX_SESSIONS.max}
              readOnly={!canWrite}
              error={problems.concurrent ? t('admin.security.sessions.maxSessions.error') : undefined}
              onChange={(maxSessions) => edit('concurrent', { maxSessions })}
            />
          </fieldset>
        </>
      ) : null}
    </PolicyForm>
  );
}
