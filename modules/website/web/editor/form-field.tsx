import type { ReactNode } from 'react';

export interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  help?: string;
  children: (aria: { id: string; className: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }) => ReactNode;
}

/** A labelled Bootstrap field whose error is written under it (`is-invalid` + message, not colour alone). */
export function FormField({ id, label, error, help, children }: FormFieldProps) {
  const described = [error ? `${id}-error` : '', help ? `${id}-help` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>{label}</label>
      {children({ id, className: `form-control${error ? ' is-invalid' : ''}`, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {error ? <div id={`${id}-error`} className="invalid-feedback">{error}</div> : null}
      {help ? <div id={`${id}-help`} className="form-text">{help}</div> : null}
    </div>
  );
}
