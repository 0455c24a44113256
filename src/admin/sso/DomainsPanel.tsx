/**
 * The domains of an SSO connection, each proven on its own by a DNS TXT record (issue 23 item 4; AB-3.22, AB-7.52;
 * machines/admin-sso-domain.machine.ts): add a domain → the TXT record to publish (name and value, each with a copy
 * button, and what to do) → Validate → validated, or "not found yet, DNS can take a while" (a note, not an error)
 * with a retry. A domain is deleted after a confirmation. Without write permission: the domains and their state only.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { SsoDomain } from '../../api/sso.ts';
import { domainName } from '../../../machines/admin-sso-domain.machine.ts';
import { createSsoResource } from '../resources/sso.ts';
import { useSection } from '../shell/context.ts';
import { useSectionFlow } from '../shell/use-section-flow.ts';
import * as css from '../ui/admin.css.ts';
import * as ssoCss from './sso.css.ts';
import { ConfirmDialog } from '../ui/dialog.tsx';
import { TextField } from '../ui/form.tsx';
import { ErrorSlot } from '../ui/states.tsx';
import { useSave } from '../ui/use-save.ts';
import { ssoDomainFlow } from './flows.ts';
import { DomainBadge } from './parts.tsx';
import { CopyField } from '../ui/copy-field.tsx';

/** The domains of connection `configId`, and the form to add one. */
export function DomainsPanel({ configId, domains, canWrite }: { configId: string; domains: SsoDomain[]; canWrite: boolean }) {
  // the domain the add form just claimed is shown by the form's own flow (its TXT record, Validate) until it starts over
  const { t } = useSection();
  const [claimed, setClaimed] = useState<string | null>(null);
  const [adding, setAdding] = useState(0);
  return (
    <section className={css.form} aria-labelledby={`fe-sso-domains-${configId}`}>
      <h3 id={`fe-sso-domains-${configId}`} className={css.subtitle}>
        {t('admin.sso.domains.title')}
      </h3>
      <p className={`${css.muted} ${css.flush}`}>{t('admin.sso.domains.intro')}</p>
      {domains.length === 0 && !canWrite ? <p className={css.muted}>{t('admin.sso.domains.none')}</p> : null}
      <ul className={ssoCss.cards}>
        {domains
          .filter((d) => d.id !== claimed)
          .map((d) => (
            <li key={d.id}>
              <DomainRow configId={configId} domain={d} canWrite={canWrite} />
            </li>
          ))}
      </ul>
      {canWrite ? (
        <NewDomain
          key={adding}
          configId={configId}
          onClaimed={setClaimed}
          onAnother={() => {
            setClaimed(null);
            setAdding((n) => n + 1);
          }}
        />
      ) : null}
    </section>
  );
}

/** A stored domain: its flow resumes at the TXT record (pending) or at validated. */
function DomainRow({ configId, domain, canWrite }: { configId: string; domain: SsoDomain; canWrite: boolean }) {
  if (!canWrite) {
    return (
      <div className={ssoCss.card}>
        <div className={ssoCss.cardHeader}>
          <strong>{domain.domain}</strong>
          <DomainBadge validated={domain.validated} />
        </div>
      </div>
    );
  }
  return <DomainFlow configId={configId} domain={domain} />;
}

/** The add-a-domain form, then the claimed domain's flow. */
function NewDomain({ configId, onClaimed, onAnother }: { configId: string; onClaimed: (id: string) => void; onAnother: () => void }) {
  return <DomainFlow configId={configId} onClaimed={onClaimed} onAnother={onAnother} />;
}

/** One domain's flow (machines/admin-sso-domain.machine.ts). */
function DomainFlow({ configId, domain, onClaimed, onAnother }: { configId: string; domain?: SsoDomain; onClaimed?: (id: string) => void; onAnother?: () => void }) {
  const { t } = useSection();
  const actor = useSectionFlow(ssoDomainFlow, { configId, domain });
  const state = useSelector(actor, (s) => s.value as string | { entering: string });
  const ctx = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const [text, setText] = useState(ctx.text);
  const [problem, setProblem] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const sso = useSection().resources.use(createSsoResource);
  const remove = useSave();
  const claimedId = !domain ? ctx.domain?.id : undefined;
  useEffect(() => {
    if (claimedId) onClaimed?.(claimedId);
  }, [claimedId, onClaimed]);

  if (typeof state === 'object' || state === 'start') {
    const submitting = typeof state === 'object' && state.entering === 'submitting';
    const submit = (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      if (submitting) return;
      const ok = domainName(text) !== null;
      setProblem(!ok);
      if (!ok) {
        e.currentTarget.querySelector<HTMLInputElement>('input[name=domain]')?.focus();
        return;
      }
      actor.send({ type: 'domain.submit', text });
    };
    return (
      <form className={css.form} onSubmit={submit} noValidate aria-busy={submitting || undefined}>
        <div className={ssoCss.addDomain}>
          <TextField
            label={t('admin.sso.domain.add')}
            fieldId={`fe-sso-new-domain-${configId}`}
            name="domain"
            placeholder="example.com"
            autoComplete="off"
            hint={t('admin.sso.domain.addHint')}
            error={problem ? t('admin.sso.domain.invalid') : null}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className={css.button} aria-disabled={submitting || undefined}>
            {submitting ? t('admin.sso.domain.adding') : t('admin.sso.domain.addButton')}
          </button>
        </div>
        <ErrorSlot error={ctx.error} />
      </form>
    );
  }

  const d = ctx.domain;
  if (!d) return null;
  const validated = state === 'validated';
  return (
    <div className={ssoCss.card} data-domain={d.domain} aria-busy={busy || undefined}>
      <div className={ssoCss.cardHeader}>
        <strong>{d.domain}</strong>
        <span className={css.toolbar}>
          <DomainBadge validated={validated} />
          <button type="button" className={css.secondaryButton} aria-label={t('admin.sso.domain.deleteLabel', { domain: d.domain })} onClick={() => setConfirm(true)}>
            {t('admin.delete')}
          </button>
        </span>
      </div>
      {validated ? (
        onAnother ? (
          <span>
            <button type="button" className={css.secondaryButton} onClick={onAnother}>
              {t('admin.sso.domain.another')}
            </button>
          </span>
        ) : null
      ) : (
        <>
          <p className={css.flush}>{t('admin.sso.domain.publish', { domain: d.domain })}</p>
          <CopyField id={`fe-sso-txt-name-${d.id}`} label={t('admin.sso.domain.txtName')} value={d.domain} />
          <CopyField id={`fe-sso-txt-value-${d.id}`} label={t('admin.sso.domain.txtValue')} value={d.txtRecord} />
          <p role="status" className={`${state === 'notFound' ? css.notice : css.hint} ${css.flush}`}>
            {busy ? t('admin.sso.domain.checking') : state === 'notFound' ? t('admin.sso.domain.notFound') : ''}
          </p>
          <ErrorSlot error={ctx.error} />
          <span>
            <button type="button" className={css.button} aria-disabled={busy || undefined} onClick={() => !busy && actor.send({ type: 'domain.validate' })}>
              {busy ? t('admin.sso.domain.validating') : state === 'notFound' ? t('admin.sso.domain.retry') : t('admin.sso.domain.validate')}
            </button>
          </span>
        </>
      )}
      <ConfirmDialog
        open={confirm}
        title={t('admin.sso.domain.deleteTitle', { domain: d.domain })}
        body={t('admin.sso.domain.deleteBody', { domain: d.domain })}
        action={t('admin.delete')}
        busyAction={t('admin.deleting')}
        busy={remove.busy}
        error={remove.error}
        onClose={() => {
          setConfirm(false);
          remove.setError(null);
        }}
        onConfirm={() =>
          void remove.run(
            () => sso.removeDomain.run({ configId, domainId: d.id }),
            () => {
              setConfirm(false);
              onAnother?.();
            },
          )
        }
      />
    </div>
  );
}
