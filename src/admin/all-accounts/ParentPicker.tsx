/**
 * The parent picker of the create and move dialogs (issue 34 item 1: "search by name across the subtree (parent
 * picker)"): a combo box (react-aria, like the kit's src/admin/ui/combo-box.tsx) whose options are the active account
 * and the accounts of its subtree whose name contains what was typed — the same `hierarchy/v2` `_filter` search as the
 * section's, read once per pause. Arrow Down or the chevron opens the list; arrows move, Enter chooses, Escape closes.
 */
import { useEffect, useState } from 'react';
import { ComboBox, type Key } from 'react-aria-components';
import type { AccountRow, AllAccountsResource } from '../resources/all-accounts.ts';
import * as css from '../ui/admin.css.ts';
import { ComboBoxParts } from '../ui/combo-box.tsx';
import { useDebouncedSearch } from '../ui/use-search.ts';

/** Props of {@link ParentPicker}. */
export interface ParentPickerProps {
  label: string;
  /** A description under the box. */
  hint?: string;
  /** The problem of the field (nothing chosen), announced. */
  error?: string;
  accounts: AllAccountsResource;
  /** The active account: always offered first. */
  root: AccountRow;
  /** The chosen account (null: none yet). */
  value: AccountRow | null;
  onChange: (row: AccountRow) => void;
  /** An account not to offer (the one being moved). */
  exclude?: string;
}

/** A combo box of the accounts a new or moved account may go under, searched by name. */
export function ParentPicker({ label, hint, error, accounts, root, value, onChange, exclude }: ParentPickerProps) {
  const [found, setFound] = useState<AccountRow[]>([]);
  const [query, setQuery] = useState('');
  const { text, setText } = useDebouncedSearch(setQuery, value?.name ?? '');
  // the search: what was typed, unless it is the chosen account's name (then every account, as on open)
  useEffect(() => {
    const abort = new AbortController();
    const search = value && query === value.name ? '' : query;
    accounts.search(search, 20, abort.signal).then(
      (rows) => setFound(rows),
      () => !abort.signal.aborted && setFound([]),
    );
    return () => abort.abort();
  }, [accounts, query, value]);
  const matches = (row: AccountRow) => !query || (value && query === value.name) || row.name.toLowerCase().includes(query.trim().toLowerCase());
  const rows = [root, ...found.filter((r) => r.tenantId !== root.tenantId)].filter((r) => r.tenantId !== exclude && (r === root ? matches(r) : true));
  const byId = new Map(rows.map((r) => [r.tenantId, r]));
  // the account chosen: its name in the box, and to the dialog
  const choose = (key: Key | null) => {
    const row = key === null ? undefined : byId.get(String(key));
    if (row) {
      setText(row.name);
      onChange(row);
    }
  };
  return (
    <ComboBox
      className={css.field}
      items={rows.map((r) => ({ id: r.tenantId, label: r.name }))}
      inputValue={text}
      onInputChange={setText}
      selectedKey={value?.tenantId ?? null}
      onSelectionChange={choose}
      allowsEmptyCollection
      menuTrigger="input"
      isInvalid={Boolean(error)}
    >
      <ComboBoxParts label={label} description={hint} error={error} name="parent" />
    </ComboBox>
  );
}
