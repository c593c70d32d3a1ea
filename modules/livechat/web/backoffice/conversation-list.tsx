import { useBackoffice } from '@platform/web/backoffice/client';
import { useDates } from '@platform/web/client';
import { ratingOf } from '../../common/chat-ratings';
// The shape the server's inbox answers (a type only: nothing of the server reaches the bundle).
import type { ConsoleConversation } from '../../server/services/livechat-console';

export type { ConsoleConversation };

interface Props {
  scope: 'open' | 'closed';
  onScope(scope: 'open' | 'closed'): void;
  /** null while loading. */
  conversations: ConsoleConversation[] | null;
  selectedId?: number;
  onOpen(c: ConsoleConversation): void;
}

/** The inbox: open or past conversations, each with its visitor, country, page, last line and unread counter. */
export function ConversationList({ scope, onScope, conversations, selectedId, onOpen }: Props) {
  const { _t } = useBackoffice();
  const dates = useDates();
  const tab = (value: 'open' | 'closed', label: string) => (
    <li className="nav-item" role="presentation">
      <button type="button" role="tab" aria-selected={scope === value} aria-controls="livechat-inbox" id={`livechat-tab-${value}`}
        className={`nav-link${scope === value ? ' active' : ''}`} onClick={() => onScope(value)}>{label}</button>
    </li>
  );
  return (
    <>
      <ul className="nav nav-tabs mb-2" role="tablist" aria-label={_t('Conversations')}>
        {tab('open', _t('Ongoing'))}
        {tab('closed', _t('Past'))}
      </ul>
      <div id="livechat-inbox" role="tabpanel" aria-labelledby={`livechat-tab-${scope}`}>
        {conversations === null ? <p className="text-body-secondary">{_t('Loading…')}</p> : null}
        {conversations?.length === 0 ? (
          <p className="text-body-secondary o_livechat_inbox_empty">{scope === 'open' ? _t('No open conversation. New visitors will appear here.') : _t('No past conversation.')}</p>
        ) : null}
        {conversations?.length ? (
          <ul className="list-group o_livechat_inbox">
            {conversations.map((c) => {
              const current = c.id === selectedId;
              return (
                <li key={c.id} className={`list-group-item list-group-item-action p-0${current ? ' active' : ''}`} data-conversation-id={c.id}>
                  <a href="#" className={`d-block px-3 py-2 text-decoration-none ${current ? 'text-white' : 'text-body'}`} aria-current={current ? 'true' : undefined}
                    onClick={(e) => { e.preventDefault(); onOpen(c); }}>
                    <span className="d-flex align-items-center gap-2">
                      <strong className="me-auto text-truncate o_conversation_visitor">{c.visitor} <span className="fw-normal small">#{c.id}</span></strong>
                      {c.unread > 0 ? (
                        <span className="badge rounded-pill text-bg-danger o_conversation_unread">
                          {c.unread}<span className="visually-hidden"> {_t('unread messages')}</span>
                        </span>
                      ) : null}
                      {c.last_message_date ? <time className="small" dateTime={c.last_message_date}>{dates.fromNow(c.last_message_date)}</time> : null}
                    </span>
                    <span className="small d-block">
                      {[c.country || null, c.visitor_page || null].filter(Boolean).join(' · ')}
                      {c.state === 'closed' ? <span className="badge text-bg-secondary ms-1 o_conversation_ended">{c.closed_by === 'visitor' ? _t('The visitor left') : _t('Closed by the operator')}</span> : null}
                      {c.rating ? (
                        <span className="ms-1 o_conversation_rating" data-rate={c.rating.rate}>
                          <span aria-hidden="true">{ratingOf(c.rating.rate).face}</span>
                          <span className="visually-hidden">{_t('Rated:')} {_t(ratingOf(c.rating.rate).label)}</span>
                        </span>
                      ) : null}
                    </span>
                    {c.rating && c.rating.feedback ? <span className="small d-block fst-italic o_conversation_feedback">“{c.rating.feedback}”</span> : null}
                    {c.last_message ? <span className="small o_conversation_snippet">{c.last_message}</span> : null}
                  </a>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </>
  );
}
