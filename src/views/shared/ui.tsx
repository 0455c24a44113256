import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { errorText } from '../../i18n/index.ts';
import { en } from '../../i18n/en.ts';
import * as c from './card.css.ts';
import * as f from './form.css.ts';

export { errorText };

/** What an element shows outside `<fe-app>` (no app, so no locale: the English catalogue's text). */
export function NoProvider() {
  return <Card step="noProvider" title="" error={en['app.noProvider']} />;
}

/** The card frame, in the shadow root: title, subtitle, live regions, the slotted form, footer. */
export function Card(props: { title: string; subtitle?: ReactNode; error?: string; notice?: string; busyText?: string; children?: ReactNode; footer?: ReactNode; step: string }) {
  return (
    <section className={c.card} part="card" data-step={props.step} aria-labelledby="fe-title">
      <h2 id="fe-title" className={c.title} part="title">
        {props.title}
      </h2>
      {props.subtitle ? (
        <p className={c.subtitle} part="subtitle">
          {props.subtitle}
        </p>
      ) : null}
      <div className={c.notice} role="status" part="notice">
        {props.notice}
      </div>
      <div className={c.alert} role="alert" part="error">
        {props.error}
      </div>
      {props.children}
      <slot name="form" />
      {props.busyText ? (
        <p className={c.status} role="status" part="status">
          <span className={c.spinner} aria-hidden="true" />
          {props.busyText}
        </p>
      ) : null}
      {props.footer ? (
        <div className={c.footer} part="footer">
          {props.footer}
        </div>
      ) : null}
    </section>
  );
}

/**
 * A form rendered into the host's light DOM and slotted into the card
 * (`slot="form"`), so browser autofill and password managers see its
 * inputs (shadow DOM hides them). Its styles (the element adopts them into its
 * root node) hang off hashed class names.
 */
export function LightForm(props: {
  host: HTMLElement;
  name: string;
  busy: boolean;
  onSubmit: (data: FormData, form: HTMLFormElement) => void;
  children: ReactNode;
  /** Changes when the step changes: focus moves to the first field. */
  focusKey: string;
}) {
  const ref = useRef<HTMLFormElement>(null);
  const first = useRef(true);
  useEffect(() => {
    // focus follows the step, not the page load
    if (first.current) {
      first.current = false;
      if (!props.host.hasAttribute('autofocus')) return;
    }
    const form = ref.current;
    (form?.querySelector<HTMLElement>('[data-autofocus]') ?? form?.querySelector<HTMLElement>('input:not([type=hidden]):not([readonly]), button'))?.focus();
  }, [props.focusKey, props.host]);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (props.busy) return;
    props.onSubmit(new FormData(e.currentTarget), e.currentTarget);
  };
  return createPortal(
    <form ref={ref} slot="form" name={props.name} className={f.form} noValidate onSubmit={submit} aria-busy={props.busy} data-fe-form={props.name}>
      {props.children}
    </form>,
    props.host,
  );
}

/** A labelled input with its error text (light DOM). */
export function Field(props: {
  label: string;
  name: string;
  type?: string;
  autoComplete: string;
  defaultValue?: string;
  error?: string;
  inputMode?: 'numeric' | 'email' | 'text';
  readOnly?: boolean;
  code?: boolean;
  /** Receives focus when the step starts (else the first field does). */
  focus?: boolean;
  /** A hint under the input (e.g. password rules). */
  hint?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [props.hint ? hintId : '', props.error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={f.field}>
      <label className={f.label} htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        className={props.code ? f.codeInput : f.input}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        defaultValue={props.defaultValue}
        inputMode={props.inputMode}
        readOnly={props.readOnly}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
        data-autofocus={props.focus ? '' : undefined}
        spellCheck={false}
        autoCapitalize="off"
      />
      {props.hint ? (
        <span id={hintId} className={f.hint}>
          {props.hint}
        </span>
      ) : null}
      <span id={errorId} className={f.fieldError}>
        {props.error}
      </span>
    </div>
  );
}

/** The submit button of a light form; shows progress while busy. */
export function SubmitButton(props: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className={f.submit} aria-disabled={props.busy ? true : undefined}>
      {props.busy ? props.busyLabel : props.label}
    </button>
  );
}

/** Moves focus to the first invalid input of a form. */
export function focusFirstInvalid(form: HTMLFormElement): void {
  queueMicrotask(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/** Digits of a pasted or typed one-time code ("123 456" → "123456"). */
export function digitsOf(value: FormDataEntryValue | null): string {
  return String(value ?? '').replace(/\D+/g, '');
}
