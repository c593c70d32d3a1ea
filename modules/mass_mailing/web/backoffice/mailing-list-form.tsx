import { useState } from 'react';
import { type BackofficeViewProps, GenericForm } from '@platform/web/backoffice/client';
import { ContactImport } from './contact-import';

/** A mailing list: its generic form, and once saved, the CSV import of contacts into it. */
export default function MailingListForm({ route, model }: BackofficeViewProps) {
  // The form is read again after an import, so its number of subscribers is current.
  const [imports, setImports] = useState(0);
  return (
    <>
      <GenericForm key={imports} model={model ?? 'mail.mass_mailing.list'} id={route.id} />
      {route.id ? <ContactImport key={route.id} listId={route.id} onImported={() => setImports((n) => n + 1)} /> : null}
    </>
  );
}
