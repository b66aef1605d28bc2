import { useId, type InputHTMLAttributes } from 'react';

/**
 * A labelled input, and what is wrong with it right below it: a lasting message that names the
 * field (not the browser's passing bubble), tied to the input (aria-describedby, aria-invalid) and
 * announced to screen readers. Every form of the app shows its mistakes this way.
 */
export function FormField({
  label,
  problem,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; problem?: string; hint?: string }) {
  const id = useId();
  const described = [problem && `${id}-problem`, hint && `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} className="field-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
