/**
 * The kit's Select (a native select) and ComboBox (react-aria-components) in real Chromium (src/admin/ui/select.tsx,
 * combo-box.tsx): the label names the control, the description and the error describe it (`aria-describedby`, the
 * error announced), the keyboard chooses, a combo box filters as the user types, and axe finds nothing.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { createElement, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { ComboBox } from '../../src/admin/ui/combo-box.tsx';
import { Select, type SelectItem } from '../../src/admin/ui/select.tsx';

type FieldProps = Parameters<typeof Select<string>>[0];

const PRESETS: SelectItem[] = [
  { key: '', label: 'All users' },
  { key: 'inactive', label: 'Inactive for 90 days' },
  { key: 'mfa', label: 'Without MFA' },
];
const ZONES: SelectItem[] = ['Africa/Johannesburg', 'Europe/Berlin', 'Europe/Bern', 'Asia/Tokyo'].map((z) => ({ key: z, label: z }));

/** The text of the elements an element's `aria-describedby` names. */
function description(el: Element): string {
  const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
}
/** The text of the elements an element's `aria-labelledby` names. */
function labelOf(el: Element): string {
  const ids = (el.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}
const listbox = () => document.querySelector<HTMLElement>('[role=listbox]');

describe('kit Select and ComboBox', () => {
  let host: HTMLDivElement;
  let root: Root;
  let chosen: string[];
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    chosen = [];
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  /** Renders `Field` (Select or ComboBox) holding its value; each choice is pushed to `chosen`. */
  function mount(Field: (props: FieldProps) => ReactNode, props: Omit<FieldProps, 'value' | 'onChange'>, initial = '') {
    function Harness() {
      const [value, setValue] = useState(initial);
      const onChange = (v: string) => {
        chosen.push(v);
        setValue(v);
      };
      return createElement(Field, { ...props, value, onChange });
    }
    flushSync(() => root.render(createElement(Harness)));
  }

  function renderSelect(props: { error?: string } = {}) {
    mount(Select<string>, { label: 'Show', description: 'Which users the table lists', error: props.error, name: 'preset', items: PRESETS });
    return host.querySelector<HTMLSelectElement>('select')!;
  }

  it('is named by its label and described by its description and error; the error is announced', async () => {
    const select = renderSelect({ error: 'Choose one' });
    expect(select.labels[0]?.textContent).to.equal('Show');
    expect(select.selectedOptions[0]?.textContent).to.equal('All users');
    expect(description(select)).to.contain('Which users the table lists');
    expect(description(select)).to.contain('Choose one');
    expect(select.getAttribute('aria-invalid')).to.equal('true');
    expect(host.querySelector('[role=alert]')?.textContent).to.equal('Choose one');
    await expect(host).to.be.accessible();
  });

  it('without an error it is valid and describes nothing else; the options are the items in order', () => {
    const select = renderSelect();
    expect(select.hasAttribute('aria-invalid')).to.equal(false);
    expect(description(select)).to.equal('Which users the table lists');
    expect([...select.options].map((o) => [o.value, o.textContent])).to.deep.equal(PRESETS.map((p) => [p.key, p.label]));
  });

  it('the arrow keys choose; the empty key is a value like any other', async () => {
    const select = renderSelect();
    select.focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => chosen.at(-1) === 'inactive', 'the next option chosen');
    expect(select.value).to.equal('inactive');
    await sendKeys({ press: 'ArrowUp' });
    await waitUntil(() => chosen.at(-1) === '', 'back to the empty key');
    expect(select.selectedOptions[0]?.textContent).to.equal('All users');
    expect(document.activeElement).to.equal(select);
  });

  it('ComboBox: labelled and described; typing filters, Arrow Down and Enter choose', async () => {
    mount(ComboBox<string>, { label: 'Time zone', description: 'Dates show in this zone', name: 'timezone', items: ZONES });
    const input = host.querySelector<HTMLInputElement>('input[role=combobox]')!;
    expect(input.labels?.[0]?.textContent ?? labelOf(input)).to.contain('Time zone');
    expect(description(input)).to.contain('Dates show in this zone');
    await expect(host).to.be.accessible();
    input.focus();
    await sendKeys({ type: 'Ber' });
    await waitUntil(() => listbox(), 'suggestions open');
    expect([...listbox()!.querySelectorAll('[role=option]')].map((o) => o.textContent)).to.deep.equal(['Europe/Berlin', 'Europe/Bern']);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => chosen.at(-1) === 'Europe/Bern', 'Bern chosen');
    expect(input.value).to.equal('Europe/Bern');
  });
});
