/**
 * `<fe-entitlements-inspector>`'s view (issue 35 item 2): the signed-in user's entitlements (or a bundle given to the
 * element) explained — every feature and permission with its decision, why (direct grant, flag rule, plan rule,
 * permission key or wildcard, linked feature) and when its grant ends, each with a disclosure of the whole trace
 * (every rule and condition with the user's values) — and a "what if" form that explains one key with edited custom
 * attributes. Every decision is made here by the engine (src/entitlements/explain.ts); nothing calls the server.
 */
import { useStore } from '@nanostores/react';
import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { entitlementInputs } from '../../app/entitlements.ts';
import type { FeApp } from '../../app/types.ts';
import type { EntitlementsBundleLike } from '../../entitlements/types.ts';
import type { ConditionTrace, FeatureTrace, GroupTrace, PermissionTrace, TargetingTrace } from '../../entitlements/explain.ts';
import { en, type Translate } from '../../i18n/index.ts';
import { useT } from '../../i18n/use-t.ts';
import { useNow } from '../shared/use-now.ts';
import * as c from './inspector.css.ts';
import {
  customAttributeNames,
  decisionOf,
  expired,
  explainAll,
  explainOne,
  featureKeys,
  nextExpiry,
  parseAttributes,
  permissionKeys,
  showConditionValue,
  showValue,
} from './model.ts';
import { useInspectorTexts } from './texts.ts';

/** What the inspector shows (`data-state` of its root). */
export type InspectorState = 'loading' | 'signedOut' | 'off' | 'noBundle' | 'ready';

type DateText = (ms: unknown) => string;

/** A JSON object given as an attribute (text) or a property (object); anything else is `undefined`. */
export function objectOf(value: unknown): Record<string, unknown> | undefined {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return undefined;
    }
  }
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** Outside `<fe-app>`: the "place this element inside <fe-app>" message (English: there is no app to translate it). */
export function NoApp() {
  return (
    <div className={c.root} data-state="noProvider">
      <p className={c.para} role="alert">
        {en['app.noProvider']}
      </p>
    </div>
  );
}

/** What the inspector is given: the app, a bundle handed to the element (or none), the custom attributes. */
interface InspectorProps {
  app: FeApp;
  given: EntitlementsBundleLike | undefined;
  custom: Record<string, unknown>;
}

/**
 * The inspector of `app`'s signed-in user, or of `given` (a bundle handed to the element: canned data, another
 * user's bundle pasted in), its decisions made with the custom attributes `custom` (what the host passes to
 * `isEntitledTo`) and the access token's claims. Renders once its texts are in for the app's locale (./texts.ts).
 */
export function Inspector(props: InspectorProps) {
  return useInspectorTexts(props.app) ? <Explained {...props} /> : null;
}

/** The inspector with its texts in: the state, or every decision explained and the "what if" form. */
function Explained({ app, given, custom }: InspectorProps) {
  const t = useT(app);
  const session = useStore(app.stores.$session);
  const locale = useStore(app.i18n.$locale);
  const id = useId();
  const dateText = useMemo<DateText>(() => {
    let format: Intl.DateTimeFormat;
    try {
      format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    } catch {
      format = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
    }
    return (ms) => (typeof ms === 'number' && Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? format.format(ms) : showValue(ms));
  }, [locale]);

  const { bundle: own, jwt } = entitlementInputs(app);
  const bundle = given ?? own;
  // the decisions' `now`: sampled when the bundle changes (a refresh, another bundle given), not on every render
  const now = useNow(false, bundle);
  const state: InspectorState = given
    ? 'ready'
    : session.isLoading
      ? 'loading'
      : !session.isAuthenticated
        ? 'signedOut'
        : !app.options.entitlements?.enabled
          ? 'off'
          : !bundle
            ? 'noBundle'
            : 'ready';
  const titleId = `${id}-title`;
  const header = (
    <>
      <h2 className={c.title} id={titleId}>
        {t('inspector.title')}
      </h2>
      <p className={c.note}>{t('inspector.devNote')}</p>
    </>
  );
  if (state !== 'ready' || !bundle) {
    const message = state === 'loading' ? t('common.loading') : state === 'signedOut' ? t('inspector.signedOut') : state === 'off' ? t('inspector.off') : t('inspector.noBundle');
    return (
      <section className={c.root} data-state={state} aria-labelledby={titleId}>
        {header}
        <p className={c.para} role="status">
          {message}
        </p>
      </section>
    );
  }

  const userPermissions = given ? [] : (session.user?.permissions ?? []).map((p) => p.key);
  const input = { bundle, jwt, custom, now };
  const { features, permissions } = explainAll(input, userPermissions);
  const next = nextExpiry(features);
  const ended = expired(features);
  const user = session.user;
  return (
    <section className={c.root} data-state="ready" aria-labelledby={titleId}>
      {header}
      {given ? <p className={c.para}>{t('inspector.given')}</p> : null}
      {user && !given ? <p className={c.para}>{t('inspector.user', { email: String(user.email ?? ''), tenantId: String(user.tenantId ?? '') })}</p> : null}
      <p className={c.para} data-summary="counts">
        {t('inspector.counts', { features: features.length, permissions: permissions.length })}
      </p>
      <p className={c.para} data-summary="expiry">
        {next ? t('inspector.nextExpiry', { key: next.key, date: dateText(next.at) }) : t('inspector.noExpiry')}
      </p>
      {ended.length > 0 ? (
        <p className={c.para} data-summary="expired">
          {t('inspector.expiredCount', { keys: ended.map((e) => e.key).join(', ') })}
        </p>
      ) : null}
      <ExplainedTable
        t={t}
        name="features"
        traces={features}
        why={(f) => featureWhy(t, f, dateText)}
        ends={(f) => featureEnds(t, f, dateText)}
        detail={(f) => <FeatureTraceView t={t} dateText={dateText} f={f} />}
      />
      <ExplainedTable
        t={t}
        name="permissions"
        traces={permissions}
        why={(p) => <Lines lines={permissionWhy(t, p)} />}
        ends={(p) => permissionEnds(t, p, dateText)}
        detail={(p) => <PermissionTraceView t={t} dateText={dateText} p={p} />}
      />
      <WhatIf
        t={t}
        input={input}
        featureKeys={featureKeys(bundle)}
        permissionKeys={permissionKeys(bundle, userPermissions)}
        readNames={customAttributeNames(features)}
        dateText={dateText}
      />
    </section>
  );
}

// ---------------------------------------------------------------- the "why" in a line

/** Why a feature is granted or not, in one line. */
function featureWhy(t: Translate, f: FeatureTrace, dateText: DateText): string {
  if (!f.found) return t('inspector.why.notFound');
  if (f.grantedBy === 'direct') return t('inspector.why.direct');
  if (f.grantedBy === 'flag') {
    const targeting = f.flag?.targeting;
    if (!targeting) return t('inspector.why.flagOff');
    return targeting.matchedRule !== null ? t('inspector.why.flagRule', { n: targeting.matchedRule + 1 }) : t('inspector.why.flagDefault');
  }
  if (f.grantedBy === 'plan') {
    const plan = f.plans.find((p) => p.planId === f.grantingPlan);
    const rule = plan?.targeting?.matchedRule ?? null;
    return rule !== null ? t('inspector.why.planRule', { plan: f.grantingPlan ?? '', n: rule + 1 }) : t('inspector.why.planDefault', { plan: f.grantingPlan ?? '' });
  }
  if (f.direct?.state === 'expired') return t('inspector.why.expired', { date: dateText(f.direct.expireTime) });
  return t('inspector.why.noGrant');
}

/** Why a permission is granted or not: the matching key or wildcard, then the linked features. */
function permissionWhy(t: Translate, p: PermissionTrace): string[] {
  if (!p.held) return [t('inspector.why.notHeld')];
  const first = p.matchedBy[0];
  const lines = [first.includes('*') ? t('inspector.why.wildcard', { pattern: first }) : t('inspector.why.held', { key: first })];
  if (p.linkedFeatures.length > 0)
    lines.push(
      p.grantingFeature
        ? t('inspector.why.linkedGranted', { feature: p.grantingFeature })
        : t('inspector.why.linkedNone', { features: p.linkedFeatures.map((f) => f.key).join(', ') }),
    );
  return lines;
}

/** When a feature's grant ends: never, a date, by rules (flag or plan), or when it ended. */
function featureEnds(t: Translate, f: FeatureTrace, dateText: DateText): string {
  if (f.grantedBy === 'direct') return f.expiresAt === null ? t('inspector.expires.never') : dateText(f.expiresAt);
  if (f.grantedBy) return t('inspector.expires.rules');
  if (f.direct?.state === 'expired') return t('inspector.expires.ended', { date: dateText(f.direct.expireTime) });
  return '';
}

function permissionEnds(t: Translate, p: PermissionTrace, dateText: DateText): string {
  if (!p.held) return '';
  if (p.linkedFeatures.length === 0) return t('inspector.expires.never');
  const granting = p.linkedFeatures.find((f) => f.key === p.grantingFeature);
  if (granting) return featureEnds(t, granting, dateText);
  const ended = p.linkedFeatures.find((f) => f.direct?.state === 'expired');
  return ended ? featureEnds(t, ended, dateText) : '';
}

const decisionText = (t: Translate, trace: FeatureTrace | PermissionTrace): string =>
  trace.decision.isEntitled ? t('inspector.decision.entitled') : t(`inspector.decision.${trace.decision.justification}`);

function Decision({ t, trace }: { t: Translate; trace: FeatureTrace | PermissionTrace }) {
  return (
    <span className={c.decision} data-decision={decisionOf(trace)}>
      {decisionText(t, trace)}
    </span>
  );
}

// ---------------------------------------------------------------- tables

/** A row with its disclosure: the key, decision, why, end, and a Details button showing the trace in the next row. */
function ExplainedRow({
  t,
  keyText,
  trace,
  why,
  ends,
  children,
}: {
  t: Translate;
  keyText: string;
  trace: FeatureTrace | PermissionTrace;
  why: ReactNode;
  ends: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  return (
    <>
      <tr data-key={keyText} data-decision={decisionOf(trace)}>
        <th scope="row">
          <code className={c.code} dir="ltr">
            {keyText}
          </code>
        </th>
        <td data-label={t('inspector.col.decision')}>
          <Decision t={t} trace={trace} />
        </td>
        <td data-why data-label={t('inspector.col.why')}>
          {why}
        </td>
        <td data-ends data-label={ends ? t('inspector.col.expires') : undefined}>
          {ends}
        </td>
        <td>
          <button
            type="button"
            className={c.detailsButton}
            aria-expanded={open}
            aria-controls={open ? detailId : undefined}
            aria-label={t('inspector.detailsOf', { key: keyText })}
            onClick={() => setOpen(!open)}
          >
            {t('inspector.details')}
          </button>
        </td>
      </tr>
      {open ? (
        <tr data-trace-of={keyText}>
          <td colSpan={5} id={detailId} className={c.traceCell}>
            {children}
          </td>
        </tr>
      ) : null}
    </>
  );
}

function TableHead({ t, first }: { t: Translate; first: string }) {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        <th scope="col">{t('inspector.col.decision')}</th>
        <th scope="col">{t('inspector.col.why')}</th>
        <th scope="col">{t('inspector.col.expires')}</th>
        <th scope="col">{t('inspector.details')}</th>
      </tr>
    </thead>
  );
}

/** One table of explained keys (features or permissions): a heading, the rows with their disclosures, or a note when empty. */
function ExplainedTable<T extends FeatureTrace | PermissionTrace>(props: {
  t: Translate;
  name: 'features' | 'permissions';
  traces: T[];
  why: (trace: T) => ReactNode;
  ends: (trace: T) => string;
  detail: (trace: T) => ReactNode;
}) {
  const { t, name, traces } = props;
  const id = useId();
  return (
    <section className={c.section} aria-labelledby={id} data-table={name}>
      <h3 className={c.heading} id={id}>
        {t(`inspector.${name}.title`)}
      </h3>
      {traces.length === 0 ? (
        <p className={c.muted}>{t(`inspector.${name}.empty`)}</p>
      ) : (
        <div className={c.scroll}>
          <table className={c.table} aria-labelledby={id}>
            <TableHead t={t} first={name === 'features' ? t('inspector.col.feature') : t('inspector.col.permission')} />
            <tbody>
              {traces.map((trace) => (
                <ExplainedRow key={trace.key} t={t} keyText={trace.key} trace={trace} why={props.why(trace)} ends={props.ends(trace)}>
                  {props.detail(trace)}
                </ExplainedRow>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Lines({ lines }: { lines: string[] }) {
  return (
    <>
      {lines.map((line, i) => (
        <span key={i} className={c.line}>
          {line}
        </span>
      ))}
    </>
  );
}

// ---------------------------------------------------------------- traces

const treatment = (t: Translate, grants: boolean) => (grants ? t('inspector.treatment.grants') : t('inspector.treatment.denies'));

function ConditionView({ t, cond }: { t: Translate; cond: ConditionTrace }) {
  return (
    <li data-condition={cond.attribute} data-status={cond.status}>
      {cond.negate ? `${t('inspector.cond.not')} ` : null}
      <code className={c.code} dir="ltr">
        {cond.attribute} {cond.op} {showConditionValue(cond.value)}
      </code>
      {', '}
      {cond.actual === undefined ? (
        t('inspector.cond.absent')
      ) : (
        <>
          {t('inspector.cond.value')}{' '}
          <code className={c.code} dir="ltr">
            {showValue(cond.actual)}
          </code>
        </>
      )}
      {': '}
      <span className={cond.holds ? c.holds : c.fails}>{t(`inspector.status.${cond.status}`)}</span>
    </li>
  );
}

function GroupView({ t, group }: { t: Translate; group: GroupTrace }) {
  if (group.malformed) return <p className={c.para}>{t('inspector.trace.malformed')}</p>;
  if (group.items.length === 0) return <p className={c.para}>{t('inspector.trace.noConditions')}</p>;
  return (
    <>
      <span>{group.logic === 'or' ? t('inspector.trace.any') : t('inspector.trace.all')}</span>
      <ul className={c.traceList}>
        {group.items.map((item, i) =>
          item.type === 'group' ? (
            <li key={i}>
              <GroupView t={t} group={item} />
            </li>
          ) : (
            <ConditionView key={i} t={t} cond={item} />
          ),
        )}
      </ul>
    </>
  );
}

function TargetingView({ t, targeting }: { t: Translate; targeting: TargetingTrace }) {
  return (
    <>
      {targeting.rules.length === 0 ? (
        <p className={c.para}>{t('inspector.trace.noRules')}</p>
      ) : (
        <ul className={c.traceList}>
          {targeting.rules.map((r) => {
            const outcome = !r.reached ? t('inspector.trace.rule.notReached') : r.holds ? t('inspector.trace.rule.matched') : t('inspector.trace.rule.failed');
            return (
              <li key={r.index} data-rule={r.index + 1} data-matched={targeting.matchedRule === r.index ? 'true' : 'false'}>
                {t('inspector.trace.rule', { n: r.index + 1, treatment: treatment(t, r.grants) })}
                {': '}
                <span className={targeting.matchedRule === r.index ? c.holds : undefined}>{outcome}</span>
                <div>
                  <GroupView t={t} group={r.group} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <p className={c.para}>
        {targeting.matchedRule === null
          ? t('inspector.trace.default', { treatment: treatment(t, targeting.defaultGrants) })
          : t('inspector.trace.defaultUnused', { treatment: treatment(t, targeting.defaultGrants) })}
      </p>
    </>
  );
}

function directLine(t: Translate, f: FeatureTrace, dateText: DateText): string {
  const d = f.direct;
  if (!d || d.state === 'none') return t('inspector.trace.direct.none');
  if (d.state === 'forever') return d.implicit ? t('inspector.trace.direct.implicit') : t('inspector.trace.direct.forever');
  if (d.state === 'until') return t('inspector.trace.direct.until', { date: dateText(d.expireTime) });
  return t('inspector.trace.direct.expired', { date: dateText(d.expireTime) });
}

function FeatureTraceView({ t, dateText, f }: { t: Translate; dateText: DateText; f: FeatureTrace }) {
  if (!f.found) return <p className={c.para}>{t('inspector.why.notFound')}</p>;
  return (
    <ul className={c.trace} data-trace="feature">
      <li data-part="direct">{directLine(t, f, dateText)}</li>
      <li data-part="flag">
        {!f.flag ? (
          t('inspector.trace.noFlag')
        ) : f.flag.on ? (
          <>
            {t('inspector.trace.flag.on')}
            {f.flag.targeting ? <TargetingView t={t} targeting={f.flag.targeting} /> : null}
          </>
        ) : (
          t('inspector.trace.flag.off', { treatment: treatment(t, f.flag.offGrants) })
        )}
      </li>
      <li data-part="plans">
        {f.plans.length === 0 ? (
          t('inspector.trace.noPlans')
        ) : (
          <>
            {t('inspector.trace.plans')}
            <ul className={c.traceList}>
              {f.plans.map((p, i) => (
                <li key={i} data-plan={p.planId}>
                  {p.targeting ? (
                    <>
                      {t('inspector.trace.plan', { plan: p.planId })}
                      <TargetingView t={t} targeting={p.targeting} />
                    </>
                  ) : (
                    t('inspector.trace.planMissing', { plan: p.planId })
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </li>
    </ul>
  );
}

function PermissionTraceView({ t, dateText, p }: { t: Translate; dateText: DateText; p: PermissionTrace }) {
  return (
    <ul className={c.trace} data-trace="permission">
      <li data-part="matched">{p.held ? t('inspector.trace.matchedBy', { keys: p.matchedBy.join(', ') }) : t('inspector.trace.noMatch')}</li>
      <li data-part="linked">
        {p.linkedFeatures.length === 0 ? (
          t('inspector.trace.noLinked')
        ) : (
          <>
            {t('inspector.trace.linked')}
            <ul className={c.traceList}>
              {p.linkedFeatures.map((f) => (
                <li key={f.key} data-linked={f.key}>
                  <code className={c.code} dir="ltr">
                    {f.key}
                  </code>
                  {': '}
                  <Decision t={t} trace={f} />
                  {', '}
                  {featureWhy(t, f, dateText)}
                  <FeatureTraceView t={t} dateText={dateText} f={f} />
                </li>
              ))}
            </ul>
          </>
        )}
      </li>
    </ul>
  );
}

// ---------------------------------------------------------------- what if

const EXAMPLE = '{"plan": "pro", "seats": 25}';

function WhatIf(props: {
  t: Translate;
  input: { bundle: EntitlementsBundleLike; jwt: Record<string, unknown>; custom: Record<string, unknown> };
  featureKeys: string[];
  permissionKeys: string[];
  readNames: string[];
  dateText: DateText;
}) {
  const { t, input, dateText } = props;
  const id = useId();
  const [kind, setKind] = useState<'feature' | 'permission'>('feature');
  const [key, setKey] = useState(props.featureKeys[0] ?? '');
  const [text, setText] = useState(() => JSON.stringify(input.custom, null, 2));
  const [errors, setErrors] = useState<{ key?: string; json?: string }>({});
  const [result, setResult] = useState<FeatureTrace | PermissionTrace | null>(null);
  const keyRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const custom = parseAttributes(text);
    const next = { key: key.trim() === '' ? t('inspector.whatIf.keyRequired') : undefined, json: custom === null ? t('inspector.whatIf.invalidJson') : undefined };
    setErrors(next);
    if (next.key) return keyRef.current?.focus();
    if (next.json || !custom) return textRef.current?.focus();
    setResult(explainOne({ ...input, custom, now: Date.now() }, kind, key.trim()));
  };
  const keys = kind === 'feature' ? props.featureKeys : props.permissionKeys;
  const hint = [t('inspector.whatIf.example', { example: EXAMPLE }), props.readNames.length > 0 ? t('inspector.whatIf.reads', { names: props.readNames.join(', ') }) : '']
    .filter(Boolean)
    .join(' ');
  return (
    <section className={c.section} aria-labelledby={`${id}-title`} data-panel="what-if">
      <h3 className={c.heading} id={`${id}-title`}>
        {t('inspector.whatIf.title')}
      </h3>
      <p className={c.muted}>{t('inspector.whatIf.intro')}</p>
      <form className={c.form} noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
        <div className={c.row}>
          <div className={c.field}>
            <label className={c.label} htmlFor={`${id}-kind`}>
              {t('inspector.whatIf.kind')}
            </label>
            <select
              id={`${id}-kind`}
              name="kind"
              className={c.input}
              value={kind}
              onChange={(e) => {
                const next = e.currentTarget.value === 'permission' ? 'permission' : 'feature';
                setKind(next);
                setKey((next === 'feature' ? props.featureKeys : props.permissionKeys)[0] ?? '');
              }}
            >
              <option value="feature">{t('inspector.whatIf.feature')}</option>
              <option value="permission">{t('inspector.whatIf.permission')}</option>
            </select>
          </div>
          <div className={c.field}>
            <label className={c.label} htmlFor={`${id}-key`}>
              {t('inspector.whatIf.key')}
            </label>
            <input
              ref={keyRef}
              id={`${id}-key`}
              name="key"
              className={c.input}
              list={`${id}-keys`}
              autoComplete="off"
              spellCheck={false}
              value={key}
              onChange={(e) => setKey(e.currentTarget.value)}
              aria-invalid={errors.key ? true : undefined}
              aria-describedby={`${id}-key-error`}
            />
            <datalist id={`${id}-keys`}>
              {keys.map((k) => (
                <option key={k} value={k} />
              ))}
            </datalist>
            <span id={`${id}-key-error`} className={c.fieldError}>
              {errors.key ?? ''}
            </span>
          </div>
        </div>
        <div className={c.field}>
          <label className={c.label} htmlFor={`${id}-attributes`}>
            {t('inspector.whatIf.attributes')}
          </label>
          <textarea
            ref={textRef}
            id={`${id}-attributes`}
            name="attributes"
            className={c.textarea}
            spellCheck={false}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            aria-invalid={errors.json ? true : undefined}
            aria-describedby={`${id}-attributes-hint ${id}-attributes-error`}
          />
          <span id={`${id}-attributes-hint`} className={c.hint}>
            {hint}
          </span>
          <span id={`${id}-attributes-error`} className={c.fieldError}>
            {errors.json ?? ''}
          </span>
        </div>
        <button type="submit" className={c.button}>
          {t('inspector.whatIf.evaluate')}
        </button>
      </form>
      <p className={c.para} role="status" data-what-if-status>
        {result ? (
          <>
            {t('inspector.whatIf.result', { key: result.key })}
            {': '}
            <Decision t={t} trace={result} />
            {'. '}
            {result.type === 'feature' ? featureWhy(t, result, dateText) : permissionWhy(t, result).join('. ')}
          </>
        ) : null}
      </p>
      {result ? (
        <div className={c.result} data-what-if-trace>
          {result.type === 'feature' ? <FeatureTraceView t={t} dateText={dateText} f={result} /> : <PermissionTraceView t={t} dateText={dateText} p={result} />}
        </div>
      ) : null}
    </section>
  );
}
