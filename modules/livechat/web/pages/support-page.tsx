import VisitorChat, { type LivechatOptions } from '../islands/visitor-chat';

/** The standalone page of a live chat channel (`/im_livechat/support/<id>`): an introduction and the chat button. */
export function SupportPage({ options }: { options: LivechatOptions }) {
  return (
    <section className="o_livechat_support page-narrow">
      <h1>{options.channel_name}</h1>
      <p>{options.button_text}</p>
      <VisitorChat options={options} />
    </section>
  );
}
