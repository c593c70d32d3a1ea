/** Channel of a conversation on the bus: its members and its visitor listen there. */
export function conversationChannel(channelId: number): string {
  return `mail.channel:${channelId}`;
}

export type Many2one = [number, string] | false;

/** A message as chat windows read it (the original platform's message_format). */
export interface FormattedMessage {
  id: number;
  attachment_ids: number[];
  author_id: Many2one;
  body: string;
  date: string;
  is_note: boolean;
  message_type: string;
  model: string;
  res_id: number;
  subject: string | false;
  channel_ids: number[];
}

/** A chat session as chat windows read it (the original platform's channel_info). */
export interface ChannelInfo {
  id: number;
  uuid: string;
  name: string;
  state: 'open' | 'closed';
  channel_type: 'livechat';
  is_minimized: boolean;
  public: string;
  operator_pid: Many2one;
  anonymous_name: string | false;
  country: string | false;
  livechat_channel_id: number | false;
  message_unread_counter: number;
}

/** A chat line's HTML (escaped text with line breaks, see textToHtml) -> the text that was typed. */
export function htmlToText(html: string): string {
  return html.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' })[e]!);
}
