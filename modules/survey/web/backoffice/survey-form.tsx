import { useState } from 'react';
import { type BackofficeViewProps, GenericForm, useBackoffice } from '@platform/web/backoffice/client';
import { rpc } from '@platform/web/client';
import { inviteSchema, splitEmails } from '../../common/invite-schema';

/** Invite people by e-mail: each address gets its own link (one answer per link), sent through the mail queue. */
function InvitePanel({ surveyId }: { surveyId: number }) {
  const { _t } = useBackoffice();
  const [text, setText] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const send = async () => {
    const params = { survey_id: surveyId, emails: splitEmails(text) };
    try {
      await inviteSchema.validate(params);
      const { queued } = await rpc<{ queued: number }>('/survey/invite', params);
      setMessage({ ok: true, text: `${_t('Invitations queued')}: ${queued}` });
      setText('');
    } catch (e) {
      setMessage({ ok: false, text: e instanceof Error ? e.message : String(e) });
    }
  };
  return (
    <details className="survey-invite">
      <summary className="btn btn-outline-secondary btn-sm">{_t('Invite by e-mail')}</summary>
      <div className="card card-body mt-2" style={{ minWidth: 280 }}>
        <label className="form-label" htmlFor="survey_invite_emails">{_t('E-mail addresses (one per line, or separated by commas)')}</label>
        <textarea id="survey_invite_emails" className="form-control mb-2" rows={4} value={text} onChange={(e) => setText(e.target.value)} />
        <button type="button" className="btn btn-primary btn-sm" onClick={() => void send()}>{_t('Send invitations')}</button>
        {message ? <div className={`mt-2 small ${message.ok ? 'text-success' : 'text-danger'}`} role="status">{message.text}</div> : null}
      </div>
    </details>
  );
}

/** A survey's generic form, with its results, the CSV export of its answers, a test link and invitations. */
export default function SurveyForm({ route, model }: BackofficeViewProps) {
  const { _t } = useBackoffice();
  return (
    <GenericForm model={model ?? 'survey.survey'} id={route.id} extraActions={(record) => (
      <>
        <a className="btn btn-outline-secondary btn-sm survey-results-link" href={`/survey/results/${record.id}`}>{_t('Results')}</a>
        <a className="btn btn-outline-secondary btn-sm survey-export-link" href={`/survey/export/${record.id}`}>{_t('Export answers (CSV)')}</a>
        <a className="btn btn-outline-secondary btn-sm" href={`/survey/start/${record.id}/phantom`}>{_t('Test the survey')}</a>
        <InvitePanel surveyId={Number(record.id)} />
      </>
    )} />
  );
}
