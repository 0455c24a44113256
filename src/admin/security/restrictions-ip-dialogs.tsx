/**
 * The IP tab's dialogs (issue 22 item 3): add one rule, add many (pasted lines; the refused ones named by line), and
 * the lock-out warning shown BEFORE a change that would lock the administrator out (AB-9.17: "Add my IP" the default,
 * save anyway, or cancel). A failed save keeps what the admin typed and shows the server's message.
 */
import { useState, type FormEvent } from 'react';
import type { RestrictionType } from '../../api/restrictions.ts';
import type { MessageKey, Translate } from '../../i18n/index.ts';
import * as css from '../ui/admin.css.ts';
import { AdminDialog } from '../ui/dialog.tsx';
import { WarningDialog } from '../ui/warning-dialog.tsx';
import { DialogActions, DoneActions, TextAreaField, TextField } from '../ui/form.tsx';
import { Select } from '../ui/select.tsx';
import { ErrorSlot } from '../ui/states.tsx';
import { useSave } from '../ui/use-save.ts';
import { ipProblem, lockOutOnAdd, readBulkLines, type BulkLine, type CurrentIp, type LockOut } from './restrictions-model.ts';
import { useSection } from '../shell/context.ts';

/** The strategy choices of a rule. */
export function strategyItems(t: Translate): { key: RestrictionType; label: string }[] {
  return [
    { key: 'ALLOW', label: t('admin.security.ip.strategy.allowRule') },
    { key: 'BLOCK', label: t('admin.security.ip.strategy.blockRule') },
  ];
}

/** One new rule as the add dialog sends it. */
export interface NewIpRule {
  ip: string;
  description: string;
  strategy: RestrictionType;
}

/**
 * Adds one rule: address or CIDR (checked with ipaddr.js before sending), description, strategy (the list's filter at
 * first). A block rule that matches the caller's address asks again ("Add anyway") before it is sent.
 */
export function AddIpDialog(props: { strategy: RestrictionType; me: CurrentIp; onAdd: (rule: NewIpRule) => Promise<void>; onClose: () => void }) {
  const { t } = useSection();
  const [rule, setRule] = useState<NewIpRule>({ ip: '', description: '', strategy: props.strategy });
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const [warned, setWarned] = useState(false);
  const save = useSave();
  const lockOut = lockOutOnAdd(rule, props.me);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = ipProblem(rule.ip);
    setProblem(p);
    if (p) return;
    if (lockOut && !warned) return setWarned(true);
    void save.run(
      () => props.onAdd({ ...rule, ip: rule.ip.trim(), description: rule.description.trim() }),
      () => props.onClose(),
    );
  };
  const edit = (patch: Partial<NewIpRule>) => {
    setRule((r) => ({ ...r, ...patch }));
    setWarned(false);
  };
  return (
    <AdminDialog open onClose={props.onClose} title={t('admin.security.ip.addTitle')} busy={save.busy}>
      <form className={css.form} onSubmit={submit} noValidate aria-busy={save.busy || undefined}>
        <TextField
          label={t('admin.security.ip.field.ip')}
          fieldId="fe-ip-rule-ip"
          name="ip"
          value={rule.ip}
          onChange={(e) => edit({ ip: e.target.value })}
          hint={t('admin.security.ip.field.ipHint')}
          error={problem ? t(problem) : undefined}
          autoComplete="off"
          spellCheck={false}
          required
          autoFocus
        />
        <TextField
          label={t('admin.security.ip.field.description')}
          fieldId="fe-ip-rule-description"
          name="description"
          value={rule.description}
          onChange={(e) => edit({ description: e.target.value })}
          autoComplete="off"
          maxLength={255}
        />
        <Select label={t('admin.security.ip.field.strategy')} name="strategy" items={strategyItems(t)} value={rule.strategy} onChange={(strategy) => edit({ strategy })} />
        {warned && lockOut ? (
          <div className={css.alert} role="alert">
            {t('admin.security.ip.lockOut.blockRule', { ip: props.me.ip ?? '' })}
          </div>
        ) : null}
        <ErrorSlot error={save.error} />
        <DialogActions
          onCancel={props.onClose}
          busy={save.busy}
          danger={warned && !!lockOut}
          label={warned && lockOut ? t('admin.security.ip.addAnyway') : t('admin.security.ip.add')}
          busyLabel={t('admin.security.ip.adding')}
        />
      </form>
    </AdminDialog>
  );
}

/** What a bulk add did: the number added, and the lines refused (by the client, with why). */
export interface BulkOutcome {
  added: number;
  refused: BulkLine[];
}

/** The result of a bulk add: how many were added and which lines were refused, and why. */
export function BulkAddResult({ outcome }: { outcome: BulkOutcome }) {
  const { t } = useSection();
  return (
    <div role="status" className={css.form}>
      <p>{t('admin.security.ip.bulk.added', { count: outcome.added })}</p>
      {outcome.refused.length ? (
        <>
          <p className={css.label}>{t('admin.security.ip.bulk.refusedTitle', { count: outcome.refused.length })}</p>
          <ul className={css.resultList} aria-label={t('admin.security.ip.bulk.refusedList')}>
            {outcome.refused.map((l) => (
              <li key={l.line}>{t('admin.security.ip.bulk.refusedLine', { line: l.line, ip: l.ip, reason: l.problem ? t(l.problem) : '' })}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/**
 * Adds many rules: one address or CIDR a line, optionally followed by a description. Lines that do not parse are
 * refused here (named by line in the result); the others are sent in one bulk call. When the server refuses the
 * call, nothing is added and the paste stays as typed.
 */
export function BulkAddIpDialog(props: {
  strategy: RestrictionType;
  onAdd: (rules: NewIpRule[]) => Promise<void>;
  onClose: () => void;
  /** A result to show at once (stories). */
  outcome?: BulkOutcome;
}) {
  const { t } = useSection();
  const [text, setText] = useState('');
  const [strategy, setStrategy] = useState<RestrictionType>(props.strategy);
  const [problem, setProblem] = useState('');
  const [outcome, setOutcome] = useState<BulkOutcome | null>(props.outcome ?? null);
  const save = useSave();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const lines = readBulkLines(text);
    const good = lines.filter((l) => !l.problem);
    const refused = lines.filter((l) => l.problem);
    if (!good.length) return setProblem(lines.length ? t('admin.security.ip.bulk.noneValid') : t('admin.security.ip.bulk.required'));
    setProblem('');
    void save.run(
      () => props.onAdd(good.map((l) => ({ ip: l.ip, description: l.description, strategy }))),
      () => setOutcome({ added: good.length, refused }),
    );
  };
  return (
    <AdminDialog open onClose={props.onClose} title={t('admin.security.ip.bulk.title')} busy={save.busy}>
      {outcome ? (
        <>
          <BulkAddResult outcome={outcome} />
          <DoneActions label={t('admin.security.ip.bulk.done')} onDone={props.onClose} />
        </>
      ) : (
        <form className={css.form} onSubmit={submit} noValidate aria-busy={save.busy || undefined}>
          <TextAreaField
            label={t('admin.security.ip.bulk.field')}
            fieldId="fe-ip-bulk"
            name="ips"
            value={text}
            onChange={(e) => setText(e.target.value)}
            hint={t('admin.security.ip.bulk.hint')}
            error={problem || undefined}
            spellCheck={false}
            autoFocus
          />
          <Select label={t('admin.security.ip.field.strategy')} name="strategy" items={strategyItems(t)} value={strategy} onChange={setStrategy} />
          <ErrorSlot error={save.error} />
          <DialogActions onCancel={props.onClose} busy={save.busy} label={t('admin.security.ip.bulk.submit')} busyLabel={t('admin.security.ip.adding')} />
        </form>
      )}
    </AdminDialog>
  );
}

const LOCK_OUT_TEXT: Record<Exclude<LockOut, null>, MessageKey> = {
  activateAllow: 'admin.security.ip.lockOut.activateAllow',
  blockRule: 'admin.security.ip.lockOut.blockRule',
  deleteAllow: 'admin.security.ip.lockOut.deleteAllow',
};

/**
 * The warning before a change that would lock the administrator out (AB-9.17; issue 31 item 1): why, the caller's
 * address when known, then — as the emphasised default (Enter takes it) — "Add my IP" when the address is known and an
 * allow list is the cause (adds it as "My IP", allow, and activates the list, then does the change), else Cancel; the
 * risky "Save anyway" (or "Delete anyway") is a secondary button.
 */
export function LockOutDialog(props: { reason: Exclude<LockOut, null>; me: CurrentIp; onContinue: () => Promise<void>; onAddMyIp: () => Promise<void>; onClose: () => void }) {
  const { t } = useSection();
  const { me } = props;
  const canAddMyIp = me.ip !== undefined && props.reason !== 'blockRule';
  const deleting = props.reason === 'deleteAllow';
  return (
    <WarningDialog
      title={t('admin.security.ip.lockOut.title')}
      body={
        <>
          <p>{t(LOCK_OUT_TEXT[props.reason], { ip: me.ip ?? t('admin.security.ip.unknownAddress') })}</p>
          {me.ip !== undefined ? <p className={css.muted}>{t('admin.security.ip.currentAddress', { ip: me.ip })}</p> : null}
        </>
      }
      safe={canAddMyIp ? { label: t('admin.security.ip.lockOut.addMyIp'), busyLabel: t('admin.security.ip.adding'), run: props.onAddMyIp } : undefined}
      risky={{
        label: deleting ? t('admin.security.ip.lockOut.deleteAnyway') : t('admin.security.ip.lockOut.saveAnyway'),
        busyLabel: deleting ? t('admin.security.ip.deleting') : t('admin.security.ip.saving'),
        run: props.onContinue,
      }}
      onClose={props.onClose}
    />
  );
}
