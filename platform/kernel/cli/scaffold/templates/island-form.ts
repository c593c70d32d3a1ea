import type { ScaffoldNames } from '../scaffold-names';

/** web/islands/item-form.tsx: the "new item" form, with formik on the schema the server checks too. */
export function itemFormIslandFile(n: ScaffoldNames): string {
  return `import { useRef } from 'react';
import { useFormik } from 'formik';
import { defineIsland, useLocalizedPath, useT } from '@platform/web/client';
import { ${n.constant}_NEW_URL, ITEM_DESCRIPTION_MAX, ITEM_NAME_MAX, newItemSchema } from '../../common/item-schema';

export interface ItemFormProps {
  csrfToken: string;
  /** A refused post: what was typed and the server's message per field, shown at once. */
  values?: Record<string, unknown>;
  errors?: Record<string, string>;
}

type Field = 'name' | 'description';

/**
 * A plain form post without JavaScript (the server checks the fields and shows this form again with
 * its messages). Hydrated, formik checks the same schema when a field is left and before posting, so
 * the server's messages show without a round trip; a form that passes is posted as it is.
 */
function ItemForm({ csrfToken, values, errors }: ItemFormProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  const form = useRef<HTMLFormElement>(null);
  const formik = useFormik({
    initialValues: { name: String(values?.name ?? ''), description: String(values?.description ?? '') },
    initialErrors: errors,
    initialTouched: { name: Boolean(errors?.name), description: Boolean(errors?.description) },
    validationSchema: newItemSchema,
    onSubmit: () => form.current?.submit(),
  });
  const error = (field: Field) => (formik.touched[field] && formik.errors[field] ? formik.errors[field] : undefined);
  const control = (field: Field) => ({
    id: \`item_\${field}\`, name: field, value: formik.values[field], onChange: formik.handleChange, onBlur: formik.handleBlur,
    className: \`form-control\${error(field) ? ' is-invalid' : ''}\`,
    'aria-invalid': error(field) ? true : undefined,
    'aria-describedby': error(field) ? \`item_\${field}_error\` : undefined,
  });
  const message = (field: Field) => (error(field) ? <div id={\`item_\${field}_error\`} className="invalid-feedback">{_t(error(field)!)}</div> : null);

  return (
    <form ref={form} method="post" action={localized(${n.constant}_NEW_URL)} onSubmit={formik.handleSubmit} noValidate className="card card-body mt-4" aria-labelledby="item_form_title">
      <h2 id="item_form_title" className="h5">{_t('New item')}</h2>
      <input type="hidden" name="csrf_token" value={csrfToken} />
      <div className="mb-3">
        <label className="form-label" htmlFor="item_name">{_t('Name')}</label>
        <input {...control('name')} maxLength={ITEM_NAME_MAX + 1} autoComplete="off" />
        {message('name')}
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor="item_description">{_t('Description')}</label>
        <textarea {...control('description')} rows={3} maxLength={ITEM_DESCRIPTION_MAX + 1} />
        {message('description')}
      </div>
      <div><button type="submit" className="btn btn-primary">{_t('Add')}</button></div>
    </form>
  );
}

export default defineIsland('${n.module}.item_form', ItemForm);
`;
}
