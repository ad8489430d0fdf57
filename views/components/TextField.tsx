import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

type InputAttributes = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  | 'name'
  | 'type'
  | 'required'
  | 'autoComplete'
  | 'maxLength'
  | 'placeholder'
  | 'inputMode'
  | 'spellCheck'
  | 'autoCapitalize'
>;

export interface TextFieldProps extends InputAttributes {
  /** The control's id; its label points at it, and its hint is `<id>-hint`. */
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  /** A line under the field that describes it (linked by aria-describedby). */
  hint?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A labelled text input or textarea, the way every form of the site writes one: the label first,
 * then the control, then its hint. One copy instead of the same eight lines per field.
 */
export function TextField({ id, label, value, onChange, rows, hint, inputRef, type, ...attributes }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const shared = { id, value, 'aria-describedby': hintId, ...attributes };
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {rows === undefined ? (
        <input ref={inputRef} type={type ?? 'text'} {...shared} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <textarea rows={rows} {...shared} onChange={(event) => onChange(event.target.value)} />
      )}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
    </>
  );
}
