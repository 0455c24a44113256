/**
 * The kit's select (react-aria-components `Select`): a labelled button that opens a list box (Enter, Space or the arrow
 * keys open it; arrows move, Enter chooses, Escape closes, typing jumps to an option), a description and an error,
 * both tied to the button by `aria-describedby`. Styled like the other inputs (admin.css.ts). Items are key and label:
 * the kit knows no domain type. A hidden native select named `name` mirrors the value (forms, autofill).
 */
import type { ReactNode } from 'react';
import { Button, FieldError, Label, ListBox, ListBoxItem, Popover, Select as AriaSelect, SelectValue, Text, type Key } from 'react-aria-components';
import * as css from './admin.css.ts';

/** One option: its key (the value) and its visible label. */
export interface SelectItem<K extends string = string> {
  key: K;
  label: string;
}

/** What a labelled kit field (Select, ComboBox) takes besides its items and value. */
export interface KitFieldProps {
  /** The visible label (the control's accessible name). */
  label: ReactNode;
  /** A description under the control. */
  description?: ReactNode;
  /** The field's problem: the control is invalid and the message, announced, describes it. */
  error?: ReactNode;
  /** The name of the hidden native control (forms, tests). */
  name?: string;
  disabled?: boolean;
}

/** The description and error slots of a kit field (react-aria ties both to the control by `aria-describedby`). */
export function FieldTexts({ description, error }: Pick<KitFieldProps, 'description' | 'error'>) {
  return (
    <>
      {description ? (
        <Text slot="description" className={css.hint}>
          {description}
        </Text>
      ) : null}
      <FieldError className={css.fieldError}>
        <span role="alert">{error}</span>
      </FieldError>
    </>
  );
}

/** The value and field props react-aria's Select and ComboBox share, from a kit field's. */
export function ariaFieldProps<K extends string>(props: KitFieldProps & { value: K; onChange: (value: K) => void }) {
  return {
    className: css.field,
    selectedKey: props.value,
    onSelectionChange: (key: Key | null) => key !== null && props.onChange(String(key) as K),
    name: props.name,
    isDisabled: props.disabled,
    isInvalid: Boolean(props.error),
  };
}

/** A select of `items`; `value` is the chosen key (`''` allowed, e.g. "all"). */
export function Select<K extends string>(props: KitFieldProps & { items: readonly SelectItem<K>[]; value: K; onChange: (value: K) => void }) {
  const items = props.items.map((item) => ({ id: item.key, label: item.label }));
  return (
    <AriaSelect {...ariaFieldProps(props)}>
      <Label className={css.label}>{props.label}</Label>
      <Button className={css.selectButton}>
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <FieldTexts description={props.description} error={props.error} />
      <Popover placement="bottom start">
        <ListBox className={css.listBox} items={items}>
          {(item) => (
            <ListBoxItem id={item.id} className={css.option}>
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
