/**
 * The email and SMS channels of the webhooks section (admin spec §3 "Connectivity", §5; AB-3.37, AB-5.03, AB-5.04,
 * AB-7.57, AB-7.59, AB-8.14): for each event of the catalogue, by category, who gets an email (addresses) or a text
 * message (E.164 numbers), and whether it is on. Saving follows the spec's rule (the connectivity resource's
 * `planRecipientsSave`): a subscription is created only with at least one recipient and deleted when they are all
 * cleared. The switch of a configured event writes at once (PATCH); a new subscription starts switched on.
 */
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import {
  createConnectivityResource,
  invalidRecipients,
  parseRecipients,
  type ChannelEventConfig,
  type EventCategory,
  type RecipientChannel,
} from '../../resources/connectivity.ts';
import { useSection } from '../../shell/context.ts';
import * as css from '../../ui/admin.css.ts';
import { CheckboxRow, TextField } from '../../ui/form.tsx';
import { PanelHeader } from '../../ui/section-header.tsx';
import { EmptyState, ErrorSlot, LoadStates } from '../../ui/states.tsx';
import { useInlineAction } from '../../ui/use-inline-action.ts';
import { useSave } from '../../ui/use-save.ts';
import * as channelsCss from '../channels.css.ts';

/** One event as a row shows it. */
interface EventRow {
  key: string;
  name: string;
  description?: string;
}

/** The events of the catalogue by category, in the catalogue's order. */
function categoriesOf(categories: EventCategory[] | undefined): { id: string; name: string; events: EventRow[] }[] {
  return (categories ?? [])
    .map((c) => ({ id: c.id, name: c.name, events: c.events.map((e) => ({ key: e.key, name: e.displayName || e.key, description: e.description })) }))
    .filter((c) => c.events.length > 0);
}

/** The email (`channel="email"`) or SMS (`channel="sms"`) panel: every event's recipients and switch. */
export function RecipientsPanel({ channel }: { channel: RecipientChannel }) {
  const { t, resources, can } = useSection();
  const connectivity = resources.use(createConnectivityResource);
  const categories = useStore(connectivity.$categories);
  const configs = useStore(connectivity.configs(channel));
  const titleId = `fe-channels-${channel}-title`;
  const state = {
    data: categories.data && configs.data ? true : undefined,
    loading: categories.loading || configs.loading,
    error: categories.error ?? configs.error,
  };
  const retry = () => {
    if (categories.error) connectivity.$categories.revalidate();
    if (configs.error) connectivity.configs(channel).revalidate();
  };
  const groups = categoriesOf(categories.data);
  const canWrite = can('write');
  return (
    <section className={channelsCss.panel} aria-labelledby={titleId} aria-busy={state.loading || undefined} data-channel={channel}>
      <PanelHeader titleId={titleId} title={t(`admin.channels.${channel}.title`)} intro={t(`admin.channels.${channel}.intro`)} />
      {canWrite ? null : <p className={css.muted}>{t('admin.channels.readOnly')}</p>}
      <LoadStates state={state} retry={retry}>
        {groups.length === 0 ? (
          <EmptyState title={t('admin.channels.noEvents')} />
        ) : (
          groups.map((group) => (
            <div key={group.id} role="group" aria-labelledby={`${titleId}-${group.id}`} className={channelsCss.category}>
              <h4 id={`${titleId}-${group.id}`} className={channelsCss.categoryTitle}>
                {group.name}
              </h4>
              {group.events.map((event) => (
                <RecipientsRow
                  key={`${event.key}/${recipientsText(configs.data?.find((c) => c.eventKey === event.key))}`}
                  channel={channel}
                  event={event}
                  config={configs.data?.find((c) => c.eventKey === event.key)}
                  canWrite={canWrite}
                />
              ))}
            </div>
          ))
        )}
      </LoadStates>
    </section>
  );
}

/** The recipients of a configuration, as the field shows them. */
function recipientsText(config: ChannelEventConfig | undefined): string {
  return (config?.subscriptions[0]?.recipients ?? []).join(', ');
}

/** One event: its recipients (validated for the channel), its switch, its Save. */
function RecipientsRow({ channel, event, config, canWrite }: { channel: RecipientChannel; event: EventRow; config: ChannelEventConfig | undefined; canWrite: boolean }) {
  const { t, resources, toasts } = useSection();
  const connectivity = resources.use(createConnectivityResource);
  const [text, setText] = useState(() => recipientsText(config));
  const [invalid, setInvalid] = useState<string[]>([]);
  const save = useSave();
  const toggle = useInlineAction(connectivity.setEnabled, {
    failed: (reason) => t('admin.channels.switchFailed', { event: event.name, reason }),
  });
  // the switch of an event with recipients; a new subscription starts switched on
  const configured = Boolean(config);
  const enabled = config?.enabled ?? true;
  const fieldId = `fe-channels-${channel}-${event.key}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const recipients = parseRecipients(text);
    const wrong = invalidRecipients(channel, recipients);
    setInvalid(wrong);
    if (wrong.length) return;
    void save.run(
      () => connectivity.saveRecipients.run({ channel, eventKey: event.key, recipients, enabled }),
      (kind) => {
        const key = kind === 'delete' ? 'admin.channels.removed' : kind === 'none' ? 'admin.channels.unchanged' : 'admin.channels.saved';
        toasts.show(t(key, { event: event.name }));
      },
    );
  };
  const switchTo = (on: boolean) => {
    void toggle.run({ channel, eventKey: event.key, enabled: on }, t(on ? 'admin.channels.switchedOn' : 'admin.channels.switchedOff', { event: event.name }));
  };
  return (
    <form className={channelsCss.event} onSubmit={submit} aria-busy={save.busy || undefined} data-event={event.key} noValidate>
      <span className={`${css.cellStack} ${channelsCss.eventName}`}>
        <span className={css.label}>{event.name}</span>
        {event.description ? <span className={css.muted}>{event.description}</span> : null}
      </span>
      <div className={`${css.field} ${channelsCss.eventField}`}>
        <TextField
          label={t(`admin.channels.${channel}.recipients`, { event: event.name })}
          fieldId={fieldId}
          name="recipients"
          type="text"
          inputMode={channel === 'sms' ? 'tel' : 'email'}
          autoComplete="off"
          value={text}
          readOnly={!canWrite}
          onChange={(e) => {
            setText(e.target.value);
            setInvalid([]);
          }}
          hint={t(`admin.channels.${channel}.hint`)}
          error={invalid.length ? t(`admin.channels.${channel}.invalid`, { list: invalid.join(', ') }) : undefined}
        />
        <ErrorSlot error={save.error} />
      </div>
      <div className={channelsCss.eventActions}>
        {configured ? (
          <CheckboxRow
            role="switch"
            name="enabled"
            checked={config!.enabled}
            disabled={!canWrite || toggle.running}
            onChange={switchTo}
            aria-label={t('admin.channels.enabledFor', { event: event.name })}
          >
            {t('admin.channels.enabled')}
          </CheckboxRow>
        ) : null}
        {canWrite ? (
          <button type="submit" className={css.secondaryButton} aria-label={t('admin.channels.saveFor', { event: event.name })} aria-disabled={save.busy || undefined}>
            {save.busy ? t('admin.channels.saving') : t('admin.channels.save')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
