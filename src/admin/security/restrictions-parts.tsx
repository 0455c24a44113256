/**
 * Pieces the two restriction tabs share: their resource (its IP list at 50 rules a page in preview mode, AB-9.03), a
 * fieldset without the browser's frame, a radio row (a ≥ 24 px target: the label is part of it), the allow-or-block
 * choice of a list, and the enforcement block (saved with its Save, issue 31 item 2).
 */
import type { ReactNode } from 'react';
import type { RestrictionType } from '../../api/restrictions.ts';
import { CheckboxRow } from '../ui/form.tsx';
import { PolicyForm, type PolicyFormProps } from './PolicyForm.tsx';
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

/** The names of each tab's enforcement controls (`<kind>Active`, the list choice) and their texts. */
const ENFORCEMENT = {
  ip: { active: 'ipActive', list: 'ipStrategy', texts: 'admin.security.ip.strategy' },
  domain: { active: 'domainActive', list: 'domainListType', texts: 'admin.security.domain.listType' },
} as const;

/**
 * A restriction tab's enforcement block (a {@link PolicyForm}, saved with its Save button, issue 31 item 2): "Enforce …"
 * and the allow-or-block choice as the admin has set them (`active`, `list`, each change through `onChange`), then
 * `children` (more of the config). `blocked` says why it cannot be saved as set (an empty allow list enforced, item 1).
 */
export function EnforcementBlock(
  props: Omit<PolicyFormProps, 'kind' | 'children'> & {
    kind: 'ip' | 'domain';
    /** The config as the admin has set it (undefined until read). */
    value?: { active: boolean; list: RestrictionType };
    onChange: (patch: { active?: boolean; list?: RestrictionType }) => void;
    children?: ReactNode;
  },
) {
  const { t } = useSection();
  const names = ENFORCEMENT[props.kind];
  const { value, canWrite } = props;
  return (
    <PolicyForm kind={props.kind} state={props.state} retry={props.retry} save={props.save} canWrite={canWrite} onSubmit={props.onSubmit} blocked={props.blocked}>
      {value ? (
        <>
          <CheckboxRow name={names.active} checked={value.active} disabled={!canWrite} onChange={(active) => props.onChange({ active })}>
            {t(`admin.security.${props.kind}.active`)}
          </CheckboxRow>
          <AllowBlockFieldset texts={names.texts} name={names.list} value={value.list} onChange={(list) => props.onChange({ list })} busy={props.save.busy} disabled={!canWrite} />
          {props.children}
        </>
      ) : null}
    </PolicyForm>
  );
}
