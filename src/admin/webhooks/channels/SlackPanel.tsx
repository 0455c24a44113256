/**
 * The Slack channel of the webhooks section (admin spec §3 "Connectivity", §5; AB-3.38, AB-5.05, AB-5.06, AB-7.57,
 * AB-7.58, AB-8.14): while Slack is not connected, "Connect Slack" asks for the Slack application's clientId (the
 * scope call) and links to Slack's authorize page; once connected, the workspace's channels per event and whether
 * posting is on. Save follows the spec's rule (the connectivity resource's `planSlackSave`): saved when new or changed
 * with channel ids, deleted when no event has a channel.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { createConnectivityResource, type SlackChoice, type SlackConfiguration } from '../../resources/connectivity.ts';
import { useSection } from '../../shell/context.ts';
import * as css from '../../ui/admin.css.ts';
import { CheckboxRow } from '../../ui/form.tsx';
import { PanelHeader } from '../../ui/section-header.tsx';
import { EmptyState, ErrorSlot, LoadStates } from '../../ui/states.tsx';
import { useSave } from '../../ui/use-save.ts';
import * as channelsCss from '../channels.css.ts';

/** Channel ids per event of the configuration's (first) subscription. */
function choiceOf(config: SlackConfiguration | undefined): SlackChoice {
  const events = config?.slackSubscriptions[0]?.slackEvents ?? [];
  return Object.fromEntries(events.map((e) => [e.eventKey, [...e.channelIds]]));
}

/** The Slack panel. */
export function SlackPanel() {
  const { t, resources } = useSection();
  const connectivity = resources.use(createConnectivityResource);
  const slack = useStore(connectivity.$slack);
  const titleId = 'fe-channels-slack-title';
  return (
    <section className={channelsCss.panel} aria-labelledby={titleId} aria-busy={slack.loading || undefined} data-channel="slack">
      <PanelHeader titleId={titleId} title={t('admin.channels.slack.title')} intro={t('admin.channels.slack.intro')} />
      <LoadStates state={slack} retry={() => connectivity.$slack.revalidate()}>
        {slack.data?.id ? <SlackEvents key={JSON.stringify(slack.data.slackSubscriptions)} config={slack.data} /> : <SlackConnect />}
      </LoadStates>
    </section>
  );
}

/** Not connected: the way to connect (for an admin who may write). */
function SlackConnect() {
  const { t, resources, can } = useSection();
  const connectivity = resources.use(createConnectivityResource);
  const [href, setHref] = useState<string | null>(null);
  const save = useSave();
  const connect = () => void save.run(() => connectivity.slackAuthorizeUrl.run({ redirectUri: location.href }), setHref);
  // the link takes the place (and the focus) of the button that asked for it
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (href) link.current?.focus();
  }, [href]);
  return (
    <EmptyState title={t('admin.channels.slack.notConnected')}>
      {can('write') ? (
        href ? (
          <a ref={link} className={css.button} href={href} target="_blank" rel="noopener noreferrer">
            {t('admin.channels.slack.continue')}
          </a>
        ) : (
          <button type="button" className={css.button} onClick={connect} aria-disabled={save.busy || undefined}>
            {save.busy ? t('admin.channels.slack.connecting') : t('admin.channels.slack.connect')}
          </button>
        )
      ) : (
        <p className={css.muted}>{t('admin.channels.readOnly')}</p>
      )}
      <ErrorSlot error={save.error} />
    </EmptyState>
  );
}

/** Connected: channels per event, posting on or off, Save. */
function SlackEvents({ config }: { config: SlackConfiguration }) {
  const { t, resources, toasts, can } = useSection();
  const connectivity = resources.use(createConnectivityResource);
  const categories = useStore(connectivity.$categories);
  const channels = useStore(connectivity.$slackChannels);
  const [choice, setChoice] = useState<SlackChoice>(() => choiceOf(config));
  const [isActive, setActive] = useState(config.slackSubscriptions[0]?.isActive ?? true);
  const save = useSave();
  const canWrite = can('write');
  const state = { data: categories.data && channels.data ? true : undefined, loading: categories.loading || channels.loading, error: categories.error ?? channels.error };
  const retry = () => {
    if (categories.error) connectivity.$categories.revalidate();
    if (channels.error) connectivity.$slackChannels.revalidate();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save.run(
      () => connectivity.saveSlack.run({ choice, isActive }),
      (kind) => toasts.show(t(kind === 'save' ? 'admin.channels.slack.saved' : kind === 'delete' ? 'admin.channels.slack.removed' : 'admin.channels.slack.unchanged')),
    );
  };
  const events = (categories.data ?? []).flatMap((c) => c.events);
  return (
    <LoadStates state={state} retry={retry}>
      {(channels.data ?? []).length === 0 ? (
        <EmptyState title={t('admin.channels.slack.noChannels')} />
      ) : (
        <form className={css.form} onSubmit={submit} aria-busy={save.busy || undefined}>
          {canWrite ? null : <p className={css.muted}>{t('admin.channels.readOnly')}</p>}
          <CheckboxRow role="switch" name="isActive" checked={isActive} disabled={!canWrite} onChange={setActive}>
            {t('admin.channels.slack.active')}
          </CheckboxRow>
          {events.map((event) => {
            const name = event.displayName || event.key;
            const chosen = choice[event.key] ?? [];
            return (
              <fieldset key={event.key} className={`${css.field} ${css.bareFieldset}`} disabled={!canWrite} data-event={event.key}>
                <legend className={css.label}>{t('admin.channels.slack.channelsFor', { event: name })}</legend>
                <div className={channelsCss.channelList}>
                  {(channels.data ?? []).map((channel) => (
                    <CheckboxRow
                      key={channel.id}
                      name={`${event.key}:${channel.id}`}
                      checked={chosen.includes(channel.id)}
                      onChange={(on) => setChoice((c) => ({ ...c, [event.key]: on ? [...chosen, channel.id] : chosen.filter((id) => id !== channel.id) }))}
                    >
                      #{channel.name}
                    </CheckboxRow>
                  ))}
                </div>
              </fieldset>
            );
          })}
          <ErrorSlot error={save.error} />
          {canWrite ? (
            <div className={css.toolbar}>
              <button type="submit" className={css.button} aria-disabled={save.busy || undefined}>
                {save.busy ? t('admin.channels.saving') : t('admin.channels.save')}
              </button>
            </div>
          ) : null}
        </form>
      )}
    </LoadStates>
  );
}
