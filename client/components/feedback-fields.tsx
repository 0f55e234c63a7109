// The feedback form's own field kinds (a choice and a long text), with the same label, hint and
// error wiring as form-parts' TextField.
import { useState } from 'react';

interface FieldBase {
  id: string;
  name: string;
  label: string;
  hint?: string;
  error?: string;
  onFieldInput: (name: string) => void;
}

function describedBy(id: string, hint?: string, error?: string, extra?: string): string | undefined {
  return [hint ? `${id}-hint` : null, extra ?? null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

function Hint({ id, hint }: { id: string; hint?: string }) {
  return hint ? (
    <p className="field-hint" id={`${id}-hint`}>
      {hint}
    </p>
  ) : null;
}

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p className="field-error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;
}

/** A required choice; the empty first option means "not chosen yet". */
export function SelectField({ id, name, label, hint, error, onFieldInput, options, placeholder, defaultValue }: FieldBase & { options: { value: string; label: string }[]; placeholder: string; defaultValue?: string }) {
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <Hint id={id} hint={hint} />
      <select
        className="field-input field-select"
        id={id}
        name={name}
        required
        defaultValue={defaultValue ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={() => onFieldInput(name)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** An optional long text with a live character count against its bound. */
export function TextAreaField({ id, name, label, hint, error, onFieldInput, maxLength, optionalLabel, countLabel }: FieldBase & { maxLength: number; optionalLabel: string; countLabel: (count: number) => string }) {
  const [count, setCount] = useState(0);
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
        <span className="field-optional"> ({optionalLabel})</span>
      </label>
      <Hint id={id} hint={hint} />
      <textarea
        className="field-input field-textarea"
        id={id}
        name={name}
        rows={6}
        maxLength={maxLength}
        // What the visitor types takes the direction of its own text (Arabic or Hebrew right to left).
        dir="auto"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error, `${id}-count`)}
        onInput={(event) => {
          setCount(event.currentTarget.value.length);
          onFieldInput(name);
        }}
      />
      <p className="field-count" id={`${id}-count`}>
        {countLabel(count)}
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}
