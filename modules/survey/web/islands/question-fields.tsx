import type { ChangeEvent } from 'react';
import { useT } from '@platform/web/client';
import { questionTag, type PostedAnswers, type QuestionSpec } from '../../common/survey-types';

export interface FieldsProps {
  q: QuestionSpec;
  values: PostedAnswers;
  disabled: boolean;
  invalid: boolean;
  set: (name: string, value: string | undefined) => void;
}

/** The inputs of one question, named as the reference posts them (`<tag>`, `<tag>_<label>`, `<tag>_<row>[_<col>]`, `<tag>_comment`). */
export function QuestionFields({ q, values, disabled, invalid, set }: FieldsProps) {
  const _t = useT();
  const tag = questionTag(q);
  const v = (name: string) => values[name] ?? '';
  const text = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set(e.target.name, e.target.value);
  const check = (e: ChangeEvent<HTMLInputElement>) => set(e.target.name, e.target.checked ? e.target.value : undefined);
  const cls = `form-control${invalid ? ' is-invalid' : ''}`;
  const described = invalid ? `${tag}_error` : undefined;
  const comment = q.comments_allowed ? (
    <div className="mt-2">
      <label className="form-label small" htmlFor={`${tag}_comment`}>{q.comments_message}</label>
      <input id={`${tag}_comment`} name={`${tag}_comment`} className="form-control" value={v(`${tag}_comment`)} onChange={text} disabled={disabled} />
    </div>
  ) : null;
  switch (q.type) {
    case 'free_text':
      return <textarea id={`${tag}_input`} name={tag} className={cls} rows={3} value={v(tag)} onChange={text} disabled={disabled} aria-describedby={described} aria-labelledby={`${tag}_label`} />;
    case 'textbox':
    case 'numerical_box':
    case 'datetime':
      return (
        <input id={`${tag}_input`} name={tag} className={cls} value={v(tag)} onChange={text} disabled={disabled} aria-describedby={described} aria-labelledby={`${tag}_label`}
          inputMode={q.type === 'numerical_box' ? 'decimal' : undefined} placeholder={q.type === 'datetime' ? 'YYYY-MM-DD hh:mm:ss' : undefined} />
      );
    case 'date':
      return <input id={`${tag}_input`} type="date" name={tag} className={cls} value={v(tag)} onChange={text} disabled={disabled} aria-describedby={described} aria-labelledby={`${tag}_label`} />;
    case 'simple_choice':
      if (q.display_mode === 'dropdown') {
        return (
          <>
            <select id={`${tag}_input`} name={tag} className={`form-select${invalid ? ' is-invalid' : ''}`} value={v(tag)} onChange={text} disabled={disabled} aria-describedby={described} aria-labelledby={`${tag}_label`}>
              <option value="" />
              {q.labels.map((l) => <option key={l.id} value={String(l.id)}>{l.value}</option>)}
              {q.comments_allowed ? <option value="-1">{_t('Other')}</option> : null}
            </select>
            {comment}
          </>
        );
      }
      return (
        <>
          {q.labels.map((l) => (
            <div className="form-check" key={l.id}>
              <input className="form-check-input" type="radio" id={`${tag}_${l.id}_r`} name={tag} value={String(l.id)} checked={v(tag) === String(l.id)} onChange={text} disabled={disabled} />
              <label className="form-check-label" htmlFor={`${tag}_${l.id}_r`}>{l.value}</label>
            </div>
          ))}
          {q.comments_allowed ? (
            <div className="form-check">
              <input className="form-check-input" type="radio" id={`${tag}_other`} name={tag} value="-1" checked={v(tag) === '-1'} onChange={text} disabled={disabled} />
              <label className="form-check-label" htmlFor={`${tag}_other`}>{_t('Other')}</label>
            </div>
          ) : null}
          {comment}
        </>
      );
    case 'multiple_choice':
      return (
        <>
          {q.labels.map((l) => (
            <div className="form-check" key={l.id}>
              <input className="form-check-input" type="checkbox" id={`${tag}_${l.id}`} name={`${tag}_${l.id}`} value={String(l.id)} checked={Boolean(values[`${tag}_${l.id}`])} onChange={check} disabled={disabled} />
              <label className="form-check-label" htmlFor={`${tag}_${l.id}`}>{l.value}</label>
            </div>
          ))}
          {q.comments_allowed ? (
            <div className="form-check">
              <input className="form-check-input" type="checkbox" id={`${tag}_-1`} name={`${tag}_-1`} value="-1" checked={Boolean(values[`${tag}_-1`])} onChange={check} disabled={disabled} />
              <label className="form-check-label" htmlFor={`${tag}_-1`}>{_t('Other')}</label>
            </div>
          ) : null}
          {comment}
        </>
      );
    case 'matrix':
      return (
        <>
          <div className="table-responsive" role="region" aria-labelledby={`${tag}_label`} tabIndex={0}>
            <table className="table table-sm table-borderless text-center align-middle mb-0">
              <thead><tr><td />{q.labels.map((c) => <th key={c.id} scope="col">{c.value}</th>)}</tr></thead>
              <tbody>
                {q.rows.map((r) => (
                  <tr key={r.id}>
                    <th scope="row" className="text-start">{r.value}</th>
                    {q.labels.map((c) => {
                      const label = `${r.value}: ${c.value}`;
                      return (
                        <td key={c.id}>
                          {q.matrix_subtype === 'simple'
                            ? <input className="form-check-input" type="radio" name={`${tag}_${r.id}`} value={String(c.id)} aria-label={label} checked={v(`${tag}_${r.id}`) === String(c.id)} onChange={text} disabled={disabled} />
                            : <input className="form-check-input" type="checkbox" name={`${tag}_${r.id}_${c.id}`} value={String(c.id)} aria-label={label} checked={Boolean(values[`${tag}_${r.id}_${c.id}`])} onChange={check} disabled={disabled} />}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {comment}
        </>
      );
    default:
      return null;
  }
}
