/**
 * Pieces the two restriction tabs share: their resource (its IP list at 50 rules a page in preview mode, AB-9.03), a
 * fieldset without the browser's frame, a radio row (a ≥ 24 px target: the label is part of it), and the allow-or-block
 * choice of a list.
 */
import type { ReactNode } from 'react';
import { createRestrictionsResource, IP_PAGE_SIZE_PREVIEW, type RestrictionsResource } from '../resources/restrictions.ts';
import { useSection } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import * as securityCss from './security.css.ts';

/** The restrictions resources whose IP list was started at the preview's page size (once per app). */
const previewSized = new WeakSet<RestrictionsResource>();

/**
 * The restrictions resource of the section's app: its IP list starts at 4 rules a page, or at 50 in preview mode
 * (AB-9.03) — set at the resource's first use, before anything shows the list, so a later choice of rows per page stays.
 */
export function useRestrictions(): RestrictionsResource {
  const { app, resources } = useSection();
  const restrictions = resources.use(createRestrictionsResource);
  if (app.options.preview && !previewSized.has(restrictions)) {
    previewSized.add(restrictions);
    restrictions.ipRules.setPageSize(IP_PAGE_SIZE_PREVIEW);
  }
  return restrictions;
}

/** A group of controls with its legend (the group's name), `aria-busy` while it saves. */
export function Fieldset({ legend, busy, disabled, children }: { legend: string; busy?: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <fieldset className={securityCss.restrictionGroup} aria-busy={busy || undefined} disabled={disabled}>
      <legend className={css.label}>{legend}</legend>
      {children}
    </fieldset>
  );
}

/** A radio button and its label on one row; `description` under the label describes it. */
export function RadioRow(props: { name: string; value: string; checked: boolean; onChange: () => void; label: string; description?: string; disabled?: boolean }) {
  return (
    <label className={`${css.checkboxRow} ${css.alignStart}`}>
      <input
        type="radio"
        className={securityCss.restrictionRadio}
        name={props.name}
        value={props.value}
        checked={props.checked}
        disabled={props.disabled}
        onChange={props.onChange}
      />
      <span>
        {props.label}
        {props.description ? (
          <>
            <br />
            <span className={css.hint}>{props.description}</span>
          </>
        ) : null}
      </span>
    </label>
  );
}

/**
 * The choice between an allow list and a block list, as two radio rows in a {@link Fieldset}. `texts` names the
 * messages: `<texts>.legend`, `.allow`, `.allowHint`, `.block`, `.blockHint`; `name` is the radios' name.
 */
export function AllowBlockFieldset(props: {
  texts: 'admin.security.domain.listType' | 'admin.security.ip.strategy';
  name: string;
  value: 'ALLOW' | 'BLOCK';
  onChange: (value: 'ALLOW' | 'BLOCK') => void;
  busy?: boolean;
  disabled?: boolean;
}) {
  const { t } = useSection();
  const { texts, name, value, onChange } = props;
  return (
    <Fieldset legend={t(`${texts}.legend`)} busy={props.busy} disabled={props.disabled}>
      <RadioRow name={name} value="ALLOW" checked={value === 'ALLOW'} onChange={() => onChange('ALLOW')} label={t(`${texts}.allow`)} description={t(`${texts}.allowHint`)} />
      <RadioRow name={name} value="BLOCK" checked={value === 'BLOCK'} onChange={() => onChange('BLOCK')} label={t(`${texts}.block`)} description={t(`${texts}.blockHint`)} />
    </Fieldset>
  );
}
